"""The number module on rows as filings print them."""

from __future__ import annotations

import pytest

from docintel.numbers import canonical, caption_scale, find_numbers, parse_cell, starts_or_ends_inside_number


def values(text: str) -> list[float]:
    return [n.value for n in find_numbers(text)]


@pytest.mark.parametrize(
    "row,expected",
    [
        ("Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)", [-1577.0, -1373.0, -1420.0]),
        ("Net sales $ 46,298 $ 45,506", [46298.0, 45506.0]),
        ("Diluted earnings per share $ 5.44 $ 4.34", [5.44, 4.34]),
        ("Gross margin 22.5% 23.1 %", [22.5, 23.1]),
        ("Revenue grew to $1.2 billion in fiscal 2025", [1.2, 2025.0]),
        ("Change in cash (370) — 1,012", [-370.0, 1012.0]),
        ("Operating loss -12.5 compared with -3", [-12.5, -3.0]),
        ("Total 1,577 (a)", [1577.0]),
        ("FY2022 Q4 revenue 12", [12.0]),
    ],
)
def test_rows_from_filings(row, expected):
    assert values(row) == expected


def test_how_a_number_was_written():
    number = find_numbers("$1.2 billion")[0]
    assert (number.value, number.currency, number.scale, number.scaled) == (1.2, "USD", 1e9, 1.2e9)
    assert find_numbers("12.5%")[0].percent and not find_numbers("12.5")[0].percent
    assert find_numbers("in 2018")[0].is_year and not find_numbers("$2018")[0].is_year
    assert find_numbers("5 m of cable")[0].scale is None and find_numbers("$5m")[0].scale == 1e6


def test_numbers_are_never_cut():
    assert values("12,853") == [12853.0]
    assert starts_or_ends_inside_number("12,853", 3, 6)  # '853'
    assert starts_or_ends_inside_number("0.5", 2, 3)  # '5'
    assert starts_or_ends_inside_number("2,853 and 12,853", 11, 16)  # '2,853' inside '12,853'
    assert not starts_or_ends_inside_number("2,853 and 12,853", 0, 5)
    assert not starts_or_ends_inside_number("cost 5. Then", 5, 6)


@pytest.mark.parametrize(
    "cell,value",
    [
        ("1,577", 1577.0),
        ("(370)", -370.0),
        ("$ 5.44", 5.44),
        ("—", 0.0),
        ("$ —", 0.0),
        ("–", 0.0),
        ("1,577 (a)", 1577.0),
        ("1,577(1)", 1577.0),
        ("n/a", None),
        ("12 14", None),
        ("", None),
    ],
)
def test_table_cells(cell, value):
    assert parse_cell(cell) == value


@pytest.mark.parametrize(
    "caption,scale",
    [
        ("(Millions)", 1e6),
        ("(in millions, except per share data)", 1e6),
        ("Dollars in thousands", 1e3),
        ("(In billions)", 1e9),
        ("Revenue", None),
    ],
)
def test_caption_scales(caption, scale):
    assert caption_scale(caption) == scale


def test_canonical_search_terms():
    assert canonical("1,577") == "1577" and canonical("12.50") == "12.5" and canonical("2018") == "2018"


@pytest.mark.parametrize(
    "text,expected",
    [
        ("Net cash used in financing activities (6,450 )", [-6450.0]),  # pypdf's space before the parenthesis
        ("Revenue growth (4%) and (2.2 %)", [-4.0, -2.2]),
        ("Chief Financial Officer 2014-2018, compensation $1,250,000", [2014.0, 2018.0, 1250000.0]),  # a range
    ],
)
def test_signs_as_printed(text, expected):
    assert values(text) == expected


def test_years_stay_years_with_a_sign_or_parentheses():
    assert all(n.is_year for n in find_numbers("(2013) and - 2018"))
    from tests.test_extractive import _read

    amount = _read("Officer 2014-2018, compensation $1,250,000")
    assert amount is not None and amount.value == 1250000.0
    trillions = _read("Total assets of $3.8 trillion")
    assert trillions is not None and (trillions.value, trillions.unit) == (
        3800.0,
        "billions",
    )  # the contract has no trillions


@pytest.mark.parametrize(
    "text,expected",
    [
        ("3M is also impacted by the Russia-Ukraine conflict", []),  # a company, not three million
        ("revenue of $3M in the quarter", [3.0]),  # a currency sign keeps the letter a scale
        ("as reported in the Form 10-K and the 8-K", []),
        ("the 401(k) plan and the 1st quarter", []),
        ("COVID-19 vaccine sales and a 3-for-1 split", []),
        ("sales rose 15% to 1,577 million; 5 m of cable", [15.0, 1577.0, 5.0]),
        ("from 2014-2018", [2014.0, 2018.0]),
        # quantities stay numbers, whatever is glued to them
        ("Debt-to-equity ratio 4.9-to-1, leverage 2.5x, a 364-day facility", [4.9, 2.5, 364.0]),
        ("1.2B of notes, 250k shares, 1,577(a), 6.9years", [1.2, 250.0, 1577.0, 6.9]),
    ],
)
def test_names_and_codes_are_not_numbers(text, expected):
    assert values(text) == expected
