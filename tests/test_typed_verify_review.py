"""What a fresh-eyes review of round 9's rules found, each kept as a case: a completed deal whose sentence also
says 'pending' or 'remains subject to', an acquisition said with 'acquired' for 'complete its acquisition', a
pending deal's 'no' from an expectation alone, a passive 'Was the merger completed', a quote continued on the
next line with its apostrophe or case changed, 'offset in part by', a year after 'offset by' in a right answer,
other comprehensive income against comprehensive income, an assumed rate of return asked in other words, the
reasons a quote gives for another year's change, and rows after a table's introduction. Scripted through the
local OpenAI-compatible server."""

from __future__ import annotations

import json

import pytest

from tests.test_typed_verify import _text, assert_cited_lines, boolean, field, verdict
from tests.test_values import amount, answer, span

PAGES = [
    [
        "Acquisitions",
        "On March 29, 2024, we acquired Signal Health for $8.0 billion in cash.",
        "On June 1, 2024, the Company completed its acquisition of Oak Clinics for $2.0 billion, which remains "
        "subject to customary working capital adjustments.",
        "On July 1, 2024, we completed our previously announced pending acquisition of Pine Labs.",
        "The Birch Care transaction is expected to close in the second quarter of 2025.",
        "The Elm Group merger remains subject to regulatory approval.",
    ],
    [
        "Results",
        "Operating income decreased $300 million, primarily due to higher fuel costs, partially offset by the gain "
        "on sale recognized in 2024.",
        "Net sales increased $500 million in 2024, primarily due to higher volume of $700 million, offset in part "
        "by $241 million of unfavorable foreign currency.",
        "The effective income tax rate for 2023 was 23.1% compared to 23.4% for 2022. The decrease in the rate",
        "was primarily due to the sale of Acme Media in 2023.",
    ],
    [
        "Share repurchases",
        "During 2024, Acme did not repurchase any shares of the Company\u2019s common stock,",
        "under its authorized share buyback program.",
    ],
    [
        "Consolidated statements of comprehensive income",
        "(In millions) Year ended December 31, 2024 2023",
        "Net income $ 1,000 $ 900",
        "Other comprehensive loss (28) (63)",
        "Comprehensive income $ 972 $ 837",
    ],
    [
        "Pension",
        "The expected long-term rate of return on plan assets for 2024 was 5.85%.",
    ],
    [
        "Operating results",
        "(In millions) 2024 2023",
        "Net sales 1,000 900",
        "Percentage of net sales:",
        "Cost of sales 60 58",
        "Operating expenses by category were as follows (in millions):",
        "Marketing 120 100",
    ],
    [
        "Share repurchases and restructuring",
        "In 2024, we repurchased 10 million shares of our common stock for $1.0 billion.",
        "(In millions) 2024 2023",
        "Restructuring charges 80 70",
    ],
]
SIGNAL = (2, "On March 29, 2024, we acquired Signal Health for $8.0 billion in cash.")
OAK = (3, "the Company completed its acquisition of Oak Clinics for $2.0 billion, which remains subject to")
PINE = (4, "On July 1, 2024, we completed our previously announced pending acquisition of Pine Labs.")
BIRCH = (5, "The Birch Care transaction is expected to close in the second quarter of 2025.")
ELM = (6, "The Elm Group merger remains subject to regulatory approval.")
FUEL = (8, "primarily due to higher fuel costs, partially offset by the gain on sale recognized in 2024.")
CURRENCY = (9, "primarily due to higher volume of $700 million, offset in part by $241 million of unfavorable")
TAX_DECREASE = (10, "The decrease in the rate")
MEDIA = (11, "was primarily due to the sale of Acme Media in 2023.")
REPURCHASE = (13, "During 2024, Acme did not repurchase any shares of the Company's common stock")
PROGRAM = (14, "under its authorized share buyback program.")
HEADER = (16, "2024 2023")
OTHER_COMPREHENSIVE = (18, "Other comprehensive loss (28)")
COMPREHENSIVE = (19, "Comprehensive income $ 972")
RETURN = (21, "The expected long-term rate of return on plan assets for 2024 was 5.85%.")
MARKETING = (28, "Marketing 120 100")
REPURCHASED = (30, "In 2024, we repurchased 10 million shares of our common stock for $1.0 billion.")
RESTRUCTURING = (32, "Restructuring charges 80 70")


@pytest.fixture
def filing(make_pdf):
    return make_pdf("acme-2024-10k.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    assert_cited_lines(
        run_cli,
        filing,
        (
            SIGNAL,
            PINE,
            BIRCH,
            ELM,
            CURRENCY,
            MEDIA,
            PROGRAM,
            COMPREHENSIVE,
            RETURN,
            MARKETING,
            RESTRUCTURING,
        ),
    )


@pytest.mark.parametrize(
    ("question", "cited"),
    [
        ("Did Acme complete its acquisition of Signal Health in 2024?", SIGNAL),
        ("Did Acme complete its acquisition of Oak Clinics in 2024?", OAK),
        ("Did Acme acquire Pine Labs in 2024?", PINE),
    ],
)
def test_a_completed_deal_is_a_yes_whatever_else_its_sentence_says(run_cli, fake_openai, filing, question, cited):
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(True, cited))
    assert status == "supported", check["fields"]


def test_a_deal_still_pending_is_a_no(run_cli, fake_openai, filing):
    question = "Did Acme complete its acquisition of Birch Care in 2024?"
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(False, BIRCH))
    assert status == "supported", check["fields"]
    status, check = verdict(
        run_cli, fake_openai, filing, "Was the Elm Group merger completed in 2024?", boolean(True, ELM)
    )
    assert status != "supported" and field(check, "polarity")["verdict"] == "mismatch", check["fields"]


def test_a_quote_continued_with_its_apostrophe_changed_keeps_its_negation(run_cli, fake_openai, filing):
    question = "Did Acme repurchase shares under its buyback program in 2024?"
    yes = answer("boolean", {"value": True, "explanation": "as quoted", "spans": [span(*REPURCHASE), span(*PROGRAM)]})
    status, check = verdict(run_cli, fake_openai, filing, question, yes)
    assert status != "supported" and field(check, "polarity")["verdict"] == "mismatch", check["fields"]


def test_offsets_and_other_years_are_not_the_cause(run_cli, fake_openai, filing):
    question = "What was the main reason Acme's net sales increased in 2024?"
    wrong = _text("Net sales increased primarily due to $241 million of foreign currency.", CURRENCY)
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and field(check, "cause")["verdict"] == "mismatch", check["fields"]
    question = "Why did Acme's operating income decrease in 2024?"
    right = _text("Operating income decreased in 2024 primarily due to higher fuel costs.", FUEL)
    _, check = verdict(run_cli, fake_openai, filing, question, right)
    assert field(check, "cause")["verdict"] == "supported", check["fields"]
    question = "Why did Acme's effective income tax rate decrease in 2024?"
    other_year = _text("The rate decreased primarily due to the sale of Acme Media.", TAX_DECREASE, MEDIA)
    status, check = verdict(run_cli, fake_openai, filing, question, other_year)
    assert status != "supported" and field(check, "cause")["verdict"] == "unknown", check["fields"]


def test_other_comprehensive_income_is_not_comprehensive_income(run_cli, fake_openai, filing):
    question = "What was Acme's comprehensive loss in 2024?"
    wrong = amount(-28.0, "millions", "2024", HEADER, OTHER_COMPREHENSIVE, label="Comprehensive loss")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and check["concept_check"] == "mismatch", check["detail"]
    question = "What was Acme's other comprehensive income in 2024?"
    wrong = amount(972.0, "millions", "2024", HEADER, COMPREHENSIVE, label="Other comprehensive income")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and check["concept_check"] == "mismatch", check["detail"]
    right = amount(972.0, "millions", "2024", HEADER, COMPREHENSIVE, label="Comprehensive income")
    status, check = verdict(run_cli, fake_openai, filing, "What was Acme's comprehensive income in 2024?", right)
    assert status == "supported", check["detail"]


def test_an_assumed_rate_asked_in_other_words_is_not_rejected(run_cli, fake_openai, filing):
    question = "What long-term rate of return on plan assets did Acme assume for 2024?"
    cited = amount(5.85, "percent", "2024", RETURN, currency=None, label="Assumed return on plan assets")
    _, check = verdict(run_cli, fake_openai, filing, question, cited)
    assert check["concept_check"] == "unknown", check["detail"]


def test_rows_after_a_table_s_introduction_leave_the_sub_heading_above_behind(run_cli, filing):
    code, out, _ = run_cli("facts", filing, "--page", "6", "--json")
    marketing = next(f for f in json.loads(out) if f["value"] == 120)
    assert code == 0 and (marketing["kind"], marketing["scale"]) == ("money", 1e6), marketing


def test_a_transaction_question_answered_by_a_sentence_of_no_stage_is_read_as_any_other(run_cli, fake_openai, filing):
    question = "Did Acme buy back any shares in 2024?"
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(True, REPURCHASED))
    assert status == "supported", check["fields"]


def test_an_after_tax_question_is_not_answered_by_a_pre_tax_line_item(run_cli, fake_openai, filing):
    question = "How much were Acme's after-tax restructuring charges in 2024?"
    cited = amount(80.0, "millions", "2024", RESTRUCTURING, label="After-tax restructuring charges")
    status, check = verdict(run_cli, fake_openai, filing, question, cited)
    assert status != "supported" and check["concept_check"] == "unknown", check["detail"]
