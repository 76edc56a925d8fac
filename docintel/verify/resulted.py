"""A figure a sentence gives as what another change resulted in ('increased its transfer pricing adjustment by $385
million resulting in an additional tax adjustment of $135 million'): it is the result's figure, not the change the
question asks about, when the question names the first thing and not the result."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .claims import content_words
from .rules import FieldCheck
from .values import Candidate

# 'resulting in an additional tax adjustment of', 'which resulted in a charge of', 'leading to a gain of'
_RESULT_OF = re.compile(
    r"\b(?:result(?:ing|ed|s)\s+in|leading\s+to|led\s+to)\s+(?:an?\s+|the\s+)?(?P<what>[a-z][\w\s-]{2,60}?)\s+of\s*$",
    re.IGNORECASE,
)


def result_rule(candidate: Candidate, question: str) -> FieldCheck:
    """`subject` `unknown` for a figure of prose its sentence gives as what something resulted in ('resulting in an
    additional tax adjustment of $135 million') when the question's words name what resulted in it, before that
    clause, and not the result itself."""
    sentence = candidate.sentence if candidate.row_label is None else ""
    at = sentence.find(candidate.printed)
    found = _RESULT_OF.search(sentence[:at]) if at > 0 else None
    if found is None:
        return FieldCheck(field="subject", verdict="not_applicable")
    asked = content_words(question)
    result, before = set(tokenize(found["what"])), content_words(sentence[: found.start()])
    if (asked & before) - result and not (result - before) <= asked:  # the result's own words are not all asked
        what = " ".join(found["what"].split())
        detail = f"subject: {candidate.printed} is what the change resulted in (the {what}), not the change asked"
        return FieldCheck(field="subject", verdict="unknown", asked=question, found=what, detail=detail)
    return FieldCheck(field="subject", verdict="not_applicable")
