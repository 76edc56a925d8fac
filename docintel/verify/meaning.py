"""Is the cited figure about what was asked? Concept, kind and sign checks; numbers and relevance of text.

A quote that exists and holds the stated number is not yet an answer: the row it comes from must be
the line item the question and the item name (``concepts``), the number must be of the kind the
item states (money, percent, per share, count), and of the sign the document prints. A text item's
numbers must be its quotes' numbers, and its quotes must be about the question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..concepts import (
    NEUTRAL,
    ConceptMatch,
    concepts_in,
    is_outflow,
    label_of,
    narrowing_terms,
    same_concept,
)
from ..numbers import find_numbers
from ..question.parse import parse_page_hints, search_text
from ..textnorm import tokenize
from .values import Candidate, CitedSpan, ConceptCheck, PlainCheck

_LOSS_WORDS = frozenset(tokenize("loss losses deficit decrease decreased decline declined outflow used deficiency"))
_CLAUSE_END = re.compile(r"[.;:()\[\]]|,\s(?=[a-z])|\s[–—-]\s")


@dataclass(frozen=True)
class Asked:
    """What the question and the item ask for: their concepts and their search terms."""

    question: str
    label: str
    concepts: frozenset[str]
    terms: frozenset[str]

    @property
    def named(self) -> str:
        """The asked concepts in words ('Capital expenditures')."""
        return " or ".join(sorted(label_of(c) for c in self.concepts)) or "what was asked"


def asked_for(question: str, label: str = "") -> Asked:
    """The concepts and terms of *question* (its asking words, not its instructions) and an item's *label*."""
    asking = search_text(question)
    concepts = concepts_in(asking).concepts | concepts_in(label).concepts
    return Asked(question, label, concepts, frozenset(tokenize(f"{asking} {label}")))


def _content(terms: tuple[str, ...] | list[str]) -> set[str]:
    """The terms that say what a label is about: neutral words aside, unless it has nothing else
    ('Other expense, net')."""
    words = {t for t in terms if not t[:1].isdigit()}
    return {t for t in words if t not in NEUTRAL} or words


@dataclass(frozen=True)
class Evidence:
    """What the number is about: its row label (with the sub-heading) or the clause around it in prose."""

    text: str
    concepts: frozenset[str]
    terms: tuple[str, ...]  # the terms no wording explains
    narrowing_text: str  # where qualifiers are read: the label and its sub-heading
    row: bool


def evidence_of(candidate: Candidate) -> Evidence:
    """The row (or clause) a candidate number belongs to, with its concepts."""
    if candidate.row_label is not None:
        group = (candidate.row_group or "").strip()
        found = concepts_in(candidate.row_label)
        text = candidate.row_label
        if not found.concepts and group:  # 'Diluted' under 'Earnings per share:'
            joined = concepts_in(f"{group} {candidate.row_label}")
            found = ConceptMatch(joined.concepts - concepts_in(group).concepts or joined.concepts, found.leftover)
            text = f"{group} {candidate.row_label}"
        grouped = concepts_in(group)
        narrowing = f"{candidate.row_label} {' '.join(grouped.leftover)}"
        return Evidence(text, found.concepts, found.leftover, narrowing, True)
    clause = _clause(candidate.sentence, candidate.printed)
    found = concepts_in(clause)
    return Evidence(clause.strip(), found.concepts, found.leftover, clause, False)


def _clause(sentence: str, printed: str) -> str:
    """The words before a number back to a clause boundary; the words after it when none come before."""
    at = sentence.find(printed)
    if at < 0:
        return sentence
    before = sentence[:at]
    cut = [m.end() for m in _CLAUSE_END.finditer(before)]
    head = before[cut[-1] :] if cut else before
    if re.search(r"[A-Za-z]{3,}", head):
        return head
    after = sentence[at + len(printed) :]
    stop = _CLAUSE_END.search(after)
    return after[: stop.start()] if stop else after


def concept_check(asked: Asked, candidate: Candidate) -> tuple[ConceptCheck, str]:
    """Whether the candidate's row (or clause) names the concept asked for, and the detail in words."""
    evidence = evidence_of(candidate)
    where = f"the cited row is '{evidence.text}'" if evidence.row else f"the number is about '{evidence.text}'"
    narrow = narrowing_terms(concepts_in(evidence.narrowing_text), asked.terms)
    if evidence.concepts and asked.concepts:
        if not same_concept(evidence.concepts, asked.concepts):
            return "mismatch", f"{where} ({_names(evidence.concepts)}), not {asked.named}"
        if narrow:
            return "mismatch", f"{where}: narrower than asked ({', '.join(narrow)} not asked)"
        return "supported", f"{where} ({_names(evidence.concepts)})"
    own = _content(evidence.terms)
    shared = own & asked.terms
    if own and 2 * len(shared) >= len(own) and not narrow:  # most of the label is the question's own words
        return "supported", f"{where}, in the question's own words"
    if asked.concepts and own and not own & asked.terms:
        return "mismatch", f"{where}, not {asked.named}"
    if not asked.concepts:
        return "unknown", f"{where}; the question names no line item docintel knows, so the concept is not checked"
    return "unknown", f"{where}, which docintel cannot match to {asked.named}"


def _names(concepts: frozenset[str]) -> str:
    return ", ".join(sorted(label_of(c) for c in concepts))


def kind_fits(unit: str | None, currency: str | None, candidate: Candidate) -> bool:
    """Whether a number of the candidate's kind can be stated with this unit and currency."""
    kind = candidate.kind
    if unit == "percent":
        return kind == "percent"
    if kind == "percent":
        return unit in ("ratio", "other")
    if currency and kind in ("count", "shares"):
        return False
    if unit in ("thousands", "millions", "billions"):
        return kind in ("money", "shares", "number")
    if unit == "per_share":
        return kind in ("per_share", "number") or (kind == "money" and (candidate.scale or 1.0) == 1.0)
    if unit == "count":
        return kind in ("count", "shares", "number")
    if kind == "per_share":
        return unit in ("units", "other", None)
    return True


_KIND_WORDS = {
    "percent": "a percentage",
    "per_share": "a per-share figure",
    "count": "a count",
    "shares": "a number of shares",
    "money": "money",
    "number": "a number",
}


def kind_detail(unit: str | None, candidate: Candidate) -> str:
    """'54.7% is a percentage in the document, not millions'."""
    return f"{candidate.printed} is {_KIND_WORDS.get(candidate.kind, candidate.kind)} in the document, not {unit}"


def sign_check(value: float, candidate: Candidate, asked: Asked) -> tuple[PlainCheck, str]:
    """The stated sign against the printed one: an outflow's label may state its magnitude."""
    if candidate.value == 0 or (candidate.value < 0) == (value < 0):
        return "supported", ""
    evidence = evidence_of(candidate)
    if value > 0 and is_outflow(asked.concepts | evidence.concepts):
        return "supported", f"{candidate.printed} is an outflow; its label ({asked.named}) states the magnitude"
    # 'Net loss 109.8' states a loss; 'Net income (loss) 109.8' and 'Net increase (decrease)' let the print decide
    if value < 0 and _LOSS_WORDS & set(tokenize(re.sub(r"\([^)]*\)", " ", evidence.text))):
        return "supported", f"{candidate.printed} is printed as a loss or decrease; stated as a negative"
    printed = "a negative" if candidate.value < 0 else "a positive"
    return "mismatch", f"the document prints {candidate.printed}, {printed}; the item states {value:,.6g}"


# ------------------------------------------------------------------------------ text items


def text_numbers_check(text: str, spans: list[CitedSpan]) -> tuple[PlainCheck, str]:
    """Every number, percentage and date in *text* is in its quotes, with the same value, kind and sign."""
    written = find_numbers(text)
    if not written:
        return "not_applicable", ""
    quoted = [n for s in spans for n in find_numbers(s.span.quote)]
    missing = [n.text for n in written if not any(_same_number(n, q) for q in quoted)]
    if not missing:
        return "supported", "every number of the text is in its quotes"
    holds = ", ".join(q.text for q in quoted[:6]) or "no number"
    return "mismatch", f"{', '.join(missing)} not in its quotes, which hold {holds}"


def _same_number(a: object, b: object) -> bool:
    av, bv = getattr(a, "value", 0.0), getattr(b, "value", 0.0)
    if getattr(a, "percent", False) != getattr(b, "percent", False):
        return False
    scaled = (av * (getattr(a, "scale", None) or 1.0), bv * (getattr(b, "scale", None) or 1.0))
    return bool(av == bv or abs(scaled[0] - scaled[1]) <= 1e-9 * max(abs(scaled[0]), 1.0))


def _cited_lines(cited: CitedSpan) -> str:
    """The text of the lines a span cites (its quote is verified to be in them)."""
    texts = cited.document.lines["text"].tolist()
    return " ".join(str(t) for t in texts[max(cited.span.line_start - 1, 0) : cited.span.line_end]) or cited.span.quote


def relevance_check(question: str, spans: list[CitedSpan]) -> tuple[PlainCheck, str]:
    """The cited lines share a concept or a content word with the question (its company's name aside)."""
    if not question.strip() or parse_page_hints(question) or not spans:
        return "not_applicable", ""
    issuer_terms: set[str] = set()
    for s in spans:
        issuer = s.document.meta.profile.issuer.value if s.document.meta.profile else None
        issuer_terms |= set(tokenize(issuer or ""))
    asking = search_text(question)
    terms = {t for t in tokenize(asking) if not t[:1].isdigit()} - issuer_terms
    if not terms:
        return "not_applicable", ""
    quotes = " ".join(_cited_lines(s) for s in spans)
    shared = terms & set(tokenize(quotes))
    if shared or same_concept(concepts_in(asking).concepts, concepts_in(quotes).concepts):
        return "supported", ""
    named = ", ".join(f"'{t}'" for t in sorted(terms)[:6])
    return "mismatch", f"the quotes share no term or concept with the question ({named})"
