"""Heading paths: where a line of a document sits, for search labels and for the context.

A line's path is, in order:

1. the document's structure above it: the PDF outline where the document has one (the last
   entry at each level on or before the line's page), else the Part / Item / Note headings
   found in the text above it (a table-of-contents page, which lists many Items, sets none);
2. the page title: the heading-like lines at the top of the line's own page (where statement
   and note titles are printed);
3. the nearest heading above the line on the same page.

Parts 2 and 3 come from the line's own page only, so no label is carried from one page to a
page it does not describe.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .documents import Document

TOP_LINES = 4  # lines at the top of a page that may form its title
MAX_LABEL_CHARS = 90  # a path element longer than this is cut (outline titles can be sentences)
_TOC_ITEMS = 6  # a page listing this many Item headings is a table of contents (short Items share pages)

_HEADING_RE = re.compile(r"^[A-Z][A-Za-z0-9 ,'’&()/:\-–—]{2,90}$")
_PART = re.compile(r"^PART\s+(?:I{1,3}|IV|V)\b\.?(?:\s.*)?$", re.I)
_ITEM = re.compile(r"^ITEM\s+\d{1,2}[A-D]?\s*(?:(?:[.:\-–—]\s*)+|\s+)[A-Z]", re.I)  # 'Item 1. - Business' too
_NOTE = re.compile(r"^NOTE\s+\d{1,2}\s*(?:[.:\-–—]\s*)+[A-Z]", re.I)
_BARE_ITEM = re.compile(r"^(?:ITEM\s+\d{1,2}[A-D]?|NOTE\s+\d{1,2})(?:\s*[.:\-–—])*\s*$", re.I)  # title on the next line
_TRAILING_PAGE = re.compile(r"\s\d{1,3}$")
# a running header, a table row whose figures made it look like a heading ('Pension expense 410 334'), or an
# entry of a table of contents with its page number ('Report of Independent Registered Public Accounting Firm 54')
_NOT_A_LABEL = re.compile(r"^table of contents\b|^index$|\s\(?[\d,.]+\)?\s+\(?[\d,.]+\)?$|[A-Za-z]\s+\d{1,3}$", re.I)
# a label that goes on on the next line: it ends in a word that cannot end one ('Cost of', 'Property, Plant and')
_FRAGMENT = re.compile(r"(?:\b(?:of|and|or|the|a|an|to|in|for|on|at|by|from|with|as|&)|[,(\-–—/])$", re.I)
_TOC_LINK = re.compile(r"^table of contents\b\s*", re.I)  # the link back to the contents atop each SEC page
_PAGE_NUMBER = re.compile(r"^(?:page\s+)?\d{1,3}$", re.I)


def is_heading(text: str) -> bool:
    """Whether a line reads as a heading: short, capitalised, no final stop, few digits."""
    words = text.split()
    if not (1 <= len(words) <= 12) or text.endswith((".", ",", ";")) or _FRAGMENT.search(text):
        return False
    if sum(ch.isdigit() for ch in text) > len(text) * 0.2:
        return False
    return bool(_HEADING_RE.match(text))


def page_title(texts: Sequence[str]) -> str | None:
    """The heading-like lines at the top of a page, joined with ' / ' (None when there are none).

    The running header ('Table of Contents', also when the extractor joined it to the next line)
    and page numbers are passed over; the title is the run of heading lines from there, and ends at
    the first line that is not one (a column header '2017', a table row, an index entry with its
    page number, body text): the row labels of a table that goes on from the page before are no title.
    """
    top = [_TOC_LINK.sub("", t).strip() for t in texts[: TOP_LINES + 2]]
    top = [t for t in top if t and t.lower() != "index" and not _PAGE_NUMBER.match(t)]
    titles: list[str] = []
    for text in top[:TOP_LINES]:
        if _NOT_A_LABEL.search(text) or not (
            is_heading(text) or (text.isupper() and len(text) < 120 and not _FRAGMENT.search(text))
        ):
            break
        titles.append(text)
    return " / ".join(titles) or None


def structure_level(text: str) -> int | None:
    """0 for a Part heading, 1 for an Item, 2 for a Note; None for any other line."""
    if len(text) > 120 or len(text.split()) > 16 or text.endswith((".", ",", ";")) or _TRAILING_PAGE.search(text):
        return None
    for level, pattern in enumerate((_PART, _ITEM, _NOTE)):
        if pattern.match(text):
            return level
    return None


def _cut(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_LABEL_CHARS else text[: MAX_LABEL_CHARS - 1].rstrip() + "…"


@dataclass(frozen=True)
class _Mark:
    """A point where the structure path changes: from *line* on (or from *page* on), it is *path*."""

    key: int
    path: tuple[str, ...]


class HeadingIndex:
    """Heading paths of one document's lines, computed once from its line table and outline."""

    def __init__(self, document: Document) -> None:
        lines = document.lines
        self.first = int(lines["global_line"].iloc[0]) if len(lines) else 1
        self.pages: list[int] = lines["page"].tolist()
        self.texts: list[str] = lines["text"].tolist()
        self.from_outline = bool(document.meta.outline)
        self._titles: dict[int, str | None] = {}
        self._memo: dict[tuple[int, bool], tuple[str, ...]] = {}
        self._page_start: dict[int, int] = {}
        for index, page in enumerate(self.pages):
            self._page_start.setdefault(page, index)
        self._heading_lines: dict[int, list[int]] = {}  # page -> its heading lines, found when first asked
        if self.from_outline:
            entries = sorted(document.meta.outline, key=lambda e: e.page)
            self._marks = _marks([(e.page, e.level, e.title) for e in entries])
        else:
            self._marks = _marks(self._detected())
        self._keys = [m.key for m in self._marks]

    def _detected(self) -> list[tuple[int, int, str]]:
        found = []
        for i, text in enumerate(self.texts):
            if text[:4].upper() not in ("PART", "ITEM", "NOTE"):
                continue  # every structure heading starts so: the other lines need no pattern
            if _BARE_ITEM.match(text) and i + 1 < len(self.texts) and is_heading(self.texts[i + 1].rstrip(".")):
                title = self.texts[i + 1].rstrip(".")  # 'Item 7.' / 'Management's Discussion ... Operations.'
                text = f"{text.rstrip(' .:-–—')}. {title}"
            if (level := structure_level(text)) is not None:
                found.append((i, level, text))
        items_per_page: dict[int, int] = {}
        for i, level, _ in found:
            if level == 1:
                items_per_page[self.pages[i]] = items_per_page.get(self.pages[i], 0) + 1
        return [(i, level, t) for i, level, t in found if items_per_page.get(self.pages[i], 0) < _TOC_ITEMS]

    def title(self, page: int) -> str | None:
        """The page title of *page*."""
        if page not in self._titles:
            start = self._page_start.get(page)
            self._titles[page] = None if start is None else page_title(self.texts[start : start + TOP_LINES + 2])
        return self._titles[page]

    def structure(self, global_line: int) -> list[str]:
        """The outline or Part/Item/Note path above a line."""
        index = global_line - self.first
        key = self.pages[index] if self.from_outline else index
        position = bisect.bisect_right(self._keys, key) - 1
        return list(self._marks[position].path) if position >= 0 else []

    def heading_above(self, global_line: int) -> str | None:
        """The nearest heading line above *global_line* on its page (not the line itself)."""
        index = global_line - self.first
        candidates = self._headings_on(self.pages[index])
        position = bisect.bisect_left(candidates, index) - 1
        return self.texts[candidates[position]] if position >= 0 else None

    def _headings_on(self, page: int) -> list[int]:
        """The indexes of the heading lines of *page* (found once per page, when first asked)."""
        if page not in self._heading_lines:
            start = self._page_start.get(page, len(self.texts))
            end = start
            while end < len(self.texts) and self.pages[end] == page:
                end += 1
            self._heading_lines[page] = [
                i for i in range(start, end) if is_heading(self.texts[i]) and not _NOT_A_LABEL.search(self.texts[i])
            ]
        return self._heading_lines[page]

    def path(self, global_line: int, *, with_heading: bool = True) -> list[str]:
        """Structure, page title and (with *with_heading*) the nearest heading above, repeats left out."""
        key = (global_line, with_heading)
        if key not in self._memo:
            self._memo[key] = self._path(global_line, with_heading)
        return list(self._memo[key])

    def _path(self, global_line: int, with_heading: bool) -> tuple[str, ...]:
        index = global_line - self.first
        parts = self.structure(global_line)
        title = self.title(self.pages[index])
        heading = self.heading_above(global_line) if with_heading else None
        for extra in (title, heading):
            if extra and not any(_cut(extra).lower() in p.lower() or p.lower() in extra.lower() for p in parts):
                parts.append(extra)
        return tuple(_cut(p) for p in parts)


def _marks(entries: list[tuple[int, int, str]]) -> list[_Mark]:
    """Structure paths after each (key, level, title) entry, in key order: the last entry at each level."""
    marks: list[_Mark] = []
    path: list[tuple[int, str]] = []
    for key, level, title in entries:
        path = [(lv, t) for lv, t in path if lv < level]
        path.append((level, " ".join(title.split())))
        if marks and marks[-1].key == key:
            marks[-1] = _Mark(key, tuple(t for _, t in path))
        else:
            marks.append(_Mark(key, tuple(t for _, t in path)))
    return marks
