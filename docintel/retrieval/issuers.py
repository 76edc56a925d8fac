"""Which documents a company named in a question is about: by their profile, or by how often they write it.

Used by routing (``docintel.retrieval.route``): a name matches an issuer by the rules of
``docintel.question.entities``; a name no profile has is looked for as written in the documents that
hold its words most, since the corpus index counts words, not phrases.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..question.entities import file_words, issuer_words, name_match_length
from .corpus import Corpus, CorpusDocument, TermHit

MAX_NAME_WORDS = 6  # longer runs of capitalised words are headings or titles, not one company's name


def issuer_matches(names: list[str], documents: list[CorpusDocument]) -> dict[str, list[str]]:
    """doc id -> the names of the question that name its issuer (the longest run of words that matches).

    Part of a run counts ('What Was AMCOR' -> 'AMCOR') unless the run goes on where the issuer's
    name goes on differently: 'American Express' never names 'American Water Works'.
    """
    matched: dict[str, list[str]] = {}
    for name in names:
        words = name.split()[:MAX_NAME_WORDS]
        found = False
        for size in range(len(words), 0, -1):
            for start in range(len(words) - size + 1):
                part = " ".join(words[start : start + size])
                followed = start + size < len(words)
                docs = [d for d in documents if _names_issuer(part, d, followed)]
                for d in docs:
                    matched.setdefault(d.doc_id, []).append(name)
                found = found or bool(docs)
            if found:
                break
    return matched


def _names_issuer(name: str, doc: CorpusDocument, followed: bool) -> bool:
    """Whether *name* names the document's issuer: its trading symbol, or the issuer its profile read from the
    content, else the words of its file name (a file name never overrides what the document says about itself)."""
    ticker = doc.profile.ticker.value
    if ticker and not followed and re.sub(r"[^a-z]", "", name.lower()) == re.sub(r"[^a-z]", "", ticker.lower()):
        return True  # its trading symbol: 'JNJ', 'MSFT'
    words = tuple(issuer_words(doc.profile.issuer.value or "")) or tuple(file_words(Path(doc.path).stem))
    covered = name_match_length(name, words)
    return bool(covered) and not (followed and covered < len(words))


def names_part(name: str, matched: dict[str, list[str]]) -> bool:
    """Whether *name* is among the names that matched some issuer."""
    return any(name in names for names in matched.values())


PHRASE_CHECKS = 5  # documents read to count a name as written, when its words are common
MENTION_LINES = 15  # a document that writes a name on more lines than this is about it (a product, a segment)
GENERIC_LINES = 2  # a name written this often in lower case ('net sales', 'revenue') is a term, not a company


def mentions(
    name: str,
    tokens: list[str],
    hits: dict[str, dict[str, TermHit]],
    corpus: Corpus,
    documents: list[CorpusDocument],
    may_be_word: bool = True,
) -> dict[str, int] | None:
    """The documents that write *name* on more than MENTION_LINES lines (doc id -> lines); {} when none is about
    it; None when the documents write it in lower case, as a term ('Net Sales', 'Total Revenue').

    A name the question writes as an owner or actor ('Target's capital expenditures', 'of Target',
    'Does Target pay') is never a term (*may_be_word* False): the documents writing 'target' as a word
    say nothing about whether one of them is about Target.

    The index counts words, not phrases ('American Express' shares both words with many filings), so
    the documents holding the name's words most are read and the name counted as written (as in the
    question, in Title Case or in CAPITALS: 'Block' the company, not 'block'), and as a name of its own
    (not inside a longer one or a defined term: 'the Target Company', 'Target Shares').
    """
    if not any(t.isalpha() for t in tokens):
        return {}  # '3M' leaves no word to search for: the issuer check has spoken (no profile has it)
    acronym = sum(ch.isupper() for ch in name) >= 2 and " " not in name  # 'GE', 'MMM': a name, never a word
    per_doc: dict[str, int] | None = None
    for token in tokens:
        counts = {h: hit.passages for h, hit in hits.get(token, {}).items()}
        per_doc = counts if per_doc is None else {h: min(v, counts[h]) for h, v in per_doc.items() if h in counts}
    strong = sorted(((n, h) for h, n in (per_doc or {}).items() if n > 0), reverse=True)
    by_hash = {d.content_hash: d.doc_id for d in documents}
    suspects = [by_hash[h] for _, h in strong if h in by_hash][:PHRASE_CHECKS]
    words = re.findall(r"[^\W_]+|&", name)
    as_name = _pattern({" ".join(words), " ".join(w[:1].upper() + w[1:] for w in words), " ".join(words).upper()})
    lower = " ".join(words).lower()
    as_term = _pattern({lower} | ({lower[:1].upper() + lower[1:]} if len(words) > 1 else set()))
    found: dict[str, int] = {}
    for document in corpus.load(suspects):
        texts = document.lines["text"].tolist()
        if may_be_word and not acronym and sum(bool(as_term.search(text)) for text in texts) >= GENERIC_LINES:
            return None
        lines = sum(any(_own_name(text, m) for m in as_name.finditer(text)) for text in texts)
        if lines > MENTION_LINES:
            found[document.meta.doc_id] = lines
    return found


_LEADING = frozenset("the a an and at by for from in of on or to with".split())  # may precede a name in capitals
_SUFFIX = re.compile(r"(?:Inc|Incorporated|Corp|Corporation|Co|Company|Ltd|Limited|LLC|plc|PLC|Group|Holdings)\b")


def _own_name(text: str, match: re.Match[str]) -> bool:
    """Whether a match is the name itself, not part of a longer capitalised name or defined term: 'Target' and
    'Target Corporation' count; 'the Chinese Target Company', 'Target Shares' and 'Performance Target' do not."""
    before = text[: match.start()].split()
    if (
        before
        and before[-1][:1].isupper()
        and before[-1].lower() not in _LEADING
        and not before[-1].endswith((".", ":"))
    ):
        return False
    after = text[match.end() :].split(maxsplit=1)
    return not (after and after[0][:1].isupper() and not _SUFFIX.match(after[0]))


def _pattern(forms: set[str]) -> re.Pattern[str]:
    return re.compile(
        "|".join(r"(?<!\w)" + r"[\s\-]*".join(re.escape(w) for w in form.split()) + r"(?!\w)" for form in sorted(forms))
    )
