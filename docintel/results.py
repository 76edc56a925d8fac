"""What the pipeline hands back: the prepared evidence of a question, and a verified, traced answer

Top-level beside pipeline.py (not in answer/): it names every stage's records, so it sits above them all."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: preparing a context must not import the answering stages
    from pydantic import BaseModel

    from .backends import Generation, Usage
    from .context.pack import Context
    from .context.prompts import Prompt
    from .errors import StorageError
    from .ingest.documents import Document, IngestFailure
    from .question.conversation import SessionRecord
    from .question.parse import ParsedQuestion
    from .retrieval.route import Routing
    from .retrieval.search import RetrievalResult
    from .sequential import CallRecord
    from .verify.quotes import Verification


@dataclass
class Prepared:
    """Everything up to the packed context."""

    parsed: ParsedQuestion
    documents: list[Document]
    failures: list[IngestFailure]
    retrieval: RetrievalResult
    context: Context
    timings: dict[str, float]
    routing: Routing | None = None
    conversation: str = ""  # a chat turn's conversation block (question.conversation), sent before the evidence
    notes: list[str] = field(default_factory=list)  # notes of the answering stages, shown with the answer


@dataclass
class AskResult:
    """A verified, traced answer."""

    answer: BaseModel
    verification: Verification
    trace_id: str
    trace_path: Path | None
    backend: str
    model: str | None
    usage: Usage
    prepared: Prepared
    prompt: Prompt
    generation: Generation
    notes: list[str] = field(default_factory=list)
    trace_error: StorageError | None = None
    cost_usd: float | None = 0.0
    calls: list[CallRecord] = field(default_factory=list)
    session: SessionRecord | None = None  # a chat turn's session record, tiers included, as traced

    def prompt_chars(self) -> int:
        """Characters sent to the model in all: every call of a sequential answer, else the one prompt."""
        if self.calls:
            return sum(c.prompt_chars for c in self.calls)
        if self.generation.outcome == "context_empty":
            return 0
        from .sequential import sent_messages

        sent = sum(len(m.get("content", "")) for m in sent_messages(self.generation))  # schema instruction too
        return sent or len(self.prompt.system) + len(self.prompt.user)

    def to_json(self) -> dict[str, Any]:
        """The ``ask --json`` object; each citation (verification span) says whether its lines were read by OCR."""
        from .verify.ocr import ocr_citations

        verification = self.verification.model_dump(mode="json")
        ocr = [c.model_dump(mode="json") for c in ocr_citations(self.verification.spans, self.prepared.documents)]
        marks = {(c["item"], c["field"], c["span"]): c for c in ocr}
        for span in verification["spans"]:
            span["ocr"] = marks.get((span["item"], span["field"], span["span"]))
        return {
            "answer": self.answer.model_dump(mode="json"),
            "status": self.verification.overall,
            "verification": verification,
            "ocr": ocr,
            "trace_id": self.trace_id if self.trace_path else None,
            "trace_path": str(self.trace_path) if self.trace_path else None,
            "trace_error": self.trace_error.to_dict() if self.trace_error else None,
            "backend": self.backend,
            "model": self.model,
            "usage": self.usage.model_dump(),
            "context_status": self.prepared.context.status,
            "routing": self.prepared.routing.model_dump(mode="json") if self.prepared.routing else None,
            "strategy": "sequential" if self.calls else "combined",
            "calls": [c.model_dump(mode="json") for c in self.calls],
            "failed_documents": [f.model_dump() for f in self.prepared.failures],
            "notes": self.notes,
        }
