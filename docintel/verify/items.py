"""Apply each field's rule to every item: an amount's value, kind, sign, concept, period and calculation
(``amounts``, ``calculations``, ``operands``), a date's event, a yes/no's polarity, a text's numbers, polarity,
omissions, subject and cause, from the spans whose quotes were verified (the second step of
``verify.verifier.verify_answer``)."""

from pydantic import BaseModel

from ..answer.contract import Amount
from ..numbers import find_numbers
from ..periods import averaged_years, years_named
from ..question.parse import search_text
from .addends import each_for_total_rule
from .agents import who_verb_rule
from .amounts import check_amount
from .asked import figure_for_name_rule, percent_unit_rule
from .attribution import allegation_rule, appeal_rule, role_rule
from .awards import award_kind_rule, award_named_rule
from .calculations import check_calculation
from .claims import (
    cause_rule,
    check_field,
    content_words,
    omission_rule,
    owner_rule,
    polarity_rule,
    quote_sentences,
    text_polarity_rule,
)
from .clauseof import other_clause_rule
from .comparedbase import compared_base_rule
from .cover import cover_caption_rule
from .dates import (
    anchor_rule,
    bound_rule,
    date_clause_rule,
    event_rule,
    expectation_rule,
    fiscal_end_rule,
    superseded_rule,
    worked_out_rule,
)
from .degree import degree_rule
from .effects import effect_rule
from .events import NEGATIONS, average_change_rule, frequency_reading
from .explained import explanation_period_rule
from .inclusion import included_rule
from .issuer import issuer_terms
from .kinds import opposite_rule
from .later import (
    became_since_rule,
    bounded_state_rule,
    concession_rule,
    cut_period_rule,
    cut_short_rule,
    cut_verb_rule,
    goes_on_rule,
    held_otherwise_rule,
    moved_since_rule,
)
from .meaning import Asked, asked_for
from .membership import named_thing_rule
from .modality import (
    added_part_rule,
    any_thing_rule,
    binding_rule,
    comparison_rule,
    definition_only_rule,
    effect_measure_rule,
    partial_entry_rule,
    payee_rule,
    ranked_measure_rule,
    whole_rule,
)
from .names import (
    career_rule,
    cut_title_rule,
    designation_rule,
    document_lowercase,
    lead_subject_rule,
    named_party_rule,
    no_place_rule,
    nobody_named_rule,
    office_rule,
    per_share_rule,
    title_line_rule,
    variant_rule,
)
from .objects import clause_object_rule, event_object_rule, report_date_rule
from .operands import check_operand
from .ordinals import ordinal_rule
from .parties import against_party_rule, date_agent_rule
from .passages import entity_rule, scattered_rule
from .pooled import pooled_rule
from .practice import permission_rule
from .predicates import expensed_rule, portion_rule, said_verb_rule
from .quotes import SpanKey
from .ranking import date_superlative_rule, kind_named_rule, superlative_rule
from .ratings import rating_rule
from .relevance import relevance_check, text_numbers_check
from .restricted import (
    cut_list_rule,
    entry_rule,
    joint_place_rule,
    other_holder_rule,
    restricted_figure_rule,
    restricted_list_rule,
    things_named_rule,
)
from .rules import FieldCheck
from .seats import seat_rule
from .speakers import speaker_rule, spoken_rule
from .structure import average_span_problem
from .subjects import figure_place_rule, holders_rule, text_subject_rule
from .tense import far_year_rule, former_figure_rule, future_figure_rule, noun_year_rule, other_month_rule
from .textclaims import (
    age_rule,
    checkbox_rule,
    consequence_rule,
    duration_rule,
    kind_rule,
    phrase_rule,
    quantifier_rule,
    restriction_rule,
    role_time_rule,
    row_figure_rule,
    row_label_rule,
    share_class_rule,
    since_rule,
    split_rule,
    subject_rule,
    term_of_art_rule,
)
from .topic import topic_rule
from .unsaid import unsaid_name_rule
from .values import CitedSpan, ItemCheck, PlainCheck, check_date
from .yesno import CHANGE_VERBS, asks_every, figures_rule, pace_rule, universal_rule


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
        several = len(getattr(answer, "items", [])) > 1  # items that list a composite's parts beside it
        check = _item_check(index, item, spans, cited, years, question, several)
        if getattr(answer, "answer_type", "") == "list" and spans:  # a list's entry names something its quote names
            entry = str(getattr(item, "text", "") or "")
            restricted = [restricted_list_rule(question, spans), joint_place_rule(question, spans), entry_rule(entry)]
            restricted.append(things_named_rule(question, spans))  # a list's other entries may quote the rest of it
            restricted.append(other_holder_rule(question, spans, issuer_terms(spans)))
            restricted.append(held_otherwise_rule(question, spans))
            check = with_fields(check, [phrase_rule(entry, spans), *restricted])
        if getattr(answer, "answer_type", "") == "text" and spans:  # a text says all; a list's entries say one each
            check = with_fields(check, [cut_list_rule(question, spans, list(cited.values()))])
        if spans and question:  # any item: the model asked, not a variant; the part the question says to include
            amount = getattr(item, "amount", None)
            asked_too = f"{question} {getattr(item, 'label', '')}"  # the group a clause restricts to, if asked
            parts = (
                [*_asked_kind(question, amount, answer), restricted_figure_rule(spans, asked_too, amount.value)]
                if isinstance(amount, Amount)
                else [included_rule(question, spans)]
            )
            check = with_fields(check, [variant_rule(question, spans), ordinal_rule(question, spans), *parts])
        checks.append(check.model_copy(update={"item": index}))
    return checks


def _asked_kind(question: str, amount: Amount, answer: BaseModel) -> list[FieldCheck]:
    """An amount against the kind the question asks: a percentage, or names (an answer of figures only)."""
    percent = percent_unit_rule(question, amount.value, amount.unit, amount.currency)
    figures_only = getattr(answer, "answer_type", "") == "amount"
    return [percent, figure_for_name_rule(question)] if figures_only else [percent]


def _item_check(
    index: int,
    item: BaseModel,
    spans: list[CitedSpan],
    cited: dict[SpanKey, CitedSpan],
    years: frozenset[int],
    question: str,
    several: bool = False,
) -> ItemCheck:
    amount = getattr(item, "amount", None)
    label = str(getattr(item, "label", "") or "")
    if isinstance(amount, Amount):
        calculation = getattr(item, "calculation", None)
        if calculation is not None:
            operand_spans = {o.label: cited.get((index, f"calculation.{o.label}", 0)) for o in calculation.operands}
            return check_calculation(calculation, amount.value, amount.unit, operand_spans, years, question, label)
        asked = asked_for(question, label, issuer_terms(spans))
        checked = check_amount(amount, getattr(item, "period", None), spans, years, asked, alone=not several)
        stated = [amount.value] if amount.value is not None else []
        figure_rules = [
            each_for_total_rule(question, stated, spans),
            superlative_rule(question, stated, spans),
            award_kind_rule(question, spans),
            pooled_rule(question, spans, issuer_terms(spans)),
            future_figure_rule(question, spans, stated),
            former_figure_rule(question, stated, spans),
        ]
        return with_fields(_one_figure_average(checked, question), figure_rules)
    date = getattr(item, "date", None)
    if date is not None:
        checked = check_date(date, spans)
        if not question.strip():
            return checked
        issuer = issuer_terms(spans)
        event = event_rule(date.original_text, spans, question, issuer)
        expected = expectation_rule(date.original_text, spans, question)
        event_object = event_object_rule(date.original_text, spans, question, issuer)
        clause_object = clause_object_rule(date.original_text, spans, question, issuer)
        anchored, fiscal = anchor_rule(date.original_text, spans), fiscal_end_rule(date.iso, question)
        superseded, bound = (
            superseded_rule(date.original_text, spans, question),
            bound_rule(date.original_text, spans, question),
        )
        report = report_date_rule(date.original_text, spans, question)
        agent = date_agent_rule(date.original_text, spans, question, issuer)
        noun = noun_year_rule(date.original_text, spans, question)
        rules = [event, event_object, clause_object, report, agent, noun, expected, anchored, fiscal, superseded, bound]
        rules.append(worked_out_rule(date.original_text, date.iso))
        return with_fields(checked, rules)
    if hasattr(item, "explanation"):
        return _boolean_check(getattr(item, "value", None), spans, question, str(getattr(item, "explanation", "")))
    return _text_check(str(getattr(item, "text", "") or ""), spans, question)


def with_fields(check: ItemCheck, fields: list[FieldCheck]) -> ItemCheck:
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
    return with_fields(
        check,
        [
            text_polarity_rule(text, spans),
            omission_rule(spans, claim_denies=bool(NEGATIONS.search(text))),
            subject_rule(text, spans),
            rating_rule(text, spans, question),
            text_subject_rule(text, spans, issuer_terms(spans), question),
            figure_place_rule(text, spans, issuer_terms(spans)),
            date_clause_rule(text, spans),
            duration_rule(text, spans),
            row_label_rule(text, spans),
            row_figure_rule(text, spans),
            split_rule(text, spans),
            quantifier_rule(text, spans),
            cause_rule(question, spans, text),
            kind_rule(question, spans),
            role_time_rule(question, spans),
            term_of_art_rule(question, spans),
            since_rule(text, spans),
            restriction_rule(question, text, spans),
            age_rule(text, spans),
            share_class_rule(text, spans),
            named_party_rule(question, text, spans, issuer_terms(spans)),
            lead_subject_rule(text, spans, issuer_terms(spans)),
            consequence_rule(text, spans, issuer_terms(spans)),
            designation_rule(question, spans),
            allegation_rule(text, spans),
            speaker_rule(text, spans),
            spoken_rule(question, spans),
            named_thing_rule(question, spans, issuer_terms(spans)),
            role_rule(question, spans, issuer_terms(spans)),
            superlative_rule(question, [n.value for n in find_numbers(text) if not n.is_year], spans),
            kind_named_rule(question, text),
            date_superlative_rule(question, text, spans),
            ranked_measure_rule(question, spans),
            nobody_named_rule(question, text, spans),
            no_place_rule(question, text, spans),
            other_clause_rule(question, text, spans, issuer_terms(spans)),
            topic_rule(question, text, spans, issuer_terms(spans)),
            cover_caption_rule(spans, question),
            seat_rule(question, spans),
            office_rule(question, text, issuer_terms(spans), document_lowercase(spans)),
            office_rule(question, " ".join(quote_sentences(spans)), issuer_terms(spans), quoted=True),  # quotes' too
            who_verb_rule(question, spans, text),
            career_rule(question, spans),
            title_line_rule(question, spans),
            cut_title_rule(text, spans),
            effect_rule(text, spans),
            things_named_rule(question, spans),
            moved_since_rule(text, spans, question),
            bounded_state_rule(spans, question),
            cut_period_rule(spans, question),
            goes_on_rule(question, spans),
            against_party_rule(question, spans, issuer_terms(spans)),
            unsaid_name_rule(question, spans, issuer_terms(spans)),
            permission_rule(text, spans),
            award_named_rule(question, spans),
            former_figure_rule(question, [n.value for n in find_numbers(text) if not n.is_year], spans),
            opposite_rule(question, spans),
            partial_entry_rule(question, text, spans),
        ],
    )


def _boolean_check(value: bool | None, spans: list[CitedSpan], question: str, explanation: str = "") -> ItemCheck:
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
    issuer = issuer_terms(spans)
    asked = frozenset(content_words(search_text(question), issuer))
    omission = omission_rule(spans, claim_denies=not value, asked=asked, every=asks_every(question))
    figures = figures_rule(value, spans, question, issuer)
    owner = owner_rule(question, spans, issuer)
    about = [
        entity_rule(question, spans, issuer),
        scattered_rule(question, spans, issuer),
        universal_rule(value, spans, question),
        pace_rule(spans, question),
        average_change_rule(question, [s.span.quote for s in spans], bool(CHANGE_VERBS.search(question))),
        designation_rule(question, spans),
        per_share_rule(question, spans),
        appeal_rule(value, spans, question),
        explanation_period_rule(explanation, spans, question),
        said_verb_rule(question, spans, value, issuer),
        became_since_rule(value, spans, question),
        bounded_state_rule(spans, question),
        cut_period_rule(spans, question),
        concession_rule(question, spans, issuer),
        cut_short_rule(question, spans, issuer),
        cut_verb_rule(question, spans),
        against_party_rule(question, spans, issuer),
        pooled_rule(question, spans, issuer),
        degree_rule(value, spans, question),
        other_month_rule(value, spans, question),
        expensed_rule(question, spans, value),
        award_named_rule(question, spans),
        portion_rule(question, spans, value),
        whole_rule(value, spans, question),
        far_year_rule(value, spans, question),
        binding_rule(value, spans, question),
        added_part_rule(value, spans, question),
        effect_measure_rule(value, spans, question, issuer),
        definition_only_rule(value, spans, question, issuer),
        any_thing_rule(value, spans, question, issuer),
        payee_rule(value, spans, question),
        holders_rule(value, spans, question, issuer),
        named_thing_rule(question, spans, issuer, value),
        compared_base_rule(value, spans, question, issuer),
    ]
    boxes = checkbox_rule(spans)
    if boxes.verdict != "not_applicable":  # a line of check boxes: its words say nothing of which box is ticked
        return with_fields(check, [boxes, omission, owner, *about])
    if figures.verdict != "not_applicable":  # the quoted figures decide; a table row has no words of polarity
        return with_fields(check, [figures, omission, owner, *about])
    polarity = polarity_rule(value, spans, question, issuer)
    compared = comparison_rule(spans, question)  # figures or a stated comparison decide, not words of neither
    if compared.verdict != "not_applicable" and (polarity.verdict != "mismatch" or not value):  # a quote's 'no' stays
        polarity = compared
    often = frequency_reading(question, quote_sentences(spans)) if value else None
    if often is not None and polarity.verdict != "mismatch":  # 'every three years' asked, 'every year' quoted
        polarity = check_field("polarity", "mismatch", f"polarity: the answer is yes; the quote says '{often}'")
    return with_fields(check, [polarity, omission, owner, *about])


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
