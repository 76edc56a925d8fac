"""What kind of answer the question's own words ask for, against the kind an amount answer gives.

'Which five suppliers represented 51% of purchases?' asks names: a figure ('20') answers no 'which' or 'who'.
'What percentage of purchases came from the 20 largest suppliers?' asks a percentage: a count or a sum of money
('20', '$32 million') is not one. Both are read from one-part questions only: a question with a second part ('and
what was it?') may ask a figure beside the names. General English; ``FieldCheck`` fields ``asked`` and ``unit``."""

from __future__ import annotations

from ..question.asks import asks_names, asks_percentage
from ..question.parse import split_parts
from .claims import check_field
from .rules import FieldCheck

# the units a percentage is never written in (the answer contract's units): money scales, counts, per share
_NOT_PERCENT = frozenset({"thousands", "millions", "billions", "count", "per_share"})


def _one_part(question: str) -> bool:
    return len(split_parts(question)) < 2


def figure_for_name_rule(question: str) -> FieldCheck:
    """An answer that is only figures does not answer a one-part 'who' or 'which' question (it asks names)."""
    word = asks_names(question)
    if word is None or not _one_part(question):
        return check_field("asked", "not_applicable")
    return check_field("asked", "mismatch", f"asked: the question asks '{word} ...', a name; the answer is a figure")


def percent_unit_rule(question: str, value: float | None, unit: str | None, currency: str | None) -> FieldCheck:
    """A one-part question asking a percentage is answered in percent or as a ratio, not in money or a count
    ('20 units' of '20 largest suppliers')."""
    if not question.strip() or not asks_percentage(question) or not _one_part(question):
        return check_field("unit", "not_applicable")
    counted = unit == "units" and value is not None and abs(value) > 1.0  # '20 units': no ratio, no percent
    if unit in _NOT_PERCENT or currency or counted:
        found = f"{currency} " if currency else ""
        return check_field("unit", "mismatch", f"unit: the question asks a percentage; the answer is {found}{unit}")
    return check_field("unit", "supported" if unit in ("percent", "ratio") else "not_applicable")
