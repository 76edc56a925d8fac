"""Scoring helpers for evaluation: numbers with tolerance and unit scaling, text containment, pages.

Used by ``docintel eval`` and the benchmark scripts; pure functions, tested on hand-made cases.
"""

from __future__ import annotations

import math
import re
from typing import Any

from .numbers import find_numbers
from .textnorm import fold

SCALINGS = (1.0, 1e3, 1e-3, 1e6, 1e-6, 1e9, 1e-9, 100.0, 0.01)


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


def numbers_match(gold: float, candidate: float, rel_tol: float = 0.01, abs_tol: float = 0.005) -> bool:
    """Whether *candidate* equals *gold* within tolerance, at some power-of-ten unit scaling.

    Sign is ignored (filings print outflows in parentheses); scalings cover thousands/millions/
    billions and percent vs fraction (12.5% vs 0.125).
    """
    gold, candidate = abs(gold), abs(candidate)
    for scale in SCALINGS:
        value = candidate * scale
        if math.isclose(value, gold, rel_tol=rel_tol, abs_tol=abs_tol):
            return True
    return False


def gold_number(answer: str) -> float | None:
    """The number a short gold answer states ('$1577.00' -> 1577.0), or None when it is not numeric."""
    text = answer.strip()
    if len(text) > 40:
        return None
    numbers = parse_numbers(text)
    if not numbers or len(re.sub(r"[\d\s$,.%()\-]|million|billion|thousand|usd|percent", "", text, flags=re.I)) > 12:
        return None
    return numbers[0]


def number_found(gold: float, text: str, rel_tol: float = 0.01) -> bool:
    """Whether any number in *text* matches *gold* (tolerance and scaling as in numbers_match)."""
    return any(numbers_match(gold, value, rel_tol) for value in parse_numbers(text))


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
    from .textnorm import squash

    return [
        line
        for e in record.get("evidence") or []
        if isinstance(e, dict)
        for line in (e.get("evidence_text") or "").splitlines()
        if len(squash(line)) >= 4
    ]


def evidence_share(lines: list[str], squashed_context: str) -> float | None:
    """Share of gold evidence lines found verbatim (whitespace and case folded) in the context."""
    from .textnorm import squash

    if not lines:
        return None
    return sum(squash(line) in squashed_context for line in lines) / len(lines)
