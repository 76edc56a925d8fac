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
    """A number of prose whose clause excludes what the question says to include (or the reverse): mismatch."""
    if candidate.row_label is not None or not candidate.sentence:
        return _check("not_applicable")
    sentence = f"{candidate.lead} {candidate.sentence}"
    at = sentence.find(candidate.printed)
    near = sentence[max(at - 160, 0) : at + len(candidate.printed) + 60] if at >= 0 else sentence
    for asked, said, word in ((_INCLUDING, _EXCLUDING, "excludes"), (_EXCLUDING, _INCLUDING, "includes")):
        shared = _objects(asked, question) & _objects(said, near)
        if shared:
            found = [m.group(0) for m in said.finditer(near) if _objects(said, m.group(0)) & shared]
            phrase = found[0] if found else ""
            return _check("mismatch", f"subject: the figure {word} what the question asks otherwise ('{phrase}')")
    return _check("not_applicable")
