"""The Batch API of the fake server: /v1/files, /v1/batches, /v1/batches/{id}, /v1/files/{id}/content.

As OpenAI documents them: a JSONL input file uploaded with ``purpose: batch``; a batch object that goes
validating -> in_progress -> completed (or expired, failed, cancelled) as it is retrieved; an output
file whose lines ``{"id", "custom_id", "response": {"status_code", "request_id", "body"}, "error"}``
come in another order than the input; an error file with the lines that failed or expired. Each
request of a batch is answered by the server's scripted steps (or default), as a synchronous call is.

Knobs: ``enabled`` (False: 404 on every batch path, as a server without the Batch API),
``polls`` (retrievals a batch spends in progress), ``fail`` (custom_ids answered with a 500 line),
``expire_after`` (a batch expires after answering that many requests), ``answered`` (every body
a batch line answered, to count what was asked).
"""

from __future__ import annotations

import itertools
import json
import re
import threading
import time
from email.parser import BytesParser
from email.policy import default as email_policy
from typing import Any

Reply = tuple[int, Any]
NOT_FOUND: Reply = (404, {"detail": "Not Found"})


def _now() -> int:
    return int(time.time())


class BatchSim:
    """The Batch API's state: files, batches, and how they proceed (see the module docstring)."""

    def __init__(self, server: Any) -> None:
        self.server = server
        self.enabled = True
        self.polls = 1
        self.fail: set[str] = set()
        self.expire_after: int | None = None
        self.files: dict[str, dict[str, Any]] = {}
        self.batches: dict[str, dict[str, Any]] = {}
        self.answered: list[dict[str, Any]] = []
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def handles(self, path: str) -> bool:
        """Whether *path* is one of the Batch API's."""
        return bool(re.match(r"/v1/(files|batches)\b", path))

    # ------------------------------------------------------------------ HTTP
    def post(self, path: str, content_type: str, raw: bytes) -> Reply:
        """POST /v1/files (multipart) and POST /v1/batches (JSON)."""
        if not self.enabled:
            return NOT_FOUND
        with self._lock:
            if path == "/v1/files":
                return self._upload(content_type, raw)
            if path == "/v1/batches":
                return self._create(json.loads(raw or b"{}"))
            match = re.fullmatch(r"/v1/batches/([^/]+)/cancel", path)
            if match and match.group(1) in self.batches:
                batch = self.batches[match.group(1)]
                batch.update(status="cancelled", cancelled_at=_now())
                return 200, batch
        return NOT_FOUND

    def get(self, path: str) -> Reply:
        """GET /v1/batches, /v1/batches/{id}, /v1/files/{id}/content."""
        if not self.enabled:
            return NOT_FOUND
        bare = path.split("?")[0]
        with self._lock:
            if bare == "/v1/batches":
                data = sorted(self.batches.values(), key=lambda b: b["created_at"], reverse=True)
                return 200, {"object": "list", "data": data, "first_id": None, "last_id": None, "has_more": False}
            match = re.fullmatch(r"/v1/batches/([^/]+)", bare)
            if match:
                batch = self.batches.get(match.group(1))
                return (200, self._advance(batch)) if batch else NOT_FOUND
            match = re.fullmatch(r"/v1/files/([^/]+)/content", bare)
            if match and match.group(1) in self.files:
                return 200, self.files[match.group(1)]["content"].decode()
        return NOT_FOUND

    # ------------------------------------------------------------------ behaviour
    def _upload(self, content_type: str, raw: bytes) -> Reply:
        message = BytesParser(policy=email_policy).parsebytes(f"Content-Type: {content_type}\r\n\r\n".encode() + raw)
        fields: dict[str, Any] = {}
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            fields[str(name)] = (part.get_filename(), part.get_payload(decode=True))
        if fields.get("purpose", (None, b""))[1] != b"batch" or "file" not in fields:
            return 400, {"error": {"message": "purpose must be 'batch' with a file", "type": "invalid_request_error"}}
        filename, content = fields["file"]
        file_id = f"file-{next(self._ids)}"
        self.files[file_id] = {"content": content, "purpose": "batch"}
        return 200, {
            "id": file_id,
            "object": "file",
            "bytes": len(content),
            "created_at": _now(),
            "filename": filename,
            "purpose": "batch",
            "status": "processed",
        }

    def _create(self, body: dict[str, Any]) -> Reply:
        file_id, endpoint = body.get("input_file_id"), body.get("endpoint")
        if file_id not in self.files:
            return 400, {"error": {"message": f"no file {file_id}", "type": "invalid_request_error"}}
        if endpoint not in ("/v1/responses", "/v1/chat/completions") or body.get("completion_window") != "24h":
            return 400, {"error": {"message": "bad endpoint or window", "type": "invalid_request_error"}}
        batch_id = f"batch_{next(self._ids)}"
        lines = self.files[file_id]["content"].decode().splitlines()
        self.batches[batch_id] = {
            "id": batch_id,
            "object": "batch",
            "endpoint": endpoint,
            "errors": None,
            "input_file_id": file_id,
            "completion_window": "24h",
            "status": "validating",
            "output_file_id": None,
            "error_file_id": None,
            "created_at": _now() + len(self.batches),
            "in_progress_at": None,
            "expires_at": _now() + 86400,
            "finalizing_at": None,
            "completed_at": None,
            "failed_at": None,
            "expired_at": None,
            "cancelling_at": None,
            "cancelled_at": None,
            "request_counts": {"total": len(lines), "completed": 0, "failed": 0},
            "metadata": body.get("metadata"),
            "_polls": 0,
        }
        return 200, {k: v for k, v in self.batches[batch_id].items() if not k.startswith("_")}

    def _advance(self, batch: dict[str, Any]) -> dict[str, Any]:
        """One retrieval: validating -> in_progress (for ``polls`` retrievals) -> completed or expired."""
        if batch["status"] == "validating":
            batch.update(status="in_progress", in_progress_at=_now())
        elif batch["status"] == "in_progress":
            batch["_polls"] += 1
            if batch["_polls"] >= self.polls:
                self._finish(batch)
        return {k: v for k, v in batch.items() if not k.startswith("_")}

    def _finish(self, batch: dict[str, Any]) -> None:
        requests = [json.loads(line) for line in self.files[batch["input_file_id"]]["content"].decode().splitlines()]
        out, errors = [], []
        for number, request in enumerate(requests):
            line: dict[str, Any] = {"id": f"batch_req_{next(self._ids)}", "custom_id": request["custom_id"]}
            if self.expire_after is not None and number >= self.expire_after:
                message = "This request could not be executed before the completion window expired."
                errors.append({**line, "response": None, "error": {"code": "batch_expired", "message": message}})
            elif request["custom_id"] in self.fail:
                body = {"error": {"message": "The server had an error", "type": "server_error"}}
                errors.append({**line, "response": {"status_code": 500, "request_id": "req_f", "body": body}})
                errors[-1]["error"] = None
            else:
                status, body = self._answer(request)
                target = out if status == 200 else errors
                target.append({**line, "response": {"status_code": status, "request_id": line["id"], "body": body}})
                target[-1]["error"] = None
        out.reverse()  # results come back in any order: never the input's
        batch["output_file_id"] = self._store(out)
        batch["error_file_id"] = self._store(errors)
        batch["request_counts"].update(completed=len(out), failed=len(errors))
        expired = self.expire_after is not None
        batch.update(status="expired" if expired else "completed")
        batch["expired_at" if expired else "completed_at"] = _now()

    def _answer(self, request: dict[str, Any]) -> Reply:
        server = self.server
        with server._lock:
            step = server.steps.pop(0) if server.steps else server.default
        self.answered.append(request["body"])
        if step is None:
            return 500, {"error": {"message": "no scripted response", "type": "server_error"}}
        payload = step["body"](request["body"]) if callable(step.get("body")) else step.get("body")
        return step.get("status", 200), payload

    def _store(self, lines: list[dict[str, Any]]) -> str | None:
        if not lines:
            return None
        file_id = f"file-{next(self._ids)}"
        content = "".join(json.dumps(line) + "\n" for line in lines).encode()
        self.files[file_id] = {"content": content, "purpose": "batch_output"}
        return file_id
