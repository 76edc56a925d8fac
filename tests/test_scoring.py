"""Strict number matching (docintel.apps.scoring): tolerance, sign, stated units, gold units from the question."""

from __future__ import annotations

import pytest

from docintel.apps.scoring import Quantity, gold_quantity, number_found, numbers_match, question_unit

CAPEX_QUESTION = "What is the FY2018 capital expenditure amount (in USD millions) for 3M?"


def item(value: float, unit: str | None) -> Quantity:
    return Quantity.from_item(value, unit)


def test_a_factor_of_six_hundred_thousand_is_not_a_match():
    assert not numbers_match(0.01, 6527.0)
    assert not numbers_match(6527.0, 0.01)
    assert not numbers_match(gold_quantity("0.01"), item(6527.0, "millions"))


@pytest.mark.parametrize(
    "gold,candidate,expected",
    [
        (100.0, 101.0, True),  # exactly 1% above
        (100.0, 99.0, True),  # exactly 1% below
        (100.0, 101.01, False),  # 1% of the gold, not of the larger value
        (100.0, 101.02, False),
        (100.0, 98.98, False),
        (1577.0, 1592.77, True),
        (1577.0, 1593.0, False),
        (0.66, 0.6666, True),
        (0.66, 0.67, False),  # 1.5% off, though only 0.01 apart: no absolute tolerance
    ],
)
def test_relative_tolerance_is_one_percent_of_the_gold_on_both_sides(gold, candidate, expected):
    assert numbers_match(gold, candidate) is expected


def test_tolerance_is_a_parameter():
    assert numbers_match(100.0, 104.0, rel_tol=0.05)
    assert not numbers_match(100.0, 106.0, rel_tol=0.05)
    assert not numbers_match(100.0, 100.5, rel_tol=0.001)


def test_zero_matches_only_zero():
    assert numbers_match(0.0, 0.0) and numbers_match(0.0, -0.0)
    assert not numbers_match(0.0, 0.001)
    assert not numbers_match(0.0, -0.001)
    assert not numbers_match(0.001, 0.0)


def test_a_negative_gold_needs_a_negative_answer():
    assert not numbers_match(-1577.0, 1577.0)
    assert numbers_match(-1577.0, -1577.0)
    assert not numbers_match(gold_quantity("(12)"), item(12.0, "units"))
    assert not numbers_match(gold_quantity("-0.02"), item(0.02, "ratio"))
    assert numbers_match(gold_quantity("-0.02"), item(-0.02, "ratio"))
    assert not numbers_match(gold_quantity("-14.76%"), item(14.76, "percent"))


def test_an_unsigned_gold_is_a_magnitude():
    # FinanceBench writes capex '$1577.00' where the cash flow statement prints (1,577)
    assert numbers_match(gold_quantity("$1577.00", CAPEX_QUESTION), item(-1577.0, "millions"))
    assert numbers_match(1577.0, -1577.0)


def test_percent_and_fraction_meet_only_through_a_percent_and_a_ratio_unit():
    gold = gold_quantity("12.5%")
    assert gold == Quantity(12.5, percent=True)
    assert numbers_match(gold, item(0.125, "ratio"))
    assert numbers_match(gold, item(12.5, "percent"))
    assert not numbers_match(gold, item(0.125, None))
    assert not numbers_match(gold, item(0.125, "other"))
    assert not numbers_match(gold, item(0.125, "percent"))
    assert not numbers_match(0.125, 12.5) and not numbers_match(12.5, 0.125)
    assert numbers_match(Quantity(0.125, ratio=True), item(12.5, "percent"))  # the other way round
    assert not numbers_match(gold_quantity("0.125"), item(12.5, "percent"))  # a bare gold is not stated as a ratio
    assert not numbers_match(gold, item(12.5, "millions"))  # a percent is not millions of anything


def test_thousands_millions_billions_only_when_units_say_so():
    assert not numbers_match(1577.0, 1.577)
    assert not numbers_match(gold_quantity("1577"), item(1.577, None))
    assert not numbers_match(gold_quantity("1577"), item(1.577, "billions"))  # the gold states no scale
    gold = gold_quantity("1577", "What was capex in USD millions?")
    assert numbers_match(gold, item(1.577, "billions"))
    assert numbers_match(gold, item(1577.0, "millions"))
    assert numbers_match(gold, item(1_577_000.0, "thousands"))
    assert not numbers_match(gold, item(1577.0, "thousands"))
    assert not numbers_match(gold, item(1577.0, "units"))
    assert numbers_match(gold_quantity("$1.5 billion"), item(1500.0, "millions"))
    assert not numbers_match(gold_quantity("$1.5 billion"), item(1500.0, "thousands"))
    assert numbers_match(gold_quantity("$1.5 billion"), item(1.5, None))  # no unit: printed values compared
    # a gold in billions, rounded, against the filing's millions
    assert numbers_match(gold_quantity("$8.70", "Answer in USD billions."), item(8738.0, "millions"))
    assert not numbers_match(gold_quantity("$8.70", "Answer in USD billions."), item(8838.0, "millions"))


@pytest.mark.parametrize(
    "question,unit",
    [
        ("What is the FY2018 capital expenditure amount (in USD millions) for 3M?", "millions"),
        ("what is the year end FY2018 net PPNE for 3M? Answer in USD billions.", "billions"),
        ("How much does Pfizer expect to pay in USD million?", "millions"),
        ("Revenue in $ thousands?", "thousands"),
        ("Revenue in millions of dollars?", "millions"),
        ("year-over-year change in revenue (in units of percents and round to one decimal place)?", "percent"),
        ("the 3 year average net profit margin (as a %) for Best Buy?", "percent"),
        ("What is gross margin in percent?", "percent"),
        ("What is Block's FY2016 working capital ratio?", None),
        ("How many millions of shares were repurchased?", None),
    ],
)
def test_question_unit_reads_general_phrases(question, unit):
    assert question_unit(question) == unit


def test_gold_quantity_takes_its_own_units_first():
    assert gold_quantity("$1577.00") == Quantity(1577.0)
    assert gold_quantity("$1577.00", CAPEX_QUESTION) == Quantity(1577.0, scale=1e6)
    assert gold_quantity("$1.5 billion", CAPEX_QUESTION) == Quantity(1.5, scale=1e9)
    assert gold_quantity("30.8%", CAPEX_QUESTION) == Quantity(30.8, percent=True)
    assert gold_quantity("30.8", "in units of percents") == Quantity(30.8, percent=True)
    assert gold_quantity("No, the company is managing its CAPEX and Fixed Assets pretty efficiently") is None
    assert gold_quantity("June 30, 2025") is None and gold_quantity("2025-06-30") is None  # dates are text
    assert gold_quantity("45 to 60 days") is None


def test_number_found_reads_numbers_in_text_strictly():
    assert number_found(1577.0, "Purchases of property, plant and equipment (PP&E) (1,577) (1,373)")
    assert not number_found(1577.0, "Purchases of property (1,600)")  # 1.5% off
    assert not number_found(1577.0, "Total 1.577 billion")  # the gold states no scale
    assert number_found(Quantity(1577.0, scale=1e6), "Total $1.577 billion")
    assert not number_found(0.01, "Revenue 6,527")


@pytest.mark.parametrize(
    "gold,value,unit,expected",
    [
        ("0.01", 0.0146, "ratio", True),  # 'round to two decimal places': 0.0146 is printed 0.01
        ("0.01", 0.0151, "ratio", False),  # rounds to 0.02
        ("0.01", 0.0049, "ratio", False),  # rounds to 0.00
        ("0.66", 0.67, "ratio", False),  # another value at the gold's own precision
        ("1", 1.4, "ratio", False),  # a gold printed without decimals is compared within 1% only
        ("1.5%", 0.0148, "ratio", False),  # a rescaled value (fraction vs percent) is never rounded
    ],
)
def test_a_gold_rounded_to_its_printed_decimals_matches_the_unrounded_value(gold, value, unit, expected):
    assert numbers_match(gold_quantity(gold), item(value, unit)) is expected
