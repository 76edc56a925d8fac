"""Years and parts of years a yes is dated by: a year that begins a name ('the 2021 Repurchase Program') dates no
event of its sentence, and a quote of a whole year ('In fiscal 2021, we purchased ...') does not place an event in
the part of it a question asks ('the first half of fiscal 2021')."""

from __future__ import annotations

import re

from ..periods import MONTHS, years_named
from ..question.parse import search_text

# a year that begins a name ('its 2009 Long-Term Incentive Plan', 'the 2021 Repurchase Program')
NAMED_YEAR = re.compile(r"\b(?:19|20)\d{2}\s+(?=[A-Z][a-z])")
# a date a participle gives the thing before it ('the pending acquisition of Aerojet Rocketdyne Holdings, Inc.
# announced on December 20, 2020'): the thing's past, not the time of what the sentence says of it; not a subject's
# own act ('we announced on ...', 'which was announced on ...')
_OBJECT_DATED = re.compile(
    r"(?P<before>\S+)\s+(?:announced|entered\s+into|signed|dated|filed|issued)\s+(?:on|in)\s+"
    r"(?:[A-Z][a-z]+\.?\s+(?:\d{1,2},\s+)?)?(?:19|20)\d\d\b"
)
_SUBJECTS = frozenset("we it they he she which that who was were been has have had is are be".split())


def without_object_dates(sentence: str) -> str:
    """*sentence* with the dates participles give the things before them left out (``_OBJECT_DATED``)."""
    return _OBJECT_DATED.sub(lambda m: m.group(0) if m["before"].lower() in _SUBJECTS else m["before"], sentence)


# a part of a year a question asks ('the first half of fiscal 2021', 'the third quarter', 'the six months ended',
# 'in April 2021'; not the month of a year's end, 'the year ended May 31, 2021'); and any a quote says
_PART = r"\b(?:first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?(?:half|quarter)\b|\b[QH][1-4]\b"
_FULL_MONTHS = "|".join(m for m in MONTHS if len(m) > 3)
_PART_ASKED = re.compile(
    rf"{_PART}|\b(?:three|six|nine)[\s-]+months?\b|\b(?:in|during)\s+(?:{_FULL_MONTHS})\b(?!\s+\d{{1,2}}\b)", re.I
)
_PART_SAID = re.compile(rf"{_PART}|\bquarters?\b|\bhalf\b|\bmonths?\b|\b(?:{_FULL_MONTHS})\b", re.IGNORECASE)


def undated_yes(about: list[str], question: str, asked_years: frozenset[int]) -> str:
    """Why the quotes date no yes for the time asked ('' when they may): the asked year only begins a name there
    ('Pursuant to the authorization under the 2021 Repurchase Program, the Company entered into ...' for 'in
    2021'), or the question asks a part of the year ('the first half of fiscal 2021') that a quote of the whole
    year ('In fiscal 2021, we purchased ...') does not place the event in."""
    own = frozenset().union(*(years_named(NAMED_YEAR.sub(" ", s)) for s in about))
    quoted = frozenset().union(*(years_named(s) for s in about))
    if years_named(NAMED_YEAR.sub(" ", question)) and asked_years & quoted and not asked_years & own:
        return "the year asked only begins a name in the quote; it dates no event of it"
    part = _PART_ASKED.search(search_text(question))
    if part and not any(_PART_SAID.search(s) for s in about):
        return f"the question asks {part.group(0)!r} of the year; the quote does not say when in the year"
    return ""
