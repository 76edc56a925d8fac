"""What a count counts. 'How many different unions represent its workforce?' asks a count of unions; '73 collective
bargaining agreements' counts agreements, though its sentence names unions too. The noun a number of prose is
followed by is what it counts; a count whose noun shares no word with the thing asked is unchecked."""

from __future__ import annotations

import re
from itertools import takewhile

from ..numbers import SCALE_WORDS
from ..periods import MONTHS
from ..textnorm import tokenize
from .claims import check_field, content_words
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
_SCALE = frozenset(SCALE_WORDS) | {"approximately", "about", "over", "nearly", "some"}  # no noun of what is counted
# the words a count of people (or of a company's owners) may use for one another (general English)
_ALIKE_GROUPS = (
    frozenset(tokenize("people persons individuals employees associates workers staff personnel headcount colleagues")),
    frozenset(tokenize("holders shareholders stockholders owners")),
)
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
    thing = " ".join(asked.group("asked").split()[:4])
    if any(_alike(w, a) for w in words for a in wanted):
        rest = _after_noun(candidate.sentence, candidate.printed, noun)
        if not _NARROWED.match(rest):  # 'votes for', 'shares of common stock' go on; they do not narrow
            return check_field("counted", "not_applicable")
        # '50,000 employees, which constitute 32% of our total workforce, were union represented': a part of them
        detail = f"counted: {candidate.printed} {noun.strip()} is narrowed after it ('{rest.strip()[:80]}')"
        return check_field("counted", "unknown", detail)
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


def _after_noun(sentence: str, printed: str, noun: str) -> str:
    """The words of *sentence* after the noun a number counts."""
    return sentence[sentence.find(noun, sentence.find(printed)) + len(noun) :]


def counts_what_is_asked(question: str, candidate: Candidate, ignore: frozenset[str] = frozenset()) -> str:
    """The noun a number of prose counts when it is the thing 'How many X' asks and its sentence says the rest of the
    question ('approximately 6,400 employees' for 'How many employees does it have?'; not '24 stores' closed for
    stores opened): '' otherwise. *ignore*: the issuer's name terms."""
    asked, sentence = _HOW_MANY.search(question), candidate.sentence
    noun = counted_noun(sentence, candidate.printed) if candidate.row_label is None else ""
    if asked is None or not noun:
        return ""
    head, *rest = _AUXILIARY.split(asked.group("asked"), maxsplit=1)
    ends = _ENDS_COUNT.match(_after_noun(sentence, candidate.printed, noun))
    if ends is None:  # '3,700 employees, excluding seasonal hires, in North America were covered': a part
        return ""
    said, asked_words = tokenize(f"{noun} {ends.group('of')}"), [w for w in tokenize(head) if w in content_words(head)]
    counted = len(list(takewhile(lambda w: any(_alike(w, n) for n in said), asked_words)))  # 'different unions'
    others = [w for w in [*asked_words[counted:], *content_words(" ".join(rest))] if w.isalpha()]
    words = tokenize(sentence)
    if not counted or not all(w in ignore or w in _WHEN or any(_alike(w, s) for s in words) for w in others):
        return ""
    return noun


# what may follow the noun a total count counts: whose record ('of record of our common stock'), the sentence's end,
# its date, its reach, the part that follows
_ENDS_COUNT = re.compile(
    r"^\s*(?P<of>(?:of\s+record\b)?(?:\s*of\s+(?:our|its|the\s+company's)\s+[a-z ]{0,30}?(?:stock|shares))?)"
    r"\s*(?:in\s+(?:over\s+|more\s+than\s+)?\d[\d,]*\s+[a-z]+\s*)?"  # 'in 45 countries'
    r"\s*(?:(?:as\s+of|at|on)\s+[A-Z][a-z]+\s+\d{1,2},\s+\d{4}\s*)?"
    r"(?:worldwide|globally|around\s+the\s+world|across\s+the\s+(?:enterprise|company)|in\s+total)?"
    r"\s*(?:[.;]|,\s+(?:of\s+whom|of\s+which|including)\b|$)"
)
# a count's noun narrowed after it to a part of the whole: a relative or an exception set off by a comma, or a verb
# saying what only some were ('50,000 employees, which constitute 32% ...', '... employees were union represented')
_NARROWED = re.compile(
    r"^\s*,\s*(?:which|who|excluding|except|other\s+than|not\s+including)\b|"
    r"^[^.;]*?\b(?:were|are)\s+(?:\w+\s+){0,2}?(?:union|represented|covered|part[- ]time|seasonal|temporary)\b",
    re.IGNORECASE,
)
_AUXILIARY = re.compile(r"\b(?:did|does|do|had|has|have|was|were|is|are|will|would|could|can)\b", re.IGNORECASE)
# the words of when, which the period field checks (general English and the months)
_WHEN = frozenset(
    tokenize("as of at in on for during the end fiscal year years quarter date currently now today approximately")
    + tokenize(" ".join(MONTHS))
)


def counted_noun(sentence: str, printed: str) -> str:
    """The plural noun a number of *sentence* counts ('approximately 6,400 employees': 'employees'), '' when the words
    after it are no such noun (a scale, a verb, a preposition)."""
    words = _noun_after(sentence, printed).split()
    if not words or not all(w.isalpha() and w.islower() for w in words) or words[-1].endswith(("ed", "ing")):
        return ""
    return " ".join(words) if re.search(r"(?:[a-z]s|people|staff|personnel)$", words[-1]) else ""


def _alike(one: str, other: str) -> bool:
    """One word, up to an inflection ('pharmacy', 'pharmacies'), or two words for people or for owners."""
    return one[:_STEM] == other[:_STEM] or any(one in group and other in group for group in _ALIKE_GROUPS)
