"""Nothing lost, nothing leaked: batch output safety, passwords and the cache, storage failures,
empty questions, progress, relocated documents, provider retention, and the small failure paths."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pypdf
import pytest

from tests.conftest import FINANCEBENCH, needs_shared, read_traces
from tests.test_answer_openai import answer

QUESTIONS = "What is the refund window?\nWho audits the company?\n"


def write_questions(tmp_path: Path, name: str = "mine.txt", text: str = QUESTIONS) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


# --------------------------------------------------------------------------- batch --out


@pytest.mark.parametrize(
    "name,text",
    [
        ("mine.txt", QUESTIONS),
        ("mine.jsonl", '{"id": "a", "question": "What is the refund window?"}\n'),
    ],
)
def test_batch_refuses_out_equal_to_the_question_file(run_cli, corpus_pdf, tmp_path, name, text):
    questions = write_questions(tmp_path, name, text)
    code, _, err = run_cli("batch", questions, corpus_pdf, "--out", questions)
    assert code == 2 and "is one of the inputs" in err and err.count("\n") == 1
    assert questions.read_text() == text
    code, _, err = run_cli("batch", questions, corpus_pdf, "--out", tmp_path / "." / name, "--force")
    assert code == 2 and questions.read_text() == text  # --force never overrides an input


def test_batch_refuses_out_equal_to_a_document(run_cli, corpus_pdf, tmp_path):
    pdf = tmp_path / "copy.pdf"
    shutil.copy(corpus_pdf, pdf)
    before = pdf.read_bytes()
    code, _, err = run_cli("batch", write_questions(tmp_path), pdf, "--out", pdf)
    assert code == 2 and "is one of the inputs" in err and pdf.read_bytes() == before


def test_batch_refuses_a_foreign_file_unless_forced(run_cli, corpus_pdf, tmp_path):
    notes = tmp_path / "notes.csv"
    notes.write_text("name,amount\nrent,1200\n")
    questions = write_questions(tmp_path)
    code, _, err = run_cli("batch", questions, corpus_pdf, "--out", notes)
    assert code == 2 and "not docintel batch output" in err and "--force" in err
    assert notes.read_text() == "name,amount\nrent,1200\n"
    code, out, _ = run_cli("batch", questions, corpus_pdf, "--out", notes, "--force")
    records = [json.loads(line) for line in notes.read_text().splitlines()]
    assert code == 0 and len(records) == 2 and all(r["answer"] for r in records)
    assert not (tmp_path / ".notes.csv.partial").exists()
    code, out, _ = run_cli("batch", questions, corpus_pdf, "--out", notes)  # now ours: resumes, appends nothing
    assert code == 0 and "2 already answered" in out and len(notes.read_text().splitlines()) == 2


def test_batch_out_folder_and_resume_appends(run_cli, corpus_pdf, tmp_path):
    questions = write_questions(tmp_path)
    (tmp_path / "outdir").mkdir()
    code, _, err = run_cli("batch", questions, corpus_pdf, "--out", tmp_path / "outdir")
    assert code == 2 and "is a folder" in err
    out = tmp_path / "answers.jsonl"
    first = run_cli(
        "batch", write_questions(tmp_path, "one.txt", "What is the refund window?\n"), corpus_pdf, "--out", out
    )
    assert first[0] == 0 and len(out.read_text().splitlines()) == 1
    kept = out.read_text()
    code, stdout, _ = run_cli("batch", questions, corpus_pdf, "--out", out)
    assert code == 0 and "1 already answered" in stdout
    assert out.read_text().startswith(kept) and len(out.read_text().splitlines()) == 2


# --------------------------------------------------------------------------- passwords and the cache


@pytest.fixture
def locked_pdf(corpus_pdf, tmp_path) -> Path:
    """The sample report encrypted with a user password (pypdf writes a real encrypted PDF)."""
    writer = pypdf.PdfWriter(clone_from=str(corpus_pdf))
    writer.encrypt(user_password="openpassword", owner_password="owner-secret", algorithm="AES-128")
    path = tmp_path / "locked.pdf"
    with path.open("wb") as handle:
        writer.write(handle)
    return path


def test_cached_text_of_a_locked_pdf_needs_the_password_every_time(run_cli, locked_pdf, isolated_env):
    question = "What is the refund window?"
    code, out, _ = run_cli("ask", question, locked_pdf, "--password", "openpassword")
    assert code == 0 and "45 days" in out
    cached = list((isolated_env / "cache" / "lines").rglob("*.json"))
    assert len(cached) == 1 and (cached[0].stat().st_mode & 0o777) == 0o600  # owner only
    code, out, err = run_cli("ask", question, locked_pdf)
    assert code == 3 and out == "" and "encrypted with a password" in err and "--password" in err
    code, out, err = run_cli("ask", question, locked_pdf, "--password", "wrong")
    assert code == 3 and out == "" and "wrong password" in err
    code, out, _ = run_cli("ingest", locked_pdf, "--password", "openpassword", "--json")
    assert code == 0 and json.loads(out)["documents"][0]["cache_hit"] is True  # the cache still serves it


def test_a_folder_index_never_skips_the_password(run_cli, locked_pdf, make_pdf):
    """The corpus index knows a file by its size and time; a locked file is still opened with the password
    of this run before its profile or lines are used, and fails alone without it."""
    folder = locked_pdf.parent / "folder"
    folder.mkdir()
    locked_pdf.rename(folder / "locked.pdf")
    other = make_pdf("other.pdf", [["Store hours: open every day from 9 to 5, refunds at the front desk."]])
    other.rename(folder / "other.pdf")
    question = "What is the refund window?"
    code, out, err = run_cli("context", question, folder, "--password", "openpassword", "--json")
    assert code == 0 and "locked" in json.loads(out)["routing"]["routed"]
    code, out, err = run_cli("context", question, folder, "--json")
    data = json.loads(out)
    assert code == 3 and "encrypted with a password" in err
    assert [d["doc"] for d in data["routing"]["decisions"]] == ["other"]  # no profile or statistics of it used
    assert [Path(f["path"]).name for f in data["failed_documents"]] == ["locked.pdf"]
    assert not any("45 days" in line["text"] for s in data["sources"] for line in s["lines"])
    code, out, err = run_cli("context", question, folder, "--password", "openpassword", "--json")
    assert code == 0 and "locked" in json.loads(out)["routing"]["routed"]  # the right password: back in


def test_facts_of_an_older_version_are_removed_when_the_new_ones_are_written(run_cli, make_pdf, isolated_env):
    pdf = make_pdf("versions.pdf", [["Revenue was $5 million in 2024."]])
    run_cli("ingest", pdf)
    (current,) = (isolated_env / "cache" / "facts").rglob("*.facts")
    stale = current.with_name(current.name.split("-f")[0] + "-f0-t0.facts")
    stale.write_text("{}")
    current.unlink()
    run_cli("ask", "What was revenue in 2024?", pdf)  # reads the facts again: written in this version
    assert current.exists() and not stale.exists()


def test_cache_info_and_clear(run_cli, make_pdf, isolated_env):
    pdf = make_pdf("cache-me.pdf", [["A report made for the cache test: the refund window is 12 days."]])
    run_cli("ask", "What is the refund window?", pdf)
    code, out, _ = run_cli("cache", "info", "--json")
    assert json.loads(out)["corpora"]["files"] == 0  # one file given alone is indexed in memory
    run_cli("ask", "What is the refund window?", pdf.parent)
    (isolated_env / "cache" / "keep.txt").write_text("not ours")
    code, out, _ = run_cli("cache", "info", "--json")
    info = json.loads(out)
    assert code == 0 and info["lines"]["files"] == 1 and info["index"]["files"] == 1
    assert info["facts"]["files"] == 1 and "facts: 1 (" in run_cli("cache", "info")[1]
    assert info["corpora"]["files"] == 1  # the corpus index of the folder, with the paths it was built for
    assert info["corpora"]["indexes"][0]["paths"] == [str(pdf.parent.resolve())]
    code, out, _ = run_cli("cache", "clear")
    assert code == 0 and "removed 4 cached files" in out
    assert not (isolated_env / "cache" / "facts").exists()
    assert not (isolated_env / "cache" / "corpora").exists()
    assert json.loads(run_cli("cache", "info", "--json")[1])["lines"]["files"] == 0
    assert (isolated_env / "cache" / "keep.txt").exists()
    code, out, _ = run_cli("ingest", pdf, "--json")
    assert json.loads(out)["documents"][0]["cache_hit"] is False


# --------------------------------------------------------------------------- storage failures


def test_answer_is_printed_when_the_trace_cannot_be_written(run_cli, corpus_pdf, tmp_path):
    blocker = tmp_path / "traces-file"
    blocker.write_text("a file where the traces folder should be")
    code, out, err = run_cli("ask", "What is the refund window?", corpus_pdf, "--traces-dir", blocker)
    assert code == 7 and "45 days" in out and "trace: not written" in out
    assert err.count("\n") == 1 and f"cannot write traces to {blocker}" in err and "--traces-dir" in err
    code, out, err = run_cli("ask", "What is the refund window?", corpus_pdf, "--traces-dir", blocker / "sub", "--json")
    data = json.loads(out)
    assert code == 7 and data["trace_path"] is None and data["trace_error"]["type"] == "StorageError"
    assert data["answer"]["answer_found"] is True


def test_failed_ask_with_unwritable_traces_says_both(run_cli, corpus_pdf, tmp_path, fake_openai):
    blocker = tmp_path / "traces-file"
    blocker.write_text("")
    fake_openai.push({"error": {"message": "bad key", "type": "invalid_request_error"}}, status=401)
    code, out, err = run_cli("ask", "What is the refund window?", corpus_pdf, "--traces-dir", blocker)
    lines = err.strip().splitlines()
    assert code == 5 and out == "" and len(lines) == 2
    assert "rejected the API key" in lines[0] and "cannot write traces" in lines[1]


def test_batch_stops_at_once_on_unwritable_traces(run_cli, corpus_pdf, tmp_path):
    blocker = tmp_path / "traces-file"
    blocker.write_text("")
    out = tmp_path / "answers.jsonl"
    code, stdout, err = run_cli("batch", write_questions(tmp_path), corpus_pdf, "--out", out, "--traces-dir", blocker)
    assert code == 7 and err.count("\n") == 1 and "cannot write traces" in err and "report" not in err
    assert not out.exists() and not (tmp_path / ".answers.jsonl.partial").exists()


def test_unwritable_batch_output_is_one_storage_error(run_cli, corpus_pdf, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    code, _, err = run_cli("batch", write_questions(tmp_path), corpus_pdf, "--out", blocker / "answers.jsonl")
    assert code == 7 and err.count("\n") == 1 and f"{blocker} is a file, not a folder" in err


def test_unwritable_cache_warns_once_per_run(run_cli, corpus_pdf, make_pdf, tmp_path, monkeypatch):
    blocker = tmp_path / "cache-file"
    blocker.write_text("")
    other = make_pdf("other.pdf", [["Another report about the refund window of 30 days."]])
    code, out, err = run_cli("ask", "What is the refund window?", corpus_pdf, other, "--cache-dir", blocker)
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert code == 0 and "45 days" in out
    assert len(warnings) == 1 and f"cannot write the cache in {blocker}" in warnings[0] and "--cache-dir" in warnings[0]


# --------------------------------------------------------------------------- questions


@pytest.mark.parametrize("question", ["", "   ", "\n\t"])
def test_empty_question_is_a_usage_error_and_stores_nothing(run_cli, corpus_pdf, isolated_env, question):
    for command in ("ask", "context"):
        code, out, err = run_cli(command, question, corpus_pdf)
        assert code == 2 and out == "" and "the question is empty" in err
    assert not (isolated_env / "traces").exists() or read_traces(isolated_env / "traces") == []


def test_overlong_question_is_a_usage_error(run_cli, corpus_pdf, isolated_env):
    code, _, err = run_cli("ask", "refund " * 400, corpus_pdf)
    assert code == 2 and "the limit is 2,000" in err
    assert not (isolated_env / "traces").exists()


# --------------------------------------------------------------------------- progress


def test_progress_lines_when_not_a_terminal_and_quiet(run_cli, corpus_pdf, make_pdf, monkeypatch, tmp_path):
    monkeypatch.setenv("DOCINTEL_PROGRESS_INTERVAL_S", "0")  # every update prints a plain line
    other = make_pdf("other.pdf", [[f"Line {i} of the other report." for i in range(30)]] * 3)
    code, _, err = run_cli("ingest", corpus_pdf, other)
    parsing = [line for line in err.splitlines() if line.startswith("parsing:")]
    assert code == 0 and parsing and "files" in parsing[0] and "pages/s" in parsing[0]
    assert any("/3 pages" in line for line in parsing) and "2 files" in parsing[-1]
    code, _, err = run_cli("context", "refund", corpus_pdf, other, "--cache-dir", tmp_path / "c2", "--quiet")
    assert code == 0 and err == ""
    code, _, err = run_cli("batch", write_questions(tmp_path), corpus_pdf, "--out", tmp_path / "a.jsonl")
    assert code == 0 and "answering: 100%" in err


# --------------------------------------------------------------------------- relocated documents


def test_traces_verify_from_another_folder_and_after_a_move(run_cli, corpus_pdf, tmp_path, monkeypatch):
    work = tmp_path / "work"
    (work / "docs").mkdir(parents=True)
    shutil.copy(corpus_pdf, work / "docs" / "report.pdf")
    traces = tmp_path / "traces"
    monkeypatch.chdir(work)
    run_cli("ask", "What is the refund window?", "docs/report.pdf", "--traces-dir", traces)
    trace = read_traces(traces)[0]
    assert Path(trace["documents"][0]["path"]) == (work / "docs" / "report.pdf").resolve()
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli("traces", "verify", trace["trace_id"], "--traces-dir", traces)
    assert code == 0 and "verified -> verified" in out
    moved = tmp_path / "archive" / "2025" / "renamed.pdf"
    moved.parent.mkdir(parents=True)
    shutil.move(work / "docs" / "report.pdf", moved)
    code, _, err = run_cli("traces", "verify", trace["trace_id"], "--traces-dir", traces)
    assert code == 3 and "no longer at" in err and "--doc" in err and "--search" in err
    code, out, _ = run_cli(
        "traces", "verify", trace["trace_id"], "--traces-dir", traces, "--search", tmp_path / "archive"
    )
    assert code == 0 and "documents changed since: none" in out
    code, out, _ = run_cli("traces", "verify", trace["trace_id"], "--traces-dir", traces, "--doc", moved)
    assert code == 0 and "verified -> verified" in out


# --------------------------------------------------------------------------- provider retention


@pytest.mark.parametrize("api", ["responses", "chat"])
def test_requests_ask_the_provider_not_to_store(run_cli, corpus_pdf, fake_openai, isolated_env, monkeypatch, api):
    from tests.fake_openai import chat_body, responses_body

    answer = json.dumps(
        {
            "answer_type": "text",
            "items": [],
            "answer_found": False,
            "complete_answer_found": False,
            "conflicting_evidence": False,
            "context_structured": True,
            "caveats": [],
        }
    )
    body = responses_body(answer) if api == "responses" else chat_body(answer)
    fake_openai.push(body)
    assert run_cli("ask", "What is the refund window?", corpus_pdf, "--api", api)[0] == 0
    if api == "responses":  # the Responses API keeps requests unless told not to
        assert fake_openai.requests[-1]["body"]["store"] is False
        assert read_traces(isolated_env / "traces")[-1]["request"]["store"] is False
    else:  # Chat Completions stores nothing by default; other servers may reject the field
        assert "store" not in fake_openai.requests[-1]["body"]
        assert read_traces(isolated_env / "traces")[-1]["request"]["store"] is None
    monkeypatch.setenv("DOCINTEL_OPENAI_STORE", "true")
    fake_openai.push(body)
    assert run_cli("ask", "What is the refund window?", corpus_pdf, "--api", api)[0] == 0
    assert fake_openai.requests[-1]["body"]["store"] is True
    assert read_traces(isolated_env / "traces")[-1]["request"]["store"] is True


# --------------------------------------------------------------------------- the smaller items


def test_damaged_trace_is_not_listed_while_the_index_is_intact(run_cli, corpus_pdf, isolated_env):
    for question in ("What is the refund window?", "Who audits the company?"):
        run_cli("ask", question, corpus_pdf)
    assert len(json.loads(run_cli("traces", "list", "--json")[1])["traces"]) == 2  # index written and in step
    damaged = sorted((isolated_env / "traces").glob("2*.json"))[0]
    damaged.write_text('{"trace_id": "cut off')
    code, out, err = run_cli("traces", "list", "--json")
    assert code == 0 and len(json.loads(out)["traces"]) == 1 and f"{damaged.name}: damaged trace skipped" in err
    code, out, _ = run_cli("traces", "stats", "--json")
    assert json.loads(out)["traces"] == 1


@pytest.mark.parametrize(
    "args,flag",
    [
        (("traces", "list", "--status", "bogus"), "--status"),
        (("traces", "list", "--limit", "-3"), "--limit"),
        (("traces", "stats", "--last", "-1"), "--last"),
    ],
)
def test_bad_traces_arguments_are_usage_errors(run_cli, args, flag):
    code, out, err = run_cli(*args)
    assert code == 2 and out == "" and flag in err and err.startswith("error: ") and err.count("\n") == 1


def test_budget_flag_is_checked_as_a_flag(run_cli, corpus_pdf):
    code, _, err = run_cli("context", "refund", corpus_pdf, "--budget-chars", "0")
    assert code == 2 and "--budget-chars" in err and "DOCINTEL_BUDGET_CHARS" not in err
    code, out, _ = run_cli("context", "What is the refund window?", corpus_pdf, "--budget-chars", "1000", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "ok" and data["budget"]["used_chars"] <= 1000  # the minimum holds a passage


def test_eval_names_missing_documents_and_fails(run_cli, corpus_pdf, tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(
        json.dumps(
            {
                "id": "g1",
                "question": "What is the refund window?",
                "doc": "missing-report",
                "gold_pages": [5],
                "answer": "45 days",
            }
        )
        + "\n"
        + json.dumps(
            {
                "id": "g2",
                "question": "What is the refund window?",
                "doc": "northwind-annual-report-2025",
                "gold_pages": [5],
            }
        )
        + "\n"
    )
    code, out, err = run_cli("eval", gold, corpus_pdf)
    assert code == 3 and "g1" in err and "missing-report" in err and "not among the given paths" in err


def test_eval_without_gold_data_is_an_input_error(run_cli, corpus_pdf, tmp_path):
    plain = write_questions(tmp_path)
    code, out, err = run_cli("eval", plain, corpus_pdf)
    assert code == 3 and out == "" and "no question has gold data" in err and "docintel batch" in err


@needs_shared
def test_table_pages_are_not_called_garbled():
    from docintel.ingest.pdfparse import garbled as _garbled

    reader = pypdf.PdfReader(FINANCEBENCH / "pdfs" / "MICROSOFT_2023_10K.pdf")
    income_statement = reader.pages[57].extract_text()  # page 58: mostly line breaks between cells
    assert "Revenue" in income_statement and income_statement.count("\n") > 200
    assert not _garbled(income_statement)
    assert _garbled("\ue000\ue001\ue002 \ue003\ue004 ab")  # private-use glyphs are still caught


def test_control_characters_never_reach_the_terminal(run_cli, make_pdf):
    path = make_pdf("ticks.pdf", [["Tick \x00 box \x1b[31m red \x07 the refund window is 45 days."]])
    code, out, _ = run_cli("ask", "What is the refund window?", path)
    assert code == 0 and "45 days" in out
    assert not any(ch in out for ch in "\x00\x1b\x07")
    code, out, _ = run_cli("ingest", path, "--lines")
    assert not any(ch in out for ch in "\x00\x1b\x07")
    code, out, _ = run_cli("ingest", path, "--json", "--lines")  # the line table itself holds none (JSON escapes them)
    [line] = json.loads(out)["documents"][0]["lines"]
    assert line["text"] == "Tick box [31m red the refund window is 45 days."


def test_fields_with_the_extractive_backend_is_refused(run_cli, corpus_pdf, isolated_env):
    code, out, err = run_cli("ask", "Key terms", corpus_pdf, "--fields", "fee:amount", "--backend", "extractive")
    assert code == 2 and out == "" and "needs the openai backend" in err
    assert not (isolated_env / "traces").exists()


def test_small_messages_read_well(run_cli, corpus_pdf, tmp_path, isolated_env):
    fake = tmp_path / "notes.pdf"
    fake.write_text("just some text")
    _, _, err = run_cli("ingest", fake)
    assert "file is not a PDF (no %PDF- header)" in err and "not a PDF, not a PDF" not in err
    _, out, _ = run_cli("context", "What is the refund window?", corpus_pdf, "--budget-chars", "2000")
    assert "status: ok\n" in out and "ok (ok)" not in out
    run_cli("ask", "What is the refund window?", corpus_pdf)
    trace_id = read_traces(isolated_env / "traces")[0]["trace_id"]
    _, out, _ = run_cli("traces", "show", trace_id)
    assert "timings: ingest " in out and "{'" not in out


def test_absolute_paths_in_traces(run_cli, corpus_pdf, isolated_env, monkeypatch):
    monkeypatch.chdir(corpus_pdf.parent.parent)
    run_cli("ask", "What is the refund window?", os.path.relpath(corpus_pdf))
    assert read_traces(isolated_env / "traces")[0]["documents"][0]["path"] == str(corpus_pdf.resolve())


def test_eval_stops_on_unwritable_traces(run_cli, corpus_pdf, tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"id": "g1", "question": "What is the refund window?", "gold_pages": [5]}) + "\n")
    blocker = tmp_path / "traces-file"
    blocker.write_text("")
    code, out, err = run_cli("eval", gold, corpus_pdf, "--traces-dir", blocker)
    assert code == 7 and out == "" and err.count("\n") == 1 and "cannot write traces" in err


# --------------------------------------------------------------------------- found in review


def refund_answer() -> str:
    return json.dumps(answer((None, 60, 60, "within 45 days"), text="45 days"))


def break_traces_folder(traces: Path):
    """A scripted response that, when the model is called, puts a file where the traces folder was."""
    from tests.fake_openai import responses_body

    def body(_request: dict) -> dict:
        if traces.is_dir():
            traces.rename(traces.with_name("traces-moved-away"))
            traces.write_text("")
        return responses_body(refund_answer())

    return body


def test_force_never_replaces_a_pdf_found_in_an_input_folder(run_cli, corpus_pdf, tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    shutil.copy(corpus_pdf, docs / "keep.pdf")
    before = (docs / "keep.pdf").read_bytes()
    code, _, err = run_cli("batch", write_questions(tmp_path), docs, "--out", docs / "keep.pdf", "--force")
    assert code == 2 and "is one of the inputs" in err and (docs / "keep.pdf").read_bytes() == before
    other = tmp_path / "elsewhere.pdf"
    shutil.copy(corpus_pdf, other)
    code, _, err = run_cli("batch", write_questions(tmp_path), corpus_pdf, "--out", other, "--force")
    assert code == 2 and "is a PDF" in err and other.read_bytes() == before


def test_force_keeps_the_old_file_when_the_run_fails_early(run_cli, tmp_path):
    notes = tmp_path / "notes.csv"
    notes.write_text("name,amount\nrent,1200\n")
    code, _, _ = run_cli("batch", write_questions(tmp_path), tmp_path / "missing.pdf", "--out", notes, "--force")
    assert code == 3 and notes.read_text() == "name,amount\nrent,1200\n"


def test_resume_never_deletes_records(run_cli, corpus_pdf, tmp_path):
    out = tmp_path / "answers.jsonl"
    kept = {
        "id": "other",
        "question": "Q?",
        "answer": None,
        "verification_status": None,
        "trace_id": None,
        "error": {"type": "BackendError", "what": "rate limited", "fix": "retry"},
    }
    out.write_text(json.dumps(kept) + "\n")
    os.chmod(out, 0o644)
    code, stdout, _ = run_cli("batch", write_questions(tmp_path), corpus_pdf, "--out", out)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert code == 0 and records[0] == kept and len(records) == 3  # an id not asked now stays as it was
    assert (out.stat().st_mode & 0o777) == 0o644


@pytest.mark.skipif(not hasattr(os, "fork"), reason="output locking is POSIX only")
def test_two_runs_cannot_write_one_output(run_cli, corpus_pdf, tmp_path):
    import fcntl

    out = tmp_path / "answers.jsonl"
    with open(tmp_path / ".answers.jsonl.lock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # what a running batch holds
        code, _, err = run_cli("batch", write_questions(tmp_path), corpus_pdf, "--out", out)
    assert code == 7 and "another docintel batch is writing" in err and not out.exists()


def test_batch_keeps_what_it_answered_when_traces_fail_midway(run_cli, corpus_pdf, tmp_path, fake_openai):
    from tests.fake_openai import responses_body

    traces = tmp_path / "traces"
    questions = write_questions(tmp_path, "four.txt", "".join(f"Refund question {i}?\n" for i in range(4)))
    out = tmp_path / "answers.jsonl"
    fake_openai.push(responses_body(refund_answer()))
    fake_openai.push(break_traces_folder(traces))
    code, _, err = run_cli("batch", questions, corpus_pdf, "--out", out, "--workers", "1", "--traces-dir", traces)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert code == 7 and err.count("\n") == 1 and "cannot write traces" in err
    assert len(fake_openai.requests) == 2 and len(records) == 2  # no question started after the failure
    assert records[0]["error"] is None and records[1]["error"]["type"] == "StorageError"
    assert records[1]["answer"]["answer_found"] is True  # the paid answer is kept for reading
    traces.unlink()
    traces.with_name("traces-moved-away").rename(traces)
    fake_openai.default = {"body": responses_body(refund_answer()), "status": 200}
    code, stdout, _ = run_cli("batch", questions, corpus_pdf, "--out", out, "--traces-dir", traces)
    ids = [json.loads(line)["id"] for line in out.read_text().splitlines()]
    assert code == 0 and "1 already answered" in stdout and len(ids) == 4 == len(set(ids))


def test_replay_says_when_its_trace_cannot_be_written(run_cli, corpus_pdf, tmp_path, fake_openai):
    from tests.fake_openai import responses_body

    traces = tmp_path / "traces"
    fake_openai.push(responses_body(refund_answer()))
    assert run_cli("ask", "What is the refund window?", corpus_pdf, "--traces-dir", traces)[0] == 0
    trace_id = read_traces(traces)[0]["trace_id"]
    fake_openai.push(break_traces_folder(traces))
    code, out, err = run_cli("traces", "replay", trace_id, "--traces-dir", traces)
    assert code == 7 and "(trace not written)" in out and "45 days" in out and "cannot write traces" in err


def test_eval_output_is_protected(run_cli, corpus_pdf, tmp_path):
    gold = tmp_path / "gold.jsonl"
    text = json.dumps({"id": "g1", "question": "What is the refund window?", "gold_pages": [5]}) + "\n"
    gold.write_text(text)
    code, _, err = run_cli("eval", gold, corpus_pdf, "--out", gold, "--force")
    assert code == 2 and "is one of the inputs" in err and gold.read_text() == text
    mine = tmp_path / "mine.json"
    mine.write_text('{"my": "notes"}')
    code, _, err = run_cli("eval", gold, corpus_pdf, "--out", mine)
    assert code == 2 and "not docintel eval report" in err and mine.read_text() == '{"my": "notes"}'
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, out, err = run_cli("eval", gold, corpus_pdf, "--out", blocker / "report.json")
    assert code == 7 and out == "" and "is a file, not a folder" in err
    report = tmp_path / "report.json"
    assert run_cli("eval", gold, corpus_pdf, "--out", report)[0] == 0
    assert run_cli("eval", gold, corpus_pdf, "--out", report)[0] == 0  # our own report may be replaced
    assert json.loads(report.read_text())["runs"][0]["questions"][0]["id"] == "g1"


def test_found_by_a_new_user(run_cli, corpus_pdf, make_pdf, tmp_path, isolated_env):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    for args in (
        ("cache", "info", "--cache-dir", blocker),
        ("traces", "list", "--traces-dir", blocker),
        ("traces", "stats", "--traces-dir", blocker),
    ):
        code, _, err = run_cli(*args)
        assert code == 3 and "is a file, not a folder" in err
    code, _, err = run_cli("ask", "\x01\x02", corpus_pdf)  # nothing but control characters
    assert code == 2 and "the question is empty" in err
    code, _, err = run_cli("batch", write_questions(tmp_path), corpus_pdf, "--out", "/dev/null")
    assert code == 2 and "not a regular file" in err
    unrelated = make_pdf("unrelated.pdf", [["A different document entirely."]])
    copy = tmp_path / "report.pdf"
    shutil.copy(corpus_pdf, copy)
    run_cli("ask", "What is the refund window?", copy)
    copy.unlink()  # moved away: the --doc given is not it
    trace_id = read_traces(isolated_env / "traces")[0]["trace_id"]
    code, _, err = run_cli("traces", "verify", trace_id, "--doc", unrelated)
    assert code == 3 and "no --doc file has the content" in err
    questions = write_questions(tmp_path)
    scanned = tmp_path / "docs" / "scan.pdf"
    make_pdf("scan.pdf", [["x"]])  # too little text: looks scanned
    code, _, err = run_cli("batch", questions, corpus_pdf, scanned, "--out", tmp_path / "a.jsonl")
    assert code == 3 and "scan.pdf" in err and "looks scanned" in err  # a skipped document is said
    code, _, err = run_cli(
        "eval",
        write_questions(
            tmp_path,
            "g.jsonl",
            json.dumps({"id": "g", "question": "What is the refund window?", "gold_pages": [5]}) + "\n",
        ),
        corpus_pdf,
        "--plot",
        tmp_path / "recall",
    )
    assert code == 2 and "does not end in .png" in err
