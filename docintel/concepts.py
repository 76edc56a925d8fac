"""The concept vocabulary: financial-statement line items, their usual wordings, and standard ratios.

Source. Each line item is an element of the US GAAP Financial Reporting Taxonomy (FASB; the element
name is given beside it, e.g. ``PaymentsToAcquirePropertyPlantAndEquipment``) and its wordings are
that element's standard label and the captions financial statements commonly print for it (the
statement captions of an introductory financial accounting text: "cost of sales" for cost of
goods sold, "net earnings" for net income, "purchases of property and equipment" for capital
expenditures). The ratios are the standard definitions of a corporate-finance textbook's ratio
list (margins, liquidity, leverage, coverage, returns, turnover, days, payout, capex intensity,
free cash flow). Nothing here was written from a benchmark's questions.

A text's concepts are found by matching wordings as ordered runs of search terms
(``textnorm.tokenize``: stop words dropped, words stemmed) with at most one other term between two
of a wording's terms; a match inside a longer match ("revenue" inside "cost of revenue") does not
count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .textnorm import tokenize

Kind = str  # "money", "percent", "per_share", "count", "ratio", "days"


@dataclass(frozen=True)
class Concept:
    """One line item (or ratio) and the wordings that name it."""

    id: str
    label: str
    element: str  # the US GAAP taxonomy element (or 'ratio' for a ratio), the source of the label
    kind: Kind
    wordings: tuple[str, ...]
    outflow: bool = False  # printed in parentheses on the cash flow statement; its label names the magnitude


@dataclass(frozen=True)
class Formula:
    """One accepted way to compute a ratio: concepts above the line, below it, and the constants it needs."""

    numerator: tuple[str, ...]
    denominator: tuple[str, ...] = ()
    constants: frozenset[float] = frozenset()
    averaged: bool = False  # set for a stated definition that says 'average'


@dataclass(frozen=True)
class Ratio:
    """A standard ratio (or a defined measure) and the formulas that define it."""

    id: str
    label: str
    kind: Kind
    wordings: tuple[str, ...]
    formulas: tuple[Formula, ...]
    averaged: bool = False  # a balance-sheet denominator may be the average of two year-ends


# id | label | kind [| outflow], then "@ element" (the US GAAP taxonomy element), then the wordings after the label.
_LINE_ITEMS = """
revenue | Revenue | money
    @ Revenues
    revenues; net revenue; net revenues; total revenue; total revenues; net sales; total net sales; sales;
    operating revenues; turnover; top line
cost_of_revenue | Cost of revenue | money
    @ CostOfRevenue
    cost of revenues; cost of sales; cost of goods sold; costs of goods sold; cost of products sold; cogs; cost of
    merchandise sold
gross_profit | Gross profit | money
    @ GrossProfit
    gross margin
operating_expenses | Operating expenses | money
    @ OperatingExpenses
    total operating expenses; costs and expenses; total costs and expenses
sga | Selling, general and administrative expense | money
    @ SellingGeneralAndAdministrativeExpense
    selling general and administrative; sg&a; selling general administrative expenses
selling_marketing | Selling and marketing expense | money
    @ SellingAndMarketingExpense
    sales and marketing; selling and marketing; marketing and sales
research_development | Research and development expense | money
    @ ResearchAndDevelopmentExpense
    research and development; r&d
depreciation_amortization | Depreciation and amortization | money
    @ DepreciationDepletionAndAmortization
    depreciation depletion and amortization; d&a; depreciation; depreciation and amortisation
operating_income | Operating income | money
    @ OperatingIncomeLoss
    income from operations; operating profit; operating earnings; earnings from operations; operating loss;
    operating income loss; ebit
interest_expense | Interest expense | money
    @ InterestExpense
    interest expense net
pretax_income | Income before income taxes | money
    @ IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest
    earnings before income taxes; income before taxes; pretax income; pre-tax income; income before provision for
    income taxes; earnings before provision for income taxes; profit before tax; income before income tax
income_tax | Income tax expense | money
    @ IncomeTaxExpenseBenefit
    provision for income taxes; income taxes; income tax provision; provision for taxes; income tax
net_income | Net income | money
    @ NetIncomeLoss
    net earnings; net profit; net loss; net income loss; profit for the year; net income attributable
eps | Earnings per share | per_share
    @ EarningsPerShareBasicAndDiluted
    eps; net income per share; earnings per common share; net earnings per share
eps_basic | Basic earnings per share | per_share
    @ EarningsPerShareBasic
    basic eps; basic net income per share; earnings per share basic; basic earnings per common share
eps_diluted | Diluted earnings per share | per_share
    @ EarningsPerShareDiluted
    diluted eps; diluted net income per share; earnings per share diluted; diluted earnings per common share
ebitda | EBITDA | money
    @ ratio
    earnings before interest taxes depreciation and amortization
dividends_per_share | Dividends declared per share | per_share
    @ CommonStockDividendsPerShareDeclared
    dividends per share; cash dividends declared per common share; dividends per common share
weighted_shares | Weighted average shares outstanding | count
    @ WeightedAverageNumberOfDilutedSharesOutstanding
    weighted average shares; weighted average common shares; shares outstanding
cash | Cash and cash equivalents | money
    @ CashAndCashEquivalentsAtCarryingValue
    cash and equivalents; cash and cash equivalents at end of period
short_term_investments | Short-term investments | money
    @ ShortTermInvestments
    marketable securities; short term investments
accounts_receivable | Accounts receivable | money
    @ AccountsReceivableNetCurrent
    receivables; trade receivables; trade accounts receivable; accounts receivable net
inventory | Inventories | money
    @ InventoryNet
    inventory; merchandise inventories
current_assets | Total current assets | money
    @ AssetsCurrent
    current assets
ppe | Property, plant and equipment, net | money
    @ PropertyPlantAndEquipmentNet
    property plant and equipment; property and equipment; pp&e; ppne; fixed assets; property and equipment net
goodwill | Goodwill | money
    @ Goodwill
total_assets | Total assets | money
    @ Assets
accounts_payable | Accounts payable | money
    @ AccountsPayableCurrent
    trade payables; trade accounts payable
current_liabilities | Total current liabilities | money
    @ LiabilitiesCurrent
    current liabilities
long_term_debt | Long-term debt | money
    @ LongTermDebtNoncurrent
    long term debt; long-term borrowings; long-term debt net of current portion
current_debt | Short-term debt | money
    @ DebtCurrent
    short-term borrowings; current portion of long-term debt; current maturities of long-term debt; notes payable;
    commercial paper; short term debt
total_debt | Total debt | money
    @ DebtInstrumentCarryingAmount
    debt; total borrowings
total_liabilities | Total liabilities | money
    @ Liabilities
equity | Total stockholders' equity | money
    @ StockholdersEquity
    stockholders equity; shareholders equity; shareowners equity; total equity; total shareholders equity
retained_earnings | Retained earnings | money
    @ RetainedEarningsAccumulatedDeficit
    accumulated deficit
operating_cash_flow | Net cash provided by operating activities | money
    @ NetCashProvidedByUsedInOperatingActivities
    cash provided by operating activities; cash provided by operations; cash from operations; operating cash flow;
    cash flow from operations; net cash from operating activities; cash flows from operating activities; net cash
    provided by used in operating activities
investing_cash_flow | Net cash used in investing activities | money
    @ NetCashProvidedByUsedInInvestingActivities
    cash used in investing activities; net cash provided by used in investing activities; cash flows from
    investing activities
financing_cash_flow | Net cash used in financing activities | money
    @ NetCashProvidedByUsedInFinancingActivities
    cash used in financing activities; net cash provided by used in financing activities; cash flows from
    financing activities
capex | Capital expenditures | money | outflow
    @ PaymentsToAcquirePropertyPlantAndEquipment
    capital expenditure; capex; purchases of property plant and equipment; purchases of property and equipment;
    additions to property plant and equipment; additions to property and equipment; payments for property plant
    and equipment; payments for property and equipment; capital spending; expenditures for property plant and
    equipment; acquisition of property plant and equipment
dividends_paid | Dividends paid | money | outflow
    @ PaymentsOfDividends
    cash dividends paid; payments of dividends; dividends paid to shareholders
share_repurchases | Repurchases of common stock | money | outflow
    @ PaymentsForRepurchaseOfCommonStock
    purchases of treasury stock; share repurchases; repurchase of common stock; purchases of common stock; stock
    repurchases
acquisitions | Acquisitions, net of cash acquired | money | outflow
    @ PaymentsToAcquireBusinessesNetOfCashAcquired
    acquisition of businesses; payments for acquisitions; business acquisitions
free_cash_flow | Free cash flow | money
    @ ratio
    fcf
change_in_inventories | Change in inventories | money
    @ IncreaseDecreaseInInventories
    changes in inventories; increase in inventories; decrease in inventories
"""

_DAYS = frozenset({365.0, 360.0, 366.0})
# id | label | kind [| averaged], then "= numerator concepts / denominator concepts [* days]" per accepted formula,
# then the wordings.
_RATIOS = """
gross_margin | Gross margin | percent
    = gross_profit / revenue
    = revenue, cost_of_revenue / revenue
    gross margin; gross profit margin; gross margin percentage
operating_margin | Operating margin | percent
    = operating_income / revenue
    operating margin; operating profit margin; operating income margin; ebit margin
net_margin | Net margin | percent
    = net_income / revenue
    net margin; net profit margin; net income margin; profit margin
ebitda_margin | EBITDA margin | percent
    = ebitda / revenue
    = operating_income, depreciation_amortization / revenue
    ebitda margin
effective_tax_rate | Effective tax rate | percent
    = income_tax / pretax_income
    effective tax rate; effective income tax rate
current_ratio | Current ratio | ratio
    = current_assets / current_liabilities
    current ratio; working capital ratio
quick_ratio | Quick ratio | ratio
    = cash, short_term_investments, accounts_receivable / current_liabilities
    = cash, accounts_receivable / current_liabilities
    = current_assets, inventory / current_liabilities
    quick ratio; acid test ratio; acid-test ratio
cash_ratio | Cash ratio | ratio
    = cash / current_liabilities
    = cash, short_term_investments / current_liabilities
    cash ratio
debt_to_equity | Debt to equity | ratio
    = total_debt / equity
    = long_term_debt / equity
    = long_term_debt, current_debt / equity
    = total_liabilities / equity
    debt to equity; debt-to-equity; debt/equity; debt to equity ratio
interest_coverage | Interest coverage | ratio
    = operating_income / interest_expense
    = ebitda / interest_expense
    interest coverage; times interest earned; interest coverage ratio
return_on_assets | Return on assets | percent | averaged
    = net_income / total_assets
    return on assets; roa
return_on_equity | Return on equity | percent | averaged
    = net_income / equity
    return on equity; roe
asset_turnover | Asset turnover | ratio | averaged
    = revenue / total_assets
    asset turnover; total asset turnover
fixed_asset_turnover | Fixed asset turnover | ratio | averaged
    = revenue / ppe
    fixed asset turnover
inventory_turnover | Inventory turnover | ratio | averaged
    = cost_of_revenue / inventory
    inventory turnover
days_sales_outstanding | Days sales outstanding | days | averaged
    = accounts_receivable / revenue * days
    days sales outstanding; dso
days_inventory | Days inventory outstanding | days | averaged
    = inventory / cost_of_revenue * days
    days inventory outstanding; days inventory; days in inventory; dio
days_payables | Days payables outstanding | days | averaged
    = accounts_payable / cost_of_revenue * days
    days payables outstanding; days payable; days payables; dpo
payout_ratio | Dividend payout ratio | percent
    = dividends_paid / net_income
    = dividends_per_share / eps
    payout ratio; dividend payout ratio
capex_to_revenue | Capital expenditures to revenue | percent
    = capex / revenue
    capex to revenue; capital expenditures to revenue; capex as a percentage of revenue; capital intensity
free_cash_flow_measure | Free cash flow | money
    = operating_cash_flow, capex
    free cash flow; fcf
"""


def _entries(table: str) -> list[tuple[list[str], list[str], str]]:
    """(head fields, '@'/'=' lines, wordings text) of each entry of a table above."""
    entries: list[tuple[list[str], list[str], str]] = []
    for line in table.strip("\n").splitlines():
        if not line.startswith(" "):
            entries.append(([f.strip() for f in line.split("|")], [], ""))
        elif line.strip()[:1] in "@=":
            entries[-1][1].append(line.strip())
        else:
            head, marks, words = entries[-1]
            entries[-1] = (head, marks, f"{words} {line.strip()}")
    return entries


def _wordings(label: str, text: str) -> tuple[str, ...]:
    return (label.lower(), *(w.strip() for w in text.split(";") if w.strip()))


LINE_ITEMS: tuple[Concept, ...] = tuple(
    Concept(head[0], head[1], marks[0][1:].strip(), head[2], _wordings(head[1], words), "outflow" in head[3:])
    for head, marks, words in _entries(_LINE_ITEMS)
)


def _names(part: str) -> tuple[str, ...]:
    return tuple(n.strip() for n in part.split(",") if n.strip())


def _formula(mark: str) -> Formula:
    body = mark[1:].replace("* days", "")
    top, _, bottom = body.partition("/")
    return Formula(_names(top), _names(bottom), _DAYS if "* days" in mark else frozenset())


RATIOS: tuple[Ratio, ...] = tuple(
    Ratio(head[0], head[1], head[2], _wordings(head[1], words), tuple(map(_formula, marks)), "averaged" in head[3:])
    for head, marks, words in _entries(_RATIOS)
)

# Words that narrow a line item to a part of it: a row that carries one answers only a question that asks it.
QUALIFIERS = frozenset(
    tokenize(
        "segment segments adjusted nongaap continuing discontinued noncontrolling minority "
        "domestic international foreign americas europe asia pacific emea region regional product products "
        "services service subscription licensing hardware software wholesale retail organic comparable "
        "quarter quarterly pro forma excluding ex"
    )
)
# Words a row label may carry beyond a wording without narrowing it.
NEUTRAL = frozenset(
    tokenize(
        "total totals consolidated net loss losses gain gains attributable to common stockholders shareholders "
        "shareowners company corporation inc reported gaap amount amounts year years ended fiscal period "
        "including less plus after before other income expense expenses provided used operating activities"
    )
)

_UNIFIED = {"eps_basic": "eps", "eps_diluted": "eps"}  # a basic or diluted figure is an earnings per share


def _families(concept: str) -> frozenset[str]:
    return frozenset({concept, _UNIFIED.get(concept, concept)})


@lru_cache(maxsize=1)
def _wording_index() -> tuple[tuple[str, tuple[str, ...]], ...]:
    entries = [(c.id, tuple(tokenize(w))) for c in LINE_ITEMS for w in c.wordings]
    entries += [(r.id, tuple(tokenize(w))) for r in RATIOS for w in r.wordings]
    return tuple((cid, toks) for cid, toks in entries if toks)


@lru_cache(maxsize=1)
def _wordings_by_first_term() -> dict[str, tuple[int, ...]]:
    """The positions in ``_wording_index`` of the wordings that start with each term."""
    by_first: dict[str, list[int]] = {}
    for n, (_, wording) in enumerate(_wording_index()):
        by_first.setdefault(wording[0], []).append(n)
    return {term: tuple(ns) for term, ns in by_first.items()}


def _wording_hits(tokens: list[str]) -> list[tuple[str, frozenset[int]]]:
    """(concept id, positions) of every wording found in *tokens*, in ``_wording_index`` order; only the
    wordings whose terms are all among *tokens* are tried (a row label is matched against hundreds)."""
    index, by_first = _wording_index(), _wordings_by_first_term()
    present = set(tokens)
    hits = []
    for n in sorted({n for term in present for n in by_first.get(term, ())}):
        cid, wording = index[n]
        if all(term in present for term in wording) and (pos := _match_positions(wording, tokens)) is not None:
            hits.append((cid, pos))
    return hits


def _match_positions(wording: tuple[str, ...], tokens: list[str]) -> frozenset[int] | None:
    """Positions of *wording* as an ordered run in *tokens*, at most one other token between its terms."""
    for start in (i for i, t in enumerate(tokens) if t == wording[0]):
        found, at = [start], start
        for term in wording[1:]:
            nxt = next((j for j in range(at + 1, min(at + 3, len(tokens))) if tokens[j] == term), None)
            if nxt is None:
                break
            found.append(nxt)
            at = nxt
        else:
            return frozenset(found)
    return None


@dataclass(frozen=True)
class ConceptMatch:
    """The concepts a text names, and which of its search terms no wording explains."""

    concepts: frozenset[str]
    leftover: tuple[str, ...]


_PARENTHESES = re.compile(r"\([^)]*\)")


@lru_cache(maxsize=20_000)  # row labels repeat across a filing's tables and its questions; a ConceptMatch is frozen
def concepts_in(text: str, *, asides: bool = False) -> ConceptMatch:
    """The line items and ratios *text* names (longest matches only) and its terms outside them.

    Parenthesised asides are dropped first ('(loss)', '(PP&E)', '(1)') unless *asides* is true.
    """
    tokens = tokenize((text if asides else _PARENTHESES.sub(" ", text)).replace("/", " "))
    hits = _wording_hits(tokens)
    kept = [(cid, pos) for cid, pos in hits if not any(pos < other for _, other in hits)]
    covered = frozenset().union(*(pos for _, pos in kept)) if kept else frozenset()
    leftover = tuple(t for i, t in enumerate(tokens) if i not in covered and not t.isdigit())
    return ConceptMatch(frozenset(cid for cid, _ in kept), leftover)


def modifiers(text: str) -> frozenset[str]:
    """The term just before each line item *text* names, when no wording explains it: 'Aeronautics net sales'
    -> aeronautics. A question's modifier narrows the line item it asks for."""
    tokens = tokenize(_PARENTHESES.sub(" ", text).replace("/", " "))
    hits = _wording_hits(tokens)
    kept = [(cid, pos) for cid, pos in hits if not any(pos < other for _, other in hits) and concept(cid)]
    covered = frozenset().union(*(pos for _, pos in hits)) if hits else frozenset()
    before = {min(pos) - 1 for _, pos in kept if min(pos) > 0}
    return frozenset(tokens[i] for i in before if i not in covered and not tokens[i][:1].isdigit())


def same_concept(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two sets of concepts share one (a basic or diluted EPS is an EPS)."""
    return bool(frozenset().union(*map(_families, a)) & frozenset().union(*map(_families, b))) if a and b else False


def concept(cid: str) -> Concept | None:
    """The line item with id *cid*."""
    return next((c for c in LINE_ITEMS if c.id == cid), None)


def ratio(cid: str) -> Ratio | None:
    """The ratio with id *cid*."""
    return next((r for r in RATIOS if r.id == cid), None)


def label_of(cid: str) -> str:
    """The display label of a concept or ratio id."""
    found = concept(cid) or ratio(cid)
    return found.label if found else cid


def is_outflow(concepts: frozenset[str]) -> bool:
    """Whether the concepts name an outflow whose label states its magnitude ('capital expenditures')."""
    return any((c := concept(cid)) is not None and c.outflow for cid in concepts)


def ratios_in(text: str) -> list[Ratio]:
    """The standard ratios *text* names."""
    return [r for r in RATIOS if r.id in concepts_in(text).concepts]


_JOINED = re.compile(r"\bnon[- ](gaap|controlling)\b", re.IGNORECASE)  # one qualifier, not the word 'non'


def qualifier_text(text: str) -> str:
    """*text* with 'non-GAAP' and 'non-controlling' written as one word, as the qualifiers list them."""
    return _JOINED.sub(lambda m: f"non{m.group(1)}", text)


def narrowing_terms(match: ConceptMatch, asked_terms: frozenset[str]) -> list[str]:
    """The qualifier terms of a label that the asking text does not ask for ('segment', 'adjusted')."""
    return [t for t in match.leftover if t in QUALIFIERS and t not in asked_terms]


_TIMES_DAYS = re.compile(r"(?:[*×]|\btimes\b|\bmultiplied by\b)\s*36[056]\b", re.IGNORECASE)


def stated_definition(question: str) -> Formula | None:
    """A definition the question states: '... defined as FY2019 revenue / average PP&E' -> revenue / ppe; a
    year's days it multiplies by ('* 365') are its constants."""
    found = re.search(r"\b(?:defined|calculated|computed|measured)\s+as:?\s+(?P<body>[^.;?]+)", question, re.I)
    if not found:
        return None
    body = found.group("body")
    parts = re.split(r"\s*(?:/|÷|\bdivided by\b|\bover\b)\s*", body, maxsplit=1)
    top = concepts_in(parts[0], asides=True).concepts - {r.id for r in RATIOS}
    bottom = concepts_in(parts[1], asides=True).concepts - {r.id for r in RATIOS} if len(parts) > 1 else frozenset()
    if not top:
        return None
    averaged = bool(re.search(r"\baverage\b", body, re.I))
    days = _DAYS if _TIMES_DAYS.search(body) else frozenset()  # 'receivables / revenue * 365'
    return Formula(tuple(sorted(top)), tuple(sorted(bottom)), days, averaged=averaged)


_MAX_WORDINGS = 4  # the commonest wordings of a line item: a search needs the captions, not every variant


def concept_wordings(text: str) -> list[tuple[str, float]]:
    """Search phrases for the concepts *text* names, with weights: a line item's usual captions (0.6), and for a
    ratio (or a stated definition) its operands' captions (0.5), so that 'inventory turnover' finds cost of sales
    and inventories."""
    found = concepts_in(text, asides=True).concepts
    phrases: list[tuple[str, float]] = []
    operands: set[str] = set()
    for cid in sorted(found):
        item = concept(cid)
        if item is not None:
            phrases += [(w, 0.6) for w in _distinct(item.wordings)[:_MAX_WORDINGS]]
        named = ratio(cid)
        if named is not None:
            operands |= {c for f in named.formulas[:1] for c in (*f.numerator, *f.denominator)}
    stated = stated_definition(text)
    if stated is not None:
        operands |= {*stated.numerator, *stated.denominator}
    for cid in sorted(operands - found):
        item = concept(cid)
        if item is not None:
            phrases += [(w, 0.5) for w in _distinct(item.wordings)[:2]]
    return list(dict.fromkeys(phrases))


def _distinct(wordings: tuple[str, ...]) -> list[str]:
    """Wordings that search differently ('cost of revenues' searches as 'cost of revenue' does)."""
    seen: set[tuple[str, ...]] = set()
    kept: list[str] = []
    for wording in wordings:
        key = tuple(sorted(set(tokenize(wording))))
        if key and key not in seen:
            seen.add(key)
            kept.append(wording)
    return kept
