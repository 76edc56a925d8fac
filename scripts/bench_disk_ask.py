"""Benchmark a folder ask with the corpus's passage indexes on disk against indexes built in memory.

Usage: python -m scripts.bench_disk_ask [--documents 400] [--pages 20] [--runs 5] [--folder DIR]

Writes --documents synthetic PDFs (each a company's report of --pages pages of 40 lines: statement-like rows
and prose with the company's figures) into --folder (kept: a rerun reuses them), indexes the folder once
(``docintel index``, cold), then times ``docintel ask ... --json`` as the user runs it, one process per
question, warm (parsed documents and the corpus index cached):

- ``memory``: DOCINTEL_DISK_INDEX_PASSAGES above the corpus's passages (the indexes built in memory per run);
- ``disk``: DOCINTEL_DISK_INDEX_PASSAGES=0 (the first ask builds the indexes on disk: timed apart; the others
  read them);

each with routing as it is (a question naming a company: its documents) and with DOCINTEL_USE_ROUTING=false
(every document's passages ranked: what a corpus-wide search costs). Prints the median and p95 seconds per ask
and whether every answer's JSON (trace id and path, timings aside) is identical across the two.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ROWS = ["Net sales", "Cost of sales", "Gross profit", "Operating income", "Net income", "Total assets",
        "Capital expenditures", "Inventories", "Accounts receivable", "Long-term debt"]  # fmt: skip
WORDS = (
    "revenue growth segment customers markets pricing supply chain inventory liquidity capital outlook risk factors "
    "competition regulation employees facilities lease debt interest currency tax audit controls dividends "
    "repurchases acquisitions goodwill impairment pension warranty litigation"
).split()


def make_folder(folder: Path, documents: int, pages: int) -> None:
    """--documents synthetic company reports (kept between runs)."""
    from scripts.pdfwriter import Page, write_pdf

    folder.mkdir(parents=True, exist_ok=True)
    for number in range(documents):
        path = folder / f"company{number:04d}_2023_report.pdf"
        if path.exists():
            continue
        rng = random.Random(number)
        name = f"Company{number:04d} Holdings Inc."
        sheets = []
        for page in range(1, pages + 1):
            lines = [f"{name} Annual Report Fiscal 2023, page {page}"]
            for i in range(39):
                if i % 3 == 0:
                    row = rng.choice(ROWS)
                    lines.append(f"{row} {rng.randint(100, 99999):,} {rng.randint(100, 99999):,}")
                else:
                    lines.append(" ".join(rng.choice(WORDS) for _ in range(9)) + f" {rng.randint(1, 900)} million.")
            sheets.append(Page(lines))
        write_pdf(path, sheets)


def ask(question: str, folder: Path, env: dict[str, str]) -> tuple[float, object]:
    """One ``docintel ask --json`` process: its wall time and its JSON (trace id and path, latencies left out)."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "docintel", "ask", question, str(folder), "--json", "--quiet"],
        capture_output=True, text=True, env=env, cwd=ROOT, check=False,
    )  # fmt: skip
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 6):
        raise SystemExit(f"ask failed ({done.returncode}): {done.stderr[-2000:]}")
    return seconds, _stable(json.loads(done.stdout))


def _stable(data: object) -> object:
    """*data* without what differs between two runs of one answer: trace ids and paths, latencies."""
    if isinstance(data, dict):
        return {k: _stable(v) for k, v in data.items() if k not in ("trace_id", "trace_path", "latency_s")}
    return [_stable(v) for v in data] if isinstance(data, list) else data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=400)
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5, help="questions asked per mode (one process each)")
    parser.add_argument("--folder", type=Path, default=Path("/tmp/docintel-bench-disk-ask"))
    args = parser.parse_args()
    pdfs, cache = args.folder / f"pdfs-{args.documents}x{args.pages}", args.folder / "cache"
    make_folder(pdfs, args.documents, args.pages)
    env = {**os.environ, "DOCINTEL_CACHE_DIR": str(cache), "DOCINTEL_TRACES_DIR": str(args.folder / "traces")}
    env.pop("OPENAI_API_KEY", None)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "docintel", "index", str(pdfs), "--json"], capture_output=True,
                          text=True, env=env, cwd=ROOT, check=True)  # fmt: skip
    indexed = json.loads(done.stdout)
    passages = sum(d["n_passages"] for d in indexed["documents"])
    print(f"{args.documents} documents, {passages:,} passages; index (cold or refreshed): "
          f"{time.perf_counter() - started:.1f} s; load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    rng = random.Random(7)
    questions = [
        f"What was {rng.choice(ROWS).lower()} of Company{rng.randrange(args.documents):04d} in fiscal 2023?"
        for _ in range(args.runs)
    ]
    for routing in ("true", "false"):
        results: dict[str, list[object]] = {}
        for mode, threshold in (("memory", str(10**12)), ("disk", "0")):
            mode_env = {**env, "DOCINTEL_DISK_INDEX_PASSAGES": threshold, "DOCINTEL_USE_ROUTING": routing}
            shutil.rmtree(cache / "passages", ignore_errors=True)  # disk: the first ask builds them
            first, _ = ask(questions[0], pdfs, mode_env)
            times, answers = [], []
            for question in questions:
                seconds, data = ask(question, pdfs, mode_env)
                times.append(seconds)
                answers.append(data)
            results[mode] = answers
            p95 = sorted(times)[max(0, round(0.95 * len(times)) - 1)]
            print(f"routing={routing:5} {mode:6}: first ask {first:.2f} s; warm asks median "
                  f"{statistics.median(times):.2f} s, p95 {p95:.2f} s (n={len(times)}); "
                  f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip
        same = sum(a == b for a, b in zip(results["memory"], results["disk"], strict=True))
        print(f"routing={routing:5} answers identical (memory vs disk): {same}/{len(questions)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
