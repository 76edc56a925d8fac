"""The seam to page images and line boxes: what the viewer needs from the ingest stage's page geometry.

``open_art(path, content_hash, settings)`` gives a ``PageArt`` for a document whose file is checked (see
``guard``): ``boxes(lines)`` places GLOBAL_LINE numbers on their pages (fractions of the page's width and
height, origin top left) and ``png(page)`` renders a page. When the ingest stage cannot place lines or render
pages, it gives None and the reason, and the trace page lists the cited lines instead of boxing them.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..settings import Settings

RENDER_SCALE = 1.5  # 108 dpi: a letter page is 918 pixels wide, sharp enough to read a table row
NO_GEOMETRY = "page images and line boxes need the pypdfium2 extractor, which this docintel does not have yet"


@dataclass(frozen=True)
class LineBox:
    """Where one line is: its page and its box as fractions of the page (0..1, origin top left)."""

    page: int
    left: float
    top: float
    width: float
    height: float


class PageArt(Protocol):
    """Page images and line boxes of one checked document."""

    n_pages: int

    def boxes(self, lines: Collection[int]) -> dict[int, LineBox]:
        """The box of each GLOBAL_LINE that can be placed (a line without geometry is left out)."""
        ...

    def png(self, page: int) -> bytes:
        """Page *page* (1-based) rendered as PNG."""
        ...


def open_art(path: Path, content_hash: str, settings: Settings) -> tuple[PageArt | None, str]:
    """The page art of the document at *path* (already checked against *content_hash*), or None and why not."""
    del path, content_hash, settings  # the ingest stage gives no page geometry yet
    return None, NO_GEOMETRY
