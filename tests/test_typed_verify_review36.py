"""A fresh-eyes review of session 13's rules found right answers they rejected and wrong ones they let through; each
case (tests/data/review_round36.jsonl: a scripted answer citing real lines, as the review wrote it) now holds:

- a label that ends in 'and' before a real cell keeps the cell ('net of tax of $(598), $(156), and (975) (253)
  (1,116)'), and a lone 'A' or 'SG&A' ends no label early: a wrong year's cell is rejected again;
- a whole sentence quoted that ends in a name ('... acquisition of Nuance.') is no quote cut inside a name;
- an answer that lists a composite's parts beside the composite computed from them keeps its parts;
- 'the leases on ... space in the United States, Latin America, Europe and Asia' asks the group 'These leases
  expire at varying dates through 2028' dates; 'with various expiration dates through 2028' bounds several;
- 'Net investment income' is no net income, neither asked nor as a return on equity's numerator.

A second review (tests/data/review_round37.jsonl) of the later rules: a par value's 'per share' ('Common stock – Par
value $0.50 per share; ...') and a header's '(per share)' type no rows per share; the issuer's whole name before a
segment ('Boeing Commercial Airplanes') scopes nothing; 'from 35% to 21%' with no year is no prior period's; a
question that says 'deferred' asks the deferred tax row; 'Deferred tax assets:' makes its rows deferred tax balances;
an introduction of changes in 'each component of AOCI' rolls forward no account; 'Total capital' after
noncontrolling interests is the whole.

A third (tests/data/review_round38.jsonl) of session 14's rules: the '%'-signed rows must be a table's first and
total rows in a table of no money (JPMorgan's total assets stay money); a count is read from the column header's own
lines, not the prose above it; a lead-in is read only when the number's own clause says nothing but its date; a word
that changes the item counts only when it heads the phrase ('the remaining authorization for', not 'net of
allowances' nor 'under its repurchase authorization'); a quotient is judged against rates the filing states only;
the label's ratio stands when it is made of the line items the question names; 'U.S.' names someone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scripts.verify_redteam import full_answer, resolve_pdf
from tests.conftest import needs_shared
from tests.test_typed_verify_round21_filings import verdict

pytestmark = needs_shared

CASES = [
    json.loads(line)
    for name in ("review_round36.jsonl", "review_round37.jsonl", "review_round38.jsonl")
    for line in (Path(__file__).parent / "data" / name).read_text().splitlines()
]


def assert_case_holds(run_cli, fake_openai, tmp_path, case: dict) -> None:
    """The scripted case gets the status it expects: supported, or anything but supported ('rejected')."""
    pdf = tmp_path / Path(resolve_pdf(case["pdf"])).name
    pdf.write_bytes(resolve_pdf(case["pdf"]).read_bytes())
    status, check = verdict(run_cli, fake_openai, pdf, case["question"], full_answer(case["answer"]))
    if case["expect_status"] == "supported":
        assert status == "supported", check
    else:
        assert status != "supported", check


@pytest.mark.parametrize("case", CASES, ids=[c["class"] for c in CASES])
def test_the_review_s_cases_hold(run_cli, fake_openai, tmp_path, case):
    assert_case_holds(run_cli, fake_openai, tmp_path, case)
