"""A fresh-eyes review of rounds 24-25's rules on real lines, and a new user's wrong date: each right answer keeps its
check, each variant named is caught."""

from __future__ import annotations

from tests.conftest import needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import field
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round22 import yes_no
from tests.test_typed_verify_round25 import DIVIDENDS, text
from tests.test_values import amount, answer, span

pytestmark = needs_shared

GEOGRAPHIES = [
    (3361, "(Dollars in millions) 2021 2020 2019"),
    (3363, "North America $ 17,179 $ 14,484 $ 15,902"),
    (3364, "Europe, Middle East & Africa 11,456 9,347 9,812"),
    (3365, "Greater China 8,290 6,679 6,208"),
    (3366, "Asia Pacific & Latin America 5,343 5,028 5,254"),
]
PLAN_AFTER = (
    "over the next five years the Company expects to invest between $13 billion to $14 billion, with $11.5 billion "
    "to $12 billion for infrastructure improvements in the Regulated Businesses, and the Company expects to invest "
    "between $28 billion to $32 billion over the next 10 years."
)
SEGMENTS = (
    "Europe, Middle East and Africa; Latin America; North America; Asia Pacific; Bottling Investments; and Corporate."
)


def test_a_whole_expense_under_operating_expenses_without_a_cost_of_sub_heading(
    run_cli,
    fake_openai,
    filing,  # noqa: F811
):
    water = filing("AMERICANWATERWORKS_2021_10K")  # 'Operating expenses:' is its only section of expenses
    cited = [(2108, "For the Years Ended December 31,"), (2109, "2021 2020 2019"), (2110, "(In millions)")]
    scripted = amount(
        636.0, "millions", "2021", *cited, (2114, "Depreciation and amortization 636 604 582"), label="D&A"
    )
    asked = "How much was American Water's total depreciation and amortization expense in 2021?"
    status, check = verdict(run_cli, fake_openai, water, asked, scripted)
    assert status == "supported" and not [f for f in check["fields"] if f["field"] == "portion"], check


def test_every_reads_only_a_quantifier_of_the_subject_and_its_count(run_cli, fake_openai, filing):  # noqa: F811
    nike = filing("NIKE_2021_10K")
    four = "Did all four of NIKE's geographic segments grow revenues in fiscal 2021 compared with fiscal 2020?"
    status, check = verdict(run_cli, fake_openai, nike, four, yes_no(True, *GEOGRAPHIES))
    assert not any("leave out" in f["detail"] for f in check["fields"]), check
    each = "Did Greater China revenues increase in each of fiscal 2020 and fiscal 2021?"
    status, check = verdict(run_cli, fake_openai, nike, each, yes_no(True, GEOGRAPHIES[0], GEOGRAPHIES[3]))
    assert not any("leave out" in f["detail"] for f in check["fields"]), check
    every = "Did every NIKE geographic segment grow its revenues in fiscal 2021?"  # Global Brand Divisions left out
    status, check = verdict(run_cli, fake_openai, nike, every, yes_no(True, *GEOGRAPHIES))
    assert status != "supported" and any("leave out" in f["detail"] for f in check["fields"]), check


def test_since_reads_the_clause_of_its_own_verb(run_cli, fake_openai, filing):  # noqa: F811
    three_m = filing("3M_2018_10K")
    asked = "Describe since when 3M has paid dividends."
    right = text("3M has paid dividends since 1916 and increased its dividend by 6 percent.", 1953, 1954, DIVIDENDS)
    status, check = verdict(run_cli, fake_openai, three_m, asked, right)
    assert "since 1916" not in check["detail"], check
    raised = text("3M has raised its dividend annually since 1916.", 1953, 1954, DIVIDENDS)
    status, check = verdict(run_cli, fake_openai, three_m, asked, raised)
    assert status == "unsupported" and "paid dividends since 1916" in check["detail"], check


def test_figures_after_their_duration_are_not_read_as_another_s(run_cli, fake_openai, filing):  # noqa: F811
    water = filing("AMERICANWATERWORKS_2021_10K")
    asked = "Describe American Water's planned capital investment over the next five years."
    five = text("It expects to invest $13 billion to $14 billion over the next five years.", 2389, 2390, PLAN_AFTER)
    status, check = verdict(run_cli, fake_openai, water, asked, five)
    assert "amounts to" not in check["detail"], check


def test_a_company_s_hyphenated_name_is_no_term_of_art(run_cli, fake_openai, filing):  # noqa: F811
    coca_cola = filing("COCACOLA_2017_10K")
    asked = "List the operating segments Coca-Cola had at the end of 2017."
    cited = {**span(1739, f"consisted of the following operating segments: {SEGMENTS[:30]}")}
    listed = answer("list", {"text": "Latin America", "spans": [cited]})
    status, check = verdict(run_cli, fake_openai, coca_cola, asked, listed)
    assert not any("Coca-Cola" in f["detail"] for f in check["fields"]), check


def test_one_caption_over_two_blocks_of_the_underfunded_plans(run_cli, fake_openai, filing):  # noqa: F811
    boeing = filing("BOEING_2022_10K")  # 'our plans with ABO and PBO in excess of plan assets' over both blocks
    asked = "How much was Boeing's projected benefit obligation at December 31, 2022?"
    scripted = amount(48770.0, "millions", "December 31, 2022", (3181, "Projected benefit obligation $48,770 $67,841"))
    status, check = verdict(run_cli, fake_openai, boeing, asked, scripted)
    assert status == "unsupported" and "in excess of assets" in field(check, "member")["detail"], check


def test_basis_points_asked_as_basis_points(run_cli, fake_openai, filing):  # noqa: F811
    nike = filing("NIKE_2023_10K")
    quote = "margin decreased 250 basis points to 43.5% for fiscal 2023 compared to 46.0% for fiscal 2022"
    asked = "By how many basis points did NIKE's gross margin decrease in fiscal 2023?"
    scripted = amount(250.0, "units", "fiscal 2023", (1649, quote), label="Gross margin change", currency=None)
    status, check = verdict(run_cli, fake_openai, nike, asked, scripted)
    assert "not in the cited quote" not in check["detail"], check


def dated(iso: str, written: str, line: int, quote: str) -> dict:
    """A date answer citing one line."""
    item = {"label": "Sale completed", "date": {"iso": iso, "original_text": written}, "spans": [span(line, quote)]}
    return answer("date", item)


def test_a_date_under_another_sale_s_heading(run_cli, fake_openai, filing):  # noqa: F811
    water = filing("AMERICANWATERWORKS_2021_10K")
    asked = "On what date did American Water complete the sale of Homeowner Services Group?"
    michigan = "On February 4, 2022, the Company completed the sale of its operations in Michigan"
    wrong = dated("2022-02-04", "February 4, 2022", 3631, michigan)
    status, check = verdict(run_cli, fake_openai, water, asked, wrong)
    assert status == "unsupported" and "Sale of Michigan American Water Company" in check["detail"], check
    sold = "On December 9, 2021 (the “Closing Date”), the Company sold all of the equity interests"
    right = dated("2021-12-09", "December 9, 2021", 3633, sold)
    assert verdict(run_cli, fake_openai, water, asked, right)[0] == "supported"


def test_a_yes_quoted_from_prose_inside_a_table_s_range_is_read(run_cli, fake_openai, filing):  # noqa: F811
    verizon = filing("VERIZON_2022_10K")
    asked = "Did Verizon Business segment's operating revenues remain relatively flat in 2022 compared with 2021?"
    cited = {**span(1093, "The Business segment's operating revenues for the year ended December 31, 2022")}
    cited.update(line_end=1094, quote=f"{cited['quote']} totaled $31.1 billion and remained relatively flat")
    scripted = answer("boolean", {"value": True, "explanation": "as quoted", "spans": [cited]})
    status, check = verdict(run_cli, fake_openai, verizon, asked, scripted)
    assert not any(f["field"] == "figures" and f["verdict"] == "unknown" for f in check["fields"]), check
