"""HOW-IT-WORKS' code layout is generated from the docstrings (scripts/layout_doc.py) and kept current."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scripts.layout_doc import BEGIN, DOC, END, layout, rewritten
from tests.conftest import ROOT


def test_the_code_layout_in_how_it_works_is_current():
    text = DOC.read_text(encoding="utf-8")
    assert rewritten(text) == text, "docs/HOW-IT-WORKS.md's code layout is stale: run python -m scripts.layout_doc"


def test_every_package_and_module_has_its_line():
    section = DOC.read_text(encoding="utf-8").split(BEGIN, 1)[1].split(END, 1)[0]
    for path in (ROOT / "docintel").rglob("*.py"):
        if path.name in ("__init__.py", "__main__.py"):
            continue
        assert f"- `{path.stem}`: " in section, path


def _package(root: Path) -> Path:
    package = root / "pkg"
    (package / "ingest").mkdir(parents=True)
    (package / "__init__.py").write_text('"""Top."""\n')
    (package / "core.py").write_text('"""Core helpers, e.g. ``numbers``. More text."""\n')
    (package / "ingest" / "__init__.py").write_text('"""Ingest: files into lines.\n\nDetails."""\n')
    (package / "ingest" / "pages.py").write_text('"""Pages: one per\nimage."""\n')
    return package


def test_a_module_added_without_regenerating_makes_the_layout_stale(tmp_path):
    package = _package(tmp_path)
    assert layout(package).splitlines() == [
        "- `ingest/`: Ingest: files into lines.",
        "  - `pages`: Pages: one per image.",
        "- top-level modules:",
        "  - `core`: Core helpers, e.g. `numbers`.",
    ]
    document = rewritten(f"# Doc\n\n{BEGIN}\nold\n{END}\n\nafter\n", package)
    assert document.startswith("# Doc\n\n") and document.endswith(f"{END}\n\nafter\n") and "old" not in document
    (package / "ingest" / "tables.py").write_text('"""Tables: rows and cells."""\n')
    assert rewritten(document, package) != document
    assert "  - `tables`: Tables: rows and cells." in rewritten(document, package)


def test_a_module_without_a_docstring_or_a_document_without_markers_is_refused(tmp_path):
    package = _package(tmp_path)
    (package / "bare.py").write_text("x = 1\n")
    with pytest.raises(SystemExit, match="bare.py has no docstring"):
        layout(package)
    with pytest.raises(SystemExit, match="lacks the layout markers"):
        rewritten("# no markers\n", _package(tmp_path / "other"))


def test_the_check_mode_exits_0_when_current():
    done = subprocess.run(
        [sys.executable, "-m", "scripts.layout_doc", "--check"], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.returncode == 0 and "current" in done.stdout, done.stdout + done.stderr
