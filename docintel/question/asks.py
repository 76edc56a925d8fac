"""What kind of answer a question's own words ask for: a percentage ('What percentage of ...', 'by what percent'),
or names ('Who ...', 'Which segment ...'). General English; read by the offline answerer (a percentage is looked
for among a line's percentages) and by the verifier (an answer of another kind is no answer)."""

from __future__ import annotations

import re

# 'Who ...', 'Which segment ...', 'Which of the following ...'; not 'Which year' (a year may be given as a number)
_ASKS_NAMES = re.compile(
    r"^\s*(?:who|whom|whose|which(?!\s+(?:fiscal\s+)?(?:years?|quarters?|months?|periods?|dates?|days?)\b))\b",
    re.IGNORECASE,
)
# 'What percentage of ...', 'by what percent', 'as a percentage of', 'What % of'
_ASKS_PERCENT = re.compile(
    r"\b(?:what|which)\s+(?:percent(?:age)?|%)|\bas\s+a\s+(?:percent(?:age)?|%)|\bby\s+what\s+percent(?:age)?\b"
    r"|\bhow\s+many\s+percent",
    re.IGNORECASE,
)


def asks_names(question: str) -> str | None:
    """The question word when the question opens asking for names ('who', 'which'), else None."""
    match = _ASKS_NAMES.search(question)
    return match.group(0).strip().lower() if match else None


def asks_percentage(question: str) -> bool:
    """Whether the question asks for a percentage ('What percentage of purchases came from ...')."""
    return bool(_ASKS_PERCENT.search(question))
