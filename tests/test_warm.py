"""The warm path: BM25 as rank-bm25 scores it, the vectorised ranking steps as their plain definitions, and the
collector kept away from the loaded caches."""

from __future__ import annotations

import gc
import math
import random

import numpy as np
from rank_bm25 import BM25Okapi

from docintel.context.evidence import DocumentView
from docintel.context.growth import NO_GROWTH, grow
from docintel.ingest.documents import Ingestor
from docintel.pipeline import Pipeline
from docintel.question.parse import parse_question
from docintel.retrieval.bm25 import Bm25Index
from docintel.retrieval.pool import build_pool
from docintel.retrieval.search import _above_floor, _diversify, doc_index, fit_terms, retrieve
from docintel.settings import load_settings
from tests.conftest import FINANCEBENCH, needs_shared

FILING = FINANCEBENCH / "pdfs" / "AMCOR_2023Q4_EARNINGS.pdf"  # 14 pages, 111 passages: parsed in a fraction of a second
QUESTIONS = (  # written for this test (none from the dev split)
    "What were net sales in the fourth quarter?",
    "How much free cash flow was generated in fiscal 2023?",
    "What dividend per share was declared?",
    "What is the outlook for earnings per share growth?",
    "cashflow from operating activities",
)


def _real_index(path):
    settings = load_settings()
    document = Ingestor(settings).ingest([path]).documents[0]
    return settings, document, doc_index(document, settings.passage_lines)


def _reference(tokens, terms):
    """rank-bm25's BM25Okapi over the same tokens, its idf replaced by Lucene's (ours, never negative)."""
    okapi = BM25Okapi([t or ["\x00"] for t in tokens])
    total = np.zeros(len(tokens))
    for term, weight in terms:
        n = sum(term in f for f in okapi.doc_freqs)
        if not n:
            continue
        lucene = math.log(1 + (len(tokens) - n + 0.5) / (n + 0.5))
        tf = np.array([f.get(term, 0) for f in okapi.doc_freqs], dtype=float)
        own = tf * (okapi.k1 + 1) / (tf + okapi.k1 * (1 - okapi.b + okapi.b * np.array(okapi.doc_len) / okapi.avgdl))
        if abs(okapi.idf[term]) > 0.05:  # rank-bm25's own scores, rescaled, agree with its formula
            assert np.allclose(np.array(okapi.get_scores([term])) / okapi.idf[term], own, rtol=0, atol=1e-9)
        total += weight * lucene * own
    return total, okapi


@needs_shared
def test_bm25_scores_equal_rank_bm25_on_a_real_document():
    settings, _, index = _real_index(FILING)
    ours = Bm25Index(index.tokens)
    assert ours.n == len(index.tokens) > 100
    for question in QUESTIONS:
        terms = fit_terms(parse_question(question).search_terms(), question, ours)
        expected, okapi = _reference(index.tokens, terms)
        assert expected.max() > 0, question
        assert np.allclose(ours.weighted(terms), expected, rtol=0, atol=1e-9), question
        rows = np.flatnonzero(expected > 0)
        wanted = [sorted({t for t, _ in terms if t in okapi.doc_freqs[i]}) for i in rows]
        assert ours.matched(terms, rows) == wanted


@needs_shared
def test_retrieval_ranks_as_rank_bm25_when_every_raise_is_off():
    """With no page share, title raise, section boost, same-page decay, lift or floor, a ranking is BM25's alone:
    every candidate's score is rank-bm25's (4 decimals) and the candidates come in its order."""
    plain = {"page_score_share": 0.0, "title_score_share": 0.0, "use_section_hints": False, "same_page_decay": 1.0}
    plain |= {"use_statement_pages": False, "use_synonyms": False, "relevance_floor": 0.0}
    settings = load_settings(plain)
    document = Ingestor(settings).ingest([FILING]).documents[0]
    tokens = doc_index(document, settings.passage_lines).tokens
    for question in QUESTIONS:
        parsed = parse_question(question, use_synonyms=False)
        terms = fit_terms(parsed.search_terms(), question, Bm25Index(tokens))
        expected, _ = _reference(tokens, terms)
        result = retrieve(parsed, [document], settings)
        assert len(result.candidates) == int((expected > 0).sum()) > 0
        lines = {p.line_start: i for i, p in enumerate(doc_index(document, settings.passage_lines).passages)}
        got = [lines[c.passage.line_start] for c in result.candidates]
        assert [c.score for c in result.candidates] == [round(float(expected[i]), 4) for i in got]
        assert all(expected[a] >= expected[b] - 1e-9 for a, b in zip(got, got[1:], strict=False)), question


def _diversified(scores, allowed, keys, decay):
    """The same-page decay as first written: a Python loop in score order."""
    seen: dict[int, int] = {}
    for i in sorted(allowed, key=lambda i: -scores[i]):
        scores[i] *= decay ** seen.get(keys[i], 0)
        seen[keys[i]] = seen.get(keys[i], 0) + 1


def test_vectorised_decay_and_floor_equal_their_loops():
    rng = random.Random(7)
    for _ in range(200):
        n = rng.randint(1, 60)
        scores = np.array([rng.choice([0.0, 1.0, 2.5, rng.random() * 5]) for _ in range(n)])  # ties and zeros
        keys = np.array([rng.randint(0, 6) for _ in range(n)])
        allowed = sorted(rng.sample(range(n), rng.randint(0, n)))
        ours, theirs = scores.copy(), scores.copy()
        _diversify(ours, np.array(allowed, dtype=np.int64), keys, 0.85)
        _diversified(theirs, allowed, keys, 0.85)
        assert ours.tolist() == theirs.tolist()  # bit for bit
        raise_ = np.array([rng.choice([1.0, 1.3, 2.0]) for _ in range(n)])
        floor = rng.choice([0.0, 0.1, 0.5])
        kept = _above_floor(ours, raise_, np.array(allowed, dtype=np.int64), floor)
        top, plain_top = (
            max([ours[i] for i in allowed], default=0.0),
            max([ours[i] / raise_[i] for i in allowed], default=0.0),
        )
        expected = [
            i for i in allowed if ours[i] > 0 and (ours[i] >= floor * top or ours[i] / raise_[i] >= floor * plain_top)
        ]
        assert kept.tolist() == expected


def test_pool_finds_the_passage_holding_a_line_and_the_pages_asked(corpus_pdf):
    _, document, index = _real_index(corpus_pdf)
    pool = build_pool(["a", "b"], [index.passages, index.passages[:5]], [index.tokens, index.tokens[:5]])
    for i, p in enumerate(index.passages):
        for line in (p.line_start, p.line_end, (p.line_start + p.line_end) // 2):
            assert pool.holder(0, line) == i
            held = pool.holder(1, line)
            assert held == (len(index.passages) + i if i < 5 else None)
    assert pool.holder(0, index.passages[-1].line_end + 1) is None
    assert pool.holder(0, index.passages[0].line_start - 1) is None
    on = pool.on_pages({"a": [2]})
    assert on and on == [i for i, p in enumerate(index.passages) if p.page == 2]
    assert pool.on_pages({"b": [999]}) == []


def test_the_first_context_and_answer_over_documents_freeze_their_caches_once(make_pdf, monkeypatch):
    path = make_pdf("freeze.pdf", [["Freeze report", "Revenue was $12 million in 2025."], ["Outlook is stable."]])
    pipeline = Pipeline(load_settings({"backend": "extractive"}))
    # the calls to the interpreter's gc.freeze are counted (the frozen count itself falls whenever a frozen object
    # of an earlier test in this process is freed by reference counting, so it cannot tell a freeze happened)
    freezes: list[int] = []
    freeze = gc.freeze
    monkeypatch.setattr(gc, "freeze", lambda: (freezes.append(1), freeze())[1])
    try:
        pipeline.prepare("What was revenue in 2025?", [path])
        frozen = len(freezes)
        assert frozen >= 1  # the documents' lines, passages, indexes and evidence rows: out of the collector
        pipeline.prepare("What is the outlook?", [path])
        assert len(freezes) == frozen  # frozen once per set of documents, not per question
        pipeline.ask("What was revenue in 2025?", [path])
        answered = len(freezes)
        assert answered == frozen + 1  # and once more after the first answer: what verifying loaded
        pipeline.ask("What is the outlook?", [path])
        assert len(freezes) == answered
    finally:
        gc.unfreeze()  # the rest of this test process collects as usual


@needs_shared
def test_a_block_grown_one_passage_at_a_time_has_the_size_of_its_layout():
    """Packing's incremental sizes (growth.py) equal DocumentView.size of all the passages, in any order,
    with and without section labels and table headers (on a filing with tables: headers above rows)."""
    rng = random.Random(3)
    for labels, headers in ((True, True), (False, True), (True, False)):
        settings = load_settings({"use_heading_labels": labels, "use_table_headers": headers})
        document = Ingestor(settings).ingest([FILING]).documents[0]
        spans = [(p.line_start, p.line_end) for p in doc_index(document, settings.passage_lines).passages]
        assert headers is False or any(DocumentView(document, settings).heads_of(*s) for s in spans)
        for _ in range(4):
            view, growth, kept = DocumentView(document, settings), NO_GROWTH, []
            for span in rng.sample(spans, 40):
                growth, kept = grow(view, growth, span), [*kept, span]
                assert growth.size == DocumentView(document, settings).size(kept) == len(view.render(kept)[0])
