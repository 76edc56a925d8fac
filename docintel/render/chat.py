"""Render ``docintel chat`` and its sessions: a session turn by turn, tier budgets, sources."""

from __future__ import annotations

from typing import Any

from ..question.conversation import describe_answer


def session_report(session_id: str, traces: list[dict[str, Any]]) -> str:
    """``traces show --session``: the conversation turn by turn, with verdicts and tiers over their share."""
    lines = [f"session {traces[0]['session']['session_id'] if traces else session_id}: {len(traces)} turn(s)"]
    for trace in traces:
        session = trace["session"]
        verdict = (trace.get("verification") or {}).get("overall") or (trace.get("status") or {}).get("final")
        lines.append(f"turn {session['turn']}: {session['asked']}")
        if session["resolved"] != session["asked"]:
            lines.append(f"  resolved: {session['resolved']}")
        answer = describe_answer(trace.get("answer") or {}, verdict == "supported")
        lines.append(f"  answer: {answer} — {verdict}; trace {trace['trace_id']}")
        over = [t["name"] for t in session.get("tiers", []) if t.get("over")]
        if over:
            lines.append(f"  over their share: {', '.join(over)}")
    return "\n".join(lines)


def tiers_report(tiers: list[Any]) -> str:
    """``/budget``: each tier of a chat turn against its share; '!' marks one over its share."""
    lines = []
    for tier in tiers:
        share = f" / {tier.budget_chars:,}" if tier.budget_chars else ""
        flag = "  ! over its share" if tier.over else ""
        lines.append(f"  {tier.name:<8} {tier.chars:>7,}{share} chars, {tier.items} item(s){flag}")
    return "\n".join(lines)


def sources_report(result: dict[str, Any] | None, turns: list[Any]) -> str:
    """``/sources``: the documents the session has used and what the last answer cited, with verdicts."""
    documents = sorted({d for t in turns for d in t.documents})
    lines = ["documents in scope: " + (", ".join(documents) or "none yet")]
    for span in ((result or {}).get("verification") or {}).get("spans", []):
        lines.append(
            f"  cited {span.get('doc') or 'the document'} lines {span.get('line_start')}-{span.get('line_end')}"
            f" (p.{','.join(map(str, span.get('pages') or []))}): {span.get('verdict')}"
        )
    return "\n".join(lines)
