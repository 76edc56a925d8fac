"""A yes/no about figures, decided from the figures its quotes hold (the ``figures`` field of a yes/no item).

'Was the CET1 ratio lower at June 30, 2023 than at June 30, 2022?' answered yes with the quote
'CET1 capital 13.8 % 12.2 %' is contradicted by its own quote. Three shapes of question are read:
- **comparison**: a comparative ('lower', 'greater', ... with 'than', 'compared with', 'versus') between two
  named periods: the first period's figure against the second's;
- **change**: a verb of change ('increase', 'decline', ...) and two periods ('from 2021 to 2022': the later
  against the earlier) or one (against the same row's figure a year before);
- **occurrence**: 'Did X record a goodwill impairment in 2022?' (no comparative, no verb of change): a dash or
  zero in the asked period's cell says no; a 'no' to a question that asks whether something was recorded,
  paid or incurred is contradicted by an amount in that cell.

The figures are the level cells (not a change or a % change column) of the quoted table rows about the
question's subject, in the periods the question names (ingest's typed period of each column). Nothing is
decided when a period has no cell, its cells disagree (a three- and a six-month column of the same date), a
figure is negative (whether a larger outflow 'increased' is a matter of words), or the question sets a
threshold of its own ('more than $10 billion'). The words are English comparatives and verbs of change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from ..concepts import NEUTRAL
from ..numbers import find_numbers
from ..periods import Period, find_periods
from ..question.parse import search_text
from ..textnorm import split_sentences, tokenize
from .listed import listed_years
from .query import query_of
from .rules import FieldCheck
from .typed import PeriodFact
from .values import Candidate, CitedSpan, quote_candidates

_COMPARATIVE = re.compile(
    r"\b(?P<up>higher|greater|larger|bigger|more|above|exceed(?:s|ed)?)\b|\b(?P<down>lower|less|smaller|fewer|below)\b",
    re.IGNORECASE,
)
_AGAINST = re.compile(r"\b(?:than|compared|comparison|versus|vs\.?|relative\s+to)\b", re.IGNORECASE)
CHANGE_VERBS = re.compile(
    r"\b(?P<up>increas(?:e|ed|es|ing)|gr[eo]w(?:n|s|ing|th)?|r[io]se[ns]?|rising|climb(?:ed|s)?|expand(?:ed|s)?)\b|"
    r"\b(?P<down>decreas(?:e|ed|es|ing)|declin(?:e|ed|es|ing)|f[ae]ll(?:en|s|ing)?|dropp?(?:ed|s|ing)?|"
    r"shr[iau]nk(?:s|ing)?)\b",
    re.IGNORECASE,
)
# a question whose yes says something was booked in the period: a 'no' is contradicted by an amount there
_OCCURRENCE = re.compile(
    r"\b(?:record(?:ed|s)?|recogni[sz](?:e|ed|es)|incur(?:red|s)?|pa(?:y|id|ys)|report(?:ed|s)?|declare[ds]?|"
    r"book(?:ed|s)?|issue[ds]?|repurchase[ds]?|borrow(?:ed|s)?|spen[dt]s?|ma(?:ke|de|kes)|t(?:ake|ook|akes))\b",
    re.IGNORECASE,
)
# words that turn an amount's presence into a question of its sign or size
_SIGN_WORDS = re.compile(
    r"\b(?:loss(?:es)?|negative|positive|profit(?:able)?|deficit|surplus|zero|nil|any\s+\w+\s+other)\b", re.I
)
# a question about the rate of a change, a multiple or a share of a total: not a comparison of two levels
_NOT_LEVELS = re.compile(
    r"\b(?:faster|slower|pace|rate|percentages?\s+of|percent\s+of|share\s+of|proportion|double[ds]?|twice|"
    r"triple[ds]?|half|times|\w+fold)\b",
    re.IGNORECASE,
)
# a rate asked ('win %'); a figure's own ('5 percent') is taken out of the question first
_RATE = re.compile(r"\b(?:percentage|percent|rate|margin|ratio)\b|%", re.IGNORECASE)
_STATED_PERCENT = re.compile(r"\d[\d.,]*\s*(?:%|percent\b)", re.IGNORECASE)
_HEAD_ABOVE = 3  # the lines above a table's caption that may hold its column headings ('Full Year % Change')
_QUESTION_NEGATION = re.compile(r"\b(?:not|no|never|none|without)\b|n't\b", re.IGNORECASE)


@dataclass(frozen=True)
class _Cell:
    value: float
    period: PeriodFact
    row: str  # the row's line and label: one row's cells are compared with each other
    printed: str
    label: str
    kind: str  # money, per_share, shares, count, percent, number


def _check(verdict: str, detail: str = "") -> FieldCheck:
    return FieldCheck(field="figures", verdict=verdict, detail=detail)  # type: ignore[arg-type]


def figures_rule(answer: bool, spans: list[CitedSpan], question: str, ignore: frozenset[str]) -> FieldCheck:
    """Whether the cited rows' figures in the asked periods say what the yes or no says (see the module). A quote
    of table rows alone that its figures do not decide leaves the answer unchecked: a row has no words of yes or
    no to read instead."""
    decided = _decide(answer, spans, question, ignore)
    if decided.verdict == "not_applicable" and spans and all(_table_rows(c) for c in spans):
        return _check("unknown", "figures: the quoted table rows do not decide this question")
    return decided


def _prose_decision(answer: bool, spans: list[CitedSpan], asking: str, ignore: frozenset[str]) -> FieldCheck:
    """A sentence that lists a figure for each year ('sold 29.2 billion, 29.3 billion and 29.2 billion unit cases
    ... in 2017, 2016 and 2015, respectively') contradicts a yes or no that its figures do not make, when it
    names what the question asks about (all its words but one). It never supports: a sentence has words of yes
    or no for the polarity rule to read."""
    wanted = {t for t in tokenize(_COMPARATIVE.sub(" ", CHANGE_VERBS.sub(" ", asking))) if not t[:1].isdigit()}
    wanted -= ignore  # the subject's own words, neutral ones too ('Operating income was ...')
    decided: list[tuple[bool, str]] = []
    for index, sentence in enumerate(s for cited in spans for s in split_sentences(cited.span.quote)):
        if not wanted or len(wanted - set(tokenize(sentence))) > len(wanted) // 3 or CHANGE_VERBS.search(sentence):
            continue  # 'totaled $1.0 billion, ... an increase of $41 million during 2022 compared to 2021': a change
        cells = [
            _Cell(number.scaled, PeriodFact(label=str(year), years=frozenset({year})), str(index), number.text, "", "")
            for number, year in listed_years(sentence, percent=False)  # '24% and 23%' are rates of growth
        ]
        truth = _row_truth(asking, cells) if cells else None
        decided += [truth] if truth is not None else []
    if len({truth for truth, _ in decided}) != 1 or decided[0][0] is answer:
        return _check("not_applicable")
    word, said = ("yes" if answer else "no"), decided[0][1]
    return _check("mismatch", f"figures: the answer is {word}; in the quoted sentence, {said}")


def _table_rows(cited: CitedSpan) -> bool:
    """Whether every line of the span is a table's row or a line of its head (scale, column headings) that is no
    sentence: 'Non-current assets $ 4 $ 376' under '(dollars in millions)' and 'At December 31, 2022 2021' holds
    no word that could say yes or no; a caption 'The shareholder proposal ... was defeated:' does."""
    document, lines = cited.document, range(cited.span.line_start, cited.span.line_end + 1)
    if all(document.table_row(n) is not None for n in lines):
        return True
    heads = [  # a column heading may stand a few lines above the caption ('Full Year % Change' over '($ in Millions)')
        range(
            min(x for x in (t.caption_line, t.header_line, t.first_line) if x is not None) - _HEAD_ABOVE,
            min(r.line for r in t.rows),
        )
        for t in document.tables
        if t.rows and t.first_line <= cited.span.line_end + 8 and t.last_line >= cited.span.line_start
    ]
    texts = document.lines["text"]
    return all(
        document.table_row(n) is not None
        or (any(n in head for head in heads) and not _SENTENCE.search(str(texts.iloc[n - 1])))
        for n in lines
    )


_SENTENCE = re.compile(r"^(?:\S+\s+){5,}\S*[.:]\s*$|^(?:\S+\s+){8,}")  # a caption's sentence, a line of prose


def _decide(answer: bool, spans: list[CitedSpan], question: str, ignore: frozenset[str]) -> FieldCheck:
    asking = search_text(question)
    periods = find_periods(asking)
    if not periods or _QUESTION_NEGATION.search(asking):
        return _check("not_applicable")
    cells = _cells(spans, asking, ignore)
    if not cells:
        return _prose_decision(answer, spans, asking, ignore)
    if (rate := _RATE.search(_STATED_PERCENT.sub(" ", asking))) and not any(
        c.kind == "percent" or _RATE.search(c.label) for c in cells
    ):
        # 'Did the games win percentage increase': the 'Table games win $ 375 $ 333' row is the amount won
        return _check("unknown", f"figures: the question asks a {rate.group(0)}; the quoted rows are not one")
    rows = sorted({c.row for c in cells})
    convention = _CONVENTION.search(" ".join(c.span.quote for c in spans))
    nature = _NATURE.search(asking)
    if convention and nature:  # 'positive adjustments represent charges to income': the sign says which
        verdicts = [_signed_truth(asking, convention, nature, [c for c in cells if c.row == row]) for row in rows]
    else:
        verdicts = [_row_truth(asking, [c for c in cells if c.row == row]) for row in rows]
    decided = [v for v in verdicts if v is not None]
    if not decided or len({truth for truth, _ in decided}) > 1:
        return _check("not_applicable")
    truth, said = decided[0]
    if truth is answer:
        return _check("supported", f"the quoted figures agree: {said}")
    word = "no" if answer else "yes"
    return _check(
        "mismatch", f"figures: the answer is {'yes' if answer else 'no'}; the quoted figures say {word}: {said}"
    )


# what a figure is by its sign, as a table states it ('positive adjustments represent charges to income', 'negative
# amounts represent gains'), and what a question asks a figure was ('Were property transactions a charge ...')
_KINDS_OF = r"charges?|expenses?|costs?|losses?|gains?|income|benefits?|credits?"
_CONVENTION = re.compile(
    rf"\b(?P<sign>positive|negative)\s+(?:adjustments?|amounts?|numbers?|figures?|values?)\s+"
    rf"(?:represent|reflect|indicate|are)\s+(?:a\s+|an\s+)?(?P<what>{_KINDS_OF})\b",
    re.IGNORECASE,
)
_NATURE = re.compile(rf"^\s*(?:was|were|is|are)\b.*?\b(?:a|an)\s+(?:net\s+)?(?P<what>{_KINDS_OF})\b", re.I)
_DEBITS = ("charge", "expense", "cost", "loss")


def _signed_truth(
    asking: str, convention: re.Match[str], nature: re.Match[str], cells: list[_Cell]
) -> tuple[bool, str] | None:
    """Whether the row's figure in the one period asked is what the question asks it was, by the sign the quote
    says stands for what: under 'positive adjustments represent charges', (2.74) is no charge."""
    periods = find_periods(asking)
    cell = _value_at(periods[0], cells, query_of(asking).period.months) if len(periods) == 1 else None
    if cell is None or cell.value == 0:
        return None
    stated_debit = convention.group("what").lower().startswith(_DEBITS)
    is_stated = (cell.value > 0) == (convention.group("sign").lower() == "positive")
    debit = stated_debit if is_stated else not stated_debit
    asked_debit = nature.group("what").lower().startswith(_DEBITS)
    said = f"{cell.printed} where {convention.group('sign').lower()} figures are {convention.group('what').lower()}"
    return debit == asked_debit, said


def _without_label(asking: str, label: str) -> str:
    """The question without the row's own label where it writes it ('Less: Net income attributable to ...')."""
    text = " ".join(asking.split())
    for form in (label, re.sub(r"^\s*\w+:\s*", "", label)):
        form = " ".join(form.split())
        at = text.lower().find(form.lower()) if form else -1
        if at >= 0:
            return f"{text[:at]} {text[at + len(form) :]}"
    return text


def _threshold(asking: str) -> bool:
    """Whether the question sets a figure of its own to compare with ('more than $10 billion', 'above 5%')."""
    dated = [(p.start, p.end) for p in find_periods(asking)]
    return any(
        (not n.is_year or n.currency) and not any(n.start < b and n.end > a for a, b in dated)
        for n in find_numbers(asking)
    )


def _cells(spans: list[CitedSpan], asking: str, ignore: frozenset[str]) -> list[_Cell]:
    """The level cells, in a typed period, of the quoted rows whose label shares a word with the question."""
    terms = {t for t in tokenize(asking) if not t[:1].isdigit()} | ignore  # the company's own name may label a row
    found: list[_Cell] = []
    for cited in spans:
        candidates = quote_candidates(cited)
        # the row's own measure is its first cell's (a level, or a change for the rows under 'Changes in ...:'); a
        # cell of another measure is a column added to it ('$ Change', '% Change')
        own = next((c.fact.measure for c in candidates if c.fact is not None and c.row_label is not None), None)
        for candidate in candidates:
            cell = _cell(candidate, terms, cited.span.line_start, own)
            if cell is not None:
                found.append(cell)
    return found


def _cell(candidate: Candidate, terms: set[str], line: int, measure: str | None) -> _Cell | None:
    fact = candidate.fact
    if fact is None or fact.period is None or candidate.row_label is None:
        return None
    if measure is None or fact.measure != measure or fact.scenario != "actual":
        return None
    label = candidate.row_label
    words = {t for t in tokenize(re.sub(r"\([^)]*\)", " ", label)) if not t[:1].isdigit()}
    named = words - NEUTRAL or words  # 'Total revenues': revenues; 'Operating income' is all its words
    if not named or not named <= terms:  # the question names what the row is ('Goodwill, net' is no impairment)
        return None
    return _Cell(candidate.value, fact.period, f"{line}:{label}", candidate.printed, label, candidate.kind)


def _row_truth(asking: str, cells: list[_Cell]) -> tuple[bool, str] | None:
    """Whether one row's figures make the question's claim true, with the figures said; None: undecided."""
    months = query_of(asking).period.months
    # 'Net increase (decrease) in cash': the row's own name holds no verb of the question
    question, asking = asking, _without_label(asking, cells[0].label)
    periods = find_periods(asking)  # not the years a label writes ('net of refunds of $6 and $2 in 2021 and 2020')
    if _threshold(asking) or not periods:
        return None
    named = [_value_at(p, cells, months) for p in periods]
    comparatives, changes = list(_COMPARATIVE.finditer(asking)), list(CHANGE_VERBS.finditer(asking))
    directions = {bool(m.group("up")) for m in [*comparatives, *changes]}
    if _NOT_LEVELS.search(asking) or len(comparatives) > 1 or (comparatives and changes) or len(directions) > 1:
        return None  # 'grow faster', 'was the decrease larger', 'despite lower sales, was margin higher'
    comparative = comparatives[0] if comparatives else None
    change = changes[0] if changes else None
    if comparative and _AGAINST.search(asking[comparative.end() :]) and len(periods) == 2:
        return _compare(named[0], named[1], bool(comparative.group("up")), comparative.group(0))
    if change:
        up = bool(change.group("up"))
        if len(periods) == 2:
            first, second = named
            if first is None or second is None:
                return None
            older, newer = sorted((first, second), key=_when)
            return _compare(newer, older, up, change.group(0))
        if len(periods) == 1 and named[0] is not None:
            return _compare(named[0], _year_before(named[0], cells), up, change.group(0))
        return None
    if comparative or len(periods) != 1 or named[0] is None:
        return None
    return _occurrence(asking, question, named[0])


def _when(cell: _Cell) -> str:
    return cell.period.end or str(max(cell.period.years, default=0))


def _value_at(period: Period, cells: list[_Cell], months: int | None) -> _Cell | None:
    """The one figure of *cells* in *period* (cells of the same value in several columns are one figure)."""
    hits = [c for c in cells if in_period(period, c.period, months)]
    if len({c.value for c in hits}) > 1 and period.iso is None:
        # 'in 2016' of years that end in January: the column whose year is printed 2016 (ending in 2016)
        hits = [c for c in hits if c.period.end and int(c.period.end[:4]) == period.year]
    if not hits or len({c.value for c in hits}) > 1:
        return None
    return hits[0]


def in_period(period: Period, fact: PeriodFact, months: int | None) -> bool:
    """Whether a typed period *fact* is the *period* a question names (of *months* when it says a length)."""
    if months is not None and fact.months is not None and fact.months != months:
        return False
    if period.iso is not None:
        return fact.end == period.iso
    if period.quarter is not None:
        return fact.quarter == period.quarter and period.year in fact.years and fact.months in (3, None)
    return period.year in fact.years and (fact.months in (12, None) or fact.instant)


def _year_before(cell: _Cell, cells: list[_Cell]) -> _Cell | None:
    """The row's figure for the same length of period a year before *cell*'s (a 52/53-week year ends within a
    week of the date a year before)."""
    if not cell.period.end:
        return None
    end = date.fromisoformat(cell.period.end)
    before = [
        c
        for c in cells
        if c.period.end
        and c.period.months == cell.period.months
        and abs((end - date.fromisoformat(c.period.end)).days - 365) <= _WEEK
    ]
    return before[0] if len({c.value for c in before}) == 1 else None


_WEEK = 7


def _compare(first: _Cell | None, second: _Cell | None, up: bool, word: str) -> tuple[bool, str] | None:
    """Whether *first* is above (*up*) or below *second*; None when either is missing or negative."""
    if first is None or second is None or first.value < 0 or second.value < 0:
        return None
    truth = first.value > second.value if up else first.value < second.value
    said = "" if truth else "not "
    return truth, (
        f"{first.printed} ({first.period.describe()}) against {second.printed} ({second.period.describe()}) "
        f"is {said}'{word.lower()}'"
    )


def _occurrence(asking: str, question: str, cell: _Cell) -> tuple[bool, str] | None:
    """An amount in the asked period says yes, a dash or zero no; a question of sign or size is not decided."""
    if cell.kind in ("shares", "per_share", "percent"):
        return None  # a share count or a rate is not something recorded in the period
    signs = {m.group(0).lower() for m in _SIGN_WORDS.finditer(asking)}
    if signs - {m.group(0).lower() for m in _SIGN_WORDS.finditer(cell.row)}:
        return None  # 'a net loss' asks a sign; 'Net loss on disposal' in the row's own label is its name
    verb = _OCCURRENCE.search(question)
    if verb is None or not _names_the_row(question[verb.end() :], cell.label):
        return None
    if cell.value == 0:
        return False, f"the quoted row's cell for {cell.period.describe()} is {cell.printed} (nil)"
    return True, f"the quoted row's cell for {cell.period.describe()} is {cell.printed}"


def _names_the_row(after_verb: str, label: str) -> bool:
    """Whether what the question says was recorded ('a goodwill impairment' in 'record a goodwill impairment in
    2022') is all in the row's label: 'Goodwill, net' is a balance, not the charge."""
    cut = re.split(r"\b(?:in|during|for|at|on|as\s+of)\b", after_verb, maxsplit=1)[0]
    wanted = {t for t in tokenize(cut) if not t[:1].isdigit()} - NEUTRAL
    return bool(wanted) and wanted <= set(tokenize(label))


# a level kept from one period to the next: neither an increase nor a decrease
_FLAT = re.compile(
    r"\b(?:was|were|is|are|remained|stayed|held)\s+(?:relatively\s+|essentially\s+|largely\s+|broadly\s+)?"
    r"(?:flat|unchanged|stable|steady|"
    r"in\s+line\s+with\s+(?:the\s+)?(?:prior|previous|last)\s+(?:year|period|quarter))\b",
    re.IGNORECASE,
)
# where a clause starts: a sentence's subject is read within the clause of its verb
_CLAUSE = re.compile(r"[;,]|\bwhile\b|\bwhereas\b|\bbut\b|\band\b(?=\s+\w+\s+(?:was|were|is|are)\b)", re.IGNORECASE)
# words of a question or sentence before its verb that name no subject ('Did the Company's ...')
_NO_SUBJECT = frozenset(
    tokenize(
        "did does do has have had was were is are the a an s company companys its our their we experience see "
        "report record achieve post deliver show"
    )
)


def change_reading(question: str, sentence: str, ignore: frozenset[str]) -> str | None:
    """How a sentence stating a change answers a question asking for one ('Did Xbox hardware revenue increase'):
    'affirms' when it moves the way asked ('increased 5%'), 'denies' the other way ('decreased 16%'), 'other' when
    its subject is another (the question's words before its verb, the issuer's name aside, are not all among the
    sentence's words before its own: 'Xbox Live revenue increased' for Xbox hardware revenue); None when the
    question or the sentence states no single direction. A verb whose clause names the question's subject before it
    decides alone ('Operating income increased ..., primarily due to a decrease in ...')."""
    asked = list(CHANGE_VERBS.finditer(question))
    said = list(CHANGE_VERBS.finditer(sentence))
    flat = None if said else _FLAT.search(sentence)  # 'were in line with the prior year': no change either way
    if len(asked) != 1 or (not said and flat is None):
        return None
    owner = re.sub(r"\b[\w.&-]+['’]s\b", " ", question[: asked[0].start()])  # 'Microsoft's': whose, not what
    subject = _subject(owner) - ignore or _subject(without_periods(question[asked[0].end() :])) - ignore - _WHEN
    named = {t for t in tokenize(owner) if t not in _NO_SUBJECT and not t[:1].isdigit()} - ignore
    led = [m for m in said if named and _lead_terms(sentence, m.start(), ignore) == named]
    if len({bool(m.group("up")) for m in led}) == 1:  # 'X increased ..., due to a decrease in Y': X's own verb
        return "affirms" if bool(led[0].group("up")) == bool(asked[0].group("up")) else "denies"
    if len({bool(m.group("up")) for m in said}) > 1:
        return None
    at = said[0] if said else flat
    lead = _subject(_lead_of(sentence, at.start())) - ignore if at is not None else set()
    if said and subject and subject <= lead and lead - subject:  # 'More Personal Computing revenue increased'
        return "other"
    if not subject or at is None or subject - _subject(_clause_of(sentence, at.start(), at.end())):
        return "other" if subject and flat is None else None  # a flat other subject says nothing either way
    if flat is not None:
        return "denies"
    return "affirms" if bool(said[0].group("up")) == bool(asked[0].group("up")) else "denies"


_WHEN = frozenset(tokenize("fiscal year years quarter quarters month months period first second third fourth full"))


def without_periods(text: str) -> str:
    """*text* with its dates, years and quarters taken out ('an increase in net sales in fiscal 2024')."""
    for period in reversed(find_periods(text)):
        text = text[: period.start] + " " + text[period.end :]
    return text


def _lead_terms(sentence: str, start: int, ignore: frozenset[str]) -> set[str]:
    """The subject's terms of a verb's clause ('Operating income' of 'Operating income increased ...'); 'More
    Personal Computing revenue increased' has more than the question's 'revenue'."""
    return {t for t in tokenize(_lead_of(sentence, start)) if t not in _NO_SUBJECT and not t[:1].isdigit()} - ignore


def _lead_of(sentence: str, start: int) -> str:
    """The words of a verb's clause before the verb: its subject ('Operating income' of 'Operating income
    increased $2.0 billion, primarily due to a decrease in ...')."""
    cuts = [m.end() for m in _CLAUSE.finditer(sentence[:start])]
    return sentence[cuts[-1] if cuts else 0 : start]


def _clause_of(sentence: str, start: int, end: int) -> str:
    """The clause around sentence[start:end] ('The increase in net sales was driven by ...'; 'we grew net sales 4%'
    after 'In 2023,')."""
    cuts = [m.end() for m in _CLAUSE.finditer(sentence[:start])]
    after = _CLAUSE.search(sentence, end)
    return sentence[cuts[-1] if cuts else 0 : after.start() if after else len(sentence)]


def _subject(text: str) -> set[str]:
    """A subject's words: the content words aside from the verbs and names that say nothing of what moved."""
    return {t for t in tokenize(text) if t not in _NO_SUBJECT and t not in NEUTRAL and not t[:1].isdigit()}


# the quantifier of the question's subject, right after its auxiliary: 'Did every Domestic category ...', 'Were all
# (four) segments ...'; not 'in each of fiscal 2022 and 2023' nor 'as every analyst expected'
_EVERY = re.compile(
    r"^\s*(?:did|do|does|were|was|are|is|has|have|had)\s+(?:\S+\s+){0,2}?(?:every|each|all)\b(?!\s+other\b)"
    r"(?:\s+(?:of\s+)?(?:the\s+|its\s+|their\s+)?(?P<n>two|three|four|five|six|seven|eight|nine|ten|\d+)\b)?",
    re.IGNORECASE,
)


def asks_every(question: str) -> bool:
    """Whether a yes/no asks about every one of a thing ('Were all of ...', 'Did each ...')."""
    return bool(_EVERY.search(question))


_COUNTS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten".split())}
_TOTAL_ROW = re.compile(r"^\s*(?:total|consolidated)\b", re.IGNORECASE)


def universal_rule(answer: bool, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A yes to 'did every (each, all) X ...' quoted from table rows needs every row of X: the rows of the cited
    tables under the cited rows' sub-headings, totals aside. One left out may be the exception ('Other 1.6 %'
    under five declining categories), so the yes is unchecked; a no needs one row and is not read here."""
    every = _EVERY.search(search_text(question))
    if not answer or every is None:
        return _check("not_applicable")
    cited = {n for c in spans for n in range(c.span.line_start, c.span.line_end + 1)}
    if every.group("n"):  # 'all four segments': four rows quoted answer it, whatever else the table holds
        count = every.group("n").lower()
        named = int(count) if count.isdigit() else _COUNTS[count]
        rows = {n for c in spans for n in range(c.span.line_start, c.span.line_end + 1) if c.document.table_row(n)}
        return _check("supported" if len(rows) >= named else "unknown")
    left_out: list[str] = []
    tables: set[int] = set()
    for line, index in sorted(
        {(n, i) for i, c in enumerate(spans) for n in range(c.span.line_start, c.span.line_end + 1)}
    ):
        found = spans[index].document.table_row(line)
        if found is None or found[0].first_line in tables:
            continue
        table, row = found
        tables.add(table.first_line)
        groups = {r.group for r in table.rows if r.line in cited}
        left_out += [
            r.label
            for r in table.rows
            if r.group in groups and r.line not in cited and r.cells and not _TOTAL_ROW.match(r.label)
        ]
    if not tables:
        return _check("not_applicable")
    if left_out:
        return _check("unknown", f"figures: 'every' asked, but the quotes leave out the row '{left_out[0]}'")
    return _check("supported")


# how fast two things changed, compared: 'grew more slowly than', 'outpaced', 'at a faster rate than'
_PACE = re.compile(
    r"\b(?:more|less)\s+(?:slowly|quickly|rapidly)\b|\b(?:faster|slower|outpac\w*)\b|"
    r"\bat\s+an?\s+(?:faster|slower|higher|lower)\s+(?:rate|pace)\b",
    re.IGNORECASE,
)
_YEAR_ONLY = re.compile(r"^(?:19|20)\d\d$")


def pace_rule(spans: list[CitedSpan], question: str) -> FieldCheck:
    """A yes/no about levels ('a positive gross profit', 'revenue above costs') is not decided by quotes that only
    compare how fast the two changed ('costs grew more slowly than revenue') and give no figures: a slower rise of
    costs leaves them above revenue as often as below. Unchecked, naming what the quote compares (also where another
    of its words states the level: the check stays on the safe side)."""
    asks_levels = _SIGN_WORDS.search(question) or (_COMPARATIVE.search(question) and _AGAINST.search(question))
    if not asks_levels or CHANGE_VERBS.search(question) or _NOT_LEVELS.search(question):
        return FieldCheck(field="measure", verdict="not_applicable")
    quotes = " ".join(s.span.quote for s in spans)
    if any(not _YEAR_ONLY.match(n.text) for n in find_numbers(quotes)):
        return FieldCheck(field="measure", verdict="not_applicable")
    paced = [m for m in _PACE.finditer(quotes) if CHANGE_VERBS.search(quotes[max(0, m.start() - 60) : m.end()])]
    if not paced:
        return FieldCheck(field="measure", verdict="not_applicable")

    said = " ".join(quotes[max(0, paced[0].start() - 40) : paced[0].end() + 30].split()[1:-1])  # whole words
    detail = f"measure: the quote compares how fast they changed ('{said}'), not their levels"
    return FieldCheck(field="measure", verdict="unknown", detail=detail)
