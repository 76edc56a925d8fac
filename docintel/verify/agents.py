"""Who does the verb a who-question asks ('Who controls Swoosh, LLC?', 'Which firm audited ...?'): the name an
answer gives first, said as that verb's agent in a quote's sentence (before the verb, or after its 'by'), or as a
pronoun's antecedent in an earlier sentence; a conformed signature ('/s/') says 'signed'.

``who_verb_rule`` returns one ``FieldCheck`` (``about``)."""

from __future__ import annotations

import re

from ..textnorm import split_sentences, tokenize
from .claims import check_field
from .events import verb_at, verb_in
from .issuer import issuer_terms
from .names import CAPITALISED, document_lowercase
from .rules import FieldCheck
from .signatures import signature_check
from .values import CitedSpan

# 'Who controls the voting of ...': the relation a who-question asks is its verb, after a modal or 'did'; not a
# copula or a role's verb ('Who is', 'Who serves as CFO'); a conformed signature ('/s/', Regulation S-T Rule 302)
# says 'signed' (in the capacity printed beside it: signatures.py)
_WHO_VERB = re.compile(
    r"^\s*(?:who|which\s+(?:[\w&'’.-]+\s+){0,3}?(?:firm|company|entity|bank|party|person|individual|executive|"
    r"officer|director|trustee|underwriter|lender))\s+"
    r"(?:(?:must|may|will|would|can|could|should|shall)\s+)?(?:\w+ly\s+)?(?P<verb>[a-z]{3,})\b",
    re.I,
)
_COPULAS = frozenset("is was are were has have had been being serve serves served act acts acted become became".split())
# verbs of reported speech: who said quoted words is read from their attribution (speakers.py)
_SPEECH = frozenset("said says say spoke speaks speak stated states commented noted added remarked".split())
# an owner named before a possessive, every capitalised word of it ('Mr. Knight's son', 'Philip Knight's son' name
# the son); a sentence that goes on with a pronoun ('He controls', an auditor's report's 'We have audited')
_POSSESSIVE = re.compile(r"(?:\b[A-Z][\w.-]*\s+)*\b[\w.-]+(?:'|\u2019)s?(?=\s)")
_PRONOUN_LEAD = re.compile(r"^\W*(?:he|she|they|it|we)\b", re.I)
_HONORIFICS = frozenset(tokenize("mr mrs ms dr sir"))


def who_verb_rule(question: str, spans: list[CitedSpan], text: str = "") -> FieldCheck:
    """A who-question asking who does a thing ('Who controls Swoosh, LLC?') is answered by a quote's sentence that
    says the verb of the person the answer names first (*text*): 'Swoosh, LLC was formed by Philip H. Knight' does
    not say the verb, and 'Swoosh, LLC is controlled by Mr. Knight's son' says it of the son, not of Philip H.
    Knight. 'Who signed ... as Principal Financial Officer?' with a '/s/' quote: the signature paired with that
    capacity (signatures.py)."""
    found = _WHO_VERB.match(question)
    verb = found.group("verb").lower() if found else ""
    # 'Which company did Best Buy acquire': its object
    if not verb or verb in _COPULAS or verb in _SPEECH or verb in ("did", "does"):
        return check_field("about", "not_applicable")
    quotes = [s.span.quote for s in spans]
    name = _lead_name(text, question, issuer_terms(spans), document_lowercase(spans))
    if verb.startswith("sign") and any("/s/" in q.lower() for q in quotes):
        return signature_check(question, spans, name)
    sentences = [s for q in quotes for s in split_sentences(q)]
    saying = [n for n, s in enumerate(sentences) if verb_in(verb, s)]
    if not saying:
        return check_field("about", "unknown", f"about: the quotes do not say who {verb} what was asked")
    if not name or any(_names(sentences[n], name) and _agent(sentences[n], verb, name) for n in saying):
        return check_field("about", "not_applicable")
    # the pronoun's antecedent: said before it, or the report's conformed signature ('We have audited' / '/s/ ...')
    earlier = [s for n, s in enumerate(sentences) if n not in saying and (n < saying[0] or "/s/" in s)]
    if any(_PRONOUN_LEAD.match(sentences[n]) for n in saying) and any(_names(s, name) for s in earlier):
        return check_field("about", "not_applicable")  # 'Mr. Weeks joined in 1983. He controls ...'
    return check_field("about", "unknown", f"about: the quotes say who {verb} of another than the answer names")


def _agent(sentence: str, verb: str, name: set[str]) -> bool:
    """Whether the name does the verb in *sentence*: written before it ('Ernst & Young LLP has audited') or after
    its 'by' ('were audited by KPMG LLP'), not in another verb's phrase ('We have audited ... criteria issued by the
    Committee of Sponsoring Organizations of the Treadway Commission')."""
    verbs = verb_at(verb, sentence)
    at = [m.start() for w in name for m in re.finditer(rf"\b{re.escape(w)}", sentence, re.IGNORECASE)]
    if not verbs or not at or min(at) < verbs[0]:
        return True
    return any(re.match(r"\W*(?:\w+\W+){0,2}?by\b", sentence[v:]) and v < min(at) for v in verbs)


def _lead_name(text: str, question: str, issuer: frozenset[str], lowercase: frozenset[str] = frozenset()) -> set[str]:
    """The words of the first name the answer writes that the question does not ('Philip Knight's son, Travis Knight
    ...': travis, knight; a run of two names before a single word, 'According to the 10-K, ... Travis Knight'),
    offices, honorifics, the company's name and words the document writes in lowercase aside."""
    ignore = set(tokenize(question)) | issuer | _HONORIFICS | set(tokenize(_OFFICE_WORDS))
    runs = []
    for match in CAPITALISED.finditer(_POSSESSIVE.sub(" ", text)):
        named = [w for w in re.findall(r"[\w'’-]+", match.group(0)) if w.lower() not in lowercase]
        if words := set(tokenize(" ".join(named))) - ignore:
            runs.append(words)
    return next((r for r in runs if len(r) > 1), runs[0] if runs else set())  # a given name and a surname first


def _names(sentence: str, name: set[str]) -> bool:
    """Whether a sentence names the person of *name*'s words, a possessive's owner aside; a surname alone is the
    person only where the sentence writes it alone or after an honorific, not after another given name ('Mr.
    Knight' is not the 'Travis Knight' of the sentence)."""
    plain = _POSSESSIVE.sub(" ", sentence)
    if not name <= set(tokenize(plain)):
        return False
    if len(name) > 1:
        return True
    surname = re.escape(next(iter(name)))
    given = re.compile(rf"\b(?!(?:Mr|Mrs|Ms|Dr)\b)[A-Z][\w.]*\s+{surname}\b", re.IGNORECASE)
    alone = [m for m in re.finditer(rf"\b{surname}\b", plain, re.IGNORECASE)]
    return any(not given.search(plain[max(0, m.start() - 30) : m.end()]) for m in alone)


_OFFICE_WORDS = (
    "chief executive financial operating officer president chair chairman emeritus director vice"
    " treasurer secretary controller counsel founder"
)
