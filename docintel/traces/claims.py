"""The ``claims`` group of a ``verify`` trace: another tool's answer checked claim by claim.

The same models are what ``docintel verify --json`` prints (docs/TRACE_FORMAT.md).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ClaimStatus = Literal["supported", "contradicted", "unsupported", "quote_not_found", "unverifiable"]
CLAIM_STATUSES: tuple[ClaimStatus, ...] = (
    "supported",
    "contradicted",
    "unsupported",
    "quote_not_found",
    "unverifiable",
)
QuoteMatch = Literal["exact", "normalised", "not_found"]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CheckResult(_Record):
    """One check of a claim: quote, value, period, concept, kind, sign, numbers, relevance, negation."""

    name: str
    result: str = Field(description="supported, mismatch, unknown, exact, normalised, not_found, ...")
    detail: str = ""


class Evidence(_Record):
    """Lines of a DOC where a cited quote was found."""

    doc: str
    pages: list[int]
    line_start: int = Field(description="first GLOBAL_LINE of the found text")
    line_end: int
    text: str = Field(description="the found lines, joined by newlines")
    match: QuoteMatch
    on_cited_pages: bool | None = Field(description="found on the pages the citation names (None: it names none)")


class QuoteResult(_Record):
    """One cited quote and where it was found."""

    text: str
    doc: str | None = Field(description="the DOC the citation names (None: any DOC)")
    cited: str = Field(description="where the provider says it is ('page_location pages 3-4')")
    match: QuoteMatch
    detail: str = ""


class ClaimResult(_Record):
    """The verdict of one claim with its checks and the found lines."""

    index: int
    claim: str
    status: ClaimStatus
    detail: str
    checks: list[CheckResult]
    evidence: list[Evidence]
    quotes: list[QuoteResult]


class ClaimsSummary(_Record):
    """How many claims got each verdict."""

    claims: int
    supported: int
    contradicted: int
    unsupported: int
    quote_not_found: int
    unverifiable: int
    all_supported: bool


class ClaimsRecord(_Record):
    """``claims``: the answer file, its format, and the verdict of every claim in the answer's order."""

    answer_path: str
    format: Literal["anthropic", "openai", "claims", "docintel"]
    model: str | None = Field(description="the model the answer names, if it names one")
    notes: list[str] = Field(default_factory=list)
    claims: list[ClaimResult]
    summary: ClaimsSummary


def summarise(claims: list[ClaimResult]) -> ClaimsSummary:
    """The count of each verdict."""
    counts = {status: sum(c.status == status for c in claims) for status in CLAIM_STATUSES}
    return ClaimsSummary(
        claims=len(claims),
        all_supported=bool(claims) and counts["supported"] == len(claims),
        **counts,
    )
