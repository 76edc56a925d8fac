"""The checks of a read (not computed) amount: value and scale, kind, sign, concept, then period.

Each check narrows the quote's numbers to those that pass it, so the number whose period is checked
last is one that also has the stated value, kind, sign and concept. The item's detail says what
each failing check found in the evidence instead.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..answer.contract import Amount
from ..concepts import concepts_in
from ..ingest.documents import Document
from ..textnorm import last_sentence, tokenize
from .attributes import attribute_words, measurement_attributes
from .breakdown import breakdown_rule
from .changes import side_asked, side_of_change
from .conventions import expense_sign_rule
from .counted import counted_noun_rule
from .defined import defined_term_rule
from .direction import direction_rule
from .fiscal import named_year_problem, next_year_cost_year
from .footnotes import annualized_of, annualized_rule, footnote_text, line_markers
from .formulas import composite_rule
from .groups import column_group_rule
from .inclusion import deduction_rule, inclusion_rule
from .issuer import issuer_terms
from .kinds import kind_detail, kind_fits, subject_rule
from .leadin import clause_lead, lead_in
from .listed import listed_years
from .meaning import (
    Asked,
    asked_money_as_per_share,
    asked_money_as_percent,
    asks_for_a_ratio,
    concept_check,
    evidence_of,
    without_name,
)
from .minority import names_parent_owners
from .names import unnamed_rule
from .nature import portion_rule
from .passages import rest_of_sentence
from .points import points_problem
from .query import Query, asks_per_share, member_terms, opening_year, query_of
from .ranges import range_rule
from .resulted import result_rule
from .rules import FieldCheck, field_checks, mismatches
from .shares import share_subject_rule
from .siblings import content_terms, part_asked
from .signs import sign_check
from .statements import statement_check
from .typed import FactView, prose_fact
from .values import (
    CENTS,
    UNIT_FACTORS,
    Candidate,
    CitedSpan,
    ItemCheck,
    cited_lines,
    cut_clause,
    item_check,
    quote_candidates,
    same_value,
    stated_text,
    value_matches,
    with_period,
)
from .wording import per_unit_asked


def check_amount(
    amount: Amount,
    period: str | None,
    cited: list[CitedSpan],
    question_years: frozenset[int],
    asked: Asked,
    alone: bool = True,
) -> ItemCheck:
    """Value (at the document's scale), kind, sign, concept and period of an amount against its verified quotes;
    an amount *alone* in its answer is the composite the question defines, never one of its parts."""
    if amount.value is None:
        return item_check("unsupported", "not_applicable", "the item states no value")
    if not cited:
        return item_check("unsupported", "not_applicable", "no verified quote to check the value against")
    value, unit = amount.value, amount.unit
    stated = stated_text(value, unit)
    candidates = [c for span in cited for c in quote_candidates(span)]
    in_cents = amount.currency is None or _CENTS_ASKED.search(asked.question) is not None
    matches = [
        c
        for c in candidates
        if value_matches(value, unit, c) or (in_cents and c.scale == CENTS and same_value(value, 1.0, c.value))
    ]
    if not matches:
        return item_check("unsupported", "not_applicable", _no_value_detail(value, unit, candidates, stated))
    matches = [c for c in matches if _exactly(value, unit, c)] or matches  # '$4.2 billion' before '$4.25' rounded
    kinds = [c for c in matches if kind_fits(unit, amount.currency, c)]
    if not kinds:
        return _failed(kind_check="mismatch", detail=kind_detail(unit, matches[0]))
    if _HOW_MANY.search(asked.question) and (amount.currency or all(c.kind == "money" for c in kinds)):
        return _failed(kind_check="mismatch", detail=f"the question asks how many; {stated} is money")
    if _HOW_MANY.search(asked.question) and not _HOW_MANY_RATE.search(asked.question) and unit == "percent":
        return _failed(kind_check="mismatch", detail=f"the question asks how many; {stated} is a percentage")
    if (
        unit == "percent"
        and not asks_per_share(asked.question)
        and all(asks_per_share(c.row_label or "") for c in kinds)
    ):
        # 'Cash dividends declared per common share ... 21 %' for the growth of the total declared: per share, the
        # count of shares aside
        return _failed(
            kind_check="mismatch", detail=f"{stated} is the change of a per-share row; the question asks the total"
        )
    if unit == "percent" and (points := points_problem(stated, kinds, asked.question)):
        return _failed(kind_check="mismatch", detail=points)
    if per := per_unit_asked(asked.question, kinds):
        return _failed(kind_check="mismatch", detail=f"the question asks a figure {per}; {stated} is a total's")
    if asked_money_as_per_share(asked, kinds):
        return _failed(kind_check="mismatch", detail=f"the question asks for money; {stated} is a per-share figure")
    if asked_money_as_percent(asked, unit, kinds):
        return _failed(kind_check="mismatch", detail=f"the question asks for money; {stated} is a percentage")
    if unit in UNIT_FACTORS and asks_for_a_ratio(asked.question):
        detail = f"the question asks for a percentage or ratio; {stated} is money"
        return _failed(kind_check="mismatch", detail=detail)
    gain = _cash_flow_gain(kinds, cited)
    if gain is not None and value < 0:
        detail = f"'{gain.row_label}' is deducted from earnings to reach operating cash: {gain.printed}"
        return _failed(kind_check="supported", sign_check="mismatch", detail=f"{detail} is a gain, not a negative")
    deducted = ("supported", f"{gain.printed} is a gain deducted to reach operating cash") if gain else None
    signs = [(c, *(deducted if c is gain and deducted else sign_check(value, c, asked))) for c in kinds]
    signed = [(c, note) for c, verdict, note in signs if verdict == "supported"]
    if not signed:
        return _failed(kind_check="supported", sign_check="mismatch", detail=signs[0][2])
    judged = [(c, note, *concept_check(asked, c)) for c, note in signed]
    best = [j for j in judged if j[2] == "supported"] or [j for j in judged if j[2] == "unknown"] or judged
    concept, concept_note = best[0][2], best[0][3]
    sign_note = best[0][1]
    chosen = [c for c, _, verdict, _ in judged if verdict == concept]
    if concept == "supported" and (other := _read_otherwise(judged, question_years)):
        # 'the intrinsic value ... was $31 million, $15 million ... The grant date fair value ... was $15 million':
        # which of the two the answer means, the quote does not say
        concept, concept_note = "unknown", f"{stated} is printed twice in the quotes, once as another figure ({other})"
    if concept == "supported" and not asked.concepts and (worded := _worded_as_asked(chosen, asked, cited)):
        concept, concept_note = "unknown", worded  # 'Net periodic benefit cost' for benefit costs ('Benefit costs')
    if concept == "supported" and (part := part_asked(chosen[0].siblings, chosen[0].row_label or "", asked.own)):
        concept, concept_note = "unknown", f"{concept_note}; the question asks '{part}', a row its total adds up"
    if concept == "supported" and (printed := _printed_as_asked(chosen, asked, cited)):
        concept, concept_note = "unknown", printed  # 'Operating income 559' for EBIT, which the filing prints: 562
    typed = _typed(chosen, asked, amount.currency, cited, candidates)
    fitting = [(c, f) for c, f in typed if not mismatches(f)]
    if not fitting:
        fields = typed[0][1]
        detail = "; ".join(f.detail for f in mismatches(fields))
        return _failed(
            kind_check="supported", sign_check="supported", concept_check=concept, fields=fields, detail=detail
        )
    placed = [c for c, _ in fitting]
    opening = opening_year(asked.question)
    instants = all(c.fact and c.fact.period and c.fact.period.instant and not c.fact.opening for c in placed)
    shift = opening is not None and instants and not _ASKS_END.search(asked.question)
    if shift and opening is not None and all(_year_end(c) for c in placed):
        # a balance sheet's columns are year ends: the balance at the beginning of 2020 is the one at the end of 2019
        timed = with_period(placed, None, frozenset({opening - 1}), cited, stated)
        before = f"the balance at the beginning of {opening} is the one at the end of {opening - 1}"
        timed = timed.model_copy(update={"detail": f"{timed.detail}; {before}"})
    elif (cost_year := _sets_next_year(placed, asked.question, cited)) is not None:
        # assumptions at a year's end set the next year's cost: 2020's cost is the December 31, 2019 column's
        timed = with_period(placed, None, frozenset({cost_year - 1}), cited, stated)
        setting = f"the table's assumptions at the end of {cost_year - 1} set the cost of {cost_year}"
        timed = timed.model_copy(update={"detail": f"{timed.detail}; {setting}"})
    else:
        timed = with_period(placed, period, question_years, cited, stated)
    if shift and not all(_year_end(c) for c in placed) and timed.period_check == "supported":
        # 'January 29, 2022' ends the fiscal year filings call 2021 as often as 2022: which column opens it is unsaid
        detail = f"{timed.detail}; a year ending in January to March: which column opens fiscal {opening} is unsaid"
        timed = timed.model_copy(update={"period_check": "unknown", "detail": detail})
    if timed.period_check == "supported" and (end := _other_end(placed, asked.question)):
        timed = timed.model_copy(update={"period_check": "mismatch", "detail": f"{timed.detail}; {end}"})
    if timed.period_check == "supported" and (named := _named_year(placed, asked.question, cited)):
        timed = timed.model_copy(update={"period_check": "mismatch", "detail": f"{timed.detail}; {named}"})
    fields = next((f for c, f in fitting if c.column_label == timed.column), fitting[0][1])
    portion = [portion_rule(asked.question, fitting[0][0], _groups(fitting[0][0], cited))] if asked.question else []
    fields = [
        *fields,
        *_against_statements(fitting, cited, asked),
        *(f for f in portion if f.verdict != "not_applicable"),
        *(f for f in [column_group_rule(fitting[0][0], cited, asked.concepts)] if f.verdict != "not_applicable"),
        *(f for f in [share_subject_rule(fitting[0][0], asked.question)] if f.verdict != "not_applicable"),
        *(f for f in [inclusion_rule(asked.question, fitting[0][0])] if f.verdict != "not_applicable"),
        *(f for f in [deduction_rule(asked.question, fitting[0][0], cited)] if f.verdict != "not_applicable"),
        *(
            f
            for f in [composite_rule(asked.question, _read_concepts(fitting[0][0]))]
            if alone and f.verdict != "not_applicable"
        ),
    ]
    notes = [timed.detail, sign_note, concept_note, *(f.detail for f in fields if f.verdict == "unknown")]
    return timed.model_copy(
        update={
            "kind_check": "supported",
            "sign_check": "supported",
            "concept_check": concept,
            "fields": fields,
            "detail": "; ".join(n for n in notes if n),
        }
    )


_CENTS_ASKED = re.compile(r"\bcents?\b", re.IGNORECASE)
# 'at the beginning of 2020 and at the end of 2020': one item each; the shift is for a question of the opening alone
_ASKS_END = re.compile(r"\b(?:end|ending|close|closing)\b", re.IGNORECASE)


def _read_concepts(candidate: Candidate) -> frozenset[str]:
    """The line item a figure was read as: its row's wording, else ingest's concept of the cell."""
    named = concepts_in(candidate.row_label).concepts if candidate.row_label else frozenset()
    line_item = candidate.fact.line_item if candidate.fact else None
    return named or (frozenset({line_item}) if line_item else frozenset())


def _year_end(candidate: Candidate) -> bool:
    """Whether the cell's column is a fiscal year's end that names its own year: not a quarter's end, nor a
    January-to-March end, which filings name by the year before as often as by its own ('January 29, 2022' ends
    fiscal 2021 or 2022)."""
    period = candidate.fact.period if candidate.fact is not None else None
    read = candidate.source.period if candidate.source is not None else None  # ingest knows the fiscal year's end
    if period is None or period.end is None or (read is not None and read.fiscal_quarter not in (None, 4)):
        return False  # 'December 31, 2022' of a fiscal year ending in June: a quarter's end, not the year's
    return period.end[5:7] not in ("01", "02", "03")


def _groups(candidate: Candidate, cited: list[CitedSpan]) -> set[str]:
    """The sub-headings of the table a cell is of (none for a number of prose)."""
    located = cited[0].document.table_row(candidate.line) if candidate.line is not None and cited else None
    return {(r.group or "").strip().rstrip(":") for r in located[0].rows if r.group} if located else set()


def _against_statements(
    fitting: list[tuple[Candidate, list[FieldCheck]]], cited: list[CitedSpan], asked: Asked
) -> list[FieldCheck]:
    """The statement check of the figure a consolidated question is answered with (none when a member is asked or
    the figure is no aligned table cell)."""
    source = fitting[0][0].source
    if not asked.question.strip() or source is None:
        return []
    if query_for(asked).member - set(
        tokenize(source.label)
    ):  # a member asked ('services' of 'Cost of services' is none)
        return []
    document = next((s.document for s in cited if source and s.document.meta.doc_id == source.provenance.doc), None)
    found = statement_check(source, document) if document is not None else None
    return [found] if found is not None else []


def _read_otherwise(judged: Sequence[tuple[Candidate, str, str, str]], years: frozenset[int] = frozenset()) -> str:
    """The reason an occurrence in prose of the stated number is another figure, when another occurrence in prose
    supports it ('' when the occurrences agree or any is a table cell); an occurrence its sentence lists with
    another year than those asked ('$31 million, $15 million and $6 million' for 2024, 2023, 2022) is no reading."""
    if any(c.row_label is not None for c, *_ in judged):
        return ""
    judged = [j for j in judged if not years or not (listed := _listed_year(j[0])) or listed in years]
    verdicts = {verdict for _, _, verdict, _ in judged}
    return (
        next((note for _, _, verdict, note in judged if verdict == "mismatch"), "") if "supported" in verdicts else ""
    )


def _listed_year(candidate: Candidate) -> int | None:
    """The year a sentence lists a prose number with ('..., respectively'), if any."""
    places = listed_years(candidate.sentence) if candidate.sentence else []
    return next((year for number, year in places if number.text == candidate.printed), None)


def fact_of(candidate: Candidate, rest: str = "", lead: str = "") -> FactView:
    """A candidate's typed fields: a cell's from its table, a number in prose from its clause (and the *rest* of
    the clause its quote was cut from, the *lead* of it before the quote)."""
    if candidate.fact is not None:
        return candidate.fact
    view = prose_fact(evidence_of(candidate).text, candidate.sentence, candidate.printed, rest, lead)
    if candidate.lead:  # the subject cut off before the quote says what the number is, not when: its own words do
        own = prose_fact(evidence_of(replace(candidate, lead="")).text, candidate.sentence, candidate.printed, rest)
        view = replace(view, period=own.period)
    return view


def query_for(asked: Asked) -> Query:
    """The typed query of what was asked (its scope as the member)."""
    return query_of(asked.question, member_terms(asked.scope), names_parent_owners(asked.question, asked.ignore))


def _issuer_unnamed(fact: FactView, asked: Asked) -> FactView:
    """*fact* with the issuer's name taken out of the words that may name its member ('CVS Health Corporation' over
    a statement names no 'Health Services' segment)."""
    return replace(fact, member_text=without_name(fact.member_text, asked.ignore)) if asked.ignore else fact


def _typed(
    chosen: list[Candidate], asked: Asked, currency: str | None, cited: list[CitedSpan], quoted: list[Candidate]
) -> list[tuple[Candidate, list[FieldCheck]]]:
    """Each candidate with its field checks against the question (none without a question); *quoted* are all
    the numbers of the quotes (a change cell's row levels among them)."""
    if not asked.question.strip():
        return [(c, []) for c in chosen]
    query = query_for(asked)
    return [
        (
            c,
            [
                *field_checks(query, _issuer_unnamed(_sectioned(c, cited), asked), currency),
                range_rule(c, asked.question),
                _annualized(c, asked, cited),
                direction_rule(c, quoted, asked.label, asked.question),
                subject_rule(c, asked.question, _tail(c, cited)),
                breakdown_rule(c, asked.question, _rest(c, cited), _sentence_lead(c, cited)),
                result_rule(c, asked.question),
                unnamed_rule(
                    c, asked.question, " ".join([*(s.span.quote for s in cited), c.section]), issuer_terms(cited)
                ),
                expense_sign_rule(c, asked.question, _document_of(c, cited)),
                counted_noun_rule(c, asked.question),
                defined_term_rule(c, asked.question, _document_of(c, cited)),
            ],
        )
        for c in chosen
    ]


def _sectioned(candidate: Candidate, cited: list[CitedSpan]) -> FactView:
    """The candidate's typed fields; a number of prose whose sentence names no member is of the segment its
    section's heading names ('Regulated Businesses Segment' over 'operating revenues increased $129 million')."""
    fact = fact_of(candidate, _rest(candidate, cited), _lead(candidate, cited))
    if candidate.row_label is not None or fact.member or not candidate.section or _WHOLE.search(candidate.sentence):
        return fact  # 'consolidated net sales increased ...' names the whole itself
    return replace(fact, member=candidate.section, member_text=f"{fact.member_text} {candidate.section}")


_WHOLE = re.compile(r"\b(?:consolidated|total\s+company)\b", re.IGNORECASE)


def _document_of(candidate: Candidate, cited: list[CitedSpan]) -> Document | None:
    """The document whose cited lines hold the candidate's line."""
    line = candidate.line
    return next((s.document for s in cited if line and s.span.line_start <= line <= s.span.line_end), None)


def _quoting(candidate: Candidate, cited: list[CitedSpan]) -> CitedSpan | None:
    """The first cited span whose quote prints a number of prose (None for a cell, or when none does)."""
    if candidate.row_label is not None:
        return None
    return next((s for s in cited if candidate.printed in s.span.quote), None)


def _sentence_lead(candidate: Candidate, cited: list[CitedSpan]) -> str:
    """The words of a number of prose's sentence before its quote, on the lines above it or on its cited lines
    before it ('' for a cell)."""
    if (found := _quoting(candidate, cited)) is None:
        return ""
    lines = " ".join(cited_lines(found).split())
    at = lines.find(" ".join(found.span.quote.split())[:30])
    return lead_in(found.document, found.span) or (last_sentence(lines[:at]) if at > 0 else "")


def _lead(candidate: Candidate, cited: list[CitedSpan]) -> str:  # the clause's words before the quote ('' for a cell)
    found = _quoting(candidate, cited)
    return clause_lead(found.document, found.span) if found else ""


def _exactly(value: float, unit: str | None, candidate: Candidate) -> bool:
    """Whether the candidate prints the value itself, not a figure it rounds to."""
    plain = candidate.percent or unit == "percent" or candidate.scale is None
    factor, scale = (1.0, 1.0) if plain else (UNIT_FACTORS.get(unit or "", 1.0), candidate.scale or 1.0)
    return math.isclose(value * factor, candidate.value * scale, rel_tol=1e-9)


def _tail(candidate: Candidate, cited: list[CitedSpan]) -> str:
    """The rest of the clause the quote of a number of prose was cut from ('' for a cell)."""
    found = _quoting(candidate, cited)
    return cut_clause(found) if found else ""


def _rest(candidate: Candidate, cited: list[CitedSpan]) -> str:
    """The rest of the sentence the quote of a number of prose was cut from, for the part it says the number is of
    ('... by $6.0 billion' + 'and foreign income before income taxes by $588 million'); '' for a cell."""
    found = _quoting(candidate, cited)
    return (rest_of_sentence(found) or cut_clause(found)) if found else ""


def _annualized(candidate: Candidate, asked: Asked, cited: list[CitedSpan]) -> FieldCheck:
    """Whether the figure is annualized as the question asks: by its row, its column or its row's footnotes."""
    if annualized_of(asked.question) is None:  # most questions: no footnote read for it
        return FieldCheck(field="annualized", verdict="not_applicable")
    stated = f"{candidate.row_label or candidate.sentence} {candidate.column_label or ''}"
    line = candidate.line
    document = next((s.document for s in cited if line and s.span.line_start <= line <= s.span.line_end), None)
    notes = [footnote_text(document, line, m) for m in line_markers(document, line)] if document and line else []
    return annualized_rule(asked.question, stated, [n for n in notes if n])


_HOW_MANY = re.compile(r"\bhow\s+many\b", re.IGNORECASE)
# 'How many percentage points (basis points) did the margin change': a count of a rate's units, a percentage
_HOW_MANY_RATE = re.compile(r"\bhow\s+many\s+(?:percent|percentage|basis|points?|bps)\b", re.IGNORECASE)


# a row that names a gain and no loss ('Net gain on disposal of businesses'; '(Gain) loss on ...' reads both ways)
_GAIN_ROW = re.compile(r"^\s*(?:net\s+)?(?:realized\s+|unrealized\s+)?gains?\b(?!.*\bloss)", re.IGNORECASE)


def _cash_flow_gain(candidates: list[Candidate], cited: list[CitedSpan]) -> Candidate | None:
    """The candidate read from a gain row of the statement of cash flows and printed in parentheses ('Net gain on
    disposal of businesses (219)'): the statement deducts a gain from net income to reach operating cash (ASC
    230-10-45-28), so it is a gain of 219, not a negative. None when there is none."""
    pages = {
        (c.document.meta.doc_id, p)
        for c in cited
        for s in c.document.meta.profile.statements
        if s.kind == "cash_flows"
        for p in s.pages
    }
    for candidate in candidates:
        source = candidate.source
        if source is None or candidate.value >= 0 or not _GAIN_ROW.match(candidate.row_label or ""):
            continue
        if (source.provenance.doc, source.provenance.page) in pages:
            return candidate
    return None


def _printed_as_asked(chosen: list[Candidate], asked: Asked, cited: list[CitedSpan]) -> str | None:
    """Where the filing prints, under a row named in the question's own words ('EBIT'), another figure of the same
    line item and period than the cited row, which says none of the question's words ('Operating income 559', read
    as EBIT by the vocabulary): a reader takes the row named as asked (EBIT 562)."""
    asked_words = set(tokenize(asked.question))
    for candidate in chosen:
        source = candidate.source
        label_words = content_terms(tuple(tokenize(candidate.row_label or ""))) - asked.ignore
        if source is None or source.concept is None or source.period is None or not label_words:
            continue
        if label_words & asked_words:  # 'Merchandise inventories' says the question's word: no other wording of it
            continue
        if source.member is not None or asked.scope:  # a segment's figure is compared to the segment's rows
            continue
        when = (source.period.end, source.period.months)
        for fact in (f for s in {id(s.document): s.document for s in cited}.values() for f in s.facts):
            if fact.concept != source.concept or fact.kind != source.kind or fact.member is not None:
                continue
            if fact.provenance.table is None or fact.period is None or (fact.period.end, fact.period.months) != when:
                continue  # a row of a table of the same period, no number of prose
            words = content_terms(tuple(tokenize(fact.label))) - asked.ignore
            if words and words <= asked_words and not same_value(abs(fact.value), 1.0, abs(candidate.value)):
                page = fact.provenance.page
                return f"the filing prints '{fact.label}' as {fact.text} for this period (page {page})"
    return None


_GENERIC = frozenset(tokenize("balance balances beginning begin ending end total amount amounts"))


def _worded_as_asked(chosen: list[Candidate], asked: Asked, cited: list[CitedSpan]) -> str | None:
    """Where the question names no line item docintel knows and the cited row says more than it asks ('Net periodic
    benefit cost (income)' for 'benefit costs'), a row of the same period named in the question's words alone
    ('Benefit costs 71,281') that prints another figure: a reader takes the row named as asked."""
    asked_words = set(tokenize(asked.question)) | attribute_words(measurement_attributes(asked.question))
    for candidate in chosen:
        source = candidate.source
        label_words = content_terms(tuple(tokenize(candidate.row_label or ""))) - asked.ignore
        if source is None or source.period is None or not label_words - asked_words:
            continue
        when, shared = (source.period.end, source.period.months, source.kind), label_words & asked_words
        for fact in (f for s in {id(s.document): s.document for s in cited}.values() for f in s.facts):
            if (
                fact.provenance.table is None
                or fact.period is None
                or (fact.period.end, fact.period.months, fact.kind) != when
            ):
                continue
            words = content_terms(tuple(tokenize(fact.label))) - asked.ignore
            # the asked words the cited row says, alone, and no roll-forward's 'Balance at end of year' only
            named = len(words - _GENERIC) >= 2 and shared <= words <= asked_words
            if named and not same_value(abs(fact.value), 1.0, abs(candidate.value)):
                return f"the filing prints '{fact.label}' as {fact.text} for this period (page {fact.provenance.page})"
    return None


def _failed(**checks: Any) -> ItemCheck:
    detail = checks.pop("detail")
    return item_check("supported", "not_applicable", detail).model_copy(update=checks)


def _no_value_detail(value: float, unit: str | None, candidates: list[Candidate], stated: str) -> str:
    """Why no number of the quote is the stated value: a table that states no scale is said so."""
    unscaled = [c for c in candidates if c.scale is None and same_value(value, 1.0, c.value)]
    if unscaled and UNIT_FACTORS.get(unit or "", 1.0) != 1.0:
        return (
            f"{unscaled[0].printed} is printed in a table that states no scale: it supports "
            f"{unscaled[0].printed} as printed, not {unit}"
        )
    cents = [c for c in candidates if c.scale == CENTS and same_value(value, 1.0, c.value)]
    if cents:
        return (
            f"{cents[0].printed} is printed in cents: it is {cents[0].value * CENTS:,.4g} in the currency, not {stated}"
        )
    holds = ", ".join(c.describe() for c in candidates[:5]) or "no number"
    return f"{stated} is not in the cited quote, which holds {holds}"


def _sets_next_year(placed: list[Candidate], question: str, cited: list[CitedSpan]) -> int | None:
    """The year whose cost is asked, when every cell is in a table of assumptions that set the next year's cost."""
    return next_year_cost_year(question, [(_document_of(c, cited), c.line) for c in placed])


def _named_year(placed: list[Candidate], question: str, cited: list[CitedSpan]) -> str:
    """Why the figure's period is another fiscal year than the one asked, by the document's own naming: every cell
    that prints the value is of another (a value its row prints in the asked year's column too is that one)."""
    reasons = []
    for candidate in placed:
        document = _document_of(candidate, cited)
        period = candidate.fact.period if candidate.fact else None
        why = named_year_problem(question, period.end, document) if document and period else ""
        if not why:
            return ""
        reasons.append(why)
    return reasons[0] if reasons else ""


def _other_end(placed: list[Candidate], question: str) -> str | None:
    """Why the answer is the other end of the change its sentence states than the one the question asks ('the rate
    after the reduction' answered 35% from 'lowering the rate from 35% to 21%'), or None."""
    asked = side_asked(question)
    sides = {side_of_change(c.sentence, c.printed) for c in placed if c.column is None and c.sentence}
    if asked is None or sides != {"to" if asked == "from" else "from"}:
        return None
    which, end = ("after", "starts") if asked == "to" else ("before", "ends")
    return f"the number is where its sentence's change {end}; the level {which} it is asked"
