"""Red team round 27 on real filings: deferred tax assets before the valuation allowance given as the net (AMD
2015), an officer's age given as his years of service (NIKE 2018), one agency's rating given as another's (3M
2018), and a yes to 'positive gross profit' read from costs that grew more slowly than revenue (Block 2016)."""

from __future__ import annotations

from docintel.ingest.documents import Ingestor
from docintel.ingest.factrows import asks_before_deductions
from docintel.settings import load_settings
from docintel.verify.totals import total_group
from tests.conftest import FINANCEBENCH, needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import field
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round22 import yes_no
from tests.test_typed_verify_round25 import text
from tests.test_values import amount

pytestmark = needs_shared

DEFERRED = [
    (2812, "December 26, December 27,"),
    (2813, "2015 2014"),
    (2815, "Deferred tax assets:"),
]
TOTAL_ASSETS = (2827, "Total deferred tax assets 3,735 3,570")
NET_ASSETS = (2834, "Net deferred tax assets $ 10 $ 19")


def test_a_total_before_the_allowance_is_not_the_net_after_it(run_cli, fake_openai, filing):  # noqa: F811
    amd = filing("AMD_2015_10K")
    asked = "What net deferred tax assets did AMD report as of December 26, 2015?"
    before = amount(3735.0, "millions", "December 26, 2015", *DEFERRED, TOTAL_ASSETS, label="Net deferred tax assets")
    status, check = verdict(run_cli, fake_openai, amd, asked, before)
    assert status == "unsupported" and "net of valuation allowance' row follows" in check["detail"], check
    named = "What were AMD's total deferred tax assets, net of valuation allowance, as of December 26, 2015?"
    assert verdict(run_cli, fake_openai, amd, named, before)[0] != "supported"  # the row after, named in full
    net = amount(10.0, "millions", "December 26, 2015", *DEFERRED, NET_ASSETS, label="Net deferred tax assets")
    assert verdict(run_cli, fake_openai, amd, asked, net)[0] == "supported"
    total = "What were AMD's total deferred tax assets as of December 26, 2015?"
    status, check = verdict(
        run_cli,
        fake_openai,
        amd,
        total,
        {**before, "items": [{**before["items"][0], "label": "Total deferred tax assets"}]},
    )
    assert status == "supported", check


SPRUNK = "Eric D. Sprunk, Chief Operating Officer — Mr. Sprunk, 54, joined NIKE in 1993."


def test_a_number_set_off_after_a_name_is_an_age(run_cli, fake_openai, filing):  # noqa: F811
    nike = filing("NIKE_2018_10K")
    asked = "Describe how long Eric Sprunk, NIKE's Chief Operating Officer, has worked at NIKE."
    status, check = verdict(
        run_cli, fake_openai, nike, asked, text("Eric Sprunk had worked at NIKE for 54 years.", 342, 342, SPRUNK)
    )
    assert status == "unsupported" and "54 is Mr. Sprunk's age" in check["detail"], check
    right = text("Mr. Sprunk, aged 54, joined NIKE in 1993.", 342, 342, SPRUNK)
    assert verdict(run_cli, fake_openai, nike, asked, right)[0] == "supported"


def test_a_name_the_question_asks_about_is_in_the_claim_s_quotes(run_cli, fake_openai, filing):  # noqa: F811
    three_m = filing("3M_2018_10K")
    asked = "Describe the long-term credit rating Moody's assigns to 3M."
    cut = text(
        "Moody's rates 3M AA- with a stable outlook.",
        451,
        452,
        "3M currently has an AA- credit rating with a stable outlook",
    )
    status, check = verdict(run_cli, fake_openai, three_m, asked, cut)
    # AA- is on S&P's scale, no code of Moody's: the rating check rejects it too (session 30)
    assert status == "unsupported" and field(check, "about")["verdict"] == "unknown", check
    quote = "has an A1 credit rating with a stable outlook from Moody’s Investors Service"
    assert (
        verdict(
            run_cli, fake_openai, three_m, asked, text("Moody's rates 3M A1 with a stable outlook.", 452, 452, quote)
        )[0]
        == "supported"
    )


PACE = "Hardware costs grew more slowly than hardware revenue"


def test_a_slower_rise_decides_no_comparison_of_levels(run_cli, fake_openai, filing):  # noqa: F811
    block = filing("BLOCK_2016_10K")
    levels = (
        "Did Square's hardware business earn a positive gross profit (hardware revenue above hardware costs) in 2016?"
    )
    status, check = verdict(run_cli, fake_openai, block, levels, yes_no(True, (1619, PACE)))
    assert status == "unchecked" and field(check, "measure")["verdict"] == "unknown", check
    pace = "Did Square's hardware costs grow more slowly than its hardware revenue in 2016?"
    assert verdict(run_cli, fake_openai, block, pace, yes_no(True, (1619, PACE)))[0] == "supported"


ROMAN = (318, "Michael F. Roman 59 Chief Executive Officer")


def test_a_row_of_a_table_of_officers_ages_gives_an_age(run_cli, fake_openai, filing):  # noqa: F811
    """3M 2018 lists its officers under 'Name Age Present Position' (line 316)."""
    three_m = filing("3M_2018_10K")
    asked = "Describe how long Michael Roman has worked at 3M."
    wrong = text("Michael F. Roman has worked at 3M for 59 years.", 318, 318, ROMAN[1])
    status, check = verdict(run_cli, fake_openai, three_m, asked, wrong)
    assert status == "unsupported" and "59 is Michael F. Roman's age" in check["detail"], check
    for right in ("Michael F. Roman is 59.", "Michael F. Roman, 59, is Chief Executive Officer."):
        status, check = verdict(run_cli, fake_openai, three_m, asked, text(right, 318, 318, ROMAN[1]))
        assert status == "supported", check


def test_the_amount_before_a_schedule_s_deductions_is_asked_only_by_its_total():
    """The rule's own words: 'total X' asks the amount before a valuation allowance, 'net X' or 'total X, net of
    valuation allowance' the row after it (AMD 2015's deferred tax schedule)."""
    after = "Total deferred tax assets, net of valuation allowance"
    assert asks_before_deductions("What were AMD's total deferred tax assets in 2015?", after)
    assert not asks_before_deductions("What were AMD's net deferred tax assets in 2015?", after)
    assert not asks_before_deductions(f"What were AMD's {after.lower()} in 2015?", after)


def test_a_bare_total_totals_its_sub_heading_only_where_each_sub_heading_has_one(tmp_path):
    """MGM 2022: 'Total' under 'Revenues' and again under 'Expenses'; American Express 2022 p111: one 'Total' after
    'Card Member Loans:' and 'Card Member Receivables:' rows is the table's grand total; a second 'Total' under one
    sub-heading totals none of it."""
    settings = load_settings({"cache_dir": str(tmp_path / "cache")})
    names = ("MGMRESORTS_2022_10K", "AMERICANEXPRESS_2022_10K", "AMAZON_2017_10K")
    mgm, amex, amazon = Ingestor(settings).ingest([FINANCEBENCH / "pdfs" / f"{n}.pdf" for n in names]).documents
    groups = {(d.meta.doc_id, r.line): total_group(t, r) for d in (mgm, amex, amazon) for t in d.tables for r in t.rows}
    assert groups[("MGMRESORTS_2022_10K", 2332)] == "Revenues" and groups[("MGMRESORTS_2022_10K", 2346)] == "Expenses"
    assert amex.lines["text"].tolist()[3848].startswith("Total $ 169")
    assert groups[("AMERICANEXPRESS_2022_10K", 3849)] is None
    # Amazon 2017 p51: the page number '51' read as a second 'Total' under 'Cost Fair Value'
    assert groups[("AMAZON_2017_10K", 1934)] == "Cost Fair Value" and groups[("AMAZON_2017_10K", 1936)] is None


def test_an_age_used_otherwise_is_unchecked_and_a_day_is_no_age(run_cli, fake_openai, filing):  # noqa: F811
    nike = filing("NIKE_2018_10K")
    asked = "Describe how long Eric Sprunk, NIKE's Chief Operating Officer, has worked at NIKE."
    otherwise = text("Eric Sprunk joined NIKE in 1993 and is listed with 54.", 342, 342, SPRUNK)
    status, check = verdict(run_cli, fake_openai, nike, asked, otherwise)
    assert status == "unchecked" and "54 is Mr. Sprunk's age" in str(check["fields"]), check
    boeing = filing("BOEING_2022_10K")
    claim = text(
        "At December 31, 2022, inventory included a benefit of $64.",
        2949,
        2949,
        "At December, 31, 2022, inventory included a benefit of $64",
    )
    status, check = verdict(
        run_cli, fake_openai, boeing, "Describe the benefit Boeing's inventory included at December 31, 2022.", claim
    )
    assert "age" not in str(check["fields"]), check


def test_a_verb_s_that_clause_is_no_restrictive_clause(run_cli, fake_openai, filing):  # noqa: F811
    amd = filing("AMD_2015_10K")
    quote = "The Company believes that any amount in addition to what has already been accrued would not be material."
    claim = text("The Company believes any further costs would not be material.", 3427, 3427, quote)
    status, check = verdict(
        run_cli, fake_openai, amd, "Describe what AMD believes about further environmental costs.", claim
    )
    assert "only of" not in str(check["fields"]), check


def test_a_pace_with_figures_beside_it_is_left_to_the_figures(run_cli, fake_openai, filing):  # noqa: F811
    block = filing("BLOCK_2016_10K")
    levels = (
        "Did Square's hardware business earn a positive gross profit (hardware revenue above hardware costs) in 2016?"
    )
    figures = (1618, "Hardware costs for the year ended December 31, 2016 , increased by $37.7 million , or 122%")
    status, check = verdict(run_cli, fake_openai, block, levels, yes_no(True, figures, (1619, PACE)))
    assert not any(f["field"] == "measure" for f in check["fields"]), check


BELLAGIO = (
    120,
    "The lease provides for a term of thirty years with two ten year renewal options and has an initial annual base "
    "rent of $245",
)
MILLION = (121, "million, escalating annually at a rate of 2% per annum for the first ten years")


def test_a_sentence_wrapped_after_its_figure_is_prose_not_a_table_row(run_cli, fake_openai, filing):  # noqa: F811
    """MGM 2020 p4: '... has an initial annual base rent of $245' / 'million, escalating ...' was read as a one-row
    table with no scale, so the right $245 million was refused as printed in units."""
    mgm = filing("MGMRESORTS_2020_10K")
    asked = "How much initial annual base rent did MGM's Bellagio lease provide for?"
    right = amount(245.0, "millions", None, (BELLAGIO[0], f"{BELLAGIO[1]} {MILLION[1]}"), label="Initial base rent")
    right["items"][0]["spans"][0]["line_end"] = MILLION[0]  # one quote over the two lines
    status, check = verdict(run_cli, fake_openai, mgm, asked, right)
    assert "states no scale" not in check["detail"] and check["value_check"] == "supported", check
