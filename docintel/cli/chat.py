"""``docintel chat``: a conversation over documents, interactive or from a script of turns."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import EXIT_INPUT, EXIT_OK, DocintelError, InputError, UsageError
from ..render.text import print_text
from .common import add_command, answer_flags, common_flags, make_pipeline, retrieval_flags, scope_flag

if TYPE_CHECKING:
    from ..apps.chat import ChatSession

CHAT_HELP = """\
Ask questions about the documents one after another; each turn can build on the earlier ones.

A follow-up is resolved against the previous turn before anything is searched: "and in 2017?"
asks the previous question for 2017, "what about Boeing?" for Boeing, and a question that leaves
out the company, the period or what "it" is ("which segment drove it?") gets them from the
previous turn, in brackets. What a question names itself wins. The resolved question is shown
(» resolved: ...), searched and recorded.

Each turn's prompt holds, besides the rules and the evidence: the working state (documents in
scope, periods asked, parts left open), the latest turns raw with their verdicts, and older turns
summarised (a supported answer as a fact; any other answer never stated as one), ranked by
reliability, relevance, importance (later turns that followed up on it) and recency. Turns that
no longer bear on the question, and answers asked again later, are left out. The conversation
gets chat_history_share (25%) of --budget-chars, split into its tiers; the evidence gets the rest.
Every turn is traced with the session id and its turn number: docintel traces show --session ID
replays the conversation.

Commands at the prompt (or as lines of --script):
  /help            this list
  /sources         the documents in scope and what the last answer cited
  /budget          each tier of the last turn against its share (! marks one over its share)
  /reset           forget the conversation (a new session id)
  /save [FILE]     write the transcript as JSON (default chat-<session id>.json)
  /quit            leave (end of input does too)

--script FILE runs the turns of FILE (one per line; blank lines and lines starting with # are
skipped) and exits 0 when every turn was answered, else with the exit code of the first turn that
failed (its error is shown and the session goes on; a document that could not be read is exit
3, as for ask); a script without turns is exit 2, a missing path exit 3 before any turn. With
--json every turn and every command prints one JSON object per line (a failed turn: its error).

example: docintel chat filings/3M_2018_10K.pdf
example: docintel chat filings/ --script turns.txt --json"""

COMMANDS_HELP = CHAT_HELP.split("Commands at the prompt (or as lines of --script):\n", 1)[1].split("\n\n", 1)[0]


def register(sub: Any) -> None:
    """Add ``chat``."""
    p = add_command(
        sub, "chat", cmd_chat, help="a conversation over the documents: follow-ups, tiers", description=CHAT_HELP
    )
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="PDF files or folders of PDFs")
    p.add_argument("--script", type=Path, metavar="FILE", help="run the turns of FILE instead of asking at a prompt")
    p.add_argument("--json", action="store_true", help="print one JSON object per turn")
    answer_flags(p)
    retrieval_flags(p)
    scope_flag(p)
    common_flags(p)


def _script(path: Path) -> list[str]:
    """The turns of a script file; InputError when it cannot be read, UsageError when it holds none."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"the chat script {path} does not exist", "check the path") from None
    except IsADirectoryError:
        raise InputError(f"the chat script {path} is a folder", "name a text file of turns, one a line") from None
    except UnicodeDecodeError:
        raise InputError(f"the chat script {path} is not UTF-8 text", "save it as UTF-8 text") from None
    except OSError as exc:
        raise InputError(f"cannot read the chat script {path} ({exc.strerror or exc})", "check the path") from None
    turns = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if not turns:
        raise UsageError(f"the chat script {path} has no turns", "write one question (or /command) per line")
    return turns


def _turns(args: argparse.Namespace, script: list[str] | None) -> Iterator[str]:
    if script is not None:
        yield from script
        return
    interactive = sys.stdin.isatty() and not args.json
    if interactive:
        _readline_history(args)
    while True:
        try:
            line = input("docintel> " if interactive else "")  # piped input or --json: stdout holds answers only
        except EOFError:
            print()
            return
        if line.strip():
            yield line.strip()


HISTORY_LINES = 1000  # questions kept at the prompt's history (the oldest go first)


def _readline_history(args: argparse.Namespace) -> None:
    """Line editing and a history of earlier questions at the prompt, where readline exists.

    The history is read and written here, not by the readline library: one question per line, the
    last HISTORY_LINES only, written atomically and readable by its owner alone (mode 600, as the
    caches), whatever readline (GNU or libedit) the Python has.
    """
    try:
        import atexit
        import readline
    except ImportError:  # no readline on this platform: plain input
        return
    from ..settings import load_settings

    history = load_settings({"cache_dir": args.cache_dir}).cache_dir / "chat_history"
    try:
        for line in history.read_text(encoding="utf-8").splitlines()[-HISTORY_LINES:]:
            if line.strip():
                readline.add_history(line)
    except (OSError, UnicodeDecodeError):
        pass  # no history yet, or an unreadable one: start afresh
    atexit.register(_write_history, readline, history)


def _write_history(readline: Any, path: Path) -> None:
    """Keep the last HISTORY_LINES questions asked, private to the user; never an error on the way out."""
    from ..ingest.cache import atomic_write_text

    items = [readline.get_history_item(i) for i in range(1, readline.get_current_history_length() + 1)]
    kept = [item.replace("\n", " ") for item in items if item and item.strip()][-HISTORY_LINES:]
    try:
        atomic_write_text(path, "".join(f"{item}\n" for item in kept))  # a new file, mode 600
    except OSError:
        pass  # the history is a convenience: a cache folder that cannot take it costs nothing else


def cmd_chat(args: argparse.Namespace) -> int:
    from ..apps.chat import ChatSession

    script = _script(args.script) if args.script is not None else None
    missing = [p for p in args.paths if not p.exists()]
    if missing:
        raise InputError(f"no such file or folder: {missing[0]}", "give PDF files or folders that exist")
    pipeline = make_pipeline(args, budget_chars=args.budget_chars)
    pipeline.store.check_writable()
    session = ChatSession(pipeline, args.paths, args.scope or None)
    first_error = EXIT_OK
    if script is None and not args.json:
        print_text(f"session {session.session_id}: ask a question, /help for commands, /quit to leave")
    for line in _turns(args, script):
        if line.startswith("/"):
            if _command(line, session, args):
                break
            continue
        code = _turn(line, session, args)  # every turn runs; the first failure sets the exit code
        first_error = first_error or code
    return first_error if script is not None else EXIT_OK


def _turn(asked: str, session: ChatSession, args: argparse.Namespace) -> int:
    """Answer and print one turn: EXIT_OK, or the error's exit code (printed; the session goes on)."""
    from ..render import reports as render

    try:
        result, resolution = session.ask(asked)
    except DocintelError as exc:
        print_text(f"error: {exc}", file=sys.stderr)
        if args.json:
            print(json.dumps({"session_id": session.session_id, "turn": session.asked, "asked": asked,
                              "error": str(exc), "exit_code": exc.exit_code}, ensure_ascii=False))  # fmt: skip
        return exc.exit_code
    record = session.last_record
    if args.json:
        data = {
            "session_id": session.session_id,
            "turn": record.turn if record else None,
            "asked": asked,
            "resolved": resolution.question,
            "carried": resolution.carried,
            "tiers": [t.model_dump() for t in session.budget()],
            **result.to_json(),
        }
        print(json.dumps(data, ensure_ascii=False))
        return EXIT_INPUT if result.prepared.failures else EXIT_OK
    if resolution.question != asked:
        print_text(f"» resolved: {resolution.question}  ({'; '.join(resolution.carried)})")
    print_text(render.answer_report(result.to_json()))
    if over := [t.name for t in session.budget() if t.over]:
        print_text(f"note: over its share of the budget: {', '.join(over)} (see /budget)")
    return EXIT_INPUT if result.prepared.failures else EXIT_OK  # as ask: a document could not be read


def _command(line: str, session: ChatSession, args: argparse.Namespace) -> bool:
    """Run a /command; True to leave. With --json each prints one JSON object."""
    from ..render import chat as render_chat

    name, _, rest = line.partition(" ")
    if name in ("/quit", "/exit"):
        return True
    data: dict[str, Any] = {"command": name}
    if name == "/help":
        data["message"] = COMMANDS_HELP
    elif name == "/reset":
        session.reset()
        data["message"] = f"conversation forgotten; session {session.session_id}"
    elif name == "/budget":
        data["tiers"] = [t.model_dump() for t in session.budget()]
        data["message"] = render_chat.tiers_report(session.budget()) or "no turn yet"
    elif name == "/sources":
        result = session.last_result
        data["documents"] = sorted({d for t in session.turns for d in t.documents})
        data["cited"] = result.verification.model_dump(mode="json")["spans"] if result else []
        data["message"] = render_chat.sources_report(result.to_json() if result else None, session.turns)
    elif name == "/save":
        path = Path(rest.strip() or f"chat-{session.session_id}.json")
        try:
            session.save(path)
            data["message"] = f"saved {len(session.turns)} turn(s) to {path}"
        except DocintelError as exc:
            print_text(f"error: {exc}", file=sys.stderr)
            if args.json:
                print(json.dumps({"command": name, "error": str(exc), "exit_code": exc.exit_code}, ensure_ascii=False))
            return False
    else:
        data["message"] = f"unknown command {name}; /help lists them"
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        print_text(data["message"])
    return False
