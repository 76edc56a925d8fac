"""The line item a fact's row names, read strictly: a fact is one row's figure, so its label must *be* the line
item, not merely mention it.

The wordings are the domain table's (``docintel.domain``: US GAAP taxonomy labels). A wording is accepted in
a row label when its terms stand together (no other word between them: 'Current tax assets' is not current
assets), when the label does not begin with 'Other' outside the wording ('Other current assets' is a part of
current assets), and when at most three words of the label are left unexplained (``concepts.NEUTRAL`` words
such as 'total', 'net', 'attributable to ... shareholders' are explained).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..concepts import CHANGES_ITEM, DEDUCTION, NEUTRAL, _wording_hits, concept, other_parts
from ..domain import table
from ..textnorm import tokenize

_PARENTHESES = re.compile(r"\([^)]*\)")
_MAX_UNEXPLAINED = 3
# the tax effect of other comprehensive income ('Tax provision/(benefit) on other comprehensive income/(loss)')
_TAX_ON_OCI = re.compile(r"(?i)\btax\w*\b.*\bon\s+(?:other\s+)?comprehensive\b")
_BOTH = re.compile(r"\bliabilities\s+and\s+(?:\w+['’]?\s+)?(?:equity|deficit|capital)\b", re.IGNORECASE)
_PRETAX = re.compile(
    r"^(?:total\s+)?(?:net\s+)?(?:income|earnings|profit|loss|\(loss\)|income\s*\(loss\))\b[^.]{0,60}?\bbefore\b"
    r"[^.]{0,40}?\b(?:income\s+)?tax(?:es)?\b",
    re.IGNORECASE,
)
_CLASS = re.compile(r"\b(?:basic|diluted)\b", re.IGNORECASE)
_PARTIAL = re.compile(r"^\s*(?:other|remaining|miscellaneous|all\s+other)\b", re.IGNORECASE)
_PRIORITY = ("eps_diluted", "eps_basic", "eps")


# Further US GAAP taxonomy standard labels of the table's line items ('Assets' heading a segment table's column
# group, 'Weighted Average Number of Shares Outstanding, Diluted'), read only where their words stand together.
TAXONOMY_LABELS = {label: item.id for item in table().line_items for label in item.taxonomy_labels}
# Labels a single taxonomy word stands for only when the row says nothing else ('Assets' heading a segment
# table's column group); 'Contract liabilities', 'Client assets' are other line items.
_BARE = frozenset(tokenize("assets liabilities"))
# Words before 'revenue' that say which revenue: a part of the total (US GAAP: NoninterestIncome,
# InterestIncome, revenue from subscriptions, products, services, licenses, advertising, royalties, rentals, fees)
_REVENUE_KINDS = frozenset(
    tokenize(
        "noninterest interest subscription subscriptions product products service services license licenses "
        "licensing advertising royalty royalties rental rentals fee fees commission commissions premium premiums "
        "intersegment"
    )
)
# 'Selling, marketing and administrative expenses', 'Selling, informational and administrative expenses':
# the selling, general and administrative line (SellingGeneralAndAdministrativeExpense) in the company's words.
_SGA = re.compile(r"^\s*(?:total\s+)?selling,?\s+(?:[a-z]+\s+){1,2}and\s+administrative\b", re.IGNORECASE)
# 'Operating income as a % of total revenues', 'Cost of sales as a % of Revenues': the numerator's line item (the
# fact's measure says it is a share of revenue).
_SHARE_TAIL = re.compile(r"\s+(?:as\s+a\s+)?(?:%|percent(?:age)?)\s+(?:of|to)\s+.*$", re.IGNORECASE)


@lru_cache(maxsize=1)
def _taxonomy_wordings() -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple((cid, tuple(tokenize(label))) for label, cid in TAXONOMY_LABELS.items())


def _hits(tokens: list[str]) -> list[tuple[str, frozenset[int]]]:
    """The vocabulary's wordings and the taxonomy labels above, each where its terms stand together."""
    hits = [(cid, pos) for cid, pos in _wording_hits(tokens) if concept(cid) is not None]
    present = set(tokens)
    for cid, wording in _taxonomy_wordings():
        if wording and wording[0] not in present:
            continue  # speed only: it cannot stand anywhere in the tokens
        for start in range(len(tokens) - len(wording) + 1):
            if tuple(tokens[start : start + len(wording)]) == wording:
                hits.append((cid, frozenset(range(start, start + len(wording)))))
    return [(cid, pos) for cid, pos in hits if max(pos) - min(pos) + 1 == len(pos)]


_DIGIT = re.compile(r"\d")


@lru_cache(maxsize=50_000)
def row_concept(label: str) -> str | None:
    """The vocabulary line item a row label is, or None."""
    label = _SHARE_TAIL.sub("", label)
    if _PRETAX.search(label):
        return "pretax_income"  # 'Income from continuing operations before provision/(benefit) for taxes on income'
    if _SGA.match(label):
        return "sga"
    if _BOTH.search(label) or _TAX_ON_OCI.search(label):
        return None  # 'Total liabilities and equity' is a sum of two line items; a tax on OCI is neither (ASC 220)
    # 'Trade accounts receivable, less allowance ...'; 'Weighted-average diluted shares' (the class is apart)
    label = _CLASS.sub(" ", DEDUCTION.sub("", label))
    words = tokenize(_PARENTHESES.sub(" ", label).replace("/", " ").replace("&", " and "))
    tokens = [t for t in words if not _DIGIT.search(t)]  # 'per 3M common share': the issuer's name apart
    hits = _hits(tokens)
    kept = [(cid, pos) for cid, pos in hits if not any(pos < other for _, other in hits)]
    kept = [(cid, pos) for cid, pos in kept if not _qualified(cid, pos, tokens)]
    if not kept:
        return None
    if not re.search(r"(?i)\bbefore\b|\bpre-?tax", label):  # 'Income taxes' is the tax, not what comes before
        kept = [(cid, pos) for cid, pos in kept if cid != "pretax_income"] or kept
    ids = {cid for cid, _ in kept}
    if len(ids - set(_PRIORITY)) > 1 or (_PARTIAL.match(label) and not any("other" in c for c in ids)):
        return None  # 'Total liabilities and equity' is neither; 'Other current assets' a part of current assets
    if ids & other_parts(label):
        return None  # 'Total other assets': the total of the parts not shown above it
    covered = frozenset().union(*(pos for _, pos in kept))
    unexplained = [t for i, t in enumerate(tokens) if i not in covered and t not in NEUTRAL and not t.isdigit()]
    if len(unexplained) > _MAX_UNEXPLAINED or set(unexplained) & CHANGES_ITEM:
        return None
    if ids <= set(_PRIORITY):
        return next(c for c in _PRIORITY if c in ids)
    # the line item named first: 'Weighted-average shares used in computation of earnings per share'
    return min(kept, key=lambda hit: (min(hit[1]), -len(hit[1]), hit[0]))[0]


def _qualified(cid: str, pos: frozenset[int], tokens: list[str]) -> bool:
    """A wording that names another line item in this label: a bare taxonomy word with other words beside it
    ('Contract liabilities'), or revenue after a word saying which revenue ('Noninterest revenue', 'Subscription
    revenue': a part of revenue, not the total)."""
    others = [t for i, t in enumerate(tokens) if i not in pos and t not in NEUTRAL and not t.isdigit()]
    if len(pos) == 1 and tokens[min(pos)] in _BARE and others:
        return True
    start = min(pos)
    return cid == "revenue" and start > 0 and tokens[start - 1] in _REVENUE_KINDS


def concepts_in_order(text: str) -> list[str]:
    """The line items a heading line names, left to right: 'Net Sales  Operating Income' -> [revenue,
    operating_income]; 'Assets  Depreciation & Amortization  Capital Expenditures' -> three."""
    tokens = tokenize(_PARENTHESES.sub(" ", text).replace("/", " ").replace("&", " and "))
    hits = _hits(tokens)
    kept = [(cid, pos) for cid, pos in hits if not any(pos < other for _, other in hits)]
    kept.sort(key=lambda hit: min(hit[1]))
    found: list[str] = []
    covered: set[int] = set()
    for cid, pos in kept:
        if not pos & covered:
            found.append(cid)
            covered |= pos
    return found


@lru_cache(maxsize=1)
def _margins() -> tuple[tuple[tuple[str, ...], str], ...]:
    """(wording's terms, numerator) of each ratio the table defines as a line item over revenue (the margins)."""
    found = []
    for ratio in table().ratios:
        numerator, _, denominator = ratio.formulas[0].partition(" / ") if ratio.formulas else ("", "", "")
        if denominator.strip() == "revenue" and concept(numerator.strip()) is not None:
            found += [(tuple(tokenize(w)), numerator.strip()) for w in ratio.wordings]
    return tuple(sorted(found, key=lambda f: -len(f[0])))


def margin_numerator(label: str) -> str | None:
    """The line item a margin row is a percentage of revenue of ('Operating margins': operating income), from the
    ratio table's definitions; None for any other label."""
    terms = tuple(tokenize(_PARENTHESES.sub(" ", label)))
    return next((n for words, n in _margins() if terms == words), None)
