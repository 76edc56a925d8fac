"""Benchmark retrieval + packing on FinanceBench: is a gold evidence page among the pages sent?

Usage: python -m scripts.bench_context [--budget-chars 12000] [--questions FILE] [--pdfs DIR] [--show-misses]
Prints: share of questions with a gold page in the context, share of gold evidence lines found
verbatim (whitespace and case folded), median retrieval+packing time per question.
"""

from __future__ import annotations

import statistics
import time

from docintel.pipeline import Pipeline
from docintel.scoring import evidence_share, gold_evidence_lines, gold_pages
from docintel.settings import load_settings
from docintel.textnorm import squash
from scripts import benchdata


def main() -> None:
    parser = benchdata.parser(__doc__.splitlines()[0])
    parser.add_argument("--budget-chars", type=int, default=12000)
    parser.add_argument("--show-misses", action="store_true")
    args = parser.parse_args()
    questions = benchdata.load_records(args.questions)
    pipeline = Pipeline(load_settings({"budget_chars": args.budget_chars}))
    docs = {
        d.meta.doc_id: d for d in pipeline.ingest([args.pdfs / f"{q['doc_name']}.pdf" for q in questions]).documents
    }
    hits, line_shares, times, sizes = 0, [], [], []
    for q in questions:
        document = docs[q["doc_name"]]
        started = time.perf_counter()
        prepared = pipeline.prepare(q["question"], documents=[document], budget_chars=args.budget_chars)
        times.append(time.perf_counter() - started)
        context = prepared.context
        pages = {p for s in context.sources for p in s.pages}
        sent = squash(" ".join(line.text for s in context.sources for line in s.lines))
        line_shares.append(evidence_share(gold_evidence_lines(q), sent) or 0.0)
        sizes.append(context.budget.used_chars)
        hit = bool(pages & gold_pages(q))
        hits += hit
        if args.show_misses and not hit:
            print(
                f"MISS {q['financebench_id']} {q['doc_name']} gold={sorted(gold_pages(q))} "
                f"sent={sorted(pages)[:20]}\n     {q['question'][:150]}"
            )
    n = len(questions)
    print(f"questions: {n}   budget: {args.budget_chars} chars")
    print(f"gold page among pages sent : {hits / n:.3f}  ({hits}/{n})   target >= 0.85")
    print(f"gold evidence lines found  : {statistics.mean(line_shares):.3f}")
    print(f"mean context size          : {statistics.mean(sizes):,.0f} chars")
    print(
        f"median retrieval+packing   : {statistics.median(times) * 1000:.1f} ms/question   target < 50 ms "
        f"(p90 {sorted(times)[int(0.9 * n)] * 1000:.1f} ms)"
    )


if __name__ == "__main__":
    main()
