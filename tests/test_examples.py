"""The example bank: only supported answers go in; the closest of the same shape open the user prompt."""

from __future__ import annotations

import json

import pytest

from docintel.context.examples import Example, bank_path, select_examples
from tests.conftest import read_traces

CAPEX = "What were capital expenditures in fiscal 2025?"
REFUND = "What is the refund window?"


def example(id_: str, question: str, shape: str) -> Example:
    return Example(id=id_, trace_id=id_, question=question, shape=shape, items=[{"text": "x"}], created_at="2026")


def newest_trace(isolated_env) -> dict:
    return read_traces(isolated_env / "traces")[-1]


def test_examples_are_chosen_by_shape_then_by_closeness():
    bank = [
        example("a", "What was net income in fiscal 2024?", "amount"),
        example("b", "What were capital expenditures in fiscal 2024?", "amount"),
        example("c", "What were capital expenditures according to the plan?", "text"),
        example("d", "How many stores opened?", "amount"),
        example("e", CAPEX, "amount"),  # the very same question: never shown
    ]
    bank.append(example("f", "what were capital expenditures in FY 2025", "amount"))  # the same words: left out
    chosen = select_examples(bank, CAPEX, "amount", 5)
    assert [e.id for e in chosen] == ["b", "a"]  # 'd' shares no word; 'c' is another shape
    assert [e.id for e in select_examples(bank, CAPEX, "amount", 1)] == ["b"]
    assert select_examples(bank, CAPEX, "date", 5) == []


def test_a_supported_answer_becomes_an_example_and_opens_later_prompts(run_cli, corpus_pdf, isolated_env):
    assert run_cli("ask", CAPEX, corpus_pdf)[0] == 0
    trace = newest_trace(isolated_env)
    assert trace["verification"]["overall"] == "supported"
    code, out, _ = run_cli("examples", "add", trace["trace_id"])
    assert code == 0 and out.startswith(f"added ex-{trace['trace_id']} (amount)")
    stored = json.loads(bank_path(isolated_env / "traces").read_text())
    assert stored[0]["question"] == CAPEX and "spans" not in json.dumps(stored[0]["items"])
    code, _, err = run_cli("examples", "add", trace["trace_id"])
    assert code == 2 and "already example" in err
    # a later amount question gets it at the start of the user prompt; the system prompt does not change
    assert run_cli("ask", "What were capital expenditures in fiscal 2024?", corpus_pdf)[0] == 0
    later = newest_trace(isolated_env)
    assert f"example:ex-{trace['trace_id']}" in later["prompt"]["fragments"]
    assert later["prompt"]["user"].startswith("Examples of answers whose quotes and values passed verification")
    assert CAPEX in later["prompt"]["user"] and "Examples" not in later["prompt"]["system"]
    assert later["prompt"]["system"] == trace["prompt"]["system"]
    # a question of another shape does not get it
    assert run_cli("ask", REFUND, corpus_pdf)[0] == 0
    assert not any(f.startswith("example:") for f in newest_trace(isolated_env)["prompt"]["fragments"])


def test_examples_can_be_switched_off(run_cli, corpus_pdf, isolated_env, monkeypatch):
    assert run_cli("ask", CAPEX, corpus_pdf)[0] == 0
    assert run_cli("examples", "add", newest_trace(isolated_env)["trace_id"])[0] == 0
    monkeypatch.setenv("DOCINTEL_USE_EXAMPLES", "false")
    assert run_cli("ask", "What were capital expenditures in fiscal 2024?", corpus_pdf)[0] == 0
    assert not any(f.startswith("example:") for f in newest_trace(isolated_env)["prompt"]["fragments"])


def test_an_answer_whose_value_check_failed_is_refused(run_cli, corpus_pdf, fake_openai, isolated_env):
    item = {
        "label": "Capital expenditures",
        "amount": {"value": 58.9, "currency": "USD", "unit": "millions"},  # the 2024 column, asked for 2025
        "period": "Fiscal year 2025",
        "calculation": None,
        "spans": [{"doc": None, "line_start": 32, "line_end": 32, "quote": "Capital expenditures 71.4 58.9 44.0"}],
    }
    fake_openai.push_answer(
        {"answer_type": "amount", "items": [item], "answer_found": True, "complete_answer_found": True,
         "conflicting_evidence": False, "context_structured": True, "caveats": []}
    )  # fmt: skip
    run_cli("ask", CAPEX, corpus_pdf, "--strategy", "combined")
    trace = newest_trace(isolated_env)
    assert trace["verification"]["status"] == "verified" and trace["verification"]["overall"] == "unsupported"
    code, _, err = run_cli("examples", "add", trace["trace_id"])
    assert code == 2 and "is unsupported: 0 quote(s) failed, 1 value check(s) did not hold" in err


def test_the_bank_of_a_traces_folder_that_is_a_file_is_an_error(run_cli, isolated_env):
    (isolated_env / "traces").write_text("not a folder")
    code, _, err = run_cli("examples", "list")
    assert code == 3 and "is a file, not a folder" in err


@pytest.mark.parametrize(
    "answer,reason",
    [
        ("fabricated", "citation_failed: 1 quote(s) failed"),
        ("not_found", "found no answer"),
    ],
)
def test_an_answer_that_was_not_supported_is_refused(run_cli, corpus_pdf, fake_openai, isolated_env, answer, reason):
    quote = "within 45 days of purchase" if answer != "fabricated" else "within 90 days of purchase"
    found = answer != "not_found"
    fake_openai.push_answer(
        {
            "answer_type": "text",
            "items": [{"text": "45 days", "spans": [{"doc": None, "line_start": 60, "line_end": 60, "quote": quote}]}]
            if found
            else [],
            "answer_found": found,
            "complete_answer_found": found,
            "conflicting_evidence": False,
            "context_structured": True,
            "caveats": [],
        }
    )
    run_cli("ask", REFUND, corpus_pdf)
    trace_id = newest_trace(isolated_env)["trace_id"]
    code, _, err = run_cli("examples", "add", trace_id)
    assert code == 2 and err.startswith("error: ") and reason in err and "supported trace" in err
    assert not bank_path(isolated_env / "traces").exists()


def test_list_and_remove(run_cli, corpus_pdf, isolated_env):
    code, out, _ = run_cli("examples", "list")
    assert code == 0 and "no examples" in out
    assert run_cli("ask", CAPEX, corpus_pdf)[0] == 0
    trace_id = newest_trace(isolated_env)["trace_id"]
    run_cli("examples", "add", trace_id)
    code, out, _ = run_cli("examples", "list", "--json")
    assert [e["trace_id"] for e in json.loads(out)] == [trace_id]
    code, out, _ = run_cli("examples", "remove", trace_id)
    assert code == 0 and "0 example(s) left" in out
    code, _, err = run_cli("examples", "remove", trace_id)
    assert code == 2 and "no example" in err


def test_a_damaged_bank_is_a_warning_not_a_failure(run_cli, corpus_pdf, isolated_env):
    bank = bank_path(isolated_env / "traces")
    bank.parent.mkdir(parents=True, exist_ok=True)
    bank.write_text("{not json")
    code, _, err = run_cli("ask", CAPEX, corpus_pdf)
    assert code == 0 and "example bank" in err and "answering without examples" in err
    code, _, err = run_cli("examples", "list")
    assert code != 0 and "cannot be read" in err
