"""The document around its tables: its lines by page, scale statements of sections and of the whole document, and
the members its tables name. Used by ``factread``."""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..concepts import concepts_in
from .facts import Member, ScaleSource
from .factscope import (
    axis_named,
    is_document_statement,
    is_item_heading,
    member_name,
    member_of,
    names_scale_word,
    scale_stated,
)
from .tables import Table


@dataclass(frozen=True)
class Scale:
    """A resolved scale and where it was stated."""

    factor: float
    source: ScaleSource
    shares: bool = True  # share counts are scaled too ('$ and shares in millions'; not 'except shares')


@dataclass
class Lines:
    """The document's lines by page, and the scale statements of sections and of the document."""

    pages: Sequence[int]
    texts: Sequence[str]
    boxes: Sequence[Sequence[float]] | None
    by_page: dict[int, list[int]] = field(default_factory=dict)  # page -> GLOBAL_LINEs
    section_marks: list[int] = field(default_factory=list)  # GLOBAL_LINEs where a section scale starts or ends
    section_scales: list[Scale | None] = field(default_factory=list)
    document: Scale | None = None

    def text(self, line: int) -> str:
        return str(self.texts[line - 1])

    def box(self, line: int) -> tuple[float, float, float, float] | None:
        if self.boxes is None or not 1 <= line <= len(self.boxes):
            return None
        x0, y0, x1, y1 = self.boxes[line - 1]
        return x0, y0, x1, y1

    def section_at(self, line: int) -> Scale | None:
        index = bisect.bisect_right(self.section_marks, line) - 1
        return self.section_scales[index] if index >= 0 else None


# the words of a scale statement; the lookahead (their first letters, matched as the words are) rejects at once the
# positions no word starts at
_STATED = re.compile(r"(?=[pseraiPSERAI])\b(?:presented|stated|expressed|reported|shown|are|in)\b", re.I)


def index_lines(
    pages: Sequence[int], texts: Sequence[str], boxes: Sequence[Sequence[float]] | None, table_lines: set[int]
) -> Lines:
    lines = Lines(pages=pages, texts=texts, boxes=boxes)
    for index, page in enumerate(pages):
        lines.by_page.setdefault(int(page), []).append(index + 1)
    for number in range(1, len(texts) + 1):
        text = str(texts[number - 1])
        if is_item_heading(text):
            lines.section_marks.append(number)
            lines.section_scales.append(None)
            continue
        if number in table_lines or len(text) < 40:
            continue
        joined = f"{text} {texts[number] if number < len(texts) else ''}"
        stated = scale_stated(joined) if names_scale_word(joined) and _STATED.search(joined) else None
        if stated is None:
            continue
        scale = Scale(stated[0], "section", stated[1])
        if is_document_statement(joined) and int(pages[number - 1]) <= 5 and lines.document is None:
            lines.document = Scale(stated[0], "document", stated[1])
        else:
            lines.section_marks.append(number)
            lines.section_scales.append(scale)
    return lines


# a statement of the tables' scale only ('Tabular dollars are presented in millions'): the prose writes its own
_TABULAR = re.compile(r"\btabular\b|\btables?\b", re.IGNORECASE)
# a statement for all the section says, its exceptions said where they are: 'except otherwise stated'
_OTHERWISE = re.compile(r"\b(?:unless|except)\s+(?:as\s+|where\s+|when\s+)?otherwise\b", re.IGNORECASE)


def prose_scales(lines: Lines, tables: Sequence[Table]) -> tuple[tuple[int, float | None], ...]:
    """Where a section's bare amounts of prose ('$376') take a scale, and which: from a statement that says it holds
    wherever no other scale is stated ('(Dollars in millions, except otherwise stated)' over the notes) to the next
    Item (None); a table's caption ('(in millions, except where otherwise noted)' a table starts below) is the
    table's and ends nothing."""
    starts = {n for t in tables for n in (t.first_line, t.header_line) if n is not None}
    found: list[tuple[int, float | None]] = []
    for mark, scale in zip(lines.section_marks, lines.section_scales, strict=True):
        caption = any(mark < start <= mark + 3 for start in starts)
        if scale is None or (_for_prose(_statement(lines, mark)) and not caption):
            found.append((mark, scale.factor if scale else None))
    return tuple(found)


def _for_prose(statement: str) -> bool:
    return bool(_OTHERWISE.search(statement)) and not _TABULAR.search(statement)


def _statement(lines: Lines, mark: int) -> str:
    return f"{lines.text(mark)} {lines.text(mark + 1) if mark < len(lines.texts) else ''}"


def table_lines(tables: Sequence[Table]) -> set[int]:
    """The lines read as tables: rows and header lines (a line of prose among them is read as prose)."""
    used: set[int] = set()
    for table in tables:
        used.update(row.line for row in table.rows)
        if table.header_line is not None:
            used.update(range(table.header_line, (table.header_end_line or table.header_line) + 1))
    return used


def row_names(tables: Sequence[Table]) -> dict[str, Member]:
    """Row labels that can name a member ('Las Vegas Strip Resorts'): a prose section headed by one is about it."""
    names: dict[str, Member] = {}
    for table in tables:
        for row in table.rows:
            name = member_name(row.label)
            if name and len(name.split()) > 1 and not concepts_in(name).concepts:
                names.setdefault(name.lower(), member_of(name, "segment"))
    return names


def learned_members(tables: Sequence[Table], lines: Lines) -> dict[str, Member]:
    """Members named in tables whose caption or heading names an axis (segments, regions, products)."""
    found: dict[str, Member] = {}
    for table in tables:
        top = lines.by_page.get(table.page, [table.first_line])[0]
        first_row = min((r.line for r in table.rows), default=table.first_line)
        heading = " ".join(lines.text(n) for n in range(max(top, table.first_line - 6), first_row))
        axis = axis_named(heading)
        if axis is None:
            continue
        for row in table.rows:
            name = member_name(row.label)
            if name and not concepts_in(name).concepts:
                found.setdefault(name.lower(), member_of(name, axis))
    return found
