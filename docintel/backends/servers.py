"""What docintel has learnt about each model server: the API and structured-output mode that worked,
per base URL and model, kept in ``<cache_dir>/servers/modes.json``.

Found once by ``auto`` (the first call tries and falls back), then used directly; forgotten by
``docintel cache clear``, and probed again by itself when a server later rejects what it remembered.
A file that cannot be read or written only costs the probing again: it is never an error.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from ..errors import ConfigError
from ..ingest.cache import atomic_write_json
from ..redact import clean
from ..settings import redact_url
from .structured import MODES, Mode

if TYPE_CHECKING:  # the SDK is imported by the backend, never by `docintel cache clear`
    import openai

Api = Literal["responses", "chat"]
SERVERS_FILE = Path("servers") / "modes.json"


def server_key(base_url: str, model: str) -> str:
    """The key of a server and model (no credentials in it)."""
    return f"{redact_url(base_url).rstrip('/')} {clean(model)}"


class ServerMemory:
    """The remembered API and modes, read once and written whenever something new is learnt."""

    def __init__(self, cache_dir: Path) -> None:
        self.path = cache_dir / SERVERS_FILE
        self._lock = threading.Lock()
        self._data: dict[str, Any] | None = None

    def _load(self) -> dict[str, Any]:
        if self._data is None:
            try:
                data = json.loads(self.path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                data = {}
            self._data = data if isinstance(data, dict) else {}
        return self._data

    def api(self, key: str) -> Api | None:
        """The API that worked for this server and model, if known."""
        with self._lock:
            value = (self._load().get(key) or {}).get("api")
        return value if value in ("responses", "chat") else None

    def mode(self, key: str, api: Api) -> Mode | None:
        """The structured-output mode that worked on *api* for this server and model, if known."""
        with self._lock:
            value = ((self._load().get(key) or {}).get("modes") or {}).get(api)
        return next((m for m in MODES if m == value), None)

    def remember(self, key: str, api: Api, mode: Mode | None, *, api_probed: bool) -> None:
        """Store what was found: *api* as the server's API when it was probed, *mode* (when it was probed) as
        the mode on *api*; written only when something changes."""
        with self._lock:
            data = self._load()
            stored = data.get(key)
            entry: dict[str, Any] = stored if isinstance(stored, dict) else {}
            modes: dict[str, Any] = entry["modes"] if isinstance(entry.get("modes"), dict) else {}
            updated = {**entry, "modes": {**modes, api: mode} if mode else modes}
            if api_probed:
                updated["api"] = api
            if updated == entry:
                return
            data[key] = updated
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                atomic_write_json(self.path, data, indent=1)
            except OSError:
                pass  # only costs probing again next time


def forget_servers(cache_dir: Path) -> int:
    """Delete what was learnt about servers (``docintel cache clear``); returns the files removed."""
    path = cache_dir / SERVERS_FILE
    if not path.exists():
        return 0
    path.unlink()
    if not any(path.parent.iterdir()):
        path.parent.rmdir()
    return 1


def served_model(client: openai.OpenAI) -> str | None:
    """The one model a server serves (its /v1/models), when no model is named; None when it cannot say.
    ConfigError listing them when it serves several."""
    import openai

    try:
        models = sorted(m.id for m in client.models.list(timeout=10.0))
    except (openai.APIError, ValueError, TypeError):
        return None  # no such endpoint, or the server is down: the first request will say so
    if len(models) > 1:
        listed = ", ".join(models[:8]) + (" ..." if len(models) > 8 else "")
        raise ConfigError(
            f"no model named, and the server at {redact_url(str(client.base_url))} serves {len(models)}: {listed}",
            "name one with --model (or DOCINTEL_MODEL)",
        )
    return models[0] if models else None
