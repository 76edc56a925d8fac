"""Offline lookups by concept: the asked line item's row and the asked period's column.

The question's metric is read with the concept vocabulary (``docintel.concepts``): a row is a candidate
when its label names that concept and no qualifier the question does not ask for (a segment's row is
never a total). Ratios computed from these cells are in ``backends.computed``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..answer.contract import Span
from ..concepts import (
    NEUTRAL,
    concept,
    concepts_in,
    names_its_concept,
    narrowing_terms,
    qualifier_text,
    same_concept,
    unexplained,
)
from ..context.pack import Context
from ..ingest.factrows import asks_before_deductions, before_deductions
from ..ingest.facts import Fact
from ..ingest.tables import Table, TableRow
from ..numbers import figure_text
from ..question.parse import search_text
from ..textnorm import tokenize
from .lookup import cell_facts, column_choice, reader_label


@dataclass(frozen=True)
class Cell:
    """A table cell found for a concept: where it is and what it says."""

    doc: str
    table: Table
    row: TableRow
    index: int
    line_text: str
    fact: Fact | None = None  # the cell's typed fact (ingest.facts), where ingest read one

    @property
    def value(self) -> float:
        """The printed value (a dash is nil)."""
        return self.row.values[self.index] or 0.0

    @property
    def period(self) -> str:
        """The column's label as printed."""
        return self.table.columns[self.index].label

    @property
    def year(self) -> int:
        """The column's year."""
        return self.table.columns[self.index].year

    @property
    def scale(self) -> float | None:
        """The table's scale for this cell; where the table states none, the fact's scale resolved by scope (a page
        header's '$ in millions'); None when neither says."""
        scale = self.table.scale_of(self.row, self.index)
        if scale is None and self.fact is not None and self.fact.scale_source != "none":
            return self.fact.scale
        return scale

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
                here = cell_facts(context).get((source.doc, row.line), {})
                if row.aligned and row.kind != "percent" and not match.concepts and _asked_member(here, wanted, terms):
                    found.append((source.doc, table, row))  # 'Intelligent Cloud' under 'Revenue', asked by name
                    continue
                if not row.aligned or not same_concept(match.concepts, wanted) or row.kind == "percent":
                    continue  # a share ('% of total net sales') is not the line item
                if not names_its_concept(match):
                    continue  # a share ('% of total net sales') is not the line item
                if narrowing_terms(match, terms) or narrowing_terms(group, terms):
                    continue
                if any(f.recorded_in for f in here.values()):
                    continue  # a 'Location of gain (loss)' table's 'Cost of sales': the gain recorded there
                found.append((source.doc, table, row))
    preferred = _preferred_terms(wanted, question)
    facts = cell_facts(context)
    classes = _share_classes(question)
    # a row of the member the question names first; a row of a member it does not name (an investee's balance
    # sheet, a segment's) last; then a row of the very line item asked before one of its family; then the row
    # whose label carries the words the question (or the concept's standard label) adds ('net' of
    # 'Property, plant and equipment, net') before one without them (the gross row above it); then a row that
    # says it is the total ('Total net sales') before one that may be a segment's ('Net sales')
    return sorted(
        found,
        key=lambda f: (
            not _asked_member(facts.get((f[0], f[2].line), {}), wanted, terms),
            _other_member(facts.get((f[0], f[2].line), {}), terms),
            # the line item itself before its family's, the share class asked ('Diluted' before 'Basic' for
            # diluted EPS, ASC 260's two classes)
            not concepts_in(qualifier_text(reader_label(f[2]))).concepts & wanted,
            bool(classes) and not classes & _share_classes(reader_label(f[2])),
            # a row of the item alone before one that adds another ('Cash and equivalents and Short-term
            # investments')
            len(concepts_in(qualifier_text(reader_label(f[2]))).concepts - wanted),
            _before_deductions_unasked(f[1], f[2], question),
            *_row_order(reader_label(f[2]), preferred),
        ),
    )


_SHARE_CLASS = re.compile(r"\b(basic|diluted)\b", re.IGNORECASE)


def _share_classes(text: str) -> set[str]:
    return {m.lower() for m in _SHARE_CLASS.findall(text)}


def _before_deductions_unasked(table: Table, row: TableRow, question: str) -> bool:
    """A 'Total long-term debt' row above 'Less current portion', for a question that does not ask the total."""
    net = before_deductions(table, row)
    return bool(net) and not asks_before_deductions(question, net)


def _asked_member(facts: dict[int, Fact], wanted: frozenset[str], asked: frozenset[str]) -> bool:
    """Whether a row's figures are the line item asked (by its table's caption or sub-heading) of a member the
    question names: a segment's row in a table of segment revenue."""
    return any(
        f.member is not None
        and f.concept is not None
        and same_concept(frozenset({f.concept}), wanted)
        and bool(named := set(tokenize(f.member.name)))
        and named <= asked  # 'All Other' tokenizes to nothing: it names no member a question could ask
        for f in facts.values()
    )


def _other_member(facts: dict[int, Fact], asked: frozenset[str]) -> bool:
    """Whether the row's figures are a member's (segment, investee, parent alone) that the question does not name."""
    members = [f.member for f in facts.values() if f.member is not None]
    return bool(members) and not any((words := set(tokenize(m.name))) and words <= asked for m in members)


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
        chosen = fiscal_columns(context, doc, row, chosen, year)
        for index in chosen:
            if index < len(row.values) and row.values[index] is not None and not (divisor and not row.values[index]):
                fact = cell_facts(context).get((doc, row.line), {}).get(index)
                return Cell(doc, table, row, index, texts.get((doc, row.line), row.label), fact)
    return None


def prior_cell(context: Context, cell: Cell, question: str) -> Cell | None:
    """The same row's cell one year earlier (for an average of two year-ends)."""
    year = cell.table.columns[cell.index].year - 1
    for index, column in enumerate(cell.table.columns):
        if column.year == year and index < len(cell.row.values) and cell.row.values[index] is not None:
            fact = cell_facts(context).get((cell.doc, cell.row.line), {}).get(index)
            return Cell(cell.doc, cell.table, cell.row, index, cell.line_text, fact)
    return None


def fiscal_columns(context: Context, doc: str, row: TableRow, indexes: list[int], year: int | None) -> list[int]:
    """Of several columns that could be *year* ('January 30, 2016' and 'January 31, 2015' for 2015), those whose
    typed fact is of that fiscal year; all of them when the facts do not say."""
    if year is None or len(indexes) < 2:
        return indexes
    facts = cell_facts(context).get((doc, row.line), {})
    named = [i for i in indexes if (f := facts.get(i)) is not None and f.period and f.period.fiscal_year == year]
    return named or indexes


def rival_values(context: Context, concept_id: str, cell: Cell, question: str) -> list[str]:
    """Other figures the sent tables give in *cell*'s year under its very label ('Depreciation and amortization' 636
    on the cash flow statement, 22 in a segment's table), each as printed with its page: when an operand had to
    come from another table than the rest, rivals make it uncertain.

    A rival is the same kind of figure for the same period that differs once both are scaled: a per-share or a
    percentage row is no rival of an amount, a nil cell (a dash) says nothing, and a figure printed in millions
    in one table and in units or thousands in another (or with no scale stated) is the same figure, rounded.
    """
    rivals: dict[str, None] = {}
    label = reader_label(cell.row).lower()
    for doc, table, row in concept_rows(context, frozenset({concept_id}), question):
        if reader_label(row).lower() != label or _kind(row) != _kind(cell.row):
            continue  # 'Net income attributable to shareowners' beside 'Consolidated net income' is another figure
        if _part_of_another_total(table, row, concept_id):
            continue  # 'Cost of sales 3.3' above 'Total restructuring ... charges': restructuring's part
        if _member_of(cell_facts(context).get((doc, row.line), {})) != _member_of({0: cell.fact} if cell.fact else {}):
            continue  # 'Operating profit 2,843' of the Aeronautics segment is no rival of the company's
        year = cell.fact.period.fiscal_year if cell.fact and cell.fact.period else None
        for index in fiscal_columns(context, doc, row, column_choice(table, frozenset({cell.year}), question), year):
            value = row.values[index] if index < len(row.values) else None
            if not value or table.is_percent(row, index) != cell.table.is_percent(cell.row, cell.index):
                continue
            if not same_figure(cell.value, cell.scale, value, table.scale_of(row, index)):
                rivals[f"{figure_text(value)} on page {table.page}"] = None
    return list(rivals)


_TOTAL = re.compile(r"^\s*total\b", re.IGNORECASE)


def _member_of(facts: dict[int, Fact]) -> str | None:
    """The member ingest read for a row's cells (None: consolidated, or no fact read)."""
    return next((f.member.name.lower() for f in facts.values() if f.member is not None), None)


def _part_of_another_total(table: Table, row: TableRow, concept_id: str) -> bool:
    """Whether the first total row below *row* adds up another line item: the rows above it are that item's parts,
    classified by where they are recorded ('Restructuring ... costs are classified ... as follows: ... Cost of sales
    3.3 ... Total restructuring and impairment charges'), not the line item they are named by."""
    below = sorted((r for r in table.rows if r.line > row.line and _TOTAL.match(r.label)), key=lambda r: r.line)
    return bool(below) and concept_id not in concepts_in(below[0].label).concepts


_PER_SHARE_GROUP = re.compile(r"\bper\s+(?:common\s+|diluted\s+|basic\s+)?share\b", re.IGNORECASE)


def _kind(row: TableRow) -> str:
    """A row's kind, a row under 'Basic earnings per common share:' being per share whatever its label says."""
    return "per_share" if _PER_SHARE_GROUP.search(row.group or "") else row.kind


def same_figure(a: float, a_scale: float | None, b: float, b_scale: float | None) -> bool:
    """Whether two printed figures are one figure: equal once scaled (to rounding), or, when a table states no
    scale, equal at some scale (5,007 beside $5,007 million)."""
    if a_scale and b_scale:
        pairs = [(a * a_scale, b * b_scale)]
    else:
        pairs = [(a * k, b) for k in _SCALES] + [(a, b * k) for k in _SCALES]
    return any(abs(x - y) <= _SAME_FIGURE * max(abs(x), abs(y)) for x, y in pairs)


_SCALES = (1.0, 1e3, 1e6, 1e9)
_SAME_FIGURE = 0.005
