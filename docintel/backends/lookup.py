"""Reading an amount the way a careful reader would, for the extractive backend.

From a table row: the row whose label best matches the question, the column whose header is
the period the question asks about, the unit the table states (a per-share row is per share, a
percentage is a percentage, a count is a count). From a sentence: a number with its own scale
word, never the day or year of a date. When the row or the column is uncertain, no value is
given: the lines are returned as evidence and the reason is said.
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass, field

from ..answer.contract import Amount, AmountItem, Span
from ..concepts import concepts_in, is_outflow
from ..context.pack import Context, ContextLine
from ..ingest.facts import Fact
from ..ingest.tables import Table, TableRow
from ..numbers import find_numbers
from ..periods import find_periods, years_named
from ..question.asks import asks_percentage

_SCALE_UNITS = {1e3: "thousands", 1e6: "millions", 1e9: "billions"}
_PER_SHARE_AFTER = ("per share", "per diluted share", "per basic share", "per common share")
ROW_CANDIDATES = 5  # the best lines an amount is looked for in
ROW_PREFERENCE = 1.25  # a table row's score is weighed this much above a sentence's


@dataclass
class Lookup:
    """Items read from the evidence, or evidence lines with the reason no value could be read."""

    items: list[AmountItem]
    found: bool
    caveats: list[str] = field(default_factory=list)


def row_unit(table: Table, row: TableRow, index: int) -> tuple[str, str | None]:
    """(unit, currency) of a table cell as the answer contract names them."""
    if table.is_percent(row, index):
        return "percent", None
    if row.kind == "per_share":
        return "per_share", table.currency
    if row.kind == "count":
        return "count", None
    scale = table.scale_of(row, index)
    if row.kind == "shares":
        return _SCALE_UNITS.get(scale or 1.0, "count"), None
    if scale is None:
        return "other", table.currency
    return _SCALE_UNITS.get(scale, "units"), table.currency


def reader_label(row: TableRow) -> str:
    """The row's label as a reader names it: with its sub-heading when the label alone is 'Diluted' or 'Total'."""
    group = (row.group or "").strip()
    if concepts_in(row.label).concepts:  # 'Operating income' under 'Cost of revenue:' is a line item of its own
        return row.label
    if group.endswith(":") and (len(row.label.split()) <= 2 or row.label.lower() in ("total", "basic", "diluted")):
        return f"{group} {row.label}"
    return row.label


def fact_unit(table: Table, row: TableRow, index: int, fact: Fact | None) -> tuple[str, str | None]:
    """(unit, currency) of a cell, the typed fact's scale resolved by scope (a page header's '$ in millions', a
    section's 'tabular dollars in thousands') where the table itself states none; per share where the fact is."""
    unit, currency = row_unit(table, row, index)
    if fact is not None and fact.kind == "per_share" and unit != "percent":
        return "per_share", currency or fact.currency  # 'Net income attributable to Verizon $ 5.06' under EPS
    if unit == "other" and fact is not None and fact.scale_source != "none" and fact.scale in _SCALE_UNITS:
        return _SCALE_UNITS[fact.scale], currency or fact.currency
    return unit, currency


CellFacts = dict[tuple[str, int], dict[int, Fact]]
# read once per context (every cell looked up asks); a context is unhashable, so it is kept by id while it lives
_CELL_FACTS: dict[int, tuple[weakref.ref[Context], CellFacts]] = {}


def cell_facts(context: Context) -> CellFacts:
    """The typed facts of the sent table cells, by (doc, GLOBAL_LINE) and cell index."""
    key = id(context)
    known = _CELL_FACTS.get(key)
    if known is not None and known[0]() is context:
        return known[1]
    facts = _cell_facts(context)
    _CELL_FACTS[key] = (weakref.ref(context, lambda _: _CELL_FACTS.pop(key, None)), facts)
    return facts


def _cell_facts(context: Context) -> CellFacts:
    cells: CellFacts = {}
    for source in context.sources:
        for fact in source.facts:
            if fact.provenance.column is not None:
                cells.setdefault((source.doc, fact.provenance.global_line), {})[fact.provenance.column] = fact
    return cells


def from_row(question: str, table: Table, row: TableRow, span: Span, facts: dict[int, Fact] | None = None) -> Lookup:
    """The row's value in the column of the period the question asks about (the latest when it names none); the
    unit from the cell's typed fact (*facts*, by cell index) where the table states no scale."""
    if table.problem is not None or not row.aligned:
        reason = table.problem or "the row's cells do not line up with the header's columns"
        return Lookup([_evidence(span)], False, [f"no value read from this table row: {reason}"])
    asked = years_named(question)
    caveats: list[str] = []
    indexes = column_choice(table, asked, question)
    if not indexes:
        have = ", ".join(c.label for c in table.columns)
        quarters = all(_is_quarter(c.heading) for c in table.columns) and not _QUARTER_ASKED.search(question)
        why = "each is a quarter's, and the question asks for a full year" if quarters else "none is the period asked"
        return Lookup([_evidence(span)], False, [f"the table has columns {have}; {why}"])
    chosen = [(i, table.columns[i]) for i in indexes]
    if not asked:
        caveats.append(f"the question names no period; the latest column ({chosen[0][1].label}) is reported")
    items = []
    for index, column in chosen:
        value = row.values[index]
        if value is None:
            continue
        unit, currency = fact_unit(table, row, index, (facts or {}).get(index))
        if unit == "other":
            caveats.append("the table states no scale: the value is as printed")
        if value < 0 and _ASKS_AMOUNT_PAID.search(question) and is_outflow(concepts_in(reader_label(row)).concepts):
            caveats.append(
                f"printed as {row.cells[index]}: an outflow (cash paid out); the amount asked is its magnitude"
            )
            value = -value
        length = _length((facts or {}).get(index))  # 'three months' or 'six months': two '2023' columns of a 10-Q
        caveats.append(
            f"looked up: row '{reader_label(row)}', column '{column.label}'{length}, table on page {table.page}"
            + (f" ({table.caption})" if table.caption else "")
        )
        items.append(
            AmountItem(
                label=reader_label(row),
                amount=Amount(value=value, currency=currency, unit=unit),  # type: ignore[arg-type]  # a contract unit
                period=column.label,
                calculation=None,
                spans=[span],
            )
        )
    return Lookup(items, bool(items), caveats)


_MONTH_WORDS = {3: "three", 6: "six", 9: "nine", 12: "twelve"}


def _length(fact: Fact | None) -> str:
    """' (six months ended 2023-07-02)': the duration a cell's typed period covers, when it is not a year's."""
    period = fact.period if fact is not None else None
    if period is None or period.kind != "duration" or period.months in (None, 12) or period.end is None:
        return ""
    months = _MONTH_WORDS.get(period.months, str(period.months))
    return f" ({months} months ended {period.end.isoformat()})"


# 'How much did Acme pay in dividends?', 'How much was spent on capital expenditures?': the amount paid, a magnitude
_ASKS_AMOUNT_PAID = re.compile(
    r"\bhow\s+much\b.*\b(?:pa(?:y|id|ys)|sp(?:end|ent|ends)|invest(?:ed|s)?|repurchas(?:e|ed)|return(?:ed)?|"
    r"distribut(?:e|ed)|us(?:e|ed)\s+(?:in|for))\b",
    re.IGNORECASE,
)
_QUARTER_COLUMN = re.compile(r"\b(?:three|3|thirteen|13)[- ](?:months|weeks)\b|\bquarter\b", re.I)
_QUARTER_ASKED = re.compile(r"\b(?:q[1-4]|quarter|three months|quarterly)\b", re.I)


def column_choice(table: Table, asked: frozenset[int], question: str) -> list[int]:
    """Indexes of the columns of the period asked (the latest when none is): the column of a date the question
    names; an annual question takes annual columns, never a quarter's, when the header says which is which."""
    columns = list(enumerate(table.columns))
    if not _QUARTER_ASKED.search(question):  # a table of quarters only has no column for an annual question
        columns = [(i, c) for i, c in columns if not _is_quarter(c.heading)]
    dates = {p.iso for p in find_periods(question) if p.iso}
    if dates and (dated := [i for i, c in columns if c.iso in dates]):
        return dated  # 'as of February 2, 2019': that date's column, not every column of an overlapping year
    if asked:
        return [i for i, c in columns if _column_years(c.label) & asked]
    if not columns:
        return []
    return [max(columns, key=lambda ic: (ic[1].year, -ic[0]))[0]]


def _is_quarter(heading: str) -> bool:
    return bool(_QUARTER_COLUMN.search(heading))


def _column_years(label: str) -> frozenset[int]:
    return frozenset().union(*(p.years for p in find_periods(label)))


_REFERENCE_BEFORE = re.compile(
    r"\b(?:note|notes|item|items|page|pages|part|section|exhibit|schedule|table|figure|line|rule|article|"
    r"quarter|quarters|phase|step|stage|level|tier|week|weeks|day|days|year|years|month|months)\s*$",
    re.IGNORECASE,
)


_DOT_LEADER = re.compile(r"\.{4,}|(?:\. ){3,}|…{2,}")
_PAGE_FOOTER = re.compile(r"(?:^|\s)(?:page\s+)?\d{1,3}$|\bform\s+10-?[kq]\b|^\d{1,3}\s", re.IGNORECASE)


def is_furniture(text: str) -> bool:
    """Whether a line is page furniture, never a value: a contents line ('Risk factors ........ 18'), a page
    footer ('Acme Corp | Form 10-K | 28', 'Page 4'), a bare page number."""
    stripped = text.strip()
    if _DOT_LEADER.search(stripped):
        return True
    short = len(stripped) <= 60 and not re.search(r"[$€£¥%]|\d[.,]\d", stripped)
    lone_number = len(re.findall(r"\d+", re.sub(r"10-?[kq]", "", stripped, flags=re.IGNORECASE))) == 1
    return short and lone_number and bool(_PAGE_FOOTER.search(stripped))


_LABEL_CHARS = 120


def short_label(text: str) -> str:
    """A line as an item's label: whole, or cut at a word before the limit, with an ellipsis (never mid-word, nor
    mid-number: '7,837,44' of '7,837,448' would read as another figure)."""
    text = " ".join(text.split())
    if len(text) <= _LABEL_CHARS:
        return text
    return text[: _LABEL_CHARS + 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def from_sentence(question: str, line: ContextLine, span: Span) -> Lookup:
    """The first amount of a sentence that is not part of a date, with its own scale word (the first percentage when
    the question asks one).

    A sentence about other periods than the question asks about gives no value, nor does page furniture.
    """
    if is_furniture(line.text):
        return Lookup([_evidence(span)], False, ["the line is page furniture (contents, footer, page number)"])
    asked, named = years_named(question), years_named(line.text)
    if asked and named and not asked & named:
        years = ", ".join(map(str, sorted(named)))
        return Lookup([_evidence(span)], False, [f"the best line is about {years}, not the period asked"])
    dates = [(p.start, p.end) for p in find_periods(line.text)]
    percent_only = asks_percentage(question)  # 'What percentage ... 20 largest suppliers': the 64%, not the 20
    for number in find_numbers(line.text):
        if number.is_year or any(start <= number.start < end for start, end in dates):
            continue
        if percent_only and not number.percent:
            continue
        if _REFERENCE_BEFORE.search(line.text[: number.start]):
            continue  # 'Note 5', 'page 12', 'Item 7': a reference, not an amount
        after = line.text[number.end : number.end + 24].lower()
        if number.percent:
            unit, currency = "percent", None
        elif any(after.lstrip().startswith(p) for p in _PER_SHARE_AFTER):
            unit, currency = "per_share", number.currency
        else:
            unit, currency = _SCALE_UNITS.get(number.scale or 1.0, "units"), number.currency
        value = number.value
        if number.scale == 1e12:  # the answer contract's largest unit is billions
            value, unit = value * 1000, "billions"
        item = AmountItem(
            label=short_label(line.text),
            amount=Amount(value=value, currency=currency, unit=unit),  # type: ignore[arg-type]
            period=None,  # a sentence does not say which of its dates a number is for
            calculation=None,
            spans=[span],
        )
        return Lookup([item], True)
    return Lookup([_evidence(span)], False, ["the line holds no amount"])


def _evidence(span: Span) -> AmountItem:
    """An item that only points at evidence: no value is claimed."""
    return AmountItem(
        label="evidence",
        amount=Amount(value=None, currency=None, unit=None),
        period=None,
        calculation=None,
        spans=[span],
    )


def table_rows(context: Context) -> dict[tuple[str, int], tuple[Table, TableRow]]:
    """Every sent table row by (doc, GLOBAL_LINE)."""
    return {(s.doc, row.line): (table, row) for s in context.sources for table in s.tables for row in table.rows}
