"""Mutations for bench_verify from blind red team round 65, written apart from docintel/verify/.

- A change a sentence says of one of the company's segments ('a $120 million decrease in research and development
  expenses attributable to our Computing and Graphics segment'), quoted up to the segment: the part answered for the
  whole change (wrong); asked of the segment (right, measured).
- A list of things each dated by the same words ('The Cosmopolitan for periods subsequent to its acquisition on May
  17, 2022, Aria for periods subsequent to its acquisition on September 27, 2021'): the first item's date answered
  for the second, quoted across them (wrong); each item's own date (right, measured).

The patterns are general English of filings (a figure attributed to a segment, a list sharing its wording), no
document's wording.
"""

from __future__ import annotations

import re
from datetime import datetime

from scripts.verify_round56 import sentence_cases

Case = tuple[str, dict, str]  # (question, item, answer type)

_PART = re.compile(
    r"(?P<figure>\$\d[\d,.]*)\s+(?P<scale>million|billion)\s+(?P<way>increase|decrease)\s+in\s+"
    r"(?P<item>[a-z][a-z ,&-]{3,60}?)\s+(?:attributable|related)\s+to\s+(?:our|its)\s+"
    r"(?P<name>[A-Z][\w&-]*(?:,?\s+(?:and\s+)?[A-Z][\w&-]*){0,5})\s+(?P<kind>segment|division|business)\b"
)
_DAY = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},\s+\d{4}"
_NAME = r"[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,3}"
_LISTED = re.compile(
    rf"(?P<a>{_NAME})\s+(?P<words>[a-z][a-z ]{{3,60}}?)\s+(?P<d1>{_DAY}),\s+"
    rf"(?P<b>{_NAME})\s+(?P=words)\s+(?P<d2>{_DAY})"
)
_ACT = re.compile(r"\b(?P<noun>[a-z]+(?:tion|ment)|sale|closing|opening)\b")


def round65_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    return sentence_cases(document, page, [_segment_parts, _listed_dates])


def _span(start: int, end: int, quote: str) -> dict:
    return {"doc": None, "line_start": start, "line_end": end, "quote": quote.strip()}


def _segment_parts(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    years = sorted(set(re.findall(r"\b(?:19|20)\d\d\b", sentence)))
    found: list[tuple[str, Case]] = []
    for part in _PART.finditer(sentence) if years else ():
        value = float(part["figure"].lstrip("$").replace(",", ""))
        unit = "millions" if part["scale"] == "million" else "billions"
        amount = {"value": value, "currency": "USD", "unit": unit}
        cut = sentence[part.start() : part.end("item")]
        whole = sentence[part.start() : part.end()]
        asked = f"By how much did {part['item']} {part['way']} in {years[-1]}?"
        own = f"By how much did {part['item']} of the {part['name']} {part['kind']} {part['way']} in {years[-1]}?"
        for kind, question, quote in (
            ("a segment's part of a change", asked, cut),
            ("segment part: right", own, whole),
        ):
            item = {"label": "change", "amount": amount, "period": years[-1], "calculation": None}
            found.append((kind, (question, {**item, "spans": [_span(start, end, quote)]}, "amount")))
    return found


def _listed_dates(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for listed in _LISTED.finditer(sentence):
        act = list(_ACT.finditer(listed["words"]))
        if not act:
            continue
        noun = act[-1]["noun"]
        second = f"On what date was the {noun} of {listed['b']}?"
        cut = sentence[listed.start("words") : listed.end("b")]
        cases = [
            ("another item's date of a list", second, listed["d1"], cut),
            ("listed date: right", second, listed["d2"], sentence[listed.start("b") : listed.end("d2")]),
            (
                "listed date: right",
                f"On what date was the {noun} of {listed['a']}?",
                listed["d1"],
                sentence[listed.start("a") : listed.end("d1")],
            ),
        ]
        for kind, question, printed, quote in cases:
            iso = datetime.strptime(printed, "%B %d, %Y").date().isoformat()
            item = {"label": "Date", "date": {"iso": iso, "original_text": printed}}
            found.append((kind, (question, {**item, "spans": [_span(start, end, quote)]}, "date")))
    return found
