"""What a cited number is, typed like a fact: its period interval, member, basis, per-share class, measure, scenario
and currency, read from its table (group headings above the dates, the caption, lines above the header, the row's
sub-heading, a column such as '% Change') or its clause of prose; ``verify.rules`` matches them to the question's.

A field the page does not state takes the default a reader assumes (consolidated, GAAP, actual, the level); a
field that cannot be told at all (a period length no heading gives) is None, and a rule that needs it says the
figure is not checked rather than supported."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..concepts import QUALIFIERS, concepts_in
from ..domain import table
from ..ingest.captions import CAPTION
from ..ingest.documents import Document
from ..ingest.factrows import after_preferred_dividends, before_deductions
from ..ingest.facts import Fact, Period
from ..ingest.statements import primary_statement_on
from ..ingest.tables import Table, TableRow
from ..numbers import CURRENCY_SIGNS
from ..periods import MONTHS, find_periods
from ..textnorm import tokenize
from .averages import averaged_column, wrapped_heading_lines
from .closing import closes_section
from .lengths import attributed_member, stated_years
from .minority import before_attribution
from .query import _ADJUSTED, CHANGE_LABEL, CLOSING, OPENING, OTHER_FRAMEWORK, scenario_of
from .siblings import column_basis, told_apart_by_nothing
from .subsets import held_for_sale_member, subset_member

_GROUP_HEADING = re.compile(
    r"\b(?P<n>three|six|nine|twelve|3|6|9|12)\s+months?\s+(?:period\s+)?ended\b"
    r"|\b(?P<w>1[2-6]|2[4-8]|3[6-9]|40|5[23])\s+weeks?\s+ended\b"
    r"|\b(?P<q>quarters?)\s+ended\b|\b(?P<y>(?:fiscal\s+)?years?)\s+ended\b",
    re.IGNORECASE,
)
# 'N-Month' over a span of columns ('12-Month 11-Month' over five years): unaligned; not 'Three Months Ended'
MONTH_LENGTHS = re.compile(
    r"\b(\d{1,2}|three|six|nine|eleven|twelve)-months?\b(?!\s+(?:period\s+)?ended)", re.IGNORECASE
)
_N_MONTHS = {"three": 3, "six": 6, "nine": 9, "twelve": 12, "3": 3, "6": 6, "9": 9, "12": 12}
_WEEKS = {12: 3, 13: 3, 14: 3, 16: 3, 24: 6, 26: 6, 28: 6, 36: 9, 39: 9, 40: 9, 52: 12, 53: 12}
_MONTH_DAY = re.compile(
    r"\b(?P<m>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?\s+(?P<d>\d{1,2})\b", re.IGNORECASE
)
_AS_OF = re.compile(  # an instant: 'as of', 'at December 31', a balance sheet (the table's heading of one)
    r"\bas\s+of\b|\bat\s+(?:" + "|".join(MONTHS) + r")\b|" + table().statement("balance_sheet").heading, re.IGNORECASE
)
_PARENT_ONLY = re.compile(
    r"condensed\s+financial\s+information\s+of\s+(?:the\s+)?registrant|parent\s+company\s+only|"
    r"\(parent\s+company\)|registrant\s+only",
    re.IGNORECASE,
)
_PRO_FORMA = re.compile(r"\bpro\s*-?\s*forma\b", re.IGNORECASE)
# 'Pro forma results of operations have not been presented because ... not material': no pro forma table follows
_NO_PRO_FORMA = re.compile(
    r"\bpro\s*-?\s*forma\b[^.]{0,80}\bnot\s+(?:been\s+)?(?:presented|included|provided|disclosed|material)\b",
    re.IGNORECASE,
)
# the summarized statements of an issuer and its guarantor subsidiaries (Regulation S-X Rule 13-01): not the group
# ('guaranteed by our guarantor subsidiaries' in a debt note says nothing of the table below it)
_GUARANTOR_GROUP = re.compile(
    r"\bguarantor\s+(?:financial\s+information|group)\b|\bobligor\s+group\b"
    r"|\bsummarized\s+financial\s+information\b",
    re.IGNORECASE,
)
# assets a pension or other benefit plan holds, by class (its trust's, not the company's): 'The fair values of the
# assets held by the U.S. pension plans', 'plan assets by asset category'; read in the lines right above a table only
_PLAN_ASSETS = re.compile(
    r"\b(?:assets|investments)\s+held\s+(?:by|in)\s+the\s+(?:[\w.&-]+\s+){0,3}"
    r"(?:pension|retirement|postretirement|benefit|savings)\s+plans?\b"
    r"|\bplan\s+assets\s+by\s+(?:major\s+)?(?:asset\s+)?(?:class|category|categories|type)",
    re.IGNORECASE,
)
# rows of the company's own accounting for its plans (obligation, funded status, cost, contributions, assumptions)
_PLAN_SPONSOR_ROWS = re.compile(
    r"\b(?:benefit\s+obligation|funded\s+status|service\s+cost|contributions?|discount\s+rate|recognized)\b",
    re.IGNORECASE,
)
_GROUP_SCOPE_LINES = 15  # how far above a table its section's words are looked for
_SEGMENT_CONTEXT = re.compile(
    r"\bsegments?\b|\bgeographic|\bby\s+region\b|\bdivisions?\b|\bbusiness\s+units?\b", re.IGNORECASE
)
_MEMBER_TERMS = frozenset(tokenize("segment segments division divisions region regions regional")) | (
    QUALIFIERS
    - frozenset(tokenize("adjusted nongaap continuing discontinued noncontrolling minority organic comparable"))
    - frozenset(tokenize("quarter quarterly pro forma excluding ex non current noncurrent"))
)
_PCT_CHANGE_COLUMN = re.compile(r"%\s*(?:change|chg|inc|incr)|percent(?:age)?\s+change|growth", re.IGNORECASE)
_CHANGE_WORDS = re.compile(
    r"^\s*(?:\$\s*)?(?:change|increase|decrease|inc\.?|\(?decrease\)?|variance|vs\.?)\b", re.IGNORECASE
)
_REVENUE = table().short_forms("revenue")  # a share of revenue: '% of net sales'
_SHARE_WORDS = re.compile(
    rf"%\s+of\s+(?:total|net|{_REVENUE})|percent(?:age)?\s+of\s+(?:total|net|{_REVENUE})"
    r"|as\s+a\s+%\s+of",
    re.IGNORECASE,
)
_WEIGHTED = re.compile(r"\bweighted[- ]average\b", re.IGNORECASE)
_AVERAGE = re.compile(r"\baverage\b", re.IGNORECASE)
_ADDITIONS_LABEL = re.compile(
    r"\b(?:opened|openings|added|additions|acquired|new\s+stores|closed|closings)\b", re.IGNORECASE
)
_DILUTED = re.compile(r"\bdiluted\b|\bdilution\b|assuming\s+dilution", re.IGNORECASE)
_BASIC = re.compile(r"\bbasic\b", re.IGNORECASE)
_GAAP_ROW = re.compile(r"(?<!non)(?<!non-)(?<!non )\bgaap\b|\bas\s+reported\b|\breported\b", re.IGNORECASE)
_PROSE_CHANGE = re.compile(
    r"\b(?:increased|decreased|grew|rose|fell|declined|improved|dropped|increase|decrease|growth|decline)\b", re.I
)
_TO_DATE = r"(?:have|has)\s+(?:\w+\s+)?\w+ed\s+a\s+total\s+of|to\s+date|since\s+inception|cumulative"
# 'margin improved from 10.9% to 12.4%', 'sales rose 9% to $1.2 billion': the numbers after 'from' and 'to' are levels
_PROSE_LEVEL = re.compile(r"\b(?:from|to)\s*$", re.IGNORECASE)
_CURRENCY_CODES = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}


@dataclass(frozen=True)
class PeriodFact:
    """A column's (or a sentence's) period: an instant, or a duration of *months* ending on *end*."""

    label: str
    end: str | None = None  # ISO date
    months: int | None = None  # None: an instant, or a length no heading gives
    instant: bool = False
    years: frozenset[int] = frozenset()
    quarter: int | None = None  # the fiscal quarter a three-month duration is
    stated_day: bool = False  # a date a sentence gives ('effective July 2, 2023'), not a column's period

    def describe(self) -> str:
        """'six months ended 2023-06-30', 'as of 2022-12-31', '2023'."""
        if self.instant and self.end:
            return f"as of {self.end}"
        if self.months:
            length = {3: "three", 6: "six", 9: "nine", 12: "twelve"}.get(self.months, str(self.months))
            return f"{length} months ended {self.end or self.label}"
        return self.label


@dataclass(frozen=True)
class FactView:
    """A cited number's fields; see the module docstring."""

    period: PeriodFact | None
    member: str | None  # None: consolidated
    member_text: str  # every word that could name a member (label, group, caption, heading)
    basis: str
    share_class: str | None
    measure: str | None  # None: not told (a cell of a table whose columns could not be read)
    scenario: str
    currency: str | None
    total_row: bool = False
    named_by: frozenset[str] = (
        frozenset()
    )  # the terms of the row's label and sub-heading: a question naming them asks it
    before_attribution: bool = False  # 'Net income' of a table that then splits it into what is attributable
    before_deduction: str = ""  # 'Total long-term debt' of a table that then takes 'Less current portion' off it
    opening: bool = False  # a roll-forward's 'beginning of year' row or column: the balance before the period
    closing: bool = False  # its 'end of year' row: the balance the period ends with
    recorded_in: str | None = None  # the line item the row names as where the figure is recorded, not what it is
    statement: str | None = None  # the primary statement the cell's table is printed on ('equity', 'cash_flows')
    line_item: str | None = None  # ingest's concept of the cell: from its row, or its table's caption or sub-heading
    after_preferred: bool = False  # 'Net loss attributable to common stockholders' of a filing with preferred dividends


def _context_lines(document: Document, table: Table) -> list[str]:
    """The caption and the lines between it (or four lines up) and the column header's last line."""
    header = table.header_end_line or table.header_line or table.first_line
    start = min(x for x in (table.caption_line, header - 4) if x is not None)
    texts, pages = document.lines["text"].tolist(), document.lines["page"].tolist()
    return [str(texts[n - 1]) for n in range(max(start, 1), header + 1) if pages[n - 1] == table.page]


def _column_groups(context: list[str]) -> list[int | None]:
    """The duration of each column group the headings name, left to right (12 for 'Year Ended')."""
    groups: list[int | None] = []
    for line in context:
        for match in _GROUP_HEADING.finditer(line):
            if match.group("n"):
                groups.append(_N_MONTHS[match.group("n").lower()])
            elif match.group("w"):
                groups.append(_WEEKS.get(int(match.group("w"))))
            elif match.group("q"):
                groups.append(3)
            else:
                groups.append(12)
    return groups


def _pick(values: list[object], index: int, n_columns: int) -> object | None:
    """The value of column *index* when *values* are per column or per equal group of columns."""
    if not values or n_columns <= 0:
        return None
    if len(values) == n_columns:
        return values[index]
    if n_columns % len(values) == 0:
        return values[index // (n_columns // len(values))]
    return None


def _fye_month(document: Document) -> int:
    """The month a document's fiscal year ends: from its period on the cover (a 10-Q's quarter counts back)."""
    profile = document.meta.profile
    end = profile.period_end.value
    if not end:
        return 12
    month = int(end[5:7])
    quarter = int(profile.quarter.value) if profile.quarter.value and profile.quarter.value.isdigit() else None
    if profile.period_type.value == "quarter" and quarter:
        return (month - 3 * quarter - 1) % 12 + 1
    return month


def fiscal_quarter(end_month: int, fye_month: int) -> int:
    """The fiscal quarter a three-month period ending in *end_month* is, for a year ending in *fye_month*."""
    return ((end_month - fye_month - 1) % 12) // 3 + 1


def column_period(document: Document, table: Table, index: int) -> PeriodFact | None:
    """The typed period of the table's *index*-th value column."""
    if index >= len(table.columns):
        return None
    column = table.columns[index]
    context = _context_lines(document, table)
    n = len(table.columns)
    months = _pick(list(_column_groups([*context, column.heading])), index, n)
    periods = find_periods(column.label)
    period = periods[0] if periods else None
    end = column.iso
    if end is None and period is not None and period.month is None:
        days = [m for line in context for m in _MONTH_DAY.finditer(line)]
        picked = _pick(list(days), index, n)
        if isinstance(picked, re.Match):
            end = f"{column.year:04d}-{MONTHS[picked.group('m').lower()]:02d}-{int(picked.group('d')):02d}"
    if period is not None and period.quarter:
        months = 3
    instant = (
        months is None and end is not None and (bool(_AS_OF.search(" ".join(context))) or not _column_groups(context))
    )
    quarter = period.quarter if period is not None and period.quarter else None
    if quarter is None and months == 3 and end:
        quarter = fiscal_quarter(int(end[5:7]), _fye_month(document))
    years = period.years if period is not None else frozenset({column.year})
    return PeriodFact(column.label, end, months if isinstance(months, int) else None, instant, years, quarter)


def _section_lines(document: Document, table: Table) -> list[str]:
    """The lines of the table's page from some way above it down to its header: where a section says whose
    statements follow ('Guarantor Financial Information ... summarized financial information')."""
    header = table.header_end_line or table.header_line or table.first_line
    texts = document.lines["text"].tolist()
    pages = document.lines["page"].tolist()
    start = max(1, table.first_line - _GROUP_SCOPE_LINES)
    return [str(texts[n - 1]) for n in range(start, header + 1) if pages[n - 1] == table.page]


def _member(
    row: TableRow, context: list[str], caption: str, section: Sequence[str] = (), rows: Sequence[TableRow] = ()
) -> str | None:
    """The segment, region, product or entity a row is of; None for the consolidated company."""
    scope = " ".join([caption, *context])
    if _PARENT_ONLY.search(scope):
        return "parent company only"
    if _GUARANTOR_GROUP.search(" ".join(section)):
        return "issuer and guarantor subsidiaries (combined)"
    if _PLAN_ASSETS.search(scope) and not any(_PLAN_SPONSOR_ROWS.search(r.label) for r in rows):
        return "the plans"  # a question about the plans names them ('pension plan assets'): its one term, 'plan'

    subset = subset_member(row.group or "", context, [r.group or "" for r in rows]) or held_for_sale_member(scope)
    if subset:  # 'Information for pension plans with a projected benefit obligation in excess of plan assets'
        return subset
    group = (row.group or "").strip().rstrip(":").strip()
    if not group or CAPTION.search(group):  # '(in thousands)' over the rows: the table's scale, no member
        return None
    words = set(tokenize(group))
    if words & _MEMBER_TERMS:
        return group
    if _SEGMENT_CONTEXT.search(scope) and not concepts_in(group).concepts and len(group.split()) <= 5:
        return group
    return None


_RANGE_BOUND = re.compile(r"^\s*(?:high|low|highest|lowest)\s*\$?\s*$", re.IGNORECASE)


_RANGE_HEADER = re.compile(
    r"^\s*(?:high|low|highest|lowest)(?:\s+\$?\s*(?:high|low|highest|lowest))+\s*$", re.IGNORECASE
)


def _range_header(context: list[str]) -> str | None:
    """'range_bound' for a table under a header line of its columns' bounds alone ('High Low' over a quarter's
    stock prices): each figure is an extreme of its period, not a level at its end."""
    return "range_bound" if any(_RANGE_HEADER.match(line) for line in context) else None


def _measure(row: TableRow, table: Table | None, index: int | None, text: str, heads: Sequence[str] = ()) -> str | None:
    """What the figure measures; None when a table's columns could not be read (a cell of an unresolved header
    may be a level or a change)."""
    if table is not None and index is not None and table.columns and index >= len(table.columns):
        extra_index = index - len(table.columns)
        extras = table.extra_columns
        name = extras[extra_index] if extra_index < len(extras) else (extras[-1] if extras else "")
        if _SHARE_WORDS.search(name):
            return "share"
        if _PCT_CHANGE_COLUMN.search(name) or row.cells[index].rstrip(")").endswith("%"):
            return "pct_change"
        if _CHANGE_WORDS.search(name):
            return "change"
    column = table.columns[index] if table is not None and index is not None and index < len(table.columns) else None
    if _RANGE_BOUND.match(row.label) or (column is not None and _RANGE_BOUND.match(column.label)):
        return "range_bound"  # a stock price table's 'High' and 'Low' columns: the period's extremes
    if _WEIGHTED.search(f"{row.group or ''} {text}"):  # 'Basic' under 'Weighted average shares outstanding:'
        return "weighted_average"
    if _SHARE_WORDS.search(text):
        return "share"
    balance = OPENING.search(row.label) or CLOSING.search(row.label)  # 'End of year' under 'Change in Obligations'
    if CHANGE_LABEL.search(row.label) or (CHANGE_LABEL.search(row.group or "") and not balance):
        return "change"
    if row.kind == "count" and _ADDITIONS_LABEL.search(row.label):  # stores opened, not 'net of cash acquired'
        return "additions"
    if _AVERAGE.search(row.label) or averaged_column(table, column, heads, len(row.cells)):  # 'AVERAGE FOR ...'
        return "average"
    # more cells than the header has columns and no extra column named ('Opened', 'Closed' under each year): not read
    unplaced = table is not None and index is not None and index >= len(table.columns) and not table.extra_columns
    return None if table is not None and (not table.columns or unplaced) else "level"


def _basis(own: str) -> str:
    if _GAAP_ROW.search(own) and not re.search(r"non[- ]?gaap", own, re.IGNORECASE):
        return "gaap"
    return "adjusted" if _ADJUSTED.search(own) or OTHER_FRAMEWORK.search(own) else "gaap"


def _currency(table: Table | None, cells: list[str], sentence: str) -> str | None:
    for cell in cells:
        sign = cell.lstrip("(-")[:1]
        if sign in CURRENCY_SIGNS and sign in _CURRENCY_CODES:
            return _CURRENCY_CODES[sign]
    if table is not None and table.currency:
        return table.currency
    for sign, code in _CURRENCY_CODES.items():
        if sign in sentence:
            return code
    return None


_MEASURES = {"pct_of_total": "share", "period_end_count": "level"}
_NOT_A_MEMBER = re.compile(r"\bcontinuing\s+operations\b", re.IGNORECASE)


_FIGURE = re.compile(r"[^\d.()\-−–]")


def ingest_fact(document: Document, row: TableRow, index: int) -> Fact | None:
    """Ingest's fact of the row's *index*-th cell, when ingest read the row's cells as the verifier's table reader
    does (the same figure at every position they both read, none beyond the row's last cell); else None: a row
    whose footnote marks one reader took for cells ('(24) — (3) (5) (31)') numbers its cells differently."""
    fact = document.fact_at(row.line, index)
    if fact is None or document.fact_at(row.line, len(row.cells)) is not None:
        return None
    for position, cell in enumerate(row.cells):
        other = document.fact_at(row.line, position)
        if other is not None and _FIGURE.sub("", other.text) != _FIGURE.sub("", cell):
            return None
    return fact


def period_years(period: Period) -> frozenset[int]:
    """The years an ingest period may be named by: its fiscal year and its end's year (and the year before for an
    end in January to March, a retailer's fiscal year)."""
    years = {y for y in (period.fiscal_year, period.end.year if period.end else None) if y}
    if period.end is not None and period.end.month <= 3:
        years.add(period.end.year - 1)
    return frozenset(years)


def _from_fact(fact: Fact, own: str, heading: str, row: TableRow) -> FactView:
    """The fields of a cell as ingest read them (``ingest.facts``: headers of any depth, scale by scope)."""
    period = None
    if fact.period is not None:
        p = fact.period
        end = p.end.isoformat() if p.end else None
        months = p.months or (_WEEKS.get(p.weeks) if p.weeks else None)
        if len({m.lower() for m in MONTH_LENGTHS.findall(p.label or "")}) > 1:
            months = None  # '12-Month 11-Month 2013' over five columns: which length is the cell's is unsaid
        period = PeriodFact(p.label or fact.text, end, months, p.kind == "instant", period_years(p), p.fiscal_quarter)
    member = fact.member.name if fact.member and not _NOT_A_MEMBER.search(fact.member.name) else None
    return FactView(
        period=period,
        member=member,
        member_text=f"{own} {heading} {member or ''}",
        basis="gaap" if fact.basis == "gaap" else "adjusted",
        share_class=fact.per_share_class,
        measure=_MEASURES.get(fact.measure, fact.measure),
        scenario=fact.scenario,
        currency=fact.currency,
        total_row=bool(re.match(r"\s*(?:total|consolidated)\b", row.label, re.IGNORECASE)),
        recorded_in=fact.recorded_in,
        line_item=fact.concept,
    )


def cell_fact(document: Document, table: Table, row: TableRow, index: int) -> FactView:
    """The fields of the table cell *index* of *row*: the document's fact of that cell where ingest read one,
    else read here from the table."""
    context, heads = _context_lines(document, table), wrapped_heading_lines(document, table)
    if closes_section(document, table, row):
        row = row.model_copy(update={"group": None})
    column = table.columns[index] if index < len(table.columns) else None
    column_text = f"{column.heading} {column.label}" if column else " ".join(table.extra_columns)
    own, own_text = f"{row.label} {row.group or ''} {column_text}", f"{row.label} {column_text}"
    heading = " ".join([table.caption or "", *context])
    member = _member(row, context, table.caption or "", _section_lines(document, table), table.rows)
    mine = FactView(
        period=column_period(document, table, index),
        member=member,
        member_text=f"{own} {heading}",
        basis="adjusted" if _pro_forma(context, table.caption or "") else _basis(own),
        share_class="diluted" if _DILUTED.search(own) else "basic" if _BASIC.search(own) else None,
        measure=_range_header(context) or _measure(row, table, index, own_text, heads),
        scenario=scenario_of(f"{row.label} {row.group or ''} {table.caption or ''}"),
        currency=_currency(table, row.cells, ""),
        total_row=bool(re.match(r"\s*(?:total|consolidated)\b", row.label, re.IGNORECASE)),
        named_by=_named_by(row),
        before_attribution=before_attribution(table, row),
        before_deduction=before_deductions(table, row),
        after_preferred=after_preferred_dividends(row.label, document.lines["text"]),
        statement=primary_statement_on(document.meta.profile.statements, table.page),
        opening=bool(OPENING.search(own)),
        closing=bool(CLOSING.search(own)) and not OPENING.search(own),
    )
    fact = document.fact_at(row.line, index)
    if fact is None:
        return mine
    ingested = _from_fact(fact, own, heading, row)
    if column_basis(document, row, index, fact):  # a column of its own basis beside the GAAP one
        mine = replace(mine, basis="adjusted")
    if mine.measure in (None, "level") and told_apart_by_nothing(document, table, row, index, fact):
        ingested, mine = replace(ingested, measure=None), replace(mine, measure=None)  # which column is unknown
    if _closes_groups(table, row):
        # 'Total Long-Term Debt' after the parent's, a subsidiary's and the trusts' rows adds them all: the group's
        mine, ingested = replace(mine, member=None), replace(ingested, member=None)
    return _merged(mine, ingested)


def _named_by(row: TableRow) -> frozenset[str]:
    """The terms of a row label that itself says what the row measures ('Net increase (decrease) in cash'); none
    when only its sub-heading does ('Accounts receivable' under 'Changes in operating assets and liabilities:')."""
    alone = row.model_copy(update={"group": None})
    return frozenset(tokenize(row.label)) if _measure(alone, None, None, row.label) != "level" else frozenset()


def _pro_forma(context: list[str], caption: str) -> bool:
    """Whether the lines above a table say it is pro forma (and not that no pro forma figures are given)."""
    return any(_PRO_FORMA.search(line) and not _NO_PRO_FORMA.search(line) for line in [caption, *context])


def _closes_groups(table: Table, row: TableRow) -> bool:
    """Whether *row* is a total that closes a table of several sub-headed groups: it adds every row above it (not
    only its own group's, as a group's subtotal does)."""
    if not re.match(r"\s*total\b", row.label, re.IGNORECASE) or not row.values or row.values[0] is None:
        return False
    above = [r for r in table.rows if r.line < row.line and not re.match(r"\s*total\b", r.label, re.IGNORECASE)]
    groups = {(r.group or "").strip() for r in above} - {""}
    if len(groups) < 2:
        return False
    if all(r.aligned for r in above):
        whole = sum(r.values[0] or 0.0 for r in above if r.values)
        return abs(whole - row.values[0]) <= max(1.0, 0.005 * abs(row.values[0]))
    # cells that do not line up cannot be added: the table's last row, a total of three or more groups, naming a
    # line item of its own ('Total Long-Term Debt'), closes them all
    last = all(r.line <= row.line for r in table.rows)
    return last and len(groups) >= 3 and len(row.label.split()) >= 2


def _merged(mine: FactView, ingested: FactView) -> FactView:
    """The fields of a cell: ingest's period and member where it read them (headers of any depth, sub-headings by
    indentation); the basis the row, sub-heading and column say themselves; a measure other than the level
    where either reader finds one."""
    return replace(
        mine,
        period=ingested.period if ingested.period is not None else mine.period,
        member=ingested.member if ingested.member is not None else mine.member,
        member_text=f"{mine.member_text} {ingested.member or ''}",
        share_class=mine.share_class or ingested.share_class,
        measure=mine.measure if mine.measure not in (None, "level") else _placed_measure(ingested) or mine.measure,
        scenario=mine.scenario if mine.scenario != "actual" else ingested.scenario,
        currency=mine.currency or ingested.currency,
        recorded_in=ingested.recorded_in,
        line_item=ingested.line_item,
    )


def _placed_measure(ingested: FactView) -> str | None:
    """Ingest's measure of a cell; its default level says nothing of a cell it could not place under a period."""
    return None if ingested.period is None and ingested.measure == "level" else ingested.measure


def _prose_measure(clause: str, row: TableRow, after: str = "") -> str:
    if re.search(rf"\b(?:{_TO_DATE})\b", f"{clause} {after}", re.IGNORECASE):
        return "cumulative"  # 'have delivered a total of 1,033 737 MAX aircraft': to date, no one period's
    if _PROSE_CHANGE.search(clause) and not _PROSE_LEVEL.search(clause):
        return "change"
    return _measure(row, None, None, clause) or "level"


_AFTER_END = re.compile(r"[,;:()]|\.(?:\s|$)|\b(?:compared|while|whereas|versus|and|or)\b", re.IGNORECASE)


def _said_after(sentence: str, printed: str) -> str:
    """The words after a number to its clause's end ('$108.9 billion was held by our foreign subsidiaries')."""
    at = sentence.find(printed) if printed else -1
    return _AFTER_END.split(sentence[at + len(printed) :], maxsplit=1)[0] if at >= 0 else ""


# a quarter said in words before its end: 'during the first fiscal quarter that ended September 30, 2022'
_QUARTER_ENDED = re.compile(r"\bquarter\s+(?:that\s+|which\s+)?end(?:ed|ing|s)\s*$", re.IGNORECASE)


def prose_fact(clause: str, sentence: str, printed: str = "", rest: str = "", lead: str = "") -> FactView:
    """The fields of a number in prose from its clause: its sentence for its period and years, the *rest* of the
    sentence its quote was cut from for the part it is of, the *lead* of it before the quote for its scenario
    ('target')."""
    periods, said = (find_periods(clause), clause) if find_periods(clause) else (find_periods(sentence), sentence)
    years = stated_years(sentence, printed) if printed else None
    period = PeriodFact(f"{years}-year period", months=years * 12) if years else None
    if periods:
        first = periods[0]
        before = said[max(0, said.find(first.text) - 40) : max(0, said.find(first.text))]  # the words before it
        months = years * 12 if years else 3 if first.quarter or _QUARTER_ENDED.search(before) else None
        period = PeriodFact(first.text, first.iso, months, False, first.years, first.quarter, stated_day=True)
    empty = TableRow(line=0, label=clause, group=None, kind="amount", cells=["0"], values=[0.0], aligned=False)
    member = attributed_member(f"{sentence} {rest}", printed)
    return FactView(
        period=period,
        member=member,
        member_text=f"{clause} {_said_after(sentence, printed)} {member or ''}",
        basis=_basis(clause),
        share_class="diluted" if _DILUTED.search(clause) else "basic" if _BASIC.search(clause) else None,
        measure=_prose_measure(clause, empty, _said_after(sentence, printed)),
        scenario=scenario_of(f"{lead} {sentence}", sentence, printed),
        currency=_currency(None, [], clause),
    )
