"""Combine: the item checks and span verdicts of an answer into its verification, with one overall status
(the last step of ``verify.verifier.verify_answer``)."""

from pydantic import BaseModel

from ..answer.contract import iter_spans
from .claims import (
    completeness_rule,
)
from .items import with_fields
from .quotes import AnswerStatus, OverallStatus, SpanVerdict, Verification
from .values import CitedSpan, ItemCheck


def summarise(
    answer: BaseModel,
    verdicts: list[SpanVerdict],
    checks: list[ItemCheck],
    question: str = "",
    cited: list[CitedSpan] | None = None,
) -> Verification:
    ok = sum(v.verdict == "verified" for v in verdicts)
    bad = len(verdicts) - ok
    items = getattr(answer, "items", [])
    if not items and not getattr(answer, "answer_found", False):
        status: AnswerStatus = "not_found"
    elif not verdicts or _uncited_items(answer):
        status = "no_citations" if not bad else "failed"
    else:
        status = "verified" if bad == 0 else "failed"
    found = bool(getattr(answer, "answer_found", True))
    overall: OverallStatus
    if status in ("not_found", "no_citations"):
        overall = status
    elif status == "failed":
        overall = "citation_failed"
    elif not found:  # evidence shown with answer_found false is no claim: nothing to support
        overall = "not_found"
        checks = [c for c in checks if c.holds]
    elif not all(c.holds for c in checks):
        overall = "unsupported"
    else:
        overall = "supported" if all(c.checked for c in checks) else "unchecked"
        complete = completeness_rule(question, _covered(answer, cited or [])) if question.strip() else None
        if complete is not None and complete.verdict == "mismatch":
            overall = "partial"
            checks = [*checks[:-1], with_fields(checks[-1], [complete])] if checks else checks
    return Verification(
        status=status,
        spans=verdicts,
        verified=ok,
        failed=bad,
        items=checks,
        overall=overall,
        values_supported=sum(c.value_check == "supported" and c.checked for c in checks),
        values_unsupported=sum(not c.holds for c in checks),
    )


def _covered(answer: BaseModel, cited: list[CitedSpan]) -> list[str]:
    """What the items say they answer: each item's label and text, and the lines they cite."""
    said = [str(getattr(item, "label", "") or getattr(item, "text", "") or "") for item in getattr(answer, "items", [])]
    return said + [c.span.quote for c in cited]


def _uncited_items(answer: BaseModel) -> bool:
    cited = {item for item, _, _, _ in iter_spans(answer)}
    return any(i not in cited for i in range(len(getattr(answer, "items", []))))
