"""Red team round 7's classes (issue 33), each wrong answer rejected naming why and each right one kept:
a yes about a change read from a sibling subject's change, a 'no' that a stated decrease supports, a '(income)
loss' row's figure given as income, a pension plan's ERISA funded status for the statements' figure, a text that
says 'all' where its quote says 'substantially all', undiscounted lease payments for the lease liability, and a
discontinued operation's figure for the company's. Scripted through the local OpenAI-compatible server."""

from __future__ import annotations

import json

import pytest

from docintel.ingest.factscope import is_discontinued, member_in_caption
from docintel.verify.claims import _FREE
from docintel.verify.siblings import modifiers_before as _modifiers
from docintel.verify.textclaims import quantifier_rule
from docintel.verify.yesno import change_reading
from tests.test_typed_verify import _text, boolean, field, verdict
from tests.test_values import amount, answer, span

PAGES = [
    [
        "Management's discussion and analysis",
        "Gaming revenue increased $340 million or 4%, mainly due to higher Console Live revenue.",
        "Console Live revenue increased 17%, driven by higher revenue per transaction.",
        "Console hardware revenue decreased 16%, mainly due to lower prices of consoles sold.",
        "The ERISA funded status of our qualified defined benefit pension plans was approximately 86% as of "
        "December 31, 2024.",
        "Substantially all of our sales are denominated in U.S. dollars.",
    ],
    [
        "Consolidated statements of operations",
        "(In thousands) Year ended December 31, 2024 2023",
        "Net income (loss) 1,000,000 (500,000)",
        "Less: Net (income) loss attributable to noncontrolling interests 287,183 (165,234)",
        "Net income attributable to Acme 1,287,183 (665,234)",
    ],
    [
        "Leases",
        "The following table presents the maturities of the Company's lease liabilities as of December 31, 2024:",
        "($ in millions) Operating Leases",
        "Fiscal year 2025 $ 115",
        "Thereafter 543",
        "Total lease payments 658",
        "Less: imputed interest (94)",
        "Total lease liabilities $ 564",
    ],
    [
        "Discontinued operations",
        "The aggregate financial results of all discontinued operations for 2024 and 2023 were as follows "
        "($ in millions):",
        "2024 2023",
        "Revenue $ 217 $ 1,564",
        "Restructuring charges 1 18",
    ],
    [
        "Market for common equity",
        "The high and low common stock sales prices per share were as follows:",
        "Quarter Ended September 30 December 31 March 31 June 30 Fiscal Year",
        "Fiscal Year 2024",
        "High $ 48.41 $ 56.85 $ 55.64 $ 56.77 $ 56.85",
        "Low $ 39.72 $ 43.75 $ 48.19 $ 48.04 $ 39.72",
    ],
    [
        "TABLE 7: SELECTED CREDIT-RELATED STATISTICAL INFORMATION",
        "As of or for the Years Ended December 31, Change Change",
        "(Millions, except percentages and where indicated) 2024 2023 2022 2024 vs. 2023 2023 vs. 2022",
        "Card Member loans (billions) $ 108.0 $ 88.6 $ 73.4 22 % 21 %",
        "Average loans (billions) $ 95.4 $ 76.1 $ 74.6 25 2",
        "Net write-off rate — principal, interest and fees (b) 1.1 % 1.2 % 2.9 %",
        "Net write-off rate — principal only (b) 0.9 % 0.9 % 2.4 %",
    ],
    [
        "Segment review",
        "Accessories net sales on a constant currency basis were in line with the prior year.",
        "Funded backlog was $102.3 billion at December 31, 2024.",
        "Total backlog was $147.1 billion at December 31, 2024.",
    ],
    [
        "Returns policy",
        "Customers may return unused merchandise within 45 days of purchase.",
        "Limited warranty: camping equipment is warranted against defects for two years.",
        "Members of the Trail Club receive free return shipping.",
        "This policy took effect on February 1, 2025 and replaces the policy dated March 1, 2022.",
    ],
    [
        "Consolidated results of operations",
        "(In millions) 2024 2023",
        "Operating revenues $ 3,930 $ 3,777",
        "Operating expenses:",
        "Operation and maintenance 1,777 1,622",
        "Total operating expenses, net 2,734 2,529",
    ],
    [
        "Share repurchases",
        "During 2024, Acme did not repurchase any shares of its common stock",
        "under its authorized share buyback program.",
    ],
]
LIVE_UP = (3, "Console Live revenue increased 17%, driven by higher revenue per transaction.")
HARDWARE_DOWN = (4, "Console hardware revenue decreased 16%, mainly due to lower prices of consoles sold.")
ERISA = (5, "The ERISA funded status of our qualified defined benefit pension plans was approximately 86%")
SUBSTANTIALLY_ALL = (6, "Substantially all of our sales are denominated in U.S. dollars.")
MINORITY = (10, "Less: Net (income) loss attributable to noncontrolling interests 287,183 (165,234)")
LEASE_PAYMENTS = (17, "Total lease payments 658")
LEASE_LIABILITIES = (19, "Total lease liabilities $ 564")
DISCONTINUED_REVENUE = (23, "Revenue $ 217 $ 1,564")
DISCONTINUED_RESTRUCTURING = (24, "Restructuring charges 1 18")
WRITE_OFF_ALL = (36, "Net write-off rate — principal, interest and fees (b) 1.1 % 1.2 % 2.9 %")
WRITE_OFF_PRINCIPAL = (37, "Net write-off rate — principal only (b) 0.9 % 0.9 % 2.4 %")
FLAT = (39, "Accessories net sales on a constant currency basis were in line with the prior year.")
FUNDED = (40, "Funded backlog was $102.3 billion at December 31, 2024.")
TOTAL_BACKLOG = (41, "Total backlog was $147.1 billion at December 31, 2024.")
UNUSED = (43, "Customers may return unused merchandise within 45 days of purchase.")
CAMPING = (44, "Limited warranty: camping equipment is warranted against defects for two years.")
FREE_SHIPPING = (45, "Members of the Trail Club receive free return shipping.")
SUPERSEDES = (46, "This policy took effect on February 1, 2025 and replaces the policy dated March 1, 2022.")
TOTAL_OPERATING_EXPENSES = (52, "Total operating expenses, net 2,734 2,529")
HIGH = (29, "High $ 48.41 $ 56.85 $ 55.64 $ 56.77 $ 56.85")


@pytest.fixture
def filing(make_pdf):
    return make_pdf("acme-2024-10k.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    _, out, _ = run_cli("ingest", filing, "--lines")
    for line, text in (LIVE_UP, HARDWARE_DOWN, MINORITY, LEASE_PAYMENTS, DISCONTINUED_REVENUE):
        assert f"{line}\t" in out and text.split()[0] in out


def test_a_stated_decrease_supports_a_no_to_an_increase(run_cli, fake_openai, filing):
    question = "Did Acme's console hardware revenue increase in 2024?"
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(False, HARDWARE_DOWN))
    assert status == "supported", json.dumps(check)
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(True, HARDWARE_DOWN))
    assert status != "supported" and field(check, "polarity")["verdict"] == "mismatch"


def test_a_sibling_subject_s_increase_answers_nothing(run_cli, fake_openai, filing):
    question = "Did Acme's console hardware revenue increase in 2024?"
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(True, LIVE_UP))
    assert status != "supported" and field(check, "polarity")["verdict"] == "unknown", check["fields"]
    status, check = verdict(run_cli, fake_openai, filing, "Did console Live revenue increase?", boolean(True, LIVE_UP))
    assert status == "supported", check["detail"]


def test_an_income_loss_row_prints_a_loss_without_parentheses(run_cli, fake_openai, filing):
    question = "What was the net income attributable to noncontrolling interests in 2024?"
    wrong = amount(287183.0, "thousands", "2024", MINORITY, label="Net income attributable to noncontrolling interests")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and check["sign_check"] == "mismatch", check["detail"]
    right = amount(
        -287183.0, "thousands", "2024", MINORITY, label="Net income attributable to noncontrolling interests"
    )
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check["detail"]


def test_an_erisa_funded_status_is_not_the_statements_figure(run_cli, fake_openai, filing):
    question = (
        "What percentage of the obligation of the qualified pension plans was funded at December 31, 2024, under GAAP?"
    )
    cited = amount(86.0, "percent", "December 31, 2024", ERISA, currency=None, label="Funded status")
    status, check = verdict(run_cli, fake_openai, filing, question, cited)
    assert status != "supported" and field(check, "basis")["verdict"] == "mismatch", check["fields"]
    question = (
        "What percentage of the obligation of the qualified pension plans was funded at December 31, 2024, under ERISA?"
    )
    _, check = verdict(run_cli, fake_openai, filing, question, cited)
    assert all(f["verdict"] != "mismatch" for f in check["fields"] if f["field"] == "basis"), check["fields"]


def test_all_is_not_substantially_all(run_cli, fake_openai, filing):
    question = "Describe the currency in which Acme's sales are denominated."
    wrong = _text("All of Acme's sales are denominated in U.S. dollars.", SUBSTANTIALLY_ALL)
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and field(check, "claim")["verdict"] == "mismatch", check["fields"]
    right = _text("Substantially all of Acme's sales are denominated in U.S. dollars.", SUBSTANTIALLY_ALL)
    _, check = verdict(run_cli, fake_openai, filing, question, right)
    assert all(f["verdict"] != "mismatch" for f in check["fields"]), check["fields"]


def test_lease_payments_are_not_the_lease_liability(run_cli, fake_openai, filing):
    question = "What were Acme's total operating lease liabilities at December 31, 2024?"
    wrong = amount(658.0, "millions", "December 31, 2024", LEASE_PAYMENTS, label="Operating lease liabilities")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and check["concept_check"] == "unknown", check["detail"]
    assert "'lease payments'" in check["detail"]
    right = amount(564.0, "millions", "December 31, 2024", LEASE_LIABILITIES, label="Operating lease liabilities")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check["detail"]


def test_a_discontinued_operation_s_figures_are_its_own(run_cli, fake_openai, filing):
    code, out, _ = run_cli("facts", filing, "--page", "4", "--json")
    members = {f["member"]["name"] for f in json.loads(out) if f["member"]}
    assert code == 0 and members == {"Discontinued operations"}
    question = "How much did Acme record in restructuring charges in its 2023 operating income?"
    wrong = amount(18.0, "millions", "2023", DISCONTINUED_RESTRUCTURING, label="Restructuring charges")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and field(check, "member")["verdict"] == "mismatch", check["fields"]
    question = "What was the revenue of the discontinued operations in 2023?"
    right = amount(1564.0, "millions", "2023", DISCONTINUED_REVENUE, label="Revenue of discontinued operations")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check["detail"]


def test_a_period_s_high_price_is_not_the_price_at_its_end(run_cli, fake_openai, filing):
    question = "What was the price of Acme's common stock at June 30, 2024?"
    wrong = amount(56.77, "per_share", "June 30, 2024", HIGH, label="Share price")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and field(check, "measure")["verdict"] == "mismatch", check["fields"]
    question = "What was the high sales price of Acme's common stock in the quarter ended June 30, 2024?"
    _, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert field(check, "measure")["verdict"] == "supported", check["fields"]


def test_a_row_a_sibling_names_better_is_not_the_one_asked(run_cli, fake_openai, filing):
    question = "What was the 2024 net write-off rate on Card Member loans, including interest and fees?"
    right = amount(1.1, "percent", "2024", WRITE_OFF_ALL, currency=None, label="Net write-off rate")
    _, check = verdict(run_cli, fake_openai, filing, question, right)
    assert check["concept_check"] == "supported", check["detail"]
    wrong = amount(0.9, "percent", "2024", WRITE_OFF_PRINCIPAL, currency=None, label="Net write-off rate")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and check["concept_check"] == "unknown", check["detail"]
    assert "principal, interest and fees" in check["detail"]


def test_a_cell_in_another_year_s_column_as_ingest_read_it_is_not_the_year_asked(run_cli, fake_openai, filing):
    question = "What was the 2023 net write-off rate on Card Member loans, including interest and fees?"
    wrong = amount(1.1, "percent", "2023", WRITE_OFF_ALL, currency=None, label="Net write-off rate")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and check["period_check"] == "mismatch", check["detail"]


def test_a_level_in_line_with_the_prior_year_is_no_growth(run_cli, fake_openai, filing):
    question = "Did accessories net sales grow in 2024 on a constant currency basis?"
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(True, FLAT))
    assert status != "supported" and field(check, "polarity")["verdict"] == "mismatch", check["fields"]
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(False, FLAT))
    assert field(check, "polarity")["verdict"] == "supported", check["fields"]


def test_a_named_part_is_not_the_total_asked(run_cli, fake_openai, filing):
    question = "What was Acme's total backlog at December 31, 2024?"
    wrong = amount(102.3, "billions", "December 31, 2024", FUNDED, label="Backlog")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and check["concept_check"] == "mismatch", check["detail"]
    assert "'Funded'" in check["detail"]
    right = amount(147.1, "billions", "December 31, 2024", TOTAL_BACKLOG, label="Backlog")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check["detail"]


def test_a_text_about_another_subject_than_its_quote_is_not_supported(run_cli, fake_openai, filing):
    question = "How long is the warranty on Acme footwear?"
    wrong = _text("Footwear is warranted against defects for two years.", CAMPING)
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and field(check, "about")["verdict"] == "unknown", check["fields"]
    question = "Within how many days can worn footwear be returned?"
    wrong = _text("Worn footwear can be returned within 45 days of purchase.", UNUSED)
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and field(check, "about")["verdict"] == "unknown", check["fields"]
    right = _text("Camping equipment is warranted against defects for two years.", CAMPING)
    status, check = verdict(run_cli, fake_openai, filing, "How long is the warranty on camping equipment?", right)
    assert status == "supported", check["fields"]


def test_free_is_a_no_to_paying(run_cli, fake_openai, filing):
    question = "Do Trail Club members pay for return shipping?"
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(True, FREE_SHIPPING))
    assert status != "supported" and field(check, "polarity")["verdict"] == "mismatch", check["fields"]
    status, check = verdict(run_cli, fake_openai, filing, question, boolean(False, FREE_SHIPPING))
    assert field(check, "polarity")["verdict"] == "supported", check["fields"]


def test_a_date_the_quote_gives_another_thing_does_not_date_the_claim(run_cli, fake_openai, filing):
    question = "When did the current returns policy take effect?"
    wrong = _text("The current returns policy took effect on March 1, 2022.", SUPERSEDES)
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and any(f["field"] == "about" and f["verdict"] == "unknown" for f in check["fields"])
    right = _text("The current returns policy took effect on February 1, 2025.", SUPERSEDES)
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check["fields"]


@pytest.mark.parametrize(
    ("question", "sentence", "answer"),
    [
        ("Did net sales increase in 2024?", "The increase in net sales was driven by higher volumes.", "affirms"),
        ("Did net sales increase in 2024?", "In 2024, we grew net sales 4% on higher volumes.", "affirms"),
        ("Did revenue grow in 2024?", "Revenue of $5.2 billion was up 3% while gross margin was flat.", None),
        ("Did Acme see an increase in net sales?", "Net sales increased 4% in 2024.", "affirms"),
    ],
)
def test_a_change_s_subject_is_read_in_its_clause(question, sentence, answer):
    assert change_reading(question, sentence, frozenset({"acme"})) == answer


def test_free_inside_a_compound_or_of_another_thing_is_no_price():
    assert _FREE.search("receive free return shipping") and _FREE.search("shipped free of charge")
    assert not _FREE.search("acquired on a cash-free, debt-free basis")
    assert not _FREE.search("dividends of $200 million, free of withholding tax")


def test_a_quote_that_says_all_bare_too_is_not_hedged(run_cli, fake_openai, filing):
    question = "Describe the currency in which Acme's sales are denominated."
    right = _text(
        "Substantially all of Acme's sales, and all of its purchases, are in U.S. dollars.", SUBSTANTIALLY_ALL
    )
    _, check = verdict(run_cli, fake_openai, filing, question, right)
    assert field(check, "claim")["verdict"] == "mismatch"  # the quote hedges and says no bare 'all'
    assert quantifier_rule_passes("a sale of all or substantially all of the assets", "all of the assets were sold")


def test_a_part_is_a_word_placed_before_the_shared_one():
    assert _modifiers("Funded backlog was", {"backlog"}, frozenset({"total", "backlog"})) == "Funded"
    assert _modifiers("Stores open at end of year", {"store"}, frozenset({"total", "number", "store"})) == ""
    assert _modifiers("Net production (MBoe/d)", {"production"}, frozenset({"total", "production"})) == ""


def test_captions_of_the_whole_or_of_both_operations_name_no_member():
    assert is_discontinued("The aggregate financial results of all discontinued operations for 2024 and 2023 were:")
    assert not is_discontinued("amounts attributable to continuing and discontinued operations:")
    assert not is_discontinued("components of net income, including amounts from discontinued operations, as follows")
    assert member_in_caption("Selected metrics - Total Company", {}, set()) is None


def quantifier_rule_passes(quote: str, text: str) -> bool:
    from types import SimpleNamespace

    return quantifier_rule(text, [SimpleNamespace(span=SimpleNamespace(quote=quote))]).verdict != "mismatch"


def test_a_total_is_not_the_narrower_line_item_the_question_names(run_cli, fake_openai, filing):
    question = "What was operation and maintenance expense in 2024?"
    wrong = amount(2734.0, "millions", "2024", TOTAL_OPERATING_EXPENSES, label="Operation and maintenance expense")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and check["concept_check"] == "unknown", check["detail"]
    status, check = verdict(run_cli, fake_openai, filing, "What were total operating expenses in 2024?", wrong)
    assert status == "supported", check["detail"]


def test_a_quote_continued_on_the_next_line_keeps_its_negation(run_cli, fake_openai, filing):
    question = "Did Acme repurchase any shares under its buyback program in 2024?"
    cut = (54, "During 2024, Acme did not repurchase any shares of its common stock")
    rest = (55, "under its authorized share buyback program.")
    wrong = answer("boolean", {"value": True, "explanation": "as quoted", "spans": [span(*cut), span(*rest)]})
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and field(check, "polarity")["verdict"] == "mismatch", check["fields"]
