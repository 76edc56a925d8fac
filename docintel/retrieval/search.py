"""Retrieve: split documents into passages and rank them with BM25, honouring page and section hints.

A passage is a run of consecutive lines on one page (a paragraph or table block, cut at
headings and at ``passage_lines`` lines). One BM25 ranking covers all given documents.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache, partial
from pathlib import Path
from typing import NamedTuple

import numpy as np
from pydantic import BaseModel, Field, TypeAdapter

from ..domain import table
from ..ingest import cache
from ..ingest.documents import Document, cache_warning
from ..ingest.headings import HeadingIndex, is_heading, page_title
from ..progress import Reporter
from ..question.acronyms import short_forms, spelled_out
from ..question.parse import ParsedQuestion, search_text
from ..settings import Settings
from ..textnorm import fold, rejoin_split_words, stem, tokenize, word_counts
from .bm25 import Bm25Index as Bm25Index
from .concept_rows import asked_concepts, lift_concept_rows
from .lru import LockedLru
from .own_name import without_issuer
from .passages import Passage, RankedPassage
from .pool import PassagePool, passage_pool
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
_RANKED = TypeAdapter(list[RankedPassage])


class _DocIndex:
    """A document's passages and their search tokens, cached on disk beside the line table."""

    def __init__(self, document: Document, max_lines: int, cache_dir: Path | None) -> None:
        self.save_error: OSError | None = None
        meta = document.meta
        path = index_cache_path(cache_dir, meta.content_hash, meta.extractor_version, max_lines) if cache_dir else None
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


def index_cache_path(cache_dir: Path, content_hash: str, extractor_version: str, max_lines: int) -> Path:
    """Where a document's passages and search tokens are cached (JSON: ``passages``, ``tokens``)."""
    name = f"{content_hash}-{extractor_version}-t{TOKENIZER_VERSION}-p{max_lines}.json"
    return cache_dir / "index" / content_hash[:2] / name


_INDEX_CACHE_SIZE = 64
_INDEX_CACHE: LockedLru[tuple[str, str, int], _DocIndex] = LockedLru(_INDEX_CACHE_SIZE)


def _index_key(document: Document, max_lines: int) -> tuple[str, str, int]:
    return document.meta.content_hash, document.meta.doc_id, max_lines


def warm_indexes(documents: list[Document], settings: Settings, reporter: Reporter) -> None:
    """Load or build the search index of every document not yet in memory, showing progress.

    Warns once when the cache cannot be written (the index is then rebuilt on every run).
    """
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
    return _INDEX_CACHE.get_or_build(_index_key(document, max_lines), lambda: _DocIndex(document, max_lines, cache_dir))


IndexKey = tuple[tuple[str, str, int], ...]  # (content hash, doc id, passage lines) per document; () = not cached


class _Indexes(NamedTuple):
    """The BM25 indexes of one set of passages: their words, their pages' words, their section titles."""

    passages: Bm25Index
    pages: Bm25Index
    page_of: np.ndarray  # the page (an index of ``pages``) of each passage
    titles: Bm25Index


_BM25_CACHE: LockedLru[IndexKey, _Indexes] = LockedLru(_INDEX_CACHE_SIZE)
_PART_TITLE = re.compile(r"^part\s+[ivx]+\b\.?$", re.I)


@lru_cache(maxsize=50_000)
def title_tokens(path: tuple[str, ...]) -> tuple[str, ...]:
    """The search tokens of a heading path, its 'PART II' left out (a part names no topic)."""
    return tuple(tokenize(" ".join(title for title in path if not _PART_TITLE.match(title))))


def _indexes(key: IndexKey, subset: Callable[[], tuple[list[Passage], list[list[str]]]]) -> _Indexes:
    """The indexes of the passages *subset* returns (with their search tokens); cached when the key is stable,
    and the subset is then asked for only once."""
    cached = _BM25_CACHE.get(key) if key else None
    if cached is not None:
        return cached
    passages, tokens = subset()
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
        Bm25Index([title_tokens(tuple(p.heading_path)) for p in passages]),
    )
    if key:
        _BM25_CACHE.put(key, built)
    return built


def _bm25_scores(
    indexes: _Indexes, terms: list[tuple[str, float]], settings: Settings
) -> tuple[np.ndarray, np.ndarray]:
    """Each passage's BM25 score plus a share of its page's score, raised where its section titles match;
    returns (scores, the factor the titles raised each by).

    The page's score is scaled to the best passage score: the best page adds ``page_score_share``
    of it. The titles (the Item, Note or outline entry, the page title and the heading above) say
    what a passage is about where its own words do not: the page of a note on legal proceedings
    that goes on overleaf no longer says 'legal'. They multiply a score, by up to
    ``1 + title_score_share`` for the best title match among the passages that score, so they rank
    what the passages' words found and never lift a passage that matches nothing (every page of a
    long 'Risk Factors').
    """
    scores = indexes.passages.weighted(terms)
    page_scores = indexes.pages.weighted(terms)
    if page_scores.max(initial=0.0) > 0:
        best = max(float(scores.max(initial=0.0)), 1e-9)
        scores = scores + settings.page_score_share * best * page_scores[indexes.page_of] / page_scores.max()
    factor = np.ones(len(scores))
    if settings.title_score_share > 0:
        title_scores = indexes.titles.weighted(terms)
        top = title_scores[scores > 0].max(initial=0.0)
        if top > 0:
            factor += settings.title_score_share * np.minimum(title_scores / top, 1.0)
    return scores * factor, factor


def _above_floor(scores: np.ndarray, title_raise: np.ndarray, allowed: np.ndarray, share: float) -> np.ndarray:
    """The passages scoring at least *share* of the best score, with or without their titles' raise.

    Measured both ways so that titles raising one part of a question ("inventories and the risk
    factors") push no passage the other part needs below the floor.
    """
    raised = scores[allowed]
    plain = raised / title_raise[allowed]
    floor, plain_floor = share * raised.max(initial=0.0), share * plain.max(initial=0.0)
    kept: np.ndarray = allowed[(raised > 0) & ((raised >= floor) | (plain >= plain_floor))]
    return kept


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


def _section_names(pool: PassagePool, sections: tuple[str, ...]) -> list[str | None]:
    """The section hint each distinct page title and heading of the pool matches (None: none), once per pool."""
    return pool.memo(("sections", sections), lambda: [_section_match(where, sections) for where in pool.wheres])


def _diversify(scores: np.ndarray, allowed: np.ndarray, page_key: np.ndarray, decay: float) -> None:
    """Each further passage from the same page counts a little less, so the context covers more pages.

    In score order (ties in passage order), the k-th passage of a page is multiplied by decay ** k.
    """
    if not len(allowed):
        return
    order = allowed[np.argsort(-scores[allowed], kind="stable")]
    pages = page_key[order]
    by_page = np.argsort(pages, kind="stable")  # each page's passages together, still in score order
    grouped = pages[by_page]
    starts = np.flatnonzero(np.r_[True, grouped[1:] != grouped[:-1]])
    seen = np.empty(len(order), dtype=np.int64)
    seen[by_page] = np.arange(len(order)) - np.repeat(starts, np.diff(np.r_[starts, len(order)]))
    powers = np.array([decay**k for k in range(int(seen.max()) + 1)])  # Python's pow, as before
    scores[order] *= powers[seen]


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


def _pool(documents: list[Document], indexes: list[_DocIndex], max_lines: int) -> PassagePool:
    key = tuple((d.meta.content_hash, d.meta.doc_id, max_lines) for d in documents)
    return passage_pool(
        key, [d.meta.doc_id for d in documents], [i.passages for i in indexes], [i.tokens for i in indexes]
    )


DiskViews = tuple[Bm25Index, Bm25Index, Bm25Index]  # passages, pages, section titles


def retrieve(
    parsed: ParsedQuestion, documents: list[Document], settings: Settings, disk: DiskViews | None = None
) -> RetrievalResult:
    """Rank every passage of *documents* for the question; drop those below the relevance floor.

    *disk*: these documents' indexes (in this order) read from their corpus's on disk (``corpus_passages``)
    rather than built in memory: the same scores, bit for bit."""
    indexes = [doc_index(d, settings.passage_lines, settings.cache_dir) for d in documents]
    pool = _pool(documents, indexes, settings.passage_lines)
    hints = resolve_page_hints(parsed, documents) if settings.use_page_hints and parsed.pages_hint else {}
    past_end = settings.use_page_hints and bool(parsed.pages_hint) and not hints
    page_notes = [missing_pages_note(parsed.pages_hint, documents)] if past_end else []
    notes = list(page_notes)
    allowed = np.array(pool.on_pages(hints) if hints else range(len(pool.passages)), dtype=np.int64)
    scores, title_raise, bm25, terms = _scored(parsed, documents, pool, allowed, bool(hints), settings, disk)
    sections = tuple(parsed.section_hints + parsed.implied_sections) if settings.use_section_hints else ()
    names = _section_names(pool, sections) if sections else []
    if sections:
        boosts = np.array(
            [1.0 if name is None else _boost(name, parsed, settings) for name in names] or [1.0], dtype=float
        )
        scores[allowed] *= boosts[pool.where_of[allowed]]  # 1.0 leaves a score as it is
    _diversify(scores, allowed, pool.page_key, settings.same_page_decay)
    if not hints:
        notes += _lifted(parsed, documents, pool, scores, allowed, settings)
    keep = _above_floor(scores, title_raise, allowed, settings.relevance_floor) if not hints else allowed
    keep = keep[np.lexsort((pool.line_start[keep], _doc_order(pool)[pool.doc_of[keep]], -scores[keep]))]
    matched = bm25.passages.matched(terms, np.searchsorted(allowed, keep)) if bm25 else [[] for _ in keep]
    section_of = [names[w] for w in pool.where_of[keep].tolist()] if sections else [None] * len(keep)
    candidates = _candidates(pool, keep, scores, matched, section_of, bool(hints))
    if settings.dense_weight > 0 and candidates:
        candidates = _dense_rerank(parsed.question, candidates, documents, indexes, settings, notes)
    return RetrievalResult(
        candidates=candidates,
        total_passages=len(pool.passages),
        below_floor=len(allowed) - len(keep),
        pages_hint_resolved=hints,
        notes=notes,
        page_notes=page_notes,
    )


def _scored(
    parsed: ParsedQuestion,
    documents: list[Document],
    pool: PassagePool,
    allowed: np.ndarray,
    hinted: bool,
    settings: Settings,
    disk: DiskViews | None = None,
) -> tuple[np.ndarray, np.ndarray, _Indexes | None, list[tuple[str, float]]]:
    """BM25 scores of the allowed passages (0 elsewhere), what titles raised each by, the indexes and the terms
    as fitted to them (the indexes are cached unless a page hint narrows the passages; *disk* ones, when given,
    serve every passage)."""
    terms = parsed.search_terms()
    scores = np.zeros(len(pool.passages))
    title_raise = np.ones(len(pool.passages))  # what section titles multiplied each score by (1 = none)
    if not len(allowed) or not terms:
        return scores, title_raise, None, terms
    key = () if hinted else tuple((d.meta.content_hash, d.meta.doc_id, settings.passage_lines) for d in documents)
    rows = allowed.tolist()
    if disk and not hinted and (disk[0].n, disk[1].n) == (len(pool.passages), pool.page_key.max(initial=-1) + 1):
        bm25 = _Indexes(disk[0], disk[1], pool.page_key, disk[2])  # the page keys number pages as _indexes does
    else:
        bm25 = _indexes(key, lambda: ([pool.passages[i] for i in rows], [pool.tokens[i] for i in rows]))
    terms = _with_spelled_out(fit_terms(terms, parsed.question, bm25.passages), parsed.question, documents, pool)
    terms = without_issuer(terms, documents)
    scores[allowed], title_raise[allowed] = _bm25_scores(bm25, terms, settings)
    return scores, title_raise, bm25, terms


def _with_spelled_out(
    terms: list[tuple[str, float]], question: str, documents: list[Document], pool: PassagePool
) -> list[tuple[str, float]]:
    """*terms* plus the words of each short form the documents spell out ('ceo' -> 'chief executiv officer'), at
    the short form's weight; a form that is no search term ('US', a stop word) adds nothing. Each form's spelling
    is read once per passage pool."""
    fitted = dict(terms)
    for form in short_forms(question):
        term = tokenize(form)
        if len(term) != 1 or term[0] not in fitted:
            continue
        run = pool.memo(("spelled out", form), partial(_spelling_in, form, documents))
        for word in tokenize(run or ""):
            fitted[word] = max(fitted.get(word, 0.0), fitted[term[0]])
    return list(fitted.items())


def _spelling_in(form: str, documents: list[Document]) -> str | None:
    return spelled_out(form, (str(t) for d in documents for t in d.lines["text"]))


def _lifted(
    parsed: ParsedQuestion,
    documents: list[Document],
    pool: PassagePool,
    scores: np.ndarray,
    allowed: np.ndarray,
    settings: Settings,
) -> list[str]:
    """Raise the statement pages, then the rows, of what the question asks for (the asked concepts read once)."""
    notes: list[str] = []
    if not (settings.use_statement_pages or settings.use_synonyms):
        return notes
    concepts = asked_concepts(parsed.question)
    if settings.use_statement_pages:  # before the rows: a raised row stays above its page
        notes += lift_statement_pages(parsed, documents, pool, scores, allowed, concepts)
    if settings.use_synonyms:  # the vocabulary in search: ablated with the synonyms
        notes += lift_concept_rows(parsed, documents, pool, scores, allowed, concepts)
    return notes


def _candidates(
    pool: PassagePool,
    keep: np.ndarray,
    scores: np.ndarray,
    matched: list[list[str]],
    section_of: list[str | None],
    pinned: bool,
) -> list[RankedPassage]:
    """The kept passages, in rank order, as candidates: validated in one call (a model each costs ~10 ms)."""
    ranked = keep.tolist()
    return _RANKED.validate_python(
        [
            {
                "passage": pool.passages[i],
                "score": round(s, 4),
                "rank": rank,
                "matched_terms": m,
                "pinned": pinned,
                "section_match": section,
            }
            for rank, i, s, m, section in zip(
                range(1, len(ranked) + 1), ranked, scores[keep].tolist(), matched, section_of, strict=True
            )
        ]
    )


def _boost(name: str, parsed: ParsedQuestion, settings: Settings) -> float:
    """What a passage under section *name* is multiplied by: a section the question names, or one it implies."""
    return settings.section_boost if name in parsed.section_hints else settings.implied_section_boost


def _doc_order(pool: PassagePool) -> np.ndarray:
    """Each document's place among the pool's doc ids in sorted order (ties in a ranking go by doc id)."""
    ranked = sorted(range(len(pool.doc_ids)), key=pool.doc_ids.__getitem__)
    order = np.empty(len(ranked), dtype=np.int64)
    order[ranked] = np.arange(len(ranked))
    return order
