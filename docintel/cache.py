"""On-disk cache of parsed documents: JSON files keyed by content hash and extractor version.

No pickle: a cache file is plain JSON, written to a temporary file and renamed into place, so
a crash never leaves a half-written entry that a later run would trust.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

CACHE_FORMAT = 1


def cache_path(cache_dir: Path, content_hash: str, extractor_version: str) -> Path:
    """Where the parsed form of a file with this hash lives."""
    return cache_dir / "lines" / content_hash[:2] / f"{content_hash}-{extractor_version}.json"


def load_entry(path: Path) -> dict[str, Any] | None:
    """The cached entry at *path*, or None when it is missing or unreadable (then it is re-parsed)."""
    try:
        with path.open("rb") as handle:
            data = json.loads(handle.read())
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != CACHE_FORMAT:
        return None
    return data


def atomic_write_json(path: Path, data: Any, *, indent: int | None = None) -> None:
    """Write *data* as JSON to *path* atomically (temporary file in the same folder, then rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, ensure_ascii=False, indent=indent)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save_entry(path: Path, entry: dict[str, Any]) -> None:
    """Store a parsed document; failures to write the cache are not fatal to the caller."""
    atomic_write_json(path, {"format": CACHE_FORMAT, **entry})
