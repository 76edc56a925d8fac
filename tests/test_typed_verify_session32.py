"""Session 32: blind round 64's class, and what the next blind round found.

- A change column whose own heading says it excludes currency's effect ('% CHANGE EXCLUDING CURRENCY CHANGES'),
  printed beside the reported '% CHANGE' column, is not GAAP: its cell does not answer a change 'on a reported
  basis' (round 64: Nike's Greater China +4% for a reported -4%), and answers a question asking the change
  excluding currency changes, which the reported cell does not.
- Round 65: a change a sentence attributes to one of the company's segments is that segment's, even when the quote
  stops before the segment (AMD's R&D decrease); a date in a list of things dated by the same words is its own
  item's ('its acquisition on May 17, 2022, Aria'); a change in percentage points is a percent."""

from __future__ import annotations

import json

from docintel.verify.query import query_of
from scripts.pdfwriter import Page, Text
from tests.conftest import FINANCEBENCH, needs_shared
from tests.test_typed_verify_session30 import COVER30
from tests.test_values import amount, answer, ask, assert_scripted, calculation, operand, span

_COLUMNS = (190, 250, 310, 370, 430, 490, 550)  # x of each cell: stacked headings sit over their own column
_ROWS = [
    (
        "(Dollars in millions)",
        "FISCAL 2023",
        "FISCAL 2022",
        "% CHANGE",
        "CHANGES(1)",
        "FISCAL 2021",
        "% CHANGE",
        "CHANGES(1)",
    ),
    ("North America", "$ 21,608", "$ 18,353", "18 %", "18 %", "$ 17,179", "7 %", "7 %"),
    ("Greater China", "7,248", "7,547", "-4 %", "4 %", "8,290", "-9 %", "-13 %"),
    ("TOTAL REVENUES", "$ 51,217", "$ 46,710", "10 %", "16 %", "$ 44,538", "5 %", "6 %"),
]


def _verdicts(data: dict, field: str) -> list[str]:
    """The verdicts of the first item's checks of *field*."""
    return [f["verdict"] for f in data["verification"]["items"][0]["fields"] if f["field"] == field]


def _breakdown_page() -> Page:
    """A revenue breakdown laid out as a 10-K prints it: each change column's heading stacked over that column."""
    texts = [Text(60, 760, "Operating segments"), Text(60, 745, "The breakdown of revenues is as follows:")]
    for x in (_COLUMNS[3], _COLUMNS[6]):
        texts += [Text(x, y, words, 7) for y, words in ((720, "% CHANGE"), (708, "EXCLUDING"), (696, "CURRENCY"))]
    for at, (label, *cells) in enumerate(_ROWS):
        y = 684 - 14 * at
        texts += [Text(60, y, label), *(Text(x, y, cell, 7) for x, cell in zip(_COLUMNS, cells, strict=True))]
    note = "(1) The percent change excluding currency changes represents a non-GAAP financial measure."
    return Page(texts=[*texts, Text(60, 620, note)])


def test_a_change_column_excluding_currency_changes_is_not_the_reported_change(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2023-10k.pdf", [COVER30, _breakdown_page()])
    heading = (len(COVER30) + 6, "(Dollars in millions) FISCAL 2023 FISCAL 2022 % CHANGE CHANGES(1)")
    row = (len(COVER30) + 8, "Greater China 7,248 7,547 -4 % 4 %")

    def change(value: float) -> dict:
        return amount(value, "percent", "fiscal 2023", heading, row, currency=None, label="Greater China change")

    reported = "By what percentage did Contoso's Greater China revenues change in fiscal 2023 on a reported basis?"
    assert_scripted(run_cli, fake_openai, pdf, reported, change(4.0), False, "basis")
    assert_scripted(run_cli, fake_openai, pdf, reported, change(-4.0), True)
    excluding = reported.replace("on a reported basis", "excluding currency changes")
    assert_scripted(run_cli, fake_openai, pdf, excluding, change(4.0), True)
    assert_scripted(run_cli, fake_openai, pdf, excluding, change(-4.0), False, "basis")


REGIONAL = [
    "REGIONAL SALES RESULTS",
    "Full Year % Change",
    "Adjusted",
    "($ in Millions) 2022 2021 Reported Operational Currency Operational",
    "U.S. $48,580 $47,156 3.0% 3.0% - 3.0%",
    "International 46,363 46,619 (0.6)% 9.1% (9.7)% 9.3%",
]


def test_a_basis_read_for_every_cell_of_a_row_is_no_column_s_own(run_cli, fake_openai, make_pdf):
    # 'Adjusted' over the table is read for every cell of the row alike: no cell beside the reported change is GAAP,
    # so nothing tells the reported column from the others and the reported change is kept
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, REGIONAL])
    question = "By what percentage did Contoso's International sales change in 2022 on a reported basis?"
    cited = [(len(COVER30) + 4, REGIONAL[3]), (len(COVER30) + 6, REGIONAL[5])]
    fake_openai.push_answer(amount(-0.6, "percent", "2022", *cited, currency=None, label="International change"))
    _, data, _ = ask(run_cli, question, pdf)
    assert _verdicts(data, "basis") == ["supported"], data["verification"]


EXPENSES = [
    "Research and Development Expenses",
    "Research and development expenses of $947 million in 2015 decreased by $125 million, or 12%, compared to $1.1",
    "billion in 2014, including a $120 million decrease in research and development expenses attributable to our",
    "Computing and Graphics segment.",
]


def test_a_figure_said_of_one_of_the_company_s_segments_is_that_segment_s(run_cli, fake_openai, make_pdf):
    # the whole and its part in one sentence: only the figure the segment is said of is the segment's
    pdf = make_pdf("contoso-2015-10k.pdf", [COVER30, EXPENSES])
    question = "By how much did Contoso's research and development expenses decrease in 2015 compared with 2014?"
    heading = (len(COVER30) + 1, EXPENSES[0])
    part = (len(COVER30) + 3, "$120 million decrease in research and development expenses")
    whole = (len(COVER30) + 2, "Research and development expenses of $947 million in 2015 decreased by $125 million")
    scripted = amount(120.0, "millions", "2015", heading, part)
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, False, "member: Computing and Graphics")
    assert_scripted(run_cli, fake_openai, pdf, question, amount(125.0, "millions", "2015", heading, whole), True)


SAME_STORE = [
    "Accordingly, the Company has excluded the Adjusted Property EBITDAR of The Cosmopolitan for periods subsequent",
    "to its acquisition on May 17, 2022, Aria for periods subsequent to its acquisition on September 27, 2021, and The",
    "Mirage for the periods prior to its disposition on December 19, 2022 in Same-Store Adjusted Property EBITDAR.",
]


def _dated(iso: str, text: str, line: int, quote: str) -> dict:
    return answer("date", {"label": "date", "date": {"iso": iso, "original_text": text}, "spans": [span(line, quote)]})


def test_a_date_of_a_list_is_its_own_item_s(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-q4.pdf", [COVER30, SAME_STORE])
    line = len(COVER30) + 2
    question = "On what date did Contoso acquire Aria?"
    cut = _dated("2022-05-17", "May 17, 2022", line, "its acquisition on May 17, 2022, Aria")
    assert_scripted(run_cli, fake_openai, pdf, question, cut, False, "dates another item")
    own = _dated(
        "2021-09-27", "September 27, 2021", line, "Aria for periods subsequent to its acquisition on September 27, 2021"
    )
    assert_scripted(run_cli, fake_openai, pdf, question, own, True)
    first = _dated("2022-05-17", "May 17, 2022", line, "to its acquisition on May 17, 2022")
    assert_scripted(run_cli, fake_openai, pdf, "On what date did Contoso acquire The Cosmopolitan?", first, True)


def test_a_date_whose_item_names_the_thing_or_another_act_is_kept(run_cli, fake_openai, make_pdf):
    question = "On what date did Contoso acquire Aria?"
    own = ["Aria was acquired on September 27, 2021, and the Aria parking garage was acquired on March 1, 2022."]
    pdf = make_pdf("contoso-a.pdf", [COVER30, own])
    named = _dated("2021-09-27", "September 27, 2021", len(COVER30) + 1, "Aria was acquired on September 27, 2021")
    assert_scripted(run_cli, fake_openai, pdf, question, named, True)
    other_act = ["On May 17, 2022, we acquired Aria, and Aria opened its new tower on December 16, 2009."]
    pdf = make_pdf("contoso-b.pdf", [COVER30, other_act])
    opening = _dated("2022-05-17", "May 17, 2022", len(COVER30) + 1, "On May 17, 2022, we acquired Aria")
    assert_scripted(run_cli, fake_openai, pdf, question, opening, True)
    pronoun = [
        "We acquired Aria in 2021. Its acquisition closed on September 27, 2021, and the acquisition of the garage",
        "closed on March 1, 2022.",
    ]
    pdf = make_pdf("contoso-c.pdf", [COVER30, pronoun])
    closed = _dated(
        "2021-09-27", "September 27, 2021", len(COVER30) + 1, "Its acquisition closed on September 27, 2021"
    )
    assert_scripted(run_cli, fake_openai, pdf, question, closed, True)


def test_a_change_in_percentage_points_is_a_percent(run_cli, fake_openai, make_pdf):
    margin = ["Gross margin as a percentage of sales declined by 4 percentage points in 2020, from 35% in 2019 to 31%."]
    pdf = make_pdf("contoso-2020-10k.pdf", [COVER30, margin])
    question = "By how many percentage points did Contoso's gross margin as a percentage of sales decline in 2020?"
    cited = (len(COVER30) + 1, "Gross margin as a percentage of sales declined by 4 percentage points in 2020")
    fake_openai.push_answer(amount(4.0, "percent", "2020", cited, currency=None, label="Gross margin change"))
    _, data, _ = ask(run_cli, question, pdf)
    assert data["verification"]["items"][0]["kind_check"] == "supported", data["verification"]
    assert data["status"] == "supported", data["verification"]


def test_a_charge_related_to_a_segment_is_not_read_as_a_part(run_cli, fake_openai, make_pdf):
    # the company's one impairment charge may be said of the segment it relates to: no part of a change is named
    charge = ["In 2014, we recorded a goodwill impairment charge of $233 million related to our Computing and Graphics"]
    pdf = make_pdf("contoso-2014-10k.pdf", [COVER30, [*charge, "segment."]])
    cited = (len(COVER30) + 1, "In 2014, we recorded a goodwill impairment charge of $233 million")
    fake_openai.push_answer(amount(233.0, "millions", "2014", cited, label="Goodwill impairment charge"))
    _, data, _ = ask(run_cli, "What goodwill impairment charge did Contoso record in 2014?", pdf)
    assert _verdicts(data, "member") == ["supported"], data["verification"]


RESERVES = [
    "Provisions for credit losses increased versus the prior year, reflecting a reserve build of $617 million compared",
    "with a reserve release of $2.5 billion in the prior year.",
]


def test_a_yes_said_only_of_what_the_quote_compares_with_is_unchecked(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, RESERVES])
    cited = span(len(COVER30) + 1, RESERVES[0])
    cited["line_end"], cited["quote"] = len(COVER30) + 2, f"{RESERVES[0]} with a reserve release of $2.5 billion"
    yes = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [cited]})
    question = "Did Contoso record a net credit reserve release in 2022?"
    assert_scripted(run_cli, fake_openai, pdf, question, yes, False, "only of what they compare with")
    no = answer("boolean", {"value": False, "explanation": "No: a reserve build.", "spans": [cited]})
    fake_openai.push_answer(no)
    _, data, _ = ask(run_cli, question, pdf)
    assert "compare with" not in json.dumps(data["verification"]), data["verification"]  # a no is not said there
    build = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [cited]})
    assert_scripted(run_cli, fake_openai, pdf, "Did Contoso record a reserve build in 2022?", build, True)


BELLAGIO = [
    "In exchange for the contribution of the real estate assets, we received total consideration of $4.25 billion,",
    "which consisted of a 5% equity interest in the venture and approximately $4.2 billion in cash.",
]


def test_a_total_its_sentence_breaks_down_does_not_answer_the_part_asked(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2019-10k.pdf", [COVER30, BELLAGIO])
    question = "How much cash did Contoso receive in 2019 for contributing the real estate assets?"
    total = (len(COVER30) + 1, BELLAGIO[0].rstrip(","))
    scripted = amount(4.25, "billions", "2019", total, label="Cash received")
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, False, "is the part asked")
    sentence = span(len(COVER30) + 1, BELLAGIO[0])
    sentence["line_end"], sentence["quote"] = len(COVER30) + 2, " ".join(BELLAGIO).rstrip(".")
    quoted_whole = amount(4.25, "billions", "2019", label="Cash received")
    quoted_whole["items"][0]["spans"] = [sentence]
    assert_scripted(run_cli, fake_openai, pdf, question, quoted_whole, False, "is the part asked")
    cash = amount(4.2, "billions", "2019", label="Cash")
    cash["items"][0]["spans"] = [sentence]
    fake_openai.push_answer(cash)
    _, data, _ = ask(run_cli, question, pdf)
    # the part asked, not the total: the quote prints 4.2 itself, which comes before 4.25 rounded to 4.2
    assert "breaks" not in json.dumps(data["verification"]), data["verification"]
    whole = "How much total consideration did Contoso receive in 2019 for contributing the real estate assets?"
    fake_openai.push_answer(amount(4.25, "billions", "2019", total, label="Total consideration"))
    _, data, _ = ask(run_cli, whole, pdf)
    assert "unknown" not in _verdicts(data, "subject"), data["verification"]


TAX_RATE = [
    "Income taxes",
    "Year ended December 31,",
    "2022 2021 2020",
    "Effective tax rate 21.6 % 24.6 % 27.0 %",
]


def test_a_fall_asked_may_be_given_as_its_size(run_cli, fake_openai, make_pdf):
    # 'By how much did it decline?': earlier minus later is the size of the fall; the printed rates are levels, not it
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, TAX_RATE])
    row = (len(COVER30) + 4, TAX_RATE[3])

    def points(expression: str, result: float, first: tuple[float, str], second: tuple[float, str]) -> dict:
        parts = [operand("a", first[0], first[1], row), operand("b", second[0], second[1], row)]
        scripted = amount(result, "percent", "2022", row, currency=None, label="Effective tax rate change")
        scripted["items"][0]["calculation"] = calculation(expression, result, *parts)
        return scripted

    fell = "By how many percentage points did Contoso's effective tax rate decline in 2022?"
    assert_scripted(run_cli, fake_openai, pdf, fell, points("a - b", 3.0, (24.6, "2021"), (21.6, "2022")), True)
    rose = "By how many percentage points did Contoso's effective tax rate change in 2022?"
    assert_scripted(
        run_cli, fake_openai, pdf, rose, points("a - b", 3.0, (24.6, "2021"), (21.6, "2022")), False, "later - earlier"
    )
    assert_scripted(run_cli, fake_openai, pdf, rose, points("b - a", -3.0, (24.6, "2021"), (21.6, "2022")), True)


def test_a_figure_in_parentheses_in_a_text_claim_is_an_aside(run_cli, fake_openai, make_pdf):
    said = ["Operating income increased $2.0 billion or 11%, primarily due to lower sales and marketing expenses."]
    changed = ["Segment results: Revenue change (11)% in 2022."]
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, said, changed])
    quote = said[0].rstrip(".")
    claim = "Operating income rose $2.0 billion (11%) mainly because sales and marketing expenses were lower."
    text = answer("text", {"text": claim, "spans": [span(len(COVER30) + 1, quote)]})
    fake_openai.push_answer(text)
    _, data, _ = ask(run_cli, "Why did Contoso's operating income increase in 2022?", pdf)
    assert "not in its quotes" not in json.dumps(data["verification"]), data["verification"]
    copied = answer("text", {"text": "Revenue changed (11)% in 2022.", "spans": [span(len(COVER30) + 2, changed[0])]})
    fake_openai.push_answer(copied)
    _, data, _ = ask(run_cli, "How did Contoso's revenue change in 2022?", pdf)
    assert "not in its quotes" not in json.dumps(data["verification"]), data["verification"]
    wrong = answer(
        "text", {"text": "Operating income rose $2.0 billion (12%).", "spans": [span(len(COVER30) + 1, quote)]}
    )
    assert_scripted(
        run_cli,
        fake_openai,
        pdf,
        "Why did Contoso's operating income increase in 2022?",
        wrong,
        False,
        "not in its quotes",
    )


def test_a_change_in_points_does_not_answer_a_percentage_change(run_cli, fake_openai, make_pdf):
    margin = ["Operating margin improved 4 percentage points in 2022, to 21% from 17%."]
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, margin])
    cited = (len(COVER30) + 1, "Operating margin improved 4 percentage points in 2022")
    scripted = amount(4.0, "percent", "2022", cited, currency=None, label="Operating margin change")
    question = "By what percentage did Contoso's operating margin increase in 2022?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, False, "is a change in percentage points")


def test_what_a_sentence_compares_with_ends_where_its_cause_begins(run_cli, fake_openai, make_pdf):
    lines = [
        "Net income increased compared with 2021 primarily due to a reserve release of $1.2 billion in 2022.",
        "Revenue grew 12% versus an industry average of 7%.",
        "Provisions increased, reflecting a reserve build of $617 million compared with $2,512 million of reserve"
        " releases in the prior year.",
    ]
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, lines])

    def yes(at: int) -> dict:
        return answer(
            "boolean", {"value": True, "explanation": "Yes.", "spans": [span(len(COVER30) + at, lines[at - 1])]}
        )

    for question, at, flagged in (
        ("Did Contoso record a reserve release in 2022?", 1, False),  # the cause, after 'primarily due to'
        ("Did Contoso's revenue growth exceed the industry average in 2022?", 2, False),  # the question compares
        ("Did Contoso record reserve releases in 2022?", 3, True),  # '$2,512 million' is no clause break
    ):
        fake_openai.push_answer(yes(at))
        _, data, _ = ask(run_cli, question, pdf)
        assert ("compare with" in json.dumps(data["verification"])) is flagged, (question, data["verification"])


def test_a_breakdown_part_named_like_the_total_or_by_a_scale_word_is_no_part_asked(run_cli, fake_openai, make_pdf):
    lines = [
        "We made restructuring payments totaling $18.2 million which consisted of $16.6 million in payments for"
        " severance.",
        "We recorded a $16 million restructuring charge, which consisted of severance costs of $7 million and"
        " facilities costs of $9 million.",
    ]
    pdf = make_pdf("contoso-2015-10k.pdf", [COVER30, lines])
    for question, at, printed in (
        ("What were Contoso's total restructuring payments in 2015?", 1, "$18.2 million"),
        ("What was Contoso's restructuring charge in 2015, in USD millions?", 2, "$16 million"),
    ):
        quote = lines[at - 1][: lines[at - 1].index(printed) + len(printed)]
        value = float(printed.removeprefix("$").removesuffix(" million"))
        fake_openai.push_answer(amount(value, "millions", "2015", (len(COVER30) + at, quote), label="Restructuring"))
        _, data, _ = ask(run_cli, question, pdf)
        assert "breaks" not in json.dumps(data["verification"]), (question, data["verification"])


def test_a_change_a_sentence_says_is_attributable_to_a_segment_stays_the_company_s(run_cli, fake_openai, make_pdf):
    # 'was primarily attributable to': a cause of the whole change, not the segment's part of it
    lines = ["The $1.2 billion increase in net revenue was primarily attributable to our Data Center segment."]
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, lines])
    cited = (len(COVER30) + 1, "The $1.2 billion increase in net revenue")
    fake_openai.push_answer(amount(1.2, "billions", "2022", cited, label="Net revenue increase"))
    _, data, _ = ask(run_cli, "By how much did Contoso's net revenue increase in 2022?", pdf)
    assert "Data Center" not in json.dumps(data["verification"]), data["verification"]


def test_operational_growth_asks_the_operational_column(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, _breakdown_page()])
    row = (len(COVER30) + 8, "Greater China 7,248 7,547 -4 % 4 %")
    heading = (len(COVER30) + 6, "(Dollars in millions) FISCAL 2023 FISCAL 2022 % CHANGE CHANGES(1)")
    question = "By what percentage did Contoso's Greater China revenues grow operationally in fiscal 2023?"
    scripted = amount(4.0, "percent", "fiscal 2023", heading, row, currency=None, label="Greater China growth")
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, True)
    part = ["In 2022, a 20% increase in sales attributable to our Americas segment lifted revenue."]
    pdf = make_pdf("contoso-b.pdf", [COVER30, part])
    cited = (len(COVER30) + 1, "In 2022, a 20% increase in sales")
    scripted = amount(20.0, "percent", "2022", cited, currency=None, label="Sales increase")
    question = "By what percentage did Contoso's sales increase in 2022?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, False, "member: Americas")


def test_a_yes_said_of_the_period_asked_beside_a_comparison_is_kept(run_cli, fake_openai, make_pdf):
    lines = ["Revenue rose 5% in 2022 compared with the prior year."]
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, lines])
    yes = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [span(len(COVER30) + 1, lines[0])]})
    fake_openai.push_answer(yes)
    _, data, _ = ask(run_cli, "Did Contoso's revenue rise during the year?", pdf)
    assert "compare with" not in json.dumps(data["verification"]), data["verification"]


def test_a_breakdown_is_read_in_the_total_s_own_sentence_in_its_forms(run_cli, fake_openai, make_pdf):
    lines = [
        "We paid $1.5 billion in 2022. The total purchase price of $2.0 billion consisted of $1.5 billion in cash and"
        " $0.5 billion in stock.",
        "The purchase price was $1.8 billion, including $1.1 billion in cash.",
        "The purchase price was $1.7 billion, which consisted of cash of $1.2 billion and stock.",
        "Revenue was $8.0 billion, which consisted of $5.0 billion in fiscal 2023 product sales and $3.0 billion in"
        " services.",
    ]
    pdf = make_pdf("contoso-2023-10k.pdf", [COVER30, lines])
    first = span(
        len(COVER30) + 1, "We paid $1.5 billion in 2022. The total purchase price of $2.0 billion consisted of"
    )
    for question, value, cited, flagged in (
        ("How much cash did Contoso pay in 2022?", 1.5, first, False),  # the breakdown is the next sentence's
        ("How much cash did Contoso pay?", 1.8, span(len(COVER30) + 2, lines[1]), True),
        ("How much cash did Contoso pay?", 1.7, span(len(COVER30) + 3, lines[2]), True),
        ("What was Contoso's revenue in fiscal 2023?", 8.0, span(len(COVER30) + 4, lines[3]), False),
    ):
        scripted = amount(value, "billions", "2022", label="Amount")
        scripted["items"][0]["spans"] = [cited]
        fake_openai.push_answer(scripted)
        _, data, _ = ask(run_cli, question, pdf)
        assert ("breaks" in json.dumps(data["verification"])) is flagged, (question, data["verification"])


def test_a_date_of_a_list_whose_items_say_a_short_verb_is_its_own_item_s(run_cli, fake_openai, make_pdf):
    lines = ["The Company sold Circus Circus on December 19, 2019, and sold Bellagio on November 15, 2019."]
    pdf = make_pdf("contoso-2019-10k.pdf", [COVER30, lines])
    cut = _dated("2019-12-19", "December 19, 2019", len(COVER30) + 1, "on December 19, 2019, and sold Bellagio")
    assert_scripted(run_cli, fake_openai, pdf, "On what date did Contoso sell Bellagio?", cut, False, "another item")


def test_currency_words_that_name_no_basis_ask_gaap():
    assert query_of("What was Contoso's net debt excluding foreign currency swaps in 2022?").basis == "gaap"
    assert query_of("What was Contoso's revenue growth excluding foreign currency changes in 2022?").basis == "adjusted"


def test_a_figure_a_change_resulted_in_does_not_answer_the_change(run_cli, fake_openai, make_pdf):
    said = [
        "In October 2017, the IRS filed an amended answer in which it increased its transfer pricing adjustment",
        "by $385 million resulting in an additional tax adjustment of $135 million.",
    ]
    pdf = make_pdf("contoso-2017-10k.pdf", [COVER30, said])
    cited = span(len(COVER30) + 1, said[0])
    cited["line_end"], cited["quote"] = len(COVER30) + 2, f"{said[0]} {said[1].rstrip('.')}"

    def scripted(value: float) -> dict:
        item = amount(value, "millions", "2017", label="Adjustment")
        item["items"][0]["spans"] = [cited]
        return item

    change = "By how much did the IRS increase its transfer pricing adjustment in October 2017?"
    assert_scripted(run_cli, fake_openai, pdf, change, scripted(135.0), False, "what the change resulted in")
    result = "How much was the additional tax adjustment from the IRS's transfer pricing adjustment in 2017?"
    for asked in (result, "How much was the tax adjustment in 2017?"):  # the result asked, or nothing of the change
        fake_openai.push_answer(scripted(135.0))
        code, data, err = ask(run_cli, asked, pdf)
        assert data is not None, err
        assert "resulted in" not in json.dumps(data["verification"]), data["verification"]


LISTING = [
    'Our ordinary shares are traded on the New York Stock Exchange (the "NYSE") under the symbol CTSO, and our CHESS',
    'Depositary Instruments ("CDIs") are traded on the Australian Securities Exchange (the "ASX") under symbol CTS.',
]


def test_a_code_a_claim_takes_from_a_clause_about_another_thing_is_unsupported(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2023-10k.pdf", [COVER30, LISTING])
    question = (
        "Under what symbol do Contoso's CHESS Depositary Instruments trade on the Australian Securities Exchange?"
    )
    cut = span(len(COVER30) + 1, "under the symbol CTSO, and our CHESS")
    cut["line_end"], cut["quote"] = len(COVER30) + 2, f'{cut["quote"]} Depositary Instruments ("CDIs") are traded on'
    wrong = answer("text", {"text": "Contoso's CDIs trade on the ASX under the symbol CTSO.", "spans": [cut]})
    assert_scripted(run_cli, fake_openai, pdf, question, wrong, False, "CTSO is said of another thing")
    own = span(len(COVER30) + 2, LISTING[1].rstrip("."))
    right = answer("text", {"text": "Contoso's CDIs trade on the ASX under symbol CTS.", "spans": [own]})
    fake_openai.push_answer(right)
    _, data, _ = ask(run_cli, question, pdf)
    assert "another thing" not in json.dumps(data["verification"]), data["verification"]
    alone = make_pdf("contoso-b.pdf", [COVER30, ["Contoso's CDIs trade under the symbol CTS."]])
    one = answer(
        "text",
        {
            "text": "They trade under the symbol CTS.",
            "spans": [span(len(COVER30) + 1, "CDIs trade under the symbol CTS")],
        },
    )
    fake_openai.push_answer(one)
    _, data, _ = ask(run_cli, question, alone)
    assert "another thing" not in json.dumps(data["verification"]), data["verification"]  # no clause names more
    # ', and are listed ...' goes on with the same subject: no clause of another thing
    same = [
        "Its CDIs trade under the symbol CTS, and are listed on the Australian Securities Exchange as CHESS Depositary"
    ]
    alike = make_pdf("contoso-c.pdf", [COVER30, [*same, "Instruments."]])
    listed = answer("text", {"text": "They trade under the symbol CTS.", "spans": [span(len(COVER30) + 1, same[0])]})
    fake_openai.push_answer(listed)
    _, data, _ = ask(run_cli, question, alike)
    assert "another thing" not in json.dumps(data["verification"]), data["verification"]


HARDWARE = [
    "Results of operations (in thousands)",
    "Year ended December 31,",
    "2016 2015",
    "Revenue:",
    "Hardware revenue 44,307 16,377",
    "Starbucks transaction-based revenue 78,903 142,283",
    "Cost of revenue:",
    "Hardware costs 68,562 30,874",
    "Starbucks transaction-based costs 69,761 165,438",
]


def test_a_gross_profit_computed_subtracts_the_cost_from_the_revenue(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2016-10k.pdf", [COVER30, HARDWARE])
    revenue, costs = (len(COVER30) + 5, HARDWARE[4]), (len(COVER30) + 8, HARDWARE[7])

    def gross(expression: str, result: float) -> dict:
        parts = [operand("a", 44307.0, "2016", revenue), operand("b", 68562.0, "2016", costs)]
        scripted = amount(result, "thousands", "2016", revenue, costs, label="Hardware gross profit")
        scripted["items"][0]["calculation"] = calculation(expression, result, *parts)
        return scripted

    question = "What was Contoso's gross profit or loss on hardware in 2016?"
    assert_scripted(run_cli, fake_openai, pdf, question, gross("b - a", 24255.0), False, "does not compute")
    assert_scripted(run_cli, fake_openai, pdf, question, gross("a - b", -24255.0), True)
    # a row of three words under 'Cost of revenue:' is a part of the cost of revenue all the same
    sales, cost = (len(COVER30) + 6, HARDWARE[5]), (len(COVER30) + 9, HARDWARE[8])
    parts = [operand("a", 142283.0, "2015", sales), operand("b", 165438.0, "2015", cost)]
    starbucks = amount(-23155.0, "thousands", "2015", sales, cost, label="Starbucks gross loss")
    starbucks["items"][0]["calculation"] = calculation("a - b", -23155.0, *parts)
    asked = "What was Contoso's gross profit or loss from Starbucks transaction processing in 2015?"
    assert_scripted(run_cli, fake_openai, pdf, asked, starbucks, True)


@needs_shared
def test_a_page_long_table_s_scale_heading_reaches_a_row_far_below_it(run_cli, fake_openai, monkeypatch):
    monkeypatch.setenv("DOCINTEL_STRATEGY", "combined")  # one model call for the whole filing
    # Pfizer's product table: '(MILLIONS)' heads the page, the Eliquis row is 30 lines below it
    pdf = FINANCEBENCH / "pdfs" / "Pfizer_2023Q2_10Q.pdf"
    cited = span(2062, "U.S.")
    cited["line_end"], cited["quote"] = 2063, "U.S. $ 2,413 $ 2,144 13"
    scripted = amount(2413.0, "millions", "six months ended July 2, 2023", label="Eliquis U.S. revenues")
    scripted["items"][0]["spans"] = [span(2061, "Eliquis"), cited]
    fake_openai.push_answer(scripted)
    question = "What were Pfizer's U.S. Eliquis revenues in the first six months of 2023?"
    _, data, err = ask(run_cli, question, pdf, "--budget-chars", "2000000")  # the whole filing in the context
    assert data is not None, err
    assert data["verification"]["items"][0]["value_check"] == "supported", data["verification"]


def test_a_yes_cut_before_its_sentence_says_the_asked_ratio_stayed_flat_is_unchecked(run_cli, fake_openai, make_pdf):
    said = [
        "Our operating income increased $57 million and our operating income as a percent of revenue remained flat in",
        "fiscal 2019 compared to fiscal 2018.",
    ]
    pdf = make_pdf("contoso-2019-10k.pdf", [COVER30, said])
    cited = span(len(COVER30) + 1, "Our operating income increased $57 million")
    yes = answer("boolean", {"value": True, "explanation": "Yes, it increased.", "spans": [cited]})
    question = "Did Contoso's operating income as a percentage of revenue improve in fiscal 2019?"
    assert_scripted(run_cli, fake_openai, pdf, question, yes, False, "remained flat")
