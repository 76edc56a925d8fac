"""Rules added in session 44 (red team rounds 10 and 11), each scripted through the local OpenAI-compatible
server: a yes about a state's subsidiary needs a quote of what is asked that names the state, in full or by its
USPS code (a state list quoted from another row of a regulatory table names no one of this one); a row a schedule
deducts ('Less: current maturities (500)') states its magnitude either way, other rows keep their sign; total debt
is not net debt (total debt less cash, a leverage measure of the ratio lists); a dividend declared is not a
dividend paid (ASC 505-20); a question whether something goes on is answered no by a quote that says it stops;
tangible book value is not book value; a number printed twice is read in each of its sentences."""

from __future__ import annotations

import pytest

from tests.test_typed_verify import assert_cited_lines, field, verdict
from tests.test_values import amount, answer, calculation, operand, span

PAGES = [
    ["Acme Water Company", "Annual Report on Form 10-K for the fiscal year ended December 31, 2024"],
    [
        "Regulatory practices",
        "Practice Description States allowed",
        "Expense mechanisms Allows changes in operating expenses to be recovered outside a rate case CA, IL, MO, NJ",
        "Revenue stability mechanisms Adjusts rates so the utility recovers authorized revenues CA, IL",
        "Our Missouri subsidiary uses a future test year in its rate cases.",
    ],
    [
        "Debt",
        "Our total debt consisted of the following (in millions):",
        "December 31, 2024 2023",
        "Total debt 11,669 12,169",
        "Less: current maturities of long-term debt (500) (500)",
        "Long-term debt, net 11,169 11,669",
        "Less cash and cash equivalents 837 775",
        "Net debt $ 10,832 $ 11,394",
    ],
    [
        "Consolidated statements of equity",
        "(In millions, except per share data) Three months ended June 30, 2024",
        "Cash dividends declared, per share: $0.82",
        "Cash dividends paid, per share: $0.41",
    ],
    [
        "Per common share data",
        "December 31, 2024 2023",
        "Book value per share 86.38 84.85",
        "Tangible book value per share 69.53 68.91",
    ],
]
EXPENSE_STATES = (5, "CA, IL, MO, NJ")
STABILITY = (6, "Revenue stability mechanisms Adjusts rates so the utility recovers authorized revenues")
STABILITY_ROW = (6, "Revenue stability mechanisms Adjusts rates so the utility recovers authorized revenues CA, IL")
MISSOURI = (7, "Our Missouri subsidiary uses a future test year in its rate cases.")
CURRENT = (12, "Less: current maturities of long-term debt (500) (500)")
LONG_TERM = (13, "Long-term debt, net 11,169 11,669")
TOTAL_DEBT = (11, "Total debt 11,669 12,169")
NET_DEBT = (15, "Net debt $ 10,832 $ 11,394")
DECLARED = (18, "Cash dividends declared, per share: $0.82")
PAID = (19, "Cash dividends paid, per share: $0.41")
BOOK = (22, "Book value per share 86.38 84.85")
TANGIBLE = (23, "Tangible book value per share 69.53 68.91")


@pytest.fixture
def filing(make_pdf):
    return make_pdf("acme-water-2024-10k.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    cited = (EXPENSE_STATES, STABILITY_ROW, MISSOURI, CURRENT, LONG_TERM, TOTAL_DEBT, NET_DEBT, CASH, DECLARED, PAID)
    cited += (BOOK, TANGIBLE)
    assert_cited_lines(run_cli, filing, cited)


def _yes(*cited):
    return answer("boolean", {"value": True, "explanation": "as quoted", "spans": [span(*c) for c in cited]})


def test_a_yes_about_a_named_subject_needs_a_quote_of_the_asked_thing_that_names_it(run_cli, fake_openai, filing):
    question = "Does Acme Water's Missouri subsidiary have a revenue stability mechanism?"
    status, check = verdict(run_cli, fake_openai, filing, question, _yes(STABILITY, EXPENSE_STATES))
    assert status != "supported" and field(check, "polarity")["verdict"] == "unknown", check["fields"]
    assert "Missouri" in field(check, "polarity")["detail"]
    # the name in a quote about something else is no better
    status, check = verdict(run_cli, fake_openai, filing, question, _yes(STABILITY, MISSOURI))
    assert status != "supported", check["fields"]


def test_a_yes_whose_quote_names_the_subject_with_the_asked_thing_is_kept(run_cli, fake_openai, filing):
    question = "Does Acme Water's Missouri subsidiary use a future test year?"
    status, check = verdict(run_cli, fake_openai, filing, question, _yes(MISSOURI))
    assert status == "supported", check["fields"]
    # a name that is no state is not asked for in the quote ('Acme Water', 'CEO', a product)
    question = "Does Acme Water's CEO confirm a future test year in Missouri?"
    status, check = verdict(run_cli, fake_openai, filing, question, _yes(MISSOURI))
    assert status == "supported", check["fields"]


@pytest.mark.parametrize("value", [500, -500])
def test_a_deducted_row_states_its_magnitude_either_way(run_cli, fake_openai, filing, value):
    question = "What were Acme Water's current maturities of long-term debt at December 31, 2024?"
    right = amount(value, "millions", "December 31, 2024", CURRENT, label="Current maturities of long-term debt")
    status, check = verdict(run_cli, fake_openai, filing, question, right)
    assert status == "supported", check


def test_a_row_that_is_not_deducted_keeps_its_sign(run_cli, fake_openai, filing):
    question = "What was Acme Water's long-term debt, net at December 31, 2024?"
    wrong = amount(-11169, "millions", "December 31, 2024", LONG_TERM, label="Long-term debt, net")
    status, check = verdict(run_cli, fake_openai, filing, question, wrong)
    assert status != "supported" and check["sign_check"] == "mismatch", check


def test_a_state_named_by_its_code_with_the_asked_thing_is_kept(run_cli, fake_openai, filing):
    # 'CA, IL' at the end of the revenue stability row names Illinois by its USPS code
    question = "Does Acme Water's Illinois subsidiary have a revenue stability mechanism?"
    status, check = verdict(run_cli, fake_openai, filing, question, _yes(STABILITY_ROW))
    assert status == "supported", check["fields"]
    # another row's list names Missouri, not with the mechanism asked
    question = "Does Acme Water's Missouri subsidiary have a revenue stability mechanism?"
    status, check = verdict(run_cli, fake_openai, filing, question, _yes(STABILITY_ROW, EXPENSE_STATES))
    assert status != "supported", check["fields"]


STOPPING = [
    ["Acme Water Company"],
    [
        "Dividends",
        "In February 2025, our Board of Directors determined to suspend our ongoing regular dividends.",
        "The Board did not suspend the dividend on our preferred stock.",
    ],
]


@pytest.mark.parametrize(
    ("question", "value", "line", "kept"),
    [
        ("Will Acme Water keep paying its regular dividends after February 2025?", False, 3, True),
        ("Will Acme Water keep paying its regular dividends after February 2025?", True, 3, False),
        ("Will Acme Water continue to pay the dividend on its preferred stock?", True, 4, True),
        ("Will Acme Water continue to pay the dividend on its preferred stock?", False, 4, False),
        ("Did Acme Water suspend its regular dividends in February 2025?", True, 3, True),
        ("Will Acme Water keep its regular dividends suspended in 2025?", True, 3, True),
    ],
)
def test_a_stop_answers_whether_something_goes_on(run_cli, fake_openai, make_pdf, question, value, line, kept):
    pdf = make_pdf("acme-water-2025-8k.pdf", STOPPING)
    quote = STOPPING[1][line - 2]
    reply = answer("boolean", {"value": value, "explanation": "as quoted", "spans": [span(line, quote)]})
    status, check = verdict(run_cli, fake_openai, pdf, question, reply)
    assert (status == "supported") == kept, check["fields"]


@pytest.mark.parametrize(
    ("row", "value", "kept"), [(TOTAL_DEBT, 11669, False), (NET_DEBT, 10832, True), (LONG_TERM, 11169, False)]
)
def test_net_debt_is_total_debt_less_cash(run_cli, fake_openai, filing, row, value, kept):
    question = "What was Acme Water's net debt at December 31, 2024?"
    reply = amount(value, "millions", "December 31, 2024", row, label="Net debt")
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert (status == "supported") == kept, check
    if not kept:
        assert check["concept_check"] == "mismatch", check


CASH = (14, "Less cash and cash equivalents 837 775")


@pytest.mark.parametrize(
    ("expression", "value", "kept"), [("a - b", 10832, True), ("a + b", 12506, False), ("a", 11669, False)]
)
def test_net_debt_computed_is_total_debt_less_cash(run_cli, fake_openai, filing, expression, value, kept):
    question = "What was Acme Water's net debt at December 31, 2024?"
    operands = [operand("a", 11669, "December 31, 2024", TOTAL_DEBT, name="Total debt")]
    if "b" in expression:
        operands.append(operand("b", 837, "December 31, 2024", CASH, name="Cash and cash equivalents"))
    reply = amount(
        value,
        "millions",
        "December 31, 2024",
        TOTAL_DEBT,
        label="Net debt",
        calculation=calculation(expression, value, *operands),
    )
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert (status == "supported") == kept, check


@pytest.mark.parametrize(
    ("question", "row", "value", "kept"),
    [
        ("What cash dividend per share did Acme Water pay in the second quarter of 2024?", DECLARED, 0.82, False),
        ("What cash dividend per share did Acme Water pay in the second quarter of 2024?", PAID, 0.41, True),
        ("What cash dividends per share did Acme Water declare in the second quarter of 2024?", DECLARED, 0.82, True),
        ("What cash dividends per share did Acme Water declare in the second quarter of 2024?", PAID, 0.41, False),
    ],
)
def test_a_dividend_declared_is_not_a_dividend_paid(run_cli, fake_openai, filing, question, row, value, kept):
    reply = amount(value, "per_share", "second quarter of 2024", row, label="Dividends per share")
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert (status == "supported") == kept, check


@pytest.mark.parametrize(
    ("question", "row", "value", "kept"),
    [
        ("What was Acme Water's book value per common share at December 31, 2024?", TANGIBLE, 69.53, False),
        ("What was Acme Water's book value per common share at December 31, 2024?", BOOK, 86.38, True),
        ("What was Acme Water's tangible book value per share at December 31, 2024?", TANGIBLE, 69.53, True),
    ],
)
def test_tangible_book_value_is_not_book_value(run_cli, fake_openai, filing, question, row, value, kept):
    reply = amount(value, "per_share", "December 31, 2024", row, label="Book value per share")
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert (status == "supported") == kept, check
    if not kept:
        assert check["concept_check"] == "mismatch", check


OPTIONS = [
    ["Acme Water Company"],
    [
        "Share-based compensation",
        "During 2024, 2023 and 2022, the intrinsic value associated with the exercise",
        "of share options was $31 million, $15 million and $6 million, respectively. The grant date fair value of "
        "share options vested in 2024 was $15 million.",
    ],
]


@pytest.mark.parametrize(
    ("question", "kept"),
    [
        ("What was the grant date fair value of Acme Water's share options vested in 2024?", True),
        ("What was the carrying amount of Acme Water's share options vested?", False),
    ],
)
def test_a_number_printed_twice_is_read_in_each_sentence(run_cli, fake_openai, make_pdf, question, kept):
    pdf = make_pdf("acme-water-options.pdf", OPTIONS)
    spans = [span(4, OPTIONS[1][2])]  # both sentences: $15 million twice
    period = "2024" if kept else None  # the carrying amount's question and answer name no year: the concept decides
    item = {"label": "Options", "amount": {"value": 15, "currency": "USD", "unit": "millions"}, "period": period}
    reply = answer("amount", {**item, "calculation": None, "spans": spans})
    status, check = verdict(run_cli, fake_openai, pdf, question, reply)
    assert (status == "supported") == kept, (status, check["detail"])


def test_a_number_printed_twice_takes_the_year_of_its_own_sentence(run_cli, fake_openai, make_pdf):
    text = (
        "The intrinsic value of share options exercised in 2024, 2023 and 2022 was $31 million, $15 million and $6 "
        "million, respectively. The grant date fair value of share options vested in 2024 was $15 million."
    )
    pdf = make_pdf("acme-water-options-2.pdf", [["Acme Water Company"], ["Share-based compensation", text]])
    question = "What was the grant date fair value of Acme Water's share options vested in 2024?"
    item = {"label": "Options", "amount": {"value": 15, "currency": "USD", "unit": "millions"}, "period": "2024"}
    status, check = verdict(
        run_cli, fake_openai, pdf, question, answer("amount", {**item, "calculation": None, "spans": [span(3, text)]})
    )
    assert status == "supported", (status, check["detail"])
