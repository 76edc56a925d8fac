"""Rules for a date: the clause that holds it states the asked event (``event``), the instance the question names
(the first, the final, ...), and a text claim's date is the date of the clause it is said of (``date``).

Word lists are grammar (English verbs of announcement, date leads), not any document's or benchmark's wording.
"""

from __future__ import annotations

import re

from ..periods import find_periods
from ..question.parse import search_text
from ..textnorm import split_sentences, tokenize
from .claims import _STOP, check_field, content_words, quote_sentences
from .events import asked_instance, asked_verb, event_verbs, noun_dated, says_verb, tells_instance, verb_in
from .kinds import ATTRIBUTION
from .leadin import lead_in
from .listdates import other_item_dated, with_rest
from .places import placed_elsewhere
from .rules import FieldCheck
from .values import CitedSpan, cut_clause
from .wording import name_terms, names_asked

_check, _content, _sentences = check_field, content_words, quote_sentences


def date_clause_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A date a text claim states after its own words ('took effect on March 1, 2022') sits in its quote after
    some of them, in the same clause: 'and replaces the policy dated March 1, 2022' dates another thing."""
    quotes = " ".join(c.span.quote for c in spans)
    for date in (p for p in find_periods(text) if p.day):
        before = _content(" ".join(text[: date.start].split()[-3:]))  # "took effect on"
        holders = [c for c in _CLAUSE_BREAK.split(quotes) if date.text in c]
        if before and holders and not any(_content(c) & before for c in holders):
            return _check("about", "unknown", f"about: the quote dates something else with {date.text}")
    return _check("about", "not_applicable")


_CLAUSE_BREAK = re.compile(r";|,(?!\s*\d)|\band\b|\bwhile\b|\bwhereas\b", re.IGNORECASE)


# words that introduce a date ('Effective January 1, 2022, we adopted ...', 'Beginning in ...'): no event of their own
_DATE_LEADS = frozenset(tokenize("effective beginning starting commencing as of"))


def _date_clause(clauses: list[str], date_text: str, sentence: str, named: frozenset[str] = frozenset()) -> str:
    """The clause that holds the date; an introductory 'On March 9, 2021,' is read with the clause it introduces
    (a heading run into it, 'Fotolia On January 27, 2015,', names what the question *named* and no event)."""
    at = next((n for n, c in enumerate(clauses) if date_text.lower() in c.lower()), None)
    if at is None:
        return sentence
    holding = clauses[at]
    # 'Group Co. On February 13, 2015': a name's abbreviation the sentences were not split at ends what comes before
    holding = holding[_last_stop(holding, holding.lower().find(date_text.lower())) :]
    if not _content(holding.lower().replace(date_text.lower(), " ")) - _DATE_WORDS - _DATE_LEADS - named:
        # an introductory date governs the clauses after it up to the next date ('On February 24, 2017, the
        # Company and Starbucks entered into ...': the subject's 'and' splits no event off)
        following: list[str] = []
        for clause in clauses[at + 1 :]:
            if following and find_periods(clause):
                break  # the next period opens the next event ('and in the fourth quarter of 2020 it acquired')
            following.append(clause)
        holding = " ".join([holding, *following])
    return holding


def _last_stop(text: str, before: int) -> int:
    """Where the words after the last '. ' followed by a capital before *before* start (0 when none)."""
    stops = [m.end() for m in re.finditer(r"\.\s+(?=[A-Z])", text[: max(before, 0)])]
    return stops[-1] if stops else 0


_DATED = re.compile(r"\W*dated\b", re.IGNORECASE)  # a participle clause dating its sentence's head noun
_AMENDS = re.compile(r"\b(?:amendment|amended|supplement(?:al)?|restated|addendum|waiver|joinder)\b", re.IGNORECASE)


def _amends(head: str, question: str) -> bool:
    """Whether the dated head noun is an amendment (a supplement, a waiver) of what the question names unamended."""
    return bool(_AMENDS.search(head)) and not _AMENDS.search(question)


def event_rule(date_text: str, spans: list[CitedSpan], question: str, ignore: frozenset[str]) -> FieldCheck:
    """The date's clause states the asked event (`_event_check`), and the instance the question names ('the
    remaining units') where it names one: a sentence about another step of it does not date it."""
    found = _event_check(date_text, spans, question, ignore)
    if found.verdict != "supported":
        return found
    dated = [s for s in _sentences(spans) if date_text.lower() in s.lower()]
    ends = [b for s in dated if (b := _SPAN_END.search(s[: s.lower().find(date_text.lower())]))]
    if ends and not _ASKS_END.search(search_text(question)):
        detail = f"event: {date_text!r} ends a span of time ('{ends[0].group(0).strip()} {date_text}'), not the day"
        return _check("event", "unknown", detail)
    if other := _other_name(dated, question, ignore):
        return _check("event", "mismatch", f"event: {date_text!r} is said of {other[0]}, not {other[1]}")
    dating = [c for c in spans if date_text in c.span.quote]
    wholes = [f"{lead_in(c.document, c.span)} {c.span.quote} {cut_clause(c)}" for c in dating]
    names = names_asked(search_text(question), ignore)
    wanted = {t[:5] for terms in names.values() for t in terms}
    if listed := other_item_dated([f"{lead_in(c.document, c.span)} {with_rest(c)}" for c in dating], date_text, wanted):
        return _check(
            "event", "mismatch", f"event: {date_text!r} dates another item; {listed[0]!r} is dated {listed[1]}"
        )
    said = " ".join([question, *(c.span.quote for c in spans)])
    if elsewhere := placed_elsewhere(wholes, names, said):
        detail = f"event: {date_text!r} is said of something in {elsewhere[0]}; the question asks about {elsewhere[1]}"
        return _check("event", "unknown", detail)
    if (several := _bounds_several(dated, question, ignore)) is not None:
        detail = f"event: {date_text!r} bounds several things' dates ('{several}'), not the one the question names"
        return _check("event", "mismatch", detail)
    clauses = [_date_clause([c for c in _CLAUSE_BREAK.split(s) if c.strip()], date_text, s) for s in dated]
    if not _ASKS_ANNOUNCEMENT.search(question):
        for clause in clauses:
            if later := _announced_then_dated(clause, date_text):
                detail = f"event: {date_text!r} dates an announcement; the sentence dates what was announced {later!r}"
                return _check("event", "mismatch", detail)
    which = asked_instance(question)
    if which is None:
        return found
    if any(tells_instance(which, clause) for clause in clauses) or (which == "first" and _done_again(clauses, spans)):
        return found
    return _check("event", "unknown", f"event: the question asks the {which} one; {date_text!r} is not said to be")


# a date that ends a span of time ('A replay of the call will be available through February 15, 2023'), asked only
# by a question about an end, a last day or what is available
_SPAN_END = re.compile(r"\b(?:through|thru|until|till|ending|expiring)\s+(?:on\s+)?$", re.IGNORECASE)
_ASKS_END = re.compile(
    r"\b(?:until|through|till|end\w*|expir\w*|matur\w*|due|last|available|deadline|term|period)\b", re.IGNORECASE
)


def _done_again(clauses: list[str], spans: list[CitedSpan]) -> bool:
    """Whether another quote says a verb of the dated clause again with 're-' of the same named subject ('Mr. Kent
    joined the Company in 1978' beside 'Mr. Kent rejoined the Company in May 2005'): the dated one is the first."""
    words = {w.lower() for clause in clauses for w in re.findall(r"[A-Za-z]{4,}", clause)}
    names = {w for clause in clauses for w in re.findall(r"\b[A-Z][a-z]{2,}\b", clause)} - {"The", "Company"}
    others = [s for s in _sentences(spans) if not any(s in clause or clause in s for clause in clauses)]
    again = [s for s in others if any(re.search(rf"\bre-?{re.escape(w)}\b", s, re.IGNORECASE) for w in words)]
    return any(names & set(re.findall(r"\b[A-Z][a-z]{2,}\b", s)) for s in again)


_ASIDE = re.compile(r"\([^)]*\)|[“\"][^”\"]*[”\"]")
# a date that bounds several things' dates: 'Such leases expire at various times through 2028', 'with various
# expiration dates through 2028', 'in various years through 2036' (general English)
_VARIOUS = re.compile(
    r"\b(?:at\s+|in\s+|with\s+)?(?:various|different|varying)\s+(?:[a-z]+\s+)?(?:times|dates|points|years)\b[^.;]*",
    re.IGNORECASE,
)


def _bounds_several(dated: list[str], question: str, ignore: frozenset[str]) -> str | None:
    """The words of a sentence that give the date as the bound of several things' dates, when the question names
    one thing ('the Almaden Tower building') and no sentence of the date names it."""
    wanted = {t[:5] for terms in names_asked(search_text(question), ignore).values() for t in terms}
    if not wanted or not dated or any({t[:5] for t in tokenize(s)} & wanted for s in dated):
        return None
    found = [(s, m) for s in dated if (m := _VARIOUS.search(s))]
    if len(found) != len(dated):
        return None
    # the question asks about the group itself when it names the plural the sentence dates ('the leases on AMD's
    # leased space in the United States, ...' for 'These leases expire at varying dates through 2028')
    plurals = {w.lower() for s, m in found for w in re.findall(r"\b[A-Za-z]{3,}s\b", s[: m.start()])}
    asked = {w.lower() for w in re.findall(r"\b[A-Za-z]+\b", question)}
    return None if plurals & asked else found[0][1].group(0).strip()


def _other_name(dated: list[str], question: str, ignore: frozenset[str]) -> tuple[str, str] | None:
    """(another name, the name asked) when the question names a thing ('the sale of ... Gold Strike Tunica') and
    no sentence of the date names it, while one names another as the object of the act ('completed the sale of the
    operations of The Mirage'): the same act done to another thing. Names are compared by their words' stems
    ('Russian' is 'Russia''s); the issuer's own name (*ignore*) is no thing asked."""
    asked = names_asked(search_text(question), ignore)
    wanted = {t[:5] for terms in asked.values() for t in terms}
    if not wanted or any({t[:5] for t in tokenize(s)} & wanted for s in dated):
        return None
    for sentence in dated:
        for found in _OBJECT.finditer(_ASIDE.sub(" ", sentence)):
            terms = {t[:5] for t in tokenize(found["name"])} - {t[:5] for t in ignore}
            if terms and not terms & wanted:
                return found["name"], next(iter(asked))
    return None


# the thing an act is done to, named right after it: 'the sale of the operations of The Mirage', 'acquisition of
# Current Health' (a name written lower case, 'a New Zealand based manufacturer', names none)
_OBJECT = re.compile(
    r"\b(?:sale|sold|acquisition|acquired|disposition|divestiture|purchase|purchased|merger|spin-?off)\s+"
    r"(?:of\s+)?(?:(?:the|its|our)\s+)?(?:operations\s+of\s+)?"
    r"(?P<name>(?:The\s+)?[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,3})"
)


# 'When did X announce ...', 'When was the agreement signed?': a question about the announcement itself
_ASKS_ANNOUNCEMENT = re.compile(r"\bannounc|\bdisclos|\bagree|\bsign(?:ed|ing|s)?\b|\benter(?:ed)?\s+into\b", re.I)


# 'announced its intention to', 'announced plans to': an announcement of a later event ('approved a plan to
# repurchase ... through December 31, 2022' is an act of its own, dated by its date)
_ANNOUNCED_INTENT = re.compile(r"\bannounc\w*\b(?:\s+\w+){0,3}?\s+(?:intention|intent|plans?|decision)\s+to\b", re.I)


def _announced_then_dated(clause: str, date_text: str) -> str | None:
    """The later date of a clause that opens with *date_text* and announces an intent dated by that later date
    ('On November 2, 2020, the MOD announced its intention to re-nationalize the program on June 30, 2021'):
    the first dates the announcement, the second the event announced."""
    at = clause.lower().find(date_text.lower())
    intent = _ANNOUNCED_INTENT.search(clause, at + len(date_text)) if at >= 0 else None
    if intent is None:
        return None
    later = [p for p in find_periods(clause[intent.start() :]) if p.day and p.text.lower() != date_text.lower()]
    return later[0].text if later else None


def _event_check(date_text: str, spans: list[CitedSpan], question: str, ignore: frozenset[str]) -> FieldCheck:
    """The clause that holds the date states the asked event: the question's verb ('When did Amazon acquire ...':
    acquire) in any form, else its predicate (its last content word: 'payable', 'declared', 'effect'), is in the
    date's clause, not only in another clause of the sentence; a sentence that never says the verb does not
    date the event."""
    asking = ATTRIBUTION.sub(" ", search_text(question))  # '..., according to Boeing's 2022 10-K': no event
    asked = [t for t in tokenize(asking) if t not in _STOP and not t[:1].isdigit() and t not in ignore]
    asked = [t for t in asked if t not in _DATE_WORDS]
    if not asked:
        return _check("event", "not_applicable")
    event = asked[-1]
    verb = asked_verb(asking) or _passive_verb(asking)
    expecting = _EXPECTED.search(asking) is not None
    named = _named_date(asking)
    for sentence in _sentences(spans):
        if date_text.lower() not in sentence.lower():
            continue
        clauses = [c for c in _CLAUSE_BREAK.split(sentence) if c.strip()]
        holding = _date_clause(clauses, date_text, sentence, frozenset(asked))
        other = _antecedent(sentence, holding, asked) or _restrictive_antecedent(holding, date_text, verb, asked)
        if other is not None:
            return _check(
                "event", "unknown", f"event: {date_text!r} dates the {other}, which the question does not name"
            )
        if named is not None and _ACT.search(holding) and not any(w.startswith(named) for w in _content(holding)):
            return _check(
                "event", "unknown", f"event: the clause of {date_text!r} does not say the '{named}...' date asked"
            )
        if verb is not None:
            if expecting:  # 'When is it expected to close': 'is expected to close in 2023' says the close asked
                holding, sentence = _EXPECTED.sub(" ", holding), _EXPECTED.sub(" ", sentence)
            holding, sentence = _PREFIXED.sub(" ", holding), _PREFIXED.sub(" ", sentence)  # 'pre-closing': no close
            dated_noun = noun_dated(question, verb, holding, date_text, name_terms(asking, ignore))
            if dated_noun or any(says_verb(v, holding) for v in event_verbs(question, verb)):
                return _check("event", "supported")
            if verb_in(verb, sentence):
                return _check("event", "mismatch", f"event: {date_text!r} is said of something other than '{verb}'")
            return _check("event", "unknown", f"event: the sentence of {date_text!r} does not say '{verb}'")
        if _says(event, holding):
            return _check("event", "supported")
        if _DATED.match(holding) and _says(event, clauses[0]) and not _amends(clauses[0], asking):
            return _check("event", "supported")  # 'X Agreement, between A and B, dated May 1, 2009'; not its amendment
        if any(_says(event, c) for c in clauses):
            return _check("event", "mismatch", f"event: {date_text!r} is said of something other than what was asked")
        if _content(holding) & set(asked):
            if (other := _dated_elsewhere(spans, date_text, event, asked)) is not None:
                detail = f"event: {date_text!r} is said of something else; its line dates '{event}' by {other!r}"
                return _check("event", "mismatch", detail)
            return _check("event", "supported")
        return _check("event", "unknown", f"event: the clause of {date_text!r} does not say what was asked")
    return _check("event", "not_applicable")


# 'For what fiscal year end date ...', 'What was the record date ...': the date of the thing its noun names
_NAMED_DATE = re.compile(r"\b(?:what|which)\s+(?P<noun>(?:[\w-]+\s+){1,3}?)date\b", re.IGNORECASE)


# a word a prefix makes a modifier of another time or its absence ('a pre-closing special dividend', 'post-acquisition',
# 'non-renewal'): it says no act of its root
_PREFIXED = re.compile(r"\b(?:pre|post|non)-\w+", re.IGNORECASE)
_ACT = re.compile(r"\b[a-z]{3,}ed\b")  # a clause that dates an act ('filed with the SEC on March 24, 2017')


def _named_date(question: str) -> str | None:
    """The head word of the noun a question puts before 'date' ('fiscal year end date': end), as a term."""
    found = _NAMED_DATE.search(question)
    words = [t for t in tokenize(found.group("noun")) if t not in _STOP and t not in _DATE_WORDS] if found else []
    return words[-1][:5] if words else None  # 'matur' of 'maturity' is said by 'mature' too


def _dated_elsewhere(spans: list[CitedSpan], date_text: str, event: str, asked: list[str]) -> str | None:
    """Another date the cited line gives the asked event, in a clause the quote left out, after it ('In August 2022,
    the President signed into law the Act' + ', which contained provisions effective January 1, 2023') or before it
    when that clause says more of the question than the quote ('wage to $15.00 an hour effective July 2022' before
    'with incremental increases ... beginning in August 2021'; not 'The ex-dividend date will be September 6, 2023'
    before 'the record date will be September 7, 2023')."""
    for cited in (c for c in spans if date_text.lower() in c.span.quote.lower()):
        lines = cited.document.lines["text"].iloc[cited.span.line_start - 1 : cited.span.line_end + 2].tolist()
        text = " ".join(" ".join(str(t) for t in lines).split())
        at = text.find(" ".join(cited.span.quote.split())[-30:])
        after = ([*split_sentences(text[max(at, 0) :]), ""])[0]  # the quote's sentence, to its end
        quoted = len(_content(cited.span.quote) & set(asked))
        before = [
            c
            for c in _CLAUSE_BREAK.split(lead_in(cited.document, cited.span))
            if len(_content(c) & set(asked)) > quoted
        ]
        for clause in [*_CLAUSE_BREAK.split(after), *before]:
            # 'effect' of 'take effect' is 'effectiv' of 'effective'
            said = [w for w in _content(clause) if len(w) >= 4 and (w.startswith(event) or event.startswith(w))]
            if date_text.lower() in clause.lower() or not said:
                continue
            if dates := [p.text for p in find_periods(clause) if p.text.lower() != date_text.lower()]:
                return dates[0]
    return None


_RELATIVE = re.compile(r"\s*(?:which|that)\b", re.IGNORECASE)


def _antecedent(sentence: str, clause: str, asked: list[str]) -> str | None:
    """The noun a relative clause that holds the date is said of, when the question does not name it ('the
    contractual term of the subconcession, which expired on December 31, 2022' asked of the new concession)."""
    at = sentence.find(clause)
    if not _RELATIVE.match(clause) or at <= 0:
        return None
    # the clause before, back past an aside: 'distribution center in Reno, Nevada, which', 'indebtedness (and any
    # interest accrued and unpaid thereon) of Bellagio BREIT Venture, which'
    words = re.findall(r"[A-Za-z][\w-]*", re.sub(r"\([^)]*\)", " ", sentence[:at]))[-12:]
    terms = {t for w in words for t in tokenize(w)} - _STOP
    return words[-1] if terms and not terms & set(asked) else None


_THAT = re.compile(r"\b(?P<noun>[A-Za-z][\w-]*)\s+(?:that|which)\s+(?=(?P<rest>.*))", re.IGNORECASE)


def _restrictive_antecedent(clause: str, date_text: str, verb: str | None, asked: list[str]) -> str | None:
    """The noun a restrictive relative clause holding the asked verb and the date is said of, when the question
    does not name it ('the fourth lease year that commenced on December 1, 2022' asked when the lease commenced)."""
    at = clause.lower().find(date_text.lower())
    matches = list(_THAT.finditer(clause[:at])) if verb is not None and at > 0 else []
    found = matches[-1] if matches else None  # the relative clause nearest the date
    if found is None or found.group("noun").lower().endswith("ed") or not says_verb(verb or "", found.group("rest")):
        return None  # 'announced that ...' is no noun's clause
    noun = found.group("noun")
    return noun if not set(tokenize(noun)) & set(asked) else None


def _says(event: str, clause: str) -> bool:
    """Whether *clause* says the event word, in any form ('matur' of 'mature' in 'the maturity date')."""
    words = _content(clause)
    return event in words or (len(event) >= 5 and any(w.startswith(event) for w in words))


_DATE_WORDS = frozenset(tokenize("date dates when day days month months year years happen happened time"))


# 'On what date was water service fully restored to ...': a passive question; its participle is the last '-ed' word
# before a preposition or the end ('When was the secured credit facility terminated?': terminated, not secured)
_PASSIVE_WHEN = re.compile(
    r"\b(?:when|what\s+date|which\s+date|what\s+day)\s+(?:was|were|is|are|has|have|had)\s+(?:been\s+)?"
    r"(?P<words>(?:(?!(?:to|by|in|on|at|for|from|with|after|before|under|following)\b)[\w&'’.-]+\s*){1,10})",
    re.IGNORECASE,
)


_PARTICIPLE = re.compile(r"[a-z]{3,}ed|(?:re)?paid|sold|bought", re.IGNORECASE)


def _passive_verb(question: str) -> str | None:
    """The participle a passive date question asks about ('When was the loan repaid?': repaid), or the verb an
    expectation it asks about names ('When is the acquisition expected to close?': close)."""
    found = _PASSIVE_WHEN.search(question)
    if found is None:  # 'By when does J&J expect its ... compliance effort ... to be completed?': completed
        expected = _EXPECTS_THEN.search(question)
        return expected.group("verb") if expected else None
    then = re.match(r"\s*to\s+(?:be\s+)?([a-z]{3,})", question[found.end() :])
    if then is not None and _EXPECTED.search(f"{found.group('words')} to"):
        return then.group(1)
    last = re.findall(r"[A-Za-z]+", found.group("words"))[-1:]
    return last[0] if last and _PARTICIPLE.fullmatch(last[0]) else None


_EXPECTS_THEN = re.compile(
    r"\b(?:expects?|anticipates?|plans?|intends?)\s+(?:its|the|their|our)\b[^?]{0,160}?\bto\s+(?:be\s+)?"
    r"(?P<verb>[a-z]{3,})\b",
    re.IGNORECASE,
)
# a date to come: 'is expected to close in 2023', 'anticipated to be completed by', 'we plan to'
_EXPECTED = re.compile(
    r"\b(?:expected|anticipated|estimated|projected|planned|targeted|intends?|plans?|expects?)\s+to\b",
    re.IGNORECASE,
)
# a question about a date to come asks an expectation; one about a limit ('By when must ...', 'the deadline') or a
# past event ('When did ... close') asks no expectation
_ASKS_EXPECTED = re.compile(
    r"\b(?:expect\w*|anticipat\w*|estimat\w*|projected|plans?|planned|scheduled|targeted|intend\w*|will|would)\b", re.I
)
_ASKS_LIMIT = re.compile(r"\b(?:must|required|deadline|no\s+later\s+than|latest|outside\s+date)\b", re.I)
_ASKS_PAST = re.compile(r"\b(?:when|what\s+date)\s+(?:did|was|were|had)\b", re.IGNORECASE)


def expectation_rule(date_text: str, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A date its clause gives as expected ('The transaction ... is expected to close in 2023') answers a question
    about when something is expected, not one about a limit ('By when must the acquisition close to avoid the
    fee') nor about when it happened: ``scenario`` mismatch."""
    if _ASKS_EXPECTED.search(search_text(question)):
        return _check("scenario", "not_applicable")
    for sentence in (s for s in _sentences(spans) if date_text.lower() in s.lower()):
        clauses = [c for c in _CLAUSE_BREAK.split(sentence) if c.strip()]
        holding = _date_clause(clauses, date_text, sentence)
        expected = _EXPECTED.search(holding[: holding.lower().find(date_text.lower())] if date_text else holding)
        if expected is None:
            continue
        asks = "a limit" if _ASKS_LIMIT.search(question) else "what happened" if _ASKS_PAST.search(question) else ""
        if asks:
            detail = f"scenario: {date_text!r} is a date to come ('{expected.group(0)} ...'); the question asks {asks}"
            return _check("scenario", "mismatch", detail)
    return _check("scenario", "not_applicable")


# a day a rule is anchored to, not a date: 'ends on the Friday closest to November 30' (general English)
_ANCHORED = r"\b(?:closest|nearest|next)\s+to\s+(?:the\s+)?$|\bnearest\s+$|\bon\s+or\s+(?:about|around)\s+$"
_FISCAL_END = re.compile(r"\bfiscal\s+(?:year\s+)?(?P<year>(?:19|20)\d\d)\b[^?]*\b(?:end|ended|close|closed)\b", re.I)


def anchor_rule(date_text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A day its sentence gives as the anchor of a rule ('the Friday closest to November 30') is no date the
    question's event fell on: unchecked."""
    for sentence in quote_sentences(spans):
        at = sentence.lower().find(date_text.lower())
        if at > 0 and re.search(_ANCHORED, sentence[:at], re.IGNORECASE):
            return _check(
                "event",
                "unknown",
                f"event: {date_text!r} anchors a rule ('{sentence[max(at - 30, 0) : at]}"
                f"{date_text}'), it is not the date itself",
            )
    return _check("event", "not_applicable")


def fiscal_end_rule(iso: str | None, question: str) -> FieldCheck:
    """A fiscal year that ends in the first week of January is the year of the December before it (a 52/53-week
    year ending on the Sunday closest to December 31): 'January 2, 2022' ends fiscal 2021, not the fiscal 2022 a
    question asks the end of (unchecked)."""
    asked = _FISCAL_END.search(question)
    if asked is None or not iso or not re.match(r"\d{4}-01-0[1-7]$", iso) or iso[:4] != asked.group("year"):
        return _check("event", "not_applicable")
    detail = f"event: {iso} ends a 52/53-week year that is the December before's, not fiscal {asked.group('year')}"
    return _check("event", "unknown", detail)


def worked_out_rule(original_text: str, iso: str | None) -> FieldCheck:
    """A date whose quoted text states none ('a maturity of 12 years' for 2032) was worked out, not read: unchecked."""
    if not iso or find_periods(original_text) or re.search(r"\b(?:19|20)\d\d\b|\b[1-4]Q\d\d\b|\bFY\d", original_text):
        return _check("event", "not_applicable")
    return _check("event", "unknown", f"event: {original_text!r} states no date; {iso} is worked out, not quoted")


# what an amendment replaces: 'amended and restated its existing $2.25 billion facility expiring in August 2019 to a
# $3.75 billion facility expiring in March 2021' (general English: the state before a change is 'existing', 'prior')
_SUPERSEDED = re.compile(
    r"\b(?:existing|former|previous|prior|predecessor|original|old|replaced|superseded)\b", re.IGNORECASE
)
# a date set first and since moved (general English: 'originally scheduled for', 'initially expected in')
_FIRST_SET = re.compile(
    r"\b(?:originally|initially|previously)\s+(?:been\s+)?(?:scheduled|planned|set|expected|slated|due|targeted|"
    r"anticipated)\s+(?:\w+\s+){0,2}(?:for|to|on|in|by|at)?\s*$",
    re.IGNORECASE,
)  # 'originally scheduled to expire in'
# a question about the date first set: 'originally', or the date 'before it was continued (postponed, ...)'
_ASKS_FIRST_SET = re.compile(
    r"\b(?:originally|initially|first)\b|\b(?:before|prior\s+to)\s+(?:\w+\s+){0,3}?(?:was|were|being|been)\s+"
    r"(?:continued|postponed|moved|delayed|rescheduled|deferred|changed|extended)\b",
    re.IGNORECASE,
)
_REPLACED = re.compile(r"\b(?:replac|supersed)\w*\s+(?:\S+\s+){0,8}$", re.IGNORECASE)
_REPLACED_BY = re.compile(r"^[^.;]{0,40}?\b(?:to|with|by)\s+(?:a|an|the|its|new)\b", re.IGNORECASE)


def superseded_rule(date_text: str, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A date of the thing its sentence says was replaced ('its existing ... facility expiring in August 2019 to a
    ... facility expiring in March 2021'), for a question that asks no earlier one: mismatch, naming the later date."""
    if _SUPERSEDED.search(question) or _ASKS_FIRST_SET.search(question):
        return _check("event", "not_applicable")
    for cited in spans:
        sentence = with_rest(cited)
        at = sentence.lower().find(date_text.lower())
        if at < 0:
            continue
        before, after = sentence[max(_last_stop(sentence, at), at - 160) : at], sentence[at + len(date_text) :]
        later = [p.text for p in find_periods(after[:160]) if p.text != date_text]
        if replacing := _REPLACED.search(before):  # '..., which replaced the Company's February 2016 program'
            detail = f"event: {date_text!r} dates what was replaced ('{replacing.group(0)}{date_text}')"
            return _check("event", "mismatch", detail)
        if moved := _FIRST_SET.search(before):  # 'originally scheduled for October 2021 but has been continued to'
            detail = f"event: {date_text!r} was the date first set ('{moved.group(0)}{date_text}'), since changed"
            return _check("event", "mismatch" if later else "unknown", detail + (f" to {later[0]!r}" if later else ""))
        if (old := _SUPERSEDED.search(before)) and _REPLACED_BY.match(after) and later:
            replaced = f"{before[old.start() :].strip()} {date_text}"
            detail = f"event: {date_text!r} is of what the sentence replaced ('{replaced}'); it says {later[0]!r} after"
            return _check("event", "mismatch", detail)
    return _check("event", "not_applicable")


# 'on the earlier of February 14, 2022 or upon our receipt of ...': the date is one of two bounds
_EITHER_BOUND = re.compile(
    r"\b(?:the\s+)?(?:earlier|later|earliest|latest|sooner)\s+(?:to\s+occur\s+)?of\s+(?:[^.;]|\.(?=\d)){0,60}$", re.I
)  # '5.25% notes': a decimal point ends no clause
# a question that asks the bound itself: the scheduled, latest or stated maturity or expiry date
_BOUND_ASKED = re.compile(
    r"\b(?:earlier|later|earliest|latest|sooner|scheduled|outside|no\s+later|matur\w*|expir\w*)\b", re.I
)


# the side of a bound a question asks ('limited to exposures on or after what date') and a quote gives its date on
# ('respirators sold prior to July 11, 1995')
_LATER_SIDE = r"on\s+or\s+after|after|since|beginning|starting"
_EARLIER_SIDE = r"on\s+or\s+before|prior\s+to|before|until|through"
_SIDE_ASKED = re.compile(
    rf"\b(?:(?P<later>{_LATER_SIDE})|(?P<earlier>{_EARLIER_SIDE}))\s+(?:what|which)\s+(?:\w+\s+)?date\b", re.I
)
_SIDE_QUOTED = re.compile(rf"\b(?:(?P<later>{_LATER_SIDE})|(?P<earlier>{_EARLIER_SIDE}))\s+$|(?P<pre>\bpre-)$", re.I)


def bound_rule(date_text: str, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A date the quote gives as one bound of 'the earlier (later) of' it and another event does not say when the
    thing happened: unknown, unless the question asks the bound ('scheduled', 'at the latest'). A date the quote
    bounds on the other side than the question asks ('sold prior to July 11, 1995' for 'exposures on or after what
    date') is another date: mismatch."""
    asked = _SIDE_ASKED.search(question)
    for cited in spans:
        start = cited.span.line_start  # the line before too: a quote may start at the date its sentence bounds
        before = str(cited.document.lines["text"].iloc[start - 2]) if start > 1 else ""
        sentence = f"{before} {with_rest(cited)}"
        at = sentence.lower().find(date_text.lower(), len(before))
        side = _SIDE_QUOTED.search(sentence[max(0, at - 30) : at]) if at >= 0 and asked else None
        if asked and side and bool(asked.group("later")) == bool(side.group("earlier") or side.group("pre")):
            said = f"{side.group(0).strip()} {date_text}"
            return _check("event", "mismatch", f"event: the quote bounds the date the other way ('{said}')")
        if _BOUND_ASKED.search(question):
            continue
        if at >= 0 and (bound := _EITHER_BOUND.search(sentence[max(0, at - 80) : at])):
            detail = (
                f"event: {date_text!r} is one bound of '{bound.group(0).strip()} {date_text} ...', not when it happened"
            )
            return _check("event", "unknown", detail)
        if at >= 0 and (hedge := _HEDGED.search(sentence[max(0, at - 30) : at])):
            detail = f"event: {date_text!r} is given as a bound ('{hedge.group(0).strip()} {date_text}'), not the date"
            return _check("event", "unknown", detail)
    return _check("event", "not_applicable")


# a date given as a bound of when it happened: 'since at least 1934', 'no later than', 'as early as' (general English)
_HEDGED = re.compile(r"\b(?:at\s+least|as\s+early\s+as|no\s+later\s+than|not\s+later\s+than|or\s+earlier)\s*$", re.I)
