"""Periods as documents and questions name them: years, fiscal years, quarters and dates.

One reader for table column headers (``2018``, ``Fiscal 2023``, ``June 30, 2023``,
``Dec. 31, 2021``, ``Three Months Ended March 31, 2022``), answer items' ``period`` fields and
questions ("FY2018", "fiscal 2023", "Q3 2022", "in 2024"). Comparing two periods is done on
years: a year that ends in January to March is named by either calendar year, because
companies differ in how they name such fiscal years (a retailer's fiscal 2018 may end on
February 2, 2019).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
# The twelve month names, capitalised as a date prints them, as a regex alternation.
_FULL_MONTHS = [max((n for n, number in MONTHS.items() if number == m), key=len) for m in range(1, 13)]
MONTH_ALTERNATION = "|".join(name.capitalize() for name in _FULL_MONTHS)
_MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_PERIOD = re.compile(
    # The lookahead is the set of characters a match can begin with (a month's, 'fiscal', 'fy', 'q', a quarter's
    # word, a year's '19' or '20'): it changes no match, and rejects the other positions at once instead of trying
    # each alternative there.
    r"(?=[jfmasondqt12])(?:"
    rf"\b{_MONTH}\s+(?P<day>\d{{1,2}}),?\s*(?P<date_year>(?:19|20)\d\d)\b"
    rf"|\b{_MONTH.replace('month', 'm2')}\s+(?P<month_year>(?:19|20)\d\d)\b"
    r"|\b(?P<yq_fy>fiscal(?:\s+year)?\s*|fy\s*)?(?P<yq_year>(?:19|20)\d\d)\s?q(?P<yq>[1-4])\b"  # 'FY2023Q1', '2023Q1'
    r"|\b(?:fiscal(?:\s+year)?|fy)\s*'?(?P<fiscal>(?:19|20)\d\d|\d\d)\b"
    r"|\b(?:q(?P<q>[1-4])|(?P<qword>first|second|third|fourth)\s+quarter(?:\s+of)?)\s*(?:fy|fiscal)?\s*'?"
    r"(?P<q_year>(?:19|20)\d\d|\d\d)\b"
    r"|(?<![\d,.$])\b(?P<year>(?:19|20)\d\d)\b(?![,.]?\d))",
    re.IGNORECASE,
)
_QUARTER_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4}


@dataclass(frozen=True)
class Period:
    """One period expression: its text as written and the year (and month, day, quarter) it names."""

    text: str
    year: int
    start: int
    end: int
    month: int | None = None
    day: int | None = None
    quarter: int | None = None
    fiscal: bool = False

    @property
    def years(self) -> frozenset[int]:
        """The years this period may be called: a year ending in January-March is named either way."""
        if self.month is not None and self.month <= 3 and self.day is not None:
            return frozenset({self.year, self.year - 1})
        return frozenset({self.year})

    @property
    def iso(self) -> str | None:
        """The ISO date when a full date is written."""
        if self.month is None or self.day is None:
            return None
        return f"{self.year:04d}-{self.month:02d}-{self.day:02d}"


def _full_year(text: str) -> int:
    value = int(text)
    return value + 2000 if value < 100 else value


_TWO_DIGITS = re.compile(r"\d\d")  # every period expression holds a year: two digits in a row at least


def find_periods(text: str) -> list[Period]:
    """Every period expression in *text*, left to right."""
    return list(_periods(text)) if _TWO_DIGITS.search(text) else []


@functools.lru_cache(maxsize=8192)
def _periods(text: str) -> tuple[Period, ...]:
    """find_periods of a text that holds two digits in a row, remembered: ingest reads a line's periods in its
    table pass and again for its facts (the regular expression is the cost of both)."""
    found: list[Period] = []
    for match in _PERIOD.finditer(text):
        groups = match.groupdict()
        common = {"text": match.group(0).strip(), "start": match.start(), "end": match.end()}
        if (groups["date_year"] or groups["month_year"]) and _due_before(text, match.start()):
            continue  # '3.800% Notes due on December 5, 2024': a note's maturity names it, no period of a figure
        if groups["date_year"]:
            found.append(
                Period(
                    year=int(groups["date_year"]),
                    month=MONTHS[groups["month"].lower()],
                    day=int(groups["day"]),
                    **common,  # type: ignore[arg-type]
                )
            )
        elif groups["month_year"]:
            month = MONTHS[groups["m2"].lower()]
            found.append(Period(year=int(groups["month_year"]), month=month, **common))  # type: ignore[arg-type]
        elif groups["yq_year"]:
            year, quarter, fiscal = int(groups["yq_year"]), int(groups["yq"]), bool(groups["yq_fy"])
            found.append(Period(year=year, quarter=quarter, fiscal=fiscal, **common))  # type: ignore[arg-type]
        elif groups["fiscal"]:
            found.append(Period(year=_full_year(groups["fiscal"]), fiscal=True, **common))  # type: ignore[arg-type]
        elif groups["q_year"]:
            quarter = int(groups["q"]) if groups["q"] else _QUARTER_WORDS[groups["qword"].lower()]
            found.append(Period(year=_full_year(groups["q_year"]), quarter=quarter, **common))  # type: ignore[arg-type]
        elif groups["year"] and not _names_instrument(text, match.start(), match.end()):
            found.append(Period(year=int(groups["year"]), **common))  # type: ignore[arg-type]
    return tuple(found)


# a bare year that names a debt instrument by its maturity ('the 2025 Notes', 'Debentures, 3.90%, due 2049'), not
# the period a figure is for
_INSTRUMENT_AFTER = re.compile(
    r"\s*(?:(?:senior|subordinated|convertible|secured|unsecured)\s+)?(?:notes?|debentures?|bonds?)\b", re.I
)
# each year of a list of them, by their capitalised name: 'the 2019, 2021, 2024, 2034, and 2044 Notes'
_INSTRUMENTS_AFTER = re.compile(r"(?:\s*,\s*(?:and\s+)?(?:19|20)\d{2}\b)+\s+(?:Notes|Debentures|Bonds)\b")
# 'Debentures, 3.90%, due 2049', '5.5% Notes due 2030': a note's maturity; never 'payments due in 2023'
_DUE_BEFORE = re.compile(
    r"(?:\b(?:notes?|debentures?|bonds?)|\d%)[^.;:]{0,25}?\bdue\s+(?:in\s+|on\s+)?$", re.IGNORECASE
)


def _names_instrument(text: str, start: int, end: int) -> bool:
    return bool(_INSTRUMENT_AFTER.match(text, end) or _INSTRUMENTS_AFTER.match(text, end) or _due_before(text, start))


def _due_before(text: str, start: int) -> bool:
    return bool(_DUE_BEFORE.search(text[max(0, start - 45) : start]))


def years_named(text: str) -> frozenset[int]:
    """Every year *text* names, with the two readings of a year that ends in January to March."""
    years: set[int] = set()
    for period in find_periods(text):
        years |= period.years
    return frozenset(years)


def same_period(named: str, column: Period) -> bool | None:
    """Whether the period written as *named* is the column's period; None when *named* names no year."""
    wanted = years_named(named)
    if not wanted:
        return None
    return bool(wanted & column.years)


_AVERAGE_OVER_YEARS = re.compile(
    r"\b(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)[- ]years?\s+average\b"
    r"|\baverage\b[^.?;]{0,80}?\b(?:from|between|over)\b|\b(?:from|between)\b[^.?;]{0,40}?\baverage\b",
    re.IGNORECASE,
)
_LONGEST_AVERAGE = 10


def averaged_years(question: str) -> frozenset[int]:
    """The years an average the question asks for must cover ('the FY2015 - FY2017 3 year average' -> 2015, 2016,
    2017; 'average total assets between FY2016 and FY2017' -> 2016, 2017); empty when it asks for none."""
    if not _AVERAGE_OVER_YEARS.search(question):
        return frozenset()
    years = {y for p in find_periods(question) for y in p.years if len(p.years) == 1}
    if len(years) < 2 or max(years) - min(years) >= _LONGEST_AVERAGE:
        return frozenset()
    return frozenset(range(min(years), max(years) + 1))


_ASKS_SPAN = re.compile(
    r"\b(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)[- ]years?\s+average\b"
    r"|\baverage\b[^.?;]{0,60}\b(?:last|past|prior)\s+(?:\d{1,2}|two|three|four|five)\s+(?:fiscal\s+)?years\b",
    re.IGNORECASE,
)


def asks_average_over_years(question: str) -> bool:
    """Whether the question asks for an average over several years ('3 year average', 'average over the last three
    years'), whether or not it names them."""
    return bool(_ASKS_SPAN.search(question))
