"""What a figure includes, as its question and its sentence say it. A question that asks a total 'including amounts
already accrued' is not answered by a sentence's figure 'in excess of the accrual', nor a question that asks the
amount 'excluding' or 'in excess of' something by a figure 'including' it (general English: the object of each phrase,
compared by its stem). A table's total printed after a deduction row ('Excess of FIFO over LIFO cost (463.4)',
'Less allowance for doubtful accounts') is net of it: no answer to the amount asked 'before' that deduction."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..concepts import concepts_in, qualifier_text
from ..ingest.factrows import deducted
from ..textnorm import tokenize
from .passages import text_after
from .rules import FieldCheck, FieldVerdict
from .values import Candidate, CitedSpan

_INCLUDING = re.compile(
    r"\b(?:including|inclusive\s+of|together\s+with)\s+(?P<object>(?:[\w'’-]+\s+){0,3}[\w'’-]+)", re.I
)
_EXCLUDING = re.compile(
    r"\b(?:in\s+excess\s+of|excluding|exclusive\s+of|net\s+of|beyond|over\s+and\s+above)\s+"
    r"(?P<object>(?:[\w'’-]+\s+){0,3}[\w'’-]+)",
    re.I,
)
# 'before the LIFO reserve', 'gross of the allowance': an amount asked without a deduction (not 'before 2020')
_BEFORE = re.compile(
    r"\b(?:before|prior\s+to|gross\s+of)\s+(?!(?:the\s+)?(?:end|beginning|start|close|\d))"
    r"(?P<object>(?:[\w.'’-]+\s+){0,3}[\w.'’-]+)",  # 'before U.S. state': initials are a word
    re.I,
)
_NET_OF = re.compile(r"\b(?:net\s+of|less)\s+(?P<object>(?:[\w'’-]+\s+){0,3}[\w'’-]+)", re.I)
_TOTAL = re.compile(r"\s*(?:total|net)\b", re.I)  # a total, or what is left after a deduction
_STEM = 5  # 'accrued' and 'accrual' share 'accru'


def _check(verdict: FieldVerdict, detail: str = "") -> FieldCheck:
    return FieldCheck(field="subject", verdict=verdict, detail=detail)


def _objects(pattern: re.Pattern[str], text: str) -> set[str]:
    """The stems of the words each phrase of *pattern* governs ('tax' whole, 'accru' of 'accrued')."""
    return {t[:_STEM] for m in pattern.finditer(text) for t in tokenize(m.group("object")) if len(t) >= 3}


def inclusion_rule(question: str, candidate: Candidate) -> FieldCheck:
    """A number of prose whose nearest phrase of inclusion or exclusion, of something the question also says to
    include or exclude, is the opposite one: mismatch ('..., including the tax benefit, $10; excluding it, $8': $8
    answers 'excluding the tax benefit', $10 does not)."""
    if candidate.row_label is not None or not candidate.sentence:
        return _check("not_applicable")
    sentence = f"{candidate.lead} {candidate.sentence}"
    at = sentence.find(candidate.printed)
    if at < 0:
        return _check("not_applicable")
    start = max(at - 160, 0)
    near, at = sentence[start : at + len(candidate.printed) + 60], at - start  # the number's place in *near*
    asked = {kind: _objects(pattern, question) for kind, pattern in (("in", _INCLUDING), ("ex", _EXCLUDING))}
    phrases = [
        (min(abs(m.end() - at), abs(m.start() - at - len(candidate.printed))), kind, m.group(0))
        for kind, pattern in (("in", _INCLUDING), ("ex", _EXCLUDING))
        for m in pattern.finditer(near)
        if _objects(pattern, m.group(0)) & (asked["in"] | asked["ex"])
    ]
    if not phrases:
        return _check("not_applicable")
    _, kind, phrase = min(phrases)
    if _objects(_INCLUDING if kind == "in" else _EXCLUDING, phrase) & asked["ex" if kind == "in" else "in"]:
        word = "includes" if kind == "in" else "excludes"
        return _check("mismatch", f"subject: the figure {word} what the question asks otherwise ('{phrase}')")
    return _check("not_applicable")


def deduction_rule(question: str, candidate: Candidate, cited: Sequence[CitedSpan]) -> FieldCheck:
    """A table's total row with a deduction above it ('Less ...', or negative in the total's column) of something the
    question asks the amount 'before': mismatch (the total is after it)."""
    asked = _objects(_BEFORE, question)
    if not asked or candidate.line is None:
        return _check("not_applicable")
    if (own := _NET_OF.search(candidate.row_label or "")) and _objects(_NET_OF, own.group(0)) & asked:
        # 'Property and equipment, net of accumulated depreciation of $68,251 and $59,660 95,641'
        return _check("mismatch", f"subject: the row is '{own.group(0).strip()}', asked before it")
    if not _TOTAL.match(candidate.row_label or ""):
        return _check("not_applicable")
    found = next((f for c in cited if (f := c.document.table_row(candidate.line))), None)
    if found is None or _objects(_BEFORE, found[1].label):  # 'Total before income taxes' says its own basis
        return _check("not_applicable")
    table, total = found
    column = total.values.index(candidate.value) if candidate.value in total.values else None
    for row in (r for r in table.rows if r.line < total.line):
        value = row.values[column] if column is not None and column < len(row.values) else None
        subtracted = deducted(row.label) or (value is not None and value < 0)
        if subtracted and {t[:_STEM] for t in tokenize(row.label) if len(t) >= 3} & asked:
            return _check("mismatch", f"subject: the total is after '{row.label.strip()}', asked before it")
    return _check("not_applicable")


def excluded_concepts(text: str) -> frozenset[str]:
    """The line items *text* names only to leave them out ('property and equipment before accumulated
    depreciation': accumulated depreciation; not the income taxes of 'income before income taxes', whose line item
    is named with them), which no part of an answer need give."""
    objects = " ".join(m.group("object") for pattern in (_BEFORE, _EXCLUDING) for m in pattern.finditer(text))
    left = _BEFORE.sub(" ", _EXCLUDING.sub(" ", text))
    named, kept = concepts_in(qualifier_text(objects)).concepts, concepts_in(qualifier_text(left)).concepts
    whole = concepts_in(qualifier_text(text)).concepts
    return frozenset(named - kept) if kept and kept <= whole else frozenset()


# words any included part may share with any quote ('its recovery period' is asked by 'recovery')
_GENERIC = frozenset(tokenize("period periods year years time amount amounts total portion part parts"))


def included_rule(question: str, spans: Sequence[CitedSpan]) -> FieldCheck:
    """A question that asks a whole 'including' a part ('What is the total duration of the agreement, including its
    recovery period?') is not answered by a quote cut before the part its sentence goes on to ('covers 80% of credit
    losses ... over 5 years', the line going on 'followed by a three-year recovery period'): unchecked. A part the
    quotes name, or one the text after them does not name either (a synonym may), is left to the other checks."""
    quotes = {t[:_STEM] for s in spans for t in tokenize(s.span.quote)}
    after = {t[:_STEM] for s in spans for t in tokenize(text_after(s))}
    for match in _INCLUDING.finditer(question):
        part = {t[:_STEM] for t in tokenize(match.group("object")) if t not in _GENERIC and len(t) >= 3}
        if part and not part & quotes and part & after:
            named = " ".join(match.group("object").split())
            return _check("unknown", f"subject: the question asks to include {named}; its quote stops before it")
    return _check("not_applicable")
