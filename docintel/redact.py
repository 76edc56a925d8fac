"""Secrets kept out of everything docintel prints or writes.

A model server may echo the API key back (in a 401's message, a 500's body, even a reply), and
whatever it says reaches the terminal, the batch output and the traces. So what comes from outside
is cleaned where it enters (the openai backend), and every ``DocintelError`` text is cleaned again
when it is shown or stored.

The key is masked wherever it stands, glued to other characters ('key_sk-...', 'xsk-...x'), in
any case ('SK-...') and as its base64 (a server may echo a header it decoded or encoded), but
only when it looks like a secret: a key too short or too common to be one (``local``, ``none``,
``ollama``: local servers ignore the key) is left alone, so that "translating profits from local
currencies" or a path ``.../localdocs/`` stays as it is. Documents, the prompt as sent, paths and
docintel's own words are never touched (a real key is not among their words).
"""

from __future__ import annotations

import base64
import re
from functools import lru_cache
from typing import Any

MASK = "***"
_KNOWN: set[str] = set()


def looks_secret(key: str) -> bool:
    """True when *key* could be a real secret: at least 8 characters and not a plain word, or 16 and over.

    ``local``, ``none``, ``ollama``, ``password`` and ``notneeded`` are words a user types to satisfy a
    client that needs some key; ``sk-proj-...``, a 32-digit hex key or ``no-key-123`` are not."""
    key = key.strip()
    if len(key) >= 16:
        return True
    return len(key) >= 8 and not key.isalpha()


def remember(key: str | None) -> None:
    """Register *key* as a secret of this process: every later ``clean`` masks it."""
    if key and looks_secret(key):
        _KNOWN.add(key.strip())
        _pattern.cache_clear()


def _forms(key: str) -> set[str]:
    """The key as written and as base64 (standard and URL-safe, padded or not)."""
    encoded = {base64.b64encode(key.encode()).decode(), base64.urlsafe_b64encode(key.encode()).decode()}
    return {key} | encoded | {e.rstrip("=") for e in encoded}


@lru_cache(maxsize=8)
def _pattern(keys: frozenset[str]) -> re.Pattern[str] | None:
    if not keys:
        return None
    forms = {form for key in keys for form in _forms(key)}
    alternatives = "|".join(re.escape(k) for k in sorted(forms, key=len, reverse=True))
    return re.compile(alternatives, re.IGNORECASE)


def clean(text: str, keys: tuple[str, ...] = ()) -> str:
    """*text* with every secret (the remembered ones and *keys*) masked wherever it stands."""
    pattern = _pattern(frozenset(_KNOWN | {k.strip() for k in keys if k and looks_secret(k)}))
    if pattern is None or not text:
        return text
    return pattern.sub(MASK, text)


def clean_data(value: Any, keys: tuple[str, ...] = ()) -> Any:
    """A copy of JSON-like *value* (dicts, lists, strings) with every secret masked in its strings."""
    if isinstance(value, str):
        return clean(value, keys)
    if isinstance(value, dict):
        return {k: clean_data(v, keys) for k, v in value.items()}
    if isinstance(value, list):
        return [clean_data(v, keys) for v in value]
    return value
