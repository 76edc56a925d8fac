"""A total its sentence goes on to break down ('we received total consideration of $4.25 billion, which consisted of
a 5% equity interest in the venture and approximately $4.2 billion in cash'): a question that asks the part ('How
much cash did ... receive') is not answered by the total."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .rules import FieldCheck
from .values import Candidate

_BREAKS_DOWN = re.compile(r"\b(?:consist(?:ed|ing|s)?|compris(?:ed|ing|es)|composed|made\s+up)\s+of\b", re.IGNORECASE)
# a figure and the word that says what it is ('$4.2 billion in cash', '$50 million of stock')
_FIGURE_THEN = re.compile(
    r"(?P<figure>\$\s?\d[\d,.]*(?:\s+(?:million|billion|thousand))?)\s+(?:in\s+|of\s+)?(?P<word>[A-Za-z][\w-]*)"
)


def breakdown_rule(candidate: Candidate, question: str, rest: str) -> FieldCheck:
    """`subject` `unknown` for a figure of prose whose sentence (its quote's, read on past the quote: *rest*) goes on
    after it to break it down into parts, one of them a figure said to be a word the question asks."""
    full = f"{candidate.sentence} {rest}" if candidate.row_label is None else ""
    at = full.find(candidate.printed)
    down = _BREAKS_DOWN.search(full, at + len(candidate.printed)) if at >= 0 else None
    if down is None:
        return FieldCheck(field="subject", verdict="not_applicable")
    asked = set(tokenize(question))
    for part in _FIGURE_THEN.finditer(full[down.end() :]):
        word = tokenize(part["word"])[:1]
        if word and word[0] in asked:
            said = " ".join(part.group(0).split())
            detail = f"subject: the sentence breaks {candidate.printed} down into parts; '{said}' is the part asked"
            return FieldCheck(field="subject", verdict="unknown", asked=question, found=said, detail=detail)
    return FieldCheck(field="subject", verdict="not_applicable")
