"""The sign a figure is printed with against the sign an answer states: a row that reads '(income) loss' prints a
loss without parentheses; an outflow's, a deduction's or an expense's label states its magnitude; a count taken away
in its table is 'how many'; a sentence's aside in parentheses ('Production Options ($552 million)') is no negative,
unless the words before it say a fall ('a decrease in Advances and progress billings ($2.4 billion)')."""

from __future__ import annotations

import re

from ..concepts import is_outflow, states_magnitude
from ..ingest.factrows import deducted
from ..numbers import figure_text
from ..textnorm import tokenize
from .conventions import parenthesized_alternative, printed_as_loss
from .meaning import Asked, evidence_of
from .values import Candidate, PlainCheck
from .wording import reversed_by

_LOSS_WORDS = frozenset(tokenize("loss losses deficit decrease decreased decline declined outflow used deficiency"))
_HOW_MANY = re.compile(r"\s*how\s+many\b", re.IGNORECASE)  # 'How many stores did it close': '(41)' closed


def sign_check(value: float, candidate: Candidate, asked: Asked) -> tuple[PlainCheck, str]:
    """The stated sign against the printed one: an outflow's label may state its magnitude; a row that reads
    '(income) loss' prints a loss without parentheses, so the income asked is the printed figure negated."""
    opposites = reversed_by(candidate.row_label or "", asked.question)
    if opposites is not None and candidate.value != 0:
        income, loss = opposites
        if (candidate.value < 0) != (value < 0):
            return "supported", f"the row reads '({income}) {loss}': {candidate.printed} is the {income} negated"
        said = loss if candidate.value > 0 else income
        kind = f"{'an' if said[0] in 'aeiou' else 'a'} {said}"
        detail = f"the row reads '({income}) {loss}': {candidate.printed} is {kind}, so the {income} asked is "
        return "mismatch", f"{detail}{figure_text(-candidate.value)}; the item states {figure_text(value)}"
    if candidate.value == 0 or (candidate.value < 0) == (value < 0):
        return "supported", ""
    other = parenthesized_alternative(candidate.row_label or "")  # 'Provision/(benefit)': '(71)' is a benefit
    if value > 0 and other and other not in asked.question.lower():
        return "mismatch", f"the row prints a {other} in parentheses: {candidate.printed} is a {other}, not positive"
    evidence = evidence_of(candidate)
    if value > 0 and is_outflow(asked.concepts | evidence.concepts):
        return "supported", f"{candidate.printed} is an outflow; its label ({asked.named}) states the magnitude"
    counted = candidate.kind == "count" or (candidate.source is not None and candidate.source.kind == "count")
    if value > 0 and counted and _HOW_MANY.match(asked.question):
        return "supported", f"{candidate.printed} is a count taken away in its table; how many is its magnitude"
    if value > 0 and deducted(candidate.row_label or ""):
        return "supported", f"{candidate.printed} is deducted in its schedule; its label states the magnitude"
    if value > 0 and states_magnitude(evidence.concepts):
        return "supported", f"{candidate.printed} is an expense printed in parentheses; its label states the magnitude"
    opening = tokenize(re.sub(r"\([^)]*\)", " ", candidate.row_label or evidence.text))[:4]
    if value < 0 and _LOSS_WORDS & set(opening) and not _LOSS_WORDS & set(tokenize(asked.label)):
        return "supported", f"{candidate.printed} is printed as a loss or decrease; stated as a negative"
    if value < 0 and printed_as_loss(candidate) and not _LOSS_WORDS & set(tokenize(asked.label)):
        return "supported", f"{candidate.printed} is written as a loss; stated as a negative"
    if (
        value > 0
        and candidate.row_label is None
        and _PROSE_ASIDE.fullmatch(candidate.printed)
        and not _falls(candidate)
    ):
        return "supported", f"{candidate.printed} is a sentence's aside in parentheses; it states the magnitude"
    printed = "a negative" if candidate.value < 0 else "a positive"
    return "mismatch", f"the document prints {candidate.printed}, {printed}; the item states {figure_text(value)}"


# a sentence's amount in parentheses with its scale word inside ('T-7A Red Hawk Production Options ($552 million)'):
# an aside naming the amount, not a table's negative
_PROSE_ASIDE = re.compile(r"\(\s*[$€£¥]?\s*[\d.,]+\s*(?:thousand|million|billion|trillion)\s*\)", re.IGNORECASE)
# a fall said before the aside ('a decrease in Advances and progress billings ($2.4 billion)'): a negative change
_FALL = re.compile(r"\b(?:decreas|declin|reduc|lower|loss|outflow|unfavorabl)\w*", re.IGNORECASE)


def _falls(candidate: Candidate) -> bool:
    """Whether the sentence says a fall in the words right before the figure."""
    sentence = candidate.sentence or ""
    at = sentence.find(candidate.printed)
    return at > 0 and bool(_FALL.search(sentence[max(0, at - 80) : at]))
