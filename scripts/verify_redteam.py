"""Red team for the verifier, judged from outside: scripted cited answers, wrong and right, with real quotes.

Each case of ``scripts/data/verify_redteam.jsonl`` (one JSON object a line) holds ``class``, ``question``,
``pdf`` (relative to the repo root, or ``financebench:<NAME>.pdf`` for the shared filings), ``answer`` (a
model answer in docintel's answer contract, citing real lines of the PDF), ``expect`` (``wrong`` or
``right``) and ``why`` (what is wrong with it, or why it is right). Every case is asked through the CLI
in-process (``docintel ask Q PDF --backend openai --json``) against the local fake OpenAI server
(tests/fake_openai.py), which answers with the scripted answer. A wrong answer shown ``supported`` is a
failure of the verifier; a right answer shown anything else is a right answer lost.

``scripts/data/verify_redteam2.jsonl`` is a second round in the same format (each case adds ``"round": 2``),
written by a red team that had not read docintel/verify/ nor scripts/bench_verify.py, in classes of error the
first round and bench_verify did not have; run it with ``--file scripts/data/verify_redteam2.jsonl``.

Prints, per class, the wrong answers shown supported and the right answers not supported (with the reason
docintel gave), then ``wrong_supported=N/M right_kept=K/L``. Exits 1 when any wrong answer is supported
or a case cannot be run.

Usage: PYTHONPATH=$PWD python -m scripts.verify_redteam [--cases/--file FILE] [--cache-dir DIR] [--only CLASS] [-v]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from tests.fake_openai import FakeOpenAI, responses_body

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "scripts" / "data" / "verify_redteam.jsonl"
# The whole filing is sent, so any line a case cites is in the context the model saw: a case tests the
# verifier's checks, not retrieval (a case may set its own "budget_chars").
BUDGET_CHARS = 400_000
SHARED = Path(os.environ.get("DOCINTEL_SHARED_DATA", ROOT.parent / "shared" / "data"))


def resolve_pdf(spec: str) -> Path:
    """The PDF a case cites: ``financebench:NAME.pdf`` from the shared filings, else a repo path."""
    if spec.startswith("financebench:"):
        path = SHARED / "financebench" / "pdfs" / spec.split(":", 1)[1]
        if not path.exists():
            path = Path("/work/shared/data/financebench/pdfs") / spec.split(":", 1)[1]
        return path
    return ROOT / spec


def load_cases(path: Path) -> list[dict[str, Any]]:
    cases = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    for number, case in enumerate(cases, start=1):
        missing = {"class", "question", "pdf", "answer", "expect", "why"} - set(case)
        if missing or case["expect"] not in ("wrong", "right"):
            raise SystemExit(f"error: case {number} of {path} is malformed ({sorted(missing)}) — fix the file")
    return cases


def full_answer(answer: dict[str, Any]) -> dict[str, Any]:
    """The scripted answer with the contract's flags filled in where a case leaves them out."""
    flags = {
        "answer_found": True,
        "complete_answer_found": True,
        "conflicting_evidence": False,
        "context_structured": True,
        "caveats": [],
    }
    return {**flags, **answer}


def ask(server: FakeOpenAI, case: dict[str, Any]) -> tuple[int, dict[str, Any] | None, str]:
    """Run one case through ``docintel ask --json``; returns (exit code, the JSON output, stderr)."""
    from docintel.cli import main

    body = responses_body(json.dumps(full_answer(case["answer"])))
    server.steps.clear()
    server.default = {"body": body, "status": 200, "sleep": 0.0, "headers": None}
    out, err = io.StringIO(), io.StringIO()
    args = ["ask", case["question"], str(resolve_pdf(case["pdf"])), "--json", "--backend", "openai"]
    args += ["--budget-chars", str(case.get("budget_chars", BUDGET_CHARS))]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as exc:  # argparse errors
            code = int(exc.code or 0)
    text = out.getvalue().strip()
    try:
        data = json.loads(text) if text else None
    except ValueError:
        data = None
    return code, data, err.getvalue()


def reasons(data: dict[str, Any] | None, err: str) -> str:
    """Why docintel did not support an answer: the failed checks' details, else the status and stderr."""
    if data is None:
        return f"no JSON output; stderr: {err.strip()[:300]}"
    found: list[str] = []
    verification = data.get("verification") or {}
    for item in verification.get("items") or []:
        failed = [
            f"{k}={v}" for k, v in item.items() if k.endswith("_check") and v not in ("supported", "not_applicable")
        ]
        failed += [f"{f['field']}={f['verdict']}" for f in item.get("fields") or [] if f["verdict"] == "unknown"]
        for operand in item.get("operands") or []:
            failed += [
                f"operand {operand['label']} {k}={v}"
                for k, v in operand.items()
                if k.endswith("_check") and v not in ("supported", "not_applicable")
            ]
        if failed or item.get("detail"):
            found.append(f"{', '.join(failed)} {item.get('detail') or ''}".strip())
    for key in ("reason", "detail", "message"):
        if isinstance(data.get(key), str):
            found.append(data[key])
    return "; ".join(found)[:600] or f"status={data.get('status')}"


def run(cases: list[dict[str, Any]], verbose: bool) -> int:
    server = FakeOpenAI().start()
    os.environ["OPENAI_API_KEY"] = "sk-redteam-local"
    os.environ["OPENAI_BASE_URL"] = server.base_url
    os.environ.setdefault("DOCINTEL_STRATEGY", "combined")
    os.environ.setdefault("DOCINTEL_MAX_RETRIES", "1")
    per_class: dict[str, list[tuple[dict[str, Any], str, str]]] = defaultdict(list)
    try:
        for number, case in enumerate(cases, start=1):
            code, data, err = ask(server, case)
            status = (data or {}).get("status") or f"exit {code}"
            per_class[case["class"]].append((case, status, reasons(data, err)))
            if verbose:
                print(f"[{number:02d}] {case['expect']:5s} {status:12s} {case['class']}: {case['question']}")
                if status != "supported":
                    print(f"     docintel said: {per_class[case['class']][-1][2]}")
    finally:
        server.stop()
    return report(per_class)


def report(per_class: dict[str, list[tuple[dict[str, Any], str, str]]]) -> int:
    """Per class the failures, then the totals; a case docintel could not run (no JSON: the scripted answer
    does not fit the schema asked, say) is listed as invalid and counted apart, never as caught."""
    totals = {"wrong": 0, "wrong_supported": 0, "right": 0, "right_kept": 0, "invalid": 0}
    for name in sorted(per_class):
        counts = {"wrong": 0, "wrong_supported": 0, "right": 0, "right_kept": 0, "invalid": 0}
        lines: list[str] = []
        for case, status, why in per_class[name]:
            if status.startswith("exit "):
                counts["invalid"] += 1
                lines.append(f"  INVALID CASE ({status}): {case['question']}\n    {why}")
                continue
            counts[case["expect"]] += 1
            supported = status == "supported"
            if case["expect"] == "wrong" and supported:
                counts["wrong_supported"] += 1
                lines.append(f"  WRONG SUPPORTED: {case['question']}\n    what is wrong: {case['why']}")
            elif case["expect"] == "right" and supported:
                counts["right_kept"] += 1
            elif case["expect"] == "right":
                lines.append(f"  RIGHT LOST ({status}): {case['question']}\n    docintel said: {why}")
        invalid = f", invalid {counts['invalid']}" if counts["invalid"] else ""
        print(
            f"{name}: wrong supported {counts['wrong_supported']}/{counts['wrong']}, "
            f"right kept {counts['right_kept']}/{counts['right']}{invalid}"
        )
        for line in lines:
            print(line)
        for key, value in counts.items():
            totals[key] += value
    for expect in ("wrong", "right"):
        statuses = Counter(s for rows in per_class.values() for c, s, _ in rows if c["expect"] == expect)
        print(f"{expect} answers by status: " + " ".join(f"{k}={v}" for k, v in sorted(statuses.items())))
    invalid = f" invalid={totals['invalid']}" if totals["invalid"] else ""
    print(
        f"wrong_supported={totals['wrong_supported']}/{totals['wrong']} "
        f"right_kept={totals['right_kept']}/{totals['right']}{invalid}"
    )
    return 1 if totals["wrong_supported"] or totals["invalid"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", "--file", dest="cases", type=Path, default=CASES, help="the JSONL file of cases")
    parser.add_argument("--cache-dir", type=Path, help="keep parsed PDFs here across runs (default: a temp dir)")
    parser.add_argument("--only", help="run only the cases of this class")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each case's status")
    args = parser.parse_args(argv)
    cases = [c for c in load_cases(args.cases) if args.only is None or c["class"] == args.only]
    with tempfile.TemporaryDirectory(prefix="redteam-") as tmp:
        os.environ["DOCINTEL_CACHE_DIR"] = str(args.cache_dir or Path(tmp) / "cache")
        os.environ["DOCINTEL_TRACES_DIR"] = str(Path(tmp) / "traces")
        return run(cases, args.verbose)


if __name__ == "__main__":
    sys.exit(main())
