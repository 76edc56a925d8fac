"""A per-share sub-heading over a table's rows ('Earnings per common share––basic:' / 'Net income attributable
to ... $ 0.41'): the rows under it are amounts per share, never scaled by the table's '(In millions, except per
share data)'; nor is a row of dollars and cents in such a table."""

from __future__ import annotations

import re

from ..concepts import concept, concepts_in, qualifier_text
from ..ingest.documents import Document
from ..ingest.tables import Table, TableRow

_CENTS_CELL = re.compile(r"\(?\$?\s*\d{1,3}\.\d{2}\)?")
_DASH_CELL = re.compile(r"[—–-]+")
_EXCEPT_PER_SHARE = re.compile(r"\bexcept\s+(?:for\s+)?per[- ](?:common\s+)?share\b", re.IGNORECASE)


def cents_row(table: Table, row: TableRow) -> bool:
    """Whether *row* of a table '(In millions, except per share data)' prints dollars and cents in every cell
    ('Net income attributable to Pfizer Inc. common shareholders $ 0.41 $ 1.77 $ 1.40 $ 3.17', under a heading
    the table reader took for another row's label): the amounts the caption excepts, never printed so in millions."""
    if not _EXCEPT_PER_SHARE.search(table.caption or ""):
        return False
    cells = [c.strip() for c in row.cells if not _DASH_CELL.fullmatch(c.strip())]
    return bool(cells) and all(_CENTS_CELL.fullmatch(c) for c in cells)


_SHARE_COUNT_HEADING = re.compile(r"\bweighted|\bshares\s+(?:used|outstanding)\b", re.IGNORECASE)
_PER_SHARE_HEADING = re.compile(r"(?<!except )\bper\s+(?:\w+\s+){0,2}share\b", re.IGNORECASE)


def per_share_heading(document: Document, table: Table, row: TableRow) -> str:
    """The sub-heading above *row*'s run of rows when it says per share (over one or two lines), else ''."""
    rows = sorted((r for r in table.rows if r.line <= row.line), key=lambda r: r.line)
    first = row.line  # the first row of the sub-heading's run that *row* ends ('Basic', then 'Diluted')
    for earlier in reversed(rows[:-1]):
        if earlier.group != row.group:
            break
        first = earlier.line
    header = table.header_end_line or table.header_line or table.first_line - 1
    above = [r.line for r in rows if r.line < first]
    start = max([*above, header]) + 1  # never the header's '(In thousands, except per share data)'
    texts = document.lines["text"].iloc[max(start - 1, 0) : max(first - 1, 0)].tolist()
    heading = " ".join(" ".join(map(str, texts)).split())
    short = len(re.sub(r"\([^)]*\)", " ", row.label).split()) <= 2  # 'Basic', 'Diluted (Note 18)'
    if not short or not heading.endswith(":") or _SHARE_COUNT_HEADING.search(heading):
        return ""
    return heading if _PER_SHARE_HEADING.search(heading) else ""


def titled_per_share(group: str, kind: str, concepts: frozenset[str], printed: str = "") -> frozenset[str]:
    """The per-share line items a title over a per-share row of dollars and cents names ('Diluted Earnings Per Common
    Share' over 'Net income attributable to Verizon $ 5.06': diluted EPS) when the row's own label names none of
    them; else none ('$ 500' under such a title is no per-share figure)."""
    named = concepts_in(qualifier_text(group)).concepts
    titled = frozenset(c for c in named if (item := concept(c)) is not None and item.kind == "per_share")
    cents = _CENTS_CELL.fullmatch(printed.strip()) is not None
    return titled if kind == "per_share" and cents and not titled & concepts else frozenset()
