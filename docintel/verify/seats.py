"""Where the company itself is: its headquarters (principal executive offices, head office), read from what each
cited sentence places. 'the headquarters for AENB in Sandy, Utah' is a subsidiary's seat, and a sentence that opens
'Other owned or leased principal locations include American Express offices in Phoenix' lists the company's other
sites: neither says where American Express is headquartered. The words for a company's seat are the Form 10-K
cover page's ('Address of principal executive offices') and the common ones (headquarters, head office)."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .claims import check_field
from .issuer import LEGAL_FORMS, issuer_terms
from .leadin import lead_in
from .rules import FieldCheck
from .values import CitedSpan

# 'Where is American Express headquartered?', 'Where are the company's principal executive offices located?'
_ASKS_WHERE = re.compile(
    r"^\W*where\s+(?:is|are|was|were)\s+(?P<subject>.+?)\s+(?:currently\s+|now\s+)?"
    r"(?:located|headquartered|based|situated)\b",
    re.IGNORECASE,
)
_SEAT = (
    r"(?:corporate\s+|world\s+|global\s+)?(?:headquarters|head\s+offices?|(?:principal\s+)?executive\s+offices?"
    r"|principal\s+offices?"
    r"|main\s+offices?|home\s+office)"
)
# the owner of the seat a question asks: "American Express's headquarters", 'the headquarters of Acme', 'Acme'
_OWNER_BEFORE = re.compile(rf"^(?P<owner>.+?)(?:['\u2019]s?)?\s+{_SEAT}$", re.IGNORECASE)
_OWNER_AFTER = re.compile(rf"^(?:the\s+|its\s+)?{_SEAT}\s+(?:of|for)\s+(?P<owner>.+)$", re.IGNORECASE)
# a seat said to be another's: 'the headquarters for AENB', 'the head office of Amex Bank of Canada'
_SEAT_OF = re.compile(
    rf"\b{_SEAT}\s+(?:for|of)\s+(?:the\s+|our\s+|its\s+)?(?P<name>[A-Z][\w&.'\u2019()-]*(?:\s+(?:(?:and|of|de)\s+)?"
    r"[A-Z][\w&.'\u2019()-]*)*)"
)
# a sentence listing the company's other sites: 'Other owned or leased principal locations include ...'
_OTHER_SITES = re.compile(
    r"^\W*(?:our\s+|the\s+company['\u2019]s\s+)?other\b[^.;]{0,80}?\b(?:locations|offices|properties|facilities|"
    r"sites)\b",
    re.IGNORECASE,
)
_COMPANY_WORDS = frozenset(tokenize("the its our company firm group")) | LEGAL_FORMS


def seat_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A question asking where the company itself is ('Where is American Express headquartered?') is answered only
    by a quote that says its seat: a sentence saying headquarters, principal
    executive offices or 'we are located', not another organisation's ('the headquarters for AENB in Sandy, Utah',
    'Semfinder, headquartered in Kreuzlingen') nor the company's other sites ('Other owned or leased principal
    locations include ...'). Quotes that say no seat at all leave the item unchecked."""
    asked = _ASKS_WHERE.search(question)
    issuer = issuer_terms(spans)
    if not spans or not asked or not _asks_company(asked.group("subject"), issuer):
        return check_field("about", "not_applicable")
    readings = [_seat_said(cited, issuer) for cited in spans]
    if "own" in readings:
        return check_field("about", "not_applicable")
    if "listed" in readings:  # 'the Company's corporate headquarters, retail locations and ... in the US and China'
        detail = "about: the quotes place the headquarters only together with other sites, in several places"
        return check_field("about", "unknown", detail)
    others = [r for r in readings if r not in ("none", "listed")]
    if others:
        return check_field("about", "mismatch", f"about: the quotes place {others[0]}, not the company's own seat")
    return check_field("about", "unknown", "about: the quotes say nothing of where the company's seat is")


def _asks_company(subject: str, issuer: frozenset[str]) -> bool:
    """Whether the subject asked where it is names the company itself (its name's terms, 'the company'), alone or
    as the owner of its seat."""
    subject = subject.strip()
    owner = _OWNER_BEFORE.match(subject) or _OWNER_AFTER.match(subject)
    terms = set(tokenize(owner.group("owner") if owner else subject))
    return bool(terms) and terms <= issuer | _COMPANY_WORDS and bool(terms & (issuer | {"company"}))


# the company placing itself: 'We are headquartered in', 'The Company is located in'
_SELF_PLACED = re.compile(
    r"\b(?:we|the\s+company|our\s+company)\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:\w+\s+)?"
    r"(?:located|based|headquartered|situated)\b",
    re.IGNORECASE,
)
# a named organisation placed: 'Semfinder, headquartered in Kreuzlingen', 'Acme Corp. is headquartered in'
_NAME_PLACED = re.compile(
    r"(?P<name>[A-Z][\w&.'\u2019-]*(?:\s+(?:of\s+)?[A-Z][\w&.'\u2019-]*)*),?\s+(?:which\s+is\s+|is\s+)?"
    r"(?:headquartered|based)\s+in\b"
)
# a seat given as one of a list of sites placed together: 'corporate headquarters, retail locations and distribution
# facilities in the United States and China'
_LISTED = re.compile(rf"\b{_SEAT},\s+(?:[a-z-]+\s+){{0,3}}?[a-z-]+s\b(?:,|\s+and\b)", re.IGNORECASE)
_SEAT_SAID = re.compile(rf"\b{_SEAT}\b|\bheadquartered\b", re.IGNORECASE)


def _seat_said(cited: CitedSpan, issuer: frozenset[str]) -> str:
    """'own' when a cited sentence says the company's seat (a cover page's label '(Address of principal executive
    offices)' is cited with its address), 'none' when it says no seat, else what it places instead: another
    organisation's headquarters or the company's other sites."""
    sentence = f"{lead_in(cited.document, cited.span)} {cited.span.quote}".strip()
    if _OTHER_SITES.match(sentence):
        return "the company's other sites"
    if _SELF_PLACED.search(sentence):
        return "own"
    mine = issuer | LEGAL_FORMS
    named = [m.group("name") for m in [*_SEAT_OF.finditer(sentence), *_NAME_PLACED.finditer(sentence)]]
    others = [name for name in named if not set(tokenize(name)) <= mine]
    seats = len(_SEAT_SAID.findall(sentence))
    if seats > len(others) and _LISTED.search(sentence):
        return "listed"
    if seats > len(others):
        return "own"
    return f"the headquarters of {others[0]}" if others else "none"
