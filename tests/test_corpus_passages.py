"""A large corpus is searched through passage indexes on disk: the same answers as indexes built in memory, the
index built once per set of files in the cache and reused, a changed folder indexed anew, an unwritable cache
searched in memory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from docintel.pipeline import Pipeline
from docintel.retrieval.corpus_passages import _OPEN
from docintel.settings import load_settings
from tests.conftest import CORPUS_PDF, FINANCEBENCH, needs_shared

QUESTIONS = [
    "What was net income in fiscal 2025?",
    "What is the refund window?",
    "What were capital expenditures in fiscal 2025?",
    "What was the gross margin in fiscal 2025?",
    "Why did net sales increase in fiscal 2025?",
    "What does page 4 say about free cash flow?",  # a page hint: those pages are ranked in memory
    "What is in the cash flow statement?",  # a section hint
    "zebra xylophone quasar",  # nothing matches
]
FILINGS = ["AMCOR_2023Q4_EARNINGS.pdf", "PEPSICO_2023_8K_dated-2023-05-05.pdf", "AMCOR_2023Q2_10Q.pdf"]
FILING_QUESTIONS = [
    "What was Amcor's net sales in fiscal 2023?",
    "What was adjusted EBIT margin in the quarter?",
    "What is PepsiCo's dividend?",
    "How much cash did Amcor have at the end of the quarter?",
    "What are the risk factors?",
    "What does page 3 say about free cash flow?",
]


def _folder(tmp_path: Path, *pdfs: Path) -> Path:
    folder = tmp_path / "folder"
    folder.mkdir(exist_ok=True)
    for pdf in pdfs:
        (folder / pdf.name).symlink_to(pdf)
    return folder


def _prepared(folder: Path, questions: list[str], **settings: object) -> list[tuple[object, ...]]:
    """What retrieval and packing chose for each question (candidates with scores and terms, the context)."""
    pipeline = Pipeline(load_settings(settings))
    out = []
    for question in questions:
        prepared = pipeline.prepare(question, [folder])
        out.append((prepared.retrieval.model_dump(), prepared.context.rendered, prepared.routing))
    return out


def _asked(run_cli, folder: Path, question: str) -> dict:
    code, out, _ = run_cli("ask", question, folder, "--json")
    assert code in (0, 6), out
    data = json.loads(out)
    for volatile in ("trace_id", "trace_path"):
        data.pop(volatile)
    data.pop("calls", None)
    return data


def _index_folders(cache: Path) -> list[Path]:
    return sorted(p for p in (cache / "passages").glob("*") if not p.name.startswith("."))


def test_the_disk_index_chooses_the_passages_the_memory_index_does(
    tmp_path, monkeypatch, run_cli, corpus_pdf, make_pdf
):
    folder = _folder(tmp_path, corpus_pdf)
    pages = [[f"Contoso Ltd annual report fiscal 2025, page {p}"] + [
        f"Net income of Contoso in fiscal 2025 was {p * 100 + i} thousand; the refund window is {i} days."
        for i in range(30)
    ] for p in range(1, 4)]  # fmt: skip
    make_pdf("contoso-2025.pdf", pages).rename(folder / "contoso-2025.pdf")  # routing picks one of two
    memory = _prepared(folder, QUESTIONS)  # the default: a small corpus is searched in memory
    assert not (tmp_path / "cache" / "passages").exists()
    on_disk = _prepared(folder, QUESTIONS, disk_index_passages=0)
    assert [f.name for f in _index_folders(tmp_path / "cache")]  # it was searched on disk
    assert any(m[0]["candidates"] for m in memory)
    for question, a, b in zip(QUESTIONS, memory, on_disk, strict=True):
        assert a == b, question
    expected = _asked(run_cli, folder, QUESTIONS[0])
    monkeypatch.setenv("DOCINTEL_DISK_INDEX_PASSAGES", "0")
    assert _asked(run_cli, folder, QUESTIONS[0]) == expected


@needs_shared
def test_real_filings_give_the_same_ranking_on_disk_with_routing_on_and_off(tmp_path, monkeypatch, run_cli):
    folder = _folder(tmp_path, CORPUS_PDF, *(FINANCEBENCH / "pdfs" / name for name in FILINGS))
    for routing in (True, False):  # routing off: every document's passages ranked together
        memory = _prepared(folder, FILING_QUESTIONS, use_routing=routing)
        on_disk = _prepared(folder, FILING_QUESTIONS, use_routing=routing, disk_index_passages=0)
        assert sum(len(m[0]["candidates"]) for m in memory) > 100
        for question, a, b in zip(FILING_QUESTIONS, memory, on_disk, strict=True):
            assert a == b, (routing, question)
    expected = [_asked(run_cli, folder, q) for q in FILING_QUESTIONS[:2]]
    monkeypatch.setenv("DOCINTEL_DISK_INDEX_PASSAGES", "0")
    assert [_asked(run_cli, folder, q) for q in FILING_QUESTIONS[:2]] == expected


def test_the_index_is_built_once_and_a_changed_folder_gets_its_own(tmp_path, monkeypatch, run_cli, corpus_pdf):
    from docintel.retrieval.corpus_passages import CorpusPassages

    monkeypatch.setenv("DOCINTEL_DISK_INDEX_PASSAGES", "0")
    folder = _folder(tmp_path, corpus_pdf)
    assert run_cli("ask", QUESTIONS[0], folder)[0] == 0
    (built,) = _index_folders(tmp_path / "cache")
    assert sorted(p.name for p in built.iterdir()) == ["manifest.json", "pages", "passages", "titles"]
    manifest = json.loads((built / "manifest.json").read_text())
    assert CorpusPassages(built).passages == sum(run[1] for run in manifest["documents"].values()) > 0
    stamp = (built / "manifest.json").stat().st_mtime_ns
    assert run_cli("ask", QUESTIONS[1], folder)[0] == 0
    _OPEN.clear()  # as a new process would: the folder on disk is opened again, not built
    assert run_cli("ask", QUESTIONS[2], folder)[0] == 0
    assert _index_folders(tmp_path / "cache") == [built] and (built / "manifest.json").stat().st_mtime_ns == stamp
    (built / "passages" / "meta.json").write_text("{")  # damaged (by hand): rebuilt, never read
    _OPEN.clear()
    assert run_cli("ask", QUESTIONS[2], folder)[0] == 0
    assert CorpusPassages(built).passages == sum(run[1] for run in manifest["documents"].values())
    (folder / "copy.pdf").write_bytes(corpus_pdf.read_bytes() + b"\n% another revision\n")
    assert run_cli("ask", QUESTIONS[0], folder)[0] == 0
    assert len(_index_folders(tmp_path / "cache")) == 2  # the changed folder's own index; the old one kept
    assert not [p for p in (tmp_path / "cache" / "passages").iterdir() if p.name.startswith(".")]  # no leftovers
    assert run_cli("cache", "clear")[0] == 0
    assert not (tmp_path / "cache" / "passages").exists()


def test_an_unwritable_cache_searches_in_memory_with_one_warning(tmp_path, monkeypatch, run_cli, corpus_pdf):
    folder = _folder(tmp_path, corpus_pdf)
    expected = _asked(run_cli, folder, QUESTIONS[0])
    (tmp_path / "cache" / "passages").write_text("not a folder")  # nothing can be written under it
    monkeypatch.setenv("DOCINTEL_DISK_INDEX_PASSAGES", "0")
    code, out, err = run_cli("ask", QUESTIONS[0], folder, "--json")
    assert code == 0
    assert err.count("warning") == 1 and "cache" in err
    data = json.loads(out)
    data.pop("trace_id"), data.pop("trace_path"), data.pop("calls", None)
    assert data == expected


@pytest.mark.parametrize("value", ["-1", "many"])
def test_the_threshold_is_a_setting_checked_like_the_others(run_cli, monkeypatch, corpus_pdf, value):
    monkeypatch.setenv("DOCINTEL_DISK_INDEX_PASSAGES", value)
    code, _, err = run_cli("ask", QUESTIONS[0], corpus_pdf)
    assert code == 4 and "DOCINTEL_DISK_INDEX_PASSAGES" in err


def test_index_builds_the_passage_indexes_of_a_large_corpus_ahead_of_time(tmp_path, monkeypatch, run_cli, corpus_pdf):
    folder = _folder(tmp_path, corpus_pdf)
    code, out, _ = run_cli("index", folder, "--json")
    assert code == 0 and json.loads(out)["passages_index"] is None  # a small corpus: searched in memory
    monkeypatch.setenv("DOCINTEL_DISK_INDEX_PASSAGES", "10")
    code, out, _ = run_cli("index", folder)
    (built,) = _index_folders(tmp_path / "cache")
    assert code == 0 and f"passages on disk: {built}" in out


def test_batch_over_a_large_corpus_answers_as_in_memory_from_one_index(tmp_path, monkeypatch, run_cli, corpus_pdf):
    folder = _folder(tmp_path, corpus_pdf)
    questions = tmp_path / "questions.txt"
    questions.write_text("\n".join(QUESTIONS[:4]) + "\n")

    def answers(out: Path) -> list[dict]:
        assert run_cli("batch", questions, folder, "--out", out, "--workers", "2")[0] == 0
        records = [json.loads(line) for line in out.read_text().splitlines()]
        return sorted(({k: v for k, v in r.items() if k not in ("trace_id", "usage")} for r in records), key=str)

    expected = answers(tmp_path / "memory.jsonl")
    monkeypatch.setenv("DOCINTEL_DISK_INDEX_PASSAGES", "0")
    assert answers(tmp_path / "disk.jsonl") == expected
    assert len(_index_folders(tmp_path / "cache")) == 1
