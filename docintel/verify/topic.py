"""What a text claim is about, said in its quotes: 'The First Republic bargain purchase gain was booked in the CCB
segment' for 'Which segment was the bargain purchase gain booked in?' needs a quote that says the gain (or its
booking), not one about asset management fees that names First Republic and CCB."""

from __future__ import annotations

import re

from ..question.acronyms import spelled_terms
from ..question.parse import search_text, topic_phrases
from ..textnorm import tokenize
from .rules import FieldCheck
from .values import CitedSpan, cited_lines

# words of a question that ask, not name a topic ('What is the name of ...', 'Which business segment ...')
_ASKING = frozenset(
    tokenize(
        "name named type kind company business segment segments part parts main primary primarily reason reasons "
        "driver drivers fiscal year years quarter quarters month months period"
    )
)


def topic_rule(question: str, text: str, spans: list[CitedSpan], ignore: frozenset[str]) -> FieldCheck:
    """`about` `unknown` when the claim repeats two common words of the question or more (its topic: 'bargain
    purchase gain booked') and its quotes say no common word of the question, nor a phrase a reader would use for
    one ('auditor': 'registered public accounting firm'); proper names ('First Republic') are left out, as a quote
    about another thing of the same name shares them."""
    asking = search_text(question)
    common = {t for w in asking.split() if w[:1].islower() for t in tokenize(w)} - _ASKING - ignore
    claimed = common & set(tokenize(text))
    if len(claimed) < 2 or not spans:
        return FieldCheck(field="about", verdict="not_applicable")
    quotes = " ".join(cited_lines(s) for s in spans)
    quoted = set(tokenize(quotes)) | set(spelled_terms(asking, [quotes]))  # 'CFO' asked: 'Chief Financial Officer'
    if _initialed(asking, quotes):  # 'chief financial officer' asked: 'our CFO'
        return FieldCheck(field="about", verdict="not_applicable")

    if common & quoted or any(set(tokenize(p)) <= quoted for p in topic_phrases(asking)):
        return FieldCheck(field="about", verdict="not_applicable")
    words = ", ".join(dict.fromkeys(w.strip("?.,;:'\"") for w in asking.split() if set(tokenize(w)) & claimed))
    detail = f"about: the quotes say none of '{words}', which the claim is about"
    return FieldCheck(field="about", verdict="unknown", detail=detail)


def _initialed(asking: str, quotes: str) -> bool:
    """Whether the quotes print the initials of two to five consecutive words of the question ('CFO')."""
    acronyms = set(re.findall(r"\b[A-Z]{2,5}\b", quotes))
    words = re.findall(r"[A-Za-z]+", asking)
    return any(
        "".join(w[0] for w in words[i : i + n]).upper() in acronyms
        for n in range(2, 6)
        for i in range(len(words) - n + 1)
    )
