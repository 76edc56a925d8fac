"""The segment a section of prose is about: a number of prose under 'Regulated Businesses Segment' and its line items'
sub-headings ('Operating Revenues') is that segment's, though its sentence names none ('In 2021, as compared to 2020,
operating revenues increased $129 million ...'). Tables read their member from their headings (ingest); prose is read
here, from the headings above its line."""

from __future__ import annotations

import re

from ..concepts import concepts_in
from ..ingest.documents import Document
from ..ingest.headings import is_heading

_REACH = 150  # lines above the number a segment's heading may stand (a segment's discussion runs over pages)
# 'Regulated Businesses Segment', 'Intelligent Cloud Segment', 'Aeronautics Business Segment': a heading naming a
# segment by the word itself (the ASC 280 term); 'Segment Results of Operations' names none
_SEGMENT_HEADING = re.compile(
    r"^(?P<name>[A-Z][\w&.,'’\- ]{1,60}?)\s+(?:reportable\s+|operating\s+|business\s+)?segment:?$", re.IGNORECASE
)
_RUNNING = re.compile(r"^(?:table\s+of\s+contents|index)\b", re.IGNORECASE)
_TABLE_LINES: dict[tuple[str, int], frozenset[int]] = {}  # by document id and its count of tables: read once
_SMALL_WORDS = frozenset("a an and as at by for from in of on or the to with vs".split())


def section_member(document: Document, line: int) -> str | None:
    """The segment the heading over *line* names, where only sub-headings of line items ('Operating Revenues',
    'Provision for Income Taxes') stand between them; None under any other heading (a section of its own) or none."""
    texts = document.lines["text"].tolist()
    key = (document.meta.doc_id, len(document.tables))
    if key not in _TABLE_LINES:
        _TABLE_LINES[key] = frozenset(n for t in document.tables for n in range(t.first_line, t.last_line + 1))
    in_tables = _TABLE_LINES[key]
    for number in range(line - 1, max(0, line - _REACH), -1):
        text = str(texts[number - 1]).strip() if 0 < number <= len(texts) else ""
        if number in in_tables or not _titled(text):
            continue  # body text, a table's row, a running header
        if found := _SEGMENT_HEADING.match(text):
            return found["name"].strip()
        if not concepts_in(text).concepts:
            return None  # a heading of another section ('Segment Results of Operations', 'Market-Based Businesses')
    return None


def _titled(text: str) -> bool:
    """Whether a line is a heading in title case or capitals ('Operating Revenues'): not a sentence's line, a row
    label ('Water services:') or a running header."""
    if not text or _RUNNING.match(text) or not is_heading(text):
        return False
    words = [w for w in re.findall(r"[A-Za-z][\w'’\-]*", text) if w.lower() not in _SMALL_WORDS]
    return bool(words) and all(w[0].isupper() for w in words)
