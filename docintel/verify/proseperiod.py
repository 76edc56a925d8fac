"""The period of a figure told in prose: the years its quote names, with the rest of the clause it was cut from;
when those name none, its sentence ('In the fourth quarter of 2016, management approved plans ... approximately
2,850 roles'), where 'the current year' is the filing's own; when that names none either, the sentence before it
('In January 2015, we issued ... notes. Our proceeds were approximately $989.3 million'). A year read around the quote
supports the period asked only when it is the one asked; another year in the quote's own sentence contradicts it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal, Protocol

from ..answer.contract import Span
from ..ingest.documents import Document
from ..periods import find_periods, years_named
from ..textnorm import sentence_bounds


class CitedSpan(Protocol):
    """A verified span with the document it cites (``values.CitedSpan``)."""

    @property
    def span(self) -> Span: ...

    @property
    def document(self) -> Document: ...


PeriodVerdict = Literal["supported", "mismatch", "unknown", "not_applicable"]

_CLAUSE_END = re.compile(r"[,;.:]|\s[-–—]\s")
# the filing's own year, said without a number; not 'the current year's first quarter'
_CURRENT_YEAR = re.compile(r"\b(?:the\s+)?(?:current|this)\s+(?:fiscal\s+)?year\b(?!['\u2019]s)", re.IGNORECASE)
# a sentence that divides what the sentence before it tells ('Of these employees, ...', 'Of this amount, ...'): its
# figure is a part of that one's, not a figure the sentence before dates
_PART_OF_BEFORE = re.compile(r"^\W*(?:of|within)\s+(?:these|those|this|that|which|the\s+total|such)\b", re.IGNORECASE)
# a figure summed over years ('has incurred total pretax expenses of $3,058 million ... since it commenced')
_CUMULATIVE = re.compile(
    r"\bsince\s+(?:its\s+)?(?:inception|it\s+(?:commenced|began|started)|the\s+\w+\s+(?:commenced|began))\b|"
    r"\b(?:to\s+date|cumulative(?:ly)?|life[\s-]+to[\s-]+date)\b",
    re.IGNORECASE,
)
_LEAD_WORDS = 4  # the words a sentence may say before its quote and still take the sentence before as its setting
_LINES_BEFORE = 4  # how far above a quote its sentence, and the sentence before that, may begin


def cut_clause(cited: CitedSpan) -> str:
    """The rest of the clause a quote was cut from, on its last line and the next ('... on the sale of Media' + '
    in 2021;'): its year governs the figure as much as the quote's own. A quote ending its line has cut nothing."""
    texts, pages = cited.document.lines["text"], cited.document.lines["page"]
    end = cited.span.line_end
    if not 1 <= end <= len(texts):
        return ""
    line = " ".join(str(texts.iloc[end - 1]).split())
    tail = " ".join(cited.span.quote.split())[-30:]
    at = line.find(tail) if tail else -1
    rest = line[at + len(tail) :] if at >= 0 else ""
    if rest.strip() and not _CLAUSE_END.search(rest) and end < len(texts) and pages.iloc[end] == pages.iloc[end - 1]:
        rest = f"{rest} {' '.join(str(texts.iloc[end]).split())}"  # the clause runs on to the next line
    return _CLAUSE_END.split(rest, maxsplit=1)[0]


def prose_period(
    wanted: frozenset[int], cited: Sequence[CitedSpan], own: list[str] | None = None, stated: str | None = None
) -> tuple[PeriodVerdict, str]:
    """Whether the years a prose figure is told with (*own*: its own sentence, when the quote holds several) are
    the years asked (*wanted*), with a note that says where they were read; a sentence around the quote dated only
    by a day ('As of December 31, 2020 we are required to make annual rent payments of ...') dates a figure whose
    *stated* period is a day, not a year's flow."""
    texts = own or [f"{c.span.quote} {cut_clause(c)}" for c in cited]
    named = frozenset().union(*(years_named(t) for t in texts)) if texts else frozenset()
    if not wanted:
        return "not_applicable", "no period was stated or asked"
    if not named:
        if own or not cited:
            return "unknown", "the quote names no period"
        return _around(wanted, cited, bool(stated and any(p.day for p in find_periods(stated))))
    if named <= wanted:
        return "supported", "the quote names the period"
    if named & wanted:
        return "unknown", f"the quote names several periods ({', '.join(map(str, sorted(named)))})"
    return "mismatch", f"the quote is about {', '.join(map(str, sorted(named)))}, not the period asked"


def _around(wanted: frozenset[int], cited: Sequence[CitedSpan], day_asked: bool) -> tuple[PeriodVerdict, str]:
    """The period of quotes that name none, read from their sentences and the sentences before them: every quote
    placed in a year asked is supported, one placed by its sentence in another year is a mismatch."""
    readings = [_sentence_years(c, day_asked) for c in cited]
    if any(where == "sentence" and years and not years & wanted for years, where in readings):
        years = sorted(frozenset().union(*(y for y, w in readings if w == "sentence" and not y & wanted)))
        return "mismatch", f"the quote's sentence is about {', '.join(map(str, years))}, not the period asked"
    if readings and all(years and years <= wanted for years, _ in readings):
        where = {w for _, w in readings}
        said = "its sentence" if where == {"sentence"} else "the sentence before it" if where == {"before"} else ""
        return "supported", f"the quote names no period; {said or 'the text around it'} names the period asked"
    return "unknown", "the quote names no period"


def _sentence_years(cited: CitedSpan, day_asked: bool) -> tuple[frozenset[int], str]:
    """The years the quote's sentence names ('sentence'; 'the current year' is the filing's), else those of the
    nearest sentence before it that names one, within a few lines ('before'), else none; a sentence dated only by
    days dates nothing but a day asked."""
    texts, pages = cited.document.lines["text"], cited.document.lines["page"]
    start, end = cited.span.line_start, cited.span.line_end
    if not 1 <= start <= end <= len(texts):
        return frozenset(), ""
    first, last = start, end + (end < len(texts) and pages.iloc[end] == pages.iloc[end - 1])
    while first > max(1, start - _LINES_BEFORE) and pages.iloc[first - 2] == pages.iloc[start - 1]:
        first -= 1
    above = " ".join(" ".join(str(t).split()) for t in texts.iloc[first - 1 : start - 1])
    text = " ".join(" ".join(str(t).split()) for t in texts.iloc[first - 1 : last])
    quote = " ".join(cited.span.quote.split()).lower()
    at = text.lower().find(quote[:40], len(above))  # on the cited lines, not an earlier line that says it too
    if at < 0 or not quote:
        return frozenset(), ""
    bounds = sentence_bounds(text)
    index = next((i for i, (_, e) in enumerate(bounds) if at < e), len(bounds) - 1)
    close = next((i for i, (_, e) in enumerate(bounds) if at + len(quote) <= e), len(bounds) - 1)
    sentence = text[bounds[index][0] : bounds[close][1]]
    years = years_named(sentence)
    if years and not day_asked and all(p.day for p in find_periods(sentence)):
        return frozenset(), ""  # 'As of December 31, 2020 we are required to make annual rent payments of ...'
    if not years and _CURRENT_YEAR.search(sentence):
        own = cited.document.meta.profile.fiscal_year.value
        years = frozenset({int(own)}) if own and str(own).isdigit() else frozenset()
    if years:
        return years, "sentence"
    if _PART_OF_BEFORE.match(sentence) or _CUMULATIVE.search(sentence):  # a part of it; a total since inception
        return frozenset(), ""
    if len(text[bounds[index][0] : at].split()) > _LEAD_WORDS:  # 'The primary U.S. qualified pension plan, ... 70'
        return frozenset(), ""  # a subject of its own before the quote: the sentence before may tell of another
    for begin, finish in reversed(bounds[:index]):
        if years := years_named(text[begin:finish]):
            return years, "before"
    return frozenset(), ""
