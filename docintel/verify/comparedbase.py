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
# the comparison's own words, and the words of a period a question names beside what it asks
_MARKERS = frozenset(content_words("compared with to versus vs relative year years prior previous period quarter"))


def compared_base_rule(value: bool, spans: list[CitedSpan], question: str, issuer: frozenset[str]) -> FieldCheck:
    """`about` `unknown` for a yes whose quotes say a word the question asks only after 'compared with' (to,
    versus): what the sentence compares the asked period or thing with, not it."""
    if not value:
        return check_field("about", "not_applicable")
    asked = content_words(search_text(question), issuer) - _MARKERS
    main: set[str] = set()
    compared: set[str] = set()
    for sentence in quote_sentences(spans):
        parts = _COMPARED.split(sentence)
        main |= content_words(parts[0])
        for part in parts[1:]:
            compared |= content_words(re.split(r"[,;]", part, maxsplit=1)[0])
            main |= content_words(part[len(re.split(r"[,;]", part, maxsplit=1)[0]) :])
    only_compared = (asked & compared) - main
    if not only_compared:
        return check_field("about", "not_applicable")
    words = dict.fromkeys(w for w in re.findall(r"[A-Za-z][\w-]*", question) if content_words(w) & only_compared)
    detail = f"about: the quotes say {', '.join(words)} only of what they compare with ('compared with ...')"
    return check_field("about", "unknown", detail)
