"""Short forms a question writes in capitals ('CEO', 'CFO') spelled out as the documents write them ('Chief
Executive Officer', 'Chief Financial Officer'); a form the search terms do not keep ('R&D', 'US') is left as it is.

No list of abbreviations is kept: the spelled-out form is a run of capitalised words in the documents' own text
whose initials are the short form's letters ('and', 'of', 'the', 'for' and '&' may join them). Retrieval, the
offline answerer and the relevance check read the question's short form as that run when the documents write the
run more often than the short form itself (a filing that says 'CEO' throughout is searched for 'CEO')."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from ..textnorm import tokenize

# two to six capitals, an ampersand allowed between two ('SG&A', 'R&D'); not a word's part ('FY2022' is no form)
_SHORT_FORM = re.compile(r"(?<![\w&.])[A-Z](?:[A-Z]|&(?=[A-Z])){1,5}(?![\w&])")
_JOINER = r",?\s+(?:(?:and|of|the|for|&)\s+)?"
_INSIDE_RUN = re.compile(r"\b[A-Z][A-Za-z]*\s+$")  # a capitalised word right before: the run goes on to the left


def short_forms(question: str) -> list[str]:
    """The question's capitalised short forms, in order, each once ('Who is the CEO?' -> ['CEO'])."""
    return list(dict.fromkeys(m.group(0) for m in _SHORT_FORM.finditer(question)))


@lru_cache(maxsize=256)
def _spelling(form: str) -> re.Pattern[str]:
    words = [rf"{letter}(?:[a-z]+|[A-Z]+)" for letter in form if letter != "&"]
    return re.compile(r"\b" + _JOINER.join(words) + r"\b")


@lru_cache(maxsize=256)
def _itself(form: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w&]){re.escape(form)}(?![\w&])")


def spelled_out(form: str, texts: Iterable[str]) -> str | None:
    """The run of capitalised words *texts* spell *form* with most often (lowercased), when they write it more
    often than *form* itself; else None."""
    runs: Counter[str] = Counter()
    itself = 0
    for text in texts:
        if form[0] not in text:
            continue
        itself += len(_itself(form).findall(text))
        runs.update(
            " ".join(m.group(0).lower().split())
            for m in _spelling(form).finditer(text)
            if not _INSIDE_RUN.search(text, 0, m.start())  # 'Colleague Experience Officer' of 'Chief ...' is no CEO
        )
    if not runs:
        return None
    run, count = runs.most_common(1)[0]
    return run if count > itself else None


def spelled_terms(question: str, texts: Iterable[str]) -> dict[str, list[str]]:
    """Each short form's search term (tokenized) -> the search terms of its spelled-out run in *texts*."""
    forms = short_forms(question)
    if not forms:
        return {}
    lines = list(texts)
    found: dict[str, list[str]] = {}
    for form in forms:
        run = spelled_out(form, lines)
        term = tokenize(form)
        if run and len(term) == 1:
            found[term[0]] = tokenize(run)
    return found
