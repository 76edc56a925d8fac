"""What a yes/no question asks of its subject: its verb and what follows ('As of the filing, has the district been
cleared to proceed with condemning the system?': cleared, to proceed with condemning the system). A yes whose quotes
say nothing of it ('the court denied the petition') tells something else of the subject: the answer is unchecked.

``said_verb_rule`` returns one ``FieldCheck`` (``about``). General English: after 'do/does/did', the subject's
words, then the verb, then a preposition, a determiner or the question's end; light and reporting verbs ('have',
'make', 'report', 'record') and verbs of change (read from the figures) take their sense from what follows them."""

from __future__ import annotations

import re

from ..domain import table
from ..textnorm import split_sentences
from .claims import check_field, content_words
from .events import verb_in
from .passages import paragraph_text, text_after
from .rules import FieldCheck
from .values import CitedSpan
from .yesno import CHANGE_VERBS, without_periods

_AUXILIARY = re.compile(
    r"^\W*(?:[^,?]{0,40},\s*)?(?:(?P<do>do|does|did)|has|have|had|is|are|was|were)\s+", re.IGNORECASE
)
# after 'has', 'is', 'was': a participle is the verb ('Has the district been cleared to proceed', 'Was it sold')
_PARTICIPLE = re.compile(
    r"[a-z]{3,}ed|paid|sold|held|upheld|made|taken|given|begun|built|bought|spent|won|lost|met|set"
)
# what follows a verb in a question: a preposition, a determiner or the question's end ('expire within', 'operate any')
_AFTER_VERB = frozenset(
    "within in on at any a an the its their our his her to from by for with more less over after before under into "
    "through only ? all each every some during pursuant upon since until about as".split()  # or a name: 'acquire
)  # Pine Labs', 'adopt ASU 2017-12'; an adverb between is passed over ('sell substantially all', 'issue approximately')
_DETERMINERS = frozenset("the any its their our been being all some".split())
_PREPOSITIONS = frozenset(
    "at in on for by to from with during under of as since after before over into through within upon until".split()
)
# verbs whose sense is their object's, or that report what other words say ('have any debt', 'report a loss')
_LIGHT = frozenset(
    "have has had make makes made take takes took get gets got give gives gave keep keeps kept need needs see sees "
    "report reports record records recognize recognizes recognise disclose discloses show shows present presents "
    "incur incurs experience experiences continue continues remain remains plan plans intend intends expect expects "
    "seek seeks face faces use uses".split()
)


_ADVERB = re.compile(r"[a-z]{3,}ly")


def asked_predicate(question: str) -> tuple[str, str, str] | None:
    """The verb of a 'Do/Does/Did <subject> <verb> ...?' question ('Has/Is/Was <subject> (been) <participle>') and
    the question's words before it (after the auxiliary) and after it, or None (another form, a light verb, a
    change)."""
    auxiliary = _AUXILIARY.match(question)
    if auxiliary is None:
        return None
    rest = question[auxiliary.end() :]
    been = re.search(r"\bbeen\s+([a-z]+)\b", rest)  # 'had the lawsuits against X been dismissed'
    if not auxiliary.group("do") and been and _PARTICIPLE.fullmatch(been.group(1)) and been.group(1) != "ended":
        return been.group(1), rest[: been.start(1)], rest[been.end(1) :]
    words = list(re.finditer(r"[A-Za-z'\u2019-]+|\?|[$\d][\d.,]*", rest))
    for index, found in enumerate(words[:-1]):
        word = found.group(0)
        after = next((w.group(0) for w in words[index + 1 :] if not _ADVERB.fullmatch(w.group(0))), "?")
        if not word.islower() or len(word) < 3 or word.endswith(("ing", "ly")) or word in _DETERMINERS:
            continue
        # 'expire within', 'acquire Pine Labs', 'redeem $1 billion' (an amount, not a year)
        amount = after[:1] == "$" or (after[:1].isdigit() and not re.fullmatch(r"(?:19|20)\d\d", after))
        if after.lower() not in _AFTER_VERB and not after[:1].isupper() and not amount:
            continue
        if not auxiliary.group("do") and not _PARTICIPLE.fullmatch(word):
            return None  # 'Is the company profitable in 2022?': no verb asked
        if word in _LIGHT or CHANGE_VERBS.fullmatch(word):
            return None
        # the words around the verb: a verb read too late ('name product recalls as a risk') keeps its object
        return word, rest[: found.start()], rest[found.end() :]
    return None


def said_verb_rule(question: str, spans: list[CitedSpan], answer: bool, ignore: frozenset[str]) -> FieldCheck:
    """A yes whose quotes say nothing of what the question asks of its subject, neither its verb in any form nor a
    word of what follows it ('cleared to proceed with condemning the system' / 'the court denied the petition'), is
    unchecked, the verb named. A paraphrase keeps a word of its object ('provides a waiver' for 'receive a waiver');
    a no may be read from what was done instead, as the polarity rule reads it."""
    asked = asked_predicate(question) if answer else None
    if not asked or not spans:
        return check_field("about", "not_applicable")
    verb, before, after = asked
    quotes = " ".join(s.span.quote for s in spans)
    if (other := _other_act(verb, quotes)) is not None:  # 'we issued $1 billion of notes' for 'Did it redeem ...'
        return check_field("about", "unknown", f"about: the quotes tell '{other}', another act than '{verb}'")
    if (opposite := _opposite_said(verb, after, quotes)) is not None:  # 'finding invalid a BMS patent' for 'uphold'
        return check_field("about", "unknown", f"about: the quotes say '{opposite}', the opposite of '{verb}'")
    passage = " ".join(_lines_after(s) for s in spans)  # read when the quotes say neither: 'We continue to include'
    if not _outcome_said(verb, quotes) and (opposite := _opposite_said(verb, after, passage, least=1)) is not None:
        detail = f"about: the lines after the quotes say '{opposite}', the opposite of '{verb}'"
        return check_field("about", "unknown", detail)
    # the subject's name aside (*ignore*, capitalised words before the verb): its lowercase words, and the verb's
    # object and complements ('exit Mexico': Mexico)
    lowercase = " ".join(w for w in re.findall(r"[\w'\u2019-]+", before) if w.islower())
    asked_words = content_words(without_periods(f"{lowercase} {after}"), ignore)
    said = [w for w in asked_words if not w[:1].isdigit() and verb_in(w, quotes)]
    if verb_in(verb, quotes):  # any form: 'acquisition' of 'acquired', 'divested' of 'sell'
        return check_field("about", "not_applicable")
    # a name alone ('MGP') is no paraphrase of 'own a majority of MGP OP's partnership units': a word of the object is
    common = content_words(" ".join(w for w in re.findall(r"[\w'\u2019-]+", after) if w.islower()), ignore)
    common = common if after.split()[:1] and after.split()[0].lower() not in _PREPOSITIONS else set()  # an object
    figures = re.search(r"\d", without_periods(quotes))  # 'Walmart owns 75% of Flipkart' states how much
    if common and not figures and not {w for w in common if not w[:1].isdigit() and verb_in(w, quotes)}:
        said = []
    if not said:
        return check_field("about", "unknown", f"about: the quotes say nothing of '{verb}' and what follows it")
    family = (
        next((f for f in _DISPOSITIONS if verb.lower().startswith(f[0])), None)
        if _PROCEEDING.search(question)
        else None
    )
    how = content_words(without_periods(after), ignore) & content_words(quotes)  # 'resolved by a final judgment'
    if family and not how and not re.search(rf"\b(?:{'|'.join(family)})", quotes, re.IGNORECASE):
        return check_field("about", "unknown", f"about: the quotes do not say '{verb}', which no other word states")
    if denial := _denied_nearby(verb, spans):  # 'redemptions occur within one year' beside 'gift cards do not expire'
        return check_field("about", "unknown", f"about: the quotes do not say '{verb}'; their passage says '{denial}'")
    return check_field("about", "not_applicable")


# how a proceeding or a claim ends (general English of legal proceedings): no paraphrase of its object says it
_DISPOSITIONS = (
    ("dismiss",),
    ("settl", "resolv", "resolut"),
    ("resolv", "resolut", "settl", "dismiss"),
    ("conclud", "conclus", "complet", "settl", "resolv", "dismiss"),
    ("overturn", "revers", "vacat"),
    ("revers", "overturn", "vacat"),
    ("affirm", "uphold", "upheld", "sustain"),
    ("uphold", "upheld", "affirm", "sustain"),
)
_PROCEEDING = re.compile(
    r"\b(?:lawsuits?|suits?|cases?|claims?|litigation|appeals?|actions?|proceedings?|investigations?|complaints?|"
    r"judgments?|rulings?|decisions?|patents?|disputes?|charges?|petitions?|motions?)\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"\b(?:not|never|no\s+longer)\s+(?P<word>[a-z]+)", re.IGNORECASE)


def _denied_nearby(verb: str, spans: list[CitedSpan]) -> str | None:
    """The sentence of the quotes' passage (their paragraph and the lines after them) that says the verb asked
    negated ('Our gift cards do not expire'), when the quotes themselves never say it; None when none does."""
    for cited in spans:
        for sentence in split_sentences(f"{paragraph_text(cited)} {text_after(cited)}"):
            if any(verb_in(verb, m.group("word")) for m in _NEGATED.finditer(sentence)):
                return " ".join(sentence.split())[:120]
    return None


# the sides of a transaction, each excluding the others (general English): buying, selling, issuing, paying back
_SIDES = (
    ("acquir", "purchas", "buy", "bought", "repurchas"),
    ("sell", "sold", "divest", "dispos"),
    ("issu",),
    ("redeem", "redempt", "repay", "repaid", "retir"),
)


# an outcome and its opposite (general English of rulings and decisions): a patent upheld or found invalid, a
# request granted or denied, a plan approved or rejected
_OUTCOMES = (
    (("uphold", "upheld", "affirm", "sustain", "valid"), ("invalid", "revok", "revoc", "overturn", "revers", "vacat")),
    (("grant", "approv", "allow"), ("deny", "denie", "reject", "refus", "disallow", "disapprov")),
    (("remov", "derecogni", "eliminat"), ("continue to include", "still include", "continue to recogni")),
)


def _lines_after(cited: CitedSpan, count: int = 6) -> str:
    """The *count* lines after a quote's last, over a page break too (its sentence may go on on the next page)."""
    texts = cited.document.lines["text"].tolist()
    return " ".join(str(t) for t in texts[cited.span.line_end : cited.span.line_end + count])


def _outcome_said(verb: str, quotes: str) -> bool:
    """Whether the quotes say a word of either outcome of the verb asked (a word of its own or of its opposite)."""
    side = next(((own, other) for own, other in _OUTCOMES if verb.lower().startswith(own)), None)
    text = " ".join(re.findall(r"[a-z]+", quotes.lower()))
    return side is not None and any(re.search(rf"\b{re.escape(stem)}", text) for stem in (*side[0], *side[1]))


def _opposite_said(verb: str, after: str, quotes: str, least: int = 0) -> str | None:
    """A word of the opposite outcome the quotes say of the question's object (*after*, its words in the four after
    the word), when the verb asked is an outcome and no word of its own is said of the object as closely ('invalid'
    for 'uphold'; 'rejected the claims ... and granted the cross-claims' for granting the claims), or None."""
    side = next(((own, other) for own, other in _OUTCOMES if verb.lower().startswith(own)), None)
    if side is None:
        return None
    words = re.findall(r"[A-Za-z]+", quotes.lower())
    wanted = content_words(after)

    def closest(stems: tuple[str, ...]) -> tuple[int, str]:
        said = [
            (len(content_words(" ".join(words[i + 1 : i + 6])) & wanted), " ".join(words[i : i + 3]))
            for i in range(len(words))
        ]
        found = [(n, next(st for st in stems if w.startswith(st)), w) for n, w in said if w.startswith(stems)]
        return max(((n, st if " " in st else w.split()[0]) for n, st, w in found), default=(-1, ""))

    own, other = closest(side[0]), closest(side[1])
    return other[1] if other[0] > own[0] and other[0] >= least else None  # unsaid own side: -1


def _other_act(verb: str, quotes: str) -> str | None:
    """A word of another side of a transaction the quotes say, when the verb asked is of one side and they never say
    a word of its own ('issued' for 'redeem'), or None."""
    side = next((s for s in _SIDES if verb.lower().startswith(s)), None)
    if side is None:
        return None
    words = re.findall(r"[A-Za-z]+", quotes.lower())
    if any(w.startswith(side) for w in words):
        return None
    others = [w for w in words for s in _SIDES if s is not side and w.startswith(s)]
    return others[0] if others else None


# whether an amount was charged to expense (recognised in earnings), as against paid, capitalised or deferred: a
# payment says nothing of where it was recorded (accounting's recognition, ASC 340 and 980 defer costs as assets);
# the income statement's names are the domain table's
_INCOME_STATEMENT = table().section_patterns()[table().section_of("income")][0]
_ASKS_EXPENSED = re.compile(
    r"\b(?:charge[sd]?|expens(?:e|ed)|recogni[sz]e[sd]?|record(?:ed)?|book(?:ed)?)\b[^?]{0,80}?\b(?:to|as|in)\s+"
    rf"(?:an?\s+)?(?:expense|earnings|(?:its\s+|the\s+)?(?:\d{{4}}\s+)?(?:{_INCOME_STATEMENT})|income)\b|"
    r"\bexpensed\b",
    re.IGNORECASE,
)
_SAYS_EXPENSED = re.compile(
    rf"\b(?:expens\w*|charged?\s+(?:to|against)|loss(?:es)?|earnings|{_INCOME_STATEMENT}|write-?offs?|written\s+off)\b",
    re.IGNORECASE,
)
_SAYS_DEFERRED = re.compile(r"\b(?:regulatory\s+assets?|capitali[sz]\w*|deferr\w*)\b", re.IGNORECASE)


def expensed_rule(question: str, spans: list[CitedSpan], answer: bool) -> FieldCheck:
    """A yes to 'Did X charge the $15 million premium to expense?' read from quotes that only say it was paid ('a
    make-whole premium of $15 million was paid to the holders'): unchecked, where it was recorded not said; from
    quotes that say it was deferred ('recorded as regulatory assets', 'capitalized'): mismatch."""
    if not answer or not spans or not _ASKS_EXPENSED.search(question):
        return check_field("about", "not_applicable")
    quotes = " ".join(s.span.quote for s in spans)
    expensed, deferred = _SAYS_EXPENSED.search(quotes), _SAYS_DEFERRED.search(quotes)
    if deferred and not expensed:  # 'recorded as regulatory assets', 'initially capitalized'
        return check_field("about", "mismatch", f"about: the quotes say it was '{deferred.group(0)}', not expensed")
    if expensed:
        return check_field("about", "not_applicable")
    return check_field("about", "unknown", "about: the quotes do not say where the amount was recorded (expensed)")


# a part of the thing asked: 'settled a portion of the IRS audit for tax years 2004 to 2006' (general English)
_PORTION = re.compile(
    r"\b(?:(?:a|an\s+additional|one|some|certain)\s+(?:portion|part)s?|part)\s+of\s+(?:the\s+|its\s+|our\s+)?"
    r"(?P<what>[^.;,]{3,80})",
    re.IGNORECASE,
)
_ASKS_PART = re.compile(r"\b(?:portions?|parts?|partial(?:ly)?|some|any)\b", re.IGNORECASE)


def portion_rule(question: str, spans: list[CitedSpan], answer: bool) -> FieldCheck:
    """A yes about a whole ('Has Microsoft concluded its IRS audit of tax years 2004 to 2006?') read from quotes that
    tell of a portion of it ('We settled a portion of the ... audit for tax years 2004 to 2006'): unchecked."""
    if not answer or _ASKS_PART.search(question):
        return check_field("about", "not_applicable")
    asked = content_words(question)
    for cited in spans:
        for found in _PORTION.finditer(cited.span.quote):
            if content_words(found.group("what")) & asked:
                detail = f"about: the quotes tell of '{found.group(0).strip()[:80]}', the question asks of the whole"
                return check_field("about", "unknown", detail)
    return check_field("about", "not_applicable")
