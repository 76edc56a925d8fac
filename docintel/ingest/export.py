"""Parquet line tables: ``docintel ingest PATHS --export DIR`` writes one file per document, all or none.

Each document becomes ``DIR/<doc_id>.parquet``, one row per line: ``doc_id``, ``content_hash`` (sha256 of
the PDF), ``extractor_version``, ``page`` (1-based physical page), ``line_in_page`` (from 1 on each page),
``global_line`` (from 1 through the document: the numbers answers cite), ``text``, and the line's box
``x0, y0, x1, y1`` in PDF points, origin at the page's bottom left (null with the pypdf extractor). The
file's key-value metadata holds the document's metadata as JSON under ``docintel.export``.

Writing is all or none: the folder is checked before any PDF is parsed (``check_export``); the files are
written into a hidden folder inside DIR and moved into place only when every one is whole, so an error
(a full disk, a file in the way) leaves DIR as it was. A file of the same name that is not a docintel
export is never replaced. pyarrow writes the files: it is the ``export`` extra (``pip install
"docintel[export]"``; ``ray[data]`` brings it too), imported only when --export is given.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ConfigError, StorageError

if TYPE_CHECKING:
    from .documents import Document

EXPORT_KEY = b"docintel.export"
EXPORT_FORMAT = 1
INSTALL_FIX = 'pip install "docintel[export]" (or pip install pyarrow), or drop --export'
_FIX = "choose another folder with --export, or make this one writable"


def _pyarrow() -> tuple[Any, Any]:
    """pyarrow and pyarrow.parquet; ConfigError naming the extra when it is not installed."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ConfigError("--export writes Parquet with pyarrow, which is not installed", INSTALL_FIX) from None
    return pyarrow, pyarrow.parquet


def check_export(folder: Path) -> None:
    """Fail before anything is parsed: pyarrow missing (ConfigError), or *folder* not a folder files can be
    written in (StorageError). Nothing is created: a folder that does not exist yet is made when writing."""
    _pyarrow()
    if folder.exists() and not folder.is_dir():
        raise StorageError(f"--export {folder}: it is a file, not a folder", _FIX)
    existing = folder
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise StorageError(f"--export {folder}: {existing} is a file, not a folder", _FIX)
    if not os.access(existing, os.W_OK | os.X_OK):
        raise StorageError(f"--export {folder}: {existing} is not writable", _FIX)


def line_table(document: Document) -> Any:
    """The document's line table as a pyarrow Table with the export's columns and metadata."""
    pa, _ = _pyarrow()
    lines, meta = document.lines, document.meta
    n = len(lines)
    boxes = document.boxes
    columns: dict[str, Any] = {
        "doc_id": pa.array([meta.doc_id] * n, pa.string()),
        "content_hash": pa.array([meta.content_hash] * n, pa.string()),
        "extractor_version": pa.array([meta.extractor_version] * n, pa.string()),
        "page": pa.array(lines["page"].to_numpy(), pa.int32()),
        "line_in_page": pa.array(lines["line_in_page"].to_numpy(), pa.int32()),
        "global_line": pa.array(lines["global_line"].to_numpy(), pa.int32()),
        "text": pa.array(lines["text"].tolist(), pa.string()),
    }
    for index, name in enumerate(("x0", "y0", "x1", "y1")):
        values = [box[index] for box in boxes] if boxes is not None else [None] * n
        columns[name] = pa.array(values, pa.float64())
    described = {
        "format": EXPORT_FORMAT,
        **meta.model_dump(mode="json", include={"doc_id", "path", "content_hash", "extractor_version", "title"}),
        "n_pages": meta.n_pages,
        "n_lines": meta.n_lines,
    }
    return pa.table(columns).replace_schema_metadata({EXPORT_KEY: json.dumps(described).encode()})


def is_export(path: Path) -> bool:
    """Whether *path* is a Parquet file this export wrote (so writing again may replace it)."""
    _, pq = _pyarrow()
    try:
        metadata = pq.read_schema(path).metadata or {}
    except Exception:  # not Parquet, unreadable
        return False
    return EXPORT_KEY in metadata


def export_documents(documents: list[Document], folder: Path) -> list[Path]:
    """Write each document's line table to ``folder/<doc_id>.parquet``, all or none; the files written.

    Raises StorageError (nothing in *folder* changed) when a file of that name is not a docintel export or
    the files cannot be written."""
    _, pq = _pyarrow()
    check_export(folder)
    targets = [folder / f"{d.meta.doc_id}.parquet" for d in documents]
    for target in targets:
        if target.is_dir() or (target.exists() and not is_export(target)):
            raise StorageError(
                f"--export {folder}: {target.name} is there and is not a docintel export; nothing was written",
                "move it away, or choose another folder with --export",
            )
    created = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".docintel-export-", dir=folder))
    except OSError as exc:
        raise StorageError(f"--export {folder}: cannot write there ({exc.strerror or exc})", _FIX) from None
    try:
        for document, target in zip(documents, targets, strict=True):
            pq.write_table(line_table(document), staging / target.name)
        for target in targets:
            os.replace(staging / target.name, target)
    except OSError as exc:
        raise StorageError(
            f"--export {folder}: writing the line tables failed ({exc.strerror or exc}); nothing was written", _FIX
        ) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        if created and not any(folder.iterdir()):
            folder.rmdir()
    return targets
