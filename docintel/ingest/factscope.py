"""What the words around a figure say about it: scale statements and their scope, members, basis, measure,
scenario and per-share class.

Scale is stated at several scopes, and the nearest wins: a row's own "(in thousands)"; the column header; the
table's caption or heading; the page header ("$ in millions, except per share amounts" at the top of a 10-Q
statement page); a section's statement ("tabular dollars are presented in millions", "(amounts in millions,
except ...)" in Item 7's opening prose), in force until the next Item; the document's ("all amounts in millions
unless otherwise noted" in the first pages). A caption never reaches past its table: a table in thousands
below one in millions keeps its own scale, and a table with no caption below one with a caption inherits
nothing from it.

Members are the parts of the entity a figure is about. Geographies are the world's regions and the largest
economies as filings name them (the United Nations geoscheme's regions and the usual reporting groupings:
Americas, EMEA, Asia Pacific, Greater China, ...); segments, divisions and product lines are learned from the
document itself: the row labels of a table whose caption or heading names segments, divisions or products,
and the sub-headings over rows in such tables. A page of "condensed financial information of the registrant"
(Schedule I) or "parent company only" is the parent alone.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..domain import table
from .facts import Basis, Measure, Member, MemberAxis, PerShareClass, Scenario
from .profile import DocumentProfile
from .tables import Table

_SCALE_WORD = r"(thousands?|millions?|billions?)"
_CAPTION = re.compile(
    rf"^\s*\(?\s*(?:[$€£¥]\s*|dollars\s+|amounts\s+|in\s+)*(?:and\s+shares\s+)?(?:in\s+)?{_SCALE_WORD}\b",
    re.IGNORECASE,
)
_STATEMENT = re.compile(
    rf"(?:[$€£¥]|\bdollars?|\bamounts?|\bfigures|\bnumbers|\bdata)\b[^.;:]{{0,60}}?\b(?:in|of)\s+{_SCALE_WORD}\b"
    rf"|\(\s*(?:in\s+)?{_SCALE_WORD}\b|[(;]\s*in\s+{_SCALE_WORD}\b",
    re.IGNORECASE,
)
# the same letters as _SCALE_WORD's; the lookahead (their first letters, case-blind as the words) changes no match
_ANY_SCALE_WORD = re.compile(r"(?=[tmbTMB])(?:thousand|million|billion)", re.IGNORECASE)
_SCALES = {"thousands": 1e3, "millions": 1e6, "billions": 1e9, "thousand": 1e3, "million": 1e6, "billion": 1e9}
_SHARES_TOO = re.compile(r"\bshares?\b(?![- ]?(?:data|amounts?|figures))", re.IGNORECASE)
_PER_SHARE_WORDS = re.compile(r"\bper[- ](?:common\s+)?share\b|\bper[- ]unit\b", re.IGNORECASE)
_EXCEPT_SHARES = re.compile(r"\bexcept\b[^)]*\bshares?\b", re.IGNORECASE)
_ITEM = re.compile(r"^\s*(?:part\s+[iv]+[.,]?\s*)?item\s+\d+[a-z]?\b", re.IGNORECASE)
_UNLESS = re.compile(r"\bunless\s+otherwise\b|\bexcept\s+where\s+noted\b|\bthroughout\b", re.IGNORECASE)


@lru_cache(maxsize=20_000)
def scale_stated(text: str) -> tuple[float, bool] | None:
    """(scale, shares scaled too) when a line states a scale: '$ in millions, except per share amounts',
    '(Millions)', 'Tabular dollars are presented in millions', '$ and shares in millions'."""
    if not _ANY_SCALE_WORD.search(text):  # both patterns end in a scale word: without one, tried no further
        return None
    match = _CAPTION.search(text) or _STATEMENT.search(text)
    if match is None or len(text) > 400:
        return None
    word = next(g for g in match.groups() if g)
    without_per_share = _PER_SHARE_WORDS.sub(" ", text)
    shares = _EXCEPT_SHARES.search(without_per_share) is None
    return _SCALES[word.lower()], shares


# a row's or sub-heading's "('000)", "(000s)": its figures in thousands (the common mark of a count in thousands)
_THOUSANDS_MARK = re.compile(r"\(\s*(?:in\s+)?[\u2018\u2019'`]?000[\u2018\u2019']?s?\s*\)", re.IGNORECASE)


def in_thousands_mark(text: str) -> bool:
    """Whether a row label or sub-heading prints "('000)": a count in thousands (connections, accounts, units)."""
    return "000" in text and _THOUSANDS_MARK.search(text) is not None


def row_scale_stated(text: str) -> tuple[float, bool] | None:
    """The scale a row label or a sub-heading over rows states: a scale statement, or "('000)" for thousands
    ('Connections ('000):', 'Wireless retail postpaid accounts ('000)')."""
    if "(" not in text:
        return None
    if in_thousands_mark(text):
        return 1e3, True
    return scale_stated(text)


def names_scale_word(text: str) -> bool:
    """Whether *text* holds a scale word (thousand, million, billion): scale_stated finds none in a text without.
    A text of ASCII is tested by substrings of its lower case (as the pattern compares there), any other by it."""
    if text.isascii():
        folded = text.lower()
        return "million" in folded or "billion" in folded or "thousand" in folded
    return _ANY_SCALE_WORD.search(text) is not None


def is_item_heading(text: str) -> bool:
    """An 'Item 7.' heading: a section scale ends there."""
    return bool(_ITEM.match(text)) and len(text) < 120


def is_document_statement(text: str) -> bool:
    """A scale statement meant for the whole document ('unless otherwise noted', 'throughout')."""
    return bool(_UNLESS.search(text))


# ------------------------------------------------------------------------------ members

_PLACES = (
    r"(?:united\s+states|u\.s\.|us|north\s+america|south\s+america|latin\s+america|"
    r"central\s+america|americas|international|outside\s+(?:the\s+)?(?:united\s+states|u\.s\.)|non-u\.s\.|"
    r"foreign|rest\s+of\s+(?:the\s+)?world|europe|western\s+europe|eastern\s+europe|emea|europe,\s+middle\s+east"
    r"(?:\s+and|\s*&)\s+africa|middle\s+east|africa|asia|asia[- ]pacific|apac|asia\s+pacific(?:\s*&\s*latin"
    r"\s+america)?|greater\s+china|china|japan|india|canada|mexico|brazil|germany|france|united\s+kingdom|u\.k\.|"
    r"australia|korea|south\s+korea|taiwan|singapore|other\s+countries|other\s+international|all\s+other\s+"
    r"countries|domestic|emerging\s+markets|developed\s+(?:markets|europe|rest\s+of\s+(?:the\s+)?world))"
)
_GEOGRAPHY = re.compile(rf"^(?:total\s+)?(?:the\s+)?{_PLACES}(?!\w)[^:]{{0,40}}:?$", re.IGNORECASE)
_PLACE = re.compile(rf"^(?:the\s+)?{_PLACES}$", re.IGNORECASE)
_AXIS_WORDS: list[tuple[re.Pattern[str], MemberAxis]] = [
    (re.compile(r"\bsegments?\b|\breportable\b", re.IGNORECASE), "segment"),
    (re.compile(r"\bgeographic|\bregions?\b|\bcountr(?:y|ies)\b|\bgeograph", re.IGNORECASE), "geography"),
    (
        re.compile(r"\bproducts?\b|\bcategor(?:y|ies)\b|\bbrands?\b|\bfranchises?\b|\bbusinesses\b", re.IGNORECASE),
        "product",
    ),
    (re.compile(r"\bdivisions?\b", re.IGNORECASE), "division"),
]
_PARENT = re.compile(
    r"condensed\s+financial\s+information\s+of\s+(?:the\s+)?registrant|\bparent\s+company\s+only\b"
    r"|\bparent\s+company\s+(?:condensed\s+)?(?:balance|statements?)",
    re.IGNORECASE,
)
_NOT_MEMBER = re.compile(
    r"^(?:total|net|less|add|other|corporate|eliminations?|unallocated|consolidated|adjustments?|"
    r"intersegment|reconciling|subtotal)\b|\b(?:expenses?|income|revenues?|sales|costs?|assets|liabilities|"
    r"profit|loss(?:es)?|earnings|cash|debt|equity|tax(?:es)?|margin|charges?|depreciation|amortization|interest|"
    r"fees|provisions?|credit|reserves?|benefits?|compensation|securities|investments?|deposits|loans|"
    r"borrowings|shares|dividends|capital|stock|payables?|receivables?|inventor(?:y|ies)|goodwill|intangibles?|"
    r"ebit|ebitda|ebitdar|eps|adjusted|gaap|operating|net|total|weighted|average|per|ratio|rate|"
    r"percent(?:age)?|basic|diluted|changes?|increase|decrease|gains?|administrative)\b"  # G&A: a line item
    r"|\b(?:19|20)\d\d\b"  # a year: 'Balance at December 31, 2019' is a date, not a member
    # 'Paid memberships at end of period' is a count's balance, not a member
    r"|\b(?:at|as\s+of)\s+(?:the\s+)?(?:end|beginning|start)\b|\bat\s+year[- ]end\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=20_000)
def geography(text: str) -> bool:
    """Whether *text* (a row label or sub-heading) names a geography."""
    return bool(_GEOGRAPHY.match(text.strip().rstrip(":").strip()))


def place_name(text: str) -> bool:
    """Whether *text* is a geography's name and nothing more ('North America'; not 'U.S. International', not
    'International Noncontrolling')."""
    return bool(_PLACE.match(text.strip()))


def axis_named(text: str) -> MemberAxis | None:
    """The axis a caption or heading names: 'Revenue by segment' -> segment, 'by geographic area' -> geography."""
    for pattern, axis in _AXIS_WORDS:
        if pattern.search(text):
            return axis
    return None


# a table of what was sold or abandoned (ASC 205-20-50: 'The aggregate financial results of all discontinued
# operations ... were as follows'): its figures are the disposal group's, not the continuing entity's
_DISCONTINUED = re.compile(
    r"\b(?:results|results\s+of\s+operations|amounts|components|major\s+classes\s+of\s+\w+)\s+"
    r"(?:of|from|for|attributable\s+to)\s+(?:all\s+|the\s+|our\s+|its\s+)?(?:[\w-]+\s+){0,3}?"
    r"discontinued\s+operations?\b[^.]*(?:follows|below|:\s*$)",
    re.IGNORECASE,
)


def is_discontinued(text: str) -> bool:
    """A caption of a discontinued operation's own figures ('results of discontinued operations were as follows'),
    not of figures with theirs among others ('amounts attributable to continuing and discontinued operations')."""
    found = _DISCONTINUED.search(text)
    if found is None:
        return False
    before = (
        text[max(0, found.start() - 30) : found.start()]
        + found.group(0)[: found.group(0).lower().index("discontinued")]
    )
    return not re.search(r"\b(?:continuing|including|excluding|and)\b", before, re.IGNORECASE)


def is_parent_only(text: str) -> bool:
    """A heading of the parent company's own statements (Schedule I, 'parent company only')."""
    return bool(_PARENT.search(text))


# Summarized financial information of equity method investees (ASC 323-10-50-3(c), Regulation S-X Rule 4-08(g)):
# the investees' own sales, assets and debt, not the company's.
_INVESTEE_FIGURES = re.compile(
    r"\b(?:summari[sz]ed|condensed|combined)\s+(?:\w+\s+){0,2}?financial\s+(?:information|data|statements?|position)"
    r"|\bresults\s+of\s+(?:their\s+)?operations\b|\bfinancial\s+position\b",
    re.IGNORECASE,
)
_INVESTEES = re.compile(
    r"\bequity[- ]method\s+(?:investees?|investments?|affiliates?|companies)\b"
    r"|\baccounted\s+for\s+(?:by|under|using)\s+the\s+equity\s+method\b|\bat\s+equity\s+method\b"
    r"|\bunconsolidated\s+(?:affiliates?|joint\s+ventures?|investees?)\b|\bfor\s+(?:the|our|its)\s+joint\s+ventures?\b",
    re.IGNORECASE,
)
_OWN_SHARE = re.compile(
    r"\b(?:share|equity)\s+(?:of|in)\s+(?:the\s+)?(?:[\w'’-]+\s+){0,4}?(?:earnings|income|results|losses)", re.I
)
# a caption's sentence that introduces the table: '... is presented below (in millions):', '... is as follows:'
_INTRODUCES = re.compile(r"[^.:]*\b(?:follows|below)\b[^.:]*:", re.IGNORECASE)
_INTRODUCING_WORD = re.compile(r"\b(?:follows|below)\b", re.IGNORECASE)


def last_introduction(text: str) -> str | None:
    """The last match of ``_INTRODUCES`` in *text*, found from the end in one pass (the pattern itself, tried
    from every position of a long run without '.' or ':', took a fifth of a 10-K's table facts).

    Its matches are the runs between two stops ('.' or ':', or the start) that end in ':' and hold the word."""
    colon = text.rfind(":")
    while colon >= 0:
        start = max(text.rfind(".", 0, colon), text.rfind(":", 0, colon)) + 1
        if _INTRODUCING_WORD.search(text, start, colon):
            return text[start : colon + 1]
        colon = text.rfind(":", 0, start)
    return None


def is_investees(text: str) -> bool:
    """A caption of equity method investees' own figures ('The results of operations and financial position of
    the investments accounted for under the equity method is presented below'), not of the company's share in
    them ('our share of the results of operations of equity method investees')."""
    return bool(_INVESTEE_FIGURES.search(text) and _INVESTEES.search(text) and not _OWN_SHARE.search(text))


# a caption of another entity's own statements by its name: "HSG's results of operations and balance sheet through
# September 8, 2020 were as follows" (an investee's, a subsidiary's; never the issuer's own)
_ENTITY_FIGURES = re.compile(
    r"(?P<name>\b[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})['’]s\s+(?:(?:summari[sz]ed|condensed|combined)\s+)?"
    r"(?:results\s+of\s+operations|financial\s+(?:statements|information|data)|"
    + "|".join(f"(?i:{s.heading})" for s in table().statements)
    + r")\b[^.]*(?:follows|below|:\s*$)"
)
_THE_ISSUER = frozenset({"the", "company", "corporation", "group", "registrant", "our", "we", "its"})


def entity_in_caption(caption: str | None, above: list[str], profile: DocumentProfile) -> Member | None:
    """The entity a caption (or one of the three lines right above the table) names as the owner of the table's
    figures ("HSG's results of operations ... were as follows"), unless it is the issuer itself."""
    nearest_first = [*reversed(above[-3:]), caption or ""]
    found = next((m for text in nearest_first if (m := _ENTITY_FIGURES.search(text))), None)
    if found is None:
        return None
    words = {w.lower() for w in re.findall(r"[\w&]+", found.group("name"))}
    issuer = {w.lower() for w in re.findall(r"[\w&]+", profile.issuer.value or "")}
    if words & _THE_ISSUER or words <= issuer:  # 'Corning's' is the issuer; 'Dow Corning's' another entity
        return None
    return Member(name=found.group("name"), axis="entity")


_RELATED_PARTY = re.compile(r"\brelated[- ]part(?:y|ies)\b", re.IGNORECASE)
_LEGAL_FORM = frozenset({"inc", "incorporated", "corp", "corporation", "company", "co", "plc", "ltd", "limited", "llc"})


def issuers_own_row(label: str, heading: str | None, issuer: str) -> bool:
    """A row of an investee's table that is the issuer's own figure: under 'Related party transactions:' (the
    issuer's sales to and dividends from the investee) or naming the issuer ("Corning's equity in earnings")."""
    if _RELATED_PARTY.search(heading or ""):
        return True
    names = {w.lower() for w in re.findall(r"[A-Za-z&]+", issuer)} - _LEGAL_FORM
    return bool(names & {w.lower() for w in re.findall(r"[A-Za-z&]+", label)})


def goes_on(earlier: Table, later: Table) -> bool:
    """Whether *later* carries on *earlier* from the line right under it (no caption line between them)."""
    return later.page == earlier.page and later.first_line <= earlier.last_line + 1


def table_entity(page_title: str, caption: str, above: list[str]) -> Member | None:
    """The entity a whole table is about when it is not the group: the parent alone (Schedule I), a discontinued
    operation, or the equity method investees."""
    if is_parent_only(page_title) or is_parent_only(caption):
        return Member(name="Parent company", axis="entity")
    if any(is_discontinued(text) for text in above[-3:]):
        return Member(name="Discontinued operations", axis="entity")
    introducing = last_introduction(" ".join(above[-8:]))
    if introducing and is_investees(introducing):
        return Member(name="Equity method investees", axis="entity")
    return None


@lru_cache(maxsize=20_000)
def member_name(label: str) -> str | None:
    """A row label that can name a member: short, not a line item, not a total."""
    name = re.sub(r"\s*\((?:\w|\d)\)\s*$", "", label).strip().rstrip(":").strip()
    if not name or len(name) > 50 or _NOT_MEMBER.search(name) or not re.match(r"[A-Z]", name):
        return None
    return name


# a caption naming the member its table is of: 'The following table shows key gaming statistics for our Las Vegas
# Strip Resorts:' (a member the document names elsewhere), 'Selected metrics - J.P. Morgan Payments'
_FOR_MEMBER = re.compile(r"\bfor\s+(?:our|the|its)\s+(?P<name>[A-Z][\w&.'’ -]{2,50}?)\s*:\s*$")
_METRICS_OF = re.compile(
    r"^(?:selected|key)\s+(?:metrics|statistics|data|information|operating\s+data)\s*[-–—]\s*"
    r"(?P<name>[A-Z][\w&.'’ -]{2,50})$",
    re.IGNORECASE,
)


# 'Aeronautics’ operating results included the following (in millions):' (the segment's own heading above it)
_RESULTS_OF = re.compile(
    r"(?P<name>[A-Z][\w&-]*(?:\s+(?:and\s+|&\s+)?[A-Z][\w&-]*){0,4})(?:['’]s|s['’]|['’])\s+"
    r"(?:\w+\s+)?results\s+(?:included|were|are|consisted)\b"
)


def member_in_caption(text: str, members: dict[str, Member], headings: set[str]) -> Member | None:
    """The member a table's caption line says the table is of (named by a heading line of the page above it, with
    the axis the document gives it where it lists it), or None."""
    named = _FOR_MEMBER.search(text.strip()) or _RESULTS_OF.search(text)
    name = named.group("name").strip() if named else ""
    if name and name.lower() in headings:
        return members.get(name.lower()) or member_of(name, "segment")
    named = _METRICS_OF.match(text.strip())
    if named is None or re.search(r"(?i)\b(?:total|consolidated|company|firm|group)\b", named.group("name")):
        return None  # 'Selected metrics - Total Company' is the whole
    return member_of(named.group("name").strip(), "segment")


def member_of(name: str, axis: MemberAxis) -> Member:
    """A Member, geographies named so whatever axis the table claims."""
    return Member(name=name, axis="geography" if geography(name) else axis)


# ------------------------------------------------------------------------------ basis, measure, scenario, class

_BASIS: list[tuple[re.Pattern[str], Basis]] = [
    # a bank's 'managed basis' (revenue on a fully taxable-equivalent basis) is its non-GAAP presentation
    (re.compile(r"\bnon[- ]?gaap\b|\bmanaged\s+basis\b", re.IGNORECASE), "non_gaap"),
    (re.compile(r"\bpro\s*forma\b", re.IGNORECASE), "pro_forma"),
    (
        re.compile(
            r"\bcomparable\b|\borganic\b|\bcurrency[- ]neutral\b|\bconstant\s+currency\b|\boperational\b"
            r"|\bexcluding\s+(?:the\s+(?:impact|effects?)\s+of\s+)?(?:foreign\s+)?currency",
            re.IGNORECASE,
        ),
        "comparable",
    ),
    (re.compile(r"\badjusted\b|\bcore\b|\bexcluding\s+(?:special|certain|one-time)", re.IGNORECASE), "adjusted"),
]
_REVENUE = table().short_forms("revenue")  # a share of revenue: '% of net sales'
_REPORTED = re.compile(r"\bas\s+reported\b|\breported\s+basis\b", re.IGNORECASE)
_COLUMN_ONLY = re.compile(r"\b(?:reported|operational|currency)\b", re.IGNORECASE)
_MEASURES: list[tuple[re.Pattern[str], Measure]] = [
    (
        re.compile(
            r"%\s*(?:change|chg|increase|decrease|growth|inc\.?/?\(?dec\.?\)?)|\bpercent(?:age)?\s+change\b"
            r"|\bchange\s*%|[∆Δ]\s*%|%\s*[∆Δ]|\bgrowth\s*(?:%|rate)|\b(?:reported|operational|currency)\b",
            re.IGNORECASE,
        ),
        "pct_change",
    ),
    (
        re.compile(
            rf"%\s*of\s+(?:total|net|{_REVENUE})|\bpercent(?:age)?\s+of\s+(?:total|net|{_REVENUE})"
            r"|\bas\s+a\s+(?:%|percent(?:age)?)\s+of\b|\bmix\b",
            re.IGNORECASE,
        ),
        "pct_of_total",
    ),
    (
        re.compile(
            r"\b(?:\$\s*)?(?:change|increase\s*/?\s*\(?decrease\)?|inc\.?\s*/?\s*\(?dec\.?\)?|variance|"
            r"fav(?:orable)?\s*/?\s*\(?unfav(?:orable)?\)?)\b",
            re.IGNORECASE,
        ),
        "change",
    ),
    (re.compile(r"\bweighted[- ]average\b", re.IGNORECASE), "weighted_average"),
    (re.compile(r"\baverage\b", re.IGNORECASE), "average"),
    (
        re.compile(
            r"\b(?:number\s+of|count)\b.*\b(?:end\s+of|at\s+(?:period|year|quarter)[- ]end)\b|\bat\s+(?:period|"
            r"year|quarter)[- ]end\b",
            re.IGNORECASE,
        ),
        "period_end_count",
    ),
]
_OUTLOOK = re.compile(r"\boutlook\b|\bguidance\b|\bforecast\b|\bprojected\b|\bexpect(?:s|ed)?\b", re.IGNORECASE)
# an aim, written lower case or opening a label ('Target payout', 'Target Allocation', 'TARGET'); 'Target' inside a
# sentence or before a company's word is a name (a retailer: 'Target Corporation', 'compared with Target')
_TARGET = re.compile(
    r"(?:^|[.:;]\s+)\W*(?:Target|TARGET)(?:s|S|ed)?\b(?!\s+(?:Corporation|Corp|Inc|Stores?|Brands?)\b)|"
    r"\btarget(?:s|ed)?\b"
)
_LIMIT = re.compile(
    r"\bcovenants?\b|\bnot\s+(?:to\s+)?exceed\b|\bmaximum\s+(?:permitted|allowed)\b|\bat\s+least\b", re.IGNORECASE
)


@lru_cache(maxsize=20_000)
def basis_of(*texts: str) -> Basis:
    """The basis the nearest text names (a row label before its group, caption and page title); 'as reported'
    names GAAP ('Net Earnings, after tax- as reported' on a page of non-GAAP reconciliations)."""
    for text in texts:
        if text and (basis := _basis_named(text)) is not None:
            return basis
    return "gaap"


@lru_cache(maxsize=20_000)
def _basis_named(text: str) -> Basis | None:
    """The basis one text names for basis_of, None for none (read once per text: a table's caption and page title
    come with each of its rows)."""
    if _REPORTED.search(text) and not any(p.search(text) for p, _ in _BASIS):
        return "gaap"
    return next((basis for pattern, basis in _BASIS if pattern.search(text)), None)


@lru_cache(maxsize=20_000)
def measure_of(label: str, column_words: str) -> Measure:
    """The measure a column's words (a '% Change' column) or else the row's label names. 'Reported',
    'operational', 'currency' name a change only over a column of a release's growth table: in a row label
    ('Net Earnings, after tax- as reported') they name the basis."""
    for text in (column_words, label):
        if text and (measure := _measure_named(text if text is column_words else _COLUMN_ONLY.sub(" ", text))):
            return measure
    return "level"


@lru_cache(maxsize=20_000)
def _measure_named(text: str) -> Measure | None:
    """The first measure whose pattern one text matches (None: none), for measure_of."""
    return next((measure for pattern, measure in _MEASURES if pattern.search(text)), None)


@lru_cache(maxsize=20_000)
def scenario_of(*texts: str) -> Scenario:
    """Outlook (guidance, target, forecast) or a covenant's limit when the nearest text says so."""
    for text in texts:
        if text and (scenario := _scenario_named(text)) is not None:
            return scenario
    return "actual"


@lru_cache(maxsize=20_000)
def _scenario_named(text: str) -> Scenario | None:
    """A limit or an outlook one text names (None: neither), for scenario_of (a caption comes with each row)."""
    if _LIMIT.search(text):
        return "limit"
    if _OUTLOOK.search(table().without_terms_of_art(text)) or _TARGET.search(text):  # not 'projected benefit ...'
        return "outlook"
    return None


@lru_cache(maxsize=20_000)
def per_share_class_of(label: str, group: str | None) -> PerShareClass | None:
    """Basic or diluted, from the label first, then its sub-heading ('Earnings per share––diluted:')."""
    for text in (label, group or ""):
        if re.search(r"\bdiluted\b|\bdilution\b", text, re.IGNORECASE):
            return "diluted"
        if re.search(r"\bbasic\b", text, re.IGNORECASE):
            return "basic"
    return None
