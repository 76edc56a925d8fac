"""Session 18: the who-questions a fresh-eyes review found supported wrongly (tests/data/session18_cases.jsonl):

- 'Who signed ... as Principal Financial Officer?' was supported by any '/s/' quote: a signature page read in two
  columns prints the signatures first and the capacities after, and they pair in order (the registrant's own 'By:
  /s/' signature above the list aside);
- 'Who controls Swoosh, LLC?' was supported by a quote saying 'controlled' of another person than the answer named
  ('Swoosh, LLC was formed by Philip H. Knight ... Swoosh, LLC is controlled by Mr. Knight's son');
- 'Who is Corning's chief operating officer?' was supported by a career history's 'He became Corning's president and
  chief operation officer in April 2002', whose paragraph goes on 'He was named chief executive officer in April
  2005'."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import needs_shared
from tests.test_typed_verify_review36 import assert_case_holds
from tests.test_values import answer, span
from tests.test_values import ask as ask_model

SIGNATURES = [
    "SIGNATURES",
    "Pursuant to the requirements of the Securities Exchange Act of 1934, the Registrant has duly caused this report",
    "Contoso Corporation",
    "Date: February 12, 2024 By: /s/ Ada Lovelace",
    "Ada Lovelace",
    "Chair and Chief Executive Officer",
    "Pursuant to the requirements of the Securities Exchange Act of 1934, this report has been signed below.",
    "/s/ Ada Lovelace",
    "/s/ Grace Hopper",
    "/s/ Alan Turing",
    "/s/ Edsger Dijkstra",
    "Chair and Chief Executive Officer",
    "(Principal Executive Officer)",
    "Executive Vice President and Chief Financial Officer",
    "(Principal Financial Officer)",
    "Vice President and Controller",
    "(Principal Accounting Officer)",
    "Director",
]
SIGNED_AS = "Who signed Contoso's 2023 Form 10-K as Principal Financial Officer?"


@pytest.mark.parametrize(
    ("signer", "line", "supported"),
    [("Grace Hopper", 9, True), ("Alan Turing", 10, False), ("Ada Lovelace", 8, False)],
)
def test_a_signature_page_in_two_columns_pairs_signatures_with_capacities_in_order(
    run_cli, fake_openai, make_pdf, signer, line, supported
):
    pdf = make_pdf("contoso-2023-10k.pdf", [SIGNATURES])
    quotes = [span(line, f"/s/ {signer}"), span(15, "(Principal Financial Officer)")]
    fake_openai.push_answer(
        answer("text", {"text": f"{signer} signed as Principal Financial Officer.", "spans": quotes})
    )
    _, data, _ = ask_model(run_cli, SIGNED_AS, pdf)
    assert (data["status"] == "supported") is supported, data["verification"]
    if not supported:
        assert "pairs that capacity with 'Grace Hopper'" in json.dumps(data["verification"])


def test_a_capacity_on_the_signature_s_own_line_is_its_own(run_cli, fake_openai, make_pdf):
    lines = ["/s/ Alan Turing Vice President and Controller (Principal Accounting Officer) February 12, 2024"]
    pdf = make_pdf("contoso-2023-10k.pdf", [lines])
    fake_openai.push_answer(answer("text", {"text": "Alan Turing", "spans": [span(1, lines[0])]}))
    _, data, _ = ask_model(run_cli, "Who signed the report as Principal Accounting Officer?", pdf)
    assert data["status"] == "supported", data["verification"]
    fake_openai.push_answer(answer("text", {"text": "Alan Turing", "spans": [span(1, lines[0])]}))
    _, data, _ = ask_model(run_cli, SIGNED_AS, pdf)
    assert data["status"] != "supported", data["verification"]
    cut = [span(1, "/s/ Alan Turing")]  # the quote cut before the capacity its line prints
    fake_openai.push_answer(answer("text", {"text": "Alan Turing", "spans": cut}))
    _, data, _ = ask_model(run_cli, "Who signed the report as Principal Accounting Officer?", pdf)
    assert data["status"] == "supported", data["verification"]


OWNERSHIP = [
    "Harbor Holdings, LLC was formed by Mary Swift, our Chair Emeritus, to hold the majority of her Class A shares.",
    "Harbor Holdings, LLC is controlled by Ms. Swift's son and Contoso director, Tom Swift.",
    "Tom Swift joined the board in 2015. He controls Bay Capital, LLC.",
]


@pytest.mark.parametrize(
    ("question", "text", "lines", "supported"),
    [
        ("Who controls Harbor Holdings, LLC?", "Mary Swift, who formed Harbor Holdings, LLC.", (1, 2), False),
        ("Who controls Harbor Holdings, LLC?", "Tom Swift, Ms. Swift's son, controls it.", (2, 2), True),
        ("Who controls Bay Capital, LLC?", "Tom Swift", (3, 3), True),  # 'He controls', after his name
        ("Who controls Bay Capital, LLC?", "Mary Swift", (3, 3), False),
        ("Who controls Harbor Holdings, LLC?", "Ms. Swift", (2, 2), False),  # 'Ms. Swift's son' names the son
    ],
)
def test_a_who_question_s_verb_is_said_of_the_person_answered(
    run_cli, fake_openai, make_pdf, question, text, lines, supported
):
    pdf = make_pdf("contoso-2023-10k.pdf", [OWNERSHIP])
    quote = " ".join(OWNERSHIP[lines[0] - 1 : lines[1]])
    quote = quote.removesuffix(" and Contoso director, Tom Swift.") if text == "Ms. Swift" else quote
    quoted = {**span(lines[0], quote), "line_end": lines[1]}
    fake_openai.push_answer(answer("text", {"text": text, "spans": [quoted]}))
    _, data, _ = ask_model(run_cli, question, pdf)
    assert (data["status"] == "supported") is supported, data["verification"]
    if not supported:
        assert "of another than the answer names" in json.dumps(data["verification"])


BIOGRAPHIES = [
    "Executive Officers",
    "Ada Lovelace Chair and Chief Executive Officer",
    "Ms. Lovelace joined Contoso in 1990. She became Contoso's president and chief operating officer in April 2004.",
    "She was named chief executive officer in April 2009 and chair of the board in April 2011. Age 60.",
    "Grace Hopper President and Chief Operating Officer",
    "Ms. Hopper joined Contoso in 2001. She became president and chief operating officer in May 2019.",
    "She was elected a director of Fabrikam in 2021. Age 55.",  # a later appointment, to no office of Contoso
    "Alan Turing Senior Vice President",
    "Mr. Turing joined Contoso in 2012. He was named chief technology officer in 2022. Age 50.",
]


@pytest.mark.parametrize(
    ("text", "line", "supported"),
    [("Ada Lovelace", 3, False), ("Grace Hopper", 6, True)],
)
def test_an_appointment_the_person_s_history_goes_on_from_does_not_say_who_holds_the_office(
    run_cli, fake_openai, make_pdf, text, line, supported
):
    pdf = make_pdf("contoso-2023-10k.pdf", [BIOGRAPHIES])
    quote = BIOGRAPHIES[line - 1][BIOGRAPHIES[line - 1].index("She became") :]
    fake_openai.push_answer(answer("text", {"text": text, "spans": [span(line, quote)]}))
    _, data, _ = ask_model(run_cli, "Who is Contoso's chief operating officer?", pdf)
    assert (data["status"] == "supported") is supported, data["verification"]
    if not supported:
        assert "history goes on after the quote" in json.dumps(data["verification"])


CASES = [
    json.loads(line) for line in (Path(__file__).parent / "data" / "session18_cases.jsonl").read_text().splitlines()
]


@needs_shared
@pytest.mark.parametrize("case", CASES, ids=[c["class"] for c in CASES])
def test_the_review_s_who_cases_hold(run_cli, fake_openai, tmp_path, case):
    assert_case_holds(run_cli, fake_openai, tmp_path, case)
