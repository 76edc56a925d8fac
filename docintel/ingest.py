"""Ingest: PDF files -> line tables (one row per non-empty line), cached on disk.

The line table is a pandas DataFrame with the columns ``doc_id, page, line_in_page,
global_line, text``: ``page`` is the 1-based physical page, ``line_in_page`` counts from 1 on
each page and ``global_line`` from 1 through the whole document.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import time
import unicodedata
from pathlib import Path
from typing import Any, Callable, Iterator

import pandas as pd
import pypdf
from pydantic import BaseModel, Field

from . import cache
from .errors import (
    CorruptPDFError,
    DocintelError,
    DocumentNotFoundError,
    EncryptedPDFError,
    InputError,
    NotAPDFError,
    NoTextError,
    ParseTimeoutError,
)
from .isolate import Outcome, Report, run_isolated
from .progress import SILENT, Reporter
from .settings import Settings

# Bump LINE_SPLIT_VERSION whenever the way page text becomes lines changes: it invalidates caches.
LINE_SPLIT_VERSION = "3"
EXTRACTOR_VERSION = f"pypdf{pypdf.__version__}-l{LINE_SPLIT_VERSION}"
LINE_COLUMNS = ["doc_id", "page", "line_in_page", "global_line", "text"]
MIN_LETTERS_PER_PAGE = 12  # fewer letters/digits than this per page on average: the PDF looks scanned

# pypdf logs what it recovered from (even at ERROR level, e.g. an unknown font encoding); with no
# handler Python would print those to stderr. Damage that matters shows as page warnings instead.
_PYPDF_LOG = logging.getLogger("pypdf")
_PYPDF_LOG.addHandler(logging.NullHandler())
_PYPDF_LOG.propagate = False


class PageWarning(BaseModel):
    """Something wrong with one page that did not stop the document from being used."""

    page: int = Field(description="1-based physical page")
    kind: str = Field(description="no_text | garbled | extract_failed")
    message: str


class OutlineEntry(BaseModel):
    """One bookmark of the PDF outline: a heading and the page it points to."""

    title: str
    page: int
    level: int


class DocumentMeta(BaseModel):
    """What is known about a document besides its lines."""

    doc_id: str = Field(description="Label of the document in contexts and citations (file stem).")
    path: str
    content_hash: str = Field(description="sha256 of the file's bytes")
    extractor_version: str
    title: str
    n_pages: int
    n_lines: int
    page_labels: list[str] | None = Field(description="Printed page labels by physical page, when the PDF defines them.")
    outline: list[OutlineEntry]
    warnings: list[PageWarning]


class Document(BaseModel):
    """A parsed document: metadata plus its line table."""

    model_config = {"arbitrary_types_allowed": True}

    meta: DocumentMeta
    lines: pd.DataFrame
    cache_hit: bool = False

    def page_text(self, page: int) -> str:
        """The lines of one physical page joined by newlines."""
        return "\n".join(self.lines.loc[self.lines["page"] == page, "text"])


class IngestFailure(BaseModel):
    """A file that could not be ingested, with the error to show."""

    path: str
    error: dict[str, str]
    message: str


class IngestReport(BaseModel):
    """The outcome of ingesting several paths: the documents read and the files that failed."""

    model_config = {"arbitrary_types_allowed": True}

    documents: list[Document]
    failures: list[IngestFailure]


def expand_paths(paths: list[Path]) -> tuple[list[Path], list[IngestFailure]]:
    """Turn the user's arguments into PDF files: a folder means every ``*.pdf`` inside it (sorted)."""
    files: list[Path] = []
    failures: list[IngestFailure] = []
    for path in paths:
        try:
            files.extend(_expand_one(path))
        except InputError as exc:
            failures.append(IngestFailure(path=str(path), error=exc.to_dict(), message=str(exc)))
    return files, failures


def _expand_one(path: Path) -> list[Path]:
    if not path.exists():
        raise DocumentNotFoundError(f"{path}: no such file or folder", "check the path (and the current directory)")
    if path.is_dir():
        found = sorted(p for p in path.rglob("*") if p.suffix.lower() == ".pdf" and p.is_file())
        if not found:
            raise DocumentNotFoundError(f"{path}: folder holds no PDF file", "point at a folder with .pdf files, or at the files themselves")
        return found
    return [path]


def file_hash(path: Path) -> str:
    """sha256 of a file's bytes."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# ---------------------------------------------------------------------------- parsing

_NUMERIC_CELL = re.compile(r"^[\s$€£¥%()\-–—.,0-9]*[0-9–—-][\s$€£¥%()\-–—.,0-9]*$|^[$€£¥%]$")


# C0/C1 control characters other than line breaks and tabs (NUL from checkbox glyphs, form
# feeds, escapes): never part of a document's words, and unsafe on a terminal.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def split_page_text(text: str) -> list[str]:
    """Split one page's extracted text into lines.

    Control characters are dropped and blank lines too. A line made only of numbers and currency signs is a table cell
    that the extractor put on its own line: it is joined to the line before it, so that a
    table row reads ``Label $ 5,363 $ 4,869`` as it does on the page.
    """
    lines: list[str] = []
    for raw in _CONTROL.sub("", text).splitlines():
        line = " ".join(raw.split())
        if not line:
            continue
        if lines and _NUMERIC_CELL.match(line) and len(lines[-1]) < 400:
            lines[-1] = f"{lines[-1]} {line}"
        else:
            lines.append(line)
    return lines


def _garbled(text: str) -> bool:
    """True when over a fifth of the visible characters are replacement, private-use or control glyphs.

    Whitespace does not count either way: table pages are mostly line breaks and read perfectly.
    """
    visible = [ch for ch in text if not ch.isspace()]
    if not visible:
        return False
    bad = sum(1 for ch in visible if ch == "\ufffd" or unicodedata.category(ch) in ("Co", "Cc", "Cs"))
    return bad / len(visible) > 0.2


def _open_reader(path: Path, password: str | None) -> tuple[pypdf.PdfReader, bool]:
    """An opened (and, when encrypted, decrypted) reader, and whether a real password was needed."""
    with path.open("rb") as handle:
        head = handle.read(1024)
    if not head:
        raise NotAPDFError(f"{path}: file is empty (0 bytes)", "re-download or re-export the PDF")
    if b"%PDF-" not in head:
        what = "file is HTML, not a PDF" if b"<html" in head.lower() or b"<!doctype" in head.lower() else "file is not a PDF"
        raise NotAPDFError(f"{path}: {what} (no %PDF- header)", "give the real PDF file; save or print the document as PDF first")
    try:
        reader = pypdf.PdfReader(path)
    except pypdf.errors.PyPdfError as exc:
        raise CorruptPDFError(f"{path}: PDF is truncated or damaged ({exc})", "re-download or repair the file (e.g. qpdf or re-export)") from None
    except Exception as exc:  # pypdf raises assorted errors on broken structure
        raise CorruptPDFError(f"{path}: PDF cannot be read ({type(exc).__name__}: {exc})", "re-download or repair the file") from None
    needed = _decrypt(reader, path, password) if reader.is_encrypted else False
    return reader, needed


def check_password(path: Path, password: str | None) -> None:
    """Raise EncryptedPDFError unless *password* opens the PDF now (cheap: no text is extracted).

    Used before a cached line table of a password-protected document is trusted, so that the
    cache never opens a document the password given now would not.
    """
    _open_reader(path, password)


def _decrypt(reader: pypdf.PdfReader, path: Path, password: str | None) -> bool:
    """Decrypt in place; True when it took the given password (the empty user password did not open it)."""
    # Filings are often encrypted with an empty user password (permissions only): try it first.
    for candidate in [""] + ([password] if password else []):
        try:
            if reader.decrypt(candidate) != pypdf.PasswordType.NOT_DECRYPTED:
                return candidate != ""
        except Exception as exc:  # missing crypto backend or unsupported algorithm
            raise EncryptedPDFError(f"{path}: cannot decrypt ({exc})", "install pypdf[crypto] (cryptography)") from None
    if password is None:
        raise EncryptedPDFError(f"{path}: PDF is encrypted with a password", "pass it with --password")
    raise EncryptedPDFError(f"{path}: wrong password for this encrypted PDF", "check the password given with --password")


def _outline(reader: pypdf.PdfReader) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []

    def walk(items: list[Any], level: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
                continue
            try:
                page = reader.get_destination_page_number(item)
            except Exception:
                continue
            if page is not None and page >= 0:
                entries.append({"title": " ".join(str(item.title).split()), "page": page + 1, "level": level})

    try:
        walk(reader.outline, 0)
    except Exception:
        return []
    return entries


def _page_labels(reader: pypdf.PdfReader) -> list[str] | None:
    try:
        root = reader.trailer["/Root"]
        if "/PageLabels" not in root:
            return None
        return list(reader.page_labels)
    except Exception:
        return None


def _title(reader: pypdf.PdfReader, path: Path) -> str:
    try:
        title = (reader.metadata or {}).get("/Title")
    except Exception:
        title = None
    title = " ".join(str(title or "").replace("\x00", "").split())
    return title or path.stem


def parse_pdf(path: Path, password: str | None = None,
              on_page: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Parse one PDF into a JSON-safe entry (metadata and line columns); raises InputError subclasses.

    *on_page(done, total)* is called after each page.
    """
    reader, password_needed = _open_reader(path, password)
    try:
        n_pages = len(reader.pages)
    except Exception as exc:
        raise CorruptPDFError(f"{path}: page tree is damaged ({type(exc).__name__}: {exc})", "re-download or repair the file") from None
    pages, in_page, texts, warnings = [], [], [], []
    letters_per_page: list[int] = []
    for number in range(1, n_pages + 1):
        try:
            text = reader.pages[number - 1].extract_text() or ""
        except Exception as exc:
            warnings.append({"page": number, "kind": "extract_failed", "message": f"text extraction failed: {type(exc).__name__}"})
            text = ""
        page_lines = split_page_text(text)
        letters_per_page.append(sum(ch.isalnum() for ch in text))
        if _garbled(text):
            warnings.append({"page": number, "kind": "garbled", "message": "text looks garbled (unmapped font glyphs)"})
        for index, line in enumerate(page_lines, start=1):
            pages.append(number)
            in_page.append(index)
            texts.append(line)
        if on_page is not None:
            on_page(number, n_pages)
    if n_pages == 0:
        raise CorruptPDFError(f"{path}: PDF has no readable page (its page tree is empty or damaged)",
                              "re-download or repair the file (e.g. qpdf or re-export)")
    failed = {w["page"] for w in warnings if w["kind"] in ("extract_failed", "garbled")}
    if len(failed) == n_pages:
        raise CorruptPDFError(f"{path}: the text of every page is damaged or unreadable",
                              "re-download or repair the file (e.g. qpdf or re-export)")
    if sum(letters_per_page) < MIN_LETTERS_PER_PAGE * n_pages:
        raise NoTextError(
            f"{path}: no extractable text ({sum(letters_per_page)} letters on {n_pages} pages); it looks scanned",
            "OCR is not supported: run the PDF through an OCR tool (e.g. ocrmypdf) first",
        )
    for number, letters in enumerate(letters_per_page, start=1):
        if letters == 0 and number not in failed:  # a page that failed says so once, not also "scanned"
            warnings.append({"page": number, "kind": "no_text", "message": "page has no extractable text (likely a scanned image)"})
    warnings.sort(key=lambda w: w["page"])
    return {
        "title": _title(reader, path),
        "needs_password": password_needed,
        "n_pages": n_pages,
        "page_labels": _page_labels(reader),
        "outline": _outline(reader),
        "warnings": warnings,
        "lines": {"page": pages, "line_in_page": in_page, "text": texts},
    }


def _parse_task(args: tuple[Path, str | None], report: Report) -> dict[str, Any]:
    """Parse in a worker process: the entry, or the error as a dict (pickles whatever the error type)."""
    path, password = args
    try:
        return {"ok": parse_pdf(path, password, on_page=lambda done, total: report((done, total)))}
    except DocintelError as exc:
        return {"error": exc.to_dict()}
    except Exception as exc:  # pypdf raises assorted errors on broken structure
        return {"error": CorruptPDFError(f"{path}: PDF cannot be read ({type(exc).__name__}: {exc})",
                                         "re-download or repair the file").to_dict()}


_ERROR_TYPES: dict[str, type[DocintelError]] = {cls.__name__: cls for cls in (
    InputError, DocumentNotFoundError, NotAPDFError, CorruptPDFError, EncryptedPDFError, NoTextError, ParseTimeoutError)}


def _error_from_outcome(outcome: Outcome[tuple[Path, str | None]], timeout_s: float) -> DocintelError | None:
    path = outcome.item[0]
    if outcome.status == "timeout":
        return ParseTimeoutError(f"{path}: parsing took longer than {timeout_s:g} s and was stopped",
                                 "the file may be damaged: repair or re-export it, or raise DOCINTEL_PARSE_TIMEOUT_S")
    if outcome.status == "crashed":
        reason = outcome.value or f"exit code {outcome.exitcode}"
        return CorruptPDFError(f"{path}: the PDF parser failed on this file ({reason})", "re-download or repair the file")
    error = outcome.value.get("error")
    if error is None:
        return None
    return _ERROR_TYPES.get(error["type"], InputError)(error["what"], error["fix"])


def _document_from_entry(entry: dict[str, Any], path: Path, doc_id: str, content_hash: str, cache_hit: bool) -> Document:
    columns = entry["lines"]
    n_lines = len(columns["text"])
    lines = pd.DataFrame(
        {
            "doc_id": pd.Series([doc_id] * n_lines, dtype="string"),
            "page": pd.Series(columns["page"], dtype="int32"),
            "line_in_page": pd.Series(columns["line_in_page"], dtype="int32"),
            "global_line": pd.Series(range(1, n_lines + 1), dtype="int32"),
            "text": pd.Series(columns["text"], dtype="string"),
        },
        columns=LINE_COLUMNS,
    )
    meta = DocumentMeta(
        doc_id=doc_id,
        path=str(path),
        content_hash=content_hash,
        extractor_version=EXTRACTOR_VERSION,
        title=entry["title"],
        n_pages=entry["n_pages"],
        n_lines=n_lines,
        page_labels=entry["page_labels"],
        outline=entry["outline"],
        warnings=entry["warnings"],
    )
    return Document(meta=meta, lines=lines, cache_hit=cache_hit)


def _unique_ids(files: list[Path]) -> list[str]:
    seen: dict[str, int] = {}
    ids = []
    for path in files:
        stem = path.stem
        seen[stem] = seen.get(stem, 0) + 1
        ids.append(stem if seen[stem] == 1 else f"{stem}~{seen[stem]}")
    return ids


def cache_warning(cache_dir: Path, exc: OSError) -> str:
    """The one warning shown per run when the cache cannot be written."""
    return (f"cannot write the cache in {cache_dir} ({exc.strerror or exc}): every run parses the documents again — "
            "make the folder writable, or choose another with --cache-dir or DOCINTEL_CACHE_DIR")


class Ingestor:
    """Parses PDFs at most once per process: a memory memo in front of the disk cache.

    A cached line table of a document that needs a password is used only after the password
    given now opens the file, exactly as if there were no cache.
    """

    def __init__(self, settings: Settings, password: str | None = None, reporter: Reporter = SILENT) -> None:
        self.settings = settings
        self.password = password
        self.reporter = reporter
        self._memo: dict[str, dict[str, Any]] = {}

    def ingest(self, paths: list[Path]) -> IngestReport:
        """Ingest files and folders; bad files are reported in ``failures`` and do not stop the rest."""
        files, failures = expand_paths(paths)
        ids = _unique_ids(files)
        hashes: dict[Path, str] = {}
        for path in files:
            try:
                hashes[path] = file_hash(path)
            except OSError as exc:
                err = InputError(f"{path}: cannot read file ({exc.strerror})", "check the file's permissions")
                failures.append(IngestFailure(path=str(path), error=err.to_dict(), message=str(err)))
        entries, hits, errors = self._load_entries([p for p in files if p in hashes], hashes)
        documents = []
        for path, doc_id in zip(files, ids):
            if path in errors:
                exc = errors[path]
                failures.append(IngestFailure(path=str(path), error=exc.to_dict(), message=str(exc)))
            elif path in entries:
                documents.append(_document_from_entry(entries[path], path, doc_id, hashes[path], hits[path]))
        return IngestReport(documents=documents, failures=failures)

    def _cached(self, path: Path, key: str) -> dict[str, Any] | None:
        """The cached entry of *path*, once its password (if it needs one) checks out; raises EncryptedPDFError."""
        entry = self._memo.get(key)
        if entry is not None:
            return entry
        entry = cache.load_entry(self._cache_file(key))
        if entry is not None and entry.get("needs_password"):
            check_password(path, self.password)
        return entry

    def _load_entries(self, files: list[Path], hashes: dict[Path, str]):
        entries: dict[Path, dict[str, Any]] = {}
        hits: dict[Path, bool] = {}
        errors: dict[Path, DocintelError] = {}
        todo: list[Path] = []
        for path in files:
            key = hashes[path]
            try:
                entry = self._cached(path, key)
            except DocintelError as exc:
                errors[path] = exc
                continue
            if entry is not None:
                self._memo[key] = entry
                entries[path], hits[path] = entry, True
            elif path not in todo and not any(hashes[t] == key for t in todo):
                todo.append(path)
        for path, result in self._parse_many(todo):
            if isinstance(result, DocintelError):
                errors[path] = result
                continue
            key = hashes[path]
            self._memo[key] = result
            try:  # saved as each file finishes, so an interrupted run keeps what it parsed
                cache.save_entry(self._cache_file(key), result)
            except OSError as exc:
                self.reporter.warn(cache_warning(self.settings.cache_dir, exc))
        for path in files:  # files parsed now, and duplicates of them
            if path not in entries and path not in errors:
                key = hashes[path]
                if key in self._memo:
                    entries[path], hits[path] = self._memo[key], False
                else:
                    errors[path] = next(errors[t] for t in todo if hashes[t] == key)
        return entries, hits, errors

    def _parse_many(self, todo: list[Path]) -> Iterator[tuple[Path, dict[str, Any] | DocintelError]]:
        """Parse files in worker processes (each with the per-file time limit); yields results as they finish."""
        if not todo:
            return
        workers = min(self.settings.ingest_workers or (os.cpu_count() or 1), len(todo))
        ordered = sorted(todo, key=lambda p: -p.stat().st_size)  # the largest first: none finishes alone at the end
        tracker = _ParseProgress(self.reporter, ordered)
        timeout = self.settings.parse_timeout_s
        try:
            for outcome in run_isolated([(p, self.password) for p in ordered], _parse_task, workers=workers,
                                        timeout_s=timeout, on_progress=lambda item, msg: tracker.page(item[0], *msg)):
                path = outcome.item[0]
                tracker.finished(path)
                error = _error_from_outcome(outcome, timeout)
                yield path, error if error is not None else outcome.value["ok"]
        finally:
            tracker.close()

    def _cache_file(self, key: str) -> Path:
        return cache.cache_path(self.settings.cache_dir, key, EXTRACTOR_VERSION)


class _ParseProgress:
    """Parsing progress: work measured in bytes (known up front), shown as files and pages."""

    def __init__(self, reporter: Reporter, files: list[Path]) -> None:
        self.sizes = {p: max(p.stat().st_size, 1) for p in files}
        self.pages_done = dict.fromkeys(files, 0)
        self.page_totals: dict[Path, int] = {}
        self.files_done = 0
        self.task = reporter.task("parsing", sum(self.sizes.values()))

    def _status(self, current: Path | None) -> str:
        pages = sum(self.pages_done.values())
        rate = pages / max(time.monotonic() - self.task.started, 1e-6)
        text = f"{self.files_done}/{len(self.sizes)} files, {pages} pages, {rate:.0f} pages/s"
        if current is not None and current in self.page_totals:
            text += f"; {current.name} {self.pages_done[current]}/{self.page_totals[current]} pages"
        return text

    def page(self, path: Path, done: int, total: int) -> None:
        """A worker finished page *done* of *total* of *path*."""
        self.page_totals[path] = total
        step = self.sizes[path] * (done - self.pages_done[path]) / max(total, 1)
        self.pages_done[path] = done
        self.task.advance(step, self._status(path))

    def finished(self, path: Path) -> None:
        """*path* is done (parsed or failed): its remaining share of the work is counted."""
        self.files_done += 1
        total = self.page_totals.get(path)
        left = self.sizes[path] * (1 - self.pages_done[path] / total) if total else self.sizes[path]
        self.task.advance(left, self._status(None))

    def close(self) -> None:
        """End the task with a summary line (plain output only)."""
        self.task.close(f"{self.files_done} files, {sum(self.pages_done.values())} pages")
