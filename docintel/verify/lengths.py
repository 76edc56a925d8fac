"""The length in years a sentence gives a number of prose: 'returns of 6.4 percent, 8.2 percent, 6.2 percent, and
8.0 percent for the 5, 10, 15, and 20 year periods ended May 29, 2022' makes 6.4 percent a five-year figure,
though the sentence's only date ends a fiscal year. The numbers are paired with the lengths in order, when as many
numbers as lengths stand in a list right before them."""

from __future__ import annotations

import re

from ..numbers import WORD_NUMBERS, Number, find_numbers

_LENGTH = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)"
# 'for the 5, 10, 15, and 20 year periods', 'over the five-year period', 'in the 1 year period'
_LENGTHS = re.compile(
    rf"\b(?:for|in|over|during)\s+the\s+(?:past\s+|last\s+|trailing\s+)?"
    rf"(?P<list>{_LENGTH}(?:\s*,\s*{_LENGTH})*(?:,?\s+and\s+{_LENGTH})?)[- ]years?[- ]periods?\b",
    re.IGNORECASE,
)
# what may stand between two numbers of one list, and between the list and its lengths
_BETWEEN = re.compile(r"^\s*(?:%|percent)?\s*,?\s*(?:and\s*)?$", re.IGNORECASE)
_BEFORE_LENGTHS = re.compile(r"^\s*(?:%|percent)?\s*(?:[a-z]+\s+){0,2}$", re.IGNORECASE)


def stated_years(sentence: str, printed: str) -> int | None:
    """How many years the sentence says the number *printed* covers, or None when it says no length of its own."""
    for found in _LENGTHS.finditer(sentence):
        said = re.findall(_LENGTH, found.group("list"), re.IGNORECASE)
        lengths = [WORD_NUMBERS.get(w.lower()) or int(w) for w in said]
        listed = _listed_before(sentence, found.start(), len(lengths))
        at = [i for i, n in enumerate(listed) if _bare(n.text) == _bare(printed)]
        if len(at) == 1:
            return lengths[at[0]]
    return None


def _bare(printed: str) -> str:
    """The number as printed without its percent sign or word ('6.4 percent' -> '6.4')."""
    return re.sub(r"\s*(?:%|percent)$", "", printed.strip(), flags=re.IGNORECASE)


def _listed_before(sentence: str, start: int, count: int) -> list[Number]:
    """The *count* numbers that end right before *start* as one list ('6.4 percent, 8.2 percent, and 8.0 percent'),
    or [] when fewer stand there."""
    numbers = find_numbers(sentence[:start])
    listed = numbers[-count:]
    if len(listed) != count or not _BEFORE_LENGTHS.match(sentence[listed[-1].end : start]):
        return []
    if any(not _BETWEEN.match(sentence[a.end : b.start]) for a, b in zip(listed, listed[1:], strict=False)):
        return []
    return listed
