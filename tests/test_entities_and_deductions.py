"""Figures that are not the line item asked of the company, though their row names it: a debt schedule's 'Total
long-term debt' before its 'Less current portion' row (the balance sheet's long-term debt is the row after it);
an equity method investee's own sales and debt, under a caption that says so or that names the investee
("HSG's results of operations ... were as follows"), and the table carrying on right under it. Each is read as a
fact (``docintel facts``), checked by the verifier through the local OpenAI-compatible server, and skipped by the
offline answerer."""

from __future__ import annotations

import json

import pytest

from docintel.ingest.factrows import asks_before_deductions
from docintel.ingest.factscope import is_investees
from tests.test_typed_verify import assert_cited_lines, verdict
from tests.test_values import amount

PAGES = [
    ["Gamma Glass Inc.", "Annual report on Form 10-K for the fiscal year ended December 31, 2024"],
    [
        "12. Debt",
        "(In millions)",
        "December 31,",
        "2024 2023",
        "Debentures, 3.90%, due 2049 4,000 4,000",
        "Other, average rate 4.54%, due through 2043 600 300",
        "Total long-term debt 4,600 4,300",
        "Less current portion of long-term debt 100 50",
        "Long-term debt $ 4,500 $ 4,250",
    ],
    [
        "Summarized financial information for our equity method investees, for the years ended December 31, 2024",
        "and 2023, is as follows:",
        "Year Ended December 31,",
        "(In millions)",
        "2024 2023",
        "Net sales $ 1,200 $ 1,500",
        "Gross profit $ 130 $ 80",
        "2024 2023",
        "Balance sheet:",
        "Current assets $ 530 $ 1,560",
        "Long-term debt $ 60 $ 68",
        "Related party transactions:",
        "Dividends received from affiliated companies $ 1 $ 106",
    ],
    [
        "Vista Solar's results of operations and balance sheet were as follows (in millions):",
        "Year ended December 31,",
        "2024 2023",
        "Net sales $ 420 $ 780",
        "Long-term debt $ 6 $ 8",
        "The Company's results of operations were as follows (in millions):",
        "Year ended December 31,",
        "2024 2023",
        "Net sales $ 9,420 $ 9,780",
        "Gamma Glass's results of operations were as follows (in millions):",
        "Year ended December 31,",
        "2024 2023",
        "Gross profit $ 3,100 $ 3,050",
    ],
    [
        "Our share of the results of operations of equity method investees is presented below (in millions):",
        "2024 2023",
        "Equity in earnings $ 45 $ 39",
    ],
]
TOTAL_DEBT = (9, "Total long-term debt 4,600 4,300")
NET_DEBT = (11, "Long-term debt $ 4,500 $ 4,250")
INVESTEE_SALES = (17, "Net sales $ 1,200 $ 1,500")
INVESTEE_DEBT = (22, "Long-term debt $ 60 $ 68")
RELATED = (24, "Dividends received from affiliated companies $ 1 $ 106")
ISSUER_PROFIT = (37, "Gross profit $ 3,100 $ 3,050")
OWN_SHARE = (40, "Equity in earnings $ 45 $ 39")
NAMED_SALES = (28, "Net sales $ 420 $ 780")
NAMED_DEBT = (29, "Long-term debt $ 6 $ 8")
OWN_SALES = (33, "Net sales $ 9,420 $ 9,780")
QUESTION = "What was Gamma Glass's long-term debt at December 31, 2024?"


@pytest.fixture
def filing(make_pdf):
    return make_pdf("gamma-glass-2024.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    cited = (TOTAL_DEBT, NET_DEBT, INVESTEE_SALES, INVESTEE_DEBT, NAMED_SALES, NAMED_DEBT, OWN_SALES, RELATED)
    cited += (ISSUER_PROFIT, OWN_SHARE)
    assert_cited_lines(run_cli, filing, cited)


def _members(run_cli, filing, page: int) -> dict[int, str | None]:
    code, out, err = run_cli("facts", filing, "--page", str(page), "--tables-only", "--json")
    assert code == 0, err
    return {f["line"]: (f["member"] or {}).get("name") for f in json.loads(out)}


def test_an_equity_method_investees_table_and_the_one_right_under_it_are_the_investees(run_cli, filing):
    members = _members(run_cli, filing, 3)
    assert members[INVESTEE_SALES[0]] == "Equity method investees"
    assert members[INVESTEE_DEBT[0]] == "Equity method investees"  # 'Balance sheet:' carries on the table above
    assert members[RELATED[0]] is None  # the issuer's own sales to them, under 'Related party transactions:'
    assert _members(run_cli, filing, 5)[OWN_SHARE[0]] is None  # the issuer's share of their earnings


def test_a_caption_naming_another_entity_s_results_makes_it_the_member_and_the_issuer_s_does_not(run_cli, filing):
    members = _members(run_cli, filing, 4)
    assert members[NAMED_SALES[0]] == "Vista Solar"
    assert members[NAMED_DEBT[0]] == "Vista Solar"
    assert members[OWN_SALES[0]] is None  # "The Company's results of operations": its own
    assert members[ISSUER_PROFIT[0]] is None  # "Gamma Glass's results of operations": the issuer's own


@pytest.mark.parametrize(
    ("question", "cited", "value", "kept"),
    [
        (QUESTION, NET_DEBT, 4500, True),
        (QUESTION, TOTAL_DEBT, 4600, False),
        (
            "What was Gamma Glass's total long-term debt at December 31, 2024?",
            TOTAL_DEBT,
            4600,
            True,
        ),
        (QUESTION, INVESTEE_DEBT, 60, False),
        (QUESTION, NAMED_DEBT, 6, False),
    ],
)
def test_long_term_debt_is_the_row_after_the_deductions_and_the_company_s_own(
    run_cli, fake_openai, filing, question, cited, value, kept
):
    reply = amount(value, "millions", "December 31, 2024", cited, label="Long-term debt")
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert (status == "supported") == kept, check
    if cited == TOTAL_DEBT and not kept:
        assert "Less" in json.dumps(check), check
    if cited in (INVESTEE_DEBT, NAMED_DEBT):
        member = next(f for f in check["fields"] if f["field"] == "member")
        assert member["verdict"] == "mismatch", member


def test_the_offline_answerer_reads_the_company_s_long_term_debt(run_cli, filing):
    code, out, err = run_cli("ask", QUESTION, filing, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["status"] == "supported", data
    assert data["answer"]["items"][0]["amount"]["value"] == 4500, data["answer"]["items"][0]


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("What was total long-term debt in 2024?", True),
        ("What was long-term debt, including the current portion, in 2024?", True),
        ("What was long-term debt in 2024?", False),
        ("What was the long-term debt to total capital ratio in 2024?", False),  # 'total' of another item
        ("What was long-term debt as a percentage of total assets in 2024?", False),
    ],
)
def test_only_a_question_about_the_item_s_total_asks_it_before_deductions(question, asks):
    assert asks_before_deductions(question, "Long-term debt") is asks


@pytest.mark.parametrize(
    ("caption", "theirs"),
    [
        ("Summary combined financial information for the joint ventures on a 100 percent basis is as follows:", True),
        ("Summarized financial information for our equity-method investee, Haleon, is as follows:", True),
        ("Our share of the results of operations of equity method investees is presented below:", False),
        ("Summarized financial information for the segments is as follows:", False),
    ],
)
def test_a_caption_of_joint_ventures_or_investees_own_figures_is_theirs(caption, theirs):
    assert is_investees(caption) is theirs
