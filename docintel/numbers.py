"""Numbers as financial documents write them: the one parser every stage uses.

``1,577``, ``(370)`` (negative), ``-12.5``, ``$ 5.44``, ``12.5%``, ``1.2 billion``, ``$3.1bn``,
``—`` / ``–`` (a dash standing for zero or nil in a table cell), footnote markers such as
``1,577 (a)``. A number is never cut: ``2,853`` is not found inside ``12,853``. Scale words and
table captions (``(Millions)``, ``in thousands``, ``(in millions, except per share data)``)
give the factor that turns a printed value into units.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

# numbers written as words ('five-year period', 'two-for-one'), general English
WORD_NUMBERS = {
    w: n
    for n, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen".split()
    )
}
SCALE_WORDS = {
    "thousand": 1e3,
    "thousands": 1e3,
    "k": 1e3,
    "million": 1e6,
    "millions": 1e6,
    "mm": 1e6,
    "m": 1e6,
    "mn": 1e6,
    "billion": 1e9,
    "billions": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "trillion": 1e12,
    "trillions": 1e12,
}
CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}
DASHES = frozenset("—–-")

_NUMBER = re.compile(
    # The lookahead is what a match can begin with (every part before the digits is optional): one of the characters
    # that start a part, or spaces before one (a space before a letter starts none). It changes no match, and rejects
    # the other positions at once instead of trying each part there.
    r"(?=[(\-−–$€£¥\d.]|\s+[\-−–$€£¥\d.])"
    # A dash right after a letter, digit or ')' joins a range ('2014-2018', 'Q1-2'): it is not a minus sign.
    r"(?P<open>\()?\s*(?P<minus>(?<![\w)])[-−–](?=\s?[$€£¥]?\s?\d))?\s*(?P<currency>[$€£¥])?\s*"
    r"(?P<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
    r"(?:\s?(?P<percent>%|percent\b))?"
    r"(?:\s?(?P<scale>thousands?|millions?|billions?|trillions?|bn|mn|mm|[kmb])\b)?"
    r"(?P<close>\s?\))?(?:\s?(?P<percent_after>%))?",
    re.IGNORECASE,
)
_MARKER = re.compile(r"\(\s?\d{1,2}\s?\)")
_SENTENCE_END = re.compile(r"[.;:]\s*$")
# words after a marker; not a scale or unit, which would make '(1) million' a number
_WORDS_AFTER = re.compile(r"\s+(?!(?:thousands?|millions?|billions?|percent|basis)\b)[A-Za-z]", re.IGNORECASE)
_CAPTION_SCALE = re.compile(r"\b(?:in\s+)?(thousands|millions|billions)\b", re.IGNORECASE)


_YEAR = re.compile(r"(19|20)\d\d")


@dataclass(frozen=True)
class Number:
    """One number found in text: its value as printed (sign applied), and how it was written."""

    value: float
    text: str
    start: int
    end: int
    percent: bool = False
    currency: str | None = None
    scale: float | None = None  # a scale word written after it ('1.2 billion' -> 1e9), not applied to value

    @property
    def scaled(self) -> float:
        """The value with its own scale word applied ('1.2 billion' -> 1.2e9)."""
        return self.value * (self.scale or 1.0)

    @property
    def is_year(self) -> bool:
        """A bare four-digit year (1900-2099) with no sign, currency, percent or decimals."""
        return (
            _YEAR.fullmatch(self.text.strip("() -−–")) is not None  # sign ignored: "(2013)", "-2018"
            and not (self.percent or self.currency or self.scale)
        )


def _cut(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] would cut a longer number (a digit, or a separator and digits, beside it)."""
    before = text[start - 1] if start > 0 else ""
    after = text[end] if end < len(text) else ""
    if before.isdigit() or (before != "" and before in ".," and start > 1 and text[start - 2].isdigit()):
        return True
    return after.isdigit() or (after != "" and after in ".," and text[end + 1 : end + 2].isdigit())


_ORDINAL = re.compile(r"(?:st|nd|rd|th)\b")
_CODE_LETTER = re.compile(r"-[A-Z]\b")
_CAPITALS = re.compile(r"[A-Z]+\b")


def _in_word(text: str, match: re.Match[str], start: int, end: int) -> bool:
    """Whether the digits are part of a name or code rather than a quantity: '3M', '5G', '1st', '10-K', '3-for-1',
    '401(k)', 'COVID-19', 'S-1'. Quantities stay numbers: '$3M', '1.2B', '2.5x', '250k', '364-day', '4.9-to-1'."""
    if match.group("currency"):
        return False
    after = match.end("digits")  # what follows the digits, matched in place (each pattern's \b looks behind a letter)
    if _ORDINAL.match(text, after) or text.startswith(("-for-", "(k)"), after) or _CODE_LETTER.match(text, after):
        return True
    if "." not in match.group("digits") and _CAPITALS.match(text, after):
        return True  # an integer glued to capitals is a name or code: '3M', '5G', '10K'
    return start > 1 and text[start - 1] == "-" and text[start - 2].isalpha()


_DIGIT = re.compile(r"\d")


def find_numbers(text: str) -> list[Number]:
    """Every whole number in *text*, left to right."""
    found: list[Number] = []
    if not _DIGIT.search(text):  # every number has a digit; the pattern, tried at each position, costs far more
        return found
    for match in _NUMBER.finditer(text):
        start, end = match.start("digits"), match.end("digits")
        glued = match.start() == start and start > 0 and text[start - 1].isalpha()
        if _cut(text, start, end) or glued or _in_word(text, match, start, end):
            continue  # part of a longer number, or of a word ('Q4', 'FY2022', 'A1', '3M', '10-K', 'COVID-19')
        if _MARKER.fullmatch(match.group(0).strip()) and _WORDS_AFTER.match(text, match.end()) and _opens(text, match):
            continue  # a note's or a list's marker: '(1) We acquired Whole Foods Market ...', '(2) the purchase of'
        negative = bool(match.group("minus")) or (bool(match.group("open")) and bool(match.group("close")))
        value = float(match.group("digits").replace(",", ""))
        scale_word = (match.group("scale") or "").lower()
        scale = SCALE_WORDS.get(scale_word) if scale_word else None
        if scale_word in ("m", "b", "k") and not match.group("currency"):
            scale = None  # a lone letter after a bare number is rarely a scale ('5 m' of cable, 'Schedule 2 b')
        found.append(
            Number(
                value=-value if negative else value,
                text=match.group(0).strip(),
                start=match.start(),
                end=match.end(),
                percent=bool(match.group("percent") or match.group("percent_after")),
                currency=CURRENCY_SIGNS.get(match.group("currency") or ""),
                scale=scale,
            )
        )
    return found


def _opens(text: str, match: re.Match[str]) -> bool:
    """Whether *match* starts its line or a sentence (a marker there; a cell before a text column elsewhere: '$ (95)
    Cost of sales'). Tried last: find_numbers is on every hot path."""
    return not text[: match.start()].strip() or bool(_SENTENCE_END.search(text, 0, match.start()))


_CELL_MARKER = re.compile(r"\s*\(([a-z]|\d)\)\s*$")


def parse_cell(cell: str) -> float | None:
    """The value of one table cell: a number, or 0.0 for a dash standing alone; None when it is not numeric.

    Footnote markers after the number ('1,577 (a)', '1,577(1)') are ignored.
    """
    stripped = _CELL_MARKER.sub("", cell.strip())
    if (
        stripped
        and all(ch in DASHES or ch.isspace() or ch in "$€£¥%" for ch in stripped)
        and any(ch in DASHES for ch in stripped)
    ):
        return 0.0
    numbers = find_numbers(stripped)
    return numbers[0].value if len(numbers) == 1 else None


def caption_scale(caption: str) -> float | None:
    """The factor a table caption states: '(Millions)' or '(in millions, except per share data)' -> 1e6."""
    match = _CAPTION_SCALE.search(caption)
    return SCALE_WORDS[match.group(1).lower()] if match else None


def canonical(token: str) -> str:
    """One form for a number token in search terms: '1,577' -> '1577', '12.50' -> '12.5'; others unchanged."""
    if re.fullmatch(r"\d{1,3}(,\d{3})+(\.\d+)?", token):
        token = token.replace(",", "")
    if re.fullmatch(r"\d+\.\d+", token):
        token = token.rstrip("0").rstrip(".")
    return token


def starts_or_ends_inside_number(haystack: str, start: int, end: int) -> bool:
    """Whether haystack[start:end] begins or ends in the middle of a number (used to keep quotes whole).

    A piece that begins with a digit must not follow a digit ('853' in '2,853', '5' in '0.5'), nor a
    thousands separator that follows digits; one that ends with a digit must not run on into more
    digits or into a separator followed by digits (except a decimal point that starts a new sentence).
    """
    piece = haystack[start:end]
    if not piece:
        return False
    before = haystack[start - 1] if start > 0 else ""
    after = haystack[end] if end < len(haystack) else ""
    digit_before = start > 1 and haystack[start - 2].isdigit()
    cuts_start = piece[0].isdigit() and (
        before.isdigit()
        or (before == "." and digit_before)
        or (before == "," and digit_before and re.match(r"\d{3}(?!\d)", piece) is not None)
    )
    cuts_end = piece[-1].isdigit() and (
        after.isdigit()
        or (
            after != ""
            and after in ".,"
            and haystack[end + 1 : end + 2].isdigit()
            and not re.match(r"[.,]\d{4}", haystack[end : end + 5])
        )
    )
    return cuts_start or cuts_end


def figure_text(value: float) -> str:
    """A figure as a reader writes it, every digit kept: '1,708,721', '34.851', '-2,088.5', never '1.70872e+06'."""
    if not math.isfinite(value):
        return str(value)  # 'nan', 'inf': a model's reply may hold them
    if value == round(value) and abs(value) < 1e15:
        return f"{round(value):,}"
    if abs(value) >= 1e4:
        return f"{value:,.2f}".rstrip("0").rstrip(".")
    return f"{value:,.6g}"


# a count written in words ('two of which are owned', 'fourteen of the fifteen cases', 'twenty-five stores'); not
# 'one' ('one of the largest'), a fraction ('two-thirds'), a compound adjective ('two-year') nor an ordinal, except
# one of a run ('our fifth consecutive quarter': five quarters)
_UNITS = "one two three four five six seven eight nine".split()
_COUNT_WORDS = {
    w: n
    for n, w in enumerate(
        "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
        "eighteen nineteen".split(),
        2,
    )
}
_TENS = {w: n * 10 for n, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)}
_COUNT_WORDS |= _TENS | {f"{t}-{u}": v + n for t, v in _TENS.items() for n, u in enumerate(_UNITS, 1)}
_ORDINALS = "second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split()
_COUNT_WORDS |= {f"{w} {run}": n for n, w in enumerate(_ORDINALS, 2) for run in ("consecutive", "straight")}
_COUNT_ALTERNATIVES = "|".join(w.replace(" ", r"\s+") for w in sorted(_COUNT_WORDS, key=len, reverse=True))
_COUNT_WORD = re.compile(rf"\b(?:{_COUNT_ALTERNATIVES})\b(?![-\u2013])", re.IGNORECASE)


def count_words(text: str) -> list[tuple[str, float, int]]:
    """The counts *text* writes in words: each word, its value and where it starts."""
    found = _COUNT_WORD.finditer(text)
    return [(m.group(0), float(_COUNT_WORDS[" ".join(m.group(0).lower().split())]), m.start()) for m in found]
