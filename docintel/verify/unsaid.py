"""A text answer about a named part or thing its quotes never name. 'Which companies does American Water identify as
competitors of its Military Services Group (MSG)?' is not answered by the competitors its Regulated Businesses
section lists ('... include Essential Utilities, Inc., Suez North America, ...'): no cited line says 'Military' or
'MSG'. The words an organisation's name shares with any other ('Group', 'Services', 'Segment') tell nothing; a
name's own word, or its initials, must be on the cited lines."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .claims import check_field
from .names import asked_names
from .rules import FieldCheck
from .values import CitedSpan, cited_lines

# the nouns any organisation's or part's name may end with (general English): they name no one in particular
_GENERIC = frozenset(
    tokenize(
        "group groups service services segment segments business businesses division divisions unit units company"
        " companies inc corporation subsidiary subsidiaries operations operation holdings international global"
        " america american north south east west united states national new"
    )
)


def unsaid_name_rule(question: str, spans: list[CitedSpan], issuer: frozenset[str]) -> FieldCheck:
    """``unknown`` when the question names a thing by a word of its own ('Military', 'Los Gatos') that no cited
    line says, nor its initials ('MSG')."""
    if not spans:
        return check_field("about", "not_applicable")
    lines = " ".join(cited_lines(s) for s in spans)
    said = set(tokenize(lines))
    squashed = set(re.findall(r"[a-z&]+", lines.lower()))
    for name, terms in asked_names(question, issuer):
        own = terms - _GENERIC
        initials = "".join(w[0] for w in name.split() if w[:1].isupper()).lower()
        if own and not own & said and not (len(initials) > 1 and initials in squashed):
            return check_field("about", "unknown", f"about: no cited line names {name}, which the question asks about")
    return check_field("about", "not_applicable")
