"""A figure its sentence says will be paid, asked as one that was. 'What weighted average fixed rate did Amcor pay
under its interest rate swaps during fiscal year 2023?' is not answered by 'Under the terms of the contracts, we will
pay a weighted average fixed rate of interest of 3.88%': those swaps take effect after the year (the next sentence
says 'effective as of July 1, 2023'). A past question ('did ... pay', 'was ... paid') needs a figure its clause
states as done; 'will' or 'shall' before the figure in its clause states what is to come (general English).

Also of time: a figure the quote calls former, a yes dated by a month the quotes do not say, a year asked by its noun
('the baseline year') that the quote's sentence ties to another year, and a yes about a year long before the
filing's that no quote names."""

from __future__ import annotations

import re

from ..numbers import find_numbers
from ..periods import MONTH_ALTERNATION, years_named
from ..question.parse import search_text
from ..textnorm import split_sentences
from .claims import check_field
from .passages import text_after
from .rules import FieldCheck
from .values import CitedSpan, same_value

# a past act of paying or receiving ('What rate did Amcor pay'), not an estimate or a grant of something to come
_PAST = re.compile(
    r"^\s*(?:what|how\s+much|how\s+many|which)\b[^?]*?\b(?:did|was|were|had)\b[^?]*?\b(?:pa(?:y|id)|incur(?:red)?|"
    r"receive[d]?|spen[dt]|earn(?:ed)?|charged?)\b",
    re.IGNORECASE,
)
_TO_COME = re.compile(r"\b(?:will|shall)\s+(?:\w+ly\s+)?(?!have\b)[a-z]{3,}\b", re.IGNORECASE)
_SCALES = (1.0, 1e3, 1e6, 1e9, 1e-3, 1e-6, 1e-9)


def _same(printed: float, stated: float) -> bool:
    """Whether a figure printed in a quote is the stated one at some scale ('1,577' millions for '1.6' billions)."""
    return any(same_value(stated, 1.0, printed * scale) for scale in _SCALES)


def future_figure_rule(question: str, spans: list[CitedSpan], stated: list[float]) -> FieldCheck:
    """``unknown`` when a past question's figure is printed in a clause that says it will be paid (done, owed): the
    quote tells what is to come, not what was."""
    asking = search_text(question)
    if not stated or not _PAST.match(asking) or re.search(r"\b(?:will|shall|would)\b", asking, re.IGNORECASE):
        return check_field("scenario", "not_applicable")
    for cited in spans:
        for sentence in split_sentences(cited.span.quote):
            for number in find_numbers(sentence):
                if number.is_year or not any(_same(number.value, v) for v in stated if v):
                    continue
                clause = re.split(r"[;:]", sentence[: number.start])[-1]
                if to_come := _TO_COME.search(clause):
                    said = clause.strip()[-80:]
                    detail = f"scenario: the quote says what '{to_come.group(0)}' ({said}); the question asks what was"
                    return check_field("scenario", "unknown", detail)
    return check_field("scenario", "not_applicable")


_MONTHS = MONTH_ALTERNATION
_MONTH_YEAR = re.compile(rf"\b(?P<month>{_MONTHS})\s+(?:\d{{1,2}},\s+)?(?P<year>(?:19|20)\d\d)\b")


_PERIOD_END = re.compile(rf"\b(?:ended|ending|as\s+of|at|through)\s+(?:{_MONTHS})\s+(?:\d{{1,2}},\s+)?\d{{4}}", re.I)
_LEAD_IN = re.compile(r"^\W*(?:after|before|since|following|upon|when|once|while|until)\b[^,?]*,", re.IGNORECASE)
_RANGE = re.compile(rf"\b(?:between|from)\s+(?:{_MONTHS})\b[^?]*\b(?:and|to|through)\s+(?:{_MONTHS})\b", re.I)


def _months(text: str) -> set[tuple[str, str]]:
    return {(m.group("month"), m.group("year")) for m in _MONTH_YEAR.finditer(text)}


def other_month_rule(value: bool, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A yes about an event the question dates by its month ('the permanent extension ... Congress passed in
    December 2015') from quotes that date theirs by another month and never by the one asked ('the reinstatement of
    the ... tax credit in December 2014'): ``unknown``, both months named; so is one that asks two months of which
    the quotes say one."""
    asking = _PERIOD_END.sub(" ", search_text(question))  # 'the fiscal year ended June 30, 2023': a period
    asking = _LEAD_IN.sub(" ", asking)  # 'After closing in March 2020, did Aria re-open in July 2020?': a setting
    asked = _months(asking) if not _RANGE.search(asking) else set()
    said = set().union(*(_months(s.span.quote) for s in spans)) if spans else set()
    if not value or not asked or not said or asked <= said:
        return check_field("period", "not_applicable")
    first, other = sorted(asked - said)[0], sorted(said - asked or said)[0]
    detail = f"period: the question asks of {' '.join(first)}; the quotes tell of {' '.join(other)}"
    return check_field("period", "unknown", detail)


# a figure the quote gives as a former one: 'a prior standard of 10 parts per billion' (general English)
_FORMER = re.compile(r"\b(?:prior|former|previous|previously|old|superseded|withdrawn|rescinded)\b", re.IGNORECASE)
_ASKS_NOW = re.compile(r"\b(?:current(?:ly)?|now|presently|today|in\s+effect|applies|apply)\b", re.IGNORECASE)
_BEFORE_FIGURE = 40  # the characters before a figure that may call it former ('a prior standard of')


def former_figure_rule(question: str, stated: list[float], spans: list[CitedSpan]) -> FieldCheck:
    """``unknown`` when the question asks what holds now and the quote gives the stated figure as a former one."""
    if not stated or not _ASKS_NOW.search(search_text(question)):
        return check_field("period", "not_applicable")
    for cited in spans:
        quote = cited.span.quote
        for number in find_numbers(quote):
            before = quote[max(0, number.start - _BEFORE_FIGURE) : number.start]
            if any(_same(number.value, v) for v in stated if v) and (former := _FORMER.search(before)):
                detail = f"period: the quote gives {number.text} as {former.group(0)} ('{before.strip()}'); asked: now"
                return check_field("period", "unknown", detail)
    return check_field("period", "not_applicable")


# 'What is the baseline year for ...?', 'the record date': a year or date the question asks by its noun
_NOUN_DATE = re.compile(r"\bthe\s+(?P<noun>[a-z]{4,}(?:-[a-z]+)?)\s+(?:year|date)\b", re.IGNORECASE)
_NOT_NOUNS = frozenset({"fiscal", "calendar", "current", "prior", "previous", "next", "same", "following", "first"})


def noun_year_rule(printed: str, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A date asked by its noun ('the baseline year') whose quote ties that noun to another year ('over a 2009
    baseline', 'baseline year of 2009'), in the quote or its sentence after it, than the one answered (fiscal year
    2016, when the goal was set): ``mismatch``, both years named."""
    asked = _NOUN_DATE.search(search_text(question))
    answered = re.findall(r"\b(?:19|20)\d\d\b", printed)
    if asked is None or asked["noun"].lower() in _NOT_NOUNS or not answered:
        return check_field("period", "not_applicable")
    noun = re.escape(asked["noun"])
    tied = re.compile(
        rf"\b(?P<a>(?:19|20)\d\d)\s+(?:[a-z-]+\s+)?{noun}\b|\b{noun}\s+(?:year|date|period)?\s*(?:of|in|was|is|:)?\s*"
        rf"(?P<b>(?:19|20)\d\d)\b",
        re.IGNORECASE,
    )
    quoted = [found["a"] or found["b"] for c in spans for found in tied.finditer(c.span.quote)]
    if set(quoted) & set(answered):
        return check_field("period", "not_applicable")  # the quote itself ties the noun to the year answered
    # the quote, then the rest of its sentence ('... by 2020 (over a 2009 baseline)'), not the next bullet or row
    after = [_SENTENCE_END.split(text_after(c)[:_AFTER_CHARS])[0] for c in spans if not quoted]
    for year in [*quoted, *(f["a"] or f["b"] for text in after for f in tied.finditer(text))]:
        if year not in answered:
            detail = f"period: the quote gives the {asked['noun']} as {year}; the answer says {answered[0]}"
            return check_field("period", "mismatch", detail)
    return check_field("period", "not_applicable")


_AFTER_CHARS = 200  # how far past a quote its sentence may name the noun asked
_SENTENCE_END = re.compile(r"(?<=[.;!?])\s|\s*[\u2022\u00b7\u25cf\u25aa]\s*")


_WINDOW = 2  # the years before the document's own that its statements compare with


def _with_line_above(cited: CitedSpan) -> str:
    """The cited lines and the line above them, where the sentence before a quote may date what it is about ('On
    ... June 23, 2015, a ... water main ... failed. The water main is ... owned by ...')."""
    texts = cited.document.lines["text"].tolist()
    return " ".join(str(t) for t in texts[max(cited.span.line_start - 2, 0) : cited.span.line_end])


def far_year_rule(value: bool, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A yes to a question about a year well before the document's own ('an employee hired in 2012' of a 2018
    filing) from quotes that never name that year, nor their lines and the line above: ``unknown`` (they tell what
    holds now, not what held then or for those of then). Only a year the question dates something by counts ('in
    2012', 'during 2012'), not one in a name ('the Securities Exchange Act of 1934', 'the 2009 Plan', 'the 2017 tax
    law')."""
    own = spans[0].document.meta.profile.fiscal_year.value if spans else None
    if not value or not own or not str(own).isdigit():
        return check_field("period", "not_applicable")
    far = sorted(int(y) for y in _DATED_BY.findall(search_text(question)) if int(y) < int(own) - _WINDOW)
    said = set().union(*(years_named(_with_line_above(c)) for c in spans))
    if not far or set(far) & said:
        return check_field("period", "not_applicable")
    detail = f"period: the question asks of {far[0]}; no quote names it"
    return check_field("period", "unknown", detail)


# a year something is dated by: 'in 2012', 'during fiscal 2012', 'since 2012', 'as of December 31, 2012'
_DATED_BY = re.compile(
    rf"\b(?:in|during|since|until|before|after|through|as\s+of|at|on)\s+(?:(?:fiscal|calendar|the\s+year)\s+)?"
    rf"(?:(?:{MONTH_ALTERNATION})\s+(?:\d{{1,2}},\s+)?)?((?:19|20)\d\d)\b(?!\s+(?-i:[A-Z]))",
    re.IGNORECASE,
)
