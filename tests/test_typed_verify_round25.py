"""Red team round 25 on real filings: an expense by nature read from one function's sub-heading (Adobe's
'Amortization of intangibles' under 'Operating expenses:'), a ten-year plan's amounts given for five years
(American Water), a yes to 'did every category decline' quoted from all rows but the one that rose (Best Buy's
'Other 1 % -% 1.6 % N/A'), and a streak dated by the year dividends began (3M: 'has paid dividends since 1916')."""

from __future__ import annotations

from tests.conftest import needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import field
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round22 import yes_no
from tests.test_values import amount, answer, span

pytestmark = needs_shared

INCOME_STATEMENT = [
    (2542, "CONSOLIDATED STATEMENTS OF INCOME"),
    (2546, "2022 2021 2020"),
    (2558, "Operating expenses:"),
    (2562, "Amortization of intangibles 169 172 162"),
]
PLAN = (
    1909,
    "The Company expects to invest between $13 billion to $14 billion over the next five years, and between $28 "
    "billion to $32 billion over the next 10 years",
)
CATEGORIES = [
    (1116, "Revenue Mix Summary Comparable Sales Summary"),
    (1117, "2023 2022 2023 2022"),
    (1118, "Computing and Mobile Phones 43 % 44 % (12.0)% 5.1 %"),
    (1119, "Consumer Electronics 30 % 31 % (12.2)% 15.9 %"),
    (1120, "Appliances 15 % 14 % (5.7)% 24.1 %"),
    (1121, "Entertainment 6 % 6 % (5.5)% 7.4 %"),
    (1122, "Services 5 % 5 % (2.5)% 5.9 %"),
]
OTHER = (1123, "Other 1 % -% 1.6 % N/A")
DIVIDENDS = (
    "3M has paid dividends since 1916. In February 2019, 3M’s Board of Directors declared a first-quarter 2019 "
    "dividend of $1.44 per share, an increase of 6 percent. This is equivalent to an annual dividend of $5.76 per "
    "share and marked the 61st consecutive year of dividend increases."
)


def text(claim: str, first: int, last: int, quote: str) -> dict:
    return answer("text", {"text": claim, "spans": [{**span(first, quote), "line_end": last}]})


def test_an_expense_by_nature_under_one_function_is_that_function_s_part(run_cli, fake_openai, filing):  # noqa: F811
    adobe = filing("ADOBE_2022_10K")
    scripted = amount(169.0, "millions", "fiscal 2022", *INCOME_STATEMENT, label="Amortization of intangibles")
    asked = "What was Adobe's total amortization expense for intangible assets in fiscal 2022?"
    status, check = verdict(run_cli, fake_openai, adobe, asked, scripted)
    assert status == "unchecked" and "IAS 1" in field(check, "portion")["detail"], check
    named = "What was Adobe's amortization of intangibles in operating expenses in fiscal 2022?"
    status, check = verdict(run_cli, fake_openai, adobe, named, scripted)
    assert status == "supported" and field(check, "portion")["verdict"] == "supported", check


def test_a_duration_s_amounts_are_the_ones_its_quote_gives_it(run_cli, fake_openai, filing):  # noqa: F811
    water = filing("AMERICANWATERWORKS_2021_10K")
    asked = "Describe American Water's planned capital investment over the next five years."
    ten = text("It expects to invest between $28 billion and $32 billion over the next five years.", PLAN[0], *PLAN)
    status, check = verdict(run_cli, fake_openai, water, asked, ten)
    assert status == "unsupported" and "amounts to 10 years, not to five years" in check["detail"], check
    five = text("It expects to invest between $13 billion and $14 billion over the next five years.", PLAN[0], *PLAN)
    assert verdict(run_cli, fake_openai, water, asked, five)[0] == "supported"
    both = "It expects $13 billion to $14 billion over the next five years and $28 billion to $32 billion in 10 years."
    assert verdict(run_cli, fake_openai, water, asked, text(both, PLAN[0], *PLAN))[0] == "supported"


def test_a_yes_to_every_needs_every_row(run_cli, fake_openai, filing):  # noqa: F811
    best_buy = filing("BESTBUY_2023_10K")
    asked = "Did every Domestic segment revenue category of Best Buy post a comparable sales decline in fiscal 2023?"
    status, check = verdict(run_cli, fake_openai, best_buy, asked, yes_no(True, *CATEGORIES))
    figures = [f["detail"] for f in check["fields"] if f["field"] == "figures"]
    assert status != "supported" and any("leave out the row 'Other'" in d for d in figures), check
    # all rows quoted: nothing is left out ('Other 1 % -% 1.6 % N/A' is a row since '-%' and 'N/A' are cells)
    status, check = verdict(run_cli, fake_openai, best_buy, asked, yes_no(True, *CATEGORIES, OTHER))
    assert not any("leave out" in f["detail"] for f in check["fields"]), check


def test_since_a_year_dates_what_its_own_clause_says(run_cli, fake_openai, filing):  # noqa: F811
    three_m = filing("3M_2018_10K")
    asked = "Describe since when 3M has increased its dividend every year."
    quote = DIVIDENDS
    wrong = text("3M has increased its dividend every year since 1916.", 1953, 1954, quote)
    status, check = verdict(run_cli, fake_openai, three_m, asked, wrong)
    assert status == "unsupported" and "'3M has paid dividends since 1916'" in check["detail"], check
    right = text("3M has paid dividends since 1916.", 1953, 1954, quote)
    assert verdict(run_cli, fake_openai, three_m, asked, right)[0] == "supported"


MARGIN = (
    "Gross margin increased 140 basis points to 44.8% for fiscal 2021 compared to 43.4% for fiscal 2020",
    1315,
    1316,
)
CAPEX = [
    (
        1604,
        "The following table presents our capital expenditures for each of the past three fiscal years "
        "($ in millions):",
    ),
    (1605, "2019 2018 2017"),
    (1610, "Total capital expenditures (2) $ 819 $ 688 $ 580"),
]


def test_basis_points_are_hundredths_of_a_point_and_the_change_is_the_later_year_s(
    run_cli,
    fake_openai,
    filing,  # noqa: F811
):
    nike = filing("NIKE_2021_10K")
    quote, first, last = MARGIN
    scripted = amount(1.4, "percent", "fiscal 2021", (first, quote), label="Gross margin change", currency=None)
    scripted["items"][0]["spans"][0]["line_end"] = last
    asked = "By how many percentage points did NIKE, Inc.'s gross margin expand in fiscal 2021?"
    status, check = verdict(run_cli, fake_openai, nike, asked, scripted)
    assert status == "supported" and "change to 2021 from 2020" in check["detail"], check
    later = asked.replace("fiscal 2021", "fiscal 2022")
    assert verdict(run_cli, fake_openai, nike, later, scripted)[0] != "supported"


def test_a_text_table_of_another_section_sets_no_scenario(run_cli, fake_openai, filing):  # noqa: F811
    best_buy = filing("BESTBUY_2019_10K")  # 'Rating Agency Rating Outlook' heads the credit ratings, 20 lines up
    scripted = amount(819.0, "millions", "fiscal 2019", *CAPEX, label="Total capital expenditures")
    asked = "What were Best Buy's total capital expenditures in fiscal 2019?"
    status, check = verdict(run_cli, fake_openai, best_buy, asked, scripted)
    assert status == "supported" and field(check, "scenario")["verdict"] == "supported", check
