"""What a dated transaction is of: a date answering 'On what date did X complete the sale of Homeowner Services
Group?' comes from a sentence about that sale, not from the sentence before it under its own heading ('Sale of
Michigan American Water Company' over 'On February 4, 2022, the Company completed the sale of its operations in
Michigan'). A sentence under a heading that names a transaction of another object, and that names nothing of the
object asked itself, dates that other transaction: the ``event`` field is a mismatch. Sentences without such a
heading are not read here (a pronoun, 'the transaction closed on ...', may name the object asked)."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .claims import quote_sentences
from .passages import paragraph_text
from .rules import FieldCheck
from .values import CitedSpan

# the transactions a question or a heading names, and their object (general English)
_TRANSACTION = (
    r"(?:sale|sell|sold|acquisition|acquire[ds]?|purchase[ds]?|divest(?:iture|ed)?|disposition|merger|spin-?off)"
)
_ASKED_OBJECT = re.compile(
    rf"\b{_TRANSACTION}\s+(?:of\s+|with\s+)?(?:its\s+|the\s+|their\s+)?(?P<object>[^?.;,]+)", re.IGNORECASE
)
_HEADING = re.compile(rf"^\s*{_TRANSACTION}s?\s+of\s+(?:the\s+)?(?P<object>[^.]{{3,80}})$", re.IGNORECASE)
_GENERIC = frozenset(tokenize("company companies business businesses operations operation subsidiary subsidiaries"))
_HEADING_LOOKUP = 6  # how many lines above the dated sentence its heading is looked for


def event_object_rule(date_text: str, spans: list[CitedSpan], question: str, ignore: frozenset[str]) -> FieldCheck:
    """Whether the dated sentence's own heading is of the transaction's object asked (see the module)."""
    asked = _ASKED_OBJECT.search(question)
    wanted = set(tokenize(asked.group("object"))) - _GENERIC - ignore if asked else set()
    if not wanted:
        return FieldCheck(field="event", verdict="not_applicable")
    for cited in spans:
        if date_text.lower() not in cited.span.quote.lower():
            continue
        heading = _heading_above(cited)
        if heading is None:
            continue
        named = set(tokenize(heading.group("object"))) - _GENERIC - ignore
        if named and not named & wanted and not wanted & set(tokenize(cited.span.quote)):
            detail = f"event: {date_text!r} is under '{heading.group(0).strip()}', not of what was asked"
            return FieldCheck(field="event", verdict="mismatch", detail=detail)
    return FieldCheck(field="event", verdict="not_applicable")


def _heading_above(cited: CitedSpan) -> re.Match[str] | None:
    """The nearest line above the span, within a few lines on its page, that is a transaction's heading ('Sale of
    X'); None when there is none."""
    lines = cited.document.lines
    texts, pages = lines["text"], lines["page"]
    page = pages.iloc[cited.span.line_start - 1]
    for n in range(cited.span.line_start - 1, max(0, cited.span.line_start - 1 - _HEADING_LOOKUP), -1):
        if pages.iloc[n - 1] != page:
            return None
        text = str(texts.iloc[n - 1])
        if (found := _HEADING.match(text)) is not None:
            return found
    return None


# the dated clause's own transaction and its object: 'In May 2016, we completed the sale of the property'
_CLAUSE_OBJECT = re.compile(rf"\b{_TRANSACTION}\s+(?:of\s+|with\s+)?(?P<object>[^.;,()]+)", re.IGNORECASE)
# a thing named after a name, not the name's holder: 'joined the Coca-Cola system', 'joined the Acme bottler network'
_JOINED_THING = re.compile(
    r"\bjoin(?:ed|s)?\s+(?:the\s+)?(?P<name>(?:[A-Z][\w&.'\u2019-]*\s+)+)"
    r"(?!(?:in|as|on|at|of|and|or|for|to|from|with|by|until|after|before|since|where|which|who|when)\b)"
    r"(?P<noun>[a-z]+)\b"
)
_ASKS_JOINING = re.compile(r"\bjoin\s+(?:the\s+)?(?P<name>[A-Z][^?,]*)", re.IGNORECASE)
_OBJECT_END = re.compile(r"\s+(?:and|to|for|from|in|on|at|by|which|where|that|as|after|before|when|with)\b.*$", re.I)
_POINTER = frozenset("the this that these those such said remaining".split())


def clause_object_rule(date_text: str, spans: list[CitedSpan], question: str, ignore: frozenset[str]) -> FieldCheck:
    """The date's own sentence dates the transaction of another object: 'In May 2016, we completed the sale of the
    property' (a property kept after the business was sold) for 'When did Best Buy complete the sale of Five Star?',
    or 'In 2008, Mr. Simpson joined the Coca-Cola system' (a name's system, not the company named) for 'When did he
    join The Coca-Cola Company?'. Unchecked: an object that points back ('the property') may be the one asked, so
    the words its paragraph says it with before ('one retail property in Shanghai') are read too."""
    for sentence in quote_sentences(spans):  # a sentence wrapped over two quoted lines is read whole
        if not date_text.strip() or date_text.lower() not in sentence.lower():
            continue
        earlier = " ".join(paragraph_text(s) for s in spans)
        if (found := _other_object(sentence, question, ignore, earlier)) is not None:
            return FieldCheck(field="event", verdict="unknown", detail=f"event: {date_text!r} dates {found}")
    return FieldCheck(field="event", verdict="not_applicable")


def _other_object(sentence: str, question: str, ignore: frozenset[str], earlier: str = "") -> str | None:
    """What the dated sentence's transaction is of, when it is plainly not the object asked; None otherwise."""
    asked = _ASKED_OBJECT.search(question)
    wanted = set(tokenize(asked.group("object"))) - _GENERIC - ignore if asked else set()
    own = _CLAUSE_OBJECT.search(sentence)
    if asked and wanted and own:
        phrase = _OBJECT_END.sub("", own.group("object")).strip()
        words = phrase.split()
        common = bool(words) and all(w.islower() for w in words) and words[0].lower() in _POINTER
        if common and not (set(tokenize(phrase)) | _said_before(words[-1], earlier)) & (wanted | _GENERIC):
            return f"the {own.group(0).split()[0].lower()} of {phrase}, not of {asked.group('object').strip()}"
    joining, joined = _ASKS_JOINING.search(question), _JOINED_THING.search(sentence)
    if joining and joined and _COMPANY.search(joining.group("name")):  # joining the company, not a part of it
        if joined.group("noun").lower() not in {t.lower() for t in joining.group("name").split()}:
            if set(tokenize(joined.group("name"))) <= set(tokenize(joining.group("name"))) | ignore:
                return f"joining the {joined.group('name').strip()} {joined.group('noun')}, not {joining.group('name')}"
    return None


_COMPANY = re.compile(r"\b(?:company|inc|incorporated|corporation|corp|co|ltd|plc|llc)\b\.?\s*$", re.IGNORECASE)


def _said_before(noun: str, paragraph: str) -> set[str]:
    """The words a paragraph says a noun pointed back at with where it first gives it ('one retail property in
    Shanghai, China' before 'the property'): the words from three before it to three after."""
    found = re.search(rf"((?:\S+\s+){{0,3}}){re.escape(noun)}\b((?:\s+\S+){{0,3}})", paragraph, re.IGNORECASE)
    return set(tokenize(found.group(0))) if found else set()


# a report's own date beside a document filed with it: 'filed as Exhibit 10.2 to AMD's Current Report on Form 8-K
# dated November 17, 2009' dates the report, not the agreement (a date after 'dated' is its nearest noun's)
_REPORT_DATED = re.compile(
    r"\b(?:Report|Form\s+[\w-]+|Statement)(?:\s*,?\s*\(?(?:Commission\s+)?File\s+No\.?\s*[\w-]+\)?)?\s*,?\s+"
    r"(?:dated|filed(?:\s+on)?|for\s+the\s+(?:fiscal\s+)?(?:year|quarter|period)\s+ended)\s*$",
    re.IGNORECASE,
)  # 'Form 8-K, File No. 001-34028, filed', 'Current Report on Form 8-K (Commission File No. 1-7657), dated'
# a question asking the report's own date: 'the date of the Form 8-K through which ...', 'When was the 8-K filed?'
_ASKS_REPORT = re.compile(
    r"\bdate\s+of\s+(?:the\s+|its\s+|\w+['\u2019]s\s+)?(?:current\s+|annual\s+|quarterly\s+)?(?:report|form\b|filing|"
    r"8-K|10-K|10-Q)|\b(?:report|form\s+[\w-]+|8-K|10-K|10-Q|filing)\s+(?:was\s+|been\s+)?(?:dated|filed)\b",
    re.IGNORECASE,
)
# a document a question may ask the date of, other than a report
_AGREEMENT = re.compile(
    r"\b(?:agreements?|plans?|indentures?|amendments?|contracts?|licen[cs]es?|leases?|notes|guarantees?|letters?)\b",
    re.IGNORECASE,
)


def report_date_rule(date_text: str, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A date asked of an agreement (a plan, an indenture, ...) is not the date of the report it was filed with:
    every place the quotes print the date, it follows 'Report on Form 8-K dated' (or 'Form 10-Q for the quarter
    ended'): the event is a mismatch, unless the question asks a report's date."""
    if not _AGREEMENT.search(question) or _ASKS_REPORT.search(question):
        return FieldCheck(field="event", verdict="not_applicable")
    before = [
        " ".join(quote[: found.start()].split()[-8:])
        for quote in quote_sentences(spans)
        for found in re.finditer(re.escape(date_text), quote, re.IGNORECASE)
    ]
    if before and all(_REPORT_DATED.search(text) for text in before):
        detail = f"event: {date_text} is the date of the report the document was filed with, not of the one asked"
        return FieldCheck(field="event", verdict="mismatch", detail=detail)
    return FieldCheck(field="event", verdict="not_applicable")
