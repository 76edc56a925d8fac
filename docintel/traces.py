"""Traces: one JSON document per call, written atomically, plus an index for fast listing.

Layout: ``<traces_dir>/<id>.json`` (ids sort by time) and ``<traces_dir>/index.jsonl``, one
summary row per trace. The index is a cache: when it is missing, damaged or out of step with
the files, it is rebuilt from them. The format is documented in docs/TRACE_FORMAT.md.
"""

from __future__ import annotations

import json
import os
import secrets
import statistics
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

try:  # POSIX: index rows appended under a lock; elsewhere a whole-line write is the only guard
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from .cache import atomic_write_json, atomic_write_text
from .errors import TraceError, storage_error

TRACE_VERSION = 1
INDEX_NAME = "index.jsonl"
_SECRET_KEYS = {"authorization", "api_key", "openai_api_key", "x-api-key"}
# The statuses a trace can have (final, answer or verification), for ``traces list --status``.
TRACE_STATUSES = ("ok", "error", "citation_failed", "verified", "failed", "no_citations", "found", "not_found", "refused")
TRACES_FIX = "make the folder writable, or choose another with --traces-dir or DOCINTEL_TRACES_DIR"


def _file_stamp(stat: os.stat_result) -> dict[str, int]:
    return {"file_size": stat.st_size, "file_mtime_ns": stat.st_mtime_ns}


def new_trace_id(now: datetime | None = None) -> str:
    """A unique id that sorts by creation time: ``20261129T184800123456Z-1a2b3c``."""
    now = now or datetime.now(timezone.utc)
    return now.strftime("%Y%m%dT%H%M%S%fZ") + "-" + secrets.token_hex(3)


def scrub(value: Any, secret_values: tuple[str, ...] = ()) -> Any:
    """A copy of *value* with secret fields removed and any secret string masked."""
    if isinstance(value, dict):
        return {k: scrub(v, secret_values) for k, v in value.items() if str(k).lower() not in _SECRET_KEYS}
    if isinstance(value, list):
        return [scrub(v, secret_values) for v in value]
    if isinstance(value, str):
        for secret in secret_values:
            if secret and len(secret) >= 4 and secret in value:
                value = value.replace(secret, "***")
    return value


def summary_row(trace: dict[str, Any]) -> dict[str, Any]:
    """The index row of a trace: what ``traces list`` shows."""
    usage = trace.get("usage") or {}
    status = trace.get("status") or {}
    return {
        "id": trace.get("trace_id"),
        "created_at": trace.get("created_at"),
        "kind": trace.get("kind"),
        "question": (trace.get("question") or "")[:300],
        "backend": (trace.get("request") or {}).get("backend"),
        "model": (trace.get("request") or {}).get("model"),
        "answer_status": status.get("answer"),
        "verification_status": status.get("verification"),
        "final": status.get("final"),
        "tokens": (usage.get("input_tokens") or 0) + (usage.get("output_tokens") or 0),
        "input_tokens": usage.get("input_tokens") or 0,
        "output_tokens": usage.get("output_tokens") or 0,
        "latency_s": trace.get("latency_s"),
        "cost_usd": trace.get("cost_usd"),
        "docs": [d.get("doc_id") for d in trace.get("documents") or []],
        "replay_of": trace.get("replay_of"),
    }


class TraceStore:
    """The traces folder: write, list, load."""

    def __init__(self, root: Path) -> None:
        self.root = root

    @property
    def index_path(self) -> Path:
        return self.root / INDEX_NAME

    def check_writable(self) -> None:
        """Raise StorageError unless a trace can be written here (used before paid work starts)."""
        try:
            self._ensure_root()
            fd, probe = tempfile.mkstemp(prefix=".probe-", dir=self.root)
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            raise storage_error("write traces to", self.root, exc, TRACES_FIX) from None

    def _ensure_root(self) -> None:
        if self.root.exists() and not self.root.is_dir():
            raise NotADirectoryError(20, "it is a file, not a folder", str(self.root))
        self.root.mkdir(parents=True, exist_ok=True)

    def write(self, trace: dict[str, Any], secret_values: tuple[str, ...] = ()) -> Path:
        """Store *trace* (scrubbed of secrets) atomically and add its row to the index.

        Raises StorageError (naming the folder and the fix) when the trace cannot be written.
        """
        trace = scrub(trace, secret_values)
        path = self.root / f"{trace['trace_id']}.json"
        try:
            self._ensure_root()
            atomic_write_json(path, trace, indent=1)
        except OSError as exc:
            raise storage_error("write traces to", self.root, exc, TRACES_FIX) from None
        try:
            self._append_index({**summary_row(trace), **_file_stamp(path.stat())})
        except OSError:
            pass  # the trace itself is safe; the index is rebuilt from the files when it lags
        return path

    def _append_index(self, row: dict[str, Any]) -> None:
        line = (json.dumps(row, ensure_ascii=False) + "\n").encode()
        fd = os.open(self.index_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            os.write(fd, line)  # one write of a whole line under the lock: rows never interleave
        finally:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    def _entries(self) -> list[os.DirEntry[str]]:
        if self.root.exists() and not self.root.is_dir():
            raise TraceError(f"traces folder {self.root} is a file, not a folder",
                             "give the folder with --traces-dir or DOCINTEL_TRACES_DIR")
        if not self.root.is_dir():
            return []
        return sorted((e for e in os.scandir(self.root) if e.name.endswith(".json") and not e.name.startswith(".")),
                      key=lambda e: e.name)

    def trace_files(self) -> list[Path]:
        """Every trace file, oldest first."""
        return [Path(e.path) for e in self._entries()]

    def rows(self) -> tuple[list[dict[str, Any]], list[str]]:
        """Index rows, oldest first, and problems met (damaged files skipped).

        An index row is trusted only while its file has the size and modification time the row
        recorded; any other file is read again, so a trace damaged or replaced after it was
        indexed is reported and left out instead of being listed.
        """
        indexed = {row.get("id"): row for row in self._read_index() or []}
        rows: list[dict[str, Any]] = []
        problems: list[str] = []
        changed = False
        for entry in self._entries():
            stamp = _file_stamp(entry.stat())
            row = indexed.get(entry.name[:-5])
            if row is not None and all(row.get(k) == v for k, v in stamp.items()):
                rows.append(row)
                continue
            changed = True
            fresh = self._row_from_file(Path(entry.path), stamp, problems)
            if fresh is not None:
                rows.append(fresh)
        if changed or len(indexed) != len(rows):
            self._rewrite_index(rows)
        return rows, problems

    def _row_from_file(self, path: Path, stamp: dict[str, int], problems: list[str]) -> dict[str, Any] | None:
        try:
            trace = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(trace, dict) or "trace_id" not in trace:
                raise ValueError("not a docintel trace")
        except (OSError, ValueError) as exc:
            problems.append(f"{path.name}: damaged trace skipped ({type(exc).__name__})")
            return None
        return {**summary_row(trace), **stamp}

    def _read_index(self) -> list[dict[str, Any]] | None:
        try:
            text = self.index_path.read_text(encoding="utf-8")
        except OSError:
            return None
        rows = []
        for line in text.splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                return None
            if not isinstance(row, dict) or "id" not in row:
                return None
            rows.append(row)
        return rows

    def rebuild_index(self) -> tuple[list[dict[str, Any]], list[str]]:
        """Rebuild index.jsonl from the trace files; damaged files are reported and skipped."""
        rows: list[dict[str, Any]] = []
        problems: list[str] = []
        for entry in self._entries():
            row = self._row_from_file(Path(entry.path), _file_stamp(entry.stat()), problems)
            if row is not None:
                rows.append(row)
        self._rewrite_index(rows)
        return rows, problems

    def _rewrite_index(self, rows: list[dict[str, Any]]) -> None:
        if not self.root.is_dir():
            return
        try:
            atomic_write_text(self.index_path, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
        except OSError:
            pass  # a read-only traces folder can still be listed; the index is only a cache

    def load(self, trace_id: str) -> dict[str, Any]:
        """The trace whose id is *trace_id* or starts with it (unique prefix)."""
        path = self.root / f"{trace_id}.json"
        if not path.exists():
            matches = [p for p in self.trace_files() if p.stem.startswith(trace_id)]
            if len(matches) != 1:
                what = "no trace" if not matches else f"{len(matches)} traces"
                raise TraceError(f"{what} with id {trace_id!r} in {self.root}", "run `docintel traces list` to see ids")
            path = matches[0]
        try:
            trace = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise TraceError(f"trace {path.name} is damaged ({type(exc).__name__})", "it cannot be shown; delete or restore it") from None
        return trace


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def trace_stats(rows: list[dict[str, Any]], input_limit: Callable[[str | None], int | None]) -> dict[str, Any]:
    """Rates, tokens, cost, latency percentiles and context utilisation over index rows.

    *input_limit* gives a model's input token limit (None when unknown).
    """
    n = len(rows)
    latencies = [r["latency_s"] for r in rows if r.get("latency_s") is not None]
    utilisation = [r["input_tokens"] / limit for r in rows
                   if r.get("input_tokens") and (limit := input_limit(r.get("model")))]
    costs = [r["cost_usd"] for r in rows if r.get("cost_usd") is not None]

    def share(key: str, value: str) -> float:
        return round(sum(r.get(key) == value for r in rows) / n, 3) if n else 0.0

    over = sum(u > 0.75 for u in utilisation)
    return {
        "traces": n, "answer_found": share("answer_status", "found"), "not_found": share("answer_status", "not_found"),
        "errors": share("final", "error"), "verified": share("verification_status", "verified"),
        "citation_failed": share("final", "citation_failed"),
        "input_tokens": sum(r.get("input_tokens") or 0 for r in rows),
        "output_tokens": sum(r.get("output_tokens") or 0 for r in rows),
        "cost_usd": round(sum(costs), 6) if costs else None,
        "latency_s": {"p50": _percentile(latencies, 0.5), "p90": _percentile(latencies, 0.9),
                      "p99": _percentile(latencies, 0.99)},
        "context_utilisation": {"mean": round(statistics.mean(utilisation), 4) if utilisation else None,
                                "over_75pct": over},
        "warning": bool(utilisation) and over / len(utilisation) > 0.2,
    }


def utc_now() -> str:
    """The current time in ISO 8601 (UTC)."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")
