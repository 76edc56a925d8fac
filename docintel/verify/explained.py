"""The figures a yes/no's explanation states, against the period the question asks: 'Did Best Buy outperform the
S&P 500 over the five fiscal years ended January 28, 2023? Yes: $165.74 against $139.37' states the cells of the
January 30, 2021 column, where the cited rows print the asked column too. A yes or no argued from another period's
figures is an ``explanation`` mismatch naming the column. Not checked here: an explanation that states some figure
of the asked period, a figure that is no cited cell ('about $44.5 billion'), or periods of its own where the
question names no day ('fell to $37,403 million in 2020 before rising ... in 2021' for 'every year after
2019'), and rows with no cell in the asked period."""

from __future__ import annotations

import re

from ..numbers import find_numbers
from ..periods import Period, find_periods
from ..question.parse import search_text
from .query import query_of
from .rules import FieldCheck
from .values import Candidate, CitedSpan, quote_candidates
from .yesno import in_period


def explanation_period_rule(explanation: str, spans: list[CitedSpan], question: str) -> FieldCheck:
    """Whether the table cells a yes/no's explanation states are of the one period the question names."""
    asking = search_text(question)
    periods = find_periods(asking)
    values = [n.value for n in find_numbers(explanation) if not n.is_year]
    # an explanation that names its own periods ('fell to $37,403 million in 2020') argues over them; one asked
    # at a day ('ended January 28, 2023') is argued from that day's column
    said = find_periods(explanation)
    if len(periods) != 1 or not values or (said and periods[0].iso is None):
        return FieldCheck(field="explanation", verdict="not_applicable")
    period, months = periods[0], query_of(asking).period.months
    cells = [c for cited in spans for c in quote_candidates(cited) if c.row_label and c.fact and c.fact.period]
    stated = [c for c in cells if any(_equal(c.value, v) for v in values)]
    figures = [n.value for n in find_numbers(explanation) if n.currency or n.percent or re.search(r"[.,]", n.text)]
    unread = [v for v in figures if not any(_equal(c.value, v) for c in cells)]
    if not stated or unread or any(_of(c, period, months) for c in stated):  # '$44.5 billion': no cell, unread
        return FieldCheck(field="explanation", verdict="not_applicable")
    rows = {c.row_label for c in stated}
    asked = [c for c in cells if c.row_label in rows and _of(c, period, months)]
    if not asked:
        return FieldCheck(field="explanation", verdict="not_applicable")
    # the figure the explanation argues from: one printed once, not the $100 every row starts at
    first = min(stated, key=lambda c: sum(_equal(o.value, c.value) for o in cells))
    there = next((c for c in asked if c.row_label == first.row_label), asked[0])
    column = first.fact.period.label if first.fact and first.fact.period else ""
    detail = (
        f"explanation: its {first.printed} is in the '{column}' column; the question asks {period.text} "
        f"('{there.row_label}' has {there.printed} there)"
    )
    return FieldCheck(field="explanation", verdict="mismatch", asked=period.text, found=column, detail=detail)


def _of(cell: Candidate, period: Period, months: int | None) -> bool:
    return cell.fact is not None and cell.fact.period is not None and in_period(period, cell.fact.period, months)


def _equal(cell: float, stated: float) -> bool:
    return abs(cell - stated) <= 1e-9 * max(abs(stated), 1.0)
