"""Routing folder questions: issuers, periods, the latest-period caveat, absolute relevance (no_match),
duplicates counted once, the corpus index kept up to date per file, --doc scopes, and the question entities
and name matching routing rests on."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from docintel.pipeline import Pipeline
from docintel.question.entities import file_words, issuer_words, name_match_length, name_matches, question_entities
from docintel.settings import load_settings
from tests.conftest import FINANCEBENCH, needs_shared, read_traces
from tests.test_profile import sec_cover

ACME = "ACME WIDGETS CORPORATION"
GLOBEX = "Globex Corporation"
# (short name, registrant, {fiscal year: (capital expenditures, net revenue)}), in $ millions
FILINGS = [
    ("Acme", ACME, {2022: (110, 900), 2023: (140, 1000)}),
    ("Globex", GLOBEX, {2022: (210, 1900), 2023: (240, 2100)}),
]
REFUND_LINE = "Customers may return unused merchandise within 45 days"


def filing_pages(short: str, registrant: str, year: int, capex: int, revenue: int) -> list[list[str]]:
    """An SEC-style 10-K: cover, a page with the numbers, a page of risk factors."""
    return [
        sec_cover(registrant, f"For the fiscal year ended December 31, {year}"),
        [
            f"{short} management discussion for fiscal {year}",
            f"Net revenue was ${revenue} million in fiscal {year}.",
            f"Capital expenditures were ${capex} million in fiscal {year}, mainly for new plants.",
            f"Cash and equivalents ended the year at ${revenue // 3} million.",
        ],
        ["Risk factors", f"{short} faces competition in its markets.", "Supply costs may rise."],
    ]


@pytest.fixture
def filings(make_pdf) -> Path:
    """A folder of four 10-Ks: acme and globex, fiscal 2022 and 2023."""
    path = None
    for short, registrant, years in FILINGS:
        for year, (capex, revenue) in years.items():
            pages = filing_pages(short, registrant, year, capex, revenue)
            path = make_pdf(f"filings/{short.lower()}_{year}_10k.pdf", pages)
    assert path is not None
    return path.parent


def context_json(run_cli, question: str, *args) -> tuple[int, dict]:
    code, out, err = run_cli("context", question, *args, "--json")
    assert code == 0, err
    return code, json.loads(out)


def decisions_of(data: dict) -> dict[str, dict]:
    return {d["doc"]: d for d in data["routing"]["decisions"]}


def source_docs(data: dict) -> set[str]:
    return {s["doc"] for s in data["sources"]}


def sent_text(data: dict) -> list[str]:
    return [line["text"] for s in data["sources"] for line in s["lines"]]


# --------------------------------------------------------------------------- issuers and periods


def test_issuer_and_year_route_to_the_one_filing(run_cli, filings):
    _, data = context_json(run_cli, "What were Acme's capital expenditures in fiscal 2022?", filings)
    routing = data["routing"]
    assert routing["status"] == "ok" and routing["routed"] == ["acme_2022_10k"]
    decisions = decisions_of(data)
    assert set(decisions) == {"acme_2022_10k", "acme_2023_10k", "globex_2022_10k", "globex_2023_10k"}
    chosen = decisions["acme_2022_10k"]
    assert chosen["routed"] is True and chosen["rank"] == 1
    assert chosen["issuer"] == ACME and "FY2022" in chosen["period"]
    assert decisions["acme_2023_10k"]["routed"] is False
    assert "FY2022" in decisions["acme_2023_10k"]["reason"]  # left out for its period
    for doc in ("globex_2022_10k", "globex_2023_10k"):  # left out for their issuer
        assert decisions[doc]["routed"] is False
        assert GLOBEX in decisions[doc]["reason"] and "Acme" in decisions[doc]["reason"]
    assert data["status"] == "ok" and source_docs(data) == {"acme_2022_10k"}
    sent = sent_text(data)
    assert "Capital expenditures were $110 million in fiscal 2022, mainly for new plants." in sent
    assert not any("$140 million" in t or "$210 million" in t for t in sent)


def test_no_period_uses_the_latest_filing_and_says_so(run_cli, filings):
    question = "What were Acme's capital expenditures?"
    _, data = context_json(run_cli, question, filings)
    routing = data["routing"]
    assert routing["status"] == "ok" and routing["routed"] == ["acme_2023_10k"]
    older = decisions_of(data)["acme_2022_10k"]
    assert older["routed"] is False and "latest" in older["reason"]
    caveats = [n for n in routing["notes"] if "latest" in n]
    assert len(caveats) == 1 and "acme_2022_10k" in caveats[0] and "acme_2023_10k" in caveats[0]
    assert caveats[0] in data["notes"]  # the context carries the caveat too
    assert source_docs(data) == {"acme_2023_10k"}

    code, out, err = run_cli("ask", question, filings, "--backend", "extractive")
    assert code == 0, err
    notes = [line for line in out.splitlines() if line.startswith("note: ")]
    assert any("latest" in n and "acme_2022_10k" in n for n in notes), out
    assert "$140 million" in out and "$110 million" not in out


def test_two_issuers_named_keep_both_for_the_year(run_cli, filings):
    _, data = context_json(run_cli, "How much did Globex and Acme spend on capital expenditures in 2022?", filings)
    assert sorted(data["routing"]["routed"]) == ["acme_2022_10k", "globex_2022_10k"]
    assert source_docs(data) == {"acme_2022_10k", "globex_2022_10k"}


def test_question_opening_with_a_two_word_issuer_routes_to_it(run_cli, filings):
    # "Acme Widgets" opens the sentence: its capitals do not make "Widgets" alone the name asked about
    _, data = context_json(run_cli, "Acme Widgets reported what capital expenditures in fiscal 2023?", filings)
    assert data["routing"]["status"] == "ok", data["routing"]["detail"]
    assert data["routing"]["routed"] == ["acme_2023_10k"]


def test_issuer_known_only_from_the_file_name(run_cli, make_pdf, filings):
    pages = [["Annual review", "Capital expenditures were $75 million, mainly for new stores."], ["Outlook is stable."]]
    make_pdf("filings/BLUESKY_2023_10K.pdf", pages)
    _, data = context_json(run_cli, "What were Blue Sky's capital expenditures?", filings)
    assert data["routing"]["routed"] == ["BLUESKY_2023_10K"]
    assert decisions_of(data)["BLUESKY_2023_10K"]["reason"] == "its issuer is named in the question"


def test_a_shared_first_word_is_not_the_issuer(run_cli, make_pdf):
    # "Pacific Express" must not be routed to "Pacific Water Works Company, Inc."
    for year in (2022, 2023):
        make_pdf(
            f"water/pww_{year}_10k.pdf", filing_pages("Pacific", "Pacific Water Works Company, Inc.", year, 50, 500)
        )
    folder = make_pdf("water/acme_2023_10k.pdf", filing_pages("Acme", ACME, 2023, 140, 1000)).parent
    _, data = context_json(run_cli, "What were Pacific Express's capital expenditures in 2023?", folder)
    # an unknown name is a note, never a refusal: every document is searched, none as Pacific Express's
    note = "no document's issuer is Pacific Express and none writes it often: searched all of these 3 documents"
    assert data["routing"]["status"] == "ok" and note in data["routing"]["notes"]
    assert not any("issuer is named" in d["reason"] for d in data["routing"]["decisions"])
    _, data = context_json(run_cli, "What were Pacific Water Works's capital expenditures in 2023?", folder)
    assert data["routing"]["routed"] == ["pww_2023_10k"]


# --------------------------------------------------------------------------- absolute relevance


def test_an_absent_issuer_is_a_note_and_every_document_is_searched(run_cli, filings):
    question = "What were Initech's capital expenditures in 2023?"
    _, data = context_json(run_cli, question, filings)
    note = "no document's issuer is Initech and none writes it often: searched all of these 4 documents"
    assert data["routing"]["status"] == "ok" and note in data["routing"]["notes"]
    assert sorted(data["routing"]["routed"]) == ["acme_2023_10k", "globex_2023_10k"]  # the year asked still counts
    assert data["status"] == "ok" and data["sources"]

    code, out, err = run_cli("ask", question, filings, "--backend", "extractive")
    assert code == 0, err
    assert f"note: {note}" in out and "nothing was sent" not in out
    summary = next(line for line in out.splitlines() if line.startswith("documents:"))
    assert "(2 of 4); left out: 2 period" in summary and "acme_2023_10k" in summary, summary


def test_the_file_named_is_searched_whatever_the_question_calls_its_company(run_cli, make_pdf, tmp_path):
    # a short form the filing does not use, or a product line read as a company: the one file given is searched
    lines = ["Net sales of Skincare were $310 million in fiscal 2023.", "Capital expenditures were $140 million."]
    pdf = make_pdf("acme_2023_10k.pdf", [sec_cover(ACME, "For the fiscal year ended December 31, 2023"), lines])
    for question in ("What were Initrode's capital expenditures in fiscal 2023?", "What were Skincare's net sales?"):
        _, data = context_json(run_cli, question, pdf)
        assert data["routing"]["routed"] == ["acme_2023_10k"] and data["sources"], question
        assert any(f"is not the issuer of the document ({ACME})" in n for n in data["routing"]["notes"])
    code, out, err = run_cli("ask", "What were Initrode's capital expenditures in fiscal 2023?", pdf)
    assert code == 0 and "$140 million" in out and "searched it as given" in out, out
    # a batch line's doc names the file: searched too
    qfile = tmp_path / "q.jsonl"
    qfile.write_text(
        json.dumps({"id": "a", "question": "What were Initrode's capital expenditures?", "doc": pdf.name}) + "\n"
    )
    code, _, err = run_cli("batch", qfile, pdf.parent, "--out", tmp_path / "o.jsonl")
    record = json.loads((tmp_path / "o.jsonl").read_text())
    assert record["searched"] == ["acme_2023_10k"] and record["status"] == "supported", record
    # a period the file does not cover: searched, with the note (a folder refuses it, see below)
    _, data = context_json(run_cli, "What were capital expenditures in fiscal 2031?", pdf)
    assert data["routing"]["routed"] == ["acme_2023_10k"]
    assert any("covers FY2031" in n for n in data["routing"]["notes"])


def test_nonsense_is_no_match_although_everything_fits(run_cli, filings, corpus_pdf):
    _, data = context_json(run_cli, "zebra xylophone quasar", filings)
    assert data["routing"]["status"] == "no_match" and data["status"] == "no_match"
    assert "none of the question's terms" in data["routing"]["detail"]
    assert data["sources"] == [] and data["budget"]["used_chars"] == 0
    assert len(data["routing"]["decisions"]) == 4 and not any(d["routed"] for d in data["routing"]["decisions"])

    _, data = context_json(run_cli, "zebra xylophone quasar", corpus_pdf)  # the file named is searched: nothing
    assert data["routing"]["routed"] and data["status"] == "no_match" and data["sources"] == []

    _, data = context_json(run_cli, "What is the refund window?", corpus_pdf)
    assert data["routing"]["status"] == "ok" and data["status"] == "ok"
    assert any(REFUND_LINE in t for t in sent_text(data))


# --------------------------------------------------------------------------- duplicates and budget


def test_identical_copies_count_once(run_cli, corpus_pdf, tmp_path):
    folder = tmp_path / "dups"
    folder.mkdir()
    shutil.copy(corpus_pdf, folder / "annual.pdf")
    shutil.copy(corpus_pdf, folder / "annual_copy.pdf")
    _, data = context_json(run_cli, "What is the refund window?", folder)
    decisions = decisions_of(data)
    assert data["routing"]["routed"] == ["annual"]
    assert decisions["annual_copy"]["routed"] is False
    assert decisions["annual_copy"]["reason"].startswith("identical to annual")
    assert source_docs(data) == {"annual"}
    assert sum(REFUND_LINE in t for t in sent_text(data)) == 1


def test_doc_naming_only_the_copy_searches_the_copy(run_cli, corpus_pdf, tmp_path):
    folder = tmp_path / "dups"
    folder.mkdir()
    shutil.copy(corpus_pdf, folder / "annual.pdf")
    shutil.copy(corpus_pdf, folder / "annual_copy.pdf")
    _, data = context_json(run_cli, "What is the refund window?", folder, "--doc", "annual_copy")
    assert data["routing"]["routed"] == ["annual_copy"], data["routing"]["detail"]
    assert source_docs(data) == {"annual_copy"}


WARRANTY = [
    "Warranty terms",
    "The warranty covers manufacturing defects for 24 months from delivery.",
    "Keep invoices.",
]


def depot_notes(region: str) -> list[str]:
    return [f"{region} depot note {i}: trucks leave the {region} depot on schedule each morning." for i in range(30)]


def test_the_same_passage_in_two_documents_is_sent_once(run_cli, make_pdf):
    for region in ("North", "South"):
        pages = [[f"{region} region supplement"], WARRANTY, *[depot_notes(region)] * 3]
        folder = make_pdf(f"regions/{region.lower()}.pdf", pages).parent
    question = "How long does the warranty cover manufacturing defects?"
    _, data = context_json(run_cli, question, folder, "--budget-chars", "2000")
    assert sorted(data["routing"]["routed"]) == ["north", "south"]
    skipped = [d for d in data["decisions"] if d["reason"].startswith("same text as")]
    assert len(skipped) == 1 and skipped[0]["action"] == "skipped"
    assert sum(WARRANTY[1] in t for t in sent_text(data)) == 1


def test_same_text_in_two_files_is_sent_once_when_both_fit_whole(run_cli, make_pdf):
    # The same report saved twice (different metadata, so different bytes): its text must not go twice.
    pages = [["Policy bulletin"], WARRANTY]
    make_pdf("resaved/bulletin.pdf", pages, title="Policy bulletin")
    folder = make_pdf("resaved/bulletin_v2.pdf", pages, title="Policy bulletin (saved again)").parent
    _, data = context_json(run_cli, "How long does the warranty cover manufacturing defects?", folder)
    assert data["status"] == "ok"
    assert sum(WARRANTY[1] in t for t in sent_text(data)) == 1


def test_unrelated_documents_never_fill_leftover_budget(run_cli, corpus_pdf, make_pdf):
    garden = make_pdf(
        "mixed/garden.pdf", [["Garden club minutes", "The roses were pruned in March.", "Tomatoes need staking."]]
    )
    shutil.copy(corpus_pdf, garden.parent / corpus_pdf.name)
    _, data = context_json(run_cli, "What is the refund window?", garden.parent)
    assert source_docs(data) == {corpus_pdf.stem}
    assert decisions_of(data)["garden"]["routed"] is False
    assert decisions_of(data)["garden"]["reason"] == "none of the question's words (nor their synonyms) occur in it"
    assert not any(d["doc"] == "garden" for d in data["decisions"])

    # with routing off, the garden notes are searched but, matching nothing, are still not sent whole
    pipeline = Pipeline(load_settings({"use_routing": False}))
    prepared = pipeline.prepare("What is the refund window?", [garden.parent])
    assert "garden" in prepared.routing.routed
    assert [s.doc for s in prepared.context.sources] == [corpus_pdf.stem]
    assert {d.doc for d in prepared.context.decisions} == {corpus_pdf.stem}


# --------------------------------------------------------------------------- the corpus index


def small_report(name: str, words: str) -> list[list[str]]:
    return [[f"{name} report", words, "Figures are unaudited."]]


def test_index_is_updated_per_file(run_cli, make_pdf, isolated_env):
    make_pdf("shop/alpha.pdf", small_report("Alpha bakery", "Sourdough sales rose 12 percent."))
    beta = make_pdf("shop/beta.pdf", small_report("Beta brewery", "Lager volumes fell 3 percent."))
    gamma = make_pdf("shop/gamma.pdf", small_report("Gamma dairy", "Cheese exports doubled."))
    folder = beta.parent
    _, data = context_json(run_cli, "How did cheese exports change?", folder)  # builds the index
    assert data["routing"]["routed"] == ["gamma"]
    databases = list((isolated_env / "cache" / "corpora").glob("*.sqlite"))
    assert len(databases) == 1

    make_pdf("shop/delta.pdf", small_report("Delta orchard", "Apple harvest reached 800 tonnes."))
    make_pdf("shop/beta.pdf", small_report("Beta brewery", "Cider volumes tripled after the new press was installed."))
    os.utime(beta, ns=(beta.stat().st_atime_ns, beta.stat().st_mtime_ns + 10**9))
    gamma.unlink()

    corpus = Pipeline(load_settings()).corpus([folder])
    report = corpus.refresh
    assert sorted(Path(p).name for p in report.indexed) == ["beta.pdf", "delta.pdf"]
    assert report.removed == 1 and report.documents == 3
    assert report.db_path == str(databases[0])
    assert corpus.index.term_hits(["lager"]) == {"lager": {}}  # the old text of beta is gone from the index

    again = Pipeline(load_settings()).corpus([folder]).refresh
    assert again.indexed == [] and again.removed == 0 and again.documents == 3  # unchanged files: by stat alone

    _, data = context_json(run_cli, "How much did cider volumes grow?", folder)
    assert data["routing"]["routed"] == ["beta"]
    assert set(decisions_of(data)) == {"alpha", "beta", "delta"}  # the deleted file gets no decision
    _, data = context_json(run_cli, "How large was the apple harvest?", folder)
    assert data["routing"]["routed"] == ["delta"]
    _, data = context_json(run_cli, "How did cheese exports change?", folder)
    assert data["routing"]["status"] == "no_match"


def test_a_renamed_file_is_not_indexed_again(make_pdf):
    make_pdf("shop/alpha.pdf", small_report("Alpha bakery", "Sourdough sales rose 12 percent."))
    beta = make_pdf("shop/beta.pdf", small_report("Beta brewery", "Lager volumes fell 3 percent."))
    first = Pipeline(load_settings()).corpus([beta.parent]).refresh
    assert sorted(Path(p).name for p in first.indexed) == ["alpha.pdf", "beta.pdf"]
    beta.rename(beta.parent / "brewery.pdf")
    corpus = Pipeline(load_settings()).corpus([beta.parent])
    assert corpus.refresh.indexed == [] and corpus.refresh.removed == 1
    assert sorted(d.doc_id for d in corpus.documents) == ["alpha", "brewery"]


# --------------------------------------------------------------------------- --doc


def test_doc_glob_limits_the_folder(run_cli, filings):
    _, data = context_json(run_cli, "What were capital expenditures in 2023?", filings, "--doc", "acme_*")
    decisions = decisions_of(data)
    assert data["routing"]["routed"] == ["acme_2023_10k"]
    assert decisions["globex_2022_10k"]["reason"] == decisions["globex_2023_10k"]["reason"] == "not named by --doc"
    assert "not named" not in decisions["acme_2022_10k"]["reason"]
    assert source_docs(data) == {"acme_2023_10k"}


def test_two_doc_flags_are_a_union(run_cli, filings):
    args = ("--doc", "acme_2022_10k", "--doc", "globex_2022*")
    _, data = context_json(run_cli, "What were capital expenditures in 2022?", filings, *args)
    decisions = decisions_of(data)
    assert sorted(data["routing"]["routed"]) == ["acme_2022_10k", "globex_2022_10k"]
    assert {d for d, v in decisions.items() if v["reason"] == "not named by --doc"} == {
        "acme_2023_10k",
        "globex_2023_10k",
    }


@pytest.mark.parametrize("command", ["context", "ask"])
def test_doc_glob_matching_nothing_is_a_usage_error(run_cli, filings, command):
    code, out, err = run_cli(command, "What were capital expenditures in 2022?", filings, "--doc", "initech*")
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --doc 'initech*' matches no document")
    assert "acme_2022_10k" in lines[0] and "give a document id, file name or glob" in lines[0]


# --------------------------------------------------------------------------- entities and name matching


@pytest.mark.parametrize(
    "question,expected",
    [
        (
            "What were Acme's capital expenditures in fiscal 2022?",
            {"names": ["Acme"], "issuer_position": ["Acme"], "owners": ["Acme"], "years": [2022], "quarters": []},
        ),
        (
            "Does Globex pay a dividend?",
            {"names": ["Globex"], "issuer_position": ["Globex"], "owners": ["Globex"], "years": [], "kinds": []},
        ),
        (
            "What was the revenue of Initech Systems in Q2 2023?",
            {"names": ["Initech Systems"], "issuer_position": ["Initech Systems"], "years": [2023], "quarters": [2]},
        ),
        (
            "How did Vandelay Industries perform in H1 2024 according to its 10-K?",
            {"names": ["Vandelay Industries"], "years": [2024], "quarters": [2], "kinds": ["annual"]},
        ),
        (
            "Compare Acme and Globex revenue in 2022 and 2023 per the annual report.",
            {"names": ["Acme", "Globex"], "issuer_position": [], "years": [2022, 2023], "kinds": ["annual"]},
        ),
        (
            "What did the 8-K and the earnings release of Stark Holdings say about the third quarter of 2021?",
            {"names": ["Stark Holdings"], "years": [2021], "quarters": [3], "kinds": ["8-K", "release"]},
        ),
        (
            "What is the refund window in the 10-Q?",
            {"names": [], "issuer_position": [], "years": [], "quarters": [], "kinds": ["quarterly"]},
        ),
        (
            "In 2023, what was Acme's revenue? What about Globex?",
            {"names": ["Acme", "Globex"], "issuer_position": ["Acme"], "years": [2023]},
        ),
        (
            "What was Revenue in 2023?",  # after 'was': a name, or a line item written in Title Case
            {"names": ["Revenue"], "issuer_position": ["Revenue"], "owners": [], "years": [2023]},
        ),
        (
            "You are an analyst. Here's the question: what was Acme's revenue in 2023?",  # pronouns are no issuer
            {"issuer_position": ["Acme"], "owners": ["Acme"], "years": [2023]},
        ),
        (
            "What was U.S. net revenue in 2023? And the U.K.'s?",  # places written as initials are no issuer
            {"names": [], "issuer_position": [], "owners": [], "years": [2023]},
        ),
        (
            "Acme Widgets reported what capital expenditures in fiscal 2023?",
            {"names": ["Acme Widgets"], "issuer_position": ["Acme Widgets"], "years": [2023]},
        ),
    ],
)
def test_question_entities(question, expected):
    entities = question_entities(question).model_dump()
    for key, value in expected.items():
        assert entities[key] == value, (key, entities)


def test_name_matching():
    assert name_matches("AMD", tuple(issuer_words("Advanced Micro Devices, Inc.")))
    assert file_words("BESTBUY_2019_10K") == ["bestbuy"]
    assert name_matches("Best Buy", tuple(file_words("BESTBUY_2019_10K")))
    assert not name_matches("American Express", tuple(issuer_words("American Water Works Company, Inc.")))
    acme = tuple(issuer_words("The Acme Widgets Corporation"))
    assert acme == ("acme", "widgets")
    assert name_match_length("Acme", acme) == 1 and name_match_length("Acme Widgets", acme) == 2
    assert name_match_length("AW", acme) == 2  # an abbreviation covers every word
    assert name_match_length("Widgets", acme) == 0  # not the start of the name
    assert name_match_length("Acmex", acme) == 0
    assert file_words("acme_widgets_2023Q2_10Q") == ["acme", "widgets"]


# --------------------------------------------------------------------------- periods beyond one year


@pytest.fixture
def acme_years(make_pdf) -> Path:
    """Acme's 10-Ks for fiscal 2019, 2021 and 2023 (each reports its year and the two before)."""
    path = None
    for year, capex in ((2019, 90), (2021, 120), (2023, 140)):
        path = make_pdf(f"acme/acme_{year}_10k.pdf", filing_pages("Acme", ACME, year, capex, 900))
    assert path is not None
    return path.parent


def test_every_year_named_is_covered_by_the_filing_that_holds_it(run_cli, acme_years):
    _, data = context_json(
        run_cli, "How did Acme's capital expenditures change from fiscal 2016 to fiscal 2023?", acme_years
    )
    # 2023 is its own filing; 2016 is held by no filing (2019 reports 2017-2019): said in a note
    assert data["routing"]["routed"] == ["acme_2023_10k"]
    assert any("covers FY2016" in n for n in data["routing"]["notes"])
    _, data = context_json(
        run_cli, "How did Acme's capital expenditures change from fiscal 2019 to fiscal 2023?", acme_years
    )
    assert set(data["routing"]["routed"]) == {"acme_2023_10k", "acme_2019_10k"}  # 2019 is not in the 2023 filing
    assert decisions_of(data)["acme_2021_10k"]["cause"] == "period"
    _, data = context_json(
        run_cli, "How did Acme's capital expenditures change from fiscal 2022 to fiscal 2023?", acme_years
    )
    assert data["routing"]["routed"] == ["acme_2023_10k"]  # 2022 is a comparative of the 2023 filing


def test_a_year_far_past_the_filings_is_forward_looking_not_the_period(run_cli, acme_years):
    _, data = context_json(run_cli, "Will Acme still face competition in its markets in 2031?", acme_years)
    assert data["routing"]["status"] == "ok" and data["routing"]["routed"] == ["acme_2023_10k"]
    assert any("latest" in n for n in data["routing"]["notes"])
    _, data = context_json(run_cli, "What were Acme's capital expenditures in fiscal 2024?", acme_years)
    assert data["routing"]["routed"] == ["acme_2023_10k"]  # the year after: its outlook, said in a note
    assert any("is for FY2024" in n and "outlook" in n for n in data["routing"]["notes"])


def test_decisions_carry_their_cause(run_cli, filings):
    _, data = context_json(run_cli, "What were Acme's capital expenditures in fiscal 2022?", filings)
    causes = {d["doc"]: d["cause"] for d in data["routing"]["decisions"]}
    assert causes == {
        "acme_2022_10k": "routed",
        "acme_2023_10k": "period",
        "globex_2022_10k": "issuer",
        "globex_2023_10k": "issuer",
    }
    code, out, _ = run_cli("ask", "What were Acme's capital expenditures in fiscal 2022?", filings)
    summary = next(line for line in out.splitlines() if line.startswith("documents:"))
    assert summary == "documents: searched acme_2022_10k (1 of 4); left out: 2 other issuer; 1 period"


# --------------------------------------------------------------------------- the index file


def test_index_file_is_private_and_a_damaged_one_is_rebuilt(run_cli, filings, isolated_env):
    code, out, err = run_cli("index", filings, "--json")
    assert code == 0, err
    report = json.loads(out)
    db = Path(report["db_path"])
    assert db.parent == isolated_env / "cache" / "corpora" and oct(db.stat().st_mode & 0o777) == "0o600"
    assert len(report["documents"]) == 4 and len(report["indexed"]) == 4
    db.write_bytes(b"this is not a database")
    code, out, err = run_cli("index", filings, "--json")
    assert code == 0 and "warning" not in err
    again = json.loads(out)
    assert again["db_path"] == str(db) and len(again["indexed"]) == 4  # rebuilt in place, nothing lost
    code, out, _ = run_cli("index", filings)
    assert code == 0 and "documents: 4 (0 indexed now, 0 removed since the last run)" in out
    assert "acme_2022_10k: ACME WIDGETS CORPORATION | 10-K FY2022" in out


def test_a_filing_by_the_company_named_is_relevant_with_few_of_the_question_words(run_cli, filings):
    # Most words of this question are not in Acme's filing, but the filing is Acme's and holds "revenue":
    # the question is about it (the coverage floor is for questions that name no company).
    question = (
        "What was Acme's interest coverage ratio in fiscal 2023, using adjusted EBIT as the numerator and "
        "annual interest expense as the denominator?"
    )
    _, data = context_json(run_cli, question, filings)
    assert data["routing"]["status"] == "ok" and data["routing"]["routed"] == ["acme_2023_10k"]
    _, data = context_json(run_cli, "What is Acme's zebra xylophone quasar?", filings)
    assert data["routing"]["status"] == "no_match" and data["sources"] == []
    assert "none of the question's terms (zebra, xylophon, quasar)" in data["routing"]["detail"]


def test_batch_routes_questions_without_a_doc_field_and_keeps_the_doc_field(run_cli, filings, tmp_path, isolated_env):
    qfile = tmp_path / "q.jsonl"
    rows = [
        {"id": "routed", "question": "What were Acme's capital expenditures in fiscal 2022?"},
        {"id": "named", "question": "What were capital expenditures in fiscal 2023?", "doc": "acme_2023_10k.pdf"},
        {"id": "scoped", "question": "What were capital expenditures in fiscal 2023?"},
    ]
    qfile.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "out.jsonl"
    code, stdout, err = run_cli("batch", qfile, filings, "--out", out, "--doc", "globex_*", "--workers", "2")
    records = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert all(r["error"] is None for r in records.values()), records
    traces = {t["trace_id"]: t for t in read_traces(isolated_env / "traces")}
    searched = {i: traces[r["trace_id"]]["routing"]["routed"] for i, r in records.items()}
    # --doc scopes the questions without a doc field: Acme's filings are out of scope for "routed", so the
    # documents named are searched, with a note that none is Acme's
    assert searched["routed"] == ["globex_2022_10k"]
    assert searched["named"] == ["acme_2023_10k"]  # a doc field is kept as it is
    assert searched["scoped"] == ["globex_2023_10k"]
    # the output says where each answer came from: the documents searched and each citation's document and pages
    scoped = records["scoped"]
    assert scoped["searched"] == ["globex_2023_10k"] and scoped["citations"]["sources"]
    cited = scoped["citations"]["sources"]
    assert {c["doc"] for c in cited} == {"globex_2023_10k"} and any(c["pages"] == [2] for c in cited)
    assert any("no document's issuer is Acme" in n for n in records["routed"]["routing_notes"])


def test_a_file_name_never_overrides_the_issuer_the_document_states(run_cli, filings):
    # Globex's 2022 filing saved under an Acme-looking name is still Globex's
    (filings / "globex_2022_10k.pdf").rename(filings / "acme_annual_copy.pdf")
    _, data = context_json(run_cli, "What were Acme's capital expenditures in fiscal 2023?", filings)
    decisions = decisions_of(data)
    assert data["routing"]["routed"] == ["acme_2023_10k"]
    assert decisions["acme_annual_copy"]["cause"] == "issuer" and GLOBEX in decisions["acme_annual_copy"]["reason"]


def test_a_fiscal_year_is_always_the_period_asked(run_cli, acme_years):
    _, data = context_json(run_cli, "What were Acme's capital expenditures in fiscal 2031?", acme_years)
    assert data["routing"]["status"] == "no_match" and "covers FY2031" in data["routing"]["detail"]
    _, data = context_json(run_cli, "Will Acme still face competition in its markets in 2031?", acme_years)
    assert any(n.startswith("2031 is after the documents") for n in data["routing"]["notes"])


def test_notes_speak_only_of_what_was_searched(run_cli, filings, monkeypatch):
    monkeypatch.setenv("DOCINTEL_ROUTE_MAX_DOCUMENTS", "1")
    _, data = context_json(run_cli, "What were capital expenditures?", filings)
    (routed,) = data["routing"]["routed"]
    latest = [n for n in data["routing"]["notes"] if "latest" in n]
    assert len(latest) == 1 and routed in latest[0]  # the other issuer was not searched: no note about it
    monkeypatch.delenv("DOCINTEL_ROUTE_MAX_DOCUMENTS")
    _, data = context_json(run_cli, "What were capital expenditures in fiscal 2022?", filings)
    notes, routed = data["routing"]["notes"], data["routing"]["routed"]
    assert set(routed) == {"acme_2022_10k", "globex_2022_10k"}
    assert f"the question names no company: searched documents of {ACME}, {GLOBEX}" in notes
    _, data = context_json(run_cli, "What were Acme's capital expenditures?", filings, "--doc", "acme_2022*")
    assert data["routing"]["routed"] == ["acme_2022_10k"]
    assert not any("latest" in n for n in data["routing"]["notes"])  # one document in scope: nothing chosen
    _, data = context_json(run_cli, "What were Globex's capital expenditures?", filings, "--doc", "acme_*")
    note = "no document's issuer is Globex and none writes it often: searched all of the 2 documents --doc names"
    assert note in data["routing"]["notes"]


def test_traces_show_gives_the_routing_and_its_notes(run_cli, filings):
    code, out, _ = run_cli("ask", "What were Acme's capital expenditures?", filings)
    trace_id = out.strip().rsplit("trace: ", 1)[1]
    code, shown, _ = run_cli("traces", "show", trace_id)
    assert code == 0 and "documents: searched acme_2023_10k (1 of 4); left out: 2 other issuer; 1 period" in shown
    assert any(line.startswith("note: the question names no period") for line in shown.splitlines())


# --------------------------------------------------------------------------- from the review


def test_a_title_case_line_item_is_a_term_not_a_company(run_cli, corpus_pdf):
    for question in ("What was Net Sales in fiscal 2025?", "What were Net Sales?"):
        _, data = context_json(run_cli, question, corpus_pdf)
        assert data["routing"]["status"] == "ok" and data["status"] == "ok", data["routing"]["detail"]
        assert not any("issuer" in n for n in data["routing"]["notes"])  # a line item earns no note about issuers


def test_a_synonym_the_document_uses_makes_it_relevant(run_cli, corpus_pdf):
    # the sample says "net sales", never "revenue": the domain phrase the question implies is enough
    _, data = context_json(run_cli, "What was revenue?", corpus_pdf)
    assert data["routing"]["status"] == "ok" and data["routing"]["routed"] == ["northwind-annual-report-2025"]
    assert decisions_of(data)["northwind-annual-report-2025"]["coverage"] == 0.0  # 'revenue' itself: nowhere
    assert any(line.startswith("Net sales $ 1,284.6") for line in sent_text(data))  # the phrase's row is sent
    code, out, err = run_cli("ask", "What was revenue?", corpus_pdf, "--json")
    answer = json.loads(out)
    assert code == 0 and answer["verification"]["overall"] == "supported", err
    assert [item["amount"]["value"] for item in answer["answer"]["items"]] == [1284.6]


@pytest.mark.parametrize(
    "name,issuer,matches",
    [
        ("GE", "General Mills, Inc.", False),  # two letters of one word abbreviate nothing
        ("NI", "NIKE, Inc.", False),
        ("IT", "ITT Inc.", False),
        ("R&D", "Royal Dutch plc", False),  # an ampersand abbreviates only a name with one
        ("M&A", "Macy's, Inc.", False),
        ("J&J", "Johnson & Johnson", True),
        ("JPM", "JPMorgan Chase & Co.", True),
        ("AMD", "Advanced Micro Devices, Inc.", True),
    ],
)
def test_short_abbreviations_need_every_word_or_three_letters(name, issuer, matches):
    assert name_matches(name, tuple(issuer_words(issuer))) is matches


def test_names_outside_ascii_and_questions_in_capitals():
    assert question_entities("What was L'Oréal's revenue in 2022?").names == ["L'Oréal"]
    assert question_entities("Did Nestlé's sales grow?").issuer_position == ["Nestlé"]
    shouted = question_entities("WHAT WAS ACME'S REVENUE IN FY2023?")
    assert "ACME" in shouted.names and shouted.issuer_position == ["ACME"]
    listed = question_entities("Compare the revenue of Acme, Globex and Initech.")
    assert listed.names == ["Acme", "Globex", "Initech"]


def test_quarters_are_checked(run_cli, make_pdf):
    for quarter, end in ((2, "June 30, 2023"), (3, "September 30, 2023")):
        pages = [
            sec_cover(ACME, f"For the quarterly period ended {end}", form="10-Q"),
            [f"Net revenue was ${quarter * 100} million in the quarter ended {end}."],
        ]
        folder = make_pdf(f"q/acme_q{quarter}.pdf", pages).parent
    _, data = context_json(run_cli, "What was Acme's net revenue in Q3 2023?", folder)
    assert data["routing"]["routed"] == ["acme_q3"]
    assert decisions_of(data)["acme_q2"]["cause"] == "period"


def test_a_company_named_beside_the_subject_ranks_up_without_excluding(run_cli, filings, make_pdf):
    make_pdf(
        "filings/supply_agreement.pdf",
        [
            [
                "SUPPLY AGREEMENT",
                "This Supply Agreement is made between Initech LLC and Globex Corporation.",
                "The supply agreement terminates on March 31, 2027 unless renewed.",
            ]
        ],
    )
    _, data = context_json(run_cli, "When does the supply agreement with Globex terminate?", filings)
    assert "supply_agreement" in data["routing"]["routed"]


def test_every_company_named_is_searched(run_cli, make_pdf, monkeypatch):
    monkeypatch.setenv("DOCINTEL_ROUTE_MAX_DOCUMENTS", "2")
    for short, registrant in (("Acme", ACME), ("Globex", GLOBEX), ("Initech", "INITECH CORPORATION")):
        folder = make_pdf(f"three/{short.lower()}_2023_10k.pdf", filing_pages(short, registrant, 2023, 1, 2)).parent
    _, data = context_json(run_cli, "Compare the 2023 net revenue of Acme, Globex and Initech.", folder)
    assert sorted(data["routing"]["routed"]) == ["acme_2023_10k", "globex_2023_10k", "initech_2023_10k"]


def test_batch_doc_that_names_nothing_stops_before_any_question(run_cli, filings, tmp_path):
    qfile = tmp_path / "q.txt"
    qfile.write_text("What were capital expenditures?\n")
    code, out, err = run_cli("batch", qfile, filings, "--out", tmp_path / "o.jsonl", "--doc", "nothing*")
    assert code == 2 and "--doc 'nothing*' matches no document" in err and not (tmp_path / "o.jsonl").exists()


def test_a_subject_no_document_has_is_only_noted_when_another_name_is_an_issuer(run_cli, filings):
    # 'Umbrella Group (formerly Acme)': Acme's filings are the answer; Umbrella is said to be absent, not refused
    question = "What were Umbrella's (formerly known as Acme) capital expenditures in fiscal 2023?"
    _, data = context_json(run_cli, question, filings)
    assert data["routing"]["status"] == "ok" and data["routing"]["routed"][0] == "acme_2023_10k"
    assert any(n.startswith("no document about Umbrella") for n in data["routing"]["notes"])
    assert {d["cause"] for d in data["routing"]["decisions"] if d["doc"].startswith("globex")} == {"issuer"}


def test_indexing_a_folder_keeps_no_line_table_in_memory(filings, isolated_env):
    pipeline = Pipeline(load_settings())
    corpus = pipeline.corpus([filings])
    assert len(corpus.documents) == 4 and not pipeline.ingestor._memo  # each written to the cache, then dropped
    prepared = pipeline.prepare("What were Acme's capital expenditures in fiscal 2022?", [filings])
    assert [d.meta.doc_id for d in prepared.documents] == ["acme_2022_10k"]
    assert prepared.documents[0].cache_hit is False  # parsed by this run, read back from the cache, not again
    assert len(list((isolated_env / "cache" / "lines").rglob("*.json"))) == 4


def test_the_pages_a_question_names_are_its_scope(run_cli, make_pdf):
    # page 3 gives many passages, and the whole file would fit: still only page 3 is sent, and a note says why
    pages = [[f"Page {n} heading", f"Operations on page {n} were steady."] for n in range(1, 6)]
    pages[2] = [f"Free cash flow item {i} was {i * 10} million in the year." for i in range(1, 31)]
    pdf = make_pdf("five.pdf", pages)
    _, data = context_json(run_cli, "What does page 3 say about free cash flow?", pdf)
    assert data["status"] == "ok" and [s["pages"] for s in data["sources"]] == [[3]]
    assert not any(d["action"] in ("escalated", "whole_document") for d in data["decisions"])
    assert any(n.startswith("the question names pages (five p.3)") for n in data["notes"])


def test_a_word_every_passage_holds_still_counts_for_relevance(run_cli, make_pdf):
    pages = [[f"Free cash flow in quarter {n} was {n * 100} million."] for n in range(1, 5)]
    pdf = make_pdf("flows.pdf", pages)
    _, data = context_json(run_cli, "What does the report say about free cash flow?", pdf)
    assert data["routing"]["status"] == "ok" and data["sources"]  # 'say' is absent; the rest is everywhere


def test_two_companies_compared_are_both_searched_without_a_no_company_note(run_cli, filings, make_pdf):
    make_pdf("filings/initech_2023_10k.pdf", filing_pages("Initech", "INITECH CORPORATION", 2023, 5, 50))
    _, data = context_json(run_cli, "Which had higher net revenue in fiscal 2023, Acme or Globex?", filings)
    assert sorted(data["routing"]["routed"]) == ["acme_2023_10k", "globex_2023_10k"]
    assert decisions_of(data)["initech_2023_10k"]["cause"] == "issuer"  # the two named are the scope
    assert not any("names no company" in n for n in data["routing"]["notes"])


def test_every_filing_the_companies_named_need_is_searched(run_cli, acme_years, make_pdf, monkeypatch):
    # Acme needs two filings (2019 and 2023: the 2023 one does not reach back to 2019), Globex one:
    # all three are searched, whatever route_max_documents says
    monkeypatch.setenv("DOCINTEL_ROUTE_MAX_DOCUMENTS", "1")
    weak = [sec_cover(GLOBEX, "For the fiscal year ended December 31, 2023"), ["Globex had a year."]]
    make_pdf("acme/globex_2023_10k.pdf", weak)
    question = "What were the capital expenditures of Acme and Globex in fiscal 2019 and fiscal 2023?"
    _, data = context_json(run_cli, question, acme_years)
    assert sorted(data["routing"]["routed"]) == ["acme_2019_10k", "acme_2023_10k", "globex_2023_10k"]


def test_a_line_item_asked_like_a_name_is_said_to_be_read_as_a_word(run_cli, make_pdf):
    lines = [
        "ACME sells widgets.",
        "Revenue grew in fiscal 2023; revenue from services was flat.",
        "Total revenue was $900 million in fiscal 2023.",
    ]
    folder = make_pdf("w/acme_2023_10k.pdf", [sec_cover(ACME, "For the fiscal year ended December 31, 2023"), lines])
    _, data = context_json(run_cli, "What was Revenue in fiscal 2023?", folder.parent)
    assert data["routing"]["status"] == "ok" and data["routing"]["routed"] == ["acme_2023_10k"]
    assert (
        "no document's issuer is Revenue; the documents write 'revenue' as a word, so it was read as one"
        in (data["routing"]["notes"])
    )


@pytest.mark.parametrize(
    "question",
    [
        "What were Target's capital expenditures in fiscal 2023?",
        "What were the capital expenditures of Target in fiscal 2023?",
        "Does Target report capital expenditures for fiscal 2023?",
    ],
)
def test_a_company_the_documents_write_as_a_common_word_is_still_absent(run_cli, make_pdf, question):
    # The filing writes "target" twice in lower case; the question asks about Target the company (its
    # owner or actor), so its absence stands: Acme's capital expenditures are not Target's.
    lines = [
        "ACME met its target leverage ratio.",
        "The target allocation of plan assets did not change.",
        "Capital expenditures were $140 million in fiscal 2023.",
    ]
    folder = make_pdf("w/acme_2023_10k.pdf", [sec_cover(ACME, "For the fiscal year ended December 31, 2023"), lines])
    _, data = context_json(run_cli, question, folder.parent)
    assert data["routing"]["status"] == "ok", data["routing"]
    assert any(n.startswith("Target is not the issuer of the document") for n in data["routing"]["notes"])
    assert not any("as a word" in n for n in data["routing"]["notes"])


def test_a_trading_symbol_names_its_issuer(run_cli, filings, make_pdf):
    make_pdf(
        "filings/globex_q4_release.pdf",
        [
            [
                "Globex Corporation (NYSE: GBX) today announced results for the fourth quarter and full year 2023.",
                "Net revenue was $2,100 million in fiscal 2023.",
            ]
        ],
    )
    code, out, _ = run_cli("ingest", filings / "globex_q4_release.pdf", "--json")
    assert json.loads(out)["documents"][0]["profile"]["ticker"]["value"] == "GBX"
    _, data = context_json(run_cli, "What was GBX's net revenue in fiscal 2023?", filings)
    assert sorted(data["routing"]["routed"]) == ["globex_2023_10k", "globex_q4_release"]  # the issuer's documents
    assert decisions_of(data)["acme_2023_10k"]["cause"] == "issuer"


def test_an_acronym_is_a_name_even_when_pdf_text_splits_it_off_a_word(run_cli, make_pdf):
    lines = ["Pa ge 2 of the report", "Pa ge 3 of the report", "Capital expenditures were $140 million in fiscal 2023."]
    folder = make_pdf("ge/acme_2023_10k.pdf", [sec_cover(ACME, "For the fiscal year ended December 31, 2023"), lines])
    _, data = context_json(run_cli, "What were GE's capital expenditures in fiscal 2023?", folder.parent)
    assert any(n.startswith("GE is not the issuer of the document") for n in data["routing"]["notes"])


def test_one_rare_word_makes_a_document_relevant(run_cli, filings, corpus_pdf):
    shutil.copy(corpus_pdf, filings / "northwind.pdf")
    question = "What does it say about zebra xylophone quasar marmalade trombone reno?"
    _, data = context_json(run_cli, question, filings)
    assert data["routing"]["status"] == "ok" and data["routing"]["routed"] == ["northwind"]


def test_headings_and_first_pages_weigh_in_the_document_score(run_cli, make_pdf, monkeypatch):
    monkeypatch.setenv("DOCINTEL_ROUTE_MAX_DOCUMENTS", "1")
    filler = ["The company sells tools and parts.", "It serves customers in many regions."]
    make_pdf("h/a_body.pdf", [filler, filler, [*filler, "Warranty coverage lasts two years."]])
    folder = make_pdf("h/b_head.pdf", [[*filler, "Warranty coverage lasts two years."], filler, filler]).parent
    _, data = context_json(run_cli, "How long does warranty coverage last?", folder)
    assert data["routing"]["routed"] == ["b_head"]  # the same words, but on its first page


def test_a_company_only_written_about_is_searched_where_it_is_written(run_cli, filings, make_pdf):
    lines = [f"Initech supplied part {i} to the plant." for i in range(20)]
    make_pdf("filings/supplier_review.pdf", [["Supplier review"], lines])
    _, data = context_json(run_cli, "What did Initech's supply record look like?", filings)
    assert data["routing"]["routed"] == ["supplier_review"]
    assert any(n.startswith("no document of these 5 documents is by Initech") for n in data["routing"]["notes"])
    assert {d["cause"] for d in data["routing"]["decisions"] if d["doc"] != "supplier_review"} == {"absent"}


def test_a_document_far_below_the_best_is_left_out(run_cli, filings, corpus_pdf):
    shutil.copy(corpus_pdf, filings / "northwind.pdf")
    _, data = context_json(run_cli, "What is the refund window for the year?", filings)
    assert data["routing"]["routed"] == ["northwind"]
    ranked_out = [d for d in data["routing"]["decisions"] if d["cause"] == "rank"]
    assert ranked_out and all("of the best document's" in d["reason"] for d in ranked_out)


def test_a_defined_term_that_holds_the_company_name_is_no_mention_of_it(run_cli, make_pdf):
    # The filing writes "Target" on more lines than a document about a company would, but only inside longer
    # capitalised terms ("the Chinese Target Company", "Target Shares"): no document is about Target.
    terms = [f"Under agreement {i}, the Chinese Target Company issued Target Shares to the JV." for i in range(20)]
    lines = [*terms, "Capital expenditures were $140 million in fiscal 2023."]
    folder = make_pdf("d/acme_2023_10k.pdf", [sec_cover(ACME, "For the fiscal year ended December 31, 2023"), lines])
    _, data = context_json(run_cli, "What were Target's capital expenditures in fiscal 2023?", folder.parent)
    assert any(n.startswith("Target is not the issuer of the document") for n in data["routing"]["notes"])
    # written as a name of its own, it still counts: a document about Target is searched
    named = [f"Target opened store {i} and Target Corporation leased it." for i in range(20)]
    make_pdf("d/retail_review.pdf", [["Retail review"], [*named, "Capital expenditures were $3 billion."]])
    _, data = context_json(run_cli, "What were Target's capital expenditures in fiscal 2023?", folder.parent)
    assert data["routing"]["status"] == "ok" and data["routing"]["routed"] == ["retail_review"]


def test_the_companys_name_written_possessive_is_never_a_part_of_the_company(run_cli, make_pdf):
    # 'Lumen Beauty's net sales': the filing calls itself Lumen Cosmetics; 'beauty' is the company, not a segment
    lines = ["Lumen net sales for fiscal 2023", "Net sales were $1,200 million in fiscal 2023."]
    pdf = make_pdf(
        "lumen_2023_10k.pdf", [sec_cover("LUMEN COSMETICS INC.", "For the fiscal year ended December 31, 2023"), lines]
    )
    code, out, err = run_cli("ask", "What were Lumen Beauty's net sales in fiscal 2023?", pdf, "--json")
    answer = json.loads(out)
    assert code == 0 and answer["status"] == "supported", answer["verification"]["items"]


def test_one_document_that_writes_a_name_often_is_said_plainly(run_cli, make_pdf):
    lines = [f"Initech sold {i} widgets to Acme in fiscal 2023." for i in range(20)]
    pdf = make_pdf("acme_2023_10k.pdf", [sec_cover(ACME, "For the fiscal year ended December 31, 2023"), lines])
    _, data = context_json(run_cli, "How many widgets did Initech buy in fiscal 2023?", pdf)
    note = (
        "Initech is not this document's issuer; it writes Initech on 20 lines (a part of the company, a product or a "
    )
    assert any(n.startswith(note) for n in data["routing"]["notes"]), data["routing"]["notes"]


@needs_shared
def test_a_shared_filing_named_is_searched_whatever_its_company_is_called(run_cli):
    # a release whose issuer the question calls by a product line, and a 10-Q of a June fiscal year
    release = FINANCEBENCH / "pdfs" / "JOHNSON_JOHNSON_2022Q4_EARNINGS.pdf"
    _, data = context_json(run_cli, "What were Skincare's worldwide sales in 2022?", release)
    assert data["routing"]["routed"] == ["JOHNSON_JOHNSON_2022Q4_EARNINGS"] and data["sources"]
    assert any(
        n.startswith("Skincare is not the issuer of the document (Johnson & Johnson)") for n in data["routing"]["notes"]
    )
    code, out, _ = run_cli("ingest", FINANCEBENCH / "pdfs" / "AMCOR_2023Q2_10Q.pdf", "--json")
    profile = json.loads(out)["documents"][0]["profile"]
    assert (profile["fiscal_year"]["value"], profile["quarter"]["value"]) == ("2023", "2")  # as the filing states
