"""Mutations for bench_verify from blind red team round 64, written apart from docintel/verify/.

- A row that prints a change twice for one period, once as reported and once on another basis (a column headed '%
  change excluding currency changes', 'constant currency', 'organic', 'operational'): the other basis's cell answered
  for the change 'on a reported basis' (wrong); the reported cell (right, measured).

Which cell is which is what ingest read from each column's own heading (facts with a basis); the question's words
are general ('on a reported basis'), no document's wording.
"""

from __future__ import annotations

from docintel.domain import table as domain_table

Case = tuple[str, dict, str]  # (question, item, answer type)


def round64_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the class above on the page, by class."""
    cases: dict[str, list[Case]] = {}
    text = dict(zip(document.lines["global_line"], document.lines["text"], strict=True))
    for table in document.tables:
        if table.page != page:
            continue
        for row in table.rows:
            for kind, case in _basis_pairs(document, row, text[row.line]):
                cases.setdefault(kind, []).append(case)
    return cases


def _basis_pairs(document, row, line_text: str) -> list[tuple[str, Case]]:
    facts = [document.fact_at(row.line, i) for i in range(len(row.cells))]
    facts = [f for f in facts if f is not None and f.measure == "pct_change" and f.kind == "percent" and f.concept]
    facts = [f for f in facts if f.period is not None]
    found: list[tuple[str, Case]] = []
    for reported in (f for f in facts if f.basis == "gaap"):
        for other in facts:
            same = (other.period, other.kind, other.concept) == (reported.period, reported.kind, reported.concept)
            if not same or other.basis == "gaap" or other.value == reported.value:
                continue
            year = reported.period.fiscal_year or reported.period.end.year
            item_name = domain_table().item(reported.concept).label.lower()
            question = (
                f"By what percentage did {row.label.strip()} {item_name} change in fiscal {year} on a reported basis?"
            )
            for kind, fact in (("column basis: right", reported), ("another basis's change column", other)):
                found.append((kind, (question, _item(fact.value, row.line, line_text, year), "amount")))
    return found


def _item(value: float, line: int, quote: str, year: int) -> dict:
    span = {"doc": None, "line_start": line, "line_end": line, "quote": quote}
    amount = {"value": value, "currency": None, "unit": "percent"}
    return {"label": "change", "amount": amount, "period": f"fiscal {year}", "calculation": None, "spans": [span]}
