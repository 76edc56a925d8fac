"""Benchmark ingestion like with like: bare pypdf against docintel, serial and parallel, cache empty.

Two comparisons, each with the same number of processes on both sides:

- serial: bare pypdf in this process (open each file, extract every page's text) against
  docintel with DOCINTEL_INGEST_WORKERS=1 (one worker process, an empty cache);
- parallel: a bare pypdf process pool of N workers (largest files first, as docintel orders
  them) against docintel with N workers (an empty cache).

Each line shows seconds and pages/s; the overhead ratio is docintel's time over bare pypdf's
with the same number of processes. Then a warm (cached) load of the same files.

Usage: python -m scripts.bench_ingest [PDF_FOLDER] [--workers N] [--limit N]
(default folder ../shared/data/financebench/pdfs; default workers: one per CPU, as docintel does)
Targets: overhead <= 1.15 serial and parallel; warm load at most 5% of the cold parallel ingest.
Exit 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import sys
import tempfile
import time
import tracemalloc
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from docintel.ingest.documents import Ingestor, IngestReport
from docintel.settings import load_settings
from scripts.benchdata import FINANCEBENCH

DEFAULT = FINANCEBENCH / "pdfs"
TARGET_OVERHEAD = 1.15
TARGET_WARM = 0.05


def bare_extract_one(path: Path) -> int:
    """Plain pypdf: open one file and extract every page's text, nothing else; returns its pages."""
    import pypdf

    logging.getLogger("pypdf").setLevel(logging.ERROR)
    pages = 0
    try:
        reader = pypdf.PdfReader(path)
        if reader.is_encrypted:
            reader.decrypt("")
        for page in reader.pages:
            page.extract_text()
            pages += 1
    except Exception:  # an unreadable file costs bare extraction nothing more; docintel reports it
        pass
    return pages


def bare_serial(files: list[Path]) -> int:
    """Bare pypdf over every file in this process."""
    return sum(bare_extract_one(path) for path in files)


def bare_parallel(files: list[Path], workers: int) -> int:
    """Bare pypdf over every file in a pool of *workers* processes, largest files first."""
    ordered = sorted(files, key=lambda p: -p.stat().st_size)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return sum(pool.map(bare_extract_one, ordered))


def docintel_cold(files: list[Path], workers: int, cache_dir: str) -> tuple[float, IngestReport]:
    """docintel's ingest with *workers* worker processes into the empty *cache_dir*: (seconds, report)."""
    settings = load_settings({"cache_dir": cache_dir, "ingest_workers": workers})
    started = time.perf_counter()
    report = Ingestor(settings).ingest(files)
    assert not any(d.cache_hit for d in report.documents)
    return time.perf_counter() - started, report


def timed(func, *args) -> tuple[float, int]:
    started = time.perf_counter()
    pages = func(*args)
    return time.perf_counter() - started, pages


def row(label: str, seconds: float, pages: int, note: str) -> None:
    print(f"{label:34}: {seconds:8.1f} s  {pages / seconds:7.1f} pages/s  ({note})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?", default=DEFAULT, help="folder of PDFs (default: FinanceBench)")
    parser.add_argument("--workers", type=int, default=0, help="processes for the parallel runs (0 = one per CPU)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N files (sorted by name)")
    args = parser.parse_args()
    files = sorted(args.folder.glob("*.pdf"))[: args.limit or None]
    workers = min(args.workers or os.cpu_count() or 1, len(files))
    print(f"{len(files)} PDFs in {args.folder}; parallel runs use {workers} processes")
    failures: list[str] = []

    bare_s, pages = timed(bare_serial, files)
    row("serial   bare pypdf", bare_s, pages, f"{pages} pages, 1 process")
    with tempfile.TemporaryDirectory() as cache_dir:
        cold_s, report = docintel_cold(files, 1, cache_dir)
    row(
        "serial   docintel (1 worker)",
        cold_s,
        pages,
        f"{len(report.documents)} docs, {len(report.failures)} failures, DOCINTEL_INGEST_WORKERS=1",
    )
    serial_ratio = cold_s / bare_s
    print(f"{'serial   overhead docintel/bare':34}: {serial_ratio:8.2f}   (target <= {TARGET_OVERHEAD})")
    if serial_ratio > TARGET_OVERHEAD:
        failures.append(f"serial overhead {serial_ratio:.2f} > {TARGET_OVERHEAD}")

    pbare_s, ppages = timed(bare_parallel, files, workers)
    assert ppages == pages, (ppages, pages)
    row(f"parallel bare pypdf ({workers} processes)", pbare_s, pages, f"process pool of {workers}")
    cache = tempfile.TemporaryDirectory()  # kept for the warm load below
    pcold_s, preport = docintel_cold(files, workers, cache.name)
    row(
        f"parallel docintel ({workers} workers)",
        pcold_s,
        pages,
        f"{len(preport.documents)} docs, {len(preport.failures)} failures, DOCINTEL_INGEST_WORKERS={workers}",
    )
    parallel_ratio = pcold_s / pbare_s
    print(f"{'parallel overhead docintel/bare':34}: {parallel_ratio:8.2f}   (target <= {TARGET_OVERHEAD})")
    if parallel_ratio > TARGET_OVERHEAD:
        failures.append(f"parallel overhead {parallel_ratio:.2f} > {TARGET_OVERHEAD}")
    print(
        f"{'speed-up with ' + str(workers) + ' processes':34}: bare {bare_s / pbare_s:5.2f}x   "
        f"docintel {cold_s / pcold_s:5.2f}x"
    )

    with cache:  # filled by the parallel docintel run
        settings = load_settings({"cache_dir": cache.name, "ingest_workers": workers})
        tracemalloc.start()
        started = time.perf_counter()
        warm_report = Ingestor(settings).ingest(files)
        warm_s = time.perf_counter() - started
        _, peak_warm = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert all(d.cache_hit for d in warm_report.documents)
    lines = sum(d.meta.n_lines for d in warm_report.documents)
    print(f"{'warm load (cached)':34}: {warm_s:8.2f} s  {pages / warm_s:7.0f} pages/s  ({lines} lines)")
    warm_ratio = warm_s / pcold_s
    print(f"{'warm / cold parallel':34}: {warm_ratio:8.3f}   (target <= {TARGET_WARM})")
    if warm_ratio > TARGET_WARM:
        failures.append(f"warm/cold {warm_ratio:.3f} > {TARGET_WARM}")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        f"{'peak memory':34}: {rss:8.0f} MB main process, {kids:.0f} MB largest child, "
        f"{peak_warm / 1e6:.0f} MB allocated during warm load"
    )
    print("targets: " + ("PASS" if not failures else "FAIL: " + "; ".join(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
