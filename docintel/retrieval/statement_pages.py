"""Statement pages in retrieval: a question about a statement's figures gets the statement.

A question that names a primary statement ("in the cash flow statement"), or asks for a line item or
ratio that lives on one (``ingest.statements.STATEMENT_OF``: capital expenditure on the statement of
cash flows; inventory turnover's cost of sales on the income statement and its inventories on the
balance sheet), gets the page(s) of that statement as the document's profile records them (the
primary statement of each kind). Every passage of those pages is raised to just above the best
BM25 passage, so packing sends each statement page whole, in reading order, where the budget
allows, and what is left goes to the passages BM25 found.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..domain import StatementKind, table
from ..ingest.documents import Document
from ..ingest.statements import STATEMENT_OF, primary_statements
from ..question.parse import ParsedQuestion
from .concept_rows import asked_concepts
from .pool import PassagePool

# The statement a section the question names is (the domain table's statement rows).
SECTION_STATEMENTS: dict[str, StatementKind] = {s.section: s.kind for s in table().statements}
STATEMENT_LIFT = 1.005  # above the best passage; a raised row (concept_rows, 1.01) still comes first
DOCUMENT_SHARE = 0.5  # only documents whose best passage scores at least this share of the best one


def asked_statements(parsed: ParsedQuestion, concepts: frozenset[str] | None = None) -> list[StatementKind]:
    """The statements a question names, then those its line items and ratios' operands (*concepts*, when the
    caller has them: ``asked_concepts`` of the question) live on."""
    kinds = [SECTION_STATEMENTS[name] for name in parsed.section_hints if name in SECTION_STATEMENTS]
    for cid in sorted(asked_concepts(parsed.question) if concepts is None else concepts):
        kinds += STATEMENT_OF.get(cid, ())
    return list(dict.fromkeys(kinds))


def _documents_in_play(
    documents: Sequence[Document], pool: PassagePool, scores: np.ndarray, allowed: np.ndarray
) -> list[Document]:
    """The documents whose best passage scores at least DOCUMENT_SHARE of the best one (all, when none scores)."""
    best = np.zeros(len(pool.doc_ids))
    np.maximum.at(best, pool.doc_of[allowed], scores[allowed])  # a document without a passage scores 0
    top = float(best.max(initial=0.0))
    share = {doc_id: float(b) for doc_id, b in zip(pool.doc_ids, best, strict=True)}
    return [d for d in documents if top <= 0 or share.get(d.meta.doc_id, 0.0) >= DOCUMENT_SHARE * top]


def lift_statement_pages(
    parsed: ParsedQuestion,
    documents: Sequence[Document],
    pool: PassagePool,
    scores: np.ndarray,
    allowed: np.ndarray,
    concepts: frozenset[str] | None = None,
) -> list[str]:
    """Raise the passages of the statement pages the question needs; the notes say which pages."""
    kinds = asked_statements(parsed, concepts)
    if not kinds or not len(allowed):
        return []
    top = float(scores[allowed].max()) or 1.0
    lifted: list[str] = []
    for document in _documents_in_play(documents, pool, scores, allowed):
        primary = primary_statements(document.meta.profile.statements)
        pages = sorted({page for kind in kinds if kind in primary for page in primary[kind].pages})
        doc_id = document.meta.doc_id
        for k in pool.of_document(doc_id):
            mine = allowed[pool.doc_of[allowed] == k]
            raised = mine[np.isin(pool.page[mine], pages)]
            scores[raised] = np.maximum(scores[raised], top * STATEMENT_LIFT)
        named = [f"{kind} p.{','.join(map(str, primary[kind].pages))}" for kind in kinds if kind in primary]
        if named:
            lifted.append(f"{doc_id} {'; '.join(named)}")
    return [f"statement pages raised: {' | '.join(lifted)}"] if lifted else []
