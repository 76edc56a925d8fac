"""The direction of a change: an answer that calls a change an increase when the cited figures fell.

A change cell of a table ('Net cash used in investing activities (5,047) (5,261) ... 214') is a difference
of the row's two levels; which way the row moved is read from those levels, not from the change's sign,
which filings print either way. A change stated in prose ('decreased by $214 million') moves the way its
verb says. The answer's label says which way it claims ('Increase in net cash used ...'), else the
question ('How much did ... increase'); a label or question naming both ways ('Net increase (decrease)')
or neither claims nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from ..textnorm import tokenize
from .rules import FieldCheck
from .values import Candidate

Direction = Literal["increase", "decrease"]

# 'growth' and 'grow' name the measure asked, not a way ('net income growth' may be -1%); 'grew' says which way
_UP = re.compile(r"\b(?:increas(?:e|ed|es|ing)|r[io]se[ns]?|rising|grew|higher)\b", re.IGNORECASE)
_DOWN = re.compile(
    r"\b(?:decreas(?:e|ed|es|ing)|declin(?:e|ed|es|ing)|f[ae]ll(?:s|en)?|drop(?:s|ped)?|lower|reduc(?:ed|tion))\b",
    re.IGNORECASE,
)
# an outflow or a loss printed in parentheses: its increase is a larger magnitude ('net cash used ... increased')
_OUTFLOW = re.compile(r"\b(?:used|losses|loss|outflows?|deficits?)\b", re.IGNORECASE)
_ARTICLE = {"increase": "an", "decrease": "a"}
_CHANGE_MEASURES = frozenset({"change", "pct_change"})
# 'decreased by $214 million', 'fell 4.1%': the verb that governs a number of prose
_VERB_BEFORE = re.compile(r"\b(?P<verb>\w+)\s+(?:by\s+)?(?:approximately\s+|about\s+)?[$€£]?\(?$", re.IGNORECASE)
# words of a label that name no subject: its years, its comparison
_NO_SUBJECT = frozenset(tokenize("vs versus compared with to from in of the by change year fiscal"))


def claimed_direction(text: str) -> Direction | None:
    """The one way *text* says a change went, or None (both ways, or neither)."""
    up, down = _UP.search(text) is not None, _DOWN.search(text) is not None
    if up == down:
        return None
    return "increase" if up else "decrease"


def direction_rule(candidate: Candidate, row: Sequence[Candidate], label: str, question: str) -> FieldCheck:
    """Whether the way the answer says the figure moved is the way the cited figures moved."""
    by_label = claimed_direction(label) is not None
    said = label if by_label else question
    claimed = claimed_direction(said)
    if claimed is None:
        return FieldCheck(field="direction", verdict="not_applicable")
    if not by_label and candidate.value < 0:
        return FieldCheck(field="direction", verdict="not_applicable")  # a negative change says its own way
    if candidate.row_label is not None:
        moved = _row_moved(candidate, row, said)
    else:
        moved = _prose_moved(candidate, label)
    if moved is None:
        return FieldCheck(field="direction", verdict="not_applicable")
    way, how = moved
    if way == claimed:
        return FieldCheck(field="direction", verdict="supported", asked=claimed, found=way, detail=how)
    detail = f"direction: {how}, {_ARTICLE[way]} {way}, not {_ARTICLE[claimed]} {claimed}"
    return FieldCheck(field="direction", verdict="mismatch", asked=claimed, found=way, detail=detail)


def _row_moved(candidate: Candidate, row: Sequence[Candidate], said: str) -> tuple[Direction, str] | None:
    """Which way the row of a change cell moved, from its levels of the cell's year and the year before."""
    fact = candidate.fact
    if fact is None or fact.measure not in _CHANGE_MEASURES or fact.period is None or not fact.period.years:
        return None
    year = max(fact.period.years)
    levels: dict[int, list[Candidate]] = {}
    for cell in row:
        cell_fact = cell.fact
        if cell.line != candidate.line or cell_fact is None or cell_fact.measure != "level" or cell.percent:
            continue
        period = cell_fact.period
        if period is not None and len(period.years) == 1 and period.months == fact.period.months:
            levels.setdefault(next(iter(period.years)), []).append(cell)
    later, earlier = levels.get(year, []), levels.get(year - 1, [])
    if len(later) != 1 or len(earlier) != 1:  # three and six months of each year: which pair is unsaid
        return None
    return _moved(candidate, later[0], earlier[0], year, said)


def _moved(
    candidate: Candidate, later: Candidate, earlier: Candidate, year: int, said: str
) -> tuple[Direction, str] | None:
    """The way from *earlier* to *later*, when the change cell is their difference (or their ratio less one)."""
    if later.value == earlier.value:
        return None
    size = abs(candidate.value)
    if candidate.fact is not None and candidate.fact.measure == "pct_change":
        between = abs(later.value / earlier.value - 1) * 100 if earlier.value else None
        if between is None or abs(between - size) > max(1.0, 0.06 * size):
            return None  # the % change is not between these two levels
    elif abs(abs(later.value - earlier.value) - size) > 0.011 * max(size, 1.0):
        return None  # the change is not between these two levels
    how = f"'{candidate.row_label}' went from {earlier.printed} ({year - 1}) to {later.printed} ({year})"
    if later.value > 0 and earlier.value > 0:
        return ("increase" if later.value > earlier.value else "decrease"), how
    if later.value < 0 and earlier.value < 0 and _OUTFLOW.search(said):
        return ("increase" if abs(later.value) > abs(earlier.value) else "decrease"), how
    return None  # a sign crossed, or a negative row whose larger magnitude the answer may mean either way


def _prose_moved(candidate: Candidate, label: str) -> tuple[Direction, str] | None:
    """Which way the verb right before a number of prose says it moved, when the answer's label names the
    sentence's own subject (every word of the label but its years and comparison is in the sentence)."""
    sentence = candidate.sentence
    start = sentence.find(candidate.printed)
    if start < 0:
        return None
    before = _VERB_BEFORE.search(sentence[:start])
    if before is None:
        return None
    moved = claimed_direction(before.group("verb"))
    words = {w for w in tokenize(_UP.sub(" ", _DOWN.sub(" ", label))) if not w.isdigit()} - _NO_SUBJECT
    if moved is None or not words or not words <= set(tokenize(sentence)):
        return None
    return moved, f"the quote says it {before.group('verb')} by {candidate.printed}"
