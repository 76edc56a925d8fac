"""Run a function on each item in its own worker process, with a time limit and progress messages.

Parsing a damaged PDF can hang or crash inside pypdf; in a child process that costs one file,
not the run. Each child has its own pipe, so stopping one past its time limit cannot corrupt
what the others send. A child reports progress by calling the ``report`` function it is given.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Callable, Generic, Iterator, Literal, TypeVar

Item = TypeVar("Item")
Report = Callable[[Any], None]


@dataclass
class Outcome(Generic[Item]):
    """How one item ended: ``done`` with the function's value, ``timeout``, or ``crashed`` (value: the reason)."""

    item: Item
    status: Literal["done", "timeout", "crashed"]
    value: Any = None
    seconds: float = 0.0
    exitcode: int | None = None


def _child(func: Callable[[Any, Report], Any], item: Any, conn: Connection) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it stops the children
    try:
        value = func(item, lambda message: conn.send(("progress", message)))
        conn.send(("done", value))
    except Exception as exc:  # never a traceback from a child: the parent reports one line
        conn.send(("failed", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


@dataclass
class _Running:
    process: Any
    conn: Connection
    started: float


def run_isolated(items: list[Item], func: Callable[[Item, Report], Any], *, workers: int, timeout_s: float,
                 on_progress: Callable[[Item, Any], None] | None = None) -> Iterator[Outcome[Item]]:
    """Yield an Outcome per item as each finishes; at most *workers* children at once.

    *func* must be a module-level function (picklable where processes are spawned). A child
    still running after *timeout_s* is stopped. Every child is stopped when the caller stops
    iterating (Ctrl-C included).
    """
    context = multiprocessing.get_context()
    pending = list(items)
    running: dict[Connection, tuple[Item, _Running]] = {}
    try:
        while pending or running:
            while pending and len(running) < max(1, workers):
                item = pending.pop(0)
                receiver, sender = context.Pipe(duplex=False)
                process = context.Process(target=_child, args=(func, item, sender), daemon=True)
                process.start()
                sender.close()
                running[receiver] = (item, _Running(process, receiver, time.monotonic()))
            for conn in wait(list(running), timeout=0.2):
                item, run = running[conn]
                outcome = _receive(item, run, on_progress)
                if outcome is not None:
                    del running[conn]
                    yield outcome
            now = time.monotonic()
            for conn, (item, run) in list(running.items()):
                if now - run.started > timeout_s:
                    del running[conn]
                    _stop(run)
                    yield Outcome(item, "timeout", seconds=now - run.started)
    finally:
        for _, run in running.values():
            _stop(run)


def _receive(item: Item, run: _Running, on_progress: Callable[[Item, Any], None] | None) -> Outcome[Item] | None:
    """Read one message; an Outcome when the child finished (or died), None after a progress message."""
    try:
        kind, payload = run.conn.recv()
    except (EOFError, OSError):
        run.process.join(5)
        run.conn.close()
        return Outcome(item, "crashed", seconds=time.monotonic() - run.started, exitcode=run.process.exitcode)
    if kind == "progress":
        if on_progress is not None:
            on_progress(item, payload)
        return None
    run.process.join(5)
    run.conn.close()
    status: Literal["done", "crashed"] = "done" if kind == "done" else "crashed"
    return Outcome(item, status, value=payload, seconds=time.monotonic() - run.started)


def _stop(run: _Running) -> None:
    if run.process.is_alive():
        run.process.terminate()
        run.process.join(2)
        if run.process.is_alive():
            run.process.kill()
            run.process.join(2)
    run.conn.close()
