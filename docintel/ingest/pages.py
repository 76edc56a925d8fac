"""Page images: one page of a PDF rendered by PDFium, with chosen lines boxed, as PNG bytes.

``render_page`` is the one entry point (``docintel page`` and the web viewer call it). The plain
rendering of a page is cached under ``<cache_dir>/pages/`` keyed by the file's content hash, the
page, the resolution and PDFium's version, so showing the same page with other lines boxed does not
render it again. PNG is written here (zlib), so no imaging library is needed.
"""

from __future__ import annotations

import os
import struct
import threading
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from ..settings import Settings, load_settings
from .documents import Document, Ingestor
from .extractors import Extractor

if TYPE_CHECKING:
    import numpy as np

DEFAULT_DPI = 144.0  # twice the PDF's 72 points per inch: body text reads comfortably
MIN_DPI, MAX_DPI = 36.0, 600.0
PixelBox = tuple[int, int, int, int]  # left, top, right, bottom in pixels, origin at the image's top left
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in PDF points, origin at the page's bottom left
_FILL = (255, 221, 0)  # highlight tint (yellow), blended at _ALPHA
_ALPHA = 0.28
_EDGE = (220, 60, 0)  # box outline (orange-red)
_LOCK = threading.Lock()  # PDFium is not thread-safe: one rendering at a time per process


@dataclass(frozen=True)
class PageImage:
    """A rendered page: PNG bytes, the image size, and where each line of the page is on the image."""

    png: bytes
    width: int
    height: int
    page: int
    dpi: float
    page_size: tuple[float, float]  # (width, height) in PDF points
    line_boxes: dict[int, PixelBox]  # every line of the page: GLOBAL_LINE -> pixel box
    highlighted: list[int]  # the GLOBAL_LINEs boxed on the image


def render_page(
    document_path: Path,
    page: int,
    highlight_lines: Sequence[int] = (),
    *,
    settings: Settings | None = None,
    password: str | None = None,
    dpi: float = DEFAULT_DPI,
    extractor: Extractor | None = None,
) -> PageImage:
    """Render physical page *page* (1-based) of the PDF at *document_path* with *highlight_lines* boxed.

    *highlight_lines* are GLOBAL_LINE numbers as the document is numbered by *extractor* (default:
    ``settings.extractor``; pass a trace's ``documents[i].extractor`` to box what that trace cites),
    and each must lie on *page*. Boxes come from the pdfium extractor's line boxes; a line numbered
    by pypdf (which has no boxes) gets the box of the pdfium lines that hold its text on that page.
    Returns the PNG (RGB, *dpi* pixels per inch) and every line's box on the image in pixels, origin
    at the top left (``(0, 0, 0, 0)`` for a pypdf line whose text could not be placed). Raises
    InputError subclasses: a file that cannot be read, a page outside the document, a line not on the
    page, a dpi out of range. Rendered pages are cached; thread-safe (one rendering at a time).
    """
    settings = settings or load_settings()
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise InputError(f"resolution {dpi:g} dpi is out of range", f"give {MIN_DPI:g} to {MAX_DPI:g} dpi")
    numbering = extractor or settings.extractor
    boxed = _document(document_path, settings, password, "pdfium")
    document = boxed if numbering == "pdfium" else _document(document_path, settings, password, numbering)
    _check_request(document, page, highlight_lines)
    on_page = _lines_on_page(document, page)
    points = {line: boxed.line_box(line) for line in on_page} if document is boxed else _placed(document, boxed, page)
    pixels, boxes = _page_pixels(boxed, page, points, dpi, settings.cache_dir, password)
    highlighted = sorted(set(highlight_lines))
    if highlighted:
        pixels = pixels.copy()
        for line in highlighted:
            _draw_box(pixels, boxes[line])
    height, width = int(pixels.shape[0]), int(pixels.shape[1])
    size = (boxed.meta.page_sizes or [(0.0, 0.0)] * boxed.meta.n_pages)[page - 1]
    return PageImage(
        png=encode_png(pixels),
        width=width,
        height=height,
        page=page,
        dpi=dpi,
        page_size=(float(size[0]), float(size[1])),
        line_boxes=boxes,
        highlighted=highlighted,
    )


@dataclass(frozen=True)
class PageLine:
    """One line of a page as answers cite it: its GLOBAL_LINE, text and box in PDF points (None: not placed)."""

    global_line: int
    text: str
    box: Box | None


def page_lines(
    document_path: Path,
    page: int,
    highlight_lines: Sequence[int] = (),
    *,
    settings: Settings | None = None,
    password: str | None = None,
    extractor: Extractor | None = None,
) -> tuple[Document, list[PageLine]]:
    """The lines of physical page *page* (1-based), numbered as *extractor* (default ``settings.extractor``)
    numbers them, each with its box in PDF points (origin at the bottom left) from the pdfium extractor.
    InputError for a file that cannot be read, a page outside the document (the message gives the count) or a
    *highlight_lines* line that is not on the page."""
    settings = settings or load_settings()
    numbering = extractor or settings.extractor
    boxed = _document(document_path, settings, password, "pdfium")
    document = boxed if numbering == "pdfium" else _document(document_path, settings, password, numbering)
    _check_request(document, page, highlight_lines)
    on_page = _lines_on_page(document, page)
    points = {line: boxed.line_box(line) for line in on_page} if document is boxed else _placed(document, boxed, page)
    texts = document.lines["text"]
    return document, [PageLine(line, str(texts.iloc[line - 1]), points.get(line)) for line in on_page]


def _document(path: Path, settings: Settings, password: str | None, extractor: Extractor) -> Document:
    """The document as *extractor* reads it (cached); the ingest error when it cannot be read."""
    report = Ingestor(settings.model_copy(update={"extractor": extractor}), password).ingest([path])
    if report.failures:
        failure = report.failures[0]
        raise InputError(failure.error["what"], failure.error["fix"])
    return report.documents[0]


def _placed(document: Document, boxed: Document, page: int) -> dict[int, Box | None]:
    """Boxes for the lines of *document* (read without boxes) on *page*: the union of the boxes of the
    pdfium lines of that page that hold each line's text (compared without case and whitespace), found in
    reading order and, failing that, anywhere on the page."""
    from ..textnorm import squash

    spans: list[tuple[int, int, int]] = []  # (start, end, pdfium global line) in the page's squashed text
    text = ""
    for line in _lines_on_page(boxed, page):
        piece = squash(str(boxed.lines["text"].iloc[line - 1]))
        spans.append((len(text), len(text) + len(piece), line))
        text += piece
    placed: dict[int, Box | None] = {}
    cursor = 0
    for line in _lines_on_page(document, page):
        needle = squash(str(document.lines["text"].iloc[line - 1]))
        at = text.find(needle, cursor) if needle else -1
        if at < 0 and needle:
            at = text.find(needle)
        if at < 0:
            placed[line] = None
            continue
        cursor = at + len(needle)
        covered = [boxed.line_box(n) for start, end, n in spans if start < cursor and end > at]
        placed[line] = _union([b for b in covered if b is not None])
    return placed


def _union(boxes: list[Box]) -> Box | None:
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _lines_on_page(document: Document, page: int) -> list[int]:
    lines = document.lines
    return [int(n) for n in lines.loc[lines["page"] == page, "global_line"]]


def _check_request(document: Document, page: int, highlight_lines: Sequence[int]) -> None:
    meta = document.meta
    if not 1 <= page <= meta.n_pages:
        raise InputError(
            f"{meta.path}: page {page} does not exist (the document has {meta.n_pages} pages)",
            f"give a page from 1 to {meta.n_pages}",
        )
    lines = document.lines
    for line in highlight_lines:
        if not 1 <= line <= len(lines):
            raise InputError(
                f"{meta.path}: line {line} does not exist (the document has {len(lines)} lines)",
                "give GLOBAL_LINE numbers as cited (docintel ingest --lines lists them)",
            )
        on = int(lines["page"].iloc[line - 1])
        if on != page:
            raise InputError(
                f"{meta.path}: line {line} is on page {on}, not on page {page}",
                f"render page {on} to box it, or give lines of page {page}",
            )


def _cache_file(cache_dir: Path, document: Document, page: int, dpi: float) -> Path:
    from .pdfium import PDFIUM_VERSION

    key = document.meta.content_hash
    return cache_dir / "pages" / key[:2] / f"{key}-p{page}-d{dpi:g}-{PDFIUM_VERSION}.rgbz"


def _page_pixels(
    document: Document, page: int, points: dict[int, Box | None], dpi: float, cache_dir: Path, password: str | None
) -> tuple[np.ndarray, dict[int, PixelBox]]:
    """The page's RGB pixels (from the cache when rendered before) and each line's box in pixels.

    Boxes are mapped by PDFium itself (FPDF_PageToDevice), so rotated pages and offset media boxes
    land where the rendering puts their text.
    """
    import numpy as np
    import pypdfium2

    from .pdfium import open_pdf

    cache_file = _cache_file(cache_dir, document, page, dpi)
    pixels = _load_pixels(cache_file)
    with _LOCK:
        pdf, _ = open_pdf(Path(document.meta.path), password)
        try:
            handle = pdf[page - 1]
            if pixels is None:
                bitmap = handle.render(scale=dpi / 72, rev_byteorder=True)  # RGB
                height, width = bitmap.height, bitmap.width
                data = np.frombuffer(bytes(bitmap.buffer), dtype=np.uint8).reshape(height, bitmap.stride)
                pixels = data[:, : width * 3].reshape(height, width, 3).copy()
                _save_quietly(cache_file, pixels)
            height, width = int(pixels.shape[0]), int(pixels.shape[1])
            convert = pypdfium2.PdfPosConv(handle, (0, 0, width, height, 0))
            boxes = {line: _to_pixels(convert, box, width, height) for line, box in points.items()}
        finally:
            pdf.close()
    return pixels, boxes


def _to_pixels(convert: Any, box: Box | None, width: int, height: int) -> PixelBox:
    """A box in PDF points as a pixel box (left, top, right, bottom) inside the image."""
    if box is None:
        return (0, 0, 0, 0)
    x0, y0, x1, y1 = box
    corners = [convert.to_bitmap(x, y) for x, y in ((x0, y0), (x0, y1), (x1, y0), (x1, y1))]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return (
        max(0, min(xs)),
        max(0, min(ys)),
        min(width - 1, max(xs)),
        min(height - 1, max(ys)),
    )


def _save_quietly(path: Path, pixels: np.ndarray) -> None:
    try:
        _save_pixels(path, pixels)
    except OSError:
        pass  # an unwritable cache costs a rendering next time, nothing else


def _draw_box(pixels: np.ndarray, box: PixelBox, pad: int = 2, edge: int = 2) -> None:
    """Tint the box and outline it, in place."""
    import numpy as np

    height, width = pixels.shape[:2]
    left, top = max(box[0] - pad, 0), max(box[1] - pad, 0)
    right, bottom = min(box[2] + pad, width - 1), min(box[3] + pad, height - 1)
    if box == (0, 0, 0, 0) or right <= left or bottom <= top:
        return
    region = pixels[top : bottom + 1, left : right + 1].astype(np.float32)
    region = region * (1 - _ALPHA) + np.array(_FILL, dtype=np.float32) * _ALPHA
    pixels[top : bottom + 1, left : right + 1] = region.astype(np.uint8)
    for rows, cols in (
        (slice(top, top + edge), slice(left, right + 1)),
        (slice(bottom - edge + 1, bottom + 1), slice(left, right + 1)),
        (slice(top, bottom + 1), slice(left, left + edge)),
        (slice(top, bottom + 1), slice(right - edge + 1, right + 1)),
    ):
        pixels[rows, cols] = _EDGE


def encode_png(pixels: np.ndarray) -> bytes:
    """An RGB image (height x width x 3, uint8) as PNG bytes (8-bit truecolour, no filter)."""
    import numpy as np

    height, width = int(pixels.shape[0]), int(pixels.shape[1])
    rows = np.zeros((height, width * 3 + 1), dtype=np.uint8)  # each row starts with filter type 0
    rows[:, 1:] = pixels.reshape(height, width * 3)

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows.tobytes(), 6))
        + chunk(b"IEND", b"")
    )


def _save_pixels(path: Path, pixels: np.ndarray) -> None:
    height, width = int(pixels.shape[0]), int(pixels.shape[1])
    data = struct.pack(">II", width, height) + zlib.compress(pixels.tobytes(), 1)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


def _load_pixels(path: Path) -> np.ndarray | None:
    import numpy as np

    try:
        data = path.read_bytes()
        width, height = struct.unpack(">II", data[:8])
        pixels = np.frombuffer(zlib.decompress(data[8:]), dtype=np.uint8)
        return pixels.reshape(height, width, 3).copy()
    except (OSError, ValueError, zlib.error, struct.error):
        return None
