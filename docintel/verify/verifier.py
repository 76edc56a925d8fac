"""Verify an answer in one pass a reader can follow: find the quotes (``quotes``), apply each field's rule to
every item (``items``), mark values read by OCR with low confidence (``ocr``), and combine them into one overall
status (``summary``): ``supported`` only when every quote is verified and every check holds.
"""

from __future__ import annotations

from pydantic import BaseModel

from ..context.pack import Context
from ..ingest.documents import Document
from .items import check_items, with_fields
from .ocr import doubtful_ocr
from .quotes import Verification, find_quotes
from .rules import FieldCheck
from .summary import summarise


def verify_answer(
    answer: BaseModel, context: Context, documents: list[Document], question: str = "", unconfirmed_issuer: str = ""
) -> Verification:
    """Check every span of *answer* against the lines of *context* and *documents*, then every item's values.

    The years *question* names are the periods a value's column must belong to when the item states none.
    *unconfirmed_issuer* is routing's note that no document searched is by the company the question names
    (over a folder): then no item is confirmed to be about that company, and none is supported.
    """
    verdicts, cited = find_quotes(answer, context, documents)
    checks = doubtful_ocr(check_items(answer, cited, question), cited)
    if unconfirmed_issuer:
        issuer = FieldCheck(field="issuer", verdict="unknown", detail=f"issuer: {unconfirmed_issuer}")
        checks = [with_fields(c, [issuer]) for c in checks]
    return summarise(answer, verdicts, checks, question, list(cited.values()))
