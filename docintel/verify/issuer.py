"""The company a cited document is by: its name's terms, the words a question or a quote names it with."""

from __future__ import annotations

import re

from ..textnorm import tokenize
from .values import CitedSpan


def issuer_terms(spans: list[CitedSpan]) -> frozenset[str]:
    """The name terms of the companies the cited documents are by, and the initials of a name of three words or
    more ('amd' of 'ADVANCED MICRO DEVICES, INC.')."""
    names = {s.document.meta.profile.issuer.value or "" for s in spans}
    initials = {"".join(w[0] for w in words) for n in names if len(words := _NAME_WORDS.findall(n)) >= 3}
    return frozenset(t for n in names for t in tokenize(n)) | {i.lower() for i in initials}


# a name's words, its legal form aside ('Inc', 'Co', 'Corporation', 'Company')
_NAME_WORDS = re.compile(r"\b(?!(?:inc|co|corp|corporation|company|ltd|plc|llc|n\.?v|s\.?a)\b)[a-z][a-z&]*", re.I)
# a company name's legal forms, as words ('Corning Incorporated', 'Best Buy Co., Inc.')
LEGAL_FORMS = frozenset(tokenize("inc incorporated co corp corporation company ltd limited plc llc nv sa"))
