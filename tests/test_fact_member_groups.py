"""Member names printed over groups of period columns: 'Worldwide  U.S.  International' (each name hyphenated
over two lines, 'World-' over 'wide'), each spanning its two period columns and then one '% Change' column each;
a row's segment under such a column is the segment's part in that geography; a sub-heading naming an axis
('Operating segments:') gives its rows that axis; a names line of place names side by side ('U.S.  Non-U.S.')
under dates printed one per period. Read by `docintel facts` on generated pages."""

from __future__ import annotations

import json
from typing import Any

from tests.test_facts import indented

PAGES = [
    [
        "Revenues by product line were as follows:",
        "(MILLIONS) 2023 2022",
        "Vaccines $ 900 $ 800",
        "Devices 300 250",
    ],
    indented(
        [
            (60, "Revenues by Geography"),
            (60, "The following presents worldwide revenues by geography:"),
            (300, "Three Months Ended"),
            (300, "World- Inter-"),
            (200, "Worldwide U.S. International wide U.S. national"),
            (200, "July 2, July 3, July 2, July 3, July 2, July 3,"),
            (60, "(MILLIONS) 2023 2022 2023 2022 2023 2022 % Change"),
            (60, "Operating segments:"),
            (70, "Vaccines $ 1,200 $ 1,500 $ 700 $ 800 $ 500 $ 701 (20) (13) (29)"),
            (70, "Devices 316 317 90 86 226 231 (4) 7 (9)"),
            (60, "Total revenues $ 1,516 $ 1,817 $ 790 $ 886 $ 726 $ 932 (17) (11) (22)"),
        ],
        top=600,
    ),
    [
        "Time deposits",
        "June 30, December 31,",
        "2023 2022",
        "(in millions) U.S. Non-U.S. U.S. Non-U.S.",
        "Uninsured time deposits $ 33,242 $ 74,455 $ 25,910 $ 68,765",
    ],
    [
        "The following provides selected income statement information by reportable segment:",
        "Three Months Ended Six Months Ended",
        "Revenues Earnings (a) Revenues Earnings (a)",
        "July 2, July 3, July 2, July 3, July 2, July 3, July 2, July 3,",
        "(MILLIONS) 2023 2022 2023 2022 2023 2022 2023 2022",
        "Vaccines $ 1,200 $ 1,500 $ 703 $ 716 $ 3,389 $ 5,748 $ 1,939 $ 3,557",
    ],
    [
        "Changes in accumulated other comprehensive income were as follows:",
        "Foreign Currency Total",
        "Balances at January 30, 2016 $ 485 $ 7 $ 492",
    ],
]


def _facts(run_cli, pdf, page: int) -> list[dict[str, Any]]:
    code, out, err = run_cli("facts", pdf, "--page", str(page), "--tables-only", "--json")
    assert code == 0, err
    return json.loads(out)


def _fact(facts: list[dict[str, Any]], value: float, label: str = "") -> dict[str, Any]:
    found = [f for f in facts if f["value"] == value and f["label"].startswith(label)]
    assert len(found) == 1, (value, [(f["label"], f["value"]) for f in facts])
    return found[0]


def _period(fact: dict[str, Any]) -> tuple[str, str, int | None]:
    return fact["period"]["kind"], fact["period"]["end"], fact["period"]["months"]


def test_names_over_period_groups_then_one_change_column_each(run_cli, make_pdf):
    facts = _facts(run_cli, make_pdf("pharma-2023q2-10q.pdf", PAGES), 2)
    us = _fact(facts, 700, "Vaccines")
    assert us["member"] == {"name": "Vaccines — U.S.", "axis": "segment"}
    assert _period(us) == ("duration", "2023-07-02", 3)
    international = _fact(facts, 932)
    assert international["member"] == {"name": "International", "axis": "geography"}
    assert _period(international) == ("duration", "2022-07-03", 3)
    worldwide = _fact(facts, 1200)
    assert worldwide["member"] == {"name": "Vaccines", "axis": "segment"}
    change = _fact(facts, -11)  # the U.S. column's change
    assert change["member"] == {"name": "U.S.", "axis": "geography"}
    assert (change["measure"], change["kind"]) == ("pct_change", "percent")
    assert _period(change) == ("duration", "2023-07-02", 3)


def test_a_one_digit_negative_change_lines_up_and_an_axis_sub_heading_types_its_rows(run_cli, make_pdf):
    facts = _facts(run_cli, make_pdf("pharma-2023q2-10q.pdf", PAGES), 2)
    devices = _fact(facts, -9, "Devices")  # '(4) 7 (9)': one-digit changes, not footnote markers
    assert devices["member"] == {"name": "Devices — International", "axis": "segment"}
    assert _fact(facts, 7, "Devices")["member"] == {"name": "Devices — U.S.", "axis": "segment"}
    assert _fact(facts, 316, "Devices")["member"] == {"name": "Devices", "axis": "segment"}


def test_place_names_side_by_side_under_dates_one_per_period(run_cli, make_pdf):
    facts = _facts(run_cli, make_pdf("bank-2023q2-10q.pdf", PAGES), 3)
    non_us = _fact(facts, 68765)
    assert non_us["member"] == {"name": "Non-U.S.", "axis": "geography"}
    assert non_us["period"]["end"] == "2022-12-31"
    assert _fact(facts, 33242)["period"]["end"] == "2023-06-30"


def test_a_heading_word_per_column_group_names_its_line_item(run_cli, make_pdf):
    # 'Revenues  Earnings (a)  Revenues  Earnings (a)' over four groups of two periods: one word per group
    facts = _facts(run_cli, make_pdf("pharma-2023q2-10q.pdf", PAGES), 4)
    assert _fact(facts, 5748)["concept"] == "revenue"
    assert _fact(facts, 716)["concept"] is None  # 'Earnings' alone names no line item of the vocabulary


def test_a_place_word_among_other_words_names_no_member_columns(run_cli, make_pdf):
    # 'Foreign Currency Total': 'Foreign' is a place name, 'Currency' is none; the columns are no members
    facts = _facts(run_cli, make_pdf("retailer-2016-10k.pdf", PAGES), 5)
    assert _fact(facts, 7)["member"] is None
