"""The typed trace (docintel.traces.model), its documentation, and the SQLite trace index (docintel.traces.store)."""

from __future__ import annotations

import functools
import itertools
import json
import os
import re
import sqlite3
import subprocess
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import docintel.traces.store as traces_module
from docintel.traces.model import Trace, TraceFormatError
from docintel.traces.store import INDEX_NAME, TRACE_STATUSES, TRACE_VERSION, TraceStore, new_trace_id, summary_row
from tests.conftest import ROOT, read_traces
from tests.test_answer_openai import answer

DOC = ROOT / "docs" / "TRACE_FORMAT.md"
QUESTIONS = [
    "What is the refund window?",
    "When does the revolving credit facility mature?",
    "How much were capital expenditures in fiscal 2025?",
]
STATUS_CYCLE = [
    ("found", "verified", "ok"),
    ("found", "failed", "citation_failed"),
    ("error", None, "error"),
    ("not_found", "not_found", "ok"),
    ("refused", "not_found", "ok"),
    ("found", "no_citations", "citation_failed"),
]
FILTER_QUESTIONS = [
    "What is the refund window?",
    "Is the REFUND policy strict?",
    "Wo ist die Hauptstraße?",
    "capital EXPENDITURES in 2025",
    "İstanbul office lease?",
    "Who audits the company?",
]


def synthetic_trace(i: int, **changes: Any) -> dict[str, Any]:
    """A small but complete version-2 trace, number *i* (ids and times grow with i)."""
    answer, verification, final = STATUS_CYCLE[i % len(STATUS_CYCLE)]
    millis = ".000" if i % 2 else ""  # both forms occur; without them a --since at that very time is equal
    return {
        "trace_version": TRACE_VERSION,
        "trace_id": f"2026110{1 + i % 9}T100000{i:06d}Z-{i:06x}",
        "created_at": f"2026-11-0{1 + i % 9}T10:00:00{millis}+00:00",
        "kind": "ask",
        "replay_of": None,
        "program": {"name": "docintel", "version": "test"},
        "settings": {},
        "settings_hash": "h",
        "question": FILTER_QUESTIONS[i % len(FILTER_QUESTIONS)],
        "request": {"backend": "openai", "model": "gpt-4.1-mini"},
        "usage": {"input_tokens": 100 * (i + 1), "output_tokens": 10},
        "cost_usd": None,
        "status": {"answer": answer, "verification": verification, "final": final},
        "latency_s": 0.5 + i,
        **changes,
    }


def index_rows(root: Path) -> list[tuple[str, int, int]]:
    """(file, size, mtime_ns) of every row of index.db, read with sqlite3 directly (no syncing)."""
    with sqlite3.connect(root / INDEX_NAME) as connection:
        return sorted(connection.execute("SELECT file, file_size, file_mtime_ns FROM traces"))


def stamps(root: Path) -> list[tuple[str, int, int]]:
    """(file, size, mtime_ns) of every trace file."""
    return sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in root.glob("*.json"))


def listed(run_cli, *args: str) -> tuple[list[str], list[str]]:
    """Ids listed by ``traces list --json`` (newest first) and the problems it reported."""
    code, out, _ = run_cli("traces", "list", "--json", *args)
    assert code == 0
    data = json.loads(out)
    return [row["id"] for row in data["traces"]], data["problems"]


# ---------------------------------------------------------------------------- the documentation


def test_doc_field_table_matches_the_model():
    """Every top-level field of Trace is in the doc's table, and the table lists no field the model lacks."""
    text = DOC.read_text(encoding="utf-8")
    documented = re.findall(r"^\| `([a-z_]+)` \|", text, flags=re.MULTILINE)
    assert len(documented) == len(set(documented)), "a field is listed twice"
    assert set(documented) - set(Trace.model_fields) == set(), "the doc lists fields the model lacks"
    assert set(Trace.model_fields) - set(documented) == set(), "model fields missing from the doc's table"
    assert (
        f"# Trace format (version {TRACE_VERSION})" in text
        and "index.db" in text
        and "index.jsonl" not in text.replace("The `index.jsonl` of earlier versions", "")
    )


# ---------------------------------------------------------------------------- write and read


def test_round_trip_through_the_cli(run_cli, corpus_pdf, isolated_env):
    """What ask writes is what show prints, and reading it back gives the same trace."""
    assert run_cli("ask", QUESTIONS[0], corpus_pdf)[0] == 0
    assert run_cli("ask", QUESTIONS[0], isolated_env / "missing.pdf")[0] == 3
    root = isolated_env / "traces"
    for stored in read_traces(root):
        assert stored["trace_version"] == TRACE_VERSION
        code, out, _ = run_cli("traces", "show", stored["trace_id"], "--json")
        assert code == 0 and json.loads(out) == stored
        assert Trace.from_stored(stored).as_json() == stored
    ok, failed = read_traces(root)
    assert {"parsed", "context", "prompt", "budget_audit", "answer", "verification"} <= set(ok) and "error" not in ok
    assert failed["error"]["type"] == "InputError" and not {"parsed", "answer", "cost_usd"} & set(failed)
    assert set(ok["timings"]) == {"ingest_s", "route_s", "retrieve_s", "pack_s", "generate_s", "verify_s"}
    ids, problems = listed(run_cli)
    assert ids == [failed["trace_id"], ok["trace_id"]] and not problems
    assert index_rows(root) == stamps(root)


def test_openai_trace_round_trip_keeps_raw_response_and_request(run_cli, corpus_pdf, fake_openai, isolated_env):
    """The open parts (raw response, backend request parameters, error bodies) survive the model unchanged."""
    fake_openai.push_answer(answer((None, 60, 60, "within 45 days"), text="45 days"))
    assert run_cli("ask", QUESTIONS[0], corpus_pdf)[0] == 0
    fake_openai.push({"error": {"message": "no such model"}}, status=404)
    assert run_cli("ask", QUESTIONS[0], corpus_pdf)[0] == 5
    answered, failed = read_traces(isolated_env / "traces")
    assert answered["response"]["raw"]["id"] == "resp_test" and answered["request"]["api"] == "responses"
    assert {"temperature", "base_url", "store", "max_retries"} <= set(answered["request"])
    assert answered["request"]["priced"] is False and answered["cost_usd"] is None  # a local server has no price
    assert failed["response"] == {
        "raw": {"body": {"error": {"message": "no such model"}}, "status_code": 404},
        "request_id": "req_2",
        "outcome": "error",
        "retries": None,
        "notes": [],
    }
    for stored in (answered, failed):
        trace = Trace.from_stored(stored)
        assert trace.as_json() == stored and trace.request.backend == "openai"
    assert Trace.from_stored(answered).request.model_extra["temperature"] == 0


def test_null_cost_is_kept_and_absent_groups_stay_absent():
    """cost_usd null (price unknown) is written once set; groups never set are left out."""
    data = synthetic_trace(0)
    trace = Trace.for_storage(data)
    assert trace.as_json()["cost_usd"] is None and trace.as_json()["replay_of"] is None
    del data["cost_usd"]
    assert "cost_usd" not in Trace.for_storage(data).as_json() and "answer" not in Trace.for_storage(data).as_json()


def test_trace_version_and_fields_are_checked_on_write(tmp_path):
    """Only complete traces of the current version are written; nothing is left behind otherwise."""
    store = TraceStore(tmp_path / "t")
    for bad, message in [
        ({"trace_version": 1}, "never written"),
        ({"trace_version": 9}, "only version 2"),
        ({"trace_version": "two"}, "trace_version"),
        ({"trace_version": "2"}, "trace_version"),
        ({"trace_version": True}, "trace_version"),
        ({"status": None}, "status"),
        ({"kind": "guess"}, "kind"),
        ({"trace_id": "../../etc/x"}, "trace_id"),
        ({"created_at": "yesterday"}, "created_at"),
        ({"surprise": 1}, "surprise"),
        ({"status": {"answer": "found", "verification": "verified", "final": "maybe"}}, "final"),
    ]:
        with pytest.raises(TraceFormatError, match=message):
            store.write(synthetic_trace(0, **bad))
    assert not (tmp_path / "t").exists()
    path = store.write(synthetic_trace(0))
    assert store.load(path.stem).trace_id == path.stem


def test_a_version_1_trace_is_still_listed_shown_and_verified(run_cli, corpus_pdf, isolated_env):
    """A file written by the version-1 code (no checks) is read leniently: defaults for what it lacks."""
    run_cli("ask", QUESTIONS[0], corpus_pdf)
    root = isolated_env / "traces"
    current = read_traces(root)[0]
    old_id = new_trace_id(datetime(2025, 1, 2, tzinfo=UTC))
    old = {**current, "trace_version": 1, "trace_id": old_id, "a_key_from_long_ago": True}
    del old["program"], old["timings"], old["settings_hash"]
    (root / f"{old_id}.json").write_text(json.dumps(old), encoding="utf-8")
    ids, problems = listed(run_cli)
    assert ids == [current["trace_id"], old_id] and not problems
    code, out, _ = run_cli("traces", "show", old_id)
    assert code == 0 and f"trace {old_id}" in out and "question: What is the refund window?" in out
    code, out, _ = run_cli("traces", "show", old_id, "--json")
    shown = json.loads(out)
    assert shown["trace_version"] == 1 and shown["program"]["version"] == "unknown"
    assert "a_key_from_long_ago" not in shown
    assert shown["answer"] == current["answer"]
    code, out, _ = run_cli("traces", "verify", old_id)
    assert code == 0 and "every verdict is unchanged" in out


@pytest.mark.parametrize(
    "content,reason",
    ids=["torn", "list", "foreign", "version_3", "bad_status"],
    argvalues=[
        ('{"trace_id": "half-writ', "not readable JSON"),
        ('["a", "list"]', "not a docintel trace"),
        ('{"hello": "world"}', "not a docintel trace"),
        (json.dumps(synthetic_trace(1, trace_version=3)), "trace_version 3 is not one this docintel reads"),
        (
            json.dumps(synthetic_trace(1, status={"answer": "maybe", "verification": None, "final": "ok"})),
            "status.answer",
        ),
    ],
)
def test_damaged_or_foreign_trace_is_reported_and_skipped(run_cli, corpus_pdf, isolated_env, content, reason):
    """list and stats skip it with a warning naming why; show refuses it with exit 3."""
    run_cli("ask", QUESTIONS[0], corpus_pdf)
    root = isolated_env / "traces"
    good = read_traces(root)[0]["trace_id"]
    bad = new_trace_id()
    (root / f"{bad}.json").write_text(content, encoding="utf-8")
    code, out, err = run_cli("traces", "list")
    assert code == 0 and good in out and bad not in out
    assert f"{bad}.json: damaged trace skipped" in err and reason in err
    code, out, err = run_cli("traces", "stats")
    assert code == 0 and "traces: 1" in out and "damaged trace skipped" in err
    code, _, err = run_cli("traces", "show", bad)
    assert code == 3 and f"trace {bad}.json is damaged" in err and reason in err
    assert [row[0] for row in index_rows(root)] == [f"{good}.json"]


def test_a_trace_damaged_after_indexing_leaves_the_index(run_cli, corpus_pdf, isolated_env):
    """The row of a file that changed is not trusted: the file is read again, and dropped when damaged."""
    for question in QUESTIONS[:2]:
        run_cli("ask", question, corpus_pdf)
    root = isolated_env / "traces"
    first, second = sorted(root.glob("*.json"))
    first.write_text(first.read_text()[:-40])
    ids, problems = listed(run_cli)
    assert ids == [second.stem] and len(problems) == 1 and first.name in problems[0]
    assert [row[0] for row in index_rows(root)] == [second.name]


def test_changed_vanished_and_new_files_are_followed(run_cli, corpus_pdf, isolated_env):
    """A rewritten file is read again, a deleted one dropped, one added by hand indexed."""
    for question in QUESTIONS:
        run_cli("ask", question, corpus_pdf)
    root = isolated_env / "traces"
    files = sorted(root.glob("*.json"))
    edited = json.loads(files[0].read_text())
    edited["question"] = "An edited question about the refund window?"
    files[0].write_text(json.dumps(edited))
    files[1].unlink()
    added = synthetic_trace(3, trace_id=new_trace_id())
    (root / f"{added['trace_id']}.json").write_text(json.dumps(added))
    ids, _ = listed(run_cli, "--grep", "edited question")
    assert ids == [files[0].stem]
    ids, _ = listed(run_cli)
    assert ids == [added["trace_id"], files[2].stem, files[0].stem]
    assert index_rows(root) == stamps(root)


# ---------------------------------------------------------------------------- the index


@pytest.mark.parametrize("damage", ["delete", "garbage", "truncate", "other_schema", "old_schema_version", "empty"])
def test_index_is_rebuilt_when_missing_or_damaged(run_cli, corpus_pdf, isolated_env, damage):
    """A deleted, corrupted or foreign index.db is rebuilt from the files at the next listing."""
    for question in QUESTIONS:
        run_cli("ask", question, corpus_pdf)
    root = isolated_env / "traces"
    index = root / INDEX_NAME
    expected, _ = listed(run_cli)
    if damage == "delete":
        index.unlink()
    elif damage == "garbage":
        index.write_bytes(b"this is not a database\n" * 100)
    elif damage == "truncate":
        index.write_bytes(index.read_bytes()[:1500])
    elif damage == "other_schema":
        with sqlite3.connect(index) as connection:
            connection.execute("DROP TABLE traces")
            connection.execute("CREATE TABLE traces (something TEXT)")
            connection.execute("PRAGMA user_version = 99")
    elif damage == "old_schema_version":  # rows made by another version of the index are not trusted
        with sqlite3.connect(index) as connection:
            connection.execute("UPDATE traces SET id = 'x' || id")
            connection.execute("PRAGMA user_version = 0")
    else:
        index.write_bytes(b"")
    ids, problems = listed(run_cli)
    assert ids == expected and len(ids) == 3 and not problems
    assert index_rows(root) == stamps(root)


def test_index_file_is_owner_only(run_cli, corpus_pdf, isolated_env):
    """index.db holds the start of each question: readable by its owner only, like the trace files."""
    run_cli("ask", QUESTIONS[0], corpus_pdf)
    if os.name == "posix":
        assert (isolated_env / "traces" / INDEX_NAME).stat().st_mode & 0o077 == 0


def test_concurrent_batch_leaves_one_row_per_trace(run_cli, corpus_pdf, tmp_path, isolated_env):
    """batch --workers 4: every trace written by the threads has exactly one up-to-date row."""
    questions = [f"{q} (variant {n})" for q in QUESTIONS for n in range(3)]
    (tmp_path / "q.txt").write_text("\n".join(questions) + "\n")
    code, _, _ = run_cli("batch", tmp_path / "q.txt", corpus_pdf, "--out", tmp_path / "out.jsonl", "--workers", "4")
    assert code == 0
    root = isolated_env / "traces"
    assert len(stamps(root)) == len(questions)
    assert index_rows(root) == stamps(root)  # written by the threads themselves, before any listing


def test_concurrent_writes_from_threads_and_processes(tmp_path):
    """Threads and processes writing at once: no row lost or doubled, no error."""
    root = tmp_path / "t"
    store = TraceStore(root)
    errors: list[BaseException] = []

    def write_many(offset: int) -> None:
        try:
            for i in range(12):
                store.write(synthetic_trace(offset + i, trace_id=new_trace_id()))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    script = (
        "import sys; from pathlib import Path; from docintel.traces.store import TraceStore, new_trace_id; "
        "from tests.test_trace_model import synthetic_trace; s = TraceStore(Path(sys.argv[1])); "
        "[s.write(synthetic_trace(i, trace_id=new_trace_id())) for i in range(10)]"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    processes = [subprocess.Popen([sys.executable, "-c", script, str(root)], env=env, cwd=ROOT) for _ in range(3)]
    threads = [threading.Thread(target=write_many, args=(n * 100,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [p.wait(timeout=120) for p in processes] == [0, 0, 0] and not errors
    assert len(stamps(root)) == 4 * 12 + 3 * 10
    assert index_rows(root) == stamps(root)
    rows, problems = store.rows()
    assert len(rows) == 78 and len({row["id"] for row in rows}) == 78 and not problems


def test_a_failing_index_never_loses_the_trace(run_cli, corpus_pdf, isolated_env):
    """index.db that cannot be opened (here a folder): the answer and its trace are still stored and listed."""
    root = isolated_env / "traces"
    (root / INDEX_NAME).mkdir(parents=True)
    code, out, err = run_cli("ask", QUESTIONS[0], corpus_pdf)
    assert code == 0 and "trace:" in out and len(read_traces(root)) == 1
    ids, problems = listed(run_cli)
    assert ids == [read_traces(root)[0]["trace_id"]] and not problems


def read_only_index(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every index.db connection read-only, as in a folder that cannot be written."""
    connect = traces_module._connect

    def read_only(target: str, *, uri: bool = False) -> sqlite3.Connection:
        if target != ":memory:" and not uri:
            target, uri = Path(target).resolve().as_uri() + "?mode=ro", True
        return connect(target, uri=uri)

    monkeypatch.setattr(traces_module, "_connect", read_only)


def test_a_read_only_folder_is_listed_from_memory(run_cli, corpus_pdf, isolated_env, monkeypatch):
    """No index.db and none can be made, or a stale one that cannot be updated: the listing is still right."""
    for question in QUESTIONS[:2]:
        run_cli("ask", question, corpus_pdf)
    root = isolated_env / "traces"
    expected, _ = listed(run_cli)
    (root / INDEX_NAME).unlink()
    with monkeypatch.context() as patch:
        read_only_index(patch)
        assert listed(run_cli) == (expected, [])
        assert listed(run_cli, "--grep", "REFUND")[0] == [expected[1]]
        assert not (root / INDEX_NAME).exists()
    listed(run_cli)
    added = synthetic_trace(0, trace_id=new_trace_id())
    (root / f"{added['trace_id']}.json").write_text(json.dumps(added))
    before = index_rows(root)
    read: list[str] = []
    parse = traces_module._parse
    with monkeypatch.context() as patch:
        read_only_index(patch)
        patch.setattr(traces_module, "_parse", lambda path: read.append(path.name) or parse(path))
        assert listed(run_cli)[0] == [added["trace_id"], *expected]
    assert index_rows(root) == before  # the stale index was not touched
    assert read == [f"{added['trace_id']}.json"]  # its rows were copied to memory: only the new file was read


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a POSIX user that permissions stop")
def test_a_read_only_folder_is_listed_for_real(run_cli, corpus_pdf, isolated_env):
    """The same with real permissions (skipped as root, whom permissions do not stop)."""
    run_cli("ask", QUESTIONS[0], corpus_pdf)
    root = isolated_env / "traces"
    (root / INDEX_NAME).unlink()
    os.chmod(root, 0o555)
    try:
        ids, problems = listed(run_cli)
        assert len(ids) == 1 and not problems and not (root / INDEX_NAME).exists()
    finally:
        os.chmod(root, 0o755)


# ---------------------------------------------------------------------------- filters as SQL


@functools.lru_cache(maxsize=8)
def _stored_rows(root: Path, files: tuple[tuple[str, int], ...]) -> list[dict]:
    """The summary rows of the stored traces, read once per unchanged set of files (the test lists hundreds of
    filter combinations over the same store)."""
    return [summary_row(Trace.from_stored(json.loads((root / name).read_text()))) for name, _ in files]


def reference_listing(root: Path, status: str | None, since: str | None, grep: str | None, limit: int) -> list[str]:
    """The filtering of ``traces list`` before the SQL index, applied to rows read from the files."""
    files = tuple((p.name, p.stat().st_mtime_ns) for p in sorted(root.glob("*.json")))
    rows = _stored_rows(root, files)
    if since:
        moment = datetime.fromisoformat(since)
        since = (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC).isoformat()
    wanted = []
    for row in reversed(rows):
        if status and status not in (row.get("final"), row.get("answer_status"), row.get("verification_status")):
            continue
        if since and (row.get("created_at") or "") < since:
            continue
        if grep and grep.casefold() not in (row.get("question") or "").casefold():
            continue
        wanted.append(row["id"])
        if limit and len(wanted) >= limit:
            break
    return wanted


def test_list_filters_give_the_same_answers_as_before(run_cli, isolated_env):
    """Every combination of --status, --since, --grep and --limit lists what the old filtering listed."""
    store = TraceStore(isolated_env / "traces")
    for i in range(18):
        store.write(synthetic_trace(i))
    statuses = [None, *TRACE_STATUSES]
    sinces = [None, "2026-11-04", "2026-11-05T10:00:00", "2026-11-06T11:30:00+02:00", "2999-01-01"]
    greps = [None, "refund", "STRASSE", "istanbul", "?", "zzz"]
    seen_nonempty = 0
    for status, since, grep, limit in itertools.product(statuses, sinces, greps, [0, 2]):
        args = [
            *(["--status", status] if status else []),
            *(["--since", since] if since else []),
            *(["--grep", grep] if grep else []),
            "--limit",
            str(limit),
        ]
        ids, _ = listed(run_cli, *args)
        assert ids == reference_listing(isolated_env / "traces", status, since, grep, limit), args
        seen_nonempty += bool(ids)
    assert seen_nonempty > 100  # the combinations do select something
    assert listed(run_cli, "--grep", "STRASSE")[0]  # casefold, not SQL's ASCII-only LIKE


def test_stats_last_reads_the_newest_rows(run_cli, isolated_env):
    """stats --last N summarises the N newest traces."""
    store = TraceStore(isolated_env / "traces")
    for i in range(6):
        store.write(synthetic_trace(i))
    code, out, _ = run_cli("traces", "stats", "--last", "2", "--json")
    stats = json.loads(out)
    assert code == 0 and stats["traces"] == 2 and stats["input_tokens"] == 500 + 600
    code, out, _ = run_cli("traces", "stats", "--last", "0", "--json")
    assert json.loads(out)["traces"] == 6


def test_listing_needs_neither_fcntl_nor_the_trace_model(run_cli, corpus_pdf, isolated_env):
    """traces/store.py imports where fcntl does not exist (Windows), and an up-to-date index is listed fast."""
    run_cli("ask", QUESTIONS[0], corpus_pdf)
    assert "fcntl" not in (ROOT / "docintel" / "traces" / "store.py").read_text()
    assert "from .store" not in (ROOT / "docintel" / "traces" / "model.py").read_text()  # traces imports it: no cycle
    script = (
        "import sys; sys.modules['fcntl'] = None; from docintel.cli import main; "
        "code = main(['traces', 'list']); "
        "assert 'pandas' not in sys.modules and 'docintel.traces.model' not in sys.modules, 'heavy import'; "
        "sys.exit(code)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert QUESTIONS[0] in done.stdout
