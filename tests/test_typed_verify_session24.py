"""Session 24: what the last session's stop check, blind red team round 52 and a new user found supported wrongly.

- 'Where is Contoso headquartered?' is not answered by a sentence that places a subsidiary's headquarters ('the
  headquarters for Fabrikam Bank in Sandy, Utah'), an acquired company's ('Northwind, headquartered in Zurich') or
  the company's other sites ('Other owned or leased principal locations include ...'), nor by one that says no seat
  at all; 'Our principal executive offices are ... in lower Manhattan' answers it, found by the reader's word."""

from __future__ import annotations

import json

import pytest

from tests.test_values import answer, assert_scripted, span

COVER = [
    "FORM 10-K",
    "CONTOSO INC.",
    "(Exact name of registrant as specified in its charter)",
    "1 Contoso Plaza",
    "Springfield, Illinois 62701",
    "(Address of principal executive offices) (Zip Code)",
]
PROPERTIES = [
    "Properties",
    "Our principal executive offices are in a 2.2 million square foot building located in lower Manhattan, leased.",
    "Other owned or leased principal locations include Contoso offices in Phoenix, Arizona, and data centers in",
    "Greensboro, North Carolina; the headquarters for Fabrikam Bank in Sandy, Utah; and the headquarters for Contoso",
    "Europe Limited in London, England. We also lease travel lounges in major airports.",
    "In September 2016, Contoso acquired all of the shares of Northwind, headquartered in Zurich, Switzerland.",
    "Each of the officers listed above has held an office with the company for at least five years, in Springfield.",
    "We are based in Springfield, Illinois, where we were founded.",
    "The headquarters for Fabrikam Bank is in Sandy, Utah; it is a subsidiary of the company.",
]


@pytest.mark.parametrize(
    ("question", "line", "quote", "supported", "reason"),
    [
        ("Where is Contoso headquartered?", 2, PROPERTIES[1], True, ""),
        ("Where is Contoso headquartered?", 4, "the headquarters for Fabrikam Bank in Sandy, Utah", False, "Fabrikam"),
        ("Where is Contoso headquartered?", 3, PROPERTIES[2], False, "other sites"),
        ("Where are Contoso's headquarters located?", 6, PROPERTIES[5], False, "Northwind"),
        ("Where is the company headquartered?", 7, PROPERTIES[6], False, "nothing of where"),
        ("Where is Contoso based?", 8, PROPERTIES[7], True, ""),
        ("Where is Contoso headquartered?", 9, PROPERTIES[8], False, "Fabrikam"),  # a subsidiary's seat
        ("Where is Fabrikam Bank headquartered?", 9, PROPERTIES[8], True, ""),  # the subsidiary asked: its own seat
        ("Where are Contoso's data centers located?", 3, PROPERTIES[2], True, ""),  # not the company's seat asked
    ],
)
def test_a_seat_asked_is_the_company_s_own(run_cli, fake_openai, make_pdf, question, line, quote, supported, reason):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, PROPERTIES])
    scripted = answer("text", {"text": quote, "spans": [span(len(COVER) + line, quote)]})
    assert_scripted(run_cli, fake_openai, pdf, question, scripted, supported, reason)


def test_a_cover_page_address_answers_where_the_company_is(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, PROPERTIES])
    cited = [span(4, COVER[3]), span(6, COVER[5])]  # the label says what the address is
    scripted = answer("text", {"text": "1 Contoso Plaza", "spans": cited})
    assert_scripted(run_cli, fake_openai, pdf, "Where is Contoso headquartered?", scripted, True)


def test_a_form_label_alone_names_no_place(run_cli, fake_openai, make_pdf):
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, PROPERTIES])
    scripted = answer("text", {"text": COVER[5], "spans": [span(6, COVER[5])]})
    assert_scripted(run_cli, fake_openai, pdf, "Where is Contoso headquartered?", scripted, False, "no place")


def test_offline_headquarters_are_found_by_the_filing_s_words(run_cli, make_pdf):
    """'headquartered' is searched as 'principal executive offices' (the Form 10-K cover's words), and the
    subsidiary's headquarters are not shown as the company's."""
    pdf = make_pdf("contoso-2022-10k.pdf", [COVER, PROPERTIES[:5]])
    code, out, err = run_cli("ask", "Where is Contoso headquartered?", pdf, "--json", "--backend", "extractive")
    data = json.loads(out)
    texts = [item["text"] for item in data["answer"]["items"]]
    assert data["status"] == "supported", data["verification"]
    assert any("lower Manhattan" in t for t in texts) and not any("Fabrikam" in t for t in texts), texts
