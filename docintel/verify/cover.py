"""The printed captions of an SEC form's cover page: the words every filing of the form prints the same ('UNITED
STATES / SECURITIES AND EXCHANGE COMMISSION / FORM 8-K', '(State or other jurisdiction of incorporation)', 'Check
the appropriate box below if the Form 8-K filing is intended to ...'). They label the registrant's entries, they
say nothing of the registrant: a text answer quoting only them answers nothing. The captions are those of the
cover pages of Forms 10-K, 10-Q and 8-K (SEC, General Instructions and the forms themselves)."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .claims import check_field
from .rules import FieldCheck
from .values import CitedSpan

# the words of the captions, each line of which is made of them only (numbers of the form aside)
_CAPTION_WORDS = frozenset(
    tokenize(
        "united states securities and exchange commission washington dc d.c. form current report annual quarterly "
        "transition pursuant to section 13 or 15(d) of the act 1934 for fiscal year quarterly period ended date "
        "earliest event reported exact name registrant as specified in its charter state other jurisdiction "
        "incorporation organization commission file number irs i.r.s. employer identification no address "
        "principal executive offices zip code telephone including area former if changed since last check "
        "appropriate box below the filing is intended to simultaneously satisfy obligation under any following "
        "provisions mark whether has filed all reports required be by during preceding 12 months such shorter that "
        "was been subject requirements past 90 days title each class trading symbol symbols on which registered"
    )
)
_SEC_ZIP = re.compile(r"\b20549\b")  # the Commission's own address on every cover
_COVER_PAGES = 2  # a form's cover page, with its list of registered securities, takes the first page or two
_CAPTION_TERMS = 2  # 'within 45 days' is one word of a caption, no caption


# a question about the form itself ('What kind of report is this?', 'Under which rule is the 8-K filed?')
_ASKS_FORM = re.compile(r"\b(?:form|report|filing|filed|8-K|10-K|10-Q|rule|box|boxes)\b", re.IGNORECASE)
_TICKED, _UNTICKED = "\u2612\u2611", "\u2610"  # ☒ ☑ / ☐


def cover_caption_rule(spans: list[CitedSpan], question: str = "") -> FieldCheck:
    """A text item whose every quote is a line of a form's printed captions ('(State or other jurisdiction (Commission
    (IRS Employer', 'FORM 8-K', 'UNITED STATES') is not supported: the captions answer nothing, unless the question
    asks about the form itself and a box is ticked. A form's unticked boxes ('☐ Written communications pursuant to
    Rule 425') say what the filing is not."""
    if not spans:
        return check_field("about", "not_applicable")
    if all(_line(s).lstrip()[:1] in _UNTICKED for s in spans):
        return check_field("about", "mismatch", "about: its quotes are a form's unticked boxes, which it does not tick")
    if _ASKS_FORM.search(question) or any(ch in s.span.quote for s in spans for ch in _TICKED):
        return check_field("about", "not_applicable")
    for cited in spans:
        terms = {t for t in tokenize(_SEC_ZIP.sub(" ", cited.span.quote)) if not t[:1].isdigit() or len(t) > 4}
        pages = cited.document.lines["page"].tolist()
        line = cited.span.line_start
        on_cover = 1 <= line <= len(pages) and pages[line - 1] <= _COVER_PAGES
        if not on_cover or len(terms) < _CAPTION_TERMS or not terms <= _CAPTION_WORDS:
            return check_field("about", "not_applicable")
    return check_field("about", "mismatch", "about: its quotes are a form's printed captions, which answer nothing")


def _line(cited: CitedSpan) -> str:
    """The first cited line as printed (its box before the words a quote may start at)."""
    texts = cited.document.lines["text"].tolist()
    return str(texts[cited.span.line_start - 1]) if 1 <= cited.span.line_start <= len(texts) else cited.span.quote
