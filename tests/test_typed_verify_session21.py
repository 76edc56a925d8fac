"""Session 21: what the review of session 20's rules and a new user on Pfizer's 10-Q for the quarter ended July 2,
2023 found supported wrongly.

- a list quoted to the middle of its line ('are Safety and Industrial, Transportation and Electronics' of '...,
  Health Care, and Consumer') leaves the rest out, and 'Which segments does X have' asks for several things too;
- a who-question's answer names someone: not an auditor's self-description ('registered with the PCAOB ... the U.S.
  federal securities laws'), nor an exhibit's title ('... by the Chief Financial Officer Pursuant to Section 302 of
  the Sarbanes-Oxley Act of 2002'); a directors' list prints the organisation a title is held at on the next line;
- a yes is not read from 'we may be required to conduct costly product recalls';
- 'How much revenue did Paxlovid generate' asks the product's revenue, not the company's;
- '$ 4' on a line read as prose under a '(MILLIONS)' column heading is $4 million."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import needs_shared
from tests.test_typed_verify_review36 import assert_case_holds
from tests.test_values import answer, ask, assert_scripted, span

SEGMENTS = [
    "Business Segments",
    "The reportable segments are Safety and Industrial, Transportation and Electronics, Health Care, and Consumer.",
    "The Company's reportable operating segments for the Brand are: North America; Europe, Middle East & Africa",
    '("EMEA"); Greater China; and Asia Pacific & Latin America ("APLA"), and include results for all brands.',
    "Its segments are Retail, Wholesale and Online, which are described in Note 4.",
    "Our exclusive brands, which include Dynex, Insignia, Modal and Rocketfish, represent a part of our revenue.",
]


@pytest.mark.parametrize(
    ("question", "line", "last", "quote", "supported"),
    [
        ("What are Contoso's reportable segments?", 2, 2, SEGMENTS[1][:-28], False),  # cut after two of four
        # ', which ...' goes on about the list, which it ends
        ("What are Contoso's reportable segments?", 2, 2, SEGMENTS[1], True),
        ("What are Contoso's reportable segments?", 5, 5, "Its segments are Retail, Wholesale and Online", True),
        ("What are Contoso's exclusive brands?", 6, 6, SEGMENTS[5][:73], True),  # ', represent ...': the verb
        ("Which reportable operating segments does Contoso have?", 3, 3, SEGMENTS[2], False),  # cut at the line's end
        ("Which reportable operating segments does Contoso have?", 3, 4, " ".join(SEGMENTS[2:4]), True),
    ],
)
def test_a_list_cut_inside_its_line_leaves_the_rest_out(
    run_cli, fake_openai, make_pdf, question, line, last, quote, supported
):
    pdf = make_pdf("contoso-2023-10k.pdf", [SEGMENTS])
    cited = {**span(line, quote), "line_end": last}
    scripted = answer("text", {"text": quote, "spans": [cited]})
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "the quote stops inside a list")


def test_which_things_does_it_have_asks_them_by_name(run_cli, fake_openai, make_pdf):
    """'Which segments does Contoso have?' is not answered by a line that never says 'segment'."""
    pdf = make_pdf("contoso-2023-10k.pdf", [[*SEGMENTS, "Our brands are Contoso, Fabrikam and Tailspin."]])
    brands = span(len(SEGMENTS) + 1, "Contoso, Fabrikam")
    scripted = answer("text", {"text": "Contoso, Fabrikam and Tailspin", "spans": [brands]})
    question = "Which reportable segments does Contoso have?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, False, "its quotes do not name the segments asked")


AUDITOR = [
    "Report of Independent Registered Public Accounting Firm",
    "To the Shareholders and the Board of Directors of Contoso Corporation",
    "We are a public accounting firm registered with the PCAOB and are required to be independent with respect to",
    "the Company in accordance with the U.S. federal securities laws and the applicable rules and regulations of the",
    "Securities and Exchange Commission and the PCAOB.",
    "/s/ Fabrikam & Partners LLP",
    "We have served as the Company's auditor since 1921.",
    "Exhibit 31.2 - Certification by the Chief Financial Officer Pursuant to Section 302 of the Sarbanes-Oxley Act.",
    "Each officer signs a certification pursuant to section 302 of the act.",
    "We conducted our audit in accordance with the Sarbanes-Oxley Act of 2002.",
]


@pytest.mark.parametrize(
    ("question", "text", "first", "last", "supported"),
    [
        ("Who is Contoso's independent registered public accounting firm?", None, 3, 5, False),
        ("Who is Contoso's independent registered public accounting firm?", "Fabrikam & Partners LLP", 1, 6, True),
        ("Who is Contoso's Chief Financial Officer?", None, 8, 8, False),  # an exhibit's title names a law, no one
        ("Who is Contoso's auditor?", None, 10, 10, False),  # a statute names no one
    ],
)
def test_a_who_answer_names_someone_not_a_regulator_a_country_or_a_statute(
    run_cli, fake_openai, make_pdf, question, text, first, last, supported
):
    pdf = make_pdf("contoso-2023-10k.pdf", [AUDITOR])
    quote = " ".join(AUDITOR[first - 1 : last])
    spans = (
        [span(first, AUDITOR[0]), span(last, AUDITOR[last - 1])] if text else [{**span(first, quote), "line_end": last}]
    )
    scripted = answer("text", {"text": text or quote, "spans": spans})
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "the answer names")


DIRECTORS = [
    "DIRECTORS",
    "Jane Roe(1)",
    "President & Chief Executive Officer",
    "Contoso, Inc.",
    "Beaverton, Oregon",
    "Ann Poe(4)",
    "President & Chief Executive Officer",
    "Teachers Insurance and Annuity Association of America",
    "New York, New York",
    "EXECUTIVE OFFICERS",
    "Jane Roe",
    "President & Chief Executive Officer",
    "Mark Smith",
    "Chief Financial Officer",
    "Tom Doe(2)",
    "President & Chief Executive Officer (Retired)",
    "Fabrikam Corporation",
]


@pytest.mark.parametrize(
    ("name", "first", "supported"),
    [("Ann Poe", 6, False), ("Jane Roe", 2, True), ("Jane Roe", 11, True), ("Tom Doe", 15, False)],
)
def test_a_directors_list_titles_a_person_at_the_organisation_on_the_next_line(
    run_cli, fake_openai, make_pdf, name, first, supported
):
    pdf = make_pdf("contoso-2023-10k.pdf", [DIRECTORS])
    quote = " ".join(DIRECTORS[first - 1 : first + 1])
    scripted = answer("text", {"text": name, "spans": [{**span(first, quote), "line_end": first + 1}]})
    question = "Who is the President and Chief Executive Officer of Contoso?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "about: the")


def test_a_directors_list_answers_for_the_organisation_the_question_names(run_cli, fake_openai, make_pdf):
    """'Who is the President and CEO of Teachers Insurance ... on Contoso's board?': its own line names it."""
    pdf = make_pdf("contoso-2023-10k.pdf", [DIRECTORS])
    quote = " ".join(DIRECTORS[5:7])
    scripted = answer("text", {"text": "Ann Poe", "spans": [{**span(6, quote), "line_end": 7}]})
    question = (
        "Who is the President and Chief Executive Officer of Teachers Insurance and Annuity Association of America "
        "on Contoso's board?"
    )
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, True)


RISKS = [
    "Risk Factors",
    "We may be required to conduct costly product recalls and may become subject to product liability claims.",
    "In 2017, we conducted a voluntary product recall of one beverage in Canada.",
    "Contoso is required to act as a source of strength to its bank and may be required to commit capital to it.",
]


@pytest.mark.parametrize(
    ("question", "line", "supported"),
    [
        ("Did Contoso conduct product recalls in 2017?", 2, False),
        ("Did Contoso conduct product recalls in 2017?", 3, True),
        ("Is Contoso required to act as a source of strength to its bank?", 4, True),  # said before the modal
        ("Does Contoso name product recalls as a risk?", 2, True),  # a risk asked: a possibility
    ],
)
def test_a_yes_is_not_read_from_what_may_be_required(run_cli, fake_openai, make_pdf, question, line, supported):
    pdf = make_pdf("contoso-2017-10k.pdf", [RISKS])
    scripted = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [span(line, RISKS[line - 1][:-1])]})
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "the quote tells a possibility")


STATEMENT = [
    "CONDENSED CONSOLIDATED STATEMENTS OF INCOME",
    "Six Months Ended",
    "(MILLIONS) July 2, 2023 July 3, 2022",
    "Revenues $ 31,015 $ 53,402",
    "Cost of sales 9,220 14,034",
    "REVENUES BY PRODUCT",
    "Six Months Ended",
    "(MILLIONS) July 2, 2023 July 3, 2022",
    "Paxlovid revenues $ 4,212 $ 9,528",
    "Comirnaty revenues $ 4,552 $ 17,048",
]


@pytest.mark.parametrize(("line", "value", "supported"), [(4, 31015, False), (9, 4212, True)])
def test_the_product_that_generates_revenue_is_the_part_asked(run_cli, fake_openai, make_pdf, line, value, supported):
    pdf = make_pdf("contoso-2023q2-10q.pdf", [STATEMENT])
    item = {
        "label": "Revenues",
        "amount": {"value": value, "currency": "USD", "unit": "millions"},
        "period": "six months ended July 2, 2023",
        "calculation": None,
        "spans": [span(line, STATEMENT[line - 1])],
    }
    question = "How much revenue did Paxlovid generate in the six months ended July 2, 2023?"
    assert_scripted(run_cli, fake_openai, pdf, question, answer("amount", item), supported, "paxlovid")


CASH = [
    "The monthly membership fee was $4 for each member.",
    "ANALYSIS OF THE CONDENSED CONSOLIDATED STATEMENTS OF CASH FLOWS",
    "Six Months Ended",
    "July 2, July 3,",
    "(MILLIONS) 2023 2022 Drivers of change",
    "Cash provided by/(used in):",
    "The change was primarily driven by a decrease in net income adjusted for",
    "Operating activities $ 4 $ 14,711 of business, including timing of payments to our partner",
]


@pytest.mark.parametrize(("unit", "value_check"), [(None, "unsupported"), ("millions", "supported")])
def test_a_cell_on_a_line_read_as_prose_takes_the_column_heading_s_scale(
    run_cli, fake_openai, make_pdf, unit, value_check
):
    """'$ 4' (a cell's sign set apart) under '(MILLIONS) 2023 2022 Drivers of change' is $4 million, not $4."""
    pdf = make_pdf("contoso-2023q2-10q.pdf", [CASH])
    item = {
        "label": "Net cash provided by operating activities",
        "amount": {"value": 4, "currency": "USD", "unit": unit},
        "period": "six months ended July 2, 2023",
        "calculation": None,
        "spans": [span(8, "Operating activities $ 4 $ 14,711")],
    }
    question = "What was Contoso's net cash provided by operating activities in the six months ended July 2, 2023?"
    data = assert_scripted(run_cli, fake_openai, pdf, question, answer("amount", item), False)
    assert data["verification"]["items"][0]["value_check"] == value_check, data["verification"]["items"][0]


CASES = [
    json.loads(line) for line in (Path(__file__).parent / "data" / "session21_cases.jsonl").read_text().splitlines()
]


@needs_shared
@pytest.mark.parametrize("case", CASES, ids=[c["class"] for c in CASES])
def test_session_21_s_cases_hold(run_cli, fake_openai, tmp_path, case):
    """The review's and the new user's cases on the filings: the wrong ones not supported, the right ones kept."""
    assert_case_holds(run_cli, fake_openai, tmp_path, case)


def test_a_figure_of_prose_keeps_its_own_scale_under_a_column_heading(run_cli, fake_openai, make_pdf):
    """'$4' of a sentence (its sign not set apart, as prose writes it) is read as written."""
    pdf = make_pdf("contoso-2023q2-10q.pdf", [[*CASH[1:], CASH[0]]])
    item = {
        "label": "Monthly membership fee",
        "amount": {"value": 4, "currency": "USD", "unit": None},
        "period": None,
        "calculation": None,
        "spans": [span(8, "The monthly membership fee was $4")],
    }
    data = assert_scripted(
        run_cli, fake_openai, pdf, "What was the monthly membership fee?", answer("amount", item), True
    )
    assert data["verification"]["items"][0]["value_check"] == "supported"


DIVESTITURES = [
    "DIVESTITURES",
    "During fiscal 2020, the Company signed definitive agreements to sell its Contoso Brand businesses in Brazil,",
    "Argentina, Chile and Uruguay to third-party distributors.",
    "BRAZIL",
    "During fiscal 2021, the transaction with Fabrikam S.A. closed, and the Company recognized a loss.",
    "ARGENTINA, CHILE AND URUGUAY",
    "During fiscal 2021, the Company completed the sale of its businesses in Argentina, Chile and Uruguay.",
]


@pytest.mark.parametrize(("line", "supported"), [(5, False), (7, True)])
def test_a_quote_under_another_heading_is_about_what_its_own_section_names(
    run_cli, fake_openai, make_pdf, line, supported
):
    """'Did it complete the sale of its businesses in Argentina ...?': 'the transaction ... closed' under 'BRAZIL'
    is the Brazilian sale, whatever the section above it names."""
    pdf = make_pdf("contoso-2021-10k.pdf", [DIVESTITURES])
    spans = [{**span(2, " ".join(DIVESTITURES[1:3])), "line_end": 3}] if line == 5 else []
    spans.append(span(line, DIVESTITURES[line - 1]))
    scripted = answer("boolean", {"value": True, "explanation": "Yes.", "spans": spans})
    question = "Did Contoso complete the sale of its businesses in Argentina, Chile and Uruguay during fiscal 2021?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "its own paragraph does not name it")


WORKFORCE = [
    "Human Capital",
    "As of June 30, 2023, we had approximately 41,000 employees worldwide. Collective bargaining agreements cover",
    "approximately 45% of our workforce. Approximately 17% were covered under collective bargaining agreements",
    "that expire within one year.",
]


@pytest.mark.parametrize(
    ("question", "value", "first", "last", "quote", "supported"),
    [
        (
            "What percentage of Contoso's workforce is covered by collective bargaining agreements?",
            17,
            3,
            3,
            None,
            False,
        ),
        ("What percentage of Contoso's workforce is covered by collective bargaining agreements?", 45, 2, 3, "", True),
        (
            "What percentage of Contoso's workforce is covered by collective bargaining agreements that expire within "
            "one year?",
            17,
            3,
            3,
            None,  # the clause the quote stops before is asked
            True,
        ),
    ],
)
def test_a_figure_quoted_without_the_clause_that_restricts_it(
    run_cli, fake_openai, make_pdf, question, value, first, last, quote, supported
):
    pdf = make_pdf("contoso-2023-10k.pdf", [WORKFORCE])
    quote = quote or (
        "Approximately 17% were covered under collective bargaining agreements"
        if quote is None
        else "Collective bargaining agreements cover approximately 45% of our workforce"
    )
    item = {
        "label": "Share of workforce covered",
        "amount": {"value": value, "currency": None, "unit": "percent"},
        "period": None,
        "calculation": None,
        "spans": [{**span(first, quote), "line_end": last}],
    }
    reason = "the quote stops before what restricts it"
    assert_scripted(run_cli, fake_openai, pdf, question, answer("amount", item), supported, reason)


EVENTS = [
    "Recent events",
    "On July 19, 2022, Contoso announced that Alex Roe had been elected as a member of the Firm's Board",
    "of Directors, effective immediately. Mr. Roe serves as the Executive Chairman of Fabrikam & Partners.",
    "On August 1, 2022, Contoso announced that Ann Poe was named the Executive Chairman of the Company.",
]


@pytest.mark.parametrize(
    ("text", "line", "quote", "supported"),
    [
        ("Alex Roe became Executive Chairman.", 3, "Mr. Roe serves as the Executive Chairman", False),
        ("Ann Poe became Executive Chairman.", 4, "Ann Poe was named the Executive Chairman", True),  # of the issuer
    ],
)
def test_a_title_is_not_read_from_a_quote_cut_before_the_organisation_it_is_held_at(
    run_cli, fake_openai, make_pdf, text, line, quote, supported
):
    pdf = make_pdf("contoso-2022q2-10q.pdf", [EVENTS])
    scripted = answer("text", {"text": text, "spans": [span(line, quote)]})
    question = "What role did they take on at Contoso in 2022?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "the quote stops before the title's")


DEPOSITS = [
    "Financial highlights",
    "Firmwide average deposits of $2.5 trillion were up 9%, reflecting government actions in the prior year.",
    "Deposits increased from $2.4 trillion at March 31, 2022 to $2.5 trillion at June 30, 2022.",
]


@pytest.mark.parametrize(
    ("question", "line", "supported"),
    [
        ("Did Contoso's deposits increase from March 31 to June 30, 2022?", 2, False),
        ("Did Contoso's deposits increase from March 31 to June 30, 2022?", 3, True),
        ("Did Contoso's average deposits increase?", 2, True),
        ("Did Contoso's deposits increase from March 31 to June 30, 2022?", 23, True),  # the level's change too
    ],
)
def test_a_balance_s_change_is_not_read_from_its_average_s(run_cli, fake_openai, make_pdf, question, line, supported):
    pdf = make_pdf("contoso-2022q2-10q.pdf", [DEPOSITS])
    lines = [2, 3] if line == 23 else [line]
    spans = [span(n, DEPOSITS[n - 1].split(",")[0] if n == 2 else DEPOSITS[n - 1]) for n in lines]
    scripted = answer("boolean", {"value": True, "explanation": "Yes.", "spans": spans})
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "the change of the average")


HIGHLIGHTS = [
    "Consolidated financial highlights (unaudited)",
    "As of or for the period ended, (in millions, except per",
    "share, ratio, headcount data and where otherwise noted) 2Q22 1Q22 4Q21",
    "Selected income statement data",
    "Total net revenue $ 30,715 $ 30,717 $ 29,257",
    "Net income $ 8,649 $ 8,282 $ 10,399",
    "Market and per common share data",
    "Market capitalization 330,237 400,379 466,206",
    "Common shares at period-end 2,932.6 2,937.1 2,944.1",
    "Book value per share 86.38 86.16 88.07",
]
MARKET_CAP_ASKED = "How much was Contoso's market capitalization at June 30, 2022?"


@pytest.mark.parametrize(("unit", "supported"), [("millions", True), (None, False)])
def test_a_money_row_under_a_market_and_per_share_heading_is_at_the_table_s_scale(
    run_cli, fake_openai, make_pdf, unit, supported
):
    """'Market capitalization' under 'Market and per common share data' is money in millions, not a price."""
    pdf = make_pdf("contoso-2022q2-10q.pdf", [HIGHLIGHTS])
    item = {
        "label": "Market capitalization",
        "amount": {"value": 330237, "currency": "USD", "unit": unit},
        "period": "2Q22",
        "calculation": None,
        "spans": [span(3, "2Q22 1Q22 4Q21"), span(8, HIGHLIGHTS[7])],
    }
    assert_scripted(run_cli, fake_openai, pdf, MARKET_CAP_ASKED, answer("amount", item), supported)


@pytest.mark.parametrize(
    ("question", "supported"),
    [
        (MARKET_CAP_ASKED, False),  # the table prints its own market capitalization
        ("How much was Contoso's common equity at June 30, 2022, from its book value per share?", True),
    ],
)
def test_a_computed_answer_does_not_stand_for_the_row_its_table_prints(
    run_cli, fake_openai, make_pdf, question, supported
):
    pdf = make_pdf("contoso-2022q2-10q.pdf", [HIGHLIGHTS])
    operands = [
        {
            "label": "a",
            "name": "Book value per share",
            "value": 86.38,
            "period": "2Q22",
            "span": span(10, HIGHLIGHTS[9]),
        },
        {
            "label": "b",
            "name": "Common shares at period-end",
            "value": 2932.6,
            "period": "2Q22",
            "span": span(9, HIGHLIGHTS[8]),
        },
    ]
    item = {
        "label": "Value",
        "amount": {"value": 253316.4, "currency": "USD", "unit": "millions"},
        "period": "2Q22",
        "calculation": {"expression": "a * b", "operands": operands, "result": 253316.4},
        "spans": [span(3, "2Q22 1Q22 4Q21")],
    }
    reason = "the table prints 'Market capitalization'"
    assert_scripted(run_cli, fake_openai, pdf, question, answer("amount", item), supported, reason)


PER_SHARE_PAGE = [
    "Selected data",
    "(in millions, except per share and ratio data) 2Q22 1Q22",
    "The change reflects lower net income in the quarter and higher dividends paid",
    "Tangible book value per share $ 69.53 $ 69.58 driven by the net income retained",
    "Other items $ 12 net of related hedges",
]


@pytest.mark.parametrize(
    ("line", "quote", "value", "unit"),
    [
        (4, "Tangible book value per share $ 69.53 $ 69.58", 69.53, None),  # cents under 'except per share'
        (5, "Other items $ 12", 12, None),  # one '$ 12' is no table row
    ],
)
def test_a_heading_s_scale_spares_per_share_cents_and_lone_amounts(
    run_cli, fake_openai, make_pdf, line, quote, value, unit
):
    pdf = make_pdf("contoso-2022q2-10q.pdf", [PER_SHARE_PAGE])
    item = {
        "label": quote.split(" $")[0],
        "amount": {"value": value, "currency": "USD", "unit": unit},
        "period": None,
        "calculation": None,
        "spans": [span(line, quote)],
    }
    fake_openai.push_answer(answer("amount", item))
    _, data, err = ask(run_cli, f"How much was Contoso's {item['label'].lower()}?", pdf)
    assert data is not None, err
    assert data["verification"]["items"][0]["value_check"] == "supported", data["verification"]["items"][0]


INVENTORY = [
    "Inventory",
    "We have approximately 250 aircraft in inventory, including approximately 140 aircraft",
    "that are designated for customers in China. Revenue rose 7 percent",
    "due to higher deliveries.",
]


@pytest.mark.parametrize(
    ("question", "line", "quote", "value", "unit", "supported"),
    [
        ("Approximately how many aircraft did Contoso have in inventory?", 2, INVENTORY[1][31:], 140, "count", False),
        ("By what percent did Contoso's revenue rise?", 3, "Revenue rose 7 percent", 7, "percent", True),  # a cause
    ],
)
def test_a_restrictive_clause_is_read_with_its_verb_and_a_cause_is_none(
    run_cli, fake_openai, make_pdf, question, line, quote, value, unit, supported
):
    pdf = make_pdf("contoso-2022-10k.pdf", [INVENTORY])
    item = {
        "label": "Figure",
        "amount": {"value": value, "currency": None, "unit": unit},
        "period": None,
        "calculation": None,
        "spans": [span(line, quote)],
    }
    reason = "the quote stops before what restricts it"
    assert_scripted(run_cli, fake_openai, pdf, question, answer("amount", item), supported, reason)


def test_the_issuer_s_short_name_generating_revenue_is_the_company(run_cli, fake_openai, make_pdf):
    """'How much revenue did Cosoft generate?' of Contoso Software: the company itself, not a part of it."""
    statement = ["CONTOSO SOFTWARE INC.", *STATEMENT[1:5]]
    pdf = make_pdf("contoso-software-2023q2-10q.pdf", [statement])
    item = {
        "label": "Revenues",
        "amount": {"value": 31015, "currency": "USD", "unit": "millions"},
        "period": "six months ended July 2, 2023",
        "calculation": None,
        "spans": [span(3, statement[2]), span(4, statement[3])],
    }
    question = "How much revenue did Cosoft generate in the six months ended July 2, 2023?"
    assert_scripted(run_cli, fake_openai, pdf, question, answer("amount", item), True)


def test_a_running_header_between_two_quotes_is_no_heading(run_cli, fake_openai, make_pdf):
    """'PART II' printed between the lines of one sentence (a page's running header) parts no passages."""
    lines = [
        "Divestitures",
        "During fiscal 2021, the Company completed the sale of its businesses in Argentina,",
        "PART II",
        "Chile and Uruguay to a distributor.",
    ]
    pdf = make_pdf("contoso-2021-10k.pdf", [lines])
    spans = [span(2, lines[1]), span(4, lines[3])]
    scripted = answer("boolean", {"value": True, "explanation": "Yes.", "spans": spans})
    question = "Did Contoso complete the sale of its businesses in Argentina, Chile and Uruguay during fiscal 2021?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, True)


EXPOSURE = [
    "Respirator Liabilities",
    "Fabrikam retains liability for claims involving respirators sold prior to July 11, 1995.",
    "Contoso's potential liability is limited to exposures on or after January 1, 1997.",
]


@pytest.mark.parametrize(
    ("line", "iso", "printed", "supported"),
    [(2, "1995-07-11", "July 11, 1995", False), (3, "1997-01-01", "January 1, 1997", True)],
)
def test_a_date_bounded_the_other_way_is_another_date(run_cli, fake_openai, make_pdf, line, iso, printed, supported):
    """'... on or after what date?' is not answered by a date the quote gives after 'prior to'."""
    pdf = make_pdf("contoso-2018-10k.pdf", [EXPOSURE])
    item = {"label": "Start", "date": {"iso": iso, "original_text": printed}, "spans": [span(line, EXPOSURE[line - 1])]}
    question = "Contoso's potential respirator liability is limited to exposures on or after what date?"
    reason = "the quote bounds the date the other way"
    assert_scripted(run_cli, fake_openai, pdf, question, answer("date", item), supported, reason)
