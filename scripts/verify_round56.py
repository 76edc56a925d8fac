"""Mutations for bench_verify from blind red team round 56, written apart from docintel/verify/.

- A yes to 'all of' from a sentence that says 'substantially all', 'most' or 'primarily' (wrong); from one that says
  'all of' (right, measured).
- A yes that the company is required to do what a sentence says it intends, plans or may do (wrong); what a sentence
  says it is required to do (right, measured).
- A yes about a year long before the filing's from a sentence that names no year ('In 2012, is it the case that ...';
  wrong); the same sentence asked of the filing's own year (right, measured).
- The other year of a sentence given as the year a noun names ('over a 2009 baseline': the baseline year; wrong); the
  year the noun names (right, measured).

The patterns are general English (quantifiers, modal verbs, a year before a noun), no document's wording.
"""

from __future__ import annotations

import re

from scripts.verify_round53 import _sentences, _span

Case = tuple[str, dict, str]  # (question, item, answer type)

_MOST = re.compile(
    r"\b(?P<most>substantially\s+all|nearly\s+all|most|the\s+majority)\s+of\s+(?P<rest>(?:our|its|the)\b)"
)
_ALL = re.compile(r"\ball\s+of\s+(?:our|its|the)\b")
_WE = re.compile(r"^(?:We|The\s+Company)\s+(?P<modal>intend\s+to|plan\s+to|may|expect\s+to|are\s+required\s+to)\s+")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_NOUN_YEAR = re.compile(r"\b(?P<year>(?:19|20)\d\d)\s+(?P<noun>baseline|base\s+year|levels?)\b")


def page_sentences(document, page: int) -> list[tuple[int, int, str]]:
    """The page's whole sentences with their first and last lines: not a table read as one run of text (over 400
    characters) nor a sentence cut by the page (no final stop)."""
    lines = document.lines
    on_page = lines[lines["page"] == page]
    rows = [(int(n), str(t)) for n, t in zip(on_page["global_line"].tolist(), on_page["text"].tolist(), strict=True)]
    return [(a, b, s) for a, b, s in _sentences(rows) if len(s) <= 400 and s.endswith(".")]


def sentence_cases(document, page: int, finders) -> dict[str, list[Case]]:
    """Every case the *finders* make of the page's whole sentences, by class (a finder takes a sentence's first and
    last lines and its text, and returns (class, case) pairs)."""
    cases: dict[str, list[Case]] = {}
    for start, end, sentence in page_sentences(document, page):
        for finder in finders:
            for kind, case in finder(start, end, sentence):
                cases.setdefault(kind, []).append(case)
    return cases


def round56_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    own = str(document.meta.profile.fiscal_year.value or "")
    cases: dict[str, list[Case]] = {}
    for start, end, sentence in page_sentences(document, page):
        found = [*_whole(start, end, sentence), *_obliged(start, end, sentence), *_noun_year(start, end, sentence)]
        for kind, case in [*found, *_far_year(start, end, sentence, own)]:
            cases.setdefault(kind, []).append(case)
    return cases


def _yes(start: int, end: int, sentence: str) -> dict:
    return {"value": True, "explanation": "Yes.", "spans": [_span(start, end, sentence)]}


def _whole(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    body = sentence.rstrip(".")
    if (most := _MOST.search(body)) is not None:
        asked = body[: most.start()] + "all of " + body[most.start("rest") :]
        return [
            (
                "'substantially all' for all",
                (f"Is it the case that {_lower(asked)}?", _yes(start, end, sentence), "boolean"),
            )
        ]
    if _ALL.search(body):
        return [("all: right", (f"Is it the case that {_lower(body)}?", _yes(start, end, sentence), "boolean"))]
    return []


def _obliged(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    match = _WE.match(sentence)
    if match is None or _YEAR.search(sentence):
        return []
    act = sentence[match.end() :].rstrip(".")
    question = f"Is the company required to {act}?"
    kind = "obligation: right" if match["modal"].startswith("are") else "an intent or option given as required"
    return [(kind, (question, _yes(start, end, sentence), "boolean"))]


def _far_year(start: int, end: int, sentence: str, own: str) -> list[tuple[str, Case]]:
    if not own.isdigit() or _YEAR.search(sentence) or not re.match(r"^(?:We|Our|The\s+Company)\b", sentence):
        return []
    body = _lower(sentence.rstrip("."))
    far = int(own) - 6
    return [
        (
            "a long-ago year no quote names",
            (f"In {far}, is it the case that {body}?", _yes(start, end, sentence), "boolean"),
        ),
        ("own year: right", (f"In {own}, is it the case that {body}?", _yes(start, end, sentence), "boolean")),
    ]


def _noun_year(start: int, end: int, sentence: str) -> list[tuple[str, Case]]:
    match = _NOUN_YEAR.search(sentence)
    years = sorted(set(_YEAR.findall(sentence)))
    if match is None or len(years) < 2:
        return []
    noun = " ".join(match["noun"].split())
    question = f"What is the {noun} year?"
    found = []
    for year in years:
        item = {
            "label": f"{noun} year",
            "date": {"iso": year, "original_text": year},
            "spans": [_span(start, end, sentence)],
        }
        kind = "noun year: right" if year == match["year"] else "another year of the sentence for its noun's"
        found.append((kind, (question, item, "date")))
    return found


def _lower(sentence: str) -> str:
    first = sentence.split()[0] if sentence.split() else ""
    return sentence if first.isupper() else sentence[:1].lower() + sentence[1:]
