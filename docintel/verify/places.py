"""A place or part a question scopes a figure to: 'revenues in the United States', 'sales in Greater China', 'the
total sales change for Safety and Industrial', 'United States net property, plant and equipment', 'the
Transportation and Electronics operating income margin' ask for that part, not the company's whole (the row must
name it: the member field). Read: a run of capitalised words (joined by 'and', '&', 'of') after 'in', 'within',
'across' (not 'outside': that asks the rest of the world); two joined by 'and' after 'for'; the subject of a verb of
earning ('did Paxlovid generate'); one right before the line item the question names (not a possessive: the owner;
not a word of the item's own name, 'Asset turnover'). Not a place: a period, a currency, a scale, a class of
shares, a part of the filing ('the Cash Flow Statement') or the issuer."""

from __future__ import annotations

import re
from itertools import permutations

from ..concepts import concepts_in, qualifier_text
from ..periods import MONTHS
from ..textnorm import tokenize

_RUN = r"[A-Z][\w&.'\u2019-]*(?:\s+(?:(?:and|&|of)\s+)?[A-Z][\w&.'\u2019-]*){0,4}"
# 'outside the United States' asks the rest of the world, not the place named: no scope read from it
_AFTER = re.compile(rf"\b(?i:in|within|across)\s+(?i:the\s+|its\s+)?(?P<place>{_RUN})")
# 'for Safety and Industrial': a business named by two words joined ('for Acme' may be the company itself)
_FOR = re.compile(r"\bfor\s+(?:the\s+|its\s+)?(?P<place>[A-Z][\w.'\u2019-]*\s+(?:and|&)\s+[A-Z][\w.'\u2019-]*)")
# 'How much revenue did Paxlovid generate': the part that earns the figure, as the subject of a verb of earning
_EARNER = re.compile(
    rf"\b(?i:did|does|do|has|have|had|will)\s+(?P<place>{_RUN})(?:\s+[a-z]+){{0,2}}?\s+"
    r"(?i:generate|earn|record|report|contribute|bring\s+in|produce|post|deliver|account\s+for)\b"
)
# 'United States net property': not a possessive ('Acme's net income' names the owner, never a part of it)
_BEFORE_ITEM = re.compile(rf"(?<![\w'\u2019-])(?P<place>{_RUN})(?<!'s)(?<!\u2019s)(?=\s+[a-z])")
# the line item right after the run ends before a preposition or verb ('Acme spend on share repurchases': none)
_UP_TO_PREPOSITION = re.compile(r"\b(?:on|in|at|for|during|from|to|by|as|was|were|is|are|did|does|do|has|have|had)\b")
# capitalised words that name no place: a period ('in Fiscal 2021', 'for the Three Months Ended'), a currency or
# scale, a class of shares, a part of the filing
_NOT_PLACE = frozenset(
    tokenize(
        "fiscal fy year years quarter quarters first second third fourth q1 q2 q3 q4 h1 h2 half calendar ytd "
        "three six nine twelve month months week weeks ended ending end period periods dollars dollar usd euros "
        "euro eur pounds yen millions billions thousands gaap non adjusted total company consolidated us-gaap item "
        "note part table section exhibit schedule page form class common preferred stock shares continuing "
        "discontinued operations board statement statements sheet sheets flow flows notes note report reports "
        "accordance current last next prior francs franc md management discussion analysis annual quarterly "
        + " ".join(MONTHS)
    )
)


def place_terms(asking: str, ignore: frozenset[str] = frozenset()) -> set[str]:
    """The terms of each place or part *asking* scopes to (none of the issuer's name terms in *ignore*)."""
    terms: set[str] = set()
    earners = [m for m in _EARNER.finditer(asking) if not _short_for(m.group("place"), ignore)]  # 'did Amex generate'
    for match in [*_AFTER.finditer(asking), *_FOR.finditer(asking), *earners]:
        place = match.group("place")  # 'in the U.S.': the United States, which tokenizes to nothing
        terms |= _words("United States" if _US.match(place.strip()) else place, ignore)
    for match in _BEFORE_ITEM.finditer(asking):
        run, rest = match.group("place"), _UP_TO_PREPOSITION.split(asking[match.end() :], maxsplit=1)[0]
        item = concepts_in(qualifier_text(rest)).concepts
        if not item:
            continue
        if (  # 'Asset turnover': a run that is a word of the item's own name is no part of the company
            not concepts_in(qualifier_text(run)).concepts
            and concepts_in(qualifier_text(f"{run} {rest}")).concepts == item
        ):
            terms |= _words(run, ignore)  # 'United States net property, plant and equipment'
    return terms


def _short_for(run: str, names: frozenset[str]) -> bool:
    """Whether *run* is a short form of the names (the issuer's terms): the start of each of some of them, in turn
    ('Amex' for American Express), or one of them."""
    word = run.lower().replace(" ", "")
    if set(tokenize(run)) <= names:
        return True
    return any(_starts(word, list(order)) for order in permutations(sorted(names), min(len(names), 3)))


def _starts(word: str, names: list[str]) -> bool:
    """Whether *word* is a start of the first name, then of the next, ... to its end ('am' + 'ex')."""
    if not word:
        return True
    if not names:
        return False
    first = names[0]
    return any(word.startswith(first[:n]) and _starts(word[n:], names[1:]) for n in range(2, len(first) + 1))


# 'in the U.S.' asks the United States ('U.S. federal' before a line item is a row's own name, left to the row)
_US = re.compile(r"^U\.?S\.?A?\.?$")


def _words(run: str, ignore: frozenset[str]) -> set[str]:
    words = {w for w in tokenize(run) if not any(ch.isdigit() for ch in w)}
    if not words or words & _NOT_PLACE or words <= ignore:
        return set()
    return words - ignore


# a place a sentence says something is outside of ('all outside of the United States and Canada'), or leaves out of
# what it tells ('Territories other than direct distribution markets and Japan are serviced by licensees'): general
# English; of a list, only its capitalized names are places ('excluding Markets' only leaves Markets unsaid)
_OUTSIDE = re.compile(
    r"\b(?:outside\s+(?:of\s+)?|other\s+than\s+)(?P<place>[^.;:()]{1,90})",
    re.IGNORECASE,
)
_DENIED_BEFORE = re.compile(r"\b(?:no|not|none|never|neither)\b[^.;]*$", re.IGNORECASE)
_LEAVES_OUT = re.compile(r"\b(?:outside|other\s+than)\b", re.IGNORECASE)
_PLACE_NAME = re.compile(r"^(?:the\s+)?(?P<name>[A-Z][\w.]*(?:\s+(?:of\s+)?[A-Z][\w.]*)*)(?![\w-])")


def outside_asked(sentence: str, question: str) -> bool:
    """Whether *sentence* puts what it tells outside a place the question asks about ('Does General Mills operate
    any parlors in the United States?': 'all outside of the United States and Canada' says no)."""
    if _LEAVES_OUT.search(question):  # 'revenues from outside the United States?'
        return False
    asked = set(tokenize(question))
    # 'No customer other than Walmart accounted for 10%': a negation before it makes the name the exception that holds
    found = [p for p in _OUTSIDE.finditer(sentence) if not _DENIED_BEFORE.search(sentence[: p.start()])]
    parts = [part.strip() for p in found for part in re.split(r",|\s+(?:and|or)\s+", p["place"])]
    places = [named["name"] for part in parts if (named := _PLACE_NAME.match(part))]
    return any((words := set(tokenize(place))) and words <= asked for place in places)


def placed_elsewhere(sentences: list[str], asked: dict[str, frozenset[str]], said: str) -> tuple[str, str] | None:
    """(a place, a name asked) when none of *sentences* names the place the question names (*asked*: its proper
    names as printed, with their terms; a place when *said*, the question and its quotes, puts something in it:
    'located in San Francisco, California') while one of them puts what it says in another place ('We also lease
    43,689 square feet in New York, New York for a ... office under a lease that expires in 2025'): what it says
    is said of something elsewhere. Names are compared by their words' first letters."""
    places = {t[:5] for found in _AFTER.finditer(said) for t in tokenize(found["place"])}
    asked = {name: terms for name, terms in asked.items() if {t[:5] for t in terms} & places}
    wanted = {t[:5] for terms in asked.values() for t in terms}
    if not wanted or any({t[:5] for t in tokenize(s)} & wanted for s in sentences):
        return None
    for sentence in sentences:
        for found in _AFTER.finditer(sentence):
            if _words(found.group("place"), frozenset()):  # no sentence names what was asked: nor its place
                return found.group("place"), next(iter(asked))
    return None
