"""Ingest on Ray: each PDF is parsed by a Ray task, with the extractor, time limit and errors of a local ingest.

RayIngestor is the Ingestor with its one parsing step (``_parse_many``) handed to Ray: a task per file
runs the same parse (in a child process of the Ray worker, stopped at DOCINTEL_PARSE_TIMEOUT_S, so a
file that hangs or crashes the parser costs that file only) and the same table and profile passes,
and returns the cache entry. The driver saves each entry as it arrives into the content-addressed
cache (a folder on storage every machine sees, on a cluster) and builds the documents exactly as a
local ingest does: same content hash, pages, lines, tables and profile, same failures.

Ray is an extra (``pip install "docintel[ray]"``): it is imported only here, when --ray is given.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import ConfigError, DocintelError
from .documents import Ingestor, add_profile, add_tables
from .parsing import ParseProgress, size_of

INSTALL_FIX = 'pip install "docintel[ray]" (or pip install ray), or drop --ray / unset DOCINTEL_RAY_ADDRESS'


def _package_root() -> str:
    """The folder this docintel is imported from: local Ray workers import the same code."""
    return str(Path(__file__).resolve().parent.parent.parent)


def connect(address: str) -> Any:
    """Join (or, for 'local', start) the Ray cluster at *address*; the ray module. ConfigError when it cannot."""
    if address not in ("local", "auto") and not re.fullmatch(r"(ray://)?[\w.\-\[\]:]+:\d+", address):
        raise ConfigError(f"--ray {address!r} is not a Ray address", "give local, auto, HOST:6379 or ray://HOST:10001")
    try:
        import ray
    except ImportError:
        raise ConfigError("--ray needs Ray, which is not installed", INSTALL_FIX) from None
    if ray.is_initialized():
        return ray
    logging.getLogger("ray").setLevel(logging.ERROR)  # Ray's start-up chatter is not docintel's output
    try:
        if address == "local":  # its workers inherit this environment: they import this docintel
            os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (_package_root(), os.environ.get("PYTHONPATH")) if p)
            ray.init(include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
        else:
            ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise ConfigError(
            f"cannot reach the Ray cluster at {address!r} ({str(exc).splitlines()[0][:200]})",
            "start it (ray start --head), or give --ray local, auto or ray://HOST:10001",
        ) from None
    return ray


def parse_file(
    path: str, password: str | None, extractor: str, timeout_s: float, ocr: tuple[str, str, str, int]
) -> dict[str, Any] | DocintelError:
    """A Ray task's work: parse one file as a local ingest does (scanned pages read by OCR with *ocr*: mode,
    Tesseract command, language, processes); the cache entry, or the error."""
    from .extractors import parse_task
    from .isolate import run_isolated
    from .pdfparse import error_from_outcome

    item = (Path(path), password, extractor, ocr)
    outcome = next(iter(run_isolated([item], parse_task, workers=1, timeout_s=timeout_s)))
    error = error_from_outcome(outcome, timeout_s)
    if error is not None:
        return error
    entry: dict[str, Any] = outcome.value["ok"]
    add_tables(entry)
    add_profile(entry, Path(path), password, extractor)
    return entry


class RayIngestor(Ingestor):
    """An Ingestor whose parsing runs as Ray tasks (see the module docstring); cache and memo as usual."""

    @classmethod
    def like(cls, ingestor: Ingestor) -> RayIngestor:
        """A RayIngestor with *ingestor*'s settings, password and progress."""
        return cls(ingestor.settings, ingestor._password, ingestor.reporter)

    def _parse_many(self, todo: list[Path]) -> Iterator[tuple[Path, dict[str, Any] | DocintelError]]:
        if not todo:
            return
        ray = connect(self.settings.ray_address or "local")
        remote = ray.remote(parse_file)
        ordered = sorted(todo, key=lambda p: -size_of(p))  # the largest first: none finishes alone at the end
        tracker = ParseProgress(self.reporter, ordered)
        timeout = self.settings.parse_timeout_s
        s = self.settings
        ocr = (s.ocr, s.tesseract_cmd, s.ocr_language, 1)  # one file a task: a task's Tesseracts one at a time
        refs = {remote.remote(str(p), self._password, self.extractor, timeout, ocr): p for p in ordered}
        pending = list(refs)
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                path = refs[done[0]]
                result = ray.get(done[0])
                if isinstance(result, dict):
                    tracker.page(path, result["n_pages"], result["n_pages"])
                tracker.finished(path)
                yield path, result
        finally:
            for ref in pending:  # Ctrl-C or an error: stop what is still running
                ray.cancel(ref, force=True)
            tracker.close()
