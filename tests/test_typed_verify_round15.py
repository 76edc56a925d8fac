"""Rules from red team round 15 (a helper blind to verify/), scripted through the local OpenAI-compatible server:
a yes/no about an entity the question names beside the issuer ('Delta Growth Properties' Operating Partnership')
is not decided by quotes that never name it; quotes drawn from places far apart are each read with their own
paragraph ('We elected to early adopt the new guidance' is about the guidance its paragraph names, not the lease
standard a quote further on names); an N-for-one split gives N - 1 additional shares per share."""

from __future__ import annotations

import pytest

from tests.test_typed_verify import assert_cited_lines, field, verdict
from tests.test_values import answer, span

FILLER = "The Company's significant accounting policies are described in this note and applied consistently."
PAGES = [
    ["Delta Foods Inc.", "Annual report on Form 10-K for the fiscal year ended June 30, 2016"],
    [
        "In November 2015, the FASB issued guidance on the balance sheet classification of deferred taxes.",
        "We elected to early adopt the new guidance in the fourth quarter of fiscal year 2016, retrospectively.",
        *[FILLER] * 8,
        "Recent Accounting Guidance Not Yet Adopted",
        "In February 2016, the FASB issued a new standard related to leases, effective for fiscal year 2020.",
    ],
    [
        "In April 2020, the Company amended its credit facility to provide relief from the effects of the pandemic.",
        "The amendment provides the Company a waiver of the financial maintenance covenants through June 30, 2021.",
    ],
    [
        "The Operating Partnership of Gamma Realty amended its senior credit facility in May 2020.",
        "The amendment provides a waiver of the financial maintenance covenants through June 30, 2021.",
    ],
    ["In June 2016, the Board declared a seven-for-one stock split in the form of a stock dividend, paid July 14."],
    [
        "In February 2020, the Board authorized a share buyback program to repurchase up to 100 million shares.",
        "During the years ended December 31, 2022 and 2021, Delta Foods did not repurchase any shares of its stock.",
    ],
]
DEFERRED = (3, PAGES[1][0])
ADOPTED = (4, PAGES[1][1])
LEASES = (14, PAGES[1][11])
AMENDED = (15, PAGES[2][0])
WAIVER = (16, PAGES[2][1])
NAMED_AMENDED = (17, PAGES[3][0])
NAMED_WAIVER = (18, PAGES[3][1])
SPLIT = (19, PAGES[4][0])
AUTHORIZED = (20, PAGES[5][0])
NONE_BOUGHT = (21, PAGES[5][1])


@pytest.fixture
def filing(make_pdf):
    return make_pdf("delta-foods-2016.pdf", PAGES)


def test_the_lines_the_tests_cite_are_where_they_say(run_cli, filing):
    assert_cited_lines(
        run_cli, filing, (DEFERRED, ADOPTED, LEASES, AMENDED, WAIVER, NAMED_AMENDED, NAMED_WAIVER, SPLIT)
    )


def _yes(run_cli, fake_openai, filing, question, *cited):
    reply = answer("boolean", {"value": True, "explanation": "Yes.", "spans": [span(*c) for c in cited]})
    return verdict(run_cli, fake_openai, filing, question, reply)


@pytest.mark.parametrize(
    ("question", "cited", "kept"),
    [
        (
            "Had Delta Foods adopted the FASB's new lease standard by the end of fiscal year 2016?",
            (LEASES, ADOPTED),
            False,
        ),
        (
            "Had Delta Foods adopted the FASB guidance on the balance sheet classification of deferred taxes by the "
            "end of fiscal year 2016?",
            (DEFERRED, ADOPTED),
            True,
        ),
    ],
)
def test_far_apart_quotes_are_each_read_with_their_own_paragraph(run_cli, fake_openai, filing, question, cited, kept):
    status, check = _yes(run_cli, fake_openai, filing, question, *cited)
    about = [f for f in check["fields"] if f["field"] == "about"]
    assert (not about) == kept, check["fields"]
    if not kept:
        assert status != "supported" and "lease" in about[0]["detail"], about


@pytest.mark.parametrize(
    ("who", "kept"), [("Delta Growth Properties' Operating Partnership", False), ("Delta Foods", True)]
)
def test_an_entity_the_question_names_is_named_by_its_quotes(run_cli, fake_openai, filing, who, kept):
    question = f"Did {who} receive a waiver of the financial maintenance covenants under its credit facility in 2020?"
    status, check = _yes(run_cli, fake_openai, filing, question, AMENDED, WAIVER)
    about = [f for f in check["fields"] if f["field"] == "about"]
    assert (not about) == kept, check["fields"]
    if not kept:
        assert status != "supported" and field(check, "about")["verdict"] == "unknown"


def test_an_entity_named_in_the_quotes_paragraph_is_named(run_cli, fake_openai, filing):
    question = (
        "Did Gamma Realty's Operating Partnership receive a waiver of its financial maintenance covenants in 2020?"
    )
    _, check = _yes(run_cli, fake_openai, filing, question, NAMED_WAIVER)
    assert all(f["field"] != "about" for f in check["fields"]), check["fields"]


@pytest.mark.parametrize(("added", "verdict_"), [("six", "supported"), ("seven", "mismatch")])
def test_an_n_for_one_split_gives_n_minus_one_additional_shares(run_cli, fake_openai, filing, added, verdict_):
    question = "What did a Delta Foods shareholder receive for each share held in the July 2016 stock split?"
    text = f"Each shareholder received {added} additional shares for every share held."
    reply = answer("text", {"text": text, "spans": [span(*SPLIT)]})
    status, check = verdict(run_cli, fake_openai, filing, question, reply)
    assert field(check, "claim")["verdict"] == verdict_, check["fields"]
    assert (status == "supported") is False or verdict_ == "supported"


@pytest.mark.parametrize(("value", "kept"), [(True, False), (False, True)])
def test_a_quote_about_another_year_affirms_nothing_for_the_year_asked(run_cli, fake_openai, filing, value, kept):
    """Red team round 16: a 2020 authorization beside 'did not repurchase ... in 2022' is no yes for 2022."""
    question = "Did Delta Foods repurchase any shares under its share buyback program in 2022?"
    item = {"value": value, "explanation": "From the quotes.", "spans": [span(*AUTHORIZED), span(*NONE_BOUGHT)]}
    _, check = verdict(run_cli, fake_openai, filing, question, answer("boolean", item))
    assert (field(check, "polarity")["verdict"] == "supported") == kept, check["fields"]
