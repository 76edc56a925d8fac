"""Red team round 26 on real filings: a text claim that says of all union-represented employees what Verizon's
quote says only of those 'who serve customers in our Mid-Atlantic and Northeast service areas'."""

from __future__ import annotations

from docintel.textnorm import tokenize
from docintel.verify.names import asked_names
from tests.conftest import needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round25 import text
from tests.test_values import amount

pytestmark = needs_shared

AGREEMENTS = (
    "The current collective bargaining agreements covering our union-represented employees who serve customers in "
    "our Mid-Atlantic and Northeast service areas extend through August 1, 2026."
)


def test_a_claim_that_drops_its_quote_s_restrictive_clause_is_unchecked(run_cli, fake_openai, filing):  # noqa: F811
    verizon = filing("VERIZON_2022_10K")
    asked = "Describe when Verizon's collective bargaining agreements with its union-represented employees expire."
    widened = text(
        "Verizon's collective bargaining agreements covering its union-represented employees extend through "
        "August 1, 2026.",
        629,
        630,
        AGREEMENTS,
    )
    status, check = verdict(run_cli, fake_openai, verizon, asked, widened)
    assert status == "unchecked", check
    own_clause = text(  # the claim goes on from 'employees' with a clause of its own, and ends as the quote does
        "Verizon's collective bargaining agreements covering its union-represented employees, who make up about "
        "22.5% of its workforce, extend through August 1, 2026.",
        629,
        630,
        AGREEMENTS,
    )
    assert any("'employees who serve customers" in f["detail"] for f in check["fields"]), check
    status, check = verdict(run_cli, fake_openai, verizon, asked, own_clause)  # 22.5% is in another quote
    assert any("'employees who serve customers" in f["detail"] for f in check["fields"]), check
    kept = text(
        "The agreements covering union-represented employees who serve customers in the Mid-Atlantic and Northeast "
        "service areas extend through August 1, 2026.",
        629,
        630,
        AGREEMENTS,
    )
    assert verdict(run_cli, fake_openai, verizon, asked, kept)[0] == "supported"
    regional = asked.replace("employees", "employees in its Northeast service areas")
    assert verdict(run_cli, fake_openai, verizon, regional, widened)[0] == "supported"


AWARDS = (
    "Beginning in 2015, certain employees who had previously been eligible for long-term equity awards received "
    "long-term performance cash awards."
)


def test_a_clause_s_own_words_are_those_the_sentence_does_not_repeat_after_it(
    run_cli,
    fake_openai,
    filing,  # noqa: F811
):
    """Coca-Cola 2017: 'long-term' and 'awards' are in the clause and in what is said after it; dropping the clause
    still drops 'previously eligible for ... equity'."""
    coca_cola = filing("COCACOLA_2017_10K")
    asked = "Describe the long-term performance cash awards Coca-Cola's employees received."
    widened = text(
        "Beginning in 2015, certain employees received long-term performance cash awards.", 4451, 4452, AWARDS
    )
    assert verdict(run_cli, fake_openai, coca_cola, asked, widened)[0] == "unchecked"
    assert verdict(run_cli, fake_openai, coca_cola, asked, text(AWARDS, 4451, 4452, AWARDS))[0] == "supported"


REVENUES = [(2326, "Revenues"), (2332, "13,127,485 9,680,140 5,162,082")]
EXPENSES = [(2333, "Expenses"), (2346, "11,527,900 7,486,264 5,847,454")]
COVER_SHARES = (
    42,
    "The number of shares of the registrant’s common stock outstanding as of January 20, 2023 was 598,239,585.",
)


def test_a_bare_total_row_totals_the_sub_heading_over_it(run_cli, fake_openai, filing):  # noqa: F811
    """MGM 2022's statement of operations prints its revenue total with no label; ingest names it 'Total'."""
    mgm = filing("MGMRESORTS_2022_10K")
    asked = "What were MGM Resorts' total revenues in 2022?"
    right = amount(13127485.0, "thousands", "2022", *REVENUES, label="Total revenues")
    status, check = verdict(run_cli, fake_openai, mgm, asked, right)
    assert status == "supported", check
    expenses = amount(11527900.0, "thousands", "2022", *EXPENSES, label="Total revenues")
    status, check = verdict(run_cli, fake_openai, mgm, asked, expenses)
    assert status != "supported", check


def test_a_scale_word_or_the_registrant_adds_no_line_item(run_cli, fake_openai, filing):  # noqa: F811
    boeing = filing("BOEING_2022_10K")
    asked = "How many shares of Boeing common stock were outstanding as of January 20, 2023?"
    right = amount(598239585.0, "count", "January 20, 2023", COVER_SHARES, currency=None, label="Shares outstanding")
    status, check = verdict(run_cli, fake_openai, boeing, asked, right)
    assert status == "supported", check


GOVERNMENT = [
    (85, "In 2020, 74% of our $65.4 billion in net sales were from the U.S."),
    (86, "Government, either as a prime contractor or as a subcontractor"),
]
DEFENSE = (86, "including 64% from the Department of Defense (DoD)")
DOD = (411, "We derived 74% of our total net sales from the U.S. Government in 2020, including 64% from the DoD.")


def test_a_figure_of_prose_answers_a_named_party_only_when_its_quotes_name_it(
    run_cli,
    fake_openai,
    filing,  # noqa: F811
):
    """Lockheed Martin 2020: 74% is the U.S. Government's share; the quote is cut before 'including 64% from the
    Department of Defense'."""
    lockheed = filing("LOCKHEEDMARTIN_2020_10K")
    asked = "What percentage of Lockheed Martin's 2020 net sales came from the U.S. Department of Defense?"
    government = amount(74.0, "percent", "2020", *GOVERNMENT, currency=None, label="Share of net sales")
    status, check = verdict(run_cli, fake_openai, lockheed, asked, government)
    assert status == "unchecked" and "'Department of Defense'" in str(check["fields"]), check
    defense = amount(64.0, "percent", "2020", GOVERNMENT[0], DEFENSE, currency=None, label="Share of net sales")
    status, check = verdict(run_cli, fake_openai, lockheed, asked, defense)
    assert "'Department of Defense'" not in str(check["fields"]), check
    initials = amount(64.0, "percent", "2020", DOD, currency=None, label="Share of net sales")  # 'DoD' names it
    status, check = verdict(run_cli, fake_openai, lockheed, asked, initials)
    assert "'Department of Defense'" not in str(check["fields"]), check


def test_the_names_a_question_asks_about():
    """Not a sentence's or clause's first word ('In 2020, How Many ...'), nor 'U.S.' taken for a sentence's end, nor
    an acronym or a word with digits, nor a name that starts with the issuer's ('Northwind's Board')."""
    issuer = frozenset(tokenize("Lockheed Martin Northwind"))
    names = [
        n
        for n, _ in asked_names(
            "What share of Lockheed Martin's 2020 sales came from the U.S. Department of Defense?", issuer
        )
    ]
    assert names == ["Department of Defense"]
    assert not list(asked_names("In 2020, How Many AWS customers did Northwind's Board count in FY2022?", issuer))
    assert [n for n, _ in asked_names("What rating does Moody's assign to Northwind?", issuer)] == ["Moody's"]


LISTING = (
    "In the event shareholders who directly or indirectly hold 5% or more of the Concessionaire's share capital are "
    "listed on a stock exchange, the Concessionaire must communicate to DICJ such fact within 15 days of becoming "
    "aware of it, submitting the information and documents relating to the stock exchange listing."
)


def test_a_claim_that_takes_up_the_sentence_right_after_the_head_noun_drops_the_clause(
    run_cli,
    fake_openai,
    filing,  # noqa: F811
):
    """MGM 2022: what follows the clause repeats none of its words, and the claim's words after 'shareholders' are
    the sentence's after the clause ('are listed on a stock exchange')."""
    mgm = filing("MGMRESORTS_2022_10K")
    asked = "Describe what MGM's Macau concessionaire must do when its shareholders are listed on a stock exchange."
    widened = text(
        LISTING.replace(" who directly or indirectly hold 5% or more of the Concessionaire's share capital", ""),
        4626,
        4628,
        LISTING,
    )
    status, check = verdict(run_cli, fake_openai, mgm, asked, widened)
    assert any("'shareholders who directly" in f["detail"] for f in check["fields"]), check
    assert verdict(run_cli, fake_openai, mgm, asked, text(LISTING, 4626, 4628, LISTING))[0] == "supported"
