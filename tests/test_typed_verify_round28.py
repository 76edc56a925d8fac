"""Red team round 28 on real filings: one class of stock's ticker claimed for another (NIKE 2023, a quote cut from
'Class B Common Stock NKE New York Stock Exchange'), a par value given as an issue price (Corning 2020), and the
date of a preliminary approval given as the final one (Adobe 2015)."""

from __future__ import annotations

from tests.conftest import needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import field
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round25 import text
from tests.test_values import amount

pytestmark = needs_shared


def test_a_quote_cut_from_a_line_of_another_share_class_does_not_say_it_of_this_one(
    run_cli,
    fake_openai,
    filing,  # noqa: F811
):
    nike = filing("NIKE_2023_10K")
    asked = "Describe the trading symbol and exchange of NIKE's Class A Common Stock."
    claim = "NIKE's Class A Common Stock trades on the New York Stock Exchange under the symbol NKE."
    status, check = verdict(
        run_cli, fake_openai, nike, asked, text(claim, 22, 22, "Common Stock NKE New York Stock Exchange")
    )
    assert status == "unsupported" and "names Class B" in check["detail"], check
    right = text(claim.replace("Class A", "Class B"), 22, 22, "Class B Common Stock NKE New York Stock Exchange")
    assert verdict(run_cli, fake_openai, nike, asked.replace("Class A", "Class B"), right)[0] == "supported"


PAR = (
    4283,
    "On January 15, 2014, Corning designated a new series of its preferred stock as Fixed Rate Cumulative "
    "Convertible Preferred Stock, Series A, par value $100 per share",
)


def test_a_par_value_is_no_issue_price(run_cli, fake_openai, filing):  # noqa: F811
    corning = filing("CORNING_2020_10K")
    asked = (
        "What was the issue price per share of Corning's Fixed Rate Cumulative Convertible Preferred Stock, Series A?"
    )
    par = amount(100.0, "per_share", "January 15, 2014", PAR, label="Issue price per share")
    par["items"][0]["spans"][0]["line_end"] = 4284
    status, check = verdict(run_cli, fake_openai, corning, asked, par)
    assert status == "unsupported" and "a par value" in check["detail"], check
    named = asked.replace("issue price", "par value")
    status, check = verdict(run_cli, fake_openai, corning, named, par)
    assert "a par value" not in check["detail"], check


APPROVALS = (
    "In March 2015, the court granted preliminary approval of the settlement and on September 2, 2015, the court "
    "granted final approval of the settlement."
)


def test_one_stage_of_a_process_is_not_another(run_cli, fake_openai, filing):  # noqa: F811
    adobe = filing("ADOBE_2015_10K")
    asked = "Describe when the court granted final approval of the settlement of Adobe's antitrust litigation."
    cut = "In March 2015, the court granted preliminary approval of the settlement"
    status, check = verdict(
        run_cli, fake_openai, adobe, asked, text("The court granted final approval in March 2015.", 1578, 1579, cut)
    )
    assert status == "unchecked" and field(check, "about")["verdict"] == "unknown", check
    right = text("On September 2, 2015, the court granted final approval of the settlement.", 1578, 1579, APPROVALS)
    status, check = verdict(run_cli, fake_openai, adobe, asked, right)
    assert status == "supported", check["fields"]


AUTHORIZED = (
    7418,
    "of $0.01 per share (“common stock”), (ii) 120,619 shares of cumulative preferred stock, par value $0.01 per share",
)


def test_a_figure_the_sentence_prints_after_par_value_is_a_par_value(run_cli, fake_openai, filing):  # noqa: F811
    """CVS 2022 p193: the quote starts at '$0.01 per share' (its 'par value' on the line above) and prints 'par
    value $0.01 per share' again later: either way $0.01 is a par value."""
    cvs = filing("CVSHEALTH_2022_10K")
    asked = "What was the issue price per share of CVS's cumulative preferred stock?"
    par = amount(0.01, "per_share", None, AUTHORIZED, label="Issue price per share")
    status, check = verdict(run_cli, fake_openai, cvs, asked, par)
    assert status == "unsupported" and "a par value" in check["detail"], check
