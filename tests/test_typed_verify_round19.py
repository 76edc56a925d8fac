"""Red team round 19 and a new user's probes: a balance asked 'at the beginning of 2020' is the one at the end of
2019 (the balance sheet's 2019 column), never the 2020 column; a date that opens an announcement ('On November 2,
2020, the Ministry announced its intention to re-nationalize the program on June 30, 2021') dates the announcement,
not the event announced; a yes/no read from a line of check boxes is unchecked; a list of 'reportable segments' is
not read from quotes that name 'operating segments'; who held a role at a year asked is not read from a career
history that dates the appointment years before."""

from __future__ import annotations

import pytest

from tests.test_typed_verify import assert_cited_lines, field, verdict
from tests.test_values import amount, answer, calculation, operand, span

PAGES = [
    ["Harrow Aerospace Corporation", "Annual report on Form 10-K for the year ended December 31, 2020"],
    [
        "Consolidated Balance Sheets",
        "(in millions)",
        "December 31,",
        "2020 2019",
        "Cash and cash equivalents $ 3,160 $ 1,514",
        "Receivables, net 1,978 2,337",
    ],
    [
        "Consolidated Statements of Cash Flows",
        "(in millions) 2020 2019",
        "Net increase in cash and cash equivalents 1,646 742",
        "Cash and cash equivalents at beginning of year 1,514 772",
        "Cash and cash equivalents at end of year $ 3,160 $ 1,514",
    ],
    [
        "On November 2, 2020, the Ministry of Defence announced its intention to re-nationalize the program on",
        "June 30, 2021, which is expected to result in the loss of future sales.",
        "Indicate by check mark: YES NO",
        "if the registrant is not required to file reports pursuant to Section 13 or Section 15(d) of the Act. ¨ þ",
    ],
    [
        "Operating segments are organized along product lines and regions. The Company's four Alpha operating",
        "segments (Alpha Europe; Alpha Americas; Alpha Asia; and Beta Cartons) have been aggregated in the",
        "Alpha reportable segment. In applying ASC 280, we have determined we have two reportable segments, "
        "Alpha and Beta.",
        "Ms. Rivera was appointed vice president, corporate controller in October 2005, and principal accounting",
        "officer in April 2009. Mr. Okafor has served as principal accounting officer since December 2015.",
        "Our business is organized in two segments, Alpha and Beta.",
        "The current returns policy took effect on March 1, 2022.",
    ],
    [
        "Card Member loans",
        "(Millions, except percentages) 2022 2021",
        "Card Member loans (billions) $ 108.0 $ 88.6",
        "Average loans per employee (thousands) $ 950 $ 870",
        "Average loans (billions) $ 95.4 $ 76.1",
        "Net write-off rate — principal, interest and fees 1.1 % 1.2 %",
        "Net write-off rate — principal only 0.9 % 0.9 %",
    ],
    [
        "On February 10, 2020, the Board approved a plan to repurchase up to $5 billion of common stock through",
        "December 31, 2022.",
        "Indicate by check mark if the registrant is not required to file reports pursuant to Section 13. Yes o No x",
        "Consolidated Balance Sheets",
        "(in millions) January 29, 2022 January 30, 2021",
        "Cash and cash equivalents $ 2,936 $ 5,494",
    ],
]
APPROVED = (
    32,
    "On February 10, 2020, the Board approved a plan to repurchase up to $5 billion of common stock through",
)
YES_NO_BOXES = (
    34,
    "Indicate by check mark if the registrant is not required to file reports pursuant to Section 13. Yes o No x",
)
RETAIL_CASH = (37, "Cash and cash equivalents $ 2,936 $ 5,494")
BALANCE = (7, "Cash and cash equivalents $ 3,160 $ 1,514")
OPENING = (12, "Cash and cash equivalents at beginning of year 1,514 772")
ANNOUNCED = (
    14,
    "On November 2, 2020, the Ministry of Defence announced its intention to re-nationalize the program on",
)
CHECK_BOXES = (
    17,
    "if the registrant is not required to file reports pursuant to Section 13 or Section 15(d) of the Act. ¨ þ",
)
OPERATING = (18, "The Company's four Alpha operating")
REPORTABLE = (20, "we have determined we have two reportable segments, Alpha and Beta.")
HISTORY = (
    21,
    "Ms. Rivera was appointed vice president, corporate controller in October 2005, and principal accounting",
)
COUNTED = (23, "Our business is organized in two segments, Alpha and Beta.")
TOOK_EFFECT = (24, "The current returns policy took effect on March 1, 2022.")
LOANS = (27, "Card Member loans (billions) $ 108.0 $ 88.6")
WITH_FEES = (30, "Net write-off rate — principal, interest and fees 1.1 % 1.2 %")
PRINCIPAL = (31, "Net write-off rate — principal only 0.9 % 0.9 %")
SINCE = (22, "Mr. Okafor has served as principal accounting officer since December 2015.")


@pytest.fixture
def filing(make_pdf):
    return make_pdf("harrow-10k.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    cited = (BALANCE, OPENING, ANNOUNCED, CHECK_BOXES, OPERATING, REPORTABLE, HISTORY, LOANS, WITH_FEES, PRINCIPAL)
    assert_cited_lines(run_cli, filing, cited)


def test_the_balance_at_the_beginning_of_a_year_is_the_year_before_s_closing_column(run_cli, fake_openai, filing):
    question = "What were Harrow's cash and cash equivalents at the beginning of 2020?"
    closing = amount(3160.0, "millions", "2020", BALANCE, label="Cash and cash equivalents")
    status, check = verdict(run_cli, fake_openai, filing, question, closing)
    assert status == "unsupported" and check["period_check"] == "mismatch", check
    assert "the one at the end of 2019" in check["detail"], check
    opening = amount(1514.0, "millions", "2020", BALANCE, label="Cash and cash equivalents")
    status, check = verdict(run_cli, fake_openai, filing, question, opening)
    assert status == "supported", check
    rolled = amount(1514.0, "millions", "2020", OPENING, label="Cash and cash equivalents at beginning of year")
    status, check = verdict(run_cli, fake_openai, filing, question, rolled)
    assert status == "supported", check  # a roll-forward's opening row sits in the year's own column
    at_end = "What were Harrow's cash and cash equivalents at December 31, 2020?"
    status, check = verdict(run_cli, fake_openai, filing, at_end, closing)
    assert status == "supported", check


def _date(iso: str, text: str, quote: str) -> dict:
    return answer(
        "date",
        {
            "label": "date",
            "date": {"iso": iso, "original_text": text},
            "spans": [{"doc": None, "line_start": 14, "line_end": 15, "quote": quote}],
        },
    )


def test_a_date_opening_an_announcement_dates_the_announcement_not_the_event(run_cli, fake_openai, filing):
    quote = (
        "On November 2, 2020, the Ministry of Defence announced its intention to re-nationalize the program on "
        "June 30, 2021"
    )
    event = "On what date does the Ministry of Defence intend to re-nationalize the program?"
    status, check = verdict(run_cli, fake_openai, filing, event, _date("2020-11-02", "November 2, 2020", quote))
    assert status == "unsupported" and field(check, "event")["verdict"] == "mismatch", check
    status, check = verdict(run_cli, fake_openai, filing, event, _date("2021-06-30", "June 30, 2021", quote))
    assert status == "supported", check
    announced = "When did the Ministry of Defence announce its intention to re-nationalize the program?"
    status, check = verdict(run_cli, fake_openai, filing, announced, _date("2020-11-02", "November 2, 2020", quote))
    assert status == "supported", check


def test_a_yes_no_read_from_a_line_of_check_boxes_is_unchecked(run_cli, fake_openai, filing):
    question = "Is Harrow required to file reports pursuant to Section 13 or Section 15(d) of the Exchange Act?"
    reply = answer(
        "boolean",
        {"value": False, "explanation": "The box is checked.", "spans": [span(*CHECK_BOXES)]},
    )
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    boxes = [f for f in check["fields"] if f["field"] == "polarity" and "check boxes" in f["detail"]]
    assert status == "unchecked" and boxes and boxes[0]["verdict"] == "unknown", check


def _listed(*entries: tuple[str, tuple[int, str]]) -> dict:
    return answer("list", *({"text": text, "spans": [span(*cited)]} for text, cited in entries))


def test_a_list_of_reportable_segments_is_not_read_from_operating_segments(run_cli, fake_openai, filing):
    question = "List Harrow's current reportable segments for 2020."
    quote = (19, "segments (Alpha Europe; Alpha Americas; Alpha Asia; and Beta Cartons)")
    operating = answer(
        "list",
        *(
            {
                "text": name,
                "spans": [
                    {"doc": None, "line_start": 18, "line_end": 19, "quote": f"{OPERATING[1]} {quote[1]}"},
                ],
            }
            for name in ("Alpha Europe", "Alpha Americas")
        ),
    )
    status, check = verdict(run_cli, fake_openai, filing, question, operating)
    kinds = [f for f in check["fields"] if f["field"] == "about" and "operating segments" in f["detail"]]
    assert status == "unchecked" and kinds and kinds[0]["verdict"] == "unknown", check
    right = _listed(("Alpha", REPORTABLE), ("Beta", REPORTABLE))
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check
    counted = _listed(("Alpha", COUNTED), ("Beta", COUNTED))  # a count is no other kind of segment
    status, check = verdict(run_cli, fake_openai, filing, question, counted)
    assert status == "supported" and not [f for f in check["fields"] if "segments" in f["detail"]], check
    took = answer("text", {"text": "The policy took effect on March 1, 2022.", "spans": [span(*TOOK_EFFECT)]})
    question = "When did Harrow's current customer returns policy take effect?"
    status, check = verdict(run_cli, fake_openai, filing, question, took)  # a verb's object is no kind of a thing
    assert check["fields"] and not [f for f in check["fields"] if "took effect" in f["detail"]], check


def test_who_held_a_role_is_not_read_from_an_appointment_years_before(run_cli, fake_openai, filing):
    question = "Who served as Harrow's principal accounting officer at the time of its 2020 annual report?"
    quote = HISTORY[1] + " officer in April 2009."
    history = answer(
        "text",
        {"text": "Ms. Rivera", "spans": [{"doc": None, "line_start": 21, "line_end": 22, "quote": quote}]},
    )
    status, check = verdict(run_cli, fake_openai, filing, question, history)
    assert status == "unchecked" and "2009" in field(check, "about")["detail"], check
    one = answer(
        "text",
        {
            "text": "Ms. Rivera",
            "spans": [span(21, "Ms. Rivera was appointed vice president, corporate controller in October 2005")],
        },
    )
    status, check = verdict(run_cli, fake_openai, filing, "Who was Harrow's corporate controller in 2006?", one)
    assert not [f for f in check["fields"] if "date the role" in f["detail"]], check  # one appointment: still held
    current = answer("text", {"text": "Mr. Okafor", "spans": [span(*SINCE)]})
    status, check = verdict(run_cli, fake_openai, filing, question, current)
    assert status == "supported", check


def test_a_row_naming_more_than_asked_beside_one_naming_only_what_was_asked_is_unchecked(run_cli, fake_openai, filing):
    question = "What was Harrow's net write-off rate on Card Member loans in 2022 on a principal-only basis?"
    with_fees = amount(1.1, "percent", "2022", WITH_FEES, label="Net write-off rate", currency=None)
    status, check = verdict(run_cli, fake_openai, filing, question, with_fees)
    assert status != "supported" and "principal only" in check["detail"], check
    principal = amount(0.9, "percent", "2022", PRINCIPAL, label="Net write-off rate", currency=None)
    status, check = verdict(run_cli, fake_openai, filing, question, principal)
    assert status == "supported", check


def _mean(question: str) -> dict:
    a = operand("a", 108.0, "2022", LOANS, name="Card Member loans, end of 2022")
    b = operand("b", 88.6, "2021", LOANS, name="Card Member loans, end of 2021")
    return amount(
        98.3,
        "billions",
        "2022",
        LOANS,
        label="Average Card Member loans",
        calculation=calculation("(a + b) / 2", 98.3, a, b),
    )


def test_a_mean_of_two_balances_where_the_table_prints_the_average_is_unchecked(run_cli, fake_openai, filing):
    question = "What was Harrow's average Card Member loans balance in 2022?"
    status, check = verdict(run_cli, fake_openai, filing, question, _mean(question))
    assert status != "supported" and "Average loans" in field(check, "formula")["detail"], check
    asked = "What was Harrow's average Card Member loans balance in 2022, computed from its year-end balances?"
    status, check = verdict(run_cli, fake_openai, filing, asked, _mean(asked))
    assert not [f for f in check["fields"] if "Average loans" in f["detail"]], check


def test_the_review_s_right_answers_are_kept(run_cli, fake_openai, filing):
    """A fresh-eyes review's cases: each a right answer a first version of these rules lost."""
    assert_cited_lines(run_cli, filing, (APPROVED, YES_NO_BOXES, RETAIL_CASH))
    both = answer(
        "amount",
        {**amount(1514.0, "millions", "beginning of 2020", BALANCE, label="Cash, beginning")["items"][0]},
        {**amount(3160.0, "millions", "end of 2020", BALANCE, label="Cash, end")["items"][0]},
    )
    question = "What were Harrow's cash and cash equivalents at the beginning of 2020 and at the end of 2020?"
    status, check = verdict(run_cli, fake_openai, filing, question, both)
    assert "the one at the end of 2019" not in check["detail"], check  # two parts: no shift for the end's item
    approved = answer(
        "date",
        {
            "label": "approval",
            "date": {"iso": "2020-02-10", "original_text": "February 10, 2020"},
            "spans": [{"doc": None, "line_start": 32, "line_end": 33, "quote": APPROVED[1] + " December 31, 2022."}],
        },
    )
    status, check = verdict(
        run_cli, fake_openai, filing, "When did Harrow's Board approve the repurchase plan?", approved
    )
    assert status == "supported", check  # an approval is an act of its own, not an announcement
    boxes = answer("boolean", {"value": True, "explanation": "x under No.", "spans": [span(*YES_NO_BOXES)]})
    status, check = verdict(run_cli, fake_openai, filing, "Is Harrow required to file reports under Section 13?", boxes)
    assert status == "unchecked", check  # 'Yes o No x': which box is ticked is not read
    fiscal = "What were Harrow's cash and cash equivalents at the beginning of fiscal 2022?"
    status, check = verdict(
        run_cli, fake_openai, filing, fiscal, amount(2936.0, "millions", "fiscal 2022", RETAIL_CASH)
    )
    assert "the one at the end of 2021" not in check["detail"], check  # a January year end names either year
    assert status == "unchecked" and "which column opens fiscal 2022" in check["detail"], check
    a = operand("a", 108.0, "2022", LOANS, name="Card Member loans, end of 2022")
    b = operand("b", 88.6, "2021", LOANS, name="Card Member loans, end of 2021")
    mean = amount(
        98.3, "billions", "2022", LOANS, label="Average loans", calculation=calculation("(a + b) / 2", 98.3, a, b)
    )
    status, check = verdict(
        run_cli, fake_openai, filing, "What was Harrow's average Card Member loans balance in 2022?", mean
    )
    assert not [f for f in check["fields"] if "per employee" in f["detail"]], check  # another thing's average
