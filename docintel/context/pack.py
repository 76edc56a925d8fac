"""Pack the context: whole passages, in rank order, under a character budget; record every decision.

Rendered form of one document block::

    <document id="DOC" title="TITLE">
    GLOBAL_LINE<TAB>page<TAB>line_in_page<TAB>text
    section: Part II > Item 8. Financial Statements > Consolidated Statements of Cash Flows
    [table header]
    1201<TAB>59<TAB>3<TAB>(Millions) 2018 2017 2016
    [...]
    1234<TAB>59<TAB>12<TAB>Purchases of property, plant and equipment (1,577)
    </document>

A ``section:`` line precedes a span whose heading path differs from the last one shown, and
table header rows travel with rows of their table (see ``evidence.py``); both are charged to
the budget.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

from ..ingest.documents import Document
from ..ingest.facts import Fact
from ..ingest.tables import Table
from ..retrieval.own_name import proper_name_terms
from ..retrieval.passages import Passage, RankedPassage
from ..retrieval.search import RetrievalResult
from ..settings import Settings
from .evidence import COLUMN_HEADER, GAP_MARKER, ContextLine, DocumentView, SectionLabel
from .growth import NO_GROWTH, Growth, grow

__all__ = ["COLUMN_HEADER", "GAP_MARKER", "Context", "ContextLine", "Source", "pack_context", "empty_context"]
CHARS_PER_TOKEN = 4.0  # rough estimate for English prose and financial tables
MAX_DECISIONS = 200  # candidates itemised in the audit; lower ranks are summarised in a note
ContextStatus = Literal["ok", "no_match", "nothing_fit"]


def estimate_tokens(chars: int) -> int:
    """Estimated tokens for *chars* characters (about four characters a token)."""
    return int(round(chars / CHARS_PER_TOKEN))


class Source(BaseModel):
    """One document block of the context."""

    doc: str
    title: str
    heading_path: list[str]
    pages: list[int]
    chars: int
    whole_document: bool
    lines: list[ContextLine]
    tables: list[Table] = Field(
        default_factory=list,
        description="the tables whose rows were sent, with only those rows (see ingest.tables)",
    )
    labels: list[SectionLabel] = Field(
        default_factory=list, description="the section lines shown in the block and the row each one precedes"
    )
    facts: list[Fact] = Field(
        default_factory=list,
        exclude=True,
        description="the typed facts of the sent table rows' cells (ingest.facts: scale by scope, period, member); "
        "not written to traces, where the document holds them",
    )
    issuer_terms: list[str] = Field(
        default_factory=list,
        exclude=True,
        description="the proper-name terms of the company the document is by (retrieval.own_name.proper_name_terms); "
        "not written to traces",
    )


def sent_tables(view: DocumentView, sent: set[int]) -> list[Table]:
    """The tables with at least one row among the *sent* lines, each cut to those rows (only those tables are
    read from the document's cached JSON into models)."""
    kept = []
    for number in view.tables_holding(sent):
        data = view.document.table_data[number]
        kept.append(Table.model_validate({**data, "rows": [row for row in data["rows"] if row["line"] in sent]}))
    return kept


def sent_facts(document: Document, sent: set[int]) -> list[Fact]:
    """The typed facts of the table cells among the *sent* lines."""
    return [f for f in document.facts if f.provenance.column is not None and f.provenance.global_line in sent]


class Decision(BaseModel):
    """What happened to one candidate passage (or document) while packing."""

    doc: str
    line_start: int
    line_end: int
    pages: list[int]
    rank: int | None
    score: float | None
    action: Literal["kept", "skipped", "escalated", "whole_document"]
    reason: str
    chars: int = Field(description="what it adds to the context (0 when it joins the passages around it)")
    saves_chars: int = Field(
        default=0,
        description="how much shorter the block got when it joined the passages around it (lines sent as a "
        "heading, table header or gap marker became its rows): kept chars less saved chars is what is sent",
    )


class BudgetSection(BaseModel):
    """The size of one prompt section against its budget."""

    name: str
    chars: int
    estimated_tokens: int
    budget_chars: int | None


class Budget(BaseModel):
    """The budget audit of the evidence."""

    budget_chars: int
    used_chars: int
    remaining_chars: int
    estimated_tokens: int
    sections: list[BudgetSection] = Field(default_factory=list)


class Context(BaseModel):
    """What would be sent to the model as evidence, and how it was chosen."""

    status: ContextStatus
    status_detail: str
    rendered: str
    sources: list[Source]
    decisions: list[Decision]
    budget: Budget
    notes: list[str]

    def sent_lines(self) -> dict[str, set[int]]:
        """GLOBAL_LINE numbers sent, by document."""
        return {s.doc: {line.global_line for line in s.lines} for s in self.sources}


DecisionAction = Literal["kept", "skipped", "escalated", "whole_document"]
Spans = dict[str, list[tuple[int, int]]]


Decided = dict[str, Any]  # a Decision's fields: validated all at once when the context is made (fast)
_DECISIONS = TypeAdapter(list[Decision])


def _decision(
    p: Passage, rank: int | None, score: float | None, action: DecisionAction, reason: str, chars: int
) -> Decided:
    return {
        "doc": p.doc_id,
        "line_start": p.line_start,
        "line_end": p.line_end,
        "pages": [p.page],
        "rank": rank,
        "score": score,
        "action": action,
        "reason": reason,
        "chars": chars if chars > 0 else 0,
        "saves_chars": -chars if chars < 0 else 0,
    }


def _distinct_texts(doc_ids: list[str], docs: dict[str, DocumentView]) -> tuple[list[str], dict[str, str]]:
    """The documents whose whole text differs from every earlier one's, and the copies (id -> the first)."""
    if len(doc_ids) < 2:
        return doc_ids, {}  # one document has no copy: its text need not be read
    first: dict[tuple[int, str], str] = {}
    kept: list[str] = []
    copies: dict[str, str] = {}
    for doc_id in doc_ids:
        text = docs[doc_id].whole_text_key()
        if text in first:
            copies[doc_id] = first[text]
        else:
            first[text] = doc_id
            kept.append(doc_id)
    return kept, copies


def _whole_decision(doc_id: str, d: DocumentView, reason: str, action: DecisionAction = "whole_document") -> Decided:
    """The decision that sends a whole document (or skips one, with *action* 'skipped')."""
    return {
        "doc": doc_id,
        "line_start": d.first,
        "line_end": d.first + len(d.texts) - 1,
        "pages": sorted(set(d.pages)),
        "rank": None,
        "score": None,
        "action": action,
        "reason": reason,
        "chars": d.whole_cost(),
    }


def pack_context(
    retrieval: RetrievalResult, documents: list[Document], settings: Settings, budget_chars: int | None = None
) -> Context:
    """Choose and render the evidence for the model, exactly as DESIGN.md section 4 says."""
    budget = budget_chars or settings.budget_chars
    docs = {d.meta.doc_id: DocumentView(d, settings) for d in documents}
    decisions: list[Decided] = []
    if not retrieval.candidates:
        return _empty(
            "no_match", "no passage matched the question above the relevance floor", budget, decisions, retrieval
        )
    # Only documents with a matching passage may be sent whole: an unrelated one never fills leftover budget.
    matching = list(dict.fromkeys([c.passage.doc_id for c in retrieval.candidates]))
    whole, copies = _distinct_texts([doc_id for doc_id in matching if docs[doc_id].texts], docs)
    # the rows alone are a lower bound of each whole document's size: most sets of filings fail it at once
    rows = sum(docs[doc_id].rows_cost(docs[doc_id].first, docs[doc_id].last) for doc_id in whole)
    whole_total = sum(docs[doc_id].whole_cost() for doc_id in whole) if rows <= budget else rows
    if not retrieval.pages_hint_resolved and whole and whole_total <= budget:
        chosen = {doc_id: docs[doc_id].whole_spans() for doc_id in whole}
        for doc_id in whole:
            reason = f"every matching document fits the budget whole ({whole_total} <= {budget} chars)"
            decisions.append(_whole_decision(doc_id, docs[doc_id], reason))
        for doc_id, same in copies.items():
            decisions.append(_whole_decision(doc_id, docs[doc_id], f"same text as {same}: sent once", "skipped"))
        order = whole
        return _render(chosen, order, set(chosen), docs, decisions, budget, retrieval, "matching documents sent whole")
    chosen, order, escalated, notes = _greedy(retrieval, docs, budget, decisions, settings)
    if not chosen:
        return _empty(
            "nothing_fit",
            "passages matched, but none fits the budget; raise --budget-chars",
            budget,
            decisions,
            retrieval,
        )
    return _render(chosen, order, escalated, docs, decisions, budget, retrieval, "ok", notes)


def _greedy(
    retrieval: RetrievalResult,
    docs: dict[str, DocumentView],
    budget: int,
    decisions: list[Decided],
    settings: Settings,
) -> tuple[Spans, list[str], set[str], list[str]]:
    kept, per_doc, reasons, costs, spans = _fill(retrieval.candidates, docs, budget)
    escalated: set[str] = set()
    scoped = retrieval.pages_hint_resolved  # the pages the question names are the scope: nothing is sent whole
    if settings.use_escalation and not scoped:
        room = settings.escalation_share * budget
        for doc_id, count in sorted(per_doc.items(), key=lambda kv: -kv[1]):
            if count >= settings.escalation_min_passages and docs[doc_id].whole_fits(room):
                escalated.add(doc_id)
                room -= docs[doc_id].whole_cost()
    used_whole = sum(docs[e].whole_cost() for e in escalated)
    if escalated:
        kept, _, reasons, costs, spans = _fill(
            [c for c in retrieval.candidates if c.passage.doc_id not in escalated], docs, budget - used_whole
        )
    chosen: Spans = {doc_id: list(doc_spans) for doc_id, doc_spans in spans.items()}
    order: list[str] = []
    kept_ids = {(c.passage.doc_id, c.passage.line_start) for c in kept}
    untried = 0
    for c in retrieval.candidates:
        p = c.passage
        key = (p.doc_id, p.line_start)
        if c.rank > MAX_DECISIONS and p.doc_id not in escalated and key not in kept_ids:
            untried += 1  # counted in a note, not itemised
            continue
        if p.doc_id not in order and (p.doc_id in escalated or key in kept_ids):
            order.append(p.doc_id)
        cost = costs[key] if key in costs else docs[p.doc_id].rows_cost(p.line_start, p.line_end)
        if p.doc_id in escalated:
            decisions.append(_decision(p, c.rank, c.score, "escalated", "its document is sent whole", cost))
        elif key in kept_ids:
            reason = reasons.get(key, "fits the budget in rank order")
            decisions.append(_decision(p, c.rank, c.score, "kept", reason, cost))
        else:
            decisions.append(
                _decision(p, c.rank, c.score, "skipped", reasons.get(key, "does not fit the budget"), cost)
            )
    for doc_id in escalated:
        d = docs[doc_id]
        chosen[doc_id] = d.whole_spans()
        reason = f"{per_doc[doc_id]} passages came from it and it fits in {settings.escalation_share:.0%} of the budget"
        decisions.append(_whole_decision(doc_id, d, reason))
    notes = [f"{untried} candidates ranked below {MAX_DECISIONS} did not fit and are not itemised"] if untried else []
    if scoped and settings.use_escalation:
        pages = "; ".join(f"{doc} p.{','.join(map(str, p))}" for doc, p in scoped.items())
        notes.append(f"the question names pages ({pages}): only they are sent, no document whole")
    return chosen, order, escalated, notes


def _fill(
    candidates: list[RankedPassage], docs: dict[str, DocumentView], budget: int
) -> tuple[list[RankedPassage], dict[str, int], dict[tuple[str, int], str], dict[tuple[str, int], int], Spans]:
    """Greedy in rank order: keep what fits, skip what does not and try the next.

    A passage costs exactly what it adds to its document's block: its rows, and the document
    header, heading lines, table header rows and gap markers it brings (less when it joins a
    passage already kept; nothing, never less, when it joins the passages around it and the block
    gets shorter). Returns the kept passages, passages kept per document, the reason each other one
    was skipped (or kept for nothing), and each one's cost.
    """
    kept = []
    per_doc: dict[str, int] = {}
    reasons: dict[tuple[str, int], str] = {}
    costs: dict[tuple[str, int], int] = {}
    spans: dict[str, list[tuple[int, int]]] = {}
    blocks: dict[str, Growth] = {}  # each document's block as filled so far
    seen: dict[str, str] = {}  # normalised passage text -> where it was kept
    seen_sizes: set[int] = set()  # their folded sizes
    used = 0
    for c in candidates:
        p = c.passage
        doc_id, start, end = p.doc_id, p.line_start, p.line_end
        key = (doc_id, start)
        d = docs[doc_id]
        i, j = start - d.first, end - d.first + 1  # row sizes and folded sizes read directly: ~330 a question
        folded = d.rows.folded[j] - d.rows.folded[i]  # the text is built only when a kept one may match
        text = d.normalised(start, end) if folded in seen_sizes else None
        if text is not None and text in seen:
            reasons[key] = f"same text as {seen[text]}: sent once"
            continue
        rows = d.rows.cumulative[j] - d.rows.cumulative[i]
        if used + rows > budget:  # the rows alone do not fit: no need to lay the block out
            costs[key] = rows
            reasons[key] = f"does not fit: needs at least {rows} chars, {budget - used} left"
            continue
        current = spans.get(doc_id, [])
        growth = grow(d, blocks.get(doc_id, NO_GROWTH), (start, end))
        cost = costs[key] = growth.size - (blocks[doc_id].size if doc_id in blocks else 0)
        if used + cost > budget:
            extra = " (incl. the document header)" if not current else ""
            reasons[key] = f"does not fit: needs {cost} chars{extra}, {budget - used} left"
            continue
        used += cost  # exact: a passage that joins the ones around it can make the block shorter
        if cost <= 0:  # its lines were already sent as a heading or table header, or it replaces a gap marker
            shorter = f": the block gets {-cost} chars shorter" if cost else ""
            reasons[key] = f"fits the budget in rank order; adds nothing, joined to the passages around it{shorter}"
        spans[doc_id], blocks[doc_id] = [*current, (start, end)], growth
        seen[text or d.normalised(start, end)] = f"{doc_id} lines {start}-{end}"
        seen_sizes.add(folded)
        kept.append(c)
        per_doc[doc_id] = per_doc.get(doc_id, 0) + 1
    return kept, per_doc, reasons, costs, spans


def _render(
    chosen: Spans,
    order: list[str],
    escalated: set[str],
    docs: dict[str, DocumentView],
    decisions: list[Decided],
    budget: int,
    retrieval: RetrievalResult,
    detail: str,
    notes: tuple[str, ...] | list[str] = (),
) -> Context:
    blocks: list[str] = []
    sources: list[Source] = []
    for doc_id in order:
        d = docs[doc_id]
        block, lines, labels = d.render(chosen[doc_id])
        pages = sorted({line.page for line in lines})
        blocks.append(block)
        sources.append(
            Source(
                doc=doc_id,
                title=d.document.meta.title,
                heading_path=labels[0].path if labels else [],
                pages=pages,
                chars=len(block),
                whole_document=doc_id in escalated,
                lines=lines,
                tables=sent_tables(d, {line.global_line for line in lines}),
                labels=labels,
                facts=sent_facts(d.document, {line.global_line for line in lines}),
                issuer_terms=sorted(proper_name_terms(d.document)),
            )
        )
    rendered = "".join(blocks)
    return Context(
        status="ok",
        status_detail=detail,
        rendered=rendered,
        sources=sources,
        decisions=_DECISIONS.validate_python(decisions),
        budget=_budget(budget, len(rendered)),
        notes=[*retrieval.notes, *notes],
    )


def _budget(budget: int, used: int) -> Budget:
    return Budget(
        budget_chars=budget,
        used_chars=used,
        remaining_chars=budget - used,
        estimated_tokens=estimate_tokens(used),
        sections=[
            BudgetSection(name="evidence", chars=used, estimated_tokens=estimate_tokens(used), budget_chars=budget)
        ],
    )


def _empty(
    status: ContextStatus, detail: str, budget: int, decisions: list[Decided], retrieval: RetrievalResult
) -> Context:
    return empty_context(status, detail, budget, _DECISIONS.validate_python(decisions), retrieval.notes)


def empty_context(
    status: ContextStatus,
    detail: str,
    budget: int,
    decisions: list[Decision] | None = None,
    notes: list[str] | None = None,
) -> Context:
    """A context that sends nothing, with its status and why."""
    return Context(
        status=status,
        status_detail=detail,
        rendered="",
        sources=[],
        decisions=decisions or [],
        budget=_budget(budget, 0),
        notes=list(notes or []),
    )
