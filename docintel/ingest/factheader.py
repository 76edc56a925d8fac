"""Column headers the table reader cannot line up: periods mixed with change columns and unit words.

Earnings releases print headers such as ``2022 2021 Total Operations Currency 2022 2021 Total Operations
Currency`` (two groups of five columns under "FOURTH QUARTER  TWELVE MONTHS" and "Percent Change"),
``2022 $ million 2023 $ million ∆% currency ∆%`` or ``2023 2022 % Change Reported Operational``. Such a line is
read as a run of *slots*, left to right: a period, or a change column named by its words. A slot group starts at
each period that follows a change column; a heading above that spans k durations gives one to each of k groups.
Unit words between the periods ("$ million") state the columns' scale.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from ..periods import find_periods

_CHANGE_WORDS = re.compile(
    r"\s*(?P<w>%\s*(?:change|chg\.?|growth|inc(?:rease)?\.?\s*/?\s*\(?dec(?:rease)?\.?\)?)|percent(?:age)?\s+change|"
    r"\$\s*change|(?:constant\s+)?currency\s*[∆Δ]\s*%|∆\s*%|Δ\s*%|%\s*∆|change|variance|total|reported|"
    r"operational|operations|currency|fx|organic|changes|"
    r"comparable|constant\s+currency(?:\s*∆\s*%)?|b\s*/\s*\(w\)|fav(?:orable)?\.?\s*/\s*\(?unfav(?:orable)?\.?\)?|"
    r"inc\.?\s*/\s*\(dec\.?\)|%|bps)(?=\s|$|\(\d\))",
    re.IGNORECASE,
)
_UNIT = re.compile(
    r"\s*(?:\(\s*)?(?:us\s*)?[$€£¥]\s*(?P<u>thousands?|millions?|billions?|m|mm|bn|k)?\b(?:\s*\))?"
    r"|\s*(?:\(\s*)?(?:in\s+)?(?P<u2>thousands|millions|billions)(?:\s*\))?",
    re.IGNORECASE,
)
# A change column named by the two years it compares ('% Change 2022-2021', '2022 vs. 2021'): read before the
# years themselves would be taken for two periods.
_YEAR_RANGE = re.compile(r"(?:19|20)\d{2}\s*(?:-|–|—|vs\.?|versus|over|compared\s+to)\s*(?:19|20)\d{2}(?=\s|$)", re.I)
# A lone currency sign after the periods heads a change in money ('2022 2021 2020 $ % $ %'), not a unit.
_MONEY_CHANGE = re.compile(r"[$€£¥](?=\s+(?:%|[$€£¥]|$))|[$€£¥]$")
# Quarter columns printed as '2Q23', '4Q22' (the quarter, then the year's last two digits), written 'Q2 2023'.
_QUARTER_TOKEN = re.compile(r"\b([1-4])Q(\d{2})\b")
# footnote marks: '(1)', '(2,3)', '(2,3,5)' ('PHARMACEUTICAL SEGMENT (2,3) 2022 2021 Reported Operational (1) ...')
_FOOTNOTE_MARKS = re.compile(r"\(\d(?:\s*,\s*\d)*\)")
_NOISE = re.compile(r"\s*(?:\(\d(?:\s*,\s*\d)*\)|\*+|,|\(unaudited\))", re.IGNORECASE)
_UNIT_SCALE = {"thousand": 1e3, "k": 1e3, "million": 1e6, "m": 1e6, "mm": 1e6, "billion": 1e9, "bn": 1e9}


@dataclass(frozen=True)
class Slot:
    """One column of a header: a period (its label) or a change column (its words)."""

    label: str
    period: bool
    group: int


@dataclass(frozen=True)
class SlotHeader:
    """A header read as slots, the words before them, and the scale unit words state for the columns."""

    stub: str
    slots: tuple[Slot, ...]
    scale: float | None

    @property
    def groups(self) -> int:
        return max((s.group for s in self.slots), default=-1) + 1

    @cached_property
    def periods(self) -> list[int]:
        return [i for i, s in enumerate(self.slots) if s.period]


def parse_slots(text: str) -> SlotHeader | None:
    """The slots of a header line, or None when the line is not one (a period, then only periods, change words,
    unit words and footnote marks to its end; at least two slots, one of them a period)."""
    text = _QUARTER_TOKEN.sub(lambda m: f"Q{m.group(1)} 20{m.group(2)}", text)
    ranges = [m.span() for m in _YEAR_RANGE.finditer(text)]
    periods = [p for p in find_periods(text) if not any(a <= p.start < b for a, b in ranges)]
    if not periods:
        return None
    stub = text[: periods[0].start]
    if re.search(r"\d", _FOOTNOTE_MARKS.sub("", stub)) or len(stub) > 80:
        return None
    slots: list[Slot] = []
    scale: float | None = None
    at, group, previous_period = periods[0].start, 0, False
    starts = {p.start: p for p in periods}
    while at < len(text):
        if text[at].isspace():
            at += 1
            continue
        span = next(((a, b) for a, b in ranges if a == at), None)
        money = _MONEY_CHANGE.match(text, at) if slots else None
        if span is not None or money is not None:
            end = span[1] if span is not None else money.end() if money is not None else at
            label = f"change {text[span[0] : span[1]]}" if span is not None else "$ change"  # 'change 2021 vs. 2020'
            slots.append(Slot(label=label, period=False, group=group))
            at, previous_period = end, False
            continue
        if at in starts:
            p = starts[at]
            if slots and not previous_period:
                group += 1
            slots.append(Slot(label=p.text, period=True, group=group))
            at, previous_period = p.end, True
            continue
        unit = _UNIT.match(text, at)
        if unit and unit.end() > at and (unit.group("u") or unit.group("u2") or "$" in unit.group(0)):
            word = (unit.group("u") or unit.group("u2") or "").lower().rstrip("s")
            scale = _UNIT_SCALE.get(word, scale)
            at = unit.end()
            continue
        change = _CHANGE_WORDS.match(text, at)
        if change and change.end() > at:
            slots.append(Slot(label=change.group("w"), period=False, group=group))
            at, previous_period = change.end(), False
            continue
        noise = _NOISE.match(text, at)
        if noise and noise.end() > at:
            at = noise.end()
            continue
        return None
    if len(slots) < 2 or not any(s.period for s in slots):
        return None
    return SlotHeader(stub=stub.strip(), slots=tuple(slots), scale=scale)
