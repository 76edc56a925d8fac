"""Red team round 9's classes (issue 33), each wrong answer rejected naming why and each right one kept: net
income given as comprehensive income, a pre-tax figure given as the after-tax one, the expected return on plan
assets given as the return earned, a merger agreement given as a completed acquisition (and a 'no' a pending
deal supports), a factor the quote gives as offsetting a change given as its cause, and a growth rate under a
'Year-over-year Percentage Growth:' sub-heading read as dollars. Scripted through the local OpenAI-compatible
server."""

from __future__ import annotations

import json

import pytest

from tests.test_typed_verify import _text, assert_cited_lines, boolean, field, verdict
from tests.test_values import amount, answer, span

PAGES = [
    [
        "Consolidated statements of comprehensive income (loss)",
        "(In thousands) Year ended December 31, 2024 2023",
        "Net income (loss) attributable to Acme $ (1,032,724) $ 1,000",
        "Other comprehensive loss (28,817) (635)",
        "Comprehensive income (loss) attributable to Acme $ (1,061,541) $ 365",
    ],
    [
        "Risk corridor and pension plans",
        "In 2024, the Company received a risk corridor payment and recorded pre-tax income of $307 million and "
        "after-tax income of $223 million.",
        "The expected rate of return on plan assets for 2024 was 5.85%.",
    ],
    [
        "Acquisitions",
        "On September 2, 2024, the Company entered into a definitive merger agreement to acquire all of the "
        "outstanding shares of Signal Health, Inc.",
        "The transaction is expected to close in the second quarter of 2025.",
        "On March 1, 2024, the Company completed its acquisition of Oak Clinics, Inc.",
    ],
    [
        "Other (income) expense, net",
        "Other (income) expense, net decreased from $139 million in 2023 to $14 million in 2024, primarily due to "
        "a $405 million impairment charge in the prior year, partially offset by a",
        "$241 million net detrimental change in foreign currency conversion gains and losses.",
    ],
    [
        "Operating expenses",
        "Information about operating expenses is as follows (in millions):",
        "Year Ended December 31,",
        "2022 2023 2024",
        "Fulfillment 13,410 17,619 25,249",
        "Year-over-year Percentage Growth:",
        "Fulfillment 25 31 43",
    ],
    [
        "Consolidated statements of earnings",
        "(In millions) 2024 2023",
        "Earnings before provision for income taxes 500 400",
        "Total cost of revenue 1,200 1,100",
    ],
    [
        "Subsequent events",
        "On August 16, 2024, the Board of Directors declared a quarterly cash dividend of $0.1225 per share to be "
        "paid September 27,",
        "2024, to shareholders of record as of September 7, 2024.",
    ],
    [
        "Dividends",
        "In March 2023, we announced the suspension of our dividend. As a result, we did not pay any dividends in "
        "2025 and 2024.",
    ],
    [
        "Quarterly Data (Unaudited)",
        "(Millions, except per-share amounts) First Second Third Fourth Year",
        "2024 Quarter Quarter Quarter Quarter 2024",
        "Net sales $ 8,278 $ 8,390 $ 8,152 $ 7,945 $ 32,765",
        "Net income attributable to Acme 602 1,857 1,543 1,347 5,349",
    ],
]
NET_INCOME = (3, "Net income (loss) attributable to Acme $ (1,032,724)")
COMPREHENSIVE = (5, "Comprehensive income (loss) attributable to Acme $ (1,061,541)")
CORRIDOR = (7, "recorded pre-tax income of $307 million and after-tax income of $223 million")
EXPECTED_RETURN = (8, "The expected rate of return on plan assets for 2024 was 5.85%.")
AGREEMENT = (
    10,
    "On September 2, 2024, the Company entered into a definitive merger agreement to acquire all of the "
    "outstanding shares of Signal Health, Inc.",
)
TO_CLOSE = (11, "The transaction is expected to close in the second quarter of 2025.")
COMPLETED = (12, "On March 1, 2024, the Company completed its acquisition of Oak Clinics, Inc.")
DECREASE = (14, "primarily due to a $405 million impairment charge in the prior year")
OFFSET = (15, "$241 million net detrimental change in foreign currency conversion gains and losses.")
GROWTH = (22, "Fulfillment 25 31 43")
PRETAX = (25, "Earnings before provision for income taxes 500 400")
COST_OF_REVENUE = (26, "Total cost of revenue 1,200")
DECLARED = (28, "On August 16, 2024, the Board of Directors declared a quarterly cash dividend of $0.1225 per share")
RECORD = (29, "to shareholders of record as of September 7, 2024")
QUARTERS_HEADER = (34, "2024 Quarter Quarter Quarter Quarter 2024")
QUARTERLY_NET_INCOME = (36, "Net income attributable to Acme 602 1,857 1,543 1,347 5,349")
SUSPENDED = (
    31,
    "In March 2023, we announced the suspension of our dividend. As a result, we did not pay any dividends in "
    "2025 and 2024.",
)


@pytest.fixture
def filing(make_pdf):
    return make_pdf("acme-2024-10k.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    assert_cited_lines(
        run_cli,
        filing,
        (
            NET_INCOME,
            COMPREHENSIVE,
            CORRIDOR,
            AGREEMENT,
            COMPLETED,
            DECREASE,
            OFFSET,
            GROWTH,
            PRETAX,
            COST_OF_REVENUE,
            RECORD,
        ),
    )


def test_net_income_is_not_comprehensive_income(run_cli, fake_openai, filing):
    question = "What was Acme's comprehensive loss attributable to Acme in 2024?"
    wrong = amount(-1032724.0, "thousands", "2024", NET_INCOME, label="Comprehensive loss attributable to Acme")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and check["concept_check"] == "mismatch", check["detail"]
    right = amount(-1061541.0, "thousands", "2024", COMPREHENSIVE, label="Comprehensive loss attributable to Acme")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check["detail"]


def test_a_pre_tax_figure_is_not_the_after_tax_one(run_cli, fake_openai, filing):
    question = "How much after-tax income did Acme record in 2024 from the risk corridor payment?"
    wrong = amount(307.0, "millions", "2024", CORRIDOR, label="After-tax income from the risk corridor payment")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and check["concept_check"] == "mismatch", check["detail"]
    assert "pre-tax" in check["detail"]
    right = amount(223.0, "millions", "2024", CORRIDOR, label="After-tax income from the risk corridor payment")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert check["concept_check"] != "mismatch", check["detail"]


def test_a_row_that_is_pre_tax_without_saying_so_answers_a_pre_tax_question(run_cli, fake_openai, filing):
    question = "What was Acme's pre-tax income in 2024?"
    right = amount(500.0, "millions", "2024", PRETAX, label="Pre-tax income")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check["detail"]


def test_a_total_row_answers_its_line_item_asked_by_a_short_form(run_cli, fake_openai, filing):
    question = "What is the FY2024 COGS? Please state answer in USD millions."
    right = amount(1200.0, "millions", "2024", COST_OF_REVENUE, label="COGS")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check["detail"]


def test_the_expected_return_is_not_the_return_earned(run_cli, fake_openai, filing):
    cited = amount(5.85, "percent", "2024", EXPECTED_RETURN, currency=None, label="Return on plan assets")
    asked = "What was the actual rate of return on Acme's plan assets in 2024?"  # the return earned, as a rate
    status, check = verdict(run_cli, fake_openai, filing, asked, cited)
    assert status != "supported" and check["concept_check"] == "mismatch", check["detail"]
    assert "actual return asked" in check["detail"]
    question = "What was the expected rate of return on Acme's plan assets for 2024?"
    _, check = verdict(run_cli, fake_openai, filing, question, cited)
    assert check["concept_check"] != "mismatch", check["detail"]


def test_an_agreement_to_acquire_is_not_a_completed_acquisition(run_cli, fake_openai, filing):
    question = "Did Acme complete its acquisition of Signal Health in 2024?"
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(True, AGREEMENT))
    assert status != "supported" and field(check, "polarity")["verdict"] == "unknown", check["fields"]
    no = boolean(False, AGREEMENT)
    no["items"][0]["spans"].append(boolean(False, TO_CLOSE)["items"][0]["spans"][0])
    status, check = verdict(run_cli, fake_openai, filing, question, no)
    assert field(check, "polarity")["verdict"] == "supported", check["fields"]
    question = "Did Acme complete its acquisition of Oak Clinics in 2024?"
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(True, COMPLETED))
    assert field(check, "polarity")["verdict"] == "supported", check["fields"]


def test_an_offsetting_factor_is_not_the_cause(run_cli, fake_openai, filing):
    question = "What was the main reason Acme's other (income) expense, net decreased in 2024?"
    wrong = _text(
        "It decreased primarily due to a $241 million change in foreign currency conversion.", DECREASE, OFFSET
    )
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and field(check, "cause")["verdict"] == "mismatch", check["fields"]
    right = _text("It decreased primarily due to a $405 million impairment charge in the prior year.", DECREASE)
    _, check = verdict(run_cli, fake_openai, filing, question, right)
    assert field(check, "cause")["verdict"] == "supported", check["fields"]


def test_a_growth_sub_heading_types_the_rows_below_it(run_cli, fake_openai, filing):
    code, out, _ = run_cli("facts", filing, "--page", "5", "--json")
    growth = next(f for f in json.loads(out) if f["value"] == 43)
    assert code == 0 and (growth["kind"], growth["measure"]) == ("percent", "pct_change")
    question = "By what percentage did Acme's fulfillment expense grow in 2024?"
    right = amount(43.0, "percent", "2024", GROWTH, currency=None, label="Fulfillment expense growth")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check["detail"]


def test_two_quotes_with_words_left_out_between_are_not_one_sentence(run_cli, fake_openai, filing):
    question = "On what date is the quarterly dividend Acme declared on August 16, 2024 to be paid?"
    record_date = {"iso": "2024-09-07", "original_text": "September 7, 2024"}
    wrong = answer("date", {"label": "Payment date", "date": record_date, "spans": [span(*DECLARED), span(*RECORD)]})
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and field(check, "event")["verdict"] != "supported", check["fields"]


def test_a_negation_about_other_years_is_no_no_for_the_year_asked(run_cli, fake_openai, filing):
    status, check = verdict(
        run_cli, fake_openai, filing, "Did Acme pay any dividends in 2023?", boolean(False, SUSPENDED)
    )
    assert status != "supported" and field(check, "polarity")["verdict"] == "unknown", check["fields"]
    status, check = verdict(
        run_cli, fake_openai, filing, "Did Acme pay any dividends in 2024?", boolean(False, SUSPENDED)
    )
    assert field(check, "polarity")["verdict"] == "supported", check["fields"]


def test_a_cell_of_a_row_whose_columns_are_unread_takes_no_year_from_the_quote(run_cli, fake_openai, filing):
    question = "What was Acme's net income attributable to Acme for full-year 2024?"
    fourth_quarter = amount(1347.0, "millions", "2024", QUARTERS_HEADER, QUARTERLY_NET_INCOME, label="Net income")
    status, check = verdict(run_cli, fake_openai, filing, question, fourth_quarter)
    assert status != "supported" and check["period_check"] == "unknown", check["detail"]
