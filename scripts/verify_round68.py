"""Mutations for bench_verify from blind red team rounds 68 and 69, written apart from docintel/verify/.

- A money amount's change and its size relative to it ('gross margin decreased by $504 million, or 12%'): the
  percentage answered for 'By how many percentage points ...?' (wrong); the amount for 'By how much ...?' (right,
  measured).
- A part and the whole it belongs to ('placed a $5 billion deposit ... as part of $30 billion of deposits provided by
  a consortium'): the whole answered for the part (wrong); the part (right, measured).
- A change told in prose under a segment's heading ('Regulated Businesses Segment', then a line item's
  sub-heading): the segment's change answered for the company's (wrong); for the segment's (right, measured).

The patterns are general English of filings ('or 12%', 'as part of', '... Segment' headings), no document's wording.
"""

from __future__ import annotations

import re

from scripts.verify_round56 import page_sentences

Case = tuple[str, dict, str]  # (question, item, answer type)

_SCALE = r"(?P<{0}_scale>million|billion)"
_CHANGE_THEN_PERCENT = re.compile(
    r"\b(?P<subject>[a-z]+(?:\s+[a-z]+){0,2})\s+(?P<verb>increased|decreased|declined|rose|fell)\s+(?:by\s+)?"
    r"\$(?P<amount>\d[\d,.]*)\s+" + _SCALE.format("amount") + r",?\s+or\s+(?P<percent>\d[\d.]*)\s?%"
)
_PART_OF_WHOLE = re.compile(
    r"\$(?P<part>\d[\d,.]*)\s+" + _SCALE.format("part") + r"\s+(?P<noun>[a-z]+)\b[^.;]*?\bas\s+part\s+of\s+"
    r"\$(?P<whole>\d[\d,.]*)\s+" + _SCALE.format("whole") + r"\s+of\s+(?P<nouns>[a-z]+)"
)
_SEGMENT_HEADING = re.compile(r"^(?P<name>[A-Z][\w&.,'’\- ]{1,60}?)\s+Segment$")
_SECTION_CHANGE = re.compile(
    r"^In\s+(?P<year>(?:19|20)\d\d),\s+as\s+compared\s+to\s+(?:19|20)\d\d,\s+(?P<item>[a-z]+(?:\s+[a-z]+){0,2})\s+"
    r"(?:increased|decreased)\s+\$(?P<amount>\d[\d,.]*)\s+" + _SCALE.format("amount")
)
_NO_SUBJECT = frozenset("million billion thousand plc inc of which that and it they this these there also".split())
_REACH = 60  # lines above a sentence its segment's heading may stand


def round68_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    year = str(document.meta.profile.fiscal_year.value or "")
    cases: dict[str, list[Case]] = {}
    for start, end, sentence in page_sentences(document, page):
        for kind, case in [*_relative(start, end, sentence, year), *_parts(start, end, sentence, year)]:
            cases.setdefault(kind, []).append(case)
    lines = document.lines[document.lines["page"] == page]
    for line, text in zip(lines["global_line"].tolist(), lines["text"].tolist(), strict=True):
        for kind, case in _sections(document, int(line), str(text)):  # a long sentence's first line is enough
            cases.setdefault(kind, []).append(case)
    return cases


def _span(start: int, end: int, quote: str) -> dict:
    return {"doc": None, "line_start": start, "line_end": end, "quote": quote.strip()}


def _amount(value: str, unit: str, currency: str | None, period: str, span: dict) -> dict:
    amount = {"value": float(value.replace(",", "")), "currency": currency, "unit": unit}
    return {"label": "amount", "amount": amount, "period": period or None, "calculation": None, "spans": [span]}


def _unit(scale: str) -> str:
    return "millions" if scale == "million" else "billions"


def _relative(start: int, end: int, sentence: str, year: str) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for change in _CHANGE_THEN_PERCENT.finditer(sentence) if year else ():
        subject = change["subject"]
        before = sentence[max(0, change.start() - 12) : change.start()]
        if re.search(r"\d", before) or _NO_SUBJECT & set(subject.split()):
            continue  # '$2.2 billion increased by ...': no line item's name before the verb
        quote = _span(start, end, sentence)  # the whole sentence: its year with it
        points = f"By how many percentage points did {subject} change in {year}?"
        percent = _amount(change["percent"], "percent", None, year, quote)
        found.append(("a percentage change of an amount for points", (points, percent, "amount")))
        amount = _amount(change["amount"], _unit(change["amount_scale"]), "USD", year, quote)
        found.append(("relative change: right", (f"By how much did {subject} change in {year}?", amount, "amount")))
    return found


def _parts(start: int, end: int, sentence: str, year: str) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for part in _PART_OF_WHOLE.finditer(sentence):
        quote = _span(start, end, sentence[part.start() : part.end()])
        question = f"How much was the company's own {part['noun']}{f' in {year}' if year else ''}?"
        whole = _amount(part["whole"], _unit(part["whole_scale"]), "USD", year, quote)
        found.append(("a whole for the part that belongs to it", (question, whole, "amount")))
        own = _amount(part["part"], _unit(part["part_scale"]), "USD", year, quote)
        found.append(("part of a whole: right", (question, own, "amount")))
    return found


def _sections(document, line: int, text: str) -> list[tuple[str, Case]]:
    change = _SECTION_CHANGE.match(text)
    segment = _segment_above(document, line) if change else None
    if change is None or segment is None:
        return []
    quote = _span(line, line, text[: change.end()])
    year, item = change["year"], change["item"]
    amount = _amount(change["amount"], _unit(change["amount_scale"]), "USD", year, quote)
    consolidated = f"By how much did the company's consolidated {item} change in {year} compared to {int(year) - 1}?"
    own = f"By how much did the {segment} segment's {item} change in {year} compared to {int(year) - 1}?"
    return [
        ("a segment's change for the company's", (consolidated, amount, "amount")),
        ("section segment: right", (own, amount, "amount")),
    ]


def _segment_above(document, line: int) -> str | None:
    """The segment a '... Segment' heading within _REACH lines above names, when no other short title-case line
    (another heading) stands between but a line item's one- to three-word heading."""
    texts = document.lines["text"].tolist()
    for number in range(line - 1, max(0, line - _REACH), -1):
        text = str(texts[number - 1]).strip()
        if heading := _SEGMENT_HEADING.match(text):
            return heading["name"]
        words = text.split()
        if 1 <= len(words) <= 6 and all(w[:1].isupper() for w in words if len(w) > 3) and not re.search(r"\d", text):
            if len(words) > 3 or text.endswith(":"):
                return None  # a heading of another section
    return None
