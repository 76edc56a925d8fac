"""The CLI as a user meets it: help, settings errors, the module entry point."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT


@pytest.mark.parametrize(
    "command,expected",
    [
        ([], ["ask", "context", "ingest", "batch", "traces", "eval", "exit codes", "DOCINTEL_"]),
        (["ask"], ["--backend", "--model", "--json", "--budget-chars", "--strict", "--fields", "--password"]),
        (["context"], ["--budget-chars", "--json"]),
        (["ingest"], ["--json", "--lines"]),
        (["batch"], ["--out", "--workers", "input_answer", "financebench_id"]),
        (["traces", "list"], ["--limit", "--status", "--since", "--grep", "--json"]),
        (["eval"], ["--ablate", "--compare", "--budget-chars", "--plot", "--out"]),
    ],
)
def test_help_is_the_manual(capsys, command, expected):
    from docintel.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main([*command, "--help"])
    out = capsys.readouterr().out
    assert exit_info.value.code == 0
    missing = [flag for flag in expected if flag not in out]
    assert not missing, f"help of {command} lacks {missing}"


def test_a_command_parses_alone_as_in_the_full_parser():
    # main() builds the parser of the command named only (its module alone imported): every command must be
    # known with its module, and its help must be the full parser's
    from docintel.cli.main import COMMAND_MODULE_OF, build_parser

    def helps(parser):
        actions = [a for a in parser._actions if a.dest == "command"]
        return {name: sub.format_help() for name, sub in actions[0].choices.items()}

    full = helps(build_parser())
    assert set(full) == set(COMMAND_MODULE_OF)
    for command in full:
        alone = helps(build_parser(command))
        assert command in alone and alone[command] == full[command]


@pytest.mark.parametrize(
    ("argv", "help_of"),
    [
        (["ask", "What is the refund window?", "corpus", "--format", "x"], "see docintel ask --help"),
        (["--bogus"], "see docintel --help"),
        (["--bogus", "cache", "clear"], "see docintel --help"),  # before the command: the top level's option
    ],
)
def test_an_unknown_option_points_at_its_command_s_help(run_cli, argv, help_of):
    code, _, err = run_cli(*argv)
    assert code == 2 and "unrecognized arguments" in err and help_of in err and err.count("\n") == 1


def test_invalid_setting_is_a_config_error(run_cli, corpus_pdf, monkeypatch):
    monkeypatch.setenv("DOCINTEL_BUDGET_CHARS", "lots")
    code, _, err = run_cli("context", "refund", corpus_pdf)
    assert code == 4 and "DOCINTEL_BUDGET_CHARS" in err and err.count("\n") == 1


def test_dotenv_file_is_read(run_cli, corpus_pdf, isolated_env):
    (isolated_env / ".env").write_text("DOCINTEL_BUDGET_CHARS=1777\n")
    code, out, _ = run_cli("context", "refund window", corpus_pdf, "--json")
    assert code == 0 and '"budget_chars": 1777' in out
    code, out, _ = run_cli("context", "refund window", corpus_pdf, "--json", "--budget-chars", "1900")
    assert '"budget_chars": 1900' in out  # flags win


def test_settings_are_read_as_documented(isolated_env, monkeypatch):
    from docintel.settings import load_settings

    (isolated_env / ".env").write_text("OPENAI_API_KEY=sk-from-dotenv\nDOCINTEL_MODEL=model-from-dotenv\n")
    monkeypatch.setenv("docintel_budget_chars", "3333")  # names are case-insensitive
    monkeypatch.setenv("DOCINTEL_MODEL", "")  # empty counts as unset: the .env value applies
    settings = load_settings()
    assert settings.budget_chars == 3333 and settings.model == "model-from-dotenv"
    assert settings.api_key() == "sk-from-dotenv"  # the usual name, read from .env too
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    assert load_settings().api_key() == "sk-from-env"  # the environment wins over .env
    monkeypatch.setenv("DOCINTEL_OPENAI_API_KEY", "sk-docintel")
    assert load_settings().api_key() == "sk-docintel"  # docintel's own name wins over the usual one
    assert load_settings({"budget_chars": 4444, "model": None}).budget_chars == 4444  # flags win; None: not given
    monkeypatch.setenv("DOCINTEL_NO_SUCH_SETTING", "x")  # an unknown DOCINTEL_ variable is ignored
    assert load_settings().model == "model-from-dotenv"


def test_python_m_docintel_entry_point(corpus_pdf, tmp_path):
    env = {
        "PYTHONPATH": str(ROOT),
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "DOCINTEL_TRACES_DIR": str(tmp_path / "t"),
        "DOCINTEL_CACHE_DIR": str(tmp_path / "c"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "docintel", "ask", "What is the refund window?", str(corpus_pdf)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0 and "45 days" in done.stdout


def test_the_process_entry_point_exits_with_the_run_frozen(monkeypatch):
    # cli.run (python -m docintel, the docintel script) returns main's code, with what is loaded frozen out of
    # the garbage collector so that the exit does not run full collections over it (scripts.bench_startup)
    import gc
    import importlib

    cli_main = importlib.import_module("docintel.cli.main")
    monkeypatch.setattr(cli_main, "main", lambda: 3)
    try:
        assert cli_main.run() == 3
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_reading_a_cache_entry_leaves_the_collector_as_it_was(tmp_path):
    import gc

    from docintel.ingest.cache import load_entry, save_entry

    path = tmp_path / "entry.json"
    save_entry(path, {"lines": {"text": ["a", "b"]}})
    assert gc.isenabled() and load_entry(path) is not None and gc.isenabled()
    gc.disable()
    try:
        assert load_entry(path) is not None and not gc.isenabled()
    finally:
        gc.enable()
    path.write_text("{not json")
    assert load_entry(path) is None and gc.isenabled()


def test_the_pipeline_is_imported_once_with_the_collector_paused_then_frozen():
    # make_pipeline imports the pipeline's modules with the garbage collector paused and then freezes them out of
    # it (they live as long as the process); the collector is on again after, also when it is called again
    code = (
        "import gc, sys\n"
        "from docintel.cli.main import build_parser\n"
        "from docintel.cli.common import make_pipeline\n"
        "args = build_parser('context').parse_args(['context', 'q', 'x.pdf'])\n"
        "assert 'docintel.pipeline' not in sys.modules and gc.get_freeze_count() == 0\n"
        "make_pipeline(args)\n"
        "assert 'docintel.pipeline' in sys.modules and gc.isenabled() and gc.get_freeze_count() > 0\n"
        "gc.unfreeze()\n"
        "make_pipeline(args)\n"
        "assert gc.isenabled() and gc.get_freeze_count() == 0\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-800:]


def test_ingest_reads_facts_without_pandas_and_a_document_makes_its_line_table_on_first_use(corpus_pdf, tmp_path):
    # `docintel ingest` reports and reads facts from the entry's columns: pandas (half a second of CPU) is not
    # imported unless the line tables are printed or exported; a Document's lines are still the same table
    code = (
        "import sys\n"
        "from docintel.cli.main import main\n"
        f"assert main(['ingest', {str(corpus_pdf)!r}, '--cache-dir', {str(tmp_path / 'c')!r}]) == 0\n"
        "assert 'pandas' not in sys.modules, 'pandas imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-800:]
    from docintel.ingest.documents import LINE_COLUMNS, Ingestor
    from docintel.settings import load_settings

    for cache in ("c", "fresh"):  # from the cache the command filled, and parsed again
        document = Ingestor(load_settings({"cache_dir": tmp_path / cache})).ingest([corpus_pdf]).documents[0]
        facts = document.facts
        assert list(document.lines.columns) == LINE_COLUMNS and len(document.lines) == document.meta.n_lines
        assert list(document.lines["global_line"]) == list(range(1, document.meta.n_lines + 1))
        assert str(document.lines["page"].dtype) == "int32" and facts
        renamed = document.model_copy(update={"lines": document.lines.assign(doc_id="other")})
        assert set(renamed.lines["doc_id"]) == {"other"} and set(document.lines["doc_id"]) == {document.meta.doc_id}
