"""The columns of one table: each column's period head and, for a change column, its words.

Two layouts. The table reader's: its column periods (``Table.columns``) and the words after them
(``Table.extra_columns``: '% Change'), the periods' lengths and dates taken from the header lines above
(``factperiod.column_heads``). Or, when that reader found no columns, or fewer than the header prints, the
header read as slots (``factheader``): periods and change columns interleaved, in groups, each group's
duration from a spanning heading above ("FOURTH QUARTER  TWELVE MONTHS").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..concepts import concept, concepts_in
from ..domain import table
from .factconcepts import concepts_in_order
from .factheader import SlotHeader, parse_slots
from .factperiod import ColumnHead, column_heads, fill_from_labels, length_of, span_groups
from .tables import Table, TableRow

_LOOK_UP = 4  # header lines above the periods' line that may hold durations and dates


@dataclass
class Columns:
    """Each column's head, the words over change columns, and a scale the header's unit words state."""

    heads: list[ColumnHead]
    words: list[str]
    slots: SlotHeader | None = None
    scale: float | None = None
    concepts: list[str | None] | None = None  # a line item per column, from a heading spanning column groups
    layouts: dict[int, list[int]] | None = None  # cells in a row -> the column of each (amount / % of sales pairs)

    def concept_of(self, column: int | None) -> str | None:
        """The line item a heading over the column's group names ('Net Sales  Operating Income'), or None."""
        if self.concepts is None or column is None or column >= len(self.concepts):
            return None
        return self.concepts[column]

    def counts(self, table: Table) -> set[int]:
        """The numbers of cells a row may have to line up with these columns."""
        if self.layouts is not None:
            return set(self.layouts)
        if self.slots is not None:
            doubled = len(self.slots.slots) + len(self.slots.slots) - len(self.slots.periods)
            return {len(self.slots.slots), len(self.slots.periods), doubled}
        n = len(table.columns)
        return {n + k for k in range(len(table.extra_columns) + 1)} if n else set()

    def period_columns(self, table: Table) -> tuple[list[ColumnHead], list[str]]:
        """The heads of the columns read as periods and the words of the change columns after them."""
        if self.slots is not None:
            changes = [i for i in range(len(self.slots.slots)) if i not in self.slots.periods]
            return [self.heads[i] for i in self.slots.periods], [self.words[i] for i in changes]
        if self.layouts is not None:
            return [], []
        return self.heads[: len(table.columns)], list(table.extra_columns)

    def _doubled(self, n_cells: int, index: int) -> tuple[int | None, str]:
        """A row printing two cells under each change slot, the change and then the change in percent ('2022 vs.
        2021' over '$ 5,406 8.0 %'): the slot of the *index*-th cell, and '% change' for the second of a pair."""
        if self.slots is None:
            return None, ""
        cells: list[tuple[int, str]] = []
        for i, slot in enumerate(self.slots.slots):
            cells += [(i, "")] if slot.period else [(i, self.words[i]), (i, f"% change {self.words[i]}".strip())]
        return cells[index] if n_cells == len(cells) and len(cells) > len(self.slots.slots) else (None, "")

    def locate(self, table: Table, row: TableRow, index: int) -> tuple[int | None, str]:
        """(head index, change words) of the row's *index*-th cell; (None, '') when the cell has no column."""
        n_cells = len(row.cells)
        if self.layouts is not None:
            if n_cells not in self.layouts:
                return None, ""
            column = self.layouts[n_cells][index]
            return column, self.words[column]
        if self.slots is not None:
            periods = self.slots.periods
            if n_cells == len(self.slots.slots):
                return index, self.words[index]
            if n_cells == len(periods):
                return periods[index], ""
            return self._doubled(n_cells, index)
        n = len(table.columns)
        if not row.aligned or not n or len(row.cells) not in self.counts(table):
            return None, ""
        if index < n:
            return index, ""
        extra = index - n
        latest = max(range(n), key=lambda i: _when(self.heads[i])) if self.heads else 0
        return (latest, table.extra_columns[extra]) if extra < len(table.extra_columns) else (None, "")


def percent_changes(table: Table, columns: Columns) -> set[tuple[int, int]]:
    """(cells in the row, cell index) of change columns any of whose figures is printed with '%' (a % change)."""
    found: set[tuple[int, int]] = set()
    for row in table.rows:
        changes = [i for i in range(len(row.cells)) if columns.locate(table, row, i)[1]]
        levels = [c for i, c in enumerate(row.cells) if i not in changes]
        if any(c.rstrip(")").endswith("%") for c in levels):
            continue  # a row of percentages ('Cost of sales as a % of Revenues') says nothing of the column
        found.update((len(row.cells), i) for i in changes if row.cells[i].rstrip(")").endswith("%"))
    return found


def table_columns(table: Table, above: list[int], text: Callable[[int], str]) -> Columns:
    """The columns of *table*, *above* being the GLOBAL_LINEs between the previous table and its first row."""
    header_top = table.header_line or table.first_line
    slots, slot_line = _slot_header(table, above, text)
    if slots is not None and (not table.columns or len(slots.slots) > len(table.columns) or table.problem):
        return _slot_columns(slots, header_lines(above, slot_line, text))
    head_lines = header_lines(above, header_top, text)
    heads = column_heads(head_lines, len(table.columns), [c.label for c in table.columns])
    fill_from_labels(heads, [c.heading for c in table.columns])
    groups = _year_groups([c.label for c in table.columns])
    below = [text(n) for n in above if n >= header_top]
    paired = _paired(table, heads, below)
    if paired is not None:
        return paired
    concepts = _group_concepts(head_lines, groups) or _lead_concept(text(header_top), len(heads))
    return Columns(heads=heads, words=[""] * len(heads), concepts=concepts)


_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


def is_prose(line: str) -> bool:
    """A line of running text, not a column heading: at least eight words outside parentheses, most of them
    lower-case ('... primarily due to higher earnings charges at BCA and BGS in 2020 and higher'); headings are
    capitalised or short ('Three months ended June 30,', 'Years ended December 31, 2022 2021 2020')."""
    words = _WORD.findall(re.sub(r"\([^)]*\)?", " ", line))
    lower = [w for w in words if w[0].islower()]
    return len(words) >= 8 and len(lower) * 3 >= len(words) * 2


def header_lines(above: list[int], top: int, text: Callable[[int], str]) -> list[str]:
    """The up-to-``_LOOK_UP`` lines just above a header line *top* that may hold its durations and dates, top to
    bottom, stopping (upwards) at a line of prose: a sentence above a table says nothing of its columns ('charges
    at BCA' is no 'as at'; 'in the fourth quarter of 2020' no quarter's column)."""
    found: list[str] = []
    for number in sorted((n for n in above if top - _LOOK_UP <= n < top), reverse=True):
        line = text(number)
        if is_prose(line):
            break
        found.insert(0, line)
    return found


_REVENUE = table().short_forms("revenue")  # 'Percent to Sales', '% of net revenues'
SHARE_OF_REVENUE = f"% of {table().item('revenue').label.lower()}"  # the words of a share-of-revenue column
_SHARE_OF = re.compile(rf"\bto\s+(?:net\s+)?(?:{_REVENUE})\b|\bof\s+(?:net\s+)?(?:{_REVENUE})\b|\bof\s+total\b", re.I)


def _paired(table: Table, heads: list[ColumnHead], below: list[str]) -> Columns | None:
    """Columns printed as pairs under each period ('2022: Amount | Percent to Sales', '2021: ...') and then
    change columns ('Percent Increase (Decrease)'), when the header's words name one share of sales per period."""
    k = len(heads)
    counts = Counter(len(row.cells) for row in table.rows)
    if not k or not counts or sum(len(_SHARE_OF.findall(line)) for line in below) != k:
        return None
    full = counts.most_common(1)[0][0]
    extras = full - 2 * k
    if not 0 <= extras <= 2:
        return None
    latest = max(range(k), key=lambda i: _when(heads[i]))
    columns = [replace(heads[i // 2]) for i in range(2 * k)] + [replace(heads[latest]) for _ in range(extras)]
    words = ["" if i % 2 == 0 else SHARE_OF_REVENUE for i in range(2 * k)] + ["% change"] * extras
    amounts, changes = list(range(0, 2 * k, 2)), list(range(2 * k, 2 * k + extras))
    layouts = {full: list(range(full)), k: amounts, k + extras: amounts + changes}
    return Columns(heads=columns, words=words, layouts=layouts)


def _year_groups(labels: list[str]) -> list[int]:
    """Each column's group when the header repeats its periods ('2018 2017 2016 2018 2017 2016' -> 0 0 0 1 1 1)."""
    groups, group = [], 0
    for i, label in enumerate(labels):
        if i and label == labels[0]:
            group += 1
        groups.append(group)
    return groups


def _group_concepts(lines: list[str], groups: list[int]) -> list[str | None] | None:
    """A line item per column from a heading line naming one per column group ('Net Sales  Operating Income')."""
    count = max(groups, default=0) + 1
    if count < 2:
        return None
    for line in reversed(lines):
        named = concepts_in_order(line) if not re.search(r"\d", line) else []
        if len(named) == count:
            return [named[g] for g in groups]
        words = re.sub(r"\(\w\)", " ", line).split()  # one word per group, footnote marks aside:
        if len(words) == count and not re.search(r"\d", line) and all(w[:1].isupper() for w in words):
            each = [found[0] if len(found := concepts_in_order(w)) == 1 else None for w in words]
            if any(each):  # 'Revenues  Earnings (a)  Revenues  Earnings (a)': revenue, (unnamed), ...
                return [each[g] for g in groups]
    return None


def _lead_concept(header: str, count: int) -> list[str | None] | None:
    """The one line item a header line names before its years, for every column ('Revenue from external customers
    2020 2019 2018' over a segment table's rows)."""
    lead, *rest = re.split(r"\b(?:19|20)\d\d\b", header, maxsplit=1)
    found = concepts_in(lead).concepts if rest and not re.search(r"\d", lead) else frozenset()
    named = [c for c in found if concept(c) is not None]  # a line item's wording, not 'Asset Class'
    return [named[0]] * count if len(named) == 1 and count else None


def _slot_header(table: Table, above: list[int], text: Callable[[int], str]) -> tuple[SlotHeader | None, int]:
    candidates = [table.header_line] if table.header_line is not None else []
    candidates += [n for n in reversed(above) if n not in candidates][:6]
    for number in candidates:
        parsed = parse_slots(text(number))
        if parsed is not None:
            return parsed, number
    return None, 0


def _slot_columns(slots: SlotHeader, spanning: list[str]) -> Columns:
    """Heads for every slot: a period slot's own, a change slot's the first period of its group."""
    heads = [ColumnHead(label=s.label) if s.period else ColumnHead(label="") for s in slots.slots]
    periods = slots.periods
    fill_from_labels_at(heads, periods, slots.stub)
    n_groups = slots.groups
    for line in spanning:
        for group, heading in span_groups(line, n_groups):
            months, weeks = length_of(heading)
            for head, slot in zip(heads, slots.slots, strict=True):
                if slot.group == group and slot.period and head.quarter is None:  # '2Q23' stays a quarter
                    head.months, head.weeks = head.months or months, head.weeks or weeks
                    head.heading = f"{heading} {head.heading}".strip()
    period_heads = [heads[i] for i in periods if heads[i].quarter is None]
    column_heads_into(period_heads, spanning)
    compared = _compared(spanning, [i for i, s in enumerate(slots.slots) if not s.period])
    for i, slot in enumerate(slots.slots):  # a change slot named by its years ('2021 vs. 2020'): the first of them
        if not slot.period and (pair := _COMPARISON.search(slot.label)):
            compared.setdefault(i, int(pair.group(1)))
    for i, slot in enumerate(slots.slots):
        if not slot.period:
            same = [p for p in periods if slots.slots[p].group == slot.group] or periods
            if len(same) == 1 and same[0] > 0:  # 'FISCAL 2021  % CHANGE': 2022 against 2021, the column before
                same = [*same, max(p for p in periods if p < same[0])] if any(p < same[0] for p in periods) else same
            if i in compared:  # '2022 vs. 2021  2021 vs. 2020' over '$ % $ %': the later year of its pair
                same = [p for p in periods if heads[p].year == compared[i]] or same
            heads[i] = replace(heads[max(same, key=lambda p: _when(heads[p]))])  # a change is the latest period's
    stacked = _stacked(spanning, n_groups)
    words = ["" if s.period else _change_words(s.label, spanning, stacked) for s in slots.slots]
    concepts = _group_concepts(spanning, [s.group for s in slots.slots])
    return Columns(heads=heads, words=words, slots=slots, scale=slots.scale, concepts=concepts)


_COMPARISON = re.compile(r"((?:19|20)\d{2})\s*(?:-|–|vs\.?|versus|over|compared\s+to)\s*(?:19|20)\d{2}", re.I)


def _compared(lines: list[str], changes: list[int]) -> dict[int, int]:
    """The year each change column compares, from a heading over them naming the comparisons left to right
    ('2022 vs. 2021  2021 vs. 2020' over '$ % $ %'): change slot -> the later year of its comparison."""
    for line in reversed(lines):
        years = [int(m.group(1)) for m in _COMPARISON.finditer(line)]
        if len(years) >= 2 and changes and len(changes) % len(years) == 0:
            per = len(changes) // len(years)
            return {slot: years[k // per] for k, slot in enumerate(changes)}
    return {}


def _stacked(lines: list[str], n_groups: int) -> str:
    """Words printed one above the other over a change column, the same in every group ('% CHANGE' /
    'EXCLUDING' / 'CURRENCY' over 'CHANGES'): each line made of one phrase repeated once per group."""
    words = []
    for line in lines:
        parts = line.split()
        size = len(parts) // n_groups if n_groups else 0
        if (
            size
            and len(parts) == size * n_groups
            and all(parts[i * size : (i + 1) * size] == parts[:size] for i in range(n_groups))
        ):
            words.append(" ".join(parts[:size]))
    return " ".join(words)


def fill_from_labels_at(heads: list[ColumnHead], periods: list[int], stub: str) -> None:
    """Fill the period slots' heads from their labels and the stub words before them."""
    chosen = [heads[i] for i in periods]
    fill_from_labels(chosen, [stub] * len(chosen))


def column_heads_into(heads: list[ColumnHead], lines: list[str]) -> None:
    """Dates printed on header lines above ('July 2, July 3,'), one per period column, copied into *heads*."""
    found = column_heads(lines, len(heads), [h.label for h in heads])
    for head, other in zip(heads, found, strict=True):
        if head.month is None and other.month is not None:
            head.month, head.day = other.month, other.day


def _when(head: ColumnHead) -> tuple[int, int, int]:
    """A column's period for ordering: year, month, day (unknown parts 0)."""
    return head.year or 0, head.month or 0, head.day or 0


def _change_words(label: str, spanning: list[str], stacked: str) -> str:
    """A change column's words, with 'percent' when a heading above says the changes are percentages, and the
    words stacked above a column whose own word is not a whole heading ('CHANGES')."""
    label = re.sub(r"(?i)^operations$", "operational", label)  # 'Total Operations Currency': operational growth
    if label.strip() == "%":
        return "% change"  # '2022 2021 2020 $ % $ %': a column headed only '%' beside periods is their % change
    if stacked and re.fullmatch(r"(?i)changes?", label):
        return f"{stacked} {label}"
    if any(re.search(r"percent|%", line, re.IGNORECASE) for line in spanning) and "%" not in label:
        return f"% change {label}"
    return label
