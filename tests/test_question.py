"""Question parsing: page hints by phrasing family, answer shapes, sections, keywords."""

from __future__ import annotations

import pytest

from docintel.question.parse import parse_page_hints, parse_question, search_text


@pytest.mark.parametrize(
    "question,pages",
    [
        ("What is on page 3?", [3]),
        ("Summarise page 12 of the filing", [12]),
        ("What do pages 5 to 7 say?", [5, 6, 7]),
        ("What do pages 5-7 say?", [5, 6, 7]),
        ("Look at pages 9 through 11", [9, 10, 11]),
        ("Compare pages 2 and 7", [2, 7]),
        ("Compare pages 2, 4 and 7", [2, 4, 7]),
        ("See p. 4 for the table", [4]),
        ("See p.4 for the table", [4]),
        ("Read pp. 10-12 please", [10, 11, 12]),
        ("What does the first page say?", [1]),
        ("What does the last page say?", [-1]),
        ("the second page and page 9", [2, 9]),
        ("What was revenue in 2022?", []),
        ("How many pages does it have?", []),
    ],
)
def test_page_hint_families(question, pages):
    assert parse_page_hints(question) == pages


def test_page_references_are_not_keywords():
    parsed = parse_question("What is the refund window on page 5?")
    assert parsed.pages_hint == [5]
    assert [k.text for k in parsed.keywords if k.source == "direct"] == ["refund", "window"]


@pytest.mark.parametrize(
    "question,shape",
    [
        ("Is the company profitable?", "boolean"),
        ("Does the policy cover worn shoes?", "boolean"),
        ("When does the credit facility mature?", "date"),
        ("For what fiscal year end date is this 10-K filed?", "date"),  # a noun before 'date'
        ("What was the fiscal year end revenue?", "amount"),
        ("What was the grant date fair value of the options?", "amount"),
        ("What is the FY2018 capital expenditure amount (in USD millions)?", "amount"),
        ("How much did net sales grow?", "amount"),
        ("List the risk factors named in the report", "list"),
        ("Give a breakdown of net sales by segment", "table"),
        ("Who is the chief executive officer?", "text"),
    ],
)
def test_answer_shapes(question, shape):
    assert parse_question(question).expected_answer_shape == shape


def test_sections_synonyms_and_brief():
    parsed = parse_question(
        "How much capital expenditure (in USD millions) did Orbit Freight report for FY2018? "
        "Use the details shown in the cash flow statement."
    )
    assert parsed.section_hints == ["cash flow statement"]
    sources = {k.text: k.source for k in parsed.keywords}
    assert sources["capital"] == "direct"
    assert sources["purchases of property plant and equipment"] == "domain"
    assert all(k.weight < 1 for k in parsed.keywords if k.source == "domain")
    brief = parsed.brief.format_constraints
    assert "currency: USD" in brief and "unit: millions" in brief and "period: FY2018" in brief
    assert parsed.question.startswith("How much capital")  # untouched


def test_implied_sections_from_domain_concepts():
    assert "income statement" in parse_question("Did the operating margin improve in FY2022?").implied_sections
    assert parse_question("Who audits the company?").implied_sections == []


def test_short_abbreviations_do_not_fire_on_common_words():
    parsed = parse_question("Compare pages 2 and 7")
    assert not [k for k in parsed.keywords if k.source == "domain"]


def _words(text: str) -> set[str]:
    return {w.strip(".,;:?!()'\"").lower() for w in text.split()} - {""}


@pytest.mark.parametrize(
    "question,dropped,kept",
    [
        # an imperative sentence (task verb first): the verb and the rubric's nouns go, its objects stay
        (
            "Answer in USD millions. What was Orbit's net revenue in 2021?",
            {"answer", "usd", "millions"},
            {"net", "revenue", "2021"},
        ),
        ("Round to two decimals. What is the gross margin of Zephyr?", {"round", "decimals"}, {"gross", "margin"}),
        (
            "What were Zephyr's research costs in 2019? Respond by listing the amounts shown in the income statement.",
            {"respond", "listing"},
            {"research", "costs", "amounts", "income", "statement"},
        ),
        (
            "Please provide your answer from the notes. How many staff?",
            {"please", "provide", "answer"},
            {"notes", "staff"},
        ),
        ("Explain why the backlog shrank.", {"explain"}, {"backlog", "shrank"}),
        # a non-finite clause opening the sentence: the participle goes, what it names stays
        (
            "Using the statement of cash flows, what were dividends paid?",
            {"using"},
            {"statement", "cash", "flows", "dividends"},
        ),
        ("Based on the balance sheet, how much inventory was held?", {"based"}, {"balance", "sheet", "inventory"}),
        # a request about the task: subject + modal/need + to-infinitive, whatever the verb
        (
            "We need to reconcile the lease liabilities in the notes.",
            {"need", "reconcile"},
            {"lease", "liabilities", "notes"},
        ),
        ("You should tabulate the segment table figures.", {"should", "tabulate"}, {"segment", "table", "figures"}),
        ("I would like you to derive the payout ratio.", {"like", "derive"}, {"payout", "ratio"}),
    ],
)
def test_instruction_clauses_are_stripped_by_grammar(question, dropped, kept):
    words = _words(search_text(question))
    assert not dropped & words, dropped & words
    assert kept <= words, kept - words


@pytest.mark.parametrize(
    "question",
    [
        "In which state is the company incorporated?",
        "What information does the response plan give about answers to customer questions?",
        "Which details of the working capital facility changed?",
        "Did the company use derivatives to round out its hedges?",
    ],
)
def test_asked_words_are_kept(question):
    # a sentence that asks is never an instruction: even 'information', 'response', 'use' stay
    assert _words(search_text(question)) == _words(question)
