"""The answer contract: Pydantic models that are safe as OpenAI strict structured-output schemas.

Rules kept here (checked in tests): every field required, optional values as ``X | None``, no
dict fields, no defaults, model names matching ``[A-Za-z0-9_-]{1,64}``.

Every answer has ``answer_type``, ``items``, ``answer_found``, ``complete_answer_found``,
``conflicting_evidence``, ``context_structured`` and ``caveats``. Every item carries its typed
value and ``spans``; a span is ``doc``, ``line_start``, ``line_end`` (GLOBAL_LINE numbers) and a
verbatim ``quote``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from ..question.parse import AnswerShape, SubQuestion

Unit = Literal["units", "thousands", "millions", "billions", "percent", "ratio", "per_share", "count", "other"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Span(_Strict):
    """Where an item's evidence is: a line range of one document and the verbatim quote."""

    doc: str | None = Field(
        description="Document id as shown in <document id=...>; null if only one document was sent."
    )
    line_start: int = Field(description="First GLOBAL_LINE (first column) of the quoted text.")
    line_end: int = Field(description="Last GLOBAL_LINE of the quoted text (same as line_start for one line).")
    quote: str = Field(description="Text copied verbatim from those lines (no paraphrase, no ellipsis).")


class Amount(_Strict):
    """A number with its currency and unit."""

    value: float | None = Field(
        description="The number as stated, e.g. 1577.0 for '$1,577 million'; negative for (1,577)."
    )
    currency: str | None = Field(description="ISO 4217 code such as USD, EUR; null when not money.")
    unit: Unit | None = Field(description="Scale or kind of the value.")


class DateValue(_Strict):
    """A date, normalised and as written."""

    iso: str | None = Field(description="ISO 8601 date (YYYY-MM-DD, or YYYY-MM / YYYY when only that is known).")
    original_text: str = Field(description="The date exactly as the document writes it.")


class TableRow(_Strict):
    """One row of a table answer."""

    cells: list[str]


class Table(_Strict):
    """A small table extracted from the evidence."""

    headers: list[str]
    rows: list[TableRow]


class TextItem(_Strict):
    """A statement that answers (part of) the question."""

    text: str = Field(description="The answer statement in plain words.")
    spans: list[Span]


class Operand(_Strict):
    """One figure a calculation uses, with its own evidence."""

    label: str = Field(description="The name used in the expression: a, b, c, ...")
    name: str = Field(description="What the figure is, as its row or sentence names it, e.g. 'Net income'.")
    value: float = Field(description="The figure as printed in the cited line, e.g. 1577.0 for '1,577'.")
    period: str | None = Field(description="The column or date the figure is for, as the document labels it.")
    span: Span


class Calculation(_Strict):
    """How a computed value was obtained: operands from the evidence and the arithmetic over them."""

    operands: list[Operand]
    expression: str = Field(
        description="Arithmetic over the operand labels with + - * / and parentheses only, e.g. '(a - b) / b * 100'."
    )
    result: float = Field(description="The value of the expression.")


class AmountItem(_Strict):
    """An amount that answers (part of) the question."""

    label: str = Field(description="What the amount is, e.g. 'FY2018 capital expenditure'.")
    amount: Amount
    period: str | None = Field(
        description="The period the value is for, as the document labels it (e.g. the column header '2018'); "
        "null when none applies."
    )
    calculation: Calculation | None = Field(description="null when the value is read directly from the evidence.")
    spans: list[Span]


class DateItem(_Strict):
    """A date that answers (part of) the question."""

    label: str
    date: DateValue
    spans: list[Span]


class BooleanItem(_Strict):
    """A yes/no answer with its reason."""

    value: bool | None = Field(description="true for yes, false for no, null when the evidence does not decide.")
    explanation: str
    spans: list[Span]


class ListEntry(_Strict):
    """One entry of a list answer."""

    text: str
    spans: list[Span]


class TableItem(_Strict):
    """A table answer."""

    title: str
    table: Table
    spans: list[Span]


class SummaryFact(_Strict):
    """One fact of a conversation summary and the turns it comes from."""

    text: str
    turns: list[int]


_FLAG_FIELDS: dict[str, Any] = {
    "answer_found": (bool, Field(description="true when the evidence answers the question at least in part.")),
    "complete_answer_found": (bool, Field(description="true when every part of the question is answered.")),
    "conflicting_evidence": (bool, Field(description="true when passages disagree; say how in caveats.")),
    "context_structured": (bool, Field(description="false when the passages look malformed or garbled.")),
    "caveats": (list[str], Field(description="Limits, conflicts, assumptions; empty when none.")),
}


_ITEMS_DESCRIPTION = "The answer's items; empty when the answer is not found."


def make_answer_model(name: str, shape: str, item_model: type[BaseModel]) -> type[BaseModel]:
    """An answer schema named *name* whose ``items`` are *item_model* instances."""
    # Built at run time from values: typed as Any, which is what create_model accepts for field types.
    shape_type: Any = Literal[shape]
    items_type: Any = list[item_model]  # type: ignore[valid-type]
    return create_model(
        name,
        __base__=_Strict,
        answer_type=(shape_type, Field(description="The kind of answer.")),
        items=(items_type, Field(description=_ITEMS_DESCRIPTION)),
        **_FLAG_FIELDS,
    )


TextAnswer = make_answer_model("TextAnswer", "text", TextItem)
AmountAnswer = make_answer_model("AmountAnswer", "amount", AmountItem)
DateAnswer = make_answer_model("DateAnswer", "date", DateItem)
BooleanAnswer = make_answer_model("BooleanAnswer", "boolean", BooleanItem)
ListAnswer = make_answer_model("ListAnswer", "list", ListEntry)
TableAnswer = make_answer_model("TableAnswer", "table", TableItem)
ConversationSummary = make_answer_model("ConversationSummary", "text", SummaryFact)  # chat: older turns, condensed

SCHEMAS: dict[str, type[BaseModel]] = {
    "text": TextAnswer,
    "amount": AmountAnswer,
    "date": DateAnswer,
    "boolean": BooleanAnswer,
    "list": ListAnswer,
    "table": TableAnswer,
}

FIELD_TYPES: dict[str, Any] = {"text": str, "amount": Amount, "date": DateValue, "boolean": bool, "number": float}


def schema_for(shape: AnswerShape | str) -> type[BaseModel]:
    """The registered answer schema for an answer shape."""
    return SCHEMAS[shape]


def make_extraction_model(name: str, fields: dict[str, str]) -> type[BaseModel]:
    """A multi-field extraction schema: each field has its own ``value`` (or null) and ``spans``.

    *fields* maps field names to kinds: text, amount, date, boolean, number.
    """
    members: dict[str, Any] = {}
    for field_name, kind in fields.items():
        value_model = create_model(
            f"{name}_{field_name}"[:64],
            __base__=_Strict,
            value=(
                FIELD_TYPES[kind] | None,
                Field(description=f"The {field_name} ({kind}); null when not in the evidence."),
            ),
            spans=(list[Span], ...),
        )
        members[field_name] = (value_model, ...)
    item = create_model(f"{name}Item"[:64], __base__=_Strict, **members)
    return make_answer_model(name, "extraction", item)


_PART_KINDS = {"amount": "amount", "date": "date", "boolean": "boolean"}  # text, list and table parts: text


def part_fields(parts: Sequence[SubQuestion]) -> dict[str, str]:
    """Extraction fields for a multi-part question: part_1, part_2, ... each of its part's kind."""
    return {f"part_{i}": _PART_KINDS.get(part.shape, "text") for i, part in enumerate(parts, start=1)}


def iter_spans(answer: BaseModel) -> Iterator[tuple[int, str | None, int, Span]]:
    """Every span of an answer as (item index, field name or None, span index, span).

    A calculation operand's span is yielded with the field ``calculation.<label>``.
    """
    for item_index, item in enumerate(getattr(answer, "items", [])):
        spans = getattr(item, "spans", None)
        if spans is not None:
            for span_index, span in enumerate(spans):
                yield item_index, None, span_index, span
            calculation = getattr(item, "calculation", None)
            for operand in calculation.operands if calculation is not None else []:
                yield item_index, f"calculation.{operand.label}", 0, operand.span
            continue
        for field_name in type(item).model_fields:
            sub = getattr(item, field_name)
            for span_index, span in enumerate(getattr(sub, "spans", []) or []):
                yield item_index, field_name, span_index, span


def not_found_answer(model: type[BaseModel], shape: str, caveat: str) -> BaseModel:
    """An empty answer of *model* saying that nothing was found, with the reason as a caveat."""
    return model(
        answer_type=shape,
        items=[],
        answer_found=False,
        complete_answer_found=False,
        conflicting_evidence=False,
        context_structured=True,
        caveats=[caveat],
    )


def upgrade_answer(data: dict[str, Any]) -> dict[str, Any]:
    """A stored answer in today's contract: amount items from before periods and calculations get nulls,
    operands from before operand names get an empty name (their concept is then not checked)."""
    if data.get("answer_type") != "amount":
        return data
    items = [_upgrade_item({"period": None, "calculation": None, **item}) for item in data.get("items", [])]
    return {**data, "items": items}


def _upgrade_item(item: dict[str, Any]) -> dict[str, Any]:
    calculation = item.get("calculation")
    if not isinstance(calculation, dict):
        return item
    operands = [{"name": "", **o} if isinstance(o, dict) else o for o in calculation.get("operands", [])]
    return {**item, "calculation": {**calculation, "operands": operands}}
