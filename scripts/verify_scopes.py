"""Mutations for bench_verify from blind red team round 46, written apart from docintel/verify/.

- A term a line gives as its first ('had an initial term of ten years') claimed as the total term (wrong); asked as
  the initial term (right, measured).
- A duration a line goes on from ('over 5 years, followed by a three-year recovery period') claimed from the quote
  cut before what follows, for a question that asks it including that part (wrong).
- A variant a line names ('First delivery of the 777X-8 freighter'), the model alone not on the line, given for a
  question about the model ('the 777X'; wrong) and about the variant (right, measured).
- Each thing a line lists as examples ('Examples of ... programs include A, B and C') listed for a question that
  restricts the list by a clause the line does not say ('that recorded losses during the year'; wrong), and for the
  question without it (right, measured).

The patterns are general English (a term's stages, 'followed by', 'examples of ... include') and a designation's
form (capitals and digits, a hyphen and the variant's mark), no document's wording.
"""

from __future__ import annotations

import re

from docintel.textnorm import STOP_WORDS

Case = tuple[str, dict, str]  # (question, item, answer type)

_FIRST_TERM = re.compile(
    r"\b(?P<stage>initial|original)\s+(?P<noun>term|period)\s+of\s+"
    r"(?P<length>(?:\d{1,2}|[a-z]+)[- ](?:years?|months?))",
    re.IGNORECASE,
)
_FOLLOWED = re.compile(
    r",?\s+(?:followed\s+by|and\s+then)\s+(?:a|an)\s+(?P<part>(?:[\w-]+\s+){0,3}(?:period|term|phase))\b", re.I
)
_LENGTH = re.compile(r"\b(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)[- ](?:years?|months?)\b", re.I)
_VARIANT = re.compile(r"(?<![\w.-])(?P<model>(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z\d]{3,})-(?P<mark>[\w]+)")
_EXAMPLES = re.compile(r"\bexamples\s+of\s+(?P<kind>(?:[\w-]+\s+){0,4}?[\w-]+s)\s+include\s+(?P<list>[^.;]+)", re.I)
_CLAUSE = "that recorded losses during the year"


def _page_lines(document, page: int) -> list[tuple[int, str]]:
    lines = document.lines
    on_page = lines[lines["page"] == page]
    return [(int(n), str(t)) for n, t in zip(on_page["global_line"].tolist(), on_page["text"].tolist(), strict=True)]


def _span(line: int, quote: str) -> dict:
    return {"doc": None, "line_start": line, "line_end": line, "quote": quote.strip()}


def scope_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the four classes above on the page, by class."""
    cases: dict[str, list[Case]] = {}
    for line, text in _page_lines(document, page):
        for kind, case in [*_terms(line, text), *_followed(line, text), *_variants(line, text), *_examples(line, text)]:
            cases.setdefault(kind, []).append(case)
    return cases


def _terms(line: int, text: str) -> list[tuple[str, Case]]:
    found = []
    for match in _FIRST_TERM.finditer(text):
        if re.search(r"\b(?:total|entire|extended|renewal)\b", text, re.I):
            continue  # the line names the whole term too
        noun, length = match.group("noun").lower(), match.group("length")
        item = {"text": f"The {noun} is {length}.", "spans": [_span(line, text)]}
        found.append(("an initial term for the total term", (f"How long is the total {noun}?", item, "text")))
        asked = f"How long is the {match.group('stage').lower()} {noun}?"
        found.append(("initial term: right", (asked, item, "text")))
    return found


def _followed(line: int, text: str) -> list[tuple[str, Case]]:
    found = []
    for match in _FOLLOWED.finditer(text):
        head = text[: match.start()]
        length = _LENGTH.search(head)
        if length is None:
            continue
        part = " ".join(match.group("part").split())
        item = {"text": f"It lasts {length.group(0)}.", "spans": [_span(line, head)]}
        question = f"How long does it last in total, including the {part}?"
        found.append(("a duration cut before the part asked to include", (question, item, "text")))
    return found


def _variants(line: int, text: str) -> list[tuple[str, Case]]:
    found = []
    for match in _VARIANT.finditer(text):
        model, variant = match.group("model"), match.group(0)
        noun = re.match(r"\s+([a-z]{4,})\b", text[match.end() :])  # what the variant is ('777X-8 freighter')
        if noun is None or noun.group(1) in STOP_WORDS or re.search(rf"(?<![\w-]){re.escape(model)}(?![\w-])", text):
            continue  # the line names the model itself too, or nothing the question could ask of it
        item = {"text": text.strip(), "spans": [_span(line, text)]}
        asked = f"What does the filing say about the {{}} {noun.group(1)}?"
        found.append(("a variant for the model", (asked.format(model), item, "text")))
        found.append(("variant: right", (asked.format(variant), item, "text")))
    return found


def _examples(line: int, text: str) -> list[tuple[str, Case]]:
    found = []
    for match in _EXAMPLES.finditer(text):
        if re.search(r"\brecord|\bloss", text, re.I):
            continue  # the line says the clause's words
        kind = re.sub(r"^(?:these|such|the|our|its)\s+", "", " ".join(match.group("kind").split()).lower())
        entries = [e.strip() for e in re.split(r",\s*(?:and\s+)?|\s+and\s+", match.group("list")) if e.strip()]
        for entry in entries[:3]:
            item = {"text": entry, "spans": [_span(line, text)]}
            found.append(("examples for a restricted list", (f"List the {kind} {_CLAUSE}.", item, "list")))
            found.append(("examples: right", (f"List the {kind} the filing gives as examples.", item, "list")))
    return found
