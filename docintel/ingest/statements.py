"""Statement pages: where a filing prints its primary financial statements.

The five primary statements (income statement, statement of comprehensive income, balance sheet,
statement of cash flows, statement of shareholders' equity) are recognised page by page from two
things together:

- a caption among the first lines of the page ("Consolidated Balance Sheets", "Condensed
  Consolidated Statements of Operations (Unaudited)"), not a caption of a part or a summary of one
  ("Selected balance sheet data", "Consolidating balance sheet", "Average balance sheets");
- the statement's row set on that page (or on it and the next page, when the statement runs on):
  numeric rows naming its defining line items, e.g. total assets and total liabilities (or current
  liabilities, or equity) for a balance sheet. A table of contents that lists the captions has
  captions but no rows, and a summary table in the discussion has rows but no caption: neither is a
  statement page.

The line items, the statement each lives on (the US GAAP Financial Reporting Taxonomy's presentation
groups) and the statements' captions (Regulation S-X) are rows of the domain table (``docintel.domain``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, Field

from ..domain import STATEMENT_KINDS, StatementKind, table
from ..periods import MONTHS

_MAX_CAPTION_CHARS = 140
MIN_ROWS = 5  # numeric lines: a statement is a table, not a sentence that names its rows
STATEMENTS_TOGETHER = 8  # pages: the primary statements are printed one after another


class StatementPage(BaseModel):
    """One primary statement: its kind, the pages it is printed on and its caption."""

    kind: StatementKind
    pages: list[int] = Field(description="1-based physical pages (a statement may run onto the next page)")
    line: int = Field(description="GLOBAL_LINE of the caption")
    caption: str
    primary: bool = Field(
        default=False, description="the document's primary statement of its kind (one per kind; see find_statements)"
    )


# The statement each line item is presented on, and each statement's caption: rows of the domain table.
STATEMENT_OF: dict[str, tuple[StatementKind, ...]] = {i.id: i.statements for i in table().line_items if i.statements}
_CAPTIONS: dict[StatementKind, re.Pattern[str]] = {
    kind: re.compile(table().statement(kind).caption, re.I) for kind in STATEMENT_KINDS
}
# The same captions with every space and sign taken out, for a caption printed a word or a piece to a line
# ('CONSOLIDATED' / 'STATEME' / 'NTS' / 'OF' / 'OPERATIONS').
_SQUASHED_BODIES: dict[StatementKind, str] = {kind: table().statement(kind).squashed for kind in STATEMENT_KINDS}
_SQUASHED = {kind: re.compile(rf"(?:condensed)?(?:consolidated)?(?:{body})") for kind, body in _SQUASHED_BODIES.items()}
_PIECE_CHARS = 20  # a line this short may be a piece of a caption printed over several lines
_PIECES = 6
# A caption of a part or a summary of a statement, or of another entity's statement, is not the statement.
_NOT_PRIMARY = re.compile(
    r"\b(?:selected|summary|summarized|data|analysis|average|consolidating|supplemental|supplementary|"
    r"notes?\s+to|index|parent|guarantor|pro\s+forma|reconciliation|impact|effect)\b",
    re.I,
)
# A cell: an amount, a percentage or a dash. Rows are read from lines holding cells anywhere, since some
# extractions print a row's cells at the start of the next row's line ('1,554 1,906 Total assets').
_CELL = re.compile(r"[-−–]?\(?[$€£¥]?\s*\d[\d,]*(?:\.\d+)?\)?%?|(?<!\w)[—–](?!\w)")
_LEADING_CELLS = re.compile(rf"^(?:\s*(?:{_CELL.pattern}|[$€£¥]))+\s*")
_MONTH = "|".join(MONTHS)
_BALANCE_ROW = re.compile(
    rf"^(?:balances?\b|(?:{_MONTH})\.?\s+\d{{1,2}},?\s+\d{{4}}\b)|\bbalances?,?\s+(?:at|as\s+of|on)\b", re.I
)
_COMPREHENSIVE_ROW = re.compile(table().statement("comprehensive_income").row, re.I)  # a row only this one prints
# ASC 230's three classes of cash flows: 'operating activities', or 'net cash from operations / used in investing'
_ACTIVITY_ROW = re.compile(
    r"\b(operating|investing|financing)\s+activities\b|\bnet\s+cash\b[\w\s(),/]{0,30}?\b(?:from|in|by)\s+"
    r"(operations|investing|financing)\b",
    re.I,
)
# Around a caption: the entity's name and 'Condensed Consolidated' before it (capitalised words), and after it
# nothing, an aside, a dash or the period it covers.
_NAME_BEFORE = re.compile(r"^(?:(?:[A-Z0-9][\w.,&'’()-]*|and|of|&)\s+)*$")
_AFTER = re.compile(  # the words case-blind; a name after the caption in capitals ('... Income Corning Inc.')
    r"^\s*(?:$|[(\[:,–—-]|(?i:and|for|as\s+of|at|in|years?|three|six|nine|twelve|quarters?|fiscal|periods?|"
    r"unaudited)\b|(?:\s*(?:[A-Z][\w.,&'’-]*|and|of|&))+\s*$)"
)


def _branches(pattern: str) -> list[str]:
    """The top-level alternatives of a regular expression's source, each with its groups blanked out: what is
    left of a branch is what every match of it holds (outside character classes and escapes)."""
    branches, current, depth, index = [], [], 0, 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            current.append(" ")
            index += 2
            continue
        if char == "[":
            end = pattern.index("]", index + 2 if pattern[index + 1 : index + 2] == "]" else index + 1)
            current.append(" ")
            index = end + 1
            continue
        depth += char == "("
        if char == "|" and depth == 0:
            branches.append("".join(current))
            current = []
        elif depth == 0:
            current.append(char)
        depth -= char == ")"
        index += 1
    return [*branches, "".join(current)]


def _required_words(patterns: Sequence[str], words: tuple[str, ...]) -> tuple[str, ...] | None:
    """*words* when every match of every pattern holds one of them (each branch of each pattern has one outside
    any group and not made optional); None when a pattern could match without them."""
    for pattern in patterns:
        for branch in _branches(pattern):
            if not any(word in branch and branch.partition(word)[2][:1] not in ("?", "*", "{") for word in words):
                return None
    return words


# Every caption names a statement or a balance sheet: a line without either word is no caption, which a substring
# test finds far faster than the captions' patterns (tried at each position of every line of the document).
_CAPTION_WORDS = _required_words([p.pattern for p in _CAPTIONS.values()], ("statement", "balance"))
_CAPTION_WORD = re.compile("|".join(_CAPTION_WORDS or ("",)), re.I)


def _may_name_statement(line: str) -> bool:
    """False when no caption pattern can match *line*: it holds none of the words each caption holds (compared as
    the patterns do, case-blind; a line of ASCII by a substring test, any other by the same flags' pattern)."""
    if _CAPTION_WORDS is None:
        return True
    if line.isascii():
        folded = line.lower()
        return any(word in folded for word in _CAPTION_WORDS)
    return _CAPTION_WORD.search(line) is not None


_INCOME_ROWS = frozenset(c for c, kinds in STATEMENT_OF.items() if kinds == ("income",))
_INCOME_RESULTS = frozenset({"net_income", "eps", "eps_basic", "eps_diluted", "pretax_income", "operating_income"})
_CASH_USES = frozenset({"capex", "dividends_paid", "share_repurchases", "acquisitions"})
_LIABILITY_SIDE = frozenset({"total_liabilities", "current_liabilities", "equity"})


class _Rows:
    """The numeric rows of some lines: the line items their labels name, balance rows, comprehensive income
    rows and the classes of cash flow activities."""

    def __init__(self, texts: Sequence[str]) -> None:
        from ..concepts import concepts_in  # imported once the parse has begun, not before its workers start

        self.concepts: set[str] = set()
        self.activities: set[str] = set()
        self.balances = 0
        self.comprehensive = 0
        self.numeric = 0
        for text in texts:
            line = text.strip()
            # a subtotal may print its cells on the next line: the classes count from every line
            self.activities |= {
                (a or b).lower().replace("operations", "operating") for a, b in _ACTIVITY_ROW.findall(line)
            }
            if not any(ch.isdigit() for ch in line):
                continue
            self.numeric += 1
            label = _CELL.sub(" ", line)
            self.concepts |= concepts_in(label).concepts
            self.balances += bool(_BALANCE_ROW.search(line) or _BALANCE_ROW.match(_LEADING_CELLS.sub("", line)))
            self.comprehensive += bool(_COMPREHENSIVE_ROW.search(label))

    def holds(self, kind: StatementKind) -> bool:
        """Whether these rows are the whole row set of a statement of *kind*."""
        found = self.concepts
        if self.numeric < MIN_ROWS:
            return False
        if kind == "balance_sheet":
            return "total_assets" in found and bool(found & _LIABILITY_SIDE)
        if kind == "income":
            return len(found & _INCOME_ROWS) >= 3 and bool(found & _INCOME_RESULTS)
        if kind == "cash_flows":  # a release's condensed statement may total its operating activities alone
            return len(self.activities) >= 2 or ("operating" in self.activities and bool(found & _CASH_USES))
        if kind == "comprehensive_income":
            return self.comprehensive >= 1 and "net_income" in found
        return self.balances >= 2 and bool(found & {"net_income", "dividends_paid", "share_repurchases"})

    def starts(self, kind: StatementKind) -> bool:
        """Whether these rows begin a statement of *kind* (one that runs on to the next page)."""
        found = self.concepts
        if kind == "balance_sheet":
            return bool(found & {"total_assets", "current_assets", "cash"})
        if kind == "income":
            return len(found & _INCOME_ROWS) >= 2
        if kind == "cash_flows":
            return bool(self.activities) or "net_income" in found
        if kind == "comprehensive_income":
            return "net_income" in found
        return self.balances >= 1


def _caption(line: str) -> list[StatementKind]:
    """The kinds of statement *line* is the caption of (none for a sentence or a part's caption)."""
    if len(line) > _MAX_CAPTION_CHARS or line.endswith(".") or not _may_name_statement(line):
        return []
    if _NOT_PRIMARY.search(line.split("(")[0]):  # the aside may say '(in millions, except per share data)'
        return []
    kinds: list[StatementKind] = []
    for kind, pattern in _CAPTIONS.items():
        match = pattern.search(line)
        if match and _NAME_BEFORE.match(line[: match.start()]) and _AFTER.match(line[match.end() :]):
            kinds.append(kind)
    return kinds


def _squashed_caption(lines: Sequence[str], i: int) -> tuple[list[StatementKind], str]:
    """The kinds of statement whose caption the short lines from *i* on spell with their spaces taken out."""
    pieces: list[str] = []
    for line in lines[i : i + _PIECES]:
        pieces.append(line[:_PIECE_CHARS])  # the last piece may run on into an aside: 'OPERATIONS(In thousands'
        if len(line) > _PIECE_CHARS:
            break
    squashed = re.sub(r"[^a-z0-9]", "", "".join(pieces).lower())
    before = " ".join(lines[max(0, i - 2) : i])
    if len(pieces) < 2 or _NOT_PRIMARY.search(f"{before} {' '.join(pieces)}"):
        return [], ""
    return [kind for kind, pattern in _SQUASHED.items() if pattern.match(squashed)], " ".join(pieces)


def _captions(texts: Sequence[str]) -> list[tuple[int, StatementKind, str]]:
    """(index, kind, caption) of the statement captions among *texts* (the lines of a page); a caption broken over
    two lines ('... CONSOLIDATED STATEMENTS OF' / 'OPERATIONS (In thousands)') is read joined, one printed a word
    to a line with its spaces taken out."""
    found: list[tuple[int, StatementKind, str]] = []
    lines = [text.strip() for text in texts]
    own = [_caption(line) for line in lines]  # each line's own reading, once (it is asked for twice)
    for i, line in enumerate(lines):
        caption, kinds = line, own[i]
        if not kinds and i + 1 < len(lines) and not own[i + 1]:
            for joined in (f"{line} {lines[i + 1]}", line + lines[i + 1]):
                if kinds := _caption(joined):
                    caption = joined
                    break
        if not kinds and len(line) <= _PIECE_CHARS:
            kinds, caption = _squashed_caption(lines, i)
            kinds = [k for k in kinds if not any(k == other and i - j <= _PIECES for j, other, _ in found)]
        found += [(i, kind, caption) for kind in kinds]
    return found


def _page_starts(pages: Sequence[int]) -> dict[int, tuple[int, int]]:
    """Each page's (first index, end index) in the line columns."""
    spans: dict[int, tuple[int, int]] = {}
    for i, page in enumerate(pages):
        start, _ = spans.get(page, (i, i))
        spans[page] = (start, i + 1)
    return spans


def find_statements(pages: Sequence[int], texts: Sequence[str]) -> list[StatementPage]:
    """The statement pages of a document from its line columns (1-based pages; GLOBAL_LINE = index + 1), the
    primary statement of each kind marked (the run of pages that holds the most kinds; there the first).

    A statement's rows are the lines from its caption to the next caption on the page (a release prints
    several statements on one page), and on through the next page when the page ends first and the rows begin
    there but are not whole (a balance sheet's liabilities overleaf)."""
    spans = _page_starts(pages)
    found: list[StatementPage] = []
    for page, (start, end) in sorted(spans.items()):
        captions = _captions(texts[start:end])
        for n, (index, kind, caption) in enumerate(captions):
            stop = next((j for j, _, _ in captions[n + 1 :] if j > index), end - start)
            here = texts[start + index : start + stop]
            rows = _Rows(here)
            statement = StatementPage(kind=kind, pages=[page], line=start + index + 1, caption=caption)
            if rows.holds(kind):
                found.append(statement)
            elif start + stop == end and rows.starts(kind) and page + 1 in spans:
                overleaf = _overleaf(texts, spans[page + 1], kind)
                if _Rows([*here, *overleaf]).holds(kind):
                    found.append(statement.model_copy(update={"pages": [page, page + 1]}))
    return _mark_primary(found)


def _overleaf(texts: Sequence[str], span: tuple[int, int], kind: StatementKind) -> Sequence[str]:
    """The lines of the page at *span* up to its first caption of another kind ('(continued)' goes on)."""
    others = [i for i, other, _ in _captions(texts[span[0] : span[1]]) if other != kind]
    return texts[span[0] : span[0] + min(others, default=span[1] - span[0])]


def _mark_primary(statements: list[StatementPage]) -> list[StatementPage]:
    """*statements* with the primary one of each kind marked: a filing prints its primary statements one after
    another, so the primary ones are those of the run of pages holding the most kinds (a summary of an
    investee's balance sheet in the discussion, or a parent company's schedule after the notes, stands apart);
    within the run, and for a kind outside it, the first one."""
    if not statements:
        return statements

    def run(start: int) -> bool:
        return 0 <= start - begin <= STATEMENTS_TOGETHER

    def kinds_from(page: int) -> int:
        return len({s.kind for s in statements if 0 <= s.pages[0] - page <= STATEMENTS_TOGETHER})

    begin = max(statements, key=lambda s: (kinds_from(s.pages[0]), -s.pages[0])).pages[0]
    chosen: dict[StatementKind, int] = {}
    for i in sorted(range(len(statements)), key=lambda i: (not run(statements[i].pages[0]), statements[i].pages[0])):
        chosen.setdefault(statements[i].kind, i)
    return [s.model_copy(update={"primary": i in chosen.values()}) for i, s in enumerate(statements)]


def primary_statements(statements: Sequence[StatementPage]) -> dict[StatementKind, StatementPage]:
    """The primary statement of each kind (see ``find_statements``)."""
    return {s.kind: s for s in statements if s.primary}


def primary_statement_on(statements: Sequence[StatementPage], page: int) -> StatementKind | None:
    """The kind of the primary statement printed on *page* ('equity', 'cash_flows'), if any."""
    return next((s.kind for s in statements if s.primary and page in s.pages), None)
