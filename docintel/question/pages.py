"""Pages a question names: 'on page 3', 'pages 10-12', 'pp. 4 and 7', 'the last page' (the retrieval's page hints)."""

from __future__ import annotations

import re

_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
}
_NUM = r"(\d{1,5})"
_PAGE_WORD = r"(?:pages?|pp?\.|pgs?\.?)"
_RANGE_RE = re.compile(rf"\b{_PAGE_WORD}\s*{_NUM}\s*(?:-|–|—|to|through|thru)\s*{_NUM}\b", re.I)
_LIST_RE = re.compile(rf"\b{_PAGE_WORD}\s*({_NUM}(?:\s*(?:,|and|&|or)\s*{_NUM})+)\b", re.I)
_SINGLE_RE = re.compile(rf"\b{_PAGE_WORD}\s*{_NUM}\b", re.I)
_ORDINAL_RE = re.compile(
    r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final)\s+page\b", re.I
)


def parse_page_hints(question: str) -> list[int]:
    """Pages named in the question, as one flat sorted list ('last page' is -1)."""
    pages: set[int] = set()
    text = question
    for match in _RANGE_RE.finditer(text):
        low, high = sorted((int(match.group(1)), int(match.group(2))))
        if high - low <= 200:
            pages.update(range(low, high + 1))
    text = _RANGE_RE.sub(" ", text)
    for match in _LIST_RE.finditer(text):
        pages.update(int(n) for n in re.findall(r"\d{1,5}", match.group(1)))
    text = _LIST_RE.sub(" ", text)
    pages.update(int(m.group(1)) for m in _SINGLE_RE.finditer(text))
    for match in _ORDINAL_RE.finditer(question):
        word = match.group(1).lower()
        pages.add(-1 if word in ("last", "final") else _ORDINALS[word])
    return sorted(p for p in pages if p != 0)


_PAGE_POINTER = re.compile(
    rf"\b(?:according\s+to|as\s+(?:stated|shown|reported|given|presented)\s+(?:on|in))\s+(?=(?:the\s+)?(?:{_PAGE_WORD}|"
    rf"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final)\s+page)\b)",
    re.I,
)


def strip_page_references(question: str) -> str:
    """The question without the pages it names ('according to page 3', 'pp. 4-7'): what it asks, not where."""
    question = _PAGE_POINTER.sub(" ", question)
    for pattern in (_RANGE_RE, _LIST_RE, _SINGLE_RE, _ORDINAL_RE):
        question = pattern.sub(" ", question)
    return question
