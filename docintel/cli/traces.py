"""``docintel traces``: list, show, verify, replay and summarise stored traces."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import EXIT_CHECK_FAILED, EXIT_OK, UsageError
from ..render.text import print_text
from ..settings import load_settings
from ..traces.stats import trace_stats
from ..traces.store import TRACE_STATUSES, TraceStore
from .common import add_command, common_flags, make_pipeline, non_negative


def register(sub: Any) -> None:
    """Add ``traces`` and its actions."""
    t = add_command(
        sub,
        "traces",
        _dispatch_traces,
        help="review stored traces: list, show, verify, replay, stats, export",
        description="Review what was asked, what the model saw, what it answered, what failed\n"
        "verification and what it cost. IDs may be abbreviated to a unique prefix.",
    )
    tsub = t.add_subparsers(dest="traces_command", metavar="ACTION", required=True)
    lp, sp = _add_list(tsub), _add_show(tsub)
    vp, rp = _add_verify(tsub), _add_replay(tsub)
    st, ep = _add_stats(tsub), _add_export(tsub)
    for parser in (lp, sp, st, ep):
        parser.add_argument("--traces-dir", type=Path, help="traces folder (DOCINTEL_TRACES_DIR; default ./traces)")
    for parser in (vp, rp):
        common_flags(parser, extractor=False)  # --cache-dir, --traces-dir, --password, --quiet as everywhere
        _add_document_flags(parser)


def _add_list(tsub: Any) -> argparse.ArgumentParser:
    lp: argparse.ArgumentParser = tsub.add_parser("list", help="newest first, one line each")
    lp.add_argument("--limit", type=non_negative, default=20, help="show at most N traces (default 20; 0 = all)")
    lp.add_argument(
        "--status",
        choices=TRACE_STATUSES,
        metavar="STATUS",
        help="only traces whose final, answer or verification status is STATUS: " + ", ".join(TRACE_STATUSES),
    )
    lp.add_argument("--since", help="only traces created on or after DATE (YYYY-MM-DD or ISO time)")
    lp.add_argument("--grep", help="only traces whose question contains TEXT (case-insensitive)")
    lp.add_argument(
        "--doc", metavar="NAME", help="only traces with a document whose id contains NAME (case-insensitive)"
    )
    lp.add_argument("--json", action="store_true")
    return lp


def _add_show(tsub: Any) -> argparse.ArgumentParser:
    sp: argparse.ArgumentParser = tsub.add_parser(
        "show",
        help="the question, sources sent, answer, citations and verdicts, usage; or a chat session's turns",
    )
    sp.add_argument("id", nargs="?", help="a trace id (or unique prefix)")
    sp.add_argument(
        "--session",
        metavar="SESSION_ID",
        help="replay a chat session instead: every turn in order, as asked and as resolved, with its answer, "
        "verdict, trace id and the tiers over their share",
    )
    sp.add_argument("--json", action="store_true", help="print the whole trace")
    sp.add_argument(
        "--prompt",
        action="store_true",
        help="print the exact messages sent (the schema instruction and a repair request included), "
        "also for a call that failed",
    )
    return sp


def _add_verify(tsub: Any) -> argparse.ArgumentParser:
    vp: argparse.ArgumentParser = tsub.add_parser(
        "verify",
        help="verify a stored answer again against the current documents",
        description="Verify a stored answer again against the documents as they are now. Each\n"
        "document is looked for at the absolute path the trace recorded; when it has\n"
        "moved, --doc PATH names it, or --search FOLDER finds it by content hash.\n"
        "Quotes are checked, then every value, period and calculation (as ask does).\n"
        "Traces are read from ./traces unless --traces-dir or DOCINTEL_TRACES_DIR.\n\n"
        "exit codes: 0 the answer is supported (or honestly not found); 3 the trace or a\n"
        "document is missing; 6 a citation fails now, or a value is not supported.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    vp.add_argument("id")
    vp.add_argument("--json", action="store_true")
    return vp


def _add_replay(tsub: Any) -> argparse.ArgumentParser:
    rp: argparse.ArgumentParser = tsub.add_parser(
        "replay",
        help="send the stored request again; store a new trace linked to it",
        description="Send the stored prompt again with the stored settings (model, API, output\n"
        "limit) and verify the new answer; the new trace names the old one in\n"
        "replay_of. Documents are found as for verify (--doc, --search).\n\n"
        "exit codes: 0 ok; 3 the trace or a document is missing; 5 model error;\n"
        "7 the new trace cannot be written (the answer is still shown).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rp.add_argument("id")
    rp.add_argument("--json", action="store_true")
    return rp


def _add_stats(tsub: Any) -> argparse.ArgumentParser:
    st: argparse.ArgumentParser = tsub.add_parser(
        "stats", help="answer/verification rates, tokens, cost, latency, context utilisation"
    )
    st.add_argument("--last", type=non_negative, default=100, help="over the last N traces (default 100; 0 = all)")
    st.add_argument("--json", action="store_true")
    return st


def _add_export(tsub: Any) -> argparse.ArgumentParser:
    ep: argparse.ArgumentParser = tsub.add_parser(
        "export",
        help="write a trace's page as one self-contained HTML file (page images inlined)",
        description="Write the page `docintel view` shows for a trace as one HTML file that needs\n"
        "nothing else: the answer, each item's checks, the cited pages with their lines boxed (page\n"
        "images inlined; without page geometry the cited lines are listed), the context sent, the\n"
        "routing and the calls. A document is read only while its content hash matches the trace.\n"
        "FILE is never an input, a PDF, or an existing file that is not a docintel export (unless\n"
        "--force); it is written atomically.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ep.add_argument("id", help="a trace id (or unique prefix)")
    ep.add_argument("--html", type=Path, required=True, metavar="FILE", help="the HTML file to write")
    ep.add_argument("--force", action="store_true", help="replace FILE even when it is not a docintel export")
    ep.add_argument("--password", help="password of an encrypted document, to draw its pages")
    ep.add_argument(
        "--cache-dir", type=Path, help="cache folder for parsed PDFs and rendered pages (DOCINTEL_CACHE_DIR)"
    )
    return ep


def _add_document_flags(parser: argparse.ArgumentParser) -> None:
    """--doc and --search: where verify and replay find documents that moved."""
    parser.add_argument(
        "--doc",
        action="append",
        type=Path,
        default=[],
        metavar="PATH",
        help="where a document of the trace is now (repeatable); matched by content hash, "
        "or by file name when it changed",
    )
    parser.add_argument(
        "--search",
        action="append",
        type=Path,
        default=[],
        metavar="FOLDER",
        help="find moved documents by content hash among the PDFs in FOLDER (repeatable)",
    )


def _store(args: argparse.Namespace) -> TraceStore:
    return TraceStore(load_settings({"traces_dir": args.traces_dir}).traces_dir)


def _since(value: str) -> str:
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise UsageError(f"--since {value!r} is not a date", "write YYYY-MM-DD or an ISO time") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat()


def cmd_traces_list(args: argparse.Namespace) -> int:
    """Print the traces that match every filter, newest first."""
    from ..render import reports as render

    store = _store(args)
    rows, problems = store.query(
        status=args.status,
        since=_since(args.since) if args.since else None,
        grep=args.grep,
        limit=args.limit,
        doc=args.doc,
    )
    if args.json:
        print(json.dumps({"traces": rows, "problems": problems}, indent=1, ensure_ascii=False))
    else:
        for row in rows:
            print_text(render.trace_row(row))
        if not rows:
            print("no traces match" if store.query(limit=1)[0] else f"no traces in {store.root}")
    _warn(problems)
    return EXIT_OK


def _warn(problems: list[str]) -> None:
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)


def cmd_traces_show(args: argparse.Namespace) -> int:
    """Print one trace (readable, as JSON, or its prompt), or every turn of a chat session."""
    from ..render import chat as render_chat
    from ..render import reports as render
    from ..render import requests as render_requests

    if args.session and (args.id or args.prompt):
        raise UsageError("traces show takes a trace id or --session ID, not both", "drop one of them")
    if args.session:
        turns = _store(args).session(args.session)
        if args.json:
            print(json.dumps(turns, indent=1, ensure_ascii=False))
        else:
            print_text(render_chat.session_report(args.session, turns))
        return EXIT_OK
    if not args.id:
        raise UsageError("traces show needs a trace id or --session ID", "run `docintel traces list` to see ids")
    trace = _store(args).load(args.id).as_json()
    if args.json:
        print(json.dumps(trace, indent=1, ensure_ascii=False))
    elif args.prompt:
        print_text(render_requests.prompt_report(trace))
    elif trace.get("claims"):  # a verify trace: another tool's answer, claim by claim
        from ..render.claims import verify_trace_report

        print_text(verify_trace_report(trace))
    else:
        parts = (render.trace_report(trace), render_requests.request_report(trace))
        print_text("\n".join(part for part in parts if part))
    return EXIT_OK


def _refuse_verify_trace(args: argparse.Namespace) -> None:
    """A verify trace holds another tool's answer: it is checked again by running docintel verify again."""
    if _store(args).load(args.id).kind == "verify":
        raise UsageError(
            f"trace {args.id} is a verify trace (another tool's answer, checked claim by claim)",
            "check it again with: docintel verify ANSWER DOC...",
        )


def cmd_traces_verify(args: argparse.Namespace) -> int:
    """Verify a stored answer again; exit 6 when a citation fails now."""
    from ..render import reports as render

    _refuse_verify_trace(args)
    report = make_pipeline(args).reverify(args.id, args.doc, args.search)
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
    else:
        print_text(render.reverify_report(report))
    return EXIT_OK if report["support_after"] in ("supported", "not_found") else EXIT_CHECK_FAILED


def cmd_traces_replay(args: argparse.Namespace) -> int:
    """Send a stored request again and show what changed."""
    from ..render import reports as render

    _refuse_verify_trace(args)
    result, replayed = make_pipeline(args).replay(args.id, args.doc, args.search)
    original, new = replayed.as_json(), result.to_json()
    before = original.get("answer") or {}
    changes = {
        "answer_changed": before != new["answer"],
        "verification": [original.get("verification", {}).get("status"), new["verification"]["status"]],
        "verdicts_before": [s["verdict"] for s in (original.get("verification") or {}).get("spans", [])],
        "verdicts_after": [s["verdict"] for s in new["verification"]["spans"]],
        "usage_before": original.get("usage"),
        "usage_after": new["usage"],
    }
    if args.json:
        print(json.dumps({"replay_of": original["trace_id"], **new, "changes": changes}, indent=1, ensure_ascii=False))
    else:
        new_id = result.trace_id if result.trace_path else "(trace not written)"
        print_text(render.replay_report(original["trace_id"], new_id, changes, new))
    if result.trace_error is not None:
        raise result.trace_error  # the replay is shown; now say why its trace is not stored
    return EXIT_OK


def cmd_traces_stats(args: argparse.Namespace) -> int:
    """Rates, tokens, cost and latency over the last traces."""
    from ..pricing import input_limit
    from ..render import reports as render

    store = _store(args)
    rows, problems = store.query(limit=args.last)
    stats = trace_stats(rows, input_limit)
    if args.json:
        print(json.dumps({**stats, "problems": problems}, indent=1))
    else:
        print(render.stats_report(stats) if rows else f"no traces in {store.root}")
    _warn(problems)
    return EXIT_OK


def cmd_traces_export(args: argparse.Namespace) -> int:
    """Write one self-contained HTML page of a trace."""
    from ..view.export import write_export
    from ..view.guard import Guard

    store = _store(args)
    trace = store.load(args.id).as_json()
    session = trace.get("session")
    turns = store.session(session["session_id"]) if session else None
    settings = load_settings({"traces_dir": args.traces_dir, "cache_dir": args.cache_dir})
    out = write_export(trace, Guard(store), settings, args.html, force=args.force, turns=turns, password=args.password)
    print(f"wrote {out} (trace {trace['trace_id']})")
    return EXIT_OK


def _dispatch_traces(args: argparse.Namespace) -> int:
    return {
        "list": cmd_traces_list,
        "show": cmd_traces_show,
        "verify": cmd_traces_verify,
        "replay": cmd_traces_replay,
        "stats": cmd_traces_stats,
        "export": cmd_traces_export,
    }[args.traces_command](args)
