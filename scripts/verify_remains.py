"""Mutations for bench_verify from blind red team round 45, written apart from docintel/verify/.

- A term a sentence gives whole ('has an initial term of 30 years') claimed as what remains of it ('30 years remain
  in the initial term'): the quote says nothing of what is left, so 'supported' is wrong; the term asked as the
  term is the right answer beside it (measured, no target).
- A figure of a table row whose columns the table reader could not line up with its header ('Bellagio 3,933 157,000
  1,284 151' under four measures), claimed in a text that names no column: what the figure measures is nothing a
  check can confirm, so 'supported' is wrong.

The patterns are the bench's own reading of a page: general English for a contract's term, and the table reader's
own flag (a table's ``problem``) for columns it could not resolve.
"""

from __future__ import annotations

import re

from docintel.numbers import find_numbers

Case = tuple[str, dict, str]  # (question, item, answer type)

_WORD_NUMBERS = {"five": 5, "ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30}
_TERM = re.compile(
    r"\b(?P<term>(?:(?:initial|remaining|original|lease|contractual)\s+)?term)\s+of\s+"
    r"(?P<n>\d{1,2}|five|ten|fifteen|twenty|thirty)\s+years\b",
    re.IGNORECASE,
)
_SAYS_LEFT = re.compile(r"\bremain|\bexpir|\bthrough\b|\buntil\b|\bleft\b|\bmatur", re.IGNORECASE)


def _page_lines(document, page: int) -> list[tuple[int, str]]:
    lines = document.lines
    on_page = lines[lines["page"] == page]
    return [(int(n), str(t)) for n, t in zip(on_page["global_line"].tolist(), on_page["text"].tolist(), strict=True)]


def remaining_term_cases(document, page: int) -> dict[str, list[Case]]:
    """Each term of years a line gives whole, claimed as what remains of it (wrong) and as the term (right)."""
    cases: dict[str, list[Case]] = {}
    for line, text in _page_lines(document, page):
        for found in _TERM.finditer(text):
            if _SAYS_LEFT.search(text) or found.group("term").lower().startswith("remaining"):
                continue
            term = " ".join(found.group("term").lower().split())
            years = _WORD_NUMBERS.get(found.group("n").lower(), found.group("n"))
            span = {"doc": None, "line_start": line, "line_end": line, "quote": text.strip()}
            for kind, question, claim in (
                (
                    "the whole term for what remains",
                    f"How many years remained in the {term}?",
                    f"{years} years remained in the {term}.",
                ),
                ("remaining: right", f"How long is the {term}?", f"The {term} is {years} years."),
            ):
                cases.setdefault(kind, []).append((question, {"text": claim, "spans": [span]}, "text"))
    return cases


def unread_row_cases(document, page: int) -> dict[str, list[Case]]:
    """Each row of three figures or more in a table of the page whose columns were not resolved: its second figure
    claimed in a text that names no column, citing the row alone (wrong)."""
    cases: dict[str, list[Case]] = {}
    for table in document.tables:
        if table.page != page or table.problem is None:
            continue
        for row in table.rows:
            figures = [n for n in find_numbers(row.label + " " + " ".join(row.cells)) if not n.is_year]
            # a year cell ('2023', a maturity) is a date, which the rule leaves to the date checks
            printed = [
                c
                for c in row.cells
                if any(ch.isdigit() for ch in c) and not re.fullmatch(r"(?:19|20)\d\d", c.strip(",.;() "))
            ]
            label = row.label.strip()
            if len(printed) < 3 or len(figures) < 3 or not re.search(r"[A-Za-z]{3,}", label):
                continue
            if printed[1].strip("$ ") in label:
                continue  # a footnote read as a row: its label states the figure itself ('(c) Included $26.2 billion')
            quote = document.lines["text"].iloc[row.line - 1]
            span = {"doc": None, "line_start": row.line, "line_end": row.line, "quote": str(quote).strip()}
            claim = f"{label}: {printed[1].strip('$ ')}."
            question = f"Describe the figure the filing gives for {label}."
            cases.setdefault("a figure of a row whose columns were not read", []).append(
                (question, {"text": claim, "spans": [span]}, "text")
            )
    return cases
