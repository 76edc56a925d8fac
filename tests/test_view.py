"""Trace ids and paths that must not leave the traces folder."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

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
