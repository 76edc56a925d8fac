"""Batch answering: a question file in, one JSON line per question out; resumable and crash-safe.

Question files: ``.txt`` (one question a line), ``.jsonl`` or ``.csv`` with ``id``,
``question`` and an optional ``doc``; FinanceBench's ``financebench_id`` / ``doc_name`` work as
they are. Other fields pass through to the output. Output lines are appended under a lock and
fsynced one by one; a rerun keeps the complete, successful lines and answers the rest.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import DocintelError, DocumentNotFoundError, InputError, QuestionFileError, StorageError, UsageError
from ..ingest.documents import Document, IngestFailure, Ingestor, expand_paths
from ..outfile import BatchOutput, check_output_path, is_batch_output
from ..pipeline import Pipeline
from ..question.parse import check_question
from ..results import AskResult
from ..retrieval.corpus_passages import corpus_passages

ID_KEYS = ("id", "financebench_id", "question_id", "qid")
DOC_KEYS = ("doc", "doc_name", "document", "file")
# Output fields; an input field of the same name passes through as input_<name> (e.g. a gold 'answer').
OUTPUT_KEYS = {
    "answer",
    "verification_status",
    "citations",
    "backend",
    "model",
    "usage",
    "cost_usd",
    "trace_id",
    "error",
}


@dataclass
class QuestionRow:
    """One question of a batch: its id, text, optional document name and passed-through fields."""

    id: str
    question: str
    doc: str | None
    extra: dict[str, Any] = field(default_factory=dict)


def stable_id(question: str) -> str:
    """An id derived from the question text (same text, same id)."""
    return "q-" + hashlib.sha1(" ".join(question.split()).encode()).hexdigest()[:12]


def _row(record: dict[str, Any], where: str) -> QuestionRow:
    question = record.get("question")
    if not isinstance(question, str) or not question.strip():
        raise QuestionFileError(f"{where}: no question text", "give each row a non-empty 'question' field")
    qid = next((str(record[k]) for k in ID_KEYS if record.get(k) not in (None, "")), None) or stable_id(question)
    doc = next((str(record[k]) for k in DOC_KEYS if record.get(k) not in (None, "")), None)
    extra = {
        (f"input_{k}" if k in OUTPUT_KEYS else k): v for k, v in record.items() if k not in ("id", "question", "doc")
    }
    return QuestionRow(id=qid, question=_checked(question, where), doc=doc, extra=extra)


def _checked(question: str, where: str) -> str:
    try:
        return check_question(question)
    except UsageError as exc:
        raise QuestionFileError(f"{where}: {exc.what}", "shorten the question or split it in several") from None


def load_questions(path: Path) -> list[QuestionRow]:
    """Read a question file; raises QuestionFileError naming the file and line when it cannot be used."""
    if path.is_dir():
        raise QuestionFileError(
            f"{path}: is a folder, not a question file", "give the question file (.txt, .jsonl or .csv) first"
        )
    if not path.is_file():
        raise QuestionFileError(f"{path}: no such question file", "check the path")
    suffix = path.suffix.lower()
    with path.open("rb") as head:
        if head.read(5) == b"%PDF-":  # 'docintel batch report.pdf questions.txt': the arguments swapped
            raise QuestionFileError(
                f"{path}: is a PDF, not a question file",
                "give the question file (.txt, .jsonl or .csv) first, then the PDFs: docintel batch QUESTIONS DOC.pdf",
            )
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise QuestionFileError(f"{path}: cannot read as UTF-8 text ({exc})", "save the file as UTF-8") from None
    if suffix == ".jsonl":
        rows = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise QuestionFileError(
                    f"{path}:{number}: not valid JSON ({exc.msg})", "write one JSON object per line"
                ) from None
            if not isinstance(record, dict):
                raise QuestionFileError(f"{path}:{number}: not a JSON object", "write one JSON object per line")
            rows.append(_row(record, f"{path}:{number}"))
    elif suffix == ".csv":
        rows = _csv_rows(text, path)
    elif suffix in (".txt", ""):
        rows = [
            QuestionRow(id=stable_id(q), question=_checked(q, f"{path}:{number}"), doc=None)
            for number, q in enumerate(text.splitlines(), start=1)
            if q.strip()
        ]
    else:
        raise QuestionFileError(f"{path}: unknown question file type '{suffix}'", "use .txt, .jsonl or .csv")
    if not rows:
        raise QuestionFileError(f"{path}: holds no question", "add questions, one per line or row")
    return _unique(rows, path)


def _csv_rows(text: str, path: Path) -> list[QuestionRow]:
    """The rows of a CSV question file; a record that runs over several lines (an unclosed quote merges the
    questions after it) or a malformed one is an error naming the line it starts on."""
    reader = csv.DictReader(io.StringIO(text, newline=""), strict=True)
    fix = 'close the quote (a quote inside a quoted field is written twice: "")'
    try:
        if not reader.fieldnames or "question" not in reader.fieldnames:
            raise QuestionFileError(
                f"{path}: CSV has no 'question' column", "add a header row with a 'question' column"
            )
        rows: list[QuestionRow] = []
        start = reader.line_num + 1
        for record in reader:
            if reader.line_num > start:
                raise QuestionFileError(
                    f"{path}:{start}: this CSV record runs on to line {reader.line_num} (an unclosed quote?)", fix
                )
            if None in record:
                raise QuestionFileError(
                    f"{path}:{start}: more fields than the header names", "quote a field with commas"
                )
            rows.append(_row(dict(record), f"{path}:{start}"))
            start = reader.line_num + 1
    except csv.Error as exc:
        raise QuestionFileError(f"{path}:{start}: not valid CSV from this line on ({exc})", fix) from None
    return rows


def _unique(rows: list[QuestionRow], path: Path) -> list[QuestionRow]:
    seen: dict[str, int] = {}
    out = []
    for row in rows:
        if row.id in seen and row.id.startswith("q-"):
            continue  # the same question twice in a plain list: answer it once
        if row.id in seen:
            raise QuestionFileError(f"{path}: id {row.id!r} appears twice", "give every question its own id")
        seen[row.id] = 1
        out.append(row)
    return out


# ------------------------------------------------------------------------- output


def check_output(out: Path, inputs: list[Path], *, force: bool = False) -> None:
    """Refuse an --out that would destroy data (an input, a PDF, a folder, a file not ours unless *force*)."""
    check_output_path(out, inputs, force=force, is_ours=is_batch_output, kind="batch output")


@dataclass
class BatchSummary:
    """What a batch run did."""

    total: int = 0
    skipped: int = 0
    answered: int = 0
    not_found: int = 0
    errors: int = 0
    citations_verified: int = 0
    citations_failed: int = 0
    values_supported: int = 0
    values_unsupported: int = 0
    supported: int = 0
    unchecked: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = 0.0
    wall_s: float = 0.0
    dropped_lines: int = 0
    failed_documents: list[str] = field(default_factory=list)
    whole: BatchSummary | None = None  # the whole output after this run (earlier runs' answers too)
    missing: int = 0  # (whole) questions of the file with no record in the output yet

    def ok(self) -> bool:
        """True when every question of the whole output was answered or found absent, every quote verified and
        every value supported (a resumed run answers for what earlier runs wrote too)."""
        counts = self.whole or self
        return (
            counts.errors == 0
            and counts.citations_failed == 0
            and counts.values_unsupported == 0
            and not counts.missing
        )


def doc_key(name: str) -> str:
    """How a question's doc field names a document: its file stem ('report.pdf' and 'report' are the same)."""
    return Path(name).stem if name.lower().endswith(".pdf") else name


def match_doc(name: str, documents: dict[str, Document]) -> Document | None:
    """The document a question's doc field names: by id (file stem), file name or path name."""
    stem = doc_key(name)
    return (
        documents.get(stem)
        or documents.get(Path(name).name)
        or next((d for d in documents.values() if Path(d.meta.path).name == name), None)
    )


def run_batch(
    pipeline: Pipeline,
    questions: list[QuestionRow],
    paths: list[Path],
    out: Path,
    *,
    workers: int = 4,
    scope: list[str] | None = None,
) -> BatchSummary:
    """Answer every question not already answered in *out*; one JSON line per question.

    A question with a ``doc`` field is asked of that document; the others are routed over the
    corpus of *paths* (limited to the ``--doc`` globs in *scope*). Call check_output first. Stops
    with StorageError at the first trace or output line that cannot be written, after writing
    what the questions already running produced.
    """
    started = time.perf_counter()
    summary = BatchSummary(total=len(questions))
    pipeline.store.check_writable()
    with BatchOutput(out, slim=_slim, order=[q.id for q in questions]) as output:
        summary.dropped_lines = output.dropped
        todo = [q for q in questions if q.id not in output.done]
        summary.skipped = len(questions) - len(todo)
        documents, doc_errors = ingest_needed(pipeline, todo, paths)
        summary.failed_documents = [failure.message for failure in doc_errors.values()]
        pipeline.warm(list(documents.values()))  # once, before the threads: no index is built twice
        if todo and pipeline.settings.resolved_backend() != "extractive":
            _ = pipeline.backend  # made once, before the threads (with the SDK's models built)
        asked = QuestionTargets(paths, documents, doc_errors, scope)
        _answer_all(pipeline, todo, asked, output, summary, workers)
        summary.whole = _whole(questions, output.latest)
    summary.wall_s = round(time.perf_counter() - started, 2)
    return summary


def _slim(record: dict[str, Any]) -> dict[str, Any]:
    """What the whole output's counts need of a record (kept in memory per question id)."""
    if record.get("error"):
        return {"error": True}
    answer = record.get("answer") or {}
    keys = ("citations", "values", "status", "usage", "cost_usd")
    return {"answer": {"answer_found": answer.get("answer_found")}, **{k: record.get(k) for k in keys}}


def _whole(questions: list[QuestionRow], latest: dict[str, dict[str, Any]]) -> BatchSummary:
    """The counts of the whole output: each question's latest record, whichever run wrote it."""
    whole = BatchSummary(total=len(questions))
    for q in questions:
        if q.id in latest:
            _count(whole, latest[q.id])
        else:
            whole.missing += 1
    return whole


class QuestionTargets:
    """What the questions are asked of: the corpus of the PATH arguments, or the document a doc field names."""

    def __init__(
        self,
        paths: list[Path],
        documents: dict[str, Document],
        doc_errors: dict[str, IngestFailure],
        scope: list[str] | None,
        ingestor: Ingestor | None = None,
    ) -> None:
        self.paths, self.documents, self.doc_errors, self.scope = paths, documents, doc_errors, scope
        self.ingestor = ingestor  # the one that read them: other pipelines of the run share it

    def ask(self, pipeline: Pipeline, q: QuestionRow) -> AskResult:
        """Answer one question: from its doc field's document, else routed over the corpus."""
        if q.doc:
            return pipeline.ask(q.question, documents=documents_for(q.doc, self.documents, self.doc_errors))
        return pipeline.ask(q.question, self.paths, scope=self.scope)


def _answer_all(
    pipeline: Pipeline,
    todo: list[QuestionRow],
    asked: QuestionTargets,
    output: BatchOutput,
    summary: BatchSummary,
    workers: int,
) -> None:
    pool = ThreadPoolExecutor(max_workers=max(1, workers))
    task = pipeline.reporter.task("answering", len(todo))
    stop: StorageError | None = None
    stopping = threading.Event()  # set by the thread that met a storage error: no question starts after it
    try:
        futures = [pool.submit(_answer_unless_stopped, stopping, pipeline, q, asked) for q in todo]
        for future in as_completed(futures):
            outcome = None if future.cancelled() else future.result()
            if outcome is None:
                continue  # not started: the batch was stopping
            record, storage = outcome
            output.write(record)  # answers already paid for are kept, also after a storage error
            _count(summary, record)
            task.advance(
                1,
                f"{summary.answered + summary.not_found + summary.errors}/{len(todo)} questions, "
                f"{summary.errors} errors",
            )
            if storage is not None and stop is None:
                stop = storage  # every further trace would be lost too
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)  # Ctrl-C: stop now; a rerun resumes where this left off
        raise
    finally:
        pool.shutdown(wait=True)
        task.close(f"{summary.answered + summary.not_found + summary.errors} of {len(todo)} questions")
    if stop is not None:
        raise stop


def ingest_needed(
    pipeline: Pipeline, todo: list[QuestionRow], paths: list[Path]
) -> tuple[dict[str, Document], dict[str, IngestFailure]]:
    """Read once: the files questions name; and, when some question names none, the corpus index of *paths*
    (built or brought up to date here, before the threads start, with the passage indexes on disk of a large
    corpus; routed documents load as questions need them).

    Returns the named documents by id and the files that failed, by stem.
    """
    files, failures = expand_paths(paths)
    errors = {Path(f.path).stem: f for f in failures}
    if not files and failures:
        raise InputError(failures[0].error["what"], failures[0].error["fix"])
    wanted = {doc_key(q.doc) for q in todo if q.doc}
    if any(q.doc is None for q in todo):
        corpus = pipeline.corpus(paths)
        errors.update({Path(f.path).stem: f for f in corpus.failures})
        corpus_passages(corpus, pipeline.settings, pipeline.reporter)  # a large corpus's indexes on disk: built once
    chosen = [f for f in files if f.stem in wanted or f.name in wanted]
    report = pipeline.ingest(chosen) if chosen else None
    documents = {d.meta.doc_id: d for d in report.documents} if report else {}
    for failure in report.failures if report else []:
        errors[Path(failure.path).stem] = failure
    return documents, errors


def _answer_unless_stopped(
    stopping: threading.Event, pipeline: Pipeline, q: QuestionRow, asked: QuestionTargets
) -> tuple[dict[str, Any], StorageError | None] | None:
    if stopping.is_set():
        return None
    record, storage = _answer_one(pipeline, q, asked)
    if storage is not None:
        stopping.set()
    return record, storage


def _answer_one(
    pipeline: Pipeline, q: QuestionRow, asked: QuestionTargets
) -> tuple[dict[str, Any], StorageError | None]:
    """The output record of one question, and the storage error that must stop the batch, if any."""
    record: dict[str, Any] = {"id": q.id, "question": q.question, **q.extra, "doc": q.doc}
    try:
        result = asked.ask(pipeline, q)
    except DocintelError as exc:
        storage = exc.trace_error if isinstance(exc.trace_error, StorageError) else None
        return {
            **record,
            "answer": None,
            "verification_status": None,
            "trace_id": exc.trace_id,
            "error": exc.to_dict(),
        }, storage
    except Exception as exc:  # one bad question never stops the batch
        return {
            **record,
            "answer": None,
            "verification_status": None,
            "trace_id": None,
            "error": {"type": type(exc).__name__, "what": str(exc), "fix": "report this bug with the question"},
        }, None
    from ..verify.ocr import ocr_citations  # the citations of lines read by OCR (scanned pages)

    usage = result.usage
    searched = [d.meta.doc_id for d in result.prepared.documents]
    only = searched[0] if len(searched) == 1 else None  # a span may leave doc empty when one document was sent
    return {
        **record,
        "answer": result.answer.model_dump(mode="json"),
        "verification_status": result.verification.status,
        "status": result.verification.overall,
        "status_detail": result.verification.why(),
        "citations": {
            "verified": result.verification.verified,
            "failed": result.verification.failed,
            "sources": [
                {
                    "doc": v.doc or only,
                    "pages": v.pages,
                    "line_start": v.line_start,
                    "line_end": v.line_end,
                    "verdict": v.verdict,
                }
                for v in result.verification.spans
            ],
        },
        "ocr": [c.model_dump(mode="json") for c in ocr_citations(result.verification.spans, result.prepared.documents)],
        "searched": searched,
        "routing_notes": result.prepared.routing.notes if result.prepared.routing else [],
        "values": {
            "supported": result.verification.values_supported,
            "unsupported": result.verification.values_unsupported,
        },
        "backend": result.backend,
        "model": result.model,
        "usage": usage.model_dump(),
        "cost_usd": result.cost_usd,
        "trace_id": result.trace_id if result.trace_path else None,
        # an answer whose trace was lost is kept for reading but retried on resume
        "error": result.trace_error.to_dict() if result.trace_error else None,
    }, result.trace_error


def documents_for(
    doc: str | None, documents: dict[str, Document], doc_errors: dict[str, IngestFailure]
) -> list[Document]:
    """The documents a question is asked of: the one its doc field names, else all; InputError when missing."""
    if doc:
        document = match_doc(doc, documents)
        if document is None:
            failure = doc_errors.get(doc_key(doc))
            if failure is not None:  # the file is there but could not be read: its own error and fix
                raise InputError(failure.error["what"], failure.error["fix"])
            raise DocumentNotFoundError(
                f"document {doc!r} is not among the given paths",
                "check the question's doc field and the PATH arguments",
            )
        return [document]
    if not documents:
        raise DocumentNotFoundError("no readable document to answer from", "check the PATH arguments")
    return list(documents.values())


def _count(summary: BatchSummary, record: dict[str, Any]) -> None:
    if record.get("error"):
        summary.errors += 1
        return
    if record["answer"].get("answer_found"):
        summary.answered += 1
    else:
        summary.not_found += 1
    citations = record.get("citations") or {}
    summary.citations_verified += citations.get("verified", 0)
    summary.citations_failed += citations.get("failed", 0)
    values = record.get("values") or {}  # records written before value checks have none
    summary.values_supported += values.get("supported", 0)
    summary.values_unsupported += values.get("unsupported", 0)
    summary.supported += record.get("status") == "supported"
    summary.unchecked += record.get("status") == "unchecked"
    usage = record.get("usage") or {}
    summary.input_tokens += usage.get("input_tokens", 0)
    summary.output_tokens += usage.get("output_tokens", 0)
    if record.get("cost_usd") is None or summary.cost_usd is None:
        summary.cost_usd = None
    else:
        summary.cost_usd = round(summary.cost_usd + record["cost_usd"], 6)
