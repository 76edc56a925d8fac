"""Whom a text claim is about: its subject, the content words before its first verb ('Footwear is warranted ...':
footwear), against the quote's. A claim's figure is said of the subject of the quote's sentence that gives it
('Certificate expirations are typically two months' says two months of certificates, not of loyalty points).

``text_subject_rule`` returns one ``FieldCheck`` (``about``)."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .claims import FIRST_VERB, SELF_WORDS, check_field, content_words, quote_sentences
from .rules import FieldCheck
from .values import CitedSpan
from .yesno import without_periods

# a figure a text claims: a number, in digits or words, with its unit ('two months', '90%', '14 days')
_FIGURE = re.compile(
    r"\b(?:\d[\d.,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|"
    r"nine)teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\s*"
    r"(?:%|percent\b|days?\b|weeks?\b|months?\b|years?\b)",
    re.IGNORECASE,
)


def subject_of(sentence: str, ignore: frozenset[str] = frozenset()) -> set[str]:
    """The content words before a sentence's first verb ('Customers may return ...': customers), dates and the
    issuer's name (*ignore*) aside ('As of December 31, 2023, we had ...')."""
    verb = FIRST_VERB.search(sentence)
    if verb is None:
        return set()
    head = without_periods(sentence[: verb.start()])
    return content_words(re.sub(r"\b(?:as\s+of|in|at|on|during)\b", " ", head, flags=re.I), SELF_WORDS | ignore)


def text_subject_rule(
    text: str, spans: list[CitedSpan], ignore: frozenset[str] = frozenset(), question: str = ""
) -> FieldCheck:
    """A text claim about one subject ('Footwear is warranted ... for two years') read from a quote about another
    ('camping equipment is warranted ...') is not supported: unchecked when no quote names the claim's subject and
    no quote's subject is named by the claim. A figure the claim gives ('two months') is read from the quote's
    sentences that give it, whose subject the claim or the question names: another sentence naming the subject does
    not lend it the figure."""
    claimed = subject_of(text, ignore)
    sentences = quote_sentences(spans)
    figures = {" ".join(f.group(0).lower().split()) for f in _FIGURE.finditer(text)}
    giving = [s for s in sentences if any(f in " ".join(s.lower().split()) for f in figures)]
    of_whom = set().union(*(subject_of(s, ignore) for s in giving)) if giving else set()
    claim_words = content_words(text)
    told = claim_words | content_words(question)  # a claim may leave its subject to the question ('The term was ...')
    if of_whom and not any(_inflected(w, c) for w in of_whom for c in told):
        # 'Certificate expirations are typically two months' (not 'the income tax charge' for 'taxed')
        figure = sorted(figures)[0]
        return check_field("about", "unknown", f"about: the quote gives {figure} of {', '.join(sorted(of_whom))}")
    if not claimed:  # no subject read from the claim ('3M amortizes its patents ...'): its figure's was checked
        return check_field("about", "not_applicable")
    words = set().union(*(content_words(s) for s in sentences)) if sentences else set()
    theirs = set().union(*(subject_of(s, ignore) for s in sentences)) if sentences else set()
    if claimed & words or not theirs or any(_inflected(w, c) for w in theirs for c in claim_words):
        return check_field("about", "supported")
    return check_field("about", "unknown", f"about: the quote is about {', '.join(sorted(theirs))}, not the claim's")


def _inflected(one: str, other: str) -> bool:
    """Whether two words are one, up to an inflection ('tax', 'taxed'), not a derivation ('expir', 'expirat')."""
    short, long = sorted((one, other), key=len)
    return long in {short, *(short + ending for ending in ("s", "es", "d", "ed", "ing"))}


# where a figure of time was spent: '27 years at Accenture', 'ten years with Kraft Foods'
_NAME_RUN = r"[A-Z][\w&.'\u2019-]*(?:\s+(?:&\s+)?[A-Z][\w&.'\u2019-]*)*"
_SPENT_AT = re.compile(rf"^\s*(?:[a-z]+\s+){{0,2}}?(?:at|with|for|by)\s+(?:the\s+)?(?P<org>{_NAME_RUN})")
# the organisation a claim gives it to: a name, or the company itself ('with the company', 'with us')
_CLAIM_AT = re.compile(rf"\b(?:at|with|for|by|joined)\s+(?:the\s+)?(?P<org>{_NAME_RUN}|(?i:company|us)\b)")


def figure_place_rule(text: str, spans: list[CitedSpan], issuer: frozenset[str] = frozenset()) -> FieldCheck:
    """A claim's figure the quote gives of another organisation ('Ms. Walker spent 27 years at Accenture') said of
    the one the claim names ('had been with Best Buy for 27 years', 'with the company'): unchecked, both named. The
    company's own name (*issuer*) in the quote is the company."""
    claimed = {m.group("org") for m in _CLAIM_AT.finditer(text)}
    for figure in _FIGURE.finditer(text):
        wanted = " ".join(figure.group(0).lower().split())
        for sentence in quote_sentences(spans):
            flat = " ".join(sentence.split())
            at = flat.lower().find(wanted)
            spent = _SPENT_AT.match(flat[at + len(wanted) :]) if at >= 0 else None
            if spent is None or not claimed:
                continue
            org, own = spent.group("org"), set(content_words(spent.group("org")))
            if own <= issuer or any(own & set(content_words(c)) for c in claimed):
                continue
            detail = f"about: the quote gives {wanted} {spent.group(0).split()[0]} {org}, not {sorted(claimed)[0]}"
            return check_field("about", "unknown", detail)
    return check_field("about", "not_applicable")


# a holding a yes/no asks of the company ('Did 3M retain a majority ownership stake in Neogen?')
_SHAREHOLDERS = re.compile(r"\b(?:shareholders|stockholders|shareowners)\b", re.IGNORECASE)  # asked of them
_ASKS_HOLDING = re.compile(  # not 'its own common shares', an intensifier
    r"\b(?:retain|hold|held|keep|kept|stake|control)\w*\b|"
    r"(?<!\bits\s)(?<!\btheir\s)(?<!\bour\s)\bown(?:s|ed|ership)?\b",
    re.IGNORECASE,
)
# the company's shareholders as the holder: '... resulted in subscribed 3M shareholders owning 50.1% of ...'
_HOLDERS_HOLD = re.compile(
    r"(?P<owner>[\w&.'\u2019-]+)\s+(?:shareholders|stockholders|shareowners)(?:\s+of\s+(?:the\s+)?(?P<of>[\w&.-]+))?"
    r"\s+(?:\w+\s+){0,2}?(?:own|owns|owning|owned|hold|holds|holding|held|receiv\w*)\b",
    re.IGNORECASE,
)
_OWN_WORDS = frozenset({"our", "its", "company's", "company\u2019s"})  # '... our shareholders owning ...'


def holders_rule(value: bool, spans: list[CitedSpan], question: str, issuer: frozenset[str]) -> FieldCheck:
    """A yes that the company holds something ('Did 3M retain a majority ownership stake in Neogen?') read from a
    quote whose holder is the company's shareholders ('subscribed 3M shareholders owning 50.1% of the common
    shares of Neogen'): its shareholders are not the company, unchecked."""
    if not value or not issuer or not _ASKS_HOLDING.search(question) or _SHAREHOLDERS.search(question):
        return check_field("about", "not_applicable")
    for cited in spans:
        for found in _HOLDERS_HOLD.finditer(cited.span.quote):
            owner = set(tokenize(re.sub(r"['\u2019]s?$", "", found["of"] or found["owner"])))
            if found["owner"].lower() in _OWN_WORDS or (owner and owner <= issuer | SELF_WORDS):
                detail = f"about: its quote's holders are the company's shareholders ('{found.group(0)}'), not it"
                return check_field("about", "unknown", detail)
    return check_field("about", "not_applicable")
