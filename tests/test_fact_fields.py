"""What a figure is, read from the rows around it (issue 33, found by the axis mutations of bench_verify): the
period end a question names, a sub-heading that says what the rows below it are ('Changes in operating assets
and liabilities:', 'Weighted average common shares outstanding:'), 'non-' before a line item's words, a heading's
colon. And the offline answerer reads a cell's scale from its typed fact (issue 32): a page header's '$ in
millions, except per share amounts' that the table does not repeat. Right answers kept, wrong ones rejected with
the field named, through the local OpenAI-compatible server and the CLI."""

from __future__ import annotations

import json

import pytest

from tests.test_typed_verify import field, verdict
from tests.test_values import amount

RETAILER = [
    [
        "Consolidated statements of cash flows",
        "(in millions)",
        "Fiscal Years Ended January 28, 2023 January 29, 2022 January 30, 2021",
        "Net earnings 1,419 2,454 1,798",
        "Dividends paid (688) (789) (568)",
        "Net (decrease) increase in cash and cash equivalents (1,220) 4,412 (3,129)",
        "Changes in operating assets and liabilities:",
        "Merchandise inventories (194) (335) 199",
        "Accounts payable 231 (1,099) 1,676",
    ],
    [
        "Consolidated statements of earnings",
        "(in millions, except per share amounts)",
        "Fiscal Years Ended January 28, 2023 January 29, 2022 January 30, 2021",
        "Operating income 1,795 3,039 2,391",
        "Non-operating income (expense):",
        "Investment income and other 28 10 38",
        "Net earnings attributable to non-controlling interests 12 9 7",
        "Operating costs:",
        "Operating expenses 7,970 8,635 7,928",
        "Weighted average common shares outstanding:",
        "Basic 225.7 248.8 259.6",
        "Diluted 227.0 253.1 262.9",
    ],
]
DIVIDENDS = (5, "Dividends paid (688) (789) (568)")
INVENTORIES_CHANGE = (8, "Merchandise inventories (194) (335) 199")
CASH_CHANGE = (6, "Net (decrease) increase in cash and cash equivalents (1,220) 4,412 (3,129)")
INVESTMENT_INCOME = (15, "Investment income and other 28 10 38")
NONCONTROLLING = (16, "Net earnings attributable to non-controlling interests 12 9 7")
OPERATING_EXPENSES = (18, "Operating expenses 7,970 8,635 7,928")
BASIC_SHARES = (20, "Basic 225.7 248.8 259.6")


@pytest.fixture
def retailer(make_pdf):
    return make_pdf("retailer-2022-10k.pdf", RETAILER)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, retailer):
    code, out, _ = run_cli("ingest", retailer, "--lines")
    for line, text in (DIVIDENDS, INVENTORIES_CHANGE, CASH_CHANGE, NONCONTROLLING, OPERATING_EXPENSES, BASIC_SHARES):
        assert any(row.split("\t")[3:5] == [str(line), text] for row in out.splitlines()), text


def test_a_year_ended_on_another_date_is_a_period_mismatch(run_cli, fake_openai, retailer):
    """Fiscal years that end in January: the year ended January 30, 2021 is not the year ended January 29, 2022,
    though both columns overlap the calendar year 2021."""
    question = "What were dividends paid for the twelve months ended January 29, 2022?"
    earlier = amount(-568, "millions", "January 30, 2021", DIVIDENDS, label="Dividends paid")
    status, check = verdict(run_cli, fake_openai, retailer, question, earlier)
    assert status == "unsupported" and field(check, "period")["verdict"] == "mismatch"
    assert "2022-01-29" in field(check, "period")["detail"]
    right = amount(-789, "millions", "January 29, 2022", DIVIDENDS, label="Dividends paid")
    assert verdict(run_cli, fake_openai, retailer, question, right)[0] == "supported"


def test_a_row_under_changes_in_operating_assets_is_the_change(run_cli, fake_openai, retailer):
    question = "What was the change in inventories in the fiscal year ended January 28, 2023?"
    right = amount(-194, "millions", "January 28, 2023", INVENTORIES_CHANGE, label="Change in inventories")
    status, check = verdict(run_cli, fake_openai, retailer, question, right)
    assert status == "supported", check["detail"]
    assert field(check, "measure")["verdict"] == "supported"


def test_the_rows_under_a_weighted_average_heading_are_weighted_averages(run_cli, fake_openai, retailer):
    question = "What was the weighted average number of basic shares outstanding for the year ended January 28, 2023?"
    right = amount(
        225.7, "millions", "January 28, 2023", BASIC_SHARES, label="Weighted average basic shares", currency=None
    )
    status, check = verdict(run_cli, fake_openai, retailer, question, right)
    assert status == "supported", check["detail"]
    assert field(check, "measure")["found"] == "weighted_average"


def test_a_net_decrease_increase_row_is_a_change(run_cli, fake_openai, retailer):
    question = "What was the net (decrease) increase in cash and cash equivalents in the year ended January 28, 2023?"
    right = amount(-1220, "millions", "January 28, 2023", CASH_CHANGE, label="Net decrease in cash")
    status, check = verdict(run_cli, fake_openai, retailer, question, right)
    assert status == "supported", check["detail"]


def test_non_before_a_line_item_is_not_that_line_item(run_cli, fake_openai, retailer):
    """'Non-operating income (expense): Investment income and other' asks for no operating income."""
    question = (
        "What was non-operating income (expense): investment income and other in fiscal year ended January 28, 2023?"
    )
    right = amount(28, "millions", "January 28, 2023", INVESTMENT_INCOME, label="Investment income and other")
    status, check = verdict(run_cli, fake_openai, retailer, question, right)
    assert status == "supported", check["detail"]
    assert "Operating income" not in check["detail"]


def test_non_controlling_written_with_a_hyphen_is_named_by_the_row(run_cli, fake_openai, retailer):
    question = "What were net earnings attributable to non-controlling interests in the year ended January 28, 2023?"
    right = amount(12, "millions", "January 28, 2023", NONCONTROLLING, label="Non-controlling interests")
    status, check = verdict(run_cli, fake_openai, retailer, question, right)
    assert status == "supported", check["detail"]


def test_no_line_item_is_read_across_a_heading_s_colon(run_cli, fake_openai, retailer):
    """'Operating costs: Operating expenses' names operating expenses, not 'costs ... expenses'."""
    question = "What were operating costs: operating expenses in the year ended January 28, 2023?"
    right = amount(7970, "millions", "January 28, 2023", OPERATING_EXPENSES, label="Operating expenses")
    status, check = verdict(run_cli, fake_openai, retailer, question, right)
    assert status == "supported", check["detail"]


HEADER_SCALE = [
    [
        "Consolidated Balance Sheets",
        "$ in millions, except per share and share amounts",
        "February 2, 2019 February 3, 2018",
        "Cash and cash equivalents $ 1,980 $ 1,101",
        "Receivables, net 1,015 1,049",
        "Merchandise inventories 5,409 5,209",
        "Total current assets 8,870 9,829",
        "Total assets $ 12,901 $ 13,049",
    ]
]


def test_the_offline_answerer_reads_the_scale_the_page_header_states(run_cli, make_pdf, monkeypatch):
    """A statement headed '$ in millions, except per share and share amounts': the table states no scale of its
    own; the cell's typed fact has it, and the offline answer says millions (it said 'scale not stated')."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    pdf = make_pdf("header-scale-10k.pdf", HEADER_SCALE)
    code, out, err = run_cli(
        "ask", "What were merchandise inventories as of February 2, 2019?", pdf, "--json", "--backend", "extractive"
    )
    data = json.loads(out)
    item = data["answer"]["items"][0]
    assert data["status"] == "supported", data["verification"]
    assert item["amount"] == {"value": 5409.0, "currency": "USD", "unit": "millions"}


# ------------------------------------------------------------ found by the second red team (round 2 of its file)

EVENTS = [
    [
        "Acquisitions and dispositions",
        "On March 9, 2021, we completed our acquisition of Zenith Media Inc. for $7.5 billion.",
        "On January 18, 2022, we entered into a definitive agreement to acquire Orbit Games, Inc.",
        "The parties have jointly agreed to extend the merger agreement through October 18, 2023.",
        "Remaining performance obligations were $229 billion, of which 45% will be invoiced within one year.",
    ],
    [
        "Unaudited pro forma information - 2022 acquisitions",
        "The following unaudited pro forma financial information presents our results as if the acquisitions",
        "had occurred on January 1, 2021.",
        "(in millions)",
        "Year Ended December 31, 2022 2021",
        "Net sales 190,000 160,000",
        "Net income 2,900 2,100",
    ],
    [
        "Guarantor Financial Information",
        "The following tables present summarized financial information of the parent and the guarantor",
        "subsidiaries on a combined basis.",
        "(in millions)",
        "Year Ended December 31, 2022",
        "Operating income 4,981",
    ],
    [
        "Long-term debt",
        "(in millions)",
        "December 31, 2022 2021",
        "Acme Holding Company",
        "(Parent Company only)",
        "Fixed Rate Senior Notes 23,813 18,324",
        "Acme Credit Corporation",
        "Fixed Rate Senior Notes 328 2,078",
        "Total Long-Term Debt 24,141 20,402",
    ],
    [
        "Consolidated statements of operations",
        "(in thousands)",
        "Year Ended December 31, 2022 2021",
        "Net income (loss) 206,731 1,208,389",
        "Less: Net (income) loss attributable to noncontrolling interests 1,266,362 (254,370)",
        "Net income attributable to Acme Resorts 1,473,093 954,019",
    ],
    [
        "Selling, general and administrative expenses",
        "(in millions)",
        "2022 2021 $ Change",
        "Selling, general and administrative expenses 500 450 50",
        "Income taxes 120 110 10",
    ],
]
COMPLETED = (2, "On March 9, 2021, we completed our acquisition of Zenith Media Inc. for $7.5 billion.")
AGREED = (3, "On January 18, 2022, we entered into a definitive agreement to acquire Orbit Games, Inc.")
DEADLINE = (4, "The parties have jointly agreed to extend the merger agreement through October 18, 2023.")
OBLIGATIONS = (5, "Remaining performance obligations were $229 billion, of which 45% will be invoiced within one year.")
PRO_FORMA_SALES = (11, "Net sales 190,000 160,000")
GUARANTOR_INCOME = (18, "Operating income 4,981")
PARENT_NOTES = (24, "Fixed Rate Senior Notes 23,813 18,324")
TOTAL_DEBT = (27, "Total Long-Term Debt 24,141 20,402")
WHOLE_INCOME = (31, "Net income (loss) 206,731 1,208,389")
PARENT_INCOME = (33, "Net income attributable to Acme Resorts 1,473,093 954,019")
SELLING_CHANGE = (37, "Selling, general and administrative expenses 500 450 50")
INCOME_TAXES = (38, "Income taxes 120 110 10")


@pytest.fixture
def events(make_pdf):
    return make_pdf("acme-2022-10k.pdf", EVENTS)


def _date(iso: str, text: str, cited) -> dict:
    from tests.test_values import answer, span

    return answer("date", {"label": "Date", "date": {"iso": iso, "original_text": text}, "spans": [span(*cited)]})


def test_the_lines_of_the_second_fixture_are_where_they_say(run_cli, events):
    code, out, _ = run_cli("ingest", events, "--lines")
    for line, text in (COMPLETED, OBLIGATIONS, PRO_FORMA_SALES, GUARANTOR_INCOME, TOTAL_DEBT, PARENT_INCOME):
        assert any(row.split("\t")[3:5] == [str(line), text] for row in out.splitlines()), text


def test_a_date_whose_sentence_says_the_asked_verb_dates_the_event(run_cli, fake_openai, events):
    """'On March 9, 2021, we completed ...': the date's introductory phrase is read with its clause."""
    question = "On what date did Acme complete its acquisition of Zenith Media?"
    status, check = verdict(run_cli, fake_openai, events, question, _date("2021-03-09", "March 9, 2021", COMPLETED))
    assert status == "supported", check["detail"]


def test_a_date_whose_sentence_never_says_the_asked_verb_does_not_date_it(run_cli, fake_openai, events):
    question = "On what date did Acme close its acquisition of Orbit Games?"
    deadline = _date("2023-10-18", "October 18, 2023", DEADLINE)
    status, check = verdict(run_cli, fake_openai, events, question, deadline)
    assert status != "supported" and "close" in field(check, "event")["detail"]
    question = "On what date did Acme complete its acquisition of Orbit Games?"
    agreed = _date("2022-01-18", "January 18, 2022", AGREED)
    assert verdict(run_cli, fake_openai, events, question, agreed)[0] != "supported"


def test_will_be_invoiced_is_no_outlook(run_cli, fake_openai, events):
    question = "How much were Acme's remaining performance obligations?"
    right = amount(229, "billions", None, OBLIGATIONS, label="Remaining performance obligations")
    status, check = verdict(run_cli, fake_openai, events, question, right)
    assert field(check, "scenario")["verdict"] == "supported", check["detail"]


def test_a_pro_forma_table_is_not_the_reported_figure(run_cli, fake_openai, events):
    question = "What were Acme's net sales in 2022?"
    wrong = amount(190000, "millions", "2022", PRO_FORMA_SALES, label="Net sales")
    status, check = verdict(run_cli, fake_openai, events, question, wrong)
    assert status == "unsupported" and field(check, "basis")["verdict"] == "mismatch"
    question = "What were Acme's pro forma net sales in 2022?"
    status, check = verdict(run_cli, fake_openai, events, question, wrong)
    assert field(check, "basis")["verdict"] == "supported", check["detail"]


def test_the_guarantor_group_s_statements_are_not_the_group_s(run_cli, fake_openai, events):
    question = "What was Acme's operating income in 2022?"
    wrong = amount(4981, "millions", "2022", GUARANTOR_INCOME, label="Operating income")
    status, check = verdict(run_cli, fake_openai, events, question, wrong)
    assert status == "unsupported" and "guarantor" in field(check, "member")["detail"]


def test_a_total_after_several_groups_is_everyone_s(run_cli, fake_openai, events):
    """'Total Long-Term Debt' closes the parent's and a subsidiary's rows: it is not the parent company's."""
    question = "What was Acme's total long-term debt at December 31, 2022?"
    right = amount(24141, "millions", "December 31, 2022", TOTAL_DEBT, label="Total long-term debt")
    status, check = verdict(run_cli, fake_openai, events, question, right)
    assert field(check, "member")["verdict"] == "supported", check["detail"]
    parent = amount(23813, "millions", "December 31, 2022", PARENT_NOTES, label="Total long-term debt")
    assert verdict(run_cli, fake_openai, events, question, parent)[0] != "supported"


def test_the_whole_net_income_is_not_the_part_attributable_to_the_company(run_cli, fake_openai, events):
    """A table that splits net income into the noncontrolling interests' and the company's: the undivided line
    does not answer what is attributable to the company's stockholders."""
    question = "How much net income was attributable to Acme's stockholders in 2022?"
    whole = amount(206731, "thousands", "2022", WHOLE_INCOME, label="Net income")
    status, check = verdict(run_cli, fake_openai, events, question, whole)
    assert status == "unsupported" and "noncontrolling" in field(check, "member")["detail"]
    right = amount(1473093, "thousands", "2022", PARENT_INCOME, label="Net income attributable to Acme Resorts")
    status, check = verdict(run_cli, fake_openai, events, question, right)
    assert field(check, "member")["verdict"] == "supported", check["detail"]


def test_a_change_column_answers_the_change_its_row_does_not_name(run_cli, fake_openai, events):
    """'the change in SG&A' read from a '$ Change' column: the row needs not say 'change' (the measure
    field checks it)."""
    question = "What was the change in selling, general and administrative expenses in 2022?"
    right = amount(50, "millions", "2022", SELLING_CHANGE, label="Change in selling expenses")
    status, check = verdict(run_cli, fake_openai, events, question, right)
    assert check["concept_check"] == "supported" and "chang" not in check["detail"], check["detail"]


def test_an_answer_s_texts_are_read_one_by_one_for_completeness(run_cli, fake_openai, events):
    """'Income taxes' as the label and again in the quote: read joined, 'income ... income taxes' would be income
    before taxes, and the answer 'partial'."""
    question = "What were income taxes in 2022?"
    right = amount(120, "millions", "2022", INCOME_TAXES, label="Income taxes")
    status, check = verdict(run_cli, fake_openai, events, question, right)
    assert status == "supported", check["detail"]


POLICIES = [
    [
        "Backlog and remote work",
        "We do not include unexercised options or potential orders under indefinite-delivery contracts in backlog.",
        "Employees may work remotely two days a week, except those in manufacturing roles.",
    ]
]
NOT_INCLUDED = (2, POLICIES[0][1])
EXCEPTED = (3, POLICIES[0][2])


def _quoted(text: str, line: int, quote: str) -> dict:
    from tests.test_values import answer

    return answer(
        "text", {"text": text, "spans": [{"doc": None, "line_start": line, "line_end": line, "quote": quote}]}
    )


def test_a_quote_cut_after_its_negation_is_contradicted(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("acme-policies.pdf", POLICIES)
    question = "What does Acme include in its backlog?"
    cut = _quoted(
        "Acme's backlog includes unexercised options.",
        NOT_INCLUDED[0],
        "unexercised options or potential orders under indefinite-delivery contracts in backlog",
    )
    status, check = verdict(run_cli, fake_openai, pdf, question, cut)
    assert status == "unsupported" and "do not" in field(check, "omission")["detail"]
    whole = _quoted("Acme does not include unexercised options in its backlog.", *NOT_INCLUDED)
    status, check = verdict(run_cli, fake_openai, pdf, question, whole)
    assert field(check, "omission")["verdict"] == "supported", check["detail"]


def test_a_quote_cut_before_its_exception_is_not_supported(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("acme-policies.pdf", POLICIES)
    question = "What is Acme's remote work policy?"
    cut = _quoted(
        "Employees may work remotely two days a week.", EXCEPTED[0], "Employees may work remotely two days a week"
    )
    status, check = verdict(run_cli, fake_openai, pdf, question, cut)
    assert status != "supported" and "except" in field(check, "omission")["detail"]


def test_a_yes_from_a_quote_cut_before_its_condition_is_not_supported(run_cli, fake_openai, make_pdf):
    pages = [["Returns", "Worn footwear may be returned within 30 days only if it is defective."]]
    pdf = make_pdf("acme-returns.pdf", pages)
    from tests.test_values import answer

    cut = {"doc": None, "line_start": 2, "line_end": 2, "quote": "Worn footwear may be returned within 30 days"}
    yes = answer("boolean", {"value": True, "explanation": "Yes, within 30 days.", "spans": [cut]})
    status, check = verdict(run_cli, fake_openai, pdf, "Can worn footwear be returned within 30 days?", yes)
    assert status != "supported" and "only if" in field(check, "omission")["detail"]


def test_a_share_of_sales_never_answers_a_change_though_the_question_names_the_row(run_cli, fake_openai, make_pdf):
    """'(Percent of net sales) 2022 2021 Change': the 2022 cell is a share of sales, not the change asked."""
    pages = [
        [
            "Operating expenses",
            "(Dollars in millions, except percentages)",
            "(Percent of net sales) 2022 2021 Change",
            "Cost of sales 56.2 % 53.2 % 3.0 %",
            "Selling, general and administrative expenses 26.5 20.4 6.1",
        ]
    ]
    pdf = make_pdf("acme-mdna.pdf", pages)
    question = "What was the change in selling, general and administrative expenses in 2022?"
    quote = (5, "Selling, general and administrative expenses 26.5 20.4 6.1")
    level = amount(26.5, "millions", "2022", quote, label="SG&A")
    status, check = verdict(run_cli, fake_openai, pdf, question, level)
    assert status == "unsupported" and field(check, "measure")["verdict"] == "mismatch", check["detail"]


def test_a_no_that_agrees_with_the_negation_left_out_is_kept(run_cli, fake_openai, make_pdf):
    """'Does Acme include unexercised options in its backlog?' No, quoting the options cut from 'We do not include
    ...': the answer denies what the dropped negation denies."""
    pdf = make_pdf("acme-policies.pdf", POLICIES)
    from tests.test_values import answer

    cut = {
        "doc": None,
        "line_start": NOT_INCLUDED[0],
        "line_end": NOT_INCLUDED[0],
        "quote": "unexercised options or potential orders under indefinite-delivery contracts in backlog",
    }
    no = answer("boolean", {"value": False, "explanation": "No, they are not included.", "spans": [cut]})
    question = "Does Acme include unexercised options in its backlog?"
    status, check = verdict(run_cli, fake_openai, pdf, question, no)
    assert field(check, "omission")["verdict"] == "supported", check["detail"]
