"""A chat session: turns asked of the same documents, each resolved against the earlier ones.

The session keeps the turns (what was asked, what it was resolved to, the answer in one line,
its verdict, its trace) and hands each new question to the pipeline with its conversation
block (``docintel.question.conversation``). Every turn's trace carries the session id and the turn
number, so ``docintel traces show --session ID`` replays the conversation with its verdicts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..answer.contract import ConversationSummary
from ..backends import BackendFailure
from ..context.pack import empty_context
from ..context.prompts import Prompt
from ..errors import storage_error
from ..ingest.cache import atomic_write_json
from ..pipeline import Pipeline
from ..question.conversation import (
    ChatTurn,
    Resolution,
    SessionRecord,
    TierRecord,
    Turn,
    assemble,
    describe_answer,
    new_session_id,
    resolve,
    summary_prompt_parts,
    unsupported_numbers,
)
from ..question.parse import parse_question
from ..results import AskResult
from ..settings import MIN_BUDGET_CHARS


class ChatSession:
    """The turns of one conversation over a fixed set of documents."""

    def __init__(self, pipeline: Pipeline, paths: list[Path], scope: list[str] | None = None) -> None:
        self.pipeline = pipeline
        self.paths = paths
        self.scope = scope
        self.session_id = new_session_id()
        self.turns: list[Turn] = []
        self.last_record: SessionRecord | None = None
        self.last_result: AskResult | None = None
        self._summaries: dict[tuple[int, ...], str] = {}
        self._summary_note: str | None = None
        self._summary_tokens = 0
        self.asked = 0  # turns asked, failed ones too: every turn has its own number

    def ask(self, asked: str) -> tuple[AskResult, Resolution]:
        """Answer one turn: resolve it, assemble its tiers, ask the pipeline, remember the answer."""
        settings = self.pipeline.settings
        previous = next((t for t in reversed(self.turns) if not t.superseded), None)
        resolution = resolve(asked.strip(), previous)
        if previous is not None and resolution.carried:
            previous.followed_up += 1
        self._summary_note, self._summary_tokens = None, 0
        self.asked += 1
        history = assemble(
            self.turns,
            resolution.question,
            min(int(settings.budget_chars * settings.chat_history_share), settings.budget_chars - MIN_BUDGET_CHARS),
            settings.chat_recent_turns,
            self._summarise if settings.resolved_backend() == "openai" else None,
        )
        record = SessionRecord(
            session_id=self.session_id,
            turn=self.asked,
            asked=asked.strip(),
            resolved=resolution.question,
            carried=resolution.carried,
            tiers=history.tiers,
            included_turns=history.included,
            excluded_turns=history.excluded,
            summary_source=history.summary_source,
            summary_note=self._summary_note,
            summary_tokens=self._summary_tokens,
        )
        result = self.pipeline.ask(
            resolution.question, self.paths, scope=self.scope, turn=ChatTurn(history=history, session=record)
        )
        self._remember(record, resolution, result)
        return result, resolution

    def _summarise(self, facts: list[Turn], limit: int) -> str | None:
        """The model's summary of the supported answers of *facts* (once per set of turns), or None — and a
        note — when the call fails or the summary states a number no supported answer holds."""
        key = tuple(t.number for t in facts)
        if key in self._summaries:
            return self._summaries[key]
        system, user = summary_prompt_parts(facts, limit)
        prompt = Prompt(system=system, user=user, fragments=["conversation_summary"], schema_name="ConversationSummary")
        empty = empty_context("ok", "conversation summary", self.pipeline.settings.budget_chars)
        try:
            generation = self.pipeline.backend.generate(
                prompt, ConversationSummary, "text", empty, parse_question(facts[-1].question)
            )
        except BackendFailure as exc:
            self._summary_note = f"the model could not summarise ({exc.what}): extracted instead"
            return None
        self._summary_tokens = generation.usage.input_tokens + generation.usage.output_tokens
        items = getattr(generation.answer, "items", [])
        by_number = {t.number: t for t in facts}
        if any(not item.turns or set(item.turns) - set(by_number) for item in items):
            self._summary_note = (
                "the model's summary names no turn, or one without a supported answer: extracted instead"
            )
            return None
        for item in items:  # each fact's numbers must be stated by the answers of the turns it names
            if bad := unsupported_numbers(item.text, [by_number[n] for n in item.turns]):
                self._summary_note = (
                    f"the model's summary states {', '.join(bad)}, which the turns it names do not: extracted instead"
                )
                return None
        text = " ".join(f"{item.text} (turn {', '.join(map(str, item.turns))})" for item in items)

        if not text or len(text) > limit:
            self._summary_note = "the model's summary was empty or over its share: extracted instead"
            return None
        self._summaries[key] = text
        return text

    def _remember(self, record: SessionRecord, resolution: Resolution, result: AskResult) -> None:
        for turn in self.turns:  # the same question asked again: the earlier answer is superseded
            if turn.question.strip().lower() == resolution.question.strip().lower():
                turn.superseded = True
        answer = result.answer.model_dump(mode="json")
        self.turns.append(
            Turn(
                number=record.turn,
                asked=record.asked,
                question=resolution.question,
                trace_id=result.trace_id if result.trace_path else None,
                answer=describe_answer(
                    answer,
                    result.verification.overall == "supported",
                    result.verification.model_dump(mode="json")["items"],
                ),
                status=result.verification.overall,
                documents=sorted({s.doc for s in result.prepared.context.sources}),
                open_parts=_open_parts(answer, result),
            )
        )
        self.last_record = result.session or record  # as the trace records it, with the evidence tier
        self.last_result = result

    def reset(self) -> None:
        """Forget every turn: a new session starts (with a new id)."""
        self.session_id = new_session_id()
        self.turns = []
        self.asked = 0
        self._summaries = {}
        self.last_record = None
        self.last_result = None

    def budget(self) -> list[TierRecord]:
        """The last turn's tiers against their shares."""
        return list(self.last_record.tiers) if self.last_record else []

    def transcript(self) -> dict[str, Any]:
        """The session as JSON: id, documents and every turn."""
        return {
            "session_id": self.session_id,
            "paths": [str(p) for p in self.paths],
            "turns": [t.model_dump(mode="json") for t in self.turns],
        }

    def save(self, path: Path) -> None:
        """Write the transcript to *path* atomically."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_json(path, self.transcript(), indent=1)
        except OSError as exc:
            raise storage_error("write the chat transcript to", path, exc, "give a writable path: /save FILE") from None


def _open_parts(answer: dict[str, Any], result: AskResult) -> list[str]:
    """The parts of the question the answer left open: null fields of a multi-part answer, or the whole
    question when nothing was found."""
    parts = result.prepared.parsed.parts
    if parts and answer.get("items"):
        item = answer["items"][0]
        return [p.text for i, p in enumerate(parts, start=1) if (item.get(f"part_{i}") or {}).get("value") is None]
    return [] if answer.get("answer_found") else [result.prepared.parsed.question]
