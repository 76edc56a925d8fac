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
from .passages import Passage

# The statement a section the question names is (the domain table's statement rows).
SECTION_STATEMENTS: dict[str, StatementKind] = {s.section: s.kind for s in table().statements}
STATEMENT_LIFT = 1.005  # above the best passage; a raised row (concept_rows, 1.01) still comes first
DOCUMENT_SHARE = 0.5  # only documents whose best passage scores at least this share of the best one


def asked_statements(parsed: ParsedQuestion) -> list[StatementKind]:
    """The statements a question names, then those its line items and ratios' operands live on."""
    kinds = [SECTION_STATEMENTS[name] for name in parsed.section_hints if name in SECTION_STATEMENTS]
    for cid in sorted(asked_concepts(parsed.question)):
        kinds += STATEMENT_OF.get(cid, ())
    return list(dict.fromkeys(kinds))


def _documents_in_play(
    documents: Sequence[Document], passages: Sequence[Passage], scores: np.ndarray, allowed: Sequence[int]
) -> list[Document]:
    """The documents whose best passage scores at least DOCUMENT_SHARE of the best one (all, when none scores)."""
    best: dict[str, float] = {}
    for i in allowed:
        best[passages[i].doc_id] = max(best.get(passages[i].doc_id, 0.0), float(scores[i]))
    top = max(best.values(), default=0.0)
    return [d for d in documents if top <= 0 or best.get(d.meta.doc_id, 0.0) >= DOCUMENT_SHARE * top]


def lift_statement_pages(
    parsed: ParsedQuestion,
    documents: Sequence[Document],
    passages: Sequence[Passage],
    scores: np.ndarray,
    allowed: Sequence[int],
) -> list[str]:
    """Raise the passages of the statement pages the question needs; the notes say which pages."""
    kinds = asked_statements(parsed)
    if not kinds or not allowed:
        return []
    top = max(float(scores[i]) for i in allowed) or 1.0
    lifted: list[str] = []
    for document in _documents_in_play(documents, passages, scores, allowed):
        primary = primary_statements(document.meta.profile.statements)
        pages = {page for kind in kinds if kind in primary for page in primary[kind].pages}
        doc_id = document.meta.doc_id
        for i in allowed:
            if passages[i].doc_id == doc_id and passages[i].page in pages:
                scores[i] = max(float(scores[i]), top * STATEMENT_LIFT)
        named = [f"{kind} p.{','.join(map(str, primary[kind].pages))}" for kind in kinds if kind in primary]
        if named:
            lifted.append(f"{doc_id} {'; '.join(named)}")
    return [f"statement pages raised: {' | '.join(lifted)}"] if lifted else []
