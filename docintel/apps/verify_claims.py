"""Check another tool's claims against the DOCs: quote first, then the same checks as ``ask``.

For each claim: every cited quote is found (``quote_finder``: on the cited pages first, then anywhere); then
the claim's figures (stated in a claim file, or read from its text: money, percentages, per-share figures and
counts; years are its period) are checked against the found lines by docintel's verifier (``verify_answer``):
value at the document's scale, kind, sign, the concept of the row, the period column. A claim without figures
is checked as a text item: every number and date it writes is in its quotes, and the quotes are about it.
Negation is compared with the quote's sentence. Verdicts:

- ``supported``: every quote found and every check holds;
- ``contradicted``: found, and it states something else: another figure, another period's column, the other
  sign or kind, or the opposite (a negation);
- ``unsupported``: found, but it does not establish the claim (another line item, no such number, nothing in
  common, or a period or concept that could not be checked);
- ``quote_not_found``: a cited quote is in no DOC;
- ``unverifiable``: nothing to check against (no citation, no retrieved text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..answer.contract import Amount, AmountAnswer, AmountItem, Span, TextAnswer, TextItem
from ..context.pack import Budget, Context, ContextStatus, Source
from ..ingest.documents import Document
from ..numbers import find_numbers
from ..periods import MONTHS
from ..textnorm import split_sentences, tokenize
from ..traces.claims import CheckResult, ClaimResult, ClaimStatus, Evidence, QuoteMatch, QuoteResult
from ..verify.quotes import OverallStatus, SpanVerdict, Verification
from ..verify.values import CitedSpan, ItemCheck, quote_candidates
from ..verify.verifier import verify_answer
from .external import CitedQuote, Claim, Figure
from .quote_finder import DocumentText, Found, find_passage, find_quote, merge, other_places, passage_pieces

_NEGATION = re.compile(r"\b(?:not|no|never|none|neither|nor|cannot|without)\b|n[’']t\b", re.IGNORECASE)
_PER_SHARE = re.compile(r"\s*(?:per|a)\s+(?:\w+\s+){0,2}share\b", re.IGNORECASE)
_SCALE_UNITS = {1e3: "thousands", 1e6: "millions", 1e9: "billions"}
_FILLER = frozenset(tokenize("million billion thousand percent dollar fiscal year fy total amount was were is"))
_CHECK_FIELDS = ("value", "period", "concept", "kind", "sign", "relevance", "calculation")
CONCEPT_BY_TERMS = 0.75
_FLAGS: dict[str, Any] = {
    "answer_found": True,
    "complete_answer_found": True,
    "conflicting_evidence": False,
    "context_structured": True,
    "caveats": [],
}  # an unknown concept counts as named when this share of the claim's terms is in the lines


@dataclass
class Checked:
    """One claim's result and the verifier's records of it (for the trace and the viewer)."""

    result: ClaimResult
    verification: Verification | None


class ClaimChecker:
    """Checks claims against DOCs (each DOC's text and finder built once)."""

    def __init__(self, documents: list[Document]) -> None:
        self.documents = documents
        self.texts = [DocumentText(d) for d in documents]
        self._located: dict[tuple[str, int | None, tuple[int, ...], bool], list[Found]] = {}

    def check(self, claim: Claim) -> Checked:
        """The verdict of one claim, with its checks and found lines."""
        if claim.unverifiable or not claim.quotes:
            reason = claim.unverifiable or "the claim cites nothing"
            quotes = [self._quote_record(q, "not_found", reason) for q in claim.quotes]
            return Checked(self._result(claim, "unverifiable", reason, [], [], quotes), None)
        located = [(quote, self._locate(quote)) for quote in claim.quotes]
        quotes = [self._quote_record(q, _match(q, places), self._where(q, places)) for q, places in located]
        evidence = [self._evidence(place) for _, places in located for place in merge(places)]
        checks = [CheckResult(name="quote", result=r.match, detail=r.detail) for r in quotes]
        missing = [r for r in quotes if r.match == "not_found"]
        if all(q.passage for q in claim.quotes) and len(missing) < len(quotes):
            missing = []  # retrieved passages are candidates: the claim needs one of them, not every one
        if missing:
            detail = f"{len(missing)} of {len(quotes)} cited quote(s) are in no DOC: " + "; ".join(
                f"“{_short(r.text)}”" for r in missing[:3]
            )
            return Checked(self._result(claim, "quote_not_found", detail, checks, evidence, quotes), None)
        places = [place for _, found in located for place in found]
        verification, (status, detail, more) = self._attempt(claim, places)
        found = [(q, p) for q, p in located if p]
        whole = len(places) == 1 and places[0].quote == found[0][0].text  # a passage found whole counts too
        if status != "supported" and len(found) == 1 and whole:
            for other in other_places(self.texts[places[0].doc], places[0]):
                tried, outcome = self._attempt(claim, [other])
                if outcome[0] == "supported":  # the quote is printed at several places: it holds at this one
                    verification, (status, detail, more) = tried, outcome
                    at = located.index(found[0])
                    quotes[at] = quotes[at].model_copy(update={"detail": self._where(found[0][0], [other])})
                    checks[at] = CheckResult(name="quote", result=other.match, detail=quotes[at].detail)
                    evidence = [self._evidence(other)]
                    break
        return Checked(self._result(claim, status, detail, checks + more, evidence, quotes), verification)

    def _attempt(
        self, claim: Claim, places: list[Found]
    ) -> tuple[Verification, tuple[ClaimStatus, str, list[CheckResult]]]:
        verification = self._verify(claim, places)
        return verification, self._verdict(claim, places, verification)

    # ----------------------------------------------------------------------------------------- quotes

    def _candidates(self, quote: CitedQuote) -> list[int]:
        return [quote.doc] if quote.doc is not None else list(range(len(self.documents)))

    def _hint_pages(self, quote: CitedQuote, text: DocumentText) -> list[int]:
        if quote.pages:
            return quote.pages
        if quote.lines:
            return text.pages_of_lines(*quote.lines)
        if quote.char_range:
            page = text.page_of_offset(quote.char_range[0])
            return [page] if page is not None else []
        return []

    def _locate(self, quote: CitedQuote) -> list[Found]:
        """Where the quote is (found once per text, DOC and pages: the claims citing one file share its results)."""
        key = (quote.text, quote.doc, tuple(quote.pages), quote.passage)
        if key not in self._located or quote.lines or quote.char_range:
            self._located[key] = self._search(quote)
        return self._located[key]

    def _search(self, quote: CitedQuote) -> list[Found]:
        for doc in self._candidates(quote):
            text = self.texts[doc]
            pages = self._hint_pages(quote, text)
            whole = find_quote(text, doc, quote.text, pages)
            if whole is not None:
                return [whole]
            if quote.passage:
                found = find_passage(text, doc, quote.text)
                if found:
                    return found
        return []

    def _where(self, quote: CitedQuote, places: list[Found]) -> str:
        if not places:
            docs = "the DOC" if quote.doc is not None else "any DOC"
            return f"not in {docs} (cited as {quote.location}), nor anywhere else in it"
        place = places[0]
        text = self.texts[place.doc]
        pages = text.pages_of_lines(place.first, place.last)
        where = f"{self._doc_id(place.doc)} p.{','.join(map(str, pages))} lines {place.first}-{place.last}"
        if quote.passage and len(places) > 1 or quote.passage and place.quote != quote.text:
            covered, lines = sum(p.quote.count("\n") + 1 for p in places), len(passage_pieces(quote.text))
            runs = f"{len(places)} run{'s' if len(places) != 1 else ''}"
            return f"{covered} of the passage's {lines} lines found, in {runs} (not whole), first at {where}"
        if quote.char_range and not quote.pages:
            hinted = self._hint_pages(quote, text)
            pointed = f"they point to p.{hinted[0]} of docintel's text" if hinted else "they point past its text"
            on = "" if place.on_cited_pages else f"; {pointed}"
            return f"{place.match}, at {where} ({quote.location} offsets are hints, the text decides{on})"
        if place.on_cited_pages is False:
            cited = ",".join(map(str, self._hint_pages(quote, text)))
            return f"{place.match}, at {where}: not on the cited page(s) {cited} ({quote.location})"
        return f"{place.match}, at {where}"

    def _doc_id(self, doc: int) -> str:
        return self.documents[doc].meta.doc_id

    def _evidence(self, place: Found) -> Evidence:
        text = self.texts[place.doc]
        return Evidence(
            doc=self._doc_id(place.doc),
            pages=text.pages_of_lines(place.first, place.last),
            line_start=place.first,
            line_end=place.last,
            text=text.text_of(place.first, place.last),
            match="exact" if place.match == "exact" else "normalised",
            on_cited_pages=place.on_cited_pages,
        )

    def _quote_record(self, quote: CitedQuote, match: str, detail: str) -> QuoteResult:
        doc = self._doc_id(quote.doc) if quote.doc is not None else None
        kind: QuoteMatch = "exact" if match == "exact" else "normalised" if match == "normalised" else "not_found"
        return QuoteResult(text=quote.text, doc=doc, cited=quote.location, match=kind, detail=detail)

    # ------------------------------------------------------------------------------------------ checks

    def _verify(self, claim: Claim, places: list[Found]) -> Verification:
        """The verifier's checks: one amount item per figure (each asked with the claim less the other figures,
        so that one figure's '%' does not make another a ratio), or one text item."""
        spans = [Span(doc=self._doc_id(p.doc), line_start=p.first, line_end=p.last, quote=p.quote) for p in places]
        context = self._context(places)
        figures = claim.figures or claim_figures(claim.text)
        if not figures:
            text = TextAnswer(answer_type="text", items=[TextItem(text=claim.text, spans=spans)], **_FLAGS)
            return verify_answer(text, context, self.documents, question=claim.text)
        checked = []
        for figure in figures:
            asked = claim.text
            for other in figures:
                if other is not figure and other.text and other.text != figure.text:
                    asked = asked.replace(other.text, " ")
            amount = Amount(value=figure.value, currency=figure.currency, unit=figure.unit)  # type: ignore[arg-type]
            mine = _spans_printing(spans, figure.value)
            item = AmountItem(label=asked, amount=amount, period=claim.period, calculation=None, spans=mine)
            answer = AmountAnswer(answer_type="amount", items=[item], **_FLAGS)
            checked.append(verify_answer(answer, context, self.documents, question=asked))
        first = checked[0]
        items = [c.items[0].model_copy(update={"item": n}) for n, c in enumerate(checked) if c.items]
        return first.model_copy(update={"items": items})

    def _context(self, places: list[Found]) -> Context:
        lines: dict[int, set[int]] = {}
        for place in places:
            lines.setdefault(place.doc, set()).update(range(place.first, place.last + 1))
        return self.context_of(lines)

    def context_of(self, lines: dict[int, set[int]]) -> Context:
        """A context holding these GLOBAL_LINEs of each DOC (by position): what the verifier reads as sent."""
        sources = []
        for doc, numbers in lines.items():
            text = self.texts[doc]
            sent = [text.context_line(n) for n in sorted(numbers)]
            sources.append(
                Source(
                    doc=self._doc_id(doc),
                    title=self.documents[doc].meta.title,
                    heading_path=[],
                    pages=sorted({s.page for s in sent}),
                    chars=sum(len(s.text) for s in sent),
                    whole_document=False,
                    lines=sent,
                )
            )
        chars = sum(s.chars for s in sources)
        budget = Budget(budget_chars=chars, used_chars=chars, remaining_chars=0, estimated_tokens=chars // 4)
        status: ContextStatus = "ok" if sources else "no_match"
        detail = "the lines where the quotes were found"
        return Context(
            status=status, status_detail=detail, rendered="", sources=sources, decisions=[], budget=budget, notes=[]
        )

    def _verdict(
        self, claim: Claim, places: list[Found], verification: Verification
    ) -> tuple[ClaimStatus, str, list[CheckResult]]:
        checks: list[CheckResult] = []
        found_text = "\n".join(self.texts[p.doc].text_of(p.first, p.last) for p in places)
        negation = negation_check(claim.text, [p.quote for p in places])
        checks.append(CheckResult(name="negation", result=negation[0], detail=negation[1]))
        covered = terms_covered(claim.text, found_text, self._names({p.doc for p in places}))
        outcomes: list[tuple[ClaimStatus, str]] = []
        several = len(verification.items) > 1
        for item in verification.items:
            label = self._figure_label(claim, item.item) if several else ""
            checks += item_results(item, label, text=not (claim.figures or claim_figures(claim.text)))
            outcomes.append(self._item_status(item, places, covered))
        if negation[0] == "mismatch":
            return "contradicted", negation[1], checks
        for wanted in ("contradicted", "unsupported"):
            bad = [d for s, d in outcomes if s == wanted]
            if bad:
                return wanted, "; ".join(bad), checks
        return "supported", "; ".join(d for _, d in outcomes) or "the quotes are found and every check holds", checks

    def _figure_label(self, claim: Claim, index: int) -> str:
        figures = claim.figures or claim_figures(claim.text)
        figure = figures[index] if index < len(figures) else None
        return f"{figure.value:,.10g} {figure.unit or ''}".strip() if figure else str(index + 1)

    def _item_status(self, item: ItemCheck, places: list[Found], covered: float) -> tuple[ClaimStatus, str]:
        detail = item.detail
        if item.holds:
            unknown = [n for n in ("period", "concept") if getattr(item, f"{n}_check") == "unknown"]
            if "concept" in unknown and covered >= CONCEPT_BY_TERMS:
                unknown.remove("concept")  # the vocabulary does not know the row, but the claim names its words
            if item.operands and not all(o.checked for o in item.operands):
                unknown.append("calculation operands")
            if not unknown:
                return "supported", detail
            return "unsupported", f"{detail}; the {' and '.join(unknown)} could not be checked"
        if "mismatch" in (item.period_check, item.sign_check, item.kind_check):
            return "contradicted", detail
        if item.value_check == "unsupported" and covered >= 0.5 and self._has_figures(places):
            return "contradicted", detail
        return "unsupported", detail

    def _names(self, docs: set[int]) -> frozenset[str]:
        """The words that name the DOCs' company: its issuer, the title, the file's name ('Acme's net income')."""
        words: set[str] = set()
        for doc in docs:
            meta = self.documents[doc].meta
            words.update(
                tokenize(f"{meta.profile.issuer.value or ''} {meta.title} {re.sub(r'[_-]', ' ', meta.doc_id)}")
            )
        return frozenset(w for w in words if not w[:1].isdigit())

    def _has_figures(self, places: list[Found]) -> bool:
        for place in places:
            span = Span(doc=self._doc_id(place.doc), line_start=place.first, line_end=place.last, quote=place.quote)
            if quote_candidates(CitedSpan(span, self.documents[place.doc])):
                return True
        return False

    def _result(
        self,
        claim: Claim,
        status: ClaimStatus,
        detail: str,
        checks: list[CheckResult],
        evidence: list[Evidence],
        quotes: list[QuoteResult],
    ) -> ClaimResult:
        return ClaimResult(
            index=claim.index,
            claim=claim.text,
            status=status,
            detail=detail,
            checks=checks,
            evidence=evidence,
            quotes=quotes,
        )


def _spans_printing(spans: list[Span], value: float) -> list[Span]:
    """The spans whose quote prints the figure as stated (all of them when none does: it may be scaled), so that
    the lines of a long passage about other things and other years do not decide the figure's period."""
    printing = [s for s in spans if any(abs(n.value) == abs(value) for n in find_numbers(s.quote))]
    return printing or spans


def _match(quote: CitedQuote, places: list[Found]) -> str:
    """exact or normalised as found; a passage found only in parts is not verbatim: normalised."""
    if not places:
        return "not_found"
    if len(places) > 1 or places[0].quote != quote.text:
        return "normalised"
    return places[0].match


def _short(text: str, limit: int = 80) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def item_results(item: ItemCheck, label: str = "", text: bool = False) -> list[CheckResult]:
    """The checks of one verifier item that applied, named as ``ask`` names them (a text item's value check is
    its numbers: every number and date it writes is in its quotes)."""
    results = []
    for name in _CHECK_FIELDS:
        value = str(getattr(item, f"{name}_check"))
        if value == "not_applicable":
            continue
        detail = f"{item.column} column" if name == "period" and item.column else ""
        shown = "numbers" if name == "value" and text else name
        results.append(CheckResult(name=f"{shown} ({label})" if label else shown, result=value, detail=detail))
    return results


# ------------------------------------------------------------------------------------- claim figures


def claim_figures(text: str) -> list[Figure]:
    """The figures a claim's text states: money (with its scale), percentages, per-share figures, and counts or
    plain numbers (as printed).

    Years are the claim's period, not figures; the day of a date ('December 31, 2022') is no figure either.
    A claim without figures is checked as text (its years and dates must be in its quotes).
    """
    figures = []
    for number in find_numbers(text):
        if number.is_year and not number.currency or _day_of_date(text, number.start, number.end):
            continue
        if number.percent:
            figures.append(Figure(number.value, "percent", None, number.text))
        elif number.scale:
            unit = _SCALE_UNITS.get(number.scale, "units")
            figures.append(Figure(number.value, unit, number.currency or "USD", number.text))
        elif number.currency:
            unit = "per_share" if _PER_SHARE.match(text[number.end :]) else "units"
            figures.append(Figure(number.value, unit, number.currency, number.text))
        else:  # a count or a plain number ('412 stores'): as printed
            figures.append(Figure(number.value, None, None, number.text))
    return figures


def _day_of_date(text: str, start: int, end: int) -> bool:
    before = text[max(0, start - 12) : start].casefold().split()
    after = text[end : end + 12].casefold().split()
    months = set(MONTHS)
    return bool(before and before[-1].strip(".,") in months) or bool(after and after[0].strip(".,") in months)


def negation_check(claim: str, quotes: list[str]) -> tuple[str, str]:
    """mismatch when the claim negates the quote's sentence that shares most words with it, or the reverse."""
    sentences = [s for q in quotes for s in split_sentences(q)]
    if not sentences:
        return "not_applicable", ""
    claim_terms = set(tokenize(claim))
    best = max(sentences, key=lambda s: len(claim_terms & set(tokenize(s))))
    said, claimed = len(_NEGATION.findall(best)) % 2, len(_NEGATION.findall(claim)) % 2
    if said == claimed:
        return "supported", ""
    which = "negates" if claimed else "drops the negation of"
    return "mismatch", f"the claim {which} the quote: “{_short(best, 120)}”"


def terms_covered(claim: str, lines: str, names: frozenset[str] = frozenset()) -> float:
    """The share of the claim's content words (numbers, scale words and the company's *names* aside) that the
    found lines hold."""
    terms = {t for t in tokenize(claim) if not t[:1].isdigit() and t not in _FILLER | names and t != "pct"}
    if not terms:
        return 1.0
    return len(terms & set(tokenize(lines))) / len(terms)


def combined_verification(checked: list[Checked]) -> Verification:
    """One verification record for the trace: each claim's spans and checks under the claim's index."""
    spans: list[SpanVerdict] = []
    items: list[ItemCheck] = []
    for entry in checked:
        index = entry.result.index
        if entry.verification is not None:
            spans += [s.model_copy(update={"item": index}) for s in entry.verification.spans]
            items += [c.model_copy(update={"item": index}) for c in entry.verification.items]
            continue
        spans += [_failed_span(index, n, q) for n, q in enumerate(entry.result.quotes)]
    ok = sum(s.verdict == "verified" for s in spans)
    statuses = [c.result.status for c in checked]
    overall = _overall(statuses)
    return Verification(
        status="verified" if spans and ok == len(spans) else "failed" if spans else "no_citations",
        spans=spans,
        verified=ok,
        failed=len(spans) - ok,
        items=items,
        overall=overall,
        values_supported=sum(s == "supported" for s in statuses),
        values_unsupported=sum(s in ("contradicted", "unsupported") for s in statuses),
    )


def _failed_span(item: int, number: int, quote: QuoteResult) -> SpanVerdict:
    return SpanVerdict(
        item=item,
        field=None,
        span=number,
        doc=quote.doc,
        line_start=1,
        line_end=0,  # no lines: the quote was not found (or there was nothing to look for)
        quote=quote.text,
        verdict="quote_not_found",
        detail=quote.detail,
        pages=[],
    )


def _overall(statuses: list[ClaimStatus]) -> OverallStatus:
    if not statuses:
        return "no_citations"
    if all(s == "supported" for s in statuses):
        return "supported"
    if "quote_not_found" in statuses:
        return "citation_failed"
    if any(s in ("contradicted", "unsupported") for s in statuses):
        return "unsupported"
    return "unchecked"
