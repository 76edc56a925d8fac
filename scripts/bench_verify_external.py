"""Benchmark ``docintel verify`` on answers built from the FinanceBench gold evidence, in every input format.

From each gold evidence page (``evidence_page_num + 1`` of the filing) two kinds of facts are built:
- a table row of the page that the gold ``evidence_text`` holds (its label is in it), aligned with a header
  of two or more periods: the claim "<row> was $<cell> <scale> in <column>", quoted as the row as another
  parser prints it (label and cells on lines of their own);
- a sentence of the gold ``evidence_text`` (eight words or more, with a verb to negate): the claim is the
  sentence, quoted as it is.
Right claims must be ``supported`` (target >= 0.98). Wrong claims, one thing wrong each, must be anything but
``supported`` (target 1.00): another column's figure claimed for this column's period, the figure off by one
digit, an invented quote (a digit of the quote changed, the claim following it), a quote from another page
(a row of another page that does not hold the figure, cited on that page), and a negated sentence.

Each fact is written in each input format, the way that tool would: an Anthropic Messages response
(``page_location`` on the gold page), an OpenAI Responses output (``file_citation`` with the quote as the
``file_search_call`` result), the same with the whole gold page's text as the result (``openai-page``: a
retrieved chunk, as file search returns it, in which the claim's row is one of many; for a quote from another
page, that page's text; for an invented quote, the gold text with the cell changed), a JSONL and a CSV of
claims (with ``value``, ``unit``, ``period`` for rows), and docintel's ``ask --json`` (amount items with their
spans' lines). Each file is read by
``docintel.apps.external`` and checked by ``docintel.apps.verify_claims`` as ``docintel verify`` does.
Prints, per format, right-supported and wrong-not-supported with counts per kind of wrong; exits 1 when a
target is missed.

Usage: python -m scripts.bench_verify_external [--questions FILE] [--pdfs DIR] [--show N]
"""

from __future__ import annotations

import csv
import json
import re
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from docintel.apps.external import read_answer
from docintel.apps.verify_claims import ClaimChecker
from docintel.backends.lookup import row_unit
from docintel.pipeline import Pipeline
from docintel.settings import load_settings
from docintel.textnorm import squash
from scripts import benchdata
from scripts.bench_verify import flip_negation, mutate_number, row_label

FORMATS = ("anthropic", "openai", "openai-page", "claims-jsonl", "claims-csv", "docintel")
WRONG_KINDS = (
    "another column's figure",
    "figure off by a digit",
    "invented quote",
    "quote from another page",
    "negated sentence",
)
_SCALE_WORDS = {1e3: "thousand", 1e6: "million", 1e9: "billion"}
_UNIT_OF_SCALE = {1e3: "thousands", 1e6: "millions", 1e9: "billions"}
ROWS_PER_PAGE = 3
SENTENCES_PER_PAGE = 3


@dataclass
class Case:
    """One claim to check: what it says, its quote and where it is cited, and what it should get."""

    kind: str  # right, or the kind of wrong
    claim: str
    quote: str
    page: int
    lines: tuple[int, int]
    value: float | None = None
    unit: str | None = None
    currency: str | None = None
    period: str | None = None
    doc: str = ""
    chunk: str = ""  # the file search result of the openai-page format: the gold page's text (or another page's)


@dataclass
class Tally:
    right: list[tuple[Case, str, str]] = field(default_factory=list)
    wrong: list[tuple[Case, str, str]] = field(default_factory=list)


def _cell_text(cell: str) -> str:
    return cell.replace("$", "").replace(" ", "").strip()


def _figure_text(value: float, printed: str, scale: float | None, percent: bool, per_share: bool) -> str:
    number = printed if printed else f"{value:,}"
    number = number.strip("()")
    sign = "-" if value < 0 else ""
    if percent:
        return f"{sign}{number.rstrip('%')}%"
    if per_share:
        return f"{sign}${number} per share"
    word = _SCALE_WORDS.get(scale or 1.0, "")
    return f"{sign}${number} {word}".strip()


def _row_quote(line_text: str) -> str:
    """The row's line as another parser prints it: the label, then each number on a line of its own."""
    return re.sub(r"\s+(?=[$(\-]?\s?\d)", "\n", line_text.strip())


def _digit_off(printed: str) -> str | None:
    """The printed number with its last digit changed."""
    digits = [i for i, ch in enumerate(printed) if ch.isdigit()]
    if not digits:
        return None
    i = digits[-1]
    return printed[:i] + str((int(printed[i]) + 1) % 10) + printed[i + 1 :]


def _parse_number(text: str) -> float:
    negative = text.strip().startswith("(") or text.strip().startswith("-")
    value = float(re.sub(r"[^\d.]", "", text))
    return -value if negative else value


def table_cases(document, page: int, gold: str, others: list) -> list[Case]:
    """Right and wrong claims from up to ROWS_PER_PAGE aligned rows of a gold page that the gold text holds."""
    cases: list[Case] = []
    gold_squashed = squash(gold)
    texts = document.lines["text"].tolist()
    tables = [t for t in document.tables if t.page == page and len(t.columns) >= 2]
    rows = [(t, r) for t in tables for r in t.rows if r.aligned and squash(texts[r.line - 1]) in gold_squashed]
    for table, row in rows[:ROWS_PER_PAGE]:
        pairs = [(i, v) for i, v in enumerate(row.values[: len(table.columns)]) if v not in (None, 0.0)]
        if len(pairs) < 2 or pairs[0][1] == pairs[1][1]:
            continue
        (i, a), (j, b) = pairs[0], pairs[1]
        if table.columns[i].year == table.columns[j].year:
            continue
        unit, currency = row_unit(table, row, i)
        percent, per_share = table.is_percent(row, i), row.kind == "per_share"
        if row.kind in ("shares", "count") or unit not in (
            "units",
            "thousands",
            "millions",
            "billions",
            "percent",
            "per_share",
        ):
            continue
        label, period = re.sub(r"(?:\s*\.){3,}.*$", "", row_label(row)).strip(" :"), table.columns[i].label
        if any(ch.isdigit() for ch in label) or len(label) < 3:
            continue  # a claim names the row without restating its figures
        scale = table.scale_of(row, i)
        quote = _row_quote(texts[row.line - 1])
        base = dict(
            quote=quote, page=page, lines=(row.line, row.line), unit=unit, currency=currency, period=period, chunk=gold
        )

        def claim(value: float, printed: str, how: tuple = (label, scale, percent, per_share, period)) -> str:
            name, factor, pct, share, when = how
            return f"{name} was {_figure_text(value, _cell_text(printed), factor, pct, share)} in {when}."

        cases.append(Case("right", claim(a, row.cells[i]), value=a, **base))  # type: ignore[arg-type]
        cases.append(Case("another column's figure", claim(b, row.cells[j]), value=b, **base))  # type: ignore[arg-type]
        off = _digit_off(_cell_text(row.cells[i]))
        if off:
            wrong = _parse_number(off) * (-1 if a < 0 else 1)
            cases.append(Case("figure off by a digit", claim(wrong, off), value=wrong, **base))  # type: ignore[arg-type]
        invented = _invented_quote(quote, row.cells[i])
        if invented:
            quote_i, cell_i = invented
            wrong = _parse_number(cell_i) * (-1 if a < 0 else 1)
            cases.append(
                Case(
                    "invented quote",
                    claim(wrong, cell_i),
                    value=wrong,
                    **{**base, "quote": quote_i, "chunk": _invented_chunk(gold, row.label, row.cells[i], cell_i)},
                )  # type: ignore[arg-type]
            )
        elsewhere = _row_elsewhere(others, page, {abs(v) for v in row.values if v is not None})
        if elsewhere:
            other_table, other_row = elsewhere
            cases.append(
                Case(
                    "quote from another page",
                    claim(a, row.cells[i]),
                    value=a,  # type: ignore[arg-type]
                    **{
                        **base,
                        "quote": _row_quote(texts[other_row.line - 1]),
                        "page": other_table.page,
                        "lines": (other_row.line, other_row.line),
                        "chunk": document.page_text(other_table.page),
                    },
                )
            )
    return cases


def _invented_chunk(gold: str, label: str, cell: str, changed: str) -> str:
    """The gold page's text with the row's cell changed (the first time it is printed after the row's label)."""
    printed = _cell_text(cell)
    after = gold.find(label.split()[0]) if label.split() else -1
    at = gold.find(printed, max(after, 0))
    return gold[:at] + changed + gold[at + len(printed) :] if at >= 0 else ""


def _invented_quote(quote: str, cell: str) -> tuple[str, str] | None:
    """The quote with the cell's last digit changed, and the changed cell (None when the cell is not in it)."""
    printed = _cell_text(cell)
    changed = _digit_off(printed)
    at = quote.rfind(printed)
    if changed is None or at < 0:
        return None
    return quote[:at] + changed + quote[at + len(printed) :], changed


def _row_elsewhere(tables: list, page: int, values: set[float]):
    """An aligned row of another page holding none of these values (for a quote from another page)."""
    for table in tables:
        if table.page == page:
            continue
        for row in table.rows:
            mine = {abs(v) for v in row.values if v is not None}
            if row.aligned and mine and not mine & values and len(row.label) > 8:
                return table, row
    return None


def sentence_cases(document, page: int, gold: str) -> list[Case]:
    """Right and negated claims from sentences of the gold text (found among the page's lines)."""
    cases: list[Case] = []
    flat = " ".join(gold.split())
    sentences = [s.strip() for s in re.split(r"(?<=[a-z0-9%)])\.\s+(?=[A-Z])", flat)]
    page_text = squash(" ".join(document.lines.loc[document.lines["page"] == page, "text"]))
    kept = 0
    for sentence in sentences:
        if kept >= SENTENCES_PER_PAGE:
            break
        words = sentence.split()
        if len(words) < 8 or len(words) > 60 or squash(sentence) not in page_text:
            continue  # the bench checks claims, not the gold text's extraction: a sentence must be on the page
        negated = flip_negation(sentence)
        if negated is None:
            continue
        kept += 1
        first = _first_line(document, page, sentence)
        cases.append(Case("right", sentence.rstrip(".") + ".", sentence, page, first, chunk=gold))
        cases.append(Case("negated sentence", negated.rstrip(".") + ".", sentence, page, first, chunk=gold))
        invented = mutate_number(sentence)
        if invented:  # the claim follows the invented quote
            cases.append(Case("invented quote", invented.rstrip(".") + ".", invented, page, first))
    return cases


def _first_line(document, page: int, sentence: str) -> tuple[int, int]:
    rows = document.lines[document.lines["page"] == page]
    head = squash(" ".join(sentence.split()[:4]))
    for row in rows.itertuples():
        if head and head in squash(row.text):
            return int(row.global_line), int(row.global_line) + max(len(sentence) // 90, 0)
    return int(rows.iloc[0].global_line), int(rows.iloc[-1].global_line)


# ------------------------------------------------------------------------------------------ answer files


def anthropic_file(cases: list[Case]) -> dict:
    blocks = [{"type": "text", "text": "Based on the filing: "}]
    for case in cases:
        citation = {
            "type": "page_location",
            "cited_text": case.quote,
            "document_index": 0,
            "document_title": None,
            "start_page_number": case.page,
            "end_page_number": case.page + 1,
        }
        blocks.append({"type": "text", "text": case.claim, "citations": [citation]})
        blocks.append({"type": "text", "text": " "})
    return {
        "id": "msg_bench",
        "type": "message",
        "role": "assistant",
        "model": "claude-bench",
        "content": blocks,
        "stop_reason": "end_turn",
        "usage": {"input_tokens": 0, "output_tokens": 0},
    }


def openai_file(cases: list[Case], filename: str, chunks: bool = False) -> dict:
    text, notes, results = "", [], []
    for number, case in enumerate(cases):
        text += case.claim
        notes.append({"type": "file_citation", "index": len(text), "file_id": f"file-{number}", "filename": filename})
        results.append(
            {
                "file_id": f"file-{number}",
                "filename": filename,
                "score": 0.5,
                "text": (case.chunk if chunks else "") or case.quote,
                "attributes": {},
            }
        )
        text += " "
    search = {"id": "fs_bench", "type": "file_search_call", "status": "completed", "queries": ["q"], "results": results}
    message = {
        "id": "msg_bench",
        "type": "message",
        "status": "completed",
        "role": "assistant",
        "content": [{"type": "output_text", "text": text, "annotations": notes}],
    }
    return {"id": "resp_bench", "object": "response", "model": "gpt-bench", "output": [search, message]}


def claim_rows(cases: list[Case], doc: str) -> list[dict]:
    rows = []
    for case in cases:
        row = {
            "claim": case.claim,
            "quote": case.quote,
            "page": case.page,
            "doc": doc,
            "value": "",
            "unit": "",
            "period": "",
        }
        if case.value is not None:
            unit = case.unit if case.unit not in (None, "units") else ("usd" if case.currency else "")
            row |= {"value": case.value, "unit": unit, "period": case.period or ""}
        rows.append(row)
    return rows


def docintel_file(cases: list[Case], doc: str) -> dict:
    items = []
    for case in cases:
        span = {"doc": doc, "line_start": case.lines[0], "line_end": case.lines[1], "quote": case.quote}
        if case.value is None:
            items.append({"text": case.claim, "spans": [span]})
        else:
            amount = {"value": case.value, "currency": case.currency, "unit": case.unit}
            items.append(
                {
                    "label": case.claim.split(" was ")[0],
                    "amount": amount,
                    "period": case.period,
                    "calculation": None,
                    "spans": [span],
                }
            )
    answer = {
        "answer_type": "amount",
        "items": items,
        "answer_found": True,
        "complete_answer_found": True,
        "conflicting_evidence": False,
        "context_structured": True,
        "caveats": [],
    }
    return {"answer": answer, "verification": {}, "status": "supported"}


def write_format(fmt: str, cases: list[Case], folder: Path, pdf: Path) -> Path:
    path = folder / f"{pdf.stem}.{fmt}"
    if fmt == "anthropic":
        path.write_text(json.dumps(anthropic_file(cases)))
    elif fmt.startswith("openai"):
        path.write_text(json.dumps(openai_file(cases, pdf.name, chunks=fmt == "openai-page")))
    elif fmt == "claims-jsonl":
        path.write_text("\n".join(json.dumps(r) for r in claim_rows(cases, pdf.name)) + "\n")
    elif fmt == "claims-csv":
        with path.open("w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=["claim", "quote", "page", "doc", "value", "unit", "period"])
            writer.writeheader()
            writer.writerows(claim_rows(cases, pdf.name))
    else:
        path.write_text(json.dumps(docintel_file(cases, pdf.stem)))
    return path


# ----------------------------------------------------------------------------------------------------- run


def main() -> int:
    parser = benchdata.parser(__doc__.split("\n")[0])
    parser.add_argument("--show", type=int, default=0, help="print this many misjudged claims per format")
    args = parser.parse_args()
    pipeline = Pipeline(load_settings({}))
    by_doc: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for record in benchdata.load_records(args.questions):
        for evidence in record.get("evidence") or []:
            by_doc[record["doc_name"]].append((int(evidence["evidence_page_num"]) + 1, evidence["evidence_text"]))
    tallies = {fmt: Tally() for fmt in FORMATS}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for doc_name, pages in sorted(by_doc.items()):
            pdf = args.pdfs / f"{doc_name}.pdf"
            if not pdf.exists():
                continue
            document = pipeline.ingest([pdf]).documents[0]
            cases = _cases(document, pages)
            if not cases:
                continue
            checker = ClaimChecker([document])
            for fmt in FORMATS:
                path = write_format(fmt, cases, Path(tmp), pdf)
                parsed = read_answer(path, [pdf.name], fmt.split("-")[0])
                if len(parsed.claims) != len(cases):
                    raise SystemExit(f"{fmt} {doc_name}: {len(parsed.claims)} claims read for {len(cases)} written")
                for case, claim in zip(cases, parsed.claims, strict=True):
                    result = checker.check(claim).result
                    bucket = tallies[fmt].right if case.kind == "right" else tallies[fmt].wrong
                    bucket.append((case, result.status, result.detail))
    return _report(tallies, args.show, time.perf_counter() - started)


def _cases(document, pages: list[tuple[int, str]]) -> list[Case]:
    cases: list[Case] = []
    seen: set[tuple[str, str]] = set()
    for page, gold in pages:
        for case in table_cases(document, page, gold, document.tables) + sentence_cases(document, page, gold):
            if (case.kind, case.claim + case.quote) not in seen:
                seen.add((case.kind, case.claim + case.quote))
                cases.append(case)
    return cases


def _report(tallies: dict[str, Tally], show: int, seconds: float) -> int:
    missed = False
    print(f"docintel verify on FinanceBench gold evidence ({seconds:.1f} s)")
    for fmt, tally in tallies.items():
        right_ok = sum(status == "supported" for _, status, _ in tally.right)
        wrong_ok = sum(status != "supported" for _, status, _ in tally.wrong)
        right_share = right_ok / len(tally.right) if tally.right else 0.0
        wrong_share = wrong_ok / len(tally.wrong) if tally.wrong else 0.0
        missed |= right_share < 0.98 or wrong_share < 1.0
        print(
            f"{fmt:<13} right claims supported      : {right_ok}/{len(tally.right)} = {right_share:.3f} (target 0.98)"
        )
        print(f"{'':<13} wrong claims not supported  : {wrong_ok}/{len(tally.wrong)} = {wrong_share:.3f} (target 1.00)")
        for kind in WRONG_KINDS:
            cases = [(c, s) for c, s, _ in tally.wrong if c.kind == kind]
            statuses = defaultdict(int)
            for _, status in cases:
                statuses[status] += 1
            caught = sum(s != "supported" for _, s in cases)
            spread = ", ".join(f"{k} {v}" for k, v in sorted(statuses.items()))
            print(f"{'':<15}{kind:<26}: {caught}/{len(cases)} ({spread})")
        misjudged = [(c, s, d) for c, s, d in tally.right if s != "supported"]
        misjudged += [(c, s, d) for c, s, d in tally.wrong if s == "supported"]
        for case, status, detail in misjudged[:show]:
            print(
                f"    [{case.kind}] {status}: {case.claim[:110]!r}\n        quote {case.quote[:90]!r}: {detail[:220]}"
            )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
