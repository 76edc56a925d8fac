"""``docintel ask``: one question, verified citations."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..errors import EXIT_INPUT, EXIT_OK, CheckFailedError, UsageError
from ..render.text import print_text
from .ask_help import ask_epilog
from .common import EPILOG, add_command, answer_flags, common_flags, make_pipeline, retrieval_flags, scope_flag


def register(sub: Any) -> None:
    """Add ``ask``."""
    p = add_command(
        sub,
        "ask",
        cmd_ask,
        help="answer one question with verified citations and checked values",
        description="Answer QUESTION from the PDFs (files or folders) with citations whose quotes and values\n"
        "are checked against the document. The headline status: supported (every quote verified, every check\n"
        "holds), partial (what is answered holds; a part of the question is not answered), unchecked (nothing\n"
        "failed, but a check could not decide), unsupported (a check failed), citation_failed (a quote is not\n"
        "in its lines), no_citations (an answer citing nothing), not_found (no answer claimed). What each check\n"
        "means follows the options.",
        epilog=ask_epilog() + "\n\n" + EPILOG,
    )
    p.add_argument("question")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="PDF files or folders of PDFs")
    answer_flags(p)
    retrieval_flags(p)
    scope_flag(p)
    p.add_argument(
        "--fields",
        help="multi-field extraction instead of a free answer: NAME:KIND,... with KIND in "
        "text, amount, date, boolean, number (needs the openai backend)",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object: answer, status (supported, partial, unchecked, unsupported, citation_failed, "
        "not_found, no_citations), verification (quote verdicts, the checks of each item), trace_id, trace_path, "
        "trace_error, backend, model, usage",
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help="exit 6 unless the answer is supported or not found (a failed citation or check, or an unchecked answer)",
    )
    common_flags(p)


def _parse_fields(spec: str | None) -> dict[str, str] | None:
    if not spec:
        return None
    from ..answer.contract import FIELD_TYPES

    fields: dict[str, str] = {}
    for part in spec.split(","):
        name, _, kind = part.strip().partition(":")
        kind = kind or "text"
        if not name.isidentifier() or kind not in FIELD_TYPES:
            raise UsageError(
                f"bad --fields entry {part!r}", f"write NAME:KIND with KIND one of {', '.join(FIELD_TYPES)}"
            )
        fields[name] = kind
    return fields


def cmd_ask(args: argparse.Namespace) -> int:
    from ..render import reports as render

    pipeline = make_pipeline(args)
    result = pipeline.ask(
        args.question,
        args.paths,
        budget_chars=args.budget_chars,
        extraction_fields=_parse_fields(args.fields),
        scope=args.scope,
    )
    data = result.to_json()
    if args.json:
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        print_text(render.answer_report(data))
    for failure in result.prepared.failures:
        print(f"error: {failure.message}", file=sys.stderr)
    if result.trace_error is not None:
        raise result.trace_error  # the answer is out; now say why its trace is not
    verification = result.verification
    if args.strict and verification.overall not in ("supported", "not_found"):
        failed = [f"{verification.failed} citation(s) failed verification"] if verification.failed else []
        if verification.values_unsupported:
            failed.append(f"{verification.values_unsupported} item(s) with a check that failed")
        if verification.overall == "unchecked":
            failed.append("the answer is unchecked (a concept or period could not be checked)")
        if not failed:
            failed.append(f"the answer is {verification.overall}")
        raise CheckFailedError(
            f"{' and '.join(failed)} (trace {result.trace_id})",
            "inspect them with: docintel traces show " + result.trace_id,
        )
    return EXIT_INPUT if result.prepared.failures else EXIT_OK
