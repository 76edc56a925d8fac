"""``docintel view``: a local web view of the traces, the cited lines shown on their pages, and asking."""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path
from typing import Any

from ..errors import EXIT_OK, InputError, TraceError, UsageError
from .common import add_command, answer_flags, make_pipeline, retrieval_flags, settings_from_flags

ALL_INTERFACES = "0.0.0.0"


def register(sub: Any) -> None:
    """Add ``view``."""
    p = add_command(
        sub,
        "view",
        cmd_view,
        help="a local web page of answers and traces: cited lines highlighted on their pages, ask from the page",
        description="Start a local web server (http://127.0.0.1:8765/ by default; Ctrl-C stops it) with:\n"
        "  the trace list    filters of `traces list` (status, document, date, text), newest first\n"
        "  a trace page      the question and answer; each item with its checks (✓ held, ✗ failed, ? not\n"
        "                    checked) and their details; the cited pages (rendered as `docintel page`\n"
        "                    does) with each cited line boxed in its verdict's colour and labelled with\n"
        "                    its item and line (click an item to scroll to its boxes; where a page cannot\n"
        "                    be boxed, e.g. a document changed since, lines are listed); the\n"
        "                    context as the model saw it with a budget bar per document and per tier\n"
        "                    (evidence, conversation, examples); routing decisions and notes; the calls\n"
        "                    with tokens and cost; a chat session's turns; a link to export the page\n"
        "  ask               a question box over the PATHs given here (or a trace's documents) that runs\n"
        "                    the same pipeline as `docintel ask` and opens the new trace\n\n"
        "Security: the server listens on 127.0.0.1 only, unless --host is given (then anyone who can\n"
        "reach the port can read the traces and ask: a warning is printed). Trace ids from a URL never\n"
        "reach outside the traces folder; a document is served only when a trace names it and its\n"
        "content hash still matches; nothing is written except the traces of questions asked from\n"
        "the page and docintel's cache of parsed documents and rendered pages (the trace index is\n"
        "read, not updated).\n\n"
        "example: docintel view corpus/\n"
        "example: docintel view --traces runs/traces --port 9000",
    )
    p.add_argument(
        "paths", nargs="*", type=Path, metavar="PATH", help="PDF files or folders to ask about from the page"
    )
    p.add_argument("--port", type=_port, default=8765, help="port to listen on (default 8765; 0 = any free port)")
    p.add_argument(
        "--traces",
        "--traces-dir",
        dest="traces_dir",
        type=Path,
        metavar="DIR",
        help="traces folder (DOCINTEL_TRACES_DIR; default ./traces)",
    )
    p.add_argument(
        "--host",
        nargs="?",
        const=ALL_INTERFACES,
        metavar="ADDRESS",
        help=f"listen on ADDRESS instead of 127.0.0.1 ({ALL_INTERFACES}, every interface, when none is given); "
        "anyone who can reach it can read the traces and documents and ask questions",
    )
    p.add_argument("--cache-dir", type=Path, help="cache folder for parsed PDFs (DOCINTEL_CACHE_DIR)")
    p.add_argument("--password", help="password for encrypted PDFs: to draw their pages and to ask about them")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr while asking")
    answer_flags(p)
    retrieval_flags(p)


def _port(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a port number") from None
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"{number} is not a port (0-65535; 0 = any free port)")
    return number


def _check_paths(paths: list[Path]) -> None:
    missing = [p for p in paths if not p.exists()]
    if missing:
        raise InputError(f"{missing[0]} does not exist", "give PDF files or folders that exist, or no PATH")


def cmd_view(args: argparse.Namespace) -> int:
    """Serve the viewer until Ctrl-C."""
    from ..view.server import Viewer, make_server

    _check_paths(args.paths)
    settings = settings_from_flags(args)
    root = settings.traces_dir
    if root.exists() and not root.is_dir():
        raise TraceError(f"traces folder {root} is a file, not a folder", "give the folder with --traces DIR")
    viewer = Viewer(settings, make_pipeline(args), [p.resolve() for p in args.paths], args.password)
    host = args.host or "127.0.0.1"
    try:
        server = make_server(viewer, host, args.port, any_host=args.host is not None)
    except OSError as exc:
        raise UsageError(
            f"cannot listen on {host}:{args.port} ({exc.strerror or exc})",
            "choose another port with --port (0 = any free port)",
        ) from None
    port = server.server_address[1]
    if args.host is not None:
        print(
            f"warning: listening on {host}:{port}, not only on this machine: anyone who can reach it can read "
            "these traces and their documents and ask questions (using your API key); use it on a trusted "
            "network only",
            file=sys.stderr,
        )
    shown = socket.gethostname() if host == ALL_INTERFACES else host
    try:  # Ctrl-C from the moment the address is printed stops the server cleanly
        print(f"docintel view: http://{shown}:{port}/  (traces in {root}; Ctrl-C stops)", flush=True)
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
    finally:
        server.server_close()
    return EXIT_OK
