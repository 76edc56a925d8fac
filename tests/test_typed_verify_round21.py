"""Red team rounds 20 and 21 and a new user's probes: a change called an increase where the cited levels fell (a
smaller outflow printed in parentheses, or a quote that says 'decreased'); a figure of the nonrestricted
subsidiaries for the restricted ones (a negating prefix: the opposite); a price of another plan than the one
asked ('most popular' for 'basic'), which leaves the figure unchecked; a date whose line dates the asked event
otherwise in a clause the quote left out ('signed into law' in August, 'effective January 1, 2023'); 'what
percentage of' asks a share, not a change; a growth's operands are the figure the question names
('transaction-based revenue'), not the total's row."""

from __future__ import annotations

from tests.test_typed_verify import assert_cited_lines, field, verdict
from tests.test_values import amount, answer, calculation, operand, span

PAGES = [
    ["Tamsin Health Corporation", "Annual report on Form 10-K for the year ended December 31, 2022"],
    [
        "Liquidity and capital resources",
        "The net change in cash for the years ended December 31, 2022, 2021 and 2020 was as follows:",
        "Change",
        "Year Ended December 31, 2022 vs. 2021 2021 vs. 2020",
        "In millions 2022 2021 2020 $ % $ %",
        "Net cash provided by operating activities $ 9,120 $ 8,400 $ 7,950 $ 720 8.6 % $ 450 5.7 %",
        "Net cash used in investing activities (3,310) (3,655) (3,120) 345 9.4 % (535) (17.1)%",
        "Net cash used in investing activities decreased by $345 million in 2022 compared to 2021.",
        "As of December 31, 2022, the Company had approximately $8.2 billion in cash and cash equivalents,",
        "approximately $3.1 billion of which was held by the parent company or nonrestricted subsidiaries.",
    ],
    [
        "Membership plans",
        "In the U.S. our basic plan is priced at $6.99 per month.",
        "Our most popular streaming plan is priced at $10.99 per month.",
        "In August 2022, the President signed into law the Inflation Reduction Act of 2022, which contained",
        "provisions effective January 1, 2023, including a 15% corporate minimum tax.",
        "Holders of Class B common stock held approximately 81.4% of the voting power as of December 31, 2022.",
    ],
    [
        "Revenue (in thousands, except for percentages)",
        "Year Ended December 31, 2022 to 2023 2021 to 2022",
        "2023 2022 2021 % Change % Change",
        "Transaction-based revenue $ 1,456,160 $ 1,050,445 $ 707,799 39 % 48%",
        "Hardware revenue 44,307 16,377 7,323 171 % 124%",
        "Total net revenue $ 1,708,721 $ 1,267,118 $ 850,192 35 % 49%",
        "Net income attributable to common shareholders $ 520,100 $ 401,900 $ 350,000 29 % 15%",
    ],
    [
        "In October 2015 we raised our HD plan from $8.99 per month to $9.99 per month with existing memberships",
        "grandfathered for a one year period.",
        "Our family plan is priced at $14.99 per month, other than the family plan offered in Canada.",
        "As of December 31, 2022 and 2021, Tamsin's total workforce was approximately 56,000 and 42,000 with 13%",
        "and 12% located outside of the U.S.",
    ],
    [
        "The following table presents the maturities of the lease liabilities as of June 30, 2023:",
        "($ in millions) Operating Leases Finance Leases",
        "Fiscal year 2024 $ 115 $ 11",
        "Total lease payments 658 58",
        "Less: imputed interest (94) (8)",
        "Total lease liabilities $ 564 $ 50",
    ],
    [
        "Five-Year Financial Highlights",
        "$ in millions, except per share amounts",
        "12-Month 11-Month",
        "Fiscal Year 2017 (1) 2016 (2) 2015 (3) 2014 (4) 2013 (5)(6)",
        "Consolidated Statements of Earnings Data",
        "Revenue $ 39,403 $ 39,528 $ 40,339 $ 40,611 $ 38,252",
    ],
    [
        "Selected results",
        "(In millions, except percentages) 2023 2022 Percentage Change",
        "Net income 72,361 72,738 (1)%",
    ],
    [
        "Net sales Operating income",
        "(Millions) 2022 2021 % change 2022 2021 % change",
        "Safety and Industrial $ 11,604 $ 12,117 (4.2)% $ 2,837 $ 2,622 8.2%",
    ],
    ["Income from unconsolidated subsidiaries was $11 million in 2022."],
    ["Consolidated balance sheets", "(in millions) December 31, 2023 2022", "Inventories 4,034 3,800"],
]
OPERATING = (8, "Net cash provided by operating activities $ 9,120 $ 8,400 $ 7,950 $ 720 8.6 % $ 450 5.7 %")
INVESTING = (9, "Net cash used in investing activities (3,310) (3,655) (3,120) 345 9.4 % (535) (17.1)%")
DECREASED = (10, "Net cash used in investing activities decreased by $345 million in 2022 compared to 2021.")
HELD = (12, "approximately $3.1 billion of which was held by the parent company or nonrestricted subsidiaries.")
BASIC = (14, "In the U.S. our basic plan is priced at $6.99 per month.")
POPULAR = (15, "Our most popular streaming plan is priced at $10.99 per month.")
SIGNED = (16, "In August 2022, the President signed into law the Inflation Reduction Act of 2022")
EFFECTIVE = (17, "provisions effective January 1, 2023")
VOTING = (18, "Holders of Class B common stock held approximately 81.4% of the voting power as of December 31, 2022.")
TRANSACTIONS = (22, "Transaction-based revenue $ 1,456,160 $ 1,050,445 $ 707,799 39 % 48%")
HARDWARE = (23, "Hardware revenue 44,307 16,377 7,323 171 % 124%")
TOTAL = (24, "Total net revenue $ 1,708,721 $ 1,267,118 $ 850,192 35 % 49%")
RAISED = (26, "In October 2015 we raised our HD plan from $8.99 per month to $9.99 per month")
FAMILY = (28, "Our family plan is priced at $14.99 per month, other than the family plan offered in Canada.")
WORKFORCE = (
    29,
    "As of December 31, 2022 and 2021, Tamsin's total workforce was approximately 56,000 and 42,000 with 13%",
)
MATURITIES = (31, "The following table presents the maturities of the lease liabilities as of June 30, 2023:")
LEASE_HEADER = (32, "($ in millions) Operating Leases Finance Leases")
LEASES = (36, "Total lease liabilities $ 564 $ 50")
HIGHLIGHTS = (42, "Revenue $ 39,403 $ 39,528 $ 40,339 $ 40,611 $ 38,252")
NET_INCOME = (45, "Net income 72,361 72,738 (1)%")
SEGMENT = (48, "Safety and Industrial $ 11,604 $ 12,117 (4.2)% $ 2,837 $ 2,622 8.2%")
INVESTEES = (49, "Income from unconsolidated subsidiaries was $11 million in 2022.")
INVENTORIES = (52, "Inventories 4,034 3,800")
ATTRIBUTABLE = (25, "Net income attributable to common shareholders $ 520,100 $ 401,900 $ 350,000 29 % 15%")
CHANGE = "By how much did Tamsin's net cash used in investing activities change in 2022 compared with 2021?"


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, make_pdf):
    filing = make_pdf("tamsin-health.pdf", PAGES)
    cited = (OPERATING, INVESTING, DECREASED, HELD, BASIC, POPULAR, SIGNED, EFFECTIVE, VOTING, TRANSACTIONS, TOTAL)
    assert_cited_lines(run_cli, filing, cited)


def test_a_smaller_outflow_is_no_increase_of_cash_used(run_cli, fake_openai, make_pdf):
    filing = make_pdf("tamsin-health.pdf", PAGES)
    wrong = amount(345.0, "millions", "2022", INVESTING, label="Increase in net cash used in investing activities")
    status, check = verdict(run_cli, fake_openai, filing, CHANGE, wrong)
    assert status == "unsupported" and field(check, "direction")["verdict"] == "mismatch", check
    assert "(3,655) (2021) to (3,310) (2022)" in check["detail"], check
    right = amount(345.0, "millions", "2022", INVESTING, label="Decrease in net cash used in investing activities")
    status, check = verdict(run_cli, fake_openai, filing, CHANGE, right)
    assert field(check, "direction")["verdict"] == "supported", check


def test_a_question_s_direction_counts_when_the_label_says_none(run_cli, fake_openai, make_pdf):
    filing = make_pdf("tamsin-health.pdf", PAGES)
    rising = "By how much did Tamsin's net cash provided by operating activities increase in 2022?"
    right = amount(720.0, "millions", "2022", OPERATING, label="Net cash provided by operating activities, change")
    status, check = verdict(run_cli, fake_openai, filing, rising, right)
    assert field(check, "direction")["verdict"] == "supported", check
    falling = "By how much did Tamsin's net cash provided by operating activities decrease in 2022?"
    status, check = verdict(run_cli, fake_openai, filing, falling, right)
    assert status == "unsupported" and field(check, "direction")["verdict"] == "mismatch", check


def test_a_quote_that_says_decreased_denies_an_increase(run_cli, fake_openai, make_pdf):
    filing = make_pdf("tamsin-health.pdf", PAGES)
    wrong = amount(345.0, "millions", "2022", DECREASED, label="Increase in net cash used in investing activities")
    status, check = verdict(run_cli, fake_openai, filing, CHANGE, wrong)
    assert status == "unsupported" and "decreased by $345 million" in check["detail"], check
    other_subject = amount(345.0, "millions", "2022", DECREASED, label="Increase in capital expenditures")
    status, check = verdict(run_cli, fake_openai, filing, CHANGE, other_subject)
    assert field(check, "direction")["verdict"] == "not_applicable", check  # the label names another subject


def test_the_nonrestricted_subsidiaries_are_not_the_restricted_ones(run_cli, fake_openai, make_pdf):
    filing = make_pdf("tamsin-health.pdf", PAGES)
    question = "How much cash did Tamsin's restricted subsidiaries hold at December 31, 2022?"
    held = amount(3.1, "billions", "December 31, 2022", HELD, label="Cash held by restricted subsidiaries")
    status, check = verdict(run_cli, fake_openai, filing, question, held)
    assert status == "unsupported" and field(check, "subject")["found"] == "nonrestricted", check
    asked = "How much cash did Tamsin's parent company or nonrestricted subsidiaries hold at December 31, 2022?"
    status, check = verdict(run_cli, fake_openai, filing, asked, held)
    assert field(check, "subject")["verdict"] == "not_applicable", check
    statement = "Based on Tamsin's consolidated statement of income, what was its income from investees in 2022?"
    investees = amount(11.0, "millions", "2022", INVESTEES, label="Income from unconsolidated subsidiaries")
    status, check = verdict(run_cli, fake_openai, filing, statement, investees)
    assert field(check, "subject")["verdict"] != "mismatch", check  # 'consolidated statement', not subsidiaries
    results = "What was the income from investees in Tamsin's consolidated results for 2022?"
    status, check = verdict(run_cli, fake_openai, filing, results, investees)
    assert field(check, "subject")["verdict"] != "mismatch", check  # 'consolidated results': another noun


def test_the_most_popular_plan_s_price_is_not_the_basic_plan_s(run_cli, fake_openai, make_pdf):
    filing = make_pdf("tamsin-health.pdf", PAGES)
    question = "What was the monthly price of Tamsin's basic streaming plan in the U.S.?"
    popular = amount(10.99, "units", None, POPULAR, label="Basic plan monthly price")
    status, check = verdict(run_cli, fake_openai, filing, question, popular)
    assert status != "supported" and field(check, "subject")["found"] == "popular streaming", check
    basic = amount(6.99, "units", None, BASIC, label="Basic plan monthly price")
    status, check = verdict(run_cli, fake_openai, filing, question, basic)
    assert field(check, "subject")["verdict"] == "not_applicable", check


def _date(iso: str, text: str, cited: tuple[int, str]) -> dict:
    return answer(
        "date", {"label": "Effective date", "date": {"iso": iso, "original_text": text}, "spans": [span(*cited)]}
    )


def test_a_date_the_line_gives_another_event_does_not_date_the_one_asked(run_cli, fake_openai, make_pdf):
    filing = make_pdf("tamsin-health.pdf", PAGES)
    question = "On what date did the Inflation Reduction Act's minimum tax take effect, according to Tamsin's 10-K?"
    status, check = verdict(run_cli, fake_openai, filing, question, _date("2022-08", "August 2022", SIGNED))
    assert status == "unsupported" and "January 1, 2023" in field(check, "event")["detail"], check
    status, check = verdict(run_cli, fake_openai, filing, question, _date("2023-01-01", "January 1, 2023", EFFECTIVE))
    assert field(check, "event")["verdict"] != "mismatch", check
    leading = "As reported in Tamsin's 10-K, when did the Inflation Reduction Act's minimum tax take effect?"
    status, check = verdict(run_cli, fake_openai, filing, leading, _date("2022-08", "August 2022", SIGNED))
    assert status == "unsupported", check  # where to read it, said first, is no part of the event


def test_what_percentage_of_asks_a_share_not_a_change(run_cli, fake_openai, make_pdf):
    filing = make_pdf("tamsin-health.pdf", PAGES)
    question = "What percentage of the voting power did Tamsin's Class B stockholders hold at December 31, 2022?"
    held = amount(81.4, "percent", "December 31, 2022", VOTING, label="Class B voting power", currency=None)
    status, check = verdict(run_cli, fake_openai, filing, question, held)
    assert status != "unsupported" and field(check, "measure")["asked"] == "share", check


def _growth(row: tuple[int, str], later: float, earlier: float, name: str) -> dict:
    result = round((later - earlier) / earlier * 100, 3)
    a = operand("a", later, "2023", row, name=name)
    b = operand("b", earlier, "2022", row, name=name)
    return amount(
        result,
        "percent",
        "2023",
        row,
        calculation=calculation("(a - b) / b * 100", result, a, b),
        label="Revenue growth",
        currency=None,
    )


def test_a_growth_s_operands_are_the_figure_the_question_names(run_cli, fake_openai, make_pdf):
    filing = make_pdf("tamsin-health.pdf", PAGES)
    question = "What was the year-over-year growth rate of Tamsin's transaction-based revenue in 2023?"
    total = _growth(TOTAL, 1708721.0, 1267118.0, "Total net revenue")
    status, check = verdict(run_cli, fake_openai, filing, question, total)
    assert status != "supported" and "transaction-based" in check["detail"], check
    right = _growth(TRANSACTIONS, 1456160.0, 1050445.0, "Transaction-based revenue")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check
    fake_openai.push_answer(right)  # the terminal prints every digit of an operand, never '1.45616e+06'
    code, out, err = run_cli("ask", question, filing, "--backend", "openai")
    assert "operand a (Transaction-based revenue) = 1,456,160" in out and "e+06" not in out, out + err
    grow = "By what percentage did Tamsin's net income attributable to common shareholders grow in 2023?"
    income = _growth(ATTRIBUTABLE, 520100.0, 401900.0, "Net income attributable to common shareholders")
    status, check = verdict(run_cli, fake_openai, filing, grow, income)
    assert status == "supported", check  # 'grow' is the measure asked, no word a row must name


def test_offline_by_what_percentage_did_it_change_is_a_growth(run_cli, make_pdf):
    """A new user's probe: offline, 'By what percentage did X change' is computed as the growth it asks, its words
    of measure ('percentage', 'change') no words a row must name."""
    filing = make_pdf("tamsin-health.pdf", PAGES)
    code, out, err = run_cli("ask", "By what percentage did Tamsin's total net revenue change in 2023?", filing)
    assert out.startswith("Answer (amount) — supported") and "34.85 percent" in out, out + err


def test_a_sentence_that_excepts_what_was_asked_leaves_the_figure_unchecked(run_cli, fake_openai, make_pdf):
    """Round 20: the new price, quoted without its clause 'with existing memberships grandfathered', for what
    existing members paid."""
    filing = make_pdf("tamsin-health.pdf", PAGES)
    existing = "What monthly price did existing members of Tamsin's HD plan pay after the October 2015 increase?"
    price = amount(9.99, "units", "October 2015", RAISED, label="HD plan monthly price")
    status, check = verdict(run_cli, fake_openai, filing, existing, price)
    assert status != "supported" and "existing memberships" in field(check, "subject")["found"], check
    joining = "What monthly price did new members of Tamsin's HD plan pay after the October 2015 increase?"
    status, check = verdict(run_cli, fake_openai, filing, joining, price)
    assert field(check, "subject")["verdict"] != "unknown", check
    family = amount(14.99, "units", None, FAMILY, label="Family plan monthly price")
    asked = "What was the monthly price of Tamsin's family plan?"  # the exception names the plan, said before it
    status, check = verdict(run_cli, fake_openai, filing, asked, family)
    assert field(check, "subject")["verdict"] != "unknown", check


def test_years_before_their_figures_pair_in_order(run_cli, fake_openai, make_pdf):
    """Round 21's right answer: 'As of December 31, 2022 and 2021, ... 56,000 and 42,000 with 13% and 12% ...'
    pairs the years with the counts in order (the percentages are another list)."""
    filing = make_pdf("tamsin-health.pdf", PAGES)
    question = "How many employees did Tamsin have at December 31, 2022?"
    right = amount(56000.0, "count", "December 31, 2022", WORKFORCE, label="Total workforce", currency=None)
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check
    other = amount(42000.0, "count", "December 31, 2022", WORKFORCE, label="Total workforce", currency=None)
    status, check = verdict(run_cli, fake_openai, filing, question, other)
    assert status == "unsupported" and check["period_check"] == "mismatch", check


def test_a_quote_that_ends_its_line_reads_nothing_of_the_next(run_cli, fake_openai, make_pdf):
    """Red team round 7's right answer: the header line quoted whole is followed by the row 'Fiscal year 2024 ...',
    which is no part of its clause (reading it had named 2024 beside the 2023 asked: unchecked)."""
    filing = make_pdf("tamsin-health.pdf", PAGES)
    question = "What were Tamsin's total operating lease liabilities at June 30, 2023?"
    right = amount(564.0, "millions", "June 30, 2023", MATURITIES, LEASE_HEADER, LEASES, label="Lease liabilities")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert check["period_check"] == "supported", check


def test_a_header_of_two_lengths_leaves_a_twelve_month_question_unchecked(run_cli, fake_openai, make_pdf):
    """Round 21: '12-Month 11-Month' over five fiscal years; which column is the eleven-month one is unsaid, so
    a question asking a full twelve-month year is not answered by any of them as supported."""
    filing = make_pdf("tamsin-health.pdf", PAGES)
    cited = (HIGHLIGHTS[0] - 2, "Fiscal Year 2017 (1) 2016 (2) 2015 (3) 2014 (4) 2013 (5)(6)")
    answer_2013 = amount(38252.0, "millions", "2013", cited, HIGHLIGHTS, label="Revenue")
    full = "What was Tamsin's revenue for its full twelve-month fiscal year 2013?"
    status, check = verdict(run_cli, fake_openai, filing, full, answer_2013)
    assert status != "supported" and "11 and 12 months" in field(check, "period")["detail"], check
    status, check = verdict(run_cli, fake_openai, filing, "What was Tamsin's revenue in fiscal 2013?", answer_2013)
    assert field(check, "period")["verdict"] == "supported", check


def test_a_growth_names_no_way_and_a_change_is_read_against_its_own_levels(run_cli, fake_openai, make_pdf):
    """A fresh-eyes review: 'Net income growth' of -1% claims no increase; a row of two measures per year (net
    sales, then operating income) reads the operating income's % change against the operating income's levels,
    never the first pair of the row (a row with two levels of a year says nothing of which pair; a % change
    that is not the pair's ratio is not theirs: either guard alone keeps this test green)."""
    filing = make_pdf("tamsin-health.pdf", PAGES)
    growth = amount(-1.0, "percent", "2023", NET_INCOME, label="Net income growth", currency=None)
    asked = "What was the growth rate of Tamsin's net income in fiscal 2023?"
    status, check = verdict(run_cli, fake_openai, filing, asked, growth)
    assert field(check, "direction")["verdict"] == "not_applicable", check
    rise = amount(
        8.2, "percent", "2022", SEGMENT, label="Increase in Safety and Industrial operating income", currency=None
    )
    asked = "By what percentage did the operating income of Tamsin's Safety and Industrial segment change in 2022?"
    status, check = verdict(run_cli, fake_openai, filing, asked, rise)
    assert field(check, "direction")["verdict"] != "mismatch", check


def test_a_total_s_growth_built_from_its_parts_is_not_held_to_the_total_s_name(run_cli, fake_openai, make_pdf):
    """A fresh-eyes review: '(a + b - c - d) / (c + d)' over two parts' rows is the total's growth computed from its
    parts; the parts are not each the total the question names (that check is for one operand per period)."""
    filing = make_pdf("tamsin-health.pdf", PAGES)
    parts = [
        operand("a", 1456160.0, "2023", TRANSACTIONS, name="Transaction-based revenue"),
        operand("b", 44307.0, "2023", HARDWARE, name="Hardware revenue"),
        operand("c", 1050445.0, "2022", TRANSACTIONS, name="Transaction-based revenue"),
        operand("d", 16377.0, "2022", HARDWARE, name="Hardware revenue"),
    ]
    result = round((1456160.0 + 44307.0 - 1050445.0 - 16377.0) / (1050445.0 + 16377.0) * 100, 3)
    grown = amount(
        result,
        "percent",
        "2023",
        TRANSACTIONS,
        HARDWARE,
        currency=None,
        label="Growth of the two lines",
        calculation=calculation("(a + b - c - d) / (c + d) * 100", result, *parts),
    )
    asked = "By what percentage did Tamsin's transaction-based and hardware revenue combined change in 2023?"
    status, check = verdict(run_cli, fake_openai, filing, asked, grown)
    assert all("of the question's" not in o["detail"] for o in check["operands"]), check


def test_a_value_that_is_not_a_number_is_unsupported_not_a_crash(run_cli, fake_openai, make_pdf):
    filing = make_pdf("tamsin-health.pdf", PAGES)
    status, check = verdict(run_cli, fake_openai, filing, CHANGE, amount(float("nan"), "millions", "2022", INVESTING))
    assert status == "unsupported", check


def test_the_change_in_a_balance_is_computed_from_the_balance_s_rows(run_cli, fake_openai, make_pdf):
    """bench_verify's generated right answers: 'the change in inventories' asks how inventories moved; its operands
    are the balance sheet's inventories, not the cash flow statement's 'Change in inventories' row."""
    filing = make_pdf("tamsin-health.pdf", PAGES)
    a = operand("a", 4034.0, "2023", INVENTORIES, name="Inventories")
    b = operand("b", 3800.0, "2022", INVENTORIES, name="Inventories")
    change = amount(
        234.0,
        "millions",
        "2023",
        INVENTORIES,
        label="Change in inventories",
        calculation=calculation("a - b", 234.0, a, b),
    )
    asked = "What was the change in Tamsin's inventories from 2022 to 2023?"
    status, check = verdict(run_cli, fake_openai, filing, asked, change)
    assert status == "supported", check
