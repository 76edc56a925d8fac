"""Tables that follow one another on a page and tables whose rows, not columns, carry the date: a roll-forward's
'Balance at December 31, 2019' rows under segment columns (the caption's line item, each column's member, an
instant), a share-award table of counts and prices after a table of years (its own table; the price unscaled),
a schedule's 'For the year ended May 31, 2018' rows, and the lines that do not split a table (a sentence whose
rows fit the columns above). Read by `docintel facts` on generated pages."""

from __future__ import annotations

import json
from typing import Any

PAGES = [
    [
        "Net sales by segment were as follows (in millions):",
        "2020 2019 2018",
        "Aeronautics $ 26,266 $ 23,693 $ 21,242",
        "MFC 11,257 10,131 8,462",
        "RMS 15,995 15,128 14,250",
        "Space 11,880 10,860 9,808",
        "Total net sales $ 65,398 $ 59,812 $ 53,762",
        "Note 3 - Earnings Per Share",
        "The weighted average number of shares outstanding used to compute earnings per common share were as "
        "follows (in millions):",
        "2020 2019 2018",
        "Weighted average common shares outstanding for basic computations 280.0 282.0 284.5",
        "Weighted average common shares outstanding for diluted computations 281.2 283.8 286.8",
        "We compute basic and diluted earnings per common share by dividing net earnings by the shares.",
        "Note 4 - Goodwill and Acquired Intangibles",
        "Changes in the carrying amount of goodwill by segment were as follows (in millions):",
        "Aeronautics MFC RMS Space Total",
        "Balance at December 31, 2018 $ 171 $ 2,262 $ 6,751 $ 1,585 $ 10,769",
        "Acquisitions 16 - - 173 189",
        "Balance at December 31, 2019 171 2,089 6,758 1,586 10,604",
        "Acquisitions 16 - - 173 189",
        "Balance, December 31, 2020 $ 187 $ 2,091 $ 6,768 $ 1,760 $ 10,806",
    ],
    [
        "Share-based compensation",
        "($ in millions) 2023 2022 2021",
        "Share-based compensation expense $ 121 $ 109 $ 99",
        "Income tax benefit 14 12 11",
        "Information on our time-based share awards was as follows:",
        "Weighted-Average Fair",
        "Time-Based Share Awards Shares Value per Share",
        "Outstanding as of January 29, 2022 3,396 $ 80.30",
        "Granted 1,674 $ 98.05",
        "Outstanding as of January 28, 2023 3,046 $ 90.96",
    ],
    [
        "SCHEDULE II - Valuation and Qualifying Accounts",
        "Balance at Charged to Costs Charged to Balance at End",
        "(In millions) Beginning of Period and Expenses Other Accounts Write-Offs, Net of Period",
        "Sales returns reserve",
        "For the year ended May 31, 2017 444 696 3 (800) 343",
        "For the year ended May 31, 2018 343 640 5 (658) 330",
    ],
    [
        "Restructuring",
        "(in millions) 2023 2022",
        "Total restructuring charges $ 500 $ 400",
        "Implementation costs recorded in our statements of income as follows:",
        "Cost of sales 13 15",
        "Selling, general and administrative expenses 67 134",
    ],
    [
        "Statement of stockholders' equity",
        "(in millions) Common Stock Retained Earnings Total",
        "Balance, December 31, 2021 $ 100 $ 2,000 $ 2,100",
        "Net income - 500 500",
        "Balance, December 31, 2022 $ 100 $ 2,500 $ 2,600",
    ],
    [
        "Consolidated statements of comprehensive income",
        "(In millions) 2024 2023",
        "Comprehensive income/(loss) attributable to Acme 2,514 1,000",
        "Tax provision/(benefit) on other comprehensive income/(loss) (55) 20",
    ],
    [
        "Dividends",
        "The Company paid dividends of $6,320 million, $6,043 million and $5,741 million during the years ended",
        "December 31, 2024, 2023 and 2022, respectively.",
    ],
    [
        "Net sales by segment were as follows (in millions):",
        "2020 2019 2018",
        "Aeronautics $ 26,266 $ 23,693 $ 21,242",
        "Space 11,880 10,860 9,808",
        "Earnings per share were as follows:",
        "2020 2019 2018",
        "Basic earnings per share 24.50 22.09 17.74",
        "Changes in the carrying amount of goodwill by segment were as follows (in millions):",
        "Aeronautics Space Total",
        "Balance at December 31, 2019 171 1,586 1,757",
        "Acquisitions 16 173 189",
    ],
    [
        "The changes in the reserve for excess and obsolete inventory were as follows (in millions):",
        "2024 2023",
        "Balance at beginning of year 40 35",
        "Balance at end of year 45 40",
        "Changes in goodwill were as follows (in millions):",
        "2024 2023",
        "Balance at beginning of year 1,000 900",
        "Balance at end of year 1,050 1,000",
        "Stock option activity was as follows:",
        "Weighted-Average Weighted-Average Remaining",
        "Options Exercise Price Contractual Term (in years)",
        "Outstanding at December 31, 2024 1,100 $ 31.25 5.25",
    ],
    [
        "(In thousands) 2023 2022",
        "Reportable segment net revenues 3,813,705 3,239,857",
        "The following table shows key gaming statistics for our resorts:",
        "Three Months Ended Six Months Ended",
        "June 30, June 30,",
        "2023 2022 2023 2022",
        "(Dollars in millions)",
        "Table games drop $ 1,498 $ 1,429 $ 3,022 $ 2,631",
    ],
    [
        "Share-based compensation by product and function",
        "(In millions) 2024 2023",
        "Cloud 40 30",
        "General and administrative 200 180",
        "Statements of income",
        "(In millions) 2024 2023",
        "Revenue:",
        "Product $ 1,000 $ 900",
        "Total revenue 1,000 900",
        "General and administrative 4,563 4,611",
    ],
]


def _facts(run_cli, pdf, page: int) -> list[dict[str, Any]]:
    code, out, err = run_cli("facts", pdf, "--page", str(page), "--tables-only", "--json")
    assert code == 0, err
    return json.loads(out)


def _fact(facts: list[dict[str, Any]], value: float) -> dict[str, Any]:
    found = [f for f in facts if f["value"] == value]
    assert len(found) == 1, (value, found)
    return found[0]


def test_a_roll_forward_after_another_table_is_read_as_its_own(run_cli, make_pdf):
    pdf = make_pdf("aerospace-2020-10k.pdf", PAGES)
    facts = _facts(run_cli, pdf, 1)
    mfc = _fact(facts, 2089)
    assert (mfc["concept"], mfc["member"], mfc["scale"]) == ("goodwill", {"name": "MFC", "axis": "segment"}, 1e6)
    assert (mfc["period"]["kind"], mfc["period"]["end"]) == ("instant", "2019-12-31")
    total = _fact(facts, 10769)
    assert total["member"] is None and total["concept"] == "goodwill"
    assert total["period"]["end"] == "2018-12-31"
    assert _fact(facts, 6768)["period"]["end"] == "2020-12-31"
    basic = _fact(facts, 280.0)  # the table above keeps its own rows
    assert basic["period"]["end"] == "2020-12-31"


def test_a_share_award_table_is_not_read_under_the_years_above_it(run_cli, make_pdf):
    pdf = make_pdf("retailer-2023-10k.pdf", PAGES)
    facts = _facts(run_cli, pdf, 2)
    price = _fact(facts, 90.96)
    assert (price["kind"], price["scale"]) == ("per_share", 1.0)
    assert (price["period"]["kind"], price["period"]["end"]) == ("instant", "2023-01-28")
    count = _fact(facts, 3046)
    assert count["period"]["end"] == "2023-01-28"
    assert _fact(facts, 121)["period"]["fiscal_year"] == 2023


def test_a_balance_row_is_an_instant_at_its_date(run_cli, make_pdf):
    pdf = make_pdf("equity-2022-10k.pdf", PAGES)
    closing = _fact(_facts(run_cli, pdf, 5), 2600)
    assert (closing["period"]["kind"], closing["period"]["end"]) == ("instant", "2022-12-31")


def test_a_schedule_row_named_by_its_year_is_that_year(run_cli, make_pdf):
    pdf = make_pdf("apparel-2018-10k.pdf", PAGES)
    ending = _fact(_facts(run_cli, pdf, 3), 330)
    assert (ending["period"]["kind"], ending["period"]["end"], ending["period"]["months"]) == (
        "duration",
        "2018-05-31",
        12,
    )


def test_a_sentence_over_rows_that_fit_the_columns_keeps_them_in_the_table(run_cli, make_pdf):
    pdf = make_pdf("pharma-2023-10k.pdf", PAGES)
    facts = _facts(run_cli, pdf, 4)
    assert _fact(facts, 13)["period"]["fiscal_year"] == 2023
    assert _fact(facts, 134)["period"]["fiscal_year"] == 2022


def test_comprehensive_income_is_its_own_line_item_and_the_tax_on_it_is_not_it(run_cli, make_pdf):
    facts = _facts(run_cli, make_pdf("acme-2024-10k.pdf", PAGES), 6)
    assert _fact(facts, 2514)["concept"] == "comprehensive_income"
    assert _fact(facts, -55)["concept"] is None


def test_amounts_listed_respectively_take_their_years(run_cli, make_pdf):
    code, out, err = run_cli("facts", make_pdf("acme-2024-10k.pdf", PAGES), "--page", "7", "--json")
    assert code == 0, err
    facts = json.loads(out)
    years = {f["value"]: (f["period"] or {}).get("fiscal_year") for f in facts}
    assert years == {6320: 2024, 6043: 2023, 5741: 2022}, facts


def test_a_roll_forward_with_as_many_columns_as_the_table_above_is_still_its_own(run_cli, make_pdf):
    facts = _facts(run_cli, make_pdf("aerospace-2020-10k.pdf", PAGES), 8)
    space = _fact(facts, 1586)
    assert (space["concept"], space["member"], space["period"]["end"]) == (
        "goodwill",
        {"name": "Space", "axis": "segment"},
        "2019-12-31",
    )


def test_a_reserve_s_and_an_opening_balance_are_not_the_caption_s_item(run_cli, make_pdf):
    facts = _facts(run_cli, make_pdf("retailer-2024-10k.pdf", PAGES), 9)
    assert _fact(facts, 45)["concept"] is None  # the reserve's balance is not inventory
    assert _fact(facts, 1050)["concept"] == "goodwill"
    assert _fact(facts, 900)["concept"] is None  # the opening balance: the verifier reads it as the period's start
    assert _fact(facts, 31.25)["kind"] == "per_share"
    assert _fact(facts, 5.25)["kind"] != "per_share"  # a term in years beside the price


def test_an_introduced_table_with_a_header_of_its_own_keeps_it(run_cli, make_pdf):
    drop = _fact(_facts(run_cli, make_pdf("resorts-2023-10q.pdf", PAGES), 10), 3022)
    assert (drop["period"]["months"], drop["period"]["end"], drop["scale"]) == (6, "2023-06-30", 1e6)


def test_an_expense_by_function_is_never_a_member(run_cli, make_pdf):
    facts = _facts(run_cli, make_pdf("software-2024-10k.pdf", PAGES), 11)
    assert _fact(facts, 4563)["member"] is None
