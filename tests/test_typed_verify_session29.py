"""Session 29: blind round 59's classes, and round 60's.

- A row named by a term the filing defines ('Credit Facility', defined as a secured revolving credit facility) does
  not answer a question in the words of another term's definition (the unsecured revolving credit facility, which
  the filing calls the 'Credit Agreement'); it answers one in its own definition's words or its own name.
- A date whose sentence, read past a quote cut from it, puts what it dates in another place ('We also lease ... in
  New York, New York for a sales office under a lease that expires in 2025') does not answer a question about a
  place its sentence never names (the San Francisco headquarters).
- A number whose own clause says before it what will be ('under which we will acquire Fabrikam ... for $42 in cash
  per Fabrikam share') is an outlook: it does not answer what was paid, as a question's 'will' asks one.
- Blind round 60: a rating code its quote says of another rating ('corporate credit rating to BB+ ... and our senior
  unsecured debt rating to BB'); a yes about owning, read from a quote cut after 'We lease a'; a list entry from a
  clause about another name ('Contoso's subsidiary, Leoplay AB, offers ...') for the brands of the venture the
  question names; a date worked out from 'a maturity of 12 years', which states none; a count in a column of
  a table no row prints a currency sign in, beside a price column that does, is no money; the completion of a
  transaction asked is dated by its noun right before the date ('prior to its disposition on December 19, 2022')."""

from __future__ import annotations

import json

import pytest

from docintel.ingest.factscope import scenario_of
from tests.test_typed_verify_session24 import COVER
from tests.test_values import amount, answer, assert_scripted, span

COVER29 = [*COVER, "Annual report for the fiscal year ended December 31, 2022"]
SESSION29 = [
    "Long-Term Debt",
    "In October 2021, we entered into a $500 million secured revolving credit facility with a lender that is secured"
    " by certain receivables, which we subsequently increased to $600 million (the “Credit Facility”).",
    "In May 2021, we amended and restated our unsecured revolving credit facility (the “Credit Agreement”) with a"
    " syndicate of lenders that provides us with a borrowing capacity of up to $3.0 billion.",
    "The face value of our total long-term debt obligations is as follows (in millions):",
    "December 31,",
    "2021 2022",
    "Senior notes 8,250 8,250",
    "Credit Facility 495 592",
    "Other long-term debt 93 100",
    "Total debt 8,838 8,942",
    "Properties",
    "Our corporate headquarters are located in San Francisco, California. It consists of 338,910 square feet of space",
    "under a lease that expires in 2023. We also lease 43,689 square feet in New York, New York for a sales",
    "office under a lease that expires in 2025. We have offices in several other locations.",
    "Liquidity",
    "At December 31, 2022, we had no borrowings outstanding under our unsecured revolving credit facility (the “Credit"
    " Agreement”) and $592 million of borrowings outstanding under our secured revolving credit facility (the “Credit"
    " Facility”).",
    "Acquisitions",
    "On March 13, 2022, we entered into a merger agreement under which we will acquire Fabrikam, a maker of widgets,"
    " for $42 in cash per Fabrikam share.",
    "Credit ratings",
    "In October 2022, Standard & Poor’s lowered our corporate credit rating to BB+ from BBB- and our senior unsecured"
    " debt rating to BB from BBB-.",
    "The Contoso Campus, owned by Contoso and located near Springfield, is our world headquarters. We lease a",
    "similar, but smaller, administrative facility in Hilversum, the Netherlands, which serves as our European"
    " headquarters.",
    "Contoso's 50/50 venture, Playco, LLC, offers online gaming in North America through brands, including Playco and",
    "partyplay, and Contoso's subsidiary, Leoplay AB, offers online gaming through brands in countries of Europe.",
    "In the third quarter of 2019, we issued ¥31.3 billion 1.153% senior unsecured notes with a maturity of 12 years,"
    " which mature in 2031.",
    "Playco offers online gaming under the brands Playco and partyplay.",
    "Fitch rates our senior unsecured notes BB+.",
    "Results include The Mirage for the periods prior to its disposition on December 19, 2022.",
    "The sale of the Gold Strike was announced on January 3, 2022 and completed in February 2022.",
    "Results include Aria for periods subsequent to its acquisition on September 27, 2021.",
    "Management believes Contoso will prevail in the appeal and, as a result, management recorded a receivable of"
    " $365 million as of December 31, 2022.",
    "At December 31, 2022, Contoso had a committed bank credit facility of $3.5 billion. We also maintained our",
    "uncommitted bank credit facility of $1.0 billion, which was undrawn.",
    "In June 2022, we completed the sale of the remaining portion of the business, the portion of the business"
    " based in Germany.",
    "In 2020, we issued $8.25 billion of senior notes (the “Notes”).",
    "Net revenues increased 28% for the six months ended June 30, 2022 compared to the prior year period due primarily"
    " to a 230% increase at Fabrikam as a result of higher volumes.",
    "During the year ended December 31, 2020, we recognized equity method losses of $128 million in Other, net"
    " expenses.",
]
PURCHASES = [
    "Issuer Purchases of Equity Securities",
    "Period Total Number of Shares Purchased Average Price Paid per Share Shares That May Yet Be Purchased",
    "October 2022 5,256,426 $46.00 78,256,636",
    "November 2022 1,660,944 45.84 76,596,039",
    "December 2022 5,878,681 45.84 70,750,119",
]


def _ask(run_cli, fake_openai, make_pdf, question, scripted, supported, reason=""):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER29, SESSION29])
    return assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, reason)


def _at(index: int) -> int:
    return len(COVER29) + index + 1


@pytest.mark.parametrize(
    ("question", "supported"),
    [
        ("How much was outstanding under Contoso's unsecured revolving credit facility at December 31, 2022?", False),
        ("How much was outstanding under Contoso's secured revolving credit facility at December 31, 2022?", True),
        ("How much was outstanding under the Credit Facility at December 31, 2022?", True),
        ("How much was outstanding under the secured revolving credit facility, not the senior notes, in 2022?", True),
    ],
)
def test_a_row_named_by_a_defined_term_is_what_its_definition_says(run_cli, fake_openai, make_pdf, question, supported):
    cited = [(_at(i), SESSION29[i]) for i in (3, 4, 5, 7)]
    scripted = amount(592.0, "millions", "December 31, 2022", *cited, label="Borrowings outstanding")
    _ask(
        run_cli,
        fake_openai,
        make_pdf,
        question,
        scripted,
        supported,
        "the question's words are those of its 'Credit Agreement'",
    )


def _expiry(year: str, *cites: tuple[int, int, str]) -> dict:
    item = {"label": "Lease expiry", "date": {"iso": year, "original_text": year}}
    item["spans"] = [{"doc": None, "line_start": a, "line_end": b, "quote": q} for a, b, q in cites]
    return answer("date", item)


def test_a_date_said_of_a_place_its_sentence_names_does_not_answer_another_place(run_cli, fake_openai, make_pdf):
    question = "In what year does the lease on Contoso's San Francisco corporate headquarters expire?"
    headquarters = (_at(11), _at(11), "Our corporate headquarters are located in San Francisco, California.")
    wrong = _expiry("2025", headquarters, (_at(13), _at(13), "office under a lease that expires in 2025"))
    _ask(run_cli, fake_openai, make_pdf, question, wrong, False, "said of something in New York")
    right = _expiry("2023", headquarters, (_at(12), _at(12), "under a lease that expires in 2023"))
    _ask(run_cli, fake_openai, make_pdf, question, right, True)
    whole = "It consists of 338,910 square feet of space under a lease that expires in 2023"
    _ask(run_cli, fake_openai, make_pdf, question, _expiry("2023", (_at(11), _at(12), whole)), True)
    asked_there = "In what year does the lease on Contoso's New York office expire?"
    _ask(run_cli, fake_openai, make_pdf, asked_there, wrong, True)


def test_a_figure_its_clause_says_will_be_paid_is_an_outlook(run_cli, fake_openai, make_pdf):
    quote = SESSION29[17]
    scripted = amount(42.0, "per_share", None, (_at(17), quote), label="Cash price per Fabrikam share")
    paid = "How much cash per Fabrikam share did Contoso pay when it acquired Fabrikam?"
    _ask(run_cli, fake_openai, make_pdf, paid, scripted, False, "scenario: outlook")
    data = _ask(run_cli, fake_openai, make_pdf, "What cash price per Fabrikam share will Contoso pay?", scripted, False)
    fields = {f["field"]: f["verdict"] for item in data["verification"]["items"] for f in item.get("fields", [])}
    assert fields["scenario"] == "supported", data["verification"]


def test_a_rating_is_the_one_its_quote_gives_what_the_claim_names(run_cli, fake_openai, make_pdf):
    question = "What corporate credit rating did Standard & Poor's assign to Contoso after its October 2022 downgrade?"
    cited = [span(_at(19), SESSION29[19])]
    wrong = answer("text", {"text": "S&P lowered its corporate credit rating to BB (from BBB-).", "spans": cited})
    _ask(run_cli, fake_openai, make_pdf, question, wrong, False, "rating: its quote gives BB+, not BB")
    right = answer("text", {"text": "S&P lowered its corporate credit rating to BB+ (from BBB-).", "spans": cited})
    _ask(run_cli, fake_openai, make_pdf, question, right, True)
    debt = answer("text", {"text": "S&P lowered the senior unsecured debt rating to BB.", "spans": cited})
    asked = "Describe the change Standard & Poor's made in October 2022 to Contoso's senior unsecured debt rating."
    _ask(run_cli, fake_openai, make_pdf, asked, debt, True)
    both = answer("text", {"text": "S&P lowered its credit and debt ratings, the debt rating to BB.", "spans": cited})
    _ask(run_cli, fake_openai, make_pdf, asked, both, True)  # the words of both ratings: no other code said
    fitch = [span(_at(26), SESSION29[26])]
    other = answer("text", {"text": "Fitch rates Contoso's senior unsecured notes BB.", "spans": fitch})
    rated = "Describe how Fitch rates Contoso's senior unsecured notes."
    _ask(run_cli, fake_openai, make_pdf, rated, other, False, "rating: its quotes give no BB")


def test_a_yes_read_from_a_quote_cut_after_another_verb_is_unchecked(run_cli, fake_openai, make_pdf):
    cut = span(_at(21), SESSION29[21].rstrip("."))
    owned = span(_at(20), "The Contoso Campus, owned by Contoso")
    question = "Does Contoso own the facility that serves as its European headquarters?"
    wrong = answer("boolean", {"value": True, "explanation": "It owns it.", "spans": [owned, cut]})
    _ask(run_cli, fake_openai, make_pdf, question, wrong, False, "cut after 'We lease a'")
    leased = "Does Contoso lease the facility that serves as its European headquarters?"
    right = answer("boolean", {"value": True, "explanation": "It leases it.", "spans": [cut]})
    _ask(run_cli, fake_openai, make_pdf, leased, right, True)


def _entry(text: str, line: int, quote: str, end: int | None = None) -> dict:
    return {"text": text, "spans": [{"doc": None, "line_start": line, "line_end": end or line, "quote": quote}]}


def test_a_list_entry_from_a_clause_about_another_name_is_unchecked(run_cli, fake_openai, make_pdf):
    question = "List the brands through which Playco, Contoso's 50/50 venture, offers online gaming."
    playco = _entry("Playco", _at(22), SESSION29[22])
    partyplay = _entry("partyplay", _at(22), "through brands, including Playco and partyplay", _at(23))
    leoplay = _entry("Leoplay", _at(23), "Leoplay AB, offers online gaming through brands in countries of Europe")
    wrong = answer("list", playco, partyplay, leoplay)
    _ask(run_cli, fake_openai, make_pdf, question, wrong, False, "its quote says it of Leoplay AB, not of Playco")
    _ask(run_cli, fake_openai, make_pdf, question, answer("list", playco, partyplay), True)
    own = [_entry(brand, _at(25), SESSION29[25].rstrip(".")) for brand in ("Playco", "partyplay")]
    _ask(run_cli, fake_openai, make_pdf, question, answer("list", *own), True)  # it opens with the name asked


def test_a_date_worked_out_from_words_that_state_none_is_unchecked(run_cli, fake_openai, make_pdf):
    question = "When do Contoso's ¥31.3 billion 1.153% senior unsecured notes mature?"
    quote = SESSION29[24].removesuffix(", which mature in 2031.")
    worked = answer("date", {"label": "Maturity", "date": {"iso": "2031", "original_text": "maturity of 12 years"}})
    worked["items"][0]["spans"] = [span(_at(24), quote)]
    _ask(run_cli, fake_openai, make_pdf, question, worked, False, "states no date; 2031 is worked out")
    right = answer("date", {"label": "Maturity", "date": {"iso": "2031", "original_text": "2031"}})
    right["items"][0]["spans"] = [span(_at(24), SESSION29[24])]
    _ask(run_cli, fake_openai, make_pdf, question, right, True)


def test_a_column_no_row_signs_beside_a_signed_one_is_no_money(run_cli, fake_openai, make_pdf):
    question = "How many shares remained available for purchase under Contoso's repurchase plan at December 31, 2022?"
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER29, PURCHASES])
    cited = [(len(COVER29) + i + 1, PURCHASES[i]) for i in (1, 4)]
    count = amount(70750119.0, "count", "December 31, 2022", *cited, currency=None, label="Shares available")
    data = assert_scripted(run_cli, fake_openai, pdf, question, count, False)
    assert "money in the document" not in json.dumps(data["verification"]), data["verification"]
    price = amount(45.84, "count", "December 31, 2022", *cited, currency=None, label="Shares available")
    assert_scripted(
        run_cli, fake_openai, pdf, question, price, False, "45.84 is a per-share figure in the document, not count"
    )


def _on(iso: str, printed: str, index: int) -> dict:
    cited = [span(_at(index), SESSION29[index])]
    return answer("date", {"label": "Date", "date": {"iso": iso, "original_text": printed}, "spans": cited})


def test_a_transaction_s_noun_right_before_its_date_dates_its_completion(run_cli, fake_openai, make_pdf):
    question = "On what date did Contoso complete the disposition of The Mirage?"
    _ask(run_cli, fake_openai, make_pdf, question, _on("2022-12-19", "December 19, 2022", 27), True)
    announced = "On what date did Contoso announce the disposition of The Mirage?"
    _ask(run_cli, fake_openai, make_pdf, announced, _on("2022-12-19", "December 19, 2022", 27), False)
    sale = "On what date did Contoso complete the sale of the Gold Strike?"
    _ask(run_cli, fake_openai, make_pdf, sale, _on("2022-01-03", "January 3, 2022", 28), False)


@pytest.mark.parametrize(
    ("text", "scenario"),
    [
        ("Target payout", "outlook"),
        ("Target Allocation", "outlook"),
        ("Our targets for 2023 include a margin of 12%", "outlook"),
        ("Comparable sales grew faster than at Target and Walmart", "actual"),
        ("Target Corporation", "actual"),
    ],
)
def test_ingest_reads_target_as_an_aim_only_in_lower_case_or_opening_a_label(text, scenario):
    """'Target' inside a sentence or before a company's word ('Corporation') is a name (a retailer), not an aim."""
    assert scenario_of(text) == scenario


def test_a_noun_dates_the_completion_only_of_the_thing_its_clause_names(run_cli, fake_openai, make_pdf):
    question = "On what date did Contoso complete its acquisition of The Cosmopolitan?"
    _ask(run_cli, fake_openai, make_pdf, question, _on("2021-09-27", "September 27, 2021", 29), False)


def test_a_will_before_a_past_verb_leaves_the_number_actual(run_cli, fake_openai, make_pdf):
    question = "What receivable did Contoso record for the appeal as of December 31, 2022?"
    scripted = amount(365.0, "millions", "December 31, 2022", (_at(30), SESSION29[30]), label="Receivable")
    data = _ask(run_cli, fake_openai, make_pdf, question, scripted, False)
    assert "scenario: outlook" not in json.dumps(data["verification"]), data["verification"]


def test_a_cut_after_a_verb_that_does_not_exclude_the_question_s_is_no_objection(run_cli, fake_openai, make_pdf):
    quote = SESSION29[32].rstrip(".")
    cited = [span(_at(32), quote)]
    question = "Did Contoso have an uncommitted bank credit facility at December 31, 2022?"
    right = answer("boolean", {"value": True, "explanation": "It did.", "spans": cited})
    data = _ask(run_cli, fake_openai, make_pdf, question, right, True)
    assert "cut after" not in json.dumps(data["verification"])


def test_a_name_the_quotes_never_put_anything_in_is_no_place(run_cli, fake_openai, make_pdf):
    question = "When did Contoso complete the sale of the remaining portion of its Wire Division?"
    done = answer("date", {"label": "Sale", "date": {"iso": "2022-06", "original_text": "June 2022"}})
    done["items"][0]["spans"] = [span(_at(33), SESSION29[33].rstrip("."))]
    _ask(run_cli, fake_openai, make_pdf, question, done, True)


@pytest.mark.parametrize(
    ("question", "index", "quote", "supported"),
    [
        ("Describe why Contoso's net revenues increased in the second quarter of 2022.", 35, "due primarily", False),
        ("Describe why Contoso's net revenues increased in the six months ended June 30, 2022.", 35, "due", True),
        ("Describe where Contoso recognized its equity method losses in 2022.", 36, "we recognized", False),
        ("Describe where Contoso recognized its equity method losses in 2020.", 36, "we recognized", True),
    ],
)
def test_a_text_quoted_after_its_sentence_s_opening_period_is_of_that_period(
    run_cli, fake_openai, make_pdf, question, index, quote, supported
):
    line = SESSION29[index]
    cut = line[line.index(quote) :].rstrip(".")
    scripted = answer("text", {"text": cut, "spans": [span(_at(index), cut)]})
    _ask(run_cli, fake_openai, make_pdf, question, scripted, supported, "not the period asked")
