"""Mutations for bench_verify of whether what a quote says stands (red team round 31), over every page of the dev
filings.

- an expected date for a limit: each line that says a transaction is expected to close (or be completed) in a
  year or on a date, that date given to 'By when must the transaction close?' (wrong) and to 'When is the
  transaction expected to close?' (right, measured);
- a reduction read as a stop: each line about a dividend that says it was reduced, lowered or cut and names no
  stop, answering yes to 'Did the company suspend its dividend?';
- a total read as per share: each line that gives dividends paid in money (millions or billions) and no figure per
  share, answering yes to 'Did the company cut its dividend per share?';
- an allegation claimed as fact: each line that says a party alleges something ('alleging that ...'), quoted from
  after 'that' and claimed as fact (wrong), and claimed as the allegation it is (right, measured).

Each wrong one is wrong, so 'supported' fails the bench; the patterns are the bench's own, written apart from
docintel/verify/.
"""

from __future__ import annotations

import re

from docintel.periods import find_periods
from scripts.verify_clauses import _page_lines

Case = tuple[str, dict, str]  # (question, item, answer type)

_EXPECTED_CLOSE = re.compile(
    r"\bexpected\s+to\s+(?:close|be\s+completed|complete|be\s+consummated)\s+(?:in|by|on|during)\s+", re.IGNORECASE
)
_DIVIDEND = re.compile(r"\bdividends?\b", re.IGNORECASE)
_REDUCED = re.compile(r"\b(?:reduced|lowered|cut|decreased)\b", re.IGNORECASE)
_STOP = re.compile(r"\b(?:suspen\w*|discontinu\w*|ceas\w*|eliminat\w*|terminat\w*|halt\w*|stop\w*)\b", re.I)
_PAID_TOTAL = re.compile(r"\bpaid\b[^.]{0,80}?\$\s?[\d,.]+\s*(?:million|billion)\b[^.]{0,60}?\bdividends?\b", re.I)
_PER_SHARE = re.compile(r"\bper\s+(?:common\s+|ordinary\s+)?share\b|\ba\s+share\b", re.IGNORECASE)
_HEDGED = re.compile(r"\b(?:alleg\w*|purport\w*|claim(?:s|ed)\b|assert\w*)", re.IGNORECASE)
_ALLEGES = re.compile(r"\balleg(?:ing|es|ed)\s+that\s+(?P<claim>[^.;]{30,})", re.IGNORECASE)


def _span(line: int, quote: str) -> dict:
    return {"doc": None, "line_start": line, "line_end": line, "quote": quote}


def standing_cases(document, page: int) -> dict[str, list[Case]]:
    """The four classes of the module docstring, from the page's lines."""
    cases: dict[str, list[Case]] = {}
    for line, text in _page_lines(document, page):
        quote = text.strip()
        for kind, case in (*_expected(line, quote), *_stops(line, quote), *_allegations(line, quote)):
            cases.setdefault(kind, []).append(case)
    return cases


def _expected(line: int, quote: str) -> list[tuple[str, Case]]:
    found = _EXPECTED_CLOSE.search(quote)
    dates = [p for p in find_periods(quote[found.end() :]) if p.start == 0] if found else []
    if not dates:
        return []
    date = dates[0]
    iso = (
        f"{date.year:04d}"
        if date.month is None
        else f"{date.year:04d}-{date.month:02d}" + (f"-{date.day:02d}" if date.day else "")
    )
    item = {"label": "Closing date", "date": {"iso": iso, "original_text": date.text}, "spans": [_span(line, quote)]}
    return [
        ("an expected date for a limit", ("By when must the transaction close?", item, "date")),
        ("expected date: right", ("When is the transaction expected to close?", item, "date")),
    ]


def _stops(line: int, quote: str) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    yes = {"value": True, "explanation": "yes", "spans": [_span(line, quote)]}
    if _DIVIDEND.search(quote) and _REDUCED.search(quote) and not _STOP.search(quote):
        found.append(("a reduction read as a stop", ("Did the company suspend its dividend?", yes, "boolean")))
    if _PAID_TOTAL.search(quote) and not _PER_SHARE.search(quote):
        found.append(("a total read as per share", ("Did the company cut its dividend per share?", yes, "boolean")))
    return found


def _allegations(line: int, quote: str) -> list[tuple[str, Case]]:
    found = _ALLEGES.search(quote)
    if found is None:
        return []
    alleged = found.group("claim").strip().rstrip(",")
    if _HEDGED.search(alleged):  # 'injuries purportedly as a result of ...' keeps its own hedge
        return []
    question = f"What does the filing say about the claim that {' '.join(alleged.split()[:6])}?"
    span = _span(line, quote[found.start("claim") :].strip())
    whole = _span(line, quote)
    return [
        (
            "an allegation claimed as fact",
            (question, {"text": alleged[:1].upper() + alleged[1:], "spans": [span]}, "text"),
        ),
        ("allegation: right", (question, {"text": f"A lawsuit alleges that {alleged}", "spans": [whole]}, "text")),
    ]
