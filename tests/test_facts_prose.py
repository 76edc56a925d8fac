"""Figures read from sentences of the project's own sample report (corpus/): a contents line's page number is no
fact; a figure followed by its own period ('from 10.9% in fiscal 2024 to 11.8% in fiscal 2025') takes that period;
'$0.24 per share' is per share; a count in a sentence about net sales ('38 new stores') is no amount of net sales."""

from __future__ import annotations

import json


def _facts(run_cli, pdf, page: int) -> list[dict]:
    code, out, err = run_cli("facts", pdf, "--page", str(page), "--json")
    assert code == 0, err
    return json.loads(out)


def test_a_contents_line_s_page_number_is_no_fact(run_cli, corpus_pdf):
    assert not [f for f in _facts(run_cli, corpus_pdf, 1) if "...." in f["label"]]


def test_sentence_figures_take_their_own_period_kind_and_concept(run_cli, corpus_pdf):
    facts = {f["value"]: f for f in _facts(run_cli, corpus_pdf, 2)}
    assert facts[10.9]["period"]["fiscal_year"] == 2024, facts[10.9]
    assert facts[11.8]["period"]["fiscal_year"] == 2025, facts[11.8]
    assert facts[0.24]["kind"] == "per_share", facts[0.24]
    assert facts[38.0]["kind"] == "count" and facts[38.0]["concept"] is None, facts[38.0]
