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

import bisect
import hashlib
import itertools
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, Field, TypeAdapter

from ..ingest.documents import Document
from ..ingest.headings import HeadingIndex
from ..ingest.tables import heads_by_row
from ..settings import Settings

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
    if "<" not in text:
        return text  # most lines: nothing to neutralise
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


@dataclass(frozen=True)
class _Rows:
    """What every context over one document reads, prepared once per document: its line columns as lists,
    cumulative row sizes, the heading index, table header lines by row line, cumulative folded text sizes
    (characters of each line's lower-cased text, spaces left out) and the tables each row line belongs to."""

    first: int  # GLOBAL_LINE of the first line (1 for a document without lines)
    pages: list[int]
    in_page: list[int]
    texts: list[str]
    cumulative: list[int]  # Python ints: read one at a time per candidate, faster than numpy scalars
    headings: HeadingIndex
    heads: dict[int, list[int]]
    folded: list[int]
    tables_of: dict[int, list[int]]  # GLOBAL_LINE -> indexes of document.table_data holding it as a row


_CACHE: dict[tuple[str, str], _Rows] = {}


def _prepared(document: Document) -> _Rows:
    """The prepared rows of *document* (built on first use, then kept)."""
    key = (document.meta.content_hash, document.meta.doc_id)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    lines = document.lines
    pages, in_page = lines["page"].tolist(), lines["line_in_page"].tolist()
    globals_, texts = lines["global_line"].tolist(), lines["text"].tolist()
    sizes = [len(render_row(p, k, g, t)) + 1 for p, k, g, t in zip(pages, in_page, globals_, texts, strict=True)]
    folded = [sum(len(word) for word in text.lower().split()) for text in texts]
    tables_of: dict[int, list[int]] = {}
    for number, data in enumerate(document.table_data):
        for row in data.get("rows") or []:
            tables_of.setdefault(row["line"], []).append(number)
    built = _Rows(
        first=globals_[0] if globals_ else 1,
        pages=pages,
        in_page=in_page,
        texts=texts,
        cumulative=[0, *itertools.accumulate(sizes)],
        headings=HeadingIndex(document),
        heads=heads_by_row(document.table_data),  # as header_lines() of each table, without building the models
        folded=[0, *itertools.accumulate(folded)],
        tables_of=tables_of,
    )
    if len(_CACHE) > 256:
        _CACHE.clear()
    _CACHE[key] = built  # two threads may build it at once: harmless, a dict assignment is atomic
    return built


def merge_spans(spans: Spans) -> Spans:
    """Sorted spans with overlapping and adjacent ones joined."""
    merged: Spans = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1] + 1:
            if end > merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def _inside(spans: Spans, starts: list[int], line: int) -> bool:
    """Whether *line* is in one of the sorted, merged *spans* (*starts*: their first lines)."""
    at = bisect.bisect_right(starts, line) - 1
    return at >= 0 and spans[at][0] <= line <= spans[at][1]


def _outside(covered: Spans, lines: frozenset[int] | set[int]) -> set[int]:
    """The *lines* in none of the sorted, merged spans *covered*."""
    starts = [start for start, _ in covered]
    return {n for n in lines if not _inside(covered, starts, n)}


_WHOLE_SIZES: dict[tuple[str, str, bool, bool], int] = {}


@dataclass(frozen=True)
class Cluster:
    """One run of adjacent lines laid out: its pieces, their size, the labels shown and the path shown last."""

    pieces: list[str | tuple[int, int]]
    size: int
    labels: list[SectionLabel]
    pages: frozenset[int]
    shown: tuple[str, ...] | None


@dataclass(frozen=True)
class _Layout:
    """A block's content in order: literal lines (labels, markers, gaps) and runs of evidence rows."""

    pieces: list[str | tuple[int, int]]
    labels: list[SectionLabel]
    heads: set[int]
    pages: list[int]


class DocumentView:
    """One document's lines as evidence rows: exact sizes, labels, table headers and the rendered block.

    ``size`` and ``render`` share one layout, so what the context stage charges is exactly what
    the model is sent.
    """

    def __init__(self, document: Document, settings: Settings) -> None:
        self.document = document
        rows = self.rows = _prepared(document)
        self.first = rows.first
        self.last = self.first + len(rows.texts) - 1
        self.pages, self.in_page, self.texts = rows.pages, rows.in_page, rows.texts  # shared: never changed
        self.labels = settings.use_heading_labels
        self.table_headers = settings.use_table_headers
        self.warnings = {w.page: w.message for w in document.meta.warnings}
        self._plain_header = len(self.header([]))  # the header's size when no page has a warning
        self._cumulative, self.headings, self._heads, self._folded = (
            rows.cumulative,
            rows.headings,
            rows.heads,
            rows.folded,
        )
        # layouts of runs of lines and table heads of spans, kept for this view: packing asks the size of a
        # block once per candidate, and only the run a candidate joins is laid out anew
        self._clusters: dict[tuple[int, int, frozenset[int], tuple[str, ...] | None], Cluster] = {}
        self._span_heads: dict[tuple[int, int], frozenset[int]] = {}

    # ------------------------------------------------------------------ sizes

    def rows_cost(self, start: int, end: int) -> int:
        """Rendered size of lines start..end (newlines included)."""
        i, j = start - self.first, end - self.first + 1
        return self._cumulative[j] - self._cumulative[i]

    def size(self, passages: Spans) -> int:
        """The exact size of the block that sends *passages* (0 for none): header with its page notes,
        heading lines, table headers, gap markers, rows and the closing tag."""
        if not passages:
            return 0
        return self.block_size(self._laid_out(passages)[0])

    def block_size(self, clusters: list[Cluster], body: int | None = None) -> int:
        """The size of the block of *clusters* (*body*: the sum of their sizes, when the caller keeps it)."""
        body = (sum(c.size for c in clusters) if body is None else body) + (len(clusters) - 1) * (len(GAP_MARKER) + 1)
        if self.warnings:  # page notes in the header: only for the pages sent
            header = len(self.header(sorted(set().union(*(c.pages for c in clusters)))))
        else:
            header = self._plain_header
        return header + body + len("</document>\n")

    def whole_spans(self) -> Spans:
        """The one span of the whole document (none for a document without lines)."""
        return [(self.first, self.last)] if self.texts else []

    def whole_fits(self, room: float) -> bool:
        """Whether the whole document fits in *room* chars. Its rows alone, a lower bound read from the row sizes,
        settle most documents (a filing is far larger than any budget) without laying the whole document out."""
        return self.rows_cost(self.first, self.last) <= room and self.whole_cost() <= room

    def whole_cost(self) -> int:
        """The size of the block that sends the whole document (computed once per document and layout)."""
        meta = self.document.meta
        key = (meta.content_hash, meta.doc_id, self.labels, self.table_headers)
        size = _WHOLE_SIZES.get(key)  # read once: another thread may clear the cache meanwhile (batch)
        if size is None:
            size = self.size(self.whole_spans())
            if len(_WHOLE_SIZES) > 1024:
                _WHOLE_SIZES.clear()
            _WHOLE_SIZES[key] = size
        return size

    # ------------------------------------------------------------------ content

    def path(self, line: int) -> list[str]:
        """The heading path of *line* (empty when labels are off)."""
        return self.headings.path(line) if self.labels else []

    def table_heads(self, passages: Spans) -> set[int]:
        """Table header lines above the passages' table rows that no passage already sends."""
        if not self.table_headers:
            return set()
        found: set[int] = set()
        for start, end in passages:
            found.update(self.heads_of(start, end))
        return _outside(merge_spans(passages), found)

    def heads_of(self, start: int, end: int) -> frozenset[int]:
        """The table header lines above the table rows among lines start..end (sent or not)."""
        key = (start, end)
        if key not in self._span_heads:
            self._span_heads[key] = frozenset(n for line in range(start, end + 1) for n in self._heads.get(line, ()))
        return self._span_heads[key]

    def folded_size(self, start: int, end: int) -> int:
        """The length of ``normalised(start, end)`` less its spaces, without building it: texts of a different
        folded size are never the same text."""
        i, j = start - self.first, end - self.first + 1
        return self._folded[j] - self._folded[i]

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

    def _laid_out(self, passages: Spans) -> tuple[list[Cluster], set[int]]:
        """The block's runs of lines, each laid out (or taken from earlier calls), and its table heads."""
        found: set[int] = set()
        if self.table_headers:
            for start, end in passages:
                found.update(self.heads_of(start, end))
        return self._runs(merge_spans(passages), found)

    def _runs(self, covered: Spans, found: frozenset[int] | set[int]) -> tuple[list[Cluster], set[int]]:
        """The runs of lines of the merged spans *covered* and the header lines *found* not among them."""
        heads = _outside(covered, found)
        ordered = sorted(heads)
        clusters: list[Cluster] = []
        shown: tuple[str, ...] | None = None
        for start, end in merge_spans(covered + [(n, n) for n in ordered]) if ordered else covered:
            inside = frozenset(ordered[bisect.bisect_left(ordered, start) : bisect.bisect_right(ordered, end)])
            cluster = self.cluster(start, end, inside, shown)
            clusters.append(cluster)
            shown = cluster.shown
        return clusters, heads

    def cluster(self, start: int, end: int, heads: frozenset[int], shown: tuple[str, ...] | None) -> Cluster:
        """The run of lines start..end laid out (see ``_cluster``), taken from earlier calls when it was."""
        key = (start, end, heads, shown)
        found = self._clusters.get(key)
        if found is None:
            found = self._clusters[key] = self._cluster(start, end, heads, shown)
        return found

    def _cluster(self, start: int, end: int, heads: frozenset[int], shown: tuple[str, ...] | None) -> Cluster:
        """Lay out lines start..end: a heading line where the path changes on a new page, a table header
        marker before each run of *heads*, runs of rows between them."""
        pieces: list[str | tuple[int, int]] = []
        labels: list[SectionLabel] = []
        pages: set[int] = set()
        run = start
        for line in range(start, end + 1):
            i = line - self.first
            new_page = line == start or self.pages[i] != self.pages[i - 1]
            path = self.path(line) if new_page else None
            label = bool(path) and tuple(path or ()) != shown
            marker = line in heads and (line == start or line - 1 not in heads)
            if (label or marker) and run < line:
                pieces.append((run, line - 1))
                run = line
            if label and path:
                pieces.append(label_line(path))
                labels.append(SectionLabel(before_line=line, path=path))
                shown = tuple(path)
            if marker:
                pieces.append(TABLE_HEADER_MARKER)
            if new_page:
                pages.add(self.pages[i])
        pieces.append((run, end))
        size = sum(len(p) + 1 if isinstance(p, str) else self.rows_cost(*p) for p in pieces)
        return Cluster(pieces, size, labels, frozenset(pages), shown)

    def _layout(self, passages: Spans) -> _Layout:
        clusters, heads = self._laid_out(passages)
        pieces: list[str | tuple[int, int]] = []
        labels: list[SectionLabel] = []
        for index, cluster in enumerate(clusters):
            if index:
                pieces.append(GAP_MARKER)
            pieces.extend(cluster.pieces)
            labels.extend(cluster.labels)
        return _Layout(pieces, labels, heads, sorted(set().union(*(c.pages for c in clusters))))

    def render(self, passages: Spans) -> tuple[str, list[ContextLine], list[SectionLabel]]:
        """The block that sends *passages*: rendered text, the lines sent and the heading lines shown."""
        layout = self._layout(passages)
        rows: list[str] = []
        lines: list[dict[str, object]] = []
        for piece in layout.pieces:
            if isinstance(piece, str):
                rows.append(piece)
                continue
            for line in range(piece[0], piece[1] + 1):
                i = line - self.first
                role: LineRole = "table_header" if line in layout.heads else "text"
                rows.append(render_row(self.pages[i], self.in_page[i], line, self.texts[i]))
                lines.append(
                    {
                        "global_line": line,
                        "page": self.pages[i],
                        "line_in_page": self.in_page[i],
                        "text": self.texts[i],
                        "role": role,
                    }
                )
        block = self.header(layout.pages) + "\n".join(rows) + "\n</document>\n"
        return block, _CONTEXT_LINES.validate_python(lines), layout.labels  # validated at once: fast

    def tables_holding(self, lines: set[int]) -> list[int]:
        """The indexes (in ``document.table_data``) of the tables with a row among *lines*, in order."""
        found = {number for line in lines for number in self.rows.tables_of.get(line, ())}
        return sorted(found)

    def whole_text_key(self) -> tuple[int, str]:
        """The length and SHA-256 of ``normalised`` over the whole document (once per document): two documents
        with the same key have the same text."""
        key = (self.document.meta.content_hash, self.document.meta.doc_id)
        found = _WHOLE_TEXTS.get(key)  # read once: another thread may clear the cache meanwhile (batch)
        if found is None:
            text = " ".join(" ".join(self.texts).lower().split())  # as normalised() over the whole document
            found = (len(text), hashlib.sha256(text.encode()).hexdigest())
            if len(_WHOLE_TEXTS) > 1024:
                _WHOLE_TEXTS.clear()
            _WHOLE_TEXTS[key] = found
        return found


_CONTEXT_LINES = TypeAdapter(list[ContextLine])
_WHOLE_TEXTS: dict[tuple[str, str], tuple[int, str]] = {}
