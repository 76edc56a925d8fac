"""Mutations for bench_verify from blind red team round 59, written apart from docintel/verify/.

- A table row named by a term the filing defines ('Credit Facility 495 592', where '... secured revolving credit
  facility (the “Credit Facility”)') answered to a question in the words of another term's defining phrase with the
  same head noun ('unsecured revolving credit facility (the “Credit Agreement”)'; wrong); asked in its own defining
  phrase (right, measured).
- A year a sentence gives of something in one place ('We also lease 43,689 square feet in New York, New York for
  a ... office under a lease that expires in 2025') answered for the place another sentence of the page names with
  its own year, quoted from after the sentence's place (wrong); asked of its own place, quoted whole (right,
  measured).

The patterns are general English of filings ('(the “X”)' defining a term, 'in City, State', 'a lease that expires
in 2025'), no document's wording.
"""

from __future__ import annotations

import re

from scripts.verify_round56 import page_sentences

Case = tuple[str, dict, str]  # (question, item, answer type)

# a term defined by the lower-case phrase right before it: 'our unsecured revolving credit facility (the “Credit
# Agreement”)'
_DEFINED = re.compile(
    r"(?<![\w-])(?P<phrase>(?:[a-z][a-z-]+\s+){1,5}[a-z][a-z-]+)\s+\((?:the\s+)?[“\"](?P<term>[A-Z][^”\"()]{1,40})[”\"]\)"
)
_LEADING = frozenset("a an the our its their this that".split())
_UNITS = {1e3: "thousands", 1e6: "millions", 1e9: "billions"}
_MONTHS = "january february march april may june july august september october november december".split()
_PLACE = re.compile(r"\bin\s+(?P<place>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?:,\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)?")
_STATE = re.compile(r"^,?\s*(?:[A-Z][a-z]+\s+){0,2}")
_EXPIRES = re.compile(
    r"\b(?P<noun>lease|agreement|license|contract)\s+(?:that\s+|which\s+)?(?P<verb>expire|end|terminate)s?\s+in\s+"
    r"(?P<year>(?:19|20)\d\d)\b"
)


def round59_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    cases: dict[str, list[Case]] = {}
    for kind, case in [*_defined_rows(document, page), *_places(document, page)]:
        cases.setdefault(kind, []).append(case)
    return cases


_PHRASES: dict[str, dict[str, set[str]]] = {}


def _phrases(document) -> dict[str, set[str]]:
    """Each defined term of the document with the lower-case phrases that define it (read once per document)."""
    key = document.meta.content_hash
    if key not in _PHRASES:
        found: dict[str, set[str]] = {}
        for _, page in document.lines.groupby("page", sort=False):
            text = " ".join(" ".join(str(t) for t in page["text"]).split())
            for match in _DEFINED.finditer(text):
                words = match["phrase"].split()
                while words and words[0] in _LEADING:
                    words = words[1:]
                if len(words) >= 2:
                    found.setdefault(match["term"].strip(), set()).add(" ".join(words))
        _PHRASES.clear()
        _PHRASES[key] = found
    return _PHRASES[key]


def _defined_rows(document, page: int) -> list[tuple[str, Case]]:
    phrases = _phrases(document)
    found: list[tuple[str, Case]] = []
    for table in document.tables:
        if table.page != page or not table.columns or table.problem:
            continue
        for row in table.rows:
            own = phrases.get(row.label.strip())
            if not own or not row.values or row.values[0] is None or row.kind != "amount":
                continue
            others = [
                p
                for term, ps in phrases.items()
                if term != row.label.strip()
                for p in ps
                if any(p.split()[-1] == mine.split()[-1] and set(p.split()) != set(mine.split()) for mine in own)
            ]
            if not others:
                continue
            quote = str(document.lines["text"].iloc[row.line - 1])
            spans = [_span(row.line, row.line, quote)]
            if table.header_line:
                spans.insert(
                    0,
                    _span(
                        table.header_line, table.header_line, str(document.lines["text"].iloc[table.header_line - 1])
                    ),
                )
            when = table.columns[0].label or str(table.columns[0].year)
            unit = _UNITS.get(table.scale or 1.0, "units")
            item = {
                "label": row.label.strip(),
                "amount": {
                    "value": row.values[0],
                    "currency": "USD" if "$" in quote or table.currency else None,
                    "unit": unit,
                },
                "period": when,
                "calculation": None,
                "spans": spans,
            }
            mine = sorted(own, key=lambda p: p.split()[-1] == others[0].split()[-1], reverse=True)[0]
            found.append(
                (
                    "a defined term's row for another's",
                    (f"What amount was reported for the {others[0]} for {when}?", item, "amount"),
                )
            )
            found.append(
                ("defined row: right", (f"What amount was reported for the {mine} for {when}?", item, "amount"))
            )
    return found


def _span(start: int, end: int, quote: str) -> dict:
    return {"doc": None, "line_start": start, "line_end": end, "quote": quote.strip()}


def _places(document, page: int) -> list[tuple[str, Case]]:
    """Sentences of the page that give a year something in a place ends, each with its place (its own, else the one
    the sentence before it names)."""
    dated: list[tuple[int, int, str, str, re.Match]] = []
    before = ""
    for start, end, sentence in page_sentences(document, page):
        places = [p for p in _PLACE.finditer(sentence) if p["place"].split()[0].lower() not in _MONTHS]
        expiry = _EXPIRES.search(sentence)
        if expiry is not None:
            own = [p for p in places if p.start() < expiry.start()]
            place = own[-1]["place"] if own else before
            if place:
                dated.append((start, end, sentence, place, expiry))
        before = places[-1]["place"] if places and expiry is None else ""
    found: list[tuple[str, Case]] = []
    for start, end, sentence, place, expiry in dated:
        others = [(p, e) for _, _, _, p, e in dated if p != place and e["year"] != expiry["year"]]
        noun, verb, year = expiry["noun"], expiry["verb"], expiry["year"]
        whole = _year(year, [_span(start, end, sentence)])
        found.append(("expiry in place: right", (f"In what year does the {noun} in {place} {verb}?", whole, "date")))
        if not others or place not in sentence:
            continue
        cut = _STATE.sub("", sentence[sentence.index(place) + len(place) :], count=1)  # past the state after a city
        line = _line_of(document, start, end, cut)
        if line is None:
            continue
        wrong = _year(year, [_span(line, end, cut.rstrip("."))])
        asked = f"In what year does the {others[0][1]['noun']} in {others[0][0]} {others[0][1]['verb']}?"
        found.append(("a year said of another place", (asked, wrong, "date")))
    return found


def _year(year: str, spans: list[dict]) -> dict:
    return {"label": "Year", "date": {"iso": year, "original_text": year}, "spans": spans}


def _line_of(document, start: int, end: int, quote: str) -> int | None:
    """The line among *start*..*end* a quote cut from a sentence starts on."""
    texts = document.lines["text"]
    head = " ".join(quote.split())[:20]
    for line in range(start, end + 1):
        if head and head in " ".join(str(texts.iloc[line - 1]).split()):
            return line
    return None
