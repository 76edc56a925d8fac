"""Mutations for bench_verify from blind red team round 52 and the new users' American Express and PepsiCo findings,
written apart from docintel/verify/.

- A sentence placing another organisation's headquarters ('the headquarters for AENB in Sandy, Utah') given for
  where the company is headquartered (wrong); the company's principal executive offices (right, measured).
- A row of a valuation table given for one kind of share-based award ('Expected volatility 42 %' under the RSUs'
  Monte Carlo assumptions) asked of another kind (stock options; wrong); asked of its own kind (right, measured).
- The date of the report an agreement was filed with ('... Current Report on Form 8-K dated November 17, 2009')
  given for the agreement's date (wrong); the agreement's own 'dated' date (right, measured).
- A no read from the part of a sentence before its turn ('..., although Comirnaty remains a licensed vaccine'),
  asked about what the turn says (wrong); the whole sentence for a yes (right, measured).
- A form's printed cover captions ('(State or other jurisdiction of incorporation)') given as the answer (wrong).

The patterns are general English and the SEC forms' captions (a seat's words, the kinds of award of ASC 718,
'dated', 'although', the cover page's captions), no document's wording.
"""

from __future__ import annotations

import re

Case = tuple[str, dict, str]  # (question, item, answer type)

_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_DATE = rf"{_MONTH}\s+\d{{1,2}},\s+\d{{4}}"
_ISO_MONTH = {m: i + 1 for i, m in enumerate(_MONTH.strip("(?:)").split("|"))}
_NAME = r"[A-Z][\w&.'\u2019()-]*(?:\s+(?:of\s+|and\s+)?[A-Z][\w&.'\u2019()-]*)*"
_OTHER_SEAT = re.compile(rf"\bthe\s+headquarters\s+(?:for|of)\s+(?P<name>{_NAME})\s+(?:is\s+)?in\s+(?P<place>{_NAME})")
_OWN_SEAT = re.compile(
    r"\b(?:Our|The Company's|The Company\u2019s)\s+principal\s+executive\s+offices\s+are\s+[^;]+?(?=\.\s|\.$|;|$)"
)
_KINDS = {
    "stock options": re.compile(r"\boptions?\s+granted\b|\bBlack-Scholes", re.IGNORECASE),
    "restricted stock units": re.compile(r"\bRSUs?\b|\brestricted\s+stock\s+units?\b", re.IGNORECASE),
}
_ASSUMPTION = re.compile(
    r"^(?P<label>Expected\s+volatility|Risk-free\s+(?:interest\s+)?rate|Dividend\s+yield)\b[^\d]*"
    r"(?P<value>\d+(?:\.\d+)?)\s*%"
)
_YEARS = re.compile(r"^(?:20\d\d)(?:\s+20\d\d)+$")
_FILED_WITH = re.compile(
    rf"(?P<what>[A-Z][\w\s&'\u2019-]*?Agreement)\b[^;]{{0,160}}?\bdated\s+(?P<own>{_DATE})[^;]{{0,80}}?\bReport\s+on\s+Form\s+"
    rf"[\w-]+\s+dated\s+(?P<report>{_DATE})"
)
# a turn with its own subject ('although Comirnaty remains ...'), not 'but also' nor 'but has been postponed'
_TURN = re.compile(
    r"^(?P<main>[A-Z][^.;]{30,}?),\s+(?:although|but)\s+(?P<clause>(?:the|there|it|we|our|its|they|[A-Z][\w-]+)\s+"
    r"(?!also\b)[a-z][^.;:]{12,}?)\."
)
_CAPTIONS = re.compile(r"^\(State or other jurisdiction\b", re.IGNORECASE)


def _span(line: int, quote: str, end: int | None = None) -> dict:
    return {"doc": None, "line_start": line, "line_end": end or line, "quote": quote.strip()}


def _iso(date: str) -> str:
    parts = date.replace(",", "").split()
    return f"{parts[-1]}-{_ISO_MONTH[parts[0]]:02d}-{int(parts[1]):02d}"


def round52_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    lines = document.lines
    on_page = lines[lines["page"] == page]
    rows = [(int(n), str(t)) for n, t in zip(on_page["global_line"].tolist(), on_page["text"].tolist(), strict=True)]
    cases: dict[str, list[Case]] = {}
    for kind, case in [*_seats(rows), *_awards(rows), *_filed(rows), *_turns(rows), *_captions(rows)]:
        cases.setdefault(kind, []).append(case)
    return cases


def _seats(rows: list[tuple[int, str]]) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    question = "Where is the company headquartered?"
    for line, text in rows:
        for match in _OTHER_SEAT.finditer(text):
            item = {"text": f"In {match.group('place')}.", "spans": [_span(line, match.group(0))]}
            found.append(("another organisation's headquarters", (question, item, "text")))
        for match in _OWN_SEAT.finditer(text):
            item = {"text": match.group(0), "spans": [_span(line, match.group(0))]}
            found.append(("own seat: right", (question, item, "text")))
    return found


def _awards(rows: list[tuple[int, str]]) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for index, (line, text) in enumerate(rows):
        row = _ASSUMPTION.match(text)
        if row is None:
            continue
        above = rows[max(0, index - 6) : index]
        kind_line = next(((n, t) for n, t in reversed(above) if _kinds(t)), None)
        header = next(((n, t) for n, t in reversed(above) if _YEARS.match(t.strip())), None)
        if kind_line is None or header is None or len(_kinds(kind_line[1])) != 1:
            continue
        own = next(iter(_kinds(kind_line[1])))
        other = next(k for k in _KINDS if k != own)
        year = header[1].split()[0]
        label = row.group("label")
        item = {
            "label": label,
            "amount": {"value": float(row.group("value")), "currency": None, "unit": "percent"},
            "period": year,
            "calculation": None,
            "spans": [_span(header[0], header[1]), _span(line, text)],
        }
        for kind, asked in (("an award's table read for another kind", other), ("award kind: right", own)):
            question = f"What {label.lower()} did the company assume to value the {asked} it granted in {year}?"
            found.append((kind, (question, item, "amount")))
    return found


def _kinds(text: str) -> set[str]:
    return {kind for kind, pattern in _KINDS.items() if pattern.search(text)}


def _filed(rows: list[tuple[int, str]]) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for (line, text), (_, following) in zip(rows, [*rows[1:], (0, "")], strict=False):  # a page may be empty
        joined = f"{text} {following}".strip()
        match = _FILED_WITH.search(joined)
        if match is None or match.start() >= len(text) or match.group("own") == match.group("report"):
            continue  # a report of the same day dates the agreement too
        end = line + 1 if match.end() > len(text) else line
        what = " ".join(match.group("what").split()[-6:])
        question = f"What is the date of the {what}?"
        for kind, date in (("a report's date for the agreement's", "report"), ("agreement date: right", "own")):
            printed = match.group(date)
            item = {"label": "Date", "date": {"iso": _iso(printed), "original_text": printed}}
            found.append((kind, (question, {**item, "spans": [_span(line, match.group(0), end)]}, "date")))
    return found


def _turns(rows: list[tuple[int, str]]) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for line, text in rows:
        match = _TURN.match(text)
        if match is None:
            continue
        question = f"Is it the case that {match.group('clause')}?"
        cut = {"value": False, "explanation": "No.", "spans": [_span(line, match.group("main"))]}
        whole = {"value": True, "explanation": "Yes.", "spans": [_span(line, match.group(0))]}
        found += [
            ("a no read from a sentence cut before its turn", (question, cut, "boolean")),
            ("turn: right", (question, whole, "boolean")),
        ]
    return found


def _captions(rows: list[tuple[int, str]]) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for (line, text), (_, following) in zip(rows, [*rows[1:], (0, "")], strict=False):  # a page may be empty
        if _CAPTIONS.match(text):
            go_on = re.match(r"(?:of\s+|\()", following)  # the caption's second line ('of incorporation)')
            spans = [_span(line, text), *([_span(line + 1, following)] if go_on else [])]
            item = {"text": " ".join(s["quote"] for s in spans), "spans": spans}
            found.append(
                ("a form's captions as the answer", ("In which state is the company incorporated?", item, "text"))
            )
    return found
