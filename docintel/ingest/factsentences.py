"""Facts from sentences: every number printed in prose, outside the tables.

A sentence's figure carries its own scale word ("$1.2 billion"), its currency sign and percent sign; its
period is the one period the line names ("As of December 31, 2022", "in fiscal 2023"), an instant after
"as of" / "at"; its concept is the line item named in the words just before it. Years, page numbers and
references ("Item 7", "Note 12", "Rule 10b5-1") are not figures.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..concepts import concept, concepts_in
from ..numbers import find_numbers
from ..periods import MONTHS, find_periods
from .factperiod import Calendar, ColumnHead, length_of, to_period
from .facts import Fact, FactKind, Period, Provenance
from .factscope import basis_of, measure_of, per_share_class_of, scenario_of

_REFERENCE = re.compile(
    r"\b(?:item|items|note|notes|rule|section|sections|part|page|pages|form|schedule|exhibit|article|chapter|"
    r"level|tier|phase|no\.|number|#|ASC|ASU|topic|subtopic|IFRS|IAS|SFAS|FIN|statement|class|series)\s*$",
    re.IGNORECASE,
)
_INSTANT = re.compile(r"\b(?:as\s+of|at)\s+(?:the\s+end\s+of\s+)?$|\b(?:as\s+of|at)\b", re.IGNORECASE)
_PER_SHARE = re.compile(r"\bper\s+(?:diluted\s+|basic\s+|common\s+)?share\b|\beps\b", re.IGNORECASE)
_WINDOW = 80
_MONTH_BEFORE = re.compile(r"\b(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?\s*$", re.IGNORECASE)


def _period(text: str, calendar: Calendar) -> Period | None:
    periods = find_periods(text)
    if len({(p.year, p.month, p.day, p.quarter) for p in periods}) != 1:
        return None
    p = periods[0]
    months, weeks = length_of(text[max(0, p.start - 40) : p.start])
    head = ColumnHead(
        label=p.text,
        year=p.year,
        month=p.month,
        day=p.day,
        fiscal=p.fiscal,
        quarter=p.quarter,
        months=months,
        weeks=weeks,
    )
    instant = bool(_INSTANT.search(text[max(0, p.start - 20) : p.start])) and months is None
    return to_period(head, instant, calendar)


def _kind(number_text: str, percent: bool, currency: str | None, scale: float | None, before: str) -> FactKind:
    if percent:
        return "percent"
    if _PER_SHARE.search(before[-30:]) and currency:
        return "per_share"
    if currency or scale:
        return "money"
    if re.search(r"\bdays?\b", number_text):
        return "days"
    return "count" if re.fullmatch(r"[\d,]+", number_text) else "other"


def sentence_facts(
    doc_id: str,
    by_page: dict[int, list[int]],
    text_of: Callable[[int], str],
    box_of: Callable[[int], tuple[float, float, float, float] | None],
    table_lines: set[int],
    calendar: Calendar,
) -> list[Fact]:
    """The facts of every prose line (lines of tables are read as tables)."""
    facts: list[Fact] = []
    for page, numbers in by_page.items():
        for line in numbers:
            if line in table_lines:
                continue
            facts.extend(_line_facts(doc_id, page, line, text_of(line), box_of(line), calendar))
    return facts


def _line_facts(
    doc_id: str, page: int, line: int, text: str, box: tuple[float, float, float, float] | None, calendar: Calendar
) -> list[Fact]:
    found = find_numbers(text)
    if not found or (len(found) == 1 and found[0].text.strip() == text.strip()):
        return []  # a page number standing alone
    period = _period(text, calendar)
    out: list[Fact] = []
    for i, number in enumerate(found):
        before = text[max(0, number.start - _WINDOW) : number.start]
        if number.is_year or _REFERENCE.search(before) or _is_date_part(text, number.start, number.end):
            continue
        ids = concepts_in(before).concepts
        cid = min(ids) if ids else None
        entry = concept(cid) if cid else None
        kind = _kind(number.text, number.percent, number.currency, number.scale, before)
        scale = number.scale if kind == "money" and number.scale else 1.0
        negative = number.value < 0
        out.append(
            Fact(
                value=number.value,
                text=number.text,
                sign_source=("parentheses" if "(" in number.text else "minus") if negative else "none",
                kind=kind,
                currency=number.currency if kind in ("money", "per_share") else None,
                scale=scale,
                scale_source="row" if scale != 1.0 else "none",
                period=period,
                member=None,
                basis=basis_of(before),
                per_share_class=per_share_class_of(before[-40:], None) if kind == "per_share" else None,
                measure=measure_of(before[-40:], ""),
                scenario=scenario_of(text),
                concept=cid,
                element=entry.element if entry else None,
                label=text,
                provenance=Provenance(doc=doc_id, page=page, global_line=line, column=i, box=box),
            )
        )
    return out


def _is_date_part(text: str, start: int, end: int) -> bool:
    """The day of 'June 30, 2023' or a date written 06/30/2023."""
    before, after = text[max(0, start - 10) : start], text[end : end + 7]
    if re.search(_MONTH_BEFORE, before) and "." not in text[start:end]:
        return True  # 'June 30, 2023', a header's 'July 2,
    return bool(re.match(r"/\d", after) or re.search(r"\d/$", before))
