"""Session 26: what blind red team round 56 and the generated classes of rounds 54 and 55 (scripts/verify_round55.py)
still found supported.

- A text that restates a quote's 'primarily due to' as 'only due to' overstates it.
- A yes that dates two events by month, from quotes that say only one of the months, is unchecked.
- A yes to 'all of' from a quote that says neither all nor only; to 'bound by' from an 'advisory' vote; to 'include'
  from a quote that calls the part 'additional'; to an effect on a measure no quote names; to a year long before the
  filing's that no quote names.
- A name ranked by a measure no quote names; a year asked by its noun ('the baseline year') that the quote's sentence
  ties to another year."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from docintel.question.parse import answer_shape
from tests.conftest import needs_shared
from tests.test_typed_verify_review36 import assert_case_holds
from tests.test_typed_verify_session24 import COVER
from tests.test_values import answer, assert_scripted, span

COVER26 = [*COVER, "Annual report for the fiscal year ended December 31, 2022"]
SESSION26 = [
    "Results of operations",
    "Research and development expense decreased by $227 million in 2021 compared with 2020 primarily due to lower"
    " spending on the 777X program.",
    "In January 2017, Contoso sold its safety eyewear business and in June 2017 it sold its tolling business.",
    "In January 2017, Contoso sold its safety eyewear business.",
    "Northwind Manufacturing makes cushioning components at Contoso-owned facilities in Oregon and Vietnam.",
    "Contoso makes all of its cushioning components at Contoso-owned facilities in Oregon and Vietnam.",
    "Contoso makes substantially all of its cushioning components at its own facilities in Oregon and Vietnam.",
    "Shareholders approved, on an advisory basis, holding the say-on-pay vote every year.",
    "Under the merger agreement the Board is bound to hold the say-on-pay vote every year.",
    "The Board has decided that Contoso will hold the say-on-pay vote every year.",
    "We intend to acquire Fabrikam for approximately $20 billion, half cash and half stock.",
    "Approximately 6 million additional restricted stock units will be granted to Fabrikam's employees.",
    "The approximately $20 billion price includes 6 million restricted stock units granted to Fabrikam's employees.",
    "We expect the distributor model to have a favorable impact on our overall profitability.",
    "We expect the distributor model to increase APLA revenue growth over time.",
    "Our significant foreign currency revenue exposures were in Euros, Japanese Yen and British Pounds.",
    "Outstanding foreign exchange contracts had a notional amount of $1.32 billion in Euros and $602 million in"
    " Indian Rupees.",
    "In fiscal year 2016, we set a goal to reduce our own carbon emissions by 45 percent by 2020 (over a 2009"
    " baseline).",
    "Contoso has retirement plans covering substantially all U.S. employees.",
    "We set a 2007 baseline for emissions and a 2019 baseline for water use.",
    "Emissions: 45% less by 2025 from 2007 levels \u2022 Water: 20% less by 2030 over a 2019 baseline",
]


def _ask(run_cli, fake_openai, make_pdf, question, scripted, supported, reason=""):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER26, SESSION26])
    return assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, reason)


def _cites(index: int, quote: str | None = None) -> list[dict]:
    return [span(len(COVER26) + index + 1, quote or SESSION26[index])]


def _yes(index: int) -> dict:
    return answer("boolean", {"value": True, "explanation": "Yes.", "spans": _cites(index)})


@pytest.mark.parametrize(
    ("text", "supported"),
    [
        ("Research and development expense decreased by $227 million in 2021 only due to lower spending.", False),
        ("Research and development expense decreased by $227 million in 2021 only from lower spending.", False),
        ("It decreased by $227 million in 2021 primarily due to lower spending on the 777X program.", True),
    ],
)
def test_only_due_to_overstates_primarily_due_to(run_cli, fake_openai, make_pdf, text, supported):
    scripted = answer("text", {"text": text, "spans": _cites(1)})
    question = "Why did Contoso's research and development expense decrease in 2021?"
    _ask(run_cli, fake_openai, make_pdf, question, scripted, supported, "which its quote does not")


@pytest.mark.parametrize(
    ("question", "index", "supported"),
    [
        ("Did Contoso sell its eyewear business in July 2017 and its tolling business in June 2017?", 2, False),
        ("Did Contoso sell its eyewear business in January 2017 and its tolling business in June 2017?", 2, True),
        ("Did Contoso sell its eyewear business in January 2017 and its tolling business in June 2017?", 3, False),
    ],
)
def test_a_yes_about_two_months_needs_both(run_cli, fake_openai, make_pdf, question, index, supported):
    _ask(run_cli, fake_openai, make_pdf, question, _yes(index), supported, "the question asks of")


@pytest.mark.parametrize(("index", "supported"), [(4, False), (5, True), (6, False)])
def test_all_of_needs_a_quote_that_says_all(run_cli, fake_openai, make_pdf, index, supported):
    question = "Does Contoso make all of its cushioning components at its own facilities?"
    _ask(run_cli, fake_openai, make_pdf, question, _yes(index), supported, "no quote says all or only")


@pytest.mark.parametrize(
    ("index", "supported", "reason"),
    [(7, False, "the quote says 'advisory'"), (8, True, ""), (9, False, "no quote states an obligation")],
)
def test_bound_needs_a_quote_that_binds(run_cli, fake_openai, make_pdf, index, supported, reason):
    question = "Is Contoso's Board bound to hold the say-on-pay vote every year?"
    _ask(run_cli, fake_openai, make_pdf, question, _yes(index), supported, reason)


@pytest.mark.parametrize(("index", "supported"), [(11, False), (12, True)])
def test_an_additional_part_is_not_included(run_cli, fake_openai, make_pdf, index, supported):
    question = "Does the approximately $20 billion price for Fabrikam include the 6 million restricted stock units?"
    _ask(run_cli, fake_openai, make_pdf, question, _yes(index), supported, "'additional'")


@pytest.mark.parametrize(("index", "supported"), [(13, False), (14, True)])
def test_an_effect_on_another_measure(run_cli, fake_openai, make_pdf, index, supported):
    question = "Does Contoso expect the distributor model to increase APLA revenue growth?"
    _ask(run_cli, fake_openai, make_pdf, question, _yes(index), supported, "no quote names it")


@pytest.mark.parametrize(("index", "supported"), [(15, False), (16, True)])
def test_a_name_ranked_by_a_measure_no_quote_names(run_cli, fake_openai, make_pdf, index, supported):
    question = "Which currency accounted for the largest notional amount of Contoso's foreign exchange contracts?"
    scripted = answer("text", {"text": "The euro.", "spans": _cites(index)})
    _ask(run_cli, fake_openai, make_pdf, question, scripted, supported, "no quote names it")


@pytest.mark.parametrize(
    ("iso", "printed", "quote", "supported"),
    [
        ("2016", "fiscal year 2016", "In fiscal year 2016, we set a goal to reduce our own carbon emissions", False),
        ("2009", "2009", None, True),
    ],
)
def test_a_year_asked_by_its_noun(run_cli, fake_openai, make_pdf, iso, printed, quote, supported):
    question = "What is the baseline year for Contoso's goal to reduce its own carbon emissions by 45 percent?"
    item = {"label": "baseline year", "date": {"iso": iso, "original_text": printed}, "spans": _cites(17, quote)}
    _ask(run_cli, fake_openai, make_pdf, question, answer("date", item), supported, "gives the baseline as 2009")


def test_the_quote_s_own_tie_of_noun_and_year_decides(run_cli, fake_openai, make_pdf):
    """'a 2007 baseline for emissions' answers the emissions baseline, whatever other baseline the quote names."""
    question = "What is the baseline year for Contoso's emissions goal?"
    item = {"label": "baseline year", "date": {"iso": "2007", "original_text": "2007"}, "spans": _cites(19)}
    _ask(run_cli, fake_openai, make_pdf, question, answer("date", item), True)


def test_the_next_bullet_s_baseline_is_another_s(run_cli, fake_openai, make_pdf):
    question = "What is the baseline year for Contoso's emissions goal?"
    quote = "Emissions: 45% less by 2025 from 2007 levels"
    item = {"label": "baseline year", "date": {"iso": "2007", "original_text": "2007"}, "spans": _cites(20, quote)}
    _ask(run_cli, fake_openai, make_pdf, question, answer("date", item), True)


@pytest.mark.parametrize(("year", "supported"), [("2012", False), ("2022", True)])
def test_a_year_long_before_the_filing_s_needs_a_quote_that_names_it(run_cli, fake_openai, make_pdf, year, supported):
    question = f"Is a U.S. employee hired by Contoso in {year} covered by its retirement plans?"
    _ask(run_cli, fake_openai, make_pdf, question, _yes(18), supported, f"asks of {year}; no quote names it")


@pytest.mark.parametrize(
    ("question", "shape"),
    [
        ("What is the baseline year for Contoso's goal to cut emissions by 45 percent by 2020?", "date"),
        ("What was the revenue for the year?", "amount"),
        ("What is the dividend per year?", "amount"),
        ("After the euro, which currency accounted for the largest notional amount of the contracts?", "text"),
        ("At the time of the redemption, what source of funds did it use to pay the $700 million?", "text"),
    ],
)
def test_the_shape_of_a_year_or_a_name_asked_after_a_lead_in(question, shape):
    assert answer_shape(question) == shape


def test_per_its_filing_asks_no_figure_per_unit(run_cli, fake_openai, make_pdf):
    """'per its Form 10-K' is 'according to', not a figure per unit."""
    question = "How much did research and development expense decrease in 2021, per its Form 10-K?"
    item = {
        "label": "decrease",
        "amount": {"value": 227, "currency": "USD", "unit": "millions"},
        "period": "2021",
        "calculation": None,
        "spans": _cites(1),
    }
    _ask(run_cli, fake_openai, make_pdf, question, answer("amount", item), True)


CASES = [
    json.loads(line) for line in (Path(__file__).parent / "data" / "session26_cases.jsonl").read_text().splitlines()
]


@needs_shared
@pytest.mark.parametrize("case", CASES, ids=[c["class"] for c in CASES])
def test_session_26_s_cases_hold(run_cli, fake_openai, tmp_path, case):
    """Red team round 56's wrong answers the new rules catch, and the review's right answers on the filings that a
    first version of them lost (a table row's next year, '100%', 'in full', 'agreed to', 'NII', 'solely')."""
    assert_case_holds(run_cli, fake_openai, tmp_path, case)
