"""The extractive backend's value readers and its honesty about not using a model."""

from __future__ import annotations

import json

from docintel.backends.extractive import parse_amount, parse_date


def test_parse_amount():
    a = parse_amount("Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)", "millions")
    assert (a.value, a.unit) == (-1577.0, "millions")
    a = parse_amount("Phone revenue decreased $4.2 billion or 56% in 2016", None)
    assert (a.value, a.currency, a.unit) == (4.2, "USD", "billions")
    a = parse_amount("Comparable store sales grew 6.1% in fiscal 2025.", None)
    assert (a.value, a.unit, a.currency) == (6.1, "percent", None)
    assert parse_amount("Fiscal year 2025 2024 2023", None) is None


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
