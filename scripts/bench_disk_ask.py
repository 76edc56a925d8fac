"""Benchmark a folder ask with the corpus's passage indexes on disk against indexes built in memory.

Usage: python -m scripts.bench_disk_ask [--documents 400] [--pages 20] [--runs 5] [--folder DIR] [--filings]
       [--routing on|off|both]

Writes --documents synthetic PDFs (each a company's report of --pages pages of 40 lines: statement-like rows
and prose with the company's figures) into --folder (kept: a rerun reuses them), indexes the folder once
(``docintel index``, cold), then times ``docintel ask ... --json`` as the user runs it, one process per
question, warm (parsed documents and the corpus index cached):

- ``memory``: DOCINTEL_DISK_INDEX_PASSAGES above the corpus's passages (the indexes built in memory per run);
- ``disk``: DOCINTEL_DISK_INDEX_PASSAGES=0 (the first ask builds the indexes on disk: timed apart; the others
  read them);

each with routing as it is (a question naming a company: its documents) and with DOCINTEL_USE_ROUTING=false
(every document's passages ranked: what a corpus-wide search costs). Prints the median and p95 seconds per ask,
the median of the retrieval stage alone (the trace's timings.retrieve_s: routed documents' indexes loaded,
passages ranked) and of the process's peak memory, and whether every answer's JSON (trace id and path,
latencies aside) is identical across the two. --filings asks the first --runs FinanceBench questions of the
shared filings instead of the synthetic folder.
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
from typing import NamedTuple

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


def ask(question: str, folder: Path, env: dict[str, str]) -> Run:
    """One ``docintel ask --json`` process, measured."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _ASK, "ask", question, str(folder), "--json", "--quiet"],
        capture_output=True, text=True, env=env, cwd=ROOT, check=False,
    )  # fmt: skip
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 6):
        raise SystemExit(f"ask failed ({done.returncode}): {done.stderr[-2000:]}")
    data = json.loads(done.stdout)
    retrieve_s = json.loads(Path(data["trace_path"]).read_text())["timings"]["retrieve_s"]
    peak_mb = int(done.stderr.rsplit("maxrss ", 1)[1].split()[0]) / 1024
    return Run(seconds, retrieve_s, peak_mb, _stable(data))


# docintel's command line, then the process's peak resident memory (KiB) on stderr
_ASK = (
    "import resource, sys; from docintel.cli import main; code = main(sys.argv[1:]); "
    "print('maxrss', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr); sys.exit(code)"
)


class Run(NamedTuple):
    """One ask: wall seconds, the retrieval stage's seconds, peak memory (MB), its JSON without volatile fields."""

    seconds: float
    retrieve_s: float
    peak_mb: float
    data: object


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
    parser.add_argument("--routing", choices=("on", "off", "both"), default="both")
    parser.add_argument("--filings", action="store_true", help="the shared FinanceBench filings and questions instead")
    args = parser.parse_args()
    pdfs, cache = args.folder / f"pdfs-{args.documents}x{args.pages}", args.folder / "cache"
    if args.filings:
        from scripts import benchdata

        pdfs = benchdata.FINANCEBENCH / "pdfs"
    else:
        make_folder(pdfs, args.documents, args.pages)
    env = {**os.environ, "DOCINTEL_CACHE_DIR": str(cache), "DOCINTEL_TRACES_DIR": str(args.folder / "traces")}
    env.pop("OPENAI_API_KEY", None)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "docintel", "index", str(pdfs), "--json"], capture_output=True,
                          text=True, env=env, cwd=ROOT, check=True)  # fmt: skip
    indexed = json.loads(done.stdout)
    passages = sum(d["n_passages"] for d in indexed["documents"])
    print(f"{len(indexed['documents'])} documents, {passages:,} passages; index (cold or refreshed): "
          f"{time.perf_counter() - started:.1f} s; load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    rng = random.Random(7)
    questions = [
        f"What was {rng.choice(ROWS).lower()} of Company{rng.randrange(args.documents):04d} in fiscal 2023?"
        for _ in range(args.runs)
    ]
    if args.filings:
        from scripts import benchdata

        records = benchdata.load_records(benchdata.FINANCEBENCH / "questions.jsonl")
        questions = [r["question"] for r in records[: args.runs]]
    for routing in {"on": ("true",), "off": ("false",), "both": ("true", "false")}[args.routing]:
        results: dict[str, list[object]] = {}
        for mode, threshold in (("memory", str(10**12)), ("disk", "0")):
            mode_env = {**env, "DOCINTEL_DISK_INDEX_PASSAGES": threshold, "DOCINTEL_USE_ROUTING": routing}
            shutil.rmtree(cache / "passages", ignore_errors=True)  # disk: the first ask builds them
            first = ask(questions[0], pdfs, mode_env).seconds
            runs = [ask(question, pdfs, mode_env) for question in questions]
            times, stage = [r.seconds for r in runs], [r.retrieve_s for r in runs]
            results[mode] = [r.data for r in runs]
            p95 = sorted(times)[max(0, round(0.95 * len(times)) - 1)]
            print(f"routing={routing:5} {mode:6}: first ask {first:.2f} s; warm asks median "
                  f"{statistics.median(times):.2f} s, p95 {p95:.2f} s (n={len(times)}), retrieval stage median "
                  f"{statistics.median(stage):.3f} s, peak memory median "
                  f"{statistics.median(r.peak_mb for r in runs):.0f} MB; "
                  f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip
        same = sum(a == b for a, b in zip(results["memory"], results["disk"], strict=True))
        print(f"routing={routing:5} answers identical (memory vs disk): {same}/{len(questions)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
