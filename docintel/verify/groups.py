"""A cell of a table that prints its period in several column groups ('Employees', 'Capital Spending' and
'Property, Plant and Equipment - net', each '2022 2021', over '(Millions, except Employees)'): when ingest read no
heading that tells the groups apart, nor another period length or member for the cell, and the row's label names
no line item ('Asia Pacific'), which group the cell is under, and so what it is, is not known: the field
``column`` is ``unknown``."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..concepts import concepts_in, qualifier_text
from ..ingest.facts import Fact
from .rules import FieldCheck
from .values import Candidate, CitedSpan

# the parts a table's column groups split a line item into, as the US GAAP taxonomy's members name them
# (DomesticPlanMember, ForeignPlanMember, PensionPlansDefinedBenefitMember, OtherPostretirementBenefitPlansMember,
# the geographic axis): a question that names one asks one group's cell
_PART = re.compile(
    r"\b(?:U\.S\.|United\s+States|domestic|foreign|international|non-U\.S\.|pension|postretirement|qualified|"
    r"non-?qualified)(?![\w-])",
    re.IGNORECASE,
)


def column_group_rule(
    candidate: Candidate, cited: Sequence[CitedSpan], asked: frozenset[str], text: str = ""
) -> FieldCheck:
    """Whether the cell's column is one of several of the same period that no heading read tells apart, for a
    question asking a line item (*asked*, vocabulary ids) the row does not name, or, for a calculation's operand
    (*text*: its name and the question), a part such groups split a line item into, which the row does not name:
    then the column says what it is. ('Service cost' under 'United States', 'International' and 'Postretirement'
    names the line item, not which of the three an operand added as 'International' is.)"""
    found = next((f for c in cited if candidate.line and (f := c.document.table_row(candidate.line))), None)
    if found is None or candidate.column_label is None:
        return FieldCheck(field="column", verdict="not_applicable")
    table, row = found
    member = {m.group(0).lower() for m in _PART.finditer(text)} - {w.lower() for w in row.label.split()}
    if not (asked or member):
        return FieldCheck(field="column", verdict="not_applicable")
    indexes = {i for i, c in enumerate(table.columns) if c.label == candidate.column_label}
    same = [table.columns[i] for i in sorted(indexes)]
    if len(same) < 2 or len({c.heading for c in same}) == len(same):
        return FieldCheck(field="column", verdict="not_applicable")
    named = bool(concepts_in(qualifier_text(row.label)).concepts)
    if (named and not member) or _told_apart(cited, candidate, indexes):
        return FieldCheck(field="column", verdict="not_applicable")  # 'Net sales 2022 2021 2022 2021': it says
    what = f"the member asked ({', '.join(sorted(member))})" if member else f"'{row.label}' names no line item"
    detail = (
        f"column: the table prints '{candidate.column_label}' over {len(same)} columns that no heading docintel "
        f"read tells apart, and {what}: which column {candidate.printed} is under is unsaid"
    )
    return FieldCheck(field="column", verdict="unknown", asked="", found=candidate.column_label, detail=detail)


def _told_apart(cited: Sequence[CitedSpan], candidate: Candidate, indexes: set[int]) -> bool:
    """Whether ingest read the cell as a fact no other cell of the row under those columns is: another length of
    period (three and six months), another end (a year's quarters), another member (United States, International),
    another line item."""
    own = candidate.source
    if own is None:
        return False
    document = cited[0].document
    others = [
        f
        for f in document.facts
        if f.provenance.global_line == candidate.line and f.provenance.column in indexes and f is not own
    ]
    return all(_signature(f) != _signature(own) for f in others)


def _signature(fact: Fact) -> tuple[str | None, str | None, int | None, str | None, str | None]:
    """What tells a cell apart from the row's others: its line item (read from a group's heading, 'Net Sales
    Operating Income'), its member, its period's length, kind and end (quarters)."""
    period = fact.period
    return (
        fact.concept,
        fact.member.name if fact.member else None,
        period.months if period else None,
        period.kind if period else None,
        str(period.end) if period and period.end else None,
    )
