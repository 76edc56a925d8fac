"""Rules from red team round 14 (a helper blind to verify/), each scripted through the local OpenAI-compatible
server: a date question's irregular verb is found in its past form ('hold' in 'held'); a year naming a debt
instrument ('the 2030 Notes', 'due 2049') is no period; a duration a text claim gives an event sits with that
event in its quote ('vest over seven years' against 'vest ... four years and expire seven years'); 'new' and
'opened' ask a measure, not a member; a cell the header cannot place has no measure (not a level); a claim worded
from a table row's label alone is not checked; a price under a 'High Low' header line is the period's extreme
(red team round 7's last wrong answer shown supported); a cause given for another kind of the thing asked
('unobligated backlog' for 'contractual backlog') is not its cause (round 2's last)."""

from __future__ import annotations

import pytest

from docintel.periods import find_periods
from docintel.verify.meaning import question_scope
from tests.test_typed_verify import assert_cited_lines, field, verdict
from tests.test_values import amount, answer, span

PAGES = [
    ["Delta Foods Inc.", "Current report on Form 8-K dated May 5, 2024"],
    [
        "Delta Foods, Inc. held its 2024 Annual Meeting of Shareholders on May 3, 2024.",
        "The effective interest rate including the discount and issuance costs is 3.67% for the 2030 Notes.",
        "Option vesting periods are generally four years and expire seven years from the effective date of grant.",
    ],
    [
        "The following table reconciles our Domestic segment stores open at the end of each of the last three years:",
        "Fiscal 2022 Fiscal 2023 Fiscal 2024",
        "Total Stores Total Stores Total Stores",
        "at End of Stores Stores at End of Stores Stores at End of",
        "Fiscal Year Opened Closed Fiscal Year Opened Closed Fiscal Year",
        "Delta Markets 1,026 — (18) 1,008 4 (12) 1,000",
        "Delta Express 343 — (52) 291 — (53) 238",
        "Total Domestic segment stores 1,369 — (70) 1,299 4 (65) 1,238",
    ],
    [
        "(4) The shareholders approved, on an advisory basis, the holding of an advisory vote on executive pay every",
        "year:",
        "One Year 994,856,204",
        "Two Years 4,331,004",
        "Three Years 17,603,165",
        "Abstain 3,357,516",
    ],
    ["Stock options vest and become exercisable over four years and expire ten years from the date of grant."],
    [
        "The following table sets forth the high and low intra-day sales prices for our common stock:",
        "High Low",
        "Fiscal Year 2024 Quarters Ended:",
        "March 30, 2024 $ 3.37 $ 2.14",
        "June 29, 2024 $ 2.94 $ 2.20",
    ],
    [
        "The increase in contractual backlog during 2024 was primarily due to an increase in commercial backlog.",
        "The increase in unobligated backlog in 2024 was primarily due to contract awards.",
    ],
]
MEETING = (3, PAGES[1][0])
EFFECTIVE_RATE = (4, PAGES[1][1])
VESTING = (5, PAGES[1][2])
APPROVED = (14, PAGES[3][0])
THREE_YEARS = (18, "Three Years 17,603,165")
EXERCISABLE = (20, PAGES[4][0])
JUNE_PRICES = (25, "June 29, 2024 $ 2.94 $ 2.20")
CONTRACTUAL = (26, PAGES[6][0])
UNOBLIGATED = (27, PAGES[6][1])
STORES = (13, "Total Domestic segment stores 1,369 — (70) 1,299 4 (65) 1,238")


@pytest.fixture
def filing(make_pdf):
    return make_pdf("delta-foods-2024.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    assert_cited_lines(
        run_cli, filing, (MEETING, EFFECTIVE_RATE, VESTING, STORES, APPROVED, THREE_YEARS, EXERCISABLE, JUNE_PRICES)
    )


def test_an_irregular_verb_s_past_form_states_the_asked_event(run_cli, fake_openai, filing):
    question = "On what date did Delta Foods hold its 2024 Annual Meeting of Shareholders?"
    date = {"iso": "2024-05-03", "original_text": "May 3, 2024"}
    reply = answer("date", {"label": "Annual Meeting", "date": date, "spans": [span(*MEETING)]})
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert status == "supported", check["fields"]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the 2030 Notes", []),
        ("Debentures, 3.90%, due 2049", []),
        ("5.5% Notes due 2030", []),
        ("long-term debt payments due in 2023", ["2023"]),  # a payment's year is its period
        ("Rate Maturity 2021 2020", ["2021", "2020"]),  # a table's year columns
        ("in 2030", ["2030"]),
    ],
)
def test_a_year_naming_a_debt_instrument_is_no_period(text, found):
    assert [p.text for p in find_periods(text)] == found


def test_the_year_of_a_notes_name_is_not_the_period_asked(run_cli, fake_openai, filing):
    question = "What is the effective interest rate on Delta Foods' 2030 Notes?"
    reply = amount(3.67, "percent", "2024", EFFECTIVE_RATE, currency=None, label="Effective interest rate")
    _, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert check["period_check"] != "mismatch", check["detail"]


@pytest.mark.parametrize(("years", "kept"), [("four", True), ("seven", False)])
def test_a_duration_is_said_of_the_event_its_clause_states(run_cli, fake_openai, filing, years, kept):
    question = "Over what period do Delta Foods' stock options generally vest?"
    text = f"Delta Foods' stock options generally vest over {years} years."
    reply = answer("text", {"text": text, "spans": [span(*VESTING)]})
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert (status == "supported") == kept, check["fields"]
    if not kept:
        assert "another event" in field(check, "subject")["detail"], check["fields"]


@pytest.mark.parametrize(
    ("text", "cited"),
    [
        ("Delta Foods' stock options vest over four years.", EXERCISABLE),  # 'and become exercisable' in between
        ("The vesting period for Delta Foods' options is generally four years.", VESTING),  # the claim's own order
        ("Delta Foods' schedule is four years.", VESTING),  # words said with neither duration: nothing found
    ],
)
def test_a_duration_said_in_other_words_is_kept(run_cli, fake_openai, filing, text, cited):
    question = "Over what period do Delta Foods' stock options generally vest?"
    reply = answer("text", {"text": text, "spans": [span(*cited)]})
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert all(f["field"] != "subject" or f["verdict"] != "mismatch" for f in check["fields"]), check["fields"]


def test_new_stores_opened_ask_a_measure_and_an_unplaced_cell_has_none(run_cli, fake_openai, filing):
    question = "How many new Domestic segment stores did Delta Foods open in fiscal 2024?"
    reply = amount(4, "count", "fiscal 2024", STORES, currency=None, label="Domestic stores opened")
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert field(check, "member")["verdict"] == "supported", check["fields"]  # 'new' names no segment
    assert field(check, "measure")["verdict"] == "unknown", check["fields"]  # not 'level ≠ additions'
    assert status != "supported"


def test_a_claim_worded_from_a_table_row_s_label_alone_is_not_checked(run_cli, fake_openai, filing):
    question = "How often will Delta Foods hold its advisory vote on executive pay?"
    text = "Delta Foods will hold its advisory vote on executive pay every three years."
    reply = answer("text", {"text": text, "spans": [span(*APPROVED), span(*THREE_YEARS)]})
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert status != "supported" and field(check, "claim")["verdict"] == "unknown", check["fields"]
    text = "The shareholders approved an advisory vote on executive pay; 17,603,165 votes were cast for three years."
    reply = answer("text", {"text": text, "spans": [span(*APPROVED), span(*THREE_YEARS)]})
    _, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert all(f["field"] != "claim" for f in check["fields"]), check["fields"]  # the row's figure is used


def test_new_is_no_member_but_new_york_is():
    assert "new" not in question_scope("How many new stores did Delta Foods open in fiscal 2024?")
    assert {"new", "york"} <= question_scope("What were Delta Foods' New York segment revenues in fiscal 2024?")


def test_a_price_under_a_high_low_header_is_the_period_s_extreme(run_cli, fake_openai, filing):
    wrong = amount(2.94, "per_share", "June 29, 2024", JUNE_PRICES, label="Share price")
    question = "What was Delta Foods' share price at June 29, 2024?"
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and field(check, "measure")["verdict"] == "mismatch", check["fields"]
    question = "What was the high sales price of Delta Foods' common stock in the quarter ended June 29, 2024?"
    _, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert field(check, "measure")["verdict"] == "supported", check["fields"]


@pytest.mark.parametrize(
    ("cited", "text", "kept"),
    [
        (CONTRACTUAL, "Contractual backlog increased in 2024 primarily due to higher commercial backlog.", True),
        (UNOBLIGATED, "Contractual backlog increased in 2024 primarily due to contract awards.", False),
    ],
)
def test_a_cause_given_for_another_kind_of_the_thing_is_not_its_cause(run_cli, fake_openai, filing, cited, text, kept):
    question = "What drove the increase in Delta Foods' contractual backlog in 2024?"
    reply = answer("text", {"text": text, "spans": [span(*cited)]})
    _, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert (field(check, "cause")["verdict"] == "supported") == kept, check["fields"]
    if not kept:
        assert "unobligated backlog" in field(check, "cause")["detail"], check["fields"]
