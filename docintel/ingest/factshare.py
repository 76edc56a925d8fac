"""The per-share reading of the table reader (``factread``): a figure's share class (basic or diluted) and a
per-share row's line item (earnings per share, basic or diluted, or dividends per share)."""

from __future__ import annotations

import re

from ..concepts import concepts_in
from ..domain import table as domain_table
from .facts import FactKind, PerShareClass
from .factscope import per_share_class_of

PRIORITY = ("eps_diluted", "eps_basic", "eps")
_EPS = domain_table().short_forms("eps")  # a line item's one-word wordings (the domain table's)
PER_SHARE = re.compile(rf"\bper\s+(?:\w+\s+){{0,2}}share\b|\bper\s+(?:diluted|basic)\b|\b(?:{_EPS})\b", re.IGNORECASE)
CLASS_ONLY = re.compile(r"^\s*(?:basic|diluted|assuming\s+dilution|basic\s+and\s+diluted)\b", re.IGNORECASE)


def share_class(label: str, heading: str | None, kind: FactKind, cid: str | None) -> PerShareClass | None:
    """Basic or diluted: of per-share figures and share counts (and a change in EPS), never of dividends."""
    if cid == "dividends_per_share" or (kind not in ("per_share", "count") and cid not in PRIORITY):
        return None
    return per_share_class_of(label, heading)


def per_share_concept(label: str, heading: str | None, cid: str | None) -> str | None:
    """A per-share row's line item: earnings per share (basic or diluted) when the row is net income's or
    the label itself names EPS; another per-share figure keeps only a per-share concept (dividends)."""
    own = concepts_in(label).concepts
    eps_heading = bool(heading and PER_SHARE.search(heading) and CLASS_ONLY.match(label))
    earnings = not own and re.search(rf"\b(?:earnings|income|{_EPS}|profit|loss)\b", label, re.I)
    if own & set(PRIORITY) or "net_income" in own or earnings or eps_heading:
        if "dividends_per_share" not in own and not re.search(r"\bdividends?\b", label, re.I):
            klass = per_share_class_of(label, heading)
            return f"eps_{klass}" if klass else "eps"
    paid_only = re.search(r"(?i)\bpaid\b", label) and not re.search(r"(?i)\bdeclared\b", label)
    if re.search(r"(?i)\bdividends?\b", label) and not paid_only:
        return "dividends_per_share"  # 'Cash dividends declared and paid' under 'Per Share Data'
    return cid if cid and (cid in PRIORITY or cid.endswith("per_share")) else None
