"""Session 25: what blind red team round 53 still found supported, and round 54's new classes.

- A date asked of the company's own act is not another company's ('Fabrikam Technologies sold ... starting in about
  2003' for 'In what year did Contoso begin selling ...').
- Proceedings against one party are not those against another ('all litigation against Fabrikam Entities ... is
  automatically stayed' for the lawsuits 'against Contoso itself').
- A figure given 'primarily from our ULA and non-U.S. joint ventures' is the pool's, not the ULA's.
- 'Significantly exceed' asks a degree the quote 'exceeded its carrying value' does not state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from docintel.question.parse import answer_shape
from tests.conftest import needs_shared
from tests.test_typed_verify_review36 import assert_case_holds
from tests.test_typed_verify_session24 import COVER
from tests.test_values import amount, answer, ask, assert_scripted, span

EARPLUGS = [
    "Combat Arms Earplugs and other products",
    "Fabrikam Technologies sold Dual-Ended Combat Arms earplugs starting in about 2003.",
    "Contoso acquired Fabrikam Technologies in 2008 and sold these earplugs from 2008 through 2015.",
    "Upon the filings in late July 2022, all litigation against Fabrikam Entities that filed chapter 11 cases is"
    " automatically stayed.",
    "In August 2022, the Bankruptcy Court ordered that the Combat Arms Earplugs litigation against Contoso is also"
    " stayed.",
    "Fabrikam Technologies was acquired by Contoso in 2008.",
    "Products sold under the Combat Arms name reached Contoso stores in 2008.",
    "In 2008, Contoso sold its first earplugs under the Combat Arms name.",
]


def _line(lines: list[str], index: int) -> int:
    return len(COVER) + index + 1


@pytest.mark.parametrize(
    ("question", "index", "iso", "printed", "supported"),
    [
        ("In what year did Contoso begin selling the Dual-Ended Combat Arms earplugs?", 1, "2003", "about 2003", False),
        (
            "In what year did Fabrikam Technologies begin selling the Dual-Ended Combat Arms earplugs?",
            1,
            "2003",
            "about 2003",
            True,
        ),  # the other company asked: its own act
        ("When did Contoso acquire Fabrikam Technologies?", 5, "2008", "2008", True),  # passive: Contoso acted
        ("In what year did Contoso begin selling Combat Arms products?", 6, "2008", "2008", True),  # no name opens it
        ("In what year did Contoso begin selling Combat Arms earplugs?", 7, "2008", "2008", True),  # after a lead-in
    ],
)
def test_a_date_asked_of_the_company_s_act_is_not_another_s(
    run_cli, fake_openai, make_pdf, question, index, iso, printed, supported
):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, EARPLUGS])
    item = {"label": "start", "date": {"iso": iso, "original_text": printed}}
    scripted = answer("date", {**item, "spans": [span(_line(EARPLUGS, index), EARPLUGS[index])]})
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "dates what Fabrikam Technologies did")


@pytest.mark.parametrize(("index", "supported"), [(3, False), (4, True)])
def test_proceedings_against_one_party_are_not_another_s(run_cli, fake_openai, make_pdf, index, supported):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, EARPLUGS])
    question = "Did the chapter 11 filings stay the Combat Arms Earplugs litigation pending against Contoso itself?"
    item = {"value": True, "explanation": "Yes.", "spans": [span(_line(EARPLUGS, index), EARPLUGS[index])]}
    data = assert_scripted(run_cli, fake_openai, pdf, question, answer("boolean", item), supported, "party")
    if not supported:
        assert "against Fabrikam Entities, not Contoso" in str(data["verification"]), data["verification"]


SEGMENT = [
    "Defense segment results",
    "Defense earnings from operations includes our share of income from equity method investments of $13 million,"
    " $53 million and $141 million primarily from our ULA and non-U.S. joint ventures in 2022, 2021 and 2020,"
    " respectively.",
    "The fair value of the GreatCall reporting unit exceeded its carrying value in fiscal 2022.",
    "The fair value of the Domestic reporting unit significantly exceeds its carrying value.",
    "Contoso's revenue from ULA was $50 million in 2022. Costs of $20 million came primarily from ULA and Fabrikam.",
]


@pytest.mark.parametrize(
    ("question", "supported"),
    [
        ("What was Contoso's income from its United Launch Alliance joint venture in 2022?", False),
        ("What was Contoso's Defense income from equity method investments in 2022?", True),
    ],
)
def test_a_figure_pooled_over_sources_is_not_one_source_s(run_cli, fake_openai, make_pdf, question, supported):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, SEGMENT])
    scripted = amount(13, "millions", "2022", (_line(SEGMENT, 1), SEGMENT[1]), label="income")
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "ULA and non-U.S. joint ventures")


def test_a_pool_asked_whole_is_no_mismatch(run_cli, fake_openai, make_pdf):
    """Every source asked ('from its ULA and non-U.S. joint ventures'): the pool is what was asked."""
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, SEGMENT])
    fake_openai.push_answer(amount(13, "millions", "2022", (_line(SEGMENT, 1), SEGMENT[1]), label="income"))
    _, data, _ = ask(run_cli, "What was Contoso's income from its ULA and non-U.S. joint ventures in 2022?", pdf)
    assert "together" not in json.dumps(data["verification"]), data["verification"]


def test_a_figure_beside_a_pooled_one_is_its_own(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, SEGMENT])
    quote = "Contoso's revenue from ULA was $50 million in 2022."
    scripted = amount(50, "millions", "2022", (_line(SEGMENT, 4), quote), label="Revenue from ULA")
    assert_scripted(run_cli, fake_openai, pdf, "What was Contoso's revenue from ULA in 2022?", scripted, True)


def test_a_yes_from_a_pooled_figure_is_not_one_source_s(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, SEGMENT])
    question = "Did Contoso's earnings from its United Launch Alliance joint venture decline in 2022?"
    item = {
        "value": True,
        "explanation": "Yes, $53 million to $13 million.",
        "spans": [span(_line(SEGMENT, 1), SEGMENT[1])],
    }
    assert_scripted(run_cli, fake_openai, pdf, question, answer("boolean", item), False, "together, not ULA alone")


@pytest.mark.parametrize(
    ("question", "index", "supported"),
    [
        (
            "Does the fair value of Contoso's GreatCall reporting unit significantly exceed its carrying value?",
            2,
            False,
        ),
        ("Does the fair value of Contoso's GreatCall reporting unit exceed its carrying value?", 2, True),
        ("Does the fair value of Contoso's Domestic reporting unit significantly exceed its carrying value?", 3, True),
    ],
)
def test_a_degree_asked_needs_a_quote_that_states_it(run_cli, fake_openai, make_pdf, question, index, supported):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, SEGMENT])
    item = {"value": True, "explanation": "Yes.", "spans": [span(_line(SEGMENT, index), SEGMENT[index])]}
    assert_scripted(run_cli, fake_openai, pdf, question, answer("boolean", item), supported, "significantly exceed")


ROUND54 = [
    "Interest rate swaps",
    "In March 2023, we entered into two interest rate swap contracts for a total notional amount of $1.2 billion.",
    "Under the terms of the contracts, we will pay a weighted average fixed rate of interest of 3.88%.",
    "Under the October 2022 contracts, we paid a weighted average fixed rate of interest of 4.53% in fiscal 2023.",
    "The Company's largest investor-owned competitors include Essential Utilities, Inc. and Suez North America.",
    "MSG faces competition from a number of service providers, including American States Water Company.",
    "There is diversity in practice. The seller can record a receivable for the contingent consideration at fair value"
    " on the date of sale.",
    "We elected the gain contingency treatment for the contingent consideration of the refranchising.",
    "The increase was partially offset by tax benefits related to the reinstatement of the federal research and"
    " development tax credit in December 2014.",
    "A make-whole premium of $15 million was paid to the holders thereof on June 14, 2021.",
    "The make-whole premium of $15 million was charged to expense as a loss on early extinguishment of debt.",
    "Manufacturers were required to comply with EU MDR beginning in May 2021.",
    "The EU MDR compliance effort is expected to be completed during 2024.",
    "On March 9, 2021, Contoso completed its acquisition of Northwind.",
    "The new swaps will start in July 2023: under the October 2022 contracts we paid a fixed rate of 4.61%.",
    "In May 2021, Contoso complied with the Northwind integration rules.",
    "Northwind On January 27, 2015, we completed the acquisition of Northwind.",
    "The Bellagio lease commenced on November 15, 2019.",
    "We have served as the Company's auditor since at least 1934; however, an earlier year could not be determined.",
]


def _on(lines: list[str], name: str = "contoso-2022-10k.pdf"):
    """An ask of a filing of the cover and *lines* that asserts the status and reason, as assert_scripted does."""

    def ask_lines(run_cli, fake_openai, make_pdf, question, scripted, supported, reason=""):
        pdf = make_pdf(name, [COVER, lines])
        return assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, reason)

    return ask_lines


_ask54 = _on(ROUND54, "contoso-2023-10k.pdf")


PAID = "What weighted average fixed rate did Contoso pay under its interest rate swaps in fiscal 2023?"


@pytest.mark.parametrize(
    ("question", "index", "value", "fires"),
    [
        (PAID, 2, 3.88, True),
        (PAID, 3, 4.53, False),  # 'we paid'
        (PAID, 14, 4.61, False),  # 'will' in another clause
        ("What weighted average fixed rate does Contoso pay under its March 2023 interest rate swaps?", 2, 3.88, False),
    ],
)
def test_a_figure_that_will_be_paid_is_not_one_paid(run_cli, fake_openai, make_pdf, question, index, value, fires):
    """A past question's figure from a clause that says it 'will' be paid is unchecked; a present one is not."""
    pdf = make_pdf("contoso-2023-10k.pdf", [COVER, ROUND54])
    fake_openai.push_answer(
        amount(value, "percent", "2023", (_line(ROUND54, index), ROUND54[index]), currency=None, label="Fixed rate")
    )
    _, data, _ = ask(run_cli, question, pdf)
    assert ("the quote says what 'will" in json.dumps(data["verification"])) is fires, data["verification"]
    assert data["status"] != "supported" or not fires


@pytest.mark.parametrize(("index", "supported"), [(4, False), (5, True)])
def test_a_named_part_its_quotes_never_name(run_cli, fake_openai, make_pdf, index, supported):
    question = "Which companies does Contoso identify as competitors of its Military Services Group (MSG)?"
    scripted = answer("text", {"text": ROUND54[index], "spans": [span(_line(ROUND54, index), ROUND54[index])]})
    _ask54(run_cli, fake_openai, make_pdf, question, scripted, supported, "no cited line names Military Services Group")


@pytest.mark.parametrize(
    ("text", "index", "supported"),
    [
        ("Contoso records a receivable for the contingent consideration at fair value on the date of sale.", 6, False),
        (
            "Contoso can record a receivable for the contingent consideration at fair value on the date of sale.",
            6,
            True,
        ),
        ("Contoso elected the gain contingency treatment for the contingent consideration.", 7, True),
    ],
)
def test_what_a_party_may_do_is_not_what_the_company_does(run_cli, fake_openai, make_pdf, text, index, supported):
    question = "How does Contoso account for the contingent consideration of the refranchising?"
    quote = ROUND54[index].split("practice. ")[-1]
    scripted = answer("text", {"text": text, "spans": [span(_line(ROUND54, index), quote)]})
    _ask54(run_cli, fake_openai, make_pdf, question, scripted, supported, "the quote permits it")


@pytest.mark.parametrize(("month", "supported"), [("December 2015", False), ("December 2014", True)])
def test_a_yes_about_an_event_of_another_month(run_cli, fake_openai, make_pdf, month, supported):
    question = (
        "Did Contoso's tax benefits include the reinstatement of the federal research and development tax credit"
        f" passed in {month}?"
    )
    item = {"value": True, "explanation": "Yes.", "spans": [span(_line(ROUND54, 8), ROUND54[8])]}
    _ask54(run_cli, fake_openai, make_pdf, question, answer("boolean", item), supported, "asks of December 2015")


@pytest.mark.parametrize(("index", "supported"), [(9, False), (10, True)])
def test_a_payment_is_not_said_to_be_expensed(run_cli, fake_openai, make_pdf, index, supported):
    question = "Did Contoso charge the $15 million make-whole premium to expense?"
    item = {"value": True, "explanation": "Yes.", "spans": [span(_line(ROUND54, index), ROUND54[index])]}
    _ask54(
        run_cli, fake_openai, make_pdf, question, answer("boolean", item), supported, "where the amount was recorded"
    )


@pytest.mark.parametrize(
    ("question", "index", "iso", "printed", "supported"),
    [
        (
            "By when does Contoso expect its EU MDR compliance effort to be completed?",
            11,
            "2021-05-01",
            "May 2021",
            False,
        ),
        ("By when does Contoso expect its EU MDR compliance effort to be completed?", 12, "2024-12-31", "2024", True),
        ("When did Contoso complete its acquisition of Northwind?", 13, "2021-03-09", "March 9, 2021", True),
        ("When did Contoso complete its Northwind integration?", 15, "2021-05-01", "May 2021", False),  # 'comply'
        ("When did Contoso acquire Northwind?", 16, "2015-01-27", "January 27, 2015", True),  # 'we' acquired it
        ("When did Contoso's Bellagio lease commence?", 17, "2019-11-15", "November 15, 2019", True),
        ("In what year did Fabrikam LLP begin serving as Contoso's auditor?", 18, "1934", "1934", False),  # a bound
    ],
)
def test_a_date_s_clause_says_the_verb_asked(run_cli, fake_openai, make_pdf, question, index, iso, printed, supported):
    item = {"label": "date", "date": {"iso": iso, "original_text": printed}}
    scripted = answer("date", {**item, "spans": [span(_line(ROUND54, index), ROUND54[index])]})
    _ask54(
        run_cli,
        fake_openai,
        make_pdf,
        question,
        scripted,
        supported,
        "does not say 'complete" if index < 18 else "bound",
    )


def test_the_question_s_subject_may_be_a_quote_s_we(run_cli, fake_openai, make_pdf):
    """'How long has Fabrikam LLP served ...?' from the auditor's report's 'We have served ...': its subject is not
    a name the cited lines must say."""
    pdf = make_pdf("contoso-2023-10k.pdf", [COVER, ROUND54])
    text = "Fabrikam LLP has served as Contoso's auditor since at least 1934."
    fake_openai.push_answer(answer("text", {"text": text, "spans": [span(_line(ROUND54, 18), ROUND54[18])]}))
    _, data, _ = ask(run_cli, "How long has Fabrikam LLP served as Contoso's auditor?", pdf)
    assert "no cited line names" not in json.dumps(data["verification"]), data["verification"]


CASES = [
    json.loads(line) for line in (Path(__file__).parent / "data" / "session25_cases.jsonl").read_text().splitlines()
]


@needs_shared
@pytest.mark.parametrize("case", CASES, ids=[c["class"] for c in CASES])
def test_session_25_s_cases_hold(run_cli, fake_openai, tmp_path, case):
    """Red team rounds 53 and 54 on the filings: the wrong ones not supported; the dates of the company's own acts
    (the agent rule's exceptions: a lead-in date, 'we', a passive, a name the question shares) kept."""
    assert_case_holds(run_cli, fake_openai, tmp_path, case)


ROUND55 = [
    "Stock compensation",
    "Recipients of restricted stock are entitled to cash dividends and to vote their shares throughout the period.",
    "Recipients of restricted stock units are entitled to dividend equivalent cash payments upon vesting.",
    "We settled a portion of the IRS audit for tax years 2004 to 2006 in fiscal year 2011.",
    "We settled the IRS audit for tax years 2004 to 2006 in fiscal year 2011.",
    "The Board will work to re-establish a maximum level of the contaminant after a prior standard of 10 parts per"
    " billion (ppb) was withdrawn.",
    "The Court compelled arbitration of Mr. Levin's individual claims on November 16, 2015.",
    "The court dismissed the lawsuit in its entirety on May 2, 2016.",
    "(2) Primarily includes the acquisition of Northwind in the North America segment.",
    "Segment results (in thousands) 2022 2021",
    "Las Vegas Strip Resorts net revenues $ 2,297,282 $ 1,806,686",
    "Corning China (Shanghai) Regional Headquarter China",
]


_ask55 = _on(ROUND55)


def _yes(index: int) -> dict:
    return answer(
        "boolean", {"value": True, "explanation": "Yes.", "spans": [span(_line(ROUND55, index), ROUND55[index])]}
    )


@pytest.mark.parametrize(
    ("question", "index", "supported", "reason"),
    [
        (
            "Do holders of Contoso restricted stock units receive cash dividends during the restriction period?",
            1,
            False,
            "the quotes are of restricted stock, not the restricted stock units asked",
        ),
        ("Do holders of Contoso restricted stock receive cash dividends during the restriction period?", 1, True, ""),
        ("Has Contoso concluded its IRS audit of tax years 2004 to 2006?", 3, False, "a portion of the IRS audit"),
        ("Has Contoso settled its IRS audit of tax years 2004 to 2006?", 4, True, ""),
        ("Has Contoso settled any portion of its IRS audit of tax years 2004 to 2006?", 3, True, ""),
    ],
)
def test_round_55_yes_no(run_cli, fake_openai, make_pdf, question, index, supported, reason):
    _ask55(run_cli, fake_openai, make_pdf, question, _yes(index), supported, reason)


@pytest.mark.parametrize(
    ("question", "text", "supported"),
    [
        (
            "What drinking water standard for the contaminant currently applies?",
            "A level of 10 parts per billion.",
            False,
        ),
        ("What drinking water standard for the contaminant applied before?", "A level of 10 parts per billion.", True),
    ],
)
def test_a_former_figure_is_not_the_one_in_effect(run_cli, fake_openai, make_pdf, question, text, supported):
    scripted = answer("text", {"text": text, "spans": [span(_line(ROUND55, 5), ROUND55[5])]})
    _ask55(run_cli, fake_openai, make_pdf, question, scripted, supported, "as prior")


@pytest.mark.parametrize(
    ("index", "iso", "printed", "supported"),
    [(6, "2015-11-16", "November 16, 2015", False), (7, "2016-05-02", "May 2, 2016", True)],
)
def test_a_date_asked_by_a_common_subject_s_verb(run_cli, fake_openai, make_pdf, index, iso, printed, supported):
    """'did the district court dismiss Mr. Levin's lawsuit': the verb after a lowercase subject, before a name."""
    item = {"label": "date", "date": {"iso": iso, "original_text": printed}}
    scripted = answer("date", {**item, "spans": [span(_line(ROUND55, index), ROUND55[index])]})
    question = "On what date did the district court dismiss Mr. Levin's lawsuit against Contoso?"
    _ask55(run_cli, fake_openai, make_pdf, question, scripted, supported, "does not say 'dismiss'")


@pytest.mark.parametrize(
    ("text", "supported"),
    [("In the North America segment only.", False), ("Primarily in the North America segment.", True)],
)
def test_only_overstates_primarily(run_cli, fake_openai, make_pdf, text, supported):
    scripted = answer("text", {"text": text, "spans": [span(_line(ROUND55, 8), ROUND55[8])]})
    question = "In which of Contoso's segments is the Northwind acquisition included?"
    _ask55(run_cli, fake_openai, make_pdf, question, scripted, supported, "the text says 'only'")


@pytest.mark.parametrize(
    ("question", "reason"),
    [
        ("What was the Las Vegas Strip Resorts adjusted EBITDAR margin in 2022?", "asks for a percentage or ratio"),
        ("What was the Las Vegas Strip Resorts revenue per available room in 2022?", "per available room"),
    ],
)
def test_a_total_is_no_margin_nor_a_figure_per_unit(run_cli, fake_openai, make_pdf, question, reason):
    cited = [(_line(ROUND55, 9), ROUND55[9]), (_line(ROUND55, 10), ROUND55[10])]
    scripted = amount(2297282, "thousands", "2022", *cited, label="Las Vegas Strip Resorts net revenues")
    _ask55(run_cli, fake_openai, make_pdf, question, scripted, False, reason)


def test_a_total_answers_its_own_question(run_cli, fake_openai, make_pdf):
    cited = [(_line(ROUND55, 9), ROUND55[9]), (_line(ROUND55, 10), ROUND55[10])]
    scripted = amount(2297282, "thousands", "2022", *cited, label="Las Vegas Strip Resorts net revenues")
    _ask55(
        run_cli, fake_openai, make_pdf, "What were the Las Vegas Strip Resorts net revenues in 2022?", scripted, True
    )


def test_a_regional_headquarter_is_not_the_company_s(run_cli, fake_openai, make_pdf):
    scripted = answer("text", {"text": ROUND55[11], "spans": [span(_line(ROUND55, 11), ROUND55[11])]})
    _ask55(run_cli, fake_openai, make_pdf, "Where is Contoso's headquarters?", scripted, False, "headquarters of")


def test_where_asks_for_words():
    question = "Where in its statement of operations does Contoso recognize the cost of the card readers?"
    assert answer_shape(question) == "text"


REVIEW = [
    "Business segments",
    "We operate in four reportable segments: Commercial Airplanes (BCA), Defense, Space & Security (BDS) and Services.",
    "In 2020, BDS recorded charges of $1,320 million on the KC-46A Tanker program.",
    "In 2021, the Company's New Jersey subsidiary completed the sale of its Pennsylvania assets.",
    "We are exposed to changes in the U.S. dollar against the British pound, which weakened in 2022.",
    "Advertising costs increased $12 million resulting primarily from increased spending on television and Cash App.",
    "The Company may offer volume rebates to customers, which it records as a reduction of revenue.",
    "We may elect to bypass the qualitative assessment and perform a quantitative impairment test.",
    "In March 2023, we entered into two interest rate swap contracts.",
    "The Company also makes advance payments to customers, which are initially capitalized as other assets.",
    "Contracts with the DoD accounted for 35% of net sales.",
    "CCA faces competition from Airbus.",
]


_ask_review = _on(REVIEW)


def _cite(index: int, quote: str | None = None) -> list[dict]:
    return [span(_line(REVIEW, index), quote or REVIEW[index])]


def _fields(run_cli, fake_openai, make_pdf, question, scripted) -> str:
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, REVIEW])
    fake_openai.push_answer(scripted)
    return json.dumps(ask(run_cli, question, pdf)[1]["verification"])


@pytest.mark.parametrize(
    ("question", "index", "iso", "printed"),
    [
        ("In what year did Contoso record $1,320 million of charges on the KC-46A Tanker program?", 2, "2020", "2020"),
        ("In what year did Contoso complete the sale of its Pennsylvania assets?", 3, "2021", "2021"),
    ],
)
def test_the_company_s_own_parts_act_for_it(run_cli, fake_openai, make_pdf, question, index, iso, printed):
    """A segment the document defines as its own ('BDS'), a subsidiary of 'the Company's': no other actor."""
    item = {"label": "year", "date": {"iso": iso, "original_text": printed}, "spans": _cite(index)}
    assert "agent:" not in _fields(run_cli, fake_openai, make_pdf, question, answer("date", item))


@pytest.mark.parametrize(
    ("question", "index", "value", "absent"),
    [
        ("Did the U.S. dollar weaken against the Euro in 2022?", 4, True, "party:"),
        ("Did Contoso's advertising costs increase from Cash App spending?", 5, True, "together"),
        (
            "Did Contoso enter into interest rate swap contracts during the fiscal year ended June 30, 2023?",
            8,
            True,
            "the question asks of",
        ),
    ],
)
def test_words_that_name_no_party_source_or_event_month(run_cli, fake_openai, make_pdf, question, index, value, absent):
    item = {"value": value, "explanation": "Yes.", "spans": _cite(index)}
    assert absent not in _fields(run_cli, fake_openai, make_pdf, question, answer("boolean", item))


@pytest.mark.parametrize(
    ("text", "index", "fires"),
    [
        ("Contoso offers volume rebates to customers and records them as a reduction of revenue.", 6, False),
        ("Contoso bypasses the qualitative assessment and performs a quantitative impairment test.", 7, True),
    ],
)
def test_the_company_s_own_may_is_its_practice(run_cli, fake_openai, make_pdf, text, index, fires):
    scripted = answer("text", {"text": text, "spans": _cite(index)})
    said = _fields(run_cli, fake_openai, make_pdf, "How does Contoso account for this?", scripted)
    assert ("the quote permits it" in said) is fires, said


def test_a_deferred_cost_is_not_expensed(run_cli, fake_openai, make_pdf):
    question = "Did Contoso charge the advance payments it makes to customers to expense when paid?"
    item = {"value": True, "explanation": "Yes.", "spans": _cite(9)}
    _ask_review(run_cli, fake_openai, make_pdf, question, answer("boolean", item), False, "not expensed")


@pytest.mark.parametrize(
    ("question", "index"),
    [
        ("What does Contoso say about its contracts with the Department of Defense?", 10),
        ("Which companies compete with the Commercial Airplanes segment of Contoso?", 11),
    ],
)
def test_a_name_said_by_its_initials(run_cli, fake_openai, make_pdf, question, index):
    scripted = answer("text", {"text": REVIEW[index], "spans": _cite(index)})
    assert "no cited line names" not in _fields(run_cli, fake_openai, make_pdf, question, scripted)


@pytest.mark.parametrize(
    ("question", "shape"),
    [
        ("Who is in charge of cybersecurity risk management at Contoso?", "text"),
        ("What is the gain contingency treatment Contoso elected?", "text"),
        ("What unrealized gain did Contoso record on its investment?", "amount"),
    ],
)
def test_charge_and_gain_as_money_and_not(question, shape):
    assert answer_shape(question) == shape


def test_a_material_noun_asks_no_degree(run_cli, fake_openai, make_pdf):
    question = "Is Contoso generally able to pass higher raw material prices on to customers?"
    item = {"value": True, "explanation": "Yes.", "spans": _cite(6)}
    assert "degree:" not in _fields(run_cli, fake_openai, make_pdf, question, answer("boolean", item))


def test_a_regional_headquarter_is_no_headquarters_address(run_cli, fake_openai, make_pdf):
    scripted = answer("text", {"text": ROUND55[11], "spans": [span(_line(ROUND55, 11), ROUND55[11])]})
    _ask55(
        run_cli, fake_openai, make_pdf, "What is Contoso's headquarters address?", scripted, False, "headquarters of"
    )
