"""Measurement attributes (the domain table's lists: fair value, carrying amount, notional, face or principal
amount, amortized cost, pre-tax or after-tax, expected or actual return): which a figure is stated in, which a
question asks, and the verdict when they differ. A figure in one never answers a question asking another; the
expected return on plan assets (an assumption) answers only a question that asks for it; a figure naming no
attribute is the carrying amount, and holds pre-tax or after-tax only when its line item does."""

from __future__ import annotations

import re
from typing import Literal

from ..domain import table
from ..numbers import find_numbers
from ..textnorm import tokenize


def attribute_verdict(
    stated: frozenset[str], wanted: frozenset[str], question: str, concepts: frozenset[str], text: str = ""
) -> tuple[Literal["mismatch", "unknown"], str] | None:
    """('mismatch' or 'unknown', why) when the attributes a figure is stated in (*stated*) do not answer those
    the question asks (*wanted*); None when they do or none is at stake. A par value (*text*: the words naming
    the figure) is a share's nominal value in its charter, never a price or amount a question asks otherwise."""
    if _PAR_VALUE.search(text) and not _PAR_VALUE.search(question):
        return "mismatch", "a par value (a share's nominal value), not what the question asks"
    if stated and wanted and not stated & wanted:
        return "mismatch", f"{' or '.join(sorted(stated))}, not the {' or '.join(sorted(wanted))} asked"
    if assumed := sorted(stated & _ASSUMED - wanted):  # 'expected return on plan assets' for the return earned
        # 'what rate did it assume', 'net periodic benefit cost'; 'the total value of the options exercised'
        if _ASSUMPTION_ASKED.search(question) or (assumed[0] != "expected return" and _VALUE.search(question)):
            return "unknown", f"the {assumed[0]}, which the question may ask in other words"
        what = _WHAT_IT_IS.get(assumed[0], "")
        return "mismatch", f"the {assumed[0]}{what}; the question does not ask for it"
    if wanted and not stated and not wanted - _IMPLICIT and not _implicitly(wanted, concepts):
        return "unknown", f"it does not say it is the {' or '.join(sorted(wanted))} asked"
    if wanted - _IMPLICIT and not stated and _CARRYING not in wanted:
        # a figure that names no attribute is the amount carried in the statements, not its fair or notional value
        return "unknown", f"it does not say it is the {' or '.join(sorted(wanted))} asked"
    return None


_VALUE = re.compile(r"\bvalues?\b|\bworth\b", re.IGNORECASE)
_WHAT_IT_IS = {
    "expected return": ", an assumption",
    "intrinsic value": " (the share price over the exercise price, ASC 718: no cash paid or received)",
}
_PAR_VALUE = re.compile(r"\bpar\s+value\b|\bpar\b(?=\s+\$)", re.IGNORECASE)


def par_value_of(sentence: str, printed: str) -> str:
    """'par value' when the sentence prints the figure right after those words anywhere ('(i) ... of $0.01 per share
    ..., (ii) ... preferred stock, par value $0.01 per share'), so a figure read where its clause was cut is one."""
    if printed and re.search(rf"\bpar\s+value\s+{re.escape(printed)}", sentence, re.IGNORECASE):
        return "par value"
    return ""


def stated_attributes(text: str, sentence: str, printed: str = "", statement: str | None = None) -> frozenset[str]:
    """The attributes a figure is stated in: a row 'at fair value' is carried at it (both); so is an amount whose
    sentence says it approximates its fair value ('..., which approximates fair value'); of several named with
    'respectively', the one in the number's place ('the carrying amount and fair value ... were $34,480 million
    and $33,211 million, respectively': 33,211 is the fair value); a dividend row of the *statement* of equity or
    of cash flows naming no event is declared or paid (``statement_event``)."""
    stated = measurement_attributes(text)
    if len(stated) > 1 and printed and _RESPECTIVELY.search(sentence):
        stated = _in_order(sentence, printed) or stated
    if _CARRIED_AT_FAIR_VALUE.search(text) or _APPROXIMATES_FAIR_VALUE.search(sentence or text):
        stated |= {_FAIR, _CARRYING}
    return stated | statement_event(text, statement)


# a dividend is recorded in equity when declared and in cash flows when paid (ASC 505-20): a statement's dividend row
# that names neither event is the statement's
_STATEMENT_EVENT = {"equity": "declared", "cash_flows": "paid"}


_NOT_OWN = re.compile(r"\breceived\b|\bnet\s+of\b|\bfrom\s+(?:affiliat|equity|investee)", re.IGNORECASE)


def statement_event(text: str, statement: str | None) -> frozenset[str]:
    """The event of a dividend row of a primary statement that names none ('Common stock cash dividends' in the
    statement of stockholders' equity: declared)."""
    event = _STATEMENT_EVENT.get(statement or "")
    if event is None or not _DIVIDEND.search(text) or measurement_attributes(text) & _EVENTS or _NOT_OWN.search(text):
        return frozenset()
    return frozenset({event})


def _in_order(sentence: str, printed: str) -> frozenset[str]:
    """The attribute in *printed*'s place among the numbers after the attributes a sentence names in order."""
    found = sorted((m.start(), m.end(), name) for name, p in _ATTRIBUTE.items() for m in p.finditer(sentence))
    names = list(dict.fromkeys(name for _, _, name in found))
    after = max(end for _, end, _ in found)
    numbers = [_digits(n.text) for n in find_numbers(sentence[after:])]
    place = next((i for i, digits in enumerate(numbers) if digits == _digits(printed)), None)
    return frozenset({names[place]}) if place is not None and place < len(names) else frozenset()


def _digits(printed: str) -> str:
    return re.sub(r"[^\d.]", "", printed)


def attribute_words(attributes: frozenset[str]) -> frozenset[str]:
    """The terms of every wording of these attributes ('carrying value' for 'carrying amount'): they name the
    attribute asked, not a part of the item."""
    groups = [g for g in table().measurement_attributes if g[0] in attributes]
    return frozenset(t for group in groups for phrase in group for t in tokenize(phrase))


def measurement_attributes(text: str) -> frozenset[str]:
    """The measurement attributes *text* names ('fair value', 'notional amount'; the domain table's lists), each
    by its list's first phrase."""
    found = frozenset(group[0] for group in table().measurement_attributes if _ATTRIBUTE[group[0]].search(text))
    # declared and paid are two events of a dividend (ASC 505-20); 'paid to acquire Beta' states no attribute
    return found if _DIVIDEND.search(text) else found - _EVENTS


_FAIR, _CARRYING = (group[0] for group in table().measurement_attributes[:2])  # the table's first two lists
_CARRIED_AT_FAIR_VALUE = re.compile(rf"\bat\s+{_FAIR}\b", re.IGNORECASE)
_APPROXIMATES_FAIR_VALUE = re.compile(rf"\bapproximat\w*\s+(?:its\s+|their\s+|the\s+)?{_FAIR}\b", re.IGNORECASE)
_ASSUMED = frozenset(table().assumed_attributes)
_ASSUMPTION_ASKED = re.compile(r"\bassum\w*|\bnet\s+periodic\b|\bcomponents?\b", re.IGNORECASE)


_IMPLICIT = frozenset(table().implicit_attributes)
# the line items that hold an attribute without naming it: pre-tax income; net and comprehensive income, after tax
_HELD_BY = {"pre-tax": {"pretax_income"}, "after-tax": {"net_income", "comprehensive_income"}}


def _implicitly(wanted: frozenset[str], concepts: frozenset[str]) -> bool:
    """Whether a row naming no attribute holds the ones asked by what it is ('Earnings before provision for
    income taxes' for pre-tax income; 'Restructuring charges' holds no after-tax figure)."""
    return all(w not in _HELD_BY or _HELD_BY[w] & concepts for w in wanted)


_EVENTS = frozenset(group[0] for group in table().measurement_attributes if group[0] in ("declared", "paid"))
_DIVIDEND = re.compile(r"\bdividends?\b", re.IGNORECASE)
_RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)
_ATTRIBUTE = {
    group[0]: re.compile(r"\b(?:" + "|".join(re.escape(w) for w in group) + r")\b", re.IGNORECASE)
    for group in table().measurement_attributes
}
