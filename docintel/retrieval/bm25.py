"""Okapi BM25 over postings: term -> (passages holding it, term frequencies), scored with numpy per query term.

The index is built once per set of documents (``search._indexes`` keeps it); a question then costs
one vectorised update per query term over that term's postings only, never a pass over every passage.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np


class Bm25Index:
    """Okapi BM25 (rank-bm25's k1 and b) with Lucene's idf, over postings built in one vectorised pass.

    Term frequencies, document lengths and postings come from numpy (``np.unique`` over
    (term, document) pairs) rather than a Counter per passage: a 300-page filing is indexed in
    a few milliseconds, which is most of what a question on a cached document costs. The
    scores equal rank-bm25's BM25Okapi with its idf replaced by Lucene's (checked by a test).
    """

    K1 = 1.5
    B = 0.75

    def __init__(self, corpus: Sequence[Sequence[str]]) -> None:
        vocabulary: dict[str, int] = {}
        ids = np.fromiter((vocabulary.setdefault(t, len(vocabulary)) for doc in corpus for t in doc), dtype=np.int64)
        lengths = np.fromiter((len(doc) for doc in corpus), dtype=np.int64, count=len(corpus))
        self._build(ids, np.repeat(np.arange(len(corpus), dtype=np.int64), lengths), lengths, vocabulary)

    @classmethod
    def of_ids(cls, ids: np.ndarray, docs: np.ndarray, lengths: np.ndarray, vocabulary: dict[str, int]) -> Bm25Index:
        """The index of tokens already numbered: *ids* (term numbers of *vocabulary*) and the document of each;
        several indexes over the same tokens (passages, pages) share one pass over the words."""
        index = cls.__new__(cls)
        index._build(ids, docs, lengths, vocabulary)
        return index

    def _build(self, ids: np.ndarray, docs: np.ndarray, lengths: np.ndarray, vocabulary: dict[str, int]) -> None:
        self.n = len(lengths)
        empty = np.flatnonzero(lengths == 0)
        if len(empty):  # as rank-bm25: an empty document has length 1 (one token that no query holds)
            pad = vocabulary.setdefault("\x00", len(vocabulary))
            ids = np.concatenate([ids, np.full(len(empty), pad, dtype=np.int64)])
            docs = np.concatenate([docs, empty])
            lengths = np.maximum(lengths, 1)
        n = max(self.n, 1)
        pairs, counts = np.unique(ids * n + docs, return_counts=True)  # sorted by term, then doc
        terms = pairs // n
        self._doc = pairs % n
        self._tf = counts.astype(float)
        self._vocabulary = vocabulary
        self._bounds: list[int] = np.searchsorted(terms, np.arange(len(vocabulary) + 1)).tolist()
        self.norm = self.K1 * (1 - self.B + self.B * lengths / lengths.mean()) if self.n else np.zeros(0)

    def _span(self, term: str) -> tuple[int, int]:
        """Where a term's postings are (an empty span for a term the corpus does not hold)."""
        i = self._vocabulary.get(term)
        return (0, 0) if i is None else (self._bounds[i], self._bounds[i + 1])

    def idf(self, term: str) -> float:
        """Lucene's idf, log(1 + (N - n + 0.5) / (n + 0.5)), instead of Okapi's: it never goes negative,
        so a word found in most passages of a short document still counts a little instead of nothing."""
        start, end = self._span(term)
        n = end - start
        return math.log(1 + (self.n - n + 0.5) / (n + 0.5))

    def has(self, term: str) -> bool:
        """Whether *term* occurs in the corpus."""
        start, end = self._span(term)
        return end > start

    def postings(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        """(passage indexes, ascending; term frequencies) of a term present in the corpus."""
        start, end = self._span(term)
        return self._doc[start:end], self._tf[start:end]

    def weighted(self, terms: list[tuple[str, float]]) -> np.ndarray:
        """Weighted BM25 score of every document: one vectorised update per query term, over its postings."""
        scores = np.zeros(self.n)
        for term, weight in terms:
            if not self.has(term):
                continue
            ix, tf = self.postings(term)
            scores[ix] += weight * self.idf(term) * tf * (self.K1 + 1) / (tf + self.norm[ix])
        return scores

    def matched(self, terms: list[tuple[str, float]], rows: np.ndarray) -> list[list[str]]:
        """The query terms each of *rows* (document indexes) holds, sorted: looked up in each term's postings,
        so a question pays for the rows it keeps rather than for every document."""
        found: list[list[str]] = [[] for _ in range(len(rows))]
        if not len(rows):
            return found
        for term in sorted({term for term, _ in terms}):
            if not self.has(term):
                continue
            docs = self.postings(term)[0]
            at = np.minimum(np.searchsorted(docs, rows), len(docs) - 1)
            for k in np.flatnonzero(docs[at] == rows).tolist():
                found[k].append(term)
        return found

    def scores(self, terms: list[tuple[str, float]]) -> tuple[np.ndarray, list[set[str]]]:
        """Weighted BM25 score of every document and the query terms each one matched."""
        matched = self.matched(terms, np.arange(self.n))
        return self.weighted(terms), [set(m) for m in matched]
