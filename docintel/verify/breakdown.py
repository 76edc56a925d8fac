"""A total its sentence goes on to break down ('we received total consideration of $4.25 billion, which consisted of
a 5% equity interest in the venture and approximately $4.2 billion in cash'): a question that asks the part ('How
much cash did ... receive') is not answered by the total."""

from __future__ import annotations

import re

from ..textnorm import split_sentences, tokenize
from .rules import FieldCheck
from .values import Candidate

_BREAKS_DOWN = re.compile(
    r"\b(?:consist(?:ed|ing|s)?|compris(?:ed|ing|es)|composed|made\s+up)\s+of\b|\bincluding\b", re.IGNORECASE
)
# a part and the noun that says what it is ('$4.2 billion in cash', '$50 million of stock', 'cash of $1.0 billion')
_FIGURE = r"\$?\s?\d[\d,.]*(?:\s+(?:million|billion|thousand))?"
_PART = re.compile(
    rf"(?P<figure>{_FIGURE})\s+(?:in|of)\s+(?P<word>[A-Za-z][\w-]*)"
    rf"|(?P<before>[A-Za-z][\w-]*)\s+of\s+(?P<then>{_FIGURE})"
)
# no noun of a part: scale words, periods, articles
_NO_NOUN = frozenset(
    tokenize("million billion thousand fiscal year years quarter the a an its our their approximately")
)


# '... placed a $5 billion deposit ... as part of $30 billion of deposits provided by a consortium': the figure after
# 'as part of' is a whole another thing of the sentence belongs to
_PART_OF = re.compile(
    r"\bpart\s+of\s+(?:(?:a|an|the|its|our|their)\s+)?(?:(?:total|aggregate)\s+(?:of\s+)?)?"
    r"(?:(?:approximately|about|nearly|roughly|over|some)\s+)?$",
    re.IGNORECASE,
)
# the part's own amount before 'as part of' in its sentence: without it, 'As part of the $3.2 billion acquisition of
# Fabrikam, we ...' gives the whole's figure as the sentence's subject
_AMOUNT_BEFORE = re.compile(r"[$\u20ac\u00a3\u00a5]\s?\d|\d\s*(?:million|billion|thousand)\b", re.IGNORECASE)


def _asks_whole(question: str, after: str) -> bool:
    """Whether the question asks the whole: a word it writes in lower case that the whole's own words after its first
    noun say ('provided by a consortium' for 'How much did the consortium of banks provide'). (A question asking a
    total of a sentence that names a part is read by the scope rules.)"""
    words = [w for w in tokenize(_CLAUSE_END.split(after, maxsplit=1)[0]) if w not in _NO_NOUN]
    lower = set(tokenize(" ".join(w for w in question.split() if w[:1].islower())))
    return bool(set(words[1:]) - set(words[:1]) & lower)  # the first word is the whole's noun, the part's too


_CLAUSE_END = re.compile(r"[;.]\s|[;.]$")


def breakdown_rule(candidate: Candidate, question: str, rest: str, lead: str = "") -> FieldCheck:
    """`subject` `unknown` for a figure of prose whose own sentence (its quote's, read on past the quote: *rest*) goes
    on after it to break it down ('which consisted of', 'including'), one part being a figure said to be a noun the
    question asks and the words naming the figure itself do not say ('total consideration of $4.25 billion' for
    cash; not 'payments totaling $18.2 million which consisted of $16.6 million in payments'); and for a figure
    after 'as part of' that follows an amount of its sentence (in the quote or in the sentence's words before it,
    *lead*): the whole that amount belongs to."""
    full = f"{candidate.sentence} {rest}" if candidate.row_label is None else ""
    at = full.find(candidate.printed)
    if at < 0:
        return FieldCheck(field="subject", verdict="not_applicable")
    whole = _PART_OF.search(full[:at])
    # the sentence's own amount before it, in the quote or in the words of its sentence before the quote (*lead*)
    owned = whole is not None and _AMOUNT_BEFORE.search(f"{lead} {full[: whole.start()]}")
    if whole and owned and not _asks_whole(question, full[at + len(candidate.printed) :]):
        said = f"{whole.group(0).strip()} {candidate.printed}"
        detail = f"subject: {candidate.printed} is the whole the sentence's subject is a part of ('{said}')"
        return FieldCheck(field="subject", verdict="unknown", asked=question, found=said, detail=detail)
    sentences = split_sentences(full[at:])
    after = sentences[0][len(candidate.printed) :] if sentences else ""
    down = _BREAKS_DOWN.search(after)
    if down is None:
        return FieldCheck(field="subject", verdict="not_applicable")
    naming = split_sentences(full[:at])
    own = set(tokenize(naming[-1] if naming else "")) | set(tokenize(after[: down.start()]))
    asked = set(tokenize(question)) - own - _NO_NOUN
    for part in _PART.finditer(after[down.end() :]):
        word = tokenize(part["word"] or part["before"] or "")[:1]
        if word and word[0] in asked:
            said = " ".join(part.group(0).split())
            detail = f"subject: the sentence breaks {candidate.printed} down into parts; '{said}' is the part asked"
            return FieldCheck(field="subject", verdict="unknown", asked=question, found=said, detail=detail)
    return FieldCheck(field="subject", verdict="not_applicable")
