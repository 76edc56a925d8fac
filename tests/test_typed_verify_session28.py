"""Session 28: what a sentence bounds its quote by, and a level aimed at.

- A text or yes/no about a year, read only from sentences that bound what they say to before a date the year is
  after ('Prior to January 1, 2022, ... was the British pound' for 2022), or to after a date the year is before
  ('Effective January 1, 2022, ...' for 2021), is a period mismatch.
- A figure its clause calls a target ('The Firm's current target for its ... ratio' / 'is 12.5%') is an outlook,
  also when the quote was cut after the word: it never answers what the ratio or its requirement is.
- Blind round 58: a range the quote gives of a whole ('Intangible assets ... three to twenty years') said of one
  of its types (patents); a gap to a plan ('18 fewer deliveries than originally planned') taken away to reach the
  plan; a sentence's second figure ('... $1.0 billion to our pension plans and anticipate recovering ... $2.1
  billion') read with the first one's words; a count of another noun ('73 collective bargaining agreements' for
  unions); a yes/no whose quote stops before the words that say which way ('... an estimated $16 million' /
  'reduction in net interest expense'); '35 million people' is a count, not money.
- A change supposed and what it would do ('A one year increase in ... useful lives would result in a decrease of $2.2
  billion') is no actual figure; a question that supposes the change asks it.
- A new user's auditor question offline: a heading ('Proposal 3—Ratification of Appointment of Independent
  Registered Public Accounting Firm') or a report's own parts ('Item 8—Financial Statements and Supplementary Data',
  'this Annual Report on Form 10-K') name no firm.
- A count of prose answers 'How many X' when the noun after it is X and its sentence says the rest of the question
  ('approximately 6,400 employees'; not '24 stores' relocated for the stores remodeled)."""

from __future__ import annotations

import json

import pytest

from docintel.verify.query import names_outlook
from tests.test_typed_verify_session24 import COVER
from tests.test_values import amount, answer, ask, assert_scripted, calculation, operand, span

COVER28 = [*COVER, "Annual report for the fiscal year ended December 31, 2022"]
SESSION28 = [
    "Foreign currency",
    "Prior to January 1, 2022, the functional currency of Contoso's European entities was the British pound.",
    "Contoso changed the functional currency of these entities to the euro effective January 1, 2022.",
    "Effective January 1, 2022, Contoso's European entities report in euros.",
    "Capital",
    "The Firm's current target for its Standardized CET1",
    "capital ratio is 12.5% by the end of the fourth quarter of 2022.",
    "At December 31, 2022, the Standardized CET1 capital ratio requirement, including regulatory buffers, was 12.0%.",
    "The Standardized CET1 capital ratio was 12.2% at December 31, 2022.",
    "Intangible asset types include customer related, patents and tradenames. Intangible assets with a definite life"
    " are amortized over a period ranging from three to twenty years.",
    "Patents are amortized over periods of four to thirteen years.",
    "During 2022, we delivered 120 production aircraft.",
    "The delays resulted in 18 fewer deliveries than originally planned in 2022.",
    "We expect to make contributions of approximately $1.0 billion to our pension plans in 2023 and anticipate"
    " recovering approximately $2.1 billion of pension cost.",
    "As of December 31, 2022, approximately 47% of Contoso's workforce was represented by unions, which include 73"
    " collective bargaining agreements with 14 different unions.",
    "A 50 basis point increase in short-term interest rates would lead to an estimated $16 million reduction in net"
    " interest expense.",
    "Contoso's health plans serve an estimated 35 million people as of December 31, 2022.",
    "A one year increase in the estimated useful lives of our equipment would result in a decrease of $2.2 billion in"
    " our 2022 depreciation expense.",
    "The shareholders will vote on the proposal to ratify the appointment of the independent registered public"
    " accounting firm.",
    "Proposal 3—Ratification of Appointment of Independent Registered Public Accounting Firm",
    "The firm's opinion is stated in its report appearing in Item 8—Financial Statements and Supplementary Data of this"
    " Annual Report on Form 10-K.",
    "Our financial statements have been audited by Fabrikam & Partners LLP, an independent registered public"
    " accounting firm.",
    "As of December 31, 2022, Contoso had approximately 6,400 employees.",
    "During the year ended December 31, 2022, as part of its real estate program, Contoso relocated 24 stores.",
    "During the year ended December 31, 2022, as part of its real estate program, Contoso remodeled 47 stores.",
    "Prior to January 1, 2022, Contoso reported three segments; beginning January 1, 2022, it reports two segments.",
    "In 2022, Contoso returned $4.9 billion of capital to shareholders, keeping its capital ratio within its target"
    " range.",
    "As of December 31, 2022, approximately 3,700 employees, excluding seasonal hires, in North America were covered"
    " by collective bargaining agreements.",
    "As of December 31, 2022, there were approximately 237 stockholders of record of our common stock.",
    "Cash paid for interest of $1.2 billion in 2022 and income taxes of $0.8 billion in 2022 are included above.",
    "Approximately 50,000 employees, which constitute 32% of our total workforce, were union represented as of"
    " December 31, 2022.",
]


def _ask(run_cli, fake_openai, make_pdf, question, scripted, supported, reason=""):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER28, SESSION28])
    return assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, reason)


def _at(index: int) -> int:
    return len(COVER28) + index + 1


def _text(text: str, *indexes: int) -> dict:
    return answer("text", {"text": text, "spans": [span(_at(i), SESSION28[i]) for i in indexes]})


def test_a_state_held_before_the_year_asked_does_not_answer_it(run_cli, fake_openai, make_pdf):
    question = "What was the functional currency of Contoso's European entities in 2022?"
    wrong = _text("The British pound.", 1)
    _ask(run_cli, fake_openai, make_pdf, question, wrong, False, "held before January 1, 2022")


def test_the_state_from_the_date_answers_the_year_and_the_bound_sentence_beside_it_is_no_objection(
    run_cli, fake_openai, make_pdf
):
    question = "What was the functional currency of Contoso's European entities in 2022?"
    _ask(run_cli, fake_openai, make_pdf, question, _text("The euro.", 2), True)
    both = _text("The euro (before January 1, 2022, the British pound).", 1, 2)
    _ask(run_cli, fake_openai, make_pdf, question, both, True)


def test_a_state_from_a_date_does_not_answer_a_year_before_it(run_cli, fake_openai, make_pdf):
    question = "Did Contoso's European entities report in euros in 2021?"
    wrong = answer("boolean", {"value": True, "explanation": "As quoted.", "spans": [span(_at(3), SESSION28[3])]})
    _ask(run_cli, fake_openai, make_pdf, question, wrong, False, "held from January 1, 2022")
    asked_then = "Did Contoso's European entities report in euros in 2022?"
    _ask(run_cli, fake_openai, make_pdf, asked_then, wrong, True)


def _ratio(value: float, *cites: tuple[int, str]) -> dict:
    return amount(value, "percent", "2022", *[(_at(i), q) for i, q in cites], currency=None, label="CET1 ratio")


def test_a_target_cut_off_before_its_quote_does_not_answer_the_requirement(run_cli, fake_openai, make_pdf):
    question = "What was Contoso's Standardized CET1 capital ratio requirement, including regulatory buffers, in 2022?"
    cut = _ratio(12.5, (5, SESSION28[5]), (6, "capital ratio is 12.5% by the end of the fourth quarter of 2022."))
    _ask(run_cli, fake_openai, make_pdf, question, cut, False, "scenario")
    quoted_after = _ratio(12.5, (6, "capital ratio is 12.5% by the end of the fourth quarter of 2022."))
    _ask(run_cli, fake_openai, make_pdf, question, quoted_after, False, "scenario")
    right = _ratio(12.0, (7, SESSION28[7]))
    _ask(run_cli, fake_openai, make_pdf, question, right, True)


def test_a_target_answers_a_question_that_asks_the_target(run_cli, fake_openai, make_pdf):
    question = "What was Contoso's target for its Standardized CET1 capital ratio by the fourth quarter of 2022?"
    whole = _ratio(12.5, (5, SESSION28[5]), (6, "capital ratio is 12.5% by the end of the fourth quarter of 2022."))
    _ask(run_cli, fake_openai, make_pdf, question, whole, True)
    actual = "What was Contoso's Standardized CET1 capital ratio at December 31, 2022?"
    _ask(run_cli, fake_openai, make_pdf, actual, _ratio(12.2, (8, SESSION28[8])), True)


def test_a_range_the_quote_gives_of_a_whole_is_not_one_of_its_types(run_cli, fake_openai, make_pdf):
    question = "Over what range of useful lives does Contoso amortize its acquired patents?"
    wrong = _text("Contoso amortizes its acquired patents over three to twenty years.", 9)
    _ask(run_cli, fake_openai, make_pdf, question, wrong, False, "gives twenty years of")
    right = _text("Contoso amortizes patents over four to thirteen years.", 10)
    _ask(run_cli, fake_openai, make_pdf, question, right, True)


def _planned(expression: str, result: float) -> dict:
    operands = [
        operand("a", 120, "2022", (_at(11), SESSION28[11]), name="Aircraft delivered"),
        operand("b", 18, "2022", (_at(12), SESSION28[12]), name="Fewer deliveries than planned"),
    ]
    cites = [(_at(11), SESSION28[11]), (_at(12), SESSION28[12])]
    return amount(
        result, "count", "2022", *cites, calculation=calculation(expression, result, *operands), currency=None
    )


def test_a_gap_to_the_figure_asked_is_added_the_way_its_sentence_says(run_cli, fake_openai, make_pdf):
    question = "How many production aircraft had Contoso originally planned to deliver in 2022?"
    _ask(run_cli, fake_openai, make_pdf, question, _planned("a - b", 102), False, "the other figure plus 18")
    cut = _planned("a - b", 102)  # the quote cut before 'than originally planned': its sentence is read on
    cut["items"][0]["calculation"]["operands"][1]["span"]["quote"] = "The delays resulted in 18 fewer deliveries"
    _ask(run_cli, fake_openai, make_pdf, question, cut, False, "the other figure plus 18")
    data = assert_scripted_any(run_cli, fake_openai, make_pdf, question, _planned("a + b", 138))
    fields = [f for item in data["verification"]["items"] for f in item.get("fields", [])]
    assert [f["verdict"] for f in fields if f["field"] == "formula"] == ["supported"]  # the gap is no stray addend


def assert_scripted_any(run_cli, fake_openai, make_pdf, question, scripted) -> dict:
    """Ask, whatever the status: the --json output."""
    fake_openai.push_answer(scripted)
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER28, SESSION28])
    return ask(run_cli, question, pdf)[1]


def _money(value: float, index: int, quote: str | None = None) -> dict:
    return amount(value, "billions", "2023", (_at(index), quote or SESSION28[index]), label="Pension contributions")


def test_a_sentence_s_second_figure_is_not_read_with_the_first_one_s_words(run_cli, fake_openai, make_pdf):
    question = "How much does Contoso expect to contribute to its pension plans in 2023?"
    _ask(run_cli, fake_openai, make_pdf, question, _money(2.1, 13), False, "anticipate recovering approximately")
    _ask(run_cli, fake_openai, make_pdf, question, _money(1.0, 13), True)


def _count(value: float, index: int) -> dict:
    return amount(value, "count", "2022", (_at(index), SESSION28[index]), currency=None, label="Unions")


def test_a_count_of_another_noun_does_not_answer_how_many(run_cli, fake_openai, make_pdf):
    question = "How many different unions represent Contoso's workforce as of December 31, 2022?"
    _ask(run_cli, fake_openai, make_pdf, question, _count(73, 14), False, "counts 'collective bargaining agreements'")
    _ask(run_cli, fake_openai, make_pdf, question, _count(14, 14), True)


def test_a_yes_no_whose_quote_stops_before_which_way_is_unchecked(run_cli, fake_openai, make_pdf):
    question = "Would a 50 basis point increase in short-term interest rates increase Contoso's net interest expense?"
    cut = "A 50 basis point increase in short-term interest rates would lead to an estimated $16 million"
    said = {"value": True, "explanation": "As quoted.", "spans": [span(_at(15), cut)]}
    _ask(run_cli, fake_openai, make_pdf, question, answer("boolean", said), False, "stops before 'reduction in net")
    whole = {"value": False, "explanation": "As quoted.", "spans": [span(_at(15), SESSION28[15])]}
    data = assert_scripted_any(run_cli, fake_openai, make_pdf, question, answer("boolean", whole))
    assert "stops before" not in json.dumps(data["verification"])


def test_millions_of_people_are_a_count(run_cli, fake_openai, make_pdf):
    question = "Approximately how many people do Contoso's health plans serve as of December 31, 2022?"
    people = amount(35_000_000, "count", "2022", (_at(16), SESSION28[16]), currency=None, label="People served")
    data = assert_scripted_any(run_cli, fake_openai, make_pdf, question, people)
    assert "is money" not in json.dumps(data["verification"]) and data["status"] != "unsupported"


def test_a_target_is_an_outlook_and_the_retailer_target_is_not():
    """The verifier's own reading of a sentence's scenario (the same words ingest reads as an outlook)."""
    assert names_outlook("The Firm's current target for its Standardized CET1 capital ratio is 12.5%")
    assert not names_outlook("During 2022, Walmart and Target accounted for 20 percent of net sales.")


def test_a_sensitivity_is_no_actual_figure_and_answers_the_change_supposed(run_cli, fake_openai, make_pdf):
    cited = (_at(17), SESSION28[17])
    actual = "What was Contoso's depreciation expense in 2022?"
    said = amount(2.2, "billions", "2022", cited, label="Depreciation expense")
    _ask(run_cli, fake_openai, make_pdf, actual, said, False, "scenario: outlook")
    supposed = (
        "By how much would a one-year increase in the useful lives of equipment have decreased 2022 depreciation?"
    )
    data = assert_scripted_any(run_cli, fake_openai, make_pdf, supposed, said)
    fields = [f for item in data["verification"]["items"] for f in item.get("fields", [])]
    assert [f["verdict"] for f in fields if f["field"] == "scenario"] == ["supported"]


@pytest.mark.parametrize(("index", "supported"), [(19, False), (20, False), (21, True)])
def test_a_heading_or_the_report_s_own_parts_name_no_auditor(run_cli, fake_openai, make_pdf, index, supported):
    question = "Who is Contoso's independent registered public accounting firm?"
    text = SESSION28[index] if index != 21 else "Fabrikam & Partners LLP"
    said = answer("text", {"text": text, "spans": [span(_at(index), SESSION28[index])]})
    _ask(run_cli, fake_openai, make_pdf, question, said, supported, "names no one")


@pytest.mark.parametrize(
    ("question", "index", "value", "supported"),
    [
        ("How many employees does Contoso have?", 22, 6400, True),
        ("How many stores did Contoso remodel in 2022?", 23, 24, False),
        ("How many stores did Contoso remodel in 2022?", 24, 47, True),
    ],
)
def test_a_count_of_prose_answers_how_many_of_its_noun(
    run_cli, fake_openai, make_pdf, question, index, value, supported
):
    _ask(run_cli, fake_openai, make_pdf, question, _count(value, index), supported)


def test_a_bound_the_question_asks_or_a_sentence_that_goes_on_to_the_other_side_is_no_mismatch(
    run_cli, fake_openai, make_pdf
):
    before = "Before 2022, what was the functional currency of Contoso's European entities?"
    data = assert_scripted_any(run_cli, fake_openai, make_pdf, before, _text("The British pound.", 1))
    assert "held before" not in json.dumps(data["verification"])
    both = "What segment structure did Contoso report in 2022?"
    data = assert_scripted_any(run_cli, fake_openai, make_pdf, both, _text("Two segments.", 25))
    assert "held before" not in json.dumps(data["verification"])


def test_a_target_range_elsewhere_in_the_sentence_leaves_the_figure_actual(run_cli, fake_openai, make_pdf):
    question = "How much capital did Contoso return to shareholders in 2022?"
    said = amount(4.9, "billions", "2022", (_at(26), SESSION28[26]), label="Capital returned")
    data = assert_scripted_any(run_cli, fake_openai, make_pdf, question, said)
    assert "scenario: outlook" not in json.dumps(data["verification"])
    assert not names_outlook("an increase that would have been larger excluding currency")
    assert not names_outlook("the assumptions that hypothetical marketplace participants would use")


@pytest.mark.parametrize(
    ("question", "index", "value", "supported"),
    [
        ("How many employees did Contoso have as of December 31, 2022?", 27, 3700, False),
        ("How many shareholders of record did Contoso have as of December 31, 2022?", 28, 237, True),
        ("How many employees did Contoso have as of December 31, 2022?", 30, 50000, False),
    ],
)
def test_a_count_narrowed_after_its_noun_is_no_total_and_owners_are_alike(
    run_cli, fake_openai, make_pdf, question, index, value, supported
):
    _ask(run_cli, fake_openai, make_pdf, question, _count(value, index), supported, "")


def test_a_noun_the_first_clause_s_subject_goes_on_to_keeps_that_subject(run_cli, fake_openai, make_pdf):
    question = "How much cash did Contoso pay for income taxes in 2022?"
    said = amount(0.8, "billions", "2022", (_at(29), SESSION28[29]), label="Income taxes paid")
    data = assert_scripted_any(run_cli, fake_openai, make_pdf, question, said)
    assert "the number is about 'income taxes of'" not in json.dumps(data["verification"]), data["status"]
