"""`ingest --ray` and `batch --ray` on a local Ray started by the test (ray.init(num_cpus=2)): the same documents,
output, exit codes and records as the local commands. One test, so one Ray session per test worker (its
start takes seconds)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT, SAMPLES, read_traces

try:
    import ray
except ImportError:  # the extra is not installed (.ci/run installs it: pip install ".[test,ray]")
    pytest.skip('Ray is not installed: pip install ".[test,ray]" to run these tests', allow_module_level=True)


@pytest.fixture(scope="module")
def ray_session():
    """A local Ray of two CPUs whose workers import this checkout's docintel."""
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), before) if p)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()
    if before is None:
        os.environ.pop("PYTHONPATH", None)
    else:
        os.environ["PYTHONPATH"] = before


def _folder(tmp_path: Path, corpus_pdf: Path) -> Path:
    folder = tmp_path / "archive"
    folder.mkdir()
    shutil.copy(corpus_pdf, folder / "northwind.pdf")
    (folder / "broken.pdf").write_bytes(corpus_pdf.read_bytes()[:700])  # a bad file: listed, the rest read
    (folder / "notes.pdf").write_bytes(b"just some text, renamed to .pdf\n")
    for name in ("multicolumn.pdf", "pdflatex-outline.pdf"):
        if (SAMPLES / name).exists():
            shutil.copy(SAMPLES / name, folder / name)
    return folder


def test_ingest_and_batch_on_ray_equal_the_local_runs(ray_session, run_cli, corpus_pdf, tmp_path, monkeypatch):
    folder = _folder(tmp_path, corpus_pdf)
    monkeypatch.setenv("DOCINTEL_CACHE_DIR", str(tmp_path / "local-cache"))
    local = run_cli("ingest", folder, "--json", "--lines")
    monkeypatch.setenv("DOCINTEL_CACHE_DIR", str(tmp_path / "ray-cache"))
    on_ray = run_cli("ingest", folder, "--json", "--lines", "--ray", "local")
    assert local[0] == on_ray[0] == 3  # the bad files fail the same way
    assert json.loads(local[1]) == json.loads(on_ray[1])  # content hash, pages, lines, boxes, tables, profile
    errors = [[line for line in err.splitlines() if line.startswith("error:")] for err in (local[2], on_ray[2])]
    assert errors[0] == errors[1] and "broken.pdf" in on_ray[2] and "notes.pdf" in on_ray[2]  # progress may differ
    documents = json.loads(on_ray[1])["documents"]
    assert len(documents) >= 1 and not any(d["cache_hit"] for d in documents)
    # the Ray tasks filled the cache: a later command anywhere reads it without parsing
    again = json.loads(run_cli("ingest", folder, "--json")[1])["documents"]
    assert [d["content_hash"] for d in again] == [d["content_hash"] for d in documents]
    assert all(d["cache_hit"] for d in again)

    questions = tmp_path / "q.txt"
    questions.write_text("What is the refund window?\nWhen does the revolving credit facility mature?\n")
    code, _, err = run_cli("batch", questions, corpus_pdf, "--out", tmp_path / "local.jsonl")
    assert code == 0, err
    monkeypatch.setenv("DOCINTEL_RAY_ADDRESS", "local")  # the variable works as --ray does
    code, stdout, err = run_cli("batch", questions, corpus_pdf, "--out", tmp_path / "ray.jsonl", "--workers", "2")
    assert code == 0, err
    local_records = {r["id"]: r for r in map(json.loads, (tmp_path / "local.jsonl").read_text().splitlines())}
    ray_records = {r["id"]: r for r in map(json.loads, (tmp_path / "ray.jsonl").read_text().splitlines())}
    assert local_records.keys() == ray_records.keys() and len(ray_records) == 2
    for key, record in ray_records.items():
        assert {k: v for k, v in record.items() if k != "trace_id"} == {
            k: v for k, v in local_records[key].items() if k != "trace_id"
        }
    traces = read_traces(tmp_path / "traces")
    assert {r["trace_id"] for r in ray_records.values()} <= {t["trace_id"] for t in traces}  # written by actors
    code, stdout, _ = run_cli("batch", questions, corpus_pdf, "--out", tmp_path / "ray.jsonl")
    assert code == 0 and "2 already answered" in stdout  # resumable as the local batch


def test_a_wrong_ray_address_is_a_configuration_error_before_anything_is_read(run_cli, corpus_pdf, isolated_env):
    code, out, err = run_cli("ingest", corpus_pdf, "--ray", "my-cluster")
    assert code == 4 and "'my-cluster' is not a Ray address" in err and "ray://HOST:10001" in err
    assert out == "" and not (isolated_env / "cache").exists()


def test_ingest_on_ray_exports_the_line_tables_a_local_ingest_exports(ray_session, run_cli, corpus_pdf, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet", reason='pyarrow is not installed: pip install ".[test]"')
    folder = _folder(tmp_path, corpus_pdf)
    local = run_cli("ingest", folder, "--export", tmp_path / "local", "--cache-dir", tmp_path / "c1")
    on_ray = run_cli("ingest", folder, "--export", tmp_path / "ray", "--cache-dir", tmp_path / "c2", "--ray", "local")
    assert local[0] == on_ray[0] == 3 and "exported" in on_ray[1]  # the bad files fail; the good ones are exported
    names = sorted(p.name for p in (tmp_path / "local").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "ray").iterdir()) and "northwind.parquet" in names
    for name in names:
        assert pq.read_table(tmp_path / "ray" / name).equals(pq.read_table(tmp_path / "local" / name))


def test_a_ray_worker_masks_the_key_a_server_echoes(ray_session, run_cli, corpus_pdf, fake_openai, tmp_path):
    """Settings reach an actor pickled, with no validation run: the actor registers the key itself, so the traces
    it writes and the records it returns mask a key the server glued into its error, and the driver masks every
    record it writes (either layer alone keeps this test green; both broken, it goes red)."""
    from tests.conftest import API_KEY

    fake_openai.default = {"status": 401, "body": {"error": {"message": f"bad key_{API_KEY}_end", "type": "x"}}}
    questions = tmp_path / "q.txt"
    questions.write_text("What is the refund window?\n")
    out = tmp_path / "ray.jsonl"
    code, stdout, err = run_cli("batch", questions, corpus_pdf, "--out", out, "--backend", "openai", "--ray", "local")
    written = "\n".join(p.read_text() for p in (tmp_path / "traces").rglob("*.json"))
    assert "bad key_***_end" in written and "bad key_***_end" in out.read_text(), (written, err)
    assert API_KEY not in out.read_text() + written + stdout + err
