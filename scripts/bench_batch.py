"""Benchmark batch answering and trace listing.

1. Cold ingestion of every PDF the questions name (fresh cache): the reference time.
2. `batch` with the extractive backend over all questions on another fresh cache (ingestion
   included): target at most 1.3x the reference.
3. The same batch again with warm caches (new output file): target at most 10% of step 2.
4. `traces list` on a store of 10,000 traces: target under 1 s (in-process and as a command).

Usage: python -m scripts.bench_batch [--questions FILE] [--pdfs DIR] [--workers N]
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from docintel.apps.batch import load_questions, run_batch
from docintel.ingest.documents import Ingestor
from docintel.pipeline import Pipeline
from docintel.settings import load_settings
from docintel.traces.store import TraceStore
from scripts import benchdata


def timed_batch(cache: Path, traces: Path, questions, pdfs: Path, out: Path, workers: int) -> tuple[float, object]:
    settings = load_settings({"cache_dir": str(cache), "traces_dir": str(traces), "backend": "extractive"})
    started = time.perf_counter()
    summary = run_batch(Pipeline(settings), questions, [pdfs], out, workers=workers)
    return time.perf_counter() - started, summary


def make_store(root: Path, n: int) -> None:
    """n small but complete traces, written through the store (files and the SQLite index) as the product does."""
    store = TraceStore(root)
    base = {
        "trace_version": 2,
        "created_at": "2026-01-01T00:00:00+00:00",
        "kind": "ask",
        "program": {"version": "0"},
        "settings": {},
        "settings_hash": "",
        "request": {"backend": "openai", "model": "gpt-4.1-mini"},
        "usage": {"input_tokens": 3000, "output_tokens": 200},
        "latency_s": 1.2,
        "status": {"answer": "found", "verification": "verified", "final": "ok"},
    }
    for i in range(n):
        trace_id = f"20260101T{i // 3600 % 24:02d}{i // 60 % 60:02d}{i % 60:02d}{i:06d}Z-{i:06x}"
        store.write({**base, "trace_id": trace_id, "question": f"Question number {i}?"})


def main() -> None:
    parser = benchdata.parser(__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    questions = load_questions(args.questions)
    files = sorted({args.pdfs / f"{q.doc}.pdf" for q in questions})
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        started = time.perf_counter()
        Ingestor(load_settings({"cache_dir": str(tmp_path / "cache-ref")})).ingest(files)
        ingest_cold = time.perf_counter() - started
        print(f"cold ingestion of {len(files)} PDFs      : {ingest_cold:7.1f} s")
        cold, summary = timed_batch(
            tmp_path / "cache", tmp_path / "traces", questions, args.pdfs, tmp_path / "a.jsonl", args.workers
        )
        print(
            f"batch, cold caches ({len(questions)} questions) : {cold:7.1f} s   "
            f"ratio to ingestion {cold / ingest_cold:.2f} (target <= 1.3)"
            f"   answered {summary.answered}, not found {summary.not_found}, errors {summary.errors}"
        )
        warm, _ = timed_batch(
            tmp_path / "cache", tmp_path / "traces", questions, args.pdfs, tmp_path / "b.jsonl", args.workers
        )
        print(
            f"batch, warm caches                 : {warm:7.1f} s   "
            f"ratio to cold batch {warm / cold:.3f} (target <= 0.10)"
        )
        make_store(tmp_path / "store", 10_000)
        TraceStore(tmp_path / "store").rows()  # the index is in step with the files, as after normal use
        started = time.perf_counter()
        rows, problems = TraceStore(tmp_path / "store").rows()
        in_process = time.perf_counter() - started
        started = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "docintel",
                "traces",
                "list",
                "--limit",
                "20",
                "--traces-dir",
                str(tmp_path / "store"),
            ],
            check=True,
            capture_output=True,
        )
        command = time.perf_counter() - started
        print(
            f"traces list, 10,000 traces         : {in_process * 1000:7.0f} ms in-process, "
            f"{command * 1000:.0f} ms as a command "
            f"(interpreter start included; {len(rows)} rows, {len(problems)} problems)   target < 1 s"
        )


if __name__ == "__main__":
    main()
