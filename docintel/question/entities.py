"""What a question names (companies, years, quarters, document kinds) and whether a document is by a named issuer.

Names are read from capitalisation alone: runs of capitalised words (or tokens such as ``3M``,
``AMD``, ``J&J``) that do not open a sentence, cut at commas. A name matches a document when it
is the start of the issuer's name without its legal suffix ("Boeing" - "The Boeing Company"),
the name squeezed together ("Best Buy" - "BESTBUY_2019_10K"), or an abbreviation made of the
starts of all its words ("AMD" - "Advanced Micro Devices", "AMEX" - "American Express"), or of
at least three letters of its first word ("JPM" - "JPMorgan Chase").
"""

from __future__ import annotations

import re
from functools import lru_cache

from pydantic import BaseModel, Field

from ..periods import MONTHS, find_periods

_TOKEN = re.compile(r"[^\W_][\w&'’.\-]*|&")
_SENTENCE_END = re.compile(r"[.?!:;]\s+|\n")
_PERIOD_TOKEN = re.compile(
    r"^(?:fy|q[1-4]|h[12]|fy\d{2,4}|q[1-4]'?\d{2,4}|(?:fy)?\d{4}q[1-4]|\d{1,4}(?:-[kq])?|10-?[kq]|8-?k|20-?f)$", re.I
)
_MONTH_NAMES = frozenset(MONTHS)
_LEGAL_WORDS = frozenset(
    "inc incorporated corp corporation company co plc ltd limited llc lp nv sa ag se holdings group".split()
)
_FILE_WORDS = re.compile(
    r"^(?:\d+|q[1-4]|h[12]|fy\d*|\d{4}q[1-4]|10-?[kq]|8-?k|20-?f|earnings|annual|report|"
    r"quarterly|proxy|dated|final|draft|copy|v\d+)$",
    re.I,
)
_QUARTER = re.compile(
    r"\bq([1-4])(?=\b|'|\d{4})|\b(first|second|third|fourth)\s+(?:fiscal\s+)?quarter\b"
    r"|\bh([12])\b|\b(first|second)\s+half\b",
    re.I,
)
_QUARTER_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_KIND_WORDS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\b10-?k\b|\bannual report\b", re.I), "annual"),
    (re.compile(r"\b10-?q\b|\bquarterly report\b", re.I), "quarterly"),
    (re.compile(r"\b8-?k\b", re.I), "8-K"),
    (re.compile(r"\b(?:earnings|press|news) release\b", re.I), "release"),
    (re.compile(r"\bproxy\b", re.I), "proxy statement"),
]


class NamedEntities(BaseModel):
    """The entities of a question that routing matches against document profiles."""

    names: list[str] = Field(default_factory=list, description="capitalised names, e.g. 'Best Buy', '3M', 'AMD'")
    issuer_position: list[str] = Field(
        default_factory=list, description="names written as the question's subject ('3M's', 'for 3M', 'Does 3M')"
    )
    owners: list[str] = Field(
        default_factory=list,
        description="subjects written as an owner or actor ('Target's', 'of Target', 'Does Target', "
        "'Target reported'): a company, never a line item read as a word (unlike 'What was Revenue')",
    )
    years: list[int] = Field(default_factory=list, description="years named (fiscal or calendar)")
    fiscal_years: list[int] = Field(
        default_factory=list, description="years written as a period: 'FY2023', 'fiscal 2023', 'Q2 2023'"
    )
    quarters: list[int] = Field(default_factory=list, description="quarters named (1-4; a half counts as 2 or 4)")
    kinds: list[str] = Field(default_factory=list, description="document kinds named: annual, quarterly, 8-K, ...")


def _sentences(question: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(question) if s.strip()]


def _is_name_token(token: str, first: bool) -> bool:
    bare = _bare(token)
    if not bare or _PERIOD_TOKEN.match(bare) or bare.lower() in _MONTH_NAMES:
        return False
    if bare.lower() in _FUNCTION_WORDS and not bare.isupper():  # "Here's the question", never 'IT' or 'US'
        return False
    if not any(c.isupper() for c in bare) and not (any(c.isdigit() for c in bare) and any(c.isalpha() for c in bare)):
        return False
    if first:  # a sentence's first word is capitalised anyway: only 'AMD', '3M', 'J&J' or "Boeing's" count
        upper = sum(c.isupper() for c in bare)
        return upper >= 2 or any(c.isdigit() for c in bare) or token != bare
    return True


def _bare(token: str) -> str:
    return re.sub(r"(?:['’][sS]?|\.)$", "", token).strip("-.")


_ISSUER_BEFORE = re.compile(
    r"\b(?:for|of|at|by|from|that|does|do|did|has|have|had|is|was|are|were|will|can|could|should)\s*$", re.I
)
_COPULA_BEFORE = re.compile(r"\b(?:is|was|are|were)\s*$", re.I)  # 'What was Revenue': a name, or a line item
_ISSUER_AFTER = re.compile(r"^['’]?\s+(?:has|have|had|is|was|does|did|will|reported|reports|paid|pays)\b", re.I)


_FUNCTION_WORDS = frozenset(  # question words, auxiliaries, articles, prepositions and a request's verbs
    "a an and any are as at between by can could did do does for from had has have how if in is of on or "
    "should that the to was were what when where which who whom whose why will with would "
    "calculate compare compute describe estimate explain find give identify list name provide show state "
    "summarize summarise tell "
    # pronouns, determiners and deictic adverbs ('Here's the question: ...', 'You are an analyst')
    "i you we they he she it this these those here there our your their its my me us please".split()
)


def _runs(sentence: str) -> list[tuple[int, int, list[str]]]:
    """Runs of name tokens in a sentence: (start offset of the run, offset after it, its tokens).

    A sentence's first word joins a run only when the next word is a name too ("Acme Widgets
    reported ..."); leading question and function words are dropped from a run ("What Was ACME");
    a comma ends a run ("Acme, Globex and Initech"). In a sentence written in capitals every word
    stands alone (capitals say nothing there).
    """
    tokens = list(_TOKEN.finditer(sentence))
    shouting = not any(ch.islower() for ch in sentence)
    runs: list[tuple[int, int, list[str]]] = []
    i = 0
    while i < len(tokens):
        token = tokens[i].group(0)
        after = [m.group(0) for m in tokens[i + 1 : i + 3]]
        joined = after[1:] if after[:1] == ["&"] else after[:1]
        opens = i == 0 and token[:1].isupper() and bool(joined) and _is_name_token(joined[0], False)
        if i == 0 and not opens and not _is_name_token(token, True) and _opening_name(token):
            runs.append((tokens[0].start(), -1, [token]))  # 'Tesla revenue in 2022?': a name to match, not to claim
            i += 1
            continue
        if not (opens or _is_name_token(token, i == 0)):
            i += 1
            continue
        j = i
        while not shouting and j + 1 < len(tokens) and _bare(tokens[j].group(0)) == tokens[j].group(0):
            if "," in sentence[tokens[j].end() : tokens[j + 1].start()]:
                break  # a possessive or a comma ends a run
            nxt = tokens[j + 1].group(0)
            if nxt == "&" and j + 2 < len(tokens) and _is_name_token(tokens[j + 2].group(0), False):
                j += 2
            elif _is_name_token(nxt, False):
                j += 1
            else:
                break
        span = tokens[i : j + 1]
        while span and span[0].group(0).lower() in _FUNCTION_WORDS:
            span = span[1:]
        if span:
            runs.append((span[0].start(), tokens[j].end(), [m.group(0) for m in span]))
        i = j + 1
    return runs


def _opening_name(token: str) -> bool:
    """Whether a sentence's capitalised first word may be a name (not a question or function word)."""
    return token[:1].isupper() and token.lower() not in _FUNCTION_WORDS and not _PERIOD_TOKEN.match(token)


_INITIALS = re.compile(r"(?:[A-Z]\.)+[A-Z]\.?")


def question_entities(question: str) -> NamedEntities:
    """Names, years, quarters and document kinds the question mentions."""
    names: list[str] = []
    subject: list[str] = []
    owners: list[str] = []
    for sentence in _sentences(question):
        for start, end, run in _runs(sentence):
            name = " ".join(_bare(t) if i == len(run) - 1 else t for i, t in enumerate(run))
            if not name or name in names or _INITIALS.fullmatch(name):
                continue  # 'U.S.', 'U.K.': places written as initials, no issuer
            names.append(name)
            if end < 0:
                continue  # an opening word: matched against issuers, never said to be absent
            possessive = run[-1] != _bare(run[-1])
            before = _ISSUER_BEFORE.search(sentence[:start])
            acts = possessive or _ISSUER_AFTER.match(sentence[end:]) is not None
            if acts or before:
                subject.append(name)
            if acts or (before and not _COPULA_BEFORE.search(sentence[:start])):
                owners.append(name)  # it owns or does something: a company, not a line item
    periods = find_periods(question)
    quarters: set[int] = {p.quarter for p in periods if p.quarter}
    for match in _QUARTER.finditer(question):
        if match.group(1) or match.group(2):
            quarters.add(int(match.group(1)) if match.group(1) else _QUARTER_WORDS[match.group(2).lower()])
        else:
            half = int(match.group(3)) if match.group(3) else _QUARTER_WORDS[match.group(4).lower()]
            quarters.add(2 * half)
    kinds = [kind for pattern, kind in _KIND_WORDS if pattern.search(question)]
    return NamedEntities(
        names=names,
        issuer_position=subject,
        owners=owners,
        years=sorted({p.year for p in periods}),
        fiscal_years=sorted({p.year for p in periods if p.fiscal or p.quarter}),
        quarters=sorted(quarters),
        kinds=kinds,
    )


# ------------------------------------------------------------------------------ matching


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9&]+", text.lower().replace("&", " & ")) if w]


def issuer_words(issuer: str) -> list[str]:
    """The distinctive words of an issuer's name: no leading 'the', no legal suffix ('Inc.', 'Corporation')."""
    words = _words(issuer)
    if words and words[0] == "the":
        words = words[1:]
    while words and (words[-1] in _LEGAL_WORDS or words[-1] == "&"):
        words.pop()
    return words


def file_words(stem: str) -> list[str]:
    """The words of a file name that can name its issuer (years, quarters and kinds dropped)."""
    parts = [p for p in re.split(r"[_\s\-]+", stem.lower()) if p]
    kept = []
    for part in parts:
        if _FILE_WORDS.match(part) or re.match(r"^\d", part):
            break  # names come first in a file name; what follows a year or kind is not the issuer
        kept.append(part)
    return kept


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _abbreviates(letters: str, words: tuple[str, ...]) -> bool:
    """Whether *letters* is made of the starts of every word in order ('amex', 'amd', 'jj' for 'Johnson & Johnson')."""
    if not words:
        return not letters
    if not letters:
        return False
    word = words[0]
    if word in ("and", "of", "the", "&") and _abbreviates(letters, words[1:]):
        return True
    starts = {"&"} if word == "&" else {word[:length] for length in range(1, len(word) + 1)}
    return any(letters.startswith(o) and _abbreviates(letters[len(o) :], words[1:]) for o in starts)


@lru_cache(maxsize=50_000)
def name_matches(name: str, words: tuple[str, ...]) -> bool:
    """Whether the name as the question writes it names an issuer with these distinctive words."""
    return name_match_length(name, words) > 0


@lru_cache(maxsize=50_000)
def name_match_length(name: str, words: tuple[str, ...]) -> int:
    """How many of the issuer's words the name covers ('Boeing' covers 1 of 'boeing'; 0: no match).

    An abbreviation ('AMD', 'AMEX', 'J&J') covers every word.
    """
    squashed = _squash(name)
    if not squashed or not words:
        return 0
    for k in range(1, len(words) + 1):
        if _squash("".join(words[:k])) == squashed:
            return k
    upper = sum(c.isupper() for c in name)
    if " " in name or upper < 2 or len(squashed) < 2:
        return 0
    letters = re.sub(r"[^a-z0-9&]", "", name.lower())  # written as an abbreviation: AMD, AMEX, J&J, JPM
    if "&" in letters and "&" not in words:
        return 0  # 'R&D', 'M&A', 'P&L' abbreviate no name without an ampersand
    plain = tuple(w for w in words if w != "&")
    if len(plain) >= 2 and (_abbreviates(letters, words) or _abbreviates(squashed, plain)):
        return len(words)
    if len(squashed) >= 3 and words[0].startswith(squashed) and len(words[0]) > len(squashed):
        return 1  # the start of its first word: 'JPM' - 'JPMorgan Chase'
    return 0
