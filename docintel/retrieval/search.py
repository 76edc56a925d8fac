"""Retrieve: split documents into passages and rank them with BM25, honouring page and section hints.

A passage is a run of consecutive lines on one page (a paragraph or table block, cut at
headings and at ``passage_lines`` lines). One BM25 ranking covers all given documents.
"""

from __future__ import annotations

import math
import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import numpy as np
from pydantic import BaseModel, Field, TypeAdapter

from ..domain import table
from ..ingest import cache
from ..ingest.documents import Document, cache_warning
from ..ingest.headings import HeadingIndex, is_heading, page_title
from ..progress import Reporter
from ..question.parse import ParsedQuestion, search_text
from ..settings import Settings
from ..textnorm import fold, rejoin_split_words, stem, tokenize, word_counts
from .concept_rows import lift_concept_rows
from .passages import Passage, RankedPassage
from .statement_pages import lift_statement_pages


class RetrievalResult(BaseModel):
    """Ranked candidates plus what the context stage needs to escalate to whole documents."""

    candidates: list[RankedPassage]
    total_passages: int
    below_floor: int
    pages_hint_resolved: dict[str, list[int]]
    notes: list[str]
    page_notes: list[str] = Field(default_factory=list, description="shown with the answer: pages past the end")


# --------------------------------------------------------------------------- passages


def build_passages(document: Document, max_lines: int) -> list[Passage]:
    """Cut a document's lines into passages: within a page, at headings, at most *max_lines* lines."""
    lines = document.lines
    pages = lines["page"].to_numpy()
    globals_ = lines["global_line"].to_numpy()
    texts = lines["text"].tolist()
    passages: list[Passage] = []
    headings = HeadingIndex(document)
    boundaries = np.flatnonzero(np.diff(pages)) + 1
    for start, end in zip(np.r_[0, boundaries], np.r_[boundaries, len(texts)], strict=True):
        page_texts = texts[start:end]
        title = page_title(page_texts)
        heading: str | None = None
        run_start = 0
        for offset in range(len(page_texts) + 1):
            at_end = offset == len(page_texts)
            heading_here = not at_end and is_heading(page_texts[offset])
            size = offset - run_start
            if at_end or size >= max_lines or (heading_here and size >= 2):
                if size:
                    passages.append(
                        Passage.model_construct(
                            doc_id=document.meta.doc_id,
                            page=int(pages[start]),
                            line_start=int(globals_[start + run_start]),
                            line_end=int(globals_[start + offset - 1]),
                            heading=heading,
                            page_title=title,
                            heading_path=headings.path(int(globals_[start + run_start])),
                        )
                    )
                run_start = offset
            if heading_here:
                heading = page_texts[offset]
    return passages


# ------------------------------------------------------------------------------ index

TOKENIZER_VERSION = "11"  # bump when tokenize() or passage cutting changes: invalidates cached indexes


_PASSAGES = TypeAdapter(list[Passage])


class _DocIndex:
    """A document's passages and their search tokens, cached on disk beside the line table."""

    def __init__(self, document: Document, max_lines: int, cache_dir: Path | None) -> None:
        self.save_error: OSError | None = None
        path = self._path(document, max_lines, cache_dir)
        entry = cache.load_entry(path) if path else None
        if entry is not None:
            doc_id = document.meta.doc_id  # validated in one call: faster than constructing each passage
            self.passages = _PASSAGES.validate_python([{**p, "doc_id": doc_id} for p in entry["passages"]])
            self.tokens = entry["tokens"]
            return
        self.passages = build_passages(document, max_lines)
        texts = document.lines["text"].tolist()
        first = int(document.lines["global_line"].iloc[0]) if texts else 1
        counts = word_counts(texts)
        self.tokens = [
            tokenize(
                rejoin_split_words(" ".join(texts[p.line_start - first : p.line_end - first + 1]), counts)
                + " "
                + (p.heading or "")
            )
            for p in self.passages
        ]
        if path:
            fields = ("page", "line_start", "line_end", "heading", "page_title", "heading_path")
            try:
                cache.save_entry(
                    path,
                    {"passages": [{f: getattr(p, f) for f in fields} for p in self.passages], "tokens": self.tokens},
                )
            except OSError as exc:
                self.save_error = exc  # an unwritable cache only costs speed; warm_indexes says so once

    @staticmethod
    def _path(document: Document, max_lines: int, cache_dir: Path | None) -> Path | None:
        if cache_dir is None:
            return None
        meta = document.meta
        name = f"{meta.content_hash}-{meta.extractor_version}-t{TOKENIZER_VERSION}-p{max_lines}.json"
        return cache_dir / "index" / meta.content_hash[:2] / name


_INDEX_CACHE: OrderedDict[tuple[str, str, int], _DocIndex] = OrderedDict()
_INDEX_CACHE_SIZE = 64


_CACHE_LOCK = threading.Lock()  # batch answers questions from several threads


def _index_key(document: Document, max_lines: int) -> tuple[str, str, int]:
    return document.meta.content_hash, document.meta.doc_id, max_lines


def warm_indexes(documents: list[Document], settings: Settings, reporter: Reporter) -> None:
    """Load or build the search index of every document not yet in memory, showing progress.

    Warns once when the cache cannot be written (the index is then rebuilt on every run).
    """
    with _CACHE_LOCK:
        missing = [d for d in documents if _index_key(d, settings.passage_lines) not in _INDEX_CACHE]
    if not missing:
        return
    with reporter.task("indexing", len(missing)) as task:
        task.summary = f"{len(missing)} documents"
        for number, document in enumerate(missing, start=1):
            index = doc_index(document, settings.passage_lines, settings.cache_dir)
            if index.save_error is not None:
                reporter.warn(cache_warning(settings.cache_dir, index.save_error))
            task.advance(1, f"{number}/{len(missing)} documents; {document.meta.doc_id}")


def doc_index(document: Document, max_lines: int, cache_dir: Path | None = None) -> _DocIndex:
    key = _index_key(document, max_lines)
    with _CACHE_LOCK:
        if key in _INDEX_CACHE:
            _INDEX_CACHE.move_to_end(key)
            return _INDEX_CACHE[key]
    index = _DocIndex(document, max_lines, cache_dir)
    with _CACHE_LOCK:
        _INDEX_CACHE[key] = index
        if len(_INDEX_CACHE) > _INDEX_CACHE_SIZE:
            _INDEX_CACHE.popitem(last=False)
    return index


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
        """(passage indexes, term frequencies) of a term present in the corpus."""
        start, end = self._span(term)
        return self._doc[start:end], self._tf[start:end]

    def scores(self, terms: list[tuple[str, float]]) -> tuple[np.ndarray, list[set[str]]]:
        """Weighted BM25 score of every document and the query terms each one matched."""
        scores = np.zeros(self.n)
        matched: list[set[str]] = [set() for _ in range(self.n)]
        for term, weight in terms:
            if not self.has(term):
                continue
            ix, tf = self.postings(term)
            scores[ix] += weight * self.idf(term) * tf * (self.K1 + 1) / (tf + self.norm[ix])
            for i in ix:
                matched[i].add(term)
        return scores, matched


IndexKey = tuple[tuple[str, str, int], ...]  # (content hash, doc id, passage lines) per document; () = not cached


class _Indexes(NamedTuple):
    """The BM25 indexes of one set of passages: their words, their pages' words, their section titles."""

    passages: Bm25Index
    pages: Bm25Index
    page_of: np.ndarray  # the page (an index of ``pages``) of each passage
    titles: Bm25Index


_BM25_CACHE: OrderedDict[IndexKey, _Indexes] = OrderedDict()
_PART_TITLE = re.compile(r"^part\s+[ivx]+\b\.?$", re.I)


@lru_cache(maxsize=50_000)
def _title_tokens(path: tuple[str, ...]) -> tuple[str, ...]:
    """The search tokens of a heading path, its 'PART II' left out (a part names no topic)."""
    return tuple(tokenize(" ".join(title for title in path if not _PART_TITLE.match(title))))


def _indexes(key: IndexKey, passages: list[Passage], tokens: list[list[str]]) -> _Indexes:
    """The indexes of *passages* (whose search tokens are *tokens*); cached when the key is stable."""
    with _CACHE_LOCK:
        if key in _BM25_CACHE:
            _BM25_CACHE.move_to_end(key)
            return _BM25_CACHE[key]
    page_keys: dict[tuple[str, int], int] = {}
    owner = np.fromiter(
        (page_keys.setdefault((p.doc_id, p.page), len(page_keys)) for p in passages),
        dtype=np.int64,
        count=len(passages),
    )
    vocabulary: dict[str, int] = {}  # one pass over the words numbers them for both indexes
    ids = np.fromiter((vocabulary.setdefault(t, len(vocabulary)) for toks in tokens for t in toks), dtype=np.int64)
    lengths = np.fromiter((len(toks) for toks in tokens), dtype=np.int64, count=len(tokens))
    passage_of = np.repeat(np.arange(len(tokens), dtype=np.int64), lengths)
    page_lengths = np.bincount(owner, weights=lengths, minlength=len(page_keys)).astype(np.int64)
    built = _Indexes(
        Bm25Index.of_ids(ids, passage_of, lengths, vocabulary),
        Bm25Index.of_ids(ids, owner[passage_of], page_lengths, dict(vocabulary)),
        owner,
        Bm25Index([_title_tokens(tuple(p.heading_path)) for p in passages]),
    )
    if key:
        with _CACHE_LOCK:
            _BM25_CACHE[key] = built
            if len(_BM25_CACHE) > _INDEX_CACHE_SIZE:
                _BM25_CACHE.popitem(last=False)
    return built


def _bm25_scores(
    indexes: _Indexes, terms: list[tuple[str, float]], settings: Settings
) -> tuple[np.ndarray, np.ndarray, list[set[str]]]:
    """Each passage's BM25 score plus a share of its page's score, raised where its section titles match;
    returns (scores, the factor the titles raised each by, terms matched).

    The page's score is scaled to the best passage score: the best page adds ``page_score_share``
    of it. The titles (the Item, Note or outline entry, the page title and the heading above) say
    what a passage is about where its own words do not: the page of a note on legal proceedings
    that goes on overleaf no longer says 'legal'. They multiply a score, by up to
    ``1 + title_score_share`` for the best title match among the passages that score, so they rank
    what the passages' words found and never lift a passage that matches nothing (every page of a
    long 'Risk Factors').
    """
    scores, matched = indexes.passages.scores(terms)
    page_scores, _ = indexes.pages.scores(terms)
    if page_scores.max(initial=0.0) > 0:
        best = max(float(scores.max(initial=0.0)), 1e-9)
        scores = scores + settings.page_score_share * best * page_scores[indexes.page_of] / page_scores.max()
    factor = np.ones(len(scores))
    if settings.title_score_share > 0:
        title_scores, _ = indexes.titles.scores(terms)
        top = title_scores[scores > 0].max(initial=0.0)
        if top > 0:
            factor += settings.title_score_share * np.minimum(title_scores / top, 1.0)
    return scores * factor, factor, matched


def _above_floor(scores: np.ndarray, title_raise: np.ndarray, allowed: list[int], share: float) -> list[int]:
    """The passages scoring at least *share* of the best score, with or without their titles' raise.

    Measured both ways so that titles raising one part of a question ("inventories and the risk
    factors") push no passage the other part needs below the floor.
    """
    raised = scores[allowed]
    plain = raised / title_raise[allowed]
    floor, plain_floor = share * raised.max(initial=0.0), share * plain.max(initial=0.0)
    return [i for i, r, p in zip(allowed, raised, plain, strict=True) if r > 0 and (r >= floor or p >= plain_floor)]


# ------------------------------------------------------------------------------ ranking


def resolve_page_hints(parsed: ParsedQuestion, documents: list[Document]) -> dict[str, list[int]]:
    """Physical pages each document has for the question's page hints (printed labels count too)."""
    resolved: dict[str, list[int]] = {}
    for document in documents:
        n = document.meta.n_pages
        labels = document.meta.page_labels or []
        pages: set[int] = set()
        for hint in parsed.pages_hint:
            physical = n + 1 + hint if hint < 0 else hint
            if 1 <= physical <= n:
                pages.add(physical)
            if hint > 0:
                pages.update(i + 1 for i, label in enumerate(labels) if label == str(hint))
        if pages:
            resolved[document.meta.doc_id] = sorted(pages)
    return resolved


def missing_pages_note(pages: list[int], documents: list[Document]) -> str:
    """The note for pages the question names that no document has, with each document's page count."""
    named = ", ".join("the last page" if p == -1 else str(p) for p in pages)
    counts = "; ".join(f"{d.meta.doc_id} has {d.meta.n_pages} pages" for d in documents[:3])
    more = f"; and {len(documents) - 3} more documents" if len(documents) > 3 else ""
    past = "page {} named in the question is" if len(pages) == 1 else "pages {} named in the question are"
    return f"{past.format(named)} past the end ({counts}{more}): searched all pages instead"


SECTION_HEADING_RE = {name: re.compile(heading, re.I) for name, (_, heading) in table().section_patterns().items()}


@lru_cache(maxsize=100_000)
def _section_match(where: str, sections: tuple[str, ...]) -> str | None:
    for name in sections:
        if SECTION_HEADING_RE[name].search(where):
            return name
    return None


def _section_of(passage: Passage, sections: list[str]) -> str | None:
    where = " ".join(filter(None, (passage.page_title, passage.heading))).replace(" / ", " ")
    return _section_match(where, tuple(sections))


def _diversify(scores: np.ndarray, allowed: list[int], passages: list[Passage], decay: float) -> None:
    """Each further passage from the same page counts a little less, so the context covers more pages."""
    seen: dict[tuple[str, int], int] = {}
    for i in sorted(allowed, key=lambda i: -scores[i]):
        key = (passages[i].doc_id, passages[i].page)
        scores[i] *= decay ** seen.get(key, 0)
        seen[key] = seen.get(key, 0) + 1


_MIN_PIECE = 3


def fit_terms(terms: list[tuple[str, float]], question: str, index: Bm25Index) -> list[tuple[str, float]]:
    """*terms* plus the forms the documents write: a question word pypdf-style split in two ('Financi al')
    joined, and a compound the documents write as two words ('cashflow' -> 'cash', 'flow') split."""
    fitted = dict(terms)
    words = re.findall(r"[a-z]+", fold(search_text(question)))
    for left, right in zip(words, words[1:], strict=False):
        joined = stem(left + right)
        if joined not in fitted and index.has(joined) and not (index.has(stem(left)) and index.has(stem(right))):
            fitted[joined] = 1.0
    for term, weight in terms:
        if index.has(term) or not term.isalpha():
            continue
        splits = [
            (term[:k], stem(term[k:]))
            for k in range(_MIN_PIECE, len(term) - _MIN_PIECE + 1)
            if index.has(term[:k]) and index.has(stem(term[k:]))
        ]
        if splits:
            left, right = max(
                splits, key=lambda pair: min(len(index.postings(pair[0])[0]), len(index.postings(pair[1])[0]))
            )
            fitted.setdefault(left, weight)
            fitted.setdefault(right, weight)
    return list(fitted.items())


def _dense_rerank(
    question: str,
    candidates: list[RankedPassage],
    documents: list[Document],
    indexes: list[_DocIndex],
    settings: Settings,
    notes: list[str],
) -> list[RankedPassage]:
    """Candidates re-ranked by BM25 fused with a dense embedding's cosine (see dense.py); unchanged without it."""
    from . import dense  # optional extra: torch and sentence-transformers load only when dense_weight is set

    if not dense.available():
        notes.append("dense_weight is set but the 'dense' extra is not installed: ranked by BM25 alone")
        return candidates
    passages_of = {d.meta.doc_id: index.passages for d, index in zip(documents, indexes, strict=True)}
    return dense.rerank(question, candidates, documents, passages_of, settings.cache_dir, settings.dense_weight)


def retrieve(parsed: ParsedQuestion, documents: list[Document], settings: Settings) -> RetrievalResult:
    """Rank every passage of *documents* for the question; drop those below the relevance floor."""
    indexes = [doc_index(d, settings.passage_lines, settings.cache_dir) for d in documents]
    passages = [p for index in indexes for p in index.passages]
    tokens = [t for index in indexes for t in index.tokens]
    notes: list[str] = []
    hints = resolve_page_hints(parsed, documents) if settings.use_page_hints and parsed.pages_hint else {}
    past_end = settings.use_page_hints and bool(parsed.pages_hint) and not hints
    page_notes = [missing_pages_note(parsed.pages_hint, documents)] if past_end else []
    notes += page_notes
    allowed = [i for i, p in enumerate(passages) if not hints or p.page in hints.get(p.doc_id, ())]
    terms = parsed.search_terms()
    scores = np.zeros(len(passages))
    matched: list[set[str]] = [set() for _ in passages]
    title_raise = np.ones(len(passages))  # what section titles multiplied each score by (1 = none)
    if allowed and terms:
        key = () if hints else tuple((d.meta.content_hash, d.meta.doc_id, settings.passage_lines) for d in documents)
        bm25 = _indexes(key, [passages[i] for i in allowed], [tokens[i] for i in allowed])
        terms = fit_terms(terms, parsed.question, bm25.passages)
        sub_scores, sub_raise, sub_matched = _bm25_scores(bm25, terms, settings)
        for j, i in enumerate(allowed):
            scores[i], title_raise[i], matched[i] = sub_scores[j], sub_raise[j], sub_matched[j]
    sections = (parsed.section_hints + parsed.implied_sections) if settings.use_section_hints else []
    section_of = {i: _section_of(passages[i], sections) for i in allowed} if sections else {}
    for i, name in section_of.items():
        if name:
            scores[i] *= settings.section_boost if name in parsed.section_hints else settings.implied_section_boost
    _diversify(scores, allowed, passages, settings.same_page_decay)
    if not hints and settings.use_statement_pages:  # before the rows: a raised row stays above its page
        notes += lift_statement_pages(parsed, documents, passages, scores, allowed)
    if not hints and settings.use_synonyms:  # the vocabulary in search: ablated with the synonyms
        notes += lift_concept_rows(parsed, documents, passages, scores, allowed)
    keep = _above_floor(scores, title_raise, allowed, settings.relevance_floor) if not hints else list(allowed)
    keep.sort(key=lambda i: (-scores[i], passages[i].doc_id, passages[i].line_start))
    candidates = [
        RankedPassage(
            passage=passages[i],
            score=round(float(scores[i]), 4),
            rank=rank,
            matched_terms=sorted(matched[i]),
            pinned=bool(hints),
            section_match=section_of.get(i),
        )
        for rank, i in enumerate(keep, start=1)
    ]
    if settings.dense_weight > 0 and candidates:
        candidates = _dense_rerank(parsed.question, candidates, documents, indexes, settings, notes)
    return RetrievalResult(
        candidates=candidates,
        total_passages=len(passages),
        below_floor=len(allowed) - len(keep),
        pages_hint_resolved=hints,
        notes=notes,
        page_notes=page_notes,
    )
