"""Calculation rules against the formula: each a small function returning one ``FieldCheck`` (field ``formula``).

- An expression that is one operand alone never stands for a ratio or a derived measure.
- A growth or change is over the earlier period: (later - earlier) / earlier, never the other way round.
- When the operands fill a named ratio's (or a stated definition's) slots, the expression must compute the
  formula's template: both are evaluated on random operand values, so any equivalent arrangement passes
  and a swapped, dropped or added term does not. A slot filled twice is an average only where the ratio
  averages (a return on average assets); elsewhere it is a wrong denominator.
- An average over years covers exactly the years asked, no more.
- Where the cited table prints the ratio itself in the same column, a computed value that differs from it
  beyond rounding is not supported.
"""

from __future__ import annotations

import ast
import math
import random
import re

from ..concepts import (
    Formula,
    Ratio,
    concepts_in,
    is_outflow,
    label_of,
    qualifier_text,
    ratios_in,
    same_concept,
    stated_definition,
    states_magnitude,
)
from ..periods import averaged_years, years_named
from ..textnorm import tokenize
from .query import Query, query_of
from .rules import FieldCheck
from .structure import signed_label
from .values import CitedSpan, OperandCheck

_TOLERANCE = 0.005
_FROM_TO = re.compile(
    r"\bfrom\s+(?:fiscal\s+|fy\s*)?(?P<a>(?:19|20)\d\d)\s+to\s+(?:fiscal\s+|fy\s*)?(?P<b>(?:19|20)\d\d)\b",
    re.IGNORECASE,
)
_DRAWS = 4
_AVERAGE_WORD = re.compile(r"\baverage\b", re.IGNORECASE)  # a row that prints the average itself


def _formula_check(verdict: str, detail: str = "") -> FieldCheck:
    return FieldCheck(field="formula", verdict=verdict, detail=detail)  # type: ignore[arg-type]


def _tree(expression: str) -> ast.AST:
    return ast.parse(expression.replace("×", "*").replace("÷", "/"), mode="eval").body


def _evaluate(node: ast.AST, values: dict[str, float]) -> float:
    if isinstance(node, ast.BinOp):
        left, right = _evaluate(node.left, values), _evaluate(node.right, values)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        return left / right if right else math.nan
    if isinstance(node, ast.UnaryOp):
        inner = _evaluate(node.operand, values)
        return -inner if isinstance(node.op, ast.USub) else inner
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return float(node.value)
    if isinstance(node, ast.Name):
        return values.get(node.id, math.nan)
    return math.nan


def _same_up_to_percent(a: float, b: float, factors: frozenset[float] = frozenset()) -> bool:
    """*a* is *b*, or *b* as a percentage, or *b* times one of *factors* (a year's days)."""
    scales = {1.0, 100.0, 0.01, *factors}
    return any(math.isclose(a, b * f, rel_tol=_TOLERANCE, abs_tol=1e-12) for f in scales)


def lone_operand_rule(expression: str, ratio_asked: bool) -> FieldCheck:
    """'a' alone is a figure read, not a computed ratio: it may not stand for one."""
    tree = _tree(expression)
    while isinstance(tree, ast.BinOp) and isinstance(tree.right, ast.Constant):
        tree = tree.left  # 'a * 100', 'a / 1'
    if ratio_asked and isinstance(tree, ast.Name):
        return _formula_check("mismatch", f"formula: {expression} is one figure, not the ratio asked")
    return _formula_check("not_applicable")


def _year(operand: OperandCheck) -> int | None:
    years = years_named(operand.column or "")
    return max(years) if years else None


def _typed_year(operand: OperandCheck) -> int | None:
    """The year of the period ingest read for an operand's cell where the verifier's own reader placed no column
    (a row that also prints the change and the % change): it orders the operands, it never supports one."""
    found = [f.found for f in operand.fields if f.field == "period" and f.found]
    years = years_named(found[0]) if found else frozenset()
    return max(years) if len(years) == 1 else None


# growth per year, compounded or averaged: figures of the years between count
_PER_YEAR = re.compile(r"\b(?:average|annual(?:ized)?|compound(?:ed)?|cagr|per\s+year|each\s+year|yearly)\b", re.I)


def span_growth_rule(query: Query, expression: str, operands: list[OperandCheck]) -> FieldCheck:
    """The growth over several years ('from 2020 to 2022') is the last year's figure over the first's, never the
    annual rates added up: the years between do not enter it (checked on random operand values)."""
    dated = {o.label: y for o in operands if (y := _year(o) or _typed_year(o)) is not None}
    if (
        query.measure != "pct_change"
        or len(operands) < 3
        or len(dated) != len(operands)
        or _PER_YEAR.search(query.question)
    ):
        return _formula_check("not_applicable")
    first, last = min(dated, key=dated.__getitem__), max(dated, key=dated.__getitem__)
    if len(set(dated.values())) != len(dated):
        return _formula_check("not_applicable")
    tree, rng = _tree(expression), random.Random(11)
    for _ in range(_DRAWS):
        values = {label: rng.uniform(50, 150) for label in dated}
        wanted = (values[last] - values[first]) / values[first]
        if not _same_up_to_percent(_evaluate(tree, values), wanted):
            return _formula_check(
                "mismatch",
                f"formula: the growth from {dated[first]} to {dated[last]} is ({last} - {first}) / {first}; "
                f"{expression} is not (annual rates do not add up to it)",
            )
    return _formula_check("supported", "the last year's figure over the first's")


# 'By how much did the rate decline?': the size of a fall, earlier minus later, answers it as well as its negative
_ASKS_FALL = re.compile(r"\b(?:decreas|declin|fall|fell|drop|shrank|shrunk|contract|reduc)\w*", re.IGNORECASE)


def growth_rule(query: Query, expression: str, operands: list[OperandCheck]) -> FieldCheck:
    """A change is later minus earlier; a growth rate divides that by the earlier figure; a fall asked ('By how much
    did it decline?') may be given as its size, earlier minus later."""
    if query.measure not in ("change", "pct_change") or len(operands) != 2:
        return _formula_check("not_applicable")
    dated = sorted(((y, o.label) for o in operands if (y := _year(o) or _typed_year(o)) is not None), reverse=True)
    if len(dated) != 2 or dated[0][0] == dated[1][0]:
        return _formula_check("not_applicable")
    later, earlier = dated[0][1], dated[1][1]
    stated = _FROM_TO.search(query.question)
    if stated and int(stated.group("a")) > int(stated.group("b")):  # 'from 2016 to 2015': the change into 2015
        later, earlier = earlier, later
    tree = _tree(expression)
    rng = random.Random(7)
    below_zero = _negative_base(query, operands, earlier)
    fall = bool(_ASKS_FALL.search(query.question))
    for _ in range(_DRAWS):
        values = {later: rng.uniform(50, 150), earlier: rng.uniform(50, 150) * (-1 if below_zero else 1)}
        got = _evaluate(tree, values)
        change = values[later] - values[earlier]
        wanted = change / abs(values[earlier]) if query.measure == "pct_change" else change
        if not _same_up_to_percent(got, wanted) and not (fall and _same_up_to_percent(got, -wanted)):
            how = "(later - earlier) / earlier" if query.measure == "pct_change" else "later - earlier"
            if below_zero:
                how = "(later - earlier) / -earlier, over a loss's size (a negative base)"
            return _formula_check(
                "mismatch",
                f"formula: a {_what(query)} is {how}; {expression} is not ({later} is "
                f"the later figure, {earlier} the earlier)",
            )
    return _formula_check(
        "supported",
        "later minus earlier, over the earlier figure" if query.measure == "pct_change" else "later minus earlier",
    )


def one_period_change_rule(query: Query, expression: str, operands: list[OperandCheck]) -> FieldCheck:
    """A change ('By how many basis points did gross margin increase in 2021?') needs a figure of the period
    before: a quotient with no sum or difference in it ('a / b * 100'), of operands all of one year and none a
    change cell, computes that year's ratio, not its change. A sum or difference within the year (a cash flow's
    parts, one quarter less another) is not judged here."""
    if (
        query.measure not in ("change", "pct_change")
        or not operands
        or "/" not in expression
        or re.search(r"[-+]", expression)
    ):
        return _formula_check("not_applicable")
    years = {_year(o) or _typed_year(o) for o in operands}
    measures = {f.found for o in operands for f in o.fields if f.field == "measure" and f.found}
    if len(years) != 1 or None in years or measures & {"change", "pct_change"}:
        return _formula_check("not_applicable")
    year = years.pop()
    return _formula_check(
        "mismatch",
        f"formula: a {_what(query)} needs the figures of the period before; every operand is of {year}, so this "
        f"computes the {year} level",
    )


# a label whose figure is income, earnings or a margin, which a loss turns negative; and one that names an outflow,
# an expense or a loss, printed in parentheses as its magnitude (general English)
_INCOME_WORDS = re.compile(r"\b(?:income|earnings|margins?|per\s+share|profits?)\b", re.IGNORECASE)
_EARNINGS_IDS = frozenset({"eps", "eps_basic", "eps_diluted", "net_income", "operating_income", "pretax_income"})
_MAGNITUDE_WORDS = re.compile(
    r"\b(?:used|loss(?:es)?|outflows?|deficits?|expenses?|costs?|charges?|purchases?|(?:re)?payments?|paid|"
    r"repurchases?)\b",
    re.IGNORECASE,
)


def _negative_base(query: Query, operands: list[OperandCheck], earlier: str) -> bool:
    """Whether a growth rate's base is an income or earnings figure below zero (a loss): its rate is over the
    base's size, (later - earlier) / |earlier|, or the sign says the opposite of the change ((-2.74 - -0.67) /
    -0.67 is +309% for a loss that widened). Not a row printed in parentheses as an outflow's or expense's size."""
    base = next((o for o in operands if o.label == earlier), None)
    if query.measure != "pct_change" or base is None or base.value >= 0:
        return False
    for o in operands:
        words = re.sub(r"\([^)]*\)", " ", f"{o.row} {o.name}")  # 'Net income (loss)' is income
        named = frozenset(o.concepts)
        if not (_INCOME_WORDS.search(words) or named & _EARNINGS_IDS) or _MAGNITUDE_WORDS.search(words):
            return False
        if is_outflow(named) or states_magnitude(named):
            return False
    return True


def _what(query: Query) -> str:
    return "growth rate" if query.measure == "pct_change" else "change"


def _slots(formula: Formula, operands: list[OperandCheck]) -> dict[str, str] | None:
    """Each operand's slot: the formula concept it fills; None when one operand fills none."""
    wanted = [*formula.numerator, *formula.denominator]
    slots: dict[str, str] = {}
    for operand in operands:
        slot = next((c for c in wanted if same_concept(frozenset({c}), frozenset(operand.concepts))), None)
        if slot is None:
            return None
        slots[operand.label] = slot
    return slots


def _template(
    formula: Formula,
    slots: dict[str, str],
    values: dict[str, float],
    averaged: bool,
    signed: frozenset[str] = frozenset(),
) -> float:
    """The formula on *values*: what it takes away (a subtracted term, an outflow in a sum) enters as a magnitude
    taken away, whatever sign the document prints it with; a lone term of a ratio enters as its magnitude."""

    def slot_value(concept: str) -> float:
        filled = [values[label] for label, slot in slots.items() if slot == concept]
        if not filled:
            return math.nan
        return sum(filled) / len(filled) if averaged else sum(filled)

    def term(concept: str) -> float:
        value = slot_value(concept)
        if concept in formula.subtracted or (len(formula.numerator) > 1 and is_outflow(frozenset({concept}))):
            return -abs(value)
        lone = len(formula.numerator) == 1 and concept not in signed  # a 'Provision/(benefit)' row keeps its sign
        return abs(value) if lone and states_magnitude(frozenset({concept})) else value

    top = sum(term(c) for c in formula.numerator)
    if not formula.denominator:
        return top
    bottom = sum(slot_value(c) for c in formula.denominator)
    return top / bottom if bottom else math.nan


def template_rule(
    formulas: list[Formula], averaged: bool, expression: str, operands: list[OperandCheck], question: str = ""
) -> FieldCheck:
    """The expression computes the formula's template on any values of the operands that fill its slots.

    Operands that cite one cell for one slot draw one value; a slot filled from two columns is a year-end average,
    allowed only where the ratio averages. An average of several years' ratios is checked by the average rules."""
    if not formulas or any(not o.concepts for o in operands) or averaged_years(question):
        return _formula_check("not_applicable")
    tree = _tree(expression)
    tried: list[str] = []
    for formula in formulas:
        slots = _slots(formula, operands)
        if slots is None or set(slots.values()) != {*formula.numerator, *formula.denominator}:
            continue
        cells = {o.label: (slots[o.label], o.column or "", abs(o.value)) for o in operands}
        doubled = len({(slot, column) for slot, column, _ in cells.values()}) > len(set(slots.values()))
        if doubled and not (averaged or formula.averaged):
            tried.append(f"{_text(formula)} takes no average, but a slot is filled from two periods")
            continue
        twice = {slot for slot in slots.values() if len({c for s, c, _ in cells.values() if s == slot}) > 1}
        if any(_is_average(o) for o in operands if slots[o.label] in twice):  # two years' averages cover two years
            tried.append(f"a slot of {_text(formula)} averages figures that are averages over a period already")
            continue
        if formula.averaged and not doubled and not any(map(_prints_average, operands)):
            tried.append(f"the question's definition averages, but each slot of {_text(formula)} is one period's")
            continue
        if _computes(tree, formula, slots, cells, operands, doubled):
            return _formula_check("supported", f"computes {_text(formula)}")
        tried.append(f"{expression} does not compute {_text(formula)}")
    if not tried:
        return _formula_check("not_applicable")
    return _formula_check("mismatch", "formula: " + "; ".join(tried[:2]))


def _is_average(operand: OperandCheck) -> bool:
    """The operand's cell is an average over its period (an average balance sheet's column)."""
    return any(f.field == "measure" and f.found == "average" for f in operand.fields)


def _prints_average(operand: OperandCheck) -> bool:
    """The operand's row or column prints an average itself ('Average equity', an 'Average' column); a figure of
    prose is taken as the answer names it."""
    return bool(_AVERAGE_WORD.search(f"{operand.row} {operand.column or ''}" if operand.row else operand.name))


def _computes(
    tree: ast.AST,
    formula: Formula,
    slots: dict[str, str],
    cells: dict[str, tuple[str, str, float]],
    operands: list[OperandCheck],
    averaged: bool,
) -> bool:
    """The expression equals the template on random draws (one draw per cell; each operand keeps its sign)."""
    rng = random.Random(11)
    signs = {o.label: -1.0 if o.value < 0 else 1.0 for o in operands}
    for _ in range(_DRAWS):
        drawn = {cell: rng.uniform(10, 100) for cell in sorted(set(cells.values()))}
        values = {label: signs[label] * drawn[cells[label]] for label in slots}
        merged = {label: v for label, v in values.items()}
        signed = frozenset(slots[o.label] for o in operands if o.label in slots and signed_label(o.row or o.name))
        template = _template(formula, _one_per_cell(slots, cells), merged, averaged, signed)
        days = days_counted(operands)[0] if formula.constants else frozenset()
        if not _same_up_to_percent(_evaluate(tree, values), template, days):
            return False
    return True


def days_counted(operands: list[OperandCheck]) -> tuple[frozenset[float], str]:
    """The days a days ratio may count: a year's (360, 365, 366), or those of its flow operands' shorter period
    (three months: 90 to 92 days); and that period in words when it is not a year."""
    lengths = {o.months for o in operands if o.months}
    if not lengths or lengths == {12}:
        return frozenset({360.0, 365.0, 366.0}), ""
    if len(lengths) > 1:
        return frozenset(), f"periods of {' and '.join(str(m) for m in sorted(lengths))} months"
    months = lengths.pop()
    days = round(months * 365 / 12)
    counted = frozenset(float(d) for d in range(months * 30 - 1, days + 3))  # 30-day months to a quarter's 92
    return counted, f"{months} months (about {days} days)"


def _one_per_cell(slots: dict[str, str], cells: dict[str, tuple[str, str, float]]) -> dict[str, str]:
    """The slots with one operand per cited cell: a cell cited twice (revenue above and below the line) counts once."""
    kept: dict[str, str] = {}
    seen: set[tuple[str, str, float]] = set()
    for label, slot in slots.items():
        if cells[label] not in seen:
            seen.add(cells[label])
            kept[label] = slot
    return kept


def _text(formula: Formula) -> str:
    top = " + ".join(("- " if c in formula.subtracted else "") + label_of(c) for c in formula.numerator)
    return f"({top}) / ({' + '.join(label_of(c) for c in formula.denominator)})" if formula.denominator else top


def average_years_rule(question: str, operands: list[OperandCheck], year_end_average: bool) -> FieldCheck:
    """An average over years covers the years asked and no others (a year-end average reaches one year back)."""
    wanted = averaged_years(question)
    if not wanted:
        return _formula_check("not_applicable")
    allowed = wanted | ({min(wanted) - 1} if year_end_average else set())
    extra = sorted({y for o in operands if (y := _year(o)) is not None and not years_named(o.column or "") & allowed})
    if extra:
        span = f"{min(wanted)}-{max(wanted)}"
        return _formula_check(
            "mismatch",
            f"formula: the average asked is over {span}; operands from {', '.join(map(str, extra))} are outside it",
        )
    return _formula_check("supported", f"averaged over {min(wanted)}-{max(wanted)}")


def quotient_years_rule(expression: str, operands: list[OperandCheck]) -> FieldCheck:
    """Each quotient divides figures of one year: 'a * 100 / b' with a from 2022 and b from 2021 is no ratio."""
    columns = {o.label: years_named(o.column or "") for o in operands}
    for node in ast.walk(_tree(expression)):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            top = frozenset().union(*(columns.get(n.id, frozenset()) for n in _names(node.left)))
            bottom = frozenset().union(*(columns.get(n.id, frozenset()) for n in _names(node.right)))
            if top and bottom and not top & bottom:
                return _formula_check(
                    "mismatch",
                    "formula: a quotient divides figures of different years "
                    f"({'/'.join(map(str, sorted(top)))} over {'/'.join(map(str, sorted(bottom)))})",
                )
    return _formula_check("not_applicable")


def _names(node: ast.AST) -> list[ast.Name]:
    return [n for n in ast.walk(node) if isinstance(n, ast.Name)]


_PRINTED_TOLERANCE = 0.05  # a printed percentage's rounding (one decimal), beside a half percent of it


def printed_ratio_rule(
    question: str, label: str, recomputed: float, unit: str | None, spans: list[CitedSpan]
) -> FieldCheck:
    """Where a cited table prints the named ratio itself, or the filing prints it for the year asked, the computed
    value must agree with it."""
    named = {r.id for r in ratios_named(question, label)}
    if not named or query_of(question).measure in ("change", "pct_change"):  # a change of the ratio, not the ratio
        return _formula_check("not_applicable")
    percent = recomputed * 100 if unit != "percent" and abs(recomputed) < 5 else recomputed
    for cited in spans:
        located = cited.document.table_row(cited.span.line_start)
        if located is None:
            continue
        table, _ = located
        for row in table.rows:
            if (
                not named & set(concepts_in(qualifier_text(row.label)).concepts)
                and not {r.id for r in ratios_in(row.label)} & named
            ):
                continue
            printed = [v for v, c in zip(row.values, row.cells, strict=False) if v is not None and "%" in c]
            if printed and not any(abs(v - percent) <= _PRINTED_TOLERANCE + 0.005 * abs(v) for v in printed):
                return _formula_check(
                    "mismatch",
                    f"formula: the table prints {row.label} "
                    f"{', '.join(row.cells)}; the computed value is {percent:,.4g}%",
                )
    return _printed_elsewhere(question, named, percent, spans)


def _printed_elsewhere(question: str, named: set[str], percent: float, spans: list[CitedSpan]) -> FieldCheck:
    """Where the filing prints the named ratio for the year asked on another page ('Return on average equity 32.3 %'
    in a table of selected figures), a computed value must agree with it: the filing's own average (of each month's
    equity, say) is the one its readers quote."""
    years = years_named(question)
    if not spans or len(years) != 1:
        return _formula_check("not_applicable")
    for fact in spans[0].document.facts:
        period = fact.period
        if (
            fact.kind != "percent"
            or fact.member is not None
            or (fact.basis, fact.scenario) != ("gaap", "actual")
            or fact.measure not in ("level", "average")  # 'Return on average equity' reads as an average
            or period is None
            or period.fiscal_year not in years
            or (period.months or 12) != 12
            or not {r.id for r in ratios_in(fact.label)} & named
        ):
            continue
        if abs(fact.value - percent) > _PRINTED_TOLERANCE + 0.005 * abs(fact.value):
            return _formula_check(
                "mismatch",
                f"formula: the filing prints {fact.label} {fact.text} for {period.fiscal_year} (line "
                f"{fact.provenance.global_line}); the computed value is {percent:,.4g}%",
            )
    return _formula_check("not_applicable")


def composite_rule(question: str, read_concepts: frozenset[str]) -> FieldCheck:
    """A figure read for a question that defines a composite ('EBITDA less capital expenditures') must be the
    composite itself, never one of its parts."""
    stated = stated_definition(question)
    if stated is None:
        return _formula_check("not_applicable")
    parts = frozenset(stated.numerator) | frozenset(stated.denominator)
    named = [p for p in parts if same_concept(frozenset({p}), read_concepts)] if read_concepts else []
    # a row naming every part ('Operating cash flow less capital expenditures') is the composite itself
    if len(parts) >= 2 and named and len(named) < len(parts):
        names = ", ".join(label_of(p) for p in sorted(parts))
        return _formula_check(
            "mismatch", f"formula: the question defines a composite of {names}; the figure read is one of its parts"
        )
    return _formula_check("not_applicable")


_AVERAGE_ROW = re.compile(r"^\s*average\b", re.IGNORECASE)
# the question asks the mean of the balances themselves: 'the average of its year-end balances', 'beginning and end'
_POINTS_ASKED = re.compile(r"\byear[- ]ends?\b|\bbeginning\s+and\s+end|\bopening\s+and\s+closing\b", re.IGNORECASE)


def printed_average_rule(question: str, expression: str, recomputed: float, spans: list[CitedSpan]) -> FieldCheck:
    """An answer that is the mean of cited figures ('(a + b) / 2' of two year-end loan balances) where the cited
    table prints the period's average of the same thing itself ('Average loans (billions) $ 95.4'): the document's
    average is of the days or months of the period, not of two dates, so a mean that differs is unchecked."""
    tree = _tree(expression)
    divisor = tree.right.value if isinstance(tree, ast.BinOp) and isinstance(tree.right, ast.Constant) else None
    whole_mean = (
        isinstance(tree, ast.BinOp)
        and isinstance(tree.op, ast.Div)
        and isinstance(divisor, (int, float))
        and divisor >= 2
        and len(_names(tree.left)) == divisor
    )
    if not whole_mean or _POINTS_ASKED.search(question):
        return _formula_check("not_applicable")
    for cited in spans:
        located = cited.document.table_row(cited.span.line_start)
        if located is None:
            continue
        table, row = located
        own = _label_terms(row.label)
        # 'Average loans' beside 'Card Member loans': every word of the average row is the balance's own (not
        # 'Average net sales per employee' beside 'Net sales')
        for other in (r for r in table.rows if _AVERAGE_ROW.match(r.label) and set() < _label_terms(r.label) <= own):
            printed = [v for v in other.values if v is not None]
            if printed and not any(abs(v - recomputed) <= 0.05 + _TOLERANCE * abs(v) for v in printed):
                detail = (
                    f"formula: the table prints {other.label} {', '.join(other.cells)}; the mean of the cited "
                    f"figures is {recomputed:,.4g}"
                )
                return _formula_check("unknown", detail)
    return _formula_check("not_applicable")


def _label_terms(label: str) -> set[str]:
    return set(tokenize(qualifier_text(label))) - {"averag", "average"} - set(tokenize("billions millions thousands"))


def ratios_named(question: str, label: str) -> list[Ratio]:
    """The standard ratios the question names; else the item's label's that are made of every line item the
    question names ('Operating margin' for 'operating profit expressed as a percentage'; 'Return on assets' does not
    define the expected return on plan assets a question asks)."""
    named = ratios_in(question)
    if named:
        return list(named)
    asked = concepts_in(question).concepts
    return [r for r in ratios_in(label) if all(any(_in_formula(c, f) for f in r.formulas) for c in asked)]


def _in_formula(cid: str, formula: Formula) -> bool:
    return any(same_concept(frozenset({cid}), frozenset({part})) for part in (*formula.numerator, *formula.denominator))
