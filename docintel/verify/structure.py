"""Checks of how a calculation puts its operands together, beyond the arithmetic.

- Averages over years: the question's span ('the FY2015 - FY2017 3 year average') needs an operand column of each
  year, each year from a column of its own (a January year-end is not two years), and an average the question
  asks for without naming its years cannot be checked.
- Each quotient of two operands ('a / b' inside an average of ratios) divides figures of one year.
- A formula that takes a concept away (gross margin: revenue - cost of revenue) is computed with that sign.
- A ratio never takes an expense printed in parentheses as a negative figure ('(56,744)' cost of sales).
- Figures printed at different scales give the result in units, not as printed.
"""

from __future__ import annotations

import ast
import math
import re

from ..answer.contract import Calculation
from ..concepts import Formula, label_of, states_magnitude
from ..numbers import figure_text
from ..periods import asks_average_over_years, averaged_years, find_periods, years_named
from .values import OperandCheck

_TOLERANCE = 0.005


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=_TOLERANCE, abs_tol=1e-9)


def average_span_problem(question: str, operands: list[OperandCheck]) -> tuple[str, str]:
    """('mismatch' or 'unknown', why) when the operands cannot make the average over years the question asks for;
    ('', '') when they can or none is asked."""
    wanted = averaged_years(question)
    if not wanted:
        if asks_average_over_years(question):
            return "unknown", "the question asks for an average over years it does not name, so its span is not checked"
        return "", ""
    span = f"{min(wanted)}-{max(wanted)}"
    unmatched = _years_without_a_column(wanted, [o.column or "" for o in operands])
    if unmatched:
        return "mismatch", f"the question asks for an average over {span}; no operand is from {', '.join(unmatched)}"
    return "", ""


def _years_without_a_column(wanted: frozenset[int], columns: list[str]) -> list[str]:
    """The wanted years no distinct column can stand for: a column counts for one year only, a column with one
    reading first ('Fiscal 2023' before 'January 28, 2023', which reads as 2022 or 2023)."""
    readings = sorted({c: years_named(c) for c in columns if c}.items(), key=lambda cy: len(cy[1]))
    used: set[str] = set()
    missing: list[str] = []
    for year in sorted(wanted):
        column = next((c for c, years in readings if year in years and c not in used), None)
        if column is None:
            missing.append(str(year))
        else:
            used.add(column)
    return missing


def year_end_average(expression: str) -> bool:
    """Whether the expression averages operands themselves ('(b + c) / 2', two year-ends of one balance), the
    average that takes the year before the one asked."""
    tree = ast.parse(expression.replace("×", "*").replace("÷", "/"), mode="eval")
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and isinstance(node.right, ast.Constant):
            terms = _names_summed(node.left)
            if terms and node.right.value == len(terms):
                return True
    return False


def _names_summed(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _names_summed(node.left), _names_summed(node.right)
        return left + right if left and right else []
    return []


def mispaired_quotients(expression: str, operands: list[OperandCheck]) -> str:
    """Why a quotient of two operands divides figures of different years ('' when none does): in an average of
    each year's margin, 2018's operating income over 2020's sales is no margin."""
    columns = {o.label: years_named(o.column or "") for o in operands}
    tree = ast.parse(expression.replace("×", "*").replace("÷", "/"), mode="eval")
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            if isinstance(node.left, ast.Name) and isinstance(node.right, ast.Name):
                top, bottom = columns.get(node.left.id, frozenset()), columns.get(node.right.id, frozenset())
                if top and bottom and not top & bottom:
                    return f"{node.left.id} / {node.right.id} divides figures of different years"
    return ""


def signed_formula_problem(
    formula: Formula, operands: list[OperandCheck], above: frozenset[str], recomputed: float
) -> str:
    """Why the expression does not take away what the formula subtracts ('' when it does, or when it cannot be
    told): gross margin is (revenue - cost of revenue) / revenue, never (revenue + cost of revenue) / revenue."""
    if not formula.subtracted or len(operands) != len(formula.numerator) + len(formula.denominator):
        return ""
    top = bottom = 0.0
    for operand in operands:
        concepts = set(operand.concepts)
        if operand.label not in above:
            bottom += operand.value
        elif concepts & formula.subtracted:
            top -= abs(operand.value)
        else:
            top += operand.value
    if bottom == 0:
        return ""
    expected = top / bottom
    if any(_close(recomputed, expected * factor) for factor in (1.0, 100.0)):
        return ""
    taken = ", ".join(sorted(label_of(c) for c in formula.subtracted))
    return f"the formula takes {taken} away: it gives {figure_text(expected)}, the expression {figure_text(recomputed)}"


# 'Provision/(benefit) for taxes on income': the label names what a figure in parentheses is, so its sign counts
_SIGNED_LABEL = re.compile(r"/\s*\((?:benefit|credit|income|gain|recovery)\)|\((?:benefit|credit)\)\s*/", re.IGNORECASE)


def signed_label(label: str) -> bool:
    """Whether a row's label says what its figure in parentheses is ('Provision/(benefit) for taxes on income')."""
    return bool(_SIGNED_LABEL.search(label))


def negative_expense_problem(operands: list[OperandCheck], unit: str | None) -> str:
    """Why a ratio takes an expense printed in parentheses as negative ('' when none does): a cost is a magnitude."""
    if unit not in ("ratio", "percent", "units", None):
        return ""
    negative = [
        o.label
        for o in operands
        if o.value < 0 and states_magnitude(frozenset(o.concepts)) and not signed_label(o.row or o.name)
    ]
    if not negative:
        return ""
    return f"operand {', '.join(negative)} is an expense printed in parentheses; a ratio takes its magnitude"


# A part of revenue over revenue: costs and expenses are magnitudes, so the part never exceeds the whole.
SHARES_OF_REVENUE = frozenset({"gross_margin", "operating_margin", "ebitda_margin"})


def share_above_whole(ratio_ids: frozenset[str], recomputed: float, unit: str | None) -> str:
    """Why a margin above 100% is no margin ('' when it is not one): operating income cannot exceed revenue, so
    such a result divides figures of different statements or entities (a segment's profit by a venture's sales)."""
    named = sorted(ratio_ids & SHARES_OF_REVENUE)
    whole = 100.0 if unit == "percent" else 1.0
    if not named or recomputed <= whole * (1 + _TOLERANCE):
        return ""
    name = label_of(named[0])
    return f"{name} is a part of revenue, at most 100%; {figure_text(recomputed)} divides figures of different tables"


def self_quotient(expression: str, cells: dict[str, tuple[int, float]]) -> str:
    """Why a quotient divides a cell by itself ('' when none does): the two sides of a ratio are two line items."""
    tree = ast.parse(expression.replace("×", "*").replace("÷", "/"), mode="eval")
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            if isinstance(node.left, ast.Name) and isinstance(node.right, ast.Name):
                top, bottom = cells.get(node.left.id), cells.get(node.right.id)
                if top is not None and top == bottom:
                    return f"{node.left.id} / {node.right.id} divides one cell (line {top[0]}) by itself"
    return ""


def other_year_problem(
    calculation: Calculation,
    operands: list[OperandCheck],
    question_years: frozenset[int],
    allowed: set[int] | frozenset[int],
    quarter_sum: bool = False,
    question: str = "",
) -> str:
    """The operands of a year the question does not ask about (*allowed*: its years, and those a growth or an
    average reaches back to): a cell in another year's column, or a number of prose checked against the other year
    its operand states; for quarters summed for a longer period (*quarter_sum*), one quarter's cell summed twice;
    for what remains of an amount given years before, the use of some of the years since only ('' when none)."""
    if quarter_sum and (repeated := twice(operands)):
        return repeated
    if remaining := _remaining_problem(question, calculation, operands):
        return remaining
    if not question_years:
        return ""
    allowed = set(allowed) | _given_years(question, calculation)  # the amount given in 2021 of what remains in 2022
    named = ", ".join(map(str, sorted(question_years)))
    columns = [o for o in operands if o.column and not years_named(o.column) & allowed]
    if columns:
        where = ", ".join(f"operand {o.label} is in the {o.column} column" for o in columns)
        return f"{where}, not a period the question asks about ({named})"
    for given, checked in zip(calculation.operands, operands, strict=False):
        stated = years_named(given.period or "")
        if checked.column is None and checked.period_check == "supported" and stated and not stated & allowed:
            return f"operand {given.label} is of {given.period}, not a period the question asks about ({named})"
    return ""


# what remains of an amount given ('How many shares remained available for purchase under the 2012 plan as of
# December 31, 2017?'): the amount less what was used in every year since it was given, never one year's use alone
_ASKS_REMAINING = re.compile(r"\bremain(?:s|ed|ing)?\b|\byet\s+be\b|\bleft\b", re.IGNORECASE)
_CUMULATIVE = re.compile(
    r"\b(?:cumulative|since|to\s+date|inception|aggregate|total|as\s+of|through|remain\w*|available|balance)\b",
    re.IGNORECASE,
)
_LESS_USES = re.compile(r"^\s*a\s*(?:-\s*[b-z]\s*)+$")


def _given_years(question: str, calculation: Calculation) -> set[int]:
    """The years operand a is given in, when the question asks what remains of it after the other operands."""
    first = next((o for o in calculation.operands if o.label == "a"), None)
    if first is None or not _ASKS_REMAINING.search(question) or not _LESS_USES.match(calculation.expression):
        return set()
    return set(years_named(f"{first.period or ''} {first.span.quote}"))


def _remaining_problem(question: str, calculation: Calculation, operands: list[OperandCheck]) -> str:
    """For what remains of an amount operand a gives in a year before the uses taken from it: the years between
    that no operand's use covers, in words ('' when none or not read)."""
    given = {o.label: o for o in calculation.operands}
    first = given.get("a")
    if first is None or _CUMULATIVE.search(first.name):  # 'Remaining authorization at December 31, 2021'
        return ""
    granted = _given_years(question, calculation)
    covered: set[int] = set()
    for checked in operands:
        used = given.get(checked.label)
        if checked.label == "a" or used is None:
            continue
        if _CUMULATIVE.search(f"{used.name} {used.period or ''} {checked.column or ''}"):
            return ""
        covered |= years_named(checked.column or used.period or "")
    if not granted or not covered:
        return ""
    missing = sorted(set(range(min(granted) + 1, max(covered) + 1)) - covered)  # the year given may have no use
    return (
        f"what remains of an amount given in {min(granted)} takes away its use in every year since; the operands "
        f"take away {', '.join(map(str, sorted(covered)))} only, none of {missing[0]}-{missing[-1]}"
        if missing
        else ""
    )


# a quarter an operand states: 'quarter ended September 30, 2022', 'Q1 FY2023', 'three months ended ...'
_QUARTER_STATED = re.compile(r"\bquarter\b|\b[Qq][1-4]\b|\b[1-4]Q\b|\bthree\s+months\b", re.IGNORECASE)
_PLAIN_SUM = re.compile(r"\s*[a-z]\s*(?:\+\s*[a-z]\s*)+")


def quarters_summed(calculation: Calculation, months: int | None) -> str | None:
    """A sum of quarters for a longer period asked (*months*: a half, nine months, a year): None when the
    calculation is no such sum, '' when its quarters can fill the period (as many different quarters as it holds:
    each operand is then judged as a quarter's figure), else why not ('2 quarters summed for the 9 months asked':
    each operand is judged at the length asked, and fails)."""
    if not months or months <= _QUARTER or not _PLAIN_SUM.fullmatch(calculation.expression):
        return None
    stated = [f"{o.period or ''} {getattr(o, 'name', '') or ''}" for o in calculation.operands]
    if not all(_QUARTER_STATED.search(s) for s in stated):
        return None
    count, ends = len(stated), {p.iso for o in calculation.operands for p in find_periods(o.period or "") if p.iso}
    if count * _QUARTER != months or (ends and len(ends) != count):
        return f"{count} quarters summed ({len(ends) or count} different) for the {months} months asked"
    return ""


_QUARTER = 3


def twice(operands: list[OperandCheck]) -> str:
    """A quarter summed twice: two operands read from one cell ('' when each is its own)."""
    cells = [(o.row, o.column, o.value) for o in operands if o.column]
    return "the same quarter's cell is summed twice" if len(set(cells)) < len(cells) else ""
