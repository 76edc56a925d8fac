"""Offline answers that are right, or that say they don't know (issue 21): the extractive backend looks the
asked concept up by row and column, computes standard ratios from cited cells, and claims nothing the
verifier does not support. Driven through the CLI on generated filings and the sample report."""

from __future__ import annotations

import json

import pytest

from tests.conftest import read_traces
from tests.test_values import amount, calculation, operand

STATEMENTS = [
    [
        "Consolidated statements of income",
        "(in millions)",
        "Year ended December 31, 2023 2022",
        "Net sales 1,500.0 1,400.0",
        "Cost of sales 900.0 850.0",
        "Gross profit 600.0 550.0",
        "Operating income 240.0 200.0",
        "Net income 150.0 120.0",
    ],
    [
        "Consolidated balance sheets",
        "(in millions)",
        "December 31, 2023 2022",
        "Inventories 300.0 260.0",
        "Total current assets 800.0 700.0",
        "Total assets 2,000.0 1,800.0",
        "Total current liabilities 400.0 380.0",
    ],
    [
        "Consolidated statements of cash flows",
        "(in millions)",
        "Year ended December 31, 2023 2022",
        "Net cash provided by operating activities 310.0 280.0",
        "Purchases of property and equipment (95.0) (80.0)",
    ],
    [
        "Quarterly results",
        "(in millions)",
        "Three months ended December 31,",
        "2023 2022",
        "Net sales 410.0 380.0",
    ],
    [
        "Contents",
        "Segment revenue ........ 18",
        "Legal proceedings ........ 22",
        "Acme Industrial Corp | Form 10-K | 28",
    ],
]


@pytest.fixture
def filing(make_pdf):
    return make_pdf("acme-industrial-2023-10k.pdf", STATEMENTS)


def ask_offline(run_cli, question: str, pdf) -> tuple[dict, str]:
    code, out, err = run_cli("ask", question, pdf, "--json")
    assert code in (0, 3), err
    data = json.loads(out)
    _, text, _ = run_cli("ask", question, pdf)
    return data, text


def value_of(data: dict) -> float | None:
    items = data["answer"]["items"]
    return items[0]["amount"]["value"] if items and data["status"] == "supported" else None


@pytest.mark.parametrize(
    ("question", "value", "row"),
    [
        ("What was net income in 2023?", 150.0, "Net income"),  # income statement
        ("What were total assets in 2022?", 1800.0, "Total assets"),  # balance sheet
        ("What were capital expenditures in 2023?", -95.0, "Purchases of property and equipment"),  # cash flows
    ],
)
def test_a_line_item_is_looked_up_by_concept_row_and_period_column(run_cli, filing, question, value, row):
    data, text = ask_offline(run_cli, question, filing)
    assert value_of(data) == value and data["answer"]["items"][0]["label"] == row
    assert f"looked up: row '{row}'" in text and "no language model was used" in text


def test_a_segment_s_row_is_never_looked_up_for_the_total(run_cli, make_pdf):
    segments = [
        "Segment results",
        "(in millions)",
        "Year ended December 31, 2023 2022",
        "Outdoor segment net sales 702.3 650.1",
        "Net sales 1,284.6 1,124.9",
    ]
    data, text = ask_offline(run_cli, "What were net sales in 2023?", make_pdf("acme-segments.pdf", [segments]))
    assert value_of(data) == 1284.6 and "looked up: row 'Net sales'" in text


def test_an_annual_question_never_takes_a_quarter_s_column(run_cli, filing):
    data, _ = ask_offline(run_cli, "What were net sales in 2023?", filing)
    assert value_of(data) == 1500.0


def test_a_standard_ratio_is_computed_from_cited_cells(run_cli, filing):
    data, text = ask_offline(run_cli, "What was the current ratio in 2023?", filing)
    item = data["answer"]["items"][0]
    assert data["status"] == "supported" and item["amount"]["value"] == 2.0
    assert [o["name"] for o in item["calculation"]["operands"]] == ["Total current assets", "Total current liabilities"]
    assert "computed Current ratio = 'Total current assets' December 31, 2023 (page 2)" in text


def test_an_outflow_enters_a_ratio_as_its_magnitude(run_cli, filing):
    data, _ = ask_offline(run_cli, "What was capex to revenue in 2023?", filing)
    operands = data["answer"]["items"][0]["calculation"]["operands"]
    assert [o["value"] for o in operands] == [95.0, 1500.0]  # printed (95.0): capital expenditures of 95.0
    assert data["status"] == "supported" and round(value_of(data) or 0.0, 2) == 6.33


def test_a_ratio_with_no_period_asked_takes_both_operands_from_one_year(run_cli, make_pdf):
    late_balance_sheet = [
        STATEMENTS[0],
        ["Balance sheets", "(in millions)", "December 31, 2022 2021", "Total assets 1,800.0 1,700.0"],
    ]
    data, _ = ask_offline(run_cli, "What was the return on assets?", make_pdf("acme-late.pdf", late_balance_sheet))
    operands = data["answer"]["items"][0]["calculation"]["operands"]  # never 2023 net income over 2022 total assets
    assert data["status"] == "supported" and [(o["value"], o["period"][-4:]) for o in operands] == [
        (120.0, "2022"),
        (1800.0, "2022"),
    ]
    data, _ = ask_offline(run_cli, "What was the return on assets?", make_pdf("acme-2023.pdf", STATEMENTS))
    assert data["status"] == "supported" and value_of(data) == 7.5  # 150 / 2,000


def test_a_ratio_over_an_average_takes_two_year_ends(run_cli, filing):
    data, _ = ask_offline(run_cli, "What was the return on assets in 2023, over average total assets?", filing)
    calculation = data["answer"]["items"][0]["calculation"]
    assert calculation["expression"] == "a / ((b + c) / 2) * 100"
    assert [o["value"] for o in calculation["operands"]] == [150.0, 2000.0, 1800.0]
    assert data["status"] == "supported" and round(data["answer"]["items"][0]["amount"]["value"], 2) == 7.89


def test_a_definition_the_question_states_is_followed(run_cli, filing):
    question = "What was the inventory coverage in 2023, defined as total current assets / inventories?"
    data, _ = ask_offline(run_cli, question, filing)
    operands = data["answer"]["items"][0]["calculation"]["operands"]
    assert data["status"] == "supported" and [o["value"] for o in operands] == [800.0, 300.0]


def test_a_stated_definition_is_a_percentage_only_when_the_question_says_so(run_cli, filing):
    # 'generated' holds the letters of 'rate': a word, not a substring, makes a percentage
    question = (
        "What was the cash generated per dollar of net income in 2023, defined as net cash provided by "
        "operating activities / net income?"
    )
    data, _ = ask_offline(run_cli, question, filing)
    item = data["answer"]["items"][0]
    assert data["status"] == "supported" and item["amount"]["unit"] == "ratio"
    assert round(item["amount"]["value"], 4) == 2.0667 and item["calculation"]["expression"] == "a / b"


def test_a_stated_definition_in_days_multiplies_by_its_days(run_cli, filing):
    question = "What was the inventory holding period in 2023, defined as inventories / cost of sales * 365?"
    data, _ = ask_offline(run_cli, question, filing)
    item = data["answer"]["items"][0]
    assert data["status"] == "supported" and item["calculation"]["expression"] == "a / b * 365"
    assert round(item["amount"]["value"], 2) == 121.67  # 300 / 900 * 365, never the bare 0.33


def test_a_days_ratio_without_its_days_is_not_supported(run_cli, filing, fake_openai):
    inventories, cost = (12, "Inventories 300.0 260.0"), (5, "Cost of sales 900.0 850.0")
    question = "What were days inventory outstanding in 2023?"
    for expression, result in (("a / b", 0.3333), ("a / b * 365", 121.6667)):
        calc = calculation(
            expression, result, operand("a", 300.0, "2023", inventories), operand("b", 900.0, "2023", cost)
        )
        scripted = amount(result, "units", "2023", inventories, currency=None, label="Days inventory", calculation=calc)
        fake_openai.push_answer(scripted)
        code, out, err = run_cli("ask", question, filing, "--backend", "openai", "--json", "--strategy", "combined")
        check = json.loads(out)["verification"]["items"][0]
        expected = ("mismatch", "unsupported") if expression == "a / b" else ("supported", "supported")
        assert (check["concept_check"], json.loads(out)["status"]) == expected, check["detail"]


def test_a_table_of_quarters_only_never_answers_an_annual_question(run_cli, make_pdf):
    quarters = make_pdf("acme-q4-2023.pdf", [STATEMENTS[3]])
    data, text = ask_offline(run_cli, "What were net sales in 2023?", quarters)
    assert data["status"] == "not_found" and all(i["amount"]["value"] is None for i in data["answer"]["items"])
    assert "410" not in text.split("evidence")[0]
    assert any("each is a quarter's, and the question asks for a full year" in c for c in data["answer"]["caveats"])


def test_page_furniture_is_never_a_value(run_cli, filing):
    data, text = ask_offline(run_cli, "What was segment revenue?", filing)
    assert data["status"] != "supported"
    assert all(item["amount"]["value"] in (None, 1500.0) for item in data["answer"]["items"])
    assert "18" not in [str(i["amount"]["value"]) for i in data["answer"]["items"]]


def test_a_contents_line_that_names_the_line_item_is_still_no_value(run_cli, make_pdf):
    # the verifier alone would take 'Net sales ........ 18' for net sales of 18: the line is never read
    contents = make_pdf("acme-contents.pdf", [["Contents", "Net sales ........ 18", "Acme Corp | Form 10-K | 28"]])
    data, text = ask_offline(run_cli, "What were net sales?", contents)
    assert data["status"] == "not_found" and all(i["amount"]["value"] is None for i in data["answer"]["items"])
    assert "page furniture" in text, text


def test_what_fails_verification_is_withdrawn_with_its_evidence(run_cli, corpus_pdf, isolated_env):
    data, text = ask_offline(run_cli, "What was revenue from the Midwest stores?", corpus_pdf)
    assert data["status"] == "not_found" and not data["answer"]["answer_found"]
    assert data["answer"]["items"] and data["answer"]["items"][0]["amount"]["value"] is None  # evidence, no value
    assert text.startswith("Answer (amount) — not_found: no answer is claimed") and "Midwest" in text
    # the total's row could not be confirmed to be the part asked about: not said to have failed a check
    assert "what was looked up could not be confirmed to answer the question (" in text
    assert read_traces(isolated_env / "traces")[-1]["status"]["support"] == "not_found"


def test_the_consolidated_row_failing_for_a_segment_gives_way_to_the_segment_s_line(run_cli, corpus_pdf):
    data, text = ask_offline(run_cli, "What was revenue from outdoor apparel?", corpus_pdf)
    assert value_of(data) == 702.3 and "the first amount looked up did not pass verification" in text, text


def test_yes_no_and_why_questions_get_evidence_only(run_cli, corpus_pdf):
    for question in ("Does the warranty cover misuse?", "Why are sales seasonal?"):
        data, text = ask_offline(run_cli, question, corpus_pdf)
        assert data["status"] == "not_found" and data["answer"]["items"], question
        assert "— not_found: no answer is claimed" in text and "— supported" not in text


def test_what_a_thing_was_in_a_year_gets_evidence_only_when_no_figure_is_looked_up(run_cli, corpus_pdf):
    """A line quoted whole ('Stores at year end 412 374 351') does not say which of its figures is asked: a text
    answer to 'What was X in <year>?' is evidence to read, never supported (a new user: Lockheed's funded backlog
    had been answered 'supported' with three lines, two of them other figures)."""
    data, text = ask_offline(run_cli, "What was Northwind's store count at the end of fiscal 2025?", corpus_pdf)
    assert data["status"] == "not_found" and data["answer"]["items"], text
    assert "— not_found: no answer is claimed" in text and "— supported" not in text
    data, text = ask_offline(run_cli, "Who is Northwind's Chief Executive Officer?", corpus_pdf)
    assert data["status"] == "supported", text  # a name question's line is still its answer


def test_a_missing_operand_is_said(run_cli, corpus_pdf):
    data, _ = ask_offline(run_cli, "What was the effective tax rate in fiscal 2025?", corpus_pdf)
    assert data["status"] == "not_found"
    assert any("Income tax expense" in c for c in data["answer"]["caveats"])


def test_a_question_that_names_a_page_is_never_refused_for_lack_of_terms(run_cli, corpus_pdf):
    data, text = ask_offline(run_cli, "What does page 1 of this document say?", corpus_pdf)
    assert data["context_status"] == "ok" and data["answer"]["items"]
    assert {p for s in data["verification"]["spans"] for p in s["pages"]} == {1}
    assert "not_found: no answer is claimed; the lines below are the closest evidence" in text


def test_the_row_of_the_line_item_asked_is_sent_though_its_words_differ(run_cli, make_pdf):
    talk = [
        f"Capital expenditure planning, note {i}: capital expenditure reviews continued this year." for i in range(30)
    ]
    statement = [
        "Consolidated statements of cash flows",
        "(in millions)",
        "Year ended December 31, 2023 2022",
        "Net cash provided by operating activities 310.0 280.0",
        "Purchases of property and equipment (95.0) (80.0)",
    ]
    pdf = make_pdf("capex-talk.pdf", [talk[:15], talk[15:], statement])
    code, out, _ = run_cli("context", "What was capital expenditure in 2023?", pdf, "--json", "--budget-chars", "2500")
    data = json.loads(out)
    sent = [line["text"] for source in data["sources"] for line in source["lines"]]
    assert code == 0 and statement[4] in sent
    assert any("rows of the line items asked raised" in note for note in data["notes"])


SEGMENTS = [
    [
        "Aeronautics",
        "(in millions)",
        "Years ended December 31, 2023 2022",
        "Net sales 610.0 580.0",
        "Operating profit 70.0 60.0",
        "% of total net sales 41% 41%",
    ],
    [
        "Consolidated results of operations",
        "(in millions)",
        "Years ended December 31, 2023 2022",
        "Total net sales 1,500.0 1,400.0",
        "Operating profit 240.0 200.0",
    ],
]


def test_a_total_comes_before_its_parts_and_a_share_is_never_the_line_item(run_cli, make_pdf):
    pdf = make_pdf("segments.pdf", SEGMENTS)
    data, _ = ask_offline(run_cli, "What were net sales in 2023?", pdf)
    assert value_of(data) == 1500.0  # not the segment's 610.0, nor its 41% share
    data, _ = ask_offline(run_cli, "What was the operating margin in 2023?", pdf)
    assert data["status"] == "supported"
    assert [o["value"] for o in data["answer"]["items"][0]["calculation"]["operands"]] == [240.0, 1500.0]


def test_a_modifier_the_row_does_not_name_is_never_supported(run_cli, make_pdf):
    pdf = make_pdf("segments.pdf", SEGMENTS)
    data, text = ask_offline(run_cli, "How much were aeronautics net sales in 2023?", pdf)
    # the only rows are the total and an unlabelled segment row: neither names Aeronautics, so nothing is claimed
    assert data["status"] == "not_found" and "aeronautic" in text


def test_growth_is_computed_from_two_cells_of_the_row_over_the_earlier_year(run_cli, filing):
    """'Year-over-year growth in net sales from 2022 to 2023': (1,500 - 1,400) / 1,400 * 100, both cells cited."""
    data, text = ask_offline(run_cli, "What was the year-over-year growth in net sales from 2022 to 2023?", filing)
    assert data["status"] == "supported", data["verification"]
    item = data["answer"]["items"][0]
    assert item["amount"]["unit"] == "percent" and abs(item["amount"]["value"] - 7.1429) < 1e-3
    assert item["calculation"]["expression"] == "(a - b) / b * 100"
    assert [o["value"] for o in item["calculation"]["operands"]] == [1500.0, 1400.0]
    assert "computed growth" in text


def test_growth_without_the_earlier_year_s_column_is_not_computed(run_cli, filing):
    data, _ = ask_offline(run_cli, "What was the year-over-year growth in net sales from 2021 to 2022?", filing)
    assert data["status"] != "supported"


JANUARY_YEARS = [
    [
        "Consolidated statements of earnings",
        "(in millions)",
        "Fiscal Years Ended January 28, 2017 January 30, 2016 January 31, 2015",
        "Revenue 39,403 39,528 40,339",
        "Net earnings 1,228 897 1,233",
    ]
]


def test_a_fiscal_year_ending_in_january_is_its_own_column(run_cli, make_pdf):
    """FY2015 ended January 31, 2015; the column 'January 30, 2016' is FY2016 though it overlaps 2015: each year
    of a three-year average takes the column whose typed fact is of that fiscal year."""
    pdf = make_pdf("retailer-fy2016-10k.pdf", JANUARY_YEARS)
    question = "What is the FY2015 - FY2017 3 year average net profit margin (as a %)?"
    data, _ = ask_offline(run_cli, question, pdf)
    assert data["status"] == "supported", data["verification"]
    operands = data["answer"]["items"][0]["calculation"]["operands"]
    assert [o["value"] for o in operands] == [1233.0, 40339.0, 897.0, 39528.0, 1228.0, 39403.0]


def test_a_look_up_that_fails_verification_gives_way_to_the_next_one_that_passes(run_cli, make_pdf):
    """The first amount looked up (the concept's table row) is a deferred tax balance, rejected; the sentence that
    states the expense is the next amount looked up and is answered, the first one's reason said."""
    deferred_taxes = [
        "Note 12 - Income Taxes",
        "Deferred income tax balances were as follows:",
        "(In millions)",
        "June 30, 2023 2022",
        "Deferred Income Tax Liabilities",
        "Depreciation (2,674) (1,500)",
        "Leasing liabilities (5,123) (4,900)",
        "Total deferred income tax liabilities (7,797) (6,400)",
    ]
    property_note = [
        "Note 7 - Property and Equipment",
        "During fiscal years 2023, 2022, and 2021, depreciation expense was $11.0 billion, $12.6 billion, and "
        "$9.3 billion, respectively.",
    ]
    pdf = make_pdf("contoso-2023-10k.pdf", [deferred_taxes, property_note])
    data, text = ask_offline(run_cli, "What was depreciation expense in fiscal 2023?", pdf)
    assert value_of(data) == 11.0, text
    assert "the first amount looked up did not pass verification" in text and "Deferred Income Tax" in text, text
