"""Check docintel against a real local OpenAI-compatible server: which API and structured-output mode
`auto` finds, and what each answer comes to once verified.

Either point it at a running server (--base-url, --model), or let it start llama-cpp-python's server
on a GGUF file (--llama-cpp-python MODEL.gguf, with the Python that has llama-cpp-python[server]
installed: --python). It asks the questions (default: five about the project's sample report) with
DOCINTEL_API and DOCINTEL_STRUCTURED_OUTPUT as given (default auto), in a fresh cache and traces folder,
and prints one line per question (API/mode, requests, seconds, status) and a summary: questions
answered without error, supported, citations verified, seconds per question. Exit 1 when fewer than
--min-answered questions end without an error.

Usage: python -m scripts.check_local_server --llama-cpp-python gemma-3-270m.gguf --python venv/bin/python
       python -m scripts.check_local_server --base-url http://127.0.0.1:11434/v1 --model qwen2.5:7b
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from docintel.errors import DocintelError
from docintel.pipeline import Pipeline
from docintel.settings import load_settings

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = [
    "What is the refund window?",
    "Who is the Chief Operating Officer?",
    "What were capital expenditures in fiscal 2025?",
    "How much were dividends paid in fiscal 2025?",
    "Who audits the company?",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def llama_cpp_python(gguf: Path, python: str, alias: str, n_ctx: int) -> Iterator[str]:
    """llama-cpp-python's server on a free port of 127.0.0.1, stopped afterwards; yields its base URL."""
    port = _free_port()
    command = [python, "-m", "llama_cpp.server", "--model", str(gguf), "--model_alias", alias]
    command += ["--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(n_ctx)]
    log = tempfile.NamedTemporaryFile("w+", suffix=".log", delete=False)  # noqa: SIM115
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            if server.poll() is not None:
                raise SystemExit(f"the server stopped (exit {server.returncode}); its log: {log.name}")
            try:
                with urllib.request.urlopen(base_url + "/models", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit(f"the server did not answer within 120 s; its log: {log.name}") from None
                time.sleep(0.5)
        yield base_url
    finally:
        server.terminate()
        server.wait(timeout=30)
        print(f"server log: {log.name}")


def check(base_url: str, model: str, args: argparse.Namespace) -> int:
    """Ask every question; print a line each and the summary; the number answered without error."""
    work = Path(tempfile.mkdtemp(prefix="docintel-local-"))
    os.environ.update({"OPENAI_BASE_URL": base_url, "OPENAI_API_KEY": os.environ.get("OPENAI_API_KEY") or "local"})
    overrides = {
        "backend": "openai",
        "model": model,
        "api": args.api,
        "structured_output": args.structured_output,
        "cache_dir": work / "cache",
        "traces_dir": work / "traces",
        "timeout_s": args.timeout_s,
        "max_retries": 0,
        "budget_chars": args.budget_chars,
        "max_output_tokens": args.max_output_tokens,
        "strategy": "combined",
    }
    pipeline = Pipeline(load_settings(overrides))
    answered = supported = verified = 0
    seconds: list[float] = []
    for question in args.question or QUESTIONS:
        started = time.perf_counter()
        try:
            result = pipeline.ask(question, [Path(p) for p in args.pdf])
        except DocintelError as exc:
            seconds.append(time.perf_counter() - started)
            trace = pipeline.store.load(exc.trace_id) if exc.trace_id else None
            request = (trace.request.model_extra or {}) if trace else {}
            print(f"{_mode(request)}  {seconds[-1]:6.1f} s  ERROR {exc}  | {question}")
            continue
        seconds.append(time.perf_counter() - started)
        request = result.generation.request
        answered += 1
        verified += result.verification.status == "verified"
        supported += result.verification.overall == "supported"
        items = getattr(result.answer, "items", [])
        print(
            f"{_mode(request)}  {seconds[-1]:6.1f} s  {result.verification.overall:<15} "
            f"quotes {result.verification.status:<11} items {len(items)}  | {question}"
        )
    total = len(seconds)
    print(
        f"\n{model} at {base_url}: {answered}/{total} answered without error, {supported} supported, "
        f"{verified} with every citation verified; {sum(seconds) / max(total, 1):.1f} s per question; traces in "
        f"{work / 'traces'}"
    )
    return answered


def _mode(request: dict[str, object]) -> str:
    attempts = request.get("attempts") or []
    count = len(attempts) if isinstance(attempts, list) else 0
    return f"{request.get('api')}/{request.get('structured_output')} ({count} requests)".ljust(32)


def main(argv: list[str] | None = None) -> int:
    """Parse the flags, start the server when asked, check, and say whether enough questions were answered."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", help="a running server's base URL, ending in /v1")
    parser.add_argument("--model", default="gemma-3-270m", help="model name the server knows (default gemma-3-270m)")
    parser.add_argument("--llama-cpp-python", type=Path, metavar="GGUF", help="start llama-cpp-python's server on it")
    parser.add_argument("--python", default=sys.executable, help="the Python with llama-cpp-python[server]")
    parser.add_argument("--n-ctx", type=int, default=8192, help="context window of the started server")
    parser.add_argument("--api", default="auto", choices=["auto", "responses", "chat"])
    parser.add_argument("--structured-output", default="auto", choices=["auto", "json_schema", "json_object", "prompt"])
    parser.add_argument("--budget-chars", type=int, default=6000)
    parser.add_argument("--timeout-s", type=float, default=600.0)
    parser.add_argument("--max-output-tokens", type=int, default=2000)
    parser.add_argument("--pdf", action="append", default=[], help="PDFs or folders (default: the sample report)")
    parser.add_argument("--question", action="append", default=[], help="a question (repeatable)")
    parser.add_argument("--min-answered", type=int, default=1, help="exit 1 below this many answered questions")
    args = parser.parse_args(argv)
    args.pdf = args.pdf or [str(ROOT / "corpus" / "northwind-annual-report-2025.pdf")]
    if args.llama_cpp_python:
        with llama_cpp_python(args.llama_cpp_python, args.python, args.model, args.n_ctx) as base_url:
            answered = check(base_url, args.model, args)
    elif args.base_url:
        answered = check(args.base_url, args.model, args)
    else:
        parser.error("give --base-url of a running server, or --llama-cpp-python GGUF to start one")
    return 0 if answered >= args.min_answered else 1


if __name__ == "__main__":
    raise SystemExit(main())
