"""Facts from sentences: every number printed in prose, outside the tables.

A sentence's figure carries its own scale word ("$1.2 billion"), its currency sign and percent sign; its
period is the one period the line names ("As of December 31, 2022", "in fiscal 2023"), an instant after
"as of" / "at"; its concept is the line item named in the words just before it. Years, page numbers and
references ("Item 7", "Note 12", "Rule 10b5-1") are not figures.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Container
from dataclasses import dataclass, field, replace
from operator import itemgetter

from ..concepts import concept
from ..domain import table
from ..numbers import Number, find_numbers
from ..periods import MONTHS, find_periods
from .factconcepts import concepts_in_order
from .factperiod import Calendar, ColumnHead, length_of, to_period
from .facts import Fact, FactKind, Member, Period, Provenance
from .factscope import basis_of, geography, measure_of, member_of, per_share_class_of, scenario_of

_REFERENCE = re.compile(
    r"\b(?:item|items|note|notes|rule|section|sections|part|page|pages|form|schedule|exhibit|article|chapter|"
    r"level|tier|phase|no\.|number|#|ASC|ASU|topic|subtopic|IFRS|IAS|SFAS|FIN|statement|class|series)\s*$",
    re.IGNORECASE,
)
_REFERENCE_WORD = 9  # the longest word of _REFERENCE ('statement')


def _names_reference(before: str) -> bool:
    """``_REFERENCE.search(before)``, tried only from where a match can begin: its word ends where the trailing
    spaces begin (str.rstrip strips what \\s matches) and holds at most _REFERENCE_WORD characters."""
    return _REFERENCE.search(before, max(0, len(before.rstrip()) - _REFERENCE_WORD)) is not None


_INSTANT = re.compile(r"\b(?:as\s+of|at)\s+(?:the\s+end\s+of\s+)?$|\b(?:as\s+of|at)\b", re.IGNORECASE)
_EPS = table().short_forms("eps")  # a line item's one-word wordings (the domain table's)
_PER_SHARE = re.compile(rf"\bper\s+(?:diluted\s+|basic\s+|common\s+)?share\b|\b(?:{_EPS})\b", re.IGNORECASE)
_WINDOW = 80
_COMPARED = re.compile(r"\b(?:compared\s+(?:to|with)|versus|vs\.?|from|over)\b[^.;]*$", re.IGNORECASE)
_MONTH_BEFORE = re.compile(r"\b(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?\s*$", re.IGNORECASE)


def _period(text: str, calendar: Calendar) -> Period | None:
    """The one period a text names, leaving out the base of a comparison ('compared to the year ended December 31,
    2021')."""
    periods = [p for p in find_periods(text) if not _COMPARED.search(text[max(0, p.start - 60) : p.start])]
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


def _respective(text: str, following: str, amounts: list[Number], calendar: Calendar) -> list[Period | None]:
    """One period per amount of a line that lists as many amounts as periods, 'respectively' ('paid dividends of
    $6,320 million, $6,043 million and $5,741 million during the years ended December 31, 2017, 2016 and 2015,
    respectively'); [] otherwise."""
    joined = f"{text} {following}"
    ends = _RESPECTIVELY.search(joined)
    periods = find_periods(joined[: ends.start()]) if ends else []
    if len(periods) < 2 or len(periods) != len(amounts) or len({p.year for p in periods}) != len(periods):
        return []
    first = periods[0]
    months, weeks = length_of(joined[max(0, first.start - 40) : first.start])
    instant = bool(_INSTANT.search(joined[max(0, first.start - 20) : first.start])) and months is None
    heads = [
        ColumnHead(
            label=p.text, year=p.year, month=p.month or first.month, day=p.day or first.day, months=months, weeks=weeks
        )
        for p in periods
    ]
    return [to_period(head, instant, calendar) for head in heads]


def _kind(
    number_text: str, percent: bool, currency: str | None, scale: float | None, before: str, after: str
) -> FactKind:
    if percent:
        return "percent"
    if (_PER_SHARE.search(before[-30:]) or _PER_SHARE.match(after.lstrip())) and currency:
        return "per_share"  # 'EPS of $2.31', '$0.24 per share'
    if currency or scale:
        return "money"
    if _DAYS.search(number_text):
        return "days"
    return "count" if _DIGITS_ONLY.fullmatch(number_text) else "other"


@dataclass(frozen=True)
class Prose:
    """What sentences need from the document: its own period (for 'the current quarter', 'the prior year'), its
    calendar, the members its tables name (for a section headed 'Las Vegas Strip Resorts')."""

    calendar: Calendar
    fiscal_year: int | None = None
    quarter: int | None = None
    members: dict[str, Member] = field(default_factory=dict)
    section_period: Period | None = None  # the period a heading over the prose names ('Fourth Quarter 2022 ...:')
    # where a section's scale statement that covers its prose starts and its factor (None: ends), by GLOBAL_LINE:
    # '(Dollars in millions, except otherwise stated)' over the notes, where '$376' is $376 million
    money_scales: tuple[tuple[int, float | None], ...] = ()

    def money_scale_at(self, line: int) -> float | None:
        """The factor of a bare amount ('$376') of the prose at GLOBAL_LINE, when its section states one."""
        index = bisect.bisect_right(self.money_scales, line, key=itemgetter(0)) - 1
        return self.money_scales[index][1] if index >= 0 else None


_SENTENCE_END = re.compile(r"[.;:]\s*$")
_NOT_HEADING = re.compile(r"[.;,]$|\d")
_RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)
_DAYS = re.compile(r"\bdays?\b")
_DIGITS_ONLY = re.compile(r"[\d,]+")
_SLASH_DIGIT = re.compile(r"/\d")
_DIGIT_SLASH = re.compile(r"\d/$")


def sentence_facts(
    doc_id: str,
    by_page: dict[int, list[int]],
    text_of: Callable[[int], str],
    box_of: Callable[[int], tuple[float, float, float, float] | None],
    table_lines: set[int],
    prose: Prose,
    pages: Container[int] | None = None,
) -> list[Fact]:
    """The facts of every prose line (lines of tables are read as tables); with *pages*, of those pages' lines only
    (the section and the highlights' period a page starts under are still read from the pages before it)."""
    facts: list[Fact] = []
    section: Member | None = None
    for page, numbers in by_page.items():
        previous = ""
        skipped = pages is not None and page not in pages
        for line in numbers:
            text = text_of(line)
            if line in table_lines:
                # a long sentence line ending in a year read as a table row ('... for the year ended December 31,
                # 2022') still begins the sentence the next line goes on with ('totaled $31.1 billion')
                following = _safe(text_of, line + 1)
                previous = text if len(text) > 80 and following[:1].islower() else ""
                continue
            heading = _section_heading(text, prose.members)
            if heading is not False:
                section = heading if isinstance(heading, Member) else None
            if _HIGHLIGHTS.match(text):
                prose = replace(prose, section_period=_period(text, prose.calendar))
            if skipped:
                continue  # a page read elsewhere (ingest.factsplit): only what the next pages start under
            context = Context(previous=previous, member=section, following=_safe(text_of, line + 1))
            facts.extend(_line_facts(doc_id, page, line, text, box_of(line), prose, context))
            previous = "" if _SENTENCE_END.search(text) else text
    return facts


@dataclass(frozen=True)
class Context:
    """The prose around a line: the sentence's start on the line before, the section's member."""

    previous: str
    member: Member | None
    following: str = ""


def _safe(text_of: Callable[[int], str], line: int) -> str:
    try:
        return text_of(line)
    except IndexError:
        return ""


def _section_heading(text: str, members: dict[str, Member]) -> Member | None | bool:
    """A short heading line: the member it names (a segment, a region), None for another heading, False for a line
    that is not a heading."""
    stripped = text.strip()
    if len(stripped) > 60 or _NOT_HEADING.search(stripped) or not stripped[:1].isupper():
        return False
    if stripped.lower() in members:
        return members[stripped.lower()]
    if geography(stripped):
        return member_of(stripped, "geography")
    return None if len(stripped.split()) <= 6 and not stripped.startswith("•") else False


def _line_facts(
    doc_id: str,
    page: int,
    line: int,
    text: str,
    box: tuple[float, float, float, float] | None,
    prose: Prose,
    context: Context,
) -> list[Fact]:
    found = find_numbers(text)
    if not found or (len(found) == 1 and found[0].text.strip() == text.strip()):
        return []  # a page number standing alone
    period = _period(text, prose.calendar)
    if period is None and context.previous and not find_periods(text):
        period = _period(context.previous, prose.calendar)  # the sentence began on the line before
    amounts = [n for n in found if not n.is_year and not _is_date_part(text, n.start, n.end)]
    respective = _respective(text, context.following, amounts, prose.calendar) if period is None else []
    out: list[Fact] = []
    for i, number in enumerate(found):
        before = text[max(0, number.start - _WINDOW) : number.start]
        if number.is_year or _names_reference(before) or _is_date_part(text, number.start, number.end):
            continue
        if _LEADER.search(before):
            continue  # a contents line's page number ('Financial highlights ........ 2')
        if respective:
            period = respective[amounts.index(number)]
        sentence = _sentence(f"{context.previous} {text[: number.start]}")
        cid = _concept(sentence)
        entry = concept(cid) if cid else None
        after = text[number.end : number.end + 60]
        kind = _kind(number.text, number.percent, number.currency, number.scale, before, after)
        if entry is not None and entry.kind == "money" and kind == "count":
            cid, entry = None, None  # '38 new stores' in a sentence about net sales is no amount of net sales
        scale = number.scale if kind == "money" and number.scale else 1.0
        # '... and $70.9' / 'billion at December 31': the scale word wrapped to the next line
        wrapped = _WRAPPED_SCALE.match(context.following) if not after.strip() and kind == "money" else None
        if wrapped and not number.scale:
            scale = _SCALE_FACTORS[wrapped.group(1).lower()]
        bare = not wrapped and _bare_amount(number, kind, before, f"{after} {context.following}"[:40])
        section_scale = prose.money_scale_at(line) if bare else None
        scale = section_scale or scale
        negative = number.value < 0
        own = _OWN_PERIOD.match(f"{after} {context.following[:40]}" if len(after) < 40 else after)
        own_period = _period(own.group(0), prose.calendar) if own else None  # '10.9% in fiscal 2024 to 11.8% ...'

        measure = measure_of(before[-40:], "")
        if _CHANGE_BEFORE.search(before) or (_OR_CHANGE.search(sentence) and number.percent):
            measure = "pct_change" if number.percent else "change"
        out.append(
            Fact(
                value=number.value,
                text=number.text,
                sign_source=("parentheses" if "(" in number.text else "minus") if negative else "none",
                kind=kind,
                currency=number.currency if kind in ("money", "per_share") else None,
                scale=scale,
                scale_source="section" if section_scale else "row" if scale != 1.0 else "none",
                period=own_period
                or period
                or _relative(f"{after} {context.following[:20]}", before[-30:], measure, prose)
                or prose.section_period,
                member=_named_member(sentence) or context.member,
                basis=basis_of(sentence[-120:]),
                per_share_class=per_share_class_of(before[-40:], None) if kind == "per_share" else None,
                measure=measure,
                scenario=scenario_of(text),
                concept=cid,
                element=entry.element if entry else None,
                label=text,
                provenance=Provenance(doc=doc_id, page=page, global_line=line, column=i, box=box),
            )
        )
    return out


# what a bare '$9.82' or '$1' is, a price or a value of one thing, not an amount a section's scale scales
_OF_ONE = re.compile(r"^\W{0,3}(?:per|a|an|each)\b|^\s*/|par\s+value", re.IGNORECASE)
_WRAPPED_SCALE = re.compile(r"^\s*(thousand|million|billion)s?\b", re.IGNORECASE)
_SCALE_FACTORS = {"thousand": 1e3, "million": 1e6, "billion": 1e9}
_ONE_BEFORE = re.compile(
    r"(?:\bpar\s+value|\binvest\w*|\b(?:exercise|strike|share|stock|unit|conversion)\s+price|\beach\b[^.;$]{0,50})"
    r"[^.;$]{0,20}$",
    re.IGNORECASE,
)


def _bare_amount(number: Number, kind: FactKind, before: str, after: str) -> bool:
    """Whether the figure is an amount with a currency sign and no scale word of its own, neither cents ('$9.82') nor
    a price or value of one thing ('$0.70 per share', '$1 par value', 'an investment of $100')."""
    if kind != "money" or number.scale or re.search(r"\.\d\d$", number.text.rstrip(")")):
        return False
    return not _OF_ONE.search(after[:30]) and not _ONE_BEFORE.search(before)


_LEADER = re.compile(r"(?:\.\s*){4,}$|…\s*$")
# the period printed right after a figure is its own: '... from 10.9% in fiscal 2024 to 11.8% in fiscal 2025'
_OWN_PERIOD = re.compile(r"\s*(?:in|for|during|at|as\s+of)\s+(?:the\s+)?(?:fiscal\s+(?:year\s+)?)?(?:19|20)\d\d\b")
_HIGHLIGHTS = re.compile(r"^\s*[A-Z][^.;]{0,80}:\s*$|^\s*[A-Z][\w ]{0,60}\b(?:19|20)\d\d\b[\w ]{0,40}$")
_CHANGE_BEFORE = re.compile(
    r"\b(?:an?\s+)?(?:increase|decrease|decline|growth|rise|drop|improvement)\s+of\s*$"
    r"|\b(?:up|down|increased|decreased|grew|declined|rose|fell)(?:\s+by)?(?:\s+approximately)?\s*[$€£¥]?\s*$",
    re.IGNORECASE,
)
CHANGE_BEFORE = _CHANGE_BEFORE  # for sentences the table reader took for rows ('... increased 21% for the ...')
_OR_CHANGE = re.compile(r"\b(?:increase|decrease|decline|growth|rise|drop)\s+of\s+\S+(?:\s+\w+)?,?\s+or\s*$", re.I)
_SEGMENT_NAMED = re.compile(
    r"(?:^(?:[Oo]ur\s+|[Tt]he\s+)?|\b(?:[Oo]ur|[Tt]he)\s+)((?:[A-Z][\w&.-]*\s+){1,4})segment(?:'s|’s)?\b"
)


def _named_member(sentence: str) -> Member | None:
    """A segment the sentence names itself: 'The Consumer segment's operating revenues ... totaled $103.5 billion'."""
    matches = _SEGMENT_NAMED.findall(sentence)
    return Member(name=matches[-1].strip(), axis="segment") if matches else None


_BACK_REFERENCE = re.compile(r"(?:compared\s+(?:to|with)|versus|vs\.?|from)\s*$", re.IGNORECASE)


def _sentence(text: str) -> str:
    """The sentence (or bullet) a number is in, up to the number."""
    cut = max(text.rfind("• "), text.rfind(". "), text.rfind("; "))
    return text[cut + 1 :].strip() if cut >= 0 else text.strip()


def _concept(sentence: str) -> str | None:
    """The line item the words before a number name: the nearest, or the sentence's subject when the number is
    compared back to it ('Net income of $284 million ... compared to $131 million')."""
    named = concepts_in_order(sentence)
    if not named:
        return None
    return named[0] if _BACK_REFERENCE.search(sentence) or len(named) == 1 else named[-1]


_RELATIVE = [
    (
        re.compile(
            r"\b(?:the\s+)?(?:prior|previous|last)[- ]year(?:'s)?\s+(?:fourth\s+|third\s+|second\s+|first\s+)?quarter\b"
            r"|\bsame\s+quarter\s+(?:of\s+)?(?:last|the\s+prior)\s+year\b",
            re.IGNORECASE,
        ),
        3,
        -1,
    ),
    (re.compile(r"\b(?:the\s+)?(?:current|this)\s+quarter\b|\bthe\s+quarter\b", re.IGNORECASE), 3, 0),
    (re.compile(r"\b(?:the\s+)?(?:prior|previous|last)[- ]year\b", re.IGNORECASE), 12, -1),
    (re.compile(r"\b(?:the\s+)?(?:current|this|full)[- ]year\b", re.IGNORECASE), 12, 0),
]


def _relative(after: str, before: str, measure: str, prose: Prose) -> Period | None:
    """The period 'in the current quarter', 'in the prior year quarter', 'in the current year' names (after the
    number first, then before it), counted from the document's own fiscal year and quarter."""
    if prose.fiscal_year is None:
        return None
    hits: list[tuple[int, int, int]] = []
    for text in (after, before):
        hits = [(m.start(), months, shift) for pattern, months, shift in _RELATIVE if (m := pattern.search(text))]
        if hits:
            text_used = text
            break
    if not hits:
        return None
    text = text_used
    _, months, shift = min(hits)
    if measure in ("pct_change", "change"):
        shift = 0  # 'an increase of 27% ... compared to the prior year quarter' is the current quarter's change
    year = prose.fiscal_year + shift
    if months == 3 and prose.quarter is None:
        return None
    quarter = prose.quarter if months == 3 else None
    end = prose.calendar.quarter_end(year, quarter) if quarter else prose.calendar.year_end(year)
    return Period(
        kind="duration", end=end, months=months, fiscal_year=year, fiscal_quarter=quarter, label=text.strip()[:60]
    )


def _is_date_part(text: str, start: int, end: int) -> bool:
    """The day of 'June 30, 2023' or a date written 06/30/2023."""
    before, after = text[max(0, start - 10) : start], text[end : end + 7]
    if _MONTH_BEFORE.search(before) and "." not in text[start:end]:
        return True  # 'June 30, 2023', a header's 'July 2,
    return bool(_SLASH_DIGIT.match(after) or _DIGIT_SLASH.search(before))
