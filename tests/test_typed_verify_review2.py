"""What a fresh-eyes review of session 44's rules found, each kept as a case (right answers the first versions
rejected, and list entries made of a quote's words): a stop in another clause or still to come does not deny
that something goes on; a passive date question's participle is its last verb ('secured ... terminated', 'repaid'),
and a completion is dated by the transaction it completes; 'paid to acquire' is no dividend's paid; net debt
may take short-term investments away too; a list entry must be named as written (or by its initials). Scripted
through the local OpenAI-compatible server."""

from __future__ import annotations

import pytest

from tests.test_typed_verify import assert_cited_lines, verdict
from tests.test_values import amount, answer, calculation, operand, span

PAGES = [
    ["Acme Water Company", "Annual Report on Form 10-K for the fiscal year ended December 31, 2024"],
    [
        "Business",
        "We continue to operate the Reno plant and discontinued operations at the Elko plant in 2024.",
        "The Board suspended the dividend in 2020 and resumed it in 2022.",
        "The consent decree with the EPA terminates in December 2026.",
        "On June 30, 2024, we terminated our revolving credit facility.",
        "The loan from our founder was repaid on April 2, 2024.",
        "On March 1, 2024, we acquired Beta Corp. The fair value of the consideration transferred was $500 million.",
        "The reportable segments are Regulated Water, Wastewater and Market-Based Services.",
        "Our principal markets are the U.S. and Canada.",
    ],
    [
        "Net debt",
        "(In millions) December 31, 2024 2023",
        "Total debt 11,669 12,169",
        "Cash and cash equivalents 837 775",
        "Short-term investments 200 150",
    ],
]
LINES = {text: number for number, text in enumerate((t for page in PAGES for t in page), start=1)}


def cited(text: str) -> tuple[int, str]:
    return LINES[text], text


RENO, RESUMED, DECREE, TERMINATED, REPAID, BETA, SEGMENTS, MARKETS = (cited(t) for t in PAGES[1][1:])
TOTAL_DEBT, CASH, INVESTMENTS = (cited(t) for t in PAGES[2][2:])


@pytest.fixture
def filing(make_pdf):
    return make_pdf("acme-water-2024-10k.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    assert_cited_lines(run_cli, filing, (RENO, RESUMED, DECREE, TERMINATED, BETA, SEGMENTS, MARKETS, INVESTMENTS))


def _yes(line):
    return answer("boolean", {"value": True, "explanation": "as quoted", "spans": [span(*line)]})


@pytest.mark.parametrize(
    ("question", "line"),
    [
        ("Does Acme Water continue to operate the Reno plant?", RENO),
        ("Did Acme Water resume its dividend after suspending it?", RESUMED),
        ("Is Acme Water still subject to the consent decree with the EPA?", DECREE),
    ],
)
def test_a_stop_elsewhere_or_to_come_does_not_deny_going_on(run_cli, fake_openai, filing, question, line):
    status, check = verdict(run_cli, fake_openai, filing, question, _yes(line))
    assert status == "supported", check["fields"]


@pytest.mark.parametrize(
    ("question", "line", "iso", "printed"),
    [
        (
            "When was Acme Water's secured revolving credit facility terminated?",
            TERMINATED,
            "2024-06-30",
            "June 30, 2024",
        ),
        ("When was the founder's loan repaid?", REPAID, "2024-04-02", "April 2, 2024"),
        ("When was the Beta Corp acquisition finalized?", BETA, "2024-03-01", "March 1, 2024"),
    ],
)
def test_a_passive_date_question_reads_its_last_verb(run_cli, fake_openai, filing, question, line, iso, printed):
    date = {"iso": iso, "original_text": printed}
    reply = answer("date", {"label": "Date", "date": date, "spans": [span(*line)]})
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert status == "supported", check["fields"]


def test_paid_to_acquire_is_no_dividend_s_paid(run_cli, fake_openai, filing):
    question = "How much did Acme Water pay to acquire Beta Corp in 2024?"
    reply = amount(500, "millions", "2024", BETA, label="Consideration for Beta Corp")
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert check["concept_check"] != "mismatch", check["detail"]


def test_net_debt_may_take_short_term_investments_away(run_cli, fake_openai, filing):
    question = "What was Acme Water's net debt at December 31, 2024?"
    operands = [
        operand("a", 11669, "December 31, 2024", TOTAL_DEBT),
        operand("b", 837, "December 31, 2024", CASH),
        operand("d", 200, "December 31, 2024", INVESTMENTS),
    ]
    reply = amount(
        10632,
        "millions",
        "December 31, 2024",
        TOTAL_DEBT,
        label="Net debt",
        calculation=calculation("a - b - d", 10632, *operands),
    )
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert status == "supported", check["detail"]


@pytest.mark.parametrize(
    ("entries", "line", "kept"),
    [
        (("Regulated Water", "Water Services"), SEGMENTS, False),
        (("Regulated Wastewater", "Market-Based Water"), SEGMENTS, False),
        (("Regulated Water", "Market-Based Services"), SEGMENTS, True),
    ],
)
def test_a_list_entry_is_named_as_written(run_cli, fake_openai, filing, entries, line, kept):
    reply = answer("list", *({"text": e, "spans": [span(*line)]} for e in entries))
    status, check = verdict(run_cli, fake_openai, filing, "List Acme Water's reportable segments.", reply)
    assert (status == "supported") == kept, check


def test_a_list_entry_written_out_for_its_initials_is_no_mismatch(run_cli, fake_openai, filing):
    reply = answer("list", *({"text": e, "spans": [span(*MARKETS)]} for e in ("United States", "Canada")))
    status, check = verdict(run_cli, fake_openai, filing, "List Acme Water's principal markets.", reply)
    assert status != "unsupported", check


def test_the_asker_s_role_is_no_word_of_the_question(run_cli, fake_openai, make_pdf):
    # 'Assume that you are a public equities analyst.': 'equities' names no line item the answer may take
    rows = ["Balance sheet", "(Dollars in millions) 2018 2017", "Total shareholders' equity 9,796 11,563"]
    pdf = make_pdf("acme-2018-10k.pdf", [["Acme Company"], rows])
    question = (
        "Assume that you are a public equities analyst. Answer the following question by primarily using "
        "information that is shown in the balance sheet: what is the year end FY2018 net PPNE for Acme?"
    )
    reply = amount(9796, "millions", "2018", (4, rows[2]), label="Net PP&E")
    status, check = verdict(run_cli, fake_openai, pdf, question, reply)
    assert status != "supported", check["detail"]
