"""A row named by a term the filing defines. A filing names a thing once in full and then by a defined term:
'... a $500 million secured revolving credit facility ... (the “Credit Facility”)', '... our unsecured revolving
credit facility (the “Credit Agreement”)'. A row 'Credit Facility' is what its definition says, not whatever its two
words could mean: it does not answer a question about the unsecured revolving credit facility, which the filing
calls the Credit Agreement. Read: each '(the “Term”)' of the document, defined by its sentence up to the
parenthesis (general English of contracts and filings: 'the “X”', 'collectively, the “X”', 'each, a “X”')."""

from __future__ import annotations

import re

from ..ingest.documents import Document
from ..periods import MONTHS
from ..textnorm import tokenize
from .claims import check_field, content_words
from .rules import FieldCheck
from .values import Candidate
from .wording import surface_words

_DEFINES = re.compile(
    r"\((?:the\s+|(?:collectively|together|each)(?:,)?\s+(?:the\s+|an?\s+)?|hereinafter\s+(?:the\s+)?)?"
    r"[“\"](?P<term>[A-Z][^”\"()]{1,60}?)[”\"]\)"
)
_SENTENCE_START = re.compile(r"[.!?;]\s+(?=[A-Z(“\"])")
_MAX_DEFINITION = 400  # characters of a sentence before its parenthesis read as the definition
_NOT_DEFINING = frozenset(tokenize(" ".join(MONTHS)))
_DEFINITIONS: dict[str, dict[tuple[str, ...], tuple[str, frozenset[str]]]] = {}


def definitions(document: Document) -> dict[tuple[str, ...], tuple[str, frozenset[str]]]:
    """Each term the document defines (by its terms): the term as printed, and the content terms of its defining
    sentences and its own (read once per document)."""
    key = document.meta.content_hash
    if key not in _DEFINITIONS:
        if len(_DEFINITIONS) > 16:
            _DEFINITIONS.clear()
        _DEFINITIONS[key] = _read_definitions(document)
    return _DEFINITIONS[key]


def _read_definitions(document: Document) -> dict[tuple[str, ...], tuple[str, frozenset[str]]]:
    found: dict[tuple[str, ...], set[str]] = {}
    printed: dict[tuple[str, ...], str] = {}
    lines = document.lines
    for _, page in lines.groupby("page", sort=False):
        text = " ".join(" ".join(str(t) for t in page["text"]).split())
        previous = 0  # a sentence that defines two terms defines the second by the words after the first
        for match in _DEFINES.finditer(text):
            term = tuple(tokenize(match["term"]))
            before = text[max(previous, match.start() - _MAX_DEFINITION) : match.start()]
            previous = match.end()
            if not term:
                continue
            starts = list(_SENTENCE_START.finditer(before))
            sentence = before[starts[-1].end() :] if starts else before
            words = content_words(sentence) - _NOT_DEFINING
            found.setdefault(term, set(term)).update(words)
            printed.setdefault(term, match["term"])
    return {term: (printed[term], frozenset(words)) for term, words in found.items()}


def defined_term_rule(
    candidate: Candidate, question: str, document: Document | None, ignore: frozenset[str]
) -> FieldCheck:
    """A cell whose row is a term the filing defines, asked by words of another term's definition that its own
    lacks ('unsecured' of the Credit Agreement, for the row 'Credit Facility' defined as a secured one): a mismatch,
    both terms named. Only the question's words that some definition says are compared, so a question naming the
    row's own term ('under the Credit Facility') is left to the other checks."""
    if document is None or not candidate.row_label:
        return check_field("defined", "not_applicable")
    terms = definitions(document)
    row = tuple(tokenize(candidate.row_label))
    if row not in terms:
        return check_field("defined", "not_applicable")
    own = terms[row][1]
    asked = content_words(question, ignore) - _NOT_DEFINING
    for other, (name, words) in terms.items():
        if other == row:
            continue
        said = asked & (own | words)
        lacking = said - own
        if lacking and said <= words:
            detail = (
                f"defined: the row '{candidate.row_label}' is a term the filing defines without "
                f"'{surface_words(lacking, question)}' of the question; the filing's term for that is the '{name}'"
            )
            return check_field("defined", "mismatch", detail)
    return check_field("defined", "not_applicable")
