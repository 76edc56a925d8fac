"""Red team round 24 on real filings: a pension table of only the plans whose obligation exceeds their assets
(Verizon's and 3M's 10-Ks, ASC 715-20-50) given for all plans, a yes read from table rows alone (Verizon's
'Non-current assets $ 4 $ 376' for the plans being overfunded), and a list of hedged currencies given as the
constant-currency ones (Corning's 2020 10-K)."""

from __future__ import annotations

from tests.conftest import needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import field
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round22 import yes_no
from tests.test_values import amount, answer, span

pytestmark = needs_shared

SUBSET_PBO = (4541, "Projected benefit obligation $ 15,328 $ 456")  # under line 4538's 'plans with a PBO in excess'
ALL_PBO = (4490, "End of year 15,369 20,167 11,107 14,710")
US_SUBSET_PBO = (3077, "Projected benefit obligation $ 13,505 $ 18,104 $ 851 $ 3,204")  # 3M: under a sub-heading
US_ALL_ABO = (3072, "Accumulated benefit obligation $ 12,967 $ 17,305 $ 4,814 $ 7,484")  # 3M: above the subsets
BALANCE_SHEET = [
    (4499, "(dollars in millions)"),
    (4500, "Pension Health Care and Life"),
    (4501, "At December 31, 2022 2021 2022 2021"),
    (4503, "Non-current assets $ 4 $ 376 $ — $ —"),
]
HEDGED = (
    "foreign currency contracts which hedge our translation exposure arising from movements in the Japanese yen, "
    "South Korean won, new Taiwan dollar, euro, Chinese yuan and British pound"
)
CONSTANT = (
    "Corning utilizes constant-currency reporting for our Display Technologies, Environmental Technologies, "
    "Specialty Materials and Life Sciences segments for the Japanese yen, South Korean won, Chinese yuan, new "
    "Taiwan dollar and the euro."
)


def test_a_table_of_the_plans_whose_obligation_exceeds_their_assets_is_of_those_plans(
    run_cli,
    fake_openai,
    filing,  # noqa: F811
):
    verizon = filing("VERIZON_2022_10K")
    everyone = "How much was the projected benefit obligation of Verizon's pension plans at December 31, 2022?"
    subset = amount(15328.0, "millions", "December 31, 2022", SUBSET_PBO, label="Projected benefit obligation")
    status, check = verdict(run_cli, fake_openai, verizon, everyone, subset)
    assert status == "unsupported" and "in excess of assets" in field(check, "member")["detail"], check
    # the roll-forward's closing row is all plans' obligation, a level though under 'Change in Benefit Obligations'
    # (the obligation is no line item docintel knows, so the answer stays unchecked, not rejected)
    whole = amount(15369.0, "millions", "December 31, 2022", ALL_PBO, label="Projected benefit obligation")
    status, check = verdict(run_cli, fake_openai, verizon, everyone, whole)
    assert status == "unchecked" and {field(check, f)["verdict"] for f in ("member", "measure")} == {"supported"}
    named = everyone.replace("plans at", "plans with a projected benefit obligation in excess of plan assets at")
    assert verdict(run_cli, fake_openai, verizon, named, subset)[0] == "supported"


def test_a_sub_heading_of_the_underfunded_plans_sets_only_its_rows_apart(run_cli, fake_openai, filing):  # noqa: F811
    three_m = filing("3M_2022_10K")
    asked = "How much was 3M's United States pension projected benefit obligation in 2022?"
    subset = amount(13505.0, "millions", "2022", US_SUBSET_PBO, label="Projected benefit obligation")
    status, check = verdict(run_cli, fake_openai, three_m, asked, subset)
    assert status == "unsupported" and "in excess of assets" in field(check, "member")["detail"], check
    # the row above the sub-headings is all plans', though the table's caption names the subsets too
    abo = "How much was 3M's United States pension accumulated benefit obligation in 2022?"
    whole = amount(12967.0, "millions", "2022", US_ALL_ABO, label="Accumulated benefit obligation")
    assert verdict(run_cli, fake_openai, three_m, abo, whole)[0] == "supported"


def test_a_yes_quoted_from_table_rows_and_headings_alone_is_not_read_from_words(
    run_cli,
    fake_openai,
    filing,  # noqa: F811
):
    verizon = filing("VERIZON_2022_10K")
    asked = "Were Verizon's pension plans overfunded in aggregate at December 31, 2021?"
    status, check = verdict(run_cli, fake_openai, verizon, asked, yes_no(True, *BALANCE_SHEET))
    assert status != "supported" and field(check, "figures")["verdict"] == "unknown", check


def test_a_list_for_a_term_of_art_needs_quotes_that_say_it(run_cli, fake_openai, filing):  # noqa: F811
    corning = filing("CORNING_2020_10K")
    asked = "List the currencies for which Corning uses constant-currency reporting."
    hedged = answer("list", {"text": "Japanese yen", "spans": [{**span(1019, HEDGED), "line_end": 1020}]})
    status, check = verdict(run_cli, fake_openai, corning, asked, hedged)
    subject = [f for f in check["fields"] if f["field"] == "subject"]
    assert status != "supported" and any("constant-currency" in f["detail"] for f in subject), check
    reported = answer("list", {"text": "Japanese yen", "spans": [{**span(1116, CONSTANT), "line_end": 1118}]})
    assert verdict(run_cli, fake_openai, corning, asked, reported)[0] == "supported"
