"""``docintel context``: what would be sent to the model, without calling one."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..errors import EXIT_INPUT, EXIT_OK
from ..render.text import print_text
from .common import add_command, common_flags, make_pipeline, retrieval_flags, scope_flag


def register(sub: Any) -> None:
    """Add ``context``."""
    p = add_command(
        sub,
        "context",
        cmd_context,
        help="show exactly what would be sent to the model (no model call)",
        description="Parse the question, route it over the documents (issuer, period, terms; see\n"
        "`docintel ask --help`), rank passages inside the routed ones and pack them under the\n"
        "budget; print the rendered evidence, the audit of every packing decision and the\n"
        "routing decision of every document. This is the combined packing: a single-fact question\n"
        "answered sequentially (see `docintel ask --help`) is sent these passages in rank order,\n"
        "in groups of budget/3 characters, one group per call, until one answers.\n\n"
        'example: docintel context "cash flow on page 4" corpus/ --json\n\n'
        "exit codes: 0 ok; 2 usage (empty question, bad flag); 3 a document could not be\n"
        "read (listed on stderr; the others are still used); 4 configuration.",
    )
    p.add_argument("question")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    retrieval_flags(p)
    scope_flag(p)
    p.add_argument(
        "--json",
        action="store_true",
        help='print {"question", "parsed", "status", "status_detail", "routing", "budget", "decisions", "sources", '
        '"notes", "failed_documents"}; routing has a decision (routed in or out, and why) for every document',
    )
    common_flags(p, traces=False)


def cmd_context(args: argparse.Namespace) -> int:
    prepared = make_pipeline(args).prepare(args.question, args.paths, budget_chars=args.budget_chars, scope=args.scope)
    context = prepared.context
    routing = prepared.routing.model_dump(mode="json") if prepared.routing else None
    if args.json:
        sources = [
            {
                "doc": s.doc,
                "title": s.title,
                "heading_path": s.heading_path,
                "pages": s.pages,
                "chars": s.chars,
                "whole_document": s.whole_document,
                "lines": [line.model_dump() for line in s.lines],
            }
            for s in context.sources
        ]
        print(
            json.dumps(
                {
                    "question": args.question,
                    "parsed": prepared.parsed.model_dump(),
                    "status": context.status,
                    "status_detail": context.status_detail,
                    "routing": routing,
                    "budget": context.budget.model_dump(),
                    "decisions": [d.model_dump() for d in context.decisions],
                    "sources": sources,
                    "notes": context.notes,
                    "failed_documents": [f.model_dump() for f in prepared.failures],
                },
                indent=1,
                ensure_ascii=False,
            )
        )
    else:
        from ..render import reports as render

        print_text(render.context_report(args.question, context, routing))
    for failure in prepared.failures:
        print(f"error: {failure.message}", file=sys.stderr)
    return EXIT_INPUT if prepared.failures else EXIT_OK
