"""The fact reader's last pass in two processes: its work cut in two at one point, in the order it is read.

A long document's facts are read in order: its tables one after another, then its prose page by page. That
sequence is cut once, where the two parts take about as long: the part before the cut is read in this process
while a forked child (``ingest.forked``) reads the part after it, and the child's facts follow this process's.
The list is the one reading it all here gives (the same facts in the same order: each part sorted by line and
column, the two merged, this process's first where they tie); only the time differs. Before, the tables were read
here and the prose in the child, and a 10-K's prose took the child half again as long. Each part is given as
*encode* makes each of its facts (``docintel ingest`` asks for the rows of the cache file: written as they come,
the child's facts are never made again here).

A table costs about its cells with a figure; a prose line with a digit about ``SENTENCE_LINE`` cells (measured on
the largest FinanceBench 10-K: 85 microseconds a cell, 200 a line); the child's share carries the fork (its
copied memory, the facts sent back): ``CHILD_SHARE`` of the work is left to it rather than half.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Collection, Sequence
from operator import itemgetter
from typing import Protocol, TypeVar

from .facts import Fact
from .forked import beside
from .tables import Table

SENTENCE_LINE = 2.3  # a prose line with a digit costs about this many table cells
CHILD_SHARE = 0.45  # of the work, for the child: it pays for the fork and for sending its facts back
_DIGIT = re.compile(r"\d")

Prose = Callable[[set[int] | None], list[Fact]]  # the prose facts of some pages (None: every page)
T = TypeVar("T")
Order = tuple[int, int]  # a fact's place in the list: its line, then its column


class Reader(Protocol):
    """A table's reader (``factread._TableReader``)."""

    table: Table

    def facts(self, balance_page: bool) -> list[Fact]: ...


class Lines(Protocol):
    """The document's lines by page (``factpage.Lines``)."""

    by_page: dict[int, list[int]]

    def text(self, line: int) -> str: ...


def cut(costs: Sequence[float], child_share: float = CHILD_SHARE) -> int:
    """Where to cut work items of these costs: the items before it are read here, the rest by the child."""
    total = sum(costs)
    here, point = 0.0, 0
    while point < len(costs) and here + costs[point] / 2 <= (1 - child_share) * total:
        here += costs[point]
        point += 1
    return point


def in_order(facts: list[Fact], encode: Callable[[Fact], T]) -> list[tuple[Order, T]]:
    """The facts sorted by line and column (a stable sort: the reading order where they tie), each encoded."""
    keyed = [((fact.provenance.global_line, fact.provenance.column or 0), fact) for fact in facts]
    keyed.sort(key=itemgetter(0))
    return [(order, encode(fact)) for order, fact in keyed]


def read_in_two(
    readers: Sequence[Reader],
    balance_pages: Collection[int],
    prose: Prose,
    lines: Lines,
    table_lines: set[int],
    fork: bool,
    encode: Callable[[Fact], T],
) -> list[T]:
    """Every table's facts and then the prose's, sorted by line and column and each encoded; with *fork*, the part
    after the cut read by a forked child meanwhile."""

    def tables(chosen: Sequence[Reader]) -> list[Fact]:
        return [fact for reader in chosen for fact in reader.facts(reader.table.page in balance_pages)]

    if not fork:
        return [value for _, value in in_order(tables(readers) + prose(None), encode)]
    pages = list(lines.by_page)
    costs = [float(sum(v is not None for row in reader.table.rows for v in row.values)) for reader in readers]
    costs += [
        SENTENCE_LINE * sum(1 for n in numbers if n not in table_lines and _DIGIT.search(lines.text(n)))
        for numbers in lines.by_page.values()
    ]
    point = cut(costs)
    tables_here, pages_here = min(point, len(readers)), max(0, point - len(readers))
    here, there = set(pages[:pages_here]), set(pages[pages_here:])

    def child() -> list[tuple[Order, T]]:
        return in_order(tables(readers[tables_here:]) + (prose(there) if there else []), encode)

    with beside(child, fork=point < len(costs)) as pending:
        facts = in_order(tables(readers[:tables_here]) + (prose(here) if here else []), encode)
        return [value for _, value in heapq.merge(facts, pending.result(), key=itemgetter(0))]
