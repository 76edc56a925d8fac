"""Mutations for bench_verify from blind red team round 63, written apart from docintel/verify/.

- Words a release quotes and closes with '”, said NAME': claimed as said by another person the page quotes (wrong);
  by the one named after them (right, measured).
- An act of one outcome ('the court denied their similar motions ...', '... a judgment finding invalid a patent'):
  a yes that it did the opposite ('grant', 'uphold'; wrong); that it did what the sentence says (right, measured).
- A list of categories, one a line ('• Name - item, item and item'): which category includes an item of another
  line, answered by a line that does not list it (wrong); by the line that lists it (right, measured).

The patterns are general English (reported speech, the outcomes of rulings, a bulleted list of categories), no
document's wording.
"""

from __future__ import annotations

import re

from scripts.verify_remains import _page_lines
from scripts.verify_round56 import page_sentences

Case = tuple[str, dict, str]  # (question, item, answer type)

_QUOTED = re.compile(r"“(?P<words>[^“”]{20,900}?)[,.]?”\s*,?\s*said\s+(?P<name>[A-Z][a-z]+\s+[A-Z][a-z]+)")
_WHO = r"(?P<who>(?:the\s+)?(?:[A-Z][\w.]*\s+){0,3}(?:[Cc]ourt|[Cc]ommission|[Aa]gency|[Bb]oard|[Jj]udge))"
_DENIED = re.compile(
    rf"\b{_WHO}\s+(?:\w+\s+)?(?P<verb>denied|rejected)\s+(?P<what>(?:the|its|their|our|a|an)\s+[^.;,]{{5,80}})"
)
_INVALID = re.compile(
    rf"\b{_WHO}\s+[^.;]{{0,40}}?\b(?:finding|found)\s+invalid\s+(?P<what>(?:a|an|the)\s+[^.;,]{{5,80}})"
)
_OPPOSITE = {"denied": ("grant", "deny"), "rejected": ("approve", "reject")}
_CATEGORY = re.compile(r"^•\s*(?P<name>[A-Z][\w &]{2,50}?)\s+[-–—]\s+(?P<items>[a-zA-Z].+)$")
_ITEM_SPLIT = re.compile(r",\s*(?:and\s+)?|;\s*|\s+and\s+")
_NOT_NAME = re.compile(r"\d|^(?:other|etc|with|as|of|in|for|to|by|at|on|all)\b", re.IGNORECASE)  # no item's name
_NOT_ITEM = re.compile(r"\b(?:focus\w*|engaged|provides?|designs|favorabl\w*|unfavorabl\w*|the\s+company)\b", re.I)


def _span(start: int, end: int, quote: str) -> dict:
    return {"doc": None, "line_start": start, "line_end": end, "quote": quote.strip().rstrip(".;")}


def round63_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    cases: dict[str, list[Case]] = {}
    lines = _page_lines(document, page)
    sentences = page_sentences(document, page)
    found = [*_speakers(lines), *_outcomes(sentences), *_categories(lines)]
    for kind, case in found:
        cases.setdefault(kind, []).append(case)
    return cases


def _speakers(lines: list[tuple[int, str]]) -> list[tuple[str, Case]]:
    text = " ".join(t for _, t in lines)
    starts = [0]
    for _, line_text in lines:
        starts.append(starts[-1] + len(line_text) + 1)
    quoted = list(_QUOTED.finditer(text))
    names = {q["name"] for q in quoted}
    said_at = {n: line for n in names for line, t in reversed(lines) if f"said {n}" in t}
    if len(said_at) < 2:
        return []
    found: list[tuple[str, Case]] = []
    for quote in quoted:
        speaker = quote["name"]
        for sentence in re.finditer(r"[A-Z][^.!?]{30,300}(?:[.!?]|$)", quote["words"]):
            at = quote.start("words") + sentence.start()
            first = max(i for i, offset in enumerate(starts) if offset <= at)
            last = max(i for i, offset in enumerate(starts) if offset <= at + len(sentence.group(0)) - 1)
            plain = sentence.group(0).rstrip(".!?")
            question = f"Which executive said '{' '.join(plain.split()[:6])} ...'?"
            for name in sorted(said_at):
                item = {
                    "text": f"{name} said that {plain[0].lower()}{plain[1:]}.",
                    "spans": [
                        _span(said_at[name], said_at[name], f"said {name}"),
                        _span(lines[first][0], lines[last][0], plain),
                    ],
                }
                kind = "speaker: right" if name == speaker else "another speaker's words"
                found.append((kind, (question, item, "text")))
    return found


def _outcomes(sentences: list[tuple[int, int, str]]) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for start, end, sentence in sentences:
        yes = {"value": True, "explanation": "Yes.", "spans": [_span(start, end, sentence)]}
        if (denied := _DENIED.search(sentence)) is not None:
            other, own = _OPPOSITE[denied["verb"]]
            who, what = denied["who"].strip(), _object(denied["what"])
            found.append(("an act's opposite outcome", (f"Did {who} {other} {what}?", yes, "boolean")))
            found.append(("outcome: right", (f"Did {who} {own} {what}?", yes, "boolean")))
        if (invalid := _INVALID.search(sentence)) is not None:
            who, what = invalid["who"].strip(), _object(invalid["what"])
            found.append(("an act's opposite outcome", (f"Did {who} uphold {what}?", yes, "boolean")))
    return found


def _object(what: str) -> str:
    """The object of an act up to a clause that goes on ('the claims brought by the City' / 'and granted ...')."""
    return re.split(r"\s+(?:and|who|which|that|as\s+to|because)\b", what.strip(), maxsplit=1)[0]


def _categories(lines: list[tuple[int, str]]) -> list[tuple[str, Case]]:
    listed = []
    for line, text in lines:
        category = _CATEGORY.match(text.strip())
        if category is None or _NOT_ITEM.search(category["items"]):
            continue
        items = [i.strip(" .;") for i in _ITEM_SPLIT.split(re.sub(r"\([^)]*\)", "", category["items"]))]
        items = [re.sub(r"^and\s+", "", i) for i in items]
        items = [i for i in items if 1 <= len(i.split()) <= 4 and len(i) > 3 and not _NOT_NAME.search(i)]
        if len(items) >= 3:
            listed.append((line, text, category["name"].strip(), items))
    found: list[tuple[str, Case]] = []
    for line, text, name, items in listed:
        for item in items:
            question = f"Describe which category includes {item}."
            own = {"text": f"{name}.", "spans": [_span(line, line, text)]}
            found.append(("category: right", (question, own, "text")))
            for other_line, other_text, other_name, _ in listed:
                if other_line != line and item.lower() not in other_text.lower():
                    other = {"text": f"{other_name}.", "spans": [_span(other_line, other_line, other_text)]}
                    found.append(("a category that does not list the item", (question, other, "text")))
                    break
    return found
