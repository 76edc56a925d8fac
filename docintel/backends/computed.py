"""Offline computed answers: a ratio the question names or defines, from one cited cell per operand.

The definitions tried, in order: the one the question states ("defined as revenue / average PP&E", "cost of
goods sold as a % of revenue", "D&A % margin"), then each formula of the standard ratios it names
(``concepts.RATIOS``): EBITDA margin is EBITDA / revenue, else (operating income + D&A) / revenue. The first
whose operands are all in the sent tables answers. An average over two year-ends takes the year before too; an
average over several years ("the FY2015 - FY2017 3 year average net margin") is each year's ratio, averaged.
The calculation names and cites every operand, so the verifier checks it like a model's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..answer.contract import Amount, AmountItem, Calculation, Operand
from ..concepts import Formula, concepts_in, is_outflow, label_of, ratios_in, stated_definition, states_magnitude
from ..context.pack import Context
from ..numbers import figure_text
from ..periods import averaged_years, years_named
from .concepts_lookup import Cell, find_cell, prior_cell, rival_values
from .lookup import Lookup, reader_label


@dataclass(frozen=True)
class Definition:
    """One way to compute what the question asks: its name, formula, whether the denominator is an average of
    two year-ends, and the result's kind (percent, ratio, days, money)."""

    name: str
    formula: Formula
    averaged: bool
    kind: str


_PERCENT_ASKED = re.compile(r"%|\b(?:percent|percentage|margin|rate)s?\b", re.IGNORECASE)
_MAX_TERMS = 3  # a numerator of at most three line items ('cash + short-term investments + receivables')


def definitions(question: str) -> list[Definition]:
    """The definitions to try for the question, the stated one first; [] when it asks for no ratio."""
    found: list[Definition] = []
    stated = stated_definition(question)
    if stated is not None:  # the question's own definition is the only one (as the verifier checks it)
        found.append(Definition("the question's definition", stated, stated.averaged, _stated_kind(question, stated)))
    for ratio in ratios_in(question) if stated is None else []:
        averaged = ratio.averaged and "average" in question.lower()
        found += [Definition(ratio.label, f, averaged, ratio.kind) for f in ratio.formulas]
    return [d for d in found if _computable(d.formula)]


def _computable(formula: Formula) -> bool:
    """One concept below the line (or none, for a sum of money), at most two above, and no outflow in a sum."""
    top, bottom = formula.numerator, formula.denominator
    if not top or len(top) > _MAX_TERMS or len(bottom) > 1 or (not bottom and len(top) < 2):
        return False
    return len(top) == 1 or not is_outflow(frozenset(top))


def _stated_kind(question: str, formula: Formula) -> str:
    """A stated definition's kind: days when it multiplies by a year's days, money when it only adds line items, a
    percentage when the question says percent, margin or rate as words, else a plain ratio."""
    if formula.constants:
        return "days"
    if not formula.denominator:
        return "money"
    return "percent" if _PERCENT_ASKED.search(question) else "ratio"


def computed_ratio(question: str, context: Context, single: bool) -> Lookup | None:
    """The first definition whose operands are all sent, computed; None when the question asks for no ratio."""
    tried = definitions(question)
    if not tried:
        return None
    reasons: list[str] = []
    for definition in tried:
        span = averaged_years(question)
        if span and not definition.averaged and definition.formula.denominator:
            lookup = _average_of_ratios(definition, sorted(span), context, question, single)
        else:
            lookup = _one_period(definition, context, question, single)
        if lookup.found:
            # a fuller formula of the same ratio that could not be computed: say which term was missing
            fuller = [_without(r) for r in reasons if r.startswith(f"{definition.name}: no sent table row gives ")]
            return Lookup(lookup.items, True, [*lookup.caveats, *fuller])
        reasons += [r for r in lookup.caveats if r not in reasons]
    return Lookup([], False, reasons)


def _without(reason: str) -> str:
    """'Quick ratio: no sent table row gives Short-term investments ...' -> said of the formula that answered."""
    name, _, rest = reason.partition(": no sent table row gives ")
    return f"{name} computed without {rest.split(' for the period asked')[0]}: no sent table row gives it"


def _one_period(definition: Definition, context: Context, question: str, single: bool) -> Lookup:
    """The ratio of one period: the question's latest year, else the denominator's latest column."""
    formula, name = definition.formula, definition.name
    years = years_named(question)
    year = max(years) if years else None
    bottom = find_cell(context, formula.denominator[0], year, question, divisor=True) if formula.denominator else None
    missing = [formula.denominator[0]] if formula.denominator and bottom is None else []
    tops: list[Cell] = []
    for cid in formula.numerator:
        anchor = bottom or (tops[0] if tops else None)
        top = find_cell(context, cid, year or (anchor.year if anchor else None), question, near=anchor)
        same_row = (
            top is not None and bottom is not None and (top.table, top.row.line) == (bottom.table, bottom.row.line)
        )
        if same_row and cid not in formula.denominator:  # (revenue - cost) / revenue takes one row twice, by design
            top = None  # another line item read from the divisor's row ('Total income taxes' over itself)
        if top is None:
            missing.append(cid)
            continue
        if (
            anchor is not None
            and top.table is not anchor.table
            and (rivals := rival_values(context, cid, top, question))
        ):
            return _uncertain(name, cid, top, rivals)
        tops.append(top)
    if missing:
        return _missing(name, missing)
    below: list[Cell] = [bottom] if bottom else []
    if definition.averaged and bottom is not None:
        prior = prior_cell(context, bottom, question)
        if prior is None:
            return Lookup([], False, [f"{name}: the average needs {label_of(formula.denominator[0])} a year earlier"])
        below.append(prior)
    item = _item(definition, [(tops, below)], single, tops[0].period)
    return Lookup([item], True, [_note(definition, tops, below)])


def _uncertain(name: str, cid: str, cell: Cell, rivals: list[str]) -> Lookup:
    shown = "; ".join(rivals[:4])
    why = (
        f"{name}: {label_of(cid)} for {cell.year} is in another table than the other operands, and the sent tables "
        f"disagree on it ({figure_text(cell.value)} on page {cell.table.page}; also {shown}): not computed"
    )
    return Lookup([], False, [why])


def _missing(name: str, cids: list[str]) -> Lookup:
    named = " or ".join(label_of(cid) for cid in reversed(cids))  # the numerator's first, as a reader writes it
    return Lookup([], False, [f"{name}: no sent table row gives {named} for the period asked"])


def _average_of_ratios(
    definition: Definition, years: list[int], context: Context, question: str, single: bool
) -> Lookup:
    """The ratio computed for each year of the span from that year's cells, and the average of those ratios."""
    formula, name = definition.formula, definition.name
    groups: list[tuple[list[Cell], list[Cell]]] = []
    first: Cell | None = None
    for year in years:
        bottom = find_cell(context, formula.denominator[0], year, question, near=first, divisor=True)
        tops = [find_cell(context, cid, year, question, near=bottom) for cid in formula.numerator]
        if bottom is None or None in tops:
            missing = label_of(formula.denominator[0]) if bottom is None else label_of(formula.numerator[0])
            return Lookup([], False, [f"{name}: no sent table row gives {missing} for {year}, which the average needs"])
        first = first or bottom
        found = [t for t in tops if t is not None]
        for cid, cell, anchor in [(formula.denominator[0], bottom, first)] + [
            (c, t, bottom) for c, t in zip(formula.numerator, found, strict=True)
        ]:
            if cell.table is not anchor.table and (rivals := rival_values(context, cid, cell, question)):
                return _uncertain(name, cid, cell, rivals)
        groups.append((found, [bottom]))
    columns = [(id(cell.table), cell.index) for _, below in groups for cell in below]
    if len(set(columns)) < len(columns):  # a January year-end column read as two fiscal years
        return Lookup([], False, [f"{name}: the sent tables have no column of its own for each year of the average"])
    item = _item(definition, groups, single, f"{years[0]}-{years[-1]}")
    parts = "; ".join(_cells_text(formula, tops, below) for tops, below in groups)
    return Lookup([item], True, [f"computed {name} for each year and averaged: ({parts}) / {len(groups)}"])


def _item(definition: Definition, groups: list[tuple[list[Cell], list[Cell]]], single: bool, period: str) -> AmountItem:
    """The calculation over every group's cells (one group: one period; several: each year's ratio, averaged)."""
    cells = [cell for tops, below in groups for cell in (*tops, *below)]
    labels = [_label(i) for i in range(len(cells))]
    values = dict(zip(labels, _operand_values(cells), strict=True))
    terms, quotients, at = [], [], 0
    for tops, below in groups:
        top_labels, bottom = labels[at : at + len(tops)], labels[at + len(tops) : at + len(tops) + len(below)]
        at += len(tops) + len(below)
        minus = [t for t, cell in zip(top_labels, tops, strict=True) if _subtracted(definition.formula, cell)]
        terms.append(_term(top_labels, bottom, minus))
        top_value = sum(-values[t] if t in minus else values[t] for t in top_labels)
        quotients.append(top_value / (sum(values[b] for b in bottom) / len(bottom)) if bottom else top_value)
    expression = terms[0] if len(terms) == 1 else f"({' + '.join(terms)}) / {len(terms)}"
    factor = {"percent": 100.0, "days": 365.0}.get(definition.kind, 1.0)
    if factor != 1.0:
        expression += f" * {factor:g}"
    result = sum(quotients) / len(quotients) * factor
    operands = [
        Operand(
            label=label, name=reader_label(cell.row), value=values[label], period=cell.period, span=cell.span(single)
        )
        for label, cell in zip(labels, cells, strict=True)
    ]
    if definition.kind == "money":
        unit, currency = _money_unit(cells)
    else:
        unit, currency = {"percent": "percent", "days": "units"}.get(definition.kind, "ratio"), None
    label = definition.name if len(groups) == 1 else f"{definition.name}, average of {period}"
    return AmountItem(
        label=f"{label} ({period})" if len(groups) == 1 else label,
        amount=Amount(value=_rounded(result), currency=currency, unit=unit),  # type: ignore[arg-type]
        period=period,
        calculation=Calculation(operands=operands, expression=expression, result=result),
        spans=[cells[0].span(single)],
    )


def _label(index: int) -> str:
    return chr(ord("a") + index) if index < 26 else f"x{index}"


def _subtracted(formula: Formula, cell: Cell) -> bool:
    """Whether the cell's concept is one the formula takes away (gross margin's cost of revenue)."""
    return bool(formula.subtracted & concepts_in(reader_label(cell.row)).concepts)


def _term(top: list[str], bottom: list[str], minus: list[str]) -> str:
    """'a', '(a + b)', '(a - b)', 'a / b' or 'a / ((b + c) / 2)'."""
    above = _signed(top, minus)
    if not bottom:
        return above
    above = f"({above})" if len(top) > 1 else above
    below = bottom[0] if len(bottom) == 1 else f"(({' + '.join(bottom)}) / {len(bottom)})"
    return f"{above} / {below}"


def _signed(terms: list[str], minus: list[str]) -> str:
    """The terms added, those in *minus* taken away, added ones first: 'b - a', never 'a + b' for -a + b."""
    ordered = [t for t in terms if t not in minus] + [t for t in terms if t in minus]
    first = f"-{ordered[0]}" if ordered[0] in minus else ordered[0]
    return first + "".join(f" - {t}" if t in minus else f" + {t}" for t in ordered[1:])


_SCALE_UNITS = {1e3: "thousands", 1e6: "millions", 1e9: "billions"}


def _money_unit(cells: list[Cell]) -> tuple[str, str | None]:
    """A sum's unit: the cells' common scale (units when they differ: the operands are then in units)."""
    scales = {cell.scale for cell in cells}
    scale = scales.pop() if len(scales) == 1 else 1.0
    currency = next((c.table.currency for c in cells if c.table.currency), None)
    return _SCALE_UNITS.get(scale or 1.0, "units"), currency


def _magnitude(cell: Cell) -> float:
    """An outflow's or an expense's cell ('(71.4)' for capital expenditures, '(56,744)' for cost of sales) enters
    a ratio as its magnitude."""
    concepts = concepts_in(reader_label(cell.row)).concepts
    return abs(cell.value) if states_magnitude(concepts) else cell.value


def _operand_values(cells: list[Cell]) -> list[float]:
    """Each cell's value as printed when all share one scale, else in units (cell times its table's scale), so a
    ratio of millions over thousands comes out right."""
    scales = [cell.scale for cell in cells]
    if len(set(scales)) < 2 or None in scales:
        return [_magnitude(cell) for cell in cells]
    return [_magnitude(cell) * (scale or 1.0) for cell, scale in zip(cells, scales, strict=True)]


def _rounded(value: float) -> float:
    """Four decimals, or four significant digits for a small ratio (0.000664, not 0.0007)."""
    return round(value, 4) if abs(value) >= 0.1 else float(f"{value:.4g}")


def _cell_text(cell: Cell) -> str:
    return f"'{reader_label(cell.row)}' {cell.period} (page {cell.table.page})"


def _note(definition: Definition, tops: list[Cell], below: list[Cell]) -> str:
    return f"computed {definition.name} = {_cells_text(definition.formula, tops, below)}"


def _cells_text(formula: Formula, tops: list[Cell], below: list[Cell]) -> str:
    """('a' - 'b') / 'c', or over 'the average of' two year-ends, each cell named with its period and page."""
    names = [_cell_text(c) for c in tops]
    top = _signed(names, [n for n, c in zip(names, tops, strict=True) if _subtracted(formula, c)])
    top = f"({top})" if len(tops) > 1 and below else top
    if not below:
        return top
    bottom = (
        _cell_text(below[0]) if len(below) == 1 else f"the average of {_cell_text(below[0])} and {_cell_text(below[1])}"
    )
    return f"{top} / {bottom}"
