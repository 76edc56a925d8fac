"""``python -m docintel``: the command-line interface."""

from .cli import run

raise SystemExit(run())
