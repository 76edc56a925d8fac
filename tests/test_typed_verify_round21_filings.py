"""Red team round 21 on a real filing (Boeing 2022): a segment's row says what its figures are only by the words
over its table. 'Commercial Airplanes $329,824' under 'Backlog' / 'Our backlog at December 31 was as follows:' is
no revenue (the heading is out of the quote: unchecked, not supported), while 'Commercial Airplanes $25,867' under
'The following table summarizes Revenues:' is."""

from __future__ import annotations

import json

from tests.conftest import needs_shared
from tests.fake_openai import responses_body
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import ask
from tests.test_values import amount

pytestmark = needs_shared

REVENUES = (804, "Commercial Airplanes $25,867 $19,493 $16,162")
SEGMENT_ASSETS = (3878, "Commercial Airplanes $75,212 $75,863")
BACKLOG = (952, "Commercial Airplanes $329,824 $296,882")
QUESTION = "What were Boeing Commercial Airplanes' revenues in 2022?"


def verdict(run_cli, fake_openai, pdf, question, scripted) -> tuple[str, dict]:
    """The status and first item check of *scripted*, the whole filing sent (a test of the checks, not retrieval)."""
    fake_openai.steps.clear()
    fake_openai.default = {"body": responses_body(json.dumps(scripted)), "status": 200, "sleep": 0.0, "headers": None}
    code, data, err = ask(run_cli, question, pdf, "--budget-chars", "2000000")
    assert data is not None, err
    return data["status"], data["verification"]["items"][0]


def test_a_segment_row_is_what_the_words_over_its_table_say(run_cli, fake_openai, filing):  # noqa: F811
    boeing = filing("BOEING_2022_10K")
    backlog = amount(329824.0, "millions", "2022", BACKLOG, label="Commercial Airplanes revenues")
    status, check = verdict(run_cli, fake_openai, boeing, QUESTION, backlog)
    assert status != "supported" and "no words over its table name" in check["detail"], check
    revenues = amount(25867.0, "millions", "2022", REVENUES, label="Commercial Airplanes revenues")
    status, check = verdict(run_cli, fake_openai, boeing, QUESTION, revenues)
    assert status == "supported", check
    # 'Segment assets are summarized in the table below.' names no line item docintel knows, but says assets
    assets = amount(75212.0, "millions", "December 31, 2022", SEGMENT_ASSETS, label="Commercial Airplanes assets")
    asked = "What were the total assets of Boeing's Commercial Airplanes segment at December 31, 2022?"
    status, check = verdict(run_cli, fake_openai, boeing, asked, assets)
    assert "no words over its table name" not in check["detail"], check


def test_offline_a_withdrawn_answer_says_each_reason_once(run_cli, filing):  # noqa: F811
    """A new user's probe on Square 2016, offline: the lines looked up fail alike; the caveat says each reason once,
    not once per line. ('What drove ...', the probe as first written, is a why question now: evidence only.)"""
    block = filing("BLOCK_2016_10K")
    asked = "What factors contributed to the decline in hardware revenue in 2016?"
    code, out, err = run_cli("ask", asked, block)
    caveat = next(line for line in out.splitlines() if line.startswith("caveat: no answer"))
    reasons = caveat.split("(", 1)[1].rstrip(")").split("; ")
    assert len(reasons) >= 2 and len(reasons) == len(set(reasons)), caveat
