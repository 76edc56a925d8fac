"""Mutations for bench_verify from blind red team rounds 61 and 62, written apart from docintel/verify/.

- A figure a sentence splits over the places it was earned in ('... U.S. loss before income taxes by $6.0 billion
  and foreign income before income taxes by $588 million'): the home country's part answered for the whole (wrong);
  asked with its place (right, measured).
- One of several numbered things ('MGM China's second revolving credit facility'): a text about it answered for the
  thing without its ordinal (wrong); asked with the ordinal (right, measured).
- A holding of the company's shareholders ('... resulted in subscribed shareholders of the Company owning 50.1% of
  ...'): a yes that the company holds it (wrong); that its shareholders do (right, measured).
- A change stated with 'as' and what brought it ('Revenue decreased 25% as elevated channel inventory levels ...'):
  a why-question answered with the sentence (right, measured: 'as' states a cause).

The patterns are general English of filings (a place before a line item, an ordinal, a company's shareholders, a
change's 'as'), no document's wording.
"""

from __future__ import annotations

import re

from scripts.verify_round56 import sentence_cases

Case = tuple[str, dict, str]  # (question, item, answer type)

_FIGURE = r"(?P<figure>\$\s?\d[\d,]*(?:\.\d+)?)\s*(?P<scale>million|billion)?"
_HOME = re.compile(
    rf"(?<![\w.-])(?P<place>U\.S\.|domestic)\s+(?P<what>[a-z][a-z ]{{3,60}}?)\s+(?:by|of|was|were|totaled)\s+{_FIGURE}"
)
_ABROAD = re.compile(r"(?<![\w.-])(?:foreign|international|non-U\.S\.)\s+[a-z][a-z ]{3,60}?\s+(?:by|of|was|were)\s+\$")
_ORDINAL = re.compile(
    r"\b(?:the|its|our|[A-Z][\w.-]*['’]s)\s+(?P<ordinal>first|second|third)\s+(?P<thing>(?:[a-z-]{3,}\s+){1,2}[a-z-]{4,})\b"
)
_TIME = re.compile(r"\b(?:quarter|half|time|year|month|week|day|part(?:y|ies)|amended|restated|supplement|amendment)")
_HOLDERS = re.compile(
    r"\b(?P<holders>(?:shareholders|stockholders)\s+of\s+(?:the\s+)?Company|(?:our|the\s+Company['’]s)\s+"
    r"(?:shareholders|stockholders))\s+(?:owning|own|owned|held|hold)\s+(?:approximately\s+)?(?P<share>\d[\d.]*%)\s+of\s+"
    r"(?P<what>[^.;,]{5,80})"
)
_CHANGED_AS = re.compile(
    r"^(?P<what>[A-Z][\w ,'’&-]{3,80}?)\s+(?P<verb>increased|decreased|declined|grew|rose|fell)\s+(?:by\s+)?"
    r"\$?\d[\d.,]*\s*(?:%|percent|million|billion)?\s+as\s+(?!(?:a|of|compared|well|follows)\b)"
)
_FUNCTION = re.compile(r"\b(?:and|or|will|was|were|is|are|has|have|had|be)\b")  # no noun phrase: 'first step was'
_BASE = {
    "increased": "increase",
    "decreased": "decrease",
    "declined": "decline",
    "grew": "grow",
    "rose": "rise",
    "fell": "fall",
}


def round62_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    return sentence_cases(document, page, [_split_by_place, _numbered, _holders, _changed_as])


def _span(start: int, end: int, quote: str) -> dict:
    return {"doc": None, "line_start": start, "line_end": end, "quote": quote.strip().rstrip(".")}


def _split_by_place(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    home = _HOME.search(sentence)
    if home is None or not _ABROAD.search(sentence):
        return []
    years = sorted(set(re.findall(r"\b(?:19|20)\d\d\b", sentence)))
    if len(years) > 1:
        return []  # the question would have to say which year
    when = f" in {years[0]}" if years else ""
    value = float(home["figure"].lstrip("$ ").replace(",", ""))
    unit = {"million": "millions", "billion": "billions"}.get(home["scale"] or "", "units")
    item = {
        "label": home["what"],
        "amount": {"value": value, "currency": "USD", "unit": unit},
        "period": years[0] if years else None,
        "calculation": None,
        "spans": [_span(start, end, sentence)],
    }
    return [
        ("a place's part for the whole", (f"What was the {home['what']}{when}?", item, "amount")),
        ("place part: right", (f"What was the {home['place']} {home['what']}{when}?", item, "amount")),
    ]


def _numbered(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    found = _ORDINAL.search(sentence)
    if found is None or _TIME.search(found["thing"]) or _FUNCTION.search(found["thing"]) or len(sentence) > 400:
        return []
    text = {"text": sentence.rstrip("."), "spans": [_span(start, end, sentence)]}
    thing, ordinal = found["thing"], found["ordinal"]
    return [
        ("one numbered thing for the thing", (f"Describe what the filing says of the {thing}.", text, "text")),
        ("numbered: right", (f"Describe what the filing says of the {ordinal} {thing}.", text, "text")),
    ]


def _holders(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    found = _HOLDERS.search(sentence)
    if found is None:
        return []
    yes = {"value": True, "explanation": "Yes.", "spans": [_span(start, end, sentence)]}
    what, share = found["what"].strip(), found["share"]
    return [
        ("the shareholders' holding for the company's", (f"Does the company hold {share} of {what}?", yes, "boolean")),
        ("holders: right", (f"Do the company's shareholders hold {share} of {what}?", yes, "boolean")),
    ]


def _changed_as(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    found = _CHANGED_AS.match(sentence)
    if found is None or found["verb"] not in _BASE or len(sentence) > 400:
        return []
    what = found["what"].strip()
    text = {"text": sentence.rstrip("."), "spans": [_span(start, end, sentence)]}
    question = f"Why did {what[0].lower()}{what[1:]} {_BASE[found['verb']]}?"
    return [("cause as: right", (question, text, "text"))]
