"""The other rows of a cited row's table, and the other cells of its row, read against it: a row that names more
of the question, a row of the same item split by where it is recorded, the words a row adds before the question's
('Funded backlog'), a row printed twice, cells of a row that nothing read tells apart."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from ..concepts import (
    HOLDING_WORDS,
    NEUTRAL,
    concept,
    concepts_in,
    item_changers,
    other_parts,
    qualifier_text,
    same_concept,
)
from ..textnorm import tokenize

if TYPE_CHECKING:
    from ..ingest.documents import Document
    from ..ingest.facts import Fact
    from ..ingest.tables import Table, TableRow

TOTAL = re.compile(r"\b(?:total|overall|aggregate|combined|entire)\b", re.IGNORECASE)
AND_OTHER = re.compile(r"\band\s+other\b", re.IGNORECASE)  # 'Restructuring and other related activities, net'
OTHER = re.compile(r"\bother\b", re.IGNORECASE)
_DEFERRED_TAX_HEADING = re.compile(
    r"^\s*(?:gross\s+)?deferred\s+(?:[a-z]+\s+)?tax\s+(?:asset|liabilit)\w*\s*:?\s*$", re.IGNORECASE
)
_SUB_HEADING = re.compile(r":\s*(?:\(\w+\)\s*)*$")  # 'Connections ('000):(1)': a heading over the rows below
DASHED = re.compile(r"^(?P<item>[^-–—]+?)\s+[-–—]\s+\w")  # 'Restructuring charges - cost of goods sold'


def content_terms(terms: tuple[str, ...] | list[str]) -> set[str]:
    """The terms that say what a label is about: neutral words aside, unless it has nothing else
    ('Other expense, net')."""
    words = {t for t in terms if not t[:1].isdigit()}
    return {t for t in words if t not in NEUTRAL} or words


def modifiers_before(text: str, shared: set[str], asked: frozenset[str]) -> str:
    """The words the question lacks placed right before a word it shares, outside parentheses: 'Funded' of
    'Funded backlog was' for the total backlog ('Stores open at end of year' has none)."""
    words = [w for w in re.findall(r"[\w-]+", re.sub(r"\([^)]*\)", " ", text)) if tokenize(w)]
    terms = [tokenize(w)[-1] for w in words]
    found = [
        words[i]
        for i in range(len(words) - 1)
        if terms[i + 1] in shared and terms[i] not in asked and terms[i] not in NEUTRAL and not terms[i][:1].isdigit()
    ]
    return " ".join(found)


def part_sibling(siblings: tuple[str, ...], own: set[str]) -> str | None:
    """Another row of the cited row's table that names all the cited row says, then where ('Restructuring charges -
    cost of goods sold' beside 'Restructuring charges'): the item is split over rows."""
    for label in siblings:
        where = DASHED.match(label)
        if where and content_terms(tuple(tokenize(qualifier_text(where["item"])))) == own and not TOTAL.search(label):
            return label
    return None


def closer_sibling(siblings: tuple[str, ...], shared: set[str], asked: frozenset[str], heading: str = "") -> str | None:
    """Another row of the cited row's table that names every question word the cited row names and more
    ('Net write-off rate — principal, interest and fees' beside 'Net write-off rate — principal only' for a
    question 'including interest and fees'): a reader takes that row. A sub-heading over the cited row says its
    words too ('Wireless retail postpaid' under 'Connections ('000):' is connections)."""
    if _SUB_HEADING.search(heading):
        shared = shared | (content_terms(tuple(tokenize(qualifier_text(heading)))) & asked)
    for label in siblings:
        theirs = content_terms(tuple(tokenize(qualifier_text(label)))) & asked
        if theirs > shared:
            return label
    return None


def part_asked(siblings: tuple[str, ...], label: str, asked: frozenset[str]) -> str | None:
    """Another row of a cited total's table that names a word the question asks and the total does not
    ('Residential' beside 'Total water services', asked for residential water services revenues): the part asked.
    A word the total's own label says is no part's ('Other, net' beside 'Total revenues net of interest expense')."""
    if not re.match(r"\s*total\b", label, re.IGNORECASE):
        return None
    own = content_terms(tuple(tokenize(qualifier_text(label)))) | set(tokenize(label))  # 'net' of 'net of' too
    for sibling in siblings:
        theirs = content_terms(tuple(tokenize(qualifier_text(sibling))))
        if re.match(r"\s*total\b", sibling, re.IGNORECASE) or concepts_in(qualifier_text(sibling)).concepts:
            continue  # another total, or a line item's row ('Consolidated net sales'), is no part
        if theirs and theirs <= asked and theirs - own:
            return sibling
    return None


def plainer_sibling(siblings: tuple[str, ...], shared: set[str], own: set[str], asked: frozenset[str]) -> str | None:
    """Another row of the cited row's table that names every question word the cited row names and fewer words the
    question does not ('Net write-off rate — principal only' beside 'Net write-off rate — principal, interest and
    fees', for a question 'on a principal-only basis'): a reader takes that row."""
    extra = own - asked
    if not extra:
        return None
    for label in siblings:
        terms = content_terms(tuple(tokenize(qualifier_text(label))))
        if terms & asked >= shared and terms - asked < extra:
            return label
    return None


def worded_sibling(
    siblings: tuple[str, ...], label: str, concepts: frozenset[str], asked: frozenset[str]
) -> str | None:
    """Another row of the cited row's table, of the same line item, whose words the question all says while the
    cited row's it does not ('Short-term debt' beside 'Current portion of long-term debt', both current debt, for
    'What was short-term debt'): a reader takes the row named as asked."""
    if content_terms(tuple(tokenize(qualifier_text(label)))) <= asked:
        return None
    for other in siblings:
        terms = content_terms(tuple(tokenize(qualifier_text(other))))
        if terms and terms <= asked and same_concept(concepts_in(qualifier_text(other)).concepts, concepts):
            return other
    return None


# a row of an act done to an item in the period ('Sales of short-term investments', 'Proceeds from issuance of
# long-term debt', 'Repayments of borrowings'): a flow of the item (a line of the statement of cash flows or a
# roll-forward), neither its balance nor, for 'Sales of', revenue
_ACT_OF = re.compile(
    r"^\s*(?P<act>sales?|purchases?|maturities|maturity|proceeds|payments?|repayments?|issuances?|redemptions?|"
    r"retirements?|disposals?|dispositions?|acquisitions?|additions?|borrowings?|settlements?)\s+"
    r"(?:of|from|to|for|on)\s+(?:the\s+)?(?P<item>.+)$",
    re.IGNORECASE,
)


# a balance is asked at a date ('at May 31, 2021', 'as of year end'); 'How much ... matured in fiscal 2021': a flow
_AT_A_DATE = re.compile(
    r"\b(?:at|as\s+of|on)\s+(?:the\s+end\s+of\s+|(?:fiscal\s+)?year[- ]end\b|[A-Z][a-z]+\s+\d)", re.I
)
# a taxonomy element of a flow ('PaymentsOfDividends'): 'Payments of dividends' is the item itself
_FLOW_ELEMENT = re.compile(r"Payments|Proceeds|Repayments|IncreaseDecrease|NetCash")


def _act_on_item(
    label: str, concepts: frozenset[str], asked: frozenset[str], asked_words: set[str], wording: str
) -> str:
    """Why a row of an act done to an item (see ``_ACT_OF``) is not the item asked, or '' when it may be: the
    question names the act ('purchases of short-term investments'), asks no balance at a date ('How much ...
    matured in fiscal 2021'), or the act's object is no item asked and the act is not what made the row look like
    it ('Additions to property, plant and equipment' is capital expenditures: the whole label names it)."""
    act = _ACT_OF.match(label)
    if act is None or set(tokenize(act.group("act"))) & asked_words or not same_concept(concepts, asked):
        return ""
    item, what = concepts_in(act.group("item")).concepts, act.group("item").strip()
    balances = frozenset(a for a in asked if not _FLOW_ELEMENT.match(getattr(concept(a), "element", "")))
    if same_concept(item, balances) and _AT_A_DATE.search(wording):  # 'short-term investments at May 31, 2021
        return f"the row is the {act.group('act').lower()} of {what} in the period, not their balance"
    if item and same_concept(concepts_in(act.group("act")).concepts, asked):  # ... for revenue
        return f"its '{act.group('act')}' is of {what}, not the line item asked"
    return ""


_ASKS_OTHER = re.compile(r"\bother\b(?!\s+than\b)", re.IGNORECASE)  # 'other current liabilities', not 'other than'
_OTHER_ROW = re.compile(r"\s*(?:total\s+)?other\b", re.IGNORECASE)  # 'Total other long-term liabilities'


def another_item(
    label: str, concepts: frozenset[str], asked: frozenset[str], own: frozenset[str], wording: str, group: str = ""
) -> tuple[Literal["mismatch", "unknown"], str] | None:
    """(verdict, why) when a row names the line item asked and is another: the other items only ('Total other
    assets', 'Other long-term liabilities', unless the question says 'other': unknown), or an item its extra words
    change ('Total debt investments' are holdings, an asset; 'Income taxes payable' a liability: mismatch)."""
    if not OTHER.search(wording) and (same_concept(other_parts(label), asked) or _OTHER_ROW.match(label)):
        return "unknown", "the other items only, not shown on rows of their own"
    # 'other current liabilities': not the total ('Other income (expense): Interest expense' asks the heading's row)
    if _ASKS_OTHER.search(wording.rsplit(":", 1)[-1]) and not OTHER.search(label):
        return "unknown", "the question asks the other items; the row does not say it is them"
    head, _, included = label.partition(" including ")  # 'Short-term borrowings, including current portion ...'
    asked_words = set(tokenize(wording))
    if included and content_terms(tuple(tokenize(included))) <= asked_words < asked_words | set(tokenize(head)):
        return "unknown", f"the row is '{head.strip(' ,')}', which includes what was asked"
    if acted := _act_on_item(label, concepts, asked, asked_words, wording):
        return "mismatch", acted
    holding = HOLDING_WORDS if own & HOLDING_WORDS else frozenset()  # 'debt securities holdings': either word
    changed = item_changers(label) - own - holding - item_changers(wording)  # 'carry-forwards' asked: no change
    if changed and same_concept(concepts, asked):
        words = ", ".join(w for w in re.findall(r"[\w'-]+", label) if set(tokenize(w.replace("-", ""))) & changed)
        return "mismatch", f"its '{words}' makes it another line item than the one asked"
    if (same_concept(concepts, asked) or not concepts) and (whole := part_of_another(group, concepts, own)):
        return "mismatch", f"it is a part of '{whole}', not the line item asked"
    return None


def part_of_another(group: str, concepts: frozenset[str], own: frozenset[str] = frozenset()) -> str:
    """The sub-heading (ending in ':') a row is a part of when its words change the item the row names
    ('Depreciation and amortization' under 'Deferred income tax liabilities:', 'Stock-based compensation' under
    'Deferred tax assets:': deferred tax balances, no expense); '' otherwise, or when the question says those words."""
    # a sub-heading, not a label wrapped over the line above: one ending in ':', or a deferred tax heading (ASC 740's
    # components, 'Deferred Income Tax Liabilities' over 'Depreciation (2,674)'), which no row label wraps into
    if not group.rstrip().endswith(":") and not _DEFERRED_TAX_HEADING.match(group):
        return ""
    changed = item_changers(group) - own
    held = concepts_in(group).concepts
    return group.strip().rstrip(":") if changed and not (held and same_concept(held, concepts)) else ""


def twin_of(other: TableRow, row: TableRow, document: Document, index: int) -> bool:
    """Whether *other* prints *row*'s label under another sub-heading, with other figures of the same kind (not the
    same row printed again, nor its percentage row, 'Table games win $ 375' beside 'Table games win 23.9%', nor a
    per-share row a title line types, 'Net income attributable to Contoso $ 5.06' under 'Basic Earnings Per ...')."""
    if other.line == row.line or other.label != row.label or (other.group or "") == (row.group or ""):
        return False
    mine, its = document.fact_at(row.line, index), document.fact_at(other.line, index)
    kinds = (mine.kind, its.kind) if mine is not None and its is not None else (row.kind, other.kind)
    return kinds[0] == kinds[1] and other.kind == row.kind and other.values != row.values


# a sub-heading that names the whole ('Consolidated', 'Total'): the member a question asks when it names none
_WHOLE = frozenset(tokenize("consolidated total combined company"))


def twins_of(table: Table, row: TableRow, document: Document, index: int) -> tuple[str, ...]:
    """The row's own sub-heading, then those of the rows that print its label as twins (``twin_of``); () for none."""
    others = tuple(r.group or "" for r in table.rows if twin_of(r, row, document, index))
    return (row.group or "", *others) if others else ()


def twin_row(label: str, twins: tuple[str, ...], asked: frozenset[str]) -> str | None:
    """The label when another row of the table prints it too (*twins*: its sub-heading, then theirs; 'Distributions from
    unconsolidated affiliates' under operating and again under investing activities) and the question names no word
    of the row's own sub-heading that the others' lack; else None."""
    if not twins or not asked:  # an operand is held by its item's question, not by a name of its own
        return None
    group, *others = twins
    if not group.strip():  # the row under no sub-heading beside rows under narrowing ones: the whole, the default
        return None
    telling = set(tokenize(group)) - {t for other in others for t in tokenize(other)}
    # 'Revenue:' beside 'Cost of revenue:': a sub-heading the others' words hold is the plainer row, the default; the
    # row's own words tell nothing ('Common stock repurchased' under 'Common stock and paid-in capital' and again
    # under 'Retained earnings': 'common stock' asked names the row, not its sub-heading)
    return None if not telling or telling & ((asked - set(tokenize(label))) | _WHOLE) else label


def told_apart_by_nothing(document: Document, table: Table, row: TableRow, index: int, fact: Fact) -> bool:
    """Whether the row has more cells than its table's headings account for and another of them holds another
    figure with the same period, member, measure, basis, kind, currency and scale: the columns differ by what was
    not read ('Best Buy Stores', 'Best Buy Mobile Stores' under one year a sentence names), so which one the cell
    is cannot be told."""
    if fact.period is None or len(row.cells) <= len(table.columns) + len(table.extra_columns):
        return False  # no period placed (the verifier's own reading decides), or every cell has its heading
    fields = (fact.period, fact.member, fact.measure, fact.basis, fact.kind, fact.currency, fact.scale)
    for other in range(len(row.cells)):
        sibling = document.fact_at(row.line, other) if other != index else None
        if sibling is not None and sibling.value != fact.value:
            its = (sibling.period, sibling.member, sibling.measure, sibling.basis, sibling.kind, sibling.currency)
            if (*its, sibling.scale) == fields:
                return True
    return False


def column_basis(document: Document, row: TableRow, index: int, fact: Fact) -> bool:
    """Whether ingest read the cell as not GAAP ('% CHANGE EXCLUDING CURRENCY CHANGES') while another cell of the
    row with its period and measure is GAAP ('% CHANGE'): the basis then comes from the cell's own column heading,
    not from a page title or caption that would name every cell's."""
    if fact.basis == "gaap":
        return False
    for other in range(len(row.cells)):
        sibling = document.fact_at(row.line, other) if other != index else None
        if sibling is not None and sibling.basis == "gaap":
            if (sibling.period, sibling.measure, sibling.kind) == (fact.period, fact.measure, fact.kind):
                return True
    return False
