"""A table row's footnotes, and what they say of the figure: whether a quarter's ratio is annualized.

A row's label may end in footnote markers ('Return on common equity (“ROE”)(b)'); the footnote is the line below
the table, on the same page, that starts with the marker ('(b) Quarterly ratios are based upon annualized
amounts.'), with the lines that continue it. A quarter's ratio the document states on an annual basis is not the
quarter's own return: a question that asks the quarter's own (not annualized) figure is not answered by it, nor the
reverse.
"""

from __future__ import annotations

import re

from ..ingest.documents import Document
from .rules import FieldCheck

_MARKER = re.compile(r"\(([a-z])\)")  # a letter: '(3)' may be a negative number
_FOOTNOTE_START = re.compile(r"\s*\(([a-z\d])\)\s+\S")
_FOOTNOTE_LINES = 4  # a footnote's text goes on for a few lines at most before the next marker or the page's end
_ANNUALIZED = re.compile(r"\bannuali[sz]ed\b|\bon\s+an\s+annual(?:i[sz]ed)?\s+basis\b", re.IGNORECASE)
_NOT_ANNUALIZED = re.compile(
    r"\b(?:not|non-?|un-?|de-?)\s*annuali[sz]ed\b|\bwithout\s+annuali[sz]ing\b|"
    r"\brather\s+than\s+(?:an?\s+|the\s+)?annual(?:i[sz]ed)?\s+(?:rate|basis|figure|return)\b",
    re.IGNORECASE,
)


def line_markers(document: Document, line: int) -> list[str]:
    """The footnote letters a row's line prints ('Return on common equity (“ROE”)(b) 13 %' -> ['b'])."""
    texts = document.lines["text"].tolist()
    return _MARKER.findall(texts[line - 1]) if 1 <= line <= len(texts) else []


def footnote_text(document: Document, line: int, marker: str) -> str:
    """The text of footnote *marker* below global *line* on its page ('' when the page prints none)."""
    texts = document.lines["text"].tolist()
    pages = document.lines["page"].tolist()
    if not 1 <= line <= len(texts):
        return ""
    page = pages[line - 1]
    for index in range(line, len(texts)):
        if pages[index] != page:
            return ""
        start = _FOOTNOTE_START.match(texts[index])
        if start and start.group(1) == marker:
            words = [texts[index]]
            for following in range(index + 1, min(index + _FOOTNOTE_LINES, len(texts))):
                if pages[following] != page or _FOOTNOTE_START.match(texts[following]):
                    break
                words.append(texts[following])
            return " ".join(words)
    return ""


def annualized_of(text: str) -> bool | None:
    """Whether *text* states its figures annualized (True), not annualized (False), or says neither (None)."""
    if _NOT_ANNUALIZED.search(text):
        return False
    return True if _ANNUALIZED.search(text) else None


def annualized_rule(question: str, stated: str, footnotes: list[str]) -> FieldCheck:
    """A question about a period's own (not annualized) ratio against a figure its row, column or footnote states
    annualized, and the reverse. *stated*: the row's label and column; *footnotes*: the texts of its footnotes."""
    asked = annualized_of(question)
    if asked is None:
        return FieldCheck(field="annualized", verdict="not_applicable")
    found, said_by = annualized_of(stated), "its row"
    for note in footnotes:
        if found is None and (found := annualized_of(note)) is not None:
            said_by = f"its footnote ('{note[:80]}')"
    wanted = "annualized" if asked else "not annualized"
    if found is None:
        if asked:  # a figure that says nothing of it: a quarter's ratio is commonly stated annualized
            return FieldCheck(field="annualized", verdict="not_applicable")
        detail = "annualized: the document does not say whether the figure is annualized; the question asks it not"
        return FieldCheck(field="annualized", verdict="unknown", asked=wanted, detail=detail)
    shown = "annualized" if found else "not annualized"
    if found == asked:
        return FieldCheck(field="annualized", verdict="supported", asked=wanted, found=shown)
    return FieldCheck(
        field="annualized",
        verdict="mismatch",
        asked=wanted,
        found=shown,
        detail=f"annualized: the figure is {shown}, as {said_by} says; the question asks it {wanted}",
    )
