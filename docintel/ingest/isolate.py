"""Run a function on each item in worker processes, with a time limit per item and progress messages.

Parsing a damaged PDF can hang or crash inside pypdf; in a worker process that costs one file,
not the run. Workers are reused from item to item (starting a process costs up to half a second
where processes are spawned) and replaced only after one dies or is stopped. The time limit
counts from the moment a worker starts an item, not from the process start. Each worker has its
own pipe, so stopping one cannot corrupt what the others send. A worker whose parent disappears
stops by itself (end of its pipe, or an alarm past the time limit where the platform has one).
"""

from __future__ import annotations

import math
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

if TYPE_CHECKING:  # multiprocessing is imported when a file is parsed, not when cached documents are read
    from multiprocessing.connection import Connection

Item = TypeVar("Item")
Report = Callable[[Any], None]
_ALARM_SLACK_S = 30  # the worker's own backstop fires this long after the parent's limit
_STARTUP_S = 120  # longest a new worker may take to start (import) before its first item counts


@dataclass
class Outcome(Generic[Item]):
    """How one item ended: ``done`` with the function's value, ``timeout``, or ``crashed`` (value: the reason)."""

    item: Item
    status: Literal["done", "timeout", "crashed"]
    value: Any = None
    seconds: float = 0.0
    exitcode: int | None = None


@dataclass(frozen=True)
class Extend:
    """A progress message that gives the item *seconds* more than the time limit (pages read by OCR, say)."""

    seconds: float


def _reporter(conn: Connection, index: int) -> Report:
    def report(message: Any) -> None:
        alarm = getattr(signal, "alarm", None)
        if isinstance(message, Extend) and alarm is not None:  # the worker's own backstop moves with the limit
            alarm(alarm(0) + math.ceil(message.seconds))
        conn.send(("progress", index, message))

    return report


def _worker(func: Callable[[Any, Report], Any], conn: Connection, timeout_s: float) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it stops the workers
    alarm = getattr(signal, "alarm", None)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return  # the parent is gone
        if task is None:
            return
        index, item = task
        conn.send(("start", index, None))
        if alarm is not None:
            alarm(math.ceil(timeout_s) + _ALARM_SLACK_S)
        try:
            value = func(item, _reporter(conn, index))
            conn.send(("done", index, value))
        except Exception as exc:  # never a traceback from a worker: the parent reports one line
            conn.send(("failed", index, f"{type(exc).__name__}: {exc}"))
        finally:
            if alarm is not None:
                alarm(0)


@dataclass
class _Worker:
    process: Any
    conn: Connection
    index: int | None = None  # the item it is working on
    started: float = field(default_factory=time.monotonic)
    confirmed: bool = False  # the worker said it started the item (the time limit runs from then)


class _Pool:
    """Workers, their pipes and what each is doing."""

    def __init__(self, func: Callable[[Any, Report], Any], size: int, timeout_s: float) -> None:
        self.func, self.size, self.timeout_s = func, max(1, size), timeout_s
        import multiprocessing

        self.context = multiprocessing.get_context()
        self.workers: dict[Connection, _Worker] = {}

    def spawn(self) -> _Worker:
        parent, child = self.context.Pipe(duplex=True)
        process = self.context.Process(target=_worker, args=(self.func, child, self.timeout_s), daemon=True)
        process.start()
        child.close()
        worker = _Worker(process, parent)
        self.workers[parent] = worker
        return worker

    def idle(self) -> list[_Worker]:
        return [w for w in self.workers.values() if w.index is None]

    def retire(self, worker: _Worker, *, kill: bool) -> None:
        """Remove a worker: ask it to stop, or stop it now (after a timeout or a crash)."""
        self.workers.pop(worker.conn, None)
        if not kill:
            try:
                worker.conn.send(None)
            except OSError:
                pass
            worker.process.join(2)
        if worker.process.is_alive():
            worker.process.terminate()
            worker.process.join(2)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(2)
        worker.conn.close()


def run_isolated(
    items: list[Item],
    func: Callable[[Item, Report], Any],
    *,
    workers: int,
    timeout_s: float,
    on_progress: Callable[[Item, Any], None] | None = None,
) -> Iterator[Outcome[Item]]:
    """Yield an Outcome per item as each finishes; at most *workers* processes at once.

    *func* must be a module-level function (picklable where processes are spawned). An item
    still running *timeout_s* after its worker started it is stopped. Every worker is stopped
    when the caller stops iterating (Ctrl-C included).
    """
    from multiprocessing.connection import wait

    pool = _Pool(func, min(workers, len(items)), timeout_s)
    pending = list(enumerate(items))
    try:
        while pending or any(w.index is not None for w in pool.workers.values()):
            while pending and (pool.idle() or len(pool.workers) < pool.size):
                worker = (pool.idle() or [pool.spawn()])[0]
                worker.index, item = pending.pop(0)
                worker.started, worker.confirmed = time.monotonic(), False
                try:
                    worker.conn.send((worker.index, item))
                except OSError:
                    pool.retire(worker, kill=True)
                    yield Outcome(item, "crashed", value="the worker process could not be reached")
            for ready in wait(list(pool.workers), timeout=0.2):
                worker = pool.workers[ready]  # type: ignore[index]  # wait() returns the connections given
                outcome = _receive(pool, worker, items, on_progress)
                if outcome is not None:
                    yield outcome
            yield from _timeouts(pool, items)
    finally:
        for worker in list(pool.workers.values()):
            pool.retire(worker, kill=worker.index is not None)


def _receive(
    pool: _Pool, worker: _Worker, items: list[Item], on_progress: Callable[[Item, Any], None] | None
) -> Outcome[Item] | None:
    """Read one message; an Outcome when the worker finished its item (or died), else None."""
    index = worker.index
    try:
        kind, sent_index, payload = worker.conn.recv()
    except (EOFError, OSError):
        worker.process.join(2)  # it is exiting: let it finish, so its exit code is its own
        pool.retire(worker, kill=True)
        if index is None:
            return None
        return Outcome(
            items[index], "crashed", seconds=time.monotonic() - worker.started, exitcode=worker.process.exitcode
        )
    if kind == "start":
        worker.started, worker.confirmed = time.monotonic(), True
        return None
    if kind == "progress" and isinstance(payload, Extend):
        worker.started += payload.seconds  # the limit counts from later: the item has more time
        return None
    if kind == "progress":
        if on_progress is not None:
            on_progress(items[sent_index], payload)
        return None
    worker.index = None
    seconds = time.monotonic() - worker.started
    return Outcome(items[sent_index], "done" if kind == "done" else "crashed", value=payload, seconds=seconds)


def _timeouts(pool: _Pool, items: list[Item]) -> Iterator[Outcome[Item]]:
    now = time.monotonic()
    for worker in list(pool.workers.values()):
        # Before a new worker confirms, its start-up (imports) is not counted against the item.
        limit = pool.timeout_s if worker.confirmed else pool.timeout_s + _STARTUP_S
        if worker.index is not None and now - worker.started > limit:
            index = worker.index
            pool.retire(worker, kill=True)
            yield Outcome(items[index], "timeout", seconds=now - worker.started)
