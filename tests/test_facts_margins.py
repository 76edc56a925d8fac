"""A margin row is its numerator's percentage of revenue (the ratio table's definitions: operating margin is
operating income over revenue), read as a fact of that line item measured as a share of the total; a money row
that a filing calls 'Gross margin' or 'Net margin' stays a level in money."""

from __future__ import annotations

import json

PAGES = [
    ["Epsilon Aero Co."],
    [
        "Consolidated results of operations",
        "(Dollars in millions) 2024 2023",
        "Revenues $ 66,608 $ 62,286",
        "Gross margin 3,502 3,017",
        "Loss from operations (3,547) (2,902)",
        "Operating margins (5.3)% (4.7)%",
        "Net margin 1,200 1,100",
    ],
]


def test_a_margin_row_is_its_numerator_as_a_share_of_revenue(run_cli, make_pdf):
    pdf = make_pdf("epsilon-aero-2024.pdf", PAGES)
    code, out, err = run_cli("facts", pdf, "--page", "2", "--tables-only", "--json")
    assert code == 0, err
    facts = {(f["line"], f["value"]): f for f in json.loads(out)}
    margin = facts[(7, -5.3)]
    assert (margin["concept"], margin["measure"], margin["kind"]) == ("operating_income", "pct_of_total", "percent")
    gross = facts[(5, 3502.0)]
    assert (gross["concept"], gross["measure"], gross["kind"]) == ("gross_profit", "level", "money")
    dollars = facts[(8, 1200.0)]  # a margin in dollars is no percentage of anything
    assert dollars["measure"] == "level" and dollars["kind"] == "money", dollars
