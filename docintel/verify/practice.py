"""What a party may do, claimed as what the company does. Accounting guidance often leaves a choice ('There is
diversity in practice ... the seller can record a receivable for the contingent consideration at fair value ...';
'We elected the gain contingency treatment'): a text that states the option as the company's practice ('Coca-Cola
records a receivable ... at fair value') from the sentence that only permits it is unchecked. A permission is a
generic party ('the seller', 'an entity', 'companies') with a modal of possibility ('can', 'may', 'could', 'is
permitted to'), or a sentence that opens with 'Alternatively' (general English)."""

from __future__ import annotations

import re

from ..textnorm import split_sentences
from .claims import check_field, content_words
from .events import verb_in
from .rules import FieldCheck
from .values import CitedSpan

_PARTY = r"seller|buyer|entity|reporting\s+entity|lessee|lessor|issuer|holder|acquirer|preparer"
_PERMITTED = re.compile(
    rf"\b(?:the|a|an|any)\s+(?:{_PARTY})s?\s+(?:can|could|may|might|is\s+permitted\s+to|has\s+the\s+option\s+to)\s+"
    rf"(?P<act>[^.;]+)|\b(?:companies|entities|sellers|buyers|lessees|preparers)\s+(?:can|could|may|might)\s+"
    rf"(?P<act2>[^.;]+)|^\W*alternatively,?\s+(?P<act3>[^.;]+)|"
    rf"\bwe\s+may\s+(?:elect|choose|opt)\s+to\s+(?P<act4>[^.;]+)",
    re.IGNORECASE,
)
_SAYS_OPTION = re.compile(r"\b(?:can|could|may|might|alternative\w*|options?|permit\w*|allow\w*|either)\b", re.I)
_SHARED = 3  # the content words a claim must share with the permitted act to be read from it


def permission_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """``unknown`` when the text states as done what a quoted sentence only permits a party to do."""
    if _SAYS_OPTION.search(text):
        return check_field("scenario", "not_applicable")
    claimed = content_words(text)
    sentences = [sentence for cited in spans for sentence in split_sentences(cited.span.quote)]
    plain = [s for s in sentences if not _PERMITTED.search(s)]
    for sentence in sentences:
        found = _PERMITTED.search(sentence)
        act = next((g for g in found.groups() if g), "") if found else ""
        if found is None or not act or len(content_words(act) & claimed) < _SHARED:
            continue
        verb = act.split()[0]
        # a quoted sentence that states the act, its verb and words, with no modal: the practice is said
        if not any(verb_in(verb, s) and len(content_words(s) & content_words(act)) >= _SHARED for s in plain):
            detail = f"scenario: the quote permits it ('{found.group(0).strip()[:80]}'); the text says it is done"
            return check_field("scenario", "unknown", detail)
    return check_field("scenario", "not_applicable")
