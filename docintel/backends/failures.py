"""What a model server's error means, and the one-line error a user gets for it.

Every message quotes the server's own reason (shortened) and names the setting that fixes it.
Only load (rate limits, overload, timeouts) is retried: a request the server rejects for what it
is would be rejected again. No SDK is imported here: the openai backend passes status and reason.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from .base import BackendFailure
from .structured import context_exceeded, rejects_format

Kind = Literal["format", "ignored", "no_endpoint", "not_found", "context", "auth", "load", "rejected"]
FORMAT_FIX = (
    "set DOCINTEL_STRUCTURED_OUTPUT=auto (flag --structured-output auto) to find the mode this server takes, "
    "or name it: json_object for llama-cpp-python, prompt for a server without structured output"
)


class ServerSaid(Exception):
    """What the model server said, classified: an HTTP error (its kind, status, reason and raw body), or
    ``ignored``: a 200 whose json_schema reply does not validate (the server did not enforce the schema).
    *attempts* counts the tries of that request (load is retried)."""

    def __init__(
        self, kind: Kind, status: int, reason: str, body: dict[str, Any], request_id: str | None = None
    ) -> None:
        super().__init__(f"{status}: {reason}")
        self.kind, self.status, self.reason, self.body, self.request_id = kind, status, reason, body, request_id
        self.attempts = 1


def classify(api: str, mode: str, status: int, reason: str) -> Kind:
    """The kind of an HTTP error; only ``load`` is worth retrying."""
    if status in (401, 403):
        return "auth"
    if status == 404:
        return "no_endpoint" if api == "responses" and "model" not in reason.lower() else "not_found"
    if mode != "prompt" and status != 429 and rejects_format(reason):
        return "format"
    if context_exceeded(reason):
        return "context"
    if status in (408, 409, 429) or status >= 500:
        return "load"
    return "rejected"


def status_failure(said: ServerSaid, mode: str, setting: str) -> BackendFailure:
    """The BackendFailure for what a server said, quoting its reason and naming the fix."""
    what, fix = _message(said, mode, setting, said.attempts)
    return BackendFailure(what, fix, raw=said.body, request_id=said.request_id)


def _message(said: ServerSaid, mode: str, setting: str, attempts: int) -> tuple[str, str]:
    quoted = f"{said.status}: {said.reason}"
    if said.kind == "ignored":
        return (
            f"model output is {said.reason}: the server did not enforce the json_schema it was sent",
            "set DOCINTEL_STRUCTURED_OUTPUT=auto, json_object or prompt (flag --structured-output); "
            "with --api responses, try --api chat",
        )
    if said.kind == "format":
        if setting == "auto":
            return (
                f"the model server rejected every structured-output mode, last {mode} ({quoted})",
                "check the server's log; DOCINTEL_STRUCTURED_OUTPUT=prompt sends no response format at all",
            )
        return f"the model server rejected structured output mode {mode} ({quoted})", FORMAT_FIX
    if said.kind == "no_endpoint":
        return (
            f"the model server has no Responses API ({quoted})",
            "set DOCINTEL_API=chat (flag --api chat), or DOCINTEL_API=auto to fall back by itself",
        )
    if said.kind == "not_found":
        return (
            f"model or endpoint not found ({quoted})",
            "check the model name (--model, DOCINTEL_MODEL; the server lists its models at OPENAI_BASE_URL/models) "
            "and OPENAI_BASE_URL (it ends in /v1)",
        )
    if said.kind == "context":
        return (
            f"the prompt does not fit the model's context window ({quoted})",
            "lower --budget-chars (DOCINTEL_BUDGET_CHARS), or give the model a larger context window "
            "(llama-server -c, llama-cpp-python --n_ctx, Ollama num_ctx, vLLM --max-model-len)",
        )
    if said.kind == "auth":
        return f"the model server rejected the API key ({quoted})", "check OPENAI_API_KEY"
    if said.kind == "load" and said.status == 429:
        return (
            f"rate limited by the model server ({quoted}) after {attempts} attempts",
            "wait and retry, lower --workers, or raise DOCINTEL_MAX_RETRIES",
        )
    if said.kind == "load":
        return (
            f"model server error ({quoted}) after {attempts} attempts",
            "retry later; if it persists, the server's reason (and its log) says what to change",
        )
    return f"the model server refused the request ({quoted})", _rejected_fix(said.reason)


def _rejected_fix(reason: str) -> str:
    """The setting a 4xx reason points at, when it names one."""
    lowered = reason.lower()
    if re.search(r"max_(output_|completion_)?tokens", lowered):
        if "unsupported" in lowered or "not supported" in lowered:
            return "this model does not take max_tokens on Chat Completions: use --api responses (DOCINTEL_API)"
        return "lower DOCINTEL_MAX_OUTPUT_TOKENS to what the model allows"
    if "temperature" in lowered:
        return "this model takes no temperature setting: use another model (--model)"
    if "model" in lowered:
        return "check the model name (--model, DOCINTEL_MODEL)"
    return "the server's reason says what to change; see docintel settings for the parameters sent"
