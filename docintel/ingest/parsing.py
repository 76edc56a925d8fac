"""Parsing uncached files in worker processes: whole files, and large PDFs split by page ranges.

Each file is parsed in a worker process with the per-file time limit (docintel.ingest.isolate). With the
pdfium extractor, more than one worker and fewer files to parse than twice the workers (more files keep the
workers busy by themselves, and no PDF is opened beforehand to count its pages), a PDF of at least twice
``ingest_split_pages`` pages is read in pieces by page range, up to PIECES_PER_WORKER per worker (each
at least ``ingest_split_pages`` pages: a worker that finishes an easy range takes the next, so none waits
long on another's harder pages), and the pieces are
joined in the parent into the entry a whole parse gives: the same lines, line numbers, boxes, page sizes,
warnings and metadata (``pdfium.assemble`` builds both). A piece that fails fails its file with the
error a whole parse would give; a file whose pages need OCR is parsed again whole (OCR reads the pages
of the whole file with its own parallelism). pypdf, the reference extractor, always reads whole files.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..errors import DocintelError
from ..progress import Reporter
from ..settings import Settings
from .extractors import OcrOptions, Pages, ParseItem, join_pieces, parse_item
from .isolate import Outcome, run_isolated
from .pdfparse import error_from_outcome, unreadable

Result = dict[str, Any] | DocintelError
# Pieces of a split PDF per worker: the pages of a 10-K are not equal work (its statements and notes hold the
# tables), and one range per worker left one worker idle for a fifth of the parse on the largest FinanceBench 10-K
PIECES_PER_WORKER = 3


def page_ranges(n_pages: int, pieces: int, min_pages: int) -> list[Pages]:
    """The pieces a PDF of *n_pages* is split into: at most *pieces*, each of at least *min_pages* pages
    (a single piece, the whole file, when it is smaller than twice that or *min_pages* is 0)."""
    count = min(pieces, n_pages // min_pages) if min_pages > 0 else 1
    if count <= 1:
        return [(1, n_pages)]
    size, extra = divmod(n_pages, count)
    ranges, first = [], 1
    for index in range(count):
        last = first + size + (index < extra) - 1
        ranges.append((first, last))
        first = last + 1
    return ranges


def count_pages(path: Path, password: str | None) -> int:
    """The page count of a PDF as PDFium opens it; 0 when it cannot be opened (its whole parse says why)."""
    from .pdfium import open_pdf

    try:
        pdf, _ = open_pdf(path, password)
    except Exception:  # encrypted, damaged, not a PDF: parsed whole, which gives the error
        return 0
    try:
        return len(pdf)
    finally:
        pdf.close()


def size_of(path: Path) -> int:
    """The file's size for ordering and progress (1 when it vanished: its parse will say why)."""
    try:
        return max(path.stat().st_size, 1)
    except OSError:
        return 1


class _Split:
    """The pieces of one file as they come in, and its progress in pages."""

    def __init__(self, ranges: list[Pages]) -> None:
        self.ranges = ranges
        self.done: dict[Pages, int] = dict.fromkeys(ranges, 0)
        self.pieces: list[dict[str, Any]] = []
        self.error: DocintelError | None = None

    @property
    def n_pages(self) -> int:
        return self.ranges[-1][1]

    def complete(self) -> bool:
        return self.error is not None or len(self.pieces) == len(self.ranges)


class FileParser:
    """Parses files for an Ingestor: ``run(todo)`` yields (path, entry or error) as each file is done.

    *meanwhile* is called once when a worker reports its first page: the parent is idle until the first file is
    done, and the Ingestor imports there what it needs afterwards (pandas, the fact reader), in parallel with the
    workers (after they are forked: a fork never copies an import half done)."""

    def __init__(
        self, settings: Settings, password: str | None, reporter: Reporter, meanwhile: Callable[[], Any] | None = None
    ) -> None:
        self.settings, self.password, self.reporter = settings, password, reporter
        self.meanwhile = meanwhile  # called once, in this process, when the workers have begun (see run)
        self.extractor = settings.extractor
        self.cpus = settings.ingest_workers or _cpu_count()

    def plan(self, todo: list[Path], workers: int, ocr: OcrOptions) -> tuple[list[ParseItem], dict[Path, _Split]]:
        """The work items, largest first (none finishes alone at the end), and the files read in pieces."""
        splits: dict[Path, _Split] = {}
        items: list[tuple[float, ParseItem]] = []
        may_split = self._may_split(workers) and len(todo) < 2 * workers  # else the files keep the workers busy
        for path in todo:
            n_pages = count_pages(path, self.password) if may_split else 0
            pieces = workers * PIECES_PER_WORKER
            ranges = page_ranges(n_pages, pieces, self.settings.ingest_split_pages) if n_pages else []
            if len(ranges) > 1:
                splits[path] = _Split(ranges)
                share = size_of(path) / n_pages
                for first, last in ranges:
                    items.append((share * (last - first + 1), (path, self.password, "pdfium", ocr, (first, last))))
            else:
                items.append((size_of(path), (path, self.password, self.extractor, ocr, None)))
        items.sort(key=lambda pair: -pair[0])
        return [item for _, item in items], splits

    def _may_split(self, workers: int) -> bool:
        return self.extractor == "pdfium" and workers > 1 and self.settings.ingest_split_pages > 0

    def run(self, todo: list[Path]) -> Iterator[tuple[Path, Result]]:
        """Parse *todo* (each file once); yields as files finish."""
        if not todo:
            return
        s = self.settings
        workers = self.cpus
        files = min(self.cpus, len(todo))  # scanned pages: the CPUs left per file run its Tesseracts side by side
        ocr: OcrOptions = (s.ocr, s.tesseract_cmd, s.ocr_language, max(1, self.cpus // files))
        items, splits = self.plan(todo, workers, ocr)
        tracker = ParseProgress(self.reporter, sorted(todo, key=lambda p: -size_of(p)))
        whole_again: list[Path] = []
        try:
            for path, result in self._outcomes(items, splits, tracker, workers):
                if result is None:
                    whole_again.append(path)
                    continue
                tracker.finished(path)
                yield path, result
            again: list[ParseItem] = [(p, self.password, self.extractor, ocr, None) for p in whole_again]
            for path, result in self._outcomes(again, {}, tracker, min(files, len(again))):
                tracker.finished(path)
                if result is not None:
                    yield path, result
        finally:
            tracker.close()

    def _outcomes(
        self, items: list[ParseItem], splits: dict[Path, _Split], tracker: ParseProgress, workers: int
    ) -> Iterator[tuple[Path, Result | None]]:
        """(path, entry or error) per file as its last item finishes; None: a split file that OCR must read whole."""
        if not items:
            return
        timeout = self.settings.parse_timeout_s

        def progress(item: ParseItem, message: Any) -> None:
            if self.meanwhile is not None:  # the workers are forked and reading: the parent's own work overlaps
                meanwhile, self.meanwhile = self.meanwhile, None
                meanwhile()
            path, pages = item[0], item[4]
            split = splits.get(path) if pages is not None else None
            if split is None or pages is None or len(message) != 2:
                tracker.page(path, *message)
                return
            split.done[pages] = message[0]
            tracker.page(path, sum(split.done.values()), split.n_pages)

        for outcome in run_isolated(items, parse_item, workers=workers, timeout_s=timeout, on_progress=progress):
            path, pages = outcome.item[0], outcome.item[4]
            error = error_from_outcome(outcome, timeout)
            split = splits.get(path) if pages is not None else None
            if split is None:
                yield path, error if error is not None else outcome.value["ok"]
                continue
            if split.complete():
                continue  # a piece after another failed: the file's error is given already
            yield from self._piece(path, split, outcome, error)

    def _piece(
        self, path: Path, split: _Split, outcome: Outcome[ParseItem], error: DocintelError | None
    ) -> Iterator[tuple[Path, Result | None]]:
        if error is not None:
            split.error = error
            yield path, error
            return
        split.pieces.append(outcome.value["ok"])
        if not split.complete():
            return
        try:
            yield path, join_pieces(path, split.pieces, self.settings.ocr)
        except DocintelError as exc:
            yield path, exc
        except Exception as exc:  # pieces that do not fit together: a damaged file read differently per piece
            yield path, unreadable(path, exc)


def _cpu_count() -> int:
    import os

    return os.cpu_count() or 1


class ParseProgress:
    """Parsing progress in pages. A file's page count is known once a worker opens it; until then
    its pages are estimated from its size at the bytes-per-page seen so far."""

    def __init__(self, reporter: Reporter, files: list[Path]) -> None:
        self.sizes = {p: size_of(p) for p in files}
        self.pages_done = dict.fromkeys(files, 0)
        self.page_totals: dict[Path, int] = {}
        self.ocr_done: dict[Path, int] = {}  # scanned pages read by OCR (each counts as one more page of work)
        self.ocr_totals: dict[Path, int] = {}
        self.finished_files: set[Path] = set()
        self.task = reporter.task("parsing", self._estimated_total())

    def _estimated_total(self) -> float:
        known = [p for p in self.page_totals]
        known_bytes = sum(self.sizes[p] for p in known)
        pages_per_byte = sum(self.page_totals.values()) / known_bytes if known_bytes else 1 / 50_000
        unknown = sum(
            size for p, size in self.sizes.items() if p not in self.page_totals and p not in self.finished_files
        )
        return sum(self.page_totals.values()) + sum(self.ocr_totals.values()) + unknown * pages_per_byte

    def _update(self, current: Path | None) -> None:
        pages, scanned = sum(self.pages_done.values()), sum(self.ocr_done.values())
        rate = (pages + scanned) / max(time.monotonic() - self.task.started, 1e-6)
        files = len(self.sizes)
        speed = f"{rate:.1f}" if rate < 10 else f"{rate:.0f}"  # OCR'd pages come a few a second at most
        status = f"{len(self.finished_files)}/{files} file{'s' * (files != 1)}, {pages} pages, {speed} pages/s"
        status += f", {scanned} OCR'd" if self.ocr_totals else ""
        if current is not None and current in self.ocr_totals:
            status += f"; {current.name} OCR {self.ocr_done[current]}/{self.ocr_totals[current]} pages"
        elif current is not None and current in self.page_totals:
            status += f"; {current.name} {self.pages_done[current]}/{self.page_totals[current]} pages"
        self.task.set(pages + scanned, self._estimated_total(), status)

    def page(self, path: Path, done: int, total: int, phase: str = "read") -> None:
        """A worker finished page *done* of *total* of *path* (phase "ocr": of its pages read by OCR)."""
        if phase == "ocr":
            self.ocr_totals[path], self.ocr_done[path] = total, done
        else:
            self.page_totals[path], self.pages_done[path] = total, done
        self._update(path)

    def finished(self, path: Path) -> None:
        """*path* is done (parsed or failed): pages it did not parse leave the total."""
        self.finished_files.add(path)
        if path in self.page_totals:
            self.page_totals[path] = self.pages_done[path]
        if path in self.ocr_totals:
            self.ocr_totals[path] = self.ocr_done[path]
        self._update(None)

    def close(self) -> None:
        """End the task with a summary line (plain output only)."""
        files = len(self.finished_files)
        scanned = f", {sum(self.ocr_done.values())} read by OCR" if self.ocr_totals else ""
        self.task.close(f"{files} file{'s' * (files != 1)}, {sum(self.pages_done.values())} pages{scanned}")
