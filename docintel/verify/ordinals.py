"""One of several things of a kind, told apart by its ordinal: 'No amounts were drawn on ... MGM China's second
revolving credit facility' says nothing of MGM China's first one, so it does not answer 'Were any amounts drawn on
MGM China's revolving credit facility?'. A quote that names the asked thing with an ordinal the question does not
give leaves which one is asked open (general English: 'first', 'second', ... number one of a series)."""

from __future__ import annotations

import re

from ..ingest.documents import Document
from ..periods import MONTH_ALTERNATION
from ..textnorm import tokenize
from .claims import check_field
from .leadin import lead_in
from .rules import FieldCheck
from .values import CitedSpan

# an ordinal and the words of the thing it numbers, to a clause's end: 'second revolving credit facility'
# (after a determiner or an owner: 'MGM China's second ...', not 'third parties' nor 'we first assess')
_ORDINAL = re.compile(
    r"\b(?:the|its|our|their|a|an|[\w.-]+['\u2019]s?)\s+(?P<ordinal>first|second|third|fourth|fifth|sixth)\s+"
    r"(?P<thing>(?:[A-Za-z-]+\s+){0,3}[A-Za-z-]+)",
    re.IGNORECASE,
)
# what an ordinal numbers in time, not one thing of several ('the first quarter', 'for the first time')
_TIME = frozenset(
    tokenize("quarter quarters half halves time times year years month months week weeks day days party parties")
)
# a version, not one of several: 'the Second Amended and Restated Credit Agreement' is the agreement now in force
_VERSION = re.compile(r"(?:amended|restated|supplemental|amendment)\b", re.IGNORECASE)
_MIN_TERMS = 2
# a question about a beginning, which a thing's 'first' one marks ('In what year did X begin selling ...?')
_BEGINNING = re.compile(r"\b(?:begin|began|begun|start|started|first|initial|initially|originally|launch)\w*", re.I)


def ordinal_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A claim read from a quote that numbers the asked thing ('MGM China's second revolving credit facility') with
    an ordinal the question does not give, when the quote does not also name the one the question numbers ('its
    first revolving credit facility'): unchecked, the ordinal named."""
    asked = set(tokenize(question))
    begun = bool(_BEGINNING.search(question))  # 'sold its first earplugs' answers when it began selling them
    dated = _dates(question)  # 'the step that took effect on January 28, 2021': the question says which by its date
    for cited in spans:
        numbered = [(m["ordinal"].lower(), m["thing"]) for m in _ORDINAL.finditer(cited.span.quote)]
        if dated & _dates(f"{lead_in(cited.document, cited.span)} {cited.span.quote}"):
            continue
        for ordinal, thing in numbered:
            terms = tokenize(thing)
            if set(terms) & _TIME or _RANK.match(thing) or _VERSION.match(thing) or (begun and ordinal == "first"):
                continue
            if ordinal == "first" and not _series(cited, terms):  # 'its first annual ... Report': the only one yet
                continue
            if any(o in asked and tokenize(t)[:2] == terms[:2] for o, t in numbered):  # it names the asked one (too)
                continue
            if len(set(terms) & asked) < _MIN_TERMS:
                continue
            detail = f"about: its quote is of the {ordinal} {' '.join(thing.split())}; the question does not say which"
            return check_field("about", "unknown", detail)
    return check_field("about", "not_applicable")


# an ordinal of rank, not of a series: 'a first priority security interest', 'first-lien'
_RANK = re.compile(r"(?:priority|lien|mortgage|ranking)\b", re.IGNORECASE)
_DATE = re.compile(
    rf"\b(?:{MONTH_ALTERNATION})\.?\s+(?:\d{{1,2}},\s+)?(?:19|20)\d\d\b|\b(?:first|second|third|fourth)\s+"
    r"(?:fiscal\s+)?quarter\s+of\s+(?:fiscal\s+)?(?:19|20)\d\d\b",
    re.IGNORECASE,
)


def _dates(text: str) -> set[str]:
    """The dates *text* names to the month or quarter, in one spelling."""
    return {" ".join(m.group(0).lower().replace(",", "").replace(".", "").split()) for m in _DATE.finditer(text)}


def _series(cited: CitedSpan, terms: list[str]) -> bool:
    """Whether the document names a later one of the thing a quote calls the first ('second revolving credit ...')."""
    head = " ".join(terms[:2])
    return bool(head) and any(head in later for later in _later_things(cited.document))


_LATER = re.compile(r"\b(?:second|third|fourth)\s+(?:[a-z-]+\s+){1,3}")
_LATER_THINGS: dict[str, list[str]] = {}  # by document: the things it numbers second or later, as terms


def _later_things(document: Document) -> list[str]:
    key = document.meta.content_hash
    if key not in _LATER_THINGS:
        if len(_LATER_THINGS) > 16:
            _LATER_THINGS.clear()
        text = " ".join(str(t) for t in document.lines["text"]).lower()
        _LATER_THINGS[key] = [" ".join(tokenize(m.group(0))) for m in _LATER.finditer(text)]
    return _LATER_THINGS[key]
