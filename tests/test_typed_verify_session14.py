"""Session 14's cases (tests/data/session14_cases.jsonl: scripted answers citing real lines of the dev filings, each
with the status it must get), from a new user on Lockheed Martin's 2020 10-K, blind red team rounds 37-38 and a
second look at round 37's rejections for a wrong reason:

- the level after a change ('the statutory rate after the permanent reduction') is where its sentence's change
  ends: 35% from 'lowering the rate from 35% to 21%' or '... to 21% from 35%' is rejected, 21% kept; the level
  before it ('before the permanent reduction') is where the change starts;
- a count the caption scales ('(in thousands, except revenue per membership ...)': 'Paid memberships at end of
  period 43,401') is in thousands, stated in thousands, millions or units; stated as 43,401 members it is rejected;
- a who-question answered by a heading of common words ('Report of Independent Registered Public Accounting Firm')
  names no one; 'Ernst & Young LLP' does;
- a prose quote that starts with its number is read with its sentence's subject before it ('Funded backlog was ...,
  as compared to' / '$94.5 billion at December 31, 2019.'): no total backlog;
- net income over total assets (the answer labelled 'Return on assets') for 'the expected long-term rate of return
  on plan assets'; 'Repurchases of common stock' for 'the remaining authorization for share repurchases';
- a bare share row ('% of total net sales') is the share of the row above it ('Products'), not the U.S.
  Government's; a figure 'in excess of the accrual' is no total 'including amounts already accrued'.

And the ingest and offline readings under them: a per-share block closes at the money rows after it ('24.40' has two
decimal places), a count the header names ('Stores ... Closed'), a table introduced as a segment's results, 'per
share' making the amount it shares a word with per share, a segment's row no rival of the company's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from docintel.concepts import concepts_in
from docintel.verify.inclusion import inclusion_rule
from docintel.verify.values import Candidate
from scripts.verify_redteam import full_answer, resolve_pdf
from tests.conftest import ROOT, needs_shared
from tests.test_facts_pages import cell
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify_review36 import assert_case_holds
from tests.test_typed_verify_round21_filings import verdict

pytestmark = needs_shared

CASES = [
    json.loads(line) for line in (Path(__file__).parent / "data" / "session14_cases.jsonl").read_text().splitlines()
]


@pytest.mark.parametrize("case", CASES, ids=[c["class"] for c in CASES])
def test_session_14_cases_hold(run_cli, fake_openai, tmp_path, case):
    assert_case_holds(run_cli, fake_openai, tmp_path, case)


# ------------------------------------------------------------------------------ ingest and offline lookups


def test_a_row_after_a_per_share_block_is_no_per_share_figure():
    """'Total assets (b) 50,710' after 'Earnings per common share' / 'Basic 24.40' (Lockheed Martin's selected data):
    a cell with two decimals ('24.40') is read with both, so the money rows below close the per-share block."""
    assert cell("LOCKHEEDMARTIN_2020_10K", 30, "Total assets", "50,710").kind == "money"
    assert cell("LOCKHEEDMARTIN_2020_10K", 30, "Diluted", "24.30").kind == "per_share"


def test_a_count_the_header_names_in_a_table_without_money_is_a_count():
    """'Best Buy Mobile stand-alone 367 — (17) 350 — (41) 309' under 'Total Stores at End of Fiscal Year ...
    Stores Opened Closed': counts, never scaled by the document's '$ in millions'."""
    fact = cell("BESTBUY_2017_10K", 33, "Best Buy Mobile stand-alone", "(41)")
    assert (fact.kind, fact.scale) == ("count", 1.0)


def test_a_table_introduced_as_a_segment_s_results_is_that_segment_s():
    """'Aeronautics’ operating results included the following (in millions):' under the 'Aeronautics' heading."""
    fact = cell("LOCKHEEDMARTIN_2020_10K", 46, "Net sales", "26,266")
    assert fact.member is not None and fact.member.name == "Aeronautics"


def test_a_count_the_caption_scales_and_a_caption_s_line_is_no_member():
    """'(in thousands, except revenue per membership and percentages)' scales 'Paid memberships at end of period', and
    a row's label with 'at end of period' names no member: the section's 'Domestic Streaming Segment' does."""
    fact = cell("NETFLIX_2015_10K", 21, "Paid memberships at end of period", "43,401")
    assert (fact.kind, fact.scale) == ("count", 1000.0)
    assert fact.member is not None and fact.member.name == "Domestic Streaming"


def test_per_share_makes_the_amount_it_shares_a_word_with_per_share():
    assert concepts_in("What quarterly dividend per share was paid in 2020?").concepts == {"dividends_per_share"}
    assert concepts_in("How much did Lockheed Martin pay in dividends in 2020?").concepts == {"dividends_paid"}
    assert concepts_in("the expected long-term rate of return on plan assets").concepts == {
        "expected_return_on_plan_assets_rate"
    }
    assert concepts_in("the expected return on plan assets").concepts == {"expected_return_on_plan_assets"}


def test_a_segment_s_row_is_no_rival_of_the_company_s(run_cli, filing, isolated_env):  # noqa: F811
    """Offline, Lockheed Martin's operating margin: the Aeronautics and Space tables' 'Operating profit' rows are the
    segments', no rivals of the income statement's 8,644."""
    code, out, _ = run_cli("ask", "What was the operating margin in 2020?", filing("LOCKHEEDMARTIN_2020_10K"), "--json")
    result = json.loads(out)
    assert result["status"] == "supported", result["answer"]["caveats"]
    assert round(result["answer"]["items"][0]["amount"]["value"], 1) == 13.2


def test_a_caption_line_over_the_rows_names_no_member(run_cli, fake_openai, tmp_path):
    case = next(c for c in CASES if c["class"] == "count-in-thousands-read-as-units")
    netflix = tmp_path / "NETFLIX_2015_10K.pdf"
    netflix.write_bytes(resolve_pdf(case["pdf"]).read_bytes())
    share = json.loads((ROOT / "scripts" / "data" / "verify_redteam37.jsonl").read_text().splitlines()[2])
    _, check = verdict(run_cli, fake_openai, netflix, share["question"], full_answer(share["answer"]))
    assert "(in thousands)" not in json.dumps(check), check


def test_a_count_taken_away_answers_how_many_as_its_magnitude(run_cli, fake_openai, filing):  # noqa: F811
    case = json.loads((ROOT / "scripts" / "data" / "verify_redteam38.jsonl").read_text().splitlines()[23])
    _, check = verdict(run_cli, fake_openai, filing("BESTBUY_2017_10K"), case["question"], full_answer(case["answer"]))
    assert check["sign_check"] == "supported", check


def test_a_count_is_read_from_the_column_header_not_the_prose_above_it():
    """Amazon's square footage by segment ('(in thousands)'): a footnote above it that speaks of stores makes no
    count of 'North America 147,277'; it stays at the caption's scale."""
    fact = cell("AMAZON_2017_10K", 16, "North America", "147,277")
    assert (fact.kind, fact.scale) != ("count", 1.0), fact
    assert fact.scale == 1000.0


def test_the_nearest_phrase_of_inclusion_says_what_a_figure_includes():
    """'$10 million including the tax benefit; excluding the tax benefit, ... $8 million': each figure is read with
    the phrase nearest to it, so $8 answers 'excluding the tax benefit' and $10 'including' it."""
    sentence = (
        "Net income was $10 million including the tax benefit; excluding the tax benefit, net income was $8 million."
    )
    verdicts = {}
    for printed, value in (("$10 million", 10.0), ("$8 million", 8.0)):
        figure = Candidate(printed, value, 1e6, False, None, None, "money", sentence=sentence)
        for asked in ("including", "excluding"):
            verdicts[(printed, asked)] = inclusion_rule(f"What was net income {asked} the tax benefit?", figure).verdict
    assert verdicts[("$10 million", "including")] != "mismatch" and verdicts[("$8 million", "excluding")] != "mismatch"
    assert verdicts[("$10 million", "excluding")] == "mismatch" and verdicts[("$8 million", "including")] == "mismatch"
