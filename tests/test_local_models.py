"""Local models through any OpenAI-compatible server: the structured-output modes, `auto` finding and
remembering the one a server takes, errors that quote the server, and full traces of failed calls.

The local test server plays each family of servers (tests/fake_openai.py family_rejection):
llama-cpp-python (no Responses API; 500 naming json_schema; json_object with a schema), a server with
no structured output at all (plain text holding JSON), and one without the Responses API.
"""

from __future__ import annotations

import json

import pytest

from docintel.answer.contract import schema_for
from docintel.backends.structured import read_reply
from tests.conftest import read_traces
from tests.fake_openai import chat_body, responses_body
from tests.test_answer_openai import QUESTION, REFUND_LINE, answer

GOOD = answer((None, REFUND_LINE, REFUND_LINE, "within 45 days of purchase for a full refund"))
LLAMA_REASON = "Input should be 'text' or 'json_object'"


def ask(run_cli, pdf, *extra):
    code, out, err = run_cli("ask", QUESTION, pdf, "--json", *extra)
    return code, (json.loads(out) if out.strip() else None), err


def sent(fake) -> list[tuple[str, str | None]]:
    """(endpoint, response_format type) of every request the server got."""
    return [
        (
            r["path"].rsplit("/", 1)[-1],
            ((r["body"].get("response_format") or (r["body"].get("text") or {}).get("format")) or {}).get("type"),
        )
        for r in fake.requests
    ]


def attempts(trace) -> list[tuple]:
    return [
        (a["api"], a["structured_output"], a["outcome"], a.get("status_code"), bool(a.get("retried")))
        for a in trace["request"]["attempts"]
    ]


def modes_file(isolated_env) -> dict:
    return json.loads((isolated_env / "cache" / "servers" / "modes.json").read_text())


def last_trace(isolated_env) -> dict:
    return read_traces(isolated_env / "traces")[-1]


def test_llama_cpp_python_auto_finds_json_object_and_remembers_it(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.family = "llama_cpp_python"
    fake_openai.push(chat_body(json.dumps(GOOD), model="gemma-3-270m"))
    code, data, err = ask(run_cli, corpus_pdf, "--model", "gemma-3-270m")
    assert code == 0, err
    assert data["verification"]["status"] == "verified" and data["status"] == "supported"
    # no Responses API, json_schema refused with a 500: neither is retried as load (max_retries is 2)
    assert sent(fake_openai) == [
        ("responses", "json_schema"),
        ("completions", "json_schema"),
        ("completions", "json_object"),
    ]
    body = fake_openai.requests[-1]["body"]
    assert body["model"] == "gemma-3-270m" and body["max_tokens"] == 2000 and body["temperature"] == 0
    assert body["response_format"]["schema"]["properties"]["answer_found"]["type"] == "boolean"
    system = body["messages"][0]["content"]
    assert "must validate against this JSON Schema" in system and '"answer_found"' in system
    trace = last_trace(isolated_env)
    assert (trace["request"]["api"], trace["request"]["structured_output"]) == ("chat", "json_object")
    assert (trace["request"]["api_setting"], trace["request"]["structured_output_setting"]) == ("auto", "auto")
    assert attempts(trace) == [
        ("responses", "json_schema", "error", 404, False),
        ("chat", "json_schema", "error", 500, False),
        ("chat", "json_object", "ok", None, False),
    ]
    assert LLAMA_REASON in trace["request"]["attempts"][1]["reason"]
    assert trace["request"]["messages"] == body["messages"]
    key = f"{fake_openai.base_url} gemma-3-270m"
    assert modes_file(isolated_env)[key] == {"api": "chat", "modes": {"chat": "json_object"}}

    # remembered: the next question goes straight to what works
    fake_openai.push(chat_body(json.dumps(GOOD)))
    assert ask(run_cli, corpus_pdf, "--model", "gemma-3-270m")[0] == 0
    assert sent(fake_openai)[3:] == [("completions", "json_object")]
    # per base URL and model: another model on the same server is probed afresh
    fake_openai.push(chat_body(json.dumps(GOOD)))
    assert ask(run_cli, corpus_pdf, "--model", "qwen2.5-0.5b")[0] == 0
    assert len(fake_openai.requests) == 4 + 3
    # cache clear forgets it
    assert run_cli("cache", "clear")[0] == 0
    assert not (isolated_env / "cache" / "servers").exists()


def test_a_server_without_structured_output_is_asked_in_the_prompt(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.family = "prompt_only"
    reply = f"Sure! Here is the answer:\n```json\n{json.dumps(GOOD, indent=2)}\n```\nLet me know if you need more."
    fake_openai.push(chat_body(reply))
    code, data, err = ask(run_cli, corpus_pdf)
    assert code == 0, err
    assert data["verification"]["status"] == "verified"
    assert sent(fake_openai) == [
        ("responses", "json_schema"),
        ("completions", "json_schema"),
        ("completions", "json_object"),
        ("completions", None),
    ]
    body = fake_openai.requests[-1]["body"]
    assert "response_format" not in body and "must validate against this JSON Schema" in body["messages"][0]["content"]
    trace = last_trace(isolated_env)
    assert trace["request"]["structured_output"] == "prompt"
    assert "'response_format' is not supported" in trace["request"]["attempts"][2]["reason"]
    assert trace["response"]["raw"]["choices"][0]["message"]["content"] == reply


def test_a_server_without_the_responses_api_takes_json_schema_on_chat(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.family = "no_responses"
    fake_openai.push(chat_body(json.dumps(GOOD)))
    code, data, _ = ask(run_cli, corpus_pdf)
    assert code == 0 and data["verification"]["status"] == "verified"
    assert sent(fake_openai) == [("responses", "json_schema"), ("completions", "json_schema")]
    trace = last_trace(isolated_env)
    assert (trace["request"]["api"], trace["request"]["structured_output"]) == ("chat", "json_schema")


def test_a_responses_api_that_ignores_the_schema_falls_back_to_chat(run_cli, corpus_pdf, fake_openai, isolated_env):
    """llama-server's /v1/responses drops text.format: the reply is prose, not the schema's JSON."""
    fake_openai.push(responses_body("Customers have 45 days to return unused merchandise."))
    fake_openai.push(chat_body(json.dumps(GOOD)))
    code, data, _ = ask(run_cli, corpus_pdf)
    assert code == 0 and data["verification"]["status"] == "verified"
    assert sent(fake_openai) == [("responses", "json_schema"), ("completions", "json_schema")]
    assert attempts(last_trace(isolated_env))[0][:3] == ("responses", "json_schema", "invalid")
    assert modes_file(isolated_env)[f"{fake_openai.base_url} gpt-4.1-mini"]["api"] == "chat"


def test_prompt_mode_repairs_once_quoting_the_validation_error(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.push(chat_body('{"answer_type": "text", "answer_found": true}'))
    fake_openai.push(chat_body(json.dumps(GOOD)))
    code, data, err = ask(run_cli, corpus_pdf, "--api", "chat", "--structured-output", "prompt")
    assert code == 0, err
    assert data["verification"]["status"] == "verified" and len(fake_openai.requests) == 2
    messages = fake_openai.requests[1]["body"]["messages"]
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]
    assert messages[2]["content"] == '{"answer_type": "text", "answer_found": true}'
    assert "not a valid TextAnswer" in messages[3]["content"] and "items: Field required" in messages[3]["content"]
    trace = last_trace(isolated_env)
    assert [(a["outcome"], a["repair"]) for a in trace["request"]["attempts"]] == [("invalid", False), ("ok", True)]
    assert trace["usage"]["input_tokens"] == 2 * 900  # both calls counted
    assert trace["request"]["messages"] == messages


def test_prompt_mode_gives_up_after_one_repair_with_a_full_trace(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.push(chat_body("I think the refund window is 45 days."))
    fake_openai.push(chat_body('{"answer_type": "text", "items": [], "answer_found": "maybe"}'))
    code, data, err = ask(run_cli, corpus_pdf, "--api", "chat", "--structured-output", "prompt")
    assert code == 5 and data is None and len(err.strip().splitlines()) == 1
    assert "not a valid TextAnswer after one repair request" in err and "DOCINTEL_STRUCTURED_OUTPUT" in err
    assert len(fake_openai.requests) == 2
    trace = last_trace(isolated_env)
    assert "no JSON object found" in fake_openai.requests[1]["body"]["messages"][3]["content"]
    assert trace["request"]["model"] == "gpt-4.1-mini" and len(trace["request"]["messages"]) == 4
    assert trace["response"]["raw"]["choices"][0]["message"]["content"].startswith('{"answer_type"')


def test_a_forced_wrong_mode_is_one_clear_error_with_a_replayable_trace(
    run_cli, corpus_pdf, fake_openai, isolated_env, monkeypatch
):
    fake_openai.family = "llama_cpp_python"
    monkeypatch.setenv("DOCINTEL_STRUCTURED_OUTPUT", "json_schema")
    code, data, err = ask(run_cli, corpus_pdf, "--api", "chat", "--model", "gemma-3-270m")
    assert code == 5 and data is None
    assert len(fake_openai.requests) == 1  # rejected, not retried as if it were load
    (line,) = err.strip().splitlines()
    assert line.startswith("error: the model server rejected structured output mode json_schema (500: 1 validation")
    assert LLAMA_REASON in line and "DOCINTEL_STRUCTURED_OUTPUT=auto" in line and "json_object" in line
    assert len(line) < 700 and 'File "' not in line  # the reason shortened: no server traceback
    trace = last_trace(isolated_env)
    request = trace["request"]
    assert (request["backend"], request["model"], request["api"], request["structured_output"]) == (
        "openai",
        "gemma-3-270m",
        "chat",
        "json_schema",
    )
    assert request["messages"] == fake_openai.requests[0]["body"]["messages"]
    assert request["messages"][1]["content"] == trace["prompt"]["user"]
    assert trace["response"]["raw"]["status_code"] == 500 and LLAMA_REASON in json.dumps(trace["response"]["raw"])
    assert attempts(trace) == [("chat", "json_schema", "error", 500, False)]

    code, out, _ = run_cli("traces", "show", trace["trace_id"], "--prompt")
    assert code == 0 and "sent to model gemma-3-270m" in out and "structured output json_schema" in out
    assert out.count("=== system ===") == 1 and trace["prompt"]["user"] in out
    code, out, _ = run_cli("traces", "show", trace["trace_id"])
    assert "request: model gemma-3-270m" in out and "attempt 1: chat/json_schema -> error 500" in out

    # replay sends the same request again (the trace's settings, not this run's default): the same refusal
    monkeypatch.delenv("DOCINTEL_STRUCTURED_OUTPUT")
    code, _, err = run_cli("traces", "replay", trace["trace_id"])
    assert code == 5 and "rejected structured output mode json_schema" in err and len(fake_openai.requests) == 2
    # with the setting fixed, the failed call replays into a verified answer
    monkeypatch.setenv("DOCINTEL_STRUCTURED_OUTPUT", "auto")
    fake_openai.push(chat_body(json.dumps(GOOD)))
    code, out, err = run_cli("traces", "replay", trace["trace_id"], "--json")
    assert code == 0, err
    replayed = json.loads(out)
    assert replayed["replay_of"] == trace["trace_id"] and replayed["verification"]["status"] == "verified"
    assert sent(fake_openai)[2:] == [("completions", "json_schema"), ("completions", "json_object")]
    assert last_trace(isolated_env)["request"]["model"] == "gemma-3-270m"


def test_json_object_forced_on_a_server_without_it_names_the_setting(run_cli, corpus_pdf, fake_openai):
    fake_openai.family = "prompt_only"
    code, _, err = ask(run_cli, corpus_pdf, "--api", "chat", "--structured-output", "json_object")
    assert code == 5 and len(fake_openai.requests) == 1
    assert "rejected structured output mode json_object (400: Unsupported parameter: 'response_format'" in err
    assert "--structured-output auto" in err


def test_a_failed_sequential_call_keeps_what_it_was_sent(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.family = "prompt_only"
    question = "How much were dividends paid in fiscal 2025?"
    code, _, _ = run_cli(
        "ask",
        question,
        corpus_pdf,
        *("--strategy", "sequential", "--budget-chars", "6000", "--api", "chat", "--structured-output", "json_schema"),
    )
    assert code == 5
    trace = last_trace(isolated_env)
    assert trace["context"]["budget"]["budget_chars"] == 2000  # the first group's, as sent; not the whole context
    assert trace["prompt"]["user"] == trace["request"]["messages"][1]["content"]
    assert trace["prompt"]["user"] == fake_openai.requests[0]["body"]["messages"][1]["content"]
    sent_lines = {line["global_line"] for s in trace["context"]["sources"] for line in s["lines"]}
    assert all(f"\n{n}\t" in trace["prompt"]["user"] for n in sorted(sent_lines)[:5])


def test_a_prompt_over_the_context_window_is_not_retried(run_cli, corpus_pdf, fake_openai):
    reason = "Requested tokens (9120) exceed context window of 2048"
    fake_openai.push({"error": {"message": reason, "type": "internal_server_error"}}, status=500)
    code, _, err = ask(run_cli, corpus_pdf, "--api", "chat")
    assert code == 5 and len(fake_openai.requests) == 1
    assert f"does not fit the model's context window (500: {reason})" in err and "--budget-chars" in err


def test_load_is_still_retried(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.push({"error": {"message": "server busy"}}, status=503, headers={"retry-after-ms": "5"})
    fake_openai.push(chat_body(json.dumps(GOOD)))
    code, data, _ = ask(run_cli, corpus_pdf, "--api", "chat")
    assert code == 0 and data["verification"]["status"] == "verified" and len(fake_openai.requests) == 2
    trace = last_trace(isolated_env)
    assert attempts(trace) == [("chat", "json_schema", "error", 503, True), ("chat", "json_schema", "ok", None, False)]
    assert trace["response"]["retries"] == 1


def test_a_model_that_runs_on_without_closing_its_json(run_cli, corpus_pdf, fake_openai, monkeypatch):
    monkeypatch.setenv("DOCINTEL_MAX_OUTPUT_TOKENS", "300")
    fake_openai.push(
        chat_body('{"answer_type": "text", "items": [{"text": "45 days 45 days 45 days', finish_reason="length")
    )
    code, _, err = ask(run_cli, corpus_pdf, "--api", "chat", "--structured-output", "prompt")
    assert code == 5 and len(fake_openai.requests) == 1  # no repair of a reply cut off at the limit
    assert fake_openai.requests[0]["body"]["max_tokens"] == 300
    assert "cut off (max tokens)" in err and "before its JSON answer was closed" in err
    assert "DOCINTEL_MAX_OUTPUT_TOKENS=300" in err and "raise DOCINTEL_MAX_OUTPUT_TOKENS" in err


def test_a_remembered_mode_the_server_now_rejects_is_probed_again(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.family = "llama_cpp_python"
    fake_openai.push(chat_body(json.dumps(GOOD)))
    assert ask(run_cli, corpus_pdf)[0] == 0
    fake_openai.family = "prompt_only"  # another server now answers at that address
    fake_openai.push(chat_body(json.dumps(GOOD)))
    code, data, _ = ask(run_cli, corpus_pdf)
    assert code == 0 and data["verification"]["status"] == "verified"
    assert sent(fake_openai)[3:] == [
        ("completions", "json_object"),
        ("completions", "json_schema"),
        ("completions", None),
    ]
    assert modes_file(isolated_env)[f"{fake_openai.base_url} gpt-4.1-mini"]["modes"] == {"chat": "prompt"}


@pytest.mark.parametrize(
    "text,ok,strict_ok",
    [
        (json.dumps(GOOD), True, True),
        ("Here it is:\n```json\n" + json.dumps(GOOD) + "\n```", True, False),
        ("The answer is " + json.dumps(GOOD) + " as requested.", True, False),
        ('{"note": "draft"} then the final one: ' + json.dumps(GOOD), True, False),
        ('{"answer_type": "text", "items": [', False, False),
        ("no JSON here", False, False),
    ],
)
def test_replies_are_read_from_text_in_lenient_modes(text, ok, strict_ok):
    schema = schema_for("text")
    assert (read_reply(schema, text, lenient=True).answer is not None) == ok
    assert (read_reply(schema, text, lenient=False).answer is not None) == strict_ok
    if not ok:
        assert read_reply(schema, text, lenient=True).error


@pytest.mark.parametrize(
    "reason,fix",
    [
        (
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens'.",
            "use --api responses",
        ),
        ("max_tokens must be at most 1024 for this model", "lower DOCINTEL_MAX_OUTPUT_TOKENS"),
        ("The model `gpt-9` does not exist", "check the model name (--model, DOCINTEL_MODEL)"),
    ],
)
def test_a_refused_request_names_the_setting_its_reason_points_at(run_cli, corpus_pdf, fake_openai, reason, fix):
    fake_openai.push({"error": {"message": reason, "type": "invalid_request_error"}}, status=400)
    code, _, err = ask(run_cli, corpus_pdf, "--api", "chat")
    assert code == 5 and len(fake_openai.requests) == 1
    assert f"the model server refused the request (400: {reason})" in err and fix in err


def test_the_call_as_a_whole_has_a_time_limit(run_cli, corpus_pdf, fake_openai, isolated_env, monkeypatch):
    monkeypatch.setenv("DOCINTEL_CALL_TIMEOUT_S", "0.6")  # each request alone may take 5 s (DOCINTEL_TIMEOUT_S)
    fake_openai.push(chat_body(json.dumps(GOOD)), sleep=2.0)
    code, _, err = ask(run_cli, corpus_pdf, "--api", "chat")
    assert code == 5 and len(fake_openai.requests) == 1  # cut at the call's limit, not retried past it
    assert "did not finish within 0.6 s (DOCINTEL_CALL_TIMEOUT_S; 1 requests)" in err
    assert "raise DOCINTEL_CALL_TIMEOUT_S" in err
    assert last_trace(isolated_env)["request"]["attempts"][0]["reason"] == "timed out"


def test_load_is_not_retried_past_the_calls_time_limit(run_cli, corpus_pdf, fake_openai, monkeypatch):
    monkeypatch.setenv("DOCINTEL_CALL_TIMEOUT_S", "1")
    fake_openai.push({"error": {"message": "busy"}}, status=503, headers={"retry-after-ms": "3000"})
    code, _, err = ask(run_cli, corpus_pdf, "--api", "chat")
    assert code == 5 and len(fake_openai.requests) == 1
    assert "model server error (503: busy) after 1 attempts" in err
