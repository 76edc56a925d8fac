"""CLI subcommands for batch answering and trace review: ``batch`` and ``traces``."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import textwrap
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .errors import EXIT_CHECK_FAILED, EXIT_INPUT, EXIT_OK, UsageError

# The statuses a trace can have (final, answer or verification), for --status.
TRACE_STATUSES = ("ok", "error", "citation_failed", "verified", "failed", "no_citations", "found", "not_found", "refused")
from .pricing import input_limit
from .render import print_text
from .settings import load_settings
from .traces import TraceStore

BATCH_HELP = """\
Answer every question of QUESTIONS from the PDFs in PATH (files or folders).

QUESTIONS: .txt (one question a line), .jsonl or .csv with `id`, `question` and an optional
`doc` naming the PDF the question is about (file name or stem); other fields pass through
to the output (e.g. gold answers; a field named like an output field, such as `answer`,
passes through as `input_answer`). FinanceBench files (financebench_id, doc_name) work as
they are. Without ids, a stable id is derived from the question text.

Output (--out): one JSON line per question: id, question, passed-through fields, answer,
verification_status, citations, usage, trace_id, error. A new output is written to a
temporary file beside it and renamed into place when the run ends. Rerunning with the same
--out skips ids already answered and appends (failed ones are retried; lines cut by a crash
are dropped first). --out is refused when it is one of the inputs, a folder, or an existing
file that is not docintel batch output (its first line is checked); --force replaces such a
file. Every question's trace must be written: the run stops at the first trace that cannot
be (exit 7), and checks the traces folder before it starts.
--force never restarts our own output: delete it to start over. Ctrl-C stops at once (exit
130); what was answered is kept and a rerun resumes. Documents that cannot be read are listed on
stderr; questions about them fail with the document's own error.

exit codes: 0 every question answered with verified citations; 2 usage (a refused --out, bad
flag); 3 the question file or a document cannot be used; 4 configuration (no API key for
--backend openai); 6 some questions failed or some citations failed; 7 a trace or the output
cannot be written; 130 interrupted.

example: docintel batch questions.jsonl reports/ --out answers.jsonl --workers 4"""


def add_review_commands(sub, common, answer_flags, retrieval_flags, non_negative) -> None:
    """Register ``batch`` and ``traces`` on the subcommand parser."""
    p = sub.add_parser("batch", help="answer a question file (resumable, concurrent)", description=BATCH_HELP,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("questions", type=Path, metavar="QUESTIONS")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    p.add_argument("--out", type=Path, required=True, help="output JSONL file (resumable: a rerun appends the rest)")
    p.add_argument("--force", action="store_true",
                   help="replace an existing --out file that is not docintel batch output (never an input file)")
    p.add_argument("--workers", type=int, default=4, help="questions answered at once (default 4)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    answer_flags(p)
    retrieval_flags(p)
    common(p)

    t = sub.add_parser("traces", help="review stored traces: list, show, verify, replay, stats",
                       description="Review what was asked, what the model saw, what it answered, what failed\n"
                                   "verification and what it cost. IDs may be abbreviated to a unique prefix.",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    tsub = t.add_subparsers(dest="traces_command", metavar="ACTION", required=True)
    lp = tsub.add_parser("list", help="newest first, one line each")
    lp.add_argument("--limit", type=non_negative, default=20, help="show at most N traces (default 20; 0 = all)")
    lp.add_argument("--status", choices=TRACE_STATUSES, metavar="STATUS",
                    help="only traces whose final, answer or verification status is STATUS: " + ", ".join(TRACE_STATUSES))
    lp.add_argument("--since", help="only traces created on or after DATE (YYYY-MM-DD or ISO time)")
    lp.add_argument("--grep", help="only traces whose question contains TEXT (case-insensitive)")
    lp.add_argument("--json", action="store_true")
    sp = tsub.add_parser("show", help="the question, sources sent, answer, citations and verdicts, usage")
    sp.add_argument("id")
    sp.add_argument("--json", action="store_true", help="print the whole trace")
    sp.add_argument("--prompt", action="store_true", help="print the exact system and user prompt")
    vp = tsub.add_parser("verify", help="verify a stored answer again against the current documents",
                         description="Verify a stored answer again against the documents as they are now. Each\n"
                                     "document is looked for at the absolute path the trace recorded; when it has\n"
                                     "moved, --doc PATH names it, or --search FOLDER finds it by content hash.\n"
                                     "Traces are read from ./traces unless --traces-dir or DOCINTEL_TRACES_DIR.\n\n"
                                     "exit codes: 0 every citation holds; 3 the trace or a document is missing;\n"
                                     "6 a citation fails now.",
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    vp.add_argument("id")
    vp.add_argument("--json", action="store_true")
    rp = tsub.add_parser("replay", help="send the stored request again; store a new trace linked to it",
                         description="Send the stored prompt again with the stored settings (model, API, output\n"
                                     "limit) and verify the new answer; the new trace names the old one in\n"
                                     "replay_of. Documents are found as for verify (--doc, --search).\n\n"
                                     "exit codes: 0 ok; 3 the trace or a document is missing; 5 model error;\n"
                                     "7 the new trace cannot be written (the answer is still shown).",
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    rp.add_argument("id")
    rp.add_argument("--json", action="store_true")
    st = tsub.add_parser("stats", help="answer/verification rates, tokens, cost, latency, context utilisation")
    st.add_argument("--last", type=non_negative, default=100, help="over the last N traces (default 100; 0 = all)")
    st.add_argument("--json", action="store_true")
    for parser in (lp, sp, st):
        parser.add_argument("--traces-dir", type=Path, help="traces folder (DOCINTEL_TRACES_DIR; default ./traces)")
    for parser in (vp, rp):
        common(parser)  # --cache-dir, --traces-dir, --password, --quiet as everywhere
        parser.add_argument("--doc", action="append", type=Path, default=[], metavar="PATH",
                            help="where a document of the trace is now (repeatable); matched by content hash, "
                                 "or by file name when it changed")
        parser.add_argument("--search", action="append", type=Path, default=[], metavar="FOLDER",
                            help="find moved documents by content hash among the PDFs in FOLDER (repeatable)")


def _pipeline(args: argparse.Namespace, **extra: Any):
    from .cli import make_pipeline

    return make_pipeline(args, **extra)


def cmd_batch(args: argparse.Namespace) -> int:
    from .batch import check_output, load_questions, run_batch

    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1 (got {args.workers})", "use --workers 1 for one at a time")
    check_output(args.out, [args.questions, *args.paths], force=args.force)
    pipeline = _pipeline(args)
    questions = load_questions(args.questions)
    pipeline.backend  # noqa: B018 — fail on a missing key before any question is tried
    summary = run_batch(pipeline, questions, args.paths, args.out, workers=args.workers)
    data = summary.__dict__
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        cost = "unknown (model price not known)" if summary.cost_usd is None else f"${summary.cost_usd:.4f}"
        print(f"questions: {summary.total} ({summary.skipped} already answered in {args.out}"
              f"{f', {summary.dropped_lines} damaged lines dropped' if summary.dropped_lines else ''})\n"
              f"answered: {summary.answered}   not found: {summary.not_found}   errors: {summary.errors}\n"
              f"citations verified: {summary.citations_verified}   failed: {summary.citations_failed}\n"
              f"tokens in/out: {summary.input_tokens}/{summary.output_tokens}   estimated cost: {cost}\n"
              f"wall time: {summary.wall_s:.1f} s   output: {args.out}")
    for message in summary.failed_documents:
        print_text(f"error: {message}", file=sys.stderr)
    if summary.failed_documents:
        return EXIT_INPUT
    return EXIT_OK if summary.ok() else EXIT_CHECK_FAILED


# ---------------------------------------------------------------------------- traces

def _store(args: argparse.Namespace) -> TraceStore:
    return TraceStore(load_settings({"traces_dir": args.traces_dir}).traces_dir)


def _since(value: str) -> str:
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise UsageError(f"--since {value!r} is not a date", "write YYYY-MM-DD or an ISO time") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).isoformat()


def cmd_traces_list(args: argparse.Namespace) -> int:
    rows, problems = _store(args).rows()
    since = _since(args.since) if args.since else None
    wanted = []
    for row in reversed(rows):
        if args.status and args.status not in (row.get("final"), row.get("answer_status"), row.get("verification_status")):
            continue
        if since and (row.get("created_at") or "") < since:
            continue
        if args.grep and args.grep.casefold() not in (row.get("question") or "").casefold():
            continue
        wanted.append(row)
        if args.limit and len(wanted) >= args.limit:
            break
    if args.json:
        print(json.dumps({"traces": wanted, "problems": problems}, indent=1, ensure_ascii=False))
    else:
        for row in wanted:
            model = f"{row.get('backend')}/{row.get('model') or '-'}"
            print_text(f"{row['id']}  {(row.get('created_at') or '')[:19]}  {model:<24} "
                  f"{row.get('answer_status') or '-':<9} {row.get('verification_status') or '-':<12} "
                  f"{row.get('tokens', 0):>6} tok  {textwrap.shorten(row.get('question') or '', 60)}")
        if not wanted:
            print("no traces match" if rows else f"no traces in {_store(args).root}")
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)
    return EXIT_OK


def cmd_traces_show(args: argparse.Namespace) -> int:
    trace = _store(args).load(args.id)
    if args.json:
        print(json.dumps(trace, indent=1, ensure_ascii=False))
        return EXIT_OK
    from . import render

    if args.prompt:
        prompt = trace.get("prompt") or {}
        print(f"=== system ===\n{prompt.get('system', '(none)')}\n=== user ===\n{prompt.get('user', '(none)')}")
        return EXIT_OK
    render.print_text(render.trace_report(trace))
    return EXIT_OK


def cmd_traces_verify(args: argparse.Namespace) -> int:
    report = _pipeline(args).reverify(args.id, args.doc, args.search)
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
    else:
        changed = ", ".join(report["changed_documents"]) or "none"
        print(f"trace {report['trace_id']}: documents changed since: {changed}")
        print(f"verification: {report['status_before']} -> {report['status_after']}")
        for diff in report["changes"]:
            print(f"  item {diff['item']} span {diff['span']}: {diff['before']} -> {diff['after']} ({diff['detail']})")
        if not report["changes"]:
            print("  every verdict is unchanged")
    return EXIT_OK if report["status_after"] in ("verified", "not_found") else EXIT_CHECK_FAILED


def cmd_traces_replay(args: argparse.Namespace) -> int:
    result, original = _pipeline(args).replay(args.id, args.doc, args.search)
    new = result.to_json()
    before = original.get("answer") or {}
    changes = {
        "answer_changed": before != new["answer"],
        "verification": [original.get("verification", {}).get("status"), new["verification"]["status"]],
        "verdicts_before": [s["verdict"] for s in (original.get("verification") or {}).get("spans", [])],
        "verdicts_after": [s["verdict"] for s in new["verification"]["spans"]],
        "usage_before": original.get("usage"), "usage_after": new["usage"],
    }
    if args.json:
        print(json.dumps({"replay_of": original["trace_id"], **new, "changes": changes}, indent=1, ensure_ascii=False))
    else:
        _print_replay(original["trace_id"], result.trace_id if result.trace_path else "(trace not written)", changes, new)
    if result.trace_error is not None:
        raise result.trace_error  # the replay is shown; now say why its trace is not stored
    return EXIT_OK


def _print_replay(original_id: str, new_id: str, changes: dict[str, Any], new: dict[str, Any]) -> None:
    from . import render

    print(f"replayed {original_id} as {new_id}")
    print(f"answer: {'changed' if changes['answer_changed'] else 'unchanged'}; verification: "
          f"{changes['verification'][0]} -> {changes['verification'][1]}")
    print(f"verdicts: {changes['verdicts_before']} -> {changes['verdicts_after']}")
    ub, ua = changes["usage_before"] or {}, changes["usage_after"]
    print(f"tokens in/out: {ub.get('input_tokens', 0)}/{ub.get('output_tokens', 0)} -> {ua['input_tokens']}/{ua['output_tokens']}")
    render.print_text(render.answer_report(new))


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def cmd_traces_stats(args: argparse.Namespace) -> int:
    rows, problems = _store(args).rows()
    rows = rows[-args.last:] if args.last else rows
    n = len(rows)
    if n == 0 and not args.json:
        print(f"no traces in {_store(args).root}")
        for problem in problems:
            print(f"warning: {problem}", file=sys.stderr)
        return EXIT_OK
    latencies = [r["latency_s"] for r in rows if r.get("latency_s") is not None]
    utilisation = [r["input_tokens"] / limit for r in rows
                   if r.get("input_tokens") and (limit := input_limit(r.get("model")))]
    costs = [r.get("cost_usd") for r in rows if r.get("cost_usd") is not None]
    share = lambda key, value: round(sum(r.get(key) == value for r in rows) / n, 3) if n else 0.0  # noqa: E731
    stats = {
        "traces": n, "answer_found": share("answer_status", "found"), "not_found": share("answer_status", "not_found"),
        "errors": share("final", "error"), "verified": share("verification_status", "verified"),
        "citation_failed": share("final", "citation_failed"),
        "input_tokens": sum(r.get("input_tokens") or 0 for r in rows),
        "output_tokens": sum(r.get("output_tokens") or 0 for r in rows),
        "cost_usd": round(sum(costs), 6) if costs else None,
        "latency_s": {"p50": _percentile(latencies, 0.5), "p90": _percentile(latencies, 0.9), "p99": _percentile(latencies, 0.99)},
        "context_utilisation": {"mean": round(statistics.mean(utilisation), 4) if utilisation else None,
                                "over_75pct": sum(u > 0.75 for u in utilisation)},
    }
    warn = utilisation and stats["context_utilisation"]["over_75pct"] / len(utilisation) > 0.2
    if args.json:
        print(json.dumps({**stats, "warning": bool(warn), "problems": problems}, indent=1))
    else:
        print(f"traces: {n}   answer found: {stats['answer_found']:.0%}   not found: {stats['not_found']:.0%}   "
              f"errors: {stats['errors']:.0%}")
        print(f"citations: verified answers {stats['verified']:.0%}, failed citations in {stats['citation_failed']:.0%}")
        cost = "unknown" if stats["cost_usd"] is None else f"${stats['cost_usd']:.4f}"
        print(f"tokens in/out: {stats['input_tokens']}/{stats['output_tokens']}   cost: {cost}")
        lat = stats["latency_s"]
        print(f"latency: p50 {lat['p50']:.2f} s   p90 {lat['p90']:.2f} s   p99 {lat['p99']:.2f} s")
        util = stats["context_utilisation"]
        print("context utilisation: " + ("n/a (no model with a known input limit)" if util["mean"] is None else
                                         f"mean {util['mean']:.1%} of the model's input limit, {util['over_75pct']} calls over 75%"))
        if warn:
            print("warning: calls regularly use over 75% of the model's input limit; lower --budget-chars")
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)
    return EXIT_OK


def _dispatch_traces(args: argparse.Namespace) -> int:
    return {"list": cmd_traces_list, "show": cmd_traces_show, "verify": cmd_traces_verify,
            "replay": cmd_traces_replay, "stats": cmd_traces_stats}[args.traces_command](args)


REVIEW_COMMANDS = {"batch": cmd_batch, "traces": _dispatch_traces}
