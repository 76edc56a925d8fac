"""Figures that are not the line item asked of the company, though their row names it: a debt schedule's 'Total
long-term debt' before its 'Less current portion' row (the balance sheet's long-term debt is the row after it);
an equity method investee's own sales and debt, under a caption that says so or that names the investee
("HSG's results of operations ... were as follows"), and the table carrying on right under it. Each is read as a
fact (``docintel facts``), checked by the verifier through the local OpenAI-compatible server, and skipped by the
offline answerer."""

from __future__ import annotations

import json

import pytest

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
        "Affiliated Companies at Equity Method",
        "The results of operations and financial position of the investments accounted for under the equity method",
        "are presented below (in millions):",
        "2024 2023",
        "Net sales $ 1,200 $ 1,500",
        "Gross profit $ 130 $ 80",
        "2024 2023",
        "Balance sheet:",
        "Current assets $ 530 $ 1,560",
        "Long-term debt $ 60 $ 68",
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
    ],
]
TOTAL_DEBT = (9, "Total long-term debt 4,600 4,300")
NET_DEBT = (11, "Long-term debt $ 4,500 $ 4,250")
INVESTEE_SALES = (16, "Net sales $ 1,200 $ 1,500")
INVESTEE_DEBT = (21, "Long-term debt $ 60 $ 68")
NAMED_SALES = (25, "Net sales $ 420 $ 780")
NAMED_DEBT = (26, "Long-term debt $ 6 $ 8")
OWN_SALES = (30, "Net sales $ 9,420 $ 9,780")
QUESTION = "What was Gamma Glass's long-term debt at December 31, 2024?"


@pytest.fixture
def filing(make_pdf):
    return make_pdf("gamma-glass-2024.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    cited = (TOTAL_DEBT, NET_DEBT, INVESTEE_SALES, INVESTEE_DEBT, NAMED_SALES, NAMED_DEBT, OWN_SALES)
    assert_cited_lines(run_cli, filing, cited)


def _members(run_cli, filing, page: int) -> dict[int, str | None]:
    code, out, err = run_cli("facts", filing, "--page", str(page), "--tables-only", "--json")
    assert code == 0, err
    return {f["line"]: (f["member"] or {}).get("name") for f in json.loads(out)}


def test_an_equity_method_investees_table_and_the_one_right_under_it_are_the_investees(run_cli, filing):
    members = _members(run_cli, filing, 3)
    assert members[INVESTEE_SALES[0]] == "Equity method investees"
    assert members[INVESTEE_DEBT[0]] == "Equity method investees"  # 'Balance sheet:' carries on the table above


def test_a_caption_naming_another_entity_s_results_makes_it_the_member_and_the_issuer_s_does_not(run_cli, filing):
    members = _members(run_cli, filing, 4)
    assert members[NAMED_SALES[0]] == "Vista Solar"
    assert members[NAMED_DEBT[0]] == "Vista Solar"
    assert members[OWN_SALES[0]] is None  # "The Company's results of operations": its own


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
