"""Whether cited lines are about the question at all (a shared term or concept), and whether every number a text
claim writes is printed in its quotes."""

from __future__ import annotations

from dataclasses import replace

from ..concepts import concepts_in, same_concept
from ..numbers import WORD_NUMBERS, find_numbers
from ..question.acronyms import spelled_terms
from ..question.pages import parse_page_hints
from ..question.parse import search_text, topic_phrases
from ..textnorm import tokenize
from .issuer import issuer_terms
from .values import CitedSpan, PlainCheck, cited_lines


def text_numbers_check(text: str, spans: list[CitedSpan]) -> tuple[PlainCheck, str]:
    """Every number, percentage and date in *text* is in its quotes, with the same value, kind and sign."""
    written = find_numbers(text)
    if not written:
        return "not_applicable", ""
    quoted = [n for s in spans for n in find_numbers(s.span.quote)]
    # '$2.0 billion (11%)': in prose a figure in parentheses is an aside, not a negative (its words give the direction)
    unsigned = [replace(n, value=-n.value) if n.text.lstrip().startswith("(") and n.value < 0 else n for n in written]
    missing = [
        n.text
        for n, u in zip(written, unsigned, strict=True)
        if not any(_same_number(x, q) for q in quoted for x in (n, u))
    ]
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


# a number written as a word names how many, not what: 'five largest suppliers' shares nothing with 'Five-Year'
_COUNTS = frozenset(tokenize(" ".join(WORD_NUMBERS)))


def relevance_check(question: str, spans: list[CitedSpan]) -> tuple[PlainCheck, str]:
    """The cited lines share a concept or a content word with the question (its company's name aside)."""
    if not question.strip() or parse_page_hints(question) or not spans:
        return "not_applicable", ""
    asking = search_text(question)
    terms = {t for t in tokenize(asking) if not t[:1].isdigit()} - issuer_terms(spans) - _COUNTS
    if not terms:
        return "not_applicable", ""
    quotes = " ".join(cited_lines(s) for s in spans)
    shared = terms & (set(tokenize(quotes)) | set(spelled_terms(asking, [quotes])))  # 'CEO': 'Chief Executive ...'
    # a reader's word for what the filing calls in a phrase ('headquartered': 'principal executive offices'); a
    # one-word search aid ('refund': 'return') is too loose to make a quote relevant
    quoted = set(tokenize(quotes))
    shared |= {p for p in topic_phrases(asking) if len(set(tokenize(p))) > 1 and set(tokenize(p)) <= quoted}
    if shared or same_concept(concepts_in(asking).concepts, concepts_in(quotes).concepts):
        return "supported", ""
    named = ", ".join(f"'{t}'" for t in sorted(terms)[:6])
    return "mismatch", f"the quotes share no term or concept with the question ({named})"
