"""Red team round 29 on real filings: a date of a price table dated only by a percent it shares with the question
(AMD 2015's '7.00% Notes' call schedule for their maturity)."""

from __future__ import annotations

from tests.conftest import needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import field
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round22 import yes_no
from tests.test_typed_verify_round25 import text
from tests.test_values import amount, answer, calculation, operand, span

pytestmark = needs_shared


def _date(iso: str, text: str, *cited: tuple[int, str]) -> dict:
    return answer(
        "date", {"label": "Date", "date": {"iso": iso, "original_text": text}, "spans": [span(*c) for c in cited]}
    )


def test_a_percent_the_question_names_is_no_event_of_a_date(run_cli, fake_openai, filing):  # noqa: F811
    """'On July 1, 2022 and thereafter 100.000%' shares only a percent sign with '7.00% Senior Notes mature'."""
    amd = filing("AMD_2015_10K")
    asked = "On what date do AMD's 7.00% Senior Notes mature?"
    call = _date("2022-07-01", "July 1, 2022", (1895, "On July 1, 2022 and thereafter 100.000%"))
    status, check = verdict(run_cli, fake_openai, amd, asked, call)
    assert status == "unchecked" and field(check, "event")["verdict"] == "unknown", check
    maturity = _date("2024-07-01", "July 1, 2024", (1882, "until the maturity date of July 1, 2024"))
    status, check = verdict(run_cli, fake_openai, amd, asked, maturity)
    assert status == "supported", check


PERMITTED = "The update to the standard is effective for the Company on June 1, 2019, with early adoption permitted"


def test_a_permission_to_adopt_says_no_adoption(run_cli, fake_openai, filing):  # noqa: F811
    """NIKE 2018 p56: 'with early adoption permitted' (ASU 2017-12, still being evaluated) is no yes to 'Did NIKE
    early adopt'; 'The Company early adopted the ASU' (ASU 2018-02) is."""
    nike = filing("NIKE_2018_10K")
    asked = "Did NIKE early adopt ASU 2017-12, Derivatives and Hedging, during fiscal 2018?"
    issued = span(2419, "In August 2017, the FASB issued ASU No. 2017-12, Derivatives and Hedging (Topic 815)")
    permitted = {**span(2421, PERMITTED), "line_end": 2422}
    scripted = answer("boolean", {"value": True, "explanation": "yes", "spans": [issued, permitted]})
    status, check = verdict(run_cli, fake_openai, nike, asked, scripted)
    assert status == "unchecked" and "does not say it happened" in field(check, "polarity")["detail"], check
    adopted = (2404, "The Company early adopted the ASU in the third quarter of fiscal 2018.")
    asked = (
        "Did NIKE early adopt ASU 2018-02 on tax effects in accumulated other comprehensive income during fiscal 2018?"
    )
    status, check = verdict(run_cli, fake_openai, nike, asked, yes_no(True, adopted))
    assert status == "supported", check


FILLED = "filled 25% of new, salaried field positions with female employees"


def test_a_quote_cut_before_the_goal_it_is_compared_to_does_not_say_the_goal_was_met(
    run_cli,
    fake_openai,
    filing,  # noqa: F811
):
    """Best Buy 2023 p7: '... with female employees, compared to our goal to fill one of three positions.'"""
    best_buy = filing("BESTBUY_2023_10K")
    asked = "Did Best Buy meet its goal for filling new salaried field positions with female employees in fiscal 2023?"
    status, check = verdict(run_cli, fake_openai, best_buy, asked, yes_no(True, (239, FILLED)))
    omission = field(check, "omission")
    assert status == "unchecked" and "compared to our goal" in omission["detail"], check
    asked = "Did Best Buy fill 25% of new salaried field positions with female employees in fiscal 2023?"
    status, check = verdict(run_cli, fake_openai, best_buy, asked, yes_no(True, (239, FILLED)))
    assert status == "supported", check


LEADER = "has been the market share leader for microprocessors for many years."


def test_a_claim_about_the_issuer_is_not_read_from_a_sentence_about_another_party(
    run_cli,
    fake_openai,
    filing,  # noqa: F811
):
    """AMD 2015 p11: 'Intel Corporation' / 'has been the market share leader ...': the quote cut after the name."""
    amd = filing("AMD_2015_10K")
    asked = "Describe AMD's position in the microprocessor market."
    status, check = verdict(run_cli, fake_openai, amd, asked, text(f"AMD {LEADER}", 397, 397, LEADER))
    assert status == "unsupported" and "says it of Intel Corporation" in check["detail"], check
    cut_later = LEADER.removeprefix("has been ")  # the lead 'Intel Corporation has been': its subject before the verb
    status, check = verdict(run_cli, fake_openai, amd, asked, text(f"AMD has been {cut_later}", 397, 397, cut_later))
    assert status == "unsupported" and "says it of Intel Corporation" in check["detail"], check
    whole = text(f"Intel Corporation {LEADER}", 397, 397, f"Intel Corporation {LEADER}")
    assert verdict(run_cli, fake_openai, amd, asked, whole)[0] == "supported"
    nike, cut = filing("NIKE_2018_10K"), "is subject to taxation in the United States,"
    asked = "Describe where NIKE is subject to taxation."
    status, check = verdict(run_cli, fake_openai, nike, asked, text(f"NIKE {cut}", 2757, 2757, cut))
    assert status == "supported", check  # 'The Company' / 'is subject to ...': the issuer's own sentence


def test_a_balance_row_is_of_what_the_words_over_its_table_say(run_cli, fake_openai, filing):  # noqa: F811
    """A new user on AMD 2015: 'Balance at end of year $ 38' (p76, unrecognized tax benefits) for the cash balance;
    'Ending balance $ 15' under 'Changes in the Company's estimated liability for product warranty' (p88) is the
    warranty liability."""
    amd = filing("AMD_2015_10K")
    tax = amount(38.0, "millions", "2015", (2900, "Balance at end of year $ 38 $ 28 $ 52"), label="Cash balance")
    status, check = verdict(run_cli, fake_openai, amd, "What was AMD's cash balance at the end of 2015?", tax)
    assert status != "supported" and "words over its table say cash" in check["detail"], check
    asked = "What was the company's cash balance at the end of fiscal 2015?"  # 'Company's' is said above it
    status, check = verdict(run_cli, fake_openai, amd, asked, tax)
    assert status != "supported" and "words over its table say cash" in check["detail"], check
    benefits = amount(38.0, "millions", "2015", (2900, "Balance at end of year $ 38 $ 28 $ 52"), label="Benefits")
    asked = "What was the amount of AMD's gross unrecognized tax benefits at the end of 2015?"
    status, check = verdict(run_cli, fake_openai, amd, asked, benefits)
    assert status == "supported", check  # 'amount' is no item the words over the table must say
    warranty = amount(15.0, "millions", "2015", (3380, "Ending balance $ 15 $ 19"), label="Product warranty liability")
    asked = "What was AMD's product warranty liability balance at the end of 2015?"
    status, check = verdict(run_cli, fake_openai, amd, asked, warranty)
    assert status == "supported", check
    deferred = amount(15.0, "millions", "2015", (3380, "Ending balance $ 15 $ 19"), label="Deferred revenue")
    asked = "What was AMD's deferred revenue balance for product warranties at the end of 2015?"
    status, check = verdict(run_cli, fake_openai, amd, asked, deferred)
    assert status != "supported", check


CUSTOMERS = ((246, "Residential 2,972 245 2,948 236 2,914 215"), (251, "Total 3,269 261 3,244 252 3,205 229"))
REVENUES = ((2158, "Residential $ 1,935 $ 1,895 $ 1,735"), (2163, "Total water services 3,142 3,028 2,884"))


def test_a_share_of_revenues_is_taken_of_revenues_not_customer_counts(run_cli, fake_openai, filing):  # noqa: F811
    """American Water 2021: residential customers (p7, thousands of customers) over the total are no share of
    water services revenues (p64, $ millions)."""
    water = filing("AMERICANWATERWORKS_2021_10K")
    asked = "What percentage of the Regulated Businesses' 2021 water services revenues came from residential customers?"
    for (part, whole), values, kept in ((CUSTOMERS, (2972.0, 3269.0), False), (REVENUES, (1935.0, 3142.0), True)):
        a = operand("a", values[0], "2021", part, name="Residential water services")
        b = operand("b", values[1], "2021", whole, name="Total water services")
        share = round(values[0] / values[1] * 100, 2)
        scripted = amount(
            share,
            "percent",
            "2021",
            part,
            whole,
            currency=None,
            label="Residential share",
            calculation=calculation("a / b * 100", share, a, b),
        )
        status, check = verdict(run_cli, fake_openai, water, asked, scripted)
        assert (status == "supported") == kept, check
        assert kept or "prints no currency" in check["detail"], check


DENIAL = (
    "that recommended denial of a petition filed by the Company’s New Jersey subsidiary, which sought approval of "
    "acquisition adjustments in rate base of $29 million"
)
NO_IMPACT = (
    "There is no financial impact to the Company as a result of the NJBPU’s order, since the acquisition adjustments "
    "are currently recorded as goodwill on the Consolidated Balance Sheets."
)


def test_a_consequence_the_claim_draws_is_said_by_its_quotes(run_cli, fake_openai, filing):  # noqa: F811
    """American Water 2021 p59: the NJBPU denied $29 million of acquisition adjustments; 'There is no financial
    impact to the Company' — a claim that it 'had to write off the $29 million' draws what no quote says."""
    water = filing("AMERICANWATERWORKS_2021_10K")
    asked = "Describe the financial impact on American Water of the NJBPU's order on its acquisition adjustments."
    claim = "The NJBPU denied $29 million of acquisition adjustments, so American Water had to write off $29 million."
    status, check = verdict(run_cli, fake_openai, water, asked, text(claim, 1996, 1996, DENIAL))
    assert status == "unchecked" and "write off" in field(check, "consequence")["detail"], check
    right = "The adjustments are recorded as goodwill, so there was no impact on American Water."
    scripted = text(right, 1999, 2000, NO_IMPACT)
    status, check = verdict(run_cli, fake_openai, water, asked, scripted)
    assert status == "supported", check


SUBCONCESSION = (
    1448,
    "reduced the useful life to align with the contractual term of the subconcession, which expired on December 31, "
    "2022",
)


def test_a_relative_clause_dates_the_noun_it_is_said_of(run_cli, fake_openai, filing):  # noqa: F811
    """MGM 2022 p36: 'the subconcession, which expired on December 31, 2022' dates the old subconcession, not the
    concession awarded in December 2022; Boeing 2022 p45: '... revolving credit agreement, which expires in October
    2024' dates the agreement asked."""
    mgm = filing("MGMRESORTS_2022_10K")
    asked = "When does the gaming concession awarded to MGM Grand Paradise in December 2022 expire?"
    status, check = verdict(run_cli, fake_openai, mgm, asked, _date("2022-12-31", "December 31, 2022", SUBCONCESSION))
    assert status == "unchecked" and "dates the subconcession" in field(check, "event")["detail"], check
    expires = (1208, "In addition, the concession contract expires on December 31, 2032.")
    assert (
        verdict(run_cli, fake_openai, mgm, asked, _date("2032-12-31", "December 31, 2032", expires))[0] == "supported"
    )
    boeing = filing("BOEING_2022_10K")
    agreement = (1496, "billion five-year revolving credit agreement, which expires in October 2024")
    asked = "When does Boeing's $3.2 billion five-year revolving credit agreement expire?"
    status, check = verdict(run_cli, fake_openai, boeing, asked, _date("2024-10-31", "October 2024", agreement))
    assert status == "supported", check


def test_an_adoption_to_come_is_no_adoption(run_cli, fake_openai, filing):  # noqa: F811
    """Coca-Cola 2017 p88: 'The Company will adopt ASU 2014-09 ...' answers no yes to 'Did it early adopt'."""
    coke = filing("COCACOLA_2017_10K")
    asked = "Did Coca-Cola early adopt ASU 2014-09 on revenue from contracts with customers in 2017?"
    future = (3378, "The Company will adopt ASU 2014-09 and its amendments on a modified retrospective basis.")
    status, check = verdict(run_cli, fake_openai, coke, asked, yes_no(True, future))
    assert status == "unchecked" and "does not say it happened" in field(check, "polarity")["detail"], check


def test_a_sentence_adverb_is_no_party_and_a_prior_year_comparison_names_nothing_asked(
    run_cli,
    fake_openai,
    filing,  # noqa: F811
):
    """A fresh-eyes review's right answers: NIKE 2018 p12 'Accordingly, we are subject to the risks ...' claimed
    of NIKE; Best Buy 2023 p26 'Our SG&A decreased in fiscal 2023, ...' cut before 'compared to the prior year'."""
    nike, cut = filing("NIKE_2018_10K"), "we are subject to the risks generally associated with global trade"
    asked = "Describe the risks of global trade NIKE is subject to."
    claim = "NIKE is subject to the risks generally associated with global trade."
    status, check = verdict(run_cli, fake_openai, nike, asked, text(claim, 591, 591, cut))
    assert "says it of" not in check["detail"], check
    best_buy = filing("BESTBUY_2023_10K")
    decreased = (1136, "Our SG&A decreased in fiscal 2023, primarily due to lower short-term incentive compensation")
    decreased = (decreased[0], f"{decreased[1]} expense of approximately $455 million")
    asked = "Did Best Buy's SG&A decrease in fiscal 2023 compared to the prior year?"
    status, check = verdict(run_cli, fake_openai, best_buy, asked, yes_no(True, decreased))
    assert field(check, "omission")["verdict"] != "unknown", check
