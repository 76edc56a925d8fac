"""Benchmark a scripted 10-turn conversation over two filings (3M 2018 and Boeing 2022 10-Ks).

Usage: python -m scripts.bench_chat [--budget-chars 12000] [--strategy combined] [--pdfs DIR]

Runs the turns through docintel.apps.chat.ChatSession (the extractive backend, offline) over a folder
holding the two filings, and prints per turn: what was asked, the resolved question, the
conversation's size (its tiers) and the evidence's, their sum against the budget, and whether a
follow-up carried the entities (company, year) of the turn before. Targets: every turn's
conversation + evidence stays within the budget while the history grows, and every follow-up's
resolved question holds the previous turn's company and year unless it names its own.
Exits 1 when a target is missed.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from docintel.apps.chat import ChatSession
from docintel.pipeline import Pipeline
from docintel.question.entities import question_entities
from docintel.settings import load_settings
from scripts import benchdata

FILINGS = ("3M_2018_10K", "BOEING_2022_10K")
TURNS = [
    ("What were 3M's capital expenditures in 2018?", False),
    ("and in 2017?", True),
    ("What was 3M's net income in 2018?", False),
    ("Which segment drove it?", True),
    ("What was Boeing's total revenue in 2022?", False),
    ("and in 2021?", True),
    ("What about its net loss?", True),
    ("What were Boeing's total assets in 2022?", False),
    ("What about 3M?", True),
    ("What was 3M's net income in 2018?", False),
]


def carried(previous: str, resolved: str, asked: str) -> bool:
    """Whether *resolved* holds the previous turn's company and years, except those *asked* names itself."""
    before, now, own = question_entities(previous), question_entities(resolved), question_entities(asked)
    names_ok = bool(own.names) or not before.names or any(n in resolved for n in before.names)
    years_ok = bool(own.years) or set(before.years) <= set(now.years)
    return names_ok and years_ok


def main() -> None:
    parser = benchdata.parser(__doc__.splitlines()[0])
    parser.add_argument("--budget-chars", type=int, default=12000)
    parser.add_argument(
        "--strategy", default="combined", help="combined (default: the evidence fills what the history leaves)"
    )
    args = parser.parse_args()
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "filings"
        folder.mkdir()
        for name in FILINGS:
            os.symlink((args.pdfs / f"{name}.pdf").resolve(), folder / f"{name}.pdf")
        settings = load_settings(
            {
                "backend": "extractive",
                "budget_chars": args.budget_chars,
                "traces_dir": Path(tmp) / "traces",
                "strategy": args.strategy,
            }
        )
        session = ChatSession(Pipeline(settings), [folder])
        print(f"{'turn':<5}{'history':>8}{'evidence':>9}{'total':>7}  {'follow-up ok':<13}resolved question")
        previous = None
        for number, (asked, follow_up) in enumerate(TURNS, start=1):
            result, resolution = session.ask(asked)
            tiers = {t.name: t for t in session.budget()}
            history = sum(t.chars for name, t in tiers.items() if name != "evidence")
            evidence = tiers["evidence"].chars if "evidence" in tiers else 0
            total = history + evidence
            ok = carried(previous, resolution.question, asked) if follow_up and previous else None
            failed |= total > args.budget_chars or ok is False
            flag = "-" if ok is None else ("yes" if ok else "NO")
            print(f"{number:<5}{history:>8,}{evidence:>9,}{total:>7,}  {flag:<13}{resolution.question}")
            previous = resolution.question
        over = [t.name for t in session.budget() if t.over]
        print(f"budget {args.budget_chars:,} chars; tiers over their share in the last turn: {over or 'none'}")
    if failed:
        print("FAIL: a turn went over the budget or a follow-up lost the earlier turn's entities")
        sys.exit(1)


if __name__ == "__main__":
    main()
