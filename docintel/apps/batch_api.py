"""``batch --via batch-api``: the questions' model calls go through the OpenAI Batch API (about half the price).

A run does, in order:

1. finds the batch made from an input file whose batch was not yet recorded (a run stopped in between);
2. asks the server for the status of every unfinished batch recorded beside --out, and reads the
   output and error files of the finished ones (lines in any order, joined by ``custom_id``);
3. answers every question not yet in --out and not waiting for a batch, through the pipeline exactly as
   ``ask`` would (docintel.backends.batch_api): a request with a successful line takes that line as the
   reply and is verified and traced here; a request whose line failed, expired or was cancelled is sent
   synchronously; a request not sent yet is collected;
4. uploads the collected requests as JSONL (``purpose: batch``; one file per 50,000 requests or
   190 MB) and creates one batch per file, recording each batch beside --out before going on.

With ``wait`` the run polls until no batch is open, answering as batches finish; without, it ends after
submitting, and the same command later collects. A question is written to --out once, when its answer
is complete: a rerun never asks what --out holds nor what an open batch is asked.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import BackendError, ConfigError, DocintelError, StorageError, UsageError
from ..outfile import BatchOutput
from ..pipeline import Pipeline
from ..results import AskResult
from ..settings import redact_url
from .batch import BatchSummary, QuestionRow, QuestionTargets, _answer_one, _count, ingest_needed
from .batch_state import BatchRecord, BatchState, state_path

MAX_REQUESTS = 50_000  # the Batch API's limit per input file
MAX_BYTES = 190 * 1024 * 1024  # under its 200 MB limit
SYNC_FIX = "use --via sync (one call per question), or an OPENAI_BASE_URL whose server has the Batch API"


@dataclass
class BatchApiSummary(BatchSummary):
    """A batch run through the Batch API: the batch counts besides the answers."""

    submitted: int = 0
    waiting: int = 0
    retried_sync: int = 0
    resent_changed: int = 0
    batches: list[dict[str, Any]] = field(default_factory=list)
    state_file: str | None = None


def _client_error(exc: Exception, doing: str) -> DocintelError:
    import openai

    from ..backends.batch_api import is_missing_endpoint

    if is_missing_endpoint(exc):
        status = getattr(exc, "status_code", "")
        return ConfigError(f"the server has no Batch API ({doing} answered {status})", SYNC_FIX)
    if isinstance(exc, openai.APIStatusError):
        return BackendError(f"the Batch API refused to {doing} (HTTP {exc.status_code}: {exc.message})", SYNC_FIX)
    return BackendError(f"cannot {doing} on the Batch API ({exc})", "check the server and OPENAI_BASE_URL; rerun")


class _Run:
    """One run's batches, results and answering (see the module's docstring)."""

    def __init__(
        self, pipeline: Pipeline, out: Path, summary: BatchApiSummary, workers: int, limits: tuple[int, int]
    ) -> None:
        from ..backends.batch_api import BatchApiBackend, BatchLine

        if pipeline.settings.resolved_backend() != "openai":
            raise UsageError(
                "--via batch-api sends the questions to a model: it needs the openai backend",
                "set OPENAI_API_KEY (and --backend openai), or use --via sync with the extractive backend",
            )
        self.pipeline, self.out, self.summary, self.workers, self.limits = pipeline, out, summary, workers, limits
        self.backend = BatchApiBackend(pipeline.settings)
        pipeline._backend = self.backend  # every model call of this run goes through the batches
        self.client = self.backend.client
        self.state = BatchState.load(state_path(out), redact_url(str(self.client.base_url)), pipeline.settings.model)
        self.results: dict[str, dict[str, BatchLine]] = {}  # question id -> custom_id -> line
        self.fetched: set[str] = set()

    def check_supported(self) -> None:
        """A ConfigError naming --via sync when the server has no /v1/batches."""
        try:
            self.client.batches.list(limit=1)
        except Exception as exc:
            raise _client_error(exc, "list batches (GET /v1/batches)") from None

    def adopt_pending(self) -> None:
        """Record the batch made from an input file uploaded by a run that stopped before recording it."""
        if not self.state.pending:
            return
        try:
            made = {b.input_file_id: b for b in self.client.batches.list(limit=100)}
        except Exception as exc:
            raise _client_error(exc, "list batches (GET /v1/batches)") from None
        for file_id, pending in list(self.state.pending.items()):
            batch = made.get(file_id)
            if batch is None:  # never created: its questions are asked again below
                self.state.pending.pop(file_id)
                self.state.save()
                continue
            record = BatchRecord(batch.id, file_id, pending["endpoint"], batch.status, len(pending["requests"]))
            self.state.add_batch(record, pending["requests"])

    def refresh(self) -> None:
        """Ask for the status of the open batches; read the lines of finished ones that still answer something."""
        for record in self.state.open_batches():
            try:
                batch = self.client.batches.retrieve(record.id)
            except Exception as exc:
                raise _client_error(exc, f"retrieve batch {record.id}") from None
            record.status, record.output_file_id, record.error_file_id = (
                batch.status,
                batch.output_file_id,
                batch.error_file_id,
            )
            self.state.save()
        for record in self.state.batches.values():
            if record.finished and record.id not in self.fetched:
                self._read_lines(record)

    def _read_lines(self, record: BatchRecord) -> None:
        from ..backends.batch_api import BatchLine

        lines: dict[str, BatchLine] = {}
        for file_id in (record.output_file_id, record.error_file_id):
            if not file_id:
                continue
            try:
                text = self.client.files.content(file_id).text
            except Exception as exc:
                raise _client_error(exc, f"read file {file_id} of batch {record.id}") from None
            for raw in text.splitlines():
                if raw.strip():
                    line = BatchLine.parse(json.loads(raw))
                    lines[line.custom_id] = line
        for custom_id, where in self.state.requests.items():
            if where["batch"] == record.id:
                line = lines.get(custom_id) or BatchLine.missing(custom_id, record.status)
                self.results.setdefault(custom_id.rpartition("#")[0], {})[custom_id] = line
        self.fetched.add(record.id)

    def answer(self, todo: list[QuestionRow], asked: QuestionTargets, output: BatchOutput) -> None:
        """Answer what can be answered now, write it, and submit the requests that wait (module docstring, 3-4)."""
        from ..backends.batch_api import Deferred, Job

        waiting = {cid.rpartition("#")[0] for cid in self.state.waiting()}
        ready = [q for q in todo if q.id not in waiting]
        sent: dict[str, dict[str, str]] = {}
        for cid, digest in self.state.sent_hashes().items():
            sent.setdefault(cid.rpartition("#")[0], {})[cid] = digest
        deferred: dict[str, Deferred] = {}
        stop: StorageError | None = None
        task = self.pipeline.reporter.task("preparing", len(ready))
        pool = ThreadPoolExecutor(max_workers=max(1, self.workers))
        try:
            jobs = {q.id: Job(q.id, dict(self.results.get(q.id, {})), sent.get(q.id, {})) for q in ready}
            futures = {pool.submit(self._one, q, asked, jobs[q.id]): q for q in ready}
            for future in as_completed(futures):
                record, storage, waits = future.result()
                job = jobs[futures[future].id]
                self.summary.retried_sync += job.retried_sync
                self.summary.resent_changed += job.changed
                task.advance(1, f"{len(deferred)} requests for a batch")
                if waits is not None:
                    deferred[job.qid] = waits
                    continue
                output.write(record)
                _count(self.summary, record)
                stop = stop or storage
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)  # Ctrl-C: stop now; nothing was sent for what waits
            raise
        finally:
            pool.shutdown(wait=True)
            task.close(f"{len(ready) - len(deferred)} answered, {len(deferred)} requests for a batch")
        if stop is not None:
            raise stop
        self.submit([deferred[q.id] for q in ready if q.id in deferred])  # in the question file's order

    def _one(self, q: QuestionRow, asked: QuestionTargets, job: Any) -> tuple[dict[str, Any], StorageError | None, Any]:
        """One question through the pipeline: its record, a storage error, or the Deferred it waits on."""
        from ..backends.batch_api import Deferred

        waits: list[Deferred] = []
        with self.backend.job(job):
            record, storage = _answer_one(self.pipeline, q, _Catching(asked, waits))
        return record, storage, waits[0] if waits else None

    def submit(self, deferred: list[Any]) -> None:
        """Upload the requests as JSONL, one batch per endpoint and per file limit; record each batch at once."""
        for endpoint in sorted({d.endpoint for d in deferred}):
            for chunk in _chunks([d for d in deferred if d.endpoint == endpoint], *self.limits):
                self._create(endpoint, chunk)

    def _create(self, endpoint: str, chunk: list[Any]) -> None:
        data = b"".join(_request_line(d) for d in chunk)
        name = f"docintel-{self.out.stem}-{int(time.time())}.jsonl"
        try:
            uploaded = self.client.files.create(file=(name, data, "application/jsonl"), purpose="batch")
        except Exception as exc:
            raise _client_error(exc, "upload the requests (POST /v1/files)") from None
        sent = {d.custom_id: d.hash for d in chunk}
        self.state.add_pending(uploaded.id, endpoint, sent)
        try:
            batch = self.client.batches.create(
                input_file_id=uploaded.id,
                endpoint=endpoint,  # type: ignore[arg-type]
                completion_window="24h",
                metadata={"docintel_out": self.out.name[:500]},
            )
        except Exception as exc:
            raise _client_error(exc, "create a batch (POST /v1/batches)") from None
        self.state.add_batch(BatchRecord(batch.id, uploaded.id, endpoint, batch.status, len(chunk)), sent)
        self.summary.submitted += len(chunk)


class _Catching(QuestionTargets):
    """The run's question targets, keeping the Deferred that stops a question (it then waits for a batch)."""

    def __init__(self, asked: QuestionTargets, waits: list[Any]) -> None:
        super().__init__(asked.paths, asked.documents, asked.doc_errors, asked.scope, asked.ingestor)
        self.waits = waits

    def ask(self, pipeline: Pipeline, q: QuestionRow) -> AskResult:
        from ..backends.batch_api import Deferred

        try:
            return super().ask(pipeline, q)
        except Deferred as waits:
            self.waits.append(waits)
            raise


def _request_line(deferred: Any) -> bytes:
    line = {"custom_id": deferred.custom_id, "method": "POST", "url": deferred.endpoint, "body": deferred.body}
    return (json.dumps(line, ensure_ascii=False) + "\n").encode()


def _chunks(items: list[Any], max_requests: int, max_bytes: int) -> list[list[Any]]:
    """*items* in files of at most *max_requests* lines and *max_bytes* bytes."""
    chunks: list[list[Any]] = [[]]
    size = 0
    for item in items:
        length = len(_request_line(item))
        if chunks[-1] and (len(chunks[-1]) >= max_requests or size + length > max_bytes):
            chunks.append([])
            size = 0
        chunks[-1].append(item)
        size += length
    return [c for c in chunks if c]


def run_batch_api(
    pipeline: Pipeline,
    questions: list[QuestionRow],
    paths: list[Path],
    out: Path,
    *,
    workers: int = 4,
    scope: list[str] | None = None,
    wait: bool = False,
    limits: tuple[int, int] = (MAX_REQUESTS, MAX_BYTES),
    sleep: Callable[[float], None] = time.sleep,
) -> BatchApiSummary:
    """Answer the questions not yet in *out* through the Batch API (module docstring); call check_output first.

    The batches are recorded in ``<out>.batches.json``, deleted once every question is in *out*.
    """
    started = time.perf_counter()
    summary = BatchApiSummary(total=len(questions))
    run = _Run(pipeline, out, summary, workers, limits)
    run.check_supported()
    pipeline.store.check_writable()
    with BatchOutput(out, order=[q.id for q in questions]) as output:
        summary.dropped_lines = output.dropped
        todo = [q for q in questions if q.id not in output.done]
        summary.skipped = len(questions) - len(todo)
        documents, doc_errors = ingest_needed(pipeline, todo, paths)
        summary.failed_documents = [failure.message for failure in doc_errors.values()]
        pipeline.warm(list(documents.values()))
        asked = QuestionTargets(paths, documents, doc_errors, scope)
        run.adopt_pending()
        while True:
            run.refresh()
            run.answer([q for q in questions if q.id not in output.done], asked, output)
            if not wait or not run.state.open_batches():
                break
            sleep(pipeline.settings.batch_poll_s)
        waiting = {cid.rpartition("#")[0] for cid in run.state.waiting()}
        summary.waiting = sum(q.id in waiting for q in questions if q.id not in output.done)
    summary.batches = [{"id": b.id, "status": b.status, "requests": b.requests} for b in run.state.batches.values()]
    if not run.state.open_batches() and not run.state.pending:
        run.state.remove()
    else:
        summary.state_file = str(run.state.path)
    summary.wall_s = round(time.perf_counter() - started, 2)
    return summary
