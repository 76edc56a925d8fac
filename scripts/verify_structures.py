"""Mutations for bench_verify from two structures of a filing, not from known cases (issue 33, red team round 4).

- **Roll-forwards**: a table with an opening row ('..., beginning of year', 'Balance at beginning of period') and a
  closing row ('..., end of year'). For each of its columns, the question asks the balance at the end of the
  column's year; the closing row's cell is right, the opening row's cell of the same column is wrong (it is the
  balance the year started from).
- **Measurement attributes**: a sentence stating an instrument's fair value, carrying amount, notional or
  principal amount ('the fair value of our long-term debt was $9.1 billion as of ...'). The question asks each
  other attribute of the same instrument: the number is wrong for every one of them, right for its own.

The patterns here are the bench's own reading of these structures, written apart from docintel/verify/.
"""

from __future__ import annotations

import re
from collections.abc import Callable

Case = tuple[str, dict, str]  # (question, item, answer type)
ItemMaker = Callable[..., dict]

_EDGE = r",?\s*(?:(?:balance\s+)?(?:at|as\s+of)\s+)?(?:the\s+)?{}\s+of\s+(?:the\s+)?(?:fiscal\s+)?(?:year|period)"
_OPENING = re.compile(_EDGE.format("beginning"), re.IGNORECASE)
_CLOSING = re.compile(_EDGE.format("end"), re.IGNORECASE)
_UNITS = {1e3: "thousands", 1e6: "millions", 1e9: "billions"}
ATTRIBUTES = {
    "fair value": r"fair\s+values?",
    "carrying amount": r"carrying\s+(?:amounts?|values?)",
    "notional amount": r"(?:aggregate\s+)?notional\s+(?:amounts?|values?)",
    "principal amount": r"(?:aggregate\s+)?principal\s+amounts?",
}
_STATED = re.compile(
    r"\b(?P<attr>" + "|".join(f"(?:{p})" for p in ATTRIBUTES.values()) + r")\s+of\s+(?:the\s+|our\s+|its\s+|all\s+)?"
    r"(?P<subject>[a-z][a-z ,'\-]{3,70}?)\s+(?:was|were|is|are|totaled|approximated|amounted\s+to)\s+"
    r"(?:approximately\s+)?\$\s?(?P<num>\d[\d,]*(?:\.\d+)?)\s*(?P<scale>million|billion|thousand)?",
    re.IGNORECASE,
)
_AS_OF = re.compile(r"\b(?:as\s+of|at)\s+(?P<date>[A-Z][a-z]+\s+\d{1,2},\s+(?:19|20)\d\d)")


def roll_forward_cases(document, page: int, item: ItemMaker) -> dict[str, list[Case]]:
    """The opening row's cell for the closing balance (wrong) and the closing row's (right), per column."""
    cases: dict[str, list[Case]] = {}
    texts = document.lines["text"].tolist()
    for table in (t for t in document.tables if t.page == page and t.problem is None and t.columns):
        opening = [r for r in table.rows if _OPENING.search(r.label)]
        closing = [r for r in table.rows if _CLOSING.search(r.label)]
        if len(opening) != 1 or len(closing) != 1:
            continue  # one balance rolled forward (several are several tables' worth of guessing)
        subject = _subject(closing[0].label) or _subject(opening[0].label) or "the balance"
        for index, column in enumerate(table.columns):
            fact = document.fact_at(closing[0].line, index)
            unit = _UNITS.get(fact.scale) if fact is not None else None
            values = [r.values[index] if index < len(r.values) else None for r in (opening[0], closing[0])]
            if unit is None or None in values or values[0] == values[1] or not column.year:
                continue
            question = f"What was {subject} at the end of fiscal {column.year}?"
            for row, value, kind in ((opening[0], values[0], "wrong"), (closing[0], values[1], "right")):
                answer = item(abs(value), unit, None, row.line, texts[row.line - 1], None, subject, fact.currency)
                name = "roll-forward: opening for closing" if kind == "wrong" else "roll-forward: right"
                cases.setdefault(name, []).append((question, answer, "amount"))
    return cases


def attribute_cases(document, page: int, item: ItemMaker) -> dict[str, list[Case]]:
    """Each stated attribute's number asked as every other attribute of the same subject (wrong), and as its own
    (right)."""
    cases: dict[str, list[Case]] = {}
    lines = document.lines[document.lines["page"] == page]
    for line, text in zip(lines["global_line"].tolist(), lines["text"].tolist(), strict=True):
        named = [name for name, p in ATTRIBUTES.items() if re.search(rf"\b{p}\b", text, re.IGNORECASE)]
        if len(named) > 1:
            continue  # 'the carrying amount and fair value ... were $34,480 and $33,211, respectively': paired by order
        for match in _STATED.finditer(text):
            stated = next(name for name, p in ATTRIBUTES.items() if re.fullmatch(p, match["attr"], re.IGNORECASE))
            value = float(match["num"].replace(",", ""))
            unit = {"million": "millions", "billion": "billions", "thousand": "thousands"}.get(
                (match["scale"] or "").lower(), "units"
            )
            when = _AS_OF.search(text[match.end() :]) or _AS_OF.search(text)
            period = f" as of {when['date']}" if when else ""
            subject = " ".join(match["subject"].split())
            if any(re.search(p, subject, re.IGNORECASE) for p in ATTRIBUTES.values()):
                continue  # 'the fair value of the asset and the fair value of the liability': two at once
            answer = item(value, unit, None, int(line), text, None, subject, "USD")
            for name in ATTRIBUTES:
                kind = "attribute: right" if name == stated else "attribute: another attribute"
                cases.setdefault(kind, []).append((f"What was the {name} of {subject}{period}?", answer, "amount"))
    return cases


def _subject(label: str) -> str:
    """The balance a roll-forward row names, without its 'beginning/end of year' part."""
    words = _CLOSING.sub(" ", _OPENING.sub(" ", label))
    words = re.sub(r"^\s*(?:balance|total)\b[,:]?", " ", words, flags=re.IGNORECASE)
    return " ".join(words.replace(":", " ").split()).strip(" ,-")
