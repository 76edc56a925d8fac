"""The passages of a large corpus on disk: BM25 indexes of every document's passages, pages and section titles.

A corpus whose documents hold more than ``disk_index_passages`` passages is searched through indexes on disk
(``diskindex.DiskBm25``) rather than built in memory per run: one folder under ``<cache_dir>/passages/``, named
by a hash of the corpus's content hashes (sorted, each once), the passage length, the tokenizer, the extractor
and this module's format, so a second run over the same files reuses it and a changed folder gets its own. It
holds three indexes -- passages, pages (the words of a page's passages together) and section titles -- over
every document in content-hash order, and ``manifest.json``: each document's run of passages and of pages.

Routing is unchanged; retrieval then reads the routed documents' runs as the indexes of just those passages
(``diskindex.SubsetBm25``), with their own statistics, so scores, ranking and the passages chosen are those of
the indexes built in memory, bit for bit. The folder is built in one pass over the documents' cached passages
(memory bounded by a chunk of passages, never the corpus) in a hidden folder renamed into place only when
whole; a cache folder that cannot be written leaves retrieval in memory (one warning), with the same results.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

from ..errors import StorageError
from ..ingest import cache
from ..ingest.documents import Document, cache_warning
from ..ingest.extractors import extractor_version
from ..progress import SILENT, Reporter
from ..settings import Settings
from .corpus import Corpus, CorpusDocument
from .diskindex import FORMAT as DISK_FORMAT
from .diskindex import DiskBm25, DiskBm25Builder, SubsetBm25
from .lru import LockedLru
from .search import TOKENIZER_VERSION, DiskViews, doc_index, index_cache_path, title_tokens

PASSAGES_VERSION = "1"  # bump when what the folder holds changes
_PARTS = ("passages", "pages", "titles")


class CorpusPassages:
    """A corpus's passage indexes on disk, opened; ``views`` reads some of its documents as in-memory indexes."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        try:
            manifest = json.loads((folder / "manifest.json").read_text())
            if manifest["version"] != PASSAGES_VERSION:
                raise ValueError(manifest["version"])
            self.runs: dict[str, tuple[int, ...]] = {h: tuple(r) for h, r in manifest["documents"].items()}
            self.indexes = [DiskBm25(folder / part) for part in _PARTS]
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:  # missing, cut short, another
            raise StorageError(f"{folder}: not a docintel corpus passage index ({exc})", "delete it") from None
        self._views: LockedLru[tuple[str, ...], DiskViews] = LockedLru(8)

    @property
    def passages(self) -> int:
        """How many passages the corpus's documents hold (each document once)."""
        return self.indexes[0].n

    def views(self, content_hashes: list[str]) -> DiskViews | None:
        """The passage, page and title indexes of these documents (in this order); None when one is not held."""
        key = tuple(content_hashes)
        if any(h not in self.runs for h in key):
            return None

        def make() -> DiskViews:
            passages = [(self.runs[h][0], self.runs[h][1]) for h in key]
            pages = [(self.runs[h][2], self.runs[h][3]) for h in key]
            disk_passages, disk_pages, disk_titles = self.indexes
            return SubsetBm25(disk_passages, passages), SubsetBm25(disk_pages, pages), SubsetBm25(disk_titles, passages)

        return self._views.get_or_build(key, make)


_OPEN: dict[Path, CorpusPassages | None] = {}  # the indexes opened (or found unwritable: None) this run
_OPEN_LOCK = threading.Lock()


def disk_views(
    corpus: Corpus, documents: list[Document], settings: Settings, reporter: Reporter = SILENT
) -> DiskViews | None:
    """The on-disk indexes of *documents* (routed from *corpus*, in their order) when the corpus is searched on
    disk (``corpus_passages``); None when it is searched in memory."""
    on_disk = corpus_passages(corpus, settings, reporter)
    return on_disk.views([d.meta.content_hash for d in documents]) if on_disk else None


def corpus_passages(corpus: Corpus, settings: Settings, reporter: Reporter = SILENT) -> CorpusPassages | None:
    """The on-disk passage indexes of *corpus* when its documents hold more than ``disk_index_passages``
    passages (built now when missing, once a run: other threads wait for it); None below that, or when the cache
    folder cannot be written (one warning)."""
    unique = {d.content_hash: d for d in corpus.documents}
    if sum(d.n_passages for d in unique.values()) <= settings.disk_index_passages:
        return None
    hashes = sorted(unique)
    folder = passages_folder(settings, hashes)
    with _OPEN_LOCK:  # one thread opens or builds it; the others wait for it
        if folder not in _OPEN:
            if len(_OPEN) >= 4:
                _OPEN.clear()
            _OPEN[folder] = _open_or_build(folder, [unique[h] for h in hashes], corpus, settings, reporter)
        return _OPEN[folder]


def _open_or_build(
    folder: Path, documents: list[CorpusDocument], corpus: Corpus, settings: Settings, reporter: Reporter
) -> CorpusPassages | None:
    try:
        return CorpusPassages(folder)
    except StorageError:  # not built yet, or damaged: built now
        shutil.rmtree(folder, ignore_errors=True)
    try:
        _build(folder, documents, corpus, settings, reporter)
        return CorpusPassages(folder)
    except OSError as exc:
        reporter.warn(cache_warning(settings.cache_dir, exc))
        return None


def passages_folder(settings: Settings, content_hashes: list[str]) -> Path:
    """Where the passage indexes of the documents with these content hashes are kept."""
    version = f"{PASSAGES_VERSION}-{DISK_FORMAT}-t{TOKENIZER_VERSION}-{extractor_version(settings.extractor)}"
    blob = json.dumps([version, settings.passage_lines, sorted(set(content_hashes))]).encode()
    return settings.cache_dir / "passages" / hashlib.sha256(blob).hexdigest()[:24]


class _Entry:
    """One document's cached passages: each passage's page and heading path, and its search tokens."""

    def __init__(self, pages: list[int], paths: list[tuple[str, ...]], tokens: list[list[str]]) -> None:
        self.pages, self.paths, self.tokens = pages, paths, tokens


def _entry(document: CorpusDocument, corpus: Corpus, settings: Settings) -> _Entry:
    """A document's passages as retrieval cuts them: from the cache of search tokens, else read and cut now."""
    path = index_cache_path(
        settings.cache_dir, document.content_hash, extractor_version(settings.extractor), settings.passage_lines
    )
    stored = cache.load_entry(path)
    if stored is not None:
        passages = stored["passages"]
        return _Entry([p["page"] for p in passages], [tuple(p["heading_path"]) for p in passages], stored["tokens"])
    loaded = corpus.load([document.doc_id])[0]
    index = doc_index(loaded, settings.passage_lines, settings.cache_dir)
    return _Entry([p.page for p in index.passages], [tuple(p.heading_path) for p in index.passages], index.tokens)


def _pages(entry: _Entry) -> Iterator[list[str]]:
    """The words of each page's passages together, pages in the order their first passage comes (as search's
    page index numbers them)."""
    words: dict[int, list[str]] = {}
    for page, tokens in zip(entry.pages, entry.tokens, strict=True):
        words.setdefault(page, []).extend(tokens)
    yield from words.values()


def _build(
    folder: Path, documents: list[CorpusDocument], corpus: Corpus, settings: Settings, reporter: Reporter
) -> None:
    """Index *documents* (in content-hash order) into *folder*, in one pass, renamed into place when whole."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=folder.parent))
    builders = [DiskBm25Builder(work / part) for part in _PARTS]
    runs: dict[str, list[int]] = {}
    try:
        with reporter.task("indexing passages on disk", len(documents)) as task:
            task.summary = f"{len(documents)} documents"
            passages = pages = 0  # added so far
            for number, document in enumerate(documents, start=1):
                entry = _entry(document, corpus, settings)
                for tokens, heading_path in zip(entry.tokens, entry.paths, strict=True):
                    builders[0].add(tokens)
                    builders[2].add(title_tokens(heading_path))
                page_words = list(_pages(entry))
                for words in page_words:
                    builders[1].add(words)
                runs[document.content_hash] = [passages, len(entry.tokens), pages, len(page_words)]
                passages, pages = passages + len(entry.tokens), pages + len(page_words)
                task.advance(1, f"{number}/{len(documents)} documents; {document.doc_id}")
            for builder in builders:
                builder.finish()
        manifest = {"version": PASSAGES_VERSION, "documents": runs}
        (work / "manifest.json").write_text(json.dumps(manifest))
        try:
            os.replace(work, folder)
        except OSError:
            if not folder.is_dir():  # another process put the same index in place first: keep that one
                raise
            shutil.rmtree(work, ignore_errors=True)
    except BaseException:
        for builder in builders:
            builder.close()
        shutil.rmtree(work, ignore_errors=True)
        raise


def clear_passages(cache_dir: Path) -> int:
    """Delete every corpus's passage indexes under *cache_dir* (``docintel cache clear``); the files removed."""
    root = cache_dir / "passages"
    removed = sum(1 for path in root.rglob("*") if path.is_file()) if root.is_dir() else 0
    shutil.rmtree(root, ignore_errors=True)
    with _OPEN_LOCK:
        _OPEN.clear()
    return removed
