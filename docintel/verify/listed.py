"""Amounts a sentence lists beside years: '$826 million and $594 million during the years ended December 31, 2022
and 2021', 'sold 29.2 billion, 29.3 billion and 29.2 billion unit cases ... in 2017, 2016 and 2015,
respectively': each amount is the year's in the same place of the other list."""

from __future__ import annotations

import re

from ..numbers import Number, find_numbers
from ..periods import find_periods
from ..textnorm import split_sentences, squash

# 'in2017': a word and a year that text extraction ran together (a PDF that drops the space)
_GLUED_YEAR = re.compile(r"(?<=[a-z])(?=(?:19|20)\d\d\b)")
RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)


def listed_years(sentence: str, percent: bool | None = None) -> list[tuple[Number, int]]:
    """Each amount of *sentence* with the year listed in its place (amounts of a percent or not, as *percent*
    says; None: as its first amount). Empty unless the sentence lists as many amounts as years, two or more, each
    year once, the lists apart or said 'respectively' ('$0.53, or 50%, in 2020 when compared to 2019' is an
    amount and its change)."""
    sentence = _GLUED_YEAR.sub(" ", sentence)
    periods = find_periods(sentence)
    spans = [(p.start, p.end) for p in periods]
    amounts = [n for n in find_numbers(sentence) if not any(n.start < b and n.end > a for a, b in spans)]
    if percent is None and amounts:
        percent = amounts[0].percent
    amounts = [n for n in amounts if n.percent == percent]  # '156,000 and 142,000 with 13%'
    years = [p.year for p in periods]
    if len(years) < 2 or len(set(years)) != len(years) or len(amounts) != len(years):
        return []
    apart = max(n.start for n in amounts) < min(p.start for p in periods) or max(p.start for p in periods) < min(
        n.start for n in amounts
    )
    if not apart and not RESPECTIVELY.search(sentence):
        return []
    return list(zip(amounts, years, strict=True))


def paired_year(sentence: str, printed: str) -> int | None:
    """The year a sentence lists in the same place as the number *printed* among its amounts (see
    ``listed_years``); None when it lists none, or *printed* twice."""
    if not sentence or not printed:
        return None
    sentence = next((s for s in split_sentences(sentence) if printed in s), "")
    mine = next((n for n in find_numbers(sentence) if squash(n.text) == squash(printed)), None)
    pairs = listed_years(sentence, None if mine is None else mine.percent)
    at = [year for number, year in pairs if number.text == printed or squash(number.text) == squash(printed)]
    return at[0] if len(at) == 1 else None
