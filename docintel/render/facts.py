"""Facts as a typed table: text for the terminal, JSON and CSV for a spreadsheet (``docintel facts``)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..ingest.facts import Fact

CSV_COLUMNS = (
    "doc",
    "page",
    "line",
    "table",
    "row",
    "column",
    "label",
    "text",
    "value",
    "scale",
    "units",
    "scale_source",
    "kind",
    "currency",
    "period_kind",
    "period_end",
    "months",
    "weeks",
    "fiscal_year",
    "fiscal_quarter",
    "period_label",
    "member",
    "member_axis",
    "basis",
    "per_share_class",
    "measure",
    "scenario",
    "concept",
    "element",
    "recorded_in",
    "sign_source",
)
_SCALE_WORDS = {1.0: "", 1e3: "thousands", 1e6: "millions", 1e9: "billions"}


def fact_record(fact: Fact) -> dict[str, Any]:
    """One fact as a flat record (the CSV row; the JSON adds the nested period, member and box)."""
    period, member, where = fact.period, fact.member, fact.provenance
    return {
        "doc": where.doc,
        "page": where.page,
        "line": where.global_line,
        "table": where.table,
        "row": where.row,
        "column": where.column,
        "label": fact.label,
        "text": fact.text,
        "value": fact.value,
        "scale": fact.scale,
        "units": fact.units,
        "scale_source": fact.scale_source,
        "kind": fact.kind,
        "currency": fact.currency,
        "period_kind": period.kind if period else None,
        "period_end": period.end.isoformat() if period and period.end else None,
        "months": period.months if period else None,
        "weeks": period.weeks if period else None,
        "fiscal_year": period.fiscal_year if period else None,
        "fiscal_quarter": period.fiscal_quarter if period else None,
        "period_label": period.label if period else None,
        "member": member.name if member else None,
        "member_axis": member.axis if member else None,
        "basis": fact.basis,
        "per_share_class": fact.per_share_class,
        "measure": fact.measure,
        "scenario": fact.scenario,
        "concept": fact.concept,
        "element": fact.element,
        "recorded_in": fact.recorded_in,
        "sign_source": fact.sign_source,
    }


def facts_json(facts: Sequence[Fact]) -> str:
    """The facts as a JSON array: each with value, scale, unit, currency, concept, period (dates), member, basis,
    measure, page and line, and its provenance (table, row, column, box)."""
    items = []
    for fact in facts:
        item = fact.model_dump(mode="json")
        item["unit"] = _unit(fact)
        item["units"] = fact.units
        item["page"], item["line"] = fact.provenance.page, fact.provenance.global_line
        items.append(item)
    return json.dumps(items, indent=1, ensure_ascii=False)


def facts_csv(facts: Sequence[Fact]) -> str:
    """The facts as CSV, one row per fact, columns CSV_COLUMNS."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for fact in facts:
        writer.writerow(fact_record(fact))
    return out.getvalue()


def _unit(fact: Fact) -> str:
    """'USD millions', 'USD per share', 'percent', 'shares millions', 'days'."""
    scale = _SCALE_WORDS.get(fact.scale, f"x{fact.scale:g}")
    if fact.kind == "money":
        return f"{fact.currency or ''} {scale}".strip() or "money"
    if fact.kind == "per_share":
        return f"{fact.currency or ''} per share".strip()
    if fact.kind == "count":
        return f"count {scale}".strip()
    return fact.kind


def facts_text(facts: Sequence[Fact]) -> str:
    """The facts as an aligned table for a terminal."""
    if not facts:
        return "no facts"
    head = ("page", "line", "label", "value", "unit", "period", "member", "basis", "measure", "concept")
    rows = [head]
    for fact in facts:
        member = f"{fact.member.name} ({fact.member.axis})" if fact.member else "consolidated"
        extra = f" {fact.per_share_class}" if fact.per_share_class else ""
        rows.append(
            (
                str(fact.provenance.page),
                str(fact.provenance.global_line),
                _cut(fact.label, 44),
                fact.text,
                _unit(fact) + extra,
                fact.period.describe() if fact.period else "-",
                member,
                fact.basis,
                fact.measure,
                fact.concept or "-",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(r)).rstrip() for r in rows]
    return "\n".join(lines) + f"\n{len(facts)} facts"


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
