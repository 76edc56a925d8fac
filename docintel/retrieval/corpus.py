"""The corpus index: what routing needs to know about every document of a folder, kept on disk.

One SQLite file per corpus (the set of PATH arguments) under ``<cache_dir>/corpora/``:

- ``files``: path, size, modification time and content hash of each PDF, so an unchanged
  file is recognised by ``stat`` alone and a changed or new one is re-indexed by itself;
- ``documents``: per content hash, the profile and sizes (identical files are indexed once);
- ``terms``: per (term, document), how often the term occurs, in how many passages, and in the
  document's headings and first pages: the statistics routing scores documents with.

Passages are ranked later with BM25 inside the routed documents only (``docintel.retrieval.search``);
no statistic of the whole folder is rebuilt per question. When the cache folder cannot be
written the index lives in memory for the run (with one warning).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from collections import Counter
from collections.abc import Iterable
from itertools import chain
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import BaseModel, Field

from ..errors import DocintelError
from ..ingest.documents import Document, IngestFailure, Ingestor, cache_warning, expand_paths, file_hash, unique_ids
from ..ingest.extractors import extractor_version
from ..ingest.profile import PROFILE_VERSION, DocumentProfile, with_file_name
from ..progress import SILENT, Reporter
from ..settings import Settings
from ..textnorm import tokenize
from .search import TOKENIZER_VERSION, doc_index

INDEX_VERSION = "2"  # bump when what a document row holds changes (2: needs_password)
HEAD_PAGES = 2  # the first pages count as the document's heading text (cover, contents)
CHUNK = 16  # new files are parsed and indexed this many at a time, then dropped from memory

_SCHEMA = """
CREATE TABLE IF NOT EXISTS files (path TEXT PRIMARY KEY, size INTEGER, mtime_ns INTEGER, content_hash TEXT);
CREATE TABLE IF NOT EXISTS documents (content_hash TEXT PRIMARY KEY, version TEXT, meta TEXT);
CREATE TABLE IF NOT EXISTS terms (
    term TEXT, content_hash TEXT, tf INTEGER, passages INTEGER, head INTEGER,
    PRIMARY KEY (term, content_hash)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS terms_by_document ON terms (content_hash);
CREATE TABLE IF NOT EXISTS corpus (key TEXT);
"""
PERSIST_FILES = 5  # fewer files given one by one are indexed in memory: no index file per single-file question


class CorpusDocument(BaseModel):
    """One document of a corpus as the index knows it (its lines are loaded only when it is routed in)."""

    doc_id: str
    path: str
    content_hash: str
    title: str
    n_pages: int
    n_passages: int
    n_tokens: int
    profile: DocumentProfile
    duplicate_of: str | None = Field(default=None, description="the doc_id of an identical file listed earlier")


class TermHit(NamedTuple):
    """A term in one document: occurrences, passages holding it, occurrences in headings and first pages."""

    tf: int
    passages: int
    head: int


class RefreshReport(BaseModel):
    """What an index refresh did."""

    documents: int = 0
    indexed: list[str] = Field(default_factory=list, description="files (re)indexed now")
    removed: int = Field(default=0, description="files gone from the folder since the last refresh")
    db_path: str | None = None


def corpus_key(paths: list[Path]) -> str:
    """The identity of a corpus: its PATH arguments, resolved and sorted."""
    return "\n".join(sorted(str(p.resolve()) for p in paths))


def index_path(cache_dir: Path, key: str) -> Path:
    """Where the index of the corpus *key* is stored."""
    return cache_dir / "corpora" / f"{hashlib.sha256(key.encode()).hexdigest()[:20]}.sqlite"


def _version(settings: Settings) -> str:
    extractor = extractor_version(settings.extractor)
    return f"{INDEX_VERSION}-{extractor}-t{TOKENIZER_VERSION}-p{settings.passage_lines}-{PROFILE_VERSION}"


class CorpusIndex:
    """The SQLite index of one corpus (thread-safe: batch questions are answered from several threads)."""

    def __init__(self, db_path: Path | None) -> None:
        self.db_path = db_path
        self.fresh: dict[str, Document] = {}  # documents indexed now, by content hash (in-memory indexes only)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(db_path) if db_path else ":memory:", timeout=30, check_same_thread=False)
        self._db.executescript(_SCHEMA)

    @classmethod
    def open(cls, settings: Settings, key: str, reporter: Reporter = SILENT) -> CorpusIndex:
        """The on-disk index of corpus *key* (mode 600; a damaged file is rebuilt); an in-memory one, and
        one warning, when the cache folder cannot be written."""
        path = index_path(settings.cache_dir, key)
        for _ in range(2):
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                if not path.exists():
                    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))  # an empty file is an empty database
                index = cls(path)
                with index._db:  # fails now, not halfway through a refresh, when read-only
                    index._db.execute("DELETE FROM corpus")
                    index._db.execute("INSERT INTO corpus VALUES (?)", (key,))  # what `cache info` shows
                return index
            except (OSError, sqlite3.OperationalError) as exc:
                error = exc if isinstance(exc, OSError) else OSError(str(exc))
                reporter.warn(cache_warning(settings.cache_dir, error))  # the parse cache's words: one warning
                return cls(None)
            except sqlite3.DatabaseError:  # not a database any more (cut short, overwritten): it is only a cache
                path.unlink(missing_ok=True)
        return cls(None)

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    # ------------------------------------------------------------------ refresh
    def refresh(
        self, files: list[Path], ingestor: Ingestor, settings: Settings, reporter: Reporter = SILENT
    ) -> tuple[list[CorpusDocument], list[IngestFailure], RefreshReport]:
        """Bring the index in line with *files*: unchanged files by stat, new or changed ones indexed one by one."""
        report = RefreshReport(db_path=str(self.db_path) if self.db_path else None)
        failures: list[IngestFailure] = []
        with self._lock:
            known = {
                row[0]: row[1:] for row in self._db.execute("SELECT path, size, mtime_ns, content_hash FROM files")
            }
        hashes: dict[Path, str] = {}
        stats: dict[Path, tuple[int, int]] = {}
        resolved = {path: str(path.resolve()) for path in files}
        for path in files:
            try:
                st = path.stat()
                row = known.get(resolved[path])
                stats[path] = (st.st_size, st.st_mtime_ns)
                same = row is not None and row[0] == st.st_size and row[1] == st.st_mtime_ns and row[2]
                hashes[path] = str(row[2]) if same and row else file_hash(path)
            except OSError as exc:
                failures.append(_failure(path, f"{path}: cannot read file ({exc.strerror})", "check the permissions"))
        version = _version(settings)
        with self._lock:
            current = {
                h for (h,) in self._db.execute("SELECT content_hash FROM documents WHERE version = ?", (version,))
            }
        todo: list[Path] = []
        for path, digest in hashes.items():
            if digest not in current and all(hashes[t] != digest for t in todo):
                todo.append(path)
        failed = self._index_files(todo, ingestor, settings, reporter, failures)
        failed |= self._locked_out([p for p in hashes if p not in todo], hashes, ingestor, failures)
        report.indexed = [str(p) for p in todo if p not in failed]
        with self._lock, self._db:
            live = {resolved[p] for p in hashes if p not in failed}
            gone = [p for p in known if p not in live]
            given = set(resolved.values())
            report.removed = sum(p not in given for p in gone)  # a file that failed now is not 'removed'
            self._db.executemany("DELETE FROM files WHERE path = ?", [(p,) for p in gone])
            self._db.executemany(
                "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?)",
                [(resolved[p], *stats[p], h) for p, h in hashes.items() if p not in failed],
            )
            self._db.execute("DELETE FROM documents WHERE content_hash NOT IN (SELECT content_hash FROM files)")
            self._db.execute("DELETE FROM terms WHERE content_hash NOT IN (SELECT content_hash FROM documents)")
        documents = self._documents([p for p in files if p in hashes and p not in failed], hashes)
        report.documents = len(documents)
        return documents, failures, report

    def _locked_out(
        self, known: list[Path], hashes: dict[Path, str], ingestor: Ingestor, failures: list[IngestFailure]
    ) -> set[Path]:
        """Files indexed earlier that only a password opens, which this run's password does not open.

        Recognising a file by stat must not skip the password: such a file is left out of the corpus
        (its profile and statistics too) with the same error an ingest gives, as if nothing were cached.
        """
        with self._lock:
            locked = {
                h
                for h, meta in self._db.execute("SELECT content_hash, meta FROM documents")
                if json.loads(meta).get("needs_password")
            }
        out: set[Path] = set()
        for path in known:
            if hashes[path] in locked:
                try:
                    ingestor.check_password(path)
                except DocintelError as exc:
                    failures.append(IngestFailure(path=str(path), error=exc.to_dict(), message=str(exc)))
                    out.add(path)
        return out

    def _index_files(
        self,
        todo: list[Path],
        ingestor: Ingestor,
        settings: Settings,
        reporter: Reporter,
        failures: list[IngestFailure],
    ) -> set[Path]:
        """Parse (or load from the cache) and index *todo*, a chunk at a time; the paths that failed."""
        failed: set[Path] = set()
        if not todo:
            return failed
        with reporter.task("indexing corpus", len(todo)) as task:
            task.summary = f"{len(todo)} file{'s' * (len(todo) != 1)} indexed"
            for start in range(0, len(todo), CHUNK):
                chunk = todo[start : start + CHUNK]
                ingested = ingestor.ingest(chunk)
                failures.extend(ingested.failures)
                failed.update(Path(f.path) for f in ingested.failures)
                for document in ingested.documents:
                    self.add_document(document, settings)
                    if self.db_path is None:  # a few files indexed in memory: keep them, they are loaded next
                        self.fresh[document.meta.content_hash] = document
                if self.db_path is not None:
                    ingestor.forget([d.meta.content_hash for d in ingested.documents])  # memory stays bounded
                task.advance(len(chunk), f"{min(start + CHUNK, len(todo))}/{len(todo)} files")
        return failed

    def add_document(self, document: Document, settings: Settings) -> dict[str, Any]:
        """Index one ingested document (replacing what the index held for its content); its stored facts."""
        index = doc_index(document, settings.passage_lines, settings.cache_dir)
        tf = Counter(chain.from_iterable(index.tokens))  # counted in C, in one pass each
        passages = Counter(chain.from_iterable(map(set, index.tokens)))
        head = Counter(tokenize(_head_text(document, [p.page_title or "" for p in index.passages])))
        meta = {
            "title": document.meta.title,
            "n_pages": document.meta.n_pages,
            "n_passages": len(index.passages),
            "n_tokens": sum(tf.values()),
            "profile": document.meta.profile.model_dump(),
            "needs_password": document.meta.needs_password,
        }
        digest = document.meta.content_hash
        rows = [(term, digest, count, passages[term], head.get(term, 0)) for term, count in tf.items()]
        rows += [(term, digest, 0, 0, count) for term, count in head.items() if term not in tf]
        with self._lock, self._db:
            self._db.execute("DELETE FROM terms WHERE content_hash = ?", (digest,))
            self._db.execute(
                "INSERT OR REPLACE INTO documents VALUES (?, ?, ?)", (digest, _version(settings), json.dumps(meta))
            )
            self._db.executemany("INSERT INTO terms VALUES (?, ?, ?, ?, ?)", rows)
        return meta

    def _documents(self, files: list[Path], hashes: dict[Path, str]) -> list[CorpusDocument]:
        with self._lock:
            metas = {h: json.loads(m) for h, m in self._db.execute("SELECT content_hash, meta FROM documents")}
        rows = [
            (doc_id, str(path), hashes[path], metas[hashes[path]])
            for path, doc_id in zip(files, unique_ids(files), strict=True)
            if hashes[path] in metas
        ]
        return corpus_documents(rows)

    # ------------------------------------------------------------------ queries
    def term_hits(self, terms: Iterable[str]) -> dict[str, dict[str, TermHit]]:
        """For each term, the documents (by content hash) that hold it and how."""
        wanted = sorted(set(terms))
        hits: dict[str, dict[str, TermHit]] = {t: {} for t in wanted}
        if not wanted:
            return hits
        marks = ",".join("?" * len(wanted))
        with self._lock:
            rows = self._db.execute(
                f"SELECT term, content_hash, tf, passages, head FROM terms WHERE term IN ({marks})", wanted
            ).fetchall()
        for term, digest, tf, passages, head in rows:
            hits[term][digest] = TermHit(tf, passages, head)
        return hits


def _head_text(document: Document, page_titles: list[str]) -> str:
    """The text that says what a document is about: outline, page titles, and its first pages."""
    lines = document.lines
    first = lines.loc[lines["page"] <= HEAD_PAGES, "text"].tolist()
    outline = [entry.title for entry in document.meta.outline]
    return " ".join([*outline, *sorted(set(page_titles)), *first])


def _failure(path: Path, what: str, fix: str) -> IngestFailure:
    from ..errors import InputError

    error = InputError(what, fix)
    return IngestFailure(path=str(path), error=error.to_dict(), message=str(error))


class Corpus:
    """The documents a question can be routed to, their index, and how to load a routed document's lines."""

    def __init__(
        self,
        index: CorpusIndex,
        documents: list[CorpusDocument],
        failures: list[IngestFailure],
        loaded: dict[str, Document] | None = None,
        refresh: RefreshReport | None = None,
        ingestor: Ingestor | None = None,
    ) -> None:
        self.index = index
        self.ingestor = ingestor
        self.documents = documents
        self.failures = failures
        self.refresh = refresh or RefreshReport(documents=len(documents))
        self._loaded: dict[str, Document] = dict(loaded or {})
        self._lock = threading.Lock()
        self._load_lock = threading.Lock()

    def load(self, doc_ids: list[str]) -> list[Document]:
        """The routed documents with their lines (from the cache of parsed PDFs), under the corpus's ids."""
        by_id = {d.doc_id: d for d in self.documents}
        with self._load_lock:  # one thread loads (or parses) a document; the others wait for it
            return self._load([by_id[i] for i in doc_ids], doc_ids)

    def _load(self, wanted: list[CorpusDocument], doc_ids: list[str]) -> list[Document]:
        with self._lock:
            missing = [d for d in wanted if d.doc_id not in self._loaded]
        if missing:
            if self.ingestor is None:
                raise ValueError("this corpus holds its documents in memory only")  # a caller's bug
            report = self.ingestor.ingest([Path(d.path) for d in missing])
            if report.failures:
                from ..errors import InputError

                first = report.failures[0].error
                raise InputError(first["what"], first["fix"])
            with self._lock:
                for entry, document in zip(missing, report.documents, strict=True):
                    self._loaded[entry.doc_id] = _relabelled(document, entry.doc_id)
        with self._lock:
            return [self._loaded[i] for i in doc_ids]


def _relabelled(document: Document, doc_id: str) -> Document:
    if document.meta.doc_id == doc_id:
        return document
    meta = document.meta.model_copy(update={"doc_id": doc_id})
    return document.model_copy(update={"meta": meta, "lines": document.lines.assign(doc_id=doc_id)})


def open_corpus(
    paths: list[Path],
    ingestor: Ingestor,
    settings: Settings,
    reporter: Reporter = SILENT,
    persist: bool | None = None,
) -> Corpus:
    """The corpus of the PATH arguments, its index brought up to date (built when missing).

    The index is kept on disk for a folder or PERSIST_FILES files and more (or when *persist*), else
    built in memory from the cached documents (a few milliseconds a document).
    """
    files, failures = expand_paths(paths)
    if persist is None:
        persist = any(p.is_dir() for p in paths) or len(files) >= PERSIST_FILES
    index = CorpusIndex.open(settings, corpus_key(paths), reporter) if persist else CorpusIndex(None)
    documents, more, report = index.refresh(files, ingestor, settings, reporter)
    loaded = {
        d.doc_id: _relabelled(index.fresh[d.content_hash], d.doc_id) for d in documents if d.content_hash in index.fresh
    }
    index.fresh = {}
    return Corpus(index, documents, failures + more, loaded=loaded, refresh=report, ingestor=ingestor)


def corpus_documents(rows: list[tuple[str, str, str, dict[str, Any]]]) -> list[CorpusDocument]:
    """The corpus entries of (doc id, path, content hash, stored facts) rows, in order; a repeated hash is a copy."""
    documents: list[CorpusDocument] = []
    first_of: dict[str, str] = {}
    for doc_id, path, digest, meta in rows:
        documents.append(
            CorpusDocument(
                doc_id=doc_id,
                path=path,
                content_hash=digest,
                title=meta["title"],
                n_pages=meta["n_pages"],
                n_passages=meta["n_passages"],
                n_tokens=meta["n_tokens"],
                profile=with_file_name(DocumentProfile.model_validate(meta["profile"]), Path(path).stem),
                duplicate_of=first_of.get(digest),
            )
        )
        first_of.setdefault(digest, doc_id)
    return documents


def corpus_of(documents: list[Document], settings: Settings) -> Corpus:
    """A corpus of documents already ingested (indexed in memory)."""
    index = CorpusIndex(None)
    rows = [(d.meta.doc_id, d.meta.path, d.meta.content_hash, index.add_document(d, settings)) for d in documents]
    return Corpus(index, corpus_documents(rows), [], loaded={d.meta.doc_id: d for d in documents})
