"""Red team rounds 30-31 on real filings: a ratio the question spells out in words whose operands stand on the
wrong sides (JPMorgan 2022 Q2: 'total noninterest expense as a percentage of total net revenue' computed as revenue
over expense), read from the rows' words where no line item is known."""

from __future__ import annotations

import json

from tests.conftest import needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import field
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round22 import yes_no
from tests.test_values import amount, calculation, operand

pytestmark = needs_shared

REVENUE = (262, "Total net revenue $ 30,715 $ 30,479 1 $ 61,432 $ 62,745 (2)")
EXPENSE = (263, "Total noninterest expense 18,749 17,667 6 37,940 36,392 4")
QUARTER = "three months ended June 30, 2022"


def _ratio(result: float, a: tuple[int, str], b: tuple[int, str], a_value: float, b_value: float) -> dict:
    worked = calculation("a / b * 100", result, operand("a", a_value, QUARTER, a), operand("b", b_value, QUARTER, b))
    return amount(result, "percent", QUARTER, REVENUE, EXPENSE, calculation=worked, currency=None, label="Ratio")


def test_a_spelt_out_ratio_with_its_operands_swapped_is_a_formula_mismatch(run_cli, fake_openai, filing):  # noqa: F811
    jpm = filing("JPMORGAN_2022Q2_10Q")
    asked = "What was JPMorgan Chase's total noninterest expense as a percentage of total net revenue in 2Q 2022?"
    status, check = verdict(run_cli, fake_openai, jpm, asked, _ratio(163.82, REVENUE, EXPENSE, 30715.0, 18749.0))
    formula = field(check, "formula")
    assert status == "unsupported" and formula["verdict"] == "mismatch", check
    assert "'Total net revenue') is the divisor" in formula["detail"], formula
    status, check = verdict(run_cli, fake_openai, jpm, asked, _ratio(61.04, EXPENSE, REVENUE, 18749.0, 30715.0))
    assert field(check, "formula")["verdict"] == "supported" and status != "unsupported", check


OPERATING = (
    "Operating income increased $2.0 billion or 11%, primarily due to a decrease in impairment, integration, and "
    "restructuring expenses and sales and"
)


def test_the_verb_of_the_asked_subject_decides_a_change(run_cli, fake_openai, filing):  # noqa: F811
    """'Operating income increased ..., primarily due to a decrease in ...' says operating income rose: a yes to
    'did it decrease' is contradicted, though the sentence names both ways."""
    microsoft = filing("MICROSOFT_2016_10K")
    scripted = yes_no(True, (1261, "Fiscal year 2016 compared with fiscal year 2015"), (1268, OPERATING))
    asked = "Did Microsoft's operating income decrease in fiscal year 2016 compared with fiscal year 2015?"
    status, check = verdict(run_cli, fake_openai, microsoft, asked, scripted)
    assert status == "unsupported" and field(check, "polarity")["verdict"] == "mismatch", check
    status, check = verdict(run_cli, fake_openai, microsoft, asked.replace("decrease", "increase"), scripted)
    assert field(check, "polarity")["verdict"] == "supported" and status != "unsupported", check


ADOBE_YEARS = (2495, "December 2, December 3,")
ADOBE_EQUITY = (2536, "Total stockholders’ equity 14,051 14,797")
ADOBE_INCOME = (2572, "Net income $ 4,756 $ 4,822 $ 5,260")


def test_a_stated_average_answered_from_one_year_end_is_a_formula_mismatch(run_cli, fake_openai, filing):  # noqa: F811
    """'defined as net income divided by the average of beginning and ending total stockholders' equity' (Adobe
    2022, round 31): net income over the year-end equity alone is not the definition; over both year-ends is."""
    adobe = filing("ADOBE_2022_10K")
    asked = (
        "What was Adobe's return on average stockholders' equity for fiscal 2022, defined as net income divided by "
        "the average of beginning and ending total stockholders' equity?"
    )
    income = operand("a", 4756.0, "fiscal 2022", ADOBE_INCOME)
    ending = operand("b", 14051.0, "fiscal 2022", ADOBE_EQUITY)
    worked = calculation("a / b * 100", 33.85, income, ending)
    scripted = amount(33.85, "percent", "fiscal 2022", ADOBE_INCOME, ADOBE_EQUITY, calculation=worked, currency=None)
    status, check = verdict(run_cli, fake_openai, adobe, asked, scripted)
    assert status == "unsupported" and "averages" in field(check, "formula")["detail"], check
    beginning = operand("c", 14797.0, "fiscal 2021", ADOBE_EQUITY)
    worked = calculation("a / ((b + c) / 2) * 100", 32.97, income, ending, beginning)
    scripted = amount(32.97, "percent", "fiscal 2022", ADOBE_INCOME, ADOBE_EQUITY, calculation=worked, currency=None)
    status, check = verdict(run_cli, fake_openai, adobe, asked, scripted)
    assert field(check, "formula")["verdict"] == "supported" and status != "unsupported", check


RETURNS = (
    "Our historical investment returns (compound annual growth rates) for our United States defined benefit pension "
    "and other postretirement benefit plan assets were an 8.4 percent loss in the 1 year period ended May 29, 2022 "
    "and returns of 6.4 percent, 8.2 percent, 6.2 percent, and 8.0 percent for the 5, 10, 15, and 20 year periods "
    "ended May 29, 2022."
)


def test_a_number_listed_with_multi_year_lengths_is_no_fiscal_years(run_cli, fake_openai, filing):  # noqa: F811
    """'6.4 percent, 8.2 percent, ... for the 5, 10, 15, and 20 year periods ended May 29, 2022' (General Mills
    2022, round 31): 6.4 percent is the five-year return, not fiscal 2022's; the 1 year period's loss is."""
    mills = filing("GENERALMILLS_2022_10K")
    asked = (
        "What investment return did General Mills' U.S. defined benefit pension and other postretirement benefit "
        "plan assets earn in fiscal 2022?"
    )
    cited = {"doc": None, "line_start": 1311, "line_end": 1313, "quote": RETURNS}
    scripted = amount(6.4, "percent", "fiscal 2022", currency=None, label="Return on plan assets")
    scripted["items"][0]["spans"] = [cited]
    status, check = verdict(run_cli, fake_openai, mills, asked, scripted)
    assert status == "unsupported" and "5 years" in field(check, "period")["detail"], check
    scripted["items"][0]["amount"]["value"] = -8.4
    status, check = verdict(run_cli, fake_openai, mills, asked, scripted)
    assert field(check, "period")["verdict"] == "supported" and status != "unsupported", check


def test_a_yes_to_a_stop_needs_a_quote_that_states_a_stop(run_cli, fake_openai, filing):  # noqa: F811
    """'temporarily reduced its dividend to an annual dividend of $0.01 per share' (MGM 2020, round 31) is no
    suspension: a yes to 'Did MGM suspend its dividend' is unchecked; 'We have suspended our payment of ongoing
    regular dividends' (MGM 2022) affirms it."""
    reduced = (
        "the impact of COVID-19 on its business operations, the Company temporarily reduced its dividend to an "
        "annual dividend of $0.01 per share starting with the"
    )
    asked = "Did MGM Resorts suspend its quarterly dividend in 2020?"
    status, check = verdict(run_cli, fake_openai, filing("MGMRESORTS_2020_10K"), asked, yes_no(True, (1482, reduced)))
    assert status == "unchecked" and "does not say it happened" in field(check, "polarity")["detail"], check
    suspended = "We have suspended our payment of ongoing regular dividends to our stockholders"
    asked = "Did MGM Resorts suspend its regular dividends?"
    status, check = verdict(run_cli, fake_openai, filing("MGMRESORTS_2022_10K"), asked, yes_no(True, (826, suspended)))
    assert status == "supported", check


def test_a_numbered_designation_asked_is_named_by_its_quotes(run_cli, fake_openai, filing):  # noqa: F811
    """'Over 190 countries have approved the resumption of 737 MAX operations' (Boeing 2022, round 31) says nothing
    of the 737-10, still in certification: a yes is unchecked; a quote naming the 737-10 is about it."""
    boeing = filing("BOEING_2022_10K")
    asked = "Had the Boeing 737-10 been approved by regulators to enter commercial service?"
    scripted = yes_no(True, (1112, "Over 190 countries have approved the resumption of 737 MAX operations."))
    status, check = verdict(run_cli, fake_openai, boeing, asked, scripted)
    assert status == "unchecked" and "737-10" in field(check, "about")["detail"], check
    scripted = yes_no(False, (1122, "The 737-7 and 737-10 models are currently going through FAA certification."))
    status, check = verdict(run_cli, fake_openai, boeing, asked, scripted)
    assert all(f["field"] != "about" or f["verdict"] != "unknown" for f in check["fields"]), check


def test_a_yes_no_about_a_per_share_figure_needs_a_per_share_quote(run_cli, fake_openai, filing):  # noqa: F811
    """The dividends Amcor paid in total fell (2023 10-K, round 31) while 'The dividend per share has increased':
    a yes to 'Did Amcor cut its dividend per share' from the totals is unchecked; the per-share sentence decides."""
    amcor = filing("AMCOR_2023_10K")
    paid = "In fiscal years 2023, 2022, and 2021, we paid $723 million, $732 million, and $742 million, respectively"
    asked = "Did Amcor cut its dividend per share in fiscal 2023?"
    status, check = verdict(run_cli, fake_openai, amcor, asked, yes_no(True, (1397, paid)))
    assert status == "unchecked" and "per-share" in field(check, "about")["detail"], check
    per_share = {"doc": None, "line_start": 1397, "line_end": 1398, "quote": "The dividend per share has increased"}
    scripted = yes_no(False, (1397, "x"))
    scripted["items"][0]["spans"] = [per_share]
    status, check = verdict(run_cli, fake_openai, amcor, asked, scripted)
    assert all(f["verdict"] != "unknown" for f in check["fields"] if f["field"] == "about"), check


def _on(iso: str, text: str, first: int, last: int, quote: str) -> dict:
    cited = {"doc": None, "line_start": first, "line_end": last, "quote": quote}
    return {
        **yes_no(True, (first, "x")),
        "answer_type": "date",
        "items": [{"label": "Date", "date": {"iso": iso, "original_text": text}, "spans": [cited]}],
    }


def test_an_expected_date_answers_no_limit(run_cli, fake_openai, filing):  # noqa: F811
    """'is expected to close in 2023' (Adobe 2022, round 31) is no answer to 'By when must the acquisition close to
    avoid the reverse termination fee'; it answers 'When is it expected to close'."""
    adobe = filing("ADOBE_2022_10K")
    quote = (
        "The transaction is subject to regulatory approvals and customary closing conditions, and is expected to "
        "close in 2023."
    )
    scripted = _on("2023", "2023", 3184, 3185, quote)
    asked = "By when must Adobe's acquisition of Figma close to avoid owing Figma the reverse termination fee?"
    status, check = verdict(run_cli, fake_openai, adobe, asked, scripted)
    assert status == "unsupported" and "date to come" in field(check, "scenario")["detail"], check
    status, check = verdict(
        run_cli, fake_openai, adobe, "When is Adobe's acquisition of Figma expected to close?", scripted
    )
    assert status == "supported", check["fields"]


def test_a_heading_run_into_a_date_leaves_it_introductory(run_cli, fake_openai, filing):  # noqa: F811
    """'Fotolia On January 27, 2015, we completed our acquisition of privately held Fotolia' (Adobe 2015, a
    heading run into the sentence): the date introduces the completion (round 31's right answer was lost)."""
    quote = "Fotolia On January 27, 2015, we completed our acquisition of privately held Fotolia"
    scripted = _on("2015-01-27", "January 27, 2015", 3292, 3293, quote)
    asked = "On what date did Adobe complete its acquisition of Fotolia?"
    status, check = verdict(run_cli, fake_openai, filing("ADOBE_2015_10K"), asked, scripted)
    assert status == "supported", check


def _said(claim: str, *cited: tuple[int, int, str]) -> dict:
    spans = [{"doc": None, "line_start": a, "line_end": b, "quote": q} for a, b, q in cited]
    return {**yes_no(True, (1, "x")), "answer_type": "text", "items": [{"text": claim, "spans": spans}]}


EARPLUGS = "personal injuries while serving in the military caused by 3M’s Dual-Ended Combat Arms earplugs – Version 2"


def test_an_allegation_claimed_as_fact_is_an_attribution_mismatch(run_cli, fake_openai, filing):  # noqa: F811
    """'... filed an individual lawsuit ... alleging that he sustained' + 'personal injuries ... caused by 3M's
    earplugs' (3M 2018, round 31): the claim that the earplugs caused injuries states an allegation as fact; a
    claim that says it is alleged is kept."""
    mmm = filing("3M_2018_10K")
    asked = "What does 3M's 2018 Form 10-K say about injuries caused by its Dual-Ended Combat Arms earplugs?"
    claim = "3M's Dual-Ended Combat Arms earplugs – Version 2 caused personal injuries to a military veteran."
    status, check = verdict(run_cli, fake_openai, mmm, asked, _said(claim, (4944, 4945, EARPLUGS)))
    assert status == "unsupported" and field(check, "attribution")["verdict"] == "mismatch", check
    claim = "The plaintiff, a military veteran, sustained personal injuries caused by 3M's Combat Arms earplugs."
    status, check = verdict(run_cli, fake_openai, mmm, asked, _said(claim, (4944, 4944, EARPLUGS)))
    assert field(check, "attribution")["verdict"] == "mismatch", check  # naming the plaintiff attributes nothing
    claim = "A military veteran's lawsuit alleges personal injuries caused by 3M's Dual-Ended Combat Arms earplugs."
    status, check = verdict(run_cli, fake_openai, mmm, asked, _said(claim, (4944, 4945, EARPLUGS)))
    assert all(f["field"] != "attribution" for f in check["fields"]) and status != "unsupported", check


def test_a_ruling_its_paragraph_says_was_appealed_is_not_final(run_cli, fake_openai, filing):  # noqa: F811
    """'dismissed the lawsuit in its entirety with prejudice on May 2, 2016', followed by 'On June 1, 2016, Mr.
    Levin filed a Notice of Appeal' (Block 2016, round 31): a yes to 'fully resolved' is unchecked; a yes to
    'was the lawsuit dismissed' is not."""
    block = filing("BLOCK_2016_10K")
    dismissed = "lawsuit in its entirety with prejudice on May 2, 2016."
    scripted = yes_no(True, (1141, "x"))
    scripted["items"][0]["spans"] = [
        {"doc": None, "line_start": 1141, "line_end": 1142, "quote": f"and dismissed the {dismissed}"}
    ]
    asked = "Had Square's Caviar courier misclassification litigation been fully resolved by its 2016 Form 10-K?"
    status, check = verdict(run_cli, fake_openai, block, asked, scripted)
    assert status == "unchecked" and any("Notice of Appeal" in f["detail"] for f in check["fields"]), check
    asked = "Did the court dismiss the Caviar courier misclassification lawsuit in 2016?"
    status, check = verdict(run_cli, fake_openai, block, asked, scripted)
    assert all("Appeal" not in f["detail"] for f in check["fields"]), check


def test_a_role_asked_is_said_by_the_quotes(run_cli, fake_openai, filing):  # noqa: F811
    """'Which company is the issuer of the ... Notes due 2027' (Amcor 2023, round 31) is not answered by the cover
    page listing the notes beside the registrant's name; 'The note issued by Amcor UK Finance plc' answers it."""
    amcor = filing("AMCOR_2023_10K")
    asked = "Which company is the issuer of the Amcor 1.125% Guaranteed Senior Notes due 2027?"
    cover = (20, 23, "1.125% Guaranteed Senior Notes Due 2027")
    status, check = verdict(run_cli, fake_openai, amcor, asked, _said("Amcor plc issued the notes.", cover))
    assert status == "unchecked" and "issuer" in field(check, "about")["detail"], check
    issued = (1276, 1276, "The note issued by Amcor UK Finance plc is guaranteed by its parent")
    listed = (1273, 1273, "€500 million, 1.125% Guaranteed Senior Notes due 2027 of Amcor UK Finance plc")
    status, check = verdict(run_cli, fake_openai, amcor, asked, _said("Amcor UK Finance plc", listed, issued))
    assert all(f["verdict"] != "unknown" for f in check["fields"] if f["field"] == "about"), check


def test_a_date_the_question_names_by_its_noun_is_that_nouns(run_cli, fake_openai, filing):  # noqa: F811
    """'For what fiscal year end date is this 10-K filed?' (a new user, Best Buy 2017): 'filed with the SEC on
    March 24, 2017' dates the filing, not the fiscal year's end; 'For the fiscal year ended January 28, 2017' does."""
    bestbuy = filing("BESTBUY_2017_10K")
    asked = "For what fiscal year end date is this 10-K filed?"
    filed = _on("2017-03-24", "March 24, 2017", 3596, 3596, "fiscal 2017, filed with the SEC on March 24, 2017")
    status, check = verdict(run_cli, fake_openai, bestbuy, asked, filed)
    assert status == "unchecked" and "'end...' date" in field(check, "event")["detail"], check
    ended = _on("2017-01-28", "January 28, 2017", 9, 9, "For the fiscal year ended January 28, 2017")
    status, check = verdict(run_cli, fake_openai, bestbuy, asked, ended)
    assert status == "supported", check["fields"]


def test_a_line_items_qualifier_puts_an_operand_on_no_side(run_cli, fake_openai, filing):  # noqa: F811
    """'revenue / (average total assets between fiscal 2021 and fiscal 2022)': 'Total revenue' says 'total' as the
    divisor's phrase does, which puts it on neither side (a right answer was lost to the sides rule)."""
    adobe = filing("ADOBE_2022_10K")
    asked = (
        "What was Adobe's fiscal 2022 asset turnover, defined as fiscal 2022 net sales / (average total assets between "
        "fiscal 2021 and fiscal 2022)?"
    )
    revenue, assets = (2551, "Total revenue 17,606 15,785 12,868"), (2510, "Total assets $ 27,165 $ 27,241")
    worked = calculation(
        "a / ((b + c) / 2)",
        0.6472,
        operand("a", 17606.0, "fiscal 2022", revenue),
        operand("b", 27165.0, "fiscal 2022", assets),
        operand("c", 27241.0, "fiscal 2021", assets),
    )
    scripted = amount(0.6472, "ratio", "fiscal 2022", revenue, assets, calculation=worked, currency=None)
    status, check = verdict(run_cli, fake_openai, adobe, asked, scripted)
    assert all(f["verdict"] != "mismatch" for f in check["fields"] if f["field"] == "formula"), check


# Right answers the round's rules must keep (a review with fresh eyes found them lost)


def test_a_longer_subject_before_the_verb_is_another_subject(run_cli, fake_openai, filing):  # noqa: F811
    """'More Personal Computing revenue increased ...' (Microsoft 2016) is a segment's revenue: it decides nothing
    of 'Did Microsoft's revenue decrease', either way."""
    moved = "More Personal Computing revenue increased $4.7 billion or 12%, mainly due to growth in Devices"
    asked = "Did Microsoft's revenue decrease in fiscal year 2016 compared with fiscal year 2015?"
    status, check = verdict(run_cli, fake_openai, filing("MICROSOFT_2016_10K"), asked, yes_no(False, (1428, moved)))
    assert status != "supported", check


def test_a_contractual_schedule_is_no_expectation(run_cli, fake_openai, filing):  # noqa: F811
    """'scheduled to mature in September 2021' (Lockheed 2020) is the borrowings' term, not a forecast."""
    quote = (
        "we had $500 million of short-term borrowings due within one year, which are scheduled to mature in "
        "September 2021"
    )
    scripted = _on("2021-09", "September 2021", 3706, 3706, quote)
    asked = "By when must Lockheed Martin's $500 million of short-term borrowings be repaid?"
    status, check = verdict(run_cli, fake_openai, filing("LOCKHEEDMARTIN_2020_10K"), asked, scripted)
    assert all(f["field"] != "scenario" for f in check["fields"]), check


def test_a_purported_action_filed_is_a_fact_and_an_unappealed_judgment_is_final(run_cli, fake_openai, filing):  # noqa: F811
    """'a similar purported class action was filed by a single shareholder, Rene LeBlanc' (Best Buy 2017): that it
    was filed is no allegation; 'entered a final declaratory judgment ..., which judgment was not appealed'
    (Coca-Cola 2017): no appeal makes it unfinal."""
    quote = "a similar purported class action was filed by a single shareholder, Rene LeBlanc"
    asked = "What does Best Buy's 10-K say about the class action filed by Rene LeBlanc?"
    claim = _said("A class action was filed by a single shareholder, Rene LeBlanc.", (3329, 3329, quote))
    status, check = verdict(run_cli, fake_openai, filing("BESTBUY_2017_10K"), asked, claim)
    assert all(f["field"] != "attribution" for f in check["fields"]), check
    judged = "On July 24, 2007, the Wisconsin trial court entered a final declaratory judgment"
    asked = "Was the Wisconsin insurance coverage litigation resolved by a final judgment?"
    status, check = verdict(run_cli, fake_openai, filing("COCACOLA_2017_10K"), asked, yes_no(True, (939, judged)))
    assert status == "supported", check


def test_an_operand_on_both_sides_of_the_line_is_on_neither(run_cli, fake_openai, filing):  # noqa: F811
    """'(a - b) / a' for 'pre-provision profit as a percentage of total net revenue' (JPMorgan 2022 Q2): the
    revenue stands above and below the line, as the ratio wants."""
    jpm = filing("JPMORGAN_2022Q2_10Q")
    asked = "What was JPMorgan Chase's pre-provision profit as a percentage of total net revenue in 2Q 2022?"
    worked = calculation(
        "(a - b) / a * 100", 38.96, operand("a", 30715.0, QUARTER, REVENUE), operand("b", 18749.0, QUARTER, EXPENSE)
    )
    scripted = amount(38.96, "percent", QUARTER, REVENUE, EXPENSE, calculation=worked, currency=None, label="Ratio")
    status, check = verdict(run_cli, fake_openai, jpm, asked, scripted)
    assert all(f["verdict"] != "mismatch" for f in check["fields"] if f["field"] == "formula"), check


SALES, COST = (1819, "Net sales $ 18,992.8 $ 18,127.0 $ 17,626.6"), (1820, "Cost of sales 12,590.6 11,678.7 11,496.7")
GROSS = (
    "What was General Mills' gross margin (net sales minus cost of sales, as a percentage of net sales) in fiscal 2022?"
)


def test_a_difference_spelt_out_as_a_share_is_computed_with_its_subtraction(run_cli, fake_openai, filing):  # noqa: F811
    """'net sales minus cost of sales, as a percentage of net sales' (a new user, General Mills 2022) is (sales -
    cost) / sales: cost over sales is rejected (it was read as the definition), the difference is kept."""
    mills = filing("GENERALMILLS_2022_10K")
    cost = calculation(
        "a / b * 100", 66.29, operand("a", 12590.6, "fiscal 2022", COST), operand("b", 18992.8, "fiscal 2022", SALES)
    )
    scripted = amount(
        66.29, "percent", "fiscal 2022", COST, SALES, calculation=cost, currency=None, label="Gross margin"
    )
    status, check = verdict(run_cli, fake_openai, mills, GROSS, scripted)
    assert status == "unsupported" and field(check, "formula")["verdict"] == "mismatch", check
    worked = calculation(
        "(a - b) / a * 100",
        33.71,
        operand("a", 18992.8, "fiscal 2022", SALES),
        operand("b", 12590.6, "fiscal 2022", COST),
    )
    scripted = amount(
        33.71, "percent", "fiscal 2022", COST, SALES, calculation=worked, currency=None, label="Gross margin"
    )
    status, check = verdict(run_cli, fake_openai, mills, GROSS, scripted)
    assert status == "supported", check


def test_a_row_above_another_items_total_is_no_rival(run_cli, filing, tmp_path):  # noqa: F811
    """'Cost of sales 3.3' above 'Total restructuring and impairment (recoveries) charges' (General Mills 2022 p55)
    is the restructuring charge recorded in cost of sales, no rival of the income statement's cost of sales: the
    offline answerer computes the spelt-out gross margin (it said the tables disagree)."""
    code, out, _ = run_cli(
        "ask",
        GROSS,
        filing("GENERALMILLS_2022_10K"),
        "--backend",
        "extractive",
        "--json",
        "--traces-dir",
        tmp_path / "traces",
        "--cache-dir",
        tmp_path / "cache",
    )
    answer = json.loads(out)
    assert answer["status"] == "supported", out[:2000]
    assert abs(answer["answer"]["items"][0]["amount"]["value"] - 33.7086) < 0.01, out[:2000]
