"""Benchmark start-up: the command a user runs on a cached 10-K, in a fresh process, against a bare
`python -c "import pandas, pydantic"` measured in the same run (interleaved, median of N each).

The command measured is exactly

    python -m docintel context "What was capital expenditure in 2018?" 3M_2018_10K.pdf --json

with its JSON read from a pipe (and checked: a context with sources), in an empty working folder
(no .env) and with no DOCINTEL_* or OPENAI_* variable but the cache folder. The filing is parsed
and cached once before the runs (a temporary cache, unless --cache-dir names one).

Both commands run from compiled bytecode, as an installed package does (pip compiles it; pandas and
pydantic are installed so): PYTHONDONTWRITEBYTECODE is dropped and PYTHONPYCACHEPREFIX names a
temporary folder, written by one unmeasured run of each command (the checkout gets no __pycache__).
With PYTHONDONTWRITEBYTECODE set, as in some sandboxes, docintel's ~100 modules would be compiled from
source in every run while pandas' and pydantic's would not: --no-bytecode measures that case.

Usage: python -m scripts.bench_startup [--pdf FILE] [--runs 7] [--target 1.5] [--cache-dir DIR] [--no-bytecode]
Prints both medians of wall time (with their spread) and their ratio, which the target is for (exit 1
when above it); and the CPU time (user + system) of each, a steadier figure on a busy machine.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scripts import benchdata

QUESTION = "What was capital expenditure in 2018?"


def timed(command: list[str], env: dict[str, str], cwd: str) -> tuple[float, float, bytes]:
    """Wall time and CPU time (user + system) of one fresh process, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=cwd, check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def clean_env(cache: str, root: Path, pycache: str | None) -> dict[str, str]:
    """The environment of the runs: this checkout first on the path, the cache, no other docintel setting;
    bytecode written to and read from *pycache* (None: none written, the environment's own setting kept)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DOCINTEL_", "OPENAI_"))}
    if pycache is not None:
        env = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"PYTHONPYCACHEPREFIX": pycache}
    return {**env, "DOCINTEL_CACHE_DIR": cache, "PYTHONPATH": str(root)}


def check_output(stdout: bytes) -> None:
    """The command did its work: a context whose sources were read from the filing."""
    data = json.loads(stdout)
    if data.get("status") != "ok" or not data.get("sources"):
        raise SystemExit(f"the context command did not produce a context: status {data.get('status')}")


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values):.3f} s (min {min(values):.3f}, max {max(values):.3f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdf", type=Path, default=benchdata.FINANCEBENCH / "pdfs" / "3M_2018_10K.pdf")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--target", type=float, default=1.5)
    parser.add_argument("--cache-dir", type=Path, help="a cache to use (default: a temporary one, parsed first)")
    parser.add_argument(
        "--no-bytecode", action="store_true", help="no compiled bytecode for the checkout (PYTHONDONTWRITEBYTECODE=1)"
    )
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as temp:
        cache = str(args.cache_dir or Path(temp) / "cache")
        work = Path(temp) / "work"
        work.mkdir()
        env = clean_env(cache, root, None if args.no_bytecode else str(Path(temp) / "pycache"))
        if args.no_bytecode:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        context = [sys.executable, "-m", "docintel", "context", QUESTION, str(args.pdf.resolve()), "--json"]
        bare = [sys.executable, "-c", "import pandas, pydantic"]
        check_output(timed(context, env, str(work))[2])  # parse, cache and index the filing: the runs start cached
        timed(bare, env, str(work))  # and both commands' bytecode is written
        docintel_s, bare_s, docintel_cpu, bare_cpu = [], [], [], []
        for _ in range(args.runs):
            wall, cpu, out = timed(context, env, str(work))
            check_output(out)
            docintel_s.append(wall)
            docintel_cpu.append(cpu)
            wall, cpu, _ = timed(bare, env, str(work))
            bare_s.append(wall)
            bare_cpu.append(cpu)
    ours, baseline = statistics.median(docintel_s), statistics.median(bare_s)
    ratio = ours / baseline
    cpu_ratio = statistics.median(docintel_cpu) / statistics.median(bare_cpu)
    print(f'context "{QUESTION}" {args.pdf.name} --json, cached: {spread(docintel_s)} over {args.runs} runs')
    print(f"python -c 'import pandas, pydantic': {spread(bare_s)}")
    print("bytecode: " + ("none written for the checkout (--no-bytecode)" if args.no_bytecode else "compiled, both"))
    if args.no_bytecode and any((root / "docintel").rglob("__pycache__")):
        print("note: the checkout holds __pycache__ folders, read by the runs: not a run compiled from source")
    print(f"CPU (user + system): {statistics.median(docintel_cpu):.3f} s against {statistics.median(bare_cpu):.3f} s, "
          f"ratio {cpu_ratio:.2f}x")  # fmt: skip
    print(f"ratio {ratio:.2f}x (target <= {args.target}x): {'met' if ratio <= args.target else 'NOT met'}")
    return 0 if ratio <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
