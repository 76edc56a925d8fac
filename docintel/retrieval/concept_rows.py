"""Table rows as retrieval units: the passages that hold the row of a line item the question asks for.

A question that names a line item ("capital expenditure") or a ratio ("inventory turnover": cost of
sales, inventories) is answered from a statement's row, whose words often differ from the question's.
The passages holding such rows (a label that names the concept and no qualifier the question does not
ask for, in a table with a column for a year the question names) are moved up to just above the best
BM25 passage, at most ``ROWS_PER_CONCEPT`` per concept, the largest figure first (a total before its parts).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from ..concepts import (
    ConceptMatch,
    concept,
    concepts_in,
    narrowing_terms,
    qualifier_text,
    ratio,
    same_concept,
    stated_definition,
)
from ..ingest.documents import Document
from ..periods import years_named
from ..question.parse import ParsedQuestion, search_text
from ..textnorm import tokenize
from .pool import PassagePool

ROWS_PER_CONCEPT = 2


def asked_concepts(question: str) -> frozenset[str]:
    """The line items a question asks for, its ratios' operands and its stated definition's concepts."""
    asking = search_text(question)
    found = concepts_in(asking, asides=True).concepts
    wanted = {c for c in found if concept(c) is not None}
    for cid in found:
        named = ratio(cid)
        if named is not None:
            wanted |= {c for f in named.formulas[:1] for c in (*f.numerator, *f.denominator)}
    stated = stated_definition(question)
    if stated is not None:
        wanted |= {*stated.numerator, *stated.denominator}
    return frozenset(wanted)


class _Row(NamedTuple):
    """A table row as concept lifting reads it: where it is, what its label names, its largest figure."""

    line: int
    years: frozenset[int]
    match: ConceptMatch
    kind: str
    magnitude: float


_ROWS: dict[tuple[str, str], list[_Row]] = {}
_ROWS_OF: dict[tuple[str, str, str], list[_Row]] = {}
_MEMBER_ROWS_OF: dict[tuple[str, str, str], list[tuple[int, frozenset[str], int | None]]] = {}


def _rows(document: Document) -> list[_Row]:
    """The rows of the document's usable tables with their label's concepts (read once per document)."""
    key = (document.meta.content_hash, document.meta.doc_id)
    rows = _ROWS.get(key)  # read once: another thread may clear the cache meanwhile (batch)
    if rows is None:
        rows = [
            _Row(
                row.line,
                frozenset(c.year for c in table.columns),
                concepts_in(qualifier_text(row.label)),
                row.kind,
                max((abs(v) for v in row.values if v is not None), default=0.0),
            )
            for table in document.tables
            if table.problem is None
            for row in table.rows
        ]
        if len(_ROWS) > 256:
            _ROWS.clear()
        _ROWS[key] = rows
    return rows


def _rows_of(document: Document, cid: str) -> list[_Row]:
    """The rows whose label names *cid* (once per document and concept)."""
    key = (document.meta.content_hash, document.meta.doc_id, cid)
    rows = _ROWS_OF.get(key)
    if rows is None:
        rows = [r for r in _rows(document) if same_concept(r.match.concepts, frozenset({cid}))]
        if len(_ROWS_OF) > 4096:
            _ROWS_OF.clear()
        _ROWS_OF[key] = rows
    return rows


def _member_rows_of(document: Document, cid: str) -> list[tuple[int, frozenset[str], int | None]]:
    """(GLOBAL_LINE, the member's name terms, fiscal year) of the table cells whose facts are *cid* of a member
    ('Total Optical Communications 3,563' under 'Revenue from external customers'), once per document and concept."""
    key = (document.meta.content_hash, document.meta.doc_id, f"member:{cid}")
    rows = _MEMBER_ROWS_OF.get(key)
    if rows is None:
        rows = [
            (f.provenance.global_line, frozenset(tokenize(f.member.name)), f.period.fiscal_year if f.period else None)
            for f in document.facts
            if f.member is not None
            and f.provenance.table is not None
            and f.concept is not None
            and f.kind != "percent"
            and same_concept(frozenset({f.concept}), frozenset({cid}))
        ]
        if len(_MEMBER_ROWS_OF) > 4096:
            _MEMBER_ROWS_OF.clear()
        _MEMBER_ROWS_OF[key] = rows
    return rows


def _row_lines(document: Document, cid: str, years: frozenset[int], terms: frozenset[str]) -> dict[int, float]:
    """GLOBAL_LINEs of the rows of *document* that name *cid* (and a column of a year asked, when any), each with
    its largest magnitude; a row of *cid* of a member the question names (its facts say so), above any."""
    lines: dict[int, float] = {}  # GLOBAL_LINE -> the row's largest magnitude
    for row in _rows_of(document, cid):
        if (years and not row.years & years) or narrowing_terms(row.match, terms):
            continue
        if row.kind != "percent":
            lines[row.line] = row.magnitude
    for line, member, year in _member_rows_of(document, cid):
        if member and member <= terms and (not years or year in years):
            lines[line] = math.inf  # the member asked: its row before the consolidated one
    return lines


def lift_concept_rows(
    parsed: ParsedQuestion,
    documents: Sequence[Document],
    pool: PassagePool,
    scores: np.ndarray,
    allowed: np.ndarray,
    concepts: frozenset[str] | None = None,
) -> list[str]:
    """Raise the passages holding the asked concepts' rows (*concepts*: ``asked_concepts`` of the question, when
    the caller has them) to the top score; the notes say which rows."""
    wanted = asked_concepts(parsed.question) if concepts is None else concepts
    if not wanted or not len(allowed):
        return []
    years = years_named(parsed.question)
    terms = frozenset(tokenize(qualifier_text(search_text(parsed.question))))
    by_doc = {d.meta.doc_id: d for d in documents}
    top = float(scores[allowed].max()) or 1.0
    usable = np.zeros(len(pool.passages), dtype=bool)
    usable[allowed] = True
    lifted: list[str] = []
    for cid in sorted(wanted):
        holders: dict[int, float] = {}
        for doc_id, document in by_doc.items():
            found: dict[int, float] = {}  # passage -> the largest row it holds
            for line, magnitude in _row_lines(document, cid, years, terms).items():
                for k in pool.of_document(doc_id):
                    i = pool.holder(k, line)
                    if i is not None and usable[i]:
                        found[i] = max(found.get(i, magnitude), magnitude)
            holders.update(sorted(found.items()))  # in passage order, as ties are broken below
        # a total is at least any of its parts: the consolidated row before a segment's, then the better score
        for i in sorted(holders, key=lambda i: (-holders[i], -scores[i]))[:ROWS_PER_CONCEPT]:
            scores[i] = max(scores[i], top * 1.01)
            passage = pool.passages[i]
            lifted.append(f"{passage.doc_id} p.{passage.page}")
    return [f"rows of the line items asked raised: {', '.join(dict.fromkeys(lifted))}"] if lifted else []
