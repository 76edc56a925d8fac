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
