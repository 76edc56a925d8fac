"""Red team round 18: a ratio printed 'X to 1' ('At December 31, 2018, this ratio was approximately 25 to 1') is a
value, not the lower bound of a range from X to 1; the covenant's minimum beside it ('not less than 3.0 to 1') is
still its limit, not the actual ratio. A day a sentence gives ('effective July 2, 2023') is not the date a question
asks ('at June 30, 2023'), however near."""

from __future__ import annotations

import pytest

from docintel.verify.ranges import range_rule
from docintel.verify.values import Candidate
from tests.test_typed_verify import assert_cited_lines, verdict
from tests.test_values import amount, calculation, operand

PAGES = [
    ["Tri-Mark Industries Inc.", "Annual report on Form 10-K for the fiscal year ended December 31, 2018"],
    [
        "Credit facilities",
        "The Company is required to maintain its EBITDA to Interest Ratio at not less than 3.0 to 1.",
        "At December 31, 2018, this ratio was approximately 25 to 1.",
        "We expect full year net sales of $4.8 billion to $5.0 billion in 2019.",
    ],
    [
        "Selected data",
        "June 30, 2023 March 31, 2023",
        "Headcount 48,200 (e) 47,900",
        "(e) Excluded 5,132 individuals who became employees effective July 2, 2023.",
    ],
    [
        "The following table provides a reconciliation of the components of accumulated other comprehensive",
        "income, net of tax, attributable to shareholders ($ in millions):",
        "Foreign Currency Available-For-Sale",
        "Translation Investments (1) Total",
        "Balances at January 30, 2016 271 — 271",
        "Foreign currency translation adjustments 10 — 10",
        "Balances at January 28, 2017 $ 279 $ — $ 279",
        "We expect capital expenditures of $0.5 to 1 billion in 2019.",
    ],
]
LIMIT = (4, "The Company is required to maintain its EBITDA to Interest Ratio at not less than 3.0 to 1.")
ACTUAL = (5, "At December 31, 2018, this ratio was approximately 25 to 1.")
OUTLOOK = (6, "We expect full year net sales of $4.8 billion to $5.0 billion in 2019.")
STAFF = (9, "Headcount 48,200 (e) 47,900")
JOINED = (10, "(e) Excluded 5,132 individuals who became employees effective July 2, 2023.")
AOCI_END = (17, "Balances at January 28, 2017 $ 279 $ — $ 279")
CAPEX_RANGE = (18, "We expect capital expenditures of $0.5 to 1 billion in 2019.")
QUESTION = "What was the company's EBITDA to Interest Ratio at December 31, 2018?"


@pytest.fixture
def filing(make_pdf):
    return make_pdf("tri-mark-credit.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    assert_cited_lines(run_cli, filing, (LIMIT, ACTUAL, OUTLOOK, STAFF, JOINED, AOCI_END, CAPEX_RANGE))


def _ranges(check: dict) -> list[str]:
    return [f["verdict"] for f in check["fields"] if f["field"] == "range"]


def test_a_ratio_printed_x_to_1_is_no_bound_of_a_range(run_cli, fake_openai, filing):
    reply = amount(25.0, "ratio", "December 31, 2018", ACTUAL, label="EBITDA to Interest Ratio", currency=None)
    status, check = verdict(run_cli, fake_openai, filing, QUESTION, reply)
    assert "mismatch" not in _ranges(check), check
    limit = amount(3.0, "ratio", "December 31, 2018", LIMIT, label="EBITDA to Interest Ratio", currency=None)
    status, check = verdict(run_cli, fake_openai, filing, QUESTION, limit)
    assert status != "supported", check


def test_a_range_s_bound_is_still_no_value(run_cli, fake_openai, filing):
    question = "What net sales does the company expect for 2019?"
    bound = amount(4.8, "billions", "2019", OUTLOOK, label="Expected net sales")
    status, check = verdict(run_cli, fake_openai, filing, question, bound)
    assert status != "supported" and "mismatch" in _ranges(check), check


@pytest.mark.parametrize(
    ("sentence", "verdict_"),
    [
        ("At December 31, 2018, this ratio was approximately 25 to 1.", "not_applicable"),
        ("We expect capital expenditures of $0.5 to 1 billion in 2019.", "mismatch"),
        ("We expect the rate to rise by 0.5 to 1 percent in 2019.", "mismatch"),
    ],
)
def test_x_to_1_is_a_ratio_only_without_a_unit_after_it(sentence, verdict_):
    printed = sentence.split(" to 1")[0].split()[-1].lstrip("$")
    number = Candidate(printed, float(printed), None, False, None, None, sentence=sentence)
    assert range_rule(number, "What was it?").verdict == verdict_


def test_a_day_a_sentence_gives_is_not_the_date_asked(run_cli, fake_openai, filing):
    question = "What was the company's total headcount at June 30, 2023?"
    staff = amount(48200.0, "count", "June 30, 2023", STAFF, label="Employees", currency=None)
    assert verdict(run_cli, fake_openai, filing, question, staff)[0] == "supported"
    operands = (
        operand("a", 48200.0, "June 30, 2023", STAFF),
        operand("b", 5132.0, "June 30, 2023", JOINED, name="Individuals excluded"),
    )
    summed = calculation("a + b", 53332.0, *operands)
    both = amount(
        53332.0, "count", "June 30, 2023", STAFF, JOINED, calculation=summed, label="Employees", currency=None
    )
    status, check = verdict(run_cli, fake_openai, filing, question, both)
    assert status != "supported", check


def test_a_consolidated_row_is_not_held_to_the_line_item_a_header_gave_its_table(run_cli, fake_openai, filing):
    """The line item of a segment's row is its table's; a consolidated row's is its own. This AOCI roll-forward is
    typed revenue by ingest ('Available-For-Sale' names sales): its balance row must not be rejected for that."""
    question = "What was accumulated other comprehensive income at January 28, 2017?"
    reply = amount(279.0, "millions", "January 28, 2017", AOCI_END, label="Accumulated other comprehensive income")
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert check["concept_check"] != "mismatch", check
