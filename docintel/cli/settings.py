"""``docintel settings`` and ``docintel cache``: what is configured, and the cache of parsed PDFs."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..errors import EXIT_OK, InputError, storage_error
from ..settings import load_settings
from .common import add_command


def register(sub: Any) -> None:
    """Add ``settings`` and ``cache``."""
    add_command(sub, "settings", cmd_settings, help="list every setting: name, value, environment variable, meaning")
    c = add_command(
        sub,
        "cache",
        cmd_cache,
        help="show or clear the cache of parsed PDFs, search indexes and corpus indexes",
        description="The cache keeps each parsed PDF (its line table, tables and profile), its facts (facts/,\n"
        "one file per document, the older version's removed when a new docintel reads them again)\n"
        "and its search index as JSON, keyed by content hash, one corpus index (SQLite) per set of PATH\n"
        "arguments (corpora/, see `docintel index --help`) and, for a corpus of more than\n"
        "DOCINTEL_DISK_INDEX_PASSAGES passages, its passage indexes on disk (passages/), in\n"
        "DOCINTEL_CACHE_DIR (default ~/.cache/docintel). Files are readable by their owner only.\n"
        "Entries of password-protected PDFs are used only after the password given opens the file\n"
        "again. It also keeps, per model\n"
        "server and model, the API and structured-output mode that `auto` found (servers/modes.json).",
    )
    csub = c.add_subparsers(dest="cache_command", metavar="ACTION", required=True)
    for name, text in (
        ("info", "where the cache is, and how many files and bytes it holds"),
        (
            "clear",
            "delete every cached line table, facts file, search index, corpus index and passage index on disk, "
            "and the remembered server modes (nothing else)",
        ),
    ):
        cp = csub.add_parser(name, help=text, description=text)
        cp.add_argument("--cache-dir", type=Path, help="cache folder (DOCINTEL_CACHE_DIR)")
        cp.add_argument("--json", action="store_true")


def cmd_settings(args: argparse.Namespace) -> int:
    from ..render import reports as render
    from ..settings import ENV_PREFIX, Settings

    settings = load_settings()
    values = settings.public_dict()
    fields = []
    for name, info in Settings.model_fields.items():
        env = {"openai_api_key": "OPENAI_API_KEY", "openai_base_url": "OPENAI_BASE_URL"}.get(
            name, ENV_PREFIX + name.upper()
        )
        value = ("(set)" if values["openai_api_key_set"] else "(not set)") if name == "openai_api_key" else values[name]
        fields.append((name, env, value, info.description or ""))
    print(render.settings_report(fields))
    return EXIT_OK


def cmd_cache(args: argparse.Namespace) -> int:
    from ..backends.servers import forget_servers
    from ..ingest.cache import cache_summary, clear_cache
    from ..render import reports as render
    from ..retrieval.corpus_passages import clear_passages

    cache_dir = load_settings({"cache_dir": args.cache_dir}).cache_dir
    if cache_dir.exists() and not cache_dir.is_dir():
        raise InputError(
            f"cache folder {cache_dir} is a file, not a folder",
            "give the folder with --cache-dir or DOCINTEL_CACHE_DIR",
        )
    if args.cache_command == "clear":
        try:
            removed = clear_cache(cache_dir) + forget_servers(cache_dir) + clear_passages(cache_dir)
        except OSError as exc:
            raise storage_error("clear the cache in", cache_dir, exc, "check the folder's permissions") from None
        print(
            json.dumps({"cache_dir": str(cache_dir), "removed_files": removed})
            if args.json
            else f"removed {removed} cached files from {cache_dir}"
        )
        return EXIT_OK
    summary = cache_summary(cache_dir)
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(render.cache_report(summary))
    return EXIT_OK
