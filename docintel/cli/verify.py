"""``docintel verify``: check another tool's cited answer against the PDFs, claim by claim."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..errors import EXIT_OK, CheckFailedError
from ..render.text import print_text
from .common import EPILOG, add_command, common_flags, make_pipeline

DESCRIPTION = """\
Check ANSWER, another tool's cited answer, against the PDFs it cites (DOC, in the order they were
sent), claim by claim. Nothing is trusted: a provider's page or offsets are hints, the text decides.

Inputs (found by their shape; --from names one):
  anthropic  a Messages API response as JSON: each text block with citations is a claim; its
             page_location (cited_text, document_index, start_page_number 1-based, end_page_number
             exclusive), char_location or content_block_location citations are its quotes;
             document_index 0 is the first DOC
  openai     a Responses API output as JSON: the text before each file_citation annotation (index)
             is a claim; the file_search_call results of the cited file (file_id, filename, text) are
             its quotes; filename picks the DOC. Without results (the request lacked
             include=["file_search_call.results"]) a claim is unverifiable
  claims     JSONL, a JSON array or CSV with claim, quote, and optional page (1-based), doc (a DOC's
             file name or stem; without it every DOC is searched), value, unit (units, thousands,
             millions, billions, percent, per_share, count, or usd), period
  docintel   the output of `docintel ask --json`, or a trace file: each item with its spans

1. Quote first: each quote is looked for on the cited pages, then anywhere in the DOC, as docintel
   checks its own quotes (whitespace, case, hyphenation, ligatures and quote marks normalised; across
   line breaks; never a number inside a longer one): exact, normalised, or not found; nothing fuzzy.
   A retrieved passage (openai) that is not found whole is looked for line by line.
2. Then the checks of `ask` on the found lines: each figure of the claim (money with its scale,
   percentages, per-share figures; or the value a claim file states) against the quote's numbers at
   the document's scale: value, kind, sign, the concept of the row, the period column (the years the
   claim names); a claim with several figures needs each. A claim without figures: every number and
   date it writes is in its quotes, and they share its terms. Negation: the claim must not negate the
   quote's sentence (nor drop its negation).
3. Verdicts: supported (every quote found, every check holds); contradicted (found, and it states
   something else: another figure, another period's column, the other sign, the opposite);
   unsupported (found, but it does not establish the claim, or a period or concept could not be
   checked); quote_not_found (a cited quote is in no DOC); unverifiable (nothing to check against).

Each run leaves a trace of kind verify: `docintel traces list`, `traces show ID`, and `docintel view`
(the found lines boxed on their pages). Exit 0 whatever the verdicts; --strict exits 6 unless every
claim is supported. A bad ANSWER (unreadable, unknown shape) exits 3, a citation of a document not
given (document_index, filename, doc) exits 2; nothing is written then.

example: docintel verify claude_response.json 3M_2018_10K.pdf
example: docintel verify openai_response.json 3M_2018_10K.pdf 3M_2022_10K.pdf --json
example: docintel verify claims.csv reports/ --strict"""


def register(sub: Any) -> None:
    """Add ``verify``."""
    p = add_command(
        sub,
        "verify",
        cmd_verify,
        help="check another tool's cited answer (Anthropic, OpenAI, a claims file) against the PDFs",
        epilog=EPILOG,
        description=DESCRIPTION,
    )
    p.add_argument("answer", type=Path, metavar="ANSWER", help="the answer file (JSON, JSONL or CSV)")
    p.add_argument("docs", nargs="+", type=Path, metavar="DOC", help="the PDFs cited, in the order sent (or folders)")
    p.add_argument(
        "--from",
        dest="source_format",
        choices=["auto", "anthropic", "openai", "claims", "docintel"],
        default="auto",
        help="the answer's format (default auto: found by its shape)",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help='print one JSON object: {"claims": [{"index", "claim", "status", "detail", "checks", "evidence", '
        '"quotes"}], "summary": {claims, supported, contradicted, unsupported, quote_not_found, unverifiable, '
        "all_supported}, answer, notes, documents, trace_id, trace_path, trace_error}",
    )
    p.add_argument("--strict", action="store_true", help="exit 6 unless every claim is supported")
    common_flags(p)


def cmd_verify(args: argparse.Namespace) -> int:
    from ..apps.verify_run import run_verify
    from ..render.claims import verify_report

    run = run_verify(make_pipeline(args), args.answer, args.docs, args.source_format)
    data = run.to_json()
    if args.json:
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        print_text(verify_report(data))
    if run.trace_error is not None:
        raise run.trace_error  # the verdicts are out; now say why the trace is not
    summary = run.record.summary
    if args.strict and not summary.all_supported:
        short = summary.claims - summary.supported
        what = f"{short} of {summary.claims} claims are not supported" if summary.claims else "the answer has no claim"
        raise CheckFailedError(what, f"inspect them with: docintel traces show {run.trace_id}")
    return EXIT_OK
