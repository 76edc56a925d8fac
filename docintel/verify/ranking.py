"""A superlative read from one row: 'Which nominee received the most votes against?' answered with a row of a
table is right only when no other row of the same run holds a larger figure in the same column; answered with one
number of a sentence's 'respectively' list ('Bangalore ... and Noida ... approximately 0.4 million and 0.5 million
square feet, respectively'), only when no number of the list is larger.

The run is the table's rows with as many cells as the cited one, totals aside ('Total', 'Consolidated', a row
equal to the sum of the rows above it): all the table lists (the nominees of a vote, the resorts of every region),
or only those under the cited row's sub-heading when the question names it. The column is the cell of the cited
row that the answer states (a figure printed in several columns is ranked in each). Nothing is decided when the
answer states no cell of the row, its figure is negative or, for the least, another is (whether the largest loss
is the most negative is a matter of words), or the superlative is an adjective's ('the most recent', 'the most
significant') or a ratio's ('the highest EBIT margin': no one cell holds it): those rank something the cells do
not. A superlative of time ('the last to re-open') is read over the run of lines around the cited one that each
end in a date.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..concepts import NEUTRAL, concepts_in, qualifier_text
from ..ingest.tables import Table, TableRow
from ..numbers import find_numbers
from ..periods import find_periods
from ..textnorm import split_sentences, tokenize
from .listed import RESPECTIVELY, listed_years
from .rules import FieldCheck, FieldVerdict
from .values import CitedSpan

# not 'at least 10%', 'at most', 'most of its revenue'
_MOST = re.compile(
    r"(?<!\bat\s)\b(?:(?P<up>highest|largest|greatest|biggest|most)|(?P<down>lowest|smallest|fewest|least))\s+"
    r"(?!of\b)(?P<next>[\w-]+)",
    re.IGNORECASE,
)
# 'the most recent', 'the most significant', 'least likely': a superlative of an adjective ranks no figure
_ADJECTIVE = re.compile(
    r"(?:ant|ent|ive|ful|ous|able|ible|al|ic|ly|ar|ed|ing|ary|ory|ile|ish|less|ical)$|^(?:common|important)$",
    re.IGNORECASE,
)
# a superlative of a ratio or a change ('the highest EBIT margin', 'operating income as a percentage of revenues',
# 'the largest increase in net sales') ranks figures no one cell holds
_RATIO_RANKED = re.compile(
    r"\b(?:margins?|ratios?|rates?|percent(?:ages?)?|returns?|yields?|growth|increases?|decreases?|declines?|"
    r"changes?|relative\s+to|per)\b",
    re.IGNORECASE,
)
# rows of a breakdown that are no peer of its parts: the corporate and reconciling lines of a segment table
_NOT_PEER = re.compile(r"\b(?:corporate|unallocated|eliminations?|reconciling|intersegment|global|other)\b", re.I)
_FIGURES_IN_LABEL = re.compile(r"\d[\d,.]*\s*%?\s+\$?\s*\(?\d")
_ADDS_UP = re.compile(r"\b(?:total|totals|subtotal|consolidated|combined|overall|worldwide)\b|^\s*all\b", re.I)


def asked_superlative(question: str) -> tuple[str, str] | None:
    """('most' or 'least', the words) of a superlative the question asks of a figure, else None."""
    for match in _MOST.finditer(question):
        word, following = match.group(0).split()[0].lower(), match.group("next")
        if word in ("most", "least") and _ADJECTIVE.search(following):
            continue  # 'most recent', 'least significant': not a ranking by size
        return ("most" if match.group("up") else "least"), match.group(0)
    return None


def superlative_rule(question: str, values: Sequence[float], spans: Sequence[CitedSpan]) -> FieldCheck:
    """Whether the row the answer cites holds the largest (or smallest) figure its column has in its run, or the
    number it states the largest of a sentence's list ('approximately 0.4 million and 0.5 million square feet,
    respectively')."""
    asked = asked_superlative(question)
    if asked is None or not values:
        return FieldCheck(field="superlative", verdict="not_applicable")
    way, words = asked
    if _RATIO_RANKED.search(question[question.find(words) :]):
        return FieldCheck(field="superlative", verdict="not_applicable")  # 'the highest EBIT margin': not a cell
    for cited in spans:
        for sentence in split_sentences(cited.span.quote):
            checked = _rank_listed(sentence, values, way, words)
            if checked is not None:
                return checked
    for cited in spans:
        for line in range(cited.span.line_start, cited.span.line_end + 1):
            found = cited.document.table_row(line)
            if found is None:
                continue
            checked = _rank(found[0], found[1], values, way, words, question)
            if checked is not None:
                return checked
    return FieldCheck(field="superlative", verdict="not_applicable")


def _rank(
    table: Table, row: TableRow, values: Sequence[float], way: str, words: str, question: str
) -> FieldCheck | None:
    """The check of *row*'s cells among *values* against the same column of its run; None: undecided. A figure
    printed in several columns ('Bank loans 22 22') is the largest only if it is in each, and not if in none. A row
    that names a line item ('Net income 1,137' in a table of quarters) ranks columns, not rows: undecided. A row
    beaten by one under another sub-heading is `unknown` (which rows the question ranks may be the heading's)."""
    columns = [i for i, cell in enumerate(row.values) if cell is not None and any(_same(cell, v) for v in values)]
    if not columns or _ADDS_UP.search(row.label) or concepts_in(qualifier_text(row.label)).concepts:
        return None
    run = [r for r in _run(table, row, question) if r is row or not _adds_up(r, table)]
    ranked = [_best(run, row, column, way) for column in columns]
    bests = [b for b in ranked if b is not None]
    if len(bests) < len(ranked):
        return None
    word = words.split()[0].lower()
    if all(best is row for best, _ in bests):
        misread = next((r for r in table.rows if not _excluded(r) and _misread(r, row)), None)
        if misread is not None:  # a row of the run ingest read with a cell more or less ('19 $%') may be larger
            detail = f"superlative: the row '{misread.label}' of its table could not be read cell by cell"
            return FieldCheck(field="superlative", verdict="unknown", asked=words, found=row.label, detail=detail)
        detail = f"'{row.label}' {row.cells[columns[0]]} is the {word} of the {bests[0][1]} rows in its column"
        return FieldCheck(field="superlative", verdict="supported", asked=words, found=row.label, detail=detail)
    if any(best is row for best, _ in bests):
        return None
    at, (best, _) = next((c, b) for c, b in zip(columns, bests, strict=True) if b[0] is not row)
    verdict: FieldVerdict = "mismatch" if best.group == row.group else "unknown"
    detail = (
        f"superlative: '{row.label}' has {row.cells[at]}, but '{best.label}' has {best.cells[at]} in the same "
        f"column: not the {word}"
    )
    return FieldCheck(field="superlative", verdict=verdict, asked=words, found=row.label, detail=detail)


def _misread(other: TableRow, row: TableRow) -> bool:
    """Whether *other*, under *row*'s sub-heading, looks like a row of its kind read with a cell more or less, or
    with figures run into its label ('North America $ 17,179 $ 14,484 19 % 19 $%')."""
    if other.group != row.group or len(other.cells) == len(row.cells):
        return False
    return abs(len(other.cells) - len(row.cells)) <= 2 or _FIGURES_IN_LABEL.search(other.label) is not None


def _excluded(row: TableRow) -> bool:
    """A total, a corporate or reconciling line, or a row that names a line item: no peer of a member's row."""
    return bool(
        _ADDS_UP.search(row.label) or _NOT_PEER.search(row.label) or concepts_in(qualifier_text(row.label)).concepts
    )


def _best(run: list[TableRow], row: TableRow, column: int, way: str) -> tuple[TableRow, int] | None:
    """The row of *run* with the largest (or smallest) figure in *column* (*row* on a tie), with how many rows
    were ranked; None when fewer than two, a negative figure leaves it to words, or a figure ingest could not read
    might be the best."""
    cells = [(r, r.values[column]) for r in run if column < len(r.values)]
    figures = [(r, v) for r, v in cells if v is not None]
    if len(cells) < 2 or any(v < 0 and (way == "least" or r is row) for r, v in figures):
        return None
    own = row.values[column]
    pick = max if way == "most" else min
    best, value = pick(figures, key=lambda pair: pair[1])
    if value == own and len(figures) < len(cells):
        return None
    return (row if value == own else best), len(cells)


def _rank_listed(sentence: str, values: Sequence[float], way: str, words: str) -> FieldCheck | None:
    """The check of the one number of a 'respectively' list the answer states against the list's others."""
    if not RESPECTIVELY.search(sentence) or listed_years(sentence):
        return None  # '$3,646 million and $3,676 million in 2017 and 2016, respectively': one thing's years
    listed = [n for n in find_numbers(sentence) if not n.is_year]
    mine = [n for n in listed if any(_same(n.value, v) or _same(n.scaled, v) for v in values)]
    if len(mine) != 1:
        return None
    peers = [n for n in listed if n.percent == mine[0].percent and n.scale == mine[0].scale and n.value >= 0]
    if len(peers) < 2 or mine[0] not in peers:
        return None
    best, word = (max if way == "most" else min)(peers, key=lambda n: n.value), words.split()[0].lower()
    if best.value == mine[0].value:
        detail = f"{mine[0].text} is the {word} of the {len(peers)} figures its sentence lists"
        return FieldCheck(field="superlative", verdict="supported", asked=words, found=mine[0].text, detail=detail)
    detail = f"superlative: the sentence lists {best.text} beside the answer's {mine[0].text}: not the {word}"
    return FieldCheck(field="superlative", verdict="mismatch", asked=words, found=mine[0].text, detail=detail)


def _same(cell: float, value: float) -> bool:
    return abs(cell - value) <= 1e-9 * max(abs(cell), 1.0) or abs(abs(cell) - abs(value)) < 1e-9


def _run(table: Table, row: TableRow, question: str) -> list[TableRow]:
    """The rows ranked with *row*: the table's rows with as many cells, totals aside; only those under *row*'s
    sub-heading when the question names it ('Which Las Vegas Strip resort ...'), else all the table lists ('Which
    of the resorts listed ...': the Strip's, the regional and MGM China's)."""
    rows = [r for r in table.rows if r is row or (len(r.cells) == len(row.cells) and not _excluded(r))]
    heading = set(tokenize(row.group or "")) - NEUTRAL
    if heading and heading <= set(tokenize(question)):
        rows = [r for r in rows if r.group == row.group]
    return rows


def _adds_up(row: TableRow, table: Table) -> bool:
    """Whether *row* totals others: its label says so, or its first figure is the sum of the rows above it."""
    if _ADDS_UP.search(row.label):
        return True
    above = [r for r in table.rows if r.line < row.line and len(r.cells) == len(row.cells)]
    first = row.values[0] if row.values else None
    sums = [r.values[0] for r in above if r.values and r.values[0] is not None]
    if first is None or len(sums) < 2:
        return False
    total = sum(v for v in sums if v is not None)
    return abs(total - first) <= 0.005 * max(abs(first), 1.0)


# 'the last to re-open', 'the earliest', 'most recently': a superlative of time ('the first quarter' is a period)
_WHEN_MOST = re.compile(
    r"\b(?:(?P<late>last|latest|most\s+recent(?:ly)?|final)|(?P<early>first|earliest))\b"
    r"(?!\s+(?:quarter|half|time|fiscal|\d|one|two|three|four|six|nine|twelve|fifty|several|few)\b)",
    re.IGNORECASE,
)


def date_superlative_rule(question: str, text: str, spans: Sequence[CitedSpan]) -> FieldCheck:
    """Whether the date a text answer states for 'the last to re-open' is the latest of the list it is cited from:
    the run of lines around the cited one that each end in a date (a column of dates, or rows 'Name  Date')."""
    asked = _WHEN_MOST.search(question)
    stated = {p.iso for p in find_periods(text) if p.iso}
    if asked is None or len(stated) != 1:
        return FieldCheck(field="superlative", verdict="not_applicable")
    iso, late = stated.pop(), asked.group("late") is not None
    for cited in spans:
        texts, pages = cited.document.lines["text"].tolist(), cited.document.lines["page"].tolist()
        for line in range(cited.span.line_start, cited.span.line_end + 1):
            if _ending_date(texts, line) != iso:
                continue
            listed = _date_run(texts, pages, line)
            if len(listed) < 2:
                continue
            best = max(listed) if late else min(listed)
            word = asked.group(0).lower()
            if best == iso:
                detail = f"{iso} is the {word} of the {len(listed)} dates listed with it"
                return FieldCheck(field="superlative", verdict="supported", asked=word, found=iso, detail=detail)
            detail = f"superlative: the list the answer's {iso} is cited from holds {best}: {iso} is not the {word}"
            return FieldCheck(field="superlative", verdict="mismatch", asked=word, found=iso, detail=detail)
    return FieldCheck(field="superlative", verdict="not_applicable")


def _ending_date(texts: list[str], line: int) -> str | None:
    """The day a line ends with ('Bellagio March 17, 2020', 'September 21, 2020'), else None."""
    if not 1 <= line <= len(texts):
        return None
    text = str(texts[line - 1]).rstrip(" .")
    found = find_periods(text)
    last = found[-1] if found else None
    return last.iso if last is not None and last.iso and last.end == len(text) else None


def _date_run(texts: list[str], pages: list[int], line: int) -> list[str]:
    """The days of the lines next to *line* on its page that each end in a day, *line*'s own included."""
    days, page = [], pages[line - 1]
    start = line
    while start > 1 and pages[start - 2] == page and _ending_date(texts, start - 1):
        start -= 1
    end = line
    while end < len(texts) and pages[end] == page and _ending_date(texts, end + 1):
        end += 1
    for number in range(start, end + 1):
        day = _ending_date(texts, number)
        if day:
            days.append(day)
    return days


# a question that asks which one of a kind ('Which segment had the largest net sales?'): a name answers it
_ASKS_WHICH_KIND = re.compile(
    r"^\s*(?:in\s+|of\s+|for\s+)?which\s+(?:\w+\s+)?(?P<kind>segments?|business(?:es)?|divisions?|units?|regions?|"
    r"countr(?:y|ies)|customers?|products?|brands?|subsidiar(?:y|ies)|markets?|programs?)\b",
    re.IGNORECASE,
)
# capitalised words that name no one thing of a kind: a total's, a line item's first word
_NO_KIND = frozenset(tokenize("total totals consolidated net other all the our its a an"))


def kind_named_rule(question: str, text: str) -> FieldCheck:
    """A text answering 'Which <kind> ...?' names one: a capitalised word the question does not say ('Aeronautics',
    'Safety and Industrial'). A total row ('Total net sales 65,398 59,812 53,762') or a table's caption ('Net sales
    by ... for each of our business segments were as follows') names none: unchecked."""
    asked = _ASKS_WHICH_KIND.search(question)
    if asked is None:
        return FieldCheck(field="about", verdict="not_applicable")
    said = set(tokenize(question)) | _NO_KIND
    named = [w for w in re.findall(r"\b[A-Z][\w&'\u2019-]*", text) if set(tokenize(w)) - said]
    if named:
        return FieldCheck(field="about", verdict="not_applicable")
    detail = f"about: the answer names no {asked['kind'].lower()} (a total or a caption names none)"
    return FieldCheck(field="about", verdict="unknown", detail=detail)
