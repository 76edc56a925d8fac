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
    r"(?:located|headquartered|based|situated)\b|"
    r"^\W*where\s+(?:is|are|was|were)\s+(?P<owner>.+?)(?:['\u2019]s?)?\s+(?:(?:corporate|world|global)\s+)?"
    r"(?:headquarters|head\s+office|principal\s+executive\s+offices)(?:\s+located)?\s*\?|"
    r"^\W*what\s+(?:is|was|are|were)\s+(?P<holder>.+?)(?:['\u2019]s?)?\s+(?:(?:corporate|world|global)\s+)?"
    r"(?:headquarters|head\s+office|principal\s+executive\s+offices)(?:['\u2019]s?)?\s+address\b",
    re.IGNORECASE,
)
_SEAT = (
    r"(?:(?:corporate|world|global)\s+)?headquarters?|(?:principal\s+)?(?:corporate|general|executive|head|main|home|"
    r"administrative)\s+offices?|principal\s+offices?"
)
# the owner of the seat a question asks: "American Express's headquarters", 'the headquarters of Acme', 'Acme'
_OWNER_BEFORE = re.compile(rf"^(?P<owner>.+?)(?:['\u2019]s?)?\s+(?:{_SEAT})$", re.IGNORECASE)
_OWNER_AFTER = re.compile(rf"^(?:the\s+|its\s+)?(?:{_SEAT})\s+(?:of|for)\s+(?P<owner>.+)$", re.IGNORECASE)
# a seat said to be another's: 'the headquarters for AENB', 'the head office of Amex Bank of Canada'
_NAME = r"[A-Z][\w&.'\u2019()-]*(?:\s+(?:(?:and|of|de)\s+)?[A-Z][\w&.'\u2019()-]*)*"
_SEAT_OF = re.compile(rf"\b(?:{_SEAT})\s+(?:for|of)\s+(?:the\s+|our\s+|its\s+)?(?P<name>{_NAME})", re.IGNORECASE)
# ... or a part's or another's by its possessive: "the Health Care Benefits segment's principal office"
_OWNED_SEAT = re.compile(
    rf"(?P<name>{_NAME}(?:\s+(?:segment|division|business|unit|subsidiary))?)['\u2019]s\s+(?:{_SEAT})", re.IGNORECASE
)
# ... or a region's: 'EUROPEAN HEADQUARTERS', 'our regional headquarters', 'the EMEA headquarters'
_REGION_SEAT = re.compile(
    r"\b(?P<name>regional|divisional|international|[A-Z][A-Za-z&-]*)\s+(?i:headquarters?|head\s+office)\b"
)
_NOT_REGION = frozenset(tokenize("corporate world global principal company our the its executive new main"))
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
    subject = (asked.group("subject") or asked.group("owner") or asked.group("holder")) if asked else ""
    if not spans or not asked or not _asks_company(subject, issuer):
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
# what is placed: the nearest name before 'headquartered (based, located) in' in its sentence, not one after a
# preposition ('customers in Europe, is headquartered'): 'Semfinder, headquartered in Kreuzlingen', 'LeoVegas AB, a
# company with operations headquartered in Sweden', 'JPMorgan Chase & Co. ... is a financial services firm based in'
_PLACED = re.compile(r"\b(?:headquartered|based|located|situated)\s+(?:in|at)\b", re.IGNORECASE)
_RUN = re.compile(
    r"(?<![\w'\u2019])(?:[A-Z][\w&.'\u2019-]*|\d+[A-Za-z]\w*)(?:\s+(?:&\s+)?(?:[A-Z][\w&.'\u2019-]*|Co\.))*"
)
# a name used as a modifier ('under Delaware law'): not what is placed
_MODIFIES = re.compile(r"\s+(?!(?:is|are|was|were|which|that|a|an|the|with|headquartered|based|located)\b)[a-z]")
_PREPOSITION = re.compile(r"\b(?:in|at|from|across|throughout|near|and)\s*$", re.IGNORECASE)  # before a place
# a seat given as one of a list of sites placed together: 'corporate headquarters, retail locations and distribution
# facilities in the United States and China'
_LISTED = re.compile(rf"\b(?:{_SEAT}),\s+(?:[a-z-]+\s+){{0,3}}?[a-z-]+s\b(?:,|\s+and\b)", re.IGNORECASE)
_PLACES = re.compile(r"\b(?:in|at)\s+(?:the\s+)?[A-Z][\w.]*(?:\s+[A-Z][\w.]*)*\s+and\s+(?:the\s+)?[A-Z]")  # several
_SEAT_SAID = re.compile(rf"\b(?:{_SEAT})\b", re.IGNORECASE)


def _seat_said(cited: CitedSpan, issuer: frozenset[str]) -> str:
    """'own' when a cited sentence says the company's seat (a cover page's label '(Address of principal executive
    offices)' is cited with its address), 'listed' when it places the seat together with other sites, 'none' when
    it says no seat, else what it places instead: another organisation's, a part's or a region's headquarters, or
    the company's other sites."""
    sentence = f"{lead_in(cited.document, cited.span)} {cited.span.quote}".strip()
    if _OTHER_SITES.match(sentence):
        return "the company's other sites"
    mine = issuer | LEGAL_FORMS | _COMPANY_WORDS
    named = [m.group("name") for m in [*_SEAT_OF.finditer(sentence), *_OWNED_SEAT.finditer(sentence)]]
    named += [m.group("name") for m in _REGION_SEAT.finditer(sentence) if m.group("name").lower() not in _NOT_REGION]
    others = [name for name in named if not set(tokenize(name)) <= mine]
    placed = [_placed_subject(sentence[: m.start()], mine) for m in _PLACED.finditer(sentence)]
    others += [p for p in placed if p not in (None, "own")]
    own = len(_SEAT_SAID.findall(sentence)) > len(named) or _SELF_PLACED.search(sentence) or "own" in placed
    if own:
        return "listed" if _LISTED.search(sentence) and _PLACES.search(sentence) else "own"
    return f"the headquarters of {others[0]}" if others else "none"


def _placed_subject(before: str, mine: frozenset[str]) -> str | None:
    """What 'headquartered (based, located) in' places, read from the words before it in its sentence: 'own' for
    the company ('we', its name, 'the Company'), another name, or None when no name stands before it."""
    if re.search(r"\b(?:we|our|the\s+company)\b[^.;]*$", before, re.IGNORECASE) and not _RUN.search(
        re.split(r"\b(?:we|our|the\s+company)\b", before, flags=re.IGNORECASE)[-1]
    ):
        return "own"
    before = re.sub(r"\([^()]*\)", " ", before)  # '(NYSE: JPM)', '(publ)': asides
    for run in reversed(list(_RUN.finditer(before))):
        # 'customers in Europe': a place, not what is placed; 'Delaware law': a modifier
        if _PREPOSITION.search(before[: run.start()]) or _MODIFIES.match(before, run.end()):
            continue
        return "own" if set(tokenize(run.group(0))) <= mine else run.group(0)
    return None
