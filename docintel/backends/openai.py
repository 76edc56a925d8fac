"""The ``openai`` backend: the official client with strict structured output and bounded retries.

Responses API by default, Chat Completions with ``api="chat"``. Refusals become a not-found
answer; truncated or malformed output and server errors become BackendFailure with the raw
response kept for the trace.
"""

from __future__ import annotations

import json
import time
from typing import Any, NamedTuple

import openai
import pydantic
from openai.lib._pydantic import to_strict_json_schema
from pydantic import BaseModel

from ..answer.contract import not_found_answer
from ..context.pack import Context
from ..context.prompts import Prompt
from ..errors import ConfigError
from ..question.parse import ParsedQuestion
from ..settings import Settings, redact_url
from .base import BackendFailure, Generation, Outcome, Usage


class _Call(NamedTuple):
    """What one API call gave: the validated answer (None on refusal), the raw response and its metadata."""

    answer: BaseModel | None
    raw: dict[str, Any]
    request_id: str | None
    usage: Usage
    retries: int | None
    refusal: str | None


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
    """The official openai client with strict structured output and bounded retries."""

    name = "openai"

    def __init__(self, settings: Settings) -> None:
        if not settings.api_key():
            raise ConfigError(
                "no API key for the openai backend",
                "set OPENAI_API_KEY (environment or .env), or use --backend extractive",
            )
        self.settings = settings
        self.client = openai.OpenAI(
            api_key=settings.api_key(),
            base_url=settings.openai_base_url,
            timeout=settings.timeout_s,
            max_retries=settings.max_retries,
        )

    def _store(self) -> bool | None:
        """The ``store`` flag sent: always to the Responses API (it retains by default) and to OpenAI
        itself; to other Chat Completions servers only when opted in (some reject unknown fields)."""
        if self.settings.api == "responses" or self.settings.openai_store:
            return self.settings.openai_store
        return self.settings.openai_store if self.client.base_url.host == "api.openai.com" else None

    def request_record(self, prompt: Prompt, schema: type[BaseModel]) -> dict[str, Any]:
        """The request parameters as stored in traces (no secrets)."""
        base_url = redact_url(str(self.client.base_url))  # no credentials embedded in a URL
        return {
            "api": self.settings.api,
            "model": self.settings.model,
            "temperature": 0,
            "max_output_tokens": self.settings.max_output_tokens,
            "base_url": base_url,
            "schema_name": schema.__name__,
            "timeout_s": self.settings.timeout_s,
            "store": self._store(),
            "max_retries": self.settings.max_retries,
        }

    def generate(
        self, prompt: Prompt, schema: type[BaseModel], shape: str, context: Context, parsed: ParsedQuestion
    ) -> Generation:
        """Call the model; refusals become a not-found answer, other failures BackendFailure."""
        started = time.perf_counter()
        call = self._call_chat if self.settings.api == "chat" else self._call_responses
        try:
            answer, raw, request_id, usage, retries, refusal = call(prompt, schema)
        except openai.APIStatusError as exc:
            raise BackendFailure(*_status_message(exc), raw=_error_body(exc), request_id=exc.request_id) from None
        except openai.APITimeoutError:
            raise BackendFailure(
                f"model request timed out after {self.settings.max_retries + 1} attempts of "
                f"{self.settings.timeout_s:g} s",
                "retry later, raise DOCINTEL_TIMEOUT_S, or lower --budget-chars",
            ) from None
        except openai.APIConnectionError as exc:
            raise BackendFailure(
                f"cannot reach the model server at {redact_url(str(self.client.base_url))} "
                f"({redact_url(str(exc.__cause__ or exc))})",
                "check OPENAI_BASE_URL and the network",
            ) from None
        latency = time.perf_counter() - started
        notes: list[str] = []
        outcome: Outcome = "answered"
        if refusal is not None or answer is None:
            refusal = refusal or "no answer"
            outcome = "refused"
            notes.append(f"the model refused: {refusal}")
            answer = not_found_answer(schema, shape, f"the model refused to answer: {refusal}")
        return Generation(
            backend=self.name,
            model=(raw or {}).get("model") or self.settings.model,
            answer=answer,
            outcome=outcome,
            raw_response=raw,
            request=self.request_record(prompt, schema),
            request_id=request_id,
            usage=usage,
            latency_s=round(latency, 3),
            retries=retries,
            notes=notes,
        )

    def _call_responses(self, prompt: Prompt, schema: type[BaseModel]) -> _Call:
        raw_http = self.client.responses.with_raw_response.parse(
            model=self.settings.model,
            text_format=schema,
            parse_as=None,
            temperature=0,
            max_output_tokens=self.settings.max_output_tokens,
            store=self.settings.openai_store,
            input=[{"role": "system", "content": prompt.system}, {"role": "user", "content": prompt.user}],
        )
        response = raw_http.parse()
        raw = response.model_dump(mode="json")
        request_id, usage = raw_http.headers.get("x-request-id"), _usage(response.usage)
        retries = getattr(raw_http, "retries_taken", None)
        refusal = next(
            (
                c.refusal
                for item in response.output or []
                for c in getattr(item, "content", None) or []
                if getattr(c, "type", "") == "refusal"
            ),
            None,
        )
        if refusal is not None:
            return _Call(None, raw, request_id, usage, retries, refusal)
        if response.status == "incomplete":
            reason = getattr(response.incomplete_details, "reason", None) or "unknown"
            raise BackendFailure(
                f"model output was cut off ({reason}) before the answer was complete",
                "raise DOCINTEL_MAX_OUTPUT_TOKENS or lower --budget-chars",
                raw=raw,
                request_id=request_id,
                usage=usage,
            )
        return _Call(
            _validate(schema, response.output_text, raw, request_id, usage), raw, request_id, usage, retries, None
        )

    def _call_chat(self, prompt: Prompt, schema: type[BaseModel]) -> _Call:
        # The same request chat.completions.parse sends; validated here so the raw response is kept on failure.
        store = self._store()
        raw_http = self.client.chat.completions.with_raw_response.create(
            model=self.settings.model,
            temperature=0,
            max_tokens=self.settings.max_output_tokens,
            store=openai.omit if store is None else store,
            messages=[{"role": "system", "content": prompt.system}, {"role": "user", "content": prompt.user}],
            response_format={
                "type": "json_schema",
                "json_schema": {"name": schema.__name__, "strict": True, "schema": to_strict_json_schema(schema)},
            },
        )
        completion = raw_http.parse()
        raw = completion.model_dump(mode="json")
        request_id, usage = raw_http.headers.get("x-request-id"), _usage(completion.usage)
        retries = getattr(raw_http, "retries_taken", None)
        if not completion.choices:
            raise BackendFailure(
                "model returned no choices", "check the server's logs", raw=raw, request_id=request_id, usage=usage
            )
        choice = completion.choices[0]
        if getattr(choice.message, "refusal", None):
            return _Call(None, raw, request_id, usage, retries, choice.message.refusal)
        if choice.finish_reason == "length":
            raise BackendFailure(
                "model output was cut off (max tokens) before the answer was complete",
                "raise DOCINTEL_MAX_OUTPUT_TOKENS or lower --budget-chars",
                raw=raw,
                request_id=request_id,
                usage=usage,
            )
        if choice.finish_reason == "content_filter":
            return _Call(None, raw, request_id, usage, retries, "content filter")
        content = choice.message.content or ""
        return _Call(_validate(schema, content, raw, request_id, usage), raw, request_id, usage, retries, None)


def _validate(
    schema: type[BaseModel], text: str, raw: dict[str, Any], request_id: str | None, usage: Usage
) -> BaseModel:
    try:
        return schema.model_validate(json.loads(text))
    except (json.JSONDecodeError, pydantic.ValidationError) as exc:
        first = str(exc).splitlines()[0][:200]
        raise BackendFailure(
            f"model output is not a valid {schema.__name__} ({first})",
            "retry, or use a model/server that enforces structured output (json_schema)",
            raw=raw,
            request_id=request_id,
            usage=usage,
        ) from None


def _error_body(exc: openai.APIStatusError) -> dict[str, Any] | None:
    try:
        return {"status_code": exc.status_code, "body": exc.response.json()}
    except Exception:
        return {"status_code": exc.status_code, "body": exc.response.text[:2000]}


def _status_message(exc: openai.APIStatusError) -> tuple[str, str]:
    code = exc.status_code
    if code == 401:
        return "the model server rejected the API key (401)", "check OPENAI_API_KEY"
    if code == 404:
        return (
            "model or endpoint not found (404)",
            "check --model and OPENAI_BASE_URL; servers without the Responses API need --api chat",
        )
    if code == 429:
        return (
            "rate limited by the model server (429) after retries",
            "wait and retry, lower --workers, or raise DOCINTEL_MAX_RETRIES",
        )
    if code >= 500:
        return f"model server error ({code}) after retries", "retry later"
    return f"model server refused the request ({code}: {str(exc)[:200]})", "check the model name and parameters"
