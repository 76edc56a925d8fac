"""How much, when the question asks it in words. 'Does the fair value of the GreatCall reporting unit significantly
exceed its carrying value?' asks a degree: 'the fair value ... exceeded its carrying value' says that it exceeds,
not by how much (the same filing says the unit's fair value only approximates it). A yes needs a quote that states
the degree in words (significant, substantial, material, considerable, well in excess, far above, by a wide
margin); figures alone tell a size, not whether it is significant. The words are general English adverbs of
degree."""

from __future__ import annotations

import re

from ..question.parse import search_text
from .claims import check_field, quote_sentences
from .rules import FieldCheck
from .values import CitedSpan

_DEGREE = (
    r"significant(?:ly)?|substantial(?:ly)?|material(?:ly)?|considerabl[ey]|great(?:ly)?|sharp(?:ly)?|"
    r"dramatic(?:ally)?|meaningful(?:ly)?|vast(?:ly)?|markedly|notabl[ey]"
)
# a degree adverb on a comparison or a change: 'significantly exceed', 'materially higher', 'grew substantially'
_COMPARED = (
    r"exceed\w*|higher|lower|greater|less|more|above|below|larger|smaller|in\s+excess|increas\w*|decreas\w*|"
    r"declin\w*|gr[eo]w\w*|r[io]se\w*|f[ae]ll\w*|drop\w*|improv\w*|deteriorat\w*|outperform\w*|surpass\w*"
)
_NEAR = rf"(?:far|well|(?<!how\s)much)\s+(?:{_COMPARED})"  # 'far exceeds', 'well above'; not 'how much more'
# asked: an adverb of degree next to the comparison ('significantly exceed', 'grew substantially'), not an adjective
# that names a thing ('higher raw material prices')
_ADVERB = (
    r"(?:significantly|substantially|materially|considerably|greatly|sharply|dramatically|meaningfully|vastly|"
    r"markedly|notably)"
)
_ASKS_DEGREE = re.compile(
    rf"\b{_ADVERB}\s+(?:{_COMPARED})\b|\b{_NEAR}\b|\b(?:{_COMPARED})\s+{_ADVERB}\b",
    re.IGNORECASE,
)
_SAYS_DEGREE = re.compile(
    rf"\b(?:{_DEGREE})\s+(?:[\w-]+\s+){{0,3}}?(?:{_COMPARED})\b|"
    rf"\b(?:{_COMPARED})\s+(?:[\w-]+\s+){{0,3}}?(?:{_DEGREE})\b|"
    rf"\b{_NEAR}|\bby\s+a\s+(?:wide|large|substantial)\s+margin\b",
    re.IGNORECASE,
)


def degree_rule(value: bool, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A yes to a question asking a degree ('significantly exceed') is ``unknown`` when no quote says a degree in
    words nor prints a figure: the quotes say that, not how much."""
    asked = _ASKS_DEGREE.search(search_text(question))
    if not value or asked is None:
        return check_field("degree", "not_applicable")
    sentences = quote_sentences(spans)
    if any(_SAYS_DEGREE.search(s) for s in sentences):
        return check_field("degree", "not_applicable")
    # figures tell the size, not whether it is significant: that is a judgement the quotes must state
    words = asked.group(0)
    return check_field("degree", "unknown", f"degree: the question asks '{words}'; the quotes do not say so")
