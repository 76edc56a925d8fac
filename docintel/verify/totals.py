"""Which sub-heading a bare 'Total' row totals: 'Total' under 'Revenues' is total revenues (MGM), but a 'Total'
after 'Card Member Loans:' and 'Card Member Receivables:' rows with no total of its own between them is the
table's grand total (American Express)."""

from __future__ import annotations

import re

from ..ingest.tables import Table, TableRow

BARE_TOTAL = re.compile(r"\s*total\s*:?\s*$", re.IGNORECASE)


def total_group(table: Table, row: TableRow) -> str | None:
    """The row's sub-heading; for a bare 'Total', only where it totals that sub-heading: the first under it, and
    every sub-heading above it has its own."""
    if not BARE_TOTAL.match(row.label):
        return row.group
    above = [r for r in table.rows if r.line < row.line]
    totalled = {r.group for r in above if BARE_TOTAL.match(r.label)}
    untotalled = {r.group for r in above if r.group and r.group != row.group} - totalled
    return None if row.group in totalled or untotalled else row.group
