"""Verify answers: every span's lines exist, were sent, and contain its quote; every value is supported.

Quotes are compared modulo whitespace, case, Unicode compatibility forms (ligatures,
non-breaking spaces), typographic quotes and dashes, and hyphenation at line breaks. Then each
item's value, period and calculation are checked against its verified quotes (``values``):
the answer is ``supported`` only when every quote is verified and every check holds.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Literal

from pydantic import BaseModel, Field

from ..answer.contract import Amount, Span, iter_spans
from ..context.pack import Context
from ..ingest.documents import Document
from ..numbers import starts_or_ends_inside_number
from ..periods import averaged_years, years_named
from ..textnorm import NUMBER_SEPARATOR, squash
from .amounts import check_amount
from .calculations import check_calculation
from .claims import (
    NEGATIONS,
    cause_rule,
    completeness_rule,
    event_rule,
    omission_rule,
    polarity_rule,
    subject_rule,
    text_polarity_rule,
)
from .meaning import Asked, asked_for, issuer_terms, relevance_check, text_numbers_check
from .ocr import doubtful_ocr
from .operands import check_operand
from .rules import FieldCheck
from .structure import average_span_problem
from .values import CitedSpan, ItemCheck, PlainCheck, check_date

Verdict = Literal["verified", "wrong_lines", "not_in_context", "quote_not_found", "out_of_range", "unknown_document"]
AnswerStatus = Literal["verified", "failed", "not_found", "no_citations"]
# supported: every quote verified and every check holds (value, kind, sign, concept, period, calculation,
# relevance); unchecked: the quotes are real and no check failed, but one could not decide (a concept or
# period docintel cannot match), so the answer is not confirmed to answer the question.
# partial: every check of every item holds, but a part of the question is answered by no item.
OverallStatus = Literal[
    "supported", "partial", "unchecked", "unsupported", "citation_failed", "not_found", "no_citations"
]
SpanKey = tuple[int, str | None, int]
_ELLIPSIS = re.compile(r"\.\.\.|…")
_NUMBER_END = re.compile(r"[\d)%.,]$")  # the same edges as textnorm's number gap
_NUMBER_START = re.compile(r"[\d($-]")


class SpanVerdict(BaseModel):
    """The check of one span."""

    item: int
    field: str | None
    span: int
    doc: str | None
    line_start: int
    line_end: int
    quote: str
    verdict: Verdict
    detail: str
    pages: list[int] = Field(description="physical pages of the cited lines (when they exist)")
    printed_pages: list[str] = Field(
        default_factory=list, description="the PDF's printed page labels of those pages, if it has any"
    )
    found_doc: str | None = None
    found_line_start: int | None = None
    found_line_end: int | None = None


class Verification(BaseModel):
    """Quote verdicts for every span, value checks for every item, and the answer's overall status."""

    status: AnswerStatus = Field(description="the quotes' status: verified when every quote is in its lines")
    spans: list[SpanVerdict]
    verified: int
    failed: int
    items: list[ItemCheck] = Field(default_factory=list, description="the checks of each item (see ItemCheck)")
    overall: OverallStatus | None = Field(
        default=None,
        description="supported only when every quote is verified and every check holds; unchecked when no check "
        "failed but one could not decide",
    )
    values_supported: int = 0
    values_unsupported: int = 0

    @property
    def supported(self) -> bool:
        """True when the answer may be shown as supported (or honestly as not found)."""
        return self.overall in ("supported", "not_found")


class Haystack:
    """Squashed text of a run of lines with a map from character offsets back to line numbers."""

    def __init__(self, numbers: list[int], texts: list[str]) -> None:
        self.variants: list[tuple[str, list[int], list[int]]] = []
        for dehyphenate in (False, True):
            pieces: list[str] = []
            starts: list[int] = []
            lines: list[int] = []
            offset = 0
            for number, text in zip(numbers, texts, strict=True):
                piece = squash(text)
                if dehyphenate and piece.endswith("-"):
                    piece = piece[:-1]
                if pieces and _NUMBER_END.search(pieces[-1]) and _NUMBER_START.match(piece):
                    pieces[-1] += NUMBER_SEPARATOR  # a line break between two numbers keeps them apart, as a space does
                    offset += 1
                starts.append(offset)
                lines.append(number)
                pieces.append(piece)
                offset += len(piece)
            self.variants.append(("".join(pieces), starts, lines))

    def find(self, quote: str) -> tuple[int, int] | None:
        """(first line, last line) of the first place the quote occurs, or None."""
        parts = [squash(p) for p in _ELLIPSIS.split(quote)]
        parts = [p for p in parts if p]
        if not parts:
            return None
        for text, starts, lines in self.variants:
            position, first, last = 0, -1, -1
            for part in parts:
                hit = _find_whole_number(text, part, position)
                if hit < 0:
                    break
                first = hit if first < 0 else first
                last = hit + len(part) - 1
                position = hit + len(part)
            else:
                return lines[bisect_right(starts, first) - 1], lines[bisect_right(starts, last) - 1]
        return None


def _find_whole_number(text: str, part: str, start: int) -> int:
    """str.find, except that a quote starting or ending with a digit must not cut a number in two.

    '2,853' must not match inside '12,853', nor '853' inside '2,853', nor '5' inside '0.5'.
    """
    hit = text.find(part, start)
    while hit >= 0 and starts_or_ends_inside_number(text, hit, hit + len(part)):
        hit = text.find(part, hit + 1)
    return hit


def _resolve_doc(name: str | None, context: Context, documents: dict[str, Document]) -> str | None:
    if name is None:
        return context.sources[0].doc if len(context.sources) == 1 else None
    if name in documents:
        return name
    folded = {k.casefold(): k for k in documents}
    stripped = name.strip().strip('"').casefold()
    return folded.get(stripped) or next(
        (d.meta.doc_id for d in documents.values() if d.meta.title.casefold() == stripped), None
    )


def _check(
    doc: str,
    start: int,
    end: int,
    quote: str,
    sent_text: dict[str, dict[int, str]],
    documents: dict[str, Document],
    hay: _Haystacks,
) -> tuple[Verdict, str, tuple[str, int, int] | None]:
    n_lines = documents[doc].meta.n_lines
    if not (1 <= start <= end <= n_lines):
        return "out_of_range", f"{doc} has lines 1-{n_lines}; cited {start}-{end}", hay.find_in_context(quote)
    if not quote.strip():
        return "quote_not_found", "the quote is empty", None
    seen = [n for n in range(start, end + 1) if n in sent_text.get(doc, {})]
    if not seen:
        return (
            "not_in_context",
            f"lines {start}-{end} were not in the context sent to the model",
            hay.find_in_context(quote),
        )
    if Haystack(seen, [sent_text[doc][n] for n in seen]).find(quote):
        unseen = (end - start + 1) - len(seen)
        return (
            "verified",
            "quote found in the cited lines" + (f" ({unseen} cited lines were not sent)" if unseen else ""),
            None,
        )
    elsewhere = hay.find_in_context(quote)
    if elsewhere:
        return (
            "wrong_lines",
            f"quote is at {elsewhere[0]} lines {elsewhere[1]}-{elsewhere[2]}, not {start}-{end}",
            elsewhere,
        )
    all_text = hay.whole_document(doc).find(quote)
    if all_text:
        return (
            "not_in_context",
            f"quote is in {doc} lines {all_text[0]}-{all_text[1]}, which were not sent",
            (doc, *all_text),
        )
    return "quote_not_found", f"quote does not appear in lines {start}-{end} nor anywhere in the context", None


class _Haystacks:
    """Haystacks built once per verification: each sent document, and whole documents on demand."""

    def __init__(self, sent_text: dict[str, dict[int, str]], documents: dict[str, Document]) -> None:
        self.sent_text, self.documents = sent_text, documents
        self._sent: dict[str, Haystack] = {}
        self._whole: dict[str, Haystack] = {}

    def find_in_context(self, quote: str) -> tuple[str, int, int] | None:
        """(doc, first line, last line) where the quote is among the lines sent, or None."""
        for doc, lines in self.sent_text.items():
            if doc not in self._sent:
                numbers = sorted(lines)
                self._sent[doc] = Haystack(numbers, [lines[n] for n in numbers])
            hit = self._sent[doc].find(quote)
            if hit:
                return doc, hit[0], hit[1]
        return None

    def whole_document(self, doc: str) -> Haystack:
        """The haystack of every line of a document."""
        if doc not in self._whole:
            lines = self.documents[doc].lines
            self._whole[doc] = Haystack(lines["global_line"].tolist(), lines["text"].tolist())
        return self._whole[doc]


def verify_answer(
    answer: BaseModel, context: Context, documents: list[Document], question: str = "", unconfirmed_issuer: str = ""
) -> Verification:
    """Check every span of *answer* against the lines of *context* and *documents*, then every item's values.

    The years *question* names are the periods a value's column must belong to when the item states none.
    *unconfirmed_issuer* is routing's note that no document searched is by the company the question names
    (over a folder): then no item is confirmed to be about that company, and none is supported.
    """
    by_id = {d.meta.doc_id: d for d in documents}
    sent_text = {s.doc: {line.global_line: line.text for line in s.lines} for s in context.sources}
    hay = _Haystacks(sent_text, by_id)
    verdicts: list[SpanVerdict] = []
    for item, field, index, span in iter_spans(answer):
        doc = _resolve_doc(span.doc, context, by_id)
        start, end = span.line_start, span.line_end
        verdict: Verdict
        if doc is None:
            found = hay.find_in_context(span.quote)
            verdict, detail = "unknown_document", f"document {span.doc!r} is not among the documents sent"
        else:
            verdict, detail, found = _check(doc, start, end, span.quote, sent_text, by_id, hay)
        pages: list[int] = []
        printed: list[str] = []
        if doc is not None and 1 <= start <= end <= by_id[doc].meta.n_lines:
            pages = sorted(set(by_id[doc].lines["page"].iloc[start - 1 : end].tolist()))
            labels = by_id[doc].meta.page_labels
            printed = [labels[p - 1] for p in pages if labels and p <= len(labels)]
        verdicts.append(
            SpanVerdict(
                item=item,
                field=field,
                span=index,
                doc=doc or span.doc,
                line_start=start,
                line_end=end,
                quote=span.quote,
                verdict=verdict,
                detail=detail,
                pages=pages,
                printed_pages=printed,
                found_doc=found[0] if found else None,
                found_line_start=found[1] if found else None,
                found_line_end=found[2] if found else None,
            )
        )
    cited = {
        (v.item, v.field, v.span): CitedSpan(
            Span(doc=v.doc, line_start=v.line_start, line_end=v.line_end, quote=v.quote), by_id[v.doc]
        )
        for v in verdicts
        if v.verdict == "verified" and v.doc in by_id
    }
    checks = doubtful_ocr(check_items(answer, cited, question), cited)
    if unconfirmed_issuer:
        issuer = FieldCheck(field="issuer", verdict="unknown", detail=f"issuer: {unconfirmed_issuer}")
        checks = [_with_fields(c, [issuer]) for c in checks]
    return _summarise(answer, verdicts, checks, question, list(cited.values()))


def check_items(answer: BaseModel, cited: dict[SpanKey, CitedSpan], question: str = "") -> list[ItemCheck]:
    """The checks of every item (value, kind, sign, concept, period, calculation, text numbers and
    relevance), from the spans whose quotes were verified."""
    checks: list[ItemCheck] = []
    years = years_named(question)
    for index, item in enumerate(getattr(answer, "items", [])):
        if getattr(item, "spans", None) is None:  # a multi-field extraction: each field has its spans
            for name in type(item).model_fields:
                sub = getattr(item, name)
                spans = [cited[(index, name, i)] for i in range(len(sub.spans)) if (index, name, i) in cited]
                check = _field_check(sub.value, spans, question)
                checks.append(check.model_copy(update={"item": index, "field": name}))
            continue
        spans = [cited[(index, None, i)] for i in range(len(item.spans)) if (index, None, i) in cited]
        check = _item_check(index, item, spans, cited, years, question)
        checks.append(check.model_copy(update={"item": index}))
    return checks


def _item_check(
    index: int,
    item: BaseModel,
    spans: list[CitedSpan],
    cited: dict[SpanKey, CitedSpan],
    years: frozenset[int],
    question: str,
) -> ItemCheck:
    amount = getattr(item, "amount", None)
    label = str(getattr(item, "label", "") or "")
    if isinstance(amount, Amount):
        calculation = getattr(item, "calculation", None)
        if calculation is not None:
            operand_spans = {o.label: cited.get((index, f"calculation.{o.label}", 0)) for o in calculation.operands}
            return check_calculation(calculation, amount.value, amount.unit, operand_spans, years, question, label)
        asked = asked_for(question, label, issuer_terms(spans))
        checked = check_amount(amount, getattr(item, "period", None), spans, years, asked)
        return _one_figure_average(checked, question)
    date = getattr(item, "date", None)
    if date is not None:
        checked = check_date(date, spans)
        event = event_rule(date.original_text, spans, question, issuer_terms(spans)) if question.strip() else None
        return checked if event is None else _with_fields(checked, [event])
    if hasattr(item, "explanation"):
        return _boolean_check(getattr(item, "value", None), spans, question)
    return _text_check(str(getattr(item, "text", "") or ""), spans, question)


def _with_fields(check: ItemCheck, fields: list[FieldCheck]) -> ItemCheck:
    """*check* with more field checks (those that apply), their failures said in its detail."""
    applied = [f for f in fields if f.verdict != "not_applicable"]
    failed = [f.detail for f in applied if f.verdict == "mismatch" and f.detail]
    detail = "; ".join([check.detail, *failed]) if failed else check.detail
    return check.model_copy(update={"fields": [*check.fields, *applied], "detail": detail})


def _one_figure_average(check: ItemCheck, question: str) -> ItemCheck:
    """A figure read from one cell is no average over years; an average whose years the question does not name
    cannot be checked at all."""
    if check.period_check == "mismatch":
        return check
    wanted = averaged_years(question)
    if wanted:
        detail = f"{check.detail}; the question asks for an average over {min(wanted)}-{max(wanted)}, one figure is not"
        return check.model_copy(update={"period_check": "mismatch", "detail": detail})
    verdict, note = average_span_problem(question, [])
    if verdict:
        return check.model_copy(update={"period_check": verdict, "detail": f"{check.detail}; {note}"})
    return check


def _text_check(text: str, spans: list[CitedSpan], question: str) -> ItemCheck:
    """A text item: every number it writes is in its quotes, and the quotes are about the question."""
    numbers, numbers_note = text_numbers_check(text, spans)
    relevance, relevance_note = relevance_check(question, spans)
    notes = [n for n in (numbers_note, relevance_note) if n] or ["read from its quotes"]
    value: PlainCheck = numbers
    check = ItemCheck(
        item=0,
        value_check="unsupported" if value == "mismatch" else value,
        period_check="not_applicable",
        calculation_check="not_applicable",
        relevance_check=relevance,
        detail="; ".join(notes),
    )
    if not spans:
        return check
    return _with_fields(
        check,
        [
            text_polarity_rule(text, spans),
            omission_rule(spans, claim_denies=bool(NEGATIONS.search(text))),
            subject_rule(text, spans),
            cause_rule(question, spans),
        ],
    )


def _boolean_check(value: bool | None, spans: list[CitedSpan], question: str) -> ItemCheck:
    """A yes/no item: undecided is never supported; its quotes must be about the question."""
    relevance, note = relevance_check(question, spans)
    if value is None:
        return ItemCheck(
            item=0,
            value_check="unsupported",
            period_check="not_applicable",
            calculation_check="not_applicable",
            relevance_check=relevance,
            detail="the answer is undecided (neither yes nor no): an undecided answer is not supported",
        )
    check = ItemCheck(
        item=0,
        value_check="not_applicable",
        period_check="not_applicable",
        calculation_check="not_applicable",
        relevance_check=relevance,
        detail=note or "yes/no read from its quotes",
    )
    if not spans or not question.strip():
        return check
    omission = omission_rule(spans, claim_denies=not value)
    return _with_fields(check, [polarity_rule(value, spans, question, issuer_terms(spans)), omission])


def _field_check(value: object, spans: list[CitedSpan], question: str) -> ItemCheck:
    """The check of one extraction field: amounts and numbers against their spans, dates by their text."""
    if isinstance(value, Amount):
        return check_amount(value, None, spans, years_named(question), asked_for(question))
    if isinstance(value, float) and not isinstance(value, bool):
        operand = check_operand("value", value, None, spans[0] if spans else None, _asked_name(question))
        return ItemCheck(
            item=0,
            value_check=operand.value_check,
            period_check="not_applicable",
            calculation_check="not_applicable",
            concept_check=operand.concept_check,
            kind_check=operand.kind_check,
            sign_check=operand.sign_check,
            detail=operand.detail,
        )
    if value is not None and hasattr(value, "original_text"):
        return check_date(value, spans)  # type: ignore[arg-type]  # a DateValue
    if isinstance(value, bool) or value is None:
        return _boolean_check(value, spans, question) if isinstance(value, bool) else _empty_field()
    return _text_check(str(value), spans, question)


def _asked_name(question: str) -> str:
    asked: Asked = asked_for(question)
    return asked.named if asked.concepts else ""


def _empty_field() -> ItemCheck:
    return ItemCheck(
        item=0,
        value_check="not_applicable",
        period_check="not_applicable",
        calculation_check="not_applicable",
        detail="no value given",
    )


def _summarise(
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
            checks = [*checks[:-1], _with_fields(checks[-1], [complete])] if checks else checks
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
