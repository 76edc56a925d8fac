"""``docintel verify``: read another tool's answer, check every claim against the DOCs, leave a ``verify`` trace.

Nothing is written before the answer file and every DOC have been read: a bad input stops the run with its
error and leaves no trace. The trace keeps the claims' verdicts (``claims``), the DOCs, the found lines as the
context (so ``docintel view`` boxes them on their pages), each claim as an answer item and the verifier's
records of its quotes and checks (docs/TRACE_FORMAT.md).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..context.pack import Context
from ..errors import InputError, StorageError
from ..ingest.documents import Document, expand_paths
from ..pipeline import Pipeline
from ..traces.claims import ClaimResult, ClaimsRecord, summarise
from ..traces.model import (
    DocumentRecord,
    FinalStatus,
    Program,
    RequestRecord,
    Timings,
    Trace,
    TraceContext,
    TraceStatus,
)
from ..traces.store import TRACE_VERSION, new_trace_id, utc_now
from ..verify.quotes import Verification
from .external import ParsedAnswer, read_answer
from .verify_claims import Checked, ClaimChecker, combined_verification


@dataclass
class VerifyRun:
    """The outcome of one ``docintel verify``: the verdicts and where its trace went."""

    record: ClaimsRecord
    documents: list[Document]
    trace_id: str
    trace_path: Path | None
    trace_error: StorageError | None

    def to_json(self) -> dict[str, Any]:
        """The ``verify --json`` object: claims in the answer's order, the summary, the trace."""
        data = self.record.model_dump(mode="json")
        return {
            "claims": data["claims"],
            "summary": data["summary"],
            "answer": {"path": data["answer_path"], "format": data["format"], "model": data["model"]},
            "notes": data["notes"],
            "documents": [d.meta.doc_id for d in self.documents],
            "trace_id": self.trace_id if self.trace_path else None,
            "trace_path": str(self.trace_path) if self.trace_path else None,
            "trace_error": self.trace_error.to_dict() if self.trace_error else None,
        }


def run_verify(pipeline: Pipeline, answer: Path, doc_paths: list[Path], fmt: str = "auto") -> VerifyRun:
    """Check the claims of *answer* against the PDFs *doc_paths* (in the order given) and store a trace."""
    started = time.perf_counter()
    files, failures = expand_paths(doc_paths)
    if failures:
        raise InputError(failures[0].error["what"], failures[0].error["fix"])
    parsed = read_answer(answer, [f.name for f in files], fmt)
    documents = _ingest(pipeline, files)
    checker = ClaimChecker(documents)
    checked = [checker.check(claim) for claim in parsed.claims]
    results = [c.result for c in checked]
    record = ClaimsRecord(
        answer_path=str(answer.resolve()),
        format=parsed.format,
        model=parsed.model,
        notes=parsed.notes + ([] if parsed.claims else ["the answer holds no claim"]),
        claims=results,
        summary=summarise(results),
    )
    trace = _trace(pipeline, answer, parsed, checker, checked, record)
    trace.cost_usd = 0.0  # no model was called
    trace.timings = Timings(verify_s=round(time.perf_counter() - started, 4))
    trace.finish(started)
    path, error = _write(pipeline, trace)
    return VerifyRun(record, documents, trace.trace_id, path, error)


def _ingest(pipeline: Pipeline, files: list[Path]) -> list[Document]:
    report = pipeline.ingest(files)
    if report.failures:
        raise InputError(report.failures[0].error["what"], report.failures[0].error["fix"])
    by_path = {Path(d.meta.path).resolve(): d for d in report.documents}
    return [by_path[f.resolve()] for f in files if f.resolve() in by_path]


def _trace(
    pipeline: Pipeline,
    answer: Path,
    parsed: ParsedAnswer,
    checker: ClaimChecker,
    checked: list[Checked],
    record: ClaimsRecord,
) -> Trace:
    settings = pipeline.settings
    verification = combined_verification(checked)
    summary = record.summary
    return Trace(
        trace_version=TRACE_VERSION,
        trace_id=new_trace_id(),
        created_at=utc_now(),
        kind="verify",
        replay_of=None,
        program=Program(version=__version__),
        settings=settings.public_dict(),
        settings_hash=settings.settings_hash(),
        question=f"verify {answer.name} ({parsed.format}, {summary.claims} claim{'s' if summary.claims != 1 else ''})",
        documents=[DocumentRecord.of(d) for d in checker.documents],
        context=TraceContext.of(_found_context(record.claims, checker)),
        request=RequestRecord(backend=parsed.format, model=parsed.model),
        answer=_answer(record.claims),
        verification=verification,
        claims=record,
        status=_status(record, verification),
    )


def _answer(claims: list[ClaimResult]) -> dict[str, Any]:
    """Each claim as an answer item, so the trace page lists them with their checks and found lines."""
    return {
        "answer_type": "claims",
        "items": [{"text": c.claim, "status": c.status} for c in claims],
        "answer_found": bool(claims),
        "complete_answer_found": bool(claims),
        "conflicting_evidence": False,
        "context_structured": True,
        "caveats": [],
    }


def _status(record: ClaimsRecord, verification: Verification) -> TraceStatus:
    summary = record.summary
    final: FinalStatus = "ok"
    if summary.quote_not_found:
        final = "citation_failed"
    elif summary.contradicted or summary.unsupported:
        final = "unsupported"
    elif not summary.all_supported:
        final = "unchecked"
    return TraceStatus(
        answer="found" if summary.claims else "not_found",
        verification=verification.status,
        final=final,
        support=verification.overall,
    )


def _found_context(claims: list[ClaimResult], checker: ClaimChecker) -> Context:
    """The found lines of every claim as a context (the lines the trace page boxes)."""
    position = {d.meta.doc_id: n for n, d in enumerate(checker.documents)}
    wanted: dict[int, set[int]] = {}
    for claim in claims:
        for place in claim.evidence:
            wanted.setdefault(position[place.doc], set()).update(range(place.line_start, place.line_end + 1))
    return checker.context_of(wanted)


def _write(pipeline: Pipeline, trace: Trace) -> tuple[Path | None, StorageError | None]:
    secret = pipeline.settings.api_key()
    try:
        return pipeline.store.write(trace, (secret,) if secret else ()), None
    except StorageError as exc:
        return None, exc
