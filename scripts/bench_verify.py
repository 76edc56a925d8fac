"""Benchmark the verifier on FinanceBench gold evidence: quotes, then values, periods and arithmetic.

Quotes: every line of every gold ``evidence_text`` is cited as a quote of its page (the filing's
line table at ``evidence_page_num + 1``). Prints the share accepted (target >= 0.98), then the same
quotes with one number changed or a negation flipped: the share wrongly accepted (target 0).

Answers: for every table row on a gold evidence page whose cells line up with a header of two or
more periods, answers are built from its cells, each with the question it answers, and verified
(docintel.verify): a right one counts when its status is 'supported'; a wrong one counts as rejected
when it is anything else (unsupported or unchecked).
- right: the cell's value with the row's own label, the table's unit, the cell's column as period, the
  row as quote; a right computation (a - b over two cells, each operand named by its row) - accepted,
  target >= 0.98;
- one class of wrong answers per rule - each rejected, target 100%: the neighbouring column's value
  (wrong year), a scale 1,000 times off, arithmetic 1% off, another row's cell under this row's label,
  the sign flipped (not for outflows, nor expenses printed in parentheses, whose label may state the
  magnitude), a percent given as money and money as a percent, a footnote marker as the value, an
  expression with an unused operand, an expression with a literal, a text answer with a number its
  quote does not hold, a quote about another row for a question about this one, and (red team round 23) for a
  row of income or earnings whose two figures are negative and whose label names no outflow, expense or loss
  (general English), a growth rate (a - b) / b over the negative base, whose sign is the opposite of the change.
Axis mutations (issue 33), generated from the fact model rather than from known cases: for each typed
table fact of a gold page (``ingest.facts``), a question written from its own fields, and answers from
other facts of the same document and concept that differ from it in exactly one field — period, member,
basis, per-share class, measure, scenario — each class 'axis: FIELD', target: every one rejected. The
fact's own answer is reported ('axis: right') but is no target: the question is written mechanically.
The run exits 1 when a target is missed.

Structures (scripts/verify_structures.py), over every page of the dev filings: each roll-forward's opening row
given as its closing balance, each stated fair value, carrying, notional or principal amount given as another
attribute of the same instrument, each dividends-declared row given as dividends paid (and the reverse), and each
term of a measure the domain table defines by formula given as the measure (total debt as net debt), each 'Total X'
row above a 'Less' row given as the X after it, and each fact of an entity other than the group (the parent alone,
discontinued operations, equity method investees) given as the company's, each change cell of a comparison table
('2022 2021 2022 vs. 2021') labelled as moving the other way than its row's levels ('Increase in X' where X fell),
the parts of a line item given for the whole (scripts/verify_portions.py), and each sentence about a group narrowed
by a restrictive clause ('employees who serve customers in our Northeast areas ...') claimed with the clause deleted
(scripts/verify_clauses.py), and each officer's age ('Michael F. Roman 59 Chief Executive Officer' under 'Name
Age ...', 'Mr. Sprunk, 54,') claimed as years with the company, each par value in prose given as an issue price,
each stage of a process ('preliminary approval') claimed as another ('final approval'), and each listed share class
claimed for another class from the line cut after its class (red team round 28), and (scripts/verify_readings.py,
red team round 29) each line permitting an adoption answered as one done, each sentence opening with another party
claimed of the company or with a consequence it does not draw, each balance-only row ('Ending balance') given as a
line item's balance the lines above it never name, and (scripts/verify_standing.py, red team round 31) each
expected closing date given as a deadline, each dividend reduction answered as a suspension, each total of dividends
paid answered as a cut per share, each allegation claimed as fact, and (scripts/verify_remains.py, red team round
45) each term of years a line gives whole claimed as what remains of it, each figure of a row of a table whose
columns were not read claimed in a text naming no column, and (scripts/verify_scopes.py, red team round 46) each
initial term claimed as the total term, each duration cut before the part a question asks to include, each variant
('777X-8') given for its model, each example a line lists given for a list restricted by a clause the line does not
say, and (scripts/verify_round47.py, red team round 47 and a new user's findings) each count a sentence gives
beside a percentage answered to a percentage asked, each row's figure given for a 'Which ...?' question, each row a
table prints twice given for its label alone, each date a sentence gives as one bound of 'the earlier of' two, each
deputy's line given for the office, each amount of a sentence that says no cost claimed as a charge, and
(scripts/verify_round49.py, red team round 49) each change of a balance's average read as the balance's, each
percentage quoted without the restrictive clause on its noun, and (scripts/verify_round50.py, red team round 50
and new users on CVS Health and AMD) each sentence that only refers to the things asked given as naming them, each
yes quoted from another act on the same object, each date first set and since moved given as the date set, each
amount offered given as a sale's price, and (scripts/verify_round51.py, red team round 51 and new users on Verizon
and CVS Health) each date of the sale of a thing pointed back at given for the business named before it, each
court a case was filed in given where the passage says it was transferred, each yes to a state the passage says
began after the date asked, each 'N years at' another organisation given as years with the company, each auditor
named only in common words, and (scripts/verify_round52.py, red team round 52 and new users on American Express
and PepsiCo) each other organisation's headquarters given as the company's, each row of one kind of award's
valuation table asked of another kind, each report's date given as the date of the agreement filed with it, each
no read from a sentence cut before its turn, each form's cover captions given as an answer, and
(scripts/verify_round53.py, red team round 53) each date of another organisation's act given for the company's,
each figure a sentence pools 'primarily from' several sources given for one of them, each yes to a degree asked
('significantly') that the sentence does not state, each yes about proceedings against the company from a sentence
about those against another party, and (scripts/verify_round55.py, red team rounds 54 and 55) each figure a
sentence says will be paid given as paid, each 'primarily' restated as 'only', each former figure given as current,
each portion of a matter settled given as the whole, each yes dated by a month the sentence does not say, and
(scripts/verify_round56.py, red team round 56) each 'substantially all' asked as all, each intent or option asked as
required, each yes about a year long before the filing's from a sentence that names none, each other year of a
sentence given as the year its noun names, and (scripts/verify_round57.py, red team round 57) each yes about a name
a sentence leaves out ('other than ... and Japan'), each part of a category's definition asked as incurred, each
list's figures summed for one of them, each date that ends a span given as the day of the event, and
(scripts/verify_round58.py, red team round 58) each count of one noun given for another the sentence counts, each
sentence's second figure given for its first clause's thing, each yes about a year on the other side of the date a
sentence opens with ('Prior to January 1, 2015, ...'), each yes to a hypothetical's way quoted up to its amount and
cut before the way, and (scripts/verify_round59.py, red team round 59) each row named by a defined term asked in
another defined term's words, each year a sentence says of one place given for another place of its page, and
(scripts/verify_round60.py, red team round 60) each of a sentence's two ratings claimed with the other's code, each
yes about owning (leasing) read from a quote cut after 'We lease (own) a', each date worked out from a term of years,
and (scripts/verify_round61.py, red team round 61) each text quoted from after its sentence's opening period ('For
the six months ended ...') for another period, and (scripts/verify_round62.py, red team rounds 61 and 62) each
figure a sentence splits over places given for the whole, each text of a numbered thing ('second revolving credit
facility') for the thing unnumbered, each shareholders' holding claimed of the company, and
(scripts/verify_round63.py, red team round 63) each release's quoted words claimed as another person's, each yes to
the opposite of an act's outcome ('grant' for 'denied'), each category's line for an item another line lists, and
(scripts/verify_round64.py, red team round 64) each change column of another basis beside a row's reported one
answered 'on a reported basis', and (scripts/verify_round65.py, red team round 65) each change a sentence attributes
to a segment answered for the whole, each date of a list answered for the next item, and
(scripts/verify_round66.py, red team round 66) each total its sentence breaks down answered for a part, each yes to
what a sentence compares with ('compared with a reserve release ... in the prior year'), and
(scripts/verify_round68.py, red team rounds 68-69) each amount's relative change ('$504 million, or 12%') asked in
percentage points, each whole answered for the part that belongs to it ('as part of $30 billion of deposits'), each
change told under a segment's heading answered for the company's,
target: every one rejected; their right answers measured (and each change stated with 'as' and its cause, asked
why).

Usage: python -m scripts.bench_verify [--questions FILE] [--pdfs DIR] [--show-rejected]
"""

from __future__ import annotations

import re
import sys
from datetime import date

from docintel.answer.contract import AmountAnswer, BooleanAnswer, DateAnswer, ListAnswer, TextAnswer
from docintel.backends.lookup import row_unit
from docintel.concepts import concepts_in, is_outflow, narrowing_terms, qualifier_text, same_concept, states_magnitude
from docintel.context.pack import Budget, Context, ContextLine, Source
from docintel.domain import table as domain_table
from docintel.ingest.factrows import deducted
from docintel.pipeline import Pipeline
from docintel.settings import load_settings
from docintel.textnorm import squash, tokenize
from docintel.verify.typed import column_period
from docintel.verify.values import same_value
from docintel.verify.verifier import verify_answer
from scripts import benchdata
from scripts.verify_clauses import (
    age_cases,
    listed_class_cases,
    par_value_cases,
    restrictive_clause_cases,
    stage_cases,
)
from scripts.verify_parts import act_cases, part_cases
from scripts.verify_portions import by_nature_cases, subset_plan_cases
from scripts.verify_ranks import figure_cases, rank_cases, yes_no_cases
from scripts.verify_readings import balance_row_cases, lead_subject_cases, permission_cases
from scripts.verify_remains import remaining_term_cases, unread_row_cases
from scripts.verify_round47 import round47_cases
from scripts.verify_round49 import round49_cases
from scripts.verify_round50 import round50_cases
from scripts.verify_round51 import round51_cases
from scripts.verify_round52 import round52_cases
from scripts.verify_round53 import round53_cases
from scripts.verify_round55 import round55_cases
from scripts.verify_round56 import round56_cases
from scripts.verify_round57 import round57_cases
from scripts.verify_round58 import round58_cases
from scripts.verify_round59 import round59_cases
from scripts.verify_round60 import round60_cases
from scripts.verify_round61 import round61_cases
from scripts.verify_round62 import round62_cases
from scripts.verify_round63 import round63_cases
from scripts.verify_round64 import round64_cases
from scripts.verify_round65 import round65_cases
from scripts.verify_round66 import round66_cases
from scripts.verify_round68 import round68_cases
from scripts.verify_scopes import scope_cases
from scripts.verify_standing import standing_cases
from scripts.verify_structures import (
    and_other_cases,
    attribute_cases,
    comparison_cases,
    composite_part_cases,
    deduction_cases,
    dividend_event_cases,
    entity_cases,
    opening_balance_cases,
    polarity_cases,
    roll_forward_cases,
    section_cases,
    segment_row_cases,
    split_item_cases,
)

_NEGATABLE = re.compile(r"\b(is|are|was|were|does|did|has|have|will|can|may)\b", re.I)


def mutate_number(quote: str) -> str | None:
    """The quote with the last digit of its first number changed, or None when it has no number."""
    match = re.search(r"\d", quote)
    if not match:
        return None
    digit = quote[match.start()]
    return quote[: match.start()] + str((int(digit) + 1) % 10) + quote[match.start() + 1 :]


def flip_negation(quote: str) -> str | None:
    """The quote with a negation added or removed, or None when there is nothing to negate."""
    if re.search(r"\bnot\b", quote, re.I):
        return re.sub(r"\s*\bnot\b", "", quote, count=1, flags=re.I)
    match = _NEGATABLE.search(quote)
    if not match:
        return None
    return quote[: match.end()] + " not" + quote[match.end() :]


def _occurs(quote: str, page_text: str) -> bool:
    """Whether the quote is printed on the page (whitespace collapsed, case folded, numbers whole)."""
    tidy = lambda text: re.sub(r"\s+\)", ")", re.sub(r"\(\s+", "(", text))  # noqa: E731
    needle = tidy(" ".join(quote.split()).casefold())
    before = r"(?<![\d.,])" if needle[:1].isdigit() else ""
    after = r"(?!\d)" if needle[-1:].isdigit() else ""
    return re.search(before + re.escape(needle) + after, tidy(page_text)) is not None


def page_context(document, page: int) -> tuple[Context, int, int]:
    """A context holding exactly one page of *document*, and the page's first and last GLOBAL_LINE."""
    rows = document.lines[document.lines["page"] == page]
    lines = [
        ContextLine(
            global_line=int(r.global_line), page=int(r.page), line_in_page=int(r.line_in_page), text=str(r.text)
        )
        for r in rows.itertuples()
    ]
    source = Source(
        doc=document.meta.doc_id,
        title=document.meta.title,
        heading_path=[],
        pages=[page],
        chars=0,
        whole_document=False,
        lines=lines,
    )
    context = Context(
        status="ok",
        status_detail="page",
        rendered="",
        sources=[source],
        decisions=[],
        budget=Budget(budget_chars=0, used_chars=0, remaining_chars=0, estimated_tokens=0),
        notes=[],
    )
    return context, lines[0].global_line if lines else 1, lines[-1].global_line if lines else 1


def verdicts(quotes: list[str], document, context: Context, first: int, last: int) -> list[str]:
    """The verifier's verdict for each quote cited against lines first..last."""
    spans = [{"doc": None, "line_start": first, "line_end": last, "quote": q} for q in quotes]
    answer = _answer(TextAnswer, "text", [{"text": "q", "spans": spans}])
    return [s.verdict for s in verify_answer(answer, context, [document]).spans]


_SHIFTED = {"thousands": "millions", "millions": "billions", "billions": "millions", "units": "thousands"}


def _answer(model, shape: str, items: list[dict]):
    """A found, complete answer of *model* with these items."""
    return model(
        answer_type=shape,
        answer_found=True,
        complete_answer_found=True,
        conflicting_evidence=False,
        context_structured=True,
        caveats=[],
        items=items,
    )


def _item(
    value: float,
    unit: str,
    period: str | None,
    line: int,
    quote: str,
    calculation: dict | None = None,
    label: str = "x",
    currency: str | None = None,
) -> dict:
    span = {"doc": None, "line_start": line, "line_end": line, "quote": quote}
    amount = {"value": value, "currency": currency, "unit": unit}
    return {"label": label, "amount": amount, "period": period, "calculation": calculation, "spans": [span]}


Case = tuple[str, dict, str]  # (question, item, answer type)


def _text_item(text: str, line: int, quote: str) -> dict:
    return {"text": text, "spans": [{"doc": None, "line_start": line, "line_end": line, "quote": quote}]}


def value_cases(document, page: int) -> dict[str, list[Case]]:
    """Right answers and one class of wrong answers per rule, built from the aligned table rows of one page.

    Right: the cell with its row's own label, its unit, its column as period, asked for that label and
    period; a - b over two cells of the row, each operand named by the row. Wrong: the neighbouring
    column, a scale 1,000 times off, arithmetic 1% off (as before), and per rule of the verifier: another
    row's cell under this row's label, the sign flipped, a percent given as money and money as a percent,
    a footnote marker as the value, an expression with an unused operand or a literal, a text answer with
    a number its quote does not hold, and a quote about another row for a question about this one.
    Questions a reader could not answer are not built: a label two rows of the table share, a period two
    columns with different values share (a member's column group); a change is asked from the earlier
    period to the later whatever the columns' order.
    """
    cases: dict[str, list[Case]] = {k: [] for k in _KINDS}
    texts = document.lines["text"].tolist()
    tables = [t for t in document.tables if t.page == page and len(t.columns) >= 2 and t.scale is not None]
    for table in tables:
        rows = [r for r in table.rows if r.aligned]
        for row in rows:
            _row_cases(cases, table, row, rows, texts, document)
    return cases


_KINDS = (
    "right",
    "wrong year",
    "wrong scale",
    "arithmetic off by 1%",
    "another row's cell",
    "sign flipped",
    "percent as money",
    "money as percent",
    "footnote marker",
    "unused operand",
    "literal in expression",
    "text number not quoted",
    "irrelevant quote",
    "growth over a negative base",
)


_LENGTHS = {3: "three", 6: "six", 9: "nine"}


def _end(column) -> str:
    """A column's period end as a sortable text (its year where no date is printed)."""
    return column.iso or f"{column.year:04d}-99-99"


def _period_words(document, table, index: int) -> str:
    """The column's period as a reader asks for it: 'the three months ended December 31, 2022' for a quarter's
    column (a year's name alone would ask for the year), else the header's label."""
    typed = column_period(document, table, index)
    label = table.columns[index].label
    if typed is None or not typed.end or not typed.months or typed.months not in _LENGTHS:
        return label
    end = date.fromisoformat(typed.end)
    return f"the {_LENGTHS[typed.months]} months ended {end:%B} {end.day}, {end.year}"


def _length(document, table, index: int) -> int | None:
    typed = column_period(document, table, index)
    return typed.months if typed is not None else None


_GAIN_LABEL = re.compile(r"^\s*(?:net\s+)?(?:realized\s+|unrealized\s+)?gains?\b(?!.*\bloss)", re.IGNORECASE)


def _deducted_gain(document, table, label: str) -> bool:
    """Whether *label* names a gain (no loss) in a table on a page of the cash flow statement."""
    pages = {p for s in document.meta.profile.statements if s.kind == "cash_flows" for p in s.pages}
    return table.page in pages and bool(_GAIN_LABEL.match(label))


def _row_cases(cases: dict[str, list[Case]], table, row, rows: list, texts: list[str], document) -> None:
    quote = texts[row.line - 1]
    label = row_label(row)
    if sum(row_label(r) == label for r in rows) > 1 or (label == row.label and sum(r.label == label for r in rows) > 1):
        return  # two rows read 'Other' (under two sub-headings): a question naming the label cannot pick one
    pairs = [(i, v) for i, v in enumerate(row.values[: len(table.columns)]) if v is not None]
    for (i, a), (j, b) in zip(pairs, pairs[1:], strict=False):
        unit, currency = row_unit(table, row, i)
        period, other = _period_words(document, table, i), _period_words(document, table, j)
        same_year = [k for k, c in enumerate(table.columns) if c.year == table.columns[i].year]
        if _length(document, table, i) != _length(document, table, j):
            continue  # a quarter's column beside a year's: no two periods of one kind to compare
        if any(row.values[k] == b for k in same_year if k < len(row.values)) or unit not in _SHIFTED:
            continue  # b is also printed in a column of this period: not a wrong-year value
        if any(row.values[k] not in (None, a) for k in same_year if k != i and k < len(row.values)):
            continue  # another column of this period holds another value (a member's): the question cannot pick
        question = f"What was {label} in {period}?"
        item = lambda v, u=unit, c=None, lab=label, p=period, cur=currency: _item(  # noqa: E731
            v, u, p, row.line, quote, c, lab, cur
        )
        # a gain the cash flow statement deducts from net income ('Gain on sale of businesses (545)') is a gain of
        # 545 (ASC 230-10-45-28): that is the right answer, and the printed sign the flipped one
        gain = -1.0 if a < 0 and _deducted_gain(document, table, label) else 1.0
        cases["right"].append((question, item(gain * a), "amount"))
        cases["wrong year"].append((question, item(gain * b), "amount"))
        if a != 0:  # nil is nil at any scale, and has no sign
            cases["wrong scale"].append((question, item(gain * a, _SHIFTED[unit]), "amount"))
            named = concepts_in(label).concepts
            # an outflow's label, and an expense's printed in parentheses, may state the magnitude: no flip there
            magnitude = states_magnitude(named) or deducted(label)  # 'Less: current maturities (500)'
            if not is_outflow(named) and not (a < 0 and magnitude):
                cases["sign flipped"].append((question, item(-gain * a), "amount"))
            cases["money as percent"].append((question, item(a, "percent", lab=label), "amount"))
        span = {"doc": None, "line_start": row.line, "line_end": row.line, "quote": quote}
        operands = [
            {"label": "a", "name": label, "value": a, "period": period, "span": span},
            {"label": "b", "name": label, "value": b, "period": other, "span": span},
        ]
        later_first = _end(table.columns[i]) >= _end(table.columns[j])
        change = f"What was the change in {label} from {other} to {period}?"
        if not later_first:  # columns in ascending order: the change is still asked from the earlier period
            change = f"What was the change in {label} from {period} to {other}?"
        expression = "a - b" if later_first else "b - a"
        right = {"operands": operands, "expression": expression, "result": a - b if later_first else b - a}
        delta = right["result"]
        cases["right"].append((change, item(delta, c=right), "amount"))
        if a < 0 and b < 0 and a != b and later_first and _INCOME.search(label) and not _MAGNITUDE.search(label):
            named = concepts_in(label).concepts
            if not is_outflow(named) and not states_magnitude(named) and not deducted(label):
                rate = (a - b) / b * 100  # a loss that widened reads as a rise: the sign is the base's
                growth = f"By what percentage did {label} change from {other} to {period}?"
                inverted = {"operands": operands, "expression": "(a - b) / b * 100", "result": rate}
                wrong_rate = item(rate, "percent", c=inverted, cur=None)
                cases["growth over a negative base"].append((growth, wrong_rate, "amount"))
        off = {**right, "result": delta * 1.01}
        cases["arithmetic off by 1%"].append((change, item(delta * 1.01, c=off), "amount"))
        unused = {**right, "expression": "a / 1000 * 100", "result": a / 10}
        cases["unused operand"].append((change, item(a / 10, c=unused), "amount"))
        literal = {**right, "expression": f"a * 0 + b * 0 + {delta!r}", "result": delta}
        cases["literal in expression"].append((change, item(delta, c=literal), "amount"))
        wrong_number = a + (1 if abs(a) >= 10 else 0.5)
        cases["text number not quoted"].append(
            (question, _text_item(f"{label} was {wrong_number:g} in {period}", row.line, quote), "text")
        )
        for other_row in _other_rows(row, rows):
            cell = other_row.values[i] if i < len(other_row.values) else None
            if cell is not None and cell != a and abs(cell) != abs(a):
                other_quote = texts[other_row.line - 1]
                wrong = _item(cell, unit, period, other_row.line, other_quote, None, label, currency)
                cases["another row's cell"].append((question, wrong, "amount"))
                about = f"What is {row_label(other_row)}?"
                cases["irrelevant quote"].append((about, _text_item(f"{label}: {quote}", row.line, quote), "text"))
                break
    for index in range(len(row.cells)):
        if table.is_percent(row, index) and row.values[index]:
            value = row.values[index]
            period = table.columns[index].label if index < len(table.columns) else None
            wrong = _item(value, "millions", period, row.line, quote, None, label, "USD")
            cases["percent as money"].append((f"What was {label} in {period}?", wrong, "amount"))
    for marker in row.markers:
        wrong = _item(float(marker.strip("()")), row_unit(table, row, 0)[0], None, row.line, quote, None, label)
        cases["footnote marker"].append((f"What was {label}?", wrong, "amount"))


# a label of income, earnings or a margin, which a loss turns negative; and one that says its figure is an outflow,
# an expense or a loss (general English): printed in parentheses, its growth is of the magnitude
_INCOME = re.compile(r"\b(?:income|earnings|margins?|eps|per\s+share|profits?)\b", re.IGNORECASE)
_MAGNITUDE = re.compile(
    r"\b(?:used|loss(?:es)?|outflows?|deficits?|expenses?|costs?|charges?|purchases?|(?:re)?payments?|paid|"
    r"repurchases?)\b",
    re.IGNORECASE,
)


# right answers to questions written mechanically (from a fact's fields, a roll-forward's rows, a stated
# attribute): measured, no target
MEASURED_RIGHT = (
    "axis: right",
    "expected date: right",
    "same act: right",
    "largest row: right",
    "allegation: right",
    "roll-forward: right",
    "attribute: right",
    "polarity: right",
    "dividend event: right",
    "deduction: right",
    "segment row: right",
    "comparison: right",
    "opening: right",
    "direction: right",
    "restrictive clause: right",
    "age: right",
    "par value: right",
    "stage: right",
    "share class: right",
    "lead subject: right",
    "remaining: right",
    "initial term: right",
    "variant: right",
    "examples: right",
    "percent: right",
    "twin row: right",
    "effect: right",
    "average change: right",
    "restricted figure: right",
    "things named: right",
    "act said: right",
    "moved date: right",
    "offer: right",
    "sale date: right",
    "moved place: right",
    "state began: right",
    "years at: right",
    "own seat: right",
    "award kind: right",
    "agreement date: right",
    "turn: right",
    "act dated: right",
    "pooled: right",
    "degree: right",
    "party: right",
    "paid: right",
    "primarily: right",
    "current figure: right",
    "settled: right",
    "month: right",
    "all: right",
    "obligation: right",
    "own year: right",
    "noun year: right",
    "left out: right",
    "definition: right",
    "listed: right",
    "span end: right",
    "counted: right",
    "first figure: right",
    "bounded: right",
    "way: right",
    "defined row: right",
    "expiry in place: right",
    "rating: right",
    "held: right",
    "opened period: right",
    "place part: right",
    "numbered: right",
    "holders: right",
    "cause as: right",
    "speaker: right",
    "outcome: right",
    "category: right",
    "column basis: right",
    "segment part: right",
    "listed date: right",
    "breakdown part: right",
    "compared: right",
    "relative change: right",
    "part of a whole: right",
    "section segment: right",
)
# the money measures the domain table defines by formula (net debt, free cash flow, EBITDA)
_COMPOSITES = [r for r in domain_table().ratios if r.kind == "money"]
_AXES = ("period", "member", "basis", "per_share_class", "measure", "scenario")


def _fields(fact) -> dict:
    """The fields a mutation may change, as comparable values."""
    period = fact.period
    return {
        "period": (period.kind, period.end, period.months or period.weeks, period.fiscal_year) if period else None,
        "member": fact.member.name if fact.member else None,
        "basis": fact.basis,
        "per_share_class": fact.per_share_class,
        "measure": fact.measure,
        "scenario": fact.scenario,
    }


def _asked(fact) -> str:
    """A question that asks for exactly this fact, its fields in words (the defaults left unsaid)."""
    words = [fact.label]
    if fact.basis != "gaap":
        words.insert(0, "adjusted")
    if fact.per_share_class:
        words.insert(0, fact.per_share_class)
    if fact.measure == "pct_change":
        words.insert(0, "the percentage change in")
    elif fact.measure == "change":
        words.insert(0, "the change in")
    if fact.member is not None:
        words.append(f"of the {fact.member.name} {fact.member.axis}")
    period = fact.period
    if period is not None and period.end is not None:
        if period.kind == "instant":
            words.append(f"as of {period.end:%B} {period.end.day}, {period.end.year}")
        else:
            length = {3: "three", 6: "six", 9: "nine", 12: "twelve"}.get(period.months or 0)
            words.append(f"for the {length} months ended" if length else "for the period ended")
            words.append(f"{period.end:%B} {period.end.day}, {period.end.year}")
    elif period is not None and period.fiscal_year:
        words.append(f"in fiscal {period.fiscal_year}")
    if fact.scenario == "outlook":
        words.append("(outlook)")
    return "What was " + " ".join(words) + "?"


def axis_cases(document, page: int) -> dict[str, list[Case]]:
    """Mutations generated from the fact model's axes: for each typed table fact of the page, the answer from
    another fact of the same document and concept that differs from it in exactly one field (period, member,
    basis, per-share class, measure, scenario), each a class 'axis: FIELD'; and the fact itself, right."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    facts = [f for f in document.facts if f.provenance.table is not None and f.concept and f.period is not None]
    by_concept: dict[str, list] = {}
    for fact in facts:
        by_concept.setdefault(fact.concept, []).append(fact)
    unit_of = {1e3: "thousands", 1e6: "millions", 1e9: "billions"}
    for fact in (f for f in facts if f.provenance.page == page):
        unit = "per_share" if fact.kind == "per_share" else "percent" if fact.kind == "percent" else None
        unit = unit or unit_of.get(fact.scale)
        if unit is None or fact.value == 0:
            continue
        if re.search(r"\b(?:19|20)\d\d\b", fact.label):
            continue  # a label that names years ('refunds of $6, $2 and $4 in 2021, 2020 and 2019') asks them all
        question, mine = _asked(fact), _fields(fact)
        line = fact.provenance.global_line
        cases.setdefault("axis: right", []).append(
            (question, _item(fact.value, unit, None, line, texts[line - 1], None, fact.label, fact.currency), "amount")
        )
        for other in by_concept[fact.concept]:
            theirs = _fields(other)
            differing = [axis for axis in _AXES if theirs[axis] != mine[axis]]
            if len(differing) != 1 or same_value(other.value, 1.0, fact.value) or other.kind != fact.kind:
                continue  # a value that rounds the right one (diluted 10.10 stated as 10.1 for basic 10.13) is no error
            where = other.provenance.global_line
            item = _item(other.value, unit, None, where, texts[where - 1], None, fact.label, fact.currency)
            cases.setdefault(f"axis: {differing[0]}", []).append((question, item, "amount"))
    return cases


def _report(results_by_kind: dict[str, list[bool]], width: int) -> list[str]:
    """Print each kind's share (right answers accepted, wrong ones rejected); the targets it misses."""
    failures = []
    for kind, results in results_by_kind.items():
        held = sum(results)
        if kind == "right":
            print(f"  {kind:{width}}: accepted {held / len(results):.4f} ({held}/{len(results)})   target >= 0.98")
            if held / len(results) < 0.98:
                failures.append("right values accepted < 0.98")
        elif kind in MEASURED_RIGHT:  # a question written mechanically: measured, no target
            print(f"  {kind:{width}}: accepted {held / len(results):.4f} ({held}/{len(results)})")
        else:
            rejected = len(results) - held
            print(f"  {kind:{width}}: rejected {rejected / len(results):.4f} ({rejected}/{len(results)})   target 1.0")
            if held:
                failures.append(f"{kind}: {held} accepted")
    return failures


def _names_item(label: str) -> bool:
    """Whether a row label names a line item of the vocabulary itself."""
    return bool(concepts_in(qualifier_text(label)).concepts)


def _concept_label(cid: str) -> str:
    """The line item's label in lower case ('long-term debt')."""
    found = next((i for i in domain_table().line_items if i.id == cid), None)
    return found.label.lower() if found is not None else cid.replace("_", " ")


def structure_results(documents, show: bool) -> dict[str, list[bool]]:
    """Whether each roll-forward and measurement-attribute case over every page of the documents is supported."""
    results: dict[str, list[bool]] = {}
    completed: dict = {}  # the dated completed acts seen, per filing (scripts/verify_parts.py)
    for document in documents:
        for page in range(1, document.meta.n_pages + 1):
            generated = [
                *roll_forward_cases(document, page, _item).items(),
                *attribute_cases(document, page, _item).items(),
                *dividend_event_cases(document, page, _item).items(),
                *composite_part_cases(document, page, _item, _COMPOSITES).items(),
                *deduction_cases(document, page, _item).items(),
                *entity_cases(document, page, _item, _concept_label).items(),
                *segment_row_cases(document, page, _item, _concept_label, _names_item).items(),
                *and_other_cases(document, page, _item).items(),
                *split_item_cases(document, page, _item, _names_item).items(),
                *section_cases(document, page, _item, _concept_label).items(),
                *comparison_cases(document, page, _item, _concept_label).items(),
                *opening_balance_cases(document, page, _item, _concept_label).items(),
                *subset_plan_cases(document, page, _item).items(),
                *by_nature_cases(document, page, _item).items(),
                *restrictive_clause_cases(document, page).items(),
                *age_cases(document, page).items(),
                *par_value_cases(document, page).items(),
                *stage_cases(document, page).items(),
                *listed_class_cases(document, page).items(),
                *permission_cases(document, page).items(),
                *lead_subject_cases(document, page).items(),
                *balance_row_cases(document, page, _item).items(),
                *standing_cases(document, page).items(),
                *part_cases(document, page, _item).items(),
                *act_cases(document, page, completed).items(),
                *rank_cases(document, page, _names_item).items(),
                *figure_cases(document, page, _item).items(),
                *yes_no_cases(document, page).items(),
                *remaining_term_cases(document, page).items(),
                *unread_row_cases(document, page).items(),
                *scope_cases(document, page).items(),
                *round47_cases(document, page).items(),
                *round49_cases(document, page).items(),
                *round50_cases(document, page).items(),
                *round51_cases(document, page).items(),
                *round52_cases(document, page).items(),
                *round53_cases(document, page).items(),
                *round55_cases(document, page).items(),
                *round56_cases(document, page).items(),
                *round57_cases(document, page).items(),
                *round58_cases(document, page).items(),
                *round59_cases(document, page).items(),
                *round60_cases(document, page).items(),
                *round61_cases(document, page).items(),
                *round62_cases(document, page).items(),
                *round63_cases(document, page).items(),
                *round64_cases(document, page).items(),
                *round65_cases(document, page).items(),
                *round66_cases(document, page).items(),
                *round68_cases(document, page).items(),
            ]
            if not generated:
                continue
            context = page_context(document, page)[0]
            for kind, items in generated:
                for case in items:
                    supported, detail = _check(document, context, case)
                    results.setdefault(kind, []).append(supported)
                    if show and supported != (kind in MEASURED_RIGHT):
                        what = "REJECTED" if kind in MEASURED_RIGHT else "ACCEPTED"
                        print(f"STRUCTURE {what} ({kind}) {document.meta.doc_id} p{page}: {case[0]} — {detail}")
    return results


def row_label(row) -> str:
    """The row's own label as a reader names it: with its sub-heading when the label alone does not say what
    it is ('Earnings per share: Diluted') or the sub-heading narrows it ('Continuing operations: ...')."""
    group = (row.group or "").strip()
    # a cash flow's 'Changes in ...:' rows are changes; its net cash subtotal after them closes the section
    if _CHANGES.match(group) and not _CHANGES.match(row.label) and not _CASH_SUBTOTAL.match(row.label):
        return f"the change in {row.label}"
    short = group.endswith(":") and len(row.label.split()) <= 2
    narrows = bool(narrowing_terms(concepts_in(qualifier_text(group)), frozenset()))
    return f"{group} {row.label}" if short or narrows else row.label


_CHANGES = re.compile(r"^\s*\(?(?:net\s+)?(?:changes?|increases?|decreases?)\b", re.IGNORECASE)
_CASH_SUBTOTAL = re.compile(r"^\s*(?:net\s+)?cash\s+(?:\(?(?:provided|used)|from)", re.IGNORECASE)


def _other_rows(row, rows: list) -> list:
    """Rows of the same table about another concept and with other words (never a copy of this row's label)."""
    mine = concepts_in(row_label(row))
    words = set(tokenize(row_label(row)))
    return [
        r
        for r in rows
        if r.line != row.line
        and not same_concept(concepts_in(row_label(r)).concepts, mine.concepts)
        and not set(tokenize(row_label(r))) & words
    ]


def _check(document, context: Context, case: Case):
    question, item, kind = case
    model = {"text": TextAnswer, "boolean": BooleanAnswer, "date": DateAnswer, "list": ListAnswer}.get(
        kind, AmountAnswer
    )
    answer = _answer(model, kind if kind in ("text", "boolean", "date", "list") else "amount", [item])
    verification = verify_answer(answer, context, [document], question)
    return verification.overall == "supported", verification.items[0].detail if verification.items else ""


def main() -> int:
    parser = benchdata.parser(__doc__.splitlines()[0])
    parser.add_argument("--show-rejected", action="store_true")
    args = parser.parse_args()
    questions = benchdata.load_records(args.questions)
    pipeline = Pipeline(load_settings())
    docs = {
        d.meta.doc_id: d
        for d in pipeline.ingest(sorted({args.pdfs / f"{q['doc_name']}.pdf" for q in questions})).documents
    }
    accepted = total = wrong = mutated = coincidences = 0
    value_results: dict[str, list[bool]] = {}
    pages_done: set[tuple[str, int]] = set()
    for q in questions:
        for evidence in q["evidence"]:
            document = docs.get(evidence.get("evidence_doc_name") or q["doc_name"]) or docs[q["doc_name"]]
            context, first, last = page_context(document, int(evidence["evidence_page_num"]) + 1)
            page = int(evidence["evidence_page_num"]) + 1
            if (document.meta.doc_id, page) not in pages_done:
                pages_done.add((document.meta.doc_id, page))
                generated = [
                    *value_cases(document, page).items(),
                    *axis_cases(document, page).items(),
                    *polarity_cases(document, page, row_label).items(),
                ]
                for kind, items in generated:
                    for case in items:
                        supported, detail = _check(document, context, case)
                        value_results.setdefault(kind, []).append(supported)
                        right = kind in MEASURED_RIGHT or kind == "right"
                        if args.show_rejected and supported != right:
                            what = f"REJECTED ({kind})" if right else f"ACCEPTED ({kind})"
                            print(f"VALUE {what} {document.meta.doc_id} p{page}: {case[0]} — {detail}")
            quotes = [line.strip() for line in evidence["evidence_text"].splitlines() if len(squash(line)) >= 4]
            results = verdicts(quotes, document, context, first, last) if quotes else []
            total += len(quotes)
            accepted += results.count("verified")
            if args.show_rejected:
                for quote, verdict in zip(quotes, results, strict=True):
                    if verdict != "verified":
                        print(
                            f"REJECTED {q['financebench_id']} p{int(evidence['evidence_page_num']) + 1} "
                            f"{verdict}: {quote[:100]!r}"
                        )
            page_text = (
                " "
                + " ".join(" ".join(line.text.split()) for s in context.sources for line in s.lines).casefold()
                + " "
            )
            altered = [
                m
                for quote in quotes
                for m in (mutate_number(quote), flip_negation(quote))
                if m and squash(m) != squash(quote)
            ]
            # A mutation printed elsewhere on the page (a bare '(35)' in a table) is not a fabrication.
            coincidences += sum(1 for m in altered if _occurs(m, page_text))
            altered = [m for m in altered if not _occurs(m, page_text)]
            mutated += len(altered)
            altered_verdicts = verdicts(altered, document, context, first, last) if altered else []
            wrong += altered_verdicts.count("verified")
            if args.show_rejected:
                for quote, verdict in zip(altered, altered_verdicts, strict=True):
                    if verdict == "verified":
                        print(f"WRONGLY ACCEPTED {q['financebench_id']}: {quote[:100]!r}")
    structures = structure_results(docs.values(), args.show_rejected)
    print(f"gold evidence quotes        : {total}")
    print(f"accepted                    : {accepted / total:.4f}  ({accepted}/{total})   target >= 0.98")
    print(
        f"altered quotes (number/neg) : {mutated}  (+{coincidences} that happen to be printed on the page, not counted)"
    )
    print(f"wrongly accepted            : {wrong / max(mutated, 1):.4f}  ({wrong}/{mutated})   target 0")
    failures = []
    if accepted / max(total, 1) < 0.98:
        failures.append("gold quotes accepted < 0.98")
    if wrong:
        failures.append("altered quotes accepted")
    pages = len({p for p in pages_done})
    print(f"answers built from the aligned table rows of {pages} gold evidence pages ('supported' or not):")
    failures += _report(value_results, 26)
    print("answers built from every roll-forward table, every stated fair value, carrying, notional or principal")
    print("amount, every dividends declared or paid row and every term of a measure defined by formula (net debt,")
    print("free cash flow, EBITDA), every total before its 'Less' rows and every other entity's fact of the dev")
    print("filings (scripts/verify_structures.py):")
    failures += _report(structures, 34)
    print("targets: " + ("PASS" if not failures else "FAIL: " + "; ".join(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
