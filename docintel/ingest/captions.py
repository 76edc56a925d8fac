"""A table's caption: the scale it states ('(In millions, except per share data)') and the rows its 'except ...'
clause leaves unscaled."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..numbers import SCALE_WORDS
from ..textnorm import tokenize

CAPTION = re.compile(
    r"\(\s*(?:[$€£¥]\s*)?(?:(?:amounts|dollars)\s+)?(?:in\s+)?(?P<a>thousands|millions|billions)\b"
    r"|\b(?:[$€£¥]|dollars|amounts|figures)\s+in\s+(?P<b>thousands|millions|billions)\b"
    r"|^\s*\(?\s*in\s+(?P<c>thousands|millions|billions)\b",
    re.IGNORECASE,
)
_EXCEPT_SHARES = re.compile(r"except\b[^)]*\bshares?\b", re.IGNORECASE)  # 'per share' is taken out first
_EXCEPT = re.compile(r"\bexcept\b(?P<clause>[^)]*)", re.IGNORECASE)
_GENERIC = frozenset(
    {"data", "amount", "figur", "count", "number", "otherwis", "note", "indicat", "percentag", "ratio"}
)


def caption_of(lines: Sequence[str]) -> tuple[str, float, bool] | None:
    """(caption, scale, shares scaled) from the first short line that states a table's scale."""
    for text in lines:
        match = CAPTION.search(text) if len(text) <= 160 else None
        if match:
            word = (match.group("a") or match.group("b") or match.group("c")).lower()
            shares_excepted = _EXCEPT_SHARES.search(re.sub(r"\bper[- ]share\b", " ", text, flags=re.IGNORECASE))
            return text, SCALE_WORDS[word], shares_excepted is None
    return None


def except_words(caption: str) -> list[str]:
    """The phrases of a caption's 'except ...' clause as search terms joined by spaces, 'per share' and generic
    words left out: '(in millions, except per-share data and store counts)' -> ['store']; '(in thousands, except
    revenue per membership and percentages)' -> ['revenu membership'] (the phrase, not each of its words)."""
    match = _EXCEPT.search(caption)
    if match is None:
        return []
    clause = re.sub(r"\bper[- ]share\b", " ", match.group("clause"), flags=re.IGNORECASE)
    phrases = (
        " ".join(sorted({t for t in tokenize(part) if t not in _GENERIC and not t.isdigit()}))
        for part in re.split(r",|;|\band\b|\bor\b", clause, flags=re.IGNORECASE)
    )
    return sorted({p for p in phrases if p})
