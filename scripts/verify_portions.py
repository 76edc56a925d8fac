"""Mutations for bench_verify: a part of a line item given for the whole (red team rounds 24 and 25), from the
structures of a filing, not from known cases.

- **The plans whose obligation exceeds their assets** (ASC 715-20-50): a benefit obligation or plan assets row of a
  table its caption or a row's sub-heading says is of 'plans with a projected (accumulated) benefit obligation in
  excess of plan assets', asked as the company's pension plans' figure: wrong (those plans are a subset).
- **An expense by nature under a function** (IAS 1.99-105): a row of depreciation, amortization or share-based
  compensation under a sub-heading of expenses or costs ('Amortization of intangibles' under 'Operating expenses:')
  of a table with another such sub-heading ('Cost of revenue:'), asked as the total expense: the row cannot tell it
  is the whole (the other functions may hold a part), so 'supported' is wrong; tables that say another row excludes
  it ('exclusive of amortization') are left out.

The patterns here are the bench's own reading of these structures, written apart from docintel/verify/.
"""

from __future__ import annotations

import re

from scripts.verify_structures import Case, ItemMaker, _fact_answer, _page_facts, _unit, _when

_EXCESS = re.compile(
    r"\b(?:obligations?|ABO|PBO)\b[^.;:]{0,40}?\b(?:in\s+excess\s+of|exceed(?:s|ed|ing)?)\s+(?:the\s+)?"
    r"(?:fair\s+value\s+of\s+)?(?:the\s+)?(?:plans?['’]?\s+)?assets\b",
    re.IGNORECASE,
)
_PLAN_ROW = re.compile(r"\bbenefit\s+obligation|\bplan\s+assets\b", re.IGNORECASE)
_NUMBERS = re.compile(r"\d,\d{3}\b|\$\s*\(?\d")
_BY_NATURE = re.compile(
    r"\b(?:depreciation|amortization|amortisation|(?:stock|share)[\s-]based\s+compensation)\b", re.IGNORECASE
)
_FUNCTION = re.compile(r"\b(?:expenses?|costs?)\b", re.IGNORECASE)
_EXCLUSIVE = re.compile(r"\b(?:exclusive\s+of|excluding|excludes?)\b", re.IGNORECASE)


def _subset_rows(document, table) -> set[int]:
    """The lines of *table*'s rows that are of the plans whose obligation exceeds their assets."""
    grouped = [r for r in table.rows if r.group and _EXCESS.search(r.group)]
    if grouped:
        return {r.line for r in grouped}
    texts = document.lines["text"].tolist()
    first = min(r.line for r in table.rows)
    above: list[str] = []
    for line in range(max(1, first - 8), first):
        above = [] if _NUMBERS.search(texts[line - 1]) else [*above, texts[line - 1]]
    return {r.line for r in table.rows} if _EXCESS.search(" ".join(above)) else set()


def subset_plan_cases(document, page: int, item: ItemMaker) -> dict[str, list[Case]]:
    """Each obligation or plan assets fact of a table of the underfunded plans, asked of all pension plans."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    subset: set[int] = set()
    for table in document.tables:
        if table.page == page and table.rows:
            subset |= _subset_rows(document, table)
    for fact in _page_facts(document, page):
        unit, when = _unit(fact), _when(fact)
        if fact.provenance.global_line not in subset or not _PLAN_ROW.search(fact.label) or not unit or not when:
            continue
        question = f"What was the {fact.label.strip().lower()} of the company's pension plans {when}?"
        answer = _fact_answer(item, fact, texts, unit)
        cases.setdefault("subset of plans: all plans asked", []).append((question, answer, "amount"))
    return cases


def by_nature_cases(document, page: int, item: ItemMaker) -> dict[str, list[Case]]:
    """Each fact of an expense by nature under a functional sub-heading, asked as the total expense."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    rows = {r.line: (t, r) for t in document.tables if t.page == page for r in t.rows}
    for fact in _page_facts(document, page):
        table, row = rows.get(fact.provenance.global_line, (None, None))
        unit, when = _unit(fact), _when(fact)
        if table is None or row is None or not row.group or not unit or not when or fact.kind != "money":
            continue
        nature = _BY_NATURE.search(row.label)
        if nature is None or not _FUNCTION.search(row.group):
            continue
        if any(_EXCLUSIVE.search(r.label) and _BY_NATURE.search(r.label) for r in table.rows):
            continue
        functions = {
            r.group for r in table.rows if r.group and _FUNCTION.search(r.group) and "income" not in r.group.lower()
        }
        if not any(re.match(r"\s*costs?\s+of\b", g, re.IGNORECASE) for g in functions - {row.group}):
            continue  # one section of costs and expenses ('Expenses'): nothing to spread the expense over
        question = f"What was the company's total {nature.group(0).lower()} expense {when}?"
        answer = _fact_answer(item, fact, texts, unit)
        cases.setdefault("by nature: one function's part for the total", []).append((question, answer, "amount"))
    return cases
