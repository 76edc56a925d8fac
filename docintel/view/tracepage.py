"""The trace page: question, answer items with their checks, the cited pages with each cited line boxed in
its verdict's colour (or listed, without page geometry), then the context, routing, calls and chat turns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import DocintelError
from ..labels import STATUS_COLOURS, status_headline, unit_words
from ..numbers import figure_text
from .art import LineBox, PageArt
from .claimsview import claims_section
from .evidence import Check, CitedLine, ItemView, OperandView, PageView, cited_pages, items_of, unplaced_lines
from .html import STATE_NAMES, esc, money, page
from .sections import context_section, routing_section, usage_section

_MARK_CLASS = {"✓": "m-ok", "✗": "m-bad", "?": "m-unk"}


def _none(*_: Any) -> str | None:
    return None


@dataclass
class Links:
    """Where a trace page links to: the viewer's URLs when served, nothing (or inlined data) in an export."""

    home: str | None = None
    trace: Callable[[str], str | None] = _none
    image: Callable[[int, int], str | None] = _none
    pdf: Callable[[int, int], str | None] = _none
    ask_form: str = ""
    export: str | None = None
    arts: dict[int, tuple[PageArt | None, str]] = field(default_factory=dict)


def value_html(item: dict[str, Any]) -> str:
    """An answer item's value (amount, date, yes/no, table, text or extraction fields) in HTML."""
    if "amount" in item:
        amount = item["amount"]
        value = "?" if amount.get("value") is None else f"{amount['value']:,.4f}".rstrip("0").rstrip(".")
        unit = unit_words(amount.get("currency"), amount.get("unit"))
        period = f" [{item['period']}]" if item.get("period") else ""
        return esc(f"{item.get('label', '')}: {value} {unit}".strip() + period)
    if "date" in item:
        date = item["date"]
        return esc(f"{item.get('label', '')}: {date.get('iso') or '?'} ({date.get('original_text')})")
    if "explanation" in item:
        answer = {True: "yes", False: "no", None: "undecided"}[item.get("value")]
        return f"{esc(answer)} — {esc(item['explanation'])}"
    if "table" in item:
        rows = "".join(
            "<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row["cells"]) + "</tr>" for row in item["table"]["rows"]
        )
        head = "".join(f"<th>{esc(h)}</th>" for h in item["table"]["headers"])
        return f"{esc(item.get('title') or 'table')}<table><tr>{head}</tr>{rows}</table>"
    if "text" in item:
        return esc(item["text"])
    fields = [f"{k} = {v.get('value')!r}" for k, v in item.items() if isinstance(v, dict)]
    return esc(", ".join(fields))


def _checks_html(checks: list[Check]) -> str:
    return "".join(
        f'<li class="{_MARK_CLASS[c.mark]}" title="{esc(c.value)}">{esc(c.name)} {c.mark}'
        + (f" <span class=small>{esc(c.detail)}</span>" if c.detail else "")
        + "</li>"
        for c in checks
    )


def _operand_html(operand: OperandView) -> str:
    value = "?" if operand.value is None else f"{figure_text(operand.value)}"
    column = f" [{operand.column}]" if operand.column else ""
    detail = f'<div class="detail">{esc(operand.detail)}</div>' if operand.detail else ""
    return (
        f"<li>operand {esc(operand.label)} = {esc(value)}{esc(column)}"
        f'<ul class="checks">{_checks_html(operand.checks)}</ul>{detail}</li>'
    )


def _item_html(item: ItemView, documents: dict[str, int], links: Links) -> str:
    checks = _checks_html(item.checks)
    spans = []
    for span in item.spans:
        pages = sorted({line.page for line in span.lines if line.page is not None})
        where = f"{span.doc or '?'} p.{','.join(map(str, pages)) or '?'} lines {span.line_start}–{span.line_end}"
        href = links.pdf(documents[span.doc], pages[0]) if span.doc in documents and pages else None
        where_html = f'<a href="{esc(href)}" target="_blank">{esc(where)}</a>' if href else esc(where)
        mark = "✓" if span.verdict == "verified" else "✗"
        field_name = f"[{esc(span.field)}] " if span.field else ""
        detail = f'<div class="detail">{esc(span.verdict)}: {esc(span.detail)}</div>' if mark == "✗" else ""
        more = f'<div class="detail">only the first {len(span.lines)} lines are marked</div>' if span.truncated else ""
        quote = f'<span class="quote">“{esc(span.quote)}”</span>'
        spans.append(f"<li>quote {mark} {field_name}{where_html}: {quote}{detail}{more}</li>")
    notes = "".join(f'<div class="detail">{esc(n)}</div>' for n in item.notes)
    if item.operands:
        notes += '<ul class="operands">' + "".join(map(_operand_html, item.operands)) + "</ul>"
    return (
        f'<li class="item s-{item.state}" id="item-{item.index}" data-item="{item.index}" tabindex="0" '
        f'data-state="{item.state}"><div><span class="num">{item.index + 1}.</span>'
        f'<span class="value">{value_html(item.value)}</span></div>'
        f'<ul class="checks">{checks}</ul>{notes}<ul class="spans">{"".join(spans)}</ul></li>'
    )


def _box(line: CitedLine, box: LineBox) -> str:
    style = (
        f"left:{100 * box.left:.2f}%;top:{100 * box.top:.2f}%;"
        f"width:{100 * box.width:.2f}%;height:{100 * box.height:.2f}%"
    )
    name = STATE_NAMES[line.state]
    return (
        f'<div class="box s-{line.state}" style="{style}" data-item="{line.item}" data-line="{line.global_line}" '
        f'data-state="{line.state}" title="item {line.item + 1}, line {line.global_line}: {esc(name)}">'
        f'<span class="label">{esc(line.label)}</span></div>'
    )


def _line_item(line: CitedLine) -> str:
    where = f"p.{line.page} l.{line.line_in_page}" if line.line_in_page else f"line {line.global_line}"
    text = esc(line.text) if line.text is not None else '<span class="small">(this line was not sent)</span>'
    return (
        f'<li class="cited-line s-{line.state}" data-item="{line.item}" data-line="{line.global_line}" '
        f'data-state="{line.state}"><span class="label">{esc(line.label)}</span>'
        f'<span class="small">{esc(where)} · {esc(STATE_NAMES[line.state])}</span> {text}</li>'
    )


def _figure(view: PageView, caption: str, inner: str) -> str:
    return f'<figure class="page" data-doc="{esc(view.doc)}" data-page="{view.page}">{caption}{inner}</figure>'


def _page_html(view: PageView, links: Links) -> tuple[str, str]:
    """One cited page: the image with a box per placed line and a list of the others; and a problem, if any."""
    art = links.arts.get(view.doc_index, (None, ""))[0] if view.doc_index is not None else None
    caption = f"{view.doc} — page {view.page}"
    href = links.pdf(view.doc_index, view.page) if view.doc_index is not None else None
    link = f' · <a href="{esc(href)}" target="_blank">open the PDF here</a>' if href else ""
    caption_html = f"<figcaption>{esc(caption)}{link}</figcaption>"
    src = links.image(view.doc_index, view.page) if view.doc_index is not None else None
    listed = f'<ol class="cited-lines">{"".join(map(_line_item, view.lines))}</ol>'
    if art is None or not src:
        return _figure(view, caption_html, listed), ""
    try:
        boxes = art.boxes(view.page, {line.global_line for line in view.lines})
    except DocintelError as exc:
        return _figure(
            view, caption_html, listed
        ), f"page {view.page} of {view.doc} cannot be drawn ({exc.what}): its cited lines are listed"
    placed = "".join(_box(line, boxes[line.global_line]) for line in view.lines if line.global_line in boxes)
    rest = [line for line in view.lines if line.global_line not in boxes]
    rest_html = f'<ol class="cited-lines">{"".join(map(_line_item, rest))}</ol>' if rest else ""
    sheet = f'<div class="sheet"><img src="{esc(src)}" alt="{esc(caption)}">{placed}</div>'
    return _figure(view, caption_html, sheet + rest_html), ""


def _pages_html(items: list[ItemView], trace: dict[str, Any], links: Links) -> str:
    pages = cited_pages(trace, items)
    figures, problems = [], []
    for view in pages:
        figure, problem = _page_html(view, links)
        figures.append(figure)
        problems.append(problem)
    notes = [note for _, note in links.arts.values() if note] + [p for p in problems if p]
    if pages and not links.arts:
        notes.append("page images are not available here: the cited lines are listed")
    notice = "".join(f'<div class="notice">{esc(n)}.</div>' for n in notes)
    loose = unplaced_lines(items)
    loose_html = f'<ol class="cited-lines">{"".join(map(_line_item, loose))}</ol>' if loose else ""
    return f'<div class="pages">{notice}{"".join(figures)}{loose_html}</div>'


def _answer_html(trace: dict[str, Any], links: Links) -> str:
    answer = trace.get("answer")
    verification = trace.get("verification") or {}
    if not answer:
        return '<p class="small">No answer was recorded.</p>'
    items = items_of(trace)
    overall = verification.get("overall") or verification.get("status") or "unknown"
    spans = verification.get("spans") or []
    ok = sum(s.get("verdict") == "verified" for s in spans)
    head = (
        f'<p>Answer ({esc(answer.get("answer_type", "?"))}) — <span class="badge {_badge(overall)}">'
        f"{esc(status_headline(str(overall), evidence=bool(answer.get('items'))))}</span> "
        f'<span class="small">quotes {ok}/{len(spans)} verified</span></p>'
    )
    documents = {d["doc_id"]: i for i, d in enumerate(trace.get("documents") or [])}
    if not items:
        listing = '<p class="small">No answer found in the documents.</p>'
    else:
        listing = f'<ol class="items">{"".join(_item_html(item, documents, links) for item in items)}</ol>'
    extras = [f"caveat: {c}" for c in answer.get("caveats") or []]
    if answer.get("conflicting_evidence"):
        extras.append("flag: conflicting evidence")
    if answer.get("answer_found") and not answer.get("complete_answer_found"):
        extras.append("flag: incomplete")
    tail = "".join(f'<div class="small">{esc(e)}</div>' for e in extras)
    return f'{head}<div class="evidence">{listing}{_pages_html(items, trace, links)}</div>{tail}'


def _badge(status: str) -> str:
    """The badge's class: each status its own colour (``docintel.labels``)."""
    return f"st-{status}" if status in STATUS_COLOURS else "unchecked"


def _header(trace: dict[str, Any], links: Links) -> str:
    status = trace.get("status") or {}
    request = trace.get("request") or {}
    final = str(status.get("final") or "unknown")
    parts = [
        f"trace {trace['trace_id']}",
        str(trace.get("created_at", "")),
        str(trace.get("kind", "")),
        f"{request.get('backend') or '?'} ({request.get('model') or 'no model'})",
        f"cost {money(trace.get('cost_usd'))}",
    ]
    meta = "".join(f'<span class="mi">{esc(p)}</span>' for p in parts)
    if trace.get("replay_of"):
        original, href = esc(trace["replay_of"]), links.trace(trace["replay_of"])
        shown = f'<a href="{esc(href)}">{original}</a>' if href else original
        meta += f'<span class="mi">replay of {shown}</span>'
    if links.export:
        meta += f'<span class="mi"><a href="{esc(links.export)}">export as one HTML file</a></span>'
    error = trace.get("error")
    error_html = f'<div class="error">{esc(error["what"])} — {esc(error["fix"])}</div>' if error else ""
    return (
        f'<h1 id="question">{esc(trace.get("question", ""))}</h1><div class="meta">{meta} '
        f'<span class="badge {_badge(final)}">{esc(final)}</span></div>{error_html}'
    )


def _session_html(trace: dict[str, Any], turns: list[dict[str, Any]] | None, links: Links) -> str:
    session = trace.get("session")
    if not session:
        return ""
    rows = []
    for turn in turns or []:
        record = turn.get("session") or {}
        href = links.trace(str(turn.get("trace_id")))
        here = turn.get("trace_id") == trace["trace_id"]
        asked = esc(record.get("asked", turn.get("question", "")))
        asked_html = f'<a href="{esc(href)}">{asked}</a>' if href and not here else f"<strong>{asked}</strong>"
        status = (turn.get("status") or {}).get("support") or (turn.get("status") or {}).get("final")
        resolved = record.get("resolved", "")
        rows.append(
            f"<tr><td class=num>{record.get('turn')}</td><td>{asked_html}</td>"
            f"<td>{esc(resolved if resolved != record.get('asked') else '')}</td>"
            f'<td><span class="badge {_badge(str(status))}">{esc(status)}</span></td></tr>'
        )
    table = "<table><tr><th>turn</th><th>asked</th><th>resolved as</th><th>verdict</th></tr>" + "".join(rows)
    carried = ", ".join(session.get("carried") or [])
    excluded = "; ".join(f"turn {t['turn']}: {t['why']}" for t in session.get("excluded_turns") or [])
    notes = "".join(
        f'<div class="small">{esc(n)}</div>'
        for n in (f"carried over: {carried}" if carried else "", f"left out: {excluded}" if excluded else "")
        if n
    )
    return (
        f'<section id="chat"><h2>Chat session {esc(session["session_id"])} — turn {session["turn"]}</h2>'
        f"{notes}{table}</table></section>"
    )


def trace_page(trace: dict[str, Any], links: Links, turns: list[dict[str, Any]] | None = None) -> str:
    """The whole trace page as HTML."""
    body = (
        _header(trace, links)
        + claims_section(trace)
        + f'<section id="answer"><h2>Answer and evidence</h2>{_answer_html(trace, links)}</section>'
        + _session_html(trace, turns, links)
        + context_section(trace)
        + routing_section(trace)
        + usage_section(trace)
        + links.ask_form
    )
    return page(f"docintel — {trace.get('question', '')[:80]}", body, links.home)
