"""Read another tool's cited answer into claims: Anthropic Messages, OpenAI Responses, claim files, docintel.

Each input becomes a list of ``Claim``: the claim's text, the quotes it cites (each with the document and the
pages the provider points at, as hints only), and, from a claim file or a docintel answer, its stated figures.
Shapes (as the APIs return them):

- Anthropic Messages: ``{"type": "message", "content": [{"type": "text", "text": ..., "citations": [...]}]}``;
  a citation is ``page_location`` (``cited_text``, ``document_index``, ``start_page_number`` 1-based,
  ``end_page_number`` exclusive), ``char_location`` (``start_char_index``, ``end_char_index``) or
  ``content_block_location`` (``start_block_index``, ``end_block_index``). The claim is the block's text.
- OpenAI Responses: ``{"object": "response", "output": [...]}``: ``message`` items whose ``output_text`` has
  ``file_citation`` annotations (``file_id``, ``filename``, ``index``: where the citation is inserted in the
  text) and ``file_search_call`` items whose ``results`` (``file_id``, ``filename``, ``text``) are the passages
  the model read. The claim is the text between the previous citation and this one.
- Claims: JSONL, a JSON array or CSV with ``claim``, ``quote`` and optional ``page`` (1-based), ``doc``,
  ``value``, ``unit``, ``period``.
- docintel: ``ask --json`` output or a stored trace: each answer item with its spans.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ..errors import InputError, UsageError

Format = Literal["anthropic", "openai", "claims", "docintel"]
FORMATS: tuple[Format, ...] = ("anthropic", "openai", "claims", "docintel")
UNITS = ("units", "thousands", "millions", "billions", "percent", "ratio", "per_share", "count")
NO_RESULTS = (
    "the response carries no file_search_call results: nothing to check the citation against (ask the API "
    'with include=["file_search_call.results"])'
)
_FORMATS_FIX = (
    "give an Anthropic Messages response, an OpenAI Responses output, a JSONL/CSV of claims (claim, quote, page, "
    "doc) or docintel's ask --json output or trace, or say which with --from"
)
_MAX_BYTES = 50_000_000


@dataclass
class CitedQuote:
    """One quote a claim cites: its text, the document (index into the DOCs) and where the provider says it is."""

    text: str
    doc: int | None  # None: any DOC (the claim file named none and several were given)
    location: str  # how the provider cites it, in words ('page_location pages 3-4')
    pages: list[int] = field(default_factory=list)  # pages to look on first (1-based); hints only
    char_range: tuple[int, int] | None = None  # char_location offsets: a hint only
    lines: tuple[int, int] | None = None  # docintel's own GLOBAL_LINE range: a hint only
    passage: bool = False  # a retrieved passage (OpenAI file search): found line by line


@dataclass
class Figure:
    """A figure a claim states explicitly (claim files, docintel amounts)."""

    value: float
    unit: str | None
    currency: str | None
    text: str = ""  # as the claim writes it ('$1,577 million'), when read from its text


@dataclass
class Claim:
    """One claim of the answer, in the answer's order."""

    index: int
    text: str
    quotes: list[CitedQuote]
    figures: list[Figure] = field(default_factory=list)
    period: str | None = None
    unverifiable: str = ""  # why there is nothing to check the claim against


@dataclass
class ParsedAnswer:
    """The claims of an answer file and where they came from."""

    format: Format
    claims: list[Claim]
    model: str | None = None
    notes: list[str] = field(default_factory=list)


def read_answer(path: Path, doc_names: list[str], fmt: str = "auto") -> ParsedAnswer:
    """The claims of the answer file *path*, its format detected by shape unless *fmt* names it.

    *doc_names* are the DOC file names in the order given (Anthropic's ``document_index`` and OpenAI's
    ``filename`` pick among them). InputError for an unreadable file or an unknown shape, UsageError for a
    citation of a document that was not given.
    """
    text = _read_text(path)
    data = _json_or_none(text)
    chosen = fmt if fmt != "auto" else _detect(data, text, path)
    if chosen == "claims":
        claims = _claims_file(text, data, path, doc_names)
        return ParsedAnswer("claims", claims)
    if not isinstance(data, dict):
        raise InputError(f"{path} is not one JSON object, as a {chosen} answer is", _FORMATS_FIX)
    if chosen == "anthropic":
        return _anthropic(data, path, doc_names)
    if chosen == "openai":
        return _openai(data, path, doc_names)
    return _docintel(data, path, doc_names)


def _read_text(path: Path) -> str:
    try:
        if path.stat().st_size > _MAX_BYTES:
            raise InputError(f"{path} is over {_MAX_BYTES // 1_000_000} MB", "give the answer file itself")
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InputError(f"answer file {path} does not exist", "check the path") from None
    except IsADirectoryError:
        raise InputError(f"{path} is a folder, not an answer file", "give the JSON, JSONL or CSV file") from None
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text", _FORMATS_FIX) from None
    except OSError as exc:
        raise InputError(f"cannot read {path} ({exc.strerror})", "check the path and its permissions") from None


def _json_or_none(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _detect(data: Any, text: str, path: Path) -> Format:
    if isinstance(data, dict):
        if isinstance(data.get("content"), list) and (data.get("type") == "message" or data.get("role")):
            return "anthropic"
        if isinstance(data.get("output"), list):
            return "openai"
        if "answer" in data and ("verification" in data or "trace_version" in data):
            return "docintel"
        if "claim" in data:
            return "claims"
        keys = ", ".join(sorted(map(str, data))[:8]) or "none"
        raise InputError(f"{path}: a JSON object of unknown shape (keys: {keys})", _FORMATS_FIX)
    if isinstance(data, list) or data is None and text.strip()[:1] in ("{", "["):
        return "claims"  # a JSON array of claims, or JSONL
    if data is None and "claim" in text.split("\n", 1)[0].casefold():
        return "claims"  # CSV with a header
    raise InputError(f"{path} is neither JSON, JSONL nor a CSV with a 'claim' column", _FORMATS_FIX)


# ------------------------------------------------------------------------------------------ Anthropic


def _anthropic(data: dict[str, Any], path: Path, doc_names: list[str]) -> ParsedAnswer:
    blocks = data.get("content")
    if not isinstance(blocks, list):
        raise InputError(f"{path}: no 'content' list, as an Anthropic Messages response has", _FORMATS_FIX)
    claims: list[Claim] = []
    notes: list[str] = []
    for number, block in enumerate(blocks):
        if not isinstance(block, dict) or block.get("type") != "text":
            continue
        text = str(block.get("text") or "")
        citations = block.get("citations") or []
        if not isinstance(citations, list):
            raise InputError(f"{path}: content[{number}].citations is not a list", _FORMATS_FIX)
        cited = [
            _anthropic_quote(c, f"content[{number}].citations[{i}]", path, doc_names) for i, c in enumerate(citations)
        ]
        quotes = [q for q in cited if isinstance(q, CitedQuote)]
        if quotes:
            claims.append(Claim(len(claims), text.strip(), quotes))
        elif cited:  # only citations of something else than a DOC (a web page, a search result)
            kinds = ", ".join(sorted({str(k) for k in cited}))
            claims.append(Claim(len(claims), text.strip(), [], unverifiable=f"it cites no DOC, only {kinds}"))
        elif _states_something(text):
            claims.append(Claim(len(claims), text.strip(), [], unverifiable="the text cites nothing"))
    if not any(isinstance(b, dict) and b.get("type") == "text" for b in blocks):
        notes.append("the response has no text block")
    return ParsedAnswer("anthropic", claims, _model(data), notes)


_DOC_CITATIONS = ("page_location", "char_location", "content_block_location")


def _anthropic_quote(citation: Any, where: str, path: Path, doc_names: list[str]) -> CitedQuote | str:
    """The quote of a citation of a DOC; for a citation of something else (a web page), its type."""
    if not isinstance(citation, dict):
        raise InputError(f"{path}: {where} is not an object", "give the citations as the API returns them")
    kind = str(citation.get("type") or "")
    if kind not in _DOC_CITATIONS:
        return f"{kind or 'untyped'} citations"
    if not isinstance(citation.get("cited_text"), str):
        raise InputError(f"{path}: {where} has no cited_text", "give the citations as the API returns them")
    doc = _doc_index(citation.get("document_index", 0), where, doc_names)
    text = citation["cited_text"]
    if kind == "page_location":
        start, end = _int(citation.get("start_page_number"), 1), _int(citation.get("end_page_number"), 0)
        end = max(end, start + 1)  # end_page_number is exclusive
        pages = list(range(start, end))
        shown = f"page {start}" if len(pages) == 1 else f"pages {start}-{end - 1}"
        return CitedQuote(text, doc, f"page_location {shown}", pages=pages)
    if kind == "char_location":
        first, last = _int(citation.get("start_char_index"), 0), _int(citation.get("end_char_index"), 0)
        return CitedQuote(text, doc, f"char_location {first}-{last}", char_range=(first, last))
    first, last = _int(citation.get("start_block_index"), 0), _int(citation.get("end_block_index"), 0)
    return CitedQuote(text, doc, f"content_block_location blocks {first}-{last}")


def _doc_index(value: Any, where: str, doc_names: list[str]) -> int:
    index = _int(value, -1)
    if not 0 <= index < len(doc_names):
        given = f"{len(doc_names)} DOC{'s' if len(doc_names) != 1 else ''}"
        raise UsageError(
            f"{where} cites document_index {value!r}, but {given} were given",
            "pass every document of the request, in the order they were sent (document_index 0 is the first DOC)",
        )
    return index


def _int(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _states_something(text: str) -> bool:
    """Uncited text that states a figure or a sentence (not a connective like 'According to the report, ')."""
    return any(ch.isdigit() for ch in text) or len(text.split()) >= 8


def _model(data: dict[str, Any]) -> str | None:
    model = data.get("model")
    return model if isinstance(model, str) else None


# --------------------------------------------------------------------------------------------- OpenAI


def _openai(data: dict[str, Any], path: Path, doc_names: list[str]) -> ParsedAnswer:
    output = data["output"]
    results: list[dict[str, Any]] = []
    searched = False
    for item in output:
        if isinstance(item, dict) and item.get("type") == "file_search_call":
            searched = True
            results += [r for r in item.get("results") or [] if isinstance(r, dict) and isinstance(r.get("text"), str)]
    claims: list[Claim] = []
    for item in output:
        if not isinstance(item, dict) or item.get("type") != "message":
            continue
        for part in item.get("content") or []:
            if isinstance(part, dict) and part.get("type") == "output_text":
                claims += _openai_claims(part, results, searched, path, doc_names, len(claims))
    notes = [] if searched else ["the response made no file_search_call"]
    return ParsedAnswer("openai", claims, _model(data), notes)


def _openai_claims(
    part: dict[str, Any], results: list[dict[str, Any]], searched: bool, path: Path, doc_names: list[str], first: int
) -> list[Claim]:
    text = str(part.get("text") or "")
    cites: dict[int, list[dict[str, Any]]] = {}
    for note in part.get("annotations") or []:
        if isinstance(note, dict) and note.get("type") == "file_citation":
            cites.setdefault(min(max(_int(note.get("index"), len(text)), 0), len(text)), []).append(note)
    claims: list[Claim] = []
    previous = 0
    for index in sorted(cites):
        claim_text = text[previous:index].strip()
        previous = index
        if not claim_text:
            continue
        quotes: list[CitedQuote] = []
        for note in cites[index]:
            doc = _doc_by_filename(str(note.get("filename") or ""), path, doc_names)
            mine = [r for r in results if _same_file(r, note)]
            quotes += [
                CitedQuote(
                    r["text"], doc, f"file_search result {results.index(r) + 1} of {note.get('filename')}", passage=True
                )
                for r in mine
            ]
        claim = Claim(first + len(claims), claim_text, quotes)
        if not quotes:
            claim.unverifiable = (
                NO_RESULTS
                if not results
                else ("no file_search_call result is from the cited file: nothing to check the citation against")
            )
            if not searched:
                claim.unverifiable = NO_RESULTS
        claims.append(claim)
    tail = text[previous:].strip()
    if _states_something(tail):
        claims.append(Claim(first + len(claims), tail, [], unverifiable="the text cites nothing"))
    return claims


def _same_file(result: dict[str, Any], note: dict[str, Any]) -> bool:
    if result.get("file_id") and note.get("file_id"):
        return bool(result.get("file_id") == note.get("file_id"))
    return bool(result.get("filename")) and result.get("filename") == note.get("filename")


def _doc_by_filename(filename: str, path: Path, doc_names: list[str]) -> int:
    wanted = Path(filename).name.casefold()
    for index, name in enumerate(doc_names):
        if name.casefold() == wanted or Path(name).stem.casefold() == Path(wanted).stem:
            return index
    if len(doc_names) == 1:
        return 0
    raise UsageError(
        f"{path} cites the file {filename!r}, which is none of the DOCs given ({', '.join(doc_names)})",
        "pass that file as a DOC (matched by its file name)",
    )


# --------------------------------------------------------------------------------------------- claims


def _claims_file(text: str, data: Any, path: Path, doc_names: list[str]) -> list[Claim]:
    rows = _claim_rows(text, data, path)
    if not rows:
        raise InputError(f"{path} holds no claim", "write one claim a line: claim, quote, page, doc")
    return [_claim_row(row, number, path, doc_names) for number, row in enumerate(rows)]


def _claim_rows(text: str, data: Any, path: Path) -> list[dict[str, Any]]:
    if not text.strip():
        raise InputError(f"{path} is empty", "write one claim a line: claim, quote, page, doc")
    if isinstance(data, dict):
        return [data]
    if isinstance(data, list):
        if not all(isinstance(r, dict) for r in data):
            raise InputError(f"{path}: a JSON array whose entries are not all objects", _FORMATS_FIX)
        return list(data)
    stripped = text.lstrip()
    if stripped.startswith("{"):
        rows = []
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                row = _json_or_none(line)
                if not isinstance(row, dict):
                    raise InputError(f"{path} line {number} is not a JSON object", "write one JSON object a line")
                rows.append(row)
        return rows
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or "claim" not in [f.strip().casefold() for f in reader.fieldnames]:
        raise InputError(f"{path}: the CSV has no 'claim' column", "give a header: claim,quote,page,doc,...")
    return [{(k or "").strip().casefold(): v for k, v in row.items()} for row in reader]


def _claim_row(row: dict[str, Any], number: int, path: Path, doc_names: list[str]) -> Claim:
    where = f"{path} claim {number + 1}"
    claim = str(row.get("claim") or "").strip()
    if not claim:
        raise InputError(f"{where} has no claim text", "give each row a 'claim'")
    quote = str(row.get("quote") or "").strip()
    doc = _doc_named(row.get("doc"), where, doc_names)
    page = _page(row.get("page"), where)
    shown = f"page {page}" if page else "no page"
    quotes = [CitedQuote(quote, doc, shown, pages=[page] if page else [])] if quote else []
    figures = _figure(row, where)
    period = str(row.get("period")).strip() if row.get("period") not in (None, "") else None
    result = Claim(number, claim, quotes, figures, period)
    if not quotes:
        result.unverifiable = "the claim gives no quote"
    return result


def _doc_named(value: Any, where: str, doc_names: list[str]) -> int | None:
    if value in (None, ""):
        return 0 if len(doc_names) == 1 else None
    name = str(value).strip()
    wanted = name.casefold()
    for index, doc in enumerate(doc_names):
        if wanted in (doc.casefold(), Path(doc).stem.casefold()):
            return index
    raise UsageError(
        f"{where} names the document {name!r}, which is none of the DOCs given ({', '.join(doc_names)})",
        "name a DOC by its file name or stem, or pass that document",
    )


def _page(value: Any, where: str) -> int | None:
    if value in (None, ""):
        return None
    try:
        page = int(str(value).strip())
    except ValueError:
        raise InputError(f"{where}: page {value!r} is not a whole number", "give the 1-based page") from None
    if page < 1:
        raise InputError(f"{where}: page {page} is not 1-based", "the first page is 1")
    return page


def _figure(row: dict[str, Any], where: str) -> list[Figure]:
    value = row.get("value")
    if value in (None, ""):
        return []
    try:
        number = float(str(value).replace(",", "").replace("$", "").strip())
    except ValueError:
        raise InputError(f"{where}: value {value!r} is not a number", "write the figure as digits") from None
    unit = str(row.get("unit") or "").strip().casefold() or None
    currency = None
    if unit in ("usd", "$", "dollars"):
        unit, currency = "units", "USD"
    if unit is not None and unit not in UNITS:
        raise InputError(f"{where}: unit {unit!r} is not one of {', '.join(UNITS)}", "give a known unit")
    if unit in ("thousands", "millions", "billions") or "$" in str(value):
        currency = "USD"
    return [Figure(number, unit, currency)]


# -------------------------------------------------------------------------------------------- docintel


def _docintel(data: dict[str, Any], path: Path, doc_names: list[str]) -> ParsedAnswer:
    answer = data.get("answer")
    if not isinstance(answer, dict) or not isinstance(answer.get("items"), list):
        raise InputError(f"{path}: docintel output without an answer", "give ask --json output or a trace file")
    claims: list[Claim] = []
    for item in answer["items"]:
        if isinstance(item, dict):
            claims += _docintel_item(item, path, doc_names, len(claims))
    model = data.get("model") or (data.get("request") or {}).get("model")
    return ParsedAnswer("docintel", claims, model if isinstance(model, str) else None)


def _docintel_item(item: dict[str, Any], path: Path, doc_names: list[str], first: int) -> list[Claim]:
    if "spans" not in item:  # a multi-field extraction: one claim a field
        fields = [(k, v) for k, v in item.items() if isinstance(v, dict) and "spans" in v]
        return [c for k, v in fields for c in _docintel_item({**v, "label": k}, path, doc_names, first)]
    quotes = [_docintel_quote(s, path, doc_names) for s in item.get("spans") or [] if isinstance(s, dict)]
    text, figures = _docintel_text(item)
    claim = Claim(first, text, quotes, figures, item.get("period") if isinstance(item.get("period"), str) else None)
    if not quotes:
        claim.unverifiable = "the item cites nothing"
    return [claim]


def _docintel_text(item: dict[str, Any]) -> tuple[str, list[Figure]]:
    label = str(item.get("label") or "")
    amount = item.get("amount") if isinstance(item.get("amount"), dict) else item.get("value")
    if isinstance(amount, dict) and isinstance(amount.get("value"), int | float):
        figure = Figure(float(amount["value"]), amount.get("unit"), amount.get("currency"))
        period = f" ({item['period']})" if item.get("period") else ""
        return f"{label}{period}: {figure.value:,.10g} {figure.unit or ''}".strip(), [figure]
    if isinstance(item.get("date"), dict):
        return f"{label}: {item['date'].get('original_text', '')}".strip(": "), []
    if "explanation" in item:
        return str(item.get("explanation") or ""), []
    return str(item.get("text") or item.get("value") or label), []


def _docintel_quote(span: dict[str, Any], path: Path, doc_names: list[str]) -> CitedQuote:
    name = span.get("doc")
    doc = _doc_named(name, f"{path} span of {name!r}", doc_names) if name else (0 if len(doc_names) == 1 else None)
    start, end = _int(span.get("line_start"), 0), _int(span.get("line_end"), 0)
    return CitedQuote(str(span.get("quote") or ""), doc, f"lines {start}-{end}", lines=(start, end))
