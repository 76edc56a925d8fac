"""Text normalisation shared by retrieval, answering and verification.

Two jobs: ``tokenize`` turns text into search terms (stop words out, light stemming, numbers
in one canonical form); ``squash`` turns text into the form quotes are compared in (Unicode
compatibility forms folded, case folded, quotes and dashes unified, whitespace removed).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .numbers import canonical

# English function words only. Documents and questions share this list, so it must never hold
# a word a document means something by ('state', 'company', 'resources', 'data'): words that
# only instruct the answerer are dropped from questions alone, by grammar (question.parse.search_text).
STOP_WORDS = frozenset(
    """a about above after again against all also am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it
    its itself just me more most my myself no nor not of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself
    yourselves may might must shall per via upon within without whether like eg ie""".split()
)

# C0/C1 control characters other than tab and newline (NUL from checkbox glyphs, escapes, bells):
# never part of a document's words, and unsafe on a terminal.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def strip_controls(text: str) -> str:
    """*text* without control characters (tabs and newlines kept)."""
    return _CONTROL.sub("", text)


_WORD = re.compile(r"[a-z]+|\d+(?:[.,]\d+)*%?")
_FISCAL_SHORT = re.compile(r"\bfy\s?'?(\d{2})\b")
_SUFFIXES = ("ness", "ing", "ion", "ed", "ly")


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """A light stemmer: plurals, then one of -ness/-ing/-ion/-ed/-ly, then a final -e.

    Enough to join 'operating', 'operations' and 'operated', or 'expense' and 'expenses'.
    """
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("es") and word[:-2].endswith(("x", "ch", "sh", "ss", "z")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[: -len(suffix)]
            break
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def fold(text: str) -> str:
    """NFKC-fold and lowercase, with typographic quotes and dashes made plain."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return text.translate(_PLAIN)


_PLAIN = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2033": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
        "\u00ad": None,
        "\u200b": None,
        "\ufeff": None,
    }
)


_DOTTED = re.compile(r"(?<![\w.])[a-z](?:\.[a-z])+\.?(?![\w])")  # 'u.s.', 'u.k.', 'u.s' (no final stop too)


def tokenize(text: str, *, keep_stop_words: bool = False) -> list[str]:
    """Search terms of *text*: folded, stop words dropped, stemmed; '1,577' and '(1,577)' become '1577'.

    'FY22' yields 'fy' and '2022'; a token with a percent sign also yields 'pct'; a dotted abbreviation is
    one word ('U.S.' is 'us', as a question writes it).
    """
    folded = fold(text)
    if "." in folded:
        folded = _DOTTED.sub(lambda m: m.group(0).replace(".", "") + " ", folded)
    if "fy" in folded:
        folded = _FISCAL_SHORT.sub(lambda m: f"fy 20{m.group(1)}", folded)
    tokens: list[str] = []
    append = tokens.append
    stop = () if keep_stop_words else STOP_WORDS
    for token in _WORD.findall(folded.replace("&", " and ")):
        if token[0].isdigit():
            if token[-1] == "%":
                append("pct")
                token = token[:-1]
            append(canonical(token) if ("," in token or "." in token) else token)
        elif len(token) > 1 and token not in stop:
            append(stem(token))
    return tokens


_SPACE = re.compile(r"\s+")
_NUMBER_GAP = re.compile(r"(?<=[\d)%.,])\s+(?=[\d($-])")
NUMBER_SEPARATOR = "\u241f"  # kept between two numbers, so '2,853 3,709' never reads as '2,8533,709'


def squash(text: str) -> str:
    """The comparison form of text for quote checks: folded, apostrophes dropped, no whitespace.

    Whitespace between two numbers becomes one separator character, so numbers keep their edges.
    """
    folded = fold(text).replace("'", "")
    return _SPACE.sub("", _NUMBER_GAP.sub(NUMBER_SEPARATOR, folded.strip()))


# ------------------------------------------------------------------ words pypdf splits

_PLAIN_WORD = re.compile(r"[a-z]+")
_SPLIT_PAIR = re.compile(r"\b([A-Za-z]+) ([a-z]+)\b")


def word_counts(texts: list[str]) -> dict[str, int]:
    """How often each word of letters only occurs in *texts* (folded, edge punctuation stripped: 'Flows.'
    counts as 'flows'), and each pair of neighbouring words, under the key 'left right'."""
    counts: dict[str, int] = {}
    for text in texts:
        previous = ""
        for raw in fold(text).split():
            word = raw.strip(".,;:()[]'\"!?")
            if not word.isalpha():
                previous = ""
                continue
            counts[word] = counts.get(word, 0) + 1
            if previous:
                pair = f"{previous} {word}"
                counts[pair] = counts.get(pair, 0) + 1
            previous = word
    return counts


def rejoin_split_words(text: str, counts: dict[str, int]) -> str:
    """*text* with words pypdf split in two joined again ('Cash Flow s' -> 'Cash Flows'), for search only.

    Two neighbours are joined when the document writes the joined word at least twice and one
    piece is not a word of its own there: a fragment of one or two letters that is not a stop
    word ('al', 's'), or a longer piece the document never writes except beside the other
    ('Financi al', 'th e', 'compensat ion' are joined; 'as set forth' is not where 'set' is
    written elsewhere).
    """

    def join(match: re.Match[str]) -> str:
        left, right = match.group(1).lower(), match.group(2)
        if counts.get(left + right, 0) < 2:
            return match.group(0)
        together = counts.get(f"{left} {right}", 0)
        for piece in (left, right):
            if piece not in STOP_WORDS and (len(piece) <= 2 or counts.get(piece, 0) - together <= 0):
                return match.group(1) + right
        return match.group(0)

    return _SPLIT_PAIR.sub(join, text)


_SENTENCE_BREAK = re.compile(r"(?<=[.;!?])\s+")
# a full stop that ends no sentence: a title or a company's abbreviation ('Mr. Smith', 'Apple Inc. and its
# subsidiaries'), an initial or a dotted abbreviation ('J. Smith', 'the U.S. Department of Defense')
_ABBREVIATION = re.compile(
    r"(?:^|(?<=[\s(]))(?:Mr|Mrs|Ms|Dr|Jr|Sr|St|Inc|Corp|Co|Ltd|No|Nos|vs|Messrs|(?:[A-Za-z]\.)*[A-Za-z])\.$"
)


def split_sentences(text: str) -> list[str]:
    """*text* cut into its sentences (and clauses ending in ';'), never after an abbreviation, an initial or
    a full stop the next word goes on from in lower case."""
    return [text[start:end] for start, end in sentence_bounds(text) if text[start:end].strip()]


def last_sentence(text: str) -> str:
    """The words of *text* after its last sentence break ('' when it ends with one)."""
    start, end = sentence_bounds(text)[-1]
    return text[start:end]


def sentence_bounds(text: str) -> list[tuple[int, int]]:
    """Where each sentence of *text* starts and ends (the space between sentences in none), as
    ``split_sentences`` cuts them; one (possibly empty) sentence at least."""
    bounds: list[tuple[int, int]] = []
    start = 0
    for match in _SENTENCE_BREAK.finditer(text):
        head, following = text[start : match.start()], text[match.end() : match.end() + 1]
        if head.endswith(".") and (following.islower() or _ABBREVIATION.search(head[-12:])):
            continue
        bounds.append((start, match.start()))
        start = match.end()
    return [*bounds, (start, len(text))]
