"""``docintel examples``: add, list and remove validated answer-format examples."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..errors import EXIT_OK, UsageError
from ..render.text import print_text
from ..settings import load_settings
from .common import add_command

EXAMPLES_HELP = """\
Keep a bank of answers whose quotes and values passed verification, shown to the model as format
examples (the wording of a text answer is not checked).

add TRACE_ID stores a traced question and its answer when the answer was found and supported:
every quote verified and every value, period and calculation check holding (anything else is
refused with the reason, exit 2). The answer's items are stored without their spans.
list shows the bank; remove ID takes one out. The bank is examples/bank.json in the traces folder.

With every question, the closest examples of the same answer shape (up to max_examples, 5;
BM25 over the example questions; never the same question) open the user prompt, so the system
prompt stays the same for every question of a shape; the trace names them in its fragments
(example:ID). use_examples=false (or eval --ablate examples) leaves them out.

example: docintel examples add 20261130T070531193956Z-0464bd"""


def register(sub: Any) -> None:
    """Add ``examples`` and its actions."""
    e = add_command(
        sub,
        "examples",
        _dispatch,
        help="the bank of validated answer examples: add, list, remove",
        description=EXAMPLES_HELP,
    )
    esub = e.add_subparsers(dest="examples_command", metavar="ACTION", required=True)
    ap = esub.add_parser("add", help="store a supported traced answer as an example")
    ap.add_argument("trace_id", metavar="TRACE_ID", help="a trace id (or a unique prefix)")
    lp = esub.add_parser("list", help="the examples, one line each")
    lp.add_argument("--json", action="store_true")
    rp = esub.add_parser("remove", help="take an example out of the bank")
    rp.add_argument("id", metavar="ID", help="the example id (ex-<trace id>) or its trace id")
    for parser in (ap, lp, rp):
        parser.add_argument("--traces-dir", help="folder of the traces and the bank (DOCINTEL_TRACES_DIR)")


def _dispatch(args: argparse.Namespace) -> int:
    from datetime import UTC, datetime

    from ..context.examples import example_from_trace, load_bank, save_bank
    from ..traces.store import TraceStore

    traces_dir = load_settings({"traces_dir": args.traces_dir}).traces_dir
    TraceStore(traces_dir).trace_files()  # a traces folder that is a file: the trace store's clear error
    bank = load_bank(traces_dir)
    if args.examples_command == "list":
        if args.json:
            print(json.dumps([e.model_dump(mode="json") for e in bank], indent=1, ensure_ascii=False))
        for example in [] if args.json else bank:
            print_text(f"{example.id}  {example.shape:<8} {example.question}")
        if not bank and not args.json:
            print_text(f"no examples in {traces_dir}; add one with docintel examples add TRACE_ID")
        return EXIT_OK
    if args.examples_command == "remove":
        kept = [e for e in bank if args.id not in (e.id, e.trace_id)]
        if len(kept) == len(bank):
            raise UsageError(f"no example {args.id!r} in {traces_dir}", "run docintel examples list to see ids")
        save_bank(traces_dir, kept)
        print_text(f"removed {args.id}; {len(kept)} example(s) left")
        return EXIT_OK
    trace = TraceStore(traces_dir).load(args.trace_id).as_json()
    example = example_from_trace(trace, datetime.now(UTC).isoformat(timespec="seconds"))
    if any(e.id == example.id for e in bank):
        raise UsageError(f"trace {example.trace_id} is already example {example.id}", "nothing to do")
    save_bank(traces_dir, [*bank, example])
    print_text(f"added {example.id} ({example.shape}): {example.question}")
    return EXIT_OK
