"""Statement pages: the primary statements recognised at ingestion (caption and row set) on real filings of
each kind, recorded in the profile, and sent to a question that needs them (a ratio reaches both)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from docintel.context.pack import pack_context
from docintel.ingest.documents import Document, Ingestor
from docintel.ingest.statements import primary_statements
from docintel.question.parse import parse_question
from docintel.retrieval.search import retrieve
from docintel.settings import load_settings
from tests.conftest import FINANCEBENCH, needs_shared

pytestmark = needs_shared
FILINGS = ("AMCOR_2023Q2_10Q", "AMCOR_2023Q4_EARNINGS", "AMCOR_2023_10K")


@pytest.fixture(scope="module")
def filings(tmp_path_factory) -> dict[str, Document]:
    """The three Amcor filings (10-Q, earnings release, 10-K), ingested once for the module."""
    settings = load_settings({"cache_dir": tmp_path_factory.mktemp("cache")})
    documents = Ingestor(settings).ingest([FINANCEBENCH / "pdfs" / f"{name}.pdf" for name in FILINGS]).documents
    return {d.meta.doc_id: d for d in documents}


def primary_pages(document: Document) -> dict[str, list[int]]:
    return {kind: s.pages for kind, s in primary_statements(document.meta.profile.statements).items()}


def lines_of(document: Document, page: int) -> list[str]:
    return document.lines.loc[document.lines["page"] == page, "text"].tolist()


def test_a_10q_has_its_five_statements_and_its_contents_page_is_none(filings):
    document = filings["AMCOR_2023Q2_10Q"]
    assert primary_pages(document) == {
        "income": [5],
        "comprehensive_income": [6],
        "balance_sheet": [7],
        "cash_flows": [8],
        "equity": [9],
    }
    contents = next(p for p in range(1, 5) if any("Balance Sheets" in t for t in lines_of(document, p)))
    assert all(contents not in s.pages for s in document.meta.profile.statements)  # captions, but no rows
    # a note's table headed by a statement's caption (amounts by the statement line they are in) is no statement
    assert "consolidated statements of income" in " ".join(t.strip() for t in lines_of(document, 22)).lower()
    assert all(22 not in s.pages for s in document.meta.profile.statements)


def test_a_release_prints_two_statements_on_one_page(filings):
    assert primary_pages(filings["AMCOR_2023Q4_EARNINGS"]) == {
        "income": [8],
        "cash_flows": [9],
        "balance_sheet": [9],
    }


def test_a_10k_has_its_statements_in_item_8(filings):
    document = filings["AMCOR_2023_10K"]
    pages = primary_pages(document)
    assert set(pages) == {"income", "comprehensive_income", "balance_sheet", "cash_flows", "equity"}
    balance = lines_of(document, pages["balance_sheet"][0])
    assert any(t.startswith("Total assets") for t in balance)
    assert any(t.startswith("Total liabilities") for t in balance)
    first = min(p for ps in pages.values() for p in ps)
    assert max(p for ps in pages.values() for p in ps) - first <= 8  # printed one after another
    contents = [p for p in range(1, first) if any("Consolidated Balance Sheets" in t for t in lines_of(document, p))]
    assert contents and all(p not in ps for p in contents for ps in pages.values())


def test_the_profile_records_the_statements(run_cli):
    code, out, _ = run_cli("ingest", FINANCEBENCH / "pdfs" / "AMCOR_2023Q4_EARNINGS.pdf", "--json")
    assert code == 0
    statements = json.loads(out)["documents"][0]["profile"]["statements"]
    assert {(s["kind"], tuple(s["pages"]), s["primary"]) for s in statements} >= {("balance_sheet", (9,), True)}
    caption = next(s for s in statements if s["kind"] == "balance_sheet")
    assert "Balance Sheets" in caption["caption"] and caption["line"] > 0


def sent(document: Document, question: str, budget: int = 12000) -> tuple[set[int], set[int], list[str]]:
    """(pages sent, GLOBAL_LINEs sent, retrieval notes) for *question* over *document*."""
    settings = load_settings({"budget_chars": budget})
    retrieval = retrieve(parse_question(question), [document], settings)
    context = pack_context(retrieval, [document], settings)
    lines = {line.global_line for s in context.sources for line in s.lines}
    return {p for s in context.sources for p in s.pages}, lines, retrieval.notes


def whole_page(document: Document, page: int) -> set[int]:
    return set(document.lines.loc[document.lines["page"] == page, "global_line"].tolist())


def test_a_ratio_question_reaches_both_statements_it_needs(filings):
    document = filings["AMCOR_2023Q2_10Q"]
    _, lines, notes = sent(document, "What was the inventory turnover in the six months ended December 31, 2022?")
    # cost of sales on the income statement (p.5), inventories on the balance sheet (p.7): both pages whole
    assert whole_page(document, 5) <= lines and whole_page(document, 7) <= lines
    assert any("statement pages raised" in n and "income p.5" in n and "balance_sheet p.7" in n for n in notes)


def test_a_question_naming_a_statement_gets_it_whole(filings):
    document = filings["AMCOR_2023Q4_EARNINGS"]
    _, lines, notes = sent(document, "What does the statement of cash flows say about dividends?", budget=4000)
    assert whole_page(document, 9) <= lines and any("cash_flows p.9" in n for n in notes)


def test_a_named_page_is_the_scope_and_raises_no_statement(filings):
    document = filings["AMCOR_2023Q2_10Q"]
    pages, _, notes = sent(document, "What does page 15 say about the balance sheet?")
    assert pages == {15} and not any("statement pages" in n for n in notes)


def test_the_statements_are_recomputed_from_cached_lines(filings, tmp_path):
    """A cached entry of an older profile version gets its statements without parsing the PDF again."""
    settings = load_settings({"cache_dir": tmp_path})
    path = FINANCEBENCH / "pdfs" / "AMCOR_2023Q4_EARNINGS.pdf"
    Ingestor(settings).ingest([path])
    (entry_path,) = Path(tmp_path, "lines").rglob("*.json")
    entry = json.loads(entry_path.read_text())
    entry["profile_version"], entry["profile"]["statements"] = "old", []
    entry_path.write_text(json.dumps(entry))
    document = Ingestor(settings).ingest([path]).documents[0]
    assert document.cache_hit and primary_pages(document)["balance_sheet"] == [9]


def test_a_balance_sheet_that_runs_overleaf_spans_both_pages(tmp_path):
    """American Water's balance sheet prints its assets on one page and its liabilities and equity on the next:
    four real pages of the 10-K (the statement's two, the income statement's, the one before)."""
    import pypdf

    reader = pypdf.PdfReader(FINANCEBENCH / "pdfs" / "AMERICANWATERWORKS_2021_10K.pdf")
    writer = pypdf.PdfWriter()
    for page in (83, 84, 85, 86):
        writer.add_page(reader.pages[page - 1])
    path = tmp_path / "american-water-pages.pdf"
    with path.open("wb") as handle:
        writer.write(handle)
    document = Ingestor(load_settings({"cache_dir": tmp_path / "cache"})).ingest([path]).documents[0]
    assert primary_pages(document) == {"balance_sheet": [2, 3], "income": [4]}


def test_only_the_documents_the_question_is_about_get_their_statements_raised(filings):
    documents = [filings["AMCOR_2023Q2_10Q"], filings["AMCOR_2023Q4_EARNINGS"]]
    question = "What was the inventory turnover in the six months ended December 31, 2022?"
    notes = retrieve(parse_question(question), documents, load_settings({})).notes
    raised = next(n for n in notes if n.startswith("statement pages raised"))
    assert "AMCOR_2023Q2_10Q income p.5; balance_sheet p.7" in raised and "AMCOR_2023Q4_EARNINGS" not in raised
