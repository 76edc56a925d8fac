"""Command-line interface: parses arguments, calls the pipeline, renders results.

Heavy modules (pandas, pypdf, openai) are imported by the commands that need them, so that
``traces list`` and ``--help`` start fast.

Errors print as one line ``error: <what> — <fix>`` and exit with the code documented in
docintel.errors (0 ok, 1 internal, 2 usage, 3 input, 4 config, 5 backend, 6 check failed).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from . import __version__
from .errors import (
    EXIT_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    CheckFailedError,
    DocintelError,
    InputError,
    UsageError,
)
from .render import print_text
from .settings import MAX_BUDGET_CHARS, MIN_BUDGET_CHARS, Settings, load_settings

if TYPE_CHECKING:
    from .pipeline import Pipeline
    from .progress import Reporter

EPILOG = """\
configuration: every setting can be set as DOCINTEL_<NAME> in the environment or in a .env
file in the working directory; OPENAI_API_KEY and OPENAI_BASE_URL are read too. Flags win.
Settings: docintel settings (lists names, values and meanings).

exit codes: 0 ok; 1 internal error; 2 usage (bad arguments, empty or over-long question,
an --out that would destroy a file); 3 input
(missing/bad PDF or question file); 4 configuration; 5 model/backend error; 6 a requested
check failed (--strict, batch items failed); 7 storage (a trace or the batch output cannot
be written: the answer is still printed); 130 interrupted.

traces go to ./traces (DOCINTEL_TRACES_DIR); parsed PDFs are cached in
~/.cache/docintel (DOCINTEL_CACHE_DIR; `docintel cache clear` empties it). Long steps
(parsing, indexing, batch, eval) show progress on stderr; --quiet hides it."""


class _Parser(argparse.ArgumentParser):
    """argparse whose errors are UsageError: printed as ``error: <what> — <fix>``, exit 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message, f"see {self.prog} --help")


def budget_chars(value: str) -> int:
    """argparse type of --budget-chars: a whole number within the allowed range."""
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number of characters") from None
    if not MIN_BUDGET_CHARS <= number <= MAX_BUDGET_CHARS:
        raise argparse.ArgumentTypeError(f"{number} is outside {MIN_BUDGET_CHARS}-{MAX_BUDGET_CHARS} characters "
                                         f"(the smallest budget holds a document header and a few lines)")
    return number


def non_negative(value: str) -> int:
    """argparse type of counts where 0 means all."""
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if number < 0:
        raise argparse.ArgumentTypeError(f"{number} is negative; give 0 or more")
    return number


def _common(parser: argparse.ArgumentParser, traces: bool = True) -> None:
    parser.add_argument("--cache-dir", type=Path, help="cache folder for parsed PDFs (DOCINTEL_CACHE_DIR)")
    if traces:  # only commands that write or read traces
        parser.add_argument("--traces-dir", type=Path, help="folder for traces (DOCINTEL_TRACES_DIR; default ./traces)")
    parser.add_argument("--password", help="password for encrypted PDFs (empty user passwords need none); "
                                           "checked on every run, also when the document is cached")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr (warnings still show)")


def _retrieval_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--budget-chars", type=budget_chars,
                        help=f"size limit of the evidence in characters (default 12000; at least {MIN_BUDGET_CHARS})")


def _answer_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--backend", choices=["auto", "openai", "extractive"],
                        help="answering backend (default auto: openai when OPENAI_API_KEY is set, else extractive)")
    parser.add_argument("--model", help="model name (default gpt-4.1-mini; DOCINTEL_MODEL)")
    parser.add_argument("--api", choices=["responses", "chat"],
                        help="OpenAI endpoint: responses (default) or chat for servers without the Responses API")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: the user's manual."""
    parser = _Parser(
        prog="docintel", formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG,
        description="Answer questions about PDF documents with citations that are checked.\n\n"
                    "Reads PDFs into line tables, finds the passages that matter (BM25, page hints), sends\n"
                    "them to a model (or answers offline by quoting lines), verifies every quote against the\n"
                    "source, and writes a trace of each call to traces/.",
    )
    parser.add_argument("--version", action="version", version=f"docintel {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("ask", help="answer one question with verified citations",
                       formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG,
                       description="Answer QUESTION from the PDFs (files or folders). Every citation is checked:\n"
                                   "✓ verified, ✗ failed (with the reason and, when the quote is elsewhere, the right lines).\n\n"
                                   "example: docintel ask \"What is the refund window?\" corpus/")
    p.add_argument("question")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="PDF files or folders of PDFs")
    _answer_flags(p)
    _retrieval_flags(p)
    p.add_argument("--fields", help="multi-field extraction instead of a free answer: NAME:KIND,... with KIND in "
                                    "text, amount, date, boolean, number (needs the openai backend)")
    p.add_argument("--json", action="store_true", help="print one JSON object: answer, verification, trace_id, "
                                                       "trace_path, trace_error, backend, model, usage")
    p.add_argument("--strict", action="store_true", help="exit 6 when any citation fails verification")
    _common(p)

    p = sub.add_parser("context", help="show exactly what would be sent to the model (no model call)",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Parse the question, rank passages and pack them under the budget; print the\n"
                                   "rendered evidence and the audit of every packing decision.\n\n"
                                   "example: docintel context \"cash flow on page 4\" corpus/ --json\n\n"
                                   "exit codes: 0 ok; 2 usage (empty question, bad flag); 3 a document could not be\n"
                                   "read (listed on stderr; the others are still used); 4 configuration.")
    p.add_argument("question")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    _retrieval_flags(p)
    p.add_argument("--json", action="store_true",
                   help='print {"question", "parsed", "status", "budget", "decisions", "sources"}')
    _common(p, traces=False)

    p = sub.add_parser("ingest", help="parse PDFs into cached line tables and report on them",
                       description="Parse PDFs (files or folders) into line tables, cache them, and report pages,\n"
                                   "lines, warnings and cache hits. Bad files are listed; the good ones are still read.\n\n"
                                   "example: docintel ingest corpus/\n\n"
                                   "exit codes: 0 every file was read; 3 some file failed (listed on stderr with the\n"
                                   "fix); 4 configuration.",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    p.add_argument("--json", action="store_true", help="print documents and failures as JSON")
    p.add_argument("--lines", action="store_true", help="also print every line (page, line_in_page, global_line, text)")
    _common(p, traces=False)

    sub.add_parser("settings", help="list every setting: name, value, environment variable, meaning")

    c = sub.add_parser("cache", help="show or clear the cache of parsed PDFs and search indexes",
                       description="The cache keeps each parsed PDF (its line table) and its search index as JSON,\n"
                                   "keyed by content hash, in DOCINTEL_CACHE_DIR (default ~/.cache/docintel). Files\n"
                                   "are readable by their owner only. Entries of password-protected PDFs are used\n"
                                   "only after the password given opens the file again.",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    csub = c.add_subparsers(dest="cache_command", metavar="ACTION", required=True)
    for name, text in (("info", "where the cache is, and how many files and bytes it holds"),
                       ("clear", "delete every cached line table and search index (nothing else)")):
        cp = csub.add_parser(name, help=text, description=text)
        cp.add_argument("--cache-dir", type=Path, help="cache folder (DOCINTEL_CACHE_DIR)")
        cp.add_argument("--json", action="store_true")

    from .cli_eval import add_eval_command
    from .cli_review import add_review_commands

    add_review_commands(sub, _common, _answer_flags, _retrieval_flags, non_negative)
    add_eval_command(sub, _common, _answer_flags)
    return parser


FLAG_SETTINGS = ("cache_dir", "traces_dir", "budget_chars", "backend", "model", "api")


def settings_from_flags(args: argparse.Namespace, **extra: Any) -> Settings:
    """The settings with every flag the command line set (flags a subcommand lacks are skipped)."""
    overrides = {k: getattr(args, k, None) for k in FLAG_SETTINGS}
    overrides.update(extra)
    return load_settings(overrides)


def make_reporter(args: argparse.Namespace, settings: Settings) -> Reporter:
    """Progress and warnings on stderr; --quiet hides the progress."""
    from .progress import Reporter

    return Reporter(quiet=getattr(args, "quiet", False), interval_s=settings.progress_interval_s)


def make_pipeline(args: argparse.Namespace, **extra: Any) -> Pipeline:
    """The pipeline of a command: settings from flags, the --password, progress on stderr."""
    from .pipeline import Pipeline

    settings = settings_from_flags(args, **extra)
    return Pipeline(settings, getattr(args, "password", None), make_reporter(args, settings))


def cmd_ingest(args: argparse.Namespace) -> int:
    from . import render

    report = make_pipeline(args).ingest(args.paths)
    if args.json:
        data = {"documents": [{**d.meta.model_dump(), "cache_hit": d.cache_hit} for d in report.documents],
                "failures": [f.model_dump() for f in report.failures]}
        if args.lines:
            for entry, d in zip(data["documents"], report.documents):
                entry["lines"] = d.lines.to_dict(orient="records")
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        print_text(render.ingest_report(report.documents, []))
        if args.lines:
            for d in report.documents:
                print_text(d.lines.to_csv(sep="\t", index=False).rstrip("\n"))
    for failure in report.failures:
        print(f"error: {failure.message}", file=sys.stderr)
    return EXIT_INPUT if report.failures else EXIT_OK


def cmd_context(args: argparse.Namespace) -> int:
    from . import render

    prepared = make_pipeline(args).prepare(args.question, args.paths, budget_chars=args.budget_chars)
    context = prepared.context
    if args.json:
        sources = [{"doc": s.doc, "title": s.title, "heading_path": s.heading_path, "pages": s.pages, "chars": s.chars,
                    "whole_document": s.whole_document, "lines": [line.model_dump() for line in s.lines]}
                   for s in context.sources]
        print(json.dumps({"question": args.question, "parsed": prepared.parsed.model_dump(), "status": context.status,
                          "status_detail": context.status_detail, "budget": context.budget.model_dump(),
                          "decisions": [d.model_dump() for d in context.decisions], "sources": sources,
                          "notes": context.notes, "failed_documents": [f.model_dump() for f in prepared.failures]},
                         indent=1, ensure_ascii=False))
    else:
        print_text(render.context_report(args.question, context))
    for failure in prepared.failures:
        print(f"error: {failure.message}", file=sys.stderr)
    return EXIT_INPUT if prepared.failures else EXIT_OK


def _parse_fields(spec: str | None) -> dict[str, str] | None:
    if not spec:
        return None
    from .answer import FIELD_TYPES

    fields: dict[str, str] = {}
    for part in spec.split(","):
        name, _, kind = part.strip().partition(":")
        kind = kind or "text"
        if not name.isidentifier() or kind not in FIELD_TYPES:
            raise UsageError(f"bad --fields entry {part!r}", f"write NAME:KIND with KIND one of {', '.join(FIELD_TYPES)}")
        fields[name] = kind
    return fields


def cmd_ask(args: argparse.Namespace) -> int:
    from . import render

    pipeline = make_pipeline(args)
    result = pipeline.ask(args.question, args.paths, budget_chars=args.budget_chars,
                          extraction_fields=_parse_fields(args.fields))
    data = result.to_json()
    if args.json:
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        print_text(render.answer_report(data))
    for failure in result.prepared.failures:
        print(f"error: {failure.message}", file=sys.stderr)
    if result.trace_error is not None:
        raise result.trace_error  # the answer is out; now say why its trace is not
    if args.strict and result.verification.failed:
        raise CheckFailedError(f"{result.verification.failed} citation(s) failed verification (trace {result.trace_id})",
                               "inspect them with: docintel traces show " + result.trace_id)
    return EXIT_INPUT if result.prepared.failures else EXIT_OK


def cmd_settings(args: argparse.Namespace) -> int:
    from .settings import ENV_PREFIX, Settings

    settings = load_settings()
    values = settings.public_dict()
    for name, info in Settings.model_fields.items():
        env = "OPENAI_API_KEY" if name == "openai_api_key" else "OPENAI_BASE_URL" if name == "openai_base_url" else ENV_PREFIX + name.upper()
        value = ("(set)" if values["openai_api_key_set"] else "(not set)") if name == "openai_api_key" else values[name]
        print(f"{name} = {value}\n    {env}: {info.description}")
    return EXIT_OK


def _size(n_bytes: int) -> str:
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n_bytes >= scale:
            return f"{n_bytes / scale:.1f} {unit}"
    return f"{n_bytes} bytes"


def cmd_cache(args: argparse.Namespace) -> int:
    from .cache import cache_summary, clear_cache

    cache_dir = load_settings({"cache_dir": args.cache_dir}).cache_dir
    if cache_dir.exists() and not cache_dir.is_dir():
        raise InputError(f"cache folder {cache_dir} is a file, not a folder", "give the folder with --cache-dir "
                                                                             "or DOCINTEL_CACHE_DIR")
    if args.cache_command == "clear":
        try:
            removed = clear_cache(cache_dir)
        except OSError as exc:
            from .errors import storage_error

            raise storage_error("clear the cache in", cache_dir, exc, "check the folder's permissions") from None
        print(json.dumps({"cache_dir": str(cache_dir), "removed_files": removed}) if args.json
              else f"removed {removed} cached files from {cache_dir}")
        return EXIT_OK
    summary = cache_summary(cache_dir)
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(f"cache: {cache_dir}\n"
              f"parsed documents: {summary['lines']['files']} ({_size(summary['lines']['bytes'])})\n"
              f"search indexes: {summary['index']['files']} ({_size(summary['index']['bytes'])})")
    return EXIT_OK


COMMANDS = {"ask": cmd_ask, "context": cmd_context, "ingest": cmd_ingest, "settings": cmd_settings, "cache": cmd_cache}


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        print_text(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    if not args.command:
        parser.print_help()
        return EXIT_OK
    from .cli_eval import EVAL_COMMANDS
    from .cli_review import REVIEW_COMMANDS

    handler = {**COMMANDS, **REVIEW_COMMANDS, **EVAL_COMMANDS}[args.command]
    try:
        return handler(args)
    except DocintelError as exc:
        print_text(f"error: {exc}", file=sys.stderr)
        if exc.trace_error is not None:
            print_text(f"error: {exc.trace_error}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("error: interrupted — partial work is kept where it was complete (cache, traces, batch output)", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # a bug: one line, full traceback only on request
        if os.environ.get("DOCINTEL_DEBUG"):
            traceback.print_exc()
        print(f"error: internal error ({type(exc).__name__}: {exc}) — please report it; DOCINTEL_DEBUG=1 shows the traceback",
              file=sys.stderr)
        return EXIT_INTERNAL
