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
# the words that tell one rating of an issuer from another: what is rated (S&P's issuer credit rating and issue
# ratings by seniority, Moody's long- and short-term ratings, deposits, preferred stock)
_KINDS = content_words("corporate issuer senior unsecured secured subordinated long-term short-term deposits preferred")


def _segments(text: str) -> list[tuple[str, set[str]]]:
    """Each rating code of *text* with the words that tell what it rates, between it and the code before it."""
    found, start = [], 0
    for match in _CODE.finditer(text):
        found.append((match.group(0), content_words(text[start : match.start()]) & _KINDS))
        start = match.end()
    return found


def rating_rule(text: str, spans: list[CitedSpan], question: str = "") -> FieldCheck:
    """Each rating code of a text claim that names what it rates ('corporate credit rating to CCC'): a code its
    quotes give no rating is unchecked; one they give another rating of ('... corporate credit rating to CCC+ ...
    and our senior unsecured debt rating to CCC') is a mismatch, both named, when the quotes say what the code
    claimed rates too. Codes whose words name no kind of rating (an agency's name, a table's run of codes) are left
    to the other checks. A code of one agency's scale claimed of another's ('A1' of S&P) is a mismatch."""
    if scale := _scale_problem(question, text):
        return check_field("rating", "mismatch", scale)
    claimed = _segments(text)
    if len(claimed) == 1 and not claimed[0][1]:  # one code, no kind before it: the words after ('to CCC+ for its ...')
        code = claimed[0][0]
        claimed = [(code, content_words(text[text.find(code) + len(code) :]) & _KINDS)]
    claimed = [(code, kinds) for code, kinds in claimed if kinds]
    given = [s for sentence in quote_sentences(spans) for s in _segments(sentence)]
    if not claimed or not given:
        return check_field("rating", "not_applicable")
    for code, kinds in claimed:
        if code not in {c for c, _ in given}:
            return check_field("rating", "unknown", f"rating: its quotes give no {code}")
        best = max(given, key=lambda g: len(g[1] & kinds))
        same = max(len(k & kinds) for c, k in given if c == code)
        said_of = set().union(*(k for c, k in given if c == code))  # a table's run of codes says of none
        if best[0] != code and len(best[1] & kinds) > same and said_of:
            named = surface_words(best[1] & kinds, text)
            detail = f"rating: its quote gives {best[0]}, not {code}, as the rating of what the claim names ({named})"
            return check_field("rating", "mismatch", detail)
    return check_field("rating", "supported")


# the agencies and their scales: S&P Global Ratings' and Fitch's letters with + or -, Moody's letters with 1 to 3
_AGENCY = re.compile(r"(?P<sp>\bS&P|\bStandard\s*(?:&|and)\s*Poor|\bFitch\b)|(?P<moodys>\bMoody)", re.IGNORECASE)
_MOODYS_CODE = re.compile(r"(?:Aaa|Aa[1-3]|A[1-3]|Baa[1-3]|Ba[1-3]|B[1-3]|Caa[1-3]|Ca)")


def _scale_problem(question: str, text: str) -> str:
    """A code of the claim on another scale than the one agency the question (else the claim) names ('' if none)."""
    claimed = {"moodys" if m["moodys"] else "sp" for m in _AGENCY.finditer(text)}
    named = {"moodys" if m["moodys"] else "sp" for m in _AGENCY.finditer(question)} or claimed
    if len(named) != 1 or len(claimed) > 1:  # a claim that gives two agencies' codes says which is whose
        return ""
    moodys_asked = named == {"moodys"}
    for code in (m.group(0) for m in _CODE.finditer(text)):
        if bool(_MOODYS_CODE.fullmatch(code)) != moodys_asked:
            scale, asked = ("S&P's and Fitch's", "Moody's") if moodys_asked else ("Moody's", "S&P's or Fitch's")
            return f"rating: {code} is a code of {scale} scale, not of {asked}, the agency asked"
    return ""
