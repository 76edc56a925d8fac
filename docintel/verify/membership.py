"""What a group holds: a question that asks which group includes a thing ('Which revenue category includes
smartwatches?', 'Does the Consumer Electronics category include smartwatches?', 'Under which segment are royalties
reported?') is answered only by quotes that name the thing. A category's list that names something like it ('health
and fitness') places nothing the list does not name; where the filing names the thing on a line no quote cites,
the detail says so, since that line says where it belongs. General English of inclusion (include, contain,
cover, comprise; included, reported, classified in)."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .claims import check_field, content_words
from .rules import FieldCheck
from .values import CitedSpan

_THING = r"(?:the\s+|its\s+|any\s+)?(?P<thing>(?!(?:in|of|at|for|the)\b)[\w'’-]+(?:\s+[\w'’-]+){0,3}?)"
_END = r"\s*(?:\?|\.|$|\b(?:in|as\s+of|during|for)\b)"
_ASKS = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        rf"\b(?:which|what)\s+(?:[\w'’-]+\s+){{0,5}}?(?:includes?|contains?|covers?|comprises?)\s+{_THING}{_END}",
        rf"\b(?:do|does|did)\s+(?:[\w'’.-]+\s+){{1,6}}?(?:include|contain|cover|comprise)\s+{_THING}{_END}",
        r"\b(?:in|under|within)\s+(?:which|what)\s+(?:[\w'’-]+\s+){0,5}?(?:is|are|was|were)\s+"
        rf"{_THING}\s+(?:included|reported|classified|recorded|presented|grouped)\b",
    )
)
# words that say how a thing is asked for, not what it is
_NOT_THING = frozenset(
    tokenize(
        "product products item items service services offering offerings category results business operations "
        "company largest most number"
    )
)


def included_thing(question: str) -> str | None:
    """The thing a question asks which group includes ('smartwatches'), or None."""
    found = next((m for pattern in _ASKS if (m := pattern.search(question))), None)
    return found.group("thing") if found else None


def named_thing_rule(question: str, spans: list[CitedSpan], ignore: frozenset[str], answer: bool = True) -> FieldCheck:
    """``about: unknown`` when the question asks which group includes a thing and no quote names it (a no may say
    it by naming what the group holds instead); the detail names the line of the filing that does."""
    thing = included_thing(question) if answer and spans else None
    words = content_words(thing, ignore) - _NOT_THING if thing else set()
    if not words:
        return check_field("about", "not_applicable")
    quoted = set(tokenize(" ".join(s.span.quote for s in spans)))
    if words <= quoted:  # every word of it: 'Greater Miami' is not named by a quote of 'Greater Seattle'
        return check_field("about", "not_applicable")
    detail = f"about: no quote names {thing}, which the question asks where it belongs"
    if (line := _line_naming(words - _NOT_THING, spans)) is not None:
        detail += f"; the filing names it at line {line}"
    return check_field("about", "unknown", detail)


def _line_naming(words: set[str], spans: list[CitedSpan]) -> int | None:
    """The first line of the cited document, not a cited one, that names every one of *words*, or None."""
    document = spans[0].document
    cited = {n for s in spans for n in range(s.span.line_start, s.span.line_end + 1)}
    for number, text in enumerate(document.lines["text"].tolist(), start=1):
        if number not in cited and words <= set(tokenize(str(text))):
            return number
    return None
