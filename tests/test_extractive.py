"""The extractive backend's value readers and its honesty about not using a model."""

from __future__ import annotations

import json

from docintel.answer.contract import Span
from docintel.backends.extractive import parse_date
from docintel.backends.lookup import from_sentence
from docintel.context.pack import ContextLine


def _read(text: str, question: str = "How much?"):
    line = ContextLine(global_line=1, page=1, line_in_page=1, text=text)
    lookup = from_sentence(question, line, Span(doc=None, line_start=1, line_end=1, quote=text))
    return lookup.items[0].amount if lookup.found else None


def test_amounts_read_from_sentences_keep_their_own_unit():
    a = _read("Phone revenue decreased $4.2 billion or 56% in 2016")
    assert (a.value, a.currency, a.unit) == (4.2, "USD", "billions")
    a = _read("Comparable store sales grew 6.1% in fiscal 2025.")
    assert (a.value, a.unit, a.currency) == (6.1, "percent", None)
    assert _read("Fiscal year 2025 2024 2023") is None
    # a date is never an amount, a per-share amount is per share, a count is no money
    a = _read("We had 30,250 full-time employees at June 30, 2023.")
    assert (a.value, a.unit, a.currency) == (30250.0, "units", None)
    a = _read("The Board declared a quarterly dividend of $0.68 per share.")
    assert (a.value, a.unit, a.currency) == (0.68, "per_share", "USD")
    a = _read("We repurchased 50.0 million shares in fiscal 2025, costing $1.2 billion.")
    assert (a.value, a.unit, a.currency) == (50.0, "millions", None)


def test_a_sentence_about_another_period_gives_no_value():
    assert _read("Capital expenditures were $95 million in fiscal 2026.", "Capex in fiscal 2025?") is None
    assert _read("Capital expenditures were $95 million in fiscal 2025.", "Capex in fiscal 2025?").value == 95.0


def test_parse_date():
    d = parse_date("Our facility matures on June 30, 2028; no amount was drawn")
    assert (d.iso, d.original_text) == ("2028-06-30", "June 30, 2028")
    assert parse_date("filed 2023-05-03 with the SEC").iso == "2023-05-03"
    assert parse_date("on 02/31/2024").iso is None  # not a real date: kept as written, no ISO value
    assert parse_date("no date here") is None


def test_extractive_says_no_model_was_used(run_cli, corpus_pdf):
    code, out, _ = run_cli("ask", "When does the revolving credit facility mature?", corpus_pdf, "--json")
    data = json.loads(out)
    assert code == 0 and data["backend"] == "extractive" and data["model"] is None
    assert any("no language model was used" in c for c in data["answer"]["caveats"])
    assert data["answer"]["items"][0]["date"]["iso"] == "2028-06-30"
    code, out, _ = run_cli("ask", "What is the quantum chromodynamics coupling constant?", corpus_pdf, "--json")
    assert json.loads(out)["answer"]["answer_found"] is False


def test_a_page_scoped_question_reads_that_pages_rows_and_a_page_past_the_end_is_said(run_cli, make_pdf):
    # page 4 holds prose that shares more words with the question than the row does: the row is still read,
    # and 'quarter 1' is a period, not an amount of 1
    prose = [f"Revenue in the Coastal region grew in quarter {i} of 2023 as revenue from stores rose." for i in (1, 2)]
    table = [
        "(Dollars in millions) 2023 2022",
        "Northern Plains $ 1,250 $ 1,100",
        "Coastal Belt 830 790",
        "Mountain West 410 380",
    ]
    pages = [["Harbor Foods annual report 2023", "Our company sells food in two regions."]] * 3
    pdf = make_pdf("harbor.pdf", [*pages, ["Net sales by region", *prose, *table, *prose]])
    question = "According to page 4, what was the revenue of the Coastal region in 2023?"
    code, out, err = run_cli("ask", question, pdf, "--json")
    items = json.loads(out)["answer"]["items"]
    assert code == 0 and items[0]["spans"][0]["quote"] == "Coastal Belt 830 790", items
    code, out, err = run_cli("ask", "What were net sales of Northern Plains in 2023 on page 999?", pdf)
    assert "note: page 999 named in the question is past the end (harbor has 4 pages): searched all pages" in out
    assert "1,250" in out
