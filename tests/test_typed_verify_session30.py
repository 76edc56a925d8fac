"""Session 30: a new user's wrong check mark, and a right answer the 'will' reading lost.

- A who-question ('Who is Contoso's independent registered public accounting firm?') is not answered by a line that
  cites where the answer is ('... of Independent Registered Public Accounting Firm” in our Definitive Proxy
  Statement relating to'): a document's title names no one; the line that names the firm answers it.
- A figure a contract's terms say 'will' be paid while it runs ('Under the terms of the contracts, we will pay a
  weighted average fixed rate of interest of 4.53%') is a term in force: it answers what the company pays; a past
  question ('did ... pay during 2022') is still not answered by it.
- Blind round 61's: a list of what the company owns is not answered from the next sentence's list of what it
  leases; a figure its sentence splits over the places it was earned in ('U.S. loss before income taxes by $6.0
  billion and foreign income before income taxes by $588 million') is the U.S. part, not the whole; a quote about
  'Contoso China's second revolving credit facility' does not tell of 'Contoso China's revolving credit facility'.
- Blind round 62's: a change stated with 'as' and what brought it states a cause; an operand quoted from after its
  sentence's opening date ('At December 31, 2022, the Company had ... comprised of' / '$2.8 billion included in
  current content liabilities') is of that date; a yes that the company holds a stake, read from its shareholders'
  holding ('subscribed Contoso shareholders owning 50.1% of ... Fabrikam'), is unchecked.
- The fresh-eyes review's: a rating code of Moody's scale claimed of S&P ('A1 ... from Moody's ..., A+ ... from S&P
  Global Ratings'); a claim that names what its one code rates after it ('lowered Contoso to BB+ for its senior
  unsecured debt'); a row the filing defines ('Credit Facility', its $600 million facility) asked by another
  defined facility's size ('$3.0 billion revolving credit facility')."""

from __future__ import annotations

import json

from docintel.backends.lookup import short_label
from tests.conftest import CORPUS_PDF
from tests.test_typed_verify_session24 import COVER
from tests.test_typed_verify_session29 import SESSION29, _entry
from tests.test_typed_verify_session29 import _ask as _ask29
from tests.test_typed_verify_session29 import _at as _at29
from tests.test_values import amount, answer, assert_scripted, calculation, operand, span

COVER30 = [*COVER, "Annual report for the fiscal year ended December 31, 2022"]
SESSION30 = [
    "Item 14. Principal Accounting Fees and Services",
    "The sections entitled “Fees Paid to Independent Registered Public Accounting Firm” and “Policy Regarding Audit",
    "of Audit and Permitted Non-Audit Services of Independent Registered Public Accounting Firm” in our Definitive"
    " Proxy Statement relating to",
    "the Annual Meeting of Shareholders to be held on April 29, 2023, are incorporated by reference in this report.",
    "Halverson Brandt LLP, our independent registered public accounting firm, issued its independence letter in 2022.",
    "The audit committee pre-approves audit and permitted non-audit services of our independent registered public"
    " accounting firm and reviews its fees.",
    "Interest rate swaps",
    "At the end of October 2022, we entered into interest rate swap contracts for a total notional amount of $1.25"
    " billion.",
    "Under the terms of the contracts, we will pay a weighted average fixed rate of interest of 4.53% and receive a"
    " variable rate of interest.",
    "The contracts take effect on January 1, 2023.",
    "Properties that we own include: our research centers in Brazil and Chile; and our operations in Norway. The",
    "largest leased office spaces include the following locations: Peru, Brazil, and Japan.",
    "Net revenue deferrals negatively impacted our fiscal year 2022 U.S. loss before income taxes by $6.0 billion",
    "and foreign income before income taxes by $588 million.",
    "No amounts were drawn on our revolving credit facility or Contoso China’s second revolving credit facility.",
    "At December 31, 2022, $708 million was outstanding under Contoso China’s first revolving credit facility.",
    "Windows OEM revenue decreased 25% as elevated channel inventory levels continued to drive weakness.",
    "At December 31, 2022, the Company had $10.9 billion of obligations comprised of $2.8 billion of current content"
    " liabilities",
    "and $2.0 billion of non-current content liabilities on the balance sheet.",
    "The exchange resulted in subscribed Contoso shareholders owning 50.1% of the common shares of Fabrikam.",
    "As of December 2022, Contoso has a credit rating of A1, stable outlook from Moody's Investors Service, and a"
    " credit",
    "rating of A+, CreditWatch negative from S&P Global Ratings.",
    "We had no borrowings outstanding under our $3.0 billion unsecured revolving credit facility (the “Credit"
    " Agreement”)",
    "and $592 million of borrowings outstanding under our $600 million secured revolving credit facility (the “Credit",
    "Facility”) as of December 31, 2022.",
    "The face value of our total long-term debt obligations is as follows (in millions):",
    "December 31,",
    "2021 2022",
    "Senior notes 8,250 8,250",
    "Credit Facility 495 592",
    "Total debt 8,745 8,842",
    "In fiscal year 2021, our U.S. income before income taxes was $7.4 billion and our foreign income before income",
    "taxes was $11.1 billion.",
    "In 2022, Widget revenue was $12.0 billion, up from $10.5 billion.",
    "Our $600 million secured revolving credit facility (the “Receivables Facility”) was undrawn.",
    "Cash dividends declared per share were $0.12 during the first fiscal quarter that ended September 30, 2022.",
    "Fabrikam became our second largest customer in 2022.",
]
EXTRA = [
    "Of the valuation allowance, $1 million is against U.S. federal foreign tax credit carryforwards; $7 million is"
    " against state credit carryforwards.",
    "In October 2022, Contoso established a third unsecured loan facility for RMB 546 million.",
    "The notes are secured by a first priority security interest in our receivables.",
    "In 2022, the Company issued its first annual Inclusion Report, which shares our hiring practices.",
    "Upon completion of the exchange, our shareholders owned 55% of Fabrikam.",
    "Widget sales increased 5% as reported and 7% in constant currency.",
]
REVENUE = [
    "Revenue is as follows (in thousands):",
    "Year ended December 31,",
    "2021 2022",
    "Total revenue $ 1,200,000 $ 1,456,160",
    "Cost of revenue $ 700,000 $ 900,000",
]
DIVIDENDS = [
    "Dividends",
    "Three months ended",
    "September 30, 2022 December 31, 2022 March 31, 2023",
    "Dividends declared per share $ 0.12 $ 0.1225 $ 0.1225",
]
SEGMENTS = [
    "Net sales by segment were as follows (in millions):",
    "2021 2022",
    "Aeronautics $ 23,693 $ 26,266",
    "Space $ 10,860 $ 11,880",
    "Total net sales $ 34,553 $ 38,146",
]
INCOME = ["Net income is as follows (in millions):", "Year ended December 31,", "2021 2022", "Net income $ 290 $ 373"]


def _ask(run_cli, fake_openai, make_pdf, question, scripted, supported, reason=""):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, SESSION30])
    return assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, reason)


def _at(index: int) -> int:
    return len(COVER30) + index + 1


def _of(start: str) -> int:
    """The index in SESSION30 of the line that starts with *start*."""
    return next(i for i, line in enumerate(SESSION30) if line.startswith(start))


def _on_page(page: list[str], index: int) -> tuple[int, str]:
    """A line of a page after the cover, cited with its global line number and text."""
    return len(COVER30) + index + 1, page[index]


def test_a_line_that_cites_a_document_s_title_names_no_firm(run_cli, fake_openai, make_pdf):
    question = "Who is Contoso's independent registered public accounting firm?"
    pointer = answer("text", {"text": SESSION30[2], "spans": [span(_at(2), SESSION30[2])]})
    _ask(run_cli, fake_openai, make_pdf, question, pointer, False, "about: the answer names no one")
    firm = answer("text", {"text": "Halverson Brandt LLP", "spans": [span(_at(4), SESSION30[4])]})
    _ask(run_cli, fake_openai, make_pdf, question, firm, True)


def test_a_rate_a_contract_s_terms_say_will_be_paid_is_a_term_in_force(run_cli, fake_openai, make_pdf):
    cited = [(_at(8), SESSION30[8].split(" and receive")[0]), (_at(7), SESSION30[7])]
    rate = amount(4.53, "percent", None, *cited, currency=None, label="Weighted average fixed rate paid")
    asked = "What weighted average fixed rate of interest does Contoso pay under the swap contracts it entered into?"
    _ask(run_cli, fake_openai, make_pdf, asked, rate, True)
    will = "What weighted average fixed rate of interest will Contoso pay under the swap contracts it entered into?"
    _ask(run_cli, fake_openai, make_pdf, will, rate, True)  # a term in force answers what will be paid too
    past = "What weighted average fixed rate of interest did Contoso pay under its interest rate swaps during 2022?"
    _ask(run_cli, fake_openai, make_pdf, past, rate, False, "scenario")


def test_a_list_of_what_is_owned_is_not_read_from_a_sentence_of_what_is_leased(run_cli, fake_openai, make_pdf):
    question = "List the countries outside the United States in which Contoso owns properties."
    owned = [_entry(c, _at(10), SESSION30[10].split(". The")[0]) for c in ("Brazil", "Chile", "Norway")]
    leased = _entry("Peru", _at(11), "the following locations: Peru, Brazil, and Japan")
    _ask(run_cli, fake_openai, make_pdf, question, answer("list", *owned, leased), False, "says 'lease', not 'own'")
    _ask(run_cli, fake_openai, make_pdf, question, answer("list", *owned), True)
    asked = "List the countries in which Contoso leases its largest office spaces."
    _ask(run_cli, fake_openai, make_pdf, asked, answer("list", leased), True)
    either = "List the countries in which Contoso owns or leases properties."
    _ask(run_cli, fake_openai, make_pdf, either, answer("list", leased, *owned), True)


def test_a_figure_split_over_the_places_it_was_earned_is_of_its_place(run_cli, fake_openai, make_pdf):
    quote = SESSION30[12]
    part = amount(6.0, "billions", "fiscal year 2022", (_at(12), quote), label="Reduction")
    whole = "By how much did net revenue deferrals reduce Contoso's fiscal year 2022 income before income taxes?"
    _ask(run_cli, fake_openai, make_pdf, whole, part, False, "member: U.S.")
    asked = "By how much did net revenue deferrals reduce Contoso's fiscal year 2022 U.S. loss before income taxes?"
    _ask(run_cli, fake_openai, make_pdf, asked, part, True)
    home = amount(
        7.4,
        "billions",
        "fiscal year 2021",
        (_at(_of("In fiscal year 2021")), SESSION30[_of("In fiscal year 2021")]),
        label="U.S. income before taxes",
    )
    _ask(run_cli, fake_openai, make_pdf, "What was Contoso's U.S. income before income taxes in 2021?", home, True)
    _ask(run_cli, fake_openai, make_pdf, "What was Contoso's income before income taxes in 2021?", home, False, "U.S.")


def test_a_quote_of_one_numbered_thing_does_not_tell_of_the_thing_unnumbered(run_cli, fake_openai, make_pdf):
    cited = [span(_at(14), SESSION30[14])]
    none_drawn = answer("boolean", {"value": False, "explanation": "Nothing was drawn.", "spans": cited})
    question = "Were any amounts drawn on Contoso China's revolving credit facility at December 31, 2022?"
    _ask(run_cli, fake_openai, make_pdf, question, none_drawn, False, "its quote is of the second revolving credit")
    second = "Were any amounts drawn on Contoso China's second revolving credit facility at December 31, 2022?"
    _ask(run_cli, fake_openai, make_pdf, second, none_drawn, True)
    first = "Were any amounts drawn on Contoso China's first revolving credit facility at December 31, 2022?"
    _ask(run_cli, fake_openai, make_pdf, first, none_drawn, False, "its quote is of the second revolving credit")
    both = [span(_at(14), SESSION30[14]), span(_at(15), SESSION30[15])]
    text = "Nothing was drawn on the second facility; $708 million was outstanding under the first one."
    said = answer("text", {"text": text, "spans": both})
    asked = "Describe the amounts drawn on Contoso China's first and second revolving credit facilities."
    _ask(run_cli, fake_openai, make_pdf, asked, said, True)


def test_a_change_stated_with_as_and_what_brought_it_states_a_cause(run_cli, fake_openai, make_pdf):
    said = "Windows OEM revenue decreased 25% because elevated channel inventory levels continued to drive weakness."
    because = answer("text", {"text": said, "spans": [span(_at(16), SESSION30[16].rstrip("."))]})
    _ask(run_cli, fake_openai, make_pdf, "Why did Contoso's Windows OEM revenue decline in 2022?", because, True)
    stated = "Windows OEM revenue decreased 25%"
    alone = answer("text", {"text": stated, "spans": [span(_at(16), stated)]})
    _ask(
        run_cli, fake_openai, make_pdf, "Why did Contoso's Windows OEM revenue decline in 2022?", alone, False, "cause"
    )


def _operand(label: str, name: str, value: float, line: int, quote: str) -> dict:
    return {"label": label, "name": name, "value": value, "period": "December 31, 2022", "span": span(line, quote)}


def test_an_operand_quoted_after_its_sentence_s_opening_date_is_of_that_date(run_cli, fake_openai, make_pdf):
    question = "How much of Contoso's obligations at December 31, 2022 was recorded as content liabilities?"
    current = _operand("a", "Current content liabilities", 2.8, _at(17), "$2.8 billion of current content liabilities")
    noncurrent = _operand(
        "b", "Non-current content liabilities", 2.0, _at(18), "$2.0 billion of non-current content liabilities"
    )
    whole = (_at(17), SESSION30[17])
    summed = amount(4.8, "billions", "December 31, 2022", whole, label="Content liabilities")
    summed["items"][0]["calculation"] = calculation("a + b", 4.8, current, noncurrent)
    data = _ask(run_cli, fake_openai, make_pdf, question, summed, True)
    periods = [o["period_check"] for o in data["verification"]["items"][0]["operands"]]
    assert periods == ["supported", "supported"], data["verification"]
    later = "How much of Contoso's obligations at December 31, 2024 was recorded as content liabilities?"
    _ask(run_cli, fake_openai, make_pdf, later, summed, False, "not a period the question asks about (2024)")


def test_a_yes_the_company_holds_a_stake_is_not_read_from_its_shareholders_holding(run_cli, fake_openai, make_pdf):
    cited = [span(_at(19), SESSION30[19].rstrip("."))]
    yes = answer("boolean", {"value": True, "explanation": "Yes, 50.1%.", "spans": cited})
    question = "Did Contoso retain a majority ownership stake in Fabrikam after the exchange?"
    _ask(run_cli, fake_openai, make_pdf, question, yes, False, "the company's shareholders")
    asked = "Did Contoso's shareholders who took part in the exchange hold a majority of Fabrikam's common shares?"
    _ask(run_cli, fake_openai, make_pdf, asked, yes, True)
    given = "Did the exchange give its subscribers a majority of Fabrikam's common shares?"
    _ask(run_cli, fake_openai, make_pdf, given, yes, True)


def test_a_code_of_another_agency_s_scale_is_no_rating_of_the_agency_asked(run_cli, fake_openai, make_pdf):
    cited = [span(_at(20), SESSION30[20]), span(_at(21), SESSION30[21])]
    question = "What credit rating does S&P Global Ratings give Contoso as of December 2022?"
    wrong = answer("text", {"text": "Contoso's credit rating from S&P Global Ratings is A1.", "spans": cited})
    _ask(run_cli, fake_openai, make_pdf, question, wrong, False, "A1 is a code of Moody")
    right = answer("text", {"text": "Contoso's credit rating from S&P Global Ratings is A+.", "spans": cited})
    _ask(run_cli, fake_openai, make_pdf, question, right, True)
    moodys = "What credit rating does Moody's give Contoso as of December 2022?"
    _ask(run_cli, fake_openai, make_pdf, moodys, wrong, True)  # A1 is Moody's: its code, its scale


def test_the_words_after_a_claim_s_one_code_say_what_it_rates(run_cli, fake_openai, make_pdf):
    question = "What was Contoso's senior unsecured rating from Standard & Poor's after its October 2022 downgrade?"
    cited = [span(_at29(19), SESSION29[19])]
    said = "In October 2022 Standard & Poor's lowered Contoso to BB+ for its senior unsecured debt."
    _ask29(run_cli, fake_openai, make_pdf, question, answer("text", {"text": said, "spans": cited}), False, "BB+")
    right = "In October 2022 Standard & Poor's lowered Contoso to BB for its senior unsecured debt."
    _ask29(run_cli, fake_openai, make_pdf, question, answer("text", {"text": right, "spans": cited}), True)


def test_a_defined_row_asked_by_another_defined_thing_s_size_is_a_mismatch(run_cli, fake_openai, make_pdf):
    cited = [(_at(i), SESSION30[i]) for i in (25, 26, 27, 29)]
    borrowed = amount(592.0, "millions", "December 31, 2022", *cited, label="Borrowings")
    other = "How much was borrowed under Contoso's $3.0 billion revolving credit facility as of December 31, 2022?"
    _ask(
        run_cli, fake_openai, make_pdf, other, borrowed, False, "the question's 3 billion one is its 'Credit Agreement'"
    )
    own = "How much was borrowed under Contoso's $600 million revolving credit facility as of December 31, 2022?"
    _ask(run_cli, fake_openai, make_pdf, own, borrowed, True)


def test_an_operand_may_restate_its_cell_at_another_scale(run_cli, fake_openai, make_pdf):
    question = "What was Contoso's net income as a percentage of total revenue in 2022?"
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, REVENUE, INCOME])
    revenue, income = _on_page(REVENUE, 3), (len(COVER30) + len(REVENUE) + 4, INCOME[3])

    def ratio(a: float, b: float) -> dict:
        operands = [operand("a", a, "2022", income), operand("b", b, "2022", revenue)]
        result = round(a / b * 100, 4)
        scripted = amount(result, "percent", "2022", income, revenue, currency=None, label="Net margin")
        scripted["items"][0]["calculation"] = calculation("a / b * 100", result, *operands)
        return scripted

    assert_scripted(run_cli, fake_openai, pdf, question, ratio(373.0, 1456.16), True)  # both in millions
    assert_scripted(run_cli, fake_openai, pdf, question, ratio(373.0, 1456160.0), False, "different scales")
    assert_scripted(run_cli, fake_openai, pdf, question, ratio(373000.0, 1456.16), False, "different scales")


def test_quarters_summed_fill_the_longer_period_asked(run_cli, fake_openai, make_pdf):
    question = "What were Contoso's total dividends declared per share in the six months ended December 31, 2022?"
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, DIVIDENDS])
    row = _on_page(DIVIDENDS, 3)
    ends = {"a": "September 30, 2022", "b": "December 31, 2022", "c": "March 31, 2023"}

    def summed(*labels: str) -> dict:
        values = {"a": 0.12, "b": 0.1225, "c": 0.1225}
        parts = [operand(x, values[x], f"quarter ended {ends[x]}", row, "Dividends declared per share") for x in labels]
        total = round(sum(values[x] for x in labels), 4)
        scripted = amount(total, "per_share", "six months ended December 31, 2022", row, label="Dividends per share")
        scripted["items"][0]["calculation"] = calculation(" + ".join(labels), total, *parts)
        return scripted

    assert_scripted(run_cli, fake_openai, pdf, question, summed("a", "b"), True)
    three = "period: three months ended 2022-12-31"
    assert_scripted(run_cli, fake_openai, pdf, question, summed("a", "b", "c"), False, three)


def test_a_sentence_that_compares_periods_dates_no_figure_by_its_opening_year(run_cli, fake_openai, make_pdf):
    question = "What was Contoso's Widget revenue in 2022?"
    earlier = amount(10.5, "billions", "2022", (_at(_of("In 2022, Widget")), "$10.5 billion"), label="Widget revenue")
    data = _ask(run_cli, fake_openai, make_pdf, question, earlier, False)
    assert data["verification"]["items"][0]["period_check"] != "supported", data["verification"]


def test_a_quarter_said_in_words_before_its_end_is_three_months(run_cli, fake_openai, make_pdf):
    question = "What were Contoso's cash dividends declared per share in the quarter ended September 30, 2022?"
    paid = amount(
        0.12,
        "per_share",
        "quarter ended September 30, 2022",
        (_at(_of("Cash dividends")), SESSION30[_of("Cash dividends")]),
        label="Dividend",
    )
    _ask(run_cli, fake_openai, make_pdf, question, paid, True)


def test_a_thing_numbered_apart_from_what_is_asked_is_no_objection(run_cli, fake_openai, make_pdf):
    cited = [span(_at(_of("Fabrikam became")), SESSION30[_of("Fabrikam became")].rstrip("."))]
    said = answer("text", {"text": "Fabrikam became Contoso's second largest customer in 2022.", "spans": cited})
    _ask(run_cli, fake_openai, make_pdf, "Describe Contoso's relationship with Fabrikam in 2022.", said, True)


def test_an_operand_dated_only_by_a_sentence_that_compares_is_not_of_its_year(run_cli, fake_openai, make_pdf):
    question = "By how much did Contoso's Widget revenue increase in 2022?"
    line = _at(_of("In 2022, Widget"))
    now = operand("a", 12.0, "2022", (line, "$12.0 billion"), "Widget revenue")
    before = operand("b", 10.5, "2022", (line, "$10.5 billion"), "Widget revenue")
    change = amount(1.5, "billions", "2022", (line, SESSION30[_of("In 2022, Widget")].rstrip(".")), label="Increase")
    change["items"][0]["calculation"] = calculation("a - b", 1.5, now, before)
    data = _ask(run_cli, fake_openai, make_pdf, question, change, False)
    periods = {o["label"]: o["period_check"] for o in data["verification"]["items"][0]["operands"]}
    assert periods["b"] != "supported", data["verification"]


def test_an_operand_restated_at_another_scale_is_weighed_at_that_scale(run_cli, fake_openai, make_pdf):
    question = "What was Contoso's cost of revenue as a percentage of total revenue in 2022?"
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, REVENUE])
    cost, revenue = _on_page(REVENUE, 4), _on_page(REVENUE, 3)
    operands = [operand("a", 900000.0, "2022", cost), operand("b", 1456.16, "2022", revenue)]
    scripted = amount(61806.3, "percent", "2022", cost, revenue, currency=None, label="Cost of revenue share")
    scripted["items"][0]["calculation"] = calculation("a / b * 100", 61806.3, *operands)
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, False, "different scales")


def test_a_total_names_no_one_of_the_kind_a_which_question_asks(run_cli, fake_openai, make_pdf):
    question = "Which segment had the largest net sales in 2022?"
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, SEGMENTS])
    total = _on_page(SEGMENTS, 4)
    wrong = answer("text", {"text": SEGMENTS[4], "spans": [span(*total)]})
    assert_scripted(run_cli, fake_openai, pdf, question, wrong, False, "the answer names no segment")
    caption = answer("text", {"text": SEGMENTS[0], "spans": [span(*_on_page(SEGMENTS, 0))]})
    assert_scripted(run_cli, fake_openai, pdf, question, caption, False, "the answer names no segment")
    said = "Aeronautics, with net sales of $26,266 million."
    right = answer("text", {"text": said, "spans": [span(*_on_page(SEGMENTS, 0)), span(*_on_page(SEGMENTS, 2))]})
    assert_scripted(run_cli, fake_openai, pdf, question, right, True)


def test_an_evidence_label_is_never_cut_inside_a_number():
    line = (
        "(Directors Plan) or predecessor plans for non-employee directors. Column (c) includes, as of December 31,"
        " 2020, 7,837,448 shares available for future grants."
    )
    label = short_label(line)
    assert label.endswith("…") and "7,837,44" not in label and len(label) <= 121, label


def test_offline_a_bare_heading_is_no_text_item(run_cli):
    _, out, _ = run_cli("ask", "What is the refund window?", str(CORPUS_PDF), "--json")
    data = json.loads(out)
    texts = [item["text"] for item in data["answer"]["items"]]
    assert data["status"] == "supported" and texts, data["verification"]
    assert "Customer returns and refund policy" not in texts, texts
    assert any("45 days" in t for t in texts), texts


def _ask_extra(run_cli, fake_openai, make_pdf, question, scripted, supported, reason=""):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, EXTRA])
    return assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, reason)


def test_a_place_said_of_another_clause_s_amount_is_no_split(run_cli, fake_openai, make_pdf):
    cited = _on_page(EXTRA, 0)
    state = amount(7.0, "millions", None, cited, label="Valuation allowance against state credit carryforwards")
    question = "How much of Contoso's valuation allowance was against state credit carryforwards?"
    _ask_extra(run_cli, fake_openai, make_pdf, question, state, True)


def test_a_numbered_thing_the_question_names_by_its_date_or_rank_or_as_the_only_one(run_cli, fake_openai, make_pdf):
    line, text = _on_page(EXTRA, 1)
    facility = answer("text", {"text": "RMB 546 million.", "spans": [span(line, text.rstrip("."))]})
    dated = "Describe the size of the unsecured loan facility Contoso established in October 2022."
    _ask_extra(run_cli, fake_openai, make_pdf, dated, facility, True)
    undated = "Describe the size of Contoso's unsecured loan facility."
    _ask_extra(run_cli, fake_openai, make_pdf, undated, facility, False, "its quote is of the third")
    line, text = _on_page(EXTRA, 2)
    secured = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [span(line, text.rstrip("."))]})
    asked = "Are Contoso's notes secured by a security interest in its receivables?"
    _ask_extra(run_cli, fake_openai, make_pdf, asked, secured, True)
    line, text = _on_page(EXTRA, 3)
    shares = answer("text", {"text": "It shares hiring practices.", "spans": [span(line, text)]})
    _ask_extra(run_cli, fake_openai, make_pdf, "What does Contoso's annual Inclusion Report share?", shares, True)


def test_a_claim_s_one_code_is_of_the_kind_named_before_it_and_two_agencies_say_whose(run_cli, fake_openai, make_pdf):
    question = "What corporate credit rating did Standard & Poor's assign Contoso in October 2022?"
    cited = [span(_at29(19), SESSION29[19])]
    said = "S&P lowered Contoso's corporate credit rating to BB+ (it also lowered the senior unsecured debt rating)."
    _ask29(run_cli, fake_openai, make_pdf, question, answer("text", {"text": said, "spans": cited}), True)
    both = [span(_at(20), SESSION30[20]), span(_at(21), SESSION30[21])]
    text = "Moody's rates Contoso A1 with a stable outlook (S&P Global Ratings rates it A+)."
    moodys = "What credit rating does Moody's give Contoso as of December 2022?"
    _ask(run_cli, fake_openai, make_pdf, moodys, answer("text", {"text": text, "spans": both}), True)


def test_our_shareholders_holding_is_no_stake_of_ours_and_as_reported_is_no_cause(run_cli, fake_openai, make_pdf):
    line, text = _on_page(EXTRA, 4)
    yes = answer("boolean", {"value": True, "explanation": "Yes, 55%.", "spans": [span(line, text.rstrip("."))]})
    asked = "Did Contoso keep a majority stake in Fabrikam after the exchange?"
    _ask_extra(run_cli, fake_openai, make_pdf, asked, yes, False, "the company's shareholders")
    line, text = _on_page(EXTRA, 5)
    said = answer("text", {"text": text.rstrip("."), "spans": [span(line, text.rstrip("."))]})
    _ask_extra(run_cli, fake_openai, make_pdf, "Why did Contoso's Widget sales increase in 2022?", said, False, "cause")
