"""A consolidated figure against the primary statements: a table outside the statements that prints a line item
for the company as a whole, in a period the income statement (a duration; the cash flow statement for a payment or
proceeds, such as capital expenditures) or the balance sheet (an instant) also prints, must print the statement's
figure. When it prints another (a segment's section whose heading docintel did not read, a part of the line item),
the answer is not supported: the field ``statement`` is unknown, naming the statement's figure."""

from __future__ import annotations

import re

from ..concepts import NEUTRAL, concept, concepts_in
from ..ingest.documents import Document
from ..ingest.facts import Fact, Period
from .rules import FieldCheck

_CASH_ELEMENT = re.compile(r"Payments|Proceeds|Repayments")  # us-gaap elements of a cash flow statement's lines
_ROUNDING = 0.005  # a figure rounded in another table (1,577 against 1,576.8) is the same figure


def statement_check(fact: Fact, document: Document) -> FieldCheck | None:
    """The check of a consolidated table figure against the primary statements' figure of its line item and
    period (None when it is not consolidated, no statement prints the item, or a statement prints the same figure)."""
    if not _comparable(fact):
        return None
    if fact.period is None:
        return None
    statements = [s for s in document.meta.profile.statements if s.primary]
    if any(fact.provenance.page in s.pages for s in statements):
        return None  # a statement's own figure (a cash flow statement's 'Inventories' change is no balance)
    # a flow is printed on the income statement or, for a payment or proceeds (capital expenditures, dividends
    # paid), on the cash flow statement
    kinds: tuple[str, ...] = ("balance_sheet",) if fact.period.kind == "instant" else ("income",)
    if fact.period.kind != "instant" and _CASH_ELEMENT.match(getattr(concept(fact.concept or ""), "element", "")):
        kinds = ("income", "cash_flows")
    pages = {page for s in statements if s.kind in kinds for page in s.pages}
    if not pages:
        return None
    printed = [
        other
        for other in document.facts
        if other.provenance.page in pages
        and _same_item(other, fact, document)
        and _comparable(other)
        and other.provenance.table is not None
        and other.period is not None
        and _same_period(other.period, fact.period)
    ]
    if not printed or any(_same_figure(other, fact) for other in printed):
        return None
    first = printed[0]
    detail = (
        f"statement: the primary statement on page {first.provenance.page} prints {first.text} for "
        f"'{first.label}' in this period; the cited table's {fact.text} is another figure (a segment's or a part's)"
    )
    return FieldCheck(field="statement", verdict="unknown", asked=first.text, found=fact.text, detail=detail)


def _same_item(one: Fact, other: Fact, document: Document) -> bool:
    """The same line item: the vocabulary's, or, where it has none, the same row label ('Cost of services' and
    'Cost of services (exclusive of items shown below)') under the same sub-heading, or section headings only ('Card
    Member loans' under 'Provisions for credit losses:' is a provision, no loans)."""
    if one.concept is not None or other.concept is not None:
        return one.concept == other.concept
    if not _words(one.label) or _words(one.label) != _words(other.label):
        return False
    # the statement's row (*one*) names the item when its sub-heading is the cited row's or a section heading; a
    # cited row under another sub-heading ('Operating Leases: Other current liabilities 2,409') is a part of it
    printed = _group(one, document)
    return _words(printed) == _words(_group(other, document)) or _section(printed)


def _section(heading: str) -> bool:
    """Whether a statement's sub-heading is a section of it ('Current liabilities:', 'Operating expenses:': a line
    item of the vocabulary, wholly), under which a row is the line item it names."""
    match = concepts_in(heading)
    return not heading.strip() or (bool(match.concepts) and all(t in NEUTRAL for t in match.leftover))


def _group(fact: Fact, document: Document) -> str:
    """The sub-heading of a fact's table row ('' for prose or a row under none)."""
    located = document.table_row(fact.provenance.global_line) if fact.provenance.table is not None else None
    return (located[1].group or "") if located else ""


def _words(label: str) -> str:
    """A label's words, its parenthetical aside ('(exclusive of items shown below)') left out."""
    return " ".join(re.findall(r"[a-z]+", re.sub(r"\([^)]*\)?", " ", label.lower())))


def _comparable(fact: Fact) -> bool:
    return (
        fact.member is None
        and fact.kind == "money"
        and fact.measure == "level"
        and fact.basis == "gaap"
        and fact.scenario == "actual"
    )


def _same_period(one: Period, other: Period) -> bool:
    if one.end is None or one.end != other.end:
        return False
    if one.kind == "instant" or other.kind == "instant":
        return one.kind == other.kind
    return one.months is not None and one.months == other.months


def _same_figure(one: Fact, other: Fact) -> bool:
    a, b = abs(one.units), abs(other.units)
    coarser = max(one.scale, other.scale)
    return abs(a - b) <= max(_ROUNDING * max(a, b), 0.5 * coarser)
