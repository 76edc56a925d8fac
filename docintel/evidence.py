"""Render evidence blocks: one document's chosen lines with heading labels and table headers.

The context stage decides which line spans of a document are sent; this module turns them
into the block the model reads, and says what each addition costs so the context stage can
charge it to the budget before deciding:

- a ``section: A > B > C`` line (see ``headings.py``) before a span whose heading path differs
  from the last one shown, and where a span crosses onto a new page;
- ``[table header]`` and the header lines of a table (caption, column header) when a span
  holds rows of a table whose header sits above the span. They are ordinary rows with their
  own GLOBAL_LINE numbers, so they can be cited.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
from pydantic import BaseModel, Field

from .headings import HeadingIndex
from .ingest import Document
from .settings import Settings
from .tables import header_lines

COLUMN_HEADER = "GLOBAL_LINE\tpage\tline_in_page\ttext"
GAP_MARKER = "[...]"
TABLE_HEADER_MARKER = "[table header]"
SECTION_PREFIX = "section: "
LineRole = Literal["text", "table_header"]


class ContextLine(BaseModel):
    """One line sent to the model."""

    global_line: int
    page: int
    line_in_page: int
    text: str
    role: LineRole = Field(
        default="text", description="table_header: sent because rows of its table were sent below it"
    )


class SectionLabel(BaseModel):
    """A heading line shown in the evidence: the path of the lines from *before_line* on."""

    before_line: int = Field(description="GLOBAL_LINE of the first row it labels")
    path: list[str]


Spans = list[tuple[int, int]]


def neutral(text: str) -> str:
    """Document text made unable to close the evidence block or open a fake document."""
    return (
        text.replace("</document", "</ document")
        .replace("<document", "< document")
        .replace("</evidence", "</ evidence")
        .replace("<evidence", "< evidence")
    )


def render_row(page: int, line_in_page: int, global_line: int, text: str) -> str:
    """One evidence row: GLOBAL_LINE, page, line in page, text (tab-separated)."""
    return f"{global_line}\t{page}\t{line_in_page}\t{neutral(text)}"


def label_line(path: list[str]) -> str:
    """The rendered heading line of a path."""
    return SECTION_PREFIX + " > ".join(neutral(p) for p in path)


_CACHE: dict[tuple[str, str], tuple[np.ndarray, HeadingIndex, dict[int, list[int]]]] = {}


def _prepared(document: Document) -> tuple[np.ndarray, HeadingIndex, dict[int, list[int]]]:
    """Cumulative row sizes, heading index and table header lines by row line; once per document."""
    key = (document.meta.content_hash, document.meta.doc_id)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    lines = document.lines
    sizes = [
        len(render_row(p, k, g, t)) + 1
        for p, k, g, t in zip(
            lines["page"].tolist(),
            lines["line_in_page"].tolist(),
            lines["global_line"].tolist(),
            lines["text"].tolist(),
            strict=True,
        )
    ]
    heads: dict[int, list[int]] = {}
    for table in document.tables:
        above = header_lines(table)
        for row in table.rows:
            if above:
                heads[row.line] = above
    built = (np.concatenate([[0], np.cumsum(sizes, dtype=np.int64)]), HeadingIndex(document), heads)
    if len(_CACHE) > 256:
        _CACHE.clear()
    _CACHE[key] = built  # two threads may build it at once: harmless, a dict assignment is atomic
    return built


class DocumentView:
    """One document's lines as evidence rows: sizes, labels, table headers and the rendered block."""

    def __init__(self, document: Document, settings: Settings) -> None:
        self.document = document
        lines = document.lines
        self.first = int(lines["global_line"].iloc[0]) if len(lines) else 1
        self.last = self.first + len(lines) - 1
        self.pages = lines["page"].tolist()
        self.in_page = lines["line_in_page"].tolist()
        self.texts = lines["text"].tolist()
        self.labels = settings.use_heading_labels
        self.table_headers = settings.use_table_headers
        self.warnings = {w.page: w.message for w in document.meta.warnings}
        self._cumulative, self.headings, self._heads = _prepared(document)

    # ------------------------------------------------------------------ sizes

    def rows_cost(self, start: int, end: int) -> int:
        """Rendered size of lines start..end (newlines included)."""
        i, j = start - self.first, end - self.first + 1
        return int(self._cumulative[j] - self._cumulative[i])

    def cost(self, start: int, end: int, sent_headers: set[int] | None = None) -> int:
        """What sending a passage start..end costs: rows, a gap marker, its heading line and the
        headers of its tables not in *sent_headers* (an upper bound: a repeated label is not shown)."""
        return (
            self.rows_cost(start, end)
            + len(GAP_MARKER)
            + 1
            + self.label_cost(start)
            + self.headers_cost(self.header_rows(start, end, sent_headers or set()))
        )

    def headers_cost(self, header_rows: list[int]) -> int:
        """Header rows, a marker and a gap marker per run of them, and the heading line above the first."""
        if not header_rows:
            return 0
        runs = 1 + sum(1 for a, b in zip(header_rows, header_rows[1:], strict=False) if b != a + 1)
        markers = runs * (len(TABLE_HEADER_MARKER) + len(GAP_MARKER) + 2)
        return sum(self.rows_cost(n, n) for n in header_rows) + markers + self.label_cost(header_rows[0])

    def label_cost(self, line: int) -> int:
        """Size of the heading line shown before *line* (0 without labels)."""
        path = self.path(line)
        return len(label_line(path)) + 1 if path else 0

    def whole_cost(self) -> int:
        """Sending the whole document: every row, a heading line per page, the header."""
        if not self.texts:
            return 0
        starts = [self.first + i for i, page in enumerate(self.pages) if i == 0 or page != self.pages[i - 1]]
        return self.rows_cost(self.first, self.last) + sum(self.label_cost(s) for s in starts) + self.header_cost()

    def header_cost(self) -> int:
        """The document's opening and closing tags."""
        return len(self.header([])) + len("</document>\n")

    def note_cost(self, page: int) -> int:
        """The warning note a page adds to its document's header."""
        return len(f"note: page {page}: {self.warnings[page]}\n") if page in self.warnings else 0

    # ------------------------------------------------------------------ content

    def path(self, line: int) -> list[str]:
        """The heading path of *line* (empty when labels are off)."""
        return self.headings.path(line) if self.labels else []

    def header_rows(self, start: int, end: int, already: set[int]) -> list[int]:
        """Table header lines above start..end that its table rows need and that are not sent yet."""
        if not self.table_headers:
            return []
        needed: set[int] = set()
        for line in range(start, end + 1):
            needed.update(n for n in self._heads.get(line, ()) if n < start and n not in already)
        return sorted(needed)

    def normalised(self, start: int, end: int) -> str:
        """The text of lines start..end, case and spacing folded (to send the same passage once)."""
        i, j = start - self.first, end - self.first + 1
        return " ".join(" ".join(self.texts[i:j]).lower().split())

    def header(self, pages: list[int]) -> str:
        """The opening tag, page warning notes and the column header."""
        meta = self.document.meta
        title = neutral(meta.title).replace('"', "'")
        parts = [f'<document id="{meta.doc_id}" title="{title}">']
        parts += [f"note: page {page}: {self.warnings[page]}" for page in pages if page in self.warnings]
        parts.append(COLUMN_HEADER)
        return "\n".join(parts) + "\n"

    def render(self, spans: Spans, header_spans: Spans) -> tuple[str, list[ContextLine], list[SectionLabel]]:
        """The block of *spans* (merged, in order) with *header_spans* marked as table headers."""
        headers = {n for start, end in header_spans for n in range(start, end + 1)}
        rows: list[str] = []
        lines: list[ContextLine] = []
        labels: list[SectionLabel] = []
        shown: list[str] | None = None
        for index, (start, end) in enumerate(spans):
            if index:
                rows.append(GAP_MARKER)
            for line in range(start, end + 1):
                i = line - self.first
                at_page_start = i == 0 or self.pages[i] != self.pages[i - 1]
                if line == start or at_page_start:
                    path = self.path(line)
                    if path and path != shown:
                        rows.append(label_line(path))
                        labels.append(SectionLabel(before_line=line, path=path))
                    shown = path or shown
                role: LineRole = "table_header" if line in headers else "text"
                if role == "table_header" and (line == start or line - 1 not in headers):
                    rows.append(TABLE_HEADER_MARKER)
                rows.append(render_row(self.pages[i], self.in_page[i], line, self.texts[i]))
                lines.append(
                    ContextLine(
                        global_line=line,
                        page=self.pages[i],
                        line_in_page=self.in_page[i],
                        text=self.texts[i],
                        role=role,
                    )
                )
        pages = sorted({line.page for line in lines})
        return self.header(pages) + "\n".join(rows) + "\n</document>\n", lines, labels
