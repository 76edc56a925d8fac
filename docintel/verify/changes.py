"""A change stated in prose between the year asked and the year before: 'Gross margin increased 140 basis points
to 44.8% for fiscal 2021 compared to 43.4% for fiscal 2020' gives fiscal 2021's change, though it names 2020 too."""

from __future__ import annotations

import re
from typing import Literal

from ..periods import years_named

# a verb of change right before a number ('increased 140 basis points', 'declined by 5%'): general English
_CHANGE_BEFORE = re.compile(
    r"\b(?:increas|decreas|declin|gr[eo]w|r[io]s|f[ae]ll|expand|contract|improv|widen|narrow)\w*\s+(?:by\s+)?$",
    re.IGNORECASE,
)


def states_a_change(sentence: str, printed: str) -> bool:
    """Whether *sentence* prints the number *printed* right after a verb of change."""
    at = sentence.find(printed)
    return at > 0 and bool(_CHANGE_BEFORE.search(sentence[:at]))


def change_period(wanted: frozenset[int], texts: list[str]) -> tuple[Literal["supported"], str] | None:
    """The period check of a change whose quotes name exactly the one year asked and the year before (None
    otherwise): the change is the year asked's."""
    named = frozenset().union(*(years_named(t) for t in texts)) if texts else frozenset()
    if len(wanted) == 1 and named == wanted | {max(wanted) - 1}:
        return "supported", f"the quote states the change to {max(wanted)} from {max(wanted) - 1}"
    return None


_FROM_TO = r"\bfrom\s+(?P<from1>\$?[\d.,]+%?)(?:\s+\w+)?\s+to\s+(?P<to1>\$?[\d.,]+%?)"
_TO_FROM = r"\bto\s+(?P<to2>\$?[\d.,]+%?)(?:\s+\w+)?\s+from\s+(?P<from2>\$?[\d.,]+%?)"
# the year a change is dated to right after it: '... to 84.0% in 2022', '... for fiscal year 2022'
_DATED = (
    r"(?:(?:\s+\w+)?\s+(?:in|for|during|at\s+the\s+end\s+of)\s+(?:fiscal\s+(?:year\s+)?)?(?P<year>(?:19|20)\d\d)\b)?"
)
_CHANGE = re.compile(f"(?:{_FROM_TO}|{_TO_FROM}){_DATED}", re.IGNORECASE)
# 'the rate after the reduction', 'the dividend following the increase', 'the price prior to the split'
_ASKS_AFTER = re.compile(r"\b(?:after|following)\s+(?:the|its|this|that|such)\s+\w+", re.IGNORECASE)
_ASKS_BEFORE = re.compile(
    r"\b(?:before|prior\s+to)\s+(?:the|its|this|that|such)\s+(?:[\w-]+\s+){0,3}"
    r"(?:reduction|increase|decrease|cut|change|amendment|adoption|split|merger|acquisition|reform|act|enactment|"
    r"passage|legislation|law|implementation|transition|separation|spin-?off)\b",
    re.IGNORECASE,
)


def side_of_change(sentence: str, printed: str) -> Literal["from", "to"] | None:
    """Which end of a change its sentence states ('from 35% to 21%', 'to 21% from 35%') *printed* is, if either."""
    found = end_of_change(sentence, printed)
    return found[0] if found else None


def end_of_change(sentence: str, printed: str) -> tuple[Literal["from", "to"], int | None] | None:
    """(which end of a change *printed* is, the year the sentence dates the change to right after it, if any):
    'decreased from 85.0% to 84.0% in 2022' gives ('from', 2022) for 85.0%."""
    number = printed.strip().lstrip("$").rstrip("%")
    for found in _CHANGE.finditer(sentence):
        year = int(found.group("year")) if found.group("year") else None
        for side in ("from", "to"):
            text = found.group(f"{side}1") or found.group(f"{side}2") or ""
            if text.lstrip("$").rstrip("%").rstrip(".,") == number:
                return side, year
    return None


def side_asked(question: str) -> Literal["from", "to"] | None:
    """The end of a change *question* asks: the level after it ('the rate after the reduction') or before it."""
    if _ASKS_AFTER.search(question):
        return "to"
    return "from" if _ASKS_BEFORE.search(question) else None
