"""Output files that never destroy data: batch answers (JSONL) and evaluation reports.

An output path is refused when it is an input (a question file, a PDF named or found in a
folder), a folder, a PDF, or an existing file that is not docintel's own output (``--force``
allows replacing the last kind only). A folder that cannot be written is said before any
work starts. Batch output is append-only while a run lasts: a new output is written beside
its final name (``.<name>.partial``) and renamed into place when the run completes; a run
that fails keeps what it wrote for the next run to take up.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from .errors import StorageError, UsageError, storage_error
from .ingest.cache import atomic_write_text, probe_folder
from .redact import clean_data

try:  # POSIX; elsewhere concurrent runs on one output are not detected
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

# Every line docintel batch writes has these keys: how an existing --out file is recognised as ours.
RECORD_KEYS = frozenset({"id", "question", "answer", "verification_status", "trace_id", "error"})
OUT_FIX = "choose a writable --out file"
_FIRST_LINE_LIMIT = 4 << 20  # characters: far more than any one answer record


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()


def _is_pdf(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return path.suffix.lower() == ".pdf" or b"%PDF-" in handle.read(1024)
    except OSError:
        return path.suffix.lower() == ".pdf"


def check_output_path(
    out: Path, inputs: list[Path], *, force: bool, is_ours: Callable[[Path], bool], kind: str
) -> None:
    """Refuse an output path that would destroy data, and one that cannot be written.

    *inputs* are the question file and the PATH arguments (folders count with every PDF in
    them). *is_ours* tells docintel's own output of this *kind* ('batch output', 'eval report').
    """
    from .ingest.documents import expand_paths  # pandas, only when an output is checked

    flag = {"plot": "--plot", "HTML export": "--html"}.get(kind, "--out")
    candidates = [p for p in inputs if p.exists()] + expand_paths([p for p in inputs if p.is_dir()])[0]
    for path in candidates:
        if out.resolve() == path.resolve() or (out.exists() and _same_file(out, path)):
            raise UsageError(f"{flag} {out} is one of the inputs ({path})", "write to a new file")
    if out.is_dir():
        raise UsageError(f"{flag} {out} is a folder", "name a file in it")
    if out.exists() and not out.is_file():
        raise UsageError(f"{flag} {out} is not a regular file (a device or pipe)", "name a file")
    if out.exists() and _is_pdf(out):
        raise UsageError(f"{flag} {out} is a PDF", "write to a new file; --force never replaces a PDF")
    if out.exists() and not force and not is_ours(out):
        raise UsageError(
            f"{flag} {out} exists and is not docintel {kind}", "choose another file, or pass --force to replace it"
        )
    probe_writable(out)


def probe_writable(out: Path) -> None:
    """Raise StorageError unless a file can be created beside *out* (creating its folder if needed)."""
    blocker = next((p for p in out.parents if p.exists()), None)
    if blocker is not None and not blocker.is_dir():
        raise StorageError(
            f"cannot write {out}: {blocker} is a file, not a folder", "choose another place for the output"
        )
    try:
        probe_folder(out.parent)
    except OSError as exc:
        raise storage_error("write", out, exc, "choose a writable place for the output") from None


def write_text_keeping_mode(path: Path, text: str) -> None:
    """Replace *path* atomically with *text*, keeping its permissions when it exists; StorageError on failure."""
    try:
        mode = path.stat().st_mode & 0o777 if path.exists() else None
        atomic_write_text(path, text)
        os.chmod(path, mode if mode is not None else 0o644)
    except OSError as exc:
        raise storage_error("write", path, exc, "choose a writable place for the output") from None


def is_batch_output(path: Path) -> bool:
    """Whether *path* holds docintel batch output: empty, or its first line is one of our records."""
    try:
        if not path.is_file():
            return False
        with path.open(encoding="utf-8", errors="replace") as handle:
            first = handle.readline(_FIRST_LINE_LIMIT)  # bounded: a huge file without newlines is not ours
    except OSError:
        return False
    if not first:
        return True  # an empty file holds nothing to lose
    if not first.strip():
        return False
    try:
        record = json.loads(first)
    except json.JSONDecodeError:
        return False
    return isinstance(record, dict) and RECORD_KEYS <= record.keys()


class BatchOutput:
    """The --out file of one batch run: locked, resumable, append-only until the run completes.

    ``done`` holds the ids whose latest record succeeded (a failed record is retried, and kept
    until its retry succeeds). On a completed run each id's latest record is kept, in the order of
    *order* (the question file's ids; answers are written as they finish, in any order, until then).
    """

    def __init__(
        self,
        out: Path,
        slim: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
        order: Sequence[str] = (),
    ) -> None:
        self.out = out
        self.order = {qid: n for n, qid in enumerate(order)}
        self.slim = slim  # what is kept of each id's latest record in ``latest`` (nothing without it)
        self.latest: dict[str, dict[str, Any]] = {}
        self.partial = out.with_name(f".{out.name}.partial")
        self.lock_path = out.with_name(f".{out.name}.lock")
        self.done: set[str] = set()
        self.dropped = 0
        self._lock = threading.Lock()
        self._lock_fd: int | None = None
        self._handle: Any = None

    def __enter__(self) -> BatchOutput:
        self._acquire()
        try:
            if not self.out.exists() and self.partial.is_file() and is_batch_output(self.partial):
                os.replace(self.partial, self.out)  # the output of a killed run: take it up
            self.fresh = not (self.out.exists() and is_batch_output(self.out))
            if self.fresh and not (self.partial.is_file() and is_batch_output(self.partial)):
                self.partial.write_text("", encoding="utf-8")
            self.target = self.partial if self.fresh else self.out
            self._read()
            self._handle = self.target.open("a", encoding="utf-8")
        except OSError as exc:
            self._release()
            raise storage_error("write batch output", self.out, exc, OUT_FIX) from None
        return self

    def _acquire(self) -> None:
        if fcntl is None:
            return
        try:
            self._lock_fd = os.open(self.lock_path, os.O_WRONLY | os.O_CREAT, 0o644)
        except OSError as exc:
            raise storage_error("write batch output", self.out, exc, OUT_FIX) from None
        try:
            fcntl.flock(self._lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self._lock_fd)
            self._lock_fd = None
            raise StorageError(
                f"another docintel batch is writing {self.out}", "wait for it to finish, or choose another --out"
            ) from None

    def _release(self) -> None:
        if self._lock_fd is not None:
            try:
                os.unlink(self.lock_path)
            except OSError:
                pass
            fcntl.flock(self._lock_fd, fcntl.LOCK_UN)
            os.close(self._lock_fd)
            self._lock_fd = None

    def _read(self) -> None:
        """Latest record per id; a line torn by a crash at the end is cut off so appends start clean."""
        data = self.target.read_bytes()
        if data and not data.endswith(b"\n"):
            with self.target.open("r+b") as handle:
                handle.truncate(data.rfind(b"\n") + 1)
            self.dropped += 1
            data = data[: data.rfind(b"\n") + 1]
        latest: dict[str, dict[str, Any]] = {}
        for line in data.decode("utf-8", errors="replace").splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                self.dropped += 1
                continue
            if isinstance(record, dict) and "id" in record:
                latest[str(record["id"])] = record
        self.done = {qid for qid, record in latest.items() if not record.get("error")}
        if self.slim is not None:
            self.latest = {qid: self.slim(record) for qid, record in latest.items()}

    def write(self, record: dict[str, Any]) -> None:
        """Append one record as a whole line, fsynced, so a crash never tears a line behind a good one."""
        line = json.dumps(clean_data(record), ensure_ascii=False) + "\n"  # a server may have echoed the key
        with self._lock:
            if self.slim is not None and "id" in record:
                self.latest[str(record["id"])] = self.slim(record)
            try:
                self._handle.write(line)
                self._handle.flush()
                os.fsync(self._handle.fileno())
            except OSError as exc:
                raise storage_error("write batch output", self.target, exc, OUT_FIX) from None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        completed = kind is None
        try:
            self._handle.close()
            if completed:
                self._compact()
            if self.fresh and not completed and self.partial.stat().st_size == 0:
                self.partial.unlink()  # stopped before any answer: leave nothing behind
            elif self.fresh and (completed or not self.out.exists()):
                os.replace(self.partial, self.out)
        except OSError as error:
            if completed:
                raise storage_error("write batch output", self.out, error, OUT_FIX) from None
        finally:
            self._release()

    def _compact(self) -> None:
        """Keep each id's latest record, in the question file's order (ids it does not list before them, as first
        seen); rewrite only when something was superseded or is out of order."""
        lines = self.target.read_text(encoding="utf-8").splitlines()
        position: dict[str, int] = {}
        kept: list[str] = []
        for line in lines:
            try:
                qid = str(json.loads(line)["id"])
            except (json.JSONDecodeError, KeyError, TypeError):
                continue
            if qid in position:
                kept[position[qid]] = line
            else:
                position[qid] = len(kept)
                kept.append(line)
        ids = sorted(position, key=lambda qid: position[qid])
        # ids the question file does not list (an earlier run's) stay first, as they were
        ranked = sorted(ids, key=lambda qid: (qid in self.order, self.order.get(qid, position[qid])))
        if len(kept) != len(lines) or ranked != ids:
            ordered = [kept[position[qid]] for qid in ranked]
            write_text_keeping_mode(self.target, "".join(line + "\n" for line in ordered))
