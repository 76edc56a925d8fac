"""A line of a table split into its label and its cells (``split_row``): the numeric tokens that end it, a date or a
money figure the label itself states aside ('Balance at December 31, 2019 171 ...', 'net of allowance for doubtful
accounts of $650 and $633 48,688 44,261')."""

from __future__ import annotations

import re

from ..numbers import CURRENCY_SIGNS
from ..periods import MONTHS

_CELL = re.compile(
    r"^[-−–]?[$€£¥]?\d[\d,]*(?:\.\d+)?%?$|^\([-−–]?[$€£¥]?\(?\d[\d,]*(?:\.\d+)?%?\)?%?\)?$|^\([$€£¥]?\d[\d,.]*$"
    r"|^[—–-]+%?$|^[$€£¥%)]$|^(?:\(\w\))+$"
    r"|^(?:N/A|n/a|NM|nm)$"  # not applicable, not meaningful: a percent change over nothing ('Other 1 % -% N/A')
)
_LETTER = re.compile(r"[A-Za-z]")
_NOTE_CELL = re.compile(r"(?:\(\w\))+")  # footnote markers printed among the cells: '(a)', '(a)(b)'
_ENDS_IN_MONTH = re.compile(r"\b(" + "|".join(MONTHS) + r")\.?$", re.IGNORECASE)


def split_row(text: str) -> tuple[str, list[str]] | None:
    """(label, cells) when *text* ends in numeric cells after a label with letters; else None."""
    tokens = text.split()
    cells: list[str] = []
    index = len(tokens)
    while index > 0 and _CELL.match(tokens[index - 1]):
        index -= 1
    index += _date_in_label(tokens, index)
    index += _label_figure(tokens, index)
    label = " ".join(tokens[:index])
    raw = tokens[index:]
    if not raw or not _LETTER.search(label):
        return None
    for token in raw:
        closes = cells and (cells[-1][-1].isdigit() or (token == "%" and cells[-1].endswith(")")))
        if closes and (token in (")", "%") or _NOTE_CELL.fullmatch(token)):  # '(0.6) %' is a negative percent
            cells[-1] += token if token in (")", "%") else ""  # '(6,450 )', '12.5 %', footnote '(a)'
        elif cells and cells[-1] in CURRENCY_SIGNS:
            cells[-1] += token
        elif token in ("%", ")") or _NOTE_CELL.fullmatch(token):
            continue
        else:
            cells.append(token)
    cells = [c for c in cells if c not in CURRENCY_SIGNS]
    return (label, cells) if cells else None


_DAY = re.compile(r"\d{1,2},?")
_YEAR = re.compile(r"(?:19|20)\d\d,?")


def _date_in_label(tokens: list[str], index: int) -> int:
    """How many of the cells starting at *index* finish a date the label begins ('Balance at December' '31,'
    '2019' '171' ...: 2): a roll-forward's row is named by its date. 0 when no cell but a year would be left."""
    if not _ENDS_IN_MONTH.search(" ".join(tokens[max(0, index - 1) : index])):
        return 0
    taken = 0
    if index < len(tokens) and _DAY.fullmatch(tokens[index]):
        taken = 1
    if index + taken >= len(tokens) or not _YEAR.fullmatch(tokens[index + taken]):
        return 0
    rest = tokens[index + taken + 1 :]
    return taken + 1 if any(not _YEAR.fullmatch(t) for t in rest) else 0


def _label_figure(tokens: list[str], index: int) -> int:
    """How many tokens from *index* finish a figure the label states in money ('allowance ... of $650 and' '$633'
    '48,688' '44,261': 1; 'of $ 650 and' '$' '633' ...: 2), when the label already holds such a figure and ends in
    'and' or 'of': the row's cells follow it ('net of tax of $(598), $(156), and (975) ...' keeps (975), no sign)."""
    label = tokens[:index]
    if not label or label[-1].lower() not in ("and", "of") or index >= len(tokens) - 2:
        return 0
    if not any(t[:1] in CURRENCY_SIGNS and (len(t) > 1 or n + 1 < index) for n, t in enumerate(label)):
        return 0
    first = tokens[index]
    taken = 2 if first in CURRENCY_SIGNS else 1 if first[:1] in CURRENCY_SIGNS else 0
    return taken if index + taken <= len(tokens) - 2 else 0
