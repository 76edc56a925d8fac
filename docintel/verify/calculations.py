"""Calculation checks: operands that are what they are named, arithmetic that uses them all, and a
ratio computed by its definition.

- Every operand is supported by its own verified span like a read amount: value as printed (or at
  its scale), kind, sign, the concept its ``name`` gives, and its column's period.
- The expression is plain arithmetic (parsed with ``ast``, never ``eval``) over every operand and no
  number but 100 (a percentage), the count of an average's terms, and a year's days for a days ratio.
- It recomputes to the stated result within 0.5%, and the result at the operands' scale is the
  stated value at its unit.
- When the question or the item names a standard ratio (``concepts.RATIOS``), or the question states
  a definition ("defined as revenue / average PP&E", which wins), the operands' concepts must fill
  its numerator and denominator.
"""

from __future__ import annotations

import ast
import math
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass

from ..answer.contract import Calculation
from ..concepts import (
    Formula,
    concept,
    concepts_in,
    label_of,
    same_concept,
    stated_definition,
)
from ..numbers import figure_text
from ..periods import averaged_years
from .addends import addends_rule, gap_sign_rule, net_sign_rule
from .fiscal import outside_fiscal_year
from .formulas import (
    average_years_rule,
    days_counted,
    growth_rule,
    lone_operand_rule,
    one_period_change_rule,
    printed_average_rule,
    printed_ratio_rule,
    quotient_years_rule,
    ratios_named,
    span_growth_rule,
    template_rule,
)
from .issuer import issuer_terms
from .meaning import Asked, asked_for, named_scope
from .operands import check_operand
from .printed import printed_item_rule
from .query import Query, member_terms, query_of
from .rules import FieldCheck
from .sides import sides_rule
from .structure import (
    average_span_problem,
    mispaired_quotients,
    negative_expense_problem,
    other_year_problem,
    quarters_summed,
    self_quotient,
    share_above_whole,
    signed_formula_problem,
    year_end_average,
)
from .values import (
    UNIT_FACTORS,
    CalculationCheck,
    CitedSpan,
    ConceptCheck,
    ItemCheck,
    OperandCheck,
    PeriodCheck,
    stated_text,
)

CALCULATION_TOLERANCE = 0.005
_MAX_EXPRESSION = 300
_CONCEPT_UNITS = {"percent": "percent", "per_share": "per_share", "count": "count"}


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


@dataclass(frozen=True)
class _Shape:
    """What an expression is made of: operand names above and below the line, and its numbers."""

    above: frozenset[str]
    below: frozenset[str]
    constants: tuple[float, ...]
    averages: frozenset[float]  # a constant that divides a sum of that many names: an average's count


def expression_shape(expression: str) -> _Shape:
    """The names above and below the line and the numbers of *expression* (already known to be arithmetic)."""
    tree = ast.parse(expression.replace("×", "*").replace("÷", "/"), mode="eval").body
    above: set[str] = set()
    below: set[str] = set()
    constants: list[float] = []
    averages: set[float] = set()

    def walk(node: ast.AST, down: bool) -> None:
        if isinstance(node, ast.Name):
            (below if down else above).add(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            constants.append(float(node.value))
        elif isinstance(node, ast.UnaryOp):
            walk(node.operand, down)
        elif isinstance(node, ast.BinOp):
            right = node.right.value if isinstance(node.right, ast.Constant) else None
            if isinstance(node.op, ast.Div) and isinstance(right, (int, float)):
                terms = _sum_terms(node.left)
                if terms and float(right) == len(terms):
                    averages.add(float(len(terms)))
            walk(node.left, down)
            walk(node.right, not down if isinstance(node.op, ast.Div) else down)

    walk(tree, False)
    return _Shape(frozenset(above), frozenset(below), tuple(constants), frozenset(averages))


def _sum_terms(node: ast.AST) -> list[ast.AST]:
    """The terms of a sum of operands or of quotients of operands ('a + b', 'a / b + c / d'), or [] when *node* is
    anything else: their count may divide the sum as an average's."""
    if isinstance(node, ast.Name):
        return [node]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        return [node] if _sum_terms(node.left) and _sum_terms(node.right) else []
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _sum_terms(node.left), _sum_terms(node.right)
        return left + right if left and right else []
    return []


def _structure_problem(calculation: Calculation, shape: _Shape, days: bool, operands: list[OperandCheck]) -> str:
    """Why the expression does not use its operands as a computation must ('' when it does)."""
    unused = [o.label for o in calculation.operands if o.label not in shape.above | shape.below]
    if unused:
        return f"operand {', '.join(unused)} is cited but not used in {calculation.expression}"
    counted, period = days_counted(operands) if days else (frozenset(), "")
    allowed = {100.0} | set(shape.averages) | counted
    literals = [c for c in shape.constants if c not in allowed]
    if literals and period:  # six months' revenue times 365 days: half a year's sales taken for a year's
        shown = ", ".join(f"{c:g}" for c in literals)
        return f"the expression counts {shown} days; its flow operand is for {period}"
    if literals:
        shown = ", ".join(f"{c:g}" for c in literals)
        return (
            f"the expression uses the number {shown}: only cited operands, 100 for a percentage, an average's count "
            "of terms and a year's days for a days ratio may appear"
        )
    return ""


def _definitions(question: str, label: str) -> tuple[str, list[Formula]]:
    """The definition the question states, else the standard ratios the question or the item names."""
    stated = stated_definition(question)
    if stated is not None:
        return "the question's definition", [stated]
    named = ratios_named(question, label)
    return " or ".join(r.label for r in named), [f for r in named for f in r.formulas]


def _fits(formula: Formula, operands: list[OperandCheck], shape: _Shape) -> bool:
    """Whether the operands fill the formula's numerator and denominator, times a year's days when it has them."""
    concepts = {o.label: frozenset(o.concepts) for o in operands}
    top = [concepts[o.label] for o in operands if o.label in shape.above]
    bottom = [concepts[o.label] for o in operands if o.label in shape.below]
    wanted = frozenset(formula.numerator) | frozenset(formula.denominator)
    fills = all(any(same_concept(frozenset({c}), got) for got in top) for c in formula.numerator) and all(
        any(same_concept(frozenset({c}), got) for got in bottom) for c in formula.denominator
    )
    counted = days_counted(operands)[0]
    days = not formula.constants or bool(counted & set(shape.constants))  # a days ratio counts its period's days
    return fills and days and all(same_concept(got, wanted) for got in concepts.values())


def definition_check(
    question: str, label: str, operands: list[OperandCheck], shape: _Shape
) -> tuple[ConceptCheck, str]:
    """Whether the operands' concepts fill the named ratio's (or the stated definition's) formula."""
    name, formulas = _definitions(question, label)
    if not formulas:
        return _quotient_of_other_items(question, operands, shape)
    if _ratio_figures(question, label, operands):
        return "supported", f"the operands are {name} figures themselves (a change or an average of the ratio)"
    if any(not o.concepts for o in operands):
        unnamed = ", ".join(o.label for o in operands if not o.concepts)
        return "unknown", f"{name}: operand {unnamed} is no line item docintel knows, so the definition is not checked"
    if any(_fits(f, operands, shape) for f in formulas):
        return "supported", f"computed as {name} is defined"
    wanted = " or ".join(_formula_text(f) for f in formulas[:3])
    got = " / ".join(
        ", ".join(sorted({label_of(c) for o in operands if o.label in part for c in o.concepts})) or "-"
        for part in (shape.above, shape.below)
    )
    return "mismatch", f"{name} is {wanted}; the operands give {got}"


# a share or a quotient the question spells out: its operands may be parts the question names in its own words
_SHARE_ASKED = re.compile(
    r"\b(?:percent(?:age)?|share|proportion|portion|fraction|ratio)\s+of\b|\bas\s+a\s+(?:percent(?:age)?|share)\b"
    r"|\bdivided\s+by\b",
    re.IGNORECASE,
)


def _quotient_of_other_items(question: str, operands: list[OperandCheck], shape: _Shape) -> tuple[ConceptCheck, str]:
    """A quotient for a question that names only rates the filing states (line items of percentages, no ratio of
    other items): unchecked unless an operand is one of them ('Net income / Total assets' answers no 'expected
    long-term rate of return on plan assets', an assumption the filing states)."""
    asked = concepts_in(question).concepts
    stated = all((found := concept(c)) is not None and found.kind == "percent" for c in asked)  # a rate it states
    if not shape.below or not asked or not stated or any(set(o.concepts) & asked for o in operands):
        return "not_applicable", ""
    if _SHARE_ASKED.search(question):
        return "not_applicable", ""  # 'what percentage of deferred tax liabilities came from D&A': a share of one
    items = ", ".join(sorted(label_of(c) for c in asked))
    return "unknown", f"the question asks {items}, which no ratio docintel knows defines; no operand is it"


def _ratio_figures(question: str, label: str, operands: list[OperandCheck]) -> bool:
    """Whether every operand is a figure of the ratio named itself (a change in gross margin, not its parts)."""
    named = {r.id for r in ratios_named(question, label)}
    return bool(named) and all(set(o.concepts) & named for o in operands)


def _formula_text(formula: Formula) -> str:
    top = " ".join(f"{'-' if c in formula.subtracted else '+'} {label_of(c)}" for c in formula.numerator).lstrip("+ ")
    return f"{top} / {' + '.join(label_of(c) for c in formula.denominator)}" if formula.denominator else top


def check_calculation(
    calculation: Calculation,
    stated: float | None,
    unit: str | None,
    operand_spans: dict[str, CitedSpan | None],
    question_years: frozenset[int] = frozenset(),
    question: str = "",
    label: str = "",
) -> ItemCheck:
    """Operands supported, expression arithmetic over every operand, result recomputed within 0.5%, value =
    result at its unit, the operands' columns among the periods the question names, and a named ratio's
    definition filled by the operands' concepts."""
    labels = [o.label for o in calculation.operands]
    issuer = issuer_terms([c for c in operand_spans.values() if c is not None])
    query = query_of(question, member_terms(named_scope(question, issuer))) if question.strip() else None
    subject = _growth_subject(question, label, query, operand_spans)
    money = query is not None and query.measure == "share" and _share_of_money(question)
    quarters = quarters_summed(calculation, query.period.months if query is not None else None)
    operands = [
        check_operand(
            o.label,
            o.value,
            o.period,
            operand_spans.get(o.label),
            getattr(o, "name", "") or "",
            query,
            subject,
            money,
            unit,
            quarters == "",
        )
        for o in calculation.operands
    ]
    if len(set(labels)) != len(labels):
        return _calculation_failed("rejected", "operand labels repeat", operands, None)
    try:
        recomputed = evaluate_expression(calculation.expression, {o.label: o.value for o in calculation.operands})
    except ExpressionError as exc:
        return _calculation_failed("rejected", str(exc), operands, None)
    shape = expression_shape(calculation.expression)
    _, formulas = _definitions(question, label)
    if problem := _structure_problem(calculation, shape, any(f.constants for f in formulas), operands):
        return _calculation_failed("rejected", problem, operands, recomputed)
    failing = [o for o in operands if not o.holds]
    if failing:
        detail = "; ".join(f"operand {o.label}: {o.detail}" for o in failing)
        return _calculation_failed("mismatch", detail, operands, recomputed)
    for given in calculation.operands:  # 'paid on December 31, 2013' is of fiscal 2014 where fiscal 2013 ended Dec 28
        cited = operand_spans.get(given.label)
        late = outside_fiscal_year(question, given.period or "", cited.span.quote, cited.document) if cited else ""
        if late:
            return _calculation_failed("mismatch", f"operand {given.label}: {late}", operands, recomputed)
    if not _close(recomputed, calculation.result):
        detail = f"{calculation.expression} = {figure_text(recomputed)}, not {figure_text(calculation.result)}"
        return _calculation_failed("mismatch", detail, operands, recomputed)
    value_ok = stated is not None and (
        _close(stated, calculation.result)
        or (unit == "percent" and (_close(stated, recomputed * 100) or _close(stated / 100, recomputed)))
    )
    detail = f"{calculation.expression} = {figure_text(recomputed)} from {len(operands)} cited figures"
    if not value_ok:
        detail += f"; but the item states {stated}"
    elif stated is not None and (scale_problem := _scale_problem(calculation, operands, stated, unit)):
        value_ok, detail = False, f"{detail}; {scale_problem}"
    elif problem := _mixed_scales(calculation, operands, recomputed, stated_in_units(stated, unit)):
        value_ok, detail = False, f"{detail}; {problem}"
    periods = {o.period_check for o in operands}  # no period stated nor asked: nothing to check, as for an amount
    period: PeriodCheck = "unknown" if periods - {"supported", "not_applicable"} else "not_applicable"
    period = "supported" if period == "not_applicable" and "supported" in periods else period
    # an average of two year-ends takes the year before the one asked too
    widened = {y - 1 for y in question_years} if year_end_average(calculation.expression) else set()
    if query is not None and query.measure in ("change", "pct_change") and len(question_years) == 1:
        widened |= {y - 1 for y in question_years}  # growth in 2021 is measured from 2020's figure
    allowed = question_years | widened | averaged_years(question)
    if other := other_year_problem(calculation, operands, question_years, allowed, quarters == "", question):
        period, detail = "mismatch", f"{detail}; {other}"
    span_verdict, span_note = average_span_problem(question, operands)
    if span_verdict and period != "mismatch":
        period, detail = span_verdict, f"{detail}; {span_note}"  # type: ignore[assignment]
    if period != "mismatch" and (paired := mispaired_quotients(calculation.expression, operands)):
        period, detail = "mismatch", f"{detail}; {paired}"
    concept, concept_note = definition_check(question, label, operands, shape)
    if concept == "supported" and (wrong := _structure_of_definition(question, label, operands, shape, recomputed)):
        concept, concept_note = "mismatch", f"{concept_note}; {wrong}"
    if concept != "not_applicable" and (negative := negative_expense_problem(operands, unit)):
        concept, concept_note = "mismatch", f"{concept_note}; {negative}"
    if concept == "supported" and (wrong := _ratio_problem(question, label, calculation, recomputed, unit)):
        concept, concept_note = "mismatch", f"{concept_note}; {wrong}"
    kind = "not_applicable"
    ratio_money = _ratio_figures(question, label, operands) and all(o.scale not in (None, 1.0) for o in operands)
    if concept != "not_applicable" and unit in UNIT_FACTORS and _ratio_named(question, label) and not ratio_money:
        kind, concept_note = "mismatch", f"{concept_note}; a ratio is not money ({unit})"
    elif concept != "not_applicable":
        kind = "supported"
    if any(o.concept_check == "unknown" for o in operands) and concept == "not_applicable":
        concept = "unknown"
        unknown = next(o for o in operands if o.concept_check == "unknown")
        concept_note = f"the concept of operand {unknown.label} is not checked ({unknown.detail})"
    spans = [c for c in operand_spans.values() if c is not None]
    fields = formula_checks(calculation.expression, operands, question, label, query, recomputed, unit, spans, shape)
    return ItemCheck(
        item=0,
        value_check="supported" if value_ok else "unsupported",
        period_check=period,
        calculation_check="verified",
        concept_check=concept,
        kind_check=kind,  # type: ignore[arg-type]
        recomputed=recomputed,
        detail="; ".join(
            n for n in (detail, concept_note, *(f.detail for f in fields if f.verdict == "mismatch")) if n
        ),
        operands=operands,
        fields=fields,
    )


def _growth_subject(
    question: str, label: str, query: Query | None, operand_spans: dict[str, CitedSpan | None]
) -> Asked | None:
    """What a growth's or a change's every operand must be: the question's figure, where the calculation takes
    it at two periods, one operand each (None for other formulas, whose operands are other line items: a
    margin's profit and revenue; and for a total's growth built from its parts, short-term and long-term debt)."""
    if query is None or query.measure not in ("change", "pct_change") or _definitions(question, label)[1]:
        return None
    if len(operand_spans) != 2:
        return None
    spans = [s for s in operand_spans.values() if s is not None]
    # 'the change in inventories' asks how inventories moved: the operands are inventories, not a change row
    unmeasured = _MEASURE_PHRASE.sub(" ", question, count=1), _MEASURE_PHRASE.sub(" ", label, count=1)
    return asked_for(*unmeasured, issuer_terms(spans))


# 'What percentage of water services revenues came from residential customers'
_SHARE_OF = re.compile(
    r"\b(?:percent(?:age)?|share|portion|proportion)\s+of\s+(?P<whole>.+?)\s+(?:(?:came|come|comes|was|were|is|are)\s+"
    r"(?:from|generated\s+(?:by|from|in)|derived\s+from|attributable\s+to|earned\s+(?:from|in))\b|"
    r"(?:did|do|does)\s+.+?\s+(?:account\s+for|represent|make\s+up|contribute)\b)",
    re.IGNORECASE,
)


def _share_of_money(question: str) -> bool:
    """Whether a share question takes a part of a money line item ('percentage of ... revenues came from')."""
    match = _SHARE_OF.search(question)
    named = [concept(c) for c in concepts_in(match.group("whole")).concepts] if match else []
    return any(c is not None and c.kind == "money" for c in named)


_MEASURE_PHRASE = re.compile(
    r"\b(?:(?:percent(?:age)?|net)\s+)?(?:change|changes|increase|decrease|growth|decline|rise|fall)\s+"
    r"(?:rate\s+)?(?:in|of)\b",
    re.IGNORECASE,
)


def formula_checks(
    expression: str,
    operands: list[OperandCheck],
    question: str,
    label: str,
    query: Query | None,
    recomputed: float,
    unit: str | None,
    spans: list[CitedSpan],
    shape: _Shape,
) -> list[FieldCheck]:
    """The calculation's formula rules (``verify.formulas``), those that apply."""
    named = ratios_named(question, label)
    _, formulas = _definitions(question, label)
    ratio_asked = bool(formulas) or (query is not None and query.measure in ("change", "pct_change", "share"))
    template = template_rule(formulas, any(r.averaged for r in named), expression, operands, question)
    gap, known = gap_sign_rule(question, expression, operands, spans), bool(formulas or named)  # a gap: no stray addend
    checks = [
        gap if gap.verdict != "not_applicable" else addends_rule(question, expression, operands, known),
        net_sign_rule(question, expression, operands),
        lone_operand_rule(expression, ratio_asked),
        quotient_years_rule(expression, operands),
        average_years_rule(question, operands, year_end_average(expression)),
        template,
        printed_ratio_rule(question, label, recomputed, unit, spans),
        printed_average_rule(question, expression, recomputed, spans),
    ]
    if query is not None and query.measure == "level" and not ratio_asked and not named:  # the item itself asked
        checks.append(printed_item_rule(question, recomputed, spans))
    if template.verdict == "not_applicable":  # no line item known: which side each row's words put it on
        checks.append(sides_rule(question, shape.above, shape.below, operands))
    if query is not None:
        checks.append(growth_rule(query, expression, operands))
        checks.append(span_growth_rule(query, expression, operands))
        checks.append(one_period_change_rule(query, expression, operands))
    return [c for c in checks if c.verdict != "not_applicable"]


def _ratio_problem(question: str, label: str, calculation: Calculation, recomputed: float, unit: str | None) -> str:
    """Why a ratio's figures cannot be one ratio's ('' when nothing says so): one cell divided by itself, or a
    margin above the whole it is a part of."""
    cells = {o.label: (o.span.line_start, o.value) for o in calculation.operands}
    named = frozenset(r.id for r in ratios_named(question, label))
    return self_quotient(calculation.expression, cells) or share_above_whole(named, recomputed, unit)


def _ratio_named(question: str, label: str) -> bool:
    """A ratio (not a defined money measure such as free cash flow) is named."""
    named = ratios_named(question, label)
    stated = stated_definition(question)  # a stated sum or difference ('cash flow less capex') is money
    return any(r.kind != "money" for r in named) or (stated is not None and bool(stated.denominator) and not named)


def _scale_problem(calculation: Calculation, operands: list[OperandCheck], stated: float, unit: str | None) -> str:
    """Why the stated result is at the wrong scale ('' when it is not, or the operands' scales are not all known).

    The expression is evaluated again on the operands in units (their cells times the table's scale): a sum of
    millions stays millions, a ratio of millions is a plain number.
    """
    if unit in ("percent", "ratio", "per_share", "other") or any(o.in_units is None for o in operands):
        return ""
    try:
        in_units = evaluate_expression(calculation.expression, {o.label: o.in_units or 0.0 for o in operands})
    except (ExpressionError, ZeroDivisionError):
        return ""
    factor = UNIT_FACTORS.get(unit or "", 1.0)
    if _close(stated * factor, in_units):
        return ""
    return f"at the operands' scale the result is {figure_text(in_units)} units, not {stated_text(stated, unit)}"


def _structure_of_definition(
    question: str, label: str, operands: list[OperandCheck], shape: _Shape, recomputed: float
) -> str:
    """Why the operands fill the definition's concepts but not its signs ('' when they do)."""
    _, formulas = _definitions(question, label)
    fitting = [f for f in formulas if _fits(f, operands, shape)]
    problems = [signed_formula_problem(f, operands, shape.above, recomputed) for f in fitting]
    return problems[0] if fitting and all(problems) else ""


def stated_in_units(stated: float | None, unit: str | None) -> float | None:
    """An item's stated value in units where its unit is a scale (64.236 millions: 64,236,000), else None."""
    return stated * UNIT_FACTORS[unit] if stated is not None and unit in UNIT_FACTORS else None


def _mixed_scales(
    calculation: Calculation, operands: list[OperandCheck], recomputed: float, stated_units: float | None = None
) -> str:
    """Why a ratio of figures printed at different scales is wrong ('' when it is not): 1,469.5 (millions) over
    2,213,556 (thousands) is 0.66, not 0.00066. The expression is evaluated again on the operands in units; a result
    stated at a scale that makes it that (40 million x 1.6059 stated as 64.236 millions) is right."""
    if len({o.scale for o in operands}) < 2 or any(o.in_units is None for o in operands):
        return ""
    try:
        in_units = evaluate_expression(calculation.expression, {o.label: o.in_units or 0.0 for o in operands})
    except (ExpressionError, ZeroDivisionError):
        return ""
    if _close(in_units, recomputed) or (stated_units is not None and _close(in_units, stated_units)):
        return ""
    names = {1e3: "thousands", 1e6: "millions", 1e9: "billions"}
    scales = ", ".join(f"{o.label} in {names.get(o.scale or 1.0, 'units')}" for o in operands)
    return f"the operands are printed at different scales ({scales}): in units the result is {figure_text(in_units)}"


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
