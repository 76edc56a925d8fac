"""A name the question asks about, said in the quotes: a figure of prose whose quotes never name the 'Department of
Defense' the question asks about ('74% of our $65.4 billion in net sales were from the U.S. Government', cut before
'including 64% from the Department of Defense') is not shown as that name's figure."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .rules import FieldCheck
from .values import Candidate

# two or more capitalised words in a row, 'of', 'and', '&' or 'the' between them: 'Department of Defense'
_PROPER_NAME = re.compile(r"(?<![\w.])[A-Z][a-z][\w'’-]*(?:\s+(?:(?:of|and|&|the|for)\s+)?[A-Z][a-z][\w'’-]*)+")
# words of the filing itself, no party it speaks of: 'Form 10-K', 'Annual Report', 'Consolidated Statements'
_DOCUMENT_WORDS = frozenset(
    tokenize("form annual quarterly report reports statement statements consolidated securities exchange commission")
)


def unnamed_rule(candidate: Candidate, question: str, quotes: str, issuer: frozenset[str]) -> FieldCheck:
    """A number of prose answers a question naming a party ('the U.S. Department of Defense') only when its quotes
    name it: a word of each such name besides the issuer's is in the quotes, else unknown. The question's first
    word is capitalised as any sentence's is; a cell's row and headings are read by the other rules."""
    if candidate.row_label is not None:
        return FieldCheck(field="subject", verdict="not_applicable")
    quoted = set(tokenize(quotes))
    for match in _PROPER_NAME.finditer(question, 1):
        terms = set(tokenize(match.group(0))) - issuer
        if terms & _DOCUMENT_WORDS or not terms or terms & quoted:
            continue
        detail = f"subject: its quotes do not name '{match.group(0)}', which the question asks about"
        return FieldCheck(field="subject", verdict="unknown", asked=match.group(0), detail=detail)
    return FieldCheck(field="subject", verdict="not_applicable")
