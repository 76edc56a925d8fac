"""The text report of ``docintel verify`` and of ``traces show`` for a verify trace: claim by claim."""

from __future__ import annotations

import textwrap
from typing import Any

MARKS = {"supported": "✓", "contradicted": "✗", "unsupported": "✗", "quote_not_found": "✗", "unverifiable": "?"}
_HELD = {"supported", "exact", "normalised", "verified"}
_SKIP = {"not_applicable"}


def _mark(result: str) -> str:
    if result in _HELD:
        return "✓"
    return "?" if result == "unknown" else "✗"


def claims_report(data: dict[str, Any]) -> str:
    """The verdicts of ``verify --json`` data (or a trace's ``claims`` group) as text."""
    answer = data.get("answer") or {"path": data.get("answer_path"), "format": data.get("format")}
    model = f", model {answer.get('model')}" if answer.get("model") else ""
    lines = [f"{answer.get('path')} ({answer.get('format')}{model})"]
    lines += [f"note: {n}" for n in data.get("notes") or []]
    for claim in data.get("claims") or []:
        lines += _claim_lines(claim)
    lines.append(summary_line(data.get("summary") or {}))
    return "\n".join(lines)


def _claim_lines(claim: dict[str, Any]) -> list[str]:
    status = str(claim["status"])
    head = f"{claim['index'] + 1}. {MARKS.get(status, '?')} {status.replace('_', ' ').upper()}: "
    lines = [textwrap.shorten(head + str(claim["claim"]), 200, placeholder=" …")]
    for quote in claim.get("quotes") or []:
        shown = textwrap.shorten(" ".join(str(quote["text"]).split()), 90, placeholder=" …")
        lines.append(f"   quote {_mark(quote['match'])} “{shown}” ({quote['cited']}): {quote['detail']}")
    checks = [c for c in claim.get("checks") or [] if c["name"] != "quote" and c["result"] not in _SKIP]
    if checks:
        shown_checks = [
            f"{c['name']} {_mark(c['result'])}" + (f" ({c['detail']})" if c.get("detail") else "") for c in checks
        ]
        lines.append("   checks: " + ", ".join(shown_checks))
    for place in claim.get("evidence") or []:
        pages = ",".join(map(str, place["pages"]))
        text = textwrap.shorten(" ".join(str(place["text"]).split()), 100, placeholder=" …")
        lines.append(f"   found: {place['doc']} p.{pages} lines {place['line_start']}-{place['line_end']}: {text}")
    if claim.get("detail"):
        lines.append("   " + textwrap.shorten(str(claim["detail"]), 300, placeholder=" …"))
    return lines


def summary_line(summary: dict[str, Any]) -> str:
    """'5 claims: 3 supported, 1 contradicted, ...'."""
    counts = [
        f"{summary.get(k, 0)} {k.replace('_', ' ')}"
        for k in ("supported", "contradicted", "unsupported", "quote_not_found", "unverifiable")
        if summary.get(k)
    ]
    total = summary.get("claims", 0)
    return f"{total} claim{'s' if total != 1 else ''}: {', '.join(counts) or 'nothing to check'}"


def verify_report(data: dict[str, Any]) -> str:
    """What ``docintel verify`` prints: the claims, the summary, and the trace."""
    text = claims_report(data)
    if data.get("trace_id"):
        text += f"\ntrace {data['trace_id']} (docintel traces show {data['trace_id']}; docintel view shows the pages)"
    return text


def verify_trace_report(trace: dict[str, Any]) -> str:
    """``traces show`` of a verify trace: its identity, the DOCs, and the claims' verdicts."""
    documents = ", ".join(f"{d['doc_id']} ({d['path']})" for d in trace.get("documents") or [])
    head = [
        f"trace {trace['trace_id']} (verify)   created: {trace.get('created_at')}",
        f"checked: {trace.get('question')}",
        f"documents: {documents or 'none'}",
        f"status: {(trace.get('status') or {}).get('final')}; latency {trace.get('latency_s')} s",
    ]
    return "\n".join(head) + "\n" + claims_report(trace["claims"])
