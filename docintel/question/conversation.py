"""Conversations: follow-up resolution, context tiers under their own budget shares, session records.

Each turn of ``docintel chat``:

1. **Resolves** the question against the earlier turns. A follow-up with nothing of its own to
   ask ("and in 2017?", "what about Boeing?") is the previous question with the new period or
   company put in; a question that asks something new but leaves out the company, the period or
   what "it" is ("which segment drove it?") gets them from the previous turn, in brackets. What
   the question names itself always wins. The resolved question is what is retrieved for, shown
   and recorded.
2. **Assembles tiers**, each against its own share of the budget (``chat_history_share`` of
   ``budget_chars`` for the conversation; the evidence gets the rest):
   - *always*: the rules (the system prompt, unchanged);
   - *state*: documents in scope, periods asked so far, parts left open;
   - *recent*: the last ``chat_recent_turns`` turns raw, each with its verdict;
   - *summary*: older turns, ranked by reliability (a supported answer is a fact; any other
     answer is never stated, only that it was asked), relevance to this question, importance
     (how many later turns followed up on it) and recency;
   - *excluded*: turns that no longer bear on the question (no shared term or company) and
     answers a later turn asked again (superseded).
   The most recent turn is kept raw even when it is over its share; the trace flags it.
3. Records each tier's size and share, and the session id and turn number, in its trace.

With the openai backend the model condenses the older turns' supported answers (the chat
session makes that call); its summary is used only when every number in it is one a supported
answer states and every turn it names is supported, else the supported answers themselves are
the summary (as offline). Either way an unverified claim is never stated as fact.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, Field

from ..concepts import concepts_in
from ..numbers import find_numbers
from ..textnorm import tokenize
from .entities import question_entities

_PRONOUN = re.compile(r"\b(it|its|they|them|their)\b", re.IGNORECASE)  # 'this', 'that': too often not a reference
_LEAD = re.compile(
    r"^\s*(?:what|which|how much|how many|how|who|when|where|why)\s+"
    r"(?:is|was|were|are|did|does|do|has|have|had)?\s*(?:the\s+)?",
    re.IGNORECASE,
)
# follow-up openers and period words: a question made only of these (and years, names) asks nothing new
_FILLER = frozenset(
    tokenize(
        "and also then so what how about same for in of the same thing again please fiscal year years "
        "quarter quarters half month calendar period"
    )
)


class TierRecord(BaseModel):
    """One tier of a turn's prompt against its own share of the budget."""

    name: str = Field(description="always, state, recent, summary or evidence")
    chars: int
    budget_chars: int | None = Field(description="the tier's share of the budget (None: no share, e.g. the rules)")
    items: int = Field(description="turns (or lines) the tier holds")
    over: bool = Field(description="true when the tier is larger than its share")


class ExcludedTurn(BaseModel):
    """A turn left out of a prompt, and why."""

    turn: int
    why: str


class SessionRecord(BaseModel):
    """A turn's place in its conversation, as its trace records it."""

    session_id: str
    turn: int
    asked: str = Field(description="what the user typed")
    resolved: str = Field(description="the question retrieved for and answered (asked, with what it carried over)")
    carried: list[str] = Field(default_factory=list, description="what came from earlier turns, e.g. 'period 2018'")
    tiers: list[TierRecord] = Field(default_factory=list)
    included_turns: list[int] = Field(default_factory=list)
    excluded_turns: list[ExcludedTurn] = Field(default_factory=list)
    summary_source: str | None = Field(
        default=None, description="model or extracted: who wrote the summary of older turns (None: no summary)"
    )
    summary_note: str | None = Field(default=None, description="why a model-written summary was not used")
    summary_tokens: int = Field(default=0, description="tokens of the model call that wrote the summary (0: none)")


class Turn(BaseModel):
    """One answered turn of a session."""

    number: int
    asked: str
    question: str
    trace_id: str | None
    answer: str = Field(description="what the answer states, in one line")
    status: str | None = Field(description="the answer's overall verdict: supported, unsupported, not_found, ...")
    documents: list[str] = Field(default_factory=list)
    open_parts: list[str] = Field(default_factory=list)
    superseded: bool = False
    followed_up: int = Field(default=0, description="later turns resolved against this one: its importance")

    def fact(self) -> bool:
        """Whether the answer may be stated as a fact (found and supported)."""
        return self.status == "supported"

    def line(self) -> str:
        """The turn as one line of history: the answer only when it was supported."""
        if self.fact():
            return f"Turn {self.number}: {self.question} -> {self.answer} [supported]"
        return f"Turn {self.number}: {self.question} -> (no supported answer: {self.status}; not a fact)"


class Resolution(BaseModel):
    """A question read against the previous turn."""

    question: str
    carried: list[str] = Field(default_factory=list)


def content_terms(question: str) -> set[str]:
    """The search terms of a question that ask something: no years, numbers, names or follow-up words."""
    entities = question_entities(question)
    names = {t for name in entities.names for t in tokenize(name)}
    return {t for t in tokenize(question) if not t[0].isdigit() and t not in names and t not in _FILLER and t != "fy"}


def _subject(entities: Any) -> str | None:
    names = entities.issuer_position or entities.names
    return names[0] if names else None


def resolve(asked: str, previous: Turn | None) -> Resolution:
    """*asked* with what it leaves out taken from the previous turn; what it names itself wins."""
    if previous is None:
        return Resolution(question=asked)
    if not content_terms(asked):  # nothing of its own to ask: the previous question, with what it names put in
        return _substitute(asked, previous)
    return _carry(asked, previous)


def _substitute(asked: str, previous: Turn) -> Resolution:
    """The previous question with the period, quarter or company *asked* names put in its place."""
    new, old = question_entities(asked), question_entities(previous.question)
    question, carried, turn = previous.question, [], f"the question of turn {previous.number}"
    years = new.years or _relative_years(asked, old.years)
    if years:
        replacement = " and ".join(str(y) for y in years)
        if old.years:
            question = re.sub(rf"(?<!\d){old.years[0]}(?!\d)", replacement, question, count=1)
            for year in old.years[1:]:
                question = re.sub(rf"\s*(?:and|,)?\s*(?:FY\s?)?(?<!\d){year}(?!\d)", "", question, flags=re.I)
        else:
            question = question.rstrip(" ?.") + f" in {replacement}?"
        carried.append(f"{turn} for {replacement}")
    if new.quarters:
        quarter = " and ".join(f"Q{q}" for q in new.quarters)
        replaced = re.sub(rf"\bQ{old.quarters[0]}\b", quarter, question, flags=re.I) if old.quarters else question
        question = replaced if replaced != question else question.rstrip(" ?.") + f" in {quarter}?"
        carried.append(f"{turn} for {quarter}")
    company, before = _subject(new), _subject(old)
    if company:
        question = question.replace(before, company) if before else question.rstrip(" ?.") + f" for {company}?"
        carried.append(f"{turn} about {company}")
    return Resolution(question=question, carried=carried or [turn])


def _carry(asked: str, previous: Turn) -> Resolution:
    """*asked* with the company, period, quarter and topic it leaves out, in brackets, from the previous turn."""
    new, old = question_entities(asked), question_entities(previous.question)
    extra: list[str] = []
    carried: list[str] = []
    if not new.names and (company := _subject(old)):
        extra.append(f"for {company}")
        carried.append(f"company {company}")
    if not new.years and old.years:
        period = " and ".join(map(str, old.years))
        extra.append(f"in {period}")
        carried.append(f"period {period}")
    if not new.quarters and old.quarters and not new.years:
        quarter = " and ".join(f"Q{q}" for q in old.quarters)
        extra.append(f"in {quarter}")
        carried.append(f"quarter {quarter}")
    if (pronoun := _PRONOUN.search(asked)) and _owns_a_topic(asked, pronoun):
        # 'What was its capital spending?': 'its' is the company, and the question names its own topic
        if company := _subject(old):
            if f"for {company}" not in extra:
                extra.append(f"'{pronoun.group(1).lower()}' = {company}")
                carried.append(f"company {company}")
    elif pronoun:
        extra.append(f"'{pronoun.group(1).lower()}' = {_topic(previous)}")
        carried.append(f"topic of turn {previous.number}")
    if not extra:
        return Resolution(question=asked)
    return Resolution(question=f"{asked.rstrip(' ?.')} ({'; '.join(extra)})?", carried=carried)


def _owns_a_topic(asked: str, pronoun: re.Match[str]) -> bool:
    """Whether a possessive pronoun is followed by a topic of the question's own ('its capital spending'): then it
    stands for the company, not for what the previous turn asked about ('which segment drove its growth' aside:
    growth names nothing the previous turn did not)."""
    if pronoun.group(1).lower() not in ("its", "their"):
        return False
    return bool(concepts_in(asked[pronoun.end() :]).concepts)


_MEANING = re.compile(r"(?:^|; )'(it|its|they|them|their)' = (.*)$", re.IGNORECASE | re.DOTALL)


def _topic(previous: Turn) -> str:
    """What the previous turn asked about, flat: its question without the brackets its own resolution added,
    with the pronoun those brackets explained put back in ('segment drove Verizon's capital expenditure').

    Brackets never nest, however many follow-ups refer back ("it" of "it" of "it").
    """
    question, meaning = previous.question, None
    head = previous.asked.rstrip(" ?.")
    if question != previous.asked and question.startswith(head + " (") and question.endswith(")?"):
        question = previous.asked
        meaning = _MEANING.search(previous.question[len(head) + 2 : -2])
    topic = _LEAD.sub("", question).rstrip(" ?.")
    if meaning:
        pronoun, what = meaning.group(1).lower(), meaning.group(2)
        what = f"{what}'s" if pronoun in ("its", "their") else what
        topic = re.sub(rf"\b{pronoun}\b", lambda _: what, topic, count=1, flags=re.IGNORECASE)
    return topic


_RELATIVE = re.compile(
    r"\b(?:the\s+)?(year before|previous year|prior year|preceding year|year after|next year|following year)\b", re.I
)


def _relative_years(asked: str, years: list[int]) -> list[int]:
    """'the year before' / 'the year after' the previous turn's years; [] when the question says neither."""
    match = _RELATIVE.search(asked)
    if not match or not years:
        return []
    step = 1 if match.group(1).lower() in ("year after", "next year", "following year") else -1
    return [y + step for y in years]


def new_session_id() -> str:
    """A session id that sorts by time."""
    return "s" + datetime.now(UTC).strftime("%Y%m%dT%H%M%S") + "-" + secrets.token_hex(3)


def _quotes(item: dict[str, Any]) -> str:
    spans = item.get("spans") or []
    return " / ".join(f'"{span.get("quote", "")}"' for span in spans[:2])


def describe_answer(answer: dict[str, Any], supported: bool = True, checks: list[dict[str, Any]] | None = None) -> str:
    """What an answer states, in one line, for the history: only what verification checked.

    An amount gives its value and unit (checked against its quote) and its period only when the
    period check held, then the quote it comes from; a date its value; a text, list, table or
    yes/no item its quotes. The model's own labels and wording are never repeated: only quotes
    and checked values are. An answer that was not supported is marked as what the model quoted.
    """
    periods = {c.get("item"): c.get("period_check") for c in checks or [] if c.get("field") is None}
    source = "the document says" if supported else "the model quoted"
    parts: list[str] = []
    for index, item in enumerate(answer.get("items") or []):
        if "amount" in item and isinstance(item["amount"], dict):
            amount = item["amount"]
            unit = "" if amount.get("unit") in (None, "units") else f" {amount['unit']}"
            period = f" for {item['period']}" if item.get("period") and periods.get(index) == "supported" else ""
            value = f"{amount.get('value')}{unit} {amount.get('currency') or ''}".strip()
            parts.append(f"{value}{period}, from {_quotes(item)}")
        elif "date" in item and isinstance(item["date"], dict):
            parts.append(f"{item['date'].get('iso') or item['date'].get('original_text')}, from {_quotes(item)}")
        elif item.get("spans"):
            parts.append(f"{source} {_quotes(item)}")
    text = "; ".join(" ".join(p.split()) for p in parts if p.strip())
    return (text[:300] + "…") if len(text) > 300 else text or "(nothing stated)"


# ------------------------------------------------------------------------------ tiers

TIER_SHARES = {"state": 0.15, "recent": 0.45, "summary": 0.40}  # of the conversation's share of the budget
HISTORY_HEADER = (
    "Conversation so far (earlier turns of this session: context for reading the question, not evidence; "
    "cite only the evidence below):"
)


class History(BaseModel):
    """The conversation block of one turn's prompt, and how it was assembled."""

    text: str
    summary_source: str | None = Field(
        default=None, description="model (written by the model from supported answers only) or extracted"
    )
    tiers: list[TierRecord]
    included: list[int]
    excluded: list[ExcludedTurn]


def _relevance(turn: Turn, terms: set[str], names: set[str]) -> int:
    own = question_entities(turn.question)
    return len(content_terms(turn.question) & terms) + 2 * len({n.lower() for n in own.names} & names)


BLOCK_OVERHEAD = len(HISTORY_HEADER) + 80  # the header, block titles and blank lines between blocks


def _cut_to(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def _fill(lines: list[str], share: int, keep_first: bool) -> list[str]:
    kept, used = [], 0
    for index, line in enumerate(lines):
        if used + len(line) + 1 > share and not (keep_first and index == 0):
            continue
        kept.append(line)
        used += len(line) + 1
    return kept


Summariser = Callable[[list[Turn], int], "str | None"]


def unsupported_numbers(summary: str, facts: list[Turn]) -> list[str]:
    """The numbers of a model-written summary that no supported answer states (empty: it may be used)."""
    stated = {abs(n.value) for t in facts for n in find_numbers(f"{t.question} {t.answer}")}
    return [n.text for n in find_numbers(summary) if abs(n.value) not in stated]


SUMMARY_RULES = """You condense the supported answers of earlier turns of a conversation about documents.
Write one item per fact, naming the turn numbers it comes from. Use only the lines given: never add a
fact, a number or a period they do not state, and copy every number exactly as written."""


def summary_prompt_parts(facts: list[Turn], limit: int) -> tuple[str, str]:
    """(system, user) of the call that asks a model to summarise *facts* in at most *limit* characters."""
    lines = "\n".join(f"Turn {t.number}: {t.question} -> {t.answer}" for t in facts)
    return SUMMARY_RULES, f"Supported answers:\n{lines}\n\nSummarise them in at most {limit} characters in all."


def _raw_line(turn: Turn) -> str:
    if turn.fact():
        return f"Turn {turn.number}: Q: {turn.question}\n  A: {turn.answer} [{turn.status}]"
    return f"Turn {turn.number}: Q: {turn.question}\n  A (the model's answer, {turn.status}: not a fact): {turn.answer}"


def _state_line(live: list[Turn], share: int) -> str:
    """The working state: documents in scope, periods asked so far, parts the last turn left open."""
    periods = sorted({y for t in live for y in question_entities(t.question).years})
    documents = sorted({d for t in live for d in t.documents})
    open_parts = [p for t in live[-1:] for p in t.open_parts]
    parts = (
        f"documents in scope: {', '.join(documents)}" if documents else "",
        f"periods asked: {', '.join(map(str, periods))}" if periods else "",
        f"left open last turn: {' | '.join(open_parts)}" if open_parts else "",
    )
    return _cut_to("Working state: " + "; ".join(p for p in parts if p), share)


def _summary_lines(
    ranked: list[Turn], share: int, summarise: Summariser | None
) -> tuple[list[str], str | None, list[int]]:
    """The summary tier's lines, who wrote them (model, extracted or None) and the turns they cover."""
    lines = _fill([t.line() for t in ranked], share, keep_first=False)
    facts = [t for t in ranked if t.fact() and t.line() in lines]
    written = summarise(facts, share) if summarise and facts else None
    if written:
        others = _fill([t.line() for t in ranked if not t.fact()], share - len(written) - 3, keep_first=False)
        covered = {t.number for t in facts} | {t.number for t in ranked if t.line() in others}
        return [written, *others], "model", [t.number for t in ranked if t.number in covered]
    return lines, "extracted" if lines else None, [t.number for t in ranked if t.line() in lines]


def _recent_lines(latest: list[Turn], share: int, left: int) -> tuple[list[str], list[Turn]]:
    """The recent tier, most recent first, and the turns shown. The latest turn stays even over its share
    (it borrows what state and summary left unused) and is cut only where the conversation's share ends."""
    raw = {_raw_line(t): t for t in reversed(latest)}
    lines = _fill(list(raw), share, keep_first=True)
    if lines and len(lines[0]) + 1 > left:
        lines = [_cut_to(lines[0], left - 1)] if left > 40 else []
    shown = [t for line, t in raw.items() if line in lines]
    if lines and lines[0] not in raw:  # the latest turn, cut to fit
        shown.insert(0, next(iter(raw.values())))
    return lines, shown


def assemble(
    turns: list[Turn], question: str, history_chars: int, recent: int, summarise: Summariser | None = None
) -> History:
    """The tiers of a turn's conversation block, each under its share of *history_chars*.

    *summarise* (the openai backend's) writes the summary of the older turns' supported answers;
    when it gives nothing, the summary is extracted from those answers.
    """
    room = history_chars - BLOCK_OVERHEAD  # the header and block titles come out of the conversation's share
    if not turns or room <= 0:
        return History(text="", tiers=[], included=[], excluded=[])
    shares = {name: int(room * share) for name, share in TIER_SHARES.items()}
    terms, names = content_terms(question), {n.lower() for n in question_entities(question).names}
    excluded = [ExcludedTurn(turn=t.number, why="asked again later: superseded") for t in turns if t.superseded]
    live = [t for t in turns if not t.superseded]
    latest = live[-recent:] if recent else []
    older = [t for t in live if t not in latest]
    bearing = [t for t in older if _relevance(t, terms, names) > 0]
    excluded += [
        ExcludedTurn(turn=t.number, why="no term or company in common with the question")
        for t in older
        if t not in bearing
    ]
    # reliability first (a supported answer is a fact), then relevance, importance (followed up), recency
    ranked = sorted(bearing, key=lambda t: (-t.fact(), -_relevance(t, terms, names), -t.followed_up, -t.number))
    summary, source, summarised = _summary_lines(ranked, shares["summary"], summarise)
    excluded += [
        ExcludedTurn(turn=t.number, why="did not fit the summary's share") for t in ranked if t.number not in summarised
    ]
    state = _state_line(live, shares["state"])
    sizes = {"state": len(state) + 1, "summary": sum(len(x) + 3 for x in summary)}
    recent_lines, shown = _recent_lines(latest, shares["recent"], room - sizes["state"] - sizes["summary"])
    sizes["recent"] = sum(len(x) + 1 for x in recent_lines)
    excluded += [
        ExcludedTurn(turn=t.number, why="did not fit the recent turns' share") for t in latest if t not in shown
    ]
    blocks = [HISTORY_HEADER, state]
    if summary:
        blocks.append("Earlier turns (summary):\n" + "\n".join(f"- {line}" for line in summary))
    if recent_lines:
        blocks.append("Recent turns (most recent first):\n" + "\n".join(recent_lines))
    tiers = [
        TierRecord(
            name=name, chars=sizes[name], budget_chars=shares[name], items=count, over=sizes[name] > shares[name]
        )
        for name, count in (("state", 1), ("recent", len(recent_lines)), ("summary", len(summary)))
    ]
    included = sorted(summarised + [t.number for t in shown])
    return History(text="\n\n".join(blocks), tiers=tiers, included=included, excluded=excluded, summary_source=source)


class ChatTurn(BaseModel):
    """What a chat turn adds to an ask: its conversation block and its session record."""

    history: History
    session: SessionRecord


def evidence_tier(used_chars: int, budget_chars: int, lines: int) -> TierRecord:
    """The evidence tier: what was packed (and how many lines) against what the conversation left for it."""
    return TierRecord(
        name="evidence", chars=used_chars, budget_chars=budget_chars, items=lines, over=used_chars > budget_chars
    )
