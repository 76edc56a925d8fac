"""The sequential strategy: passages in rank order, a group per call, stop at the first good answer.

A single-fact question (an amount, a date, yes/no, a name) usually finds its answer in its best
passages. Instead of one call with the whole packed context, the candidates are packed into at
most ``sequential_groups`` groups, each under ``budget_chars / sequential_groups`` characters and
each holding the next passages in rank order (no passage twice, no whole-document escalation).
The pipeline calls the model on one group at a time and stops as soon as an answer is found,
complete and supported (every quote verified and every value check holding); otherwise it goes
on to the next group. Every call is recorded in the one trace (``calls``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from .backends import Generation, Usage
from .context.pack import Context, estimate_tokens, pack_context
from .context.prompts import Prompt
from .ingest.documents import Document
from .question.parse import ParsedQuestion
from .retrieval.search import RetrievalResult
from .settings import Settings
from .verify.quotes import Verification

Strategy = Literal["combined", "sequential"]
MIN_CALL_CHARS = 2000  # a call smaller than this cannot hold a statement table with its header


class CallRecord(BaseModel):
    """One model call of a sequential answer."""

    call: int = Field(description="1 for the first group of passages, 2 for the next, ...")
    pages: dict[str, list[int]] = Field(description="pages sent, by document")
    lines: int = Field(description="evidence lines sent")
    context_chars: int
    prompt_chars: int = Field(
        description="characters sent: the messages as sent (with the schema instruction json_object and prompt "
        "modes add), else system and user prompt together"
    )
    messages: list[dict[str, str]] = Field(default_factory=list, description="the messages this call last sent")
    estimated_tokens: int
    usage: Usage
    answer_found: bool
    complete: bool
    verification: str | None = Field(description="the answer's overall status (supported, unsupported, ...)")
    stopped: bool = Field(description="true for the call that settled the loop: found, complete and supported")
    kept: bool = Field(default=False, description="true for the call whose answer is shown and kept in the trace")
    latency_s: float


def strategy_for(parsed: ParsedQuestion, settings: Settings) -> Strategy:
    """The strategy a question is answered with: the setting, or the question's own when it is 'auto'."""
    return parsed.chunk_strategy if settings.strategy == "auto" else settings.strategy


def group_contexts(
    retrieval: RetrievalResult, documents: list[Document], settings: Settings, budget: int
) -> list[Context]:
    """The groups of passages, best first: each packed under budget / sequential_groups characters, and
    never under MIN_CALL_CHARS (a smaller budget makes fewer groups; under twice it, one: combined)."""
    per_call = max(budget // settings.sequential_groups, MIN_CALL_CHARS)
    packing = settings.model_copy(update={"use_escalation": False})
    remaining = list(retrieval.candidates)
    groups: list[Context] = []
    while remaining and len(groups) < settings.sequential_groups and (len(groups) + 1) * per_call <= budget:
        context = pack_context(retrieval.model_copy(update={"candidates": remaining}), documents, packing, per_call)
        if context.status != "ok":
            break
        sent = context.sent_lines()
        remaining = [
            c
            for c in remaining
            if not set(range(c.passage.line_start, c.passage.line_end + 1)) <= sent.get(c.passage.doc_id, set())
        ]
        groups.append(context)
    return groups


def settles(generation: Generation, verification: Verification) -> bool:
    """Whether a call's answer ends the loop: found, complete and supported.

    The extractive backend never claims completeness; for the single fact a sequential question
    asks, its supported value is the answer.
    """
    answer = generation.answer
    found = bool(getattr(answer, "answer_found", False))
    complete = bool(getattr(answer, "complete_answer_found", False)) or generation.backend == "extractive"
    return found and complete and verification.overall == "supported"


def call_record(
    number: int, context: Context, prompt: Prompt, generation: Generation, verification: Verification, stopped: bool
) -> CallRecord:
    """The record of one call: what it sent, what it cost, what came back."""
    answer = generation.answer
    messages = sent_messages(generation)
    prompt_chars = sum(len(m.get("content", "")) for m in messages) or len(prompt.system) + len(prompt.user)
    return CallRecord(
        messages=messages,
        call=number,
        pages={s.doc: s.pages for s in context.sources},
        lines=sum(len(s.lines) for s in context.sources),
        context_chars=context.budget.used_chars,
        prompt_chars=prompt_chars,
        estimated_tokens=estimate_tokens(prompt_chars),
        usage=generation.usage,
        answer_found=bool(getattr(answer, "answer_found", False)),
        complete=bool(getattr(answer, "complete_answer_found", False)),
        verification=verification.overall,
        stopped=stopped,
        latency_s=generation.latency_s,
    )


def sent_messages(generation: Generation) -> list[dict[str, str]]:
    """The messages a model call last sent, as its request record keeps them ([] without a model)."""
    messages = generation.request.get("messages") if generation.backend != "extractive" else None
    return [m for m in messages or [] if isinstance(m, dict)]


def kept_call(calls: list[CallRecord]) -> int:
    """Index of the call whose answer is kept: the one that settled; else the first supported answer, else
    the first answer found, else the last call (nothing found anywhere)."""
    ranks = [(c.stopped, c.answer_found and c.verification == "supported", c.answer_found) for c in calls]
    best = max(ranks)
    return ranks.index(best) if any(best) else len(calls) - 1


def total_usage(usages: list[Usage]) -> Usage:
    """The tokens of several calls added up."""
    return Usage(
        input_tokens=sum(u.input_tokens for u in usages),
        output_tokens=sum(u.output_tokens for u in usages),
        cached_tokens=sum(u.cached_tokens for u in usages),
        total_tokens=sum(u.total_tokens for u in usages),
    )
