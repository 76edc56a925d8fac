"""An expense by nature read from an income statement by function: the part of it in one function.

A statement that classifies expenses by function (cost of revenue, operating expenses) spreads an expense by nature
(amortization, depreciation, share-based compensation; the domain table's ``expenses_by_nature``, IAS 1.99-105) over
the functions. Adobe's 'Amortization of intangibles 169' under 'Operating expenses:' is the part charged to
operating expenses; its note gives the whole, $405 million, of which $236 million is in cost of sales. So a row of
an expense by nature under a sub-heading of expenses or costs, in a table with another sub-heading, of a cost of
('Cost of revenue:'), answers a question about the expense itself only when the question names that sub-heading, or
when another row of the table says it excludes the expense ('Cost of revenue (exclusive of amortization shown
separately below)'): otherwise the ``portion`` field is unknown.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..domain import table
from ..textnorm import tokenize
from .claims import check_field
from .rules import FieldCheck
from .values import Candidate

_FUNCTION_GROUP = re.compile(r"\b(?:expenses?|costs?)\b", re.IGNORECASE)
_COST_OF = re.compile(r"^\s*(?:total\s+)?costs?\s+of\b", re.IGNORECASE)  # cost of revenue, sales, goods sold
_INCOME_OR = re.compile(r"\bincome\b", re.IGNORECASE)  # 'Non-operating income (expense)': no function
_EXCLUSIVE = re.compile(r"\b(?:exclusive\s+of|excluding|excludes?)\b", re.IGNORECASE)


@lru_cache(maxsize=1)
def _by_nature() -> re.Pattern[str]:
    phrases = sorted(table().expenses_by_nature, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(p).replace(r"\-", r"[\s-]") for p in phrases) + r")\b", re.I)


def portion_rule(question: str, candidate: Candidate, groups: set[str]) -> FieldCheck:
    """The ``portion`` field of a table cell whose table's sub-headings are *groups*: unknown when it is an expense
    by nature under a functional sub-heading the question does not name (see the module). A table with one
    sub-heading of expenses or costs ('Costs and expenses:', 'Expenses') has no functions to spread it over, nor has
    a table without a 'Cost of ...' sub-heading (a lease cost's or a pension cost's components)."""
    label, group = candidate.row_label or "", (candidate.row_group or "").strip().rstrip(":")
    nature = _by_nature().search(label)
    functions = {g for g in groups if _FUNCTION_GROUP.search(g) and not _INCOME_OR.search(g)}
    by_function = any(_COST_OF.match(g) for g in functions - {group})  # 'Cost of revenue:' beside 'Operating expenses:'
    if nature is None or not group or group not in functions or not by_function:
        return check_field("portion", "not_applicable")
    if set(tokenize(group)) <= set(tokenize(question)):  # 'amortization included in operating expenses'
        return check_field("portion", "supported")
    excluded = any(_EXCLUSIVE.search(s) and _by_nature().search(s) for s in candidate.siblings)
    if excluded:
        return check_field("portion", "supported")
    detail = (
        f"portion: '{label}' under '{group}' is the part of {nature.group(0).lower()} in {group.lower()}; "
        "an expense by nature is spread over the functions (IAS 1.104)"
    )
    return check_field("portion", "unknown", detail)
