"""Guards: tests that turn red when a behaviour that matters is broken.

Each group names the behaviour it protects. The retrieval, verification and extractive tests
were checked by breaking the code on purpose (the whole-number rule, the ellipsis split, the
ablations, the section boosts, the relevance floor, the page diversity, the extractive ranking
factors): each such change turns at least one test here red.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from docintel.answer.contract import TextAnswer
from docintel.context.pack import pack_context
from docintel.ingest.documents import Ingestor
from docintel.progress import Reporter
from docintel.question.parse import parse_question
from docintel.retrieval.search import retrieve
from docintel.settings import load_settings
from docintel.verify.verifier import verify_answer
from scripts.pdfwriter import Page
from tests.conftest import API_KEY, ROOT, interruptible, read_traces
from tests.fake_openai import chat_body, responses_body


def filler(topic: str, n: int) -> list[str]:
    return [f"{topic} note {i}: the committee reviewed {topic} matters and noted routine items." for i in range(n)]


def prepare(paths, question, budget=12000, **overrides):
    """Ingest, retrieve and pack with the real stages (settings from the environment plus *overrides*)."""
    settings = load_settings({"budget_chars": budget, **overrides})
    docs = Ingestor(settings).ingest(paths).documents
    retrieval = retrieve(parse_question(question), docs, settings)
    return docs, retrieval, pack_context(retrieval, docs, settings)


def text_answer(*spans) -> TextAnswer:
    keys = ("doc", "line_start", "line_end", "quote")
    return TextAnswer(
        answer_type="text",
        answer_found=True,
        complete_answer_found=True,
        conflicting_evidence=False,
        context_structured=True,
        caveats=[],
        items=[{"text": "x", "spans": [dict(zip(keys, s, strict=True)) for s in spans]}],
    )


def verdict_of(setup, start, end, quote):
    docs, context = setup
    return verify_answer(text_answer((None, start, end, quote)), context, docs).spans[0]


def subprocess_env(**extra: str) -> dict[str, str]:
    """The test's environment (isolated cache, traces, server) for a ``python -m docintel`` child."""
    return {**os.environ, "PYTHONPATH": str(ROOT), **extra}


# ------------------------------------------------------------------ a. numbers are never cut


@pytest.fixture
def numbers_setup(make_pdf):
    lines = [
        "Total revenue was 12,853 million in fiscal 2025.",  # 1
        "Segment revenue was 2,853 million in fiscal 2025.",  # 2
        "The coupon rate is 0.5 percent per year.",  # 3
        "Service fees rose by 5 percent per year.",  # 4
        "Backlog orders were 1,204.7 thousand at year end.",  # 5
    ]
    path = make_pdf("numbers.pdf", [lines])
    docs, _, context = prepare([path], "revenue coupon fees backlog")
    assert context.status == "ok" and len(context.sources[0].lines) == 5  # the whole document was sent
    return docs, context


def test_whole_numbers_verify_where_they_are_printed(numbers_setup):
    for line, quote in [
        (1, "12,853 million"),
        (2, "2,853 million"),
        (3, "0.5 percent"),
        (4, "5 percent"),
        (1, "in fiscal 2025."),
        (5, "1,204.7 thousand"),
        (2, "Segment revenue was 2,853"),
    ]:
        assert verdict_of(numbers_setup, line, line, quote).verdict == "verified", quote


def test_a_number_is_never_matched_inside_a_longer_one(numbers_setup):
    # "2,853" cited on the line that only holds "12,853": the number is elsewhere, at line 2
    v = verdict_of(numbers_setup, 1, 1, "2,853 million")
    assert v.verdict == "wrong_lines" and (v.found_line_start, v.found_line_end) == (2, 2)
    # "853" is not inside "2,853" (nor "12,853"): no line prints 853 on its own
    assert verdict_of(numbers_setup, 2, 2, "853 million").verdict == "quote_not_found"
    # "5" is not inside "0.5": the whole 5 is at line 4
    v = verdict_of(numbers_setup, 3, 3, "5 percent per year")
    assert v.verdict == "wrong_lines" and v.found_line_start == 4
    # cutting at the end: "12" of "12,853", "1,204" of "1,204.7", "0" of "0.5"
    assert verdict_of(numbers_setup, 1, 1, "Total revenue was 12").verdict == "quote_not_found"
    assert verdict_of(numbers_setup, 5, 5, "Backlog orders were 1,204").verdict == "quote_not_found"
    assert verdict_of(numbers_setup, 3, 3, "The coupon rate is 0").verdict == "quote_not_found"


def test_a_cut_number_fails_through_the_openai_backend_too(run_cli, make_pdf, fake_openai):
    path = make_pdf("cut.pdf", [["Total revenue was 12,853 million in fiscal 2025.", "Nothing else is reported here."]])
    answer = {
        "answer_type": "amount",
        "answer_found": True,
        "complete_answer_found": True,
        "conflicting_evidence": False,
        "context_structured": True,
        "caveats": [],
        "items": [
            {
                "label": "revenue",
                "amount": {"value": 2853, "currency": "USD", "unit": "millions"},
                "period": "fiscal 2025",
                "calculation": None,
                "spans": [{"doc": None, "line_start": 1, "line_end": 1, "quote": "2,853 million"}],
            }
        ],
    }
    fake_openai.push_answer(answer)
    code, out, _ = run_cli(
        "ask", "What was total revenue in fiscal 2025?", path, "--json", "--backend", "openai", "--strict"
    )
    data = json.loads(out)
    assert code == 6 and data["verification"]["status"] == "failed"
    assert data["verification"]["spans"][0]["verdict"] == "quote_not_found"


# ------------------------------------------------------------------ e. ellipsis in quotes


@pytest.fixture
def ellipsis_setup(make_pdf):
    lines = [
        "Revenue was $1,284.6 million in fiscal 2025, driven by outdoor apparel.",  # 1
        "Operating margin improved to 11.8% as freight costs normalized.",  # 2
        "The board approved the plan.",  # 3
    ]
    path = make_pdf("ellipsis.pdf", [lines])
    docs, _, context = prepare([path], "revenue margin board")
    return docs, context


def test_an_ellipsis_joins_pieces_of_the_cited_lines_in_order(ellipsis_setup):
    """The prompt asks for no ellipsis, but a model that writes one anyway is checked piece by piece:
    each piece must be in the cited lines, in the order quoted, and no piece may cut a number."""
    for quote in (
        "Revenue was $1,284.6 million ... driven by outdoor apparel",
        "Revenue was \u2026 outdoor apparel",
        "Revenue was...in fiscal 2025...apparel",
    ):
        assert verdict_of(ellipsis_setup, 1, 1, quote).verdict == "verified", quote
    v = verdict_of(ellipsis_setup, 1, 2, "driven by outdoor apparel. ... improved to 11.8%")
    assert v.verdict == "verified"


def test_an_ellipsis_does_not_loosen_the_check(ellipsis_setup):
    # pieces out of order
    assert verdict_of(ellipsis_setup, 1, 1, "driven by outdoor apparel ... Revenue was").verdict == "quote_not_found"
    # a piece that is not in the document
    assert verdict_of(ellipsis_setup, 1, 1, "Revenue was ... driven by footwear").verdict == "quote_not_found"
    # a piece from a line that was not cited: found, but at lines 1-2
    v = verdict_of(ellipsis_setup, 1, 1, "Revenue was ... Operating margin improved")
    assert v.verdict == "wrong_lines" and (v.found_line_start, v.found_line_end) == (1, 2)
    # a piece that cuts a number: 1.8% is inside 11.8%
    assert verdict_of(ellipsis_setup, 1, 2, "Revenue was ... to 1.8%").verdict == "quote_not_found"
    # nothing but an ellipsis
    assert verdict_of(ellipsis_setup, 1, 1, "...").verdict == "quote_not_found"
    assert verdict_of(ellipsis_setup, 1, 1, " \u2026 ").verdict == "quote_not_found"


# ------------------------------------------------------------------ b. ablations

EXPECTED_ABLATIONS = {
    "keywords": {"use_keywords_in_prompt": False},
    "heading_labels": {"use_heading_labels": False},
    "table_headers": {"use_table_headers": False},
    "escalation": {"use_escalation": False},
    "synonyms": {"use_synonyms": False},
    "section_hints": {"use_section_hints": False},
    "page_hints": {"use_page_hints": False},
    "page_diversity": {"same_page_decay": 1.0},
    "sequential": {"strategy": "combined"},
    "examples": {"use_examples": False},
}


@pytest.fixture
def ablation_gold(make_pdf, tmp_path):
    """A report where one question needs its page hint and another needs the synonym dictionary."""
    harbour = [
        f"Harbour traffic note {i}: the harbour master logged harbour arrivals and harbour fees." for i in range(24)
    ]
    fiscal = [
        f"Fiscal 2025 weather note {i}: the fiscal 2025 season was mild and fiscal planning went on." for i in range(24)
    ]
    pages = [
        harbour,
        fiscal,
        filler("garden", 24),
        ["Cash flows from investing activities"]
        + filler("ledger", 10)
        + ["(in millions) Year ended June 30 2025 2024", "Purchases of property, plant and equipment (1,577) (1,373)"]
        + filler("ledger", 10),
        filler("river", 24),
    ]
    pdf = make_pdf("ablate.pdf", pages)
    rows = [
        {"id": "page3", "question": "What does page 3 say about the harbour?", "doc": "ablate", "gold_pages": [3]},
        {
            "id": "capex",
            "question": "What were capital expenditures in fiscal 2025?",
            "doc": "ablate",
            "gold_pages": [4],
            "answer": "$1,577",
        },
    ]
    path = tmp_path / "gold.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path, pdf


def test_every_ablation_changes_its_settings_and_nothing_else(run_cli, ablation_gold, isolated_env):
    gold, pdf = ablation_gold
    ablate = [arg for name in EXPECTED_ABLATIONS for arg in ("--ablate", name)]
    code, out, _ = run_cli("eval", gold, pdf, "--budget-chars", "2500", "--json", *ablate)
    assert code == 0
    report = json.loads(out)
    traces = {t["trace_id"]: t for t in read_traces(isolated_env / "traces")}

    def settings_of(run):
        found = [traces[q["trace_id"]]["settings"] for q in run["questions"]]
        assert all(s == found[0] for s in found)
        return found[0]

    runs = {r["label"]: r for r in report["runs"]}
    full = settings_of(runs["full@2500"])
    for name, expected in EXPECTED_ABLATIONS.items():
        ablated = settings_of(runs[f"-{name}@2500"])
        changed = {k: v for k, v in ablated.items() if full.get(k) != v}
        assert changed == expected, name
        assert runs[f"-{name}@2500"]["settings_hash"] != runs["full@2500"]["settings_hash"], name


def test_ablating_page_hints_and_synonyms_changes_retrieval(run_cli, ablation_gold):
    gold, pdf = ablation_gold
    code, out, _ = run_cli(
        "eval", gold, pdf, "--budget-chars", "2500", "--json", "--ablate", "page_hints", "--ablate", "synonyms"
    )
    assert code == 0
    report = json.loads(out)
    hits = {r["label"]: {q["id"]: q["page_hit"] for q in r["questions"]} for r in report["runs"]}
    assert hits["full@2500"] == {"page3": True, "capex": True}
    assert hits["-page_hints@2500"]["page3"] is False
    assert hits["-synonyms@2500"]["capex"] is False
    assert report["flips"]["ablate page_hints"]["hit_to_miss"] == ["page3"]
    assert report["flips"]["ablate synonyms"]["hit_to_miss"] == ["capex"]
    full = next(r for r in report["runs"] if r["label"] == "full@2500")
    assert {q["id"]: q["answer_match"] for q in full["questions"]}["capex"] is True  # -1,577 quoted and verified


# ------------------------------------------------------------------ c. retrieval: sections, floor, diversity

SECTION_BODY = [
    "Depreciation and amortization were 512 million in the year, as reported in the annual filing.",
    "Deferred income taxes were 35 million in the year, as reported in the annual filing.",
    "Stock based compensation was 77 million in the year, as reported in the annual filing.",
    "Changes in receivables were a use of 41 million in the year, as reported in the annual filing.",
    "Changes in inventories were a use of 18 million in the year, as reported in the annual filing.",
    "Other operating items were a source of 9 million in the year, as reported in the annual filing.",
]


@pytest.fixture
def sections_pdf(make_pdf):
    # The same words on pages 1 and 2; only page 2's heading names the statement ("Cash Flow Statement").
    # Page 1 comes first, so without the section boost it would win the tie.
    pages = [["Cash Statement Flow"] + SECTION_BODY, ["Cash Flow Statement"] + SECTION_BODY, filler("weather", 20)]
    return make_pdf("sections.pdf", pages)


@pytest.mark.parametrize(
    "question,kind",
    [
        ("What was depreciation in the cash flow statement?", "named"),  # the question names the section
        ("What was depreciation and amortization?", "implied"),  # the concept lives there (domain dictionary)
    ],
)
def test_a_passage_under_the_named_section_outranks_an_equal_one(sections_pdf, question, kind):
    parsed = parse_question(question)
    assert ("cash flow statement" in parsed.section_hints) == (kind == "named")
    assert ("cash flow statement" in parsed.implied_sections) == (kind == "implied")
    docs, retrieval, _ = prepare([sections_pdf], question)
    first = {}
    for c in retrieval.candidates:
        first.setdefault(c.passage.page, c)
    assert retrieval.candidates[0].passage.page == 2
    assert first[2].score > first[1].score * 1.1
    assert first[2].section_match == "cash flow statement" and first[1].section_match is None
    # with a budget for one passage, the passage under the named section is the one sent
    _, _, context = prepare([sections_pdf], question, budget=1000)
    assert {line.page for s in context.sources for line in s.lines} == {2}
    # switching section hints off makes the two pages tie again (page 1 first)
    _, retrieval, _ = prepare([sections_pdf], question, use_section_hints=False)
    assert retrieval.candidates[0].passage.page == 1 and retrieval.candidates[0].score == retrieval.candidates[1].score


@pytest.fixture
def floor_pdf(make_pdf):
    strong = [
        "Harbour tariff revenue rose to $4.2 million as the harbour authority raised the tariff.",
        "The harbour authority expects tariff revenue from the harbour to keep rising.",
    ]
    weak = "The garden committee planted trees; one visitor asked about revenue in passing."
    pages = [strong + filler("weather", 4), filler("garden", 12) + [weak] + filler("garden", 12), filler("river", 30)]
    return make_pdf("floor.pdf", pages), weak


def test_passages_below_the_relevance_floor_are_not_sent(floor_pdf):
    pdf, weak = floor_pdf
    question = "What was the harbour tariff revenue of the authority?"
    _, retrieval, context = prepare([pdf], question, budget=3000)
    sent = [line.text for s in context.sources for line in s.lines]
    assert context.status == "ok" and weak not in sent
    assert retrieval.below_floor > 0 and {c.passage.page for c in retrieval.candidates} == {1}
    assert context.budget.remaining_chars > 1000  # there was room: the weak passage was left out for its score
    # without a floor the weak passage matches and fits: the floor is what kept it out
    _, retrieval, context = prepare([pdf], question, budget=3000, relevance_floor=0.0)
    assert weak in [line.text for s in context.sources for line in s.lines]


@pytest.fixture
def crowded_pdf(make_pdf):
    # Page 1: five passages that each mention the levy once; page 2: one passage that says a little less.
    page1 = [
        line
        for i in range(5)
        for line in [f"Dredging levy receipts were reported again in block {i}."] + filler("weather", 7)
    ]
    page2 = ["Dredging levy receipts for the northern basin were 3.1 million."] + filler("garden", 7)
    return make_pdf("crowded.pdf", [page1, page2, filler("river", 30), filler("forest", 30)])


def test_passages_of_one_page_do_not_crowd_out_other_pages(crowded_pdf):
    question = "What were the dredging levy receipts?"
    _, retrieval, context = prepare([crowded_pdf], question, budget=3400)
    assert {line.page for s in context.sources for line in s.lines} == {1, 2}
    ranks = {c.passage.page: c.rank for c in reversed(retrieval.candidates)}
    assert ranks[2] <= 3
    scores = [c.score for c in retrieval.candidates if c.passage.page == 1]
    assert scores == sorted(scores, reverse=True) and scores[-1] < scores[0] * 0.8  # each further one counts less
    # the same question without diversity: page 1 fills the budget, page 2 is crowded out
    _, _, context = prepare([crowded_pdf], question, budget=3400, same_page_decay=1.0)
    assert {line.page for s in context.sources for line in s.lines} == {1}


# ------------------------------------------------------------------ d. the extractive backend picks the right line


def extractive(run_cli, pdf, question, *extra):
    code, out, _ = run_cli("ask", question, pdf, "--json", "--backend", "extractive", *extra)
    assert code == 0
    data = json.loads(out)
    assert data["verification"]["status"] == "verified"
    return data["answer"]["items"]


def test_extractive_amount_prefers_a_line_with_an_amount_over_headings_and_contents(run_cli, make_pdf):
    answer = "Dredging levy revenue was $4,210 thousand in fiscal 2025."
    pdf = make_pdf(
        "amount.pdf",
        [
            [
                "Contents",
                "Dredging levy revenue, fiscal 2025 ........ 14",  # contents entry
                "The dredging levy revenue policy for fiscal 2025 was reviewed by the board again.",  # no amount
                answer,
                "Harbour dues were unchanged.",
            ]
        ],
    )
    items = extractive(run_cli, pdf, "What was the dredging levy revenue in fiscal 2025?")
    assert items[0]["spans"][0]["quote"] == answer
    assert items[0]["amount"]["value"] == 4210 and items[0]["amount"]["currency"] == "USD"


def test_extractive_date_prefers_a_line_with_a_date(run_cli, make_pdf):
    answer = "The harbour dredging permit expires on June 30, 2028 under the current terms."
    pdf = make_pdf(
        "date.pdf",
        [
            [
                "The harbour dredging permit expires under terms that the harbour board sets each year.",
                answer,
                "Weather was mild.",
            ]
        ],
    )
    items = extractive(run_cli, pdf, "When does the harbour dredging permit expire?")
    assert items[0]["spans"][0]["quote"] == answer and items[0]["date"]["iso"] == "2028-06-30"


def test_extractive_text_prefers_a_sentence_over_a_bare_heading(run_cli, make_pdf):
    answer = "Dredging permit refunds are paid within thirty days of a written request to the board."
    pdf = make_pdf("text.pdf", [["Dredging Permit Refunds Paid", answer, "Weather was mild."]])
    items = extractive(run_cli, pdf, "How are dredging permit refunds paid?")
    assert items[0]["spans"][0]["quote"] == answer


def test_extractive_reads_a_synonym_phrase_as_the_question_concept(run_cli, make_pdf):
    # "purchases of property, plant and equipment" is what a filing calls capital expenditures: the whole
    # phrase counts like the question's strongest word, so it beats a line with the question's own words.
    answer = "Purchases of property, plant and equipment were (1,577) in the year."
    pdf = make_pdf(
        "capex.pdf",
        [
            [
                "Capital expenditures for the fiscal plan covered 12 ports.",
                answer,
                "Weather was mild.",
                "The harbour board met twice.",
            ]
        ],
    )
    items = extractive(run_cli, pdf, "How much were capital expenditures?")
    assert items[0]["spans"][0]["quote"] == answer and items[0]["amount"]["value"] == -1577


def test_extractive_weighs_rare_question_words_above_common_ones(run_cli, make_pdf):
    answer = "The dredging levy was 3.1 million."
    pdf = make_pdf(
        "idf.pdf",
        [
            [
                *(
                    f"Harbour {what} in fiscal 2025 were {n} per ship."
                    for what, n in (("fees", 12), ("dues", 14), ("charges", 9), ("tolls", 3), ("rents", 7))
                ),
                answer,
                "Weather was mild.",
            ]
        ],
    )
    items = extractive(run_cli, pdf, "What was the dredging levy for the harbour in fiscal 2025?")
    assert items[0]["spans"][0]["quote"] == answer


def test_extractive_does_not_quote_the_section_name_instead_of_the_figure(run_cli, make_pdf):
    answer = "Total cash held at banks was 186.9 million at year end."
    pdf = make_pdf(
        "balance.pdf",
        [
            [
                "The balance sheet lists cash in note 12 of the balance sheet.",
                answer,
                "Weather was mild.",
            ]
        ],
    )
    items = extractive(run_cli, pdf, "What was total cash in the balance sheet?")
    assert items[0]["spans"][0]["quote"] == answer


def test_extractive_prefers_the_line_in_the_better_ranked_passage(run_cli, make_pdf):
    # The same line twice; the second copy sits in the passage that retrieval ranks first (its neighbours
    # also speak of the levy), so it is the one quoted even though the first copy comes earlier.
    line = "Dredging levy receipts were 3.1 million."
    page1 = [line] + filler("weather", 7)
    page2 = [line, "The dredging levy is collected by the harbour board.", "Levy receipts fund dredging."]
    page2 += filler("garden", 5)
    pdf = make_pdf("ranked.pdf", [page1, page2, filler("river", 30), filler("forest", 30)])
    items = extractive(run_cli, pdf, "What were the dredging levy receipts?", "--budget-chars", "2500")
    assert items[0]["spans"][0]["quote"] == line and items[0]["spans"][0]["line_start"] == 9


# ------------------------------------------------------------------ multi-process ingestion


def test_parallel_ingestion_parses_each_document_once_and_matches_serial(make_pdf, corpus_pdf, tmp_path, monkeypatch):
    pdfs = [
        make_pdf("alpha.pdf", [filler("alpha", 30), filler("alpha two", 12)], outline=[("Alpha", 0), ("Two", 1)]),
        make_pdf(
            "beta.pdf",
            [filler("beta", 20), Page(image_only=True), filler("beta three", 5)],
            page_labels=[(0, "r", 1), (1, "D", 1)],
        ),
        make_pdf("gamma.pdf", [["Revenue $ 1,284.6 $ 1,124.9", "Net income 109.8 88.1"] + filler("gamma", 40)]),
        corpus_pdf,
    ]
    duplicate = tmp_path / "docs" / "alpha-copy.pdf"
    duplicate.write_bytes(pdfs[0].read_bytes())
    monkeypatch.setenv("DOCINTEL_INGEST_WORKERS", "2")
    monkeypatch.setenv("DOCINTEL_CACHE_DIR", str(tmp_path / "parallel"))
    stream = io.StringIO()
    settings = load_settings({"progress_interval_s": 0})
    assert settings.ingest_workers == 2
    parallel = Ingestor(settings, reporter=Reporter(stream, interval_s=0)).ingest([*pdfs, duplicate])
    assert not parallel.failures and len(parallel.documents) == 5
    assert not any(d.cache_hit for d in parallel.documents)
    distinct_pages = sum(d.meta.n_pages for d in parallel.documents[:4])
    closing = [line for line in stream.getvalue().splitlines() if line.startswith("parsing: ")][-1]
    assert closing.startswith(f"parsing: 4 files, {distinct_pages} pages in ")  # the copy was not parsed again
    assert len(list((tmp_path / "parallel" / "lines").rglob("*.json"))) == 4

    serial = Ingestor(load_settings({"cache_dir": tmp_path / "serial", "ingest_workers": 1})).ingest([*pdfs, duplicate])
    for a, b in zip(parallel.documents, serial.documents, strict=True):
        assert a.meta.doc_id == b.meta.doc_id
        assert a.lines.equals(b.lines), a.meta.doc_id
        assert a.meta.model_dump(exclude={"path"}) == b.meta.model_dump(exclude={"path"})
    again = Ingestor(load_settings()).ingest(pdfs)
    assert all(d.cache_hit for d in again.documents)


# ------------------------------------------------------------------ the on-disk passage index


def test_the_passage_index_is_reused_from_disk_and_rebuilt_for_another_version(make_pdf, tmp_path, isolated_env):
    from docintel.retrieval.search import TOKENIZER_VERSION

    lines = ["Harbour tariff revenue rose to $4.2 million in fiscal 2025."] + filler("weather", 30)
    first = make_pdf("index-a.pdf", [lines, filler("garden", 30)])
    index_dir = isolated_env / "cache" / "index"

    def index_files():
        return sorted(p.name for p in index_dir.rglob("*.json"))

    def top(pdf, question, **overrides):
        _, retrieval, _ = prepare([pdf], question, **overrides)
        return retrieval.candidates

    assert top(first, "harbour tariff revenue")[0].passage.line_start == 1
    [name] = index_files()
    assert f"-t{TOKENIZER_VERSION}-p8.json" in name
    path = next(index_dir.rglob(name))
    # Mark the stored index: a word that is in no line of the PDF, only in the cached tokens of passage 1.
    entry = json.loads(path.read_text())
    entry["tokens"][0].append("zzqmarker")
    path.write_text(json.dumps(entry))

    # The same content under another name (not in this process's memory): the index is read from disk.
    second = tmp_path / "docs" / "index-b.pdf"
    second.write_bytes(first.read_bytes())
    found = top(second, "zzqmarker")
    assert found and found[0].passage.line_start == 1 and found[0].matched_terms == ["zzqmarker"]
    assert index_files() == [name]

    # An index written under another tokenizer version is not trusted: it is rebuilt under the current name.
    old = path.with_name(re.sub(r"-t[^-]+-p", "-tOLD-p", name))
    path.rename(old)
    third = tmp_path / "docs" / "index-c.pdf"
    third.write_bytes(first.read_bytes())
    assert top(third, "zzqmarker") == []
    assert index_files() == sorted([name, old.name])
    assert "zzqmarker" not in next(index_dir.rglob(name)).read_text()
    # Another passage size is another index.
    fourth = tmp_path / "docs" / "index-d.pdf"
    fourth.write_bytes(first.read_bytes())
    top(fourth, "harbour", passage_lines=4)
    assert any(n.endswith(f"-t{TOKENIZER_VERSION}-p4.json") for n in index_files()) and len(index_files()) == 3


# ------------------------------------------------------------------ settings


def test_settings_lists_every_setting_with_its_variable_and_value(run_cli, monkeypatch):
    from docintel.settings import Settings

    monkeypatch.setenv("DOCINTEL_BUDGET_CHARS", "4321")
    monkeypatch.setenv("OPENAI_API_KEY", API_KEY)
    code, out, _ = run_cli("settings")
    assert code == 0
    variables = {"openai_api_key": "OPENAI_API_KEY", "openai_base_url": "OPENAI_BASE_URL"}
    for name in Settings.model_fields:
        variable = variables.get(name, "DOCINTEL_" + name.upper())
        assert re.search(rf"^{name} = .*\n    {variable}: \S", out, re.M), name
    assert "budget_chars = 4321" in out and "openai_api_key = (set)" in out
    assert API_KEY not in out


def test_environment_beats_dotenv_and_flags_beat_both(run_cli, corpus_pdf, isolated_env, monkeypatch):
    (isolated_env / ".env").write_text("DOCINTEL_BUDGET_CHARS=1777\nDOCINTEL_MODEL=model-from-dotenv\n")
    monkeypatch.setenv("DOCINTEL_BUDGET_CHARS", "2345")
    code, out, _ = run_cli("settings")
    assert code == 0 and "budget_chars = 2345" in out and "model = model-from-dotenv" in out
    code, out, _ = run_cli("context", "refund window", corpus_pdf, "--json")
    assert json.loads(out)["budget"]["budget_chars"] == 2345
    code, out, _ = run_cli("context", "refund window", corpus_pdf, "--json", "--budget-chars", "1900")
    assert json.loads(out)["budget"]["budget_chars"] == 1900
    other = isolated_env / "other.env"
    other.write_text("DOCINTEL_MODEL=model-from-other-file\n")
    monkeypatch.setenv("DOCINTEL_ENV_FILE", str(other))
    code, out, _ = run_cli("settings")
    assert "model = model-from-other-file" in out and "budget_chars = 2345" in out


# ------------------------------------------------------------------ pricing


def test_pricing_of_dated_and_unknown_models():
    from docintel.pricing import estimate_cost, input_limit

    base = estimate_cost("gpt-4.1-mini", 1_000_000, 0)
    assert base == 0.40
    assert estimate_cost("gpt-4.1-mini-2025-04-14", 1_000_000, 0) == base  # a dated snapshot: same price
    assert estimate_cost("gpt-4.1-2025-04-14", 1_000_000, 0) == 2.00  # not mistaken for mini
    assert estimate_cost("gpt-4o-mini-2024-07-18", 0, 1_000_000) == 0.60  # the longest name wins
    assert estimate_cost("gpt-4o-2024-08-06", 0, 1_000_000) == 10.00
    assert estimate_cost("gpt-4.1-mini", 1_000_000, 0, cached_tokens=1_000_000) == 0.10
    expected = round((800 * 0.40 + 200 * 0.10 + 100 * 1.60) / 1e6, 6)
    assert estimate_cost("gpt-4.1-mini", 1000, 100, cached_tokens=200) == expected
    for unknown in ("llama-3.1-8b-instruct", "gpt-4.1-mini-high", "ft:gpt-4o:acme", "gpt-4", "", None):
        assert estimate_cost(unknown, 1000, 1000) is None, unknown  # no estimate rather than a wrong one
        assert input_limit(unknown) is None
    assert input_limit("gpt-4o-2024-08-06") == 128_000 and input_limit("gpt-4.1-nano-2025-04-14") == 1_047_576


def test_cost_in_traces_for_a_dated_and_an_unknown_model(run_cli, corpus_pdf, fake_openai, isolated_env, monkeypatch):
    from tests.test_answer_openai import answer

    monkeypatch.setenv("DOCINTEL_PRICED_HOSTS", "api.openai.com, 127.0.0.1")  # the fake server stands in for OpenAI

    body = json.dumps(answer((None, 60, 60, "within 45 days")))
    fake_openai.push(responses_body(body, model="gpt-4.1-mini-2025-04-14"))
    fake_openai.push(responses_body(body, model="local-llama-3"))
    for model in ("gpt-4.1-mini", "local-llama-3"):
        code, _, _ = run_cli("ask", "What is the refund window?", corpus_pdf, "--json", "--model", model)
        assert code == 0
    dated, unknown = read_traces(isolated_env / "traces")
    assert dated["cost_usd"] == round((1000 * 0.40 + 200 * 0.10 + 80 * 1.60) / 1e6, 6)  # usage of the fake server
    assert unknown["cost_usd"] is None


# ------------------------------------------------------------------ chat completions edge cases


def test_chat_content_filter_is_a_not_found_answer(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.push(chat_body(None, finish_reason="content_filter"))
    code, out, _ = run_cli("ask", "What is the refund window?", corpus_pdf, "--json", "--api", "chat")
    data = json.loads(out)
    assert code == 0 and data["answer"]["answer_found"] is False and data["answer"]["items"] == []
    assert any("content filter" in c for c in data["answer"]["caveats"])
    [trace] = read_traces(isolated_env / "traces")
    assert trace["status"]["answer"] == "refused" or trace["response"].get("outcome") == "refused"


def test_chat_without_choices_is_a_model_error(run_cli, corpus_pdf, fake_openai, isolated_env):
    fake_openai.push({**chat_body("{}"), "choices": []})
    code, out, err = run_cli("ask", "What is the refund window?", corpus_pdf, "--json", "--api", "chat")
    assert code == 5 and out == "" and err.count("\n") == 1 and "no choices" in err
    [trace] = read_traces(isolated_env / "traces")
    assert trace["status"]["final"] == "error" and trace["response"]["raw"]["choices"] == []


# ------------------------------------------------------------------ credentials in a base URL

PASSWORD = "pw-SECRET-4711"


def test_base_url_credentials_are_not_in_the_request_record(
    run_cli, corpus_pdf, fake_openai, isolated_env, monkeypatch
):
    from tests.test_answer_openai import answer

    monkeypatch.setenv("OPENAI_BASE_URL", fake_openai.base_url.replace("http://", f"http://alice:{PASSWORD}@"))
    fake_openai.push_answer(answer((None, 60, 60, "within 45 days")))
    code, out, err = run_cli("ask", "What is the refund window?", corpus_pdf, "--json")
    assert code == 0 and PASSWORD not in out + err
    [trace] = read_traces(isolated_env / "traces")
    assert trace["request"]["base_url"].startswith("http://127.0.0.1:") and PASSWORD not in json.dumps(trace["request"])


def test_base_url_credentials_are_nowhere_in_the_trace(run_cli, corpus_pdf, fake_openai, isolated_env, monkeypatch):
    from tests.test_answer_openai import answer

    monkeypatch.setenv("OPENAI_BASE_URL", fake_openai.base_url.replace("http://", f"http://alice:{PASSWORD}@"))
    fake_openai.push_answer(answer((None, 60, 60, "within 45 days")))
    code, _, _ = run_cli("ask", "What is the refund window?", corpus_pdf, "--json")
    assert code == 0
    for path in (isolated_env / "traces").iterdir():
        assert PASSWORD.encode() not in path.read_bytes(), path.name


def test_base_url_credentials_are_not_in_connection_errors(run_cli, corpus_pdf, isolated_env, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", API_KEY)
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://alice:{PASSWORD}@127.0.0.1:9/v1")
    monkeypatch.setenv("DOCINTEL_MAX_RETRIES", "0")
    code, out, err = run_cli("ask", "What is the refund window?", corpus_pdf, "--json")
    assert code == 5 and "cannot reach the model server" in err
    assert PASSWORD not in out + err
    for path in (isolated_env / "traces").iterdir():
        assert PASSWORD.encode() not in path.read_bytes(), path.name


# ------------------------------------------------------------------ interruption, broken pipes, internal errors


def test_ctrl_c_in_a_batch_exits_130_with_one_line(corpus_pdf, tmp_path, fake_openai):
    from tests.test_answer_openai import answer

    fake_openai.default = {
        "body": responses_body(json.dumps(answer((None, 60, 60, "within 45 days")))),
        "status": 200,
        "sleep": 1.5,
    }
    questions = tmp_path / "q.txt"
    questions.write_text("".join(f"What is the refund window, variant {i}?\n" for i in range(5)))
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "docintel",
            "batch",
            str(questions),
            str(corpus_pdf),
            "--out",
            str(tmp_path / "o.jsonl"),
            "--workers",
            "1",
            "--quiet",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=subprocess_env(),
        cwd=tmp_path,
        preexec_fn=interruptible,  # Ctrl-C reaches it however the tests were started
    )
    try:
        deadline = time.monotonic() + 30
        while not fake_openai.requests and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.02)
        assert fake_openai.requests, "the batch never reached the model server"
        process.send_signal(signal.SIGINT)  # mid-request
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    assert "Traceback" not in err and err.count("\n") == 1 and err.startswith("error: interrupted")


def test_a_closed_stdout_is_not_a_traceback(run_cli, corpus_pdf):
    for _ in range(3):
        assert run_cli("ask", "What is the refund window?", corpus_pdf)[0] == 0
    for args in (["traces", "list", "--limit", "0"], ["settings"]):
        process = subprocess.Popen(
            [sys.executable, "-m", "docintel", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=subprocess_env(),
        )
        process.stdout.close()  # like `| head -0`: the reader is gone before anything is written
        err = process.stderr.read().decode()
        assert process.wait(timeout=30) == 0, err
        assert err == "", err


def test_an_undecodable_env_file_is_a_configuration_error(run_cli, isolated_env):
    (isolated_env / ".env").write_bytes(b"DOCINTEL_MODEL=caf\xe9\n")  # saved as Latin-1, not UTF-8
    code, out, err = run_cli("settings")
    assert code == 4 and out == "" and err.count("\n") == 1
    assert "cannot read the settings file" in err and "UTF-8" in err and "Traceback" not in err


def test_prefixed_openai_settings_win_over_the_plain_ones(monkeypatch, isolated_env):
    from docintel.settings import load_settings

    monkeypatch.setenv("OPENAI_BASE_URL", "http://global.example/v1")
    monkeypatch.setenv("DOCINTEL_OPENAI_BASE_URL", "http://private.example/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-plain")
    monkeypatch.setenv("DOCINTEL_OPENAI_API_KEY", "sk-prefixed")
    settings = load_settings()
    assert settings.openai_base_url == "http://private.example/v1" and settings.api_key() == "sk-prefixed"
    (isolated_env / ".env").write_text("DOCINTEL_MODEL=from-dotenv\n")
    monkeypatch.setenv("DOCINTEL_ENV_FILE", "")  # set but empty: no settings file at all
    assert load_settings().model == "gpt-4.1-mini"


def test_a_short_api_key_never_breaks_the_trace(run_cli, corpus_pdf, fake_openai, isolated_env, monkeypatch):
    from tests.test_answer_openai import answer

    monkeypatch.setenv("OPENAI_API_KEY", "2026")  # local servers take any key; it also occurs in every trace id
    fake_openai.push_answer(answer((None, 60, 60, "within 45 days")))
    code, out, err = run_cli("ask", "What is the refund window?", corpus_pdf)
    assert code == 0 and "45 days" in out and err == ""
    [trace] = read_traces(isolated_env / "traces")
    assert trace["trace_id"].startswith("2026")
