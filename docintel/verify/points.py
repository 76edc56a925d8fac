"""Changes of a rate in percentage points against relative changes: 'By what percentage did the margin increase?'
is not answered by '4 percentage points', and 'By how many percentage points did the margin decline?' is not
answered by the 12% a money amount fell ('gross margin decreased by $504 million, or 12%')."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .values import POINTS_AFTER, Candidate

# 'By what percentage did the margin increase?' asks a relative change, which a change in points is not
_ASKS_RELATIVE = re.compile(r"\bwhat\s+percent(?:age)?\b(?!\s+(?:of|points?)\b)", re.IGNORECASE)


def _in_points(candidate: Candidate) -> bool:
    """Whether the candidate is a number of prose followed by 'percentage points' ('declined 4 percentage points')."""
    at = candidate.sentence.find(candidate.printed) if candidate.row_label is None else -1
    return at >= 0 and bool(POINTS_AFTER.match(candidate.sentence[at + len(candidate.printed) :]))


# 'By how many percentage points (basis points) did the margin decline?' asks a rate's change in its own units
_ASKS_POINTS = re.compile(r"\b(?:percentage|basis)\s+points?\b|\bhow\s+many\s+points\b", re.IGNORECASE)
# '... decreased by $504 million, or 12%', '$504 million (12%)': the change of an amount relative to it
_AMOUNT_THEN = re.compile(
    r"(?:[$\u20ac\u00a3\u00a5]\s?\d[\d.,]*(?:\s*(?:thousand|million|billion|trillion))?|"
    r"\d[\d.,]*\s*(?:thousand|million|billion|trillion))\s*,?\s*(?:or\s+(?:approximately\s+|about\s+)?|\(\s*)$",
    re.IGNORECASE,
)


def _of_an_amount(candidate: Candidate) -> bool:
    """Whether the candidate is a number of prose printed as the relative size of the amount before it ('decreased
    by $504 million, or 12%'): a percentage change of money, not of a rate."""
    at = candidate.sentence.find(candidate.printed) if candidate.row_label is None else -1
    before = candidate.sentence[:at] + ("(" if candidate.printed.startswith("(") else "")  # '(9%)' read as '9%'
    return at >= 0 and bool(_AMOUNT_THEN.search(before))


def points_problem(stated: str, candidates: Sequence[Candidate], question: str) -> str:
    """Why the percentages *candidates* (every reading of the *stated* value) answer no change of the kind the
    question asks ('' when they may)."""
    if all(_in_points(c) for c in candidates) and _ASKS_RELATIVE.search(question):
        return f"{stated} is a change in percentage points; the question asks a percentage change"
    if all(_of_an_amount(c) for c in candidates) and _ASKS_POINTS.search(question):
        return f"{stated} is a percentage change of an amount; the question asks a change in percentage points"
    return ""
