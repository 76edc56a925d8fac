"""Value checks: is an item's value, period and arithmetic supported by the lines it cites?

A quote that exists is necessary, not sufficient. For every amount (and date, and numeric
extraction field) this module checks:

- ``value_check``: the value, at the unit the answer states, equals a number of a verified
  quote at the scale the document gives it (the table caption's ``(Millions)`` for a table row,
  a scale word such as ``1.2 billion`` in prose, otherwise as printed). Rounding to the answer's
  own precision is allowed; a printed ``(1,577)`` supports 1577 as well as -1577.
- ``period_check``: the column header of the cell that holds the value names the item's period
  (and a period the question asks about); ``mismatch`` names the column it is really in.
- ``calculation_check``: every operand is supported by its own span and period, the expression
  is plain arithmetic (parsed with ``ast``, never ``eval``), and it recomputes to the stated
  result within 0.5%.
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field

from ..answer.contract import Amount, Calculation, DateValue, Span
from ..ingest.documents import Document
from ..ingest.tables import Table, TableRow
from ..numbers import find_numbers
from ..periods import Period, find_periods, years_named
from ..textnorm import squash

ValueCheck = Literal["supported", "unsupported", "not_applicable"]
PeriodCheck = Literal["supported", "mismatch", "unknown", "not_applicable"]
CalculationCheck = Literal["verified", "mismatch", "rejected", "not_applicable"]
UNIT_FACTORS = {"thousands": 1e3, "millions": 1e6, "billions": 1e9}
CALCULATION_TOLERANCE = 0.005
_MAX_EXPRESSION = 300
_SCALE_NAMES = {1e3: "thousands", 1e6: "millions", 1e9: "billions"}


class OperandCheck(BaseModel):
    """The check of one operand of a calculation."""

    label: str
    value: float
    value_check: ValueCheck
    period_check: PeriodCheck
    column: str | None = None
    scale: float | None = Field(default=None, description="the document's scale of the cell that holds it")
    detail: str


class ItemCheck(BaseModel):
    """Value, period and calculation checks of one item (or one field of an extraction item)."""

    item: int
    field: str | None = None
    value_check: ValueCheck
    period_check: PeriodCheck
    calculation_check: CalculationCheck
    column: str | None = Field(default=None, description="the period column of the cell that holds the value")
    recomputed: float | None = Field(default=None, description="the calculation's value as recomputed")
    operands: list[OperandCheck] = Field(default_factory=list)
    detail: str

    @property
    def holds(self) -> bool:
        """True when no check failed (an unknown period is not a failure; it is shown as unchecked)."""
        return (
            self.value_check != "unsupported"
            and self.period_check != "mismatch"
            and self.calculation_check in ("verified", "not_applicable")
        )


@dataclass(frozen=True)
class Candidate:
    """A number of a quote, with what the document says about it."""

    printed: str
    value: float
    scale: float | None  # None: the document states no scale for it
    percent: bool
    column: Period | None
    column_label: str | None

    def describe(self) -> str:
        """'1,577 (2018 column, millions)'."""
        notes = [f"{self.column_label} column"] if self.column_label else []
        if self.percent:
            notes.append("percent")
        elif self.scale is None:
            notes.append("no scale stated")
        elif self.scale != 1.0:
            notes.append(_SCALE_NAMES.get(self.scale, f"x{self.scale:g}"))
        return f"{self.printed} ({', '.join(notes)})" if notes else self.printed


@dataclass(frozen=True)
class CitedSpan:
    """A span whose quote was verified, with the document it cites."""

    span: Span
    document: Document


def quote_candidates(cited: CitedSpan) -> list[Candidate]:
    """The numbers of a verified quote: table cells with their column and scale, other numbers as written."""
    numbers = [n for n in find_numbers(cited.span.quote) if not n.is_year or n.currency]
    found: list[Candidate] = []
    used: set[int] = set()
    for line in range(cited.span.line_start, cited.span.line_end + 1):
        located = cited.document.table_row(line)
        if located is None:
            continue
        table, row = located
        for index, value in enumerate(row.values):
            if value == 0.0 and not any(ch.isdigit() for ch in row.cells[index]):
                if row.cells[index].strip("$€£¥ ") and squash(row.cells[index]) in squash(cited.span.quote):
                    found.append(_cell_candidate(table, row, index, 0.0))  # a dash cell: nil
                continue
            hit = _number_for_cell(numbers, used, value, row.cells[index])
            if hit is not None:
                found.append(_cell_candidate(table, row, index, value if value is not None else 0.0))
                used.add(hit)
    for position, number in enumerate(numbers):
        if position not in used:
            scale = number.scale or 1.0
            found.append(Candidate(number.text, number.value, scale, number.percent, None, None))
    return found


def _number_for_cell(numbers: list[Any], used: set[int], value: float | None, cell: str) -> int | None:
    """The position of the quote's number that is this cell (-1 for a dash cell the quote shows), or None."""
    if value is None:
        return None
    for exact in (True, False):  # '- 1' read as minus one is the cell '1' between dash cells
        for position, number in enumerate(numbers):
            if position not in used and (number.value == value if exact else abs(number.value) == abs(value)):
                return position
    return None


def _cell_candidate(table: Table, row: TableRow, index: int, value: float) -> Candidate:
    column = table.column_of(row, index)
    periods = find_periods(column.label) if column is not None else []
    period = periods[0] if periods else None
    return Candidate(
        printed=row.cells[index],
        value=value,
        scale=table.scale_of(row, index),
        percent=table.is_percent(row, index),
        column=period,
        column_label=column.label if column is not None else None,
    )


def _decimals(value: float) -> int:
    text = repr(float(value))
    if "e" in text:
        return 6
    return len(text.split(".")[1].rstrip("0")) if "." in text else 0


ROUNDING_LIMIT = 0.05  # a rounded value may differ from the printed one by at most 5%


def same_value(stated: float, factor: float, document_value: float) -> bool:
    """Whether *stated* (in units of *factor*) is *document_value* (in units), up to the stated precision.

    '1.6' billions is 1,577 millions rounded; '2' billions is not (off by more than 5%), nor is 0 any
    number other than 0.
    """
    tolerance: float = 0.5 * 10.0 ** (-_decimals(stated)) * factor
    difference = abs(abs(stated) * factor - abs(document_value))
    if difference == 0:
        return True
    return difference <= tolerance * (1 + 1e-9) and difference <= ROUNDING_LIMIT * abs(document_value)


def value_matches(value: float, unit: str | None, candidate: Candidate) -> bool:
    """Whether *value* with *unit* is the candidate number at its scale."""
    if candidate.percent or unit == "percent":
        if candidate.percent and unit == "ratio":
            return same_value(value * 100, 1.0, candidate.value)
        return (candidate.percent or unit == "percent") and same_value(value, 1.0, candidate.value)
    if candidate.scale is None:  # the document states no scale: compare as printed
        return same_value(value, 1.0, candidate.value)
    factor = UNIT_FACTORS.get(unit or "", 1.0)
    return same_value(value, factor, candidate.value * candidate.scale)


def _signed(matches: list[Candidate], value: float) -> list[Candidate]:
    """The matches with the value's own sign when there are any: a printed (143) is -143 before it is 143."""
    same = [c for c in matches if (c.value < 0) == (value < 0) or c.value == 0]
    return same or matches


def check_amount(
    amount: Amount, period: str | None, cited: list[CitedSpan], question_years: frozenset[int]
) -> ItemCheck:
    """Value and period checks of a read (not computed) amount against its verified quotes."""
    if amount.value is None:
        return _item("unsupported", "not_applicable", "the item states no value")
    candidates = [c for span in cited for c in quote_candidates(span)]
    if not cited:
        return _item("unsupported", "not_applicable", "no verified quote to check the value against")
    matches = _signed([c for c in candidates if value_matches(amount.value, amount.unit, c)], amount.value)
    stated = _stated(amount.value, amount.unit)
    if not matches:
        holds = ", ".join(c.describe() for c in candidates[:5]) or "no number"
        return _item("unsupported", "not_applicable", f"{stated} is not in the cited quote, which holds {holds}")
    return _with_period(matches, period, question_years, cited, stated)


def _with_period(
    matches: list[Candidate], period: str | None, question_years: frozenset[int], cited: list[CitedSpan], stated: str
) -> ItemCheck:
    wanted = years_named(period) if period else frozenset()
    if wanted and question_years and not wanted & question_years:
        years = ", ".join(map(str, sorted(question_years)))
        return _item("supported", "mismatch", f"{stated} is for {period}; the question asks about {years}")
    in_columns = [m for m in matches if m.column is not None]
    if not in_columns:
        verdict, note = _prose_period(wanted or question_years, cited)
        return _item("supported", verdict, f"{stated} is in the quote; {note}")
    asked = wanted or question_years
    right = [m for m in in_columns if not asked or m.column is not None and (m.column.years & asked)]
    best = (right or in_columns)[0]
    where = f"{best.printed} in the {best.column_label} column"
    if not asked:
        return _item("supported", "unknown", f"{stated} is {where}; no period was stated or asked", best.column_label)
    if not right:
        whose = "the item's period" if wanted else "the question's period"
        named = period if wanted and period else ", ".join(map(str, sorted(question_years)))
        return _item("supported", "mismatch", f"{stated} is {where}, not in {whose} ({named})", best.column_label)
    if wanted and question_years and not (best.column is not None and best.column.years & question_years):
        asked_text = ", ".join(map(str, sorted(question_years)))
        return _item(
            "supported", "mismatch", f"{stated} is {where}; the question asks about {asked_text}", best.column_label
        )
    return _item("supported", "supported", f"{stated} is {where}", best.column_label)


def _prose_period(wanted: frozenset[int], cited: list[CitedSpan]) -> tuple[PeriodCheck, str]:
    named = frozenset().union(*(years_named(c.span.quote) for c in cited)) if cited else frozenset()
    if not wanted:
        return "unknown", "no period was stated or asked"
    if not named:
        return "unknown", "the quote names no period"
    if named <= wanted:
        return "supported", "the quote names the period"
    if named & wanted:
        return "unknown", f"the quote names several periods ({', '.join(map(str, sorted(named)))})"
    return "mismatch", f"the quote is about {', '.join(map(str, sorted(named)))}, not the period asked"


def _stated(value: float, unit: str | None) -> str:
    """'88.1 millions', or '88.1 (no unit)'."""
    return f"{value:,.6g} {'(no unit)' if unit in (None, 'units') else unit}"


def _item(
    value: ValueCheck, period: PeriodCheck, detail: str, column: str | None = None, *, item: int = 0
) -> ItemCheck:
    return ItemCheck(
        item=item,
        value_check=value,
        period_check=period,
        calculation_check="not_applicable",
        detail=detail,
        column=column,
    )


# ------------------------------------------------------------------------------ calculations

_OPERATORS: dict[type[ast.AST], Callable[[float, float], float]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
}


class ExpressionError(ValueError):
    """An expression that is not plain arithmetic over the operands."""


def evaluate_expression(expression: str, values: dict[str, float]) -> float:
    """The value of *expression*: + - * /, parentheses, numbers and operand names only (no ``eval``)."""
    if len(expression) > _MAX_EXPRESSION:
        raise ExpressionError(f"the expression is longer than {_MAX_EXPRESSION} characters")
    try:
        tree = ast.parse(expression.replace("×", "*").replace("÷", "/"), mode="eval")
    except SyntaxError:
        raise ExpressionError(f"the expression {expression!r} is not arithmetic") from None
    return _evaluate(tree.body, values)


def _evaluate(node: ast.AST, values: dict[str, float]) -> float:
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left, right = _evaluate(node.left, values), _evaluate(node.right, values)
        if isinstance(node.op, ast.Div) and right == 0:
            raise ExpressionError("the expression divides by zero")
        return float(_OPERATORS[type(node.op)](left, right))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        inner = _evaluate(node.operand, values)
        return -inner if isinstance(node.op, ast.USub) else inner
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return float(node.value)
    if isinstance(node, ast.Name):
        if node.id not in values:
            raise ExpressionError(f"the expression names {node.id!r}, which is not an operand")
        return values[node.id]
    raise ExpressionError(f"the expression uses {type(node).__name__}: only + - * / ( ), numbers and operands")


def check_operand(label: str, value: float, period: str | None, cited: CitedSpan | None) -> OperandCheck:
    """An operand is supported by its own verified span (as printed, or at its scale) and its column."""
    if cited is None:
        return OperandCheck(
            label=label,
            value=value,
            value_check="unsupported",
            period_check="not_applicable",
            detail="its quote is not verified in the cited lines",
        )
    candidates = quote_candidates(cited)
    matches = [c for c in candidates if same_value(value, 1.0, c.value) or value_matches(value, None, c)]
    matches = _signed(matches, value)
    if not matches:
        holds = ", ".join(c.describe() for c in candidates[:5]) or "no number"
        return OperandCheck(
            label=label,
            value=value,
            value_check="unsupported",
            period_check="not_applicable",
            detail=f"{value:,.6g} is not in its quote, which holds {holds}",
        )
    check = _with_period(matches, period, frozenset(), [cited], f"{value:,.6g}")
    chosen = next((m for m in matches if m.column_label == check.column), matches[0])
    return OperandCheck(
        label=label,
        value=value,
        value_check="supported",
        period_check=check.period_check,
        column=check.column,
        scale=chosen.scale,
        detail=check.detail,
    )


def check_calculation(
    calculation: Calculation,
    stated: float | None,
    unit: str | None,
    operand_spans: dict[str, CitedSpan | None],
    question_years: frozenset[int] = frozenset(),
) -> ItemCheck:
    """Operands supported, expression arithmetic, result recomputed within 0.5%, value = result at its unit,
    and the operands' columns among the periods the question names."""
    labels = [o.label for o in calculation.operands]
    operands = [check_operand(o.label, o.value, o.period, operand_spans.get(o.label)) for o in calculation.operands]
    if len(set(labels)) != len(labels):
        return _calculation_failed("rejected", "operand labels repeat", operands, None)
    try:
        recomputed = evaluate_expression(calculation.expression, {o.label: o.value for o in calculation.operands})
    except ExpressionError as exc:
        return _calculation_failed("rejected", str(exc), operands, None)
    failing = [o for o in operands if o.value_check != "supported" or o.period_check == "mismatch"]
    if failing:
        detail = "; ".join(f"operand {o.label}: {o.detail}" for o in failing)
        return _calculation_failed("mismatch", detail, operands, recomputed)
    if not _close(recomputed, calculation.result):
        detail = f"{calculation.expression} = {recomputed:,.6g}, not {calculation.result:,.6g}"
        return _calculation_failed("mismatch", detail, operands, recomputed)
    value_ok = stated is not None and (
        _close(stated, calculation.result)
        or (unit == "percent" and (_close(stated, recomputed * 100) or _close(stated / 100, recomputed)))
    )
    detail = f"{calculation.expression} = {recomputed:,.6g} from {len(operands)} cited figures"
    if not value_ok:
        detail += f"; but the item states {stated}"
    elif stated is not None and (scale_problem := _scale_problem(calculation, operands, stated, unit)):
        value_ok, detail = False, f"{detail}; {scale_problem}"
    period: PeriodCheck = "supported" if all(o.period_check == "supported" for o in operands) else "unknown"
    other_years = [o for o in operands if question_years and o.column and not years_named(o.column) & question_years]
    if other_years:
        period = "mismatch"
        named = ", ".join(map(str, sorted(question_years)))
        detail += "; " + ", ".join(f"operand {o.label} is in the {o.column} column" for o in other_years)
        detail += f", not a period the question asks about ({named})"
    return ItemCheck(
        item=0,
        value_check="supported" if value_ok else "unsupported",
        period_check=period,
        calculation_check="verified",
        recomputed=recomputed,
        detail=detail,
        operands=operands,
    )


def _scale_problem(calculation: Calculation, operands: list[OperandCheck], stated: float, unit: str | None) -> str:
    """Why the stated result is at the wrong scale ('' when it is not, or the operands' scales are not all known).

    The expression is evaluated again on the operands in units (their cells times the table's scale): a sum of
    millions stays millions, a ratio of millions is a plain number.
    """
    if unit in ("percent", "ratio", "per_share", "other") or any(o.scale is None for o in operands):
        return ""
    in_units = evaluate_expression(calculation.expression, {o.label: o.value * (o.scale or 1.0) for o in operands})
    factor = UNIT_FACTORS.get(unit or "", 1.0)
    if _close(stated * factor, in_units):
        return ""
    return f"at the operands' scale the result is {in_units:,.6g} units, not {_stated(stated, unit)}"


def _calculation_failed(
    check: CalculationCheck, detail: str, operands: list[OperandCheck], recomputed: float | None
) -> ItemCheck:
    return ItemCheck(
        item=0,
        value_check="unsupported",
        period_check="not_applicable",
        calculation_check=check,
        recomputed=recomputed,
        detail=detail,
        operands=operands,
    )


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=CALCULATION_TOLERANCE, abs_tol=1e-9)


# ------------------------------------------------------------------------------------- dates


def check_date(date: DateValue, cited: list[CitedSpan]) -> ItemCheck:
    """A date is supported when its original text is in a verified quote and its ISO form says the same day."""
    if not date.original_text.strip():
        return _item("unsupported", "not_applicable", "the item gives no date text")
    if not any(squash(date.original_text) in squash(c.span.quote) for c in cited):
        return _item("unsupported", "not_applicable", f"{date.original_text!r} is not in the cited quote")
    written = [p for p in find_periods(date.original_text)]
    if date.iso and written and written[0].iso and written[0].iso != date.iso:
        return _item("unsupported", "not_applicable", f"{date.iso} is not {date.original_text!r} ({written[0].iso})")
    return _item("supported", "not_applicable", f"{date.original_text!r} is in the quote")
