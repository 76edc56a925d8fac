"""A code a text claim takes from its quote's clause about another thing ('Our ordinary shares are traded on the New
York Stock Exchange (the "NYSE") under the symbol AMCR, and our CHESS Depositary Instruments ("CDIs") are traded on
the Australian Securities Exchange (the "ASX") under the symbol AMC'): 'AMCR' is the ordinary shares' symbol, so a
claim that the CDIs trade under it is not what the sentence says."""

from __future__ import annotations

import re

from ..question.parse import search_text
from .claims import check_field
from .leadin import lead_in
from .listdates import name_stems
from .rules import FieldCheck
from .values import CitedSpan, cut_clause
from .wording import names_asked

_CODE = re.compile(r"\b[A-Z][A-Z0-9]{1,6}\b")  # a ticker, rating or code the claim gives ('AMCR', 'BBB')
# where a clause with a subject of its own begins (', and our CHESS Depositary Instruments are traded'); a list's
# semicolons and an 'and' that goes on with the same subject ('..., and include results for all brands') do not
_CLAUSES = re.compile(r",\s+and\s+(?=(?:our|its|their|the|[A-Z])\w*\s)|,\s+(?:while|whereas)\s+")


def other_clause_rule(question: str, text: str, spans: list[CitedSpan], issuer: frozenset[str]) -> FieldCheck:
    """`about` `mismatch` for a code the claim gives that its quote's sentence, read with the words before and after
    the quote, states in a clause naming fewer of the names the question asks about than another clause does."""
    wanted = {s for terms in names_asked(search_text(question), issuer).values() for s in name_stems(" ".join(terms))}
    codes = list(dict.fromkeys(_CODE.findall(text))) if wanted else []
    for code, cited in ((c, s) for c in codes for s in spans if re.search(rf"\b{c}\b", s.span.quote)):
        whole = f"{lead_in(cited.document, cited.span)} {cited.span.quote} {cut_clause(cited)}"
        clauses = [c for c in _CLAUSES.split(whole) if c.strip()]
        own = next((c for c in clauses if re.search(rf"\b{code}\b", c)), None)
        holding = len(name_stems(own) & wanted) if own is not None else 0
        named = max((len(name_stems(c) & wanted) for c in clauses), default=0)
        if own is not None and named > holding:
            said = " ".join(own.split())[-90:]
            return check_field("about", "mismatch", f"about: {code} is said of another thing ('... {said}')")
    return check_field("about", "not_applicable")
