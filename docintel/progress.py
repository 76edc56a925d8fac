"""Progress of long steps and one-off warnings, on stderr.

On a terminal a step shows as a tqdm bar (cleared when it ends); elsewhere (a log file, CI,
a pipe) as a plain line every ``interval_s`` seconds and a closing line when any was printed,
so a quick step prints nothing. ``quiet`` silences progress, never warnings. tqdm is imported
only when a bar is drawn, so commands that draw none start as fast as before.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any, TextIO


def _duration(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class Task:
    """One long step: advance it in work units (any measure of the total), describe it in *status*."""

    def __init__(self, reporter: Reporter, label: str, total: float) -> None:
        self.reporter, self.label, self.total = reporter, label, max(float(total), 1e-9)
        self.done = 0.0
        self.status = ""
        self.started = self.last_line = time.monotonic()
        self.lines_printed = 0
        self.summary: str | None = None  # the closing line's text when the task ends as a context manager
        self._bar: Any = None
        self._lock = threading.Lock()
        if reporter.active and reporter.tty:
            from tqdm import tqdm

            tqdm.monitor_interval = 0  # no monitor thread: parsing forks worker processes
            reporter.bars += 1
            self._bar = tqdm(
                total=self.total,
                desc=label,
                file=reporter.stream,
                leave=False,
                dynamic_ncols=True,
                bar_format="{desc}: {percentage:3.0f}%|{bar}| [{elapsed}<{remaining}]{postfix}",
            )

    def advance(self, amount: float = 1.0, status: str | None = None) -> None:
        """Record *amount* more units done; *status* replaces the text shown beside the bar."""
        self.set(self.done + amount, self.total, status)

    def set(self, done: float, total: float, status: str | None = None) -> None:
        """Record the units done out of a *total* that may have been re-estimated."""
        with self._lock:
            self.total = max(float(total), 1e-9)
            self.done = min(self.total, done)
            if status is not None:
                self.status = status
            if not self.reporter.active:
                return
            if self._bar is not None:
                self._bar.total = self.total
                self._bar.n = self.done
                self._bar.set_postfix_str(self.status, refresh=False)
                self._bar.refresh()
                return
            now = time.monotonic()
            if now - self.last_line >= self.reporter.interval_s:
                self.last_line = now
                self.lines_printed += 1
                self.reporter.line(f"{self.label}: {self._plain(now)}")

    def _plain(self, now: float) -> str:
        share = self.done / self.total
        elapsed = now - self.started
        text = f"{share:.0%}" + (f", {self.status}" if self.status else "")
        if 0 < share < 1 and elapsed > 0:
            text += f", about {_duration(elapsed * (1 - share) / share)} left"
        return text

    def close(self, summary: str | None = None) -> None:
        """End the step; a plain closing line is printed only when progress lines were."""
        with self._lock:
            if self._bar is not None:
                self._bar.close()
                self._bar = None
                self.reporter.bars -= 1
            elif self.reporter.active and self.lines_printed and summary:
                self.reporter.line(f"{self.label}: {summary} in {_duration(time.monotonic() - self.started)}")

    def __enter__(self) -> Task:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close(self.summary)


class Reporter:
    """Where progress and warnings go: stderr by default; ``quiet`` drops progress, keeps warnings."""

    def __init__(
        self, stream: TextIO | None = None, *, quiet: bool = False, interval_s: float = 10.0, enabled: bool = True
    ) -> None:
        self.stream = stream or sys.stderr
        self.active = enabled and not quiet
        self.interval_s = interval_s
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.enabled = enabled
        self.bars = 0  # tqdm bars on screen: other lines must go through tqdm.write then
        self._warned: set[str] = set()
        self._lock = threading.Lock()

    def task(self, label: str, total: float) -> Task:
        """Start a step of *total* work units."""
        return Task(self, label, total)

    def line(self, text: str) -> None:
        """Print one line (progress in plain form)."""
        with self._lock:
            if self.bars:
                from tqdm import tqdm

                tqdm.write(text, file=self.stream)  # above the bar, which is then redrawn
                return
            self.stream.write(text + "\n")
            self.stream.flush()

    def waiting(self, label: str, limit_s: float) -> Waiting:
        """A wait on something that reports no progress (a model call): a line every ``interval_s`` seconds while
        it lasts ('model call: waiting 30 s of at most 600 s'), nothing when it ends sooner."""
        return Waiting(self, label, limit_s)

    def warn(self, message: str) -> None:
        """Print ``warning: <message>`` once per run, however often it is reported."""
        if not self.enabled:
            return
        with self._lock:
            if message in self._warned:
                return
            self._warned.add(message)
        self.line(f"warning: {message}")


class Waiting:
    """A line every ``interval_s`` seconds from a timer thread until the ``with`` block ends."""

    def __init__(self, reporter: Reporter, label: str, limit_s: float) -> None:
        self.reporter, self.label, self.limit_s = reporter, label, limit_s
        self.started = time.monotonic()
        self.lines = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _run(self) -> None:
        while not self._stop.wait(self.reporter.interval_s):
            self.lines += 1
            waited = _duration(time.monotonic() - self.started)
            self.reporter.line(f"{self.label}: waiting {waited} (at most {_duration(self.limit_s)})")

    def __enter__(self) -> Waiting:
        if self.reporter.active:
            self._thread = threading.Thread(target=self._run, name="docintel-waiting", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            if self.lines:
                self.reporter.line(f"{self.label}: done in {_duration(time.monotonic() - self.started)}")


SILENT = Reporter(enabled=False)
