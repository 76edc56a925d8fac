"""The lower sections of a trace page: the context as the model saw it with its budget bars, the routing
decisions and notes, and the calls with their tokens and cost."""

from __future__ import annotations

import re
from typing import Any

from ..pricing import estimate_cost
from .evidence import items_of
from .html import bar, esc, money, table

_EVIDENCE_ROW = re.compile(r"^(\d+)\t\d+\t\d+\t")
_STATE_RANK = {"failed": 0, "unchecked": 1, "verified": 2}


def _examples_chars(prompt: dict[str, Any]) -> int:
    """The size of the examples block at the start of the user prompt (0 without examples)."""
    count = sum(str(f).startswith("example:") for f in prompt.get("fragments") or [])
    user = str(prompt.get("user", ""))
    if not count:
        return 0
    end = 0
    for _ in range(count):
        found = user.find("\nAnswer items: ", end)
        if found < 0:
            return 0
        end = found + 1
    line_end = user.find("\n", end)
    return line_end if line_end >= 0 else len(user)


def _tier_bars(trace: dict[str, Any]) -> str:
    context = trace.get("context") or {}
    budget = context.get("budget") or {}
    prompt = trace.get("prompt") or {}
    tiers: list[tuple[str, int, int | None, str]] = []
    evidence_budget = budget.get("budget_chars")
    tiers.append(("evidence", int(budget.get("used_chars") or 0), evidence_budget, ""))
    session = trace.get("session") or {}
    for tier in session.get("tiers") or []:
        if tier.get("name") == "evidence":
            continue
        over = " (over its share)" if tier.get("over") else ""
        tiers.append((f"conversation: {tier['name']}", int(tier["chars"]), tier.get("budget_chars"), over))
    if not session:
        tiers.append(("conversation", 0, None, " (not a chat turn)"))
    examples = _examples_chars(prompt)
    shown = sum(str(f).startswith("example:") for f in prompt.get("fragments") or [])
    tiers.append(("examples", examples, None, f" ({shown} shown)" if shown else " (none)"))
    scale = max([evidence_budget or 0, *(c for _, c, _, _ in tiers), *(b or 0 for _, _, b, _ in tiers)]) or 1
    return "<h3>Tiers</h3>" + "".join(bar(name, chars, cap, scale, note) for name, chars, cap, note in tiers)


def _document_bars(trace: dict[str, Any]) -> str:
    context = trace.get("context") or {}
    budget = int((context.get("budget") or {}).get("budget_chars") or 0)
    sources = context.get("sources") or []
    if not sources:
        return "<h3>Documents</h3><p class=small>Nothing was sent.</p>"
    bars = []
    for source in sources:
        pages = source.get("pages") or []
        whole = ", whole document" if source.get("whole_document") else ""
        note = f" · {len(source.get('lines') or [])} lines, {len(pages)} page(s){whole}"
        bars.append(bar(source["doc"], int(source["chars"]), budget or None, budget or 1, note))
    return "<h3>Documents</h3>" + "".join(bars)


def _marked_prompt(trace: dict[str, Any]) -> str:
    """The user prompt as sent, each cited evidence row marked in its verdict's colour."""
    states: dict[int, str] = {}
    for item in items_of(trace):
        for span in item.spans:
            for line in span.lines:
                old = states.get(line.global_line)
                if old is None or _STATE_RANK[line.state] < _STATE_RANK[old]:
                    states[line.global_line] = line.state
    several = len((trace.get("context") or {}).get("sources") or []) > 1  # numbers repeat across documents
    out = []
    for row in str((trace.get("prompt") or {}).get("user", "")).split("\n"):
        match = _EVIDENCE_ROW.match(row)
        state = states.get(int(match.group(1))) if match and not several else None
        out.append(f'<mark class="s-{state}">{esc(row)}</mark>' if state else esc(row))
    return "\n".join(out)


def context_section(trace: dict[str, Any]) -> str:
    """Budget bars per document and per tier, then the system and user prompt exactly as sent."""
    context = trace.get("context") or {}
    prompt = trace.get("prompt") or {}
    detail = str(context.get("status_detail") or "")
    status = (detail if detail not in ("", "ok") else str(context.get("status"))) if context else "no context recorded"
    fragments = ", ".join(prompt.get("fragments") or [])
    body = f'<p class="small">{esc(status)}' + (f" · fragments: {esc(fragments)}" if fragments else "") + "</p>"
    body += _document_bars(trace) + _tier_bars(trace)
    if prompt:
        body += (
            f"<details><summary>System prompt ({len(prompt.get('system', '')):,} chars)</summary>"
            f'<pre class="prompt">{esc(prompt.get("system", ""))}</pre></details>'
            f"<details open><summary>User prompt as the model saw it ({len(prompt.get('user', '')):,} chars; "
            f'cited rows marked)</summary><pre class="prompt" id="user-prompt">{_marked_prompt(trace)}</pre></details>'
        )
    return f'<section id="context"><h2>Context sent</h2>{body}</section>'


def routing_section(trace: dict[str, Any]) -> str:
    """Every routing decision (document, routed or not, cause, reason) and every note of the stages."""
    routing = trace.get("routing") or {}
    rows = [
        [
            esc(d.get("doc")),
            "✓ searched" if d.get("routed") else "✗ left out",
            esc(d.get("cause", "")),
            esc(d.get("reason", "")),
            esc(d.get("issuer") or ""),
            esc(d.get("period") or ""),
            "" if d.get("score") is None else f"{d['score']:.3f}",
        ]
        for d in routing.get("decisions") or []
    ]
    body = f'<p class="small">{esc(routing.get("detail", "no routing recorded"))}</p>'
    if rows:
        body += table(["document", "decision", "cause", "reason", "issuer", "period", "score"], rows, [6])
    notes = [
        *(routing.get("notes") or []),
        *((trace.get("context") or {}).get("notes") or []),
        *((trace.get("retrieval") or {}).get("notes") or []),
        *((trace.get("response") or {}).get("notes") or []),
    ]
    unique = list(dict.fromkeys(str(n) for n in notes))
    if unique:
        body += "<h3>Notes</h3><ul>" + "".join(f"<li>{esc(n)}</li>" for n in unique) + "</ul>"
    failed = trace.get("failed_documents") or []
    if failed:
        body += "<h3>Documents that could not be read</h3><ul>"
        body += "".join(f"<li>{esc(f.get('message', f.get('path')))}</li>" for f in failed) + "</ul>"
    return f'<section id="routing"><h2>Routing</h2>{body}</section>'


def _pages(pages: dict[str, list[int]]) -> str:
    return esc("; ".join(f"{doc} p.{','.join(map(str, numbers))}" for doc, numbers in pages.items()))


def _call_rows(trace: dict[str, Any]) -> list[list[str]]:
    model = (trace.get("request") or {}).get("model")
    calls = trace.get("calls") or []
    if not calls:
        usage = trace.get("usage") or {}
        status = (trace.get("status") or {}).get("support") or (trace.get("status") or {}).get("final")
        chars = (trace.get("budget_audit") or {}).get("total_chars")
        sent = {s["doc"]: s.get("pages") or [] for s in (trace.get("context") or {}).get("sources") or []}
        return [
            [
                "1",
                _pages(sent),
                f"{chars:,}" if chars else "",
                str(usage.get("input_tokens", 0)),
                str(usage.get("output_tokens", 0)),
                money(trace.get("cost_usd")),
                f"{trace.get('latency_s') or 0:.2f}",
                esc(status or ""),
            ]
        ]
    rows = []
    for call in calls:
        usage = call.get("usage") or {}
        tokens_in, tokens_out = int(usage.get("input_tokens", 0)), int(usage.get("output_tokens", 0))
        cost = 0.0 if model is None else estimate_cost(model, tokens_in, tokens_out, int(usage.get("cached_tokens", 0)))
        settled = " (settled)" if call.get("stopped") else " (kept)" if call.get("kept") else ""
        rows.append(
            [
                f"{call['call']}{settled}",
                _pages(call.get("pages") or {}),
                f"{call.get('prompt_chars', 0):,}",
                str(tokens_in),
                str(tokens_out),
                money(cost),
                f"{call.get('latency_s', 0):.2f}",
                esc(call.get("verification") or ("found" if call.get("answer_found") else "not found")),
            ]
        )
    return rows


def usage_section(trace: dict[str, Any]) -> str:
    """The model calls with tokens, cost and time, then the time of each stage."""
    headers = ["call", "pages sent", "prompt chars", "tokens in", "tokens out", "cost", "seconds", "outcome"]
    strategy = trace.get("strategy") or "combined"
    body = f'<p class="small">strategy: {esc(strategy)} · total cost {esc(money(trace.get("cost_usd")))}</p>'
    body += table(headers, _call_rows(trace), [2, 3, 4, 5, 6])
    timings = trace.get("timings") or {}
    if timings:
        body += '<p class="small">stages: ' + esc(
            ", ".join(f"{k.removesuffix('_s')} {v:.3f} s" for k, v in timings.items())
        )
        body += "</p>"
    return f'<section id="calls"><h2>Calls</h2>{body}</section>'
