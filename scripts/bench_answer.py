"""Benchmark the extractive backend's answers against FinanceBench gold (offline, no model).

Measures what can fail (the extractive quotes are context lines by construction, so "the
citations verify" cannot):

- gold page cited: share of questions where a verified citation points at a gold evidence
  page (FinanceBench ``evidence_page_num``, 0-based, read with docintel.apps.scoring.gold_pages);
- lookup answer match, strict: on the questions whose numeric gold value is printed in the gold
  evidence (information-extraction lookups), share whose answer ITEM VALUES state the gold
  (docintel.apps.evaluate.answer_matches: 1% relative, sign kept, scalings only as units state;
  numbers that appear only in quotes do not count). Reported (no target: precision comes first);
- numeric answer match, strict: the same over every question with a numeric gold;
- precision of the supported mark: of the answers marked ``supported`` that state a number, the
  share that are right (numeric gold questions). Target >= 0.90;
- coverage: right and supported over the questions with a numeric gold answer. Target >= 0.40;
- wrong but supported: numeric answers marked ``supported`` whose value is not the gold. At most 2
  over all questions;
- text supported without a checked claim: answers to questions without a numeric gold headlined
  ``supported`` whose items carry no check that held beyond the quote (no value, no relevance).
  Must be 0;
- unsupported shown with a check mark: items whose value, period or calculation check failed but
  whose printed report shows ``value ✓`` without a failed level, or answers not supported whose
  headline says supported. Must be 0.

Each figure is printed for all questions and for a 2-fold split (first half / second half of
the question file), so a change tuned to one half shows on the other. The run fails (exit 1)
when a target is missed on either half.

Usage: python -m scripts.bench_answer [--questions FILE] [--pdfs DIR] [--budget-chars N]
       [--target-cited 0.25] [--target-precision 0.90] [--target-coverage 0.40] [--max-wrong-supported 2] [--show]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from dataclasses import dataclass

from docintel.apps.evaluate import answer_matches
from docintel.apps.scoring import gold_pages, gold_quantity, number_found
from docintel.ingest.documents import Document
from docintel.pipeline import Pipeline
from docintel.render.reports import answer_report
from docintel.results import AskResult
from docintel.settings import load_settings
from scripts import benchdata


@dataclass
class Scored:
    """One question's outcome."""

    id: str
    gold_pages: set[int]
    cited_pages: set[int]
    numeric: bool
    lookup: bool  # the numeric gold is printed in the gold evidence
    match: bool | None  # an item value states the gold (None: gold is not a number)
    supported: bool  # the answer is marked supported and states a number
    text_supported_unchecked: bool  # a non-numeric question headlined supported with no check beyond the quote
    shown_wrongly: int  # unsupported items or answers shown with a check mark
    not_found: bool
    verified: bool  # every citation verified (an invariant of the extractive backend, checked, not a target)
    seconds: float


def shown_wrongly(result: AskResult) -> int:
    """Items whose checks failed but whose report shows 'value ✓' with no failed level, plus a wrong headline."""
    report = answer_report(result.to_json())
    lines = [line for line in report.splitlines() if line.strip().startswith("checks:")]
    failed = [c for c in result.verification.items if not c.holds]
    wrong = sum(1 for line in lines if "✗" not in line) - sum(1 for c in result.verification.items if c.holds)
    headline = report.splitlines()[0]
    return max(wrong, 0) + (bool(failed) and "— supported" in headline)


def score(question: dict, document: Document, pipeline: Pipeline) -> Scored:
    started = time.perf_counter()
    result = pipeline.ask(question["question"], documents=[document])
    seconds = time.perf_counter() - started
    spans = result.verification.spans
    cited = {p for s in spans if s.verdict == "verified" for p in s.pages}
    gold = gold_quantity(question["answer"], question["question"])
    evidence = "\n".join(e.get("evidence_text") or "" for e in question.get("evidence") or [])
    states_number = any(getattr(getattr(i, "amount", None), "value", None) is not None for i in result.answer.items)
    return Scored(
        id=question["financebench_id"],
        gold_pages=gold_pages(question),
        cited_pages=cited,
        numeric=gold is not None,
        lookup=gold is not None and number_found(gold, evidence),
        match=None if gold is None else bool(answer_matches(question["answer"], result.answer, question["question"])),
        supported=result.verification.overall == "supported" and states_number,
        text_supported_unchecked=gold is None
        and result.verification.overall == "supported"
        and not any(_checked_claim(c) for c in result.verification.items),
        shown_wrongly=shown_wrongly(result),
        not_found=result.verification.status == "not_found",
        verified=all(s.verdict == "verified" for s in spans),
        seconds=seconds,
    )


def _checked_claim(check) -> bool:
    """A check beyond the quote held: a value, a concept or the quotes' relevance."""
    return "supported" in (check.value_check, check.concept_check, check.relevance_check)


def share(values: list[bool]) -> tuple[float, int, int]:
    hits = sum(values)
    return (hits / len(values) if values else float("nan")), hits, len(values)


def figures(rows: list[Scored]) -> dict[str, tuple[float, int, int]]:
    numeric = [r for r in rows if r.numeric]
    return {
        "gold page cited": share([bool(r.cited_pages & r.gold_pages) for r in rows if r.gold_pages]),
        "lookup answer match (item values)": share([bool(r.match) for r in numeric if r.lookup]),
        "numeric answer match (item values)": share([bool(r.match) for r in numeric]),
        "precision of the supported mark": share([bool(r.match) for r in numeric if r.supported]),
        "coverage (right and supported)": share([bool(r.match) and r.supported for r in numeric]),
        "wrong but supported": share([not r.match and r.supported for r in numeric]),
        "text supported without a checked claim": share([r.text_supported_unchecked for r in rows if not r.numeric]),
        "not found": share([r.not_found for r in rows]),
    }


def main() -> int:
    parser = benchdata.parser(__doc__.splitlines()[0])
    parser.add_argument("--budget-chars", type=int, default=12000)
    parser.add_argument("--target-cited", type=float, default=0.25, help="least gold-page citation, each half")
    parser.add_argument("--target-precision", type=float, default=0.90, help="least precision of 'supported'")
    parser.add_argument("--target-coverage", type=float, default=0.40, help="least right-and-supported share")
    parser.add_argument("--max-wrong-supported", type=int, default=2, help="most wrong-but-supported, all questions")
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
                f"{r.id:24} gold={sorted(r.gold_pages)} cited={sorted(r.cited_pages)} lookup={r.lookup} "
                f"match={r.match} supported={r.supported} not_found={r.not_found}"
            )
    half = len(rows) // 2
    folds = {"all": rows, "first half": rows[:half], "second half": rows[half:]}
    table = {name: figures(part) for name, part in folds.items()}
    print(
        f"questions: {len(rows)} ({sum(r.numeric for r in rows)} with a numeric gold answer, "
        f"{sum(r.lookup for r in rows)} of them lookups)   budget: {args.budget_chars} chars   backend: extractive"
    )
    print(f"{'':40}" + "".join(f"{name:>22}" for name in folds))
    for metric in table["all"]:
        cells = "".join(
            f"{value:>10.3f} ({hits:>2}/{n:>2})    " for value, hits, n in (table[fold][metric] for fold in folds)
        )
        print(f"{metric:40}{cells}")
    broken = [r.id for r in rows if not r.verified]
    wrongly = sum(r.shown_wrongly for r in rows)
    print(f"{'all citations verified (invariant)':40}{'yes' if not broken else 'NO: ' + ', '.join(broken)}")
    print(f"{'unsupported shown with a check mark':40}{wrongly}")
    print(
        f"{'median time per question':40}{statistics.median(r.seconds for r in rows) * 1000:.1f} ms "
        "(after ingestion; trace written)"
    )
    failures = []
    for name in ("first half", "second half"):
        checks = [
            ("gold page cited", args.target_cited),
            ("precision of the supported mark", args.target_precision),
            ("coverage (right and supported)", args.target_coverage),
        ]
        for metric, target in checks:
            value = table[name][metric][0]
            if not value >= target:
                failures.append(f"{name}: {metric} {value:.3f} < {target}")
    if broken:
        failures.append(f"{len(broken)} answers with a failed citation (the extractive backend must never have one)")
    wrong_supported = table["all"]["wrong but supported"][1]
    if wrong_supported > args.max_wrong_supported:
        failures.append(f"{wrong_supported} wrong but supported > {args.max_wrong_supported}")
    if table["all"]["text supported without a checked claim"][1]:
        failures.append("text answers headlined supported without a checked claim")
    if wrongly:
        failures.append(f"{wrongly} unsupported items or answers shown with a check mark")
    print(
        f"targets: gold page cited >= {args.target_cited}, supported precision >= {args.target_precision} and "
        f"coverage >= {args.target_coverage} on each half, wrong but supported <= {args.max_wrong_supported}, "
        "no text supported without a checked claim, none shown wrongly: "
        + ("PASS" if not failures else "FAIL\n  " + "\n  ".join(failures))
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
