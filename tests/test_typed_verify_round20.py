"""Red team round 20 (comparison-header tables): a per-share row's % change is not the total's growth; a row named
by a part ('Pharmacy network') under a sub-heading of another measure ('Pharmacy claims processed:') is not the
part's revenue; a flow of a quarter is no balance at its end; the growth over several years is the last year's
figure over the first's, not the annual rates added up; a quote cut before the year its clause goes on to name
('... on the sale of Media' + ' in 2021;') is read with that year."""

from __future__ import annotations

from tests.test_typed_verify import assert_cited_lines, field, verdict
from tests.test_values import amount, calculation, operand, span

PAGES = [
    ["Harrow Financial Corporation", "Annual report on Form 10-K for the year ended December 31, 2022"],
    [
        "Selected financial information",
        "(Millions, except percentages and per share amounts) 2022 2021 2020 2022 vs. 2021 2021 vs. 2020",
        "Total revenues net of interest expense $ 52,862 $ 42,380 $ 36,087 $ 10,482 25 % $ 6,293 17 %",
        "Cash dividends declared per common share $ 2.08 $ 1.72 $ 1.72 $ 0.36 21 % $ 0.00 0 %",
        "Revenues (by distribution channel):",
        "Pharmacy network $ 97,668 $ 91,715 $ 85,045 $ 5,953 6.5 % $ 6,670 7.8 %",
        "Pharmacy claims processed:",
        "Pharmacy network 2,003.6 1,914.0 1,790.1 89.6 4.7 % 123.9 6.9 %",
    ],
    [
        "Credit quality",
        "(in millions) Three months ended June 30, 2023 2022",
        "Net charge-offs:",
        "Card Services 1,124 620",
        "Selling, general and administrative expense increased during 2022, primarily due to:",
        "• the $706 million net gain on the sale of Media in 2021;",
        "Long-term debt (in millions) 2022 2021",
        "Current portion 500 1,250",
    ],
    [
        "NOTE 3 — ACCOUNTS RECEIVABLE, NET",
        "Accounts receivable, net consisted of the following:",
        "December 31,",
        "2022 2021",
        "(In thousands)",
        "Casino $ 500,986 $ 380,907",
        "Hotel 273,327 180,098",
        "Total 774,313 560,005",
    ],
]
RECEIVABLES = (26, "Total 774,313 560,005")
MATURITIES = (18, "Current portion 500 1,250")
REVENUES = (5, "Total revenues net of interest expense $ 52,862 $ 42,380 $ 36,087 $ 10,482 25 % $ 6,293 17 %")
DIVIDENDS = (6, "Cash dividends declared per common share $ 2.08 $ 1.72 $ 1.72 $ 0.36 21 % $ 0.00 0 %")
NETWORK_REVENUE = (8, "Pharmacy network $ 97,668 $ 91,715 $ 85,045 $ 5,953 6.5 % $ 6,670 7.8 %")
NETWORK_CLAIMS = (10, "Pharmacy network 2,003.6 1,914.0 1,790.1 89.6 4.7 % 123.9 6.9 %")
CHARGE_OFFS = (14, "Card Services 1,124 620")
SGA = (15, "Selling, general and administrative expense increased during 2022")
MEDIA = (16, "• the $706 million net gain on the sale of Media in 2021;")


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, make_pdf):
    filing = make_pdf("harrow-financial.pdf", PAGES)
    assert_cited_lines(run_cli, filing, (REVENUES, DIVIDENDS, NETWORK_REVENUE, NETWORK_CLAIMS, CHARGE_OFFS, SGA, MEDIA))


def test_a_per_share_row_s_change_is_not_the_total_s_growth(run_cli, fake_openai, make_pdf):
    filing = make_pdf("harrow-financial.pdf", PAGES)
    per_share = amount(21.0, "percent", "2022", DIVIDENDS, label="Growth in dividends declared", currency=None)
    total = "By what percentage did Harrow's total cash dividends declared increase in 2022?"
    status, check = verdict(run_cli, fake_openai, filing, total, per_share)
    assert status == "unsupported" and check["kind_check"] == "mismatch", check
    asked = "By what percentage did Harrow's cash dividends declared per common share increase in 2022?"
    status, check = verdict(run_cli, fake_openai, filing, asked, per_share)
    assert check["kind_check"] != "mismatch", check


def test_a_part_s_row_under_a_sub_heading_of_another_measure_is_not_its_revenue(run_cli, fake_openai, make_pdf):
    filing = make_pdf("harrow-financial.pdf", PAGES)
    question = "By what percentage did Harrow's pharmacy network revenues increase in 2022?"
    claims = amount(4.7, "percent", "2022", NETWORK_CLAIMS, label="Pharmacy network revenue growth", currency=None)
    status, check = verdict(run_cli, fake_openai, filing, question, claims)
    assert status != "supported" and "Pharmacy claims processed" in check["detail"], check
    revenue = amount(6.5, "percent", "2022", NETWORK_REVENUE, label="Pharmacy network revenue growth", currency=None)
    status, check = verdict(run_cli, fake_openai, filing, question, revenue)
    assert "Pharmacy claims processed" not in check["detail"] and check["concept_check"] != "unknown", check


def test_a_quarter_s_flow_is_no_balance_at_its_end(run_cli, fake_openai, make_pdf):
    filing = make_pdf("harrow-financial.pdf", PAGES)
    question = "What was Harrow's Card Services allowance for loan losses at June 30, 2023?"
    flow = amount(1124.0, "millions", "June 30, 2023", CHARGE_OFFS, label="Card Services allowance")
    status, check = verdict(run_cli, fake_openai, filing, question, flow)
    assert status != "supported" and field(check, "period")["verdict"] == "unknown", check
    balance = amount(500.0, "millions", "December 31, 2022", MATURITIES, label="Current portion")
    question = "What was the current portion of Harrow's long-term debt at December 31, 2022?"
    status, check = verdict(run_cli, fake_openai, filing, question, balance)  # a year's column: no flow said
    assert "flow" not in field(check, "period")["detail"], check


def test_growth_over_several_years_is_the_last_over_the_first(run_cli, fake_openai, make_pdf):
    filing = make_pdf("harrow-financial.pdf", PAGES)
    question = "By what percentage did Harrow's total revenues net of interest expense grow in total from 2020 to 2022?"
    a = operand("a", 52862.0, "2022", REVENUES, name="Total revenues net of interest expense")
    b = operand("b", 42380.0, "2021", REVENUES, name="Total revenues net of interest expense")
    c = operand("c", 36087.0, "2020", REVENUES, name="Total revenues net of interest expense")
    summed = calculation("(a - b) / b * 100 + (b - c) / c * 100", 42.17, a, b, c)
    status, check = verdict(
        run_cli,
        fake_openai,
        filing,
        question,
        amount(42.17, "percent", "2020 to 2022", REVENUES, currency=None, label="Growth", calculation=summed),
    )
    assert status == "unsupported" and field(check, "formula")["verdict"] == "mismatch", check
    compounded = calculation("(a - c) / c * 100", 46.49, a, c)
    status, check = verdict(
        run_cli,
        fake_openai,
        filing,
        question,
        amount(46.49, "percent", "2020 to 2022", REVENUES, currency=None, label="Growth", calculation=compounded),
    )
    assert "mismatch" not in [f["verdict"] for f in check["fields"] if f["field"] == "formula"], check
    through = calculation("(a - b) / b * 100 + (b - c) / c * 100 + 0 * c", 42.17, a, b, c)
    status, check = verdict(
        run_cli,
        fake_openai,
        filing,
        "By what percentage did Harrow's revenues grow on average each year from 2020 to 2022?",
        amount(
            21.1,
            "percent",
            "2020 to 2022",
            REVENUES,
            currency=None,
            label="Average growth",
            calculation=calculation("((a - b) / b * 100 + (b - c) / c * 100) / 2", 21.1, a, b, c),
        ),
    )
    assert "annual rates do not add up" not in check["detail"], (check, through)


def test_a_quote_cut_before_the_year_its_clause_names_is_read_with_it(run_cli, fake_openai, make_pdf):
    filing = make_pdf("harrow-financial.pdf", PAGES)
    question = "How much of a net gain on the sale of Media did Harrow recognize in its 2022 results?"
    cut = amount(706.0, "millions", "2022", SGA, (16, "$706 million net gain on the sale of Media"), label="Gain")
    status, check = verdict(run_cli, fake_openai, filing, question, cut)
    assert status != "supported" and check["period_check"] in ("unknown", "mismatch"), check
    question = "How much of a net gain on the sale of Media did Harrow recognize in 2021?"
    whole = amount(706.0, "millions", "2021", (16, "$706 million net gain on the sale of Media in 2021"), label="Gain")
    status, check = verdict(run_cli, fake_openai, filing, question, whole)
    assert check["period_check"] == "supported", check
    assert span  # the helper's import is shared with the other round files


def test_a_scale_caption_above_the_rows_is_no_sub_heading_of_another_measure(run_cli, fake_openai, make_pdf):
    filing = make_pdf("harrow-financial.pdf", PAGES)
    question = "What were Harrow's total accounts receivable at December 31, 2022?"
    total = amount(774313.0, "thousands", "December 31, 2022", RECEIVABLES, label="Total accounts receivable")
    status, check = verdict(run_cli, fake_openai, filing, question, total)
    assert "under '(In thousands)'" not in check["detail"], check
