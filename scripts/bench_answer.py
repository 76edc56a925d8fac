"""Benchmark the extractive backend end to end on FinanceBench (offline, no model).

Prints: share of answers whose verification passes (must be 1.0), share of numeric gold
answers found in the cited lines, not-found rate, median time per question after ingestion.

Usage: python -m scripts.bench_answer [--questions FILE] [--pdfs DIR] [--budget-chars N]
"""

from __future__ import annotations

import statistics
import tempfile
import time

from docintel.pipeline import Pipeline
from docintel.scoring import gold_number, number_found
from docintel.settings import load_settings
from scripts import benchdata


def main() -> None:
    parser = benchdata.parser(__doc__.splitlines()[0])
    parser.add_argument("--budget-chars", type=int, default=12000)
    args = parser.parse_args()
    questions = benchdata.load_records(args.questions)
    with tempfile.TemporaryDirectory() as traces:
        pipeline = Pipeline(load_settings({"backend": "extractive", "traces_dir": traces, "budget_chars": args.budget_chars}))
        docs = {d.meta.doc_id: d for d in pipeline.ingest(sorted({args.pdfs / f"{q['doc_name']}.pdf" for q in questions})).documents}
        passed = not_found = numeric = numeric_hits = 0
        times = []
        for q in questions:
            started = time.perf_counter()
            result = pipeline.ask(q["question"], documents=[docs[q["doc_name"]]])
            times.append(time.perf_counter() - started)
            status = result.verification.status
            passed += status in ("verified", "not_found")
            not_found += status == "not_found"
            gold = gold_number(q["answer"])
            if gold is not None:
                numeric += 1
                cited = " ".join(s.quote for s in result.verification.spans if s.verdict == "verified")
                numeric_hits += number_found(gold, cited)
    n = len(questions)
    print(f"questions                          : {n}")
    print(f"verification passes                : {passed / n:.3f}  ({passed}/{n})   must be 1.0")
    print(f"not found                          : {not_found / n:.3f}")
    print(f"numeric gold value in cited lines  : {numeric_hits / max(numeric, 1):.3f}  ({numeric_hits}/{numeric})")
    print(f"median time per question           : {statistics.median(times) * 1000:.1f} ms (after ingestion; trace written)")


if __name__ == "__main__":
    main()
