"""Which side of a ratio the question puts each figure on, read from its words when no line item is known.

"Total noninterest expense as a percentage of total net revenue" divides the expense by the revenue, whether or
not docintel's vocabulary names either line. An operand whose cited row shares words only with the divisor's
phrase, yet stands above the line (or only with the dividend's, below it), is on the wrong side: the operands are
swapped or misplaced. Words both phrases say, and a line item's qualifiers ('total', 'net'), tell nothing.
"""

from __future__ import annotations

import re

from ..concepts import NEUTRAL
from ..textnorm import tokenize
from .claims import content_words
from .rules import FieldCheck
from .values import OperandCheck

# 'X as a percentage of Y', 'the ratio of X to Y', 'X divided by Y' (in a stated definition too)
_SIDES = (
    re.compile(
        r"(?P<top>[^.;?]{1,120}?)\s+as\s+an?\s+(?:%|percent(?:age)?|share|proportion)\s+of\s+(?P<bottom>[^.;?,]{1,80})",
        re.I,
    ),
    re.compile(r"\bratio\s+of\s+(?P<top>[^.;?]{1,80}?)\s+to\s+(?P<bottom>[^.;?,]{1,80})", re.I),
    re.compile(r"(?P<top>[^.;?:]{1,80}?)\s+(?:divided\s+by|/|÷)\s+(?P<bottom>[^.;?,]{1,80})", re.I),
)
# words that name no side: the question's, a line item's qualifiers ('total', 'net'), an average's
_ASKING = frozenset(tokenize("what which how much did does do average between beginning ending")) | NEUTRAL


def _phrases(question: str) -> tuple[set[str], set[str]] | None:
    """The words only the dividend's phrase says and those only the divisor's says (None when no ratio is spelt
    out, or the phrases share every word)."""
    for pattern in _SIDES:
        found = pattern.search(question)
        if found is None:
            continue
        top, bottom = content_words(found.group("top")) - _ASKING, content_words(found.group("bottom")) - _ASKING
        only_top, only_bottom = top - bottom, bottom - top
        return (only_top, only_bottom) if only_top and only_bottom else None
    return None


def _side(operand: OperandCheck, only_top: set[str], only_bottom: set[str]) -> str:
    """'top' or 'bottom' when the operand's row (its name when it cites prose) says words of one phrase only."""
    words = content_words(operand.row or operand.name)
    top, bottom = words & only_top, words & only_bottom
    if top and not bottom:
        return "top"
    if bottom and not top:
        return "bottom"
    return ""


def sides_rule(question: str, above: frozenset[str], below: frozenset[str], operands: list[OperandCheck]) -> FieldCheck:
    """Each operand of a ratio the question spells out stands on the side whose phrase its row names: a mismatch
    names the operand above the line whose row is the divisor's (or below it whose row is the dividend's)."""
    phrases = _phrases(question)
    if phrases is None or not below:
        return FieldCheck(field="formula", verdict="not_applicable")
    both = above & below  # '(a - b) / a': a stands on both sides
    above, below = above - both, below - both
    sides = {o.label: _side(o, *phrases) for o in operands}
    misplaced = [
        o
        for o in operands
        if (o.label in above and sides[o.label] == "bottom") or (o.label in below and sides[o.label] == "top")
    ]
    if misplaced:
        shown = "; ".join(
            f"{o.label} ('{o.row or o.name}') is the {'divisor' if o.label in above else 'dividend'} the question "
            f"names but stands {'above' if o.label in above else 'below'} the line"
            for o in misplaced
        )
        return FieldCheck(field="formula", verdict="mismatch", detail=f"formula: {shown}")
    placed = {sides[name] for name in above} == {"top"} and {sides[name] for name in below} == {"bottom"}
    if placed:
        return FieldCheck(field="formula", verdict="supported", detail="each operand on the side its phrase names")
    return FieldCheck(field="formula", verdict="not_applicable")
