"""Passages and ranked candidates: the units retrieval ranks and the context stage packs.

Kept apart from ``search`` so that the optional dense re-ranker can name them without importing
BM25 search (no ``dense`` <-> ``search`` import cycle, not even for type checking).
"""

from __future__ import annotations

from pydantic import BaseModel, Field


class Passage(BaseModel):
    """A run of consecutive lines of one document."""

    doc_id: str
    page: int
    line_start: int = Field(description="first GLOBAL_LINE")
    line_end: int = Field(description="last GLOBAL_LINE (inclusive)")
    heading: str | None = Field(description="the nearest heading above, on the same page")
    page_title: str | None = Field(description="the first lines of the page (statement titles live there)")
    heading_path: list[str] = Field(
        default_factory=list,
        description="outline (or Part/Item/Note headings in the text), page title, heading above; see headings.py",
    )


class RankedPassage(BaseModel):
    """A candidate passage with its score and why it is a candidate."""

    passage: Passage
    score: float
    rank: int
    matched_terms: list[str]
    pinned: bool = Field(description="kept because the question names its page")
    section_match: str | None
