"""Periods of table columns as typed intervals, and the document's fiscal calendar.

A column's period is read from every header line above the table's rows, whatever their depth and order:
duration headings that span several columns ("Three Months Ended  Six Months Ended", "13 weeks ended  52 weeks
ended"), month-and-day lines ("July 2, July 3, July 2, July 3,") and the years line ("2023 2022 2023 2022").
A heading spanning k groups over n columns gives each group n/k columns, left to right. A column is an instant
(a balance as of a date) on a balance sheet, under "as of" / "at" / "balance", or for a balance-sheet line item;
otherwise a duration whose length the heading names (3, 6, 9, 12 months; 13, 26, 39, 52, 53 weeks), or the
document's own period (a 10-K's year, a 10-Q's quarter) when it names none.

The fiscal calendar maps dates to fiscal years and quarters: the fiscal year ends in the month and on the day
the cover states ("for the fiscal year ended January 28, 2023"), or the 10-Q balance sheet's prior-year-end
column; the fiscal year is named by the calendar year it ends in, shifted by the cover's own naming (a cover
"fiscal 2022" ending January 28, 2023 names each year by the year before its end).
"""

from __future__ import annotations

import re
from calendar import month_name
from collections import Counter
from dataclasses import dataclass, replace
from datetime import date, timedelta

from ..periods import MONTHS, find_periods
from .facts import Period

_LENGTH = re.compile(
    r"\b(?P<n>three|six|nine|twelve|3|6|9|12|thirteen|twenty-six|thirty-nine|fifty-two|fifty-three|13|14|16|24|26|"
    r"27|39|40|52|53)[- ](?P<unit>months?|weeks?)\b"
    r"|\b(?P<quarter>quarters?|qtr|(?P<bare>q[1-4]))\b|\b(?P<year>years?|fiscal|annual|(?P<full>full[- ]year)|fy)\b"
    r"|\b(?P<half>half[- ]year|first half|second half|h1|h2)\b|\b(?P<ytd>year[- ]to[- ]date|ytd)\b",
    re.IGNORECASE,
)
# the headings that each start a column group ('Three Months Ended Six Months Ended'); a bare 'Year' does not ('Year
# Ended December 31' spans all); 'Q4' and 'Full Year' only on a line of nothing but such headings ('Q4 Full Year'
# over a release's columns, not the caption 'Q4 YTD - Income Before Tax by Segment')
_GROUP_STARTS = ("n", "quarter", "half")
_BARE_GROUPS = re.compile(r"\s*(?:(?:q[1-4]|(?:first|second|third|fourth)\s+quarter|full[- ]year)\s*)+", re.IGNORECASE)
_NUMBER_WORDS = {
    "three": 3,
    "six": 6,
    "nine": 9,
    "twelve": 12,
    "thirteen": 13,
    "twenty-six": 26,
    "thirty-nine": 39,
    "fifty-two": 52,
    "fifty-three": 53,
}
_INSTANT = re.compile(r"\b(?:as\s+of|at|balance(?:s)?\s+(?:at|as)|as\s+at)\b", re.IGNORECASE)
_DURATION_WORD = re.compile(r"\bended\b|\bending\b|\bmonths\b|\bweeks\b|\bquarter\b", re.IGNORECASE)
_MONTH_DAY = re.compile(
    r"\b(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?\s+(?P<day>\d{1,2})\b(?!,?\s*\d{4})",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Calendar:
    """The document's fiscal calendar: the month and day its fiscal year ends, and how it names years."""

    month: int = 12
    day: int = 31
    offset: int = 0  # fiscal year = calendar year of the year's end + offset (-1: 'fiscal 2022' ends in 2023)
    default_months: int = 12  # a column that names no length: a 10-K's year, a 10-Q's quarter
    # fiscal year -> its last day as a dated column of the document prints it (52/53-week years end on a
    # weekday: 'December 3, 2021' is fiscal 2021's end though the cover names only fiscal 2022's)
    ends: tuple[tuple[int, date], ...] = ()

    def with_ends(self, dates: list[date]) -> Calendar:
        """This calendar knowing the fiscal year-ends among *dates* (those within a week of the year-end day)."""
        if (self._year_end(2001) + timedelta(days=1)).day == 1:
            return self  # a year ending on a month's last day: its ends are known without the document's dates
        anchors = [d for d in dates if (d.month, d.day) == (self.month, self.day)]
        weekday = anchors[0].weekday() if anchors else None
        counts: Counter[tuple[int, date]] = Counter()
        for when in dates:
            if weekday is not None and when.weekday() != weekday:
                continue  # a 52/53-week year ends on the weekday the cover's year-end is
            nominal = self._year_end(when.year)
            for candidate in (nominal, self._year_end(when.year - 1), self._year_end(when.year + 1)):
                if abs((when - candidate).days) <= 7:
                    counts[(self.fiscal_year(when), when)] += 1
        known = dict(self.ends)
        for (year, when), _ in sorted(counts.items(), key=lambda item: -item[1]):
            known.setdefault(year, when)  # the date printed most often for the year (statements over notes)
        return replace(self, ends=tuple(sorted(known.items())))

    def fiscal_year(self, end: date) -> int:
        """The fiscal year a period ending on *end* is in."""
        year_end = self._year_end(end.year)
        return (end.year if end <= year_end + timedelta(days=10) else end.year + 1) + self.offset

    def quarter(self, end: date) -> int:
        """The fiscal quarter (1-4) that ends near *end*."""
        year_end = self._year_end(end.year if end <= self._year_end(end.year) + timedelta(days=10) else end.year + 1)
        months = round((year_end - end).days / 30.44)
        return max(1, min(4, 4 - round(months / 3)))

    def year_end(self, fiscal_year: int) -> date | None:
        """The last day of *fiscal_year* when the year ends on a month's last day (52/53-week years: None)."""
        printed = dict(self.ends).get(fiscal_year)
        if printed is not None:
            return printed
        calendar_year = fiscal_year - self.offset
        end = self._year_end(calendar_year)
        return end if (end + timedelta(days=1)).day == 1 else None

    def quarter_end(self, fiscal_year: int, quarter: int) -> date | None:
        """The last day of a fiscal quarter when the year ends on a month's last day (52/53-week years: None)."""
        end = self.year_end(fiscal_year)
        if end is None:
            return None
        month = (end.month - 3 * (4 - quarter) - 1) % 12 + 1
        year = end.year - (1 if month > end.month else 0)
        return _month_end(year, month)

    def _year_end(self, year: int) -> date:
        day = min(self.day, 29 if self.month == 2 else 30 if self.month in (4, 6, 9, 11) else 31)
        return date(year, self.month, day)


def calendar_of(cover_end: str | None, fiscal_year: str | None, kind: str | None, prior_end: date | None) -> Calendar:
    """The calendar from the profile's period end and fiscal year, the document kind, and (for a 10-Q) the
    balance sheet's prior year-end column."""
    default_months = 3 if kind in ("10-Q", "earnings release", "8-K") else 12
    end = _iso(cover_end)
    if kind == "10-Q" or end is None:
        if prior_end is None:
            return Calendar(default_months=default_months)
        return Calendar(month=prior_end.month, day=prior_end.day, default_months=default_months)
    offset = 0
    if fiscal_year and fiscal_year.isdigit() and int(fiscal_year) in (end.year - 1, end.year):
        offset = int(fiscal_year) - end.year
    return Calendar(month=end.month, day=end.day, offset=offset, default_months=default_months)


def _iso(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None


@dataclass
class ColumnHead:
    """What the header lines say about one column."""

    label: str
    year: int | None = None
    month: int | None = None
    day: int | None = None
    fiscal: bool = False
    quarter: int | None = None
    months: int | None = None
    weeks: int | None = None
    instant: bool | None = None
    heading: str = ""


def length_of(text: str) -> tuple[int | None, int | None]:
    """(months, weeks) a heading names: 'Three Months Ended' -> (3, None); '13 weeks ended' -> (3, 13)."""
    for match in _LENGTH.finditer(text):
        if match.group("n"):
            raw = match.group("n").lower()
            n = _NUMBER_WORDS.get(raw) or int(raw)
            if match.group("unit").lower().startswith("week"):
                return round(n / 4.33), n
            return n, None
        if match.group("quarter"):
            return 3, None
        if match.group("half"):
            return 6, None
        if match.group("year"):
            return 12, None
    return None, None


def span_groups(text: str, n_groups: int) -> list[tuple[int, str]]:
    """(group, words) for a heading line spanning column groups: one duration heading per group, or a single one
    over all of them."""
    groups = _groups(text)
    if len(groups) == n_groups:
        return list(enumerate(groups))
    if len(groups) == 1:
        return [(g, groups[0]) for g in range(n_groups)]
    return []


def _starts_group(match: re.Match[str], bare: bool) -> bool:
    if match.group("bare") or match.group("full"):
        return bare
    return any(match.group(g) for g in _GROUP_STARTS)


def _groups(text: str) -> list[str]:
    """Duration headings on one line, left to right: 'Three Months Ended Six Months Ended' -> two groups."""
    bare = bool(_BARE_GROUPS.fullmatch(text))
    starts = [m.start() for m in _LENGTH.finditer(text) if _starts_group(m, bare)]
    if len(starts) < 2:
        return [text] if starts else []
    return [text[a:b].strip() for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]


def column_heads(header_lines: list[str], n_columns: int, column_labels: list[str]) -> list[ColumnHead]:
    """One ColumnHead per column from the header lines (top to bottom) and the table's column labels."""
    heads = [ColumnHead(label=label) for label in column_labels]
    for text in header_lines:
        groups = _groups(text)
        if groups and n_columns % len(groups) == 0:
            per = n_columns // len(groups)
            for g, words in enumerate(groups):
                months, weeks = length_of(words)
                for head in heads[g * per : (g + 1) * per]:
                    head.months, head.weeks = head.months or months, head.weeks or weeks
                    head.heading = f"{head.heading} {words}".strip()
        elif _INSTANT.search(text) and not _DURATION_WORD.search(text):
            for head in heads:
                head.instant = True
        days = [m for m in _MONTH_DAY.finditer(text)]
        if len(days) == n_columns:
            for head, m in zip(heads, days, strict=True):
                head.month, head.day = MONTHS[m.group("month").lower()], int(m.group("day"))
        elif len(days) and n_columns % len(days) == 0 and not find_periods(text):
            per = n_columns // len(days)
            for i, head in enumerate(heads):
                m = days[i // per]
                head.month, head.day = MONTHS[m.group("month").lower()], int(m.group("day"))
    return heads


def fill_from_labels(heads: list[ColumnHead], headings: list[str]) -> None:
    """Years, dates, fiscal and quarter marks from each column's own label, and the words before it."""
    for head, heading in zip(heads, headings, strict=True):
        periods = find_periods(head.label)
        if periods:
            p = periods[0]
            head.year, head.fiscal, head.quarter = p.year, p.fiscal, p.quarter
            if p.month is not None:
                head.month = p.month
                head.day = p.day or head.day
        months, weeks = length_of(heading)
        if head.months is None and months is not None and not _groups_many(heading):
            head.months, head.weeks = months, weeks
        if _INSTANT.search(heading) and not _DURATION_WORD.search(heading):
            head.instant = True
        if heading and heading not in head.heading:
            head.heading = f"{heading} {head.heading}".strip()
    dated = [h for h in heads if h.month is not None and h.day is not None]
    if dated and len({(h.month, h.day) for h in dated}) == 1:  # 'June 30, 2023 2022 2021': one date for all
        for head in heads:
            if head.month is None:
                head.month, head.day = dated[0].month, dated[0].day


def _groups_many(text: str) -> bool:
    return len(_groups(text)) > 1


def to_period(head: ColumnHead, instant: bool, calendar: Calendar) -> Period | None:
    """The typed period of one column."""
    if head.year is None:
        return None
    end: date | None = None
    if head.month is not None and head.day is not None:
        try:
            end = date(head.year, head.month, head.day)
        except ValueError:
            end = None
    elif head.month is not None:
        end = _month_end(head.year, head.month)
    fiscal_year = calendar.fiscal_year(end) if end else head.year
    if head.fiscal and end is None:
        fiscal_year = head.year
    if end is None:
        end = calendar.quarter_end(head.year, head.quarter) if head.quarter else calendar.year_end(fiscal_year)
    is_instant = instant if head.instant is None else head.instant
    printed = head.label
    own = find_periods(head.label)
    if head.month and head.day and own and own[0].month is None:
        printed = f"{month_name[head.month]} {head.day}, {head.label}"  # 'July 2,' over '2023'
    label = f"{head.heading} {printed}".strip()
    if is_instant:
        quarter = calendar.quarter(end) if end else None
        return Period(kind="instant", end=end, fiscal_year=fiscal_year, fiscal_quarter=quarter, label=label)
    months = head.months or (3 if head.quarter else calendar.default_months)
    quarter = head.quarter or (calendar.quarter(end) if end and months == 3 else None)
    if head.quarter and end is None:
        fiscal_year = head.year
    return Period(
        kind="duration",
        end=end,
        months=months,
        weeks=head.weeks,
        fiscal_year=fiscal_year,
        fiscal_quarter=quarter if months == 3 else None,
        label=label,
    )


def _month_end(year: int, month: int) -> date:
    following = date(year + (month == 12), month % 12 + 1, 1)
    return following - timedelta(days=1)
