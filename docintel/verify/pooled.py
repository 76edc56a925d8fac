"""A figure its sentence pools over several sources is no figure of one of them. 'BDS ... includes our share of
income from equity method investments of $13 million, $53 million and $141 million primarily from our ULA and
non-U.S. joint ventures' gives the investments' income together: asked of the United Launch Alliance alone
('Did Boeing's earnings from its ULA joint venture decline?'), its figures answer nothing; the ULA's own is told
elsewhere ('Earnings from our ULA joint venture increased'). A source list is read after 'primarily (mainly,
principally, largely, mostly) from/of' ('primarily in' tells where) and split at commas, 'and', 'or' (general
English)."""

from __future__ import annotations

import re

from ..numbers import find_numbers
from ..question.parse import search_text
from ..textnorm import split_sentences, tokenize
from .claims import check_field, content_words
from .rules import FieldCheck
from .values import CitedSpan, cited_lines

_POOLED = re.compile(
    r"\b(?:primarily|mainly|principally|largely|mostly|predominantly)\s+(?:from|of)\s+(?:(?:our|the|its|their)\s+)?"
    r"(?P<sources>(?:\b[A-Z]\.(?:[A-Z]\.)+|[^.;:()]|\.(?=\S))+?)"  # 'non-U.S. joint ventures' is one source
    r"(?=\s+(?:in|for|during|of)\s+(?:fiscal\s+)?(?:19|20)\d\d\b|\.(?!\S)|[;:()]|$)",
    re.IGNORECASE,
)
_CAUSE = re.compile(
    r"\b(?:increas|decreas|declin|grew|grow|result|driven|due|reflect|impact|chang|offset|improv|rose|fell)\w*", re.I
)
_SPLIT = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")
_NAME_RUN = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+){1,4}\b")


def _asked_terms(question: str) -> set[str]:
    """The question's words, with the initials of each name of several words ('United Launch Alliance': ula)."""
    asking = search_text(question)
    initials = {"".join(w[0] for w in run.split()).lower() for run in _NAME_RUN.findall(asking)}
    return set(tokenize(asking)) | initials


def pooled_rule(question: str, spans: list[CitedSpan], ignore: frozenset[str] = frozenset()) -> FieldCheck:
    """``mismatch`` when a quoted sentence's figures are given 'primarily from' a list of sources of which the
    question names one and not another: the figure is the pool's (member named both ways)."""
    asked = _asked_terms(question)
    for cited in spans:
        quoted = {n.value for n in find_numbers(cited.span.quote)}
        for sentence in split_sentences(cited_lines(cited)):
            for found in _POOLED.finditer(sentence):
                # the quote's figures, said before the list in its sentence: the pool's figures
                before = sentence[: found.start()]
                if not quoted & {n.value for n in find_numbers(before) if not n.is_year}:
                    continue
                if _CAUSE.search(before[-60:]):  # 'increased ... resulting primarily from': a cause, not sources
                    continue
                sources = [s.strip() for s in _SPLIT.split(found["sources"]) if s.strip()]
                named = [s for s in sources if (words := content_words(s, ignore)) and words <= asked]
                others = [s for s in sources if (words := content_words(s, ignore)) and not words <= asked]
                if named and others:
                    detail = f"member: the figure is of {found['sources'].strip()} together, not {named[0]} alone"
                    return check_field("member", "mismatch", detail)
    return check_field("member", "not_applicable")
