"""OCR of scanned pages: pdfium renders a page, Tesseract reads its words, the layout rules make lines.

Which pages: with ``ocr = auto`` a page whose text layer is garbled or could not be extracted, and one with
fewer than MIN_LETTERS_PER_PAGE letters or digits that shows an image (a scan: a blank page or one drawn
with lines only has nothing to read); with ``always`` every page; with ``never`` none.
Each page is rendered by PDFium at OCR_DPI (grey) and piped as a PGM image into ``tesseract stdin stdout
tsv``; pages run in parallel Tesseract processes (one thread each) while the next pages render. Tesseract's
words (text, confidence, pixel box) become words in PDF points (through PDFium's own device-to-page
mapping, so crop boxes and page rotation are honoured) and then lines in reading order with the pdfium
extractor's rules (docintel.ingest.layout). Each OCR line keeps ``[lowest word confidence, lowest
confidence of a word with a digit (None: no number)]``, Tesseract's 0-100 scale.

The OCR'd pages replace those pages' lines in the parsed entry (the ``ocr`` column is None for lines of
the text layer), get an ``ocr`` page note (which the evidence shows the model), and the entry records the
engine, pages, resolution and time. Runs in the parse worker process (docintel.ingest.extractors).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from ..errors import NoTextError, OcrUnavailableError
from .layout import Box, Word, page_lines
from .pdfparse import MIN_LETTERS_PER_PAGE, count_letters

if TYPE_CHECKING:  # a cached document needs ocr_key only: threads are imported where pages are read
    from concurrent.futures import Future

    import pypdfium2

# Bump OCR_VERSION whenever rendering, the Tesseract options or the way words become lines changes.
OCR_VERSION = "1"
OCR_DPI = 300
OCR_PAGE_ALLOWANCE_S = 60  # each page to OCR adds this to the file's parsing time limit (DOCINTEL_PARSE_TIMEOUT_S)
PACKAGE = "tesseract-ocr"
_UNREADABLE = ("garbled", "extract_failed")  # a text layer there, but unreadable: OCR reads what the page shows
_NEEDS_OCR = ("no_text", *_UNREADABLE)  # the warnings an OCR'd page no longer needs
TessWord = tuple[str, float, int, int, int, int]  # text, confidence 0-100, left, top, width, height (pixels)
Affine = tuple[float, float, float, float, float, float]  # device (px, py) -> page: x = a + b*px + c*py, ...


class OcrInfo(BaseModel):
    """How a document's scanned pages were read (see ingest.ocr)."""

    engine: str = Field(description="the OCR program and its version, e.g. 'tesseract 5.3.0'")
    language: str = Field(description="the Tesseract language(s) used")
    dpi: int = Field(description="the resolution the pages were rendered at")
    pages: list[int] = Field(description="the 1-based physical pages read by OCR")
    seconds: float = Field(description="time spent rendering and reading them")


def ocr_key(mode: str, language: str) -> str:
    """The part of the cache key that says how scanned pages were read ('ocr1-auto-eng'; 'ocr-never')."""
    return "ocr-never" if mode == "never" else f"ocr{OCR_VERSION}-{mode}-{language}"


def ocr_possible(mode: str, cmd: str) -> bool:
    """True when OCR is on and its program is there (cheap: no process is started)."""
    return mode != "never" and shutil.which(cmd) is not None


def _missing(cmd: str, why: str) -> OcrUnavailableError:
    return OcrUnavailableError(
        f"Tesseract OCR cannot be run: {why}",
        f"install it (Debian/Ubuntu: apt-get install {PACKAGE}; macOS: brew install tesseract), or point "
        f"DOCINTEL_TESSERACT_CMD at it (now {cmd!r}); --ocr never refuses scanned pages instead",
    )


def check_tesseract(cmd: str, language: str) -> str:
    """Tesseract's version ('tesseract 5.3.0'); raises OcrUnavailableError when it or a language is missing."""
    program = shutil.which(cmd)
    if program is None:
        raise _missing(cmd, f"the program {cmd!r} was not found")
    try:
        version = subprocess.run([program, "--version"], capture_output=True, text=True, timeout=30, check=False)
        langs = subprocess.run([program, "--list-langs"], capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        raise _missing(cmd, f"running {program} failed ({exc})") from None
    first = (version.stdout or version.stderr).strip().splitlines()
    if version.returncode != 0 or not first:
        raise _missing(cmd, f"{program} --version failed (exit {version.returncode})")
    installed = {line.strip() for line in langs.stdout.splitlines()[1:]}
    absent = [lang for lang in language.split("+") if lang not in installed]
    if absent:
        raise OcrUnavailableError(
            f"Tesseract has no language data for {'+'.join(absent)} (installed: {', '.join(sorted(installed))})",
            f"install {' '.join(f'tesseract-ocr-{a}' for a in absent)} or set DOCINTEL_OCR_LANGUAGE",
        )
    return first[0].strip()


def pages_needing_ocr(
    entry: dict[str, Any], mode: str, pdf: pypdfium2.PdfDocument | None = None, first: int = 1
) -> list[int]:
    """The 1-based pages to OCR: every page (always); or (auto) those whose text is garbled or failed, and those
    with next to no text that show an image (a scan; with *pdf* given: a blank or drawn page has nothing to read).
    Pages before *first* are not looked at (a piece of a split parse holds the pages from *first* on)."""
    n_pages = int(entry["n_pages"])
    if mode == "never":
        return []
    if mode == "always":
        return list(range(first, n_pages + 1))
    letters = [0] * (n_pages + 1)
    for page, text in zip(entry["lines"]["page"], entry["lines"]["text"], strict=True):
        letters[page] += count_letters(text)
    flagged = {int(w["page"]) for w in entry["warnings"] if w["kind"] in _UNREADABLE and int(w["page"]) >= first}
    empty = [p for p in range(first, n_pages + 1) if p not in flagged and letters[p] < MIN_LETTERS_PER_PAGE]
    scans = {p for p in empty if pdf is None or _shows_image(pdf, p - 1)}
    return sorted(flagged | scans)


def _shows_image(pdf: pypdfium2.PdfDocument, index: int) -> bool:
    """True when the page draws an image (also inside a form), as a scanned page does; unreadable: True."""
    import pypdfium2.raw as raw

    try:
        page = pdf[index]
    except Exception:  # a damaged page: let rendering say what it can
        return True
    try:
        return any(True for _ in page.get_objects(filter=[raw.FPDF_PAGEOBJ_IMAGE], max_depth=4))
    except Exception:
        return True
    finally:
        page.close()


@dataclass
class PageOcr:
    """One page as Tesseract read it: lines (text, box in points, [lowest confidence, lowest number confidence])."""

    lines: list[tuple[str, Box, list[float | None]]]
    error: str | None = None


def _pgm(bitmap: Any) -> bytes:
    """A grey PDFium bitmap as PGM bytes (what Tesseract reads from stdin)."""
    width, height, stride = bitmap.width, bitmap.height, bitmap.stride
    data = bytes(bitmap.buffer)
    if stride != width:
        data = b"".join(data[row * stride : row * stride + width] for row in range(height))
    return b"P5\n%d %d\n255\n" % (width, height) + data


def _affine(page: pypdfium2.PdfPage, width: int, height: int) -> Affine:
    """The device-to-page mapping of a rendering *width* x *height* (PDFium's own, rotation and crop included)."""
    import ctypes

    import pypdfium2.raw as raw

    def point(px: int, py: int) -> tuple[float, float]:
        x, y = ctypes.c_double(), ctypes.c_double()
        raw.FPDF_DeviceToPage(page.raw, 0, 0, width, height, 0, px, py, ctypes.byref(x), ctypes.byref(y))
        return x.value, y.value

    (x0, y0), (x1, y1), (x2, y2) = point(0, 0), point(width, 0), point(0, height)
    return x0, (x1 - x0) / width, (x2 - x0) / height, y0, (y1 - y0) / width, (y2 - y0) / height


def render_page(pdf: pypdfium2.PdfDocument, index: int) -> tuple[bytes, Affine, tuple[float, float]] | None:
    """Page *index* as a grey PGM at OCR_DPI, the mapping of its pixels to points, and the page's x span; None
    for a page that draws nothing (blank: nothing to read)."""
    page = pdf[index]
    try:
        import pypdfium2.raw as raw

        if raw.FPDFPage_CountObjects(page.raw) == 0:
            return None
        bitmap = page.render(scale=OCR_DPI / 72, grayscale=True)
        left, _, right, _ = page.get_bbox()
        return _pgm(bitmap), _affine(page, bitmap.width, bitmap.height), (left, right)
    finally:
        page.close()


def _env() -> dict[str, str]:
    return {**os.environ, "OMP_THREAD_LIMIT": "1"}  # one thread per Tesseract: pages run side by side instead


def read_words(image: bytes, cmd: str, language: str) -> list[TessWord]:
    """Tesseract's words of a PGM image: (text, confidence 0-100, left, top, width, height) in pixels."""
    done = subprocess.run(
        [cmd, "stdin", "stdout", "--dpi", str(OCR_DPI), "-l", language, "tsv"],
        input=image,
        capture_output=True,
        env=_env(),
        check=False,
    )
    if done.returncode != 0:
        message = " ".join(done.stderr.decode("utf-8", "replace").split())[:200]
        raise RuntimeError(f"tesseract exit {done.returncode}: {message}")
    words = []
    for row in done.stdout.decode("utf-8", "replace").splitlines()[1:]:
        cells = row.split("\t")
        if len(cells) < 12 or cells[0] != "5" or not cells[11].strip():
            continue
        left, top, width, height = (int(c) for c in cells[6:10])
        words.append((cells[11].strip(), float(cells[10]), left, top, width, height))
    return words


def _to_points(word: TessWord, m: Affine) -> Word:
    text, _, left, top, width, height = word
    xs = [m[0] + m[1] * px + m[2] * py for px, py in ((left, top), (left + width, top + height))]
    ys = [m[3] + m[4] * px + m[5] * py for px, py in ((left, top), (left + width, top + height))]
    return (text, min(xs), min(ys), max(xs), max(ys))


def page_from_words(words: list[TessWord], m: Affine, span: tuple[float, float]) -> PageOcr:
    """Lines in reading order (the layout rules), each with its box and its lowest (number) confidence."""
    placed = [_to_points(w, m) for w in words]
    lines = page_lines(placed, span)
    confidences: list[list[float]] = [[] for _ in lines]
    numbers: list[list[float]] = [[] for _ in lines]
    for word, (text, x0, y0, x1, y1) in zip(words, placed, strict=True):
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        index = next((i for i, line in enumerate(lines) if _inside(cx, cy, line.box)), None)
        if index is not None:
            confidences[index].append(word[1])
            if any(c.isdigit() for c in text):
                numbers[index].append(word[1])
    return PageOcr(
        [
            (line.text, line.box, [round(min(conf, default=0.0), 1), round(min(num), 1) if num else None])
            for line, conf, num in zip(lines, confidences, numbers, strict=True)
        ]
    )


def _inside(x: float, y: float, box: Box) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def _ocr_one(job: tuple[bytes, Affine, tuple[float, float]], cmd: str, language: str) -> PageOcr:
    image, m, span = job
    try:
        return page_from_words(read_words(image, cmd, language), m, span)
    except (OSError, RuntimeError) as exc:
        return PageOcr([], error=str(exc))


def ocr_pages(
    pdf: pypdfium2.PdfDocument,
    pages: list[int],
    cmd: str,
    language: str,
    jobs: int,
    on_page: Callable[[int, int], None] | None = None,
) -> dict[int, PageOcr]:
    """OCR *pages* (1-based): rendered here one after another, read by up to *jobs* Tesseracts at once."""
    from concurrent.futures import ThreadPoolExecutor

    results: dict[int, PageOcr] = {}
    futures: dict[int, Future[PageOcr]] = {}
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for page in pages:
            while len(futures) >= 2 * max(1, jobs):  # rendered images waiting: at most two per Tesseract
                _collect(futures, results, len(pages), on_page, block=True)
            try:
                job = render_page(pdf, page - 1)
            except Exception as exc:  # a damaged page: its warning says so, the other pages are read
                results[page] = PageOcr([], error=f"the page could not be rendered ({type(exc).__name__}: {exc})")
                if on_page is not None:
                    on_page(len(results), len(pages))
                continue
            if job is None:
                results[page] = PageOcr([])
                continue
            futures[page] = pool.submit(_ocr_one, job, cmd, language)
            _collect(futures, results, len(pages), on_page, block=False)
        while futures:
            _collect(futures, results, len(pages), on_page, block=True)
    return results


def _collect(
    futures: dict[int, Future[PageOcr]],
    results: dict[int, PageOcr],
    total: int,
    on_page: Callable[[int, int], None] | None,
    block: bool,
) -> None:
    if block:
        from concurrent.futures import FIRST_COMPLETED, wait

        wait(list(futures.values()), return_when=FIRST_COMPLETED)
    for page in [p for p, f in futures.items() if f.done()]:
        results[page] = futures.pop(page).result()
        if on_page is not None:
            on_page(len(results), total)


def apply_ocr(
    entry: dict[str, Any],
    path: Path,
    pdf: pypdfium2.PdfDocument,
    options: tuple[str, str, str, int],
    on_page: Callable[[int, int], None] | None = None,
    on_start: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """The entry with its scanned pages read by OCR (*options*: mode, tesseract command, language, jobs);
    *on_start(pages)* is told how many pages will be read, *on_page(done, total)* of each read.

    Raises OcrUnavailableError when a page needs OCR and Tesseract cannot run, NoTextError when no page has
    text even after OCR.
    """
    mode, cmd, language, jobs = options
    pages = pages_needing_ocr(entry, mode, pdf)
    if pages:
        try:
            engine = check_tesseract(cmd, language)
        except OcrUnavailableError as exc:
            if mode == "always" or not _has_text(entry):
                scanned = f"{len(pages)} of {entry['n_pages']} pages need OCR" if mode == "auto" else "--ocr always"
                raise OcrUnavailableError(f"{path}: it looks scanned ({scanned}); {exc.what}", exc.fix) from None
            return _unread(entry, pages, exc)
        if on_start is not None:
            on_start(len(pages))
        started = time.perf_counter()
        results = ocr_pages(pdf, pages, shutil.which(cmd) or cmd, language, jobs, on_page)
        entry = merge_pages(entry, results, engine)
        entry["ocr"] = {
            "engine": engine,
            "language": language,
            "dpi": OCR_DPI,
            "pages": pages,
            "seconds": round(time.perf_counter() - started, 3),
        }
    refuse_textless(entry, path, bool(pages))
    return entry


def _has_text(entry: dict[str, Any]) -> bool:
    """True when the document has enough text to be used (the extractors' rule for a scanned PDF)."""
    letters = sum(count_letters(t) for t in entry["lines"]["text"])
    return letters >= MIN_LETTERS_PER_PAGE * int(entry["n_pages"])


def _unread(entry: dict[str, Any], pages: list[int], exc: OcrUnavailableError) -> dict[str, Any]:
    """A document with text whose scanned pages cannot be OCR'd: used, its pages warned, and marked so that its
    cached entry is read again once Tesseract is there."""
    note = f"page looks scanned but was not OCR'd: {exc.what} — {exc.fix}"
    warnings = [w for w in entry["warnings"] if not (w["page"] in pages and w["kind"] == "no_text")]
    warnings += [{"page": page, "kind": "no_text", "message": note} for page in pages]
    return {**entry, "warnings": sorted(warnings, key=lambda w: int(w["page"])), "ocr_unavailable": True}


def refuse_textless(entry: dict[str, Any], path: Path, ocr_done: bool) -> None:
    """Raise NoTextError when the document has too little text to be used (after OCR, when *ocr_done*)."""
    if _has_text(entry):
        return
    n_pages = int(entry["n_pages"])
    letters = sum(count_letters(t) for t in entry["lines"]["text"])
    if ocr_done:
        raise NoTextError(
            f"{path}: no text found, not even by OCR ({letters} letters on {n_pages} pages): it looks scanned "
            "but could not be read",
            "check that the scan is legible (upright, 200 dpi or more) and in the OCR language (DOCINTEL_OCR_LANGUAGE)",
        )
    raise NoTextError(
        f"{path}: no extractable text ({letters} letters on {n_pages} pages); it looks scanned",
        "read it with OCR: --ocr auto (needs Tesseract, Debian package tesseract-ocr)",
    )


def merge_pages(entry: dict[str, Any], results: dict[int, PageOcr], engine: str) -> dict[str, Any]:
    """The entry with each OCR'd page's lines in place of its text layer's, and page notes saying so."""
    columns = entry["lines"]
    boxed = "bbox" in columns
    old_ocr = columns.get("ocr") or [None] * len(columns["text"])
    merged: dict[str, list[Any]] = {"page": [], "line_in_page": [], "text": [], "ocr": []}
    if boxed:
        merged["bbox"] = []
    kept: dict[int, list[int]] = {}
    for row, page in enumerate(columns["page"]):
        kept.setdefault(page, []).append(row)
    for page in range(1, int(entry["n_pages"]) + 1):
        rows: list[tuple[str, list[float] | None, list[float | None] | None]]
        if page in results and results[page].lines:
            rows = [(text, [round(v, 2) for v in box], conf) for text, box, conf in results[page].lines]
        else:
            rows = [(columns["text"][r], columns["bbox"][r] if boxed else None, old_ocr[r]) for r in kept.get(page, [])]
        for number, (text, box, conf) in enumerate(rows, start=1):
            merged["page"].append(page)
            merged["line_in_page"].append(number)
            merged["text"].append(text)
            merged["ocr"].append(conf)
            if boxed:
                merged["bbox"].append(box)
    return {**entry, "lines": merged, "warnings": _page_notes(entry["warnings"], results, engine)}


def _page_notes(warnings: list[dict[str, Any]], results: dict[int, PageOcr], engine: str) -> list[dict[str, Any]]:
    """The warnings of OCR'd pages replaced by what OCR made of them."""
    read = {p for p, r in results.items() if r.lines}
    notes = [w for w in warnings if not (w["page"] in read and w["kind"] in _NEEDS_OCR)]
    for page, result in sorted(results.items()):
        if result.error is not None:
            message = f"OCR failed on this page ({result.error})"
            notes.append({"page": page, "kind": "extract_failed", "message": message})
        elif result.lines:
            lowest = min(conf[0] or 0.0 for _, _, conf in result.lines)
            message = f"read by OCR ({engine}, {OCR_DPI} dpi): text may be misread; lowest word confidence "
            message += f"{lowest:.0f}%"
            notes.append({"page": page, "kind": "ocr", "message": message})
        else:
            notes = [w for w in notes if not (w["page"] == page and w["kind"] == "no_text")]
            message = "page has no text layer and OCR found no text on it (blank, or a picture)"
            notes.append({"page": page, "kind": "no_text", "message": message})
    return sorted(notes, key=lambda w: int(w["page"]))
