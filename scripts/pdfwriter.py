"""A tiny PDF writer (standard Helvetica, one text line per row) for the sample corpus and tests.

It writes real PDF files with a text layer, optional page labels, an outline and a title,
without any dependency, so the project's own sample documents are made by the project.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Text:
    """A run of text placed at a known point: its baseline starts at (x, y), in points from the bottom left."""

    x: float
    y: float
    text: str
    size: float = 10


@dataclass
class Page:
    """One page: text lines (None = blank row), text runs at known places, and whether to draw an
    image-like box instead of text. Lines start at (60, 760) and go down by 1.35 x the font size;
    ``texts`` are drawn after them, each where it says (content order is the list's order)."""

    lines: list[str | None] = field(default_factory=list)
    image_only: bool = False
    texts: list[Text] = field(default_factory=list)


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def _content(page: Page, font_size: float) -> bytes:
    if page.image_only:  # a filled rectangle and no text: what a scanned page looks like to an extractor
        return b"0.6 g 72 200 450 450 re f"
    ops = [f"BT /F1 {font_size:g} Tf {font_size * 1.35:g} TL 60 760 Td"]
    for line in page.lines:
        ops.append(f"({_escape(line or '')}) Tj T*")
    ops.append("ET")
    for run in page.texts:
        ops.append(f"BT /F1 {run.size:g} Tf {run.x:g} {run.y:g} Td ({_escape(run.text)}) Tj ET")
    return "\n".join(ops).encode("cp1252")


def write_pdf(
    path: Path,
    pages: list[Page],
    *,
    title: str | None = None,
    page_labels: list[tuple[int, str, int]] | None = None,
    outline: list[tuple[str, int]] | None = None,
    font_size: float = 10,
    info: dict[str, str] | None = None,
) -> Path:
    """Write *pages* to *path*.

    page_labels: (first 0-based page, style 'D' decimal or 'r' roman, start number) ranges.
    outline: (heading, 0-based page) bookmarks.
    info: more document-information entries, e.g. {"Author": "Acme Corp", "CreationDate": "D:20240131"}.
    """
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in at the end
    pages_obj = add(b"")
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    page_ids = []
    for page in pages:
        data = _content(page, font_size)
        stream = add(b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream")
        page_ids.append(
            add(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] "
                b"/Resources << /Font << /F1 %d 0 R >> >> /Contents %d 0 R >>" % (pages_obj, font, stream)
            )
        )
    kids = " ".join(f"{pid} 0 R" for pid in page_ids)
    objects[pages_obj - 1] = f"<< /Type /Pages /Kids [{kids}] /Count {len(page_ids)} >>".encode()
    extra = ""
    if page_labels:
        nums = " ".join(f"{start} << /S /{style} /St {first} >>" for start, style, first in page_labels)
        extra += f" /PageLabels << /Nums [{nums}] >>"
    if outline:
        root = len(objects) + 1
        item_ids = list(range(root + 1, root + 1 + len(outline)))
        add(f"<< /Type /Outlines /First {item_ids[0]} 0 R /Last {item_ids[-1]} 0 R /Count {len(outline)} >>".encode())
        for index, (heading, page_index) in enumerate(outline):
            links = f"/Parent {root} 0 R"
            if index > 0:
                links += f" /Prev {item_ids[index - 1]} 0 R"
            if index < len(outline) - 1:
                links += f" /Next {item_ids[index + 1]} 0 R"
            add(f"<< /Title ({_escape(heading)}) {links} /Dest [{page_ids[page_index]} 0 R /Fit] >>".encode("cp1252"))
        extra += f" /Outlines {root} 0 R"
    objects[catalog - 1] = f"<< /Type /Catalog /Pages {pages_obj} 0 R{extra} >>".encode()
    entries = {"Title": title or path.stem, "Producer": "docintel pdfwriter", **(info or {})}
    info_body = " ".join(f"/{key} ({_escape(value)})" for key, value in entries.items())
    add(f"<< {info_body} >>".encode("cp1252"))
    info_id = len(objects)

    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        catalog,
        info_id,
        xref,
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(out))
    return path
