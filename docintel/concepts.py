"""The concept vocabulary: financial-statement line items, their usual wordings, and standard ratios.

The line items, their wordings, taxonomy elements and the standard ratios are rows of the domain table
(``docintel.domain``, ``table.toml``), each with its source: the US GAAP Financial Reporting Taxonomy (FASB)
element and standard label, the captions financial statements commonly print for it (general reporting usage),
and a corporate-finance textbook's ratio list. This module matches them in text.

A text's concepts are found by matching wordings as ordered runs of search terms
(``textnorm.tokenize``: stop words dropped, words stemmed) with at most one other term between two
of a wording's terms; a match inside a longer match ("revenue" inside "cost of revenue") does not
count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .domain import table
from .textnorm import tokenize
from .vocabulary import LINE_ITEMS_TABLE, RATIOS_TABLE

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
    magnitude: bool = False  # an expense, sometimes printed in parentheses; its label names the magnitude too


@dataclass(frozen=True)
class Formula:
    """One accepted way to compute a ratio: concepts above the line, below it, and the constants it needs."""

    numerator: tuple[str, ...]
    denominator: tuple[str, ...] = ()
    constants: frozenset[float] = frozenset()
    averaged: bool = False  # set for a stated definition that says 'average'
    subtracted: frozenset[str] = frozenset()  # numerator concepts taken away, not added (gross margin's cost)


@dataclass(frozen=True)
class Ratio:
    """A standard ratio (or a defined measure) and the formulas that define it."""

    id: str
    label: str
    kind: Kind
    wordings: tuple[str, ...]
    formulas: tuple[Formula, ...]
    averaged: bool = False  # a balance-sheet denominator may be the average of two year-ends


_DAYS = frozenset({365.0, 360.0, 366.0})


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


def _legacy_items() -> tuple[Concept, ...]:
    """Line items written in ``vocabulary.LINE_ITEMS_TABLE``'s old text format (empty: they belong in the table)."""
    return tuple(
        Concept(
            head[0],
            head[1],
            marks[0][1:].strip(),
            head[2],
            _wordings(head[1], words),
            "outflow" in head[3:],
            "magnitude" in head[3:],
        )
        for head, marks, words in _entries(LINE_ITEMS_TABLE)
    )


LINE_ITEMS: tuple[Concept, ...] = (
    *(Concept(i.id, i.label, i.element, i.kind, i.wordings, i.outflow, i.magnitude) for i in table().line_items),
    *_legacy_items(),
)


def _names(part: str) -> tuple[str, ...]:
    return tuple(n.strip() for n in part.split(",") if n.strip())


def _formula(mark: str) -> Formula:
    body = mark[1:].replace("* days", "")
    top, _, bottom = body.partition("/")
    above = tuple(n.lstrip("-").strip() for n in _names(top))
    minus = frozenset(n.lstrip("-").strip() for n in _names(top) if n.startswith("-"))
    return Formula(above, _names(bottom), _DAYS if "* days" in mark else frozenset(), subtracted=minus)


RATIOS: tuple[Ratio, ...] = (
    *(
        Ratio(r.id, r.label, r.kind, r.wordings, tuple(_formula(f"= {f}") for f in r.formulas), r.averaged)
        for r in table().ratios
    ),
    *(
        Ratio(head[0], head[1], head[2], _wordings(head[1], words), tuple(map(_formula, marks)), "averaged" in head[3:])
        for head, marks, words in _entries(RATIOS_TABLE)
    ),
)

# Words that narrow a line item to a part of it ('segment', 'adjusted'): a row that carries one answers only a
# question that asks it; and words a row label may carry beyond a wording without narrowing it (the table's).
QUALIFIERS = frozenset(tokenize(table().qualifiers))
NEUTRAL = frozenset(tokenize(table().neutral))
# words that make a row label another line item than the wording it holds ('Income taxes payable', 'Total debt
# investments')
CHANGES_ITEM = frozenset(tokenize(table().changes_item))

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


def _after_first(positions: frozenset[int]) -> frozenset[int]:
    """The positions of a wording's match after its first term, and those it skips."""
    return frozenset(range(min(positions) + 1, max(positions) + 1))


def _match_positions(wording: tuple[str, ...], tokens: list[str]) -> frozenset[int] | None:
    """Positions of *wording* as an ordered run in *tokens*, at most one other token between its terms, never
    across a heading's colon (``BARRIER``) nor after 'non' ('non-operating income' is no operating income)."""
    for start in (i for i, t in enumerate(tokens) if t == wording[0]):
        if start > 0 and tokens[start - 1] == "non" and wording[0] != "non":
            continue
        found, at = [start], start
        for term in wording[1:]:
            ahead = tokens[at + 1 : at + 3]
            ahead = ahead[: ahead.index(BARRIER)] if BARRIER in ahead else ahead
            nxt = next((at + 1 + k for k, t in enumerate(ahead) if t == term), None)
            if nxt is None:
                break
            found.append(nxt)
            at = nxt
        else:
            return frozenset(found)
    return None


def _inside(shorter: frozenset[int], longer: frozenset[int]) -> bool:
    """Whether a match's terms are all terms of a longer match ('shares outstanding' in 'weighted average number
    of basic shares outstanding'); one that only shares a term with it ('accounts receivable and net income') is
    kept: a gap of one term may join two line items' wordings."""
    return shorter < longer


BARRIER = "\x00"  # between a heading and what follows its colon: no wording spans it


def barrier_tokens(text: str) -> list[str]:
    """The search terms of *text*, with ``BARRIER`` where a colon ends a heading ('Operating costs: Operating
    expenses' names operating expenses, not 'costs ... expenses')."""
    tokens: list[str] = []
    for n, part in enumerate(text.split(":")):
        tokens += ([BARRIER] if n else []) + tokenize(part)
    return tokens


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
    tokens = barrier_tokens((text if asides else _PARENTHESES.sub(" ", text)).replace("/", " "))
    hits = _wording_hits(tokens)
    # longest matches only: a term names one line item ('weighted average number of shares outstanding' is no
    # 'shares outstanding' besides)
    kept = [(cid, pos) for cid, pos in hits if not any(_inside(pos, other) for _, other in hits)]
    # 'net' or 'total' qualifies the line item that starts right after it: 'Net gain on sale' is a gain on sale, no
    # 'net sales' read across 'gain'; 'Net loss on sale' no net loss, 'Net income tax expense' no net income
    # ('Net merchandise sales' still is net sales: 'merchandise' starts no line item)
    kept = [
        (cid, pos)
        for cid, pos in kept
        if tokens[min(pos)] not in NEUTRAL
        or not any(min(other) in _after_first(pos) for _, other in kept if other != pos)
    ]
    # 'per share' makes the amount it shares a word with per share: 'dividend per share was paid' asks no total paid
    per_share = [pos for cid, pos in kept if (found := concept(cid)) is not None and found.kind == "per_share"]
    kept = [
        (cid, pos)
        for cid, pos in kept
        if not any(pos & other and pos != other for other in per_share)
        or ((found := concept(cid)) is not None and found.kind == "per_share")
    ]
    covered = frozenset().union(*(pos for _, pos in kept)) if kept else frozenset()
    leftover = tuple(t for i, t in enumerate(tokens) if i not in covered and not t.isdigit() and t != BARRIER)
    return ConceptMatch(frozenset(cid for cid, _ in kept), leftover)


_OTHER_WORD = re.compile(r"(?<!and )\bother\b", re.IGNORECASE)  # 'cash and other current assets' is a sum


def other_parts(text: str) -> frozenset[str]:
    """The line items *text* names across or right after 'other' ('Total other assets', 'Other revenues'): the rest
    of the item's parts, not the item ('other' is a stop word, so the wording alone would match it; no wording of
    the vocabulary holds it)."""
    pieces = _OTHER_WORD.split(_PARENTHESES.sub(" ", text).replace("/", " "))
    tokens: list[str] = []
    after_other: set[int] = set()
    for n, piece in enumerate(pieces):
        if n:
            after_other.add(len(tokens))
        tokens += barrier_tokens(piece)
    hits = _wording_hits(tokens)
    return frozenset(cid for cid, pos in hits if any(min(pos) <= at <= max(pos) for at in after_other))


# what a row label says is taken off its amount ('Trade accounts receivable, less allowance ...', 'net of tax')
DEDUCTION = re.compile(r",?\s+(?:less|net\s+of)\b.*$", re.IGNORECASE)


# holdings of securities are investments, an asset (the US GAAP taxonomy's 'Debt Securities, Available-for-sale',
# 'Equity Securities, FV-NI'): read by the verifier, not by ingest's typing of rows (which also gives a row's kind)
HOLDING_WORDS = frozenset(tokenize("investments securities"))
_CARRY = re.compile(r"\bcarry[- ](forwards?|overs?|backs?)\b", re.IGNORECASE)


def item_changers(label: str) -> frozenset[str]:
    """The words of *label* outside its line item's wording that make it another line item ('Total debt
    investments': investments; 'Income taxes payable': payable), what it says is deducted aside."""
    joined = _CARRY.sub(r"carry\1", label)  # 'carry-forwards' is the taxonomy's 'carryforwards'
    return frozenset(concepts_in(DEDUCTION.sub("", joined)).leftover) & (CHANGES_ITEM | HOLDING_WORDS)


# a possessive name and the capitalised words before it ('Ulta Beauty's', 'ACME's'): an owner, not a qualifier
_OWNER = re.compile(r"(?:\b[A-Z][\w&.-]*\s+){0,4}\b[A-Z][\w&.-]*(?:['\u2019]s\b|s['\u2019](?!\w))")


def modifiers(text: str) -> frozenset[str]:
    """The term just before each line item *text* names, when no wording explains it: 'Aeronautics net sales'
    -> aeronautics. A question's modifier narrows the line item it asks for; an owner does not ('Ulta Beauty's
    net sales': the company's name, written possessive, is never a part of the company)."""
    words = _PARENTHESES.sub(" ", _OWNER.sub(" ", text)).replace("/", " ").split()
    placed = [(token, at) for at, word in enumerate(words) for token in tokenize(word)]
    tokens = [token for token, _ in placed]
    hits = _wording_hits(tokens)
    kept = [(cid, pos) for cid, pos in hits if not any(pos < other for _, other in hits) and concept(cid)]
    covered = frozenset().union(*(pos for _, pos in hits)) if hits else frozenset()
    # the word written right before the line item: 'spend on share repurchases' has none ('on' stands between)
    before = {min(pos) - 1 for _, pos in kept if min(pos) > 0 and placed[min(pos) - 1][1] >= placed[min(pos)][1] - 1}
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


def states_magnitude(concepts: frozenset[str]) -> bool:
    """Whether the concepts name an outflow or an expense, whose label states its magnitude: '(56,744)' printed
    for cost of sales is a cost of 56,744, and enters a ratio as that."""
    return any((c := concept(cid)) is not None and (c.outflow or c.magnitude) for cid in concepts)


def ratios_in(text: str) -> list[Ratio]:
    """The standard ratios *text* names."""
    return [r for r in RATIOS if r.id in concepts_in(text).concepts]


_JOINED = re.compile(r"\bnon[- ](gaap|controlling|operating)\b", re.IGNORECASE)  # one word, not the qualifier 'non'


def qualifier_text(text: str) -> str:
    """*text* with 'non-GAAP', 'non-controlling' and 'non-operating' written as one word, as the qualifiers list
    them (a 'Non-operating income (expense):' heading narrows its rows to no 'non' anything)."""
    return _JOINED.sub(lambda m: f"non{m.group(1)}", text)


MAX_UNEXPLAINED = 3  # a label with more words than its line item's wording explains is about something else


def unexplained(match: ConceptMatch) -> list[str]:
    """The words of a label that neither a wording nor the neutral words explain: 'Proceeds from sale of business
    units and investment in unconsolidated affiliate' has six, so it is not a revenue row though it says 'sale'."""
    return [t for t in match.leftover if t not in NEUTRAL]


def names_its_concept(match: ConceptMatch) -> bool:
    """Whether a row label is its concepts' line item, not a longer story that contains a wording."""
    return bool(match.concepts) and len(unexplained(match)) <= MAX_UNEXPLAINED


def narrowing_terms(match: ConceptMatch, asked_terms: frozenset[str]) -> list[str]:
    """The qualifier terms of a label that the asking text does not ask for ('segment', 'adjusted')."""
    return [t for t in match.leftover if t in QUALIFIERS and t not in asked_terms]


_TIMES_DAYS = re.compile(r"(?:[*×]|\btimes\b|\bmultiplied by\b)\s*36[056]\b", re.IGNORECASE)


def stated_definition(question: str) -> Formula | None:
    """A definition the question states: '... defined as FY2019 revenue / average PP&E' -> revenue / ppe; a
    year's days it multiplies by ('* 365') are its constants."""
    found = re.search(r"\b(?:defined|calculated|computed|measured)\s+as:?\s+(?P<body>[^.;?]+)", question, re.I)
    if not found:
        return phrased_ratio(question)
    body = found.group("body")
    parts = re.split(r"\s*(?:/|÷|\bdivided by\b|\bover\b)\s*", body, maxsplit=1)
    top = concepts_in(parts[0], asides=True).concepts - {r.id for r in RATIOS}
    taken = _taken_away(parts[0]) & top
    bottom = concepts_in(parts[1], asides=True).concepts - {r.id for r in RATIOS} if len(parts) > 1 else frozenset()
    if not top:
        return None
    averaged = bool(re.search(r"\baverage\b", body, re.I))
    days = _DAYS if _TIMES_DAYS.search(body) else frozenset()  # 'receivables / revenue * 365'
    return Formula(tuple(sorted(top)), tuple(sorted(bottom)), days, averaged=averaged, subtracted=taken)


_MINUS = re.compile(r"\s(?:minus|less|-|−|–)\s", re.IGNORECASE)


def _taken_away(text: str) -> frozenset[str]:
    """The concepts a stated sum takes away: those after 'minus', 'less' or ' - ' ('cash from operations minus
    capital expenditures')."""
    pieces = _MINUS.split(f" {text} ")
    return (
        frozenset().union(*(concepts_in(p, asides=True).concepts for p in pieces[1:]))
        if len(pieces) > 1
        else (frozenset())
    )


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


_PLUS = re.compile(r"(?P<a>[^.;?+]{1,120}?)\s*(?:\+|\bplus\b)\s*(?P<b>[^.;?+]{1,80})", re.IGNORECASE)
_AS_SHARE_OF = re.compile(
    r"(?P<top>[^.;?]{1,120}?)\s+as\s+an?\s+(?:%|percent(?:age)?)\s+of\s+(?:the\s+)?(?P<bottom>[^.;?,]{1,80})", re.I
)
_MARGIN_OF = re.compile(r"(?P<top>[^.;?]{1,120}?)\s*(?:%|percent(?:age)?)?\s+margin\b", re.IGNORECASE)


def phrased_ratio(question: str) -> Formula | None:
    """A ratio or sum the question spells out in words: 'cost of goods sold as a % of revenue' -> cost of revenue /
    revenue; 'the D&A % margin' -> depreciation and amortization / revenue (a margin is a figure over revenue);
    'operating income + depreciation and amortization' -> their sum. None when the words name no one line item on
    each side, or name a standard ratio ('gross margin')."""
    plus = _PLUS.search(question)
    if plus is not None:
        first, second = _line_items(plus.group("a")), _line_items(plus.group("b"), first=True)
        if len(first) == 1 and len(second) == 1 and first != second:
            return Formula((*first, *second))
    share = _AS_SHARE_OF.search(question)
    if share is not None:
        said = share.group("top").rsplit("(", 1)[-1]  # 'gross margin (net sales minus cost of sales, as a % of ...'
        pieces = _MINUS.split(f" {said} ")
        if len(pieces) > 1:  # a difference over a whole: every term, those after 'minus' taken away
            terms = [_line_items(p) for p in pieces]
            if all(len(t) == 1 for t in terms) and len({t[0] for t in terms}) == len(terms):
                bottom = _line_items(share.group("bottom"), first=True)
                taken = frozenset(t[0] for t in terms[1:])
                return Formula(tuple(t[0] for t in terms), bottom, subtracted=taken) if len(bottom) == 1 else None
            return None
        top, bottom = _line_items(said), _line_items(share.group("bottom"), first=True)
        if len(top) == 1 and len(bottom) == 1 and top != bottom:
            return Formula(top, bottom)
        return None
    margin = _MARGIN_OF.search(question)
    if margin is None or ratios_in(question):
        return None
    top = _line_items(margin.group("top"))
    return Formula(top, ("revenue",)) if len(top) == 1 and top != ("revenue",) else None


def _line_items(text: str, first: bool = False) -> tuple[str, ...]:
    """The one line item a phrase names last ('the three year average of cost of goods sold' -> cost_of_revenue),
    or first."""
    tokens = tokenize(_PARENTHESES.sub(" ", text).replace("/", " "))
    hits = [(cid, pos) for cid, wording in _wording_index() if (pos := _match_positions(wording, tokens)) is not None]
    kept = [(cid, pos) for cid, pos in hits if not any(pos < other for _, other in hits) and concept(cid)]
    if not kept:
        return ()
    edge = min(min(pos) for _, pos in kept) if first else max(max(pos) for _, pos in kept)
    return tuple(sorted({cid for cid, pos in kept if (min(pos) if first else max(pos)) == edge}))
