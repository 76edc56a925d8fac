"""Settling an offline answer against its verification: the first alternative that passes, else the failing items
dropped, else all withdrawn as the closest evidence (``settle_offline``, called by the pipeline)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pydantic import BaseModel

from .base import Generation
from .extractive import NO_MODEL_NOTE

if TYPE_CHECKING:
    from ..verify.quotes import Verification
    from ..verify.values import ItemCheck


def withdraw_unverified(generation: Generation, verification: Verification, drop: bool = True) -> Generation | None:
    """The offline backend claims only what passes: of its answer that is not supported (unsupported, or
    unchecked), the items that pass are kept and the others dropped, the reasons said (the items are candidates
    it looked up, 'The Mirage' sale's date beside Gold Strike Tunica's); with none passing, or with *drop* false (what
    was left after dropping failed again), the answer becomes evidence — not found, the closest lines kept. None for
    any other answer."""
    if generation.backend != "extractive" or verification.overall not in ("unsupported", "unchecked"):
        return None
    reasons = [_reason(c) for c in verification.items if not c.checked][:3]
    items = getattr(generation.answer, "items", [])
    failing = {c.item for c in verification.items if not c.checked}
    if (
        drop
        and items
        and len(failing) < len(items)
        and not {c.item for c in verification.items} - set(range(len(items)))
    ):
        kept = [item for n, item in enumerate(items) if n not in failing]
        said = "; ".join(dict.fromkeys(reasons))[:400]
        caveat = f"dropped {len(failing)} of the {len(items)} items looked up, which did not pass verification ({said})"
        caveats = [*getattr(generation.answer, "caveats", []), caveat]
        answer = generation.answer.model_copy(update={"items": kept, "caveats": caveats})
        return generation.model_copy(update={"answer": answer})
    answer = withdrawn(generation.answer, reasons, verification.overall == "unchecked")
    return generation.model_copy(update={"answer": answer})


def settle_offline(
    generation: Generation, verification: Verification, verify: Callable[[BaseModel], Verification]
) -> tuple[Generation, Verification]:
    """An offline answer not supported: its first supported alternative, else its failing items dropped, then (when
    what is left fails too) all withdrawn as evidence, each verified again. Any other answer as it is. A text
    answer's own items that pass come before its alternatives (a who-question's lines tried one at a time)."""
    if getattr(generation.answer, "answer_type", "") == "text" and generation.alternatives:
        kept = withdraw_unverified(generation, verification)
        if kept is not None and getattr(kept.answer, "answer_found", False):
            checked = verify(kept.answer)
            if checked.overall == "supported":
                return kept.model_copy(update={"alternatives": []}), checked
    generation, verification = first_supported(generation, verification, verify)
    for drop in (True, False):
        if (evidence := withdraw_unverified(generation, verification, drop)) is None:
            break
        generation, verification = evidence, verify(evidence.answer)
    return generation, verification


def first_supported(
    generation: Generation, verification: Verification, verify: Callable[[BaseModel], Verification]
) -> tuple[Generation, Verification]:
    """An offline answer that is not supported gives way to the first of its alternatives (the next amounts it
    looked up) that *verify* finds supported, the first one's reasons said in a caveat; else it stays as it is (its
    failing items dropped, or withdrawn, after this). A total after a part's row failed is held by the verifier's
    part rule ('Total water services' for residential water services revenues)."""
    if generation.backend != "extractive" or verification.overall == "supported":
        return generation, verification
    for alternative in generation.alternatives:
        checked = verify(alternative)
        if checked.overall == "supported":
            reasons = "; ".join(dict.fromkeys(_reason(c) for c in verification.items if not c.checked))[:300]
            first = "amount" if getattr(alternative, "answer_type", "") == "amount" else "answer"
            caveat = f"the first {first} looked up did not pass verification ({reasons}); the next that did is answered"
            caveats = [caveat, *getattr(alternative, "caveats", [])]
            answer = alternative.model_copy(update={"caveats": caveats})
            return generation.model_copy(update={"answer": answer, "alternatives": []}), checked
    return generation, verification


def _reason(check: ItemCheck) -> str:
    """Why an item did not pass: its detail, and the fields that failed or could not decide where it leaves them
    out ('event: ... is said of The Mirage')."""
    failed = [f.detail for f in check.fields if f.verdict in ("mismatch", "unknown") and f.detail]
    return "; ".join(dict.fromkeys([check.detail, *(d for d in failed if d not in check.detail)]))


def withdrawn(answer: BaseModel, reasons: list[str], unchecked: bool = False) -> BaseModel:
    """An answer whose claim did not pass verification (or, *unchecked*, could not be confirmed to answer the
    question), turned into evidence: not found, the cited lines kept as the closest evidence, values dropped, the
    reasons said."""
    items = _distinct([_as_evidence(item) for item in getattr(answer, "items", [])])
    why = "could not be confirmed to answer the question" if unchecked else "did not pass verification"
    said = dict.fromkeys(part for reason in reasons for part in reason.split("; ") if part)  # each reason once
    caveat = f"no answer: what was looked up {why} (" + "; ".join(said)[:600] + ")"
    caveats = [caveat, "the cited lines are the closest evidence, not an answer", NO_MODEL_NOTE]
    return answer.model_copy(
        update={"items": items, "answer_found": False, "complete_answer_found": False, "caveats": caveats}
    )


def _distinct(items: list[BaseModel]) -> list[BaseModel]:
    """Evidence items once each: cells of one row, their values dropped, are one line shown once."""
    kept: list[BaseModel] = []
    seen: set[str] = set()
    for item in items:
        if (key := item.model_dump_json()) not in seen:
            seen.add(key)
            kept.append(item)
    return kept


def _as_evidence(item: BaseModel) -> BaseModel:
    if isinstance(getattr(item, "amount", None), BaseModel):
        amount = item.amount.model_copy(update={"value": None})  # type: ignore[attr-defined]
        label = f"evidence: {item.label}"  # type: ignore[attr-defined]
        return item.model_copy(update={"amount": amount, "calculation": None, "label": label})
    if hasattr(item, "explanation"):
        return item.model_copy(update={"value": None})
    return item
