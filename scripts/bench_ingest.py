"""Benchmark ingestion: docintel with the pdfium extractor against docintel with pypdf, like with like.

First, as the user sees it (``--user-only`` stops there): one cold ``python -m docintel ingest FILING``
process each, on the largest 10-K of the folder (or --filing), wall time and CPU seconds (the process
and its workers), repeated --repeats times in turn and the medians compared:

- user level: pypdf (``--extractor pypdf``) against pdfium, each with its default settings (pdfium
  splits a large PDF by page ranges across DOCINTEL_INGEST_WORKERS processes; pypdf reads it whole);
  target >= 10x wall;
- split against serial, like with like: pdfium with 2 workers (split) against pdfium with 1 worker
  (whole), and with --pypdf-control pypdf with 2 workers against 1 (pypdf never splits: the same work,
  so the difference is the machine's noise); the documents of
  the split run (cache files: lines, boxes, tables, profile, facts) must be byte-identical to the
  serial run's.

The load average is printed before and after: on a machine shared with other work wall times stretch.
The processes run from compiled bytecode, as an installed package does (pip compiles it): PYTHONDONTWRITEBYTECODE
is dropped and PYTHONPYCACHEPREFIX names a temporary folder, written by one unmeasured run of each extractor
(as scripts.bench_startup does; the checkout gets no __pycache__). --no-bytecode keeps the environment's own
setting: under PYTHONDONTWRITEBYTECODE=1, as in some sandboxes, docintel's modules are compiled from source in
every run (about 0.2 s each, both sides).

Then, over the folder:

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
       [--pypdf-serial-s SECONDS] [--filing PDF] [--repeats N] [--user-only] [--no-bytecode]
(--pypdf-serial-s reuses a serial pypdf time measured before: it takes minutes)
Default folder ../shared/data/financebench/pdfs. Exit 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
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
TARGET_USER = 10.0
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


def ingest_process(
    filing: Path, extractor: str, workers: int | None, pycache: str | None = None
) -> tuple[float, float, Path]:
    """One cold ``python -m docintel ingest FILING`` (its own empty cache): wall and CPU seconds (the process and
    its workers), and the cache folder. *pycache*: the folder compiled bytecode is written to and read from
    (None: the environment's own setting)."""
    cache_dir = Path(tempfile.mkdtemp(prefix="bench-ingest-"))
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    if pycache is not None:
        env = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"PYTHONPYCACHEPREFIX": pycache}
    env.pop("DOCINTEL_INGEST_WORKERS", None)
    if workers is not None:
        env["DOCINTEL_INGEST_WORKERS"] = str(workers)
    command = [sys.executable, "-m", "docintel", "ingest", str(filing), "--cache-dir", str(cache_dir)]
    command += ["--extractor", extractor]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, cache_dir


def cache_files(cache_dir: Path) -> dict[str, bytes]:
    """Every file of a cache folder by its path inside it."""
    return {str(p.relative_to(cache_dir)): p.read_bytes() for p in sorted(cache_dir.rglob("*")) if p.is_file()}


def user_level(filing: Path, repeats: int, pypdf_control: bool = False, bytecode: bool = True) -> list[str]:
    """The user-level ratio and split against serial (see the module docstring); the targets missed."""
    import shutil

    pycache = tempfile.mkdtemp(prefix="bench-ingest-pycache-") if bytecode else None
    for extractor in ("pypdf", "pdfium") if bytecode else ():  # unmeasured: writes both sides' bytecode
        shutil.rmtree(ingest_process(filing, extractor, None, pycache)[2], ignore_errors=True)

    runs: dict[str, tuple[str, int | None]] = {
        "pypdf default": ("pypdf", None),
        "pdfium default": ("pdfium", None),
        "pdfium 1 worker (whole)": ("pdfium", 1),
        "pdfium 2 workers (split)": ("pdfium", 2),
    }
    if pypdf_control:  # pypdf never splits: 2 workers against 1 shows what the machine's noise alone does
        runs.update({"pypdf 1 worker": ("pypdf", 1), "pypdf 2 workers": ("pypdf", 2)})
    times: dict[str, list[tuple[float, float]]] = {label: [] for label in runs}
    identical = True
    loads = [os.getloadavg()]
    print(f"user level: {filing.name}, {repeats} runs each in turn; load average before {loads[0]}")
    print("bytecode: " + ("compiled, both sides (as installed)" if bytecode else "the environment's setting"))
    for _ in range(repeats):
        caches = {}
        for label, (extractor, workers) in runs.items():
            wall, cpu, caches[label] = ingest_process(filing, extractor, workers, pycache)
            times[label].append((wall, cpu))
        identical &= cache_files(caches["pdfium 2 workers (split)"]) == cache_files(caches["pdfium 1 worker (whole)"])
        for cache_dir in caches.values():
            shutil.rmtree(cache_dir, ignore_errors=True)
        loads.append(os.getloadavg())
    loads.append(os.getloadavg())
    print(f"load average after {loads[-1]}")
    if pycache is not None:
        shutil.rmtree(pycache, ignore_errors=True)
    median = {
        label: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t)) for label, t in times.items()
    }
    for label, (wall, cpu) in median.items():
        walls = ", ".join(f"{w:.1f}" for w, _ in times[label])
        print(f"  {label:28}: wall {wall:6.2f} s (runs {walls}), CPU {cpu:6.2f} s")
    failures = []
    ratio = median["pypdf default"][0] / median["pdfium default"][0]
    cpu_ratio = median["pypdf default"][1] / median["pdfium default"][1]
    print(f"user-level speed-up pdfium/pypdf: {ratio:.1f}x wall (target >= {TARGET_USER:g}x), {cpu_ratio:.1f}x CPU")
    if ratio < TARGET_USER:
        failures.append(f"user-level speed-up {ratio:.1f}x < {TARGET_USER:g}x")
    busiest = max(load[0] for load in loads)
    if busiest > (os.cpu_count() or 1):  # two runnable processes get two shares of a contended machine
        print(
            f"  the machine was loaded (load average up to {busiest:.1f} on {os.cpu_count()} CPUs): wall ratios "
            "favour the split run and are not the idle figure; the CPU ratio does not depend on the load"
        )
        failures.append(f"user-level wall ratio not judged: load average {busiest:.1f} > {os.cpu_count()} CPUs")
    split = median["pdfium 1 worker (whole)"][0] / median["pdfium 2 workers (split)"][0]
    print(f"pdfium split (2 workers) against whole (1 worker): {split:.2f}x wall")
    if pypdf_control:
        same = median["pypdf 1 worker"][0] / median["pypdf 2 workers"][0]
        print(f"pypdf 2 workers against 1 (the same work: noise): {same:.2f}x wall")
    print(f"documents of the split run identical to the whole parse's (cache files byte for byte): {identical}")
    if not identical:
        failures.append("the split parse's documents differ from the whole parse's")
    return failures


def largest_10k(folder: Path) -> Path:
    """The 10-K of *folder* with the most pages (any PDF when none is named as a 10-K)."""
    import pypdfium2

    files = sorted(folder.glob("*10K*.pdf")) or sorted(folder.glob("*.pdf"))
    return max(files, key=lambda p: len(pypdfium2.PdfDocument(p)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?", default=DEFAULT, help="folder of PDFs (default: FinanceBench)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the parallel runs (default 2)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N files (sorted by name)")
    parser.add_argument("--box-pages", type=int, default=40, help="pages whose boxes are checked by rendering")
    parser.add_argument("--pypdf-serial-s", type=float, help="serial pypdf seconds measured before (skips that run)")
    parser.add_argument("--filing", type=Path, help="the PDF of the user-level runs (default: the largest 10-K)")
    parser.add_argument("--repeats", type=int, default=3, help="user-level runs of each kind (medians compared)")
    parser.add_argument("--user-only", action="store_true", help="only the user-level runs")
    parser.add_argument("--pypdf-control", action="store_true", help="also pypdf with 1 and 2 workers (no split)")
    parser.add_argument(
        "--no-bytecode", action="store_true", help="user-level runs without compiled bytecode for the checkout"
    )
    args = parser.parse_args()
    filing = args.filing or largest_10k(args.folder)
    failures: list[str] = user_level(filing, args.repeats, args.pypdf_control, not args.no_bytecode)
    if args.user_only:
        print("targets: " + ("PASS" if not failures else "FAIL: " + "; ".join(failures)))
        return 1 if failures else 0
    files = sorted(args.folder.glob("*.pdf"))[: args.limit or None]
    workers = min(args.workers, len(files))
    print(f"{len(files)} PDFs in {args.folder}; parallel runs use {workers} processes")
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
