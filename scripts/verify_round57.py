"""Mutations for bench_verify from blind red team round 57, written apart from docintel/verify/.

- A yes about a name a sentence leaves out ('Territories other than ... and Japan are serviced by licensees' asked
  of Japan; wrong); the sentence asked as it stands (right, measured).
- A yes that the company incurred, in its own year, what a present-tense definition says a category includes
  ('... expenses include costs associated with the impairment of goodwill'; wrong); whether the category includes it
  (right, measured).
- A sum of a sentence's listed figures given for the one the question names ('letters of credit of $37 million,
  judicial insurance of $1 million and deposited cash of $12 million' asked for the cash deposited; wrong); the one
  figure (right, measured).
- A date that ends a span of time ('available through February 15, 2023') given as the day the thing happened
  (wrong); the same date asked as the span's end (right, measured).

The patterns are general English (exclusions, present-tense 'include', a list of 'X of $N million', 'through' and
'until' before a date), no document's wording.
"""

from __future__ import annotations

import re

from scripts.verify_round53 import _span
from scripts.verify_round56 import sentence_cases

Case = tuple[str, dict, str]  # (question, item, answer type)

_LEAVES_OUT = re.compile(
    r"^(?P<head>[A-Z][^,;]*?)\s+(?:other\s+than|except\s+(?:for\s+)?|excluding)\s+(?P<list>[^,;]*?\b(?:and|or)\s+"
    r"(?:the\s+)?(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))\s+(?P<verb>(?:is|are|was|were)\s+[^.]+)\.$"
)
_DEFINES = re.compile(
    r"^(?P<category>[A-Z][^,;.]{3,80}?)\s+(?P<verb>includes?)\s+"
    r"(?P<what>(?:costs?|expenses?|charges?|amounts?|fees?|losses|gains?)\b[^.;:]{10,160})\.$"
)
_FIGURE = re.compile(
    r"(?P<name>[a-z][a-z ,'-]{3,60}?)\s+of\s+\$(?P<value>\d[\d,]*(?:\.\d+)?)\s+(?P<scale>million|billion)"
)
_BOUND = re.compile(
    r"^(?P<what>[A-Z][^.]{5,120}?)\s+(?:will\s+be\s+|is\s+|are\s+|was\s+|were\s+)?(?P<state>[a-z]+)\s+"
    r"(?P<bound>through|until)\s+(?P<date>(?:January|February|March|April|May|June|July|August|September|October|"
    r"November|December)\s+\d{1,2},\s+(?:19|20)\d\d)\.$"
)
_MONTHS = "January February March April May June July August September October November December".split()


def round57_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    own = str(document.meta.profile.fiscal_year.value or "")
    finders = [_left_out, lambda a, b, sentence: _defined(a, b, sentence, own), _summed, _bounded]
    return sentence_cases(document, page, finders)


def _yes(start: int, end: int, sentence: str) -> dict:
    return {"value": True, "explanation": "Yes.", "spans": [_span(start, end, sentence)]}


def _left_out(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    match = _LEAVES_OUT.match(sentence)
    if match is None:
        return []
    head, verb = _lower(match["head"]), match["verb"]
    return [
        (
            "a name the sentence leaves out asked",
            (f"In {match['name']}, is it the case that {head} {verb}?", _yes(start, end, sentence), "boolean"),
        ),
        (
            "left out: right",
            (f"Is it the case that {_lower(sentence.rstrip('.'))}?", _yes(start, end, sentence), "boolean"),
        ),
    ]


def _defined(start: int, end: int, sentence: str, own: str) -> list[tuple[str, Case]]:
    match = _DEFINES.match(sentence)
    if match is None or re.search(r"\d", sentence) or not own.isdigit():
        return []
    what = match["what"]
    return [
        (
            "a definition's part asked as incurred",
            (f"Did the company incur {what} in fiscal {own}?", _yes(start, end, sentence), "boolean"),
        ),
        (
            "definition: right",
            (f"Do {_lower(match['category'])} include {what}?", _yes(start, end, sentence), "boolean"),
        ),
    ]


def _summed(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    figures = list(_FIGURE.finditer(sentence))
    if len(figures) < 3 or len({f["scale"] for f in figures}) != 1:
        return []
    named = [(" ".join(f["name"].replace(",", " ").split()[-4:]).removeprefix("and "), f) for f in figures[:3]]
    words = [set(name.split()) - {"the", "a", "an", "of", "and"} for name, _ in named]
    if any(one & other for i, one in enumerate(words) for other in words[i + 1 :]):
        return []  # 'the 787 program of ...' thrice: the names do not tell the figures apart
    asked_name, asked = named[-1]
    scale = asked["scale"] + "s"
    values = [float(f["value"].replace(",", "")) for _, f in named]
    question = f"How much was the {asked_name}?"
    operands = [
        {"label": label, "name": name, "value": value, "period": None, "span": _span(start, end, f.group(0))}
        for label, (name, f), value in zip("abc", named, values, strict=True)
    ]
    total = sum(values)
    summed = {
        "label": asked_name,
        "amount": {"value": total, "currency": "USD", "unit": scale},
        "period": None,
        "calculation": {"operands": operands, "expression": "a + b + c", "result": total},
        "spans": [_span(start, end, sentence)],
    }
    single = {
        "label": asked_name,
        "amount": {"value": values[-1], "currency": "USD", "unit": scale},
        "period": None,
        "calculation": None,
        "spans": [_span(start, end, asked.group(0))],
    }
    return [
        ("a list's figures summed for one of them", (question, summed, "amount")),
        ("listed: right", (question, single, "amount")),
    ]


def _bounded(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    match = _BOUND.match(sentence)
    if match is None:
        return []
    month, day, year = match["date"].replace(",", "").split()
    iso = f"{year}-{_MONTHS.index(month) + 1:02d}-{int(day):02d}"
    item = {
        "label": match["what"],
        "date": {"iso": iso, "original_text": match["date"]},
        "spans": [_span(start, end, sentence)],
    }
    what = _lower(match["what"])
    return [
        ("a span's end given as the day of the event", (f"On what date did {what} take place?", item, "date")),
        ("span end: right", (f"Until what date {_be(match['what'])} {what} {match['state']}?", item, "date")),
    ]


def _be(subject: str) -> str:
    return "are" if subject.split()[-1].endswith("s") else "is"


def _lower(sentence: str) -> str:
    first = sentence.split()[0] if sentence.split() else ""
    return sentence if first.isupper() else sentence[:1].lower() + sentence[1:]
