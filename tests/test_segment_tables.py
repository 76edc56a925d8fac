"""A segment's row names the segment, not the line item: the line item is its table's (the caption 'Unearned
revenue by segment was as follows:', the sub-heading 'Revenue' or 'Operating income (loss)' above the rows). A
question about a segment's revenue is not answered from its unearned revenue nor its revenue from a table of
operating income; the offline answerer reads the row of the segment asked under the line item asked. And a
column whose first row prints '%' after its last cell only ('Service $ 73,139 $ 67,733 $ 5,406 8.0 %') is a
column of percentages in the rows below that print no sign ('Total revenues $ 103,506 $ 95,300 $ 8,206 8.6')."""

from __future__ import annotations

import json

import pytest

from tests.test_typed_verify import assert_cited_lines, verdict
from tests.test_values import amount

PAGES = [
    ["Omega Soft Corporation", "Annual report on Form 10-K for the fiscal year ended June 30, 2016"],
    [
        "NOTE 15 - UNEARNED REVENUE",
        "Unearned revenue by segment was as follows:",
        "(In millions)",
        "June 30, 2016 2015",
        "Productivity and Business Processes $ 12,482 $ 11,643",
        "Intelligent Cloud 11,472 10,346",
        "More Personal Computing 3,246 3,246",
        "Total $ 27,200 $ 25,232",
    ],
    [
        "Segment revenue and operating income (loss) were as follows during the periods presented:",
        "(In millions)",
        "Year Ended June 30, 2016 2015 2014",
        "Revenue",
        "Productivity and Business Processes $ 26,487 $ 26,430 $ 26,976",
        "Intelligent Cloud 25,042 23,715 21,735",
        "More Personal Computing 40,460 43,160 38,460",
        "Total revenue $ 91,989 $ 93,305 $ 87,171",
    ],
    [
        "(In millions)",
        "Year Ended June 30, 2016 2015 2014",
        "Operating income (loss)",
        "Productivity and Business Processes $ 12,461 $ 13,359 $ 14,173",
        "Intelligent Cloud 9,358 9,871 8,446",
        "More Personal Computing 6,142 4,667 5,605",
        "Total operating income $ 27,961 $ 27,897 $ 28,224",
    ],
    [
        "Operating Revenues",
        "(dollars in millions)",
        "Years Ended June 30, 2016 2015 2016 vs. 2015",
        "Service $ 73,139 $ 67,733 $ 5,406 8.0 %",
        "Equipment 23,168 19,781 3,387 17.1",
        "Total revenues $ 103,506 $ 95,300 $ 8,206 8.6",
    ],
    [
        "Non-GAAP reconciliation ($ in millions) 2016 2015 2014",
        "Operating income $ 1,900 $ 1,843 $ 1,854",
        "Effective tax rate 22.4% 45.0% 33.5%",
        "Restructuring charges (0.1)% — 0.1%",
        "Intangible asset amortization 22 — —",
        "Restructuring charges $ 46 — % $ 22 0.1 %",
        "Asset impairments 12 3 18 0.2",
        "Card income $ 1,133 $ 1,586% $ 20",
        "Other income 5 7 9",
    ],
    [
        "Operating income (loss) by segment (In millions)",
        "Year Ended June 30, 2016 2015",
        "Operating income (loss):",
        "Computing and Graphics $ (502) $ (282)",
        "Enterprise, Embedded and Semi-Custom 215 327",
        "All Other (194) (200)",
        "Total operating loss $ (481) $ (155)",
    ],
    [
        "Stockholders' equity statements (In millions)",
        "Year Ended June 30, 2016 2015",
        "Retained earnings",
        "Balance, beginning of period 9,096 17,710",
        "Net income 16,798 12,193",
        "Balance, end of period 2,282 9,096",
    ],
]
UNEARNED_CLOUD = (8, "Intelligent Cloud 11,472 10,346")
REVENUE_CLOUD = (16, "Intelligent Cloud 25,042 23,715 21,735")
REVENUE_PERSONAL = (17, "More Personal Computing 40,460 43,160 38,460")
INCOME_CLOUD = (23, "Intelligent Cloud 9,358 9,871 8,446")
INCOME_PERSONAL = (24, "More Personal Computing 6,142 4,667 5,605")
SERVICE = (29, "Service $ 73,139 $ 67,733 $ 5,406 8.0 %")
TOTAL_REVENUES = (31, "Total revenues $ 103,506 $ 95,300 $ 8,206 8.6")
AMORTIZATION = (36, "Intangible asset amortization 22 — —")
IMPAIRMENTS = (38, "Asset impairments 12 3 18 0.2")
OTHER_INCOME = (40, "Other income 5 7 9")
ALL_OTHER = (46, "All Other (194) (200)")
TOTAL_LOSS = (47, "Total operating loss $ (481) $ (155)")
RETAINED_END = (53, "Balance, end of period 2,282 9,096")


@pytest.fixture
def filing(make_pdf):
    return make_pdf("omega-soft-2016.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    cited = (UNEARNED_CLOUD, REVENUE_CLOUD, REVENUE_PERSONAL, INCOME_CLOUD, INCOME_PERSONAL, SERVICE, TOTAL_REVENUES)
    assert_cited_lines(
        run_cli, filing, (*cited, AMORTIZATION, IMPAIRMENTS, OTHER_INCOME, ALL_OTHER, TOTAL_LOSS, RETAINED_END)
    )


def _facts(run_cli, filing, page: int) -> list[dict]:
    code, out, err = run_cli("facts", filing, "--page", str(page), "--tables-only", "--json")
    assert code == 0, err
    return json.loads(out)


def test_a_table_of_unearned_revenue_holds_balances_of_deferred_revenue_not_revenue(run_cli, filing):
    cloud = next(f for f in _facts(run_cli, filing, 2) if f["line"] == UNEARNED_CLOUD[0] and f["value"] == 11472)
    assert cloud["concept"] == "deferred_revenue", cloud
    assert cloud["period"]["kind"] == "instant", cloud["period"]


def test_a_column_whose_first_row_prints_percent_is_a_column_of_percentages(run_cli, filing):
    total = [f for f in _facts(run_cli, filing, 5) if f["line"] == TOTAL_REVENUES[0]]
    assert [f["kind"] for f in total] == ["money", "money", "money", "percent"], total


def test_a_percent_row_without_money_and_a_dash_mark_no_column_of_percentages(run_cli, filing):
    amortization = [f for f in _facts(run_cli, filing, 6) if f["line"] == AMORTIZATION[0] and f["value"]]
    assert [f["kind"] for f in amortization] == ["money"], amortization
    impairments = [f for f in _facts(run_cli, filing, 6) if f["line"] == IMPAIRMENTS[0]]
    assert [f["kind"] for f in impairments] == ["money", "money", "money", "percent"], impairments  # '— %' marks none
    other = [f for f in _facts(run_cli, filing, 6) if f["line"] == OTHER_INCOME[0]]
    assert [f["kind"] for f in other] == ["money", "money", "money"], other  # '$1,586%', a money cell, marks none


@pytest.mark.parametrize(
    ("question", "cited", "value", "kept"),
    [
        ("What was Omega Soft's Intelligent Cloud revenue in fiscal 2016?", REVENUE_CLOUD, 25042, True),
        ("What was Omega Soft's Intelligent Cloud revenue in fiscal 2016?", UNEARNED_CLOUD, 11472, False),
        ("What was More Personal Computing operating income in fiscal 2016?", INCOME_PERSONAL, 6142, True),
        ("What was More Personal Computing operating income in fiscal 2016?", REVENUE_PERSONAL, 40460, False),
        ("What was Intelligent Cloud operating income in fiscal 2016?", REVENUE_CLOUD, 25042, False),
    ],
)
def test_a_segment_s_row_is_the_line_item_of_its_table(run_cli, fake_openai, filing, question, cited, value, kept):
    reply = amount(value, "millions", "fiscal 2016", cited, label=cited[1].split(" 1")[0].split(" 2")[0])
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert (status == "supported") == kept, check
    if not kept:
        assert check["concept_check"] == "mismatch", check


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("What was Omega Soft's Intelligent Cloud revenue in fiscal 2016?", 25042),
        ("What was Intelligent Cloud operating income in fiscal 2016?", 9358),
    ],
)
def test_the_offline_answerer_reads_the_segment_asked_under_the_line_item_asked(run_cli, filing, question, value):
    code, out, err = run_cli("ask", question, filing, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["status"] == "supported", data
    assert data["answer"]["items"][0]["amount"]["value"] == value, data["answer"]["items"][0]


OPERATING_LOSS = "What was Omega Soft's operating loss in fiscal 2016?"


def test_the_offline_answerer_takes_the_total_not_a_member_named_by_no_word_of_its_own(run_cli, filing):
    code, out, err = run_cli("ask", OPERATING_LOSS.replace("?", ", on page 7?"), filing, "--json")
    assert code == 0, err
    assert json.loads(out)["answer"]["items"][0]["amount"]["value"] == -481, out  # not 'All Other' (no word)


def test_a_member_named_by_no_word_of_its_own_does_not_answer_the_company(run_cli, fake_openai, filing):
    reply = amount(-194, "millions", "fiscal 2016", ALL_OTHER, label="Operating loss")
    status, check = verdict(run_cli, fake_openai, filing, OPERATING_LOSS, reply)
    assert status != "supported", check


def test_a_row_under_a_heading_of_another_line_item_is_that_item(run_cli, fake_openai, filing):
    question = "What was Omega Soft's cash and cash equivalents balance at the end of fiscal year 2016?"
    reply = amount(2282, "millions", "June 30, 2016", RETAINED_END, label="Cash and cash equivalents")
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert status != "supported" and check["concept_check"] == "mismatch", check
