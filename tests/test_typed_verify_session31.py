"""Session 31: right answers blind round 62 lost, and blind round 63's classes.

- An operand quoted from a sentence that says what the question says of the figure ('a $0.12 cash dividend per
  ordinary share during the first fiscal quarter', for 'cash dividends per ordinary share') names nothing the
  question did not ask; an ordinal of a period ('the second fiscal quarter') says when, which the period check
  judges. A word neither says ('special') still leaves the operand unchecked.
- What remains of an amount given years before ('shares remained available ... under the 2019 program as of December
  31, 2022') is not the amount less one year's use (blind round 60's, shown supported until now).
- An acronym the operand uses ('GPV') names the row that spells it out before it in parentheses ('Gross Payment
  Volume (GPV)'); another row's acronym ('Gross Merchandise Value (GMV)') does not."""

from __future__ import annotations

import json

from docintel.question.asks import asks_names
from docintel.question.parse import answer_shape
from tests.conftest import FINANCEBENCH, needs_shared
from tests.test_typed_verify_session30 import COVER30, REVENUE
from tests.test_values import amount, answer, ask, assert_scripted, calculation, operand, span

DIVIDENDS31 = [
    "Dividends",
    "We declared and paid a $0.12 cash dividend per ordinary share during the first fiscal quarter that ended September"
    " 30, 2022,",
    "and a $0.1225 cash dividend per ordinary share during the second fiscal quarter that ended December 31, 2022.",
    "We also paid a $0.05 special cash dividend per ordinary share during the second fiscal quarter.",
]
METRICS = [
    "Key operating metrics",
    "Year ended December 31,",
    "2021 2022",
    "Gross Payment Volume (GPV) (in millions) $ 35,643 $ 49,683",
    "Gross Merchandise Value (GMV) (in millions) $ 12,000 $ 15,000",
]


def _line(pages: list[list[str]], page: int, index: int) -> int:
    """The global line number of line *index* of *pages*[*page*] (the cover first)."""
    return sum(len(p) for p in pages[:page]) + index + 1


def test_an_operand_s_words_the_question_says_and_its_period_ordinal_ask_nothing_more(run_cli, fake_openai, make_pdf):
    pages = [COVER30, DIVIDENDS31]
    pdf = make_pdf("contoso-2022-10k.pdf", pages)
    question = (
        "What total cash dividends per ordinary share did Contoso declare in the six months ended December 31, 2022?"
    )
    first = (_line(pages, 1, 1), DIVIDENDS31[1][DIVIDENDS31[1].index("a $0.12") :].rstrip(","))
    second = (_line(pages, 1, 2), DIVIDENDS31[2][DIVIDENDS31[2].index("a $0.1225") :].rstrip("."))
    special = (_line(pages, 1, 3), "a $0.05 special cash dividend per ordinary share during the second fiscal quarter")

    def summed(b: tuple[int, str], value: float) -> dict:
        total = round(0.12 + value, 4)
        parts = [
            operand("a", 0.12, "quarter ended September 30, 2022", first, name="Q1 dividend per share"),
            operand("b", value, "quarter ended December 31, 2022", b, name="Q2 dividend per share"),
        ]
        scripted = amount(total, "per_share", "six months ended December 31, 2022", first, b, label="Dividends")
        scripted["items"][0]["calculation"] = calculation("a + b", total, *parts)
        return scripted

    data = assert_scripted(run_cli, fake_openai, pdf, question, summed(second, 0.1225), True)
    concepts = [o["concept_check"] for o in data["verification"]["items"][0]["operands"]]
    assert concepts == ["supported", "supported"], data["verification"]
    assert_scripted(run_cli, fake_openai, pdf, question, summed(special, 0.05), False, "special")


def test_an_acronym_names_the_row_that_spells_it_out(run_cli, fake_openai, make_pdf):
    pages = [COVER30, REVENUE, METRICS]
    pdf = make_pdf("contoso-2022-10k.pdf", pages)
    question = "What was Contoso's total revenue as a percentage of its payment volume in 2022?"
    revenue = (_line(pages, 1, 3), REVENUE[3])

    def take_rate(row: int, volume: float) -> dict:
        cited = (_line(pages, 2, row), METRICS[row])
        result = round(1456.16 / volume * 100, 4)
        parts = [
            operand("a", 1456.16, "2022", revenue, name="Total revenue 2022 ($ millions)"),
            operand("b", volume, "2022", cited, name="GPV 2022 ($ millions)"),
        ]
        scripted = amount(result, "percent", "2022", revenue, cited, currency=None, label="Take rate")
        scripted["items"][0]["calculation"] = calculation("a / b * 100", result, *parts)
        return scripted

    data = assert_scripted(run_cli, fake_openai, pdf, question, take_rate(3, 49683.0), True)
    assert data["verification"]["items"][0]["operands"][1]["concept_check"] == "supported", data["verification"]
    assert_scripted(run_cli, fake_openai, pdf, question, take_rate(4, 15000.0), False, "Gross Merchandise Value")


RELEASE = [
    "Contoso reported results for the quarter and year ended December 31, 2022.",
    "“We achieved record revenue in the fourth quarter,” said Ann Ortiz, Chief Executive Officer of Contoso. “Our",
    "teams delivered a remarkable year.”",
    "“We are focused on free cash flow,” said Raj Patel, Chief Financial Officer of Contoso.",
    "“Our share buyback program continues as we have already repurchased 4 million shares for $164 million.”",
    "The board authorized an additional $2 billion for share buybacks.",
    "“We opened 40 stores in the quarter,” Patel added. “We closed 12 stores,” said Chief Operating Officer Lee Chen.",
]
COURTS = [
    "In April 2022, the High Court issued a judgment finding invalid a Contoso patent related to Widget due to expire.",
    "In May 2023, the Court of Appeal dismissed the appeal.",
    "In June 2023, the Court of Appeal upheld the Contoso patent related to Gizmo.",
    "In July 2023, the court denied Contoso's motion to dismiss the Fabrikam claims.",
    "In August 2023, the Court of Appeal reversed the High Court's ruling and upheld the Contoso patent on Gadget.",
    "In September 2023, the court rejected the claims brought by Fabrikam and granted Contoso's cross-claims.",
    "In April 2023, the court granted Contoso's motion to strike the experts' testimony in the Tailspin lawsuits.",
    "In May 2023, the court dismissed the Northwind lawsuits against Contoso.",
]
CATEGORIES = [
    "Our revenue categories are:",
    "• Computing - laptops, tablets and wearables (including smartwatches);",
    "• Consumer Electronics - digital imaging, health and fitness, home theater software and smart home;",
    "• Entertainment - drones, gaming hardware and software, and movies.",
    "• Services - installation, repair and software support.",
]
CASES = [
    "Of the cases tried to a jury over the past ten years, Contoso prevailed in fourteen of the fifteen cases.",
    "We achieved our fifth consecutive quarter of record revenue in the fourth quarter of 2022.",
    "Beginning in the third quarter of 2023, a 15% royalty to Contoso on Widget net sales replaces the profit share.",
    "Hardware costs consist of all product costs associated with contactless readers, chip card readers and stands.",
]


def _cite(page: list[str], index: int, quote: str | None = None) -> dict:
    """A span citing line *index* of *page* (after the cover), its whole text unless *quote* is given."""
    return span(len(COVER30) + index + 1, quote if quote is not None else page[index])


def test_quoted_words_are_their_speaker_s_not_another_s_the_page_quotes(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-release.pdf", [COVER30, RELEASE])
    question = "Which Contoso executive, quoted in the release, spoke about the share buyback program?"
    buyback = _cite(RELEASE, 4, RELEASE[4].strip("“”"))

    def said(name: str, attribution: dict) -> dict:
        text = f"{name} said Contoso had already repurchased 4 million shares for $164 million."
        return answer("text", {"text": text, "spans": [attribution, buyback]})

    ortiz = _cite(RELEASE, 1, "said Ann Ortiz, Chief Executive Officer of Contoso")
    data = assert_scripted(run_cli, fake_openai, pdf, question, said("Ann Ortiz", ortiz), False, "Raj Patel's")
    assert "not Ann Ortiz's" in json.dumps(data["verification"]), data["verification"]
    patel = _cite(RELEASE, 3, "said Raj Patel, Chief Financial Officer of Contoso")
    assert_scripted(run_cli, fake_openai, pdf, question, said("Raj Patel", patel), True)
    plain = "Which Contoso executive said 'Our share buyback program continues'?"
    assert_scripted(run_cli, fake_openai, pdf, plain, said("Raj Patel", patel), True)  # 'said' is read by speakers
    first = "Which Contoso executive spoke about the fourth quarter's record revenue?"
    record = answer(
        "text",
        {"text": "Ann Ortiz said Contoso achieved record revenue in the fourth quarter.", "spans": [_cite(RELEASE, 1)]},
    )
    assert_scripted(run_cli, fake_openai, pdf, first, record, True)
    both = (
        "Raj Patel, speaking after Ann Ortiz, said Contoso had already repurchased 4 million shares for $164 million."
    )
    named = answer("text", {"text": both, "spans": [patel, buyback]})
    assert_scripted(run_cli, fake_openai, pdf, question, named, True)
    unquoted = "Ann Ortiz was quoted in the release, which says the board authorized an additional $2 billion."
    stated = answer("text", {"text": unquoted, "spans": [ortiz, _cite(RELEASE, 5, RELEASE[5].rstrip("."))]})
    fake_openai.push_answer(stated)
    _, data, _ = ask(run_cli, "Describe what Contoso's board authorized for share buybacks.", pdf)
    assert "attribution: the words" not in json.dumps(data["verification"]), data["verification"]  # no one's words
    stores = "Which Contoso executive spoke about the stores closed in the quarter?"
    closed = _cite(RELEASE, 6, "We closed 12 stores")
    chen = answer("text", {"text": "Lee Chen said Contoso closed 12 stores.", "spans": [closed]})
    assert_scripted(run_cli, fake_openai, pdf, stores, chen, True)  # his titles before his name are no name
    wrong = answer("text", {"text": "Raj Patel said Contoso closed 12 stores.", "spans": [closed]})
    assert_scripted(run_cli, fake_openai, pdf, stores, wrong, False, "are Lee Chen's, not Raj Patel's")
    opened = answer(
        "text",
        {
            "text": "Raj Patel said Contoso opened 40 stores.",
            "spans": [_cite(RELEASE, 6, "We opened 40 stores in the quarter")],
        },
    )
    assert_scripted(run_cli, fake_openai, pdf, "Which Contoso executive spoke about stores opened?", opened, True)
    chen_opened = answer(
        "text",
        {
            "text": "Lee Chen said Contoso opened 40 stores.",
            "spans": [_cite(RELEASE, 6, "We opened 40 stores in the quarter")],
        },
    )
    asked = "Which Contoso executive spoke about stores opened?"
    assert_scripted(
        run_cli, fake_openai, pdf, asked, chen_opened, False, "are Patel's, not Lee Chen's"
    )  # 'Patel added'


def test_a_yes_to_an_outcome_is_not_read_from_quotes_of_its_opposite(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2023-10q.pdf", [COVER30, COURTS])
    question = "Did the Court of Appeal's May 2023 decision uphold the Contoso patent related to Widget?"
    yes = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [_cite(COURTS, 0), _cite(COURTS, 1)]})
    assert_scripted(run_cli, fake_openai, pdf, question, yes, False, "the opposite of 'uphold'")
    gizmo = "Did the Court of Appeal uphold the Contoso patent related to Gizmo?"
    upheld = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [_cite(COURTS, 2)]})
    assert_scripted(run_cli, fake_openai, pdf, gizmo, upheld, True)
    motion = "Did the court grant Contoso's motion to dismiss the Fabrikam claims?"
    denied = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [_cite(COURTS, 3)]})
    assert_scripted(run_cli, fake_openai, pdf, motion, denied, False, "the opposite of 'grant'")
    gadget = "Did the Court of Appeal uphold the Contoso patent on Gadget?"
    reversed_ = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [_cite(COURTS, 4)]})
    assert_scripted(run_cli, fake_openai, pdf, gadget, reversed_, True)  # 'upheld' said, beside 'reversed'
    claims = "Did the court approve the claims brought by Fabrikam?"
    rejected = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [_cite(COURTS, 5)]})
    assert_scripted(run_cli, fake_openai, pdf, claims, rejected, False, "the opposite of 'approve'")  # not 'granted'


def test_a_yes_that_a_proceeding_ended_needs_a_quote_that_says_how(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2023-10q.pdf", [COVER30, COURTS])
    struck = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [_cite(COURTS, 6)]})
    tailspin = "As of its 2023 Form 10-Q, had the Tailspin lawsuits against Contoso been dismissed?"
    assert_scripted(run_cli, fake_openai, pdf, tailspin, struck, False, "the quotes do not say 'dismissed'")
    dismissed = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [_cite(COURTS, 7)]})
    northwind = "As of its 2023 Form 10-Q, had the Northwind lawsuits against Contoso been dismissed?"
    assert_scripted(run_cli, fake_openai, pdf, northwind, dismissed, True)


def test_which_group_includes_a_thing_is_answered_by_a_quote_that_names_it(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, CATEGORIES])
    question = "Describe which Contoso revenue category includes smartwatches."

    def category(name: str, index: int) -> dict:
        return answer("text", {"text": f"{name}.", "spans": [_cite(CATEGORIES, index)]})

    wrong = category("Consumer Electronics, with health and fitness", 2)
    data = assert_scripted(run_cli, fake_openai, pdf, question, wrong, False, "no quote names smartwatches")
    assert f"at line {len(COVER30) + 2}" in json.dumps(data["verification"]), data["verification"]
    assert_scripted(run_cli, fake_openai, pdf, question, category("Computing", 1), True)
    drones = "Describe which Contoso revenue category includes drones."
    assert_scripted(run_cli, fake_openai, pdf, drones, category("Entertainment", 3), True)
    gaming = "Describe which Contoso revenue category includes gaming software."
    data = assert_scripted(run_cli, fake_openai, pdf, gaming, category("Services", 4), False, "no quote names gaming")
    assert f"the filing names it at line {len(COVER30) + 4}" in json.dumps(data["verification"])  # every word
    assert_scripted(run_cli, fake_openai, pdf, gaming, category("Entertainment", 3), True)
    asked = "Does Contoso's Consumer Electronics category include smartwatches?"
    yes = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [_cite(CATEGORIES, 2)]})
    assert_scripted(run_cli, fake_openai, pdf, asked, yes, False, "no quote names smartwatches")


def test_counts_written_in_words_are_read_as_numbers(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, CASES])
    question = "Of the cases tried to a jury over the past ten years, how many did Contoso lose?"
    cited = (len(COVER30) + 1, CASES[0])

    def lost(tried: float, won: float) -> dict:
        parts = [operand("a", tried, None, cited, name="Cases tried"), operand("b", won, None, cited, name="Cases won")]
        scripted = amount(tried - won, "count", None, cited, currency=None, label="Cases lost")
        scripted["items"][0]["calculation"] = calculation("a - b", tried - won, *parts)
        return scripted

    fake_openai.push_answer(lost(15.0, 14.0))
    _, data, _ = ask(run_cli, question, pdf)
    values = [o["value_check"] for o in data["verification"]["items"][0]["operands"]]
    assert values == ["supported", "supported"], data["verification"]
    assert_scripted(run_cli, fake_openai, pdf, question, lost(16.0, 14.0), False, "16 is not in")
    run = "For how many consecutive quarters had Contoso achieved record revenue as of the fourth quarter of 2022?"
    record = (len(COVER30) + 2, CASES[1])
    fake_openai.push_answer(amount(5.0, "count", None, record, currency=None, label="Consecutive record quarters"))
    _, data, _ = ask(run_cli, run, pdf)
    assert data["verification"]["items"][0]["value_check"] == "supported", data["verification"]  # 'fifth consecutive'
    four = amount(4.0, "count", None, record, currency=None, label="Consecutive record quarters")
    assert_scripted(run_cli, fake_openai, pdf, run, four, False, "4 count is not in")


def test_a_royalty_rate_asks_a_percentage(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2023-10q.pdf", [COVER30, CASES])
    question = "What royalty rate will Contoso receive on Widget net sales beginning in the third quarter of 2023?"
    rate = amount(15.0, "percent", None, (len(COVER30) + 3, CASES[2]), currency=None, label="Royalty rate")
    fake_openai.push_answer(rate)
    _, data, _ = ask(run_cli, question, pdf)
    assert data["verification"]["items"][0]["kind_check"] == "supported", data["verification"]


def test_a_question_after_a_person_asks_a_name_whatever_figure_it_names():
    assert answer_shape("Who spoke about the share buyback program?") == "text"
    assert answer_shape("Which Contoso executive spoke about the fourth quarter's revenue?") == "text"
    assert answer_shape("Which company value grew?") == "amount"  # a value asked, not a company
    assert answer_shape("How much revenue did the company report?") == "amount"


PROGRAMS = [
    "In 2019, the Board of Directors authorized a repurchase program of up to 500 million shares of common stock.",
    "During 2022, the Company repurchased 82 million shares under the 2019 program.",
    "In February 2022, the Board of Directors authorized a second program of up to 100 million shares of common stock.",
    "During 2022, the Company repurchased 60 million shares under the 2022 program.",
    "In December 2021, the Board of Directors authorized a third program of up to 80 million shares of common stock.",
    "During 2022, the Company repurchased 30 million shares under the third program.",
]


def test_what_remains_of_an_amount_given_years_before_takes_away_every_year_s_use(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, PROGRAMS])

    def remaining(given: int, used: int, granted: str, total: float, spent: float) -> dict:
        cited = [(len(COVER30) + i + 1, PROGRAMS[i].rstrip(".")) for i in (given, used)]
        parts = [
            operand("a", total, granted, cited[0], name="Shares authorized (millions)"),
            operand("b", spent, "2022", cited[1], name="Shares repurchased in 2022 (millions)"),
        ]
        scripted = amount(total - spent, "millions", "December 31, 2022", *cited, currency=None, label="Remaining")
        scripted["items"][0]["calculation"] = calculation("a - b", total - spent, *parts)
        return scripted

    old = "How many shares remained available for purchase under Contoso's 2019 program as of December 31, 2022?"
    once = remaining(0, 1, "2019", 500.0, 82.0)
    assert_scripted(run_cli, fake_openai, pdf, old, once, False, "takes away its use in every year since")
    new = "How many shares remained available for purchase under Contoso's 2022 program as of December 31, 2022?"
    fake_openai.push_answer(remaining(2, 3, "February 2022", 100.0, 60.0))
    _, data, _ = ask(run_cli, new, pdf)
    assert data["verification"]["items"][0]["period_check"] == "supported", data["verification"]  # given in 2022
    third = "How many shares remained available for purchase under Contoso's third program as of December 31, 2022?"
    fake_openai.push_answer(remaining(4, 5, "December 2021", 80.0, 30.0))
    _, data, _ = ask(run_cli, third, pdf)
    assert data["verification"]["items"][0]["period_check"] == "supported", data["verification"]  # none used in 2021


def test_a_kind_of_a_compound_noun_asked_is_not_read_from_quotes_of_another_kind(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, CASES])
    hardware = answer("text", {"text": "In cost of revenue, as hardware costs.", "spans": [_cite(CASES, 3)]})
    magstripe = "Where in its statement of operations does Contoso recognize the cost of the magstripe card readers?"
    assert_scripted(run_cli, fake_openai, pdf, magstripe, hardware, False, "not the magstripe card readers asked")
    chip = "Where in its statement of operations does Contoso recognize the cost of the chip card readers?"
    assert_scripted(run_cli, fake_openai, pdf, chip, hardware, True)


TOWERS = [
    "In March 2015, Fabrikam acquired the exclusive rights to lease and operate approximately 11,300 of our wireless",
    "towers for an upfront payment of $5.0 billion.",
]
TOWERS_NEXT = ["We continue to include the towers in property, plant and equipment and depreciate them accordingly."]


def test_a_yes_to_an_outcome_the_lines_after_its_quote_deny_is_unchecked(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, TOWERS, TOWERS_NEXT])
    question = "Did Contoso remove the wireless towers in the Fabrikam transaction from its property and equipment?"
    quote = {"doc": None, "line_start": len(COVER30) + 1, "line_end": len(COVER30) + 2, "quote": " ".join(TOWERS)}
    yes = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [quote]})
    reason = "the lines after the quotes say 'continue to include', the opposite of 'remove'"
    assert_scripted(run_cli, fake_openai, pdf, question, yes, False, reason)  # over the page break


HOLDINGS = [
    "Prior to the closing of the exchange, Fabrikam Properties was a consolidated subsidiary of ours.",
    "In 2022, we divested our interest in Tailspin Toys for $40 million.",
    "Contoso owns 75% of Wingtip Games.",
    "In March 2023, the FDA approved Widget for adults.",
    "In May 2023, the FDA rejected the Widget application for children.",
]


def test_a_yes_needs_a_word_of_what_it_asks_of_a_name_or_the_act_itself(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, HOLDINGS])
    consolidated = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [_cite(HOLDINGS, 0)]})
    majority = "Did Contoso own a majority of Fabrikam Properties' partnership units as of December 31, 2021?"
    assert_scripted(run_cli, fake_openai, pdf, majority, consolidated, False, "the quotes say nothing of 'own'")
    divested = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [_cite(HOLDINGS, 1)]})
    sold = "Did Contoso sell its stake in Tailspin Toys in 2022?"
    assert_scripted(run_cli, fake_openai, pdf, sold, divested, True)  # 'divested' says 'sell'
    owns = answer(
        "boolean", {"value": True, "explanation": "Yes.", "spans": [_cite(HOLDINGS, 2, HOLDINGS[2].rstrip("."))]}
    )
    controlling = "Did Contoso hold a controlling interest in Wingtip Games?"
    assert_scripted(run_cli, fake_openai, pdf, controlling, owns, True)  # a stated share says how much it holds
    approved = answer(
        "boolean", {"value": True, "explanation": "Yes.", "spans": [_cite(HOLDINGS, 3, HOLDINGS[3].rstrip("."))]}
    )
    widget = "Did the FDA approve Widget for adults?"
    assert_scripted(run_cli, fake_openai, pdf, widget, approved, True)  # the next line's 'rejected' is not read


PRODUCTS = [
    "Net sales by category (in millions):",
    "Year ended December 31,",
    "2022 2021",
    "iPhone net sales $ 205,489 $ 191,973",
    "Mac net sales $ 40,177 $ 35,190",
]


def test_an_operand_s_row_named_by_another_operand_s_name_in_the_question_is_not_its_own(
    run_cli, fake_openai, make_pdf
):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, PRODUCTS])
    question = "How much larger were Contoso's iPhone net sales than its Mac net sales in 2022?"
    iphone, mac = (len(COVER30) + 4, PRODUCTS[3]), (len(COVER30) + 5, PRODUCTS[4])

    def larger(a_row: tuple[int, str], a: float) -> dict:
        parts = [
            operand("a", a, "2022", a_row, name="iPhone net sales"),
            operand("b", 40177.0, "2022", mac, name="Mac net sales"),
        ]
        scripted = amount(a - 40177.0, "millions", "2022", a_row, mac, label="Difference")
        scripted["items"][0]["calculation"] = calculation("a - b", a - 40177.0, *parts)
        return scripted

    data = assert_scripted(run_cli, fake_openai, pdf, question, larger(mac, 40177.0), False)
    assert data["verification"]["items"][0]["operands"][0]["concept_check"] != "supported", data["verification"]
    fake_openai.push_answer(larger(iphone, 205489.0))
    _, data, _ = ask(run_cli, question, pdf)
    assert data["verification"]["items"][0]["operands"][0]["concept_check"] == "supported", data["verification"]


def test_a_prose_operand_of_another_name_the_question_gives_is_not_its_own(run_cli, fake_openai, make_pdf):
    said = ["iPhone net sales were $205.5 billion and Mac net sales were $40.2 billion in 2022."]
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, said])
    question = "How much larger were Contoso's iPhone net sales than its Mac net sales in 2022?"
    mac = (len(COVER30) + 1, "Mac net sales were $40.2 billion")
    parts = [
        operand("a", 40.2, "2022", mac, name="iPhone net sales"),
        operand("b", 40.2, "2022", mac, name="Mac net sales"),
    ]
    scripted = amount(0.0, "billions", "2022", mac, label="Difference")
    scripted["items"][0]["calculation"] = calculation("a - b", 0.0, *parts)
    fake_openai.push_answer(scripted)
    _, data, _ = ask(run_cli, question, pdf)
    assert data["verification"]["items"][0]["operands"][0]["concept_check"] != "supported", data["verification"]


@needs_shared
def test_offline_which_executive_is_not_answered_by_a_line_that_names_no_one(run_cli):
    pdf = FINANCEBENCH / "pdfs" / "LOCKHEEDMARTIN_2020_10K.pdf"
    question = "Which Lockheed Martin executive signed the report as chief financial officer?"
    code, out, _ = run_cli("ask", question, pdf, "--json", "--backend", "extractive")
    data = json.loads(out)
    assert data["status"] != "supported", data["verification"]  # 'our Code of Ethics ... for our Chief Executive ...'


def test_which_executive_asks_a_name_as_who_does(run_cli, fake_openai, make_pdf):
    ethics = ["Our Code of Ethics applies to our Chief Executive Officer and senior financial officers."]
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, ethics])
    question = "Which Contoso executive signed the report as chief financial officer?"
    code = answer("text", {"text": ethics[0].rstrip("."), "spans": [span(len(COVER30) + 1, ethics[0].rstrip("."))]})
    assert_scripted(run_cli, fake_openai, pdf, question, code, False, "about")  # it names no one who signed


def test_which_executive_is_answered_by_a_name(run_cli, fake_openai, make_pdf):
    officers = ["Jane Roe serves as our chief financial officer and has held the role since 2019."]
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER30, officers])
    question = "Which Contoso executive is the chief financial officer?"
    cited = [span(len(COVER30) + 1, officers[0].rstrip("."))]
    role = answer("text", {"text": "our chief financial officer", "spans": cited})
    assert_scripted(run_cli, fake_openai, pdf, question, role, False, "names no one")
    assert_scripted(run_cli, fake_openai, pdf, question, answer("text", {"text": "Jane Roe", "spans": cited}), True)


def test_who_spoke_is_answered_by_attributed_words_and_which_category_asks_a_name(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-release.pdf", [COVER30, RELEASE])
    question = "Which Contoso executive spoke about the share buyback program?"
    board = answer("text", {"text": RELEASE[5].rstrip("."), "spans": [_cite(RELEASE, 5, RELEASE[5].rstrip("."))]})
    assert_scripted(run_cli, fake_openai, pdf, question, board, False, "no quote gives words the filing attributes")
    assert answer_shape("Which revenue category includes drones?") == "text"
    assert asks_names("Which revenue category includes drones?") == "which"  # a category's name, not revenue
    assert asks_names("Which effective tax rate applied in 2022?") is None
