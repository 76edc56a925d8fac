"""``docintel ingest``: parse PDFs into cached line tables and report on them."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import EXIT_INPUT, EXIT_OK
from ..render.text import print_text
from .common import add_command, common_flags, make_reporter, settings_from_flags
from .scale import ray_flag, ray_ingestor

if TYPE_CHECKING:
    import pandas as pd

    from ..ingest.documents import Document, Ingestor


def register(sub: Any) -> None:
    """Add ``ingest``."""
    p = add_command(
        sub,
        "ingest",
        cmd_ingest,
        help="parse PDFs into cached line tables and report on them",
        description="Parse PDFs (files or folders) into line tables, cache them, and report pages,\n"
        "lines, warnings and cache hits. Bad files are listed; the good ones are still read.\n"
        "Scanned pages are read by Tesseract OCR (--ocr; the tesseract-ocr package): the report\n"
        "says how many pages were OCR'd and how long it took.\n"
        "A large PDF is read in pieces by page range across DOCINTEL_INGEST_WORKERS processes (one per\n"
        "CPU by default; PDFs under twice DOCINTEL_INGEST_SPLIT_PAGES pages, and every PDF when there are\n"
        "as many as twice the workers to parse, are read whole) and joined into exactly the document a\n"
        "whole parse gives.\n\n"
        "example: docintel ingest corpus/\n"
        "example: docintel ingest archive/ --ray local   (each file parsed by a Ray task; same output)\n"
        "example: docintel ingest archive/ --export lines/   (one Parquet line table per document)\n\n"
        "exit codes: 0 every file was read; 3 some file failed (listed on stderr with the\n"
        "fix); 4 configuration (also: --ray without Ray installed, or a cluster that cannot be reached;\n"
        "--export without pyarrow); 7 --export cannot write its folder (nothing is written there).",
    )
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    p.add_argument("--json", action="store_true", help="print documents and failures as JSON")
    p.add_argument(
        "--lines",
        action="store_true",
        help="also print every line (page, line_in_page, global_line, text, and with the pdfium extractor its box "
        "x0, y0, x1, y1 in PDF points, origin at the page's bottom left, y up); with --json also the tables found "
        "(column periods, caption scale and currency, rows with label and cells, or the problem that stopped "
        "their columns from being resolved); a line read by OCR has an ocr column: [lowest word confidence, "
        "lowest confidence of a number] (0-100)",
    )
    p.add_argument(
        "--export",
        type=Path,
        metavar="DIR",
        help="also write each document's line table as Parquet to DIR/<doc_id>.parquet: one row per line with "
        "doc_id, content_hash (sha256 of the PDF), extractor_version, page, line_in_page, global_line, text and the "
        "box x0, y0, x1, y1 in PDF points (null with pypdf); the document's metadata as JSON in the file's "
        "metadata (key docintel.export). All or none: DIR is checked before parsing and the files appear only when "
        "every one is whole; a file of the same name that is not a docintel export is never replaced. Needs pyarrow "
        '(pip install "docintel[export]"). With --ray the driver writes them',
    )
    common_flags(p, traces=False)
    ray_flag(p)


def _line_table(document: Document) -> pd.DataFrame:
    """The line table, with each line's box as a ``bbox`` column [x0, y0, x1, y1] when the extractor gave boxes,
    and an ``ocr`` column when a page was read by OCR ([lowest word confidence, lowest number confidence])."""
    import pandas as pd

    table = document.lines
    if document.boxes is not None:
        table = table.assign(bbox=pd.Series(document.boxes, dtype=object))
    if document.ocr_lines is not None:
        table = table.assign(ocr=pd.Series(document.ocr_lines, dtype=object))
    return table


def _ingestor(args: argparse.Namespace) -> Ingestor:
    """The command's Ingestor (settings from the flags, --password, progress on stderr; Ray with --ray): only the
    ingest stage is imported, not the pipeline's later stages (retrieval, context, question parsing)."""
    from ..ingest.documents import Ingestor

    settings = settings_from_flags(args, ray_address=args.ray_address)
    return ray_ingestor(Ingestor(settings, getattr(args, "password", None), make_reporter(args, settings)))


def cmd_ingest(args: argparse.Namespace) -> int:
    from ..render import reports as render

    if args.export is not None:
        from ..ingest.export import check_export

        check_export(args.export)  # pyarrow there, the folder writable: said before anything is parsed
    ingestor = _ingestor(args)
    ingestor.lines_needed = bool(args.lines or args.export)  # else the report and the facts need no pandas
    report = ingestor.ingest(args.paths)
    for document in report.documents:
        document.cache_facts()  # every figure typed now and cached with the document (docintel facts)
    exported: list[Path] = []
    if args.export is not None and report.documents:
        from ..ingest.export import export_documents

        exported = export_documents(report.documents, args.export)
    if args.json:
        data = {
            "documents": [{**d.meta.model_dump(), "cache_hit": d.cache_hit} for d in report.documents],
            "failures": [f.model_dump() for f in report.failures],
        }
        if args.lines:
            for entry, d in zip(data["documents"], report.documents, strict=True):
                entry["lines"] = _line_table(d).to_dict(orient="records")
                entry["tables"] = d.table_data
        for entry, file in zip(data["documents"], exported, strict=False):
            entry["export"] = str(file)
        print(json.dumps(data, indent=1, ensure_ascii=False))
    elif report.documents:  # none read: stdout stays empty, the errors say why
        print_text(render.ingest_report(report.documents, []))
        if exported:
            print_text(f"exported {len(exported)} line table{'s' * (len(exported) != 1)} (Parquet) to {args.export}")
        if args.lines:
            for d in report.documents:
                print_text(_line_table(d).to_csv(sep="\t", index=False).rstrip("\n"))
    for failure in report.failures:
        print(f"error: {failure.message}", file=sys.stderr)
    return EXIT_INPUT if report.failures else EXIT_OK
