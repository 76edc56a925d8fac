"""Benchmark start-up: `docintel context` on a cached 10-K as a fresh process, against a bare
`python -c "import pandas, pydantic"` measured in the same run (interleaved, median of N each).

Usage: python -m scripts.bench_startup [--pdf FILE] [--runs 5] [--target 1.5]
Prints both medians and their ratio; exits 1 when the ratio is above the target.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scripts import benchdata


def timed(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdf", type=Path, default=benchdata.FINANCEBENCH / "pdfs" / "3M_2018_10K.pdf")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--target", type=float, default=1.5)
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "DOCINTEL_CACHE_DIR": cache, "PYTHONPATH": str(root)}
        context = [
            sys.executable,
            "-m",
            "docintel",
            "context",
            "What were the capital expenditures in 2018?",
            str(args.pdf),
            "--quiet",
        ]
        bare = [sys.executable, "-c", "import pandas, pydantic"]
        timed(context, env)  # parse, cache and index the filing once; the runs below start cached
        docintel_s, bare_s = [], []
        for _ in range(args.runs):
            docintel_s.append(timed(context, env))
            bare_s.append(timed(bare, env))
    ours, baseline = statistics.median(docintel_s), statistics.median(bare_s)
    ratio = ours / baseline
    print(f"context on a cached {args.pdf.name}: median {ours:.3f} s over {args.runs} runs")
    print(f"python -c 'import pandas, pydantic': median {baseline:.3f} s")
    print(f"ratio {ratio:.2f}x (target <= {args.target}x): {'met' if ratio <= args.target else 'NOT met'}")
    return 0 if ratio <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
