"""Evaluation: score a question set with gold data, the same way every time.

Scores per question and in total: evidence recall (a gold page among the pages sent; share of
gold evidence lines found in the context), context size, citation verdicts, answer match and
not-found rate. Answer match reads the answer's item values only (amount values with their units,
number fields, item statements), never the cited quotes, for every backend: numbers match
strictly (``scoring.numbers_match``: 1% relative tolerance, only the scalings stated units imply,
the gold's unit read from the question when the gold states none), texts by normalised
containment.
Ablations switch one part of the assembly off; comparisons run two settings files; sweeps run
several budgets.
"""

from __future__ import annotations

import statistics
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from .. import __version__
from ..errors import DocintelError, StorageError
from ..numbers import find_numbers
from ..pipeline import Pipeline
from ..progress import SILENT, Reporter
from ..question.conversation import describe_answer
from ..settings import Settings
from ..textnorm import squash
from .batch import QuestionRow, QuestionTargets, ingest_needed
from .scoring import (
    Quantity,
    evidence_share,
    gold_evidence_lines,
    gold_pages,
    gold_quantity,
    numbers_match,
    text_contained,
)

# Keep in step with cli_eval.ABLATION_NAMES (checked by a test).
ABLATIONS: dict[str, dict[str, Any]] = {
    "keywords": {"use_keywords_in_prompt": False},
    "heading_labels": {"use_heading_labels": False},
    "table_headers": {"use_table_headers": False},
    "escalation": {"use_escalation": False},
    "synonyms": {"use_synonyms": False},
    "section_hints": {"use_section_hints": False},
    "statement_pages": {"use_statement_pages": False},
    "section_titles": {"title_score_share": 0.0},
    "page_hints": {"use_page_hints": False},
    "page_diversity": {"same_page_decay": 1.0},
    "routing": {"use_routing": False},
    "sequential": {"strategy": "combined"},
    "examples": {"use_examples": False},
}
VERDICTS = ("verified", "wrong_lines", "not_in_context", "quote_not_found", "out_of_range", "unknown_document")


@dataclass
class QuestionScore:
    """The scores of one question in one run."""

    id: str
    question: str
    doc: str | None
    gold_pages: list[int]
    pages_sent: list[int]
    page_hit: bool | None
    evidence_share: float | None
    context_chars: int
    context_tokens: int
    budget_share: float
    verdicts: dict[str, int]
    answer_match: bool | None
    not_found: bool
    error: str | None
    trace_id: str | None
    error_exit_code: int | None = None
    answer_summary: str | None = None
    prompt_chars: int = 0
    calls: int = 0


@dataclass
class RunReport:
    """One run over the question set: its settings, per-question scores and totals."""

    label: str
    settings_hash: str
    budget_chars: int
    backend: str
    rows: list[QuestionScore]
    totals: dict[str, Any] = field(default_factory=dict)


def _gold_answer(row: QuestionRow) -> str | None:
    for key in ("gold_answer", "input_answer", "expected"):
        if isinstance(row.extra.get(key), (str, int, float)):
            return str(row.extra[key])
    return None


def answer_matches(gold: str | None, answer: BaseModel, question: str | None = None) -> bool | None:
    """Whether the answer's items state the gold answer; None when there is no usable gold.

    Scored on the item values only (``answer_values``), for every backend: a number or word that
    appears only in a cited quote does not count. A numeric gold (``gold_quantity``; its unit read
    from *question* when the gold states none) must match one item number strictly
    (``numbers_match``); a short text gold must be contained in the items' texts.
    """
    if not gold:
        return None
    values = answer_values(answer)
    number = gold_quantity(gold, question)
    if number is not None:
        return any(numbers_match(number, candidate) for candidate in values.numbers)
    if len(gold.split()) > 12:
        return None  # long explanations cannot be matched by containment
    return text_contained(gold, " ".join(values.texts))


@dataclass
class AnswerValues:
    """What an answer's items state: numbers with their units, and texts. Never spans or quotes."""

    numbers: list[Quantity] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)


def answer_values(answer: BaseModel) -> AnswerValues:
    """The values an answer's items state; spans (with their quotes), labels and titles are left out.

    Numbers: amount values with their units, number fields, and the numbers written in text items,
    list entries and table cells (with their own scale words and percent signs). Texts: those
    statements, boolean explanations with 'yes'/'no', dates (ISO and as written).
    """
    values = AnswerValues()
    for item in answer.model_dump(mode="json").get("items", []):
        if not isinstance(item.get("spans"), list):  # an extraction item: one {value, spans} per field
            for sub in item.values():
                if isinstance(sub, dict) and "value" in sub:
                    _add_value(sub["value"], values)
        elif "amount" in item:
            _add_value(item["amount"], values)
        elif "date" in item:
            _add_value(item["date"], values)
        elif "explanation" in item:  # a boolean item: its reason is text, its numbers are not the answer
            values.texts.append(item["explanation"])
            _add_value(item["value"], values)
        elif "text" in item:
            _add_statement(item["text"], values)
        elif "table" in item:
            for row in item["table"]["rows"]:
                for cell in row["cells"]:
                    _add_statement(cell, values)
    return values


def _add_value(value: Any, values: AnswerValues) -> None:
    if isinstance(value, bool):
        values.texts.append("yes" if value else "no")
    elif isinstance(value, (int, float)):
        values.numbers.append(Quantity(float(value)))
    elif isinstance(value, str):
        _add_statement(value, values)
    elif isinstance(value, dict) and "unit" in value:  # an Amount
        if value.get("value") is not None:
            values.numbers.append(Quantity.from_item(value["value"], value.get("unit")))
    elif isinstance(value, dict):  # a DateValue
        values.texts.extend(str(v) for v in (value.get("iso"), value.get("original_text")) if v)


def _add_statement(text: str, values: AnswerValues) -> None:
    values.texts.append(text)
    values.numbers.extend(Quantity.from_number(number) for number in find_numbers(text))


def score_question(row: QuestionRow, pipeline: Pipeline, targets: QuestionTargets) -> QuestionScore:
    """Answer one question and score it against its gold data."""
    record = {**row.extra, "gold_pages": row.extra.get("gold_pages")}
    pages = sorted(gold_pages(record))
    base: dict[str, Any] = {"id": row.id, "question": row.question, "doc": row.doc, "gold_pages": pages}
    try:
        result = targets.ask(pipeline, row)
    except DocintelError as exc:
        if isinstance(exc.trace_error, StorageError):
            raise exc.trace_error from None  # every further trace would be lost too: stop the evaluation
        return QuestionScore(
            **base,
            pages_sent=[],
            page_hit=None,
            evidence_share=None,  # not scored: counted as an error
            context_chars=0,
            context_tokens=0,
            budget_share=0.0,
            verdicts={},
            answer_match=None,
            not_found=False,
            error=str(exc),
            trace_id=exc.trace_id,
            error_exit_code=exc.exit_code,
        )
    if result.trace_error is not None:
        raise result.trace_error
    context = result.prepared.context
    sent = sorted({p for s in context.sources for p in s.pages})
    squashed = squash(" ".join(line.text for s in context.sources for line in s.lines))
    verdicts = {v: 0 for v in VERDICTS}
    for span in result.verification.spans:
        verdicts[span.verdict] += 1
    return QuestionScore(
        **base,
        pages_sent=sent,
        page_hit=bool(set(sent) & set(pages)) if pages else None,
        evidence_share=evidence_share(gold_evidence_lines(record), squashed),
        context_chars=context.budget.used_chars,
        context_tokens=context.budget.estimated_tokens,
        budget_share=round(context.budget.used_chars / context.budget.budget_chars, 4),
        verdicts=verdicts,
        answer_match=answer_matches(_gold_answer(row), result.answer, row.question),
        not_found=result.verification.status == "not_found",
        error=None,
        trace_id=result.trace_id,
        answer_summary=describe_answer(
            result.answer.model_dump(mode="json"),
            result.verification.overall == "supported",
            result.verification.model_dump(mode="json")["items"],
        ),
        prompt_chars=result.prompt_chars(),
        calls=len(result.calls) or (0 if result.generation.outcome == "context_empty" else 1),
    )


def _mean(values: list[float | bool | None]) -> float | None:
    present = [float(v) for v in values if v is not None]
    return round(statistics.mean(present), 6) if present else None


def summarise(rows: list[QuestionScore]) -> dict[str, Any]:
    """Totals of a run."""
    spans = {v: sum(r.verdicts.get(v, 0) for r in rows) for v in VERDICTS}
    n_spans = sum(spans.values())
    return {
        "questions": len(rows),
        "page_recall": _mean([r.page_hit for r in rows]),
        "evidence_share": _mean([r.evidence_share for r in rows]),
        "context_chars": _mean([r.context_chars for r in rows if not r.error]),
        "context_tokens": _mean([r.context_tokens for r in rows if not r.error]),
        "budget_share": _mean([r.budget_share for r in rows if not r.error]),
        "spans_verified": round(spans["verified"] / n_spans, 4) if n_spans else None,
        "spans_by_verdict": spans,
        "answer_match": _mean([r.answer_match for r in rows]),
        "prompt_chars": _mean([r.prompt_chars for r in rows if not r.error]),
        "calls": _mean([r.calls for r in rows if not r.error]),
        "answer_match_questions": sum(r.answer_match is not None for r in rows),
        "not_found": _mean([r.not_found for r in rows if not r.error]),
        "errors": sum(1 for r in rows if r.error),
    }


def has_gold(row: QuestionRow) -> bool:
    """Whether a question carries gold pages or a gold answer to score against."""
    return bool(gold_pages({**row.extra, "gold_pages": row.extra.get("gold_pages")})) or _gold_answer(row) is not None


def run(
    label: str,
    settings: Settings,
    rows: list[QuestionRow],
    targets: QuestionTargets,
    reporter: Reporter = SILENT,
) -> RunReport:
    """Answer and score every question with *settings*."""
    pipeline = Pipeline(settings, reporter=reporter, ingestor=targets.ingestor)
    scores = []
    with reporter.task(f"eval {label}", len(rows)) as task:
        task.summary = f"{len(rows)} questions"
        for number, row in enumerate(rows, start=1):
            scores.append(score_question(row, pipeline, targets))
            task.advance(1, f"{number}/{len(rows)} questions")
    return RunReport(
        label=label,
        settings_hash=settings.settings_hash(),
        budget_chars=settings.budget_chars,
        backend=settings.resolved_backend(),
        rows=scores,
        totals=summarise(scores),
    )


def flips(base: RunReport, other: RunReport, metric: str = "page_hit") -> dict[str, list[str]]:
    """Questions whose *metric* went from hit to miss and from miss to hit between two runs."""
    before = {r.id: getattr(r, metric) for r in base.rows}
    after = {r.id: getattr(r, metric) for r in other.rows}
    return {
        "hit_to_miss": [q for q in before if before[q] is True and after.get(q) is False],
        "miss_to_hit": [q for q in before if before[q] is False and after.get(q) is True],
    }


def prepare_documents(pipeline: Pipeline, rows: list[QuestionRow], paths: list[Path]) -> QuestionTargets:
    """Ingest and index once for every run of an evaluation (rows without a doc are routed over *paths*)."""
    documents, errors = ingest_needed(pipeline, rows, paths)
    pipeline.warm(list(documents.values()))
    return QuestionTargets(paths, documents, errors, None, pipeline.ingestor)


def report_json(runs: list[RunReport], extra: dict[str, Any]) -> dict[str, Any]:
    """The machine form of an evaluation, with version and settings hashes for later comparison."""
    return {
        "program": {"name": "docintel", "version": __version__},
        **extra,
        "runs": [
            {**{k: v for k, v in asdict(r).items() if k != "rows"}, "questions": [asdict(q) for q in r.rows]}
            for r in runs
        ],
    }
