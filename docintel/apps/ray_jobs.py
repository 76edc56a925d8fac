"""``batch --ray ADDRESS``: the questions answered by Ray actors, written to the same resumable --out.

The driver reads what the questions need first (on Ray too: docintel.ingest.ray_parse), so the cache
and the corpus index are on disk before any actor starts. Each actor then holds one Pipeline made
from the run's settings, reads the documents from that cache and answers one question at a time:
retrieval, the model call, verification and the trace (written by the actor into the traces folder).
The driver writes each record as it comes back, exactly as the local batch does; Ctrl-C stops the
actors and keeps what was written, and a rerun answers the rest. On a cluster, the PATH arguments,
the cache and the traces folder must be on storage every node sees, at the same paths.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from ..errors import StorageError
from ..outfile import BatchOutput
from ..pipeline import Pipeline
from ..settings import Settings
from .batch import BatchSummary, QuestionRow, QuestionTargets, _answer_one, _count, ingest_needed


class Answerer:
    """A Ray actor's state: a Pipeline over the run's documents (made once per actor)."""

    def __init__(
        self,
        settings: Settings,
        password: str | None,
        todo: list[QuestionRow],
        paths: list[Path],
        scope: list[str] | None,
    ) -> None:
        settings.remember_secrets()  # this worker's own process: what it writes and returns masks the key
        self.pipeline = Pipeline(settings, password)
        documents, doc_errors = ingest_needed(self.pipeline, todo, paths)  # from the cache the driver filled
        self.asked = QuestionTargets(paths, documents, doc_errors, scope)

    def answer(self, q: QuestionRow) -> tuple[dict[str, Any], StorageError | None]:
        """The output record of one question, and the storage error that must stop the batch, if any."""
        return _answer_one(self.pipeline, q, self.asked)


def run_batch_ray(
    pipeline: Pipeline,
    questions: list[QuestionRow],
    paths: list[Path],
    out: Path,
    *,
    address: str,
    workers: int = 4,
    scope: list[str] | None = None,
) -> BatchSummary:
    """Answer every question not already answered in *out* on Ray (*workers* actors); as run_batch otherwise."""
    from ..ingest.ray_parse import RayIngestor, connect

    ray = connect(address)
    if not isinstance(pipeline.ingestor, RayIngestor):
        pipeline.ingestor = RayIngestor.like(pipeline.ingestor)
    started = time.perf_counter()
    summary = BatchSummary(total=len(questions))
    pipeline.store.check_writable()
    with BatchOutput(out, order=[q.id for q in questions]) as output:
        summary.dropped_lines = output.dropped
        todo = [q for q in questions if q.id not in output.done]
        summary.skipped = len(questions) - len(todo)
        documents, doc_errors = ingest_needed(pipeline, todo, paths)
        summary.failed_documents = [failure.message for failure in doc_errors.values()]
        pipeline.warm(list(documents.values()))  # the indexes on disk before the actors load them
        if todo:
            _answer_on_ray(ray, pipeline, todo, paths, scope, workers, output, summary)
    summary.wall_s = round(time.perf_counter() - started, 2)
    return summary


def _answer_on_ray(
    ray: Any,
    pipeline: Pipeline,
    todo: list[QuestionRow],
    paths: list[Path],
    scope: list[str] | None,
    workers: int,
    output: BatchOutput,
    summary: BatchSummary,
) -> None:
    cpus = int(ray.cluster_resources().get("CPU", 1))
    count = max(1, min(workers, len(todo), cpus))
    actor = ray.remote(num_cpus=1)(Answerer)
    password = pipeline.ingestor._password
    actors = [actor.remote(pipeline.settings, password, todo, paths, scope) for _ in range(count)]
    pending: dict[Any, Any] = {}
    queue = list(todo)
    task = pipeline.reporter.task("answering", len(todo))
    stop: StorageError | None = None
    try:
        for handle in actors:  # one question per actor at a time: the next goes to the first one free
            if queue:
                pending[handle.answer.remote(queue.pop(0))] = handle
        while pending:
            (ref,), _ = ray.wait(list(pending), num_returns=1)
            handle = pending.pop(ref)
            record, storage = ray.get(ref)
            output.write(record)
            _count(summary, record)
            stop = stop or storage
            done = summary.answered + summary.not_found + summary.errors
            task.advance(1, f"{done}/{len(todo)} questions, {summary.errors} errors")
            if queue and stop is None:
                pending[handle.answer.remote(queue.pop(0))] = handle
    finally:
        for handle in actors:  # Ctrl-C or the end: the actors go; what was written stays
            ray.kill(handle)
        task.close(f"{summary.answered + summary.not_found + summary.errors} of {len(todo)} questions on Ray")
    if stop is not None:
        raise stop
