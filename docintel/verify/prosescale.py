"""The scale of a bare amount of prose a quote prints, as ingest read it: '$376' under the notes' '(Dollars in
millions, except otherwise stated)', '$70.9' before 'billion' on the next line. The quote alone says units."""

from __future__ import annotations

from ..answer.contract import Span
from ..ingest.documents import Document
from ..ingest.facts import Fact
from ..numbers import Number

_BY_LINE: dict[tuple[str, int], dict[int, list[Fact]]] = {}  # by document id and its count of facts: read once


def prose_scale(document: Document, span: Span, number: Number) -> float | None:
    """The scale ingest read for the amount *number* of the prose lines of *span*, when it read one beyond units."""
    if not number.currency or number.percent:
        return None
    key = (document.meta.doc_id, len(document.facts))
    if key not in _BY_LINE:
        _BY_LINE[key] = {}
        for fact in document.facts:
            if fact.provenance.table is None and fact.scale != 1.0 and fact.scale_source in ("section", "row"):
                _BY_LINE[key].setdefault(fact.provenance.global_line, []).append(fact)
    lines = _BY_LINE[key]
    for line in range(span.line_start, span.line_end + 1):
        for fact in lines.get(line, ()):
            if fact.text == number.text:
                return fact.scale
    return None
