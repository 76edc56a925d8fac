"""Kinds of a thing: a question that asks one kind ('contractual backlog', 'reportable segments') is not answered by
quotes that name the thing only as another kind ('unobligated backlog', 'operating segments'); nor one that asks
a thing ('restricted subsidiaries') by a figure whose clause names only its opposite ('nonrestricted
subsidiaries', 'unconsolidated', 'non-recurring'). And the kinds of a number: whether a figure of one kind (money,
a percentage, per share, a count) can be stated in a unit ('43.4 millions' of a count printed in thousands)."""

from __future__ import annotations

import re

from ..question.parse import search_text
from ..textnorm import tokenize
from .rules import FieldCheck
from .values import Candidate, CitedSpan


def other_kind(question: str, quotes: str, every_pair: bool = False) -> tuple[str, str] | None:
    """(asked, quoted) when the question's thing is one kind ('contractual backlog') and the quotes name that
    thing only as another kind ('unobligated backlog'): the word before the shared noun differs, and the
    question's word is nowhere in the quotes."""
    said = _WORD.findall(quotes.lower())
    stems = {t for w in said for t in tokenize(w)}  # 'operate stores' says the 'operated stores' asked
    asked = set(_WORD.findall(question.lower()))  # a word the question uses is no other kind ('basic plan')
    asked_stems = {t for w in asked for t in tokenize(w)}
    pairs = _EVERY_PAIR if every_pair else _PAIRS  # every two words in a row, or each word in one pair only
    for kind, noun in pairs.findall(search_text(question)):
        if kind in _AROUND or noun in _AROUND or kind in said or not tokenize(kind) or not tokenize(noun):
            continue
        if set(tokenize(kind)) <= stems:
            continue
        before = {said[i - 1] for i in range(1, len(said)) if said[i] == noun}
        others = {w for w in before if w not in _AROUND and tokenize(w) and not set(tokenize(w)) <= asked_stems}
        if before and others == before:
            return _with_head(f"{kind} {noun}", question), f"{sorted(others)[0]} {noun}"
    return None


def _with_head(phrase: str, question: str) -> str:
    """The phrase with the plural noun that follows it in the question, when one does ('magstripe card' of
    'the magstripe card readers': 'magstripe card readers', a kind of card readers)."""
    found = re.search(rf"\b{re.escape(phrase)}\s+([a-z]{{3,}}[^s\W]s)\b", question, re.IGNORECASE)
    return f"{phrase} {found.group(1)}" if found else phrase


_WORD = re.compile(r"[A-Za-z][\w-]*")
_PAIRS = re.compile(r"\b([a-z][\w-]+)\s+([a-z][\w-]+)\b")
_EVERY_PAIR = re.compile(r"\b([a-z][\w-]+)\s+(?=([a-z][\w-]+)\b)")
# words of a question around the thing it asks about, not kinds of it; a count is no kind ('two segments')
_AROUND = frozenset(
    "what drove drives caused causes led explains contributed reasons reason drivers driver the a an in of for to "
    "increase decrease increases decreases change changes growth decline rise fall higher lower and its their our "
    "was were is are did does primary main key company list name names which who one two three four five six seven "
    "eight nine ten several business major principal largest biggest significant top how much many include includes "
    "contain contains cover covers comprise comprises".split()
    + ["percentage", "basis"]  # units, no kinds: 'percentage points' are a hundred 'basis points'
)


# 'non-restricted', 'un consolidated': the negating prefix joined to its word, as 'nonrestricted' is printed
_PREFIX_APART = re.compile(r"\b(non|un)[-\s]+(?=[a-z])", re.IGNORECASE)
_NEGATING_PREFIXES = ("non", "un")


# where the answer is to be read, not what is asked: 'according to its 10-K', 'based on its consolidated statement
# of income,', 'per its consolidated cash flow discussion' (to the next comma)
ATTRIBUTION = re.compile(
    r",?\s*\b(?:according\s+to|as\s+(?:reported|stated|disclosed|described|shown)\s+(?:in|by|on)|based\s+on|"
    r"per\s+(?:its|the)\b)[^,?]*",
    re.IGNORECASE,
)


def opposite_of(question: str, text: str) -> tuple[str, str] | None:
    """(asked, printed) when a word the question asks by ('restricted subsidiaries') is in *text* only with a
    negating prefix, before the same next word ('nonrestricted subsidiaries'): the text is about the opposite.
    Words of four letters or fewer are left alone ('unless'); where the question says to read ('based on the
    consolidated statement of income') is no part of what it asks."""
    asked = tokenize(_PREFIX_APART.sub(r"\1", ATTRIBUTION.sub(" ", question)))
    said = tokenize(_PREFIX_APART.sub(r"\1", text))
    for at, word in enumerate(asked[:-1]):
        if len(word) < 5 or word in said:
            continue
        for prefix in _NEGATING_PREFIXES:
            after = [said[n + 1] for n in range(len(said) - 1) if said[n] == prefix + word]
            if asked[at + 1] in after and prefix + word not in asked:
                return _printed(word, question), _printed(prefix + word, _PREFIX_APART.sub(r"\1", text))
    return None


def _printed(stem: str, text: str) -> str:
    """The word of *text* that *stem* was read from ('restricted' for 'restrict')."""
    return next((w for w in _WORD.findall(text) if w.lower().startswith(stem)), stem)


# words that except a group from what a sentence says ('with existing memberships grandfathered', 'excluding
# Canada', 'other than the parent company'): general English
_EXCEPTING = re.compile(
    r"\b(?:except(?:ing)?|excluding|exclud(?:es|ed)|other\s+than|exempt(?:ed|s)?|grandfathered)\b", re.IGNORECASE
)
_PARTS = re.compile(r"[,;]|\bwith\b|\bwhile\b|\bbut\b", re.IGNORECASE)


def excepted(question: str, text: str) -> str | None:
    """The part of *text* that excepts a group the question asks about ('with existing memberships grandfathered
    for a one year period', for what existing members paid): a word of the question that only that part says.
    None when the question asks with an exception itself ('excluding currency effects')."""
    if _EXCEPTING.search(question):
        return None
    parts = [p for p in _PARTS.split(text) if p.strip()]
    asked = set(tokenize(question))
    for at, part in enumerate(parts):
        if _EXCEPTING.search(part):
            rest = set(tokenize(" ".join(parts[:at] + parts[at + 1 :])))
            if (set(tokenize(part)) & asked) - rest:
                return " ".join(part.split())
    return None


def subject_rule(candidate: Candidate, question: str, tail: str = "") -> FieldCheck:
    """Whether the words naming the figure (its sentence, or its row and sub-heading) are about what the question
    asks: its opposite ('nonrestricted' for 'restricted') is a mismatch; in prose, only another kind of the thing
    ('most popular streaming plan' for 'basic streaming plan'), or a sentence that excepts what was asked (its
    *tail*, the rest of the clause the quote was cut from, read too) leaves it unchecked."""
    naming = candidate.sentence if candidate.row_label is None else f"{candidate.row_group or ''} {candidate.row_label}"
    if not question.strip() or not naming.strip():
        return FieldCheck(field="subject", verdict="not_applicable")
    if candidate.row_label is None and (part := excepted(question, f"{naming} {tail}")):
        detail = f"subject: the quote's sentence excepts what the question asks about ('{part}')"
        return FieldCheck(field="subject", verdict="unknown", asked=question, found=part, detail=detail)
    if found := opposite_of(question, naming):
        detail = f"subject: the figure is of the {found[1]} (the opposite), the question asks the {found[0]}"
        return FieldCheck(field="subject", verdict="mismatch", asked=found[0], found=found[1], detail=detail)
    if candidate.row_label is None and candidate.percent and (other := said_of_another(candidate, question)):
        detail = f"subject: the quote says '{other}'; {candidate.printed} is not what it says that of"
        return FieldCheck(field="subject", verdict="unknown", asked=question, found=other, detail=detail)
    if candidate.row_label is None and (kinds := other_kind(question, naming, every_pair=True)):
        detail = f"subject: the quote names {kinds[1]}, not {kinds[0]}"
        return FieldCheck(field="subject", verdict="unknown", asked=kinds[0], found=kinds[1], detail=detail)
    return FieldCheck(field="subject", verdict="not_applicable")


# the word right after a percentage of prose ('97 percent funded', '70 percent of the ... obligation')
_PERCENT_THEN = re.compile(r"(?P<n>\d[\d,.]*)\s*(?:%|percent|per\s+cent)\s+(?P<word>[A-Za-z][\w-]*)", re.IGNORECASE)


def said_of_another(candidate: Candidate, question: str) -> str:
    """'97 percent funded' when the question asks what is 'funded' and the quote says it of another percentage
    than the figure, which is a share of another thing ('which is approximately 70 percent of the worldwide
    pension obligation, was 97 percent funded'); '' when the figure is no share ('14% for fiscal 2023'), a share
    of what the question names, or no other percentage is said to be what the question asks."""
    asked = set(tokenize(question))
    number = re.match(r"[\d,.]+", candidate.printed.lstrip("$€£("))
    own: list[tuple[re.Match[str], list[str]]] = []
    others: list[tuple[re.Match[str], list[str]]] = []
    for match in _PERCENT_THEN.finditer(candidate.sentence):
        word = tokenize(match.group("word"))
        (own if number and match.group("n") == number.group(0) else others).append((match, word[:1]))
    if not own or any(m.group("word").lower() != "of" for m, _ in own):
        return ""  # only a share of something ('70 percent of the ... obligation') is said to be of another thing
    if any(set(tokenize(re.split(r"[,;.]", candidate.sentence[m.end() :])[0])) <= asked for m, _ in own):
        return ""  # the share the question asks about ('percentage of NIKE, Inc. revenues')
    return next((" ".join(m.group(0).split()) for m, w in others if w and w[0] in asked), "")


def kind_fits(unit: str | None, currency: str | None, candidate: Candidate) -> bool:
    """Whether a number of the candidate's kind can be stated with this unit and currency."""
    kind = candidate.kind
    if unit == "percent":
        return kind == "percent"
    if kind == "percent":
        return unit in ("ratio", "other")
    if currency and kind in ("count", "shares"):
        return False
    if unit in ("thousands", "millions", "billions"):  # '43.4 millions' of a count the document prints in thousands
        return kind in ("money", "shares", "number", "count")
    if unit == "per_share":
        return kind in ("per_share", "number") or (kind == "money" and (candidate.scale or 1.0) == 1.0)
    if unit == "count":
        return kind in ("count", "shares", "number")
    if kind == "per_share":
        return unit in ("units", "other", None)
    return True


_KIND_WORDS = {
    "percent": "a percentage",
    "per_share": "a per-share figure",
    "count": "a count",
    "shares": "a number of shares",
    "money": "money",
    "number": "a number",
}


def kind_detail(unit: str | None, candidate: Candidate) -> str:
    """'54.7% is a percentage in the document, not millions'."""
    return f"{candidate.printed} is {_KIND_WORDS.get(candidate.kind, candidate.kind)} in the document, not {unit}"


# terms that name a horizon or a basis in pairs, each excluding the other ('short-term debt ratings of A1+ and P1'
# beside 'long-term debt ratings of AA- and A1'): general accounting English
_PAIRED_TERMS = (("short-term", "long-term"), ("near-term", "long-term"), ("pre-tax", "after-tax"))
_SPLIT_TERM = re.compile(r"\b(short|long|near|pre|after)[\s-]*(term|tax)\b", re.IGNORECASE)  # 'pretax' too


def opposite_term(question: str, text: str) -> tuple[str, str] | None:
    """(asked, said) when the question asks by one of a pair of opposite terms ('short-term credit rating') and
    *text* says only the other ('long-term debt ratings'), else None."""
    asked, said = (_SPLIT_TERM.sub(r"\1-\2", t).lower() for t in (search_text(question), text))
    for one, other in (*_PAIRED_TERMS, *((b, a) for a, b in _PAIRED_TERMS)):
        if one in asked and other not in asked and other in said and one not in said:
            return one, other
    return None


def opposite_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A text or list answer whose quotes name only the opposite of what the question asks by: a negating prefix
    ('nonrestricted subsidiaries' for restricted) or the other of a pair of terms ('long-term' for short-term):
    ``mismatch``."""
    quotes = " ".join(" ".join(c.span.quote.split()) for c in spans)
    found = opposite_of(question, quotes) or opposite_term(question, quotes) if quotes and question.strip() else None
    if found is None:
        return FieldCheck(field="subject", verdict="not_applicable")
    detail = f"subject: the question asks '{found[0]}'; the quotes say only '{found[1]}'"
    return FieldCheck(field="subject", verdict="mismatch", detail=detail)
