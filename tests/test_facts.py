"""Facts: every figure read as a typed fact (scale by scope, period interval, member, measure, basis, per-share
class, concept), on generated PDFs for each header shape, scale scope and member kind, and on real shared pages;
``docintel facts`` through the CLI."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from pathlib import Path

import pytest

from docintel.ingest.documents import Ingestor
from docintel.ingest.facts import FACTS_VERSION, Fact, facts_for_document, facts_on_lines, facts_path
from docintel.ingest.tables import TABLES_VERSION
from docintel.settings import load_settings
from scripts.pdfwriter import Page, Text
from tests.conftest import FINANCEBENCH, needs_shared

PDFS = FINANCEBENCH / "pdfs"


def indented(rows: list[tuple[float, str]], top: float = 740, step: float = 14) -> Page:
    """A page of lines, each at its own left edge (x, text), top to bottom."""
    return Page(texts=[Text(x, top - i * step, text) for i, (x, text) in enumerate(rows)])


def read(path: Path) -> list[Fact]:
    report = Ingestor(load_settings({})).ingest([path])
    assert not report.failures, report.failures
    return facts_for_document(report.documents[0])


def one(facts: list[Fact], label: str, text: str, **period: object) -> Fact:
    """The fact of the row *label* printed as *text* (and with the period fields given)."""
    found = [
        f
        for f in facts
        if f.label.startswith(label)
        and f.text.lstrip("$") == text.lstrip("$")
        and all(getattr(f.period, k, None) == v for k, v in period.items())
    ]
    assert len(found) == 1, [(f.label, f.text, f.period) for f in facts if f.label.startswith(label)]
    return found[0]


# ------------------------------------------------------------------------------ header shapes

QUARTERLY = [
    (60, "FORM 10-Q"),
    (60, "For the quarterly period ended July 2, 2023"),
    (60, "CONDENSED CONSOLIDATED STATEMENTS OF INCOME"),
    (300, "Three Months Ended      Six Months Ended"),
    (300, "July 2,   July 3,   July 2,   July 3,"),
    (60, "(MILLIONS, EXCEPT PER SHARE DATA) 2023 2022 2023 2022"),
    (60, "Revenues $ 12,734 $ 27,742 $ 31,015 $ 53,402"),
    (60, "Cost of sales 3,237 8,648 8,122 18,632"),
    (60, "Discontinued operations--net of tax (2) 34 (1) 26"),
    (60, "Net income attributable to common shareholders $ 2,327 $ 9,906 $ 7,870 $ 17,769"),
    (60, "Earnings per common share--diluted:"),
    (66, "Income from continuing operations $ 0.41 $ 1.73 $ 1.38 $ 3.09"),
    (60, "Net income attributable to common shareholders $ 0.41 $ 1.73 $ 1.38 $ 3.10"),
    (60, "Weighted-average shares--diluted 5,713 5,712 5,720 5,735"),
]


def test_three_and_six_month_column_groups(make_pdf):
    facts = read(make_pdf("q.pdf", [indented(QUARTERLY)]))
    quarter = one(facts, "Revenues", "12,734")
    assert quarter.period is not None and quarter.period.kind == "duration"
    assert (quarter.period.end, quarter.period.months, quarter.period.fiscal_quarter) == (date(2023, 7, 2), 3, 2)
    half = one(facts, "Revenues", "31,015").period
    assert half is not None and (half.end, half.months, half.fiscal_quarter) == (date(2023, 7, 2), 6, None)
    assert one(facts, "Revenues", "53,402").period.end == date(2022, 7, 3)  # type: ignore[union-attr]
    revenue = one(facts, "Revenues", "12,734")
    assert (revenue.scale, revenue.scale_source, revenue.kind, revenue.concept) == (1e6, "caption", "money", "revenue")
    assert revenue.units == 12_734e6
    negative = one(facts, "Discontinued", "(2)")
    assert negative.value == -2 and negative.sign_source == "parentheses"  # a one-digit negative, not a footnote


def test_per_share_rows_under_a_heading_are_unscaled_and_classed(make_pdf):
    facts = read(make_pdf("q.pdf", [indented(QUARTERLY)]))
    eps = one(facts, "Net income attributable", "3.10")
    assert (eps.kind, eps.scale, eps.per_share_class, eps.concept) == ("per_share", 1.0, "diluted", "eps_diluted")
    net = one(facts, "Net income attributable", "17,769")
    assert (net.kind, net.scale, net.concept) == ("money", 1e6, "net_income")
    shares = one(facts, "Weighted-average shares", "5,713")
    assert (shares.kind, shares.scale, shares.per_share_class, shares.measure) == (
        "count",
        1e6,
        "diluted",
        "weighted_average",
    )


def test_three_balance_sheet_dates_and_a_retailers_fiscal_quarter(make_pdf):
    page = indented(
        [
            (60, "FORM 10-Q"),
            (60, "For the quarterly period ended July 29, 2023"),
            (60, "Consolidated Balance Sheets"),
            (60, "(in millions) July 29, 2023 January 28, 2023 July 30, 2022"),
            (60, "Cash and cash equivalents $ 1,093 $ 1,874 $ 840"),
            (60, "Total current assets 11,410 12,902 13,200"),
            (60, "Total assets $ 15,222 $ 15,803 $ 16,500"),
            (60, "Total liabilities 12,100 12,300 13,000"),
            (60, "Total equity 3,122 3,503 3,500"),
        ]
    )
    facts = read(make_pdf("bs.pdf", [page]))
    ends = {f.period.end for f in facts if f.label == "Total assets" and f.period}
    assert ends == {date(2023, 7, 29), date(2023, 1, 28), date(2022, 7, 30)}
    latest = one(facts, "Total assets", "15,222")
    assert latest.period is not None and latest.period.kind == "instant"
    assert (latest.period.fiscal_year, latest.period.fiscal_quarter) == (2024, 2)  # year ends in January
    assert one(facts, "Total assets", "15,803").period.fiscal_year == 2023  # type: ignore[union-attr]


def test_release_week_columns(make_pdf):
    page = indented(
        [
            (60, "Condensed Consolidated Statements of Earnings (Unaudited)"),
            (60, "Fiscal periods  13 Weeks Ended        52 Weeks Ended"),
            (60, "Period end  January 28, January 29, January 28, January 29,"),
            (60, "($ in millions) 2023 2022 2023 2022"),
            (60, "Revenue $ 14,735 $ 16,365 $ 46,298 $ 51,761"),
            (60, "Operating income 594 932 1,795 3,039"),
        ]
    )
    facts = read(make_pdf("release.pdf", [page]))
    quarter = one(facts, "Revenue", "14,735").period
    year = one(facts, "Revenue", "46,298").period
    assert quarter is not None and (quarter.weeks, quarter.months, quarter.end) == (13, 3, date(2023, 1, 28))
    assert year is not None and (year.weeks, year.months, year.end) == (52, 12, date(2023, 1, 28))


def test_release_percent_change_columns(make_pdf):
    page = indented(
        [
            (60, "Supplementary Sales Data"),
            (60, "(Dollars in Millions) FOURTH QUARTER"),
            (300, "Percent Change"),
            (60, "2022 2021 Reported Operational Currency"),
            (60, "Sales to customers by geographic area"),
            (60, "U.S. $ 12,516 12,163 2.9 % 2.9 -"),
            (60, "Europe 5,816 6,925 (16.0) (6.3) (9.7)"),
            (60, "Worldwide $ 23,706 24,804 (4.4) % 0.9 (5.3)"),
        ]
    )
    facts = read(make_pdf("sales.pdf", [page]))
    europe = one(facts, "Europe", "5,816")
    assert europe.member is not None and (europe.member.name, europe.member.axis) == ("Europe", "geography")
    assert (europe.concept, europe.scale, europe.period.months) == ("revenue", 1e6, 3)  # type: ignore[union-attr]
    reported = one(facts, "Europe", "(16.0)")
    assert (reported.kind, reported.measure, reported.scale, reported.basis) == ("percent", "pct_change", 1.0, "gaap")
    assert reported.period is not None and reported.period.fiscal_year == 2022  # the change is the latest period's
    operational = one(facts, "Europe", "(6.3)")
    assert (operational.measure, operational.basis) == ("pct_change", "comparable")
    worldwide = one(facts, "Worldwide", "23,706")
    assert worldwide.member is None and worldwide.concept == "revenue"


# ------------------------------------------------------------------------------ scale scopes


def test_page_header_scale_reaches_every_table_without_its_own(make_pdf):
    page = indented(
        [
            (60, "$ in millions, except per share amounts"),
            (60, "ACME CORPORATION"),
            (60, "Quarterly Report"),
            (60, "Condensed Statements of Operations"),
            (60, "Three Months Ended June 30, 2023 2022"),
            (60, "Net sales 5,100 4,900"),
            (60, "Operating income 600 550"),
            (60, "Diluted earnings per share $ 1.25 $ 1.10"),
            (60, "Some words between the two tables of this page."),
            (60, "Segment results"),
            (60, "Three Months Ended June 30, 2023 2022"),
            (60, "Research and development 410 390"),
        ]
    )
    facts = read(make_pdf("header.pdf", [page]))
    for label, text in (("Net sales", "5,100"), ("Research and development", "410")):
        fact = one(facts, label, text)
        assert (fact.scale, fact.scale_source) == (1e6, "page_header")
    eps = one(facts, "Diluted earnings per share", "1.25")
    assert (eps.scale, eps.kind) == (1.0, "per_share")


def test_a_table_in_thousands_after_one_in_millions_keeps_its_own_scale(make_pdf):
    page = indented(
        [
            (60, "Results of operations"),
            (60, "Quarterly data follows for the period."),
            (60, "Summary of results"),
            (60, "(in millions)"),
            (60, "Year Ended December 31, 2022 2021"),
            (60, "Net sales 5,100 4,900"),
            (60, "A sentence that ends the first table and leads to the next one."),
            (60, "Store data"),
            (60, "(in thousands)"),
            (60, "Year Ended December 31, 2022 2021"),
            (60, "Gift card liability 12,300 11,800"),
            (60, "Another sentence closing the second table of the page, before the third."),
            (60, "Other data"),
            (60, "Year Ended December 31, 2022 2021"),
            (60, "Loyalty members 1,234 1,111"),
        ]
    )
    facts = read(make_pdf("scopes.pdf", [page]))
    assert (one(facts, "Net sales", "5,100").scale, one(facts, "Net sales", "5,100").scale_source) == (1e6, "caption")
    gift = one(facts, "Gift card liability", "12,300")
    assert (gift.scale, gift.scale_source) == (1e3, "caption")
    members = one(facts, "Loyalty members", "1,234")
    assert (members.scale, members.scale_source) == (1.0, "none")  # no caption: nothing crosses a table boundary


def test_section_scale_holds_until_the_next_item_and_a_row_states_its_own(make_pdf):
    pages = [
        indented(
            [
                (60, "Item 7. Management's Discussion and Analysis"),
                (60, "Tabular dollars are presented in millions, except per share amounts, unless noted."),
                (60, "Our business grew in the year."),
            ]
        ),
        indented(
            [
                (60, "Results by year"),
                (60, "Year Ended December 31, 2022 2021"),
                (60, "Net sales 8,100 7,900"),
                (60, "Backlog (in billions) 12.5 11.0"),
                (60, "Gross margin % 41.2 % 40.1 %"),
            ]
        ),
        indented(
            [
                (60, "Item 8. Financial Statements and Supplementary Data"),
                (60, "Other figures"),
                (60, "Year Ended December 31, 2022 2021"),
                (60, "Capital expenditures $ 410 $ 390"),
            ]
        ),
    ]
    facts = read(make_pdf("section.pdf", pages))
    sales = one(facts, "Net sales", "8,100")
    assert (sales.scale, sales.scale_source) == (1e6, "section")
    backlog = one(facts, "Backlog", "12.5")
    assert (backlog.scale, backlog.scale_source) == (1e9, "row")
    margin = one(facts, "Gross margin", "41.2%")
    assert (margin.kind, margin.scale) == ("percent", 1.0)
    capex = one(facts, "Capital expenditures", "410")
    assert (capex.kind, capex.scale, capex.scale_source) == ("money", 1.0, "none")  # Item 8 ends Item 7's statement


@pytest.mark.parametrize(
    ("statement", "scaled"),
    [
        ("(Dollars in millions, except otherwise stated)", True),  # said of all the section: its prose too
        ("(Dollars in millions)", False),  # a caption's words: of a table
        ("Tabular dollars are presented in millions, unless otherwise noted.", False),  # of the tables only
    ],
)
def test_a_bare_amount_of_prose_takes_a_section_statement_that_covers_it(make_pdf, statement, scaled):
    """'$376' in Boeing's notes, under '(Dollars in millions, except otherwise stated)' at their start, is $376
    million; a price or a value of one thing is not scaled, and a scale word wrapped to the next line is read."""
    page = indented(
        [
            (60, "Item 8. Financial Statements and Supplementary Data"),
            (60, "Notes to the Consolidated Financial Statements for the years ended December 31, 2022 and 2021"),
            (60, statement),
            (
                60,
                "As of December 31, 2022 and 2021 the cash surrender value was $376 and $374 and the loans were $346.",
            ),
            (60, "The weighted-average fair value per option granted during 2022 was $31.91 and the dividend was $5"),
            (
                60,
                "per share. The graph assumes an investment of $100 on May 31, 2018 in our common stock and the index.",
            ),
            (60, "The total notional amounts of outstanding cash flow hedges were $2.43 billion and $2.06"),
            (60, "billion at December 31, 2022 and 2021, respectively, as our hedging program describes in this note."),
            (60, "Each unit had an initial value of $250 dollars. The contract price of $890 was set in the year."),
        ]
    )
    facts = [f for f in read(make_pdf("notes.pdf", [page])) if f.provenance.table is None]
    scale = {f.text: (f.scale, f.scale_source) for f in facts}
    assert scale["$376"] == ((1e6, "section") if scaled else (1.0, "none"))
    assert scale["$346"] == scale["$890"] == scale["$376"]  # a contract's price is an amount
    assert scale["$31.91"][0] == scale["$5"][0] == scale["$100"][0] == 1.0  # cents, per share, an investment of one
    assert scale["$250"][0] == 1.0  # the value of each unit
    assert scale["$2.06"] == (1e9, "row")  # 'billion' wrapped to the next line


def test_a_table_s_caption_scales_no_prose_after_the_table(make_pdf):
    """'(in millions, except where otherwise noted)' over a table (JPMorgan's 10-Q) is the table's: the prose after
    it writes its own scale words, and a bare '$69.1' there is not millions."""
    page = indented(
        [
            (60, "Item 2. Management's Discussion and Analysis"),
            (60, "Selected metrics of the business for the periods presented in this report"),
            (60, "(in millions, except where otherwise noted)"),
            (60, "Year Ended December 31, 2022 2021"),
            (60, "Net sales 8,100 7,900"),
            (60, "Operating income 1,200 1,100"),
            (60, "Lending-related commitments increased $69.1 from the prior year, driven by new client activity."),
        ]
    )
    facts = [f for f in read(make_pdf("caption.pdf", [page])) if f.provenance.table is None]
    assert {f.text: f.scale for f in facts}["$69.1"] == 1.0


# ------------------------------------------------------------------------------ members


def test_segment_members_by_row_and_by_sub_heading(make_pdf):
    page = indented(
        [
            (60, "Note 15. Segments"),
            (60, "Net sales by reportable segment"),
            (60, "(in millions)"),
            (60, "Year Ended December 31, 2022 2021"),
            (60, "Safety and Industrial 11,600 11,900"),
            (60, "Transportation and Electronics 8,900 9,100"),
            (60, "Total 20,500 21,000"),
            (60, "The segments are managed separately."),
            (60, "Segment detail"),
            (60, "(in millions)"),
            (60, "Year Ended December 31, 2022 2021"),
            (60, "Transportation and Electronics"),
            (70, "Net sales 8,900 9,100"),
            (70, "Operating income 1,700 1,800"),
        ]
    )
    facts = read(make_pdf("segments.pdf", [page]))
    safety = one(facts, "Safety and Industrial", "11,600")
    assert safety.member is not None and (safety.member.name, safety.member.axis) == (
        "Safety and Industrial",
        "segment",
    )
    assert safety.concept == "revenue"
    income = one(facts, "Operating income", "1,700")
    assert income.member is not None and income.member.name == "Transportation and Electronics"
    assert income.concept == "operating_income"
    assert one(facts, "Total", "20,500").member is None


def test_parent_only_schedule_is_the_registrant_alone(make_pdf):
    page = indented(
        [
            (60, "Schedule I - Condensed Financial Information of the Registrant"),
            (60, "Parent Company Balance Sheets"),
            (60, "(in millions) December 31, 2022 2021"),
            (60, "Cash and cash equivalents 120 95"),
            (60, "Investments in subsidiaries 45,000 41,000"),
            (60, "Total assets 45,300 41,200"),
        ]
    )
    facts = read(make_pdf("schedule.pdf", [page]))
    assets = one(facts, "Total assets", "45,300")
    assert assets.member is not None and (assets.member.name, assets.member.axis) == ("Parent company", "entity")
    assert assets.period is not None and assets.period.kind == "instant"


# ------------------------------------------------------------------------------ sentences, cache, API


def test_figures_in_sentences(make_pdf):
    page = indented([(60, "Net sales were $3.1 billion in fiscal 2023, up 4% from the prior year.")])
    facts = read(make_pdf("prose.pdf", [page]))
    sales = one(facts, "Net sales", "$3.1 billion")
    assert (sales.kind, sales.scale, sales.scale_source, sales.currency, sales.concept) == (
        "money",
        1e9,
        "row",
        "USD",
        "revenue",
    )
    assert sales.provenance.table is None
    growth = one(facts, "Net sales", "4%")
    assert growth.kind == "percent" and growth.scale == 1.0


def test_facts_are_cached_at_ingest_and_read_back(make_pdf, isolated_env):
    path = make_pdf("q.pdf", [indented(QUARTERLY)])
    first = read(path)
    files = list((isolated_env / "cache" / "facts").rglob(f"*-f{FACTS_VERSION}-t{TABLES_VERSION}.facts"))
    assert len(files) == 1
    document = Ingestor(load_settings({})).ingest([path]).documents[0]
    assert document.facts_file == str(files[0]) and facts_for_document(document) == first
    line = first[0].provenance.global_line
    assert {f.provenance.global_line for f in facts_on_lines(document, [line])} == {line}
    lines_file = next((isolated_env / "cache" / "lines").rglob("*.json"))
    assert facts_path(lines_file) == files[0]
    files[0].write_text(json.dumps({"version": "0", "facts": []}))  # another reader's version: read again
    again = Ingestor(load_settings({})).ingest([path]).documents[0]
    assert facts_for_document(again) == first and json.loads(files[0].read_text())["version"] == FACTS_VERSION


def test_cli_ingest_types_the_figures_at_once(make_pdf, run_cli, isolated_env):
    path = make_pdf("q.pdf", [indented(QUARTERLY)])
    code, _, _ = run_cli("ingest", path)
    assert code == 0 and len(list((isolated_env / "cache" / "facts").rglob("*.facts"))) == 1


# ------------------------------------------------------------------------------ CLI


def test_cli_facts_text_json_and_csv(make_pdf, run_cli):
    path = make_pdf("q.pdf", [indented(QUARTERLY)])
    code, out, _ = run_cli("facts", path, "--page", "1", "--tables-only")
    assert code == 0 and "Revenues" in out and "6M to 2023-07-02" in out and "USD millions" in out
    code, out, _ = run_cli("facts", path, "--concept", "diluted EPS", "--json")
    items = json.loads(out)
    assert code == 0 and {i["concept"] for i in items} == {"eps_diluted"} and len(items) == 4
    first = items[0]
    for key in (
        "value",
        "unit",
        "scale",
        "currency",
        "concept",
        "period",
        "member",
        "basis",
        "measure",
        "page",
        "line",
    ):
        assert key in first
    assert first["period"]["end"] and first["unit"] == "USD per share"
    code, out, _ = run_cli("facts", path, "--concept", "revenue", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == 4 and rows[0]["scale"] == "1000000.0" and rows[0]["period_kind"] == "duration"


def test_cli_facts_bad_input(make_pdf, run_cli, tmp_path):
    path = make_pdf("q.pdf", [indented(QUARTERLY)])
    code, _, err = run_cli("facts", path, "--concept", "zzz quux")
    assert code == 2 and "names no line item" in err
    code, _, err = run_cli("facts", path, "--page", "9")
    assert code == 3 and "page 9 does not exist" in err
    code, _, err = run_cli("facts", tmp_path / "missing.pdf")
    assert code == 3 and "error:" in err
    code, _, err = run_cli("facts", path, "--json", "--csv")
    assert code == 2


# ------------------------------------------------------------------------------ real shared pages


@needs_shared
def test_real_10q_statement_page():
    facts = read(PDFS / "Pfizer_2023Q2_10Q.pdf")
    page = [f for f in facts if f.provenance.page == 8]
    half = one(page, "Revenues", "31,015")
    assert half.period is not None and (half.period.months, half.period.end) == (6, date(2023, 7, 2))
    eps = one(page, "Net income attributable to Pfizer", "3.10")
    assert (eps.concept, eps.per_share_class, eps.scale) == ("eps_diluted", "diluted", 1.0)
    pretax = one(page, "Income from continuing operations before", "2,269")
    assert pretax.concept == "pretax_income"
    sheet = [f for f in facts if f.provenance.page == 10]
    assert one(sheet, "Total liabilities and equity", "220,168").concept is None  # two line items, neither alone
    assert one(sheet, "Other current assets", "4,828").concept is None  # a part of current assets
    assert one(sheet, "Total current assets", "73,347").concept == "current_assets"


@needs_shared
def test_real_release_segment_by_geography():
    facts = read(PDFS / "JOHNSON_JOHNSON_2022Q4_EARNINGS.pdf")
    page = [f for f in facts if f.provenance.page == 8]
    consumer = one(page, "U.S.", "1,696")
    assert consumer.member is not None and consumer.member.name == "Consumer Health — U.S."
    assert (consumer.concept, consumer.scale, consumer.period.months) == ("revenue", 1e6, 3)  # type: ignore[union-attr]
    operational = one(page, "Worldwide", "6.1")
    assert (operational.measure, operational.basis, operational.period.months) == (  # type: ignore[union-attr]
        "pct_change",
        "comparable",
        12,
    )


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__, "-n", "0"])


def test_footnote_marked_year_header_and_column_groups_named_by_line_items(make_pdf):
    page = indented(
        [
            (60, "Item 6. Selected Financial Data"),
            (60, "(Dollars in millions, except per share amounts) 2018* 2017 2016"),
            (60, "Years ended December 31:"),
            (66, "Net sales $ 32,765 $ 31,657 $ 30,109"),
            (60, "At December 31:"),
            (66, "Total assets $ 36,500 $ 37,987 $ 32,906"),
            (66, "Backlog $ 5,100 $ 4,800 $ 4,500"),
            (60, "Business segment information"),
            (60, "Net Sales Operating Income"),
            (60, "(Millions) 2018 2017 2018 2017"),
            (60, "Industrial $ 12,267 $ 11,866 $ 2,737 $ 2,490"),
            (60, "Health Care 6,021 5,853 1,799 1,764"),
        ]
    )
    facts = read(make_pdf("selected.pdf", [page]))
    assert not [f for f in facts if f.text == "2017"]  # the header is not a row of figures
    sales = one(facts, "Net sales", "32,765")
    assert (sales.scale, sales.period.kind, sales.period.end) == (1e6, "duration", date(2018, 12, 31))  # type: ignore[union-attr]
    backlog = one(facts, "Backlog", "4,800")  # not a balance-sheet line item: an instant by its sub-heading
    assert backlog.period is not None and (backlog.period.kind, backlog.period.end) == ("instant", date(2017, 12, 31))
    assets = one(facts, "Total assets", "37,987")
    assert assets.period is not None and (assets.period.kind, assets.period.end) == ("instant", date(2017, 12, 31))
    income = one(facts, "Health Care", "1,799")
    assert (income.concept, income.member.name if income.member else None) == ("operating_income", "Health Care")
    assert one(facts, "Industrial", "12,267").concept == "revenue"


def test_release_prose_periods_members_and_changes(make_pdf):
    pages = [
        indented(
            [
                (60, "ACME RESORTS REPORTS FOURTH QUARTER AND FULL YEAR 2022 RESULTS"),
                (60, "Fourth Quarter 2022 Financial Highlights:"),
                (60, "• Net income attributable to Acme of $284 million, which was impacted by the items"),
                (60, "affecting operating loss discussed above, compared to $131 million in the prior year quarter;"),
                (60, "Desert Strip Resorts"),
                (
                    60,
                    "• Net revenues of $2.3 billion in the current quarter compared to $1.8 billion in the prior year",
                ),
                (60, "quarter, an increase of 27%."),
            ]
        ),
        indented(
            [
                (60, "Net revenues by segment"),
                (60, "(in thousands) Three Months Ended December 31, 2022 2021"),
                (60, "Desert Strip Resorts $ 2,300,100 $ 1,800,200"),
                (60, "Lakeside Operations 991,000 900,000"),
            ]
        ),
    ]
    facts = read(make_pdf("release.pdf", pages, info={"Title": "Acme Resorts Q4 2022 earnings release"}))
    net = one(facts, "• Net income", "$284 million")
    assert net.concept == "net_income" and net.period is not None and net.period.months == 3
    prior = one(facts, "affecting operating loss", "$131 million")
    assert prior.concept == "net_income"  # compared back to the sentence's subject, not 'operating loss'
    assert prior.period is not None and (prior.period.months, prior.period.fiscal_year) == (
        3,
        net.period.fiscal_year - 1,
    )  # type: ignore[operator]
    revenue = one(facts, "• Net revenues", "$2.3 billion")
    assert revenue.member is not None and revenue.member.name == "Desert Strip Resorts"
    assert (revenue.concept, revenue.scale, revenue.period.months) == ("revenue", 1e9, 3)  # type: ignore[union-attr]
    growth = one(facts, "quarter, an increase", "27%")
    assert (growth.measure, growth.kind) == ("pct_change", "percent")


def test_member_rows_take_the_line_item_of_the_row_that_totals_them(make_pdf):
    page = indented(
        [
            (60, "Note 12. Segments"),
            (60, "The following table presents information about reportable segments:"),
            (60, "($ million, except per share amounts) Year Ended June 30, 2023 2022"),
            (60, "Flexibles $ 11,154 $ 11,151"),
            (60, "Rigid Packaging 3,540 3,393"),
            (60, "Net sales $ 14,694 $ 14,544"),
            (60, "Adjusted EBIT by segment"),
            (60, "Flexibles 1,429 1,517"),
            (60, "Rigid Packaging 265 289"),
            (60, "Adjusted EBIT 1,694 1,806"),
        ]
    )
    facts = read(make_pdf("blocks.pdf", [page]))
    sales = one(facts, "Rigid Packaging", "3,540")
    assert sales.member is not None and sales.member.name == "Rigid Packaging"
    assert (sales.concept, sales.basis, sales.scale, sales.kind) == ("revenue", "gaap", 1e6, "money")  # '$ million'
    ebit = one(facts, "Rigid Packaging", "265")
    assert (ebit.concept, ebit.basis) == ("operating_income", "adjusted")


def test_amount_and_percent_to_sales_pairs_then_a_change_column(make_pdf):
    page = indented(
        [
            (60, "Condensed Consolidated Statement of Earnings"),
            (60, "(Unaudited; in Millions Except Per Share Figures) FOURTH QUARTER"),
            (60, "2022 2021 Percent"),
            (60, "Percent Percent Increase"),
            (60, "Amount to Sales Amount to Sales (Decrease)"),
            (60, "Sales to customers $ 23,706 100.0 $ 24,804 100.0 (4.4)"),
            (60, "Cost of products sold 7,765 32.8 7,955 32.1 (2.4)"),
            (60, "Net earnings per share (Diluted) $ 1.33 $ 1.77 (24.9)"),
        ]
    )
    facts = read(make_pdf("pairs.pdf", [page]))
    cost = one(facts, "Cost of products sold", "7,955")
    assert (cost.scale, cost.period.fiscal_year) == (1e6, 2021)  # type: ignore[union-attr]
    share = one(facts, "Cost of products sold", "32.8")
    assert (share.kind, share.measure, share.scale, share.period.fiscal_year) == ("percent", "pct_of_total", 1.0, 2022)  # type: ignore[union-attr]
    change = one(facts, "Cost of products sold", "(2.4)")
    assert (change.measure, change.period.fiscal_year) == ("pct_change", 2022)  # type: ignore[union-attr]
    eps = one(facts, "Net earnings per share", "1.77")
    assert (eps.concept, eps.period.fiscal_year) == ("eps_diluted", 2021)  # type: ignore[union-attr]
