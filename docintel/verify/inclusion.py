"""What a figure includes, as its question and its sentence say it. A question that asks a total 'including amounts
already accrued' is not answered by a sentence's figure 'in excess of the accrual', nor a question that asks the
amount 'excluding' or 'in excess of' something by a figure 'including' it (general English: the object of each phrase,
compared by its stem)."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .rules import FieldCheck, FieldVerdict
from .values import Candidate

_INCLUDING = re.compile(
    r"\b(?:including|inclusive\s+of|together\s+with)\s+(?P<object>(?:[\w'’-]+\s+){0,3}[\w'’-]+)", re.I
)
_EXCLUDING = re.compile(
    r"\b(?:in\s+excess\s+of|excluding|exclusive\s+of|net\s+of|beyond|over\s+and\s+above)\s+"
    r"(?P<object>(?:[\w'’-]+\s+){0,3}[\w'’-]+)",
    re.I,
)
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
