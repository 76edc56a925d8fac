"""The pipeline: the one place that strings the stages together.

ingest -> parse question -> retrieve -> pack context -> compose prompt -> generate -> verify
-> trace. Every ``ask`` writes a trace, also when it fails.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel

from . import __version__
from .answer import make_extraction_model, not_found_answer, schema_for
from .context import Context, estimate_tokens, pack_context
from .errors import DocintelError, InputError, StorageError, TraceError, UsageError
from .backends import Backend, BackendFailure, Generation, Usage, make_backend
from .ingest import Document, IngestFailure, Ingestor, IngestReport, expand_paths, file_hash
from .pricing import estimate_cost
from .progress import SILENT, Reporter
from .prompts import Prompt, compose_prompt
from .question import ParsedQuestion, check_question, parse_question
from .retrieve import RetrievalResult, retrieve, warm_indexes
from .settings import Settings
from .traces import TraceStore, new_trace_id, utc_now
from .verify import Verification, verify_answer


@dataclass
class Prepared:
    """Everything up to the packed context."""

    parsed: ParsedQuestion
    documents: list[Document]
    failures: list[IngestFailure]
    retrieval: RetrievalResult
    context: Context
    timings: dict[str, float]


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

    def to_json(self) -> dict[str, Any]:
        """The ``ask --json`` object."""
        return {
            "answer": self.answer.model_dump(mode="json"),
            "verification": self.verification.model_dump(mode="json"),
            "trace_id": self.trace_id if self.trace_path else None,
            "trace_path": str(self.trace_path) if self.trace_path else None,
            "trace_error": self.trace_error.to_dict() if self.trace_error else None,
            "backend": self.backend,
            "model": self.model,
            "usage": self.usage.model_dump(),
            "context_status": self.prepared.context.status,
            "failed_documents": [f.model_dump() for f in self.prepared.failures],
            "notes": self.notes,
        }


def shape_of(schema: type[BaseModel]) -> str:
    """The answer_type literal of a schema."""
    return get_args(schema.model_fields["answer_type"].annotation)[0]


def _doc_record(d: Document) -> dict[str, Any]:
    m = d.meta
    return {"doc_id": m.doc_id, "path": str(Path(m.path).resolve()), "content_hash": m.content_hash, "title": m.title, "n_pages": m.n_pages,
            "n_lines": m.n_lines, "extractor_version": m.extractor_version, "cache_hit": d.cache_hit,
            "warnings": [w.model_dump() for w in m.warnings]}


class Pipeline:
    """One run of docintel: shared ingestion memo, trace store and backend."""

    def __init__(self, settings: Settings, password: str | None = None, reporter: Reporter = SILENT) -> None:
        self.settings = settings
        self.reporter = reporter
        self.ingestor = Ingestor(settings, password, reporter)
        self.store = TraceStore(settings.traces_dir)
        self._backend: Backend | None = None

    @property
    def backend(self) -> Backend:
        """The answering backend (created on first use)."""
        if self._backend is None:
            self._backend = make_backend(self.settings)
        return self._backend

    def ingest(self, paths: list[Path]) -> IngestReport:
        """Ingest files and folders (each file parsed at most once per run)."""
        return self.ingestor.ingest(paths)

    def warm(self, documents: list[Document]) -> None:
        """Load or build the search indexes of *documents* now, with progress (before answering in threads)."""
        warm_indexes(documents, self.settings, self.reporter)

    def prepare(self, question: str, paths: list[Path] | None = None, *, documents: list[Document] | None = None,
                budget_chars: int | None = None, settings: Settings | None = None) -> Prepared:
        """Ingest (unless *documents* are given), parse the question, retrieve and pack the context."""
        question = check_question(question)
        settings = settings or self.settings
        timings: dict[str, float] = {}
        started = time.perf_counter()
        failures: list[IngestFailure] = []
        if documents is None:
            report = self.ingest(paths or [])
            documents, failures = report.documents, report.failures
        timings["ingest_s"] = time.perf_counter() - started
        if not documents:
            first = failures[0] if failures else None
            raise InputError(first.error["what"] if first else "no documents given",
                             first.error["fix"] if first else "name at least one PDF or folder")
        mark = time.perf_counter()
        warm_indexes(documents, settings, self.reporter)
        parsed = parse_question(question, use_synonyms=settings.use_synonyms)
        retrieval = retrieve(parsed, documents, settings)
        timings["retrieve_s"] = time.perf_counter() - mark
        mark = time.perf_counter()
        context = pack_context(retrieval, documents, settings, budget_chars)
        timings["pack_s"] = time.perf_counter() - mark
        return Prepared(parsed, documents, failures, retrieval, context, {k: round(v, 4) for k, v in timings.items()})

    def ask(self, question: str, paths: list[Path] | None = None, *, documents: list[Document] | None = None,
            schema: type[BaseModel] | None = None, extraction_fields: dict[str, str] | None = None,
            budget_chars: int | None = None, replay_of: str | None = None) -> AskResult:
        """Answer *question* from the documents; always writes a trace (raises after writing it on failure).

        An empty or over-long question is a UsageError before anything runs or is stored. When the
        trace cannot be written the answer is still returned, with ``trace_error`` set.
        """
        question = check_question(question)
        if extraction_fields and self.settings.resolved_backend() == "extractive":
            raise UsageError("field extraction (--fields) needs the openai backend; the extractive backend only quotes lines",
                             "set OPENAI_API_KEY and use --backend openai, or ask without --fields")
        trace: dict[str, Any] = self._new_trace(question, replay_of)
        started = time.perf_counter()
        try:
            return self._ask(trace, question, paths, documents, schema, extraction_fields, budget_chars, started)
        except DocintelError as exc:
            self._fail(trace, exc, started)
            raise

    def _fail(self, trace: dict[str, Any], exc: DocintelError, started: float) -> None:
        """Record a failure in the trace and write it; the error then carries the trace id."""
        trace["error"] = exc.to_dict()
        if isinstance(exc, BackendFailure):
            trace["response"] = {"raw": exc.raw, "request_id": exc.request_id, "outcome": "error"}
            trace["usage"] = (exc.usage or Usage()).model_dump()
        trace["status"] = {"answer": "error", "verification": None, "final": "error"}
        trace["latency_s"] = round(time.perf_counter() - started, 3)
        path, storage_error = self._write(trace)
        exc.trace_id = trace["trace_id"] if path else None
        exc.trace_error = storage_error

    def _ask(self, trace, question, paths, documents, schema, extraction_fields, budget_chars, started) -> AskResult:
        prepared = self.prepare(question, paths, documents=documents, budget_chars=budget_chars)
        self._record_prepared(trace, prepared)
        if extraction_fields:
            schema = make_extraction_model("Extraction", extraction_fields)
            trace["extraction_fields"] = extraction_fields
        schema = schema or schema_for(prepared.parsed.expected_answer_shape)
        shape = shape_of(schema)
        prompt = compose_prompt(prepared.parsed, prepared.context, schema.__name__, shape,
                                include_keywords=self.settings.use_keywords_in_prompt)
        trace["prompt"] = prompt.model_dump()
        trace["budget_audit"] = _audit(prepared.context, prompt)
        return self._complete(trace, prepared, prompt, schema, shape, started, self._generate)

    def _complete(self, trace, prepared: Prepared, prompt: Prompt, schema, shape: str, started: float, generate) -> AskResult:
        """Generate, verify, record and write the trace: the shared end of ask and replay."""
        mark = time.perf_counter()
        generation = generate(prompt, schema, shape, prepared)
        trace["timings"]["generate_s"] = round(time.perf_counter() - mark, 4)
        mark = time.perf_counter()
        verification = verify_answer(generation.answer, prepared.context, prepared.documents)
        trace["timings"]["verify_s"] = round(time.perf_counter() - mark, 4)
        notes = list(generation.notes) + [f.message for f in prepared.failures]
        self._record_generation(trace, generation, verification, started)
        path, storage_error = self._write(trace)
        return AskResult(answer=generation.answer, verification=verification, trace_id=trace["trace_id"], trace_path=path,
                         backend=generation.backend, model=generation.model, usage=generation.usage, prepared=prepared,
                         prompt=prompt, generation=generation, notes=notes, trace_error=storage_error,
                         cost_usd=trace["cost_usd"])

    def _generate(self, prompt: Prompt, schema, shape: str, prepared: Prepared) -> Generation:
        if prepared.context.status != "ok":
            caveat = f"nothing was sent to the model: {prepared.context.status_detail}"
            return Generation(backend=self.settings.resolved_backend(), model=None, outcome="context_empty",
                              answer=not_found_answer(schema, shape, caveat), raw_response=None,
                              request={"skipped": True}, request_id=None, usage=Usage(), latency_s=0.0,
                              retries=None, notes=[caveat])
        return self.backend.generate(prompt, schema, shape, prepared.context, prepared.parsed)

    # ---------------------------------------------------------------- trace assembly
    def _new_trace(self, question: str, replay_of: str | None) -> dict[str, Any]:
        return {
            "trace_version": 1, "trace_id": new_trace_id(), "created_at": utc_now(),
            "kind": "replay" if replay_of else "ask", "replay_of": replay_of,
            "program": {"name": "docintel", "version": __version__},
            "settings": self.settings.public_dict(), "settings_hash": self.settings.settings_hash(),
            "question": question, "timings": {},
            "request": {"backend": self.settings.resolved_backend(), "model": None},
        }

    def _record_prepared(self, trace: dict[str, Any], prepared: Prepared) -> None:
        context = prepared.context
        trace["parsed"] = prepared.parsed.model_dump()
        trace["documents"] = [_doc_record(d) for d in prepared.documents]
        trace["failed_documents"] = [f.model_dump() for f in prepared.failures]
        trace["retrieval"] = {"total_passages": prepared.retrieval.total_passages,
                              "candidates": len(prepared.retrieval.candidates),
                              "below_floor": prepared.retrieval.below_floor,
                              "pages_hint_resolved": prepared.retrieval.pages_hint_resolved,
                              "notes": prepared.retrieval.notes}
        trace["context"] = {"status": context.status, "status_detail": context.status_detail,
                            "budget": context.budget.model_dump(), "decisions": [d.model_dump() for d in context.decisions],
                            "sources": [s.model_dump() for s in context.sources], "notes": context.notes}
        trace["timings"].update(prepared.timings)

    def _record_generation(self, trace, generation: Generation, verification: Verification, started: float) -> None:
        trace["request"] = {"backend": generation.backend, "model": generation.model, **generation.request}
        trace["response"] = {"raw": generation.raw_response, "request_id": generation.request_id,
                             "outcome": generation.outcome, "retries": generation.retries, "notes": generation.notes}
        usage = generation.usage
        trace["usage"] = usage.model_dump()
        trace["cost_usd"] = estimate_cost(generation.model, usage.input_tokens, usage.output_tokens, usage.cached_tokens) \
            if generation.backend == "openai" else 0.0
        trace["answer"] = generation.answer.model_dump(mode="json")
        trace["verification"] = verification.model_dump(mode="json")
        answer_status = "found" if getattr(generation.answer, "answer_found", False) else "not_found"
        if generation.outcome == "refused":
            answer_status = "refused"
        final = "ok" if verification.status in ("verified", "not_found") else "citation_failed"
        trace["status"] = {"answer": answer_status, "verification": verification.status, "final": final}
        trace["latency_s"] = round(time.perf_counter() - started, 3)

    def _write(self, trace: dict[str, Any]) -> tuple[Path | None, StorageError | None]:
        """Store the trace; a storage failure is returned, not raised, so the answer is never lost with it."""
        secret = self.settings.api_key()
        try:
            return self.store.write(trace, (secret,) if secret else ()), None
        except StorageError as exc:
            return None, exc

    # ---------------------------------------------------------------- review helpers
    def _trace_documents(self, trace: dict[str, Any], doc_paths: list[Path] | None = None,
                         search: list[Path] | None = None) -> tuple[list[Document], list[str]]:
        """The documents a trace used, read again (ids as in the trace), and the ids whose file changed.

        Each is looked for at its recorded path, then by content hash among *doc_paths* and the
        PDFs under the *search* folders; a named ``--doc`` whose stem is the document's id stands
        in for a document that changed since.
        """
        records = trace.get("documents", [])
        finder = _DocumentFinder(doc_paths or [], search or [])
        located = [finder.locate(record, trace["trace_id"]) for record in records]
        report = self.ingest([path for path, _ in located])
        if report.failures:
            raise InputError(report.failures[0].error["what"], report.failures[0].error["fix"])
        for document, record in zip(report.documents, records):
            document.meta.doc_id = record["doc_id"]
            document.lines = document.lines.assign(doc_id=record["doc_id"])
        changed = [record["doc_id"] for record, (_, same) in zip(records, located) if not same]
        return report.documents, changed

    def reverify(self, trace_id: str, doc_paths: list[Path] | None = None,
                 search: list[Path] | None = None) -> dict[str, Any]:
        """Re-run the verifier on a stored answer against the current documents (hash checked first)."""
        trace = self.store.load(trace_id)
        if "answer" not in trace:
            raise TraceError(f"trace {trace['trace_id']} has no answer to verify (it failed: {trace.get('error', {}).get('what')})",
                             "replay it instead: docintel traces replay ID")
        documents, changed = self._trace_documents(trace, doc_paths, search)
        context = _current_context(trace["context"], documents)
        answer = _answer_model(trace).model_validate(trace["answer"])
        verification = verify_answer(answer, context, documents)
        before = {(v["item"], v.get("field"), v["span"]): v["verdict"] for v in trace["verification"]["spans"]}
        diffs = [{"item": v.item, "field": v.field, "span": v.span, "before": before.get((v.item, v.field, v.span)),
                  "after": v.verdict, "detail": v.detail}
                 for v in verification.spans if before.get((v.item, v.field, v.span)) != v.verdict]
        return {"trace_id": trace["trace_id"], "changed_documents": changed, "status_before": trace["verification"]["status"],
                "status_after": verification.status, "changes": diffs, "verification": verification.model_dump(mode="json")}

    def replay(self, trace_id: str, doc_paths: list[Path] | None = None,
               search: list[Path] | None = None) -> tuple[AskResult, dict[str, Any]]:
        """Send a stored request again with its settings; store a new trace linked by ``replay_of``."""
        original = self.store.load(trace_id)
        if "prompt" not in original:
            raise TraceError(f"trace {original['trace_id']} failed before a request was built "
                             f"({original.get('error', {}).get('what')})", "ask the question again instead")
        documents, changed = self._trace_documents(original, doc_paths, search)
        context = Context.model_validate({**original["context"], "rendered": ""})
        parsed = ParsedQuestion.model_validate(original["parsed"])
        retrieval = RetrievalResult(candidates=[], passages_by_doc={}, total_passages=0, below_floor=0,
                                    pages_hint_resolved={}, notes=[f"replay of {original['trace_id']}"])
        prepared = Prepared(parsed, documents, [], retrieval, context, {})
        schema = _answer_model(original)
        prompt = Prompt.model_validate(original["prompt"])
        replay_settings = self.settings.model_copy(update={
            k: original["settings"][k] for k in ("model", "api", "max_output_tokens") if k in original["settings"]})
        replay_settings = replay_settings.model_copy(update={"backend": original["request"].get("backend") or "auto"})
        backend = make_backend(replay_settings)
        trace = self._new_trace(original["question"], original["trace_id"])
        trace["settings"], trace["settings_hash"] = replay_settings.public_dict(), replay_settings.settings_hash()
        for key in ("parsed", "retrieval", "context", "prompt", "budget_audit", "extraction_fields"):
            if key in original:
                trace[key] = original[key]
        trace["documents"] = [_doc_record(d) for d in documents]  # where they are now, for verifying this trace
        trace["changed_documents"] = changed
        generate = (lambda p, sc, sh, prep: backend.generate(p, sc, sh, prep.context, prep.parsed))
        started = time.perf_counter()
        try:
            result = self._complete(trace, prepared, prompt, schema, shape_of(schema), started, generate)
        except DocintelError as exc:
            self._fail(trace, exc, started)
            raise
        return result, original


class _DocumentFinder:
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

    def locate(self, record: dict[str, Any], trace_id: str) -> tuple[Path, bool]:
        """(path, unchanged) of one recorded document; InputError naming the way out when it cannot be found."""
        want, stored = record["content_hash"], Path(record["path"])
        if stored.is_file() and self._hash(stored) == want:
            return stored, True
        match = next((p for p in self.candidates if self._hash(p) == want), None)
        if match is not None:
            return match, True
        named = [p for p in self.named if p.stem == record["doc_id"]]
        if named:  # the user's word that this is the document, changed since
            return named[0], False
        if stored.is_file():
            return stored, False
        if self.named:
            raise InputError(f"no --doc file has the content of document {record['doc_id']} of trace {trace_id} "
                             f"(sha256 {want[:12]}…), nor its name", f"name the file {record['doc_id']}.pdf if it is "
                             "that document changed since, or give the right file")
        raise InputError(f"document {record['doc_id']} of trace {trace_id} is no longer at {stored} "
                         f"(content sha256 {want[:12]}…)",
                         "give its new place with --doc PATH, or a folder to find it by content with --search FOLDER")


def _current_context(stored: dict[str, Any], documents: list[Document]) -> Context:
    """The stored context with each sent line read again from the current documents (same line numbers)."""
    by_id = {d.meta.doc_id: d for d in documents}
    sources = []
    for source in stored["sources"]:
        lines = by_id[source["doc"]].lines if source["doc"] in by_id else None
        current = []
        for line in source["lines"]:
            n = line["global_line"]
            if lines is not None and 1 <= n <= len(lines):
                row = lines.iloc[n - 1]
                current.append({"global_line": n, "page": int(row["page"]), "line_in_page": int(row["line_in_page"]),
                                "text": str(row["text"])})
        sources.append({**source, "lines": current})
    return Context.model_validate({**stored, "sources": sources, "rendered": ""})


def _answer_model(trace: dict[str, Any]) -> type[BaseModel]:
    if trace.get("extraction_fields"):
        return make_extraction_model("Extraction", trace["extraction_fields"])
    shape = (trace.get("answer") or {}).get("answer_type") or trace["parsed"]["expected_answer_shape"]
    return schema_for(shape)


def _audit(context: Context, prompt: Prompt) -> dict[str, Any]:
    evidence = context.budget.used_chars
    question_part = len(prompt.user) - evidence
    sections = [
        {"name": "system", "chars": len(prompt.system), "estimated_tokens": estimate_tokens(len(prompt.system)), "budget_chars": None},
        {"name": "question_and_keywords", "chars": question_part, "estimated_tokens": estimate_tokens(question_part), "budget_chars": None},
        {"name": "evidence", "chars": evidence, "estimated_tokens": estimate_tokens(evidence), "budget_chars": context.budget.budget_chars},
    ]
    total = len(prompt.system) + len(prompt.user)
    return {"sections": sections, "total_chars": total, "total_estimated_tokens": estimate_tokens(total)}
