"""The shape of the package: no import cycles (lazy imports included), no SDK at CLI start-up,
every module importable on its own, files and lines of a readable size."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "docintel"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, known: set[str], type_checking: bool = False) -> set[str]:
    """docintel modules *path* imports anywhere (functions too); ``if TYPE_CHECKING:`` blocks only when asked."""
    tree = ast.parse(path.read_text())
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    skipped = {
        id(n)
        for node in ast.walk(tree)
        if not type_checking
        and isinstance(node, ast.If)
        and getattr(node.test, "id", getattr(node.test, "attr", None)) == "TYPE_CHECKING"
        for n in ast.walk(node)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(max(node.level - 1, 0)):
                base = base.rpartition(".")[0]
            target = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            candidates = [target] + [f"{target}.{alias.name}" for alias in node.names]
            found.update(c for c in candidates if c in known)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
    # importing an ancestor package (``from . import x`` names it) is how Python reaches siblings, not a cycle
    return {f for f in found if f != name and not name.startswith(f + ".")}


def module_graph(type_checking: bool) -> dict[str, set[str]]:
    files = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: imported_modules(path, set(files), type_checking) for name, path in files.items()}


def package_of(module: str) -> str:
    """The stage package a module belongs to (``docintel.verify.quotes`` -> ``docintel.verify``); a top-level
    module (``docintel.pipeline``) is its own node."""
    return ".".join(module.split(".")[:2])


def package_graph(modules: dict[str, set[str]]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, targets in modules.items():
        edges = graph.setdefault(package_of(name), set())
        edges.update(package_of(t) for t in targets if package_of(t) != package_of(name))
    return graph


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                cycles.append(stack[stack.index(target) :] + [target] if target in stack else [node, target])
            elif target not in state:
                visit(target, stack + [target])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    return cycles


@pytest.mark.parametrize("type_checking", [False, True], ids=["runtime", "with-type-checking"])
def test_no_import_cycles(type_checking: bool):
    """No cycles at run time, nor once the imports made only for type checking are counted (dense/search)."""
    cycles = find_cycles(module_graph(type_checking))
    assert not cycles, f"import cycles: {cycles}"


@pytest.mark.parametrize("type_checking", [False, True], ids=["runtime", "with-type-checking"])
def test_no_package_cycles(type_checking: bool):
    """The stages form a DAG: no package reaches back into a package that imports it, through any of
    their modules (answer/ <-> backends/ <-> verify/ once did, with every module-level edge one way)."""
    modules = module_graph(type_checking)
    cycles = find_cycles(package_graph(modules))
    detail = [
        f"{a} -> {b}: "
        + ", ".join(
            f"{m} imports {t}" for m, ts in modules.items() for t in ts if package_of(m) == a and package_of(t) == b
        )
        for cycle in cycles
        for a, b in zip(cycle, cycle[1:], strict=False)
    ]
    assert not cycles, "package cycles: " + "; ".join(detail)


def test_the_answer_contract_is_a_leaf():
    """backends/ and verify/ build on the contract: answer/ imports neither (nor any later stage)."""
    modules = module_graph(True)
    later = {"docintel.backends", "docintel.verify", "docintel.traces", "docintel.pipeline", "docintel.apps"}
    reached = {t for m, ts in modules.items() if package_of(m) == "docintel.answer" for t in ts}
    assert not {package_of(t) for t in reached} & later, reached


def test_cli_start_imports_no_sdk_and_no_parser():
    code = (
        "import sys, docintel.cli; heavy = [m for m in ('openai', 'pypdf', 'pandas', 'tqdm', 'matplotlib') "
        "if m in sys.modules]; print(','.join(heavy))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == ""
    # answering offline never loads the SDK: only making the openai backend does
    code = (
        "import sys, docintel.pipeline, docintel.apps.batch, docintel.apps.evaluate; "
        "from docintel.backends import make_backend; "
        "from docintel.settings import load_settings; make_backend(load_settings({'backend': 'extractive'})); "
        "print('openai' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "False"


def test_preparing_a_cached_context_imports_no_answering_stage(corpus_pdf, tmp_path):
    # `context` on a cached document starts fast (scripts.bench_startup): what only answering, tracing or
    # parsing a new file needs stays unimported (no other command's module either; no .env: no python-dotenv),
    # and the settings load without pydantic-settings
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DOCINTEL_CACHE_DIR": str(tmp_path / "cache")}
    cli = [sys.executable, "-m", "docintel", "context", "What is the refund window?", str(corpus_pdf), "--json"]
    subprocess.run(cli, capture_output=True, text=True, cwd=tmp_path, env=env, check=True)  # parse and cache it
    code = (
        "import sys, io, contextlib; from docintel.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['context', 'What is the refund window?', {str(corpus_pdf)!r}, '--json'])\n"
        "heavy = ['docintel.answer.contract', 'docintel.backends', 'docintel.verify.quotes', 'docintel.traces.model',\n"
        "         'docintel.context.prompts', 'docintel.question.conversation', 'docintel.render.reports',\n"
        "         'pydantic_settings', 'multiprocessing', 'pypdf', 'pypdfium2', 'openai', 'tqdm', 'dotenv',\n"
        "         'docintel.cli.ask', 'docintel.cli.batch', 'docintel.cli.chat', 'docintel.cli.eval',\n"
        "         'docintel.cli.traces', 'docintel.cli.view', 'docintel.traces.stats', 'docintel.outfile']\n"
        "print(','.join(m for m in heavy if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr[-800:]
    assert done.stdout.strip() == ""


# Each module is imported in a child forked from a process that has loaded only the third-party
# libraries: every child imports docintel's modules afresh, in the order the module asks for them,
# without paying a new interpreter and pandas, the openai SDK or the PDF readers per module (40 s as separate
# processes, a few here).
_IMPORT_EACH = """
import importlib, os, sys, traceback
import numpy, pandas, pydantic  # noqa: F401
import dotenv, openai, pypdf, pypdfium2, rank_bm25  # noqa: F401  (loaded once, shared by fork)
failed, running = [], {}
def reap():
    pid, status = os.wait()
    if status:
        failed.append(running[pid])
    del running[pid]
for name in sys.argv[1:]:
    if len(running) >= (os.cpu_count() or 1):  # one child per core at a time
        reap()
    pid = os.fork()
    if pid == 0:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # docintel.__main__ prints the help
        sys.argv = ["-c"]
        try:
            importlib.import_module(name)
        except SystemExit as exc:  # docintel.__main__ runs the CLI, which exits
            os._exit(0 if exc.code in (0, None) else 1)
        except BaseException:
            traceback.print_exc()
            os._exit(1)
        os._exit(0)
    running[pid] = name
while running:
    reap()
print(" ".join(sorted(failed)))
"""


def test_every_module_imports_alone():
    names = [module_name(path) for path in sorted(PACKAGE.rglob("*.py"))]
    done = subprocess.run(
        [sys.executable, "-c", _IMPORT_EACH, *names], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert done.returncode == 0, done.stderr[-800:]
    assert done.stdout.strip() == "", f"{done.stdout.strip()} do not import alone: {done.stderr[-800:]}"


def test_files_and_lines_stay_readable():
    for path in PACKAGE.rglob("*.py"):
        lines = path.read_text().splitlines()
        assert len(lines) <= 550, f"{path.relative_to(ROOT)} has {len(lines)} lines"
        long = [i for i, line in enumerate(lines, start=1) if len(line) > 120]
        assert not long, f"{path.relative_to(ROOT)}: lines over 120 characters: {long[:5]}"
