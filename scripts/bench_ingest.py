"""Benchmark ingestion: bare pypdf extraction vs docintel cold ingest vs warm (cached) load.

Usage: python -m scripts.bench_ingest [PDF_FOLDER] [--workers N]
(default folder ../shared/data/financebench/pdfs; default workers: one per CPU, as docintel does)
Targets: cold ingest within 1.15x of bare extraction; warm load at most 5% of cold.
"""

from __future__ import annotations

import argparse
import logging
import resource
import tempfile
import time
import tracemalloc
from pathlib import Path

import pypdf

from docintel.ingest import Ingestor
from docintel.settings import load_settings
from scripts.benchdata import FINANCEBENCH

DEFAULT = FINANCEBENCH / "pdfs"


def bare_extract(files: list[Path]) -> int:
    """Plain pypdf: open each file and extract every page's text, nothing else."""
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    pages = 0
    for path in files:
        try:
            reader = pypdf.PdfReader(path)
            if reader.is_encrypted:
                reader.decrypt("")
            for page in reader.pages:
                page.extract_text()
                pages += 1
        except Exception:  # an unreadable file costs bare extraction nothing more; docintel reports it
            continue
    return pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?", default=DEFAULT, help="folder of PDFs (default: FinanceBench)")
    parser.add_argument("--workers", type=int, default=0, help="worker processes for the cold ingest (0 = one per CPU)")
    args = parser.parse_args()
    folder, workers = args.folder, args.workers
    files = sorted(folder.glob("*.pdf"))
    print(f"{len(files)} PDFs in {folder}")
    t0 = time.perf_counter()
    pages = bare_extract(files)
    bare = time.perf_counter() - t0
    print(f"bare pypdf extraction : {bare:8.1f} s  {pages / bare:7.1f} pages/s  ({pages} pages, 1 process)")
    with tempfile.TemporaryDirectory() as cache_dir:
        settings = load_settings({"cache_dir": cache_dir, "ingest_workers": workers})
        t0 = time.perf_counter()
        report = Ingestor(settings).ingest(files)
        cold = time.perf_counter() - t0
        workers = min(settings.ingest_workers or __import__("os").cpu_count() or 1, len(files))
        print(f"docintel cold ingest  : {cold:8.1f} s  {pages / cold:7.1f} pages/s  ({len(report.documents)} docs, "
              f"{len(report.failures)} failures, {workers} worker processes)")
        tracemalloc.start()
        t0 = time.perf_counter()
        warm_report = Ingestor(settings).ingest(files)
        warm = time.perf_counter() - t0
        _, peak_warm = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert all(d.cache_hit for d in warm_report.documents)
        lines = sum(d.meta.n_lines for d in warm_report.documents)
        print(f"docintel warm load    : {warm:8.2f} s  {pages / warm:7.0f} pages/s  ({lines} lines)")
    print(f"ratio cold/bare       : {cold / bare:8.2f}   (target <= 1.15)")
    print(f"ratio warm/cold       : {warm / cold:8.3f}   (target <= 0.05)")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak memory           : {rss:8.0f} MB main process, {kids:.0f} MB largest worker, "
          f"{peak_warm / 1e6:.0f} MB allocated during warm load")


if __name__ == "__main__":
    main()
