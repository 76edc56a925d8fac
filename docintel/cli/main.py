"""The ``docintel`` command: builds the parser from the command modules and runs one command.

Heavy modules (pandas, pypdf, openai) are imported by the commands that need them, so that
``traces list`` and ``--help`` start fast. Errors print as one line ``error: <what> — <fix>``
and exit with the code documented in docintel.errors.
"""

from __future__ import annotations

import os
import sys
import traceback

from .. import __version__
from ..errors import EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, DocintelError, UsageError
from ..render.text import print_text
from . import ask, batch, chat, context, eval, examples, index, ingest, page, settings, traces, view
from .common import EPILOG, Parser

COMMAND_MODULES = (ask, chat, context, ingest, index, page, settings, batch, traces, view, eval, examples)


def build_parser() -> Parser:
    """The argument parser: the user's manual."""
    import argparse

    parser = Parser(
        prog="docintel",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=EPILOG,
        description="Answer questions about PDF documents with citations that are checked.\n\n"
        "Reads PDFs into line tables, routes a question over a folder to the documents whose\n"
        "issuer, period and terms match, finds the passages that matter (BM25, page hints), sends\n"
        "them to a model (or answers offline by quoting lines), verifies every quote against the\n"
        "source, and writes a trace of each call to traces/.",
    )
    parser.add_argument("--version", action="version", version=f"docintel {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.register(sub)
    return parser


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
    try:
        code: int = args.handler(args)
        return code
    except DocintelError as exc:
        print_text(f"error: {exc}", file=sys.stderr)
        if exc.trace_error is not None:
            print_text(f"error: {exc.trace_error}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print(
            "error: interrupted — partial work is kept where it was complete (cache, traces, batch output)",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # a bug: one line, full traceback only on request
        if os.environ.get("DOCINTEL_DEBUG"):
            traceback.print_exc()
        print(
            f"error: internal error ({type(exc).__name__}: {exc}) — please report it; DOCINTEL_DEBUG=1 shows the "
            "traceback",
            file=sys.stderr,
        )
        return EXIT_INTERNAL
