"""What reviewing a stored trace needs besides the stages: finding its documents again, reading its
context from the current files, and reporting what re-verification changed.

Used by ``Pipeline.reverify`` and ``Pipeline.replay``; strings no stage together itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..answer.contract import make_extraction_model, schema_for
from ..context.pack import ContextLine, Source
from ..errors import InputError
from ..ingest.documents import Document, expand_paths, file_hash
from ..settings import Settings
from ..verify.quotes import Verification
from .model import DocumentRecord, Trace, TraceContext


def replay_settings(settings: Settings, original: Trace) -> Settings:
    """This run's settings with the original's model, API, output limit and backend, and its structured-output
    setting unless this run sets one (to replay a call that failed in a mode the server rejects)."""
    names = ["model", "api", "max_output_tokens"]
    if "structured_output" not in settings.model_fields_set:
        names.append("structured_output")
    kept: dict[str, Any] = {k: original.settings[k] for k in names if k in original.settings}
    return settings.model_copy(update={**kept, "backend": original.request.backend or "auto"})


def reverify_report(trace: Trace, before: Verification, changed: list[str], after: Verification) -> dict[str, Any]:
    """What ``traces verify`` prints: the verdicts that changed, and the statuses before and after."""
    old = {(v.item, v.field, v.span): v.verdict for v in before.spans}
    diffs = [
        {
            "item": v.item,
            "field": v.field,
            "span": v.span,
            "before": old.get((v.item, v.field, v.span)),
            "after": v.verdict,
            "detail": v.detail,
        }
        for v in after.spans
        if old.get((v.item, v.field, v.span)) != v.verdict
    ]
    return {
        "trace_id": trace.trace_id,
        "changed_documents": changed,
        "status_before": before.status,
        "status_after": after.status,
        "support_before": before.overall,
        "support_after": after.overall,
        "changes": diffs,
        "verification": after.model_dump(mode="json"),
    }


def labelled(document: Document, doc_id: str) -> Document:
    """A copy of *document* under the id the trace cites (the ingested document is left as it is)."""
    meta = document.meta.model_copy(update={"doc_id": doc_id})
    return document.model_copy(update={"meta": meta, "lines": document.lines.assign(doc_id=doc_id)})


class DocumentFinder:
    """Finds a trace's documents: at the recorded path, else by content hash among given files and folders."""

    def __init__(self, doc_paths: list[Path], search: list[Path]) -> None:
        for path in doc_paths:
            if not path.is_file():
                raise InputError(f"{path}: no such file (given with --doc)", "check the path")
        found, failures = expand_paths(search)
        if failures:
            raise InputError(failures[0].error["what"] + " (given with --search)", failures[0].error["fix"])
        self.named = doc_paths
        self.candidates = list(doc_paths) + found
        self._hashes: dict[Path, str] = {}

    def _hash(self, path: Path) -> str:
        if path not in self._hashes:
            try:
                self._hashes[path] = file_hash(path)
            except OSError as exc:
                raise InputError(f"{path}: cannot read file ({exc.strerror})", "check the file's permissions") from None
        return self._hashes[path]

    def locate(self, record: DocumentRecord, trace_id: str) -> tuple[Path, bool]:
        """(path, unchanged) of one recorded document; InputError naming the way out when it cannot be found."""
        want, stored = record.content_hash, Path(record.path)
        if stored.is_file() and self._hash(stored) == want:
            return stored, True
        match = next((p for p in self.candidates if self._hash(p) == want), None)
        if match is not None:
            return match, True
        named = [p for p in self.named if p.stem == record.doc_id]
        if named:  # the user's word that this is the document, changed since
            return named[0], False
        if stored.is_file():
            return stored, False
        if self.named:
            raise InputError(
                f"no --doc file has the content of document {record.doc_id} of trace {trace_id} "
                f"(sha256 {want[:12]}…), nor its name",
                f"name the file {record.doc_id}.pdf if it is that document changed since, or give the right file",
            )
        raise InputError(
            f"document {record.doc_id} of trace {trace_id} is no longer at {stored} (content sha256 {want[:12]}…)",
            "give its new place with --doc PATH, or a folder to find it by content with --search FOLDER",
        )


def current_context(stored: TraceContext, documents: list[Document]) -> TraceContext:
    """The stored context with each sent line read again from the current documents (same line numbers)."""
    by_id = {d.meta.doc_id: d for d in documents}
    sources = [
        source.model_copy(update={"lines": _current_lines(source, by_id.get(source.doc))}) for source in stored.sources
    ]
    return stored.model_copy(update={"sources": sources})


def _current_lines(source: Source, document: Document | None) -> list[ContextLine]:
    """The lines of *source* as *document* has them now (lines past its end, or of a missing document, are gone)."""
    if document is None:
        return []
    lines = document.lines
    current = []
    for line in source.lines:
        if 1 <= line.global_line <= len(lines):
            row = lines.iloc[line.global_line - 1]
            current.append(
                ContextLine(
                    global_line=line.global_line,
                    page=int(row["page"]),
                    line_in_page=int(row["line_in_page"]),
                    text=str(row["text"]),
                )
            )
    return current


def answer_model(trace: Trace) -> type[BaseModel]:
    """The answer schema a trace's answer was made with."""
    if trace.extraction_fields:
        return make_extraction_model("Extraction", trace.extraction_fields)
    shape = (trace.answer or {}).get("answer_type") or (trace.parsed.expected_answer_shape if trace.parsed else "text")
    return schema_for(shape)
