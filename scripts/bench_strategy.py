"""Benchmark the sequential strategy against combined on FinanceBench, with a scripted model.

Usage: python -m scripts.bench_strategy [--budget-chars 12000] [--limit N] [--questions FILE] [--pdfs DIR]

A local OpenAI-compatible server (tests/fake_openai.py) plays the model: it answers from the
first evidence row on a gold page of the question (a table row's value with its column and
scale, a sentence's first figure, the row itself for text), and says "not found" when no gold
page is in the evidence it was sent. Each question is asked of its own filing twice through
the real pipeline and openai client, once per strategy. Prints, per strategy, the characters
sent to the model per question (every call's system and user prompt; tokens ~ chars / 4) on the
single-fact questions (those the question parser sends sequentially) and on all, the calls per
question, where sequential stopped, and the answer match against the gold answers.
Targets: sequential sends <= 0.5x combined's characters on single-fact questions, and the
answer match does not drop. Exits 1 when a target is missed.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from docintel.apps.evaluate import answer_matches
from docintel.apps.scoring import gold_pages
from docintel.ingest.documents import Document
from docintel.ingest.tables import rows_by_line
from docintel.numbers import find_numbers
from docintel.pipeline import Pipeline
from docintel.question.parse import parse_question
from docintel.settings import load_settings
from scripts import benchdata
from tests.fake_openai import FakeOpenAI, responses_body

ROW = re.compile(r"^(\d+)\t(\d+)\t(\d+)\t(.*)$")
UNITS = {1e3: "thousands", 1e6: "millions", 1e9: "billions"}
FLAGS = {"conflicting_evidence": False, "context_structured": True, "caveats": []}


class ScriptedModel:
    """Answers each request from the first evidence row on one of its question's gold pages."""

    def __init__(self, questions: list[dict], docs: dict[str, Document]) -> None:
        self.by_question = {q["question"]: q for q in questions}
        self.docs = docs

    def __call__(self, body: dict[str, Any]) -> dict[str, Any]:
        user = body["input"][-1]["content"]
        question = user.split("\nQuestion: ", 1)[1].split("\n")[0]
        record = self.by_question[question]
        pages = gold_pages(record)
        shape = body["text"]["format"]["name"].removesuffix("Answer").lower()
        rows = [m for line in user.splitlines() if (m := ROW.match(line)) and int(m.group(2)) in pages]
        if shape == "amount":  # the first gold-page row that holds a figure, as a model would pick
            rows = [m for m in rows if any(not n.is_year for n in find_numbers(m.group(4)))] or rows
        years = set(parse_question(question).entities.years)
        answer = self.answer(shape, record["doc_name"], rows[0], years) if rows else self.not_found(shape)
        return responses_body(json.dumps(answer))

    def not_found(self, shape: str) -> dict[str, Any]:
        return {"answer_type": shape, "items": [], "answer_found": False, "complete_answer_found": False, **FLAGS}

    def answer(self, shape: str, doc: str, row: re.Match[str], years: set[int]) -> dict[str, Any]:
        line, text = int(row.group(1)), row.group(4)
        span = {"doc": None, "line_start": line, "line_end": line, "quote": text}
        items: dict[str, dict[str, Any]] = {
            "text": {"text": text, "spans": [span]},
            "list": {"text": text, "spans": [span]},
            "boolean": {"value": True, "explanation": text, "spans": [span]},
            "date": {"label": text[:60], "date": {"iso": None, "original_text": text}, "spans": [span]},
            "table": {"title": "rows", "table": {"headers": ["line"], "rows": [{"cells": [text]}]}, "spans": [span]},
            "amount": self.amount(doc, line, text, span, years),
        }
        if shape not in items:
            return self.not_found(shape)
        return {
            "answer_type": shape,
            "items": [items[shape]],
            "answer_found": True,
            "complete_answer_found": True,
            **FLAGS,
        }

    def amount(self, doc: str, line: int, text: str, span: dict[str, Any], years: set[int]) -> dict[str, Any]:
        located = rows_by_line(self.docs[doc].tables).get(line)
        value, unit, currency, period = None, "units", None, None
        if located is not None:
            table, row = located
            present = [i for i, v in enumerate(row.values) if v is not None]
            asked = [i for i in present if (c := table.column_of(row, i)) is not None and c.year in years]
            index = (asked or present or [None])[0]
            if index is not None:
                value = row.values[index]
                unit = {"per_share": "per_share", "percent": "percent"}.get(row.kind) or UNITS.get(
                    table.scale or 1.0, "units"
                )
                currency, column = table.currency, table.column_of(row, index)
                period = column.label if column else None
        else:
            number = next((n for n in find_numbers(text) if not n.is_year), None)
            if number is not None:
                value, unit = number.value, UNITS.get(number.scale or 1.0, "percent" if number.percent else "units")
        amount = {"value": value, "currency": currency, "unit": unit}
        return {"label": text[:60], "amount": amount, "period": period, "calculation": None, "spans": [span]}


def run(pipeline: Pipeline, questions: list[dict], docs: dict[str, Document], budget: int) -> list[dict[str, Any]]:
    """One row per question: characters sent, calls, where it stopped, answer match."""
    rows = []
    for q in questions:
        result = pipeline.ask(q["question"], documents=[docs[q["doc_name"]]], budget_chars=budget)
        calls = result.calls
        sent = result.prompt_chars()
        stopped = next((c.call for c in calls if c.stopped), None)
        rows.append(
            {
                "single": parse_question(q["question"]).chunk_strategy == "sequential",
                "sent": sent,
                "calls": len(calls) or 1,
                "stopped": stopped,
                "match": answer_matches(q.get("answer"), result.answer, q["question"]),
                "supported": result.verification.overall == "supported",
                "gold_sent": any(p in gold_pages(q) for c in calls or [None] for p in _pages(c, result)),
            }
        )
    return rows


def _pages(call: Any, result: Any) -> list[int]:
    if call is not None:
        return [p for pages in call.pages.values() for p in pages]
    return [p for s in result.prepared.context.sources for p in s.pages]


def summary(name: str, rows: list[dict[str, Any]]) -> dict[str, float]:
    single = [r for r in rows if r["single"]]
    figures = {
        "sent_single": statistics.mean(r["sent"] for r in single) if single else 0.0,
        "sent_all": statistics.mean(r["sent"] for r in rows),
        "calls": statistics.mean(r["calls"] for r in rows),
        "match": sum(bool(r["match"]) for r in rows) / len(rows),
        "supported": sum(r["supported"] for r in rows) / len(rows),
    }
    single_chars = figures["sent_single"]
    print(
        f"{name:<11} chars sent/question: single-fact {single_chars:>8,.0f} (~{single_chars / 4:,.0f} tokens)"
        f"   all {figures['sent_all']:>8,.0f}   calls {figures['calls']:.2f}   "
        f"answer match {figures['match']:.3f}   supported {figures['supported']:.3f}"
    )
    return figures


def main() -> None:
    parser = benchdata.parser(__doc__.splitlines()[0])
    parser.add_argument("--budget-chars", type=int, default=12000)
    parser.add_argument("--limit", type=int)
    args = parser.parse_args()
    questions = benchdata.load_records(args.questions)[: args.limit or None]
    ingestor_pipeline = Pipeline(load_settings({}))
    paths = sorted({args.pdfs / f"{q['doc_name']}.pdf" for q in questions})
    docs = {d.meta.doc_id: d for d in ingestor_pipeline.ingest(paths).documents}
    server = FakeOpenAI()
    server.default = {"body": ScriptedModel(questions, docs), "status": 200}
    server.start()
    os.environ.update({"OPENAI_API_KEY": "sk-bench-not-a-key", "OPENAI_BASE_URL": server.base_url})
    results: dict[str, dict[str, float]] = {}
    rows_by: dict[str, list[dict[str, Any]]] = {}
    try:
        with tempfile.TemporaryDirectory() as traces:
            for strategy in ("combined", "sequential"):
                settings = load_settings({"backend": "openai", "strategy": strategy, "traces_dir": Path(traces)})
                pipeline = Pipeline(settings, ingestor=ingestor_pipeline.ingestor)
                rows_by[strategy] = run(pipeline, questions, docs, args.budget_chars)
    finally:
        server.stop()
    n_single = sum(r["single"] for r in rows_by["combined"])
    print(f"questions: {len(questions)} ({n_single} single-fact, answered sequentially)   budget {args.budget_chars}")
    for strategy, rows in rows_by.items():
        results[strategy] = summary(strategy, rows)
    stops = [r["stopped"] for r in rows_by["sequential"] if r["single"]]
    unsettled = [r for r in rows_by["sequential"] if r["single"] and r["stopped"] is None]
    print(
        f"sequential questions that never settled: {len(unsettled)} "
        f"({sum(not r['gold_sent'] for r in unsettled)} had no gold page in any call)"
    )
    print("sequential stopped at call: " + ", ".join(f"{k}: {stops.count(k)}" for k in sorted(set(stops), key=str)))
    reachable = [i for i, r in enumerate(rows_by["sequential"]) if r["single"] and rows_by["combined"][i]["gold_sent"]]
    if reachable:
        seq = statistics.mean(rows_by["sequential"][i]["sent"] for i in reachable)
        comb = statistics.mean(rows_by["combined"][i]["sent"] for i in reachable)
        print(f"  on the {len(reachable)} single-fact questions whose gold page combined sends: {seq / comb:.2f}")
    ratio = results["sequential"]["sent_single"] / max(results["combined"]["sent_single"], 1)
    print(f"single-fact chars sent, sequential / combined: {ratio:.2f}   target <= 0.50")
    dropped = results["sequential"]["match"] < results["combined"]["match"]
    print(f"answer match: {'dropped' if dropped else 'kept'}")
    if ratio > 0.5 or dropped:
        print("FAIL: a target is missed")
        sys.exit(1)


if __name__ == "__main__":
    main()
