"""A date in a list of things each dated by the same act ('The Cosmopolitan for periods subsequent to its
acquisition on May 17, 2022, Aria for periods subsequent to its acquisition on September 27, 2021'): each date is its
own item's, so a quote cut across two items ('its acquisition on May 17, 2022, Aria') does not date the second; and a
quote read with the rest of its sentence."""

from __future__ import annotations

import re

from ..periods import find_periods
from ..textnorm import tokenize
from .values import CitedSpan

# where one item of a list ends: a comma not inside a date, a semicolon, 'and'
_ITEM_BREAK = re.compile(r";|,(?!\s*\d)|\band\b", re.IGNORECASE)


def name_stems(text: str) -> set[str]:
    """The words of *text* by their first five letters, numbers aside: names compared by stem ('Russian', 'Russia')."""
    return {t[:5] for t in tokenize(text) if not t[:1].isdigit()}


def other_item_dated(wholes: list[str], date_text: str, wanted: set[str]) -> tuple[str, str] | None:
    """(the item that names the thing asked, the date it gives) when, in a sentence of *wholes* (each a quote with
    the rest of its sentence), the list item holding *date_text* does not name the thing asked (*wanted*: the
    stems of its names) while another item names it with another date and the same words of the act."""
    for whole in wholes:
        items = [i.strip() for i in _ITEM_BREAK.split(whole) if i.strip()]
        holding = [i for i in items if date_text.lower() in i.lower()]
        if not holding or not wanted or any(name_stems(i) & wanted for i in holding):
            continue
        act = {s for s in name_stems(holding[0]) - name_stems(date_text) if len(s) >= 4} - wanted
        for item in items:
            dates = [p.text for p in find_periods(item) if p.day and p.text.lower() != date_text.lower()]
            if item not in holding and dates and name_stems(item) & wanted and name_stems(item) & act:
                return item, dates[0]
    return None


def with_rest(cited: CitedSpan) -> str:
    """The quote and the rest of its sentence on the two lines after it."""
    lines = cited.document.lines["text"].iloc[cited.span.line_start - 1 : cited.span.line_end + 2].tolist()
    source = " ".join(" ".join(str(t) for t in lines).split())
    quote = " ".join(cited.span.quote.split())
    at = source.lower().find(quote[:40].lower()) if quote else -1
    if at < 0:
        return quote
    end = source.find(". ", at + len(quote))
    return source[at : end if end > 0 else len(source)]
