"""What a dated transaction is of: a date answering 'On what date did X complete the sale of Homeowner Services
Group?' comes from a sentence about that sale, not from the sentence before it under its own heading ('Sale of
Michigan American Water Company' over 'On February 4, 2022, the Company completed the sale of its operations in
Michigan'). A sentence under a heading that names a transaction of another object, and that names nothing of the
object asked itself, dates that other transaction: the ``event`` field is a mismatch. Sentences without such a
heading are not read here (a pronoun, 'the transaction closed on ...', may name the object asked)."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .rules import FieldCheck
from .values import CitedSpan

# the transactions a question or a heading names, and their object (general English)
_TRANSACTION = (
    r"(?:sale|sell|sold|acquisition|acquire[ds]?|purchase[ds]?|divest(?:iture|ed)?|disposition|merger|spin-?off)"
)
_ASKED_OBJECT = re.compile(
    rf"\b{_TRANSACTION}\s+(?:of\s+|with\s+)?(?:its\s+|the\s+|their\s+)?(?P<object>[^?.;,]+)", re.IGNORECASE
)
_HEADING = re.compile(rf"^\s*{_TRANSACTION}s?\s+of\s+(?:the\s+)?(?P<object>[^.]{{3,80}})$", re.IGNORECASE)
_GENERIC = frozenset(tokenize("company companies business businesses operations operation subsidiary subsidiaries"))
_HEADING_LOOKUP = 6  # how many lines above the dated sentence its heading is looked for


def event_object_rule(date_text: str, spans: list[CitedSpan], question: str, ignore: frozenset[str]) -> FieldCheck:
    """Whether the dated sentence's own heading is of the transaction's object asked (see the module)."""
    asked = _ASKED_OBJECT.search(question)
    wanted = set(tokenize(asked.group("object"))) - _GENERIC - ignore if asked else set()
    if not wanted:
        return FieldCheck(field="event", verdict="not_applicable")
    for cited in spans:
        if date_text.lower() not in cited.span.quote.lower():
            continue
        heading = _heading_above(cited)
        if heading is None:
            continue
        named = set(tokenize(heading.group("object"))) - _GENERIC - ignore
        if named and not named & wanted and not wanted & set(tokenize(cited.span.quote)):
            detail = f"event: {date_text!r} is under '{heading.group(0).strip()}', not of what was asked"
            return FieldCheck(field="event", verdict="mismatch", detail=detail)
    return FieldCheck(field="event", verdict="not_applicable")


def _heading_above(cited: CitedSpan) -> re.Match[str] | None:
    """The nearest line above the span, within a few lines on its page, that is a transaction's heading ('Sale of
    X'); None when there is none."""
    lines = cited.document.lines
    texts, pages = lines["text"], lines["page"]
    page = pages.iloc[cited.span.line_start - 1]
    for n in range(cited.span.line_start - 1, max(0, cited.span.line_start - 1 - _HEADING_LOOKUP), -1):
        if pages.iloc[n - 1] != page:
            return None
        text = str(texts.iloc[n - 1])
        if (found := _HEADING.match(text)) is not None:
            return found
    return None
