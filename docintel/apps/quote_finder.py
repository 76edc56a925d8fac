"""Find another tool's quotes in a DOC: on the pages it cites first, then anywhere; exact, normalised or not at all.

The comparison is docintel's own (``docintel.verify.quotes``): whitespace, case, Unicode compatibility forms
(ligatures, non-breaking spaces), typographic quotes and dashes, and hyphenation at line breaks are normalised,
and a quote may run across lines; a number is never matched inside a longer one. Nothing fuzzy is accepted.

The finder is the verifier's own (``verify.quotes.Haystack``), used here through ``QuoteFinder``, which adds
line numbers); the finder itself, ``Haystack``, is used here through ``QuoteFinder`` alone, so that a change
of the verifier's internals is one import to follow.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from ..context.pack import ContextLine
from ..ingest.documents import Document
from ..textnorm import squash
from ..verify.quotes import Haystack

MIN_PIECE_CHARS = 12  # a line of a retrieved passage shorter than this (squashed) is not looked for alone
_MIN_PIECE_WORDS = 2


@dataclass(frozen=True)
class Found:
    """Where a quote is: its DOC, first and last GLOBAL_LINE, how it matched, and whether on the cited pages."""

    doc: int
    first: int
    last: int
    match: str  # exact | normalised
    on_cited_pages: bool | None
    quote: str


class DocumentText:
    """One DOC's lines with the finder over them (built once, on first use)."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.texts: list[str] = [str(t) for t in document.lines["text"].tolist()]
        self.pages: list[int] = [int(p) for p in document.lines["page"].tolist()]
        self.in_page: list[int] = [int(n) for n in document.lines["line_in_page"].tolist()]
        self._whole: Haystack | None = None
        self._offsets: list[int] | None = None
        self._squashed_pages: dict[int, str] | None = None

    @property
    def whole(self) -> Haystack:
        if self._whole is None:
            self._whole = Haystack(list(range(1, len(self.texts) + 1)), self.texts)
        return self._whole

    def on_pages(self, pages: list[int]) -> Haystack | None:
        """The finder over the lines of *pages* (None when none of them exists)."""
        wanted = set(pages)
        numbers = [n for n, page in enumerate(self.pages, start=1) if page in wanted]
        return Haystack(numbers, [self.texts[n - 1] for n in numbers]) if numbers else None

    def pages_holding(self, quote: str) -> list[int]:
        """The pages whose text holds the quote whole (compared as the finder compares; no ellipsis)."""
        if self._squashed_pages is None:
            grouped: dict[int, list[str]] = {}
            for page, text in zip(self.pages, self.texts, strict=True):
                grouped.setdefault(page, []).append(text)
            self._squashed_pages = {page: squash(" ".join(lines)) for page, lines in grouped.items()}
        wanted = squash(quote)
        return [page for page, text in self._squashed_pages.items() if wanted and wanted in text]

    def page_of_offset(self, offset: int) -> int | None:
        """The page at a character offset into the DOC's text (its lines joined by newlines)."""
        if self._offsets is None:
            starts, position = [], 0
            for text in self.texts:
                starts.append(position)
                position += len(text) + 1
            self._offsets = starts
        if not self.texts or offset < 0 or offset > self._offsets[-1] + len(self.texts[-1]):
            return None
        return self.pages[bisect_right(self._offsets, offset) - 1]

    def pages_of_lines(self, first: int, last: int) -> list[int]:
        """The pages of GLOBAL_LINEs first..last (those that exist)."""
        first, last = max(first, 1), min(last, len(self.texts))
        return sorted(set(self.pages[first - 1 : last])) if first <= last else []

    def context_line(self, number: int) -> ContextLine:
        """GLOBAL_LINE *number* as a line of a context."""
        return ContextLine(
            global_line=number,
            page=self.pages[number - 1],
            line_in_page=self.in_page[number - 1],
            text=self.texts[number - 1],
        )

    def text_of(self, first: int, last: int) -> str:
        return "\n".join(self.texts[first - 1 : last])


def match_kind(quote: str, lines: list[str]) -> str:
    """exact when the quote is character for character in the lines (joined by a newline or a space)."""
    wanted = quote.strip()
    return "exact" if any(wanted in joiner.join(lines) for joiner in ("\n", " ")) else "normalised"


def find_quote(text: DocumentText, doc: int, quote: str, pages: list[int]) -> Found | None:
    """The quote on *pages* first, then anywhere in the DOC; None when it is nowhere."""
    if not squash(quote):
        return None
    if pages:
        hay = text.on_pages(pages)
        hit = hay.find(quote) if hay is not None else None
        if hit:
            return _found(text, doc, quote, hit, True)
    hit = text.whole.find(quote)
    return _found(text, doc, quote, hit, False if pages else None) if hit else None


def other_places(text: DocumentText, first: Found, limit: int = 4) -> list[Found]:
    """Up to *limit* other places of the same quote, a page each (a figure printed in several tables)."""
    seen = set(text.pages_of_lines(first.first, first.last))
    places: list[Found] = []
    for page in text.pages_holding(first.quote):
        if page in seen or len(places) >= limit:
            continue
        hay = text.on_pages([page])
        hit = hay.find(first.quote) if hay is not None else None
        if hit:
            places.append(
                _found(text, first.doc, first.quote, hit, False if first.on_cited_pages is not None else None)
            )
    return places


def _found(text: DocumentText, doc: int, quote: str, hit: tuple[int, int], cited: bool | None) -> Found:
    kind = match_kind(quote, text.texts[hit[0] - 1 : hit[1]])
    return Found(doc, hit[0], hit[1], kind, cited, quote)


def _long_enough(text: str) -> bool:
    words = [w for w in text.split() if any(c.isalpha() for c in w)]
    return len(squash(text)) >= MIN_PIECE_CHARS and len(words) >= _MIN_PIECE_WORDS


def passage_pieces(passage: str) -> list[str]:
    """The lines of a retrieved passage (empty ones dropped)."""
    return [line.strip() for line in passage.splitlines() if line.strip()]


def find_passage(text: DocumentText, doc: int, passage: str) -> list[Found]:
    """A retrieved passage that is not in the DOC whole, found in runs of its lines.

    Each run starts at a line and takes the following lines for as long as the run is found, near the last run
    (its pages and the next) first, then anywhere; a run shorter than MIN_PIECE_CHARS or with fewer than two
    words is not kept (a lone number or heading is found anywhere). Another parser's line breaks (a table row
    as label and cells on lines of their own) are so found as the DOC's lines.
    """
    lines = passage_pieces(passage)
    found: list[Found] = []
    start = 0
    while start < len(lines):
        near = text.pages_of_lines(found[-1].first, found[-1].last + 1) if found else []
        best: Found | None = None
        end = start
        while end < len(lines):
            hit = _near_or_anywhere(text, doc, "\n".join(lines[start : end + 1]), near)
            if hit is None:
                break
            best, end = hit, end + 1
        if best is not None and _long_enough(best.quote):
            found.append(best)
            start = end
        else:
            start += 1
    return found


def _near_or_anywhere(text: DocumentText, doc: int, quote: str, near: list[int]) -> Found | None:
    if near:
        hay = text.on_pages(near + [near[-1] + 1])
        hit = hay.find(quote) if hay is not None else None
        if hit:
            return _found(text, doc, quote, hit, None)
    return find_quote(text, doc, quote, [])


def merge(found: list[Found]) -> list[Found]:
    """Found places of one DOC that touch or overlap, merged: how a passage found in runs is shown (each run is
    checked on its own: merged quotes are no text of the DOC)."""
    ordered = sorted(found, key=lambda f: (f.doc, f.first, f.last))
    merged: list[Found] = []
    for place in ordered:
        last = merged[-1] if merged else None
        if last is not None and last.doc == place.doc and place.first <= last.last + 1:
            match = "exact" if last.match == place.match == "exact" else "normalised"
            merged[-1] = Found(
                last.doc,
                last.first,
                max(last.last, place.last),
                match,
                last.on_cited_pages,
                f"{last.quote}\n{place.quote}",
            )
        else:
            merged.append(place)
    return merged
