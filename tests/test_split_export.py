"""A large PDF split by page ranges across ingest workers gives exactly the document a whole parse gives, and
``ingest --export DIR`` writes Parquet line tables, all or none.

Real PDFs: the sample report, the shared samples and a shared 10-K; the split is forced onto small files by a
small DOCINTEL_INGEST_SPLIT_PAGES, so the tests stay fast.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from docintel.ingest.documents import Document, Ingestor
from docintel.ingest.parsing import FileParser, page_ranges
from docintel.progress import SILENT
from docintel.settings import load_settings
from tests.conftest import FINANCEBENCH, ROOT, SAMPLES, needs_shared

pq = pytest.importorskip("pyarrow.parquet", reason='pyarrow is not installed: pip install ".[test]" (or "[export]")')


def _ingest(paths: list[Path], cache_dir: Path, workers: int, split_pages: int = 40, **more: object):
    settings = load_settings({"cache_dir": cache_dir, "ingest_workers": workers, "ingest_split_pages": split_pages})
    return Ingestor(settings.model_copy(update=more)).ingest(paths)


def _whole(document: Document) -> dict[str, object]:
    """Everything a document is: metadata, line table, boxes, tables, facts."""
    return {
        "meta": document.meta.model_dump(),
        "lines": document.lines.to_dict("list"),
        "boxes": document.boxes,
        "tables": document.table_data,
        "facts": [fact.model_dump() for fact in document.facts],
    }


def _cache_entries(cache_dir: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((cache_dir / "lines").rglob("*.json"))}


def test_page_ranges_cover_every_page_once_in_pieces_of_at_least_the_setting():
    assert page_ranges(215, 2, 40) == [(1, 108), (109, 215)]
    assert page_ranges(79, 2, 40) == [(1, 79)]  # under twice the setting: whole
    assert page_ranges(80, 2, 40) == [(1, 40), (41, 80)]
    assert page_ranges(500, 1, 40) == [(1, 500)]  # one worker: whole
    assert page_ranges(500, 4, 0) == [(1, 500)]  # 0: never split
    for n_pages, workers, least in ((7, 3, 2), (100, 3, 10), (6, 2, 3), (1000, 7, 40)):
        ranges = page_ranges(n_pages, workers, least)
        assert [p for first, last in ranges for p in range(first, last + 1)] == list(range(1, n_pages + 1))
        assert all(last - first + 1 >= least for first, last in ranges) and len(ranges) <= workers


def test_small_pdfs_and_many_files_stay_whole_and_pypdf_never_splits(corpus_pdf, tmp_path):
    settings = load_settings({"cache_dir": tmp_path / "c", "ingest_workers": 2})  # defaults: 40 pages a piece
    items, splits = FileParser(settings, None, SILENT).plan([corpus_pdf], 2, ("never", "tesseract", "eng", 1))
    assert not splits and [item[4] for item in items] == [None]
    small = settings.model_copy(update={"ingest_split_pages": 2})
    items, splits = FileParser(small, None, SILENT).plan([corpus_pdf], 2, ("never", "tesseract", "eng", 1))
    # up to three pieces per worker, each of at least the setting's pages: a worker done early takes the next
    assert sorted(item[4] for item in items if item[4]) == [(1, 2), (3, 4), (5, 6)] and corpus_pdf in splits
    many = [corpus_pdf.parent / "x.pdf"] * 3 + [corpus_pdf]  # four files for two workers: they keep them busy
    items, splits = FileParser(small, None, SILENT).plan(many, 2, ("never", "tesseract", "eng", 1))
    assert not splits and [item[4] for item in items] == [None] * 4
    reference = small.model_copy(update={"extractor": "pypdf"})
    items, splits = FileParser(reference, None, SILENT).plan([corpus_pdf], 2, ("never", "tesseract", "eng", 1))
    assert not splits and [item[4] for item in items] == [None]


def test_split_parse_of_the_sample_report_and_shared_samples_equals_the_whole_parse(corpus_pdf, tmp_path):
    files = [corpus_pdf] + [SAMPLES / n for n in ("multicolumn.pdf", "pdflatex-outline.pdf") if (SAMPLES / n).exists()]
    serial = _ingest(files, tmp_path / "serial", workers=1)
    split = _ingest(files, tmp_path / "split", workers=3, split_pages=1)  # pieces of 2 pages, 1-2 pages, ...
    assert not serial.failures and not split.failures
    assert [_whole(d) for d in split.documents] == [_whole(d) for d in serial.documents]
    assert _cache_entries(tmp_path / "split") == _cache_entries(tmp_path / "serial")  # byte for byte
    assert split.documents[0].meta.page_labels and any(d.meta.outline for d in split.documents)


@needs_shared
def test_split_parse_of_a_10k_equals_the_whole_parse(tmp_path):
    filing = FINANCEBENCH / "pdfs" / "NETFLIX_2015_10K.pdf"  # 72 pages: two pieces of 36
    serial = _ingest([filing], tmp_path / "serial", workers=1)
    split = _ingest([filing], tmp_path / "split", workers=2, split_pages=30)
    assert _whole(split.documents[0]) == _whole(serial.documents[0])
    assert _cache_entries(tmp_path / "split") == _cache_entries(tmp_path / "serial")
    doc = split.documents[0]
    assert doc.meta.n_pages == 72 and len(doc.tables) > 20 and len(doc.facts) > 500


def test_a_split_encrypted_pdf_needs_its_password_as_a_whole_one_does(corpus_pdf, tmp_path):
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(corpus_pdf))
    writer.encrypt(user_password="s3cret-pw", owner_password="owner-pw", algorithm="AES-128")
    path = tmp_path / "locked.pdf"
    with path.open("wb") as handle:
        writer.write(handle)
    refused = _ingest([path], tmp_path / "a", workers=2, split_pages=2)
    assert [f.error["type"] for f in refused.failures] == ["EncryptedPDFError"]
    settings = load_settings({"cache_dir": tmp_path / "b", "ingest_workers": 1})
    serial = Ingestor(settings, "s3cret-pw").ingest([path])
    split_settings = settings.model_copy(
        update={"cache_dir": tmp_path / "c", "ingest_workers": 2, "ingest_split_pages": 2}
    )
    split = Ingestor(split_settings, "s3cret-pw").ingest([path])
    assert _whole(split.documents[0]) == _whole(serial.documents[0]) and split.documents[0].meta.needs_password


@needs_shared
def test_a_split_pdf_without_text_fails_once_with_the_whole_parse_error(tmp_path):
    images = SAMPLES / "imagemagick-images.pdf"  # six pages of images, no text layer
    serial = _ingest([images], tmp_path / "a", workers=1, ocr="never")
    split = _ingest([images], tmp_path / "b", workers=2, split_pages=3, ocr="never")
    assert [f.model_dump() for f in split.failures] == [f.model_dump() for f in serial.failures]
    assert [f.error["type"] for f in split.failures] == ["NoTextError"]


def test_a_piece_past_the_time_limit_fails_its_file_once(corpus_pdf, tmp_path):
    report = _ingest([corpus_pdf], tmp_path / "a", workers=2, split_pages=2, parse_timeout_s=0.001)
    assert [f.error["type"] for f in report.failures] == ["ParseTimeoutError"] and not report.documents


@pytest.mark.skipif(not __import__("shutil").which("tesseract"), reason="Tesseract is not installed (tesseract-ocr)")
def test_a_split_pdf_with_a_scanned_page_is_read_whole_with_ocr(corpus_pdf, tmp_path):
    from scripts.scanpdf import scan_copy

    mixed = scan_copy(corpus_pdf, tmp_path / "docs" / "mixed.pdf", pages=[5])
    serial = _ingest([mixed], tmp_path / "a", workers=1, ocr="auto")
    split = _ingest([mixed], tmp_path / "b", workers=2, split_pages=3, ocr="auto")
    assert split.documents[0].meta.ocr is not None and split.documents[0].meta.ocr.pages == [5]
    one, other = _whole(split.documents[0]), _whole(serial.documents[0])
    for whole in (one, other):
        whole["meta"]["ocr"].pop("seconds")  # type: ignore[index, union-attr]
    assert one == other


# --- ingest --export DIR -------------------------------------------------------------------------------


def test_export_writes_one_parquet_line_table_per_document(run_cli, corpus_pdf, tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    for name in ("a.pdf", "b.pdf"):
        (folder / name).write_bytes(corpus_pdf.read_bytes())
    code, out, err = run_cli("ingest", folder, "--export", tmp_path / "lines", "--json")
    assert code == 0, err
    documents = json.loads(out)["documents"]
    assert [Path(d["export"]).name for d in documents] == ["a.parquet", "b.parquet"]
    doc = _ingest([folder / "a.pdf"], tmp_path / "cache", workers=1).documents[0]
    table = pq.read_table(tmp_path / "lines" / "a.parquet")
    assert table.column_names == [
        "doc_id", "content_hash", "extractor_version", "page", "line_in_page", "global_line", "text",
        "x0", "y0", "x1", "y1",
    ]  # fmt: skip
    rows = table.to_pydict()
    assert rows["text"] == doc.lines["text"].tolist() and rows["page"] == doc.lines["page"].tolist()
    assert rows["line_in_page"] == doc.lines["line_in_page"].tolist()
    assert rows["global_line"] == list(range(1, doc.meta.n_lines + 1))
    assert set(rows["doc_id"]) == {"a"} and set(rows["content_hash"]) == {doc.meta.content_hash}
    assert [list(b) for b in zip(rows["x0"], rows["y0"], rows["x1"], rows["y1"], strict=True)] == doc.boxes
    described = json.loads(table.schema.metadata[b"docintel.export"])
    assert described["n_lines"] == doc.meta.n_lines and described["content_hash"] == doc.meta.content_hash
    assert sorted(p.name for p in (tmp_path / "lines").iterdir()) == ["a.parquet", "b.parquet"]  # no temporary left
    code, out, _ = run_cli("ingest", folder, "--export", tmp_path / "lines")  # again: its own files are replaced
    assert code == 0 and "exported 2 line tables (Parquet)" in out


def test_export_with_pypdf_has_no_boxes(run_cli, corpus_pdf, tmp_path):
    code, _, err = run_cli("ingest", corpus_pdf, "--export", tmp_path / "out", "--extractor", "pypdf")
    assert code == 0, err
    rows = pq.read_table(tmp_path / "out" / f"{corpus_pdf.stem}.parquet").to_pydict()
    assert rows["x0"] == [None] * len(rows["text"]) and rows["extractor_version"][0].startswith("pypdf")


def test_export_to_a_file_in_place_of_the_folder_writes_nothing(run_cli, corpus_pdf, tmp_path):
    blocker = tmp_path / "lines"
    blocker.write_text("not a folder")
    code, out, err = run_cli("ingest", corpus_pdf, "--export", blocker)
    assert code == 7 and "it is a file, not a folder" in err and "--export" in err and out == ""
    assert blocker.read_text() == "not a folder"
    assert not (tmp_path / "cache" / "lines").exists()  # said before anything was parsed
    code, _, err = run_cli("ingest", corpus_pdf, "--export", blocker / "below")
    assert code == 7 and "is a file, not a folder" in err


def test_export_never_replaces_a_file_it_did_not_write_and_writes_none_then(run_cli, corpus_pdf, tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    for name in ("a.pdf", "b.pdf"):
        (folder / name).write_bytes(corpus_pdf.read_bytes())
    out_dir = tmp_path / "lines"
    out_dir.mkdir()
    (out_dir / "b.parquet").write_text("someone else's file")
    code, _, err = run_cli("ingest", folder, "--export", out_dir)
    assert code == 7 and "b.parquet is there and is not a docintel export; nothing was written" in err
    assert sorted(p.name for p in out_dir.iterdir()) == ["b.parquet"]  # a.parquet not written either
    assert (out_dir / "b.parquet").read_text() == "someone else's file"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_export_to_a_read_only_folder_is_refused_before_parsing(run_cli, corpus_pdf, tmp_path):
    out_dir = tmp_path / "lines"
    out_dir.mkdir()
    out_dir.chmod(0o500)
    try:
        code, _, err = run_cli("ingest", corpus_pdf, "--export", out_dir)
    finally:
        out_dir.chmod(0o700)
    assert code == 7 and "not writable" in err and not list(out_dir.iterdir())


def test_export_without_pyarrow_names_the_extra_and_parses_nothing(corpus_pdf, tmp_path):
    program = (
        "import sys; sys.modules['pyarrow'] = None  # as if it were not installed: its import fails\n"
        "from docintel.cli.main import main; sys.exit(main(sys.argv[1:]))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DOCINTEL_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run(
        [sys.executable, "-c", program, "ingest", str(corpus_pdf), "--export", str(tmp_path / "lines")],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 4 and 'pip install "docintel[export]"' in done.stderr and "pyarrow" in done.stderr
    assert done.stderr.startswith("error: ") and not (tmp_path / "lines").exists()
    assert not (tmp_path / "cache").exists()


def test_export_help_describes_the_columns_and_the_extra(capsys):
    from docintel.cli import main

    with pytest.raises(SystemExit):
        main(["ingest", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for words in (
        "--export DIR",
        "line_in_page, global_line, text",
        "content_hash",
        'pip install "docintel[export]"',
        "All or none",
        "DOCINTEL_INGEST_SPLIT_PAGES",
        "7 --export cannot write",
    ):
        assert words in shown, words
