"""What kind of answer the question's own words ask for, against the kind an amount answer gives.

'Which five suppliers represented 51% of purchases?' asks names: a figure ('20') answers no 'which' or 'who'.
'What percentage of purchases came from the 20 largest suppliers?' asks a percentage: a count or a sum of money
('20', '$32 million') is not one. Both are read from one-part questions only: a question with a second part ('and
what was it?') may ask a figure beside the names. General English; ``FieldCheck`` fields ``asked`` and ``unit``."""

from __future__ import annotations

import re

from ..question.asks import asks_names, asks_percentage
from ..question.parse import split_parts
from .claims import check_field
from .rules import FieldCheck

# the units a percentage is never written in (the answer contract's units): money scales, counts, per share
_NOT_PERCENT = frozenset({"thousands", "millions", "billions", "count", "per_share"})


# a second thing asked after 'and' that split_parts keeps in one piece ('and for how much?', 'and what was it?')
_AND_ASKS = re.compile(r"\band\s+(?:for\s+|at\s+|by\s+)?(?:how\s+(?:much|many)|what)\b", re.IGNORECASE)


def _one_part(question: str) -> bool:
    return len(split_parts(question)) < 2 and not _AND_ASKS.search(question)


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
    if unit in ("percent", "ratio"):  # as asked (a currency beside a percent unit is the answer's own default)
        return check_field("unit", "not_applicable")
    above_one = value is not None and abs(value) > 1.0  # '20 units': no ratio; nor a percent it does not say
    if unit in _NOT_PERCENT or currency or (above_one and unit == "units"):
        found = f"{currency} " if currency else ""
        return check_field("unit", "mismatch", f"unit: the question asks a percentage; the answer is {found}{unit}")
    said = "no unit" if unit is None else unit
    if above_one:
        return check_field("unit", "unknown", f"unit: the question asks a percentage; the answer says {said}")
    return check_field("unit", "not_applicable")
