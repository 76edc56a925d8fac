"""Which way a figure of a text claim hit the results: a claim that calls it a payment, a charge or a loss ('Best Buy
paid $161 million to settle ..., a charge that reduced net earnings') is said by its quotes only when they call it
a cost too; a quote that says only 'includes $161 million due to ... settlements' does not, and one that calls it a
gain or proceeds says the opposite. And the other way round ('a $161 million gain' of a quote saying 'charge').

General accounting English: a cost is paid, charged, expensed or lost; a gain is received, recovered or recorded as
proceeds or income. A 'net of ... costs' aside names what was taken off, not the figure's way."""

from __future__ import annotations

import re

from ..numbers import Number, find_numbers
from ..textnorm import split_sentences
from .claims import check_field
from .rules import FieldCheck
from .values import CitedSpan

_COST = re.compile(
    r"\b(?:paid|pay|pays|paying|payments?|charges?|charged|costs?|expensed?|expenses|provisions?|loss(?:es)?|lost"
    r"|write-?downs?|impairments?|reduced|lowered|hurt)\b",
    re.IGNORECASE,
)
_GAIN = re.compile(
    r"\b(?:gains?|received|receive|receipts?|proceeds|recover(?:ed|ies|y)|favorabl[ey]|raised)\b",
    re.IGNORECASE,
)
_NET_OF = re.compile(r"\bnet\s+of\s+[^.;()]*(?:costs?|expenses?|fees|taxes)\b", re.IGNORECASE)  # an aside


def effect_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A claim with a figure that calls it a cost (or a gain) is said by quotes that call it the same way: unknown
    when they call it neither way, mismatch when only the other."""
    figures = [n for n in find_numbers(text) if not n.is_year]
    claimed = _way(text) if spans and figures else None
    if claimed is None:
        return check_field("effect", "not_applicable")
    # the sentences that state a figure of the claim ('restructuring charges' of another footnote say nothing of it)
    sentences = split_sentences(" ".join(s.span.quote for s in spans))
    stating = [s for s in sentences if any(_same(n, q) for n in figures for q in find_numbers(s))] or sentences
    quotes = _NET_OF.sub(" ", " ".join(stating))
    said = {way for way, pattern in (("cost", _COST), ("gain", _GAIN)) if pattern.search(quotes)}
    if claimed in said:
        return check_field("effect", "supported")
    if said:
        return check_field("effect", "mismatch", f"effect: the answer calls it a {claimed}; its quotes, a {said.pop()}")
    return check_field("effect", "unknown", f"effect: the answer calls it a {claimed}; its quotes call it neither way")


def _same(a: Number, b: Number) -> bool:
    return a.percent == b.percent and abs(a.value * (a.scale or 1.0) - b.value * (b.scale or 1.0)) < 1e-6 * max(
        abs(a.value * (a.scale or 1.0)), 1.0
    )


def _way(text: str) -> str | None:
    cost, gain = bool(_COST.search(text)), bool(_GAIN.search(text))
    return "cost" if cost and not gain else "gain" if gain and not cost else None
