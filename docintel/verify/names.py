"""Names the question asks about, said in the quotes. A figure of prose whose quotes never name the 'Department of
Defense' the question asks about ('74% of our $65.4 billion in net sales were from the U.S. Government', cut before
'including 64% from the Department of Defense') is not that party's figure; a text claim that says 'Moody's rates
3M AA-' from a quote cut before 'from Standard & Poor's' does not say it of Moody's."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..ingest.documents import Document
from ..periods import MONTH_ALTERNATION
from ..textnorm import split_sentences, tokenize
from .captions import ABSTRACT_NOUN, DOCUMENT_TITLE, REPORT_PART
from .claims import FIRST_VERB, SELF_WORDS, check_field, content_words, quote_lead
from .issuer import LEGAL_FORMS, issuer_terms
from .passages import paragraph_text, text_after
from .rules import FieldCheck
from .values import Candidate, CitedSpan

# capitalised words in a row, 'of', 'and', '&', 'the' or 'for' between them ('Department of Defense', 'Moody's');
# an acronym ('AWS', 'CEO') or a word with digits ('FY2022') is none
CAPITALISED = re.compile(
    r"(?<![\w.’'-])[A-Z][a-z][\w'’-]*(?:\s+(?:(?:of|and|&|the|for)\s+)?[A-Z][a-z][\w'’-]*)*(?![\w-]*\d)"
)
# each part's first word is capitalised as a sentence's is; 'U.S.' ends none
_PARTS = re.compile(r"(?<!\.[A-Z])[.?!;:]\s+|,\s+|\s+[-–—]\s+")
_MONTHS = re.compile(rf"\b(?:{MONTH_ALTERNATION})\b")
# words of the filing itself, no party it speaks of: 'Form 10-K', 'Annual Report', 'Consolidated Statements'
_DOCUMENT_WORDS = frozenset(
    tokenize("form annual quarterly report reports statement statements consolidated securities exchange commission")
)


def asked_names(question: str, issuer: frozenset[str]) -> Iterator[tuple[str, set[str]]]:
    """The names a question asks about with their terms, the issuer's words aside: not a part's first word, nor a
    month, nor a name that starts with the issuer's ('Northwind's Board' is the issuer's own)."""
    for part in _PARTS.split(question):
        for match in CAPITALISED.finditer(part):
            name = _MONTHS.sub(" ", match.group(0)).strip()
            words = tokenize(name)
            if match.start() == 0 or not words or words[0] in issuer or set(words) & _DOCUMENT_WORDS:
                continue
            yield name, set(words) - issuer


def _said(name: str, terms: set[str], quotes: str) -> bool:
    """Whether *quotes* say a word of the name, or its initials ('DoD', 'AWS')."""
    initials = "".join(w[0] for w in name.split()).lower()
    squashed = set(re.findall(r"[a-z&]+", quotes.lower()))
    return bool(terms & set(tokenize(quotes))) or (len(initials) > 1 and initials in squashed)


def unnamed_rule(candidate: Candidate, question: str, quotes: str, issuer: frozenset[str]) -> FieldCheck:
    """A number of prose answers a question naming a party of two words or more ('the U.S. Department of Defense')
    only when its quotes say it, else unknown; a cell's row and headings are read by the other rules."""
    if candidate.row_label is not None:
        return FieldCheck(field="subject", verdict="not_applicable")
    for name, terms in asked_names(question, issuer):
        if len(terms) >= 2 and not _said(name, terms, quotes):
            detail = f"subject: its quotes do not name '{name}', which the question asks about"
            return FieldCheck(field="subject", verdict="unknown", asked=name, detail=detail)
    return FieldCheck(field="subject", verdict="not_applicable")


def named_party_rule(question: str, text: str, spans: list[CitedSpan], issuer: frozenset[str]) -> FieldCheck:
    """A name the question asks about and the text claim states ('What rating does Moody's assign', 'Moody's rates
    3M AA-') is said in its quotes, else the claim is unchecked."""
    quotes = " ".join(s.span.quote for s in spans)
    for name, terms in asked_names(question, issuer):
        if name in text and terms and not _said(name, terms, quotes):
            return check_field("about", "unknown", f"about: its quotes do not name {name}, which the question asks")
    return check_field("about", "not_applicable")


def lead_subject_rule(text: str, spans: list[CitedSpan], issuer: frozenset[str]) -> FieldCheck:
    """A claim about the issuer itself ('AMD has been the market share leader') is not read from a quote whose
    sentence says it of another party named before the quote ('Intel Corporation' / 'has been the market share
    leader for microprocessors'): mismatch."""
    verb = FIRST_VERB.search(text)
    claimed = content_words(text[: verb.start()]) if verb else set()
    if not claimed or claimed - issuer - SELF_WORDS:
        return check_field("about", "not_applicable")
    for cited in spans:
        lead = quote_lead(cited)
        verb = FIRST_VERB.search(lead)
        # the sentence's subject: all of its words before the quote ('Intel Corporation'), or before the verb the
        # quote was cut after ('Intel Corporation has been'); 'Accordingly, ', 'As of December 31, 2018, ' are none
        subject = (lead[: verb.start()] if verb else lead).strip()
        name = CAPITALISED.fullmatch(subject) if subject and len(subject.split()) <= 6 else None
        if name is None or _MONTHS.search(subject):
            continue
        if set(tokenize(subject)) - issuer - SELF_WORDS - _DOCUMENT_WORDS:
            detail = f"about: the quote's sentence says it of {subject}, not of the claim's subject"
            return check_field("about", "mismatch", detail)
    return check_field("about", "not_applicable")


# a designation with a number of its own: a model ('737-10'), a standard ('ASU 2017-12'); not a span of years
# ('2021-22', '2020-2022') nor a form ('10-K')
_DESIGNATION = re.compile(r"\b(?:(?P<code>[A-Z]{2,})\s+)?(?P<first>\d{2,})[-–‑](?P<second>\d+)\b")
_DASHES = re.compile(r"[-–‑‐]")


def designations(question: str) -> list[str]:
    """The numbered designations a question names ('the Boeing 737-10' -> ['737-10'])."""
    found = []
    for match in _DESIGNATION.finditer(question):
        years = re.fullmatch(r"(?:19|20)\d\d", match.group("first")) and len(match.group("second")) in (2, 4)
        if match.group("code") or not years:
            found.append(f"{match.group('first')}-{match.group('second')}")
    return found


def designation_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A yes/no or a text claim about a numbered designation ('Had the 737-10 been approved') is about it only when
    its quotes or the lines of their paragraph above them name it ('The Company early adopted the ASU' under 'ASU
    2018-02'): 'Over 190 countries have approved the resumption of 737 MAX operations' says nothing of
    the 737-10. Unchecked otherwise."""
    quotes = _DASHES.sub("-", " ".join(paragraph_text(s) for s in spans))
    for designation in designations(question):
        if not re.search(rf"(?<![\d-]){re.escape(designation)}(?![\d])", quotes):
            return check_field("about", "unknown", f"about: its quotes do not name {designation}, which is asked")
    return check_field("about", "not_applicable")


_PER_SHARE = re.compile(r"\bper[- ](?:diluted\s+|basic\s+)?(?:common\s+|ordinary\s+)?share\b", re.IGNORECASE)


def per_share_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A yes/no about a per-share figure ('Did Amcor cut its dividend per share') is decided only by quotes that
    state one: the dividends paid in total ('we paid $723 million, $732 million ...') may fall while the dividend
    per share rises. Unchecked otherwise."""
    if not _PER_SHARE.search(question) or any(_PER_SHARE.search(s.span.quote) for s in spans):
        return check_field("about", "not_applicable")
    return check_field("about", "unknown", "about: the question asks a per-share figure; its quotes state none")


# a model the question names whole, capitals and digits in one word ('the 777X', 'A320'), not a period ('FY2022');
# a variant is written after no dot ('1.409A-1' is a regulation under section 409A)
_MODEL = re.compile(r"(?<![\w-])(?!(?:FY|Q|H)\d)(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z\d]{3,}(?![\w-])")


def variant_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """A question about a model ('When does Boeing expect the first delivery of the 777X?') is not answered by
    quotes that name only a variant of it ('First delivery of the 777X-8 freighter is expected in 2027'):
    unchecked, the variant named."""
    quotes = _DASHES.sub("-", " ".join(s.span.quote for s in spans))
    for model in _MODEL.findall(question):
        variants = re.findall(rf"(?<![\w.-]){re.escape(model)}-\w+", quotes)
        if variants and not re.search(rf"(?<![\w-]){re.escape(model)}(?![\w-])", quotes):
            return check_field(
                "about", "unknown", f"about: its quotes name the {variants[0]}, a variant of the {model}"
            )
    return check_field("about", "not_applicable")


# 'Who is the independent auditor?', 'Which firm audited ...': a person or an organisation is asked
_ASKS_WHOM = re.compile(
    r"^\s*(?:who\b|whom\b|which\s+(?:[\w&'’.-]+\s+){0,3}?(?:firm|company|person|individual|entity|bank|auditor|party|"
    r"executive|officer|director|trustee|underwriter|lender)\b)",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z][a-z]{2,}")
_ACRONYM = re.compile(r"\b[A-Z]{2,}\b|\b(?:[A-Z]\.){2,}")  # 'KPMG', 'U.S.'
_LABELS_ID = re.compile(r"\s*(?:[A-Z]{2,}\s*)?(?:No\.?\s*|#\s*)?\d")  # 'PCAOB ID 238', 'ID 238': a number's label
# a body the answer's subject is registered, filed or licensed with (a regulator), named after its verb
_NAME = r"[A-Z][\w&.'\u2019-]*(?:\s+(?:(?:of|and|&|for)\s+)?[A-Z][\w&.'\u2019-]*)*(?:\s*\([A-Z][\w&.'\u2019 -]*\))*"
_REGULATOR = re.compile(
    r"\b(?:(?:registered|filed)\s+with|(?:licensed|regulated|inspected)\s+by|"
    r"(?:standards|rules|regulations|laws)\s+of)"
    rf"\s+(?:the\s+)?{_NAME}(?:\s+and\s+(?:the\s+)?{_NAME})*"  # 'rules and regulations of the SEC and the PCAOB'
)
# a question about the body itself: 'Who must regulate ...', 'Which entity is the auditor registered with?'
_ASKS_REGULATOR = re.compile(
    r"\bwho\s+(?:\w+\s+){0,2}regulates?\b|\bregulated\s+by\s+(?:whom|which|what)\b|"
    r"\b(?:registered|filed|licensed)\s+with\s*\?|\bwith\s+(?:which|what|whom)\b",
    re.IGNORECASE,
)
_LOWERCASE: dict[tuple[str, int], frozenset[str]] = {}  # by document id and its count of lines: read once


def nobody_named_rule(question: str, text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A who-question's answer names someone: a word the document writes only capitalised, as proper names are
    ('Ernst & Young LLP'). 'Report of Independent Registered Public Accounting Firm' names no one: each of its words
    the document also writes in lowercase, as common words are written."""
    if not spans or not _ASKS_WHOM.search(question):
        return check_field("about", "not_applicable")
    text = text.title() if text.isupper() else text  # 'REPORT OF INDEPENDENT ...': a heading's capitals name no one
    lowercase = frozenset().union(*(_lowercase_words(s.document) for s in spans))
    rest = _REGULATOR.sub(" ", text)
    regulator = None if _ASKS_REGULATOR.search(question) else _REGULATOR.search(text)
    if regulator and not _names_someone(rest, lowercase, issuer_terms(spans)):
        # 'We are a public accounting firm registered with the PCAOB', 'We also have audited, in accordance with the
        # standards of the PCAOB, Amazon.com, Inc.'s': a regulator, or the company itself, is not whom is asked
        return check_field("about", "unknown", f"about: the answer names only {regulator.group(0)!r}")
    if not any(w[0].isupper() for w in _WORD.findall(text)):
        if _BODY.search(text) and len(_WORD.findall(text)) <= 8:  # 'the audit committee': a body it may ask
            return check_field("about", "not_applicable")
        return check_field("about", "unknown", _NOBODY)  # 'appointment of the independent ... accounting firm'
    if _names_someone(text, lowercase, issuer_terms(spans)):  # 'KPMG LLP'; not the company asked about itself
        return check_field("about", "supported")
    return check_field("about", "unknown", _NOBODY)


# 'Where is the company headquartered?', 'Where are its principal executive offices located?': a place is asked
_ASKS_PLACE = re.compile(
    r"^\W*where\s+(?:is|are|was|were|does|do|did)\b[^?]*\b(?:located|headquartered|based|incorporated|domiciled|"
    r"situated|listed|traded|registered|organized|organised)\b|\b(?:what|which)\s+(?:is|was|are)\s+(?:the\s+)?"
    r"(?:(?:street|mailing|headquarters?|office)\s+)?address(?:es)?\b",
    re.IGNORECASE,
)


# a place an answer names past the rule above: a capitalised word after 'in', 'at', 'around', 'near' (the company's
# own town, 'in and around Corning'), a street number before a name ('1095 Avenue'), a ZIP code, a count of places
_PLACE_NAMED = re.compile(
    r"\b(?:in|at|around|near)\s+(?:and\s+around\s+)?(?:the\s+)?[A-Z]|\b\d+\s+[A-Z][a-z]|\b\d{5}\b|"
    r"\b\d+\s+(?:states|countries|cities|locations|sites|facilities)\b"
)


# a cover page's label under what it labels names nothing: '(Address of principal executive offices) (Zip Code)'
_FORM_LABEL = re.compile(r"\([^()]*\b(?:address|zip|code|telephone|jurisdiction|identification)\b[^()]*\)", re.I)


def no_place_rule(question: str, text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A where-question asking where something is ('Where are Verizon's headquarters located?') is answered by a
    text that names a place (a word the document writes only capitalised: 'New York') or numbers one (an address, a
    count of states): 'Our principal properties do not lend themselves to simple description by character and
    location' names none."""
    if not spans or not _ASKS_PLACE.search(question):
        return check_field("about", "not_applicable")
    lowercase = frozenset().union(*(_lowercase_words(s.document) for s in spans))
    text = _FORM_LABEL.sub(" ", text)  # 'defined in the Securities Exchange Act' is in no place
    if _names_someone(text, lowercase, issuer_terms(spans)) or _PLACE_NAMED.search(_STATUTE.sub(" ", text)):
        return check_field("about", "not_applicable")
    return check_field("about", "unknown", "about: the answer names no place (its words are common words)")


# a register's name before an identifier it issues names no one: '(Public Company Accounting Oversight Board ID: 42)'
_ID_ISSUER = re.compile(r"\b[A-Z][\w&.'\u2019-]*(?:\s+(?:of\s+)?[A-Z][\w&.'\u2019-]*)*\s+ID\b\s*(?:No\.?)?\s*:?\s*\d")
# a title quoted after the word that calls it one names a section, no party: 'under the caption "Item 2: ..."'
_CAPTION = re.compile(r"\b(?:caption(?:ed)?|(?:en)?titled|head(?:ing|ed))\s*[\"\u201c][^\"\u201d]*[\"\u201d]", re.I)
# a statute's name names no one: 'the Sarbanes-Oxley Act of 2002', 'the Securities Exchange Act of 1934'
_STATUTE = re.compile(r"(?:\b[A-Z][\w.'\u2019-]*\s+(?:(?:and|of)\s+)?)+Act\b(?:\s+of\s+\d{4})?")


def _names_someone(text: str, lowercase: frozenset[str], passed: frozenset[str] = frozenset()) -> bool:
    """Whether *text* writes initials or a capitalised word the document never writes in lowercase, other than those
    of the names *passed* over (the company's own, as terms), a legal form ('Corporation'), a month or a statute."""
    text = REPORT_PART.sub(" ", _STATUTE.sub(" ", _ID_ISSUER.sub(" ", _CAPTION.sub(" ", text))))
    text = DOCUMENT_TITLE.sub(" ", text)
    text = _COUNTRY_ADJECTIVE.sub(" ", text)
    # 'PCAOB ID 238': an identifier's label names no one; nor a heading's word in capitals the document also writes
    # in lowercase ('PRESIDENT & CHIEF EXECUTIVE OFFICER THE COCA-COLA COMPANY'), as common words are written
    for acronym in _ACRONYM.finditer(text):
        word = acronym.group(0).replace(".", "").lower()
        if not _no_name(word, lowercase, passed) and not _LABELS_ID.match(text, acronym.end()):
            return True
    return any(not _no_name(w.lower(), lowercase, passed) for w in _WORD.findall(text) if w[0].isupper())


def _no_name(word: str, lowercase: frozenset[str], passed: frozenset[str]) -> bool:
    """Whether a capitalised *word* names no one: the document writes it in lowercase too, it is an abstract noun a
    heading capitalises ('Ratification'), or its terms are a name's passed over, a legal form's or a month's."""
    terms = set(tokenize(word))
    return word in lowercase or bool(ABSTRACT_NOUN.search(word)) or terms <= passed | LEGAL_FORMS | _MONTH_NAMES


_MONTH_NAMES = frozenset(tokenize(_MONTHS.pattern.replace("|", " ")))  # a date's month names no one
# a country's initials before a common word are an adjective ('the U.S. federal securities laws'), no party; before a
# capitalised word, a part of a name ('the U.S. Government')
_COUNTRY_ADJECTIVE = re.compile(r"(?<![\w.])(?:U\.S\.|USA|U\.K\.|EU)(?=\s+[a-z])")


# bodies a who-question may be answered with in common words ('the audit committee', 'our board of directors')
_BODY = re.compile(r"\b(?:board|committee|shareholders|stockholders|management|trustees?|holders)\b", re.IGNORECASE)
_NOBODY = "about: the answer names no one (each of its words is a common word the document also writes in lowercase)"


def _lowercase_words(document: Document) -> frozenset[str]:
    """The words a document writes in lowercase anywhere (common words, not names)."""
    key = (document.meta.content_hash, len(document.lines))  # not the name: two test files share one
    if key not in _LOWERCASE:
        texts = document.lines["text"].tolist()
        _LOWERCASE[key] = frozenset(w for t in texts for w in _WORD.findall(str(t)) if w[0].islower())
    return _LOWERCASE[key]


# a company's officers as filings title them (Regulation S-K Item 401's executive officers and directors): the
# 'chief ... officer' titles ('Chief Financial and Transformation Officer' holds two), (vice) president, chair,
# treasurer, secretary, controller, general counsel, initials ('Vice Chairman' is no chair); then the organisation a
# title is 'of' or 'at'
_OFFICE = re.compile(
    r"\b(?:chief\s+(?P<chief>(?:[a-z]+,?\s+|&\s+){0,4}?[a-z]+)\s+officer|(?P<vice>vice\s+(?:president|chair\w*))|"
    r"(?P<plain>president|chair(?:man|woman|person)?|treasurer|secretary|controller|comptroller|general\s+counsel)|"
    r"(?P<initials>c[a-z]o)s?)\b"
    r"(?:\s+(?:of|at)\s+(?:the\s+)?(?P<of>(?-i:[A-Z][\w&.'\u2019-]*(?:\s+[A-Z][\w&.'\u2019-]*)*))|"
    r",\s+(?P<unit>(?-i:[A-Z][\w&.'\u2019-]*(?:\s+[A-Z][\w&.'\u2019-]*)+)))?",
    re.IGNORECASE,
)
# an organisation named possessive before a title ('Corning Optical Communications' chief financial officer')
_OWNER_BEFORE = re.compile(r"((?-i:[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*))(?:'|\u2019)s?\s+$")
# a rank under the office: 'Deputy', 'Assistant', 'Associate' (not 'Acting' or 'Interim', who hold it for now)
_SECOND = re.compile(r"\b((?i:deputy|assistant|associate))\s+(?:to\s+the\s+)?(?:[A-Z][a-z]+\s+)?$")
_INITIALS = {"ceo": "executive", "cfo": "financial", "coo": "operating", "cao": "accounting", "cto": "technology"}
_ASKS_OFFICE = re.compile(r"^\s*who\b", re.IGNORECASE)
# a filing's own parts name no holder: its exhibits, by the kinds Regulation S-K Item 601 lists ('31.2 Certification
# of Chief Financial Officer pursuant to Section 302 ...')
_FILING_PARTS = _DOCUMENT_WORDS | frozenset(tokenize("exhibit exhibits certification certifications consent indenture"))
# the company's own bodies a title may be 'of' ('Chairman of the Board', 'Chair of the Audit Committee')
_OWN_BODIES = frozenset(tokenize("board directors committee trustees")) | SELF_WORDS
# a title held before, not now: 'Prior to her current role, she served as chief financial officer'
_FORMER = re.compile(
    r"\b(?:former(?:ly)?|previously|prior\s+to|(?<!has\s)(?<!have\s)served\s+as|until|retired)\b[^.;]{0,60}$",
    re.IGNORECASE,
)  # 'has served as Chief Financial Officer since February 2019' holds the office now
# a sentence's end after an organisation's name ('of Corning. He'), not an abbreviation's dot ('Co.', 'U.S.')
_SENTENCE_END = re.compile(r"(?<=[a-z]{3})\.\s")


def _offices(text: str, issuer: frozenset[str] = frozenset()) -> tuple[set[str], set[str]]:
    """(the officer titles *text* names, in one spelling: 'CEO' and 'Chief Executive Officer' are 'chief executive
    officer'; those it names of another organisation than the issuer, 'chief executive officer of Carlson', or as
    held before, 'she served as chief financial officer')."""
    found: set[str] = set()
    others: set[str] = set()
    matches = list(_OFFICE.finditer(text))
    for index, match in enumerate(matches):
        if match.group("initials"):
            word = _INITIALS.get(match.group("initials").lower())
            offices = {f"chief {word} officer"} if word else set()
        elif match.group("chief"):
            parts = re.split(r"\s*(?:,|\band\b|&)\s*", match.group("chief").lower())
            offices = {f"chief {' '.join(p.split())} officer" for p in parts if p.strip()}
        else:
            plain = " ".join((match.group("vice") or match.group("plain")).lower().split())
            offices = {re.sub(r"chair\w*", "chair", plain)}
        second = _SECOND.search(text[: match.start()])
        if second:  # a deputy's office is another office: 'Deputy Corporate Secretary' is no Corporate Secretary
            offices = {f"{second.group(1).lower()} {office}" for office in offices}
        of = set(tokenize(_SENTENCE_END.split(_joint_of(text, matches[index:]))[0]))
        # of the issuer only as its name: 'of Corning Optical Communications' is a division's office, as is one named
        # after a comma or possessive with the company's name and more ('President, Coca-Cola North America')
        owner = _OWNER_BEFORE.search(text[: match.start()])
        unit = set(tokenize(_SENTENCE_END.split(match.group("unit") or (owner.group(1) if owner else ""))[0]))
        of |= unit if unit & issuer else set()
        elsewhere = bool(of) and not of & _OWN_BODIES and not of <= issuer | LEGAL_FORMS
        before = _FORMER.search(text[: match.start()]) or _TERM_ENDED.match(text[matches[index].end() :])
        (others if elsewhere or before else found).update(offices)
    return found, others


def _joint_of(text: str, matches: list[re.Match[str]]) -> str:
    """The organisation a title is 'of', or that of the title it is joined to by 'and' ('Chief Financial Officer
    and Chief Enterprise Risk Officer of Aetna Inc.': both of Aetna Inc.)."""
    for match, following in zip(matches, [*matches[1:], None], strict=True):
        if (
            match.group("of")
            or following is None
            or not re.fullmatch(r"\s+(?:and|&)\s+", text[match.end() : following.start()])
        ):
            return match.group("of") or ""
    return ""


# a term that ended, after a title and its organisation: 'of Aetna Inc. from February 2013 through May 2019'
_TERM_ENDED = re.compile(
    r"^[^.;]{0,60}?\bfrom\s+(?:[A-Z][a-z]+\s+)?\d{4}\s+(?:through|to|until)\s+(?:[A-Z][a-z]+\s+)?\d{4}\b"
)


def office_rule(
    question: str, text: str, issuer: frozenset[str], lowercase: frozenset[str] = frozenset(), quoted: bool = False
) -> FieldCheck:
    """A who-question asking an officer ('Who is the chief executive officer?') is not answered by a line that titles
    its person with other offices only ('R. Michael (Mike) Mohan 51 Chief Operating Officer, Best Buy U.S.'), nor
    with the office at another organisation or held before ('Prior to becoming chief executive officer of Carlson,
    Mr. Joly ...'), nor by a line that names no holder: only titles, the company and words the document writes in
    lowercase (*lowercase*: 'Chief Financial Officer, Executive Vice President'). *quoted*: *text* is the quotes,
    where an office only held before or elsewhere leaves the answer unchecked, not contradicted."""
    # the question's office 'of' a company is the one asked ('Who is the CEO of Contoso?'), whatever its profile says
    asked = set().union(*_offices(question, issuer)) if _ASKS_OFFICE.search(question) else set()
    if not asked:
        return check_field("office", "not_applicable")
    # a filing whose profile names no issuer: the company as the question names it ('of The Coca-Cola Company')
    issuer = issuer or frozenset(t for w in re.findall(r"\b[A-Z][\w&-]*", question[1:]) for t in tokenize(w))
    named, others = _offices(text, issuer)
    if not asked & named and (named or others):
        if asked & others:
            what = f"{', '.join(sorted(asked & others))} of another organisation or held before"
        else:
            what = ", ".join(sorted(named | others))
        verdict = "unknown" if quoted and not named else "mismatch"  # a quote's past office: the rest may go on
        return check_field("office", verdict, f"office: the answer names {what}, not {', '.join(sorted(asked))}")
    if quoted and not named and not others:  # 'Mr. Weeks joined Corning in 1983 in the finance group': no office said
        return check_field("office", "unknown", f"office: its quotes name no office; {', '.join(sorted(asked))} asked")
    # the holder is named in a sentence that says the office ('Treadway Commission in 2013. Based on this evaluation,
    # our ... Chief Financial Officer have concluded': the commission holds no office)
    said = " ".join(_office_sentences(text, asked, issuer)) or text
    rest = {w.lower() for w in re.findall(r"\b[A-Z][A-Za-z]{2,}", _STATUTE.sub(" ", _OFFICE.sub(" ", said)))}
    # 'Exhibit 10.1 - Pfizer Inc. ...' names none
    named = {w for w in rest if not set(tokenize(w)) <= _FILING_PARTS and not _no_name(w, lowercase, issuer)}
    if lowercase and not named:
        return check_field("office", "unknown", "office: the answer names no holder of the office, only titles")
    return check_field("office", "not_applicable")


def _office_sentences(text: str, asked: set[str], issuer: frozenset[str]) -> list[str]:
    """The sentences of *text* that say an office asked, each with the one before it when it opens with a pronoun
    ('Matthew D. Ellis. He has served as ... Chief Financial Officer')."""
    sentences = split_sentences(text)
    said: list[str] = []
    for index, sentence in enumerate(sentences):
        if asked & set().union(*_offices(sentence, issuer)):
            if index and re.match(r"\W*(?:he|she|they)\b", sentence, re.IGNORECASE):
                said.append(sentences[index - 1])
            said.append(sentence)
    return said


def document_lowercase(spans: list[CitedSpan]) -> frozenset[str]:
    """The words the cited documents write in lowercase anywhere."""
    return frozenset().union(*(_lowercase_words(s.document) for s in spans))


# an appointment a career history dates ('He became Corning's president and chief operation officer in April 2002')
# and a sentence that goes on with the same person's history ('He was named ...', 'In 2015, she ...', 'Mr. Weeks')
_APPOINTED = re.compile(
    r"\b(?:became|named|appointed|elected|promoted|assumed)\b[^.;]{0,120}?\b((?:19|20)\d{2})\b"
    r"|\b(?:in|since)\s+(?:[A-Z][a-z]+\s+)?((?:19|20)\d{2}),?\s+(?:he|she)\s+(?:was\s+)?"
    r"(?:became|named|appointed|elected|promoted)",
    re.I,
)
_SAME_PERSON = re.compile(
    r"^\W*(?:(?:in|since|from|beginning\s+in|prior\s+to\s+that)\s[^,]{1,25},\s*)?(?:he|she|his|her|mr|ms|mrs|dr)\b",
    re.I,
)
# a rank an officer may add to a title ('executive vice president'), no office that takes the place of another
_RANKS = frozenset({"vice president"})


# a tenure that ended on a date: 'He served ... as Chief Executive Officer of the Company through April 30, 2017'
# (not 'until he joined Best Buy', 'until his current role')
_ENDED = re.compile(
    r"\b(?:through|until|till)\s+(?:(?:[A-Z][a-z]+\s+)?(?:\d{1,2},\s+)?(?:19|20)\d{2})\b|"
    r"\b(?:retired|resigned|stepped\s+down)\b"
)
_OTHER_ORGANISATION = re.compile(r"\bof\s+(?!(?:the\s+)?(?i:company|corporation|registrant)\b)(?:the\s+)?[A-Z]")


def _ended_office(before: str, asked: set[str]) -> bool:
    """Whether the words before a tenure's end name an office asked, of the company (not 'chief executive officer
    of Carlson')."""
    window = before[-90:]
    return not _OTHER_ORGANISATION.search(window) and bool(set().union(*_offices(window)) & asked)


def career_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """'Who is the chief operating officer?' is not answered by an appointment the person's history goes on from:
    after 'He became Corning's president and chief operation officer in April 2002' its paragraph says 'He was
    named chief executive officer in April 2005'. Unchecked when a sentence after the quote, still of the same
    person, dates a later appointment to another office of the company ('executive vice president' is a rank added
    to a title, 'He was appointed executive vice president in 2018', no office in its place), or says the office
    asked ended ('He served ... as Chief Executive Officer of the Company through April 30, 2017')."""
    asked = set().union(*_offices(question))  # 'the CEO of Coca-Cola': of the company the question names
    if not _ASKS_OFFICE.search(question) or not asked:
        return check_field("about", "not_applicable")
    for cited in spans:
        began = [int(m.group(1) or m.group(2)) for m in _APPOINTED.finditer(cited.span.quote)]
        ends = bool(re.search(r"[.;!?][\"')]*\s*$", cited.span.quote))
        for at, sentence in enumerate(split_sentences(text_after(cited)) if began else []):
            if not _SAME_PERSON.match(sentence) and (ends or at):  # the quote's own sentence goes on: its person's
                break
            later = [y for m in _APPOINTED.finditer(sentence) if (y := int(m.group(1) or m.group(2))) > max(began)]
            ended = any(_ended_office(sentence[: m.start()], asked) for m in _ENDED.finditer(sentence))
            if ended or (later and _offices(sentence)[0] - _RANKS - asked):
                detail = f"about: the person's history goes on after the quote: '{sentence.strip()[:120]}'"
                return check_field("about", "unknown", detail)
    return check_field("about", "not_applicable")


# a line naming an organisation alone, as a directors' list prints it under a person's title: capitalised words
# ending in a legal form or an organisation's noun ('Apple Inc.', 'Deloitte LLP', 'Teachers Insurance and Annuity
# Association of America', 'NBCUniversal Telemundo Enterprises')
_ORGANISATION_LINE = re.compile(r"^[A-Z][\w&.,'\u2019-]*(?:\s+(?:(?:of|and|&|the|for)\s+)?[A-Z][\w&.,'\u2019-]*)*$")
_ORGANISATION_WORDS = LEGAL_FORMS | frozenset(
    tokenize(
        "llp lp ag gmbh association bank university college institute foundation fund trust group holdings "
        "partners enterprises industries"
    )
)


def title_line_rule(question: str, spans: list[CitedSpan]) -> FieldCheck:
    """'Who is the President and Chief Executive Officer of NIKE?' is not answered by a directors' list whose line
    under the title names another organisation ('Thasunda Duckett(4)' / 'President & Chief Executive Officer' /
    'Teachers Insurance and Annuity Association of America'): the office is held there; nor by a title the list
    marks '(Retired)'. Unchecked when a cited line ends with the office asked and the next line of its page names an
    organisation other than the issuer and the question's own ('the CEO of Apple Inc. who serves on the board')."""
    if not _ASKS_OFFICE.search(question) or not (asked := set().union(*_offices(question))):
        return check_field("about", "not_applicable")
    known = issuer_terms(spans) | _ORGANISATION_WORDS | set(tokenize(question))
    for cited in spans:
        texts, pages = cited.document.lines["text"].tolist(), cited.document.lines["page"].tolist()
        for index in range(max(cited.span.line_start - 1, 0), min(cited.span.line_end, len(texts) - 1)):
            line, below = " ".join(str(texts[index]).split()), " ".join(str(texts[index + 1]).split())
            titles = list(_OFFICE.finditer(line))
            rest = line[titles[-1].end() :].strip(" ,") if titles else "-"
            if not titles or not _offices(titles[-1].group(0))[0] & asked or pages[index + 1] != pages[index]:
                continue
            if _RETIRED.fullmatch(rest):
                return check_field("about", "unknown", f"about: the title is one held before ('{rest}')")
            terms = set(tokenize(below))
            if not rest and _ORGANISATION_LINE.match(below) and terms & _ORGANISATION_WORDS and not terms <= known:
                return check_field("about", "unknown", f"about: the line under the title names another: '{below}'")
    return check_field("about", "not_applicable")


_RETIRED = re.compile(r"\((?i:retired|former)\)")


_OF_ORGANISATION = re.compile(
    r"^\s*(?:of|at)\s+(?:the\s+)?(?P<name>[A-Z][\w&.'\u2019-]*(?:\s+(?:&\s+)?[A-Z][\w&.'\u2019-]*)*)"
)


def cut_title_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A title an answer names is not read from a quote cut before the organisation it is held at: 'Mr. Gorsky
    serves as the Executive Chairman' / 'of Johnson & Johnson.' says no office at the issuer. Unchecked then."""
    issuer = issuer_terms(spans)
    if not set().union(*_offices(text, issuer)):
        return check_field("about", "not_applicable")
    for cited in spans:
        titles = list(_OFFICE.finditer(cited.span.quote))
        if not titles or cited.span.quote[titles[-1].end() :].strip(" ,"):
            continue
        held = _OF_ORGANISATION.match(text_after(cited))
        at = set(tokenize(held.group("name"))) if held else set()
        if held and at and not at <= issuer | LEGAL_FORMS | _OWN_BODIES:
            said = held.group(0).strip()
            return check_field("about", "unknown", f"about: the quote stops before the title's '{said}'")
    return check_field("about", "not_applicable")
