"""Ingest: PDF files -> line tables (one row per non-empty line), cached on disk.

The line table is a pandas DataFrame with the columns ``doc_id, page, line_in_page,
global_line, text``: ``page`` is the 1-based physical page, ``line_in_page`` counts from 1 on
each page and ``global_line`` from 1 through the whole document. With the pdfium extractor each
line also has a box on its page (``Document.line_box``: x0, y0, x1, y1 in PDF points, origin at
the bottom left, y up) and each page a size (``DocumentMeta.page_sizes``).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field, PrivateAttr

from ..errors import DocintelError, DocumentNotFoundError, InputError
from ..progress import SILENT, Reporter
from ..settings import Settings
from . import cache
from .extractors import Extractor, check_password, extractor_version, read_pdf_info
from .facts import Fact, fact_row, facts_path, load_facts, save_fact_rows, save_facts
from .ocr import OcrInfo, ocr_key, ocr_possible
from .parsing import FileParser
from .profile import PROFILE_VERSION, DocumentProfile, build_profile, with_file_name
from .tables import TABLES_VERSION, Table, TableRow, rows_by_line, table_data

if TYPE_CHECKING:
    import pandas as pd

    LineTable = pd.DataFrame
else:  # pandas is imported when a line table is made, not with this module (``docintel ingest`` parses meanwhile)
    LineTable = Any

LINE_COLUMNS = ["doc_id", "page", "line_in_page", "global_line", "text"]
# one lock for every document's facts: they are read at most once each, mostly from the cache (a per-document
# lock would have to survive pickling for Ray)
_FACTS_LOCK = threading.Lock()


class PageWarning(BaseModel):
    """Something wrong with one page that did not stop the document from being used."""

    page: int = Field(description="1-based physical page; 0 for the document as a whole")
    kind: str = Field(description="no_text | garbled | extract_failed | skipped (a part of the file left out)")
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
    extractor: Extractor = Field("pypdf", description="the library that read the text: pdfium or pypdf")
    extractor_version: str = Field(description="the extractor's library version and line-building version")
    title: str
    n_pages: int
    n_lines: int
    page_labels: list[str] | None = Field(
        description="Printed page labels by physical page, when the PDF defines them."
    )
    outline: list[OutlineEntry]
    warnings: list[PageWarning]
    profile: DocumentProfile = Field(
        default_factory=DocumentProfile,
        description="issuer, kind, period, date and title (see ingest.profile)",
    )
    needs_password: bool = Field(default=False, description="only a password opens the file (checked on every run)")
    page_sizes: list[tuple[float, float]] | None = Field(
        default=None,
        description="(width, height) of each physical page in PDF points (pdfium extractor; None with pypdf)",
    )
    ocr: OcrInfo | None = Field(default=None, description="the pages read by OCR, when any was (scanned pages)")


class Document(BaseModel):
    """A parsed document: metadata plus its line table (``lines``).

    A document read from a cache entry makes its line table (a pandas DataFrame) when it is first asked for: the
    facts are read from the entry's columns, so ``docintel ingest`` never imports pandas."""

    model_config = {"arbitrary_types_allowed": True}

    meta: DocumentMeta
    cache_hit: bool = False
    table_data: list[dict[str, Any]] = Field(default_factory=list, description="the tables as cached (JSON)")
    boxes: list[list[float]] | None = Field(
        default=None,
        description="each line's box [x0, y0, x1, y1] by GLOBAL_LINE - 1, in PDF points with the origin at the "
        "page's bottom left and y up (pdfium extractor; None with pypdf)",
    )
    ocr_lines: list[list[float | None] | None] | None = Field(
        default=None,
        description="by GLOBAL_LINE - 1: None for a line of the text layer, else [lowest word confidence, lowest "
        "confidence of a word with a digit (None: no number)] as Tesseract gives them (0-100); None when no "
        "page was OCR'd",
    )
    ocr_min_confidence: float = Field(
        default=0.0, description="numbers of an OCR line read below this confidence are not trusted (settings)"
    )
    facts_file: str | None = Field(
        default=None, description="the cache file holding the document's facts (computed at ingest; ingest.facts)"
    )
    _lines: LineTable | None = PrivateAttr(default=None)
    _columns: dict[str, list[Any]] | None = PrivateAttr(default=None)  # the entry's, until the line table is made
    _tables: list[Table] | None = PrivateAttr(default=None)
    _facts: list[Fact] | None = PrivateAttr(default=None)
    _cells: dict[tuple[int, int], Fact] | None = PrivateAttr(default=None)
    _rows: dict[int, tuple[Table, TableRow]] | None = PrivateAttr(default=None)

    def __init__(self, lines: LineTable | None = None, columns: dict[str, list[Any]] | None = None, **data: Any):
        """*lines*: the line table; or *columns*: a cache entry's line columns, made into the table when it is
        first used."""
        if lines is None and columns is None:
            raise ValueError("a Document needs its lines or its line columns")
        super().__init__(**data)
        self._lines, self._columns = lines, None if lines is not None else columns

    @property
    def lines(self) -> LineTable:
        """The line table (LINE_COLUMNS)."""
        if self._lines is None:
            self._lines = line_table(self.meta.doc_id, self._columns or {"page": [], "line_in_page": [], "text": []})
            self._columns = None
        return self._lines

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Document:
        """A copy; ``update`` may give it another line table (``lines``)."""
        update = dict(update or {})
        lines = update.pop("lines", None)
        copied = super().model_copy(update=update, deep=deep)
        if lines is not None:
            copied._lines, copied._columns = lines, None
        return copied

    def _column(self, name: str) -> list[Any]:
        """One column of the line table as a list (from the entry's columns while the table is not made)."""
        if self._columns is not None:
            return list(self._columns[name])
        return list(self.lines[name].tolist())

    @property
    def tables(self) -> list[Table]:
        """The document's tables (read from the cached JSON on first use)."""
        if self._tables is None:
            self._tables = [Table.model_validate(t) for t in self.table_data]
        return self._tables

    @property
    def facts(self) -> list[Fact]:
        """Every figure of the document as a typed fact (from the cache when computed at ingest).

        Read once per document even when a batch's threads ask at the same moment: each waits for the one
        reading them (a thread must never see the attribute between another's load and its read)."""
        facts = self._facts
        if facts is not None:
            return facts
        with _FACTS_LOCK:
            if self._facts is None:
                self._facts = self._read_facts()
            return self._facts

    def cache_facts(self) -> None:
        """Have the facts in the cache (``docintel ingest``): when they are not there yet, read them and write each
        part's rows as the fact reader gives them, no fact kept (``facts`` reads them back when asked)."""
        if self._facts is not None or not self.facts_file or Path(self.facts_file).is_file():
            _ = self.facts  # read back from the cache (as before), or no cache folder
            return
        with contextlib.suppress(OSError):  # the cache folder is not writable: the facts are read when asked
            save_fact_rows(Path(self.facts_file), self._read(fact_row))

    def _read_facts(self) -> list[Fact]:
        cached = load_facts(Path(self.facts_file), self.meta.doc_id) if self.facts_file else None
        facts = cached if cached is not None else self._read(lambda fact: fact)
        if self.facts_file and cached is None:
            with contextlib.suppress(OSError):  # the cache folder is not writable: the facts are read again next time
                save_facts(Path(self.facts_file), facts)
        return facts

    def _read(self, encode: Callable[[Fact], Any]) -> list[Any]:
        from .factread import read_facts

        pages, texts = self._column("page"), self._column("text")
        return read_facts(self.meta.doc_id, pages, texts, self.tables, self.meta.profile, self.boxes, encode=encode)

    def fact_at(self, global_line: int, cell: int) -> Fact | None:
        """The fact of the *cell*-th cell (0-based) of the table row at GLOBAL_LINE; None when none was read."""
        if self._cells is None:
            cells = [f for f in self.facts if f.provenance.table is not None and f.provenance.column is not None]
            self._cells = {(f.provenance.global_line, f.provenance.column or 0): f for f in cells}
        return self._cells.get((global_line, cell))

    def table_row(self, global_line: int) -> tuple[Table, TableRow] | None:
        """The table and row at a GLOBAL_LINE, when that line is a table row."""
        if self._rows is None:
            self._rows = rows_by_line(self.tables)
        return self._rows.get(global_line)

    def line_box(self, global_line: int) -> tuple[float, float, float, float] | None:
        """The box of a line on its page (x0, y0, x1, y1 in PDF points, origin bottom left); None without boxes."""
        if self.boxes is None or not 1 <= global_line <= len(self.boxes):
            return None
        x0, y0, x1, y1 = self.boxes[global_line - 1]
        return x0, y0, x1, y1

    def ocr_confidence(self, global_line: int) -> float | None:
        """The lowest word confidence (0-100) of a line read by OCR; None for a line of the text layer."""
        if self.ocr_lines is None or not 1 <= global_line <= len(self.ocr_lines):
            return None
        read = self.ocr_lines[global_line - 1]
        return None if read is None else float(read[0] or 0.0)

    def doubtful_numbers(self, global_line: int) -> bool:
        """True when the line was read by OCR and a number on it with less than ``ocr_min_confidence``."""
        if self.ocr_lines is None or not 1 <= global_line <= len(self.ocr_lines):
            return False
        read = self.ocr_lines[global_line - 1]
        return read is not None and read[1] is not None and read[1] < self.ocr_min_confidence

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
            raise DocumentNotFoundError(
                f"{path}: folder holds no PDF file", "point at a folder with .pdf files, or at the files themselves"
            )
        return found
    return [path]


def file_hash(path: Path) -> str:
    """sha256 of a file's bytes."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _document_from_entry(
    entry: dict[str, Any],
    path: Path,
    doc_id: str,
    content_hash: str,
    cache_hit: bool,
    extractor: Extractor,
    ocr_min_confidence: float = 0.0,
) -> Document:
    columns = entry["lines"]
    n_lines = len(columns["text"])
    meta = DocumentMeta(
        doc_id=doc_id,
        path=str(path),
        content_hash=content_hash,
        extractor=extractor,
        extractor_version=extractor_version(extractor),
        title=entry["title"],
        n_pages=entry["n_pages"],
        n_lines=n_lines,
        page_labels=entry["page_labels"],
        outline=entry["outline"],
        warnings=entry["warnings"],
        profile=with_file_name(DocumentProfile.model_validate(entry.get("profile") or {}), path.stem),
        needs_password=bool(entry.get("needs_password", True)),
        page_sizes=entry.get("page_sizes"),
        ocr=entry.get("ocr"),
    )
    ocr_lines = columns.get("ocr") if entry.get("ocr") else None
    return Document(
        meta=meta,
        columns={name: columns[name] for name in ("page", "line_in_page", "text")},
        cache_hit=cache_hit,
        table_data=entry.get("tables") or [],
        boxes=columns.get("bbox"),
        ocr_lines=ocr_lines,
        ocr_min_confidence=ocr_min_confidence,
    )


def line_table(doc_id: str, columns: dict[str, list[Any]]) -> LineTable:
    """The line table of a document from its line columns (page, line_in_page, text)."""
    import pandas as pd

    n_lines = len(columns["text"])
    return pd.DataFrame(
        {
            "doc_id": pd.Series([doc_id] * n_lines, dtype="string"),
            "page": pd.Series(columns["page"], dtype="int32"),
            "line_in_page": pd.Series(columns["line_in_page"], dtype="int32"),
            "global_line": pd.Series(range(1, n_lines + 1), dtype="int32"),
            "text": pd.Series(columns["text"], dtype="string"),
        },
        columns=LINE_COLUMNS,
    )


def add_tables(entry: dict[str, Any]) -> bool:
    """Give a cache entry the tables of its lines when it has none of this version; True when it changed."""
    if entry.get("tables_version") == TABLES_VERSION:
        return False
    columns = entry["lines"]
    entry["tables"] = table_data(columns["page"], columns["text"])
    entry["tables_version"] = TABLES_VERSION
    return True


def add_profile(entry: dict[str, Any], path: Path, password: str | None, extractor: str = "pypdf") -> bool:
    """Give a cache entry the profile of this version (metadata read without parsing pages); True when it changed."""
    if entry.get("profile_version") == PROFILE_VERSION:
        return False
    if "pdf_info" not in entry:
        skipped: list[dict[str, Any]] = []
        entry["pdf_info"] = read_pdf_info(path, password, extractor, skipped)
        entry["warnings"] = skipped + entry["warnings"]
    columns = entry["lines"]
    entry["profile"] = build_profile(columns["page"], columns["text"], entry["pdf_info"]).model_dump()
    entry["profile_version"] = PROFILE_VERSION
    return True


def import_later_stages(pandas: bool = True) -> None:
    """Import what a parsed entry needs next (the fact reader, and pandas for its line table unless *pandas* is
    false), with the garbage collector paused and then frozen out of it: what an import makes lives as long as the
    process."""
    import gc

    collecting = gc.isenabled()
    gc.disable()
    try:
        if pandas:
            import pandas as _  # noqa: F401

        from . import factread  # noqa: F401
    finally:
        if collecting:
            gc.enable()
            gc.freeze()


def unique_ids(files: list[Path]) -> list[str]:
    """Document ids for files: the file stem, with ~2, ~3 ... for a stem seen before."""
    seen: dict[str, int] = {}
    ids = []
    for path in files:
        stem = path.stem
        seen[stem] = seen.get(stem, 0) + 1
        ids.append(stem if seen[stem] == 1 else f"{stem}~{seen[stem]}")
    return ids


def cache_warning(cache_dir: Path, exc: OSError) -> str:
    """The one warning shown per run when the cache cannot be written."""
    return (
        f"cannot write the cache in {cache_dir} ({exc.strerror or exc}): every run parses the documents again — "
        "make the folder writable, or choose another with --cache-dir or DOCINTEL_CACHE_DIR"
    )


class Ingestor:
    """Parses PDFs at most once per process: a memory memo in front of the disk cache.

    A cached line table of a document that needs a password is used only after the password
    given now opens the file, exactly as if there were no cache. The extractor is the settings'
    (``settings.extractor``); an Ingestor reads every document with that one.
    """

    def __init__(self, settings: Settings, password: str | None = None, reporter: Reporter = SILENT) -> None:
        self.settings = settings
        self.extractor: Extractor = settings.extractor
        self._password = password  # fixed for the Ingestor's life: the memo holds what it opened
        self.reporter = reporter
        self._memo: dict[str, dict[str, Any]] = {}
        self._parsed_now: set[str] = set()  # parsed by this run (not a cache hit, also when read again from memory)
        self._siblings: dict[str, Ingestor] = {}  # the same run's Ingestors for the other extractors
        self.lines_needed = True  # the caller uses line tables: pandas is imported while the workers parse

    def for_extractor(self, extractor: Extractor) -> Ingestor:
        """An Ingestor like this one (settings, password, progress) that reads with *extractor*; itself when same.

        Reviewing a trace reads its documents with the extractor the trace was made with.
        """
        if extractor == self.extractor:
            return self
        if extractor not in self._siblings:
            settings = self.settings.model_copy(update={"extractor": extractor})
            self._siblings[extractor] = Ingestor(settings, self._password, self.reporter)
        return self._siblings[extractor]

    def ingest(self, paths: list[Path]) -> IngestReport:
        """Ingest files and folders; bad files are reported in ``failures`` and do not stop the rest."""
        files, failures = expand_paths(paths)
        ids = unique_ids(files)
        hashes: dict[Path, str] = {}
        for path in files:
            try:
                hashes[path] = file_hash(path)
            except OSError as exc:
                err = InputError(f"{path}: cannot read file ({exc.strerror})", "check the file's permissions")
                failures.append(IngestFailure(path=str(path), error=err.to_dict(), message=str(err)))
        entries, hits, errors = self._load_entries([p for p in files if p in hashes], hashes)
        documents = []
        for path, doc_id in zip(files, ids, strict=True):
            if path in errors:
                error = errors[path]
                failures.append(IngestFailure(path=str(path), error=error.to_dict(), message=str(error)))
            elif path in entries:
                entry = entries[path]
                document = _document_from_entry(
                    entry, path, doc_id, hashes[path], hits[path], self.extractor, self.settings.ocr_min_confidence
                )
                documents.append(self._with_facts(document, hashes[path]))
        return IngestReport(documents=documents, failures=failures)

    def forget(self, content_hashes: list[str]) -> None:
        """Drop documents from memory whose cache file is on disk (a later load reads it; nothing is parsed again).

        Indexing a large folder would otherwise hold every line table of the run in memory.
        """
        for key in content_hashes:
            if key in self._memo and self._cache_file(key).is_file():
                del self._memo[key]

    def check_password(self, path: Path) -> None:
        """Raise EncryptedPDFError unless this run's password opens *path* (cheap: no text is read)."""
        check_password(path, self._password, self.extractor)

    def _cached(self, path: Path, key: str) -> dict[str, Any] | None:
        """The cached entry of *path*, once its password (if it needs one) checks out; raises EncryptedPDFError."""
        entry = self._memo.get(key)
        if entry is not None:
            return entry
        entry = cache.load_entry(self._cache_file(key))
        s = self.settings
        if entry is not None and entry.get("ocr_unavailable") and ocr_possible(s.ocr, s.tesseract_cmd):
            return None  # scanned pages were left unread for want of Tesseract, which is there now: read again
        if entry is not None and entry.get("needs_password", True):
            check_password(path, self._password, self.extractor)
        return entry

    def _load_entries(
        self, files: list[Path], hashes: dict[Path, str]
    ) -> tuple[dict[Path, dict[str, Any]], dict[Path, bool], dict[Path, DocintelError]]:
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
            if entry is not None:  # tables and profile are derived from the lines: the PDF is not parsed again
                if add_tables(entry) | add_profile(entry, path, self._password, self.extractor):
                    self._save(key, entry)
                self._memo[key] = entry
                entries[path], hits[path] = entry, key not in self._parsed_now
            elif path not in todo and not any(hashes[t] == key for t in todo):
                todo.append(path)
        for path, result in self._parse_many(todo):
            if isinstance(result, DocintelError):
                errors[path] = result
                continue
            key = hashes[path]
            add_tables(result)
            add_profile(result, path, self._password, self.extractor)
            self._memo[key] = result
            self._parsed_now.add(key)
            self._save(key, result)  # saved as each file finishes, so an interrupted run keeps what it parsed
        for path in files:  # files parsed now, and duplicates of them
            if path not in entries and path not in errors:
                key = hashes[path]
                if key in self._memo:
                    entries[path], hits[path] = self._memo[key], False
                else:
                    errors[path] = next(errors[t] for t in todo if hashes[t] == key)
        return entries, hits, errors

    def _parse_many(self, todo: list[Path]) -> Iterator[tuple[Path, dict[str, Any] | DocintelError]]:
        """Parse files in worker processes (each with the per-file time limit; a large PDF split by page ranges
        across them); yields results as files finish."""
        meanwhile = functools.partial(import_later_stages, pandas=self.lines_needed)
        yield from FileParser(self.settings, self._password, self.reporter, meanwhile=meanwhile).run(todo)

    def _save(self, key: str, entry: dict[str, Any]) -> None:
        try:
            cache.save_entry(self._cache_file(key), entry)
        except OSError as exc:
            self.reporter.warn(cache_warning(self.settings.cache_dir, exc))

    def _with_facts(self, document: Document, key: str) -> Document:
        """The document with the cache file of its facts: read on first use (ingest and facts read them at once)."""
        document.facts_file = str(facts_path(self._cache_file(key)))
        return document

    def _cache_file(self, key: str) -> Path:
        ocr = ocr_key(self.settings.ocr, self.settings.ocr_language)
        return cache.cache_path(self.settings.cache_dir, key, f"{extractor_version(self.extractor)}-{ocr}")
