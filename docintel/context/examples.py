"""The example bank: validated question/answer pairs shown to the model as answer-format examples.

Recurring format slips (a "$" where the contract wants "USD", a date left as "March 2025", a
value split over two lines) are fixed by showing the model a few answers that passed every
check. ``docintel examples add TRACE_ID`` stores a traced answer only when it was supported:
found, every quote verified and every value, period and calculation check holding. The bank
is one JSON file beside the traces (``<traces_dir>/examples/bank.json``: in a folder of its own, so
that no trace listing reads it as a trace), written atomically.

At question time the closest examples of the same answer shape (BM25 over the example
questions, the same machinery as passages) become one prompt fragment at the start of the
user prompt, never in the system prompt, so the system prompt stays the same for every
question of a shape. An example carries its question and its answer's items without spans:
the line numbers of another document would only mislead.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from ..errors import TraceError, UsageError, storage_error
from ..ingest.cache import atomic_write_json
from ..retrieval.search import Bm25Index
from ..settings import Settings
from ..textnorm import tokenize

BANK_NAME = "examples/bank.json"
MAX_EXAMPLE_CHARS = 1200  # an example's rendered answer is cut here: it shows a format, not a document


class Example(BaseModel):
    """One validated question and its answer."""

    id: str = Field(description="ex-<trace id>")
    trace_id: str
    question: str
    shape: str = Field(description="the answer schema's answer_type: amount, date, text, ...")
    items: list[dict[str, Any]] = Field(description="the answer's items without spans")
    created_at: str


def bank_path(traces_dir: Path) -> Path:
    """Where the bank of a traces folder is kept."""
    return traces_dir / BANK_NAME


def load_bank(traces_dir: Path) -> list[Example]:
    """The examples stored beside the traces (none when there is no bank yet)."""
    path = bank_path(traces_dir)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return [Example.model_validate(entry) for entry in data]
    except (FileNotFoundError, NotADirectoryError):
        return []  # no bank yet (a traces folder that is a file is the trace store's error to report)
    except (OSError, ValueError, ValidationError, TypeError) as exc:
        raise TraceError(
            f"the example bank {path} cannot be read ({exc.__class__.__name__})",
            "fix or delete the file; examples are added again with docintel examples add TRACE_ID",
        ) from None


def save_bank(traces_dir: Path, examples: list[Example]) -> None:
    """Write the bank atomically."""
    path = bank_path(traces_dir)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_json(path, [e.model_dump(mode="json") for e in examples], indent=1)
    except OSError as exc:
        raise storage_error("write the example bank", path, exc, "make the traces folder writable") from None


def _without_spans(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_spans(v) for k, v in value.items() if k not in ("spans", "span")}
    if isinstance(value, list):
        return [_without_spans(v) for v in value]
    return value


def example_from_trace(trace: dict[str, Any], created_at: str) -> Example:
    """The example a stored trace gives; UsageError naming the reason when its answer was not supported."""
    trace_id = trace["trace_id"]
    answer, verification = trace.get("answer"), trace.get("verification") or {}
    fix = "only answers whose every citation and value check passed can be examples; pick a supported trace"
    if answer is None:
        raise UsageError(f"trace {trace_id} has no answer (it failed)", fix)
    overall = verification.get("overall") or verification.get("status")
    if not answer.get("answer_found") or not answer.get("items"):
        raise UsageError(f"trace {trace_id} found no answer", fix)
    if overall != "supported":
        failed, unsupported = verification.get("failed", 0), verification.get("values_unsupported", 0)
        raise UsageError(
            f"trace {trace_id} is {overall}: {failed} quote(s) failed, {unsupported} value check(s) did not hold",
            fix,
        )
    return Example(
        id=f"ex-{trace_id}",
        trace_id=trace_id,
        question=trace["question"],
        shape=str(answer.get("answer_type")),
        items=_without_spans(answer["items"]),
        created_at=created_at,
    )


def select_examples(bank: list[Example], question: str, shape: str, limit: int) -> list[Example]:
    """Up to *limit* examples of the same answer shape whose questions are closest to *question* (BM25);
    an example of the same question (same words, whatever the case, punctuation or 'FY 2025' / 'FY2025')
    is left out: it would hand the model an answer."""
    asked = _words(question)
    same = [e for e in bank if e.shape == shape and _words(e.question) != asked]
    if not same or limit <= 0:
        return []
    terms = [(t, 1.0) for t in dict.fromkeys(tokenize(question))]
    scores, _ = Bm25Index([tokenize(e.question) for e in same]).scores(terms)
    ranked = sorted(range(len(same)), key=lambda i: (-scores[i], same[i].id))
    return [same[i] for i in ranked[:limit] if scores[i] > 0]


def _words(question: str) -> list[str]:
    """A question's words for telling the same question apart ('FY 2025' and 'fiscal 2025' alike)."""
    return ["fiscal" if t == "fy" else t for t in tokenize(question, keep_stop_words=True)]


def examples_fragment(examples: list[Example]) -> str:
    """The prompt fragment that shows the examples (empty for none)."""
    if not examples:
        return ""
    parts = [
        "Examples of answers whose quotes and values passed verification, from other questions and documents. "
        "The wording of a text answer is not checked. They show the "
        "expected format only: never use their content, and cite only the evidence below."
    ]
    for number, example in enumerate(examples, start=1):
        items = json.dumps(example.items, ensure_ascii=False)
        if len(items) > MAX_EXAMPLE_CHARS:
            items = items[: MAX_EXAMPLE_CHARS - 1] + "…"
        parts.append(f"Example {number}\nQuestion: {example.question}\nAnswer items: {items}")
    return "\n\n".join(parts)


class ExampleBank:
    """The bank of a run: read once, on first use; one that cannot be read is a warning, not a failure."""

    def __init__(self, settings: Settings, warn: Callable[[str], None]) -> None:
        self.settings = settings
        self.warn = warn
        self._examples: list[Example] | None = None
        self._lock = threading.Lock()

    def select(self, question: str, shape: str) -> list[Example]:
        """The closest examples of *shape* for *question* (none when examples are off)."""
        if not self.settings.use_examples:
            return []
        with self._lock:
            if self._examples is None:
                try:
                    self._examples = load_bank(self.settings.traces_dir)
                except TraceError as exc:
                    self.warn(f"{exc.what} — {exc.fix}; answering without examples")
                    self._examples = []
        return select_examples(self._examples, question, shape, self.settings.max_examples)
