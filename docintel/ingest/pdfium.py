"""The pdfium extractor: one file -> a JSON-safe entry of metadata, lines with their boxes, and page sizes.

PDFium (through pypdfium2) gives each page's characters in content order, with a box for each.
The page's text is read in one call and split into words at whitespace; each word's box is the
union of the "loose" boxes (full font height) of its first and last characters, and a word whose
ends do not sit side by side on one row is boxed character by character. Words become lines in
reading order in docintel.ingest.layout (rows, two columns, superscript markers).

Boxes are PDF user space as PDFium gives it: points (1/72 inch), origin at the bottom left of the
page's coordinate system (the media box origin: the page's bottom-left corner on nearly every
PDF), y growing upward. Page sizes are (width, height) in points as PDFium reports them.

Runs in worker processes like the pypdf extractor (docintel.ingest.isolate), with the same errors
and page warnings.
"""

from __future__ import annotations

import ctypes
import functools
import re
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import CorruptPDFError, EncryptedPDFError
from ..textnorm import strip_controls
from .layout import Box, Line, Word, page_lines
from .pdfparse import check_header, check_pages, count_letters, garbled, skipped, unique_warnings
from .profile import METADATA_SKIPPED

if TYPE_CHECKING:
    import pypdfium2

# Bump LAYOUT_VERSION whenever the way characters become lines changes: it invalidates caches.
LAYOUT_VERSION = "2"
PDFIUM_VERSION = f"pdfium{version('pypdfium2')}-l{LAYOUT_VERSION}"
_WORD = re.compile(r"\S+")
_INFO_KEYS = ("Title", "Author", "Subject", "CreationDate")


def open_pdf(path: Path, password: str | None) -> tuple[pypdfium2.PdfDocument, bool]:
    """The opened document, and whether it took the given password (an empty user password needs none)."""
    import pypdfium2
    import pypdfium2.raw as raw

    check_header(path)
    try:
        return pypdfium2.PdfDocument(path), False
    except pypdfium2.PdfiumError as exc:
        if exc.err_code != raw.FPDF_ERR_PASSWORD:
            raise _damaged(path, exc) from None
    if password is None:
        raise EncryptedPDFError(f"{path}: PDF is encrypted with a password", "pass it with --password")
    try:
        return pypdfium2.PdfDocument(path, password=password), True
    except pypdfium2.PdfiumError as exc:
        if exc.err_code == raw.FPDF_ERR_PASSWORD:
            raise EncryptedPDFError(
                f"{path}: wrong password for this encrypted PDF", "check the password given with --password"
            ) from None
        raise _damaged(path, exc) from None


def _damaged(path: Path, exc: Exception) -> CorruptPDFError:
    return CorruptPDFError(
        f"{path}: PDF is truncated or damaged ({exc})", "re-download or repair the file (e.g. qpdf or re-export)"
    )


def check_password(path: Path, password: str | None) -> None:
    """Raise EncryptedPDFError unless *password* opens the PDF now (no page is read)."""
    pdf, _ = open_pdf(path, password)
    pdf.close()


def read_info(pdf: pypdfium2.PdfDocument, warnings: list[dict[str, Any]]) -> dict[str, str]:
    """The document-information strings a profile reads (Title, Author, Subject, CreationDate); what cannot
    be read is left out with a warning (page 0: the whole document) in *warnings*."""
    info = {}
    for key in _INFO_KEYS:
        try:
            value = " ".join(strip_controls(pdf.get_metadata_value(key)).replace("\x00", "").split())
        except Exception as exc:  # damaged metadata: the profile then reads the text only
            warnings.append(skipped(METADATA_SKIPPED, exc))
            continue
        if value:
            info[key] = value
    return info


def read_pdf_info(path: Path, password: str | None, warnings: list[dict[str, Any]]) -> dict[str, str]:
    """The metadata strings of a PDF whose lines are cached already; {} when it cannot be opened (warned)."""
    try:
        pdf, _ = open_pdf(path, password)
    except Exception as exc:  # the profile then reads the text only
        warnings.append(skipped(METADATA_SKIPPED, exc))
        return {}
    try:
        return read_info(pdf, warnings)
    finally:
        pdf.close()


def _outline(pdf: pypdfium2.PdfDocument, warnings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    lost: list[str] = []
    try:
        for bookmark in pdf.get_toc():
            title = " ".join(strip_controls(bookmark.get_title()).split())
            dest = bookmark.get_dest()
            index = dest.get_index() if dest is not None else None
            if index is not None and index >= 0:
                entries.append({"title": title, "page": index + 1, "level": bookmark.level})
            else:
                lost.append(title)
    except Exception as exc:  # a damaged outline
        warnings.append(skipped("the PDF outline (bookmarks) could not be read: no heading comes from it", exc))
        return []
    if lost:
        names = ", ".join(repr(t) for t in lost[:3]) + (f" and {len(lost) - 3} more" if len(lost) > 3 else "")
        warnings.append(skipped(f"{len(lost)} bookmark(s) of the PDF outline point to no page, left out: {names}"))
    return entries


def _page_labels(pdf: pypdfium2.PdfDocument, n_pages: int, warnings: list[dict[str, Any]]) -> list[str] | None:
    try:
        labels = [pdf.get_page_label(index) for index in range(n_pages)]
    except Exception as exc:  # damaged labels
        warnings.append(skipped("the printed page labels could not be read: pages are known by number only", exc))
        return None
    if not any(labels):
        return None
    return [label or str(index + 1) for index, label in enumerate(labels)]


def _page_text(textpage: Any, n_chars: int) -> str:
    """The text of the page's characters, one string character per PDFium character."""
    import pypdfium2.raw as raw

    buffer = (ctypes.c_ushort * (n_chars + 1))()
    written = raw.FPDFText_GetText(textpage, 0, n_chars, buffer)
    text = bytes(memoryview(buffer).cast("B")[: max(written - 1, 0) * 2]).decode("utf-16-le", errors="replace")
    if len(text) != n_chars:  # characters outside the BMP (or ones PDFium leaves out of its text): one by one
        text = "".join(chr(raw.FPDFText_GetUnicode(textpage, i)) for i in range(n_chars))
    # PDFium marks a hyphen that ends a line as U+FFFE; the page shows a hyphen
    return text.replace("\ufffe", "-")


def _unchecked(function: Any) -> Any:
    """The same C function of the same library, called without ctypes' per-argument conversion.

    pypdfium2's bindings declare each argument's type, and ctypes then converts every argument of
    every call: about 2 microseconds per call here, four times the cost of the call itself. The
    per-character calls are made through this copy instead, with arguments that need no conversion
    (a void pointer, an int, a byref), so the C function receives exactly what it would otherwise.
    """
    copy = type(function)(ctypes.cast(function, ctypes.c_void_p).value)  # same calling convention, no argtypes
    copy.restype = function.restype
    return copy


@functools.cache
def _loose_char_box() -> Any:
    """FPDFText_GetLooseCharBox(textpage, index, rect), unchecked (made once per process)."""
    import pypdfium2.raw as raw

    return _unchecked(raw.FPDFText_GetLooseCharBox)


class _Boxes:
    """Loose character boxes of one text page (one C call each)."""

    def __init__(self, textpage: Any) -> None:
        import pypdfium2.raw as raw

        self.textpage = ctypes.cast(textpage, ctypes.c_void_p)
        self.rect = raw.FS_RECTF()
        self.ref = ctypes.byref(self.rect)
        self.get = _loose_char_box()

    def __call__(self, index: int) -> Box | None:
        if not self.get(self.textpage, index, self.ref):
            return None
        rect = self.rect
        return (rect.left, min(rect.bottom, rect.top), rect.right, max(rect.bottom, rect.top))


def _side_by_side(first: Box, last: Box) -> bool:
    """True when *last* is on the row of *first* and not before it (a word read left to right)."""
    small = min(first[3] - first[1], last[3] - last[1])
    overlap = min(first[3], last[3]) - max(first[1], last[1])
    return overlap >= 0.5 * small and last[2] >= first[0] - 0.25 * max(first[3] - first[1], last[3] - last[1])


def _words(text: str, boxes: _Boxes) -> list[Word]:
    """The page's words and their boxes; the hot loop of the extractor, so C calls are made inline."""
    words: list[Word] = []
    append = words.append
    get, page, ref, rect = boxes.get, boxes.textpage, boxes.ref, boxes.rect
    for match in _WORD.finditer(text):
        start, end = match.span()
        if not get(page, start, ref):
            words.extend(_split_word(text, start, end, boxes))
            continue
        x0, b0, t0 = rect.left, rect.bottom, rect.top
        if end - start == 1:
            x1, b1, t1 = rect.right, b0, t0
        elif get(page, end - 1, ref):
            x1, b1, t1 = rect.right, rect.bottom, rect.top
        else:
            words.extend(_split_word(text, start, end, boxes))
            continue
        low, high = (b0 if b0 < b1 else b1), (t0 if t0 > t1 else t1)
        h0, h1 = t0 - b0, t1 - b1
        small = h0 if h0 < h1 else h1
        overlap = (t0 if t0 < t1 else t1) - (b0 if b0 > b1 else b1)  # inline min/max: once per word
        if overlap < 0.5 * small or x1 < x0 - 0.25 * (high - low) or small < 0:
            words.extend(_split_word(text, start, end, boxes))
            continue
        word = match.group()
        if not word.isprintable():
            word = strip_controls(word)
            if not word:
                continue
        append((word, x0, low, x1, high))
    return words


def _split_word(text: str, start: int, end: int, boxes: _Boxes) -> list[Word]:
    """A word whose ends are not on one row: boxed character by character, split where characters jump."""
    pieces: list[tuple[str, Box]] = []
    for index in range(start, end):
        box = boxes(index)
        char = strip_controls(text[index])
        if box is None or not char:
            continue
        if pieces and _side_by_side(pieces[-1][1], box):
            chars, prev = pieces[-1]
            pieces[-1] = (chars + char, (min(prev[0], box[0]), min(prev[1], box[1]), box[2], max(prev[3], box[3])))
        else:
            pieces.append((char, box))
    return [(chars, *box) for chars, box in pieces]


def _read_page(pdf: pypdfium2.PdfDocument, index: int) -> tuple[list[Line], str, tuple[float, float]]:
    """The lines of one page, its raw text (for the warnings) and its size."""
    page = pdf[index]
    try:
        width, height = page.get_size()
        left, _, right, _ = page.get_bbox()
        textpage = page.get_textpage()
        try:
            n_chars = textpage.count_chars()
            text = _page_text(textpage.raw, n_chars) if n_chars > 0 else ""
            words = _words(text, _Boxes(textpage.raw))
        finally:
            textpage.close()
    finally:
        page.close()
    return page_lines(words, (left, right)), text, (round(width, 2), round(height, 2))


def parse_pdf(
    path: Path,
    password: str | None = None,
    on_page: Callable[[int, int], None] | None = None,
    refuse_scanned: bool = True,
) -> dict[str, Any]:
    """Parse one PDF with PDFium into a JSON-safe entry (metadata, lines with boxes, page sizes).

    Raises InputError subclasses, as the pypdf extractor does. *on_page(done, total)* is called
    after each page. With *refuse_scanned* false a PDF without text is returned (for OCR).
    """
    pdf, password_needed = open_pdf(path, password)
    try:
        n_pages = len(pdf)
        piece = read_pages(pdf, 1, n_pages, on_page)
        return assemble(path, document_meta(pdf, path, password_needed), [piece], refuse_scanned)
    finally:
        pdf.close()


def parse_piece(
    path: Path,
    password: str | None,
    pages: tuple[int, int],
    on_page: Callable[[int, int], None] | None = None,
    ocr_mode: str = "never",
) -> dict[str, Any]:
    """Pages *pages* (first, last; 1-based, inclusive) of a PDF split across workers: a piece for ``assemble``,
    with the tables of its pages (``tables``, lines counted within the piece; ``join_pieces`` places them), the
    document's metadata in the piece that starts at page 1 (``meta``) and, when OCR may run, the pages
    of the piece that OCR would read (``ocr_pages``: the split is then undone and the file parsed whole)."""
    from .tables import table_data

    pdf, password_needed = open_pdf(path, password)
    try:
        piece = read_pages(pdf, pages[0], pages[1], on_page)
        piece["tables"] = table_data(piece["lines"]["page"], piece["lines"]["text"])  # in the worker: in parallel
        if pages[0] == 1:
            piece["meta"] = document_meta(pdf, path, password_needed)
        if ocr_mode != "never":
            from .ocr import pages_needing_ocr

            piece["ocr_pages"] = pages_needing_ocr({**piece, "n_pages": pages[1]}, ocr_mode, pdf, pages[0])
        return piece
    finally:
        pdf.close()


def read_pages(
    pdf: pypdfium2.PdfDocument, first: int, last: int, on_page: Callable[[int, int], None] | None = None
) -> dict[str, Any]:
    """Pages *first* to *last* (1-based, inclusive) as a piece of an entry: their line columns, sizes, page
    warnings and letters per page. *on_page(done, total)* counts within the piece."""
    pages, in_page, texts, boxes = [], [], [], []
    sizes: list[list[float]] = []
    warnings: list[dict[str, Any]] = []
    letters_per_page: list[int] = []
    for number in range(first, last + 1):
        try:
            lines, text, size = _read_page(pdf, number - 1)
        except Exception as exc:
            warnings.append(
                {"page": number, "kind": "extract_failed", "message": f"text extraction failed: {type(exc).__name__}"}
            )
            lines, text, size = [], "", _size_of(pdf, number - 1)
        sizes.append(list(size))
        letters_per_page.append(count_letters(text))
        if garbled(text):
            warnings.append({"page": number, "kind": "garbled", "message": "text looks garbled (unmapped font glyphs)"})
        for line_number, line in enumerate(lines, start=1):
            pages.append(number)
            in_page.append(line_number)
            texts.append(line.text)
            boxes.append([round(v, 2) for v in line.box])
        if on_page is not None:
            on_page(number - first + 1, last - first + 1)
    return {
        "first": first,
        "last": last,
        "lines": {"page": pages, "line_in_page": in_page, "text": texts, "bbox": boxes},
        "page_sizes": sizes,
        "warnings": warnings,
        "letters": letters_per_page,
    }


def document_meta(pdf: pypdfium2.PdfDocument, path: Path, password_needed: bool) -> dict[str, Any]:
    """What belongs to the document as a whole: page count, metadata strings, page labels, outline, and the
    warnings (page 0) of what of it could not be read."""
    n_pages = len(pdf)
    whole: list[dict[str, Any]] = []  # what of the document as a whole was left out (page 0)
    info = read_info(pdf, whole)
    labels, outline = _page_labels(pdf, n_pages, whole), _outline(pdf, whole)
    return {
        "title": info.get("Title") or path.stem,
        "pdf_info": info,
        "needs_password": password_needed,
        "n_pages": n_pages,
        "page_labels": labels,
        "outline": outline,
        "whole": unique_warnings(whole),
    }


def assemble(path: Path, meta: dict[str, Any], pieces: list[dict[str, Any]], refuse_scanned: bool) -> dict[str, Any]:
    """The entry of a document from its metadata and the pieces that read all of its pages (any order); a whole
    parse is one piece, a split one several, and both give the same entry. Raises as check_pages does."""
    ordered = sorted(pieces, key=lambda piece: int(piece["first"]))
    n_pages = int(meta["n_pages"])
    covered = [p for piece in ordered for p in range(int(piece["first"]), int(piece["last"]) + 1)]
    if covered != list(range(1, n_pages + 1)):
        raise ValueError(f"{path}: the pieces read pages {covered[:3]}..., not 1 to {n_pages} once each")
    columns: dict[str, list[Any]] = {"page": [], "line_in_page": [], "text": [], "bbox": []}
    sizes: list[list[float]] = []
    warnings: list[dict[str, Any]] = []
    letters: list[int] = []
    for piece in ordered:
        for name, values in columns.items():
            values.extend(piece["lines"][name])
        sizes.extend(piece["page_sizes"])
        warnings.extend(piece["warnings"])
        letters.extend(piece["letters"])
    warnings = check_pages(path, n_pages, warnings, letters, refuse_scanned)
    return {
        "title": meta["title"],
        "pdf_info": meta["pdf_info"],
        "needs_password": meta["needs_password"],
        "n_pages": n_pages,
        "page_labels": meta["page_labels"],
        "outline": meta["outline"],
        "warnings": meta["whole"] + warnings,
        "page_sizes": sizes,
        "lines": columns,
    }


def _size_of(pdf: pypdfium2.PdfDocument, index: int) -> tuple[float, float]:
    try:
        width, height = pdf.get_page_size(index)
        return round(width, 2), round(height, 2)
    except Exception:
        return 0.0, 0.0
