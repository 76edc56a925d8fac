"""Find the quotes: every span's lines exist, were sent, and contain its quote (the first step of
``verify.verifier.verify_answer``), and the verification's result types.

Quotes are compared modulo whitespace, case, Unicode compatibility forms (ligatures,
non-breaking spaces), typographic quotes and dashes, and hyphenation at line breaks.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Literal

from pydantic import BaseModel, Field

from ..answer.contract import Span, iter_spans
from ..context.pack import Context
from ..ingest.documents import Document
from ..numbers import starts_or_ends_inside_number
from ..textnorm import NUMBER_SEPARATOR, squash
from .values import CitedSpan, ItemCheck

Verdict = Literal["verified", "wrong_lines", "not_in_context", "quote_not_found", "out_of_range", "unknown_document"]
AnswerStatus = Literal["verified", "failed", "not_found", "no_citations"]
# supported: every quote verified and every check holds (value, kind, sign, concept, period, calculation,
# relevance); unchecked: the quotes are real and no check failed, but one could not decide (a concept or
# period docintel cannot match), so the answer is not confirmed to answer the question.
# partial: every check of every item holds, but a part of the question is answered by no item.
OverallStatus = Literal[
    "supported", "partial", "unchecked", "unsupported", "citation_failed", "not_found", "no_citations"
]
SpanKey = tuple[int, str | None, int]
_ELLIPSIS = re.compile(r"\.\.\.|…")
_NUMBER_END = re.compile(r"[\d)%.,]$")  # the same edges as textnorm's number gap
_NUMBER_START = re.compile(r"[\d($-]")


class SpanVerdict(BaseModel):
    """The check of one span."""

    item: int
    field: str | None
    span: int
    doc: str | None
    line_start: int
    line_end: int
    quote: str
    verdict: Verdict
    detail: str
    pages: list[int] = Field(description="physical pages of the cited lines (when they exist)")
    printed_pages: list[str] = Field(
        default_factory=list, description="the PDF's printed page labels of those pages, if it has any"
    )
    found_doc: str | None = None
    found_line_start: int | None = None
    found_line_end: int | None = None


class Verification(BaseModel):
    """Quote verdicts for every span, value checks for every item, and the answer's overall status."""

    status: AnswerStatus = Field(description="the quotes' status: verified when every quote is in its lines")
    spans: list[SpanVerdict]
    verified: int
    failed: int
    items: list[ItemCheck] = Field(default_factory=list, description="the checks of each item (see ItemCheck)")
    overall: OverallStatus | None = Field(
        default=None,
        description="supported only when every quote is verified and every check holds; unchecked when no check "
        "failed but one could not decide",
    )
    values_supported: int = 0
    values_unsupported: int = 0

    @property
    def supported(self) -> bool:
        """True when the answer may be shown as supported (or honestly as not found)."""
        return self.overall in ("supported", "not_found")

    def why(self, limit: int = 400) -> str:
        """Why the answer is not supported, in the checks' own words ('' when it is, or is not found): the
        details of the fields that failed or could not decide, else of the items whose checks do not all hold."""
        if self.overall in ("supported", "not_found", None):
            return ""
        failed = [s.detail or s.verdict for s in self.spans if s.verdict != "verified"]
        fields = [f.detail for item in self.items for f in item.fields if f.verdict in ("mismatch", "unknown")]
        held = ("supported", "verified", "not_applicable")
        checks = ("value_check", "period_check", "calculation_check", "concept_check", "kind_check", "sign_check")
        items = [i.detail for i in self.items if any(getattr(i, c) not in held for c in checks)]
        text = "; ".join(dict.fromkeys(d for d in [*failed, *fields, *items] if d))
        return text if len(text) <= limit else text[: limit - 1] + "…"


class Haystack:
    """Squashed text of a run of lines with a map from character offsets back to line numbers."""

    def __init__(self, numbers: list[int], texts: list[str]) -> None:
        self.variants: list[tuple[str, list[int], list[int]]] = []
        for dehyphenate in (False, True):
            pieces: list[str] = []
            starts: list[int] = []
            lines: list[int] = []
            offset = 0
            for number, text in zip(numbers, texts, strict=True):
                piece = squash(text)
                if dehyphenate and piece.endswith("-"):
                    piece = piece[:-1]
                if pieces and _NUMBER_END.search(pieces[-1]) and _NUMBER_START.match(piece):
                    pieces[-1] += NUMBER_SEPARATOR  # a line break between two numbers keeps them apart, as a space does
                    offset += 1
                starts.append(offset)
                lines.append(number)
                pieces.append(piece)
                offset += len(piece)
            self.variants.append(("".join(pieces), starts, lines))

    def find(self, quote: str) -> tuple[int, int] | None:
        """(first line, last line) of the first place the quote occurs, or None."""
        parts = [squash(p) for p in _ELLIPSIS.split(quote)]
        parts = [p for p in parts if p]
        if not parts:
            return None
        for text, starts, lines in self.variants:
            position, first, last = 0, -1, -1
            for part in parts:
                hit = _find_whole_number(text, part, position)
                if hit < 0:
                    break
                first = hit if first < 0 else first
                last = hit + len(part) - 1
                position = hit + len(part)
            else:
                return lines[bisect_right(starts, first) - 1], lines[bisect_right(starts, last) - 1]
        return None


def _find_whole_number(text: str, part: str, start: int) -> int:
    """str.find, except that a quote starting or ending with a digit must not cut a number in two.

    '2,853' must not match inside '12,853', nor '853' inside '2,853', nor '5' inside '0.5'.
    """
    hit = text.find(part, start)
    while hit >= 0 and starts_or_ends_inside_number(text, hit, hit + len(part)):
        hit = text.find(part, hit + 1)
    return hit


def _resolve_doc(name: str | None, context: Context, documents: dict[str, Document]) -> str | None:
    if name is None:
        return context.sources[0].doc if len(context.sources) == 1 else None
    if name in documents:
        return name
    folded = {k.casefold(): k for k in documents}
    stripped = name.strip().strip('"').casefold()
    return folded.get(stripped) or next(
        (d.meta.doc_id for d in documents.values() if d.meta.title.casefold() == stripped), None
    )


def _check(
    doc: str,
    start: int,
    end: int,
    quote: str,
    sent_text: dict[str, dict[int, str]],
    documents: dict[str, Document],
    hay: _Haystacks,
) -> tuple[Verdict, str, tuple[str, int, int] | None]:
    n_lines = documents[doc].meta.n_lines
    if not (1 <= start <= end <= n_lines):
        return "out_of_range", f"{doc} has lines 1-{n_lines}; cited {start}-{end}", hay.find_in_context(quote)
    if not quote.strip():
        return "quote_not_found", "the quote is empty", None
    seen = [n for n in range(start, end + 1) if n in sent_text.get(doc, {})]
    if not seen:
        return (
            "not_in_context",
            f"lines {start}-{end} were not in the context sent to the model",
            hay.find_in_context(quote),
        )
    if Haystack(seen, [sent_text[doc][n] for n in seen]).find(quote):
        unseen = (end - start + 1) - len(seen)
        return (
            "verified",
            "quote found in the cited lines" + (f" ({unseen} cited lines were not sent)" if unseen else ""),
            None,
        )
    elsewhere = hay.find_in_context(quote)
    if elsewhere:
        return (
            "wrong_lines",
            f"quote is at {elsewhere[0]} lines {elsewhere[1]}-{elsewhere[2]}, not {start}-{end}",
            elsewhere,
        )
    all_text = hay.whole_document(doc).find(quote)
    if all_text:
        return (
            "not_in_context",
            f"quote is in {doc} lines {all_text[0]}-{all_text[1]}, which were not sent",
            (doc, *all_text),
        )
    return "quote_not_found", f"quote does not appear in lines {start}-{end} nor anywhere in the context", None


class _Haystacks:
    """Haystacks built once per verification: each sent document, and whole documents on demand."""

    def __init__(self, sent_text: dict[str, dict[int, str]], documents: dict[str, Document]) -> None:
        self.sent_text, self.documents = sent_text, documents
        self._sent: dict[str, Haystack] = {}
        self._whole: dict[str, Haystack] = {}

    def find_in_context(self, quote: str) -> tuple[str, int, int] | None:
        """(doc, first line, last line) where the quote is among the lines sent, or None."""
        for doc, lines in self.sent_text.items():
            if doc not in self._sent:
                numbers = sorted(lines)
                self._sent[doc] = Haystack(numbers, [lines[n] for n in numbers])
            hit = self._sent[doc].find(quote)
            if hit:
                return doc, hit[0], hit[1]
        return None

    def whole_document(self, doc: str) -> Haystack:
        """The haystack of every line of a document."""
        if doc not in self._whole:
            lines = self.documents[doc].lines
            self._whole[doc] = Haystack(lines["global_line"].tolist(), lines["text"].tolist())
        return self._whole[doc]


def find_quotes(
    answer: BaseModel, context: Context, documents: list[Document]
) -> tuple[list[SpanVerdict], dict[SpanKey, CitedSpan]]:
    """Every span of *answer* checked against the lines of *context* and *documents*: its verdict, and the spans
    whose quotes were verified, by (item, field, span)."""
    by_id = {d.meta.doc_id: d for d in documents}
    sent_text = {s.doc: {line.global_line: line.text for line in s.lines} for s in context.sources}
    hay = _Haystacks(sent_text, by_id)
    verdicts: list[SpanVerdict] = []
    for item, field, index, span in iter_spans(answer):
        doc = _resolve_doc(span.doc, context, by_id)
        start, end = span.line_start, span.line_end
        verdict: Verdict
        if doc is None:
            found = hay.find_in_context(span.quote)
            verdict, detail = "unknown_document", f"document {span.doc!r} is not among the documents sent"
        else:
            verdict, detail, found = _check(doc, start, end, span.quote, sent_text, by_id, hay)
        pages: list[int] = []
        printed: list[str] = []
        if doc is not None and 1 <= start <= end <= by_id[doc].meta.n_lines:
            pages = sorted(set(by_id[doc].lines["page"].iloc[start - 1 : end].tolist()))
            labels = by_id[doc].meta.page_labels
            printed = [labels[p - 1] for p in pages if labels and p <= len(labels)]
        verdicts.append(
            SpanVerdict(
                item=item,
                field=field,
                span=index,
                doc=doc or span.doc,
                line_start=start,
                line_end=end,
                quote=span.quote,
                verdict=verdict,
                detail=detail,
                pages=pages,
                printed_pages=printed,
                found_doc=found[0] if found else None,
                found_line_start=found[1] if found else None,
                found_line_end=found[2] if found else None,
            )
        )
    cited = {
        (v.item, v.field, v.span): CitedSpan(
            Span(doc=v.doc, line_start=v.line_start, line_end=v.line_end, quote=v.quote), by_id[v.doc]
        )
        for v in verdicts
        if v.verdict == "verified" and v.doc in by_id
    }
    return verdicts, cited
