"""``docintel verify``: another tool's cited answer checked claim by claim, through the CLI.

Fixtures are in each provider's documented shape (Anthropic Messages citations, OpenAI Responses file_citation
annotations with file_search_call results), built here; no network.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from tests.conftest import FINANCEBENCH, needs_shared

NORTHWIND_ID = "northwind-annual-report-2025"


def _write(path: Path, data: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _text(text: str, *citations: dict) -> dict:
    block: dict = {"type": "text", "text": text}
    if citations:
        block["citations"] = list(citations)
    return block


def _page(cited: str, start: int, end: int | None = None, index: int = 0) -> dict:
    return {
        "type": "page_location",
        "cited_text": cited,
        "document_index": index,
        "document_title": None,
        "start_page_number": start,
        "end_page_number": end if end is not None else start + 1,
    }


def _message(*blocks: dict) -> dict:
    return {
        "id": "msg_01XFDUDYJgAACzvnptvVoYEL",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": list(blocks),
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 2095, "output_tokens": 503},
    }


def _verify(run_cli, *args: object) -> tuple[int, dict, str]:
    code, out, err = run_cli("verify", *args, "--json")
    return code, (json.loads(out) if out.strip() else {}), err


def _statuses(data: dict) -> list[str]:
    return [c["status"] for c in data["claims"]]


def _traces(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


# ----------------------------------------------------------------------------------------------- Anthropic


ANTHROPIC = _message(
    _text("According to the annual report, "),  # a connective: no claim
    _text(
        "Northwind's net sales were $1,284.6 million in fiscal 2025.",
        _page("Net sales $ 1,284.6 $ 1,124.9 $ 1,010.2", 3),
    ),
    _text(  # another column's figure: the 2024 one, claimed for 2025
        "Capital expenditures were $58.9 million in fiscal 2025.",
        _page("Capital expenditures 71.4 58.9 44.0", 3),
    ),
    _text(  # a multi-line quote, cited on page 2 while it is on page 5
        "Customers may return unused merchandise within 45 days of purchase.",
        _page(
            "Customers may return unused merchandise within 45 days of purchase for a full refund to the\n"
            "original form of payment.",
            2,
        ),
    ),
    _text(  # the quote says the opposite
        "Shipping fees are refunded.",
        {
            "type": "char_location",
            "cited_text": "Shipping fees are not refunded unless the item arrived damaged",
            "document_index": 0,
            "document_title": None,
            "start_char_index": 10,
            "end_char_index": 72,
        },
    ),
    _text(  # an invented quote
        "The Board declared a dividend of $0.30 per share.",
        _page("The Board declared a special dividend of $0.30 per share.", 2),
    ),
    _text(  # one figure right, one off by a digit: each is needed
        "Net income was $109.8 million and gross profit $528.1 million in fiscal 2025.",
        _page("Gross profit 528.0 455.6 400.1\nOperating income 151.3 122.6 98.4\nNet income 109.8 88.1 70.5", 3),
    ),
    _text(  # a date and a number of a text claim are in its quote
        "The distribution center in Reno, Nevada opened on September 2, 2025.",
        _page("distribution center in Reno, Nevada, which opened on September 2, 2025.", 2),
    ),
    _text(
        "The distribution center in Reno opened on September 3, 2025.",
        _page("distribution center in Reno, Nevada, which opened on September 2, 2025.", 2),
    ),
)


def test_anthropic_claims_get_a_verdict_each_with_checks_and_found_lines(run_cli, corpus_pdf, isolated_env):
    answer = _write(isolated_env / "claude.json", ANTHROPIC)
    code, data, err = _verify(run_cli, answer, corpus_pdf)
    assert code == 0, err
    assert _statuses(data) == [
        "supported",
        "contradicted",
        "supported",
        "contradicted",
        "quote_not_found",
        "contradicted",
        "supported",
        "contradicted",
    ]
    first, column, moved, negated, invented, two, dated, _ = data["claims"]
    assert first["evidence"][0] | {"text": ""} == {
        "doc": NORTHWIND_ID,
        "pages": [3],
        "line_start": 27,
        "line_end": 27,
        "text": "",
        "match": "exact",
        "on_cited_pages": True,
    }
    checks = {c["name"]: c["result"] for c in first["checks"]}
    assert checks["value"] == checks["period"] == checks["concept"] == "supported"
    assert any(c["name"] == "period" and c["result"] == "mismatch" for c in column["checks"])
    assert "2024 column" in column["detail"]
    # the multi-line quote is on page 5, not the cited page 2: found there, and said so
    assert moved["evidence"][0]["pages"] == [5] and moved["evidence"][0]["on_cited_pages"] is False
    assert (moved["evidence"][0]["line_start"], moved["evidence"][0]["line_end"]) == (60, 61)
    assert "not on the cited page(s) 2" in moved["quotes"][0]["detail"]
    assert "negation" in negated["detail"] or "negat" in negated["detail"]
    assert "offsets are hints" in negated["quotes"][0]["detail"]  # char offsets that point elsewhere
    assert invented["quotes"][0]["match"] == "not_found" and invented["evidence"] == []
    assert "528.1" in two["detail"] and [c["name"] for c in two["checks"]].count("negation") == 1
    assert any(c["name"].startswith("value (109.8") and c["result"] == "supported" for c in two["checks"])
    assert dated["checks"][-2:][0]["name"] in ("numbers", "relevance")
    assert data["summary"] == {
        "claims": 8,
        "supported": 3,
        "contradicted": 4,
        "unsupported": 0,
        "quote_not_found": 1,
        "unverifiable": 0,
        "all_supported": False,
    }
    assert data["answer"]["format"] == "anthropic" and data["answer"]["model"] == "claude-sonnet-4-5"


def test_text_output_and_strict_exit_codes(run_cli, corpus_pdf, isolated_env):
    answer = _write(isolated_env / "claude.json", ANTHROPIC)
    code, out, err = run_cli("verify", answer, corpus_pdf)
    assert code == 0, err
    assert "1. ✓ SUPPORTED: Northwind's net sales" in out and "QUOTE NOT FOUND" in out
    assert "8 claims: 3 supported, 4 contradicted, 1 quote not found" in out
    code, out, err = run_cli("verify", answer, corpus_pdf, "--strict")
    assert code == 6 and "5 of 8 claims are not supported" in err and "docintel traces show" in err
    good = _write(isolated_env / "good.json", _message(ANTHROPIC["content"][1], ANTHROPIC["content"][3]))
    assert run_cli("verify", good, corpus_pdf, "--strict")[0] == 0
    empty = _write(isolated_env / "empty.json", _message(_text("I could not find that.")))
    code, data, _ = _verify(run_cli, empty, corpus_pdf)
    assert code == 0 and data["claims"] == [] and "the answer holds no claim" in data["notes"]
    assert run_cli("verify", empty, corpus_pdf, "--strict")[0] == 6  # nothing supported is not all supported


def test_two_documents_are_picked_by_document_index(run_cli, corpus_pdf, make_pdf, isolated_env):
    other = make_pdf("memo.pdf", [["Internal memo", "The warehouse in Tulsa closed on May 5, 2025."]])
    memo_claim = _text(
        "The Tulsa warehouse closed on May 5, 2025.", _page("The warehouse in Tulsa closed on May 5, 2025.", 1, 2, 1)
    )
    wrong_doc = _text(
        "The Tulsa warehouse closed on May 5, 2025.", _page("The warehouse in Tulsa closed on May 5, 2025.", 1, 2, 0)
    )
    answer = _write(isolated_env / "two.json", _message(ANTHROPIC["content"][1], memo_claim, wrong_doc))
    code, data, err = _verify(run_cli, answer, corpus_pdf, other)
    assert code == 0, err
    assert _statuses(data) == ["supported", "supported", "quote_not_found"]  # document_index 0 is not the memo
    assert data["claims"][1]["evidence"][0]["doc"] == "memo" and data["documents"] == [NORTHWIND_ID, "memo"]
    before = _traces(isolated_env / "traces")
    code, out, err = run_cli("verify", answer, corpus_pdf)  # the memo (document_index 1) is not given
    assert code == 2 and out == "" and "document_index 1" in err and "in the order they were sent" in err
    assert _traces(isolated_env / "traces") == before  # nothing written


# ----------------------------------------------------------------------------------------------- OpenAI


def _response(text: str, annotations: list[dict], results: list[dict] | None, search: bool = True) -> dict:
    output: list[dict] = []
    if search:
        output.append(
            {
                "id": "fs_67c09ccea8c48191ade9367e3ba71515",
                "type": "file_search_call",
                "status": "completed",
                "queries": ["Northwind capital expenditures"],
                "results": results,
            }
        )
    output.append(
        {
            "id": "msg_67c09cd3091c819185af2be5d13d87de",
            "type": "message",
            "status": "completed",
            "role": "assistant",
            "content": [{"type": "output_text", "text": text, "annotations": annotations}],
        }
    )
    return {"id": "resp_67c09c5", "object": "response", "status": "completed", "model": "gpt-4.1", "output": output}


def _cite(index: int, filename: str = "northwind-annual-report-2025.pdf") -> dict:
    return {"type": "file_citation", "index": index, "file_id": "file-2dtbBZdjtDKS8eqWxqbgDi", "filename": filename}


PASSAGE = (  # a retrieved chunk as another parser reads it: the lines broken differently, some not in the PDF
    "Consolidated statement of cash flows (in millions) Fiscal 2025 Fiscal 2024\n"
    "Purchases of property and equipment (71.4) (58.9)\n"
    "Net cash used in investing activities (69.0) (57.3)\n"
    "[page footer inserted by the chunker]"
)


def test_openai_file_citations_are_checked_against_the_search_results(run_cli, corpus_pdf, isolated_env):
    first = "Northwind's purchases of property and equipment were $71.4 million in fiscal 2025."
    second = " Net cash used in investing activities was $69.1 million in fiscal 2025."  # a digit off
    text = first + second
    results = [
        {
            "file_id": "file-2dtbBZdjtDKS8eqWxqbgDi",
            "filename": "northwind-annual-report-2025.pdf",
            "score": 0.91,
            "text": PASSAGE,
            "attributes": {},
        },
    ]
    answer = _write(isolated_env / "openai.json", _response(text, [_cite(len(first)), _cite(len(text))], results))
    code, data, err = _verify(run_cli, answer, corpus_pdf)
    assert code == 0, err
    assert [c["claim"] for c in data["claims"]] == [first, second.strip()]
    assert _statuses(data) == ["supported", "contradicted"]
    found = data["claims"][0]["evidence"]
    assert [(e["line_start"], e["line_end"]) for e in found] == [(41, 42), (49, 50)]  # the footer is no line
    assert {p for e in found for p in e["pages"]} == {4} and "69.1" in data["claims"][1]["detail"]
    assert "3 of the passage's 4 lines found, in 2 runs" in data["claims"][0]["quotes"][0]["detail"]
    assert data["answer"] == {"path": str(answer.resolve()), "format": "openai", "model": "gpt-4.1"}
    # the search returned another chunk of the file that is not in the PDF: a candidate, not a failed quote
    stray = {
        "file_id": "file-2dtbBZdjtDKS8eqWxqbgDi",
        "filename": "northwind-annual-report-2025.pdf",
        "score": 0.2,
        "text": "Quarterly dividends were raised twice during the year by the board",
        "attributes": {},
    }
    answer = _write(isolated_env / "two.json", _response(first, [_cite(len(first))], [stray, *results]))
    code, data, err = _verify(run_cli, answer, corpus_pdf)
    assert code == 0 and _statuses(data) == ["supported"], err
    assert [q["match"] for q in data["claims"][0]["quotes"]] == ["not_found", "normalised"]
    answer = _write(isolated_env / "stray.json", _response(first, [_cite(len(first))], [stray]))
    assert _statuses(_verify(run_cli, answer, corpus_pdf)[1]) == ["quote_not_found"]


def test_openai_output_without_search_results_is_unverifiable(run_cli, corpus_pdf, isolated_env):
    text = "Northwind spent $71.4 million on property and equipment in fiscal 2025."
    for results in (None, []):
        answer = _write(isolated_env / "openai.json", _response(text, [_cite(len(text))], results))
        code, data, err = _verify(run_cli, answer, corpus_pdf)
        assert code == 0, err
        assert _statuses(data) == ["unverifiable"]
        assert 'include=["file_search_call.results"]' in data["claims"][0]["detail"]
    elsewhere = _write(isolated_env / "x.json", _response(text, [_cite(len(text), "other.pdf")], None))
    code, _, err = _verify(run_cli, elsewhere, corpus_pdf, corpus_pdf.parent / "missing.pdf")
    assert code == 3 and "missing.pdf" in err  # a DOC that does not exist: input error before anything


# ---------------------------------------------------------------------------------------------- claim files


CLAIM_ROWS = [
    {
        "claim": "Net income was 109.8 million in fiscal 2025",
        "quote": "Net income 109.8 88.1 70.5",
        "page": "3",
        "value": "109.8",
        "unit": "millions",
        "period": "2025",
    },
    {
        "claim": "Net income was 88.1 million in fiscal 2025",
        "quote": "Net income 109.8 88.1 70.5",
        "page": "3",
        "value": "88.1",
        "unit": "millions",
        "period": "2025",
    },
    {
        "claim": "Net income was 109.9 million in fiscal 2025",
        "quote": "Net income 109.8 88.1 70.5",
        "page": "3",
        "value": "109.9",
        "unit": "millions",
        "period": "2025",
    },
    {
        "claim": "Refunds are issued within 5 business days.",
        "quote": "Refunds are issued within 5 business days",
        "page": "",
        "value": "",
        "unit": "",
        "period": "",
    },
    {
        "claim": "Refunds are issued within 5 business days.",
        "quote": "",
        "page": "",
        "value": "",
        "unit": "",
        "period": "",
    },
]
CLAIM_STATUSES = ["supported", "contradicted", "contradicted", "supported", "unverifiable"]


def test_csv_and_jsonl_claims(run_cli, corpus_pdf, isolated_env):
    path = isolated_env / "claims.csv"
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(CLAIM_ROWS[0]))
        writer.writeheader()
        writer.writerows(CLAIM_ROWS)
    code, data, err = _verify(run_cli, path, corpus_pdf)
    assert code == 0, err
    assert data["answer"]["format"] == "claims" and _statuses(data) == CLAIM_STATUSES
    jsonl = isolated_env / "claims.jsonl"
    rows = [{k: v for k, v in r.items() if v} | {"doc": "northwind-annual-report-2025.pdf"} for r in CLAIM_ROWS]
    jsonl.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    code, data, err = _verify(run_cli, jsonl, corpus_pdf)
    assert code == 0, err
    assert _statuses(data) == CLAIM_STATUSES
    assert data["claims"][1]["evidence"][0]["line_start"] == 30
    assert run_cli("verify", jsonl, corpus_pdf, "--strict")[0] == 6
    jsonl.write_text(json.dumps(rows[0]) + "\n" + json.dumps(rows[3]) + "\n")
    assert run_cli("verify", jsonl, corpus_pdf, "--strict", "--from", "claims")[0] == 0


def test_counts_dates_and_quotes_that_do_not_name_the_concept(run_cli, corpus_pdf, isolated_env):
    rows = [
        ("Northwind had 412 stores at year end in fiscal 2025.", "Stores at year end 412 374 351", "supported"),
        ("Northwind had 374 stores at year end in fiscal 2025.", "Stores at year end 412 374 351", "contradicted"),
        # the quote holds the figure but not what it is: it does not establish the claim
        ("Free cash flow was $101.1 million in fiscal 2025.", "was $101.1 million in fiscal 2025", "unsupported"),
        (
            "The $200 million facility matures on June 30, 2029.",
            "facility of $200 million matures on June 30, 2028",
            "contradicted",
        ),
        (
            "Customers may return unused merchandise within 45 days of purchase.",
            "Customers may return unused merchandise within 45 days of purchase",
            "supported",
        ),
        (
            "Customers may return unused merchandise within 60 days of purchase.",
            "Customers may return unused merchandise within 45 days of purchase",
            "contradicted",
        ),
    ]
    path = isolated_env / "claims.jsonl"  # no doc named: the one DOC given; no page: anywhere in it
    path.write_text("".join(json.dumps({"claim": c, "quote": q}) + "\n" for c, q, _ in rows))
    code, data, err = _verify(run_cli, path, corpus_pdf)
    assert code == 0, err
    assert _statuses(data) == [s for _, _, s in rows]
    assert "could not be checked" in data["claims"][2]["detail"]
    assert all(e["on_cited_pages"] is None for c in data["claims"] for e in c["evidence"])


def test_a_quote_printed_at_several_places_is_checked_where_it_holds(run_cli, make_pdf, isolated_env):
    pdf = make_pdf(
        "acme.pdf",
        [
            ["Acme at a glance", "Highlights", "Net income 150.0 120.0", "Stores 40 35"],  # no header: no columns
            [
                "Consolidated statements of income",
                "(in millions)",
                "Year ended December 31, 2023 2022",
                "Net sales 1,500.0 1,400.0",
                "Net income 150.0 120.0",
            ],
        ],
    )
    rows = [
        {"claim": "Acme's net income was $120.0 million in 2022.", "quote": "Net income 150.0 120.0"},
        {"claim": "Acme's net income was $150.0 million in 2022.", "quote": "Net income 150.0 120.0"},
    ]
    path = isolated_env / "claims.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    code, data, err = _verify(run_cli, path, pdf)
    assert code == 0, err
    assert _statuses(data) == ["supported", "contradicted"]
    assert data["claims"][0]["evidence"][0]["pages"] == [2]  # the first place (page 1) names no period
    assert data["claims"][1]["evidence"][0]["pages"] == [1]  # nowhere does it hold: the first place is shown


def test_bad_input_is_a_clear_error_and_writes_nothing(run_cli, corpus_pdf, isolated_env):
    cases = {
        "garbage.json": ("{not json at all", 3, "line 1 is not a JSON object"),
        "shape.json": ('{"choices": []}', 3, "unknown shape (keys: choices)"),
        "nocol.csv": ("text,quote\nx,y\n", 3, "neither JSON, JSONL nor a CSV"),
        "doc.jsonl": ('{"claim": "x", "quote": "y", "doc": "nowhere.pdf"}\n', 2, "'nowhere.pdf'"),
        "page.jsonl": ('{"claim": "x", "quote": "y", "page": 0}\n', 3, "not 1-based"),
        "unit.jsonl": ('{"claim": "x", "quote": "y", "value": 1, "unit": "furlongs"}\n', 3, "unit 'furlongs'"),
    }
    for name, (content, expected, message) in cases.items():
        path = isolated_env / name
        path.write_text(content)
        code, out, err = run_cli("verify", path, corpus_pdf)
        assert (code, out) == (expected, ""), (name, err)
        assert err.startswith("error: ") and message in err and " — " in err, (name, err)
    code, _, err = run_cli("verify", isolated_env / "absent.json", corpus_pdf)
    assert code == 3 and "does not exist" in err
    no_text = _message(_text("x", {"type": "page_location", "document_index": 0, "start_page_number": 1}))
    code, _, err = run_cli("verify", _write(isolated_env / "nt.json", no_text), corpus_pdf, "--from", "anthropic")
    assert code == 3 and "content[0].citations[0] has no cited_text" in err
    code, _, err = run_cli("verify", _write(isolated_env / "o.json", {"output": []}), corpus_pdf, "--from", "anthropic")
    assert code == 3 and "no 'content' list" in err
    assert _traces(isolated_env / "traces") == []


def test_content_blocks_and_web_citations(run_cli, corpus_pdf, isolated_env):
    block = {
        "type": "content_block_location",
        "cited_text": "Refunds are issued within 5 business days after the returned item reaches our distribution",
        "document_index": 0,
        "document_title": None,
        "start_block_index": 0,
        "end_block_index": 1,
    }
    web = {
        "type": "web_search_result_location",
        "cited_text": "y",
        "url": "https://example.com",
        "title": "t",
        "encrypted_index": "e",
    }
    answer = _message(
        _text("Refunds are issued within 5 business days.", block),
        _text("Refunds take 7 business days.", block),
        _text("Northwind has 412 stores.", web),
    )
    code, data, err = _verify(run_cli, _write(isolated_env / "blocks.json", answer), corpus_pdf)
    assert code == 0, err
    assert _statuses(data) == ["supported", "contradicted", "unverifiable"]
    assert (
        data["claims"][0]["evidence"][0]["line_start"] == 63
        and data["claims"][0]["evidence"][0]["on_cited_pages"] is None
    )
    assert "web_search_result_location" in data["claims"][2]["detail"]


# ------------------------------------------------------------------------------------- docintel's own answer


def test_docintel_ask_output_is_checked_again(run_cli, corpus_pdf, isolated_env):
    code, out, err = run_cli("ask", "How much were capital expenditures in fiscal 2025?", corpus_pdf, "--json")
    assert code == 0, err
    asked = isolated_env / "ask.json"
    asked.write_text(out)
    code, data, err = _verify(run_cli, asked, corpus_pdf)
    assert code == 0, err
    assert data["answer"]["format"] == "docintel" and _statuses(data) == ["supported"]
    trace = json.loads(out)["trace_path"]
    code, again, _ = _verify(run_cli, trace, corpus_pdf)
    assert code == 0 and _statuses(again) == ["supported"]


# ---------------------------------------------------------------------------------------- trace and view


def test_each_run_leaves_a_verify_trace_listed_shown_and_viewed(run_cli, corpus_pdf, isolated_env):
    answer = _write(isolated_env / "claude.json", ANTHROPIC)
    code, data, _ = _verify(run_cli, answer, corpus_pdf)
    trace_id = data["trace_id"]
    assert code == 0 and Path(data["trace_path"]).is_file()
    code, out, _ = run_cli("traces", "list", "--json")
    row = json.loads(out)["traces"][0]
    assert row["id"] == trace_id and row["kind"] == "verify" and row["final"] == "citation_failed"
    assert row["question"] == "verify claude.json (anthropic, 8 claims)" and row["docs"] == [NORTHWIND_ID]
    code, out, _ = run_cli("traces", "show", trace_id)
    assert code == 0 and "(verify)" in out and "2. ✗ CONTRADICTED: Capital expenditures" in out
    code, out, _ = run_cli("traces", "show", trace_id, "--json")
    stored = json.loads(out)
    assert stored["kind"] == "verify" and stored["claims"]["claims"] == data["claims"]
    assert stored["claims"]["summary"] == data["summary"]
    page = isolated_env / "page.html"
    code, _, err = run_cli("traces", "export", trace_id, "--html", page)
    assert code == 0, err
    html = page.read_text()
    assert 'id="claims"' in html and "quote not found" in html
    assert 'class="box s-verified"' in html and 'data-line="27"' in html  # the found line boxed on its page
    assert 'class="box s-failed"' in html and 'data-line="32"' in html  # the contradicted claim's line
    negated = re.search(r'<div class="box s-(\w+)"[^>]*data-item="3" data-line="64"', html)
    assert negated and negated.group(1) == "failed"  # every check held but the claim negates it: failed all the same
    code, _, err = run_cli("traces", "verify", trace_id)
    assert code == 2 and "is a verify trace" in err and "docintel verify ANSWER DOC" in err


# ----------------------------------------------------------------------------------------- shared filings


@needs_shared
def test_filing_claims_from_anthropic_and_openai(run_cli, isolated_env):
    # Anthropic: the cash flow row as another parser reads it, cited on its page and on another one
    filing = FINANCEBENCH / "pdfs" / "3M_2018_10K.pdf"
    row = "Purchases of property, plant and equipment (PP&E)\n(1,577)\n(1,373)\n(1,420)"  # as another parser reads it
    answer = _write(
        isolated_env / "claude.json",
        _message(
            _text("3M's capital expenditures were $1,577 million in 2018.", _page(row, 60)),
            _text("3M's capital expenditures were $1,373 million in 2018.", _page(row, 60)),
            _text("3M's capital expenditures were $1,577 million in 2018.", _page(row, 12)),  # the wrong page
        ),
    )
    code, data, err = _verify(run_cli, answer, filing)
    assert code == 0, err
    assert _statuses(data) == ["supported", "contradicted", "supported"]
    assert data["claims"][0]["evidence"][0]["line_start"] == data["claims"][0]["evidence"][0]["line_end"] == 2356
    assert data["claims"][0]["evidence"][0]["match"] == "normalised"
    assert data["claims"][2]["evidence"][0]["on_cited_pages"] is False
    # OpenAI: the whole page as file search returned it (the filing is read once: its text is cached)
    gold = next(
        json.loads(line)["evidence"][0]["evidence_text"]
        for line in (FINANCEBENCH / "questions.jsonl").read_text().splitlines()
        if json.loads(line)["doc_name"] == "3M_2018_10K" and "capital expenditure" in line
    )  # the cash flow statement as another parser reads it: each cell on a line of its own
    first = "3M's purchases of property, plant and equipment were $1,577 million in 2018."
    second = " Depreciation and amortization was $1,544 million in 2018."  # the 2017 column's figure
    text = first + second
    result = {
        "file_id": "file-2dtbBZdjtDKS8eqWxqbgDi",
        "filename": filing.name,
        "score": 0.8,
        "text": gold,
        "attributes": {},
    }
    cites = [_cite(len(first), filing.name), _cite(len(text), filing.name)]
    answer = _write(isolated_env / "openai.json", _response(text, cites, [result]))
    code, data, err = _verify(run_cli, answer, filing)
    assert code == 0, err
    assert _statuses(data) == ["supported", "contradicted"]
    assert "2017 column" in data["claims"][1]["detail"]
    assert {p for e in data["claims"][0]["evidence"] for p in e["pages"]} == {60}


def test_verify_help_is_the_manual(capsys):
    from docintel.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main(["verify", "--help"])
    out = capsys.readouterr().out
    assert exit_info.value.code == 0
    for word in (
        "anthropic",
        "openai",
        "claims",
        "docintel",
        "page_location",
        "char_location",
        "file_citation",
        'include=["file_search_call.results"]',
        "--strict",
        "--json",
        "--from",
        "contradicted",
        "quote_not_found",
        "unverifiable",
        "traces show",
        "exits 6",
    ):
        assert word in out, word
