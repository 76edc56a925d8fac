"""A place a question scopes a figure to: 'revenues in the United States', 'sales in Greater China' ask for the
place's part, not the company's whole (the row must name the place: the member field)."""

from __future__ import annotations

import re

from ..periods import MONTHS
from ..textnorm import tokenize

# 'in the United States', 'in Greater China', 'across Latin America': a run of capitalised words after the preposition
_PLACE = re.compile(
    r"\b(?:in|within|across|outside(?:\s+of)?)\s+(?:the\s+)?(?P<place>(?:[A-Z][\w&.'\u2019-]*\s*){1,4})"
)
# capitalised words after 'in' that name no place: a period ('in Fiscal 2021', 'in Q4', 'in May'), a currency or scale
_NOT_PLACE = frozenset(
    tokenize(
        "fiscal fy year quarter first second third fourth q1 q2 q3 q4 h1 h2 half calendar ytd dollars dollar usd "
        "euros euro eur pounds yen millions billions thousands gaap non total us-gaap item note part table section "
        "exhibit schedule page form"
    )
    + [m.lower() for m in MONTHS]
)


def place_terms(asking: str, ignore: frozenset[str] = frozenset()) -> set[str]:
    """The terms of each place *asking* scopes to (none of the issuer's name terms in *ignore*)."""
    terms: set[str] = set()
    for match in _PLACE.finditer(asking):
        words = [w for w in tokenize(match.group("place")) if not w[:1].isdigit()]
        if words and not set(words) & _NOT_PLACE and not set(words) <= ignore:
            terms |= set(words)
    return terms
