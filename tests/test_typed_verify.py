"""'Supported' compares facts (issue 33): each field of a cited figure against the question's, each formula rule,
yes/no, text, dates, causes and completeness. Every rule has a wrong answer with real quotes that is rejected
with the field named, and a right one that is kept, scripted through the local OpenAI-compatible server."""

from __future__ import annotations

import pytest

from docintel.verify.calculations import CALCULATION_TOLERANCE
from tests.test_values import amount, answer, ask, calculation, operand, span


@pytest.fixture(autouse=True)
def one_call_per_question(monkeypatch):
    monkeypatch.setenv("DOCINTEL_STRATEGY", "combined")


QUARTERLY = [
    [
        "Condensed consolidated statements of operations",
        "(in millions, except per share amounts)",
        "Three Months Ended Six Months Ended",
        "June 30, June 30,",
        "2024 2023 2024 2023",
        "Net sales 1,200.0 1,100.0 2,300.0 2,150.0",
        "Operating income 150.0 140.0 280.0 260.0",
        "Net income 100.0 90.0 190.0 170.0",
        "Adjusted net income 120.0 100.0 220.0 200.0",
        "Earnings per share:",
        "Basic 1.05 0.95 2.00 1.80",
        "Diluted 1.02 0.93 1.96 1.76",
        "Weighted average shares outstanding 95.0 94.0 95.0 94.0",
    ],
    [
        "Segment results",
        "(in millions)",
        "Three Months Ended",
        "2024 2023",
        "Industrial:",
        "Net sales 700.0 650.0",
        "Operating income 90.0 80.0",
        "Consumer:",
        "Net sales 500.0 450.0",
        "Operating income 60.0 60.0",
        "Total net sales 1,200.0 1,100.0",
    ],
    [
        "Outlook and liquidity",
        "We expect full year net sales of $4.8 billion to $5.0 billion in 2024.",
        "The credit agreement requires a maximum leverage ratio of 3.5 times.",
        "No amount was drawn under the revolving credit facility as of June 30, 2024.",
        "Net sales increased 9% in the second quarter of 2024 due to higher volumes.",
        "Net sales increased 9% in the second quarter of 2024.",
        "The Board declared a dividend on July 15, 2024, payable on August 12, 2024.",
    ],
    [
        "Condensed consolidated balance sheets",
        "(in millions)",
        "June 30, 2024 December 31, 2023",
        "Total assets 5,000.0 4,800.0",
        "Total liabilities 3,000.0 2,900.0",
        "Total liabilities and stockholders' equity 5,000.0 4,800.0",
    ],
    [
        "Quarterly results (unaudited)",
        "(in millions)",
        "Q1 2024 Q2 2024",
        "Net sales 1,100.0 1,200.0",
        "Operating margin 11.8% 12.5%",
    ],
    [
        "Condensed consolidated balance sheets",
        "(in millions)",
        "June 30, 2024 March 31, 2024 December 31, 2023",
        "Cash and cash equivalents 410.0 380.0 350.0",
        "Cash, cash equivalents and short-term investments 600.0 550.0 500.0",
    ],
]
NET_SALES = (6, "Net sales 1,200.0 1,100.0 2,300.0 2,150.0")
OPERATING = (7, "Operating income 150.0 140.0 280.0 260.0")
ADJUSTED = (9, "Adjusted net income 120.0 100.0 220.0 200.0")
BASIC = (11, "Basic 1.05 0.95 2.00 1.80")
DILUTED = (12, "Diluted 1.02 0.93 1.96 1.76")
WEIGHTED = (13, "Weighted average shares outstanding 95.0 94.0 95.0 94.0")
INDUSTRIAL = (19, "Net sales 700.0 650.0")
SEGMENT_TOTAL = (24, "Total net sales 1,200.0 1,100.0")
OUTLOOK = (26, "We expect full year net sales of $4.8 billion to $5.0 billion in 2024.")
COVENANT = (27, "The credit agreement requires a maximum leverage ratio of 3.5 times.")
UNDRAWN = (28, "No amount was drawn under the revolving credit facility as of June 30, 2024.")
CAUSED = (29, "Net sales increased 9% in the second quarter of 2024 due to higher volumes.")
UNCAUSED = (30, "Net sales increased 9% in the second quarter of 2024.")
DATES = (31, "The Board declared a dividend on July 15, 2024, payable on August 12, 2024.")
ASSETS = (35, "Total assets 5,000.0 4,800.0")
LIABILITIES = (36, "Total liabilities 3,000.0 2,900.0")
BOTH = (37, "Total liabilities and stockholders' equity 5,000.0 4,800.0")
QUARTERS = (41, "Net sales 1,100.0 1,200.0")
MARGIN_ROW = (42, "Operating margin 11.8% 12.5%")
CASH = (46, "Cash and cash equivalents 410.0 380.0 350.0")
CASH_AND_INVESTMENTS = (47, "Cash, cash equivalents and short-term investments 600.0 550.0 500.0")


@pytest.fixture
def quarterly(make_pdf):
    return make_pdf("acme-2024q2-10q.pdf", QUARTERLY)


def verdict(run_cli, fake_openai, pdf, question, scripted) -> tuple[str, dict]:
    fake_openai.push_answer(scripted)
    code, data, err = ask(run_cli, question, pdf)
    assert data is not None, err
    return data["status"], data["verification"]["items"][0]


def assert_cited_lines(run_cli, pdf, cited) -> None:
    """Each (GLOBAL_LINE, quote) of *cited* is on the line `ingest --lines` gives that number."""
    _, out, _ = run_cli("ingest", pdf, "--lines")
    lines = {row.split("\t")[3]: row.split("\t")[4] for row in out.splitlines()[1:] if row.count("\t") >= 4}
    for number, quote in cited:
        assert quote.split()[0] in lines.get(str(number), ""), (number, quote)


def field(check: dict, name: str) -> dict:
    return next(f for f in check["fields"] if f["field"] == name)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, quarterly):
    code, out, _ = run_cli("ingest", quarterly, "--lines")
    for line, text in (NET_SALES, INDUSTRIAL, OUTLOOK, DATES, BOTH, WEIGHTED):
        assert f"{line}\t" in out.replace(" ", "\t") or text in out


# ------------------------------------------------------------------------------------------------- fields


def test_a_six_month_column_never_answers_a_three_month_question(run_cli, fake_openai, quarterly):
    question = "What were net sales for the three months ended June 30, 2024?"
    six = amount(2300.0, "millions", "Six Months Ended June 30, 2024", NET_SALES, label="Net sales")
    status, check = verdict(run_cli, fake_openai, quarterly, question, six)
    assert status == "unsupported" and field(check, "period")["verdict"] == "mismatch"
    assert "six months" in field(check, "period")["detail"]
    three = amount(1200.0, "millions", "Three Months Ended June 30, 2024", NET_SALES, label="Net sales")
    status, check = verdict(run_cli, fake_openai, quarterly, question, three)
    assert status == "supported" and field(check, "period")["verdict"] == "supported"


def test_a_quarter_named_by_number_is_the_three_months(run_cli, fake_openai, quarterly):
    question = "What was operating income in Q2 2024?"
    six = amount(280.0, "millions", "2024", OPERATING, label="Operating income")
    assert verdict(run_cli, fake_openai, quarterly, question, six)[0] == "unsupported"
    three = amount(150.0, "millions", "2024", OPERATING, label="Operating income")
    assert verdict(run_cli, fake_openai, quarterly, question, three)[0] == "supported"


def test_a_balance_at_another_date_is_a_mismatch(run_cli, fake_openai, quarterly):
    question = "What were total assets as of December 31, 2023?"
    june = amount(5000.0, "millions", "June 30, 2024", ASSETS, label="Total assets")
    status, check = verdict(run_cli, fake_openai, quarterly, question, june)
    assert status == "unsupported"
    december = amount(4800.0, "millions", "December 31, 2023", ASSETS, label="Total assets")
    assert verdict(run_cli, fake_openai, quarterly, question, december)[0] == "supported"


def test_another_quarter_of_the_same_year_is_a_mismatch(run_cli, fake_openai, quarterly):
    question = "What were net sales in Q2 2024?"
    first = amount(1100.0, "millions", "Q1 2024", QUARTERS, label="Net sales")
    status, check = verdict(run_cli, fake_openai, quarterly, question, first)
    assert status == "unsupported" and "Q1" in field(check, "period")["detail"]
    second = amount(1200.0, "millions", "Q2 2024", QUARTERS, label="Net sales")
    assert verdict(run_cli, fake_openai, quarterly, question, second)[0] == "supported"


def test_a_balance_at_another_date_of_the_same_year_is_a_mismatch(run_cli, fake_openai, quarterly):
    question = "What were cash and cash equivalents as of June 30, 2024?"
    march = amount(380.0, "millions", "March 31, 2024", CASH, label="Cash and cash equivalents")
    status, check = verdict(run_cli, fake_openai, quarterly, question, march)
    assert status == "unsupported" and field(check, "period")["verdict"] == "mismatch"
    june = amount(410.0, "millions", "June 30, 2024", CASH, label="Cash and cash equivalents")
    assert verdict(run_cli, fake_openai, quarterly, question, june)[0] == "supported"


def test_a_row_that_adds_another_line_item_is_not_the_one_asked(run_cli, fake_openai, quarterly):
    """Found on a 10-K not used before: 'Cash, cash equivalents and short-term investments' given for cash."""
    question = "What were cash and cash equivalents as of June 30, 2024?"
    summed = amount(600.0, "millions", "June 30, 2024", CASH_AND_INVESTMENTS, label="Cash and cash equivalents")
    status, check = verdict(run_cli, fake_openai, quarterly, question, summed)
    assert status == "unsupported" and check["concept_check"] == "mismatch" and "adds" in check["detail"]


def test_a_count_question_is_never_answered_with_money(run_cli, fake_openai, quarterly):
    """Found on a 10-K not used before: 'How many paid memberships' answered with 'Income taxes paid'."""
    question = "How many paid accounts did the company have as of June 30, 2024?"
    money = amount(410.0, "millions", "June 30, 2024", CASH, label="Paid accounts")
    status, check = verdict(run_cli, fake_openai, quarterly, question, money)
    assert status == "unsupported" and check["kind_check"] == "mismatch" and "how many" in check["detail"]


def test_a_segment_row_never_answers_the_consolidated_line(run_cli, fake_openai, quarterly):
    question = "What were net sales in the second quarter of 2024?"
    segment = amount(700.0, "millions", "2024", INDUSTRIAL, label="Net sales")
    status, check = verdict(run_cli, fake_openai, quarterly, question, segment)
    assert status == "unsupported" and field(check, "member")["verdict"] == "mismatch"
    assert "Industrial" in field(check, "member")["detail"] and "consolidated" in field(check, "member")["detail"]


def test_a_segment_s_question_is_not_answered_with_the_total(run_cli, fake_openai, quarterly):
    question = "What were net sales of the Industrial segment in the second quarter of 2024?"
    total = amount(1200.0, "millions", "2024", SEGMENT_TOTAL, label="Industrial net sales")
    status, check = verdict(run_cli, fake_openai, quarterly, question, total)
    assert status != "supported" and field(check, "member")["verdict"] == "mismatch"
    right = amount(700.0, "millions", "2024", INDUSTRIAL, label="Industrial net sales")
    status, check = verdict(run_cli, fake_openai, quarterly, question, right)
    assert field(check, "member")["verdict"] == "supported"


def test_an_adjusted_figure_never_answers_a_gaap_question(run_cli, fake_openai, quarterly):
    question = "What was net income for the three months ended June 30, 2024?"
    adjusted = amount(120.0, "millions", "2024", ADJUSTED, label="Net income")
    status, check = verdict(run_cli, fake_openai, quarterly, question, adjusted)
    assert status == "unsupported" and field(check, "basis")["detail"] == "basis: adjusted ≠ gaap"
    asked = "What was adjusted net income for the three months ended June 30, 2024?"
    assert verdict(run_cli, fake_openai, quarterly, asked, adjusted)[0] == "supported"


def test_basic_eps_never_answers_a_diluted_question(run_cli, fake_openai, quarterly):
    question = "What was diluted earnings per share for the three months ended June 30, 2024?"
    basic = amount(1.05, "per_share", "2024", BASIC, label="Diluted EPS")
    status, check = verdict(run_cli, fake_openai, quarterly, question, basic)
    assert status == "unsupported" and field(check, "share_class")["verdict"] == "mismatch"
    diluted = amount(1.02, "per_share", "2024", DILUTED, label="Diluted EPS")
    assert verdict(run_cli, fake_openai, quarterly, question, diluted)[0] == "supported"


def test_a_weighted_average_count_is_not_shares_outstanding(run_cli, fake_openai, quarterly):
    question = "How many shares were outstanding at June 30, 2024?"
    weighted = amount(95.0, "millions", "2024", WEIGHTED, label="Shares outstanding", currency=None)
    status, check = verdict(run_cli, fake_openai, quarterly, question, weighted)
    assert status != "supported"


def test_guidance_never_answers_a_question_about_the_actual(run_cli, fake_openai, quarterly):
    question = "What were net sales in 2024?"
    guided = amount(4.8, "billions", "2024", OUTLOOK, label="Net sales")
    status, check = verdict(run_cli, fake_openai, quarterly, question, guided)
    assert status == "unsupported" and field(check, "scenario")["verdict"] == "mismatch"


def test_a_bound_of_a_range_is_no_value(run_cli, fake_openai, quarterly):
    question = "What net sales does the company expect for 2024?"
    bound = amount(4.8, "billions", "2024", OUTLOOK, label="Expected net sales")
    status, check = verdict(run_cli, fake_openai, quarterly, question, bound)
    assert status == "unsupported" and field(check, "range")["verdict"] == "mismatch"
    asked = "What is the low end of the net sales the company expects for 2024?"
    status, check = verdict(run_cli, fake_openai, quarterly, asked, bound)
    assert not any(f["field"] == "range" and f["verdict"] == "mismatch" for f in check["fields"])


def test_a_covenant_s_limit_is_not_the_actual_ratio(run_cli, fake_openai, quarterly):
    question = "What was the leverage ratio at June 30, 2024?"
    limit = amount(3.5, "ratio", "2024", COVENANT, label="Leverage ratio", currency=None)
    status, check = verdict(run_cli, fake_openai, quarterly, question, limit)
    assert status == "unsupported" and field(check, "scenario")["verdict"] == "mismatch"


def test_another_currency_is_a_mismatch(run_cli, fake_openai, quarterly):
    question = "What was total assets as of June 30, 2024?"
    euros = amount(5000.0, "millions", "June 30, 2024", ASSETS, label="Total assets", currency="EUR")
    status, check = verdict(run_cli, fake_openai, quarterly, question, euros)
    assert status in ("unsupported", "unchecked") and status != "supported"


def test_total_liabilities_and_equity_is_not_total_liabilities(run_cli, fake_openai, quarterly):
    question = "What were total liabilities as of June 30, 2024?"
    both = amount(5000.0, "millions", "June 30, 2024", BOTH, label="Total liabilities")
    status, check = verdict(run_cli, fake_openai, quarterly, question, both)
    assert status == "unsupported" and check["concept_check"] == "mismatch"
    right = amount(3000.0, "millions", "June 30, 2024", LIABILITIES, label="Total liabilities")
    assert verdict(run_cli, fake_openai, quarterly, question, right)[0] == "supported"


# ------------------------------------------------------------------------------------------------ formulas


def _ratio(value, expression, *operands, unit="percent", label="Operating margin"):
    """A computed amount citing its first operand's line, the calculation citing each operand's own."""
    first = operands[0]["span"]
    item = {
        "label": label,
        "amount": {"value": value, "currency": None, "unit": unit},
        "period": "2024",
        "calculation": calculation(expression, value, *operands),
        "spans": [span(first["line_start"], first["quote"])],
    }
    return answer("amount", item)


def test_one_operand_never_stands_for_a_ratio(run_cli, fake_openai, quarterly):
    question = "What was the operating margin in Q2 2024?"
    alone = _ratio(12.5, "a", operand("a", 12.5, "Q2 2024", MARGIN_ROW, name="Operating margin"))
    status, check = verdict(run_cli, fake_openai, quarterly, question, alone)
    assert status == "unsupported" and "one figure" in field(check, "formula")["detail"]
    question = "What was the operating margin for the three months ended June 30, 2024?"
    a = operand("a", 150.0, "2024", OPERATING)
    b = operand("b", 1200.0, "2024", NET_SALES)
    right = _ratio(12.5, "a / b * 100", a, b)
    status, check = verdict(run_cli, fake_openai, quarterly, question, right)
    assert status == "supported" and field(check, "formula")["verdict"] == "supported"


def test_a_growth_rate_is_over_the_earlier_period(run_cli, fake_openai, quarterly):
    question = "What was the growth in net sales for the three months ended June 30, 2024 over 2023?"
    later, earlier = operand("a", 1200.0, "2024", NET_SALES), operand("b", 1100.0, "2023", NET_SALES)
    wrong_base = _ratio(8.33, "(a - b) / a * 100", later, earlier, label="Net sales growth")
    status, check = verdict(run_cli, fake_openai, quarterly, question, wrong_base)
    assert status == "unsupported" and any(
        f["field"] == "formula" and f["verdict"] == "mismatch" and "earlier" in f["detail"] for f in check["fields"]
    )
    right = _ratio(9.09, "(a - b) / b * 100", later, earlier, label="Net sales growth")
    status, check = verdict(run_cli, fake_openai, quarterly, question, right)
    assert not any(f["verdict"] == "mismatch" for f in check["fields"])


def test_a_quotient_of_two_years_is_no_ratio(run_cli, fake_openai, quarterly):
    question = "What was the operating margin for the three months ended June 30, 2024 and 2023?"
    a = operand("a", 150.0, "2024", OPERATING)
    b = operand("b", 1100.0, "2023", NET_SALES)
    mixed = _ratio(13.64, "a * 100 / b", a, b)
    status, check = verdict(run_cli, fake_openai, quarterly, question, mixed)
    assert status == "unsupported" and "different years" in check["detail"]


def test_operands_that_are_not_the_formula_s_are_rejected(run_cli, fake_openai, quarterly):
    question = "What was the operating margin for the three months ended June 30, 2024?"
    a = operand("a", 150.0, "2024", OPERATING)
    b = operand("b", 1200.0, "2024", NET_SALES)
    inverted = _ratio(800.0, "b / a * 100", a, b)
    status, check = verdict(run_cli, fake_openai, quarterly, question, inverted)
    assert status == "unsupported"


@pytest.mark.parametrize("off, kept", [(0.004, True), (0.006, False)])
def test_the_recompute_tolerance_is_half_a_percent(run_cli, fake_openai, quarterly, off, kept):
    assert CALCULATION_TOLERANCE == 0.005
    question = "What was the operating margin for the three months ended June 30, 2024?"
    a = operand("a", 150.0, "2024", OPERATING)
    b = operand("b", 1200.0, "2024", NET_SALES)
    stated = 12.5 * (1 + off)
    status, check = verdict(run_cli, fake_openai, quarterly, question, _ratio(stated, "a / b * 100", a, b))
    assert (status == "supported") is kept and (check["calculation_check"] == "verified") is kept


# ------------------------------------------------------------------------------- yes/no, text, dates, parts


def boolean(value: bool, cited) -> dict:
    """A yes/no answer of one item citing *cited* (line, quote)."""
    return answer("boolean", {"value": value, "explanation": "as quoted", "spans": [span(*cited)]})


def test_a_yes_contradicted_by_its_own_quote_is_rejected(run_cli, fake_openai, quarterly):
    question = "Was any amount drawn under the revolving credit facility as of June 30, 2024?"
    status, check = verdict(run_cli, fake_openai, quarterly, question, boolean(True, UNDRAWN))
    assert status == "unsupported" and field(check, "polarity")["verdict"] == "mismatch"
    status, check = verdict(run_cli, fake_openai, quarterly, question, boolean(False, UNDRAWN))
    assert field(check, "polarity")["verdict"] == "supported"


def _text(text: str, *cited) -> dict:
    return answer("text", {"text": text, "spans": [span(*c) for c in cited]})


def test_a_text_that_negates_its_quote_is_contradicted(run_cli, fake_openai, quarterly):
    question = "What was drawn under the revolving credit facility?"
    wrong = _text("An amount was drawn under the revolving credit facility.", UNDRAWN)
    status, check = verdict(run_cli, fake_openai, quarterly, question, wrong)
    assert status == "unsupported" and field(check, "polarity")["verdict"] == "mismatch"


def test_a_why_question_needs_a_quote_that_states_a_cause(run_cli, fake_openai, quarterly):
    question = "Why did net sales increase in the second quarter of 2024?"
    status, check = verdict(run_cli, fake_openai, quarterly, question, _text("Net sales increased 9%.", UNCAUSED))
    assert status == "unsupported" and field(check, "cause")["verdict"] == "mismatch"
    right = _text("Net sales increased 9% due to higher volumes.", CAUSED)
    status, check = verdict(run_cli, fake_openai, quarterly, question, right)
    assert field(check, "cause")["verdict"] == "supported"


def test_a_date_said_of_another_event_is_rejected(run_cli, fake_openai, quarterly):
    question = "When is the dividend payable?"
    wrong = answer(
        "date",
        {"label": "Payable", "date": {"iso": "2024-07-15", "original_text": "July 15, 2024"}, "spans": [span(*DATES)]},
    )
    status, check = verdict(run_cli, fake_openai, quarterly, question, wrong)
    assert status == "unsupported" and field(check, "event")["verdict"] == "mismatch"
    right = answer(
        "date",
        {
            "label": "Payable",
            "date": {"iso": "2024-08-12", "original_text": "August 12, 2024"},
            "spans": [span(*DATES)],
        },
    )
    status, check = verdict(run_cli, fake_openai, quarterly, question, right)
    assert field(check, "event")["verdict"] == "supported"


def test_a_part_left_out_is_partial_never_supported(run_cli, fake_openai, quarterly):
    question = "What were net sales and operating income for the three months ended June 30, 2024?"
    half = amount(1200.0, "millions", "2024", NET_SALES, label="Net sales")
    fake_openai.push_answer(half)
    code, data, err = ask(run_cli, question, quarterly, "--strict")
    assert data["status"] == "partial" and code == 6
    assert any(f["field"] == "completeness" for c in data["verification"]["items"] for f in c["fields"])
    code, out, _ = run_cli("traces", "list")
    assert "partial" in out


def test_core_earnings_are_a_non_gaap_basis(run_cli, fake_openai, make_pdf):
    """'Core net income' is the company's non-GAAP measure (red team round 3 took it for net income); 'core
    deposits' is no basis."""
    pdf = make_pdf(
        "bank-release.pdf",
        [
            [
                "Consolidated financial highlights",
                "(in millions)",
                "Year Ended December 31,",
                "2024 2023",
                "Net income 410.0 380.0",
                "Core net income 455.0 402.0",
                "Core deposits 9,100.0 8,700.0",
            ]
        ],
    )
    core = amount(455.0, "millions", "2024", (6, "Core net income 455.0 402.0"), label="Net income")
    status, check = verdict(run_cli, fake_openai, pdf, "What was net income in 2024?", core)
    assert status == "unsupported" and field(check, "basis")["detail"] == "basis: adjusted ≠ gaap"
    assert verdict(run_cli, fake_openai, pdf, "What was core net income in 2024?", core)[0] == "supported"
    deposits = amount(9100.0, "millions", "2024", (7, "Core deposits 9,100.0 8,700.0"), label="Core deposits")
    assert verdict(run_cli, fake_openai, pdf, "How much were core deposits in 2024?", deposits)[0] == "supported"
