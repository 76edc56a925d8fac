"""Red team round 22 on real filings: a release's bare 'Q4 Full Year' heading over its column groups (J&J's
fourth-quarter 2022 release), and a yes/no decided by a vote's outcome and the frequency its quote states, not by
the vote counts beside them (PepsiCo's 8-K of May 5, 2023)."""

from __future__ import annotations

from tests.conftest import needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import field
from tests.test_typed_verify_round21_filings import verdict
from tests.test_values import amount, answer, span

pytestmark = needs_shared

SALES = (24, "Reported Sales $23,706 $24,804 (4.4)% $94,943 $93,775 1.3%")
HEADING = (22, "Q4 Full Year")
FREQUENCY = (88, "on an advisory basis, the holding of an advisory vote on the compensation of PepsiCo’s named")
EVERY_YEAR = (88, "PepsiCo’s named executive officers every")
THREE_YEARS = (92, "Three Years 17,603,165")
DEFEATED = (97, "(5) The shareholder proposal regarding independent Board Chair was defeated:")
FOR_VOTES = (98, "For 250,838,697")


def yes_no(value: bool, *cited: tuple[int, str]) -> dict:
    spans = [span(*c) for c in cited]
    for one in spans:  # 'every' / 'year:': a quote of line 88 that ends in 'every' runs on to line 89
        if one["quote"].endswith(" every"):
            one.update(line_end=89, quote=f"{one['quote']} year:")
    return answer("boolean", {"value": value, "explanation": "as quoted", "spans": spans})


def test_a_bare_q4_full_year_heading_splits_the_columns(run_cli, fake_openai, filing):  # noqa: F811
    release = filing("JOHNSON_JOHNSON_2022Q4_EARNINGS")
    full_year = "What were Johnson & Johnson's reported sales for full-year 2022?"
    quarter = amount(23706.0, "millions", "FY2022", HEADING, SALES, label="Reported sales")
    status, check = verdict(run_cli, fake_openai, release, full_year, quarter)
    assert status == "unsupported" and "three months" in field(check, "period")["detail"], check
    year = amount(94943.0, "millions", "FY2022", HEADING, SALES, label="Reported sales")
    status, check = verdict(run_cli, fake_openai, release, full_year, year)
    assert status == "supported", check
    fourth = "What were Johnson & Johnson's reported sales in the fourth quarter of 2022?"
    status, check = verdict(run_cli, fake_openai, release, fourth, quarter)
    assert status == "supported", check


def test_a_yes_reads_the_outcome_of_the_vote_not_its_counts(run_cli, fake_openai, filing):  # noqa: F811
    pepsico = filing("PEPSICO_2023_8K_dated-2023-05-05")
    approve = "Did PepsiCo shareholders approve the shareholder proposal regarding an independent Board Chair?"
    status, check = verdict(run_cli, fake_openai, pepsico, approve, yes_no(True, DEFEATED, FOR_VOTES))
    assert status == "unsupported" and "was defeated" in field(check, "polarity")["detail"], check
    status, check = verdict(run_cli, fake_openai, pepsico, approve, yes_no(False, DEFEATED, FOR_VOTES))
    assert status == "supported", check
    defeated = "Was the shareholder proposal regarding an independent Board Chair defeated?"
    status, check = verdict(run_cli, fake_openai, pepsico, defeated, yes_no(True, DEFEATED))
    assert status == "supported", check


def test_a_yes_to_a_frequency_needs_the_quote_to_state_it(run_cli, fake_openai, filing):  # noqa: F811
    pepsico = filing("PEPSICO_2023_8K_dated-2023-05-05")
    three = "Did PepsiCo shareholders approve holding the say-on-pay advisory vote every three years?"
    status, check = verdict(run_cli, fake_openai, pepsico, three, yes_no(True, FREQUENCY, EVERY_YEAR, THREE_YEARS))
    assert status == "unsupported" and "'every year'" in field(check, "polarity")["detail"], check
    yearly = "Did PepsiCo shareholders approve holding the say-on-pay advisory vote every year?"
    status, check = verdict(run_cli, fake_openai, pepsico, yearly, yes_no(True, FREQUENCY, EVERY_YEAR))
    assert status == "supported", check


def test_cents_in_a_table_in_millions_are_per_share(run_cli, fake_openai, filing):  # noqa: F811
    """'Net income attributable to Pfizer Inc. common shareholders $ 0.41 $ 1.77 $ 1.40 $ 3.17' under a heading
    the table reader took for a wrapped label: a table '(MILLIONS, EXCEPT PER SHARE DATA)' prints no amount in
    millions with cents, so $1.40 is per share and the basic figure given for diluted is named as such."""
    pfizer = filing("Pfizer_2023Q2_10Q")
    asked = "What was Pfizer's diluted EPS attributable to common shareholders for the six months ended July 2, 2023?"
    basic = (227, "Net income attributable to Pfizer Inc. common shareholders $ 0.41 $ 1.77 $ 1.40 $ 3.17")
    scripted = amount(1.40, "per_share", "six months ended July 2, 2023", basic, label="Diluted EPS")
    status, check = verdict(run_cli, fake_openai, pfizer, asked, scripted)
    assert status == "unsupported" and field(check, "share_class")["verdict"] == "mismatch", check
