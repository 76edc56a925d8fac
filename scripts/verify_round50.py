"""Mutations for bench_verify from blind red team round 50 and the new users' CVS Health and AMD findings, written
apart from docintel/verify/.

- A sentence that only refers to the things a 'What are the <things>?' question asks ('In addition to these
  reportable segments, ...', 'any of the reportable segments') quoted as the answer (wrong); a sentence that names
  them after their noun ('The reportable segments are Retail and Online'; right, measured).
- A yes to 'Did the company <verb> ...?' quoted from a sentence that tells another act of the same object ('we
  repurchased 5 million shares' for 'Did the company issue ... shares?'; wrong); the sentence's own verb (right,
  measured).
- A date a sentence says was first set and since moved ('originally scheduled for October 2021 but has been
  continued to June 2022') answered for when it is set (wrong); the later date (right, measured).
- An amount offered ('made an offer of $38 million for the pipeline') answered as the price it was sold for
  (wrong); as the amount offered (right, measured).

The patterns are general English (determiners that point back, past tenses of transactions, 'originally
scheduled', 'offer of'), no document's wording.
"""

from __future__ import annotations

import re

Case = tuple[str, dict, str]  # (question, item, answer type)

# 'these reportable segments', 'any of the reportable segments': the noun after a determiner that points back
_REFERRED = re.compile(
    r"\b(?:these|those|such|each\s+of\s+the|any\s+of\s+the|all\s+of\s+the)\s+(?P<adjective>[a-z]+\s+)?"
    r"(?P<noun>segments|brands|subsidiaries|businesses|markets|products)\b(?!\s*(?::|are|include|consist))"
)
_NAMED = re.compile(
    r"\b(?:our|the|its)\s+(?P<adjective>[a-z]+\s+)?(?P<noun>segments|brands|subsidiaries|businesses)\s+"
    r"(?:are|include|consist\s+of)\s*:?\s+(?P<names>[A-Z][\w&-]*(?:[ ,;]+(?:and\s+)?[A-Z][\w&-]*)+)"
)
# 'we repurchased 5 million shares', 'the Company issued $500 million of senior notes'
_ACTS = {"acquired": "acquire", "sold": "sell", "issued": "issue", "repurchased": "repurchase", "redeemed": "redeem"}
_OTHER_ACT = {"acquire": "sell", "sell": "acquire", "issue": "redeem", "repurchase": "issue", "redeem": "issue"}
_ACT = re.compile(
    r"\b(?:we|the\s+company)\s+(?P<verb>" + "|".join(_ACTS) + r")\s+"
    # an object, not a conjunction or a preposition ('we acquired or in which we invested' asks no question)
    r"(?!(?:or|and|in|during|pursuant|as|to|from|for|by|with|under|was|were|is|are)\b)"
    r"(?P<object>[a-z$\d][^.;,()]{6,60}?)(?=[.;,(]|$)",
    re.IGNORECASE,
)
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_DATE = rf"{_MONTH}\s+(?:\d{{1,2}},\s+)?\d{{4}}"
_MOVED = re.compile(
    rf"(?P<what>\b[a-z]+(?:\s+[a-z]+)?)\s+(?:was|were|had\s+been)\s+(?:originally|initially)\s+"
    rf"(?:scheduled|expected|planned|set)\s+(?:for|to|in|on)\s+(?P<first>{_DATE})"
    rf"[^.;]*?\b(?:to|until|for)\s+(?P<later>{_DATE})"
)
_OFFER = re.compile(
    r"\b(?:an?\s+)?offer\s+of\s+\$\s?(?P<value>[\d.,]+)\s+(?P<scale>million|billion)\s+for\s+(?:the\s+|its\s+)?"
    r"(?P<what>[a-z]+(?:\s+[a-z]+)?)"
)
_ISO_MONTH = {m: i + 1 for i, m in enumerate(_MONTH.strip("(?:)").split("|"))}


def _span(line: int, quote: str) -> dict:
    return {"doc": None, "line_start": line, "line_end": line, "quote": quote.strip()}


def round50_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    lines = document.lines
    on_page = lines[lines["page"] == page]
    cases: dict[str, list[Case]] = {}
    for line, text in zip(on_page["global_line"].tolist(), on_page["text"].tolist(), strict=True):
        line, text = int(line), str(text)
        for kind, case in [*_referred(line, text), *_acts(line, text), *_moved(line, text), *_offers(line, text)]:
            cases.setdefault(kind, []).append(case)
    return cases


def _sentence_at(text: str, start: int, end: int) -> str:
    """The sentence of *text* around [start, end) (its line's part)."""
    head = max(text.rfind(". ", 0, start) + 2, 0) if text.rfind(". ", 0, start) >= 0 else 0
    tail = text.find(". ", end)
    return text[head : tail + 1 if tail >= 0 else len(text)].strip()


def _referred(line: int, text: str) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for match in _REFERRED.finditer(text):
        quote = _sentence_at(text, match.start(), match.end())
        if _NAMED.search(quote):
            continue
        noun = f"{match.group('adjective') or ''}{match.group('noun')}"
        item = {"text": quote, "spans": [_span(line, quote)]}
        found.append(("things referred to, not named", (f"What are the company's {noun}?", item, "text")))
    for match in _NAMED.finditer(text):
        noun = f"{match.group('adjective') or ''}{match.group('noun')}"
        quote = text[match.start() : match.end()]
        item = {"text": match.group("names"), "spans": [_span(line, quote)]}
        found.append(("things named: right", (f"What are the company's {noun}?", item, "text")))
    return found


def _acts(line: int, text: str) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for match in _ACT.finditer(text):
        verb = _ACTS[match.group("verb").lower()]
        what = " ".join(match.group("object").split())
        item = {"value": True, "explanation": "Yes.", "spans": [_span(line, match.group(0))]}
        found.append(("a yes told of another act", (f"Did the company {_OTHER_ACT[verb]} {what}?", item, "boolean")))
        found.append(("act said: right", (f"Did the company {verb} {what}?", item, "boolean")))
    return found


def _iso(date: str) -> str:
    parts = date.replace(",", "").split()
    day = f"-{int(parts[1]):02d}" if len(parts) == 3 else ""
    return f"{parts[-1]}-{_ISO_MONTH[parts[0]]:02d}{day}"


def _moved(line: int, text: str) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for match in _MOVED.finditer(text):
        question = f"When is the {match.group('what')} scheduled?"
        for kind, date in (("a date first set, since moved", "first"), ("moved date: right", "later")):
            printed = match.group(date)
            item = {"label": "Date", "date": {"iso": _iso(printed), "original_text": printed}}
            found.append((kind, (question, {**item, "spans": [_span(line, match.group(0))]}, "date")))
    return found


def _offers(line: int, text: str) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for match in _OFFER.finditer(text):
        value = float(match.group("value").replace(",", ""))
        amount = {"value": value, "currency": "USD", "unit": f"{match.group('scale')}s"}
        item = {"label": "Price", "amount": amount, "period": None, "calculation": None}
        item["spans"] = [_span(line, match.group(0))]
        what = match.group("what")
        found.append(("an amount offered as a sale's price", (f"For how much was the {what} sold?", item, "amount")))
        found.append(("offer: right", (f"How much was offered for the {what}?", item, "amount")))
    return found
