"""Session 27: yes/no checks that read what a quote's words are said of.

- A question that asks a quote's own negation ('Is it the case that Contoso does not own ...?') is answered yes by
  that quote, and a no to it is contradicted by the quote.
- A quote that ends its sentence leaves out no exception: the next sentence's 'If ...' is its own.
- A yes to an effect that increases a measure, from a quote that says the measure was lower, is contradicted.
- 'wholly owned' says nothing of all; 'all' after a comma is said of what comes before it.
- A year that begins a name in the question ('its 2009 Long-Term Incentive Plan') asks of no year: a quote of 2017
  does not answer for 2022.
- A figure of prose whose quote names no year stays unchecked: reading the year from its sentence or the one before
  let wrong answers through on the filings (a comparison year, an event's date, a quarter's heading), so it was
  withdrawn (see test_a_prose_figure_is_not_dated_by_the_sentence_around_it).
- Blind round 57: a place the quote leaves out ('other than ... and Japan'); a definition of what a total includes that
  does not name the part asked; a date that ends a span ('available through'); a word asked that only a category's
  definition says ('include costs associated with the impairment of goodwill'); 'any shareholder proposal' from a
  quote that names no proposal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import needs_shared
from tests.test_typed_verify_review36 import assert_case_holds
from tests.test_typed_verify_session24 import COVER
from tests.test_values import amount, answer, assert_scripted, calculation, operand, span

COVER27 = [*COVER, "Annual report for the fiscal year ended December 31, 2022"]
SESSION27 = [
    "Intellectual property",
    "Contoso does not own the Fabrikam trademarks in Japan and accordingly does not earn revenues in Japan.",
    "Our long-term debt is currently rated investment grade by two rating agencies. If our credit ratings were"
    " lowered, our borrowing costs could increase.",
    "Contoso's products are sold in all states, unless a state restricts their sale.",
    "Net interest income of $9.8 billion, up 12%, driven by higher rates and the Fabrikam acquisition, partially"
    " offset by lower Markets net interest income.",
    "The Fabrikam acquisition contributed to higher Markets net interest income.",
    "On July 26, 2022, Aearo Technologies and certain of its related entities, all wholly owned subsidiaries of"
    " Contoso, initiated chapter 11 proceedings.",
    "On July 26, 2022, all of Contoso's wholly owned subsidiaries initiated chapter 11 proceedings.",
    "In May 2017, our shareholders terminated the authority to grant new awards under the 2009 Long-Term Incentive"
    " Plan.",
    "In 2022, Contoso granted new awards under its 2009 Long-Term Incentive Plan.",
    "On July 26, 2022, Aearo Technologies, a wholly owned subsidiary of Contoso, initiated chapter 11 proceedings.",
    "Contoso believes the investigation is without merit.",
    "Territories other than direct distribution markets and Japan are serviced by licensees who pay royalties to"
    " Contoso.",
    "Comparable store sales include revenues from Contoso-owned in-line and factory stores.",
    "Comparable store sales include revenues from Contoso-owned stores and digital commerce sales.",
    "A replay of the call will be available through February 15, 2023.",
    "The conference call was held on February 8, 2023.",
    "Impairment and restructuring expenses include costs associated with the impairment of goodwill.",
    "Impairment and restructuring expenses were $1.1 billion in 2022.",
    "In 2022, Contoso recorded a goodwill impairment charge of $5.1 billion.",
    "The shareholders approved, on an advisory basis, holding the say-on-pay vote every year.",
    "The shareholder proposal regarding a climate report was approved.",
    "As of December 31, 2022, Contoso has provided letters of credit of $37 million, judicial insurance of $1 million,"
    " and deposited cash of $12 million with the courts.",
    "In January 2015, Contoso issued $1 billion of senior notes due 2025.",
    "Its proceeds were approximately $989.3 million, net of an issuance discount of $10.7 million.",
    "In addition, Contoso incurred issuance costs of $7.9 million in connection with the notes.",
    "In 2021, Contoso recorded a non-cash tax benefit of $296 million to record the deferred tax impact.",
    "The current year also included a non-cash tax benefit of $37 million from the VICI transaction.",
    "Impairment and restructuring expenses for 2022 include a goodwill impairment charge of $5.1 billion.",
]
# the second document: the retrieval of one long page would leave some of its lines out of the context
SESSION27B = [
    "The reported effective tax rate was 16.2% in 2022.",
    "The adjusted effective tax rate was 16.2% in 2022.",
    "The adjusted effective tax rate of 15.1% was lower than the reported rate of 16.2% in 2022.",
    "As of December 31, 2022, Contoso had approximately 3,700 total employees.",
    "Of these employees, approximately 3,500 were full-time.",
    "The current year also included a non-cash tax benefit of $296 million and a non-cash tax benefit of $37 million,"
    " partially offset by a non-cash tax charge of $90 million and a non-cash tax charge of $59 million.",
    "As of December 31, 2022, Contoso is required to make annual rent payments of $828 million under its master lease.",
    "We currently have long-term debt ratings of AA- and A1 from two agencies.",
    "We currently have short-term debt ratings of A1+ and P1 from two agencies.",
    "We are required to purchase all of our microprocessor product requirements, and a certain portion of our GPU"
    " product requirements from Fabrikam.",
    "In 2022, Contoso and Fabrikam each invested $50 million upfront in the venture.",
    "In 2022, the program's pretax expenses were $650 million.",
    "Contoso has incurred total pretax expenses of $3,058 million related to this program since it commenced.",
    "On a worldwide basis, Contoso's pension plans were 96 percent funded at year-end 2022.",
    "The primary U.S. qualified pension plan, which is approximately 70 percent of the worldwide pension obligation,"
    " was 97 percent funded.",
    "If the merger agreement is terminated under certain circumstances, Contoso will be required to pay Fabrikam a"
    " termination fee of approximately $500 million.",
    "In 2022, Contoso opened new stores.",
    "The company, which sells coffee and tea in many cities, paid dividends of $20 million.",
    "It paid dividends of $20 million.",
    "The principal executive officers concluded that the controls, as defined in the Securities Exchange Act of 1934,"
    " were effective.",
    "If the agreement is terminated for a superior proposal, Fabrikam will be required to pay the Company a"
    " termination fee of approximately $300 million.",
    "During 2022, Walmart accounted for 20 percent of Contoso's net sales.",
]


def _ask(run_cli, fake_openai, make_pdf, question, scripted, supported, reason=""):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER27, SESSION27])
    return assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, reason)


def _askb(run_cli, fake_openai, make_pdf, question, scripted, supported, reason=""):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER27, SESSION27B])
    return assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, reason)


def _b(index: int, quote: str | None = None) -> tuple[int, str]:
    """A line of the second document by its index in SESSION27B's old numbering (29 on)."""
    return (len(COVER27) + index - 29 + 1, quote or SESSION27B[index - 29])


def _says(value: bool, index: int, quote: str | None = None) -> dict:
    cites = [span(len(COVER27) + index + 1, quote or SESSION27[index])]
    return answer("boolean", {"value": value, "explanation": "As quoted.", "spans": cites})


@pytest.mark.parametrize(
    ("question", "value", "supported", "reason"),
    [
        ("Is it the case that Contoso does not own the Fabrikam trademarks in Japan?", True, True, ""),
        ("Is it the case that Contoso does not own the Fabrikam trademarks in Japan?", False, False, "says so"),
        ("Does Contoso own the Fabrikam trademarks in Japan?", True, False, "the quote says no"),
        ("Does Contoso own the Fabrikam trademarks in Japan?", False, True, ""),
        # a question with a negation the quote does not say
        (
            "Is it the case that Contoso does not own the Fabrikam trademarks in Japan and does not sell there?",
            True,
            False,
            "the quote says no",
        ),
        # the question echoes one negation and affirms what the quote's other one denies
        (
            "Is it the case that Contoso does not own the Fabrikam trademarks but earns revenues in Japan?",
            True,
            False,
            "the quote says no",
        ),
    ],
)
def test_a_question_that_asks_the_quote_s_own_negation(
    run_cli, fake_openai, make_pdf, question, value, supported, reason
):
    quote = SESSION27[1] if "earns" in question else "Contoso does not own the Fabrikam trademarks in Japan"
    _ask(run_cli, fake_openai, make_pdf, question, _says(value, 1, quote), supported, reason)


@pytest.mark.parametrize(
    ("index", "quote", "supported"),
    [
        (2, "Our long-term debt is currently rated investment grade by two rating agencies.", True),
        (3, "Contoso's products are sold in all states", False),
    ],
)
def test_an_exception_after_the_quote_counts_only_inside_its_sentence(
    run_cli, fake_openai, make_pdf, index, quote, supported
):
    question = (
        "Is Contoso's long-term debt currently rated investment grade?"
        if index == 2
        else "Are Contoso's products sold in all states?"
    )
    _ask(run_cli, fake_openai, make_pdf, question, _says(True, index, quote), supported, "exception after it")


@pytest.mark.parametrize(
    ("index", "supported"),
    [(4, False), (5, True)],
)
def test_an_effect_the_quote_says_went_the_other_way(run_cli, fake_openai, make_pdf, index, supported):
    question = "In 2022, did the Fabrikam acquisition increase Contoso's Markets net interest income?"
    _ask(run_cli, fake_openai, make_pdf, question, _says(True, index), supported, "lower Markets net interest income")


def test_a_quote_that_moves_the_measure_the_asked_way_decides(run_cli, fake_openai, make_pdf):
    scripted = _says(True, 4)
    scripted["items"][0]["spans"].append(span(len(COVER27) + 6, SESSION27[5]))
    question = "In 2022, did the Fabrikam acquisition increase Contoso's Markets net interest income?"
    _ask(run_cli, fake_openai, make_pdf, question, scripted, True)


@pytest.mark.parametrize(("index", "supported"), [(6, False), (7, True), (10, False)])
def test_all_of_a_set_needs_a_quote_that_says_all_of_it(run_cli, fake_openai, make_pdf, index, supported):
    question = "Did all of Contoso's wholly owned subsidiaries initiate chapter 11 proceedings in July 2022?"
    _ask(run_cli, fake_openai, make_pdf, question, _says(True, index), supported, "no quote says all or only")


@pytest.mark.parametrize(("index", "supported"), [(8, False), (9, True)])
def test_a_year_in_a_plan_s_name_asks_of_no_year(run_cli, fake_openai, make_pdf, index, supported):
    question = "Did Contoso grant new awards under its 2009 Long-Term Incentive Plan in 2022?"
    _ask(run_cli, fake_openai, make_pdf, question, _says(True, index), supported, "not the year asked")


@pytest.mark.parametrize(("value", "supported"), [(True, True), (False, False)])
def test_a_negation_that_ends_its_sentence_is_echoed_too(run_cli, fake_openai, make_pdf, value, supported):
    question = "Is it the case that Contoso believes the investigation is without merit?"
    _ask(run_cli, fake_openai, make_pdf, question, _says(value, 11), supported, "says so")


def _cases(*pairs: tuple[str, int, bool, str]):
    return pytest.mark.parametrize(("question", "index", "supported", "reason"), list(pairs))


@_cases(
    ("Does Contoso earn royalties from licensees in Japan?", 12, False, "the quote says no"),
    ("Does Contoso earn royalties from licensees in Brazil?", 12, True, ""),
    ("Does Contoso earn royalties from licensees in territories other than Japan?", 12, True, ""),
    ("Are Contoso's digital commerce sales included in its comparable store sales?", 13, False, "does not name"),
    ("Are Contoso's digital commerce sales included in its comparable store sales?", 14, True, ""),
    ("Did Contoso record a goodwill impairment charge in 2022?", 18, True, ""),
    ("Did Contoso record a goodwill impairment charge in 2022?", 28, True, ""),
    ("Did any shareholder proposal pass at Contoso's 2023 annual meeting?", 20, False, "no quote names one"),
    ("Did any shareholder proposal pass at Contoso's 2023 annual meeting?", 21, True, ""),
)
def test_round57_yes_answers(run_cli, fake_openai, make_pdf, question, index, supported, reason):
    _ask(run_cli, fake_openai, make_pdf, question, _says(True, index), supported, reason)


def test_a_word_only_a_category_s_definition_says_does_not_answer_whether_it_happened(run_cli, fake_openai, make_pdf):
    scripted = _says(True, 16)
    scripted["items"][0]["spans"].append(span(len(COVER27) + 18, SESSION27[17]))
    question = "Did Contoso record a goodwill impairment charge in 2022?"
    _ask(run_cli, fake_openai, make_pdf, question, scripted, False, "says what a category includes")


@pytest.mark.parametrize(
    ("question", "index", "supported"),
    [
        ("On what date was Contoso's conference call held?", 15, False),
        ("Until what date will a replay of Contoso's conference call be available?", 15, True),
        ("On what date was Contoso's conference call held?", 16, True),
    ],
)
def test_a_date_that_ends_a_span_is_not_the_day_of_the_event(
    run_cli, fake_openai, make_pdf, question, index, supported
):
    text = SESSION27[index]
    original = "February 15, 2023" if "15" in text else "February 8, 2023"
    iso = "2023-02-15" if "15" in text else "2023-02-08"
    item = {"label": "The call", "date": {"iso": iso, "original_text": original}, "spans": _cite(index)}
    _ask(run_cli, fake_openai, make_pdf, question, answer("date", item), supported, "ends a span of time")


def _cite(index: int, quote: str | None = None) -> list[dict]:
    return [span(len(COVER27) + index + 1, quote or SESSION27[index])]


def _at(index: int, quote: str | None = None) -> tuple[int, str]:
    return (len(COVER27) + index + 1, quote or SESSION27[index])


_SECURITY = [
    ("Letters of credit", 37, "letters of credit of $37 million"),
    ("Judicial insurance", 1, "judicial insurance of $1 million"),
    ("Cash deposited with the courts", 12, "deposited cash of $12 million"),
]


@pytest.mark.parametrize(
    ("question", "supported"),
    [
        ("How much cash had Contoso deposited with the courts?", False),
        ("How much security had Contoso provided in total?", True),
    ],
)
def test_a_sum_that_adds_things_the_question_does_not_ask(run_cli, fake_openai, make_pdf, question, supported):
    parts = [operand(x, v, None, _at(22, q), name=n) for x, (n, v, q) in zip("abc", _SECURITY, strict=True)]
    scripted = amount(50, "millions", None, _at(22), calculation=calculation("a + b + c", 50, *parts))
    _ask(run_cli, fake_openai, make_pdf, question, scripted, supported, "names nothing it asks")


CASES = [
    json.loads(line) for line in (Path(__file__).parent / "data" / "session27_cases.jsonl").read_text().splitlines()
]


@needs_shared
@pytest.mark.parametrize("case", CASES, ids=[c["class"] for c in CASES])
def test_session_27_s_cases_hold(run_cli, fake_openai, tmp_path, case):
    """Blind round 57's wrong answers on the filings the new rules catch (Japan left out, comparable store sales
    defined without digital sales, a replay's last day, a category's definition, a company vote for a shareholder
    proposal, three forms of security summed as cash) and two right answers whose prose operands are dated by their
    sentence ('The current year also included ...') and the sentence before ('In January 2015, we issued ...')."""
    assert_case_holds(run_cli, fake_openai, tmp_path, case)


@pytest.mark.parametrize(
    ("indexes", "value", "supported"),
    [((29, 30), True, False), ((29, 30), False, False), ((31,), True, True)],
)
def test_a_comparison_of_two_figures_is_not_read_from_words_that_state_none(
    run_cli, fake_openai, make_pdf, indexes, value, supported
):
    scripted = _says(value, 0)
    scripted["items"][0]["spans"] = [span(*_b(i)) for i in indexes]
    question = "Was Contoso's adjusted effective tax rate lower than its reported effective tax rate in 2022?"
    _askb(run_cli, fake_openai, make_pdf, question, scripted, supported, "no quote states the comparison")


_TAX_ITEMS = [
    ("Non-cash tax benefit (first)", 296, "a non-cash tax benefit of $296 million"),
    ("Non-cash tax benefit (second)", 37, "a non-cash tax benefit of $37 million"),
    ("Non-cash tax charge (first)", 90, "a non-cash tax charge of $90 million"),
    ("Non-cash tax charge (second)", 59, "a non-cash tax charge of $59 million"),
]


@pytest.mark.parametrize(
    ("expression", "result", "supported"), [("a + b + c + d", 482, False), ("a + b - c - d", 184, True)]
)
def test_a_net_takes_charges_from_benefits(run_cli, fake_openai, make_pdf, expression, result, supported):
    parts = [operand(x, v, None, _b(34, q), name=n) for x, (n, v, q) in zip("abcd", _TAX_ITEMS, strict=True)]
    calc = calculation(expression, result, *parts)
    scripted = amount(result, "millions", None, _b(34), calculation=calc, label="Net non-cash tax effect")
    question = "What was the combined net effect of Contoso's non-cash tax items?"
    _askb(run_cli, fake_openai, make_pdf, question, scripted, supported, "a net takes the charges")


@pytest.mark.parametrize(("index", "text", "supported"), [(36, "A1", False), (37, "P1", True)])
def test_a_text_whose_quotes_say_only_the_opposite_term(run_cli, fake_openai, make_pdf, index, text, supported):
    scripted = answer("text", {"text": text, "spans": [span(*_b(index))]})
    question = "Which short-term credit rating has Moody's given Contoso?"
    _askb(run_cli, fake_openai, make_pdf, question, scripted, supported, "the quotes say only 'long-term'")


@pytest.mark.parametrize(
    ("shape", "entries", "supported"),
    [
        ("text", ["Contoso must buy all of its microprocessor and GPU product requirements from Fabrikam."], False),
        ("list", ["microprocessor", "GPU"], False),
        ("list", ["microprocessor"], True),
        ("text", ["All of its microprocessor requirements, and a portion of its GPU requirements."], True),
    ],
)
def test_a_thing_its_quote_names_after_a_part_of_it_is_not_held_wholly(
    run_cli, fake_openai, make_pdf, shape, entries, supported
):
    scripted = answer(shape, *({"text": entry, "spans": [span(*_b(38))]} for entry in entries))
    question = "Which of its product requirements must Contoso purchase entirely from Fabrikam?"
    if shape == "list":
        question = "List the product requirements Contoso must purchase entirely from Fabrikam."
    _askb(run_cli, fake_openai, make_pdf, question, scripted, supported, "a certain portion of our GPU")


def test_quotes_that_say_both_terms_leave_the_answer_to_its_own(run_cli, fake_openai, make_pdf):
    scripted = answer("text", {"text": "P1", "spans": [span(*_b(36)), span(*_b(37))]})
    question = "Which short-term credit rating has Moody's given Contoso?"
    _askb(run_cli, fake_openai, make_pdf, question, scripted, True)


@pytest.mark.parametrize(
    ("question", "supported"),
    [
        ("How much did Contoso and Fabrikam invest upfront in total in the venture?", False),
        ("How much did Contoso invest upfront in the venture?", True),
    ],
)
def test_a_figure_said_of_each_is_not_their_total(run_cli, fake_openai, make_pdf, question, supported):
    scripted = amount(50, "millions", None, _b(39, "each invested $50 million upfront"), label="Upfront investment")
    _askb(run_cli, fake_openai, make_pdf, question, scripted, supported, "to each")


@pytest.mark.parametrize(
    ("question", "supported"),
    [
        ("Would Fabrikam have to pay Contoso a termination fee if the merger agreement is terminated?", False),
        ("Would Contoso have to pay Fabrikam a termination fee if the merger agreement is terminated?", True),
    ],
)
def test_a_yes_that_one_party_pays_another_from_a_quote_that_has_it_paid(
    run_cli, fake_openai, make_pdf, question, supported
):
    scripted = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [span(*_b(44))]})
    _askb(run_cli, fake_openai, make_pdf, question, scripted, supported, "the quote has it paid")


@pytest.mark.parametrize(
    ("cites", "text", "supported"),
    [
        ([_b(48)], _b(48)[1], False),
        (
            [
                (4, "1 Contoso Plaza"),
                (5, "Springfield, Illinois 62701"),
                (6, "(Address of principal executive offices)"),
            ],
            "1 Contoso Plaza, Springfield, Illinois 62701",
            True,
        ),
    ],
)
def test_an_address_asked_is_answered_by_a_place(run_cli, fake_openai, make_pdf, cites, text, supported):
    """A new user's 'What is the address of Corning's principal executive offices?' was answered 'supported' with a
    sentence about its principal executive officers: 'in the Securities Exchange Act' is in no place."""
    scripted = answer("text", {"text": text, "spans": [span(*c) for c in cites]})
    question = "What is the address of Contoso's principal executive offices?"
    _askb(run_cli, fake_openai, make_pdf, question, scripted, supported, "names no place")


def test_a_prose_figure_is_not_dated_by_the_sentence_around_it(run_cli, fake_openai, make_pdf):
    """'In January 2015, Contoso issued ... notes.' / 'Its proceeds were approximately $989.3 million': the year of the
    sentence before may be an event's, a comparison's or a heading's (a review found six wrong answers it let
    through), so a quote that names no year leaves the period unchecked."""
    quote = "Its proceeds were approximately $989.3 million"
    scripted = amount(989.3, "millions", "2015", _at(24, quote), label="Proceeds")
    question = "What were the proceeds from Contoso's 2025 notes in 2015?"
    _ask(run_cli, fake_openai, make_pdf, question, scripted, False, "the quote names no period")


def test_a_payee_the_quote_calls_the_company_may_be_the_one_asked(run_cli, fake_openai, make_pdf):
    scripted = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [span(*_b(44)), span(*_b(49))]})
    question = (
        "Would Fabrikam have to pay Contoso a termination fee if the agreement is terminated for a superior proposal?"
    )
    _askb(run_cli, fake_openai, make_pdf, question, scripted, True)


def test_an_effect_on_the_whole_measure_is_not_denied_by_a_part_of_it_moving_the_other_way(
    run_cli, fake_openai, make_pdf
):
    question = "In 2022, did the Fabrikam acquisition increase Contoso's net interest income?"
    _ask(run_cli, fake_openai, make_pdf, question, _says(True, 4), True)


def test_any_with_a_longer_phrase_leaves_the_noun_unread(run_cli, fake_openai, make_pdf):
    scripted = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [span(*_b(50))]})
    question = "Did any single customer represent more than 10 percent of Contoso's net sales in 2022?"
    _askb(run_cli, fake_openai, make_pdf, question, scripted, True)
