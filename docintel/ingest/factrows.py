"""The rows of one table as an analyst reads them: wrapped labels joined, the sub-heading each row sits under,
and cells re-read when the table reader took a one-digit negative '(2)' for a footnote marker.

Sub-headings are found by indentation (pdfium's line boxes): a heading ends with ':' ('Earnings per common
share––diluted:') or is a short line without figures over rows indented to its right ('Consumer Health (1)');
it rules the rows indented under it and ends at a row printed at its own indent or left of it, unless that row's
cells are written like the per-share rows under it (their total, 'Net income attributable to ...'). Without
line boxes a heading ends at the next heading.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ..domain import table
from ..numbers import CURRENCY_SIGNS, parse_cell
from ..textnorm import tokenize
from .tables import Table, TableRow

Box = tuple[float, float, float, float]
_EPS = table().short_forms("eps")  # a line item's one-word wordings (the domain table's)
_PER_SHARE = re.compile(rf"\bper\s+(?:\w+\s+){{0,2}}share\b|\bper\s+(?:diluted|basic)\b|\b(?:{_EPS})\b", re.IGNORECASE)
_CELL = re.compile(r"^\(?-?[$€£¥]?\d[\d,]*(?:\.\d+)?%?\)?%?$|^[—–-]+$")
_FOOTNOTES = re.compile(r"\(\d(?:,\d)*\)")
_HEADING_LOOKBACK = 3  # lines above a table's first row where its first sub-heading may stand


def row_labels(table: Table, text: Callable[[int], str]) -> dict[int, str]:
    """Each row's label, with the line above when the label wraps ('Income ... before provision for taxes' /
    'on income 2,269 ...')."""
    rows = {r.line for r in table.rows}
    labels = {}
    for row in table.rows:
        label = row.label
        above_text = text(row.line - 1) if row.line > 1 else ""
        shouted = label.isupper() and above_text.isupper()
        continued = above_text.rstrip().endswith(",")  # 'Net earnings attributable to Best Buy Co.,' / 'Inc. ...'
        if (label[:1].islower() or shouted or continued) and row.line - 1 not in rows and row.line > 1:
            above = text(row.line - 1)
            if above and not re.search(r"\d", above[-12:]) and len(above) < 120:
                label = f"{above} {label}"
        labels[row.line] = label
    return labels


_DECIMALS = re.compile(r"\d[\d,]*(?:\.(\d+))?")  # the whole number: "24.40" has two places, not none


def decimals(cells: list[str]) -> set[int]:
    """The decimal places a row's cells are written with ('$ 0.41' -> {2}; '5,646' -> {0}); dashes left out."""
    found = set()
    for cell in cells:
        match = _DECIMALS.search(cell)
        if match:
            found.add(len(match.group(1) or ""))
    return found


class Headings:
    """The sub-heading over each row of one table."""

    def __init__(
        self,
        table: Table,
        labels: dict[int, str],
        text: Callable[[int], str],
        box: Callable[[int], Box | None],
        start: int,
    ) -> None:
        self.table, self.labels, self.text, self.box = table, labels, text, box
        self.rows = {row.line: row for row in table.rows}
        self.outer: dict[int, str | None] = {}  # the headings above a row's own ('Year-End Data' over 'Number of')
        self.start = max(start, min(self.rows, default=table.first_line) - _HEADING_LOOKBACK)

    def by_row(self) -> dict[int, str | None]:
        stack: list[tuple[float, str, set[int]]] = []
        found: dict[int, str | None] = {}
        for number in range(self.start, self.table.last_line + 1):
            box = self.box(number)
            if number not in self.rows:
                text = self.text(number).rstrip()
                if (text.endswith(":") and len(text) <= 90 and not text[:1].islower()) or self._indents(number):
                    x0 = box[0] if box else 0.0
                    stack = [h for h in stack if h[0] < x0 - 0.5] if box else []
                    stack.append((x0, _FOOTNOTES.sub("", text.rstrip(":")).strip().rstrip(":").strip(), set()))
                continue
            first_box = self.box(self._first_line(number))
            style = decimals(self.rows[number].cells)
            if first_box is not None:
                while stack and stack[-1][0] >= first_box[0] - 0.5 and not _total_of(stack[-1], style):
                    stack.pop()
                if stack and stack[-1][0] < first_box[0] - 0.5:
                    stack[-1][2].update(style)
            found[number] = stack[-1][1] if stack else None
            self.outer[number] = " / ".join(h[1] for h in stack[:-1]) or None
        return found

    def _first_line(self, number: int) -> int:
        return number - 1 if self.labels.get(number, "") != self.rows[number].label else number

    def _indents(self, number: int) -> bool:
        """A short line without figures over rows indented to its right: a sub-heading ('Consumer Health (1)')."""
        text, box = self.text(number), self.box(number)
        following = next((n for n in range(number + 1, number + 3) if n in self.rows), None)
        figures = re.search(r"(?<![\w-])\d", _FOOTNOTES.sub("", text))
        if box is None or following is None or len(text) > 90 or figures or not re.search(r"[A-Za-z]", text):
            return False
        first = self._first_line(following)
        below = self.box(first)
        return below is not None and below[0] > box[0] + 2 and first != number


def _total_of(heading: tuple[float, str, set[int]], style: set[int]) -> bool:
    """A row at a per-share heading's indent written like the rows under it: their total ('Net income')."""
    return bool(heading[2]) and style <= heading[2] and bool(_PER_SHARE.search(heading[1]))


def realigned(row: TableRow, line_text: str, counts: set[int]) -> TableRow:
    """A row whose cells did not line up, read again counting a one-digit negative '(2)' as a cell (the table
    reader takes it for a footnote marker): kept when it then has as many cells as one of *counts*."""
    if row.aligned and len(row.cells) in counts or not counts:
        return row
    tokens = [t for t in line_text.split() if t not in CURRENCY_SIGNS]
    cells: list[str] = []
    while tokens and _CELL.match(tokens[-1]):
        cells.insert(0, tokens.pop())
    if len(cells) not in counts or len(cells) <= len(row.cells) or not tokens:
        return row
    values = [-float(c.strip("()")) if re.fullmatch(r"\(\d\)", c) else parse_cell(c) for c in cells]
    return row.model_copy(update={"cells": cells, "values": values, "aligned": True})


def deducted(label: str) -> bool:
    """A row a schedule subtracts ('Less: current maturities of long-term debt (500)'): its parentheses show the
    deduction, so the figure's magnitude is the line item's amount, stated either way."""
    return bool(re.match(r"\s*(?:less|deduct)\b", label, re.IGNORECASE))


def asks_before_deductions(question: str, item: str) -> bool:
    """Whether *question* asks the amount of *item* before a schedule's deductions: 'total long-term debt',
    'gross long-term debt', 'long-term debt, including the current portion' (not 'long-term debt to total capital')."""
    said = " ".join(tokenize(question))
    words = tokenize(item)
    words = words[1:] if words[:1] == ["total"] else words
    net = words.index("net", 1) if "net" in words[1:] else len(words)  # 'X, net of valuation allowance' names X
    named = " ".join(words[:net])
    if not named or re.search(rf"\b{re.escape(named)}\W+net\b", said):
        return False  # 'total X, net of valuation allowance' asks the row after the deductions
    if re.search(rf"\b(?:total|gross|aggregate)\s+{re.escape(named)}\b", said):
        return True
    return bool(re.search(rf"\b{re.escape(named)}\b\W*(?:\w+\W+){{0,2}}?(?:includ|before)", said))


def before_deductions(table: Table, row: TableRow) -> str:
    """The later row a 'Total X' row becomes once a schedule takes its 'Less' rows off ('Total long-term debt',
    'Less current portion of long-term debt', 'Long-term debt'; 'Total deferred tax assets', 'Less: valuation
    allowance', 'Total deferred tax assets, net of valuation allowance'): that row's label, else ''."""
    named = re.match(r"\s*total\s+(.+)", row.label, re.IGNORECASE)
    if named is None:
        return ""
    own = tokenize(named.group(1))
    later = sorted((r for r in table.rows if r.line > row.line), key=lambda r: r.line)
    for position, other in enumerate(later):
        if deducted(other.label):
            remainder = (r for r in later[position + 1 :] if not deducted(r.label))
            following = next(remainder, None)
            if following is None:
                return ""
            theirs = [t for t in tokenize(following.label) if t != "total"]
            # 'Long-term debt', or 'Total deferred tax assets, net of valuation allowance' after the allowance
            # 'Total X, net of valuation allowance'; not 'Net X' (after 'Less: cash', net debt is another measure)
            allowance = theirs[: len(own) + 1] == [*own, "net"]
            return following.label if theirs == own or allowance else ""
    return ""


# earnings available to common stockholders are net income less preferred dividends (ASC 260-10-45-11)
_TO_COMMON = re.compile(r"\b(?:available|attributable|applicable)\s+to\s+common\s+(?:stock|share)holders\b", re.I)
_PREFERRED_DIVIDENDS = re.compile(
    r"\bdeemed\s+dividends?\b|\bpreferred\s+(?:stock\s+)?dividends?\b|\bdividends?\s+on\s+(?:\w+\s+)?preferred\b",
    re.IGNORECASE,
)


_NO_PREFERRED = re.compile(r"\b(?:no|not|never|without)\s+(?:\w+\s+){0,3}?preferred\b", re.IGNORECASE)


def after_preferred_dividends(label: str, texts: Iterable[str]) -> bool:
    """Whether a row labelled 'Net loss attributable to common stockholders' is net income less preferred (or
    deemed) dividends the document's *texts* report, and so not net income itself."""
    return bool(_TO_COMMON.search(label)) and any(
        _PREFERRED_DIVIDENDS.search(text) and not _NO_PREFERRED.search(text) for text in texts
    )
