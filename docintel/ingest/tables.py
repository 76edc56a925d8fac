"""Table structure read from the line table: rows, cells, column periods, scale and currency.

Financial tables reach the line table as one line per row (``Label $ 5,363 $ 4,869``; see ``pdfparse.split_page_text``).
On each page this module finds the column header (a line that ends in periods: ``(Millions) 2018 2017 2016``, ``Year
Ended June 30, 2023 2022 2021``), the caption that states the scale and currency (``(in millions, except per share
data)``), and the rows below it, each with its label and its cells in order. A row whose cells cannot be lined up with
the header's periods, or a table without a header, says so in ``problem``: nothing is guessed silently. Detection is a
pure function of the lines: tables are cached with the lines, recomputed (no new parse) when ``TABLES_VERSION`` changes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field

from ..domain import table as domain_table
from ..numbers import CURRENCY_SIGNS, parse_cell
from ..periods import MONTHS, Period, find_periods
from ..textnorm import tokenize
from .captions import CAPTION, caption_of, except_words
from .rowsplit import split_row

TABLES_VERSION = "40"  # bump when detection changes: cached entries get their tables recomputed

RowKind = Literal["amount", "per_share", "percent", "shares", "count"]
Known = dict[tuple[int, int], frozenset[int]]  # Table.percent_columns's answers by row line and count of cells
_MAX_GAP = 8  # non-row lines after which a table ends
_MAX_CAPTION_LOOKBACK = 6
_EPS = domain_table().short_forms("eps")  # a line item's one-word wordings (the domain table's)
# a rate per share the label states in parentheses, beside the row's amounts ('Dividends ... ($0.0025 per share)')
STATED_RATE = re.compile(r"\(\s*\$?\s*\d[\d,.]*\s+per\s+(?:\w+\s+){0,2}share\s*\)", re.IGNORECASE)
_PER_SHARE = re.compile(rf"\bper\s+(?:\w+\s+){{0,2}}share\b|\bper\s+(?:diluted|basic)\b|\b(?:{_EPS})\b", re.IGNORECASE)
_SHARES = re.compile(r"\bshares\b", re.IGNORECASE)
_CHANGE = re.compile(r"\bchange\b|\bvs\.?\b|\bversus\b", re.IGNORECASE)
COUNT_LABEL = re.compile(
    r"^(?:total\s+)?number of\b|\b(?:employees|headcount|stores|restaurants|locations|branches|offices)\b"
    r"|\b(?:members|memberships|subscribers|users)\b(?!['’])",  # people counted, not 'members' equity'
    re.IGNORECASE,
)
_PERCENT_LABEL = re.compile(r"%|\bpercent(?:age)?\b|\bbasis points\b", re.IGNORECASE)


class TableColumn(BaseModel):
    """One value column: its period as the header prints it."""

    label: str = Field(description="the period as printed, e.g. '2018', 'June 30, 2023', 'Fiscal 2023'")
    year: int
    iso: str | None = Field(description="ISO date when the header prints a full date")
    heading: str = Field(description="the header's words before the periods, e.g. 'Year Ended'")


class TableRow(BaseModel):
    """One numeric row: its label and its cells in order."""

    line: int = Field(description="GLOBAL_LINE of the row")
    label: str
    group: str | None = Field(description="the sub-heading the row sits under, e.g. 'Earnings per share:'")
    kind: RowKind = Field(
        description="amount (scale applies), per_share, percent, shares (scale applies unless excepted), count"
    )
    cells: list[str] = Field(description="the cells as printed")
    values: list[float | None]
    aligned: bool = Field(description="true when cell i is in column i of the header")
    markers: list[str] = Field(
        default_factory=list, description="footnote markers printed before the cells ('Long-term debt 3 1,250.0')"
    )


class Table(BaseModel):
    """A table block on one page."""

    page: int
    header_line: int | None = Field(description="GLOBAL_LINE of the column header, when found")
    first_line: int
    last_line: int
    columns: list[TableColumn]
    extra_columns: list[str] = Field(description="header words after the periods, e.g. '% Change'")
    caption: str | None = Field(description="the line that states the scale, e.g. '(Millions)'")
    caption_line: int | None = Field(default=None, description="GLOBAL_LINE of the caption, when found")
    header_end_line: int | None = Field(
        default=None, description="GLOBAL_LINE of the header's last line (headers printed one period a line)"
    )
    scale: float | None = Field(description="factor from the caption: 1e6 for millions; null when none is stated")
    shares_scaled: bool = Field(description="false when the caption excepts share counts from the scale")
    except_words: list[str] = Field(
        default_factory=list,
        description="the caption's 'except ...' phrases as search terms joined by spaces: rows naming every term "
        "of one are unscaled",
    )
    currency: str | None
    rows: list[TableRow]
    problem: str | None = Field(description="why columns could not be resolved (null when they were)")

    def scale_of(self, row: TableRow, index: int, known: Known | None = None) -> float | None:
        """The factor that turns the row's *index*-th printed cell into units (None: not stated)."""
        if row.kind in ("per_share", "percent") or (row.kind == "shares" and not self.shares_scaled):
            return 1.0
        if row.kind == "count" and not self._excepts_beside(row):
            return 1.0  # 'Number of stores 1,026' under '(in millions)': counts are rarely scaled unless said
        money = any(c.lstrip("(")[:1] in CURRENCY_SIGNS for c in row.cells)
        words = set(tokenize(row.label))
        rate = len(words) > 1 and re.search(r"\bper\b", row.label, re.IGNORECASE) is not None
        stated = re.search(r"[$€£¥]\s*\d", row.label)  # 'Common stock, $1 par value': the label's figure is excepted
        for phrase in map(str.split, self.except_words):
            if set(phrase) <= words and not stated and (not money or (rate and len(phrase) > 1)):
                return 1.0  # '(in millions, except store counts)': 'Stores at year end 412'

        return 1.0 if self.is_percent(row, index, known) else self.scale

    def _excepts_beside(self, row: TableRow) -> bool:
        """Whether the caption excepts something else of the thing the row counts ('except revenue per membership'
        over 'Paid memberships at end of period 43,401'): then the count itself is at the caption's scale."""
        words = set(tokenize(row.label))
        return any(set(p) & words and not set(p) <= words for p in map(str.split, self.except_words))

    def is_percent(self, row: TableRow, index: int, known: Known | None = None) -> bool:
        """Whether the row's *index*-th cell is a percentage: its row's kind, its own sign, or its column's."""
        if row.kind == "percent" or _is_percent(row.cells[index]):
            return True
        cell = row.cells[index].lstrip("(")
        return row.kind == "amount" and cell[:1] not in CURRENCY_SIGNS and index in self.percent_columns(row, known)

    def percent_columns(self, row: TableRow, known: Known | None = None) -> frozenset[int]:
        """The positions of columns of percentages over *row*: a row above it, of as many cells, that prints
        amounts with a currency sign and '%' after others ('Service $ 73,139 $ 67,733 $ 5,406 8.0 %') marks
        them, and the rows below print the sign no more ('Total Operating Revenues $ 103,506 $ 95,300 $ 8,206
        8.6'), as filings do; every column of a row between a table's '%'-signed first and total rows, in a table
        of no money, is one. A sign glued to a money cell ('$1,586%', from '$ 1,586 (5) %') marks nothing.
        *known*: the answers given before for this table's rows (the fact reader asks once a cell, each answer
        reading every row above), by the row's line and count of cells, which are all it depends on."""
        key = (row.line, len(row.cells))
        if known is not None and key in known:
            return known[key]
        marked: set[int] = set(range(len(row.cells))) if self._between_percent_rows(row) else set()
        for above in self.rows:
            if above.line >= row.line:
                break
            money = [c.lstrip("(")[:1] in CURRENCY_SIGNS for c in above.cells]
            if len(above.cells) != len(row.cells) or not any(money):
                continue
            cells = zip(above.cells, money, strict=True)
            signs = [_is_percent(c) and not m for c, m in cells]
            if any(signs) and not all(signs):
                marked.update(i for i, sign in enumerate(signs) if sign)
        if known is not None:
            known[key] = frozenset(marked)
        return frozenset(marked)

    def _between_percent_rows(self, row: TableRow) -> bool:
        """Whether *row* sits between a table's first and last rows, of as many cells, that print every cell with
        '%' ('Europe, Middle East & Africa 48.6 % 42.6 %' ... 'Total 100.0% 100.0 %') in a table that prints no
        money: filings sign a column of percentages on its first and total rows only."""

        def signed(other: TableRow) -> bool:
            return len(other.cells) == len(row.cells) and all(_is_percent(c) for c in other.cells)

        rows = [r for r in self.rows if len(r.cells) == len(row.cells)]  # not a line of prose read with the table
        if len(rows) < 3 or row.line in (rows[0].line, rows[-1].line) or not (signed(rows[0]) and signed(rows[-1])):
            return False
        return not any(c.lstrip("(")[:1] in CURRENCY_SIGNS for r in self.rows for c in r.cells)

    def column_of(self, row: TableRow, index: int) -> TableColumn | None:
        """The column of the row's *index*-th cell, when the row lines up with the header."""
        if row.aligned and index < len(self.columns):
            return self.columns[index]
        return None


_HEADER_MARKERS = re.compile(r"^(?:\s*(?:\*+|\(\s*(?:\d|[a-z])\s*\)))+(?=\s|$)")
_DIGIT = re.compile(r"\d")
_EXTRA_WORDS = re.compile(r"%?\s*[A-Za-z][A-Za-z ]*")
_WRAPPED_DURATION = re.compile(r"(?:quarters|months|weeks|years|days)\b", re.IGNORECASE)
# the day of a balance sheet's years before its caption's aside: 'December 31 (Millions ...) 2022 2021' (not a
# range's first day, 'April 1 - June 30, 2022')
_MONTH_DAY = re.compile(r"\b(?:" + "|".join(MONTHS) + r")\.?\s+\d{1,2}\b(?=\s*(?:\(|$))", re.IGNORECASE)


def header_periods(text: str) -> tuple[str, list[Period], list[str]] | None:
    """(words before, periods, words after) when *text* is a column header: periods end it, no other numbers."""
    periods = find_periods(text)
    if not periods:
        return None
    # a footnote marker after a period ('2017 (1)', '2018*') is no part of the header's words
    between = [_HEADER_MARKERS.sub("", text[a.end : b.start]) for a, b in zip(periods, periods[1:], strict=False)]
    tail = _HEADER_MARKERS.sub("", text[periods[-1].end :]).strip()
    before = _MONTH_DAY.sub(" ", text[: periods[0].start])  # 'December 31 (Millions) 2022 2021': the years' day
    if _DIGIT.search(before + tail.replace("%", "")) or any(g.strip() for g in between):
        return None
    extra = _EXTRA_WORDS.findall(tail)
    if len(tail) > 40:
        return None
    return text[: periods[0].start].strip(), periods, [e.strip() for e in extra if e.strip()]


_MARKER = re.compile(r"^\(?\d\)?$|^\(?[a-z]\)?$")


def _footnote_marker(first: str, rest: list[str]) -> bool:
    """Whether a row's first cell is a footnote marker: one digit or letter, bare or in parentheses, before
    cells that each carry a thousands separator or decimals ('Long-term debt 3 1,250.0 1,100.0')."""
    return bool(_MARKER.match(first)) and all(re.search(r"\d[,.]\d", c) for c in rest)


def _names_the_row(first: str, rest: list[str]) -> bool:
    """Whether a bare integer first cell before cells with currency signs is of the name ('S&P 500 $ 100.00')."""
    return first.isdigit() and all(c.lstrip("(")[:1] in CURRENCY_SIGNS for c in rest)


def _is_percent(cell: str) -> bool:
    return cell.rstrip(")").endswith("%")


# a debt instrument named by its coupon rate ('7.50% Notes', '6.75% Senior Notes due 2019', '3.125% Convertible
# Senior Notes'): the rate is part of its name
COUPON_RATE = re.compile(
    r"\d+(?:\.\d+)?\s*%\s+(?:(?:senior|junior|subordinated|secured|unsecured|convertible|exchangeable|fixed[- ]rate|"
    r"floating[- ]rate|medium[- ]term|term|euro|sterling)\s+)*(?:notes?|debentures?|bonds?|loans?|"
    r"securities|preferred)\b",
    re.IGNORECASE,
)


# a heading naming another kind beside per-share data ('Market and per common share data': 'Market capitalization')
BESIDE_PER_SHARE = re.compile(r"\b(?:and|&)\s+per\b", re.IGNORECASE)


def _per_share_heading(group: str) -> bool:
    """A sub-heading of a few words that says per share and nothing of a count or a par value ('Earnings per Common
    Share — (Note 21) (a)'; not 'Common stock – Par value $0.50 per share; ...', 'Shares (in thousands) ... (per
    share)', a caption's 'except per share amounts', nor one that names another kind beside it ('Market and per
    common share data': 'Market capitalization' under it is money)."""
    words = re.sub(r"\([^)]*\)", " ", group)
    if BESIDE_PER_SHARE.search(words):
        return False
    plain = not re.search(r"\d|\bpar\b|\bexcept\b", words, re.IGNORECASE) and not _SHARES.search(words)
    return plain and len(words.split()) <= 8 and bool(_PER_SHARE.search(words))


def _row_kind(label: str, group: str | None, cells: Sequence[str]) -> RowKind:
    """What a row's cells measure. A sub-heading ending in ':' ('Earnings per share:', 'Year-over-year Percentage
    Growth:') types the rows below it, and a short per-share sub-heading with no colon the short rows under it
    ('Basic', 'Diluted' under 'Earnings per Common Share — (Note 21) (a)')."""
    heading = group if group and group.rstrip().endswith(":") else ""
    short = len(re.sub(r"\([^)]*\)", " ", label).split()) <= 2  # 'Basic (Note 18)'
    per_share_heading = group if group and short and _per_share_heading(group) else heading
    rate_aside = STATED_RATE.sub(" ", label)  # 'Dividends declared ($0.0025 per share)': the cells are amounts
    if _PER_SHARE.search(rate_aside) or (_PER_SHARE.search(per_share_heading) and not _SHARES.search(label)):
        return "per_share"
    named = COUPON_RATE.sub(" ", label)  # '7.50% Notes': the instrument's rate names it; its cells are amounts
    if all(_is_percent(c) for c in cells) or _PERCENT_LABEL.search(named) or _PERCENT_LABEL.search(heading):
        return "percent"
    money = any(c.lstrip("(")[:1] in CURRENCY_SIGNS for c in cells)
    if COUNT_LABEL.search(label) and not money:
        return "count"
    return "shares" if _SHARES.search(f"{heading} {label}") and not money else "amount"


class _Builder:
    """Collects the rows of one table while the page is read."""

    def __init__(self, page: int, lines: list[tuple[int, str]], start: int, header: list[tuple[int, str]]) -> None:
        self.page, self.first_line = page, lines[start][0]
        self.header_line = header[0][0] if header else None
        self.header_end_line = header[-1][0] if header else None
        self.columns: list[TableColumn] = []
        self.extra: list[str] = []
        for _, text in header:
            parsed = header_periods(text)
            if parsed is None or _CHANGE.search(parsed[0]):
                self.extra.append(text)  # '% Change 2015-2014': a column of changes, not of a period
                continue
            words, periods, extra = parsed
            heading = words or self._heading_above(lines, start)
            self.columns += [TableColumn(label=p.text, year=p.year, iso=p.iso, heading=heading) for p in periods]
            self.extra += extra
        end = start + len(header)
        window = lines[max(0, start - _MAX_CAPTION_LOOKBACK) : end + 3]
        window = window[::-1] if not header else window
        caption = caption_of([t for _, t in window])
        self.caption: str | None = caption[0] if caption else None
        self.caption_line = next((n for n, t in window if caption and t == caption[0]), None)
        self.scale: float | None = caption[1] if caption else None
        self.shares_scaled = caption[2] if caption else True
        self.rows: list[TableRow] = []
        self.group: str | None = None
        self.currency: str | None = next((CURRENCY_SIGNS[s] for s in CURRENCY_SIGNS if s in (self.caption or "")), None)

    def fits(self, cells: list[str]) -> bool:
        """Whether a row of these cells fits the table's columns (or, with none, its last row's cell count)."""
        n = len(self.columns)
        if n == 0:
            return bool(self.rows) and len(cells) == len(self.rows[-1].cells)
        return n <= len(cells) <= n + max(len(self.extra), 1)

    @staticmethod
    def _heading_above(lines: list[tuple[int, str]], start: int) -> str:
        above = lines[start - 1][1] if start > 0 else ""
        if len(above) >= 60 or not re.search(r"\b(ended|as of|months|weeks|year|at)\b", above, re.I):
            return ""
        before = lines[start - 2][1] if start > 1 else ""  # wrapped: 'AVERAGE FOR THE TRAILING FIVE' 'QUARTERS ENDED'
        wrapped = _WRAPPED_DURATION.match(above) and len(before) < 50 and not _DIGIT.search(before)
        return f"{before} {above}" if wrapped else above

    def add(self, line: int, label: str, cells: list[str]) -> None:
        n = len(self.columns)
        markers = cells[:1] if n and len(cells) == n + 1 and _footnote_marker(cells[0], cells[1:]) else []
        cells = cells[len(markers) :]
        if n and len(cells) == n + 1 and _names_the_row(cells[0], cells[1:]):
            label, cells = f"{label} {cells[0]}", cells[1:]  # 'S&P 500 $ 100.00 $ 97.69 ...': the index's name
        values = [parse_cell(c) for c in cells]
        aligned = n > 0 and (len(cells) == n or (bool(self.extra) and n < len(cells) <= n + len(self.extra)))
        for cell in cells:
            sign = cell.lstrip("(")[:1]
            if sign in CURRENCY_SIGNS and self.currency is None:
                self.currency = CURRENCY_SIGNS[sign]
        kind = _row_kind(label, self.group, cells)
        self.rows.append(
            TableRow(
                line=line,
                label=label,
                group=self.group,
                kind=kind,
                cells=cells,
                values=values,
                aligned=aligned,
                markers=markers,
            )
        )

    def build(self) -> Table:
        problem = None
        if not self.columns:
            problem = "no column header with periods above these rows on this page"
        elif not any(r.aligned for r in self.rows):
            problem = f"no row has one cell per column ({len(self.columns)} periods in the header)"
        return Table(
            page=self.page,
            header_line=self.header_line,
            header_end_line=self.header_end_line,
            first_line=self.first_line,
            last_line=max([r.line for r in self.rows] + [self.header_line or self.first_line]),
            columns=self.columns,
            extra_columns=self.extra,
            caption=self.caption,
            caption_line=self.caption_line,
            scale=self.scale,
            shares_scaled=self.shares_scaled,
            except_words=except_words(self.caption or ""),
            currency=self.currency,
            rows=self.rows,
            problem=problem,
        )


def page_tables(page: int, lines: list[tuple[int, str]]) -> list[Table]:
    """The tables of one page from its (GLOBAL_LINE, text) lines."""
    tables: list[Table] = []
    current: _Builder | None = None
    gap = 0

    def close() -> None:
        nonlocal current
        if current is not None and current.rows:
            tables.append(current.build())
        current = None

    index = 0
    introduced = headed = False  # a sentence introducing a table was read since the last row; then column names
    prior_group: str | None = None  # the sub-heading before the last line read as one
    while index < len(lines):
        number, text = lines[index]
        if _is_header(text):
            close()
            header = _header_block(lines, index)
            current, gap = _Builder(page, lines, index, header), 0
            introduced = headed = False  # the introduced table's own header: its rows are under it
            index += len(header)
            continue
        index += 1
        row = split_row(text) or _unlabelled_total(text, current)
        if row is not None and _not_a_row(row, current):
            row = None
        if row is not None and current is not None and gap == 1 and _continues_label(row[0], current.group):
            # 'Income from continuing operations before provision for taxes' / 'on income 2,269 11,447': one
            # label wrapped over two lines, not a sub-heading over the row
            row, current.group = (f"{current.group} {row[0]}", row[1]), prior_group
        if row is not None:
            if introduced and current is not None and (headed or not current.fits(row[1])):
                close()  # the introduced table's rows have a header of their own or do not fit the columns above
            if current is None:
                current = _Builder(page, lines, index - 1, [])
            current.add(number, *row)
            gap, introduced, headed = 0, False, False
            continue
        gap += 1
        if current is not None:
            if gap > _MAX_GAP or len(text) > 200:
                close()
            elif _new_caption(text, current):
                introduced, current.group = True, None
            elif len(text) <= 80:
                headed = headed or (introduced and _column_names(text))
                # 'Earnings per common share attributable to' / 'Corning Incorporated:': one sub-heading, wrapped
                wrapped = current.group and gap == 2 and _ENDS_IN_FUNCTION_WORD.search(current.group.rstrip())
                prior_group, current.group = current.group, f"{current.group} {text}" if wrapped else text
    close()
    return tables


def _unlabelled_total(text: str, current: _Builder | None) -> tuple[str, list[str]] | None:
    """A line of figures alone, one per column, under a table's rows ('$ 3,592,216 $ 3,056,892 ...' closing a
    segment block): the rows' total, printed without a label."""
    if current is None or not current.rows or not current.columns or re.search(r"[A-Za-z]", text):
        return None
    row = split_row(f"Total {text}")
    return row if row is not None and row[0] == "Total" and len(row[1]) == len(current.columns) else None


def _continues_label(label: str, line_above: str | None) -> bool:
    """Whether a row's label goes on from the cell-less line right above it: it starts in lower case ('on income')
    and the line above is no sub-heading that ends in a colon."""
    return bool(line_above) and label[:1].islower() and not str(line_above).rstrip().endswith(":")


def _new_caption(text: str, current: _Builder) -> bool:
    """Whether a line after a table's rows may introduce the next table: a sentence that says 'as follows' or 'the
    following table' ('Changes in the carrying amount of goodwill by segment were as follows (in millions):'), or
    a long line that states a scale. The next rows start a table of their own when they do not fit the columns
    (a sub-heading, or 'income as follows:' over rows under the same columns, keeps them in the table)."""
    if not current.rows:
        return False
    return _INTRODUCES.search(text) is not None or (len(text) > 60 and CAPTION.search(text) is not None)


def _column_names(text: str) -> bool:
    """A line of column names under a table's introduction ('Aeronautics MFC RMS Space Total'), not a
    sub-heading ('Operating expenses:'): two or more words, no figure, no colon at its end."""
    return len(text.split()) >= 2 and not re.search(r"\d", text) and not text.rstrip().endswith(":")


_INTRODUCES = re.compile(r"(?i)\bas\s+follows\b|\bthe\s+following\s+(?:table|summar)|\bfollowing\s+table\b")


def _is_header(text: str) -> bool:
    return header_periods(text) is not None and not _is_data_row(text)


def _header_block(lines: list[tuple[int, str]], start: int) -> list[tuple[int, str]]:
    """The header line at *start* and the header lines stacked under it ('Fiscal 2015' / 'Fiscal 2014' /
    '% Change 2015-2014', one per line, as some extractors print a header)."""
    block = [lines[start]]
    first = header_periods(lines[start][1])
    if first is None or len(first[1]) != 1:
        return block
    for number, text in lines[start + 1 : start + 8]:
        parsed = header_periods(text) if _is_header(text) else None
        if parsed is None and not _CHANGE.search(text) or len(text) > 40:
            break
        block.append((number, text))
    return block


_ENDS_IN_MONTH = re.compile(r"\b(" + "|".join(MONTHS) + r")\.?$", re.IGNORECASE)
_SMALL_INTEGER = re.compile(r"\d{1,3}")
# a label never ends in a word that needs what follows it: the line is a sentence wrapped after its figure
_ENDS_IN_FUNCTION_WORD = re.compile(
    r"\b(?:of|to|by|the|a|an|and|or|was|were|is|are|approximately|about|totaling|totalling|totaled|totalled)$",
    re.IGNORECASE,
)
_DATA_ROW = re.compile(r"[$€£¥]\s*\d|\d,\d{3}")


def _not_a_row(row: tuple[str, list[str]], current: _Builder | None) -> bool:
    """Lines that end in a number without being table rows: dates ('Years ended December 31'), page
    numbers after prose ('... integral part of this statement. 60'), 'Item 8', a sentence wrapped after its one
    figure ('... an initial annual base rent of $245')."""
    label, cells = row
    if _ENDS_IN_MONTH.search(label) or (len(cells) == 1 and _ENDS_IN_FUNCTION_WORD.search(label)):
        return True  # '... has an initial annual base rent of $245' / 'million, ...': prose wrapped after a figure
    lone_integer = len(cells) == 1 and _SMALL_INTEGER.fullmatch(cells[0]) is not None
    return lone_integer and (current is None or len(current.columns) != 1 or len(label.split()) > 12)


def _is_data_row(text: str) -> bool:
    """A header-looking line that is really a row: it carries a currency sign or a grouped number."""
    return bool(_DATA_ROW.search(text))


def detect_tables(pages: Sequence[int], texts: Sequence[str]) -> list[Table]:
    """The tables of a document, from its line table's ``page`` and ``text`` columns (GLOBAL_LINE = index + 1)."""
    tables: list[Table] = []
    by_page: dict[int, list[tuple[int, str]]] = {}
    for index, (page, text) in enumerate(zip(pages, texts, strict=True)):
        by_page.setdefault(int(page), []).append((index + 1, str(text)))
    for page in sorted(by_page):
        tables.extend(page_tables(page, by_page[page]))
    return tables


_LINE_FIELDS = ("header_line", "first_line", "last_line", "caption_line", "header_end_line")


def table_data(pages: Sequence[int], texts: Sequence[str]) -> list[dict[str, Any]]:
    """The tables of some line columns as cached (JSON), their GLOBAL_LINEs counted from 1 at the first line."""
    return [t.model_dump() for t in detect_tables(pages, texts)]


def shifted(tables: list[dict[str, Any]], offset: int) -> list[dict[str, Any]]:
    """Tables as cached (``table_data``) with every GLOBAL_LINE moved on by *offset*: the tables of a piece of a
    document read from its own lines, placed in the document. A table is read from its page's lines alone, so
    these are the tables the whole document's lines give."""
    for table in tables:
        for field in _LINE_FIELDS:
            if table[field] is not None:
                table[field] += offset
        for row in table["rows"]:
            row["line"] += offset
    return tables


def header_lines(table: Table) -> list[int]:
    """GLOBAL_LINEs that head a table: its caption and column header lines (stacked too), above its first row."""
    first_row = min((row.line for row in table.rows), default=table.first_line)
    lines = {table.caption_line} if table.caption_line is not None else set()
    if table.header_line is not None:
        lines.update(range(table.header_line, (table.header_end_line or table.header_line) + 1))
    return sorted(n for n in lines if n < first_row)


def heads_by_row(tables: Sequence[dict[str, Any]]) -> dict[int, list[int]]:
    """The header lines above each table row (GLOBAL_LINE -> ``header_lines``), read from the cached JSON (fast)."""
    heads: dict[int, list[int]] = {}
    for table in tables:
        rows = [row["line"] for row in table.get("rows") or []]
        first_row = min(rows, default=table["first_line"])
        lines = {table["caption_line"]} if table.get("caption_line") is not None else set()
        if table.get("header_line") is not None:
            lines.update(range(table["header_line"], (table.get("header_end_line") or table["header_line"]) + 1))
        above = sorted(n for n in lines if n < first_row)
        if above:
            heads.update((line, above) for line in rows)
    return heads


def rows_by_line(tables: Sequence[Table]) -> dict[int, tuple[Table, TableRow]]:
    """Each table row by its GLOBAL_LINE."""
    return {row.line: (table, row) for table in tables for row in table.rows}
