"""The days a fiscal year runs: a 52/53-week year ends on a day of its own ('the last Saturday in December':
December 28, 2013), so a payment dated December 31, 2013 fell in fiscal 2014. The ends are those of the
document's own twelve-month columns (the most printed end for each fiscal year)."""

from __future__ import annotations

import re
from collections import Counter
from datetime import date, timedelta

from ..ingest.documents import Document
from ..periods import find_periods

_ASKED = re.compile(r"\b(?:fiscal\s+(?:year\s+)?|fy\s?)(?P<year>(?:19|20)\d{2})\b", re.IGNORECASE)
_ENDS: dict[str, dict[int, date]] = {}  # by the document's content hash: its facts are read once a run


def fiscal_year_ends(document: Document) -> dict[int, date]:
    """The last day of each fiscal year the document prints a twelve-month column for."""
    key = document.meta.content_hash
    if key not in _ENDS:
        seen: dict[int, Counter[date]] = {}
        for fact in document.facts:
            period = fact.period
            if period and period.kind == "duration" and period.months == 12 and period.end and period.fiscal_year:
                seen.setdefault(period.fiscal_year, Counter())[period.end] += 1
        close = {y: [d for d in ends.elements() if _near_year_end(document, y, d)] for y, ends in seen.items()}
        _ENDS[key] = {y: Counter(days).most_common(1)[0][0] for y, days in close.items() if days}
    return _ENDS[key]


def _near_year_end(document: Document, year: int, day: date) -> bool:
    """Whether *day* is within a week of the day the document's own fiscal year ends, in *year* (a column of a
    sentence's 'twelve months ended April 1' is no fiscal year's end)."""
    own = document.meta.profile.period_end.value
    if not own:
        return False
    month, dom = int(own[5:7]), int(own[8:10])
    expected = date(year, month, min(dom, 28))
    return abs((day - expected).days) <= 7 + (dom - min(dom, 28))


def outside_fiscal_year(question: str, stated: str, quote: str, document: Document) -> str:
    """Why a figure dated by a day (its stated period, else the one day its quote names) is not of the fiscal year
    the question asks ('December 31, 2013 is after fiscal 2013 ended on December 28, 2013'); '' when it is, or
    when the question asks no fiscal year, no day is given, or the document prints no end for the year."""
    asked = {int(m.group("year")) for m in _ASKED.finditer(question)}
    days = [p for p in find_periods(stated) if p.day] or [p for p in find_periods(quote) if p.day]
    if len(asked) != 1 or len({(p.year, p.month, p.day) for p in days}) != 1:
        return ""  # one fiscal year asked ('fiscal 2012 and 2013' spans two), one day given
    year, day = asked.pop(), days[0]
    ends = fiscal_year_ends(document)
    if year not in ends or day.month is None or day.day is None:
        return ""
    end, when = ends[year], date(day.year, day.month, day.day)
    start = ends.get(year - 1, end - timedelta(days=371))  # a 53-week year at most
    if when > end:
        return f"period: {day.text} is after fiscal {year} ended on {_spoken(end)}"
    if when <= start:
        return f"period: {day.text} is before fiscal {year} began (the day after {_spoken(start)})"
    return ""


_NAME_AFTER = re.compile(r"\s+(?-i:[A-Z])")


def named_year_problem(question: str, end: str | None, document: Document) -> str:
    """Why a figure whose period ends on *end* (ISO) is not of the fiscal year the question names, where the document
    says how it names a year ending in January to March ('fiscal 2019' ended February 2, 2019: the column of
    February 2, 2019 is no answer to 'fiscal 2018'); '' when it is, or when nothing says."""
    # 'fiscal 2018' asked; not a name that starts with one ('Fiscal 2020 U.S. Retail Operating Model Changes in 2022')
    asked = {int(m.group("year")) for m in _ASKED.finditer(question) if not _NAME_AFTER.match(question, m.end())}
    if not end or len(asked) != 1 or not document.meta.profile.fiscal_naming.value:
        return ""
    day, ends = date.fromisoformat(end), fiscal_year_ends(document)
    year = next((y for y in sorted(ends) if day <= ends[y] and (ends[y] - day).days < 372), None)
    if year is None or year in asked:
        return ""
    return f"period: {_spoken(day)} falls in fiscal {year} as the document names its years, not fiscal {asked.pop()}"


def _spoken(day: date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


# assumptions a table gives at a year's end for the next year's cost (ASC 715: the measurement date's discount rate
# sets the following year's net periodic benefit cost): 'to determine the net periodic benefit cost for each
# subsequent year'
_NEXT_YEAR_COST = re.compile(r"\b(?:cost|expense|income)\s+for\s+(?:each|the)\s+(?:subsequent|following|next)\s+year")
_ASKS_COST = re.compile(r"\b(?:cost|expense)\b", re.IGNORECASE)


def next_year_cost_year(question: str, cells: list[tuple[Document | None, int | None]]) -> int | None:
    """The year whose cost the question asks, when every table cell (document, GLOBAL_LINE) is in a table of
    assumptions its introduction says set each subsequent year's cost (Lockheed's 'Weighted average discount rate
    2.500 % 3.250 %': 2020's cost is set by the December 31, 2019 column); None otherwise."""
    years = {int(m) for m in re.findall(r"\b(?:19|20)\d\d\b", question)}
    if not cells or len(years) != 1 or not _ASKS_COST.search(question):
        return None
    for document, line in cells:
        located = document.table_row(line) if document is not None and line else None
        if document is None or located is None:
            return None
        first = located[0].first_line
        if not _NEXT_YEAR_COST.search(" ".join(map(str, document.lines["text"].iloc[max(0, first - 7) : first - 1]))):
            return None
    return years.pop()
