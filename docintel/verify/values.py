"""Value checks: is an item's value, period and arithmetic supported by the lines it cites?

A quote that exists is necessary, not sufficient. For every amount (and date, and numeric extraction field):

- ``value_check``: the value, at the unit the answer states, equals a number of a verified
  quote at the scale the document gives it (the table caption's ``(Millions)`` for a table row,
  a scale word such as ``1.2 billion`` in prose, otherwise as printed). Rounding to the answer's
  own precision is allowed; a printed ``(1,577)`` supports 1577 as well as -1577.
- ``period_check``: the column header of the cell that holds the value names the item's period
  (and a period the question asks about); ``mismatch`` names the column it is really in.
- ``calculation_check``: every operand is supported by its own span and period, the expression
  is plain arithmetic (parsed with ``ast``, never ``eval``), and it recomputes to the stated
  result within 0.5%.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

from ..answer.contract import DateValue, Span
from ..ingest.documents import Document
from ..ingest.facts import Fact
from ..ingest.tables import Table, TableRow
from ..numbers import count_words, figure_text, find_numbers, parse_cell
from ..periods import Period, find_periods, years_named
from ..textnorm import sentence_bounds, squash
from .cells import cell_kind, share_of
from .changes import change_period, end_of_change, states_a_change
from .closing import slot_header
from .leadin import lead_in
from .listed import paired_year
from .pershare import cents_row, per_share_heading
from .prosescale import heading_scale, prose_scale
from .rules import FieldCheck, mismatches
from .sections import prose_segment
from .siblings import twins_of
from .totals import total_group
from .typed import FactView, cell_fact, ingest_fact, period_years

ValueCheck = Literal["supported", "unsupported", "not_applicable"]
PeriodCheck = Literal["supported", "mismatch", "unknown", "not_applicable"]
CalculationCheck = Literal["verified", "mismatch", "rejected", "not_applicable"]
ConceptCheck = Literal["supported", "mismatch", "unknown", "not_applicable"]
PlainCheck = Literal["supported", "mismatch", "not_applicable"]
UNIT_FACTORS = {"thousands": 1e3, "millions": 1e6, "billions": 1e9}
CENTS = 0.01
_SCALE_NAMES = {1e3: "thousands", 1e6: "millions", 1e9: "billions", CENTS: "cents"}
# An amount stated in cents, by its own word ('49.0 cents per share') or its row's or column's ('EPS (diluted US
# cents)'): a hundredth of the currency unit, whatever the table's caption says.
_CENTS_AFTER = re.compile(r"\s*(?:U\.?S\.?\s+|(?!per\b)\w+\s+)?cents?\b", re.IGNORECASE)  # not '7 per cent'
_CENTS_LABEL = re.compile(r"^(?!.*\bdollars?\b).*(?:\bcents?\b|¢)", re.IGNORECASE)  # not 'in dollars and cents'


class OperandCheck(BaseModel):
    """The check of one operand of a calculation."""

    label: str
    name: str = Field(default="", description="what the figure is, as the answer names it ('Net income')")
    value: float
    value_check: ValueCheck
    period_check: PeriodCheck
    concept_check: ConceptCheck = "not_applicable"
    kind_check: PlainCheck = "not_applicable"
    sign_check: PlainCheck = "not_applicable"
    concepts: list[str] = Field(default_factory=list, description="the concepts of the cited row (vocabulary ids)")
    column: str | None = None
    scale: float | None = Field(default=None, description="the document's scale of the cell that holds it")
    in_units: float | None = Field(
        default=None, description="the operand in units: its cell times the scale (None when the scale is not known)"
    )
    fields: list[FieldCheck] = Field(
        default_factory=list, description="member, basis, measure, scenario, period length, ... against the question"
    )
    months: int | None = Field(default=None, description="the length of its period in months, when it is a flow")
    row: str = Field(default="", description="the label of the table row that holds it ('' for prose)")
    detail: str

    @property
    def holds(self) -> bool:
        """True when no check of the operand failed."""
        plain = (self.concept_check, self.kind_check, self.sign_check)
        fields_hold = not mismatches(self.fields)
        return (
            self.value_check == "supported"
            and self.period_check != "mismatch"
            and "mismatch" not in plain
            and (fields_hold)
        )

    @property
    def checked(self) -> bool:
        """True when the operand holds and its concept, period and every field were checked."""
        fields_known = all(f.verdict != "unknown" for f in self.fields)
        return self.holds and "unknown" not in (self.concept_check, self.period_check) and fields_known


class ItemCheck(BaseModel):
    """Value, period and calculation checks of one item (or one field of an extraction item)."""

    item: int
    field: str | None = None
    value_check: ValueCheck
    period_check: PeriodCheck
    calculation_check: CalculationCheck
    concept_check: ConceptCheck = Field(
        default="not_applicable", description="the cited row or clause names the concept the question and item ask"
    )
    kind_check: PlainCheck = Field(default="not_applicable", description="money, percent, per share or count as stated")
    sign_check: PlainCheck = Field(default="not_applicable", description="the sign the document prints")
    relevance_check: PlainCheck = Field(
        default="not_applicable", description="a text item's quotes share a concept or term with the question"
    )
    column: str | None = Field(default=None, description="the period column of the cell that holds the value")
    recomputed: float | None = Field(default=None, description="the calculation's value as recomputed")
    operands: list[OperandCheck] = Field(default_factory=list)
    fields: list[FieldCheck] = Field(
        default_factory=list,
        description="each field of the cited figure against the question's: period (length, quarter, as-of date), "
        "member, basis, share class, measure, scenario, currency; and for text, dates and yes/no: polarity, event, "
        "cause, subject; for calculations: formula",
    )
    detail: str

    @property
    def holds(self) -> bool:
        """True when no check failed (an unknown concept or period is not a failure: it is not checked)."""
        plain = (self.kind_check, self.sign_check, self.relevance_check, self.concept_check)
        return (
            self.value_check != "unsupported"
            and self.period_check != "mismatch"
            and self.calculation_check in ("verified", "not_applicable")
            and "mismatch" not in plain
            and not mismatches(self.fields)
        )

    @property
    def checked(self) -> bool:
        """True when every check held and none was left unknown: the item answers what was asked."""
        unknown = "unknown" in (self.period_check, self.concept_check) or any(
            f.verdict == "unknown" for f in self.fields
        )
        return self.holds and not unknown and all(o.checked for o in self.operands)


@dataclass(frozen=True)
class Candidate:
    """A number of a quote, with what the document says about it."""

    printed: str
    value: float
    scale: float | None  # None: the document states no scale for it
    percent: bool
    column: Period | None
    column_label: str | None
    kind: str = "number"  # money, percent, per_share, count, shares, number (no unit stated)
    row_label: str | None = None  # the table row's label, for a cell
    row_group: str | None = None  # the sub-heading the row sits under
    sentence: str = ""  # the quote a number outside a table was read from
    latest: bool = False  # the cell is in the table's latest period column
    fact: FactView | None = field(default=None, compare=False)  # a cell's typed fields (prose: read at check time)
    placed: tuple[frozenset[int], str] | None = None  # the years and label of the period ingest read for the cell
    source: Fact | None = field(default=None, compare=False)  # ingest's fact of the cell, read alike by both readers
    siblings: tuple[str, ...] = field(default=(), compare=False)  # the labels of the other rows of its table
    twins: tuple[str, ...] = field(default=(), compare=False)  # its sub-heading, then others' printing its label
    line: int | None = field(default=None, compare=False)  # the global line of a cell's row
    lead: str = field(default="", compare=False)  # the words of its sentence a quote starting with the number cut
    share_of: str = field(default="", compare=False)  # the row over a bare share row ('Products' over '% of ...')
    section: str = field(default="", compare=False)  # a number of prose's segment, by its heading (sections.py)

    def describe(self) -> str:
        """'1,577 (2018 column, millions)'."""
        notes = [f"{self.column_label} column"] if self.column_label else []
        if self.percent:
            notes.append("percent")
        elif self.scale is None:
            notes.append("no scale stated")
        elif self.scale != 1.0:
            notes.append(_SCALE_NAMES.get(self.scale, f"x{self.scale:g}"))
        return f"{self.printed} ({', '.join(notes)})" if notes else self.printed


@dataclass(frozen=True)
class CitedSpan:
    """A span whose quote was verified, with the document it cites."""

    span: Span
    document: Document


def cited_lines(cited: CitedSpan) -> str:
    """The text of the lines a span cites (its quote is verified to be in them)."""
    texts = cited.document.lines["text"].tolist()
    return " ".join(str(t) for t in texts[max(cited.span.line_start - 1, 0) : cited.span.line_end]) or cited.span.quote


def quote_candidates(cited: CitedSpan) -> list[Candidate]:
    """The numbers of a verified quote: table cells with their column and scale, other numbers as written."""
    numbers = [n for n in find_numbers(cited.span.quote) if not n.is_year or n.currency]
    found: list[Candidate] = []
    used: set[int] = set()
    for line in range(cited.span.line_start, cited.span.line_end + 1):
        located = cited.document.table_row(line)
        if located is None:
            continue
        table, row = located
        for marker in row.markers:  # a footnote marker is never a value
            hit = _number_for_cell(numbers, used, parse_cell(marker), marker)
            if hit is not None:
                used.add(hit)
        for index, value in enumerate(row.values):
            if value == 0.0 and not any(ch.isdigit() for ch in row.cells[index]):
                if row.cells[index].strip("$€£¥ ") and squash(row.cells[index]) in squash(cited.span.quote):
                    found.append(_cell_candidate(cited, table, row, index, 0.0))  # a dash cell: nil
                continue
            hit = _number_for_cell(numbers, used, value, row.cells[index])
            if hit is not None:
                found.append(_cell_candidate(cited, table, row, index, value if value is not None else 0.0))
                used.add(hit)
    segment = prose_segment(cited.document, cited.span.line_start) if len(used) < len(numbers) else None
    for position, number in enumerate(numbers):
        if position not in used:
            read = prose_scale(cited.document, cited.span, number) or heading_scale(cited.document, cited.span, number)
            scale = number.scale or read or 1.0  # '$ 4' under '(MILLIONS)'
            after = cited.span.quote[number.end :]
            percent = number.percent or bool(POINTS_AFTER.match(after))  # '4 percentage points': a rate's change
            kind = "percent" if percent else "money" if number.currency or number.scale else "number"
            if kind == "money" and not number.currency and _COUNTED_AFTER.match(after):
                kind = "number"  # '57.6 million shares of common stock': a count at a scale, no money
            if not number.percent and not number.currency and _BASIS_POINTS_AFTER.match(after):
                # '140 basis points' answers '1.4 percentage points' as well as '140 basis points'
                own = _own_sentence(cited.span.quote, number.start)
                found.append(Candidate(number.text, number.value / 100, 1.0, True, None, None, "percent", sentence=own))
            if not number.percent and not number.currency and (cents := _CENTS_AFTER.match(after)):
                scale, kind, after = CENTS, "money", after[cents.end() :]
            if kind == "money" and _PER_SHARE_AFTER.match(after):
                kind = "per_share"
            sentence = _own_sentence(cited.span.quote, number.start) if numbers_alike(numbers, number) else None
            bare = not re.search(r"[A-Za-z]", cited.span.quote[: number.start])  # the quote starts with its number
            found.append(
                Candidate(
                    number.text,
                    number.value,
                    scale,
                    percent,
                    None,
                    None,
                    kind,
                    sentence=sentence or cited.span.quote,
                    lead=lead_in(cited.document, cited.span) if bare else "",
                    section=segment or "",
                )
            )
    quote = cited.span.quote
    words = [
        Candidate(t, v, 1.0, False, None, None, "number", sentence=_own_sentence(quote, at))
        for t, v, at in count_words(quote)
    ]
    return found + words  # 'two of which are owned'


def numbers_alike(numbers: list[Any], number: Any) -> bool:
    """Whether the quote prints this number more than once."""
    return sum(1 for n in numbers if n.text == number.text) > 1


def _own_sentence(quote: str, at: int) -> str:
    """The sentence of *quote* around offset *at*: a number printed twice is read in the sentence of each."""
    start, end = next(((s, e) for s, e in reversed(sentence_bounds(quote)) if s <= at), (0, len(quote)))
    return quote[start:end].strip()


_BASIS_POINTS_AFTER = re.compile(r"\s*(?:basis\s+points?|bps)\b", re.IGNORECASE)  # a hundredth of a percent
POINTS_AFTER = re.compile(r"\s*percentage\s+points?\b", re.IGNORECASE)
# a plural noun right after a scaled number without a currency counts things ('million shares', 'billion users')
_COUNTED_AFTER = re.compile(r"\s+(?:(?!(?:dollars|euros|pounds|yen|yuan|francs|pesos|rupees)\b)[a-z]+s|people|staff)\b")
_PER_SHARE_AFTER = re.compile(r"\s*(?:per|a)\s+(?:\w+\s+){0,2}share\b", re.IGNORECASE)


def _number_for_cell(numbers: list[Any], used: set[int], value: float | None, cell: str) -> int | None:
    """The position of the quote's number that is this cell (-1 for a dash cell the quote shows), or None."""
    if value is None:
        return None
    for exact in (True, False):  # '- 1' read as minus one is the cell '1' between dash cells
        for position, number in enumerate(numbers):
            if position not in used and (number.value == value if exact else abs(number.value) == abs(value)):
                return position
    return None


def _cell_candidate(cited: CitedSpan, table: Table, row: TableRow, index: int, value: float) -> Candidate:
    column = table.column_of(row, index)
    periods = find_periods(column.label) if column is not None else []
    period = periods[0] if periods else None
    percent = table.is_percent(row, index)
    scale = table.scale_of(row, index)
    fact = cited.document.fact_at(row.line, index)
    source = ingest_fact(cited.document, row, index)  # ingest's fact, when both readers number the cells alike
    ingested = source if source is not None and slot_header(cited.document, table) else None
    placed = (period_years(ingested.period), ingested.period.label) if ingested and ingested.period else None
    if fact is not None and (fact.scale_source == "row" or (scale is None and fact.scale_source != "none")):
        # the row's own ('Merchant processing volume (in billions)' under '(in millions, except where otherwise
        # noted)'), or stated above the table: a page header, a section's "tabular dollars in millions"
        scale = fact.scale
    kind = cell_kind(table, row, index, percent)
    if fact is not None and fact.kind == "per_share" and not percent:
        kind = "per_share"  # ingest reads a row under 'Per Share Data' as per share where its own words do not say so
    elif fact is not None and fact.kind == "count" and fact.scale_source == "row" and kind == "money":
        kind = "count"  # 'Wireless retail postpaid accounts ('000)' in a table of dollars in millions
    heading = per_share_heading(cited.document, table, row)
    cents = cents_row(table, row)
    if kind in ("money", "number") and (heading or cents):
        kind = "per_share"  # 'Earnings per common share attributable to / Corning Incorporated:' / 'Diluted'
    if heading or cents or row.kind == "per_share":
        scale = 1.0  # a per-share figure is never scaled ('(In millions, except per share amounts)')
    if not percent and _CENTS_LABEL.search(f"{row.label} {column.label if column is not None else ''}"):
        scale = CENTS
    return Candidate(
        printed=row.cells[index],
        value=value,
        scale=scale,
        percent=percent,
        column=period,
        column_label=column.label if column is not None else None,
        kind=kind,
        row_label=row.label,
        row_group=heading or total_group(table, row),
        latest=column is not None and column.year == max(c.year for c in table.columns),
        fact=cell_fact(cited.document, table, row, index),
        placed=placed,
        source=source,
        siblings=tuple(r.label for r in table.rows if r.line != row.line),
        twins=twins_of(table, row, cited.document, index),
        line=row.line,
        share_of=share_of(table, row),
    )


def _decimals(value: float) -> int:
    text = repr(float(value))
    if "e" in text:
        return 6
    return len(text.split(".")[1].rstrip("0")) if "." in text else 0


ROUNDING_LIMIT = 0.05  # a rounded value may differ from the printed one by at most 5%


def same_value(stated: float, factor: float, document_value: float) -> bool:
    """Whether *stated* (in units of *factor*) is *document_value* (in units), up to the stated precision.

    '1.6' billions is 1,577 millions rounded; '2' billions is not (off by more than 5%), nor is 0 any
    number other than 0.
    """
    tolerance: float = 0.5 * 10.0 ** (-_decimals(stated)) * factor
    difference = abs(abs(stated) * factor - abs(document_value))
    if difference == 0:
        return True
    return difference <= tolerance * (1 + 1e-9) and difference <= ROUNDING_LIMIT * abs(document_value)


def value_matches(value: float, unit: str | None, candidate: Candidate) -> bool:
    """Whether *value* with *unit* is the candidate number at its scale."""
    if candidate.percent or unit == "percent":
        if candidate.percent and unit == "ratio":
            return same_value(value * 100, 1.0, candidate.value)
        return (candidate.percent or unit == "percent") and same_value(value, 1.0, candidate.value)
    if candidate.scale is None:  # the document states no scale: it supports the number as printed only
        return UNIT_FACTORS.get(unit or "", 1.0) == 1.0 and same_value(value, 1.0, candidate.value)
    if candidate.scale == CENTS and unit == "other":  # stated in cents, as the document prints it
        return same_value(value, 1.0, candidate.value)
    factor = UNIT_FACTORS.get(unit or "", 1.0)
    return same_value(value, factor, candidate.value * candidate.scale)


def with_period(
    matches: list[Candidate], period: str | None, question_years: frozenset[int], cited: list[CitedSpan], stated: str
) -> ItemCheck:
    wanted = years_named(period) if period else frozenset()
    if wanted and question_years and not wanted & question_years:
        years = ", ".join(map(str, sorted(question_years)))
        return item_check("supported", "mismatch", f"{stated} is for {period}; the question asks about {years}")
    in_columns = [m for m in matches if m.column is not None]
    paired = next((y for m in matches if (y := paired_year(m.sentence, m.printed)) is not None), None)
    if not in_columns and paired is not None and (wanted or question_years):
        verdict: PeriodCheck = "supported" if paired in (wanted or question_years) else "mismatch"
        return item_check("supported", verdict, f"{stated} is in the quote, listed with {paired}")
    typed = [m for m in matches if m.fact is not None and m.fact.period is not None and m.fact.period.years]
    asked_years = wanted or question_years
    placed = [m.placed for m in matches if m.placed is not None and m.placed[0]]
    if not in_columns and placed and asked_years:
        # a cell the table reader could not align ('2022 2021 2022 vs. 2021' over four cells), in the column ingest
        # read from the header, when ingest numbers the row's cells as the table reader does
        in_years, label = next((p for p in placed if p[0] <= asked_years), placed[0])
        where = f"{stated} is in the quote's row, under '{label}' (as ingest read it)"
        if in_years <= asked_years:
            return item_check("supported", "supported", where)
        if not in_years & asked_years:
            return item_check("supported", "mismatch", where)
    if (
        not in_columns
        and typed
        and asked_years
        and not any(m.fact and m.fact.period and m.fact.period.years & asked_years for m in typed)
    ):  # a cell the table reader could not align, in a column ingest read as another year
        label = typed[0].fact.period.label if typed[0].fact and typed[0].fact.period else ""
        return item_check(
            "supported", "mismatch", f"{stated} is in the quote's row, under '{label}' (as ingest read it)"
        )
    if not in_columns and matches and all(_unplaced_cell(m, cited) for m in matches):
        # '2018 Quarter Quarter Quarter Quarter 2018' over five cells: the year the quote names is no column's
        return item_check("supported", "unknown", f"{stated} is a cell of a row whose columns docintel cannot read")
    if not in_columns:
        own = [m.sentence for m in matches if m.sentence and all(m.sentence != c.span.quote for c in cited)]
        # a number printed twice is read in its own sentence ('$15 million, respectively. ... in 2024 was $15 million')
        verdict, note = _prose_period(wanted or question_years, cited, own)
        if verdict == "unknown" and any(states_a_change(m.sentence, m.printed) for m in matches):
            texts = own or [f"{c.span.quote} {cut_clause(c)}" for c in cited]
            verdict, note = change_period(wanted or question_years, texts) or (verdict, note)
        if verdict == "supported" and matches and all(_starts_from(m, wanted or question_years) for m in matches):
            # 'The MBR decreased from 85.0% to 84.0% in 2022 compared to the prior year': 85.0% is 2021's
            verdict, note = "mismatch", "the number is the level its sentence's change starts from, the prior period's"
        return item_check("supported", verdict, f"{stated} is in the quote; {note}")
    asked = wanted or question_years
    right = [m for m in in_columns if not asked or m.column is not None and (m.column.years & asked)]
    best = (right or in_columns)[0]
    where = f"{best.printed} in the {best.column_label} column"
    if not asked:
        latest = next((m for m in in_columns if m.latest), None)
        if latest is not None:  # no period asked: the latest one is what a reader takes
            where = f"{latest.printed} in the {latest.column_label} column"
            return item_check("supported", "supported", f"{stated} is {where}, the latest", latest.column_label)
        detail = f"{stated} is {where}; no period was stated or asked, and it is not the latest column"
        return item_check("supported", "unknown", detail, best.column_label)
    if not right:
        whose = "the item's period" if wanted else "the question's period"
        named = period if wanted and period else ", ".join(map(str, sorted(question_years)))
        return item_check("supported", "mismatch", f"{stated} is {where}, not in {whose} ({named})", best.column_label)
    if wanted and question_years and not (best.column is not None and best.column.years & question_years):
        asked_text = ", ".join(map(str, sorted(question_years)))
        return item_check(
            "supported", "mismatch", f"{stated} is {where}; the question asks about {asked_text}", best.column_label
        )
    return item_check("supported", "supported", f"{stated} is {where}", best.column_label)


def _starts_from(match: Candidate, years: frozenset[int]) -> bool:
    """Whether a number of prose is the level its sentence's change starts from, the sentence dating the level it
    reaches to a year asked ('decreased from 85.0% to 84.0% in 2022', 'to 84.0% from 85.0% in 2022')."""
    found = end_of_change(match.sentence, match.printed.strip()) if match.sentence else None
    return found is not None and found[0] == "from" and found[1] in years


def _unplaced_cell(match: Candidate, cited: list[CitedSpan]) -> bool:
    """Whether *match* is one of two or more cells of a cited table row (its column unread)."""
    if match.row_label is None or (match.fact is not None and match.fact.period is not None):
        return False  # a row that names its own date ('Balance at December 31, 2018') is placed by it
    rows = [
        found[1]
        for span in cited
        for line in range(span.span.line_start, span.span.line_end + 1)
        if (found := span.document.table_row(line)) is not None
    ]
    return any(
        len(row.cells) >= 2 and row.label == match.row_label and squash(match.printed) in map(squash, row.cells)
        for row in rows
    )


def _prose_period(
    wanted: frozenset[int], cited: list[CitedSpan], own: list[str] | None = None
) -> tuple[PeriodCheck, str]:
    texts = own or [f"{c.span.quote} {cut_clause(c)}" for c in cited]
    named = frozenset().union(*(years_named(t) for t in texts)) if texts else frozenset()
    if not wanted:
        return "not_applicable", "no period was stated or asked"
    if not named:
        leads = [lead_in(c.document, c.span) for c in cited]  # 'At December 31, 2015, the Company had ... of'
        dated = frozenset().union(*(years_named(t) for t in leads if not _COMPARED.search(t)))
        if dated and dated <= wanted:
            return "supported", "its sentence names the period before the quote"
        return "unknown", "the quote names no period"
    if named <= wanted:
        return "supported", "the quote names the period"
    if named & wanted:
        return "unknown", f"the quote names several periods ({', '.join(map(str, sorted(named)))})"
    return "mismatch", f"the quote is about {', '.join(map(str, sorted(named)))}, not the period asked"


_CLAUSE_END = re.compile(r"[,;.:]|\s[-–—]\s")
# a sentence that compares periods dates no figure by its opening year ('In 2022, revenue was $10 billion, up from')
_COMPARED = re.compile(
    r"\b(?:from|compared|versus|vs|prior|previous|preceding|last|earlier|than|increase|decrease|"
    r"up|down|rose|fell|grew|declined)\b",
    re.IGNORECASE,
)


def cut_clause(cited: CitedSpan) -> str:
    """The rest of the clause a quote was cut from, on its last line and the next ('... on the sale of Media' + '
    in 2021;'): its year governs the figure as much as the quote's own. A quote ending its line has cut nothing."""
    texts, pages = cited.document.lines["text"], cited.document.lines["page"]
    end = cited.span.line_end
    if not 1 <= end <= len(texts):
        return ""
    line = " ".join(str(texts.iloc[end - 1]).split())
    tail = " ".join(cited.span.quote.split())[-30:]
    at = line.find(tail) if tail else -1
    rest = line[at + len(tail) :] if at >= 0 else ""
    if rest.strip() and not _CLAUSE_END.search(rest) and end < len(texts) and pages.iloc[end] == pages.iloc[end - 1]:
        rest = f"{rest} {' '.join(str(texts.iloc[end]).split())}"  # the clause runs on to the next line
    return _CLAUSE_END.split(rest, maxsplit=1)[0]


def stated_text(value: float, unit: str | None) -> str:
    """'88.1 millions', or '88.1 (no unit)'."""
    return f"{figure_text(value)} {'(no unit)' if unit in (None, 'units') else unit}"


def item_check(
    value: ValueCheck, period: PeriodCheck, detail: str, column: str | None = None, *, item: int = 0
) -> ItemCheck:
    return ItemCheck(
        item=item,
        value_check=value,
        period_check=period,
        calculation_check="not_applicable",
        detail=detail,
        column=column,
    )


def check_date(date: DateValue, cited: list[CitedSpan]) -> ItemCheck:
    """A date is supported when its original text is in a verified quote and its ISO form says the same day."""
    if not date.original_text.strip():
        return item_check("unsupported", "not_applicable", "the item gives no date text")
    if not any(squash(date.original_text) in squash(c.span.quote) for c in cited):
        return item_check("unsupported", "not_applicable", f"{date.original_text!r} is not in the cited quote")
    written = [p for p in find_periods(date.original_text)]
    if date.iso and written and written[0].iso and written[0].iso != date.iso:
        return item_check(
            "unsupported", "not_applicable", f"{date.iso} is not {date.original_text!r} ({written[0].iso})"
        )
    return item_check("supported", "not_applicable", f"{date.original_text!r} is in the quote")
