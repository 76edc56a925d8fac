"""The parsing time limit grows with the pages a file sends to OCR (no Tesseract needed: the worker pool alone)."""

from __future__ import annotations

import time
from typing import Any

from docintel.ingest.isolate import Extend, run_isolated


def _slow(item: tuple[float, float], report: Any) -> str:
    """Sleep *seconds*, having asked for *extra* seconds first (as a file with pages to OCR does)."""
    seconds, extra = item
    if extra:
        report(Extend(extra))
    time.sleep(seconds)
    return "slept"


def test_an_item_given_more_time_is_not_stopped_at_the_plain_limit():
    outcomes = list(run_isolated([(2.5, 6.0), (2.5, 0.0)], _slow, workers=2, timeout_s=1.0))
    status = {outcome.item: outcome.status for outcome in outcomes}
    assert status == {(2.5, 6.0): "done", (2.5, 0.0): "timeout"}
