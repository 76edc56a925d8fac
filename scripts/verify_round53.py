"""Mutations for bench_verify from blind red team round 53, written apart from docintel/verify/.

- A sentence that dates another organisation's act ('Aearo Technologies sold ... earplugs starting in about 2003')
  given for the company's own ('In what year did the company sell ...?'; wrong); a sentence dating the company's own
  act ('We acquired ... in 2019'; right, measured).
- A figure a sentence gives 'primarily from' several sources ('income ... of $13 million ... primarily from our ULA
  and non-U.S. joint ventures') given for one of them (wrong); for the whole (right, measured).
- A yes to a question that asks a degree ('Did net sales significantly increase ...?') from a sentence that states
  none (wrong); from one that states it ('increased substantially'; right, measured).
- A yes about proceedings against the company from a sentence about those against another party ('all litigation
  against Aearo Entities ... is automatically stayed'; wrong); from one about the company's own (right, measured).

The patterns are general English (a sentence's subject before its verb, 'primarily from', adverbs of degree,
'against'), no document's wording.
"""

from __future__ import annotations

import re

Case = tuple[str, dict, str]  # (question, item, answer type)

_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_WHEN = rf"(?:{_MONTH}\s+(?:\d{{1,2}},\s+)?)?(?:19|20)\d\d"
_NAME = r"[A-Z0-9][\w&'\u2019-]*(?:\s+(?:of\s+|and\s+|&\s+)?[A-Z][\w&'\u2019-]*)*"
_DONE = {
    "acquired": "acquire",
    "sold": "sell",
    "completed": "complete",
    "launched": "launch",
    "opened": "open",
    "filed": "file",
    "announced": "announce",
    "issued": "issue",
    "introduced": "introduce",
    "signed": "sign",
    "received": "receive",
    "settled": "settle",
}
_ACT = re.compile(
    rf"^(?:(?:In|On|During)\s+{_WHEN},\s+)?(?P<who>{_NAME})\s+(?P<verb>{'|'.join(_DONE)})\s+"
    rf"(?P<what>(?:[\w&'\u2019-]+\s+){{1,8}}?)(?:(?:starting\s+)?in|on|during)\s+(?:about\s+)?(?P<when>{_WHEN})\b"
)
_SELF = re.compile(r"^(?:We|The\s+Company|The\s+Registrant)$")
_POOLED = re.compile(
    r"\b(?P<what>(?:[a-z]+\s+){1,8}?)of\s+\$(?P<value>\d[\d,.]*)\s+(?P<scale>million|billion)\b[^.]*?"
    r"\b(?:primarily|mainly|principally|largely|mostly)\s+(?:from|of|in)\s+(?:(?:our|the|its)\s+)?"
    r"(?P<sources>(?:[A-Z]\.(?:[A-Z]\.)+|[^.;:()]|\.(?=\S))+?)(?:\s+in\s+(?P<year>(?:19|20)\d\d)\b|\.(?!\S)|[;:()]|$)"
)
_DEGREES = r"significantly|substantially|materially|considerably|sharply|dramatically"
_CHANGED = {"increased": "increase", "decreased": "decrease", "declined": "decline", "exceeded": "exceed"}
_CHANGE = re.compile(
    rf"^(?P<what>[A-Z][a-z]+(?:\s+[a-z]+){{0,5}}?)\s+(?:(?P<degree>{_DEGREES})\s+)?(?P<verb>{'|'.join(_CHANGED)})\s+"
    rf"(?:(?P<after>{_DEGREES})\s+)?(?P<rest>[^.;]{{5,80}}?)(?=[.;]|$)"
)
_AGAINST = re.compile(rf"\bagainst\s+(?:the\s+)?(?P<party>{_NAME})")
_PROCEEDING = re.compile(r"\b(?:stayed|dismissed|pending|filed|brought|asserted|enjoined)\b")


def _span(start: int, end: int, quote: str) -> dict:
    return {"doc": None, "line_start": start, "line_end": end, "quote": quote.strip()}


def _sentences(rows: list[tuple[int, str]]) -> list[tuple[int, int, str]]:
    """The page's sentences, each with the first and last line it is on (lines joined by one space)."""
    text, starts = "", []
    for line, row in rows:
        starts.append((len(text), line))
        text += row.strip() + " "
    found = []
    for match in re.finditer(r"[A-Z](?:[^.]|\.(?!\s+[A-Z]|\s*$))*?(?:\.(?=\s+[A-Z]|\s*$)|$)", text):
        first = max(n for at, n in starts if at <= match.start())
        last = max(n for at, n in starts if at <= match.end() - 1)
        found.append((first, last, match.group(0).strip()))
    return found


def round53_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    lines = document.lines
    on_page = lines[lines["page"] == page]
    rows = [(int(n), str(t)) for n, t in zip(on_page["global_line"].tolist(), on_page["text"].tolist(), strict=True)]
    issuer = {w.lower() for w in re.findall(r"[\w&]+", document.meta.profile.issuer.value or "")}
    cases: dict[str, list[Case]] = {}
    for start, end, sentence in _sentences(rows):
        found = [*_acts(start, end, sentence, issuer), *_pooled(start, end, sentence), *_degrees(start, end, sentence)]
        for kind, case in [*found, *_parties(start, end, sentence, issuer)]:
            cases.setdefault(kind, []).append(case)
    return cases


def _acts(start: int, end: int, sentence: str, issuer: set[str]) -> list[tuple[str, Case]]:
    match = _ACT.match(sentence)
    if match is None:
        return []
    who = match["who"]
    if re.search(r"\b(?:due|matur\w*|expir\w*|through|until)\s*$", match["what"]):
        return []  # 'issued a Eurobond due in 2021': the date of another event
    own = bool(_SELF.match(who)) or bool({w.lower() for w in re.findall(r"[\w&]+", who)} & issuer)
    if not own and len(who.split()) < 2 and not who.isupper():
        return []  # one capitalised word: a sentence's first word as often as a name
    when = match["when"]
    year = when[-4:]
    iso = f"{year}-01-01" if when == year else None
    if iso is None:
        return []  # a month's date: the year is asked
    question = f"In what year did the company {_DONE[match['verb']]} {match['what'].strip()}?"
    item = {"label": "Year", "date": {"iso": year, "original_text": when}, "spans": [_span(start, end, sentence)]}
    kind = "act dated: right" if own else "another organisation's act dated for the company's"
    return [(kind, (question, item, "date"))]


def _pooled(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    match = _POOLED.search(sentence)
    if match is None:
        return []
    sources = [s.strip() for s in re.split(r",\s*(?:and\s+)?|\s+and\s+", match["sources"]) if s.strip()]
    if len(sources) < 2 or not re.match(r"[A-Z]", sources[0]):
        return []
    what = re.sub(r"^(?:(?:of|the|our|its|a|an|share\s+of)\s+)+", "", match["what"].strip())  # a share asks a ratio
    year = match["year"] or (re.findall(r"\b(?:19|20)\d\d\b", sentence) or [""])[0]
    when = f" in {year}" if year else ""
    unit = "millions" if match["scale"] == "million" else "billions"
    item = {
        "label": what,
        "amount": {"value": float(match["value"].replace(",", "")), "currency": "USD", "unit": unit},
        "period": year or None,
        "calculation": None,
        "spans": [_span(start, end, sentence)],
    }
    return [
        ("a pooled figure given for one source", (f"What was the {what} from {sources[0]}{when}?", item, "amount")),
        ("pooled: right", (f"What was the {what}{when}?", item, "amount")),
    ]


def _degrees(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    match = _CHANGE.match(sentence)
    if match is None:
        return []
    said = match["degree"] or match["after"]
    if said is None and re.search(rf"\b(?:{_DEGREES})\b", sentence, re.IGNORECASE):
        return []  # a degree said elsewhere in the sentence
    verb = _CHANGED[match["verb"]]
    question = f"Did {match['what'].lower()} {said or 'significantly'} {verb} {match['rest'].strip()}?"
    item = {"value": True, "explanation": "Yes.", "spans": [_span(start, end, sentence)]}
    kind = "degree: right" if said else "a degree the quote does not state"
    return [(kind, (question, item, "boolean"))]


def _parties(start: int, end: int, sentence: str, issuer: set[str]) -> list[tuple[str, Case]]:
    match = _AGAINST.search(sentence)
    if match is None or not _PROCEEDING.search(sentence) or len(_AGAINST.findall(sentence)) > 1:
        return []
    party = match["party"]
    if re.search(r"['\u2019]s$", party):
        return []  # 'against the Company's wholly owned subsidiary': the party is the one owned
    named = {w.lower() for w in re.findall(r"[\w&]+", party)}
    own = party.split()[0] in ("Company", "Registrant", "Firm", "Corporation") or bool(named & issuer)
    against = f"against {party if own else 'the Company'}"
    asked = sentence[: match.start()] + against + sentence[match.end() :]
    question = f"Is it the case that {asked[0].lower()}{asked[1:].rstrip('.')}?"
    item = {"value": True, "explanation": "Yes.", "spans": [_span(start, end, sentence)]}
    kind = "party: right" if own else "proceedings against another party for the company's"
    return [(kind, (question, item, "boolean"))]
