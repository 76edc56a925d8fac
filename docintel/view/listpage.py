"""The trace list: the filters of ``traces list`` (status, document, date, text), newest first, one row per
trace with its question, status, documents and cost; and the ask form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from ..labels import STATUS_COLOURS
from ..traces.store import TRACE_STATUSES
from .html import esc, money, page, table

LIST_LIMITS = (50, 200, 1000, 0)


@dataclass
class Filters:
    """The list's filters as the query string gives them (empty: not filtered)."""

    status: str = ""
    doc: str = ""
    since: str = ""
    q: str = ""
    limit: int = 200


def _status_cell(row: dict[str, Any]) -> str:
    support = row.get("support") or row.get("final") or "?"
    css = f"st-{support}" if support in STATUS_COLOURS else "unchecked"  # a status added later: not shown as held
    return f'<span class="badge {css}">{esc(support)}</span>'


def _filters_form(filters: Filters) -> str:
    options = "".join(
        f'<option value="{esc(s)}"{" selected" if s == filters.status else ""}>{esc(s)}</option>'
        for s in ("", *TRACE_STATUSES)
    )
    limits = "".join(
        f'<option value="{n}"{" selected" if n == filters.limit else ""}>{n or "all"}</option>' for n in LIST_LIMITS
    )
    return (
        '<form class="filters" method="get" action="/">'
        f'<label>status<select name="status">{options}</select></label>'
        f'<label>document<input name="doc" value="{esc(filters.doc)}" placeholder="id contains"></label>'
        f'<label>since<input name="since" type="date" value="{esc(filters.since[:10])}"></label>'
        f'<label>question contains<input name="q" value="{esc(filters.q)}"></label>'
        f'<label>show<select name="limit">{limits}</select></label>'
        '<button type="submit">Filter</button> <a href="/">clear</a></form>'
    )


def list_page(
    rows: list[dict[str, Any]], problems: list[str], filters: Filters, ask_form: str, error: str = "", empty: str = ""
) -> str:
    """The list page: filters, the matching traces, problems met (damaged files), the ask form.

    *empty* is said when no trace matches (the folder is empty, or nothing matches the filters)."""
    cells = []
    for row in rows:
        link = f'<a href="/trace/{quote(str(row["id"]))}">{esc(row.get("question") or "(no question)")}</a>'
        cells.append(
            [
                link,
                _status_cell(row),
                esc(", ".join(row.get("docs") or [])),
                esc(money(row.get("cost_usd"))),
                esc(str(row.get("created_at", ""))[:19].replace("T", " ")),
                esc(row.get("kind", "")),
            ]
        )
    body = "<h1>Traces</h1>" + _filters_form(filters)
    if error:
        body += f'<div class="error">{esc(error)}</div>'
    if cells:
        body += table(["question", "status", "documents", "cost", "created (UTC)", "kind"], cells, [3])
        body += f'<p class="small">{len(cells)} trace(s), newest first.</p>'
    else:
        body += f'<p class="small">{esc(empty or "No trace matches these filters.")}</p>'
    body += "".join(f'<div class="notice">{esc(p)}</div>' for p in problems)
    return page("docintel traces", body + ask_form)


def ask_form(token: str, paths: list[str], trace_id: str | None = None) -> str:
    """The question box: over the command line's documents, or a trace's documents (chosen on a trace page)."""
    scopes = []
    if trace_id:
        scopes.append(("trace", "this trace's documents", True))
    if paths:
        scopes.append(("paths", "the documents given to docintel view: " + ", ".join(paths), not trace_id))
    if not scopes:
        return (
            '<section id="ask"><h2>Ask</h2><p class="small">Start <code>docintel view PATH…</code> with PDF files or '
            "folders to ask questions here; a trace page asks over that trace's documents.</p></section>"
        )
    choice = "".join(
        f'<label style="flex-direction:row;gap:.3rem"><input type="radio" name="scope" value="{v}"'
        f"{' checked' if on else ''}>{esc(text)}</label>"
        for v, text, on in scopes
    )
    hidden = f'<input type="hidden" name="trace" value="{esc(trace_id)}">' if trace_id else ""
    return (
        '<section id="ask"><h2>Ask a question</h2><form class="ask" method="post" action="/ask">'
        f'<input type="hidden" name="token" value="{esc(token)}">{hidden}'
        '<textarea name="question" required placeholder="e.g. What is the refund window?"></textarea>'
        f'<div class="row">{choice}<button type="submit">Ask</button></div>'
        '<p class="small">Runs the same pipeline as <code>docintel ask</code> and opens the new trace.</p>'
        "</form></section>"
    )
