"""Rows that hold the noncontrolling interests' part beside the company's: a figure the table then splits into the
two ('Net income' above 'Net income attributable to noncontrolling interests' and '... attributable to Acme'), and a
total that adds the noncontrolling interests to the company's own ('Total CVS Health shareholders' equity 71,015',
'Noncontrolling interests 300', 'Total shareholders' equity 71,315'). Neither answers a question asking the part
attributable to the company."""

from __future__ import annotations

import re

from ..concepts import concepts_in
from ..ingest.tables import Table, TableRow
from ..textnorm import tokenize
from .query import ATTRIBUTABLE, NONCONTROLLING

_TOTAL = re.compile(r"\s*total\b", re.IGNORECASE)
# 'Consolidated net income' is the US GAAP taxonomy's ProfitLoss, 'Net Income (Loss), Including Portion Attributable
# to Noncontrolling Interest' (ASC 810-10-45-20): the whole, the noncontrolling interests' part included
_CONSOLIDATED = re.compile(r"\s*consolidated\b", re.IGNORECASE)
_OWNERS_STAKE = re.compile(r"\b(?:deficit|capital)\b", re.IGNORECASE)  # the vocabulary's equity aside


def before_attribution(table: Table, row: TableRow) -> bool:
    """Whether *row* is the whole, noncontrolling interests included: a figure the table then splits into the
    noncontrolling interests' part and the company's, or a total right after a noncontrolling interests row;
    preferred dividends alone split nothing off that the question's 'attributable to the company' excludes."""
    if ATTRIBUTABLE.search(row.label) or NONCONTROLLING.search(row.label):
        return False
    above = [r for r in table.rows if r.line < row.line]
    of_equity = "equity" in concepts_in(row.label).concepts or bool(_OWNERS_STAKE.search(row.label))
    if _TOTAL.match(row.label) and of_equity and above and NONCONTROLLING.search(above[-1].label):
        return True
    words = set(concepts_in(row.label).concepts)
    if "net_income" in words and _CONSOLIDATED.match(row.label):
        return True  # the whole by name, whatever the table splits off after it
    later = [r for r in table.rows if r.line > row.line]
    minority = any(NONCONTROLLING.search(r.label) for r in later)
    attributed = [r for r in later if ATTRIBUTABLE.search(r.label)]
    return minority and bool(words) and any(words & set(concepts_in(r.label).concepts) for r in attributed)


_OWNERS = re.compile(
    r"((?:\b[A-Z][\w&.-]*\s+){1,4})(?i:(?:share|stock)(?:holders|owners)['\u2019]?\s+(?:equity|deficit))\b"
)
_TOTAL_WORD = frozenset(tokenize("total"))


def names_parent_owners(question: str, issuer: frozenset[str]) -> bool:
    """Whether *question* writes the company's name before its shareholders' equity ('total CVS Health
    shareholders' equity', not the possessive 'CVS Health's total shareholders' equity'): the equity of the
    company's own shareholders, noncontrolling interests aside (the row a balance sheet prints under that name)."""
    named = (set(tokenize(found.group(1))) - _TOTAL_WORD for found in _OWNERS.finditer(question))
    return bool(issuer) and any(words and words <= issuer for words in named)
