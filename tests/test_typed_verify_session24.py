"""Session 24: what the last session's stop check, blind red team round 52 and a new user found supported wrongly.

- 'Where is Contoso headquartered?' is not answered by a sentence that places a subsidiary's headquarters ('the
  headquarters for Fabrikam Bank in Sandy, Utah'), an acquired company's ('Northwind, headquartered in Zurich') or
  the company's other sites ('Other owned or leased principal locations include ...'), nor by one that says no seat
  at all; 'Our principal executive offices are ... in lower Manhattan' answers it, found by the reader's word."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from docintel.question.parse import answer_shape
from scripts.verify_redteam import resolve_pdf
from tests.conftest import needs_shared
from tests.test_typed_verify_review36 import assert_case_holds
from tests.test_values import amount, answer, ask, assert_scripted, calculation, operand, span

COVER = [
    "FORM 10-K",
    "CONTOSO INC.",
    "(Exact name of registrant as specified in its charter)",
    "1 Contoso Plaza",
    "Springfield, Illinois 62701",
    "(Address of principal executive offices) (Zip Code)",
]
PROPERTIES = [
    "Properties",
    "Our principal executive offices are in a 2.2 million square foot building located in lower Manhattan, leased.",
    "Other owned or leased principal locations include Contoso offices in Phoenix, Arizona, and data centers in",
    "Greensboro, North Carolina; the headquarters for Fabrikam Bank in Sandy, Utah; and the headquarters for Contoso",
    "Europe Limited in London, England. We also lease travel lounges in major airports.",
    "In September 2016, Contoso acquired all of the shares of Northwind, headquartered in Zurich, Switzerland.",
    "Each of the officers listed above has held an office with the company for at least five years, in Springfield.",
    "We are based in Springfield, Illinois, where we were founded.",
    "The headquarters for Fabrikam Bank is in Sandy, Utah; it is a subsidiary of the company.",
    "Our assets consist of our corporate headquarters, retail locations and distribution facilities in Ohio and Peru.",
    "We lease an office in Lyon, France, which serves as the headquarters for our Europe geography.",
]


@pytest.mark.parametrize(
    ("question", "line", "quote", "supported", "reason"),
    [
        ("Where is Contoso headquartered?", 2, PROPERTIES[1], True, ""),
        ("Where is Contoso headquartered?", 4, "the headquarters for Fabrikam Bank in Sandy, Utah", False, "Fabrikam"),
        ("Where is Contoso headquartered?", 3, PROPERTIES[2], False, "other sites"),
        ("Where are Contoso's headquarters located?", 6, PROPERTIES[5], False, "headquarters of Northwind"),
        ("Where is the company headquartered?", 7, PROPERTIES[6], False, "nothing of where"),
        ("Where is Contoso based?", 8, PROPERTIES[7], True, ""),
        ("Where is Contoso headquartered?", 9, PROPERTIES[8], False, "headquarters of Fabrikam"),  # a subsidiary's seat
        ("Where is Fabrikam Bank headquartered?", 9, PROPERTIES[8], True, ""),  # the subsidiary asked: its own seat
        ("Where is Contoso headquartered?", 10, PROPERTIES[9], False, "together with other sites"),
        (
            "Where is Contoso headquartered?",
            11,
            PROPERTIES[10],
            False,
            "headquarters of Europe",
        ),  # a region's headquarters
        ("Where are Contoso's data centers located?", 3, PROPERTIES[2], True, ""),  # not the company's seat asked
    ],
)
def test_a_seat_asked_is_the_company_s_own(run_cli, fake_openai, make_pdf, question, line, quote, supported, reason):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, PROPERTIES])
    scripted = answer("text", {"text": quote, "spans": [span(len(COVER) + line, quote)]})
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, reason)


def test_a_cover_page_address_answers_where_the_company_is(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, PROPERTIES])
    cited = [span(4, COVER[3]), span(6, COVER[5])]  # the label says what the address is
    scripted = answer("text", {"text": "1 Contoso Plaza", "spans": cited})
    assert_scripted(run_cli, fake_openai, pdf, "Where is Contoso headquartered?", scripted, True)


@pytest.mark.parametrize(
    ("question", "line", "supported"),
    [("In which state is Contoso incorporated?", 8, False), ("Which form is this report filed on?", 9, True)],
)
def test_a_form_s_caption_answers_only_what_the_form_is(run_cli, fake_openai, make_pdf, question, line, supported):
    """A caption answers nothing of the company ('(State or other jurisdiction ...)' for its state); of the form
    itself, its own words are the answer."""
    cover = [*COVER, "Delaware", "(State or other jurisdiction of incorporation)", "Annual report on the form filed."]
    pdf = make_pdf("contoso-2022-10k.pdf", [cover, PROPERTIES])
    scripted = answer("text", {"text": cover[line - 1], "spans": [span(line, cover[line - 1])]})
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "printed captions")


def test_a_form_label_alone_names_no_place(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, PROPERTIES])
    scripted = answer("text", {"text": COVER[5], "spans": [span(6, COVER[5])]})
    assert_scripted(run_cli, fake_openai, pdf, "Where is Contoso headquartered?", scripted, False, "no place")


def test_offline_headquarters_are_found_by_the_filing_s_words(run_cli, make_pdf):
    """'headquartered' is searched as 'principal executive offices' (the Form 10-K cover's words), and the
    subsidiary's headquarters are not shown as the company's."""
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, PROPERTIES[:5]])
    code, out, err = run_cli("ask", "Where is Contoso headquartered?", pdf, "--json", "--backend", "extractive")
    data = json.loads(out)
    texts = [item["text"] for item in data["answer"]["items"]]
    assert data["status"] == "supported", data["verification"]
    assert any("lower Manhattan" in t for t in texts) and not any("Fabrikam" in t for t in texts), texts


AWARDS = [
    "Stock-Based Compensation",
    "STOCK OPTIONS",
    "The fair value of options is estimated using a Black-Scholes-Merton option-pricing model. The following",
    "weighted-average assumptions were used for options granted in 2022 and 2021:",
    "2022 2021",
    "Expected volatility 31 % 30 %",
    "The expected volatility used for the RSUs granted in 2022 was 42 %.",
    "RESTRICTED STOCK UNITS",
    "The fair value of performance-based RSUs is determined using a Monte Carlo valuation model with the",
    "following weighted-average assumptions in 2022 and 2021:",
    "2022 2021",
    "Expected volatility 42 % 41 %",
]


@pytest.mark.parametrize(
    ("lines", "value", "supported"), [((5, 6), 31.0, True), ((11, 12), 42.0, False), ((7,), 42.0, False)]
)
def test_a_figure_asked_of_one_kind_of_award_is_read_from_its_table(
    run_cli, fake_openai, make_pdf, lines, value, supported
):
    """The volatility asked for the options is the options' table's, not the RSUs' (the same row label), nor one a
    sentence under the options' table gives the RSUs."""
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, AWARDS])
    cited = [(len(COVER) + line, AWARDS[line - 1]) for line in lines]
    scripted = amount(value, "percent", "2022", *cited, currency=None, label="Expected volatility")
    question = "What expected volatility did Contoso use to value the stock options it granted in 2022?"
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "not the stock options asked")


EXHIBITS = [
    "Exhibits",
    "10.51 Settlement Agreement, between Contoso Inc. and Fabrikam Corporation, dated November 17, 2009, filed as",
    "Exhibit 10.1 to Contoso's Current Report on Form 8-K dated November 17, 2009, is incorporated by reference.",
    "10.52 Patent Cross License Agreement, between Contoso Inc. and Fabrikam Corporation, dated November 11, 2009,",
    "filed as Exhibit 10.2 to Contoso's Current Report on Form 8-K dated November 18, 2009, is incorporated.",
]


@pytest.mark.parametrize(
    ("question", "printed", "iso", "supported"),
    [
        (
            "What is the date of Contoso's Patent Cross License Agreement?",
            "November 18, 2009",
            "2009-11-18",
            False,
        ),
        (
            "What is the date of Contoso's Patent Cross License Agreement?",
            "November 11, 2009",
            "2009-11-11",
            True,
        ),
        (
            "What is the date of the Current Report the license agreement was filed with?",
            "November 18, 2009",
            "2009-11-18",
            True,
        ),
    ],
)
def test_an_agreement_s_date_is_not_its_report_s(run_cli, fake_openai, make_pdf, question, printed, iso, supported):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, EXHIBITS])
    quote = f"{EXHIBITS[3]} {EXHIBITS[4]}"
    item = {"label": "Date", "date": {"iso": iso, "original_text": printed}}
    item["spans"] = [{"doc": None, "line_start": len(COVER) + 4, "line_end": len(COVER) + 5, "quote": quote}]
    scripted = answer("date", item)
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "date of the report")


VACCINES = [
    "Products",
    "In the U.S., the original monovalent Zentravax vaccine is no longer emergency use authorized or recommended,",
    "although Zentravax remains a licensed vaccine. Zentravax sales fell in the year.",
    "In the U.S., the original Brevimax tablet is no longer sold in pharmacies, but doctors may order it directly.",
    "Zentravax is approved in Europe. However, Zentravax is not approved in Japan.",
]


@pytest.mark.parametrize(
    ("question", "line", "quote", "supported"),
    [
        ("Is Zentravax still a licensed vaccine in the U.S.?", 2, VACCINES[1].rstrip(","), False),
        (
            "Is Zentravax still a licensed vaccine in the U.S.?",
            3,
            "although Zentravax remains a licensed vaccine.",
            True,
        ),
        ("Is the original Brevimax tablet sold in pharmacies in the U.S.?", 4, VACCINES[3].split(", but")[0], True),
        ("Is Zentravax approved in Europe?", 5, "Zentravax is approved in Europe.", True),  # a whole sentence quoted
    ],
)
def test_a_yes_no_quote_cut_before_its_sentence_turns(run_cli, fake_openai, make_pdf, question, line, quote, supported):
    """A quote that stops before ', although Zentravax remains a licensed vaccine' does not decide whether it is
    licensed; a clause left out about other things ('but doctors may order it directly') leaves the no decided."""
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, VACCINES])
    value = "remains" in quote or "approved in Europe" in quote
    scripted = answer("boolean", {"value": value, "explanation": "-", "spans": [span(len(COVER) + line, quote)]})
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "leaves out the rest of its sentence")


def test_when_of_a_condition_does_not_make_a_date_question():
    assert answer_shape("What margin applies to revolver loans when availability is at least 66.66%?") == "amount"
    assert answer_shape("According to the 10-K, when did Contoso acquire Fabrikam?") == "date"
    assert answer_shape("When did Contoso acquire Fabrikam?") == "date"
    assert answer_shape("How often will Contoso hold an advisory vote on executive compensation?") == "text"
    assert answer_shape("Was the table games win percentage below the normal hold range?") == "boolean"
    assert answer_shape("What restructuring charges did Contoso's International segment record in 2019?") == "amount"
    assert answer_shape("What did most of Contoso's 2015 restructuring charges relate to?") == "text"
    assert answer_shape("What interest rate applies to the notes, when a change of control occurs?") == "amount"
    assert answer_shape("Based on its 10-K when did Contoso sign the license agreement?") == "date"


EXPENSES = [
    "Operating Expenses",
    "Our operating expenses in 2015 decreased to $1.56 billion, from $1.99 billion in 2014. Our operating",
    "expenses in 2014 included a goodwill impairment charge of $233 million.",
]


@pytest.mark.parametrize(("b", "supported"), [(0.233, True), (0.0233, False)])
def test_an_operand_may_be_written_at_the_answer_s_scale(run_cli, fake_openai, make_pdf, b, supported):
    """$233 million is 0.233 of a result in billions; 0.0233 is no figure of the quote."""
    pdf = make_pdf("contoso-2015-10k.pdf", [COVER, EXPENSES])
    first, second = len(COVER) + 2, len(COVER) + 3
    operands = [
        operand("a", 1.99, "2014", (first, "from $1.99 billion in 2014"), name="Operating expenses"),
        operand(
            "b",
            b,
            "2014",
            (second, "included a goodwill impairment charge of $233 million"),
            name="Goodwill impairment",
        ),
        operand(
            "c",
            1.56,
            "2015",
            (first, "Our operating expenses in 2015 decreased to $1.56 billion"),
            name="Operating expenses",
        ),
    ]
    result = round(1.99 - b - 1.56, 4)
    scripted = amount(
        result,
        "billions",
        "2015 vs 2014",
        (first, EXPENSES[1]),
        label="Decrease in operating expenses",
        calculation=calculation("(a - b) - c", result, *operands),
    )
    fake_openai.push_answer(scripted)
    _, data, _ = ask(
        run_cli,
        "Excluding the 2014 goodwill impairment charge, by how much did Contoso's operating expenses decrease in 2015?",
        pdf,
    )
    item = data["verification"]["items"][0]
    operand_b = [o for o in item["operands"] if o["label"] == "b"][0]
    assert (operand_b["value_check"] == "supported") is supported, operand_b
    assert (item["value_check"] == "supported") is supported, item["detail"]  # the result at the operands' scale


CASES = [
    json.loads(line) for line in (Path(__file__).parent / "data" / "session24_cases.jsonl").read_text().splitlines()
]


@needs_shared
@pytest.mark.parametrize("case", CASES, ids=[c["class"] for c in CASES])
def test_session_24_s_cases_hold(run_cli, fake_openai, tmp_path, case):
    """Red team round 52's and the new users' cases on the filings: wrong ones not supported, right ones kept."""
    assert_case_holds(run_cli, fake_openai, tmp_path, case)


ACTS = [
    "Share Repurchases",
    "In the quarter, we repurchased approximately $40 million of ordinary shares under the program.",
]


@pytest.mark.parametrize(
    ("question", "supported"),
    [
        ("Did Contoso issue approximately $40 million of ordinary shares in the quarter?", False),  # another act
        ("Did Contoso repurchase approximately $40 million of ordinary shares in the quarter?", True),
    ],
)
def test_a_verb_asked_before_an_adverb_is_read(run_cli, fake_openai, make_pdf, question, supported):
    """'issue approximately $40 million': the adverb between the verb and its object is passed over, so the verb
    asked is 'issue', and a quote that says 'repurchased' tells another act."""
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, ACTS])
    scripted = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [span(len(COVER) + 2, ACTS[1])]})
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, "another act")


OFFICERS = [
    "Executive Officers",
    "Jane Q. Doe, 55, has served as Chief Executive Officer of Contoso since June 2020.",
    "Our executive offices are located at 1 Contoso Plaza, Springfield, Illinois 62701.",
]


@needs_shared
def test_a_person_written_with_a_middle_initial_is_not_said_to_be_absent(run_cli, tmp_path):
    """'James Taiclet' is 'James D. Taiclet' in Lockheed Martin's 10-K: no note says the document is not about him."""
    pdf = tmp_path / "LOCKHEEDMARTIN_2020_10K.pdf"
    pdf.write_bytes(resolve_pdf("financebench:LOCKHEEDMARTIN_2020_10K.pdf").read_bytes())
    question = "When did James Taiclet become Chief Executive Officer of Lockheed Martin?"
    _, out, _ = run_cli("ask", question, pdf, "--json", "--backend", "extractive")
    notes = json.loads(out)["notes"]
    assert not any("no document about" in n for n in notes), notes
    _, out, _ = run_cli(
        "ask", "When did Jane Zyxwq become CEO of Lockheed Martin?", pdf, "--json", "--backend", "extractive"
    )
    assert any("no document about Jane Zyxwq" in n for n in json.loads(out)["notes"])  # a name it never writes


def test_offline_headquarters_are_found_as_executive_offices(run_cli, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER[:3], OFFICERS])
    _, out, _ = run_cli("ask", "Where is Contoso headquartered?", pdf, "--json", "--backend", "extractive")
    data = json.loads(out)
    assert data["status"] == "supported", data["verification"]
    assert "Springfield" in data["answer"]["items"][0]["text"]


MEETING = [
    "Submission of Matters to a Vote of Security Holders",
    "Contoso held its 2023 Annual Meeting of Shareholders on May 3, 2023. For more information on the following "
    "proposals, see the proxy statement for the 2023 Annual Meeting, filed with the Commission on March 21, 2023.",
]


def test_an_offline_date_s_label_is_cut_at_a_word(run_cli, make_pdf):
    pdf = make_pdf("contoso-2023-8k.pdf", [COVER, MEETING])
    question = "When was Contoso's 2023 Annual Meeting of Shareholders held?"
    _, out, _ = run_cli("ask", question, pdf, "--json", "--backend", "extractive")
    label = json.loads(out)["answer"]["items"][0]["label"]
    assert label.endswith("\u2026") and len(label) <= 121, label
    kept = label[:-1]
    assert MEETING[1].startswith(kept) and MEETING[1][len(kept)] in " ,", label  # whole words only


@needs_shared
def test_an_evidence_line_with_no_value_says_so(run_cli, tmp_path):
    """Offline, a not-found amount's evidence line is shown as 'no value read', not as a value '?'."""
    pdf = tmp_path / "PEPSICO_2023_8K.pdf"
    pdf.write_bytes(resolve_pdf("financebench:PEPSICO_2023_8K_dated-2023-05-05.pdf").read_bytes())
    _, out, _ = run_cli("ask", "How many votes were cast for Ramon L. Laguarta?", pdf, "--backend", "extractive")
    assert "not_found" in out and "(no value read)" in out and ": ?" not in out, out


PLAN = "The Company, with principal executive offices at 1 Contoso Plaza, Springfield, Illinois, administers the Plan."


def test_offline_boilerplate_printed_twice_is_one_item(run_cli, make_pdf):
    pdf = make_pdf(
        "contoso-2022-10k.pdf",
        [
            COVER[:3],
            ["Exhibit 10.1 Stock Plan", PLAN],
            ["Exhibit 10.2 Option Plan", "Grants vest in four years. " + PLAN],
        ],
    )
    _, out, _ = run_cli("ask", "Where is Contoso headquartered?", pdf, "--json", "--backend", "extractive")
    texts = [item["text"] for item in json.loads(out)["answer"]["items"]]
    assert sum("1 Contoso Plaza" in t for t in texts) == 1, texts
