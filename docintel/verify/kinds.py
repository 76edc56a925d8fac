"""Kinds of a thing: a question that asks one kind ('contractual backlog', 'reportable segments') is not answered by
quotes that name the thing only as another kind ('unobligated backlog', 'operating segments')."""

from __future__ import annotations

import re

from ..question.parse import search_text
from ..textnorm import tokenize


def other_kind(question: str, quotes: str, every_pair: bool = False) -> tuple[str, str] | None:
    """(asked, quoted) when the question's thing is one kind ('contractual backlog') and the quotes name that
    thing only as another kind ('unobligated backlog'): the word before the shared noun differs, and the
    question's word is nowhere in the quotes."""
    said = _WORD.findall(quotes.lower())
    pairs = _EVERY_PAIR if every_pair else _PAIRS  # every two words in a row, or each word in one pair only
    for kind, noun in pairs.findall(search_text(question)):
        if kind in _AROUND or noun in _AROUND or kind in said or not tokenize(kind) or not tokenize(noun):
            continue
        before = {said[i - 1] for i in range(1, len(said)) if said[i] == noun}
        others = {w for w in before if w not in _AROUND and tokenize(w)}
        if before and others == before:
            return f"{kind} {noun}", f"{sorted(others)[0]} {noun}"
    return None


_WORD = re.compile(r"[A-Za-z][\w-]*")
_PAIRS = re.compile(r"\b([a-z][\w-]+)\s+([a-z][\w-]+)\b")
_EVERY_PAIR = re.compile(r"\b([a-z][\w-]+)\s+(?=([a-z][\w-]+)\b)")
# words of a question around the thing it asks about, not kinds of it; a count is no kind ('two segments')
_AROUND = frozenset(
    "what drove drives caused causes led explains contributed reasons reason drivers driver the a an in of for to "
    "increase decrease increases decreases change changes growth decline rise fall higher lower and its their our "
    "was were is are did does primary main key company list name names which who one two three four five six seven "
    "eight nine ten several business major principal largest biggest significant top".split()
)
