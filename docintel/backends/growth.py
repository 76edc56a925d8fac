"""Growth computed offline: the year-over-year percentage change of one line item, from two cells of its row.

'What was revenue growth from FY2016 to FY2017?', 'the year-over-year change in revenue (in percents)': the
later year's cell and the earlier year's cell of the same row (one table, one scale), ``(a - b) / b * 100``,
each operand cited. Growth is always over the earlier period. A question that names no year, a row without
the earlier year's column, or an earlier figure of zero gives no value, with the reason.
"""

from __future__ import annotations

import re

from ..answer.contract import Amount, AmountItem, Calculation, Operand
from ..concepts import label_of
from ..context.pack import Context
from ..numbers import figure_text
from ..periods import years_named
from .concepts_lookup import Cell, asked_line_items, find_cell
from .lookup import Lookup, cell_facts, reader_label

_GROWTH = re.compile(
    r"\bgrowth\b|\byear[- ]over[- ]year\b|\byoy\b|%\s*change|\bpercent(?:age)?\s+(?:change|increase|decrease)\b"
    r"|\bby\s+what\s+percent(?:age)?\b"
    r"|\b(?:change|increase|decrease)\b[^.?]{0,80}\bin\s+(?:units\s+of\s+)?percent",
    re.IGNORECASE,
)


# a compound (annualised) rate is no simple change between two years
_COMPOUND = re.compile(r"\bcompound|\bcagr\b|\bannuali[sz]ed\b|\baverage\s+annual\b", re.IGNORECASE)


def asks_growth(question: str) -> bool:
    """Whether the question asks for a percentage change of a figure between two periods (not a compound rate)."""
    return bool(_GROWTH.search(question)) and not _COMPOUND.search(question)


def computed_growth(question: str, context: Context, single: bool) -> Lookup | None:
    """The growth of the one line item the question names, between the years it names (the later one and the
    year before it when it names one); None when the question asks for no growth of one line item."""
    wanted = asked_line_items(question)
    if not asks_growth(question) or len(wanted) != 1:
        return None
    (cid,) = wanted
    years = sorted(years_named(question))
    if not years:
        return Lookup([], False, [f"growth of {label_of(cid)}: the question names no year"])
    later = years[-1]
    earlier = years[-2] if len(years) >= 2 else later - 1
    current = find_cell(context, cid, later, question)
    if current is None:
        return Lookup([], False, [f"growth of {label_of(cid)}: no sent table row gives it for {later}"])
    prior = _same_row(current, earlier, context)
    if prior is None:
        return Lookup([], False, [f"growth of {label_of(cid)}: its row has no column for {earlier}"])
    if prior.value == 0:
        return Lookup([], False, [f"growth of {label_of(cid)}: the {earlier} figure is nil"])
    return Lookup([_item(cid, current, prior, single)], True, [_note(current, prior)])


def _same_row(cell: Cell, year: int, context: Context) -> Cell | None:
    """The cell of the same row in the column of *year* under the same heading (a three-month column's prior
    year is the three-month column, never the six-month one beside it)."""
    heading = cell.table.columns[cell.index].heading
    facts = cell_facts(context).get((cell.doc, cell.row.line), {})
    for index, column in enumerate(cell.table.columns):
        if column.year != year or column.heading != heading or index >= len(cell.row.values):
            continue
        if cell.row.values[index] is not None:
            return Cell(cell.doc, cell.table, cell.row, index, cell.line_text, facts.get(index))
    return None


def _item(cid: str, current: Cell, prior: Cell, single: bool) -> AmountItem:
    a, b = current.value, prior.value
    result = (a - b) / b * 100
    name = reader_label(current.row)
    operands = [
        Operand(label="a", name=name, value=a, period=current.period, span=current.span(single)),
        Operand(label="b", name=name, value=b, period=prior.period, span=prior.span(single)),
    ]
    return AmountItem(
        label=f"{label_of(cid)} growth ({prior.period} to {current.period})",
        amount=Amount(value=round(result, 4), currency=None, unit="percent"),
        period=current.period,
        calculation=Calculation(operands=operands, expression="(a - b) / b * 100", result=result),
        spans=[current.span(single)],
    )


def _note(current: Cell, prior: Cell) -> str:
    now, before = figure_text(current.value), figure_text(prior.value)
    return (
        f"computed growth: ({now} - {before}) / {before} * 100 from row "
        f"'{reader_label(current.row)}', columns '{current.period}' and '{prior.period}', table on page "
        f"{current.table.page}"
    )
