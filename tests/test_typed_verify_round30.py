"""Red team round 30 on a real filing: a year that begins a name ('the 2021 Repurchase Program') is no period of its
sentence (CVS 2022 p159: a yes for 2021 read from the 2022 repurchases under that program)."""

from __future__ import annotations

from tests.conftest import needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import field
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round22 import yes_no
from tests.test_values import span

pytestmark = needs_shared

REPURCHASES = (
    "During the year ended December 31, 2022, the Company repurchased an aggregate of 34.1 million shares of common "
    "stock for approximately $3.5 billion pursuant to the 2021 Repurchase Program, including share repurchases under "
    "the $1.5 billion fixed dollar ASR transaction described below. During the years ended December 31, 2021 and "
    "2020, the Company did not repurchase any shares of common stock."
)


def test_a_year_that_begins_a_name_dates_nothing(run_cli, fake_openai, filing):  # noqa: F811
    cvs = filing("CVSHEALTH_2022_10K")
    scripted = yes_no(True, (2769, "x"))
    scripted["items"][0]["spans"] = [{**span(2769, REPURCHASES), "line_end": 2771}]
    asked = "Did CVS Health repurchase any shares of its common stock during 2021?"
    status, check = verdict(run_cli, fake_openai, cvs, asked, scripted)
    assert status == "unsupported" and field(check, "polarity")["verdict"] == "mismatch", check
    status, check = verdict(run_cli, fake_openai, cvs, asked.replace("2021", "2022"), scripted)
    assert status == "supported", check
