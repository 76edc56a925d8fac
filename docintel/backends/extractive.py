"""The extractive backend: a deterministic, offline answerer that quotes the best lines.

No language model is used. It scores each line of the context against the question's
keywords, returns the best lines as items whose quotes are the lines themselves, and for
amount and date answers reads the value out of the quoted line.
"""

from __future__ import annotations

import math
import re
import time
from datetime import date

from pydantic import BaseModel

from ..answer.contract import (
    BooleanItem,
    DateItem,
    DateValue,
    ListEntry,
    Span,
    Table,
    TableItem,
    TableRow,
    TextItem,
    not_found_answer,
)
from ..context.pack import Context, ContextLine
from ..context.prompts import Prompt
from ..numbers import find_numbers
from ..question.acronyms import spelled_terms
from ..question.parse import ParsedQuestion, parse_question
from ..settings import Settings
from ..textnorm import tokenize
from .base import Generation, Usage
from .computed import computed_ratio, definitions
from .concepts_lookup import asked_line_items, concept_rows
from .growth import asks_growth, computed_growth
from .lookup import (
    ROW_CANDIDATES,
    ROW_PREFERENCE,
    Lookup,
    cell_facts,
    from_row,
    from_sentence,
    short_label,
    table_rows,
)
from .sentences import is_heading, sentence_span

NO_MODEL_NOTE = (
    "extractive backend: no language model was used; amounts are looked up in the document's tables (row, column, "
    "scale) or computed from cited cells, and text items are the document's own sentences"
)
EVIDENCE_ONLY_NOTE = (
    "no claim: the extractive backend does not decide yes/no, why ('what drove') and how questions; the lines are the "
    "closest evidence for you to read"
)
_EXPLAINING = re.compile(
    r"^\s*(?:why\b|how\b(?!\s+(?:much|many|long|old|often|far|large|big|high|low)\b)|explain|describe|"
    r"what\s+(?:drove|caused|explains|explained)\b)",
    re.IGNORECASE,
)
# 'What was Lockheed's funded backlog at December 31, 2020?': what a thing was at a time is a figure or a state a
# line must be read for; a line quoted whole does not say it (unlike 'Who is the auditor?')
_WHAT_WAS_AT = re.compile(r"^\s*what\s+(?:is|was|were|are)\b(?!\s+the\s+name)[^?]*\b(?:19|20)\d\d\b", re.IGNORECASE)


_MONTH_BEFORE = re.compile(
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+$", re.I
)


def _figures(text: str) -> list[float]:
    """The amounts of a line: no year, no day of a date ('June 30, 2028')."""
    return [n.value for n in find_numbers(text) if not n.is_year and not _MONTH_BEFORE.search(text[: n.start])]


WHO_CANDIDATES = 10  # the best lines a who-question's person is looked for in, one at a time
_MAX_ITEMS = {"text": 3, "list": 5, "amount": 3, "date": 3, "boolean": 3, "table": 1}
_MONTHS = {
    m: i
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        start=1,
    )
}
_DATE_RE = re.compile(
    r"\b("
    + "|".join(_MONTHS)
    + r")\.?\s+(\d{1,2}),?\s+(\d{4})\b|\b(\d{4})-(\d{2})-(\d{2})\b|\b(\d{1,2})/(\d{1,2})/(\d{4})\b",
    re.I,
)
_SCALE_UNITS = {1e3: "thousands", 1e6: "millions", 1e9: "billions"}  # the answer contract's units
# a person named ('Mr. Squeri', 'Stephen J. Squeri', 'STEPHEN J. SQUERI'): what a who-question's line must carry
_ASKS_WHO = re.compile(r"^\s*who\b", re.I)
_TITLE_RUN = re.compile(r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+")
# someone a who-question may ask: a person ('Mr. Kent', 'James R. Quincey') or a firm by its legal form ('Ernst &
# Young LLP', 'Deloitte & Touche LLP')
_PERSON = re.compile(
    r"\b(?:Mr|Ms|Mrs|Dr)\.\s+[A-Z][a-z]+|\b[A-Z][a-z]+\s+[A-Z]\.\s+[A-Z][a-z]+|\b[A-Z]{2,}\s+[A-Z]\.\s+[A-Z]{2,}|"
    r"\b[A-Z][\w'-]*(?:\s+&)?\s+(?:[A-Z][\w'-]*\s+)?(?:LLP|L\.L\.P\.|LLC)\b"
)


class ExtractiveBackend:
    """Offline answers from the context's own lines."""

    name = "extractive"

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def generate(
        self, prompt: Prompt, schema: type[BaseModel], shape: str, context: Context, parsed: ParsedQuestion
    ) -> Generation:
        """Quote the best-matching lines of the context as the answer's items."""
        started = time.perf_counter()
        ranked = rank_parts(parsed, context, self.settings)
        answer, *alternatives = build_answer(schema, shape, parsed, context, ranked, self.settings)
        request = {
            "backend": self.name,
            "score_floor": self.settings.extractive_score_floor,
            "schema_name": schema.__name__,
        }
        return Generation(
            backend=self.name,
            model=None,
            answer=answer,
            outcome="answered",
            raw_response=None,
            request=request,
            request_id=None,
            usage=Usage(),
            latency_s=round(time.perf_counter() - started, 4),
            retries=None,
            notes=[NO_MODEL_NOTE],
            alternatives=alternatives,
        )


def rank_parts(parsed: ParsedQuestion, context: Context, settings: Settings) -> list[tuple[float, str, ContextLine]]:
    """Lines ranked for the question; for a question in several parts, the best line of each part
    first, then the second best of each, and so on (each line scored for its own part)."""
    if len(parsed.parts) < 2:
        return rank_lines(parsed, context, settings)
    per_part = [rank_lines(parse_question(part.text), context, settings) for part in parsed.parts]
    merged: list[tuple[float, str, ContextLine]] = []
    seen: set[tuple[str, int]] = set()
    for position in range(max(len(ranked) for ranked in per_part)):
        for ranked in per_part:
            if position < len(ranked):
                score, doc, line = ranked[position]
                if (doc, line.global_line) not in seen:
                    seen.add((doc, line.global_line))
                    merged.append((score, doc, line))
    return merged


def rank_lines(parsed: ParsedQuestion, context: Context, settings: Settings) -> list[tuple[float, str, ContextLine]]:
    """(score, doc, line) for every context line, best first.

    The score is the matched share of the strongest keywords' weight, raised when a whole
    multi-word keyword (a synonym phrase) appears in order and when the line sits in a
    passage that retrieval ranked high.
    """
    terms = dict(parsed.search_terms())
    # the name of the company every document is by ('Coca-Cola' in its own 10-K) tells no line from another
    names = [set(source.issuer_terms) for source in context.sources]
    own = set.intersection(*names) if names else set()
    terms = {t: w for t, w in terms.items() if t not in own} or terms
    # Words that name a section ("balance sheet") say where to look, not what to quote.
    for section in parsed.section_hints:
        for token in tokenize(section):
            terms.pop(token, None)
    if not terms:
        return []
    lines = [(source.doc, line) for source in context.sources for line in source.lines]
    # 'CEO' read as the lines spell it, whole ('Chief Executive Officer'; not 'Chief ... Experience Officer')
    spelled = spelled_terms(parsed.question, (line.text for _, line in lines))
    doc_freq: dict[str, int] = {}
    tokenized = []
    for _, line in lines:
        tokens = tokenize(line.text)
        tokenized.append(tokens)
        for token in set(tokens) & terms.keys():
            doc_freq[token] = doc_freq.get(token, 0) + 1
    n = max(len(lines), 1)
    idf = {t: math.log(1 + n / (1 + doc_freq.get(t, 0))) for t in terms}
    # The share is measured against the strongest few terms: a line that carries the two or three
    # rarest words of the question is a candidate, however long the question is.
    direct = {t for k in parsed.keywords if k.source == "direct" for t in tokenize(k.text)} & terms.keys()
    strengths = sorted((terms[t] * idf[t] for t in (direct or terms)), reverse=True)
    total = sum(strengths[: settings.extractive_strong_terms]) or 1.0
    phrases = [tokens for k in parsed.keywords if k.source != "direct" and len(tokens := tokenize(k.text)) >= 2]
    if _ASKS_WHO.match(parsed.question):  # a title the question capitalises is said whole ('Chief Executive Officer')
        phrases += [t for run in _TITLE_RUN.findall(parsed.question) if len(t := tokenize(run)) >= 2]
    phrases += [words for form, words in spelled.items() if len(words) >= 2 and form in terms]
    rank_of = _passage_ranks(context)
    headers = _column_header_terms(context)
    scored = []
    for (doc, line), tokens in zip(lines, tokenized, strict=True):
        present = set(tokens) | headers.get((doc, line.global_line), set())  # a row is read with its header
        joined = " " + " ".join(tokens) + " "
        score = sum(terms[t] * idf[t] for t in present & terms.keys())
        # A whole synonym phrase ("cost of revenue" for "COGS") stands for a question concept: it counts
        # like the question's strongest term, not like its loose words.
        if any(f" {' '.join(phrase)} " in joined for phrase in phrases):
            score += strengths[0] if strengths else 0.0
        score = score / total * _line_quality(line.text, settings)
        rank = rank_of.get((doc, line.global_line))
        if rank:
            score *= 1 + settings.extractive_rank_bonus / rank
        if parsed.expected_answer_shape == "amount":
            score *= settings.extractive_shape_boost if _has_amount(line.text) else settings.extractive_no_amount_factor
        if parsed.expected_answer_shape == "date" and _DATE_RE.search(line.text):
            score *= settings.extractive_shape_boost
        if _ASKS_WHO.match(parsed.question) and _PERSON.search(line.text):
            score *= settings.extractive_shape_boost  # 'Who is the CEO': a line naming someone, not 'our CEO
        scored.append((round(score, 4), doc, line))
    scored.sort(key=lambda x: (-x[0], x[1], x[2].global_line))
    return scored


def _column_header_terms(context: Context) -> dict[tuple[str, int], set[str]]:
    """The search terms of each sent table row's column headers ('Fiscal year 2025 2024'), by (doc, line)."""
    terms: dict[tuple[str, int], set[str]] = {}
    for source in context.sources:
        for table in source.tables:
            words = set(tokenize(" ".join(f"{c.heading} {c.label}" for c in table.columns)))
            for row in table.rows:
                terms[(source.doc, row.line)] = words
    return terms


def _passage_ranks(context: Context) -> dict[tuple[str, int], int]:
    """The retrieval rank of the passage each sent line belongs to."""
    ranks: dict[tuple[str, int], int] = {}
    for decision in context.decisions:
        if decision.action == "kept" and decision.rank:
            for number in range(decision.line_start, decision.line_end + 1):
                ranks[(decision.doc, number)] = decision.rank
    return ranks


def _has_amount(text: str) -> bool:
    return any(not number.is_year for number in find_numbers(text))


_TOC_LINE = re.compile(r"(\.\s?){3,}\s*\d+\s*$")


def _line_quality(text: str, settings: Settings) -> float:
    """Down-weight lines that cannot carry an answer: table-of-contents entries and bare headings."""
    if _TOC_LINE.search(text):
        return settings.extractive_toc_factor
    words = len(text.split())
    return min(1.0, 0.5 + words / 12)


# a line that stops inside its sentence's time phrase ('... 117,100 employees on a full-time equivalent basis as of')
_CUT_BEFORE_DATE = re.compile(r"\b(?:as\s+of|at|on|ended|ending)\s*$", re.IGNORECASE)


def _sentence_span(
    doc: str, line: ContextLine, following: ContextLine | None, preceding: ContextLine | None = None
) -> Span:
    """A sentence's line cited with the next line sent when the line stops inside a time phrase the next line ends
    ('as of' / 'December 31, 2022, ...'), and with the line before when it opens inside a sentence that line begins
    ('In fiscal 2019, our 20 largest suppliers accounted for approximately' / '64% of the merchandise ...'): the
    quote then says the period and what the figure is of."""
    first, last = line, line
    if following is not None and _CUT_BEFORE_DATE.search(line.text):
        last = following
    if preceding is not None and preceding.page == line.page and _OPENS_INSIDE.match(line.text):
        if not _ENDS_SENTENCE.search(preceding.text):
            first = preceding
    if first is last:
        return _span(doc, line, False)
    quote = " ".join({n.global_line: n.text for n in (first, line, last)}.values())
    return Span(doc=doc, line_start=first.global_line, line_end=last.global_line, quote=quote)


_OPENS_INSIDE = re.compile(r"[a-z]|\$?\d[\d,.]*\s*%")  # 'of ...', '64% of ...': a sentence's middle
_ENDS_SENTENCE = re.compile(r"[.:;!?]\W*$")


def _same_sentences(new: Span, old: Span) -> bool:
    """Whether *new* quotes what *old* does, or all of it and more, over the same lines of its document (the run of
    a lower line reaches a sentence further)."""
    if new.doc != old.doc or new.line_start > old.line_end or old.line_start > new.line_end:
        return False
    return old.quote in new.quote or new.quote in old.quote


def _span(doc: str, line: ContextLine, single_doc: bool) -> Span:
    return Span(
        doc=None if single_doc else doc, line_start=line.global_line, line_end=line.global_line, quote=line.text
    )


def parse_date(text: str) -> DateValue | None:
    """The first date in *text*, as ISO and as written."""
    match = _DATE_RE.search(text)
    if not match:
        return None
    try:
        if match.group(1):
            value = date(int(match.group(3)), _MONTHS[match.group(1).lower()], int(match.group(2)))
        elif match.group(4):
            value = date(int(match.group(4)), int(match.group(5)), int(match.group(6)))
        else:
            value = date(int(match.group(9)), int(match.group(7)), int(match.group(8)))
    except ValueError:
        return DateValue(iso=None, original_text=match.group(0))
    return DateValue(iso=value.isoformat(), original_text=match.group(0))


def _names_ratio(question: str, label: str) -> bool:
    """Whether a row's label names a ratio the question asks ('Effective income tax rate' for the effective tax
    rate): every word of one of its names."""
    words = set(tokenize(label))
    return any(set(tokenize(d.name)) <= words for d in definitions(question) if d.name != "the question's definition")


def read_amounts(
    parsed: ParsedQuestion, context: Context, candidates: list[tuple[float, str, ContextLine]], single: bool
) -> list[Lookup]:
    """The amounts of the lines that give one with certainty, best first (at most ``1 + ALTERNATIVES``): a ratio
    computed from cited cells, else table rows (their column chosen by the question's period) and sentences in rank
    order. With none, one Lookup: the best line as evidence, with the reason no value was read."""
    computed = computed_ratio(parsed.question, context, single)
    if computed is None or (not computed.found and asks_growth(parsed.question)):
        computed = computed_growth(parsed.question, context, single) or computed
    if computed is not None and computed.found:
        return [computed]
    rows, facts = table_rows(context), cell_facts(context)
    first: Lookup | None = None
    found: list[Lookup] = []
    # A table row states its value with a label, a column and a unit: it is preferred to a sentence that
    # scores up to a quarter higher (sorted is stable: equal scores keep their order).
    candidates = sorted(candidates, key=lambda c: -c[0] * (ROW_PREFERENCE if (c[1], c[2].global_line) in rows else 1.0))
    candidates = _concept_rows_first(parsed, context, candidates)
    sent = {(s.doc, n.global_line): n for s in context.sources for n in s.lines}
    for _, doc, line in candidates:
        located = rows.get((doc, line.global_line))
        before, after = sent.get((doc, line.global_line - 1)), sent.get((doc, line.global_line + 1))
        span = _span(doc, line, single) if located else _sentence_span(doc, line, after, before)
        span = span.model_copy(update={"doc": None}) if single else span
        key = (doc, line.global_line)
        lookup = (
            from_row(parsed.question, *located, span, facts.get(key))
            if located
            else from_sentence(parsed.question, line, span)
        )
        if lookup.found and (computed is None or (located and _names_ratio(parsed.question, located[1].label))):
            found.append(lookup)  # a ratio not computed: only a table row that names it ('Effective income tax rate')
            if len(found) > ALTERNATIVES:
                break
        first = first or lookup
    # a ratio that could not be computed may still be printed ('Effective income tax rate 18.3 %'): read above;
    # else the computation's reason, then the best line's
    return found or [computed or first or Lookup([], False, ["no line of the context holds the amount"])]


def _concept_rows_first(
    parsed: ParsedQuestion, context: Context, candidates: list[tuple[float, str, ContextLine]]
) -> list[tuple[float, str, ContextLine]]:
    """The rows whose label is the line item the question asks for come first (in rank order, then the sent
    rows the ranking missed), then the other candidates."""
    wanted = asked_line_items(parsed.question)
    if not wanted:
        return candidates
    ordered = [(doc, row.line) for doc, _, row in concept_rows(context, wanted, parsed.question)]
    lines = {(s.doc, line.global_line): line for s in context.sources for line in s.lines}
    first = [(0.0, doc, lines[(doc, n)]) for doc, n in dict.fromkeys(ordered) if (doc, n) in lines]
    rows = set(ordered)
    return first + [c for c in candidates if (c[1], c[2].global_line) not in rows]


ALTERNATIVES = 3  # the amounts looked up after the first, tried in turn while none passes verification
_CHANGE_ASKED = re.compile(r"\b(?:declin|decreas|increas|grow|grew|growth|rose|rise|fell|fall|drop|improv)\w*", re.I)


def _amount_answer(schema: type[BaseModel], lookup: Lookup) -> BaseModel:
    """An amount answer of one lookup."""
    return schema(
        answer_type="amount",
        items=lookup.items,
        answer_found=lookup.found,
        complete_answer_found=False,
        conflicting_evidence=False,
        context_structured=True,
        caveats=[*lookup.caveats, NO_MODEL_NOTE],
    )


PAGE_ROWS = 40  # the rows of the pages a question names that an amount is looked for in, after the best lines


def build_answer(
    schema: type[BaseModel],
    shape: str,
    parsed: ParsedQuestion,
    context: Context,
    ranked: list[tuple[float, str, ContextLine]],
    settings: Settings,
) -> list[BaseModel]:
    """Turn the best lines into an answer of *schema* (or a not-found answer below the floor); for an amount, the
    answers of the next amounts looked up follow it, tried in turn when it is not supported."""
    best = [r for r in ranked if r[0] >= settings.extractive_score_floor][: _MAX_ITEMS.get(shape, 3)]
    # the pages a question names are its scope (retrieval sent only them): their rows are candidates even when
    # their words differ from the question's ('Coastal Belt' for 'the coastal region's revenue')
    on_page = [r for r in ranked if r[2].page in parsed.pages_hint and _has_amount(r[2].text)][:PAGE_ROWS]
    if not best and shape == "amount":
        best = on_page[:1]
    pinned = not best and bool(parsed.pages_hint) and shape in ("text", "list")
    if pinned:  # 'What does page 1 say?': the page's first lines, as evidence to read
        best = [(0.0, s.doc, line) for s in context.sources for line in s.lines if line.page in parsed.pages_hint][:5]
    if shape == "date" and any(parse_date(line.text) for _, _, line in best):
        best = [r for r in best if parse_date(r[2].text)]  # a line without a date cannot be a date item
    if shape == "extraction" or not best:
        reason = (
            "no line of the context matches the question well enough"
            if shape != "extraction"
            else "the extractive backend cannot fill multi-field extractions; use the openai backend"
        )
        return [not_found_answer(schema, shape, f"{reason} ({NO_MODEL_NOTE})")]
    single = len(context.sources) == 1
    if shape == "amount":
        above = [r for r in ranked if r[0] >= settings.extractive_score_floor][:ROW_CANDIDATES]
        above += [r for r in on_page if r not in above]
        answers = [_amount_answer(schema, lookup) for lookup in read_amounts(parsed, context, above, single)]
        # a change asked one way is not retried: a later line may state it the other way ('the decline in hardware
        # revenue' / 'Hardware revenue ... increased by $27.9 million')
        return answers[:1] if _CHANGE_ASKED.search(parsed.question) else answers
    figures = any(_figures(line.text) for _, _, line in best)  # a line of figures, not a policy or a date
    explaining = bool(_EXPLAINING.match(parsed.question)) or (figures and bool(_WHAT_WAS_AT.match(parsed.question)))
    evidence_only = pinned or shape == "boolean" or (shape == "text" and explaining)
    items: list[BaseModel] = []
    sent = {(s.doc, n.global_line): n for s in context.sources for n in s.lines}
    for _, doc, line in best:
        span = _span(doc, line, single)
        if shape == "date":
            items.append(
                DateItem(
                    label=short_label(line.text),
                    date=parse_date(line.text) or DateValue(iso=None, original_text=""),
                    spans=[span],
                )
            )
        elif shape == "boolean":
            items.append(
                BooleanItem(
                    value=None,
                    explanation="no claim: the extractive backend does not decide yes/no; read the quoted line",
                    spans=[span],
                )
            )
        elif shape == "list":
            items.append(ListEntry(text=line.text, spans=[span]))
        elif shape == "table":
            rows = [TableRow(cells=[best_line.text]) for _, _, best_line in best]
            items.append(
                TableItem(
                    title="best matching lines",
                    table=Table(headers=["line"], rows=rows),
                    spans=[_span(d, best_line, single) for _, d, best_line in best],
                )
            )
            break
        else:  # the whole sentences the line holds, not the line's cut of them (each sentence once)
            whole = sentence_span(doc, line, sent, single)
            said = [" ".join(str(getattr(i, "text", "")).split()) for i in items]
            text = " ".join(whole.quote.split())  # boilerplate printed again elsewhere ('The Company, with ...')
            if not any(_same_sentences(whole, s) for i in items for s in getattr(i, "spans", [])) and not any(
                t and (t in text or text in t) for t in said
            ):
                items.append(TextItem(text=whole.quote, spans=[whole]))
    if shape == "text":  # a bare heading ('Customer returns and refund policy') answers nothing its sentences do not
        items = [i for i in items if not is_heading(str(getattr(i, "text", "")))] or items
    caveats = [EVIDENCE_ONLY_NOTE, NO_MODEL_NOTE] if evidence_only else [NO_MODEL_NOTE]
    answer = schema(
        answer_type=shape,
        items=items,
        answer_found=not evidence_only,
        complete_answer_found=False,
        conflicting_evidence=False,
        context_structured=True,
        caveats=caveats,
    )
    if shape != "text" or evidence_only or not _ASKS_WHO.match(parsed.question):
        return [answer]
    # a who-question: each of the best lines alone, in rank order, is tried when the first three together fail
    above = [r for r in ranked if r[0] >= settings.extractive_score_floor][:WHO_CANDIDATES]
    return [answer] + [
        answer.model_copy(update={"items": [TextItem(text=line.text, spans=[_span(doc, line, single)])]})
        for _, doc, line in above
    ]
