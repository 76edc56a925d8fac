"""Benchmark the two first-stage engines issue 10 named, on the same passages and questions.

Usage: python -m scripts.bench_index_engines [--copies 3] [--questions FILE] [--pdfs DIR]

- ``terms``: docintel's corpus index (per document and term: occurrences, passages, headings),
  one indexed lookup per question term; routing scores documents from it.
- ``fts5``: SQLite FTS5 over every passage (docintel's own tokens), ``MATCH`` with the
  question's terms OR-ed and ``bm25()``, the best passages grouped by document.
Both are built from the FinanceBench dev filings copied *copies* times under new content hashes
(3 copies: about 120,000 passages). Prints build time, size on disk and median/p90 query time.
"""

from __future__ import annotations

import os
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from docintel.pipeline import Pipeline
from docintel.question.parse import parse_question
from docintel.retrieval.corpus import CorpusIndex
from docintel.retrieval.search import doc_index
from docintel.settings import load_settings
from scripts import benchdata


def _clones(pipeline: Pipeline, pdfs: Path, copies: int) -> list:
    documents = pipeline.ingest(sorted(pdfs.glob("*.pdf"))).documents
    clones = []
    for copy in range(copies):
        for document in documents:
            digest = f"{document.meta.content_hash[:56]}{copy:08d}"
            meta = document.meta.model_copy(update={"content_hash": digest, "doc_id": f"{document.meta.doc_id}-{copy}"})
            clones.append(document.model_copy(update={"meta": meta}))
    return clones


def _percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    return f"median {statistics.median(ordered) * 1000:.1f} ms, p90 {ordered[int(0.9 * len(ordered))] * 1000:.1f} ms"


def main() -> None:
    parser = benchdata.parser(__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=3)
    args = parser.parse_args()
    settings = load_settings({})
    pipeline = Pipeline(settings)
    clones = _clones(pipeline, args.pdfs, args.copies)
    questions = [parse_question(q["question"]) for q in benchdata.load_records(args.questions)]
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        terms_db = Path(tmp) / "terms.sqlite"
        index = CorpusIndex(terms_db)
        for document in clones:
            index.add_document(document, settings)
        terms_build = time.perf_counter() - started
        started = time.perf_counter()
        fts_db = Path(tmp) / "fts.sqlite"
        db = sqlite3.connect(fts_db)
        db.execute("CREATE VIRTUAL TABLE passages USING fts5(doc UNINDEXED, body, tokenize='unicode61')")
        passages = 0
        for document in clones:
            tokens = doc_index(document, settings.passage_lines, settings.cache_dir).tokens
            db.executemany(
                "INSERT INTO passages VALUES (?, ?)", [(document.meta.content_hash, " ".join(t)) for t in tokens]
            )
            passages += len(tokens)
        db.commit()
        fts_build = time.perf_counter() - started
        terms_times, fts_times = [], []
        for parsed in questions:
            words = sorted({t for t, _ in parsed.search_terms() if t.isalnum()})
            started = time.perf_counter()
            index.term_hits(words)
            terms_times.append(time.perf_counter() - started)
            query = " OR ".join(f'"{w}"' for w in words)
            started = time.perf_counter()
            db.execute(
                "SELECT doc, min(score) FROM (SELECT doc, bm25(passages) AS score FROM passages "
                "WHERE passages MATCH ? ORDER BY score LIMIT 2000) GROUP BY doc",
                (query,),
            ).fetchall()
            fts_times.append(time.perf_counter() - started)
        print(f"{len(clones)} documents, {passages:,} passages, {len(questions)} questions")
        print(
            f"terms table : build {terms_build:.1f} s, {os.path.getsize(terms_db) / 1e6:.0f} MB, "
            f"query {_percentiles(terms_times)}"
        )
        print(
            f"FTS5        : build {fts_build:.1f} s, {os.path.getsize(fts_db) / 1e6:.0f} MB, "
            f"query {_percentiles(fts_times)}"
        )


if __name__ == "__main__":
    main()
