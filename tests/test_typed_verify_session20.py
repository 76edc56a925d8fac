"""Session 20: what blind red team round 48 and a new user on Coca-Cola's 2017 10-K found supported wrongly.

- a yes read from a sentence that tells a possibility ('If an event of default were to occur ..., it would likely
  constitute ...', 'the likelihood of goodwill impairment ... to be higher') is not a fact;
- a yes/no question may open with a lead-in clause ('As of June 30, 2023, had ...', 'Excluding ..., did ...');
- 'Consolidated net income' is the whole (noncontrolling interests included), not the part attributable;
- a who-question's answer: a paragraph that goes on to end the office ('... through April 30, 2017') leaves it
  unchecked; a heading in capitals and a date's month name no one;
- 'What are the operating segments?': quotes that never say 'segment' do not answer it, a quote cut inside the list
  its sentence goes on with leaves the rest out, and offline, a text item is the whole sentence its best line is in
  (not the line's cut of it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from docintel.backends.extractive import rank_lines
from docintel.backends.sentences import sentence_span
from docintel.context.pack import Budget, Context, ContextLine, Source
from docintel.ingest.documents import Ingestor
from docintel.question.parse import answer_shape, parse_question
from docintel.retrieval.own_name import proper_name_terms, without_issuer
from docintel.settings import Settings
from docintel.textnorm import tokenize
from docintel.verify.names import _names_someone
from docintel.verify.siblings import twin_row
from tests.conftest import FINANCEBENCH, needs_shared
from tests.test_typed_verify_review36 import assert_case_holds
from tests.test_values import answer, assert_scripted, span

FACILITY = [
    "Credit Facilities",
    "As of January 28, 2023, we were in compliance with all financial covenants of the Five-Year Facility Agreement.",
    "If an event of default were to occur with respect to any of our other debt, it would likely constitute an event",
    "of default under the Five-Year Facility Agreement as well.",
    "In fiscal 2023, an event of default occurred under the Five-Year Facility Agreement and was cured in 30 days.",
    "Options of 2 million shares were excluded from diluted earnings per share because they would have been",
    "antidilutive.",
]
DEFAULT_ASKED = "Did an event of default occur under Contoso's Five-Year Facility Agreement in fiscal 2023?"


def yes(first: int, last: int, quote: str) -> dict:
    """A yes citing lines *first*..*last*."""
    cited = {**span(first, quote), "line_end": last}
    return answer("boolean", {"value": True, "explanation": "Yes.", "spans": [cited]})


@pytest.mark.parametrize(
    ("question", "first", "last", "supported"),
    [
        (DEFAULT_ASKED, 3, 4, False),  # 'If ... were to occur, it would': a possibility
        (DEFAULT_ASKED, 5, 5, True),  # 'an event of default occurred': a fact
        ("Could an event of default on other debt constitute one under Contoso's facility?", 3, 4, True),
        (
            "Did an event of default, if any, occur under Contoso's Five-Year Facility Agreement in fiscal 2023?",
            3,
            4,
            False,
        ),
        ("Were any options excluded from Contoso's diluted earnings per share in fiscal 2023?", 6, 7, True),
    ],
)
def test_a_yes_is_not_read_from_a_possibility(run_cli, fake_openai, make_pdf, question, first, last, supported):
    pdf = make_pdf("contoso-2023-10k.pdf", [FACILITY])
    quote = " ".join(FACILITY[first - 1 : last])
    assert_scripted(
        run_cli,
        fake_openai,
        pdf,
        question,
        yes(first, last, quote),
        supported,
        "the quote tells a possibility, not a fact",
    )


@pytest.mark.parametrize(
    ("question", "shape"),
    [
        ("As of June 30, 2023, had Contoso received a proposed assessment from the IRS?", "boolean"),
        ("Excluding the change in useful lives, did Contoso's cloud gross margin percentage increase?", "boolean"),
        ("In fiscal 2023, what was Contoso's revenue?", "amount"),
        ("In which reporting units, as of 2023, did Contoso carry goodwill?", "text"),
        ("Describe how long Jane Roe, Contoso's Chief Operating Officer, has worked at Contoso.", "text"),
        ("Did Contoso's revenue increase in fiscal 2023?", "boolean"),
        ("Revenue of the Americas segment, the largest one, is what share of Contoso's total?", "amount"),
    ],
)
def test_a_yes_no_question_may_open_with_a_lead_in_clause(question, shape):
    assert answer_shape(question) == shape


STATEMENTS = [
    "CONSOLIDATED STATEMENTS OF COMPREHENSIVE INCOME",
    "Year Ended December 31, 2017 2016",
    "(In millions)",
    "CONSOLIDATED NET INCOME $ 1,283 $ 6,550",
    "Net foreign currency translation adjustment 861 (626)",
    "TOTAL COMPREHENSIVE INCOME 2,144 5,924",
    "Less: Comprehensive income attributable to noncontrolling interests 73 10",
    "TOTAL COMPREHENSIVE INCOME ATTRIBUTABLE TO SHAREOWNERS OF CONTOSO $ 2,071 $ 5,914",
]


@pytest.mark.parametrize(
    ("question", "supported"),
    [
        ("What was net income attributable to shareowners of Contoso in 2017?", False),
        ("What was Contoso's consolidated net income in 2017?", True),
    ],
)
def test_consolidated_net_income_is_the_whole_not_the_part_attributable(
    run_cli, fake_openai, make_pdf, question, supported
):
    pdf = make_pdf("contoso-2017-10k.pdf", [STATEMENTS])
    item = {
        "label": "Consolidated net income",
        "amount": {"value": 1283, "currency": "USD", "unit": "millions"},
        "period": "2017",
        "calculation": None,
        "spans": [span(4, STATEMENTS[3])],
    }
    assert_scripted(
        run_cli, fake_openai, pdf, question, answer("amount", item), supported, "noncontrolling interests included"
    )


OFFICERS = [
    "Executive Officers",
    "Jane Roe, 52, is Chairman of the Board of Directors of the Company. Ms. Roe joined the Company in 1985. She was",
    "elected Chief Executive Officer of the Company in July 2008. She served as President of the Company until",
    "August 2015 and as Chief Executive Officer of the Company through April 30, 2017.",
    "John Doe, 52, is President and Chief Executive Officer of the Company, effective May 1, 2017.",
    "Ann Poe, 58, is Chief Executive Officer of the Company. Ms. Poe was elected Chief Executive Officer in June 2019.",
    "She was chief executive officer of Fabrikam, Inc. until May 2019.",
    "She will serve as Chief Executive Officer of the Company until her successor is elected.",
    "PRESIDENT & CHIEF EXECUTIVE OFFICER",
    "CONTOSO CORPORATION December 12, 2017",
    "The board elects the president and the chief executive officer of the corporation each year.",
]
CEO_ASKED = "Who is the Chief Executive Officer of Contoso?"


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("PRESIDENT & CHIEF EXECUTIVE OFFICER THE CONTOSO COMPANY December 12, 2017", False),  # capitals, a month
        ("President, Contoso Corporation", False),  # a legal form names no one
        ("KPMG LLP", True),
        ("Jane Roe, Contoso Corporation", True),
    ],
)
def test_a_heading_s_capitals_a_month_and_a_legal_form_name_no_one(text, names):
    lowercase = frozenset("the president and chief executive officer of the company".split())
    assert _names_someone(text, lowercase, frozenset({"contoso"})) is names


@pytest.mark.parametrize(
    ("text", "first", "last", "quote", "supported", "said"),
    [
        ("Jane Roe", 3, 3, OFFICERS[2], False, "the person's history goes on after the quote"),
        ("John Doe", 5, 5, OFFICERS[4], True, ""),
        ("Ann Poe", 6, 6, OFFICERS[5], True, ""),  # an office elsewhere ended, and 'until her successor' is no end
        (" ".join(OFFICERS[8:10]), 9, 10, " ".join(OFFICERS[8:10]), False, "names no"),  # a heading and a date
    ],
)
def test_who_holds_an_office_now(run_cli, fake_openai, make_pdf, text, first, last, quote, supported, said):
    pdf = make_pdf("contoso-2017-10k.pdf", [OFFICERS])
    cited = {**span(first, quote), "line_end": last}
    assert_scripted(
        run_cli, fake_openai, pdf, CEO_ASKED, answer("text", {"text": text, "spans": [cited]}), supported, said
    )


SEGMENTS = [
    "Our Markets",
    "We report our Contoso Brand operations based on our internal geographic organization. Each geographic segment",
    "operates predominantly in one industry: the design and selling of footwear and apparel. The Company's reportable",
    "operating segments for the Contoso Brand are: North America; Europe, Middle East & Africa",
    '("EMEA"); Greater China; and Asia Pacific & Latin America ("APLA"), and include results for all brands.',
    "Other operating charges included $225 million related to a contribution we made to the Contoso Foundation.",
    "The reportable operating segments of Contoso Outdoor are: Retail; Wholesale; and Online, and they include the",
    "results of all its brands and their stores.",
    "Other operating charges incurred by operating segment were as follows (in millions):",
]
SEGMENTS_ASKED = "What are Contoso's reportable operating segments?"


@pytest.mark.parametrize(
    ("first", "last", "quote", "supported", "said"),
    [
        (3, 4, " ".join(SEGMENTS[2:4]), False, "the quote stops inside a list"),
        (3, 5, " ".join(SEGMENTS[2:5]), True, ""),
        (6, 6, SEGMENTS[5], False, "its quotes do not name the segments asked"),
        (7, 7, SEGMENTS[6], True, ""),  # the list ends on its line ('; and Online'): nothing is left out
        (9, 9, SEGMENTS[8], False, "the quote introduces what follows it"),
    ],
)
def test_a_list_of_segments_is_quoted_whole(run_cli, fake_openai, make_pdf, first, last, quote, supported, said):
    pdf = make_pdf("contoso-2023-10k.pdf", [SEGMENTS])
    cited = {**span(first, quote), "line_end": last}
    assert_scripted(
        run_cli, fake_openai, pdf, SEGMENTS_ASKED, answer("text", {"text": quote, "spans": [cited]}), supported, said
    )


def _line(number: int, text: str, page: int = 1) -> ContextLine:
    return ContextLine(global_line=number, page=page, line_in_page=number, text=text)


@pytest.mark.parametrize(
    ("texts", "best", "lines"),
    [
        (SEGMENTS, 4, (3, 5)),  # the sentence the line holds most of, from its start to its end
        (
            [
                "Revenue by product line was as follows for the years ended December 31 (in millions of dollars)",
                "Product revenue from the sale of footwear 1,200 1,100",
                "Service revenue from repairs and maintenance 300 280",
            ],
            1,
            (1, 1),
        ),
        (["Subsidiaries", "Contoso Limited Brazil", "Contoso Indochina Pte Ltd Singapore", "Contoso GmbH"], 3, (3, 3)),
        (["Customer returns and refund policy", "Customers may return items within 45 days of purchase."], 1, (1, 1)),
        (["Method of Determining Segment Income or Loss", "Management evaluates the segments separately."], 2, (2, 2)),
    ],
)
def test_a_line_s_whole_sentence_is_read_over_the_lines_it_runs(texts, best, lines):
    sent = {("d", n): _line(n, t) for n, t in enumerate(texts, start=1)}
    quoted = sentence_span("d", sent[("d", best)], sent, single=True)
    assert (quoted.line_start, quoted.line_end) == lines, quoted


def test_offline_a_text_item_is_the_whole_sentence_its_line_is_in(run_cli, make_pdf):
    pdf = make_pdf("contoso-2023-10k.pdf", [SEGMENTS])
    _, out, _ = run_cli("ask", SEGMENTS_ASKED, pdf, "--json")
    data = json.loads(out)
    assert data["status"] == "supported", data["verification"]
    items = data["answer"]["items"]
    whole = [i for i in items if i["text"].startswith("The Company's reportable operating segments")]
    assert whole and whole[0]["text"].endswith("and include results for all brands."), items
    assert (whole[0]["spans"][0]["line_start"], whole[0]["spans"][0]["line_end"]) == (3, 5)


CASES = [
    json.loads(line) for line in (Path(__file__).parent / "data" / "session20_cases.jsonl").read_text().splitlines()
]


@needs_shared
@pytest.mark.parametrize("case", CASES, ids=[c["class"] for c in CASES])
def test_round_48_s_cases_hold(run_cli, fake_openai, tmp_path, case):
    """Round 48's and the new user's cases on the filings: the wrong ones not supported, the right ones kept."""
    assert_case_holds(run_cli, fake_openai, tmp_path, case)


@needs_shared
def test_the_issuer_is_read_from_its_statements_heading_and_its_proper_name_is_no_search_term(isolated_env):
    """Coca-Cola's cover prints its name as a picture: the heading of its statements ('THE COCA-COLA COMPANY AND
    SUBSIDIARIES') names it. A name's word the document also writes in lowercase ('cola-flavored', American Water's
    'water' and 'works') stays a search term; the others tell no passage of its own filing from another."""
    ingestor = Ingestor(Settings())
    coca = ingestor.ingest([FINANCEBENCH / "pdfs" / "COCACOLA_2017_10K.pdf"]).documents[0]
    assert coca.meta.profile.issuer.source == "text" and "Coca-Cola" in (coca.meta.profile.issuer.value or "")
    assert proper_name_terms(coca) == frozenset({"coca"})
    water = ingestor.ingest([FINANCEBENCH / "pdfs" / "AMERICANWATERWORKS_2021_10K.pdf"]).documents[0]
    assert not proper_name_terms(water) & {"water", "work"}
    assert without_issuer([("coca", 1.0), ("segment", 1.0)], [coca]) == [("segment", 1.0)]
    assert without_issuer([("coca", 1.0)], [coca]) == [("coca", 1.0)]  # nothing else asked: kept


def test_offline_a_sentence_two_best_lines_share_is_one_item(run_cli, make_pdf):
    refund = [
        "Returns",
        "Customers may return unused merchandise within the refund window of 45 days for a full refund, in",
        "our stores, by mail and in online orders. The refund window for members is 60 days for a full refund.",
    ]
    pdf = make_pdf("contoso-2023-10k.pdf", [refund])
    _, out, _ = run_cli("ask", "What is Contoso's refund window for a full refund?", pdf, "--json")
    assert len(json.loads(out)["answer"]["items"]) >= 1
    spans = [(s["line_start"], s["line_end"]) for i in json.loads(out)["answer"]["items"] for s in i["spans"]]
    assert [start for start, _ in spans].count(2) == 1, spans  # the first sentence once, with the second or not


def test_a_twin_row_s_own_words_do_not_name_its_sub_heading():
    """'Common stock repurchased' under 'Common stock and paid-in capital' and again under 'Retained earnings' (an
    equity statement): 'common stock' asked names the row, not which sub-heading; 'paid-in capital' names one."""
    groups = ("Common stock and paid-in capital", "Retained earnings")
    asked = frozenset(tokenize("What was Microsoft's common stock repurchased in fiscal 2023?"))
    assert twin_row("Common stock repurchased", groups, asked) == "Common stock repurchased"
    asked = frozenset(tokenize("What was common stock repurchased charged to paid-in capital in fiscal 2023?"))
    assert twin_row("Common stock repurchased", groups, asked) is None


AUDITORS = [
    "Independent Auditors",
    "Our independent auditors, Fabrikam & Partners LLP, audited the financial statements in this report.",
    "Mr. Roe was previously the president of Tailspin, Inc., and chairs the audit committee of its board.",
    "The audit committee meets with the auditors each quarter.",
]


@pytest.mark.parametrize(("text", "line", "supported"), [("Fabrikam & Partners LLP", 2, True), ("Mr. Roe", 3, False)])
def test_a_who_answer_quotes_the_role_asked(run_cli, fake_openai, make_pdf, text, line, supported):
    pdf = make_pdf("contoso-2023-10k.pdf", [AUDITORS])
    scripted = answer("text", {"text": text, "spans": [span(line, AUDITORS[line - 1])]})
    reason = "its quotes do not name the auditor asked"
    assert_scripted(run_cli, fake_openai, pdf, "Who is Contoso's auditor?", scripted, supported, reason)


@needs_shared
def test_offline_the_auditor_is_the_firm_its_line_names_each_sentence_once(run_cli):
    """'Who is Coca-Cola's auditor?': the line naming a firm by its legal form ('Ernst & Young LLP') ranks above the
    audit committee's lines, and two best lines of one sentence give one item."""
    pdf = FINANCEBENCH / "pdfs" / "COCACOLA_2017_10K.pdf"
    _, out, _ = run_cli("ask", "Who is Coca-Cola's auditor?", pdf, "--json")
    data = json.loads(out)
    texts = [i["text"] for i in data["answer"]["items"]]
    assert data["status"] == "supported" and "Ernst & Young LLP" in texts[0], texts
    assert not any(a in b for a in texts for b in texts if a is not b), texts


def test_offline_lines_are_not_ranked_by_the_issuer_s_proper_name():
    """'What are Contoso's operating regions?': a line that says 'Contoso' twice and 'regions' is no better than
    the line that lists the operating regions, in a filing whose every page may name Contoso."""
    texts = [
        "Contoso regions are reviewed by the board of Contoso each year.",
        "Our operating regions are North America and Europe.",
        *(f"Operating income of unit {i} rose in the year." for i in range(8)),
    ]
    lines = [ContextLine(global_line=n, page=1, line_in_page=n, text=t) for n, t in enumerate(texts, start=1)]
    source = Source(
        doc="d",
        title="t",
        heading_path=[],
        pages=[1],
        chars=1,
        whole_document=False,
        lines=lines,
        issuer_terms=["contoso"],
    )
    budget = Budget(budget_chars=1, used_chars=1, remaining_chars=0, estimated_tokens=1)
    context = Context(
        status="ok", status_detail="", rendered="", sources=[source], decisions=[], budget=budget, notes=[]
    )
    ranked = rank_lines(parse_question("What are Contoso's operating regions?"), context, Settings())
    assert ranked[0][2].global_line == 2, ranked[:2]


def test_a_list_s_entries_may_quote_its_lines_one_by_one(run_cli, fake_openai, make_pdf):
    """A list answer's entry quotes the line that names it; another entry quotes the rest of the same list, so a
    line cut inside the list leaves nothing out of the answer."""
    pdf = make_pdf("contoso-2023-10k.pdf", [SEGMENTS])
    entries = [
        {"text": "North America", "spans": [span(4, SEGMENTS[3])]},
        {"text": "Greater China", "spans": [{**span(4, " ".join(SEGMENTS[3:5])), "line_end": 5}]},
    ]
    scripted = answer("list", *entries)
    assert_scripted(run_cli, fake_openai, pdf, "List the reportable operating segments of Contoso.", scripted, True)
