"""What a sentence compares with ('reflecting a reserve build of $617 million compared with a reserve release of $2.5
billion in the prior year'): the words after 'compared with' (to, versus) are the other period's or thing's, so a
yes that the asked thing happened, said only there, is not said of the period or thing asked."""

from __future__ import annotations

import re

from ..question.parse import search_text
from .claims import check_field, content_words, quote_sentences
from .rules import FieldCheck
from .values import CitedSpan

_COMPARED = re.compile(r"\b(?:(?:as\s+)?compared\s+(?:with|to)|versus|vs\.?|relative\s+to)\s", re.IGNORECASE)
# where what is compared with ends: a clause break (not a number's thousands comma) or the words that give a cause or
# a place ('compared with 2021 primarily due to a reserve release', '... in the Americas segment')
_COMPARED_END = re.compile(
    r"[;]|,(?!\d{3})|\b(?:due\s+to|driven\s+by|as\s+a\s+result|reflecting|because|"
    r"resulting|which|while|and\s+(?:an?|the)\s)|\bin\s+(?:the\s+)?[A-Z]\w*(?:\s+[A-Z]\w*)*\s+segment",
    re.IGNORECASE,
)
# the words of a period a question names beside what it asks ('during the year'): the period checks judge them
_PERIOD_WORDS = frozenset(content_words("year years prior previous period quarter month fiscal"))
# a question that asks a comparison itself ('Did revenue growth exceed the industry average?')
_ASKS_COMPARISON = re.compile(
    r"\b(?:than|exceed\w*|outperform\w*|underperform\w*|compared?\w*|versus|relative|beat)\b", re.IGNORECASE
)


def compared_base_rule(value: bool, spans: list[CitedSpan], question: str, issuer: frozenset[str]) -> FieldCheck:
    """`about` `unknown` for a yes whose quotes say a word the question asks only after 'compared with' (to,
    versus), up to where that comparison ends: what the sentence compares the asked period or thing with, not it."""
    if not value or _ASKS_COMPARISON.search(question):
        return check_field("about", "not_applicable")
    asked = content_words(search_text(question), issuer) - _PERIOD_WORDS
    main: set[str] = set()
    compared: set[str] = set()
    for sentence in quote_sentences(spans):
        parts = _COMPARED.split(sentence)
        main |= content_words(parts[0])
        for part in parts[1:]:
            end = _COMPARED_END.search(part)
            cut = end.start() if end else len(part)
            compared |= content_words(part[:cut])
            main |= content_words(part[cut:])
    only_compared = (asked & compared) - main
    if not only_compared:
        return check_field("about", "not_applicable")
    words = dict.fromkeys(w for w in re.findall(r"[A-Za-z][\w-]*", question) if content_words(w) & only_compared)
    detail = f"about: the quotes say {', '.join(words)} only of what they compare with ('compared with ...')"
    return check_field("about", "unknown", detail)
