"""Whether a yes/no answer's quotes are about what the question asks, read as passages of the document: an entity
the question names is named in them (or in the paragraph they sit in), and quotes drawn from places far apart are
each about the question's subject in their own paragraph ('We elected to early adopt the new guidance' is about the
guidance its own paragraph names, not the lease standard a quote thirty lines on names).

Each rule returns one ``FieldCheck`` (``about``); a rule that cannot tell returns not_applicable."""

from __future__ import annotations

import re

from ..ingest.documents import Document
from ..periods import MONTHS
from ..textnorm import split_sentences, tokenize
from .rules import FieldCheck, FieldVerdict
from .values import CitedSpan
from .wording import names_asked

# lines above a quote that make its paragraph (a filing's paragraphs run a few lines), and the distance from which
# two quotes are two passages
_PARAGRAPH_LINES = 8
_APART_LINES = 6
_AFTER_LINES = 6  # lines after a quote its paragraph may go on for
_MONTH_TERMS = frozenset(t for name in MONTHS for t in tokenize(name))


def _check(verdict: FieldVerdict, detail: str = "") -> FieldCheck:
    return FieldCheck(field="about", verdict=verdict, detail=detail)


_WHOLE_TEXT: dict[tuple[str, int], str] = {}
_KEPT_TEXTS = 8


def document_text(document: Document) -> str:
    """The document's lines joined by spaces, made once per document (a rule may search the whole filing)."""
    key = (document.meta.content_hash, len(document.lines))  # not the name: two test files share one
    if key not in _WHOLE_TEXT:
        if len(_WHOLE_TEXT) >= _KEPT_TEXTS:  # a long run over many documents keeps the latest few
            del _WHOLE_TEXT[next(iter(_WHOLE_TEXT))]
        _WHOLE_TEXT[key] = " ".join(str(t) for t in document.lines["text"].tolist())
    return _WHOLE_TEXT[key]


def paragraph_text(cited: CitedSpan) -> str:
    """The cited lines and the lines of their paragraph above them, as printed, from the heading over them when one
    is closer ('BRAZIL' over 'During fiscal 2021, the transaction with Grupo SBF S.A. closed': the section above,
    on Argentina, is another passage)."""
    texts = cited.document.lines["text"].tolist()
    start = max(cited.span.line_start - 1 - _PARAGRAPH_LINES, 0)
    headings = [n for n in range(start, cited.span.line_start - 1) if _heading(str(texts[n]))]
    return " ".join(str(t) for t in texts[max([start, *headings]) : cited.span.line_end])


_HEADING_WORDS = 8


# a section heading: a short line of words in capitals ('BRAZIL', 'ARGENTINA, CHILE AND URUGUAY'); not a column
# header ('YEAR ENDED MAY 31,', '% CHANGE', '(MILLIONS)') nor a filing's running header ('PART II')
_HEADING = re.compile(r"^[A-Z][A-Z&'\u2019-]*(?:,?\s+[A-Z&][A-Z&'\u2019-]*)*$")
_RUNNING = re.compile(r"^(?:PART|ITEM|TABLE OF CONTENTS)\b")


def _heading(text: str) -> bool:
    """Whether a line is a section heading (see _HEADING)."""
    text = text.strip()
    return (
        len(text.split()) <= _HEADING_WORDS
        and bool(_HEADING.match(text))
        and any(len(w) >= 4 for w in text.split())
        and not _RUNNING.match(text)
    )


def text_after(cited: CitedSpan) -> str:
    """The text after the quote on its last line and the lines after it on its page."""
    lines = cited.document.lines
    texts, pages = lines["text"].tolist(), lines["page"].tolist()
    end = cited.span.line_end
    page = pages[end - 1] if 1 <= end <= len(texts) else None
    rest = [str(texts[n]) for n in range(end, min(len(texts), end + _AFTER_LINES)) if pages[n] == page]
    last = str(texts[end - 1]) if page is not None else ""
    tail = " ".join(cited.span.quote.split()[-4:])
    at = last.find(tail)
    return " ".join([last[at + len(tail) :] if at >= 0 else "", *rest])


def rest_of_sentence(cited: CitedSpan) -> str:
    """The words after a quote that stops inside its sentence, to the sentence's end ('' when the quote ends it)."""
    if cited.span.quote.rstrip()[-1:] in ".!?":
        return ""
    rest = split_sentences(text_after(cited).strip())
    return rest[0] if rest else ""


def page_lines(cited: CitedSpan) -> list[str]:
    """The lines of the page the quote starts on."""
    lines = cited.document.lines
    texts, pages = lines["text"].tolist(), lines["page"].tolist()
    start = cited.span.line_start
    page = pages[start - 1] if 1 <= start <= len(texts) else None
    return [str(t) for t, p in zip(texts, pages, strict=True) if p == page]


def _paragraph(cited: CitedSpan) -> set[str]:
    """The terms of the cited lines and the lines of their paragraph above them."""
    return set(tokenize(paragraph_text(cited)))


def _terms(text: str) -> set[str]:
    """Content terms, dates and numbers aside."""
    return {t for t in tokenize(text) if not t[:1].isdigit() and t not in _MONTH_TERMS}


def entity_rule(question: str, spans: list[CitedSpan], ignore: frozenset[str]) -> FieldCheck:
    """An entity the question names beside the issuer ('MGM Growth Properties' Operating Partnership') is named in
    the quotes or the paragraph they sit in; a quote about 'the Company' decides nothing about it."""
    if not spans:
        return _check("not_applicable")
    around = set().union(*(_paragraph(c) for c in spans))
    for name, terms in names_asked(question, ignore).items():
        if len(terms) >= 2 and not terms & around:
            return _check("unknown", f"about: the quotes do not name {name}, which the question asks about")
    return _check("not_applicable")


def scattered_rule(question: str, spans: list[CitedSpan], ignore: frozenset[str]) -> FieldCheck:
    """Quotes from places far apart, or under two headings: a question word one of them gives must be in the other's
    own paragraph too, or that quote may be about something else its paragraph names."""
    asked = _terms(question) - ignore
    for cited in spans:
        apart = [o for o in spans if o.document is cited.document and _apart(o, cited)]
        supplied = asked & set().union(*(_terms(o.span.quote) for o in apart)) if apart else set()
        missing = supplied - _terms(cited.span.quote)
        absent = sorted(missing - _paragraph(cited))
        if absent:
            words = [w for w in dict.fromkeys(re.findall(r"[\w'’-]+", question)) if set(tokenize(w)) & set(absent)]
            detail = f"about: the quote at line {cited.span.line_start} is far from the one naming {', '.join(words)}"
            return _check("unknown", f"{detail}, and its own paragraph does not name it")
    return _check("not_applicable")


def _apart(a: CitedSpan, b: CitedSpan) -> bool:
    """Two passages: lines far apart, or a heading between them."""
    if _distance(a, b) > _APART_LINES:
        return True
    first, second = sorted((a, b), key=lambda c: c.span.line_start)
    texts = a.document.lines["text"]
    return any(_heading(str(texts.iat[n])) for n in range(first.span.line_end, second.span.line_start - 1))


def _distance(a: CitedSpan, b: CitedSpan) -> int:
    if a.span.line_start > b.span.line_end:
        return a.span.line_start - b.span.line_end
    return max(b.span.line_start - a.span.line_end, 0)
