"""The ``openai`` backend: the official client against any OpenAI-compatible server.

The Responses API or Chat Completions (``api``; ``auto`` falls back to chat when a server has no
Responses API), with the answer schema sent in the structured-output mode the server takes
(``structured_output``; see docintel.backends.structured). What ``auto`` finds is remembered per
server and model (docintel.backends.servers). Retries are this module's own: load is retried
with backoff, a rejected request never. Refusals become a not-found answer; every failure is a
BackendFailure carrying the request record (model, parameters, messages, every attempt) and the
raw response or error body, for the trace.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any, NamedTuple

import openai
from openai.lib._pydantic import to_strict_json_schema
from pydantic import BaseModel

from ..answer.contract import not_found_answer
from ..context.pack import Context
from ..context.prompts import Prompt
from ..errors import ConfigError
from ..question.parse import ParsedQuestion
from ..redact import clean, clean_data
from ..settings import Settings, redact_url
from .base import BackendFailure, Generation, Outcome, Usage
from .failures import ServerSaid, classify, status_failure
from .servers import Api, ServerMemory, served_model, server_key
from .structured import Mode, next_modes, read_reply, repair_request, schema_instruction, server_reason

MAX_RETRY_AFTER_S = 60.0
Messages = list[dict[str, str]]


class _Reply(NamedTuple):
    """One HTTP exchange that got an answer: its text (or refusal), why it stopped, the raw response."""

    text: str
    refusal: str | None
    cut_off: str | None
    raw: dict[str, Any]
    request_id: str | None
    usage: Usage


class _Call(NamedTuple):
    """What one generate() got: the validated answer (None on refusal), the last raw response, its metadata."""

    answer: BaseModel | None
    raw: dict[str, Any]
    request_id: str | None
    usage: Usage
    refusal: str | None


class _Log:
    """Every attempt of one generate() and the messages last sent, for the request record."""

    def __init__(self, limit_s: float) -> None:
        self.limit_s = limit_s
        self.deadline = time.perf_counter() + limit_s
        self.attempts: list[dict[str, Any]] = []
        self.messages: list[dict[str, str]] = []
        self.api: Api | None = None
        self.mode: Mode | None = None
        self.usage = Usage()

    def add(self, started: float, **entry: Any) -> None:
        entry = {"attempt": len(self.attempts) + 1, "api": self.api, "structured_output": self.mode, **entry}
        self.attempts.append({**entry, "latency_s": round(time.perf_counter() - started, 3)})

    def count(self, usage: Usage) -> Usage:
        """Add one reply's tokens to the total of this generate() and return the total."""
        self.usage = Usage(
            input_tokens=self.usage.input_tokens + usage.input_tokens,
            output_tokens=self.usage.output_tokens + usage.output_tokens,
            cached_tokens=self.usage.cached_tokens + usage.cached_tokens,
            total_tokens=self.usage.total_tokens + usage.total_tokens,
        )
        return self.usage


def _usage(raw_usage: Any) -> Usage:
    if raw_usage is None:
        return Usage()

    def get(name: str) -> Any:
        return getattr(raw_usage, name, None)

    inp = get("input_tokens") or get("prompt_tokens") or 0
    out = get("output_tokens") or get("completion_tokens") or 0
    details = get("input_tokens_details") or get("prompt_tokens_details")
    cached = getattr(details, "cached_tokens", 0) or 0
    return Usage(
        input_tokens=inp, output_tokens=out, cached_tokens=cached, total_tokens=get("total_tokens") or inp + out
    )


class OpenAIBackend:
    """The official openai client, structured output in the mode the server takes, bounded retries of load."""

    name = "openai"

    def __init__(self, settings: Settings) -> None:
        if not settings.api_key():
            raise ConfigError(
                "no API key for the openai backend",
                "set OPENAI_API_KEY (environment or .env; any text for a local server), or use --backend extractive",
            )
        self.client = openai.OpenAI(
            api_key=settings.api_key(),
            base_url=settings.openai_base_url,
            timeout=settings.timeout_s,
            max_retries=0,  # retried here: load only, never a rejected request
        )
        # another server than OpenAI's (a local model): a request is not retried once it timed out (a one-slot
        # server keeps working on the abandoned request), and without DOCINTEL_TIMEOUT_S a request may take
        # as long as the whole call (a CPU model needs minutes)
        self.local = self.client.base_url.host != OPENAI_HOST
        if self.local and "timeout_s" not in settings.model_fields_set:
            settings = settings.model_copy(update={"timeout_s": settings.call_timeout_s})
        self.notes: list[str] = []
        if self.local and "model" not in settings.model_fields_set:
            served = served_model(self.client)
            if served is not None:
                settings = settings.model_copy(update={"model": served})
                self.notes.append(f"no model named: the server's one model, {served}, answered (its /v1/models)")
        self.settings = settings
        self.priced = self.client.base_url.host in {h.strip() for h in settings.priced_hosts.split(",")}
        self.memory = ServerMemory(settings.cache_dir)
        self.key = server_key(str(self.client.base_url), settings.model)
        _build_response_models()

    def _store(self, api: str) -> bool | None:
        """The ``store`` flag sent: always to the Responses API (it retains by default) and to OpenAI
        itself; to other Chat Completions servers only when opted in (some reject unknown fields)."""
        if api == "responses" or self.settings.openai_store:
            return self.settings.openai_store
        return self.settings.openai_store if self.client.base_url.host == "api.openai.com" else None

    def request_record(self, prompt: Prompt, schema: type[BaseModel], log: _Log | None = None) -> dict[str, Any]:
        """The request as stored in traces (no secrets): parameters, the API and mode used, the messages
        last sent and every attempt."""
        log = log or _Log(self.settings.call_timeout_s)
        api = log.api or ("responses" if self.settings.api == "auto" else self.settings.api)
        return {
            "api": api,
            "api_setting": self.settings.api,
            "structured_output": log.mode,
            "structured_output_setting": self.settings.structured_output,
            "model": self.settings.model,
            "temperature": 0,
            "max_output_tokens": self.settings.max_output_tokens,
            "base_url": redact_url(str(self.client.base_url)),  # no credentials embedded in a URL
            "schema_name": schema.__name__,
            "timeout_s": self.settings.timeout_s,
            "store": self._store(api),
            "max_retries": self.settings.max_retries,
            "messages": log.messages or _base_messages(prompt),
            "attempts": log.attempts,
            "priced": self.priced,  # a known price at a known host: OpenAI's prices mean nothing for a local model
        }

    def generate(
        self, prompt: Prompt, schema: type[BaseModel], shape: str, context: Context, parsed: ParsedQuestion
    ) -> Generation:
        """Call the model; refusals become a not-found answer, other failures BackendFailure (with the request)."""
        started = time.perf_counter()
        log = _Log(self.settings.call_timeout_s)
        try:
            call = self._answer(prompt, schema, log)
        except BackendFailure as exc:
            exc.request = self.request_record(prompt, schema, log)
            exc.usage = exc.usage or log.usage
            raise
        notes: list[str] = []
        outcome: Outcome = "answered"
        answer = call.answer
        caveats = list(getattr(answer, "caveats", None) or [])
        if answer is not None and any(not str(c).strip() for c in caveats):  # a model's [""] says nothing
            answer = answer.model_copy(update={"caveats": [c for c in caveats if str(c).strip()]})
        if call.refusal is not None or answer is None:
            refusal = call.refusal or "no answer"
            outcome = "refused"
            notes.append(f"the model refused: {refusal}")
            answer = not_found_answer(schema, shape, f"the model refused to answer: {refusal}")
        return Generation(
            backend=self.name,
            model=call.raw.get("model") or self.settings.model,
            answer=answer,
            outcome=outcome,
            raw_response=call.raw,
            request=self.request_record(prompt, schema, log),
            request_id=call.request_id,
            usage=call.usage,
            latency_s=round(time.perf_counter() - started, 3),
            retries=sum(1 for a in log.attempts if a.get("retried")),
            notes=[*self.notes, *notes],
        )

    # ------------------------------------------------------------------ API and mode, found or remembered
    def _answer(self, prompt: Prompt, schema: type[BaseModel], log: _Log) -> _Call:
        """Try the APIs in order: the one set, or for 'auto' the remembered one (else responses) then the other,
        when a server has no Responses API or its Responses API ignores the schema (llama-server)."""
        setting = self.settings.api
        remembered = self.memory.api(self.key) if setting == "auto" else None
        first: Api = remembered or "responses"
        apis: list[Api] = [setting] if setting != "auto" else [first, "chat" if first == "responses" else "responses"]
        for position, api in enumerate(apis):
            try:
                return self._on_api(api, prompt, schema, log)
            except ServerSaid as said:
                if position + 1 < len(apis):
                    continue
                raise status_failure(said, log.mode or "", self.settings.structured_output) from None
        raise AssertionError("unreachable: every API either answers or raises")

    def _on_api(self, api: Api, prompt: Prompt, schema: type[BaseModel], log: _Log) -> _Call:
        """Try the structured-output modes on *api*: the one set, or for 'auto' each while the server rejects it
        or ignores it. Raises ServerSaid when the other API should be tried."""
        setting = self.settings.structured_output
        modes = next_modes(setting, self.memory.mode(self.key, api) if setting == "auto" else None)
        log.api = api
        for position, mode in enumerate(modes):
            log.mode = mode
            try:
                call = self._in_mode(api, mode, prompt, schema, log)
            except ServerSaid as said:
                if said.kind == "no_endpoint" or (
                    said.kind == "ignored" and api == "responses" and self.settings.api == "auto"
                ):
                    raise
                if said.kind in ("format", "ignored") and position + 1 < len(modes):
                    continue
                raise status_failure(said, mode, setting) from None
            self.memory.remember(
                self.key, api, mode if setting == "auto" else None, api_probed=self.settings.api == "auto"
            )
            return call
        raise AssertionError("unreachable: every mode either answers or raises")

    def _in_mode(self, api: Api, mode: Mode, prompt: Prompt, schema: type[BaseModel], log: _Log) -> _Call:
        """One answer in one mode: the request, and for json_object and prompt one repair request when the
        reply does not validate (see _invalid for what a json_schema reply that does not validate means)."""
        strict = to_strict_json_schema(schema)
        messages = _base_messages(prompt)
        if mode != "json_schema":
            messages[0] = {"role": "system", "content": prompt.system + schema_instruction(schema, strict)}
        reply = self._request(api, mode, messages, schema, strict, log)
        for repairs_left in (1, 0) if mode != "json_schema" else (0,):
            if reply.refusal is not None:
                return _Call(None, reply.raw, reply.request_id, log.usage, reply.refusal)
            if reply.cut_off is not None:
                raise self._cut_off(reply, log)
            read = read_reply(schema, reply.text, lenient=mode != "json_schema")
            if read.answer is not None:
                return _Call(read.answer, reply.raw, reply.request_id, log.usage, None)
            log.attempts[-1].update(outcome="invalid", error=read.error, output=reply.text[:2000])
            if mode == "json_schema" or not repairs_left:
                raise _invalid(schema, mode, read.error or "", reply, log.usage)
            messages = [*messages, {"role": "assistant", "content": reply.text}]
            messages.append({"role": "user", "content": repair_request(read.error or "")})
            reply = self._request(api, mode, messages, schema, strict, log, repair=True)
        raise AssertionError("unreachable: a reply either validates or raises")

    def _cut_off(self, reply: _Reply, log: _Log) -> BackendFailure:
        return BackendFailure(
            f"model output was cut off ({reply.cut_off}) after {reply.usage.output_tokens or 'its'} tokens, "
            f"before its JSON answer was closed (DOCINTEL_MAX_OUTPUT_TOKENS={self.settings.max_output_tokens})",
            "raise DOCINTEL_MAX_OUTPUT_TOKENS or lower --budget-chars; a model that runs on repeating itself "
            + (
                "needs a larger model or a server that enforces the schema (json_schema, json_object)"
                if log.mode == "prompt"
                else "within the schema needs a larger model"
            ),
            raw=reply.raw,
            request_id=reply.request_id,
            usage=log.usage,
        )

    # ------------------------------------------------------------------ one request, retried on load only
    def _request(
        self,
        api: Api,
        mode: Mode,
        messages: list[dict[str, str]],
        schema: type[BaseModel],
        strict: dict[str, Any],
        log: _Log,
        repair: bool = False,
    ) -> _Reply:
        log.messages = messages
        tries = self.settings.max_retries + 1
        for attempt in range(tries):
            started = time.perf_counter()
            remaining = log.deadline - started
            if remaining <= 0:
                raise self._overtime(log)
            timeout = min(self.settings.timeout_s, remaining)
            last = attempt + 1 == tries
            try:
                if api == "chat":
                    reply = self._send_chat(mode, messages, schema, strict, timeout)
                else:
                    reply = self._send_responses(mode, messages, schema, strict, timeout)
            except openai.APIStatusError as exc:
                said = _said(api, mode, exc)
                wait = _backoff(exc.response.headers, attempt)
                retried = said.kind == "load" and not last and time.perf_counter() + wait < log.deadline
                log.add(
                    started,
                    repair=repair,
                    outcome="error",
                    status_code=said.status,
                    reason=said.reason,
                    error_body=said.body,
                    request_id=exc.request_id,
                    retried=retried,
                )
                if not retried:
                    said.attempts = attempt + 1
                    raise said from None
                time.sleep(wait)
                continue
            except json.JSONDecodeError as exc:  # a 200 whose body is cut or is no JSON (a proxy, a broken server)
                log.add(started, repair=repair, outcome="error", reason=f"reply is not JSON ({exc})", retried=False)
                raise BackendFailure(
                    f"the model server at {redact_url(str(self.client.base_url))} sent a reply that is not valid "
                    f"JSON ({exc})",
                    "check the server behind OPENAI_BASE_URL and its log (a proxy between may cut replies); retry",
                    usage=log.usage,
                ) from None
            except openai.APIConnectionError as exc:  # APITimeoutError included
                wait = _backoff({}, attempt)
                timed_out = isinstance(exc, openai.APITimeoutError)
                retried = not last and time.perf_counter() + wait < log.deadline and not (timed_out and self.local)
                log.add(started, repair=repair, outcome="error", reason=_connection_reason(exc), retried=retried)
                if isinstance(exc, openai.APITimeoutError) and timeout < self.settings.timeout_s:
                    raise self._overtime(log) from None  # cut short by the call's own limit
                if not retried:
                    raise self._connection_failure(exc, attempt + 1) from None
                time.sleep(wait)
                continue
            log.count(reply.usage)
            log.add(started, repair=repair, outcome=_outcome(reply), request_id=reply.request_id)
            return reply
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _overtime(self, log: _Log) -> BackendFailure:
        return BackendFailure(
            f"the model call did not finish within {log.limit_s:g} s (DOCINTEL_CALL_TIMEOUT_S; "
            f"{len(log.attempts)} requests)",
            "raise DOCINTEL_CALL_TIMEOUT_S (a local model on a CPU may need minutes), or lower "
            "DOCINTEL_MAX_OUTPUT_TOKENS or --budget-chars",
            usage=log.usage,
        )

    def _connection_failure(self, exc: openai.APIConnectionError, tries: int) -> BackendFailure:
        if isinstance(exc, openai.APITimeoutError) and self.local:
            return BackendFailure(
                f"the model server at {redact_url(str(self.client.base_url))} did not answer within "
                f"{self.settings.timeout_s:g} s (DOCINTEL_TIMEOUT_S; not retried: a local server keeps working on "
                "the request it was sent)",
                "raise DOCINTEL_TIMEOUT_S and DOCINTEL_CALL_TIMEOUT_S, or lower DOCINTEL_MAX_OUTPUT_TOKENS or "
                "--budget-chars; check the server's own log",
            )
        if isinstance(exc, openai.APITimeoutError):
            return BackendFailure(
                f"model request timed out after {tries} attempts of {self.settings.timeout_s:g} s (DOCINTEL_TIMEOUT_S)",
                "raise DOCINTEL_TIMEOUT_S (a local model on a CPU may need minutes), or lower "
                "DOCINTEL_MAX_OUTPUT_TOKENS or --budget-chars",
            )
        return BackendFailure(
            f"cannot reach the model server at {redact_url(str(self.client.base_url))} ({_connection_reason(exc)})",
            "check that the server is running and OPENAI_BASE_URL (it ends in /v1)",
        )

    def _send_responses(
        self, mode: Mode, messages: Messages, schema: type[BaseModel], strict: dict[str, Any], timeout: float
    ) -> _Reply:
        text: Any = openai.omit
        if mode == "json_schema":
            text = {"format": {"type": "json_schema", "name": schema.__name__, "strict": True, "schema": strict}}
        elif mode == "json_object":  # the Responses API's json_object takes no schema: it is in the prompt
            text = {"format": {"type": "json_object"}}
        raw_http = self.client.responses.with_raw_response.create(
            model=self.settings.model,
            input=messages,  # type: ignore[arg-type]
            temperature=0,
            max_output_tokens=self.settings.max_output_tokens,
            store=self.settings.openai_store,
            text=text,
            timeout=timeout,
        )
        return responses_reply(raw_http.parse(), raw_http.headers.get("x-request-id"))

    def _send_chat(
        self, mode: Mode, messages: Messages, schema: type[BaseModel], strict: dict[str, Any], timeout: float
    ) -> _Reply:
        response_format: Any = openai.omit
        if mode == "json_schema":  # what chat.completions.parse sends
            response_format = {
                "type": "json_schema",
                "json_schema": {"name": schema.__name__, "strict": True, "schema": strict},
            }
        elif mode == "json_object":  # llama-cpp-python makes a grammar of the schema field
            response_format = {"type": "json_object", "schema": strict}
        store = self._store("chat")
        raw_http = self.client.chat.completions.with_raw_response.create(
            model=self.settings.model,
            temperature=0,
            max_tokens=self.settings.max_output_tokens,
            store=openai.omit if store is None else store,
            messages=messages,  # type: ignore[arg-type]
            response_format=response_format,
            timeout=timeout,
        )
        return chat_reply(raw_http.parse(), raw_http.headers.get("x-request-id"))


OPENAI_HOST = "api.openai.com"


def responses_reply(response: Any, request_id: str | None) -> _Reply:
    """A Responses API reply read: its text, refusal, why it stopped, the raw response (what the server said is
    cleaned of the key here, where it enters: it may echo it)."""
    raw = clean_data(response.model_dump(mode="json"))
    refusal = next(
        (
            c.refusal
            for item in response.output or []
            for c in getattr(item, "content", None) or []
            if getattr(c, "type", "") == "refusal"
        ),
        None,
    )
    cut_off = None
    if response.status == "incomplete":
        cut_off = getattr(response.incomplete_details, "reason", None) or "incomplete"
    text, refusal = clean(response.output_text), clean(refusal) if refusal else refusal
    return _Reply(text, refusal, cut_off, raw, request_id, _usage(response.usage))


def chat_reply(completion: Any, request_id: str | None) -> _Reply:
    """A Chat Completions reply read, cleaned of the key like ``responses_reply``."""
    raw = clean_data(completion.model_dump(mode="json"))
    usage = _usage(completion.usage)
    if not completion.choices:
        raise BackendFailure(
            "model returned no choices", "check the server's log", raw=raw, request_id=request_id, usage=usage
        )
    choice = completion.choices[0]
    refusal = getattr(choice.message, "refusal", None) or None
    if choice.finish_reason == "content_filter":
        refusal = refusal or "content filter"
    cut_off = "max tokens" if choice.finish_reason == "length" else None
    text = clean(choice.message.content or "")
    return _Reply(text, clean(refusal) if refusal else None, cut_off, raw, request_id, usage)


def _base_messages(prompt: Prompt) -> list[dict[str, str]]:
    return [{"role": "system", "content": prompt.system}, {"role": "user", "content": prompt.user}]


def _is_json_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False


def _outcome(reply: _Reply) -> str:
    return "refused" if reply.refusal is not None else "cut_off" if reply.cut_off else "ok"


def _said(api: str, mode: str, exc: openai.APIStatusError) -> ServerSaid:
    """An HTTP error as ServerSaid: its kind, status, the server's own reason and the raw body."""
    # cleaned before anything is shortened: a key cut in half would no longer be found whole
    try:
        body: Any = clean_data(exc.response.json())
    except ValueError:
        body = clean(exc.response.text)[:2000]
    reason = server_reason(body, body if not isinstance(body, dict) else clean(str(exc)))
    kind = classify(api, mode, exc.status_code, reason)
    return ServerSaid(kind, exc.status_code, reason, {"status_code": exc.status_code, "body": body}, exc.request_id)


def _invalid(schema: type[BaseModel], mode: Mode, error: str, reply: _Reply, usage: Usage) -> Exception:
    """The error for a reply that does not validate: in json_schema mode a reply that is not even JSON means
    the server did not enforce the schema (ServerSaid 'ignored': auto tries another way); otherwise it is the
    model's, said once its repair request (json_object, prompt) did not help either."""
    if mode == "json_schema" and not _is_json_object(reply.text):
        said = ServerSaid("ignored", 200, f"not a valid {schema.__name__}: {error}", reply.raw)
        said.request_id = reply.request_id
        return said
    if mode == "json_schema":  # JSON of the schema's shape that our own checks refuse
        what = f"model output is not a valid {schema.__name__} ({error})"
        fix = "retry; or set DOCINTEL_STRUCTURED_OUTPUT=prompt, which validates and asks once for a repair"
    else:
        what = f"model output is not a valid {schema.__name__} after one repair request ({error})"
        fix = "use a larger model, or a server that enforces the schema (DOCINTEL_STRUCTURED_OUTPUT=json_schema "
        fix += "or json_object)"
    return BackendFailure(what, fix, raw=reply.raw, request_id=reply.request_id, usage=usage)


def _connection_reason(exc: openai.APIConnectionError) -> str:
    if isinstance(exc, openai.APITimeoutError):
        return "timed out"
    return clean(redact_url(str(exc.__cause__ or exc)))[:240]


def _backoff(headers: Any, attempt: int) -> float:
    """Seconds to wait before retrying: the server's retry-after-ms / retry-after (up to a minute), else
    0.5 s doubling to 8 s, with jitter."""
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = headers.get(name) if headers else None
        try:
            if value is not None:
                seconds: float = min(max(float(value) * scale, 0.0), MAX_RETRY_AFTER_S)
                return seconds
        except ValueError:
            continue
    return min(0.5 * 2.0**attempt, 8.0) * (1 - 0.25 * random.random())


def _build_response_models() -> None:
    """Build the SDK's response models now, in the thread that makes the backend: pydantic builds a deferred
    model on its first use, and threads using it first at once can see it half built ('Response has no
    attribute __pydantic_core_schema__' in a batch)."""
    from openai.types.chat import ChatCompletion
    from openai.types.responses import Response

    for model in (Response, ChatCompletion):
        model.model_rebuild()
