"""Tables of where amounts are recorded (ASC 815-10-50-4A: 'Location of gain (loss) reclassified from AOCI into
income'): their rows name income-statement line items, but each figure is the gain recorded there, not the line
item. Ingest types such a row's facts with no concept and ``recorded_in``; the verifier does not take them for the
line item, and the offline answerer does not read the line item from them."""

from __future__ import annotations

import csv
import io
import json

from tests.test_offline import ask_offline, value_of
from tests.test_typed_verify import verdict
from tests.test_values import amount

PAGES = [
    [
        "Consolidated statements of income",
        "(In millions) Year ended May 31, 2025 2024",
        "Revenues 46,710 44,538",
        "Cost of sales 24,576 21,162",
        "Gross profit 22,134 23,376",
        "Net income 5,727 2,539",
    ],
    [
        "Derivative instruments",
        "(In millions)",
        "AMOUNT OF GAIN (LOSS) RECLASSIFIED FROM",
        "ACCUMULATED OTHER COMPREHENSIVE INCOME (LOSS) INTO INCOME",
        "LOCATION OF GAIN (LOSS) YEAR ENDED MAY 31,",
        "RECLASSIFIED INTO INCOME 2025 2024",
        "Revenues $ 45 $ (17)",
        "Cost of sales 51 364",
        "Total $ 96 $ 347",
    ],
    [
        "Consolidated balance sheets",
        "(In millions) May 31, 2025 May 31, 2024",
        "Inventories 6,854 7,367",
        "Total current assets 26,291 20,556",
    ],
]
COST_OF_SALES_2025 = (4, "Cost of sales 24,576 21,162")
RECLASSIFIED_INTO_COST_OF_SALES = (14, "Cost of sales 51 364")


def _pdf(make_pdf):
    return make_pdf("acme-2025-10k.pdf", PAGES)


def test_a_location_row_s_facts_name_where_the_figure_is_recorded(run_cli, make_pdf):
    code, out, err = run_cli("facts", _pdf(make_pdf), "--page", "2", "--json")
    assert code == 0, err
    facts = [f for f in json.loads(out) if f["label"] == "Cost of sales"]
    assert [f["value"] for f in facts] == [51.0, 364.0]
    assert all(f["recorded_in"] == "Cost of sales" and f["concept"] is None for f in facts), facts
    code, out, _ = run_cli("facts", _pdf(make_pdf), "--page", "2", "--csv")
    rows = [r for r in csv.DictReader(io.StringIO(out)) if r["label"] == "Cost of sales"]
    assert [r["recorded_in"] for r in rows] == ["Cost of sales", "Cost of sales"] and not any(
        r["concept"] for r in rows
    )
    code, out, _ = run_cli("facts", _pdf(make_pdf), "--page", "1", "--json")
    own = [f for f in json.loads(out) if f["label"] == "Cost of sales"]
    assert own and all(f["concept"] == "cost_of_revenue" and f.get("recorded_in") is None for f in own), own


def test_a_gain_recorded_in_cost_of_sales_is_not_cost_of_sales(run_cli, fake_openai, make_pdf):
    question = "What was cost of sales for the year ended May 31, 2025?"
    wrong = amount(51.0, "millions", "Year ended May 31, 2025", RECLASSIFIED_INTO_COST_OF_SALES, label="Cost of sales")
    status, check = verdict(run_cli, fake_openai, _pdf(make_pdf), question, wrong)
    assert status != "supported" and check["concept_check"] == "mismatch", check["detail"]
    right = amount(24576.0, "millions", "Year ended May 31, 2025", COST_OF_SALES_2025, label="Cost of sales")
    status, check = verdict(run_cli, fake_openai, _pdf(make_pdf), question, right)
    assert status == "supported", check["detail"]


def test_a_question_about_the_reclassified_gain_is_not_refused_for_its_concept(run_cli, fake_openai, make_pdf):
    question = "How much gain was reclassified from AOCI into cost of sales in fiscal 2025?"
    cited = amount(51.0, "millions", "Year ended May 31, 2025", RECLASSIFIED_INTO_COST_OF_SALES, label="Cost of sales")
    _, check = verdict(run_cli, fake_openai, _pdf(make_pdf), question, cited)
    assert check["concept_check"] != "mismatch", check["detail"]


def test_offline_cost_of_sales_is_read_from_the_income_statement_alone(run_cli, make_pdf):
    question = (
        "What was the gross margin for fiscal 2025? Gross margin is defined as (revenues - cost of sales) / revenues."
    )
    data, _ = ask_offline(run_cli, question, _pdf(make_pdf))
    assert "disagree" not in " ".join(data["answer"]["caveats"]), data["answer"]["caveats"]
    assert value_of(data) is not None and abs(value_of(data) - (46710 - 24576) / 46710 * 100) < 0.01, data


def test_offline_an_operand_from_another_table_is_not_doubted_for_a_location_row(run_cli, make_pdf):
    question = (
        "What was the inventory turnover for fiscal 2025? Inventory turnover is defined as cost of sales / "
        "average inventories between fiscal 2024 and fiscal 2025."
    )
    data, _ = ask_offline(run_cli, question, _pdf(make_pdf))
    assert "disagree" not in " ".join(data["answer"]["caveats"]), data["answer"]["caveats"]
    assert value_of(data) is not None and abs(value_of(data) - 24576 / ((6854 + 7367) / 2)) < 0.01, data
