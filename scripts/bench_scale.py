"""Benchmark scaling out: ingest locally and on Ray; batch through the Batch API of the test server.

Usage: python -m scripts.bench_scale [--pdfs-count 200] [--filings 37] [--questions-count 1000] [--skip-ray]
       [--skip-batch-api]

1. Ingest: the shared FinanceBench filings (the first --filings) plus generated PDFs (12 pages each) up to
   --pdfs-count files, cold (a fresh cache each time), through the local ingest (its worker processes,
   1 / 2 / all cores) and through Ray started with 1 / 2 / all CPUs. Each run happens in a child process;
   prints wall time (Ray's start apart), pages/s, and whether every document (content hash, pages, lines,
   boxes, tables, profile) is identical to the local ingest's.
2. Batch API: --questions-count questions over the sample report against the test server (tests/fake_openai.py)
   with a scripted answer: the submit run (requests prepared per second), the collecting run, and the same
   questions synchronously; the records must be identical (trace ids aside).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts import benchdata  # noqa: E402


def make_files(folder: Path, count: int, filings: int) -> list[Path]:
    """Links to the first *filings* shared filings, then generated 12-page PDFs up to *count* files."""
    from scripts.pdfwriter import Page, write_pdf

    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for source in sorted((benchdata.FINANCEBENCH / "pdfs").glob("*.pdf"))[:filings]:
        target = folder / source.name
        if not target.exists():
            target.symlink_to(source)
        files.append(target)
    for number in range(count - len(files)):
        pages = [
            Page(
                [f"Generated report {number}, page {p}", f"Revenue for segment {p} was ${number * 7 + p},000."]
                + [
                    f"Line {i} of page {p}: net income {number + i} million, operating cash flow {p * i}."
                    for i in range(30)
                ]
            )
            for p in range(1, 13)
        ]
        files.append(write_pdf(folder / f"generated-{number:03d}.pdf", pages))
    return files


def _digest(document: object) -> str:
    # the seconds Tesseract took on scanned pages are measured each run, as scripts.ingest_identical leaves them out
    meta = document.meta.model_dump(exclude={"path": True, "ocr": {"seconds"}})  # type: ignore[attr-defined]
    data = [meta, document.lines.to_dict(orient="list"), document.table_data, document.boxes]  # type: ignore[attr-defined]
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


def ingest_child(folder: Path, mode: str, cores: int) -> None:
    """In a child: ingest *folder* cold, locally (*cores* worker processes) or on a Ray of *cores* CPUs."""
    from docintel.pipeline import Pipeline
    from docintel.settings import load_settings

    cache = Path(tempfile.mkdtemp(prefix="bench-scale-cache-"))
    settings = load_settings({"cache_dir": str(cache), "ingest_workers": cores})
    pipeline = Pipeline(settings)
    ray_start = 0.0
    if mode == "ray":
        import logging

        import ray

        from docintel.ingest.ray_parse import RayIngestor

        mark = time.perf_counter()
        ray.init(num_cpus=cores, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
        ray_start = time.perf_counter() - mark
        pipeline.settings = settings.model_copy(update={"ray_address": "local"})
        pipeline.ingestor = RayIngestor(pipeline.settings)
    started = time.perf_counter()
    report = pipeline.ingest([folder])
    wall = time.perf_counter() - started
    pages = sum(d.meta.n_pages for d in report.documents)
    digests = {Path(d.meta.path).name: _digest(d) for d in report.documents}
    print(json.dumps({"wall_s": wall, "ray_start_s": ray_start, "pages": pages, "digests": digests}))


def bench_ingest(args: argparse.Namespace) -> None:
    folder = Path(tempfile.gettempdir()) / "bench-scale-pdfs"
    files = make_files(folder, args.pdfs_count, args.filings)
    cores = os.cpu_count() or 1
    runs = [("local", c) for c in sorted({1, 2, cores})]
    if not args.skip_ray:
        runs += [("ray", c) for c in sorted({1, 2, cores})]
    reference: dict[str, str] | None = None
    for mode, count in runs:
        cmd = [sys.executable, "-m", "scripts.bench_scale", "--child", mode, str(count), str(folder)]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env)
        if done.returncode != 0:
            print(f"ingest mode={mode} cores={count} failed: {done.stderr.strip().splitlines()[-1:]}")
            continue
        result = json.loads(done.stdout.strip().splitlines()[-1])
        reference = reference or result["digests"]
        same = result["digests"] == reference
        print(
            f"ingest mode={mode} cores={count} files={len(files)} pages={result['pages']} "
            f"wall_s={result['wall_s']:.1f} "
            f"ray_start_s={result['ray_start_s']:.1f} pages_per_s={result['pages'] / result['wall_s']:.0f} "
            f"documents_identical={same}",
            flush=True,
        )


def bench_batch_api(args: argparse.Namespace) -> None:
    from docintel.apps.batch import load_questions, run_batch
    from docintel.apps.batch_api import run_batch_api
    from docintel.pipeline import Pipeline
    from docintel.settings import load_settings
    from scripts.make_corpus import build
    from tests.fake_openai import FakeOpenAI, responses_body

    answer = {
        "answer_type": "text",
        "items": [
            {"text": "45 days", "spans": [{"doc": None, "line_start": 60, "line_end": 60, "quote": "within 45 days"}]}
        ],
        "answer_found": True,
        "complete_answer_found": True,
        "conflicting_evidence": False,
        "context_structured": True,
        "caveats": [],
    }
    server = FakeOpenAI().start()
    server.default = {"body": responses_body(json.dumps(answer)), "status": 200}
    pdf = build()[0]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        qfile = folder / "q.jsonl"
        qfile.write_text(
            "".join(
                json.dumps({"id": f"q{i}", "question": f"What is the refund window for order {i}?"}) + "\n"
                for i in range(args.questions_count)
            )
        )
        questions = load_questions(qfile)
        base = {
            "cache_dir": str(folder / "cache"),
            "traces_dir": str(folder / "traces"),
            "backend": "openai",
            "openai_api_key": "sk-bench",
            "openai_base_url": server.base_url,
            "batch_poll_s": 0.01,
        }
        Pipeline(load_settings(base)).ingest([pdf])  # parsed once: the runs below time the questions
        started = time.perf_counter()
        submitted = run_batch_api(Pipeline(load_settings(base)), questions, [pdf], folder / "b.jsonl", workers=2)
        submit_s = time.perf_counter() - started
        started = time.perf_counter()
        collected = run_batch_api(
            Pipeline(load_settings(base)), questions, [pdf], folder / "b.jsonl", workers=2, wait=True
        )
        collect_s = time.perf_counter() - started
        started = time.perf_counter()
        run_batch(Pipeline(load_settings(base)), questions, [pdf], folder / "s.jsonl", workers=2)
        sync_s = time.perf_counter() - started
        server.stop()

        def records(path: Path) -> dict:
            return {
                r["id"]: {k: v for k, v in r.items() if k != "trace_id"}
                for r in map(json.loads, path.read_text().splitlines())
            }

        same = records(folder / "b.jsonl") == records(folder / "s.jsonl")
    n = args.questions_count
    print(
        f"batch_api questions={n} submitted={submitted.submitted} submit_s={submit_s:.1f} "
        f"prepared_per_s={n / submit_s:.0f} collect_s={collect_s:.1f} answered={collected.answered} "
        f"sync_s={sync_s:.1f} records_identical={same}"
    )


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        ingest_child(Path(sys.argv[4]), sys.argv[2], int(sys.argv[3]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdfs-count", type=int, default=200)
    parser.add_argument("--filings", type=int, default=37)
    parser.add_argument("--questions-count", type=int, default=1000)
    parser.add_argument("--skip-ray", action="store_true")
    parser.add_argument("--skip-ingest", action="store_true")
    parser.add_argument("--skip-batch-api", action="store_true")
    args = parser.parse_args()
    if not args.skip_ingest:
        bench_ingest(args)
    if not args.skip_batch_api:
        bench_batch_api(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
