"""Mutations for bench_verify of what a figure is and where it ranks (a new user on Nike's fiscal 2021 10-K and red
team rounds 33-34), over every page of the dev filings.

- a row not the largest of its column: in each run of three or more rows of a table with as many cells (no total
  row), the row with the smallest first cell claimed as the one with the largest (and the largest, right, measured);
- a change from one year: two figures of one column divided, given as the change in their ratio over the year;
- an act on an item for its balance: each fact of a row 'Sales of ...', 'Purchases of ...', 'Proceeds from ...',
  'Repayments of ...' (a flow of the item in the year) given as the item at the year's end; and each fact of a row
  of a tax carryforward ('Net operating loss carryforwards') given as the line item it names;
- an average column for a balance: each fact of a column headed 'average' given as the level at its date;
- a place asked, the whole answered: each consolidated revenue fact given for the company's revenues in Japan.

Each is wrong, so 'supported' fails the bench; the patterns are the bench's own, written apart from
docintel/verify/.
"""

from __future__ import annotations

import re

from docintel.concepts import concepts_in
from scripts.verify_structures import ItemMaker, _fact_answer, _page_facts, _unit, _year_of

Case = tuple[str, dict, str]  # (question, item, answer type)

_TOTAL_ROW = re.compile(r"\b(?:total|totals|subtotal|consolidated|combined|overall|worldwide|all)\b", re.I)
_FLOW_OF = re.compile(
    r"^\s*(?:sales?|purchases?|maturities|proceeds\s+from(?:\s+(?:the\s+)?sales?\s+of)?|repayments?\s+of|"
    r"issuances?\s+of)\s+(?:of\s+)?(?P<item>[a-z][a-z ,'-]{3,50}?)\s*(?:\(|$)",
    re.IGNORECASE,
)
_MEASURE_WORDS = re.compile(r"\b(?:change|increase|decrease|average|weighted)", re.IGNORECASE)
_YEAR = re.compile(r"(?:19|20)\d\d")
_CARRYFORWARD = re.compile(r"carry-?\s?forwards?", re.IGNORECASE)
_AVERAGE = re.compile(r"\baverage\b", re.IGNORECASE)
_WEIGHTED = re.compile(r"\bweighted\b", re.IGNORECASE)


def rank_cases(document, page: int) -> dict[str, list[Case]]:
    """The first class of the module docstring, from the page's tables."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    for table in (t for t in document.tables if t.page == page and t.columns):
        for run in _runs(table.rows):
            ranked = sorted(run, key=lambda r: r.values[0])
            low, high = ranked[0], ranked[-1]
            if low.values[0] == high.values[0]:
                continue
            column = table.columns[0].label if table.columns else "first"
            question = f"Which row of the table with {run[0].label} had the largest figure in the {column} column?"
            for row, kind in ((low, "a row not the largest of its column"), (high, "largest row: right")):
                span = {"doc": None, "line_start": row.line, "line_end": row.line, "quote": texts[row.line - 1]}
                claim = {"text": f"{row.label} had the largest figure, {row.cells[0]}.", "spans": [span]}
                cases.setdefault(kind, []).append((question, claim, "text"))
    return cases


def _runs(rows) -> list[list]:
    """Runs of three or more adjacent rows of amounts with as many cells under one sub-heading, none a total, each
    first cell a figure above zero (no year)."""
    runs: list[list] = []
    current: list = []
    for row in rows:
        first = row.cells[0] if row.cells else ""
        fits = (
            row.aligned
            and row.kind == "amount"
            and row.values[0] is not None
            and row.values[0] > 0
            and not _YEAR.fullmatch(first)
            and not _TOTAL_ROW.search(row.label)
        )
        if current and (not fits or len(row.cells) != len(current[-1].cells) or row.group != current[-1].group):
            runs.append(current)
            current = []
        if fits:
            current.append(row)
    runs.append(current)
    return [r for r in runs if len(r) >= 3]


def figure_cases(document, page: int, item: ItemMaker) -> dict[str, list[Case]]:
    """The other classes of the module docstring, from the page's facts."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    by_column: dict[tuple, list] = {}
    for fact in _page_facts(document, page):
        unit = _unit(fact)
        if unit is None or fact.kind != "money":
            continue
        year, label = _year_of(fact), fact.label or ""
        by_column.setdefault((fact.provenance.table, fact.provenance.column), []).append(fact)
        flow = _FLOW_OF.match(label)
        if flow and concepts_in(flow.group("item")).concepts and fact.period.kind != "instant":
            what = flow.group("item").strip(" ,")
            question = f"What were the company's {what} at the end of fiscal {year}?"
            answer = _fact_answer(item, fact, texts, unit, label=what)
            cases.setdefault("an act on an item for its balance", []).append((question, answer, "amount"))
        named = concepts_in(_CARRYFORWARD.sub(" ", label)).concepts
        if _CARRYFORWARD.search(label) and named:
            what = _CARRYFORWARD.sub(" ", label).strip()
            question = f"What was the company's {what} in fiscal {year}?"
            answer = _fact_answer(item, fact, texts, unit, label=what)
            cases.setdefault("an act on an item for its balance", []).append((question, answer, "amount"))
        heading = _heading(document, fact)
        if _AVERAGE.search(heading) and not _WEIGHTED.search(heading) and not _AVERAGE.search(label):
            question = f"What was the company's {label.lower()} at the end of fiscal {year}?"
            answer = _fact_answer(item, fact, texts, unit)
            cases.setdefault("an average column for a balance", []).append((question, answer, "amount"))
        if fact.concept == "revenue" and fact.member is None and fact.period.kind != "instant":
            question = f"What were the company's revenues in Japan in fiscal {year}?"
            answer = _fact_answer(item, fact, texts, unit, label="Revenues in Japan")
            cases.setdefault("a place asked, the whole answered", []).append((question, answer, "amount"))
    for facts in by_column.values():
        cases.setdefault("a change from one year", []).extend(_one_year_change(facts, texts, item)[:1])
    return {k: v for k, v in cases.items() if v}


def _heading(document, fact) -> str:
    """The heading over the fact's column ('' when ingest read none)."""
    if fact.provenance.table is None or fact.provenance.column is None:
        return ""
    table = document.tables[fact.provenance.table]
    column = fact.provenance.column
    return f"{table.columns[column].heading or ''}" if column < len(table.columns) else ""


def _one_year_change(facts: list, texts: list[str], item: ItemMaker) -> list[Case]:
    """Two positive figures of one column divided, given as the change in their ratio in the column's year."""
    # a label that says a change or an average would make the question ask that measure of it
    positive = [f for f in facts if f.value > 0 and f.label and not _MEASURE_WORDS.search(f.label)]
    if len(positive) < 2 or positive[0].label == positive[1].label:
        return []
    a, b = positive[0], positive[1]
    year = _year_of(a)
    result = round(a.value / b.value, 4)
    operands = [
        {"label": name, "name": f.label, "value": f.value, "period": None, "span": _span(f, texts)}
        for name, f in (("a", a), ("b", b))
    ]
    calculation = {"operands": operands, "expression": "a / b", "result": result}
    question = f"By how much did the ratio of {a.label.lower()} to {b.label.lower()} change in fiscal {year}?"
    answer = item(result, "ratio", None, a.provenance.global_line, texts[a.provenance.global_line - 1], calculation)
    answer["spans"].append(_span(b, texts))
    return [(question, answer, "amount")]


def _span(fact, texts: list[str]) -> dict:
    line = fact.provenance.global_line
    return {"doc": None, "line_start": line, "line_end": line, "quote": texts[line - 1]}
