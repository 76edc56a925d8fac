"""What routing decides for each document (``RouteDecision``, ``Routing``) and the candidate it scores.

Shared by the routing steps (``docintel.retrieval.route``) and its period step
(``docintel.retrieval.route_periods``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from ..ingest.profile import file_period
from ..question.entities import NamedEntities, file_words, issuer_words
from .corpus import CorpusDocument

Cause = Literal["routed", "scope", "duplicate", "issuer", "absent", "relevance", "no_terms", "period", "rank"]


class RouteDecision(BaseModel):
    """What routing did with one document, and why."""

    doc: str
    routed: bool
    cause: Cause = Field(
        description="why, in one word: routed, scope, duplicate, issuer, absent, relevance, no_terms, period, rank"
    )
    reason: str
    rank: int | None = Field(default=None, description="rank among the routed documents (1 = best)")
    score: float | None = Field(default=None, description="document-level score (BM25 over the whole document)")
    coverage: float | None = Field(default=None, description="share of the question's term weight it holds")
    issuer: str | None = None
    period: str | None = None


class Routing(BaseModel):
    """The routing of one question: the documents searched, and a decision for every document given."""

    status: Literal["ok", "no_match"]
    detail: str
    entities: NamedEntities
    routed: list[str]
    decisions: list[RouteDecision]
    notes: list[str] = Field(default_factory=list, description="caveats shown with the answer")


class Candidate:
    """A document still in the running, with its scores, period fit and issuer group."""

    def __init__(self, doc: CorpusDocument) -> None:
        self.doc = doc
        self.score = 0.0
        self.coverage = 0.0
        self.specific = 0.0  # the highest idf among the question's own terms it holds
        self.period_class: int | None = None
        self.group = _issuer_key(doc)
        self.years = _doc_years(doc)


def _issuer_key(doc: CorpusDocument) -> str:
    words = issuer_words(doc.profile.issuer.value or "") or file_words(Path(doc.path).stem)
    return "".join(words) or f"#{doc.doc_id}"  # squeezed: 'MGM R ESORTS' (split by the PDF) is 'MGM Resorts'


def _doc_years(doc: CorpusDocument) -> set[int]:
    years: set[int] = set()
    if (year := doc.profile.year()) is not None:
        years.add(year)
    end = doc.profile.period_end.value
    if end and int(end[5:7]) <= 3:  # a year ending January-March is named by either calendar year
        years.add(int(end[:4]) - 1)
    file_year, _ = file_period(Path(doc.path).stem)
    if file_year is not None:
        years.add(file_year)  # the user's own label of the period ("acme_2023Q2_10Q")
    return years


def period_label(doc: CorpusDocument) -> str | None:
    p = doc.profile
    parts = [p.kind.value or ""]
    if p.fiscal_year.value:
        parts.append(f"Q{p.quarter.value} " if p.quarter.value else "")
        parts[-1] += f"FY{p.fiscal_year.value}"
    if p.period_end.value:
        parts.append(f"(period ended {p.period_end.value})")
    label = " ".join(part for part in parts if part)
    return label or None


def routed_in(c: Candidate, rank: int | None, reason: str) -> RouteDecision:
    return RouteDecision(
        doc=c.doc.doc_id,
        routed=True,
        cause="routed",
        reason=reason,
        rank=rank,
        score=round(c.score, 4),
        coverage=round(c.coverage, 4),
        issuer=c.doc.profile.issuer.value,
        period=period_label(c.doc),
    )


def routed_out(item: Candidate | CorpusDocument, cause: Cause, reason: str) -> RouteDecision:
    c = item if isinstance(item, Candidate) else None
    doc = c.doc if c else item
    assert isinstance(doc, CorpusDocument)
    return RouteDecision(
        doc=doc.doc_id,
        routed=False,
        cause=cause,
        reason=reason,
        score=round(c.score, 4) if c else None,
        coverage=round(c.coverage, 4) if c else None,
        issuer=doc.profile.issuer.value,
        period=period_label(doc),
    )


def issuer_label(c: Candidate) -> str:
    return c.doc.profile.issuer.value or f"unknown; file {Path(c.doc.path).name}"


def unconfirmed_issuer(routing: Routing | None, n_documents: int) -> str:
    """Routing's note that no document searched is by the company the question names, over several documents (a
    file the user named alone is what they asked about); '' otherwise."""
    if routing is None or n_documents < 2:
        return ""
    return next((n for n in routing.notes if n.startswith("no document's issuer is") and "read as one" not in n), "")
