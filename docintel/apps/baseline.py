"""Compare an evaluation run with an earlier eval report, question by question.

``docintel eval ... --baseline OLD_REPORT.json`` answers the question set again and lists what
changed against the stored report: questions whose gold page went from sent to not sent (and
back), whose answer match flipped, and whose answer now states something else. Questions are
matched by id; the baseline run is the one with the same label (``full@12000``), else the
report's first run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import InputError, UsageError
from .evaluate import RunReport


def load_report(path: Path) -> dict[str, Any]:
    """An eval report written by ``docintel eval --out``; UsageError for anything else."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"--baseline {path}: no such file", "give a report written by docintel eval --out") from None
    except (OSError, ValueError) as exc:
        raise UsageError(
            f"--baseline {path} cannot be read as JSON ({exc.__class__.__name__})",
            "give a report written by docintel eval --out",
        ) from None
    program = data.get("program") if isinstance(data, dict) else None
    runs = data.get("runs") if isinstance(data, dict) else None
    if not (isinstance(program, dict) and program.get("name") == "docintel" and isinstance(runs, list) and runs):
        raise UsageError(f"--baseline {path} is not a docintel eval report", "give a report written by eval --out")
    for number, run in enumerate(runs, start=1):
        questions = run.get("questions") if isinstance(run, dict) else None
        valid = (
            isinstance(questions, list)
            and all(isinstance(q, dict) and isinstance(q.get("id"), (str, int)) for q in questions)
            and isinstance(run.get("totals", {}), dict)
            and isinstance(run.get("label", ""), str)
        )
        if not valid:
            raise UsageError(
                f"--baseline {path}: run {number} is not a run of an eval report (questions with ids, totals)",
                "give a report written by docintel eval --out, unedited",
            )
        for question in questions or []:
            question["id"] = str(question["id"])
    report: dict[str, Any] = data
    return report


def _flips(before: dict[str, Any], after: dict[str, Any]) -> dict[str, list[str]]:
    return {
        "hit_to_miss": [q for q in after if before.get(q) is True and after[q] is False],
        "miss_to_hit": [q for q in after if before.get(q) is False and after[q] is True],
    }


def compare_with_baseline(run: RunReport, report: dict[str, Any], path: Path) -> dict[str, Any]:
    """What changed from the baseline report's matching run to *run*, question by question."""
    runs = report["runs"]
    old = next((r for r in runs if r.get("label") == run.label), runs[0])
    old_rows = {q["id"]: q for q in old.get("questions", [])}
    new_rows = {q.id: q for q in run.rows}
    common = [q for q in new_rows if q in old_rows]
    changed = [
        {"id": q, "before": old_rows[q].get("answer_summary"), "after": new_rows[q].answer_summary}
        for q in common
        if old_rows[q].get("answer_summary") is not None
        and new_rows[q].answer_summary is not None
        and old_rows[q]["answer_summary"] != new_rows[q].answer_summary
    ]
    totals = {
        key: {"before": (old.get("totals") or {}).get(key), "after": run.totals.get(key)}
        for key in ("page_recall", "evidence_share", "answer_match", "spans_verified", "context_tokens")
    }
    return {
        "baseline": str(path),
        "baseline_run": old.get("label"),
        "run": run.label,
        "same_settings": old.get("settings_hash") == run.settings_hash,
        "totals": totals,
        "page_hit": _flips({q: old_rows[q].get("page_hit") for q in common}, {q: new_rows[q].page_hit for q in common}),
        "answer_match": _flips(
            {q: old_rows[q].get("answer_match") for q in common}, {q: new_rows[q].answer_match for q in common}
        ),
        "answer_changed": changed,
        "only_in_baseline": sorted(set(old_rows) - set(new_rows)),
        "only_now": sorted(set(new_rows) - set(old_rows)),
    }
