"""The domain table: line items, their wordings, statement, captions and taxonomy element, each with its source.

The data is ``table.toml`` beside this module (read once, validated, frozen); every rule that reads a line item's
words (the concept matcher in ``docintel.concepts``, the question parser's synonyms and section hints, retrieval's
section headings and statement pages, the statement finder's captions, the fact reader, the verifier) reads them
from here, and ``tests/test_domain.py`` fails when a module restates one of the table's wordings in its own code.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, cast

StatementKind = Literal["income", "comprehensive_income", "balance_sheet", "cash_flows", "equity"]
STATEMENT_KINDS: tuple[StatementKind, ...] = ("income", "comprehensive_income", "balance_sheet", "cash_flows", "equity")
TABLE_PATH = Path(__file__).with_name("table.toml")
Search = tuple[tuple[str, tuple[str, ...]], ...]  # (a wording, the phrases a search for it adds)
_KINDS = frozenset({"money", "per_share", "count", "percent", "ratio", "days"})


@dataclass(frozen=True)
class LineItem:
    """One financial-statement line item: its wordings (the label first), statement(s) and taxonomy element."""

    id: str
    label: str
    kind: str  # money | per_share | count
    element: str  # the US GAAP taxonomy element ('ratio' for a measure computed from others)
    statements: tuple[StatementKind, ...]
    wordings: tuple[str, ...]
    taxonomy_labels: tuple[str, ...]  # further standard labels, read only where their words stand together
    search: Search  # a wording of the row -> the further phrases a search adds when a question says it
    outflow: bool
    magnitude: bool
    sources: tuple[str, ...]


@dataclass(frozen=True)
class RatioRow:
    """One standard ratio or defined measure: its wordings (the label first) and formulas as written."""

    id: str
    label: str
    kind: str
    formulas: tuple[str, ...]  # 'numerators / denominators [* days]', '-' before a concept subtracting it
    averaged: bool
    statements: tuple[StatementKind, ...]  # where its operands are presented, when all on one statement
    wordings: tuple[str, ...]
    search: Search
    sources: tuple[str, ...]


@dataclass(frozen=True)
class StatementRow:
    """A primary statement: its section name and the patterns of a question, a heading and a caption naming it."""

    kind: StatementKind
    section: str
    question: str
    heading: str
    caption: str
    squashed: str
    sources: tuple[str, ...]
    row: str = ""  # a row label only this statement prints (regex; '' when none is told)


@dataclass(frozen=True)
class SectionRow:
    """Another part of a filing a question may name (risk factors, MD&A)."""

    name: str
    question: str
    heading: str
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Topic:
    """A reading aid: a phrase a question may use for something no line item is, and what a search adds for it."""

    phrase: str
    search: tuple[str, ...]
    section: str | None
    sources: tuple[str, ...]


@dataclass(frozen=True)
class DomainTable:
    """The whole table, as loaded from ``table.toml``."""

    sources: dict[str, str]
    line_items: tuple[LineItem, ...]
    ratios: tuple[RatioRow, ...]
    statements: tuple[StatementRow, ...]
    sections: tuple[SectionRow, ...]
    topics: tuple[Topic, ...]
    qualifiers: str  # words that narrow a line item to a part of it
    neutral: str  # words a row label may carry beyond a wording without narrowing it
    changes_item: str  # words that make a row label another line item than the wording it holds
    measurement_attributes: tuple[tuple[str, ...], ...] = ()  # fair value, carrying amount, notional ... (phrases)
    terms_of_art: tuple[str, ...] = ()  # 'projected benefit obligation': an outlook word naming today's figure
    assumed_attributes: tuple[str, ...] = ()  # attributes a question must name: 'expected return' is no actual return
    implicit_attributes: tuple[str, ...] = ()  # attributes a figure may hold without naming them: 'after-tax' income
    expenses_by_nature: tuple[str, ...] = ()  # 'amortization': spread over functions (IAS 1.104)

    def without_terms_of_art(self, text: str) -> str:
        """*text* with the terms of art that hold an outlook word taken out ('projected benefit obligation')."""
        return _terms_of_art(self.terms_of_art).sub(" ", text)

    def item(self, cid: str) -> LineItem:
        """The line item with id *cid*."""
        return next(i for i in self.line_items if i.id == cid)

    def statement(self, kind: StatementKind) -> StatementRow:
        """The row of a statement kind."""
        return next(s for s in self.statements if s.kind == kind)

    def section_of(self, kind: StatementKind) -> str:
        """The section name of a statement kind ('cash_flows' -> 'cash flow statement')."""
        return self.statement(kind).section

    def section_patterns(self) -> dict[str, tuple[str, str]]:
        """Each section's name -> (pattern of a question naming it, pattern of a heading naming it); the
        statements first."""
        named = {s.section: (s.question, s.heading) for s in self.statements}
        return named | {s.name: (s.question, s.heading) for s in self.sections}

    def short_forms(self, *ids: str) -> str:
        """A regex alternation of the one-word wordings of line items ('eps'; 'revenue|revenues|sales|turnover'),
        for a pattern that reads a line item's word in a phrase ('% of sales', 'per share or EPS')."""
        words = [w for cid in ids for w in self.item(cid).wordings if re.fullmatch(r"[a-z]+", w)]
        return "|".join(dict.fromkeys(words))

    def wordings(self) -> frozenset[str]:
        """What names a line item or ratio (lower case): every label, wording and taxonomy label, and every search
        phrase of more than one word (a topic's reading aids are no line item's words)."""
        words: set[str] = set()
        for item in self.line_items:
            words |= {*item.wordings, *item.taxonomy_labels, *_phrases(item.search)}
        for ratio in self.ratios:
            words |= {*ratio.wordings, *_phrases(ratio.search)}
        return frozenset(w.lower() for w in words)


def _phrases(search: Search) -> set[str]:
    """The search phrases of more than one word (a single word such as 'diluted' or 'dividends' is no wording)."""
    return {p for _, added in search for p in added if " " in p}


def _search(row: dict[str, Any], wordings: tuple[str, ...]) -> Search:
    """The row's [*.search] sub-table: each key a wording of the row (or its singular)."""
    found = row.get("search", {})
    if not isinstance(found, dict) or any(k not in wordings and f"{k}s" not in wordings for k in found):
        raise ValueError(f"{TABLE_PATH.name}: a search key of {row['id']} is not one of its wordings")
    return tuple((key, _strings(found, key)) for key in found)


def _strings(row: dict[str, Any], key: str) -> tuple[str, ...]:
    value = row.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{TABLE_PATH.name}: {key!r} of {row.get('id') or row.get('name') or row} is not a list")
    return tuple(value)


def _sources(row: dict[str, Any], known: dict[str, str], key: str = "source") -> tuple[str, ...]:
    sources = _strings(row, key)
    unknown = [s for s in sources if s not in known]
    if not sources or unknown:
        raise ValueError(f"{TABLE_PATH.name}: {row.get('id') or row.get('name') or key} names no known source")
    return sources


def _statements(row: dict[str, Any]) -> tuple[StatementKind, ...]:
    kinds = _strings(row, "statement")
    if any(k not in STATEMENT_KINDS for k in kinds):
        raise ValueError(f"{TABLE_PATH.name}: {row['id']} names a statement that is none of {STATEMENT_KINDS}")
    return cast(tuple[StatementKind, ...], kinds)


def _line_item(row: dict[str, Any], known: dict[str, str]) -> LineItem:
    if row["kind"] not in _KINDS or row.get("sign") not in (None, "outflow", "magnitude"):
        raise ValueError(f"{TABLE_PATH.name}: {row['id']} has an unknown kind or sign")
    return LineItem(
        id=row["id"],
        label=row["label"],
        kind=row["kind"],
        element=row["element"],
        statements=_statements(row),
        wordings=(wordings := (row["label"].lower(), *_strings(row, "wordings"))),
        taxonomy_labels=_strings(row, "taxonomy_labels"),
        search=_search(row, wordings),
        outflow=row.get("sign") == "outflow",
        magnitude=row.get("sign") == "magnitude",
        sources=_sources(row, known),
    )


def _ratio(row: dict[str, Any], known: dict[str, str], items: frozenset[str]) -> RatioRow:
    formulas = _strings(row, "formulas")
    operands = {n.strip().lstrip("-") for f in formulas for n in re.split(r"[,/]", f.replace("* days", ""))}
    if row["kind"] not in _KINDS or not formulas or operands - {""} - items:
        raise ValueError(f"{TABLE_PATH.name}: ratio {row['id']} has an unknown kind or operand")
    return RatioRow(
        id=row["id"],
        label=row["label"],
        kind=row["kind"],
        formulas=formulas,
        averaged=bool(row.get("averaged", False)),
        statements=_statements(row),
        wordings=(wordings := (row["label"].lower(), *_strings(row, "wordings"))),
        search=_search(row, wordings),
        sources=_sources(row, known),
    )


def _statement(row: dict[str, Any], known: dict[str, str]) -> StatementRow:
    if row["kind"] not in STATEMENT_KINDS:
        raise ValueError(f"{TABLE_PATH.name}: statement {row['kind']!r} is none of {STATEMENT_KINDS}")
    for key in ("question", "heading", "caption", "squashed"):
        re.compile(row[key])  # a broken pattern fails here, at load, not at the first question
    return StatementRow(
        row["kind"],
        row["section"],
        row["question"],
        row["heading"],
        row["caption"],
        row["squashed"],
        _sources(row, known),
        re.compile(row.get("row", "")).pattern,
    )


def _section(row: dict[str, Any], known: dict[str, str]) -> SectionRow:
    for key in ("question", "heading"):
        re.compile(row[key])
    return SectionRow(row["name"], row["question"], row["heading"], _sources(row, known))


def load(path: Path = TABLE_PATH) -> DomainTable:
    """The table at *path*, validated: known sources, statements and kinds, unique ids, patterns that compile."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    known: dict[str, str] = data["sources"]
    items = tuple(_line_item(row, known) for row in data["line_item"])
    ids = [i.id for i in items]
    ratios = tuple(_ratio(row, known, frozenset(ids)) for row in data["ratio"])
    ids += [r.id for r in ratios]
    if len(ids) != len(set(ids)):
        raise ValueError(f"{path.name}: an id is given twice: {sorted({i for i in ids if ids.count(i) > 1})}")
    statements = tuple(_statement(row, known) for row in data["statement"])
    if sorted(s.kind for s in statements) != sorted(STATEMENT_KINDS):
        raise ValueError(f"{path.name}: the statements are not one row each of {STATEMENT_KINDS}")
    sections = tuple(_section(row, known) for row in data["section"])
    names = {s.section for s in statements} | {s.name for s in sections}
    topics = tuple(
        Topic(row["phrase"], _strings(row, "search"), row.get("section"), _sources(row, known)) for row in data["topic"]
    )
    if any(t.section is not None and t.section not in names for t in topics):
        raise ValueError(f"{path.name}: a topic names a section the table does not hold")
    words = data["words"]
    for key in (
        "qualifiers",
        "neutral",
        "changes_item",
        "measurement_attributes",
        "terms_of_art",
        "assumed_attributes",
        "expenses_by_nature",
    ):
        _sources(words, known, f"{key}_source")
    attributes = tuple(tuple(str(w).lower() for w in group) for group in words["measurement_attributes"])
    return DomainTable(
        known,
        items,
        ratios,
        statements,
        sections,
        topics,
        words["qualifiers"],
        words["neutral"],
        words["changes_item"],
        attributes,
        tuple(str(w).lower() for w in words["terms_of_art"]),
        tuple(str(w).lower() for w in words["assumed_attributes"]),
        tuple(str(w).lower() for w in words["implicit_attributes"]),
        tuple(str(w).lower() for w in words["expenses_by_nature"]),
    )


@lru_cache(maxsize=4)
def _terms_of_art(phrases: tuple[str, ...]) -> re.Pattern[str]:
    longest = sorted(phrases, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(p).replace(r"\ ", r"[\s-]+") for p in longest) + r")\b", re.I)


@lru_cache(maxsize=1)
def table() -> DomainTable:
    """The domain table, loaded once."""
    return load()
