"""Rules for what is not a figure: yes/no, text claims, causes, and whether every part was answered.

Each rule returns one ``FieldCheck``:
- ``polarity``: a yes/no is decided only from a quote about the asked subject whose polarity agrees (the
  negations: no, not, none, never, nor, without, did not, ...); a text claim that negates its quote (or a
  quote the claim affirms while the quote denies it) is contradicted.
- ``subject``: each number of a text claim sits with the same subject in its quote (a number taken from a
  second, unrelated quote is not the claim's).
- (dates: ``event`` and a text claim's ``date``, in verify/dates.py)
- ``cause``: a why / what-drove question needs a quote that states a cause ('due to', 'driven by', ...).
- ``completeness``: every part of the question (each line item of 'revenue and net income', each sub-question)
  is answered by an item; an answer that leaves one out is ``partial``.

Word lists are grammar (English negations and causal connectives), not any document's or benchmark's wording.
"""

from __future__ import annotations

import re

from ..concepts import concepts_in, label_of, qualifier_text, ratios_in, stated_definition
from ..numbers import find_numbers
from ..periods import find_periods, years_named
from ..question.parse import search_text, split_parts
from ..textnorm import fold, last_sentence, split_sentences, tokenize
from .events import (
    NEGATIONS,
    PAST_QUESTION,
    asks_outcome,
    asks_stop,
    continuation_reading,
    echoes_negation,
    event_reading,
    event_verb,
    negated,
    outcome_reading,
    possibility_only,
    stop_reading,
    verb_in,
)
from .inclusion import excluded_concepts
from .kinds import other_kind
from .places import outside_asked
from .rules import FieldCheck
from .values import CitedSpan
from .wording import names_state, states_asked
from .yearparts import NAMED_YEAR, undated_yes, without_object_dates
from .yesno import change_reading

CAUSES = re.compile(
    r"\b(?:due\s+to|driven\s+by|because|as\s+a\s+result\s+of|resulting\s+from|result\s+of|attributable\s+to|"
    r"primarily\s+(?:from|by|reflecting|related)|reflect(?:s|ed|ing)?|caused\s+by|owing\s+to|led\s+by|"
    r"(?:more\s+than\s+)?offset(?:\s+in\s+part)?\s+by|(?:partially|partly)\s+mitigated\s+by|contributed|"
    r"attributed\s+to|thanks\s+to|on\s+account\s+of|impact\s+of|benefit(?:ed)?\s+from|"
    r"as\s+we|mainly|largely|principally)\b|"
    # a change, then 'as' and what brought it: 'Windows OEM revenue decreased 25% as elevated channel inventory ...'
    r"\b(?:increased|decreased|declined|grew|rose|fell|improved)\s+(?:by\s+)?(?:\$?\d[\d.,]*\s*(?:%|percent|million|"
    r"billion)?\s+)?as\s+(?!(?:a|of|compared|well|follows|reported|expected|anticipated|discussed|described|noted|"
    r"previously|such|measured|planned|shown)\b)",
    re.IGNORECASE,
)
_ASKS_CAUSE = re.compile(
    r"^\s*why\b|\bwhat\s+(?:drove|drives|caused|causes|led\s+to|explains|contributed)\b|\breasons?\s+for\b|"
    r"\bdrivers?\s+of\b|\bwhat\s+(?:was|were|is|are)\s+the\s+(?:main\s+|primary\s+|key\s+)?(?:driver|reason|cause)s?\b",
    re.IGNORECASE,
)
_EXPECTS = re.compile(
    r"\b(?:expects?|expected|anticipates?|anticipated|will\s+be|outlook|guidance|forecasts?|projected|plans?\s+to|"
    r"intends?\s+to)\b",
    re.IGNORECASE,
)
# what kind of subject a name is ('the Missouri subsidiary'), not what is asked about it
_ENTITY_NOUNS = frozenset(tokenize("subsidiary subsidiaries segment segments division business unit entity affiliate"))
_STOP = frozenset(tokenize("the a an of in on for to and or by with from at as is was were be been this that its"))


def check_field(field: str, verdict: str, detail: str = "") -> FieldCheck:
    """One field's check, its verdict given as a plain string."""
    return FieldCheck(field=field, verdict=verdict, detail=detail)  # type: ignore[arg-type]


def content_words(text: str, ignore: frozenset[str] = frozenset()) -> set[str]:
    """The content terms of *text*: no stop word, no number (nor the 'pct' a percent sign adds), none of *ignore*."""
    return {t for t in tokenize(text) if t not in _STOP and not t[:1].isdigit() and t != "pct"} - ignore


def quote_sentences(spans: list[CitedSpan]) -> list[str]:
    """The quotes' sentences, a quote on the line after another read as its continuation ('Verizon did not
    repurchase any shares' / 'under our authorized share buyback program.' is one sentence)."""
    joined: list[str] = []
    for index, cited in enumerate(spans):
        if index and _continues(spans[index - 1], cited):
            joined[-1] = f"{joined[-1]} {cited.span.quote}"
        else:
            joined.append(cited.span.quote)
    return [s for quote in joined for s in split_sentences(quote)]


_check, _content, _sentences = check_field, content_words, quote_sentences  # short names for the rules below


def _continues(previous: CitedSpan, cited: CitedSpan) -> bool:
    """Whether *cited* goes on where *previous* stops: the next line, the first quote running to its line's end
    and the second starting at its line's start (nothing of the source left out between them; case, quote marks
    and the punctuation at the edges aside)."""
    if cited.span.doc != previous.span.doc or cited.span.line_start != previous.span.line_end + 1:
        return False
    first, second = _words(previous.span.quote), _words(cited.span.quote)
    return (
        bool(first and second)
        and _words(_source(previous)).endswith(first)
        and _words(_source(cited)).startswith(second)
    )


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", fold(text)))


# 'Had the acquisition been approved and completed': two things a yes affirms together
_BOTH_DONE = re.compile(r"\b(?:been|be|was|were|is|are)\s+(?P<a>[a-z]+ed)\s+and\s+(?P<b>[a-z]+ed)\b", re.IGNORECASE)


_PAYS = re.compile(r"\b(?:pay|pays|paid|paying|charged?|charges|charging|fees?|costs?)\b", re.IGNORECASE)
# what costs nothing: a no to 'do they pay'
_FREE = re.compile(
    r"(?<![\w-])free(?![\w-])(?!\s+(?:cash|of\s+(?!charge)))|\bat\s+no\s+(?:additional\s+|extra\s+)?(?:cost|charge)\b|"
    r"\bno\s+(?:additional\s+|extra\s+)?(?:charge|fee|cost)\b|\bwithout\s+(?:charge|cost)\b",
    re.IGNORECASE,
)


def polarity_rule(answer: bool, spans: list[CitedSpan], question: str, ignore: frozenset[str]) -> FieldCheck:
    """A yes needs a quote about the subject that affirms it, a no one that denies it; another year's quote decides
    nothing."""
    terms = _content(search_text(question), ignore)
    about = [s for s in _sentences(spans) if _content(s) & terms] or _sentences(spans)
    if not about:
        return _check("polarity", "unknown", "polarity: no quote to read the answer from")
    for state in states_asked(question) if answer else ():
        # 'Does the Missouri subsidiary have a revenue stability mechanism': a yes needs a quote of the mechanism that
        # names Missouri (a state list quoted from another row of the table names no one of this one)
        topic = terms - set(tokenize(state)) - _ENTITY_NOUNS
        if not any(names_state(state, s) and (not topic or _content(s) & topic) for s in _sentences(spans)):
            return _check("polarity", "unknown", f"polarity: no quote of what is asked names {state}")
    effects = [e for s in about if (e := _EFFECT.search(s))]
    if about and len(effects) == len(about) and not _EFFECT_ASKED.search(question):
        # '... as of December 31, 2022 reflects a decline ... related to the shutdown of our 3G network': one effect
        # within the figure, not whether it ended higher or lower
        within = f"polarity: the quote tells an effect within the figure ('{effects[0].group(0)}'), not its net change"
        return _check("polarity", "unknown", within)
    stages = [event_reading(question, s) for s in _sentences(spans)]
    if not answer and "denies" in stages and "affirms" not in stages:  # 'The transaction is expected to close ...'
        return _check("polarity", "supported", "polarity: the quote says the transaction is still pending")
    # a year that begins a name ('its 2009 Long-Term Incentive Plan') asks of no year, unless no other is asked
    asked_years = years_named(NAMED_YEAR.sub(" ", question)) or years_named(question)
    # the quote's years, and those of its sentence before it ('On February 24, 2017, the Company and ...')
    quoted_years = frozenset().union(*(years_named(without_object_dates(s)) for s in about))
    later = {y for c in spans for y in _dated(quote_lead(c), question) if asked_years and y > max(asked_years)}
    if later and not quoted_years & asked_years:  # a subsequent event: 'On February 24, 2017, ...' for 2016
        years = ", ".join(map(str, sorted(later)))
        return _check("polarity", "mismatch", f"polarity: the quote's sentence is dated {years}, after the year asked")
    if asked_years and quoted_years and not asked_years & quoted_years:
        years = ", ".join(map(str, sorted(quoted_years)))
        return _check("polarity", "mismatch", f"polarity: the quote is about {years}, not the year asked")
    if answer and (undated := undated_yes([*about, " ".join(c.span.quote for c in spans)], question, asked_years)):
        return _check("polarity", "unknown", f"polarity: {undated}")
    # a year that begins a name ('the 2021 Repurchase Program', 'the 2022 Plan') dates no event of the sentence
    elsewhen = [
        s
        for s in about
        if asked_years
        and (named := years_named(NAMED_YEAR.sub(" ", without_object_dates(s))))
        and not named & asked_years
    ]
    if not answer and any(map(negated, elsewhen)) and not any(negated(s) for s in about if s not in elsewhen):
        # 'we did not pay any dividends in 2022 and 2021' is no 'no' for 2020
        years = ", ".join(map(str, sorted(frozenset().union(*(years_named(s) for s in elsewhen if negated(s))))))
        return _check("polarity", "unknown", f"polarity: the quote's negation is about {years}, not the year asked")
    if PAST_QUESTION.match(question) and all(_EXPECTS.search(s) for s in about):
        return _check(
            "polarity", "mismatch", "scenario: the question asks what happened; the quote states an expectation"
        )
    if answer and (possible := possibility_only(question, about)):  # 'If ... were to occur, it would ...'
        detail = f"polarity: the quote tells a possibility, not a fact ('{possible[:120]}')"
        return _check("polarity", "unknown", detail)
    both = _BOTH_DONE.search(search_text(question))
    if answer and both:  # 'been approved and completed': a yes needs a quote that says each
        said = " ".join(about)
        missing = [v for v in (both.group("a"), both.group("b")) if not verb_in(v, said)]
        if missing:
            return _check("polarity", "unknown", f"polarity: the quotes do not say '{missing[0]}', which the yes needs")
    paying = bool(_PAYS.search(question))  # 'Do members pay for return shipping?': 'free return shipping' says no
    # 'None of our employees are represented by a union, except for certain employees in ...': some are
    denies = [
        s
        for s in about
        if (negated(s) and not _excepts_asked(s, terms) and not echoes_negation(question, s))
        or (paying and _FREE.search(s))
        or _instead_of(s, terms)
        or outside_asked(s, question)
    ]
    affirms = [s for s in about if s not in denies]
    if instead := set().union(*(_instead_of(s, terms) for s in denies)):  # 'filed a rate case' says nothing of ROE
        affirms = [s for s in affirms if _content(s) & instead]
    readings = {s: r for s in about if (r := change_reading(question, s, ignore)) is not None}
    # a transaction's stage may be told in a sentence that names it no more ('The transaction is expected to close')
    readings |= {s: r for s in _sentences(spans) if (r := event_reading(question, s)) is not None}
    readings |= {s: r for s in about if (r := continuation_reading(question, s) or outcome_reading(question, s))}
    stops = {s: r for s in about if (r := stop_reading(question, s, frozenset(terms))) is not None}
    readings |= stops  # a stop's reading is its own clause's, its negation read
    if readings:  # 'Did X increase': 'X decreased 16%' denies it, 'Y increased' says nothing of X
        decided = {s: r for s, r in readings.items() if r != "other"}
        if not decided:
            happened = event_verb(question) or asks_outcome(question) or asks_stop(question)
            what = "the quote does not say it happened" if happened else "the quote's change is of"
            return _check("polarity", "unknown", f"polarity: {what} ('{next(iter(readings))[:120]}')")
        denies = [s for s, r in decided.items() if (r == "denies") != (negated(s) and s not in stops)]
        affirms = [s for s in decided if s not in denies]
    affirms = [s for s in affirms if s not in elsewhen]  # 'In February 2020, the Board authorized ...' for 2022
    scopes = [_untold_scope(s, terms) for s in denies]
    if not answer and denies and not affirms and all(scopes):
        # 'no outstanding borrowings ... under the revolving credit facility' is no 'no' to 'any short-term debt'
        return _check("polarity", "unknown", f"polarity: the quote's no holds only '{scopes[0]}', which is not asked")
    if answer and denies and (not affirms or any(outside_asked(s, question) for s in denies)):  # 'all outside of'
        return _check("polarity", "mismatch", f"polarity: the answer is yes; the quote says no ('{denies[0][:120]}')")
    echoed = [s for s in affirms if echoes_negation(question, s)]  # 'we do not own' asked 'do we not own'
    if not answer and affirms and not denies and (not negated(question) or echoed):
        return _check("polarity", "mismatch", f"polarity: the answer is no; the quote says so ('{affirms[0][:120]}')")
    return _check("polarity", "supported", "the quote's polarity agrees with the answer")


# a negation with an exception after it in its sentence: what it excepts is so
_EXCEPTED = re.compile(
    r"\b(?:no|none|not|never)\b(?P<denied>[^.;]*?),\s*(?:except|other\s+than|with\s+the\s+exception\s+of)\s+"
    r"(?:for\s+)?(?P<what>(?:[\w'\u2019-]+\s+){0,5}[\w'\u2019-]+)",
    re.IGNORECASE,
)


def _excepts_asked(sentence: str, terms: set[str]) -> bool:
    """Whether the sentence's negation excepts some of what it denies or of what is asked ('None of our employees
    are represented by a union, except for certain employees in ...'; not 'no material pending legal proceedings,
    other than ordinary routine litigation')."""
    excepted = _EXCEPTED.search(sentence)
    return bool(excepted and _content(excepted.group("what")) & (_content(excepted.group("denied")) | terms))


# what a sentence says was not done, in place of what was: 'an operating ratio of 88% rather than a return on equity'
_RATHER = re.compile(r"\b(?:rather\s+than|instead\s+of|in\s+lieu\s+of)\s+(?P<what>[^.;,]+)", re.IGNORECASE)


def _instead_of(sentence: str, terms: set[str]) -> set[str]:
    """The asked thing the sentence says was not what was done, when the question names all of it ('rather than a
    return on equity': return, equity; not 'days past billing status rather than days past due' for 'days past
    billing', which does not say 'due')."""
    said: set[str] = set()
    for match in _RATHER.finditer(sentence):
        if (what := _content(match.group("what"))) and what <= terms:
            said |= what
    return said


# a change a figure includes, one of its effects: 'reflects a decline in our customer base related to ...'
_EFFECT = re.compile(
    r"\b(?:reflects?|reflected|reflecting|includes?|included|including)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}"
    r"(?:declines?|decreases?|reductions?|increases?|growth|rises?|drops?)\b",
    re.IGNORECASE,
)
_EFFECT_ASKED = re.compile(r"\b(?:reflect\w*|include\w*|impacts?|effects?|due\s+to|because)\b", re.IGNORECASE)
# the instrument a negation is limited to: 'no borrowings ... under the revolving credit facility'
_UNDER = re.compile(
    r"\b(?:under|pursuant\s+to)\s+(?P<what>(?:(?:the|its|our|their|this|that|such|any|each|a|an)\s+)?[\w'\u2019-]+"
    r"(?:\s+(?!(?:and|or|as|at|on|in|of|for|to|by|during|with|from)\b)[\w'\u2019-]+){0,4})",
    re.IGNORECASE,
)


# an instrument (a credit facility, notes, a repurchase program, an agreement): a no under one is no no to the whole
_INSTRUMENT = re.compile(
    r"\b(?:facilit\w*|credit|loans?|revolv\w*|paper|indentures?|notes|programs?|agreements?|plans?|"
    r"authorizations?)\b",
    re.IGNORECASE,
)


def _untold_scope(sentence: str, terms: set[str]) -> str:
    """The instrument a sentence's negation is said under when the question names none of its words, else '' (not a
    law or a standard: 'under the Securities Act', 'under the applicable guidance')."""
    negation = NEGATIONS.search(sentence)
    if not negation:
        return ""
    clause = re.split(r"[.;]\s", sentence[negation.end() :], maxsplit=1)[0]
    scope = _UNDER.search(clause)
    if not scope or not _INSTRUMENT.search(scope.group("what")) or not (words := _content(scope.group("what"))):
        return ""
    return "" if words & terms else scope.group(0)


# 'MGM China's first revolving credit facility': a name written possessive owns what follows it
_OWNER = re.compile(r"\b(?P<name>[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})(?:'|\u2019)s\b")
# owners that are the company itself, its parts in general, or no entity at all
SELF_WORDS = frozenset(
    tokenize("the company corporation group registrant firm board management our its their we parent this that")
)


def owner_rule(question: str, spans: list[CitedSpan], ignore: frozenset[str]) -> FieldCheck:
    """A quote about what another entity owns ('under MGM China's revolving credit facility') does not answer a
    question about the company's own (its name, *ignore*, aside) unless the question names that entity."""
    asked = set(tokenize(question)) | ignore | SELF_WORDS
    for sentence in _sentences(spans):
        for match in _OWNER.finditer(sentence):
            name = match.group("name")
            words = [tokenize(w) for w in name.split()]
            if not words or not words[0] or words[0][0] not in ignore:
                continue  # 'MGM China': the issuer's name first, then what narrows it ('D.C. JPMorgan' is none)
            if {t for w in words[1:] for t in w} - asked:
                detail = f"member: the quote is about {name}'s, which the question does not name"
                return _check("member", "unknown", detail)
    return _check("member", "not_applicable")


def text_polarity_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A text claim that negates what its quote affirms (or affirms what it denies) is contradicted."""
    quotes = " ".join(c.span.quote for c in spans)
    if not quotes.strip() or not _content(text) & _content(quotes):
        return _check("polarity", "not_applicable")
    if negated(text) != negated(quotes):
        said = "denies" if negated(text) else "affirms"
        return _check("polarity", "mismatch", f"polarity: the claim {said} what its quote says the other way")
    return _check("polarity", "supported")


# an exception or a condition right after a quote, in its own sentence ('..., except those ...', '... only if ...')
_EXCEPTION_AFTER = re.compile(
    r"^[\s,—–-]*(?:except\b|unless\b|other\s+than\b|excluding\b|but\s+not\b|"
    r"with\s+the\s+exception\s+of\b|provided\s+that\b|only\s+(?:if|when)\b|if\b)",
    re.IGNORECASE,
)
# a quote that ends its sentence ('... Investors Service.'; not '... in the U.S.')
_ENDS_SENTENCE = re.compile(r"(?:[a-z]{2}|\d|[)%])[.!?][\"'\u201d\u2019)]?$")
# a relative clause right after a negated quote narrows what it denies: 'there were no claims or litigation pending
# as of May 29, 2022, that were reasonably likely to have a material adverse effect'
_RESTRICTS_AFTER = re.compile(
    r"^[\s,]*(?:that|which|who)\s+(?:were|are|was|is|would|could|might|may|have|had|will)\b", re.IGNORECASE
)
# a comparison a sentence goes on with: ', compared to our goal to ...', ' versus the prior year'
_COMPARISON_AFTER = re.compile(
    r"^[\s,—–-]*(?:compared\s+(?:to|with)\b|as\s+compared\b|versus\b|vs\.|against\b|relative\s+to\b)", re.I
)
# the comparison's own words and a period's: '..., compared to the prior year' compares, it names nothing asked
_COMPARED_WORDS = frozenset(
    tokenize("compared comparison versus against relative prior previous last year years period")
)
# where the clause a quote sits in starts: a sentence end, a semicolon, or a comma before a new clause
_CLAUSE_START = re.compile(r"[.;:!?]\s|,\s*(?:and|but|or|which|while|with|whereas)\b|,\s")


_TURN = re.compile(r"\b(?:unless|except|other\s+than|but|however|if|although|whereas|while)\b", re.IGNORECASE)


_ENDS_IN_NAME = re.compile(r"\b[A-Z][\w&-]*(?:\.[A-Z][\w&-]*)*$")  # 'VICI', 'U.S'; not a sentence's end
_STARTS_SENTENCE = frozenset(
    "the a an in on at for as our we this these those it its table page item part note".split()
)
_NAME_GOES_ON = re.compile(r"\s*([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*)")


def _cut_name(cited: CitedSpan, quote: str, tail: str) -> str | None:
    """The capitalised words that go on a name a prose quote ends in ('... from VICI' of '... from VICI BREIT
    Venture', on the line after the cited one): what the quote names is another party than the one it says."""
    if not _ENDS_IN_NAME.search(quote) or len(re.findall(r"\b[a-z]{2,}\b", quote)) < 3:
        return None  # a heading ('Critical Audit Matters') is no sentence cut
    if not tail.strip():
        texts = cited.document.lines["text"]
        tail = str(texts.iloc[cited.span.line_end]) if cited.span.line_end < len(texts) else ""
    found = _NAME_GOES_ON.match(tail)
    name = found.group(1).split(". ")[0].rstrip(".") if found else ""
    # a sentence that starts there ('The federal ...') or a page's running head is no name going on
    return name if name and name.split()[0].lower() not in _STARTS_SENTENCE else None


def _source(cited: CitedSpan, before: int = 0) -> str:
    """The cited lines' text, whitespace collapsed, with *before* lines above them (where the sentence a quote
    continues is told)."""
    lines = cited.document.lines["text"].tolist()[max(0, cited.span.line_start - 1 - before) : cited.span.line_end]
    return " ".join(" ".join(str(t) for t in lines).split())


def quote_lead(cited: CitedSpan, before: int = 0) -> str:
    """The words of the quote's sentence before the quote, in the cited lines (and *before* lines above them)."""
    source, quote = _source(cited, before), " ".join(cited.span.quote.replace("[...]", " ").split())
    at = source.lower().find(quote.lower()) if quote else -1
    return last_sentence(source[:at]) if at > 0 else ""


def _dated(text: str, question: str) -> frozenset[int]:
    """The years of *text*'s periods; a day's date is in its calendar year unless the question asks a fiscal year
    (February 24, 2017 is in fiscal 2016 of a year that ends in March)."""
    fiscal = bool(re.search(r"\bfiscal\b|\bFY", question, re.IGNORECASE))
    return frozenset(y for p in find_periods(text) for y in (p.years if fiscal or p.day is None else {p.year}))


def omission_rule(
    spans: list[CitedSpan], claim_denies: bool = False, asked: frozenset[str] = frozenset(), every: bool = False
) -> FieldCheck:
    """A quote cut out of its sentence keeps what governs it: a negation before it in its own clause ('We do not
    include ...' quoted as 'unexercised options ... in our backlog') contradicts a claim that affirms it (a claim
    that denies it, *claim_denies*, agrees); an exception or a condition right after it in its sentence ('...,
    except ...', '... only if it is defective') leaves it unchecked, and so does a comparison after it that speaks
    of a word of the question (*asked*) the quote does not say ('filled 25% of ... positions' cut before ', compared
    to our goal to fill one of three' for 'Did it meet its goal'), and, for a yes to whether all (*every*) of a thing
    is so, a negation later in its sentence ('... on the Consolidated Balance Sheets' cut before 'and $6.1 billion of
    obligations that are not reflected on the Consolidated Balance Sheets')."""
    checked = False
    for cited in spans:
        source = _source(cited)
        quote = " ".join(cited.span.quote.replace("[...]", " ").split())
        at = source.lower().find(quote.lower())
        if at < 0 or not quote:
            continue
        checked = True
        lead = _CLAUSE_START.split(source[:at])[-1]  # the quote's own clause: 'none of the D notes, and $14 ...'
        cuts = list(NEGATIONS.finditer(lead))
        # the last negation governs the quote unless a clause turns between them ('not refunded unless the item
        # arrived damaged': the quoted exception is affirmed)
        turned = _TURN.search(f"{lead[cuts[-1].end() :]} {quote[:30]}") if cuts else None
        if cuts and not claim_denies and not NEGATIONS.search(quote) and not turned:
            said = cuts[-1].group(0)
            return _check(
                "omission", "mismatch", f"omission: the quote leaves out '{said}' before it, which negates it"
            )
        tail = source[at + len(quote) :]
        if name := _cut_name(cited, quote, tail):
            return _check("omission", "unknown", f"omission: the quote is cut inside a name, which goes on '{name}'")
        if _EXCEPTION_AFTER.match(tail) and not _ENDS_SENTENCE.search(quote):  # the next sentence's 'If ...' is its own
            words = " ".join(tail.split()[:6])
            return _check("omission", "unknown", f"omission: the quote leaves out the exception after it ('{words}')")
        if NEGATIONS.search(quote) and _RESTRICTS_AFTER.match(tail):  # 'no claims ... pending, that were likely to'
            words = " ".join(tail.split()[:6])
            return _check(
                "omission", "unknown", f"omission: the quote leaves out what restricts its negation ('{words}')"
            )
        rest = "" if tail.lstrip()[:1] in (".", ";", "") else split_sentences(tail)[0]
        if every and not claim_denies and not NEGATIONS.search(quote) and (denied := NEGATIONS.search(rest)):
            words = " ".join(rest[: denied.end()].split()[-8:])
            return _check("omission", "unknown", f"omission: the quote's sentence goes on to a negation ('{words}')")
        compared = _COMPARISON_AFTER.match(tail)
        if compared and (
            left := sorted(_content(split_sentences(tail)[0]) & asked - _content(quote) - _COMPARED_WORDS)
        ):
            words = " ".join(tail.split()[:8])
            detail = f"omission: the quote leaves out the comparison after it ('{words}'), which says '{left[0]}'"
            return _check("omission", "unknown", detail)
    return _check("omission", "supported" if checked else "not_applicable")


# where a sentence's subject ends: its first verb ('Worn footwear may be returned', 'Customers may return')
FIRST_VERB = re.compile(
    r"\b(?:is|are|was|were|may|can|could|will|shall|must|has|have|had|receives?|received|took|takes)\b", re.I
)


def cause_rule(question: str, spans: list[CitedSpan], text: str = "") -> FieldCheck:
    """A question about causes is answered only by a quote that states one, and never with a figure its sentence
    gives as offsetting the change ('..., partially offset by a $241 million net detrimental change in ...')."""
    if not _ASKS_CAUSE.search(question):
        return _check("cause", "not_applicable")
    if not re.search(r"\boffset|\bmitigat", text, re.IGNORECASE):
        for number in (n for n in find_numbers(text) if not n.is_year):
            offsetting = next((c for c in spans if _offsets(c, number.text)), None)
            if offsetting is not None:
                return _check(
                    "cause",
                    "mismatch",
                    f"cause: the quote gives {number.text} as offsetting the change, not as its cause",
                )
    asked = years_named(question)
    around = frozenset().union(*(years_named(_source(c)) for c in spans)) if spans else frozenset()
    if asked and around and not asked & around:  # the reasons given for 2021's change, for a question about 2022
        years = ", ".join(map(str, sorted(around)))
        return _check("cause", "unknown", f"cause: the cited lines are about {years}, not the year asked")
    if clash := other_kind(question, " ".join(c.span.quote for c in spans)):
        return _check("cause", "mismatch", f"cause: the quotes give the cause for {clash[1]}, not {clash[0]}")
    if any(CAUSES.search(c.span.quote) for c in spans):
        return _check("cause", "supported")
    return _check("cause", "mismatch", "cause: the question asks what caused it; the quotes state no cause")


def _offsets(cited: CitedSpan, printed: str) -> bool:
    """Whether the last cause its sentence states before *printed* (in the quote, or in the source before it,
    the line above included) is 'offset by' (or 'offset in part by', 'partially mitigated by'), at any place
    the quote prints it."""
    quote = " ".join(cited.span.quote.split())
    source = _source(cited, before=1)
    start = source.lower().find(quote.lower())
    for at in (m.start() for m in re.finditer(re.escape(printed), quote)):
        before = last_sentence(f"{source[:start] if start > 0 else ''} {quote[:at]}")
        causes = list(CAUSES.finditer(before))
        if causes and re.search(r"offset|mitigated", causes[-1].group(0), re.IGNORECASE):
            return True
    return False


def asked_parts(question: str) -> list[str]:
    """The parts an answer must cover: each sub-question, or each line item of a question that names several
    (never the parts of one ratio or stated definition, nor a line item named to be left out: 'before accumulated
    depreciation')."""
    parts = split_parts(question)
    if len(parts) > 1:
        return [p.text for p in parts]
    asking = search_text(question)
    if ratios_in(asking) or stated_definition(question) is not None:
        return []
    concepts = sorted(concepts_in(qualifier_text(asking)).concepts - excluded_concepts(asking))
    return [label_of(c) for c in concepts] if len(concepts) > 1 else []


def completeness_rule(question: str, covered: list[str]) -> FieldCheck:
    """Every part of the question is answered: *covered* holds each item's label, row and quote text."""
    parts = asked_parts(question)
    if not parts:
        return _check("completeness", "not_applicable")
    said = " ".join(covered)
    # each text on its own: joined, 'Income taxes' twice reads as 'income ... income taxes' (income before taxes)
    said_concepts = frozenset().union(*(concepts_in(qualifier_text(c)).concepts for c in covered))
    missing = []
    for part in parts:
        part_concepts = concepts_in(qualifier_text(search_text(part))).concepts
        if part_concepts:
            if not part_concepts & said_concepts:
                missing.append(part)
        elif not _content(search_text(part)) & _content(said):
            missing.append(part)
    if missing:
        return _check("completeness", "mismatch", "partial: no item answers " + "; ".join(f"'{m}'" for m in missing))
    return _check("completeness", "supported")
