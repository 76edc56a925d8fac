"""Tables of a subset of the company: the benefit plans whose obligation exceeds their assets, or a business
classified as held for sale.

ASC 715-20-50 has sponsors disclose the projected and the accumulated benefit obligation, and the plan assets,
of only those plans whose obligation is in excess of their assets ('Information for pension plans with a
projected benefit obligation in excess of plan assets follows:'). Such a table's 'Projected benefit obligation'
row is the underfunded plans' obligation, not all plans': its member is that subset, which a question names
only by saying so. The subset is read from a row's sub-heading ('Plans with accumulated benefit obligation in
excess of plan assets') or, when no row has one, from the lines right above the table after any figures of a
table before it (where its caption is), or before them when only a header separates the two (one caption over two
blocks: 'Key information for our plans with ABO and PBO in excess of plan assets ... was as follows:').
"""

from __future__ import annotations

import re
from collections.abc import Sequence

SUBSET_MEMBER = "plans with obligations in excess of assets"

_UNDERFUNDED = re.compile(
    r"\b(?:obligations?|ABO|PBO)\b[^.;:]{0,40}?\b(?:in\s+excess\s+of|exceed(?:s|ed|ing)?|greater\s+than)\s+"
    r"(?:the\s+)?(?:fair\s+value\s+of\s+)?(?:the\s+)?(?:plans?['’]?\s+)?assets\b",
    re.IGNORECASE,
)
# a line of a table's figures (a thousands separator, a dollar sign, a parenthesized amount): not a caption
_WORD = re.compile(r"[A-Za-z]{3,}")
_FIGURES = re.compile(r"\d,\d{3}\b|\$\s*\(?\d|\(\d[\d,.]*\)")


def subset_member(group: str, above: Sequence[str], groups: Sequence[str]) -> str | None:
    """The subset member of a row under sub-heading *group*, in a table whose rows' sub-headings are *groups*
    and whose lines from its caption down to its header are *above*; None when the row is of all plans."""
    if any(_UNDERFUNDED.search(g) for g in groups):  # the table sets its subsets apart: rows outside are all plans
        return SUBSET_MEMBER if _UNDERFUNDED.search(group) else None
    blocks: list[list[str]] = [[]]  # the runs of lines between lines of figures
    for line in above:
        if _FIGURES.search(line) and blocks[-1]:
            blocks.append([])
        elif not _FIGURES.search(line):
            blocks[-1].append(line)
    caption = blocks[-1]
    if len(blocks) > 1 and not any(_WORD.search(line) for line in caption):
        caption = blocks[-2]  # a header alone ('2022 2021') between two blocks of one caption: Boeing's ABO and PBO
    return SUBSET_MEMBER if _UNDERFUNDED.search(" ".join(caption)) else None


HELD_FOR_SALE = "held for sale"
# 'Major classes of assets and liabilities of the Russian business classified as held for sale were as follows:'
_HELD = re.compile(
    r"\b(?:classified|presented|reported)\s+as\s+held[\s-]+for[\s-]+sale\b"
    r"|\bheld[\s-]+for[\s-]+sale\s+(?:were|was|are|is)\b|\bdisposal\s+groups?\b",
    re.IGNORECASE,
)


def held_for_sale_member(scope: str) -> str | None:
    """'held for sale' when the lines over a table (*scope*) say its figures are of a business classified as held
    for sale (ASC 360-10-45: a disposal group), not the company's own balances; else None."""
    return HELD_FOR_SALE if _HELD.search(scope) else None
