"""Mutated PDFs (truncations, byte flips, removed xref, zero-length streams, bad offsets), made from
the project's own sample in the test run: each ends as a parsed document or one clear error line,
never a traceback or a hang. Also the per-file time limit and a crashing parser process."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from docintel.ingest.isolate import run_isolated
from tests.conftest import ROOT

SEED = 20261130


def mutants(source: bytes) -> dict[str, bytes]:
    """Damaged versions of *source*, the same every run."""
    rng = random.Random(SEED)
    out: dict[str, bytes] = {}
    for share in (0.05, 0.2, 0.4, 0.6, 0.8, 0.95):
        out[f"truncated-{int(share * 100)}"] = source[: int(len(source) * share)]
    out["truncated-eof"] = source[:-12]
    for index in range(12):
        data = bytearray(source)
        for _ in range(rng.choice((1, 8, 40))):
            data[rng.randrange(len(data))] = rng.randrange(256)
        out[f"flipped-{index}"] = bytes(data)
    xref = source.find(b"xref")
    trailer = source.find(b"trailer")
    out["no-xref"] = source[:xref] + source[trailer:]
    out["no-trailer"] = source[:trailer]
    out["zero-length-streams"] = re.sub(
        rb"/Length \d+ >>\nstream\n.*?\nendstream", b"/Length 0 >>\nstream\n\nendstream", source, flags=re.S
    )
    out["wrong-lengths"] = re.sub(rb"/Length (\d+)", lambda m: b"/Length %d" % (int(m.group(1)) * 7 + 3), source)
    out["bad-startxref"] = re.sub(rb"startxref\n\d+", b"startxref\n999999999", source)
    out["no-header"] = source[source.find(b"\n") + 1 :]
    out["doubled"] = source + source
    return out


@pytest.mark.parametrize("extractor", ["pypdf", "pdfium"])
def test_mutated_pdfs_end_in_a_document_or_one_clear_error(corpus_pdf, tmp_path, extractor):
    folder = tmp_path / "mutants"
    folder.mkdir()
    made = mutants(corpus_pdf.read_bytes())
    for name, data in made.items():
        (folder / f"{name}.pdf").write_bytes(data)
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DOCINTEL_PARSE_TIMEOUT_S": "20",
        "DOCINTEL_INGEST_WORKERS": "2",
        "DOCINTEL_EXTRACTOR": extractor,
    }
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "docintel", "ingest", str(folder), "--json", "--quiet"],  # stderr: errors only
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert time.monotonic() - started < 120
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout
    report = json.loads(done.stdout)
    parsed = {Path(d["path"]).stem for d in report["documents"]}
    failed = {Path(f["path"]).stem for f in report["failures"]}
    assert parsed | failed == set(made) and not parsed & failed
    errors = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(errors) == len(failed) and all(line.startswith("error: ") and " — " in line for line in errors)
    assert done.returncode == (3 if failed else 0)
    expected_types = {"CorruptPDFError", "NotAPDFError", "NoTextError", "ParseTimeoutError", "EncryptedPDFError"}
    assert {f["error"]["type"] for f in report["failures"]} <= expected_types
    # a bug of ours (not the PDF's damage) would surface as one of these inside "cannot be read"
    assert not re.search(r"\b(NameError|UnboundLocalError|TypeError|AttributeError)\b", done.stderr)
    assert {"truncated-5", "no-header"} <= failed  # these cannot be read at all
    assert "on 0 pages" not in done.stderr  # an empty page tree is damage, not a scan
    for document in report["documents"]:
        assert document["n_lines"] >= 0 and document["n_pages"] >= 1


@pytest.mark.parametrize("extractor", ["pypdf", "pdfium"])
def test_a_file_past_the_time_limit_fails_alone(make_pdf, corpus_pdf, run_cli, monkeypatch, extractor):
    big = make_pdf(
        "big.pdf", [[f"Page {p} line {i}: revenue and expenses of the period." for i in range(60)] for p in range(400)]
    )
    monkeypatch.setenv("DOCINTEL_EXTRACTOR", extractor)
    # the small file is parsed (and cached) first, so a loaded machine cannot push it past the short limit
    assert run_cli("ingest", corpus_pdf)[0] == 0
    monkeypatch.setenv("DOCINTEL_PARSE_TIMEOUT_S", "0.05")
    monkeypatch.setenv("DOCINTEL_INGEST_WORKERS", "2")
    started = time.monotonic()
    code, out, err = run_cli("ingest", big, corpus_pdf)
    assert time.monotonic() - started < 20
    assert code == 3 and "northwind-annual-report-2025: 6 pages" in out
    assert "big.pdf: parsing took longer than 0.05 s and was stopped" in err and "DOCINTEL_PARSE_TIMEOUT_S" in err


def _sleep(seconds: float, report) -> float:
    report("started")
    time.sleep(seconds)
    return seconds


def test_the_time_limit_stops_only_the_slow_item():
    started = time.monotonic()
    outcomes = {o.item: o for o in run_isolated([30.0, 0.0, 0.0], _sleep, workers=1, timeout_s=1.0)}
    assert time.monotonic() - started < 15
    assert outcomes[30.0].status == "timeout" and 1.0 <= outcomes[30.0].seconds < 5
    assert outcomes[0.0].status == "done"  # the next item ran in a fresh worker after the stop


def _exit_hard(item: int, report) -> int:
    if item == 1:
        os._exit(3)  # what a segfault in a parser looks like to the parent
    if item == 2:
        raise RuntimeError("parser bug")
    report("working")
    return item * 10


def test_a_crashing_worker_costs_one_item():
    progress: list[tuple[int, str]] = []
    outcomes = {
        o.item: o
        for o in run_isolated(
            [0, 1, 2, 3],
            _exit_hard,
            workers=2,
            timeout_s=30,
            on_progress=lambda item, msg: progress.append((item, msg)),
        )
    }
    assert outcomes[0].status == "done" and outcomes[0].value == 0 and outcomes[3].value == 30
    assert outcomes[1].status == "crashed" and outcomes[1].exitcode == 3
    assert outcomes[2].status == "crashed" and "RuntimeError: parser bug" in outcomes[2].value
    assert sorted(progress) == [(0, "working"), (3, "working")]
