"""The command-line interface: one module per command group, shared flags in ``common``.

Command modules parse arguments, call the pipeline and hand results to ``docintel.render.reports``,
the one place that formats for the terminal.
"""

from .main import build_parser, main, run

__all__ = ["build_parser", "main", "run"]
