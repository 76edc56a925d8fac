"""`docintel batch` (formats, resume, crash safety, concurrency) and `docintel traces` (list, show, verify,
replay, stats)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from docintel.apps.batch import load_questions, stable_id
from docintel.errors import QuestionFileError
from docintel.outfile import RECORD_KEYS, BatchOutput
from docintel.traces.store import TraceStore, new_trace_id
from tests.conftest import API_KEY, FINANCEBENCH, ROOT, needs_shared, read_traces
from tests.fake_openai import responses_body

QUESTIONS = [
    "What is the refund window?",
    "When does the revolving credit facility mature?",
    "How much were capital expenditures in fiscal 2025?",
]


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


# --------------------------------------------------------------------------- formats


def test_question_formats(tmp_path):
    (tmp_path / "q.txt").write_text("What is the refund window?\n\nWhat is the refund window?\nWho is the CEO?\n")
    rows = load_questions(tmp_path / "q.txt")
    assert [r.question for r in rows] == ["What is the refund window?", "Who is the CEO?"]
    assert rows[0].id == stable_id("What is the refund window?") == load_questions(tmp_path / "q.txt")[0].id
    (tmp_path / "q.jsonl").write_text(
        json.dumps({"id": "a1", "question": "Q?", "doc": "x.pdf", "gold": 5, "answer": "45 days"}) + "\n"
    )
    row = load_questions(tmp_path / "q.jsonl")[0]
    assert (row.id, row.doc, row.extra) == ("a1", "x.pdf", {"gold": 5, "input_answer": "45 days"})
    (tmp_path / "q.csv").write_text("id,question,doc,expected\nc1,What is the refund window?,northwind,45 days\n")
    row = load_questions(tmp_path / "q.csv")[0]
    assert (row.id, row.doc, row.extra) == ("c1", "northwind", {"expected": "45 days"})


@needs_shared
def test_financebench_format_as_is():
    rows = load_questions(FINANCEBENCH / "questions.jsonl")
    assert len(rows) == 69 and rows[0].id == "financebench_id_03029" and rows[0].doc == "3M_2018_10K"
    assert rows[0].extra["input_answer"] == "$1577.00"


@pytest.mark.parametrize(
    "name,content,message",
    [
        ("bad.jsonl", '{"question": "ok"}\n{not json\n', "bad.jsonl:2: not valid JSON"),
        ("noq.jsonl", '{"id": "x"}\n', "noq.jsonl:1: no question text"),
        ("dup.jsonl", '{"id": "x", "question": "a"}\n{"id": "x", "question": "b"}\n', "appears twice"),
        ("nocol.csv", "id,text\n1,hello\n", "no 'question' column"),
        ("empty.txt", "\n\n", "holds no question"),
        ("q.xlsx", "whatever", "unknown question file type"),
    ],
)
def test_bad_question_files(tmp_path, run_cli, corpus_pdf, name, content, message):
    (tmp_path / name).write_text(content)
    with pytest.raises(QuestionFileError, match=message):
        load_questions(tmp_path / name)
    code, _, err = run_cli("batch", tmp_path / name, corpus_pdf, "--out", tmp_path / "out.jsonl")
    assert code == 3 and message in err and not (tmp_path / "out.jsonl").exists()


def test_a_folder_given_as_the_question_file_is_named_so(tmp_path, run_cli, corpus_pdf):
    (tmp_path / "questions").mkdir()
    code, _, err = run_cli("batch", tmp_path / "questions", corpus_pdf, "--out", tmp_path / "out.jsonl")
    assert code == 3 and "is a folder, not a question file" in err and "give the question file" in err
    assert not (tmp_path / "out.jsonl").exists()


def test_a_pdf_given_as_the_question_file_says_the_arguments_are_swapped(tmp_path, run_cli, corpus_pdf):
    questions = tmp_path / "questions.txt"
    questions.write_text("What is the refund window?\n")
    code, _, err = run_cli("batch", corpus_pdf, questions, "--out", tmp_path / "out.jsonl")
    assert code == 3 and "is a PDF, not a question file" in err and "question file (.txt, .jsonl or .csv) first" in err
    assert not (tmp_path / "out.jsonl").exists()


# ----------------------------------------------------------------------------- batch


def test_batch_extractive_summary_output_and_resume(run_cli, corpus_pdf, tmp_path, isolated_env):
    qfile = tmp_path / "q.txt"
    qfile.write_text("\n".join(QUESTIONS[:2]) + "\n")
    out = tmp_path / "answers.jsonl"
    code, stdout, _ = run_cli("batch", qfile, corpus_pdf, "--out", out)
    assert code == 0 and "answered: 2" in stdout and "quotes verified:" in stdout and "values supported:" in stdout
    records = lines_of(out)
    assert {r["id"] for r in records} == {stable_id(q) for q in QUESTIONS[:2]}
    assert all(r["verification_status"] == "verified" and r["trace_id"] and r["error"] is None for r in records)
    assert len(read_traces(isolated_env / "traces")) == 2
    qfile.write_text("\n".join(QUESTIONS) + "\n")
    code, stdout, _ = run_cli("batch", qfile, corpus_pdf, "--out", out, "--json")
    summary = json.loads(stdout)
    assert code == 0 and summary["skipped"] == 2 and summary["answered"] == 1
    assert summary["whole"]["answered"] + summary["whole"]["not_found"] == 3 and summary["whole"]["missing"] == 0
    assert len(lines_of(out)) == 3
    # the terminal says both: the whole output and this run
    qfile.write_text("\n".join([*QUESTIONS, "What is the refund window for gift cards?"]) + "\n")
    code, stdout, _ = run_cli("batch", qfile, corpus_pdf, "--out", out)
    whole = next(line for line in stdout.splitlines() if line.startswith("whole output (4 questions): "))
    assert "not yet answered: 0" in whole and "\nthis run: " in stdout, stdout
    found = sum(int(whole.split(f"{k}: ")[1].split()[0]) for k in ("answered", "not found"))
    assert found == 4


def test_a_csv_question_file_that_does_not_parse_names_the_line(run_cli, corpus_pdf, tmp_path):
    qfile = tmp_path / "q.csv"
    qfile.write_text('id,question\na,"What is the refund window?\nb,What was net income in fiscal 2025?\n')
    out = tmp_path / "o.jsonl"
    code, _, err = run_cli("batch", qfile, corpus_pdf, "--out", out)
    assert code == 3 and f"{qfile}:2: not valid CSV" in err and "close the quote" in err and not out.exists()
    qfile.write_text('id,question\na,"What is the refund window?\nb,What was net income?"\nc,Who audits?\n')
    code, _, err = run_cli("batch", qfile, corpus_pdf, "--out", out)
    assert code == 3 and f"{qfile}:2: this CSV record runs on to line 3" in err and not out.exists()


def test_one_failed_question_does_not_stop_the_batch(run_cli, corpus_pdf, tmp_path):
    qfile = tmp_path / "q.jsonl"
    qfile.write_text(
        "\n".join(
            json.dumps(r)
            for r in [
                {"id": "good", "question": QUESTIONS[0], "doc": corpus_pdf.name},
                {"id": "nodoc", "question": QUESTIONS[0], "doc": "missing-report.pdf"},
            ]
        )
        + "\n"
    )
    out = tmp_path / "out.jsonl"
    code, stdout, _ = run_cli("batch", qfile, corpus_pdf, "--out", out)
    by_id = {r["id"]: r for r in lines_of(out)}
    assert code == 6 and "errors: 1" in stdout
    assert by_id["good"]["error"] is None
    assert "missing-report.pdf" in by_id["nodoc"]["error"]["what"]


def test_batch_ingests_each_document_once(run_cli, corpus_pdf, tmp_path, isolated_env):
    qfile = tmp_path / "q.txt"
    qfile.write_text("\n".join(QUESTIONS) + "\n")
    run_cli("batch", qfile, corpus_pdf, "--out", tmp_path / "o.jsonl", "--workers", "3")
    traces = read_traces(isolated_env / "traces")
    assert [t["documents"][0]["cache_hit"] for t in traces] == [False] * 3  # parsed once, then shared in memory
    # one line table cached (a search index may be cached beside it, unless an earlier test left it in memory)
    assert len(list((isolated_env / "cache" / "lines").rglob("*.json"))) == 1


def test_concurrent_workers_against_the_server_with_429s(run_cli, corpus_pdf, tmp_path, fake_openai):
    answer = {
        "answer_type": "text",
        "items": [
            {"text": "45 days", "spans": [{"doc": None, "line_start": 60, "line_end": 60, "quote": "within 45 days"}]}
        ],
        "answer_found": True,
        "complete_answer_found": True,
        "conflicting_evidence": False,
        "context_structured": True,
        "caveats": [],
    }
    for _ in range(3):
        fake_openai.push({"error": {"message": "slow down"}}, status=429, headers={"retry-after-ms": "20"})
    fake_openai.default = {"body": responses_body(json.dumps(answer)), "status": 200}
    qfile = tmp_path / "q.txt"
    qfile.write_text("\n".join(f"What is the refund window for order {i}?" for i in range(8)) + "\n")
    code, stdout, _ = run_cli("batch", qfile, corpus_pdf, "--out", tmp_path / "o.jsonl", "--workers", "4")
    records = lines_of(tmp_path / "o.jsonl")
    assert code == 0, stdout + json.dumps([r["error"] for r in records])
    assert len(records) == 8 and all(r["error"] is None and r["verification_status"] == "verified" for r in records)
    assert len(fake_openai.requests) == 11  # 8 answers + 3 rate-limited attempts retried
    assert "tokens in/out: 9600/640" in stdout


def test_resume_after_kill_9(corpus_pdf, tmp_path):
    from tests.fake_openai import FakeOpenAI

    server = FakeOpenAI().start()
    answer = {
        "answer_type": "text",
        "items": [
            {"text": "45 days", "spans": [{"doc": None, "line_start": 60, "line_end": 60, "quote": "within 45 days"}]}
        ],
        "answer_found": True,
        "complete_answer_found": True,
        "conflicting_evidence": False,
        "context_structured": True,
        "caveats": [],
    }
    server.default = {"body": responses_body(json.dumps(answer)), "status": 200, "sleep": 0.15}
    qfile = tmp_path / "q.txt"
    qfile.write_text("\n".join(f"Refund window question number {i}?" for i in range(30)) + "\n")
    out = tmp_path / "o.jsonl"
    env = {**os.environ, "OPENAI_API_KEY": API_KEY, "OPENAI_BASE_URL": server.base_url, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "docintel", "batch", str(qfile), str(corpus_pdf), "--out", str(out), "--workers", "2"]
    try:
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        partial = tmp_path / ".o.jsonl.partial"  # a new output is renamed into place only when the run ends
        deadline = time.time() + 20
        while time.time() < deadline and (not partial.exists() or len(partial.read_text().splitlines()) < 5):
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert not out.exists()
        with partial.open("a") as handle:
            handle.write('{"id": "torn line from a cras')  # what a kill during a write could leave
        assert 5 <= len(partial.read_text().splitlines()) < 31
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)
        errors = [line for line in out.read_text().splitlines() if '"error": null' not in line] if out.exists() else []
        assert done.returncode == 0, done.stdout + done.stderr + "\n".join(errors)
    finally:
        server.stop()
    ids = [json.loads(line)["id"] for line in out.read_text().splitlines()]
    assert len(ids) == 30 and len(set(ids)) == 30 and not partial.exists()


# ---------------------------------------------------------------------------- traces


def test_traces_list_show_filters(run_cli, corpus_pdf, isolated_env):
    for question in QUESTIONS:
        run_cli("ask", question, corpus_pdf)
    code, out, _ = run_cli("traces", "list")
    lines = out.strip().splitlines()
    assert code == 0 and len(lines) == 3 and "capital expenditures" in lines[0]  # newest first
    code, out, _ = run_cli("traces", "list", "--grep", "REFUND", "--json")
    assert [t["question"] for t in json.loads(out)["traces"]] == [QUESTIONS[0]]
    code, out, _ = run_cli("traces", "list", "--since", "2999-01-01")
    assert out.strip() == "no traces match"
    code, out, _ = run_cli("traces", "list", "--status", "verified", "--limit", "2")
    assert len(out.strip().splitlines()) == 2
    trace_id = json.loads(run_cli("traces", "list", "--json", "--limit", "1")[1])["traces"][0]["id"]
    code, out, _ = run_cli("traces", "show", trace_id[:24])
    assert code == 0 and "question: How much were capital expenditures" in out and "decisions:" in out and "✓" in out
    code, out, _ = run_cli("traces", "show", trace_id, "--prompt")
    assert "=== system ===" in out and "<evidence>" in out
    code, _, err = run_cli("traces", "show", "nope")
    assert code == 3 and "no trace with id 'nope'" in err


def test_damaged_traces_are_reported_and_skipped(run_cli, corpus_pdf, isolated_env):
    run_cli("ask", QUESTIONS[0], corpus_pdf)
    root = isolated_env / "traces"
    (root / f"{new_trace_id()}.json").write_text('{"trace_id": "half-writ')
    (root / "index.jsonl").write_text("garbage\n")
    code, out, err = run_cli("traces", "list")
    assert code == 0 and QUESTIONS[0] in out and "damaged trace skipped" in err
    code, out, _ = run_cli("traces", "stats")
    assert code == 0 and "traces: 1" in out


def test_list_is_fast_on_a_large_store(tmp_path):
    store = TraceStore(tmp_path / "many")
    base = {
        "trace_version": 2,
        "created_at": "2026-01-01T00:00:00+00:00",
        "kind": "ask",
        "program": {"version": "0"},
        "settings": {},
        "settings_hash": "",
        "question": "q",
        "request": {"backend": "extractive", "model": None},
        "status": {"answer": "found", "verification": "verified", "final": "ok"},
        "usage": {},
    }
    for i in range(300):
        store.write({**base, "trace_id": f"20260101T000000{i:06d}Z-aaaaaa"})
    started = time.perf_counter()
    rows, problems = store.rows()
    assert len(rows) == 300 and not problems and time.perf_counter() - started < 0.5
    (tmp_path / "many" / "index.db").unlink()
    rows, _ = store.rows()  # rebuilt from the files
    assert len(rows) == 300 and (tmp_path / "many" / "index.db").exists()


def test_verify_detects_a_changed_document(run_cli, make_pdf, isolated_env):
    pdf = make_pdf("policy.pdf", [["Refunds are issued within 30 days of purchase.", "Shipping is free over $50."]])
    run_cli("ask", "What is the refund window?", pdf)
    trace_id = read_traces(isolated_env / "traces")[0]["trace_id"]
    code, out, _ = run_cli("traces", "verify", trace_id)
    assert code == 0 and "documents changed since: none" in out and "unchanged" in out
    make_pdf("policy.pdf", [["Refunds are issued within 60 days of purchase.", "Shipping is free over $50."]])
    code, out, _ = run_cli("traces", "verify", trace_id)
    assert code == 6 and "documents changed since: policy" in out and "verified -> failed" in out


def test_replay_links_to_the_original(run_cli, corpus_pdf, fake_openai, isolated_env):
    answer = {
        "answer_type": "text",
        "items": [
            {"text": "45 days", "spans": [{"doc": None, "line_start": 60, "line_end": 60, "quote": "within 45 days"}]}
        ],
        "answer_found": True,
        "complete_answer_found": True,
        "conflicting_evidence": False,
        "context_structured": True,
        "caveats": [],
    }
    fake_openai.push_answer(answer)
    run_cli("ask", QUESTIONS[0], corpus_pdf)
    original = read_traces(isolated_env / "traces")[0]
    changed = {
        **answer,
        "items": [
            {"text": "90 days", "spans": [{"doc": None, "line_start": 60, "line_end": 60, "quote": "within 90 days"}]}
        ],
    }
    fake_openai.push_answer(changed)
    code, out, _ = run_cli("traces", "replay", original["trace_id"])
    assert code == 0 and "answer: changed" in out and "verified -> failed" in out
    traces = read_traces(isolated_env / "traces")
    replay = next(t for t in traces if t["trace_id"] != original["trace_id"])
    assert replay["replay_of"] == original["trace_id"] and replay["kind"] == "replay"
    assert fake_openai.requests[1]["body"]["input"] == fake_openai.requests[0]["body"]["input"]
    for path in (isolated_env / "traces").iterdir():
        assert API_KEY not in path.read_text(errors="replace")  # index.db is binary


def test_an_ambiguous_trace_id_prefix_is_said_to_be_one(run_cli, corpus_pdf, isolated_env):
    for question in QUESTIONS[:2]:
        run_cli("ask", question, corpus_pdf)
    code, _, err = run_cli("traces", "show", "20")
    assert (
        code != 0 and "'20' is an ambiguous id prefix: 2 traces start with it" in err and "give more of the id" in err
    )
    code, _, err = run_cli("traces", "show", "19")
    assert "no trace with id '19'" in err


def test_a_completed_output_lists_answers_in_the_question_file_s_order(tmp_path):
    """Answers are written as they finish (here the last question first); the completed file is in file order,
    also over a resumed run whose earlier answers came in another order."""
    out = tmp_path / "answers.jsonl"
    record = dict.fromkeys(RECORD_KEYS)
    with BatchOutput(out, order=["q1", "q2", "q3"]) as output:
        for qid in ("q3", "q1"):
            output.write({**record, "id": qid})
    assert [r["id"] for r in lines_of(out)] == ["q1", "q3"]
    with BatchOutput(out, order=["q2", "q3", "q0"]) as output:  # q1 is no longer asked: it stays, first
        output.write({**record, "id": "q0"})
        output.write({**record, "id": "q2"})
    assert [r["id"] for r in lines_of(out)] == ["q1", "q2", "q3", "q0"]


def test_a_record_says_why_it_is_not_supported(run_cli, corpus_pdf, tmp_path, fake_openai):
    """status_detail gives the checks' reason for a status other than supported (here a quote not in its lines),
    and is empty for a supported answer."""
    right = {"text": "45 days", "spans": [{"doc": None, "line_start": 60, "line_end": 60, "quote": "within 45 days"}]}
    made_up = {"text": "90 days", "spans": [{"doc": None, "line_start": 60, "line_end": 60, "quote": "within 90 days"}]}
    for item in (right, made_up):
        answer = {
            "answer_type": "text",
            "items": [item],
            "answer_found": True,
            "complete_answer_found": True,
            "conflicting_evidence": False,
            "context_structured": True,
            "caveats": [],
        }
        fake_openai.push(responses_body(json.dumps(answer)))
    qfile = tmp_path / "q.jsonl"
    qfile.write_text(
        "\n".join(json.dumps({"id": f"q{n}", "question": "What is the refund window?"}) for n in (1, 2)) + "\n"
    )
    code, _, _ = run_cli("batch", qfile, corpus_pdf, "--out", tmp_path / "o.jsonl", "--workers", "1")
    records = {r["id"]: r for r in lines_of(tmp_path / "o.jsonl")}
    assert records["q1"]["status"] == "supported" and records["q1"]["status_detail"] == ""
    assert records["q2"]["status"] != "supported" and "quote" in records["q2"]["status_detail"], records["q2"]
