"""The API key never reaches the terminal, a batch output or a trace, even when a server echoes it; and
a key too common to be a secret ("local") masks nothing."""

from __future__ import annotations

import json

import pytest

from docintel.redact import clean, looks_secret
from docintel.traces.store import scrub
from tests.conftest import API_KEY, read_traces
from tests.fake_openai import responses_body

QUESTION = "What is the refund window?"


def _everything_written(root) -> str:
    return "\n".join(p.read_text(errors="replace") for p in root.rglob("*") if p.is_file() and p.suffix != ".db")


def _echo(status: int) -> dict:
    return {"error": {"message": f"Incorrect API key provided: {API_KEY}. See the docs.", "type": "invalid"}}


@pytest.mark.parametrize("status", [401, 500])
def test_a_server_echoing_the_key_in_an_error_leaks_it_nowhere(run_cli, corpus_pdf, fake_openai, isolated_env, status):
    fake_openai.default = {"status": status, "body": _echo(status)}
    code, out, err = run_cli("ask", QUESTION, corpus_pdf, "--backend", "openai")
    assert code == 5 and API_KEY not in out + err
    assert "Incorrect API key provided: ***" in err  # the server's reason is still quoted
    written = _everything_written(isolated_env / "traces")
    assert written and API_KEY not in written and "Incorrect API key provided: ***" in written


def test_a_key_echoed_in_a_plain_text_error_body_is_masked(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.default = {"status": 500, "body": f"upstream said: bad credentials {API_KEY}"}
    code, _, err = run_cli("ask", QUESTION, corpus_pdf, "--backend", "openai")
    assert code == 5 and API_KEY not in err and "bad credentials ***" in err
    assert API_KEY not in _everything_written(isolated_env / "traces")


def test_batch_output_never_holds_the_key(run_cli, corpus_pdf, fake_openai, isolated_env, tmp_path):
    fake_openai.default = {"status": 401, "body": _echo(401)}
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps({"id": "q1", "question": QUESTION}) + "\n")
    out = tmp_path / "answers.jsonl"
    code, stdout, err = run_cli("batch", questions, corpus_pdf, "--out", out, "--backend", "openai")
    record = json.loads(out.read_text().splitlines()[0])
    assert record["error"]["what"].count("***") == 1
    assert API_KEY not in out.read_text() + stdout + err + _everything_written(isolated_env / "traces")


def test_a_key_echoed_in_a_reply_is_masked_in_the_answer_and_the_trace(run_cli, corpus_pdf, fake_openai, isolated_env):
    answer = {
        "answer_type": "text",
        "items": [
            {
                "text": f"The key is {API_KEY}; refunds within 45 days",
                "spans": [{"doc": None, "line_start": 1, "line_end": 1, "quote": "x"}],
            }
        ],
        "answer_found": True,
        "complete_answer_found": True,
        "conflicting_evidence": False,
        "context_structured": True,
        "caveats": [f"sent with {API_KEY}"],
    }
    fake_openai.default = {"status": 200, "body": responses_body(json.dumps(answer))}
    code, out, err = run_cli("ask", QUESTION, corpus_pdf, "--backend", "openai", "--json")
    assert "The key is ***" in out and API_KEY not in out + err
    written = _everything_written(isolated_env / "traces")
    assert "The key is ***" in written and API_KEY not in written


def test_a_common_word_as_key_masks_nothing(run_cli, make_pdf, fake_openai, isolated_env, monkeypatch, tmp_path):
    """The README's local recipe once used OPENAI_API_KEY=local: every 'local' in a trace became ***."""
    monkeypatch.setenv("OPENAI_API_KEY", "local")
    folder = tmp_path / "localdocs"
    pdf = make_pdf("report.pdf", [["Refund policy", "Refunds in local currencies are paid within 45 days."]])
    moved = folder / "report.pdf"
    folder.mkdir()
    pdf.rename(moved)
    fake_openai.default = {"status": 401, "body": {"error": {"message": "local key refused", "type": "x"}}}
    code, _, err = run_cli("ask", QUESTION, moved, "--backend", "openai")
    assert code == 5 and "local key refused" in err
    trace = read_traces(isolated_env / "traces")[0]
    assert "***" not in json.dumps(trace)
    assert trace["documents"][0]["path"] == str(moved)


def test_what_docintel_sent_is_kept_as_sent(tmp_path):
    """A secret-looking token inside a document or the prompt is data: a replay must send it unchanged."""
    token = "sk-abc-12345678"
    trace = {
        "documents": [{"path": f"/docs/{token}/a.pdf"}],
        "prompt": {"user": f"evidence: {token}"},
        "request": {"messages": [{"role": "user", "content": token}], "attempts": [{"reason": f"bad {token}"}]},
        "error": {"what": f"refused {token}"},
        "api_key": token,
    }
    stored = scrub(trace, (token,))
    assert stored["documents"] == trace["documents"] and stored["prompt"] == trace["prompt"]
    assert stored["request"]["messages"] == trace["request"]["messages"]
    assert stored["request"]["attempts"][0]["reason"] == "bad ***" and stored["error"]["what"] == "refused ***"
    assert "api_key" not in stored


@pytest.mark.parametrize(
    "key,secret",
    [
        ("local", False),
        ("none", False),
        ("ollama", False),
        ("password", False),
        ("notneeded", False),
        ("sk-local", True),
        ("abc12345", True),
        ("a" * 16, True),
        ("sk-1", False),
    ],
)
def test_which_keys_look_secret(key, secret):
    assert looks_secret(key) is secret


def test_a_key_is_masked_wherever_it_stands_in_any_case_and_as_base64():
    """A server may glue the key to other text ('bad key_sk-...'), change its case or echo it encoded."""
    import base64

    key = "sk-test-98765432"
    assert clean(f"key {key}.", (key,)) == "key ***."
    assert clean(f'"{key}"', (key,)) == '"***"'
    assert clean(f"x{key}_end", (key,)) == "x***_end"
    assert clean(f"echo {key.upper()}", (key,)) == "echo ***"
    encoded = base64.b64encode(key.encode()).decode()
    assert clean(f"b64 {encoded} and {encoded.rstrip('=')}", (key,)) == "b64 *** and ***"
    assert clean("nothing here", (key,)) == "nothing here"


def test_an_internal_error_never_shows_the_key(run_cli, corpus_pdf, fake_openai, isolated_env, tmp_path):
    """A reply malformed in a way docintel does not expect (the key as a token count) is an internal error, whose
    text quotes the bad value: on the terminal and in a batch output it is masked like any other."""
    body = responses_body(json.dumps({"answer_type": "text", "items": []}))
    body["usage"] = {"input_tokens": API_KEY, "output_tokens": 1, "total_tokens": 1}
    fake_openai.default = {"status": 200, "body": body}
    code, out, err = run_cli("ask", QUESTION, corpus_pdf, "--backend", "openai")
    assert code != 0 and "error:" in err and API_KEY not in out + err, err
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps({"id": "q1", "question": QUESTION}) + "\n")
    answers = tmp_path / "answers.jsonl"
    code, out, err = run_cli("batch", questions, corpus_pdf, "--out", answers, "--backend", "openai")
    assert answers.exists() and API_KEY not in answers.read_text() + out + err


def test_a_model_name_the_server_lists_never_shows_the_key(run_cli, corpus_pdf, fake_openai, isolated_env, monkeypatch):
    """The note naming the server's one model quotes what the server said: the terminal masks it, as the cache."""
    monkeypatch.delenv("DOCINTEL_MODEL", raising=False)
    fake_openai.models = [API_KEY]
    answer = {
        "answer_type": "text",
        "items": [{"text": "45 days", "spans": [span_of_refunds()]}],
        "answer_found": True,
        "complete_answer_found": True,
        "conflicting_evidence": False,
        "context_structured": True,
        "caveats": [],
    }
    fake_openai.default = {"status": 200, "body": responses_body(json.dumps(answer))}
    code, out, err = run_cli("ask", QUESTION, corpus_pdf, "--backend", "openai", "--cache-dir", isolated_env / "c")
    assert "the server's one model, ***" in out + err and API_KEY not in out + err
    assert API_KEY not in _everything_written(isolated_env)


def test_a_credential_in_the_base_url_s_query_is_masked(run_cli, corpus_pdf, isolated_env, monkeypatch):
    secret = "sk-query-SECRET-5566778899"
    monkeypatch.setenv("OPENAI_API_KEY", API_KEY)
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:1/v1?api_key={secret}&api-version=2024-06")
    monkeypatch.setenv("DOCINTEL_MAX_RETRIES", "0")
    code, out, err = run_cli("settings")
    assert "api_key=***&api-version=2024-06" in out and secret not in out + err
    code, out, err = run_cli("ask", QUESTION, corpus_pdf, "--backend", "openai")
    assert code != 0 and "cannot reach the model server" in err and secret not in out + err, err
    trace = read_traces(isolated_env / "traces")[0]
    assert "api_key=***" in trace["settings"]["openai_base_url"] and secret not in json.dumps(trace)


def test_a_key_echoed_in_a_batch_api_reply_never_reaches_the_output(
    run_cli, corpus_pdf, fake_openai, isolated_env, monkeypatch
):
    """The Batch API path reads its replies from the output file, not over HTTP: they are cleaned the same way."""
    import json as _json

    monkeypatch.setenv("DOCINTEL_BATCH_POLL_S", "0.01")

    from tests.fake_openai import responses_body as _body

    answer = {
        "answer_type": "text",
        "items": [{"text": f"45 days ({API_KEY})", "spans": [span_of_refunds()]}],
        "answer_found": True,
        "complete_answer_found": True,
        "conflicting_evidence": False,
        "context_structured": True,
        "caveats": [],
    }
    fake_openai.default = {"status": 200, "body": _body(_json.dumps(answer))}
    questions = isolated_env / "q.jsonl"
    questions.write_text(_json.dumps({"id": "q1", "question": QUESTION}) + "\n")
    out = isolated_env / "b.jsonl"
    code, stdout, err = run_cli("batch", questions, corpus_pdf, "--out", out, "--via", "batch-api", "--wait")
    assert code == 0, err
    written = out.read_text() + stdout + err + _everything_written(isolated_env / "traces")
    assert "45 days (***)" in written and API_KEY not in written


def span_of_refunds() -> dict:
    return {"doc": None, "line_start": 60, "line_end": 60, "quote": "within 45 days"}


def test_a_reply_that_is_not_json_is_a_clear_model_error(run_cli, corpus_pdf, fake_openai, isolated_env):
    """A 200 whose body is cut (a proxy, a broken server) is the server's failure, said in one line with the fix,
    not an internal error; what it echoed is masked."""
    fake_openai.default = {"status": 200, "body": f'{{"id": "resp_x", "output": [ BROKEN {API_KEY}'}
    code, out, err = run_cli("ask", QUESTION, corpus_pdf, "--backend", "openai")
    assert code == 5 and "not valid JSON" in err and "internal error" not in err and API_KEY not in out + err, err
