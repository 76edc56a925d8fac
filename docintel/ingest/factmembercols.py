"""Tables whose columns are members: a line of segment (or region) names over the figures, repeated once per
period group, the periods printed above it.

    Three Months Ended December 31,
    2022                                  2021
    ($ in millions)  Flexibles  Rigid Packaging  Total  Flexibles  Rigid Packaging  Total
    North America    $ 1,092    $ 623            $ 1,715  ...

Each figure is then the member its column names (a segment; 'Total' is the consolidated entity) in the period its
column group is under. The names are split where a known member stands (members the document's segment and
region tables name, geographies), names wrapped over two lines are joined ('Rigid' over 'Packaging'), and what
is left is taken word by word only when that gives one name per column. A header that compares two periods
('FOURTH QUARTER 2022 ACTUAL vs. 2021 ACTUAL') is the first one's. Periods the header leaves without a year take
the row's ('Net sales fiscal year 2023'), else the latest year a row of the table names.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..periods import find_periods
from .factperiod import ColumnHead, fill_from_labels, length_of, span_groups
from .facts import Member
from .factscope import geography, member_of, place_name

_TOTALS = ("total", "consolidated", "worldwide", "total company", "ww")
_PARTS = ("other", "corporate", "eliminations", "corporate and other")
_UNIT = re.compile(r"^\s*\((?:[$€£]\s*)?(?:in\s+)?(?:millions?|thousands?|billions?|[$€£]\s*\w*)[^)]*\)\s*", re.I)
_COMPARISON = re.compile(r"\b(?:vs\.?|versus|compared\s+(?:to|with))\s", re.I)
_NAME_WORD = re.compile(r"^[A-Z][\w&.'’-]*$|^[a-z]{1,3}$|^&$")
_LOOK_UP = 4
_DANGLING = frozenset({"and", "&", "of", "or", "the", "for", "to", "in"})  # words a name cannot end with


@dataclass(frozen=True)
class MemberColumns:
    """One member (None: the consolidated total), one period head and the change words (a change column's '%
    Change', else '') per cell of a row of ``cells`` cells."""

    cells: int
    members: tuple[Member | None, ...]
    heads: tuple[ColumnHead, ...]
    totals: tuple[int, ...] = ()  # the cells under 'Total', one per period group
    words: tuple[str, ...] = ()

    def place(self, n_cells: int, index: int) -> tuple[Member | None, ColumnHead, str] | None:
        """(member, period head, change words) of the *index*-th cell of a row of *n_cells* cells: a full row's
        column, or a row printed only in the totals' columns ('Net income attributable to Amcor  109  181');
        None otherwise."""
        if n_cells == self.cells:
            return self.members[index], self.heads[index], self.words[index] if self.words else ""
        if n_cells == len(self.totals) and n_cells < self.cells:
            return None, self.heads[self.totals[index]], ""
        return None


_KEY_END = re.compile(r"\d+$|\(\w\)$")
_ENDING = re.compile(r"[a-z]{2,}")


def _key(name: str) -> str:
    return _KEY_END.sub("", name.lower()).strip(" .:")


def _split(
    words: list[str], known: dict[str, Member], above: list[str], place: Callable[[str], bool]
) -> list[str] | None:
    """The names a line of words is made of: known members and totals where they stand (longest first), names
    wrapped over two lines joined, other capitalised words one name each; None when a word cannot be a name."""
    names: list[str] = []
    at = 0
    while at < len(words):
        for size in range(min(5, len(words) - at), 0, -1):
            phrase = " ".join(words[at : at + size])
            if _key(phrase) in known or _key(phrase) in _TOTALS + _PARTS or (size > 1 and place(phrase)):
                names.append(phrase)
                at += size
                break
        else:
            if not _NAME_WORD.match(words[at]):
                return None
            names.append(words[at])
            at += 1
    return _joined(names, known, above)


def _dehyphenated(words: list[str], above: list[str]) -> list[str]:
    """The words with names hyphenated over two lines made whole: the line above holds only the names' first
    parts ('World-  Inter-') and this line, in order, as many lower-case endings ('wide', 'national')."""
    starts = [w for w in above if w.endswith("-") and len(w) > 2]
    endings = [i for i, w in enumerate(words) if _ENDING.fullmatch(w)]
    if not starts or len(starts) != len(above) or len(starts) != len(endings):
        return words
    out = list(words)
    for start, at in zip(starts, endings, strict=True):
        out[at] = start[:-1] + words[at]
    return out


def _joined(names: list[str], known: dict[str, Member], above: list[str]) -> list[str]:
    """Unknown names made known by a word printed above them ('Rigid' over 'Packaging') or by their neighbour
    ('Packaging Rigid' as extracted from two stacked lines)."""
    out: list[str] = []
    for name in names:
        key = _key(name)
        if key not in known and key not in _TOTALS + _PARTS:
            top = next((w for w in above if _key(f"{w} {name}") in known), None)
            if top is not None:
                out.append(f"{top} {name}")
                continue
            if out and _key(f"{name} {out[-1]}") in known:
                out[-1] = f"{name} {out[-1]}"
                continue
        out.append(name)
    return out


def _names_line(lines: list[str], known: dict[str, Member], cells: int, periods: int) -> tuple[int, list[str]] | None:
    """(index in *lines*, names) of the nearest line naming one member per column (the names may repeat once per
    period group) or one per group of the *periods* columns below it, at least one of them a known member. Words
    are grouped into names where a place name stands whole when every name is then a place, a total or a known
    member ('U.S.' 'International'), else where a geography begins ('Asia Middle East America/ Other'), whichever
    fits the columns first."""
    for index in range(len(lines) - 1, max(-1, len(lines) - 1 - _LOOK_UP), -1):
        text = re.sub(r"(?i)\bsegments?\b", " ", _UNIT.sub("", lines[index]))
        above = lines[index - 1].split() if index > 0 else []
        words = _dehyphenated(text.replace(",", " ").split(), above)
        if len(words) < 2 or re.search(r"\d", text) or words[-1].lower() in _DANGLING:
            continue  # a row's label wrapped over two lines ('U.S. GSEs and' / 'government agencies $ 397') is no names
        outer = _periods_below(lines[index + 1 :])
        for place in (place_name, geography):  # place names as printed, then any words a geography begins
            names = _split(words, known, above, place)
            if names is None or len(names) < 2 or not any(_key(n) in known or geography(n) for n in names):
                continue
            if place is place_name and not all(
                _key(n) in known or _key(n) in _TOTALS + _PARTS or place(n) for n in names
            ):
                continue  # split at whole place names, every name is one ('Foreign' 'Currency' is not two)
            if _spanning(names, cells, periods) is not None if outer else not cells % len(names):
                return index, names
    return None


_MONTH_DAY = re.compile(
    r"(?i)\b(january|february|march|april|may|june|july|august|september|october|november|december)\s+(\d{1,2})\b"
)


def _heads(lines: list[str], groups: int) -> list[ColumnHead] | None:
    """One head per period group from the header lines above the names (top to bottom): the nearest line with
    one period per group (or one for all), then durations and month-days spanning the groups."""
    heads: list[ColumnHead] | None = None
    for text in reversed(lines):
        periods = find_periods(text)
        if _COMPARISON.search(text):
            periods = periods[:1]  # '2022 ACTUAL vs. 2021 ACTUAL': the first is the figures' period
        if periods and len(periods) in (groups, 1):
            heads = [ColumnHead(label=p.text) for p in periods]
            fill_from_labels(heads, [""] * len(heads))
            break
    if heads is None:
        heads = [ColumnHead(label="") for _ in range(groups)]
    elif len(heads) == 1 and groups > 1:  # 'Fiscal 2023' in a title over 'Three Months Ended  Twelve Months Ended'
        heads = [replace(heads[0]) for _ in range(groups)]
    for text in lines:
        days = _MONTH_DAY.findall(text)
        if len(heads) > 1 and len(days) == len(heads):  # 'June 30,  December 31,' over '2023  2022'
            for head, (month, day) in zip(heads, days, strict=True):
                probe = find_periods(f"{month} {day}, 2000") if head.month is None else []
                head.month, head.day = (probe[0].month, probe[0].day) if probe else (head.month, head.day)
        for group, words in span_groups(text, len(heads)):
            head = heads[group]
            months, weeks = length_of(words)
            head.months, head.weeks = head.months or months, head.weeks or weeks
            day = _MONTH_DAY.search(words)
            probe = find_periods(f"{day.group(1)} {day.group(2)}, 2000") if day and head.month is None else []
            if probe:
                head.month, head.day = probe[0].month, probe[0].day
    return heads if len(heads) in (groups, 1) else None


def _periods_below(lines: list[str]) -> bool:
    """Whether the header lines below a line of names print the period columns (two periods or more on a line; not
    a sub-heading 'Fiscal 2015' over the rows): the names are then the outer heading."""
    return any(len(find_periods(text)) >= 2 for text in lines)


def _spanning(names: list[str], cells: int, periods: int) -> list[int] | None:
    """The name over each cell when each name spans its group of the *periods* columns below it and the names
    are printed once more over one change column each ('Worldwide  U.S.  International' over two periods each,
    then over '% Change'): cells = periods + one per name. None when the names do not divide the columns so."""
    repeats = _repeats(names)
    size = len(names) // repeats
    if not periods or periods % size or repeats > 2 or cells != periods + (repeats - 1) * size:
        return None
    span = periods // size
    return [i // span for i in range(periods)] + list(range((repeats - 1) * size))


def member_columns(
    table_rows: list[tuple[str, int]],
    lines: list[str],
    known: dict[str, Member],
    below: tuple[list[ColumnHead], list[str]] = ([], []),
) -> MemberColumns | None:
    """The member and period of each cell of the table's full rows, from the header *lines* above its first row
    (top to bottom); *table_rows* are (label, number of cells). *below* is the table's own period columns and
    the words of its change columns, read from the header lines under a line of names spanning them. None when
    no line names the columns' members."""
    counts = [n for _, n in table_rows if n >= 2]
    if not counts:
        return None
    cells = max(set(counts), key=counts.count)
    keys = {_key(k): m for k, m in known.items()}
    found = _names_line(lines, keys, cells, len(below[0]))
    if found is None:
        return None
    index, names = found
    if _periods_below(lines[index + 1 :]):
        return _outer_names(names, cells, keys, below)
    groups = _repeats(names) if cells == len(names) else cells // len(names)
    heads = _heads(lines[max(0, index - _LOOK_UP) : index], groups)
    if heads is None:
        return None
    years = [y for label, _ in table_rows if (y := row_year(label))]
    per = cells // len(heads)
    chosen = []
    for i in range(cells):
        head = replace(heads[i // per])
        if head.year is None and years:
            head.year = max(years)  # the table's latest year a row names ('Net sales fiscal year 2023')
        chosen.append(head)
    members = tuple(_member(names[i % len(names)], keys) for i in range(cells))
    totals = tuple(i for i in range(cells) if _key(names[i % len(names)]) in _TOTALS)
    return MemberColumns(cells=cells, members=members, heads=tuple(chosen), totals=totals)


def _outer_names(
    names: list[str], cells: int, keys: dict[str, Member], below: tuple[list[ColumnHead], list[str]]
) -> MemberColumns | None:
    """Names spanning the period columns under them (each name its group's), then one change column per name,
    each a change of its name's latest period."""
    heads, words = below
    over = _spanning(names, cells, len(heads))
    if over is None:
        return None
    chosen, changes = [], []
    for i, name in enumerate(over):
        if i < len(heads):
            chosen.append(heads[i])
            changes.append("")
            continue
        group = [heads[k] for k in range(len(heads)) if over[k] == name]
        chosen.append(replace(max(group, key=lambda h: (h.year or 0, h.month or 0, h.day or 0))))
        changes.append(words[0] if words else "change")
    members = tuple(_member(names[i], keys) for i in over)
    return MemberColumns(cells=cells, members=members, heads=tuple(chosen), words=tuple(changes))


def _repeats(names: list[str]) -> int:
    """How many times the names repeat, once per period group ('Flexibles Rigid Total Flexibles Rigid Total': 2)."""
    for size in range(1, len(names) + 1):
        if len(names) % size == 0 and names == names[:size] * (len(names) // size):
            return len(names) // size
    return 1


def _member(name: str, known: dict[str, Member]) -> Member | None:
    key = _key(name)
    if key in _TOTALS:
        return None
    if key in known:
        return Member(name=name, axis=known[key].axis)
    return member_of(name, "segment")


def row_year(label: str) -> int | None:
    """The year a row's own label names ('Net sales fiscal year 2023'), or None."""
    periods = [p for p in find_periods(label) if p.year]
    return periods[0].year if len(periods) == 1 else None
