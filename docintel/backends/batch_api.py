"""The openai backend through the OpenAI Batch API: the same requests, answered from a batch's output file.

BatchApiBackend is the openai backend with its two HTTP calls replaced. Inside a ``job`` (one
question), the n-th request the backend would send gets the custom_id ``<question id>#<n>``:

- when the batch output holds a successful line for it (and the request built now is the one that
  was sent: same body hash), that line is the reply, read exactly as the synchronous call's reply;
- when the batch failed, expired or was cancelled for it, the request is sent synchronously now;
- otherwise the request is not sent: ``Deferred`` is raised with the body, for the next batch.

Everything else (structured-output modes, refusals, cut-off output, validation, the request record
of the trace) is the openai backend's own, so a batch answer is the answer ``ask`` would give.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, cast

import openai
from openai._models import construct_type
from openai.types.chat import ChatCompletion
from openai.types.responses import Response
from pydantic import BaseModel

from ..settings import Settings
from .openai import Messages, OpenAIBackend, _Reply, chat_reply, responses_reply
from .structured import Mode

ENDPOINTS = {"responses": "/v1/responses", "chat": "/v1/chat/completions"}


def body_hash(body: dict[str, Any]) -> str:
    """A stable hash of a request body (key order does not matter)."""
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:24]


@dataclass(frozen=True)
class BatchLine:
    """One line of a batch's output or error file: the reply to one custom_id, or why there is none."""

    custom_id: str
    status_code: int | None
    body: dict[str, Any] | None
    request_id: str | None
    error: dict[str, Any] | None

    @property
    def ok(self) -> bool:
        """Answered with HTTP 200 and a body."""
        return self.status_code == 200 and isinstance(self.body, dict)

    @classmethod
    def parse(cls, record: dict[str, Any]) -> BatchLine:
        """A line as OpenAI documents it: ``{"custom_id", "response": {"status_code", "request_id", "body"},
        "error"}``."""
        response = record.get("response") or {}
        return cls(
            custom_id=str(record.get("custom_id")),
            status_code=response.get("status_code"),
            body=response.get("body"),
            request_id=response.get("request_id"),
            error=record.get("error"),
        )

    @classmethod
    def missing(cls, custom_id: str, batch_status: str) -> BatchLine:
        """The stand-in for a request a failed, expired or cancelled batch left without a line."""
        return cls(custom_id, None, None, None, {"code": f"batch_{batch_status}", "message": "no result"})


class Deferred(Exception):  # noqa: N818 - not an error: the request waits for the Batch API
    """A request that waits for a batch: raised out of Pipeline.ask before anything is written."""

    def __init__(self, custom_id: str, endpoint: str, body: dict[str, Any]) -> None:
        super().__init__(custom_id)
        self.custom_id, self.endpoint, self.body = custom_id, endpoint, body
        self.hash = body_hash(body)


@dataclass
class Job:
    """One question's requests: the batch results for its custom_ids and the body hashes that were sent."""

    qid: str
    results: dict[str, BatchLine] = field(default_factory=dict)
    sent: dict[str, str] = field(default_factory=dict)
    calls: int = 0
    retried_sync: int = 0
    changed: int = 0

    def next_id(self) -> str:
        """The custom_id of the next request this question sends."""
        self.calls += 1
        return f"{self.qid}#{self.calls}"


def responses_body(settings: Settings, mode: Mode, messages: Messages, schema: type[BaseModel], strict: Any) -> Any:
    """The JSON body the openai backend sends to /v1/responses (see OpenAIBackend._send_responses)."""
    body: dict[str, Any] = {
        "model": settings.model,
        "input": messages,
        "temperature": 0,
        "max_output_tokens": settings.max_output_tokens,
        "store": settings.openai_store,
    }
    if mode == "json_schema":
        body["text"] = {"format": {"type": "json_schema", "name": schema.__name__, "strict": True, "schema": strict}}
    elif mode == "json_object":
        body["text"] = {"format": {"type": "json_object"}}
    return body


class BatchApiBackend(OpenAIBackend):
    """The openai backend whose replies come from Batch API output lines (see the module's docstring)."""

    name = "openai"

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self._local = threading.local()

    @contextmanager
    def job(self, job: Job) -> Iterator[Job]:
        """Answer one question's requests from *job* (per thread: questions are prepared concurrently)."""
        self._local.job = job
        try:
            yield job
        finally:
            self._local.job = None

    def _line(self, endpoint: str, body: dict[str, Any]) -> BatchLine | None:
        """The batch's line for this request; None when it must be sent synchronously; raises Deferred."""
        job: Job | None = getattr(self._local, "job", None)
        if job is None:
            raise RuntimeError("BatchApiBackend used outside a job")
        custom_id = job.next_id()
        line = job.results.get(custom_id)
        if line is None:
            raise Deferred(custom_id, endpoint, body)
        if job.sent.get(custom_id) != body_hash(body):  # documents or settings changed since: ask again
            job.changed += 1
            raise Deferred(custom_id, endpoint, body)
        if not line.ok:
            job.retried_sync += 1
            return None
        return line

    def _send_responses(
        self, mode: Mode, messages: Messages, schema: type[BaseModel], strict: dict[str, Any], timeout: float
    ) -> _Reply:
        line = self._line(ENDPOINTS["responses"], responses_body(self.settings, mode, messages, schema, strict))
        if line is None:
            return super()._send_responses(mode, messages, schema, strict, timeout)
        response = cast(Response, construct_type(type_=Response, value=line.body))  # as the SDK reads an HTTP reply
        return responses_reply(response, line.request_id)

    def _send_chat(
        self, mode: Mode, messages: Messages, schema: type[BaseModel], strict: dict[str, Any], timeout: float
    ) -> _Reply:
        line = self._line(ENDPOINTS["chat"], self._chat_body(mode, messages, schema, strict))
        if line is None:
            return super()._send_chat(mode, messages, schema, strict, timeout)
        completion = cast(ChatCompletion, construct_type(type_=ChatCompletion, value=line.body))
        return chat_reply(completion, line.request_id)

    def _chat_body(self, mode: Mode, messages: Messages, schema: type[BaseModel], strict: Any) -> dict[str, Any]:
        """The JSON body the openai backend sends to /v1/chat/completions (see OpenAIBackend._send_chat)."""
        body: dict[str, Any] = {
            "model": self.settings.model,
            "temperature": 0,
            "max_tokens": self.settings.max_output_tokens,
            "messages": messages,
        }
        store = self._store("chat")
        if store is not None:
            body["store"] = store
        if mode == "json_schema":
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": schema.__name__, "strict": True, "schema": strict},
            }
        elif mode == "json_object":
            body["response_format"] = {"type": "json_object", "schema": strict}
        return body


def is_missing_endpoint(exc: Exception) -> bool:
    """Whether an error says the server has no such endpoint (404, 405, or 501)."""
    return isinstance(exc, openai.APIStatusError) and exc.status_code in (404, 405, 501)
