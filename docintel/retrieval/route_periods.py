"""Routing's period step: per issuer, the documents that cover the years and quarters a question asks.

Each year named is covered exactly, by a later filing's comparatives, or by the year before as
outlook; with no period named the latest documents are kept. Notes say what was used instead.
"""

from __future__ import annotations

from pathlib import Path

from ..ingest.profile import file_period
from ..question.entities import NamedEntities
from .decisions import Candidate, RouteDecision, issuer_label, period_label, routed_out

PERIOD_CLASSES = {
    0: "covers the period asked",
    1: "covers it in part",
    2: "reports it as a comparative",
    3: "precedes it (outlook only)",
}


def _quarters(c: Candidate) -> set[int]:
    """The quarters a quarterly document may be called: its calendar quarter, and the one its file name states."""
    held = {int(c.doc.profile.quarter.value)} if c.doc.profile.quarter.value else set()
    file_quarter = file_period(Path(c.doc.path).stem)[1]
    return held | ({file_quarter} if file_quarter else set())


def _period_class(c: Candidate, target: int, quarters: list[int]) -> int | None:
    """0 the period asked, 1 part of it / the year of the quarter asked, 2 a later filing, 3 the year before;
    None when it contradicts the question (or cannot hold that period)."""
    if not c.years:
        return 1  # period unknown: it cannot contradict
    quarterly = c.doc.profile.period_type.value in ("quarter", "half")
    held = _quarters(c) if quarterly else set()
    other_quarter = bool(quarters and held and not held & set(quarters))
    if target in c.years and quarters and not quarterly and _quarters(c) & set(quarters):
        return 0  # a release of the quarter asked and its full year ('fourth quarter and full year 2022')
    if target in c.years:
        if not quarters or not quarterly:
            return 0 if quarterly == bool(quarters) else 1
        return None if other_quarter else 0
    latest = max(c.years)
    if quarterly and quarters and latest == target + 1 and not other_quarter:
        return 2  # the same quarter a year later: its prior-year column
    if target < latest <= target + 2 and not quarterly:
        return 2
    if latest == target - 1:
        return 3
    return None


def by_period(
    live: list[Candidate], entities: NamedEntities, decisions: dict[str, RouteDecision]
) -> tuple[list[Candidate], dict[str, list[str]]]:
    """Keep, per issuer, the documents of the periods asked (or the latest when none is asked); notes per issuer.

    A bare year more than one past an issuer's latest document ("notes due 2031") is read as a date
    ahead, not as the period asked; a year written as a period ("FY2031", "fiscal 2031") always is one.
    """
    groups: dict[str, list[Candidate]] = {}
    for c in live:
        groups.setdefault(c.group, []).append(c)
    kept: list[Candidate] = []
    notes: dict[str, list[str]] = {}
    for key, group in groups.items():
        latest = max((max(c.years) for c in group if c.years), default=None)
        fiscal = set(entities.fiscal_years)
        asked = sorted({y for y in entities.years if y in fiscal or latest is None or y <= latest + 1}, reverse=True)
        group_notes = notes.setdefault(key, [])
        ahead = sorted(set(entities.years) - set(asked))
        if ahead and latest is not None:
            group_notes.append(
                f"{', '.join(map(str, ahead))} is after the documents of {issuer_label(group[0])} (latest FY{latest}): "
                "read as a date ahead, not as the period asked"
            )
        if asked:
            kept += _named_period(group, asked, entities.quarters, decisions, group_notes)
        else:
            kept += _latest(group, decisions, group_notes)
    return kept, notes


def _holds(c: Candidate) -> set[int]:
    """The years a document reports: its own, and the comparative years before it."""
    back = 1 if c.doc.profile.period_type.value in ("quarter", "half") else 2
    return {year - k for year in c.years for k in range(back + 1)}


def _named_period(
    group: list[Candidate],
    asked: list[int],
    quarters: list[int],
    decisions: dict[str, RouteDecision],
    notes: list[str],
) -> list[Candidate]:
    """The documents of one issuer for the years asked (latest first; an earlier year already held
    by a chosen document as a comparative needs no other document)."""
    chosen: list[Candidate] = []
    held: set[int] = set()
    for year in asked:
        if year in held:
            continue
        classes = {c.doc.doc_id: _period_class(c, year, quarters) for c in group}
        fitting = [c for c in group if classes[c.doc.doc_id] is not None]
        if not fitting:
            have = ", ".join(sorted({period_label(c.doc) or c.doc.doc_id for c in group}))
            notes.append(f"no document of {issuer_label(group[0])} covers FY{year} (have: {have})")
            continue
        best = min(classes[c.doc.doc_id] or 0 for c in fitting)
        picked = [c for c in fitting if classes[c.doc.doc_id] == best]
        for c in picked:
            if c not in chosen:
                c.period_class = best
                chosen.append(c)
            held |= _holds(c)
        if best >= 2:
            notes.append(
                f"no document of {issuer_label(picked[0])} is for FY{year}: using "
                f"{', '.join(c.doc.doc_id for c in picked)}, which {PERIOD_CLASSES[best]}"
            )
    for c in group:
        if c in chosen:
            continue
        first = _period_class(c, asked[0], quarters)
        if first is None or not chosen:
            reason = f"its period ({period_label(c.doc)}) cannot hold FY{asked[0]}, which the question asks about"
        else:
            reason = (
                f"{chosen[0].doc.doc_id} {PERIOD_CLASSES[chosen[0].period_class or 0]} (FY{asked[0]}); "
                f"this one {PERIOD_CLASSES[first]}"
            )
        decisions[c.doc.doc_id] = routed_out(c, "period", reason)
    return chosen


def _latest(group: list[Candidate], decisions: dict[str, RouteDecision], notes: list[str]) -> list[Candidate]:
    """With no period named: the latest documents of one issuer (older ones out, and a note says so)."""
    dated = [c for c in group if c.years]
    if len(group) < 2 or not dated:
        return group
    newest = max(max(c.years) for c in dated)
    older = [c for c in dated if max(c.years) < newest]
    if not older:
        return group
    for c in older:
        decisions[c.doc.doc_id] = routed_out(
            c,
            "period",
            f"an older period of the same issuer; the question names no period, so the latest (FY{newest}) is used",
        )
    kept = [c for c in group if c not in older]
    notes.append(
        f"the question names no period: used the latest documents of {issuer_label(kept[0])} (FY{newest}: "
        f"{', '.join(c.doc.doc_id for c in kept)}); left out {', '.join(c.doc.doc_id for c in older)}"
    )
    return kept
