"""Generate the project's own sample PDF(s) in corpus/ (run: python -m scripts.make_corpus)."""

from __future__ import annotations

from pathlib import Path

from scripts.pdfwriter import Page, write_pdf

ROOT = Path(__file__).resolve().parent.parent

COVER = Page(
    [
        "Northwind Outfitters, Inc.",
        "Annual Report and Customer Policies 2025",
        None,
        "Fiscal year ended January 31, 2026",
        "Published March 12, 2026",
        None,
        "Contents",
        "Letter to shareholders ........ 1",
        "Financial highlights ........ 2",
        "Consolidated statement of cash flows ........ 3",
        "Customer returns and refund policy ........ 4",
        "Risk factors ........ 5",
    ]
)

LETTER = Page(
    [
        "Letter to shareholders",
        None,
        "Fiscal 2025 was the year Northwind Outfitters became a truly national retailer. Net sales",
        "rose 14.2% to $1,284.6 million, driven by our outdoor apparel line and by the 38 stores we",
        "opened in the Midwest and the Pacific Northwest. Comparable store sales grew 6.1%.",
        None,
        "Operating income increased to $151.3 million, and operating margin improved from 10.9% in",
        "fiscal 2024 to 11.8% in fiscal 2025, as freight costs normalized and we leaned on our own",
        "distribution center in Reno, Nevada, which opened on September 2, 2025.",
        None,
        "We returned $62.0 million to shareholders through dividends and share repurchases. The Board",
        "declared a quarterly dividend of $0.24 per share, payable on April 15, 2026 to shareholders",
        "of record on March 31, 2026.",
        None,
        "Our outlook for fiscal 2026 assumes net sales growth of 8% to 10% and capital expenditures",
        "of about $95 million, most of it for 30 new stores and a second distribution center.",
        None,
        "Elena Marsh, Chief Executive Officer",
    ]
)

HIGHLIGHTS = Page(
    [
        "Financial highlights",
        "(in millions of U.S. dollars, except per-share data and store counts)",
        "Fiscal year 2025 2024 2023",
        "Net sales $ 1,284.6 $ 1,124.9 $ 1,010.2",
        "Gross profit 528.0 455.6 400.1",
        "Operating income 151.3 122.6 98.4",
        "Net income 109.8 88.1 70.5",
        "Diluted earnings per share $ 2.31 $ 1.86 $ 1.49",
        "Capital expenditures 71.4 58.9 44.0",
        "Stores at year end 412 374 351",
        "Employees at year end 9,850 8,920 8,300",
        None,
        "Net sales by segment",
        "Outdoor apparel $ 702.3 million (54.7% of net sales)",
        "Footwear $ 341.5 million (26.6% of net sales)",
        "Camping equipment $ 240.8 million (18.7% of net sales)",
        None,
        "Online sales reached 31% of net sales, up from 27% in fiscal 2024. The gross margin was",
        "41.1% compared with 40.5% a year earlier.",
    ]
)

CASH_FLOW = Page(
    [
        "Consolidated statement of cash flows",
        "(in millions) Fiscal 2025 Fiscal 2024",
        "Cash flows from operating activities",
        "Net income $ 109.8 $ 88.1",
        "Depreciation and amortization 48.2 43.7",
        "Changes in inventories (21.4) (15.9)",
        "Net cash provided by operating activities 172.5 141.0",
        "Cash flows from investing activities",
        "Purchases of property and equipment (71.4) (58.9)",
        "Net cash used in investing activities (69.0) (57.3)",
        "Cash flows from financing activities",
        "Dividends paid (37.5) (33.0)",
        "Repurchases of common stock (24.5) (18.0)",
        "Net cash used in financing activities (62.0) (51.0)",
        "Net increase in cash and cash equivalents 41.5 32.7",
        "Cash and cash equivalents at end of year $ 186.9 $ 145.4",
        None,
        "Free cash flow, defined as net cash provided by operating activities less purchases of",
        "property and equipment, was $101.1 million in fiscal 2025 ($82.1 million in fiscal 2024).",
    ]
)

POLICY = Page(
    [
        "Customer returns and refund policy",
        None,
        "Customers may return unused merchandise within 45 days of purchase for a full refund to the",
        "original form of payment. Items bought during the holiday season, from November 15 to",
        "December 31, may be returned until January 31 of the following year.",
        None,
        "Refunds are issued within 5 business days after the returned item reaches our distribution",
        "center. Shipping fees are not refunded unless the item arrived damaged or was not the item",
        "ordered. Members of the Northwind Trail Club receive free return shipping.",
        None,
        "Worn footwear may be returned within 30 days only if it is defective. Camping equipment",
        "that has been used is not eligible for a refund, but it is covered by the two-year limited",
        "warranty described below.",
        None,
        "Limited warranty: camping equipment is warranted against defects in materials and",
        "workmanship for two years from the date of purchase. The warranty does not cover damage",
        "from misuse, accidents or normal wear.",
        None,
        "This policy took effect on February 1, 2025 and replaces the policy dated March 1, 2022.",
    ]
)

RISKS = Page(
    [
        "Risk factors",
        None,
        "Our sales are seasonal: the fourth quarter produced 34% of net sales in fiscal 2025. A warm",
        "winter or a weak holiday season could reduce our results for the whole year.",
        None,
        "We buy about 62% of our merchandise from suppliers in Vietnam and Bangladesh. Tariffs,",
        "port congestion or currency movements could raise our costs and delay deliveries.",
        None,
        "Our revolving credit facility of $200 million matures on June 30, 2028; no amount was",
        "drawn on January 31, 2026. The facility requires a leverage ratio below 3.0 times.",
        None,
        "A breach of our systems could expose customer data. We completed an independent security",
        "audit on October 20, 2025 and found no material weakness.",
    ]
)


def build(out_dir: Path = ROOT / "corpus") -> list[Path]:
    """Write the sample documents and return their paths."""
    report = write_pdf(
        out_dir / "northwind-annual-report-2025.pdf",
        [COVER, LETTER, HIGHLIGHTS, CASH_FLOW, POLICY, RISKS],
        title="Northwind Outfitters Annual Report and Customer Policies 2025",
        page_labels=[(0, "r", 1), (1, "D", 1)],
        outline=[
            ("Letter to shareholders", 1),
            ("Financial highlights", 2),
            ("Consolidated statement of cash flows", 3),
            ("Customer returns and refund policy", 4),
            ("Risk factors", 5),
        ],
    )
    return [report]


if __name__ == "__main__":
    for path in build():
        print(path.relative_to(ROOT))
