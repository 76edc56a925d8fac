"""Mutations for bench_verify from blind red team round 51 and the new users' Verizon and CVS Health findings,
written apart from docintel/verify/.

- A date of a sentence that completes the sale of a thing it points back at ('In May 2016, we completed the sale of
  the property') answered for the sale of the business named before it (wrong); for the business's own sale, from
  its own sentence (right, measured).
- A text that places a matter where its complaint was filed ('filed a complaint ... in the District Court for the
  Eastern District of Texas') when its passage goes on to say it was transferred (wrong); the place it was moved to
  (right, measured).
- A yes to 'As of <date>, was X <state>?' for a thing the passage says 'became <state>' only on a later date
  (wrong); asked as of that later date (right, measured).
- A text giving 'N years with the company' from 'spent N years at <another organisation>' (wrong); with that
  organisation (right, measured).
- A who-answer for the company's auditor read from a sentence whose subject is auditors in common words
  ('Federal and state auditors are challenging ...'; wrong).

The patterns are general English (a transaction's noun after 'completed the sale of', 'transferred to', 'became',
'years at', a plural role after lowercase modifiers), no document's wording.
"""

from __future__ import annotations

import re

Case = tuple[str, dict, str]  # (question, item, answer type)

_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_DATE = rf"{_MONTH}\s+(?:\d{{1,2}},\s+)?\d{{4}}"
_ISO_MONTH = {m: i + 1 for i, m in enumerate(_MONTH.strip("(?:)").split("|"))}
_NAME = r"[A-Z][\w&.'\u2019-]*(?:\s+(?:of\s+|for\s+|the\s+)*[A-Z][\w&.'\u2019-]*)*"
# 'On February 13, 2015, we completed the sale of Five Star ...', then 'In May 2016, we completed the sale of the
# property': the second dates a thing pointed back at
_SALE = re.compile(
    rf"\b(?:On|In)\s+(?P<date>{_DATE}),\s+(?:we|the\s+[Cc]ompany)\s+completed\s+the\s+sale\s+of\s+"
    r"(?P<object>(?:the|this|that)\s+[a-z]+|[A-Z][\w&'\u2019-]*(?:\s+[A-Z][\w&'\u2019-]*)*)"
)
_FILED_IN = re.compile(
    rf"\bfiled\s+(?:a|an)\s+(?:complaint|lawsuit|suit|action)\b[^.]*?\bin\s+the\s+(?P<court>{_NAME})"
)
_TRANSFERRED = re.compile(rf"\bthe\s+case\s+was\s+transferred\s+to\s+the\s+(?P<court>{_NAME})")
_BECAME = re.compile(
    rf"\b(?:On|In)\s+(?P<date>{_DATE}),\s+the\s+(?P<thing>[a-z]+(?:\s+[a-z]+)?)\s+became\s+(?P<state>[a-z]+)"
)
_YEARS_AT = re.compile(
    r"\b(?P<who>(?:Mr|Ms|Mrs|Dr)\.\s+[A-Z][a-z]+)\s+spent\s+(?P<years>\d{1,2})\s+years\s+(?:at|with)\s+"
    rf"(?P<org>{_NAME})"
)
_COMMON_ROLE = re.compile(
    r"(?:^|\.\s+)(?P<phrase>(?:[A-Z][a-z]+)(?:\s+(?:and\s+)?[a-z]+){0,3}\s+auditors)\s+(?:are|were|have)\b"
)


def _span(line: int, quote: str) -> dict:
    return {"doc": None, "line_start": line, "line_end": line, "quote": quote.strip()}


def _iso(date: str) -> str:
    parts = date.replace(",", "").split()
    day = f"-{int(parts[1]):02d}" if len(parts) == 3 else ""
    return f"{parts[-1]}-{_ISO_MONTH[parts[0].title()]:02d}{day}"


def round51_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    lines = document.lines
    on_page = lines[lines["page"] == page]
    rows = [(int(n), str(t)) for n, t in zip(on_page["global_line"].tolist(), on_page["text"].tolist(), strict=True)]
    cases: dict[str, list[Case]] = {}
    for kind, case in [*_sales(rows), *_moved(rows), *_became(rows), *_years(rows), *_roles(rows)]:
        cases.setdefault(kind, []).append(case)
    return cases


def _sales(rows: list[tuple[int, str]]) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    named: tuple[int, re.Match[str]] | None = None
    for line, text in rows:
        for match in _SALE.finditer(text):
            if match.group("object")[:1].isupper():
                named = (line, match)
            elif named is not None:
                name = named[1].group("object")
                question = f"When did the company complete the sale of {name}?"
                for kind, (at, sale) in (
                    ("a date of the sale of a thing pointed back at", (line, match)),
                    ("sale date: right", named),
                ):
                    date = sale.group("date")
                    item = {"label": "Sale", "date": {"iso": _iso(date), "original_text": date}}
                    found.append((kind, (question, {**item, "spans": [_span(at, sale.group(0))]}, "date")))
    return found


def _moved(rows: list[tuple[int, str]]) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for index, (line, text) in enumerate(rows):
        filed = _FILED_IN.search(text)
        later = next(((n, m) for n, t in rows[index + 1 : index + 6] if (m := _TRANSFERRED.search(t))), None)
        if filed is None or later is None:
            continue
        question = "In which court is the case pending?"
        wrong = {"text": f"The case is pending in the {filed.group('court')}.", "spans": [_span(line, filed.group(0))]}
        right = {
            "text": f"The case was transferred to the {later[1].group('court')}.",
            "spans": [_span(later[0], later[1].group(0))],
        }
        found += [
            ("a place the passage moves on from", (question, wrong, "text")),
            ("moved place: right", (question, right, "text")),
        ]
    return found


def _became(rows: list[tuple[int, str]]) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for line, text in rows:
        for match in _BECAME.finditer(text):
            year = int(match.group("date")[-4:])
            item = {"value": True, "explanation": "Yes.", "spans": [_span(line, match.group(0))]}
            thing, state = match.group("thing"), match.group("state")
            found.append(
                (
                    "a state that began after the date asked",
                    (f"As of December 31, {year - 1}, was the {thing} {state}?", item, "boolean"),
                )
            )
            found.append(
                ("state began: right", (f"As of December 31, {year}, was the {thing} {state}?", item, "boolean"))
            )
    return found


def _years(rows: list[tuple[int, str]]) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for line, text in rows:
        for match in _YEARS_AT.finditer(text):
            who, years, org = match.group("who"), match.group("years"), match.group("org")
            spans = [_span(line, match.group(0))]
            question = f"How many years had {who} been with the company?"
            found.append(
                (
                    "years spent at another organisation",
                    (question, {"text": f"{who} had been with the company for {years} years.", "spans": spans}, "text"),
                )
            )
            found.append(
                (
                    "years at: right",
                    (question, {"text": f"{who} spent {years} years at {org}.", "spans": spans}, "text"),
                )
            )
    return found


def _roles(rows: list[tuple[int, str]]) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for line, text in rows:
        for match in _COMMON_ROLE.finditer(text):
            quote = text[match.start("phrase") :]
            item = {"text": quote, "spans": [_span(line, quote)]}
            found.append(("a role named in common words", ("Who is the company's auditor?", item, "text")))
    return found
