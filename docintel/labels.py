"""One name per status and per unit, for every surface: the terminal, ``--json``, batch, traces, eval and the view.

A status is written as its JSON name everywhere (``not_found``, never "evidence only" in one place and
"not found" in another), followed in the terminal by what it means; the view gives each its own colour.
"""

from __future__ import annotations

# status -> what it means, said after the name in the terminal and as the badge's title in the view
STATUS_MEANINGS = {
    "supported": "every quote is verified and every check holds",
    "unchecked": "the quotes are real, but not confirmed to answer the question",
    "partial": "what is answered holds, but a part of the question is answered by no item",
    "unsupported": "a check failed: the answer is not what its citations say",
    "citation_failed": "a quote is not in the lines it cites",
    "not_found": "no answer is claimed",
    "no_citations": "the answer cites nothing, so nothing could be checked",
    "error": "the call failed; the trace keeps what was sent",
}
EVIDENCE_NOTE = "no answer is claimed; the lines below are the closest evidence, for you to read"

# status -> its colour in the view (each its own; 'not_found' is no failure, but no success either)
STATUS_COLOURS = {
    "supported": "#1a7f37",
    "ok": "#1a7f37",
    "verified": "#1a7f37",
    "found": "#1a7f37",
    "unchecked": "#9a6700",
    "partial": "#7d4e00",
    "unsupported": "#cf222e",
    "failed": "#cf222e",
    "citation_failed": "#a40e26",
    "not_found": "#0969da",
    "no_citations": "#8250df",
    "refused": "#59636e",
    "error": "#bc4c00",
}

# flags an answer may carry, and what each means (``ask --help`` lists them)
FLAG_MEANINGS = {
    "conflicting_evidence": "the model saw figures that disagree in the evidence",
    "incomplete": "the model found an answer but says it does not cover everything asked",
    "malformed_context": "the model says the evidence was garbled (broken tables or text)",
}


def status_headline(status: str, evidence: bool = False) -> str:
    """The status's name, then what it means ('not_found: no answer is claimed; the lines below are ...')."""
    if status == "supported":
        return status
    meaning = EVIDENCE_NOTE if status == "not_found" and evidence else STATUS_MEANINGS.get(status)
    return f"{status}: {meaning}" if meaning else status


def status_css() -> str:
    """The view's stylesheet rules: one badge colour per status (class ``st-<status>``)."""
    return " ".join(f".badge.st-{name} {{ color: {colour}; }}" for name, colour in STATUS_COLOURS.items())


def unit_words(currency: str | None, unit: str | None) -> str:
    """An amount's unit as the terminal and the view write it, in the answer contract's own words: 'USD millions',
    'percent'; 'units' (a plain number) adds nothing, and 'other' says the scale is not stated."""
    if unit == "other":
        return " ".join(filter(None, (currency, "(unit: other, scale not stated)")))
    return " ".join(x for x in (currency, unit) if x and x != "units")
