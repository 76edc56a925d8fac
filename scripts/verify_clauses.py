"""Mutations for bench_verify of text claims: one that drops its quote's restrictive clause (red team round 26), and
one that gives an officer's age as years with the company (red team round 27).

A sentence of a page that says something of a group narrowed by a restrictive relative clause, no comma before
'who' ('agreements covering our union-represented employees who serve customers in our Mid-Atlantic
and Northeast service areas extend through August 1, 2026'), with a number in what it says of them, is claimed
with the clause deleted: the claim widens what the quote says to the whole group, so 'supported' is wrong. The
whole sentence, claimed as written, is the right answer beside it (measured, no target).

The pattern is the bench's own reading of a sentence (a group of persons, 'who' with no comma before it; the clause
ends before the sentence's main verb, one of a short list of common ones), written apart from docintel/verify/.
"""

from __future__ import annotations

import re

Case = tuple[str, dict, str]  # (question, item, answer type)

_WHO = re.compile(r"\b(?P<head>[a-z][a-z-]{3,}s)\s+who\s+(?P<rest>[^;()]+?)[.;](?:\s|$)")
# the sentence's main verb after the clause: the clause's own verb is its first word ('who serve customers ...')
_MAIN_VERB = re.compile(r"^(?:are|were|will|may|must|extend|extends|expire|expires|received?|receives)$")
_MIN_CLAUSE, _MIN_PREDICATE = 3, 3  # words of the clause before the main verb, words of what is said after it
# a verb before the group: the group is no subject of the sentence ('The bonds selected had maturities that ...')
_VERB_BEFORE = re.compile(r"\b(?:is|are|was|were|has|have|had|will|may|must|be)\b|☐|☒")
_PRONOUNS = frozenset({"those", "these", "others", "ones", "this"})
_SENTENCE = re.compile(r"(?<=[.;])\s+(?=[A-Z])")


def _main_verb(rest: str) -> int | None:
    """The offset in *rest* (the words after 'who') of the sentence's main verb, None when none is found."""
    words = list(re.finditer(r"\S+", rest))
    for index, word in enumerate(words[_MIN_CLAUSE:-_MIN_PREDICATE], start=_MIN_CLAUSE):
        if "," in rest[: word.start()]:
            return None  # a comma ends the clause before any main verb is found
        if _MAIN_VERB.match(word.group(0)) and words[index - 1].group(0) not in ("who", "that", "which", "and", "or"):
            return word.start()
    return None


def restrictive_clause_cases(document, page: int) -> dict[str, list[Case]]:
    """Each sentence of the page whose group is narrowed by a restrictive clause: claimed without it (wrong) and
    as written (right). Cites the sentence's lines, the quote joined as the lines join."""
    lines = document.lines
    on_page = lines[lines["page"] == page]
    numbers, texts = on_page["global_line"].tolist(), on_page["text"].tolist()
    if not texts:
        return {}
    joined, starts = "", []
    for number, text in zip(numbers, texts, strict=True):
        starts.append((len(joined), number))
        joined += str(text) + " "
    cases: dict[str, list[Case]] = {}
    at = 0
    for sentence in _SENTENCE.split(joined):
        begin = joined.find(sentence, at)
        at = begin + len(sentence)
        found = _WHO.search(sentence)
        if not found or found.group("head") in _PRONOUNS or _VERB_BEFORE.search(sentence[: found.start("head")]):
            continue
        verb = _main_verb(found.group("rest"))
        if verb is None:
            continue
        quote = sentence.strip()
        first = max(n for offset, n in starts if offset <= begin)
        last = max(n for offset, n in starts if offset <= at - 1)
        widened = f"{sentence[: found.start('head')]}{found.group('head')} {sentence[found.start('rest') + verb :]}"
        question = f"Describe what the company says about its {found.group('head')}."
        span = {"doc": None, "line_start": first, "line_end": last, "quote": quote}
        cases.setdefault("restrictive clause dropped", []).append(
            (question, {"text": widened.strip(), "spans": [span]}, "text")
        )
        cases.setdefault("restrictive clause: right", []).append((question, {"text": quote, "spans": [span]}, "text"))
    return cases


# the bench's reading of an age: a 'Name Age ...' heading over rows 'Michael F. Roman 59 Chief Executive Officer',
# or prose 'Mr. Sprunk, 54, joined NIKE in 1993'
_AGES_HEADING = re.compile(r"^\s*Name\s+Age\b")
_ROW_AGE = re.compile(r"^(?P<name>[A-Z][a-z]+(?:\s+[A-Z]\.)?\s+[A-Z][a-z]+)\s+(?P<age>[2-9]\d)\s+[A-Z]")
_PROSE_AGE = re.compile(r"(?P<name>(?:Mr|Ms|Mrs|Dr)\.\s+[A-Z][a-z]+),\s+(?P<age>[2-9]\d),")


def age_cases(document, page: int) -> dict[str, list[Case]]:
    """Each officer's age on the page claimed as years with the company (wrong) and as an age (right)."""
    lines = document.lines
    on_page = lines[lines["page"] == page]
    cases: dict[str, list[Case]] = {}
    under_heading = False
    for line, text in zip(on_page["global_line"].tolist(), on_page["text"].tolist(), strict=True):
        under_heading = under_heading or bool(_AGES_HEADING.match(str(text)))
        found = (_ROW_AGE.match(str(text)) if under_heading else None) or _PROSE_AGE.search(str(text))
        if found is None:
            continue
        name, age = found.group("name"), found.group("age")
        span = {"doc": None, "line_start": line, "line_end": line, "quote": str(text).strip()}
        question = f"Describe what the filing says of {name}."
        for kind, claim in (
            ("age given as years of service", f"{name} has worked at the company for {age} years."),
            ("age: right", f"{name} is {age} years old."),
        ):
            cases.setdefault(kind, []).append((question, {"text": claim, "spans": [span]}, "text"))
    return cases


# red team round 28, the bench's own readings: a par value in prose, a stage of a process, a share class's listing
_PAR = re.compile(r"\bpar value \$(?P<value>\d+(?:\.\d+)?) per share")
_STAGE = re.compile(
    r"\b(?P<stage>preliminary|final|interim|tentative|proposed|definitive)\s+(?P<noun>approval|agreement|judgment|"
    r"settlement|rule|order)\b",
    re.IGNORECASE,
)
_OTHER_STAGE = {"preliminary": "final", "final": "preliminary", "interim": "final", "tentative": "final",
                "proposed": "final", "definitive": "preliminary"}  # fmt: skip
_LISTED = re.compile(r"^Class (?P<letter>[A-Z]) (?P<rest>Common Stock [A-Z]{2,5} .+)$")


def _page_lines(document, page: int) -> list[tuple[int, str]]:
    lines = document.lines
    on_page = lines[lines["page"] == page]
    return [(int(n), str(t)) for n, t in zip(on_page["global_line"].tolist(), on_page["text"].tolist(), strict=True)]


def par_value_cases(document, page: int) -> dict[str, list[Case]]:
    """Each par value the page states ('..., par value $100 per share') given as the stock's issue price (wrong)
    and as its par value (right)."""
    cases: dict[str, list[Case]] = {}
    for line, text in _page_lines(document, page):
        for found in _PAR.finditer(text):
            span = {"doc": None, "line_start": line, "line_end": line, "quote": text.strip()}
            amount = {"value": float(found.group("value")), "currency": "USD", "unit": "per_share"}
            for kind, asked in (
                ("par value given as the issue price", "issue price"),
                ("par value: right", "par value"),
            ):
                item = {"label": asked, "amount": amount, "period": None, "calculation": None, "spans": [span]}
                cases.setdefault(kind, []).append((f"What was the {asked} per share of the stock?", item, "amount"))
    return cases


def stage_cases(document, page: int) -> dict[str, list[Case]]:
    """Each line naming one stage of a process ('the court granted preliminary approval'), and no other stage of
    it, claimed as another stage (wrong) and as written (right)."""
    cases: dict[str, list[Case]] = {}
    for line, text in _page_lines(document, page):
        for found in _STAGE.finditer(text):
            stage, noun = found.group("stage").lower(), found.group("noun").lower()
            other = _OTHER_STAGE[stage]
            if re.search(rf"\b{other}\s+{noun}", text, re.IGNORECASE):
                continue  # the line names the other stage too
            span = {"doc": None, "line_start": line, "line_end": line, "quote": text.strip()}
            claimed = text[: found.start("stage")] + other + text[found.end("stage") :]
            for kind, asked, claim in (
                ("one stage of a process for another", other, claimed),
                ("stage: right", stage, text),
            ):
                question = f"Describe the {asked} {noun} the filing reports."
                cases.setdefault(kind, []).append((question, {"text": claim.strip(), "spans": [span]}, "text"))
    return cases


def listed_class_cases(document, page: int) -> dict[str, list[Case]]:
    """Each class of stock the cover page lists ('Class B Common Stock NKE New York Stock Exchange') claimed for
    another class from the line cut after the class (wrong), and as written (right)."""
    cases: dict[str, list[Case]] = {}
    for line, text in _page_lines(document, page):
        found = _LISTED.match(text.strip())
        if found is None:
            continue
        letter, rest = found.group("letter"), found.group("rest")
        other = "A" if letter != "A" else "B"
        for kind, claimed, quote in (
            ("a listing claimed for another share class", other, rest),
            ("share class: right", letter, text.strip()),
        ):
            question = f"Describe where the company's Class {claimed} Common Stock is listed."
            claim = f"The company's Class {claimed} {rest}."
            span = {"doc": None, "line_start": line, "line_end": line, "quote": quote}
            cases.setdefault(kind, []).append((question, {"text": claim, "spans": [span]}, "text"))
    return cases
