"""On-disk cache of parsed documents: JSON files keyed by content hash and extractor version.

No pickle: a cache file is plain JSON, written to a temporary file and renamed into place, so
a crash never leaves a half-written entry that a later run would trust.
"""

from __future__ import annotations

import gc
import json
import os
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path
from typing import Any

# 2: entries record whether the document needs a password (checked before a cached entry is used).
# 3: lines may carry an ``ocr`` column (confidences of lines read by OCR) and entries an ``ocr`` record.
CACHE_FORMAT = 3


def cache_path(cache_dir: Path, content_hash: str, extractor_version: str) -> Path:
    """Where the parsed form of a file with this hash lives."""
    return cache_dir / "lines" / content_hash[:2] / f"{content_hash}-{extractor_version}.json"


def load_entry(path: Path) -> dict[str, Any] | None:
    """The cached entry at *path*, or None when it is missing or unreadable (then it is re-parsed).

    The cyclic garbage collector is paused while the JSON is decoded: its tens of thousands of new lists and
    dicts would start collections that cannot find garbage (JSON makes no cycles), a sixth of the decoding.
    """
    try:
        with path.open("rb") as handle:
            blob = handle.read()
        collecting = gc.isenabled()
        gc.disable()
        try:
            data = json.loads(blob)
        finally:
            if collecting:
                gc.enable()
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != CACHE_FORMAT:
        return None
    return data


def probe_folder(folder: Path) -> None:
    """Create *folder* if needed and prove a file can be created in it; raises OSError otherwise."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, probe = tempfile.mkstemp(prefix=".probe-", dir=folder)
    os.close(fd)
    os.unlink(probe)


def atomic_write_text(path: Path, text: str) -> None:
    """Write *text* to *path* atomically: a temporary file in the same folder (mode 600), fsynced, then renamed.

    A crash leaves either the old file or the new one, never a half-written one.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=path.suffix, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write_json(path: Path, data: Any, *, indent: int | None = None) -> None:
    """Write *data* as JSON to *path* atomically (see atomic_write_text)."""
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=indent))


def save_entry(path: Path, entry: dict[str, Any]) -> None:
    """Store a parsed document; failures to write the cache are not fatal to the caller."""
    atomic_write_json(path, {"format": CACHE_FORMAT, **entry})


def cache_summary(cache_dir: Path) -> dict[str, Any]:
    """What the cache holds: its folder, and the number and total size of parsed documents, their facts and
    indexes (search, corpus, passages on disk)."""
    summary: dict[str, Any] = {"cache_dir": str(cache_dir)}
    kinds = (
        ("lines", "*.json"),
        ("index", "*.json"),
        ("facts", "*.facts"),
        ("corpora", "*.sqlite"),
        ("passages", "*"),
        ("dense", "*.npy"),
        ("pages", "*.rgbz"),
    )
    for kind, pattern in kinds:
        files = [p for p in (cache_dir / kind).rglob(pattern) if p.is_file()] if (cache_dir / kind).is_dir() else []
        summary[kind] = {"files": len(files), "bytes": sum(p.stat().st_size for p in files)}
    summary["corpora"]["indexes"] = [
        {"file": str(p), "paths": _corpus_paths(p), "bytes": p.stat().st_size}
        for p in sorted((cache_dir / "corpora").glob("*.sqlite"))
    ]
    return summary


def _corpus_paths(db: Path) -> list[str]:
    """The PATH arguments a corpus index was built for ([] when the file cannot be read)."""
    try:
        with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
            row = connection.execute("SELECT key FROM corpus").fetchone()
    except sqlite3.Error:
        return []
    return str(row[0]).split("\n") if row else []


def clear_cache(cache_dir: Path) -> int:
    """Delete every parsed document, search index, corpus index and rendered page under *cache_dir*; returns
    the files removed.

    Only docintel's own folders (``lines/``, ``index/``, ``facts/``, ``corpora/``, ``dense/``, ``pages/``) are
    touched, so
    a cache folder shared with other files loses nothing else.
    """
    removed = 0
    for kind in ("lines", "index", "facts", "corpora", "dense", "pages"):
        root = cache_dir / kind
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*"), reverse=True):  # files before their folders
            if path.is_dir():
                path.rmdir()
            else:
                path.unlink()
                removed += 1
        root.rmdir()
    return removed
