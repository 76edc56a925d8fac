"""Ingestion: the line table, caching, and every kind of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pytest

from docintel.ingest.documents import LINE_COLUMNS, Ingestor
from docintel.ingest.pdfparse import split_page_text
from docintel.settings import load_settings
from scripts.pdfwriter import Page
from tests.conftest import FINANCEBENCH, SAMPLES, needs_shared


def ingest(*paths, password=None):
    return Ingestor(load_settings(), password).ingest([Path(p) for p in paths])


@pytest.fixture(params=["pdfium", "pypdf"])
def each_extractor(request, monkeypatch):
    """Run a test once with each extractor (DOCINTEL_EXTRACTOR)."""
    monkeypatch.setenv("DOCINTEL_EXTRACTOR", request.param)
    return request.param


def test_line_table_columns_and_numbering(corpus_pdf):
    report = ingest(corpus_pdf)
    assert not report.failures
    doc = report.documents[0]
    lines = doc.lines
    assert list(lines.columns) == LINE_COLUMNS
    assert lines["global_line"].tolist() == list(range(1, len(lines) + 1))
    assert lines["page"].min() == 1 and lines["page"].max() == doc.meta.n_pages == 6
    for _, page_lines in lines.groupby("page"):
        assert page_lines["line_in_page"].tolist() == list(range(1, len(page_lines) + 1))
    assert (lines["text"].str.strip() != "").all()
    assert doc.meta.page_labels == ["i", "1", "2", "3", "4", "5"]
    assert [e.title for e in doc.meta.outline][:2] == ["Letter to shareholders", "Financial highlights"]
    assert doc.meta.title.startswith("Northwind Outfitters")


def test_table_cells_are_joined_to_their_row():
    text = "Net income\n \n$\n5,363\n \n$\n4,869\nDepreciation\n \n(1,488)\nA sentence with 2018 in it.\n2018"
    assert split_page_text(text) == [
        "Net income $ 5,363 $ 4,869",
        "Depreciation (1,488)",
        "A sentence with 2018 in it. 2018",
    ]


def test_second_ingest_hits_the_cache_and_cache_is_json(corpus_pdf, isolated_env):
    first = ingest(corpus_pdf).documents[0]
    second = ingest(corpus_pdf).documents[0]
    assert not first.cache_hit and second.cache_hit
    assert second.lines.equals(first.lines)
    entries = list((isolated_env / "cache").rglob("*.json"))
    assert len(entries) == 1
    json.loads(entries[0].read_text())  # plain JSON, no pickle


def test_same_file_twice_in_one_run_is_parsed_once(corpus_pdf, tmp_path):
    copy = tmp_path / "copy.pdf"
    copy.write_bytes(corpus_pdf.read_bytes())
    ingestor = Ingestor(load_settings())
    report = ingestor.ingest([corpus_pdf, copy])
    assert [d.meta.doc_id for d in report.documents] == ["northwind-annual-report-2025", "copy"]
    assert not any(d.cache_hit for d in report.documents)
    again = ingestor.ingest([corpus_pdf]).documents[0]  # from memory: still "parsed by this run", not a cache hit
    assert again.cache_hit is False and again.lines.equals(report.documents[0].lines)
    assert Ingestor(load_settings()).ingest([corpus_pdf]).documents[0].cache_hit  # the next run reads the cache


def test_folder_means_every_pdf_inside(make_pdf, tmp_path):
    make_pdf("a.pdf", [["Alpha document with enough text to count as text."]])
    make_pdf("b.pdf", [["Beta document with enough text to count as text."]])
    (tmp_path / "docs" / "notes.txt").write_text("not a pdf")
    report = ingest(tmp_path / "docs")
    assert [d.meta.doc_id for d in report.documents] == ["a", "b"]


@pytest.mark.usefixtures("each_extractor")
def test_pages_without_text_are_warned_and_the_rest_kept(make_pdf):
    path = make_pdf(
        "mixed.pdf",
        [
            ["Page one has real text about revenue and costs."],
            Page(image_only=True),
            ["Page three has more text about the refund policy."],
        ],
    )
    doc = ingest(path).documents[0]
    assert [(w.page, w.kind) for w in doc.meta.warnings] == [(2, "no_text")]
    assert sorted(doc.lines["page"].unique()) == [1, 3]


@needs_shared
@pytest.mark.usefixtures("each_extractor")
def test_real_odd_pdfs_two_column_arabic_outline():
    report = ingest(SAMPLES / "multicolumn.pdf", SAMPLES / "habibi.pdf", SAMPLES / "pdflatex-outline.pdf")
    assert not report.failures
    by_id = {d.meta.doc_id: d for d in report.documents}
    assert by_id["multicolumn"].meta.n_pages == 3 and by_id["multicolumn"].meta.n_lines > 50
    assert "habibi" in " ".join(by_id["habibi"].lines["text"])
    assert by_id["pdflatex-outline"].meta.outline


# ------------------------------------------------------------------------- bad input


def _only_failure(report):
    assert not report.documents
    assert len(report.failures) == 1
    return report.failures[0]


def test_missing_file(tmp_path):
    failure = _only_failure(ingest(tmp_path / "nope.pdf"))
    assert failure.error["type"] == "DocumentNotFoundError" and "nope.pdf" in failure.message


def test_folder_without_pdfs(tmp_path):
    (tmp_path / "empty").mkdir()
    failure = _only_failure(ingest(tmp_path / "empty"))
    assert "holds no PDF" in failure.message


@pytest.mark.parametrize(
    "content,expected",
    [
        (b"<!DOCTYPE html><html><body>Annual report</body></html>", "HTML, not a PDF"),
        (b"just some text, renamed to .pdf\n", "not a PDF"),
        (b"", "empty (0 bytes)"),
    ],
)
def test_not_a_pdf(tmp_path, content, expected):
    path = tmp_path / "fake.pdf"
    path.write_bytes(content)
    failure = _only_failure(ingest(path))
    assert failure.error["type"] == "NotAPDFError" and expected in failure.message and "fake.pdf" in failure.message


@pytest.mark.usefixtures("each_extractor")
def test_truncated_pdf(tmp_path, corpus_pdf):
    path = tmp_path / "truncated.pdf"
    path.write_bytes(corpus_pdf.read_bytes()[:700])
    failure = _only_failure(ingest(path))
    assert failure.error["type"] in ("CorruptPDFError", "NoTextError")
    assert "truncated.pdf" in failure.message


@needs_shared
@pytest.mark.usefixtures("each_extractor")
def test_encrypted_needs_password_then_wrong_then_right():
    path = SAMPLES / "libreoffice-writer-password.pdf"
    failure = _only_failure(ingest(path))
    assert failure.error["type"] == "EncryptedPDFError" and "--password" in failure.message
    failure = _only_failure(ingest(path, password="not-it"))
    assert "wrong password" in failure.message
    doc = ingest(path, password="openpassword").documents[0]
    assert doc.meta.n_lines > 0


@pytest.mark.usefixtures("each_extractor")
def test_empty_user_password_opens_without_flag(tmp_path, corpus_pdf):
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(corpus_pdf))
    writer.encrypt(user_password="", owner_password="owner-secret", algorithm="AES-128")
    path = tmp_path / "permissions-only.pdf"
    with path.open("wb") as handle:
        writer.write(handle)
    assert pypdf.PdfReader(path).is_encrypted
    doc = ingest(path).documents[0]
    assert "refund" in " ".join(doc.lines["text"]).lower()


@needs_shared
@pytest.mark.usefixtures("each_extractor")
def test_scanned_pdfs_say_ocr_is_needed(make_pdf):
    made = make_pdf("scan.pdf", [Page(image_only=True), Page(image_only=True)])
    for path in (made, SAMPLES / "imagemagick-images.pdf"):
        failure = _only_failure(ingest(path))
        assert failure.error["type"] == "NoTextError"
        assert "looks scanned" in failure.message and "OCR" in failure.message


@needs_shared
@pytest.mark.usefixtures("each_extractor")
def test_bad_files_do_not_stop_good_ones_and_leave_no_cache_debris(tmp_path, corpus_pdf, isolated_env):
    bad = tmp_path / "bad.pdf"
    bad.write_text("<html>nope</html>")
    report = ingest(bad, corpus_pdf, SAMPLES / "libreoffice-writer-password.pdf")
    assert [d.meta.doc_id for d in report.documents] == ["northwind-annual-report-2025"]
    assert len(report.failures) == 2
    cache_files = list((isolated_env / "cache").rglob("*"))
    assert [p.name for p in cache_files if p.is_file() and p.name.startswith(".tmp")] == []
    assert len([p for p in cache_files if p.suffix == ".json"]) == 1


def test_corrupt_cache_entry_is_reparsed(corpus_pdf, isolated_env):
    ingest(corpus_pdf)
    entry = next((isolated_env / "cache").rglob("*.json"))
    entry.write_text("{not json")
    doc = ingest(corpus_pdf).documents[0]
    assert not doc.cache_hit and doc.meta.n_lines > 0
    json.loads(entry.read_text())


# ------------------------------------------------------------------------------ CLI


def test_cli_ingest_reports_and_exits_nonzero_on_bad_files(run_cli, corpus_pdf, tmp_path):
    bad = tmp_path / "zero.pdf"
    bad.write_bytes(b"")
    code, out, err = run_cli("ingest", corpus_pdf, bad)
    assert code == 3
    assert "northwind-annual-report-2025: 6 pages" in out and "cache miss" in out
    assert err.count("error:") == 1 and "zero.pdf" in err and " — " in err
    code, out, _ = run_cli("ingest", corpus_pdf, "--json")
    data = json.loads(out)
    assert code == 0 and data["documents"][0]["cache_hit"] is True and data["failures"] == []


def test_cli_missing_path_is_one_line_error(run_cli):
    code, out, err = run_cli("ingest", "missing.pdf")
    assert (
        code == 3 and err.strip().startswith("error: missing.pdf: no such file") and len(err.strip().splitlines()) == 1
    )


@needs_shared
def test_real_filing_line_table_and_answer(run_cli):
    pdf = FINANCEBENCH / "pdfs" / "PEPSICO_2023_8K_dated-2023-05-05.pdf"
    doc = ingest(pdf).documents[0]
    assert doc.meta.n_pages == 5
    assert "Date of Report (Date of earliest event reported): May 3, 2023" in doc.page_text(1)
    code, out, _ = run_cli("ask", "What is the date of the report?", pdf, "--json")
    data = json.loads(out)
    assert code == 0 and data["verification"]["status"] == "verified"
    assert any(i["date"]["iso"] == "2023-05-03" for i in data["answer"]["items"])


def test_a_folder_of_bad_files_prints_nothing_on_stdout(run_cli, tmp_path, corpus_pdf):
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "fake.pdf").write_bytes(b"just some text, renamed to .pdf\n")
    code, out, err = run_cli("ingest", folder)
    assert code == 3 and out == "" and err.startswith("error: ") and "fake.pdf" in err
    (folder / "good.pdf").write_bytes(corpus_pdf.read_bytes())  # one good file: its line, and the error
    code, out, err = run_cli("ingest", folder)
    assert code == 3 and out.startswith("good: 6 pages") and out.count("\n") == 1 and "fake.pdf" in err


def _patched(path: Path, old: bytes, new: bytes) -> Path:
    """The PDF with *old* replaced by *new* padded to the same length (offsets stay valid)."""
    data = path.read_bytes()
    assert old in data and len(new) <= len(old)
    path.write_bytes(data.replace(old, new.ljust(len(old))))
    return path


def test_what_cannot_be_read_is_left_out_with_a_warning(make_pdf, run_cli):
    pages = [Page(["Acme annual report: the first page of text."]), Page(["The second page has the results."])]
    pdf = make_pdf("outline.pdf", pages, title="Acme Report", outline=[("Intro", 0), ("Results", 1)])
    _patched(pdf, b"/Dest [7 0 R /Fit]", b"/Dest 7")  # the second bookmark points nowhere
    code, out, _ = run_cli("ingest", pdf, "--json")
    meta = json.loads(out)["documents"][0]
    assert code == 0 and [e["title"] for e in meta["outline"]] == ["Intro"]
    message = "1 bookmark(s) of the PDF outline point to no page, left out: 'Results'"
    assert meta["warnings"] == [{"page": 0, "kind": "skipped", "message": message}]
    info = make_pdf("info.pdf", pages, title="Acme Report")
    _patched(info, b"<< /Title (Acme Report) /Producer (docintel pdfwriter) >>", b"[1 2]")  # not a dictionary
    code, out, _ = run_cli("ingest", info, "--json", "--extractor", "pypdf")  # pypdf reads the metadata dictionary
    meta = json.loads(out)["documents"][0]
    assert code == 0 and meta["title"] == "info"  # the file name, since the metadata cannot be read
    assert [(w["page"], w["kind"]) for w in meta["warnings"]] == [(0, "skipped")]
    assert meta["warnings"][0]["message"].startswith("the PDF metadata (title, author, dates) could not be read")
    code, out, _ = run_cli("ingest", info, "--extractor", "pypdf")
    assert "  warning: document: the PDF metadata (title, author, dates) could not be read" in out
