"""Who said it: a text claim that names the speaker of words the filing quotes ('Bill Hornbuckle ... said the company
had already repurchased 4 million shares') is held against the attribution the filing gives those words.

A release quotes its people in paragraphs opened by '“' and closed by '”, said NAME, TITLE': quoted words belong to
the name right after their quotation's closing mark or, when that quotation carries none, to the name of the
attribution that closes the quotation right before it (the same speaker goes on in a new paragraph). A claim that
names another person the page quotes, and not the speaker, is ``attribution: mismatch``. General English of
reported speech; straight quotation marks are read as opening and closing in turn from the page's start."""

from __future__ import annotations

import re

from .claims import check_field
from .rules import FieldCheck
from .values import CitedSpan

_NAME = r"[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,5}"  # 'Halkyard', 'Chief Financial Officer Jonathan Halkyard'
# words that title a speaker before the name: not the name ('said Chief Financial Officer Jonathan Halkyard')
_TITLES = frozenset(
    "the chief executive financial operating officer president chairman chair vice senior treasurer director general "
    "counsel mr. ms. mrs. dr. ceo cfo coo".split()
)
_SAID = r"(?:said|says|stated|states|commented|added|noted|explained)"
# right after a closing mark: ', said Jonathan Halkyard' or 'Jonathan Halkyard said'
_ATTRIBUTION = re.compile(rf"^\s*,?\s*(?:{_SAID}\s+(?P<after>{_NAME})|(?P<before>{_NAME})\s+{_SAID}\b)")
_MARKS = re.compile(r"[“”\"]")


def speaker_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """``attribution: mismatch`` when the claim *text* names a person the page quotes but not the one the quoted
    words it cites are attributed to; not_applicable otherwise."""
    for cited in spans:
        found = _speaker_of(cited)
        if found is None:
            continue
        speaker, others = found
        if _named(speaker, text):
            continue
        named = [o for o in others if _named(o, text)]
        if named:
            line = cited.span.line_start
            detail = f"attribution: the words quoted at line {line} are {speaker}'s, not {named[0]}'s"
            return check_field("attribution", "mismatch", detail)
    return check_field("attribution", "not_applicable")


# a question asking who said or spoke about something ('Which MGM executive spoke about the share buyback program?')
_ASKS_SPEAKER = re.compile(
    r"^\W*(?:who|which\s+(?:[\w&'’.-]+\s+){0,3}?(?:executive|officer|person|individual|director|spokesperson)s?)\b"
    r"[^?]*\b(?:said|say|says|spoke|speak|speaks|commented|comment|remarked|quoted)\b",
    re.IGNORECASE,
)
_ATTRIBUTED = re.compile(rf"\b{_SAID}\s+{_NAME}|{_NAME}\s+{_SAID}\b")


def spoken_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """'Which executive spoke about the buyback?' is answered by words the filing quotes and attributes, or by their
    attribution ('said Jonathan Halkyard'): quotes of neither ('New $2 billion share repurchase program authorized')
    are ``about: unknown``."""
    if not spans or not _ASKS_SPEAKER.search(question):
        return check_field("about", "not_applicable")
    if any(_ATTRIBUTED.search(s.span.quote) or _speaker_of(s) is not None for s in spans):
        return check_field("about", "not_applicable")
    return check_field("about", "unknown", "about: no quote gives words the filing attributes, nor who said them")


def _named(person: str, text: str) -> bool:
    """Whether *text* names *person* by their last name."""
    last = person.split()[-1].strip(".,")
    return bool(re.search(rf"\b{re.escape(last)}\b", text))


def _speaker_of(cited: CitedSpan) -> tuple[str, list[str]] | None:
    """The name the filing attributes the quoted words a span cites to, and the other names its page attributes
    words to; None when the span is not inside quoted words or no attribution is found."""
    page, at = _page_text(cited)
    if at < 0:
        return None
    marks = _quote_marks(page)
    before = [(i, opening) for i, opening in marks if i < at]
    if not before or not before[-1][1]:  # not inside a quotation
        return None
    opened = before[-1][0]
    closed = [_ATTRIBUTION.match(page[i + 1 :]) for i, opening in marks if not opening]
    names = [n for m in closed if m is not None and (n := _name(m))]
    closing = next((i for i, opening in marks if i >= at and not opening), None)
    said = _ATTRIBUTION.match(page[closing + 1 :]) if closing is not None else None
    if said is None:  # the quotation before this one, closed right before it opens
        previous = [i for i, opening in marks if i < opened and not opening]
        gap = page[previous[-1] + 1 : opened] if previous else ""
        said = _ATTRIBUTION.match(gap) if previous and len(gap) < 200 else None
    if said is None:
        return None
    speaker = _name(said)
    if not speaker:
        return None
    return speaker, [n for n in dict.fromkeys(names) if n.split()[-1] != speaker.split()[-1]]


def _name(said: re.Match[str]) -> str:
    """The speaker's name an attribution gives, without the titles before it nor the stop after it."""
    words = [w.strip(".,;:") for w in (said.group("after") or said.group("before")).split()]
    while words and words[0].lower() in _TITLES:
        words = words[1:]
    return " ".join(words)


def _page_text(cited: CitedSpan) -> tuple[str, int]:
    """The text of the page the span starts on, and where the quote starts in it (-1 when not found)."""
    lines = cited.document.lines
    texts, pages = lines["text"].tolist(), lines["page"].tolist()
    start = cited.span.line_start
    if not 1 <= start <= len(texts):
        return "", -1
    page = pages[start - 1]
    numbers = [n for n, p in enumerate(pages) if p == page]
    offset = sum(len(str(texts[n])) + 1 for n in numbers if n < start - 1)
    text = " ".join(str(texts[n]) for n in numbers)
    found = text.find(cited.span.quote[:40], offset)
    return text, found


def _quote_marks(text: str) -> list[tuple[int, bool]]:
    """Each quotation mark of *text*: where it is and whether it opens (straight marks open and close in turn)."""
    marks: list[tuple[int, bool]] = []
    inside = False
    for found in _MARKS.finditer(text):
        mark = found.group(0)
        opening = mark == "“" or (mark == '"' and not inside)
        marks.append((found.start(), opening))
        inside = opening
    return marks
