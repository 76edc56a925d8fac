"""`docintel chat`: follow-up resolution, tiers and their budgets, session traces, the summary's facts."""

from __future__ import annotations

import json
import re

import pytest

from docintel.question.conversation import Turn, assemble, resolve
from tests.conftest import read_traces


def verdicts(out: str) -> list[str]:
    """The overall verdict of every answer printed ('Answer (text) — supported (quotes 1/1 verified)'): a whole
    word, so that 'unsupported' never counts as 'supported'."""
    return re.findall(r"^Answer \([^)]*\) — (\w+)", out, re.M)


def turn(number: int, question: str, status: str = "supported", answer: str = "109.8 millions") -> Turn:
    return Turn(number=number, asked=question, question=question, trace_id=None, answer=answer, status=status)


@pytest.mark.parametrize(
    "asked,expected",
    [
        ("and in 2017?", "What was 3M's capital expenditure in FY2017?"),  # the period carried over is replaced
        ("What about Boeing?", "What was Boeing's capital expenditure in FY2018?"),  # the company
        ("and net income?", "and net income (for 3M; in 2018)?"),  # a new metric keeps company and period
        ("What was Boeing's net income in 2020?", "What was Boeing's net income in 2020?"),  # explicit wins
        ("What was net income in 2019?", "What was net income in 2019 (for 3M)?"),
        (
            "Which segment drove it?",
            "Which segment drove it (for 3M; in 2018; 'it' = 3M's capital expenditure in FY2018)?",
        ),
    ],
)
def test_follow_ups_carry_period_company_and_topic_and_explicit_ones_win(asked, expected):
    previous = turn(1, "What was 3M's capital expenditure in FY2018?")
    assert resolve(asked, previous).question == expected


def test_follow_ups_of_follow_ups_never_nest_brackets():
    # each follow-up says what "it" is in one flat bracket: the previous turn's own bracket is read, not quoted
    asked = ["Which segment drove it?", "How did its share change?", "Why did it grow?"]
    previous = turn(1, "What was Verizon's capital expenditure in 2022?")
    resolved = []
    for number, question in enumerate(asked, 2):
        resolved.append(resolve(question, previous).question)
        previous = Turn(number=number, asked=question, question=resolved[-1], trace_id=None, answer="x", status="x")
    assert resolved[1] == (
        "How did its share change (for Verizon; in 2022; 'its' = segment drove Verizon's capital expenditure in 2022)?"
    )
    assert all(q.count("(") == 1 and q.count(")") == 1 and q.endswith(")?") for q in resolved), resolved
    assert resolved[2].startswith("Why did it grow (for Verizon; in 2022; 'it' = segment drove Verizon's")


def test_a_question_s_own_brackets_stay_in_the_topic():
    previous = turn(1, "What was Verizon's revenue (in USD millions) in 2022?")
    assert resolve("Why did it grow?", previous).question == (
        "Why did it grow (for Verizon; in 2022; 'it' = Verizon's revenue (in USD millions) in 2022)?"
    )


def test_a_first_question_is_taken_as_asked():
    assert resolve("and in 2017?", None).question == "and in 2017?"


def test_the_summary_never_states_an_unsupported_answer_as_fact():
    turns = [
        turn(1, "What was net income in 2018?", "supported", "5,349 millions"),
        turn(2, "What was net income in 2017?", "citation_failed", "9,999 millions"),
        turn(3, "What was net income in 2016?", "unsupported", "7,777 millions"),
        turn(4, "What were net sales in 2018?", "supported", "32,765 millions"),
        turn(5, "What were net sales in 2017?", "supported", "31,657 millions"),
    ]
    history = assemble(turns, "What was net income in 2015?", 4000, recent=2)
    assert "5,349 millions" in history.text
    assert "9,999" not in history.text and "7,777" not in history.text  # failed and unsupported: never facts
    assert "Turn 2: What was net income in 2017? -> (no supported answer: citation_failed; not a fact)" in history.text
    assert {t.name for t in history.tiers} == {"state", "recent", "summary"}


def test_turns_that_no_longer_bear_and_superseded_answers_are_excluded():
    turns = [
        turn(1, "Where is the distribution center?", answer="Reno"),
        turn(2, "What was net income in 2018?", answer="wrong"),
        turn(3, "What was net income in 2018?", answer="5,349 millions"),
        turn(4, "What were net sales in 2018?"),
        turn(5, "Who is the CEO?"),
    ]
    turns[1].superseded = True
    history = assemble(turns, "What was net income in 2017?", 4000, recent=1)
    why = {e.turn: e.why for e in history.excluded}
    assert why[2].startswith("asked again later") and why[1].startswith("no term")
    assert 3 in history.included and 5 in history.included and 1 not in history.included


def test_a_tier_over_its_share_is_flagged_and_the_rest_is_cut_to_fit():
    turns = [turn(n, f"What was net income in {2000 + n}?", answer="x" * 600) for n in range(1, 9)]
    history = assemble(turns, "What was net income in 2020?", 1000, recent=1)
    tiers = {t.name: t for t in history.tiers}
    assert tiers["recent"].over is True and tiers["recent"].items == 1  # the last turn stays, flagged
    assert tiers["summary"].chars <= tiers["summary"].budget_chars and not tiers["summary"].over


SCRIPT = """\
# a conversation over the sample report
What were capital expenditures in fiscal 2025?
and in fiscal 2024?
What was net income in fiscal 2025?
which line drove it?
/budget
/sources
What was net income in fiscal 2025?
What were net sales in fiscal 2025?
"""


def test_a_scripted_session_resolves_follow_ups_and_links_every_trace(run_cli, corpus_pdf, tmp_path, isolated_env):
    script = tmp_path / "turns.txt"
    script.write_text(SCRIPT + f"/save {tmp_path / 'session.json'}\n")
    code, out, _ = run_cli("chat", corpus_pdf, "--script", script, "--json", "--strategy", "combined")
    assert code == 0
    saved = {t["number"]: t for t in json.loads((tmp_path / "session.json").read_text())["turns"]}
    assert saved[1]["followed_up"] == 1 and saved[3]["followed_up"] == 1 and saved[2]["followed_up"] == 0
    objects = [json.loads(line) for line in out.splitlines()]  # every line is one JSON object
    turns = [o for o in objects if "turn" in o]
    commands = {o["command"]: o for o in objects if "command" in o}
    assert {t["name"] for t in commands["/budget"]["tiers"]} >= {"evidence"} and commands["/sources"]["cited"]
    assert [t["turn"] for t in turns] == [1, 2, 3, 4, 5, 6] and len({t["session_id"] for t in turns}) == 1
    assert turns[1]["resolved"] == "What were capital expenditures in fiscal 2024?"
    assert abs(turns[1]["answer"]["items"][0]["amount"]["value"]) == 58.9  # the 2024 column, from the carried question
    assert "'it' = net income in fiscal 2025" in turns[3]["resolved"]
    assert {t["name"] for t in turns[3]["tiers"]} == {"state", "recent", "summary", "evidence"}
    traces = read_traces(isolated_env / "traces")
    sessions = [t["session"] for t in traces]
    assert [s["turn"] for s in sessions] == [1, 2, 3, 4, 5, 6] and sessions[1]["asked"] == "and in fiscal 2024?"
    # turn 5 asked turn 3's question again: from then on turn 3's answer is superseded
    assert {e["turn"]: e["why"] for e in sessions[5]["excluded_turns"]}[3].startswith("asked again later")
    assert traces[1]["question"] == "What were capital expenditures in fiscal 2024?"
    assert "conversation" in traces[1]["prompt"]["fragments"] and "conversation" not in traces[0]["prompt"]["fragments"]
    assert "Conversation so far" in traces[2]["prompt"]["user"] and "Conversation" not in traces[2]["prompt"]["system"]
    # the conversation takes its share and the evidence the rest: the prompt stays under the budget
    for session in sessions:
        tiers = {t["name"]: t for t in session["tiers"]}
        history = sum(t["chars"] for name, t in tiers.items() if name != "evidence")
        assert (tiers["evidence"]["budget_chars"] == 12000) == (session["turn"] == 1)
        assert history + tiers["evidence"]["budget_chars"] <= 12000
    code, out, _ = run_cli("traces", "show", "--session", sessions[0]["session_id"])
    assert code == 0 and "turn 2: and in fiscal 2024?" in out
    second = out.split("turn 2: and in fiscal 2024?\n", 1)[1].splitlines()
    assert second[0] == "  resolved: What were capital expenditures in fiscal 2024?"
    assert re.fullmatch(rf"  answer: .*58\.9.* — supported; trace {traces[1]['trace_id']}", second[1]), second[1]


def test_commands_at_the_prompt(run_cli, corpus_pdf, tmp_path, isolated_env, monkeypatch):
    answers = iter(["What was net income in fiscal 2025?", "/budget", "/sources", f"/save {tmp_path / 't.json'}",
                    "/reset", "and in fiscal 2024?", "/nonsense", "/help", "/quit"])  # fmt: skip
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, _ = run_cli("chat", corpus_pdf)
    assert code == 0 and out.startswith("session s")
    assert "  evidence " in out  # /budget: the first turn has no history tiers yet
    assert "documents in scope: northwind-annual-report-2025" in out  # /sources, and each citation's verdict:
    assert re.search(r"^  cited northwind-annual-report-2025 lines \d+-\d+ \(p\.\d+\): verified$", out, re.M), out
    saved = json.loads((tmp_path / "t.json").read_text())
    assert saved["turns"][0]["question"] == "What was net income in fiscal 2025?"
    assert "conversation forgotten" in out
    assert "» resolved" not in out.split("conversation forgotten")[1]  # after /reset nothing is carried over
    assert "unknown command /nonsense" in out and "/budget" in out


def test_a_missing_script_is_an_input_error(run_cli, corpus_pdf, tmp_path):
    code, _, err = run_cli("chat", corpus_pdf, "--script", tmp_path / "none.txt")
    assert code == 3 and err.startswith(f"error: the chat script {tmp_path / 'none.txt'} does not exist — check")
    assert "FileNotFoundError" not in err


def test_chat_with_the_openai_backend(run_cli, corpus_pdf, fake_openai, tmp_path, isolated_env):
    span = {"doc": None, "line_start": 60, "line_end": 60, "quote": "within 45 days of purchase"}
    found = {
        "answer_type": "text",
        "items": [{"text": "45 days", "spans": [span]}],
        "answer_found": True,
        "complete_answer_found": True,
        "conflicting_evidence": False,
        "context_structured": True,
        "caveats": [],
    }
    fake_openai.push_answer(found)
    fake_openai.push_answer(_text_answer(64, "unless the item arrived damaged", "Shipping fees are refunded"))
    script = tmp_path / "turns.txt"
    script.write_text("What is the refund window?\nand for damaged items?\n")
    code, out, _ = run_cli("chat", corpus_pdf, "--script", script, "--strategy", "combined")
    assert code == 0 and verdicts(out) == ["supported", "supported"], out
    second = fake_openai.requests[1]["body"]["input"][1]["content"]
    assert "Conversation so far" in second and "Turn 1: Q: What is the refund window?" in second
    assert second.index("Conversation so far") < second.index("<evidence>") < second.index("Question:")


def _text_answer(line: int, quote: str, text: str) -> dict:
    return {
        "answer_type": "text",
        "items": [{"text": text, "spans": [{"doc": None, "line_start": line, "line_end": line, "quote": quote}]}],
        "answer_found": True,
        "complete_answer_found": True,
        "conflicting_evidence": False,
        "context_structured": True,
        "caveats": [],
    }


def _summary(text: str, turns: list[int]) -> dict:
    return {
        "answer_type": "text",
        "items": [{"text": text, "turns": turns}],
        "answer_found": True,
        "complete_answer_found": True,
        "conflicting_evidence": False,
        "context_structured": True,
        "caveats": [],
    }


@pytest.mark.parametrize(
    "summary,source,note",
    [
        (_summary("The refund window is 45 days", [1]), "model", None),
        (_summary("The refund window is 90 days", [1]), "extracted", "states 90"),  # a number no answer holds
        (_summary("Refunds take 45 days", [2]), "extracted", "names no turn, or one without"),  # turn 2: no fact
        (_summary("Refunds take 45 days", []), "extracted", "names no turn"),  # a fact must name its turn
    ],
)
def test_the_model_writes_the_summary_only_from_supported_answers(
    run_cli, corpus_pdf, fake_openai, tmp_path, isolated_env, monkeypatch, summary, source, note
):
    monkeypatch.setenv("DOCINTEL_CHAT_RECENT_TURNS", "1")
    fake_openai.push_answer(_text_answer(60, "within 45 days of purchase", "45 days"))
    fake_openai.push_answer(_text_answer(63, "Refunds are issued within 9 business days", "9 business days"))
    fake_openai.push_answer(summary)  # turn 3: the summary of turn 1 (turn 2 is recent, and its quote failed)
    fake_openai.push_answer(_text_answer(63, "Refunds are issued within 5 business days", "5 business days"))
    script = tmp_path / "turns.txt"
    script.write_text("What is the refund window?\nHow are refunds issued?\nHow fast are refunds paid?\n")
    code, _, _ = run_cli("chat", corpus_pdf, "--script", script, "--strategy", "combined")
    assert code == 0 and len(fake_openai.requests) == 4
    third = read_traces(isolated_env / "traces")[2]
    assert third["session"]["summary_source"] == source
    user = third["prompt"]["user"]
    if source == "model":
        assert "The refund window is 45 days (turn 1)" in user and third["session"]["summary_note"] is None
        assert "Use only the lines given" in fake_openai.requests[2]["body"]["input"][0]["content"]
    else:
        assert note in third["session"]["summary_note"] and "90 days" not in user
        assert (
            'Turn 1: What is the refund window? -> the document says "within 45 days of purchase" [supported]' in user
        )
    # the recent turn shows its verdict, and what the model quoted is never "the document says"
    assert "A (the model's answer, citation_failed: not a fact): the model quoted" in user


def test_a_text_answer_is_remembered_by_its_verified_quote_not_the_model_s_words(
    run_cli, corpus_pdf, fake_openai, tmp_path, isolated_env
):
    # the model's own words are never remembered, only the verified quote of a supported answer
    fake_openai.push_answer(_text_answer(60, "within 45 days of purchase", "A month and a half, give or take"))
    fake_openai.push_answer(_text_answer(63, "Refunds are issued within 5 business days", "5 business days"))
    script = tmp_path / "turns.txt"
    script.write_text("What is the refund window?\nHow are refunds issued?\n")
    code, _, _ = run_cli("chat", corpus_pdf, "--script", script, "--strategy", "combined")
    user = fake_openai.requests[1]["body"]["input"][1]["content"]
    assert code == 0 and 'the document says "within 45 days of purchase" [supported]' in user
    assert "month and a half" not in user


def test_a_failed_turn_sets_the_script_s_exit_code_and_the_session_goes_on(run_cli, corpus_pdf, fake_openai, tmp_path):
    fake_openai.push(status=400, body={"error": {"message": "bad request", "type": "invalid_request_error"}})
    fake_openai.push_answer(_text_answer(60, "within 45 days of purchase", "45 days"))
    script = tmp_path / "turns.txt"
    script.write_text("What is the refund window?\nWhat is the refund window for damaged items?\n")
    code, out, err = run_cli("chat", corpus_pdf, "--script", script, "--strategy", "combined")
    assert code == 5 and err.startswith("error: ") and verdicts(out) == ["supported"]  # the second turn was answered


def test_bad_scripts_and_documents_are_refused_before_any_turn(run_cli, corpus_pdf, tmp_path, isolated_env):
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing to ask\n\n")
    code, _, err = run_cli("chat", corpus_pdf, "--script", empty)
    assert code == 2 and "has no turns" in err
    script = tmp_path / "turns.txt"
    script.write_text("What is the refund window?\n")
    code, _, err = run_cli("chat", tmp_path / "missing.pdf", "--script", script)
    assert code == 3 and "no such file or folder" in err
    assert not (isolated_env / "traces").exists() or not list((isolated_env / "traces").glob("2*.json"))


def test_a_multi_part_question_left_open_is_in_the_next_turn_s_working_state(
    run_cli, corpus_pdf, fake_openai, tmp_path, isolated_env
):
    span = {"doc": None, "line_start": 60, "line_end": 60, "quote": "within 45 days of purchase"}
    fake_openai.push_answer(
        {"answer_type": "extraction", "items": [{"part_1": {"value": "45 days", "spans": [span]},
                                                  "part_2": {"value": None, "spans": []}}],
         "answer_found": True, "complete_answer_found": False, "conflicting_evidence": False,
         "context_structured": True, "caveats": []}
    )  # fmt: skip
    fake_openai.push_answer(_text_answer(63, "Refunds are issued within 5 business days", "5 business days"))
    script = tmp_path / "turns.txt"
    script.write_text("How long is the refund window and when are refunds issued?\nWhat about damaged items?\n")
    run_cli("chat", corpus_pdf, "--script", script, "--strategy", "combined")
    user = fake_openai.requests[1]["body"]["input"][1]["content"]
    assert "left open last turn: when are refunds issued?" in user


def test_a_turn_followed_up_on_outranks_an_equally_relevant_one_in_the_summary():
    turns = [
        turn(1, "What was net income in 2018?", answer="A" * 200),
        turn(2, "What was net income in 2017?", answer="B" * 200),
        turn(3, "Who is the CEO?"),
    ]
    turns[0].followed_up = 2
    history = assemble(turns, "What was net income in 2016?", 1100, recent=1)
    summary = next(t for t in history.tiers if t.name == "summary")
    assert summary.items == 1 and "A" * 200 in history.text and "B" * 200 not in history.text
    turns[0].followed_up, turns[1].followed_up = 0, 2
    history = assemble(turns, "What was net income in 2016?", 1100, recent=1)
    assert "B" * 200 in history.text and "A" * 200 not in history.text


def test_an_amount_is_remembered_by_its_checked_parts_only():
    from docintel.question.conversation import describe_answer

    item = {
        "label": "Operating income fiscal 2023",
        "amount": {"value": 151.3, "currency": "USD", "unit": "millions"},
        "period": "fiscal 2023",
        "spans": [{"quote": "Operating income 151.3"}],
    }
    checks = [{"item": 0, "field": None, "period_check": "unknown"}]
    text = describe_answer({"items": [item]}, True, checks)
    assert text == '151.3 millions USD, from "Operating income 151.3"'  # no label, no unchecked period
    checks[0]["period_check"] = "supported"
    assert "for fiscal 2023" in describe_answer({"items": [item]}, True, checks)


def test_the_conversation_block_never_exceeds_its_share_even_with_a_model_summary():
    for length in (20, 90, 400, 1500):
        turns = [
            turn(n, f"What was net income in {1990 + n}?", "supported" if n % 2 else "unsupported", "x" * length)
            for n in range(1, 30)
        ]
        for share in (400, 700, 1000, 1500, 3000):
            for recent in (0, 1, 2, 4):
                for summarise in (None, lambda facts, limit: "y" * limit):
                    history = assemble(turns, "What was net income in 2020?", share, recent, summarise)
                    assert len(history.text) <= share, (length, share, recent)


def test_a_summary_fact_must_be_stated_by_the_turns_it_names(
    run_cli, corpus_pdf, fake_openai, tmp_path, isolated_env, monkeypatch
):
    monkeypatch.setenv("DOCINTEL_CHAT_RECENT_TURNS", "1")
    fake_openai.push_answer(_text_answer(60, "within 45 days of purchase", "45 days"))
    fake_openai.push_answer(_text_answer(63, "Refunds are issued within 5 business days", "5 days"))
    fake_openai.push_answer(_summary("The refund window is 45 days", [1]))  # turn 3 summarises turn 1
    fake_openai.push_answer(_text_answer(64, "Shipping fees are not refunded unless", "fees"))
    # turn 4 summarises turns 1 and 2; the fact naming only turn 1 states turn 2's number
    fake_openai.push_answer(_summary("Refunds are issued within 5 business days", [1]))
    fake_openai.push_answer(_text_answer(60, "within 45 days of purchase", "45 days"))
    script = tmp_path / "turns.txt"
    script.write_text(
        "What is the refund window?\nHow are refunds issued?\nWhat does the refund policy say about shipping fees?\n"
        "How do refunds work?\n"
    )
    code, _, _ = run_cli("chat", corpus_pdf, "--script", script, "--strategy", "combined")
    assert code == 0
    third, fourth = (t["session"] for t in read_traces(isolated_env / "traces")[2:4])

    assert third["summary_source"] == "model"
    assert fourth["summary_source"] == "extracted" and "which the turns it names do not" in fourth["summary_note"]


def test_reset_forgets_the_model_summary_too(run_cli, corpus_pdf, fake_openai, tmp_path, isolated_env, monkeypatch):
    monkeypatch.setenv("DOCINTEL_CHAT_RECENT_TURNS", "1")
    turns = "What is the refund window?\nHow are refunds issued?\nHow fast are refunds paid?\n"
    for _ in range(2):  # the same three turns, before and after /reset: each session writes its own summary
        fake_openai.push_answer(_text_answer(60, "within 45 days of purchase", "45 days"))
        fake_openai.push_answer(_text_answer(63, "Refunds are issued within 5 business days", "5 business days"))
        fake_openai.push_answer(_summary("The refund window is 45 days", [1]))
        fake_openai.push_answer(_text_answer(63, "Refunds are issued within 5 business days", "5 business days"))
    script = tmp_path / "turns.txt"
    script.write_text(turns + "/reset\n" + turns)
    code, _, _ = run_cli("chat", corpus_pdf, "--script", script, "--strategy", "combined")
    assert code == 0 and len(fake_openai.requests) == 8
    sessions = [t["session"] for t in read_traces(isolated_env / "traces")]
    assert [s["turn"] for s in sessions] == [1, 2, 3, 1, 2, 3] and sessions[5]["summary_source"] == "model"
    assert sessions[5]["summary_tokens"] > 0 and len({s["session_id"] for s in sessions}) == 2


def test_a_failed_turn_keeps_its_own_number_and_prints_its_error_as_json(run_cli, corpus_pdf, fake_openai, tmp_path):
    fake_openai.push(status=400, body={"error": {"message": "bad request", "type": "invalid_request_error"}})
    fake_openai.push_answer(_text_answer(60, "within 45 days of purchase", "45 days"))
    script = tmp_path / "turns.txt"
    script.write_text("What is the refund window?\nWhat is the refund window for damaged items?\n")
    code, out, _ = run_cli("chat", corpus_pdf, "--script", script, "--strategy", "combined", "--json")
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 5 and first["turn"] == 1 and first["exit_code"] == 5 and "error" in first
    assert second["turn"] == 2 and second["status"] == "supported"


def test_a_damaged_turn_trace_is_skipped_by_the_session_replay(run_cli, corpus_pdf, tmp_path, isolated_env):
    script = tmp_path / "turns.txt"
    script.write_text("What is the refund window?\nand for damaged items?\n")
    run_cli("chat", corpus_pdf, "--script", script)
    traces = sorted((isolated_env / "traces").glob("2*.json"))
    data = json.loads(traces[1].read_text())
    data["session"]["turn"] = None
    traces[1].write_text(json.dumps(data))
    code, out, _ = run_cli("traces", "show", "--session", data["session"]["session_id"])
    assert code == 0 and "1 turn(s)" in out


@pytest.mark.parametrize(
    "previous,asked,expected",
    [
        ("What was Acme's revenue in Q2 2023?", "What about Q3?", "What was Acme's revenue in Q3 2023?"),
        ("What was Acme's revenue in Q2 2023?", "and net income?", "and net income (for Acme; in 2023; in Q2)?"),
        ("What was net income in fiscal 2025?", "and the year before?", "What was net income in fiscal 2024?"),
        ("What was 3M's revenue in FY2018 and FY2019?", "What about 2017?", "What was 3M's revenue in FY2017?"),
        (
            "What was 3M's revenue in FY2018?",
            "Is this document audited?",
            "Is this document audited (for 3M; in 2018)?",
        ),
    ],
)
def test_quarters_relative_years_and_demonstratives_in_follow_ups(previous, asked, expected):
    assert resolve(asked, turn(1, previous)).question == expected


def _chat_at_a_terminal(corpus_pdf, lines: list[str], cwd) -> str:
    """Run `docintel chat` in a pseudo-terminal (readline on, as for a person typing) and type *lines*."""
    import os
    import pty
    import subprocess
    import sys
    import time

    from tests.conftest import ROOT

    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "dumb"}
    cmd = [sys.executable, "-m", "docintel", "chat", str(corpus_pdf)]
    proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd, close_fds=True)
    os.close(slave)
    seen = b""

    def read(prompts: int) -> None:  # until *prompts* prompts were shown, or the terminal closes
        nonlocal seen
        deadline = time.monotonic() + 30
        while seen.count(b"docintel> ") < prompts and time.monotonic() < deadline:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the program left: its side of the terminal is closed
                return
            if not chunk:
                return
            seen += chunk

    try:
        for n, line in enumerate(lines, 1):
            read(n)
            os.write(master, line.encode() + b"\n")
        proc.wait(timeout=30)
        read(len(lines) + 1)
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, seen.decode(errors="replace")
    return seen.decode(errors="replace")


def test_the_prompt_history_is_private_and_bounded(corpus_pdf, isolated_env):
    from docintel.cli.chat import HISTORY_LINES

    history = isolated_env / "cache" / "chat_history"
    history.parent.mkdir(parents=True)
    older = [f"old question {n}?" for n in range(HISTORY_LINES + 5)]
    history.write_text("".join(q + "\n" for q in older))
    history.chmod(0o644)  # as an earlier version, or another tool, left it: readable by everyone
    _chat_at_a_terminal(corpus_pdf, ["/help", "/quit"], isolated_env)
    assert history.stat().st_mode & 0o777 == 0o600  # the questions asked are the user's alone, as the caches
    kept = history.read_text().splitlines()
    assert len(kept) == HISTORY_LINES and kept[-2:] == ["/help", "/quit"]  # the newest kept, the oldest dropped
    assert kept[0] == older[7]


def test_its_before_a_topic_of_its_own_is_the_company_not_the_previous_topic(run_cli, corpus_pdf, tmp_path):
    script = tmp_path / "turns.txt"
    script.write_text(
        "What was Northwind's net income in fiscal 2025?\nWhat was its capital spending?\nWhich segment drove it?\n"
    )
    code, out, _ = run_cli("chat", corpus_pdf, "--script", script)
    resolved = [line for line in out.splitlines() if line.startswith("» resolved:")]
    assert code == 0 and "net income" not in resolved[0], resolved
    assert resolved[0].startswith("» resolved: What was its capital spending (for Northwind; in 2025)?")
    assert "'it' = its capital spending" in resolved[1]  # a bare 'it' is the previous turn's topic
