"""The other rows of a cited row's table, read against it: a row that names more of the question, a row of the
same item split by where it is recorded, the words a row adds before the question's ('Funded backlog')."""

from __future__ import annotations

import re

from ..concepts import NEUTRAL, qualifier_text
from ..textnorm import tokenize

TOTAL = re.compile(r"\b(?:total|overall|aggregate|combined|entire)\b", re.IGNORECASE)
AND_OTHER = re.compile(r"\band\s+other\b", re.IGNORECASE)  # 'Restructuring and other related activities, net'
OTHER = re.compile(r"\bother\b", re.IGNORECASE)
DASHED = re.compile(r"^(?P<item>[^-–—]+?)\s+[-–—]\s+\w")  # 'Restructuring charges - cost of goods sold'


def content_terms(terms: tuple[str, ...] | list[str]) -> set[str]:
    """The terms that say what a label is about: neutral words aside, unless it has nothing else
    ('Other expense, net')."""
    words = {t for t in terms if not t[:1].isdigit()}
    return {t for t in words if t not in NEUTRAL} or words


def modifiers_before(text: str, shared: set[str], asked: frozenset[str]) -> str:
    """The words the question lacks placed right before a word it shares, outside parentheses: 'Funded' of
    'Funded backlog was' for the total backlog ('Stores open at end of year' has none)."""
    words = [w for w in re.findall(r"[\w-]+", re.sub(r"\([^)]*\)", " ", text)) if tokenize(w)]
    terms = [tokenize(w)[-1] for w in words]
    found = [
        words[i]
        for i in range(len(words) - 1)
        if terms[i + 1] in shared and terms[i] not in asked and terms[i] not in NEUTRAL and not terms[i][:1].isdigit()
    ]
    return " ".join(found)


def part_sibling(siblings: tuple[str, ...], own: set[str]) -> str | None:
    """Another row of the cited row's table that names all the cited row says, then where ('Restructuring charges -
    cost of goods sold' beside 'Restructuring charges'): the item is split over rows."""
    for label in siblings:
        where = DASHED.match(label)
        if where and content_terms(tuple(tokenize(qualifier_text(where["item"])))) == own and not TOTAL.search(label):
            return label
    return None


def closer_sibling(siblings: tuple[str, ...], shared: set[str], asked: frozenset[str]) -> str | None:
    """Another row of the cited row's table that names every question word the cited row names and more
    ('Net write-off rate — principal, interest and fees' beside 'Net write-off rate — principal only' for a
    question 'including interest and fees'): a reader takes that row."""
    for label in siblings:
        theirs = content_terms(tuple(tokenize(qualifier_text(label)))) & asked
        if theirs > shared:
            return label
    return None


def plainer_sibling(siblings: tuple[str, ...], shared: set[str], own: set[str], asked: frozenset[str]) -> str | None:
    """Another row of the cited row's table that names every question word the cited row names and fewer words the
    question does not ('Net write-off rate — principal only' beside 'Net write-off rate — principal, interest and
    fees', for a question 'on a principal-only basis'): a reader takes that row."""
    extra = own - asked
    if not extra:
        return None
    for label in siblings:
        terms = content_terms(tuple(tokenize(qualifier_text(label))))
        if terms & asked >= shared and terms - asked < extra:
            return label
    return None
