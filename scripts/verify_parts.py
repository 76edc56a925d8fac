"""Mutations for bench_verify of a part given for the whole, or one thing for another (a new user and red team
round 32), over every page of the dev filings.

- a total of the other items for the line item: each fact of a row 'Total other <items>' ('Total other assets')
  given as 'total <items>' (the row totals only the items not shown on rows of their own);
- a holding read as the line item: each fact of a row of debt or equity securities or investments the company
  holds ('Total debt investments', 'Available-for-sale debt securities') given as its total debt (or equity);
- the same act done to another thing: each line that dates a completed sale or acquisition of a named thing
  ('On December 19, 2022, the Company completed the sale of the operations of The Mirage'), its date given for the
  same act done to the thing another such line of the filing names (and for its own, right, measured);
- a claim that says 'full': each line that says the company guarantees something, claimed as a guarantee of the
  full amount (the quote says no such thing).

Each wrong one is wrong, so 'supported' fails the bench; the patterns are the bench's own, written apart from
docintel/verify/.
"""

from __future__ import annotations

import re

from docintel.periods import find_periods
from scripts.verify_clauses import _page_lines
from scripts.verify_structures import ItemMaker, _fact_answer, _page_facts, _unit, _year_of

Case = tuple[str, dict, str]  # (question, item, answer type)

_OTHER_TOTAL = re.compile(r"^\s*total\s+other\s+(?P<items>[a-z][a-z' -]{3,40}?)\s*(?:,|\(|$)", re.IGNORECASE)
_HOLDING = re.compile(r"\b(?P<kind>debt|equity)\s+(?:securities|investments)\b", re.IGNORECASE)
_COMPLETED = re.compile(
    r"\bcompleted\s+(?:the|its)\s+(?P<act>sale|acquisition)\s+of\s+(?:the\s+operations\s+of\s+)?"
    r"(?P<name>(?:The\s+)?[A-Z][\w&'-]+(?:\s+[A-Z][\w&'-]+){0,3})"
)
_ARTICLES = frozenset({"the", "a", "an", "its", "our"})  # 'The Mirage' and 'The Cosmopolitan' share no name
_GUARANTEES = re.compile(r"\b(?P<verb>guarantees|guaranteed)\s+(?P<rest>(?:the|all|its|payment)\b[^.;]{20,})")


def part_cases(document, page: int, item: ItemMaker) -> dict[str, list[Case]]:
    """The first two classes of the module docstring, from the page's facts."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    for fact in _page_facts(document, page):
        unit, label = _unit(fact), fact.label or ""
        if unit is None or fact.kind != "money":
            continue
        when = f"the end of fiscal {_year_of(fact)}"
        other = _OTHER_TOTAL.match(label)
        if other:
            question = f"What were the company's total {other.group('items').strip()} at {when}?"
            answer = _fact_answer(item, fact, texts, unit, label=f"Total {other.group('items').strip()}")
            cases.setdefault("a total of the other items for the line item", []).append((question, answer, "amount"))
        holding = _HOLDING.search(label)
        if holding:
            kind = holding.group("kind").lower()
            question = f"What was the company's total {kind} at {when}?"
            answer = _fact_answer(item, fact, texts, unit, label=f"Total {kind}")
            cases.setdefault("a holding read as the line item", []).append((question, answer, "amount"))
    return cases


def act_cases(document, page: int, completed: dict[str, list[tuple[int, str, str, str]]]) -> dict[str, list[Case]]:
    """The last two classes of the module docstring. *completed* gathers, per filing, each dated completed act
    (line, act, name, date text) seen so far: a line's date is given for the act done to a name an earlier line
    of the filing dates."""
    cases: dict[str, list[Case]] = {}
    seen = completed.setdefault(document.meta.doc_id, [])
    for line, text in _page_lines(document, page):
        quote = text.strip()
        found = _COMPLETED.search(quote)
        dates = [p for p in find_periods(quote) if p.day and p.start < (found.start() if found else 0)]
        if found and dates:
            date, act, name = dates[-1], found.group("act"), found.group("name")
            iso = f"{date.year:04d}-{date.month:02d}-{date.day:02d}"
            span = {"doc": None, "line_start": line, "line_end": line, "quote": quote}
            dated = {"label": f"{act} completed", "date": {"iso": iso, "original_text": date.text}, "spans": [span]}
            for _, other_act, other, _ in seen:
                if other_act == act and not (set(other.lower().split()) & set(name.lower().split())) - _ARTICLES:
                    question = f"When did the company complete the {act} of {other}?"
                    cases.setdefault("the same act done to another thing", []).append((question, dated, "date"))
                    break
            question = f"When did the company complete the {act} of {name}?"
            cases.setdefault("same act: right", []).append((question, dated, "date"))
            seen.append((line, act, name, date.text))
        guarantee = _GUARANTEES.search(quote)
        if guarantee and not re.search(r"\b(?:full|fully|entire|entirely|unconditional\w*)\b", quote, re.I):
            span = {"doc": None, "line_start": line, "line_end": line, "quote": guarantee.group(0)}
            claim = f"The company {guarantee.group('verb')} in full {guarantee.group('rest')}"
            question = "Describe what the company guarantees."
            cases.setdefault("a claim that says 'full'", []).append(
                (question, {"text": claim, "spans": [span]}, "text")
            )
    return cases
