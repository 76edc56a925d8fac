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
# 'in April 2021'; not the month of a year's end, 'the year ended May 31, 2021', 'that ended in December 2021'); and
# any a quote says ('Feb. 12, 2021', 'the three months ended', 'quarterly'; not 'the twelve months ended')
_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
_PART = re.compile(
    rf"\b(?P<ordinal>{'|'.join(_ORDINALS)})\s+(?:fiscal\s+)?(?P<unit>half|quarter)\b|\b(?P<code>[QH][1-4])\b",
    re.IGNORECASE,
)
_FULL_MONTHS = "|".join(m for m in MONTHS if len(m) > 3)
_PART_ASKED = re.compile(
    rf"{_PART.pattern}|\b(?:three|six|nine)[\s-]+months?\b|"
    rf"(?<!ended\s)(?<!ending\s)\b(?:in|during)\s+(?:{_FULL_MONTHS})\b(?!\s+\d{{1,2}}\b)",
    re.IGNORECASE,
)
_PART_SAID = re.compile(
    rf"{_PART.pattern}|\bquarter(?:s|ly)?\b|\bhalf\b|\b(?:three|six|nine|3|6|9)[\s-]+months?\b|"
    rf"(?<!ended\s)(?<!ending\s)(?<!of\s)\b(?:{'|'.join(MONTHS)})\b\.?(?=\s+\d)|"
    rf"(?<!ended\s)(?<!ending\s)(?<!of\s)\b(?:{_FULL_MONTHS})\b",
    re.IGNORECASE,
)
# a year that begins a name of a program, a plan, an instrument or a meeting ('the 2021 Repurchase Program', '2030
# Senior Notes'), not a year before a sentence's subject ('In 2021 Contoso repurchased ...')
_NAME_YEAR = re.compile(
    r"\b(?:19|20)\d{2}\s+(?:[A-Z][\w-]*\s+){0,3}(?:Program|Plan|Notes|Agreement|Facility|Act|Meeting|Statement|"
    r"Loan|Debentures|Bonds|Offering|Authorization|Guidance|Outlook)s?\b"
)


def undated_yes(about: list[str], question: str, asked_years: frozenset[int]) -> str:
    """Why the quotes date no yes for the time asked ('' when they may): the asked year only begins a name there
    ('Pursuant to the authorization under the 2021 Repurchase Program, the Company entered into ...' for 'in
    2021'), or the question asks a part of the year ('the first half of fiscal 2021') that a quote of the whole
    year ('In fiscal 2021, we purchased ...') does not place the event in, or places it in another part ('the
    fourth quarter' for the first half)."""
    own = frozenset().union(*(years_named(_NAME_YEAR.sub(" ", s)) for s in about))
    quoted = frozenset().union(*(years_named(s) for s in about))
    if years_named(NAMED_YEAR.sub(" ", question)) and asked_years & quoted and not asked_years & own:
        return "the year asked only begins a name in the quote; it dates no event of it"
    part = _PART_ASKED.search(search_text(question))
    if part and asked_years & quoted and not any(_PART_SAID.search(s) for s in about):  # dated by the year alone
        return f"the question asks {part.group(0)!r} of the year; the quote does not say when in the year"
    said = [q for s in about for m in _PART.finditer(s) if (q := _span(m))]
    if part and (asked := _span(part)) and said and not any(asked[0] <= q[0] and q[1] <= asked[1] for q in said):
        return f"the question asks {part.group(0)!r} of the year; the quote says another part of it"
    return ""


def _span(found: re.Match[str]) -> tuple[int, int] | None:
    """The quarters a half or quarter covers ('first half': 1-2, 'Q3': 3-3); None for another part."""
    if found.groupdict().get("code"):
        code = found["code"].upper()
        number = int(code[1])
        return (2 * number - 1, 2 * number) if code[0] == "H" else (number, number)
    if found.groupdict().get("ordinal"):
        number = _ORDINALS[found["ordinal"].lower()]
        return (2 * number - 1, 2 * number) if found["unit"].lower() == "half" else (number, number)
    return None
