"""What "supported" means (issue 20): the answer is right about what was asked, not only quoted.

Each rule has a wrong answer with real quotes that must be rejected and a right one that must be
kept, scripted through the local OpenAI-compatible server and driven through the CLI. The sample
report's lines are listed in tests/test_values.py; a generated filing adds a footnote marker, a
segment's row and a table that states no scale.
"""

from __future__ import annotations

import json

import pytest

from docintel.concepts import concepts_in, ratios_in, stated_definition
from tests.test_values import (
    GROSS_PROFIT,
    NET_INCOME,
    NET_INCOME_CF,
    NET_SALES,
    amount,
    answer,
    ask,
    calculation,
    last_trace,
    only_check,
    operand,
    span,
)


@pytest.fixture(autouse=True)
def one_call_per_question(monkeypatch):
    monkeypatch.setenv("DOCINTEL_STRATEGY", "combined")


OPERATING_INCOME = (29, "Operating income 151.3 122.6 98.4")
CAPEX_ROW = (32, "Capital expenditures 71.4 58.9 44.0")
STORES = (33, "Stores at year end 412 374 351")
OUTDOOR = (36, "Outdoor apparel $ 702.3 million (54.7% of net sales)")
INVENTORIES = (46, "Changes in inventories (21.4) (15.9)")
PURCHASES = (49, "Purchases of property and equipment (71.4) (58.9)")
OPERATING_CASH = (47, "Net cash provided by operating activities 172.5 141.0")
REFUNDS = (60, "within 45 days of purchase")
LEVERAGE = (79, "The facility requires a leverage ratio below 3.0 times.")

FILING = [
    [
        "Selected balance sheet data",
        "(in millions)",
        "Fiscal year 2025 2024",
        "Long-term debt 3 1,250.0 1,100.0",
        "Total assets 4,410.2 3,980.7",
        "Segment results",
        "(in millions)",
        "Fiscal year 2025 2024",
        "Outdoor segment net sales 702.3 650.1",
        "Total net sales 1,284.6 1,124.9",
    ],
    ["Unit statistics", "Fiscal year 2025 2024", "Revenue 5,120 4,870"],
    ["Results of operations", "(in millions)", "Fiscal year 2025 2024", "Net loss 42.7 12.3"],
    ["Store data", "Fiscal year 2025 2024", "Warehouses 3 12 10"],
]
DEBT = (4, "Long-term debt 3 1,250.0 1,100.0")
SEGMENT = (9, "Outdoor segment net sales 702.3 650.1")
TOTAL_SALES = (10, "Total net sales 1,284.6 1,124.9")
UNSCALED = (13, "Revenue 5,120 4,870")
NET_LOSS = (17, "Net loss 42.7 12.3")
WAREHOUSES = (20, "Warehouses 3 12 10")


@pytest.fixture
def filing(make_pdf):
    return make_pdf("acme-2025.pdf", FILING)


def status_of(run_cli, fake_openai, pdf, question, scripted, *extra) -> tuple[str, dict, int]:
    fake_openai.push_answer(scripted)
    code, data, err = ask(run_cli, question, pdf, *extra)
    assert data is not None, err
    return data["status"], only_check(data), code


# ------------------------------------------------------------------------------------- concept


def test_another_rows_cell_does_not_support_the_item(run_cli, corpus_pdf, fake_openai):
    question = "What were capital expenditures in fiscal 2025?"
    wrong = amount(109.8, "millions", "2025", NET_INCOME, label="Capital expenditures")
    status, check, code = status_of(run_cli, fake_openai, corpus_pdf, question, wrong, "--strict")
    assert (status, check["concept_check"], code) == ("unsupported", "mismatch", 6)
    assert "'Net income'" in check["detail"] and "not Capital expenditures" in check["detail"]
    right = amount(71.4, "millions", "2025", CAPEX_ROW, label="Capital expenditures")
    status, check, code = status_of(run_cli, fake_openai, corpus_pdf, question, right, "--strict")
    assert (status, check["concept_check"], code) == ("supported", "supported", 0)


def test_a_row_the_vocabulary_lacks_and_the_question_does_not_name_is_a_mismatch(run_cli, corpus_pdf, fake_openai):
    wrong = amount(412, "count", "2025", STORES, label="Net income", currency=None)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, "What was net income in fiscal 2025?", wrong)
    assert (status, check["concept_check"]) == ("unsupported", "mismatch")
    assert "'Stores at year end', not Net income" in check["detail"]


def test_a_span_over_two_rows_supports_only_the_row_that_holds_the_value(run_cli, corpus_pdf, fake_openai):
    both = {"doc": None, "line_start": 28, "line_end": 29, "quote": f"{GROSS_PROFIT[1]} {OPERATING_INCOME[1]}"}
    wrong = amount(151.3, "millions", "2025", GROSS_PROFIT, label="Gross profit")
    wrong["items"][0]["spans"] = [both]
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, "What was gross profit in fiscal 2025?", wrong)
    assert (status, check["concept_check"]) == ("unsupported", "mismatch")


def test_the_question_s_own_words_match_a_row_the_vocabulary_lacks(run_cli, corpus_pdf, fake_openai):
    right = amount(412, "count", "2025", STORES, label="Stores at year end", currency=None)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, "How many stores at year end in 2025?", right)
    assert (status, check["concept_check"]) == ("supported", "supported")


def test_a_segment_row_never_supports_a_total(run_cli, filing, fake_openai):
    question = "What were total net sales in 2025?"
    wrong = amount(702.3, "millions", "2025", SEGMENT, label="Net sales")
    status, check, _ = status_of(run_cli, fake_openai, filing, question, wrong)
    assert (status, check["concept_check"]) == ("unsupported", "mismatch") and "segment" in check["detail"]
    labelled = amount(702.3, "millions", "2025", SEGMENT, label="Outdoor segment net sales")  # true, not asked
    status, check, _ = status_of(run_cli, fake_openai, filing, question, labelled)
    assert (status, check["concept_check"]) == ("unsupported", "mismatch") and "segment" in check["detail"]
    right = amount(1284.6, "millions", "2025", TOTAL_SALES, label="Net sales")
    assert status_of(run_cli, fake_openai, filing, question, right)[0] == "supported"
    asked = amount(702.3, "millions", "2025", SEGMENT, label="Outdoor segment net sales")
    assert status_of(run_cli, fake_openai, filing, "How much were outdoor segment net sales in 2025?", asked)[0] == (
        "supported"
    )


def test_with_no_period_asked_the_latest_column_is_the_one_a_reader_takes(run_cli, corpus_pdf, fake_openai):
    latest = amount(109.8, "millions", None, NET_INCOME)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, "What was net income?", latest)
    assert (status, check["period_check"], check["column"]) == ("supported", "supported", "Fiscal year 2025")
    earlier = amount(88.1, "millions", None, NET_INCOME)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, "What was net income?", earlier)
    assert (status, check["period_check"]) == ("unchecked", "unknown") and "not the latest" in check["detail"]


def test_a_concept_docintel_cannot_check_is_unchecked_never_supported(run_cli, corpus_pdf, fake_openai):
    vague = amount(412, "count", "2025", STORES, label="The figure", currency=None)
    question = "What was the headcount figure in 2025?"  # no line item docintel knows, none of the row's words
    status, check, code = status_of(run_cli, fake_openai, corpus_pdf, question, vague, "--strict")
    assert (status, check["concept_check"], code) == ("unchecked", "unknown", 6)
    fake_openai.push_answer(vague)
    _, out, _ = run_cli("ask", question, corpus_pdf, "--backend", "openai")
    headline = out.splitlines()[0]
    assert "— unchecked: the quotes are real" in headline and "— supported" not in headline
    assert last_trace_status(run_cli) == "unchecked"


def last_trace_status(run_cli) -> str:
    code, out, _ = run_cli("traces", "list", "--json", "--status", "unchecked")
    assert code == 0
    rows = json.loads(out)
    return "unchecked" if rows else "none"


# ----------------------------------------------------------------------------------- kind and sign


def test_a_percentage_never_supports_money_nor_money_a_percentage(run_cli, corpus_pdf, fake_openai):
    wrong = amount(54.7, "millions", None, OUTDOOR, label="Outdoor apparel sales")
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, "What were outdoor apparel sales?", wrong)
    assert (status, check["kind_check"]) == ("unsupported", "mismatch") and "percentage" in check["detail"]
    wrong = amount(88.1, "percent", "2024", NET_INCOME, label="Net margin", currency=None)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, "What was the net margin in fiscal 2024?", wrong)
    assert (status, check["kind_check"]) == ("unsupported", "mismatch")
    right = amount(702.3, "millions", None, OUTDOOR, label="Outdoor apparel sales")
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, "What were outdoor apparel sales?", right)
    assert (status, check["kind_check"]) == ("supported", "supported")


def test_a_count_never_supports_money(run_cli, corpus_pdf, fake_openai):
    question = "How many stores at year end in 2025?"
    dollars = amount(412, "units", "2025", STORES, label="Stores at year end", currency="USD")
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, question, dollars)
    assert (status, check["kind_check"]) == ("unsupported", "mismatch") and "a count" in check["detail"]
    count = amount(412, "units", "2025", STORES, label="Stores at year end", currency=None)
    assert status_of(run_cli, fake_openai, corpus_pdf, question, count)[0] == "supported"


def test_the_sign_is_the_printed_one_unless_the_label_states_an_outflow(run_cli, corpus_pdf, fake_openai):
    flipped = amount(-109.8, "millions", "2025", NET_INCOME)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, "What was net income in fiscal 2025?", flipped)
    assert (status, check["sign_check"]) == ("unsupported", "mismatch")
    question = "What was the change in inventories in fiscal 2025?"
    positive = amount(21.4, "millions", "Fiscal 2025", INVENTORIES, label="Change in inventories")
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, question, positive)
    assert (status, check["sign_check"]) == ("unsupported", "mismatch") and "(21.4)" in check["detail"]
    negative = amount(-21.4, "millions", "Fiscal 2025", INVENTORIES, label="Change in inventories")
    assert status_of(run_cli, fake_openai, corpus_pdf, question, negative)[0] == "supported"
    capex = amount(71.4, "millions", "Fiscal 2025", PURCHASES, label="Capital expenditures")
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, "What were capital expenditures in 2025?", capex)
    assert (status, check["sign_check"]) == ("supported", "supported") and "magnitude" in check["detail"]


def test_a_row_that_names_a_loss_supports_it_stated_as_a_negative(run_cli, filing, fake_openai):
    negative = amount(-42.7, "millions", "2025", NET_LOSS, label="Net income")  # 'Net loss 42.7' is a loss
    status, check, _ = status_of(run_cli, fake_openai, filing, "What was net income in 2025?", negative)
    assert (status, check["sign_check"]) == ("supported", "supported") and "printed as a loss" in check["detail"]


# ------------------------------------------------------------------------------ scale and markers


def test_a_table_without_a_scale_supports_the_number_as_printed_only(run_cli, filing, fake_openai):
    question = "What was revenue in 2025?"
    wrong = amount(5120, "billions", "2025", UNSCALED, label="Revenue")
    status, check, _ = status_of(run_cli, fake_openai, filing, question, wrong)
    assert (status, check["value_check"]) == ("unsupported", "unsupported") and "states no scale" in check["detail"]
    right = amount(5120, "units", "2025", UNSCALED, label="Revenue")
    assert status_of(run_cli, fake_openai, filing, question, right)[0] == "supported"


def test_a_footnote_marker_is_never_a_value_and_the_row_keeps_its_columns(run_cli, filing, fake_openai):
    question = "What was long-term debt in 2025?"
    for unit in ("millions", "units"):  # the marker is no number of the quote, at any scale
        wrong = amount(3, unit, None, DEBT, label="Long-term debt")
        status, check, _ = status_of(run_cli, fake_openai, filing, question, wrong)
        assert (status, check["value_check"]) == ("unsupported", "unsupported"), unit
    right = amount(1250.0, "millions", "2025", DEBT, label="Long-term debt")
    status, check, _ = status_of(run_cli, fake_openai, filing, question, right)
    assert (status, check["column"]) == ("supported", "Fiscal year 2025")


def test_a_small_first_cell_is_no_marker_when_the_other_cells_are_small_too(run_cli, filing, fake_openai):
    # 'Warehouses 3 12 10' under two columns: the 3 may be a column of its own, so the row does not line up
    question = "How many warehouses were there in 2025?"
    guessed = amount(12, "count", "2025", WAREHOUSES, label="Warehouses", currency=None)
    status, check, _ = status_of(run_cli, fake_openai, filing, question, guessed)
    assert status != "supported" and check["column"] is None and check["period_check"] != "supported"


# -------------------------------------------------------------------------------- calculations

Q_MARGIN = "What was the net margin in fiscal 2025?"


def margin_answer(expression: str, result: float, a: dict, b: dict) -> dict:
    return amount(
        result,
        "percent",
        "Fiscal 2025",
        NET_INCOME_CF,
        currency=None,
        label="Net margin",
        calculation=calculation(expression, result, a, b),
    )


NET_INCOME_2025 = operand("a", 109.8, "Fiscal 2025", NET_INCOME_CF)
NET_SALES_2025 = operand("b", 1284.6, "2025", NET_SALES)


def test_every_operand_is_used_and_no_stray_number_appears(run_cli, corpus_pdf, fake_openai):
    unused = margin_answer("a / 1000 * 100", 10.98, NET_INCOME_2025, NET_SALES_2025)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, Q_MARGIN, unused)
    assert (status, check["calculation_check"]) == ("unsupported", "rejected") and "not used" in check["detail"]
    literal = margin_answer("a * 0 + b * 0 + 8.55", 8.55, NET_INCOME_2025, NET_SALES_2025)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, Q_MARGIN, literal)
    assert (status, check["calculation_check"]) == ("unsupported", "rejected") and "8.55" in check["detail"]
    right = margin_answer("a / b * 100", 8.55, NET_INCOME_2025, NET_SALES_2025)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, Q_MARGIN, right)
    assert (status, check["calculation_check"], check["concept_check"]) == ("supported", "verified", "supported")


def test_a_named_ratio_follows_its_definition(run_cli, corpus_pdf, fake_openai):
    over_gross = operand("b", 528.0, "2025", GROSS_PROFIT)
    wrong = margin_answer("a / b * 100", 20.8, NET_INCOME_2025, over_gross)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, Q_MARGIN, wrong)
    assert (status, check["concept_check"]) == ("unsupported", "mismatch")
    assert "Net income / Revenue" in check["detail"]


def test_an_operand_of_another_kind_than_its_name_is_a_mismatch(run_cli, corpus_pdf, fake_openai):
    share = operand("b", 54.7, "2025", OUTDOOR, name="Net sales")  # '(54.7% of net sales)' is no net sales figure
    wrong = margin_answer("a / b * 100", 200.73, NET_INCOME_2025, share)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, Q_MARGIN, wrong)
    assert (status, check["operands"][1]["kind_check"]) == ("unsupported", "mismatch")
    assert "54.7% is a percentage" in check["detail"]


def test_an_operand_of_the_other_sign_than_printed_is_a_mismatch(run_cli, corpus_pdf, fake_openai):
    negative = operand("a", -109.8, "Fiscal 2025", NET_INCOME_CF)  # printed $ 109.8
    wrong = margin_answer("a / b * 100", -8.55, negative, NET_SALES_2025)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, Q_MARGIN, wrong)
    assert (status, check["operands"][0]["sign_check"]) == ("unsupported", "mismatch")


def test_an_operand_docintel_cannot_name_leaves_the_sum_unchecked(run_cli, corpus_pdf, fake_openai):
    question = "What was the total of net income over fiscal 2025 and fiscal 2024?"
    a = operand("a", 109.8, "Fiscal 2025", NET_INCOME_CF, name="The figure")
    b = operand("b", 88.1, "Fiscal 2024", NET_INCOME_CF)
    vague = amount(197.9, "millions", None, NET_INCOME_CF, calculation=calculation("a + b", 197.9, a, b))
    status, check, code = status_of(run_cli, fake_openai, corpus_pdf, question, vague, "--strict")
    assert (status, check["concept_check"], code) == ("unchecked", "unknown", 6)
    assert check["operands"][0]["concept_check"] == "unknown" and "not checked" in check["detail"]


def test_an_operand_named_for_another_row_is_a_mismatch(run_cli, corpus_pdf, fake_openai):
    misnamed = operand("b", 1284.6, "2025", NET_SALES, name="Gross profit")
    wrong = margin_answer("a / b * 100", 8.55, NET_INCOME_2025, misnamed)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, Q_MARGIN, wrong)
    assert status == "unsupported" and check["operands"][1]["concept_check"] == "mismatch"


def test_a_stated_sum_or_difference_is_money_not_a_ratio(run_cli, corpus_pdf, fake_openai):
    question = (
        "What was cash generation in fiscal 2025, defined as net cash provided by operating activities minus "
        "purchases of property and equipment?"
    )
    cash = operand("a", 172.5, "Fiscal 2025", OPERATING_CASH)
    capex = operand("b", 71.4, "Fiscal 2025", PURCHASES)
    right = amount(101.1, "millions", "Fiscal 2025", OPERATING_CASH, label="Cash generation")
    right["items"][0]["calculation"] = calculation("a - b", 101.1, cash, capex)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, question, right)
    assert (status, check["kind_check"], check["concept_check"]) == ("supported", "supported", "supported")
    ratio = (
        "What was cash generation in fiscal 2025, defined as net cash provided by operating activities / net income?"
    )
    wrong = amount(1.571, "millions", "Fiscal 2025", OPERATING_CASH, label="Cash generation")
    wrong["items"][0]["calculation"] = calculation(
        "a / b", 1.571, cash, operand("b", 109.8, "Fiscal 2025", NET_INCOME_CF)
    )
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, ratio, wrong)
    assert (status, check["kind_check"]) == ("unsupported", "mismatch") and "a ratio is not money" in check["detail"]


def test_a_change_of_a_percentage_takes_percentages_named_by_the_ratio(run_cli, corpus_pdf, fake_openai):
    # 'The gross margin was 41.1% compared with 40.5% a year earlier.' (lines 39-40): a decimal point ends no clause
    margins = (39, "The gross margin was 41.1% compared with 40.5% a year earlier.")
    a = operand("a", 41.1, None, margins, name="Gross margin")
    b = operand("b", 40.5, None, margins, name="Gross margin")
    change = amount(0.6, "percent", None, margins, label="Change in gross margin", currency=None)
    change["items"][0]["calculation"] = calculation("a - b", 0.6, a, b)
    for cited in (a["span"], b["span"], change["items"][0]["spans"][0]):
        cited["line_end"] = 40
    question = "By how many percentage points did the gross margin change?"
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, question, change)
    assert [o["kind_check"] for o in check["operands"]] == ["supported"] * 2
    assert check["operands"][0]["concept_check"] == "supported"  # the second's clause also says 'compared'
    assert (status, check["calculation_check"], check["concept_check"]) == ("unchecked", "verified", "supported")
    assert check["period_check"] == "not_applicable"  # no period stated nor asked: as for a read amount


def test_the_question_s_definition_is_checked_instead_of_the_list_s(run_cli, corpus_pdf, fake_openai):
    question = "What was the net margin in fiscal 2025, defined as net income / gross profit?"
    over_gross = operand("b", 528.0, "2025", GROSS_PROFIT)
    stated = margin_answer("a / b * 100", 20.8, NET_INCOME_2025, over_gross)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, question, stated)
    assert (status, check["concept_check"]) == ("supported", "supported") and "question's definition" in check["detail"]
    listed = margin_answer("a / b * 100", 8.55, NET_INCOME_2025, NET_SALES_2025)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, question, listed)
    assert (status, check["concept_check"]) == ("unsupported", "mismatch") and "Gross profit" in check["detail"]


def test_a_definition_the_question_states_wins_over_the_list():
    question = (
        "What is the FY2019 fixed asset turnover ratio? Fixed asset turnover ratio is defined as: FY2019 revenue / "
        "(average PP&E between FY2018 and FY2019)."
    )
    formula = stated_definition(question)
    assert formula is not None and formula.numerator == ("revenue",) and formula.denominator == ("ppe",)
    assert formula.averaged and [r.id for r in ratios_in(question)] == ["fixed_asset_turnover"]


def test_the_vocabulary_reads_statement_wordings_and_keeps_the_longest_match():
    assert concepts_in("Purchases of property, plant and equipment").concepts == {"capex"}
    assert concepts_in("Cost of revenue").concepts == {"cost_of_revenue"}  # not revenue
    assert concepts_in("Income before income taxes").concepts == {"pretax_income"}  # not income taxes
    assert concepts_in("Net cash provided by (used in) operating activities").concepts == {"operating_cash_flow"}


# ----------------------------------------------------------------------------- text and yes/no


def text_answer(text: str, cited: tuple[int, str]) -> dict:
    return answer("text", {"text": text, "spans": [span(*cited)]})


def test_a_text_item_s_numbers_are_in_its_quotes(run_cli, corpus_pdf, fake_openai):
    question = "What is the refund window?"
    wrong = text_answer("The refund window is 90 days", REFUNDS)
    status, check, code = status_of(run_cli, fake_openai, corpus_pdf, question, wrong, "--strict")
    assert (status, check["value_check"], code) == ("unsupported", "unsupported", 6) and "90" in check["detail"]
    right = text_answer("The refund window is 45 days", REFUNDS)
    assert status_of(run_cli, fake_openai, corpus_pdf, question, right)[0] == "supported"


def test_a_text_item_s_percentage_is_no_plain_number_of_its_quote(run_cli, corpus_pdf, fake_openai):
    question = "What does the credit facility require?"
    wrong = text_answer("A leverage ratio below 3.0%", LEVERAGE)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, question, wrong)
    assert (status, check["value_check"]) == ("unsupported", "unsupported") and "3.0%" in check["detail"]
    right = text_answer("A leverage ratio below 3.0 times", LEVERAGE)
    assert status_of(run_cli, fake_openai, corpus_pdf, question, right)[0] == "supported"


def test_an_irrelevant_quote_does_not_support_a_text_answer(run_cli, corpus_pdf, fake_openai):
    wrong = text_answer("The refund window is 3.0 times", LEVERAGE)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, "What is the refund window?", wrong)
    assert (status, check["relevance_check"]) == ("unsupported", "mismatch")


def test_the_company_s_name_alone_does_not_make_a_quote_relevant(run_cli, corpus_pdf, fake_openai):
    club = (65, "Members of the Northwind Trail Club receive free return shipping.")
    wrong = text_answer("Club members receive free return shipping", club)
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, "What is Northwind's refund window?", wrong)
    assert (status, check["relevance_check"]) == ("unsupported", "mismatch")


def test_an_undecided_yes_no_is_never_supported(run_cli, corpus_pdf, fake_openai):
    question = "Does the refund policy cover worn footwear?"
    worn = (66, "Worn footwear may be returned within 30 days only if it is defective.")
    undecided = answer("boolean", {"value": None, "explanation": "unclear", "spans": [span(*worn)]})
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, question, undecided)
    assert (status, check["value_check"]) == ("unsupported", "unsupported")
    decided = answer("boolean", {"value": True, "explanation": "if defective", "spans": [span(*worn)]})
    assert status_of(run_cli, fake_openai, corpus_pdf, question, decided)[0] == "supported"


def test_old_traces_verified_again_get_the_new_statuses(run_cli, corpus_pdf, fake_openai, isolated_env):
    wrong = amount(109.8, "millions", "2025", NET_INCOME, label="Capital expenditures")
    fake_openai.push_answer(wrong)
    ask(run_cli, "What were capital expenditures in fiscal 2025?", corpus_pdf)
    trace = last_trace(isolated_env)
    code, out, _ = run_cli("traces", "verify", trace["trace_id"], "--json")
    assert code == 6 and json.loads(out)["support_after"] == "unsupported"


def test_money_never_answers_a_question_that_asks_for_a_percentage(run_cli, corpus_pdf, fake_openai):
    question = "What was net income as a percentage of net sales in fiscal 2025?"
    money = amount(109.8, "millions", "2025", NET_INCOME, label="Net income")
    status, check, _ = status_of(run_cli, fake_openai, corpus_pdf, question, money)
    assert (status, check["kind_check"]) == ("unsupported", "mismatch") and "percentage or ratio" in check["detail"]
