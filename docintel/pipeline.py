"""The pipeline: the one place that strings the stages together: ingest -> parse question -> retrieve -> pack
context -> compose prompt -> generate -> verify -> trace. Every ``ask`` writes a trace, also when it fails.

The stages after the context (answer contract, backends, prompts, verification, trace model, conversation) are
imported by the methods that use them, so that ``context`` on a cached document starts fast (bench_startup).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_args

from pydantic import BaseModel

from . import __version__
from .context.pack import Context, empty_context, pack_context
from .errors import DocintelError, InputError, StorageError, TraceError, UsageError
from .ingest.documents import Document, Ingestor, IngestReport
from .progress import SILENT, Reporter
from .question.parse import check_question, parse_question
from .results import AskResult, Prepared
from .retrieval.corpus import Corpus, corpus_key, corpus_of, open_corpus
from .retrieval.corpus_passages import disk_views
from .retrieval.pool import freeze_loaded
from .retrieval.route import route
from .retrieval.search import RetrievalResult, retrieve, warm_indexes
from .settings import MIN_BUDGET_CHARS, Settings
from .traces.store import TraceStore

if TYPE_CHECKING:
    from .backends import Backend, Generation
    from .context.examples import ExampleBank
    from .context.prompts import Prompt
    from .question.conversation import ChatTurn
    from .sequential import CallRecord
    from .traces.model import Trace
    from .verify.quotes import Verification


def shape_of(schema: type[BaseModel]) -> str:
    """The answer_type literal of a schema."""
    return str(get_args(schema.model_fields["answer_type"].annotation)[0])


def _since(mark: float) -> float:
    return round(time.perf_counter() - mark, 4)


class Pipeline:
    """One run of docintel: shared ingestion memo, trace store and backend."""

    def __init__(
        self,
        settings: Settings,
        password: str | None = None,
        reporter: Reporter = SILENT,
        ingestor: Ingestor | None = None,
    ) -> None:
        self.settings = settings
        self.reporter = reporter
        self.ingestor = ingestor or Ingestor(settings, password, reporter)  # shared: each PDF parsed once a run
        self.store = TraceStore(settings.traces_dir)
        self._backend: Backend | None = None
        self._corpora: dict[str, Corpus] = {}
        self._corpus_lock = threading.Lock()
        self._examples: ExampleBank | None = None

    @property
    def examples(self) -> ExampleBank:
        """The example bank (loaded on first use: preparing a context needs none)."""
        if self._examples is None:
            from .context.examples import ExampleBank

            self._examples = ExampleBank(self.settings, self.reporter.warn)
        return self._examples

    @property
    def backend(self) -> Backend:
        """The answering backend (created on first use)."""
        if self._backend is None:
            from .backends import make_backend

            self._backend = make_backend(self.settings)
        return self._backend

    def ingest(self, paths: list[Path]) -> IngestReport:
        """Ingest files and folders (each file parsed at most once per run)."""
        return self.ingestor.ingest(paths)

    def corpus(self, paths: list[Path], persist: bool | None = None) -> Corpus:
        """The corpus of the PATH arguments, its index refreshed once a run (kept on disk for folders, *persist*)."""
        key = corpus_key(paths)
        with self._corpus_lock:
            if key not in self._corpora:
                self._corpora[key] = open_corpus(paths, self.ingestor, self.settings, self.reporter, persist)
            return self._corpora[key]

    def corpus_of(self, documents: list[Document]) -> Corpus:
        """A corpus of documents already read (indexed in memory, once per run)."""
        key = "\n".join(f"{d.meta.content_hash}:{d.meta.doc_id}" for d in documents)
        with self._corpus_lock:
            if key not in self._corpora:
                self._corpora[key] = corpus_of(documents, self.settings)
            return self._corpora[key]

    def warm(self, documents: list[Document]) -> None:
        """Load or build the search indexes of *documents* now, with progress (before answering in threads)."""
        warm_indexes(documents, self.settings, self.reporter)

    def prepare(
        self,
        question: str,
        paths: list[Path] | None = None,
        *,
        documents: list[Document] | None = None,
        budget_chars: int | None = None,
        settings: Settings | None = None,
        scope: list[str] | None = None,
    ) -> Prepared:
        """Parse the question, route it to the documents that can answer it, retrieve and pack the context.

        *paths* are opened as a corpus (its index on disk); *documents* already read are indexed in
        memory. *scope* holds ``--doc`` globs.
        """
        question = check_question(question)
        settings = settings or self.settings
        timings: dict[str, float] = {}
        mark = time.perf_counter()
        corpus = self.corpus_of(documents) if documents is not None else self.corpus(paths or [])
        timings["ingest_s"] = time.perf_counter() - mark
        if not corpus.documents:
            first = corpus.failures[0] if corpus.failures else None
            raise InputError(
                first.error["what"] if first else "no documents given",
                first.error["fix"] if first else "name at least one PDF or folder",
            )
        mark = time.perf_counter()
        parsed = parse_question(question, use_synonyms=settings.use_synonyms)
        routing = route(parsed, corpus, settings, scope)
        routed = corpus.load(routing.routed)
        timings["route_s"] = time.perf_counter() - mark
        mark = time.perf_counter()
        budget = budget_chars or settings.budget_chars
        if routing.status != "ok":
            retrieval = RetrievalResult(
                candidates=[], total_passages=0, below_floor=0, pages_hint_resolved={}, notes=[]
            )
            context = empty_context("no_match", routing.detail, budget, notes=routing.notes)
            timings["retrieve_s"] = time.perf_counter() - mark
        else:
            warm_indexes(routed, settings, self.reporter)
            disk = disk_views(corpus, routed, settings, self.reporter)  # a large corpus: its indexes on disk
            retrieval = retrieve(parsed, routed, settings, disk)
            routing.notes += retrieval.page_notes  # a page past the end: shown with the answer
            timings["retrieve_s"] = time.perf_counter() - mark
            mark = time.perf_counter()
            context = pack_context(retrieval, routed, settings, budget_chars)
            context.notes = [*routing.notes, *context.notes]
            timings["pack_s"] = time.perf_counter() - mark
            freeze_loaded(routed)  # the caches of these documents now exist: no full collection scans them again
        timings = {k: round(v, 4) for k, v in timings.items()}
        return Prepared(parsed, routed, corpus.failures, retrieval, context, timings, routing)

    def ask(
        self,
        question: str,
        paths: list[Path] | None = None,
        *,
        documents: list[Document] | None = None,
        schema: type[BaseModel] | None = None,
        extraction_fields: dict[str, str] | None = None,
        budget_chars: int | None = None,
        replay_of: str | None = None,
        scope: list[str] | None = None,
        turn: ChatTurn | None = None,
    ) -> AskResult:
        """Answer *question* from the documents; always writes a trace (raises after writing it on failure).

        An empty or over-long question is a UsageError before anything runs or is stored. When the
        trace cannot be written the answer is still returned, with ``trace_error`` set. A chat *turn*
        sends its conversation block before the evidence, which gets the rest of the budget.
        """
        question = check_question(question)
        if extraction_fields and self.settings.resolved_backend() == "extractive":
            raise UsageError(
                "field extraction (--fields) needs the openai backend; the extractive backend only quotes lines",
                "set OPENAI_API_KEY and use --backend openai, or ask without --fields",
            )
        trace = self._new_trace(question, self.settings, replay_of)
        if turn is not None:
            trace.session = turn.session
            budget_chars = max((budget_chars or self.settings.budget_chars) - len(turn.history.text), MIN_BUDGET_CHARS)
        started = time.perf_counter()
        return self._traced(
            trace,
            started,
            lambda: self._ask(trace, paths, documents, schema, extraction_fields, budget_chars, started, scope, turn),
        )

    def _traced(self, trace: Trace, started: float, work: Callable[[], AskResult]) -> AskResult:
        """Run *work*; when it fails, record the error in *trace*, write it, and raise again."""
        try:
            return work()
        except DocintelError as exc:
            self._fail(trace, exc, started)
            raise

    def _fail(self, trace: Trace, exc: DocintelError, started: float) -> None:
        """Record a failure in the trace and write it; the error then carries the trace id."""
        from .backends import BackendFailure, Usage
        from .traces.model import ErrorRecord, RequestRecord, ResponseRecord, TraceStatus

        trace.error = ErrorRecord.model_validate(exc.to_dict())
        if isinstance(exc, BackendFailure):
            trace.response = ResponseRecord(raw=exc.raw, request_id=exc.request_id, outcome="error")
            trace.usage = exc.usage or Usage()
            if exc.request:  # the model asked for, the parameters, the messages sent, every attempt
                trace.request = RequestRecord.model_validate({"backend": trace.request.backend, **exc.request})
        trace.status = TraceStatus.failed()
        trace.finish(started)
        path, exc.trace_error = self._write(trace)
        exc.trace_id = trace.trace_id if path else None

    def _ask(
        self,
        trace: Trace,
        paths: list[Path] | None,
        documents: list[Document] | None,
        schema: type[BaseModel] | None,
        extraction_fields: dict[str, str] | None,
        budget_chars: int | None,
        started: float,
        scope: list[str] | None = None,
        turn: ChatTurn | None = None,
    ) -> AskResult:
        from .answer.contract import make_extraction_model, part_fields, schema_for
        from .sequential import group_contexts, strategy_for
        from .traces.model import BudgetAudit

        prepared = self.prepare(trace.question, paths, documents=documents, budget_chars=budget_chars, scope=scope)
        _record_prepared(trace, prepared)
        if turn is not None:
            prepared.conversation = turn.history.text
        parts = prepared.parsed.parts
        if not extraction_fields and schema is None and len(parts) > 1 and self.settings.resolved_backend() == "openai":
            extraction_fields = part_fields(parts)  # one call, one field (item group) per part
        if extraction_fields:
            schema = make_extraction_model("Extraction", extraction_fields)
            trace.extraction_fields = extraction_fields
        schema = schema or schema_for(prepared.parsed.expected_answer_shape)
        if strategy_for(prepared.parsed, self.settings) == "sequential" and not extraction_fields:
            budget = prepared.context.budget.budget_chars
            groups = group_contexts(prepared.retrieval, prepared.documents, self.settings, budget)
            if len(groups) > 1 and prepared.context.status == "ok":
                return self._sequential(trace, prepared, groups, schema, started)
            if self.settings.strategy == "sequential" and prepared.context.status == "ok":
                prepared.notes.append("sequential was asked for, but every passage fits one call: sent in one call")
        trace.strategy = "combined"
        prompt = self._prompt(prepared, schema)
        trace.prompt, trace.budget_audit = prompt, BudgetAudit.of(prepared.context, prompt)
        return self._complete(trace, prepared, prompt, schema, started)

    def _prompt(self, prepared: Prepared, schema: type[BaseModel]) -> Prompt:
        from .context.prompts import compose_prompt

        shape = shape_of(schema)
        examples = self.examples.select(prepared.parsed.question, shape)
        return compose_prompt(
            prepared.parsed,
            prepared.context,
            schema.__name__,
            shape,
            include_keywords=self.settings.use_keywords_in_prompt,
            examples=examples,
            conversation=prepared.conversation,
        )

    def _sequential(
        self, trace: Trace, prepared: Prepared, groups: list[Context], schema: type[BaseModel], started: float
    ) -> AskResult:
        """Call the model on one group of passages at a time, best first; stop at the first answer found,
        complete and supported. The trace keeps every call and, as its context and answer, the kept call's."""
        from .sequential import call_record, kept_call, settles, total_usage
        from .traces.model import BudgetAudit, TraceContext

        calls: list[CallRecord] = []
        tried: list[tuple[Prepared, Prompt, Generation, Verification]] = []
        for number, context in enumerate(groups, start=1):
            step = replace(prepared, context=context)
            prompt = self._prompt(step, schema)
            trace.context, trace.prompt = TraceContext.of(context), prompt  # what a failed call was sent
            generation, verification = self._verified(self._generate(prompt, schema, step, None), context, prepared)
            done = settles(generation, verification)
            calls.append(call_record(number, context, prompt, generation, verification, done))
            tried.append((step, prompt, generation, verification))
            if done:
                break
        kept = kept_call(calls)
        calls[kept] = calls[kept].model_copy(update={"kept": True})
        step, prompt, generation, verification = tried[kept]
        trace.strategy, trace.calls = "sequential", calls
        trace.context = TraceContext.of(step.context)
        trace.prompt, trace.budget_audit = prompt, BudgetAudit.of(step.context, prompt)
        trace.timings.generate_s = round(sum(c.latency_s for c in calls), 4)
        usage = total_usage([c.usage for c in calls])
        result = self._finish(
            trace, step, prompt, generation.model_copy(update={"usage": usage}), verification, started
        )
        result.calls = calls
        return result

    def _complete(
        self,
        trace: Trace,
        prepared: Prepared,
        prompt: Prompt,
        schema: type[BaseModel],
        started: float,
        replay_backend: Backend | None = None,
    ) -> AskResult:
        """Generate, verify, record and write the trace: the shared end of ask and replay."""
        mark = time.perf_counter()
        generation = self._generate(prompt, schema, prepared, replay_backend)
        trace.timings.generate_s = _since(mark)
        mark = time.perf_counter()
        generation, verification = self._verified(generation, prepared.context, prepared)
        trace.timings.verify_s = _since(mark)
        return self._finish(trace, prepared, prompt, generation, verification, started)

    def _verified(
        self, generation: Generation, context: Context, prepared: Prepared
    ) -> tuple[Generation, Verification]:
        """Verify the answer; an offline one not supported is settled by the offline backend (its alternatives
        tried, its failing items dropped, or all withdrawn as evidence)."""
        from .backends.settle import settle_offline
        from .retrieval.decisions import unconfirmed_issuer
        from .verify.verifier import verify_answer

        checking = (context, prepared.documents, prepared.parsed.question)
        unconfirmed = unconfirmed_issuer(prepared.routing, len(prepared.documents))

        def verify(answer: BaseModel) -> Verification:
            return verify_answer(answer, *checking, unconfirmed)

        return settle_offline(generation, verify(generation.answer), verify)

    def _finish(
        self,
        trace: Trace,
        prepared: Prepared,
        prompt: Prompt,
        generation: Generation,
        verification: Verification,
        started: float,
    ) -> AskResult:
        """Record the answer, write the trace and build the result."""
        from .question.conversation import evidence_tier

        if trace.session is not None:  # a chat turn: the evidence tier is what this answer's call was sent
            packed, lines = prepared.context.budget, sum(len(s.lines) for s in prepared.context.sources)
            tier = evidence_tier(packed.used_chars, packed.budget_chars, lines)
            trace.session = trace.session.model_copy(update={"tiers": [*trace.session.tiers, tier]})
        trace.record_generation(generation, verification, prepared.documents)
        trace.finish(started)
        path, storage_error = self._write(trace)
        freeze_loaded(prepared.documents, "answered")  # what verifying loaded stays out of the collector too
        routing_notes = prepared.routing.notes if prepared.routing else []
        notes = list(
            dict.fromkeys([*routing_notes, *prepared.notes, *generation.notes, *(f.message for f in prepared.failures)])
        )
        return AskResult(
            answer=generation.answer,
            verification=verification,
            trace_id=trace.trace_id,
            trace_path=path,
            backend=generation.backend,
            model=generation.model,
            usage=generation.usage,
            prepared=prepared,
            prompt=prompt,
            generation=generation,
            notes=notes,
            trace_error=storage_error,
            cost_usd=trace.cost_usd,
            session=trace.session,
        )

    def _generate(
        self, prompt: Prompt, schema: type[BaseModel], prepared: Prepared, replay_backend: Backend | None
    ) -> Generation:
        """The backend's answer. An ask sends nothing for an empty context; a replay sends the stored prompt as is."""
        from .answer.contract import not_found_answer
        from .backends import Generation, Usage

        shape = shape_of(schema)
        if replay_backend is not None:
            return replay_backend.generate(prompt, schema, shape, prepared.context, prepared.parsed)
        if prepared.context.status != "ok":
            caveat = f"nothing was sent to the model: {prepared.context.status_detail}"
            return Generation(
                backend=self.settings.resolved_backend(),
                model=None,
                outcome="context_empty",
                answer=not_found_answer(schema, shape, caveat),
                raw_response=None,
                request={"skipped": True},
                request_id=None,
                usage=Usage(),
                latency_s=0.0,
                retries=None,
                notes=[caveat],
            )
        with self.reporter.waiting("model call", self.settings.call_timeout_s):  # a CPU model may take minutes
            return self.backend.generate(prompt, schema, shape, prepared.context, prepared.parsed)

    def _new_trace(self, question: str, settings: Settings, replay_of: str | None = None) -> Trace:
        """A trace as a call starts: who, when, with which settings, for which question."""
        from .traces.model import Program, RequestRecord, Trace
        from .traces.store import TRACE_VERSION, new_trace_id, utc_now

        return Trace(
            trace_version=TRACE_VERSION,
            trace_id=new_trace_id(),
            created_at=utc_now(),
            kind="replay" if replay_of else "ask",
            replay_of=replay_of,
            program=Program(version=__version__),
            settings=settings.public_dict(),
            settings_hash=settings.settings_hash(),
            question=question,
            request=RequestRecord(backend=settings.resolved_backend(), model=None),
        )

    def _write(self, trace: Trace) -> tuple[Path | None, StorageError | None]:
        """Store the trace; a storage failure is returned, not raised, so the answer is never lost with it."""
        secret = self.settings.api_key()
        try:
            return self.store.write(trace, (secret,) if secret else ()), None
        except StorageError as exc:
            return None, exc
        except ValueError as exc:  # a trace the model refuses is a bug; the paid answer must still be shown
            return None, StorageError(f"cannot store trace {trace.trace_id} ({exc})", "report this bug")

    # ---------------------------------------------------------------- review helpers
    def _trace_documents(
        self, trace: Trace, doc_paths: list[Path] | None = None, search: list[Path] | None = None
    ) -> tuple[list[Document], list[str]]:
        """The documents a trace used, read again (ids as in the trace), and the ids whose file changed.

        Each is looked for at its recorded path, then by content hash among *doc_paths* and the
        PDFs under the *search* folders; a named ``--doc`` whose stem is the document's id stands
        in for a document that changed since.
        """
        from .traces.review import DocumentFinder, labelled

        records = trace.documents or []
        finder = DocumentFinder(doc_paths or [], search or [])
        located = [finder.locate(record, trace.trace_id) for record in records]
        documents = []
        for record, (path, _) in zip(records, located, strict=True):
            # read with the extractor the trace was made with, so its line numbers mean the same lines
            report = self.ingestor.for_extractor(record.extractor).ingest([path])
            if report.failures:
                raise InputError(report.failures[0].error["what"], report.failures[0].error["fix"])
            documents.append(labelled(report.documents[0], record.doc_id))
        changed = [record.doc_id for record, (_, same) in zip(records, located, strict=True) if not same]
        return documents, changed

    def reverify(
        self, trace_id: str, doc_paths: list[Path] | None = None, search: list[Path] | None = None
    ) -> dict[str, Any]:
        """Re-run the verifier on a stored answer against the current documents (hash checked first)."""
        from .answer.contract import upgrade_answer
        from .traces.review import answer_model, current_context, reverify_report
        from .verify.verifier import verify_answer

        trace = self.store.load(trace_id)
        if trace.answer is None or trace.verification is None or trace.context is None:
            raise TraceError(
                f"trace {trace.trace_id} has no answer to verify "
                f"(it failed: {trace.error.what if trace.error else None})",
                "replay it instead: docintel traces replay ID",
            )
        documents, changed = self._trace_documents(trace, doc_paths, search)
        answer = answer_model(trace).model_validate(upgrade_answer(trace.answer))
        verification = verify_answer(answer, current_context(trace.context, documents), documents, trace.question)
        return reverify_report(trace, trace.verification, changed, verification)

    def replay(
        self, trace_id: str, doc_paths: list[Path] | None = None, search: list[Path] | None = None
    ) -> tuple[AskResult, Trace]:
        """Send a stored request again with its settings; store a new trace linked by ``replay_of``."""
        from .backends import make_backend
        from .traces.review import answer_model, replay_settings

        original = self.store.load(trace_id)
        if original.prompt is None or original.parsed is None or original.context is None:
            raise TraceError(
                f"trace {original.trace_id} failed before a request was built "
                f"({original.error.what if original.error else None})",
                "ask the question again instead",
            )
        documents, changed = self._trace_documents(original, doc_paths, search)
        settings = replay_settings(self.settings, original)
        backend = make_backend(settings)
        trace = self._replay_trace(original, settings, documents, changed)
        retrieval = RetrievalResult(
            candidates=[],
            total_passages=0,
            below_floor=0,
            pages_hint_resolved={},
            notes=[f"replay of {original.trace_id}"],
        )
        prepared = Prepared(original.parsed, documents, [], retrieval, original.context, {})
        prompt, schema = original.prompt, answer_model(original)
        started = time.perf_counter()
        result = self._traced(trace, started, lambda: self._complete(trace, prepared, prompt, schema, started, backend))
        return result, original

    def _replay_trace(
        self, original: Trace, settings: Settings, documents: list[Document], changed: list[str]
    ) -> Trace:
        """The new trace of a replay: the original's question, evidence and prompt; documents where they are now."""
        from .traces.model import DocumentRecord

        trace = self._new_trace(original.question, settings, original.trace_id)
        trace.parsed, trace.retrieval, trace.context = original.parsed, original.retrieval, original.context
        trace.routing = original.routing
        trace.prompt, trace.budget_audit = original.prompt, original.budget_audit
        trace.extraction_fields = original.extraction_fields
        trace.documents = [DocumentRecord.of(d) for d in documents]  # where they are now, for verifying this trace
        trace.changed_documents = changed
        return trace


def _record_prepared(trace: Trace, prepared: Prepared) -> None:
    """The preparation's field groups: parsed question, documents, retrieval, context, stage timings."""
    from .traces.model import DocumentRecord, RetrievalRecord, Timings, TraceContext

    trace.parsed = prepared.parsed
    trace.documents = [DocumentRecord.of(d) for d in prepared.documents]
    trace.routing = prepared.routing
    trace.failed_documents = prepared.failures
    trace.retrieval = RetrievalRecord.of(prepared.retrieval)
    trace.context = TraceContext.of(prepared.context)
    trace.timings = Timings.model_validate(prepared.timings)
