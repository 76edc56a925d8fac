"""Document profiles: issuer, kind, period and date read from the cover, the PDF metadata and the file name,
each with the GLOBAL_LINE it came from; a field nobody can read stays null (no guessing)."""

from __future__ import annotations

import json

import pytest

from docintel.ingest.documents import Ingestor
from docintel.ingest.profile import file_period
from docintel.settings import load_settings

FIELDS = ("issuer", "kind", "period_end", "period_type", "fiscal_year", "quarter", "date", "title")


def sec_cover(registrant: str, period_line: str, form: str = "10-K") -> list[str]:
    """The first page of an SEC filing, laid out as EDGAR covers are (registrant on line 8, form on line 4)."""
    report = "QUARTERLY REPORT" if form == "10-Q" else "ANNUAL REPORT"
    return [
        "UNITED STATES",
        "SECURITIES AND EXCHANGE COMMISSION",
        "Washington, D.C. 20549",
        f"FORM {form}",
        f"{report} PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934",
        period_line,
        "Commission File Number 001-12345",
        registrant,
        "(Exact name of registrant as specified in its charter)",
        "Delaware 12-3456789",
    ]


BODY = [
    "Management's discussion and analysis",
    "Net revenue was $1,000 million and capital expenditures were $140 million.",
    "We operate plants in three states.",
]


def ingested(path):
    """(profile as plain data, lines by GLOBAL_LINE) of one PDF, ingested by the real Ingestor."""
    document = Ingestor(load_settings()).ingest([path]).documents[0]
    lines = dict(zip(document.lines["global_line"].tolist(), document.lines["text"].tolist(), strict=True))
    return document.meta.profile.model_dump(), lines


def triple(profile: dict, name: str) -> tuple:
    field = profile[name]
    return field["value"], field["line"], field["source"]


# --------------------------------------------------------------------------- the cover


def test_sample_report_profile_is_read_from_its_cover(run_cli, corpus_pdf):
    code, out, _ = run_cli("ingest", corpus_pdf, "--json", "--lines")
    assert code == 0
    document = json.loads(out)["documents"][0]
    profile = document["profile"]
    text = {line["global_line"]: line["text"] for line in document["lines"]}
    assert triple(profile, "issuer") == ("Northwind Outfitters, Inc.", 1, "cover")
    assert text[1] == "Northwind Outfitters, Inc."  # the line is the GLOBAL_LINE the value is printed on
    assert triple(profile, "kind") == ("annual report", 2, "cover")
    assert "Annual Report" in text[2]
    assert triple(profile, "period_end") == ("2026-01-31", 3, "cover")
    assert triple(profile, "period_type") == ("year", 3, "cover")
    # A year that ends in January-March is named either way by companies: the report's own "Fiscal 2025"
    # (on the cover pages) decides, read from the line that says it.
    value, line, source = triple(profile, "fiscal_year")
    assert (value, source) == ("2025", "cover") and text[line].startswith("Fiscal 2025")
    assert text[3] == "Fiscal year ended January 31, 2026"
    assert profile["quarter"]["value"] is None


@pytest.mark.parametrize(
    "period_line,period_end,fiscal_year",
    [
        ("For the fiscal year ended December 31, 2023", "2023-12-31", "2023"),
        ("For the fiscal year ended January 2, 2022", "2022-01-02", "2021"),  # a 52/53-week year
    ],
)
def test_sec_10k_cover(make_pdf, period_line, period_end, fiscal_year):
    path = make_pdf("filing.pdf", [sec_cover("ACME WIDGETS CORPORATION", period_line), BODY])
    profile, text = ingested(path)
    assert triple(profile, "issuer") == ("ACME WIDGETS CORPORATION", 8, "cover")
    assert text[8] == "ACME WIDGETS CORPORATION"
    assert triple(profile, "kind") == ("10-K", 4, "cover")
    assert triple(profile, "period_end") == (period_end, 6, "cover")
    assert triple(profile, "period_type") == ("year", 6, "cover")
    assert triple(profile, "fiscal_year") == (fiscal_year, 6, "cover")
    assert text[6] == period_line
    assert profile["quarter"]["value"] is None


@pytest.mark.parametrize(
    ("named", "fiscal_year", "naming"),
    [
        ("fiscal 2019", "2019", "end"),
        ("fiscal 2018", "2018", "start"),
        (None, "2019", None),
        ("once", "2019", None),
        ("both", "2019", None),
        ("listed", "2019", "end"),
    ],
)
def test_a_year_ending_in_february_is_named_as_the_document_names_it(make_pdf, named, fiscal_year, naming):
    """A year ending on February 2, 2019 is 'fiscal 2019' to one retailer and 'fiscal 2018' to another: a cover that
    does not say leaves it to the lines that print the day beside 'fiscal N' (twice at least); none: unsaid."""
    cover = sec_cover("ACME STORES, INC.", "For the fiscal year ended February 2, 2019")
    # 'once': said on one line only, not enough to decide; 'both': each reading as often
    # 'listed': two years a sentence lists, 'respectively', decide nothing beside two that say one
    listed = ["fiscal 2018 and fiscal 2019, respectively,"] * 3 + ["fiscal 2019"] * 2
    said = {"once": ["fiscal 2018"], "both": ["fiscal 2018", "fiscal 2019"] * 2, "listed": listed}.get(
        named or "", [named] * 2
    )
    body = [
        *(f"Inventories at February 2, 2019 rose in {words or 'the year'} with new stores." for words in said),
        "Revenue was $1,000 million in fiscal 2017.",
    ]
    filler = [["Item 1. Business", "We sell goods in stores."]] * 2  # past the cover's pages
    profile, _ = ingested(make_pdf("stores.pdf", [cover, *filler, body]))
    assert profile["fiscal_year"]["value"] == fiscal_year
    assert profile["fiscal_naming"]["value"] == naming
    assert profile["fiscal_naming"]["source"] == ("text" if naming else None)


@pytest.mark.parametrize(
    "block",
    [
        # the caption under the name, the file number after it
        [
            "VANDELAY INDUSTRIES",
            "(Exact name of registrant as specified in its charter)",
            "Commission File Number 0-9876",
        ],
        # no caption: the name follows the file number
        ["Commission File Number 0-9876", "VANDELAY INDUSTRIES", "Delaware 12-3456789"],
    ],
)
def test_registrant_without_a_legal_suffix(make_pdf, block):
    cover = sec_cover("X", "For the fiscal year ended June 30, 2023")
    cover[6:10] = [*block, "100 Main Street, Springfield", "(Address of principal executive offices)"]
    profile, text = ingested(make_pdf("filing.pdf", [cover, BODY]))
    line = 7 + block.index("VANDELAY INDUSTRIES")
    assert triple(profile, "issuer") == ("VANDELAY INDUSTRIES", line, "cover")
    assert text[line] == "VANDELAY INDUSTRIES"
    assert triple(profile, "period_end") == ("2023-06-30", 6, "cover")
    assert triple(profile, "fiscal_year") == ("2023", 6, "cover")


@pytest.mark.parametrize(
    "block",
    [
        # the file number above its caption, and the name broken before its legal form
        [
            "001-33764",
            "(Commission File Number)",
            "ULTA BEAUTY,",
            "INC.",
            "(Exact name of registrant as specified in its charter)",
        ],
        [
            "Commission File Number 001-33764",
            "ULTA BEAUTY,",
            "INC.",
            "(Exact name of registrant as specified in its charter)",
        ],
        # a 120-character look-back that holds other cover text (digits): the lines above the caption decide
        [
            "Delaware 38-4022268 1000 Remington Blvd., Suite 120 Bolingbrook, Illinois 60440 (630) 410-4800",
            "ULTA BEAUTY,",
            "INC.",
            "(Exact name of registrant as specified in its charter)",
        ],
    ],
)
def test_a_registrant_broken_before_its_legal_form_is_read_whole(make_pdf, block):
    cover = sec_cover("X", "For the fiscal year ended January 28, 2023")
    cover[6:10] = block
    profile, text = ingested(make_pdf("filing.pdf", [cover, BODY]))
    assert profile["issuer"]["value"] == "ULTA BEAUTY, INC."  # never the legal form alone ('INC.')
    assert text[profile["issuer"]["line"]] == "ULTA BEAUTY,"


def test_sec_10q_cover_is_a_quarter(make_pdf):
    cover = sec_cover("Globex Corporation", "For the quarterly period ended June 30, 2024", form="10-Q")
    profile, _ = ingested(make_pdf("quarter.pdf", [cover, BODY]))
    assert triple(profile, "issuer") == ("Globex Corporation", 8, "cover")
    assert triple(profile, "kind") == ("10-Q", 4, "cover")
    assert triple(profile, "period_end") == ("2024-06-30", 6, "cover")
    assert triple(profile, "period_type") == ("quarter", 6, "cover")
    assert triple(profile, "fiscal_year") == ("2024", 6, "cover")


@pytest.mark.parametrize("verb", ["announces", "announced"])
@pytest.mark.parametrize("dateline", ["own line", "in the opening"])
def test_press_release_opening(make_pdf, verb, dateline):
    opening = f"Globex Corporation (NYSE: GBX) today {verb} results for the fourth quarter and full year 2023."
    if dateline == "own line":
        lines, line = ["SPRINGFIELD, February 8, 2024", opening], 2
    else:  # only the ticker tells where the name starts
        lines, line = [f"SPRINGFIELD, Ill., Feb. 8, 2024 -- {opening}"], 1
    profile, _ = ingested(make_pdf("release.pdf", [[*lines, "Revenue for the full year was $2,100 million."]]))
    assert triple(profile, "issuer") == ("Globex Corporation", line, "cover")
    assert profile["kind"]["value"] in ("earnings release", "press release")
    assert profile["kind"]["source"] == "cover"
    assert triple(profile, "fiscal_year") == ("2023", line, "cover")
    assert profile["period_type"]["value"] == "year"  # "fourth quarter and full year": the release covers the year
    assert profile["period_end"]["value"] is None  # a headline names no end date: none is made up


@pytest.mark.parametrize("header", ["PRESS RELEASE", "For Immediate Release"])
def test_press_release_header_line_is_not_part_of_the_issuer(make_pdf, header):
    opening = "Globex Corporation (NYSE: GBX) today announces results for the second quarter of 2023."
    profile, _ = ingested(make_pdf("release.pdf", [[header, opening, "Revenue was $520 million."]]))
    assert profile["issuer"]["value"] == "Globex Corporation"
    assert profile["issuer"]["line"] == 2


def test_press_release_title_case_headline_names_the_issuer(make_pdf):
    lines = ["Globex Corporation Reports Fourth Quarter and Full Year 2023 Results", "Revenue was $2,100 million."]
    profile, _ = ingested(make_pdf("release.pdf", [lines]))
    assert profile["kind"]["value"] == "earnings release"
    assert triple(profile, "issuer") == ("Globex Corporation", 1, "cover")


# --------------------------------------------------------------------------- metadata


def test_metadata_author_counts_only_when_the_text_corroborates_it(make_pdf):
    text = ["Report on operations", "Prepared by Umbrella Dynamics for its shareholders.", "Revenue grew 4%."]
    profile, _ = ingested(make_pdf("by_author.pdf", [text], info={"Author": "Umbrella Dynamics"}))
    assert triple(profile, "issuer") == ("Umbrella Dynamics", None, "metadata")

    text = ["Report on operations", "Revenue grew 4%.", "Costs were flat."]
    profile, _ = ingested(make_pdf("by_producer.pdf", [text], info={"Author": "Jane Smith"}))
    assert triple(profile, "issuer") == (None, None, None)


def test_metadata_author_inside_another_word_is_no_corroboration(make_pdf):
    # "Admin" (a typical producer account) is not written in "administrative"
    text = ["Report on operations", "General and administrative expenses rose 4%.", "Costs were flat."]
    profile, _ = ingested(make_pdf("admin.pdf", [text], info={"Author": "Admin"}))
    assert profile["issuer"]["value"] is None


def test_metadata_creation_date_is_the_date(make_pdf):
    profile, _ = ingested(
        make_pdf("dated.pdf", [["Plain notes", "Nothing else."]], info={"CreationDate": "D:20240131"})
    )
    assert triple(profile, "date") == ("2024-01-31", None, "metadata")


# --------------------------------------------------------------------------- nothing to read, file names


NOTHING = [["some notes about the weather", "the garden needs water", "more notes here"]]


def test_nothing_on_the_cover_leaves_every_field_null(make_pdf):
    profile, _ = ingested(make_pdf("notes.pdf", NOTHING))
    for name in FIELDS:
        assert triple(profile, name) == (None, None, None), name


def test_file_name_fills_kind_year_and_quarter(make_pdf):
    profile, _ = ingested(make_pdf("initech_2022Q3_10Q.pdf", NOTHING))
    assert triple(profile, "kind") == ("10-Q", None, "file_name")
    assert triple(profile, "fiscal_year") == ("2022", None, "file_name")
    assert triple(profile, "quarter") == ("3", None, "file_name")
    assert triple(profile, "period_type") == ("quarter", None, "file_name")
    assert profile["issuer"]["value"] is None  # a file name is the user's label of the period, not an issuer
    assert profile["period_end"]["value"] is None


def test_file_name_never_overrides_the_cover(make_pdf):
    cover = sec_cover("ACME WIDGETS CORPORATION", "For the fiscal year ended December 31, 2023")
    profile, _ = ingested(make_pdf("initech_2022Q3_10Q.pdf", [cover, BODY]))
    assert triple(profile, "kind") == ("10-K", 4, "cover")
    assert triple(profile, "fiscal_year") == ("2023", 6, "cover")
    assert triple(profile, "period_type") == ("year", 6, "cover")
    assert triple(profile, "quarter") == (None, None, None)
    assert triple(profile, "issuer") == ("ACME WIDGETS CORPORATION", 8, "cover")


@pytest.mark.parametrize(
    "stem,period",
    [
        ("acme_2023Q2_10Q", (2023, 2)),
        ("globex-2021-q4", (2021, 4)),
        ("acme_2022_10k", (2022, None)),
        ("handbook", (None, None)),
        ("part_12345", (None, None)),  # five digits are no year
    ],
)
def test_file_period(stem, period):
    assert file_period(stem) == period


# --------------------------------------------------------------------------- cache


def test_second_ingest_hits_the_cache_with_the_same_profile(run_cli, make_pdf):
    text = ["Report on operations", "Prepared by Umbrella Dynamics for its shareholders.", "Revenue grew 4%."]
    path = make_pdf(
        "umbrella_2023_annual.pdf", [text], info={"Author": "Umbrella Dynamics", "CreationDate": "D:20240131"}
    )
    code, out, _ = run_cli("ingest", path, "--json")
    first = json.loads(out)["documents"][0]
    code2, out2, _ = run_cli("ingest", path, "--json")
    second = json.loads(out2)["documents"][0]
    assert code == code2 == 0
    assert first["cache_hit"] is False and second["cache_hit"] is True
    assert second["profile"] == first["profile"]
    profile = second["profile"]
    assert triple(profile, "issuer") == ("Umbrella Dynamics", None, "metadata")
    assert triple(profile, "date") == ("2024-01-31", None, "metadata")
    assert triple(profile, "kind") == ("annual report", None, "file_name")
    assert triple(profile, "fiscal_year") == ("2023", None, "file_name")


def test_a_13_week_quarter_ending_in_the_next_month_is_the_quarter_before(make_pdf):
    pdf = make_pdf(
        "q.pdf", [sec_cover("PHARMA GLOBAL INC.", "For the quarterly period ended July 2, 2023", form="10-Q")]
    )
    profile, _ = ingested(pdf)
    assert profile["period_end"]["value"] == "2023-07-02" and profile["quarter"]["value"] == "2"


def test_a_quarter_of_a_fiscal_year_ending_in_june_is_named_as_the_filing_states_it(make_pdf, run_cli, tmp_path):
    # the quarter ended December 31, 2022 of a company whose fiscal year ends June 30 is Q2 of fiscal 2023
    cover = sec_cover("AMBERLY PLC", "For the Quarterly Period Ended December 31, 2022", form="10-Q")
    risk = ["Risk factors", "See our annual report for the fiscal year ended June 30, 2022, as updated."]
    pdf = make_pdf("amberly/amberly_10q.pdf", [cover, risk, ["Total debt was $6,500 million."]])
    profile, text = ingested(pdf)
    assert triple(profile, "fiscal_year")[0] == "2023" and profile["quarter"]["value"] == "2"
    assert "fiscal year ended June 30" in text[profile["quarter"]["line"]]
    december = sec_cover("GLOBEX CORPORATION", "For the quarterly period ended June 30, 2023", form="10-Q")
    profile, _ = ingested(make_pdf("globex_10q.pdf", [december, ["For the fiscal year ended December 31, 2022."]]))
    assert (profile["fiscal_year"]["value"], profile["quarter"]["value"]) == ("2023", "2")
    # a question dated 'FY2023Q2' routes to that quarter's filing, not the annual report beside it
    annual = sec_cover("AMBERLY PLC", "For the fiscal year ended June 30, 2023")
    make_pdf("amberly/amberly_10k.pdf", [annual, ["Total debt was $6,700 million at June 30, 2023."]])
    code, out, err = run_cli("context", "As of FY2023Q2, what was Amberly's total debt?", pdf.parent, "--json")
    assert code == 0, err
    routing = json.loads(out)["routing"]
    assert routing["routed"] == ["amberly_10q"] and not any("FY2023Q2" in n for n in routing["notes"])
