"""Mutations for bench_verify from blind red team round 60, written apart from docintel/verify/.

- A sentence that gives two ratings ('lowered our corporate credit rating to CCC+ from B- and our senior unsecured
  debt rating to CCC from B-'): the first rating claimed with the second's code (wrong); with its own (right,
  measured).
- A sentence 'We lease (own) a ... facility ...' asked whether the company owns (leases) it, answered yes from the
  quote cut after 'We lease a' (wrong); asked the sentence's own verb, quoted whole (right, measured).
- A term of years ('notes with a maturity of 12 years') given as a date: the year of the sentence plus the term
  (wrong: the quote states no date).

The patterns are general English and the rating scales of S&P, Fitch and Moody's, no document's wording.
"""

from __future__ import annotations

import re

from scripts.verify_round56 import sentence_cases
from scripts.verify_round59 import _line_of

Case = tuple[str, dict, str]  # (question, item, answer type)

_CODE = r"(?:AAA|AA|BBB|BB|CCC|CC|Aaa|Ca)[+\-]?|(?:Aa|Baa|Ba|Caa|A|B)[1-3]|[ABC][+\-]"
_RATED = re.compile(rf"\b(?P<what>(?:[a-z-]+\s+){{1,3}})rating\s+to\s+(?P<code>{_CODE})(?![\w+\-])")
_HOLD = re.compile(
    r"\b[Ww]e\s+(?:also\s+)?(?P<verb>lease|own)\s+(?P<det>a|an|the)\s+(?P<object>(?:[\w,-]+\s+){1,8}?"
    r"(?:facility|building|campus|office|complex|site|plant|center|centre|warehouse))\b"
)
_OTHER = {"lease": "own", "own": "lease"}
_TERM = re.compile(r"\bwith\s+an?\s+(?P<what>maturity|term)\s+of\s+(?P<n>\d{1,2})\s+years\b")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def round60_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    return sentence_cases(document, page, [_ratings, lambda a, b, text: _held(document, a, b, text), _terms])


def _text(text: str, start: int, end: int, quote: str) -> dict:
    return {"text": text, "spans": [{"doc": None, "line_start": start, "line_end": end, "quote": quote}]}


def _ratings(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    found = list(_RATED.finditer(sentence))
    codes = {m["code"] for m in found}
    if len(found) < 2 or len(codes) < 2:
        return []
    first, other = found[0], next(m for m in found if m["code"] != found[0]["code"])
    what = " ".join(first["what"].split()[-2:])
    question = f"Describe the company's {what} rating as the filing states it."
    return [
        (
            "a rating another rating's",
            (question, _text(f"Its {what} rating is {other['code']}.", start, end, sentence), "text"),
        ),
        ("rating: right", (question, _text(f"Its {what} rating is {first['code']}.", start, end, sentence), "text")),
    ]


def _held(document, start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    match = _HOLD.search(sentence)
    line = _line_of(document, start, end, sentence[match.start("object") :]) if match else None
    if match is None or line is None:
        return []
    thing = " ".join(match["object"].replace(",", " ").split()[-3:])
    cut = sentence[match.start("object") :].rstrip(".")
    other = _OTHER[match["verb"]]
    wrong = {"value": True, "explanation": "As quoted.", "spans": [_span(line, end, cut)]}
    right = {"value": True, "explanation": "As quoted.", "spans": [_span(start, end, sentence.rstrip("."))]}
    return [
        ("a yes cut after another verb", (f"Does the company {other} the {thing}?", wrong, "boolean")),
        ("held: right", (f"Does the company {match['verb']} the {thing}?", right, "boolean")),
    ]


def _terms(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    term, years = _TERM.search(sentence), _YEAR.findall(sentence)
    if term is None or not years:
        return []
    worked = str(int(years[0]) + int(term["n"]))
    if worked in sentence:
        return []
    item = {
        "label": "Date",
        "date": {"iso": worked, "original_text": term.group(0).removeprefix("with a ").removeprefix("with an ")},
        "spans": [_span(start, end, sentence.rstrip("."))],
    }
    return [("a date worked out from a term", ("When does it mature?", item, "date"))]


def _span(start: int, end: int, quote: str) -> dict:
    return {"doc": None, "line_start": start, "line_end": end, "quote": quote.strip()}
