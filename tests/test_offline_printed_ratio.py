"""Offline: a ratio the extractive backend cannot compute from two distinct rows is read where the filing prints
it ('Effective income tax rate 18.3 %', General Mills' tax note), never computed by dividing one row by itself."""

from __future__ import annotations

from tests.test_offline import ask_offline, value_of

TAX_NOTE = [
    [
        "Income taxes",
        "(in millions)",
        "Fiscal Year 2023 2022",
        "Total current 524.1 510.3",
        "Total deferred 62.2 118.8",
        "Total income taxes $ 586.3 $ 629.1",
        "The following table reconciles the statutory rate with our effective income tax rate:",
        "Fiscal Year 2023 2022",
        "United States statutory rate 21.0 % 21.0 %",
        "State and local income taxes, net of federal tax benefits 2.1 1.7",
        "Effective income tax rate 18.3 % 22.0 %",
    ]
]


def test_a_ratio_with_no_distinct_operands_is_read_where_it_is_printed(run_cli, make_pdf):
    pdf = make_pdf("acme-tax-note-2023.pdf", TAX_NOTE)
    data, _ = ask_offline(run_cli, "What was the effective income tax rate in fiscal 2023?", pdf)
    assert data["status"] == "supported" and value_of(data) == 18.3, data
    assert not any("by itself" in c for c in data["answer"]["caveats"]), data["answer"]["caveats"]
