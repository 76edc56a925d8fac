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
from .isolate import Report

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


def parse_task(args: tuple[Path, str | None, str], report: Report) -> dict[str, Any]:
    """Parse in a worker process with the chosen extractor: the entry, or the error as a dict."""
    path, password, extractor = args
    try:
        if extractor == "pdfium":
            from . import pdfium

            entry = pdfium.parse_pdf(path, password, on_page=lambda done, total: report((done, total)))
        else:
            entry = pdfparse.parse_pdf(path, password, on_page=lambda done, total: report((done, total)))
        return {"ok": entry}
    except DocintelError as exc:
        return {"error": exc.to_dict()}
    except Exception as exc:  # the libraries raise assorted errors on broken structure
        return {"error": pdfparse.unreadable(path, exc).to_dict()}
