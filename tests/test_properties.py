"""Property-based tests (Hypothesis) of number parsing, the quote normaliser and the verifier.

- a number written the way filings write it is read back as its value;
- normalisation never joins two numbers that whitespace keeps apart;
- a quote cut from the evidence on word boundaries is always verified at its lines;
- a quote with one digit of a number changed is never verified (unless the changed number is
  itself in the cited lines).
"""

from __future__ import annotations

import re

import pandas as pd
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from docintel.answer.contract import TextAnswer
from docintel.apps.scoring import parse_numbers
from docintel.context.pack import Budget, Context, ContextLine, Source
from docintel.ingest.documents import LINE_COLUMNS, Document, DocumentMeta
from docintel.textnorm import squash
from docintel.verify.verifier import verify_answer

FAST = settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

amounts = st.integers(min_value=0, max_value=10**12)
cents = st.integers(min_value=0, max_value=99)
spaces = st.sampled_from([" ", "  ", "\n", "\t", "\u00a0", "\u2009", " \n "])


def grouped(n: int) -> str:
    return f"{n:,}"


# --------------------------------------------------------------------------- numbers


@FAST
@given(amounts, cents)
def test_numbers_as_filings_write_them_are_read_back(n, c):
    assert float(n) in parse_numbers(f"Revenue {grouped(n)} in fiscal 2024")
    assert -float(n) in parse_numbers(f"Net loss ({grouped(n)})")
    assert float(f"{n}.{c:02d}") in parse_numbers(f"Total ${grouped(n)}.{c:02d} due")
    assert float(f"{n % 1000}.{c}") in parse_numbers(f"Margin {n % 1000}.{c}% of sales")


@FAST
@given(amounts, amounts, spaces)
def test_numbers_kept_apart_by_whitespace_are_read_apart(a, b, gap):
    values = parse_numbers(f"{grouped(a)}{gap}{grouped(b)}")
    assert float(a) in values and float(b) in values


# --------------------------------------------------------------------------- the normaliser


@FAST
@given(amounts, amounts, spaces)
def test_normalisation_never_joins_two_numbers(a, b, gap):
    for left, right in ((grouped(a), grouped(b)), (str(a), str(b)), (f"({grouped(a)})", f"${grouped(b)}")):
        apart = squash(f"{left}{gap}{right}")
        assert apart != squash(left + right)
        assert squash(left + right) not in apart


# --------------------------------------------------------------------------- the verifier

words = st.one_of(
    st.sampled_from(
        [
            "revenue",
            "net",
            "income",
            "was",
            "the",
            "company's",
            "fiscal",
            "Total",
            "cash",
            "“growth”",
            "long-term",
            "U.S.",
            "per",
            "share",
            "—",
            "$",
        ]
    ),
    amounts.map(grouped),
    st.builds(lambda n, c: f"{n:,}.{c:02d}", amounts, cents),
    amounts.map(lambda n: f"({grouped(n)})"),
)
lines_strategy = st.lists(st.lists(words, min_size=1, max_size=10).map(" ".join), min_size=1, max_size=12)


def build(lines: list[str]) -> tuple[list[Document], Context]:
    """A one-page document of *lines*, all of them sent as context."""
    n = len(lines)
    table = pd.DataFrame(
        {
            "doc_id": ["doc"] * n,
            "page": [1] * n,
            "line_in_page": list(range(1, n + 1)),
            "global_line": list(range(1, n + 1)),
            "text": lines,
        },
        columns=LINE_COLUMNS,
    )
    meta = DocumentMeta(
        doc_id="doc",
        path="doc.pdf",
        content_hash="0" * 64,
        extractor_version="test",
        title="doc",
        n_pages=1,
        n_lines=n,
        page_labels=None,
        outline=[],
        warnings=[],
    )
    source = Source(
        doc="doc",
        title="doc",
        heading_path=[],
        pages=[1],
        chars=0,
        whole_document=True,
        lines=[ContextLine(global_line=i + 1, page=1, line_in_page=i + 1, text=t) for i, t in enumerate(lines)],
    )
    context = Context(
        status="ok",
        status_detail="ok",
        rendered="",
        sources=[source],
        decisions=[],
        budget=Budget(budget_chars=12000, used_chars=0, remaining_chars=12000, estimated_tokens=0),
        notes=[],
    )
    return [Document(meta=meta, lines=table)], context


def verdict(lines: list[str], start: int, end: int, quote: str) -> str:
    documents, context = build(lines)
    answer = TextAnswer(
        answer_type="text",
        answer_found=True,
        complete_answer_found=True,
        conflicting_evidence=False,
        context_structured=True,
        caveats=[],
        items=[{"text": "x", "spans": [{"doc": "doc", "line_start": start, "line_end": end, "quote": quote}]}],
    )
    return verify_answer(answer, context, documents).spans[0].verdict


@FAST
@given(lines_strategy, st.data())
def test_a_quote_cut_from_the_evidence_is_verified_at_its_lines(lines, data):
    first = data.draw(st.integers(0, len(lines) - 1))
    last = data.draw(st.integers(first, min(first + 2, len(lines) - 1)))
    head, tail = lines[first].split(" "), lines[last].split(" ")
    start_word = data.draw(st.integers(0, len(head) - 1))
    end_word = data.draw(st.integers(0 if last > first else start_word, len(tail) - 1))
    if first == last:
        quote = " ".join(head[start_word : end_word + 1])
    else:
        quote = " ".join(
            [
                *head[start_word:],
                *[w for line in lines[first + 1 : last] for w in line.split(" ")],
                *tail[: end_word + 1],
            ]
        )
    assume(squash(quote))
    assert verdict(lines, first + 1, last + 1, quote) == "verified"


@FAST
@given(lines_strategy, st.data())
def test_a_quote_with_one_digit_changed_is_never_verified(lines, data):
    index = data.draw(st.integers(0, len(lines) - 1))
    numbers = list(re.finditer(r"\d[\d,]*(?:\.\d+)?", lines[index]))
    assume(numbers)
    number = data.draw(st.sampled_from(numbers))
    digits = [i for i in range(number.start(), number.end()) if lines[index][i].isdigit()]
    position = data.draw(st.sampled_from(digits))
    new_digit = data.draw(st.sampled_from([d for d in "0123456789" if d != lines[index][position]]))
    changed = number.group()[: position - number.start()] + new_digit + number.group()[position - number.start() + 1 :]
    # the changed number may legitimately be elsewhere in the line: then quoting it is right
    assume(not re.search(rf"(?<![\d,.]){re.escape(changed)}(?![\d]|[.,]\d)", lines[index]))
    assert verdict(lines, index + 1, index + 1, changed) != "verified"
    quote = lines[index][: number.start()] + changed + lines[index][number.end() :]
    assert verdict(lines, index + 1, index + 1, quote) != "verified"
