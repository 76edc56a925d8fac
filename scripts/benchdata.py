"""Where the benchmarks find FinanceBench, and the arguments they share."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

# The shared data sits beside the checkout; DOCINTEL_SHARED_DATA points elsewhere (as for the tests).
SHARED = Path(
    os.environ.get("DOCINTEL_SHARED_DATA") or Path(__file__).resolve().parent.parent.parent / "shared" / "data"
)
FINANCEBENCH = SHARED / "financebench"


def parser(description: str) -> argparse.ArgumentParser:
    """An argument parser with --questions and --pdfs defaulting to the shared FinanceBench split."""
    result = argparse.ArgumentParser(description=description)
    result.add_argument("--questions", type=Path, default=FINANCEBENCH / "questions.jsonl")
    result.add_argument("--pdfs", type=Path, default=FINANCEBENCH / "pdfs")
    return result


def load_records(path: Path) -> list[dict]:
    """The JSON objects of a JSONL file."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
