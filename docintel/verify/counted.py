"""What a count counts. 'How many different unions represent its workforce?' asks a count of unions; '73 collective
bargaining agreements' counts agreements, though its sentence names unions too. The noun a number of prose is
followed by is what it counts; a count whose noun shares no word with the thing asked is unchecked."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .claims import check_field
from .rules import FieldCheck
from .values import Candidate

_HOW_MANY = re.compile(r"\bhow\s+many\s+(?P<asked>[^?]*)", re.IGNORECASE)
_RATE_COUNT = re.compile(r"^\s*(?:percent|percentage|basis|points?|bps|times)\b", re.IGNORECASE)
# the words a count's noun runs to: a preposition, a relative word, a verb of being, a comparison, a clause's end
_NOUN_END = re.compile(
    r"[,.;:()]|\b(?:in|at|on|of|for|from|to|with|by|as|who|whom|which|that|is|are|was|were|than|and|or|during|"
    r"under|across|since|through)\b",
    re.IGNORECASE,
)
_SCALE = frozenset({"thousand", "million", "billion", "approximately", "about", "over", "nearly", "some"})
# the words for people a count may use for one another (general English)
_PEOPLE = frozenset(tokenize("people persons individuals employees associates workers staff personnel headcount"))
_STEM = 5  # letters two words must share to be one word inflected ('pharmacy', 'pharmacies')


def counted_noun_rule(candidate: Candidate, question: str) -> FieldCheck:
    """A count of prose asked by 'How many X' whose quote follows it with a noun that names nothing of X ('73
    collective bargaining agreements' for unions): ``unknown``, both named. A cell (its row says what it counts), a
    number with no noun after it and a count of percentage points are not read."""
    asked = _HOW_MANY.search(question)
    if asked is None or _RATE_COUNT.match(asked.group("asked")) or candidate.row_label is not None:
        return check_field("counted", "not_applicable")
    if candidate.kind not in ("count", "number", "shares") or candidate.percent:
        return check_field("counted", "not_applicable")
    noun = _noun_after(candidate.sentence, candidate.printed)
    words = [w for w in tokenize(noun) if w.isalpha() and w not in _SCALE]
    if not words:
        return check_field("counted", "not_applicable")
    wanted = [w for w in tokenize(asked.group("asked")) if w.isalpha()]
    if any(_alike(w, a) for w in words for a in wanted):
        return check_field("counted", "not_applicable")
    thing = " ".join(asked.group("asked").split()[:4])
    detail = f"counted: {candidate.printed} counts '{noun.strip()}', not the '{thing}' asked"
    return check_field("counted", "unknown", detail)


def _noun_after(sentence: str, printed: str) -> str:
    """The words after the number to the end of the noun it counts ('collective bargaining agreements')."""
    at = sentence.find(printed) if printed else -1
    if at < 0:
        return ""
    after = sentence[at + len(printed) :]
    if after[:1].isalnum():  # the number was part of a longer one
        return ""
    return " ".join(_NOUN_END.split(after, maxsplit=1)[0].split()[:4])


def counts_what_is_asked(question: str, candidate: Candidate, ignore: frozenset[str] = frozenset()) -> str:
    """The noun a number of prose counts when it is the thing 'How many X' asks and its sentence says the rest of the
    question ('approximately 6,400 employees' for 'How many employees does it have?'; not '24 stores' closed for
    stores opened): '' otherwise. *ignore*: the issuer's name terms."""
    asked, sentence = _HOW_MANY.search(question), candidate.sentence
    noun = counted_noun(sentence, candidate.printed) if candidate.row_label is None else ""
    if asked is None or not noun:
        return ""
    head, *rest = _AUXILIARY.split(asked.group("asked"), maxsplit=1)
    wanted, said = [w for w in tokenize(head) if w.isalpha()], tokenize(noun)
    others = [w for w in tokenize(" ".join(rest)) if w.isalpha() and w not in ignore and w not in _WHEN]
    words = tokenize(sentence)
    if not wanted or not all(any(_alike(w, n) for n in said) for w in wanted):
        return ""
    return noun if all(any(_alike(w, s) for s in words) for w in others) else ""


_AUXILIARY = re.compile(r"\b(?:did|does|do|had|has|have|was|were|is|are|will|would|could|can)\b", re.IGNORECASE)
# the words of when, which the period field checks (general English and the months)
_WHEN = frozenset(
    tokenize(
        "as of at in on for during the end fiscal year years quarter date currently now today approximately "
        "january february march april may june july august september october november december"
    )
)


def counted_noun(sentence: str, printed: str) -> str:
    """The plural noun a number of *sentence* counts ('approximately 6,400 employees': 'employees'), '' when the words
    after it are no such noun (a scale, a verb, a preposition)."""
    words = _noun_after(sentence, printed).split()
    if not words or not all(w.isalpha() and w.islower() for w in words) or words[-1].endswith(("ed", "ing")):
        return ""
    return " ".join(words) if re.search(r"(?:[a-z]s|people|staff|personnel)$", words[-1]) else ""


def _alike(one: str, other: str) -> bool:
    """One word, up to an inflection ('pharmacy', 'pharmacies'), or both words for people."""
    return one[:_STEM] == other[:_STEM] or (one in _PEOPLE and other in _PEOPLE)
