"""A table row's kind as the fact reader types it: from its label, its sub-heading, its line and the header over its
table (per-share rows by class, share counts, counts a sub-heading or the header names, percentages after a '%')."""

from __future__ import annotations

import re

from ..numbers import CURRENCY_SIGNS
from .factcells import CLASS_LAST, SHARE_COUNT, all_cents, has_cents
from .factshare import PER_SHARE
from .tables import BESIDE_PER_SHARE, COUNT_LABEL, STATED_RATE, Table, TableRow

SHARES = re.compile(r"\bshares\b", re.IGNORECASE)
COUNTED = re.compile(r"^\s*(?:total\s+)?number\s+of\b", re.IGNORECASE)


def typed_row(
    row: TableRow, label: str, heading: str | None, balance_page: bool, line_text: str, table: Table, header_text: str
) -> TableRow:
    """The row with its kind read from its label, its sub-heading, its printed line and its table's column header
    (*header_text*: the header's own lines, no prose above it)."""
    kind = row.kind
    if CLASS_LAST.search(label) and kind == "amount" and all_cents(row):
        return row.model_copy(update={"kind": "per_share"})  # dollars and cents by class: EPS
    if SHARE_COUNT.match(label) and kind in ("amount", "per_share", "shares") and not has_cents(row):
        return row if kind == "shares" else row.model_copy(update={"kind": "shares"})
    heading_shares = bool(heading and SHARES.search(PER_SHARE.sub(" ", heading)))
    per_share_heading = heading and PER_SHARE.search(heading) and not BESIDE_PER_SHARE.search(heading)
    if PER_SHARE.search(STATED_RATE.sub(" ", label)) or (per_share_heading and not heading_shares):
        kind = "per_share" if not SHARES.search(PER_SHARE.sub(" ", label)) else kind
    elif heading and COUNTED.search(heading) and kind == "amount":
        kind = "count"  # 'Number of stores' over 'Domestic', 'International'
    elif heading_shares and kind in ("amount", "per_share"):
        kind = "shares"  # 'Weighted-average common shares outstanding:' over 'Basic'
    elif kind == "amount" and _counts_by_header(row, table, header_text):
        kind = "count"  # 'Best Buy Mobile stand-alone 367 — (17) 350' under 'Total Stores at End of Fiscal Year'
    elif kind == "shares" and balance_page and not re.match(r"(?i)\s*(?:number\s+of\s+)?shares\b", label):
        kind = "amount"  # 'Treasury shares (1 and 2 million shares)': the equity line's dollars
    after = line_text[len(row.label) :] if line_text.startswith(row.label) else ""
    if re.match(r"\s*%\s*[-(—–$\d]", after):
        kind = "percent"  # 'Adjusted EBIT / Sales % 13.6 12.8'
    return row if kind == row.kind else row.model_copy(update={"kind": kind})


def per_share_title(text: str) -> str | None:
    """A line without figures naming a per-share measure ('Diluted Earnings Per Common Share'), which the row right
    under it, at the same indent, is ('Net income attributable to Verizon $ 5.06'); None for any other line."""
    return text.strip() if PER_SHARE.search(text) and not re.search(r"\d", text) else None


def _counts_by_header(row: TableRow, table: Table, header_text: str) -> bool:
    """Whether the column header of a table that states no money names what its columns count ('Stores Opened'),
    beside no rate or percentage ('Average interest rates ... U.S. offices' counts nothing)."""
    money = any(c.lstrip("(")[:1] in CURRENCY_SIGNS for c in row.cells)
    if money or table.currency or table.scale not in (None, 1.0):
        return False
    return bool(COUNT_LABEL.search(header_text)) and not re.search(r"%|\brates?\b|\bpercent", header_text, re.I)
