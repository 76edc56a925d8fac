"""Mutations for bench_verify from blind red team round 47 and a new user's Best Buy findings, written apart from
docintel/verify/.

- A count a sentence gives beside a percentage ('our 20 largest suppliers accounted for approximately 64% of the
  merchandise we purchased') answered to 'What percentage of the merchandise we purchased ...?' (wrong); the
  percentage itself (right, measured).
- A table row's figure given for a 'Which ...?' question about the row (wrong: it asks a name).
- A row whose label its table prints twice under two sub-headings (a cash flow's 'Distributions from unconsolidated
  affiliates' under operating and investing activities) answered for the label alone (wrong); for the label and
  its own sub-heading (right, measured).
- A date a sentence gives as one bound of 'the earlier (later) of' it and another event, for when the thing
  happened (wrong).
- A deputy's (assistant's) line given for the office itself ('Deputy Corporate Secretary' for the Corporate
  Secretary; wrong).
- An amount of a sentence that says no cost and no gain claimed as a payment that reduced earnings (wrong); an
  amount a sentence calls a charge claimed as a charge (right, measured).

The patterns are general English ('the earlier of', 'Deputy', 'charge', a percentage's noun) and the table's own
structure (labels, sub-headings), no document's wording.
"""

from __future__ import annotations

import re

from docintel.numbers import find_numbers

Case = tuple[str, dict, str]  # (question, item, answer type)

_PERCENT_OF = re.compile(
    r"(?P<pct>\d{1,3}(?:\.\d+)?)\s?%\s+of\s+(?P<noun>(?:the\s+|our\s+|its\s+)?(?:[a-z]+\s+){0,4}[a-z]+)"
)
# a count before its noun, no money, no year, no percentage ('our 20 largest suppliers', '12 countries')
_COUNT = re.compile(r"(?<![\d.,$])(?P<n>[2-9]|[1-9]\d{1,2})\s+(?P<noun>[a-z]{3,}(?:\s+[a-z]{3,})?)\b(?!\s*%)")
_BOUND = re.compile(
    r"\b(?P<verb>terminate|expire|end|mature)\w*\s+(?:on\s+)?the\s+(?:earlier|later)\s+(?:to\s+occur\s+)?of\s+"
    r"(?P<date>(?:January|February|March|April|May|June|July|August|September|October|November|December)"
    r"\s+\d{1,2},\s+\d{4})",
    re.IGNORECASE,
)
_DEPUTY = re.compile(
    r"\b(?:Deputy|Assistant)\s+(?P<office>(?:Corporate\s+)?(?:Secretary|Treasurer|Controller|General\s+Counsel))\b"
)
_MONTHS = "January February March April May June July August September October November December".split()
_AMOUNT = re.compile(r"\$\s?(?P<n>\d[\d,.]*)\s+(?P<scale>million|billion)\b")
_WAY = re.compile(
    r"\b(?:paid|pay|payments?|charges?|charged|costs?|expensed?|expenses|provisions?|loss(?:es)?|lost|write-?downs?|impairments?"
    r"|reduced|lowered|gains?|received|receipts?|proceeds|recover\w*|benefit\w*|favorabl\w*|raised|net\s+of)\b",
    re.IGNORECASE,
)
_CHARGE = re.compile(r"\bcharges?\s+of\s+\$\s?(?P<n>\d[\d,.]*)\s+(?P<scale>million|billion)\b", re.IGNORECASE)


_UNITS = {1e3: "thousands", 1e6: "millions", 1e9: "billions"}


def _page_lines(document, page: int) -> list[tuple[int, str]]:
    lines = document.lines
    on_page = lines[lines["page"] == page]
    return [(int(n), str(t)) for n, t in zip(on_page["global_line"].tolist(), on_page["text"].tolist(), strict=True)]


def _span(line: int, quote: str) -> dict:
    return {"doc": None, "line_start": line, "line_end": line, "quote": quote.strip()}


def _amount(label: str, value: float, unit: str, currency: str | None, spans: list[dict]) -> dict:
    amount = {"value": value, "currency": currency, "unit": unit}
    return {"label": label, "amount": amount, "period": None, "calculation": None, "spans": spans}


def round47_cases(document, page: int) -> dict[str, list[Case]]:
    """Every case of the classes above on the page, by class."""
    cases: dict[str, list[Case]] = {}
    found = [*_tables(document, page)]
    lines = _page_lines(document, page)
    for index, (line, text) in enumerate(lines):
        found += [*_bounds(line, text), *_deputies(line, text), *_effects(line, text)]
        following = lines[index + 1][1] if index + 1 < len(lines) and not text.rstrip().endswith(".") else ""
        found += _percents(line, f"{text} {following}".strip(), 1 if following else 0)
    for kind, case in found:
        cases.setdefault(kind, []).append(case)
    return cases


def _percents(line: int, text: str, more: int) -> list[tuple[str, Case]]:
    """*text*: the line, and the next line when the sentence goes on to it (*more* lines)."""
    percent, count = _PERCENT_OF.search(text), _COUNT.search(text)
    if (
        percent is None
        or count is None
        or count.start() > percent.start()
        or (more and percent.start() < len(text) // 3)
    ):
        return []
    noun = " ".join(percent.group("noun").split())
    question = f"What percentage of {noun} came from the {count.group('n')} {count.group('noun')}?"
    spans = [{**_span(line, text), "line_end": line + more}]
    wrong = _amount("Share", float(count.group("n")), "units", None, spans)
    right = _amount("Share", float(percent.group("pct")), "percent", None, spans)
    return [
        ("a count for a percentage asked", (question, wrong, "amount")),
        ("percent: right", (question, right, "amount")),
    ]


def _tables(document, page: int) -> list[tuple[str, Case]]:
    found: list[tuple[str, Case]] = []
    for table in document.tables:
        if table.page != page or not table.columns or table.problem:
            continue
        by_label: dict[str, list] = {}
        for row in table.rows:
            by_label.setdefault(row.label.strip(), []).append(row)
        for label, rows in by_label.items():
            row = rows[0]
            if not row.values or not re.search(r"[A-Za-z]{4,}", label) or len(table.columns) > len(row.values):
                continue
            quote = str(document.lines["text"].iloc[row.line - 1])
            spans = [_span(row.line, quote)]
            if table.header_line:
                spans.insert(0, _span(table.header_line, str(document.lines["text"].iloc[table.header_line - 1])))
            column, value = table.columns[0], row.values[0]
            if value is None or row.kind not in ("amount", "count"):
                continue
            unit = _UNITS.get(table.scale or 1.0, "units") if row.kind == "amount" else "count"
            money = "USD" if row.kind == "amount" and ("$" in quote or table.currency) else None
            item = _amount(label, value, unit, money, spans)
            when = column.label or str(column.year)
            found.append(("a figure for which", (f"Which segment reported {label} for {when}?", item, "amount")))
            groups = [set(re.findall(r"[a-z]+", (r.group or "").lower())) for r in rows]
            # neither sub-heading the plainer ('Revenue:' beside 'Cost of revenue:' is the default reading)
            telling = len(rows) == 2 and all(groups) and groups[0] - groups[1] and groups[1] - groups[0]
            telling = telling and rows[0].values != rows[1].values  # the same figures printed twice tell nothing
            if telling and row.group:
                found.append(("a twin row for its label", (f"What was {label} for {when}?", item, "amount")))
                asked = f"What was {label} in {row.group.rstrip(':')} for {when}?"
                found.append(("twin row: right", (asked, item, "amount")))
    return found


def _bounds(line: int, text: str) -> list[tuple[str, Case]]:
    found = []
    for match in _BOUND.finditer(text):
        month, day, year = match.group("date").replace(",", "").split()
        iso = f"{year}-{_MONTHS.index(month.capitalize()) + 1:02d}-{int(day):02d}"
        item = {
            "label": "End",
            "date": {"iso": iso, "original_text": match.group("date")},
            "spans": [_span(line, text)],
        }
        found.append(("one bound of the earlier of two", (f"When did it {match.group('verb').lower()}?", item, "date")))
    return found


def _deputies(line: int, text: str) -> list[tuple[str, Case]]:
    found = []
    for match in _DEPUTY.finditer(text):
        office = " ".join(match.group("office").split())
        item = {"text": text.strip(), "spans": [_span(line, text)]}
        found.append(("a deputy for the office", (f"Who is the company's {office}?", item, "text")))
    return found


def _effects(line: int, text: str) -> list[tuple[str, Case]]:
    found = []
    amount = _AMOUNT.search(text)
    words = [w for w in re.findall(r"[A-Za-z]{4,}", text) if w.lower() not in ("million", "billion")][:4]
    question = f"What does the filing say about {' '.join(words)}?"  # the sentence's own words: it is about them
    if amount is not None and not _WAY.search(text) and any(not n.is_year for n in find_numbers(text)):
        claim = f"The company paid ${amount.group('n')} {amount.group('scale')}, a charge that reduced its earnings."
        item = {"text": claim, "spans": [_span(line, text)]}
        found.append(("a figure called a charge by no quote", (question, item, "text")))
    charge = _CHARGE.search(text)
    if charge is not None:
        claim = f"The company recorded a charge of ${charge.group('n')} {charge.group('scale')}."
        item = {"text": claim, "spans": [_span(line, text)]}
        found.append(("effect: right", (question, item, "text")))
    return found
