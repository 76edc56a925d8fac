"""Lines read by OCR: a value read from one whose numbers were read with low confidence is never supported.

OCR can misread a digit (3 for 8, a dropped decimal point) and the quote check cannot notice: the quote
matches the misread line. So an item whose value (or a calculation operand) is read from an OCR line with
a number below ``ocr_min_confidence`` is left *unchecked* (a field check ``ocr`` that is unknown: the figure
may not be the document's), whatever else held. ``ocr_citations`` says which citations cite OCR'd lines, for the
terminal, ``--json``, traces and the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pydantic import BaseModel, Field

from ..ingest.documents import Document
from .rules import FieldCheck
from .values import CitedSpan, ItemCheck

SpanKey = tuple[int, str | None, int]


class Cited(Protocol):
    """What a citation's verdict (verify.quotes.SpanVerdict) says of where it points."""

    item: int
    field: str | None
    span: int
    doc: str | None
    line_start: int
    line_end: int


class CitationOcr(BaseModel):
    """A citation whose lines (some or all) were read by OCR."""

    item: int
    field: str | None = None
    span: int
    doc: str
    lines: list[int] = Field(description="the cited GLOBAL_LINEs read by OCR")
    lowest_confidence: float = Field(description="the lowest Tesseract word confidence (0-100) on those lines")
    doubtful_numbers: bool = Field(
        description="a number on those lines was read below the confidence a supported value needs"
    )


def _doubtful_lines(span: CitedSpan) -> list[int]:
    return [n for n in range(span.span.line_start, span.span.line_end + 1) if span.document.doubtful_numbers(n)]


def _of_check(key: SpanKey, check: ItemCheck) -> bool:
    """True when the span *key* is one of the check's: its item's (or field's), a calculation operand's included."""
    item, field, _ = key
    operand = check.field is None and str(field).startswith("calculation.")
    return item == check.item and (field == check.field or operand)


def doubtful_ocr(checks: list[ItemCheck], cited: dict[SpanKey, CitedSpan]) -> list[ItemCheck]:
    """*checks*, with each value read from an OCR line of low-confidence numbers made unchecked."""
    out = []
    for check in checks:
        valued = check.value_check == "supported" or check.calculation_check == "verified"
        spans = [span for key, span in cited.items() if _of_check(key, check)]
        doubtful = sorted({n for span in spans for n in _doubtful_lines(span)}) if valued else []
        if not doubtful or check.concept_check == "mismatch":
            out.append(check)
            continue
        lines = ", ".join(map(str, doubtful))
        floor = spans[0].document.ocr_min_confidence
        note = f"numbers of line {lines} were read by OCR with confidence below {floor:g}%: check them on the page"
        doubt = FieldCheck(field="ocr", verdict="unknown", found=f"OCR below {floor:g}%", detail=note)
        out.append(check.model_copy(update={"fields": [*check.fields, doubt], "detail": f"{check.detail}; {note}"}))
    return out


def ocr_citations(spans: Sequence[Cited], documents: list[Document]) -> list[CitationOcr]:
    """The citations (span verdicts) whose lines were read by OCR, in the order of *spans*."""
    by_id = {d.meta.doc_id: d for d in documents if d.ocr_lines is not None}
    marks = []
    for span in spans:
        document = by_id.get(span.doc or "")
        if document is None:
            continue
        start, end = max(span.line_start, 1), min(span.line_end, document.meta.n_lines)
        read = {n: document.ocr_confidence(n) for n in range(start, end + 1)}
        lines = [n for n, confidence in read.items() if confidence is not None]
        if not lines:
            continue
        marks.append(
            CitationOcr(
                item=span.item,
                field=span.field,
                span=span.span,
                doc=document.meta.doc_id,
                lines=lines,
                lowest_confidence=min(float(read[n] or 0.0) for n in lines),
                doubtful_numbers=any(document.doubtful_numbers(n) for n in lines),
            )
        )
    return marks
