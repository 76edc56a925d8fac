"""A segment's section and a comparison header.

A section heading naming one segment as a business, group or division ('Industrial Business (37.4% of
consolidated sales):', 'Consumer Group') makes the tables of its page below it that segment's: their operating
income is not the company's, and a row of the section's table that names no line item ('Other' under 'Operating
revenues') is not the segment's revenue. A header whose last columns compare two years ('2018 vs. 2017') reads
its periods before them, and a row printing the change and the change in percent under each comparison
('$ 10,482 25 %') lines up: the levels take their years, the changes are changes of the comparison's first year."""

from __future__ import annotations

import json

import pytest

from tests.test_typed_verify import assert_cited_lines, field, verdict
from tests.test_values import amount

PAGES = [
    ["Tri-Mark Industries Inc.", "Annual report on Form 10-K for the fiscal year ended December 31, 2018"],
    [
        "Consolidated Statement of Income",
        "(Millions) Years ended December 31, 2018 2017",
        "Net sales $ 52,862 $ 42,380",
        "Operating income 7,207 7,692",
        "Net income 5,349 4,858",
    ],
    [
        "Performance by Business Segment",
        "Industrial Business (37.4% of consolidated sales):",
        "2018 2017 2016",
        "Sales (millions) $ 12,267 $ 11,866 $ 11,217",
        "Operating income (millions) $ 2,737 $ 2,490 $ 2,528",
        "Percent of sales 22.3 % 21.0 % 22.5 %",
        "Corporate and Unallocated:",
        "2018 2017 2016",
        "Operating expense (millions) $ (1,465) $ (1,204) $ (1,045)",
    ],
    [
        "Consumer Group",
        "Operating Revenues (dollars in millions)",
        "Increase/(Decrease)",
        "Years Ended December 31, 2018 2017 2018 vs. 2017",
        "Service $ 73,139 $ 67,733 $ 5,406 8.0 %",
        "Other 7,199 7,786 (587) (7.5)",
        "Total Operating Revenues $ 103,506 $ 95,300 $ 8,206 8.6",
    ],
    [
        "Consolidated Results of Operations",
        "(Millions, except percentages) 2018 2017 2016 2018 vs. 2017 2017 vs. 2016",
        "Total revenues net of interest expense $ 52,862 $ 42,380 $ 36,087 $ 10,482 25 % $ 6,293 17 %",
        "Card Member rewards 14,002 11,007 8,041 2,995 27 2,966 37",
    ],
    ["Corporate/Other Segment", "2018 2017", "Operating loss (millions) $ (7,609) $ (1,606)"],
    [
        "Retail Segment",
        "The Company presents its retail pharmacies and clinics in the Retail segment.",
        "Restricted Cash",
        "Restricted cash included in other current assets represents funds held in a trust for",
        "the collateral requirements of the Company's captive insurance companies, invested in",
        "time deposits and money market funds, all of which are highly liquid and readily",
        "convertible to known amounts of cash.",
        "The following is a reconciliation of cash and cash equivalents:",
        "In millions 2018 2017",
        "Cash and cash equivalents $ 12,945 $ 9,408",
    ],
    [
        "Results of operations (millions)",
        "Years ended December 31, 2018 2017",
        "Operating income 2,737 2,490",
        "Net income 5,349 4,858",
    ],
]
CONSOLIDATED_INCOME = (6, "Operating income 7,207 7,692")
INDUSTRIAL_INCOME = (12, "Operating income (millions) $ 2,737 $ 2,490 $ 2,528")
CORPORATE = (16, "Operating expense (millions) $ (1,465) $ (1,204) $ (1,045)")
CONSUMER_OTHER = (22, "Other 7,199 7,786 (587) (7.5)")
CONSUMER_TOTAL = (23, "Total Operating Revenues $ 103,506 $ 95,300 $ 8,206 8.6")
REVENUES = (26, "Total revenues net of interest expense $ 52,862 $ 42,380 $ 36,087 $ 10,482 25 % $ 6,293 17 %")
CORPORATE_SEGMENT = (30, "Operating loss (millions) $ (7,609) $ (1,606)")
CASH = (40, "Cash and cash equivalents $ 12,945 $ 9,408")
UNHEADED_INCOME = (43, "Operating income 2,737 2,490")
SAME_NET_INCOME = (44, "Net income 5,349 4,858")


@pytest.fixture
def filing(make_pdf):
    return make_pdf("tri-mark-2018.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    assert_cited_lines(
        run_cli, filing, (CONSOLIDATED_INCOME, INDUSTRIAL_INCOME, CONSUMER_OTHER, CONSUMER_TOTAL, REVENUES)
    )


def _facts(run_cli, filing, page: int, line: int) -> list[dict]:
    code, out, err = run_cli("facts", filing, "--page", str(page), "--tables-only", "--json")
    assert code == 0, err
    return [f for f in json.loads(out) if f["line"] == line]


def test_a_table_under_a_segment_s_section_heading_is_that_segment_s(run_cli, filing):
    income = _facts(run_cli, filing, 3, INDUSTRIAL_INCOME[0])
    assert [(f["member"] or {}).get("name") for f in income] == ["Industrial"] * 3, income
    total = _facts(run_cli, filing, 4, CONSUMER_TOTAL[0])
    assert {(f["member"] or {}).get("name") for f in total} == {"Consumer"}, total
    consolidated = _facts(run_cli, filing, 2, CONSOLIDATED_INCOME[0])
    assert {f["member"] is None for f in consolidated} == {True}, consolidated
    corporate = _facts(run_cli, filing, 3, CORPORATE[0])  # a heading of the whole ends the section
    assert corporate and {f["member"] is None for f in corporate} == {True}, corporate
    segment = _facts(run_cli, filing, 6, CORPORATE_SEGMENT[0])  # 'Corporate/Other Segment' is a segment's heading
    assert [(f["member"] or {}).get("name") for f in segment] == ["Corporate/Other"] * 2, segment
    cash = _facts(run_cli, filing, 7, CASH[0])  # another heading ('Restricted Cash') above the caption ends it
    assert cash and {f["member"] is None for f in cash} == {True}, cash


def test_a_section_table_s_row_naming_no_line_item_takes_none_from_its_heading(run_cli, filing):
    other = _facts(run_cli, filing, 4, CONSUMER_OTHER[0])
    assert other and {f["concept"] for f in other} == {None}, other


def test_a_comparison_header_s_periods_and_its_change_and_percent_cells(run_cli, filing):
    cells = _facts(run_cli, filing, 5, REVENUES[0])
    read = [(f["value"], f["measure"], (f["period"] or {}).get("fiscal_year")) for f in cells]
    assert read == [
        (52862, "level", 2018),
        (42380, "level", 2017),
        (36087, "level", 2016),
        (10482, "change", 2018),
        (25, "pct_change", 2018),
        (6293, "change", 2017),
        (17, "pct_change", 2017),
    ], read
    consumer = _facts(run_cli, filing, 4, CONSUMER_TOTAL[0])
    assert [(f["measure"], f["period"]["fiscal_year"]) for f in consumer] == [
        ("level", 2018),
        ("level", 2017),
        ("change", 2018),
        ("pct_change", 2018),
    ], consumer


@pytest.mark.parametrize(
    ("question", "cited", "value", "kept", "name"),
    [
        ("What was Tri-Mark's operating income in 2018?", CONSOLIDATED_INCOME, 7207, True, None),
        ("What was Tri-Mark's operating income in 2018?", INDUSTRIAL_INCOME, 2737, False, "member"),
        ("What was the Industrial segment's operating income in 2018?", INDUSTRIAL_INCOME, 2737, True, None),
        ("What was the Consumer segment's total operating revenue in 2018?", CONSUMER_TOTAL, 103506, True, None),
        ("What was the Consumer segment's total operating revenue in 2018?", CONSUMER_OTHER, 7199, False, None),
        ("What was the total of revenues net of interest expense in 2018?", REVENUES, 52862, True, None),
        ("What was the total of revenues net of interest expense in 2018?", REVENUES, 10482, False, "measure"),
    ],
)
def test_sections_and_comparisons_are_checked(run_cli, fake_openai, filing, question, cited, value, kept, name):
    label = cited[1].split(" $")[0].split(" 7")[0]
    reply = amount(value, "millions", "2018", cited, label=label)
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert (status == "supported") == kept, check
    if name is not None:
        assert field(check, name)["verdict"] == "mismatch", check
    elif not kept:  # 'Other' under 'Operating revenues': a row that names no line item is not the revenue
        assert status == "unchecked" and check["concept_check"] == "unknown", check
    if kept and cited in (CONSUMER_TOTAL, REVENUES):  # a header the verifier's reader cannot line up: ingest's year
        assert "as ingest read it" in check["detail"], check


def test_a_consolidated_figure_that_differs_from_the_primary_statement_s_is_not_supported(run_cli, fake_openai, filing):
    """A table outside the statements, under no heading docintel reads, printing 'Operating income 2,737' for the
    year the income statement prints 7,207: unchecked, the statement's figure named; one that agrees is kept."""
    question = "What was Tri-Mark's operating income in 2018?"
    reply = amount(2737, "millions", "2018", UNHEADED_INCOME, label="Operating income")
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert status == "unchecked" and field(check, "statement")["asked"] == "7,207", check
    question = "What was Tri-Mark's net income in 2018?"
    reply = amount(5349, "millions", "2018", SAME_NET_INCOME, label="Net income")
    assert verdict(run_cli, fake_openai, filing, question, reply)[0] == "supported"
