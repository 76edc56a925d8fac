"""Batch answering: a question file in, one JSON line per question out; resumable and crash-safe.

Question files: ``.txt`` (one question a line), ``.jsonl`` or ``.csv`` with ``id``,
``question`` and an optional ``doc``; FinanceBench's ``financebench_id`` / ``doc_name`` work as
they are. Other fields pass through to the output. Output lines are appended under a lock and
fsynced one by one; a rerun keeps the complete, successful lines and answers the rest.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cache import atomic_write_text
from .errors import (
    DocintelError,
    InputError,
    QuestionFileError,
    StorageError,
    UsageError,
    storage_error,
)
from .ingest import Document, expand_paths
from .pipeline import Pipeline
from .pricing import estimate_cost

ID_KEYS = ("id", "financebench_id", "question_id", "qid")
DOC_KEYS = ("doc", "doc_name", "document", "file")
# Output fields; an input field of the same name passes through as input_<name> (e.g. a gold 'answer').
OUTPUT_KEYS = {"answer", "verification_status", "citations", "backend", "model", "usage", "cost_usd", "trace_id", "error"}


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
    extra = {(f"input_{k}" if k in OUTPUT_KEYS else k): v for k, v in record.items() if k not in ("id", "question", "doc")}
    return QuestionRow(id=qid, question=question.strip(), doc=doc, extra=extra)


def load_questions(path: Path) -> list[QuestionRow]:
    """Read a question file; raises QuestionFileError naming the file and line when it cannot be used."""
    if not path.is_file():
        raise QuestionFileError(f"{path}: no such question file", "check the path")
    suffix = path.suffix.lower()
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
                raise QuestionFileError(f"{path}:{number}: not valid JSON ({exc.msg})", "write one JSON object per line") from None
            if not isinstance(record, dict):
                raise QuestionFileError(f"{path}:{number}: not a JSON object", "write one JSON object per line")
            rows.append(_row(record, f"{path}:{number}"))
    elif suffix == ".csv":
        reader = csv.DictReader(text.splitlines())
        if not reader.fieldnames or "question" not in reader.fieldnames:
            raise QuestionFileError(f"{path}: CSV has no 'question' column", "add a header row with a 'question' column")
        rows = [_row(dict(record), f"{path}:{number}") for number, record in enumerate(reader, start=2)]
    elif suffix in (".txt", ""):
        rows = [QuestionRow(id=stable_id(q), question=q.strip(), doc=None) for q in text.splitlines() if q.strip()]
    else:
        raise QuestionFileError(f"{path}: unknown question file type '{suffix}'", "use .txt, .jsonl or .csv")
    if not rows:
        raise QuestionFileError(f"{path}: holds no question", "add questions, one per line or row")
    return _unique(rows, path)


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

# Every line docintel batch writes has these keys: how an existing --out file is recognised as ours.
RECORD_KEYS = frozenset({"id", "question", "answer", "verification_status", "trace_id", "error"})
OUT_FIX = "choose a writable --out file"


def is_batch_output(path: Path) -> bool:
    """Whether *path* holds docintel batch output: empty, or its first line is one of our records."""
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            first = handle.readline()
    except OSError:
        return False
    if not first.strip():
        return path.stat().st_size == len(first.encode())
    try:
        record = json.loads(first)
    except json.JSONDecodeError:
        return False
    return isinstance(record, dict) and RECORD_KEYS <= record.keys()


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()


def check_output(out: Path, inputs: list[Path], *, force: bool = False) -> None:
    """Refuse an --out that would destroy data: an input file, a folder, or a file that is not ours.

    *force* allows replacing an existing file that is not batch output (never an input).
    """
    for path in inputs:
        if _same_file(out, path):
            raise UsageError(f"--out {out} is one of the inputs ({path})", "write the answers to a new file, "
                             "e.g. --out answers.jsonl")
    if out.is_dir():
        raise UsageError(f"--out {out} is a folder", "name a file, e.g. --out answers.jsonl")
    if out.exists() and not force and not is_batch_output(out):
        raise UsageError(f"--out {out} exists and is not docintel batch output (its first line is not an answer record)",
                         "choose another file, or pass --force to replace it")


def read_done(out: Path) -> tuple[set[str], int]:
    """Ids already answered in *out*; rewrites the file without corrupt or failed lines. Returns (ids, dropped)."""
    if not out.exists():
        return set(), 0
    kept, done, dropped = [], set(), 0
    for line in out.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            dropped += 1  # a line cut by a crash
            continue
        if not isinstance(record, dict) or "id" not in record or record.get("error") or record["id"] in done:
            dropped += 1
            continue
        done.add(record["id"])
        kept.append(line)
    if dropped:
        try:
            atomic_write_text(out, "".join(line + "\n" for line in kept))
        except OSError as exc:
            raise storage_error("rewrite batch output", out, exc, OUT_FIX) from None
    return done, dropped


class _Writer:
    """Whole JSON lines, fsynced one by one under a lock, so a crash never tears a line behind a good one.

    A new output is written to ``.<name>.partial`` beside it and renamed into place when the run
    ends (also on Ctrl-C or an error), so an existing file is replaced only by complete output; a
    partial file left by a killed run is taken up by the next. Resuming appends to our own file.
    """

    def __init__(self, out: Path, *, fresh: bool) -> None:
        self.out = out
        self.partial = out.with_name(f".{out.name}.partial")
        target = self.partial if fresh else out
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            self.handle = target.open("w" if fresh else "a", encoding="utf-8")
        except OSError as exc:
            raise storage_error("write batch output", target, exc, OUT_FIX) from None
        self.fresh = fresh
        self.lock = threading.Lock()

    def write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False) + "\n"
        with self.lock:
            try:
                self.handle.write(line)
                self.handle.flush()
                os.fsync(self.handle.fileno())
            except OSError as exc:
                raise storage_error("write batch output", self.out, exc, OUT_FIX) from None

    def close(self) -> None:
        self.handle.close()
        if self.fresh:
            os.replace(self.partial, self.out)


def _adopt_partial(out: Path) -> None:
    """Take up the output of a run that was killed before it could rename its partial file."""
    partial = out.with_name(f".{out.name}.partial")
    if not out.exists() and partial.is_file() and is_batch_output(partial):
        os.replace(partial, out)


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
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = 0.0
    wall_s: float = 0.0
    dropped_lines: int = 0

    def ok(self) -> bool:
        """True when every question was answered or found absent, with every citation verified."""
        return self.errors == 0 and self.citations_failed == 0


def match_doc(name: str, documents: dict[str, Document]) -> Document | None:
    stem = Path(name).stem if name.lower().endswith(".pdf") else name
    return documents.get(stem) or documents.get(Path(name).name) or next(
        (d for d in documents.values() if Path(d.meta.path).name == name), None)


def run_batch(pipeline: Pipeline, questions: list[QuestionRow], paths: list[Path], out: Path, *, workers: int = 4,
              force: bool = False) -> BatchSummary:
    """Answer every question not already in *out*; one JSON line per question.

    Call check_output first. With *force*, an existing file that is not batch output is
    replaced (only once the run ends). Stops with StorageError at the first trace or output
    that cannot be written.
    """
    started = time.perf_counter()
    summary = BatchSummary(total=len(questions))
    _adopt_partial(out)
    ours = out.exists() and is_batch_output(out)
    done, summary.dropped_lines = read_done(out) if ours else (set(), 0)
    todo = [q for q in questions if q.id not in done]
    summary.skipped = len(questions) - len(todo)
    pipeline.store.check_writable()
    writer = _Writer(out, fresh=not ours)
    try:
        documents, doc_errors = ingest_needed(pipeline, todo, paths)
        _answer_all(pipeline, todo, documents, doc_errors, writer, summary, workers)
    finally:
        writer.close()
    summary.wall_s = round(time.perf_counter() - started, 2)
    return summary


def _answer_all(pipeline: Pipeline, todo: list[QuestionRow], documents: dict[str, Document], doc_errors: dict[str, str],
                writer: _Writer, summary: BatchSummary, workers: int) -> None:
    pool = ThreadPoolExecutor(max_workers=max(1, workers))
    task = pipeline.reporter.task("answering", len(todo))
    try:
        futures = [pool.submit(_answer_one, pipeline, q, documents, doc_errors) for q in todo]
        for future in as_completed(futures):
            record, storage = future.result()
            writer.write(record)
            _count(summary, record)
            task.advance(1, f"{summary.answered + summary.not_found + summary.errors}/{len(todo)} questions, "
                            f"{summary.errors} errors")
            if storage is not None:
                raise storage  # every further trace would be lost too: stop at the first
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)  # Ctrl-C: stop now; a rerun resumes where this left off
        raise
    finally:
        pool.shutdown(wait=True)
        task.close(f"{len(todo)} questions")


def ingest_needed(pipeline: Pipeline, todo: list[QuestionRow], paths: list[Path]):
    """Ingest once: only the files questions name, or all of them when some question names none."""
    files, failures = expand_paths(paths)
    errors = {Path(f.path).stem: f.message for f in failures}
    if not files and failures:
        raise InputError(failures[0].error["what"], failures[0].error["fix"])
    wanted = {Path(q.doc).stem if q.doc.lower().endswith(".pdf") else q.doc for q in todo if q.doc}
    if any(q.doc is None for q in todo):
        chosen = files
    else:
        chosen = [f for f in files if f.stem in wanted or f.name in wanted]
    report = pipeline.ingest(chosen) if chosen else None
    documents = {d.meta.doc_id: d for d in report.documents} if report else {}
    for failure in report.failures if report else []:
        errors[Path(failure.path).stem] = failure.message
    return documents, errors


def _answer_one(pipeline: Pipeline, q: QuestionRow, documents: dict[str, Document],
                doc_errors: dict[str, str]) -> tuple[dict[str, Any], StorageError | None]:
    """The output record of one question, and the storage error that must stop the batch, if any."""
    record: dict[str, Any] = {"id": q.id, "question": q.question, **q.extra, "doc": q.doc}
    try:
        result = pipeline.ask(q.question, documents=_documents_for(q, documents, doc_errors))
    except DocintelError as exc:
        storage = exc.trace_error if isinstance(exc.trace_error, StorageError) else None
        return {**record, "answer": None, "verification_status": None, "trace_id": exc.trace_id,
                "error": exc.to_dict()}, storage
    except Exception as exc:  # one bad question never stops the batch
        return {**record, "answer": None, "verification_status": None, "trace_id": None,
                "error": {"type": type(exc).__name__, "what": str(exc), "fix": "report this bug with the question"}}, None
    usage = result.usage
    cost = estimate_cost(result.model, usage.input_tokens, usage.output_tokens, usage.cached_tokens) \
        if result.backend == "openai" else 0.0
    return {**record, "answer": result.answer.model_dump(mode="json"), "verification_status": result.verification.status,
            "citations": {"verified": result.verification.verified, "failed": result.verification.failed},
            "backend": result.backend, "model": result.model, "usage": usage.model_dump(), "cost_usd": cost,
            "trace_id": result.trace_id if result.trace_path else None,
            # an answer whose trace was lost is kept for reading but retried on resume
            "error": result.trace_error.to_dict() if result.trace_error else None}, result.trace_error


def _documents_for(q: QuestionRow, documents: dict[str, Document], doc_errors: dict[str, str]) -> list[Document]:
    if q.doc:
        document = match_doc(q.doc, documents)
        if document is None:
            reason = doc_errors.get(Path(q.doc).stem) or f"document {q.doc!r} is not among the given paths"
            raise QuestionFileError(reason, "check the question's doc field and the PATH arguments")
        return [document]
    if not documents:
        raise QuestionFileError("no readable document to answer from", "check the PATH arguments")
    return list(documents.values())


def _count(summary: BatchSummary, record: dict[str, Any]) -> None:
    if record.get("error"):
        summary.errors += 1
        return
    if record["answer"].get("answer_found"):
        summary.answered += 1
    else:
        summary.not_found += 1
    summary.citations_verified += record["citations"]["verified"]
    summary.citations_failed += record["citations"]["failed"]
    summary.input_tokens += record["usage"]["input_tokens"]
    summary.output_tokens += record["usage"]["output_tokens"]
    if record.get("cost_usd") is None or summary.cost_usd is None:
        summary.cost_usd = None
    else:
        summary.cost_usd = round(summary.cost_usd + record["cost_usd"], 6)
