"""A share row that names no subject of its own ('% of total net sales' under 'Products $ 54,928') is the share of the
row above it: it answers a question about that row's item ('what percentage of net sales came from products'), not
another part of the total ('... came from the U.S. Government')."""

from __future__ import annotations

from ..textnorm import tokenize
from .rules import FieldCheck, FieldVerdict
from .values import Candidate


def _check(verdict: FieldVerdict, detail: str = "") -> FieldCheck:
    return FieldCheck(field="subject", verdict=verdict, detail=detail)


def share_subject_rule(candidate: Candidate, question: str) -> FieldCheck:
    """A bare share row's subject is the row above it: the question must say most of that row's words."""
    if not candidate.share_of or not candidate.row_label:
        return _check("not_applicable")
    words = set(tokenize(candidate.share_of)) - set(tokenize(candidate.row_label))  # 'Total net sales' over its share
    said = words & set(tokenize(question))
    if not words or 2 * len(said) > len(words):  # most of its words: 'Digital Experience' is no 'Digital Media'
        return _check("supported")
    detail = f"subject: '{candidate.row_label}' is the share of '{candidate.share_of}', the row above it"
    return _check("unknown", f"{detail}, which the question does not name")
