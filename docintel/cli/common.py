"""What every command shares: the argument parser class, flag groups, settings from flags, the pipeline.

No command module is imported here, and this module imports none of them back.
"""

from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from ..errors import UsageError
from ..settings import MAX_BUDGET_CHARS, MIN_BUDGET_CHARS, Settings, load_settings

if TYPE_CHECKING:
    from ..pipeline import Pipeline
    from ..progress import Reporter

EPILOG = """\
configuration: every setting can be set as DOCINTEL_<NAME> in the environment or in a .env
file in the working directory; OPENAI_API_KEY and OPENAI_BASE_URL are read too. Flags win.
Settings: docintel settings (lists names, values and meanings). A local model: OPENAI_BASE_URL
of any OpenAI-compatible server (llama.cpp, llama-cpp-python, Ollama, vLLM), any API key, and
--model; the API and the way it takes the answer schema are found and remembered by themselves
(--api, --structured-output).

exit codes: 0 ok; 1 internal error; 2 usage (bad arguments, empty or over-long question,
an --out that would destroy a file); 3 input
(missing/bad PDF or question file); 4 configuration; 5 model/backend error; 6 a requested
check failed (--strict, batch items failed); 7 storage (a trace or the batch output cannot
be written: the answer is still printed); 130 interrupted.

traces go to ./traces (DOCINTEL_TRACES_DIR); parsed PDFs are cached in
~/.cache/docintel (DOCINTEL_CACHE_DIR; `docintel cache clear` empties it). Long steps
(parsing, indexing, batch, eval) show progress on stderr; --quiet hides it."""


class Parser(argparse.ArgumentParser):
    """argparse whose errors are UsageError: printed as ``error: <what> — <fix>``, exit 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message, f"see {self.prog} --help")


def budget_chars(value: str) -> int:
    """argparse type of --budget-chars: a whole number within the allowed range."""
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number of characters") from None
    if not MIN_BUDGET_CHARS <= number <= MAX_BUDGET_CHARS:
        raise argparse.ArgumentTypeError(
            f"{number} is outside {MIN_BUDGET_CHARS}-{MAX_BUDGET_CHARS} characters "
            f"(the smallest budget holds a document header and a few lines)"
        )
    return number


def non_negative(value: str) -> int:
    """argparse type of counts where 0 means all."""
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if number < 0:
        raise argparse.ArgumentTypeError(f"{number} is negative; give 0 or more")
    return number


def common_flags(parser: argparse.ArgumentParser, traces: bool = True, extractor: bool = True) -> None:
    """--cache-dir, --traces-dir (where traces are used), --extractor (where PDFs are read), --password, --quiet."""
    parser.add_argument("--cache-dir", type=Path, help="cache folder for parsed PDFs (DOCINTEL_CACHE_DIR)")
    if extractor:  # not where a trace decides (traces verify/replay read with the trace's extractor)
        parser.add_argument(
            "--extractor",
            choices=["pdfium", "pypdf"],
            help="library that reads the PDFs: pdfium (default; about ten times faster, keeps table rows with their "
            "cells, records each line's box on the page) or pypdf (the reference); DOCINTEL_EXTRACTOR. Line numbers "
            "differ between the two",
        )
        parser.add_argument(
            "--ocr",
            choices=["auto", "always", "never"],
            help="scanned pages: auto (default) reads pages with no text layer (or a garbled one) with Tesseract "
            "OCR, always reads every page so, never refuses a scanned PDF (DOCINTEL_OCR). Needs the tesseract-ocr "
            "package; answers citing OCR'd lines say so, and a figure whose digits were read with low confidence "
            "(DOCINTEL_OCR_MIN_CONFIDENCE) is unchecked",
        )
    if traces:  # only commands that write or read traces
        parser.add_argument("--traces-dir", type=Path, help="folder for traces (DOCINTEL_TRACES_DIR; default ./traces)")
    parser.add_argument(
        "--password",
        help="password for encrypted PDFs (empty user passwords need none); "
        "checked on every run, also when the document is cached",
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr (warnings still show)")


def retrieval_flags(parser: argparse.ArgumentParser) -> None:
    """--budget-chars."""
    parser.add_argument(
        "--budget-chars",
        type=budget_chars,
        help=f"size limit of the evidence in characters (default 12000; at least {MIN_BUDGET_CHARS})",
    )


def scope_flag(parser: argparse.ArgumentParser) -> None:
    """--doc NAME (repeatable glob)."""
    parser.add_argument(
        "--doc",
        action="append",
        metavar="NAME",
        dest="scope",
        help="only these documents of the folder: a document id (file stem), file name or glob such as "
        "'acme_2023*'; repeatable. A name that matches no document is an error (exit 2)",
    )


def answer_flags(parser: argparse.ArgumentParser) -> None:
    """--backend, --model, --api, --structured-output, --strategy."""
    parser.add_argument(
        "--backend",
        choices=["auto", "openai", "extractive"],
        help="answering backend (default auto: openai when OPENAI_API_KEY is set, else extractive: no model; "
        "figures looked up by row and column or computed from cited cells, claimed only when verified (of "
        "several candidates looked up, those that fail are dropped, a caveat says why; an amount looked up first "
        "that fails gives way to the next of up to three that passes; a text item is the whole sentence its best "
        "line is in, quoted over the lines it runs), "
        "no claim for yes/no, why ('what drove') and how, nor for 'what was X in <year>' when no figure was looked "
        "up: the closest lines, as not_found)",
    )
    parser.add_argument("--model", help="model name (default gpt-4.1-mini; DOCINTEL_MODEL)")
    parser.add_argument(
        "--api",
        choices=["auto", "responses", "chat"],
        help="OpenAI endpoint: responses, chat (Chat Completions), or auto (default): responses, and chat when "
        "the server has none or ignores its schema (DOCINTEL_API)",
    )
    parser.add_argument(
        "--structured-output",
        choices=["auto", "json_schema", "json_object", "prompt"],
        help="how the answer schema is sent: json_schema (enforced by the server), json_object (with a 'schema' "
        "field, as llama-cpp-python takes it), prompt (in the prompt; the reply validated, one repair request), "
        "or auto (default): the first the server takes, remembered per server and model "
        "(DOCINTEL_STRUCTURED_OUTPUT)",
    )
    parser.add_argument(
        "--strategy",
        choices=["auto", "combined", "sequential"],
        help="combined: one call with the whole context; sequential: passages in rank order, a group per call, "
        "stopping at the first supported answer; auto (default): sequential for single facts "
        "(amount, date, yes/no, name)",
    )


def add_command(sub: Any, name: str, handler: Any, **kwargs: Any) -> argparse.ArgumentParser:
    """A subcommand with raw-text help, whose handler main() calls."""
    parser: argparse.ArgumentParser = sub.add_parser(
        name, formatter_class=argparse.RawDescriptionHelpFormatter, **kwargs
    )
    parser.set_defaults(handler=handler)
    return parser


FLAG_SETTINGS = (
    "cache_dir",
    "traces_dir",
    "budget_chars",
    "backend",
    "model",
    "api",
    "structured_output",
    "strategy",
    "extractor",
    "ocr",
)


def settings_from_flags(args: argparse.Namespace, **extra: Any) -> Settings:
    """The settings with every flag the command line set (flags a subcommand lacks are skipped)."""
    overrides = {k: getattr(args, k, None) for k in FLAG_SETTINGS}
    overrides.update(extra)
    return load_settings(overrides)


def make_reporter(args: argparse.Namespace, settings: Settings) -> Reporter:
    """Progress and warnings on stderr; --quiet hides the progress."""
    from ..progress import Reporter

    return Reporter(quiet=getattr(args, "quiet", False), interval_s=settings.progress_interval_s)


def make_pipeline(args: argparse.Namespace, **extra: Any) -> Pipeline:
    """The pipeline of a command: settings from flags, the --password, progress on stderr.

    The first time, the pipeline's modules (pandas with them) are imported with the garbage collector paused and
    then frozen out of it: what an import makes lives as long as the process, so collecting it finds nothing
    (``context`` on a cached filing spent about 40 ms of CPU so, ``scripts.bench_startup``).
    """
    if "docintel.pipeline" not in sys.modules:
        collecting = gc.isenabled()
        gc.disable()
        try:
            from .. import pipeline  # noqa: F401
        finally:
            if collecting:
                gc.enable()
                gc.freeze()
    from ..pipeline import Pipeline

    settings = settings_from_flags(args, **extra)
    return Pipeline(settings, getattr(args, "password", None), make_reporter(args, settings))
