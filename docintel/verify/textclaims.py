"""Rules for the words of a text claim against its quotes: a short item naming something is in its quotes, each
number sits with the same subject (and the same proper name) as in its quote, and 'all' is no 'substantially all'.

Each rule returns one ``FieldCheck`` (``quoted``, ``subject``, ``claim``); word lists are grammar."""

from __future__ import annotations

import re

from ..numbers import SCALE_WORDS, WORD_NUMBERS, figure_text, find_numbers
from ..periods import years_named
from ..textnorm import tokenize
from .claims import check_field, content_words, quote_sentences
from .kinds import other_kind
from .rules import FieldCheck
from .values import CitedSpan, cited_lines
from .wording import names_asked
from .yesno import CHANGE_VERBS


def phrase_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A list's entry ('Food Safety') is named in its quotes as written (case, punctuation, '&' for 'and' and
    hyphens aside); none of its words there is a mismatch, its words apart or some missing an unknown."""
    entry, quotes = _plain(text), _plain(" ".join(s.span.quote for s in spans))
    if not entry:
        return check_field("quoted", "not_applicable")
    if f" {entry} " in f" {quotes} ":
        return check_field("quoted", "supported")
    own, said = content_words(text), content_words(" ".join(s.span.quote for s in spans))
    initials = "".join(w[0] for w in re.findall(r"[A-Za-z]+", text)).lower()  # 'United States' as 'U.S.'
    abbreviated = len(initials) > 1 and initials in quotes.replace(" ", "")
    verdict = "mismatch" if own and not own & said and not abbreviated else "unknown"
    return check_field("quoted", verdict, f"quoted: its quotes do not name '{text.strip()}'")


def _plain(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower().replace("&", " and ")))


def subject_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """Each number of a text claim is said of the same subject in the quote that holds it."""
    checked = False
    for number in find_numbers(text):
        claim_words = content_words(text[max(0, number.start - 80) : number.start]) | content_words(
            text[number.end : number.end + 40]
        )
        holders = [s for s in quote_sentences(spans) if any(n.value == number.value for n in find_numbers(s))]
        if not holders or not claim_words:
            continue
        checked = True
        if not any(content_words(s) & claim_words for s in holders):
            return check_field("subject", "mismatch", f"subject: {number.text} is in a quote about something else")
        if other := _named_otherwise(text, number, holders):
            return check_field("subject", "mismatch", f"subject: {number.text} is said of {other} in its quote")
    return check_field("subject", "supported" if checked else "not_applicable")


# where a clause around a number ends: 'an increase of 2 percent in ASEAN, partially offset by a 2 percent decline'
_NUMBER_CLAUSE = re.compile(r"[,;]|\b(?:offset\s+by|while|whereas|compared\s+(?:with|to)|versus)\b", re.IGNORECASE)


def _named_otherwise(text: str, number: object, holders: list[str]) -> str:
    """The proper name a quote says a claim's number of, when the claim names others ('' when a clause holding
    the number names one of the claim's, read as the claim's are: 'PepsiCo' as 'Pepsi', or names none)."""
    value = getattr(number, "value", None)
    claimed = list(names_asked(text, frozenset()).values())
    if not claimed:
        return ""
    found = ""
    for sentence in holders:
        for held in (n for n in find_numbers(sentence) if n.value == value):
            cuts = [0, *(m.end() for m in _NUMBER_CLAUSE.finditer(sentence[: held.start]))]
            after = _NUMBER_CLAUSE.search(sentence, held.end)
            clause = sentence[cuts[-1] : after.start() if after else len(sentence)]
            names = names_asked(clause, frozenset())
            if not names or any(name <= content_words(clause) or name in names.values() for name in claimed):
                return ""
            found = found or next(iter(names))
    return found


_DURATION = re.compile(
    rf"\b(?P<n>\d+(?:\.\d+)?|{'|'.join(WORD_NUMBERS)})[- ](?P<unit>year|month|week|day)s?\b", re.IGNORECASE
)


def _durations(text: str) -> list[tuple[float, str, re.Match[str]]]:
    """(length, unit, match) of each duration a text states ('four years', '36-month', '90 days')."""
    found = []
    for m in _DURATION.finditer(text):
        n = m.group("n").lower()
        found.append((float(WORD_NUMBERS.get(n, n)), m.group("unit").lower(), m))
    return found


def duration_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A duration a text claim gives an event ('vest over seven years') is the one its quote gives that event, when
    the quote gives several: each duration there is said of the words between it and the duration before it
    ('Option vesting periods are generally | four years | and expire | seven years ...'). Only a positive finding
    counts: the claim's words (or its amounts: '$13 billion ... over the next five years, and $28 billion ... over
    the next 10 years') are with another duration and not with its own."""
    for length, unit, claimed in _durations(text):
        before = content_words(text[: claimed.start()])
        amounts = {n.value for n in find_numbers(text[: claimed.start()])}
        for sentence in quote_sentences(spans):
            held = _durations(sentence)
            if len({(n, u) for n, u, _ in held}) < 2 or not (before or amounts):
                continue
            said: dict[tuple[float, str], set[str]] = {}
            figures: dict[tuple[float, str], set[float]] = {}
            previous = 0
            for n, u, m in held:
                said.setdefault((n, u), set()).update(content_words(sentence[previous : m.start()]))
                figures.setdefault((n, u), set()).update(x.value for x in find_numbers(sentence[previous : m.start()]))
                previous = m.end()
            own, own_figures = said.get((length, unit)), figures.get((length, unit), set())
            others = [key for key, words in said.items() if key != (length, unit) and words & before]
            elsewhere = [
                key for key, held_figures in figures.items() if key != (length, unit) and held_figures & amounts
            ]
            if own is not None and elsewhere and own_figures and not own_figures & amounts:
                # its own figures are other amounts ('over the next five years the Company expects to invest $13
                # billion ...' puts them after it: then nothing is concluded)
                other = next(m.group(0) for n, u, m in held if (n, u) == elsewhere[0])
                detail = f"subject: its quote gives the claim's amounts to {other}, not to {claimed.group(0)}"
                return check_field("subject", "mismatch", detail)
            if own is not None and not own & before and others:
                return check_field(
                    "subject", "mismatch", f"subject: its quote gives {claimed.group(0)} to another event"
                )
    return check_field("subject", "not_applicable")


# 'a seven-for-one stock split': each share becomes seven, six of them new ('seven additional shares' is one too many)
_SPLIT = re.compile(rf"\b(?P<n>\d+|{'|'.join(WORD_NUMBERS)})\s*-?\s*for\s*-?\s*(?:one|1)\b", re.IGNORECASE)
_ADDITIONAL = re.compile(rf"\b(?P<n>\d+|{'|'.join(WORD_NUMBERS)})\s+(?:additional|new|more|extra)\s+shares\b", re.I)


def split_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A claim of N additional shares per share from an N-for-one split its quote states: the split gives N - 1."""
    split = _SPLIT.search(" ".join(c.span.quote for c in spans))
    added = _ADDITIONAL.search(text)
    if split is None or added is None:
        return check_field("claim", "not_applicable")
    ratio, extra = (_number(m.group("n")) for m in (split, added))
    if extra == ratio:
        detail = f"claim: a {split.group(0)} split gives {ratio - 1:g} additional shares per share, not {extra:g}"
        return check_field("claim", "mismatch", detail)
    return check_field("claim", "supported" if extra == ratio - 1 else "not_applicable")


def _number(word: str) -> float:
    return float(WORD_NUMBERS.get(word.lower(), word) if not word.isdigit() else word)


def row_label_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A text claim whose words a cited table row gives only in its label, the claim using none of the row's
    figures ('every three years' from a vote tally's row 'Three Years 17,603,165'): a row states its figures, not
    that its label is so, so the claim is not checked."""
    claimed = {n.value for n in find_numbers(text)}
    labels: list[str] = []
    prose: list[str] = []
    for cited in spans:
        lines = range(cited.span.line_start, cited.span.line_end + 1)
        rows = [found[1] for n in lines if (found := cited.document.table_row(n)) is not None]
        figures = {v for row in rows for v in row.values if v is not None}
        if rows and figures and not figures & claimed:
            labels.extend(row.label for row in rows)
        else:
            prose.append(cited.span.quote)
    own = content_words(text)
    only_labels = (own & content_words(" ".join(labels))) - content_words(" ".join(prose))
    if not labels or not only_labels:
        return check_field("claim", "not_applicable")
    words = ", ".join(sorted(only_labels))
    return check_field("claim", "unknown", f"claim: '{words}' only in a table row's label ('{labels[0]}'), not stated")


def row_figure_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A text claim that uses one figure of a cited table row of several, in a table whose columns docintel could
    not read ('Bellagio 3,933 157,000 1,284 151' under a header of four measures): which measure the figure is,
    nothing checked says ('157,000 square feet' is the casino's floor, not the resort's), so the claim is not
    checked (a header quoted beside it names its columns, not which one the figure is under)."""
    claimed = {n.value for n in find_numbers(text) if not n.is_year}
    for cited in spans:
        for n in range(cited.span.line_start, cited.span.line_end + 1):
            found = cited.document.table_row(n)
            if found is None or found[0].problem is None:
                continue
            figures = [v for v in found[1].values if v is not None]
            if len(figures) >= 2 and (used := sorted(claimed & set(figures))):
                detail = (
                    f"claim: {figure_text(used[0])} is one of the {len(figures)} figures of the row "
                    f"'{found[1].label}', whose columns docintel could not read: what it measures is not checked"
                )
                return check_field("claim", "unknown", detail)
    return check_field("claim", "not_applicable")


# a quantifier that hedges 'all' (or 'none'): 'Substantially all of our sales are denominated in U.S. dollars'
_HEDGED = re.compile(
    r"\b(?P<hedge>substantially|nearly|almost|virtually|essentially|practically|largely|mostly)\s+(?P<word>all|none)\b",
    re.IGNORECASE,
)


def quantifier_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A text claim that says 'all' (or 'none') where its quote says 'substantially all' (or 'almost none')
    overstates the quote."""
    quotes = " ".join(c.span.quote for c in spans)
    for found in _HEDGED.finditer(quotes):
        word = found.group("word").lower()
        if [
            m
            for m in re.finditer(rf"\b{word}\b", quotes, re.IGNORECASE)
            if not _HEDGED.match(quotes, _start(quotes, m))
        ]:
            continue  # 'all or substantially all of the assets': the quote says it bare too
        bare = [m for m in re.finditer(rf"\b{word}\b", text, re.IGNORECASE) if not _HEDGED.match(text, _start(text, m))]
        if bare:
            said = f"{found.group('hedge')} {found.group('word')}"
            return check_field("claim", "mismatch", f"claim: the text says '{word}'; its quote says '{said}'")
    wholly = {_ALONE.get(m[0].lower(), m[0].lower()) for m in [*_TOTALITY.finditer(quotes), *_BARE.finditer(quotes)]}
    added = [m[0] for m in _TOTALITY.finditer(text) if _ALONE.get(m[0].lower(), m[0].lower()) not in wholly]
    if added:  # 'guarantees payment of the full $3.01 billion' from 'shortfall guarantees of the $3.01 billion'
        return check_field("claim", "unknown", f"claim: the text says '{added[0]}', which its quote does not")
    return check_field("claim", "not_applicable")


# words that say a thing holds wholly or alone, which a claim adds to a quote (not 'full-year', 'wholly owned')
_TOTALITY = re.compile(
    r"\b(?:full(?![\s-]+(?:year|quarter|month|time|six|three|nine|twelve|fiscal|period|service)s?\b)|"
    r"fully(?!\s+diluted)|entire|entirely|completely|wholly(?![\s-]+owned)|unconditional(?:ly)?|solely|"
    r"exclusively|(?<!not\s)only(?=\s+(?:in|to|for|within|the|from|by|due|because|as|on|at|through)\b|\s*[.;,]))\b",
    re.IGNORECASE,
)
_ALONE, _BARE = {"solely": "only", "exclusively": "only"}, re.compile(r"(?<!not\s)\bonly\b", re.I)  # one claim


def _start(text: str, match: re.Match[str]) -> int:
    """Where the word before *match* starts (its hedge, if any)."""
    before = text[: match.start()].rstrip()
    return before.rfind(" ") + 1 if before else match.start()


_PLURAL = re.compile(r"[^s]s$")
# stages of one process: 'final approval' is not the 'preliminary approval' a quote names (general English)
_TOTALS = ("total", "entire", "full", "whole", "overall", "combined", "aggregate")
_STAGES = "|".join(("preliminary|final|interim|initial|original|tentative|proposed|definitive|provisional", *_TOTALS))
_STAGED = re.compile(rf"\b(?P<stage>{_STAGES})\s+(?P<noun>[a-z]+)\b", re.IGNORECASE)
# one stage in two words: a term's 'original' is its 'initial'; its 'entire', 'full' or 'whole' is its 'total'
_SAME_STAGE = {"original": "initial"} | dict.fromkeys(_TOTALS, "total")
# quotes that name what extends a term ('two 10-year renewal options') may give its total from the initial term
_EXTENDS = re.compile(r"\brenew|\bextend|\bextension|\badditional\b|\boptions?\b", re.IGNORECASE)


# what is left of a term or an amount ('how many years remained in the initial term'): a quote of the whole ('an
# initial term of 30 years') does not say it; one that says the remainder, or where it ends, may
_ASKS_REMAINING = re.compile(r"\bhow\s+(?:many|much|long)\b.*\bremain(?:s|ed|ing)?\b", re.IGNORECASE)
_SAYS_REMAINING = re.compile(
    r"\bremain|\b(?:rest|balance)\s+of\b|\bleft\b|\bexpir|\bend(?:s|ing)?\s+(?:on|in)\b|\bterminat|\bdue\b|"
    r"\b(?:through|until)\s+(?:[A-Z][a-z]+\s+(?:\d{1,2},\s+)?)?(?:19|20)\d\d\b",
    re.IGNORECASE,
)


def _stage(match: re.Match[str]) -> str:
    """The stage a match names, in one word of its synonyms."""
    return _SAME_STAGE.get(match.group("stage").lower(), match.group("stage").lower())


def _other_stage(question: str, quotes: str) -> tuple[str, str] | None:
    """(asked, quoted) when the question asks one stage of a thing ('final approval') and the quotes name only
    another stage of it ('preliminary approval')."""
    for asked in _STAGED.finditer(question):
        stage, noun = _stage(asked), asked.group("noun").lower()
        said = {_stage(m) for m in _STAGED.finditer(quotes) if m.group("noun").lower() == noun}
        if said and stage not in said and not (stage == "total" and _EXTENDS.search(quotes)):
            return f"{stage} {noun}", f"{sorted(said)[0]} {noun}"
    return None


def kind_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A question about one kind of things ('reportable segments') is not answered from quotes that name the things
    only as another kind ('five Flexibles operating segments (...)'). A plural noun only: a verb's object ('take
    effect', quoted 'took effect') is no kind of a thing. Nor one stage of a process from quotes naming only
    another ('final approval' asked, 'preliminary approval' quoted; a 'total term', 'an initial term of ten years'),
    nor what remains of a thing from quotes that say none remains ('an initial term of 30 years' for the years left)."""
    quotes = " ".join(s.span.quote for s in spans)
    if stage := _other_stage(question, quotes):
        return check_field("about", "unknown", f"about: the quotes name {stage[1]}, not the {stage[0]} asked")
    if _ASKS_REMAINING.search(question) and not _SAYS_REMAINING.search(quotes):
        return check_field("about", "unknown", "about: the question asks what remains; the quotes say no remainder")
    clash = other_kind(question, quotes, every_pair=True)
    if clash is None or not _PLURAL.search(clash[0]):
        return check_field("about", "not_applicable")
    return check_field("about", "unknown", f"about: the quotes name {clash[1]}, not the {clash[0]} asked")


# 'Who served as principal accounting officer ...': a role; '... principal accounting officer in April 2009': when
# it began; 'since', 'currently': that it goes on
_ASKS_WHO = re.compile(r"^\s*(?:who|which\s+(?:person|individual|executive|officer))\b", re.IGNORECASE)
_SINCE = re.compile(r"\bsince\b|\bcontinues?\s+to\b|\bcurrently\b|\bcurrent\s+position\b", re.IGNORECASE)


def role_time_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """Who held a role at a time the question names ('at the time of its 2020 Form 10-K') is not read from a
    career history that dates the appointment years before ('... principal accounting officer in April 2009'):
    the role may have passed to another since. Only a career history (two dated roles or more) is held to it; one
    appointment ('appointed Chief Financial Officer in March 2019') is the role still held. Unchecked unless a quote
    says the role goes on ('since')."""
    asked = years_named(question)
    quotes = " ".join(s.span.quote for s in spans)
    said = years_named(quotes)
    if not _ASKS_WHO.search(question) or not asked or not said:
        return check_field("about", "not_applicable")
    if max(said) >= min(asked) or len(said) < 2 or _SINCE.search(quotes):
        return check_field("about", "not_applicable")  # one dated appointment is the role still held
    years = ", ".join(map(str, sorted(said)))
    return check_field("about", "unknown", f"about: the quotes date the role in {years}, not at the time asked")


# a cover page's check boxes as PDF fonts print them: Wingdings' empty and ticked boxes ('¨', 'þ', 'ý'), Unicode's
_CHECK_BOX = re.compile(
    r"(?:^|\s)[¨þý☐☑☒](?=\s|$)"  # Wingdings or Unicode boxes
    r"|\byes\s+[xo]\s+no\s+[xo](?!\w)|(?<!\w)[xo]\s+yes\s+[xo]\s+no\b",  # 'Yes o No x', 'x Yes o No'
    re.IGNORECASE,
)


def checkbox_rule(spans: list[CitedSpan]) -> FieldCheck:
    """A yes/no read from a line of check boxes ('... is not required to file reports ... ¨ þ') is decided by which
    box is ticked, under which column; docintel does not read that, so the answer is unchecked."""
    if not any(_CHECK_BOX.search(s.span.quote) for s in spans):
        return check_field("polarity", "not_applicable")
    detail = "polarity: the quote is a line of check boxes; which box is ticked is not read"
    return check_field("polarity", "unknown", detail)


# a compound the question writes with a hyphen ('constant-currency reporting', 'held-to-maturity securities'): a
# term of art that says what is asked; temporal compounds ('year-end', 'long-term') restate only a period
_COMPOUND = re.compile(r"\b[a-z]{2,}(?:-[a-z]{2,})+\b", re.IGNORECASE)
_TEMPORAL = re.compile(r"\b(?:year|years|term|month|months|quarter|date|end|time|day|week)\b", re.IGNORECASE)
_AROUND_LINES = 3  # how far around its span a quote's paragraph is read for the term


def term_of_art_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A text or list answer to a question naming a term of art needs quotes that say it (in the quoted lines or
    the lines around them, hyphens and spaces aside): currencies a company hedges do not answer which it
    reports in constant currency. Its absence leaves the answer unchecked, not contradicted."""
    terms = [
        m.group(0)
        for m in _COMPOUND.finditer(question)
        if not _TEMPORAL.search(m.group(0).replace("-", " ")) and not m.group(0)[:1].isupper()  # 'Coca-Cola'
    ]
    if not terms or not spans:
        return check_field("subject", "not_applicable")
    around = _squashed(" ".join(_around(s) for s in spans))
    missing = [t for t in terms if _squashed(t) not in around]
    if not missing:
        return check_field("subject", "supported")
    return check_field("subject", "unknown", f"subject: the quotes do not say '{missing[0]}'")


def _squashed(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.lower())


def _around(cited: CitedSpan) -> str:
    """The span's lines and a few lines either side of it on its page."""
    lines = cited.document.lines
    texts, pages = lines["text"].tolist(), lines["page"].tolist()
    own = {pages[n - 1] for n in range(cited.span.line_start, cited.span.line_end + 1)}
    first = max(1, cited.span.line_start - _AROUND_LINES)
    last = min(len(texts), cited.span.line_end + _AROUND_LINES)
    return " ".join(str(texts[n - 1]) for n in range(first, last + 1) if pages[n - 1] in own)


_SINCE = re.compile(r"\bsince\s+(?P<year>(?:19|20)\d\d)\b", re.IGNORECASE)
# a streak's words: 'every year since', 'consecutive years of increases', 'raised', 'hiked'
_STREAK = re.compile(
    r"\b(?:every|each)\s+year\b|\bconsecutive\b|\b(?:rais|hik|boost)(?:e|es|ed|ing)\b",
    re.IGNORECASE,
)


def since_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """'since 1916' dates the start of what its own clause says: a claim that X has increased (every year) since a
    year is not said by a quote whose clause with that year states no change ('has paid dividends since 1916')."""
    for claimed in _SINCE.finditer(text):
        clause = _clause_around(text, claimed.start(), claimed.end())
        if not (CHANGE_VERBS.search(clause) or _STREAK.search(clause)):
            continue
        for sentence in quote_sentences(spans):
            for held in _SINCE.finditer(sentence):
                if held.group("year") != claimed.group("year"):
                    continue
                said = _clause_around(sentence, held.start(), held.end())
                if not (CHANGE_VERBS.search(said) or _STREAK.search(said)):
                    detail = f"subject: its quote says only '{said.strip()}' (no change, no streak) of {held.group(0)}"
                    return check_field("subject", "mismatch", detail)
    return check_field("subject", "not_applicable")


def _clause_around(text: str, start: int, end: int) -> str:
    """The clause of *text* around [start, end): cut at a stop, a semicolon, a comma and 'and' ('has paid dividends
    since 1916 and increased its dividend by 6 percent' dates only the payment)."""
    cuts = [0, *(m.end() for m in _CLAUSE_CUT.finditer(text[:start]))]
    after = _CLAUSE_CUT.search(text[end:])
    return text[cuts[-1] : end + after.start() if after else len(text)]


_CLAUSE_CUT = re.compile(r"[.;,](?:\s|$)|\s+and\s+", re.IGNORECASE)


# a restrictive relative clause of persons (no comma before it): 'employees who serve customers in our Northeast
# areas' ('that' is left alone: 'expects that' is no relative clause)
_RESTRICTIVE = re.compile(r"\b(?P<head>[A-Za-z][\w-]*?)\s+(?:who|whose)\s+(?P<rest>[^.;]+)")
_FOLLOWING = 2  # the claim's words after the head noun that place it in the quote's sentence


def restriction_rule(question: str, text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A claim that goes on from the head noun ('employees') with what its quote says after a restrictive clause
    ('employees who serve customers in our Northeast areas extend through August 1, 2026'), leaving out every word
    of the clause the sentence does not repeat later, and asked by a question that names none of them either,
    widens the quote to a group it does not speak of: unchecked, the clause named."""
    claim_words = tokenize(text)
    said = set(claim_words) | set(tokenize(question))
    for sentence in quote_sentences(spans):
        for match in _RESTRICTIVE.finditer(sentence):
            head, rest = tokenize(match.group("head")), tokenize(match.group("rest"))
            if not head or head[-1] not in claim_words:
                continue
            skipped = _skipped(claim_words, head[-1], rest) or _ends_alike(set(claim_words), rest)
            if skipped and not skipped & said:
                clause = " ".join(match.group(0).split()[:8])
                return check_field("subject", "unknown", f"subject: its quote says this only of '{clause} ...'")
    return check_field("subject", "not_applicable")


def _ends_alike(claim: set[str], rest: list[str]) -> set[str] | None:
    """The clause's own words when the claim ends as the sentence does (its last words, 'August 1, 2026') but goes
    on from the head noun with words of its own ('employees, who make up about 22.5% of its workforce, ...'): of
    the first half of *rest*, the words the second half does not repeat."""
    half = len(rest) // 2
    if len(rest) < 2 * _FOLLOWING + 1 or not set(rest[-_FOLLOWING:]) & claim:
        return None
    return set(rest[:half]) - set(rest[half:])


def _skipped(claim: list[str], head: str, rest: list[str]) -> set[str] | None:
    """The clause's own words the claim steps over: where the claim's words after *head* take up *rest* (the
    sentence after 'who'), the words before that point that the sentence does not repeat after it."""
    for at, word in enumerate(claim):
        following = claim[at + 1 : at + 1 + _FOLLOWING]
        if word != head or len(following) < _FOLLOWING:
            continue
        for start in range(2, len(rest) - _FOLLOWING + 1):
            if rest[start : start + _FOLLOWING] == following:
                return set(rest[:start]) - set(rest[start:])
    return None


# an age set off by commas after a person's name, as filings list their officers ('Mr. Sprunk, 54, joined NIKE')
_AGE = re.compile(r"\b(?P<name>(?:Mr|Ms|Mrs|Dr)\.?\s+[A-Z][\w'’-]+),\s*(?P<age>[1-9]\d),\s(?!\d)")
_SAYS_AGE = re.compile(r"\b(?:age[sd]?|years?\s+old|-year-old)\b", re.IGNORECASE)
# a claim that gives the number as an age itself: 'Michael F. Roman is 59.', 'Michael F. Roman, 59, is ...'
_IS_AGE = re.compile(r"\b(?:is|was)\s+[1-9]\d\s*(?:[.,;]|$)|[A-Z][\w'’-]+,\s*[1-9]\d,\s(?!\d)")
# a number a claim gives as time served: 'for 54 years', '54 years of service', 'served 54'
_TENURE = r"(?:for\s+|served\s+){n}\s+years?\b|{n}\s+years?\s+(?:of\s+service|with|at|in)\b"


def age_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A number a quote sets off by commas after a person's name ('Mr. Sprunk, 54, joined NIKE in 1993'), or a row
    of a table under a 'Name Age' heading gives, is the person's age: a claim that gives it as time served ('worked
    at NIKE for 54 years') is contradicted, one that uses it otherwise without saying it is an age is unchecked."""
    if _SAYS_AGE.search(text) or _IS_AGE.search(text):
        return check_field("subject", "not_applicable")
    claimed = {n.value for n in find_numbers(text)}
    if not claimed:
        return check_field("subject", "not_applicable")
    ages = list(_AGE.finditer(" ".join(s.span.quote for s in spans)))  # whole quotes: 'Mr.' ends no sentence
    ages += [row for cited in spans for row in _officer_rows(cited)]
    for match in ages:
        if float(match.group("age")) in claimed:
            detail = f"subject: {match.group('age')} is {match.group('name')}'s age in its quote"
            tenure = re.search(_TENURE.format(n=match.group("age")), text, re.IGNORECASE)
            return check_field("subject", "mismatch" if tenure else "unknown", detail)
    return check_field("subject", "not_applicable")


# a row of a table of officers under a 'Name Age Position' heading: 'Michael F. Roman 59 Chief Executive Officer'
_OFFICER_ROW = re.compile(r"^(?P<name>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){1,3})\s+(?P<age>[1-9]\d)\s+[A-Z]")
_AGE_HEADING = re.compile(r"\bName\b.*\bAge\b")
_HEADING_REACH = 100  # lines above a row its table's heading may be, on the same page (a page of officers)


def _officer_rows(cited: CitedSpan) -> list[re.Match[str]]:
    """The cited lines that are rows of a table of officers' ages (a 'Name Age ...' heading above, same page)."""
    texts, pages = cited.document.lines["text"].tolist(), cited.document.lines["page"].tolist()
    rows = []
    for line in range(cited.span.line_start, cited.span.line_end + 1):
        row = _OFFICER_ROW.match(str(texts[line - 1]))
        above = range(max(1, line - _HEADING_REACH), line)
        if row and any(pages[n - 1] == pages[line - 1] and _AGE_HEADING.search(str(texts[n - 1])) for n in above):
            rows.append(row)
    return rows


_SHARE_CLASS = re.compile(r"\bClass\s+([A-Z])\b")


def share_class_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A claim about one class of stock ('Class A Common Stock trades as NKE') is not said by a quote cut from a
    line that names only another class ('Class B Common Stock NKE New York Stock Exchange', quoted from 'Common
    Stock'): contradicted, naming the line's class."""
    claimed = set(_SHARE_CLASS.findall(text))
    for cited in spans if claimed else []:
        named = set(_SHARE_CLASS.findall(cited_lines(cited)))
        if named and not named & claimed:
            detail = (
                f"subject: the quote's line names Class {sorted(named)[0]}, not the Class {sorted(claimed)[0]} claimed"
            )
            return check_field("subject", "mismatch", detail)
    return check_field("subject", "not_applicable")


_SCALE_WORDS = frozenset(tokenize(" ".join(SCALE_WORDS))) | {"percent"}  # the numbers module's scale words
# a conclusion a claim draws (general English connectives of consequence)
_CONSEQUENCE = re.compile(
    r"(?:,\s*so(?:\s+that)?|(?:,\s*|\b)(?:therefore|thus|hence|consequently|as\s+a\s+result(?:\s+of\s+which)?,?|"
    r"(?:which|that)\s+(?:led|leads|resulted|results)\s+(?:to|in)|resulting\s+in|leading\s+to))\s+(?P<rest>[^.;]+)",
    re.IGNORECASE,
)


def consequence_rule(text: str, spans: list[CitedSpan], issuer: frozenset[str] = frozenset()) -> FieldCheck:
    """A consequence the claim draws ('..., so American Water had to write off the $29 million') is said by its
    quotes: more than two thirds of its words are in them, else the claim is unchecked (the filing may say the
    reverse: 'There is no financial impact')."""
    match = _CONSEQUENCE.search(text)
    if match is None:
        return check_field("consequence", "not_applicable")
    drawn = content_words(match.group("rest"), issuer | _SCALE_WORDS)  # the company's name says nothing
    said = set(tokenize(" ".join(cited_lines(c) for c in spans)))
    unsaid = sorted(drawn - said)
    if drawn and 3 * len(unsaid) >= len(drawn):  # a third of its words or more: 'wrote off the related goodwill'
        detail = f"consequence: its quotes do not say '{' '.join(match.group('rest').split()[:8])}'"
        return check_field("consequence", "unknown", detail)
    return check_field("consequence", "supported")
