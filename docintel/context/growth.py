"""A document's evidence block filled one passage at a time, each step paying for the lines it changes.

Packing tries the candidates in rank order and needs, for each, the exact size of its document's block
with the passage added (``DocumentView.size``). Laying the whole block out again per candidate costs
O(kept passages) each time: 60 ms per question at a 150,000-character budget. A ``Growth`` keeps the
block's merged lines, its runs (lines plus the table header lines they need) and each run laid out, so
adding a passage re-lays out only the runs it touches and the runs after them whose section label
changes (usually none). ``DocumentView.size`` stays the definition: a test checks that both agree.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from .evidence import Cluster, DocumentView, Spans, merge_spans


@dataclass(frozen=True)
class Growth:
    """A block as filled so far: merged lines sent, header lines needed, runs and their layouts, exact size."""

    covered: Spans  # the passages' lines, merged
    found: frozenset[int]  # header lines the passages' table rows need, sent or not
    heads: list[int]  # of those, the ones outside ``covered`` (sent as table headers), sorted
    runs: Spans  # covered lines and heads, merged: one laid-out run each
    clusters: list[Cluster]
    shown: list[tuple[str, ...] | None]  # the section path shown before each run
    body: int  # the runs' sizes summed
    size: int


NO_GROWTH = Growth([], frozenset(), [], [], [], [], 0, 0)


def _end(span: tuple[int, int]) -> int:
    return span[1]


def _start(span: tuple[int, int]) -> int:
    return span[0]


def _touching(spans: Spans, start: int, end: int) -> tuple[int, int]:
    """The slice [i, j) of sorted, merged *spans* that overlap or touch lines start..end."""
    return bisect.bisect_left(spans, start - 1, key=_end), bisect.bisect_right(spans, end + 1, key=_start)


def grow(view: DocumentView, growth: Growth, span: tuple[int, int]) -> Growth:
    """*growth* with the passage *span* added (its size equals ``view.size`` of all the passages)."""
    i, j = _touching(growth.covered, *span)
    low, high = (min(span[0], growth.covered[i][0]), max(span[1], growth.covered[j - 1][1])) if i < j else span
    covered = [*growth.covered[:i], (low, high), *growth.covered[j:]]
    new = sorted(view.heads_of(*span) - growth.found) if view.table_headers else []
    added = [n for n in new if not _in(covered, n)]
    heads = sorted([*(n for n in growth.heads if not low <= n <= high), *added])  # covered heads become rows
    a, b = _touching(growth.runs, min(low, *added) if added else low, max(high, *added) if added else high)
    region = merge_spans([*growth.runs[a:b], (low, high), *((n, n) for n in added)])
    clusters, shown = growth.clusters[:a], growth.shown[:a]
    body = growth.body - sum(c.size for c in growth.clusters[a:b])
    last = clusters[-1].shown if clusters else None
    for start, end in region:
        shown.append(last)
        clusters.append(view.cluster(start, end, _heads_in(heads, start, end), last))
        body += clusters[-1].size
        last = clusters[-1].shown
    k = b
    while k < len(growth.runs) and last != growth.shown[k]:  # a later run shows its label only if the path differs
        start, end = growth.runs[k]
        shown.append(last)
        clusters.append(view.cluster(start, end, _heads_in(heads, start, end), last))
        body += clusters[-1].size - growth.clusters[k].size
        last = clusters[-1].shown
        k += 1
    clusters += growth.clusters[k:]
    shown += growth.shown[k:]
    runs = [*growth.runs[:a], *region, *growth.runs[b:]]
    found = growth.found.union(new)
    return Growth(covered, found, heads, runs, clusters, shown, body, view.block_size(clusters, body))


def _in(spans: Spans, line: int) -> bool:
    """Whether *line* is in one of the sorted, merged *spans*."""
    at = bisect.bisect_right(spans, line, key=_start) - 1
    return at >= 0 and spans[at][1] >= line


def _heads_in(heads: list[int], start: int, end: int) -> frozenset[int]:
    return frozenset(heads[bisect.bisect_left(heads, start) : bisect.bisect_right(heads, end)])
