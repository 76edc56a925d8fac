"""The on-disk passage index: scores bit for bit those of Bm25Index on real filings' passages, a streamed build in
memory bounded by its chunk, nothing left behind by a build that fails."""

from __future__ import annotations

import random
import tracemalloc
from collections.abc import Iterator

import numpy as np
import pytest

from docintel.errors import StorageError
from docintel.ingest.documents import Ingestor
from docintel.retrieval.diskindex import DiskBm25, SubsetBm25
from docintel.retrieval.search import Bm25Index
from docintel.settings import load_settings
from docintel.textnorm import tokenize
from tests.conftest import FINANCEBENCH, needs_shared


@pytest.fixture(scope="module")
def lines(tmp_path_factory) -> list[list[str]]:
    """The tokenized lines of the sample report and, with the shared data, of a 10-K."""
    from tests.conftest import CORPUS_PDF

    files = [CORPUS_PDF]
    if (FINANCEBENCH / "pdfs" / "NETFLIX_2015_10K.pdf").exists():
        files.append(FINANCEBENCH / "pdfs" / "NETFLIX_2015_10K.pdf")
    settings = load_settings({"cache_dir": tmp_path_factory.mktemp("cache"), "ingest_workers": 2})
    report = Ingestor(settings).ingest(files)
    return [tokenize(t) for d in report.documents for t in d.lines["text"].tolist()]


def _passages(lines: list[list[str]], count: int, seed: int = 5) -> list[list[str]]:
    rng = random.Random(seed)
    out = [
        [t for line in lines[s : s + 8] for t in line] for s in (rng.randrange(len(lines) - 8) for _ in range(count))
    ]
    out[3] = []  # an empty passage, as Bm25Index pads it
    return out


def _reference_scores(index: Bm25Index, terms: list[str]) -> np.ndarray:
    scores = np.zeros(index.n)
    for term in terms:
        if index.has(term):
            docs, tf = index.postings(term)
            scores[docs] += index.idf(term) * tf * (index.K1 + 1) / (tf + index.norm[docs])
    return scores


@pytest.mark.parametrize(("chunk", "block"), [(50_000, 4_000_000), (37, 2000), (2, 20)])
def test_scores_and_top_passages_equal_bm25index_bit_for_bit(lines, tmp_path, chunk, block):
    passages = _passages(lines, {50_000: 3000, 37: 1000, 2: 40}[chunk])
    reference = Bm25Index(passages)
    disk = DiskBm25.build(iter(passages), tmp_path / "index", chunk=chunk, block=block)
    rng = random.Random(9)
    queries = [list(dict.fromkeys(rng.choice(passages)[:5])) for _ in range(60)] + [["revenu"], ["no-such-term"], []]
    for terms in queries:
        expected = _reference_scores(reference, terms)
        assert np.array_equal(disk.scores(terms), expected), terms
        order = np.argpartition(-expected, 10)[:10]
        assert disk.top(terms) == [int(i) for i in order[np.argsort(-expected[order])] if expected[i] > 0]
    assert DiskBm25(tmp_path / "index").n == len(passages)  # opened again from disk


@needs_shared
def test_the_build_holds_one_chunk_not_the_corpus(lines, tmp_path):
    passages = _passages(lines, 6_000)

    def stream() -> Iterator[list[str]]:
        yield from passages

    peaks = []
    for chunk in (300, 6_000):
        tracemalloc.start()
        DiskBm25.build(stream(), tmp_path / f"index-{chunk}", chunk=chunk, block=10_000)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert peaks[0] * 3 < peaks[1], peaks  # memory follows the chunk, not the number of passages


def test_a_build_that_fails_leaves_nothing_and_the_old_index_stays(lines, tmp_path):
    passages = _passages(lines, 500)
    DiskBm25.build(iter(passages), tmp_path / "index", chunk=100)

    def broken() -> Iterator[list[str]]:
        yield from passages[:250]
        raise OSError("the source went away")

    with pytest.raises(OSError):
        DiskBm25.build(broken(), tmp_path / "index", chunk=100)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index"]  # no half-built folder beside it
    assert DiskBm25(tmp_path / "index").n == 500
    other = DiskBm25.build(iter(passages[:200]), tmp_path / "index", chunk=100)  # a rebuild replaces it
    assert other.n == 200 and DiskBm25(tmp_path / "index").n == 200


def test_a_folder_that_is_not_an_index_is_a_storage_error(tmp_path):
    (tmp_path / "meta.json").write_text('{"format": 99}')
    with pytest.raises(StorageError, match="not a docintel passage index"):
        DiskBm25(tmp_path)
    with pytest.raises(StorageError):
        DiskBm25(tmp_path / "missing")


def test_a_subset_of_documents_reads_as_the_memory_index_of_just_those_passages(lines, tmp_path):
    """Documents' runs of the disk index, in any order, score and match as Bm25Index over their passages alone."""
    passages = _passages(lines, 600)
    disk = DiskBm25.build(iter(passages), tmp_path / "index", chunk=97)
    runs = [(400, 150), (0, 120), (250, 60), (595, 5)]  # four documents, not in disk order
    subset = [p for start, count in runs for p in passages[start : start + count]]
    reference, view = Bm25Index(subset), SubsetBm25(disk, runs)
    assert view.n == reference.n and np.array_equal(view.norm, reference.norm)
    rng = random.Random(3)
    for _ in range(60):
        terms = [(t, rng.choice([1.0, 0.6, 0.35])) for t in dict.fromkeys(rng.choice(subset)[:4])]
        terms += [(rng.choice(passages)[0] if passages[0] else "x", 0.5), ("no-such-term", 1.0)]
        assert np.array_equal(view.weighted(terms), reference.weighted(terms)), terms
        rows = np.array(sorted(rng.sample(range(view.n), 40)))
        assert view.matched(terms, rows) == reference.matched(terms, rows)
        for term, _ in terms:
            assert view.has(term) == reference.has(term) and view.idf(term) == reference.idf(term)
            if reference.has(term):
                assert all(
                    np.array_equal(a, b) for a, b in zip(view.postings(term), reference.postings(term), strict=True)
                )
