"""The ``docintel`` command: builds the parser from the command modules and runs one command.

Heavy modules (pandas, pypdf, openai) are imported by the commands that need them, so that
``traces list`` and ``--help`` start fast; a command line that names a command imports that
command's module only. Errors print as one line ``error: <what> — <fix>`` and exit with the code
documented in docintel.errors.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
import traceback
from typing import Any, TextIO

from .. import __version__
from ..errors import EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, DocintelError, UsageError
from ..redact import clean
from ..render.text import print_text
from .common import EPILOG, Parser

# The modules of docintel.cli that register the commands, in the order of `docintel --help`.
COMMAND_MODULES = (
    "ask",
    "chat",
    "context",
    "ingest",
    "facts",
    "index",
    "page",
    "settings",
    "batch",
    "traces",
    "view",
    "verify",
    "eval",
    "examples",
)
# Each command and the module that registers it (tests/test_cli.py checks it against the full parser).
COMMAND_MODULE_OF = {**{name: name for name in COMMAND_MODULES}, "cache": "settings"}


def build_parser(command: str | None = None) -> Parser:
    """The argument parser: the user's manual. With a known *command*, only the module that registers it is
    imported and registered: that command parses, and prints its help, exactly as in the full parser."""
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
    names = (COMMAND_MODULE_OF[command],) if command in COMMAND_MODULE_OF else COMMAND_MODULES
    for name in names:
        importlib.import_module(f"{__package__}.{name}").register(sub)
    return parser


class _Masked:
    """A text stream whose writes have every secret masked (``redact.clean``): whatever a model server echoed
    (a key glued into an error text, a model's name, a library's warning) reaches the terminal without it."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(clean(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code. What it prints passes through ``redact.clean``."""
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Masked(sys.stdout), _Masked(sys.stderr)
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = streams


def _main(argv: list[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv[0] if argv else None)
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # the command's own help lists its options: point there when the option came after it
            command = getattr(args, "command", None)
            after = command in argv and all(e in argv[argv.index(command) + 1 :] for e in extra)
            help_of = f"docintel {command}" if after else "docintel"
            raise UsageError(f"unrecognized arguments: {' '.join(extra)}", f"see {help_of} --help")
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


def run() -> int:
    """The process's entry point (``python -m docintel``, the ``docintel`` script): main(), then the exit code.

    What is still loaded is frozen out of the garbage collector first (``gc.freeze``): the interpreter's
    exit would otherwise run four full collections over every object of the run (0.1 s of CPU after
    ``context`` on a cached 10-K, ``scripts.bench_startup``) to free memory the system takes back anyway.
    Atexit handlers and the flushing of stdout and stderr still run.
    """
    code = main()
    gc.freeze()
    return code
