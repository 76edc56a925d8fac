"""Check that a change to ingest leaves the documents as they were: byte for byte, over a whole folder.

The folder (default: the shared FinanceBench filings) is ingested cold, each side into its own empty cache, by
``python -m docintel ingest FOLDER`` (which caches the lines, boxes, tables, profile and facts of every file):
once with the code of git revision REV (``git archive`` into a temporary folder) and once with this checkout;
every cache file of the two must be equal byte for byte, but for the seconds Tesseract took on scanned pages
(recorded in the entry, measured each run). ``--reference DIR`` compares against a cache folder made before
instead of REV's.

Usage: python -m scripts.ingest_identical [FOLDER] [--against REV | --reference DIR] [--extractor pdfium]
Exit 1 when a file differs or is missing on one side.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scripts.bench_ingest import DEFAULT, cache_files

ROOT = Path(__file__).resolve().parent.parent


def ingest(code: Path, folder: Path, cache_dir: Path, extractor: str) -> float:
    """Ingest *folder* cold into *cache_dir* with the docintel of *code*; wall seconds."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    command = [sys.executable, "-m", "docintel", "ingest", str(folder), "--cache-dir", str(cache_dir)]
    started = time.perf_counter()
    subprocess.run([*command, "--extractor", extractor], env=env, check=True, stdout=subprocess.DEVNULL, cwd=code)
    return time.perf_counter() - started


def reference(rev: str, folder: Path, work: Path, extractor: str) -> Path:
    """The cache of *folder* made by the code of git revision *rev*."""
    code = work / "code"
    code.mkdir()
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(code)], input=archive, check=True)
    seconds = ingest(code, folder, work / "before", extractor)
    print(f"{rev}: ingested in {seconds:.1f} s")
    return work / "before"


def _without_ocr_seconds(blob: bytes) -> object:
    """A cache entry with its OCR record's ``seconds`` left out (the bytes themselves when they are no entry)."""
    try:
        entry = json.loads(blob)
    except ValueError:
        return blob
    if isinstance(entry, dict) and isinstance(entry.get("ocr"), dict):
        entry["ocr"].pop("seconds", None)
    return entry


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?", default=DEFAULT, help="folder of PDFs (default: FinanceBench)")
    parser.add_argument("--against", default="HEAD", help="git revision whose documents are the reference")
    parser.add_argument("--reference", type=Path, help="a cache folder made before (instead of --against)")
    parser.add_argument("--extractor", default="pdfium", choices=("pdfium", "pypdf"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ingest-identical-") as tmp:
        work = Path(tmp)
        before = args.reference or reference(args.against, args.folder, work, args.extractor)
        seconds = ingest(ROOT, args.folder, work / "after", args.extractor)
        print(f"this checkout: ingested in {seconds:.1f} s")
        old, new = cache_files(before), cache_files(work / "after")
    unequal = sorted(name for name in old.keys() & new.keys() if old[name] != new[name])
    timed = [name for name in unequal if _without_ocr_seconds(old[name]) == _without_ocr_seconds(new[name])]
    differ = [name for name in unequal if name not in timed]
    missing = sorted(old.keys() ^ new.keys())
    pdfs = len(list(args.folder.glob("*.pdf")))
    print(f"{pdfs} PDFs, {len(new)} cache files (lines and facts): {len(differ)} differ, {len(missing)} on one side")
    if timed:
        print(f"  {len(timed)} equal but for the OCR record's seconds (the time Tesseract took, measured each run)")
    for name in differ + missing:
        print(f"  {'differs' if name in differ else 'one side only'}: {name}")
    identical = not differ and not missing and bool(new)
    print(f"identical: {identical}")
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
