"""The trace of one call as a typed model; its JSON form is documented in docs/TRACE_FORMAT.md.

``Trace`` is built by the pipeline field group by field group (each assignment is validated),
checked again when written and when read. Version-1 files (written before traces were
checked) are read leniently: missing groups get defaults and unknown top-level keys are left
out. Which versions are written and read is decided by docintel.traces.store (TRACE_VERSION), which
imports this module only when a trace file must be read or written: this module imports the
stage models it reuses (and with them pandas), and never imports docintel.traces.store back.
"""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_serializer, model_validator

from ..backends.base import Usage
from ..context.pack import BudgetSection, Context, estimate_tokens
from ..context.prompts import Prompt
from ..ingest.documents import IngestFailure, PageWarning
from ..ingest.ocr import OcrInfo
from ..pricing import estimate_cost
from ..question.conversation import SessionRecord
from ..question.parse import ParsedQuestion
from ..retrieval.route import Routing
from ..sequential import CallRecord
from ..verify.ocr import CitationOcr, ocr_citations
from ..verify.quotes import AnswerStatus, OverallStatus, Verification
from .claims import ClaimsRecord

if TYPE_CHECKING:
    from pydantic_core.core_schema import SerializerFunctionWrapHandler

    from ..backends.base import Generation
    from ..ingest.documents import Document
    from ..retrieval.search import RetrievalResult

LEGACY_VERSION = 1  # written unchecked; upgraded when read
TRACE_ID_PATTERN = r"^\d{8}T\d{12}Z-[0-9a-f]{6}$"
# Top-level fields written as null once set (null means something); other unset or null groups are left out.
_NULL_MEANS_SOMETHING = frozenset({"replay_of", "cost_usd"})


class TraceFormatError(ValueError):
    """Data that is not a trace this docintel can read or write; the message says what is wrong."""


class _Record(BaseModel):
    """A field group of the trace: exactly the documented keys, validated on assignment."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class Program(_Record):
    """``program``: which docintel wrote the trace."""

    name: str = "docintel"
    version: str


class DocumentRecord(_Record):
    """One entry of ``documents``: where the document was and what it held."""

    doc_id: str
    path: str
    content_hash: str
    title: str
    n_pages: int
    n_lines: int
    extractor: Literal["pdfium", "pypdf"] = Field(
        "pypdf", description="the library that read the text (traces from before pdfium: pypdf)"
    )
    extractor_version: str
    cache_hit: bool
    warnings: list[PageWarning]
    ocr: OcrInfo | None = Field(default=None, description="the pages read by OCR, when any was")

    @model_validator(mode="before")
    @classmethod
    def _extractor_from_version(cls, data: Any) -> Any:
        """A record without ``extractor`` (written before there was a choice) names it from its version string."""
        if isinstance(data, dict) and "extractor" not in data and isinstance(data.get("extractor_version"), str):
            data = {**data, "extractor": "pdfium" if data["extractor_version"].startswith("pdfium") else "pypdf"}
        return data

    @classmethod
    def of(cls, document: Document) -> DocumentRecord:
        """The record of an ingested document (absolute path)."""
        meta = document.meta
        return cls(
            doc_id=meta.doc_id,
            path=str(Path(meta.path).resolve()),
            content_hash=meta.content_hash,
            title=meta.title,
            n_pages=meta.n_pages,
            n_lines=meta.n_lines,
            extractor=meta.extractor,
            extractor_version=meta.extractor_version,
            cache_hit=document.cache_hit,
            warnings=meta.warnings,
            ocr=meta.ocr,
        )


class RetrievalRecord(_Record):
    """``retrieval``: how many passages there were and what retrieval noted."""

    total_passages: int
    candidates: int
    below_floor: int
    pages_hint_resolved: dict[str, list[int]]
    notes: list[str]

    @classmethod
    def of(cls, retrieval: RetrievalResult) -> RetrievalRecord:
        """The record of a retrieval result (candidates counted)."""
        return cls(
            total_passages=retrieval.total_passages,
            candidates=len(retrieval.candidates),
            below_floor=retrieval.below_floor,
            pages_hint_resolved=retrieval.pages_hint_resolved,
            notes=retrieval.notes,
        )


class TraceContext(Context):
    """``context``: the packed Context without its rendered text (the sources hold every line sent)."""

    model_config = ConfigDict(extra="forbid")

    rendered: str = Field("", exclude=True)

    @classmethod
    def of(cls, context: Context) -> TraceContext:
        """The stored form of a packed context."""
        return cls.model_validate(context.model_dump(exclude={"rendered"}))


class BudgetAudit(_Record):
    """``budget_audit``: the size of each prompt section against its budget."""

    sections: list[BudgetSection]
    total_chars: int
    total_estimated_tokens: int

    @classmethod
    def of(cls, context: Context, prompt: Prompt) -> BudgetAudit:
        """System prompt, question with keywords, and evidence, in chars and estimated tokens."""
        evidence = context.budget.used_chars
        question_part = len(prompt.user) - evidence
        sections = [
            _section("system", len(prompt.system)),
            _section("question_and_keywords", question_part),
            _section("evidence", evidence, context.budget.budget_chars),
        ]
        total = len(prompt.system) + len(prompt.user)
        return cls(sections=sections, total_chars=total, total_estimated_tokens=estimate_tokens(total))


def _section(name: str, chars: int, budget_chars: int | None = None) -> BudgetSection:
    return BudgetSection(name=name, chars=chars, estimated_tokens=estimate_tokens(chars), budget_chars=budget_chars)


class RequestRecord(_Record):
    """``request``: backend and model, plus the backend's own request parameters (open set)."""

    model_config = ConfigDict(extra="allow", validate_assignment=True)

    backend: str | None
    model: str | None

    @classmethod
    def of(cls, generation: Generation) -> RequestRecord:
        """The request a generation made (its parameters win over the generation's model name)."""
        return cls.model_validate({"backend": generation.backend, "model": generation.model, **generation.request})


class ResponseRecord(_Record):
    """``response``: the raw response (or error body) and how the call ended."""

    raw: dict[str, Any] | None
    request_id: str | None
    outcome: Literal["answered", "refused", "context_empty", "error"]
    retries: int | None = None
    notes: list[str] = Field(default_factory=list)

    @classmethod
    def of(cls, generation: Generation) -> ResponseRecord:
        """The response of a generation."""
        return cls(
            raw=generation.raw_response,
            request_id=generation.request_id,
            outcome=generation.outcome,
            retries=generation.retries,
            notes=generation.notes,
        )


AnswerOutcome = Literal["found", "not_found", "refused", "error"]
FinalStatus = Literal["ok", "citation_failed", "unsupported", "unchecked", "partial", "error"]


class TraceStatus(_Record):
    """``status``: the answer's status, the verification status and the final verdict."""

    answer: AnswerOutcome
    verification: AnswerStatus | None
    final: FinalStatus
    support: OverallStatus | None = Field(
        default=None,
        description="supported only when every quote is verified and every check holds; unchecked when no check "
        "failed but one could not decide",
    )

    @classmethod
    def of(cls, generation: Generation, verification: Verification) -> TraceStatus:
        """The status of a completed call."""
        answer: AnswerOutcome = "found" if getattr(generation.answer, "answer_found", False) else "not_found"
        final: FinalStatus = "ok" if verification.status in ("verified", "not_found") else "citation_failed"
        if final == "ok" and verification.overall in ("unsupported", "unchecked", "partial"):
            final = verification.overall
        return cls(
            answer="refused" if generation.outcome == "refused" else answer,
            verification=verification.status,
            final=final,
            support=verification.overall,
        )

    @classmethod
    def failed(cls) -> TraceStatus:
        """The status of a call that failed."""
        return cls(answer="error", verification=None, final="error")


class ErrorRecord(_Record):
    """``error``: what went wrong and how to fix it."""

    type: str
    what: str
    fix: str


class Timings(_Record):
    """``timings``: seconds per stage; a stage that did not run is left out."""

    ingest_s: float | None = None
    route_s: float | None = None
    retrieve_s: float | None = None
    pack_s: float | None = None
    generate_s: float | None = None
    verify_s: float | None = None

    @model_serializer(mode="wrap")
    def _ran_only(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        return {name: seconds for name, seconds in handler(self).items() if seconds is not None}


class Trace(BaseModel):
    """One call: what was asked, read, sent, answered and verified, and what it cost."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    trace_version: int = Field(strict=True, ge=LEGACY_VERSION)  # 2, not "2" nor true; traces.store checks which
    trace_id: str = Field(pattern=TRACE_ID_PATTERN)
    created_at: str
    kind: Literal["ask", "replay", "verify"]
    replay_of: str | None = Field(None, pattern=TRACE_ID_PATTERN)
    program: Program
    settings: dict[str, Any]
    settings_hash: str
    question: str
    parsed: ParsedQuestion | None = None
    documents: list[DocumentRecord] | None = None
    routing: Routing | None = Field(
        default=None, description="which documents of the folder were searched, and a decision (with why) for each"
    )
    failed_documents: list[IngestFailure] | None = None
    changed_documents: list[str] | None = None
    retrieval: RetrievalRecord | None = None
    context: TraceContext | None = None
    extraction_fields: dict[str, str] | None = None
    prompt: Prompt | None = None
    budget_audit: BudgetAudit | None = None
    request: RequestRecord
    response: ResponseRecord | None = None
    usage: Usage | None = None
    cost_usd: float | None = None
    answer: dict[str, Any] | None = None
    verification: Verification | None = None
    ocr: list[CitationOcr] | None = Field(
        default=None, description="the citations whose lines were read by OCR (scanned pages), with confidences"
    )
    session: SessionRecord | None = Field(
        default=None, description="a chat turn: session id, turn number, what was asked and resolved, tier sizes"
    )
    strategy: Literal["combined", "sequential"] | None = Field(
        default=None, description="how the context was sent: one call, or groups of passages in rank order"
    )
    calls: list[CallRecord] | None = Field(
        default=None,
        description="sequential strategy: every call in order; context, prompt and answer above are the kept call's",
    )
    claims: ClaimsRecord | None = Field(
        default=None, description="a verify trace: another tool's answer, checked claim by claim (docintel verify)"
    )
    status: TraceStatus | None = None
    error: ErrorRecord | None = None
    timings: Timings = Field(default_factory=Timings)
    latency_s: float | None = None

    @field_validator("created_at")
    @classmethod
    def _iso_time(cls, value: str) -> str:
        datetime.fromisoformat(value)  # ValueError names the bad text
        return value

    @model_serializer(mode="wrap")
    def _absent_groups_left_out(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data = handler(self)
        return {
            key: value
            for key, value in data.items()
            if value is not None or (key in _NULL_MEANS_SOMETHING and key in self.model_fields_set)
        }

    def as_json(self) -> dict[str, Any]:
        """The JSON form, as stored in the trace file."""
        return self.model_dump(mode="json")

    def record_generation(
        self, generation: Generation, verification: Verification, documents: list[Document] | None = None
    ) -> None:
        """The generation's field groups: request, response, usage and cost, answer, verification, status, and
        the citations of lines read by OCR (of *documents*)."""
        self.request = RequestRecord.of(generation)
        self.response = ResponseRecord.of(generation)
        self.usage = generation.usage
        self.cost_usd = _cost(generation)
        self.answer = generation.answer.model_dump(mode="json")
        self.verification = verification
        self.ocr = ocr_citations(verification.spans, documents or []) or None
        self.status = TraceStatus.of(generation, verification)

    def finish(self, started: float) -> None:
        """Record the wall time since *started* (a ``time.perf_counter()`` value)."""
        self.latency_s = round(time.perf_counter() - started, 3)

    @classmethod
    def for_storage(cls, data: dict[str, Any]) -> Trace:
        """*data* checked as a complete trace, one that is written (raises TraceFormatError)."""
        checked = _validated(data)
        if checked.trace_version == LEGACY_VERSION:
            raise TraceFormatError(f"version {LEGACY_VERSION} traces are read, never written")
        if checked.status is None:
            raise TraceFormatError("a trace is written once its status is known")
        return checked

    @classmethod
    def from_stored(cls, data: Any) -> Trace:
        """A trace read from a file's JSON data; version 1 is upgraded (raises TraceFormatError)."""
        if not isinstance(data, dict) or "trace_id" not in data or "trace_version" not in data:
            raise TraceFormatError("not a docintel trace (no trace_id or trace_version)")
        if data["trace_version"] == LEGACY_VERSION and type(data["trace_version"]) is int:
            data = _upgrade_v1(data)
        return _validated(data)


def _validated(data: dict[str, Any]) -> Trace:
    try:
        return Trace.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
        first = errors[0]
        where = ".".join(str(part) for part in first["loc"]) or "trace"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        message = first["msg"].removeprefix("Value error, ")
        raise TraceFormatError(f"{where}: {message}{more}") from None


def _upgrade_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 trace (written unchecked) in the current shape: defaults for missing groups, unknown keys out."""
    defaults: dict[str, Any] = {
        "kind": "replay" if data.get("replay_of") else "ask",
        "program": {"name": "docintel", "version": "unknown"},
        "settings": {},
        "settings_hash": "",
        "question": "",
        "request": {"backend": None, "model": None},
        "timings": {},
        "created_at": _time_of_id(str(data.get("trace_id"))),
    }
    return {**defaults, **{key: value for key, value in data.items() if key in Trace.model_fields}}


def _time_of_id(trace_id: str) -> str:
    """The creation time an id encodes (ids start with it), in ISO 8601."""
    try:
        return datetime.strptime(trace_id[:22], "%Y%m%dT%H%M%S%fZ").isoformat() + "+00:00"
    except ValueError:
        return "1970-01-01T00:00:00+00:00"


def _cost(generation: Generation) -> float | None:
    """Estimated cost in USD: 0 without a model, None when the model's price is unknown."""
    if generation.backend != "openai":
        return 0.0
    if generation.request.get("priced") is False:
        return None  # a server whose prices are not OpenAI's (a local model): no estimate rather than a wrong one
    usage = generation.usage
    return estimate_cost(generation.model, usage.input_tokens, usage.output_tokens, usage.cached_tokens)
