"""The words of the issuer's own name a search leaves out: a name each page of its filing may write ('Coca-Cola' in
Coca-Cola's 10-K) tells no passage or line of it from another. Only its proper names: a word the document also
writes in lowercase ('cola-flavored', American Water's 'water') stays a search term. Used by retrieval
(``search``) and, through each context source's ``issuer_terms``, by the offline answerer's line ranking."""

from __future__ import annotations

import re

from ..ingest.documents import Document
from ..textnorm import tokenize


def without_issuer(terms: list[tuple[str, float]], documents: list[Document]) -> list[tuple[str, float]]:
    """*terms* less the proper-name terms of the company every searched document is by ('Coca-Cola' in its own
    10-K): a name each page may write tells no passage of its documents from another. All of them when nothing
    else is asked."""
    names = [set(proper_name_terms(d)) for d in documents]
    own = set.intersection(*names) if names else set()
    kept = [(t, w) for t, w in terms if t not in own]
    return kept or terms


def proper_name_terms(document: Document) -> frozenset[str]:
    """The terms of the name of the company *document* is by that the document never writes in lowercase ('coca',
    'cola'; not 'best' and 'buy', 'water' and 'works', 'general': words it also uses as words)."""
    name = document.meta.profile.issuer.value or ""
    key = (name, document.meta.content_hash, len(document.lines))
    if key not in _PROPER_NAMES:
        text = _ADDRESS.sub(" ", "\n".join(str(t) for t in document.lines["text"].tolist()))  # 'www.coca-cola.com'
        written = set(tokenize(" ".join(re.findall(r"\b[a-z]+\b", text))))  # 'works' is 'work', as 'working'
        _PROPER_NAMES[key] = frozenset(t for t in tokenize(name) if t not in written)
    return _PROPER_NAMES[key]


_ADDRESS = re.compile(r"\S*(?:www\.|https?://|@|\.com\b|\.org\b|\.net\b)\S*", re.IGNORECASE)  # a web or mail address
_PROPER_NAMES: dict[tuple[str, str, int], frozenset[str]] = {}  # by issuer, content and count of lines: read once
