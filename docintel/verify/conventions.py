"""A page's sign convention: a filing whose tables print expenses as negatives ('SG&A expenses $ (1,246)',
'Interest expense $ (290)') prints a net gain of a 'Restructuring, impairment, and other related activities, net'
row as a positive ('$ 104'). Such a positive cell is no expense, whatever the row is called."""

from __future__ import annotations

import re

from ..concepts import concepts_in, states_magnitude
from ..ingest.documents import Document
from ..ingest.statements import primary_statement_on
from .rules import FieldCheck
from .values import Candidate

# what a question asks an amount of, when it asks an expense (general English); a gain or income asked is not
_ASKS_EXPENSE = re.compile(r"\b(?:expenses?|charges?|costs?)\b", re.IGNORECASE)
_ASKS_GAIN = re.compile(r"\b(?:gains?|income|benefits?|credits?)\b", re.IGNORECASE)


def _expense_signs(document: Document, page: int, own_line: int) -> tuple[int, int]:
    """How many expense rows of the page's tables print all their figures negative, and how many positive."""
    negative = positive = 0
    for table in document.tables:
        if table.page != page:
            continue
        for row in table.rows:
            figures = [v for v in row.values if v is not None]
            if row.line == own_line or not figures or not states_magnitude(concepts_in(row.label).concepts):
                continue
            negative += all(v < 0 for v in figures)
            positive += all(v > 0 for v in figures)
    return negative, positive


def expense_sign_rule(candidate: Candidate, question: str, document: Document | None) -> FieldCheck:
    """A positive cell given for an expense the question asks, on a page whose expense rows all print negative:
    `unknown`, its detail naming the convention (the cell is likely a net gain)."""
    asks = _ASKS_EXPENSE.search(question) and not _ASKS_GAIN.search(question)
    if document is None or not asks or candidate.row_label is None or candidate.value <= 0 or not candidate.line:
        return FieldCheck(field="sign", verdict="not_applicable")
    pages = document.lines["page"]
    if not 1 <= candidate.line <= len(pages):
        return FieldCheck(field="sign", verdict="not_applicable")
    page = int(pages.iloc[candidate.line - 1])
    if primary_statement_on(document.meta.profile.statements, page) == "equity":
        # 'Stock-based compensation expense 9,611' adds to paid-in capital beside dividends taken out of it
        return FieldCheck(field="sign", verdict="not_applicable")
    negative, positive = _expense_signs(document, page, candidate.line)
    if negative < 2 or positive:
        return FieldCheck(field="sign", verdict="not_applicable")
    detail = (
        f"sign: this page prints expenses as negatives ({negative} expense rows in parentheses); "
        f"{candidate.printed} is positive, so it is likely a net gain, not an expense"
    )
    return FieldCheck(field="sign", verdict="unknown", asked="an expense", found="a positive figure", detail=detail)


_LOSS_AFTER = re.compile(r"^\s*(?:%|percent)?\s*(?:loss|decline|decrease|drop)\b", re.IGNORECASE)


def printed_as_loss(candidate: Candidate) -> bool:
    """A number of prose the word after calls a loss ('an 8.4 percent loss in the 1 year period')."""
    at = candidate.sentence.find(candidate.printed) if candidate.row_label is None else -1
    return at >= 0 and bool(_LOSS_AFTER.match(candidate.sentence[at + len(candidate.printed) :]))


# a row label naming the opposite its parentheses print: 'Provision/(benefit) for taxes', 'Other (income)/deductions'
_ALTERNATIVE = re.compile(r"\w\s*/\s*\((?P<a>[a-z]+)\)|\((?P<b>[a-z]+)\)\s*/\s*\w", re.IGNORECASE)


def parenthesized_alternative(label: str) -> str:
    """The word a row label writes in parentheses beside its item, which its parenthesised cells are ('benefit' of
    'Provision/(benefit) for taxes on income': '(71)' is a benefit of 71, no provision of 71); '' when none."""
    found = _ALTERNATIVE.search(label)
    return (found.group("a") or found.group("b")).lower() if found else ""


# a question about cash spent or paid, and a row of what was acquired without cash (ASC 230-10-50-3: noncash
# investing and financing activities are disclosed apart from the statement's cash flows)
_ASKS_CASH = re.compile(r"\bcash\b[^.?]{0,40}\b(?:spen[dt]|paid|pay|used|outflows?)\b", re.IGNORECASE)
_NONCASH = re.compile(
    r"\bacquired\s+(?:under|through|via)\s+(?:[\w-]+\s+){0,2}(?:leases?|financing)\b|\bnon-?cash\b", re.IGNORECASE
)


def noncash_for_cash(question: str, label: str) -> str:
    """Why a row of an acquisition without cash ('Property and equipment acquired under capital leases') answers no
    question about cash spent (an operand of one: a single such row names another line item already); '' when it
    may."""
    if _ASKS_CASH.search(question) and _NONCASH.search(label):
        return f"'{label}' was acquired without cash (a noncash activity, ASC 230-10-50-3), not cash spent"
    return ""
