"""What a yes/no question asks beyond its subject: that a thing holds wholly, is binding, takes in another thing,
or moves a named measure. The quotes must say that too:

- **Wholly** ('Does NIKE source all of its Air-Sole components from its own facilities?'): a quote that says where
  the company makes them says neither 'all' nor 'only'; 'substantially all' says not all.
- **Binding** ('Was the Board bound by the shareholder vote?'): an 'advisory' vote binds no one; a quote that says
  what was decided does not say that it had to be.
- **Included** ('Does the $20 billion price include the 6 million restricted stock units?'): units the quote calls
  'additional' are not part of the price.
- **Effect on a measure** ('... to increase APLA revenue growth?'): a quote about the effect on another measure
  ('a favorable impact on our overall profitability') does not answer it, and one that moves the measure the
  other way ('lower Markets net interest income') contradicts it.
- **Defined, any, compared, part**: a category's definition ('expenses include costs associated with the impairment
  of goodwill') is no occurrence; 'any shareholder proposal' needs a quote that names one; 'Was A lower than B?'
  is read from figures or a stated comparison, not from words that say neither; a thing named after 'a certain
  portion of' is not held entirely.

The words are general English (quantifiers, modal verbs of obligation, 'additional' and 'in addition to', verbs of
change); each rule returns one ``FieldCheck`` and not_applicable when it cannot tell."""

from __future__ import annotations

import re

from ..periods import years_named
from ..question.parse import search_text
from .claims import check_field, content_words, quote_sentences
from .passages import paragraph_text
from .rules import FieldCheck
from .values import CitedSpan

_TIMES = r"year|quarter|month|week|day|period|fiscal|time"
_COUNTS = r"\d+|two|three|four|five|six|seven|eight|nine|ten"
# 'all of', 'every'; not 'each of' (quotes may go through the things one by one), 'every year', 'all four'
_ASKS_WHOLE = re.compile(
    rf"\b(?:all|every)\s+(?!(?:{_TIMES})s?\b|other\b|(?:{_COUNTS})\b|of\s+the\s+(?:{_TIMES})s?\b)(?:of\s+)?"
    rf"|\b(?:solely|exclusively|entirely|wholly)\b(?![\s-]+owned)",
    re.IGNORECASE,
)
_SAYS_WHOLE = re.compile(
    r"(?<!substantially\s)(?<!nearly\s)(?<!almost\s)(?<!virtually\s)(?<!essentially\s)(?<!not\s)"
    r"\b(?:all(?!\s+but\b)|every|each|entire(?:ly)?|whole|wholly(?![\s-]+owned)|solely|exclusively|only|sole|none|"
    r"no\s+other|"
    r"in\s+full|fully|completely)\b|\b100\s*(?:%|percent\b)",
    re.IGNORECASE,
)

# 'all' between commas is said of what comes before it ('certain of its related entities, all wholly owned
# subsidiaries of the Company, initiated ...'), not of the set the sentence is about
_APPOSITIVE_ALL = re.compile(r",\s*all\b[^,.;]*,")


def whole_rule(value: bool, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A yes to a question that asks whether something holds for all of a thing, or solely, is ``unknown`` when no
    quote states it wholly (quoted table rows are the universal rule's)."""
    asked = _ASKS_WHOLE.search(search_text(question))
    if not value or asked is None or any(_cites_table_row(c) for c in spans):
        return check_field("about", "not_applicable")
    if any(_SAYS_WHOLE.search(_APPOSITIVE_ALL.sub(",", s)) for s in quote_sentences(spans)):
        return check_field("about", "not_applicable")
    words = asked.group(0).strip()
    return check_field("about", "unknown", f"about: the question asks of '{words}'; no quote says all or only")


def _cites_table_row(cited: CitedSpan) -> bool:
    return any(cited.document.table_row(n) for n in range(cited.span.line_start, cited.span.line_end + 1))


# an obligation asked of the subject ('Is the Board bound to', 'Was it required to', 'must'), not a relative clause's
# ('the certifications required by Section 302') nor a noun's ('forced labor')
_ASKS_BINDING = re.compile(
    r"(?:^\W*(?:is|are|was|were)\b[^?]{0,80}?|\b(?:is|are|was|were|be|been)\s+(?:\w+\s+)?)"
    r"(?:required|obligated|obliged|bound|compelled|forced)\s+(?:to|by)\b"
    r"|\bmust\b|\bbinding\b|\bmandatory\b",
    re.IGNORECASE,
)
_NOT_BINDING = re.compile(
    r"\b(?:advisory|non-?binding|(?:not|no)\s+(?:\w+\s+){0,3}?(?:binding|required|obligated|obliged|mandatory)|"
    r"(?:at|in)\s+(?:its|their|our)\s+(?:sole\s+)?discretion)\b",
    re.IGNORECASE,
)
_ASKS_IF = re.compile(r"\b(?:if|whether)\b[^,;:.]*$", re.IGNORECASE)  # 'Indicate ... if the registrant is not required'
_SAYS_BINDING = re.compile(
    r"\b(?:bound|binding|obligated|obliged|obligation\s+to|requir(?:e|es|ed|ing)|mandatory|must|shall|compelled|"
    r"agreed\s+to|commit(?:s|ted)?\s+to|undert(?:ake|akes|ook)\s+to|ha(?:s|ve)\s+to)\b",
    re.IGNORECASE,
)


def binding_rule(value: bool, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A yes to whether something binds or is required: ``mismatch`` when a quote calls it advisory, non-binding or
    not required and none states an obligation; ``unknown`` when no quote states one (that it was done is not that
    it had to be)."""
    asked = _ASKS_BINDING.search(search_text(question))
    if not value or asked is None:
        return check_field("scenario", "not_applicable")
    sentences = quote_sentences(spans)
    binding = [s for s in sentences if _SAYS_BINDING.search(_NOT_BINDING.sub(" ", s))]
    if binding:
        return check_field("scenario", "not_applicable")
    word = (_SAYS_BINDING.findall(asked.group(0)) or [asked.group(0)])[-1].lower()
    for sentence in sentences:
        advisory = _NOT_BINDING.search(sentence)
        if advisory and not _NOT_BINDING.search(question) and not _ASKS_IF.search(sentence[: advisory.start()]):
            detail = f"scenario: the question asks whether it is {word}; the quote says '{advisory.group(0)}'"
            return check_field("scenario", "mismatch", detail)
    detail = f"scenario: the question asks whether it is {word}; no quote states an obligation"
    return check_field("scenario", "unknown", detail)


# a yes/no question whose main verb is 'include' ('Does the ... price include ...?', 'Is X included in ...?'); not a
# parenthetical 'including' inside another question
_INCLUDES = re.compile(
    r"^\s*(?:is|are|was|were)\s+(?P<part>[^?]+?)\s+(?:included|counted|part)\s+(?:in|of|within)\b(?P<whole>[^?]*)"
    r"|^\s*(?:does|do|did|will|would|is|are|was|were|has|have)\b(?P<owner>[^?]*?)\binclud(?:e|es|ed)\s+(?P<what>[^?]+)",
    re.IGNORECASE,
)
_ADDED = re.compile(
    r"\b(?:additional|in\s+addition\s+to|on\s+top\s+of|separate(?:ly)?\s+from|exclusive\s+of|excluding|excludes?|"
    r"excluded|not\s+included|(?:does|do|did)\s+not\s+include)\b",
    re.IGNORECASE,
)
_SAYS_INCLUDED = re.compile(r"\b(?<!not\s)(?:includ(?:e|es|ed|ing)|comprised?\s+of|consist(?:s|ed)?\s+of)\b", re.I)
_SHARED_WORDS = 2  # the asked thing's content words a quote's sentence must hold to be about it


def added_part_rule(value: bool, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A yes that one thing includes another ('Does the ... price include the ... restricted stock units?') is
    ``unknown`` when the quote's sentence about the thing asked calls it additional, separate or excluded, and no
    quote says it is included."""
    asking = search_text(question)
    asked = _INCLUDES.search(asking)
    if not value or asked is None or _ADDED.search(asking):
        return check_field("about", "not_applicable")
    sentences = quote_sentences(spans)
    terms = content_words(asked["what"] or asked["part"])
    enough = min(_SHARED_WORDS, len(terms))
    if any(len(content_words(s[m.end() :]) & terms) >= enough for s in sentences for m in _SAYS_INCLUDED.finditer(s)):
        return check_field("about", "not_applicable")  # a quote says the thing asked is included
    for sentence in sentences:
        added = _ADDED.search(sentence)
        if added and len(content_words(sentence) & terms) >= enough:
            detail = f"about: the quote calls what is asked '{added.group(0)}' ('{sentence.strip()[:80]}')"
            return check_field("about", "unknown", detail)
    whole = content_words(asked["owner"] or asked["whole"] or "")
    for sentence in sentences:  # 'Comparable store sales include revenues from NIKE-owned ... stores': not digital
        says = next(
            (m for m in _SAYS_INCLUDED.finditer(sentence) if whole <= content_words(sentence[: m.start()])), None
        )
        if whole and says:
            part = (asked["what"] or asked["part"]).strip()
            detail = f"about: the quote says what '{sentence[: says.end()].strip()[:60]}', and does not name '{part}'"
            return check_field("about", "unknown", detail)
    return check_field("about", "not_applicable")


# 'Does NIKE expect the shift to increase APLA revenue growth?': the measure a change verb's object names (after
# adverbials of time and degree are set aside: 'increase year over year', 'improve significantly')
_EFFECT_ON = re.compile(
    r"\b(?P<verb>increase|decrease|reduce|improve|boost|raise|lower|hurt|benefit|affect|impact|help|harm|lift)\s+"
    r"(?:the\s+|its\s+|their\s+|our\s+)?(?P<measure>(?:[\w&'\u2019-]+\s+){0,5}?[\w&'\u2019-]+)\s*(?:\?|$)",
    re.IGNORECASE,
)
_ADVERBIAL = re.compile(
    r"\s*\b(?:year[\s-]+over[\s-]+year|over\s+time|(?:in|during|for|by|since|from)\s+(?:fiscal\s+)?(?:19|20)\d\d|"
    r"compared\s+\w+\s+\w+|significantly|materially|substantially|again|further|overall)\b\s*(?=\?|$)",
    re.IGNORECASE,
)


def effect_measure_rule(value: bool, spans: list[CitedSpan], question: str, ignore: frozenset[str]) -> FieldCheck:
    """A yes to whether something changes a measure the question names at its end is ``unknown`` when no quote
    names a word of that measure, nor its initials ('NII': net interest income): the quotes tell of an effect on
    something else."""
    asking = search_text(question).rstrip()
    while (trimmed := _ADVERBIAL.sub("", asking)) != asking:
        asking = trimmed
    asked = _EFFECT_ON.search(asking if asking.endswith("?") else f"{asking}?")
    if not value or asked is None:
        return check_field("about", "not_applicable")
    measure = content_words(asked["measure"], ignore)
    sentences = quote_sentences(spans)
    said = set().union(*(content_words(s) for s in sentences)) if spans else set()
    initials = {_initials(s) for s in sentences}
    if measure and (moved := _moved_other_way(asked["verb"], measure, sentences)):
        detail = f"about: the question asks an effect to {asked['verb']} '{asked['measure']}'; a quote says '{moved}'"
        return check_field("about", "mismatch", detail)
    if not measure or measure & said or any(w.upper() in i for w in measure for i in initials if len(w) >= 2):
        return check_field("about", "not_applicable")
    detail = f"about: the question asks of the effect on '{asked['measure']}'; no quote names it"
    return check_field("about", "unknown", detail)


# which way a verb of the question moves its measure, and the words a quote moves a measure with ('lower Markets net
# interest income', 'an increase in revenue')
_WAY_ASKED = {"increase": "up", "raise": "up", "boost": "up", "lift": "up", "improve": "up"}
_WAY_ASKED |= {"decrease": "down", "reduce": "down", "lower": "down"}
_WAY_SAID = re.compile(
    r"\b(?:(?P<up>higher|increased|greater|(?:an?\s+)?(?:increases?|growth|rise)\s+in)|"
    r"(?P<down>lower|decreased|reduced|(?:an?\s+)?(?:decreases?|declines?|reductions?|drops?)\s+in))\s+"
    r"(?:the\s+|our\s+|its\s+|their\s+)?(?P<what>(?:[\w&'\u2019-]+\s+){0,5}[\w&'\u2019-]+)",
    re.IGNORECASE,
)


def _moved_other_way(verb: str, measure: set[str], sentences: list[str]) -> str:
    """The words of a quote that move the whole asked measure against the way the question's verb asks ('lower
    Markets net interest income' for 'increase ... Markets net interest income'), when no quote moves it that way."""
    way = _WAY_ASKED.get(verb.lower())
    if way is None:
        return ""
    found = {"up": "", "down": ""}
    for sentence in sentences:
        for match in _WAY_SAID.finditer(sentence):
            first = content_words(match["what"].split()[0]) if match["what"].split() else set()
            if measure <= content_words(match["what"]) and first <= measure:  # not 'lower Markets ...' for the firm's
                found["up" if match["up"] else "down"] = found["up" if match["up"] else "down"] or match.group(0)
    return "" if found[way] else found["down" if way == "up" else "up"]


def _initials(sentence: str) -> str:
    """The first letters of the sentence's words, upper-cased ('Net interest income' gives 'NII')."""
    return "".join(w[0] for w in re.findall(r"[A-Za-z][\w'-]*", sentence)).upper()


# 'which currency accounted for the largest notional amount of ... contracts': a measure a superlative ranks by, a
# measure noun ('amount', 'value', 'share') with the words that say which; a thing ranked ('the largest customer',
# 'the largest acquisition') names no measure
_RANKED_BY = re.compile(
    r"\b(?:largest|highest|greatest|biggest|most|smallest|lowest|least|fewest)\s+"
    r"(?P<measure>(?:[\w-]+\s+){0,2}?(?:amounts?|values?|shares?|balances?|percentages?|totals?|portions?))"
    r"\s+(?:of|in|among|for|from)\b",
    re.IGNORECASE,
)
_GENERIC = "amount amounts share shares value values total totals portion portions percentage percentages balance"


def ranked_measure_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A name asked by the measure it ranks first or last by ('the largest notional amount of ... contracts') is
    ``unknown`` when no quote, nor the lines above a quoted table row, names a word of that measure: the quotes rank
    by another ('revenue exposures')."""
    asked = _RANKED_BY.search(search_text(question))
    if asked is None:
        return check_field("about", "not_applicable")
    measure = content_words(asked["measure"]) - content_words(_GENERIC)
    texts = [*quote_sentences(spans), *(paragraph_text(c) for c in spans if _cites_table_row(c))]
    said = set().union(*(content_words(t) for t in texts)) if texts else set()
    if not measure or measure & said:
        return check_field("about", "not_applicable")
    detail = f"about: the question ranks by '{asked['measure']}'; no quote names it"
    return check_field("about", "unknown", detail)


# a sentence that says what a category takes in, in the present and with no figure: a definition ('Impairment,
# integration, and restructuring expenses include costs associated with the impairment of goodwill'), not an event
_DEFINES = re.compile(
    r"\b(?:includes?|consists?\s+of|comprises?|(?:may|can)\s+include|(?:is|are)\s+defined\s+as)\b", re.IGNORECASE
)
_ASKS_PAST = re.compile(
    r"^\s*(?:did|was|were|had)\b(?![^?]*\b(?:includ|consist|compris|come|made\s+up))[^?]*\b"
    r"(?:record|recogni[sz]|incur|book|"
    r"report|took|take)\w*\b",
    re.IGNORECASE,
)


def definition_only_rule(value: bool, spans: list[CitedSpan], question: str, ignore: frozenset[str]) -> FieldCheck:
    """A yes to whether something happened is ``unknown`` when a word the question asks by ('goodwill') is only in a
    quote that defines a category (a present 'include' with no figure): that says what the category may take in, not
    that it did ('Did Microsoft record a goodwill impairment charge in fiscal year 2016?')."""
    asking = search_text(question)
    if not value or not _ASKS_PAST.match(asking):
        return check_field("about", "not_applicable")
    sentences = quote_sentences(spans)
    defining = [s for s in sentences if _DEFINES.search(s) and not re.search(r"\d", s)]
    others = set().union(*(content_words(s) for s in sentences if s not in defining))
    defined = set().union(*(content_words(s) for s in defining))
    only = sorted(content_words(asking, ignore) & defined - others)
    if not defining or not only:
        return check_field("about", "not_applicable")
    detail = f"about: '{only[0]}' is only in a quote that says what a category includes ('{defining[0][:80]}')"
    return check_field("about", "unknown", detail)


# 'Did any shareholder proposal pass ...?' (the words before the bare verb), 'Was there any goodwill impairment ...?'
_ANY_THING = re.compile(
    r"^\s*(?:(?P<did>did|do|does)\s+any|(?:is|are|was|were)\s+there\s+any)\s+(?P<thing>(?:[\w'\u2019-]+\s+){0,3}?"
    r"[\w'\u2019-]+)(?=\s+(?:at|in|on|of|for|by|to|from|with|during|under|since|as|than|that|which)\b|\s*\?)",
    re.IGNORECASE,
)


def any_thing_rule(value: bool, spans: list[CitedSpan], question: str, ignore: frozenset[str]) -> FieldCheck:
    """A yes to whether any of a kind of thing was so ('Did any shareholder proposal pass?') is ``unknown`` when a
    noun of that kind is in no quote: the quotes tell of another thing ('The shareholders approved, on an advisory
    basis, ...' is the company's own proposal, not a shareholder proposal)."""
    asked = _ANY_THING.search(search_text(question))
    if not value or asked is None:
        return check_field("about", "not_applicable")
    words = asked["thing"].split()
    words = words[:-1] if asked["did"] else words  # 'did any shareholder proposal pass': 'pass' is the verb
    if len(words) > 2:
        return check_field("about", "not_applicable")  # 'any single customer represent': where the noun ends is unsure
    thing = content_words(words[-1], ignore) if words else set()  # the head noun: 'proposal'
    said = set().union(*(content_words(s) for s in quote_sentences(spans))) if spans else set()
    if not thing or thing <= said:
        return check_field("about", "not_applicable")
    detail = f"about: the question asks of any {' '.join(words)}; no quote names one"
    return check_field("about", "unknown", detail)


# a question comparing two things' figures ('Was the adjusted rate lower than the reported rate?'); a threshold of
# its own ('more than $10 billion') is another question
_COMPARES = re.compile(
    r"\b(?:higher|greater|larger|bigger|more|lower|less|smaller|fewer)\b[^?]*?\bthan\b"
    r"(?!\s*(?:[$€£]|\d|(?:one|two|three|"
    r"four|five|six|seven|eight|nine|ten|twenty|fifty|hundred|half|a\s+third|a\s+quarter|a\s+half)\b))"
    r"|\b(?:exceed(?:s|ed)?|outpace[ds]?|surpass(?:es|ed)?)\b(?!\s*(?:[$€£]|\d))",
    re.IGNORECASE,
)
_SAYS_COMPARED = re.compile(
    r"\b(?:higher|greater|larger|bigger|more|lower|less|smaller|fewer|exceed\w*|above|below|outpac\w*|surpass\w*|"
    r"compared|versus|vs|than|same|equal\w*|flat|unchanged|increas\w*|decreas\w*|declin\w*|grew|rose|fell|up|down)\b",
    re.IGNORECASE,
)


def comparison_rule(spans: list[CitedSpan], question: str) -> FieldCheck:
    """A yes or no to whether one thing's figure is above another's is ``unknown`` when no quote states a comparison
    (nor a change): the answer is read from figures, and where the quoted figures did not decide it (two rows of a
    period, 'For 19,718,780' and 'Abstain 23,200,321'), their wording, which says neither yes nor no, cannot."""
    asked = _COMPARES.search(search_text(question))
    if len(years_named(search_text(question))) >= 2:  # two periods compared: the figures rule reads their figures
        return check_field("polarity", "not_applicable")
    if asked is None or any(_SAYS_COMPARED.search(s) for s in quote_sentences(spans)):
        return check_field("polarity", "not_applicable")
    detail = f"polarity: the question compares two figures ('{asked.group(0)[:60]}'); no quote states the comparison"
    return check_field("polarity", "unknown", detail)


# a part of a thing said before its name: 'a certain portion of our GPU product requirements'
_PART_SAID = re.compile(r"\b(?:portion|part|some|most|majority|substantially)\b", re.IGNORECASE)
_PART_BEFORE = re.compile(
    r"\b(?:a\s+(?:certain\s+)?portion|some|part|most|a\s+majority|substantially\s+all|nearly\s+all|a\s+share)\s+of\s+"
    r"(?:(?:our|its|their|the)\s+)?$",
    re.IGNORECASE,
)


def partial_entry_rule(question: str, entry: str, spans: list[CitedSpan]) -> FieldCheck:
    """A text or list entry for a question that asks what holds wholly ('must AMD purchase entirely from GF') that
    names a thing its quotes name only after a part of it ('a certain portion of our GPU product requirements'),
    without saying so itself: ``mismatch``."""
    if not _ASKS_WHOLE.search(search_text(question)) or _PART_SAID.search(entry):
        return check_field("about", "not_applicable")
    sentences = quote_sentences(spans)
    for word in dict.fromkeys(w for w in re.findall(r"[A-Za-z][\w-]+", entry) if len(w) > 2):
        named = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
        places = [s[: m.start()] for s in sentences for m in named.finditer(s)]
        parts = [found for before in places if (found := _PART_BEFORE.search(before))]
        if places and len(parts) == len(places):
            detail = f"about: the question asks what holds wholly; the quote says '{parts[0].group(0).strip()} {word}'"
            return check_field("about", "mismatch", detail)
    return check_field("about", "not_applicable")


# who pays whom: 'Would Oak Street Health have to pay CVS a termination fee ...?' against 'the Company will be
# required to pay Oak Street Health a termination fee'
_PAYS_ASKED = re.compile(
    r"(?!(?:Would|Will|Does|Did|Do|Is|Was|Must|Could|Should|Can)\b)"
    r"\b(?P<payer>[A-Z][\w&.'\u2019-]*(?:\s+[A-Z][\w&.'\u2019-]*){0,3})"
    r"\s+(?:\w+\s+){0,3}?(?:to\s+)?pay\s+"
    r"(?P<payee>[A-Z][\w&.'\u2019-]*(?:\s+[A-Z][\w&.'\u2019-]*){0,3})"
)
_PAYS_SELF = re.compile(r"\bpay\s+(?:the\s+company|us|the\s+registrant|the\s+corporation)\b", re.IGNORECASE)
_PAYS_SAID = re.compile(r"\bpay\s+(?P<payee>[A-Z][\w&.'\u2019-]*(?:\s+[A-Z][\w&.'\u2019-]*){0,3})")


def payee_rule(value: bool, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A yes that one party pays another ('Would Oak Street Health have to pay CVS ...?') from quotes in which only
    the party asked as the payer is paid ('... required to pay Oak Street Health a termination fee'): ``mismatch``."""
    asked = _PAYS_ASKED.search(search_text(question))
    if not value or asked is None:
        return check_field("about", "not_applicable")
    payer, payee = content_words(asked["payer"]), content_words(asked["payee"])
    sentences = quote_sentences(spans)
    if any(_PAYS_SELF.search(s) for s in sentences):  # 'pay the Company': the issuer, whom the question may name
        return check_field("about", "not_applicable")
    paid = [content_words(m["payee"]) for s in sentences for m in _PAYS_SAID.finditer(s)]
    if payer and paid and all(p and p <= payer and not p <= payee for p in paid):
        detail = f"about: the question asks whether {asked['payer']} pays {asked['payee']}; the quote has it paid"
        return check_field("about", "mismatch", detail)
    return check_field("about", "not_applicable")
