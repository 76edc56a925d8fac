"""Row labels as a reader reads them: a label wrapped over two lines ('Income from continuing operations before
provision for taxes' / 'on income 2,269 11,447') is one row's, not a sub-heading over the rows below it; a debt
instrument named by its coupon rate ('7.50% Notes 475') is a row of amounts, not of percentages. Checked through
the verifier with the local OpenAI-compatible server (right answers kept)."""

from __future__ import annotations

import pytest

from tests.conftest import needs_shared
from tests.test_typed_verify import assert_cited_lines, verdict
from tests.test_values import amount, calculation, operand

PAGES = [
    ["Acme Pharma Inc."],
    [
        "Condensed consolidated statements of income",
        "(Millions) Three Months Ended June 30,",
        "2024 2023",
        "Revenues $ 12,734 $ 27,742",
        "Income from continuing operations before provision/(benefit) for taxes",
        "on income 2,269 11,447",
        "Provision/(benefit) for taxes on income (71) 1,570",
        "Income from continuing operations 2,340 9,877",
    ],
    [
        "Contractual obligations",
        "(In millions) Total 2025 2026 2027",
        "7.50% Notes 475 — — 475",
        "7.00% Notes 500 — 500 —",
    ],
]
PRETAX = (7, "on income 2,269 11,447")
TAX = (8, "Provision/(benefit) for taxes on income (71) 1,570")
NOTES = (12, "7.50% Notes 475 — — 475")


@pytest.fixture
def filing(make_pdf):
    return make_pdf("acme-pharma-2024-q2.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    assert_cited_lines(run_cli, filing, (PRETAX, TAX, NOTES))


def test_a_label_wrapped_over_two_lines_is_one_row_s(run_cli, fake_openai, filing):
    question = (
        "What was Acme Pharma's effective tax rate on continuing operations for the three months ended June 30, 2024?"
    )
    operands = [
        operand("a", -71, "three months ended June 30, 2024", TAX, name="Provision/(benefit) for taxes on income"),
        operand(
            "b", 2269, "three months ended June 30, 2024", PRETAX, name="Income from continuing operations before taxes"
        ),
    ]
    result = -71 / 2269 * 100
    reply = amount(
        round(result, 2),
        "percent",
        "three months ended June 30, 2024",
        TAX,
        currency=None,
        label="Effective tax rate",
        calculation=calculation("a / b * 100", result, *operands),
    )
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert status == "supported", check["detail"]


def test_a_coupon_rate_names_the_notes_its_row_holds_amounts(run_cli, fake_openai, filing):
    question = "What is the total amount due on Acme Pharma's 7.50% Notes?"
    reply = amount(475, "millions", None, NOTES, label="7.50% Notes")
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert status == "supported", check["detail"]


def test_income_from_continuing_operations_is_not_operating_income(run_cli, fake_openai, filing):
    question = "What was Acme Pharma's operating income for the three months ended June 30, 2024?"
    reply = amount(2340, "millions", "June 30, 2024", (9, "Income from continuing operations 2,340 9,877"))
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert status != "supported" and check["concept_check"] == "mismatch", check["detail"]


TOTALS = [
    [
        "Supplemental data - net revenues",
        "(In thousands) Three months ended December 31,",
        "2024 2023",
        "Las Vegas Strip Resorts $ 2,297,282 $ 1,806,686",
        "Regional Operations 991,452 899,607",
        "$ 3,288,734 $ 2,706,293",
    ],
]


def test_a_line_of_figures_alone_is_its_table_s_total(run_cli, make_pdf):
    import json

    pdf = make_pdf("acme-resorts-2024.pdf", TOTALS)
    code, out, err = run_cli("facts", pdf, "--page", "1", "--tables-only", "--json")
    assert code == 0, err
    total = next(f for f in json.loads(out) if f["value"] == 3288734)
    assert (total["label"], total["member"], total["scale"]) == ("Total", None, 1000), total
    assert total["concept"] == "revenue", total


@needs_shared
def test_a_line_of_figures_alone_closing_a_segment_block_is_the_segment_s_total():
    from tests.test_facts_pages import cell

    total = cell("MGMRESORTS_2023Q2_10Q", 29, "Total", "926,100")
    assert total.member is not None and total.member.name == "Regional Operations", total
    assert total.concept == "revenue" and total.scale == 1000, total


def test_a_sentence_line_read_as_a_row_still_begins_the_next_line_s_sentence(run_cli, make_pdf):
    import json

    lines = [
        "Business segment",
        "Our Business segment provides services to enterprises. The Business segment's operating revenues for the "
        "year ended December 31, 2022",
        "totaled $31.1 billion and remained relatively flat compared to the year ended December 31, 2021.",
    ]
    pdf = make_pdf("acme-telecom-2022.pdf", [["Acme Telecom Inc."], lines])
    code, out, err = run_cli("facts", pdf, "--page", "2", "--json")
    assert code == 0, err
    fact = next(f for f in json.loads(out) if f["value"] == 31.1)
    assert fact["concept"] == "revenue" and fact["member"] == {"name": "Business", "axis": "segment"}, fact


@needs_shared
def test_a_sentence_line_read_as_a_table_row_begins_the_next_line_s_sentence():
    from tests.test_facts_pages import _facts

    # line 1093 ends '... for the year ended December 31, 2022' and the table reader takes it for a row
    fact = next(f for f in _facts("VERIZON_2022_10K") if f.provenance.global_line == 1094 and f.value == 31.1)
    assert fact.concept == "revenue" and fact.member is not None and fact.member.name == "Business", fact
