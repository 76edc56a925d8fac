"""Offline lookups by concept: the asked line item's row and the asked period's column, and standard
ratios computed from cited cells.

The question's metric is read with the concept vocabulary (``docintel.concepts``): a row is a candidate
when its label names that concept and no qualifier the question does not ask for (a segment's row is
never a total). A ratio the question names (or defines: "defined as revenue / average PP&E") is
computed from one row per operand, each citing its own cell, so the verifier checks the calculation
like a model's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..answer.contract import Amount, AmountItem, Calculation, Operand, Span
from ..concepts import (
    NEUTRAL,
    Formula,
    Ratio,
    concept,
    concepts_in,
    is_outflow,
    label_of,
    names_its_concept,
    narrowing_terms,
    qualifier_text,
    ratios_in,
    same_concept,
    stated_definition,
    unexplained,
)
from ..context.pack import Context
from ..ingest.tables import Table, TableRow
from ..periods import averaged_years, years_named
from ..question.parse import search_text
from ..textnorm import tokenize
from .lookup import Lookup, column_choice, reader_label


@dataclass(frozen=True)
class Cell:
    """A table cell found for a concept: where it is and what it says."""

    doc: str
    table: Table
    row: TableRow
    index: int
    line_text: str

    @property
    def value(self) -> float:
        """The printed value (a dash is nil)."""
        return self.row.values[self.index] or 0.0

    @property
    def period(self) -> str:
        """The column's label as printed."""
        return self.table.columns[self.index].label

    def span(self, single: bool) -> Span:
        """The row cited whole."""
        return Span(
            doc=None if single else self.doc, line_start=self.row.line, line_end=self.row.line, quote=self.line_text
        )


def asked_line_items(question: str) -> frozenset[str]:
    """The line items (not ratios) the question asks for."""
    found = concepts_in(search_text(question)).concepts
    return frozenset(c for c in found if concept(c) is not None)


def concept_rows(context: Context, wanted: frozenset[str], question: str) -> list[tuple[str, Table, TableRow]]:
    """Sent table rows whose label names one of *wanted* and no qualifier the question does not ask for."""
    terms = frozenset(tokenize(qualifier_text(search_text(question))))
    found: list[tuple[str, Table, TableRow]] = []
    for source in context.sources:
        for table in source.tables:
            if table.problem is not None:
                continue
            for row in table.rows:
                label = reader_label(row)
                match = concepts_in(qualifier_text(label))
                group = concepts_in(qualifier_text(row.group or ""))
                if not row.aligned or not same_concept(match.concepts, wanted) or row.kind == "percent":
                    continue  # a share ('% of total net sales') is not the line item
                if not names_its_concept(match):
                    continue  # a share ('% of total net sales') is not the line item
                if narrowing_terms(match, terms) or narrowing_terms(group, terms):
                    continue
                found.append((source.doc, table, row))
    preferred = _preferred_terms(wanted, question)
    # the row whose label carries the words the question (or the concept's standard label) adds ('net' of
    # 'Property, plant and equipment, net') before one without them (the gross row above it); then a row that
    # says it is the total ('Total net sales') before one that may be a segment's ('Net sales')
    return sorted(found, key=lambda f: _row_order(reader_label(f[2]), preferred))


def _preferred_terms(wanted: frozenset[str], question: str) -> frozenset[str]:
    """The neutral words that tell rows of one concept apart, as the question or the concept's standard label
    writes them ('net' PP&E; 'Total current assets')."""
    labels = " ".join(item.label for cid in wanted if (item := concept(cid)) is not None)
    return frozenset(tokenize(f"{labels} {search_text(question)}")) & NEUTRAL - {"total"}


def _row_order(label: str, preferred: frozenset[str]) -> tuple[int, int, bool]:
    """Preferred words first, then the fewest words no wording explains ('Net revenues' before 'Casino revenue'),
    then a total."""
    terms = set(tokenize(label))
    return -len(terms & preferred), len(unexplained(concepts_in(qualifier_text(label)))), "total" not in terms


def _line_texts(context: Context) -> dict[tuple[str, int], str]:
    return {(s.doc, line.global_line): line.text for s in context.sources for line in s.lines}


def find_cell(
    context: Context, concept_id: str, year: int | None, question: str, near: Cell | None = None, divisor: bool = False
) -> Cell | None:
    """The first sent cell of *concept_id* in the column of *year* (the latest column when None); one in the
    table of *near* first (a ratio's operands from one statement, not a segment's beside the total). A *divisor*
    is never a zero cell."""
    texts = _line_texts(context)
    rows = concept_rows(context, frozenset({concept_id}), question)
    if near is not None:
        rows = sorted(rows, key=lambda r: r[1] is not near.table)
    for doc, table, row in rows:
        chosen = column_choice(table, frozenset({year}) if year else frozenset(), question)
        for index in chosen:
            if index < len(row.values) and row.values[index] is not None and not (divisor and not row.values[index]):
                return Cell(doc, table, row, index, texts.get((doc, row.line), row.label))
    return None


def _prior_cell(context: Context, cell: Cell, question: str) -> Cell | None:
    """The same row's cell one year earlier (for an average of two year-ends)."""
    year = cell.table.columns[cell.index].year - 1
    for index, column in enumerate(cell.table.columns):
        if column.year == year and index < len(cell.row.values) and cell.row.values[index] is not None:
            return Cell(cell.doc, cell.table, cell.row, index, cell.line_text)
    return None


def _definition(question: str) -> tuple[str, Formula, bool, str] | None:
    """(name, formula with one concept above and one below the line, averaged, kind) of the ratio asked."""
    stated = stated_definition(question)
    if stated is not None and len(stated.numerator) == 1 and len(stated.denominator) == 1:
        return "the question's definition", stated, stated.averaged, _stated_kind(question, stated)
    for ratio in ratios_in(question):
        simple = [f for f in ratio.formulas if len(f.numerator) == 1 and len(f.denominator) == 1]
        if simple:
            return ratio.label, simple[0], _averaged(ratio, question), ratio.kind
    return None


def _averaged(ratio: Ratio, question: str) -> bool:
    return ratio.averaged and "average" in question.lower()


_PERCENT_ASKED = re.compile(r"%|\b(?:percent|percentage|margin|rate)s?\b", re.IGNORECASE)


def _stated_kind(question: str, formula: Formula) -> str:
    """A stated definition's kind: days when it multiplies by a year's days, a percentage when the question says
    percent, margin or rate as words ('generated' and 'corporate' are no rate), else a plain ratio."""
    if formula.constants:
        return "days"
    return "percent" if _PERCENT_ASKED.search(question) else "ratio"


def computed_ratio(question: str, context: Context, single: bool) -> Lookup | None:
    """A named or defined ratio computed from one cited cell per operand; None when no ratio is asked."""
    definition = _definition(question)
    if definition is None:
        return None
    name, formula, averaged, kind = definition
    span = averaged_years(question)
    if span and not averaged:  # 'the FY2015 - FY2017 3 year average net margin': the ratio of each year, averaged
        return _average_of_ratios(name, kind, formula, sorted(span), context, question, single)
    years = years_named(question)
    year = max(years) if years else None
    bottom = find_cell(context, formula.denominator[0], year, question, divisor=True)
    if year is None and bottom is not None:  # no period asked: both operands of the denominator's (latest) year
        year = bottom.table.columns[bottom.index].year
    top = find_cell(context, formula.numerator[0], year, question, near=bottom)
    missing = [label_of(c) for c, cell in ((formula.numerator[0], top), (formula.denominator[0], bottom)) if not cell]
    if top is None or bottom is None:
        return Lookup([], False, [f"{name}: no sent table row gives {' or '.join(missing)} for the period asked"])
    cells = [top, bottom]
    if averaged:
        prior = _prior_cell(context, bottom, question)
        if prior is None:
            return Lookup([], False, [f"{name}: the average needs {label_of(formula.denominator[0])} a year earlier"])
        cells.append(prior)
    return Lookup([_ratio_item(name, kind, cells, single, formula)], True, [_formula_note(name, cells, averaged)])


def _average_of_ratios(
    name: str, kind: str, formula: Formula, years: list[int], context: Context, question: str, single: bool
) -> Lookup:
    """The ratio computed for each year of the span from that year's cells, and the average of those ratios."""
    pairs: list[tuple[Cell, Cell]] = []
    for year in years:
        bottom = find_cell(context, formula.denominator[0], year, question, divisor=True)
        top = find_cell(context, formula.numerator[0], year, question, near=bottom)
        if top is None or bottom is None:
            missing = label_of(formula.numerator[0] if top is None else formula.denominator[0])
            return Lookup([], False, [f"{name}: no sent table row gives {missing} for {year}, which the average needs"])
        pairs.append((top, bottom))
    cells = [cell for pair in pairs for cell in pair]
    labels = [chr(ord("a") + i) for i in range(len(cells))]
    values = dict(zip(labels, _operand_values(cells), strict=True))
    terms = [f"{labels[2 * i]} / {labels[2 * i + 1]}" for i in range(len(pairs))]
    expression = f"({' + '.join(terms)}) / {len(pairs)}"
    factor = {"percent": 100.0, "days": 365.0}.get(kind, 1.0)
    if factor != 1.0:
        expression += f" * {factor:g}"
    quotients = [values[labels[2 * i]] / values[labels[2 * i + 1]] for i in range(len(pairs))]
    result = sum(quotients) / len(pairs) * factor
    operands = [
        Operand(
            label=label, name=reader_label(cell.row), value=values[label], period=cell.period, span=cell.span(single)
        )
        for label, cell in zip(labels, cells, strict=True)
    ]
    unit = {"percent": "percent", "days": "units"}.get(kind, "ratio")
    item = AmountItem(
        label=f"{name}, average of {years[0]}-{years[-1]}",
        amount=Amount(value=_rounded(result), currency=None, unit=unit),  # type: ignore[arg-type]  # a contract unit
        period=f"{years[0]}-{years[-1]}",
        calculation=Calculation(operands=operands, expression=expression, result=result),
        spans=[cells[0].span(single)],
    )
    parts = [f"{_cell_text(top)} / {_cell_text(bottom)}" for top, bottom in pairs]
    note = f"computed {name} for each year and averaged: ({'; '.join(parts)}) / {len(pairs)}"
    return Lookup([item], True, [note])


def _cell_text(cell: Cell) -> str:
    return f"'{reader_label(cell.row)}' {cell.period} (page {cell.table.page})"


def _magnitude(cell: Cell) -> float:
    """An outflow's cell ('(71.4)' for capital expenditures) enters a ratio as its magnitude."""
    concepts = concepts_in(reader_label(cell.row)).concepts
    return abs(cell.value) if is_outflow(concepts) else cell.value


def _operand_values(cells: list[Cell]) -> list[float]:
    """Each cell's value as printed when all share one scale, else in units (cell times its table's scale), so a
    ratio of millions over thousands comes out right."""
    scales = [cell.table.scale_of(cell.row, cell.index) for cell in cells]
    if len(set(scales)) < 2 or None in scales:
        return [_magnitude(cell) for cell in cells]
    return [_magnitude(cell) * (scale or 1.0) for cell, scale in zip(cells, scales, strict=True)]


def _ratio_item(name: str, kind: str, cells: list[Cell], single: bool, formula: Formula) -> AmountItem:
    labels = "abc"[: len(cells)]
    values = dict(zip(labels, _operand_values(cells), strict=True))
    below = "b" if len(cells) == 2 else "((b + c) / 2)"
    expression = f"a / {below}"
    if kind == "percent":
        expression += " * 100"
    elif kind == "days":
        expression += " * 365"
    average = (values["b"] + values["c"]) / 2 if len(cells) == 3 else values["b"]
    result = values["a"] / average * (100 if kind == "percent" else 365 if kind == "days" else 1)
    operands = [
        Operand(
            label=label, name=reader_label(cell.row), value=values[label], period=cell.period, span=cell.span(single)
        )
        for label, cell in zip(labels, cells, strict=True)
    ]
    unit = {"percent": "percent", "days": "units"}.get(kind, "ratio")
    return AmountItem(
        label=f"{name} ({cells[0].period})",
        amount=Amount(value=_rounded(result), currency=None, unit=unit),  # type: ignore[arg-type]  # a contract unit
        period=cells[0].period,
        calculation=Calculation(operands=operands, expression=expression, result=result),
        spans=[cells[0].span(single)],
    )


def _rounded(value: float) -> float:
    """Four decimals, or four significant digits for a small ratio (0.000664, not 0.0007)."""
    return round(value, 4) if abs(value) >= 0.1 else float(f"{value:.4g}")


def _formula_note(name: str, cells: list[Cell], averaged: bool) -> str:
    parts = [f"'{reader_label(c.row)}' {c.period} (page {c.table.page})" for c in cells]
    below = f"the average of {parts[1]} and {parts[2]}" if averaged else parts[1]
    return f"computed {name} = {parts[0]} / {below}"
