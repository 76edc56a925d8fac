"""Mutations for bench_verify from blind red team round 66, written apart from docintel/verify/.

- A total its sentence goes on to break down ('total consideration of $4.25 billion, which consisted of ... and
  approximately $4.2 billion in cash'): the total answered for the part the breakdown names (wrong); the part
  (right, measured).
- A sentence that compares one thing with another ('a reserve build of $617 million compared with a reserve release
  of $2.5 billion in the prior year'): a yes that the company had the compared thing in the filing's year (wrong); a
  yes that it had the first (right, measured).

The patterns are general English of filings ('which consisted of', 'compared with'), no document's wording.
"""

from __future__ import annotations

import re

from scripts.verify_round56 import page_sentences

Case = tuple[str, dict, str]  # (question, item, answer type)

_FIGURE = r"\$(?P<{0}>\d[\d,.]*)\s+(?P<{0}_scale>million|billion)"
_BROKEN_DOWN = re.compile(
    _FIGURE.format("total") + r",?\s+(?:which\s+)?(?:consisted|consisting|comprised|comprising)\s+of\s+[^.;]*?"
    r"(?:approximately\s+)?" + _FIGURE.format("part") + r"\s+(?:in\s+|of\s+)?(?P<word>[a-z]{3,})\b"
)
_COMPARED = re.compile(
    r"\b(?:an?\s+)?(?P<first>[a-z]+(?:\s+[a-z]+){0,2})\s+of\s+\$\d[\d,.]*\s+(?:million|billion)\s+compared\s+"
    r"(?:with|to)\s+(?:an?\s+)?(?P<other>[a-z]+(?:\s+[a-z]+){0,2})\s+of\s+\$\d[\d,.]*\s+(?:million|billion)"
    r"\s+in\s+the\s+prior\s+year"
)


def round66_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    year = str(document.meta.profile.fiscal_year.value or "")
    cases: dict[str, list[Case]] = {}
    for start, end, sentence in page_sentences(document, page):
        for kind, case in [*_breakdowns(start, end, sentence), *_comparisons(start, end, sentence, year)]:
            cases.setdefault(kind, []).append(case)
    return cases


def _span(start: int, end: int, quote: str) -> dict:
    return {"doc": None, "line_start": start, "line_end": end, "quote": quote.strip()}


def _amount(printed: str, scale: str, year: str, span: dict) -> dict:
    unit = "millions" if scale == "million" else "billions"
    amount = {"value": float(printed.replace(",", "")), "currency": "USD", "unit": unit}
    return {"label": "amount", "amount": amount, "period": year or None, "calculation": None, "spans": [span]}


def _breakdowns(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    years = re.findall(r"\b(?:19|20)\d\d\b", sentence)
    found: list[tuple[str, Case]] = []
    for down in _BROKEN_DOWN.finditer(sentence):
        year = years[0] if years else ""
        question = f"How much was received in {down['word']}{f' in {year}' if year else ''}?"
        total = _span(start, end, sentence[: down.end("total_scale")])
        part = _span(start, end, sentence[down.start("part") - 1 : down.end("word")])
        found.append(
            (
                "a total for the part its sentence names",
                (question, _amount(down["total"], down["total_scale"], year, total), "amount"),
            )
        )
        found.append(
            ("breakdown part: right", (question, _amount(down["part"], down["part_scale"], year, part), "amount"))
        )
    return found


def _comparisons(start: int, end: int, sentence: str, year: str) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for compared in _COMPARED.finditer(sentence) if year else ():
        quote = _span(start, end, sentence[compared.start() : compared.end()])
        yes = {"value": True, "explanation": "Yes.", "spans": [quote]}
        other, first = compared["other"], compared["first"]
        if set(other.split()) & set(first.split()) == set(other.split()):
            continue  # the same words: the question could not tell them apart
        found.append(
            ("a yes to what the sentence compares with", (f"Did it record a {other} in {year}?", yes, "boolean"))
        )
        found.append(("compared: right", (f"Did it record a {first} in {year}?", yes, "boolean")))
    return found
