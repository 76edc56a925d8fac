"""Scoring helpers for evaluation: strict number matching with stated units, text containment, pages.

A number is compared as a ``Quantity``: its printed value plus what its units state (a scale such
as millions, percent, ratio). Matching is strict: a relative tolerance around the gold value (1%
by default, no absolute floor, so a gold of 0 matches only 0), and only the conversions that the
stated units imply — thousands/millions/billions when both sides state a scale, percent vs
fraction when one side is a percent and the other a ratio. Sign: a negative gold needs a negative
answer; a gold written without a sign is read as a magnitude (see ``numbers_match``).

Used by ``docintel eval`` and the benchmark scripts; pure functions, tested on hand-made cases.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from ..numbers import Number, find_numbers
from ..textnorm import fold

# The answer contract's units (docintel.answer.contract.Unit) and the scale each states; "percent",
# "ratio", "other" and a missing unit state no scale.
UNIT_SCALES: dict[str, float] = {
    "units": 1.0,
    "count": 1.0,
    "per_share": 1.0,
    "thousands": 1e3,
    "millions": 1e6,
    "billions": 1e9,
}
_QUESTION_UNIT = re.compile(
    r"\bin\s+(?:units\s+of\s+)?(?:(?:usd|us\$|eur|gbp|dollars|euros)\s+|\$\s*)?(?P<scale>thousand|million|billion)s?\b"
    r"|\b(?:in|as)\s+(?:units\s+of\s+)?(?:an?\s+)?(?P<percent>percent(?:s|age)?\b|%)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Quantity:
    """A number as stated: the printed value (sign applied) and what its units say about it.

    ``scale`` is the factor a stated unit gives (1e6 for millions, 1.0 for plain units), None when
    nothing states one; ``percent`` and ``ratio`` mark a value stated as a percent or a fraction.
    """

    value: float
    scale: float | None = None
    percent: bool = False
    ratio: bool = False
    decimals: int | None = field(
        default=None, compare=False
    )  # the decimal places printed ('0.01' -> 2), for a gold rounded as asked

    @classmethod
    def from_number(cls, number: Number) -> Quantity:
        """A number found in text, with its own scale word and percent sign ('$1.5 billion', '12.5%')."""
        printed = re.search(r"\.(\d+)", number.text)
        return cls(
            number.value,
            scale=number.scale,
            percent=number.percent,
            decimals=len(printed.group(1)) if printed else None,
        )

    @classmethod
    def from_item(cls, value: float, unit: str | None) -> Quantity:
        """An answer item's value with its unit (one of the answer contract's units, or None)."""
        return cls(float(value), scale=UNIT_SCALES.get(unit or ""), percent=unit == "percent", ratio=unit == "ratio")


def question_unit(question: str) -> str | None:
    """The unit a question asks for: 'thousands', 'millions', 'billions' or 'percent', else None.

    Read from general phrases only: 'in USD millions', 'in millions', 'in billions', 'in percent',
    'in units of percents', 'as a %', 'as a percentage'; the first such phrase wins.
    """
    match = _QUESTION_UNIT.search(question)
    if not match:
        return None
    return "percent" if match.group("percent") else match.group("scale").lower() + "s"


def _in_one_unit(gold: Quantity, candidate: Quantity) -> tuple[float, float] | None:
    """Both values in one unit, or None when their stated units cannot describe the same number."""
    if gold.percent != candidate.percent:
        other = candidate if gold.percent else gold
        if other.ratio:  # percent vs fraction: 12.5% is 0.125
            return (gold.value / 100, candidate.value) if gold.percent else (gold.value, candidate.value / 100)
        if other.scale not in (None, 1.0):
            return None  # a percent is never thousands/millions/billions of something
        return gold.value, candidate.value
    if (gold.ratio and candidate.scale not in (None, 1.0)) or (candidate.ratio and gold.scale not in (None, 1.0)):
        return None
    if gold.scale is not None and candidate.scale is not None:
        return gold.value * gold.scale, candidate.value * candidate.scale
    return gold.value, candidate.value  # a side without a stated scale is read in the other's


def numbers_match(gold: Quantity | float, candidate: Quantity | float, rel_tol: float = 0.01) -> bool:
    """Whether *candidate* states *gold*: within *rel_tol* of the gold value (boundary included).

    Units: scales are applied only when both sides state one (gold '$1.5 billion' matches 1500 in
    millions; 1577 matches 1.577 only if units say millions and billions); percent vs fraction only
    when one side is a percent and the other a ratio. Plain floats state no unit, so
    ``numbers_match(0.01, 6527.0)`` and ``numbers_match(1577, 1.577)`` are False.

    Sign: a negative gold matches only a negative candidate. A gold of zero or above is compared
    with the candidate's magnitude, because gold answers write outflows and decreases unsigned
    (FinanceBench capex '$1577.00') where filings and the answer contract write them negative
    ((1,577) -> -1577.0); a gold written without a sign cannot say which sign the document uses.
    No absolute tolerance: a gold of 0 matches only 0.
    """
    gold_q = gold if isinstance(gold, Quantity) else Quantity(float(gold))
    candidate_q = candidate if isinstance(candidate, Quantity) else Quantity(float(candidate))
    values = _in_one_unit(gold_q, candidate_q)
    if values is None:
        return False
    gold_value, value = values
    if gold_value >= 0:
        value = abs(value)
    if abs(value - gold_value) <= rel_tol * abs(gold_value) * (1 + 1e-9):
        return True
    return _rounds_to(value, gold_q, gold_value)


def _rounds_to(value: float, gold: Quantity, gold_value: float) -> bool:
    """Whether *value*, rounded half up to the decimal places the gold prints, is the gold: a gold rounded as the
    question asks ('round to two decimal places': 0.0146 is '0.01'). Only when the gold is compared in its own
    unit, so a rescaled value is never rounded."""
    if not gold.decimals or gold_value != gold.value:
        return False
    step = Decimal(1).scaleb(-gold.decimals)
    rounded = Decimal(repr(value)).quantize(step, rounding=ROUND_HALF_UP)
    return rounded == Decimal(repr(gold.value)).quantize(step) and gold.value != 0


def parse_numbers(text: str) -> list[float]:
    """Every number in *text*, with parentheses as negatives and scale words applied ('$1.5 billion' -> 1.5e9).

    Each number is returned as written too (1.5), so callers can compare at any scale.
    """
    values: list[float] = []
    for number in find_numbers(text):
        values.append(number.value)
        if number.scale:
            values.append(number.scaled)
    return values


def gold_quantity(answer: str, question: str | None = None) -> Quantity | None:
    """The one number a short gold answer states, with its units; None when it is not a number.

    Not a number: long answers, answers with more words than a unit, and answers with several
    numbers (dates such as 'June 30, 2025', ranges), which are scored as text.

    The answer's own percent sign or scale word wins ('12.5%', '$1.5 billion'); otherwise the unit
    the *question* asks for (``question_unit``) is the gold's ('$1577.00' for 'in USD millions').
    """
    text = answer.strip()
    if len(text) > 40:
        return None
    numbers = find_numbers(text)
    if (
        len(numbers) != 1
        or len(re.sub(r"[\d\s$,.%()\-]|million|billion|thousand|usd|percent", "", text, flags=re.I)) > 12
    ):
        return None
    quantity = Quantity.from_number(numbers[0])
    unit = question_unit(question) if question else None
    if quantity.percent or quantity.scale is not None or unit is None:
        return quantity
    if unit == "percent":
        return quantity if numbers[0].currency else replace(quantity, percent=True)
    return replace(quantity, scale=UNIT_SCALES[unit])


def gold_number(answer: str) -> float | None:
    """The number a short gold answer states, as printed ('$1577.00' -> 1577.0); None when it is not numeric."""
    quantity = gold_quantity(answer)
    return None if quantity is None else quantity.value


def number_found(gold: Quantity | float, text: str, rel_tol: float = 0.01) -> bool:
    """Whether any number written in *text* matches *gold* (strictly, as in ``numbers_match``)."""
    return any(numbers_match(gold, Quantity.from_number(number), rel_tol) for number in find_numbers(text))


def text_contained(gold: str, text: str) -> bool:
    """Normalised containment: every content word of *gold* appears in *text* (case, punctuation folded)."""
    words = [w for w in re.findall(r"[a-z0-9]+", fold(gold)) if len(w) > 2 or w.isdigit()]
    haystack = set(re.findall(r"[a-z0-9]+", fold(text)))
    return bool(words) and all(w in haystack for w in words)


def pages_from_zero_based(pages: list[int]) -> set[int]:
    """1-based page numbers from 0-based ones (FinanceBench's evidence_page_num)."""
    return {int(p) + 1 for p in pages}


def gold_pages(record: dict[str, Any]) -> set[int]:
    """1-based gold pages of a question.

    From FinanceBench ``evidence[].evidence_page_num`` (0-based) or ``gold_pages`` (1-based).
    """
    pages = pages_from_zero_based(
        [
            e["evidence_page_num"]
            for e in record.get("evidence") or []
            if isinstance(e, dict) and e.get("evidence_page_num") is not None
        ]
    )
    pages.update(int(p) for p in record.get("gold_pages") or [])
    return pages


def gold_evidence_lines(record: dict[str, Any]) -> list[str]:
    """Gold evidence lines worth checking (at least four characters once squashed)."""
    from ..textnorm import squash

    return [
        line
        for e in record.get("evidence") or []
        if isinstance(e, dict)
        for line in (e.get("evidence_text") or "").splitlines()
        if len(squash(line)) >= 4
    ]


def evidence_share(lines: list[str], squashed_context: str) -> float | None:
    """Share of gold evidence lines found verbatim (whitespace and case folded) in the context."""
    from ..textnorm import squash

    if not lines:
        return None
    return sum(squash(line) in squashed_context for line in lines) / len(lines)
