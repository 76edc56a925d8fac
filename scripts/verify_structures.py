"""Mutations for bench_verify from two structures of a filing, not from known cases (issue 33, red team round 4).

- **Roll-forwards**: a table with an opening row ('..., beginning of year', 'Balance at beginning of period') and a
  closing row ('..., end of year'). For each of its columns, the question asks the balance at the end of the
  column's year; the closing row's cell is right, the opening row's cell of the same column is wrong (it is the
  balance the year started from).
- **Yes/no about a row's figures** (red team round 5): for a table row of two or more year columns, 'Was X higher
  (lower) in Y1 than in Y2?', 'Did X increase (decrease) in Y?' (against the year before) and, for a row with a dash
  in one year and an amount in another, 'Did the company record any X in Y?'; each answered both ways, the answer
  the row's figures give is right, the other wrong.
- **Measurement attributes**: a sentence stating an instrument's fair value, carrying amount, notional or
  principal amount ('the fair value of our long-term debt was $9.1 billion as of ...'). The question asks each
  other attribute of the same instrument: the number is wrong for every one of them, right for its own.

- **Dividend events** (red team round 11): a table fact whose row names dividends declared, or dividends paid (not
  both), asked as the other event (wrong: a dividend is declared and paid on different dates, ASC 505-20) and as
  its own (right).
- **A part for its composite** (red team round 11): a table fact of a line item that is one term of a money
  measure the domain table defines by formula (total debt in net debt = total debt - cash, operating cash flow in
  free cash flow, operating income in EBITDA), asked as that measure: wrong.
- **A total before its deductions** (red team round 14): a schedule whose 'Total X' row is followed by a 'Less ...'
  row and then a row 'X' (a debt note's 'Total long-term debt', 'Less current portion', 'Long-term debt'). Asked
  for X, the total's cell is wrong (the amount before the deduction), the last row's right.
- **Another entity's figure** (red team round 14): a fact of a line item the reader places in an entity that is
  not the group (the parent alone, a discontinued operation, equity method investees, an investee a caption
  names), asked of the company as a whole: wrong.
- **A segment's row** (a new user's questions, Microsoft 2016): a fact of a row labelled by a member alone
  ('Intelligent Cloud 25,042' under 'Revenue'; 'Intelligent Cloud 11,472' under 'Unearned revenue by segment'),
  asked as the member's other line item (revenue for operating income, or the reverse): wrong; as its own line
  item: right (measured).
- **'X and other ...'** (red team round 17): a fact of a row 'Restructuring and other related activities, net',
  asked as X: wrong.
- **An item split over rows** (red team round 17): a row 'X' beside a row 'X - where' ('Restructuring charges',
  'Restructuring charges - cost of goods sold'), asked as the total X: wrong.
- **A segment's section** (a new user's questions, 3M 2018): a fact of a table right below a heading naming one
  segment ('Industrial Business (37.4% of consolidated sales):'), asked of the company as a whole: wrong.
- **An opening balance** (a new user's questions, Lockheed 2020, General Mills 2022): a balance of a table with a
  column per year end asked 'at the beginning of fiscal Y': the Y column's cell is wrong (the year's closing
  balance), the Y-1 column's right (measured).
- **A comparison column** (Verizon, AmEx, Netflix headers '2022 2021 2022 vs. 2021'): the change cell of a row
  asked as the row's line item in the comparison's first year: wrong; that year's cell: right (measured).

The patterns here are the bench's own reading of these structures, written apart from docintel/verify/.
"""

from __future__ import annotations

import re
from collections.abc import Callable

Case = tuple[str, dict, str]  # (question, item, answer type)
ItemMaker = Callable[..., dict]

_EDGE = r",?\s*(?:(?:balance\s+)?(?:at|as\s+of)\s+)?(?:the\s+)?{}\s+of\s+(?:the\s+)?(?:fiscal\s+)?(?:year|period)"
_OPENING = re.compile(_EDGE.format("beginning"), re.IGNORECASE)
_CLOSING = re.compile(_EDGE.format("end"), re.IGNORECASE)
_UNITS = {1e3: "thousands", 1e6: "millions", 1e9: "billions"}
ATTRIBUTES = {
    "fair value": r"fair\s+values?",
    "carrying amount": r"carrying\s+(?:amounts?|values?)",
    "notional amount": r"(?:aggregate\s+)?notional\s+(?:amounts?|values?)",
    "principal amount": r"(?:aggregate\s+)?principal\s+amounts?",
}
_STATED = re.compile(
    r"\b(?P<attr>" + "|".join(f"(?:{p})" for p in ATTRIBUTES.values()) + r")\s+of\s+(?:the\s+|our\s+|its\s+|all\s+)?"
    r"(?P<subject>[a-z][a-z ,'\-]{3,70}?)\s+(?:was|were|is|are|totaled|approximated|amounted\s+to)\s+"
    r"(?:approximately\s+)?\$\s?(?P<num>\d[\d,]*(?:\.\d+)?)\s*(?P<scale>million|billion|thousand)?",
    re.IGNORECASE,
)
_AS_OF = re.compile(r"\b(?:as\s+of|at)\s+(?P<date>[A-Z][a-z]+\s+\d{1,2},\s+(?:19|20)\d\d)")


def roll_forward_cases(document, page: int, item: ItemMaker) -> dict[str, list[Case]]:
    """The opening row's cell for the closing balance (wrong) and the closing row's (right), per column."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    for table in (t for t in document.tables if t.page == page and t.problem is None and t.columns):
        opening = [r for r in table.rows if _OPENING.search(r.label)]
        closing = [r for r in table.rows if _CLOSING.search(r.label)]
        if len(opening) != 1 or len(closing) != 1:
            continue  # one balance rolled forward (several are several tables' worth of guessing)
        subject = _subject(closing[0].label) or _subject(opening[0].label) or "the balance"
        for index, column in enumerate(table.columns):
            fact = document.fact_at(closing[0].line, index)
            unit = _UNITS.get(fact.scale) if fact is not None else None
            values = [r.values[index] if index < len(r.values) else None for r in (opening[0], closing[0])]
            if unit is None or None in values or values[0] == values[1] or not column.year:
                continue
            question = f"What was {subject} at the end of fiscal {column.year}?"
            for row, value, kind in ((opening[0], values[0], "wrong"), (closing[0], values[1], "right")):
                answer = item(abs(value), unit, None, row.line, texts[row.line - 1], None, subject, fact.currency)
                name = "roll-forward: opening for closing" if kind == "wrong" else "roll-forward: right"
                cases.setdefault(name, []).append((question, answer, "amount"))
    return cases


def attribute_cases(document, page: int, item: ItemMaker) -> dict[str, list[Case]]:
    """Each stated attribute's number asked as every other attribute of the same subject (wrong), and as its own
    (right)."""
    cases: dict[str, list[Case]] = {}
    lines = document.lines[document.lines["page"] == page]
    for line, text in zip(lines["global_line"].tolist(), lines["text"].tolist(), strict=True):
        named = [name for name, p in ATTRIBUTES.items() if re.search(rf"\b{p}\b", text, re.IGNORECASE)]
        if len(named) > 1:
            continue  # 'the carrying amount and fair value ... were $34,480 and $33,211, respectively': paired by order
        for match in _STATED.finditer(text):
            stated = next(name for name, p in ATTRIBUTES.items() if re.fullmatch(p, match["attr"], re.IGNORECASE))
            value = float(match["num"].replace(",", ""))
            unit = {"million": "millions", "billion": "billions", "thousand": "thousands"}.get(
                (match["scale"] or "").lower(), "units"
            )
            when = _AS_OF.search(text[match.end() :]) or _AS_OF.search(text)
            period = f" as of {when['date']}" if when else ""
            subject = " ".join(match["subject"].split())
            if any(re.search(p, subject, re.IGNORECASE) for p in ATTRIBUTES.values()):
                continue  # 'the fair value of the asset and the fair value of the liability': two at once
            answer = item(value, unit, None, int(line), text, None, subject, "USD")
            for name in ATTRIBUTES:
                kind = "attribute: right" if name == stated else "attribute: another attribute"
                cases.setdefault(kind, []).append((f"What was the {name} of {subject}{period}?", answer, "amount"))
    return cases


def _subject(label: str) -> str:
    """The balance a roll-forward row names, without its 'beginning/end of year' part."""
    words = _CLOSING.sub(" ", _OPENING.sub(" ", label))
    words = re.sub(r"^\s*(?:balance|total)\b[,:]?", " ", words, flags=re.IGNORECASE)
    return " ".join(words.replace(":", " ").split()).strip(" ,-")


def polarity_cases(document, page: int, label_of: Callable[..., str]) -> dict[str, list[Case]]:
    """Yes/no questions about the figures of each row of the page's tables whose columns are distinct years: the
    answer the figures give (right) and the other one (wrong)."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    for table in (t for t in document.tables if t.page == page and t.problem is None and len(t.columns) >= 2):
        years = [c.year for c in table.columns]
        if len(set(years)) != len(years) or not all(years):
            continue  # column groups (three and six months) repeat years: a year alone names no one column
        for row in table.rows:
            if row.kind != "amount" or not row.aligned or len(row.values) < len(years):
                continue
            label, quote = label_of(row), texts[row.line - 1]
            values = row.values[: len(years)]
            for (year, value), (other, before) in _pairs(years, values):
                for word, truth in (("higher", value > before), ("lower", value < before)):
                    asked = f"Was {label} {word} in {year} than in {other}?"
                    _both(cases, "comparison", asked, truth, row.line, quote)
                if other == year - 1:
                    for word, truth in (("increase", value > before), ("decrease", value < before)):
                        _both(cases, "change", f"Did {label} {word} in {year}?", truth, row.line, quote)
            _occurrence(cases, label, years, values, [c for c in row.cells[: len(years)]], row.line, quote)
    return cases


def _pairs(years: list[int], values: list[float | None]) -> list[tuple[tuple[int, float], tuple[int, float]]]:
    """Each two columns of positive, different figures, the later year first."""
    found = []
    for i, (year, value) in enumerate(zip(years, values, strict=True)):
        for other, before in zip(years[i + 1 :], values[i + 1 :], strict=True):
            if value is None or before is None or value <= 0 or before <= 0 or value == before:
                continue
            found.append(((year, value), (other, before)) if year > other else ((other, before), (year, value)))
    return found


def _occurrence(cases, label, years, values, cells, line, quote) -> None:
    """'Did the company record any X in Y?' for a row with a dash in one year and an amount in another."""
    dashes = [y for y, v, c in zip(years, values, cells, strict=True) if v == 0 and not any(ch.isdigit() for ch in c)]
    amounts = [y for y, v in zip(years, values, strict=True) if v is not None and v > 0]
    if dashes and amounts:
        for year in (*dashes, *amounts):
            _both(cases, "occurrence", f"Did the company record any {label} in {year}?", year in amounts, line, quote)


def _both(cases: dict[str, list[Case]], shape: str, question: str, truth: bool, line: int, quote: str) -> None:
    for answer, kind in ((truth, "polarity: right"), (not truth, f"polarity: {shape} reversed")):
        span = {"doc": None, "line_start": line, "line_end": line, "quote": quote}
        item = {"value": answer, "explanation": "as the row shows", "spans": [span]}
        cases.setdefault(kind, []).append((question, item, "boolean"))


_DECLARED = re.compile(r"\bdeclared\b", re.IGNORECASE)
_PAID = re.compile(r"\bpaid\b", re.IGNORECASE)
_DIVIDEND = re.compile(r"\bdividends?\b", re.IGNORECASE)


def _page_facts(document, page: int) -> list:
    return [
        f
        for f in document.facts
        if f.provenance.page == page and f.provenance.table is not None and f.period is not None and f.value
    ]


def _when(fact) -> str:
    period = fact.period
    if period.end is not None and period.kind == "instant":
        return f"as of {period.end:%B} {period.end.day}, {period.end.year}"
    if period.end is not None and period.months in (3, 6, 9, 12):
        length = {3: "three", 6: "six", 9: "nine", 12: "twelve"}[period.months]
        return f"for the {length} months ended {period.end:%B} {period.end.day}, {period.end.year}"
    return f"in fiscal {period.fiscal_year}" if period.fiscal_year else ""


def _unit(fact) -> str | None:
    return "per_share" if fact.kind == "per_share" else _UNITS.get(fact.scale)


def _fact_answer(item: ItemMaker, fact, texts: list[str], unit: str, label: str | None = None) -> dict:
    """The item answering with *fact*'s own value, citing its whole line."""
    line = fact.provenance.global_line
    return item(fact.value, unit, None, line, texts[line - 1], None, label or fact.label, fact.currency)


def dividend_event_cases(document, page: int, item: ItemMaker) -> dict[str, list[Case]]:
    """Each fact of a 'dividends declared' (or 'dividends paid') row asked as the other event, and as its own."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    for fact in _page_facts(document, page):
        label, unit, when = fact.label, _unit(fact), _when(fact)
        declared, paid = bool(_DECLARED.search(label)), bool(_PAID.search(label))
        if not _DIVIDEND.search(label) or declared == paid or unit is None or not when:
            continue
        answer = _fact_answer(item, fact, texts, unit)
        other = (_DECLARED if declared else _PAID).sub("paid" if declared else "declared", label)
        for asked, kind in (
            (label, "dividend event: right"),
            (other, "dividend event: declared for paid or the reverse"),
        ):
            cases.setdefault(kind, []).append((f"What were the {asked} {when}?", answer, "amount"))
    return cases


def composite_part_cases(document, page: int, item: ItemMaker, measures) -> dict[str, list[Case]]:
    """Each fact of a line item that is one term of a money measure defined by formula, asked as the measure."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    for fact in _page_facts(document, page):
        unit, when = _unit(fact), _when(fact)
        if fact.kind != "money" or unit is None or not when:
            continue
        for measure in measures:
            terms = {t.strip().lstrip("-") for formula in measure.formulas for t in formula.split(",")}
            if fact.concept not in terms or fact.member is not None or measure.label.lower() in fact.label.lower():
                continue  # a 'Net debt' row typed as debt is the measure itself
            answer = _fact_answer(item, fact, texts, unit)
            question = f"What was {measure.label} {when}?"
            cases.setdefault("composite: one part for the whole", []).append((question, answer, "amount"))
    return cases


_TOTAL_OF = re.compile(r"^\s*total\s+(?P<item>.+?)\s*$", re.IGNORECASE)
_LESS = re.compile(r"^\s*less\b", re.IGNORECASE)


def _words(label: str) -> list[str]:
    return re.findall(r"[a-z]+", label.lower())


def deduction_cases(document, page: int, item: ItemMaker) -> dict[str, list[Case]]:
    """Each cell of a 'Total X' row followed by 'Less ...' and then 'X' (or 'Total X, net of ...', asked as 'net X'),
    asked as X: the total's wrong, X's right."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    facts = _page_facts(document, page)
    for table in (t for t in document.tables if t.page == page):
        rows = sorted(table.rows, key=lambda r: r.line)
        for at, row in enumerate(rows[:-2]):
            total = _TOTAL_OF.match(row.label)
            if total is None or not _LESS.match(rows[at + 1].label):
                continue
            after = next((r for r in rows[at + 2 :] if not _LESS.match(r.label)), None)
            own = _words(total.group("item"))
            if after is None:
                continue
            theirs = [w for w in _words(after.label) if w != "total"]
            allowance = theirs[: len(own) + 1] == [*own, "net"]  # 'Total X, net of valuation allowance'
            if theirs != own and not allowance:
                continue
            for fact in (f for f in facts if f.provenance.global_line == row.line):
                unit, when = _unit(fact), _when(fact)
                net = next(
                    (f for f in facts if f.provenance.global_line == after.line and f.period == fact.period), None
                )
                if unit is None or not when or net is None:
                    continue
                # 'net X' asks the row after an allowance ('Total X, net of valuation allowance') as a reader writes it
                before = "an allowance" if allowance else "'Less'"
                wrong = f"deduction: the total before {before}"
                for cited, kind, asked in (
                    (fact, wrong, f"net {total.group('item')}" if allowance else after.label),
                    (net, "deduction: right", after.label),
                ):
                    question = f"What was {asked} {when}?"
                    line = cited.provenance.global_line
                    answer = item(cited.value, unit, None, line, texts[line - 1], None, after.label, cited.currency)
                    cases.setdefault(kind, []).append((question, answer, "amount"))
    return cases


def entity_cases(document, page: int, item: ItemMaker, label_of: Callable[[str], str]) -> dict[str, list[Case]]:
    """Each fact of a line item placed in an entity that is not the group, asked of the company: wrong."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    for fact in _page_facts(document, page):
        unit, when = _unit(fact), _when(fact)
        if fact.member is None or fact.member.axis != "entity" or fact.concept is None or unit is None or not when:
            continue
        answer = _fact_answer(item, fact, texts, unit)
        question = f"What was the company's {label_of(fact.concept)} {when}?"
        cases.setdefault("member: another entity's figure", []).append((question, answer, "amount"))
    return cases


# the line item a segment's row is asked as when it is not its table's: revenue's is operating income, any other's
# revenue (the two a segment note reports for every segment, ASC 280-10-50-22)
_OTHER_ITEM = {"revenue": "operating_income"}


def segment_row_cases(
    document, page: int, item: ItemMaker, label_of: Callable[[str], str], names_item: Callable[[str], bool]
) -> dict[str, list[Case]]:
    """Each fact of a row labelled by a member alone ('Intelligent Cloud 25,042' under 'Revenue'), whose line item
    is its table's: asked as the member's line item, right; as the member's other line item, wrong."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    for fact in _page_facts(document, page):
        unit, when = _unit(fact), _when(fact)
        if fact.member is None or fact.member.axis == "entity" or fact.concept is None or unit is None or not when:
            continue
        if names_item(fact.label) or fact.kind != "money":
            continue
        answer = _fact_answer(item, fact, texts, unit)
        other = _OTHER_ITEM.get(fact.concept, "revenue")
        for concept, kind in ((fact.concept, "segment row: right"), (other, "segment row: another line item")):
            question = f"What was {fact.member.name}'s {label_of(concept)} {when}?"
            cases.setdefault(kind, []).append((question, answer, "amount"))
    return cases


_AND_OTHER = re.compile(r"^(?P<item>[A-Za-z][\w ,'-]*?)\s+and\s+other\b", re.IGNORECASE)


def and_other_cases(document, page: int, item: ItemMaker) -> dict[str, list[Case]]:
    """Each fact of a row 'X and other ...' ('Restructuring and other related activities, net'), asked as X: wrong
    (it adds other items to X)."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    for fact in _page_facts(document, page):
        unit, when, named = _unit(fact), _when(fact), _AND_OTHER.match(fact.label)
        if named is None or unit is None or not when or fact.kind != "money" or "other" in _words(named["item"]):
            continue
        answer = _fact_answer(item, fact, texts, unit)
        question = f"What was the company's {named.group('item').strip().lower()} {when}?"
        cases.setdefault("and other: more than the item", []).append((question, answer, "amount"))
    return cases


_DASHED = re.compile(r"^(?P<item>[^-–—]+?)\s+[-–—]\s+\w")  # 'Restructuring charges - cost of goods sold'


def split_item_cases(document, page: int, item: ItemMaker, names_item: Callable[[str], bool]) -> dict[str, list[Case]]:
    """Each fact of a row 'X' whose table has a row 'X - where' ('Restructuring charges' beside 'Restructuring
    charges - cost of goods sold'), asked as the total X: wrong (X is split over the rows). A line item of the
    vocabulary ('Cash and cash equivalents at end of period' beside '... - held for sale') is left out: its row is
    the statement's total, the dashed row a part of it."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    facts = _page_facts(document, page)
    for table in (t for t in document.tables if t.page == page):
        split = [_DASHED.match(r.label) for r in table.rows if r.kind == "amount"]
        parts = {tuple(_words(m["item"])) for m in split if m is not None}
        for row in table.rows:
            words = _words(row.label)
            if not words or "total" in words or tuple(words) not in parts or names_item(row.label):
                continue
            for fact in (f for f in facts if f.provenance.global_line == row.line and f.kind == "money"):
                unit, when = _unit(fact), _when(fact)
                if unit is None or not when:
                    continue
                answer = _fact_answer(item, fact, texts, unit, row.label)
                question = f"What was the company's total {row.label.lower()} {when}?"
                cases.setdefault("split item: one row for the total", []).append((question, answer, "amount"))
    return cases


# A heading naming one segment, a line of its own (the bench's reading, apart from ingest's): 'Industrial Business
# (37.4% of consolidated sales):', 'Verizon Consumer Group', 'Pharmacy Services Segment'
_SECTION = re.compile(
    r"^(?P<name>[A-Z][\w&/'’-]*(?:\s+(?:and\s+)?[A-Z][\w&/'’-]*){0,3})\s+(?:Business|Segment|Group|Division)"
    r"(?:\s*\([^()]*\))?:?$"
)
_NOT_NAME = re.compile(r"^(?:Our|The|Total|Other|All|Item|Reportable|Operating)\b")


def section_cases(document, page: int, item: ItemMaker, label_of: Callable[[str], str]) -> dict[str, list[Case]]:
    """Each money fact of a line item in a table right below a segment's section heading (within the 8 lines above
    its first row), asked of the company as a whole: wrong (it is the segment's)."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    for fact in _page_facts(document, page):
        unit, when, index = _unit(fact), _when(fact), fact.provenance.table
        if fact.concept is None or unit is None or not when or fact.kind != "money" or index is None:
            continue
        first = min((r.line for r in document.tables[index].rows), default=fact.provenance.global_line)
        above = [t.strip() for t in texts[max(0, first - 9) : first - 1]]
        named = [m for t in above if (m := _SECTION.match(t)) and not _NOT_NAME.match(m["name"])]
        if not named:
            continue
        question = f"What was the company's {label_of(fact.concept)} {when}?"
        cases.setdefault("section: a segment's figure for the company", []).append(
            (question, _fact_answer(item, fact, texts, unit), "amount")
        )
    return cases


_COMPARED = re.compile(r"\b((?:19|20)\d\d)\s*(?:vs\.?|versus)\s*(?:19|20)\d\d\b", re.IGNORECASE)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def comparison_cases(document, page: int, item: ItemMaker, label_of: Callable[[str], str]) -> dict[str, list[Case]]:
    """A table under a header whose last columns compare two years ('2022 2021 2022 vs. 2021') and whose rows print a
    change and a % change under each comparison: the change cell asked as the row's line item in the comparison's
    first year, wrong; the level cell of that year, right (measured)."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    facts = {(f.provenance.global_line, f.provenance.column): f for f in document.facts if f.provenance.page == page}
    for table in (t for t in document.tables if t.page == page and t.rows):
        first = min(r.line for r in table.rows)  # the header line itself may be read as a row ('... 2021')
        header = next((t for t in reversed(texts[max(0, first - 5) : first]) if _COMPARED.search(t)), None)
        if header is None:
            continue
        comparisons = _COMPARED.findall(header)
        years = [int(y) for y in _YEAR.findall(header[: _COMPARED.search(header).start()])]
        year = int(comparisons[0])
        if year not in years:
            continue
        for row in table.rows:
            level = facts.get((row.line, years.index(year)))
            change = row.values[len(years)] if len(row.cells) == len(years) + 2 * len(comparisons) else None
            unit = _unit(level) if level is not None else None
            if level is None or change is None or level.concept is None or unit is None or level.kind != "money":
                continue
            whose = f"{level.member.name}'s" if level.member is not None else "the company's"
            question = f"What was {whose} {label_of(level.concept)} in {year}?"
            right = _fact_answer(item, level, texts, unit)
            wrong = {**right, "amount": {**right["amount"], "value": change}}
            cases.setdefault("comparison: the change for the level", []).append((question, wrong, "amount"))
            cases.setdefault("comparison: right", []).append((question, right, "amount"))
            before = facts.get((row.line, years.index(year - 1))) if year - 1 in years else None
            if before is not None and level.value > 0 and before.value > 0 and level.value != before.value:
                _directions(cases, item, (level, year), change, texts, unit, label_of, before.value < level.value)
    return cases


def _directions(cases, item: ItemMaker, dated, change: float, texts, unit: str, label_of, rose: bool) -> None:
    """The change cell of a row whose levels rose (or fell), labelled as the way it went (right, measured) and as
    the other way (wrong: the direction mutation)."""
    level, year = dated
    name = level.label  # the row's own words: the question names what the row is, the way is the test
    question = f"By how much did the company's {name} change in {year}?"
    for way, kind in ((rose, "direction: right"), (not rose, "direction: the other way")):
        answer = _fact_answer(item, level, texts, unit, f"{'Increase' if way else 'Decrease'} in {name}")
        cases.setdefault(kind, []).append(
            (question, {**answer, "amount": {**answer["amount"], "value": change}}, "amount")
        )


_ROLLED = re.compile(r"\b(?:beginning|end|start|opening|closing)\b", re.IGNORECASE)


def opening_balance_cases(
    document, page: int, item: ItemMaker, label_of: Callable[[str], str]
) -> dict[str, list[Case]]:
    """A balance (an instant) of a table with a column per year end, asked 'at the beginning of' a column's year:
    that column's cell is wrong (the year's closing balance), the column of the year before right (measured)."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    facts = [
        f
        for f in _page_facts(document, page)
        if f.period.kind == "instant" and f.period.end is not None and f.period.fiscal_quarter in (None, 4)
    ]  # fiscal year ends: a quarter's end opens no fiscal year
    by_year = {(f.provenance.global_line, _year_of(f)): f for f in facts}
    for fact in facts:
        unit, year = _unit(fact), _year_of(fact)
        before = by_year.get((fact.provenance.global_line, year - 1))
        if fact.concept is None or unit is None or fact.member is not None or before is None:
            continue
        if fact.kind != "money" or _ROLLED.search(fact.label) or before.value == fact.value:
            continue
        question = f"What was the company's {label_of(fact.concept)} at the beginning of fiscal {year}?"
        cases.setdefault("opening: the year's closing balance", []).append(
            (question, _fact_answer(item, fact, texts, unit), "amount")
        )
        cases.setdefault("opening: right", []).append((question, _fact_answer(item, before, texts, unit), "amount"))
    return cases


def _year_of(fact) -> int:
    return fact.period.fiscal_year or fact.period.end.year
