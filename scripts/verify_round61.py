"""Mutations for bench_verify from blind red team round 61, written apart from docintel/verify/.

- A sentence that opens with its period ('For the six months ended June 30, 2023, ...', 'During the year ended
  December 31, 2020, ...'), quoted from after the opening for a text about another period: the quarter of the same
  year for a six- or nine-month opening, two years later for a year's (wrong); the text about the sentence's own
  period, quoted whole (right, measured).

The patterns are general English of filings (a period that opens a sentence), no document's wording.
"""

from __future__ import annotations

import re

from scripts.verify_round56 import sentence_cases
from scripts.verify_round59 import _line_of

Case = tuple[str, dict, str]  # (question, item, answer type)

_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_OPENED = re.compile(
    rf"^(?P<open>(?:For|During)\s+the\s+(?P<length>six\s+months|nine\s+months|year|fiscal\s+year)\s+ended\s+"
    rf"{_MONTH}\s+\d{{1,2}},\s+(?P<year>(?:19|20)\d\d)),\s+(?P<rest>[a-z][^.;]{{30,300}})\.$"
)


def round61_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the class above on the page, by class."""
    return sentence_cases(document, page, [lambda a, b, text: _opened(document, a, b, text)])


def _opened(document, start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    match = _OPENED.match(sentence)
    if match is None:
        return []
    rest, year = match["rest"], int(match["year"])
    line = _line_of(document, start, end, rest)
    if line is None:
        return []
    topic = " ".join(rest.split()[:8])
    if match["length"].endswith("months"):
        other = f"in the second quarter of {year}"
    else:
        other = f"in {year + 2}"
    own = f"for the {match['length']} ended in {year}"
    cut = {"text": rest.rstrip("."), "spans": [_span(line, end, rest)]}
    whole = {"text": rest.rstrip("."), "spans": [_span(start, end, sentence.rstrip("."))]}
    return [
        ("a text cut after another period", (f"Describe what the filing says of '{topic}' {other}.", cut, "text")),
        ("opened period: right", (f"Describe what the filing says of '{topic}' {own}.", whole, "text")),
    ]


def _span(start: int, end: int, quote: str) -> dict:
    return {"doc": None, "line_start": start, "line_end": end, "quote": quote.strip().rstrip(".")}
