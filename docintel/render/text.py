"""Printing text for the terminal: the one import every CLI command needs at start-up (the reports are imported
by the commands that render them)."""

from __future__ import annotations

import sys
from typing import TextIO

from ..textnorm import strip_controls


def print_text(text: str, file: TextIO | None = None) -> None:
    """Print human-readable text with control characters (NUL, escapes) removed: safe on a terminal."""
    print(strip_controls(text), file=file or sys.stdout)
