"""Rules from red team round 17 (a helper blind to verify/), scripted through the local OpenAI-compatible server:
a row whose label wraps ('Table Games Hold Adjusted Las Vegas Strip Resorts Adjusted' / 'Property EBITDAR') is
not the one asked when a row of its table names the question's words without the extra ones; a row that adds
'and other' items ('Restructuring and other related activities, net') is more than the item asked; the loss
left to common stockholders after a deemed dividend on preferred stock is not the net loss; a question about the
total of an item split over rows ('Restructuring charges' beside 'Restructuring charges - cost of goods sold')
is not answered by one of them; a date of one step of an event ('On May 18, 2020 ... redeemed 30 million
units') does not date the step asked ('redeem the remaining units')."""

from __future__ import annotations

import pytest

from tests.test_typed_verify import assert_cited_lines, verdict
from tests.test_values import amount, answer

PAGES = [
    ["Sigma Resorts Inc.", "Annual report on Form 10-K for the fiscal year ended December 31, 2022"],
    [
        "Reconciliation of segment measures (In thousands)",
        "Twelve months ended December 31,",
        "2022 2021",
        "Las Vegas Strip Resorts Adjusted Property EBITDAR $ 3,142,308 $ 1,738,211",
        "Hold adjustment (5,105) (23,574)",
        "Table Games Hold Adjusted Las Vegas Strip Resorts Adjusted",
        "Property EBITDAR $ 3,137,203 $ 1,714,637",
    ],
    [
        "Condensed Consolidated Statements of Income",
        "Three Months Ended December 31,",
        "($ in millions) 2022 2021",
        "Net sales $ 3,642 $ 3,507",
        "Restructuring and other related activities, net 213 (10)",
        "Operating income 559 322",
    ],
    [
        "Consolidated Performance Summary ($ in millions) 2022 2021 2020",
        "Revenue $ 39,403 $ 39,528 $ 40,339",
        "Restructuring charges - cost of goods sold $ — $ 3 $ —",
        "Gross profit $ 9,440 $ 9,191 $ 9,047",
        "Restructuring charges $ 39 $ 198 $ 5",
        "Operating income $ 1,854 $ 1,375 $ 1,450",
    ],
    [
        "Consolidated Statements of Operations (in thousands)",
        "Year Ended December 31,",
        "2022 2021",
        "Net loss $ (171,590) $ (179,817)",
        "Deemed dividend on preferred stock — (32,200)",
        "Net loss attributable to common stockholders $ (171,590) $ (212,017)",
    ],
    [
        "On May 18, 2022 the Operating Partnership redeemed approximately 30 million units that we held for $700",
        "million, and on December 2, 2022, the Operating Partnership redeemed approximately 24 million units that",
        "we held for the remaining $700 million.",
    ],
]
STRIP = (6, "Las Vegas Strip Resorts Adjusted Property EBITDAR $ 3,142,308 $ 1,738,211")
HOLD_ADJUSTED = (8, "Table Games Hold Adjusted Las Vegas Strip Resorts Adjusted")
HOLD_ADJUSTED_CELLS = (9, "Property EBITDAR $ 3,137,203 $ 1,714,637")
RESTRUCTURING_NET = (14, "Restructuring and other related activities, net 213 (10)")
COGS_RESTRUCTURING = (18, "Restructuring charges - cost of goods sold $ — $ 3 $ —")
SGA_RESTRUCTURING = (20, "Restructuring charges $ 39 $ 198 $ 5")
NET_LOSS = (25, "Net loss $ (171,590) $ (179,817)")
TO_COMMON = (27, "Net loss attributable to common stockholders $ (171,590) $ (212,017)")
FIRST_STEP = (
    28,
    "On May 18, 2022 the Operating Partnership redeemed approximately 30 million units that we held for $700",
)
LAST_STEP = (
    29,
    "million, and on December 2, 2022, the Operating Partnership redeemed approximately 24 million units that",
)


@pytest.fixture
def filing(make_pdf):
    return make_pdf("sigma-resorts-2022.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    cited = (STRIP, HOLD_ADJUSTED, HOLD_ADJUSTED_CELLS, RESTRUCTURING_NET, COGS_RESTRUCTURING, SGA_RESTRUCTURING)
    assert_cited_lines(run_cli, filing, (*cited, NET_LOSS, TO_COMMON, FIRST_STEP, LAST_STEP))


def _two_lines(first: tuple[int, str], second: tuple[int, str]) -> dict:
    return {"doc": None, "line_start": first[0], "line_end": second[0], "quote": f"{first[1]} {second[1]}"}


EBITDAR = "How much Adjusted Property EBITDAR did Sigma's Las Vegas Strip Resorts generate in 2022?"


def test_a_wrapped_row_with_words_not_asked_is_not_the_row_that_names_the_question(run_cli, fake_openai, filing):
    wrapped = amount(3137203, "thousands", "2022", label="Property EBITDAR")
    wrapped["items"][0]["spans"] = [_two_lines(HOLD_ADJUSTED, HOLD_ADJUSTED_CELLS)]
    status, check = verdict(run_cli, fake_openai, filing, EBITDAR, wrapped)
    assert status != "supported", check
    status, check = verdict(run_cli, fake_openai, filing, EBITDAR, amount(3142308, "thousands", "2022", STRIP))
    assert status == "supported", check


@pytest.mark.parametrize(
    ("question", "cited", "value", "period", "kept"),
    [
        (
            "How much restructuring expense did Sigma record in the three months ended December 31, 2022?",
            RESTRUCTURING_NET,
            213,
            "three months ended December 31, 2022",
            False,
        ),
        (
            "How much restructuring and other related activities, net did Sigma record in the three months ended "
            "December 31, 2022?",
            RESTRUCTURING_NET,
            213,
            "three months ended December 31, 2022",
            True,
        ),
        ("What were Sigma's total restructuring charges in 2021?", SGA_RESTRUCTURING, 198, "2021", False),
        ("What was Sigma's net loss in 2021?", TO_COMMON, -212017, "2021", False),
        ("What was Sigma's net loss in 2021?", NET_LOSS, -179817, "2021", True),
        ("What was Sigma's net loss attributable to common stockholders in 2021?", TO_COMMON, -212017, "2021", True),
    ],
)
def test_rows_that_are_more_or_less_than_the_item_asked(
    run_cli, fake_openai, filing, question, cited, value, period, kept
):
    unit = "thousands" if cited in (NET_LOSS, TO_COMMON) else "millions"
    status, check = verdict(run_cli, fake_openai, filing, question, amount(value, unit, period, cited))
    assert (status == "supported") == kept, check


WHOLE_SENTENCE = " ".join(PAGES[5])
QUESTION_DATE = "On what date did the Operating Partnership redeem the remaining units held by Sigma?"


def _dated(iso: str, text: str, quote: str) -> dict:
    cited = {"doc": None, "line_start": FIRST_STEP[0], "line_end": FIRST_STEP[0] + 2, "quote": quote}
    return answer("date", {"label": "Redemption", "date": {"iso": iso, "original_text": text}, "spans": [cited]})


@pytest.mark.parametrize(
    ("iso", "text", "kept"), [("2022-05-18", "May 18, 2022", False), ("2022-12-02", "December 2, 2022", True)]
)
def test_a_date_of_another_step_does_not_date_the_step_asked(run_cli, fake_openai, filing, iso, text, kept):
    status, check = verdict(run_cli, fake_openai, filing, QUESTION_DATE, _dated(iso, text, WHOLE_SENTENCE))
    assert (status == "supported") == kept, check


def test_an_ordinal_of_a_period_names_no_step_of_the_event(run_cli, fake_openai, filing):
    """'in the second quarter of 2022' is when, not the second redemption: the date's clause need not say 'second'."""
    question = "On what date did the Operating Partnership redeem units in the second quarter of 2022?"
    status, check = verdict(
        run_cli, fake_openai, filing, question, _dated("2022-05-18", "May 18, 2022", WHOLE_SENTENCE)
    )
    assert status == "supported", check
