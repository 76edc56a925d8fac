"""Mutations for bench_verify of what a figure is and where it ranks (a new user on Nike's fiscal 2021 10-K and red
team rounds 33-34), over every page of the dev filings.

- a row not the largest of its column: in each run of three or more rows of a breakdown with as many cells (no
  total, corporate or other line, no row naming a line item), the row with the smallest first cell claimed as the
  one with the largest (and the largest, right, measured);
- a change from one year: two figures of one column divided, given as the change in their ratio over the year;
- an act on an item for its balance: each fact of a row 'Sales of ...', 'Purchases of ...', 'Proceeds from ...',
  'Repayments of ...' (a flow of the item in the year) given as the item at the year's end; and each fact of a row
  of a tax carryforward ('Net operating loss carryforwards') given as the line item it names;
- an average column for a balance: each fact of a column headed 'average' given as the level at its date;
- a place asked, the whole answered: each consolidated revenue fact given for the company's revenues in Japan;
- a yes argued from another column, a 'respectively' yes contradicted (``yes_no_cases``);
- a change row for its balance: each fact of a row under a 'Changes in ...' sub-heading whose label names a line
  item, asked as the item at the year's end in the row's own words (a new user on Microsoft's fiscal 2023 10-K);
- an equity statement's dividends for those paid: each fact of a dividend row of the statement of stockholders'
  equity that names neither event, asked as the dividends paid (ASC 505-20: the statement records them declared);
- an intrinsic value for cash received: each fact of a sentence giving the intrinsic value of options exercised,
  asked as the cash received from their exercise (ASC 718; red team round 36);
- a bare share row for another part: each fact of a share row that names no subject ('% of total net sales'), the
  share of the row above it, asked as the share of another row of its table (a new user on Lockheed Martin's 2020
  10-K: the Products share given for the U.S. Government's);
- a total after a deduction for the amount before it: each money fact of a 'Total' or 'Net' row right after a
  deduction ('Less accumulated depreciation', 'Excess of FIFO over LIFO cost (463.4)'), asked as the amount before
  that deduction (red team round 39: General Mills' LIFO inventories given for the FIFO basis).

Each is wrong, so 'supported' fails the bench; the patterns are the bench's own, written apart from
docintel/verify/.
"""

from __future__ import annotations

import re

from docintel.concepts import concepts_in
from docintel.periods import find_periods
from docintel.textnorm import split_sentences, tokenize
from docintel.verify.listed import listed_years
from scripts.verify_clauses import _page_lines
from scripts.verify_structures import ItemMaker, _fact_answer, _page_facts, _unit, _year_of

Case = tuple[str, dict, str]  # (question, item, answer type)

_NOT_BREAKDOWN = re.compile(r"\b(?:corporate|unallocated|eliminations?|reconciling|global|other)\b", re.I)
_TOTAL_ROW = re.compile(r"\b(?:total|totals|subtotal|consolidated|combined|overall|worldwide|all)\b", re.I)
_FLOW_OF = re.compile(
    r"^\s*(?:sales?|purchases?|maturities|proceeds\s+from(?:\s+(?:the\s+)?sales?\s+of)?|repayments?\s+of|"
    r"issuances?\s+of)\s+(?:of\s+)?(?P<item>[a-z][a-z ,'-]{3,50}?)\s*(?:\(|$)",
    re.IGNORECASE,
)
_MEASURE_WORDS = re.compile(r"\b(?:change|increase|decrease|average|weighted)", re.IGNORECASE)
_YEAR = re.compile(r"(?:19|20)\d\d")
_CARRYFORWARD = re.compile(r"carry-?\s?forwards?", re.IGNORECASE)
_AVERAGE = re.compile(r"\baverage\b", re.IGNORECASE)
_WEIGHTED = re.compile(r"\bweighted\b", re.IGNORECASE)


def rank_cases(document, page: int, names_item=lambda label: False) -> dict[str, list[Case]]:
    """The first class of the module docstring, from the page's tables: runs of rows of a breakdown (segments,
    regions, nominees), no row naming a line item (*names_item*: a statement's rows rank nothing asked here) nor a
    corporate, other or reconciling line."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    for table in (t for t in document.tables if t.page == page and t.columns):
        for run in _runs([r for r in table.rows if not names_item(r.label) and not _NOT_BREAKDOWN.search(r.label)]):
            ranked = sorted(run, key=lambda r: r.values[0])
            low, high = ranked[0], ranked[-1]
            if low.values[0] == high.values[0]:
                continue
            column = table.columns[0].label if table.columns else "first"
            question = f"Which row of the table with {run[0].label} had the largest figure in the {column} column?"
            for row, kind in ((low, "a row not the largest of its column"), (high, "largest row: right")):
                span = {"doc": None, "line_start": row.line, "line_end": row.line, "quote": texts[row.line - 1]}
                claim = {"text": f"{row.label} had the largest figure, {row.cells[0]}.", "spans": [span]}
                cases.setdefault(kind, []).append((question, claim, "text"))
    return cases


def _runs(rows) -> list[list]:
    """Runs of three or more adjacent rows of amounts with as many cells under one sub-heading, none a total, each
    first cell a figure above zero (no year)."""
    runs: list[list] = []
    current: list = []
    for row in rows:
        first = row.cells[0] if row.cells else ""
        fits = (
            row.aligned
            and row.kind == "amount"
            and row.values[0] is not None
            and row.values[0] > 0
            and not _YEAR.fullmatch(first)
            and not _TOTAL_ROW.search(row.label)
        )
        if current and (not fits or len(row.cells) != len(current[-1].cells) or row.group != current[-1].group):
            runs.append(current)
            current = []
        if fits:
            current.append(row)
    runs.append(current)
    return [r for r in runs if len(r) >= 3]


def figure_cases(document, page: int, item: ItemMaker) -> dict[str, list[Case]]:
    """The other classes of the module docstring, from the page's facts."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    by_column: dict[tuple, list] = {}
    for fact in _page_facts(document, page):
        unit = _unit(fact)
        if unit is None or fact.kind != "money":
            continue
        year, label = _year_of(fact), fact.label or ""
        by_column.setdefault((fact.provenance.table, fact.provenance.column), []).append(fact)
        flow = _FLOW_OF.match(label)
        if flow and concepts_in(flow.group("item")).concepts and fact.period.kind != "instant":
            what = flow.group("item").strip(" ,")
            question = f"What were the company's {what} at the end of fiscal {year}?"
            answer = _fact_answer(item, fact, texts, unit, label=what)
            cases.setdefault("an act on an item for its balance", []).append((question, answer, "amount"))
        named = concepts_in(_CARRYFORWARD.sub(" ", label)).concepts
        if _CARRYFORWARD.search(label) and named:
            what = _CARRYFORWARD.sub(" ", label).strip()
            question = f"What was the company's {what} in fiscal {year}?"
            answer = _fact_answer(item, fact, texts, unit, label=what)
            cases.setdefault("an act on an item for its balance", []).append((question, answer, "amount"))
        heading = _heading(document, fact)
        if _AVERAGE.search(heading) and not _WEIGHTED.search(heading) and not _AVERAGE.search(label):
            question = f"What was the company's {label.lower()} at the end of fiscal {year}?"
            answer = _fact_answer(item, fact, texts, unit)
            cases.setdefault("an average column for a balance", []).append((question, answer, "amount"))
        if fact.concept == "revenue" and fact.member is None and fact.period.kind != "instant":
            question = f"What were the company's revenues in Japan in fiscal {year}?"
            answer = _fact_answer(item, fact, texts, unit, label="Revenues in Japan")
            cases.setdefault("a place asked, the whole answered", []).append((question, answer, "amount"))
    for facts in by_column.values():
        cases.setdefault("a change from one year", []).extend(_one_year_change(facts, texts, item)[:1])
    for kind, found in _statement_cases(document, page, item).items():
        cases.setdefault(kind, []).extend(found)
    return {k: v for k, v in cases.items() if v}


_CHANGES_HEADING = re.compile(r"^\s*(?:changes?|increase|decrease|\(increase\)|net\s+change)", re.IGNORECASE)
_CASH_SUBTOTAL = re.compile(r"^\s*(?:net\s+)?cash\b", re.IGNORECASE)
_EVENT_WORDS = re.compile(r"\b(?:paid|payments?|declared|declaration)\b", re.IGNORECASE)
_DIVIDEND_WORD = re.compile(r"\bdividends?\b", re.IGNORECASE)
_INTRINSIC = re.compile(r"\bintrinsic\s+value\b[^.]*\bexercised\b|\bexercised\b[^.]*\bintrinsic\s+value\b", re.I)


def _statement_cases(document, page: int, item: ItemMaker) -> dict[str, list[Case]]:
    """The last three classes of the module docstring, from the page's facts (tables and prose)."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    equity = {p for s in document.meta.profile.statements if s.primary and s.kind == "equity" for p in s.pages}
    for fact in (f for f in document.facts if f.provenance.page == page and f.period is not None and f.value):
        unit, label, year = _unit(fact), fact.label or "", _year_of(fact)
        if unit is None or fact.kind != "money":
            continue
        located = document.table_row(fact.provenance.global_line) if fact.provenance.table is not None else None
        group = (located[1].group or "") if located else ""
        closes = _CASH_SUBTOTAL.match(label)  # 'Cash provided by operations' closes the section: the year's flow
        if (
            _CHANGES_HEADING.match(group)
            and concepts_in(label).concepts
            and not (closes or _MEASURE_WORDS.search(label))
        ):
            question = f"What was the company's {label.lower()} at the end of fiscal {year}?"
            answer = _fact_answer(item, fact, texts, unit)
            cases.setdefault("a change row for its balance", []).append((question, answer, "amount"))
        if located and page in equity and _DIVIDEND_WORD.search(label) and not _EVENT_WORDS.search(label):
            question = f"How much did the company pay in {label.lower()} in fiscal {year}?"
            answer = _fact_answer(item, fact, texts, unit)
            cases.setdefault("an equity statement's dividends for those paid", []).append((question, answer, "amount"))
        if located is None and _INTRINSIC.search(texts[fact.provenance.global_line - 1]):
            question = f"How much cash did the company receive from the exercise of stock options in fiscal {year}?"
            answer = _fact_answer(item, fact, texts, unit, label="Cash received from option exercises")
            cases.setdefault("an intrinsic value for cash received", []).append((question, answer, "amount"))
    for question, fact in _bare_shares(document, page):
        answer = _fact_answer(item, fact, texts, "percent")
        cases.setdefault("a bare share row for another part", []).append((question, answer, "amount"))
    for question, fact in _after_deductions(document, page):
        answer = _fact_answer(item, fact, texts, _unit(fact) or "units")
        cases.setdefault("a total after a deduction for the amount before it", []).append((question, answer, "amount"))
    return cases


_LESS_ROW = re.compile(r"^\s*less\b:?\s*", re.IGNORECASE)
_AFTER_ROW = re.compile(r"^\s*(?:total|net)\b", re.IGNORECASE)


def _after_deductions(document, page: int) -> list[tuple[str, object]]:
    """Each money fact of a 'Total' or 'Net' row right after a deduction under the same sub-heading (a 'Less' row, or
    a row negative in the same column), asked as the amount before that deduction."""
    found = []
    for fact in (f for f in document.facts if f.provenance.page == page and f.kind == "money" and f.period):
        located = document.table_row(fact.provenance.global_line) if fact.provenance.table is not None else None
        if located is None or not _AFTER_ROW.match(located[1].label) or re.search(r"(?i)\bbefore\b", fact.label):
            continue  # 'Total Earnings Before Interest and Taxes' says its own basis
        table, row = located
        column = row.values.index(fact.value) if fact.value in row.values else None  # the cell as the row prints it
        if column is None:
            continue
        above = [r for r in table.rows if r.line < row.line]
        last = above[-1] if above and column < len(above[-1].values) else None  # the row it follows at once
        taken = last is not None and (_LESS_ROW.match(last.label) or (last.values[column] or 0) < 0 < fact.value)
        if last is None or not taken or not last.values[column] or _AFTER_ROW.match(last.label):
            continue  # a deduction, not a subtotal, nor one of the negative items of a list of liabilities
        named = [last] if re.search(r"[A-Za-z]{4,}", _LESS_ROW.sub("", last.label)) else []
        if not named or last.group != row.group:
            continue
        item = _AFTER_ROW.sub("", row.label).strip(" ,:") or (row.group or "").strip(" :")
        if not item or find_periods(item) or find_periods(last.label):
            continue  # 'Total as of December 31, 2022': a roll-forward's balance, no line item
        when = "at the end of" if fact.period.kind == "instant" else "in"
        before = _LESS_ROW.sub("", named[-1].label).strip().lower()
        found.append((f"What was the company's {item.lower()} before {before} {when} fiscal {_year_of(fact)}?", fact))
    return found


_BARE_SHARE = re.compile(r"^\s*(?:as\s+a\s+)?(?:%|percent(?:age)?)\s+of\s+(?P<whole>[a-z][\w ,'-]{2,40})$", re.I)


def _bare_shares(document, page: int) -> list[tuple[str, object]]:
    """Each fact of a share row that names no subject ('% of total net sales' under 'Products'), asked as the share
    of another row of its table that is not the row above it ('... came from Services')."""
    found = []
    for fact in (
        f for f in document.facts if f.provenance.page == page and f.kind == "percent" and f.value and f.period
    ):
        located = document.table_row(fact.provenance.global_line) if fact.provenance.table is not None else None
        share = _BARE_SHARE.match(fact.label or "")
        if located is None or share is None:
            continue
        table, row = located
        above = [r for r in table.rows if r.line < row.line and not _BARE_SHARE.match(r.label)]
        if not above or set(tokenize(above[-1].label)) <= set(tokenize(row.label)):
            continue  # 'Revenues' over '% of total company revenues': the table's member's share, no row's
        parts = [r for r in table.rows if not _BARE_SHARE.match(r.label) and not _TOTAL_ROW.search(r.label)]
        others = [r for r in parts if r.line != above[-1].line and not concepts_in(r.label).concepts]
        if not others:
            continue
        whole = share.group("whole").strip().lower()
        question = f"What percentage of {whole} in fiscal {_year_of(fact)} came from {others[0].label.strip()}?"
        found.append((question, fact))
    return found


def _heading(document, fact) -> str:
    """The heading over the fact's column ('' when ingest read none)."""
    if fact.provenance.table is None or fact.provenance.column is None:
        return ""
    table = document.tables[fact.provenance.table]
    column = fact.provenance.column
    return f"{table.columns[column].heading or ''}" if column < len(table.columns) else ""


def _one_year_change(facts: list, texts: list[str], item: ItemMaker) -> list[Case]:
    """Two positive figures of one column divided, given as the change in their ratio in the column's year."""
    # a label that says a change or an average would make the question ask that measure of it
    positive = [f for f in facts if f.value > 0 and f.label and not _MEASURE_WORDS.search(f.label)]
    if len(positive) < 2 or positive[0].label == positive[1].label:
        return []
    a, b = positive[0], positive[1]
    year = _year_of(a)
    result = round(a.value / b.value, 4)
    operands = [
        {"label": name, "name": f.label, "value": f.value, "period": None, "span": _span(f, texts)}
        for name, f in (("a", a), ("b", b))
    ]
    calculation = {"operands": operands, "expression": "a / b", "result": result}
    question = f"By how much did the ratio of {a.label.lower()} to {b.label.lower()} change in fiscal {year}?"
    answer = item(result, "ratio", None, a.provenance.global_line, texts[a.provenance.global_line - 1], calculation)
    answer["spans"].append(_span(b, texts))
    return [(question, answer, "amount")]


def _span(fact, texts: list[str]) -> dict:
    line = fact.provenance.global_line
    return {"doc": None, "line_start": line, "line_end": line, "quote": texts[line - 1]}


_CHANGE_SUBJECT = re.compile(
    r"\b(?:increas|decreas|impact|rais|reduc|grew|grow|declin|fell|rose|chang|used|benefit|loss|by\s*\$?$)"
    r"|\b(?:above|below|more|less|higher|lower|greater|fewer|exceed|rates?|pace|percent)\b"
    r"|^(?:during|in addition|also)\b",
    re.IGNORECASE,
)
_CHANGE_WORDS = re.compile(r"\b(?:increase[ds]?|decrease[ds]?|compared)\b", re.IGNORECASE)
_MONTH_NAMES = ("January February March April May June July August September October November December").split()


def yes_no_cases(document, page: int) -> dict[str, list[Case]]:
    """Two yes/no classes (red team rounds 33-34):

    - a yes argued from another column: each row of positive amounts under columns of full dates, asked whether it
      was positive at the latest date and answered yes from an older column's cell;
    - a 'respectively' yes contradicted: each sentence that lists one level per year ('sold 29.2 billion, 29.3
      billion ... in 2017, 2016 ..., respectively'), asked whether the figure was higher in a year that lists less
      than another, answered yes (sentences of a change, 'increased ... by', or of signed figures left out)."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    for table in (t for t in document.tables if t.page == page and len(t.columns) >= 2):
        dated = [i for i, c in enumerate(table.columns) if c.iso]
        if len(dated) < 2:
            continue
        latest = max(dated, key=lambda i: table.columns[i].iso or "")
        older = next(i for i in dated if i != latest)
        for row in table.rows:
            if not row.aligned or row.kind != "amount" or len(row.values) <= max(latest, older):
                continue
            if any(v is None or v <= 0 for v in (row.values[latest], row.values[older])):
                continue
            if row.values[latest] == row.values[older]:
                continue
            year, month, day = (table.columns[latest].iso or "").split("-")
            when = f"{_MONTH_NAMES[int(month) - 1]} {int(day)}, {year}"
            question = f"Was the company's {row.label.lower()} above zero at {when}?"
            span = {"doc": None, "line_start": row.line, "line_end": row.line, "quote": texts[row.line - 1]}
            item = {"value": True, "explanation": f"Yes: {row.cells[older]}.", "spans": [span]}
            cases.setdefault("a yes argued from another column", []).append((question, item, "boolean"))
    for line, text in _page_lines(document, page):
        for sentence in split_sentences(text):
            pairs = listed_years(sentence, percent=False)
            if len(pairs) < 2 or len({n.scaled for n, _ in pairs}) < 2:
                continue
            low, low_year = min(pairs, key=lambda p: p[0].scaled)
            high_year = max(pairs, key=lambda p: p[0].scaled)[1]
            first_year = min((p.start for p in find_periods(sentence)), default=len(sentence))
            subject = sentence[: min(first_year, *(n.start for n, _ in pairs))].strip().rstrip(",")
            subject = re.sub(r"\s+(?:in|for|during|as of|at)$", "", subject)  # the question names the years
            changes = _CHANGE_SUBJECT.search(subject) or _CHANGE_WORDS.search(sentence)
            if len(subject.split()) < 3 or changes or any(n.value < 0 for n, _ in pairs):
                continue  # 'increased ...', 'impacted ... by $': changes and signed figures, not levels
            question = f"{subject}: was it higher in {low_year} than in {high_year}?"
            span = {"doc": None, "line_start": line, "line_end": line, "quote": text.strip()}
            item = {"value": True, "explanation": f"Yes: {low.text} in {low_year}.", "spans": [span]}
            cases.setdefault("a 'respectively' yes contradicted", []).append((question, item, "boolean"))
    return cases
