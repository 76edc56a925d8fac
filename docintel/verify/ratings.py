"""A credit rating of a text claim, said of the rating its quote gives it. A sentence often gives several ratings at
once ('lowered our corporate credit rating to CCC+ from B- and our senior unsecured debt rating to CCC from B-'): a
claim that the corporate credit rating is CCC holds a code of the quote, but one the quote says of another rating.
The codes are the rating scales of S&P Global Ratings and Fitch (AAA to D, with + or -) and Moody's (Aaa to C, with
1 to 3); a bare single letter ('A', 'B') is read only with its sign, as it is also a word."""

from __future__ import annotations

import re

from .claims import check_field, content_words, quote_sentences
from .rules import FieldCheck
from .values import CitedSpan
from .wording import surface_words

_CODE = re.compile(
    r"(?<![\w+\-])(?:(?:AAA|AA|BBB|BB|CCC|CC|Aaa|Ca)[+\-]?|(?:Aa|Baa|Ba|Caa|A|B)[1-3]|[ABC][+\-])(?![\w+\-])"
)
_GENERIC = content_words("rating ratings rated lowered raised downgraded upgraded assigned affirmed changed to from of")


def _segments(text: str) -> list[tuple[str, set[str]]]:
    """Each rating code of *text* with the words between it and the code before it (what it is a rating of)."""
    found, start = [], 0
    for match in _CODE.finditer(text):
        found.append((match.group(0), content_words(text[start : match.start()]) - _GENERIC))
        start = match.end()
    return found


def rating_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """Each rating code of a text claim: the one its quotes say of what the claim's words before the code name
    ('corporate credit rating'). Another code there is a mismatch, both named; a tie between the code claimed and
    another (the claim's words name both ratings) is none."""
    claimed = [(code, words) for code, words in _segments(text) if words]
    if not claimed:
        return check_field("rating", "not_applicable")
    given = [s for sentence in quote_sentences(spans) for s in _segments(sentence)]
    if not given:
        return check_field("rating", "not_applicable")
    for code, words in claimed:
        best = max(given, key=lambda g: len(g[1] & words))
        same = max((len(w & words) for c, w in given if c == code), default=-1)
        if best[0] != code and len(best[1] & words) > max(same, 0):
            named = surface_words(best[1] & words, text)
            detail = f"rating: its quote gives {best[0]}, not {code}, as the rating of what the claim names ({named})"
            return check_field("rating", "mismatch", detail)
    return check_field("rating", "supported")
