"""The pdfium extractor: line boxes where the text is, reading order (two columns, superscript markers),
the extractor in the cache key and in traces (and used by traces verify), and ``docintel page``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from docintel.ingest.cache import cache_summary, clear_cache
from docintel.ingest.documents import Ingestor
from docintel.ingest.pages import render_page
from docintel.settings import load_settings
from docintel.traces.model import DocumentRecord
from scripts.pdfwriter import Page, Text, write_pdf
from tests.conftest import SAMPLES, needs_shared

PAGE_W, PAGE_H = 612, 792


def read(path: Path, extractor: str = "pdfium", password: str | None = None):
    report = Ingestor(load_settings({"extractor": extractor}), password).ingest([path])
    assert not report.failures, report.failures
    return report.documents[0]


def placed(tmp_path: Path, name: str, texts: list[Text]) -> Path:
    return write_pdf(tmp_path / name, [Page([], texts=texts)])


def test_each_line_box_holds_its_text_and_no_other_line(tmp_path):
    runs = [
        Text(72, 700, "Revenue was 5,363 million dollars in 2023", 12),
        Text(72, 684, "Costs were lower than the year before", 12),
        Text(300, 640, "Indented note on the right half", 9),
        Text(72, 600, "A big heading", 20),
        Text(72, 560, "Small print at the bottom", 7),
    ]
    doc = read(placed(tmp_path, "known.pdf", runs))
    assert list(doc.lines["text"]) == [r.text for r in runs]
    assert doc.meta.page_sizes == [(PAGE_W, PAGE_H)]
    for number, run in enumerate(runs, start=1):
        x0, y0, x1, y1 = doc.line_box(number)
        width = 0.6 * run.size * len(run.text)  # Helvetica averages about half an em per character
        assert abs(x0 - run.x) < 1 and run.x + 0.5 * width < x1 < run.x + 1.2 * width
        assert y0 < run.y < y1 and y1 - y0 < 1.5 * run.size  # the baseline inside, about one line tall
        assert y1 > run.y + 0.6 * run.size and y0 > run.y - 0.4 * run.size  # capitals in, descenders in
        for other in runs:
            if other is not run:  # no other line's baseline point lies in this box
                assert not (x0 <= other.x + 1 <= x1 and y0 <= other.y <= y1)


def test_two_columns_are_read_left_then_right_whatever_the_content_order(tmp_path):
    left = [f"Left column line {i} has several words in it" for i in range(1, 7)]
    right = [f"Right column line {i} also has words to read" for i in range(1, 7)]
    runs = [Text(72, 720, "A Title That Runs Across Both Columns Of This Page", 14)]
    runs += [Text(320, 680 - 14 * i, t) for i, t in enumerate(right)]  # the right column is drawn first
    runs += [Text(72, 680 - 14 * i, t) for i, t in enumerate(left)]
    runs += [Text(72, 560, "A closing line below both columns")]
    path = placed(tmp_path, "columns.pdf", runs)
    doc = read(path)
    assert list(doc.lines["text"]) == [runs[0].text, *left, *right, "A closing line below both columns"]
    assert doc.line_box(2)[2] < 306 < doc.line_box(8)[0]  # each column's lines stay in their half
    # pypdf, the reference, reads in content order: the right column first
    assert list(read(path, "pypdf").lines["text"])[1:3] == right[:2]


def test_two_columns_with_a_small_table_in_one_are_still_columns(tmp_path):
    left = [f"Left paragraph line {i} with several words in it" for i in range(1, 9)]
    right = [f"Right paragraph line {i} with other words to read" for i in range(1, 13)]
    runs = [Text(320, 700 - 14 * i, t) for i, t in enumerate(right)]
    runs += [Text(60, 700 - 14 * i, t) for i, t in enumerate(left)]
    for i, (label, a, b) in enumerate([("Shares", "5.0", "39.5"), ("Price", "$ 622", "$ 6,201"), ("Total", "7", "8")]):
        y = 570 - 14 * i  # a small table under the left paragraph, beside the right column's text
        runs += [Text(60, y, label), Text(200, y, a), Text(250, y, b)]
    doc = read(placed(tmp_path, "mixed.pdf", runs))
    texts = list(doc.lines["text"])
    assert texts[:8] == left and texts[8:11] == ["Shares 5.0 39.5", "Price $ 622 $ 6,201", "Total 7 8"]
    assert texts[11:] == right


def test_a_table_row_is_one_line_not_two_columns(tmp_path):
    rows = [("Net revenue", "5,363", "4,869"), ("Cost of sales", "2,100", "1,950"), ("Gross profit", "3,263", "2,919")]
    runs = [Text(72, 700, "(in millions) 2023 2022")]
    for i, (label, a, b) in enumerate(rows * 3):
        runs += [Text(72, 680 - 14 * i, label), Text(380, 680 - 14 * i, a), Text(480, 680 - 14 * i, b)]
    doc = read(placed(tmp_path, "table.pdf", runs))
    assert list(doc.lines["text"])[1:4] == [" ".join(r) for r in rows]


def test_superscript_markers_stay_on_their_line(tmp_path):
    text = "Revenue grew strongly this year"
    runs = [
        Text(72, 700, text),
        Text(72 + 4.9 * len(text) + 1, 704, "1", 6),  # a raised, smaller footnote marker after the sentence
        Text(72, 686, "The next line of the paragraph"),
        Text(72, 100, "1", 6),
        Text(76, 96, "Footnote text explains the revenue"),
    ]
    doc = read(placed(tmp_path, "marker.pdf", runs))
    assert list(doc.lines["text"]) == [
        f"{text} 1",
        "The next line of the paragraph",
        "1Footnote text explains the revenue",
    ]
    x0, y0, x1, y1 = doc.line_box(1)
    assert y1 >= 704 + 6 * 0.6 and x1 > 72 + 4.9 * len(text)  # the marker is inside its line's box


def test_extractor_is_in_the_cache_key_and_the_document(corpus_pdf):
    first = {e: read(corpus_pdf, e) for e in ("pypdf", "pdfium")}
    assert not any(d.cache_hit for d in first.values())  # one extractor's cache never serves the other
    again = {e: read(corpus_pdf, e) for e in ("pypdf", "pdfium")}
    assert all(d.cache_hit for d in again.values())
    assert again["pdfium"].meta.extractor == "pdfium" and again["pdfium"].meta.extractor_version.startswith("pdfium")
    assert again["pypdf"].meta.extractor == "pypdf" and again["pypdf"].boxes is None
    assert again["pdfium"].boxes is not None and len(again["pdfium"].boxes) == again["pdfium"].meta.n_lines


@needs_shared
def test_pdfium_checks_the_password_also_when_the_document_is_cached():
    path = SAMPLES / "libreoffice-writer-password.pdf"
    settings = load_settings({"extractor": "pdfium"})
    doc = Ingestor(settings, "openpassword").ingest([path]).documents[0]
    assert doc.meta.needs_password and doc.meta.n_lines > 0 and doc.boxes
    for password, says in ((None, "pass it with --password"), ("not-it", "wrong password")):
        report = Ingestor(settings, password).ingest([path])  # the line table is cached now
        assert not report.documents and says in report.failures[0].message
    assert Ingestor(settings, "openpassword").ingest([path]).documents[0].cache_hit


def test_cli_extractor_flag_and_setting(run_cli, corpus_pdf, monkeypatch, capsys):
    code, out, _ = run_cli("ingest", corpus_pdf, "--json", "--lines")
    data = json.loads(out)["documents"][0]
    assert code == 0 and data["extractor"] == "pdfium" and len(data["page_sizes"]) == data["n_pages"]  # the default
    assert all(len(line["bbox"]) == 4 for line in data["lines"])
    monkeypatch.setenv("DOCINTEL_EXTRACTOR", "pypdf")
    code, out, _ = run_cli("ingest", corpus_pdf, "--json", "--lines")
    data = json.loads(out)["documents"][0]
    assert code == 0 and data["extractor"] == "pypdf" and data["page_sizes"] is None
    assert "bbox" not in data["lines"][0]
    code, out, _ = run_cli("ingest", corpus_pdf, "--json", "--extractor", "pdfium")  # the flag wins
    assert json.loads(out)["documents"][0]["extractor"] == "pdfium"
    code, _, err = run_cli("ingest", corpus_pdf, "--extractor", "ocr")
    assert code == 2 and "invalid choice" in err
    for command in ("ingest", "ask", "context", "batch", "index"):
        assert "--extractor {pdfium,pypdf}" in _help(capsys, command)
    assert "--extractor" not in _help(capsys, "traces", "verify")  # a trace's own extractor decides there


def _help(capsys, *command: str) -> str:
    from docintel.cli import main

    capsys.readouterr()
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    return capsys.readouterr().out


# ------------------------------------------------------------------------------ traces


def columns_pdf(tmp_path: Path) -> Path:
    """A page whose right column is drawn first: pypdf and pdfium number its lines differently."""
    left = [f"Left line {i} says the refund window is {20 + i} days for members" for i in range(1, 6)]
    right = [f"Right line {i} says shipping takes {i + 2} business days to arrive" for i in range(1, 6)]
    runs = [Text(320, 680 - 14 * i, t, 8) for i, t in enumerate(right)]
    runs += [Text(60, 680 - 14 * i, t, 8) for i, t in enumerate(left)]
    return placed(tmp_path, "policy.pdf", runs)


def test_traces_record_the_extractor_and_verify_reads_with_it(run_cli, tmp_path, monkeypatch):
    path = columns_pdf(tmp_path)
    monkeypatch.setenv("DOCINTEL_EXTRACTOR", "pypdf")
    code, out, _ = run_cli("ask", "How many business days does shipping take?", path, "--json")
    assert code == 0, out
    result = json.loads(out)
    trace_file = next((tmp_path / "traces").rglob(f"*{result['trace_id']}*.json"))
    trace = json.loads(trace_file.read_text())
    assert trace["documents"][0]["extractor"] == "pypdf" and trace["settings"]["extractor"] == "pypdf"
    assert trace["documents"][0]["extractor_version"].startswith("pypdf")
    assert trace["verification"]["status"] == "verified"
    # verify and replay run where the extractor is pdfium, whose line numbers differ here
    monkeypatch.setenv("DOCINTEL_EXTRACTOR", "pdfium")
    code, out, _ = run_cli("traces", "verify", result["trace_id"], "--json")
    report = json.loads(out)
    assert code == 0 and report["status_after"] == "verified" and report["changes"] == []
    code, out, _ = run_cli("traces", "replay", result["trace_id"], "--json")
    assert code == 0
    replayed = json.loads(out)
    new = json.loads(next((tmp_path / "traces").rglob(f"*{replayed['trace_id']}*.json")).read_text())
    assert new["documents"][0]["extractor"] == "pypdf"


def test_old_trace_records_read_as_pypdf():
    record = {
        "doc_id": "a",
        "path": "/x/a.pdf",
        "content_hash": "0" * 64,
        "title": "a",
        "n_pages": 1,
        "n_lines": 3,
        "extractor_version": "pypdf6.1.0-l3",
        "cache_hit": False,
        "warnings": [],
    }
    assert DocumentRecord.model_validate(record).extractor == "pypdf"
    assert DocumentRecord.model_validate({**record, "extractor_version": "pdfium5.15.2-l1"}).extractor == "pdfium"


# ------------------------------------------------------------------------------- pages


def pixels(png: bytes):
    """Decode a PNG with an independent reader (Pillow, which matplotlib brings)."""
    image_module = pytest.importorskip("PIL.Image")
    import numpy as np

    image = image_module.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "RGB"
    return np.asarray(image)


def test_page_png_has_the_page_size_and_boxes_where_the_lines_are(run_cli, tmp_path):
    runs = [Text(72, 700 - 40 * i, f"Line number {i} of the page", 12) for i in range(5)]
    path = placed(tmp_path, "boxes.pdf", runs)
    out = tmp_path / "page.png"
    code, stdout, err = run_cli("page", path, 1, "--png", out, "--highlight", "2,4", "--dpi", 72, "--json")
    assert code == 0, err
    image = pixels(out.read_bytes())
    assert image.shape == (PAGE_H, PAGE_W, 3)  # 72 dpi: one pixel per point
    data = json.loads(stdout)
    assert data["highlighted"] == [2, 4] and set(data["line_boxes"]) == {"1", "2", "3", "4", "5"}
    for number, run in enumerate(runs, start=1):
        left, top, right, bottom = data["line_boxes"][str(number)]
        assert abs(left - run.x) <= 1 and top < PAGE_H - run.y < bottom  # the baseline, flipped to image rows
        blank = image[top - 8, (left + right) // 2]  # just above the box: page background or the box edge
        inside = image[top + 2 : bottom - 1, left + 1 : right - 1].reshape(-1, 3).astype(int)
        yellow = ((inside[:, 0] - inside[:, 2]) > 40).mean()  # red well above blue: tinted (gray text is neutral)
        if number in (2, 4):
            assert yellow > 0.5  # tinted, text still dark on it
            assert tuple(image[top - 2, (left + right) // 2]) == (220, 60, 0)  # the outline
        else:
            assert yellow == 0 and tuple(blank) == (255, 255, 255)
    assert (image[600:, :] == 255).all()  # nothing drawn where there is no line


def test_render_page_api_caches_the_rendering(tmp_path, isolated_env):
    path = placed(tmp_path, "api.pdf", [Text(72, 700, "Only line on the page", 12)])
    image = render_page(path, 1, [1])
    assert image.width == 1224 and image.height == 1584 and image.highlighted == [1]  # 144 dpi by default
    cached = list((isolated_env / "cache" / "pages").rglob("*.rgbz"))
    assert len(cached) == 1
    again = render_page(path, 1)
    assert again.line_boxes == image.line_boxes and again.png != image.png  # same page, not boxed this time
    assert len(list((isolated_env / "cache" / "pages").rglob("*.rgbz"))) == 1
    assert cache_summary(isolated_env / "cache")["pages"]["files"] == 1
    clear_cache(isolated_env / "cache")  # docintel cache clear
    assert not (isolated_env / "cache" / "pages").exists()


def test_page_errors_are_one_clear_line(run_cli, tmp_path, corpus_pdf):
    out = tmp_path / "p.png"
    code, _, err = run_cli("page", corpus_pdf, 99, "--png", out)
    assert code == 3 and "page 99 does not exist" in err and "give a page from 1 to" in err
    code, _, err = run_cli("page", corpus_pdf, 2, "--png", out, "--highlight", "1")
    assert code == 3 and "line 1 is on page 1, not on page 2" in err
    code, _, err = run_cli("page", corpus_pdf, 1, "--png", out, "--highlight", "5-2")
    assert code == 2 and "--highlight" in err
    notes = tmp_path / "notes.txt"
    notes.write_text("keep me")
    code, _, err = run_cli("page", corpus_pdf, 1, "--png", notes)
    assert code == 2 and "not a PNG" in err and notes.read_text() == "keep me"
    code, _, err = run_cli("page", corpus_pdf, 1, "--png", corpus_pdf)
    assert code == 2 and "the PDF itself" in err
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, _, err = run_cli("page", corpus_pdf, 1, "--png", blocker / "p.png")
    assert code == 7 and "is a file, not a folder" in err
    assert not out.exists()


def test_page_boxes_lines_as_the_chosen_extractor_numbers_them(run_cli, tmp_path):
    path = columns_pdf(tmp_path)  # pypdf reads the right column first, pdfium the left one
    out = tmp_path / "p.png"
    code, stdout, err = run_cli(
        "page", path, 1, "--png", out, "--highlight", "1", "--json", "--dpi", 72, "--extractor", "pypdf"
    )
    assert code == 0, err
    left, _, right, _ = json.loads(stdout)["line_boxes"]["1"]
    assert left >= 319 and right > 500  # pypdf's line 1 ("Right line 1 ...") is boxed in the right column
    code, stdout, _ = run_cli("page", path, 1, "--png", out, "--highlight", "1", "--json", "--extractor", "pdfium")
    left, _, right, _ = json.loads(stdout)["line_boxes"]["1"]
    assert left < 130 and right < 612  # 144 dpi: pdfium's line 1 ("Left line 1 ...") starts at 60 pt
    image = pixels(out.read_bytes())
    assert ((image[:, :300, 0].astype(int) - image[:, :300, 2]) > 40).any()  # the tint is on the left


def test_unchecked_box_calls_give_pypdfium2s_boxes(tmp_path):
    """The per-character calls skip ctypes' argument conversion: same C function, same boxes, same result."""
    import pypdfium2
    import pypdfium2.raw as raw

    from docintel.ingest.pdfium import _Boxes

    path = placed(tmp_path, "boxes.pdf", [Text(72, 700, "Net sales $ 5,363 (1,577)", 12), Text(90, 500, "x² tiny", 6)])
    pdf = pypdfium2.PdfDocument(path)
    try:
        textpage = pdf[0].get_textpage()
        boxes, rect = _Boxes(textpage.raw), raw.FS_RECTF()
        n = textpage.count_chars()
        assert n > 20
        for index in [*range(n), n, n + 5, -1]:  # past the end and negative: both say no box
            found = raw.FPDFText_GetLooseCharBox(textpage.raw, index, rect)
            expected = (rect.left, min(rect.bottom, rect.top), rect.right, max(rect.bottom, rect.top))
            assert boxes(index) == (expected if found else None)
    finally:
        pdf.close()


# The line builder as its rules read (min/max, one box union per word): the fast one must give the same lines.
def _plain_fragments(words):
    from docintel.ingest.layout import _SAME_ROW, _WORD_GAP

    pieces: list[tuple[list[str], tuple[float, float, float, float]]] = []
    last = None
    for text, *box in words:
        if last is not None:
            h_last, h_word = last[3] - last[1], box[3] - box[1]
            height = max(h_last, h_word, 1.0)
            gap = box[0] - last[2]
            overlap = min(box[3], last[3]) - max(box[1], last[1])
            if -0.25 * height <= gap <= _WORD_GAP * height and overlap >= _SAME_ROW * min(h_last, h_word):
                texts, pbox = pieces[-1]
                texts.append(text)
                pieces[-1] = (
                    texts,
                    (min(pbox[0], box[0]), min(pbox[1], box[1]), max(pbox[2], box[2]), max(pbox[3], box[3])),
                )
                last = box
                continue
        pieces.append(([text], tuple(box)))
        last = box
    return pieces


def _plain_rows(pieces):
    from docintel.ingest.layout import _ROW_LOOKBACK, _SAME_ROW

    def share(a, b):
        return (min(a[3], b[3]) - max(a[1], b[1])) / max(min(a[3] - a[1], b[3] - b[1]), 1e-6)

    def union(a, b):
        return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))

    rows: list[tuple[tuple[float, ...], list]] = []
    for texts, box in sorted(pieces, key=lambda p: -(p[1][1] + p[1][3]) / 2):
        best, best_share = -1, _SAME_ROW
        for index in range(max(0, len(rows) - _ROW_LOOKBACK), len(rows)):
            if (s := share(rows[index][0], box)) >= best_share:
                best, best_share = index, s
        if best < 0:
            rows.append((box, [(texts, box)]))
        else:
            band, members = rows[best]
            members.append((texts, box))
            rows[best] = (union(band, box) if box[3] - box[1] >= band[3] - band[1] else band, members)
    lines = []
    for _, members in rows:
        members.sort(key=lambda p: p[1][0])
        box = members[0][1]
        for _, other in members[1:]:
            box = union(box, other)
        lines.append((" ".join(" ".join(t) for t, _ in members), box))
    return lines


def test_the_fast_line_builder_gives_the_lines_of_the_plain_rules():
    import random

    from docintel.ingest import layout

    rng = random.Random(23)
    for _ in range(600):
        words, x, y = [], 50.0, 700.0
        for _ in range(rng.randint(1, 60)):
            size = rng.choice([0.4, 0.8, 1.5, 6.0, 9.0, 9.0, 12.0, 20.0])  # below one point: the height floor
            if rng.random() < 0.2:  # a new row, sometimes back up the page or overlapping the last one
                x, y = rng.uniform(40, 400), y - rng.choice([-30.0, 0.0, 3.0, 6.0, 12.0, 40.0])
            width = size * rng.randint(1, 8) * 0.5
            rise = rng.choice([0.0, 0.0, 0.0, 2.0, -3.0, size * 0.4])  # superscripts and subscripts
            words.append((f"w{len(words)}", x, y + rise, x + width, y + rise + size))
            x += width + rng.choice([-2.0, 0.0, 1.2, 1.8, 2.5, 4.0, size * 1.5, 60.0])
        pieces = layout._fragments(words)
        plain = _plain_fragments(words)
        assert [(p.words, p.box) for p in pieces] == plain
        assert [(line.text, line.box) for line in layout._rows(pieces)] == _plain_rows(plain)


def test_page_without_png_prints_its_lines_and_json_gives_their_boxes(run_cli, corpus_pdf):
    code, out, err = run_cli("page", corpus_pdf, 2, "--highlight", "12")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith(f"{corpus_pdf.name} page 2 of ") and lines[0].endswith(" lines"), err
    assert lines[1] == " 11  Letter to shareholders" and lines[2].startswith(">12  Fiscal 2025 was the year")
    code, out, _ = run_cli("page", corpus_pdf, 2, "--json")
    data = json.loads(out)
    first = data["lines"][0]
    assert code == 0 and data["page"] == 2 and first["global_line"] == 11 and first["text"] == "Letter to shareholders"
    x0, y0, x1, y1 = first["box"]
    assert 0 < x0 < x1 and 0 < y0 < y1  # PDF points, origin at the bottom left
    code, _, err = run_cli("page", corpus_pdf, 99)
    assert code == 3 and "page 99 does not exist (the document has 6 pages)" in err
    code, _, err = run_cli("page", corpus_pdf, 2, "--highlight", "1")
    assert code == 3 and "line 1 is on page 1, not on page 2" in err
