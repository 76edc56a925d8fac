"""``docintel facts``: a document's (or a page's) figures as typed facts."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..errors import EXIT_OK, InputError, UsageError
from ..render.text import print_text
from .common import add_command, common_flags, make_pipeline


def register(sub: Any) -> None:
    """Add ``facts``."""
    p = add_command(
        sub,
        "facts",
        cmd_facts,
        help="list a PDF's figures as typed facts (scale, period, member, measure, concept)",
        description="Every figure of a PDF (or of page N) as a typed fact: what an analyst otherwise copies\n"
        "into a spreadsheet by hand. Each number in a table cell or a sentence is read with:\n"
        "  value      as printed and signed (parentheses or a minus make it negative), its text;\n"
        "  kind       money, percent, per_share, count, ratio, days or other; currency;\n"
        "  scale      1, thousands, millions or billions, and where it was stated, the nearest scope\n"
        "             winning: the row's own '(in thousands)', the column header, the table's caption,\n"
        "             the page header ('$ in millions, except per share amounts'), the section's\n"
        "             statement ('tabular dollars are presented in millions', in force to the next\n"
        "             Item), the document's ('unless otherwise noted', first pages). A caption never\n"
        "             reaches past its table; per-share and percent figures are never scaled;\n"
        "  period     an instant (as of a date) or a duration with its end and length (3, 6, 9, 12\n"
        "             months; 13 ... 53 weeks), from header lines of any depth ('Three Months Ended\n"
        "             Six Months Ended' over 'July 2, July 3, ...' over the years; quarter columns\n"
        "             '2Q23 1Q23'; change columns '2022-2021', '2022 vs. 2021'), and its fiscal year\n"
        "             and quarter after the fiscal year-end the cover states (52/53-week years: the\n"
        "             year-ends the document prints);\n"
        "  member     consolidated, or a segment, geography, product, division or legal entity named\n"
        "             by a sub-heading, row, caption, a 'X Segment' heading or a column ('Flexibles\n"
        "             Rigid Packaging  Total' over the figures; Schedule I: the parent company alone;\n"
        "             a caption '... for our X:' under a heading X, 'Selected metrics - X'; a table of\n"
        "             'the results of discontinued operations': Discontinued operations; the\n"
        "             summarized figures of equity method investees: Equity method investees; a\n"
        '             caption "HSG\'s results of operations ... were as follows": HSG; a table\n'
        "             right under one of these, with no caption of its own, is the same entity's; a\n"
        "             'Total X' row closing the block of sub-heading X is X's total);\n"
        "  basis      gaap, adjusted, non_gaap, pro_forma or comparable; per-share class basic or\n"
        "             diluted; measure level, change, pct_change, pct_of_total, average,\n"
        "             weighted_average or period_end_count; scenario actual, outlook or limit;\n"
        "  concept    the line item of the vocabulary (US GAAP taxonomy element) or none, and the\n"
        "             row's own words (a member's row takes the line item its column group or its\n"
        "             header line names before the years: 'Revenue from external customers 2020 2019');\n"
        "             page, GLOBAL_LINE, table, row, column and the line's box.\n"
        "  recorded_in  where a figure is recorded when its row names that and not what it is: a\n"
        "             'Location of gain (loss)' table's 'Cost of sales' row is the gain recorded in\n"
        "             cost of sales (its concept is then none; answers never read it as cost of sales).\n"
        "Facts are read once per document (by `docintel ingest`, or here on first use) and cached with\n"
        "its lines; a new version of the reader reads them again.\n\n"
        "examples:\n"
        "  docintel facts 10q.pdf --page 5\n"
        "  docintel facts 10k.pdf --concept revenue --csv > revenue.csv\n"
        "  docintel facts release.pdf --concept 'diluted EPS' --json\n\n"
        "exit codes: 0 listed (also when none match); 2 bad arguments; 3 the PDF cannot be read or\n"
        "page N does not exist; 4 configuration.",
    )
    p.add_argument("pdf", type=Path, metavar="PDF")
    p.add_argument("--page", type=int, metavar="N", help="only the facts printed on physical page N (1-based)")
    p.add_argument(
        "--concept",
        metavar="C",
        help="only facts of this line item: a vocabulary id (revenue, eps_diluted, capex ...) or words naming "
        "it ('net sales', 'diluted EPS')",
    )
    p.add_argument("--tables-only", action="store_true", help="leave out figures printed in sentences")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the facts as a JSON array")
    out.add_argument("--csv", action="store_true", help="print the facts as CSV (one row per fact)")
    common_flags(p, traces=False)


def cmd_facts(args: argparse.Namespace) -> int:
    from ..ingest.facts import facts_for_document, select_facts
    from ..render import facts as render

    if args.page is not None and args.page < 1:
        raise UsageError(f"--page {args.page}: pages count from 1", "give a physical page number, 1 for the first")
    report = make_pipeline(args).ingest([args.pdf])
    if report.failures:
        failure = report.failures[0]
        raise InputError(failure.error.get("what", failure.message), failure.error.get("fix", "check the file"))
    if len(report.documents) != 1:
        raise UsageError(f"{args.pdf}: a folder or several files", "give one PDF file")
    document = report.documents[0]
    if args.page is not None and args.page > document.meta.n_pages:
        raise InputError(
            f"{args.pdf}: page {args.page} does not exist", f"the document has {document.meta.n_pages} pages"
        )
    facts = select_facts(
        facts_for_document(document), page=args.page, concept=args.concept, tables_only=args.tables_only
    )
    if args.json:
        print_text(render.facts_json(facts))
    elif args.csv:
        print(render.facts_csv(facts), end="")
    else:
        print_text(render.facts_text(facts))
    return EXIT_OK
