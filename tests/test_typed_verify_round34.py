"""Session 12 on real filings: a new user's wrong answers shown supported on Nike's fiscal 2021 10-K (a tax
carryforward read as operating income, a cash flow row read as a balance, the consolidated figure for a place, a
level for a change, an average column for a balance, a segment note's additions beside the cash flow statement's),
and blind red team round 34 (a yes argued from another column, a superlative over a 'respectively' list or a column
of dates)."""

from __future__ import annotations

from tests.conftest import needs_shared
from tests.test_offline import ask_offline, value_of
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import field
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round22 import yes_no
from tests.test_typed_verify_round31 import _said
from tests.test_values import amount, calculation, operand

pytestmark = needs_shared

CARRYFORWARD = (2811, "Net operating loss carry-forwards (1) 15 21")
REVENUES = (2125, "Revenues $ 44,538 $ 37,403 $ 39,117")
GROSS_PROFIT = (2127, "Gross profit 19,962 16,241 17,474")
SALES_OF_INVESTMENTS = (2226, "Sales of short-term investments 2,449 2,379 2,072")
SHORT_TERM_INVESTMENTS = (2167, "Short-term investments 3,587 439")
AVERAGE_DEBT = (1199, "Total debt (2),(3) $ 12,890 $ 8,022")
EQUITY = (2199, "Total shareholders' equity 12,767 8,055")
SEGMENT_ADDITIONS = (3391, "TOTAL ADDITIONS TO PROPERTY, PLANT AND EQUIPMENT $ 791 $ 1,124 $ 1,075")
CASH_FLOW_ADDITIONS = (2227, "Additions to property, plant and equipment (695) (1,086) (1,119)")


def test_a_tax_carryforward_is_no_operating_income(run_cli, fake_openai, filing):  # noqa: F811
    """'Net operating loss carry-forwards' (a deferred tax asset, us-gaap OperatingLossCarryforwards) fills no
    operating income slot of an operating margin (0.0337% was shown supported offline)."""
    nike = filing("NIKE_2021_10K")
    asked = "What was Nike's operating margin in fiscal 2021?"
    computed = calculation(
        "a / b * 100",
        0.0337,
        operand("a", 15.0, "2021", CARRYFORWARD, name="Operating income"),
        operand("b", 44538.0, "2021", REVENUES),
    )
    scripted = amount(0.0337, "percent", "2021", CARRYFORWARD, REVENUES, label="Operating margin", currency=None)
    scripted["items"][0]["calculation"] = computed
    status, check = verdict(run_cli, fake_openai, nike, asked, scripted)
    assert status != "supported", check
    first = check["operands"][0]
    assert first["concept_check"] == "mismatch" and "'carry-forwards' makes it another" in first["detail"], check


def test_a_row_of_an_act_on_an_item_is_no_balance_of_it(run_cli, fake_openai, filing):  # noqa: F811
    """'Sales of short-term investments' (the cash flow statement) is what was sold in the year, not the balance of
    short-term investments at May 31, 2021 (3,587 on the balance sheet), nor revenue; a question about the sales
    of short-term investments is answered by it."""
    nike = filing("NIKE_2021_10K")
    asked = "What were Nike's short-term investments at May 31, 2021?"
    wrong = amount(2449.0, "millions", "May 31, 2021", SALES_OF_INVESTMENTS, label="Short-term investments")
    status, check = verdict(run_cli, fake_openai, nike, asked, wrong)
    assert status == "unsupported" and "the sales of short-term investments" in check["detail"], check
    right = amount(3587.0, "millions", "May 31, 2021", SHORT_TERM_INVESTMENTS, label="Short-term investments")
    status, check = verdict(run_cli, fake_openai, nike, asked, right)
    assert status == "supported", check
    asked = "What were Nike's revenues in fiscal 2021?"
    status, check = verdict(run_cli, fake_openai, nike, asked, amount(2449.0, "millions", "2021", SALES_OF_INVESTMENTS))
    assert status == "unsupported" and "'Sales' is of short-term investments" in check["detail"], check
    asked = "What were Nike's sales of short-term investments in fiscal 2021?"
    scripted = amount(2449.0, "millions", "2021", SALES_OF_INVESTMENTS, label="Sales of short-term investments")
    status, check = verdict(run_cli, fake_openai, nike, asked, scripted)
    assert "not their balance" not in check["detail"], check


def test_a_place_the_question_names_is_its_member(run_cli, fake_openai, filing):  # noqa: F811
    """'revenues in the United States', 'in China': the consolidated 'Revenues' row is not the place's (the member
    field is not supported); 'in fiscal 2021' names no place."""
    nike = filing("NIKE_2021_10K")
    for asked in (
        "What were Nike's revenues in the United States in fiscal 2021?",
        "What were Nike's total revenues in fiscal 2021 in China?",
    ):
        status, check = verdict(run_cli, fake_openai, nike, asked, amount(44538.0, "millions", "2021", REVENUES))
        assert status != "supported" and field(check, "member")["verdict"] != "supported", check
    asked = "What were Nike's revenues in Fiscal 2021?"
    status, check = verdict(run_cli, fake_openai, nike, asked, amount(44538.0, "millions", "2021", REVENUES))
    assert status == "supported", check
    asked = "What were Nike's revenues for fiscal 2021 in US Dollars?"  # a currency is no place
    status, check = verdict(run_cli, fake_openai, nike, asked, amount(44538.0, "millions", "2021", REVENUES))
    assert status == "supported", check


def test_a_change_is_not_computed_from_one_year(run_cli, fake_openai, filing):  # noqa: F811
    """'By how many basis points did gross margin increase in fiscal 2021?' answered 44.82% (gross profit over
    revenues, both of 2021) computes the level: a formula mismatch."""
    nike = filing("NIKE_2021_10K")
    asked = "By how many basis points did Nike's gross margin increase in fiscal 2021?"
    computed = calculation(
        "a / b * 100",
        44.8202,
        operand("a", 19962.0, "2021", GROSS_PROFIT),
        operand("b", 44538.0, "2021", REVENUES),
    )
    scripted = amount(44.8202, "percent", "2021", GROSS_PROFIT, REVENUES, label="Gross margin", currency=None)
    scripted["items"][0]["calculation"] = computed
    status, check = verdict(run_cli, fake_openai, nike, asked, scripted)
    formula = [f for f in check["fields"] if f["field"] == "formula" and f["verdict"] == "mismatch"]
    assert status == "unsupported" and "every operand is of 2021" in formula[0]["detail"], check


def test_an_average_column_is_no_balance(run_cli, fake_openai, filing):  # noqa: F811
    """'Total debt' under 'AVERAGE FOR THE TRAILING FIVE' / 'QUARTERS ENDED' (Nike's ROIC table, a heading wrapped
    over two lines) averages five quarter ends: no operand of a debt-to-equity ratio at May 31, 2021."""
    nike = filing("NIKE_2021_10K")
    asked = "What was Nike's debt to equity ratio at May 31, 2021?"
    computed = calculation(
        "a / b",
        1.0096,
        operand("a", 12890.0, "May 31, 2021", AVERAGE_DEBT, name="Total debt"),
        operand("b", 12767.0, "May 31, 2021", EQUITY),
    )
    scripted = amount(1.0096, "ratio", "May 31, 2021", AVERAGE_DEBT, EQUITY, label="Debt to equity", currency=None)
    scripted["items"][0]["calculation"] = computed
    status, check = verdict(run_cli, fake_openai, nike, asked, scripted)
    assert status != "supported", check
    measure = field(check["operands"][0], "measure")
    assert measure["verdict"] == "mismatch" and "average over several periods" in measure["detail"], check


def test_a_flow_printed_on_the_cash_flow_statement_is_its_figure(run_cli, fake_openai, filing):  # noqa: F811
    """Capital expenditures: the segment note's 'TOTAL ADDITIONS TO PROPERTY, PLANT AND EQUIPMENT $ 791' is not the
    statement of cash flows' 'Additions to property, plant and equipment (695)': unchecked, naming 695."""
    nike = filing("NIKE_2021_10K")
    asked = "What were Nike's capital expenditures in fiscal 2021?"
    scripted = amount(791.0, "millions", "2021", SEGMENT_ADDITIONS, label="Capital expenditures")
    status, check = verdict(run_cli, fake_openai, nike, asked, scripted)
    assert status == "unchecked" and "(695)" in field(check, "statement")["detail"], check
    scripted = amount(695.0, "millions", "2021", CASH_FLOW_ADDITIONS, label="Capital expenditures")
    status, check = verdict(run_cli, fake_openai, nike, asked, scripted)
    assert status == "supported", check


RETURN_HEAD = (
    959,
    "Fiscal Years Ended February 3, 2018 February 2, 2019 February 1, 2020 January 30, 2021 January 29, 2022 January "
    "28, 2023",
)
BEST_BUY_RETURN = (960, "Best Buy Co., Inc. $ 100.00 $ 84.25 $ 125.50 $ 165.74 $ 152.59 $ 139.12")
SP500_RETURN = (961, "S&P 500 $ 100.00 $ 97.69 $ 118.87 $ 139.37 $ 171.83 $ 157.71")


def test_a_yes_argued_from_another_column_is_an_explanation_mismatch(run_cli, fake_openai, filing):  # noqa: F811
    """Best Buy 2023 (round 34): 'outperform the S&P 500 ... over the five fiscal years ended January 28, 2023?
    Yes: $165.74 against $139.37' states the January 30, 2021 cells; at January 28, 2023 Best Buy had $139.12 (the
    index's name 'S&P 500' is no cell: its row's cells are in their columns)."""
    best_buy = filing("BESTBUY_2023_10K")
    asked = (
        "Did Best Buy's common stock outperform the S&P 500 in cumulative total shareholder return over the five "
        "fiscal years ended January 28, 2023?"
    )
    scripted = yes_no(True, RETURN_HEAD, BEST_BUY_RETURN, SP500_RETURN)
    scripted["items"][0]["explanation"] = "Yes: $165.74 on a $100 investment, against $139.37 for the S&P 500."
    status, check = verdict(run_cli, fake_openai, best_buy, asked, scripted)
    detail = field(check, "explanation")["detail"]
    assert status == "unsupported" and "January 30, 2021" in detail and "$139.12" in detail, check
    scripted["items"][0]["value"] = False
    scripted["items"][0]["explanation"] = "No: $139.12 against $157.71 for the S&P 500."
    status, check = verdict(run_cli, fake_openai, best_buy, asked, scripted)
    assert all(f["field"] != "explanation" for f in check["fields"]), check
    # the S&P 500's $171.83 is its January 29, 2022 cell (read as the next column, it would be another period's)
    asked = "Did the S&P 500 return more than Best Buy's stock over the fiscal years ended January 29, 2022?"
    scripted["items"][0].update(value=True, explanation="Yes: the S&P 500 reached $171.83.")
    status, check = verdict(run_cli, fake_openai, best_buy, asked, scripted)
    assert all(f["field"] != "explanation" for f in check["fields"]), check


OFFICES = (
    1688,
    1688,
    "are our Bangalore, India and Noida, India offices which are approximately 0.4 million and 0.5 million square "
    "feet, respectively.",
)


def test_a_superlative_over_a_respectively_list(run_cli, fake_openai, filing):  # noqa: F811
    """Adobe 2022 (round 34): Bangalore's 0.4 million square feet is not the largest of '0.4 million and 0.5 million
    ..., respectively'; Noida's 0.5 million is."""
    adobe = filing("ADOBE_2022_10K")
    asked = "Which is the largest property Adobe occupies outside the United States?"
    claim = "Its Bangalore, India office, at approximately 0.4 million square feet."
    status, check = verdict(run_cli, fake_openai, adobe, asked, _said(claim, OFFICES))
    assert status == "unsupported" and "0.5 million" in field(check, "superlative")["detail"], check
    claim = "Its Noida, India office, at approximately 0.5 million square feet."
    status, check = verdict(run_cli, fake_openai, adobe, asked, _said(claim, OFFICES))
    assert field(check, "superlative")["verdict"] == "supported", check


REOPENING_HEAD = (1696, 1696, "Initial Re-opening Date")


def test_a_superlative_of_time_over_a_column_of_dates(run_cli, fake_openai, filing):  # noqa: F811
    """MGM 2020 (round 34): 'the last to initially re-open' answered Empire City, September 21, 2020 (the last row)
    while the column of re-opening dates holds September 30, 2020 (Park MGM): a superlative mismatch."""
    mgm = filing("MGMRESORTS_2020_10K")
    asked = "Which MGM Resorts domestic property was the last to initially re-open after the March 2020 closures?"
    claim = "Empire City was the last to re-open, on September 21, 2020."
    status, check = verdict(
        run_cli, fake_openai, mgm, asked, _said(claim, REOPENING_HEAD, (1712, 1712, "September 21, 2020"))
    )
    assert status == "unsupported" and "2020-09-30" in field(check, "superlative")["detail"], check
    claim = "Park MGM was the last to re-open, on September 30, 2020."
    status, check = verdict(
        run_cli, fake_openai, mgm, asked, _said(claim, REOPENING_HEAD, (1704, 1704, "September 30, 2020"))
    )
    assert field(check, "superlative")["verdict"] == "supported", check


RESORTS_HEAD = (237, 237, "Name and Location and Suites Footage (1) Slots (2) Tables (3)")
MGM_GRAND = (240, 240, "MGM Grand Las Vegas (4) 6,071 169,000 1,270 98")


def test_a_superlative_ranks_every_row_the_table_lists_unless_a_group_is_asked(run_cli, fake_openai, filing):  # noqa: F811
    """MGM 2020 (round 34): MGM Grand Las Vegas's 169,000 square feet is the largest casino of the Las Vegas Strip
    Resorts block, not of the resorts the table lists (MGM Macau, under 'MGM China:', has 307,000: unchecked, as a
    row under another sub-heading beats it); asked of the Strip's resorts, it is the largest."""
    mgm = filing("MGMRESORTS_2020_10K")
    claim = "MGM Grand Las Vegas had the largest casino, with approximately 169,000 square feet."
    asked = "Which of the resorts MGM Resorts listed as of December 31, 2020 had the largest casino square footage?"
    status, check = verdict(run_cli, fake_openai, mgm, asked, _said(claim, RESORTS_HEAD, MGM_GRAND))
    beaten = field(check, "superlative")  # by a row under another sub-heading: the question may rank the heading's
    assert status == "unchecked" and beaten["verdict"] == "unknown" and "MGM Macau" in beaten["detail"], check
    asked = "Which Las Vegas Strip resort of MGM Resorts had the largest casino square footage at December 31, 2020?"
    status, check = verdict(run_cli, fake_openai, mgm, asked, _said(claim, RESORTS_HEAD, MGM_GRAND))
    assert field(check, "superlative")["verdict"] == "supported", check


PPE_NET = (1879, "Property, plant and equipment — net 9,178 9,429")
SAFETY_SALES = (1152, "Sales (millions) $ 11,604 $ 11,981")
NET_SALES_3M = (1820, "Net sales $ 34,229 $ 35,355 $ 32,184")
OPERATING_INCOME_3M = (1828, "Operating income 6,539 7,369 7,161")
ASIA_PACIFIC = (1312, "Asia Pacific 18,000 18,000 182 216 1,389 1,582")


def test_a_new_user_s_3m_wrong_answers_are_not_supported(run_cli, fake_openai, filing):  # noqa: F811
    """3M 2022 (a new user, offline): 'United States net property, plant and equipment' is the place's (a run of
    capitalised words right before the line item), not 3M's 9,178; 'the total sales change for Safety and
    Industrial' is a change ('sales change'), not the segment's sales level; 'the Transportation and Electronics
    operating income margin' is the segment's, not 3M's operating income over net sales; 'Asia Pacific 18,000
    18,000 182 216 1,389 1,582' under three column groups of '2022 2021' (employees, capital spending, PP&E) says
    no group: its 18,000 is unchecked."""
    mmm = filing("3M_2022_10K")
    asked = "What was United States net property, plant and equipment at December 31, 2022?"
    scripted = amount(9178.0, "millions", "December 31, 2022", PPE_NET, label="Property, plant and equipment — net")
    status, check = verdict(run_cli, fake_openai, mmm, asked, scripted)
    assert status != "supported" and "United, States" in check["detail"], check
    asked = "What was the total sales change for Safety and Industrial in 2022?"
    scripted = amount(11604.0, "millions", "2022", SAFETY_SALES, label="Safety and Industrial sales")
    status, check = verdict(run_cli, fake_openai, mmm, asked, scripted)
    assert status == "unsupported" and field(check, "measure")["verdict"] == "mismatch", check
    asked = "What were the net sales for Safety and Industrial in 2022?"  # the business, not 3M's 34,229
    scripted = amount(34229.0, "millions", "2022", NET_SALES_3M, label="Net sales")
    status, check = verdict(run_cli, fake_openai, mmm, asked, scripted)
    assert status != "supported" and field(check, "member")["verdict"] != "supported", check
    asked = "What was the Transportation and Electronics operating income margin in 2022?"
    computed = calculation(
        "a / b * 100",
        19.1037,
        operand("a", 6539.0, "2022", OPERATING_INCOME_3M),
        operand("b", 34229.0, "2022", NET_SALES_3M),
    )
    scripted = amount(19.1037, "percent", "2022", OPERATING_INCOME_3M, NET_SALES_3M, label="Operating margin")
    scripted["items"][0].update(calculation=computed, amount={"value": 19.1037, "currency": None, "unit": "percent"})
    status, check = verdict(run_cli, fake_openai, mmm, asked, scripted)
    assert status != "supported" and field(check["operands"][0], "member")["verdict"] != "supported", check
    asked = "What was net property, plant and equipment in Asia Pacific at December 31, 2022?"
    scripted = amount(18000.0, "millions", "December 31, 2022", ASIA_PACIFIC, label="Asia Pacific net PP&E")
    status, check = verdict(run_cli, fake_openai, mmm, asked, scripted)
    assert status == "unchecked" and field(check, "column")["verdict"] == "unknown", check


def test_offline_the_line_item_asked_comes_before_its_family(run_cli, filing):  # noqa: F811
    """Offline (Nike 2021, a new user): diluted EPS is the 'Diluted' row (3.56), not the 'Basic' one above it, and
    cash and equivalents the balance sheet's row (9,889), not 'Cash and equivalents and Short-term investments'."""
    nike = filing("NIKE_2021_10K")
    data, _ = ask_offline(run_cli, "What was Nike's diluted earnings per share in fiscal 2021?", nike)
    assert value_of(data) == 3.56, data["answer"]
    data, _ = ask_offline(run_cli, "What was Nike's cash and equivalents at May 31, 2021?", nike)
    assert value_of(data) == 9889.0, data["answer"]


TOTAL_ASSETS = (2177, "TOTAL ASSETS $ 37,740 $ 31,342")


def test_a_word_of_the_item_s_own_name_is_no_place(run_cli, fake_openai, filing):  # noqa: F811
    """'Asset turnover is defined as ...' writes the ratio's own name capitalised: no part of the company is asked,
    and Nike's revenues over its total assets answer it (a run before the line item names a part only when it is
    no word of the item's name)."""
    nike = filing("NIKE_2021_10K")
    asked = (
        "What was Nike's asset turnover in fiscal 2021? Asset turnover is defined as revenues divided by total assets."
    )
    computed = calculation(
        "a / b", 1.1801, operand("a", 44538.0, "2021", REVENUES), operand("b", 37740.0, "May 31, 2021", TOTAL_ASSETS)
    )
    scripted = amount(1.1801, "ratio", "2021", REVENUES, TOTAL_ASSETS, label="Asset turnover", currency=None)
    scripted["items"][0]["calculation"] = computed
    status, check = verdict(run_cli, fake_openai, nike, asked, scripted)
    assert all(f["verdict"] != "mismatch" for o in check["operands"] for f in o["fields"] if f["field"] == "member")
    assert status == "supported", check


NET_INCOME_NIKE = (2135, "NET INCOME $ 5,727 $ 2,539 $ 4,029")
AMAZON_OPERATING_INCOME = (
    979,
    "Operating income was $2.2 billion , $4.2 billion , and $4.1 billion for 2015 , 2016 , and 2017 .",
)
FIOS = (
    1578,
    "Fios revenues totaled $1.0 billion, which represents an increase of $41 million during 2022 compared to 2021.",
)


def test_a_sentence_of_levels_named_by_neutral_words_decides_and_one_of_a_change_does_not(
    run_cli,
    fake_openai,
    filing,  # noqa: F811
):
    """Amazon 2017: 'Operating income was $2.2 billion, $4.2 billion, and $4.1 billion for 2015, 2016, and 2017'
    names its subject in words the vocabulary calls neutral ('operating', 'income'): a yes to 'higher in 2015 than in
    2016' is a figures mismatch. Verizon 2022: 'Fios revenues totaled $1.0 billion, which represents an increase of
    $41 million during 2022 compared to 2021' gives a level and a change, no level per year: not compared."""
    amazon = filing("AMAZON_2017_10K")
    asked = "Was Amazon's operating income higher in 2015 than in 2016?"
    status, check = verdict(run_cli, fake_openai, amazon, asked, yes_no(True, AMAZON_OPERATING_INCOME))
    assert status == "unsupported" and field(check, "figures")["verdict"] == "mismatch", check
    verizon = filing("VERIZON_2022_10K")
    asked = "Were Verizon's Fios revenues higher in 2021 than in 2022?"
    status, check = verdict(run_cli, fake_openai, verizon, asked, yes_no(True, FIOS))
    assert all(f["field"] != "figures" for f in check["fields"]), check


SAFETY_GRAPHICS = (5145, "Safety and Graphics 6,827 6,235 5,948 1,720 2,066 1,403")


def test_column_groups_ingest_reads_as_two_line_items_are_told_apart(run_cli, fake_openai, filing):  # noqa: F811
    """3M 2018's segment table prints '2018 2017 2016' twice under 'Net Sales Operating Income': ingest reads the
    groups as two line items, so 'Safety and Graphics 6,827' answers its 2018 net sales (no `column` field)."""
    mmm = filing("3M_2018_10K")
    asked = "What were Safety and Graphics' net sales in 2018?"
    scripted = amount(6827.0, "millions", "2018", SAFETY_GRAPHICS, label="Safety and Graphics net sales")
    status, check = verdict(run_cli, fake_openai, mmm, asked, scripted)
    assert all(f["field"] != "column" for f in check["fields"]), check


AVERAGE_ASSETS = (5707, "Total assets 205,479 189,593 190,079")


def test_a_caption_that_labels_every_column_an_average_balance_is_no_year_end(run_cli, fake_openai, filing):  # noqa: F811
    """American Express 2022's average balance sheet labels each column 'Average Balance (a)' on the line under its
    years: its 'Total assets 205,479' is the year's average, no total assets at December 31, 2022 (228,354)."""
    amex = filing("AMERICANEXPRESS_2022_10K")
    asked = "What were American Express's total assets at December 31, 2022?"
    scripted = amount(205479.0, "millions", "December 31, 2022", AVERAGE_ASSETS, label="Total assets")
    status, check = verdict(run_cli, fake_openai, amex, asked, scripted)
    assert status == "unsupported" and field(check, "measure")["verdict"] == "mismatch", check
