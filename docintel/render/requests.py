"""What a trace says about the model request: the messages sent, the API and structured-output mode,
and every attempt (for ``traces show`` and ``traces show --prompt``), failed calls included."""

from __future__ import annotations

from typing import Any


def prompt_report(trace: dict[str, Any]) -> str:
    """The exact messages sent, each under its role; the composed prompt when no request was recorded."""
    request = trace.get("request") or {}
    messages = request.get("messages")
    if not messages:
        prompt = trace.get("prompt") or {}
        return f"=== system ===\n{prompt.get('system', '(none)')}\n=== user ===\n{prompt.get('user', '(none)')}"
    out = [_heading(request)]
    for number, message in enumerate(messages, start=1):
        label = message.get("role", "?")
        if number > 2:
            label += " (repair request)" if label == "user" else " (reply that did not validate)"
        out.append(f"=== {label} ===\n{message.get('content', '')}")
    return "\n".join(out)


def _heading(request: dict[str, Any]) -> str:
    return (
        f"# sent to model {request.get('model')} at {request.get('base_url')} over {request.get('api')}, "
        f"structured output {request.get('structured_output') or '-'}"
    )


def request_report(trace: dict[str, Any]) -> str:
    """Model, API, structured-output mode (and the setting it came from), then one line per attempt."""
    request = trace.get("request") or {}
    if request.get("backend") != "openai" or "api" not in request:
        return ""
    out = [
        f"request: model {request.get('model')} at {request.get('base_url')}; api {request.get('api')} "
        f"(setting {request.get('api_setting')}); structured output {request.get('structured_output') or '-'} "
        f"(setting {request.get('structured_output_setting')})"
    ]
    for attempt in request.get("attempts") or []:
        out.append("  " + _attempt_line(attempt))
    return "\n".join(out)


def _attempt_line(attempt: dict[str, Any]) -> str:
    where = f"attempt {attempt.get('attempt')}: {attempt.get('api')}/{attempt.get('structured_output')}"
    where += " repair" if attempt.get("repair") else ""
    outcome = str(attempt.get("outcome"))
    if attempt.get("status_code"):
        outcome += f" {attempt['status_code']}"
    detail = attempt.get("reason") or attempt.get("error") or ""
    retried = ", retried" if attempt.get("retried") else ""
    return f"{where} -> {outcome}{retried} ({attempt.get('latency_s')} s){': ' + detail if detail else ''}"
