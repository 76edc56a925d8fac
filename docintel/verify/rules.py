"""Field rules: one small function per field of a fact, each matching a cited figure to the question.

Every rule takes the question's ``Query`` and the figure's ``FactView`` and returns a ``FieldCheck``
for its one field: ``supported`` (the figure is what was asked), ``mismatch`` (it is something else,
naming both: ``period: six months ended 2023-06-30 ≠ three months``), ``unknown`` (the page does not
say, so the figure is not checked) or ``not_applicable``. ``combine`` is the one precedence rule: a
mismatch anywhere decides, then an unknown, then support.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Iterable
from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

from ..textnorm import tokenize
from .query import ASKS_OPENING, Query
from .typed import MONTH_LENGTHS, FactView, PeriodFact

FieldVerdict = Literal["supported", "mismatch", "unknown", "not_applicable"]
FIELDS = ("period", "member", "basis", "share_class", "measure", "scenario", "currency")


class FieldCheck(BaseModel):
    """The check of one field of a figure against the question: what was asked, what the figure is."""

    field: str
    verdict: FieldVerdict
    asked: str = ""
    found: str = ""
    detail: str = Field(default="", description="why, in words: 'member: Industrial ≠ consolidated'")


def _check(field: str, verdict: FieldVerdict, asked: str, found: str, detail: str = "") -> FieldCheck:
    if not detail and verdict == "mismatch":
        detail = f"{field.replace('_', ' ')}: {found} ≠ {asked}"
    return FieldCheck(field=field, verdict=verdict, asked=asked, found=found, detail=detail)


_SPAN = re.compile(r"\b(?:\d+|two|three|four|five|ten)[- ]years?\b|\bcompound|\bcumulative|\bsince\b", re.I)


def period_rule(query: Query, fact: FactView) -> FieldCheck:
    """The period's length, quarter and as-of date (the year is checked by the column's period check)."""
    asked, period = query.period, fact.period
    wanted = asked.describe()
    if period is None:
        return _check("period", "not_applicable", wanted, "")
    found = period.describe()
    if fact.opening:
        return _opening_rule(query, period, wanted)
    if fact.closing and ASKS_OPENING.search(query.question):
        detail = f"period: the cited row is the closing balance of {found}; the question asks the opening balance"
        return _check("period", "mismatch", wanted, found, detail)
    if asked.as_of and period.end and period.instant and period.end != asked.as_of:
        return _check("period", "mismatch", wanted, found)
    if asked.as_of and period.months and period.months < 12 and not period.instant and not fact.closing:
        # 'the allowance at June 30, 2023' from a row of the quarter's net charge-offs: a flow, not a balance (a
        # header of months says so; a year's column is read as a duration for balances too: 'Current portion')
        return _check("period", "unknown", wanted, found, f"period: {found} is a period's flow; asked {wanted}")
    far = [_days_apart(end, period.end) > _SAME_PERIOD_END_DAYS for end in asked.ends] if period.end else []
    if far and all(far) and not period.instant:
        return _check("period", "mismatch", wanted, found, f"period: {found} ≠ {wanted}")
    if asked.as_of and period.stated_day and not period.months and period.end and period.end != asked.as_of:
        # a day a sentence gives ('who became employees effective July 2, 2023') is an event's, not the date asked
        return _check("period", "unknown", wanted, found, f"period: {found} is another day than {wanted}")
    if asked.months and period.months and asked.months != period.months:
        return _check("period", "mismatch", wanted, found)
    if asked.quarter and period.quarter and asked.quarter != period.quarter:
        return _check(
            "period", "mismatch", wanted, found, f"period: {found} is Q{period.quarter}, not Q{asked.quarter}"
        )
    lengths = sorted({m.lower() for m in MONTH_LENGTHS.findall(period.label or "")})
    if asked.months and period.months is None and len(lengths) > 1:
        detail = f"period: the header names {' and '.join(lengths)} months; which is this column's is unsaid"
        return _check("period", "unknown", wanted, found, detail)
    if asked.months and asked.months < 12 and period.months is None and not period.instant:
        return _check("period", "unknown", wanted, found, f"period: the column does not say it is {wanted}")
    if (
        not asked.months
        and len(asked.years) == 1
        and period.months
        and period.months > 12
        and not _SPAN.search(query.question)
    ):  # a five-year compound return for the fiscal year's
        return _check("period", "mismatch", wanted, found, f"period: {found} is {period.months // 12} years, not one")
    if not asked.months and not asked.as_of and period.months and period.months < 12:
        if asked.years:  # 'in 2023' of a filing whose columns are quarters or half-years: not the year
            detail = f"period: {found} is part of a year; the question asks about {wanted}"
            return _check("period", "unknown", wanted, found, detail)
    return _check("period", "supported", wanted, found)


def _opening_rule(query: Query, period: PeriodFact, wanted: str) -> FieldCheck:
    """A roll-forward's opening balance is the balance the column's period starts from: it answers a question about
    that start (the day before the period, or a question asking the beginning balance), not about the period."""
    start = _start(period)
    found = f"the opening balance of the column {period.describe()}" + (f", so as of {start}" if start else "")
    ends = [query.period.as_of] if query.period.as_of else list(query.period.ends)
    if ASKS_OPENING.search(query.question):
        # 'at the beginning of fiscal 2023', 'cash at beginning of period as of January 28, 2023': the column whose
        # period that is (its end or the day it starts from), or its year
        dates = [d for d in (period.end, start) if d]
        if ends and dates:
            same = any(_days_apart(end, d) <= _SAME_PERIOD_END_DAYS for end in ends for d in dates)
        else:
            same = not (query.period.years and period.years) or bool(query.period.years & period.years)
        if same:
            return _check("period", "supported", wanted, found)
        return _check("period", "mismatch", wanted, found, f"period: the cited row is {found}, not {wanted}")
    if start and ends and any(_days_apart(end, start) <= _SAME_PERIOD_END_DAYS for end in ends):
        return _check("period", "supported", wanted, found)
    if ends and start is None:
        return _check("period", "unknown", wanted, found, "period: an opening balance whose start date is not printed")
    detail = f"period: the cited row is {found} (the balance before the column's period), not {wanted}"
    return _check("period", "mismatch", wanted, found, detail)


def _start(period: PeriodFact) -> str | None:
    """The day a duration of whole months ending on its end date starts from (its previous period's end)."""
    if not period.end or not period.months:
        return None
    try:
        end = date.fromisoformat(period.end)
    except ValueError:
        return None
    month = end.month - period.months
    year, month = end.year + (month - 1) // 12, (month - 1) % 12 + 1
    last = calendar.monthrange(year, month)[1]
    at_month_end = end.day == calendar.monthrange(end.year, end.month)[1]  # 'May 31' a year earlier, 'June 30' ...
    return date(year, month, last if at_month_end else min(end.day, last)).isoformat()


# a 52/53-week year ends on a weekday near the month's end: 'the year ended January 31' names the year ended Jan 28
_SAME_PERIOD_END_DAYS = 7


def _days_apart(a: str, b: str) -> int:
    """Days between two ISO dates; a date that cannot be read is never the same period."""
    try:
        return abs((date.fromisoformat(a) - date.fromisoformat(b)).days)
    except ValueError:
        return _SAME_PERIOD_END_DAYS + 1


def member_rule(query: Query, fact: FactView) -> FieldCheck:
    """Consolidated unless the question names a segment, region, product or entity; then that one."""
    asked = " ".join(sorted(query.member)) or "consolidated"
    found = fact.member or "consolidated"
    if query.attributable and fact.before_attribution:
        detail = "member: the whole, noncontrolling interests included ≠ the part attributable to the company"
        return _check("member", "mismatch", "attributable to the company", "including noncontrolling", detail)
    if not query.member:
        words = set(tokenize(fact.member or ""))
        named = bool(words) and words <= set(tokenize(query.question))  # 'All Other' names nothing
        verdict: FieldVerdict = "mismatch" if fact.member and not named else "supported"
        return _check("member", verdict, asked, found)
    said = set(tokenize(fact.member_text))
    if query.member <= said:
        return _check("member", "supported", asked, fact.member or asked)
    if fact.member is None and fact.total_row:
        return _check("member", "mismatch", asked, "consolidated total")
    if fact.member is not None and not query.member & set(tokenize(fact.member)):
        return _check("member", "mismatch", asked, found)
    return _check("member", "unknown", asked, found, f"member: the cited row does not name {asked}")


def basis_rule(query: Query, fact: FactView) -> FieldCheck:
    """GAAP unless the question asks for an adjusted (non-GAAP, organic, pro forma, comparable) figure."""
    verdict: FieldVerdict = "supported" if query.basis == fact.basis else "mismatch"
    return _check("basis", verdict, query.basis, fact.basis)


def share_class_rule(query: Query, fact: FactView) -> FieldCheck:
    """Basic or diluted, when the question says which; a row that does not say is not checked."""
    if query.share_class is None:
        return _check("share_class", "not_applicable", "", fact.share_class or "")
    if fact.share_class is None:
        return _check(
            "share_class", "unknown", query.share_class, "", "share class: the row says neither basic nor diluted"
        )
    verdict: FieldVerdict = "supported" if fact.share_class == query.share_class else "mismatch"
    return _check("share_class", verdict, query.share_class, fact.share_class)


# measures that answer each other: a margin (level of a ratio) may be read from a '% of sales' column
_COMPATIBLE = {frozenset({"level", "share"}), frozenset({"level", "average"}), frozenset({"change", "pct_change"})}


_TO_DATE_ASKED = re.compile(r"\b(?:to\s+date|in\s+total|since\s+inception|cumulative|so\s+far)\b", re.IGNORECASE)
_RANGE_ASKED = re.compile(r"\b(?:high|low|highest|lowest|range|maximum|minimum|peak)\b", re.IGNORECASE)


def measure_rule(query: Query, fact: FactView) -> FieldCheck:
    """Level unless the question asks for a change, a % change, a share, an average or additions."""
    if fact.measure is None:
        return _check("measure", "unknown", query.measure, "", "measure: the table's columns do not say what it is")
    if fact.measure == "range_bound":  # the high or the low of a period answers only a question about them
        verdict: FieldVerdict = "supported" if _RANGE_ASKED.search(query.question) else "mismatch"
        return _check("measure", verdict, query.measure, "the high or low of the period")
    averaged = re.search(r"\baverages?\b", query.question, re.IGNORECASE)
    if query.measure == "level" and fact.measure == "average" and not fact.named_by and not averaged:
        # 'Total debt' under 'AVERAGE FOR THE TRAILING FIVE QUARTERS ENDED': the column averages, the row does not
        detail = "measure: the column is an average over several periods, not the level asked"
        return _check("measure", "mismatch", query.measure, fact.measure, detail)
    if fact.measure == "cumulative":  # a total to date answers a question of no period, or one asking the total
        asks = _TO_DATE_ASKED.search(query.question) or not re.search(r"\b(?:19|20)\d\d\b", query.question)
        detail = "measure: a total to date, not the period's" if not asks else ""
        return _check("measure", "supported" if asks else "mismatch", query.measure, "cumulative to date", detail)
    if query.measure == fact.measure or frozenset({query.measure, fact.measure}) in _COMPATIBLE:
        return _check("measure", "supported", query.measure, fact.measure)
    if query.measure == "level" and fact.named_by and fact.named_by <= set(tokenize(query.question)):
        # the question names a change row itself ('What was net increase (decrease) in cash ...')
        return _check("measure", "supported", query.measure, fact.measure, "the question names the row itself")
    # a change computed from two levels is a calculation; a level cell read as the change is not one
    return _check("measure", "mismatch", query.measure, fact.measure)


def scenario_rule(query: Query, fact: FactView) -> FieldCheck:
    """Actual figures unless the question asks for an outlook or a limit (a covenant's maximum); a contract's term
    in force ('Under the terms of the contracts, we will pay ...') answers both what is and what will be."""
    term = fact.scenario == "term" and query.scenario in ("actual", "outlook")  # a contract's term in force: both
    verdict: FieldVerdict = "supported" if query.scenario == fact.scenario or term else "mismatch"
    return _check("scenario", verdict, query.scenario, fact.scenario)


def currency_rule(stated: str | None, fact: FactView) -> FieldCheck:
    """The currency the item states against the one the document prints (checked like the scale)."""
    if not stated or not fact.currency:
        return _check("currency", "not_applicable", stated or "", fact.currency or "")
    verdict: FieldVerdict = "supported" if stated.upper() == fact.currency.upper() else "mismatch"
    return _check("currency", verdict, stated.upper(), fact.currency.upper())


FIELD_RULES: tuple[Callable[[Query, FactView], FieldCheck], ...] = (
    period_rule,
    member_rule,
    basis_rule,
    share_class_rule,
    measure_rule,
    scenario_rule,
)


def field_checks(query: Query, fact: FactView, currency: str | None = None) -> list[FieldCheck]:
    """Every field rule applied to one figure."""
    return [rule(query, fact) for rule in FIELD_RULES] + [currency_rule(currency, fact)]


def combine(checks: Iterable[FieldCheck]) -> FieldVerdict:
    """The one precedence rule: a mismatch decides, then an unknown, then support; nothing applicable is n/a."""
    verdicts = {c.verdict for c in checks}
    for verdict in ("mismatch", "unknown", "supported"):
        if verdict in verdicts:
            return verdict
    return "not_applicable"


def mismatches(checks: Iterable[FieldCheck]) -> list[FieldCheck]:
    """The checks that failed."""
    return [c for c in checks if c.verdict == "mismatch"]
