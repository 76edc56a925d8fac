"""What the terminal says about OCR: a document's scanned pages (ingest) and citations of OCR'd lines (answers)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..ingest.documents import Document


def ocr_note(document: Document) -> str:
    """'OCR: 6 of 6 pages read by OCR in 12.3 s (tesseract 5.3.0, eng, 300 dpi); lowest word confidence 67%'."""
    ocr = document.meta.ocr
    if ocr is None:
        return ""
    read = [c for c in (document.ocr_lines or []) if c is not None]
    lowest = f"; lowest word confidence {min(float(c[0] or 0) for c in read):.0f}%" if read else ""
    pages = f"{len(ocr.pages)} of {document.meta.n_pages} page{'s' * (document.meta.n_pages != 1)}"
    return f"OCR: {pages} read by OCR in {ocr.seconds:.1f} s ({ocr.engine}, {ocr.language}, {ocr.dpi} dpi){lowest}"


def citation_ocr(span: dict[str, Any], result: dict[str, Any]) -> list[str]:
    """The line under a quote whose lines were read by OCR (from the span's ``ocr``, or the result's list)."""
    mark = span.get("ocr")
    if mark is None:
        key = (span["item"], span.get("field"), span["span"])
        mark = next((m for m in result.get("ocr") or [] if (m["item"], m.get("field"), m["span"]) == key), None)
    if not mark:
        return []
    lines = mark["lines"]
    where = f"line {lines[0]}" if len(lines) == 1 else f"lines {lines[0]}-{lines[-1]}"
    doubt = "; its numbers were read with LOW confidence: check them on the page" if mark["doubtful_numbers"] else ""
    return [f"     read by OCR (scanned page): {where}, lowest word confidence {mark['lowest_confidence']:.0f}%{doubt}"]


def ocr_summary(result: dict[str, Any]) -> list[str]:
    """One line when any citation's lines were read by OCR: the answer rests on scanned pages."""
    marks = result.get("ocr") or []
    if not marks:
        return []
    docs = ", ".join(sorted({m["doc"] for m in marks}))
    doubt = sum(bool(m["doubtful_numbers"]) for m in marks)
    low = f"; {doubt} with numbers read at low confidence (not counted as supported)" if doubt else ""
    cites = f"{len(marks)} citation cites" if len(marks) == 1 else f"{len(marks)} citations cite"
    return [f"read by OCR: {cites} scanned pages of {docs} (OCR can misread a character: compare with the page){low}"]
