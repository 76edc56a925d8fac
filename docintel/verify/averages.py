"""Whether a table's column is an average over periods: its heading says so ('AVERAGE FOR THE TRAILING FIVE
QUARTERS ENDED'), or the caption line right at the header labels the columns so ('(Millions, except percentages)
Average Balance (a) Average Balance (a) Average Balance (a)', an average balance sheet)."""

from __future__ import annotations

import re

from ..ingest.tables import Table, TableColumn

_AVERAGE = re.compile(r"\baverage\b", re.IGNORECASE)
_WEIGHTED = re.compile(r"\bweighted\b", re.IGNORECASE)
_NEAR_HEADER = 2  # lines between the header of periods and a caption that labels its columns


def averaged_column(table: Table | None, column: TableColumn | None) -> bool:
    """Whether *column* of *table* holds averages over periods (not a weighted average's count of shares)."""
    if table is None or column is None:
        return False
    if _AVERAGE.search(column.heading or "") and not _WEIGHTED.search(column.heading or ""):
        return True
    caption, at, header = table.caption or "", table.caption_line, table.header_end_line or table.header_line
    near = at is not None and header is not None and abs(at - header) <= _NEAR_HEADER
    return near and len(_AVERAGE.findall(caption)) >= len(table.columns) > 0 and not _WEIGHTED.search(caption)
