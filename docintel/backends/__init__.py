"""Answering backends: ``openai`` (any OpenAI-compatible server) and ``extractive`` (offline).

``make_backend`` imports the chosen backend's module only, so the openai SDK is loaded only
when the openai backend is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Backend, BackendFailure, Generation, Outcome, Usage

if TYPE_CHECKING:
    from ..settings import Settings

__all__ = ["Backend", "BackendFailure", "Generation", "Outcome", "Usage", "make_backend"]


def make_backend(settings: Settings) -> Backend:
    """The backend the settings ask for ('auto': openai with a key, else extractive)."""
    if settings.resolved_backend() == "openai":
        from .openai import OpenAIBackend

        return OpenAIBackend(settings)
    from .extractive import ExtractiveBackend

    return ExtractiveBackend(settings)
