"""What a ``batch --via batch-api`` run remembers beside its --out: the batches it created and what each asked.

The file ``<out>.batches.json`` holds, for each batch, its id, input file, endpoint and last status,
and for each request (custom_id) the batch it went into and the hash of its body. An input file
uploaded but whose batch creation was not yet recorded (the run stopped in between) is kept as
``pending``: the next run finds the batch made from it, if any, instead of asking again.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..errors import StorageError, UsageError, storage_error
from ..ingest.cache import atomic_write_text

STATE_VERSION = 1
TERMINAL = ("completed", "failed", "expired", "cancelled")


def state_path(out: Path) -> Path:
    """Where the batch ids of an --out file are recorded: beside it."""
    return out.with_name(out.name + ".batches.json")


@dataclass
class BatchRecord:
    """One batch created by docintel: where its requests went and what it last said."""

    id: str
    input_file_id: str
    endpoint: str
    status: str = "validating"
    requests: int = 0
    output_file_id: str | None = None
    error_file_id: str | None = None

    @property
    def finished(self) -> bool:
        """Whether the batch will not change any more (completed, failed, expired or cancelled)."""
        return self.status in TERMINAL


@dataclass
class BatchState:
    """The batches of one --out file and the requests sent in them."""

    path: Path
    base_url: str = ""
    model: str = ""
    batches: dict[str, BatchRecord] = field(default_factory=dict)
    pending: dict[str, dict[str, Any]] = field(default_factory=dict)  # input file id -> endpoint, custom_ids
    requests: dict[str, dict[str, str]] = field(default_factory=dict)  # custom_id -> {"batch", "hash"}

    @classmethod
    def load(cls, path: Path, base_url: str, model: str) -> BatchState:
        """The state recorded at *path* (a new one when there is none); UsageError when it cannot be used."""
        if not path.exists():
            return cls(path, base_url, model)
        fix = f"delete {path} only if its batches are not needed (their answers would be asked and paid again)"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise UsageError(f"{path}: cannot read the recorded batches ({exc})", fix) from None
        if not isinstance(data, dict) or data.get("version") != STATE_VERSION:
            raise UsageError(f"{path}: not a docintel batch record of version {STATE_VERSION}", fix)
        if data.get("base_url") != base_url:
            raise UsageError(
                f"{path}: its batches were made on {data.get('base_url')}, not on {base_url}",
                f"set OPENAI_BASE_URL back to {data.get('base_url')}, or write to another --out",
            )
        batches = {key: BatchRecord(**value) for key, value in data.get("batches", {}).items()}
        return cls(path, base_url, data.get("model", model), batches, data.get("pending", {}), data.get("requests", {}))

    def save(self) -> None:
        """Write the state atomically (a crash leaves the old one or the new one); StorageError on failure."""
        data = {
            "version": STATE_VERSION,
            "base_url": self.base_url,
            "model": self.model,
            "batches": {key: asdict(value) for key, value in self.batches.items()},
            "pending": self.pending,
            "requests": self.requests,
        }
        try:
            atomic_write_text(self.path, json.dumps(data, indent=1, ensure_ascii=False))
        except OSError as exc:
            raise storage_error("write", self.path, exc, "make the folder of --out writable") from None

    def remove(self) -> None:
        """Delete the state file (every question of the run is answered)."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            raise StorageError(f"cannot delete {self.path} ({exc.strerror})", "delete it by hand") from None

    def add_pending(self, file_id: str, endpoint: str, sent: dict[str, str]) -> None:
        """Record an uploaded input file before its batch is created."""
        self.pending[file_id] = {"endpoint": endpoint, "requests": sent}
        self.save()

    def add_batch(self, batch: BatchRecord, sent: dict[str, str]) -> None:
        """Record a created batch and the requests (custom_id -> body hash) it holds; the pending file goes."""
        self.batches[batch.id] = batch
        self.requests.update({cid: {"batch": batch.id, "hash": h} for cid, h in sent.items()})
        self.pending.pop(batch.input_file_id, None)
        self.save()

    def open_batches(self) -> list[BatchRecord]:
        """Batches that may still change."""
        return [b for b in self.batches.values() if not b.finished]

    def waiting(self) -> set[str]:
        """custom_ids sent in a batch that is not finished."""
        open_ids = {b.id for b in self.open_batches()}
        return {cid for cid, where in self.requests.items() if where["batch"] in open_ids}

    def sent_hashes(self) -> dict[str, str]:
        """custom_id -> the hash of the body sent for it."""
        return {cid: where["hash"] for cid, where in self.requests.items()}
