"""``traces export ID --html FILE``: one self-contained HTML file of a trace page, to send to someone
without docintel. Page images are inlined (``data:`` URIs); nothing links back to a viewer or a file."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

from ..errors import DocintelError
from ..outfile import check_output_path, write_text_keeping_mode
from ..settings import Settings
from .art import PageArt, open_art
from .evidence import cited_documents, cited_pages, items_of
from .guard import Guard, Refused
from .html import GENERATOR
from .tracepage import Links, trace_page


def _arts(
    trace: dict[str, Any], guard: Guard, settings: Settings, password: str | None
) -> dict[int, tuple[PageArt | None, str]]:
    arts: dict[int, tuple[PageArt | None, str]] = {}
    for index in cited_documents(trace):
        try:
            record, path = guard.document(trace, index)
        except Refused as exc:
            arts[index] = (None, f"{exc}, so it is not shown: its cited lines are listed from the trace")
            continue
        arts[index] = open_art(path, record, settings, password)
    return arts


def export_html(
    trace: dict[str, Any],
    guard: Guard,
    settings: Settings,
    turns: list[dict[str, Any]] | None = None,
    password: str | None = None,
) -> str:
    """The trace page with its cited page images inlined and no links out."""
    arts = _arts(trace, guard, settings, password)
    images: dict[tuple[int, int], str] = {}
    for view in cited_pages(trace, items_of(trace)):
        art = arts.get(view.doc_index, (None, ""))[0] if view.doc_index is not None else None
        if art is not None and view.doc_index is not None:
            try:
                png = art.png(view.page)
            except DocintelError:
                continue  # the page lists its cited lines and says why
            images[(view.doc_index, view.page)] = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    links = Links(image=lambda n, p: images.get((n, p)), arts=arts)
    return trace_page(trace, links, turns)


def is_export(path: Path) -> bool:
    """Whether *path* holds a docintel export (so replacing it loses nothing docintel cannot write again)."""
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            head = handle.read(600)
    except OSError:
        return False
    return head.startswith("<!DOCTYPE html>") and GENERATOR in head


def write_export(
    trace: dict[str, Any],
    guard: Guard,
    settings: Settings,
    out: Path,
    *,
    force: bool = False,
    turns: list[dict[str, Any]] | None = None,
    password: str | None = None,
) -> Path:
    """Write the export to *out* atomically: never over an input, a PDF or a file that is not an export (unless
    *force*); UsageError or StorageError (nothing half-written) when it cannot."""
    inputs = [guard.store.find(trace["trace_id"]), *(Path(d["path"]) for d in trace.get("documents") or [])]
    check_output_path(out, inputs, force=force, is_ours=is_export, kind="HTML export")
    write_text_keeping_mode(out, export_html(trace, guard, settings, turns, password))
    return out
