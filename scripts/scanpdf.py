"""Make a scanned copy of a PDF: its pages rendered to grey images and wrapped as image-only pages.

What a scanner or a fax makes of a document, for the OCR tests and scripts.bench_ocr: each chosen page
is rendered by PDFium at *dpi* and placed as one image over a page of the same size, with no text
layer; the other pages are copied as they are (a mixed document). Only pypdfium2 is needed.

Usage: python -m scripts.scanpdf SOURCE.pdf OUT.pdf [--dpi 200] [--pages 3,5]
"""

from __future__ import annotations

import argparse
from pathlib import Path


def scan_copy(source: Path, out: Path, dpi: int = 200, pages: list[int] | None = None) -> Path:
    """Write *out*: *source* with the 1-based *pages* (default: all) as images only; returns *out*."""
    import pypdfium2 as pdfium

    src = pdfium.PdfDocument(source)
    copy = pdfium.PdfDocument.new()
    try:
        chosen = set(pages) if pages is not None else set(range(1, len(src) + 1))
        for index in range(len(src)):
            if index + 1 not in chosen:
                copy.import_pages(src, [index])
                continue
            page = src[index]
            width, height = page.get_size()
            bitmap = page.render(scale=dpi / 72, grayscale=True)
            image = pdfium.PdfImage.new(copy)
            image.set_bitmap(bitmap)
            image.set_matrix(pdfium.PdfMatrix().scale(width, height))
            scanned = copy.new_page(width, height, index=index)
            scanned.insert_obj(image)
            scanned.gen_content()
            scanned.close()
            page.close()
        out.parent.mkdir(parents=True, exist_ok=True)
        copy.save(out)
    finally:
        copy.close()
        src.close()
    return out


def main() -> None:
    """Write a scanned copy of a PDF."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--dpi", type=int, default=200)
    parser.add_argument("--pages", help="1-based pages to scan, comma-separated (default: all)")
    args = parser.parse_args()
    pages = [int(p) for p in args.pages.split(",")] if args.pages else None
    print(scan_copy(args.source, args.out, args.dpi, pages))


if __name__ == "__main__":
    main()
