"""Ratios over statements printed at different scales, averages over several years, and rows that only look like
a line item: what the extractive backend computes and what the verifier accepts from any backend (issue 21).

Each rule has a scripted wrong answer (the local OpenAI-compatible server) that must be rejected and the offline
answer that must be right, both driven through the CLI on generated filings.
"""

from __future__ import annotations

import pytest

from tests.test_offline import ask_offline, value_of
from tests.test_support import status_of
from tests.test_values import amount, calculation, operand

SCALES = [
    [
        "Cash flow data",
        "(in millions)",
        "Fiscal year 2025 2024",
        "Net cash provided by operating activities 1,469.5 1,287.5",
    ],
    [
        "Balance sheet data",
        "(in thousands)",
        "Fiscal year 2025 2024",
        "Total current liabilities 2,213,556 2,000,000",
    ],
]
CASH_FROM_OPERATIONS = (4, "Net cash provided by operating activities 1,469.5 1,287.5")
CURRENT_LIABILITIES = (8, "Total current liabilities 2,213,556 2,000,000")
Q_CASH_RATIO = (
    "What was the FY2025 operating cash flow ratio? Operating cash flow ratio is defined as: cash from operations / "
    "total current liabilities."
)

YEARS = [
    [
        "Consolidated statements of income",
        "(in millions)",
        "Fiscal year 2025 2024 2023",
        "Net sales 1,000.0 900.0 800.0",
        "Net income 50.0 36.0 40.0",
        "Proceeds from sale of business units and investment in affiliates 400.0 300.0 200.0",
    ],
]
NET_SALES = (4, "Net sales 1,000.0 900.0 800.0")
NET_INCOME = (5, "Net income 50.0 36.0 40.0")
PROCEEDS = (6, "Proceeds from sale of business units and investment in affiliates 400.0 300.0 200.0")
Q_AVERAGE = "What is the FY2023 - FY2025 3 year average net profit margin (as a %)?"


@pytest.fixture
def scales(make_pdf):
    return make_pdf("acme-scales.pdf", SCALES)


@pytest.fixture
def years(make_pdf):
    return make_pdf("acme-years.pdf", YEARS)


def ratio_answer(value, expression, *operands, unit="ratio", period="Fiscal 2025", cited=CASH_FROM_OPERATIONS):
    return amount(
        value, unit, period, cited, currency=None, label="ratio", calculation=calculation(expression, value, *operands)
    )


def test_a_ratio_of_figures_at_different_scales_is_computed_in_units(run_cli, fake_openai, scales):
    printed = ratio_answer(
        0.000664,
        "a / b",
        operand("a", 1469.5, "Fiscal 2025", CASH_FROM_OPERATIONS),
        operand("b", 2213556.0, "Fiscal 2025", CURRENT_LIABILITIES),
    )
    status, check, _ = status_of(run_cli, fake_openai, scales, Q_CASH_RATIO, printed)
    assert status == "unsupported" and "printed at different scales" in check["detail"]
    in_units = ratio_answer(
        0.6639,
        "a / b",
        operand("a", 1469.5e6, "Fiscal 2025", CASH_FROM_OPERATIONS),
        operand("b", 2213556e3, "Fiscal 2025", CURRENT_LIABILITIES),
    )
    status, check, _ = status_of(run_cli, fake_openai, scales, Q_CASH_RATIO, in_units)
    assert (status, check["calculation_check"]) == ("supported", "verified")


def test_offline_a_ratio_across_scales_is_right(run_cli, scales):
    data, text = ask_offline(run_cli, Q_CASH_RATIO, scales)
    assert data["status"] == "supported" and round(value_of(data) or 0.0, 2) == 0.66
    operands = data["answer"]["items"][0]["calculation"]["operands"]
    assert [o["value"] for o in operands] == [1469.5e6, 2213556e3]
    assert "computed the question's definition" in text


def test_one_year_s_ratio_is_not_a_three_year_average(run_cli, fake_openai, years):
    one_year = ratio_answer(
        5.0,
        "a / b * 100",
        operand("a", 50.0, "Fiscal 2025", NET_INCOME),
        operand("b", 1000.0, "Fiscal 2025", NET_SALES),
        unit="percent",
        cited=NET_INCOME,
    )
    status, check, _ = status_of(run_cli, fake_openai, years, Q_AVERAGE, one_year)
    assert (status, check["period_check"]) == ("unsupported", "mismatch")
    assert "average over 2023-2025; no operand is from 2023, 2024" in check["detail"]
    one_cell = amount(1000.0, "millions", "Fiscal 2025", NET_SALES, label="Net sales")
    question = "What was the FY2023 - FY2025 3 year average of net sales?"
    status, check, _ = status_of(run_cli, fake_openai, years, question, one_cell)
    assert (status, check["period_check"]) == ("unsupported", "mismatch") and "one figure is not" in check["detail"]


def test_an_average_of_each_year_s_ratio_is_verified(run_cli, fake_openai, years):
    cells = [("a", 50.0, "b", 1000.0, "2025"), ("c", 36.0, "d", 900.0, "2024"), ("e", 40.0, "f", 800.0, "2023")]
    operands = []
    for top, income, bottom, sales, year in cells:
        operands += [operand(top, income, year, NET_INCOME), operand(bottom, sales, year, NET_SALES)]
    right = ratio_answer(
        4.6667, "(a / b + c / d + e / f) / 3 * 100", *operands, unit="percent", period="2023-2025", cited=NET_INCOME
    )
    status, check, _ = status_of(run_cli, fake_openai, years, Q_AVERAGE, right)
    assert (status, check["calculation_check"], check["period_check"]) == ("supported", "verified", "supported")


def test_offline_a_three_year_average_is_each_year_s_ratio_averaged(run_cli, years):
    data, text = ask_offline(run_cli, Q_AVERAGE, years)
    item = data["answer"]["items"][0]
    assert data["status"] == "supported" and round(value_of(data) or 0.0, 2) == 4.67  # (5.0 + 4.0 + 5.0) / 3
    assert item["calculation"]["expression"] == "(a / b + c / d + e / f) / 3 * 100"
    assert [o["period"][-4:] for o in item["calculation"]["operands"]] == [
        "2023",
        "2023",
        "2024",
        "2024",
        "2025",
        "2025",
    ]
    assert "computed Net margin for each year and averaged" in text


def test_a_row_that_only_contains_a_wording_fills_no_operand(run_cli, fake_openai, years):
    over_proceeds = ratio_answer(
        12.5,
        "a / b * 100",
        operand("a", 50.0, "Fiscal 2025", NET_INCOME),
        operand("b", 400.0, "Fiscal 2025", PROCEEDS),
        unit="percent",
        cited=NET_INCOME,
    )
    status, _, _ = status_of(
        run_cli, fake_openai, years, "What was the net profit margin in fiscal 2025?", over_proceeds
    )
    assert status != "supported"


def test_offline_a_longer_story_is_never_the_line_item(run_cli, make_pdf):
    proceeds_only = [[*YEARS[0][:3], YEARS[0][4], YEARS[0][5]]]  # no net sales row: only 'Proceeds from sale ...'
    data, _ = ask_offline(
        run_cli, "What was the net margin in fiscal 2025?", make_pdf("acme-proceeds.pdf", proceeds_only)
    )
    assert data["status"] != "supported" and value_of(data) is None
    assert "no sent table row gives Revenue" in " ".join(data["answer"]["caveats"])  # never computed over it


ROWS = [
    [
        "Consolidated balance sheets",
        "(in millions)",
        "December 31, 2025 2024",
        "Non-casino revenue 300.0 280.0",
        "Net revenues 1,000.0 900.0",
        "Property, plant and equipment 24,873 23,000",
        "Less: Accumulated depreciation (16,135) (15,000)",
        "Property, plant and equipment - net 8,738 8,000",
    ],
]


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("What was revenue in 2025?", 1000.0),  # 'Non-casino revenue' is a part, never the whole
        ("What is the year end 2025 net PP&E?", 8738.0),  # the row that says 'net', not the gross one above it
        ("What was property, plant and equipment in 2025?", 8738.0),  # the taxonomy's label: PP&E, net
    ],
)
def test_offline_the_row_that_is_the_line_item_is_taken(run_cli, make_pdf, question, value):
    data, _ = ask_offline(run_cli, question, make_pdf("acme-rows.pdf", ROWS))
    assert value_of(data) == value


def test_a_non_prefixed_row_is_narrower_than_the_line_item(run_cli, fake_openai, make_pdf):
    part = amount(300.0, "millions", "2025", (4, "Non-casino revenue 300.0 280.0"), label="Revenue")
    status, check, _ = status_of(
        run_cli, fake_openai, make_pdf("acme-rows.pdf", ROWS), "What was revenue in 2025?", part
    )
    assert (status, check["concept_check"]) == ("unsupported", "mismatch") and "Non-casino not asked" in check["detail"]


SPELLED = [
    [
        "Consolidated statements of income",
        "(in millions)",
        "Fiscal year 2025 2024",
        "Net sales 1,000.0 900.0",
        "Cost of sales 600.0 560.0",
        "Operating income 240.0 200.0",
    ],
    [
        "Consolidated balance sheets",
        "(in millions)",
        "Fiscal year 2025 2024",
        "Property, plant and equipment 1,500.0 1,400.0",
        "Less: accumulated depreciation (900.0) (800.0)",
        "Total assets 2,000.0 1,800.0",
    ],
    [
        "Consolidated statements of cash flows",
        "(in millions)",
        "Fiscal year 2025 2024",
        "Depreciation and amortization 60.0 55.0",
    ],
]


@pytest.mark.parametrize(
    ("question", "value", "expression"),
    [
        ("What was cost of sales as a % of net sales in 2025?", 60.0, "a / b * 100"),
        ("What was the 2025 depreciation and amortization % margin?", 6.0, "a / b * 100"),
        ("What was operating income + depreciation and amortization in 2025?", 300.0, "a + b"),
        ("What was the EBITDA margin in 2025?", 30.0, "(a + b) / c * 100"),  # no EBITDA row: its second formula
    ],
)
def test_offline_a_ratio_or_sum_spelled_out_is_computed(run_cli, make_pdf, question, value, expression):
    data, _ = ask_offline(
        run_cli, question, make_pdf("acme-spelled.pdf", SPELLED)
    )  # accumulated depreciation is no D&A
    item = data["answer"]["items"][0]
    assert data["status"] == "supported" and value_of(data) == value
    assert item["calculation"]["expression"] == expression


def test_offline_an_operand_the_tables_disagree_on_is_not_computed(run_cli, make_pdf):
    segment = ["Segment data", "(in millions)", "Fiscal year 2025 2024", "Depreciation and amortization 20.0 18.0"]
    data, _ = ask_offline(
        run_cli, "What was the EBITDA margin in 2025?", make_pdf("acme-two-da.pdf", [*SPELLED, segment])
    )
    assert data["status"] != "supported" and value_of(data) is None
    assert "the sent tables disagree on it" in " ".join(data["answer"]["caveats"])


GROUPED = [
    [
        "Income statements",
        "(in millions)",
        "Fiscal year 2025 2024",
        "Revenue 1,000.0 900.0",
        "Cost of revenue:",
        "Product 300.0 280.0",
        "Service 100.0 90.0",
        "Total cost of revenue 400.0 370.0",
        "Operating income 200.0 180.0",
    ]
]


def test_offline_a_line_item_under_a_sub_heading_keeps_its_own_name(run_cli, make_pdf):
    data, text = ask_offline(run_cli, "What was the cost of revenue in 2025?", make_pdf("acme-grouped.pdf", GROUPED))
    assert value_of(data) == 400.0 and "looked up: row 'Total cost of revenue'" in text
    data, text = ask_offline(run_cli, "What was operating income in 2025?", make_pdf("acme-grouped.pdf", GROUPED))
    assert value_of(data) == 200.0 and "looked up: row 'Operating income'" in text  # not 'Cost of revenue: ...'


def test_an_item_s_label_does_not_widen_what_was_asked(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("acme-grouped.pdf", GROUPED)
    wrong = amount(
        200.0, "millions", "2025", (9, "Operating income 200.0 180.0"), label="Cost of revenue: Operating income"
    )
    status, check, _ = status_of(run_cli, fake_openai, pdf, "What was the cost of revenue in 2025?", wrong)
    assert (status, check["concept_check"]) == ("unsupported", "mismatch")


MARGINS = [
    [
        "Consolidated statements of income",
        "(in millions)",
        "Fiscal year 2025 2024 2023",
        "Net sales 1,000.0 900.0 800.0",
        "Cost of sales (600.0) (560.0) (500.0)",
        "Operating income 240.0 200.0 160.0",
    ]
]
M_SALES = (4, "Net sales 1,000.0 900.0 800.0")
M_COST = (5, "Cost of sales (600.0) (560.0) (500.0)")
M_OPERATING = (6, "Operating income 240.0 200.0 160.0")


@pytest.fixture
def margins(make_pdf):
    return make_pdf("acme-margins.pdf", MARGINS)


def test_gross_margin_takes_the_cost_away(run_cli, fake_openai, margins):
    added = ratio_answer(
        160.0,
        "(a + b) / c * 100",
        operand("a", 1000.0, "2025", M_SALES),
        operand("b", 600.0, "2025", M_COST),
        operand("c", 1000.0, "2025", M_SALES),
        unit="percent",
        cited=M_SALES,
    )
    status, check, _ = status_of(run_cli, fake_openai, margins, "What was the gross margin in 2025?", added)
    assert (status, check["concept_check"]) == ("unsupported", "mismatch") and "takes" in check["detail"]


def test_offline_gross_margin_and_cost_share_take_the_cost_s_magnitude(run_cli, margins):
    data, _ = ask_offline(run_cli, "What was the gross margin in 2025?", margins)
    assert data["status"] == "supported" and value_of(data) == 40.0  # (1,000 - 600) / 1,000
    data, _ = ask_offline(run_cli, "What was cost of sales as a % of net sales in 2025?", margins)
    assert data["status"] == "supported" and value_of(data) == 60.0


def test_an_expense_in_parentheses_is_no_negative_share(run_cli, fake_openai, margins):
    question = "What was cost of sales as a % of net sales in 2025?"
    negative = ratio_answer(
        -60.0,
        "a / b * 100",
        operand("a", -600.0, "2025", M_COST),
        operand("b", 1000.0, "2025", M_SALES),
        unit="percent",
        cited=M_COST,
    )
    status, check, _ = status_of(run_cli, fake_openai, margins, question, negative)
    assert status == "unsupported" and "printed in parentheses" in check["detail"]


def _margins_of(pairs):
    operands = []
    for i, (income_year, sales_year) in enumerate(pairs):
        income = {"2025": 240.0, "2024": 200.0, "2023": 160.0}[income_year]
        sales = {"2025": 1000.0, "2024": 900.0, "2023": 800.0}[sales_year]
        operands += [
            operand(chr(97 + 2 * i), income, income_year, M_OPERATING),
            operand(chr(98 + 2 * i), sales, sales_year, M_SALES),
        ]
    return operands


def test_an_average_of_margins_pairs_each_year_and_never_answers_one_year(run_cli, fake_openai, margins):
    question = "What is the FY2023 - FY2025 3 year average operating margin?"
    mispaired = _margins_of([("2025", "2023"), ("2024", "2024"), ("2023", "2025")])
    value = (240 / 800 + 200 / 900 + 160 / 1000) / 3 * 100
    wrong = ratio_answer(
        value, "(a / b + c / d + e / f) / 3 * 100", *mispaired, unit="percent", period="2023-2025", cited=M_OPERATING
    )
    status, check, _ = status_of(run_cli, fake_openai, margins, question, wrong)
    assert (status, check["period_check"]) == ("unsupported", "mismatch") and "different years" in check["detail"]
    two_years = _margins_of([("2025", "2025"), ("2024", "2024")])
    averaged = ratio_answer(
        (0.24 + 200 / 900) / 2 * 100, "(a / b + c / d) / 2 * 100", *two_years, unit="percent", cited=M_OPERATING
    )
    status, check, _ = status_of(run_cli, fake_openai, margins, "What was the operating margin in 2025?", averaged)
    assert (status, check["period_check"]) == ("unsupported", "mismatch")  # 2024 is no year of the question


def test_an_average_whose_years_are_not_named_is_not_checked(run_cli, fake_openai, margins):
    one_year = ratio_answer(24.0, "a / b * 100", *_margins_of([("2025", "2025")]), unit="percent", cited=M_OPERATING)
    question = "What was the average operating margin over the last three years?"
    status, check, _ = status_of(run_cli, fake_openai, margins, question, one_year)
    assert status != "supported" and check["period_check"] == "unknown"


def test_a_january_year_end_is_not_two_years_of_an_average(run_cli, make_pdf):
    january = [
        [
            "Consolidated balance sheets",
            "(in millions)",
            "January 28, 2023 January 29, 2022",
            "Total current assets 10,000.0 12,000.0",
            "Total current liabilities 10,200.0 11,000.0",
        ]
    ]
    question = "What is the FY2021 - FY2023 3 year average current ratio?"
    data, _ = ask_offline(run_cli, question, make_pdf("acme-january.pdf", january))
    assert data["status"] != "supported" and value_of(data) is None


VENTURE = [
    ["Consolidated statements of income", "(in millions)", "Fiscal year 2025 2024", "Net sales 1,000.0 900.0"]
    + ["Operating income 120.0 100.0"],
    ["Joint venture summarized results", "(in millions)", "Fiscal year 2025 2024", "Net sales 80.0 75.0"],
]


def test_a_margin_above_the_whole_divides_figures_of_two_tables(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("acme-venture.pdf", VENTURE)
    income = (5, "Operating income 120.0 100.0")
    question = "What was the operating margin in fiscal 2025?"

    def margin(value, sales, row):
        a, b = operand("a", 120.0, "Fiscal 2025", income), operand("b", sales, "Fiscal 2025", row)
        return ratio_answer(value, "a / b * 100", a, b, unit="percent", cited=income)

    venture = margin(150.0, 80.0, (9, "Net sales 80.0 75.0"))
    status, check, _ = status_of(run_cli, fake_openai, pdf, question, venture)
    assert status == "unsupported" and check["calculation_check"] == "verified"  # right arithmetic, no margin
    assert "Operating margin is a part of revenue, at most 100%" in check["detail"]
    status, check, _ = status_of(
        run_cli, fake_openai, pdf, question, margin(12.0, 1000.0, (4, "Net sales 1,000.0 900.0"))
    )
    assert (status, check["calculation_check"]) == ("supported", "verified")


def test_a_quotient_of_one_cell_by_itself_is_no_ratio():
    from docintel.verify.structure import self_quotient

    cells = {"a": (3328, 586.3), "b": (3328, 586.3), "c": (3300, 586.3)}
    assert self_quotient("a / b * 100", cells) == "a / b divides one cell (line 3328) by itself"
    assert self_quotient("a / c * 100", cells) == ""  # the same figure on another line is another cell


def test_offline_the_same_figure_unscaled_or_per_share_is_no_rival(run_cli, make_pdf):
    # net income in millions on the income statement, again with no scale in selected data, and a per-share row
    # labelled the same way: none disagrees with the other, so the return on assets is computed
    income = ["Consolidated statements of income", "(in millions)", "Fiscal year 2025 2024", "Net income 5,007 4,100"]
    selected = ["Selected financial data", "Fiscal year 2025 2024", "Net income 5,007 4,100", "Stores 310 290"]
    per_share = ["Per share data", "Fiscal year 2025 2024", "Basic earnings per common share:", "Net income 3.85 3.12"]
    balance = ["Consolidated balance sheets", "(in millions)", "Fiscal year 2025 2024", "Total assets 50,070 48,000"]
    pdf = make_pdf("acme-rivals.pdf", [balance, income, selected, per_share])
    data, _ = ask_offline(run_cli, "What was the return on assets in 2025?", pdf)
    assert data["status"] == "supported" and value_of(data) == 10.0, data["answer"]["caveats"]
    # a figure that does differ once scaled still is a rival, said as printed with its page
    other = ["Segment data", "(in millions)", "Fiscal year 2025 2024", "Net income 4,980 4,100"]
    pdf = make_pdf("acme-rivals-2.pdf", [balance, income, other])
    data, _ = ask_offline(run_cli, "What was the return on assets in 2025?", pdf)
    caveats = " ".join(data["answer"]["caveats"])
    assert value_of(data) is None and "disagree on it" in caveats and "in units" not in caveats, caveats


QUICK = [
    [
        "Consolidated balance sheets",
        "(in millions)",
        "Fiscal year 2025 2024",
        "Cash and cash equivalents 100.0 90.0",
        "Short-term investments 50.0 40.0",
        "Accounts receivable, net 150.0 140.0",
        "Inventories 200.0 180.0",
        "Total current assets 500.0 450.0",
        "Total current liabilities 200.0 190.0",
    ],
    [
        "Consolidated statements of cash flows",
        "(in millions)",
        "Fiscal year 2025 2024",
        "Net income 300.0 250.0",
        "Dividends paid (5,748.0) (5,000.0)",
    ],
]


def test_offline_a_formula_takes_every_term_the_statement_prints(run_cli, make_pdf):
    data, _ = ask_offline(run_cli, "What was the quick ratio in 2025?", make_pdf("acme-quick.pdf", QUICK))
    item = data["answer"]["items"][0]
    assert data["status"] == "supported" and value_of(data) == 1.5  # cash + short-term investments + receivables
    assert item["calculation"]["expression"] == "(a + b + c) / d"
    without = [[line for line in QUICK[0] if not line.startswith("Short-term")], QUICK[1]]
    data, _ = ask_offline(run_cli, "What was the quick ratio in 2025?", make_pdf("acme-quick-2.pdf", without))
    assert value_of(data) == 1.25  # the term not printed is said to be missing
    assert (
        "Quick ratio computed without Short-term investments: no sent table row gives it" in data["answer"]["caveats"]
    )


def test_offline_how_much_was_paid_is_a_magnitude_with_the_sign_said(run_cli, make_pdf):
    pdf = make_pdf("acme-dividends.pdf", QUICK)
    # 'the company': this page never writes a name, and a name the document does not write is not checked
    data, _ = ask_offline(run_cli, "How much did the company pay in dividends in 2025?", pdf)
    assert data["status"] == "supported" and value_of(data) == 5748.0
    assert (
        "printed as (5,748.0): an outflow (cash paid out); the amount asked is its magnitude"
        in data["answer"]["caveats"]
    )
