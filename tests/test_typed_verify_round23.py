"""Red team round 23 on real filings: a growth rate over a negative base whose sign says the opposite of the change
(MGM's 2022 release: Adjusted EPS from $(0.67) to $(2.74) is no +309%), a bound given as the figure ('over 90%' of
NIKE's 2021 10-K), and a percentage the quote says something else of ('approximately 70 percent of the worldwide
pension obligation, was 97 percent funded', 3M's 2022 10-K)."""

from __future__ import annotations

from datetime import date

from docintel.ingest.documents import Ingestor
from docintel.settings import load_settings
from docintel.verify.fiscal import fiscal_year_ends
from tests.conftest import needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import field
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round22 import yes_no
from tests.test_values import amount, calculation, operand

pytestmark = needs_shared

ADJUSTED_EPS = (157, "Adjusted EPS $ (2.74) $ (0.67)")
BRAND = (1137, "The NIKE Brand, which represents over 90% of NIKE, Inc. Revenues, experienced")
FUNDED = (
    1041,
    "On a worldwide basis, 3M’s pension and postretirement plans were 96 percent funded at year-end 2022. The primary "
    "U.S. qualified pension plan, which is approximately 70",
)
OBLIGATION = "percent of the worldwide pension obligation, was 97 percent funded"


def pension(value: float) -> dict:
    """An answer citing the sentence over lines 1041-1042 as one span."""
    scripted = amount(value, "percent", "year-end 2022", FUNDED, label="Funded status")
    cited = scripted["items"][0]["spans"][0]
    cited.update(line_end=1042, quote=f"{cited['quote']} {OBLIGATION}")
    return scripted


def growth(row: tuple[int, str], values: tuple[float, float], name: str, expression: str, result: float) -> dict:
    """A growth answer over one row's 2022 (a) and 2021 (b) cells."""
    a = operand("a", values[0], "2022", row, name=name)
    b = operand("b", values[1], "2021", row, name=name)
    return amount(result, "percent", "2022", row, calculation=calculation(expression, result, a, b), label=name)


def test_a_growth_rate_over_a_negative_base_keeps_the_sign_of_the_change(run_cli, fake_openai, filing):  # noqa: F811
    release = filing("MGMRESORTS_2022Q4_EARNINGS")
    asked = "By what percentage did MGM Resorts' Adjusted EPS change in full-year 2022 compared with 2021?"
    scripted = growth(ADJUSTED_EPS, (-2.74, -0.67), "Adjusted EPS", "(a - b) / b * 100", 308.96)
    status, check = verdict(run_cli, fake_openai, release, asked, scripted)
    formula = [f for f in check["fields"] if f["field"] == "formula"]
    assert status == "unsupported" and any("negative base" in f["detail"] for f in formula), check
    # over the loss's size: the loss widened 309%
    scripted = growth(ADJUSTED_EPS, (-2.74, -0.67), "Adjusted EPS", "(a - b) / -b * 100", -308.96)
    status, check = verdict(run_cli, fake_openai, release, asked, scripted)
    assert status == "supported", check


def test_a_bound_is_not_the_figure(run_cli, fake_openai, filing):  # noqa: F811
    nike = filing("NIKE_2021_10K")
    asked = "What percentage of NIKE, Inc. revenues did the NIKE Brand represent in fiscal 2021?"
    scripted = amount(90.0, "percent", "fiscal 2021", BRAND, label="NIKE Brand share of revenues")
    status, check = verdict(run_cli, fake_openai, nike, asked, scripted)
    assert status == "unchecked" and "'over 90%'" in field(check, "range")["detail"], check
    bound = "Over what percentage of NIKE, Inc. revenues did the NIKE Brand account in fiscal 2021?"
    status, check = verdict(run_cli, fake_openai, nike, bound, scripted)
    assert field(check, "range")["verdict"] == "not_applicable", check


def test_a_percentage_is_what_its_own_words_say(run_cli, fake_openai, filing):  # noqa: F811
    three_m = filing("3M_2022_10K")
    asked = "What was the funded percentage of 3M's primary U.S. qualified pension plan at year-end 2022?"
    share = pension(70.0)
    status, check = verdict(run_cli, fake_openai, three_m, asked, share)
    assert status != "supported" and "percent funded'" in field(check, "subject")["detail"], check
    funded = pension(97.0)
    status, check = verdict(run_cli, fake_openai, three_m, asked, funded)
    assert field(check, "subject")["verdict"] == "not_applicable", check


def test_an_outflow_in_parentheses_grows_by_its_magnitude(run_cli, fake_openai, filing):  # noqa: F811
    """'Purchases of property, plant and equipment (PP&E) (1,749) (1,603) (1,501)': (a - b) / b over the signed cells is
    +9.1%, the growth of the spending; the negative base is the statement's sign for cash out, not a loss."""
    three_m = filing("3M_2022_10K")
    row = (1996, "Purchases of property, plant and equipment (PP&E) (1,749) (1,603) (1,501)")
    asked = "By what percentage did 3M's purchases of property, plant and equipment change in 2022 compared with 2021?"
    scripted = growth(row, (-1749.0, -1603.0), "Purchases of property, plant and equipment", "(a - b) / b * 100", 9.108)
    status, check = verdict(run_cli, fake_openai, three_m, asked, scripted)
    assert status == "supported", check


def test_a_sign_convention_the_quote_states_decides_what_a_figure_was(run_cli, fake_openai, filing):  # noqa: F811
    """'positive adjustments represent charges to income' over 'Property transactions, net (2.74) (0.15)': the
    fourth quarter's (2.74) was no charge (a gain, The Mirage's sale), and the tax impact's 0.64 was one."""
    release = filing("MGMRESORTS_2022Q4_EARNINGS")
    convention = (83, "impact shown, per share; positive adjustments represent charges to income):")
    header = (84, "Three Months Ended December 31, 2022 2021")
    property_row = (86, "Property transactions, net (2.74) (0.15)")
    charge = "Were property transactions, net a charge against MGM Resorts' earnings in the fourth quarter of 2022?"
    status, check = verdict(run_cli, fake_openai, release, charge, yes_no(True, convention, header, property_row))
    assert status == "unsupported" and field(check, "figures")["verdict"] == "mismatch", check
    status, check = verdict(run_cli, fake_openai, release, charge, yes_no(False, convention, header, property_row))
    assert field(check, "figures")["verdict"] == "supported", check
    gain = "Were property transactions, net a gain for MGM Resorts in the fourth quarter of 2022?"
    status, check = verdict(run_cli, fake_openai, release, gain, yes_no(True, convention, header, property_row))
    assert field(check, "figures")["verdict"] == "supported", check
    tax_row = (91, "Income tax impact on net income adjustments (1) 0.64 0.03")
    taxes = "Was the income tax impact on net income adjustments a charge in the fourth quarter of 2022?"
    status, check = verdict(run_cli, fake_openai, release, taxes, yes_no(True, convention, header, tax_row))
    assert field(check, "figures")["verdict"] == "supported", check


def test_a_day_after_a_52_week_fiscal_year_ended_is_not_of_it(run_cli, fake_openai, filing):  # noqa: F811
    """AMD's fiscal 2013 ended December 28, 2013 (its columns say so): '$200 million paid on December 31, 2013'
    fell in fiscal 2014, so $40 million + $200 million is no fiscal-2013 payment; the same sum for calendar 2013
    is."""
    amd = filing("AMD_2015_10K")
    april = (1383, "$40 million paid on April 1, 2013")
    december = {"doc": None, "line_start": 1383, "line_end": 1384, "quote": "$200 million paid on December 31, 2013"}
    a = operand("a", 40.0, "April 1, 2013", april, name="fee paid")
    b = {**operand("b", 200.0, "December 31, 2013", april, name="fee paid"), "span": december}
    paid = calculation("a + b", 240.0, a, b)
    scripted = amount(240.0, "millions", "2013", april, calculation=paid, label="Waiver fee paid")
    scripted["items"][0]["spans"].append(december)
    fiscal = "How much of the $320 million waiver fee did AMD pay to GLOBALFOUNDRIES during its fiscal 2013?"
    status, check = verdict(run_cli, fake_openai, amd, fiscal, scripted)
    assert status == "unsupported" and "after fiscal 2013 ended on December 28, 2013" in check["detail"], check
    calendar = "How much of the $320 million waiver fee did AMD pay to GLOBALFOUNDRIES during calendar 2013?"
    status, check = verdict(run_cli, fake_openai, amd, calendar, scripted)
    assert "fiscal" not in check["detail"], check


def test_a_fiscal_year_ends_where_the_document_s_own_years_end(tmp_path, filing):  # noqa: F811
    """NIKE's years end May 31: a twelve-month period a sentence or note ends on April 1, 2013 is no fiscal year's
    end, so it never moves a dated figure out of its fiscal year."""
    nike = Ingestor(load_settings({"cache_dir": str(tmp_path / "cache")})).ingest([filing("NIKE_2021_10K")])
    ends = fiscal_year_ends(nike.documents[0])
    assert ends[2021] == date(2021, 5, 31), ends
    assert all(abs((end - date(year, 5, 31)).days) <= 7 for year, end in ends.items()), ends


def test_a_positive_cell_on_a_page_of_negative_expenses_is_no_expense(run_cli, fake_openai, filing):  # noqa: F811
    """Amcor prints expenses as negatives ('SG&A expenses $ (1,246) $ (1,284)', 'Interest expense $ (290)'): the
    positive '$ 104' of 'Restructuring, impairment, and other related activities, net' is a net gain (the sale of
    the Russian business), so it is no net expense; fiscal 2022's (234) is one (stated as printed)."""
    amcor = filing("AMCOR_2023_10K")
    row = (1160, "Restructuring, impairment, and other related activities, net $ 104 $ (234)")
    header = (1159, "($ in millions) 2023 2022")
    asked = "How much net expense did Amcor record for restructuring, impairment and other related activities in {}?"
    gain = amount(104.0, "millions", "2023", header, row, label="Restructuring, impairment and other, net expense")
    status, check = verdict(run_cli, fake_openai, amcor, asked.format("fiscal 2023"), gain)
    assert status == "unchecked" and "prints expenses as negatives" in field(check, "sign")["detail"], check
    asked_gain = (
        "What net gain did Amcor record in restructuring, impairment and other related activities in fiscal 2023?"
    )
    status, check = verdict(run_cli, fake_openai, amcor, asked_gain, gain)
    assert "prints expenses as negatives" not in check["detail"], check
    charge = amount(-234.0, "millions", "2022", header, row, label="Restructuring, impairment and other, net expense")
    status, check = verdict(run_cli, fake_openai, amcor, asked.format("fiscal 2022"), charge)
    assert status == "supported" and "prints expenses as negatives" not in check["detail"], check


def test_the_review_s_right_answers_are_kept(run_cli, fake_openai, filing):  # noqa: F811
    """A fresh-eyes review of rounds 22-23's rules, on real lines: each right answer keeps its check."""
    pepsico = filing("PEPSICO_2023_8K_dated-2023-05-05")
    defeated = (97, "(5) The shareholder proposal regarding independent Board Chair was defeated:")
    for asked in (
        "Did the shareholder proposal regarding an independent Board Chair fail to pass?",
        "Was the shareholder proposal regarding an independent Board Chair not approved by PepsiCo shareholders?",
    ):
        status, check = verdict(run_cli, fake_openai, pepsico, asked, yes_no(True, defeated))
        assert field(check, "polarity")["verdict"] != "mismatch", (asked, check)
    water = filing("AMERICANWATERWORKS_2021_10K")
    order = (
        3322,
        "the PaPUC order approved the request to allow for the continuation of the deferral of financial impacts",
    )
    asked = "Did the PaPUC approve the continuation of the deferral of COVID-19 financial impacts?"
    status, check = verdict(run_cli, fake_openai, water, asked, yes_no(True, order))
    assert field(check, "polarity")["verdict"] == "supported", check  # 'rejecting proposals ...' is of others
    amd = filing("AMD_2015_10K")
    interest = (2938, "payable on March 1 and September 1 of each year beginning September 1, 2014")
    asked = "Is interest on AMD's 6.75% Senior Notes payable semi-annually?"
    status, check = verdict(run_cli, fake_openai, amd, asked, yes_no(True, interest))
    assert "the quote says" not in field(check, "polarity")["detail"], check  # a date's 'of each year'
    adobe = filing("ADOBE_2015_10K")
    fees = (4497, "Commitment fees are payable quarterly at rates between 0.08% and 0.20% per year")
    asked = "Does Adobe pay the commitment fees on its credit facility every quarter?"
    status, check = verdict(run_cli, fake_openai, adobe, asked, yes_no(True, fees))
    assert field(check, "polarity")["verdict"] != "mismatch", check  # 'per year' is a rate's, not a frequency
    nike = filing("NIKE_2023_10K")
    divisions = (1941, "Global Brand Divisions' loss before interest and taxes increased 14% for fiscal 2023")
    asked = "By what percentage did Global Brand Divisions' loss before interest and taxes increase in fiscal 2023?"
    status, check = verdict(run_cli, fake_openai, nike, asked, amount(14.0, "percent", "fiscal 2023", divisions))
    assert "subject:" not in check["detail"], check  # '14% for fiscal 2023' is no share of another thing
    three_m = filing("3M_2022_10K")
    repurchase = (1035, "repurchase of up to $10 billion of 3M’s outstanding common stock")
    asked = "How much common stock did 3M repurchase in 2022?"
    scripted = amount(10.0, "billions", "2022", repurchase, label="Stock repurchased")
    status, check = verdict(run_cli, fake_openai, three_m, asked, scripted)
    assert "'up to $10 billion'" in field(check, "range")["detail"], (
        check
    )  # an authorization's bound, no amount repurchased
    depreciation = (2613, "Accumulated depreciation (16,820) (17,784)")
    asked = "By what percentage did 3M's accumulated depreciation change in 2022 compared with 2021?"
    scripted = growth(depreciation, (-16820.0, -17784.0), "Accumulated depreciation", "(a - b) / b * 100", -5.4206)
    status, check = verdict(run_cli, fake_openai, three_m, asked, scripted)
    assert "negative base" not in check["detail"], check  # a contra account in parentheses is no loss


def test_a_caption_naming_q4_ytd_is_no_pair_of_column_groups(run_cli, fake_openai, filing):  # noqa: F811
    """'Q4 YTD - Income Before Tax by Segment*' is a caption over full-year columns, not a 'Q4' group and a 'YTD'
    group: the Pharmaceutical segment's 15,901 is never read as a quarter's."""
    release = filing("JOHNSON_JOHNSON_2022Q4_EARNINGS")
    row = (737, "Reported Income Before Tax by Segment $ 2,930 1,573 15,901 17,969 4,607 4,373")
    asked = "What was Johnson & Johnson's Pharmaceutical segment reported income before tax for full-year 2022?"
    scripted = amount(15901.0, "millions", "FY2022", row, label="Pharmaceutical income before tax")
    status, check = verdict(run_cli, fake_openai, release, asked, scripted)
    assert "three months" not in check["detail"], check


def test_the_accumulated_benefit_obligation_is_no_projected_one(run_cli, fake_openai, filing):  # noqa: F811
    """Red team round 24 (General Mills 2022): ASC 715's accumulated benefit obligation (no future pay rises) never
    answers the projected benefit obligation, nor the reverse; a roll-forward's 'Projected benefit obligation at end
    of year' does."""
    mills = filing("GENERALMILLS_2022_10K")
    accumulated = (
        3133,
        "The accumulated benefit obligation for all defined benefit pension plans was $6,330.0 million as of "
        "May 29, 2022",
    )
    projected = (3120, "Projected benefit obligation at end of year (a) $ 6,528.3 $ 7,714.4")
    asked = "How much was General Mills' pension projected benefit obligation at the end of fiscal 2022?"
    wrong = amount(6330.0, "millions", "fiscal 2022", accumulated, label="Projected benefit obligation")
    status, check = verdict(run_cli, fake_openai, mills, asked, wrong)
    assert status == "unsupported" and "accumulated benefit obligation, not" in check["detail"], check
    right = amount(6528.3, "millions", "fiscal 2022", projected, label="Projected benefit obligation")
    status, check = verdict(run_cli, fake_openai, mills, asked, right)
    assert "accumulated" not in check["detail"], check
    asked = "How much was General Mills' pension accumulated benefit obligation as of May 29, 2022?"
    right = amount(6330.0, "millions", "May 29, 2022", accumulated, label="Accumulated benefit obligation")
    status, check = verdict(run_cli, fake_openai, mills, asked, right)
    assert status == "supported", check


def test_a_benefit_obligation_that_names_no_measure_answers_the_projected_one(run_cli, fake_openai, filing):  # noqa: F811
    """3M's roll-forward 'Benefit obligation at end of year $ 13,505' names no measure: it is the projected benefit
    obligation a pension table rolls forward, not doubted for a question asking that."""
    three_m = filing("3M_2022_10K")
    row = (3034, "Benefit obligation at end of year $ 13,505 $ 18,104")
    asked = "How much was 3M's U.S. qualified pension projected benefit obligation at the end of 2022?"
    scripted = amount(13505.0, "millions", "2022", row, label="Projected benefit obligation")
    status, check = verdict(run_cli, fake_openai, three_m, asked, scripted)
    assert "projected benefit obligation" not in check["detail"].split("asked")[0], check
