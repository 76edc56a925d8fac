"""What a trace page shows, read out of a stored trace (its JSON form): items with their checks, each cited
line with its verdict, and the cited lines grouped by document page.

Checks are read generically: every ``*_check`` field of an item's verification record is one check, named
after the field, so check kinds added to the verifier show up without a change here. A value that says the
check held is ✓, one that says it failed is ✗, ``not_applicable`` is not shown, anything else is ? (never ✓
for what was not shown to hold).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..numbers import figure_text

State = Literal["verified", "failed", "unchecked"]
Mark = Literal["✓", "✗", "?"]
HELD = frozenset({"supported", "verified", "holds", "held", "ok", "match", "matches", "relevant", "consistent"})
BROKEN = frozenset({"unsupported", "mismatch", "rejected", "failed", "wrong", "irrelevant", "not_relevant"})
SKIPPED = frozenset({"not_applicable", "", "none"})
MAX_LINES_PER_SPAN = 60  # a span citing more lines is boxed on its first ones only (and says so)
_SHORT_NAMES = {"calculation": "calc"}
# a claim of a verify trace carries its verdict (docintel verify): shown as the claim's own check
_CLAIM_MARKS: dict[str, Mark] = {
    "supported": "✓",
    "contradicted": "✗",
    "unsupported": "✗",
    "quote_not_found": "✗",
    "unverifiable": "?",
}


def mark_of(value: Any) -> Mark | None:
    """✓ for a check that held, ✗ for one that failed, ? otherwise; None when it did not apply."""
    text = str(value if value is not None else "").casefold()
    if text in SKIPPED:
        return None
    if text in HELD:
        return "✓"
    if text in BROKEN or text.startswith(("unsupport", "wrong", "fail", "reject", "incorrect")) or "mismatch" in text:
        return "✗"
    return "?"


def state_of(marks: list[Mark]) -> State:
    """failed when any mark is ✗, unchecked when any is ?, else verified."""
    if "✗" in marks:
        return "failed"
    return "unchecked" if "?" in marks else "verified"


@dataclass
class Check:
    """One check of an item: quote, value, period, calc, concept, ... with its verdict."""

    name: str
    mark: Mark
    value: str
    detail: str = ""


@dataclass
class CitedLine:
    """One line a span cites, where it is, and what the page box says of it."""

    doc: str
    global_line: int
    page: int | None
    line_in_page: int | None
    text: str | None
    state: State
    item: int
    span: int
    label: str


@dataclass
class SpanView:
    """A span of an item with its quote verdict and the lines it cites."""

    item: int
    span: int
    field: str | None
    doc: str | None
    line_start: int
    line_end: int
    quote: str
    verdict: str
    detail: str
    state: State
    lines: list[CitedLine]
    truncated: bool = False


@dataclass
class OperandView:
    """One operand of a calculation: what it is, its value and its own checks."""

    label: str
    value: float | None
    column: str | None
    checks: list[Check]
    detail: str


@dataclass
class ItemView:
    """One answer item: its value, checks and spans."""

    index: int
    value: dict[str, Any]
    checks: list[Check]
    spans: list[SpanView]
    state: State
    notes: list[str] = field(default_factory=list)
    operands: list[OperandView] = field(default_factory=list)


@dataclass
class PageView:
    """One cited page of one document and the cited lines on it."""

    doc: str
    doc_index: int | None
    page: int
    lines: list[CitedLine]


def _line_index(trace: dict[str, Any]) -> dict[tuple[str, int], dict[str, Any]]:
    """(doc, GLOBAL_LINE) -> the line as sent (page, line in page, text): the trace keeps every line sent."""
    index: dict[tuple[str, int], dict[str, Any]] = {}
    for source in (trace.get("context") or {}).get("sources") or []:
        for line in source.get("lines") or []:
            index[(source["doc"], line["global_line"])] = line
    return index


def item_checks(record: dict[str, Any] | None) -> list[Check]:
    """The checks of one verification item record, in its field order (``*_check`` fields, generically)."""
    if not record:
        return []
    checks = []
    for key, value in record.items():
        if not key.endswith("_check") or isinstance(value, dict | list):
            continue
        mark = mark_of(value)
        if mark is None:
            continue
        name = key.removesuffix("_check")
        detail = ""
        if name == "period" and record.get("column"):
            detail = f"{record['column']} column"
        if name == "calculation" and record.get("recomputed") is not None:
            detail = f"recomputed {figure_text(record['recomputed'])}"
        checks.append(Check(_SHORT_NAMES.get(name, name), mark, str(value), detail))
    return checks


def _span_lines(
    span: dict[str, Any], state: State, lines: dict[tuple[str, int], dict[str, Any]], label: str
) -> tuple[list[CitedLine], bool]:
    doc = span.get("doc")
    start, end = int(span["line_start"]), int(span["line_end"])
    if doc is None or end < start:
        return [], False
    last = min(end, start + MAX_LINES_PER_SPAN - 1)
    pages = span.get("pages") or []
    cited = []
    for number in range(start, last + 1):
        sent = lines.get((doc, number))
        page = sent["page"] if sent else (pages[0] if len(pages) == 1 else None)
        cited.append(
            CitedLine(
                doc=doc,
                global_line=number,
                page=page,
                line_in_page=sent["line_in_page"] if sent else None,
                text=sent["text"] if sent else None,
                state=state,
                item=int(span["item"]),
                span=int(span["span"]),
                label=f"{label} · L{number}",
            )
        )
    return cited, last < end


def _operand(record: dict[str, Any]) -> OperandView:
    value = record.get("value")
    return OperandView(
        label=str(record.get("name") or record.get("label") or "operand"),
        value=float(value) if isinstance(value, int | float) else None,
        column=record.get("column"),
        checks=item_checks(record),
        detail=str(record.get("detail") or ""),
    )


def items_of(trace: dict[str, Any]) -> list[ItemView]:
    """Every answer item with its checks (quote first) and its spans' cited lines."""
    answer = trace.get("answer") or {}
    verification = trace.get("verification") or {}
    spans = verification.get("spans") or []
    records = verification.get("items") or []
    lines = _line_index(trace)
    views = []
    for index, value in enumerate(answer.get("items") or []):
        item_spans = [s for s in spans if s.get("item") == index]
        quote_ok = all(s.get("verdict") == "verified" for s in item_spans)
        checks = [Check("quote", "✓" if quote_ok else "✗", "verified" if quote_ok else "failed")] if item_spans else []
        notes, operands = [], []
        for record in (r for r in records if r.get("item") == index):
            checks += item_checks(record)
            if record.get("detail"):
                notes.append(str(record["detail"]))
            operands += [_operand(o) for o in record.get("operands") or [] if isinstance(o, dict)]
        notes += ocr_notes(trace, index)
        if str(value.get("status")) in _CLAIM_MARKS:
            checks.append(Check("claim", _CLAIM_MARKS[str(value["status"])], str(value["status"])))
        state = state_of([c.mark for c in checks]) if checks else "unchecked"
        spans_ = _span_views(index, item_spans, state, lines)
        views.append(ItemView(index, value, checks, spans_, state, notes, operands))
    return views


def ocr_notes(trace: dict[str, Any], index: int) -> list[str]:
    """A note per citation of item *index* whose lines were read by OCR (the trace's ``ocr``)."""
    notes = []
    for mark in (m for m in trace.get("ocr") or [] if m.get("item") == index):
        lines = mark.get("lines") or []
        where = f"L{lines[0]}" if len(lines) == 1 else f"L{lines[0]}-L{lines[-1]}"
        doubt = (
            "; its numbers were read with low confidence: compare them with the page"
            if mark["doubtful_numbers"]
            else ""
        )
        notes.append(
            f"read by OCR (scanned page): {where}, lowest word confidence {mark['lowest_confidence']:.0f}%{doubt}"
        )
    return notes


def _span_views(
    index: int, spans: list[dict[str, Any]], item_state: State, lines: dict[tuple[str, int], dict[str, Any]]
) -> list[SpanView]:
    views = []
    for span in spans:
        state: State = item_state if span.get("verdict") == "verified" else "failed"
        cited, truncated = _span_lines(span, state, lines, str(index + 1))
        views.append(
            SpanView(
                item=index,
                span=int(span.get("span", 0)),
                field=span.get("field"),
                doc=span.get("doc"),
                line_start=int(span["line_start"]),
                line_end=int(span["line_end"]),
                quote=str(span.get("quote", "")),
                verdict=str(span.get("verdict", "")),
                detail=str(span.get("detail", "")),
                state=state,
                lines=cited,
                truncated=truncated,
            )
        )
    return views


def cited_pages(trace: dict[str, Any], items: list[ItemView]) -> list[PageView]:
    """The cited pages in document order then page order, each with the cited lines on it."""
    order = {d["doc_id"]: i for i, d in enumerate(trace.get("documents") or [])}
    pages: dict[tuple[str, int], list[CitedLine]] = {}
    for item in items:
        for span in item.spans:
            for line in span.lines:
                if line.page is not None:
                    pages.setdefault((line.doc, line.page), []).append(line)
    keys = sorted(pages, key=lambda k: (order.get(k[0], len(order)), k[0], k[1]))
    return [
        PageView(doc, order.get(doc), page, sorted(pages[(doc, page)], key=lambda c: (c.global_line, c.item)))
        for doc, page in keys
    ]


def unplaced_lines(items: list[ItemView]) -> list[CitedLine]:
    """Cited lines whose page is unknown (not sent, and the span names several pages or none)."""
    return [line for item in items for span in item.spans for line in span.lines if line.page is None]


def cited_documents(trace: dict[str, Any]) -> list[int]:
    """The positions in the trace's ``documents`` of the documents its spans cite (only these are opened)."""
    cited = {span.get("doc") for span in (trace.get("verification") or {}).get("spans") or []}
    return [i for i, record in enumerate(trace.get("documents") or []) if record.get("doc_id") in cited]
