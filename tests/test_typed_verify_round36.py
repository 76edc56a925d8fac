"""Session 13 on real filings: American Express's 2022 10-K asked as a new user would (net interest income read as
net income, an average balance sheet whose 'Average' heading is wrapped above its caption, two years' averages
averaged again, a balance sheet header that starts 'December 31 (Millions ...)'); a new user's wrong answers on
Microsoft's fiscal 2023 10-K (a change row for a balance, a part for a composite, dividends declared for paid); blind
red team round 36 (an intrinsic value for cash, a date bounding several leases', a quote cut inside a name)."""

from __future__ import annotations

import json
from pathlib import Path

from scripts.verify_redteam import full_answer
from tests.conftest import needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import field
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round31 import _said
from tests.test_values import amount, calculation, operand

pytestmark = needs_shared

NET_INTEREST_INCOME = (1878, "Net interest income $ 9,895 $ 7,750 $ 7,985")
NET_INCOME = (3346, "Net income $ 7,514 $ 8,060 $ 3,135")
EQUITY = (3405, "Total shareholders’ equity 24,711 22,177")
AVERAGE_EQUITY = (5752, "Total shareholders' equity 23,380 23,910 22,002")


def _return_on_equity(numerator: tuple[int, str], value: float, top: float, equity: tuple[int, str], *cells: float):
    """An answer computing return on average equity from a numerator row and two years of an equity row."""
    computed = calculation(
        "a / ((b + c) / 2) * 100",
        value,
        operand("a", top, "2022", numerator, name="Net income"),
        operand("b", cells[0], "2022", equity, name="Total shareholders' equity"),
        operand("c", cells[1], "2021", equity, name="Total shareholders' equity"),
    )
    scripted = amount(value, "percent", "2022", numerator, equity, label="Return on average equity", currency=None)
    scripted["items"][0]["calculation"] = computed
    return scripted


def test_net_interest_income_is_no_net_income(run_cli, fake_openai, filing):  # noqa: F811
    """'Net interest income' (us-gaap InterestIncomeExpenseNet, a bank's revenue line) fills no net income slot:
    a return on equity of 41.85% from it was shown supported; the same ratio from net income fills its slot, but
    two year-ends' mean is not the filing's own average: it prints 'Return on average equity 32.3 %' (session 26)."""
    amex = filing("AMERICANEXPRESS_2022_10K")
    asked = "What was American Express's return on average equity in 2022?"
    wrong = _return_on_equity(NET_INTEREST_INCOME, 42.3168, 9895.0, EQUITY, 24711.0, 22177.0)
    status, check = verdict(run_cli, fake_openai, amex, asked, wrong)
    assert status == "unsupported" and check["operands"][0]["concept_check"] == "mismatch", check
    year_ends = _return_on_equity(NET_INCOME, 32.0508, 7514.0, EQUITY, 24711.0, 22177.0)
    status, check = verdict(run_cli, fake_openai, amex, asked, year_ends)
    assert check["operands"][0]["concept_check"] != "mismatch", check
    assert status == "unsupported" and "prints Return on average equity 32.3%" in check["detail"], check


def test_a_net_interest_income_question_is_answered_by_its_row(run_cli, fake_openai, filing):  # noqa: F811
    """The line item asked is the row's: 'Net interest income' answers net interest income, net income does not."""
    amex = filing("AMERICANEXPRESS_2022_10K")
    asked = "What was American Express's net interest income in 2022?"
    right = amount(9895.0, "millions", "2022", NET_INTEREST_INCOME, label="Net interest income")
    status, check = verdict(run_cli, fake_openai, amex, asked, right)
    assert status == "supported", check
    wrong = amount(7514.0, "millions", "2022", NET_INCOME, label="Net interest income")
    status, check = verdict(run_cli, fake_openai, amex, asked, wrong)
    assert status == "unsupported", check


def test_an_average_heading_wrapped_above_the_caption_makes_the_columns_averages(run_cli, fake_openai, filing):  # noqa: F811
    """The average balance sheet on page 170 prints 'Average Interest Average' on the line under its years and
    'Balance (a) Expense Rate' under that: 'Total shareholders' equity 23,380' is 2022's average, no equity at
    December 31, 2022 (24,711 on the balance sheet)."""
    amex = filing("AMERICANEXPRESS_2022_10K")
    asked = "What was American Express's total shareholders' equity at December 31, 2022?"
    wrong = amount(23380.0, "millions", "December 31, 2022", AVERAGE_EQUITY, label="Total shareholders' equity")
    status, check = verdict(run_cli, fake_openai, amex, asked, wrong)
    assert status == "unsupported" and field(check, "measure")["verdict"] == "mismatch", check
    right = amount(24711.0, "millions", "December 31, 2022", EQUITY, label="Total shareholders' equity")
    status, check = verdict(run_cli, fake_openai, amex, asked, right)
    assert status == "supported", check


def test_two_years_averages_averaged_again_are_no_average_of_the_year(run_cli, fake_openai, filing):  # noqa: F811
    """Return on average equity from the average balance sheet's 2022 and 2021 averages, averaged: the
    denominator covers two years (31.78% was shown supported)."""
    amex = filing("AMERICANEXPRESS_2022_10K")
    asked = "What was American Express's return on average equity in 2022?"
    wrong = _return_on_equity(NET_INCOME, 31.7784, 7514.0, AVERAGE_EQUITY, 23380.0, 23910.0)
    status, check = verdict(run_cli, fake_openai, amex, asked, wrong)
    assert status == "unsupported" and "averages over a period already" in check["detail"], check


RECEIVABLES_CHANGE = (2177, "Accounts receivable (4,087) (6,834) (6,481)")
RECEIVABLES = (2128, "Accounts receivable, net of allowance for doubtful accounts of $650 and $633 48,688 44,261")
OPERATING_CASH = (2186, "Net cash from operations 87,582 89,035 76,740")
DIVIDENDS_PAID = (2192, "Common stock cash dividends paid (19,800 ) (18,135 ) (16,521 )")
PROCEEDS = (2234, "Proceeds from exercise of stock options and other stock issuances 1,172 885 700")
DIVIDENDS_DECLARED = (2224, "Common stock cash dividends (20,226 ) (18,552 ) (16,871 )")


def test_a_row_under_a_change_sub_heading_is_no_balance_its_label_names(run_cli, fake_openai, filing):  # noqa: F811
    """Microsoft's cash flow statement prints 'Accounts receivable (4,087)' under 'Changes in operating assets and
    liabilities:': the question names the row's words, but the row is the year's change, no balance at June 30,
    2023 (48,688 on the balance sheet) — shown supported to a new user because the question 'named the row'."""
    msft = filing("MICROSOFT_2023_10K")
    asked = "What was accounts receivable, net as of June 30, 2023?"
    wrong = amount(-4087.0, "millions", "June 30, 2023", RECEIVABLES_CHANGE, label="Accounts receivable")
    status, check = verdict(run_cli, fake_openai, msft, asked, wrong)
    assert status == "unsupported" and field(check, "measure")["verdict"] == "mismatch", check
    right = amount(48688.0, "millions", "June 30, 2023", RECEIVABLES, label="Accounts receivable, net")
    status, check = verdict(run_cli, fake_openai, msft, asked, right)
    assert status == "supported", check


def test_a_net_cash_subtotal_closes_the_change_sub_heading_above_it(run_cli, fake_openai, filing):  # noqa: F811
    """'Net cash from operations 87,582' follows the rows under 'Changes in operating assets and liabilities:' with
    no blank: it is the section's net cash, a level of the year, not a change."""
    msft = filing("MICROSOFT_2023_10K")
    asked = "What was Microsoft's net cash from operations in fiscal 2023?"
    right = amount(87582.0, "millions", "fiscal 2023", OPERATING_CASH, label="Net cash from operations")
    status, check = verdict(run_cli, fake_openai, msft, asked, right)
    assert status == "supported" and field(check, "measure")["found"] == "level", field(check, "measure")


def test_a_composite_the_question_defines_is_not_answered_by_one_of_its_parts(run_cli, fake_openai, filing):  # noqa: F811
    """'free cash flow ..., defined as net cash from operations minus additions to property and equipment' answered
    with net cash from operations alone (87,582; the composite is 59,475)."""
    msft = filing("MICROSOFT_2023_10K")
    asked = (
        "What was free cash flow in fiscal 2023, defined as net cash from operations minus additions to property "
        "and equipment?"
    )
    wrong = amount(87582.0, "millions", "fiscal 2023", OPERATING_CASH, label="Free cash flow")
    status, check = verdict(run_cli, fake_openai, msft, asked, wrong)
    assert status == "unsupported" and "defines a composite" in field(check, "formula")["detail"], check


def test_a_dividend_row_of_the_equity_statement_is_declared_not_paid(run_cli, fake_openai, filing):  # noqa: F811
    """The statement of stockholders' equity records dividends when declared (ASC 505-20): its 'Common stock cash
    dividends (20,226)' does not answer how much was paid (19,800 on the cash flow statement), and answers a
    question about the dividends declared."""
    msft = filing("MICROSOFT_2023_10K")
    paid = "How much did Microsoft pay in common stock cash dividends in fiscal 2023?"
    wrong = amount(-20226.0, "millions", "fiscal 2023", DIVIDENDS_DECLARED, label="Common stock cash dividends")
    status, check = verdict(run_cli, fake_openai, msft, paid, wrong)
    assert status != "supported" and "declared, not the paid asked" in check["detail"], check
    right = amount(-19800.0, "millions", "fiscal 2023", DIVIDENDS_PAID, label="Common stock cash dividends paid")
    status, check = verdict(run_cli, fake_openai, msft, paid, right)
    assert status == "supported", check
    declared = "What were Microsoft's common stock cash dividends declared in fiscal 2023?"
    status, check = verdict(run_cli, fake_openai, msft, declared, wrong)
    assert status == "supported", check


def _case(name: str, red_team_round: int = 36) -> dict:
    """A case of a blind red team round (scripts/data/verify_redteam36.jsonl), by class."""
    path = Path(__file__).resolve().parent.parent / "scripts" / "data" / f"verify_redteam{red_team_round}.jsonl"
    cases = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    case = next(c for c in cases if c["class"] == name)
    return {**case, "answer": full_answer(case["answer"])}


def test_an_intrinsic_value_is_no_cash_received(run_cli, fake_openai, filing):  # noqa: F811
    """'The total intrinsic value of the options exercised ... was $1,571 million' (ASC 718: the share price over
    the exercise price, which no one pays) answers no question of the cash received for them; a question asking
    the intrinsic value is answered by it."""
    nike = filing("NIKE_2021_10K")
    case = _case("exercised-options-intrinsic-value-for-exercise-cash-proceeds")
    status, check = verdict(run_cli, fake_openai, nike, case["question"], case["answer"])
    assert status == "unsupported" and "intrinsic value (the share price over the exercise price" in check["detail"], (
        check
    )
    asked = "What was the total intrinsic value of the options NIKE's employees exercised in fiscal 2021?"
    status, check = verdict(run_cli, fake_openai, nike, asked, case["answer"])
    assert status == "supported", check
    valued = "What was the total value of the stock options exercised by NIKE employees in fiscal 2021?"
    status, check = verdict(run_cli, fake_openai, nike, valued, case["answer"])
    assert status == "unchecked", check  # 'value' may be said of the intrinsic value: not rejected
    right = amount(1172.0, "millions", "2021", PROCEEDS, label="Proceeds from exercise of stock options")
    status, check = verdict(run_cli, fake_openai, nike, case["question"], right)
    assert "intrinsic" not in check["detail"], check


def test_a_date_that_bounds_several_things_dates_is_not_the_named_one_s(run_cli, fake_openai, filing):  # noqa: F811
    """'Such leases expire at various times through 2028' for the lease of the Almaden Tower building: the last of
    all leases' dates, not that lease's (March 2017, kept)."""
    adobe = filing("ADOBE_2015_10K")
    wrong = _case("portfolio-latest-lease-expiry-for-specific-lease-expiry")
    status, check = verdict(run_cli, fake_openai, adobe, wrong["question"], wrong["answer"])
    assert status == "unsupported" and "bounds several things' dates" in field(check, "event")["detail"], check
    right = _case("right-specific-lease-term-beside-portfolio-range")
    status, check = verdict(run_cli, fake_openai, adobe, right["question"], right["answer"])
    assert status == "supported", check


def test_a_quote_cut_inside_a_name_leaves_the_claim_unchecked(run_cli, fake_openai, filing):  # noqa: F811
    """'... leases the real estate assets of Mandalay Bay and MGM Grand Las Vegas from VICI' ends its line; the
    next goes on 'BREIT Venture.': the lessor is another party than the VICI the claim names. The whole name
    quoted is read as said."""
    mgm = filing("MGMRESORTS_2022_10K")
    case = _case("joint-venture-lessor-conflated-with-reit-master-lease")
    status, check = verdict(run_cli, fake_openai, mgm, case["question"], case["answer"])
    assert status != "supported" and "goes on 'BREIT Venture'" in field(check, "omission")["detail"], check
    whole = "The Company leases the real estate assets of Mandalay Bay and MGM Grand Las Vegas from VICI BREIT Venture"
    claim = "MGM Grand Las Vegas is leased from VICI BREIT Venture, with Mandalay Bay."
    status, check = verdict(run_cli, fake_openai, mgm, case["question"], _said(claim, (3519, 3520, whole)))
    assert field(check, "omission")["verdict"] == "supported", check


SHORT_TERM_INVESTMENTS = (2167, "Short-term investments 3,587 439")


def test_a_word_the_question_joins_to_the_item_is_asked_with_it(run_cli, fake_openai, filing):  # noqa: F811
    """'cash and short-term investments' answered with the 'Short-term investments' row alone (3,587; Nike's sum is
    13,476): bare 'cash' names no line item of the vocabulary, but the question joins it to the one it names."""
    nike = filing("NIKE_2021_10K")
    asked = "What was Nike's cash and short-term investments at May 31, 2021?"
    part = amount(3587.0, "millions", "May 31, 2021", SHORT_TERM_INVESTMENTS, label="Short-term investments")
    status, check = verdict(run_cli, fake_openai, nike, asked, part)
    assert status == "unchecked" and "asks cash and short-term investments together" in check["detail"], check
    asked = "What were Nike's short-term investments at May 31, 2021?"
    status, check = verdict(run_cli, fake_openai, nike, asked, part)
    assert status == "supported", check


def test_a_statement_row_is_the_same_item_only_under_the_same_sub_heading(run_cli, fake_openai, filing):  # noqa: F811
    """The income statement (read since its header 'Years Ended December 31 (Millions ...) 2022 2021 2020' is)
    prints 'Card Member loans 1,514' under 'Provisions for credit losses:': a provision, not the loans a table of
    statistics prints ($108.0 billion) — no figure to doubt that one by."""
    amex = filing("AMERICANEXPRESS_2022_10K")
    case = _case("right-card-member-loans-balance", 28)
    status, check = verdict(run_cli, fake_openai, amex, case["question"], case["answer"])
    assert status == "supported" and all(f["field"] != "statement" for f in check["fields"]), check


PARENT_EQUITY = (4243, "Total CVS Health shareholders’ equity 71,015 75,075")
ALL_EQUITY = (4245, "Total shareholders’ equity 71,315 75,381")


def test_the_company_s_shareholders_equity_is_not_the_total_with_noncontrolling_interests(run_cli, fake_openai, filing):  # noqa: F811
    """'total CVS Health shareholders' equity' (the company's name before its shareholders) is 71,015, the row of that
    name; 'Total shareholders' equity 71,315' comes right after 'Noncontrolling interests 300' and adds them (a new
    user saw it shown supported). The possessive 'CVS Health's total shareholders' equity' asks the whole."""
    cvs = filing("CVSHEALTH_2022_10K")
    asked = "What was total CVS Health shareholders' equity at December 31, 2022?"
    wrong = amount(71315.0, "millions", "December 31, 2022", ALL_EQUITY, label="Total shareholders' equity")
    status, check = verdict(run_cli, fake_openai, cvs, asked, wrong)
    assert status == "unsupported" and field(check, "member")["verdict"] == "mismatch", check
    right = amount(
        71015.0, "millions", "December 31, 2022", PARENT_EQUITY, label="Total CVS Health shareholders' equity"
    )
    status, check = verdict(run_cli, fake_openai, cvs, asked, right)
    assert status == "supported", check
    whole = "What was CVS Health's total shareholders' equity at December 31, 2022?"
    status, check = verdict(run_cli, fake_openai, cvs, whole, wrong)
    assert status == "supported", check


MBR = (
    3176,
    "• The MBR decreased from 85.0% to 84.0% in 2022 compared to the prior year primarily driven by the net "
    "favorable impact of COVID-19 compared to the",
)


def test_the_level_a_change_starts_from_is_the_prior_period_s(run_cli, fake_openai, filing):  # noqa: F811
    """'The MBR decreased from 85.0% to 84.0% in 2022 compared to the prior year': 85.0% is 2021's ratio, no answer
    for 2022 (a new user saw it shown supported); 84.0% is 2022's (its concept, 'MBR', no line item docintel knows)."""
    cvs = filing("CVSHEALTH_2022_10K")
    asked = "What was the medical benefit ratio (MBR) in 2022?"
    wrong = amount(85.0, "percent", "2022", MBR, label="Medical benefit ratio", currency=None)
    status, check = verdict(run_cli, fake_openai, cvs, asked, wrong)
    assert status == "unsupported" and check["period_check"] == "mismatch", check
    right = amount(84.0, "percent", "2022", MBR, label="Medical benefit ratio", currency=None)
    status, check = verdict(run_cli, fake_openai, cvs, asked, right)
    assert status != "unsupported" and check["period_check"] == "supported", check


PENSION_COST = (6037, "Net periodic benefit cost (income) $ (173) $ (186) $ (218)")
BENEFIT_COSTS = (4149, "Benefit costs 71,281 64,260 55,679")


def test_a_row_saying_more_than_asked_beside_one_named_as_asked_is_unchecked(run_cli, fake_openai, filing):  # noqa: F811
    """'benefit costs' (no line item docintel knows) answered with the pension note's 'Net periodic benefit cost
    (income) (173)', while the income statement prints 'Benefit costs 71,281': a reader takes the row named as
    asked (a new user saw -173 shown supported)."""
    cvs = filing("CVSHEALTH_2022_10K")
    asked = "What were benefit costs in 2022?"
    wrong = amount(-173.0, "millions", "2022", PENSION_COST, label="Net periodic benefit cost")
    status, check = verdict(run_cli, fake_openai, cvs, asked, wrong)
    assert status == "unchecked" and "prints 'Benefit costs' as 71,281" in check["detail"], check
    right = amount(71281.0, "millions", "2022", BENEFIT_COSTS, label="Benefit costs")
    status, check = verdict(run_cli, fake_openai, cvs, asked, right)
    assert status == "supported", check


DEFERRED_DEPRECIATION = (6239, "Depreciation and amortization (7,139) (8,381)")
DEPRECIATION = (4291, "Depreciation and amortization 4,247 4,512 4,441")
OPERATING_INCOME = (4156, "Operating income 7,746 13,193 13,911")
REVENUES = (4146, "Total revenues 322,467 292,111 268,706")


def test_a_row_under_a_sub_heading_of_another_item_is_a_part_of_that_item(run_cli, fake_openai, filing):  # noqa: F811
    """'Depreciation and amortization (7,139)' under 'Deferred income tax liabilities:' is a deferred tax liability,
    no depreciation of the year (4,247 on the cash flow statement): neither the line item asked nor an EBITDA
    margin's operand (4.62% was shown supported to a new user)."""
    cvs = filing("CVSHEALTH_2022_10K")
    asked = "What was CVS Health's depreciation and amortization in 2022?"
    wrong = amount(7139.0, "millions", "2022", DEFERRED_DEPRECIATION, label="Depreciation and amortization")
    status, check = verdict(run_cli, fake_openai, cvs, asked, wrong)
    assert status == "unsupported" and "a part of 'Deferred income tax liabilities'" in check["detail"], check
    right = amount(4247.0, "millions", "2022", DEPRECIATION, label="Depreciation and amortization")
    status, check = verdict(run_cli, fake_openai, cvs, asked, right)
    assert status == "supported", check
    margin = calculation(
        "(a + b) / c * 100",
        4.616,
        operand("a", 7746.0, "2022", OPERATING_INCOME),
        operand("b", 7139.0, "2022", DEFERRED_DEPRECIATION),
        operand("c", 322467.0, "2022", REVENUES),
    )
    scripted = amount(4.616, "percent", "2022", OPERATING_INCOME, label="EBITDA margin", currency=None)
    scripted["items"][0]["calculation"] = margin
    status, check = verdict(run_cli, fake_openai, cvs, "What was CVS Health's EBITDA margin in 2022?", scripted)
    assert status != "supported", check


SERVICES = (4144, "Services 9,683 11,042 7,856")


def test_a_word_of_the_issuer_s_name_inside_a_segment_s_name_scopes_it(run_cli, fake_openai, filing):  # noqa: F811
    """'the Health Services segment' of CVS Health: 'Health' is a word of the issuer's name but here of the
    segment's, so the consolidated 'Services 9,683' row (services revenue) is no answer (was shown supported)."""
    cvs = filing("CVSHEALTH_2022_10K")
    asked = "What were the Health Services segment's total revenues in 2022?"
    wrong = amount(9683.0, "millions", "2022", SERVICES, label="Revenues: Services")
    status, check = verdict(run_cli, fake_openai, cvs, asked, wrong)
    assert status != "supported" and "health servic" in field(check, "member")["asked"], check


LOAN_PROVISIONS = (4007, "Provisions (a) 1,514 (1,155) 3,453")
TOTAL_PROVISIONS = (1754, "Total provisions for credit losses $ 2,182 $ (1,419) $ 4,730 $ 3,601 # % $ (6,149) # %")


def test_a_roll_forward_s_row_is_of_the_account_its_table_rolls_forward(run_cli, fake_openai, filing):  # noqa: F811
    """'Provisions (a) 1,514' under 'The following table presents changes in the Card Member loans reserve for credit
    losses': the provision into that portfolio's reserve, not American Express's provision for credit losses (2,182);
    asked for the Card Member loans reserve, it is the answer."""
    amex = filing("AMERICANEXPRESS_2022_10K")
    asked = "What was American Express's provision for credit losses in 2022?"
    part = amount(1514.0, "millions", "2022", LOAN_PROVISIONS, label="Provisions")
    status, check = verdict(run_cli, fake_openai, amex, asked, part)
    assert status == "unchecked" and "rolls forward the Card Member loans reserve" in check["detail"], check
    named = "How much was the provision into American Express's Card Member loans reserve for credit losses in 2022?"
    status, check = verdict(run_cli, fake_openai, amex, named, part)
    assert "rolls forward" not in check["detail"], check


LEASE_PART = (3166, "Other current liabilities $ 2,409 $ 2,228")


def test_a_cited_row_under_a_narrower_sub_heading_is_doubted_by_the_statement_s_row(run_cli, fake_openai, filing):  # noqa: F811
    """Microsoft's lease note prints 'Other current liabilities $ 2,409' under 'Operating Leases' (the leases' part
    recorded there); the balance sheet's 'Other current liabilities 14,745' under 'Current liabilities:' (a section
    heading) is the item asked: the note's figure is unchecked, naming the statement's."""
    msft = filing("MICROSOFT_2023_10K")
    asked = "What were Microsoft's other current liabilities as of June 30, 2023?"
    part = amount(2409.0, "millions", "June 30, 2023", LEASE_PART, label="Other current liabilities")
    status, check = verdict(run_cli, fake_openai, msft, asked, part)
    assert status == "unchecked" and field(check, "statement")["asked"] == "14,745", check


SUBSCRIPTION_ROW = (3078, "Digital Media $ 12,385 $ 11,048 $ 8,813")
SEGMENT_TOTAL = (3075, "Total Digital Media revenue $ 12,842 $ 11,520 $ 9,233")


def test_the_word_introducing_a_table_before_its_line_item_narrows_its_rows(run_cli, fake_openai, filing):  # noqa: F811
    """'Subscription revenue by segment for fiscal 2022, 2021 and 2020 were as follows:' over 'Digital Media $ 12,385':
    the segment's subscription revenue, not its revenue (12,842; found asking ten questions of Adobe's 2022 10-K,
    and by red team round 37); asked for its subscription revenue, the row is not doubted for it."""
    adobe = filing("ADOBE_2022_10K")
    asked = "What was Adobe's Digital Media segment revenue in fiscal 2022?"
    part = amount(12385.0, "millions", "fiscal 2022", SUBSCRIPTION_ROW, label="Digital Media revenue")
    status, check = verdict(run_cli, fake_openai, adobe, asked, part)
    assert status == "unchecked" and "introduced as of Subscription only" in check["detail"], check
    right = amount(12842.0, "millions", "fiscal 2022", SEGMENT_TOTAL, label="Total Digital Media revenue")
    status, check = verdict(run_cli, fake_openai, adobe, asked, right)
    assert status != "unsupported" and "introduced as of" not in check["detail"], check  # (the statement check doubts)
    asked = "What was Adobe's Digital Media subscription revenue in fiscal 2022?"
    status, check = verdict(run_cli, fake_openai, adobe, asked, part)
    assert "introduced as of" not in check["detail"], check
