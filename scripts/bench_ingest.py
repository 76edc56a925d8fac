"""Benchmark ingestion: docintel with the pdfium extractor against docintel with pypdf, like with like.

Each comparison runs the same files, an empty cache and the same number of worker processes on
both sides:

- serial: DOCINTEL_INGEST_WORKERS=1, pypdf then pdfium;
- parallel: N workers (default 2), pypdf then pdfium;

and prints wall seconds, pages/s and the speed-up (target >= 10x, serial and parallel), and beside
it the CPU seconds of each run (this process and its workers): on a machine shared with other work
wall time stretches with the load, CPU time much less. Then:

- warm load: the same files again from the pdfium cache (target <= 5% of the cold parallel run);
- the largest filing alone, cold, with pdfium: what a new user waits for before a first answer;
- parity of what the pages yield: lines, and table rows found by docintel.ingest.tables (pdfium's
  count within 5% of pypdf's);
- boxes checked by rendering, on a sample of pages (--box-pages, spread over the files): each
  line's characters are all inside its box (PDFium's text within the box holds the line's characters), and the
  ink of the rendered page that lies on text falls inside some line's box (target 100% of lines;
  ink coverage is printed).

Usage: python -m scripts.bench_ingest [PDF_FOLDER] [--workers N] [--limit N] [--box-pages N]
       [--pypdf-serial-s SECONDS]   (reuse a serial pypdf time measured before: it takes minutes)
Default folder ../shared/data/financebench/pdfs. Exit 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from docintel.ingest.documents import Document, Ingestor, IngestReport
from docintel.settings import load_settings
from scripts.benchdata import FINANCEBENCH

DEFAULT = FINANCEBENCH / "pdfs"
TARGET_SPEEDUP = 10.0
TARGET_WARM = 0.05
TARGET_ROWS = 0.05
SEED = 20261201


CPU: dict[str, float] = {}  # CPU seconds (this process and its finished workers) of each cold run, by label


def _cpu() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def cold(files: list[Path], extractor: str, workers: int, cache_dir: str) -> tuple[float, IngestReport]:
    """docintel's ingest into the empty *cache_dir*: (wall seconds, report); its CPU seconds go to CPU."""
    settings = load_settings({"cache_dir": cache_dir, "ingest_workers": workers, "extractor": extractor})
    cpu, started = _cpu(), time.perf_counter()
    report = Ingestor(settings).ingest(files)  # its workers have exited when it returns: their CPU is counted
    CPU[f"{extractor}-{workers}"] = _cpu() - cpu
    assert not any(d.cache_hit for d in report.documents)
    return time.perf_counter() - started, report


def row(label: str, seconds: float, pages: int, note: str = "") -> None:
    print(f"{label:40}: {seconds:8.1f} s  {pages / seconds:8.1f} pages/s  {note}")


def table_rows(report: IngestReport) -> int:
    return sum(len(t.rows) for d in report.documents for t in d.tables)


def check_boxes(document: Document, page: int) -> tuple[int, int, float]:
    """(lines, lines whose box holds all their characters, share of text ink inside line boxes) for one page."""
    import numpy as np
    import pypdfium2

    lines = document.lines[document.lines["page"] == page]
    pdf = pypdfium2.PdfDocument(document.meta.path)
    try:
        handle = pdf[page - 1]
        textpage = handle.get_textpage()
        good = 0
        for global_line, text in zip(lines["global_line"], lines["text"], strict=True):
            box = document.line_box(int(global_line))
            assert box is not None
            x0, y0, x1, y1 = box
            inside = Counter(textpage.get_text_bounded(x0 - 0.5, y0 - 0.5, x1 + 0.5, y1 + 0.5).replace("\ufffe", "-"))
            # PDFium leaves a hyphen that ends a line (its U+FFFE) out of its bounded text: not counted
            wanted = Counter(str(text).removesuffix("-").replace(" ", ""))
            good += not (wanted - inside)  # every character of the line is in its box
        ink = _ink_share(handle, textpage, [document.line_box(int(n)) for n in lines["global_line"]], np)
        textpage.close()
    finally:
        pdf.close()
    return len(lines), good, ink


def _ink_share(handle, textpage, boxes, np) -> float:
    """Rendered at 1 px per point: of the dark pixels inside characters' tight boxes, the share inside a line box."""
    bitmap = handle.render(scale=1, grayscale=True)
    gray = np.frombuffer(bytes(bitmap.buffer), dtype=np.uint8).reshape(bitmap.height, bitmap.stride)[:, : bitmap.width]
    height = bitmap.height
    convert = bitmap.get_posconv(handle)
    chars = np.zeros_like(gray, dtype=bool)
    for index in range(textpage.count_chars()):
        left, bottom, right, top = textpage.get_charbox(index)
        _mark(chars, convert, (left, bottom, right, top), height)
    covered = np.zeros_like(gray, dtype=bool)
    for box in boxes:
        _mark(covered, convert, box, height, pad=1)
    ink = (gray < 128) & chars
    total = int(ink.sum())
    return 1.0 if total == 0 else float((ink & covered).sum()) / total


def _mark(mask, convert, box, height, pad: int = 0) -> None:
    x0, y0, x1, y1 = box
    (ax, ay), (bx, by) = convert.to_bitmap(x0, y0), convert.to_bitmap(x1, y1)
    left, right = sorted((ax, bx))
    top, bottom = sorted((ay, by))
    mask[max(top - pad, 0) : min(bottom + pad, height) + 1, max(left - pad, 0) : right + pad + 1] = True


def box_check(report: IngestReport, pages: int) -> tuple[int, int, float]:
    """Lines, lines whose box holds their characters, and the least ink share, over *pages* random pages."""
    rng = random.Random(SEED)
    choices = [(d, p) for d in report.documents for p in range(1, d.meta.n_pages + 1)]
    lines = good = 0
    worst = 1.0
    for document, page in rng.sample(choices, min(pages, len(choices))):
        n, ok, ink = check_boxes(document, page)
        lines, good, worst = lines + n, good + ok, min(worst, ink)
    return lines, good, worst


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?", default=DEFAULT, help="folder of PDFs (default: FinanceBench)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the parallel runs (default 2)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N files (sorted by name)")
    parser.add_argument("--box-pages", type=int, default=40, help="pages whose boxes are checked by rendering")
    parser.add_argument("--pypdf-serial-s", type=float, help="serial pypdf seconds measured before (skips that run)")
    args = parser.parse_args()
    files = sorted(args.folder.glob("*.pdf"))[: args.limit or None]
    workers = min(args.workers, len(files))
    print(f"{len(files)} PDFs in {args.folder}; parallel runs use {workers} processes")
    failures: list[str] = []
    caches = {name: tempfile.TemporaryDirectory() for name in ("ps", "fs", "pp", "fp", "big")}

    fast_s, fast = cold(files, "pdfium", 1, caches["fs"].name)
    pages = sum(d.meta.n_pages for d in fast.documents)
    if args.pypdf_serial_s:
        slow_s, slow = args.pypdf_serial_s, None
        row("serial   docintel pypdf (1 worker)", slow_s, pages, "(given with --pypdf-serial-s)")
    else:
        slow_s, slow = cold(files, "pypdf", 1, caches["ps"].name)
        row("serial   docintel pypdf (1 worker)", slow_s, pages, f"{len(slow.failures)} failures")
    row("serial   docintel pdfium (1 worker)", fast_s, pages, f"{pages} pages, {len(fast.failures)} failures")
    serial = slow_s / fast_s
    print(f"{'serial   speed-up pdfium/pypdf':40}: {serial:8.1f}x  (target >= {TARGET_SPEEDUP:g}x)")
    if "pypdf-1" in CPU:
        slow_cpu, fast_cpu = CPU["pypdf-1"], CPU["pdfium-1"]
        label = "serial   CPU seconds pypdf / pdfium"
        print(f"{label:40}: {slow_cpu:.1f} / {fast_cpu:.1f} = {slow_cpu / fast_cpu:.1f}x")
    if serial < TARGET_SPEEDUP:
        failures.append(f"serial speed-up {serial:.1f}x < {TARGET_SPEEDUP:g}x")

    pslow_s, pslow = cold(files, "pypdf", workers, caches["pp"].name)
    row(f"parallel docintel pypdf ({workers} workers)", pslow_s, pages)
    pfast_s, pfast = cold(files, "pdfium", workers, caches["fp"].name)
    row(f"parallel docintel pdfium ({workers} workers)", pfast_s, pages)
    parallel = pslow_s / pfast_s
    print(f"{'parallel speed-up pdfium/pypdf':40}: {parallel:8.1f}x  (target >= {TARGET_SPEEDUP:g}x)")
    slow_cpu, fast_cpu = CPU[f"pypdf-{workers}"], CPU[f"pdfium-{workers}"]
    print(f"{'parallel CPU seconds pypdf / pdfium':40}: {slow_cpu:.1f} / {fast_cpu:.1f} = {slow_cpu / fast_cpu:.1f}x")
    if parallel < TARGET_SPEEDUP:
        failures.append(f"parallel speed-up {parallel:.1f}x < {TARGET_SPEEDUP:g}x")

    settings = load_settings({"cache_dir": caches["fp"].name, "ingest_workers": workers, "extractor": "pdfium"})
    started = time.perf_counter()
    warm = Ingestor(settings).ingest(files)
    warm_s = time.perf_counter() - started
    assert all(d.cache_hit for d in warm.documents)
    print(
        f"{'warm load (pdfium cache)':40}: {warm_s:8.2f} s  ({warm_s / pfast_s:.3f} of cold; target <= {TARGET_WARM})"
    )
    if warm_s / pfast_s > TARGET_WARM:
        failures.append(f"warm/cold {warm_s / pfast_s:.3f} > {TARGET_WARM}")

    biggest = max(pfast.documents, key=lambda d: d.meta.n_pages)
    big_s, _ = cold([Path(biggest.meta.path)], "pdfium", 1, caches["big"].name)
    row(f"largest filing alone, pdfium ({biggest.meta.n_pages} p)", big_s, biggest.meta.n_pages, biggest.meta.doc_id)

    lines_slow = sum(d.meta.n_lines for d in pslow.documents)
    lines_fast = sum(d.meta.n_lines for d in pfast.documents)
    rows_slow, rows_fast = table_rows(pslow), table_rows(pfast)
    drift = abs(rows_fast - rows_slow) / max(rows_slow, 1)
    print(f"{'lines pypdf / pdfium':40}: {lines_slow} / {lines_fast}")
    print(
        f"{'table rows pypdf / pdfium':40}: {rows_slow} / {rows_fast}  ({drift:.1%} apart; target <= {TARGET_ROWS:.0%})"
    )
    if drift > TARGET_ROWS:
        failures.append(f"table rows {drift:.1%} apart > {TARGET_ROWS:.0%}")

    lines, good, worst_ink = box_check(pfast, args.box_pages)
    print(
        f"{'boxes holding their line (rendered)':40}: {good}/{lines} = {good / max(lines, 1):.4f} on {args.box_pages} "
        f"pages (target 1.0); least share of text ink inside line boxes on a page: {worst_ink:.4f}"
    )
    if good < lines:
        failures.append(f"{lines - good} line boxes miss some of their characters")
    for cache in caches.values():
        cache.cleanup()
    print("targets: " + ("PASS" if not failures else "FAIL: " + "; ".join(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
