"""Facts read on real pages of the shared filings, one test per reading rule: header lines, change columns,
quarter columns, 52/53-week year-ends, member columns and member tables, reconciliations, share counts,
line items in a company's words."""

from __future__ import annotations

from datetime import date
from functools import lru_cache

import pytest

from docintel.ingest.factcolumns import is_prose
from docintel.ingest.factconcepts import row_concept
from docintel.ingest.factheader import parse_slots
from docintel.ingest.facts import Fact
from docintel.ingest.factscope import basis_of
from tests.conftest import FINANCEBENCH, needs_shared
from tests.test_facts import read

PDFS = FINANCEBENCH / "pdfs"


@lru_cache(maxsize=16)
def _facts(doc: str) -> tuple[Fact, ...]:
    return tuple(read(PDFS / f"{doc}.pdf"))


def cell(doc: str, page: int, label: str, text: str) -> Fact:
    """The one fact of page *page* whose row starts with *label* and whose cell is printed *text*."""
    found = [
        f
        for f in _facts(doc)
        if f.provenance.page == page and f.label.startswith(label) and f.text.strip("$()%") == text.strip("$()%")
    ]
    assert found, [(f.label, f.text) for f in _facts(doc) if f.provenance.page == page][:40]
    return found[0]


def period(fact: Fact) -> tuple[str, date | None, int | None]:
    assert fact.period is not None, fact
    return fact.period.kind, fact.period.end, fact.period.months


# ------------------------------------------------------------------------------ header lines


def test_prose_is_no_column_heading():
    assert is_prose("percentage of Revenues decreased in 2021 compared to 2020 primarily due to higher charges")
    assert not is_prose("Three months ended June 30, Six months ended June 30,")
    assert not is_prose("(in millions, except per share data and ratios) 2023 2022 Change 2023 2022 Change")


@needs_shared
def test_a_sentence_above_a_table_gives_its_columns_no_instant_and_no_quarter():
    # 'charges at BCA' above Boeing's R&D table is no 'as at'; 'in the fourth quarter of 2020' above its pension
    # table no quarter: both tables are years.
    assert period(cell("BOEING_2022_10K", 28, "Commercial Airplanes", "1,140")) == (
        "duration",
        date(2021, 12, 31),
        12,
    )
    assert period(cell("BOEING_2022_10K", 26, "Pension FAS/CAS service cost adjustment", "1,024"))[2] == 12


def test_slot_headers_read_year_ranges_money_changes_and_quarter_columns():
    adobe = parse_slots("(dollars in millions) 2022 2021 2020 2022-2021")
    assert adobe is not None and [s.period for s in adobe.slots] == [True, True, True, False]
    cvs = parse_slots("In millions, except percentages 2022 2021 2020 $ % $ %")
    assert cvs is not None and [s.label for s in cvs.slots][3:] == ["$ change", "%", "$ change", "%"]
    jpm = parse_slots("share, ratio, headcount data and where otherwise noted) 2Q23 1Q23 4Q22 3Q22 2Q22 2023 2022")
    assert jpm is not None and [s.label for s in jpm.slots][:2] == ["Q2 2023", "Q1 2023"]


@needs_shared
def test_year_range_change_column_is_the_later_years_percent_change():
    fact = cell("ADOBE_2022_10K", 41, "Publishing and Advertising", "(14)")
    assert (fact.value, fact.measure, fact.kind) == (-14, "pct_change", "percent")
    assert fact.period is not None and fact.period.fiscal_year == 2022


@needs_shared
def test_money_and_percent_change_pairs():
    fact = cell("CVSHEALTH_2022_10K", 83, "Total revenues", "16,214")
    assert (fact.measure, fact.kind, fact.scale) == ("change", "money", 1e6)
    assert period(fact) == ("duration", date(2022, 12, 31), 12)
    share = cell("CVSHEALTH_2022_10K", 83, "Total revenues", "10.6")
    assert (share.measure, share.kind) == ("pct_change", "percent")
    # 'Year Ended December 31, 2022 vs. 2021  2021 vs. 2020' over the pairs: the second pair is 2021's change
    # (that header line, taken by the table reader for a table of its own, still heads the columns below it)
    earlier = cell("CVSHEALTH_2022_10K", 83, "Total revenues", "11,084")
    assert (earlier.measure, period(earlier)) == ("change", ("duration", date(2021, 12, 31), 12))


@needs_shared
def test_quarter_columns_beside_six_month_columns():
    q1 = cell("JPMORGAN_2023Q2_10Q", 3, "Total net revenue", "38,349")
    assert period(q1) == ("duration", date(2023, 3, 31), 3)
    half = cell("JPMORGAN_2023Q2_10Q", 3, "Total net revenue", "79,656")
    assert period(half) == ("duration", date(2023, 6, 30), 6)


@needs_shared
def test_a_52_53_week_years_end_is_the_date_the_document_prints():
    fact = cell("ADOBE_2022_10K", 41, "Digital Experience", "3,867")
    assert period(fact) == ("duration", date(2021, 12, 3), 12)
    assert period(cell("ADOBE_2022_10K", 41, "Total revenue", "12,868"))[1] == date(2020, 11, 27)


# ------------------------------------------------------------------------------ members


@needs_shared
def test_a_segment_heading_names_the_member_of_the_table_under_it():
    fact = cell("CVSHEALTH_2022_10K", 83, "Operating income", "6,667")
    assert fact.member is not None and (fact.member.name, fact.member.axis) == ("Pharmacy Services", "segment")
    flexibles = cell("AMCOR_2023Q2_10Q", 36, "Adjusted EBIT", "353")
    assert flexibles.member is not None and flexibles.member.name == "Flexibles"
    consolidated = cell("AMCOR_2023Q2_10Q", 36, "Operating income", "559")
    assert consolidated.member is None  # the table above the segment heading


@needs_shared
def test_member_columns_under_period_groups():
    fact = cell("AMCOR_2023Q2_10Q", 29, "Latin America", "185")
    assert fact.member is not None and fact.member.name == "Rigid Packaging — Latin America"
    assert period(fact) == ("duration", date(2021, 12, 31), 3)
    total = cell("AMCOR_2023Q2_10Q", 29, "North America", "3,547")
    assert total.member is not None and total.member.name == "North America"  # the 'Total' column: no segment
    assert period(total) == ("duration", date(2022, 12, 31), 6)


@needs_shared
def test_member_columns_with_dated_groups_and_rows_in_the_totals_columns_only():
    rigid = cell("AMCOR_2023Q4_EARNINGS", 13, "Adjusted EBIT", "96")
    assert rigid.member is not None and rigid.member.name == "Rigid Packaging"  # 'Rigid' printed over 'Packaging'
    assert period(rigid) == ("duration", date(2022, 6, 30), 3)
    net = cell("AMCOR_2023Q4_EARNINGS", 13, "Net income attributable to Amcor", "181")
    assert net.member is None and period(net) == ("duration", date(2023, 6, 30), 3)


@needs_shared
def test_a_table_listing_members_of_one_line_item():
    fact = cell("MGMRESORTS_2022Q4_EARNINGS", 13, "Regional Operations", "3,815,885")
    assert fact.member is not None and (fact.member.name, fact.member.axis) == ("Regional Operations", "segment")
    assert fact.concept == "revenue"
    ebitdar = cell("MGMRESORTS_2022Q4_EARNINGS", 13, "MGM China", "54,979")  # the next table: same members
    assert ebitdar.member is not None and ebitdar.member.name == "MGM China"
    assert ebitdar.basis == "adjusted"  # 'SUPPLEMENTAL DATA – ADJUSTED PROPERTY EBITDAR ...' (a long capitals caption)


# ------------------------------------------------------------------------------ basis and measure


@needs_shared
def test_a_reconciliations_caption_does_not_set_its_rows_basis():
    assert cell("AMCOR_2023Q4_EARNINGS", 13, "Interest expense, net", "70").basis == "gaap"
    assert cell("AMCOR_2023Q4_EARNINGS", 13, "Adjusted EBIT", "436").basis == "adjusted"
    reported = cell("JOHNSON_JOHNSON_2022Q4_EARNINGS", 12, "Net Earnings, after tax- as reported", "17,941")
    assert (reported.basis, reported.measure) == ("gaap", "level")


@needs_shared
def test_percent_rows_of_a_growth_table_are_changes():
    fact = cell("JOHNSON_JOHNSON_2022Q4_EARNINGS", 13, "International", "(8.6)")
    assert (fact.measure, fact.value) == ("pct_change", -8.6)


@needs_shared
def test_a_change_column_printed_with_percent_on_its_first_row():
    fact = cell("JPMORGAN_2023Q2_10Q", 5, "Net income", "67")
    assert (fact.kind, fact.measure, fact.scale) == ("percent", "pct_change", 1.0)
    eps = cell("JPMORGAN_2023Q2_10Q", 5, "Diluted earnings per share", "64")
    assert (eps.kind, eps.per_share_class) == ("percent", "diluted")
    boeing = cell("BOEING_2022_10K", 28, "Cost of sales", "3,837")  # beside a row of percentages: still dollars
    assert (boeing.kind, boeing.measure, boeing.scale) == ("money", "change", 1e6)


@needs_shared
def test_a_sentence_read_as_a_row_keeps_its_change():
    fact = cell("MGMRESORTS_2023Q2_10Q", 28, "Consolidated net revenues increased 21%", "21")
    assert (fact.measure, fact.concept) == ("pct_change", "revenue")


@needs_shared
def test_headcount_is_a_count_at_the_periods_end():
    fact = cell("JPMORGAN_2023Q2_10Q", 3, "Headcount", "293,723")
    assert (fact.measure, fact.scale) == ("period_end_count", 1.0)
    assert period(fact) == ("instant", date(2022, 12, 31), None)


# ------------------------------------------------------------------------------ share counts and line items


@needs_shared
def test_share_count_rows_are_epss_weighted_average():
    adobe = cell("ADOBE_2022_10K", 54, "Shares used to compute diluted net income per share", "471")
    assert (adobe.kind, adobe.concept, adobe.measure, adobe.per_share_class) == (
        "count",
        "weighted_shares",
        "weighted_average",
        "diluted",
    )
    jnj = cell("JOHNSON_JOHNSON_2022Q4_EARNINGS", 11, "Average shares outstanding (Diluted)", "2,663.9")
    assert (jnj.concept, jnj.measure) == ("weighted_shares", "weighted_average")
    dividends = cell("CVSHEALTH_2022_10K", 108, "Dividends declared per share", "2.20")
    assert (dividends.concept, dividends.per_share_class) == ("dividends_per_share", None)


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("Loss from operations", "operating_income"),
        ("Tax expense", "income_tax"),
        ("Selling, marketing and administrative expenses", "sga"),
        ("Selling, informational and administrative expenses", "sga"),
        ("Operating income as a % of total revenues", "operating_income"),
        ("Contract liabilities", "deferred_revenue"),
        ("Unearned revenue", "deferred_revenue"),
        ("Client assets (in billions)(a)", None),
        ("Assets", "total_assets"),
        ("Noninterest revenue", None),
        ("Total subscription revenue", None),
        ("Total net revenue", "revenue"),
        ("Comparable sales", "revenue"),
        # the total of the items not on rows of their own (MGM 2023 Q2), not the line item
        ("Total other assets", None),
        ("Total other current liabilities", None),
        ("Accumulated other comprehensive income (loss)", None),
        ("Cash and other current assets", "current_assets"),
        ("Total debt", "total_debt"),
        ("Marketable securities", "short_term_investments"),
    ],
)
def test_line_items_in_the_companys_words(label, expected):
    assert row_concept(label) == expected


@needs_shared
def test_line_items_on_real_pages():
    assert cell("BOEING_2022_10K", 24, "Loss from operations", "12,767").concept == "operating_income"
    assert cell("JOHNSON_JOHNSON_2022Q4_EARNINGS", 11, "Selling, marketing and administrative", "24,659").concept == (
        "sga"
    )
    assert cell("LOCKHEEDMARTIN_2020_10K", 86, "Contract liabilities", "7,545").concept == "deferred_revenue"


def test_as_reported_names_gaap_before_a_non_gaap_caption():
    assert basis_of("Net Earnings, after tax- as reported", "Reconciliation of Non-GAAP Financial Measures") == "gaap"
    assert basis_of("Adjusted net earnings as reported", "") == "adjusted"  # a basis word of its own wins
    assert basis_of("Net earnings", "Reconciliation of Non-GAAP Financial Measures") == "non_gaap"


@needs_shared
def test_release_headers_with_footnote_marks_on_the_segment_stub():
    # J&J's product tables: 'PHARMACEUTICAL SEGMENT (2,3) 2022 2021 Reported Operational (1) Currency 2022 ...'
    # under 'FOURTH QUARTER  TWELVE MONTHS': each figure its group's period, the stub's segment its member.
    fourth = cell("JOHNSON_JOHNSON_2022Q4_EARNINGS", 16, "IMMUNOLOGY US", "2,912")
    assert period(fourth) == ("duration", date(2021, 12, 31), 3)
    assert fourth.member is not None and fourth.member.name.lower() == "pharmaceutical"
    year = cell("JOHNSON_JOHNSON_2022Q4_EARNINGS", 16, "IMMUNOLOGY US", "11,036")
    assert period(year) == ("duration", date(2022, 12, 31), 12)
    operational = [f for f in _facts("JOHNSON_JOHNSON_2022Q4_EARNINGS") if f.provenance.global_line == 614]
    assert [(f.text, f.basis) for f in operational if f.measure == "pct_change"][:2] == [
        ("24.9%", "gaap"),
        ("24.9%", "comparable"),
    ]


@needs_shared
def test_members_listed_are_proper_names_not_parts_of_a_line_item():
    raw = cell("AMCOR_2023_10K", 52, "Raw materials and supplies", "992")
    assert raw.member is None  # an inventory's part, not a segment


@needs_shared
def test_a_caption_sentence_names_the_line_item_of_member_rows():
    # 'The following table summarizes our Research and development expense:' over segment rows
    fact = cell("BOEING_2022_10K", 28, "Commercial Airplanes", "1,140")
    assert (fact.concept, fact.member.name if fact.member else None) == ("research_development", "Commercial Airplanes")
    assert cell("BOEING_2022_10K", 28, "Total", "2,852").concept == "research_development"


@needs_shared
def test_point_in_time_rows_and_a_managed_basis():
    book = cell("JPMORGAN_2023Q2_10Q", 5, "Book value per share", "86.38")
    assert period(book)[:2] == ("instant", date(2022, 6, 30))
    assert cell("JPMORGAN_2023Q2_10Q", 3, "Market capitalization", "306,520").period.kind == "instant"  # type: ignore[union-attr]
    assert cell("JPMORGAN_2023Q2_10Q", 5, "Total net revenue - managed basis", "42,401").basis == "non_gaap"
    flow = cell("AMCOR_2023Q2_10Q", 28, "Less: Amortization of acquired intangible assets", "40")
    assert period(flow) == ("duration", date(2022, 12, 31), 3)  # a flow of assets, not a balance


@needs_shared
def test_eps_rows_named_by_their_class_alone():
    basic = cell("JPMORGAN_2023Q2_10Q", 3, "Net income: Basic", "3.58")
    assert (basic.kind, basic.scale, basic.per_share_class, basic.concept) == ("per_share", 1.0, "basic", "eps_basic")
    diluted = cell("JPMORGAN_2023Q2_10Q", 3, "Diluted", "3.12")
    assert (diluted.kind, diluted.concept) == ("per_share", "eps_diluted")


@needs_shared
def test_a_table_row_of_many_words_is_no_sentence():
    fact = cell("LOCKHEEDMARTIN_2020_10K", 80, "Weighted average common shares outstanding for basic", "282.0")
    assert (fact.measure, fact.concept, fact.per_share_class) == ("weighted_average", "weighted_shares", "basic")


@needs_shared
def test_market_groupings_are_geographies_and_liabilities_rows_balances():
    europe = cell("Pfizer_2023Q2_10Q", 38, "Developed Europe", "5,480")
    assert europe.member is not None and (europe.member.name, europe.member.axis) == ("Developed Europe", "geography")
    contract = cell("LOCKHEEDMARTIN_2020_10K", 86, "Contract liabilities", "7,545")
    assert period(contract)[:2] == ("instant", date(2020, 12, 31))


@needs_shared
def test_a_change_in_liabilities_on_a_cash_flow_statement_stays_a_flow():
    # 'Changes in operating assets and liabilities, net of ...:' over rows of liabilities: changes, not balances
    fact = cell("CVSHEALTH_2022_10K", 112, "Health care costs payable and other insurance liabilities", "1,247")
    assert period(fact) == ("duration", date(2022, 12, 31), 12)


@needs_shared
def test_a_row_naming_its_fiscal_year_under_duration_groups_of_member_columns():
    # Amcor's release: 'Net sales fiscal year 2022  2,967  942  3,909  11,151  3,393  14,544' under
    # 'Three Months Ended June 30  Twelve Months Ended June 30' / 'Flexibles  Rigid Packaging  Total' (x2)
    year = cell("AMCOR_2023Q4_EARNINGS", 10, "Net sales fiscal year 2022", "3,393")
    assert year.member is not None and year.member.name == "Rigid Packaging"
    assert period(year) == ("duration", date(2022, 6, 30), 12)
    quarter = cell("AMCOR_2023Q4_EARNINGS", 10, "Net sales fiscal year 2023", "2,777")
    assert period(quarter) == ("duration", date(2023, 6, 30), 3) and quarter.concept == "revenue"
    reported = cell("AMCOR_2023Q4_EARNINGS", 10, "Reported Growth", "(5)")  # '(5)' is a figure, not a footnote
    assert (reported.value, reported.measure) == (-5, "pct_change")
