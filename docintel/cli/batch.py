"""``docintel batch``: answer a question file (resumable, concurrent, never destroying a file)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..errors import EXIT_CHECK_FAILED, EXIT_INPUT, EXIT_OK, UsageError
from ..render.text import print_text
from .common import add_command, answer_flags, common_flags, make_pipeline, retrieval_flags, scope_flag
from .scale import batch_flags, batch_notes, batch_runner

BATCH_HELP = """\
Answer every question of QUESTIONS from the PDFs in PATH (files or folders).

QUESTIONS: .txt (one question a line), .jsonl or .csv with `id`, `question` and an optional
`doc` naming the PDF the question is about (a path, file name or stem). A question without `doc` is
routed over the folder (see `docintel ask --help`), limited to --doc globs when given, using
the folder's corpus index (built once, before the questions start; a corpus of more than
DOCINTEL_DISK_INDEX_PASSAGES passages also has its passages indexed on disk, once, as with
`ask`); other fields pass through
to the output (e.g. gold answers; a field named like an output field, such as `answer`,
passes through as `input_answer`). FinanceBench files (financebench_id, doc_name) work as
they are. Without ids, a stable id is derived from the question text.

Output (--out): one JSON line per question: id, question, passed-through fields, answer,
verification_status, status, status_detail (why the status is not supported, in the checks' words; empty
when it is), citations (verified, failed, and sources: each citation's doc, pages,
lines and verdict), values, searched (the documents routing searched), routing_notes, usage,
trace_id, error. Answers are written as they finish; when the run ends the file lists them in the
question file's order. A new output is written to a
temporary file beside it and renamed into place when the run ends. Rerunning with the same
--out skips ids already answered and appends (failed ones are retried; lines cut by a crash
are dropped first). --out is refused when it is one of the inputs, a folder, or an existing
file that is not docintel batch output (its first line is checked); --force replaces such a
file. Every question's trace must be written: the run stops at the first trace that cannot
be (exit 7), and checks the traces folder before it starts.
--force never restarts our own output: delete it to start over. Ctrl-C stops at once (exit
130); what was answered is kept and a rerun resumes. Documents that cannot be read are listed on
stderr; questions about them fail with the document's own error.

The summary counts quotes verified/failed apart from values supported/unsupported; each output
record has "status" (supported only when every quote and every value check holds) and "values".
After a resume it gives the whole output's counts (every question's latest record, whichever run
wrote it; "whole" in --json) and this run's apart. A CSV question file that does not parse (an
unclosed quote would merge the questions after it) is exit 3 naming the line the record starts on.

exit codes: 0 every question of the output answered with verified quotes and supported values (a
resumed run answers for earlier runs' records too); 2 usage (a refused
--out, bad flag); 3 the question file or a document cannot be used; 4 configuration (no API key for
--backend openai); 6 some questions failed, some citations failed or some values are unsupported;
7 a trace or the output
cannot be written; 130 interrupted.

Scaling out: --via batch-api sends the model calls through the OpenAI Batch API (exit 0 also when
questions wait for a batch: the summary says how many; rerun to collect); --ray ADDRESS answers the
questions as Ray tasks (same output and traces). See README "Scaling out".

example: docintel batch questions.jsonl reports/ --out answers.jsonl --workers 4
example: docintel batch questions.jsonl reports/ --out answers.jsonl --via batch-api --wait"""


def register(sub: Any) -> None:
    """Add ``batch``."""
    p = add_command(
        sub, "batch", cmd_batch, help="answer a question file (resumable, concurrent)", description=BATCH_HELP
    )
    p.add_argument("questions", type=Path, metavar="QUESTIONS")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    p.add_argument("--out", type=Path, required=True, help="output JSONL file (resumable: a rerun appends the rest)")
    p.add_argument(
        "--force",
        action="store_true",
        help="replace an existing --out file that is not docintel batch output (never an input file)",
    )
    p.add_argument("--workers", type=int, default=4, help="questions answered at once (default 4)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    answer_flags(p)
    retrieval_flags(p)
    scope_flag(p)
    common_flags(p)
    batch_flags(p)


def cmd_batch(args: argparse.Namespace) -> int:
    from ..apps.batch import check_output, load_questions
    from ..render import reports as render

    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1 (got {args.workers})", "use --workers 1 for one at a time")
    check_output(args.out, [args.questions, *args.paths], force=args.force)
    pipeline = make_pipeline(args, ray_address=args.ray_address)
    run_batch = batch_runner(args, pipeline)
    questions = load_questions(args.questions)
    pipeline.backend  # noqa: B018 — fail on a missing key before any question is tried
    if args.scope:  # a --doc that names nothing is a usage error before any question is tried
        from ..retrieval.route import check_scope

        check_scope(pipeline.corpus(args.paths).documents, args.scope)
    summary = run_batch(pipeline, questions, args.paths, args.out, workers=args.workers, scope=args.scope)
    if args.json:
        from dataclasses import asdict

        print(json.dumps(asdict(summary), indent=1))
    else:
        print(render.batch_summary(summary, args.out))
        if notes := batch_notes(summary):
            print(notes)
    for message in summary.failed_documents:
        print_text(f"error: {message}", file=sys.stderr)
    if summary.failed_documents:
        return EXIT_INPUT
    return EXIT_OK if summary.ok() else EXIT_CHECK_FAILED
