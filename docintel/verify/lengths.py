"""The length in years a sentence gives a number of prose: 'returns of 6.4 percent, 8.2 percent, 6.2 percent, and
8.0 percent for the 5, 10, 15, and 20 year periods ended May 29, 2022' makes 6.4 percent a five-year figure,
though the sentence's only date ends a fiscal year. The numbers are paired with the lengths in order, when as many
numbers as lengths stand in a list right before them. And the part a sentence says a number is of: 'For fiscal
2019, $47 million related to the U.S. and a benefit of $1 million related to Canada' makes $47 million the U.S.'s,
not the company's."""

from __future__ import annotations

import re

from ..numbers import WORD_NUMBERS, Number, find_numbers
from ..textnorm import tokenize

_LENGTH = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)"
# 'for the 5, 10, 15, and 20 year periods', 'over the five-year period', 'in the 1 year period'
_LENGTHS = re.compile(
    rf"\b(?:for|in|over|during)\s+the\s+(?:past\s+|last\s+|trailing\s+)?"
    rf"(?P<list>{_LENGTH}(?:\s*,\s*{_LENGTH})*(?:,?\s+and\s+{_LENGTH})?)[- ]years?[- ]periods?\b",
    re.IGNORECASE,
)
# what may stand between two numbers of one list, and between the list and its lengths
_BETWEEN = re.compile(r"^\s*(?:%|percent)?\s*,?\s*(?:and\s*)?$", re.IGNORECASE)
_BEFORE_LENGTHS = re.compile(r"^\s*(?:%|percent)?\s*(?:[a-z]+\s+){0,2}$", re.IGNORECASE)


def stated_years(sentence: str, printed: str) -> int | None:
    """How many years the sentence says the number *printed* covers, or None when it says no length of its own."""
    for found in _LENGTHS.finditer(sentence):
        said = re.findall(_LENGTH, found.group("list"), re.IGNORECASE)
        lengths = [WORD_NUMBERS.get(w.lower()) or int(w) for w in said]
        listed = _listed_before(sentence, found.start(), len(lengths))
        at = [i for i, n in enumerate(listed) if _bare(n.text) == _bare(printed)]
        if len(at) == 1:
            return lengths[at[0]]
    return None


def _bare(printed: str) -> str:
    """The number as printed without its percent sign or word ('6.4 percent' -> '6.4')."""
    return re.sub(r"\s*(?:%|percent)$", "", printed.strip(), flags=re.IGNORECASE)


def _listed_before(sentence: str, start: int, count: int) -> list[Number]:
    """The *count* numbers that end right before *start* as one list ('6.4 percent, 8.2 percent, and 8.0 percent'),
    or [] when fewer stand there."""
    numbers = find_numbers(sentence[:start])
    listed = numbers[-count:]
    if len(listed) != count or not _BEFORE_LENGTHS.match(sentence[listed[-1].end : start]):
        return []
    if any(not _BETWEEN.match(sentence[a.end : b.start]) for a, b in zip(listed, listed[1:], strict=False)):
        return []
    return listed


# '$47 million related to the U.S.', '$12 million attributable to Canada': a named part right after the number (a
# capitalised name; a company's legal name, its own, is none)
_RELATED_TO = r"(?:related|relating|attributable|attributed)\s+to\s+(?:the\s+)?"
_ATTRIBUTED = re.compile(
    rf"^\s*(?:%|percent|(?:million|billion|thousand)\b)?\s*{_RELATED_TO}"
    r"(?P<name>[A-Z][\w.&'\u2019-]*(?:\s+[A-Z][\w.&'\u2019-]*){0,3})"
)
_ATTRIBUTIONS = re.compile(rf"\b{_RELATED_TO}[A-Z]")
# '$120 million decrease in research and development expenses attributable to our Computing and Graphics segment':
# a change said of one of the company's own segments (or divisions, businesses) is that part's, even alone ('a charge
# of $233 million related to our Computing and Graphics segment' may be the company's only one: not read here)
_OWN_PART = re.compile(
    r"(?P<figure>\$?\d[\d,.]*)\s*(?:million|billion|thousand|%|percent)?\s+"
    # the change's own noun phrase up to the attribution: no verb ('The $1.2 billion increase in net revenue was
    # primarily attributable to our Data Center segment' gives the whole change a cause, not a part)
    r"(?:increase|decrease|decline|reduction|improvement|growth|change)"
    r"(?:\s+(?!(?:was|were|is|are|has|had|been|primarily|mainly|largely)\b)[a-z][\w-]*){0,7}\s+"
    r"(?:related|relating|attributable|attributed)\s+to\s+(?:our|its|the)\s+"
    r"(?P<name>[A-Z][\w&-]*(?:,?\s+(?:and\s+|&\s+)?[A-Z][\w&-]*){0,5})\s+(?:reportable\s+)?"
    r"(?:segment|division|business|operating\s+segment)\b"
)
_LEGAL = re.compile(r"\b(?:Inc|Corp|Corporation|Company|Co|plc|LLC|Ltd|N\.?V|S\.?A)\b\.?", re.IGNORECASE)


def attributed_member(sentence: str, printed: str) -> str | None:
    """The named part *sentence* says the number *printed* is of ('related to the U.S.'), where the sentence splits
    a figure over two named parts or more ('... and a benefit of $1 million related to Canada'); None otherwise
    ('$283 million related to the Tax Act' gives a cause, not a part), or where it splits one over the places a
    figure was earned in, each before its number ('... U.S. loss before income taxes by $6.0 billion and foreign
    income before income taxes by $588 million': U.S.)."""
    for own in _OWN_PART.finditer(sentence) if printed else ():
        if own["figure"].lstrip("$") == re.sub(r"\s*(?:%|percent)$", "", printed.strip().lstrip("$").split()[0]):
            return own["name"]
    if len(_ATTRIBUTIONS.findall(sentence)) < 2:
        return _split_by_place(sentence, printed)
    for at in re.finditer(rf"(?<![\d.,]){re.escape(printed)}(?![\d,])", sentence) if printed else ():
        found = _ATTRIBUTED.match(sentence[at.end() :])
        if found is None or _LEGAL.search(sentence[at.end() + found.start("name") : at.end() + found.end() + 8]):
            continue
        words: list[str] = []
        for word in found["name"].split():
            words.append(word if _INITIALS.fullmatch(word) else word.rstrip(".,"))
            if word.endswith("."):  # 'U.S.' or the sentence's end: the name stops
                break
        return " ".join(words)
    return None


_INITIALS = re.compile(r"(?:[A-Z]\.)+")


# where a figure was earned, before a lowercase word: 'U.S. loss before income taxes', 'foreign income' (not 'foreign
# currency', 'U.S. GAAP', 'U.S. dollars'); two groups, the home country's and the rest of the world's
_PLACE_EARNED = re.compile(
    r"(?<![\w.-])(?:(?P<home>U\.S\.|domestic)|(?P<abroad>foreign|international|non-U\.S\.))"
    r"(?!\s+(?:currenc|exchange|dollar))(?=\s+(?-i:[a-z]))",
    re.IGNORECASE,
)


def _split_by_place(sentence: str, printed: str) -> str | None:
    """The place *printed* is earned in, where its sentence gives amounts of both places, each in its own clause
    after its place, and the two places say the same thing ('U.S. loss before income taxes' / 'foreign income before
    income taxes'; not '$7 million is against state ...' after '... international, U.S. federal ... carryforwards;')."""
    numbers = [n for n in find_numbers(sentence) if n.currency or n.percent or n.scale]  # amounts, not days or years
    places: dict[int, re.Match[str]] = {}
    for before, number in zip([None, *numbers], numbers, strict=False):
        start = before.end if before else 0
        start += max((m.end() for m in re.finditer(r"[;:]", sentence[start : number.start])), default=0)
        said = list(_PLACE_EARNED.finditer(sentence, start, number.start))
        if said:
            places[number.start] = said[-1]
    homes = [m for m in places.values() if m["home"]]
    abroad = [m for m in places.values() if m["abroad"]]
    if not homes or not abroad or not _same_thing(sentence, homes[0], abroad[0]):
        return None
    at = sentence.find(printed) if printed else -1
    own = next((places.get(n.start) for n in numbers if n.start <= at < n.end), None)
    return own.group(0) if own else None


def _same_thing(sentence: str, one: re.Match[str], other: re.Match[str]) -> bool:
    """Whether the words after two places name the same thing (two words or more of the next five in common)."""

    def after(match: re.Match[str]) -> set[str]:
        return set(tokenize(" ".join(sentence[match.end() :].split()[:5])))

    return len(after(one) & after(other)) >= _SAME_WORDS


_SAME_WORDS = 2
