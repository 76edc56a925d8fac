"""Scanned documents: OCR with Tesseract, lines and boxes from its words, answers that say they were read by OCR.

The scanned copies are made here from the sample report (scripts.scanpdf: pages rendered by pdfium and
wrapped as image-only pages) and OCR'd once per test module into a shared cache: the tests that follow
read the cached result, as a second run would.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from docintel.ingest.documents import Ingestor
from docintel.settings import load_settings
from docintel.view.evidence import items_of
from scripts.pdfwriter import Page
from scripts.scanpdf import scan_copy
from tests.conftest import CORPUS_PDF, SAMPLES, needs_shared, read_traces

TESSERACT = shutil.which("tesseract")
needs_tesseract = pytest.mark.skipif(
    TESSERACT is None, reason="Tesseract is not installed (Debian package tesseract-ocr; .ci/run installs it)"
)
pytestmark = needs_tesseract


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The sample report, a scanned copy of all of it, a mixed copy (pages 3 and 5 scanned), and one cache.

    Under pytest-xdist the workers share them (a folder beside their own, made under a lock): the
    copies are made and OCR'd once per test run, whichever worker comes first.
    """
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    root = root / "ocr-shared"
    root.mkdir(parents=True, exist_ok=True)
    with (root / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        made = {"original": CORPUS_PDF, "cache": root / "cache"}
        for name, pages in (("scanned", None), ("mixed", [3, 5])):
            path = root / "docs" / f"{name}-report.pdf"
            made[name] = path if path.exists() else scan_copy(CORPUS_PDF, path, pages=pages)
        settings = load_settings({"cache_dir": made["cache"], "ingest_workers": 2})
        assert not Ingestor(settings).ingest([made["scanned"], made["mixed"]]).failures
    return made


@pytest.fixture
def shared_cache(made, monkeypatch):
    """The module's cache: a scanned copy is OCR'd once, then read from the cache."""
    monkeypatch.setenv("DOCINTEL_CACHE_DIR", str(made["cache"]))
    return made


def _excerpt(source: Path, out: Path, pages: list[int]) -> Path:
    """A PDF of some pages of *source* (1-based), text layer and all."""
    import pypdfium2 as pdfium

    src, copy = pdfium.PdfDocument(source), pdfium.PdfDocument.new()
    copy.import_pages(src, [p - 1 for p in pages])
    copy.save(out)
    return out


def _ingest(*paths: Path, **settings: object):
    return Ingestor(load_settings(settings or None)).ingest(list(paths))


def _words(texts: list[str]) -> list[str]:
    return " ".join(texts).split()


def _same_share(read: list[str], truth: list[str]) -> float:
    """Share of the true words found, in order (a longest common subsequence over words)."""
    from difflib import SequenceMatcher

    matched = sum(block.size for block in SequenceMatcher(None, read, truth, autojunk=False).get_matching_blocks())
    return matched / max(len(truth), 1)


def test_a_scanned_report_reads_like_its_text_layer_with_boxes_in_points(shared_cache):
    original = _ingest(shared_cache["original"]).documents[0]
    scanned = _ingest(shared_cache["scanned"]).documents[0]
    assert scanned.meta.ocr is not None and scanned.meta.ocr.pages == [1, 2, 3, 4, 5, 6]
    assert scanned.meta.ocr.engine.startswith("tesseract") and scanned.meta.ocr.dpi == 300
    assert [w.kind for w in scanned.meta.warnings] == ["ocr"] * 6  # each page says it was read by OCR
    for note in scanned.meta.warnings:  # ... with the lowest word confidence of its lines
        numbers = scanned.lines.loc[scanned.lines["page"] == note.page, "global_line"]
        lowest = min(float(scanned.ocr_confidence(int(n)) or 0) for n in numbers)
        assert note.message.endswith(f"lowest word confidence {lowest:.0f}%") and "read by OCR" in note.message
    for page in range(1, 7):
        truth = _words(original.lines.loc[original.lines["page"] == page, "text"].tolist())
        read = _words(scanned.lines.loc[scanned.lines["page"] == page, "text"].tolist())
        assert _same_share(read, truth) >= 0.97, page
    # the table rows come out whole, as the pdfium extractor reads them
    texts = scanned.lines["text"].tolist()
    assert "Net income 109.8 88.1 70.5" in texts and "Net sales $ 1,284.6 $ 1,124.9 $ 1,010.2" in texts
    # a line found in both has the same box, in PDF points (origin bottom left), within a point or two
    boxes = {t: original.line_box(n) for n, t in enumerate(original.lines["text"], start=1)}
    same = [(boxes[t], scanned.line_box(n)) for n, t in enumerate(texts, start=1) if t in boxes]
    assert len(same) >= 0.9 * len(texts)
    for truth_box, read_box in same:
        assert truth_box is not None and read_box is not None
        assert max(abs(a - b) for a, b in zip(truth_box, read_box, strict=True)) < 3.0, (truth_box, read_box)
    # every line knows it came from OCR, and its lowest word confidence
    assert scanned.ocr_lines is not None and all(c is not None for c in scanned.ocr_lines)
    assert all(0 <= float(scanned.ocr_confidence(n) or -1) <= 100 for n in range(1, scanned.meta.n_lines + 1))
    assert original.ocr_lines is None and original.ocr_confidence(1) is None


def test_a_scanned_copy_answers_a_figure_supported_offline_and_says_it_was_read_by_ocr(shared_cache, run_cli):
    code, out, _ = run_cli("ask", "What was net income in fiscal 2025?", shared_cache["scanned"], "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "supported"
    assert data["answer"]["items"][0]["amount"]["value"] == pytest.approx(109.8)
    span = data["verification"]["spans"][0]
    assert span["ocr"]["doc"] == "scanned-report" and span["ocr"]["lines"] == [span["line_start"]]
    assert span["ocr"]["doubtful_numbers"] is False and span["ocr"]["lowest_confidence"] > 80
    assert data["ocr"] == [span["ocr"]]
    trace = read_traces(Path(os.environ["DOCINTEL_TRACES_DIR"]))[-1]
    assert trace["ocr"] == [span["ocr"]] and trace["documents"][0]["ocr"]["pages"] == [1, 2, 3, 4, 5, 6]
    code, out, _ = run_cli("ask", "What was net income in fiscal 2025?", shared_cache["scanned"])
    assert code == 0 and "supported" in out.splitlines()[0]
    assert "read by OCR (scanned page)" in out and "read by OCR: 1 citation cites scanned pages" in out
    code, shown, _ = run_cli("traces", "show", trace["trace_id"])
    assert code == 0 and "read by OCR (scanned page)" in shown
    [item] = items_of(trace)  # the view's trace page shows it with the item
    assert any(note.startswith("read by OCR (scanned page): L") for note in item.notes)


def test_a_text_answer_from_a_scanned_copy(shared_cache, run_cli, tmp_path):
    code, out, _ = run_cli("ask", "What is the refund window?", shared_cache["scanned"], "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "supported"
    assert any("45 days" in item["text"] for item in data["answer"]["items"])
    assert all(span["ocr"] is not None for span in data["verification"]["spans"])
    questions = tmp_path / "q.jsonl"  # batch output says it too
    questions.write_text(json.dumps({"id": "refund", "question": "What is the refund window?"}) + "\n")
    code, _, _ = run_cli("batch", questions, shared_cache["scanned"], "--out", tmp_path / "a.jsonl")
    [record] = [json.loads(line) for line in (tmp_path / "a.jsonl").read_text().splitlines()]
    assert code == 0 and record["ocr"] == data["ocr"]


def test_numbers_read_with_low_confidence_are_never_supported(shared_cache, run_cli, monkeypatch):
    monkeypatch.setenv("DOCINTEL_OCR_MIN_CONFIDENCE", "100")  # no OCR'd number is sure enough
    code, out, _ = run_cli("ask", "What was net income in fiscal 2025?", shared_cache["scanned"], "--json")
    data = json.loads(out)
    assert data["status"] != "supported"
    assert any(s["ocr"] and s["ocr"]["doubtful_numbers"] for s in data["verification"]["spans"])
    assert any("read by OCR with confidence below 100%" in c for c in data["answer"]["caveats"])


def test_a_mixed_document_reads_its_text_pages_as_text_and_ocrs_the_scanned_ones(shared_cache, run_cli):
    original = _ingest(shared_cache["original"]).documents[0]
    mixed = _ingest(shared_cache["mixed"]).documents[0]
    assert mixed.meta.ocr is not None and mixed.meta.ocr.pages == [3, 5]
    for page in (1, 2, 4, 6):  # the text layer's lines, untouched, and no OCR mark
        rows = mixed.lines["page"] == page
        assert (
            mixed.lines.loc[rows, "text"].tolist()
            == original.lines.loc[original.lines["page"] == page, "text"].tolist()
        )
        assert all(mixed.ocr_confidence(int(n)) is None for n in mixed.lines.loc[rows, "global_line"])
    assert [(w.page, w.kind) for w in mixed.meta.warnings] == [(3, "ocr"), (5, "ocr")]
    code, out, _ = run_cli("ask", "What was net income in fiscal 2025?", shared_cache["mixed"], "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "supported" and data["verification"]["spans"][0]["ocr"]["lines"]
    code, out, _ = run_cli("ask", "How much were dividends paid in fiscal 2025?", shared_cache["mixed"], "--json")
    data = json.loads(out)
    assert data["status"] == "supported" and data["ocr"] == []  # read from page 4, a text page: no OCR mark
    assert [s["pages"] for s in data["verification"]["spans"]] == [[4]]
    assert all(s["ocr"] is None for s in data["verification"]["spans"])


def test_ingest_reports_the_pages_read_by_ocr_and_the_time(shared_cache, run_cli):
    code, out, _ = run_cli("ingest", shared_cache["mixed"])
    assert code == 0
    assert re.search(r"OCR: 2 of 6 pages read by OCR in \d+\.\d s \(tesseract [\d.]+, eng, 300 dpi\)", out), out
    code, out, _ = run_cli("ingest", shared_cache["mixed"], "--json")
    ocr = json.loads(out)["documents"][0]["ocr"]
    assert ocr["pages"] == [3, 5] and ocr["seconds"] > 0


def test_progress_counts_the_pages_read_by_ocr(made, tmp_path, run_cli, monkeypatch):
    one_page = scan_copy(made["original"], tmp_path / "one.pdf", pages=[3])
    monkeypatch.setenv("DOCINTEL_PROGRESS_INTERVAL_S", "0")
    code, _, err = run_cli("ingest", one_page)
    assert code == 0 and "1 file, 6 pages, 1 read by OCR" in err


def test_ocr_never_keeps_the_refusal_of_a_scanned_pdf(shared_cache, run_cli):
    code, out, err = run_cli("ingest", shared_cache["scanned"], "--ocr", "never")
    assert code == 3 and not out
    assert "no extractable text" in err and "looks scanned" in err and "--ocr auto" in err
    mixed = _ingest(shared_cache["mixed"], ocr="never").documents[0]
    assert mixed.meta.ocr is None and [(w.page, w.kind) for w in mixed.meta.warnings] == [
        (3, "no_text"),
        (5, "no_text"),
    ]


def test_ocr_always_reads_every_page_of_a_text_pdf_and_is_cached_apart(made, tmp_path):
    text = _excerpt(made["original"], tmp_path / "table-page.pdf", [3])
    auto = _ingest(text).documents[0]
    always = _ingest(text, ocr="always").documents[0]
    assert auto.meta.ocr is None and always.meta.ocr is not None and always.meta.ocr.pages == [1]
    assert _same_share(_words(always.lines["text"].tolist()), _words(auto.lines["text"].tolist())) >= 0.97
    assert _ingest(text).documents[0].meta.ocr is None  # the auto entry was not overwritten


def test_a_page_without_text_or_image_is_not_sent_to_ocr(make_pdf):
    path = make_pdf("drawn.pdf", [["Page one has real text about revenue and costs."], Page(image_only=True)])
    document = _ingest(path).documents[0]  # page 2 is a grey rectangle drawn with a path: nothing to read
    assert document.meta.ocr is None and [(w.page, w.kind) for w in document.meta.warnings] == [(2, "no_text")]


@needs_shared
def test_the_odd_scanned_sample_fails_clearly_when_ocr_finds_no_text(run_cli):
    code, out, err = run_cli("ingest", SAMPLES / "imagemagick-images.pdf")
    assert code == 3 and not out
    assert "imagemagick-images.pdf: no text found, not even by OCR" in err and "legible" in err


def test_a_missing_tesseract_is_a_clear_error_naming_the_package(made, tmp_path, run_cli, monkeypatch):
    copy = scan_copy(made["original"], tmp_path / "scan-again.pdf", dpi=100)  # not in any cache
    monkeypatch.setenv("DOCINTEL_TESSERACT_CMD", str(tmp_path / "no-such" / "tesseract"))
    code, out, err = run_cli("ingest", copy)
    assert code == 3 and not out
    assert f"error: {copy}: it looks scanned (6 of 6 pages need OCR); Tesseract OCR cannot be run" in err
    assert "apt-get install tesseract-ocr" in err
    monkeypatch.delenv("DOCINTEL_TESSERACT_CMD")
    monkeypatch.setenv("PATH", str(tmp_path))  # tesseract is nowhere on PATH
    code, _, err = run_cli("ask", "What was net income in fiscal 2025?", copy)
    assert code == 3 and "tesseract-ocr" in err
    assert not list(Path(os.environ["DOCINTEL_CACHE_DIR"]).rglob("*.json"))  # nothing half-written


def test_a_mixed_document_without_tesseract_is_read_with_its_scanned_pages_warned_until_tesseract_is_there(
    made, tmp_path, monkeypatch
):
    mixed = scan_copy(made["original"], tmp_path / "mixed-no-ocr.pdf", pages=[5], dpi=100)
    monkeypatch.setenv("DOCINTEL_TESSERACT_CMD", str(tmp_path / "missing-tesseract"))
    document = _ingest(mixed).documents[0]
    assert document.meta.ocr is None
    [warning] = document.meta.warnings
    assert warning.page == 5 and warning.kind == "no_text" and "not OCR'd" in warning.message
    assert "tesseract-ocr" in warning.message
    assert _ingest(mixed).documents[0].cache_hit  # cached: a text PDF with a blank page is not parsed every run
    [failure] = _ingest(mixed, ocr="always").failures  # every page must be OCR'd: no way round the program
    assert failure.error["type"] == "OcrUnavailableError" and "Tesseract OCR cannot be run" in failure.message
    monkeypatch.delenv("DOCINTEL_TESSERACT_CMD")  # installed now: the cached entry is read again, page 5 OCR'd
    again = _ingest(mixed).documents[0]
    assert not again.cache_hit and again.meta.ocr is not None and again.meta.ocr.pages == [5]


def test_the_ocr_language_must_be_installed(made, tmp_path):
    copy = scan_copy(made["original"], tmp_path / "lang.pdf", pages=[2], dpi=100)
    report = _ingest(copy, ocr_language="xyz")
    assert not report.documents or report.documents[0].meta.ocr is None
    warning = report.documents[0].meta.warnings[0]
    assert "no language data for xyz" in warning.message and "tesseract-ocr-xyz" in warning.message
