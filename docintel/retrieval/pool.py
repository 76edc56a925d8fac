"""The passages of a set of documents as arrays: what every question over those documents reads, built once.

Retrieval used to walk every passage in Python per question (its document, page and section titles
for hints, section boosts, the same-page decay and the statement and row lifts). The arrays here
are built once per set of documents and kept beside its BM25 indexes, so a warm question works
on numpy arrays and touches Python objects only for the passages it keeps.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar, cast

import numpy as np

from ..ingest.documents import Document
from .lru import LockedLru
from .passages import Passage

T = TypeVar("T")
PoolKey = tuple[tuple[str, str, int], ...]  # (content hash, doc id, passage lines) per document


@dataclass(frozen=True, eq=False)
class PassagePool:
    """Every passage of some documents, in document order, with per-passage arrays."""

    passages: list[Passage]
    tokens: list[list[str]]
    doc_ids: list[str]  # of the documents, in order
    doc_of: np.ndarray  # the document (an index of doc_ids) of each passage
    page: np.ndarray
    page_key: np.ndarray  # one number per (document, page)
    line_start: np.ndarray
    line_end: np.ndarray
    bounds: np.ndarray  # passages of document k are bounds[k]:bounds[k + 1]
    where_of: np.ndarray  # the page title and heading of each passage (an index of wheres)
    wheres: list[str]
    _memo: dict[object, object] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def memo(self, key: tuple[str, Hashable], make: Callable[[], T]) -> T:
        """A value derived from these passages alone (not from a question), made once and kept (at most 64)."""
        with self._lock:
            if key in self._memo:
                return cast(T, self._memo[key])  # what *make* made for this key
        value = make()
        with self._lock:
            if len(self._memo) >= 64:
                self._memo.clear()
            self._memo[key] = value
        return value

    def on_pages(self, pages: dict[str, list[int]]) -> list[int]:
        """The passages on the given pages of each document (by doc id)."""
        wanted = np.zeros(len(self.passages), dtype=bool)
        for k, doc_id in enumerate(self.doc_ids):
            if doc_id in pages:
                start, end = int(self.bounds[k]), int(self.bounds[k + 1])
                wanted[start:end] = np.isin(self.page[start:end], pages[doc_id])
        return np.flatnonzero(wanted).tolist()

    def of_document(self, doc_id: str) -> list[int]:
        """The numbers of the documents called *doc_id* (one, as ids are unique in a set)."""
        return [k for k, d in enumerate(self.doc_ids) if d == doc_id]

    def holder(self, k: int, line: int) -> int | None:
        """The passage of document *k* that holds GLOBAL_LINE *line* (passages of a document are disjoint and
        in line order), or None."""
        start, end = int(self.bounds[k]), int(self.bounds[k + 1])
        at = start + int(np.searchsorted(self.line_start[start:end], line, side="right")) - 1
        return at if start <= at and self.line_end[at] >= line else None


_POOLS: LockedLru[PoolKey, PassagePool] = LockedLru(64)
_LOCK = threading.Lock()


def _where(passage: Passage) -> str:
    """The text a section hint is looked for in: the page title and the heading above."""
    return " ".join(filter(None, (passage.page_title, passage.heading))).replace(" / ", " ")


def build_pool(
    doc_ids: list[str], passages_of: Sequence[list[Passage]], tokens_of: Sequence[list[list[str]]]
) -> PassagePool:
    """The pool of documents *doc_ids*, whose passages and search tokens are given per document."""
    passages = [p for ps in passages_of for p in ps]
    counts = np.array([len(ps) for ps in passages_of], dtype=np.int64)
    page = np.fromiter((p.page for p in passages), dtype=np.int64, count=len(passages))
    doc_of = np.repeat(np.arange(len(doc_ids), dtype=np.int64), counts)
    keys: dict[tuple[int, int], int] = {}
    page_key = np.fromiter(
        (keys.setdefault((d, p), len(keys)) for d, p in zip(doc_of.tolist(), page.tolist(), strict=True)),
        dtype=np.int64,
        count=len(passages),
    )
    where_ids: dict[str, int] = {}
    where_of = np.fromiter(
        (where_ids.setdefault(_where(p), len(where_ids)) for p in passages), dtype=np.int64, count=len(passages)
    )
    return PassagePool(
        passages=passages,
        tokens=[t for ts in tokens_of for t in ts],
        doc_ids=list(doc_ids),
        doc_of=doc_of,
        page=page,
        page_key=page_key,
        line_start=np.fromiter((p.line_start for p in passages), dtype=np.int64, count=len(passages)),
        line_end=np.fromiter((p.line_end for p in passages), dtype=np.int64, count=len(passages)),
        bounds=np.concatenate([[0], np.cumsum(counts)]).astype(np.int64),
        where_of=where_of,
        wheres=list(where_ids),
    )


def passage_pool(
    key: PoolKey, doc_ids: list[str], passages_of: Sequence[list[Passage]], tokens_of: Sequence[list[list[str]]]
) -> PassagePool:
    """The pool of a set of documents, built once per *key* (the last 64 sets are kept)."""
    return _POOLS.get_or_build(key, lambda: build_pool(doc_ids, passages_of, tokens_of))


_FROZEN: set[tuple[str, tuple[tuple[str, str], ...]]] = set()  # (stage, documents) frozen once


def freeze_loaded(documents: list[Document], stage: str = "prepared") -> None:
    """Move what is alive now out of the garbage collector's reach, once per set of documents and *stage*:
    after the first context over them ('prepared': their lines, passages, indexes and evidence rows exist)
    and after the first answer ('answered': the verifier's tables and facts too).

    Six filings leave some 400,000 long-lived objects, which every full collection would scan again
    (100-400 ms, in the middle of some later question: a warm question's p95). ``gc.freeze`` costs
    microseconds and no collection runs first; frozen objects are still freed by reference counting
    when dropped, only a reference cycle among them would outlive its use (after loading six filings
    ``gc.collect()`` finds none).
    """
    key = (stage, tuple(sorted((d.meta.content_hash, d.meta.doc_id) for d in documents)))
    with _LOCK:
        if key in _FROZEN:
            return
        _FROZEN.add(key)
    gc.freeze()
