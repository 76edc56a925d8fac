"""What the viewer may read and serve: traces from inside the traces folder only, and a document only when a
trace names it and the file at the recorded path still has the recorded content hash.

A trace id comes from a URL; ``TraceStore.find`` refuses anything that is not letters, digits and dashes,
and a trace file that links outside the folder. A document is addressed by its trace and its position in
that trace's ``documents``, never by a path from the URL.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from ..errors import TraceError
from ..traces.store import TraceStore


class Refused(Exception):
    """A request for something the viewer does not serve; the message says why (shown to the user)."""


class Guard:
    """Trace lookups and document checks, with file hashes remembered per (path, size, mtime)."""

    def __init__(self, store: TraceStore) -> None:
        self.store = store
        self._hashes: dict[tuple[str, int, int], str] = {}
        self._lock = threading.Lock()

    def trace(self, trace_id: str) -> dict[str, Any]:
        """The JSON form of the trace *trace_id* (an id or unique prefix) from the traces folder."""
        try:
            return self.store.load(trace_id).as_json()
        except TraceError as exc:
            raise Refused(str(exc)) from None

    def document(self, trace: dict[str, Any], doc_index: int) -> tuple[dict[str, Any], Path]:
        """The record and file of the trace's document number *doc_index*, once its content hash matches."""
        documents = trace.get("documents") or []
        if not 0 <= doc_index < len(documents):
            raise Refused(f"trace {trace['trace_id']} names no document number {doc_index}")
        record = documents[doc_index]
        path = Path(record["path"])
        if not path.is_file():
            raise Refused(f"document {record['doc_id']} is no longer at {path}")
        if self.content_hash(path) != record["content_hash"]:
            raise Refused(f"document {record['doc_id']} at {path} has changed since the trace was written")
        return record, path

    def content_hash(self, path: Path) -> str:
        """The sha256 of the file, computed again whenever its size or modification time changes."""
        from ..ingest.documents import file_hash

        stat = path.stat()
        key = (str(path), stat.st_size, stat.st_mtime_ns)
        with self._lock:
            known = self._hashes.get(key)
        if known is None:
            known = file_hash(path)
            with self._lock:
                self._hashes[key] = known
        return known
