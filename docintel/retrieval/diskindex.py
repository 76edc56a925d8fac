"""A BM25 index of passages on disk, built streamed in bounded memory, scored exactly as Bm25Index scores.

For corpora too large to index in memory (a million passages: Bm25Index takes about 4 GB there). The build
reads passages (token lists) from any iterable, one chunk at a time (``chunk`` passages): each chunk's
(term, passage) counts are sorted and written to a run file, so memory holds one chunk, the vocabulary
and the per-term counts, never the corpus. The runs are then merged one block of terms at a time (at most
``block`` postings in memory) into the posting files, sorted by term and then passage:

- ``docs.u32`` (passage number of each posting), ``tf.u32`` (its term frequency), ``lengths.u32``
  (tokens per passage), ``bounds.i64`` (where each term's postings start, by term number);
- ``terms.json`` (term -> term number) and ``meta.json`` (format, passages, postings).

The files are written into a hidden folder and renamed into place at the end, so an interrupted build
leaves no index behind. Searching memory-maps the posting files and reads only the query terms' postings;
scores are computed in float64 with Bm25Index's formula (k1 1.5, b 0.75, Lucene's idf, the same length
normalisation from the same mean), so the ranking is Bm25Index's, ties included.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import tempfile
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import StorageError
from .bm25 import Bm25Index

FORMAT = 1
_PAD = "\x00"  # as Bm25Index: an empty passage holds one token no query holds


class DiskBm25:
    """An on-disk BM25 index (see the module docstring): ``build`` it once, ``open`` it, ``top`` to search."""

    K1 = Bm25Index.K1
    B = Bm25Index.B

    def __init__(self, folder: Path) -> None:
        try:
            meta = json.loads((folder / "meta.json").read_text())
        except (OSError, ValueError):
            meta = {}
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise StorageError(f"{folder}: not a docintel passage index of format {FORMAT}", "build it again")
        self.folder = folder
        self.n: int = int(meta["passages"])
        self._terms: dict[str, int] = json.loads((folder / "terms.json").read_text())
        self._bounds = np.fromfile(folder / "bounds.i64", dtype=np.int64)
        self._docs = _map(folder / "docs.u32", np.uint32)
        self._tf = _map(folder / "tf.u32", np.uint32)
        lengths = np.fromfile(folder / "lengths.u32", dtype=np.uint32).astype(np.int64)
        self.lengths = lengths  # tokens per passage (an empty one counts 1, as in Bm25Index)
        self.norm = self.K1 * (1 - self.B + self.B * lengths / lengths.mean()) if self.n else np.zeros(0)

    @classmethod
    def build(
        cls, passages: Iterable[Sequence[str]], folder: Path, *, chunk: int = 50_000, block: int = 4_000_000
    ) -> DiskBm25:
        """Index *passages* (token lists, read once, in order) into *folder* (replaced when it exists)."""
        folder.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=folder.parent))
        builder = DiskBm25Builder(work, chunk, block)
        try:
            for passage in passages:
                builder.add(passage)
            builder.finish()
            if folder.exists():
                shutil.rmtree(folder)
            os.replace(work, folder)
        except BaseException:
            builder.close()
            shutil.rmtree(work, ignore_errors=True)
            raise
        return cls(folder)

    def idf(self, term: str) -> float:
        """Lucene's idf of *term*, as Bm25Index gives it."""
        start, end = self._span(term)
        return math.log(1 + (self.n - (end - start) + 0.5) / ((end - start) + 0.5))

    def _span(self, term: str) -> tuple[int, int]:
        i = self._terms.get(term)
        return (0, 0) if i is None else (int(self._bounds[i]), int(self._bounds[i + 1]))

    def postings(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        """(passage numbers, term frequencies as float64) of *term*; empty arrays when no passage holds it."""
        start, end = self._span(term)
        return self._docs[start:end].astype(np.int64), self._tf[start:end].astype(float)

    def scores(self, terms: Sequence[str]) -> np.ndarray:
        """The BM25 score of every passage for *terms* (each term once, in the order given, as Bm25Index adds)."""
        scores = np.zeros(self.n)
        for term in terms:
            docs, tf = self.postings(term)
            if len(docs):
                scores[docs] += self.idf(term) * tf * (self.K1 + 1) / (tf + self.norm[docs])
        return scores

    def top(self, terms: Sequence[str], k: int = 10) -> list[int]:
        """The *k* best passages for *terms*, best first (passages that match no term left out)."""
        scores = self.scores(terms)
        if self.n == 0:
            return []
        k = min(k, self.n)
        best = np.argpartition(-scores, k)[:k] if k < self.n else np.argsort(-scores)[:k]  # as the bench's reference
        return [int(i) for i in best[np.argsort(-scores[best])] if scores[i] > 0]


class SubsetBm25(Bm25Index):
    """Some documents' passages of an on-disk index, read as the Bm25Index built over just those passages would be.

    *runs* are (first passage, count) ranges of the disk index, one per document; the subset numbers its passages
    run after run. Its statistics are the subset's own (passages, how many hold each term, the mean length), so
    ``weighted`` and ``matched`` -- Bm25Index's own code, inherited -- give bit for bit the scores and terms of
    ``Bm25Index(tokens of these passages)``: only where the postings come from differs (disk, filtered to the
    runs, renumbered). A term's postings are read once and kept (the last 1,024 terms).
    """

    def __init__(self, disk: DiskBm25, runs: Sequence[tuple[int, int]]) -> None:
        self.disk = disk
        counts = np.array([count for _, count in runs], dtype=np.int64)
        self.n = int(counts.sum())
        offsets = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
        starts = np.array([start for start, _ in runs], dtype=np.int64)
        order = np.argsort(starts, kind="stable")
        self._starts, self._ends, self._offsets = starts[order], starts[order] + counts[order], offsets[order]
        self._renumbered = bool(np.any(np.diff(offsets[order]) < 0))  # the runs are not in disk order
        parts = [disk.lengths[start : start + count] for start, count in runs]
        lengths = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
        self.norm = self.K1 * (1 - self.B + self.B * lengths / lengths.mean()) if self.n else np.zeros(0)
        self._postings: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self._lock = threading.Lock()

    def postings(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        """(passage numbers of the subset, ascending; term frequencies) of *term*; empty when none holds it."""
        with self._lock:
            found = self._postings.get(term)
        if found is not None:
            return found
        docs, tf = self.disk.postings(term)
        run = np.searchsorted(self._starts, docs, side="right") - 1
        inside = (run >= 0) & (docs < self._ends[np.maximum(run, 0)])
        run, docs, tf = run[inside], docs[inside], tf[inside]
        at = self._offsets[run] + docs - self._starts[run]
        if self._renumbered:
            order = np.argsort(at, kind="stable")
            at, tf = at[order], tf[order]
        with self._lock:
            if len(self._postings) >= 1024:
                self._postings.clear()
            self._postings[term] = (at, tf)
        return at, tf

    def has(self, term: str) -> bool:
        """Whether a passage of the subset holds *term*."""
        return len(self.postings(term)[0]) > 0

    def idf(self, term: str) -> float:
        """Lucene's idf over the subset, as Bm25Index gives it."""
        n = len(self.postings(term)[0])
        return math.log(1 + (self.n - n + 0.5) / (n + 0.5))


def _map(path: Path, dtype: Any) -> np.ndarray:
    """A read-only memory map of a raw array file (an empty array for an empty file, which mmap refuses)."""
    if path.stat().st_size == 0:
        return np.zeros(0, dtype=dtype)
    return np.memmap(path, dtype=dtype, mode="r")


class DiskBm25Builder:
    """The streamed build into *work* (an empty folder): passages one at a time (``add``), each chunk to a sorted
    run file, then ``finish`` merges the runs block by block of terms. Several builders can be fed side by side
    (a corpus's passages, pages and titles in one pass over its documents); the caller renames the folder."""

    def __init__(self, work: Path, chunk: int = 50_000, block: int = 4_000_000) -> None:
        self.work, self.chunk, self.block = work, max(1, chunk), max(1, block)
        work.mkdir(parents=True, exist_ok=True)
        self.terms: dict[str, int] = {}
        self.runs: list[tuple[Path, int]] = []  # run files and their postings
        self.counts = np.zeros(0, dtype=np.int64)  # postings per term so far
        self.n = 0
        self._batch: list[Sequence[str]] = []
        self._lengths = (work / "lengths.u32").open("wb")

    def add(self, passage: Sequence[str]) -> None:
        """The next passage's tokens."""
        self._batch.append(passage)
        if len(self._batch) == self.chunk:
            self._chunk(self._batch, self._lengths)
            self._batch = []

    def finish(self) -> None:
        """Merge the runs and write the term table and the metadata: the folder is then a whole index."""
        if self._batch:
            self._chunk(self._batch, self._lengths)
            self._batch = []
        self._lengths.close()
        self._merge()
        (self.work / "terms.json").write_text(json.dumps(self.terms, ensure_ascii=False))
        meta = {"format": FORMAT, "passages": self.n, "postings": int(self._postings)}
        (self.work / "meta.json").write_text(json.dumps(meta))

    def close(self) -> None:
        """Release the open file of an unfinished build (its folder is the caller's to delete)."""
        self._lengths.close()

    def _chunk(self, batch: list[Sequence[str]], lengths_file: Any) -> None:
        """One chunk's postings, sorted by term then passage, into a run file (term, passage, tf as uint32)."""
        terms = self.terms
        sizes = np.fromiter((len(p) for p in batch), dtype=np.int64, count=len(batch))
        ids = np.fromiter((terms.setdefault(t, len(terms)) for p in batch for t in p), dtype=np.int64)
        docs = np.repeat(np.arange(self.n, self.n + len(batch), dtype=np.int64), sizes)
        empty = np.flatnonzero(sizes == 0)
        if len(empty):
            pad = terms.setdefault(_PAD, len(terms))
            ids = np.concatenate([ids, np.full(len(empty), pad, dtype=np.int64)])
            docs = np.concatenate([docs, self.n + empty])
        np.maximum(sizes, 1).astype(np.uint32).tofile(lengths_file)
        pairs, counts = np.unique(ids * (1 << 32) + docs, return_counts=True)  # by term, then passage
        run = np.stack([pairs >> 32, pairs & 0xFFFFFFFF, counts]).astype(np.uint32)
        path = self.work / f"run-{len(self.runs):05d}.u32"
        run.tofile(path)
        self.runs.append((path, run.shape[1]))
        per_term = np.bincount(run[0], minlength=len(terms))
        per_term[: len(self.counts)] += self.counts
        self.counts = per_term
        self.n += len(batch)

    def _merge(self) -> None:
        """The runs merged into docs.u32 and tf.u32 (by term, then passage) and bounds.i64, one block of terms at
        a time (read from the run files, never all of them at once); the runs are deleted as the merge ends."""
        counts = np.zeros(len(self.terms), dtype=np.int64)
        counts[: len(self.counts)] = self.counts
        bounds = np.zeros(len(counts) + 1, dtype=np.int64)
        np.cumsum(counts, out=bounds[1:])
        bounds.tofile(self.work / "bounds.i64")
        self._postings = bounds[-1]
        with (self.work / "docs.u32").open("wb") as docs_file, (self.work / "tf.u32").open("wb") as tf_file:
            for first, last in _blocks(bounds, self.block):
                parts = [part for path, size in self.runs if (part := _slice(path, size, first, last)).shape[1]]
                merged = np.concatenate(parts, axis=1) if parts else np.zeros((3, 0), dtype=np.uint32)
                order = np.argsort(merged[0], kind="stable")  # runs come in passage order: stable keeps it
                merged[1][order].tofile(docs_file)
                merged[2][order].tofile(tf_file)
        for path, _ in self.runs:
            path.unlink()


def _slice(path: Path, size: int, first: int, last: int) -> np.ndarray:
    """The postings of terms [first, last) of a run file (3 rows of *size*: term, passage, tf), read from disk."""
    if size == 0:
        return np.zeros((3, 0), dtype=np.uint32)
    terms = np.memmap(path, dtype=np.uint32, mode="r", shape=(size,))  # searched: a few pages are read
    lo, hi = (int(i) for i in np.searchsorted(terms, [first, last]))
    del terms
    rows = [np.fromfile(path, dtype=np.uint32, count=hi - lo, offset=4 * (row * size + lo)) for row in range(3)]
    return np.stack(rows) if hi > lo else np.zeros((3, 0), dtype=np.uint32)


def _blocks(bounds: np.ndarray, block: int) -> list[tuple[int, int]]:
    """Ranges of term numbers [first, last) each holding at most *block* postings (or one term that holds more)."""
    ranges, first, n_terms = [], 0, len(bounds) - 1
    while first < n_terms:
        last = int(np.searchsorted(bounds, bounds[first] + block, side="right")) - 1
        last = min(max(last, first + 1), n_terms)
        ranges.append((first, last))
        first = last
    return ranges
