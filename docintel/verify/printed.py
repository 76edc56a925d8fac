"""A computed answer beside the figure its document prints: 'How much was the market capitalization?' answered
with book value per share times the shares at period-end (253,316) where the cited table prints its own 'Market
capitalization' row (330,237). The document's figure is the line item asked; a computation that agrees with none
of the row's cells is another figure."""

from __future__ import annotations

import re

from .rules import FieldCheck
from .values import CitedSpan

_MARKS = re.compile(r"\([a-z\d]\)|[^\w\s&'-]")  # a row's footnote marks and punctuation: '(a)', '(“TBVPS”)'
# the question's noun phrase ends with the row's name: 'market capitalization at June 30', not 'wireless retail' of
# 'wireless retail postpaid connections'
_PHRASE_END = r"(?=\s*$|\s*[?,.;]|\s+(?:at|in|on|for|of|as|from|during|by|over|was|were|is|are|and)\b)"
_LEAST_WORDS = 2  # 'Market capitalization': a row of one word ('Total') names no line item a question asks


def printed_item_rule(question: str, recomputed: float, spans: list[CitedSpan]) -> FieldCheck:
    """A mismatch when a cited table prints rows named, word for word, in the question (two words or more; not a row
    cited, nor one named as a cited row is) and none of their cells agrees with the computed value at any scale
    (thousands, millions, billions)."""
    asked = " ".join(_MARKS.sub(" ", question.lower()).split())
    used = {line for s in spans for line in range(s.span.line_start, s.span.line_end + 1)}  # operands' own rows
    tables = {id(t): t for s in spans if (found := s.document.table_row(s.span.line_start)) for t in [found[0]]}
    # rows of the very line item the operands are (a segment's 'Wireless retail postpaid' summed with another's):
    # the computation is that item's own arithmetic, not a stand-in for it
    summed = {_name(found[1].label) for s in spans if (found := s.document.table_row(s.span.line_start))}
    named = [
        row
        for table in tables.values()
        for row in table.rows
        if row.line not in used
        and (name := _name(row.label)) not in summed
        and len(name.split()) >= _LEAST_WORDS
        and any(v is not None for v in row.values)
        and re.search(rf"\b{re.escape(name)}{_PHRASE_END}", asked)
    ]
    if not named or any(_agrees(v, recomputed) for row in named for v in row.values if v is not None):
        return FieldCheck(field="formula", verdict="not_applicable")
    row = max(named, key=lambda r: len(_name(r.label)))
    detail = f"formula: the table prints '{row.label}' {', '.join(row.cells)}; the computed value is {recomputed:,.6g}"
    return FieldCheck(field="formula", verdict="mismatch", detail=detail)


def _name(label: str) -> str:
    """A row's label in lowercase words, its footnote marks and punctuation aside."""
    return " ".join(_MARKS.sub(" ", label.lower()).split())


def _agrees(printed: float, recomputed: float) -> bool:
    """Whether the computed value is the printed one at some scale of a thousand: within half a unit of the last
    digit a table prints at that scale, or 0.5% (a figure computed from rounded cells)."""
    return any(
        abs(printed * 1000.0**power - recomputed) <= 0.5 * 1000.0**power + 0.005 * abs(printed * 1000.0**power)
        for power in range(-3, 4)
    )
