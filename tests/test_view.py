"""The web view without a browser: trace ids and paths that must not leave the traces folder, documents served
only while their content hash matches, the HTML export, the server's routes, filters, asking and its guards."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import threading
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlencode

import pytest

from docintel.settings import load_settings
from docintel.traces.store import TraceStore
from docintel.view.evidence import item_checks, items_of
from docintel.view.guard import Guard, Refused
from docintel.view.html import esc
from tests.conftest import interruptible, read_traces

REFUND = "What is the refund window?"
CAPEX = "How much were capital expenditures in fiscal 2025?"


@pytest.fixture
def pdf_copy(corpus_pdf, tmp_path) -> Path:
    """A copy of the sample report that a test may change."""
    target = tmp_path / "docs" / corpus_pdf.name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(corpus_pdf, target)
    return target


def _ask(run_cli, question: str, *paths: Path) -> str:
    code, out, err = run_cli("ask", question, *paths, "--json")
    assert code == 0, err
    return json.loads(out)["trace_id"]


# ---------------------------------------------------------------------------- trace ids never leave the folder


def test_traces_show_refuses_paths_outside_the_traces_folder(run_cli, corpus_pdf, isolated_env):
    trace_id = _ask(run_cli, REFUND, corpus_pdf)
    root = isolated_env / "traces"
    outside = isolated_env / "secret.json"  # a readable trace outside the folder: what ../secret would reach
    shutil.copy(root / f"{trace_id}.json", outside)
    for bad in ("../secret", str(outside.with_suffix("")), "..", "a/../../secret", "x\\..\\secret"):
        code, out, err = run_cli("traces", "show", bad)
        assert code == 3 and "is not a trace id" in err and out == "", bad
    code, out, _ = run_cli("traces", "show", trace_id[:20])
    assert code == 0 and REFUND in out


def test_a_trace_file_linking_outside_the_folder_is_not_read(run_cli, corpus_pdf, isolated_env):
    trace_id = _ask(run_cli, REFUND, corpus_pdf)
    root = isolated_env / "traces"
    outside = isolated_env / "elsewhere" / "20990101T000000000000Z-abcdef.json"
    outside.parent.mkdir()
    shutil.copy(root / f"{trace_id}.json", outside)
    (root / outside.name).symlink_to(outside)
    code, _, err = run_cli("traces", "show", outside.stem)
    assert code == 3 and "links outside" in err


def test_traces_list_filters_by_document(run_cli, corpus_pdf, make_pdf, isolated_env):
    other = make_pdf("globex-policy.pdf", [["Globex refund policy", "Refunds are issued within 30 days of purchase."]])
    _ask(run_cli, REFUND, corpus_pdf)
    _ask(run_cli, REFUND, other)
    code, out, _ = run_cli("traces", "list", "--doc", "GLOBEX", "--json")
    assert code == 0 and [t["docs"] for t in json.loads(out)["traces"]] == [["globex-policy"]]
    code, out, _ = run_cli("traces", "list", "--doc", "northwind", "--json")
    assert [t["docs"] for t in json.loads(out)["traces"]] == [["northwind-annual-report-2025"]]
    assert run_cli("traces", "list", "--doc", "initech")[1].strip() == "no traces match"


def test_a_read_only_store_lists_without_writing_its_index(run_cli, corpus_pdf, isolated_env):
    from docintel.traces.store import TraceStore

    _ask(run_cli, REFUND, corpus_pdf)
    root = isolated_env / "traces"
    (root / "index.db").unlink()
    rows, _ = TraceStore(root, read_only=True).query()
    assert [r["question"] for r in rows] == [REFUND] and not (root / "index.db").exists()


# ---------------------------------------------------------------------------- documents: named and unchanged


def test_a_document_is_served_only_while_its_content_hash_matches(run_cli, pdf_copy, isolated_env):
    trace_id = _ask(run_cli, REFUND, pdf_copy)
    guard = Guard(TraceStore(isolated_env / "traces"))
    trace = guard.trace(trace_id)
    record, path = guard.document(trace, 0)
    assert path == pdf_copy.resolve() and record["doc_id"] == pdf_copy.stem
    with pytest.raises(Refused, match="names no document number 1"):
        guard.document(trace, 1)
    with pdf_copy.open("ab") as handle:
        handle.write(b"\n% changed\n")
    with pytest.raises(Refused, match="has changed since the trace was written"):
        guard.document(trace, 0)
    pdf_copy.unlink()
    with pytest.raises(Refused, match="is no longer at"):
        guard.document(trace, 0)


# ---------------------------------------------------------------------------- checks are read generically


def test_checks_are_named_from_the_record_and_never_marked_held_when_unknown():
    record = {
        "item": 0,
        "value_check": "supported",
        "period_check": "unknown",
        "calculation_check": "not_applicable",
        "concept_check": "mismatch",
        "relevance_check": "not_checked",
        "sign_check": "verified",
        "column": "2025",
        "detail": "",
    }
    checks = {c.name: c.mark for c in item_checks(record)}
    assert checks == {"value": "✓", "period": "?", "concept": "✗", "relevance": "?", "sign": "✓"}


def test_items_carry_their_checks_and_each_cited_line(run_cli, corpus_pdf, isolated_env):
    trace_id = _ask(run_cli, CAPEX, corpus_pdf)
    trace = TraceStore(isolated_env / "traces").load(trace_id).as_json()
    (item,) = items_of(trace)
    (record,) = trace["verification"]["items"]
    applied = [k.removesuffix("_check") for k, v in record.items() if k.endswith("_check") and v != "not_applicable"]
    assert {"value", "period"} <= set(applied)  # and whatever else the verifier records
    assert [(c.name, c.mark) for c in item.checks] == [("quote", "✓")] + [(name, "✓") for name in applied]
    (span,) = item.spans
    assert [(line.global_line, line.page, line.state) for line in span.lines] == [
        (span.line_start, span.lines[0].page, "verified")
    ]
    assert "71.4" in (span.lines[0].text or "")  # the capital expenditures row cited


# ---------------------------------------------------------------------------- the HTML export


def test_export_writes_one_self_contained_file(run_cli, corpus_pdf, isolated_env):
    trace_id = _ask(run_cli, CAPEX, corpus_pdf)
    out = isolated_env / "out" / "capex.html"
    code, stdout, err = run_cli("traces", "export", trace_id[:22], "--html", out)
    assert code == 0 and f"wrote {out}" in stdout, err
    page = out.read_text()
    assert page.startswith("<!DOCTYPE html>") and CAPEX in page
    assert "value ✓" in page and "period ✓" in page and 'data-state="verified"' in page
    assert "Capital expenditures 71.4" in page  # the cited line, listed or boxed
    for link in ('src="/', 'href="/', "http://", "https://", "<form"):
        assert link not in page, link  # needs nothing else: no viewer, no network
    assert "budget" not in page.lower() or "chars" in page  # the budget bars are there with their sizes
    assert 'id="context"' in page and 'id="routing"' in page and 'id="calls"' in page


def test_export_never_replaces_an_input_or_a_foreign_file(run_cli, corpus_pdf, pdf_copy, isolated_env):
    trace_id = _ask(run_cli, REFUND, pdf_copy)
    code, _, err = run_cli("traces", "export", trace_id, "--html", pdf_copy)
    assert code == 2 and "--html" in err and "one of the inputs" in err
    notes = isolated_env / "notes.html"
    notes.write_text("<p>my notes</p>")
    code, _, err = run_cli("traces", "export", trace_id, "--html", notes)
    assert code == 2 and "not docintel HTML export" in err and notes.read_text() == "<p>my notes</p>"
    assert run_cli("traces", "export", trace_id, "--html", notes, "--force")[0] == 0
    assert run_cli("traces", "export", trace_id, "--html", notes)[0] == 0  # now ours: replaced without --force
    blocker = isolated_env / "blocker"
    blocker.write_text("a file where a folder should be")
    code, _, err = run_cli("traces", "export", trace_id, "--html", blocker / "x.html")
    assert code == 7 and "is a file, not a folder" in err
    code, _, err = run_cli("traces", "export", "../" + trace_id, "--html", isolated_env / "y.html")
    assert code == 3 and not (isolated_env / "y.html").exists()


def test_export_lists_lines_of_a_changed_document_without_reading_it(run_cli, pdf_copy, isolated_env):
    trace_id = _ask(run_cli, REFUND, pdf_copy)
    with pdf_copy.open("ab") as handle:
        handle.write(b"\n% changed\n")
    out = isolated_env / "r.html"
    assert run_cli("traces", "export", trace_id, "--html", out)[0] == 0
    page = out.read_text()
    assert "has changed since the trace was written" in page and page.count('class="cited-line s-') == 4


# ---------------------------------------------------------------------------- the server


class Served:
    """A viewer served in this process on a free port."""

    def __init__(self, paths: list[Path], root: Path) -> None:
        from docintel.pipeline import Pipeline
        from docintel.view.server import Viewer, make_server

        settings = load_settings()
        self.viewer = Viewer(settings, Pipeline(settings), paths)
        self.server = make_server(self.viewer, "127.0.0.1", 0, any_host=False)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
        request = urllib.request.Request(self.base + path, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode("utf-8", "replace")

    def get_bytes(self, path: str) -> tuple[int, bytes]:
        try:
            with urllib.request.urlopen(self.base + path, timeout=30) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read()

    def post(self, path: str, form: dict[str, str]) -> tuple[int, str]:
        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
                return None

        opener = urllib.request.build_opener(NoRedirect)
        request = urllib.request.Request(self.base + path, data=urlencode(form).encode(), method="POST")
        try:
            with opener.open(request, timeout=60) as response:
                return response.status, response.headers.get("Location", "")
        except urllib.error.HTTPError as exc:
            return exc.code, exc.headers.get("Location") or exc.read().decode("utf-8", "replace")

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def served(pdf_copy, isolated_env):
    server = Served([pdf_copy], isolated_env / "traces")
    yield server
    server.stop()


def _snapshot(*folders: Path) -> dict[str, tuple[int, int]]:
    return {
        str(p): (p.stat().st_size, p.stat().st_mtime_ns) for folder in folders for p in folder.rglob("*") if p.is_file()
    }


def test_browsing_reads_and_never_writes(run_cli, pdf_copy, served, isolated_env):
    ids = [_ask(run_cli, q, pdf_copy) for q in (REFUND, CAPEX)]
    before = _snapshot(isolated_env / "traces", isolated_env / "cache")
    status, page = served.get("/")
    assert status == 200 and page.index(CAPEX) < page.index(REFUND)  # newest first
    status, page = served.get("/?q=refund")
    assert status == 200 and REFUND in page and CAPEX not in page
    status, page = served.get("/?doc=NORTHWIND&status=supported&since=2000-01-01")
    assert REFUND in page and CAPEX in page
    assert CAPEX not in served.get("/?doc=acme")[1] and CAPEX not in served.get("/?since=2999-01-01")[1]
    assert served.get("/?since=yesterday")[0] == 400
    status, page = served.get(f"/trace/{ids[1]}")
    assert status == 200 and "value ✓" in page and 'data-item="0"' in page
    status, body = served.get(f"/trace/{ids[1]}/doc/0.pdf")
    assert status == 200 and body.startswith("%PDF")
    assert f'href="/trace/{ids[1]}/export.html"' in page
    status, page = served.get(f"/trace/{ids[0]}/export.html")
    assert status == 200 and REFUND in page and "<form" not in page
    after = _snapshot(isolated_env / "traces", isolated_env / "cache")
    assert {k: after[k] for k in before} == before  # nothing changed
    added = set(after) - set(before)  # only docintel's cache (documents parsed, pages rendered); never a trace
    assert all(("/cache/pages/" in name or "/cache/lines/" in name) for name in added), added


def test_urls_never_reach_outside_the_traces_folder(run_cli, pdf_copy, served, isolated_env):
    trace_id = _ask(run_cli, REFUND, pdf_copy)
    shutil.copy(isolated_env / "traces" / f"{trace_id}.json", isolated_env / "outside.json")
    for path in ("/trace/..%2Foutside", "/trace/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "/trace/../outside",
                 f"/trace/{trace_id}/doc/..%2F..%2Fetc%2Fpasswd.pdf", f"/trace/{trace_id}/page/0/-1.png",
                 f"/trace/{trace_id}/doc/1.pdf", "/static/../../etc/passwd"):  # fmt: skip
        status, body = served.get(path)
        assert status in (403, 404) and "root:" not in body and REFUND not in body, path


def test_a_changed_document_is_not_served(run_cli, pdf_copy, served):
    trace_id = _ask(run_cli, REFUND, pdf_copy)
    assert served.get(f"/trace/{trace_id}/doc/0.pdf")[0] == 200
    with pdf_copy.open("ab") as handle:
        handle.write(b"\n% changed\n")
    status, body = served.get(f"/trace/{trace_id}/doc/0.pdf")
    assert status == 403 and "has changed since the trace was written" in body
    status, page = served.get(f"/trace/{trace_id}")
    assert status == 200 and "has changed since the trace was written" in page and "/doc/0.pdf" not in page


def test_other_hosts_and_forged_forms_are_refused(served, isolated_env):
    assert served.get("/", {"Host": "evil.example:80"})[0] == 421  # DNS rebinding: a foreign page's Host
    status, body = served.post("/ask", {"question": REFUND, "scope": "paths", "token": "guessed"})
    assert status == 403 and not (isolated_env / "traces").exists()


def test_asking_from_the_page_runs_the_pipeline_and_opens_the_new_trace(run_cli, pdf_copy, served, isolated_env):
    token = served.viewer.token
    assert f'value="{token}"' in served.get("/")[1]
    status, location = served.post("/ask", {"question": REFUND, "scope": "paths", "token": token})
    (trace,) = read_traces(isolated_env / "traces")
    assert status == 303 and location == f"/trace/{trace['trace_id']}" and trace["question"] == REFUND
    page = served.get(location)[1]
    assert "45 days" in page and f'name="trace" value="{trace["trace_id"]}"' in page
    form = {"question": CAPEX, "scope": "trace", "trace": trace["trace_id"], "token": token}
    status, location = served.post("/ask", form)
    assert status == 303 and "71.4" in served.get(location)[1]
    assert len(read_traces(isolated_env / "traces")) == 2
    status, body = served.post("/ask", {"question": "  ", "scope": "paths", "token": token})
    assert status == 400 and "question" in body.lower() and len(read_traces(isolated_env / "traces")) == 2
    os.remove(pdf_copy)
    status, body = served.post("/ask", form)
    assert status == 400 and "no longer at" in body


def test_a_chat_turn_shows_its_session_and_tiers(run_cli, pdf_copy, served, isolated_env):
    script = isolated_env / "turns.txt"
    script.write_text("What were capital expenditures in fiscal 2025?\nand in fiscal 2024?\n")
    assert run_cli("chat", pdf_copy, "--script", script, "--strategy", "combined")[0] == 0
    first, second = read_traces(isolated_env / "traces")
    status, page = served.get(f"/trace/{second['trace_id']}")
    assert status == 200 and f"Chat session {second['session']['session_id']} — turn 2" in page
    assert f'href="/trace/{first["trace_id"]}"' in page and "and in fiscal 2024?" in page
    assert "What were capital expenditures in fiscal 2024?" in page  # as resolved
    shown = [t["name"] for t in second["session"]["tiers"] if t["name"] != "evidence"]
    assert shown and all(f"conversation: {name}" in page for name in shown)


def test_an_empty_folder_says_so_and_a_bug_is_one_line_not_a_traceback(served, isolated_env, capfd):
    status, page = served.get("/")
    assert status == 200 and f"No traces in {isolated_env / 'traces'} yet" in page
    served.viewer.store = None  # type: ignore[assignment]  # what a bug in a page would do
    status, page = served.get("/")
    assert status == 500 and "internal error (AttributeError" in page
    assert "Traceback" not in capfd.readouterr().err


def test_view_warns_when_listening_beyond_this_machine_and_says_when_a_port_is_taken(run_cli, isolated_env):
    import socket
    import subprocess
    import sys

    from tests.conftest import ROOT

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "docintel", "view", "--host", "127.0.0.2", "--port", "0"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )
    assert process.stdout is not None and process.stdout.readline().startswith("docintel view: http://127.0.0.2:")
    process.send_signal(__import__("signal").SIGINT)
    _, err = process.communicate(timeout=20)
    assert process.returncode == 0 and "warning: listening on 127.0.0.2" in err and "anyone who can reach" in err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        code, _, err = run_cli("view", "--port", taken.getsockname()[1])
    assert code == 2 and "cannot listen on 127.0.0.1:" in err and "--port" in err
    code, _, err = run_cli("view", isolated_env / "missing.pdf")
    assert code == 3 and "missing.pdf does not exist" in err


def test_a_failed_ask_from_the_page_opens_the_trace_of_the_failure(fake_openai, pdf_copy, served, isolated_env):
    fake_openai.default = {"status": 401, "body": {"error": {"message": "Incorrect API key", "type": "invalid"}}}
    form = {"question": REFUND, "scope": "paths", "token": served.viewer.token}
    status, location = served.post("/ask", form)
    (trace,) = read_traces(isolated_env / "traces")
    assert status == 303 and location == f"/trace/{trace['trace_id']}" and trace["status"]["final"] == "error"
    page = served.get(location)[1]
    assert f'<div class="error">{esc(trace["error"]["what"])} — ' in page


def test_a_calculation_shows_each_operand_with_its_own_checks(run_cli, make_pdf, isolated_env):
    from tests.test_offline import STATEMENTS

    filing = make_pdf("acme-industrial-2023-10k.pdf", STATEMENTS)
    trace_id = _ask(run_cli, "What was the current ratio in 2023?", filing)
    out = isolated_env / "ratio.html"
    assert run_cli("traces", "export", trace_id, "--html", out)[0] == 0
    page = out.read_text()
    assert "calc ✓" in page and "recomputed 2" in page
    operands = re.findall(r"<li>operand ([^=<]+) = ([\d,.]+)", page)
    assert [(name.strip(), value) for name, value in operands] == [
        ("Total current assets", "800"),
        ("Total current liabilities", "400"),
    ]
    assert page.count('<li class="m-ok" title="supported">value ✓') >= 3  # the item's and each operand's


# ---------------------------------------------------------------------------- page images and boxes


def test_the_cited_page_is_drawn_with_a_box_per_cited_line(run_cli, pdf_copy, served):
    trace_id = _ask(run_cli, REFUND, pdf_copy)
    status, page = served.get(f"/trace/{trace_id}")
    boxes = re.findall(r'<div class="box s-(\w+)" style="left:([\d.]+)%;top:([\d.]+)%[^"]*" data-item="(\d)" '
                       r'data-line="(\d+)"', page)  # fmt: skip
    assert sorted(int(b[4]) for b in boxes) == [60, 61, 63, 64] and {b[0] for b in boxes} == {"verified"}
    assert all(5 < float(b[1]) < 50 and 0 < float(b[2]) < 60 for b in boxes)  # on the page, near its top left
    assert f'src="/trace/{trace_id}/page/0/5.png"' in page and 'class="cited-line' not in page
    status, png = served.get_bytes(f"/trace/{trace_id}/page/0/5.png")
    assert status == 200 and png.startswith(b"\x89PNG") and len(png) > 20_000
    assert served.get(f"/trace/{trace_id}/page/0/7.png")[0] == 404  # the document has 6 pages
    with pdf_copy.open("ab") as handle:
        handle.write(b"\n% changed\n")
    assert served.get(f"/trace/{trace_id}/page/0/5.png")[0] == 403


def test_export_inlines_the_page_images(run_cli, pdf_copy, isolated_env):
    trace_id = _ask(run_cli, REFUND, pdf_copy)
    out = isolated_env / "refund.html"
    assert run_cli("traces", "export", trace_id, "--html", out)[0] == 0
    page = out.read_text()
    (src,) = re.findall(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert base64.b64decode(src).startswith(b"\x89PNG")
    assert page.count('<div class="box s-verified"') == 4 and 'class="cited-line' not in page


@pytest.mark.parametrize("extractor", ["pypdf", "pdfium"])
def test_lines_are_boxed_as_the_trace_s_extractor_numbered_them(run_cli, pdf_copy, served, monkeypatch, extractor):
    monkeypatch.setenv("DOCINTEL_EXTRACTOR", extractor)
    trace_id = _ask(run_cli, REFUND, pdf_copy)
    page = served.get(f"/trace/{trace_id}")[1]
    assert sorted(map(int, re.findall(r'<div class="box s-verified"[^>]* data-line="(\d+)"', page))) == [
        60,
        61,
        63,
        64,
    ]


def test_lines_numbered_by_an_older_line_builder_are_listed_beside_the_page(run_cli, pdf_copy, served, isolated_env):
    trace_id = _ask(run_cli, REFUND, pdf_copy)
    path = isolated_env / "traces" / f"{trace_id}.json"
    trace = json.loads(path.read_text())
    trace["documents"][0]["extractor_version"] = "pypdf1.0.0-l1"  # written by an older docintel
    path.write_text(json.dumps(trace))
    page = served.get(f"/trace/{trace_id}")[1]
    assert "was read as pypdf1.0.0-l1 when the trace was written" in page and "listed beside the page" in page
    assert '<div class="sheet"><img' in page and '<div class="box' not in page
    assert page.count('<li class="cited-line s-verified"') == 4


def test_one_status_name_everywhere_each_with_its_own_colour(run_cli, corpus_pdf, isolated_env):
    question = "Why did net sales increase in fiscal 2025?"  # offline: evidence only, no claim
    code, text, _ = run_cli("ask", question, corpus_pdf)
    assert text.startswith("Answer (text) — not_found: no answer is claimed; the lines below are the closest")
    assert "flag" not in text and "evidence only" not in text  # no unexplained flags offline
    code, out, _ = run_cli("ask", question, corpus_pdf, "--json")
    data = json.loads(out)
    assert data["status"] == "not_found"
    code, out, _ = run_cli("traces", "list", "--json")
    assert {row["support"] for row in json.loads(out)["traces"]} == {"not_found"}
    out_html = isolated_env / "out" / "why.html"
    assert run_cli("traces", "export", data["trace_id"], "--html", out_html)[0] == 0
    page = out_html.read_text()
    assert '<span class="badge st-not_found">not_found: no answer is claimed' in page
    colour = re.search(r"\.badge\.st-not_found \{ color: (#\w+)", page).group(1)
    assert colour != re.search(r"\.badge\.st-supported \{ color: (#\w+)", page).group(1)
