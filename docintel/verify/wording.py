"""Words that change what a row's figure is: a '(income) loss' label's sign convention, a word a row and a
question share followed in each by another ('Total lease payments' for lease liabilities), other or accumulated
other comprehensive income against comprehensive income, and the question's words beside its line items."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..concepts import NEUTRAL, concepts_in, modifiers
from ..question.parse import search_text
from ..textnorm import tokenize

if TYPE_CHECKING:
    from .values import Candidate

# a label that puts one of two opposites in parentheses prints the other without them: 'Net (income) loss
# attributable to noncontrolling interests 287,183' is a loss of 287,183 (ASC 810's 'Less:' rows, cash flows'
# '(Increase) decrease in receivables')
_REVERSED_LABEL = re.compile(
    r"\((?P<first>income|earnings|gain|gains|profit|increase|benefit)\)\s*(?:/\s*)?"
    r"(?P<second>loss|losses|decrease|expense|provision)\b",
    re.IGNORECASE,
)


def reversed_by(label: str, question: str) -> tuple[str, str] | None:
    """The two opposites of a '(income) loss' label when the question asks the parenthesised one alone."""
    found = _REVERSED_LABEL.search(label)
    if found is None:
        return None
    first, second = found.group("first").lower(), found.group("second").lower()
    asked = set(tokenize(question))
    if set(tokenize(first)) & asked and not set(tokenize(second)) & asked:
        return first, second
    return None


def parting(row: str, question: str) -> tuple[str, str] | None:
    """A word the row and the question share, followed in each by another word the other lacks: 'Total lease
    payments' for 'lease liabilities' (the undiscounted payments, not the liability) names another figure."""
    row_next, question_next = _next_words(row), _next_words(question)
    row_terms, question_terms = set(tokenize(row)), set(tokenize(question))
    for word, (after, shown) in row_next.items():
        other = question_next.get(word)
        if other is None or after == other[0] or after in question_terms or other[0] in row_terms:
            continue
        if after not in NEUTRAL and other[0] not in NEUTRAL:
            return f"'{shown}'", f"'{other[1]}'"
    return None


def _next_words(text: str) -> dict[str, tuple[str, str]]:
    """Each content word's next word within its phrase (no punctuation between), as a term and as printed."""
    found: dict[str, tuple[str, str]] = {}
    for phrase in re.split(r"[^\w\s'’-]", text):
        # neighbours as printed: 'percentage did Amazon's' has none ('did' stands between)
        words = [(w, t[0] if len(t) == 1 else None) for w in phrase.split() for t in [tokenize(w)]]
        for (printed, term), (printed_next, term_next) in zip(words, words[1:], strict=False):
            if term is None or term_next is None:
                continue
            if term not in _STOP_WORDS and term_next not in _STOP_WORDS and not term_next[:1].isdigit():
                found.setdefault(term, (term_next, f"{printed} {printed_next}".lower()))
    return found


_STOP_WORDS = frozenset(
    tokenize("the a an of in on for to and or by with from at as is was were be been its their our")
)


# 'Other comprehensive loss' is a part of comprehensive income ('other' is no search term), and 'Accumulated other
# comprehensive loss' a balance of equity (ASC 220)
_OTHER_COMPREHENSIVE = re.compile(r"\b(?:accumulated\s+)?other\s+comprehensive\b|\ba?oci\b", re.IGNORECASE)


def other_comprehensive(row: str, question: str) -> str:
    """Why a row of other (or accumulated other) comprehensive income does not answer a question about the
    other one ('' when both name the same)."""
    if not (re.search(r"(?i)\bcomprehensive\b", row) and re.search(r"(?i)\bcomprehensive\b", question)):
        return ""
    said, asked = _OTHER_COMPREHENSIVE.search(row), _OTHER_COMPREHENSIVE.search(question)
    named = [m.group(0).lower() if m else "comprehensive" for m in (said, asked)]
    if not (said or asked) or named[0].split()[0] == named[1].split()[0]:
        return ""
    return f"it names {named[0]} income, the question {named[1]} income"


_OWNER = re.compile(r"(?:\b[A-Z][\w&.-]*\s+){0,4}\b[A-Z][\w&.-]*(?:['\u2019]s\b|s['\u2019](?!\w))")


def beside_line_items(question: str) -> set[str]:
    """The terms of the question's clauses that name a line item, outside its wordings ('operation and
    maintenance expense': maintenance; 'What is the FY2016 COGS?': none; 'Please state the answer in USD
    millions.' and 'Using the income statement,' name none)."""
    unowned = _OWNER.sub(" ", question)  # 'Acme's': the company's name, not a part of the line item
    clauses = [concepts_in(c) for c in re.split(r"[.?!,;:]\s+|[.?!]$", unowned) if c.strip()]
    return {t for match in clauses if match.concepts for t in match.leftover}


# The states of the United States and their two-letter codes (USPS Publication 28, Appendix B): a question about a
# state's subsidiary, rate case or tax is answered only by a quote that names the state.
_STATES = {
    "alabama": "AL",
    "alaska": "AK",
    "arizona": "AZ",
    "arkansas": "AR",
    "california": "CA",
    "colorado": "CO",
    "connecticut": "CT",
    "delaware": "DE",
    "district of columbia": "DC",
    "florida": "FL",
    "georgia": "GA",
    "hawaii": "HI",
    "idaho": "ID",
    "illinois": "IL",
    "indiana": "IN",
    "iowa": "IA",
    "kansas": "KS",
    "kentucky": "KY",
    "louisiana": "LA",
    "maine": "ME",
    "maryland": "MD",
    "massachusetts": "MA",
    "michigan": "MI",
    "minnesota": "MN",
    "mississippi": "MS",
    "missouri": "MO",
    "montana": "MT",
    "nebraska": "NE",
    "nevada": "NV",
    "new hampshire": "NH",
    "new jersey": "NJ",
    "new mexico": "NM",
    "new york": "NY",
    "north carolina": "NC",
    "north dakota": "ND",
    "ohio": "OH",
    "oklahoma": "OK",
    "oregon": "OR",
    "pennsylvania": "PA",
    "rhode island": "RI",
    "south carolina": "SC",
    "south dakota": "SD",
    "tennessee": "TN",
    "texas": "TX",
    "utah": "UT",
    "vermont": "VT",
    "virginia": "VA",
    "washington": "WA",
    "west virginia": "WV",
    "wisconsin": "WI",
    "wyoming": "WY",
}
_STATE_NAMES = re.compile(r"\b(?:" + "|".join(sorted(_STATES, key=len, reverse=True)) + r")\b", re.IGNORECASE)


def states_asked(question: str) -> list[str]:
    """The US states a question names ('Does the Missouri subsidiary ...': Missouri)."""
    return [m.group(0) for m in _STATE_NAMES.finditer(question)]


def names_state(state: str, text: str) -> bool:
    """Whether *text* names *state*, in full or by its two-letter code ('CA, IL' names Illinois)."""
    code = _STATES[state.lower()]
    return bool(re.search(rf"\b{re.escape(state)}\b", text, re.IGNORECASE) or re.search(rf"\b{code}\b", text))


# a proper name inside the question ('Missouri', 'Signify Health'): capitalised words after its first word
_PROPER = re.compile(r"(?<=[\w,'’)]\s)[A-Z][a-z]{2,}(?:[\s-]+[A-Z][a-z]{2,})*")
# capitalised words that name no one: the filing's own parts, titles and calendar words
_TITLE_WORDS = frozenset(
    tokenize(
        "company corporation corp inc incorporated group holdings board directors fiscal quarter year annual report "
        "form item note part statement statements consolidated total net gross operating first second third fourth "
        "january february march april may june july august september october november december"
    )
)


def names_asked(question: str, ignore: frozenset[str]) -> dict[str, frozenset[str]]:
    """The proper names the question asks about, as printed and as terms, the issuer's name (*ignore*) aside."""
    names = {}
    for match in _PROPER.finditer(question):
        terms = frozenset(tokenize(match.group())) - ignore - _TITLE_WORDS
        if terms:
            names[match.group()] = terms
    return names


def name_terms(question: str, ignore: frozenset[str]) -> frozenset[str]:
    """The terms of every proper name the question asks about (``names_asked``), the issuer's (*ignore*) aside."""
    return frozenset(t for terms in names_asked(question, ignore).values() for t in terms)


_WORDS = re.compile(r"[\w'’-]+")


def surface_words(stems: Iterable[str], text: str) -> str:
    """The words of *text* that *stems* were read from ('diluted' for 'dilut'), comma-separated, in text order."""
    wanted = set(stems)
    found: dict[str, str] = {}
    for word in _WORDS.findall(text):
        if set(tokenize(word)) & wanted:
            found.setdefault(word.lower(), word)  # each word once, as first written
    return ", ".join(found.values()) or ", ".join(sorted(wanted))


_JOINED = re.compile(r"\b[\w-]+\s+(?:and|&)\s+[\w-]+(?:\s+[\w-]+)?", re.IGNORECASE)


def joined_to_item(question: str, unsaid: Sequence[str]) -> str | None:
    """The words the question joins to the line item it names with 'and' ('cash and short-term investments'), when
    one of them (*unsaid*) is a word the cited row does not say: the question asks the two together."""
    for found in _JOINED.finditer(question):
        if set(tokenize(found.group(0))) & set(unsaid) and concepts_in(found.group(0)).concepts:
            return found.group(0)
    return None


CAPITALISED_RUN = re.compile(r"(?:\b[A-Z][\w&.'\u2019-]*(?:\s+|$)){1,6}")


def named_beside(asking: str, ignore: frozenset[str]) -> frozenset[str]:
    """The issuer's name terms the question writes inside another name ('Health' of 'the Health Services segment'
    of CVS Health): they scope it like any word of that name."""
    # a possessive ends a name ('Omega Soft's Intelligent Cloud', 'MGM Resorts' Las Vegas Strip'): two runs
    runs = (tokenize(part) for run in CAPITALISED_RUN.finditer(asking) for part in _POSSESSIVE.split(run.group(0)))
    core = ignore - _LEGAL  # 'Boeing Commercial Airplanes', 'CVS Health operating income': the issuer's whole name
    named = (words for words in runs if not set(words) <= ignore and not core <= set(words))
    return frozenset(t for words in named for t in words if t in ignore)


_LEGAL = frozenset(tokenize("inc incorporated corporation corp company co ltd limited plc group holdings the"))


_POSSESSIVE = re.compile(r"['’]s\b|(?<=s)['’](?=\s)")


# 'The following table presents changes in the Card Member loans reserve for credit losses for the years ended ...'
_CHANGES_IN = re.compile(
    r"\b(?:table|schedule)\b[^.:;]*?\bchanges?\s+in\s+(?:the\s+|our\s+)?(?P<what>[^.:;]+?"
    r"\b(?:reserves?|allowances?|liabilit(?:y|ies)|obligations?|accruals?|balances?)\b[^.:;]*?)"
    r"(?:\s+(?:for|during)\s+the\b|[.:;]|$)"
)
_NOT_ACCOUNT = frozenset(tokenize("company companies corporation group firm"))


def rolled_account(heading: str, question: str, ignore: frozenset[str]) -> str | None:
    """The account a roll-forward table's words over it say it is of ('the Card Member loans reserve for credit
    losses'), when that account is named by capitalised words (a portfolio, a product) the question does not say:
    its 'Provisions' row is that account's, not the company's."""
    found = next(reversed(list(_CHANGES_IN.finditer(heading))), None)  # the introduction nearest the table
    if found is None:
        return None
    runs = CAPITALISED_RUN.finditer(found.group("what"))
    named = {t for run in runs for t in tokenize(run.group(0)) if not t[:1].isdigit()} - ignore - _NOT_ACCOUNT
    return found.group("what").strip() if named and not named <= set(tokenize(question)) else None


_AFTER_CELLS = re.compile(r"(?:[$(]?\s*\d[\d,.]*\)?%?\s+)+(?=[A-Z])")
_INTRODUCTION = re.compile(r"([^.:;]*?)\b(?:were|was|is|are)\s+as\s+follows\s*:", re.IGNORECASE)


def introduced_narrower(heading: str, asked: frozenset[str]) -> str:
    """The word the sentence introducing a table writes right before its line item when the question does not say it
    ('Subscription revenue by segment for fiscal 2022 ... were as follows:': subscription, a part of revenue); ''."""
    found = list(_INTRODUCTION.finditer(heading))
    # the sentence alone, after the cells of a table printed above it ('... $ 9,233 Subscription revenue by ...')
    sentence = _AFTER_CELLS.split(found[-1].group(1))[-1] if found else ""
    words = modifiers(sentence) - asked
    return surface_words(words, sentence) if words else ""


def table_narrower(heading: str, question: str, own: frozenset[str], ignore: frozenset[str]) -> str:
    """Why the words over a table make a row matched in the question's own words narrower than asked: the account its
    table rolls forward, or the word its introduction writes before the line item ('' when neither)."""
    if account := rolled_account(heading, question, ignore):
        return f"its table rolls forward the {account}, which the question does not name"
    if narrowed := introduced_narrower(heading, own):
        return f"its table is introduced as of {narrowed} only, which the question does not say"
    return ""


# the company a question asks about, as its subject ('How much did Coca-Cola spend ...') or owner ('Coca-Cola's')
_SUBJECT = re.compile(
    r"\b(?:did|does|do|has|have|had|will|would|can)\s+"  # not 'What was Prepaids in 2018': a row's own label
    r"(?P<name>[A-Z][\w&.'\u2019-]*(?:\s+[A-Z][\w&.'\u2019-]*){0,3})\s+[a-z]|"
    r"(?P<owner>[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})(?:'|\u2019)s\b"
)


def subject_terms(question: str) -> frozenset[str]:
    """The terms of the names a question asks about as its subject or owner: a row that shares only these with it
    ('The Coca-Cola Company $ 100 ... $ 148' of a stock performance graph) names who, not what."""
    return frozenset(t for m in _SUBJECT.finditer(question) for t in tokenize(m.group("name") or m.group("owner")))


# a figure per unit other than a share or a time ('revenue per available room', '/', 'RevPAR'): no total's row
_PER_UNIT = re.compile(  # not 'per its Form 8-K', 'per the filing': 'according to'
    r"\bper\s+(?!(?:share|cent|annum|year|month|quarter|day|week|hour|diluted|basic|common|its|the|our|their)\b)"
    r"(?P<unit>(?:available\s+|occupied\s+|average\s+|square\s+)?[a-z]+)",
    re.IGNORECASE,
)
_SAYS_PER = re.compile(r"\bper\b|/|\b[A-Za-z]*[A-Z][A-Za-z]*[A-Z]{2}\b")


def per_unit_asked(question: str, candidates: list[Candidate]) -> str | None:
    """The 'per ...' a question asks a figure by when no cited row or sentence says 'per' (nor an acronym)."""
    found = _PER_UNIT.search(search_text(question))
    if found is None or not candidates:
        return None
    if any(_SAYS_PER.search(f"{c.row_label or ''} {c.sentence}") for c in candidates):
        return None
    return found.group(0)


# an abbreviation a row defines in parentheses after the words it stands for: 'Gross Payment Volume (GPV)'
_DEFINED_ACRONYM = re.compile(r"((?:[A-Z][\w'-]*\s+){1,5}[A-Z][\w'-]*)\s*\(([A-Z]{2,6})\)")


def acronym_words(text: str, terms: frozenset[str]) -> frozenset[str]:
    """The search terms of the words an acronym among *terms* stands for, where *text* spells it out before
    giving it in parentheses (a row 'Gross Payment Volume (GPV)' says what 'GPV' names)."""
    words: set[str] = set()
    for found in _DEFINED_ACRONYM.finditer(text):
        short = found.group(2)
        spelled = found.group(1).split()[-len(short) :]
        if short.lower() in terms and "".join(w[0] for w in spelled).upper() == short:
            words |= set(tokenize(" ".join(spelled)))
    return frozenset(words)


def capitalised_terms(text: str) -> frozenset[str]:
    """The search terms of the words *text* writes with a capital ('Mac net sales': mac), names more than words."""
    return frozenset(t for w in re.findall(r"[A-Za-z][\w'’-]*", text) if w[0].isupper() for t in tokenize(w))
