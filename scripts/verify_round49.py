"""Mutations for bench_verify from blind red team round 49 and a new user's Pfizer findings, written apart from
docintel/verify/.

- A sentence giving the change of a balance's average ('Firmwide average deposits of $2.5 trillion were up 9%')
  read as a yes to whether the balance itself changed that way ('Did deposits increase?'; wrong); a yes to whether
  the average changed (right, measured).
- A percentage of a sentence whose noun a restrictive clause narrows ('17% were covered under collective bargaining
  agreements that expire within one year'), quoted up to the noun and answered to the question without the clause
  (wrong); the question with the clause, same quote (right, measured).

The patterns are general English ('average', a restrictive 'that'/'who' clause), no document's wording.
"""

from __future__ import annotations

import re

Case = tuple[str, dict, str]  # (question, item, answer type)

# 'average deposits of $2.5 trillion were up 9%', 'average loans increased 7%'
_AVERAGE_CHANGE = re.compile(
    r"\baverage\s+(?P<noun>[a-z]+(?:\s+[a-z]+)?)\s+(?:of\s+\$\s?[\d.,]+\s+(?:million|billion|trillion)\s+)?"
    r"(?:(?:were|was)\s+(?P<up>up|down)|(?P<verb>increased|decreased|rose|declined|grew|fell))\b",
    re.IGNORECASE,
)
_UP = {"up", "increased", "rose", "grew"}
# '17% were covered under collective bargaining agreements that expire within one year'
_RESTRICTED = re.compile(
    r"(?P<pct>\d{1,3}(?:\.\d+)?)\s?%\s+(?P<rest>(?:were|was|are|is)\s+(?:[a-z]+\s+){1,6}?(?P<noun>[a-z]{4,}s))"
    r"\s+(?P<clause>(?:that|who)\s+(?!(?:is|are|was|were)\b)[a-z]+(?:\s+[a-z]+){1,5})"
)


def _span(line: int, quote: str, last: int | None = None) -> dict:
    return {"doc": None, "line_start": line, "line_end": last or line, "quote": quote.strip()}


def round49_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    lines = document.lines
    on_page = lines[lines["page"] == page]
    numbered = [
        (int(n), str(t)) for n, t in zip(on_page["global_line"].tolist(), on_page["text"].tolist(), strict=True)
    ]
    cases: dict[str, list[Case]] = {}
    for index, (line, text) in enumerate(numbered):
        following = numbered[index + 1][1] if index + 1 < len(numbered) else ""
        for kind, case in [*_averages(line, text), *_restricted(line, text, following)]:
            cases.setdefault(kind, []).append(case)
    return cases


def _averages(line: int, text: str) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for match in _AVERAGE_CHANGE.finditer(text):
        noun = match.group("noun").lower()
        way = "increase" if (match.group("up") or match.group("verb") or "").lower() in _UP else "decrease"
        item = {"value": True, "explanation": "Yes.", "spans": [_span(line, match.group(0))]}
        found.append(("an average's change for the balance's", (f"Did its {noun} {way}?", item, "boolean")))
        found.append(("average change: right", (f"Did its average {noun} {way}?", item, "boolean")))
    return found


def _restricted(line: int, text: str, following: str) -> list[tuple[str, Case]]:
    """A percentage on *text* whose restrictive clause is on it or starts the next line."""
    joined = f"{text.rstrip()} {following.strip()}"
    found: list[tuple[str, Case]] = []
    for match in _RESTRICTED.finditer(joined):
        if match.end("noun") > len(text.rstrip()) or match.start() >= len(text.rstrip()):
            continue  # the quote, up to the noun, stays on its line
        quote = joined[match.start() : match.end("noun")]
        amount = {"value": float(match.group("pct")), "currency": None, "unit": "percent"}
        item = {"label": "Share", "amount": amount, "period": None, "calculation": None, "spans": [_span(line, quote)]}
        rest = " ".join(match.group("rest").split())
        clause = " ".join(match.group("clause").split())
        found.append(("a figure without its restrictive clause", (f"What percentage {rest}?", item, "amount")))
        found.append(("restricted figure: right", (f"What percentage {rest} {clause}?", item, "amount")))
    return found
