"""The verdicts of a verify trace on its trace page: one row a claim, with its quotes, checks and found lines.

The answer section above lists the same claims as items with the verifier's checks, and boxes the found lines
on their pages; this section says what each claim's verdict is and why.
"""

from __future__ import annotations

from typing import Any

from .html import esc

_BADGES = {
    "supported": "verified",
    "contradicted": "failed",
    "unsupported": "failed",
    "quote_not_found": "failed",
    "unverifiable": "unchecked",
}


def _quotes_html(claim: dict[str, Any]) -> str:
    rows = [
        f'<li><span class="quote">“{esc(q["text"])}”</span> <span class="small">({esc(q["cited"])}) — '
        f"{esc(q['match'].replace('_', ' '))}: {esc(q['detail'])}</span></li>"
        for q in claim.get("quotes") or []
    ]
    return f'<ul class="spans">{"".join(rows)}</ul>' if rows else ""


def _checks_html(claim: dict[str, Any]) -> str:
    shown = [c for c in claim.get("checks") or [] if c.get("result") != "not_applicable" and c.get("name") != "quote"]
    items = "".join(
        f"<li>{esc(c['name'])}: {esc(c['result'])}" + (f" ({esc(c['detail'])})" if c.get("detail") else "") + "</li>"
        for c in shown
    )
    return f'<ul class="checks">{items}</ul>' if items else ""


def _found_html(claim: dict[str, Any]) -> str:
    return "".join(
        f'<div class="small">found in {esc(e["doc"])} p.{esc(",".join(map(str, e["pages"])))} lines '
        f"{e['line_start']}–{e['line_end']} ({esc(e['match'])})</div>"
        for e in claim.get("evidence") or []
    )


def claims_section(trace: dict[str, Any]) -> str:
    """The claims table of a verify trace (empty for other traces)."""
    record = trace.get("claims")
    if not record:
        return ""
    rows = []
    for claim in record.get("claims") or []:
        status = str(claim["status"])
        rows.append(
            f'<tr id="claim-{claim["index"]}"><td class="num">{claim["index"] + 1}</td>'
            f'<td><span class="badge {_BADGES.get(status, "unchecked")}">{esc(status.replace("_", " "))}</span></td>'
            f"<td>{esc(claim['claim'])}{_quotes_html(claim)}{_checks_html(claim)}{_found_html(claim)}"
            f'<div class="small">{esc(claim.get("detail", ""))}</div></td></tr>'
        )
    summary = record.get("summary") or {}
    counts = ", ".join(
        f"{summary.get(k, 0)} {k.replace('_', ' ')}"
        for k in ("supported", "contradicted", "unsupported", "quote_not_found", "unverifiable")
    )
    model = f", model {record['model']}" if record.get("model") else ""
    notes = "".join(f'<p class="small">note: {esc(n)}</p>' for n in record.get("notes") or [])
    return (
        f'<section id="claims"><h2>Claims checked ({esc(record.get("format"))}{esc(model)})</h2>'
        f'<p class="small">{esc(record.get("answer_path"))} — {esc(counts)}</p>{notes}'
        "<table><tr><th>#</th><th>verdict</th><th>claim, quotes, checks and found lines</th></tr>"
        f"{''.join(rows)}</table></section>"
    )
