"""Accuracy of the facts reader against figures read off rendered pages by hand.

Each line of ``scripts/data/facts_labelled.jsonl`` is one figure of a shared filing, read by a person from the
rendered page (``docintel page PDF N --png``): document, page, the row's words, the value as printed, and what
the page says it is: scale, kind, period (instant or duration, end date, months, fiscal year and quarter when
the page states them), member, basis, per-share class, measure and line item (the vocabulary's id, or null when
no line item of the vocabulary is the row). A label may carry ``batch``: the set it was read in (none: the first
250; 2: the 258 read later from 13 filings, measured once before the reader was changed for them, as a held-out
figure). ``--batch N`` scores one set alone.

The reader's fact for a label is the fact on that page with the same printed value whose label shares the most
words with the row (ties: the one whose period ends on the labelled date). Every field is scored on every label
(a figure with no fact is wrong in all fields); the script prints accuracy per field and lists every miss, and
exits 1 when a field is under --target (0.98 by default).

    python -m scripts.bench_facts [--pdfs /work/shared/data/financebench/pdfs] [--target 0.98] [--batch 2]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from docintel.ingest.documents import Ingestor
from docintel.ingest.facts import Fact, facts_for_document
from docintel.settings import load_settings

LABELS = Path(__file__).parent / "data" / "facts_labelled.jsonl"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "financebench" / "pdfs"
FIELDS = ("found", "scale", "kind", "period", "member", "basis", "per_share_class", "measure", "concept")


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def _period_ok(label: dict[str, Any] | None, fact: Fact) -> bool:
    period = fact.period
    if label is None or period is None:
        return label is None and period is None  # a figure of no period (a vote count)
    if period.kind != label["kind"]:
        return False
    if label.get("end") and (period.end is None or period.end.isoformat() != label["end"]):
        return False
    if label["kind"] == "duration" and label.get("months") and period.months != label["months"]:
        return False
    if label.get("fiscal_year") and period.fiscal_year != label["fiscal_year"]:
        return False
    return not (label.get("fiscal_quarter") and period.fiscal_quarter != label["fiscal_quarter"])


def _member_ok(label: dict[str, Any] | None, fact: Fact) -> bool:
    if label is None or fact.member is None:
        return label is None and fact.member is None
    return _words(label["name"]) <= _words(fact.member.name) and label["axis"] == fact.member.axis


def score(label: dict[str, Any], fact: Fact | None) -> dict[str, bool]:
    """Whether each field of *fact* is what the label says."""
    if fact is None:
        return dict.fromkeys(FIELDS, False)
    return {
        "found": True,
        "scale": fact.scale == label["scale"],
        "kind": fact.kind == label["kind"],
        "period": _period_ok(label["period"], fact),
        "member": _member_ok(label["member"], fact),
        "basis": fact.basis == label["basis"],
        "per_share_class": fact.per_share_class == label["per_share_class"],
        "measure": fact.measure == label["measure"],
        "concept": fact.concept == label["concept"],
    }


def match(label: dict[str, Any], facts: list[Fact]) -> Fact | None:
    """The fact the label is about: same page and printed value, most words of the row in common."""
    candidates = [f for f in facts if f.provenance.page == label["page"] and abs(f.value - label["value"]) < 1e-9]
    if not candidates:
        return None
    row = _words(label["row"])
    end = (label["period"] or {}).get("end")

    def key(fact: Fact) -> tuple[float, bool]:
        overlap = len(row & _words(fact.label)) / max(1, len(row | _words(fact.label)))
        dated = bool(end) and fact.period is not None and str(fact.period.end) == end
        return overlap, dated

    return max(candidates, key=key)


def _describe(fact: Fact | None) -> str:
    if fact is None:
        return "no fact with this value on the page"
    member = f"{fact.member.name}/{fact.member.axis}" if fact.member else "-"
    period = fact.period.describe() if fact.period else "-"
    return (
        f"line {fact.provenance.global_line} '{fact.label[:50]}' scale={fact.scale:g} kind={fact.kind} "
        f"period={period} member={member} basis={fact.basis} class={fact.per_share_class} "
        f"measure={fact.measure} concept={fact.concept}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pdfs", type=Path, default=SHARED, help="folder of the shared filings")
    parser.add_argument("--labels", type=Path, default=LABELS)
    parser.add_argument("--target", type=float, default=0.98, help="accuracy every field must reach")
    parser.add_argument("--batch", type=int, help="score only the labels of this set (1: those with no batch)")
    args = parser.parse_args(argv)
    labels = [json.loads(line) for line in args.labels.read_text(encoding="utf-8").splitlines() if line.strip()]
    if args.batch is not None:
        labels = [label for label in labels if label.get("batch", 1) == args.batch]
    by_doc: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for label in labels:
        by_doc[label["doc"]].append(label)
    ingestor = Ingestor(load_settings({}))
    right = dict.fromkeys(FIELDS, 0)
    misses: list[str] = []
    for doc, items in sorted(by_doc.items()):
        report = ingestor.ingest([args.pdfs / f"{doc}.pdf"])
        if report.failures:
            print(f"error: {doc}: {report.failures[0].message}", file=sys.stderr)
            return 3
        facts = facts_for_document(report.documents[0])
        for label in items:
            fact = match(label, facts)
            result = score(label, fact)
            for field, ok in result.items():
                right[field] += ok
            wrong = [f for f, ok in result.items() if not ok]
            if wrong:
                misses.append(
                    f"{doc} p{label['page']} '{label['row']}' {label['value']}: wrong {', '.join(wrong)}\n"
                    f"    labelled: scale={label['scale']:g} kind={label['kind']} period={label['period']} "
                    f"member={label['member']} basis={label['basis']} class={label['per_share_class']} "
                    f"measure={label['measure']} concept={label['concept']}\n    read:     {_describe(fact)}"
                )
    total = len(labels)
    print(f"{total} labelled figures from {len(by_doc)} filings")
    for line in misses:
        print(line)
    failing = []
    for field in FIELDS:
        accuracy = right[field] / total if total else 0.0
        print(f"{field:16s} {accuracy:6.3f}  ({right[field]}/{total})")
        if accuracy < args.target:
            failing.append(field)
    if failing:
        print(f"under target {args.target}: {', '.join(failing)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
