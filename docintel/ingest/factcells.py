"""Words and small readings the table reader of ``factread`` applies to rows, captions and headers: segment
headings and stubs, share-count and headcount rows, point-in-time rows, caption sentences naming a line item,
reconciliations, proper-name members, member-column periods, dates the document prints, sentences the table
reader took for rows."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from functools import lru_cache

from ..periods import find_periods
from .factheader import parse_slots
from .factmembercols import row_year
from .factpage import Lines
from .factperiod import Calendar, ColumnHead, length_of, to_period
from .facts import Member, Period, SignSource
from .factscope import member_name
from .factsentences import CHANGE_BEFORE
from .profile import DocumentProfile
from .tables import Table, TableRow

TITLE = re.compile(r"^(?!.*[.;,]\s*$)(?:.{1,60}|[^a-z]{61,120})$")  # a heading or caption line (capitals may run long)

# Rows counting at the period's end: 'Headcount', 'Number of employees', 'Number of client advisors'
HEADCOUNT = re.compile(
    r"^\s*(?:total\s+)?(?:headcount|number\s+of\s+(?:employees|stores|client|branches|locations))\b", re.I
)
# A header's stub naming the segment of its table ('PHARMACEUTICAL SEGMENT (2,3)  2022  2021 ...'), without
# its footnote marks
SEGMENT_STUB = re.compile(r"^([A-Za-z][\w&.,'’ -]{1,40}?)\s+segment$", re.IGNORECASE)
FOOTNOTE_MARK = re.compile(r"\(\d(?:\s*,\s*\d)*\)")
# Rows that are balances at the period's end though no vocabulary balance line: 'Book value per share',
# 'Market capitalization', 'Common shares at period-end', 'Client assets' (assets, not a return on them).
POINT_IN_TIME = re.compile(
    r"\bbook\s+value\b|\bmarket\s+capitali[sz]ation\b|\bperiod[- ]end\b|(?<!return on )(?<!on )\bassets\b"
    r"|\bliabilities\b",
    re.IGNORECASE,
)
# ... unless the row is a flow of them ('Amortization of acquired intangible assets', 'Proceeds from sale of assets')
FLOW = re.compile(
    r"\b(?:amortization|depreciation|impairments?|acquisitions?|acquired|purchases?|sales?|proceeds|gains?|"
    r"loss(?:es)?|returns?|income|expenses?|write[- ]?(?:offs?|downs?)|additions?|disposals?|increases?|"
    r"decreases?|changes?|payments?|provisions?|issuances?|repayments?|net\s+cash)\b",
    re.IGNORECASE,
)
# A caption sentence naming the line item of the rows under it ('The following table summarizes our Research and
# development expense:', '... presents a detail by segment of net revenues:')
FOLLOWING = re.compile(
    r"\bthe\s+following\s+table\s+(?:summarizes|presents|shows|sets\s+forth|provides)\s+(?:our\s+|the\s+)?"
    r"(?:(?:a\s+)?detail\s+(?:by\s+\w+\s+)?of\s+)?([^:.;]{3,60}?)\s*(?:by\s+\w+[^:]*)?[:.]?\s*$",
    re.IGNORECASE,
)
# a caption naming what its table is of before 'as follows': 'Changes in the carrying amount of goodwill by segment
# were as follows (in millions):'
AS_FOLLOWS = re.compile(
    r"^\s*(?:the\s+)?(?:changes?\s+in|activity\s+in|components\s+of)?\s*(?:the\s+)?(?:carrying\s+amounts?\s+of\s+)?"
    r"([^:.;]{3,60}?)\s*(?:by\s+\w+[^:]*?)?\s+(?:was|were|is|are)\s+as\s+follows\b",
    re.IGNORECASE,
)
# EPS rows named by their class alone ('Net income: Basic', 'Diluted' under 'Earnings per share data')
CLASS_LAST = re.compile(r"(?:^|:\s*)(?:basic|diluted)\s*$", re.IGNORECASE)
RECONCILIATION = re.compile(r"\breconciliations?\s+of\b", re.IGNORECASE)
# A table whose rows are where an amount is recorded, not what it is: ASC 815-10-50-4A's tables of derivative gains
# and losses by 'Location of Gain (Loss) Recognized in Income' (rows 'Revenues', 'Cost of sales': the gain
# recorded there), and like tables of the 'location of' restructuring charges or of derivative instruments.
LOCATIONS = re.compile(
    r"\blocations?\s+of\s+(?:\(?(?:gain|loss|income|expense)|total\b|derivative|amounts?\b|charges?\b|costs?\b)",
    re.IGNORECASE,
)
# A section heading naming one segment, a line of its own ('Pharmacy Services Segment', 'Industrial Business
# (37.4% of consolidated sales):', 'Verizon Consumer Group'; FASB ASC 280 'reportable segment'): the tables of
# its page below it are that segment's, up to the next such heading or a heading of the whole ('Consolidated
# Results', 'Corporate').
SECTION_HEADING = re.compile(
    r"^([A-Z][\w&.'’/-]*(?:\s+(?:and\s+|&\s+)?[A-Z][\w&.'’/-]*){0,4}?)\s+(?:Reportable\s+|Operating\s+)?"
    r"(?:Business|Segment|Group|Division)"
    r"(?:\s+Segment)?(?:\s*\([^()]{1,60}\))?\s*:?$"
)
_NOT_SECTION = re.compile(
    r"^(?:our|the|this|its|item|part|note|other|all|total|small|new|core)\b|\d"
    r"|^(?:business|segment|group|division|reportable|operating)$",
    re.IGNORECASE,
)
_WHOLE_HEADING = re.compile(r"^(?:consolidated|corporate|total\s+company|company\s+results)\b", re.IGNORECASE)


def section_member(above: Sequence[str], is_line_item: Callable[[str], bool]) -> Member | None:
    """The segment a section heading of the page above a table names (*above*: its lines, top down), or None.
    Another heading between them, above the table's caption lines ('Basis of Presentation', 'Restricted Cash'
    after a note's 'Corporate/Other Segment' paragraph), starts another section."""
    for distance, text in enumerate(reversed(above)):
        text = text.strip()
        if name := segment_named(text, is_line_item):
            return Member(name=name, axis="segment")  # 'Corporate/Other Segment' is one too
        if names_the_whole(text):
            return None
        if distance >= _CAPTION_LINES and _TITLE_LINE.fullmatch(text):
            return None
    return None


def segment_named(text: str, is_line_item: Callable[[str], bool]) -> str | None:
    """The segment a heading line names ('Pharmacy Services Segment': 'Pharmacy Services'), or None."""
    named = SECTION_HEADING.match(text.strip())
    if named and not _NOT_SECTION.match(named.group(1)) and not is_line_item(named.group(1)):
        return named.group(1)
    return None


def names_the_whole(text: str) -> bool:
    """Whether a heading line is the whole company's ('Consolidated Results of Operations', 'Corporate')."""
    return bool(_WHOLE_HEADING.match(text.strip())) and len(text.strip()) < 60


_CAPTION_LINES = 6  # the lines right above a table that may be its caption and header
# a heading line: title case words ('Basis of Presentation', 'Cash and Cash Equivalents'), no figure, no full stop
_TITLE_LINE = re.compile(r"[A-Z][\w’'&/-]*(?:\s+(?:(?:of|and|the|for|in|to|on|a|an|&)\s+)*[A-Z][\w’'&/-]*){0,7}:?")


# A row counting shares ('Weighted average common shares outstanding for basic computations', 'Average shares
# outstanding (Diluted)', 'Shares used to compute diluted net income per share'): the shares, not a per-share
# figure; with a basic or diluted class, the weighted average of EPS's denominator (US GAAP
# WeightedAverageNumberOf[Diluted]SharesOutstanding; ASC 260 calls it 'weighted-average shares').
SHARE_COUNT = re.compile(
    r"^\s*(?:weighted[- ]average\s+|average\s+)?(?:number\s+of\s+)?(?:common\s+|ordinary\s+)?shares\b"
    r"(?!\s+(?:repurchased|issued|authorized|outstanding\s+at\b))",
    re.IGNORECASE,
)


def header_row_lifted(table: Table, text: Callable[[int], str]) -> Table:
    """The table with a first 'row' that is its column header ('(Dollars in millions) 2018* 2017 2016': a footnote
    mark on a year keeps the table reader from seeing a header) taken out of its rows and made its header."""
    if table.header_line is not None or not table.rows:
        return table
    first = table.rows[0]
    slots = parse_slots(text(first.line))
    years = all(v is not None and v.is_integer() and 1900 <= v <= 2100 for v in first.values)
    if slots is None or len(slots.periods) < 2 or not years:
        return table
    return table.model_copy(update={"rows": table.rows[1:], "header_line": first.line, "header_end_line": first.line})


_AT = re.compile(r"(?i)\s*(?:at|as\s+of)\b")
_YEAR_END = re.compile(r"(?i)\byear[- ]end\b|\bend\s+of\s+(?:the\s+)?(?:year|period)\b")


def as_of(heading: str | None) -> bool:
    """A sub-heading that makes the rows under it balances: 'At December 31:', 'As of year end:', 'Year-End Data'."""
    if not heading:
        return False
    at = _AT.match(heading) and length_of(heading) == (None, None)
    return bool(at or _YEAR_END.search(heading))


def across_period(head: ColumnHead, label: str, instant: bool, calendar: Calendar) -> Period | None:
    """A member column's period: its group's, with the year the row names ('Net sales fiscal year 2022'), or the
    date the row names when the group has none ('Balance at December 31, 2019': an instant)."""
    own = [p for p in find_periods(label) if p.year]
    if head.year is None and own and own[0].month is not None:
        dated = ColumnHead(label=own[0].text, year=own[0].year, month=own[0].month, day=own[0].day)
        return to_period(dated, instant or bool(re.search(r"(?i)\b(?:balance|at|as\s+of)\b", label)), calendar)
    year = row_year(label)
    return to_period(replace(head, year=year) if year else head, instant, calendar)


# A roll-forward's balance row: 'Balance at December 31, 2019', 'Ending balance, end of year'
BALANCE_ROW = re.compile(
    r"(?i)\s*(?:(?:beginning|ending|opening|closing)\s+)?balances?(?:,|\s+at|\s+as\s+of)?\s+"
    r"(?:[A-Z][a-z]+\.?\s+\d{1,2},?\s+(?:19|20)\d\d\b|(?:the\s+)?(?:beginning|end)\s+of\s+(?:the\s+)?(?:year|period)\b)"
)
_AS_OF_DATE = re.compile(r"(?i)\b(?:at|as\s+of)\s+[A-Z][a-z]+\.?\s+\d{1,2},\s+(?:19|20)\d\d\W*$")
_DATE_ROW = re.compile(  # a row named by its period alone: 'For the year ended May 31, 2016', 'December 28, 2013'
    r"(?i)(?:(?:for\s+)?(?:the\s+)?(?:(?:fiscal\s+)?years?|\w+\s+months|\d+\s+weeks|quarter)\s+ended\s+)?"
    r"[A-Z][a-z]+\.?\s+\d{1,2},\s+(?:19|20)\d\d\W*"
)
PRICE_HEAD = re.compile(r"(?i)\bprice\b|\bfair\s+value\b|\bper\s+share\b")  # a header naming a price column
_CENTS = re.compile(r"\(?\$?\d{1,4}\.\d\d\)?")


def dated_row_period(label: str, period: Period | None, has_columns: bool, calendar: Calendar) -> Period | None:
    """A cell's period when its row names a date: a balance or an 'as of' row is an instant at its date ('Balance
    at December 31, 2019', 'Outstanding as of January 28, 2023'); in a table with no period columns, a row named
    by its period alone is that period ('For the year ended May 31, 2016'). Else *period*, the column's."""
    if BALANCE_ROW.match(label) or _AS_OF_DATE.search(label):
        return across_period(ColumnHead(label=""), label, True, calendar) or period
    if period is None and not has_columns and _DATE_ROW.fullmatch(label):
        return across_period(ColumnHead(label=""), label, length_of(label)[0] is None, calendar)
    return period


def price_cell(cell: str, cells: list[str], header: str) -> bool:
    """A price beside counts in a table whose header names a price ('Outstanding at June 30, 2022  45  $ 10.66'
    under 'Number (in millions)' and 'Weighted-average Exercise Price'): dollars and cents a share, unscaled. A
    figure without a dollar sign is one only when the header names no term in years beside the price."""
    if not _CENTS.fullmatch(cell) or not any(re.fullmatch(r"\(?[\d,]+\)?", c) for c in cells):
        return False
    return "$" in cell or not re.search(r"(?i)\bterm\b|\byears\b|\blife\b", header)


def sign_of(cell: str, value: float) -> SignSource:
    """How a cell prints its sign: none (not negative), parentheses or a minus."""
    if value >= 0:
        return "none"
    return "parentheses" if "(" in cell else "minus"


def crossed(column: Member | None, row: Member | None) -> Member | None:
    """The member of a cell under a member column in a member row ('Flexibles' over 'North America')."""
    if column is None or row is None:
        return column or row
    if column.name.lower() == row.name.lower():
        return row
    if row.axis == "segment" and column.axis == "geography":  # a segment's part in a geography: the segment's
        return Member(name=f"{row.name} — {column.name}", axis="segment")  # as a sub-heading's ('Consumer Health')
    return Member(name=f"{column.name} — {row.name}", axis=column.axis)


FULL_DATE = re.compile(
    r"\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2}),\s+"
    r"((?:19|20)\d{2})\b"
)
MONTH_NUMBER = {
    m: i
    for i, m in enumerate(
        ("January February March April May June July August September October November December").split(), start=1
    )
}


def printed_dates(texts: Sequence[str]) -> list[date]:
    """Every full date the document prints ('fiscal year ended November 27, 2020')."""
    found = []
    for value in texts:
        text = str(value)
        if "," not in text or ("20" not in text and "19" not in text):  # every match holds both: read no further
            continue
        for m in FULL_DATE.finditer(text):
            try:
                found.append(date(int(m.group(3)), MONTH_NUMBER[m.group(1)], int(m.group(2))))
            except ValueError:
                continue
    return found


def years_only(table: Table) -> bool:
    """A table the reader made of header lines: every figure of its rows a year."""
    values = [v for row in table.rows for v in row.values]
    return bool(values) and all(v is not None and v.is_integer() and 1900 <= v <= 2100 for v in values)


def changed_before(text: str, cell: str) -> bool:
    """Whether *cell* follows a verb of change in the line ('Net sales increased by $135 million')."""
    at = text.find(cell)
    return at > 0 and bool(CHANGE_BEFORE.search(text[max(0, at - 60) : at]))


def name_of_row(label: str) -> str | None:
    """A row label that can name a member (see ``factscope.member_name``), footnote marks left out."""
    return member_name(re.sub(r"\(\d\)\s*$", "", label).strip())


def proper_name(label: str) -> str | None:
    """A row label that names a member as a proper name does: every word of four letters or more capitalised
    ('Las Vegas Strip Resorts', 'MGM China'; not 'Raw materials and supplies', a part of a line item)."""
    name = name_of_row(label)
    if not name or any(w[:1].islower() for w in re.findall(r"[A-Za-z]{4,}", name)):
        return None
    return name


def all_cents(row: TableRow) -> bool:
    """Every figure of the row written with two decimals ('4.76  4.11  3.58')."""
    cells = [c for c in row.cells if re.search(r"\d", c)]
    return bool(cells) and all(re.search(r"\.\d\d$", c.strip("()%$ ")) for c in cells)


def has_cents(row: TableRow) -> bool:
    """A row whose figures are written with two decimals ('$ 6.73'): money per share, not a count of shares."""
    return any(re.search(r"\.\d\d$", c.strip("()%$ ")) for c in row.cells)


@lru_cache(maxsize=20_000)
def is_title(text: str) -> bool:
    """A heading or caption line: short, not prose, no column headings (periods, durations, a phrase printed
    once per column group: '% CHANGE % CHANGE', 'EXCLUDING EXCLUDING')."""
    words = text.split()
    half = len(words) // 2
    repeated = len(words) >= 2 and len(words) % 2 == 0 and words[:half] == words[half:]
    return bool(TITLE.match(text)) and not find_periods(text) and length_of(text) == (None, None) and not repeated


def prior_year_end(tables: Sequence[Table], profile: DocumentProfile) -> date | None:
    """A 10-Q balance sheet's prior fiscal year-end: its dated column that is not the quarter's end."""
    pages = {p for s in profile.statements if s.kind == "balance_sheet" for p in s.pages}
    for table in tables:
        if table.page in pages:
            for column in table.columns:
                if column.iso and column.iso != profile.period_end.value:
                    return date.fromisoformat(column.iso)
    return None


def section_titles(above: Sequence[str]) -> str:
    """The title lines of *above* (a table's lines above it) from its own section's heading down: the last title
    followed by a line of prose ('Capital Expenditures' over 'Our capital expenditures typically include ...'). A
    table of text before that heading ('Rating Agency Rating Outlook') is another section's."""
    texts = list(above)
    heads = [
        i
        for i in range(len(texts) - 1)
        if is_title(texts[i]) and not is_title(texts[i + 1]) and _PROSE.match(texts[i + 1])
    ]
    return " ".join(t for t in texts[heads[-1] if heads else 0 :] if is_title(t))


_PROSE = re.compile(r"^(?:\S+\s+){7,}")  # eight words or more


def above_lines(table: Table, prior: Table | None, lines: Lines) -> list[int]:
    """GLOBAL_LINEs between the previous table on the page (or the page's top) and this table's first row."""
    page_lines = lines.by_page.get(table.page, [])
    start = prior.last_line + 1 if prior is not None else (page_lines[0] if page_lines else table.first_line)
    if prior is not None and years_only(prior):
        start = prior.first_line  # a 'table' of header words ('Year Ended December 31, 2022 vs. 2021 2021 vs. 2020')
    first_row = min((r.line for r in table.rows), default=table.first_line)
    return list(range(start, first_row))


def years_in_labels(table: Table) -> Table:
    """The table with a year the table reader took for a row's first cell put back in its label ('Net sales fiscal
    year 2023  2,777 ...': the row of fiscal 2023, not a figure 2,023)."""
    rows = []
    for row in table.rows:
        year = row.cells[0] if row.cells else ""
        if re.fullmatch(r"(?:19|20)\d\d", year) and re.search(r"(?i)\b(?:year|fiscal|fy)\s*$", row.label):
            row = row.model_copy(
                update={"label": f"{row.label} {year}", "cells": row.cells[1:], "values": row.values[1:]}
            )
        rows.append(row)
    return table.model_copy(update={"rows": rows})
