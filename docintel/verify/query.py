"""The question typed like a fact: what a figure that answers it must be.

A reader who asks "What was net income?" means the company's consolidated, GAAP, actual figure,
at its level, for the fiscal year; a question says so when it means otherwise ("the Industrial
segment's", "adjusted", "diluted", "the change in", "guidance for", "the three months ended").
``query_of`` reads those fields with exactly those defaults, so that a cited figure can be
matched to the question field by field (``verify.rules``).

The wordings are the ones financial statements and their readers use for each field (the
captions of US GAAP statements and of the non-GAAP reconciliations that SEC Regulation G
requires; the duration headings of 10-Q statements), not any benchmark's questions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..domain import table
from ..periods import MONTHS, find_periods
from ..textnorm import tokenize

Basis = str  # "gaap" | "adjusted"
Measure = str  # "level" | "change" | "pct_change" | "share" | "average" | "weighted_average" | "additions"
Scenario = str  # "actual" | "outlook" | "limit" | "proposal"

_MONTHS_WORDS = {"three": 3, "six": 6, "nine": 9, "twelve": 12, "3": 3, "6": 6, "9": 9, "12": 12}
_WEEKS_TO_MONTHS = {13: 3, 12: 3, 14: 3, 16: 3, 26: 6, 24: 6, 28: 6, 39: 9, 36: 9, 40: 9, 52: 12, 53: 12}

_DURATION = re.compile(
    r"\b(?P<n>three|six|nine|twelve|3|6|9|12)[- ]months?\b|\b(?P<w>1[2-6]|2[4-8]|3[6-9]|40|5[23])[- ]weeks?\b",
    re.IGNORECASE,
)
_QUARTER = re.compile(
    r"\b(?:q(?P<q>[1-4])|(?P<word>first|second|third|fourth)[- ]quarter|quarter(?:ly)?)\b", re.IGNORECASE
)
_HALF = re.compile(r"\b(?:first|second)\s+half\b|\bh[12]\b", re.IGNORECASE)
_YEAR_TO_DATE = re.compile(r"\byear[- ]to[- ]date\b|\bytd\b", re.IGNORECASE)
_FULL_YEAR = re.compile(r"\b(?:full[- ]year|annual|fiscal\s+year|fy\s*'?\d{2,4}|year\s+ended|for\s+the\s+year)\b", re.I)
# 'the year ended (on) January 28, 2023', 'ended 28 January 2023': the date a duration ends on (read by find_periods)
_ENDED = re.compile(r"\b(?:ended|ending)\s+(?:on\s+)?(?P<date>[A-Za-z0-9][\w.]*\s+[\w.]+,?\s+(?:19|20)\d\d)", re.I)
# 'calendar year 2015', 'calendar 2015': the twelve months ending December 31 of that year, whatever the fiscal year
_CALENDAR_YEAR = re.compile(r"\bcalendar\s+(?:year\s+)?(?P<year>(?:19|20)\d\d)\b", re.IGNORECASE)
# 'January 1 to December 31, 2015', 'July 1, 2014 through June 30, 2015': a duration named by its first and last day
_DATE_RANGE = re.compile(
    r"\b[A-Z][a-z]{2,8}\.?\s+\d{1,2}(?:,?\s+(?:19|20)\d\d)?\s+(?i:to|through|thru|until|-|–)\s+"
    r"(?P<date>[A-Z][a-z]{2,8}\.?\s+\d{1,2},?\s+(?:19|20)\d\d)"
)
_AS_OF = re.compile(r"\b(?:as\s+of|at|on|in)\s+(?P<date>[A-Z][a-z]{2,8}\.?\s+\d{1,2},?\s+(?:19|20)\d\d)", re.IGNORECASE)

ADJUSTED_WORDS = (
    "adjusted",
    "non-gaap",
    "non gaap",
    "nongaap",
    "organic",
    "pro forma",
    "pro-forma",
    "comparable",
    "underlying",
    "excluding items",
    "constant currency",
)
# figures measured under another framework than the statements' GAAP: a pension plan's funded status under ERISA
# (29 U.S.C. ch. 18), an insurer's statutory accounting, a tax or regulatory basis; read on the figure's side ...
OTHER_FRAMEWORK = re.compile(
    r"\berisa\b|\b(?:statutory|regulatory|tax)\s+(?:basis|accounting)\b|\bdifferent\s+basis\b", re.IGNORECASE
)
# ... and asked by a question only in so many words ('the ERISA funded status', 'under ERISA'; 'the minimum
# required ERISA contribution' names the law, not a basis)
_FRAMEWORK_ASKED = re.compile(
    r"\berisa\s+fund(?:ed|ing)\s+(?:status|percentage|ratio)\b|\b(?:under|per)\s+erisa\b|"
    r"\b(?:statutory|regulatory|tax|erisa)\s+basis\b",
    re.IGNORECASE,
)


def _core_earnings() -> str:
    """'core' before an earnings line item's name ('core net income', 'core EPS', 'core operating income'): a
    non-GAAP measure (the SEC's non-GAAP guidance, Regulation G, names 'core earnings'); 'core deposits' is none."""
    items = [table().item(cid) for cid in ("net_income", "eps", "operating_income")]
    names = sorted({n.lower() for i in items for n in (i.label, *i.wordings)} | {"earnings", "income"}, key=len)
    return r"core\s+(?:" + "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in reversed(names)) + ")"


# a figure with currency's effect taken out ('% change excluding currency changes', 'currency-neutral', 'at constant
# exchange rates'): what the SEC's non-GAAP guidance calls a constant currency measure
_EX_CURRENCY = (
    r"excluding\s+(?:the\s+)?(?:(?:impact|effects?)\s+of\s+)?(?:changes\s+in\s+)?(?:foreign\s+)?"
    r"(?:currency|exchange)(?:\s+(?:exchange\s+)?rates?)?(?!\s+(?:swaps?|hedges?|derivatives?|forwards?|contracts?))"
    r"(?:\s+(?:changes|effects?|impacts?|fluctuations|translation|movements))?|excluding\s+(?:foreign\s+exchange|fx)"
    r"|currency[- ]neutral|fx[- ]neutral|ex[- ]fx|constant[- ]currency|constant\s+exchange\s+rates?"
    # J&J's 'operational growth': sales growth excluding the effect of translational currency
    r"|operational(?:ly)?\s+(?:[a-z]+\s+)?(?:growth|change|increase|decrease|decline|basis)|grow\w*\s+operationally"
)
EX_CURRENCY = re.compile(rf"\b(?:{_EX_CURRENCY})\b", re.IGNORECASE)  # a basis: the basis field checks it
_ADJUSTED = re.compile(
    r"\b(?:" + "|".join(re.escape(w) for w in ADJUSTED_WORDS) + "|" + _core_earnings() + "|" + _EX_CURRENCY + r")\b",
    re.IGNORECASE,
)
# a roll-forward's opening balance: 'Unrecognized tax benefits, beginning of the period', 'Cash and equivalents,
# beginning of year', 'Balance at Beginning of Period', 'opening balance' (the balance the period starts from)
OPENING = re.compile(
    r"\b(?:beginning|begining|start)\s+of\s+(?:the\s+)?(?:fiscal\s+)?(?:year|period|quarter|month)s?\b"
    r"|\bopening\s+balances?\b",
    re.IGNORECASE,
)
# ... and its closing balance: 'Unrecognized tax benefits, end of the period', 'ending balance'
CLOSING = re.compile(
    r"\bend\s+of\s+(?:the\s+)?(?:fiscal\s+)?(?:year|period|quarter|month)s?\b|\b(?:closing|ending)\s+balances?\b",
    re.IGNORECASE,
)
# a question asking the balance a period starts from: 'at the beginning of fiscal 2023', 'opening cash', 'entering 2023'
ASKS_OPENING = re.compile(
    r"\b(?:beginning|start)\s+of\b|\bopening\b|\bentering\b|\b(?:beginning|starting)\s+balances?\b", re.IGNORECASE
)
# 'at the beginning of 2020', 'the start of fiscal 2022': the balance at the end of the year before
_OPENING_YEAR = re.compile(
    r"\b(?:beginning|start)\s+of\s+(?:the\s+)?(?:fiscal\s+)?(?:year\s+)?(?P<year>(?:19|20)\d\d)\b", re.IGNORECASE
)


def opening_year(question: str) -> int | None:
    """The year whose opening balance the question asks ('at the beginning of fiscal 2022' -> 2022)."""
    found = _OPENING_YEAR.search(question)
    return int(found.group("year")) if found else None


_DILUTED = re.compile(r"\bdiluted\b|\bdilution\b", re.IGNORECASE)
_BASIC = re.compile(r"\bbasic\b", re.IGNORECASE)
_EPS = table().short_forms("eps")  # a line item's one-word wordings (the domain table's)
_PER_SHARE = re.compile(rf"\bper\s+(?:common\s+|diluted\s+|basic\s+)?share\b|\b(?:{_EPS})\b", re.IGNORECASE)

_PCT_CHANGE = re.compile(
    r"\bgrowth\s+(?:rate|in|of)\b|\bby\s+what\s+percent(?:age)?\b|\bwhat\s+percent(?:age)?\b(?!\s+of\b)|%\s*change"
    r"|\bpercent(?:age)?\s+(?:change|increase|decrease|decline)\b"
    r"|\b(?:increase|decrease|change|decline|rise|fall)\b[^.?]{0,30}\bin\s+percent|\byear[- ]over[- ]year\b|\byoy\b",
    re.IGNORECASE,
)
_CHANGE = re.compile(
    r"\b(?:change|increase|decrease|decline|difference|rise|drop|fall)\b(?:[\s()/]+\w+\)?){0,2}\s+(?:in|of)\b"
    r"|\bhow\s+(?:much|many\s+(?:percentage\s+|basis\s+)?points)\s+did\b[^?]{0,80}"
    r"\b(?:increase|decrease|decline|change|grow|rise|fall|drop|expand|contract|improve|widen|narrow)\b"
    r"|\b(?:increased|decreased|declined|changed)\s+by\b|\bhow\s+much\s+did\b[^?]{0,80}\b(?:grow|grew)\b"
    r"|\b(?!(?:the|a|an|percent|percentage|rate|no|any)\b)[a-z]+\s+change\s+(?:for|of|at|from)\b",  # 'sales change for'
    re.IGNORECASE,
)
# a quote's verb of the change a question asks ('Gross margin increased 140 basis points' for 'did it expand')
CHANGE_TERMS = frozenset(
    tokenize("increase increased decrease decreased decline declined grew grow rose rise fell fall expanded contracted")
)
_SHARE = re.compile(
    r"\b(?:as\s+a\s+)?(?:%|percent(?:age)?)\s+of\s+(?:total\s+)?\w+|\bshare\s+of\s+(?:total\s+)?\w+", re.IGNORECASE
)
_WEIGHTED = re.compile(r"\bweighted[- ]average\b", re.IGNORECASE)
_ADDITIONS = re.compile(
    r"\b(?:open|opens|opened|add|adds|added|acquire|acquired|new|launch|launched|hire|hired|close|closed)\b",
    re.IGNORECASE,
)
ATTRIBUTABLE = re.compile(r"\battributable\s+to\b", re.IGNORECASE)
NONCONTROLLING = re.compile(r"\bnon[- ]?controlling\b|\bminority\s+interests?\b", re.IGNORECASE)
# a label or sub-heading that states a change ('Net (decrease) increase in cash', 'Changes in operating assets:')
CHANGE_LABEL = re.compile(r"^\s*\(?(?:net\s+)?\(?(?:changes?|increases?|decreases?)\b", re.IGNORECASE)
_COUNT_OF = re.compile(r"\bhow\s+many\b|\bnumber\s+of\b", re.IGNORECASE)

OUTLOOK_WORDS = (
    "outlook",
    "guidance",
    "expected",
    "expects",
    "expect",
    "forecast",
    "forecasted",
    "projected",
    "projection",
    "anticipated",
    "anticipates",
    "plans to",
    "estimate for",
)
LIMIT_WORDS = (
    "covenant",
    "covenants",
    "not to exceed",
    "may not exceed",
    "maximum leverage",
    "minimum interest coverage",
)
_OUTLOOK_WORDS = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in OUTLOOK_WORDS) + r")\b", re.IGNORECASE)
# a level aimed at ('The Firm's current target for its ... CET1 capital ratio is 12.5%'), lower case: 'Target'
# capitalized inside a sentence is a name (a retailer), not an aim
_TARGET = re.compile(r"\btargets?\s+(?:for|of|is|was|are|were)\b")  # not 'within our target range'
# a change of a stated size supposed and what it would do, a sensitivity ('a one year decrease would result in an
# increase of $3.5 billion', 'a hypothetical 10% change'); asked: 'By how much would a one-year decrease ... have
# increased ...?', 'What is the impact of a 100-basis-point change ...?' (not 'an increase that would have been ...')
_CHANGE_NOUN = r"(?:increase|decrease|change|rise|decline|reduction|movement|shift|strengthening|weakening)"
_SIZED = r"(?:a|an|each)\s+(?:hypothetical\s+)?(?:\d[\d.,]*|one|two|three|five|ten|hundred)\b[^,;.?]{0,40}?"
_SUPPOSED = re.compile(
    rf"\b{_SIZED}\b{_CHANGE_NOUN}\b[^;.?]{{0,100}}?\bwould\b|\bhypothetical\s+(?:\S+\s+){{0,3}}?{_CHANGE_NOUN}\b|"
    rf"\b(?:would|impact\s+of|effect\s+of)\s+{_SIZED}\b{_CHANGE_NOUN}\b",
    re.IGNORECASE,
)


# an amount recorded as an accounting estimate ('We recorded a provisional tax amount of $4.6 billion as a reasonable
# estimate for our one-time transition tax liability'): recorded, no outlook
_RECORDED_ESTIMATE = re.compile(r"\bas\s+(?:a|an|our|the)\s+(?:[a-z]+\s+)?estimate\s+for\b", re.IGNORECASE)
# when a balance held is to be paid: 'the unpaid severance liabilities of $45 million are expected to be
# substantially completed within the next twelve months' (the balance is what is, not an outlook)
_SETTLED_LATER = re.compile(
    r"(?P<held>\b(?:liabilit(?:y|ies)|balances?|obligations?|accruals?|reserves?)\b[^.;]{0,60}?)"
    r"\b(?:is|are)\s+expected\s+to\s+be\s+(?:substantially\s+|fully\s+)?"
    r"(?:paid|completed|settled|disbursed|utilized)\b",
    re.IGNORECASE,
)


def names_outlook(text: str) -> bool:
    """Whether *text* speaks of an outlook ('expects', 'guidance', a target, a change supposed), the terms of art
    that only hold such a word ('projected benefit obligation'), an amount recorded 'as a reasonable estimate for' a
    liability and when a balance 'is expected to be paid' left aside."""
    text = _SETTLED_LATER.sub(r"\g<held>", _RECORDED_ESTIMATE.sub(" ", table().without_terms_of_art(text)))
    return bool(_OUTLOOK_WORDS.search(text) or _TARGET.search(text) or _SUPPOSED.search(text))


# a cause given for a figure ('as a result of lower anticipated demand'): its words say what caused it, not what it is
CAUSE_PHRASE = re.compile(r"\b(?:as\s+a\s+result\s+of|due\s+to|because\s+of|driven\s+by|caused\s+by)\b[^.;]*", re.I)
_LIMIT = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in LIMIT_WORDS) + r")\b", re.IGNORECASE)


@dataclass(frozen=True)
class PeriodQuery:
    """The period a question asks for: a duration of *months* (a quarter is 3), an instant (*as_of*), or a year.

    ``years`` are the fiscal (or calendar) years named; ``quarter`` the fiscal quarter named; ``months`` None when
    the question says nothing about the length (a balance or a year's figure: any full-year column or year-end)."""

    years: frozenset[int] = frozenset()
    quarter: int | None = None
    months: int | None = None
    as_of: str | None = None  # ISO date of an instant the question names
    year_to_date: bool = False
    ends: tuple[str, ...] = ()  # ISO dates the durations the question names end on ('the year ended Jan 28, 2023')

    def describe(self) -> str:
        """'three months (Q2 2023)', 'as of 2023-09-30', 'the year 2022', 'any period'."""
        years = "/".join(str(y) for y in sorted(self.years))
        if self.as_of:
            return f"as of {self.as_of}"
        if self.quarter:
            return f"Q{self.quarter} {years}".strip() + " (three months)"
        if self.months:
            length = f"{_MONTH_NAMES.get(self.months, str(self.months))} months"
            ended = " or ".join(self.ends)
            return f"{length} ended {ended}" if self.ends else length + (f" of {years}" if years else "")
        if self.ends:
            return "the period ended " + " or ".join(self.ends)
        return f"the year {years}" if years else "any period"


_MONTH_NAMES = {3: "three", 6: "six", 9: "nine", 12: "twelve"}


@dataclass(frozen=True)
class Query:
    """What a figure answering the question must be, field by field (with a reader's defaults)."""

    question: str
    period: PeriodQuery
    member: frozenset[str]  # the scope's terms; empty: consolidated
    basis: Basis
    share_class: str | None  # "basic" | "diluted" | None (not a per-share question, or not said)
    measure: Measure
    scenario: Scenario
    currency: str | None
    attributable: bool = False  # 'attributable to the company's stockholders': the parent's share, not the whole


def _period(question: str) -> PeriodQuery:
    years = frozenset(y for p in find_periods(question) for y in ([p.year] if p.fiscal or not p.month else p.years))
    quarter_match = _QUARTER.search(question)
    quarter = None
    for period in find_periods(question):
        if period.quarter:
            quarter = period.quarter
    if quarter is None and quarter_match and (quarter_match.group("q") or quarter_match.group("word")):
        word = (quarter_match.group("word") or "").lower()
        quarter = int(quarter_match.group("q")) if quarter_match.group("q") else _QUARTERS[word]
    months = None
    duration = _DURATION.search(question)
    if duration:
        months = (
            _MONTHS_WORDS[duration.group("n").lower()]
            if duration.group("n")
            else _WEEKS_TO_MONTHS.get(int(duration.group("w")), None)
        )
    elif quarter is not None or (quarter_match and "quarter" in quarter_match.group(0).lower()):
        months = 3
    elif _HALF.search(question):
        months = 6
    elif _FULL_YEAR.search(question) and not _YEAR_TO_DATE.search(question):
        months = 12
    as_of = None
    instant = _AS_OF.search(question)
    if instant:
        dated = [p for p in find_periods(instant.group("date")) if p.iso]
        as_of = dated[0].iso if dated else None
    ended = _ENDED.search(question)
    # every date from the first 'ended' on: 'the years ended January 29, 2022 and January 30, 2021'
    ends = tuple(dict.fromkeys(p.iso for p in find_periods(question[ended.start() :]) if p.iso)) if ended else ()
    if quarter is None and months in (None, 12):
        ends += _stated_ends(question)  # 'the first quarter of calendar 2023' does not end on December 31
        if _CALENDAR_YEAR.search(question):
            months = 12
    if ends:
        as_of = None  # 'ended on January 29, 2022' is the end of a duration, not an instant
    return PeriodQuery(years, quarter, months, as_of, bool(_YEAR_TO_DATE.search(question)), ends)


def _stated_ends(question: str) -> tuple[str, ...]:
    """The last days of the durations a question names by their ends: a calendar year, a range of dates."""
    ends = [f"{m.group('year')}-12-31" for m in _CALENDAR_YEAR.finditer(question)]
    for match in _DATE_RANGE.finditer(question):
        ends += [p.iso for p in find_periods(match.group("date")) if p.iso]
    return tuple(dict.fromkeys(ends))


_QUARTERS = {"first": 1, "second": 2, "third": 3, "fourth": 4}


def _measure(question: str) -> Measure:
    if _WEIGHTED.search(question):
        return "weighted_average"
    if _PCT_CHANGE.search(question):
        return "pct_change"
    if _CHANGE.search(question):
        return "change"
    if _SHARE.search(question):
        return "share"
    if _COUNT_OF.search(question) and _ADDITIONS.search(question):
        return "additions"
    return "level"


# a question in the future tense asks for an expectation; a filing's 'will be invoiced' is no guidance
# (a schedule's 'will mature', 'will be due', 'will owe' is a contractual amount of today, not an expectation)
_FUTURE_QUESTION = re.compile(
    r"\bwill\b(?![^?.]*\b(?:mature|matures|owe|owed|due|payable|expire|expires|vest|vests)\b)",
    re.IGNORECASE,
)


# an amount proposed, not paid or received: 'made an offer of $38 million', 'a $38 million bid' (general English; a
# securities 'offering' is a sale, and 'offered $500 million of notes' one made)
_PROPOSED_BEFORE = re.compile(
    r"\b(?:(?:offer|bid|proposal)\s+of|proposed)\s+(?:(?:approximately|about|up\s+to)\s+)?$", re.IGNORECASE
)
_PROPOSED_AFTER = re.compile(r"^\s*(?:(?:million|billion|thousand|per\s+share)\s+)?(?:offer|bid|proposal)\b", re.I)
# a question about the offer itself: its noun after a determiner ('the offer'), 'did ... offer (bid, propose)' or
# 'was offered'; not 'the shares offered' (sold in an offering), 'the plan it offers' (sells) nor 'the shareholder
# proposal' (a ballot item)
_ASKS_PROPOSED = re.compile(
    r"\b(?:an?|the|its|their|his|her)\s+(?:[\w-]+\s+)?(?:offer|bid)s?\b(?!\s+(?:price|period))|"
    r"\b(?:did|does|do|will|would)\s+(?:[\w'\u2019-]+\s+){1,5}?(?:offer|bid|propose)\b|"
    r"\b(?:was|were)\s+(?:offered|bid)\b",
    re.IGNORECASE,
)


def proposed(sentence: str, printed: str) -> bool:
    """Whether a number of *sentence* is an amount offered or proposed ('an offer of $38 million')."""
    at = sentence.find(printed) if printed else -1
    if at < 0:
        return False
    return bool(_PROPOSED_BEFORE.search(sentence[:at]) or _PROPOSED_AFTER.match(sentence[at + len(printed) :]))


# where the clause a number is of begins: what comes before is said of something else (general English)
_CLAUSE_START = re.compile(r"[;:]|,\s+(?:and|but|while|whereas)\b|\.\s", re.IGNORECASE)


# a finite past verb after the 'will', before the number: the number is of what was done ('amounts that will be
# invoiced ... was $229 billion', '... will prevail ... and as a result, management recorded a receivable of')
_DONE_SINCE = re.compile(
    r"\b(?:was|were|had|recorded|recognized|reported|paid|received|totaled|amounted|incurred|generated)\b", re.I
)


# a contract's terms say what 'will' be paid while it runs, a standing term ('term'): it answers what is paid and what
# will be, 'Under the terms of the contracts, we will pay a weighted average fixed rate of interest of 4.53%' (a past
# question is tense.py's)
_CONTRACT_TERMS = re.compile(r"\b(?:under|by)\s+(?:the\s+)?terms\s+of\b|\bpursuant\s+to\b", re.IGNORECASE)


def scenario_of(text: str, sentence: str = "", printed: str = "") -> str:
    """The scenario of a figure said by *text* (a row's words, or a quote's sentence with the words before it):
    a limit ('covenant'), an outlook ('expects', a target, a change supposed; not 'as a result of lower anticipated
    demand'), else actual. A number of prose (*printed* in *sentence*) is a proposal when offered ('an offer of $38
    million'), and an outlook when its own clause says before it what will be ('under which we will acquire Seagen
    ... for $229 in cash per Seagen share'), as a question's 'will' asks one."""
    if sentence and proposed(sentence, printed):
        return "proposal"
    if _LIMIT.search(text):
        return "limit"
    at = sentence.find(printed) if printed else -1
    future = _FUTURE_QUESTION.search(clause := _CLAUSE_START.split(sentence[:at])[-1]) if at > 0 else None
    if future and _DONE_SINCE.search(clause[future.end() :]):  # '... will prevail ..., management recorded'
        future = None
    if future and _CONTRACT_TERMS.search(clause[: future.start()]):  # a term in force ('tense' asks a past one)
        return "term"
    return "outlook" if future or names_outlook(CAUSE_PHRASE.sub(" ", text)) else "actual"


def _scenario(question: str) -> Scenario:
    if _LIMIT.search(question):
        return "limit"
    if _ASKS_PROPOSED.search(question):
        return "proposal"
    if names_outlook(question) or _FUTURE_QUESTION.search(question) or _ESTIMATED_WOULD.search(question):
        return "outlook"
    return "actual"


# 'What did it estimate ... that it would reclassify ...?': the estimate of what will be, an outlook
_ESTIMATED_WOULD = re.compile(r"\b(?:estimat|expect|anticipat|project|forecast)\w*\b[^?]*\bwould\b", re.IGNORECASE)


def asks_per_share(question: str) -> bool:
    """Whether the question asks for a per-share figure ('diluted EPS', 'earnings per share')."""
    return bool(_PER_SHARE.search(question) or re.search(r"\bearnings\s+per\b", question, re.IGNORECASE))


def _share_class(question: str) -> str | None:
    if not asks_per_share(question):
        return None
    if _DILUTED.search(question):
        return "diluted"
    if _BASIC.search(question):
        return "basic"
    return None


_CURRENCIES = {
    "usd": "USD",
    "us$": "USD",
    "dollars": "USD",
    "eur": "EUR",
    "euros": "EUR",
    "€": "EUR",
    "gbp": "GBP",
    "pounds": "GBP",
    "£": "GBP",
    "jpy": "JPY",
    "yen": "JPY",
    "¥": "JPY",
}
_CURRENCY = re.compile(r"(?<![\w$])(?:usd|us\$|eur|euros|gbp|pounds|jpy|yen|€|£|¥)(?!\w)", re.IGNORECASE)


@lru_cache(maxsize=256)
def query_of(question: str, member: frozenset[str] = frozenset(), parent: bool = False) -> Query:
    """The typed query of *question*; *member* is the scope the question names (``meaning.question_scope``);
    *parent*: the question names the company's own shareholders ('total CVS Health shareholders' equity')."""
    currency = _CURRENCY.search(question)
    return Query(
        question=question,
        period=_period(question),
        member=member,
        basis="adjusted" if _ADJUSTED.search(question) or _FRAMEWORK_ASKED.search(question) else "gaap",
        share_class=_share_class(question),
        measure=_measure(question),
        scenario=_scenario(question),
        currency=_CURRENCIES[currency.group(0).lower()] if currency else None,
        attributable=(parent or bool(ATTRIBUTABLE.search(question))) and not NONCONTROLLING.search(question),
    )


# Words a question's scope may carry that name no segment, region, product or entity: qualifiers of basis,
# measure, period and arithmetic (a scope 'over average total assets' asks for no member called 'average').
_NOT_MEMBER = frozenset(
    tokenize(
        "adjusted nongaap continuing discontinued noncontrolling minority organic comparable quarter quarterly "
        "pro forma excluding ex non segment segments division divisions average averaged weighted mean growth "
        "change increase decrease grow grew grown rise rose fall fell decline declined percent "
        "percentage ratio rate margin total consolidated per share diluted basic annual annually yearly year years "
        "fiscal month months quarters ended ending end beginning period periods defined calculated computed "
        "measured minus less plus divided over times using based respective respectively compared versus vs prior "
        "previous current noncurrent latest last net gross operating reported company group overall amount value "
        "figure opened closed openings closings additions "
        # the statements a scope may name ('on the balance sheet', 'in the cash flow statement'): the table's names
        f"{table().section_of('balance_sheet')} {table().section_of('cash_flows')} statements flows"
    )
)


def member_terms(scope: frozenset[str]) -> frozenset[str]:
    """The terms of a question's scope that name a member (a segment, region, product), its other qualifiers aside."""
    return frozenset(scope - _NOT_MEMBER)


def month_number(name: str) -> int | None:
    """The month number of a month's name or abbreviation ('Jan.' -> 1)."""
    return MONTHS.get(name.lower().rstrip("."))
