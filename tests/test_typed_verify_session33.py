"""Session 33: blind round 68's two wrong answers shown supported, and what round 69 found.

- A percentage change of a money amount ('gross margin decreased by $504 million, or 12%') answers no question
  asking a change in percentage points (Corning's gross margin as a percentage of sales fell 4 points).
- A number of prose under a segment's heading ('Regulated Businesses Segment', then a line item's sub-heading
  'Operating Revenues') is that segment's, though its sentence names none (American Water's $129 million increase
  given for the consolidated one)."""

from __future__ import annotations

import json

import pytest

from docintel.verify.events import asked_verb
from tests.conftest import FINANCEBENCH, needs_shared
from tests.test_typed_verify_session30 import COVER30
from tests.test_values import amount, answer, ask, assert_scripted, span

_MARGIN = (
    "In 2022, gross margin decreased by $504 million, or 12%, and gross margin as a percentage of sales declined"
    " by 4 percentage points."
)


_POINTS_TOO = [
    "In 2022, selling expenses rose 12%, or $504 million.",
    "In 2022, gross profit fell $504 million and the gross margin rate declined 4 percentage points.",
    "In 2022, foreign currency reduced sales growth by $1.2 billion, or 2.1 percentage points.",
]


def test_a_percentage_change_of_an_amount_answers_no_change_in_points(run_cli, fake_openai, make_pdf):
    lines = [_MARGIN, "Operating expenses fell $120 million (9%) in 2022.", *_POINTS_TOO]
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, lines])
    margin = (len(COVER30) + 1, _MARGIN)

    def change(value: float, cited: tuple[int, str] = margin) -> dict:
        return amount(value, "percent", "2022", cited, currency=None, label="Gross margin change")

    points = "By how many percentage points did Contoso's gross margin as a percentage of sales decline in 2022?"
    assert_scripted(run_cli, fake_openai, pdf, points, change(12.0), False, "percentage change of an amount")
    assert_scripted(run_cli, fake_openai, pdf, points, change(4.0), True)
    relative = "By what percentage did Contoso's gross margin decrease in 2022?"
    assert_scripted(run_cli, fake_openai, pdf, relative, change(12.0), True)
    expenses = (len(COVER30) + 2, "Operating expenses fell $120 million (9%) in 2022.")
    basis = "By how many basis points did Contoso's operating expenses as a percentage of sales change in 2022?"
    assert_scripted(run_cli, fake_openai, pdf, basis, change(9.0, expenses), False, "percentage change of an amount")
    first, rate, then = ((len(COVER30) + 2 + n, line) for n, line in enumerate(_POINTS_TOO, start=1))
    relative_rate = "By what percentage did Contoso's gross margin rate decline in 2022?"  # '4' is not read in '$504'
    assert_scripted(run_cli, fake_openai, pdf, relative_rate, change(4.0, rate), False, "change in percentage points")
    selling = "By how many percentage points did Contoso's selling expenses as a percentage of sales change in 2022?"
    assert_scripted(run_cli, fake_openai, pdf, selling, change(12.0, first), False, "percentage change of an amount")
    currency = "By how many percentage points did foreign currency reduce Contoso's sales growth in 2022?"
    assert_scripted(run_cli, fake_openai, pdf, currency, change(2.1, then), True)  # points after an amount: points


_SEGMENT_PAGE = [
    "Segment Results of Operations",
    "The Company operates its business primarily through one reportable segment, the Consumer Products segment.",
    "Consumer Products Segment",
    "Presented below is the discussion of the Consumer Products segment’s results for the year.",
    "Net Sales",
    "In 2022, as compared to 2021, net sales increased $129 million primarily due to higher volumes and pricing.",
]


def test_a_number_of_prose_under_a_segments_heading_is_that_segments(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, _SEGMENT_PAGE])
    cited = (len(COVER30) + 6, "In 2022, as compared to 2021, net sales increased $129 million")
    scripted = amount(129.0, "millions", "2022", cited, label="Increase in net sales")
    consolidated = "By how much did Contoso's consolidated net sales increase in 2022?"
    assert_scripted(run_cli, fake_openai, pdf, consolidated, scripted, False, "member: Consumer Products")
    segment = (
        "By how much did the net sales of Contoso's Consumer Products segment increase in 2022 compared with 2021?"
    )
    assert_scripted(run_cli, fake_openai, pdf, segment, scripted, True)
    named = "By how much did the Consumer Products segment's net sales increase in 2022 compared with 2021?"
    assert_scripted(run_cli, fake_openai, pdf, named, scripted, True)  # the heading names what the question does


_INTEREST = "In 2022, as compared to 2021, interest expense increased $20 million due to higher borrowings."


@pytest.mark.parametrize(
    ("lines", "quote"),
    [
        # a heading that names no line item starts a section of its own, in title case or in sentence case
        ([*_SEGMENT_PAGE[:5], "Liquidity and Capital Resources", _SEGMENT_PAGE[5]], _SEGMENT_PAGE[5]),
        ([*_SEGMENT_PAGE[:5], "Liquidity and capital resources", _SEGMENT_PAGE[5]], _SEGMENT_PAGE[5]),
        # a second line item's heading: the segment's discussion may be over ('Interest Expense' of the whole)
        ([*_SEGMENT_PAGE, "Interest Expense", _INTEREST], _INTEREST),
        # a sentence that names the whole itself
        ([*_SEGMENT_PAGE[:5], _SEGMENT_PAGE[5].replace("net sales", "consolidated net sales")], None),
        # a heading that names no one segment ('... by Segment')
        (["Results of Operations by Segment", *_SEGMENT_PAGE[4:]], _SEGMENT_PAGE[5]),
    ],
)
def test_a_number_of_prose_outside_a_segments_section_is_the_whole(run_cli, fake_openai, make_pdf, lines, quote):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, lines])
    text = quote or lines[-1]
    cited = (len(COVER30) + len(lines), text[: text.index(" million") + len(" million")])
    value = 20.0 if quote == _INTEREST else 129.0
    scripted = amount(value, "millions", "2022", cited, label="Increase")
    item = "interest expense" if quote == _INTEREST else "net sales"
    question = f"By how much did Contoso's {item} increase in 2022 compared with 2021?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, True)


@needs_shared
def test_american_waters_regulated_revenue_increase_is_not_the_consolidated_one(run_cli, fake_openai, monkeypatch):
    monkeypatch.setenv("DOCINTEL_STRATEGY", "combined")  # one model call for the whole filing
    pdf = FINANCEBENCH / "pdfs" / "AMERICANWATERWORKS_2021_10K.pdf"
    quote = "In 2021, as compared to 2020, operating revenues increased $129 million"
    scripted = amount(129.0, "millions", "year ended December 31, 2021", (2184, quote), label="Revenue increase")
    for question, member in (
        ("By how much did American Water's consolidated operating revenues increase in 2021 compared with 2020?", ""),
        ("By how much did the operating revenues of American Water's Regulated Businesses increase in 2021?", "yes"),
    ):
        fake_openai.push_answer(scripted)
        _, data, err = ask(run_cli, question, pdf, "--budget-chars", "2000000")  # the whole filing in the context
        assert data is not None, err
        fields = {f["field"]: f for f in data["verification"]["items"][0]["fields"]}
        assert (fields["member"]["verdict"] == "supported") is bool(member), fields["member"]
        assert member or "Regulated Businesses" in fields["member"]["detail"], fields["member"]


def _assert_not_said(run_cli, fake_openai, pdf, question: str, scripted: dict, phrase: str) -> None:
    """Ask *question* of *pdf*, the model answering *scripted*: answered, and no check says *phrase*."""
    fake_openai.push_answer(scripted)
    _, data, _ = ask(run_cli, question, pdf)
    assert data["status"] != "not_found", data
    assert phrase not in json.dumps(data["verification"]), data["verification"]


def _yes(line: int, quote: str, value: bool = True) -> dict:
    return answer("boolean", {"value": value, "explanation": "Read from the quote.", "spans": [span(line, quote)]})


def _date(line: int, quote: str, iso: str, text: str) -> dict:
    return answer("date", {"label": "date", "date": {"iso": iso, "original_text": text}, "spans": [span(line, quote)]})


_REPURCHASES = [
    "In fiscal 2021, we purchased 4.9 million shares of Contoso's Class B Common Stock for $650 million.",
    "During the fourth quarter of fiscal 2021, we resumed repurchases of our Class B Common Stock.",
    "The Company repurchased 9.1 million shares of its common stock for $500 million.",
    "In fiscal 2020, we did not purchase any shares of our common stock.",
    "Pursuant to the authorization under the 2019 Repurchase Program, the Company entered into a $1.5 billion ASR.",
    "In 2019, under the 2019 Repurchase Program, the Company repurchased 9.1 million shares for $500 million.",
    "On Feb. 12, 2018, Contoso repurchased 1.2 million shares of its common stock.",
    "In the second half of 2018, Contoso repurchased 2.0 million shares of its common stock.",
    "In 2017 Contoso repurchased 3.0 million shares of its common stock.",
]


def test_a_yes_is_dated_by_its_quotes_own_time(run_cli, fake_openai, make_pdf):
    # a quote of a whole year places no event in the part of it asked; a year that begins a name dates no event
    pdf = make_pdf("contoso-2021-10k.pdf", [COVER30, _REPURCHASES])
    first, resumed, undated, second, third, fourth, dated, later, plain = (
        (len(COVER30) + n, line) for n, line in enumerate(_REPURCHASES, start=1)
    )
    early = "Did Contoso repurchase any of its shares during the first half of 2018?"
    assert_scripted(run_cli, fake_openai, pdf, early, _yes(*dated), True)  # a day of the part asked
    assert_scripted(run_cli, fake_openai, pdf, early, _yes(*later), False, "says another part of it")
    assert_scripted(run_cli, fake_openai, pdf, "Did Contoso repurchase shares during 2017?", _yes(*plain), True)
    half = "Did Contoso repurchase any of its shares during the first half of fiscal 2021?"
    assert_scripted(run_cli, fake_openai, pdf, half, _yes(*first), False, "does not say when in the year")
    fourth_quarter = "Did Contoso repurchase any of its shares during the fourth quarter of fiscal 2021?"
    assert_scripted(run_cli, fake_openai, pdf, fourth_quarter, _yes(*resumed), True)
    whole = "Did Contoso repurchase any of its shares in fiscal 2021?"
    assert_scripted(run_cli, fake_openai, pdf, whole, _yes(*first), True)
    none = "Did Contoso repurchase any of its shares during the first half of fiscal 2020?"
    assert_scripted(run_cli, fake_openai, pdf, none, _yes(*second, value=False), True)  # none in the year: none in it
    named = "Did Contoso repurchase any of its common stock during 2019?"
    assert_scripted(run_cli, fake_openai, pdf, named, _yes(*third), False, "only begins a name")
    assert_scripted(run_cli, fake_openai, pdf, named, _yes(*fourth), True)
    data = assert_scripted(run_cli, fake_openai, pdf, named, _yes(*undated), False)  # a quote of no year: not this
    assert "begins a name" not in json.dumps(data["verification"]), data["verification"]


_DEALS = [
    "On May 1, 2023, Contoso acquired certain assets and assumed certain liabilities of Fabrikam Bank.",
    "The 5,132 former Fabrikam Bank staff became Contoso employees effective July 2, 2023.",
    "Contoso agreed to acquire Northwind for $56 per share, to be reduced after Northwind pays a pre-closing special"
    " dividend on March 24, 2021.",
    "The acquisition of Northwind is expected to close on September 30, 2021.",
    "On March 3, 2023, Contoso's Board approved our new Merger Agreement.",
]


def test_a_date_of_another_act_answers_no_when(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2023-10q.pdf", [COVER30, _DEALS])
    acquired, became, dividend, closing, approved = ((len(COVER30) + n, line) for n, line in enumerate(_DEALS, start=1))
    board = "When did the Contoso Board approve the new Merger Agreement?"  # no verb "new" read after "the"
    assert_scripted(run_cli, fake_openai, pdf, board, _date(*approved, "2023-03-03", "March 3, 2023"), True)
    staff = "On what date did the former Fabrikam Bank staff become Contoso employees?"
    assert_scripted(run_cli, fake_openai, pdf, staff, _date(*acquired, "2023-05-01", "May 1, 2023"), False, "become")
    assert_scripted(run_cli, fake_openai, pdf, staff, _date(*became, "2023-07-02", "July 2, 2023"), True)
    close = "When is Contoso's acquisition of Northwind expected to close?"
    assert_scripted(
        run_cli, fake_openai, pdf, close, _date(*dividend, "2021-03-24", "March 24, 2021"), False, "does not say"
    )
    assert_scripted(run_cli, fake_openai, pdf, close, _date(*closing, "2021-09-30", "September 30, 2021"), True)


_DEPOSIT = (
    "Contoso deposited $5 billion with Fabrikam Bank on March 16, 2023, as part of approximately $30 billion of"
    " deposits provided by a consortium of large U.S. banks."
)
_SPLIT = [
    "Contoso had placed a $5 billion deposit with Fabrikam",
    "Bank on March 16, 2023, as part of $30 billion of deposits provided by a consortium of large U.S. banks.",
]
_ACQUIRED = "As part of the $3.2 billion acquisition of Fabrikam, Contoso issued 10 million shares of common stock."


def test_a_whole_the_subject_is_part_of_answers_no_part(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2023-10q.pdf", [COVER30, [_DEPOSIT, _ACQUIRED]])
    cited = (len(COVER30) + 1, _DEPOSIT)

    def deposit(value: float) -> dict:
        return amount(value, "billions", "March 16, 2023", cited, label="Deposit")

    own = "How much did Contoso deposit with Fabrikam Bank in March 2023?"
    assert_scripted(run_cli, fake_openai, pdf, own, deposit(30.0), False, "is the whole")
    assert_scripted(run_cli, fake_openai, pdf, own, deposit(5.0), True)
    group = "How much in deposits did the consortium of large banks provide to Fabrikam Bank in March 2023?"
    assert_scripted(run_cli, fake_openai, pdf, group, deposit(30.0), True)
    # the part's amount before the quote: on the line above it, or on the cited lines before the quote
    split = make_pdf("contoso-2023-10q-split.pdf", [COVER30, _SPLIT])
    quote = "Bank on March 16, 2023, as part of $30 billion of deposits"
    for first in (len(COVER30) + 1, len(COVER30) + 2):
        cut = {**span(first, quote), "line_end": len(COVER30) + 2}
        whole = amount(30.0, "billions", "March 16, 2023", label="Deposit")
        whole["items"][0]["spans"] = [cut]
        assert_scripted(run_cli, fake_openai, split, own, whole, False, "is the whole")
    # no amount of a part before 'as part of': the sentence's figure is the whole it speaks of
    price = amount(3.2, "billions", "2023", (len(COVER30) + 2, _ACQUIRED), label="Purchase price")
    question = "What was the purchase price of Contoso's acquisition of Fabrikam?"
    _assert_not_said(run_cli, fake_openai, pdf, question, price, "is the whole")


_GAIN = [
    "Asset management fees increased driven by the impact of the Fabrikam acquisition in CCB.",
    "Jane Doe, our CFO, leads the accounting organization.",
    "The chief financial officer reports to the audit committee each quarter.",
    "The Firm recognized an estimated bargain purchase gain of $2.7 billion on the Fabrikam acquisition in Corporate.",
]


def test_a_text_claim_needs_a_quote_of_what_it_is_about(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2023-10q.pdf", [COVER30, _GAIN])
    question = "Which Contoso business segment was the Fabrikam bargain purchase gain booked in?"

    def claim(text: str, at: int) -> dict:
        return answer("text", {"text": text, "spans": [span(len(COVER30) + at, _GAIN[at - 1])]})

    wrong = claim("The Fabrikam bargain purchase gain was booked in the CCB segment.", 1)
    assert_scripted(run_cli, fake_openai, pdf, question, wrong, False, "which the claim is about")
    right = claim("The Fabrikam bargain purchase gain was booked in Corporate.", 4)
    assert_scripted(run_cli, fake_openai, pdf, question, right, True)
    initials = claim("Contoso's chief financial officer oversees the accounting organization.", 2)  # 'CFO'
    question = "What does Contoso's chief financial officer oversee?"
    _assert_not_said(run_cli, fake_openai, pdf, question, initials, "which the claim is about")


def test_a_date_a_participle_gives_a_thing_dates_no_answer(run_cli, fake_openai, make_pdf):
    # 'the pending acquisition ... announced on December 20, 2020' is the acquisition's past: the quote is about the
    # 2021 outlook it is left out of, not about 2020
    lines = [
        "Our preliminary 2021 outlook reflects current expectations.",
        "It does not incorporate the pending acquisition of Northwind Holdings, Inc. announced on December 20, 2020.",
    ]
    pdf = make_pdf("contoso-2020-10k.pdf", [COVER30, lines])
    question = "Does Contoso's 2021 outlook reflect the pending acquisition of Northwind?"
    assert_scripted(run_cli, fake_openai, pdf, question, _yes(len(COVER30) + 2, lines[1], value=False), True)


@pytest.mark.parametrize(
    ("question", "verb"),
    [
        ("On what date did the former First Republic staff become JPMorgan Chase employees?", "become"),
        ("When did the Contoso Board approve the new Merger Agreement?", None),  # not 'new' after 'approve the'
        ("Did the SEC charges against Contoso settle in 2022?", None),  # not 'against'
        ("When did the FASB issue the ASU on Leases?", None),
    ],
)
def test_a_subject_with_a_name_inside_it_is_read_to_its_verb(question, verb):
    assert asked_verb(question) == verb
