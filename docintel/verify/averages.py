"""Whether a table's column is an average over periods: its heading says so ('AVERAGE FOR THE TRAILING FIVE
QUARTERS ENDED'), or the caption line right at the header labels the columns so ('(Millions, except percentages)
Average Balance (a) Average Balance (a) Average Balance (a)', an average balance sheet), or a line between the header
of periods and that caption does ('Years Ended December 31, Average Interest Average ...' over 'Balance (a) Expense
Rate ...': each column's heading wrapped over two lines)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..ingest.documents import Document
from ..ingest.tables import Table, TableColumn

_AVERAGE = re.compile(r"\baverage\b", re.IGNORECASE)
_WEIGHTED = re.compile(r"\bweighted\b", re.IGNORECASE)
_NEAR_HEADER = 2  # lines between the header of periods and a caption that labels its columns


def wrapped_heading_lines(document: Document, table: Table) -> list[str]:
    """The lines between the header of periods and a caption printed right under it (wrapped column headings)."""
    header, at = table.header_end_line or table.header_line, table.caption_line
    if header is None or at is None or not 0 < at - header <= _NEAR_HEADER:
        return []
    return [str(text) for text in document.lines["text"].iloc[header : at - 1].tolist()]


def averaged_column(
    table: Table | None, column: TableColumn | None, between: Sequence[str] = (), cells: int | None = None
) -> bool:
    """Whether *column* of *table* holds averages over periods (not a weighted average's count of shares);
    *between* are the table's ``wrapped_heading_lines``, read only for a row with one cell per period column (a row
    of three cells a period, 'Average Balance', 'Interest Expense', 'Average Rate', holds more than averages)."""
    if table is None or column is None:
        return False
    if _AVERAGE.search(column.heading or "") and not _WEIGHTED.search(column.heading or ""):
        return True
    caption, at, header = table.caption or "", table.caption_line, table.header_end_line or table.header_line
    near = at is not None and header is not None and abs(at - header) <= _NEAR_HEADER
    wrapped = list(between) if cells is None or cells == len(table.columns) else []
    labels = [caption, *wrapped] if near else []
    return any(len(_AVERAGE.findall(text)) >= len(table.columns) > 0 and not _WEIGHTED.search(text) for text in labels)
