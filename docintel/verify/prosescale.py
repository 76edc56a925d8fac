"""The scale of a bare amount of prose a quote prints, as ingest read it: '$376' under the notes' '(Dollars in
millions, except otherwise stated)', '$70.9' before 'billion' on the next line; or as a column heading above it
states for an amount printed as a table's cell is ('Operating activities $ 4 $ 14,711 of business, ...' under
'(MILLIONS) 2023 2022 Drivers of change'). The quote alone says units."""

from __future__ import annotations

import re

from ..answer.contract import Span
from ..ingest.documents import Document
from ..ingest.facts import Fact
from ..ingest.factscope import names_scale_word, scale_stated
from ..numbers import Number

# by document (held, so its id stays its own; two documents of one name are read apart): read once per document
_BY_LINE: dict[int, tuple[Document, dict[int, list[Fact]]]] = {}


def prose_scale(document: Document, span: Span, number: Number) -> float | None:
    """The scale ingest read for the amount *number* of the prose lines of *span*, when it read one beyond units."""
    if not number.currency or number.percent:
        return None
    if id(document) not in _BY_LINE:
        if len(_BY_LINE) > 16:  # a long-running process reading many documents keeps a few
            _BY_LINE.clear()
        scaled: dict[int, list[Fact]] = {}
        for fact in document.facts:
            if fact.provenance.table is None and fact.scale != 1.0 and fact.scale_source in ("section", "row"):
                scaled.setdefault(fact.provenance.global_line, []).append(fact)
        _BY_LINE[id(document)] = (document, scaled)
    lines = _BY_LINE[id(document)][1]
    for line in range(span.line_start, span.line_end + 1):
        for fact in lines.get(line, ()):
            if fact.text == number.text:
                return fact.scale
    return None


# a table cell's typography: the currency sign set apart from the figure ('$ 4', '$ (22,170)'); prose writes '$4'
_CELL_MONEY = re.compile(r"^\(?[$\u20ac\u00a3\u00a5]\s+\(?\d")
_CELLS = re.compile(r"[$\u20ac\u00a3\u00a5]\s+\(?\d")
_EXCEPT_PER_SHARE = re.compile(r"\bexcept\b[^)]*\bper\b", re.IGNORECASE)
_HEADING_REACH = 40  # lines above the amount, on its page, a column heading may stand (a page-long table)


def heading_scale(document: Document, span: Span, number: Number) -> float | None:
    """The scale a column heading above the quote on its page states ('(MILLIONS) 2023 2022 Drivers of change'), for
    an amount printed as a table's cell ('$ 4') on a line ingest read as prose that prints two such cells or more: a
    table row it could not part from the prose beside it. Dollars and cents under a heading that excepts per-share
    data ('(in millions, except per share and ratio data)') keep their own scale."""
    if not number.currency or number.percent or number.scale or not _CELL_MONEY.match(number.text):
        return None
    texts, pages = document.lines["text"].tolist(), document.lines["page"].tolist()
    first = span.line_start - 1
    row = " ".join(str(texts[n]) for n in range(first, min(span.line_end, len(texts))))
    if len(_CELLS.findall(row)) < 2:  # a row prints a cell for each column: one '$ 4' is no row
        return None
    for index in range(first - 1, max(first - _HEADING_REACH, 0) - 1, -1):
        if not 0 <= index < len(texts) or pages[index] != pages[first]:
            break
        text = str(texts[index]).strip()
        if text.startswith("(") and names_scale_word(text) and (stated := scale_stated(text)):
            cents = re.search(r"\.\d{2}\b", number.text)  # '$ 69.53' under '(in millions, except per share ...)'
            return None if cents and _EXCEPT_PER_SHARE.search(text) else stated[0]
    return None
