"""A yes/no about figures is decided by the figures its quote holds (issue 33, red team round 5): a comparison
between two dates, a change over a period, and whether anything was recorded in a period (a dash says no).
Scripted through the local OpenAI-compatible server; each wrong answer rejected naming the figures, each right
one kept (a right 'no' quoting a table row is no longer read as contradicted by a row without negations)."""

from __future__ import annotations

import pytest

from tests.test_typed_verify import boolean, field, verdict

PAGES = [
    [
        "Condensed consolidated statements of operations",
        "(in millions)",
        "Three Months Ended Six Months Ended",
        "June 30, June 30,",
        "2024 2023 2024 2023",
        "Net sales 1,200.0 1,100.0 2,300.0 2,150.0",
        "Operating income 150.0 160.0 280.0 260.0",
        "Goodwill impairment — 45.0 — 45.0",
        "Restructuring charges 12.0 8.0 20.0 15.0",
    ],
    [
        "Capital ratios",
        "June 30, 2024 December 31, 2023",
        "CET1 capital ratio 12.1 % 13.4 %",
    ],
]
ANNUAL = [
    [
        "Summary of consolidated financial results",
        "Change",
        "Year Ended December 31, 2024 vs. 2023",
        "In millions 2024 2023 $ %",
        "Total revenues 5,120 4,870 250 5.1 %",
        "Store impairments — 120 (120) (100.0)%",
        "Revenue from contracts with customers 5,000 4,700 300 6.4 %",
        "Goodwill, net 2,460 2,400 60 2.5 %",
    ],
]
NET_SALES = (6, "Net sales 1,200.0 1,100.0 2,300.0 2,150.0")
OPERATING = (7, "Operating income 150.0 160.0 280.0 260.0")
IMPAIRMENT = (8, "Goodwill impairment — 45.0 — 45.0")
CET1 = (12, "CET1 capital ratio 12.1 % 13.4 %")
STORES = (6, "Store impairments — 120 (120) (100.0)%")
CONTRACTS = (7, "Revenue from contracts with customers 5,000 4,700 300 6.4 %")
GOODWILL = (8, "Goodwill, net 2,460 2,400 60 2.5 %")


@pytest.fixture(autouse=True)
def one_call_per_question(monkeypatch):
    monkeypatch.setenv("DOCINTEL_STRATEGY", "combined")


@pytest.fixture
def filing(make_pdf):
    return make_pdf("acme-2024q2-10q.pdf", PAGES)


@pytest.fixture
def annual(make_pdf):
    return make_pdf("acme-2024-10k.pdf", ANNUAL)


def _decided(run_cli, fake_openai, pdf, question: str, value: bool, cited) -> tuple[str, dict]:
    status, check = verdict(run_cli, fake_openai, pdf, question, boolean(value, cited))
    return status, field(check, "figures")


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    code, out, _ = run_cli("ingest", filing, "--lines")
    for line, text in (NET_SALES, IMPAIRMENT, CET1):
        assert f"{line}\t{text}" in out


def test_a_comparison_between_two_dates_is_read_from_the_figures(run_cli, fake_openai, filing):
    lower = "Was the CET1 capital ratio lower at June 30, 2024 than at December 31, 2023?"
    status, figures = _decided(run_cli, fake_openai, filing, lower, True, CET1)
    assert status == "supported" and figures["verdict"] == "supported"
    status, figures = _decided(run_cli, fake_openai, filing, lower, False, CET1)
    assert status == "unsupported" and figures["verdict"] == "mismatch"
    assert "12.1%" in figures["detail"] and "13.4%" in figures["detail"] and "say yes" in figures["detail"]
    higher = "Was the CET1 capital ratio higher at June 30, 2024 than at December 31, 2023?"
    status, figures = _decided(run_cli, fake_openai, filing, higher, True, CET1)
    assert status == "unsupported" and "not 'higher'" in figures["detail"]


def test_a_change_in_one_period_is_against_the_same_period_a_year_before(run_cli, fake_openai, filing):
    quarter = "Did operating income increase in the second quarter of 2024?"
    status, figures = _decided(run_cli, fake_openai, filing, quarter, True, OPERATING)
    assert status == "unsupported" and figures["verdict"] == "mismatch" and "160.0" in figures["detail"]
    status, figures = _decided(run_cli, fake_openai, filing, quarter, False, OPERATING)
    assert status == "supported" and figures["verdict"] == "supported"
    half = "Did operating income increase in the six months ended June 30, 2024?"  # the six-month columns
    status, figures = _decided(run_cli, fake_openai, filing, half, True, OPERATING)
    assert status == "supported" and "280.0" in figures["detail"] and "260.0" in figures["detail"]


def test_a_change_between_two_named_periods_is_the_later_against_the_earlier(run_cli, fake_openai, filing):
    question = "Did net sales decline from the second quarter of 2023 to the second quarter of 2024?"
    status, figures = _decided(run_cli, fake_openai, filing, question, True, NET_SALES)
    assert status == "unsupported" and "not 'decline'" in figures["detail"]
    status, figures = _decided(run_cli, fake_openai, filing, question, False, NET_SALES)
    assert status == "supported"


def test_a_dash_in_the_asked_period_says_nothing_was_recorded(run_cli, fake_openai, filing):
    now = "Did the company record a goodwill impairment in the second quarter of 2024?"
    status, figures = _decided(run_cli, fake_openai, filing, now, True, IMPAIRMENT)
    assert status == "unsupported" and figures["verdict"] == "mismatch" and "(nil)" in figures["detail"]
    status, figures = _decided(run_cli, fake_openai, filing, now, False, IMPAIRMENT)
    assert status == "supported" and figures["verdict"] == "supported"
    before = "Did the company record a goodwill impairment in the second quarter of 2023?"
    status, figures = _decided(run_cli, fake_openai, filing, before, False, IMPAIRMENT)
    assert status == "unsupported" and "45.0" in figures["detail"] and "say yes" in figures["detail"]


def test_a_change_column_is_not_the_period_s_figure(run_cli, fake_openai, annual):
    code, out, _ = run_cli("ingest", annual, "--lines")
    assert f"{STORES[0]}\t{STORES[1]}" in out
    question = "Did the company record store impairments in 2024?"  # 2024: '—'; the change column's (120) is not it
    status, figures = _decided(run_cli, fake_openai, annual, question, True, STORES)
    assert status == "unsupported" and figures["verdict"] == "mismatch" and "(nil)" in figures["detail"]


def test_a_question_with_its_own_threshold_is_not_decided_by_the_figures(run_cli, fake_openai, filing):
    question = "Did net sales increase by more than $200 million in the second quarter of 2024?"  # no: by 100
    status, figures = _decided(run_cli, fake_openai, filing, question, False, NET_SALES)
    assert figures["verdict"] == "unknown" and status == "unchecked"  # a table row has no words to decide it by


def test_a_noun_is_no_verb_of_change_and_a_balance_no_charge(run_cli, fake_openai, annual):
    code, out, _ = run_cli("ingest", annual, "--lines")
    assert f"{CONTRACTS[0]}\t{CONTRACTS[1]}" in out and f"{GOODWILL[0]}\t{GOODWILL[1]}" in out
    question = "Did revenue from contracts with our customers increase in 2024?"  # 'contracts' is no 'contract'
    status, figures = _decided(run_cli, fake_openai, annual, question, True, CONTRACTS)
    assert status == "supported" and figures["verdict"] == "supported"
    charge = "Did the company record a goodwill impairment in 2024?"  # 'Goodwill, net' is a balance, not the charge
    status, figures = _decided(run_cli, fake_openai, annual, charge, False, GOODWILL)
    assert figures["verdict"] == "unknown"
    every = "Were impairments higher in 2024 than in 2023?"  # 'Store impairments' is a part of them
    status, figures = _decided(run_cli, fake_openai, annual, every, False, STORES)
    assert figures["verdict"] == "unknown"


@pytest.mark.parametrize(
    "question",
    [
        "Did net sales grow faster in the second quarter of 2024 than in the second quarter of 2023?",
        "Were net sales in the second quarter of 2024 more than double those of the second quarter of 2023?",
        "Did net sales rise and operating income fall in the second quarter of 2024?",
    ],
)
def test_a_rate_a_multiple_or_two_comparatives_are_not_two_levels(run_cli, fake_openai, filing, question):
    status, figures = _decided(run_cli, fake_openai, filing, question, False, NET_SALES)
    assert figures["verdict"] == "unknown"
