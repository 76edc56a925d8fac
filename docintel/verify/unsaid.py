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

# a part or place the question scopes to: a name after a determiner ('its Military Services Group', 'its original
# Los Gatos ... headquarters', 'the Department of Defense'); not a name after a verb or a preposition alone, which is
# as often the company or the question's subject ('How long has Deloitte & Touche served', 'against Contoso')
_SCOPED = re.compile(r"\b(?i:its|their|our|the)\s+(?:(?!(?:of|for|at|by|with|from|in|on|to)\b)[a-z]+\s+){0,2}$")


def unsaid_name_rule(question: str, spans: list[CitedSpan], issuer: frozenset[str]) -> FieldCheck:
    """``unknown`` when the question names a thing by a word of its own ('Military', 'Los Gatos') that no cited
    line says, nor its initials ('MSG'): a part or place the question scopes to after a determiner, not its subject
    (whom a quote may call 'we': 'We have served as the Company's auditor since ...') nor the company."""
    if not spans:
        return check_field("about", "not_applicable")
    lines = " ".join(cited_lines(s) for s in spans)
    said = set(tokenize(lines))
    squashed = set(re.findall(r"[a-z&]+", lines.lower()))
    for name, terms in asked_names(question, issuer):
        if not _SCOPED.search(question.split(name)[0]):
            continue  # a name the question does not scope to as a part or place ('audited Contoso's statements')
        own = terms - _GENERIC
        # initials as filings write them: 'DoD' keeps 'of'; 'BCA' puts the issuer's first letter before its part's
        capitals = "".join(w[0] for w in name.split() if w[:1].isupper()).lower()
        initials = {capitals, "".join(w[0] for w in name.split()).lower()}
        initials |= {i[:1] + capitals for i in issuer if i[:1].isalpha()}
        if own and not own & said and not any(len(i) > 1 and i in squashed for i in initials):
            return check_field("about", "unknown", f"about: no cited line names {name}, which the question asks about")
    return check_field("about", "not_applicable")
