"""The near-misses of the rules in test_fact_fields (found by a reviewer who tried to break them): right answers the
rules must keep, wrong ones they must still catch. Rules on words are called directly; rules on pages through the
CLI and the local OpenAI-compatible server."""

from __future__ import annotations

import pytest

from docintel.backends.growth import asks_growth
from docintel.concepts import concepts_in
from docintel.verify.events import ACTIVE_VERB, verb_in
from docintel.verify.query import query_of
from tests.test_typed_verify import field, verdict
from tests.test_values import amount, answer, span


@pytest.mark.parametrize(
    ("question", "both"),
    [
        ("What were accounts receivable and net income in 2023?", {"accounts_receivable", "net_income"}),
        ("What were total assets and operating expenses in 2023?", {"total_assets", "operating_expenses"}),
        ("What was the weighted average number of basic shares outstanding?", {"weighted_shares"}),
    ],
)
def test_one_term_names_one_line_item_but_two_line_items_stay_two(question, both):
    assert concepts_in(question).concepts == both


@pytest.mark.parametrize(
    ("question", "ends"),
    [
        ("What were dividends paid for the fiscal year ended on January 29, 2022?", ("2022-01-29",)),
        ("Dividends for the fiscal years ended January 29, 2022 and January 30, 2021?", ("2022-01-29", "2021-01-30")),
    ],
)
def test_every_end_date_a_question_names_is_read(question, ends):
    assert query_of(question).period.ends == ends and query_of(question).period.as_of is None


def test_a_schedule_s_future_is_no_outlook():
    assert query_of("How much long-term debt will mature in 2024?").scenario == "actual"
    assert query_of("What operating lease payments will the company owe in fiscal 2024?").scenario == "actual"
    assert query_of("What will revenue be in 2024?").scenario == "outlook"


@pytest.mark.parametrize(
    ("question", "verb"),
    [
        ("When did Pfizer and Seagen complete the merger?", "complete"),
        ("When did Pfizer officially complete the acquisition?", "complete"),
    ],
)
def test_the_asked_verb_is_read_past_joined_names_and_adverbs(question, verb):
    found = ACTIVE_VERB.search(question)
    assert found is not None and found.group("verb") == verb


def test_a_verb_is_found_in_its_family_but_not_in_an_intent():
    assert verb_in("sell", "On December 23, 2022, the Company completed the sale of its Russian business")
    assert verb_in("acquire", "we purchased Acme for $1.2 billion")
    assert not verb_in("acquire", "On June 1, 2022, we entered into an agreement to acquire Acme")


def test_a_compound_growth_rate_is_not_computed_as_a_simple_change():
    assert asks_growth("What was revenue growth from 2016 to 2017?")
    assert not asks_growth("What was the compound annual growth rate (CAGR) of revenue from FY2015 to FY2017?")


NEAR_MISSES = [
    [
        "Acquisitions",
        "On June 1, 2022, we entered into an agreement to acquire Acme Robotics Inc.",
        "Effective January 1, 2022, we adopted ASU 2020-06.",
        "Revenue was not affected by currency, and net sales increased 5% to $2.1 billion.",
        "Total debt was $5.0 billion. If interest rates rise 1%, interest expense would rise $10 million.",
    ],
    [
        "Business combinations",
        "Pro forma results of operations have not been presented because the effects were not material.",
        "(in millions)",
        "Year Ended December 31, 2023 2022",
        "Total revenue 1,000 900",
    ],
    [
        "Debt",
        "The senior notes are fully and unconditionally guaranteed by our guarantor subsidiaries.",
        "(in millions)",
        "December 31, 2023 2022",
        "Total long-term debt 2,000 1,800",
    ],
    [
        "Consolidated statements of income",
        "(in millions)",
        "Year Ended December 31, 2023 2022",
        "Net income 1,200 1,100",
        "Less: Preferred stock dividends 0 0",
        "Net income attributable to common stockholders 1,200 1,100",
    ],
    [
        "Revenue by region",
        "(in millions)",
        "2023 2022",
        "Americas:",
        "Product 300 280",
        "Services 100 90",
        "Total 400 370",
        "EMEA:",
        "Product 200 190",
        "Services 50 40",
        "Total 250 230",
    ],
]
AGREEMENT = (2, NEAR_MISSES[0][1])
ADOPTED = (3, NEAR_MISSES[0][2])
CURRENCY = (4, NEAR_MISSES[0][3])
DEBT_SENTENCE = (5, NEAR_MISSES[0][4])
REVENUE = (10, "Total revenue 1,000 900")
DEBT = (15, "Total long-term debt 2,000 1,800")
NET_INCOME = (19, "Net income 1,200 1,100")
EMEA_TOTAL = (32, "Total 250 230")


@pytest.fixture
def near(make_pdf):
    return make_pdf("acme-2023-10k.pdf", NEAR_MISSES)


def test_the_lines_of_the_near_misses_are_where_they_say(run_cli, near):
    code, out, _ = run_cli("ingest", near, "--lines")
    for line, text in (AGREEMENT, CURRENCY, REVENUE, DEBT, NET_INCOME, EMEA_TOTAL):
        assert any(row.split("\t")[3:5] == [str(line), text] for row in out.splitlines()), text


def _date(iso: str, text: str, cited) -> dict:
    return answer("date", {"label": "Date", "date": {"iso": iso, "original_text": text}, "spans": [span(*cited)]})


def test_an_agreement_to_acquire_does_not_date_the_acquisition(run_cli, fake_openai, near):
    wrong = _date("2022-06-01", "June 1, 2022", AGREEMENT)
    status, check = verdict(run_cli, fake_openai, near, "When did Acme Holdings acquire Acme Robotics?", wrong)
    assert status != "supported"


def test_an_effective_date_dates_what_its_clause_says(run_cli, fake_openai, near):
    right = _date("2022-01-01", "January 1, 2022", ADOPTED)
    status, check = verdict(run_cli, fake_openai, near, "When did Acme adopt ASU 2020-06?", right)
    assert field(check, "event")["verdict"] == "supported", check["detail"]


def _text(text: str, line: int, quote: str) -> dict:
    return answer(
        "text", {"text": text, "spans": [{"doc": None, "line_start": line, "line_end": line, "quote": quote}]}
    )


def test_a_negation_in_an_earlier_clause_does_not_govern_the_quote(run_cli, fake_openai, near):
    right = _text("Net sales increased 5% to $2.1 billion.", CURRENCY[0], "net sales increased 5% to $2.1 billion")
    status, check = verdict(run_cli, fake_openai, near, "How did Acme's net sales change?", right)
    assert field(check, "omission")["verdict"] == "supported", check["detail"]


def test_the_next_sentence_is_no_exception_of_the_quote(run_cli, fake_openai, near):
    right = _text("Total debt was $5.0 billion.", DEBT_SENTENCE[0], "Total debt was $5.0 billion")
    status, check = verdict(run_cli, fake_openai, near, "Describe what Acme says about its debt.", right)
    assert field(check, "omission")["verdict"] == "supported", check["detail"]


def test_a_sentence_saying_no_pro_forma_figures_are_given_makes_no_table_pro_forma(run_cli, fake_openai, near):
    right = amount(1000, "millions", "2023", REVENUE, label="Total revenue")
    status, check = verdict(run_cli, fake_openai, near, "What was Acme's total revenue in 2023?", right)
    assert field(check, "basis")["verdict"] == "supported", check["detail"]


def test_notes_guaranteed_by_subsidiaries_are_no_guarantor_group_table(run_cli, fake_openai, near):
    right = amount(2000, "millions", "December 31, 2023", DEBT, label="Total long-term debt")
    status, check = verdict(
        run_cli, fake_openai, near, "What was Acme's total long-term debt at December 31, 2023?", right
    )
    assert field(check, "member")["verdict"] == "supported", check["detail"]


def test_preferred_dividends_alone_split_off_no_noncontrolling_interest(run_cli, fake_openai, near):
    right = amount(1200, "millions", "2023", NET_INCOME, label="Net income")
    question = "What was the net income attributable to Acme in 2023?"
    status, check = verdict(run_cli, fake_openai, near, question, right)
    assert field(check, "member")["verdict"] != "mismatch", check["detail"]


def test_a_group_s_subtotal_is_not_the_company_s_total(run_cli, fake_openai, near):
    wrong = amount(250, "millions", "2023", EMEA_TOTAL, label="Total revenue")
    status, check = verdict(run_cli, fake_openai, near, "What was Acme's total revenue in 2023?", wrong)
    assert status != "supported"
    assert field(check, "member")["found"] != "consolidated", check["detail"]


def test_the_company_s_own_name_is_no_region_the_row_names(run_cli, fake_openai, make_pdf):
    """'Net income attributable to Acme Resorts International' from the guarantor group's summary: the word
    'International' of the company's name does not make the question ask for that row's scope (red team round 2)."""
    pages = [
        [
            "UNITED STATES SECURITIES AND EXCHANGE COMMISSION",
            "FORM 10-K",
            "ACME RESORTS INTERNATIONAL",
            "(Exact name of registrant as specified in its charter)",
        ],
        [
            "Guarantor Financial Information",
            "The following tables present summarized financial information of the parent and the guarantor",
            "subsidiaries on a combined basis.",
            "(in thousands)",
            "Year Ended December 31, 2022",
            "Net income attributable to Acme Resorts International 1,668,214",
        ],
    ]
    pdf = make_pdf("acme-resorts-2022-10k.pdf", pages)
    question = "What was net income attributable to Acme Resorts International in 2022?"
    cited = (10, "Net income attributable to Acme Resorts International 1,668,214")
    wrong = amount(1668214, "thousands", "2022", cited, label="Net income attributable to Acme Resorts International")
    status, check = verdict(run_cli, fake_openai, pdf, question, wrong)
    assert status == "unsupported" and "guarantor" in field(check, "member")["detail"], check["detail"]


APPROVALS = [
    [
        "Pending acquisition",
        "The acquisition has been approved by Orbit Games' shareholders.",
        "The acquisition of Zenith Media was approved by regulators and completed on March 9, 2021.",
    ]
]


def test_a_yes_to_approved_and_completed_needs_a_quote_saying_both(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("acme-approvals.pdf", APPROVALS)
    approved = {"doc": None, "line_start": 2, "line_end": 2, "quote": APPROVALS[0][1]}
    yes = answer("boolean", {"value": True, "explanation": "Yes, it was approved.", "spans": [approved]})
    question = "Had Acme's acquisition of Orbit Games been approved and completed?"
    status, check = verdict(run_cli, fake_openai, pdf, question, yes)
    assert status != "supported" and "completed" in field(check, "polarity")["detail"], check["detail"]
    both = {"doc": None, "line_start": 3, "line_end": 3, "quote": APPROVALS[0][2]}
    yes = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [both]})
    question = "Had Acme's acquisition of Zenith Media been approved and completed?"
    status, check = verdict(run_cli, fake_openai, pdf, question, yes)
    assert field(check, "polarity")["verdict"] == "supported", check["detail"]
