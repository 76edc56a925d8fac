"""Rules from red team round 12 (a helper blind to verify/), each scripted through the local OpenAI-compatible
server: working capital is current assets less current liabilities; a days ratio counts the days of its flow
operand's period (six months' revenue: about 182, not 365); a date answers a passive question ('On what date was
service restored') only from a clause that says the participle; a list's entry is in its quote; a number of a
text claim is said of the proper name its quote gives it."""

from __future__ import annotations

import pytest

from tests.test_typed_verify import assert_cited_lines, field, verdict
from tests.test_values import amount, answer, calculation, operand, span

PAGES = [
    ["Acme Water Company", "Quarterly report on Form 10-Q for the quarter ended June 30, 2024"],
    [
        "Condensed consolidated balance sheets",
        "(In millions) June 30, 2024 December 31, 2023",
        "Total current assets 5,000 4,800",
        "Total current liabilities 8,000 7,600",
        "Total liabilities 20,000 19,500",
        "Trade accounts receivable 1,000 950",
    ],
    [
        "Condensed consolidated statements of income",
        "(In millions) Three Months Ended Six Months Ended",
        "June 30, 2024 June 30, 2023 June 30, 2024 June 30, 2023",
        "Revenues 1,500 1,400 3,000 2,900",
    ],
    [
        "Main break",
        "Service was maintained to most customers while a final repair was completed on June 30, 2024.",
        "Water service was fully restored on July 1, 2024 to all customers affected by this event.",
        "The reportable segments are Regulated Water, Wastewater and Market-Based Services.",
        "Volume grew 2 percent in the Northern unit, partially offset by a 3 percent decline in the Coastal unit.",
    ],
]
CURRENT_ASSETS = (5, "Total current assets 5,000 4,800")
CURRENT_LIABILITIES = (6, "Total current liabilities 8,000 7,600")
TOTAL_LIABILITIES = (7, "Total liabilities 20,000 19,500")
RECEIVABLES = (8, "Trade accounts receivable 1,000 950")
REVENUES = (12, "Revenues 1,500 1,400 3,000 2,900")
REPAIR = (14, "Service was maintained to most customers while a final repair was completed on June 30, 2024.")
RESTORED = (15, "Water service was fully restored on July 1, 2024 to all customers affected by this event.")
SEGMENTS = (16, "The reportable segments are Regulated Water, Wastewater and Market-Based Services.")
VOLUME = (17, PAGES[3][4])


@pytest.fixture
def filing(make_pdf):
    return make_pdf("acme-water-2024-q2.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    cited = (CURRENT_ASSETS, CURRENT_LIABILITIES, TOTAL_LIABILITIES, RECEIVABLES, REVENUES, REPAIR, RESTORED)
    assert_cited_lines(run_cli, filing, (*cited, SEGMENTS, VOLUME))


@pytest.mark.parametrize(("subtracted", "kept"), [(CURRENT_LIABILITIES, True), (TOTAL_LIABILITIES, False)])
def test_working_capital_is_current_assets_less_current_liabilities(run_cli, fake_openai, filing, subtracted, kept):
    question = "How much working capital did Acme Water have at June 30, 2024?"
    b = 8000 if kept else 20000
    operands = [
        operand("a", 5000, "June 30, 2024", CURRENT_ASSETS),
        operand("b", b, "June 30, 2024", subtracted),
    ]
    reply = amount(
        5000 - b,
        "millions",
        "June 30, 2024",
        CURRENT_ASSETS,
        label="Working capital",
        calculation=calculation("a - b", 5000 - b, *operands),
    )
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert (status == "supported") == kept, check["detail"]


@pytest.mark.parametrize(("days", "kept"), [(182, True), (365, False)])
def test_a_days_ratio_counts_the_days_of_its_period(run_cli, fake_openai, filing, days, kept):
    question = "Based on six months' revenues to June 30, 2024, what were Acme Water's days sales outstanding?"
    operands = [
        operand("a", 1000, "June 30, 2024", RECEIVABLES),
        operand("b", 3000, "Six Months Ended June 30, 2024", REVENUES),
    ]
    result = 1000 / 3000 * days
    reply = amount(
        round(result, 1),
        "other",
        "six months ended June 30, 2024",
        RECEIVABLES,
        currency=None,
        label="Days sales outstanding",
        calculation=calculation(f"a / b * {days}", result, *operands),
    )
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert (status == "supported") == kept, check["detail"]
    if not kept:
        assert "6 months" in check["detail"], check["detail"]


@pytest.mark.parametrize(("cited", "iso", "kept"), [(RESTORED, "2024-07-01", True), (REPAIR, "2024-06-30", False)])
def test_a_passive_question_s_date_needs_its_participle(run_cli, fake_openai, filing, cited, iso, kept):
    question = "On what date was water service fully restored to all customers affected by the June 2024 main break?"
    printed = "July 1, 2024" if kept else "June 30, 2024"
    date = {"iso": iso, "original_text": printed}
    reply = answer("date", {"label": "Service restored", "date": date, "spans": [span(*cited)]})
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert (status == "supported") == kept, check["fields"]
    if not kept:
        assert field(check, "event")["verdict"] != "supported", check["fields"]
        assert "restored" in field(check, "event")["detail"], check["fields"]


def _listed(*entries):
    return answer("list", *({"text": e, "spans": [span(*SEGMENTS)]} for e in entries))


def test_a_list_entry_its_quote_does_not_name_is_not_supported(run_cli, fake_openai, filing):
    question = "List Acme Water's reportable segments."
    status, check = verdict(run_cli, fake_openai, filing, question, _listed("Regulated Water", "Wastewater"))
    assert status == "supported", check
    status, check = verdict(run_cli, fake_openai, filing, question, _listed("Regulated Water", "Food Safety"))
    assert status != "supported", check


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Volume in the Northern unit grew 2 percent.", True),
        ("Volume in the Northern unit declined 3 percent.", False),
        ("Volume in the Coastal unit declined 3 percent.", True),
    ],
)
def test_a_claim_s_number_is_said_of_the_name_its_quote_gives_it(run_cli, fake_openai, filing, text, kept):
    question = "How did volume in Acme Water's units change?"
    reply = answer("text", {"text": text, "spans": [span(*VOLUME)]})
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert (status == "supported") == kept, check["fields"]
