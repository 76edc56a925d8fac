"""A table's caption line names the member its figures are of: 'The following table shows key gaming statistics for
our Las Vegas Strip Resorts:' under a heading of that name, 'Selected metrics - J.P. Morgan Payments'; a table of
'the results of all discontinued operations' is theirs. Read by `docintel facts` on generated pages."""

from __future__ import annotations

import json

PAGES = [
    [
        "Las Vegas Strip Resorts",
        "Las Vegas Strip Resorts casino revenue decreased 1% for the three months ended June 30, 2024.",
        "The following table shows key gaming statistics for our Las Vegas Strip Resorts:",
        "Three Months Ended June 30,",
        "(Dollars in millions) 2024 2023",
        "Table games drop $ 1,498 $ 1,429",
        "Slot win $ 551 $ 498",
    ],
    [
        "Selected metrics - Payments Services",
        "(in millions) Three months ended June 30, 2024 2023",
        "Total net revenue $ 4,729 $ 3,130",
    ],
    [
        "Gaming statistics",
        "The following table shows key gaming statistics for our resorts on the Strip:",
        "Three Months Ended June 30,",
        "(Dollars in millions) 2024 2023",
        "Slot win $ 651 $ 598",
    ],
]


def _members(run_cli, pdf, page: int) -> set[str | None]:
    code, out, err = run_cli("facts", pdf, "--page", str(page), "--tables-only", "--json")
    assert code == 0, err
    return {f["member"]["name"] if f["member"] else None for f in json.loads(out)}


def test_a_caption_names_the_member_its_table_is_of(run_cli, make_pdf):
    pdf = make_pdf("resorts-2024-10q.pdf", PAGES)
    assert _members(run_cli, pdf, 1) == {"Las Vegas Strip Resorts"}
    assert _members(run_cli, pdf, 2) == {"Payments Services"}
    assert _members(run_cli, pdf, 3) == {None}  # 'our resorts on the Strip' is no heading of the page
