"""The seam to page images and line boxes: what the viewer takes from the ingest stage's page rendering.

``open_art(path, record, settings, password)`` gives a ``PageArt`` for a document already checked against its
trace record (see ``guard``): ``png(page)`` is the page rendered by ``ingest.pages.render_page`` and
``boxes(page, lines)`` places GLOBAL_LINE numbers on it (fractions of the image, origin top left), so the
page draws each box itself, in its verdict's colour. Lines are numbered as the trace's extractor numbers
them (pdfium lines carry their own box; pypdf lines are placed by their text). Boxes are given only when
that extractor's line building is the one that wrote the trace; otherwise the page is shown, its cited
lines are listed beside it, and the note says why.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..settings import Settings

if TYPE_CHECKING:
    from ..ingest.extractors import Extractor
    from ..ingest.pages import PageImage

RENDER_DPI = 144.0  # a letter page is 1224 pixels wide: a table row stays sharp when the image is scaled down
BOX_PAD = 3  # pixels around a line's glyphs, so the box's edge does not cross the text
PAGES_KEPT = 16  # rendered pages kept per document (the PNG and every line's box)


@dataclass(frozen=True)
class LineBox:
    """Where one line is on its page image: fractions of the image's width and height, origin top left."""

    left: float
    top: float
    width: float
    height: float


class PageArt:
    """Page images of one checked document and, when its line numbers are the trace's, each line's box."""

    def __init__(
        self, path: Path, settings: Settings, password: str | None, extractor: Extractor, lines_match: bool
    ) -> None:
        self.path, self.settings, self.password = path, settings, password
        self.extractor, self.lines_match = extractor, lines_match
        self._pages: OrderedDict[int, PageImage] = OrderedDict()
        self._lock = threading.Lock()

    def _image(self, page: int) -> PageImage:
        from ..ingest.pages import render_page

        with self._lock:
            if page in self._pages:
                self._pages.move_to_end(page)
                return self._pages[page]
        image = render_page(
            self.path, page, settings=self.settings, password=self.password, dpi=RENDER_DPI, extractor=self.extractor
        )
        with self._lock:
            self._pages[page] = image
            while len(self._pages) > PAGES_KEPT:
                self._pages.popitem(last=False)
        return image

    def png(self, page: int) -> bytes:
        """Page *page* (1-based) rendered as PNG, without marks (the page draws its boxes over it)."""
        return self._image(page).png

    def boxes(self, page: int, lines: Collection[int]) -> dict[int, LineBox]:
        """The box of each of *lines* on *page* that the renderer places there (none when numbers differ)."""
        image = self._image(page)  # rendered either way: a page that cannot be drawn raises DocintelError here
        if not self.lines_match:
            return {}
        boxes = {}
        width, height = image.width, image.height
        for line in lines:
            left, top, right, bottom = image.line_boxes.get(line, (0, 0, 0, 0))
            if right > left and bottom > top:  # a line without a box (0, 0, 0, 0) is listed instead
                left, top = max(left - BOX_PAD, 0), max(top - BOX_PAD, 0)
                right, bottom = min(right + BOX_PAD, width), min(bottom + BOX_PAD, height)
                boxes[line] = LineBox(left / width, top / height, (right - left) / width, (bottom - top) / height)
        return boxes


def open_art(
    path: Path, record: dict[str, Any], settings: Settings, password: str | None = None
) -> tuple[PageArt | None, str]:
    """The page art of a trace's document (its file already checked), and a note for the page ('' when none).

    Rendering starts when a page is asked for: ``boxes`` and ``png`` raise DocintelError (say, a password is
    needed) for a page that cannot be drawn, and the trace page then lists its cited lines.
    """
    from ..ingest.extractors import extractor_version

    extractor: Extractor = "pdfium" if record.get("extractor") == "pdfium" else "pypdf"
    current = extractor_version(extractor)
    lines_match = record.get("extractor_version") == current
    art = PageArt(path, settings, password, extractor, lines_match)
    if lines_match:
        return art, ""
    return art, (
        f"{record['doc_id']} was read as {record.get('extractor_version')} when the trace was written, and is "
        f"read as {current} now: its line numbers may differ, so its cited lines are listed beside the page"
    )
