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
    return any(POINTS_AFTER.match(after) for _, after in _places(candidate))


def _places(candidate: Candidate) -> list[tuple[str, str]]:
    """The text before and after each place its sentence prints the candidate, a number of prose ('4' is not read
    inside '$504'); none for a cell."""
    if candidate.row_label is not None:
        return []
    printed = re.escape(candidate.printed)
    return [(candidate.sentence[: m.start()], candidate.sentence[m.end() :]) for m in _printed(printed, candidate)]


def _printed(printed: str, candidate: Candidate) -> list[re.Match[str]]:
    return list(re.finditer(rf"(?<![\d.,]){printed}(?![\d])", candidate.sentence))


# 'By how many percentage points (basis points) did the margin decline?' asks a rate's change in its own units
_ASKS_POINTS = re.compile(r"\b(?:percentage|basis)\s+points?\b|\bhow\s+many\s+points\b", re.IGNORECASE)
# '... decreased by $504 million, or 12%', '$504 million (12%)', '$504M, or 12%', '$504 million, a 12% decline'; and
# the percent first, '... decreased 12%, or $504 million': the change of an amount relative to it
_SCALE = r"(?:thousand|million|billion|trillion)"
_AMOUNT = rf"(?:[$\u20ac\u00a3\u00a5]\s?\d[\d.,]*(?:\s*{_SCALE}|[KMB]\b)?|\d[\d.,]*\s*{_SCALE})"
_AMOUNT_THEN = re.compile(rf"{_AMOUNT}\s*,?\s*(?:or\s+(?:approximately\s+|about\s+)?|\(\s*|an?\s+)$", re.IGNORECASE)
_THEN_AMOUNT = re.compile(rf"^\s*,?\s*or\s+(?:approximately\s+|about\s+)?{_AMOUNT}", re.IGNORECASE)
# what makes the percent after an amount no change of it: points ('$1.2 billion, or 2.1 percentage points'), a share
# of another thing ('$3.4 billion, or 24% of net sales')
_NOT_RELATIVE = re.compile(r"^\s*(?:percentage\s+points?|basis\s+points?|bps|of\b)", re.IGNORECASE)
_CHANGE_NOUN = re.compile(r"^\s*(?:decline|decrease|increase|reduction|rise|drop|growth)\b", re.IGNORECASE)


def _of_an_amount(candidate: Candidate) -> bool:
    """Whether the candidate is a number of prose printed as the relative size of the amount beside it ('decreased
    by $504 million, or 12%'): a percentage change of money, not of a rate."""
    for before, after in _places(candidate):
        lead = before + ("(" if candidate.printed.startswith("(") else "")  # '(9%)' read as '9%'
        told = _AMOUNT_THEN.search(lead)
        if told and told.group(0).rstrip().lower().endswith((" a", " an")) and not _CHANGE_NOUN.match(after):
            continue  # '$504 million, a 12% ...' is a change only before its noun ('decline')
        if (told or _THEN_AMOUNT.match(after)) and not _NOT_RELATIVE.match(after):
            return True
    return False


def points_problem(stated: str, candidates: Sequence[Candidate], question: str) -> str:
    """Why the percentages *candidates* (every reading of the *stated* value) answer no change of the kind the
    question asks ('' when they may)."""
    if all(_in_points(c) for c in candidates) and _ASKS_RELATIVE.search(question):
        return f"{stated} is a change in percentage points; the question asks a percentage change"
    if all(_of_an_amount(c) for c in candidates) and _ASKS_POINTS.search(question):
        return f"{stated} is a percentage change of an amount; the question asks a change in percentage points"
    return ""
