"""Mutations for bench_verify from blind red team rounds 54 and 55, written apart from docintel/verify/.

- A figure a sentence says the company will pay or receive ('we will pay a fixed rate of 3.88%') given as what it
  paid or received (wrong); a figure it says was paid (right, measured).
- A sentence's 'primarily' (or 'mainly', 'principally', 'largely') restated as 'only' (wrong); the sentence as it is
  (right, measured).
- A figure a sentence calls former ('the prior standard of 10 ppb') given as the one that applies now (wrong); a
  figure it calls new or current (right, measured).
- A yes that a whole matter was settled from a sentence that settled 'a portion of' it (wrong); a yes from a
  sentence that settled the matter itself (right, measured).
- A yes about an event in one month of a year from a sentence that dates it in another month (wrong); the month the
  sentence says (right, measured).

The patterns are general English (a future 'will', hedges of extent, 'prior'/'former', 'a portion of', month
names), no document's wording.
"""

from __future__ import annotations

import re

from scripts.verify_round53 import _sentences, _span

Case = tuple[str, dict, str]  # (question, item, answer type)

_MONTHS = ("January February March April May June July August September October November December").split()
_FIGURE = r"(?P<figure>\$?\d[\d,]*(?:\.\d+)?)\s*(?P<scale>%|percent|million|billion)?"
_FUTURE = re.compile(
    rf"\b(?:we|the\s+company)\s+(?P<tense>will|paid|received)\s+(?:(?P<verb>pay|receive)\s+)?"
    rf"(?P<what>(?:(?!\d)[\w-]+\s+){{1,6}}?)of\s+{_FIGURE}",
    re.IGNORECASE,
)
_HEDGE = re.compile(r"\b(?P<hedge>primarily|mainly|principally|largely)\s+(?P<prep>from|in|to|by|due\s+to)\b")
_TIME = re.compile(
    r"\b(?P<when>prior|former|previous|new|current|revised)\s+(?P<what>(?:[a-z-]+\s+){0,2}?[a-z-]+)\s+of\s+" + _FIGURE
)
_SETTLED = re.compile(
    r"\b(?:we|the\s+company)\s+(?:have\s+|has\s+)?settled\s+(?P<part>a\s+portion\s+of\s+)?(?P<what>(?:the|our|its)\s+"
    r"(?:[\w-]+\s+){0,6}?(?:audit|examination|dispute|claims?|litigation|lawsuit|case|matter)s?)\b",
    re.IGNORECASE,
)
_DATED = re.compile(rf"\bin\s+(?P<month>{'|'.join(_MONTHS)})\s+(?P<year>(?:19|20)\d\d)\b")


def round55_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    lines = document.lines
    on_page = lines[lines["page"] == page]
    rows = [(int(n), str(t)) for n, t in zip(on_page["global_line"].tolist(), on_page["text"].tolist(), strict=True)]
    cases: dict[str, list[Case]] = {}
    for start, end, sentence in _sentences(rows):
        if len(sentence) > 600:
            continue  # a table read as one run of text
        for make in (_future, _hedged, _former, _settled, _month):
            for kind, case in make(start, end, sentence):
                cases.setdefault(kind, []).append(case)
    return cases


def _amount(figure: str, scale: str | None) -> dict:
    value = float(figure.lstrip("$").replace(",", ""))
    if scale in ("%", "percent"):
        return {"value": value, "currency": None, "unit": "percent"}
    unit = {"million": "millions", "billion": "billions"}.get(scale or "", "units")
    return {"value": value, "currency": "USD" if figure.startswith("$") else None, "unit": unit}


def _future(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    found = []
    for match in _FUTURE.finditer(sentence):
        future = match["tense"].lower() == "will"
        if future and not match["verb"]:
            continue
        verb = (match["verb"] or {"paid": "pay", "received": "receive"}[match["tense"].lower()]).lower()
        what = re.sub(r"^(?:a|an|the)\s+", "", match["what"].strip(), flags=re.IGNORECASE)
        item = {
            "label": what,
            "amount": _amount(match["figure"], match["scale"]),
            "period": None,
            "calculation": None,
            "spans": [_span(start, end, sentence)],
        }
        years = set(re.findall(r"\b(?:19|20)\d\d\b", sentence))
        if len(years) > 1:
            continue  # the question would have to say which year
        question = f"What {what} did the company {verb}{' in ' + years.pop() if years else ''}?"
        found.append(("a figure to be paid given as paid" if future else "paid: right", (question, item, "amount")))
    return found


def _hedged(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    match = _HEDGE.search(sentence)
    if match is None or len(sentence.split()) < 8:
        return []
    subject = " ".join(sentence[: match.start()].split()[:6]).rstrip(",")
    question = f"What does the filing say about {subject[0].lower()}{subject[1:]}?"
    overstated = sentence[: match.start()] + "only " + sentence[match.end("hedge") + 1 :]
    return [
        (
            "'primarily' restated as 'only'",
            (question, {"text": overstated, "spans": [_span(start, end, sentence)]}, "text"),
        ),
        ("primarily: right", (question, {"text": sentence, "spans": [_span(start, end, sentence)]}, "text")),
    ]


def _former(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    found = []
    for match in _TIME.finditer(sentence):
        what = match["what"]
        if re.search(r"\b(?:year|years|period|quarter|month|months)\b", what):
            continue  # 'prior year of $3 million': a period, not a figure's standing
        item = {
            "label": f"current {what}",
            "amount": _amount(match["figure"], match["scale"]),
            "period": None,
            "calculation": None,
            "spans": [_span(start, end, sentence)],
        }
        question = f"What is the {what} that applies now?"
        former = match["when"] in ("prior", "former", "previous")
        found.append(
            ("a former figure given as current" if former else "current figure: right", (question, item, "amount"))
        )
    return found


def _settled(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    match = _SETTLED.search(sentence)
    if match is None:
        return []
    what = re.sub(r"^(?:our|its)\s+", "the ", match["what"])
    question = f"Has the company settled {what}?"
    item = {"value": True, "explanation": "Yes.", "spans": [_span(start, end, sentence)]}
    kind = "a portion settled given as the whole" if match["part"] else "settled: right"
    return [(kind, (question, item, "boolean"))]


def _month(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    dated = list(_DATED.finditer(sentence))
    if len(dated) != 1 or len(set(re.findall(r"\b(?:19|20)\d\d\b", sentence))) != 1:
        return []
    match = dated[0]
    other = _MONTHS[(_MONTHS.index(match["month"]) + 6) % 12]
    body = sentence.rstrip(".")
    moved = body[: match.start("month")] + other + body[match.end("month") :]
    item = {"value": True, "explanation": "Yes.", "spans": [_span(start, end, sentence)]}
    return [
        ("another month's event for the month asked", (f"Is it the case that {_lower(moved)}?", item, "boolean")),
        ("month: right", (f"Is it the case that {_lower(body)}?", item, "boolean")),
    ]


def _lower(sentence: str) -> str:
    first = sentence.split()[0] if sentence.split() else ""
    return sentence if first.isupper() or first in ("I",) else sentence[:1].lower() + sentence[1:]
