"""Session 22: what a new user on CVS Health's 2022 10-K and AMD's 2015 10-K, and blind red team round 50, found
supported wrongly.

- 'What are the reportable segments?' is not answered by a sentence that only refers to them ('these reportable
  segments', 'not a reportable segment');
- a who-answer names the one who does the verb asked ('We have audited ... criteria issued by the Committee of
  Sponsoring Organizations of the Treadway Commission' names no auditor), not a register before the ID it issues
  ('Public Company Accounting Oversight Board ID: 42') nor a caption's words;
- a title joined by 'and' to another 'of Aetna Inc.' is held there, and one 'from February 2013 through May 2019'
  was held before;
- a list cell that ends in its separator ('NJ, PA,') goes on, unless the answer quotes the next line too;
- a date 'originally scheduled' and since moved is not the date now set;
- an amount offered is not the price of a sale;
- a yes whose quotes say nothing of the question's verb and its object ('expire within one year') is unchecked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import needs_shared
from tests.test_typed_verify_review36 import assert_case_holds
from tests.test_values import amount, answer, assert_scripted, span

SEGMENTS = [
    "Segment Reporting",
    "As a result of this change, the Company has the following two reportable segments:",
    "the Computing and Graphics segment, which includes desktop processors; and",
    "the Enterprise and Embedded segment, which includes server processors.",
    "In addition to these reportable segments, the Company has an All Other category, which is not a reportable"
    " segment.",
    "These expenses are not allocated to any of the reportable segments because management does not consider them.",
]


@pytest.mark.parametrize(
    ("lines", "supported"),
    [
        ([5], False),  # 'these reportable segments', 'not a reportable segment'
        ([6], False),  # 'any of the reportable segments'
        ([3, 4], True),  # 'the Computing and Graphics segment': a name before the noun
    ],
)
def test_an_answer_that_refers_to_the_things_asked_names_none(run_cli, fake_openai, make_pdf, lines, supported):
    pdf = make_pdf("contoso-2015-10k.pdf", [SEGMENTS])
    items = [{"text": SEGMENTS[n - 1], "spans": [span(n, SEGMENTS[n - 1])]} for n in lines]
    question = "What are Contoso's reportable segments?"
    assert_scripted(run_cli, fake_openai, pdf, question, answer("text", *items), supported, "naming none")


def test_things_named_after_their_noun_are_named(run_cli, fake_openai, make_pdf):
    """'The reportable segments are Retail and Online': the names follow the noun and its verb."""
    lines = ["Segment Reporting", "The reportable segments are Retail and Online, as described in Note 4."]
    pdf = make_pdf("contoso-2015-10k.pdf", [lines])
    scripted = answer("text", {"text": lines[1], "spans": [span(2, lines[1])]})
    assert_scripted(run_cli, fake_openai, pdf, "What are Contoso's reportable segments?", scripted, True)


AUDIT = [
    "Reports of Independent Registered Public Accounting Firm (Public Company Accounting Oversight Board ID: 42) 179",
    "We have audited Contoso Corporation's internal control over financial reporting, based on criteria established",
    "in the Integrated Framework issued by the Committee of Sponsoring Organizations of the Treadway Commission.",
    "Fabrikam Kowalski LLP has audited the consolidated financial statements of the Company.",
    "The financial statements were audited by Fabrikam Kowalski LLP, an independent firm.",
    'See the section under the caption "Item 2: Ratification of Appointment of the Independent Auditor" below.',
    "We have served as the Company's auditor since 1921 and we are independent of the company.",
    "Please see the item, the section and the appointment of our independent registered public",
    "accounting firm, whose reports the oversight board reviews.",
]


@pytest.mark.parametrize(
    ("question", "first", "last", "supported"),
    [
        ("Which firm audited Contoso's financial statements?", 2, 3, False),  # the framework's issuer, not the verb's
        ("Who audited Contoso's financial statements?", 2, 3, False),
        ("Which firm audited Contoso's financial statements?", 4, 4, True),  # before the verb
        ("Which firm audited Contoso's financial statements?", 5, 5, True),  # after its 'by'
        ("Who is Contoso's independent registered public accounting firm?", 1, 1, False),  # a register's ID
        ("Who is Contoso's independent auditor?", 6, 6, False),  # a caption's words
    ],
)
def test_a_who_answer_names_who_does_the_verb(run_cli, fake_openai, make_pdf, question, first, last, supported):
    pdf = make_pdf("contoso-2022-10k.pdf", [AUDIT])
    quote = " ".join(AUDIT[first - 1 : last])
    scripted = answer("text", {"text": quote, "spans": [{**span(first, quote), "line_end": last}]})
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "about")


OFFICERS = [
    "Executive Officers of the Registrant",
    "Jane Roe, age 59, Executive Vice President and Chief Financial Officer of Contoso Corporation since May 2021;",
    "Chief Financial Officer and Chief Risk Officer of Fabrikam Inc. from February 2013 through May 2019.",
    "John Doe, Chief Financial Officer of Contoso Corporation from 2013 through 2019, retired in 2020.",
    "Chief Financial Officer and Chief Risk Officer of Fabrikam Inc.; Senior Vice President of Fabrikam Inc.",
]


@pytest.mark.parametrize(("line", "supported"), [(2, True), (3, False), (4, False), (5, False)])
def test_an_office_joined_to_another_s_organisation_or_ended_is_not_held(
    run_cli, fake_openai, make_pdf, line, supported
):
    pdf = make_pdf("contoso-2022-10k.pdf", [OFFICERS])
    scripted = answer("text", {"text": OFFICERS[line - 1], "spans": [span(line, OFFICERS[line - 1])]})
    question = "Who is the Chief Financial Officer of Contoso?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "office")


STATES = [
    "Regulatory Practices",
    "The infrastructure surcharge is allowed in IA, IL, IN, KY, MO, NJ, PA,",
    "TN, VA, WV",
    "The future test year is allowed in CA, HI and IA.",
]


@pytest.mark.parametrize(("lines", "supported"), [([2], False), ([2, 3], True)])
def test_a_list_that_ends_in_its_separator_goes_on(run_cli, fake_openai, make_pdf, lines, supported):
    pdf = make_pdf("contoso-2021-10k.pdf", [STATES])
    quotes = {2: "IA, IL, IN, KY, MO, NJ, PA,", 3: "TN, VA, WV"}
    items = [{"text": state, "spans": [span(n, quotes[n]) for n in lines]} for state in ("IA", "PA")]
    question = "In which states is Contoso allowed an infrastructure surcharge?"
    assert_scripted(run_cli, fake_openai, pdf, question, answer("text", *items), supported, "stops inside a list")


TRIAL = [
    "Legal Proceedings",
    "The water agency made an offer of $38 million for the pipeline before filing its lawsuit.",
    "A valuation trial was originally scheduled for October 2021 but has been continued to June 2022.",
]


@pytest.mark.parametrize(
    ("iso", "printed", "supported"), [("2021-10", "October 2021", False), ("2022-06", "June 2022", True)]
)
def test_a_date_first_set_and_since_moved_is_not_the_date_set(run_cli, fake_openai, make_pdf, iso, printed, supported):
    pdf = make_pdf("contoso-2021-10k.pdf", [TRIAL])
    item = {"label": "Trial", "date": {"iso": iso, "original_text": printed}, "spans": [span(3, TRIAL[2])]}
    question = "When is the valuation trial in the water agency's lawsuit scheduled?"
    assert_scripted(run_cli, fake_openai, pdf, question, answer("date", item), supported, "first set")


@pytest.mark.parametrize(
    ("question", "supported"),
    [
        ("For how much was Contoso's pipeline sold to the water agency?", False),
        ("How much did the water agency offer for Contoso's pipeline?", True),
        ("How much was offered for Contoso's pipeline?", True),
    ],
)
def test_an_amount_offered_is_no_sale_price(run_cli, fake_openai, make_pdf, question, supported):
    pdf = make_pdf("contoso-2021-10k.pdf", [TRIAL])
    scripted = amount(38, "millions", None, (2, "made an offer of $38 million for the pipeline"), label="Pipeline")
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "scenario")


GIFT_CARDS = [
    "Gift Cards",
    "Our gift cards do not expire.",
    "Breakage revenue is recognized in proportion to the pattern of redemptions.",
]


@pytest.mark.parametrize(("value", "line", "supported"), [(True, 3, False), (False, 2, True)])
def test_a_yes_or_no_says_the_question_s_verb(run_cli, fake_openai, make_pdf, value, line, supported):
    pdf = make_pdf("contoso-2023-10k.pdf", [GIFT_CARDS])
    item = {"value": value, "explanation": "From the note.", "spans": [span(line, GIFT_CARDS[line - 1])]}
    question = "Do Contoso gift cards expire within one year of issuance?"
    assert_scripted(run_cli, fake_openai, pdf, question, answer("boolean", item), supported, "say nothing of 'expire'")


CASES = [
    json.loads(line) for line in (Path(__file__).parent / "data" / "session22_cases.jsonl").read_text().splitlines()
]


@needs_shared
@pytest.mark.parametrize("case", CASES, ids=[c["class"] for c in CASES])
def test_session_22_s_cases_hold(run_cli, fake_openai, tmp_path, case):
    """The new users' and red team round 50's cases on the filings: wrong ones not supported, right ones kept."""
    assert_case_holds(run_cli, fake_openai, tmp_path, case)


PARLORS = [
    "Ice Cream Parlors",
    "We operate 448 (all leased) and franchise 384 branded ice cream parlors in various countries,",
    "all outside of the United States and Canada.",
]


@pytest.mark.parametrize(("value", "supported"), [(False, True), (True, False)])
def test_outside_a_place_says_no_of_it(run_cli, fake_openai, make_pdf, value, supported):
    """'all outside of the United States and Canada' says no to 'any ... in Canada?'."""
    pdf = make_pdf("contoso-2022-10k.pdf", [PARLORS])
    spans = [span(2, "We operate 448 (all leased) and franchise 384 branded ice cream"), span(3, PARLORS[2])]
    scripted = answer("boolean", {"value": value, "explanation": "From the note.", "spans": spans})
    question = "Does Contoso operate any ice cream parlors in Canada?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "polarity")


CONDEMNATION = [
    "Condemnation",
    "The Company filed a petition challenging the certification; on November 19, 2021, the court denied the petition.",
    "On March 1, 2022, the district was cleared to proceed with the condemnation of the system.",
]


@pytest.mark.parametrize(("line", "supported"), [(2, False), (3, True)])
def test_a_yes_says_the_participle_asked(run_cli, fake_openai, make_pdf, line, supported):
    """'As of the filing, has the district been cleared to proceed ...?': a court's denial of another's petition
    does not say it."""
    pdf = make_pdf("contoso-2021-10k.pdf", [CONDEMNATION])
    item = {"value": True, "explanation": "From the note.", "spans": [span(line, CONDEMNATION[line - 1])]}
    question = "As of the filing, has the district been cleared to proceed with the condemnation of the system?"
    assert_scripted(run_cli, fake_openai, pdf, question, answer("boolean", item), supported, "nothing of 'cleared'")


def test_a_yes_to_is_it_so_needs_no_verb(run_cli, fake_openai, make_pdf):
    """'Is Contoso eligible for the grant?' asks no verb: 'Contoso qualifies for the grant' answers it."""
    lines = ["Grants", "Contoso qualifies for the state grant under the program."]
    pdf = make_pdf("contoso-2021-10k.pdf", [lines])
    item = {"value": True, "explanation": "From the note.", "spans": [span(2, lines[1])]}
    question = "Is Contoso eligible for the state grant under the program?"
    assert_scripted(run_cli, fake_openai, pdf, question, answer("boolean", item), True)


def test_a_no_may_be_read_from_what_was_done_instead(run_cli, fake_openai, make_pdf):
    """'Did Contoso request a return on equity?': 'filed ... an operating ratio rather than a return on equity' is
    a no that never says 'request'."""
    lines = [
        "Rate Cases",
        "Contoso filed its case under the process which uses an operating ratio rather than a return",
    ]
    lines += ["on equity."]
    pdf = make_pdf("contoso-2021-10k.pdf", [lines])
    quote = "Contoso filed its case under the process which uses an operating ratio rather than a return on equity."
    item = {"value": False, "explanation": "No.", "spans": [{**span(2, quote), "line_end": 3}]}
    question = "Did Contoso request a return on equity in its rate case?"
    assert_scripted(run_cli, fake_openai, pdf, question, answer("boolean", item), True)


LOYALTY = [
    "Customer Loyalty Programs",
    "We have customer loyalty programs which allow members to earn points for each purchase completed with us.",
    "Points earned enable members to receive a certificate that may be redeemed on future purchases.",
    "Certificate expirations are typically two months from the date of issuance.",
    "Loyalty points expire twelve months after they are earned.",
]


@pytest.mark.parametrize(("line", "supported"), [(4, False), (5, True)])
def test_a_claim_s_figure_is_said_of_its_sentence_s_subject(run_cli, fake_openai, make_pdf, line, supported):
    """'Loyalty points ... expire two months from ...' is not read from 'Certificate expirations are typically two
    months', though the quote before names points."""
    pdf = make_pdf("contoso-2023-10k.pdf", [LOYALTY])
    figure = "two months" if line == 4 else "twelve months"
    text = f"Loyalty points earned by members expire {figure} from the date they are issued."
    spans = [span(2, LOYALTY[1][:-1]), span(line, LOYALTY[line - 1][:-1])]
    scripted = answer("text", {"text": text, "spans": spans})
    question = "How long do Contoso loyalty program points remain valid before they expire?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "the quote gives")


# the fresh-eyes review's counterexamples to the rules above


def test_things_referred_to_and_named_by_headings_are_named(run_cli, fake_openai, make_pdf):
    lines = ["Segment Information", "These reportable segments are managed apart.", "Productivity and Processes"]
    lines += ["Our Productivity and Processes segment consists of products and services.", "Intelligent Cloud"]
    pdf = make_pdf("contoso-2023-10k.pdf", [lines])
    items = [
        {"text": name, "spans": [span(2, lines[1]), span(line, name)]} for line, name in ((3, lines[2]), (5, lines[4]))
    ]
    scripted = answer("text", *items)
    assert_scripted(run_cli, fake_openai, pdf, "What are Contoso's reportable segments?", scripted, True)


ACQUIRED = [
    "Acquisitions",
    "On November 4, 2021, we acquired all of the outstanding shares of Fabrikam Health Ltd for $400 million.",
    "We have audited the financial statements of Contoso Corporation as its independent accounting firm.",
    "Its criteria were issued by the Committee of Sponsoring Organizations of the Treadway Commission.",
]


def test_which_company_did_it_acquire_asks_the_object(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [ACQUIRED])
    scripted = answer("text", {"text": "Fabrikam Health Ltd", "spans": [span(2, ACQUIRED[1])]})
    question = "Which company did Contoso acquire on November 4, 2021?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, True)


def test_a_pronoun_s_name_comes_before_it(run_cli, fake_openai, make_pdf):
    """'We have audited ...' and a later quote naming the framework's issuer: no auditor is named."""
    pdf = make_pdf("contoso-2022-10k.pdf", [ACQUIRED])
    text = "The Committee of Sponsoring Organizations of the Treadway Commission"
    scripted = answer("text", {"text": text, "spans": [span(3, ACQUIRED[2]), span(4, ACQUIRED[3])]})
    question = "Which firm audited Contoso's financial statements?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, False, "about")


MOVED = [
    "Legal Proceedings",
    "A valuation trial was originally scheduled for October 2021 but has been continued to June 2022.",
    "The supply agreement was originally scheduled to expire in October 2023 but was extended to December 2025.",
]


@pytest.mark.parametrize(
    ("question", "line", "iso", "printed", "supported"),
    [
        ("For which month was the valuation trial set before it was continued?", 2, "2021-10", "October 2021", True),
        ("When does the supply agreement expire?", 3, "2023-10", "October 2023", False),
        ("When does the supply agreement expire?", 3, "2025-12", "December 2025", True),
    ],
)
def test_a_date_first_set_is_asked_by_what_moved_it(
    run_cli, fake_openai, make_pdf, question, line, iso, printed, supported
):
    pdf = make_pdf("contoso-2021-10k.pdf", [MOVED])
    item = {"label": "Date", "date": {"iso": iso, "original_text": printed}, "spans": [span(line, MOVED[line - 1])]}
    assert_scripted(run_cli, fake_openai, pdf, question, answer("date", item), supported, "first set")


def test_a_question_about_outside_a_place_is_answered_from_outside_it(run_cli, fake_openai, make_pdf):
    lines = ["Geographic Information", "Approximately 60 percent of our revenues came from outside the United States."]
    pdf = make_pdf("contoso-2022-10k.pdf", [lines])
    item = {"value": True, "explanation": "About 60 percent.", "spans": [span(2, lines[1])]}
    question = "Does Contoso derive the majority of its revenues from outside the United States?"
    assert_scripted(run_cli, fake_openai, pdf, question, answer("boolean", item), True)


def test_a_yes_may_say_the_verb_s_object_in_other_words(run_cli, fake_openai, make_pdf):
    """'Did Contoso exit Mexico?': 'All of our former stores in Mexico were closed' says it of Mexico."""
    lines = ["Exit Activities", "All of our former stores in Mexico were closed in the first quarter of fiscal 2021."]
    pdf = make_pdf("contoso-2022-10k.pdf", [lines])
    item = {"value": True, "explanation": "Closed.", "spans": [span(2, lines[1])]}
    assert_scripted(run_cli, fake_openai, pdf, "Did Contoso exit Mexico?", answer("boolean", item), True)


def test_shares_offered_are_sold_not_proposed(run_cli, fake_openai, make_pdf):
    lines = [
        "Initial Public Offering",
        "We received net proceeds of $245.7 million from the shares offered in the IPO.",
    ]
    pdf = make_pdf("contoso-2015-10k.pdf", [lines])
    scripted = amount(245.7, "millions", None, (2, lines[1][:-1]), label="Net proceeds")
    question = "What were Contoso's net proceeds from the shares offered in its IPO?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, True)


def test_a_figure_s_subject_may_be_inflected_in_the_claim(run_cli, fake_openai, make_pdf):
    """'adjustments are taxed at ... 24.5%' from 'the income tax charge is calculated using ... 24.5%'."""
    lines = ["Non-GAAP Measures", "As such, the income tax charge is calculated using the statutory tax rate of 24.5%."]
    pdf = make_pdf("contoso-2023-10k.pdf", [lines])
    text = "The non-GAAP adjustments are taxed at the statutory rate of 24.5%."
    scripted = answer("text", {"text": text, "spans": [span(2, lines[1][:-1])]})
    question = "How does Contoso compute the income tax effect of its non-GAAP adjustments?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, True)


def test_notes_offered_are_issued(run_cli, fake_openai, make_pdf):
    lines = ["Debt", "In its March 2022 offering of senior notes, Contoso offered $500 million of notes due 2032."]
    pdf = make_pdf("contoso-2022-10k.pdf", [lines])
    scripted = amount(500, "millions", "March 2022", (2, lines[1][:-1]), label="Senior notes in the offering")
    question = "How much did Contoso raise in its March 2022 offering of senior notes?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, True)


NOTES = [
    "Debt",
    "In February 2022, we issued $1 billion of senior notes due 2032.",
    "We redeemed $500 million of notes.",
    "In March 2022, we issued $2 billion of notes and redeemed $700 million of older notes.",
]


@pytest.mark.parametrize(
    ("question", "line", "supported"),
    [
        ("Did Contoso redeem $1 billion of senior notes in February 2022?", 2, False),
        ("Did Contoso issue $1 billion of senior notes in February 2022?", 2, True),
        ("Did Contoso redeem $500 million of notes?", 3, True),
        ("Did Contoso redeem $700 million of older notes in March 2022?", 4, True),  # both sides said
    ],
)
def test_a_yes_is_not_read_from_another_side_of_a_transaction(
    run_cli, fake_openai, make_pdf, question, line, supported
):
    pdf = make_pdf("contoso-2022-10k.pdf", [NOTES])
    item = {"value": True, "explanation": "Yes.", "spans": [span(line, NOTES[line - 1])]}
    assert_scripted(run_cli, fake_openai, pdf, question, answer("boolean", item), supported, "another act")


def test_a_shareholder_proposal_is_a_ballot_item_not_an_offer(run_cli, fake_openai, make_pdf):
    lines = ["Voting Results", "The shareholder proposal regarding a climate report received 19,300,000 votes for."]
    pdf = make_pdf("contoso-2023-8k.pdf", [lines])
    scripted = amount(19300000, "count", None, (2, lines[1][:-1]), currency=None, label="Votes for")
    question = "How many votes were cast for the shareholder proposal regarding a climate report?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, True)
