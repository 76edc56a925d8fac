"""Traces: one JSON document per call, written atomically, plus an SQLite index for fast listing.

Layout: ``<traces_dir>/<id>.json`` (ids sort by time) and ``<traces_dir>/index.db``, one summary
row per trace file. The files are the source of truth; the index is a cache: a row is trusted
only while its file keeps the size and modification time the row recorded, any other file is
read again, a vanished one dropped, and a missing or damaged index is rebuilt from the files.
SQLite's own locking lets threads and processes write at once (one connection per call); a
folder where the index cannot be written is listed from an index in memory. The format is
documented in docs/TRACE_FORMAT.md; the trace model (docintel.traces.model) is imported only
when a trace file is read or written, so listing from an up-to-date index starts fast.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import TraceError, storage_error
from ..ingest.cache import atomic_write_json, probe_folder
from ..redact import clean

if TYPE_CHECKING:
    from .model import Trace

TRACE_VERSION = 2  # written; docintel.traces.model reads version 1 too
READABLE_TRACE_VERSIONS = (1, TRACE_VERSION)
INDEX_NAME = "index.db"
INDEX_SCHEMA = 3  # PRAGMA user_version of index.db; another value means the table is rebuilt
SAFE_ID = re.compile(r"[0-9A-Za-z][0-9A-Za-z-]{0,99}")  # a trace id or a prefix of one: never a path
INDEX_TIMEOUT_S = 30.0  # how long a connection waits for another writer's lock
_SECRET_KEYS = {"authorization", "api_key", "openai_api_key", "x-api-key"}
# The statuses a trace can have (final, answer or verification), for ``traces list --status``.
TRACE_STATUSES = tuple(
    """ok error citation_failed unsupported unchecked partial supported verified failed no_citations found
    not_found refused""".split()
)
TRACES_FIX = "make the folder writable, or choose another with --traces-dir or DOCINTEL_TRACES_DIR"
# The columns of an index row, in the order ``traces list --json`` shows them; ``file`` (the key) is not shown.
ROW_COLUMNS = tuple(
    """id created_at kind question backend model answer_status verification_status final support values_supported
    values_unsupported tokens input_tokens output_tokens latency_s cost_usd docs replay_of session_id turn
    file_size file_mtime_ns""".split()
)
_TABLE = """CREATE TABLE traces (
    file TEXT PRIMARY KEY, id TEXT NOT NULL, created_at TEXT, kind TEXT, question TEXT, backend TEXT, model TEXT,
    answer_status TEXT, verification_status TEXT, final TEXT, support TEXT, values_supported INTEGER,
    values_unsupported INTEGER, tokens INTEGER, input_tokens INTEGER,
    output_tokens INTEGER, latency_s REAL, cost_usd REAL, docs TEXT, replay_of TEXT, session_id TEXT, turn INTEGER,
    file_size INTEGER NOT NULL, file_mtime_ns INTEGER NOT NULL)"""
_SESSION_INDEX = "CREATE INDEX traces_session ON traces (session_id, turn)"
_UPSERT = (
    f"INSERT OR REPLACE INTO traces (file, {', '.join(ROW_COLUMNS)}) VALUES ({', '.join('?' * (len(ROW_COLUMNS) + 1))})"
)
# SQLite errors after which index.db is deleted and rebuilt (a damaged or foreign file); others fall back to memory.
_REBUILD_ON = ("SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_ERROR")

Stamp = tuple[int, int]  # (size, mtime_ns) of a trace file


def new_trace_id(now: datetime | None = None) -> str:
    """A unique id that sorts by creation time: ``20261129T184800123456Z-1a2b3c``."""
    now = now or datetime.now(UTC)
    return now.strftime("%Y%m%dT%H%M%S%fZ") + "-" + secrets.token_hex(3)


def utc_now() -> str:
    """The current time in ISO 8601 (UTC)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


_ID_KEYS = {"trace_id", "created_at", "replay_of"}  # never masked: a short key must not break a trace's name
# What docintel itself read or sent: the documents, their text and the prompt are kept exactly as they were
# (a replay sends them again); only what came from outside (replies, errors, attempts) is cleaned.
_SENT_KEYS = {"question", "parsed", "documents", "context", "prompt", "messages", "settings", "routing"}


def scrub(value: Any, secret_values: tuple[str, ...] = ()) -> Any:
    """A copy of *value* without secret fields, and with each secret masked wherever it stands in what came
    from outside (see ``docintel.redact``); what docintel sent is kept as it was sent."""
    if isinstance(value, dict):
        return {
            k: v if k in _ID_KEYS or k in _SENT_KEYS else scrub(v, secret_values)
            for k, v in value.items()
            if str(k).lower() not in _SECRET_KEYS
        }
    if isinstance(value, list):
        return [scrub(v, secret_values) for v in value]
    if isinstance(value, str):
        return clean(value, secret_values)
    return value


def summary_row(trace: Trace) -> dict[str, Any]:
    """The index row of a trace (without the file stamp): what ``traces list`` shows."""
    tokens_in = trace.usage.input_tokens if trace.usage else 0
    tokens_out = trace.usage.output_tokens if trace.usage else 0
    status = trace.status
    return {
        "id": trace.trace_id,
        "created_at": trace.created_at,
        "kind": trace.kind,
        "question": trace.question[:300],
        "backend": trace.request.backend,
        "model": trace.request.model,
        "answer_status": status.answer if status else None,
        "verification_status": status.verification if status else None,
        "final": status.final if status else None,
        "support": status.support if status else None,
        "values_supported": trace.verification.values_supported if trace.verification else 0,
        "values_unsupported": trace.verification.values_unsupported if trace.verification else 0,
        "tokens": tokens_in + tokens_out,
        "input_tokens": tokens_in,
        "output_tokens": tokens_out,
        "latency_s": trace.latency_s,
        "cost_usd": trace.cost_usd,
        "docs": [d.doc_id for d in trace.documents or []],
        "replay_of": trace.replay_of,
        "session_id": trace.session.session_id if trace.session else None,
        "turn": trace.session.turn if trace.session else None,
    }


class _Unreadable(Exception):
    """A trace file that cannot be used; the message is the reason."""


def _parse(path: Path) -> Trace:
    from .model import Trace, TraceFormatError

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise _Unreadable(f"not readable JSON: {type(exc).__name__}") from None
    version = data.get("trace_version") if isinstance(data, dict) else None
    if version is not None and (type(version) is not int or version not in READABLE_TRACE_VERSIONS):
        readable = ", ".join(map(str, READABLE_TRACE_VERSIONS))
        raise _Unreadable(f"trace_version {version!r} is not one this docintel reads ({readable})")
    try:
        return Trace.from_stored(data)
    except TraceFormatError as exc:
        raise _Unreadable(f"not a trace this docintel reads: {exc}") from None


def read_trace(path: Path) -> Trace:
    """The validated trace stored in *path*; TraceError saying why when it is damaged or foreign."""
    try:
        return _parse(path)
    except _Unreadable as exc:
        raise TraceError(
            f"trace {path.name} is damaged ({exc})",
            "it cannot be used; delete or restore it (a newer format: read it with the docintel that wrote it)",
        ) from None


# ---------------------------------------------------------------------------- the SQLite index


def _casefold(text: str | None) -> str:
    return (text or "").casefold()


def _connect(target: str, *, uri: bool = False) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit) that waits for other writers.

    A new index file is created readable by its owner only (it holds the start of each question);
    SQLite gives its journal the same mode.
    """
    if target != ":memory:" and not uri and not os.path.exists(target):
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT, 0o600))  # an empty file is an empty database
    connection = sqlite3.connect(target, timeout=INDEX_TIMEOUT_S, isolation_level=None, uri=uri)
    connection.create_function("casefold", 1, _casefold, deterministic=True)
    return connection


@contextmanager
def _transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE ... COMMIT: the write lock is taken first, so writers queue instead of deadlocking."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        if connection.in_transaction:
            connection.rollback()
        raise
    connection.execute("COMMIT")


def _ensure_schema(connection: sqlite3.Connection) -> None:
    """Create the table, or recreate it when it was made by another schema version."""
    if connection.execute("PRAGMA user_version").fetchone()[0] == INDEX_SCHEMA:
        return
    with _transaction(connection):
        if connection.execute("PRAGMA user_version").fetchone()[0] != INDEX_SCHEMA:
            connection.execute("DROP TABLE IF EXISTS traces")
            connection.execute(_TABLE)
            connection.execute(_SESSION_INDEX)
            connection.execute(f"PRAGMA user_version = {INDEX_SCHEMA}")


def _values(file: str, row: dict[str, Any], stamp: Stamp) -> tuple[Any, ...]:
    """The SQL values of one row (docs as JSON text)."""
    row = {**row, "docs": json.dumps(row["docs"], ensure_ascii=False), "file_size": stamp[0], "file_mtime_ns": stamp[1]}
    return (file, *(row[column] for column in ROW_COLUMNS))


def _row(values: tuple[Any, ...]) -> dict[str, Any]:
    """One row as ``traces list --json`` shows it."""
    row = dict(zip(ROW_COLUMNS, values, strict=True))
    row["docs"] = json.loads(row["docs"] or "[]")
    return row


def _select(
    status: str | None, since: str | None, grep: str | None, limit: int, doc: str | None = None
) -> tuple[str, list[Any]]:
    """The query for ``traces list`` filters: newest first, every filter given must hold."""
    clauses: list[str] = []
    params: list[Any] = []
    if doc:
        clauses.append("EXISTS (SELECT 1 FROM json_each(docs) WHERE instr(casefold(value), ?) > 0)")
        params.append(doc.casefold())
    if status:
        clauses.append("? IN (final, answer_status, verification_status, support)")
        params.append(status)
    if since:
        clauses.append("created_at >= ?")
        params.append(since)
    if grep:
        clauses.append("instr(casefold(question), ?) > 0")
        params.append(grep.casefold())
    sql = f"SELECT {', '.join(ROW_COLUMNS)} FROM traces"
    sql += (" WHERE " + " AND ".join(clauses) if clauses else "") + " ORDER BY file DESC"
    if limit:
        sql += " LIMIT ?"
        params.append(limit)
    return sql, params


def _stamp(entry: os.DirEntry[str]) -> Stamp | None:
    try:
        stat = entry.stat()
    except OSError:
        return None  # removed since the folder was listed
    return stat.st_size, stat.st_mtime_ns


class _Reader:
    """Reads trace files into index rows, each (name, stamp) once per listing, problems collected."""

    def __init__(self) -> None:
        self._memo: dict[tuple[str, Stamp], dict[str, Any] | None] = {}
        self._problems: dict[str, str] = {}

    def row(self, path: Path, stamp: Stamp) -> dict[str, Any] | None:
        """The summary row of the file, or None (and a problem) when it is damaged or foreign."""
        key = (path.name, stamp)
        if key not in self._memo:
            try:
                self._memo[key] = summary_row(_parse(path))
            except _Unreadable as exc:
                self._memo[key] = None
                self._problems[path.name] = f"{path.name}: damaged trace skipped ({exc})"
        return self._memo[key]

    @property
    def problems(self) -> list[str]:
        """One line per damaged file, in file order."""
        return [self._problems[name] for name in sorted(self._problems)]


def _sync(connection: sqlite3.Connection, entries: list[os.DirEntry[str]], reader: _Reader) -> None:
    """Bring the index in step with the files: new or changed files read, vanished or damaged ones dropped."""
    _ensure_schema(connection)
    known: dict[str, Stamp] = {
        file: (size, mtime)
        for file, size, mtime in connection.execute("SELECT file, file_size, file_mtime_ns FROM traces")
    }
    fresh: list[tuple[Any, ...]] = []
    keep: set[str] = set()
    for entry in entries:
        stamp = _stamp(entry)
        if stamp is None:
            continue
        if known.get(entry.name) == stamp:
            keep.add(entry.name)
        elif (row := reader.row(Path(entry.path), stamp)) is not None:
            keep.add(entry.name)
            fresh.append(_values(entry.name, row, stamp))
    gone = [(file,) for file in known if file not in keep]
    if fresh or gone:
        with _transaction(connection):
            connection.executemany("DELETE FROM traces WHERE file = ?", gone)
            connection.executemany(_UPSERT, fresh)


class TraceStore:
    """The traces folder: write, list, load."""

    def __init__(self, root: Path, *, read_only: bool = False) -> None:
        self.root = root
        self.read_only = read_only  # listing never writes index.db (the viewer writes only the traces it asks)

    @property
    def index_path(self) -> Path:
        """The SQLite index beside the trace files."""
        return self.root / INDEX_NAME

    def check_writable(self) -> None:
        """Raise StorageError unless a trace can be written here (used before paid work starts)."""
        try:
            self._ensure_root()
            probe_folder(self.root)
        except OSError as exc:
            raise storage_error("write traces to", self.root, exc, TRACES_FIX) from None

    def _ensure_root(self) -> None:
        if self.root.exists() and not self.root.is_dir():
            raise NotADirectoryError(20, "it is a file, not a folder", str(self.root))
        self.root.mkdir(parents=True, exist_ok=True)

    def write(self, trace: Trace | dict[str, Any], secret_values: tuple[str, ...] = ()) -> Path:
        """Check *trace* against the format, store it scrubbed of secrets, atomically, and index it.

        Raises StorageError (naming the folder and the fix) when the trace cannot be written, and
        TraceFormatError (a bug) when it is not a complete trace of the current version. A failure
        to update the index is not an error: the file is stored and indexed at the next listing.
        """
        from .model import Trace, TraceFormatError

        # one dump, one scrub, one validation: the scrubbed dump is what is stored (a trace's JSON form
        # validates back to the same JSON, tested), so it is never dumped a second time
        data = scrub(trace.as_json() if isinstance(trace, Trace) else trace, secret_values)
        checked = Trace.for_storage(data)
        if checked.trace_version != TRACE_VERSION:
            raise TraceFormatError(f"only version {TRACE_VERSION} traces are written, not {checked.trace_version}")
        path = self.root / f"{checked.trace_id}.json"
        try:
            self._ensure_root()
            atomic_write_json(path, data, indent=1)
        except OSError as exc:
            raise storage_error("write traces to", self.root, exc, TRACES_FIX) from None
        self._index(path, summary_row(checked))
        return path

    def _index(self, path: Path, row: dict[str, Any]) -> None:
        """Add the row of a file just written; a failure leaves the row to the next listing."""
        try:
            stat = path.stat()
            with closing(_connect(str(self.index_path))) as connection:
                _ensure_schema(connection)
                with _transaction(connection):
                    connection.execute(_UPSERT, _values(path.name, row, (stat.st_size, stat.st_mtime_ns)))
        except (OSError, sqlite3.Error):
            pass  # the trace itself is safe; the index is brought in step with the files when listed

    def _entries(self) -> list[os.DirEntry[str]]:
        if self.root.exists() and not self.root.is_dir():
            raise TraceError(
                f"traces folder {self.root} is a file, not a folder",
                "give the folder with --traces-dir or DOCINTEL_TRACES_DIR",
            )
        if not self.root.is_dir():
            return []
        return sorted(
            (e for e in os.scandir(self.root) if e.name.endswith(".json") and not e.name.startswith(".")),
            key=lambda e: e.name,
        )

    def trace_files(self) -> list[Path]:
        """Every trace file, oldest first."""
        return [Path(e.path) for e in self._entries()]

    def query(
        self,
        *,
        status: str | None = None,
        since: str | None = None,
        grep: str | None = None,
        limit: int = 0,
        doc: str | None = None,
    ) -> tuple[list[dict[str, Any]], list[str]]:
        """Index rows, newest first, and problems met (damaged files skipped).

        Filters: *status* equals the final, answer or verification status; *since* (ISO time, UTC)
        is at or before ``created_at``; *grep* is in the question (case-insensitive); *doc* is in the
        id of one of its documents (case-insensitive); at most *limit* rows (0: all). The index is
        brought in step with the files first.
        """
        entries = self._entries()
        if not self.root.is_dir():
            return [], []
        reader = _Reader()
        with closing(self._synced(entries, reader)) as connection:
            sql, params = _select(status, since, grep, limit, doc)
            rows = [_row(values) for values in connection.execute(sql, params)]
        return rows, reader.problems

    def rows(self) -> tuple[list[dict[str, Any]], list[str]]:
        """Every index row, oldest first, and problems met (damaged files skipped)."""
        rows, problems = self.query()
        return rows[::-1], problems

    def rebuild_index(self) -> tuple[list[dict[str, Any]], list[str]]:
        """Rebuild index.db from the trace files; damaged files are reported and skipped."""
        self._discard_index()
        return self.rows()

    def _synced(self, entries: list[os.DirEntry[str]], reader: _Reader) -> sqlite3.Connection:
        """A connection to an index in step with *entries*: index.db, rebuilt when damaged, else one in memory."""
        if self.read_only:
            return self._synced_in_memory(entries, reader)
        try:
            return self._synced_on_disk(entries, reader)
        except (sqlite3.Error, OSError) as exc:
            if getattr(exc, "sqlite_errorname", "").startswith(_REBUILD_ON) and self._discard_index():
                try:
                    return self._synced_on_disk(entries, reader)
                except (sqlite3.Error, OSError):
                    pass
        return self._synced_in_memory(entries, reader)  # e.g. a read-only folder: listed all the same

    def _synced_on_disk(self, entries: list[os.DirEntry[str]], reader: _Reader) -> sqlite3.Connection:
        connection = _connect(str(self.index_path))
        try:
            _sync(connection, entries, reader)
        except BaseException:
            connection.close()
            raise
        return connection

    def _synced_in_memory(self, entries: list[os.DirEntry[str]], reader: _Reader) -> sqlite3.Connection:
        """A copy of index.db in memory (when it can be read), brought in step with the files."""
        connection = _connect(":memory:")
        try:
            with closing(_connect(self.index_path.resolve().as_uri() + "?mode=ro", uri=True)) as disk:
                disk.backup(connection)
            _sync(connection, entries, reader)
        except (sqlite3.Error, OSError):
            connection.close()
            connection = _connect(":memory:")
            _sync(connection, entries, reader)
        return connection

    def _discard_index(self) -> bool:
        """Delete index.db and its journal; False when it cannot be deleted."""
        try:
            for suffix in ("", "-journal", "-wal", "-shm"):
                Path(f"{self.index_path}{suffix}").unlink(missing_ok=True)
        except OSError:
            return False
        return True

    def load(self, trace_id: str) -> Trace:
        """The validated trace whose id is *trace_id* or starts with it (unique prefix)."""
        return read_trace(self.find(trace_id))

    def find(self, trace_id: str) -> Path:
        """The file of the trace whose id is *trace_id* or starts with it (unique prefix), inside the folder.

        An id is letters, digits and dashes only: a path (``../../x``, ``/etc/x``) is a TraceError, and so is
        a trace file that is a link to somewhere outside the folder.
        """
        if not SAFE_ID.fullmatch(trace_id):
            raise TraceError(
                f"{trace_id[:80]!r} is not a trace id (ids are letters, digits and dashes)",
                "run `docintel traces list` to see ids",
            )
        path = self.root / f"{trace_id}.json"
        if not path.is_file():
            matches = [p for p in self.trace_files() if p.stem.startswith(trace_id)]
            if not matches:
                raise TraceError(
                    f"no trace with id {trace_id!r} in {self.root}", "run `docintel traces list` to see ids"
                )
            if len(matches) > 1:
                sample = ", ".join(sorted(p.stem for p in matches)[-3:])
                raise TraceError(
                    f"{trace_id!r} is an ambiguous id prefix: {len(matches)} traces start with it (latest: {sample})",
                    "give more of the id (any unique prefix works); `docintel traces list` shows ids",
                )
            path = matches[0]
        if not path.resolve().is_relative_to(self.root.resolve()):
            raise TraceError(
                f"trace {path.name} links outside {self.root}", "only trace files inside the traces folder are read"
            )
        return path

    def session(self, session_id: str) -> list[dict[str, Any]]:
        """Every stored trace of a chat session (id or unique prefix), in turn order; TraceError when none.

        The index finds the session's files (its ``session_id`` and ``turn`` columns): only they are read.
        """
        if not SAFE_ID.fullmatch(session_id):
            raise TraceError(
                f"{session_id[:80]!r} is not a session id (ids are letters, digits and dashes)",
                "the session id is printed by docintel chat",
            )
        entries = self._entries()
        with closing(self._synced(entries, _Reader())) as connection:
            found = connection.execute(
                "SELECT file, session_id FROM traces WHERE session_id >= ? AND substr(session_id, 1, ?) = ? "
                "AND turn IS NOT NULL ORDER BY turn, file",
                (session_id, len(session_id), session_id),
            ).fetchall()
        turns: dict[str, list[dict[str, Any]]] = {}
        for file, session in found:
            try:
                data = json.loads((self.root / file).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue  # changed since the index was synced: `traces list` reports damaged files
            turns.setdefault(session, []).append(data)
        if len(turns) != 1:
            if not turns:
                raise TraceError(
                    f"no chat session with id {session_id!r} in {self.root}",
                    "the session id is printed by docintel chat",
                )
            raise TraceError(
                f"{len(turns)} chat sessions have ids starting with {session_id!r} in {self.root}",
                "give more of the id: " + ", ".join(sorted(turns)[:5]),
            )
        (result,) = turns.values()
        return result
