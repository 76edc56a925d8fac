"""Rules for wrong answers that were caught only because their period was unknown (red team rounds 1, 4, 5 and 11):
each is now rejected by what is wrong with it. An amount printed in cents ('EPS (diluted US cents) 70.5', '12.25
cents per share') is a hundredth of the currency; earnings before interest and taxes is not income before income
taxes; a growth rate is over the earlier year where only ingest read the operands' years (a row that also prints the
change and the % change); a quarter's ratio its footnote says is annualized is not the quarter's own return."""

from __future__ import annotations

import json

import pytest

from tests.conftest import FINANCEBENCH, needs_shared
from tests.fake_openai import responses_body
from tests.test_typed_verify import ask, assert_cited_lines, field, verdict
from tests.test_values import amount, calculation, operand

PAGES = [
    ["Kestrel Packaging plc", "Annual results for the year ended June 30, 2023"],
    [
        "Key figures ($ million) 2023 2022",
        "Net sales 14,694 14,544",
        "EPS (diluted US cents) 70.5 52.9",
        "The Board declared a quarterly cash dividend of 12.25 cents per share.",
    ],
    [
        "Consolidated statements of income",
        "(in millions) 2023 2022",
        "Revenues $ 51,217 $ 46,710",
        "Income before income taxes 6,201 6,651",
        "Earnings before interest and taxes 6,195 6,675",
    ],
    [
        "Selected ratios",
        "(in percent) 2Q23 1Q23",
        "Return on common equity (b) 13 % 16 %",
        "Overhead ratio 61 % 62 %",
        "(b) Quarterly ratios are based upon annualized amounts.",
    ],
    ["Per share data", "2023 2022", "Diluted earnings per share (in dollars and cents) 1.20 0.90"],
]
DOLLARS_AND_CENTS = (19, "Diluted earnings per share (in dollars and cents) 1.20 0.90")
EPS_CENTS = (5, "EPS (diluted US cents) 70.5 52.9")
DIVIDEND = (6, "The Board declared a quarterly cash dividend of 12.25 cents per share.")
PRETAX = (10, "Income before income taxes 6,201 6,651")
EBIT = (11, "Earnings before interest and taxes 6,195 6,675")
ROE = (14, "Return on common equity (b) 13 % 16 %")
OVERHEAD = (15, "Overhead ratio 61 % 62 %")


@pytest.fixture
def filing(make_pdf):
    return make_pdf("kestrel-results.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    assert_cited_lines(run_cli, filing, (EPS_CENTS, DIVIDEND, PRETAX, EBIT, ROE, OVERHEAD))


@pytest.mark.parametrize(
    ("cited", "question", "cents"),
    [
        (EPS_CENTS, "What was Kestrel's diluted EPS for 2023 in US dollars?", 70.5),
        (DIVIDEND, "What quarterly cash dividend per share did Kestrel's Board declare?", 12.25),
    ],
)
def test_an_amount_printed_in_cents_is_a_hundredth_of_the_currency(
    run_cli, fake_openai, filing, cited, question, cents
):
    as_dollars = amount(cents, "per_share", "2023", cited, label="Diluted EPS")
    status, check = verdict(run_cli, fake_openai, filing, question, as_dollars)
    assert status == "unsupported" and check["value_check"] == "unsupported", check
    assert "printed in cents" in check["detail"], check
    right = amount(round(cents / 100, 4), "per_share", "2023", cited, label="Diluted EPS")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert check["value_check"] == "supported", check
    in_cents = amount(cents, "other", "2023", cited, label="Diluted EPS (US cents)", currency=None)
    status, check = verdict(run_cli, fake_openai, filing, question, in_cents)
    assert check["value_check"] == "supported", check  # the figure as printed, in cents


def test_earnings_before_interest_and_taxes_is_not_income_before_income_taxes(run_cli, fake_openai, filing):
    question = "What were Kestrel's earnings before interest and taxes (EBIT) in 2023?"
    pretax = amount(6201.0, "millions", "2023", PRETAX, label="EBIT")
    status, check = verdict(run_cli, fake_openai, filing, question, pretax)
    assert status == "unsupported" and check["concept_check"] == "mismatch", check
    ebit = amount(6195.0, "millions", "2023", EBIT, label="EBIT")
    status, check = verdict(run_cli, fake_openai, filing, question, ebit)
    assert status == "supported" and check["concept_check"] == "supported", check


def test_a_footnote_saying_quarterly_ratios_are_annualized_answers_no_question_about_the_quarter_s_own(
    run_cli, fake_openai, filing
):
    own = "What return on common equity did Kestrel earn in 2Q23 alone, not annualized?"
    reply = amount(13.0, "percent", "2Q23", ROE, label="ROE 2Q23", currency=None)
    status, check = verdict(run_cli, fake_openai, filing, own, reply)
    assert status == "unsupported" and field(check, "annualized")["verdict"] == "mismatch", check
    assert "Quarterly ratios are based upon annualized amounts" in check["detail"], check
    status, check = verdict(run_cli, fake_openai, filing, "What was Kestrel's annualized ROE in 2Q23?", reply)
    assert field(check, "annualized")["verdict"] == "supported", check
    status, check = verdict(run_cli, fake_openai, filing, "What was Kestrel's return on common equity in 2Q23?", reply)
    assert field(check, "annualized")["verdict"] == "not_applicable", check
    overhead = amount(61.0, "percent", "2Q23", OVERHEAD, label="Overhead ratio", currency=None)
    status, check = verdict(
        run_cli, fake_openai, filing, "What was Kestrel's overhead ratio in 2Q23, not annualized?", overhead
    )
    assert status != "supported" and field(check, "annualized")["verdict"] == "unknown", check  # its row says nothing


@needs_shared
def test_a_growth_rate_over_the_later_year_is_rejected_where_only_ingest_read_the_years(run_cli, fake_openai, tmp_path):
    """CVS 2022: 'Net income attributable to CVS Health $ 4,149 $ 7,910 $ 7,179 $ (3,761) (47.5)% ...' prints the
    change and the % change beside three years; the verifier's reader places no column, ingest reads the years."""
    pdf = tmp_path / "CVSHEALTH_2022_10K.pdf"
    pdf.write_bytes((FINANCEBENCH / "pdfs" / "CVSHEALTH_2022_10K.pdf").read_bytes())
    row = (2958, "Net income attributable to CVS Health $ 4,149 $ 7,910 $ 7,179 $ (3,761) (47.5)% $ 731 10.2 %")
    question = "By what percentage did net income attributable to CVS Health change in 2022?"
    a = operand("a", 4149.0, "2022", row, name="Net income attributable to CVS Health")
    b = operand("b", 7910.0, "2021", row, name="Net income attributable to CVS Health")
    for expression, result, wanted in (
        ("(a - b) / a * 100", -90.65, "mismatch"),
        ("(a - b) / b * 100", -47.55, "supported"),
    ):
        reply = amount(
            result,
            "percent",
            "2022",
            row,
            currency=None,
            label="Change in net income",
            calculation=calculation(expression, result, a, b),
        )
        fake_openai.steps.clear()
        fake_openai.default = {"body": responses_body(json.dumps(reply)), "status": 200, "sleep": 0.0, "headers": None}
        code, data, err = ask(run_cli, question, pdf, "--budget-chars", "2000000")
        assert data is not None, err
        check = data["verification"]["items"][0]
        assert field(check, "formula")["verdict"] == wanted, check
        if wanted == "mismatch":
            assert data["status"] == "unsupported", check


def test_a_figure_in_cents_answers_a_question_in_cents_and_dollars_and_cents_are_dollars(run_cli, fake_openai, filing):
    question = "What was Kestrel's diluted EPS in US cents for 2023?"
    as_printed = amount(70.5, "per_share", "2023", EPS_CENTS, label="Diluted EPS (US cents)")
    status, check = verdict(run_cli, fake_openai, filing, question, as_printed)
    assert check["value_check"] == "supported", check  # the question asks cents: the number as printed
    dollars = amount(1.20, "per_share", "2023", DOLLARS_AND_CENTS, label="Diluted EPS")
    status, check = verdict(run_cli, fake_openai, filing, "What was Kestrel's diluted EPS in 2023?", dollars)
    assert check["value_check"] == "supported", check  # 'in dollars and cents' is no scale
