"""A small OpenAI-compatible HTTP server for tests, scripted per test.

It speaks POST /v1/responses and POST /v1/chat/completions on 127.0.0.1, and the Batch API
(tests/fake_batches.py). Each request takes
the next scripted step; every request (path, headers, JSON body) is recorded. Set ``family`` to
make it refuse requests as a family of local servers does (llama-cpp-python, a server without
structured output, one without the Responses API).
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.fake_batches import BatchSim


def responses_body(
    text: str | None = None,
    *,
    status: str = "completed",
    refusal: str | None = None,
    model: str = "gpt-4.1-mini",
    incomplete_reason: str | None = None,
) -> dict[str, Any]:
    """A Responses API response whose output is *text* (or a refusal)."""
    content = (
        [{"type": "refusal", "refusal": refusal}]
        if refusal is not None
        else [{"type": "output_text", "text": text or "", "annotations": []}]
    )
    return {
        "id": "resp_test",
        "object": "response",
        "created_at": 1_700_000_000,
        "model": model,
        "status": status,
        "output": [
            {"type": "message", "id": "msg_test", "role": "assistant", "status": "completed", "content": content}
        ],
        "incomplete_details": {"reason": incomplete_reason} if incomplete_reason else None,
        "usage": {
            "input_tokens": 1200,
            "output_tokens": 80,
            "total_tokens": 1280,
            "input_tokens_details": {"cached_tokens": 200},
            "output_tokens_details": {"reasoning_tokens": 0},
        },
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "temperature": 0,
    }


def chat_body(
    text: str | None = None, *, refusal: str | None = None, finish_reason: str = "stop", model: str = "gpt-4.1-mini"
) -> dict[str, Any]:
    """A Chat Completions response whose message is *text* (or a refusal)."""
    return {
        "id": "chatcmpl_test",
        "object": "chat.completion",
        "created": 1_700_000_000,
        "model": model,
        "choices": [
            {
                "index": 0,
                "finish_reason": finish_reason,
                "message": {"role": "assistant", "content": text, "refusal": refusal},
            }
        ],
        "usage": {"prompt_tokens": 900, "completion_tokens": 60, "total_tokens": 960},
    }


# What llama-cpp-python 0.3.36's server (python -m llama_cpp.server) answers to response_format json_schema:
# FastAPI's validation error, turned into a 500 by its error handler (captured from the real server).
LLAMA_CPP_PYTHON_500 = (
    "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), "
    "'msg': \"Input should be 'text' or 'json_object'\", 'input': '%s', "
    "'ctx': {'expected': \"'text' or 'json_object'\"}}\n\n  File \"/usr/lib/python3/site-packages/llama_cpp/"
    'server/app.py", line 376, in create_chat_completion\n    POST /v1/chat/completions'
)
FAMILIES = ("openai", "llama_cpp_python", "prompt_only", "no_responses")


def family_rejection(family: str, path: str, body: dict[str, Any]) -> dict[str, Any] | None:
    """The error a server of *family* answers to this request by itself, or None when it takes it.

    - openai: takes everything (answers come from the scripted steps);
    - llama_cpp_python: no Responses API (FastAPI's 404); Chat Completions takes response_format of type
      text or json_object (with a 'schema' field) only, anything else is a 500 naming it;
    - prompt_only: no Responses API; any response_format is a 400 naming it;
    - no_responses: no Responses API; Chat Completions takes everything.
    """
    if family == "openai":
        return None
    if path.endswith("/responses"):
        return {"status": 404, "body": {"detail": "Not Found"}}
    response_format = body.get("response_format")
    if family == "llama_cpp_python" and response_format:
        kind = response_format.get("type")
        if kind not in ("text", "json_object"):
            message = LLAMA_CPP_PYTHON_500 % kind
            return {"status": 500, "body": {"error": {"message": message, "type": "internal_server_error"}}}
    if family == "prompt_only" and response_format:
        message = "Unsupported parameter: 'response_format' is not supported by this server."
        return {"status": 400, "body": {"error": {"message": message, "type": "invalid_request_error"}}}
    return None


class FakeOpenAI:
    """The server: ``push`` scripted steps, read ``requests`` afterwards; ``family`` makes it refuse what a
    server of that family refuses (see family_rejection), without taking a scripted step."""

    def __init__(self) -> None:
        self.steps: list[dict[str, Any]] = []
        self.requests: list[dict[str, Any]] = []
        self.default: dict[str, Any] | None = None
        self.family = "openai"
        self.models: list[str] | None = None  # what GET /v1/models lists (None: 404)
        self._lock = threading.Lock()
        self.batches = BatchSim(self)  # /v1/files and /v1/batches (tests/fake_batches.py)
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def reply(self, status: int, payload: Any) -> None:
                data = payload.encode() if isinstance(payload, str) else json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:  # noqa: N802
                """/v1/models: the models set in ``models`` (404 when none is set, as servers without it say);
                /v1/batches and /v1/files: the Batch API (tests/fake_batches.py)."""
                if self.path.rstrip("/").endswith("/models"):
                    if server.models is None:
                        self.reply(404, {})
                    else:
                        self.reply(
                            200, {"object": "list", "data": [{"id": m, "object": "model"} for m in server.models]}
                        )
                    return
                self.reply(*(server.batches.get(self.path) if server.family == "openai" else (404, {})))

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length)
                if server.batches.handles(self.path):
                    if server.family != "openai":
                        return self.reply(404, {"detail": "Not Found"})
                    return self.reply(*server.batches.post(self.path, self.headers.get("content-type", ""), raw))
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    body = {"_raw": raw.decode(errors="replace")}
                with server._lock:
                    server.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                    step = family_rejection(server.family, self.path, body)
                    if step is None:
                        step = server.steps.pop(0) if server.steps else server.default
                if step is None:
                    step = {
                        "status": 500,
                        "body": {"error": {"message": "no scripted response", "type": "server_error"}},
                    }
                if step.get("sleep"):
                    time.sleep(step["sleep"])
                payload = step["body"](body) if callable(step.get("body")) else step.get("body")
                data = payload.encode() if isinstance(payload, str) else json.dumps(payload).encode()
                try:
                    self.send_response(step.get("status", 200))
                    self.send_header("content-type", "application/json")
                    self.send_header("x-request-id", f"req_{len(server.requests)}")
                    for key, value in (step.get("headers") or {}).items():
                        self.send_header(key, value)
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def push(
        self, body: Any = None, *, status: int = 200, sleep: float = 0.0, headers: dict[str, str] | None = None
    ) -> None:
        """Script the next response."""
        self.steps.append({"body": body, "status": status, "sleep": sleep, "headers": headers})

    def push_answer(self, answer: dict[str, Any], **kwargs: Any) -> None:
        """Script a Responses API answer whose output text is the JSON of *answer*."""
        self.push(responses_body(json.dumps(answer), **kwargs))

    def start(self) -> FakeOpenAI:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
