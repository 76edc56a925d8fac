"""Table rows as retrieval units: the passages that hold the row of a line item the question asks for.

A question that names a line item ("capital expenditure") or a ratio ("inventory turnover": cost of
sales, inventories) is answered from a statement's row, whose words often differ from the question's.
The passages holding such rows (a label that names the concept and no qualifier the question does not
ask for, in a table with a column for a year the question names) are moved up to just above the best
BM25 passage, at most ``ROWS_PER_CONCEPT`` per concept, the largest figure first (a total before its parts).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..concepts import concept, concepts_in, narrowing_terms, qualifier_text, ratio, same_concept, stated_definition
from ..ingest.documents import Document
from ..periods import years_named
from ..question.parse import ParsedQuestion, search_text
from ..textnorm import tokenize
from .passages import Passage

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


def _row_lines(document: Document, cid: str, years: frozenset[int], terms: frozenset[str]) -> dict[int, float]:
    """GLOBAL_LINEs of the rows of *document* that name *cid* (and a column of a year asked, when any)."""
    lines: dict[int, float] = {}  # GLOBAL_LINE -> the row's largest magnitude
    for table in document.tables:
        if table.problem is not None or (years and not {c.year for c in table.columns} & years):
            continue
        for row in table.rows:
            match = concepts_in(qualifier_text(row.label))
            if same_concept(match.concepts, frozenset({cid})) and not narrowing_terms(match, terms):
                if row.kind != "percent":
                    lines[row.line] = max((abs(v) for v in row.values if v is not None), default=0.0)
    return lines


def _holds(passage: Passage, line: int) -> bool:
    return passage.line_start <= line <= passage.line_end


def lift_concept_rows(
    parsed: ParsedQuestion,
    documents: Sequence[Document],
    passages: Sequence[Passage],
    scores: np.ndarray,
    allowed: Sequence[int],
) -> list[str]:
    """Raise the passages holding the asked concepts' rows to the top score; the notes say which rows."""
    wanted = asked_concepts(parsed.question)
    if not wanted or not allowed:
        return []
    years = years_named(parsed.question)
    terms = frozenset(tokenize(qualifier_text(search_text(parsed.question))))
    by_doc = {d.meta.doc_id: d for d in documents}
    top = max(float(scores[i]) for i in allowed) or 1.0
    lifted: list[str] = []
    for cid in sorted(wanted):
        holders: dict[int, float] = {}
        for doc_id, document in by_doc.items():
            lines = _row_lines(document, cid, years, terms)
            for i in allowed:
                held = [m for n, m in lines.items() if passages[i].doc_id == doc_id and _holds(passages[i], n)]
                if held:
                    holders[i] = max(held)
        # a total is at least any of its parts: the consolidated row before a segment's, then the better score
        for i in sorted(holders, key=lambda i: (-holders[i], -scores[i]))[:ROWS_PER_CONCEPT]:
            scores[i] = max(scores[i], top * 1.01)
            lifted.append(f"{passages[i].doc_id} p.{passages[i].page}")
    return [f"rows of the line items asked raised: {', '.join(dict.fromkeys(lifted))}"] if lifted else []
