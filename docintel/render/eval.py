"""Render ``docintel eval`` results: run tables, flipped questions, baseline comparisons, errors."""

from __future__ import annotations

from typing import Any

EVAL_COLUMNS = [
    ("page_recall", "pages"),
    ("evidence_share", "evidence"),
    ("context_chars", "ctx chars"),
    ("prompt_chars", "sent chars"),
    ("calls", "calls"),
    ("budget_share", "budget%"),
    ("spans_verified", "verified"),
    ("answer_match", "answer"),
    ("answer_match_questions", "answers scored"),  # how many answers the mean is over: those with a usable gold
    ("not_found", "not found"),
    ("errors", "errors"),
]


def _eval_cell(value: Any, key: str = "") -> str:
    if value is None:
        return "-"
    if key in ("context_chars", "prompt_chars", "errors"):
        return f"{value:,.0f}"
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def eval_table(runs: list[Any], base: Any = None) -> str:
    """Runs side by side; with *base*, each cell also shows the change against it."""
    head = f"{'run':<24}{'budget':>7}" + "".join(f"{title:>15}" for _, title in EVAL_COLUMNS)
    lines = [head, "-" * len(head)]
    for report in runs:
        cells = []
        for key, _ in EVAL_COLUMNS:
            value = report.totals.get(key)
            cell = _eval_cell(value, key)
            if key == "answer_match_questions":  # a count of questions, not a score: no change against the base
                scored = f"{value or 0} of {report.totals.get('questions', 0)}"
                cells.append(f"{scored:>15}")
                continue
            reference = base.totals.get(key) if base is not None and report is not base else None
            if isinstance(value, (int, float)) and isinstance(reference, (int, float)):
                delta = value - reference
                cell += f" {delta:+.0f}" if key in ("context_chars", "prompt_chars", "errors") else f" {delta:+.3f}"
            cells.append(f"{cell:>15}")
        lines.append(f"{report.label[:24]:<24}{report.budget_chars:>7}" + "".join(cells))
    return "\n".join(lines)


def eval_report(
    sections: list[Any], flipped: dict[str, dict[str, list[str]]], runs: list[Any], out: Any, plot: Any
) -> str:
    """The tables, flipped questions and settings hashes of ``eval``."""
    parts = [f"\n{title}\n{eval_table(group, base)}" for title, group, base in sections]
    parts += [
        f"\n{name}: hit->miss {change['hit_to_miss'] or 'none'}; miss->hit {change['miss_to_hit'] or 'none'}"
        for name, change in flipped.items()
    ]
    parts.append(
        "\nsettings hashes: "
        + ", ".join(f"{r.label}={r.settings_hash}" for r in runs)
        + (f"\nreport: {out}" if out else "")
        + (f"\nplot: {plot}" if plot else "")
    )
    return "\n".join(parts)


def baseline_report(change: dict[str, Any]) -> str:
    """``eval --baseline``: totals before and after, then the questions that flipped or changed answer."""
    same = "same settings" if change["same_settings"] else "other settings"
    lines = [f"\nagainst {change['baseline']} (run {change['baseline_run']} -> {change['run']}; {same})"]
    for key, pair in change["totals"].items():
        if pair["before"] is not None or pair["after"] is not None:
            lines.append(f"  {key}: {_figure(pair['before'])} -> {_figure(pair['after'])}")
    for name in ("page_hit", "answer_match"):
        flips = change[name]
        lines.append(
            f"  {name}: hit->miss {flips['hit_to_miss'] or 'none'}; miss->hit {flips['miss_to_hit'] or 'none'}"
        )
    lines.append(f"  answers changed: {len(change['answer_changed'])}")
    lines += [f"    {c['id']}: {c['before']!r} -> {c['after']!r}" for c in change["answer_changed"][:20]]
    for key, label in (("only_in_baseline", "only in the baseline"), ("only_now", "not in the baseline")):
        if change[key]:
            lines.append(f"  {label}: {', '.join(change[key][:10])}")
    return "\n".join(lines)


def _figure(value: Any) -> str:
    return "-" if value is None else (f"{value:.3f}" if isinstance(value, float) else str(value))


def eval_errors(runs: list[Any]) -> list[str]:
    """One ``error:`` line per distinct reason questions could not be scored, per run."""
    lines = []
    for report in runs:
        grouped: dict[str, list[str]] = {}
        for row in report.rows:
            if row.error:
                grouped.setdefault(row.error, []).append(row.id)
        for message, ids in sorted(grouped.items(), key=lambda item: -len(item[1])):
            more = f" and {len(ids) - 3} more" if len(ids) > 3 else ""
            lines.append(
                f"error: {report.label}: {len(ids)} question(s) not scored ({', '.join(ids[:3])}{more}): {message}"
            )
    return lines
