"""A row named by a term the filing defines. A filing names a thing once in full and then by a defined term:
'... a $600 million secured revolving credit facility (the “Credit Facility”)', '... our unsecured revolving credit
facility (the “Credit Agreement”)'. A row 'Credit Facility' is what its definition says, not whatever its two words
could mean: it does not answer a question about the unsecured revolving credit facility, which the filing calls the
Credit Agreement. Read: each '(the “Term”)' of the document, defined by the lower-case noun phrase right before the
parenthesis (general English of contracts and filings: 'the “X”', 'collectively, the “X”', 'each, a “X”'). Two
terms are told apart only by phrases with the same head noun ('... credit facility') that differ by a modifier."""

from __future__ import annotations

import re

from ..ingest.documents import Document
from ..textnorm import tokenize
from .claims import check_field
from .rules import FieldCheck
from .values import Candidate

_DEFINES = re.compile(
    r"(?:(?P<size>\$\s?\d[\d,]*(?:\.\d+)?\s+(?:million|billion))\s+)?"  # a size before it: 'our $600 million ...'
    r"(?<![\w-])(?P<phrase>(?:[a-z][a-z-]*\s+){0,6}[a-z][a-z-]*)\s+"
    r"\((?:the\s+|(?:collectively|together|each)(?:,)?\s+(?:the\s+|an?\s+)?|hereinafter\s+(?:the\s+)?)?"
    r"[“\"](?P<term>[A-Z][^”\"()]{1,60}?)[”\"]\)"
)
# words a defining noun phrase comes after: determiners, possessives, a scale after a figure, prepositions
_LEADING = frozenset(
    "a an the our its their this that these those each million billion thousand of under to for in on with by".split()
)
Phrase = tuple[str, tuple[str, ...], str]  # as printed, as terms, and the size printed before it ('' if none)
_DEFINITIONS: dict[str, dict[str, tuple[str, list[Phrase]]]] = {}


def definitions(document: Document) -> dict[str, tuple[str, list[Phrase]]]:
    """Each term the document defines (by its lower-case form): the term as printed, and the phrases that define
    it (read once per document)."""
    key = document.meta.content_hash
    if key not in _DEFINITIONS:
        if len(_DEFINITIONS) > 16:
            _DEFINITIONS.clear()
        _DEFINITIONS[key] = _read_definitions(document)
    return _DEFINITIONS[key]


def _read_definitions(document: Document) -> dict[str, tuple[str, list[Phrase]]]:
    found: dict[str, tuple[str, list[Phrase]]] = {}
    for _, page in document.lines.groupby("page", sort=False):
        text = " ".join(" ".join(str(t) for t in page["text"]).split())
        for match in _DEFINES.finditer(text):
            words = match["phrase"].split()
            cuts = [i for i, word in enumerate(words) if word in _LEADING]
            words = words[cuts[-1] + 1 :] if cuts else words  # the noun phrase after its last determiner
            phrase = tuple(tokenize(" ".join(words)))
            if len(phrase) >= 2:
                term = match["term"].strip()
                size = _size(match["size"] or "")
                found.setdefault(term.casefold(), (term, []))[1].append((" ".join(words), phrase, size))
    return found


def defined_term_rule(candidate: Candidate, question: str, document: Document | None) -> FieldCheck:
    """A cell whose row is exactly a term the filing defines, asked in the words of another term's defining phrase
    with the same head noun, a modifier of which its own phrase lacks ('unsecured revolving credit facility' for the
    row 'Credit Facility', defined as a secured one): a mismatch, both terms named."""
    if document is None or not candidate.row_label:
        return check_field("defined", "not_applicable")
    terms = definitions(document)
    row = terms.get(candidate.row_label.strip().casefold())
    if row is None:
        return check_field("defined", "not_applicable")
    asked = set(tokenize(question))
    for name, phrases in terms.values():
        if name == row[0]:
            continue
        for _, other, _ in phrases:
            if not set(other) <= asked:
                continue
            for printed, own, _ in row[1]:
                if own[-1] == other[-1] and set(other) - set(own) and not set(own) <= asked:
                    detail = (
                        f"defined: the row '{candidate.row_label}' is the filing's term for its '{printed}'; the "
                        f"question's words are those of its '{name}'"
                    )
                    return check_field("defined", "mismatch", detail)
    return _size_rule(candidate.row_label, row, terms, question)


# a size the question gives the thing: 'under Amazon's $3.0 billion revolving credit facility'
_ASKED_SIZE = re.compile(r"\$\s?\d[\d,]*(?:\.\d+)?\s+(?:million|billion)\s+(?P<thing>(?:[a-z-]+\s+){0,5}[a-z-]+)")


def _size(printed: str) -> str:
    """A size in one spelling ('$3.0 billion' and '$3 billion' are '3 billion'; '' for none)."""
    found = re.match(r"\$\s?([\d,]*(?:\.\d+)?)\s+(million|billion)", printed)
    return f"{float(found[1].replace(',', '')):g} {found[2]}" if found else ""


def _size_rule(
    label: str, row: tuple[str, list[Phrase]], terms: dict[str, tuple[str, list[Phrase]]], question: str
) -> FieldCheck:
    """A row the filing defines, asked by a size before the noun its definition has ('$3.0 billion revolving credit
    facility'), when the row's definition gives another size and another term of the same noun the size asked."""
    for asked in _ASKED_SIZE.finditer(question):
        size, thing = _size(asked.group(0)), set(tokenize(asked["thing"]))
        own = {(s, t[-1]) for _, t, s in row[1] if s and t[-1] in thing}  # its size, of the noun asked
        if not own or size in {s for s, _ in own}:  # its own size, or none said of the noun asked
            continue
        nouns = {noun for _, noun in own}
        other = next(
            (n for n, ps in terms.values() if n != row[0] for _, t, s in ps if s == size and t[-1] in nouns), ""
        )
        if other:
            mine = sorted(own)[0][0]
            detail = (
                f"defined: the row '{label}' is the filing's {mine} one; the question's {size} one is its '{other}'"
            )
            return check_field("defined", "mismatch", detail)
    return check_field("defined", "not_applicable")
