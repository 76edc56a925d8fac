"""`docintel batch --via batch-api`: the model calls through the OpenAI Batch API of the fake server
(tests/fake_batches.py), joined by custom_id, verified here, written as the synchronous path writes them."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import API_KEY, ROOT, interruptible, read_traces
from tests.fake_openai import FakeOpenAI, chat_body, responses_body

ANSWER = {
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


def _answer(body: dict) -> dict:
    """The same answer on either API (the body says which)."""
    text = json.dumps(ANSWER)
    return chat_body(text) if "messages" in body else responses_body(text)


def _questions(folder: Path, n: int = 4) -> Path:
    path = folder / "q.jsonl"
    rows = [{"id": f"q{i}", "question": f"What is the refund window for order {i}?"} for i in range(n)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _records(path: Path) -> dict[str, dict]:
    return {r["id"]: r for r in map(json.loads, path.read_text().splitlines())}


def _same_but_trace(a: dict, b: dict) -> bool:
    return {k: v for k, v in a.items() if k != "trace_id"} == {k: v for k, v in b.items() if k != "trace_id"}


def test_submit_then_collect_out_of_order_equals_sync(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.default = {"body": _answer, "status": 200}
    questions = _questions(isolated_env)
    code, _, err = run_cli("batch", questions, corpus_pdf, "--out", isolated_env / "sync.jsonl")
    assert code == 0, err
    synced = len(fake_openai.requests)
    out = isolated_env / "b.jsonl"
    args = ("batch", questions, corpus_pdf, "--out", out, "--via", "batch-api")

    code, stdout, err = run_cli(*args)  # submitted: nothing answered yet, the batch recorded beside --out
    state = Path(str(out) + ".batches.json")
    assert code == 0, err
    assert "4 requests submitted this run, 4 questions waiting" in stdout and state.exists()
    assert out.read_text() == "" and len(fake_openai.requests) == synced  # no synchronous call
    (batch,) = fake_openai.batches.batches.values()
    sent = [json.loads(line) for line in fake_openai.batches.files[batch["input_file_id"]]["content"].splitlines()]
    assert [s["custom_id"] for s in sent] == [f"q{i}#1" for i in range(4)]
    assert sent[0]["url"] == "/v1/responses" and sent[0]["body"]["store"] is False
    assert sent[0]["body"]["text"]["format"]["type"] == "json_schema"  # what ask sends, schema included

    code, stdout, _ = run_cli(*args)  # still in progress: nothing asked again
    assert code == 0 and "0 requests submitted this run, 4 questions waiting" in stdout
    code, stdout, _ = run_cli(*args)  # completed: lines came back reversed, joined by custom_id
    assert code == 0 and "0 questions waiting" in stdout and "answered: 4" in stdout
    batch_records, sync_records = _records(out), _records(isolated_env / "sync.jsonl")
    assert set(batch_records) == set(sync_records)
    assert all(_same_but_trace(batch_records[k], sync_records[k]) for k in sync_records)
    assert all(r["verification_status"] == "verified" for r in batch_records.values())
    assert not state.exists() and len(fake_openai.batches.answered) == 4
    assert len(read_traces(isolated_env / "traces")) == 8  # each batch answer traced like a synchronous one

    code, stdout, _ = run_cli(*args)  # all answered: nothing submitted, nothing answered twice
    assert code == 0 and "4 already answered" in stdout
    assert len(fake_openai.batches.batches) == 1 and len(fake_openai.batches.answered) == 4
    assert len(fake_openai.requests) == synced


def test_failed_and_expired_lines_are_sent_synchronously_with_wait(
    run_cli, corpus_pdf, fake_openai, isolated_env, monkeypatch
):
    monkeypatch.setenv("DOCINTEL_BATCH_POLL_S", "0.01")
    fake_openai.default = {"body": _answer, "status": 200}
    fake_openai.batches.fail = {"q1#1"}
    fake_openai.batches.expire_after = 3  # q3 is never run: the batch expires
    out = isolated_env / "b.jsonl"
    code, stdout, err = run_cli(
        "batch", _questions(isolated_env), corpus_pdf, "--out", out, "--via", "batch-api", "--wait"
    )
    assert code == 0, err
    assert "2 requests retried synchronously" in stdout and "expired" in stdout
    assert len(fake_openai.requests) == 2  # q1 and q3, once each
    records = _records(out)
    assert sorted(records) == ["q0", "q1", "q2", "q3"] and all(r["error"] is None for r in records.values())
    assert not Path(str(out) + ".batches.json").exists()


def test_chat_api_and_files_split_by_request_limit(corpus_pdf, fake_openai, isolated_env, monkeypatch):
    from docintel.apps.batch import load_questions
    from docintel.apps.batch_api import run_batch_api
    from docintel.pipeline import Pipeline
    from docintel.settings import load_settings

    monkeypatch.setenv("DOCINTEL_BATCH_POLL_S", "0.01")
    fake_openai.default = {"body": _answer, "status": 200}
    pipeline = Pipeline(load_settings({"api": "chat", "backend": "openai"}))
    questions = load_questions(_questions(isolated_env, 5))
    out = isolated_env / "b.jsonl"
    summary = run_batch_api(pipeline, questions, [corpus_pdf], out, wait=True, limits=(2, 10**9))
    batches = list(fake_openai.batches.batches.values())
    assert [b["request_counts"]["total"] for b in batches] == [2, 2, 1]
    assert {b["endpoint"] for b in batches} == {"/v1/chat/completions"}
    assert summary.answered == 5 and summary.errors == 0 and len(_records(out)) == 5


def test_server_without_batch_api_names_via_sync(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.batches.enabled = False
    out = isolated_env / "b.jsonl"
    code, _, err = run_cli("batch", _questions(isolated_env), corpus_pdf, "--out", out, "--via", "batch-api")
    assert code == 4 and "no Batch API" in err and "--via sync" in err
    assert not out.exists() and not Path(str(out) + ".batches.json").exists()


def test_wait_and_ray_are_refused_where_they_mean_nothing(run_cli, corpus_pdf, isolated_env):
    questions = _questions(isolated_env)
    code, _, err = run_cli("batch", questions, corpus_pdf, "--out", isolated_env / "o.jsonl", "--wait")
    assert code == 2 and "--via batch-api" in err
    code, _, err = run_cli("batch", questions, corpus_pdf, "--out", isolated_env / "o.jsonl", "--via", "batch-api")
    assert code == 2 and "needs the openai backend" in err  # no API key: nothing to send


def test_a_batch_created_but_not_recorded_is_found_not_asked_again(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.default = {"body": _answer, "status": 200}
    out = isolated_env / "b.jsonl"
    args = ("batch", _questions(isolated_env), corpus_pdf, "--out", out, "--via", "batch-api")
    code, stdout, stderr = run_cli(*args)
    assert code == 0, stdout + stderr
    state_file = Path(str(out) + ".batches.json")
    state = json.loads(state_file.read_text())
    ((batch_id, batch),) = state["batches"].items()
    # what a stop between creating the batch and recording it leaves: the uploaded file, pending
    state["pending"] = {
        batch["input_file_id"]: {
            "endpoint": batch["endpoint"],
            "requests": {cid: where["hash"] for cid, where in state["requests"].items()},
        }
    }
    state["batches"], state["requests"] = {}, {}
    state_file.write_text(json.dumps(state))
    code, stdout, _ = run_cli(*args)  # the batch is found and polled: in progress
    assert code == 0 and "0 requests submitted this run, 4 questions waiting" in stdout
    code, stdout, _ = run_cli(*args)
    assert code == 0 and "answered: 4" in stdout
    assert len(fake_openai.batches.batches) == 1 and len(fake_openai.batches.answered) == 4


def test_ctrl_c_while_waiting_loses_nothing(corpus_pdf, tmp_path):
    server = FakeOpenAI().start()
    server.default = {"body": _answer, "status": 200}
    server.batches.polls = 10**6  # never finishes while the first run waits
    out = tmp_path / "b.jsonl"
    env = {
        **os.environ,
        "OPENAI_API_KEY": API_KEY,
        "OPENAI_BASE_URL": server.base_url,
        "PYTHONPATH": str(ROOT),
        "DOCINTEL_BATCH_POLL_S": "0.05",
    }
    cmd = [
        sys.executable,
        "-m",
        "docintel",
        "batch",
        str(_questions(tmp_path)),
        str(corpus_pdf),
        "--out",
        str(out),
        "--via",
        "batch-api",
        "--wait",
    ]
    state = Path(str(out) + ".batches.json")
    try:
        proc = subprocess.Popen(
            cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tmp_path, preexec_fn=interruptible
        )
        deadline = time.time() + 60
        while time.time() < deadline and not (state.exists() and json.loads(state.read_text())["batches"]):
            time.sleep(0.05)
        time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 130
        server.batches.polls = 1
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    finally:
        server.stop()
    assert len(server.batches.batches) == 1 and len(server.batches.answered) == 4 and not server.requests
    assert sorted(_records(out)) == ["q0", "q1", "q2", "q3"] and not state.exists()


NOT_FOUND = {**ANSWER, "answer_type": "amount", "items": [], "answer_found": False, "complete_answer_found": False}


def test_sequential_calls_go_into_successive_batches_and_equal_sync(
    run_cli, corpus_pdf, fake_openai, isolated_env, monkeypatch
):
    monkeypatch.setenv("DOCINTEL_BATCH_POLL_S", "0.01")
    monkeypatch.setenv("DOCINTEL_STRATEGY", "sequential")  # not found in a group: the next group is asked
    fake_openai.default = {"body": responses_body(json.dumps(NOT_FOUND)), "status": 200}
    questions = isolated_env / "q.jsonl"
    questions.write_text(json.dumps({"id": "q0", "question": "How much were capital expenditures in fiscal 2025?"}))
    code, stdout, err = run_cli("batch", questions, corpus_pdf, "--out", isolated_env / "s.jsonl")
    assert code == 0, stdout + err + (isolated_env / "s.jsonl").read_text()
    calls = len(fake_openai.requests)
    assert calls > 1
    out = isolated_env / "b.jsonl"
    code, _, err = run_cli("batch", questions, corpus_pdf, "--out", out, "--via", "batch-api", "--wait")
    assert code == 0, err
    assert len(fake_openai.batches.batches) == calls == len(fake_openai.batches.answered)  # one batch per round
    assert _same_but_trace(_records(out)["q0"], _records(isolated_env / "s.jsonl")["q0"])


def test_a_request_changed_since_its_batch_is_sent_again(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.default = {"body": _answer, "status": 200}
    out = isolated_env / "b.jsonl"
    args = ("batch", _questions(isolated_env, 2), corpus_pdf, "--out", out, "--via", "batch-api")
    assert run_cli(*args)[0] == 0
    assert run_cli(*args)[0] == 0  # in progress
    code, stdout, _ = run_cli(*args, "--budget-chars", "4000")  # finished, but the prompts are not those sent
    assert code == 0 and "2 requests changed since their batch" in stdout and "2 questions waiting" in stdout
    assert out.read_text() == "" and len(fake_openai.batches.batches) == 2
    run_cli(*args, "--budget-chars", "4000")
    code, stdout, _ = run_cli(*args, "--budget-chars", "4000")
    assert code == 0 and "answered: 2" in stdout and len(fake_openai.batches.answered) == 4


def test_a_damaged_or_foreign_batch_record_is_refused_before_anything_is_sent(
    run_cli, corpus_pdf, fake_openai, isolated_env, monkeypatch
):
    fake_openai.default = {"body": _answer, "status": 200}
    out = isolated_env / "b.jsonl"
    state = Path(str(out) + ".batches.json")
    args = ("batch", _questions(isolated_env), corpus_pdf, "--out", out, "--via", "batch-api")
    state.write_text('{"version": 1, "batches": {"batch_9": ')  # cut short
    code, _, err = run_cli(*args)
    assert code == 2 and "b.jsonl.batches.json: cannot read the recorded batches" in err and "asked and paid" in err
    assert not fake_openai.batches.batches and not out.exists()
    state.write_text(json.dumps({"version": 1, "base_url": "http://elsewhere/v1", "batches": {}}))
    code, _, err = run_cli(*args)
    assert code == 2 and "made on http://elsewhere/v1" in err and "OPENAI_BASE_URL" in err
    assert not fake_openai.batches.batches and not out.exists()


def test_a_cancelled_batch_is_answered_synchronously_once(run_cli, corpus_pdf, fake_openai, isolated_env):
    import openai

    fake_openai.default = {"body": _answer, "status": 200}
    out = isolated_env / "b.jsonl"
    args = ("batch", _questions(isolated_env, 2), corpus_pdf, "--out", out, "--via", "batch-api")
    assert run_cli(*args)[0] == 0
    (batch_id,) = fake_openai.batches.batches
    openai.OpenAI(api_key=API_KEY, base_url=fake_openai.base_url).batches.cancel(batch_id)  # by someone, elsewhere
    code, stdout, _ = run_cli(*args)
    assert code == 0 and "answered: 2" in stdout and "2 requests retried synchronously" in stdout
    assert f"{batch_id}: cancelled" in stdout and len(fake_openai.requests) == 2
    assert run_cli(*args)[0] == 0 and len(fake_openai.requests) == 2 and not fake_openai.batches.answered
