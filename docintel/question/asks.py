"""What kind of answer a question's own words ask for: a percentage ('What percentage of ...', 'by what percent'),
or names ('Who ...', 'Which segment ...'). General English; read by the offline answerer (a percentage is looked
for among a line's percentages) and by the verifier (an answer of another kind is no answer)."""

from __future__ import annotations

import re

from ..concepts import concepts_in

# 'Who ...', 'Which segment ...', 'Which of the following ...'; not 'Which year' (a year may be given as a number)
_ASKS_NAMES = re.compile(
    r"^\s*(?:who|whom|whose|which(?!\s+(?:fiscal\s+)?(?:years?|quarters?|months?|periods?|dates?|days?)\b))\b",
    re.IGNORECASE,
)
# 'What percentage of ...', 'by what percent', 'as a percentage of', 'What % of'
_ASKS_PERCENT = re.compile(
    r"\b(?:what|which)\s+(?:percent(?:age)?|%)|\bas\s+a\s+(?:percent(?:age)?|%)|\bby\s+what\s+percent(?:age)?\b"
    r"|\bhow\s+many\s+percent|^\s*what\s+(?:is|was|were|are)\s+(?:the\s+)?percent(?:age)?\s+of\b",
    re.IGNORECASE,
)  # not a '%' the question states ('Which suppliers made up 51% ...?'), nor 'percentage points' of a change


# what 'which' may ask of a figure ('Which effective tax rate ...', 'Which discount rate ...'): a measure, not a name
_MEASURE_WORDS = re.compile(
    r"\b(?:rates?|prices?|amounts?|ratios?|margins?|percent(?:age)?s?|values?|numbers?|figures?|totals?|levels?"
    r"|costs?|sums?|balances?|multiples?|yields?|returns?)\b",
    re.IGNORECASE,
)


# a noun of a kind of thing heading the words 'which' asks ('revenue category', 'business segment'): a name is asked
_KIND_HEAD = re.compile(r"^(?:[\w&'’-]+\s+)?(?:categor(?:y|ies)|segments?|divisions?|regions?|brands?)$", re.IGNORECASE)
# the words after 'which' before its verb ('reported', 'had', 'is', 'grew' ends 'segment', 'revenue stream')
_NOUN_WORDS = re.compile(
    r"(?:\s+(?!(?:is|was|were|are|did|does|do|has|have|had|will|can|could|would|made|grew|rose|fell|includes?|"
    r"contains?|covers?|comprises?)\b)"
    r"(?![a-z]+ed\b)[\w&'’-]+)*",
    re.IGNORECASE,
)


def asks_names(question: str) -> str | None:
    """The question word when the question opens asking for names ('who', 'which segment'), else None: not when
    'which' asks a measure ('Which effective tax rate ...') or a line item the vocabulary knows."""
    match = _ASKS_NAMES.search(question)
    if match is None:
        return None
    word = match.group(0).strip().lower()
    if word == "which":  # the noun 'which' asks, up to its verb: 'which effective tax rate', not 'which segment'
        asked = " ".join(_NOUN_WORDS.match(question, match.end()).group(0).split()[:4])  # type: ignore[union-attr]
        if _KIND_HEAD.search(asked):  # 'Which revenue category includes drones?': a category's name
            return word
        if _MEASURE_WORDS.search(asked) or concepts_in(asked).concepts:
            return None
    return word


def asks_percentage(question: str) -> bool:
    """Whether the question asks for a percentage ('What percentage of purchases came from ...')."""
    return bool(_ASKS_PERCENT.search(question))
