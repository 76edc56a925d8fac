"""One function run in a forked child beside the caller's own work (the fact reader's work cut in two, one part
read so while this process reads the other: two cores instead of one for the last pass of ``docintel ingest``).

Only where forking is safe and cheap: Linux, one thread running (a fork copies no other thread, and a lock another
thread held would stay locked in the child), and work large enough to pay for the fork and for sending the value
back (pickled through a pipe). Anywhere else, and when the child fails for any reason, the function is simply
called in the caller's process: the value is the same either way, only the time differs.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import Generic, TypeVar

T = TypeVar("T")
DEADLINE_S = 120.0  # a child still reading after this long is stopped and its work done in the caller


class Pending(Generic[T]):
    """``func()`` running in a child process (or not started, when no child could be made); ``result()`` gives it."""

    def __init__(self, func: Callable[[], T], fork: bool) -> None:
        self.func = func
        self.pid: int | None = None
        self.fd: int | None = None
        if fork and sys.platform == "linux" and threading.active_count() == 1:
            self._start()

    def _start(self) -> None:
        try:
            read_fd, write_fd = os.pipe()
        except OSError:
            return
        try:
            pid = os.fork()
        except OSError:
            os.close(read_fd)
            os.close(write_fd)
            return
        if pid == 0:  # the child: the value down the pipe, then out without running the parent's exit handlers
            code = 1
            try:
                os.close(read_fd)
                data = pickle.dumps(self.func(), protocol=pickle.HIGHEST_PROTOCOL)
                with os.fdopen(write_fd, "wb") as out:
                    out.write(data)
                code = 0
            finally:
                os._exit(code)
        os.close(write_fd)
        self.pid, self.fd = pid, read_fd

    def result(self, timeout: float = DEADLINE_S) -> T:
        """The child's value once it has finished; ``func()`` called here when there was no child, it failed or it
        did not finish within *timeout* seconds (a lock a C library's thread held at the fork can hang it)."""
        if self.pid is None or self.fd is None:
            return self.func()
        pid, fd = self.pid, self.fd
        self.pid = self.fd = None
        try:
            data = _read_within(fd, timeout)
        except BaseException:  # Ctrl-C while waiting: the child goes too
            _stop(pid)
            raise
        finally:
            os.close(fd)
        if data is None:
            _stop(pid)
            return self.func()
        _, status = os.waitpid(pid, 0)
        if status == 0 and data:
            try:
                value: T = pickle.loads(data)
                return value
            except Exception:  # a value that does not come back whole: made here instead
                pass
        return self.func()

    def cancel(self) -> None:
        """Stop the child if its value was never collected (the caller failed first)."""
        if self.pid is None or self.fd is None:
            return
        pid, fd = self.pid, self.fd
        self.pid = self.fd = None
        os.close(fd)
        _stop(pid)

    def __enter__(self) -> Pending[T]:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.cancel()


def _read_within(fd: int, timeout: float) -> bytes | None:
    """Everything the child writes to *fd* until it closes it; None when *timeout* seconds pass first."""
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            return None
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def _stop(pid: int) -> None:
    """Kill the child and reap it."""
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
    os.waitpid(pid, 0)


def beside(func: Callable[[], T], fork: bool = True) -> Pending[T]:
    """Start ``func()`` in a forked child when *fork* and it is safe here (see the module); use as a ``with`` block,
    which stops the child when the block is left before ``result()``."""
    return Pending(func, fork)
