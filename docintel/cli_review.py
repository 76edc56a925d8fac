"""CLI subcommands for batch answering, trace review and evaluation (filled in by their issues)."""

from __future__ import annotations

REVIEW_COMMANDS: dict = {}


def add_review_commands(sub, common, answer_flags, retrieval_flags) -> None:
    """Register the review subcommands on *sub*."""
    return None
