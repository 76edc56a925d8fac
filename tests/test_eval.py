"""Scoring functions on hand-made cases, and `docintel eval` (ablation, comparison, sweep, plot)."""

from __future__ import annotations

import json

import pytest

from docintel.scoring import (
    evidence_share,
    gold_evidence_lines,
    gold_number,
    gold_pages,
    number_found,
    numbers_match,
    pages_from_zero_based,
    parse_numbers,
    text_contained,
)
from docintel.textnorm import squash


@pytest.mark.parametrize(
    "gold,candidate,expected",
    [
        (1577.0, 1577.0, True),
        (1577.0, -1577.0, True),  # outflows printed in parentheses
        (1577.0, 1.577, True),  # $1.577 billion vs 1577 million
        (8.70, 8738.0, True),  # gold in billions, rounded, filing in millions
        (8.70, 8838.0, False),  # 1.6% off: beyond tolerance
        (0.125, 12.5, True),  # fraction vs percent
        (24.26, 24.3, True),
        (24.26, 25.0, False),
        (0.66, 0.67, False),
        (100.0, 10.0, False),  # a factor of ten is not a unit scaling
    ],
)
def test_numbers_match_with_tolerance_and_scaling(gold, candidate, expected):
    assert numbers_match(gold, candidate) is expected


def test_parse_numbers_and_gold_number():
    assert parse_numbers("Purchases of PP&E (1,577) (1,373)") == [-1577.0, -1373.0]
    assert parse_numbers("$1.5 billion and 12%") == [1.5, 1.5e9, 12.0]
    assert gold_number("$1577.00") == 1577.0
    assert gold_number("24.26%") == 24.26
    assert gold_number("$8.70") == 8.70
    assert gold_number("No, the company is managing its CAPEX efficiently") is None
    assert number_found(1577.0, "Purchases of property, plant and equipment (PP&E) (1,577) (1,373)")
    assert not number_found(1577.0, "Purchases of property (1,600)")  # 1.5% off


def test_page_index_conversion_and_gold_pages():
    assert pages_from_zero_based([0, 59]) == {1, 60}
    assert gold_pages({"evidence": [{"evidence_page_num": 59, "evidence_text": "x"}]}) == {60}
    assert gold_pages({"gold_pages": [3, 4]}) == {3, 4}


def test_text_containment_and_evidence_share():
    assert text_contained("45 days", "Customers may return merchandise within 45 Days of purchase")
    assert not text_contained("90 days", "within 45 days")
    lines = gold_evidence_lines({"evidence": [{"evidence_text": "Net income $ 5,363\nab\nDepreciation 1,488"}]})
    assert lines == ["Net income $ 5,363", "Depreciation 1,488"]
    assert evidence_share(lines, squash("Net income $5,363 and more")) == 0.5
    assert evidence_share([], "x") is None


@pytest.fixture
def gold_file(tmp_path, corpus_pdf):
    rows = [
        {
            "id": "refund",
            "question": "What is the refund window?",
            "doc": corpus_pdf.name,
            "answer": "45 days",
            "gold_pages": [5],
        },
        {
            "id": "capex",
            "question": "How much were purchases of property and equipment in fiscal 2025?",
            "doc": corpus_pdf.stem,
            "answer": "$71.4 million",
            "evidence": [
                {"evidence_page_num": 3, "evidence_text": "Purchases of property and equipment (71.4) (58.9)"}
            ],
        },
        {"id": "facility", "question": "When does the revolving credit facility mature?", "gold_pages": [6]},
    ]
    path = tmp_path / "gold.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return path


def test_eval_scores_and_writes_a_report(run_cli, gold_file, corpus_pdf, tmp_path, isolated_env):
    code, out, _ = run_cli("eval", gold_file, corpus_pdf, "--out", tmp_path / "report.json", "--budget-chars", "1500")
    assert code == 0 and "full assembly" in out and "pages" in out
    report = json.loads((tmp_path / "report.json").read_text())
    run = report["runs"][0]
    assert run["settings_hash"] and report["program"]["version"]
    by_id = {q["id"]: q for q in run["questions"]}
    assert by_id["refund"]["page_hit"] is True and by_id["refund"]["answer_match"] is True
    assert by_id["capex"]["gold_pages"] == [4] and by_id["capex"]["page_hit"] is True
    assert by_id["capex"]["evidence_share"] == 1.0 and by_id["capex"]["answer_match"] is True
    assert run["totals"]["page_recall"] == 1.0 and run["totals"]["spans_verified"] == 1.0
    traces = list((isolated_env / "traces").glob("2*.json"))
    assert len(traces) == 3


def test_eval_ablation_reports_changes_and_flips(run_cli, gold_file, corpus_pdf):
    code, out, _ = run_cli(
        "eval", gold_file, corpus_pdf, "--budget-chars", "1000", "--ablate", "synonyms", "--ablate", "page_hints"
    )
    assert code == 0 and "ablations (change against the full assembly)" in out
    assert "-synonyms@1000" in out and "ablate synonyms: hit->miss" in out
    code, _, err = run_cli("eval", gold_file, corpus_pdf, "--ablate", "nonsense")
    assert code == 2 and "unknown --ablate section" in err


def test_eval_compare_sweep_and_plot(run_cli, gold_file, corpus_pdf, tmp_path):
    (tmp_path / "a.json").write_text(json.dumps({"budget_chars": 1700}))
    (tmp_path / "b.json").write_text(json.dumps({"budget_chars": 4000, "use_synonyms": False}))
    code, out, _ = run_cli(
        "eval", gold_file, corpus_pdf, "--compare", tmp_path / "a.json", tmp_path / "b.json", "--json"
    )
    report = json.loads(out)
    assert code == 0 and [r["label"] for r in report["runs"]] == ["a", "b"]
    assert [r["budget_chars"] for r in report["runs"]] == [1700, 4000]
    assert "a -> b" in report["flips"]
    code, out, _ = run_cli(
        "eval", gold_file, corpus_pdf, "--budget-chars", "1000,1200,6000", "--plot", tmp_path / "recall.png"
    )
    assert code == 0 and "budget sweep" in out and "full@1000" in out and "full@6000" in out
    assert (tmp_path / "recall.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    (tmp_path / "bad.json").write_text("[1, 2]")
    code, _, err = run_cli("eval", gold_file, corpus_pdf, "--compare", tmp_path / "bad.json", tmp_path / "b.json")
    assert code == 4 and "not a JSON object" in err


def test_ablation_names_for_help_match_the_ablations():
    from docintel.cli.eval import ABLATION_NAMES
    from docintel.evaluate import ABLATIONS

    assert tuple(ABLATIONS) == ABLATION_NAMES
