"""``docintel page``: render one page of a PDF as a PNG, with chosen lines boxed."""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ..errors import EXIT_OK, StorageError, UsageError
from .common import add_command, settings_from_flags

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def register(sub: Any) -> None:
    """Add ``page``."""
    p = add_command(
        sub,
        "page",
        cmd_page,
        help="print a page's lines (GLOBAL_LINE and text), or render it as a PNG with cited lines boxed",
        description="Print the lines of physical page N (1-based) of a PDF, each with its GLOBAL_LINE number as\n"
        "answers cite it (--json adds each line's box in PDF points, origin at the bottom left;\n"
        "--highlight marks lines with '>'). With --png, render the page as a PNG at a readable\n"
        "resolution instead, with the given lines boxed. Lines are GLOBAL_LINE numbers as cited\n"
        "in answers and listed by\n"
        "`docintel ingest --lines` (the first column), numbered by the extractor answers use\n"
        "(--extractor, DOCINTEL_EXTRACTOR); each must be on page N. Boxes come from the pdfium\n"
        "extractor's line boxes; a line numbered by pypdf is boxed where pdfium finds its text.\n"
        "Rendered pages are cached by the file's content hash (under the cache folder), so boxing\n"
        "other lines of the same page does not render it again.\n\n"
        "examples:\n"
        "  docintel page report.pdf 3                 # the page's lines, numbered\n"
        "  docintel page report.pdf 3 --json          # ... with their boxes\n"
        "  docintel page report.pdf 3 --png page3.png\n"
        "  docintel page report.pdf 3 --png page3.png --highlight 41-44,47\n\n"
        "exit codes: 0 printed or written; 2 bad arguments (or --png would replace a file that is not a PNG);\n"
        "3 the PDF cannot be read, the page or a line does not exist, or a line is on another\n"
        "page; 7 the PNG cannot be written.",
    )
    p.add_argument("pdf", type=Path, metavar="PDF")
    p.add_argument("page", type=int, metavar="N", help="physical page, 1-based")
    p.add_argument("--png", type=Path, metavar="FILE", help="write the page as an image here (else its lines print)")
    p.add_argument(
        "--highlight",
        type=line_list,
        default=[],
        metavar="LINES",
        help="GLOBAL_LINE numbers to box: 12, 12-15 or 12,14,20-22",
    )
    p.add_argument(
        "--dpi", type=float, default=144.0, help="resolution in pixels per inch (default 144: twice the PDF's size)"
    )
    p.add_argument("--force", action="store_true", help="replace FILE even when it is not a PNG")
    p.add_argument(
        "--json", action="store_true", help="print the lines with their boxes (with --png: image size, pixel boxes)"
    )
    p.add_argument("--cache-dir", type=Path, help="cache folder for parsed PDFs and rendered pages")
    p.add_argument(
        "--extractor",
        choices=["pdfium", "pypdf"],
        help="how the LINES are numbered: as answers read with this extractor cite them (DOCINTEL_EXTRACTOR)",
    )
    p.add_argument("--password", help="password for an encrypted PDF (checked also when cached)")


def line_list(value: str) -> list[int]:
    """argparse type of --highlight: '12', '12-15', '12,14,20-22' -> sorted unique line numbers."""
    lines: set[int] = set()
    for part in value.split(","):
        part = part.strip()
        first, sep, last = part.partition("-")
        try:
            start, end = int(first), int(last) if sep else int(first)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r} is not a line number or range like 12-15") from None
        if start < 1 or end < start:
            raise argparse.ArgumentTypeError(f"{part!r}: lines count from 1 and a range goes upward")
        lines.update(range(start, end + 1))
    return sorted(lines)


def _check_out(out: Path, pdf: Path, force: bool) -> None:
    """Refuse a --png that would destroy data: the PDF itself, a folder, a file that is not a PNG."""
    from ..outfile import probe_writable

    if out.exists() and pdf.exists() and os.path.samefile(out, pdf):
        raise UsageError(f"--png {out} is the PDF itself", "write the image to a new .png file")
    if out.is_dir():
        raise UsageError(f"--png {out} is a folder", "name a file in it")
    if out.exists() and not force:
        with out.open("rb") as handle:
            if handle.read(8) != PNG_SIGNATURE:
                raise UsageError(f"--png {out} exists and is not a PNG", "choose another file, or pass --force")
    probe_writable(out)


def _write(out: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".png", dir=out.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, out)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise StorageError(
            f"cannot write {out} ({exc.strerror or exc})", "choose a writable place for the PNG"
        ) from None


def _print_lines(args: argparse.Namespace) -> int:
    """The page's lines: 'GLOBAL_LINE  text' (a '>' before highlighted ones), or JSON with their boxes."""
    from ..ingest.pages import page_lines
    from ..render.text import print_text

    settings = settings_from_flags(args)
    document, lines = page_lines(args.pdf, args.page, args.highlight, settings=settings, password=args.password)
    if args.json:
        data = {
            "pdf": str(args.pdf),
            "page": args.page,
            "pages": document.meta.n_pages,
            "extractor": settings.extractor,
            "lines": [
                {"global_line": line.global_line, "text": line.text, "box": list(line.box) if line.box else None}
                for line in lines
            ],
        }
        print(json.dumps(data, indent=1, ensure_ascii=False))
        return EXIT_OK
    print_text(f"{args.pdf.name} page {args.page} of {document.meta.n_pages}: {len(lines)} lines")
    width = len(str(lines[-1].global_line)) if lines else 1
    for line in lines:
        mark = ">" if line.global_line in args.highlight else " "
        print_text(f"{mark}{line.global_line:>{width}}  {line.text}")
    if not lines:
        print_text("  (no text on this page: a scanned page holds an image, not text)")
    return EXIT_OK


def cmd_page(args: argparse.Namespace) -> int:
    from ..ingest.pages import render_page

    if args.png is None:
        if args.force or args.dpi != 144.0:
            raise UsageError("--force and --dpi are for --png", "add --png FILE to render the page")
        return _print_lines(args)
    _check_out(args.png, args.pdf, args.force)
    settings = settings_from_flags(args)
    image = render_page(
        args.pdf, args.page, args.highlight, settings=settings, password=args.password, dpi=args.dpi
    )  # lines numbered by settings.extractor (--extractor)
    _write(args.png, image.png)
    if args.json:
        data = {
            "png": str(args.png),
            "page": image.page,
            "width": image.width,
            "height": image.height,
            "dpi": image.dpi,
            "page_size_points": list(image.page_size),
            "highlighted": image.highlighted,
            "line_boxes": {str(line): list(box) for line, box in image.line_boxes.items()},
        }
        print(json.dumps(data, indent=1))
    else:
        boxed = f", {len(image.highlighted)} line{'s' * (len(image.highlighted) != 1)} boxed" if args.highlight else ""
        print(f"wrote {args.png}: page {image.page} of {args.pdf.name}, {image.width}x{image.height} px{boxed}")
    return EXIT_OK
