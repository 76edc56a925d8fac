"""Session 12 on real filings (blind red team round 33): a superlative answered with a row that is not the largest
of its column; a yes from table rows whose columns ingest could not read; a yes that a sentence's list of yearly
figures contradicts."""

from __future__ import annotations

from tests.conftest import needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import field
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round22 import yes_no
from tests.test_typed_verify_round31 import _said
from tests.test_values import amount

pytestmark = needs_shared

VOTE_HEAD = (63, 63, "Nominee For Against Abstain Broker Non-Votes")
COOK = (67, 67, "Ian Cook 970,556,463 46,852,800 2,738,626 172,969,325")
LAGUARTA = (72, 72, "Ramon L. Laguarta 943,626,804 69,085,058 7,436,027 172,969,325")
BAILEY = (65, 65, "Jennifer Bailey 1,013,605,781 4,200,722 2,341,386 172,969,325")
DIAMOND = (69, 69, "Susan M. Diamond 1,013,305,062 4,427,794 2,415,033 172,969,325")


def test_a_superlative_is_the_largest_figure_of_its_column(run_cli, fake_openai, filing):  # noqa: F811
    """PepsiCo's 2023 vote (round 33): 'Ian Cook ... 46,852,800' is not the most votes against (Ramon L. Laguarta
    has 69,085,058 in the same column): a superlative mismatch naming both; Laguarta is the largest (unchecked: the
    columns are unread), and the fewest is Jennifer Bailey's 4,200,722, not Susan M. Diamond's 4,427,794."""
    pepsico = filing("PEPSICO_2023_8K_dated-2023-05-05")
    most = "Which PepsiCo director nominee received the most votes against at the 2023 annual meeting?"
    claim = "Ian Cook received the most votes against of any director nominee, 46,852,800."
    status, check = verdict(run_cli, fake_openai, pepsico, most, _said(claim, VOTE_HEAD, COOK))
    detail = field(check, "superlative")["detail"]
    assert status == "unsupported" and "Ramon L. Laguarta" in detail and "69,085,058" in detail, check
    claim = "Ramon L. Laguarta received the most votes against, 69,085,058."
    status, check = verdict(run_cli, fake_openai, pepsico, most, _said(claim, VOTE_HEAD, LAGUARTA))
    # the largest of its column; but the table reader could not line its columns up with 'For Against Abstain
    # Broker Non-Votes', so which measure the figure is stays unchecked (session 17: 'Bellagio 3,933 157,000')
    assert status == "unchecked" and field(check, "superlative")["verdict"] == "supported", check
    assert field(check, "claim")["verdict"] == "unknown", check
    fewest = "Which PepsiCo director nominee received the fewest votes against in 2023?"
    claim = "Susan M. Diamond received the fewest votes against, 4,427,794."
    status, check = verdict(run_cli, fake_openai, pepsico, fewest, _said(claim, VOTE_HEAD, DIAMOND))
    assert status == "unsupported" and "Jennifer Bailey" in field(check, "superlative")["detail"], check
    fewest = "How many votes against did the PepsiCo nominee with the fewest votes against receive in 2023?"
    scripted = amount(4200722.0, "units", "2023", BAILEY[1:], label="Votes against, Jennifer Bailey")
    status, check = verdict(run_cli, fake_openai, pepsico, fewest, scripted)
    assert field(check, "superlative")["verdict"] == "supported", check


def test_a_superlative_of_an_adjective_ranks_no_figure(run_cli, fake_openai, filing):  # noqa: F811
    """'the most recent' ranks dates, not the cited column: no superlative check."""
    pepsico = filing("PEPSICO_2023_8K_dated-2023-05-05")
    asked = "Which PepsiCo director nominee is the most recent addition to the board?"
    claim = "Ian Cook, with 46,852,800 votes against."
    status, check = verdict(run_cli, fake_openai, pepsico, asked, _said(claim, VOTE_HEAD, COOK))
    assert all(f["field"] != "superlative" for f in check["fields"]), check


FULL_YEAR_HEAD = (
    66,
    69,
    "Full Year % Change Adjusted ($ in Millions) 2022 2021 Reported Operational1,2 Currency Operational1,3",
)
CONSUMER_HEALTH = (70, 70, "Consumer Health4 $14,953 $15,035 (0.5)% 3.6 (4.1) 3.9")


def test_a_yes_from_table_rows_whose_columns_are_unread_is_unchecked(run_cli, fake_openai, filing):  # noqa: F811
    """J&J's Q4 2022 release (round 33): a yes to 'did Consumer Health report an increase in full-year 2022 sales'
    quoting the headings above its table ('Full Year % Change', two lines over the scale) and the row ($14,953 vs
    $15,035, a 0.5% fall reported) has no word of yes or no to read, and ingest could not read the columns: it is
    unchecked, never supported."""
    release = filing("JOHNSON_JOHNSON_2022Q4_EARNINGS")
    asked = "Did Johnson & Johnson's Consumer Health segment report an increase in full-year 2022 sales versus 2021?"
    scripted = _said("x", FULL_YEAR_HEAD, CONSUMER_HEALTH)
    scripted.update(answer_type="boolean", items=[{"value": True, "explanation": "Yes.", **scripted["items"][0]}])
    del scripted["items"][0]["text"]
    status, check = verdict(run_cli, fake_openai, release, asked, scripted)
    assert status == "unchecked" and field(check, "figures")["verdict"] == "unknown", check


UNIT_CASES = (
    "The Coca-Cola system sold 29.2 billion, 29.3 billion and 29.2 billion unit cases of our products in2017, 2016 "
    "and 2015, respectively."
)


def test_a_sentence_listing_each_year_s_figure_contradicts_a_yes(run_cli, fake_openai, filing):  # noqa: F811
    """Coca-Cola 2017 (round 33): 'sold 29.2 billion, 29.3 billion and 29.2 billion unit cases ... in2017, 2016 and
    2015, respectively' (the year run into 'in' by extraction) says 2017 sold fewer than 2016: a yes to 'did the
    system sell more unit cases in 2017 than in 2016' is a figures mismatch; 2016 against 2015 it was more, and the
    yes stands."""
    coke = filing("COCACOLA_2017_10K")
    asked = "Did the Coca-Cola system sell more unit cases in 2017 than in 2016?"
    status, check = verdict(run_cli, fake_openai, coke, asked, yes_no(True, (248, UNIT_CASES)))
    detail = field(check, "figures")["detail"]
    assert status == "unsupported" and "29.2 billion (2017) against 29.3 billion (2016)" in detail, check
    asked = "Did the Coca-Cola system sell more unit cases in 2016 than in 2015?"
    status, check = verdict(run_cli, fake_openai, coke, asked, yes_no(True, (248, UNIT_CASES)))
    assert status == "supported" and all(f["field"] != "figures" for f in check["fields"]), check
