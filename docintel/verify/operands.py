"""A calculation's operands: each supported by its own verified span like a read amount (value as printed or at its
scale, kind, sign, the concept its name gives, its column's period) and, given the question, by its fields
(member, basis, scenario, measure, period length: ``verify.rules``)."""

from __future__ import annotations

import re
from dataclasses import replace

from ..concepts import concept, concepts_in, item_changers, names_its_concept, qualifier_text, ratio
from ..numbers import figure_text
from ..textnorm import tokenize
from .amounts import fact_of
from .conventions import noncash_for_cash
from .groups import column_group_rule
from .kinds import kind_detail, kind_fits
from .meaning import Asked, concept_check, evidence_of
from .query import Query, query_of
from .rules import FieldCheck, field_checks, mismatches
from .siblings import part_of_another
from .signs import sign_check
from .statements import statement_check
from .values import (
    UNIT_FACTORS,
    Candidate,
    CitedSpan,
    ConceptCheck,
    OperandCheck,
    quote_candidates,
    same_value,
    value_matches,
    with_period,
)

_CONCEPT_UNITS = {"percent": "percent", "per_share": "per_share", "count": "count"}


def _operand_asked(name: str, question: str = "") -> Asked:
    """What an operand's *name* asks; the *question*'s terms ride along ('deferred' of 'what percentage of the
    deferred income tax liabilities came from ...' says which depreciation row is meant)."""
    terms = frozenset(tokenize(qualifier_text(name)))
    return Asked("", name, concepts_in(name).concepts, terms, question_terms=frozenset(tokenize(question)))


def _operand_units(asked: Asked) -> set[str | None]:
    """The units an operand's name allows: each named line item's or ratio's ('Gross margin' is a gross profit
    amount or a percentage), None for a name docintel does not know."""
    named = [concept(c) or ratio(c) for c in asked.concepts]
    units = {_CONCEPT_UNITS.get(c.kind) for c in named if c is not None} or {None}
    return (units | {"percent"}) if _SAYS_PERCENT.search(asked.label) else units  # 'Percent (%) of backlog ...'


_SAYS_PERCENT = re.compile(r"%|\bper\s?cent(?:age)?s?\b|\b(?:portion|proportion)\b", re.IGNORECASE)


def _operand_kind_fits(unit: str | None, candidate: Candidate) -> bool:
    """A percentage is an operand only when its name names one."""
    return kind_fits(unit, None, candidate) and (unit == "percent" or candidate.kind != "percent")


_SCALED_UNITS = frozenset({"thousands", "millions", "billions"})  # an answer's money scales


def check_operand(
    label: str,
    value: float,
    period: str | None,
    cited: CitedSpan | None,
    name: str = "",
    query: Query | None = None,
    subject: Asked | None = None,
    share_of_money: bool = False,
    unit: str | None = None,
    quarter_part: bool = False,
) -> OperandCheck:
    """An operand is supported by its own verified span: value, kind, sign, the concept of its *name*, period, and
    (given the question's *query*) its member, basis, scenario, measure and period length. A growth's or a
    change's operands are the figure the question asks at two periods: given that *subject*, each must also be
    what the question names ('transaction-based revenue', not the 'Total net revenue' row). A share of money
    (*share_of_money*: 'What percentage of revenues came from ...') is not read from a table that prints no
    currency ('Residential 2,972' customers, in thousands): unknown. An operand may be written at the answer's
    scale (*unit*): 0.233 of a result in billions is the quote's '$233 million'. A quarter summed with the others of
    the period asked (*quarter_part*) is asked as a quarter's figure."""
    base = OperandCheck(
        label=label, name=name, value=value, value_check="unsupported", period_check="not_applicable", detail=""
    )
    if cited is None:
        return base.model_copy(update={"detail": "its quote is not verified in the cited lines"})
    candidates = quote_candidates(cited)
    rescaled = unit if unit in _SCALED_UNITS else None
    matches = [
        c
        for c in candidates
        if same_value(value, 1.0, c.value) or value_matches(value, None, c) or _restated(value, c, rescaled)
    ]
    if not matches:
        holds = ", ".join(c.describe() for c in candidates[:5]) or "no number"
        return base.model_copy(update={"detail": f"{figure_text(value)} is not in its quote, which holds {holds}"})
    asked = _operand_asked(f"{name} quarter" if quarter_part else name, query.question if query is not None else "")
    units = _operand_units(asked)
    kinds = [c for c in matches if any(_operand_kind_fits(u, c) for u in units)]
    if not kinds:
        unit = next((u for u in sorted(units, key=str) if u is not None), None)
        detail = (
            kind_detail(unit, matches[0]) if unit else f"{kind_detail(name, matches[0])}, which names no percentage"
        )
        return base.model_copy(update={"value_check": "supported", "kind_check": "mismatch", "detail": detail})
    signs = [(c, *sign_check(value, c, asked)) for c in kinds]
    signed = [c for c, verdict, _ in signs if verdict == "supported"]
    if not signed:
        return base.model_copy(
            update={
                "value_check": "supported",
                "kind_check": "supported",
                "sign_check": "mismatch",
                "detail": signs[0][2],
            }
        )
    judged: list[tuple[Candidate, ConceptCheck, str]]
    if name.strip():
        judged = [(c, *concept_check(asked, c)) for c in signed]
    else:
        judged = [(c, "unknown", "the operand is not named, so its concept is not checked") for c in signed]
    if subject is not None:
        judged = [_as_subject(subject, c, verdict, note) for c, verdict, note in judged]
    asking = query.question if query is not None else ""  # 'How much cash did Amazon spend on ...'
    judged = [
        (c, "mismatch", f"{n}; {w}") if (w := noncash_for_cash(asking, c.row_label or "")) else (c, v, n)
        for c, v, n in judged
    ]
    if share_of_money:
        judged = [_as_money(c, verdict, note) for c, verdict, note in judged]
    verdict = next((v for v in ("supported", "unknown", "mismatch") if any(j[1] == v for j in judged)), "unknown")
    chosen = [c for c, v, _ in judged if v == verdict]
    note = next(n for _, v, n in judged if v == verdict)
    typed = [(c, operand_fields(query, name, c, 3 if quarter_part else None)) for c in chosen]
    fitting = [(c, f) for c, f in typed if not mismatches(f)] or typed
    chosen = [c for c, _ in fitting]
    check = with_period(chosen, period, frozenset(), [cited], f"{figure_text(value)}")
    picked = next((m for m in chosen if m.column_label == check.column), chosen[0])
    fields = next(f for c, f in fitting if c is picked)
    column = column_group_rule(picked, [cited], asked.concepts, f"{name} {query.question if query else ''}")
    # a consolidated cell outside the statements that differs from the statement's ('Current assets $ 25,023' of
    # the equity method investees' summary, where the balance sheet prints 36,545)
    statement = statement_check(picked.source, cited.document) if picked.source is not None else None
    fields = [*fields, *(f for f in (column, statement) if f is not None and f.verdict != "not_applicable")]
    note = "; ".join(n for n in (note, *(f.detail for f in fields if f.verdict != "supported")) if n)
    return base.model_copy(
        update={
            "value_check": "supported",
            "period_check": check.period_check,
            "kind_check": "supported",
            "sign_check": "supported",
            "concept_check": verdict,
            "concepts": sorted(_operand_concepts(picked, asked)),
            "column": check.column,
            "scale": UNIT_FACTORS[restated] if (restated := _restated(value, picked, rescaled)) else picked.scale,
            "in_units": _in_units(value, picked, restated),
            "fields": fields,
            "months": _flow_months(picked),
            "row": picked.row_label or "",
            "detail": "; ".join(n for n in (check.detail, note) if n),
        }
    )


def _as_subject(
    subject: Asked, cell: Candidate, verdict: ConceptCheck, note: str
) -> tuple[Candidate, ConceptCheck, str]:
    """The operand's concept verdict held to the question's subject too: the worse of the two."""
    against, why = concept_check(subject, cell)
    if verdict == "supported" and against in ("unknown", "mismatch"):
        return cell, against, f"of the question's {subject.named}: {why}"
    return cell, verdict, note


def _as_money(cell: Candidate, verdict: ConceptCheck, note: str) -> tuple[Candidate, ConceptCheck, str]:
    if verdict == "supported" and cell.kind == "number":
        return cell, "unknown", f"{note}; a share of money, and its table prints no currency"
    return cell, verdict, note


def operand_fields(query: Query | None, name: str, cell: Candidate, months: int | None = None) -> list[FieldCheck]:
    """An operand's fields against the question's: its member, basis and scenario are the question's; its measure
    and share class are what its own name says (a growth rate's operands are levels); its length is the question's
    unless given (*months*: a quarter of a sum of quarters)."""
    if query is None:
        return []
    own = query_of(name)
    # an operand's period end is its slot's (t or t-1, checked with the formula), not the end the question names
    operand_query = replace(
        query,
        period=replace(query.period, ends=(), months=months or query.period.months),
        measure=own.measure,
        share_class=own.share_class or query.share_class,
    )
    return [f for f in field_checks(operand_query, fact_of(cell)) if f.field != "currency"]


def _operand_concepts(cell: Candidate, asked: Asked) -> frozenset[str]:
    """The concepts an operand fills in a definition: its row's, unless the row says much more than a line item
    ('Proceeds from sale of business units ...' fills no revenue); its sub-heading's ('Cost of revenue:') when the
    row names none; else the name's."""
    evidence = evidence_of(cell)
    group = (cell.row_group or "").strip()
    if not evidence.concepts and group.endswith(":") and (under := concepts_in(group).concepts):
        return under  # 'Starbucks transaction-based costs' under 'Cost of revenue:': a part of the cost of revenue
    if not evidence.concepts:
        return asked.concepts
    asked_words = asked.own | frozenset(tokenize(asked.question))  # 'what percentage of deferred tax liabilities'
    if item_changers(evidence.text) or part_of_another(cell.row_group or "", evidence.concepts, asked_words):
        return frozenset()  # 'Total debt investments' fills no slot of debt, nor a deferred tax liability of D&A
    match = concepts_in(qualifier_text(evidence.text))
    return evidence.concepts if not match.concepts or names_its_concept(match) else frozenset()


def _flow_months(cell: Candidate) -> int | None:
    """The length in months of the period a flow figure covers (None for a balance, or a length not read)."""
    period = fact_of(cell).period
    return period.months if period is not None and not period.instant else None


def _restated(value: float, cell: Candidate, rescaled: str | None) -> str | None:
    """The scale an operand restates its cell at ('1,456.16' millions of '$1,456,160' thousands), the answer's own
    (*rescaled*) first; None when it is the number as printed or no scale gives it. The operand's scale is then the
    one it is written at, so that a ratio of operands written at two scales is caught (``_mixed_scales``)."""
    if not cell.scale or same_value(value, 1.0, cell.value) or cell.percent:
        return None
    units = [rescaled] if rescaled else []
    return next((u for u in [*units, *sorted(_SCALED_UNITS)] if value_matches(value, u, cell)), None)


def _in_units(value: float, cell: Candidate, rescaled: str | None = None) -> float | None:
    """The operand in units: stated as printed, it is times the cell's scale; at the answer's scale (*rescaled*),
    times that scale; stated in units, it is itself."""
    if cell.scale is None:
        return None
    if same_value(value, 1.0, cell.value):
        return value * cell.scale
    return value * UNIT_FACTORS[rescaled] if rescaled and value_matches(value, rescaled, cell) else value
