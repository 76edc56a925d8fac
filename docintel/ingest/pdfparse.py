"""PDF parsing: one file's bytes -> a JSON-safe entry of metadata and line columns.

Runs in worker processes (see docintel.ingest.isolate and ``extractors.parse_task``, which never
raises: it returns the entry or the error as a dict, and reports each page done). Text is split into lines, table cells
that the extractor put on their own lines are joined to their row, control characters are
dropped. Pages with no text, garbled text or failed extraction get warnings.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import (
    CorruptPDFError,
    DocintelError,
    DocumentNotFoundError,
    EncryptedPDFError,
    InputError,
    NotAPDFError,
    NoTextError,
    OcrUnavailableError,
    ParseTimeoutError,
)
from ..textnorm import strip_controls
from .isolate import Outcome
from .profile import METADATA_SKIPPED, pdf_info

if TYPE_CHECKING:
    import pypdf

# Bump LINE_SPLIT_VERSION whenever the way page text becomes lines changes: it invalidates caches.
LINE_SPLIT_VERSION = "3"
# pypdf itself is imported where a PDF is opened: a cached document needs only its version.
EXTRACTOR_VERSION = f"pypdf{version('pypdf')}-l{LINE_SPLIT_VERSION}"
MIN_LETTERS_PER_PAGE = 12  # fewer letters/digits than this per page on average: the PDF looks scanned

# pypdf logs what it recovered from (even at ERROR level, e.g. an unknown font encoding); with no
# handler Python would print those to stderr. Damage that matters shows as page warnings instead.
_PYPDF_LOG = logging.getLogger("pypdf")
_PYPDF_LOG.addHandler(logging.NullHandler())
_PYPDF_LOG.propagate = False


_NUMERIC_CELL = re.compile(r"^[\s$€£¥%()\-–—.,0-9]*[0-9–—-][\s$€£¥%()\-–—.,0-9]*$|^[$€£¥%]$")


def split_page_text(text: str) -> list[str]:
    """Split one page's extracted text into lines.

    Control characters are dropped and blank lines too. A line made only of numbers and currency signs is a table cell
    that the extractor put on its own line: it is joined to the line before it, so that a
    table row reads ``Label $ 5,363 $ 4,869`` as it does on the page.
    """
    lines: list[str] = []
    for raw in strip_controls(text.replace("\r\n", "\n").replace("\r", "\n")).splitlines():
        line = " ".join(raw.split())
        if not line:
            continue
        if lines and _NUMERIC_CELL.match(line) and len(lines[-1]) < 400:
            lines[-1] = f"{lines[-1]} {line}"
        else:
            lines.append(line)
    return lines


# Replacement, private-use, surrogate and (non-space) control characters: what unmapped glyphs come out as.
_BAD_GLYPH = re.compile(
    "[\ufffd\ue000-\uf8ff\U000f0000-\U000ffffd\U00100000-\U0010fffd\ud800-\udfff\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f]"
)
_SPACE = re.compile(r"\s")
_ALNUM_RUN = re.compile(r"[^\W_]+")


def garbled(text: str) -> bool:
    """True when over a fifth of the visible characters are replacement, private-use or control glyphs.

    Whitespace does not count either way: table pages are mostly line breaks and read perfectly.
    """
    bad = len(_BAD_GLYPH.findall(text))
    if not bad:
        return False
    visible = len(text) - len(_SPACE.findall(text))
    return visible > 0 and bad / visible > 0.2


def count_letters(text: str) -> int:
    """Letters and digits in *text* (what tells a page with text from a scanned one); counted in runs
    (one string per word, not per character)."""
    return sum(map(len, _ALNUM_RUN.findall(text)))


def unreadable(path: Path, exc: Exception) -> CorruptPDFError:
    """The error for a PDF whose structure pypdf could not read."""
    return CorruptPDFError(
        f"{path}: PDF cannot be read ({type(exc).__name__}: {exc})", "re-download or repair the file"
    )


def check_header(path: Path) -> None:
    """Raise the clear error for a file that cannot be a PDF (unreadable, empty, HTML, no %PDF- header)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(1024)
    except OSError as exc:
        raise InputError(
            f"{path}: cannot read file ({exc.strerror})", "check that it exists and its permissions"
        ) from None
    if not head:
        raise NotAPDFError(f"{path}: file is empty (0 bytes)", "re-download or re-export the PDF")
    if b"%PDF-" not in head:
        what = (
            "file is HTML, not a PDF"
            if b"<html" in head.lower() or b"<!doctype" in head.lower()
            else "file is not a PDF"
        )
        raise NotAPDFError(
            f"{path}: {what} (no %PDF- header)", "give the real PDF file; save or print the document as PDF first"
        )


def _open_reader(path: Path, password: str | None) -> tuple[pypdf.PdfReader, bool]:
    """An opened (and, when encrypted, decrypted) reader, and whether a real password was needed."""
    import pypdf

    check_header(path)
    try:
        reader = pypdf.PdfReader(path)
    except pypdf.errors.PyPdfError as exc:
        raise CorruptPDFError(
            f"{path}: PDF is truncated or damaged ({exc})", "re-download or repair the file (e.g. qpdf or re-export)"
        ) from None
    except Exception as exc:  # pypdf raises assorted errors on broken structure
        raise unreadable(path, exc) from None
    needed = _decrypt(reader, path, password) if reader.is_encrypted else False
    return reader, needed


def check_password(path: Path, password: str | None) -> None:
    """Raise EncryptedPDFError unless *password* opens the PDF now (cheap: no text is extracted).

    Used before a cached line table of a password-protected document is trusted, so that the
    cache never opens a document the password given now would not.
    """
    _open_reader(path, password)


def _decrypt(reader: pypdf.PdfReader, path: Path, password: str | None) -> bool:
    """Decrypt in place; True when it took the given password (the empty user password did not open it)."""
    import pypdf

    # Filings are often encrypted with an empty user password (permissions only): try it first.
    for candidate in [""] + ([password] if password else []):
        try:
            if reader.decrypt(candidate) != pypdf.PasswordType.NOT_DECRYPTED:
                return candidate != ""
        except Exception as exc:  # missing crypto backend or unsupported algorithm
            raise EncryptedPDFError(f"{path}: cannot decrypt ({exc})", "install pypdf[crypto] (cryptography)") from None
    if password is None:
        raise EncryptedPDFError(f"{path}: PDF is encrypted with a password", "pass it with --password")
    raise EncryptedPDFError(
        f"{path}: wrong password for this encrypted PDF", "check the password given with --password"
    )


def skipped(what: str, exc: Exception | None = None) -> dict[str, Any]:
    """A warning about the whole document (page 0): what could not be read and was left out."""
    why = f" ({type(exc).__name__}: {' '.join(str(exc).split())[:200]})" if exc is not None else ""
    return {"page": 0, "kind": "skipped", "message": f"{what}{why}"}


def _outline(reader: pypdf.PdfReader, warnings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    lost: list[str] = []

    def walk(items: list[Any], level: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
                continue
            title = " ".join(str(getattr(item, "title", "") or "").split())
            try:
                page = reader.get_destination_page_number(item)
            except Exception:  # pypdf raises assorted errors on a damaged bookmark
                page = None
            if page is not None and page >= 0:
                entries.append({"title": title, "page": page + 1, "level": level})
            else:
                lost.append(title)

    try:
        walk(reader.outline, 0)
    except Exception as exc:  # pypdf raises assorted errors on a damaged outline
        warnings.append(skipped("the PDF outline (bookmarks) could not be read: no heading comes from it", exc))
        return []
    if lost:
        names = ", ".join(repr(t) for t in lost[:3]) + (f" and {len(lost) - 3} more" if len(lost) > 3 else "")
        warnings.append(skipped(f"{len(lost)} bookmark(s) of the PDF outline point to no page, left out: {names}"))
    return entries


def _page_labels(reader: pypdf.PdfReader, warnings: list[dict[str, Any]]) -> list[str] | None:
    try:
        root: Any = reader.trailer["/Root"]
        if "/PageLabels" not in root:
            return None
        return list(reader.page_labels)
    except Exception as exc:  # pypdf raises assorted errors on damaged labels
        warnings.append(skipped("the printed page labels could not be read: pages are known by number only", exc))
        return None


def read_pdf_info(path: Path, password: str | None, warnings: list[dict[str, Any]]) -> dict[str, str]:
    """The metadata strings of a PDF whose lines are cached already (no page is read); {} when unreadable,
    with a warning in *warnings* saying so."""
    try:
        reader, _ = _open_reader(path, password)
    except Exception as exc:  # the profile then reads the text only
        warnings.append(skipped(METADATA_SKIPPED, exc))
        return {}
    return pdf_info(reader, warnings)


def parse_pdf(
    path: Path,
    password: str | None = None,
    on_page: Callable[[int, int], None] | None = None,
    refuse_scanned: bool = True,
) -> dict[str, Any]:
    """Parse one PDF into a JSON-safe entry (metadata and line columns); raises InputError subclasses.

    *on_page(done, total)* is called after each page. With *refuse_scanned* false a PDF without text is
    returned (for OCR) instead of refused.
    """
    reader, password_needed = _open_reader(path, password)
    try:
        n_pages = len(reader.pages)
    except Exception as exc:
        raise CorruptPDFError(
            f"{path}: page tree is damaged ({type(exc).__name__}: {exc})", "re-download or repair the file"
        ) from None
    pages, in_page, texts, warnings = [], [], [], []
    letters_per_page: list[int] = []
    for number in range(1, n_pages + 1):
        try:
            text = reader.pages[number - 1].extract_text() or ""
        except Exception as exc:
            warnings.append(
                {"page": number, "kind": "extract_failed", "message": f"text extraction failed: {type(exc).__name__}"}
            )
            text = ""
        page_lines = split_page_text(text)
        letters_per_page.append(count_letters(text))
        if garbled(text):
            warnings.append({"page": number, "kind": "garbled", "message": "text looks garbled (unmapped font glyphs)"})
        for index, line in enumerate(page_lines, start=1):
            pages.append(number)
            in_page.append(index)
            texts.append(line)
        if on_page is not None:
            on_page(number, n_pages)
    warnings = check_pages(path, n_pages, warnings, letters_per_page, refuse_scanned)
    whole: list[dict[str, Any]] = []  # what of the document as a whole was left out (page 0)
    info = pdf_info(reader, whole)  # the metadata is read once: a damaged one is one warning, from the profile
    entry = {
        "title": info.get("Title") or path.stem,
        "pdf_info": info,
        "needs_password": password_needed,
        "n_pages": n_pages,
        "page_labels": _page_labels(reader, whole),
        "outline": _outline(reader, whole),
    }
    return {
        **entry,
        "warnings": unique_warnings(whole) + warnings,
        "lines": {"page": pages, "line_in_page": in_page, "text": texts},
    }


def unique_warnings(whole: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Document-level warnings once each (pdfium reads each metadata string apart)."""
    return list({w["message"]: w for w in whole}.values())


def check_pages(
    path: Path,
    n_pages: int,
    warnings: list[dict[str, Any]],
    letters_per_page: list[int],
    refuse_scanned: bool = True,
) -> list[dict[str, Any]]:
    """The page warnings in page order, with "no_text" for empty pages; raises when the whole file is unusable.

    Shared by both extractors: no page, every page damaged, or too few letters (scanned, unless not
    *refuse_scanned*: OCR reads it next) are errors.
    """
    if n_pages == 0:
        raise CorruptPDFError(
            f"{path}: PDF has no readable page (its page tree is empty or damaged)",
            "re-download or repair the file (e.g. qpdf or re-export)",
        )
    failed = {w["page"] for w in warnings if w["kind"] in ("extract_failed", "garbled")}
    if len(failed) == n_pages and refuse_scanned:
        raise CorruptPDFError(
            f"{path}: the text of every page is damaged or unreadable",
            "re-download or repair the file (e.g. qpdf or re-export)",
        )
    if refuse_scanned and sum(letters_per_page) < MIN_LETTERS_PER_PAGE * n_pages:
        raise NoTextError(
            f"{path}: no extractable text ({sum(letters_per_page)} letters on {n_pages} pages); it looks scanned",
            "OCR is off (--ocr never, DOCINTEL_OCR): read it with --ocr auto (needs Tesseract, Debian package "
            "tesseract-ocr), or run it through an OCR tool (e.g. ocrmypdf) first",
        )
    for number, letters in enumerate(letters_per_page, start=1):
        if letters == 0 and number not in failed:  # a page that failed says so once, not also "scanned"
            warnings.append(
                {"page": number, "kind": "no_text", "message": "page has no extractable text (likely a scanned image)"}
            )
    return sorted(warnings, key=lambda w: int(str(w["page"])))


_ERROR_TYPES: dict[str, type[DocintelError]] = {
    cls.__name__: cls
    for cls in (
        InputError,
        DocumentNotFoundError,
        NotAPDFError,
        CorruptPDFError,
        EncryptedPDFError,
        NoTextError,
        OcrUnavailableError,
        ParseTimeoutError,
    )
}


def error_from_outcome(outcome: Outcome[tuple[Any, ...]], timeout_s: float) -> DocintelError | None:
    """The error of a parse that timed out, crashed or returned one; None when it returned an entry."""
    path = outcome.item[0]
    if outcome.status == "timeout":
        return ParseTimeoutError(
            f"{path}: parsing took longer than {timeout_s:g} s and was stopped",
            "the file may be damaged: repair or re-export it, or raise DOCINTEL_PARSE_TIMEOUT_S",
        )
    if outcome.status == "crashed":
        reason = outcome.value or f"exit code {outcome.exitcode}"
        return CorruptPDFError(
            f"{path}: the PDF parser failed on this file ({reason})", "re-download or repair the file"
        )
    error = outcome.value.get("error")
    if error is None:
        return None
    return _ERROR_TYPES.get(error["type"], InputError)(error["what"], error["fix"])
