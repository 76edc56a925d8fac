"""The checks of an answer's items in words: 'checks: quote ✓ · value ✓ · member ✓ ...', with the reasons."""

from __future__ import annotations

from typing import Any

from ..numbers import figure_text

_CHECK_MARKS = {
    "supported": "✓",
    "verified": "✓",
    "unsupported": "✗",
    "mismatch": "✗",
    "rejected": "✗",
    "unknown": "?",
}

_LEVELS = ("kind_check", "sign_check", "concept_check")


def checks_line(check: dict[str, Any], quotes_ok: bool) -> str | None:
    """'checks: quote ✓ · calc ✓ · value ✓ · kind ✓ · sign ✓ · concept ✓ · period ✓ · relevance ✓': each level
    apart; nothing marked that was not checked."""
    parts = [f"quote {'✓' if quotes_ok else '✗'}"]
    value, period, calc = check["value_check"], check["period_check"], check["calculation_check"]
    relevance = check.get("relevance_check", "not_applicable")
    levels = [(name.removesuffix("_check"), check.get(name, "not_applicable")) for name in _LEVELS]
    if all(v == "not_applicable" for v in (value, calc, relevance, *(v for _, v in levels))):
        return None
    if calc != "not_applicable":
        recomputed = check.get("recomputed")
        shown = "" if recomputed is None else f" = {figure_text(recomputed)}"
        parts.append(f"calc {_CHECK_MARKS[calc]}{shown}")
    if value != "not_applicable":
        parts.append(f"value {_CHECK_MARKS[value]}")
    parts += [f"{name} {_CHECK_MARKS[verdict]}" for name, verdict in levels if verdict != "not_applicable"]
    if period != "not_applicable":
        column = f" ({check['column']} column)" if check.get("column") and period == "supported" else ""
        parts.append(f"period {_CHECK_MARKS[period]}{column}")
    if relevance != "not_applicable":
        parts.append(f"relevance {_CHECK_MARKS[relevance]}")
    parts += field_marks(check.get("fields") or [])
    return "checks: " + " · ".join(parts)


def field_marks(fields: list[dict[str, Any]]) -> list[str]:
    """'member ✓', 'basis ✗', ...: each field checked against the question (verify.rules), none not applicable;
    the period's length and quarter only when they do not hold (the period mark says the rest)."""
    worst: dict[str, str] = {}  # a field two rules check ('subject', 'about') is marked once, by the worse verdict
    for f in fields:
        verdict = f.get("verdict")
        if verdict in (None, "not_applicable") or (f["field"] == "period" and verdict == "supported"):
            continue
        name = "period length" if f["field"] == "period" else f["field"].replace("_", " ")
        if _SEVERITY.get(verdict, 1) >= _SEVERITY.get(worst.get(name, ""), -1):
            worst[name] = verdict
    return [f"{name} {_CHECK_MARKS.get(verdict, '?')}" for name, verdict in worst.items()]


_SEVERITY = {"supported": 0, "verified": 0, "unknown": 1, "mismatch": 2, "unsupported": 2, "rejected": 2}


def item_lines(check: dict[str, Any] | None, item_spans: list[dict[str, Any]]) -> list[str]:
    if check is None:
        return []
    quotes_ok = all(s["verdict"] == "verified" for s in item_spans)
    line = checks_line(check, quotes_ok)
    if line is None:
        return []
    failed = [f["detail"] for f in check.get("fields") or [] if f.get("verdict") == "mismatch" and f.get("detail")]
    detail = check["detail"] if all(d in check["detail"] for d in failed) else "; ".join([check["detail"], *failed])
    lines = [f"   {line}", f"     {detail}"]
    for operand in check.get("operands") or []:
        column = f" [{operand['column']}]" if operand.get("column") else ""
        marks = (
            [f"value {_CHECK_MARKS[operand['value_check']]}"]
            + [
                f"{name.removesuffix('_check')} {_CHECK_MARKS[operand[name]]}"
                for name in (*_LEVELS, "period_check")
                if operand.get(name, "not_applicable") != "not_applicable"
            ]
            + field_marks(operand.get("fields") or [])
        )
        named = f" ({operand['name']})" if operand.get("name") else ""
        held = (
            operand["value_check"] == "supported"
            and not any(operand.get(n) in ("mismatch", "unknown") for n in (*_LEVELS, "period_check"))
            and not any(f.get("verdict") in ("mismatch", "unknown") for f in operand.get("fields") or [])
        )
        lines.append(
            f"     operand {operand['label']}{named} = {figure_text(operand['value'])}{column}: {' · '.join(marks)}"
            + ("" if held else f" — {operand['detail']}")
        )
    return lines


def holds(check: dict[str, Any]) -> bool:
    """A value counts as supported only when every other check of its item holds and none is unknown."""
    others = (
        check["period_check"],
        *(check.get(n, "not_applicable") for n in (*_LEVELS, "relevance_check")),
        *(f.get("verdict") for f in check.get("fields") or []),
    )
    return (
        check["value_check"] == "supported"
        and not any(v in ("mismatch", "unknown") for v in others)
        and check["calculation_check"] in ("verified", "not_applicable")
    )
