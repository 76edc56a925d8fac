"""Shared fixtures: isolated settings, the CLI runner, PDFs made on the fly, the fake OpenAI server."""

from __future__ import annotations

import json
import signal
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.make_corpus import build as build_corpus  # noqa: E402
from scripts.pdfwriter import Page, write_pdf  # noqa: E402
from tests.fake_openai import FakeOpenAI  # noqa: E402

# The shared data sits beside the checkout (as in CI); DOCINTEL_SHARED_DATA points elsewhere.
SHARED = Path(__import__("os").environ.get("DOCINTEL_SHARED_DATA") or ROOT.parent / "shared" / "data")
SAMPLES = SHARED / "pdf-samples"
FINANCEBENCH = SHARED / "financebench"
CORPUS_PDF = ROOT / "corpus" / "northwind-annual-report-2025.pdf"
API_KEY = "sk-test-SECRET-0123456789abcdef"


def interruptible() -> None:
    """Run in a child before it starts (``preexec_fn``): Ctrl-C (SIGINT) interrupts it even when the tests run in
    the background, whose processes inherit SIGINT ignored (a shell's '&' without job control)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


needs_shared = pytest.mark.skipif(
    not SAMPLES.is_dir() or not FINANCEBENCH.is_dir(), reason="../shared/data not found (set DOCINTEL_SHARED_DATA)"
)


@pytest.fixture(autouse=True)
def isolated_env(tmp_path, monkeypatch):
    """Every test gets its own cache and traces folders and no API key from the machine."""
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    for name in list(__import__("os").environ):
        if name.startswith("DOCINTEL_"):
            monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DOCINTEL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("DOCINTEL_TRACES_DIR", str(tmp_path / "traces"))
    monkeypatch.setenv("DOCINTEL_INGEST_WORKERS", "1")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def corpus_pdf() -> Path:
    """The project's own sample report (generated if a checkout lacks it)."""
    if not CORPUS_PDF.exists():
        build_corpus()
    return CORPUS_PDF


@pytest.fixture
def make_pdf(tmp_path):
    """Write a PDF from a list of pages (each a list of lines, or Page)."""

    def make(name: str, pages: list, **kwargs) -> Path:
        pages = [p if isinstance(p, Page) else Page(list(p)) for p in pages]
        return write_pdf(tmp_path / "docs" / name, pages, **kwargs)

    return make


@pytest.fixture
def run_cli(capsys):
    """Run the CLI in-process: returns (exit code, stdout, stderr)."""
    from docintel.cli import main

    def run(*args: str) -> tuple[int, str, str]:
        code = main([str(a) for a in args])
        out, err = capsys.readouterr()
        return code, out, err

    return run


@pytest.fixture
def fake_openai(monkeypatch):
    """A scripted OpenAI-compatible server on 127.0.0.1, with the key and base URL set."""
    server = FakeOpenAI().start()
    monkeypatch.setenv("OPENAI_API_KEY", API_KEY)
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    monkeypatch.setenv("DOCINTEL_MAX_RETRIES", "2")
    monkeypatch.setenv("DOCINTEL_TIMEOUT_S", "5")
    yield server
    server.stop()


def read_traces(root: Path) -> list[dict]:
    """Every trace stored under *root*, oldest first."""
    return [json.loads(p.read_text()) for p in sorted(root.glob("*.json"))]
