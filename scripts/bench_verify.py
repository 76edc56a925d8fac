"""Benchmark the verifier on FinanceBench gold evidence.

Every line of every gold ``evidence_text`` is cited as a quote of its page (the filing's line
table at ``evidence_page_num + 1``). Prints the share accepted (target >= 0.98), then the same
quotes with one number changed or a negation flipped: the share wrongly accepted (target 0).

Usage: python -m scripts.bench_verify [--questions FILE] [--pdfs DIR] [--show-rejected]
"""

from __future__ import annotations

import re

from docintel.answer import TextAnswer
from docintel.context import Budget, Context, ContextLine, Source
from docintel.pipeline import Pipeline
from docintel.settings import load_settings
from docintel.textnorm import squash
from docintel.verify import verify_answer
from scripts import benchdata

_NEGATABLE = re.compile(r"\b(is|are|was|were|does|did|has|have|will|can|may)\b", re.I)


def mutate_number(quote: str) -> str | None:
    """The quote with the last digit of its first number changed, or None when it has no number."""
    match = re.search(r"\d", quote)
    if not match:
        return None
    digit = quote[match.start()]
    return quote[: match.start()] + str((int(digit) + 1) % 10) + quote[match.start() + 1 :]


def flip_negation(quote: str) -> str | None:
    """The quote with a negation added or removed, or None when there is nothing to negate."""
    if re.search(r"\bnot\b", quote, re.I):
        return re.sub(r"\s*\bnot\b", "", quote, count=1, flags=re.I)
    match = _NEGATABLE.search(quote)
    if not match:
        return None
    return quote[: match.end()] + " not" + quote[match.end() :]


def _occurs(quote: str, page_text: str) -> bool:
    """Whether the quote is printed on the page (whitespace collapsed, case folded, numbers whole)."""
    tidy = lambda text: re.sub(r"\s+\)", ")", re.sub(r"\(\s+", "(", text))  # noqa: E731
    needle = tidy(" ".join(quote.split()).casefold())
    before = r"(?<![\d.,])" if needle[:1].isdigit() else ""
    after = r"(?!\d)" if needle[-1:].isdigit() else ""
    return re.search(before + re.escape(needle) + after, tidy(page_text)) is not None


def page_context(document, page: int) -> tuple[Context, int, int]:
    """A context holding exactly one page of *document*, and the page's first and last GLOBAL_LINE."""
    rows = document.lines[document.lines["page"] == page]
    lines = [
        ContextLine(
            global_line=int(r.global_line), page=int(r.page), line_in_page=int(r.line_in_page), text=str(r.text)
        )
        for r in rows.itertuples()
    ]
    source = Source(
        doc=document.meta.doc_id,
        title=document.meta.title,
        heading_path=[],
        pages=[page],
        chars=0,
        whole_document=False,
        lines=lines,
    )
    context = Context(
        status="ok",
        status_detail="page",
        rendered="",
        sources=[source],
        decisions=[],
        budget=Budget(budget_chars=0, used_chars=0, remaining_chars=0, estimated_tokens=0),
        notes=[],
    )
    return context, lines[0].global_line if lines else 1, lines[-1].global_line if lines else 1


def verdicts(quotes: list[str], document, context: Context, first: int, last: int) -> list[str]:
    """The verifier's verdict for each quote cited against lines first..last."""
    answer = TextAnswer(
        answer_type="text",
        answer_found=True,
        complete_answer_found=True,
        conflicting_evidence=False,
        context_structured=True,
        caveats=[],
        items=[
            {"text": "q", "spans": [{"doc": None, "line_start": first, "line_end": last, "quote": q} for q in quotes]}
        ],
    )
    return [s.verdict for s in verify_answer(answer, context, [document]).spans]


def main() -> None:
    parser = benchdata.parser(__doc__.splitlines()[0])
    parser.add_argument("--show-rejected", action="store_true")
    args = parser.parse_args()
    questions = benchdata.load_records(args.questions)
    pipeline = Pipeline(load_settings())
    docs = {
        d.meta.doc_id: d
        for d in pipeline.ingest(sorted({args.pdfs / f"{q['doc_name']}.pdf" for q in questions})).documents
    }
    accepted = total = wrong = mutated = coincidences = 0
    for q in questions:
        for evidence in q["evidence"]:
            document = docs.get(evidence.get("evidence_doc_name") or q["doc_name"]) or docs[q["doc_name"]]
            context, first, last = page_context(document, int(evidence["evidence_page_num"]) + 1)
            quotes = [line.strip() for line in evidence["evidence_text"].splitlines() if len(squash(line)) >= 4]
            results = verdicts(quotes, document, context, first, last) if quotes else []
            total += len(quotes)
            accepted += results.count("verified")
            if args.show_rejected:
                for quote, verdict in zip(quotes, results, strict=True):
                    if verdict != "verified":
                        print(
                            f"REJECTED {q['financebench_id']} p{int(evidence['evidence_page_num']) + 1} "
                            f"{verdict}: {quote[:100]!r}"
                        )
            page_text = (
                " "
                + " ".join(" ".join(line.text.split()) for s in context.sources for line in s.lines).casefold()
                + " "
            )
            altered = [
                m
                for quote in quotes
                for m in (mutate_number(quote), flip_negation(quote))
                if m and squash(m) != squash(quote)
            ]
            # A mutation printed elsewhere on the page (a bare '(35)' in a table) is not a fabrication.
            coincidences += sum(1 for m in altered if _occurs(m, page_text))
            altered = [m for m in altered if not _occurs(m, page_text)]
            mutated += len(altered)
            altered_verdicts = verdicts(altered, document, context, first, last) if altered else []
            wrong += altered_verdicts.count("verified")
            if args.show_rejected:
                for quote, verdict in zip(altered, altered_verdicts, strict=True):
                    if verdict == "verified":
                        print(f"WRONGLY ACCEPTED {q['financebench_id']}: {quote[:100]!r}")
    print(f"gold evidence quotes        : {total}")
    print(f"accepted                    : {accepted / total:.4f}  ({accepted}/{total})   target >= 0.98")
    print(
        f"altered quotes (number/neg) : {mutated}  (+{coincidences} that happen to be printed on the page, not counted)"
    )
    print(f"wrongly accepted            : {wrong / max(mutated, 1):.4f}  ({wrong}/{mutated})   target 0")


if __name__ == "__main__":
    main()
