"""The start of a sentence a quote was cut from. A quote that begins with its number ('$94.5 billion at December 31,
2019.') has its subject before it, in the words the quote left out ('Funded backlog was $102.3 billion at December
31, 2020, as compared to'): what the number is, is read there, not from the words after it."""

from __future__ import annotations

import re

from ..answer.contract import Span
from ..ingest.documents import Document

_SENTENCE_END = re.compile(r"[.!?][\"”’)]?\s+(?=[A-Z“\"(])|[.!?][\"”’)]?\s*$")
_MAX_LINES = 3  # a sentence of a filing rarely runs back more than three lines


def lead_in(document: Document, span: Span) -> str:
    """The words of the quote's sentence before the quote, on its first line and the lines above it on the same page
    ('' when the quote starts its sentence)."""
    texts, pages = document.lines["text"], document.lines["page"]
    first = span.line_start
    if not 1 <= first <= len(texts):
        return ""
    line = " ".join(str(texts.iloc[first - 1]).split())
    quote = " ".join(span.quote.split())
    # the quote's opening words that are on its first line (a quote may run onto the next one early)
    at = next((line.find(quote[:n]) for n in (30, 20, 12, 6) if quote[:n] and quote[:n] in line), -1)
    if at < 0:
        return ""
    before = [line[:at]]
    number = first - 1
    while not _SENTENCE_END.search(" ".join(before)) and number >= 1 and first - number <= _MAX_LINES:
        if pages.iloc[number - 1] != pages.iloc[first - 1]:
            break
        before.insert(0, " ".join(str(texts.iloc[number - 1]).split()))
        number -= 1
    text = " ".join(part for part in before if part).strip()
    ends = list(_SENTENCE_END.finditer(text))
    return text[ends[-1].end() :].strip() if ends else text


# where a clause before the quote ends: what comes before it is said of another figure (general English)
_CLAUSE_BREAK = re.compile(r"[;:]|,\s+(?:and|but|while|whereas)\b|\b(?:compared|versus)\b", re.IGNORECASE)


def clause_lead(document: Document, span: Span) -> str:
    """The words of the quote's clause before the quote: its sentence's lead after the last break of clause."""
    return _CLAUSE_BREAK.split(lead_in(document, span))[-1]


# another figure, then 'and' and the words of the number's own clause: '... contributions of approximately $1.0
# billion to our ... plans in 2021 and anticipate recovering approximately' (a year is no other figure); not a noun
# the first clause's subject goes on to ('Cash paid for interest of $1.2 billion and income taxes of')
_OTHER_FIGURE_AND = re.compile(
    r"(?:[$€£]\s?\d[\d,.]*|\d[\d,.]*\s*(?:%|percent\b))(?:\s+(?:million|billion|thousand)\b)?"
    r"(?:[^$€£%\d]|\b(?:19|20)\d\d\b)*?"
    r"(?:,\s*)?\band\s+(?=[a-z]+\s+[a-z])(?![^$€£\d]*\bof\s+(?:approximately\s+|about\s+)?$)",
    re.IGNORECASE,
)


def own_clause(head: str) -> str:
    """The words before a number that are its own: after another figure and the 'and' that joins a new clause to it
    ('... $1.0 billion to our pension plans in 2021 and anticipate recovering approximately' → 'anticipate recovering
    approximately'); *head* itself when it names no other figure or nothing follows the 'and'."""
    joins = list(_OTHER_FIGURE_AND.finditer(head))
    own = head[joins[-1].end() :] if joins else head
    return own if re.search(r"[A-Za-z]{3,}", own) else head
