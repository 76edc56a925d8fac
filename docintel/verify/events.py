"""Transactions a yes/no question or a date asks about (an acquisition, a sale, a completion): the verb a
question asks with, the verbs one event is told with, an intent that is not the event, and whether a sentence
says the transaction happened, is still pending or only intended."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..question.parse import search_text
from ..textnorm import tokenize
from .rules import FieldCheck
from .wording import names_asked

NEGATIONS = re.compile(
    r"\b(?:no|not|none|never|nor|neither|without|nothing|nobody|cannot|can't|won't|didn't|don't|doesn't|"
    r"isn't|aren't|wasn't|weren't|hasn't|haven't|hadn't|n't|did\s+not|does\s+not|do\s+not|has\s+not|have\s+not|"
    r"was\s+not|were\s+not|no\s+longer)\b",
    re.IGNORECASE,
)
PAST_QUESTION = re.compile(r"^\s*(?:did|was|were|has|have|had)\b", re.IGNORECASE)


def negated(text: str) -> bool:
    """Whether *text* says no: not, no, never, none, without, n't."""
    return bool(NEGATIONS.search(text))


def _folded_words(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.lower().replace("\u2019", "'"))


def echoes_negation(question: str, sentence: str) -> bool:
    """Whether the question asks the sentence's own negations ('Is it the case that we do not own the Converse
    trademarks in Japan?' of 'We do not own the Converse trademarks in Japan'): each negation of the sentence, with
    the three words after it, is the question's, and the question has no other."""
    asked = " ".join(_folded_words(question))
    denials = list(NEGATIONS.finditer(sentence))
    for denial in denials:
        words = _folded_words(sentence[denial.start() :])[: len(_folded_words(denial.group(0))) + 3]
        if len(words) < 2 or not re.search(rf"\b{re.escape(' '.join(words))}\b", asked):
            return False
    return bool(denials) and len(NEGATIONS.findall(question)) <= len(denials)


# a sentence that tells a possibility, not a fact: a condition ('If an event of default were to occur ...', 'Should
# ... occur', 'In the event of ...') or a chance ('the likelihood of goodwill impairment'); a clause of mood alone
# ('would have been antidilutive') or a purpose ('to reduce the risk that') states facts around it; 'may' and 'can'
# grant a right ('Customers may return'), unless a verb of becoming or obligation follows
_POSSIBLE = re.compile(
    r"^\W*(?:if|should|in\s+the\s+event)\b|\bwere\s+to\b|"
    r"\b(?:likelihood|possibility|probability|chance)\s+(?:of|that)\b",
    re.IGNORECASE,
)
# a modal of possibility before a verb of becoming or obligation: 'we may be required to conduct costly product
# recalls and may become subject to ...' (no recall told), 'could have to', 'might need to'; what it governs is what
# follows it in its clause
_MAY_HAVE_TO = re.compile(
    r"\b(?:may|might|could)\s+(?:also\s+)?(?:be\s+(?:required|forced|obligated|unable)|become|have\s+to|need\s+to)\b"
    r"(?P<governed>[^;]*)",
    re.IGNORECASE,
)
# a question that asks of a possibility itself: 'Could ...?', 'Would ...?', 'What is the likelihood of ...?', or of
# a risk ('Does it identify product liability claims as a risk?')
_ASKS_POSSIBLE = re.compile(
    r"^\s*(?:could|would|might|may|can)\b|\b(?:likelihood|possibility|probability|chance|risks?)\b", re.IGNORECASE
)


def possibility_only(question: str, sentences: list[str]) -> str | None:
    """The first of *sentences* when every one tells a possibility, not a fact ('If an event of default were to
    occur ..., it would likely constitute an event of default'; a modal of obligation, 'may be required to', when
    the words of the question it governs are not said before it: 'is required to act as a source of strength ...
    and may be required to commit capital' states the first as fact), for a question that does not ask of one."""
    if not sentences or _ASKS_POSSIBLE.search(question):
        return None
    asked = set(tokenize(search_text(question)))
    return sentences[0] if all(_possible(s, asked) for s in sentences) else None


def _possible(sentence: str, asked: set[str]) -> bool:
    if _POSSIBLE.search(sentence):
        return True
    modal = _MAY_HAVE_TO.search(sentence)
    if modal is None:
        return False
    governed = set(tokenize(modal.group("governed"))) & asked
    return bool(governed) and not governed & set(tokenize(sentence[: modal.start()]))


# 'When did Amazon acquire ...', 'When did Pfizer and Seagen officially complete ...': the verb after the named
# subject (names joined by 'and', '&', 'of' or 'for': 'Best Buy's Board of Directors', 'the Board of Directors of
# Boeing'; an adverb before the verb skipped); 'did the auditor sign its report', 'did the audit committee approve
# the plan': a subject in common words, when a determiner follows the verb
# no noun or verb of a subject: a determiner, a preposition ('the SEC charges against Contoso settle')
_NOT_FUNCTION = (
    r"(?!(?:the|its|their|this|that|these|those|our|his|her|a|an|against|with|from|into|of|for|on|in|by|to|at|as|"
    r"and|or)\b)"
)
ACTIVE_VERB = re.compile(
    r"\b(?:did|does|do|will|would|has|have|had)\s+"
    r"(?:(?:[A-Z][\w.&'\u2019-]*\s+(?:(?:and|&|of|for)\s+)?){1,6}|"
    r"the\s+(?:[A-Z][\w.&'\u2019-]*\s+){1,3}(?:of|for)\s+(?:the\s+)?"
    r"(?:[A-Z][\w.&'\u2019-]*\s+(?:(?:of|for|and|&)\s+(?:the\s+)?)?){1,5}|"
    r"(?:the\s+)?(?:company|registrant|firm|group|it|they|we)\s+|"
    r"the\s+(?:[a-z]+\s+){1,2}(?=(?:\w+ly\s+)?[a-z]{3,}\s+(?:(?:its|their|the|a|an|our|this|that|his|her)\b|[A-Z]))|"
    # 'did the former First Republic staff become ...': a name between the article and its noun
    rf"the\s+(?:[a-z]+\s+){{0,2}}(?:[A-Z][\w.&'\u2019-]*\s+){{1,4}}(?:{_NOT_FUNCTION}[a-z]+\s+){{1,2}}?"
    rf"(?={_NOT_FUNCTION}[a-z]{{3,}}\s+(?:[A-Z]|(?:its|their|the|a|an|our|this|that|his|her)\b)))"
    r"(?:(?:\w+ly|first|also|ever|finally)\s+)?(?P<verb>(?!(?:intend|plan|expect|seek|aim|propose)\b)[a-z]{3,})\b"
)  # 'does X intend to re-nationalize': the intent's verb names no event
# Verbs one event is told with (general English: a sale is a disposal, a purchase an acquisition, a closing the
# completion of a transaction); a question's verb is found in any of its family's forms.
_VERB_FAMILIES = (
    ("sell", "sale", "sold", "divest", "dispos"),
    ("acquir", "acquisit", "purchas", "buy", "bought"),
    ("complet", "clos", "consummat", "finaliz"),
    ("approv", "authoriz"),  # a board approves a program by authorizing it
    ("issu", "offer"),  # securities are issued in an offering ('completed a public offering of $31 billion')
    # English irregular verbs a filing dates events with, the present and its past forms (not those whose past
    # begins other words: 'met' of 'metrics', 'led' of 'ledger')
    ("hold", "held"),
    ("pay", "paid"),
    ("begin", "began", "begun"),
    ("make", "made"),
    ("spend", "spent"),
    ("take", "took", "taken"),
    ("give", "gave", "given"),
    ("become", "became"),
    ("bring", "brought"),
)
# 'entered into an agreement to acquire', 'announced plans to sell': the intent, not the event
INTENT = re.compile(
    r"\b(?:agreement|agreed|agrees|plans?|planned|expects?|expected|intends?|intended|announced|proposed|"
    r"offer(?:ed)?)\b(?:\s+\w+){0,3}?\s+to\s+\w+",
    re.IGNORECASE,
)
# a transaction not done by the period's end: 'Pending Signify Health Acquisition', 'expected to close in 2023'
_PENDING = re.compile(
    r"\bpending\s+(?:the\s+)?(?:acquisition|merger|transaction|sale|divestiture|deal|closing|completion)\b|"
    r"\b(?:remains?|is|are)\s+pending\b|"
    r"\b(?:expected|anticipated|scheduled)\s+to\s+(?:close|complete|be\s+completed|be\s+consummated)\b|"
    r"\bnot\s+yet\s+(?:closed|completed|consummated)\b|"
    r"\bremains?\s+subject\s+to\s+(?:\w+\s+){0,4}?(?:approvals?|closing\s+conditions|conditions)\b",
    re.IGNORECASE,
)
# 'Was the Elm Group merger completed in 2024?': the passive asks the same
_PASSIVE_EVENT = re.compile(
    r"^\s*(?:was|were|has|have|had)\b.*?\b(?:been\s+)?(?P<verb>completed|closed|consummated|finalized|sold|acquired|"
    r"divested|purchased)\b",
    re.IGNORECASE,
)


# 'When did MGM's Bellagio lease commence?': a lowercase word after the one read as the verb, where the question
# ends, is the verb, and the first a noun of its subject ('lease'); not a noun or an -ing form after a verb ('launch
# streaming', 'open factories'), nor a word before more of the question ('launch service in Canada')
_NOUN_THEN_VERB = re.compile(r"\s+(?P<verb>[a-z]{3,})(?<!ing)(?<!s)\s*(?:$|[?.])")


# 'did X begin selling', 'start to offer': the act begun is the verb asked ('sold ... starting in 2003' says it)
_BEGUN = re.compile(r"\s+(?:to\s+(?P<verb>[a-z]{3,})\b|(?P<gerund>[a-z]{2,})ing\b)")
_BEGIN = frozenset("begin start commence".split())


def asked_verb(asking: str) -> str | None:
    """The verb of a question's 'did/does/will ... VERB' (ACTIVE_VERB), its subject's last noun aside; the act
    after 'begin', 'start' or 'commence' ('begin selling': sell)."""
    active = ACTIVE_VERB.search(asking)
    if active is None:
        return None
    if active.group("verb") in _BEGIN and (begun := _BEGUN.match(asking, active.end("verb"))):
        return begun.group("verb") or re.sub(r"([bdgmnprt])\1$", r"\1", begun.group("gerund"))  # 'shipp': ship
    after = _NOUN_THEN_VERB.match(asking, active.end("verb"))
    return after.group("verb") if after else active.group("verb")


def event_verb(question: str) -> str | None:
    """The transaction a past yes/no question asks happened ('Did CVS complete its acquisition ...': complete;
    'Was the merger completed ...': completed), when its verb is one of a transaction's (a sale, an acquisition,
    a completion)."""
    asking = search_text(question).lstrip()
    verb = asked_verb(asking[:1].lower() + asking[1:]) if PAST_QUESTION.match(question) else None
    passive = _PASSIVE_EVENT.match(asking) if verb is None else None
    verb = passive.group("verb") if passive else verb
    return verb if verb and len(_roots(verb)) > 1 else None


def event_reading(question: str, sentence: str) -> str | None:
    """Whether *sentence* says the asked transaction happened ('affirms': its verb, or the verb of the
    transaction the question names, 'acquired' for 'complete its acquisition'), is still pending ('denies':
    'expected to close', 'remains subject to regulatory approval'), or tells only the intent ('other':
    'entered into an agreement to acquire'); None when the question asks no transaction or the sentence says
    none of these (read as any other sentence)."""
    verb = event_verb(question)
    if verb is None:
        return None
    done = _PENDING.sub(" ", sentence)
    named = [w for w in re.findall(r"[a-z]+", search_text(question).lower()) if len(_roots(w)) > 1]
    if any(verb_in(v, done) for v in [verb, *named, "complete"]) and not negated(done):
        return "affirms"  # 'we completed our previously announced pending acquisition of ...
    if _PENDING.search(sentence):
        return "denies" if not negated(sentence) else "other"
    return "other" if INTENT.search(sentence) else None


# five letters that begin unrelated verbs ('complete', 'comply'; 'commit', 'commission'; 'continue', 'contain'):
# six tell them apart
_AMBIGUOUS = frozenset({"compl", "commi", "conti"})


def _stem(word: str) -> str:
    return word[:6] if word[:5] in _AMBIGUOUS else word[:5]


def _of_family(root: str, form: str) -> bool:
    return root.startswith(_stem(form)) or (len(root) > 2 and form.startswith(root))


def _roots(verb: str) -> tuple[str, ...]:
    root = _stem(tokenize(verb)[0] if tokenize(verb) else verb)
    # a word of two letters ('be', 'to') begins a family's forms ('began', 'took') without being one of them
    family = next((f for f in _VERB_FAMILIES if any(_of_family(root, r) for r in f)), ())
    return (root, *(_stem(r) for r in family))


def verb_at(verb: str, text: str) -> list[int]:
    """Where *text* writes the verb in any form: each word's start ('audited' in 'We have audited')."""
    roots = _roots(verb)
    return [m.start() for m in re.finditer(r"[A-Za-z]+", text) if (tokenize(m.group(0)) or [""])[0].startswith(roots)]


def verb_in(verb: str, text: str) -> bool:
    """Whether *text* says the verb in any form ('acquire': acquired, acquisition, purchased; 'sell': sale, sold),
    an intent to do it ('agreed to acquire') aside."""
    roots = _roots(verb)
    # an intent is no event, unless its own verb is the one asked ('When did X announce its intention to ...')
    done = INTENT.sub(lambda m: m.group(0) if m.group(0).lower().startswith(roots) else " ", text)
    return any(t.startswith(roots) for t in tokenize(done))


# 'Will MGM keep paying its dividend?': a question about going on, which a stop answers no (general English)
_GOES_ON = re.compile(r"\b(?:keep|keeps|continue|continues|continued|maintain|maintains|still|resume|remain)\b", re.I)
# a stop that happened or was decided ('suspended', 'determined to suspend'), not one to come ('terminates in 2026')
_STOPS = re.compile(
    r"\b(?:suspended|suspension|discontinued|discontinuation|ceased|terminated|termination|halted|stopped|"
    r"eliminated|(?:to|not|never)\s+(?:suspend|discontinue|cease|terminate|halt|stop|eliminate))\b",
    re.IGNORECASE,
)
_STOP_WORDS = re.compile(r"\b(?:suspen|discontinu|ceas|terminat|halt|stop|eliminat)\w*", re.IGNORECASE)
_CLAUSES = re.compile(r"[;,]|\band\b|\bbut\b|\bwhile\b|\bwhereas\b", re.IGNORECASE)


def continuation_reading(question: str, sentence: str) -> str | None:
    """'denies' when the question asks whether something goes on and the clause of *sentence* about it says it
    stopped ('determined to suspend our ongoing regular dividends'; a negated stop, 'did not suspend', is read as a
    negation of it by the caller); None otherwise: no stop, a stop to come, or a clause about something else (its
    own names, 'the Elko plant', or none of the question's words)."""
    asking = search_text(question)
    if not _GOES_ON.search(asking) or _STOP_WORDS.search(asking):
        return None
    asked = {t for t in tokenize(asking) if len(t) > 3} - {t for m in _GOES_ON.finditer(asking) for t in tokenize(m[0])}
    named = set().union(*names_asked(asking, frozenset()).values())
    for clause in _CLAUSES.split(sentence):
        if not _STOPS.search(clause):
            continue
        if set().union(*names_asked(clause, frozenset()).values()) - named or not set(tokenize(clause)) & asked:
            continue
        return "denies"
    return None


def stop_reading(question: str, sentence: str, terms: frozenset[str] = frozenset()) -> str | None:
    """Whether *sentence* says the stop a past question asks about happened ('Did MGM suspend its dividend'):
    'affirms' when a clause states a stop of what the question names (*terms*, its content words, periods aside),
    'denies' when a negation stands right before the stop ('did not suspend'; 'made no share repurchases' or 'has
    not been reinstated' elsewhere in the sentence negate no stop); 'other' when no clause does: no stop
    ('temporarily reduced its dividend'), a stop that may come ('our board may ... discontinue the payment of
    dividends'), or a stop of something else ('negotiations ... were suspended'); None for any other question."""
    if not asks_stop(question):
        return None
    stops = {t for m in _STOP_WORDS.finditer(search_text(question)) for t in tokenize(m[0])}
    subject = terms - stops - _PERIOD_TERMS
    for clause in _STOP_CLAUSES.split(sentence):
        stop = _STOP_WORDS.search(clause)
        if stop is None or _MAY.search(clause):
            continue
        if not subject or set(tokenize(clause)) & subject:
            return "denies" if _NEGATED_STOP.search(clause[: stop.start()]) else "affirms"
    return "other"


# a clause of its own: after a semicolon, at 'and' or 'but', or at a reason given after a comma ('We have suspended
# ..., and may not elect to resume'; 'we suspended our dividend, as we could not predict ...')
_STOP_CLAUSES = re.compile(r";|,\s*(?:while|whereas|although|as|because|since)\b|\band\b|\bbut\b", re.IGNORECASE)
# what may happen, not what did: modal verbs and conditions (general English)
_MAY = re.compile(r"\b(?:may|might|could|can|would|should|if|whether|unless)\b", re.IGNORECASE)
# a negation of the stop itself: right before its verb ('did not suspend', 'has not been suspended', 'never ceased')
_NEGATED_STOP = re.compile(rf"(?:{NEGATIONS.pattern})(?:\s+\w+){{0,2}}\s*$", re.IGNORECASE)
_PERIOD_TERMS = frozenset(tokenize("quarter quarterly year years annual annually month monthly fiscal period"))


def asks_stop(question: str) -> bool:
    """Whether a past question asks if something stopped ('Did MGM suspend its dividend')."""
    asking = search_text(question)
    return bool(PAST_QUESTION.match(question) and _STOP_WORDS.search(asking) and not _GOES_ON.search(asking))


def event_verbs(question: str, verb: str) -> list[str]:
    """The verbs a date's clause may state the asked event with: the question's, and for a completion ('When was
    the Beta acquisition finalized') the transaction it completes, a sale or an acquisition in a form that says it
    was done ('we acquired Beta', 'sold': read as whole words by ``says_verb``; not the noun, which 'held for sale'
    or 'the sale ... announced on' also write)."""
    if not set(_roots(verb)) & {_stem(r) for r in _VERB_FAMILIES[2]}:
        return [verb]
    named = [w for w in re.findall(r"[a-z]+", search_text(question).lower()) if len(_roots(w)) > 1]
    return [verb, *(form for w in named for form in _DONE.get(_roots(w)[1], (w,)))]


def noun_dated(question: str, verb: str, clause: str, date_text: str, named: frozenset[str]) -> bool:
    """Whether *clause* dates the transaction a question asks the completion of (*verb*) by its noun right before
    the date ('When did it complete the disposition of The Mirage?': 'The Mirage for the periods prior to its
    disposition on December 19, 2022'), and names what the question does (*named*: the terms of its names, the
    issuer's aside; 'Aria ... subsequent to its acquisition on' does not date The Cosmopolitan's); a noun with other
    words before the date ('the sale ... was announced on') dates something else."""
    completing = {_stem(r) for r in _VERB_FAMILIES[2]}
    if not set(_roots(verb)) & completing or not named or not named & set(tokenize(clause)):
        return False
    asked = [w for w in re.findall(r"[a-z]+", search_text(question).lower()) if len(_roots(w)) > 1]
    nouns = [w for w in asked if not set(_roots(w)) & completing]
    dated = rf"\s+(?:on|effective)\s+{re.escape(date_text)}"
    return any(re.search(rf"\b{re.escape(noun)}{dated}", clause, re.IGNORECASE) for noun in nouns)


# the forms that say a sale or an acquisition was done (general English), by their family's first root
_DONE = {"sell": ("sold", "divested", "disposed"), "acqui": ("acquired", "purchased", "bought")}
_DONE_FORMS = frozenset(form for forms in _DONE.values() for form in forms)


def says_verb(verb: str, text: str) -> bool:
    """Whether *text* says *verb*: a done form of ``event_verbs`` ('sold') as that word, any other in any form of
    its family (``verb_in``)."""
    return bool(re.search(rf"\b{verb}\b", text)) if verb in _DONE_FORMS else verb_in(verb, text)


# which step of an event done in steps a question asks ('redeem the remaining units'): general English ordinals, not
# those of a period ('in the first quarter') or of a name ('its initial public offering')
_INSTANCE = re.compile(
    r"\b(?P<word>remaining|final|last|first|initial|second|third)\b"
    r"(?!\s+(?:fiscal\s+)?(?:quarter|half|year|month|week|public\s+offering)s?\b)",
    re.IGNORECASE,
)
_INSTANCE_FORMS = {
    "remaining": ("remaining", "remainder", "rest of", "balance of"),
    "final": ("final", "last"),
    "last": ("last", "final"),
    "first": ("first", "initial"),
    "initial": ("initial", "first"),
}


def asked_instance(question: str) -> str | None:
    """The step of an event the question names ('remaining', 'final', 'first'), lower case; None when none."""
    found = _INSTANCE.search(search_text(question))
    return found["word"].lower() if found else None


def tells_instance(word: str, clause: str) -> bool:
    """Whether *clause* says it tells the step *word* names ('the remaining $700 million')."""
    forms = _INSTANCE_FORMS.get(word, (word,))
    return any(re.search(rf"\b{re.escape(form)}\b", clause, re.IGNORECASE) for form in forms)


# A vote's or a board's outcome (the wording of results of a vote, as a filing reports them: a proposal approved,
# adopted, ratified, passed, a director elected; or defeated, rejected, failed, voted down)
_ADOPTS = re.compile(r"\b(?:approv|adopt|ratif|pass(?:ed|es)?\b|elect(?:ed|s)?\b)\w*", re.IGNORECASE)
_DEFEATS = re.compile(r"\b(?:defeat|reject|disapprov|fail|voted\s+down)\w*", re.IGNORECASE)
# an adoption that may be done or is to come, not one that was: 'with early adoption permitted', 'may elect to
# adopt', 'We will adopt this ASU beginning in Q1 2018'
_PERMITS = re.compile(  # the modals in lower case: the month 'May' is none
    r"\b(?:(?-i:may|might|can|could|will|would|shall)|(?:permitted|allowed|option|eligible|plans?|intends?|expects?)"
    r"\s+to)\s+(?:\w+\s+){0,2}?(?:approv|adopt|ratif)|"
    r"\b(?:approv|adopt|ratif)\w*\s+(?:is\s+|was\s+|being\s+)?(?:permitted|allowed)\b|"
    r"\b(?:approv|adopt|ratif)\w*\s+(?:\w+\s+){0,4}?(?-i:will|would|may)\b",  # 'Adoption of this standard will'
    re.IGNORECASE,
)


def asks_outcome(question: str) -> bool:
    """Whether the question asks if something was adopted ('Did shareholders approve ...', 'Did NIKE adopt ...')."""
    asking = search_text(question)
    return bool(_ADOPTS.search(asking)) and not _DEFEATS.search(asking) and not negated(asking)


def outcome_reading(question: str, sentence: str) -> str | None:
    """Whether *sentence* says the proposal a question asks was adopted ('affirms': 'was approved') or not
    ('denies': 'was defeated', 'failed to pass'), its negation aside (the caller reads 'not'); None when the
    question asks no adoption ('Did shareholders approve ...'; not 'Did it fail to pass', 'Was it not approved')
    or no clause of the sentence about what is asked tells one ('approved the request ..., rejecting proposals
    from the intervening parties': the rejection is of other proposals); 'other' for a clause that permits it
    ('with early adoption permitted')."""
    if not asks_outcome(question):
        return None
    asking = search_text(question)
    topic = {t for t in tokenize(_ADOPTS.sub(" ", asking)) if len(t) > 3 and not t[:1].isdigit()}
    readings: set[str] = set()
    for clause in _CLAUSES.split(sentence):
        if _PERMITS.search(clause):  # a permission or an adoption to come tells no outcome ('We will adopt this ASU')
            readings.add("other")
        elif clause.strip() and topic & set(tokenize(clause)):
            reading = "denies" if _DEFEATS.search(clause) else "affirms" if _ADOPTS.search(clause) else None
            readings |= {reading} if reading else set()
    decided = readings - {"other"}  # 'The Board can approve increases; in 2022 the Board approved ...': approved
    if decided:
        return decided.pop() if len(decided) == 1 else None
    return "other" if readings else None


# How often a thing is done (general English): every year, each quarter, annually, quarterly, every two years; not
# an adjective that names no frequency of what is asked ('the annual meeting'), a rate's 'per year', nor a date's
# 'March 1 and September 1 of each year'
_EVERY = re.compile(
    r"\bevery\s+(?:(?P<n>one|two|three|four|five|six|ten|other|\d{1,2})\s+)?(?P<unit>years?|quarters?|months?)\b|"
    r"(?<!\bof\s)\beach\s+(?P<each>year|quarter|month)\b|"
    r"\b(?P<adverb>annually|biennially|triennially|semi-?annually|quarterly|monthly)\b",
    re.IGNORECASE,
)
_COUNTS = {"one": 1, "two": 2, "other": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10}
_IN_MONTHS = {"year": 12, "quarter": 3, "month": 1}
_ADVERBS = {"annual": 12, "biennial": 24, "triennial": 36, "semiannual": 6, "quarter": 3, "month": 1}


def frequencies(text: str) -> dict[int, str]:
    """How often *text* says a thing is done, in months between two times, with the words that say it."""
    found: dict[int, str] = {}
    for match in _EVERY.finditer(text):
        if match.group("adverb"):
            word = re.sub(r"ly$|-", "", match.group("adverb").lower())
            found.setdefault(_ADVERBS[word], match.group(0))
            continue
        unit = (match.group("unit") or match.group("each")).lower().rstrip("s")
        raw = (match.group("n") or "one").lower()
        found.setdefault(_IN_MONTHS[unit] * (_COUNTS.get(raw) or int(raw)), match.group(0))
    return found


def frequency_reading(question: str, sentences: list[str]) -> str | None:
    """'every year' when the question asks of another frequency ('Did the Board decide to hold the vote every three
    years?') and the sentences about it state only other ones; None when they state the asked one or none."""
    asked = frequencies(search_text(question))
    topic = {t for t in tokenize(_EVERY.sub(" ", search_text(question))) if len(t) > 3 and not t[:1].isdigit()}
    stated: dict[int, str] = {}
    for sentence in sentences:  # a sentence about what is asked: a word of the question's besides how often
        if topic & set(tokenize(_EVERY.sub(" ", sentence))):
            stated |= {k: v for k, v in frequencies(sentence).items() if k not in stated}
    if not asked or not stated or set(asked) & set(stated):
        return None
    return next(iter(stated.values()))


# 'average deposits', 'average daily loans': the mean of a balance over a period, not its level at a date
_AVERAGE_OF = re.compile(r"\baverage\s+(?:(?:daily|monthly|quarterly|annual)\s+)?(?P<noun>[a-z][\w-]*)", re.IGNORECASE)


def average_change_rule(question: str, quotes: Sequence[str], changes: bool) -> FieldCheck:
    """A yes/no about how a balance changed (*changes*: the question asks a change) is not decided by quotes that
    give only the change of its average ('Firmwide average deposits of $2.5 trillion were up 9%' for 'Did deposits
    increase from March 31 to June 30?'): the mean over a period moves apart from the level at its end. Unchecked
    when every mention of a noun the question asks is an average's, and the question asks no average."""
    if not changes or re.search(r"\b(?:average|mean)\b", question, re.IGNORECASE):
        return FieldCheck(field="measure", verdict="not_applicable")
    asked = set(tokenize(question))
    text = " ".join(quotes)
    for match in _AVERAGE_OF.finditer(text):
        noun = match.group("noun")
        mentions = len(re.findall(rf"\b{re.escape(noun)}\b", text, re.IGNORECASE))
        averaged = len(re.findall(rf"\baverage\s+(?:\w+\s+)?{re.escape(noun)}\b", text, re.IGNORECASE))
        if set(tokenize(noun)) & asked and mentions == averaged:
            detail = f"measure: its quotes give the change of the average ('{match.group(0)}'), not of the level asked"
            return FieldCheck(field="measure", verdict="unknown", detail=detail)
    return FieldCheck(field="measure", verdict="not_applicable")
