"""Mutations for bench_verify of what a quote is said of (red team round 29), over every page of the dev filings.

- a permission read as the act: each line that says an adoption is permitted ('with early adoption permitted') or
  only to come ('We will adopt this ASU beginning in Q1 2018') answers 'Did the company early adopt the ASU (the new
  accounting standard)?' yes;
- a sentence about another party claimed of the company: each line that opens with a name and a verb ('Intel
  Corporation has been the market share leader ...') quoted from the verb on and claimed of 'The company' (right,
  measured: the sentence claimed of its own subject, quoted whole);
- a consequence no quote draws: each such sentence claimed whole, with ', so the company wrote off the related
  goodwill' added;
- a balance row given as another balance: each row of a table that names only a balance ('Balance at end of year',
  'Ending balance') given as the balance of a line item the lines above it never name (cash, inventories, goodwill,
  accounts receivable, long-term debt: the first balance sheet captions of US GAAP's Regulation S-X 5-02 that are
  not said there).

Each is wrong, so 'supported' fails the bench; the patterns are the bench's own, written apart from docintel/verify/.
"""

from __future__ import annotations

import re

from docintel.textnorm import tokenize
from scripts.verify_clauses import _page_lines
from scripts.verify_structures import ItemMaker, _fact_answer, _page_facts, _unit, _year_of

Case = tuple[str, dict, str]  # (question, item, answer type)

_PERMITTED = re.compile(
    r"\badoption\s+(?:is\s+)?permitted\b|\b(?:will|plans?\s+to|intends?\s+to|may\s+elect\s+to)\s+(?:early\s+)?adopt\b",
    re.IGNORECASE,
)
_STANDARD = re.compile(r"\bASU\b|\bstandards?\b|\bguidance\b", re.IGNORECASE)  # of an accounting standard
_DONE = re.compile(r"\b(?:early\s+)?adopted\b", re.IGNORECASE)
_OPENS_WITH_NAME = re.compile(
    r"^(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2}(?:\s+(?:Corporation|Inc\.|Company))?)\s+"
    r"(?P<rest>(?:has|is|was|had)\s+[a-z][^.;]{30,}[.;])"
)
_SELF = frozenset(tokenize("the company corporation we our this these that it its management board"))
# no party: expletives, pronouns (who 'He' is, the line does not say), the filing's own words
_NO_PARTY = frozenset("It There Here This That These Those Such Each All We He She They".split())
_DOCUMENT = frozenset(tokenize("annual report form statements consolidated"))
_BALANCE_ROW = re.compile(
    r"^\s*(?:balance\s*,?\s*(?:at\s+)?(?:the\s+)?end\s+of\s+(?:the\s+)?(?:year|period)|ending\s+balance)\b", re.I
)
_BALANCES = ("cash", "inventories", "goodwill", "accounts receivable", "long-term debt")


def permission_cases(document, page: int) -> dict[str, list[Case]]:
    """Each line that permits an adoption or tells one to come, and tells none done, answering yes to 'Did the
    company early adopt'."""
    cases: dict[str, list[Case]] = {}
    for line, text in _page_lines(document, page):
        if not _PERMITTED.search(text) or _DONE.search(text) or not _STANDARD.search(text):
            continue
        span = {"doc": None, "line_start": line, "line_end": line, "quote": text.strip()}
        item = {"value": True, "explanation": "yes", "spans": [span]}
        question = "Did the company early adopt the ASU (the new accounting standard)?"
        cases.setdefault("a permission read as the adoption", []).append((question, item, "boolean"))
    return cases


def lead_subject_cases(document, page: int) -> dict[str, list[Case]]:
    """Each line that opens with another party's name and a verb: claimed of the company from the verb on (wrong),
    with a consequence no quote draws (wrong), and of its own subject, quoted whole (right)."""
    issuer = set(tokenize(document.meta.profile.issuer.value or ""))
    cases: dict[str, list[Case]] = {}
    for line, text in _page_lines(document, page):
        found = _OPENS_WITH_NAME.match(text.strip())
        named = set(tokenize(found.group("name"))) if found else set()
        if found is None or found.group("name") in _NO_PARTY or not named or named & (issuer | _SELF | _DOCUMENT):
            continue
        name, rest = found.group("name"), found.group("rest")
        question = f"Describe what the filing says about who {' '.join(rest.split()[:8])}."
        whole = {"doc": None, "line_start": line, "line_end": line, "quote": f"{name} {rest}"}
        cut = {**whole, "quote": rest}
        drawn = f"{name} {rest[:-1]}, so the company wrote off the related goodwill."
        for kind, claim, span in (
            ("another party's sentence claimed of the company", f"The company {rest}", cut),
            ("a consequence no quote draws", drawn, whole),
            ("lead subject: right", f"{name} {rest}", whole),
        ):
            cases.setdefault(kind, []).append((question, {"text": claim, "spans": [span]}, "text"))
    return cases


def balance_row_cases(document, page: int, item: ItemMaker) -> dict[str, list[Case]]:
    """Each fact of a row that names only a balance, given as the balance of a line item the 15 lines above it
    never name."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    for fact in _page_facts(document, page):
        line, unit = fact.provenance.global_line, _unit(fact)
        if unit is None or fact.kind != "money" or not _BALANCE_ROW.match(texts[line - 1]):
            continue
        above = set(tokenize(" ".join(str(t) for t in texts[max(0, line - 16) : line])))
        other = next((b for b in _BALANCES if not set(tokenize(b)) & above), None)
        if other is None:
            continue
        question = f"What was the company's {other} balance at the end of fiscal {_year_of(fact)}?"
        answer = _fact_answer(item, fact, texts, unit, label=f"{other.capitalize()} balance")
        cases.setdefault("a balance row given as another balance", []).append((question, answer, "amount"))
    return cases
