"""Mutations for bench_verify from blind red team round 58, written apart from docintel/verify/.

- A count a sentence gives of one noun given for another it also counts ('73 collective bargaining agreements with
  14 different unions' asked how many unions, answered 73; wrong); the count of the noun asked (right, measured).
- A sentence's second figure, joined by 'and' and a verb of its own ('... contributions of approximately $1.0 billion
  ... and anticipate recovering approximately $2.1 billion'), given for the first clause's thing (wrong); the first
  figure (right, measured).
- A yes about a year after a date its sentence says the state held before ('Prior to January 1, 2015, ... was the
  British pound' asked of 2015; wrong), or before a date it says the state held from ('Effective ...'); the year
  on the sentence's own side of the date (right, measured).
- A yes to a hypothetical change moving a measure one way, quoted up to its amount and cut before the words that
  say which way ('... would lead to an estimated $16 million' / 'reduction in net interest expense'; wrong); the
  question that asks the way the sentence says, with the whole sentence (right, measured).

The patterns are general English (plural nouns counted, 'and' before a verb, 'Prior to' and 'Effective' before a
date, 'would result in' an increase or a decrease), no document's wording.
"""

from __future__ import annotations

import re

from scripts.verify_round53 import _span
from scripts.verify_round56 import sentence_cases
from scripts.verify_round57 import _lower, _yes

Case = tuple[str, dict, str]  # (question, item, answer type)

_TWO_COUNTS = re.compile(
    r"\b(?P<n1>\d[\d,]*)\s+(?P<noun1>(?:[a-z-]+\s+){0,2}[a-z]+s)\s+(?:with|and|of|in|across|covering)\s+"
    r"(?:approximately\s+|about\s+|over\s+)?(?P<n2>\d[\d,]*)\s+(?P<noun2>(?:[a-z-]+\s+){0,2}[a-z]+s)\b"
)
_TWO_FIGURES = re.compile(
    r"^(?P<lead>[A-Z][^.;$]{10,120}?)\s(?:approximately\s+|about\s+)?\$(?P<v1>\d[\d,]*(?:\.\d+)?)\s+"
    r"(?P<s1>million|billion)\b(?P<after>[^.;$]{0,80}?),?\s+and\s+(?!approximately|about)(?P<verb>[a-z]+(?:\s+[a-z]+){0,4}?)\s+"
    r"(?:approximately\s+|about\s+)?\$(?P<v2>\d[\d,]*(?:\.\d+)?)\s+(?P<s2>million|billion)\b(?P<then>[^.;$]{0,60})"
)
_FILLER = frozenset("a an the of to in on at for by our its their and or we is are was were be fiscal".split())
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_OPENS_BOUND = re.compile(
    rf"^(?P<side>Prior\s+to|Effective)\s+(?P<month>{_MONTH})\s+1,\s+(?P<year>(?:19|20)\d\d),\s+(?P<rest>[a-z][^.;]+)\.$"
)
_WOULD = re.compile(
    r"^(?:[^;]{0,80}?,\s+)?(?P<premise>(?:A|An|a|an)\s[^,;]{5,100}?)\s+would\s+(?:result\s+in|lead\s+to|cause)\s+(?P<amount>(?:an\s+)?"
    r"(?:estimated\s+|approximately\s+)?\$\d[\d,.]*\s+(?:million|billion))\s+(?P<way>increase|decrease|reduction)\s+"
    r"(?:in|to|of)\s+(?:our\s+|the\s+)?(?P<measure>[a-z][a-z\s-]{3,60}?)(?=[.,;]|\s+(?:of|for|in)\b)"
)
_STEM = 5


def round58_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    return sentence_cases(document, page, [_other_noun, _second_figure, _other_side, _cut_way])


def _count(value: str, start: int, end: int, sentence: str) -> dict:
    return {
        "label": "Count",
        "amount": {"value": float(value.replace(",", "")), "currency": None, "unit": "count"},
        "period": None,
        "calculation": None,
        "spans": [_span(start, end, sentence)],
    }


def _other_noun(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    match = _TWO_COUNTS.search(sentence)
    if match is None or re.fullmatch(r"(?:19|20)\d\d", match["n1"]) or re.fullmatch(r"(?:19|20)\d\d", match["n2"]):
        return []
    first, second = set(match["noun1"].split()), set(match["noun2"].split())
    if {w[:_STEM] for w in first} & {w[:_STEM] for w in second} or match["n1"] == match["n2"]:
        return []
    question = f"How many {match['noun2']} are there, according to the filing?"
    return [
        ("a count of another noun", (question, _count(match["n1"], start, end, sentence), "amount")),
        ("counted: right", (question, _count(match["n2"], start, end, sentence), "amount")),
    ]


def _words(text: str) -> list[str]:
    return [w[:_STEM] for w in re.findall(r"[a-z]+", text.lower()) if w not in _FILLER]


def _money(value: str, scale: str, start: int, end: int, sentence: str) -> dict:
    return {
        "label": "Amount",
        "amount": {"value": float(value.replace(",", "")), "currency": "USD", "unit": scale + "s"},
        "period": None,
        "calculation": None,
        "spans": [_span(start, end, sentence)],
    }


def _second_figure(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    match = _TWO_FIGURES.search(sentence)
    if match is None or match["s1"] != match["s2"] or match["v1"] == match["v2"]:
        return []
    lead, verb = set(_words(match["lead"])), set(_words(match["verb"]))
    # two things apart: the words after each figure share none ('of restructuring charges' twice is one thing in two
    # years), the second clause's verb is not the first's, and the first says enough to be asked
    if len(lead) < 3 or lead & verb or set(_words(match["after"])[:3]) & set(_words(match["then"])[:3]):
        return []
    question = f"How much is given in the filing where it says: {_lower(match['lead'])}?"
    return [
        (
            "a sentence's second figure for its first",
            (question, _money(match["v2"], match["s2"], start, end, sentence), "amount"),
        ),
        ("first figure: right", (question, _money(match["v1"], match["s1"], start, end, sentence), "amount")),
    ]


def _other_side(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    match = _OPENS_BOUND.match(sentence)
    if match is None or match["month"] != "January":
        return []
    year, rest = int(match["year"]), match["rest"]
    before = match["side"].lower().startswith("prior")
    wrong, right = (year, year - 1) if before else (year - 1, year)
    said = _yes(start, end, sentence)
    return [
        ("a state on the other side of its date", (f"In {wrong}, is it the case that {rest}?", said, "boolean")),
        ("bounded: right", (f"In {right}, is it the case that {rest}?", said, "boolean")),
    ]


def _cut_way(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    match = _WOULD.match(sentence)
    if match is None:
        return []
    premise, measure = _lower(match["premise"]), match["measure"].strip()
    up = match["way"] == "increase"
    cut = sentence[: match.end("amount")]
    wrong = f"Would {premise} {'decrease' if up else 'increase'} {measure}?"
    right = f"Would {premise} {'increase' if up else 'decrease'} {measure}?"
    return [
        ("a yes quoted up to its amount, cut before its way", (wrong, _yes(start, end, cut), "boolean")),
        ("way: right", (right, _yes(start, end, sentence), "boolean")),
    ]
