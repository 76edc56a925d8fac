"""Benchmark the extractive backend's answers against FinanceBench gold (offline, no model).

Measures what can fail (the extractive quotes are context lines by construction, so "the
citations verify" cannot):

- gold page cited: share of questions where a verified citation points at a gold evidence
  page (FinanceBench ``evidence_page_num``, 0-based, read with docintel.scoring.gold_pages);
- answer match, strict: share of questions with a numeric gold answer whose gold number is
  among the numbers of the cited lines (docintel.scoring.gold_number / number_found: 1%
  tolerance and unit scaling, nothing else); also for the first item's line alone.

Each figure is printed for all questions and for a 2-fold split (first half / second half of
the question file), so a change tuned to one half shows on the other. The run fails (exit 1)
when gold-page citation falls below --target-cited or numeric answer match below
--target-match on either half.

Usage: python -m scripts.bench_answer [--questions FILE] [--pdfs DIR] [--budget-chars N]
       [--target-cited 0.25] [--target-match 0.15] [--show]
The default targets are regression floors just under the figures of this split (0.29 / 0.20
on the weaker half at the time of writing): losing two gold-page citations or one numeric
match on a half fails.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from dataclasses import dataclass

from docintel.ingest import Document
from docintel.pipeline import AskResult, Pipeline
from docintel.scoring import gold_number, gold_pages, number_found
from docintel.settings import load_settings
from scripts import benchdata


@dataclass
class Scored:
    """One question's outcome."""

    id: str
    gold_pages: set[int]
    cited_pages: set[int]
    numeric: bool
    match_any: bool | None  # gold number among the numbers of all cited lines (None: gold is not a number)
    match_first: bool | None  # ... of the first item's cited lines
    not_found: bool
    verified: bool  # every citation verified (an invariant of the extractive backend, checked, not a target)
    seconds: float


def cited_text(result: AskResult, document: Document, first_item_only: bool = False) -> str:
    """The full text of the lines cited by verified spans (all items, or the first item's)."""
    texts = document.lines["text"].tolist()
    parts = []
    for span in result.verification.spans:
        if span.verdict != "verified" or (first_item_only and span.item != 0):
            continue
        parts.extend(texts[span.line_start - 1 : span.line_end])
    return "\n".join(parts)


def score(question: dict, document: Document, pipeline: Pipeline) -> Scored:
    started = time.perf_counter()
    result = pipeline.ask(question["question"], documents=[document])
    seconds = time.perf_counter() - started
    spans = result.verification.spans
    cited = {p for s in spans if s.verdict == "verified" for p in s.pages}
    gold = gold_number(question["answer"])
    return Scored(
        id=question["financebench_id"],
        gold_pages=gold_pages(question),
        cited_pages=cited,
        numeric=gold is not None,
        match_any=None if gold is None else number_found(gold, cited_text(result, document)),
        match_first=None if gold is None else number_found(gold, cited_text(result, document, first_item_only=True)),
        not_found=result.verification.status == "not_found",
        verified=all(s.verdict == "verified" for s in spans),
        seconds=seconds,
    )


def share(values: list[bool]) -> tuple[float, int, int]:
    hits = sum(values)
    return (hits / len(values) if values else float("nan")), hits, len(values)


def figures(rows: list[Scored]) -> dict[str, tuple[float, int, int]]:
    numeric = [r for r in rows if r.numeric]
    return {
        "gold page cited": share([bool(r.cited_pages & r.gold_pages) for r in rows if r.gold_pages]),
        "numeric answer match (any cited line)": share([bool(r.match_any) for r in numeric]),
        "numeric answer match (first item)": share([bool(r.match_first) for r in numeric]),
        "not found": share([r.not_found for r in rows]),
    }


def main() -> int:
    parser = benchdata.parser(__doc__.splitlines()[0])
    parser.add_argument("--budget-chars", type=int, default=12000)
    parser.add_argument(
        "--target-cited",
        type=float,
        default=0.25,
        help="least share of questions citing a gold page, on each half (default 0.25)",
    )
    parser.add_argument(
        "--target-match",
        type=float,
        default=0.15,
        help="least numeric answer match (any cited line), on each half (default 0.15)",
    )
    parser.add_argument("--show", action="store_true", help="print one line per question")
    args = parser.parse_args()
    questions = benchdata.load_records(args.questions)
    with tempfile.TemporaryDirectory() as traces:
        settings = load_settings({"backend": "extractive", "traces_dir": traces, "budget_chars": args.budget_chars})
        pipeline = Pipeline(settings)
        paths = sorted({args.pdfs / f"{q['doc_name']}.pdf" for q in questions})
        docs = {d.meta.doc_id: d for d in pipeline.ingest(paths).documents}
        rows = [score(q, docs[q["doc_name"]], pipeline) for q in questions]
    if args.show:
        for r in rows:
            print(
                f"{r.id:24} gold={sorted(r.gold_pages)} cited={sorted(r.cited_pages)} "
                f"match={r.match_any} first={r.match_first} not_found={r.not_found}"
            )
    half = len(rows) // 2
    folds = {"all": rows, "first half": rows[:half], "second half": rows[half:]}
    table = {name: figures(part) for name, part in folds.items()}
    print(
        f"questions: {len(rows)} ({sum(r.numeric for r in rows)} with a numeric gold answer)   "
        f"budget: {args.budget_chars} chars   backend: extractive"
    )
    print(f"{'':40}" + "".join(f"{name:>22}" for name in folds))
    for metric in table["all"]:
        cells = "".join(
            f"{value:>10.3f} ({hits:>2}/{n:>2})    " for value, hits, n in (table[fold][metric] for fold in folds)
        )
        print(f"{metric:40}{cells}")
    broken = [r.id for r in rows if not r.verified]
    print(f"{'all citations verified (invariant)':40}{'yes' if not broken else 'NO: ' + ', '.join(broken)}")
    print(
        f"{'median time per question':40}{statistics.median(r.seconds for r in rows) * 1000:.1f} ms "
        "(after ingestion; trace written)"
    )
    failures = []
    for name in ("first half", "second half"):
        cited = table[name]["gold page cited"][0]
        match = table[name]["numeric answer match (any cited line)"][0]
        if not cited >= args.target_cited:
            failures.append(f"{name}: gold page cited {cited:.3f} < {args.target_cited}")
        if not match >= args.target_match:
            failures.append(f"{name}: numeric answer match {match:.3f} < {args.target_match}")
    if broken:
        failures.append(f"{len(broken)} answers with a failed citation (the extractive backend must never have one)")
    print(
        f"target: gold page cited >= {args.target_cited} and numeric answer match >= {args.target_match} "
        "on each half: " + ("PASS" if not failures else "FAIL\n  " + "\n  ".join(failures))
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
