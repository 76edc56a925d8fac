"""A cell the verifier's table reader cannot place takes its period from ingest's reading of a header of periods
('2015 2014 2013 2015 vs. 2014 2014 vs. 2013'), where both readers number the row's cells alike, never from a column
guessed by position; a year ingest read that is not the one asked rejects it. (Withdrawn once, when five wrong
answers passed that way; each now has its own rule: tests/test_typed_verify_latent.py.)
Real filings: Netflix 2015 (a header '2015 2014 2013 2015 vs. 2014 2014 vs. 2013' over seven cells) and 3M 2022
(a row 'Amortization of prior service benefit (24) (24) (24) — (3) (5) (31) (33) (33)' whose '(3) (5)' one reader
may take for footnote marks)."""

from __future__ import annotations

import json
import shutil

import pytest

from docintel.ingest.documents import Ingestor
from docintel.settings import load_settings
from docintel.verify.values import slot_header
from tests.conftest import FINANCEBENCH, needs_shared
from tests.fake_openai import responses_body
from tests.test_typed_verify import ask
from tests.test_values import amount

pytestmark = needs_shared

GENERAL = (858, "General and administrative $ 407,329 $ 269,741 $ 180,301 $ 137,588 51% $ 89,440 50%")
TECHNOLOGY = (842, "Technology and development $ 650,788 $ 472,321 $ 378,769 $ 178,467 38% $ 93,552 25%")
PRIOR_SERVICE = (3095, "Amortization of prior service benefit (24) (24) (24) — (3) (5) (31) (33) (33)")


def verdict(run_cli, fake_openai, pdf, question, scripted) -> tuple[str, dict]:
    """The status and first item check of *scripted* as every answer of the run (a long filing takes several calls)."""
    fake_openai.steps.clear()
    fake_openai.default = {"body": responses_body(json.dumps(scripted)), "status": 200, "sleep": 0.0, "headers": None}
    code, data, err = ask(run_cli, question, pdf)
    assert data is not None, err
    return data["status"], data["verification"]["items"][0]


@pytest.fixture
def filing(tmp_path):
    def copy(name: str):
        target = tmp_path / "docs" / f"{name}.pdf"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(FINANCEBENCH / "pdfs" / f"{name}.pdf", target)
        return target

    return copy


def test_a_change_table_s_cell_takes_its_own_year_not_a_column_guessed_by_position(run_cli, fake_openai, filing):
    netflix = filing("NETFLIX_2015_10K")
    question = "What was Netflix's {} expense in {}?"
    right = amount(407329.0, "thousands", "2015", GENERAL, label="General and administrative")
    status, check = verdict(run_cli, fake_openai, netflix, question.format("general and administrative", 2015), right)
    assert status == "supported" and "as ingest read it" in check["detail"], check  # ingest's header reading
    wrong = amount(407329.0, "thousands", "2014", GENERAL, label="General and administrative")
    status, check = verdict(run_cli, fake_openai, netflix, question.format("general and administrative", 2014), wrong)
    assert status != "supported" and check["period_check"] == "mismatch", check
    guessed = amount(650788.0, "thousands", "2013", TECHNOLOGY, label="Technology and development")
    status, check = verdict(run_cli, fake_openai, netflix, question.format("technology and development", 2013), guessed)
    assert status != "supported", check  # 650,788 is 2015's; ingest read no period for this row


def test_a_row_two_readers_number_differently_takes_no_period_from_ingest(run_cli, fake_openai, filing):
    three_m = filing("3M_2022_10K")
    question = (
        "In 3M's components of net periodic benefit cost, what was the amortization of prior service benefit for 2021?"
    )
    wrong = amount(-31.0, "millions", "2021", PRIOR_SERVICE, label="Amortization of prior service benefit")
    status, check = verdict(run_cli, fake_openai, three_m, question, wrong)
    assert status != "supported", check  # (31) is the postretirement plans' 2022 figure


def test_only_a_header_of_periods_lends_ingest_s_period_not_member_names_over_the_columns(tmp_path):
    """3M 2022 p25: 'Americas Asia Pacific & Africa Other Unallocated Worldwide' over four cells ('Europe, Middle
    East' on the line above), which ingest misplaces; Netflix 2015 p17: '2015 2014 2013 2015 vs. 2014 2014 vs. 2013'.
    Only the second is a header whose cells ingest places by period."""
    settings = load_settings({"cache_dir": str(tmp_path / "cache")})
    paths = [FINANCEBENCH / "pdfs" / "3M_2022_10K.pdf", FINANCEBENCH / "pdfs" / "NETFLIX_2015_10K.pdf"]
    three_m, netflix = Ingestor(settings).ingest(paths).documents
    geography = next(t for t in three_m.tables if any(r.line == GEOGRAPHY_SHARE[0] for r in t.rows))
    expenses = next(t for t in netflix.tables if any(r.line == GENERAL[0] for r in t.rows))
    assert not slot_header(three_m, geography)
    assert slot_header(netflix, expenses)


GEOGRAPHY_SHARE = (1007, "% of worldwide sales 51.2 % 30.0 % 18.8 % 100.0 %")
