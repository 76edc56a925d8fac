"""Whether a table row closes the section its sub-headings open, so that they do not group it: a row that repeats a
sub-heading above it ('Cash provided (used) by operations' under the heading of that name), or a cash flow
statement's net cash subtotal right after rows under a change sub-heading ('Net cash from operations 87,582' after
'Changes in operating assets and liabilities:' is the section's net cash, no change in an asset). Also whether a
table's header reads as periods and change columns, which ingest placed its cells from (``slot_header``)."""

from __future__ import annotations

import re

from ..ingest.documents import Document
from ..ingest.factheader import parse_slots
from ..ingest.tables import Table, TableRow
from .query import CHANGE_LABEL

# the US GAAP taxonomy's 'Net Cash Provided by (Used in) Operating/Investing/Financing Activities' subtotals, after
# the rows under a change sub-heading ('Net cash flow hedges' under 'Other comprehensive income' is no subtotal)
_NET_CASH = re.compile(r"\s*net\s+cash\s+(?:provided|used|from|flows?\s+from|\(used\s+in\)|generated)", re.I)


def closes_section(document: Document, table: Table, row: TableRow) -> bool:
    """Whether *row* closes the section of its sub-heading (so ``row.group`` does not describe it)."""
    if not row.group:
        return False
    if _NET_CASH.match(row.label) and CHANGE_LABEL.match(row.group):
        return True
    label = " ".join(row.label.split()).rstrip(":").lower()
    texts = document.lines["text"].iloc[max(table.first_line - 1, 0) : row.line - 1].tolist()
    return any(" ".join(str(t).split()).rstrip(":").lower() == label for t in texts)


def slot_header(document: Document, table: Table) -> bool:
    """Whether a header line above the table's rows reads as periods and change columns ('2022 2021 2022 vs.
    2021'): ingest placed its cells from that header, not from member names over the columns ('Americas Asia
    Pacific ... Worldwide' under 'Year ended December 31, 2022'), whose cells it may misplace."""
    first = min((r.line for r in table.rows), default=table.first_line)
    texts = document.lines["text"].iloc[max(first - 7, 0) : first].tolist()
    return any(parse_slots(str(text)) is not None for text in texts)
