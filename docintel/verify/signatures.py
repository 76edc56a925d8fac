"""Who signed a filing in a capacity. A conformed signature ('/s/ Edward A. Schlesinger', Regulation S-T Rule 302)
says who signed; the capacity it was signed in is the title printed with it. A signature page is read as a sequence of
signatures and principal officers' capacities ('(Principal Financial Officer)', General Instruction D(2) of Form
10-K), a capacity split over two lines joined. Printed in rows, each capacity follows its own signature before the
next one ('/s/ KATHY N. WALLER' ... '(Principal Financial Officer)'); read in two columns, every signature comes first
and the capacities after ('/s/ Wendell P. Weeks', '/s/ R. Tony Tripeny', ... then '(Principal Executive Officer)',
'(Principal Financial Officer)'), and they pair in order. The registrant's own 'By: /s/ ...' signature takes only the
capacity printed right under it.

``signature_check`` returns one ``FieldCheck`` (``about``)."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .claims import check_field
from .passages import page_lines
from .rules import FieldCheck
from .values import CitedSpan

_SIGNED = re.compile(r"/s/", re.IGNORECASE)
_BY = re.compile(r"\bby:?\s*$", re.IGNORECASE)
_ROLES = "executive|financial|accounting"
_PRINCIPAL = re.compile(rf"\bprincipal\s+(?P<roles>(?:{_ROLES})(?:\s*(?:,|and|&)\s*(?:{_ROLES}))*)\s+officer", re.I)
_CHIEF = re.compile(rf"\bchief\s+(?P<roles>{_ROLES})\s+officer", re.IGNORECASE)  # the capacity as a question names it
_OPEN = re.compile(r"\(\s*principal\b[^)]*$", re.IGNORECASE)  # '(Principal Executive' / 'Officer)'
_CAPACITY = re.compile(r"\bas\s+(?:(?:its|the|our|their)\s+)?(?P<capacity>[^?]+)", re.IGNORECASE)

# ('signature', name, {'by'} for the registrant's own) or ('capacity', '', roles), with the number of its line
Event = tuple[str, str, frozenset[str], int]


def signature_check(question: str, spans: list[CitedSpan], name: set[str]) -> FieldCheck:
    """'Who signed ... as Principal Financial Officer?' answered with '/s/' quotes: the capacity asked is said on the
    signature's own quote, or the page pairs the signature of the person the answer names (*name*, its words) with
    that capacity."""
    asked = _CAPACITY.search(question)
    capacity = set(tokenize(asked.group("capacity"))) if asked else set()
    signed = [s for s in spans if _SIGNED.search(s.span.quote)]
    if not capacity or any(capacity <= set(tokenize(s.span.quote)) for s in signed):
        return check_field("about", "not_applicable")
    roles = _roles(asked.group("capacity"), questioned=True) if asked else frozenset()
    for cited in signed if roles and name else []:
        signer = _paired(_events(page_lines(cited)), roles)
        if signer is not None and name <= set(tokenize(signer)):
            return check_field("about", "not_applicable")
        if signer is not None:
            detail = f"about: the signature page pairs that capacity with '{signer}', not the person answered"
            return check_field("about", "unknown", detail)
    return check_field("about", "unknown", "about: no quote pairs the signature with the capacity asked")


def _roles(text: str, questioned: bool = False) -> frozenset[str]:
    """The principal officer's roles a capacity names ('Principal Financial and Accounting Officer': financial,
    accounting); a question's 'Chief Financial Officer' names the financial one."""
    found = [*_PRINCIPAL.finditer(text), *(_CHIEF.finditer(text) if questioned else [])]
    return frozenset(r for m in found for r in re.findall(_ROLES, m.group("roles").lower()))


def _events(lines: list[str]) -> list[Event]:
    """The page's signatures (each '/s/' of a line its own) and capacities, in the order printed."""
    events: list[Event] = []
    carried = ""
    for number, line in enumerate(lines):
        text = f"{carried} {line}".strip() if carried else line
        carried = text if _OPEN.search(text) and not _SIGNED.search(text) else ""
        if carried:
            continue
        pieces = _SIGNED.split(text)
        for before, after in zip(pieces, pieces[1:], strict=False):
            by = frozenset({"by"} if _BY.search(before) else ())
            events.append(("signature", after.split("  ")[0].strip(), by, number))
        if roles := _roles(text):
            events.append(("capacity", "", roles, number))
    return events


def _paired(events: list[Event], roles: frozenset[str]) -> str | None:
    """The signature the page pairs with the capacity of *roles*: the one right before a capacity when capacities
    sit between signatures (rows), else the signatures and capacities in order (two columns)."""
    pairs: list[tuple[str, frozenset[str]]] = []
    listed: list[Event] = []
    under_by = False
    for n, event in enumerate(events):
        if under_by:  # the capacity under the registrant's signature is its own
            under_by = False
            continue
        if event[0] == "signature" and "by" in event[2]:
            following = events[n + 1] if n + 1 < len(events) else None
            if following is not None and following[0] == "capacity":
                pairs.append((event[1], following[2]))
                under_by = True
            continue
        listed.append(event)
    last = max((n for n, e in enumerate(listed) if e[0] == "signature"), default=-1)
    if any(e[0] == "capacity" for e in listed[:last]):  # rows: each capacity under its own signature
        pairs += [
            (signer, e[2]) for n, e in enumerate(listed) if e[0] == "capacity" and (signer := _row_of(listed[:n]))
        ]
    else:  # two columns: in order
        signatures = [e[1] for e in listed if e[0] == "signature"]
        pairs += list(zip(signatures, [e[2] for e in listed if e[0] == "capacity"], strict=False))
    return next((signer for signer, held in pairs if roles <= held), None)


def _row_of(before: list[Event]) -> str:
    """The signature a capacity printed in rows belongs to: the first of the last line of signatures right above it
    ('/s/ Brian J. West /s/ Akhil Johri' over '(Principal Financial Officer)': West, the left column's)."""
    if not before or before[-1][0] != "signature":
        return ""
    line = before[-1][3]
    return next(e[1] for e in before if e[0] == "signature" and e[3] == line)
