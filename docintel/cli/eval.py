"""``docintel eval``: score a gold question set, with ablations, A/B comparison and budget sweeps."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import EXIT_INPUT, EXIT_OK, ConfigError, QuestionFileError, UsageError, storage_error
from ..outfile import check_output_path, write_text_keeping_mode
from ..render import eval as render_eval
from ..settings import MIN_BUDGET_CHARS, Settings, settings_from_file
from .common import add_command, answer_flags, common_flags, make_reporter, settings_from_flags

if TYPE_CHECKING:
    from ..apps.batch import QuestionRow, QuestionTargets
    from ..apps.evaluate import RunReport
    from ..progress import Reporter

# The names of the ablations, for --help without importing the evaluation machinery.
ABLATION_NAMES = (
    "keywords",
    "heading_labels",
    "table_headers",
    "escalation",
    "synonyms",
    "section_hints",
    "statement_pages",
    "section_titles",
    "page_hints",
    "page_diversity",
    "routing",
    "sequential",
    "examples",
)


EVAL_HELP = f"""\
Score docintel on QUESTIONS with gold data, the same way every time.

QUESTIONS: as for batch (.jsonl/.csv/.txt), with gold evidence pages (FinanceBench's
`evidence` with 0-based `evidence_page_num`, or `gold_pages` with 1-based pages) and/or gold
answers (`answer`, `gold_answer` or `expected`). FinanceBench's questions.jsonl works as is.

Scores per question and in total: page recall (a gold page among the pages sent), evidence
share (gold evidence lines found in the context), context size and share of the budget,
citation verdicts, answer match (scored on the answer's item values, never on quotes: numbers
within 1% of the gold, sign kept for a negative gold, only the scalings stated units imply;
short text by containment), not-found rate. Every answered question leaves its trace.

--ablate SECTION (repeatable; one of: {", ".join(ABLATION_NAMES)}) drops one part of the
assembly and reports the change against the full assembly, with the questions that flipped.
--compare A.json B.json runs two settings files (any setting: budget, backend, retrieval).
--budget-chars 3000,6000,12000 sweeps budgets; --plot recall.png draws recall against budget.
--baseline OLD_REPORT.json compares this run with an earlier eval report question by question
(matched by id; the run with the same label, else its first): gold pages that flipped between
sent and not sent, answer matches that flipped, answers that now state something else, and
the totals before and after.

A question file with no gold data is refused (use docintel batch to answer without scoring).
Questions that cannot be scored (a missing or unreadable document) are listed on stderr and
left out of every score. --out never overwrites an input, and replaces an existing file only
when it is an earlier eval report (or with --force); --plot needs a .png name.

exit codes: 0 every question scored; 2 usage (bad flag, refused --out/--plot); 3 no gold data,
or some question could not be scored; 5 model error; 7 the report, plot or a trace cannot be
written.

example: docintel eval questions.jsonl pdfs/ --ablate synonyms --budget-chars 6000,12000 --out report.json"""


def register(sub: Any) -> None:
    """Add ``eval``."""
    p = add_command(
        sub,
        "eval",
        cmd_eval,
        help="score a gold question set: recall, citations, answers; ablations, A/B, sweeps",
        description=EVAL_HELP,
    )
    p.add_argument("questions", type=Path, metavar="QUESTIONS")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    answer_flags(p)
    p.add_argument("--budget-chars", help="evidence budget in characters, or a comma list for a sweep (default 12000)")
    p.add_argument(
        "--ablate", action="append", default=[], metavar="SECTION", help="drop one part: " + ", ".join(ABLATION_NAMES)
    )
    p.add_argument(
        "--compare",
        nargs=2,
        type=Path,
        metavar=("SETTINGS_A", "SETTINGS_B"),
        help="two JSON settings files to run side by side",
    )
    p.add_argument(
        "--baseline",
        type=Path,
        metavar="OLD_REPORT",
        help="an earlier eval --out report: list the questions whose page hit, answer match or answer changed",
    )
    p.add_argument("--limit", type=int, help="only the first N questions")
    p.add_argument(
        "--out",
        type=Path,
        help="write the full report as JSON (never over an input; an existing file "
        "must be an eval report unless --force)",
    )
    p.add_argument("--plot", type=Path, help="draw recall against budget to this PNG (needs matplotlib)")
    p.add_argument("--force", action="store_true", help="replace an existing --out/--plot file that is not ours")
    p.add_argument("--json", action="store_true", help="print the report as JSON instead of tables")
    common_flags(p)


def _budgets(value: str | None) -> list[int] | None:
    if not value:
        return None
    try:
        budgets = [int(v) for v in value.split(",") if v.strip()]
    except ValueError:
        raise UsageError(
            f"--budget-chars {value!r} is not a number or a comma list", "write e.g. 12000 or 3000,6000,12000"
        ) from None
    if not budgets or min(budgets) < MIN_BUDGET_CHARS:
        raise UsageError(
            f"--budget-chars {value!r}: budgets must be at least {MIN_BUDGET_CHARS}", "write e.g. 3000,6000,12000"
        )
    return budgets


def cmd_eval(args: argparse.Namespace) -> int:
    from ..apps.baseline import compare_with_baseline, load_report
    from ..apps.batch import load_questions
    from ..apps.evaluate import ABLATIONS, has_gold, prepare_documents, report_json
    from ..pipeline import Pipeline

    unknown = [a for a in args.ablate if a not in ABLATIONS]
    if unknown:
        raise UsageError(f"unknown --ablate section {unknown[0]!r}", "choose from " + ", ".join(ABLATIONS))
    budgets = _budgets(args.budget_chars)
    base = settings_from_flags(args, budget_chars=None)  # budgets come from --budget-chars as a list
    baseline = load_report(args.baseline) if args.baseline else None  # a bad baseline fails before any work
    inputs = [args.questions, *args.paths, *(args.compare or []), *([args.baseline] if args.baseline else [])]
    if args.out:
        check_output_path(args.out, inputs, force=args.force, is_ours=is_eval_report, kind="eval report")
    if args.plot:
        if args.plot.suffix.lower() != ".png":
            raise UsageError(f"--plot {args.plot} does not end in .png", "name the picture e.g. recall.png")
        check_output_path(args.plot, inputs, force=args.force, is_ours=_is_png, kind="plot")
    rows = load_questions(args.questions)[: args.limit or None]
    if not any(has_gold(row) for row in rows):
        raise QuestionFileError(
            f"{args.questions}: no question has gold data to score against",
            "add gold pages (FinanceBench 'evidence' or 'gold_pages') or gold answers "
            "('answer', 'gold_answer' or 'expected'); to answer without scoring use docintel batch",
        )
    reporter = make_reporter(args, base)
    pipeline = Pipeline(base, args.password, reporter)
    pipeline.store.check_writable()  # every question leaves a trace: say so before any work
    targets = prepare_documents(pipeline, rows, args.paths)
    routed = any(row.doc is None for row in rows) and pipeline.corpus(args.paths).documents
    if not targets.documents and not routed:
        raise QuestionFileError(
            "no readable document among the given paths: "
            + ("; ".join(sorted({f.message for f in targets.doc_errors.values()})[:3]) or "none found"),
            "check the PATH arguments",
        )
    runs, sections, flipped = _runs(args, base, budgets, rows, targets, reporter)
    against = compare_with_baseline(runs[0], baseline, args.baseline) if baseline is not None else None
    report = report_json(
        runs,
        {
            "questions_file": str(args.questions),
            "ablations": args.ablate,
            "flips": flipped,
            "compare": [str(p) for p in args.compare] if args.compare else None,
            "baseline": against,
        },
    )
    if args.out:
        write_text_keeping_mode(args.out, json.dumps(report, ensure_ascii=False, indent=1))
    if args.plot:
        _plot(runs, args.plot)
    code = _exit_code(runs)
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
        return code
    print(render_eval.eval_report(sections, flipped, runs, args.out, args.plot))
    if against is not None:
        print(render_eval.baseline_report(against))
    for line in render_eval.eval_errors(runs):
        print(line, file=sys.stderr)
    return code


def is_eval_report(path: Path) -> bool:
    """Whether *path* holds a report written by ``docintel eval --out``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and (data.get("program") or {}).get("name") == "docintel" and "runs" in data


def _is_png(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(8) == b"\x89PNG\r\n\x1a\n"
    except OSError:
        return False


def _exit_code(runs: list[RunReport]) -> int:
    """0 when every question was scored; else the exit code of the first error (3: a document is missing)."""
    for report in runs:
        for row in report.rows:
            if row.error:
                return row.error_exit_code or EXIT_INPUT
    return EXIT_OK


Section = tuple[str, list["RunReport"], "RunReport | None"]


def _runs(
    args: argparse.Namespace,
    base: Settings,
    budgets: list[int] | None,
    rows: list[QuestionRow],
    targets: QuestionTargets,
    reporter: Reporter,
) -> tuple[list[RunReport], list[Section], dict[str, dict[str, list[str]]]]:
    from ..apps.evaluate import ABLATIONS, flips, run

    runs: list[RunReport] = []
    sections: list[Section] = []
    flipped: dict[str, dict[str, list[str]]] = {}
    if args.compare:
        variants = [(path.stem, settings_from_file(path, base)) for path in args.compare]
        for budget in [*budgets] if budgets else [None]:
            pair = [
                run(
                    label if budget is None else f"{label}@{budget}",
                    s if budget is None else s.model_copy(update={"budget_chars": budget}),
                    rows,
                    targets,
                    reporter,
                )
                for label, s in variants
            ]
            runs.extend(pair)
            sections.append((f"compare {pair[0].label} vs {pair[1].label}", pair, pair[0]))
            flipped[f"{pair[0].label} -> {pair[1].label}"] = flips(pair[0], pair[1])
        return runs, sections, flipped
    sweep = [
        run(f"full@{b}", base.model_copy(update={"budget_chars": b}), rows, targets, reporter)
        for b in (budgets or [base.budget_chars])
    ]
    runs.extend(sweep)
    sections.append(("budget sweep" if len(sweep) > 1 else "full assembly", sweep, None))
    if args.ablate:
        full = next((r for r in sweep if r.budget_chars == base.budget_chars), sweep[-1])
        group = [full]
        for name in args.ablate:
            variant = base.model_copy(update={"budget_chars": full.budget_chars, **ABLATIONS[name]})
            ablated = run(f"-{name}@{full.budget_chars}", variant, rows, targets, reporter)
            group.append(ablated)
            flipped[f"ablate {name}"] = flips(full, ablated)
        runs.extend(group[1:])
        sections.append(("ablations (change against the full assembly)", group, full))
    return runs, sections, flipped


def _plot(runs: list[RunReport], path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ConfigError("--plot needs matplotlib, which is not installed", "pip install 'docintel[plot]'") from None
    series: dict[str, list[tuple[int, float]]] = {}
    for report in runs:
        if report.label.startswith("-"):
            continue  # ablations are single points, not a curve
        name = report.label.split("@")[0]
        if report.totals.get("page_recall") is not None:
            series.setdefault(name, []).append((report.budget_chars, report.totals["page_recall"]))
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for name, points in series.items():
        points.sort()
        ax.plot([b for b, _ in points], [r for _, r in points], marker="o", label=f"{name}: page recall")
    ax.set_xlabel("evidence budget (characters)")
    ax.set_ylabel("share of questions with a gold page in the context")
    ax.set_ylim(0, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    ax.set_title("docintel: evidence recall against budget")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, dpi=120, bbox_inches="tight")
    except OSError as exc:
        raise storage_error("write the plot to", path, exc, "choose a writable --plot path") from None
    finally:
        plt.close(fig)
