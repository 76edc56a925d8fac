"""A number one side of a range or a bound: '67 to 71 cents', 'between $2.0 and $2.2 billion' give two bounds, not
the value; 'over 90%', 'more than 5,000' a bound on one side (general English). Neither is the figure unless the
question asks for a bound."""

from __future__ import annotations

import re

from .rules import FieldCheck
from .values import Candidate

_NUMBER_AFTER = r"\s*(?:%|percent|cents?|million|billion|thousand|x)?(?:\s+to\s+|\s*[–—]\s*|-)[$€£]?\(?\d"
_ASKS_BOUND = re.compile(
    r"\b(?:low|high|lower|upper|bottom|top)\s+end\b|\b(?:minimum|maximum|range|at\s+least|"
    r"at\s+most|lower\s+bound|upper\s+bound)\b",
    re.IGNORECASE,
)


# '25 to 1', '3.0 to 1.0': a ratio's notation; not '0.5 to 1 billion', '2 to 1 percent'
_RATIO_TO_ONE = re.compile(
    r"\s+to\s+1(?:\.0+)?(?![\d,.]*\d)(?!\s*(?:%|percent|cents?|million|billion|thousand|times|x\b))", re.IGNORECASE
)
_CHANGED = re.compile(r"\b(?:increased|decreased|grew|rose|fell|declined|improved|dropped|up|down|from)\b", re.I)


# a bound on one side, right before the number (general English): 'over 90%', 'more than 5,000', 'up to $2 billion'
_ONE_SIDED = re.compile(
    r"\b(?P<said>over|more\s+than|greater\s+than|in\s+excess\s+of|exceeding|above|at\s+least|less\s+than|"
    r"fewer\s+than|under|below|nearly|almost|up\s+to|at\s+most)\s+[$€£]?\s*$",
    re.IGNORECASE,
)


def _one_sided(printed: str, sentence: str) -> str:
    """The bound word every appearance of *printed* in *sentence* follows ('over' of 'over 90%'), else ''; not a
    stretch of time ('amortized over 5 years')."""
    found = list(re.finditer(re.escape(printed), sentence))
    said = [_ONE_SIDED.search(sentence[: m.start()]) for m in found]
    if any(_DURATION.match(sentence, m.end()) for m in found):
        return ""
    return said[0].group("said") if said and all(said) and said[0] else ""


_DURATION = re.compile(r"\s*(?:years?|months?|weeks?|days?|quarters?|periods?)\b", re.IGNORECASE)


def range_rule(candidate: Candidate, question: str) -> FieldCheck:
    """A number that is one bound of a range the quote gives ('67 to 71 cents', 'between $2.0 and $2.2 billion')
    is not the value unless the question asks for a bound."""
    if candidate.row_label is not None or not candidate.sentence or _ASKS_BOUND.search(question):
        return FieldCheck(field="range", verdict="not_applicable")
    printed = re.escape(candidate.printed)
    lower = re.search(printed + _NUMBER_AFTER, candidate.sentence, re.IGNORECASE)
    if lower and _RATIO_TO_ONE.match(candidate.sentence[lower.start() + len(candidate.printed) :]):
        lower = None  # '25 to 1': a ratio's notation ('3.0 to 1.0'), not a range
    said = _one_sided(candidate.printed, candidate.sentence)
    if said and not re.search(rf"\b{said.split()[0]}\b", question, re.IGNORECASE):
        return FieldCheck(
            field="range",
            verdict="unknown",
            found=f"'{said} {candidate.printed}'",
            detail=f"range: the quote says '{said} {candidate.printed}', a bound, not the figure itself",
        )
    if _CHANGED.search(candidate.sentence[: max(candidate.sentence.find(candidate.printed), 0)][-40:]):
        return FieldCheck(field="range", verdict="not_applicable")  # 'increased 4% to $22,292 million': no range
    upper = re.search(
        r"(?:between|range\s+of)\s+[$€£]?[\d.,]+\s*\S*\s*(?:and|to|-|–)\s*[$€£]?" + printed,
        candidate.sentence,
        re.IGNORECASE,
    )
    if lower or upper:
        bound = "lower" if lower else "upper"
        return FieldCheck(
            field="range",
            verdict="mismatch",
            found=f"the {bound} bound of a range",
            detail=f"range: {candidate.printed} is the {bound} bound of a range the quote gives, not a value",
        )
    return FieldCheck(field="range", verdict="not_applicable")
