"""What a table cell is, beyond its number: its kind (money, a number, a percentage) and the row a bare share row
('% of total net sales') is a share of.

A table prints its currency sign only where its figures are money: on the first row and the totals of a statement,
in every money column; a table that mixes money with counts ('Total Number of Shares Purchased', '$ 46.00',
'Maximum Number of Shares That May Yet Be Purchased'; an equity statement's 'SHARES' and 'AMOUNT') prints it only in
its money columns. A column no row signs, beside columns rows do sign, is no money column."""

from __future__ import annotations

import re

from ..ingest.tables import Table, TableRow
from ..numbers import CURRENCY_SIGNS

_BARE_SHARE = re.compile(r"^\s*(?:as\s+a\s+)?(?:%|percent(?:age)?)\s+(?:of|to)\b", re.IGNORECASE)


def share_of(table: Table, row: TableRow) -> str:
    """The label of the row above a share row that names no subject of its own ('% of total net sales')."""
    if not _BARE_SHARE.match(row.label):
        return ""
    above = [r for r in table.rows if r.line < row.line and not _BARE_SHARE.match(r.label)]
    return above[-1].label if above else ""


def _signed(cell: str) -> bool:
    return cell.lstrip("(")[:1] in CURRENCY_SIGNS


def cell_kind(table: Table, row: TableRow, index: int, percent: bool) -> str:
    """'percent', the row's own kind when not an amount, else 'money' (the table's currency or a sign in the row)
    unless no row of as many cells signs this column while rows sign others; else 'number'."""
    if percent:
        return "percent"
    if row.kind != "amount":
        return row.kind
    if not (table.currency or any(_signed(c) for c in row.cells)):
        return "number"
    alike = [r.cells for r in table.rows if len(r.cells) == len(row.cells)]
    signed = {i for cells in alike for i, cell in enumerate(cells) if _signed(cell)}
    return "number" if signed and index not in signed else "money"
