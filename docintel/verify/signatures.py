"""Who signed a filing in a capacity. A conformed signature ('/s/ Edward A. Schlesinger', Regulation S-T Rule 302)
says who signed; the capacity it was signed in is the title printed beside it. A signature page read in two columns
prints every signature first and every capacity after ('/s/ Wendell P. Weeks', '/s/ R. Tony Tripeny', ... then
'(Principal Executive Officer)', '(Principal Financial Officer)', ...): the principal officers' capacities then pair
with the signatures in order, the registrant's own 'By: /s/ ...' signature above the list aside.

``signature_check`` returns one ``FieldCheck`` (``about``)."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .claims import check_field
from .rules import FieldCheck
from .values import CitedSpan

_SIGNED = re.compile(r"/s/", re.IGNORECASE)
_BY = re.compile(r"\bby:?\s*/s/", re.IGNORECASE)
# the principal officers Form 10-K's signatures name (General Instruction D(2)): executive, financial, accounting
_PRINCIPAL = re.compile(
    r"\bprincipal\s+(?P<roles>(?:executive|financial|accounting)(?:\s*(?:,|and|&)\s*(?:executive|financial|accounting))*)"
    r"\s+officer",
    re.IGNORECASE,
)
_CAPACITY = re.compile(r"\bas\s+(?:(?:its|the|our|their)\s+)?(?P<capacity>[^?]+)", re.IGNORECASE)


def signature_check(question: str, spans: list[CitedSpan], name: set[str]) -> FieldCheck:
    """'Who signed ... as Principal Financial Officer?' answered with '/s/' quotes: the capacity asked is said on the
    signature's own quote, or the page's signatures pair with its principal officers' capacities in order and the
    one paired with the capacity asked is the person the answer names (*name*, its words)."""
    asked = _CAPACITY.search(question)
    capacity = set(tokenize(asked.group("capacity"))) if asked else set()
    signed = [s for s in spans if _SIGNED.search(s.span.quote)]
    if not capacity or any(capacity <= set(tokenize(s.span.quote)) for s in signed):
        return check_field("about", "not_applicable")
    roles = _roles(asked.group("capacity")) if asked else frozenset()
    for cited in signed if roles and name else []:
        signer = _paired(_page_lines(cited), roles)
        if signer is not None and name <= set(tokenize(signer)):
            return check_field("about", "not_applicable")
        if signer is not None:
            detail = f"about: the signature page pairs that capacity with '{signer}', not the person answered"
            return check_field("about", "unknown", detail)
    return check_field("about", "unknown", "about: no quote pairs the signature with the capacity asked")


def _roles(text: str) -> frozenset[str]:
    """The principal officer's roles a capacity names: 'Principal Financial and Accounting Officer' ->
    {financial, accounting}."""
    found = _PRINCIPAL.search(text)
    return (
        frozenset(re.findall(r"executive|financial|accounting", found.group("roles").lower())) if found else frozenset()
    )


def _page_lines(cited: CitedSpan) -> list[str]:
    """The lines of the page the quote's signature sits on."""
    lines = cited.document.lines
    texts, pages = lines["text"].tolist(), lines["page"].tolist()
    start = cited.span.line_start
    page = pages[start - 1] if 1 <= start <= len(texts) else None
    return [str(t) for t, p in zip(texts, pages, strict=True) if p == page]


def _paired(lines: list[str], roles: frozenset[str]) -> str | None:
    """The signature a page pairs with the principal officer's capacity of *roles*: a capacity on a signature's own
    line is its own; one on a line of its own pairs with the first signature still waiting, and the registrant's
    'By: /s/' signature waits only until the next signature."""
    waiting: list[str] = []
    for line in lines:
        capacity = _roles(line)
        if _SIGNED.search(line):
            waiting = [w for w in waiting if not _BY.search(w)]
            if capacity:
                if capacity == roles:
                    return _SIGNED.split(line, maxsplit=1)[1].strip()
                continue
            waiting.append(line)
        elif capacity and waiting:
            signature = waiting.pop(0)
            if capacity == roles:
                return _SIGNED.split(signature, maxsplit=1)[1].strip()
    return None
