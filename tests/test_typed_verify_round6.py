"""Red team round 6's classes (issue 33): a current portion given as the total, a fiscal year given for a
calendar year, a yes from a subsidiary's facility or from an event after the year, and three right answers that
were lost (a cash-flow total that closes its section, amounts listed with their years, an event dated by an
introductory date). Scripted through the local OpenAI-compatible server; each wrong answer rejected naming why,
each right one kept."""

from __future__ import annotations

import pytest

from tests.test_typed_verify import boolean, field, verdict
from tests.test_values import amount, answer, calculation, operand, span

PAGES = [
    [
        "Acme Industries, Inc.",
        "Consolidated balance sheets",
        "(in millions)",
        "December 31, 2024 December 31, 2023",
        "Current operating lease liabilities 410 390",
        "Noncurrent operating lease liabilities 2,150 2,020",
        "Total operating lease liabilities 2,560 2,410",
    ],
    [
        "Consolidated statements of cash flows",
        "Year Ended December 31,",
        "(Dollars in millions) 2024 2023",
        "Cash provided (used) by operations:",
        "Net income 900 800",
        "Depreciation 120 110",
        "Changes in working capital components:",
        "(Increase) decrease in accounts receivable (40) 25",
        "(Increase) decrease in inventories 15 (30)",
        "Cash provided (used) by operations 995 905",
        "Cash provided (used) by investing activities:",
        "Additions to property, plant and equipment (300) (280)",
    ],
    [
        "Notes to consolidated financial statements",
        "Amortization of acquired intangible assets was $52 million and $47 million during the years ended "
        "December 31, 2024 and 2023.",
        "On February 20, 2025, the Company and Lender Co entered into an agreement to terminate the term loan.",
        "Borrowings of $35 million were outstanding under Acme Asia's revolving credit facility at December 31, 2024.",
        "No amounts were drawn on our revolving credit facility at December 31, 2024.",
        "Acme is in Delaware. Acme's revolving credit facility had $20 million drawn at December 31, 2024.",
        "Diluted EPS decreased in 2024 by $0.53 per share, or 50%, when compared to 2023.",
        "On July 17, 2023, the Board authorized $5 billion in share repurchases.",
        "On March 1, 2024, Acme sold its ceramics business, and in the fourth quarter of 2024 it acquired Beta Co.",
        "Acme drew $20 million under the credit agreement led by Lender Co's syndicate at December 31, 2024.",
    ],
]
FISCAL = [
    [
        "Income statements",
        "Year Ended June 30,",
        "(In millions) 2024 2023",
        "Revenue 5,000 4,600",
        "Net income 700 650",
    ],
]

INCOME = [
    [
        "Consolidated statements of income",
        "Year ended December 31,",
        "(In millions, except per share amounts) 2024 2023",
        "Net sales $ 12,650 $ 11,503",
        "Net income $ 512 $ 960",
        "Earnings per common share attributable to",
        "Acme Industries:",
        "Basic (Note 18) $ 0.54 $ 1.11",
        "Diluted (Note 18) $ 0.53 $ 1.07",
        "Net income attributable to common shareholders $ 500 $ 400",
    ],
]
SALES = (4, "Net sales $ 12,650 $ 11,503")
DILUTED = (9, "Diluted (Note 18) $ 0.53 $ 1.07")
ATTRIBUTABLE = (10, "Net income attributable to common shareholders $ 500 $ 400")
CURRENT = (5, "Current operating lease liabilities 410 390")
TOTAL = (7, "Total operating lease liabilities 2,560 2,410")
OPERATIONS = (17, "Cash provided (used) by operations 995 905")
CAPEX = (19, "Additions to property, plant and equipment (300) (280)")
AMORTIZATION = (
    21,
    "Amortization of acquired intangible assets was $52 million and $47 million during the years ended "
    "December 31, 2024 and 2023.",
)
AFTER_YEAR = (22, "the Company and Lender Co entered into an agreement to terminate the term loan")
SUBSIDIARY = (23, "$35 million were outstanding under Acme Asia's revolving credit facility")
REVENUE = (4, "Revenue 5,000 4,600")


@pytest.fixture(autouse=True)
def one_call_per_question(monkeypatch):
    monkeypatch.setenv("DOCINTEL_STRATEGY", "combined")


@pytest.fixture
def filing(make_pdf):
    return make_pdf("acme-2024-10k.pdf", PAGES)


@pytest.fixture
def fiscal(make_pdf):
    return make_pdf("acme-fy2024-10k.pdf", FISCAL)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing, fiscal):
    _, out, _ = run_cli("ingest", filing, "--lines")
    for line, text in (CURRENT, TOTAL, OPERATIONS, CAPEX):
        assert f"{line}\t{text}" in out
    _, out, _ = run_cli("ingest", fiscal, "--lines")
    assert f"{REVENUE[0]}\t{REVENUE[1]}" in out


def test_the_current_portion_never_answers_the_total(run_cli, fake_openai, filing):
    question = "What were total operating lease liabilities at December 31, 2024?"
    wrong = amount(410.0, "millions", "December 31, 2024", CURRENT, label="Operating lease liabilities")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and "(Current not asked)" in check["detail"]
    right = amount(2560.0, "millions", "December 31, 2024", TOTAL, label="Total operating lease liabilities")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check["detail"]
    asked = "What were current operating lease liabilities at December 31, 2024?"
    status, check = verdict(run_cli, fake_openai, filing, asked, wrong)
    assert status == "supported", check["detail"]


def test_a_fiscal_year_column_never_answers_a_calendar_year(run_cli, fake_openai, fiscal):
    question = "What was revenue for calendar year 2024 (January 1 to December 31, 2024)?"
    wrong = amount(5000.0, "millions", "2024", REVENUE, label="Revenue")
    status, check = verdict(run_cli, fake_openai, fiscal, question, wrong)
    assert status == "unsupported" and field(check, "period")["verdict"] == "mismatch"
    assert "2024-12-31" in field(check, "period")["detail"]
    status, check = verdict(run_cli, fake_openai, fiscal, "What was revenue in fiscal 2024?", wrong)
    assert status == "supported", check["detail"]


def test_a_total_that_closes_its_section_is_a_level_not_a_change(run_cli, fake_openai, filing):
    question = "What was free cash flow (cash from operations less capital expenditures) in 2024?"
    a = operand("a", 995.0, "2024", OPERATIONS, name="Cash provided by operations")
    b = operand("b", 300.0, "2024", CAPEX, name="Additions to property, plant and equipment")
    right = amount(
        695.0,
        "millions",
        "2024",
        OPERATIONS,
        CAPEX,
        label="Free cash flow",
        calculation=calculation("a - b", 695.0, a, b),
    )
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check["detail"]


def test_amounts_listed_with_their_years_are_paired_in_order(run_cli, fake_openai, filing):
    question = "How much amortization of acquired intangible assets was recorded in 2024?"
    right = amount(52.0, "millions", "2024", AMORTIZATION, label="Amortization of acquired intangible assets")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check["detail"]
    wrong = amount(47.0, "millions", "2024", AMORTIZATION, label="Amortization of acquired intangible assets")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status == "unsupported" and check["period_check"] == "mismatch" and "2023" in check["detail"]


def test_an_introductory_date_dates_the_clause_it_introduces(run_cli, fake_openai, filing):
    question = "When did the Company and Lender Co enter into the agreement to terminate the term loan?"
    dated = (
        22,
        "On February 20, 2025, the Company and Lender Co entered into an agreement to terminate the term loan.",
    )
    right = answer(
        "date",
        {
            "label": "Agreement",
            "date": {"iso": "2025-02-20", "original_text": "February 20, 2025"},
            "spans": [span(*dated)],
        },
    )
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert field(check, "event")["verdict"] == "supported" and status == "supported"


def test_an_event_dated_after_the_asked_year_does_not_answer_yes(run_cli, fake_openai, filing):
    question = "Did the Company terminate the term loan during 2024?"
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(True, AFTER_YEAR))
    assert status == "unsupported" and "2025" in field(check, "polarity")["detail"]


def test_a_subsidiary_s_facility_does_not_answer_for_the_company(run_cli, fake_openai, filing):
    question = "Did Acme Industries have any amount drawn on its revolving credit facility at December 31, 2024?"
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(True, SUBSIDIARY))
    assert status != "supported" and field(check, "member")["verdict"] == "unknown"
    assert "Acme Asia" in field(check, "member")["detail"]


@pytest.fixture
def income(make_pdf):
    return make_pdf("acme-2024-income.pdf", INCOME)


def test_a_per_share_row_under_a_two_line_heading_is_never_scaled(run_cli, fake_openai, income):
    _, out, _ = run_cli("ingest", income, "--lines")
    assert f"{DILUTED[0]}\t{DILUTED[1]}" in out and f"{SALES[0]}\t{SALES[1]}" in out
    question = "What was diluted earnings per share for 2024?"
    right = amount(0.53, "per_share", "2024", DILUTED, label="Diluted earnings per share")
    status, check = verdict(run_cli, fake_openai, income, question, right)
    assert status == "supported", check["detail"]


def test_growth_in_a_year_is_measured_from_the_year_before(run_cli, fake_openai, income):
    question = "By what percentage did net sales grow in 2024?"
    growth = (12650 - 11503) / 11503 * 100
    a, b = operand("a", 12650.0, "2024", SALES), operand("b", 11503.0, "2023", SALES)
    right = amount(
        round(growth, 2),
        "percent",
        "2024",
        SALES,
        currency=None,
        label="Net sales growth",
        calculation=calculation("(a - b) / b * 100", round(growth, 2), a, b),
    )
    status, check = verdict(run_cli, fake_openai, income, question, right)
    assert status == "supported", check["detail"]


def test_a_growth_question_names_no_member(run_cli, fake_openai, income):
    question = "By what percentage did net income attributable to common shareholders grow in 2024?"
    a, b = operand("a", 500.0, "2024", ATTRIBUTABLE), operand("b", 400.0, "2023", ATTRIBUTABLE)
    right = amount(
        25.0,
        "percent",
        "2024",
        ATTRIBUTABLE,
        currency=None,
        label="Net income growth",
        calculation=calculation("(a - b) / b * 100", 25.0, a, b),
    )
    status, check = verdict(run_cli, fake_openai, income, question, right)
    assert status == "supported", check["detail"]


def test_an_owner_is_read_within_its_sentence(run_cli, fake_openai, filing):
    question = "Did Acme Industries have any amount drawn on its revolving credit facility at December 31, 2024?"
    own = (25, "Delaware. Acme's revolving credit facility had $20 million drawn at December 31, 2024.")
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(True, own))
    assert not any(f["field"] == "member" for f in check["fields"]), check["fields"]


def test_an_owner_not_named_by_the_issuers_name_is_no_related_entity(run_cli, fake_openai, filing):
    question = "Did Acme Industries have any amount drawn on its credit agreement at December 31, 2024?"
    quoted = (29, "Acme drew $20 million under the credit agreement led by Lender Co's syndicate at December 31, 2024.")
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(True, quoted))
    assert not any(f["field"] == "member" for f in check["fields"]), check["fields"]


def test_an_amount_and_its_change_are_no_list_of_years(run_cli, fake_openai, filing):
    question = "By what percentage did diluted EPS decrease in 2024?"
    quoted = (26, "Diluted EPS decreased in 2024 by $0.53 per share, or 50%, when compared to 2023.")
    right = amount(50.0, "percent", "2024", quoted, currency=None, label="Decrease in diluted EPS")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert check["period_check"] != "mismatch", check["detail"]


def test_a_sentence_dated_before_the_year_asked_still_answers_it(run_cli, fake_openai, filing):
    question = "Did the Company have a share repurchase authorization in place during 2024?"
    quoted = (27, "the Board authorized $5 billion in share repurchases")
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(True, quoted))
    assert field(check, "polarity")["verdict"] != "mismatch", check["detail"]


def test_an_introductory_date_stops_at_the_next_period(run_cli, fake_openai, filing):
    question = "When did Acme acquire Beta Co?"
    quoted = (
        28,
        "On March 1, 2024, Acme sold its ceramics business, and in the fourth quarter of 2024 it acquired Beta Co.",
    )
    wrong = answer(
        "date",
        {
            "label": "Acquired",
            "date": {"iso": "2024-03-01", "original_text": "March 1, 2024"},
            "spans": [span(*quoted)],
        },
    )
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and field(check, "event")["verdict"] != "supported"
