"""Red team rounds 30-31 on real filings: a ratio the question spells out in words whose operands stand on the
wrong sides (JPMorgan 2022 Q2: 'total noninterest expense as a percentage of total net revenue' computed as revenue
over expense), read from the rows' words where no line item is known."""

from __future__ import annotations

from tests.conftest import needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify import field
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round22 import yes_no
from tests.test_values import amount, calculation, operand

pytestmark = needs_shared

REVENUE = (262, "Total net revenue $ 30,715 $ 30,479 1 $ 61,432 $ 62,745 (2)")
EXPENSE = (263, "Total noninterest expense 18,749 17,667 6 37,940 36,392 4")
QUARTER = "three months ended June 30, 2022"


def _ratio(result: float, a: tuple[int, str], b: tuple[int, str], a_value: float, b_value: float) -> dict:
    worked = calculation("a / b * 100", result, operand("a", a_value, QUARTER, a), operand("b", b_value, QUARTER, b))
    return amount(result, "percent", QUARTER, REVENUE, EXPENSE, calculation=worked, currency=None, label="Ratio")


def test_a_spelt_out_ratio_with_its_operands_swapped_is_a_formula_mismatch(run_cli, fake_openai, filing):  # noqa: F811
    jpm = filing("JPMORGAN_2022Q2_10Q")
    asked = "What was JPMorgan Chase's total noninterest expense as a percentage of total net revenue in 2Q 2022?"
    status, check = verdict(run_cli, fake_openai, jpm, asked, _ratio(163.82, REVENUE, EXPENSE, 30715.0, 18749.0))
    formula = field(check, "formula")
    assert status == "unsupported" and formula["verdict"] == "mismatch", check
    assert "'Total net revenue') is the divisor" in formula["detail"], formula
    status, check = verdict(run_cli, fake_openai, jpm, asked, _ratio(61.04, EXPENSE, REVENUE, 18749.0, 30715.0))
    assert field(check, "formula")["verdict"] == "supported" and status != "unsupported", check


OPERATING = (
    "Operating income increased $2.0 billion or 11%, primarily due to a decrease in impairment, integration, and "
    "restructuring expenses and sales and"
)


def test_the_verb_of_the_asked_subject_decides_a_change(run_cli, fake_openai, filing):  # noqa: F811
    """'Operating income increased ..., primarily due to a decrease in ...' says operating income rose: a yes to
    'did it decrease' is contradicted, though the sentence names both ways."""
    microsoft = filing("MICROSOFT_2016_10K")
    scripted = yes_no(True, (1261, "Fiscal year 2016 compared with fiscal year 2015"), (1268, OPERATING))
    asked = "Did Microsoft's operating income decrease in fiscal year 2016 compared with fiscal year 2015?"
    status, check = verdict(run_cli, fake_openai, microsoft, asked, scripted)
    assert status == "unsupported" and field(check, "polarity")["verdict"] == "mismatch", check
    status, check = verdict(run_cli, fake_openai, microsoft, asked.replace("decrease", "increase"), scripted)
    assert field(check, "polarity")["verdict"] == "supported" and status != "unsupported", check
