"""Whose act or whose case a quote tells. 'In what year did 3M begin selling the ... earplugs?' is not answered by
'Aearo Technologies sold ... earplugs starting in about 2003': the sentence dates another company's act (3M bought
Aearo later). 'Did the chapter 11 filing stay the lawsuits pending against 3M itself?' is not answered by 'all
litigation against Aearo Entities ... is automatically stayed': a stay, a claim, a judgment is against the party
its sentence names. Both read English sentence structure: the name before the active verb is who acts, the name
after 'against' is the party a proceeding is brought against."""

from __future__ import annotations

import re

from ..question.parse import search_text
from ..textnorm import split_sentences, tokenize
from .claims import check_field, quote_sentences
from .events import verb_in
from .issuer import LEGAL_FORMS
from .names import document_lowercase
from .passages import document_text
from .rules import FieldCheck
from .values import CitedSpan

# the issuer's own words for itself: not another party
_SELF = frozenset(tokenize("company registrant we us our it itself its the corporation firm group parent"))
# a name as filings write it: capitalised words or ones led by a digit ('3M'), joined by 'and', '&', 'of'
_NAME = r"(?:[A-Z0-9][\w&.'\u2019-]*)(?:\s+(?:(?:of|and|&|the)\s+)?[A-Z0-9][\w&.'\u2019-]*)*"
# the question's company acting: 'did 3M begin selling', 'has the Company started'; its verb after a 'begin'
_ASKS_ACT = re.compile(
    rf"\b(?:did|does|do|has|have|had|will)\s+(?P<who>(?:the\s+)?(?:{_NAME}|company|registrant|firm))\s+(?:first\s+)?"
    r"(?:(?:begin|began|start|started|commence|commenced)\s+(?:to\s+)?)?(?P<verb>[a-z]{3,})\b"
)
# 'In 2008, ', 'On March 9, 2021, ' (a date's own comma inside)
_LEAD_IN = re.compile(
    r"^\W*(?:(?:in|on|during|since|by|as\s+of|beginning\s+in|starting\s+in|effective)\s+"
    r"(?:[A-Z][a-z]+\s+\d{1,2},\s+\d{4}|[^,]{1,40}),\s*)?",
    re.IGNORECASE,
)
# a subject of its own between the name and the verb: 'Fotolia On January 27, 2015, we completed the acquisition'
_OTHER_SUBJECT = re.compile(r"\b(?:we|our|it|its|they|he|she|the\s+company|on|in)\b|\d", re.IGNORECASE)
# a name of the company's own ('The Company's New Jersey subsidiary', 'our'); a clause opened by a subordinator
_OWN = re.compile(r"\b(?:company['\u2019]s|our|its)\b", re.IGNORECASE)
_SUBORDINATE = re.compile(r"(?:while|although|though|as|because|when|if|after|before|since|upon|once|unless)\b", re.I)
_BE = re.compile(r"\b(?:was|were|is|are|been|be|being)\b", re.IGNORECASE)
_VERB_WITHIN = 8  # words between the subject's name and its verb ('Aearo Technologies, a company ..., sold')
_PROCEEDING = re.compile(
    r"\b(?:litigation|lawsuits?|suits?|claims?|complaints?|actions?|proceedings?|cases?|stay(?:ed)?|judgments?|"
    r"injunctions?|filed|brought|pending|asserted|sued)\b",
    re.IGNORECASE,
)
_AGAINST = re.compile(rf"\bagainst\s+(?:the\s+)?(?P<party>{_NAME}|(?i:company|us|it|itself|them)\b)")


def _terms(name: str) -> set[str]:
    return {t for t in tokenize(name) if t not in LEGAL_FORMS and t not in ("the", "and", "of")}


def _is_self(name: str, issuer: frozenset[str]) -> bool:
    terms = _terms(name)
    return not terms or terms <= _SELF | issuer or bool(terms & issuer - _SELF)


def date_agent_rule(date_text: str, spans: list[CitedSpan], question: str, issuer: frozenset[str]) -> FieldCheck:
    """A date asked of the company's own act ('did 3M begin selling') is not the date of a sentence whose subject,
    before the same verb in the active voice, is another organisation ('Aearo Technologies sold ... starting in about
    2003'): ``mismatch`` naming the actor."""
    asked = _ASKS_ACT.search(search_text(question))
    if asked is None or not issuer or not _is_self(asked["who"], issuer):
        return check_field("agent", "not_applicable")
    verb = asked["verb"].removesuffix("ing")
    lowercase = document_lowercase(spans)
    for sentence in quote_sentences(spans):
        if date_text.lower() not in sentence.lower():
            continue
        actor = _active_subject(sentence, verb, lowercase)
        if actor is None or _OWN.search(actor) or _defined_as_own(actor, spans, issuer):
            continue
        if not _is_self(actor, issuer) and not _terms(actor) & _terms(asked["who"]):
            detail = f"agent: {date_text!r} dates what {actor} did, not {asked['who']}"
            return check_field("agent", "mismatch", detail)
    return check_field("agent", "not_applicable")


def _active_subject(sentence: str, verb: str, lowercase: frozenset[str]) -> str | None:
    """The name that opens *sentence* (after a lead-in 'In 2008,') when the verb follows it, in the active voice,
    within a few words; None otherwise. A word the document writes in lowercase elsewhere is capitalised only as
    the sentence's first ('Revenue from products sold'): no name."""
    body = sentence[_LEAD_IN.match(sentence).end() :]  # type: ignore[union-attr]
    named = re.match(_NAME, body)
    words = re.findall(r"[\w&.'\u2019-]+", named.group(0)) if named else []
    if (
        named is None
        or _SUBORDINATE.match(body)
        or all(w.lower() in lowercase or not re.search("[A-Za-z]", w) for w in words)
    ):
        return None
    words = body[named.end() :].split()[:_VERB_WITHIN]
    for at, word in enumerate(words):
        if verb_in(verb, word):
            between = " ".join(words[:at])
            return None if _BE.search(between) or _OTHER_SUBJECT.search(between) else named.group(0)
    return None


def _defined_as_own(actor: str, spans: list[CitedSpan], issuer: frozenset[str]) -> bool:
    """Whether the document defines the actor's short form with the issuer's name ('American Water Capital Corp.
    ("AWCC")') or as a part of the company ('four reportable segments: ..., Defense, Space & Security (BDS)')."""
    short = actor.split()[0]
    if not short.isupper() or not issuer:
        return False
    defined = re.compile(
        rf"(?P<full>[A-Z][\w&,.'\u2019 -]{{3,80}}?)\s*\((?:the\s+)?[\"'\u201c]?{re.escape(short)}[\"'\u201d]?\)"
    )
    for cited in spans[:1]:
        text = document_text(cited.document)
        for found in defined.finditer(text):
            sentence = text[text.rfind(". ", 0, found.start()) + 1 : text.find(". ", found.end())]
            if _terms(found["full"]) & (issuer - _SELF) or _PART_OF.search(sentence):
                return True
    return False


# a definition that makes the short form a part of the company: 'we operate in four reportable segments: Commercial
# Airplanes (BCA), Defense, Space & Security (BDS)', 'our wholly owned subsidiary'
_PART_OF = re.compile(r"\b(?:segments?|subsidiar(?:y|ies)|wholly[- ]owned|divisions?|we|our)\b", re.IGNORECASE)


def against_party_rule(question: str, spans: list[CitedSpan], issuer: frozenset[str]) -> FieldCheck:
    """A question about proceedings against one party ('the lawsuits pending against 3M itself') is not decided by
    quotes that tell only of those against another ('all litigation against Aearo Entities ... is automatically
    stayed'): ``unknown``, both parties named."""
    asked = _AGAINST.search(search_text(question))
    if asked is None:
        return check_field("party", "not_applicable")
    wanted = asked["party"]
    # only sentences of a proceeding name a party ('the U.S. dollar against the Euro' names none)
    parts = [part for s in quote_sentences(spans) for part in split_sentences(s) if _PROCEEDING.search(part)]
    said = [m["party"] for part in parts for m in _AGAINST.finditer(part)]
    if not said or any(_same_party(p, wanted, issuer) for p in said):
        return check_field("party", "not_applicable")
    return check_field("party", "unknown", f"party: the quotes tell of proceedings against {said[0]}, not {wanted}")


def _same_party(said: str, wanted: str, issuer: frozenset[str]) -> bool:
    if _is_self(wanted, issuer):
        return _is_self(said, issuer)
    # the filer's own words ('against us', 'the Company') may be the party named, when the filer's name is not known
    return bool(_terms(said) & _terms(wanted)) or _terms(said) <= _SELF
