"""What the passage says happened after its quote: a case 'transferred to' another court after the sentence that
says where it was filed, a security that 'became convertible' only after the date a question asks about. A quote
read alone tells the earlier state; the sentences after it on its page, in its paragraph, tell the one asked."""

from __future__ import annotations

import re

from ..periods import Period, find_periods, years_named
from ..question.parse import search_text
from ..textnorm import split_sentences, tokenize
from .claims import check_field, quote_lead
from .events import asked_verb, verb_in
from .leadin import lead_in
from .passages import rest_of_sentence, text_after
from .rules import FieldCheck
from .values import CitedSpan, cited_lines

# a thing pointed back at ('the case', 'it') moved to a place named: 'In April 2017, the case was transferred to the
# United States District Court for the Northern District of California' (general English)
_MOVED = re.compile(
    r"\b(?:the\s+(?:case|action|lawsuit|suit|matter|proceeding|complaint|claim)s?|it|they|and)\s+(?:was|were|"
    r"has\s+been|have\s+been)\s+(?:transferred|moved|relocated|removed|remanded|consolidated)\s+(?:in|into|to)\s+"
    r"(?:the\s+)?(?P<place>[A-Z][\w.'\u2019-]*(?:\s+(?:(?:of|for|and|the)\s+)*[A-Z][\w.'\u2019-]*)*)"
)
# a state that began on a date: 'On January 16, 2021, the preferred stock became convertible'
_BECAME = re.compile(r"\b(?:became|becomes|become)\s+(?P<state>[a-z]+)", re.IGNORECASE)
# where a case was filed, first ('did X originally file'), not where it is as of 'the filing of' a report
_ASKS_BEFORE = re.compile(r"\b(?:file|filed|brought|bring|originally|initially|first)\b", re.IGNORECASE)
_NEW_MATTER = re.compile(  # not 'filed an amended complaint': the same matter goes on
    r"\bfiled\s+(?:a|an)\s+(?!(?:amended|second|third|supplemental|revised)\b)(?:[\w-]+\s+){0,3}?"
    r"(?:complaint|lawsuit|suit|action|petition)\b",
    re.IGNORECASE,
)


def moved_since_rule(text: str, spans: list[CitedSpan], question: str = "") -> FieldCheck:
    """A text that places a thing where its quote does, when the quote's passage goes on to say it was moved to
    another place the text does not name ('Eolas filed a complaint ... in the ... Eastern District of Texas' and,
    four lines on, 'the case was transferred to the ... Northern District of California'): unchecked, unless the
    question asks where it was filed or first brought."""
    if _ASKS_BEFORE.search(question):  # 'In which court did Zitovault originally file ...?'
        return check_field("later", "not_applicable")
    said = set(tokenize(text))
    for cited in spans:
        before = set(tokenize(cited_lines(cited)))
        for sentence in _following(cited):
            moved = _MOVED.search(sentence)
            # the words that tell the new place from the one before ('Northern', 'California'): said, it is named
            telling = set(tokenize(moved.group("place"))) - before if moved else set()
            before |= set(tokenize(sentence))
            if moved and telling and not telling <= said:
                detail = f"later: its passage goes on, '{moved.group(0).strip()}'"
                return check_field("later", "unknown", detail)
    return check_field("later", "not_applicable")


def became_since_rule(value: bool, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A yes to 'As of December 31, 2020, could holders convert ...?' from the terms of a security, when its passage
    says it 'became convertible' only on a later date (January 16, 2021): unchecked, the later date named."""
    asked = [p for p in find_periods(question) if p.day is not None]
    if not value or not asked:
        return check_field("later", "not_applicable")
    limit = max((p.year, p.month or 0, p.day or 0) for p in asked)
    asked_words = {t[:5] for t in tokenize(question)}  # the state asked ('convert': 'convertible'), not another
    for cited in spans:
        for sentence in _following(cited, include_quote=True):
            became = _BECAME.search(sentence)
            state = tokenize(became.group("state")) if became else []
            if not became or not state or state[0][:5] not in asked_words:
                continue
            dates = [(p.year, p.month or 0, p.day or 0) for p in find_periods(sentence[: became.start()]) if p.day]
            if dates and min(dates) > limit:
                detail = f"later: its passage says '{sentence.strip()[:120]}', after the date asked"
                return check_field("later", "unknown", detail)
    return check_field("later", "not_applicable")


def _following(cited: CitedSpan, include_quote: bool = False) -> list[str]:
    """The sentences after the quote in its passage, up to a heading line ('Comirnaty', 'Matters Involving Pfizer
    and its Collaboration/Licensing Partners') or a sentence that starts another matter ('X filed a complaint')."""
    after = _before_heading(text_after(cited), cited)
    text = f"{cited.span.quote} {after}" if include_quote else after
    sentences: list[str] = []
    for sentence in split_sentences(text):
        if (sentences or not include_quote) and _NEW_MATTER.search(sentence):  # the quote's own matter aside
            break
        sentences.append(sentence)
    return sentences


_HEADING_WORDS = 8  # a heading is a short line


def _before_heading(after: str, cited: CitedSpan) -> str:
    """*after* (the text after the quote on its page) cut at the first heading line: a short line with no closing
    punctuation after a line that ends a sentence."""
    texts = cited.document.lines["text"].tolist()
    end = cited.span.line_end
    previous = str(texts[end - 1]) if 1 <= end <= len(texts) else ""
    for n in range(end, min(len(texts), end + 8)):
        line = str(texts[n]).strip()
        short = 0 < len(line.split()) <= _HEADING_WORDS and line[:1].isupper() and line[-1:] not in ".,;:"
        if short and previous.rstrip().endswith("."):
            at = after.find(line)
            return after[:at] if at >= 0 else after
        previous = line
    return after


# a clause that qualifies or turns what comes before it in its sentence (general English)
_CONCESSION = re.compile(
    r"^\W*(?:although|though|even\s+though|but|except|however|whereas|while|unless|provided\s+that)\b", re.IGNORECASE
)


def concession_rule(question: str, spans: list[CitedSpan], ignore: frozenset[str]) -> FieldCheck:
    """A yes/no read from a quote that stops before the rest of its sentence, when that rest turns it about what
    the question asks ('... is no longer emergency use authorized' / ', although Comirnaty remains a licensed
    vaccine.'): unchecked, the clause left out named."""
    asked = set(tokenize(question)) - ignore - _COMMON
    for cited in spans:
        clause = rest_of_sentence(cited)
        # the turn tells of what the question asks in words the quote does not say ('Comirnaty', 'licensed');
        # 'but we also sell directly to retailers' beside 'principally to wholesalers' adds, it does not turn
        told = asked & set(tokenize(clause)) - set(tokenize(cited.span.quote))
        if _CONCESSION.match(clause) and not _ADDITION.match(clause) and told:
            detail = f"polarity: its quote leaves out the rest of its sentence, '{clause.strip()[:100]}'"
            return check_field("polarity", "unknown", detail)
    return check_field("polarity", "not_applicable")


# a direction, a polarity or a level kept ("remained flat") a clause may give what it says of (general English)
_TURNING = re.compile(
    r"\b(?:increas\w*|decreas\w*|reduc\w*|rais\w*|lower\w*|higher|declin\w*|ris\w*|fall\w*|fell|gains?|loss\w*|"
    r"benefit\w*|savings?|not|no|never|none|without|flat|unchanged|stable|steady)\b",
    re.IGNORECASE,
)


def cut_short_rule(question: str, spans: list[CitedSpan], ignore: frozenset[str]) -> FieldCheck:
    """A yes/no read from a quote that stops inside its sentence before the words that say what the question asks
    and which way ('a 50 basis point increase ... would lead to an estimated $16 million' / 'reduction in net
    interest expense'): unchecked, the words left out named. The answer cannot be told from what was quoted."""
    asked = set(tokenize(question)) - ignore - _COMMON
    quoted = set().union(*(tokenize(c.span.quote) for c in spans)) if spans else set()
    for cited in spans:
        # the words after the quote to the end of its clause: a quote that ends at a comma has ended its clause
        left_out = re.split(r"[;,]|\s[–—-]\s", rest_of_sentence(cited), maxsplit=1)[0]
        asked_unquoted = {w for w in asked & set(tokenize(left_out)) - quoted if w.isalpha()}
        if asked_unquoted and _TURNING.search(left_out) and not _CONCESSION.match(left_out):
            detail = f"polarity: its quote stops before '{left_out.strip()[:100]}', which says what is asked"
            return check_field("polarity", "unknown", detail)
    return check_field("polarity", "not_applicable")


# a lead-in that ends with its subject's verb and an article: the quote is that verb's object ('We lease a' /
# 'similar, but smaller, administrative facility in Hilversum, ...'; general English)
_LEAD_VERB = re.compile(
    r"\b(?:we|it|they|the\s+company)\s+(?:also\s+|currently\s+|now\s+)?(?P<verb>[a-z]{3,})\s+"
    r"(?:a|an|the|our|its|their|some|certain)\s*$",
    re.IGNORECASE,
)


# verbs of holding and dealing that exclude each other: what is leased is not owned, what is sold not bought
_OPPOSED = {
    "own": ("lease", "rent", "sublease"),
    "lease": ("own",),
    "rent": ("own",),
    "buy": ("sell",),
    "purchase": ("sell",),
    "acquire": ("sell", "divest"),
    "sell": ("buy", "purchase", "acquire"),
}


def _same_verb(verb: str, word: str) -> bool:  # 'own' is too short a stem for verb_in
    return word.lower() in (verb, f"{verb}s", f"{verb}ed", f"{verb}d") or verb_in(verb, word)


def cut_verb_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A yes/no about what is done with a thing ('Does NIKE own the facility that serves as the headquarters for
    ...?') read from a quote cut after its sentence's verb, when that verb excludes the question's ('We lease a' /
    'similar, but smaller, administrative facility ..., which serves as the headquarters for ...'): unchecked, the
    verb named."""
    asking = search_text(question).lstrip()
    verb = asked_verb(asking[:1].lower() + asking[1:])
    opposed = next((o for v, o in _OPPOSED.items() if verb and _same_verb(v, verb)), ())
    if not verb or not opposed:
        return check_field("polarity", "not_applicable")
    for cited in spans:
        said = _LEAD_VERB.search(lead_in(cited.document, cited.span))
        if said and any(_same_verb(o, said["verb"]) for o in opposed) and not verb_in(verb, cited.span.quote):
            detail = f"polarity: its quote was cut after '{said.group(0).strip()}', what is done to it, not '{verb}'"
            return check_field("polarity", "unknown", detail)
    return check_field("polarity", "not_applicable")


_ADDITION = re.compile(r"^\W*but\s+(?:\w+\s+)?also\b", re.IGNORECASE)
_COMMON = frozenset(tokenize("company companies year years still the u.s. us"))


def goes_on_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A text read from a quote that stops before the rest of its sentence, when the rest says the question's verb
    and the quote does not ('How often does it pay the distributions?' from 'Such distributions are accrued each
    quarter' / 'and are paid 90 days after the end of each fiscal year'): unchecked, the rest named."""
    verb = asked_verb(question)
    if not verb or not verb.isalpha() or len(verb) < _VERB_LETTERS:
        return check_field("later", "not_applicable")
    for cited in spans:
        rest = rest_of_sentence(cited)
        if rest and verb_in(verb, rest) and not verb_in(verb, cited.span.quote):
            return check_field("later", "unknown", f"later: its sentence goes on, '{rest.strip()[:100]}'")
    return check_field("later", "not_applicable")


_VERB_LETTERS = 3


# a state its sentence bounds by a date it opens with: 'Prior to January 1, 2015, the functional currency ... was the
# British pound' held before the date, 'Effective January 1, 2015, ...' from it on (general English)
_BEFORE_WORDS, _AFTER_WORDS = r"prior\s+to|before|until", r"effective|beginning|starting|commencing|since"
_BOUNDED = re.compile(
    rf"^\W*(?:(?P<before>{_BEFORE_WORDS})|(?P<after>{_AFTER_WORDS}))\s+"
    r"(?:on\s+|in\s+)?(?P<date>(?:[A-Za-z]+\s+\d{1,2},\s*)?[^,.;]{0,30}?\d{4})\s*,",
    re.IGNORECASE,
)


_ASKS_BOUND = re.compile(rf"\b(?:{_BEFORE_WORDS}|{_AFTER_WORDS}|after)\b", re.IGNORECASE)


def bounded_state_rule(spans: list[CitedSpan], question: str) -> FieldCheck:
    """A text or yes/no about a year read only from sentences that bound what they say to before a date the
    year is after ('Prior to January 1, 2015, ... was the British pound' for 2015), or to after a date the year is
    before ('Effective January 1, 2015, ...' for 2014): a mismatch, the bound named."""
    asked = years_named(question)
    if not asked or not spans or _ASKS_BOUND.search(question):  # 'Before 2015, on what did it base ...?' asks it
        return check_field("period", "not_applicable")
    ends = str(spans[0].document.meta.profile.period_end.value or "")
    fiscal = bool(re.search(r"\bfiscal\b|\bFY", question, re.IGNORECASE)) and not ends.endswith("-12-31")
    bounds = [_bound_of(cited) for cited in spans]
    if not all(b is not None and _outside(b, asked, fiscal) for b in bounds):
        return check_field("period", "not_applicable")
    side, date, _ = bounds[0]  # type: ignore[misc]
    detail = f"period: its sentence says this held {side} {date}, not in the year asked"
    return check_field("period", "mismatch", detail)


def _bound_of(cited: CitedSpan) -> tuple[str, str, Period] | None:
    """The bound the quote's sentence opens with, its sentence read from the quote's line or the line above (a
    heading line above, 'Foreign currency', is not part of it)."""
    leads = (quote_lead(cited), quote_lead(cited, before=1))
    return next((b for lead in leads if (b := _bound(f"{lead} {cited.span.quote}".strip()))), None)


def _bound(sentence: str) -> tuple[str, str, Period] | None:
    """The side ('before' or 'from') and the date a sentence opens with, if it opens with a bound and does not go
    on to the other side ('Prior to fiscal 2023, we reported three segments; beginning in fiscal 2023, ...')."""
    opened = _BOUNDED.match(sentence)
    periods = find_periods(opened.group("date")) if opened else []
    if not opened or len(periods) != 1:
        return None
    other = _AFTER_WORDS if opened.group("before") else _BEFORE_WORDS
    if re.search(rf"\b(?:{other})\b", sentence[opened.end() :], re.IGNORECASE):
        return None
    return ("before" if opened.group("before") else "from"), opened.group("date").strip(), periods[0]


def _outside(bound: tuple[str, str, Period], asked: frozenset[int], fiscal: bool) -> bool:
    """Whether every year asked lies wholly on the other side of the bound (a fiscal year asked may reach into the
    calendar year on either side of its number, so it needs a year more of room)."""
    side, _, date = bound
    room = 1 if fiscal and not date.fiscal else 0
    starts_year = (date.month in (None, 1)) and (date.day in (None, 1))
    if side == "before":  # held before the date: a year asked that starts on or after it is outside
        first = date.year + (0 if starts_year else 1) + room
        return min(asked) >= first
    return max(asked) < date.year - room  # held from the date on: a year asked that ends before it is outside


# the length of a period a sentence opens with ('For the six months ended June 30, 2023', 'During the year ended'),
# and the one a question asks ('in the second quarter of 2023', 'for the first half'): general English of filings
_LENGTH = re.compile(
    r"\b(?:(?P<n>three|six|nine|twelve)\s+months|(?P<quarter>quarter)|(?P<year>(?:fiscal\s+)?year))\s+ended\b", re.I
)
_ASKS_LENGTH = (
    (3, re.compile(r"\b(?:first|second|third|fourth)\s+quarter\b|\bQ[1-4]\b|\bthree\s+months\b", re.IGNORECASE)),
    (6, re.compile(r"\bsix\s+months\b|\bfirst\s+half\b|\bH1\b", re.IGNORECASE)),
    (9, re.compile(r"\bnine\s+months\b", re.IGNORECASE)),
)
_MONTHS_OF = {"three": 3, "six": 6, "nine": 9, "twelve": 12}
# a period the sentence is said of: one that ended, or a year it opens with ('In 2020,'); not a date some state
# lasts through ('waived through December 31, 2024')
_OPENS_PERIOD = re.compile(rf"{_LENGTH.pattern}|^\W*(?:In|During)\s+(?:fiscal\s+)?(?:19|20)\d\d\b", re.IGNORECASE)


def _months(length: re.Match[str] | None) -> int | None:
    if length is None:
        return None
    return _MONTHS_OF[length["n"].lower()] if length["n"] else 3 if length["quarter"] else 12


def cut_period_rule(spans: list[CitedSpan], question: str) -> FieldCheck:
    """A text or yes/no whose quote was cut after the words that open its sentence with another period than the
    question's ('During the year ended December 31, 2020, ...' for 2022; 'For the six months ended June 30, 2023,
    ...' for the second quarter): what it says is said of that period. Unchecked, the opening named."""
    years = years_named(question)
    asked = next((n for n, pattern in _ASKS_LENGTH if pattern.search(question)), None)
    for cited in spans:
        lead = quote_lead(cited) or quote_lead(cited, before=1)
        opened = {y for p in find_periods(lead) for y in p.years} if _OPENS_PERIOD.search(lead) else set()
        other_year = bool(years and opened) and not opened & years and not years & years_named(cited.span.quote)
        months = _months(_LENGTH.search(lead))
        if other_year or (asked and months and months != asked and not _LENGTH.search(cited.span.quote)):
            detail = f"period: its quote's sentence opens '{lead.strip()[:90]}', not the period asked"
            return check_field("period", "unknown", detail)
    return check_field("period", "not_applicable")


# a holding a list asks of ('the countries in which Microsoft owns properties'): forms of own, lease, rent
_HOLDING = re.compile(r"\b(?P<verb>own|leas(?=e|ing)|rent)(?:s|ed|d|ing|e|es)?\b", re.IGNORECASE)


def held_otherwise_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A list entry for what is held one way ('the countries in which Microsoft owns properties') quoted from a
    sentence that says only another way, one that excludes it ('The largest leased office spaces include the following
    locations: Finland, ...' after the sentence of what it owns): unchecked, both verbs named."""
    asked = _held(search_text(question))
    if len(asked) != 1:  # 'owns or leases': either answers
        return check_field("about", "not_applicable")
    verb = asked.pop()
    for cited in spans:
        said = _held(f"{lead_in(cited.document, cited.span)} {cited.span.quote}")
        other = sorted(said & set(_OPPOSED[verb]))
        if other and verb not in said:
            return check_field("about", "unknown", f"about: its quote's sentence says '{other[0]}', not '{verb}'")
    return check_field("about", "not_applicable")


def _held(text: str) -> set[str]:
    """The verbs of holding *text* says, in their base form ('leasing', 'leased': lease)."""
    return {"lease" if m["verb"].lower() == "leas" else m["verb"].lower() for m in _HOLDING.finditer(text)}
