"""What a list question restricts its entries to. 'List the fixed-price development programs that recorded charges
in 2022' asks only the programs its relative clause says: a quote that lists 'Examples of significant fixed-price
development programs' without a word of 'recorded charges' names programs, not those charged.

``restricted_list_rule`` returns one ``FieldCheck`` (``about``). So does ``joint_place_rule``: a list for one place
('brands ... in Mexico') is not read from a quote that lists them for that place joined with another ('operations
in Canada and Mexico under the brand names ...'): each entry may be the other's. General English: a relative
pronoun right after the plural noun it restricts, as the clause's subject ('programs that recorded', not 'risks
that the company names')."""

from __future__ import annotations

import re

from ..numbers import find_numbers
from ..question.parse import EXPLAIN_NOUN, search_text, topic_phrases
from ..textnorm import split_sentences, tokenize
from .claims import SELF_WORDS, check_field, quote_sentences
from .leadin import clause_lead
from .names import document_lowercase
from .passages import text_after
from .places import place_terms
from .rules import FieldCheck
from .values import CitedSpan

_CLAUSE = re.compile(
    r"\b[a-z]+[^s\W]s\s+(?:that|which|who)\s+(?!(?:the|a|an|it|its|we|our|they|their|he|she|this|these|those)\b)"
    r"(?P<clause>[a-z][^?.;,]*)",
    re.IGNORECASE,  # 'List the Programs That Recorded Charges'
)
# the verbs that only tie a clause to what follows ('programs that were', 'segments that have')
_LINKING = frozenset(tokenize("is are was were be been being has have had do does did will would may could can"))
# a list given as examples ('Examples of ... programs include', 'such as'), which names the kind, not those restricted
_EXAMPLES = re.compile(r"\bexamples?\s+of\b|\bsuch\s+as\b|\bfor\s+(?:example|instance)\b|\binclud(?:e|es|ing)\b", re.I)
_STEM = 5  # 'recorded' and 'records', 'charges' and 'charged' share a stem


def restricted_list_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A list's entry, from quotes that give examples of a kind, is of the things the question's relative clause
    restricts the list to only when its quotes say a word of the clause (years aside: every page names one):
    unchecked otherwise, the clause named. A list the quotes give of their own ('we recorded charges on the KC-46A
    and T-7A programs') is left to the other checks: its words may paraphrase the clause."""
    quotes = {t[:_STEM] for s in spans for t in tokenize(s.span.quote)}
    if not any(_EXAMPLES.search(s.span.quote) for s in spans):
        return check_field("about", "not_applicable")  # a list of its own ('we recorded charges on ...')
    for match in _CLAUSE.finditer(question):
        words = [t for t in tokenize(match.group("clause")) if t not in _LINKING and not t[:1].isdigit()]
        if words and not {t[:_STEM] for t in words} & quotes:
            clause = " ".join(match.group(0).split())
            return check_field("about", "unknown", f"about: its quotes do not say what '{clause}' restricts to")
    return check_field("about", "not_applicable")


_JOINED = re.compile(r"\b(?P<a>[A-Z][\w.'-]*)\s+(?:and|&)\s+(?P<b>[A-Z][\w.'-]*)\b")


def joint_place_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A list entry for the one place a question names is unchecked when its quotes name that place only joined with
    another ('in Canada and Mexico'); a quote that names the place alone too is left to the other checks."""
    places = place_terms(search_text(question))
    if not places or not spans:
        return check_field("about", "not_applicable")
    quotes = " ".join(s.span.quote for s in spans)
    for match in _JOINED.finditer(quotes):
        a, b = (set(tokenize(match.group(side))) for side in ("a", "b"))
        if (a & places and b and not b & places) or (b & places and a and not a & places):
            alone = len(re.findall(rf"\b{re.escape(match.group('a' if a & places else 'b'))}\b", quotes))
            if alone <= len(re.findall(re.escape(match.group(0)), quotes)):
                joined = " ".join(match.group(0).split())
                return check_field("about", "unknown", f"about: its quotes say it of '{joined}' together")
    return check_field("about", "not_applicable")


_ENTRY_WORDS = 12  # 'Europe, Middle East & Africa', 'Food Safety and Quality': a name or a short phrase


def entry_rule(entry: str) -> FieldCheck:
    """A list's entry names one thing: a passage of many words ('reportable segment for the Company and operates in
    one industry: the design, ...', a whole line given as the entry) leaves the list unchecked."""
    words = re.findall(r"[\w&'-]+", entry)
    if len(words) <= _ENTRY_WORDS:
        return check_field("about", "not_applicable")
    return check_field(
        "about", "unknown", f"about: a list entry names one thing; this one is a passage of {len(words)} words"
    )


# a question that asks for several things: 'What are the reportable segments?', 'List the ...', 'Name the ...'
# the things a question asks before the verb that asks them of a subject: 'Which reportable operating segments does
# NIKE have?' (a plural's head noun)
_THINGS_BEFORE_VERB = r"^\W*(?:what|which)\s+(?P<phrase>(?:[\w-]+\s+){0,4}?[\w-]*[^s\W]s)\s+(?:does|do|did)\b"
_ASKS_SEVERAL = re.compile(
    r"^\W*(?:what|which)\b[^?]*\b(?:are|were)\b|\b(?:list|name)\s+(?:all|the|each|every)\b|"
    + _THINGS_BEFORE_VERB
    # 'In which states is ... allowed?': a plural after 'which', not a verb or a word that only ends in 's'
    + r"|^\W*(?:(?:in|at|on|for|from|to|by|with)\s+)?which\s+(?:(?!of\b)[a-z-]+\s+){0,2}?"
    r"(?!(?:its|this|thus|plus|was|has|does|is|us|basis|status|bonus|series|news)\b)[a-z-]+[^s\W]s\b",
    re.IGNORECASE,
)
# a list the quote's sentence opens: 'are: North America; Europe, ...', 'include A, B'
_LIST_OPENED = re.compile(r"(?::|\b(?:are|were|include|includes|including)\b)[^.:]*[;,]")
_LIST_CLOSED = re.compile(r"[;,]\s+(?:and|or)\s+[^;,]+(?:,[^;,]*)?$")  # the list's last entry after its 'and'
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*\s*$")
_ENTRIES_SEPARATED = re.compile(r"[;,][^;,.]+[;,]\s*$")  # entries, then the separator a next one would follow
# what goes on with a list after a quote stops inside its line: another entry, a name (', Health Care, and Consumer'),
# not a clause about the entries (', which ...', ', respectively') nor the sentence's verb (', represent an ...')
_LIST_GOES_ON = re.compile(
    r"^\s*(?:[;,]\s*(?:(?:and|or)\s+)?|\s(?:and|or)\s+)(?!(?:which|that|who|whom|whose|where|when|while|as|"
    r"respectively|each|both|all|including|such|but|although|however|except)\b)(?P<next>(?-i:[A-Z(\"\u201c])[^;,.]*)",
    re.IGNORECASE,
)


def cut_list_rule(question: str, spans: list[CitedSpan], answer_spans: list[CitedSpan] | None = None) -> FieldCheck:
    """An answer to a question asking for several things ('What are the reportable segments?') is unchecked when a
    quote stops at its line's end inside a list its sentence goes on with on the next line ('... are: North
    America; Europe, Middle East & Africa' / '("EMEA"); Greater China; and Asia Pacific ...') or inside its line
    before the list's next entry ('are Safety and Industrial, Transportation and Electronics' of '..., Health Care,
    and Consumer'): the rest of the list is left out; and so when a quote stops at the colon that introduces them
    ('... by operating segment were as follows:')."""
    if not _ASKS_SEVERAL.search(question):
        return check_field("omission", "not_applicable")
    if any(s.span.quote.rstrip().endswith(":") for s in spans):  # 'Charges by operating segment were as follows:'
        return check_field("omission", "unknown", "omission: the quote introduces what follows it, and stops there")
    for cited in spans:
        # the item quotes the next line too ('IA, ..., PA,' and 'TN, VA, WV'): the list's rest is said
        going_on = any(
            o.document is cited.document and o.span.line_start == cited.span.line_end + 1
            for o in answer_spans or spans  # another item's quote of the next line: the next entries
        )
        if not going_on and (said := _list_left(cited)):
            return check_field("omission", "unknown", f"omission: the quote stops inside a list ('{said}')")
    return check_field("omission", "not_applicable")


def _list_left(cited: CitedSpan) -> str | None:
    """The first words of the list a quote stops inside, after it on its line or on the next line of its page."""
    texts, pages = cited.document.lines["text"].tolist(), cited.document.lines["page"].tolist()
    last, quote = cited.span.line_end - 1, " ".join(cited.span.quote.split())
    if not 0 <= last < len(texts):
        return None
    line, tail = " ".join(str(texts[last]).split()), quote[-min(len(quote), 30) :]
    after = line[line.rfind(tail) + len(tail) :] if tail in line else ""
    if _ENTRIES_SEPARATED.search(quote + after) and re.fullmatch(r"\s*[;,]?\s*", after):
        # 'IA, IL, IN, KY, MO, NJ, PA,': a list cell that ends in its separator goes on (wrapped to the next line)
        return " ".join(quote.split()[-2:]) + ("" if quote.endswith((",", ";")) else after.strip())
    if not _LIST_OPENED.search(quote) or _LIST_CLOSED.search(quote):
        return None  # '...; Greater China; and Asia Pacific & Latin America ("APLA")': all said
    if after.strip():  # the quote stops inside its line: 'are Safety and Industrial, Transportation and Electronics'
        goes_on = _LIST_GOES_ON.match(after)
        return " ".join(goes_on.group(0).split()[:8]) if goes_on else None
    if (
        not line.endswith(tail)
        or _SENTENCE_END.search(line)
        or last + 1 == len(texts)
        or pages[last + 1] != pages[last]
    ):
        return None
    following = str(texts[last + 1]).split(". ")[0]
    return " ".join(following.split()[:8]) if re.search(r"[;,]|\band\b", following) else None


# where a noun phrase asked ends: at a preposition or a relative pronoun, or the question's end
_PHRASE_END = r"(?=\s+(?:for|in|at|of|during|on|as|from|by|to|under|over|that|which|who|with)\b|\s*\?|\s*$)"
# the things a question asks for by name: 'What are Coca-Cola's operating segments?' (segments), up to a preposition
_THINGS_ASKED = re.compile(
    r"^\W*(?:what|which)\s+(?:are|were)\s+(?:the\s+)?(?P<phrase>[^?]+?)" + _PHRASE_END,
    re.IGNORECASE,
)
_THINGS_ASKED_BEFORE_VERB = re.compile(_THINGS_BEFORE_VERB, re.IGNORECASE)  # ... or before 'does X have'
# nouns an answer need not repeat: what explains ('the reasons', 'the drivers') or what is told ('the terms')
_TOLD_NOUNS = re.compile(r"\b(?:factors?|causes?|ways?|things?|items?|details?|highlights?|terms?|steps?)\b", re.I)


# the role a who-question asks by name: 'Who is Coca-Cola's auditor?' (auditor), 'Who serves as the trustee of ...'
_ROLE_ASKED = re.compile(
    r"^\W*who\s+(?:is|was|are|were|serves\s+as|served\s+as|acts\s+as|acted\s+as)\s+(?:the\s+)?(?P<phrase>[^?]+?)"
    + _PHRASE_END,
    re.IGNORECASE,
)


# ... or the role a which-question names after 'as': 'Which accounting firm did shareholders ratify as PepsiCo's
# independent auditor for fiscal 2023?' (auditor)
_ROLE_AS = re.compile(
    r"^\W*(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:firm|company|entity|bank|person|individual|party)\b[^?]*?\bas\s+"
    r"(?:the\s+|its\s+|an?\s+)?(?P<phrase>(?:[\w'\u2019-]+\s+){0,4}?(?:auditors?|trustees?|agents?|registrars?|"
    r"underwriters?|advis[eo]rs?|counsel|administrators?|custodians?|guarantors?|depositar(?:y|ies)|accountants?|"
    r"arrangers?|bookrunners?|servicers?|sponsors?|lenders?))" + _PHRASE_END,
    re.IGNORECASE,
)  # a role's noun after 'as' ('as PepsiCo's independent auditor'), not 'as part of', 'as of the end of'


def things_named_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """An answer to 'What are <the things>?' ('What are Coca-Cola's operating segments?') quotes a passage that names
    them ('segments', or 'segment'), and one to 'Who is <the role>?' ('Who is the company's auditor?') a passage
    that names the role ('auditors'; not 'audit matter'), when the document writes the word: unchecked otherwise
    (lines about 'operating charges' name no segment, a line on Mr. Joly's career no auditor). Nouns of a reason or
    a description ('drivers', 'terms') are not held to it."""
    things = _THINGS_ASKED.match(question) or _THINGS_ASKED_BEFORE_VERB.match(question)
    role = _ROLE_ASKED.match(question) or _ROLE_AS.match(question)
    asked = things or role
    words = re.findall(r"[A-Za-z]+", asked.group("phrase")) if asked else []
    head = words[-1].lower() if words else ""
    plural = head.endswith("s") and not head.endswith("ss")
    if not head or (things and not plural) or EXPLAIN_NOUN.search(head) or _TOLD_NOUNS.search(head):
        return check_field("about", "not_applicable")
    # a plural's stem ('segments', 'segment'); a role's word whole ('auditor', not 'audit')
    cut = _STEM if things else None
    word = tokenize(head)[0][:cut] if tokenize(head) else ""
    written = {t[:cut] for w in document_lowercase(spans) for t in tokenize(w)}
    quoted = {t[:cut] for s in spans for t in tokenize(s.span.quote)}
    signed = role and any("/s/" in s.span.quote for s in spans)  # a report's conformed signature: its author's role
    if role and word and word not in written and not signed:  # the role in the filing's words, if it writes them
        return _role_in_other_words(question, head, spans)
    if not word or word not in written or signed:
        return check_field("about", "not_applicable")
    if word not in quoted:
        return check_field("about", "unknown", f"about: its quotes do not name the {head} asked")
    lowercase = document_lowercase(spans)
    asked_words = frozenset(w.lower() for w in words)  # 'Digital Media' in 'What are Adobe's Digital Media products?'
    if things and (referred := _only_referred([s.span.quote for s in spans], word, lowercase, asked_words)):
        return check_field("about", "unknown", f"about: its quotes refer to the {head} ('{referred}'), naming none")
    if role and (unnamed := _unnamed_role(quote_sentences(spans), word, lowercase)):
        return check_field("about", "unknown", f"about: its quotes call the {head} only '{unnamed}', naming none")
    return check_field("about", "not_applicable")


def _role_in_other_words(question: str, head: str, spans: list[CitedSpan]) -> FieldCheck:
    """A role the document never writes in the question's word ('auditor') may be written in a reader's other
    words for it, from the domain table ('registered public accounting firm'): when the document writes them, the
    quotes must too (a line on a proposal for an 'independent Board Chair' names no auditor)."""
    lowercase = {t for w in document_lowercase(spans) for t in tokenize(w)}
    wordings = [set(tokenize(p)) for p in topic_phrases(head)]  # the role's own other words, no other word's
    written = [w for w in wordings if w and w <= lowercase]
    quoted = {t for s in spans for t in tokenize(s.span.quote)}
    if written and not any(w <= quoted for w in written):
        return check_field("about", "unknown", f"about: its quotes do not name the {head} asked")
    return check_field("about", "not_applicable")


# what names a role after its word: an apposition ('auditors, KPMG LLP,'), a bracket, a name it is 'of', or a
# copula before a name later in its sentence ('The transfer agent for Common Stock is Equiniti Trust Company')
_ROLE_NAMED_AFTER = re.compile(
    r"^\w*\s*(?:[,(\u2014\u2013]|of\s+(?:the\s+)?[A-Z]|(?:being|namely|including|such\s+as)\b)|"
    r"^[^.;]*?\b(?:is|are|was|were)\s+(?:the\s+)?[A-Z]"
)
_PREPOSITIONS = frozenset("with of in by for to from at on as among between like than".split())


def _unnamed_role(quotes: list[str], word: str, lowercase: frozenset[str]) -> str | None:
    """The role's phrase, when every mention of the role in the quotes is its sentence's subject made of common
    words only and no name is given it ('Federal and state auditors are challenging our ... compliance'): the
    sentence tells what those holders do, and the names it writes (a programme, a regulator) are not theirs."""
    phrases: list[str] = []
    for quote in quotes:
        for sentence in split_sentences(quote):  # 'Computershare Trust Company, N.A. is the transfer agent'
            for found in re.finditer(r"[A-Za-z]+", sentence):
                if (tokenize(found.group(0)) or [""])[0] != word:
                    continue
                words = re.findall(r"\S+", sentence[: found.start()])
                common = all(w.isalpha() and (w.islower() or w.lower() in lowercase) for w in words)
                # its sentence's subject: the sentence starts in the quote, nothing but modifiers before the role
                subject = sentence.lstrip()[:1].isupper() and not _PREPOSITIONS & {w.lower() for w in words}
                if not (common and subject) or len(words) > 4 or _ROLE_NAMED_AFTER.match(sentence[found.start() :]):
                    return None
                phrases.append(" ".join([*words, found.group(0)]))
    return phrases[0] if phrases else None


# words that point back at things named elsewhere ('these reportable segments', 'any of the segments') ...
_POINTING = frozenset("the these those such said each any all both its their our no".split())
# ... unless a name or a list follows the noun in its sentence: 'segments for the Brand are: North America; ...',
# 'segments are Computing and ...', 'brands, which include Dynex', 'segments, Foo and Bar', 'products are tapes,
# adhesives and filters'
_NAMES_FOLLOW = re.compile(
    r"^[^.;]*?(?::|\b(?:are|were|is|include[sd]?|including|consists?\s+of|comprise[sd]?|comprising|namely|such\s+as)"
    r"\s+(?:the\s+|our\s+|of\s+)?[A-Z])|^\S*\s*(?:[(\u2014\u2013]|,\s*[A-Z])|"
    r"^\S*\s+(?:are|were|include[sd]?|consists?\s+of|comprise[sd]?)\s+[a-z-]+(?:\s+[a-z-]+)?\s*,\s*[a-z]"  # a list
)


def _only_referred(
    quotes: list[str], word: str, lowercase: frozenset[str] = frozenset(), asked: frozenset[str] = frozenset()
) -> str | None:
    """The first mention, when every mention of the things asked in the quotes points back at them instead of
    naming one: a determiner before the noun past its lowercase modifiers ('these reportable segments', 'not a
    reportable segment'), no name before it ('the Computing and Graphics segment') and no list after it."""
    mentions: list[str] = []
    for quote in quotes:
        if not any((tokenize(w) or [""])[0][:_STEM] == word for w in re.findall(r"[A-Za-z]+", quote)):
            return None  # a quote that does not say the noun may name one ('Productivity and Business Processes')
        for found in re.finditer(r"[A-Za-z]+", quote):
            if (tokenize(found.group(0)) or [""])[0][:_STEM] != word:
                continue
            before, after = quote[: found.start()], quote[found.start() :]
            if not (_points_back(before) or _generic(before, after, lowercase, asked)) or _NAMES_FOLLOW.match(after):
                return None
            mentions.append(" ".join((quote[: found.end()].split())[-3:]))
    return mentions[0] if mentions else None


# what names things after a noun in its sentence: a name right after it, a naming verb or 'such as' before anything
_NAMED_AFTER = re.compile(r"^\w+\s+(?:[A-Z]|(?:include[sd]?|including|such\s+as|namely|are|were)\s+\S+\s*,)")
_MODIFIERS_READ = 3  # a name this close before a noun may be its own ('Microsoft retail stores')


def _generic(before: str, after: str, lowercase: frozenset[str], asked: frozenset[str] = frozenset()) -> bool:
    """Whether a noun stands for a kind, naming none of its members: no name among the words right before it in its
    sentence ('a pipeline of new products', 'identifies hyper-inflationary markets'; not 'the Computing and Graphics
    segment', 'Creative products') and no name or list after it ('products Foo and Bar', 'products are tapes,
    adhesives and filters'). The question's own words name nothing more ('our Digital Media products are included
    below' for Adobe's Digital Media products)."""
    sentence = re.split(r"[.;:!?]\s|[^\w\s'\u2019.;:!?-]", before)[-1]  # since a bullet, comma or bracket too
    words = re.findall(r"[A-Za-z'\u2019]+|[^\sA-Za-z'\u2019-]", sentence)  # 'hyper-inflationary': two words
    if words and words[0].lower() in lowercase:  # a sentence's first word in capitals: 'Entry into markets'
        words[0] = words[0].lower()
    near = [w.lower() if w.lower() in asked else w for w in words[-_MODIFIERS_READ:]]
    return all(w.islower() and w.isalpha() for w in near) and not _NAMED_AFTER.match(after)


def _points_back(before: str) -> bool:
    """Whether the words before a noun end in a determiner after lowercase modifiers only ('any of the reportable',
    'not a reportable'), not in a name ('Computing and Graphics') nor a verb's object ('has two')."""
    words = re.findall(r"[A-Za-z'\u2019]+|[^\sA-Za-z'\u2019]", before)[-5:]
    for index in range(len(words) - 1, -1, -1):
        lowered = words[index].lower()
        if lowered in _POINTING or lowered.endswith(("'s", "\u2019s")):
            return True
        if lowered in ("a", "an"):
            return index > 0 and words[index - 1].lower() in ("not", "no")
        if not words[index].islower() or not words[index].isalpha():
            return False
    return False


# what restricts the noun a figure's quote stops at, right after it: a restrictive clause ('agreements that expire
# within one year', 'aircraft that are designated for customers in China') or a participle of term ('notes maturing
# in 2024', 'contracts expiring ...'); not a cause ('due to') nor when a change starts ('beginning with')
_RESTRICTED_AFTER = re.compile(r"^\s*(?:(?:that|who|whose)\s+[a-z]+|(?:expiring|maturing)\b)")


def restricted_figure_rule(spans: list[CitedSpan], asked: str, value: float | None) -> FieldCheck:
    """A figure whose quote of prose stops at the noun it is said of, before the clause that restricts that noun
    ('approximately 17% were covered under collective bargaining agreements' / 'that expire within one year'), is
    the restricted group's: unchecked unless *asked* (the question and the item's label) says the clause's words.
    Only a quote that prints the figure (*value*) counts."""
    said = {t[:_STEM] for t in tokenize(asked)}
    for cited in spans:
        quote = cited.span.quote.rstrip()
        printed = value is not None and any(
            abs(n.value - value) <= 1e-9 * max(1.0, abs(value)) for n in find_numbers(quote)
        )
        if not quote[-1:].isalpha() or not printed or cited.document.table_row(cited.span.line_end):
            continue
        after = text_after(cited)
        restricts = _RESTRICTED_AFTER.match(after)
        clause = " ".join(after.split(".")[0].split()[:8]) if restricts else ""
        words = {t[:_STEM] for t in tokenize(clause)} - {"that", "who", "whose"}
        if restricts and not words <= said:
            return check_field("subject", "unknown", f"subject: the quote stops before what restricts it ('{clause}')")
    return check_field("subject", "not_applicable")


# a proper name the question names ('BetMGM', 'Sojitz America'): a capitalised word not at the question's start
_NAMED = re.compile(r"(?<=\s)[A-Z][\w&'’.-]*[A-Za-z0-9](?:\s+[A-Z][\w&'’.-]*[A-Za-z0-9])*")
# a clause that opens with a name and its verb ('LeoVegas AB, offers sports betting ...'): the name is what it says of
_NAME_THEN_VERB = re.compile(
    r"^\W*(?P<name>[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*){0,4}),?\s+(?P<verb>[a-z]{3,}(?:s|ed))\b"
)


# another company by its legal form ('LeoVegas AB', 'BetMGM, LLC'), or by what the filing calls it right before
_LEGAL_FORM = re.compile(r"\b(?:AB|AG|SE|LLC|L\.L\.C\.|Inc\.?|plc|PLC|Ltd\.?|Limited|S\.A\.|N\.V\.|GmbH|L\.P\.|LP)$")
_CALLED = re.compile(r"\b(?:subsidiary|venture|affiliate|partner|competitor)\s*,\s*$", re.IGNORECASE)


def other_holder_rule(question: str, spans: list[CitedSpan], issuer: frozenset[str]) -> FieldCheck:
    """A list entry for a thing the question names ('the brands through which BetMGM ... offers sports betting')
    read from a clause that never names it and opens with another company and its verb ('the Company's subsidiary,
    LeoVegas AB, offers sports betting ... through market-leading brands'; a company by its legal form or what the
    filing calls it, not 'Our Jordan Brand designs ...'): unchecked, both named."""
    asking = search_text(question)
    names = [re.sub(r"['’]s?$", "", m.group(0)) for m in _NAMED.finditer(asking)]
    named = [n for n in names if set(tokenize(n)) - issuer - SELF_WORDS]
    if not named:
        return check_field("about", "not_applicable")
    for cited in spans:
        lead = clause_lead(cited.document, cited.span)
        clause = f"{lead} {cited.span.quote}"
        if any(re.search(rf"(?<!\w){re.escape(n)}", clause) for n in named):
            continue
        opened = _NAME_THEN_VERB.match(cited.span.quote) or _NAME_THEN_VERB.match(lead.split(",")[-1])
        another = opened and (_LEGAL_FORM.search(opened["name"]) or _CALLED.search(lead))
        if another and opened and set(tokenize(opened["name"])) - issuer - SELF_WORDS:
            detail = f"about: its quote says it of {opened['name']}, not of {named[0]} the question names"
            return check_field("about", "unknown", detail)
    return check_field("about", "not_applicable")
