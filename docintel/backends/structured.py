"""Structured output across OpenAI-compatible servers: the modes, the schema instruction, reading a
reply that is JSON somewhere in text, and reading a server's error.

Servers take a schema in different ways:

- ``json_schema``: ``response_format`` / ``text.format`` of type json_schema, strict (OpenAI, vLLM,
  Ollama, llama.cpp's ``llama-server``): the server enforces the schema.
- ``json_object``: ``{"type": "json_object", "schema": ...}`` (llama-cpp-python's server turns the
  schema into a grammar); the schema is in the prompt as well, for servers that only force JSON.
- ``prompt``: no response format at all; the schema is in the prompt, the reply is read from the
  text (a code fence or prose around the JSON is allowed) and validated, and one repair request
  quotes the validation error.

``auto`` tries them in that order while the server *rejects* one (its error names
``response_format``, ``json_schema``, ``text.format`` or the schema, whatever the status code).
No SDK is imported here.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

import pydantic
from pydantic import BaseModel

Mode = Literal["json_schema", "json_object", "prompt"]
MODES: tuple[Mode, ...] = ("json_schema", "json_object", "prompt")
REASON_CHARS = 240  # how much of a server's own reason an error message quotes

# Words with which a server says that it does not take the way the schema was sent.
_FORMAT_REJECTED = re.compile(r"response_format|json_schema|text\.format|\bschema\b|json_object", re.IGNORECASE)
# Where a server's message goes on with its own stack trace (llama-cpp-python appends one): cut there.
_TRACEBACK = re.compile(r'\n\s*(?:File "|Traceback \(most recent call last\))')
# ... and with which it says that the prompt is longer than the model's context window.
_CONTEXT_EXCEEDED = re.compile(
    r"context (window|length|size)|maximum context|too many tokens|prompt is too long|"
    r"exceeds? (the )?(model'?s? )?(context|max)",
    re.IGNORECASE,
)


class Reply(BaseModel):
    """A reply read: the answer when it validates, else the error to quote in a repair request."""

    model_config = {"arbitrary_types_allowed": True}

    answer: BaseModel | None
    error: str | None


def schema_instruction(schema: type[BaseModel], strict_schema: dict[str, Any]) -> str:
    """The paragraph appended to the system prompt when the server does not enforce the schema itself."""
    return (
        f"\n\nOutput format: reply with one JSON object and nothing else: no prose, no code fence. "
        f"The object is a {schema.__name__} and must validate against this JSON Schema "
        f"(every property is required; use null where a value is absent):\n"
        + json.dumps(strict_schema, separators=(",", ":"), ensure_ascii=False)
    )


def repair_request(error: str) -> str:
    """The user message of the one repair request: the validation error, then what to send back."""
    return (
        f"Your reply could not be used: {error}\n"
        "Reply again with the corrected JSON object only (the same answer, in the format the system "
        "prompt gives), nothing else."
    )


def read_reply(schema: type[BaseModel], text: str, *, lenient: bool) -> Reply:
    """Validate *text* as an instance of *schema*.

    *lenient* (json_object and prompt modes) also accepts the first JSON object found in the text,
    inside a code fence or after a sentence. The error says what was wrong, briefly, for a repair
    request and for the error message.
    """
    candidates = _json_candidates(text) if lenient else [text]
    if not candidates:
        return Reply(answer=None, error=f"no JSON object found in the reply ({_excerpt(text, 80)!r})")
    error = ""
    for candidate in candidates:
        try:
            return Reply(answer=schema.model_validate(json.loads(candidate)), error=None)
        except json.JSONDecodeError as exc:
            error = error or f"the reply is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        except pydantic.ValidationError as exc:
            error = _validation_summary(schema, exc)  # a well-formed object's errors say most
    return Reply(answer=None, error=error)


def _json_candidates(text: str) -> list[str]:
    """The JSON objects in *text*: the whole text, then each object that decodes from a '{' on (one inside a
    code fence or after a sentence)."""
    stripped = text.strip()
    found: list[str] = [stripped] if stripped.startswith("{") else []
    decoder = json.JSONDecoder()
    position = text.find("{")
    while position != -1 and len(found) < 20:
        try:
            _, end = decoder.raw_decode(text, position)
        except json.JSONDecodeError:
            position = text.find("{", position + 1)
            continue
        found.append(text[position:end])
        position = text.find("{", end)
    if not found and "{" in text:
        found.append(text[text.index("{") :])  # an object that never closes: its decode error is the one to say
    return list(dict.fromkeys(found))


def _validation_summary(schema: type[BaseModel], exc: pydantic.ValidationError) -> str:
    """Up to three of pydantic's errors as 'field.path: message', in one line."""
    errors = exc.errors()
    parts = [f"{'.'.join(str(p) for p in e['loc']) or '(object)'}: {e['msg']}" for e in errors[:3]]
    more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
    return f"the JSON is not a valid {schema.__name__}: " + "; ".join(parts) + more


def _excerpt(text: str, limit: int = REASON_CHARS) -> str:
    """*text* on one line, shortened to *limit* characters with an ellipsis."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def server_reason(body: Any, text: str) -> str:
    """A server's own reason from an error body (OpenAI's error.message, FastAPI's detail, a plain
    string), on one line and shortened; the raw text when the body has no known shape."""
    reason: Any = None
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict):
            reason = error.get("message") or error.get("msg")
        elif isinstance(error, str):
            reason = error
        reason = reason or body.get("message") or body.get("detail")
        if isinstance(reason, list):  # FastAPI / pydantic validation errors
            reason = "; ".join(_detail_item(item) for item in reason[:3])
    elif isinstance(body, str):
        reason = body
    reason = str(reason if reason else text or "no reason given")
    return _excerpt(_TRACEBACK.split(reason, maxsplit=1)[0])


def _detail_item(item: Any) -> str:
    """One FastAPI validation error as 'where: message'."""
    if not isinstance(item, dict):
        return str(item)
    return f"{'.'.join(str(p) for p in item.get('loc', []))}: {item.get('msg', '')}"


def rejects_format(reason: str) -> bool:
    """Whether a server's error says that it does not take the structured-output form it was sent."""
    return bool(_FORMAT_REJECTED.search(reason))


def context_exceeded(reason: str) -> bool:
    """Whether a server's error says that the prompt does not fit the model's context window."""
    return bool(_CONTEXT_EXCEEDED.search(reason))


def next_modes(setting: str, remembered: Mode | None) -> list[Mode]:
    """The modes to try in order: the one forced, or for 'auto' the remembered one first, then the rest
    from the top (a remembered mode the server now rejects is probed again)."""
    if setting != "auto":
        return [setting]  # type: ignore[list-item]
    if remembered is None:
        return list(MODES)
    return [remembered, *(m for m in MODES if m != remembered)]
