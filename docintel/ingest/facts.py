"""Facts: every figure of a document read as a typed fact.

A fact is one number printed in a table cell or a sentence, with everything an analyst reads off the page
around it: its value and sign as printed, its kind (money, percent, per-share, ...), currency, the scale that
applies to it and *where* that scale was stated (the row, the column header, the table's caption, the page
header, the section, the document), its period as a typed interval (an instant, or a duration with its end,
its length in months or weeks and the fiscal year and quarter it is), its member (consolidated, or a segment,
geography, product, division or legal entity), its basis (GAAP, adjusted, ...), per-share class, measure,
scenario and line-item concept, and its provenance (page, line, table, row, column, the cell's box).

Facts are computed at ingest from the tables (``ingest.tables``) and the lines, cached with the document
(``FACTS_VERSION``), and read back with :func:`facts_for_document` / :func:`facts_on_lines`. How each field is
read is in ``ingest.factread`` (tables), ``ingest.factscope`` (scale, member, basis by scope),
``ingest.factperiod`` (periods) and ``ingest.factsentences`` (figures in prose).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import date
from pathlib import Path
from typing import Literal, Protocol

from pydantic import BaseModel, Field

from .tables import TABLES_VERSION

FACTS_VERSION = "86"  # bump when fact reading changes: cached facts are recomputed from the cached lines and tables

FactKind = Literal["money", "percent", "per_share", "count", "ratio", "days", "other"]
ScaleSource = Literal["row", "column", "caption", "page_header", "section", "document", "none"]
SignSource = Literal["parentheses", "minus", "none"]
MemberAxis = Literal["segment", "geography", "product", "division", "entity"]
Basis = Literal["gaap", "adjusted", "non_gaap", "pro_forma", "comparable"]
PerShareClass = Literal["basic", "diluted"]
Measure = Literal["level", "change", "pct_change", "pct_of_total", "average", "weighted_average", "period_end_count"]
Scenario = Literal["actual", "outlook", "limit"]
PeriodKind = Literal["instant", "duration"]


class Period(BaseModel):
    """A fact's period: an instant (as of a date) or a duration (its end and its length)."""

    kind: PeriodKind = Field(description="instant (a balance as of a date) or duration (a flow over a period)")
    end: date | None = Field(
        default=None, description="the instant, or the duration's last day; null when only a year is printed"
    )
    months: int | None = Field(default=None, description="a duration's length in months: 3, 6, 9, 12")
    weeks: int | None = Field(default=None, description="a duration's length in weeks when printed so: 13 ... 53")
    fiscal_year: int | None = Field(default=None, description="the fiscal year the period is (or ends) in")
    fiscal_quarter: int | None = Field(default=None, description="1-4 for a quarter's duration (or a quarter-end)")
    label: str = Field(default="", description="the column heading as printed, e.g. 'Three Months Ended June 30, 2023'")

    def describe(self) -> str:
        """One short phrase: '3M to 2023-07-02 (FY2023 Q2)', 'at 2022-12-31', 'FY2022'."""
        length = f"{self.weeks}W" if self.weeks else f"{self.months}M" if self.months else ""
        fiscal = f"FY{self.fiscal_year}" if self.fiscal_year else ""
        if self.fiscal_quarter and self.fiscal_year:
            fiscal += f" Q{self.fiscal_quarter}"
        when = self.end.isoformat() if self.end else ""
        if self.kind == "instant":
            head = f"at {when}" if when else f"at end of {fiscal}"
        else:
            head = f"{length} to {when}".strip() if when else length
        return f"{head} ({fiscal})" if fiscal and when else (head or fiscal).strip()


class Member(BaseModel):
    """A part of the reporting entity a fact is about (None on a fact: the consolidated entity)."""

    name: str = Field(description="the member as printed, e.g. 'North America', 'Pharmaceutical', 'Parent company'")
    axis: MemberAxis


class Provenance(BaseModel):
    """Where a fact is printed."""

    doc: str = Field(description="document id")
    page: int = Field(description="1-based physical page")
    global_line: int = Field(description="GLOBAL_LINE of the row or sentence")
    table: int | None = Field(default=None, description="index of the table in the document's tables (null: prose)")
    row: int | None = Field(default=None, description="index of the row in its table")
    column: int | None = Field(default=None, description="index of the cell in its row")
    box: tuple[float, float, float, float] | None = Field(
        default=None, description="the line's box (x0, y0, x1, y1 in PDF points, origin bottom left; pdfium only)"
    )


class Fact(BaseModel):
    """One figure as printed, with its scale, period, member, measure, basis and concept resolved."""

    value: float = Field(description="the number as printed, signed (parentheses or a minus make it negative)")
    text: str = Field(description="the cell or number as printed")
    sign_source: SignSource = Field(description="what made it negative: parentheses, a minus sign, or none")
    kind: FactKind
    currency: str | None = Field(default=None, description="ISO code of a money figure (USD, EUR, ...)")
    scale: float = Field(default=1.0, description="factor to units: 1, 1e3, 1e6 or 1e9 (never applied to value)")
    scale_source: ScaleSource = Field(default="none", description="where the scale was stated (nearest scope wins)")
    period: Period | None = None
    member: Member | None = Field(default=None, description="null: the consolidated entity")
    basis: Basis = "gaap"
    per_share_class: PerShareClass | None = None
    measure: Measure = "level"
    scenario: Scenario = "actual"
    concept: str | None = Field(default=None, description="line-item id of the vocabulary (concepts.py), or null")
    element: str | None = Field(default=None, description="the US GAAP taxonomy element of the concept")
    label: str = Field(description="the row's (or sentence's) own words for the figure")
    recorded_in: str | None = Field(
        default=None,
        description="where the figure is recorded, when its row names that and not what it is (a 'Location of gain "
        "(loss)' table's 'Cost of sales': the gain recorded in cost of sales; its concept is then null)",
    )
    provenance: Provenance

    @property
    def units(self) -> float:
        """The value in units (scale applied): 5,363 in millions -> 5.363e9."""
        return self.value * self.scale


class FactSource(Protocol):
    """What facts are read from: an ingested ``Document`` (its ``facts`` are computed at ingest and cached)."""

    @property
    def facts(self) -> list[Fact]: ...


def facts_for_document(doc: FactSource) -> list[Fact]:
    """Every fact of a document: from the cache, else read from its lines, tables and profile now and cached."""
    return doc.facts


def facts_on_lines(doc: FactSource, global_lines: Iterable[int]) -> list[Fact]:
    """The facts printed on the given GLOBAL_LINEs, in line order."""
    wanted = set(global_lines)
    return [f for f in doc.facts if f.provenance.global_line in wanted]


def facts_path(lines_file: Path) -> Path:
    """The facts file of a document's cached lines ('cache/lines/ab/<hash>-<extractor>.json' ->
    'cache/facts/ab/<hash>-<extractor>-f<FACTS_VERSION>-t<TABLES_VERSION>.facts', JSON inside), one per version."""
    name = f"{lines_file.stem}-f{FACTS_VERSION}-t{TABLES_VERSION}.facts"  # read from the tables: theirs too
    return lines_file.parents[2] / "facts" / lines_file.parent.name / name


_JSON = json.JSONEncoder(separators=(",", ":"))  # json.dumps(..., separators=(",", ":")), made once


def fact_row(fact: Fact) -> str:
    """A fact as a row of its cache file: JSON, the document id left out (it depends on the file's name)."""
    return _JSON.encode(fact.model_dump(mode="json", exclude_defaults=True, exclude={"provenance": {"doc"}}))


def save_facts(path: Path, facts: list[Fact]) -> None:
    """Write facts to the cache (atomically), and remove the document's facts of other versions."""
    save_fact_rows(path, [fact_row(fact) for fact in facts])


def save_fact_rows(path: Path, rows: list[str]) -> None:
    """Write the rows of facts (``fact_row``) to the cache as one JSON document (atomically), and remove the
    document's facts of other versions, which nothing reads again."""
    from .cache import atomic_write_text

    path.parent.mkdir(parents=True, exist_ok=True)
    empty = _JSON.encode({"version": FACTS_VERSION, "facts": []})  # the rows go between its brackets
    atomic_write_text(path, f"{empty[:-2]}{','.join(rows)}{empty[-2:]}")
    stem = path.name.rsplit(f"-f{FACTS_VERSION}-", 1)[0]
    for stale in path.parent.glob(f"{stem}-f*-t*.facts"):  # an older version's facts of the same document
        if stale != path:
            stale.unlink(missing_ok=True)


def load_facts(path: Path, doc_id: str) -> list[Fact] | None:
    """The facts cached at *path* for document *doc_id*; None when missing, unreadable or of another version."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != FACTS_VERSION:
        return None
    facts = []
    for row in data.get("facts") or []:
        row["provenance"]["doc"] = doc_id
        facts.append(Fact.model_validate(row))
    return facts


def concept_ids(words: str) -> frozenset[str]:
    """The vocabulary ids *words* name: an id itself ('eps_diluted') or words naming line items ('diluted EPS',
    'net sales'); raises UsageError when they name none."""
    from ..concepts import concept, concepts_in
    from ..errors import UsageError

    key = words.strip().lower().replace(" ", "_")
    if concept(key) is not None:
        return frozenset({key})
    found = frozenset(c for c in concepts_in(words).concepts if concept(c) is not None)
    if not found:
        raise UsageError(
            f"--concept {words!r} names no line item of the vocabulary",
            "give an id such as revenue, net_income, eps_diluted, capex, total_assets, or words naming one",
        )
    return found


def select_facts(
    facts: Iterable[Fact], *, page: int | None = None, concept: str | None = None, tables_only: bool = False
) -> list[Fact]:
    """The facts on *page*, of the line item *concept* names, from tables only when *tables_only*."""
    wanted = concept_ids(concept) if concept else None
    return [
        f
        for f in facts
        if (page is None or f.provenance.page == page)
        and (wanted is None or f.concept in wanted)
        and (not tables_only or f.provenance.table is not None)
    ]
