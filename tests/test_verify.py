"""The citation verifier: every verdict, and the normalisations it allows (and no more)."""

from __future__ import annotations

import pytest

from docintel.answer.contract import TextAnswer
from docintel.context.pack import pack_context
from docintel.ingest.documents import Ingestor
from docintel.question.parse import parse_question
from docintel.retrieval.search import retrieve
from docintel.settings import load_settings
from docintel.verify.verifier import verify_answer


@pytest.fixture
def setup(make_pdf):
    lines = [
        "The financial statements were audited on March 3, 2025.",
        "Revenue was $1,284.6\u00a0million in fiscal 2025.",  # nbsp
        "Management said \u201cgrowth will continue\u201d next year.",  # curly quotes
        "The board approved a long-term invest-",  # hyphenated across lines
        "ment plan for the northern region.",
        "Net income was 109.8 million.",
        "The policy does not cover used equipment.",
    ]
    other = [f"Unrelated filler line number {i} about the weather." for i in range(40)]
    path = make_pdf("v.pdf", [lines, other])
    settings = load_settings({"budget_chars": 1200})
    docs = Ingestor(settings).ingest([path]).documents
    retrieval = retrieve(parse_question("revenue net income policy audited growth investment board"), docs, settings)
    context = pack_context(retrieval, docs, settings)
    return docs, context


def check(setup, *spans):
    docs, context = setup
    answer = TextAnswer(
        answer_type="text",
        answer_found=True,
        complete_answer_found=True,
        conflicting_evidence=False,
        context_structured=True,
        caveats=[],
        items=[
            {
                "text": "x",
                "spans": [dict(zip(("doc", "line_start", "line_end", "quote"), s, strict=True)) for s in spans],
            }
        ],
    )
    return verify_answer(answer, context, docs)


def verdict(setup, doc, start, end, quote):
    return check(setup, (doc, start, end, quote)).spans[0]


def test_verified_with_normalisations(setup):
    assert verdict(setup, None, 1, 1, "The \ufb01nancial statements were audited").verdict == "verified"  # ligature
    assert verdict(setup, "v", 2, 2, "Revenue was $1,284.6 million in \ufb01scal 2025").verdict == "verified"
    assert verdict(setup, None, 3, 3, 'Management said "growth will continue"').verdict == "verified"
    assert verdict(setup, None, 4, 5, "a long-term investment plan").verdict == "verified"
    assert verdict(setup, None, 4, 5, "a long-term invest- ment plan").verdict == "verified"
    assert verdict(setup, None, 6, 6, "NET   INCOME was\n109.8 million").verdict == "verified"


def test_changed_number_or_flipped_negation_is_not_accepted(setup):
    assert verdict(setup, None, 6, 6, "Net income was 109.9 million.").verdict == "quote_not_found"
    assert verdict(setup, None, 7, 7, "The policy does cover used equipment.").verdict == "quote_not_found"


def test_wrong_lines_names_the_right_ones(setup):
    v = verdict(setup, None, 1, 1, "Net income was 109.8 million.")
    assert v.verdict == "wrong_lines" and (v.found_line_start, v.found_line_end) == (6, 6)
    assert "lines 6-6" in v.detail


def test_out_of_range_not_in_context_unknown_document(setup):
    docs, context = setup
    n = docs[0].meta.n_lines
    assert verdict(setup, None, n + 5, n + 6, "anything").verdict == "out_of_range"
    unsent = max(context.sent_lines()["v"]) + 3
    v = verdict(setup, None, unsent, unsent, "Unrelated filler line number")
    assert v.verdict == "not_in_context"
    assert verdict(setup, "no-such-doc", 1, 1, "The financial statements").verdict == "unknown_document"


def test_empty_quote_and_overall_status(setup):
    result = check(setup, (None, 6, 6, "Net income was 109.8 million."), (None, 6, 6, "   "))
    assert [s.verdict for s in result.spans] == ["verified", "quote_not_found"]
    assert result.status == "failed" and result.verified == 1 and result.failed == 1
    assert check(setup, (None, 6, 6, "Net income was 109.8 million.")).status == "verified"


def test_uncited_item_is_not_verified(setup):
    docs, context = setup
    answer = TextAnswer(
        answer_type="text",
        answer_found=True,
        complete_answer_found=True,
        conflicting_evidence=False,
        context_structured=True,
        caveats=[],
        items=[{"text": "unsupported claim", "spans": []}],
    )
    assert verify_answer(answer, context, docs).status == "no_citations"
