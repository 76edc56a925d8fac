"""The kind of share-based award a figure is for. A note on stock compensation prints one table of valuation
assumptions per kind of award ('Expected volatility 31 %' for options, '42 %' for the RSUs valued with a Monte
Carlo model): the row's label is the same, the kind is said only above it. The kinds are those of FASB ASC 718
(stock options, stock appreciation rights, restricted stock and restricted stock units, performance shares and
units, employee stock purchase plans)."""

from __future__ import annotations

import re

from .claims import check_field
from .rules import FieldCheck
from .values import CitedSpan

_KINDS: dict[str, re.Pattern[str]] = {
    # a valuation model names no kind: Black-Scholes values performance shares too
    "stock options": re.compile(r"\boptions?\b(?![\s-]+(?:pricing|valuation)\b)", re.IGNORECASE),
    "stock appreciation rights": re.compile(r"\bstock\s+appreciation\s+rights?\b|\bSARs?\b", re.IGNORECASE),
    "restricted stock units": re.compile(
        r"\bRSUs?\b|\brestricted\s+stock(?:\s+units?|\s+awards?)?\b|\bRSAs?\b", re.IGNORECASE
    ),
    "performance shares": re.compile(
        r"\bPSUs?\b|\bperformance(?:-based)?\s+(?:shares?|stock|rights?)(?:\s+units?|\s+awards?)?\b", re.IGNORECASE
    ),
    "employee stock purchase plans": re.compile(r"\bESPPs?\b|\bemployee\s+stock\s+purchase\b", re.IGNORECASE),
}
_LINES_ABOVE = 6  # a table's introducing sentence is a few lines above its rows


def award_kind_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A figure asked of one kind of award ('the expected volatility ... to value the stock options') is not read
    from a table the text above it gives for another kind only ('The fair value of ... RSUs ... is determined using
    a Monte Carlo valuation model with the following weighted-average assumptions'): the closest line above the
    quoted rows (or the quote itself) that names a kind decides what the table is for."""
    asked = _kinds(question)
    if len(asked) != 1 or not spans:
        return check_field("member", "not_applicable")
    for cited in spans:
        said = _table_kinds(cited)
        if said and not said & asked:
            detail = f"member: the cited table is for {', '.join(sorted(said))}, not the {next(iter(asked))} asked"
            return check_field("member", "mismatch", detail)
    return check_field("member", "not_applicable")


def _kinds(text: str) -> set[str]:
    return {kind for kind, pattern in _KINDS.items() if pattern.search(text)}


def _table_kinds(cited: CitedSpan) -> set[str]:
    """The kinds of award the quote names, else the closest line above it that names one."""
    if said := _kinds(cited.span.quote):
        return said
    texts = cited.document.lines["text"].tolist()
    first = cited.span.line_start
    if not 1 <= first <= len(texts):
        return set()
    for number in range(first - 1, max(first - 1 - _LINES_ABOVE, 0), -1):  # across a page break too
        if said := _kinds(str(texts[number - 1])):
            return said
    return set()


# what a holder of an award has differs between restricted shares, issued at grant, and units, shares only at
# vesting (dividends as 'dividend equivalents', no vote): ASC 718 names them apart
_FINE_KINDS: dict[str, re.Pattern[str]] = {
    **{kind: pattern for kind, pattern in _KINDS.items() if kind != "restricted stock units"},
    "restricted stock units": re.compile(r"\bRSUs?\b|\brestricted\s+stock\s+units?\b", re.IGNORECASE),
    "restricted stock": re.compile(r"\brestricted\s+(?:stock|shares)\b(?!\s+units?\b)|\bRSAs?\b", re.IGNORECASE),
}


def award_named_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A yes/no or text about one kind of award ('Do holders of restricted stock units receive cash dividends?')
    is not read from quotes that name only another kind ('Recipients of restricted stock are entitled to cash
    dividends'): ``mismatch``, both kinds named."""
    asked = {kind for kind, pattern in _FINE_KINDS.items() if pattern.search(question)}
    quotes = " ".join(s.span.quote for s in spans)
    said = {kind for kind, pattern in _FINE_KINDS.items() if pattern.search(quotes)}
    if len(asked) != 1 or not said or said & asked:
        return check_field("member", "not_applicable")
    detail = f"member: the quotes are of {', '.join(sorted(said))}, not the {next(iter(asked))} asked"
    return check_field("member", "mismatch", detail)
