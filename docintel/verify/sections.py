"""The segment a section of prose is about: a number of prose right under 'Regulated Businesses Segment', or under
the first line item's sub-heading of that section ('Operating Revenues'), is that segment's, though its sentence
names none ('In 2021, as compared to 2020, operating revenues increased $129 million ...'). Tables read their member
from the headings above them (ingest); prose is read here, with ingest's reading of a segment's heading."""

from __future__ import annotations

import re

from ..concepts import concepts_in
from ..ingest.documents import Document
from ..ingest.factcells import names_the_whole, segment_named
from ..ingest.headings import is_heading

_REACH = 150  # lines above the number a segment's heading may stand (a segment's discussion runs over pages)
_RUNNING = re.compile(r"^(?:table\s+of\s+contents|index)\b", re.IGNORECASE)
_SMALL_WORDS = frozenset("a an and as at by for from in of on or the to with vs".split())
_SHORT = 6  # words of a heading in sentence case ('Liquidity and capital resources'); longer ones are title case
# each document read (held, so its id stays its own), its lines and those of its tables: read once per document
_READ: dict[int, tuple[Document, list[str], frozenset[int]]] = {}


def prose_segment(document: Document, line: int) -> str | None:
    """The segment the heading over *line* names, with at most one line item's sub-heading between ('Operating
    Revenues'); None under any other heading (another section, the whole company's, a second line item's: the
    segment's discussion may be over, a consolidated 'Interest Expense' following it) or none."""
    texts, in_tables = _lines(document)
    items = 0
    for number in range(line - 1, max(0, line - _REACH), -1):
        text = texts[number - 1].strip() if 0 < number <= len(texts) else ""
        if number in in_tables or not _heading(text):
            continue  # body text, a table's row, a running header
        if name := segment_named(text, lambda words: bool(concepts_in(words).concepts)):
            return name
        if items or names_the_whole(text) or not concepts_in(text).concepts:
            return None
        items += 1
    return None


def _lines(document: Document) -> tuple[list[str], frozenset[int]]:
    """The document's line texts and its tables' lines (keyed by the object: two documents of one name, a file
    rewritten, are read apart)."""
    if id(document) not in _READ:
        if len(_READ) > 16:  # a long-running process reading many documents keeps a few
            _READ.clear()
        tables = frozenset(n for t in document.tables for n in range(t.first_line, t.last_line + 1))
        _READ[id(document)] = (document, [str(t) for t in document.lines["text"].tolist()], tables)
    _, texts, tables = _READ[id(document)]
    return texts, tables


def _heading(text: str) -> bool:
    """Whether a line is a heading: short, no final stop (``is_heading``), in title case or capitals ('Operating
    Revenues'), or of a few words in sentence case ('Liquidity and capital resources'); not a sentence's line
    ('Presented in the table below is financial information for the Regulated Businesses:') nor a running header."""
    if not text or _RUNNING.match(text) or not is_heading(text):
        return False
    words = [w for w in re.findall(r"[A-Za-z][\w'’\-]*", text) if w.lower() not in _SMALL_WORDS]
    return bool(words) and (all(w[0].isupper() for w in words) or len(text.split()) <= _SHORT)
