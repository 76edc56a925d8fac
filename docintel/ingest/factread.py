"""Facts read from a document's tables and sentences (see ``ingest.facts`` for the model).

A pure function of the cached lines, tables and profile (:func:`read_facts`), so facts are computed once at
ingest and recomputed without parsing the PDF when ``FACTS_VERSION`` changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

from ..concepts import concept, concepts_in
from ..numbers import CURRENCY_SIGNS
from ..periods import find_periods
from ..textnorm import tokenize
from .factcells import (
    AS_FOLLOWS,
    BALANCE_ROW,
    CLASS_LAST,
    FLOW,
    FOLLOWING,
    FOOTNOTE_MARK,
    HEADCOUNT,
    LOCATIONS,
    POINT_IN_TIME,
    PRICE_HEAD,
    RECONCILIATION,
    SEGMENT_STUB,
    SHARE_COUNT,
    above_lines,
    across_period,
    as_of,
    changed_before,
    crossed,
    dated_row_period,
    header_row_lifted,
    is_title,
    name_of_row,
    price_cell,
    printed_dates,
    prior_year_end,
    proper_name,
    section_member,
    section_titles,
    sign_of,
    years_in_labels,
)
from .factcolumns import is_prose, percent_changes, table_columns
from .factconcepts import margin_numerator, row_concept
from .factmembercols import MemberColumns, member_columns
from .factpage import Lines, Scale, index_lines, learned_members, prose_scales, row_names, table_lines
from .factperiod import Calendar, calendar_of, to_period
from .factrows import Headings, realigned, row_labels
from .facts import Fact, FactKind, Member, Period, Provenance
from .factscope import (
    axis_named,
    basis_of,
    entity_in_caption,
    geography,
    goes_on,
    in_thousands_mark,
    issuers_own_row,
    measure_of,
    member_in_caption,
    member_name,
    member_of,
    per_share_class_of,
    row_scale_stated,
    scale_stated,
    scenario_of,
    table_entity,
)
from .factsentences import Prose, sentence_facts
from .factshare import CLASS_ONLY, per_share_concept, share_class
from .factsplit import read_in_two
from .profile import DocumentProfile
from .rowkind import COUNTED, SHARES, per_share_title, typed_row
from .statements import STATEMENT_OF
from .tables import Known, Table, TableRow

_PAGE_HEADER_LINES = 6
_FORK_LINES = 3000  # lines from which a document's sentences are read beside its tables (a fork pays off)
_BALANCE = frozenset(c for c, kinds in STATEMENT_OF.items() if "balance_sheet" in kinds)
_DURATION_START = re.compile(
    r"\s+(?=(?:three|six|nine|twelve|fiscal|years?|quarters?|\d+\s+weeks|\d+\s+months)\b)", re.IGNORECASE
)
_BROKEN_DOWN = frozenset({"revenue", "cost_of_revenue"})  # line items a sub-heading breaks down by product line
_GROWTH = re.compile(r"\b(?:growth|change|increase|decrease|decline)\b", re.IGNORECASE)
# a reserve's, an allowance's or an accumulated balance is not its asset's ('the reserve for obsolete inventory')
_CONTRA = re.compile(r"(?i)\b(?:reserves?|allowances?|accumulated|valuation)\b")
_GROWTH_WORD = re.compile(r"(?i)\bgrowth\b")  # a table captioned 'Sales Growth': its rows are growth rates
_AGGREGATE = re.compile(r"\breportable\s+segments?\b|\btotal\s+segments?\b|\ball\s+segments\b", re.IGNORECASE)
_CONSOLIDATED = re.compile(
    r"^\s*(?:worldwide|consolidated|total\s+(?:company|consolidated|worldwide|segments?)|total)\s*$"
    r"|^\s*total\s+[\w.,&' ]*\b(?:inc|corp|corporation|company|plc|ltd)\b",
    re.I,
)
_DAYS = re.compile(r"\bdays\b", re.I)
_RATIO = re.compile(r"\bratio\b|\btimes\b|\bcoverage\b|\b(?:fx|exchange)\s+rate\b", re.I)
_WHOLE_NUMBER = re.compile(r"\(?\d{1,3}(?:,\d{3})+\)?|\(?\d+\)?")
_WORD = re.compile(r"[A-Za-z]+")


def _geography_member(group: str) -> Member | None:
    return member_of(group, "geography") if group and geography(group) else None


_CELL = re.compile(r"^\(?-?[$€£¥]?\d[\d,]*(?:\.\d+)?%?\)?%?$|^[—–-]+$")


def read_facts(
    doc_id: str,
    pages: Sequence[int],
    texts: Sequence[str],
    tables: Sequence[Table],
    profile: DocumentProfile,
    boxes: Sequence[Sequence[float]] | None = None,
    encode: Callable[[Fact], Any] = lambda fact: fact,
) -> list[Any]:
    """Every fact of a document from its line columns, tables and profile, in line and column order; each as
    *encode* makes it (the fact itself, or the row of its cache file: ``facts.fact_row``)."""
    lines = index_lines(pages, texts, boxes, table_lines(tables))
    calendar = calendar_of(
        profile.period_end.value, profile.fiscal_year.value, profile.kind.value, prior_year_end(tables, profile)
    )
    calendar = calendar.with_ends(
        printed_dates(texts) + [date.fromisoformat(c.iso) for t in tables for c in t.columns if c.iso]
    )
    balance_pages = {p for s in profile.statements if s.kind == "balance_sheet" for p in s.pages}
    members = learned_members(tables, lines)
    readers: list[_TableReader] = []
    previous: Table | None = None
    first_on_page: Table | None = None
    for index, table in enumerate(tables):  # reading a table's header and rows may name members the next ones use
        prior = previous if previous is not None and previous.page == table.page else None
        first_on_page = table if prior is None or first_on_page is None else first_on_page
        reader = _TableReader(doc_id, index, table, prior, lines, calendar, members, first_on_page)
        earlier = readers[-1].entity if prior is not None and goes_on(prior, table) else None  # 'Balance sheet:' below
        reader.entity = reader.entity or entity_in_caption(table.caption, reader.above_text, profile) or earlier
        reader.issuer = profile.issuer.value or ""
        reader.members = dict(members)  # its figures see the members known once it is read, not the later tables'
        readers.append(reader)
        previous = table
    quarter = int(q) if (q := profile.quarter.value) and q.isdigit() else None
    prose = Prose(
        calendar, profile.year(), quarter, {**row_names(tables), **members}, None, prose_scales(lines, tables)
    )
    used = table_lines(tables)
    return read_in_two(  # on a long document, cut in two: the part after the cut read by a child meanwhile
        readers,
        balance_pages,
        lambda pages: sentence_facts(doc_id, lines.by_page, lines.text, lines.box, used, prose, pages),
        lines,
        used,
        fork=len(texts) >= _FORK_LINES,
        encode=encode,
    )


class _TableReader:
    """Facts of one table."""

    def __init__(
        self,
        doc_id: str,
        index: int,
        table: Table,
        prior: Table | None,
        lines: Lines,
        calendar: Calendar,
        members: dict[str, Member],
        first_on_page: Table,
    ) -> None:
        table = years_in_labels(header_row_lifted(table, lines.text))
        self.doc_id, self.index, self.table, self.lines = doc_id, index, table, lines
        self.percent_columns: Known = {}  # the table's answers so far (Table.percent_columns)
        self.first_on_page = first_on_page
        self.members = members
        self.blocks: dict[frozenset[str], Member] = {}  # sub-headings whose rows were read as their member's parts
        self.above = above_lines(table, prior, lines)
        self.above_text = above_text = [lines.text(n) for n in self.above]
        self.caption_text = " ".join(t for t in above_text if is_title(t))
        page_lines = lines.by_page.get(table.page, [])
        self.page_title = " ".join(t for n in page_lines[:_PAGE_HEADER_LINES] if is_title(t := lines.text(n)))
        self.scale = self._scale(prior, page_lines)
        self.axis = axis_named(self.caption_text)
        self.issuer = ""  # the company the document is by (set by read_facts): its own rows are never an investee's
        self.entity = table_entity(self.page_title, self.caption_text, above_text)
        self.columns = table_columns(table, self.above, lines.text)
        if self.columns.scale is not None:
            self.scale = Scale(self.columns.scale, "column", self.scale.shares)
        self.heads, self.calendar = self.columns.heads, calendar
        self.table_member = self._stub_member(above_text)
        self.labels = row_labels(table, lines.text)
        self.caption_concept = self._caption_concept()
        self.header_text = " ".join(above_text[-8:])
        first_row = min((r.line for r in table.rows), default=table.first_line)
        # the column header's own lines, from its first to the first row: no prose above it
        self.column_header = " ".join(lines.text(n) for n in range(table.header_line or first_row, first_row))
        self.price_columns = PRICE_HEAD.search(self.header_text) is not None
        self.locations = any(LOCATIONS.search(text) for text in above_text[-10:])  # rows name where, not what
        start = self.above[0] if self.above else table.first_line
        headings = Headings(table, self.labels, lines.text, lines.box, start)
        self.headings = headings.by_row()
        self.headings_above = headings.outer
        self.member_columns = self._member_columns()
        self.listed_members = self._lists_members()
        self.percent_changes = percent_changes(self.table, self.columns)
        # A reconciliation's caption names the measure it arrives at ('Reconciliation of adjusted EBIT'), not the
        # basis of its rows: the GAAP line it starts from is GAAP; each row's own words decide.
        reconciles = RECONCILIATION.search(f"{self.caption_text} {self.page_title}")
        self.basis_context = () if reconciles else (self.caption_text, self.page_title)

    def _lists_members(self) -> bool:
        """A table of one line item (its caption names it: 'SUPPLEMENTAL DATA – NET REVENUES') whose rows are names,
        not line items, closed by a total (a 'Total' row or a line of figures alone): the rows are its members
        (segments unless the caption names another axis), like 'Net revenues by segment'."""
        if self.caption_concept is None or len(self.table.rows) < 2:
            return False
        names = [row for row in self.table.rows if proper_name(self.labels[row.line])]
        if len(names) < 2 or any(row_concept(self.labels[row.line]) for row in names):
            return False
        after = self.lines.text(self.table.last_line + 1) if self.table.last_line < len(self.lines.texts) else ""
        closed = bool(re.fullmatch(r"[\s$€£()\d,.—–-]+", after)) and bool(re.search(r"\d", after))
        if not closed and not any(_CONSOLIDATED.match(self.labels[row.line]) for row in self.table.rows):
            return False
        for row in names:  # known from here on: the next table lists the same members ('Adjusted EBITDAR')
            name = name_of_row(self.labels[row.line]) or ""
            self.members.setdefault(name.lower(), member_of(name, self.axis or "segment"))
        return True

    def _member_columns(self) -> MemberColumns | None:
        """Members named over the columns (segments across, periods above them), when the columns read so far do
        not place the table's full rows."""
        rows = [(self.labels[r.line], len(r.cells)) for r in self.table.rows]
        counts = [n for _, n in rows if n >= 2]
        if not counts or max(set(counts), key=counts.count) in self.columns.counts(self.table):
            return None
        first_row = min(r.line for r in self.table.rows)
        page_lines = set(self.lines.by_page.get(self.table.page, []))
        header = [self.lines.text(n) for n in range(first_row - 8, first_row) if n in page_lines]
        return member_columns(rows, header, self.members, self.columns.period_columns(self.table))

    def _block_total(self, index: int) -> tuple[str | None, str]:
        """(line item, label) of the row that totals a block of member rows below them ('Flexibles', 'Rigid
        Packaging', 'Other' over 'Net sales'; over 'Adjusted EBIT'): the next row that names a line item."""
        for row in self.table.rows[index + 1 : index + 8]:
            label = self.labels[row.line]
            found = row_concept(label)
            if found is not None:
                return found, label
            if not member_name(label) and not re.match(r"(?i)\s*other\b", label):
                break
        return None, ""

    def _stub_member(self, above_text: list[str]) -> Member | None:
        """A member a table's title names before its column headings ('Flexibles  Twelve Months Ended June 30')."""
        stubs = [self.columns.slots.stub] if self.columns.slots is not None else []
        for text in above_text[-4:]:
            parts = _DURATION_START.split(text, maxsplit=1)
            periods = find_periods(parts[0])
            stubs.append(parts[0][: periods[0].start] if periods else parts[0] if len(parts) > 1 else "")
        for stub in stubs:
            named = SEGMENT_STUB.match(FOOTNOTE_MARK.sub("", stub).strip())
            if named and not concepts_in(named.group(1)).concepts:
                return member_of(named.group(1).strip(), "segment")  # 'PHARMACEUTICAL SEGMENT (2,3)  2022  2021 ...'
            name = member_name(stub)
            if name and (geography(name) or name.lower() in self.members):
                return member_of(name, "geography") if geography(name) else self.members[name.lower()]
        first_row = min((r.line for r in self.table.rows), default=self.table.first_line)
        page_lines = set(self.lines.by_page.get(self.table.page, []))
        headings = {self.lines.text(n).strip().lower() for n in page_lines if n < first_row}
        if captioned := next(
            filter(None, (member_in_caption(t, self.members, headings) for t in above_text[-6:])), None
        ):
            return captioned
        # 'Pharmacy Services Segment', 'Industrial Business (37.4% of consolidated sales):' over its tables
        above_on_page = [self.lines.text(n) for n in self.lines.by_page.get(self.table.page, []) if n < first_row]
        return section_member(above_on_page, lambda name: bool(concepts_in(name).concepts))

    def _caption_concept(self) -> str | None:
        found = self._titled_concept()
        if found is not None:
            return found
        for n in reversed(self.above[-3:]):  # 'The following table summarizes our Research and development expense:',
            # 'Changes in the carrying amount of goodwill by segment were as follows (in millions):'
            text = self.lines.text(n)
            named = FOLLOWING.search(text) or AS_FOLLOWS.search(text)
            contra = _CONTRA.search(text)  # 'the reserve for obsolete inventory' is not inventory
            ids = (
                [c for c in concepts_in(named.group(1)).concepts if concept(c) is not None]
                if named and not contra
                else []
            )
            if len(ids) == 1:
                return ids[0]
        return None

    def _titled_concept(self) -> str | None:
        """The line item a member table is of, from the short lines above its first row ('Sales to customers by' /
        'geographic area': revenue), nearest first."""
        rows = {r.line for r in self.table.rows}
        near = [n for n in self.above[-8:] if n not in rows and is_title(self.lines.text(n))]
        for count in range(1, 4):
            text = " ".join(self.lines.text(n) for n in near[-count:])
            ids = [c for c in concepts_in(text).concepts if concept(c) is not None]
            if len(ids) == 1:
                return ids[0]
        return None

    def _scale(self, prior: Table | None, page_lines: list[int]) -> Scale:
        header = range(self.table.header_line or 0, (self.table.header_end_line or self.table.header_line or -1) + 1)
        for number in header:
            stated = scale_stated(self.lines.text(number))
            if stated:
                return Scale(stated[0], "caption", stated[1])
        top = set(page_lines[:_PAGE_HEADER_LINES])
        for number in reversed(self.above):
            if number in top and prior is None and number < (self.table.header_line or self.table.first_line) - 2:
                continue  # a page header, not this table's caption
            stated = scale_stated(self.lines.text(number)) if len(self.lines.text(number)) <= 160 else None
            if stated:
                return Scale(stated[0], "caption", stated[1])
        first_head = self.first_on_page.header_line or self.first_on_page.first_line
        for number in page_lines[:_PAGE_HEADER_LINES]:
            stated = scale_stated(self.lines.text(number)) if number < first_head - 2 else None
            if stated:  # above the page's first table and apart from its heading: the page's statement
                return Scale(stated[0], "page_header", stated[1])
        section = self.lines.section_at(self.table.first_line)
        if section is not None:
            return section
        return self.lines.document or Scale(1.0, "none")

    def facts(self, balance_page: bool) -> list[Fact]:
        out: list[Fact] = []
        for r, row in enumerate(self.table.rows):
            out.extend(self._row_facts(r, row, self.labels[row.line], balance_page))
        return out

    def _member(self, row: TableRow, label: str, heading: str | None) -> tuple[Member | None, str]:
        """(member, the text naming the line item): a sub-heading or label naming a member, or the parent."""
        group = (heading or "").strip()
        closing = re.match(r"\s*total\s+(.+)", label, re.IGNORECASE)  # 'Total Optical Communications' after the
        if closing and (block := self.blocks.get(frozenset(tokenize(closing.group(1))))):  # rows of its parts
            return block, label
        if label == "Total" and (block := self.members.get(group.lower()) or _geography_member(group)) is not None:
            return block, label  # a block's line of figures alone ('Regional Operations' ... '926,100 959,669')
        if _CONSOLIDATED.match(label) or _AGGREGATE.search(label):
            return None, label  # 'Worldwide', 'Reportable segment net revenues': all the members together
        found: list[tuple[Member, str]] = []
        for text, other in ((label, group), (group, label)):
            name = member_name(text) if text else None
            if not name:
                continue
            known = member_of(name, "geography") if geography(name) else self.members.get(name.lower())
            named = axis_named(group) if text == label and group and not row_concept(group) else None
            if known is not None and named is not None and known.axis != "geography":
                known = Member(name=known.name, axis=named)  # 'Operating segments:' over a name known as a product
            if known is None and text == group and self.axis is not None and not row_concept(group):
                known = member_of(name, self.axis)
            if known is not None:
                found.append((known, other))
        if len(found) == 2:  # 'Consumer Health' over 'U.S.': the segment's part in a geography
            outer, inner = found[1][0], found[0][0]
            self.blocks[frozenset(tokenize(group))] = outer
            return Member(name=f"{outer.name} — {inner.name}", axis=outer.axis), label
        if found:
            return found[0]
        if self.table_member is not None:
            return self.table_member, label
        if self.listed_members and proper_name(label) and not row_concept(label) and not CLASS_ONLY.match(label):
            return member_of(name_of_row(label) or label, self.axis or "segment"), label
        name = member_name(label)
        if name and group and row_concept(group) in _BROKEN_DOWN and not row_concept(label):
            return Member(name=name, axis="product"), group  # 'Revenue:' over 'Product', 'Service and other'
        if self.entity is not None:
            own = issuers_own_row(label, f"{group} {row.group or ''}", self.issuer)
            return (None if own else self.entity), label
        return None, label

    def _row_facts(self, r: int, row: TableRow, label: str, balance_page: bool) -> list[Fact]:
        counts = self.columns.counts(self.table)
        if self.member_columns is not None:  # its rows line up with the member columns, or only with their totals
            counts = {self.member_columns.cells, len(self.member_columns.totals)} - {0}
        row = realigned(row, self.lines.text(row.line), counts)
        heading = self.headings.get(row.line) or per_share_title(self.lines.text(row.line - 1))
        member, item_text = self._member(row, label, heading)
        row = typed_row(row, label, heading, balance_page, self.lines.text(row.line), self.table, self.column_header)
        row_cid = row_concept(item_text)
        block_basis = ""
        own_member = member is not None and member is not self.table_member  # the row names it: the heading's part
        if row_cid is None and (own_member or _CONSOLIDATED.match(label) or CLASS_ONLY.match(label)):
            row_cid = row_concept(heading or "") or (self.caption_concept if not CLASS_ONLY.match(label) else None)
        if row_cid is None and own_member:
            row_cid, block_basis = self._block_total(r)
        if (
            row_cid is None
            and BALANCE_ROW.match(label)
            and not re.search(r"(?i)\b(?:beginning|opening)\b", label)  # the balance the period starts from
        ):
            row_cid = self.caption_concept  # a roll-forward's 'Balance at December 31, 2019': of the caption's item
        if row.kind == "per_share":
            prior = self.labels[self.table.rows[r - 1].line] if r > 0 else ""
            named = label
            if CLASS_ONLY.match(label) and CLASS_LAST.search(prior) and re.search(r"(?i)income|earnings", prior):
                named = f"{prior.split(':')[0]} {label}"  # 'Net income: Basic' over 'Diluted': EPS, diluted
            row_cid = per_share_concept(named, heading, row_cid)
        kind_of_row = {"shares": "count", "count": "count", "per_share": "per_share"}.get(row.kind, "money")
        out = []
        for i, cell in enumerate(row.cells):
            value = row.values[i]
            if value is None:
                continue
            column, extra = self.columns.locate(self.table, row, i)
            across = self.member_columns.place(len(row.cells), i) if self.member_columns is not None else None
            extra = across[2] if across is not None and across[2] else extra  # '% Change' under a member's name
            cid = self.columns.concept_of(column) if member is not None or _CONSOLIDATED.match(label) else None
            located = self.locations and row_concept(label) is not None  # a line item says where the amount went
            cid = None if located else cid or row_cid
            entry = concept(cid) if cid else None
            if entry is not None and entry.kind == "money" and kind_of_row in ("count", "per_share"):
                cid, entry = None, None  # 'Number of shares repurchased' is not the dollars of share repurchases
            measure = measure_of(f"{label} {heading or ''}", extra)
            if cid is None and measure == "level" and row.kind == "percent" and (numerator := margin_numerator(label)):
                cid, measure = numerator, "pct_of_total"  # 'Operating margins': operating income as a % of revenue
            counted = SHARE_COUNT.match(label) or SHARE_COUNT.match(heading or "")
            if row.kind == "shares" and counted and per_share_class_of(label, heading):
                measure, cid = "weighted_average", "weighted_shares"  # EPS's denominator
                entry = concept(cid)
            line_text = self.lines.text(row.line)
            # a sentence read as a row: the words just before the figure say what it is
            if len(row.cells) <= 3 and len(_WORD.findall(line_text)) >= 12 and is_prose(line_text):
                if changed_before(line_text, cell):
                    measure = "pct_change" if cell.endswith("%") else "change"
                else:
                    measure = measure_of(line_text[: max(0, line_text.find(cell))][-40:], extra)
            if extra and (len(row.cells), i) in self.percent_changes and measure in ("level", "change"):
                measure = "pct_change"  # a 'Change' column whose figures are printed '25%', '44', ...
            if measure == "level" and HEADCOUNT.match(label):
                measure = "period_end_count"  # 'Headcount', 'Number of client advisors': a count at the period's end
            if (
                measure == "level"
                and row.kind == "percent"
                and (_GROWTH.search(f"{label} {heading or row.group or ''}") or _GROWTH_WORD.search(self.caption_text))
            ):
                measure = "pct_change"  # 'Comparable sales growth 4.8%'; under 'Year-over-year Percentage Growth:'
            if measure == "level" and COUNTED.search(heading or ""):
                measure = "period_end_count"  # 'Number of stores' over 'Domestic 1,026
            instant = balance_page or cid in _BALANCE or as_of(heading) or measure == "period_end_count"
            instant = instant or bool(POINT_IN_TIME.search(label) and not FLOW.search(f"{label} {heading or ''}"))
            period = self._period(column, instant or as_of(self.headings_above.get(row.line)))
            cell_member = member
            if across is not None:
                period = across_period(across[1], label, instant, self.calendar)
                cell_member = crossed(across[0], member)
            period = dated_row_period(label, period, bool(self.table.columns), self.calendar)
            kind = "percent" if measure in ("pct_change", "pct_of_total") and extra else self._kind(row, i, cell)
            scale = self._cell_scale(row, i, kind)
            out.append(
                Fact(
                    value=value,
                    text=cell,
                    sign_source=sign_of(cell, value),
                    kind=kind,
                    currency=self._currency(row, kind),
                    scale=scale.factor,
                    scale_source=scale.source,
                    period=period,
                    member=cell_member,
                    basis=basis_of(label, extra, heading or "", block_basis, *self.basis_context),
                    per_share_class=share_class(label, heading, kind, cid),
                    measure=measure,
                    scenario=scenario_of(label, section_titles(self.above_text)),
                    concept=cid,
                    element=entry.element if entry else None,
                    label=label,
                    recorded_in=label if located else None,
                    provenance=Provenance(
                        doc=self.doc_id,
                        page=self.table.page,
                        global_line=row.line,
                        table=self.index,
                        row=r,
                        column=i,
                        box=self.lines.box(row.line),
                    ),
                )
            )
        return out

    def _period(self, index: int | None, instant: bool) -> Period | None:
        if index is None or index >= len(self.heads):
            return None
        return to_period(self.heads[index], instant, self.calendar)

    def _kind(self, row: TableRow, index: int, cell: str) -> FactKind:
        if self.table.is_percent(row, index, self.percent_columns):
            return "percent"
        if row.kind == "per_share" or (self.price_columns and price_cell(cell, row.cells, self.header_text)):
            return "per_share"
        if row.kind in ("shares", "count"):
            return "count"
        if cell.lstrip("(")[:1] not in CURRENCY_SIGNS and any(
            in_thousands_mark(t or "") for t in (row.label, row.group)
        ):
            return "count"  # 'Wireless retail postpaid accounts ('000)' in a table of dollars in millions
        if _DAYS.search(row.label):
            return "days"
        if _RATIO.search(row.label) and cell.lstrip("(")[:1] not in "$€£¥":
            return "ratio"
        if self.table.currency or self.scale.factor > 1 or cell.lstrip("(")[:1] in CURRENCY_SIGNS:
            return "money"
        if _WHOLE_NUMBER.fullmatch(cell):
            return "count"  # whole numbers in a table that states no money: votes, stores, employees
        return "other"

    def _cell_scale(self, row: TableRow, index: int, kind: FactKind) -> Scale:
        own = row_scale_stated(row.label) or (row_scale_stated(row.group) if row.group else None)
        if kind in ("percent", "per_share", "ratio", "days"):
            return Scale(1.0, "none")
        if own is not None:
            return Scale(own[0], "row", own[1])
        unscaled = row.kind == "count" and self.table.scale_of(row, index) == 1.0  # a count the caption leaves alone
        if kind == "count" and (unscaled or not self.scale.shares):
            return Scale(1.0, "none")
        if kind == "money" and row.kind == "amount" and SHARES.search(row.label):
            return self.scale  # an equity line's dollars ('Treasury shares (2 million shares)')
        if self.table.scale not in (None, 1.0) and self.table.scale_of(row, index, self.percent_columns) == 1.0:
            return Scale(1.0, "none")  # a caption's 'except store counts'
        return self.scale

    def _currency(self, row: TableRow, kind: FactKind) -> str | None:
        if kind not in ("money", "per_share"):
            return None
        for cell in row.cells:
            sign = cell.lstrip("(-")[:1]
            if sign in CURRENCY_SIGNS:
                return CURRENCY_SIGNS[sign]
        return self.table.currency or "USD"
