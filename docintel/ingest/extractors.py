"""The extractor seam: which library reads a PDF's text, and what each needs.

``pypdf`` is the reference (text only). ``pdfium`` (pypdfium2) reads about ten times faster and
gives each line's box on the page and each page's size. Both produce the same entry shape (see
docintel.ingest.pdfparse and docintel.ingest.pdfium); the version of each is part of the cache key
and of every trace, so a document read by one is never mistaken for one read by the other.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, get_args

from ..errors import DocintelError
from . import pdfparse
from .isolate import Extend, Report

Extractor = Literal["pdfium", "pypdf"]
EXTRACTORS: tuple[str, ...] = get_args(Extractor)


def extractor_version(extractor: str) -> str:
    """The version string of an extractor: library version plus docintel's line-building version."""
    if extractor == "pdfium":
        from .pdfium import PDFIUM_VERSION

        return PDFIUM_VERSION
    return pdfparse.EXTRACTOR_VERSION


def extractor_of(version: str) -> Extractor:
    """The extractor that wrote an extractor version string (traces made before pdfium say pypdf)."""
    return "pdfium" if version.startswith("pdfium") else "pypdf"


def check_password(path: Path, password: str | None, extractor: str) -> None:
    """Raise EncryptedPDFError unless *password* opens the PDF now (cheap: no text is read)."""
    if extractor == "pdfium":
        from . import pdfium

        pdfium.check_password(path, password)
    else:
        pdfparse.check_password(path, password)


def read_pdf_info(path: Path, password: str | None, extractor: str, warnings: list[dict[str, Any]]) -> dict[str, str]:
    """The metadata strings of a PDF whose lines are cached already; {} when unreadable, with a warning
    (page 0: the whole document) in *warnings* saying so."""
    if extractor == "pdfium":
        from . import pdfium

        return pdfium.read_pdf_info(path, password, warnings)
    return pdfparse.read_pdf_info(path, password, warnings)


OcrOptions = tuple[str, str, str, int]  # mode (auto, always, never), tesseract command, language, parallel pages
NO_OCR: OcrOptions = ("never", "tesseract", "eng", 1)


def parse_task(args: tuple[Path, str | None, str, OcrOptions], report: Report) -> dict[str, Any]:
    """Parse in a worker process with the chosen extractor, then OCR its scanned pages: the entry, or the error
    as a dict. Progress: (done, total) per page read, then (done, total, "ocr") per page OCR'd."""
    path, password, extractor, ocr = args
    try:
        entry = _parse(path, password, extractor, ocr[0] == "never", report)
        if ocr[0] != "never":
            from . import ocr as ocr_pages
            from .pdfium import open_pdf

            pdf, _ = open_pdf(path, password)
            try:
                entry = ocr_pages.apply_ocr(
                    entry,
                    path,
                    pdf,
                    ocr,
                    lambda done, total: report((done, total, "ocr")),
                    lambda pages: report(Extend(pages * ocr_pages.OCR_PAGE_ALLOWANCE_S)),  # OCR's time on top
                )
            finally:
                pdf.close()
        return {"ok": entry}
    except DocintelError as exc:
        return {"error": exc.to_dict()}
    except Exception as exc:  # the libraries raise assorted errors on broken structure
        return {"error": pdfparse.unreadable(path, exc).to_dict()}


Pages = tuple[int, int]  # first and last page of a piece, 1-based and inclusive
ParseItem = tuple[Path, str | None, str, OcrOptions, Pages | None]


def parse_item(args: ParseItem, report: Report) -> dict[str, Any]:
    """A worker's task: a whole file (pages None: ``parse_task``) or a piece of a large PDF split by page ranges
    (pdfium: ``{"ok": piece}`` for ``join_pieces``, or the error as a dict). Progress: (done, total) per page,
    counted within the piece."""
    path, password, extractor, ocr, pages = args
    if pages is None:
        return parse_task((path, password, extractor, ocr), report)
    try:
        from . import pdfium

        return {"ok": pdfium.parse_piece(path, password, pages, lambda done, total: report((done, total)), ocr[0])}
    except DocintelError as exc:
        return {"error": exc.to_dict()}
    except Exception as exc:  # the libraries raise assorted errors on broken structure
        return {"error": pdfparse.unreadable(path, exc).to_dict()}


def join_pieces(path: Path, pieces: list[dict[str, Any]], ocr_mode: str) -> dict[str, Any] | None:
    """The entry of a PDF read in pieces, exactly as a whole parse gives it; None when OCR has pages to read
    (the file is then parsed whole, as OCR needs). Raises as the whole parse would (a scanned PDF)."""
    from . import pdfium

    if ocr_mode == "always" or any(piece.get("ocr_pages") for piece in pieces):
        return None
    meta = next(piece["meta"] for piece in pieces if "meta" in piece)
    entry = pdfium.assemble(path, meta, pieces, refuse_scanned=ocr_mode == "never")
    if ocr_mode != "never":
        from . import ocr

        ocr.refuse_textless(entry, path, ocr_done=False)  # what apply_ocr does when no page needs OCR
    if all("tables" in piece for piece in pieces):  # read by the workers: what add_tables gives for the whole
        from .tables import TABLES_VERSION, shifted

        entry["tables"], offset = [], 0
        for piece in sorted(pieces, key=lambda piece: int(piece["first"])):
            entry["tables"] += shifted(piece["tables"], offset)
            offset += len(piece["lines"]["text"])
        entry["tables_version"] = TABLES_VERSION
    return entry


def _parse(path: Path, password: str | None, extractor: str, refuse_scanned: bool, report: Report) -> dict[str, Any]:
    if extractor == "pdfium":
        from . import pdfium

        return pdfium.parse_pdf(path, password, lambda done, total: report((done, total)), refuse_scanned)
    return pdfparse.parse_pdf(path, password, lambda done, total: report((done, total)), refuse_scanned)
