"""``docintel index``: build or update the corpus index of a folder ahead of time."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from ..errors import EXIT_INPUT, EXIT_OK, InputError
from ..render.text import print_text
from .common import add_command, common_flags, make_pipeline


def register(sub: Any) -> None:
    """Add ``index``."""
    p = add_command(
        sub,
        "index",
        cmd_index,
        help="build or update the corpus index of a folder (what routing reads)",
        description="Index PDFs (files or folders) for routing: each document's profile (issuer,\n"
        "kind, period, date, title, each with the line it was read from) and its term\n"
        "statistics, in one SQLite file per set of PATH arguments under <cache_dir>/corpora/.\n"
        "A file is recognised by size and modification time, else by content hash: adding\n"
        "one PDF to a folder indexes that file only; a changed file is indexed again; a\n"
        "deleted one leaves the index. Identical files count once.\n\n"
        "ask, context, batch and eval use the index of their PATH arguments when it exists\n"
        "and build it when it does not: this command only does the work ahead of time. So for\n"
        "the passage indexes on disk of a corpus over DOCINTEL_DISK_INDEX_PASSAGES passages\n"
        "(<cache_dir>/passages/, see `docintel ask --help`).\n\n"
        "example: docintel index filings/        (then: docintel ask QUESTION filings/)\n\n"
        "exit codes: 0 every file was indexed; 3 some file failed (listed on stderr; the\n"
        "others are indexed); 4 configuration.",
    )
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    p.add_argument(
        "--json",
        action="store_true",
        help='print {"db_path", "documents" (doc_id, path, content_hash, duplicate_of, n_pages, n_passages, '
        'profile), "indexed", "removed", "failures", "passages_index" (the folder, or null), "seconds"}',
    )
    common_flags(p, traces=False)


def _copies(count: int) -> str:
    if not count:
        return ""
    return f", {count} identical {'copy' if count == 1 else 'copies'} counted once"


def cmd_index(args: argparse.Namespace) -> int:
    from ..retrieval.corpus_passages import corpus_passages

    started = time.perf_counter()
    pipeline = make_pipeline(args)
    corpus = pipeline.corpus(args.paths, persist=True)
    report = corpus.refresh
    if not corpus.documents and corpus.failures:
        first = corpus.failures[0].error
        raise InputError(first["what"], first["fix"])
    on_disk = corpus_passages(corpus, pipeline.settings, pipeline.reporter)  # a large corpus: built now
    seconds = round(time.perf_counter() - started, 3)
    if args.json:
        data = {
            "db_path": report.db_path,
            "documents": [d.model_dump(mode="json") for d in corpus.documents],
            "indexed": report.indexed,
            "removed": report.removed,
            "failures": [f.model_dump() for f in corpus.failures],
            "passages_index": str(on_disk.folder) if on_disk else None,
            "seconds": seconds,
        }
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        copies = sum(d.duplicate_of is not None for d in corpus.documents)
        lines = [
            f"index: {report.db_path or 'in memory (the cache folder cannot be written)'}",
            f"documents: {len(corpus.documents)} ({len(report.indexed)} indexed now, {report.removed} removed "
            f"since the last run{_copies(copies)}) in {seconds:.1f} s",
        ]
        if on_disk:
            lines.append(f"passages on disk: {on_disk.folder} ({on_disk.passages:,} passages)")
        for d in corpus.documents:
            p = d.profile
            period = " ".join(filter(None, [p.kind.value, f"FY{p.fiscal_year.value}" if p.fiscal_year.value else None]))
            same = f" = {d.duplicate_of}" if d.duplicate_of else ""
            lines.append(f"  {d.doc_id}{same}: {p.issuer.value or 'issuer unknown'} | {period or 'period unknown'}")
        print_text("\n".join(lines))
    for failure in corpus.failures:
        print(f"error: {failure.message}", file=sys.stderr)
    return EXIT_INPUT if corpus.failures else EXIT_OK
