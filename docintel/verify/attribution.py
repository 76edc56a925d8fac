"""Who says it, and whether it stands: what a party alleges is no fact, a ruling appealed is not final, and a
role the question asks ('the issuer of the notes') is said by the quotes that answer it.

- **Allegations**: a text claim that states as fact what its quote's sentence attributes to a party's allegation
  ('a military veteran filed an individual lawsuit ... alleging that he sustained personal injuries ... caused by
  3M's earplugs', claimed as '3M's earplugs caused personal injuries') is ``attribution: mismatch``, unless the
  claim attributes it too ('a lawsuit alleges', 'plaintiffs claim').
- **Appeals**: a yes to whether a matter is resolved or final, from a quote of a ruling ('dismissed the lawsuit in
  its entirety with prejudice'), whose paragraph goes on to an appeal of it ('filed a Notice of Appeal') is
  ``omission: unknown``.
- **Roles**: 'Which company is the issuer of ...', 'Who is the trustee ...': the quotes say the role in some
  form (issuer, issued, issuance), else the text answer is ``about: unknown`` (a cover page listing the notes
  beside the registrant's name does not say who issued them).

Word lists are general English of legal proceedings and of roles, no document's wording.
"""

from __future__ import annotations

import re

from ..question.parse import search_text
from ..textnorm import split_sentences, tokenize
from .claims import check_field, quote_lead
from .events import negated
from .passages import text_after
from .rules import FieldCheck
from .values import CitedSpan

_ALLEGES = re.compile(
    r"\balleg(?:es|ed|ing)\b|\bclaim(?:s|ed|ing)?\s+that\b|\bassert(?:s|ed|ing)?\s+that\b|\bcontend(?:s|ed|ing)?\b",
    re.IGNORECASE,
)
# a claim that itself says it is what a party alleges ('a lawsuit alleges', 'the plaintiffs claim'); naming the
# plaintiffs or the lawsuit ('The plaintiffs suffered ...') attributes nothing, nor does a 'False Claims Act'
_ATTRIBUTED = re.compile(
    r"\b(?:alleg\w*|(?-i:claim(?:s|ed|ing)?)\b|assert(?:s|ed|ing)\b|contend\w*|accus\w*|purport\w*|"
    r"according\s+to)",
    re.IGNORECASE,
)
_LEAD_LINES = 2  # lines above a quote its sentence may start on


def allegation_rule(text: str, spans: list[CitedSpan]) -> FieldCheck:
    """A claim that states as fact what its quote's sentence says a party alleges is a mismatch."""
    if _ATTRIBUTED.search(text):
        return check_field("attribution", "not_applicable")
    for cited in spans:
        said = f"{quote_lead(cited, before=_LEAD_LINES)} {cited.span.quote}"
        alleged = _ALLEGES.search(said)
        if alleged:
            detail = (
                f"attribution: the quote's sentence says it is alleged ('{alleged.group(0)}'); the claim states it "
                "as fact"
            )
            return check_field("attribution", "mismatch", detail)
    return check_field("attribution", "not_applicable")


# 'Had the litigation been fully resolved', 'Is the judgment final', 'Was the case concluded'
_ASKS_FINAL = re.compile(r"\b(?:resolv\w*|final\w*|conclud\w*|settled)\b", re.IGNORECASE)
_RULING = re.compile(r"\b(?:dismiss\w*|judgment|ruled|ruling|verdict)\b", re.IGNORECASE)
_APPEAL = re.compile(r"\b(?:appeal\w*|petition\w*\s+for\s+(?:review|rehearing)|certiorari)\b", re.IGNORECASE)


def appeal_rule(answer: bool, spans: list[CitedSpan], question: str) -> FieldCheck:
    """A yes that a matter is resolved, from a ruling whose paragraph goes on to an appeal of it, is unchecked."""
    if not answer or not _ASKS_FINAL.search(search_text(question)):
        return check_field("omission", "not_applicable")
    for cited in spans:
        if not _RULING.search(cited.span.quote) or _APPEAL.search(cited.span.quote):
            continue
        after = text_after(cited)
        appeal = next((s for s in split_sentences(after) if _APPEAL.search(s) and not negated(s)), None)
        if appeal is not None:
            return check_field("omission", "unknown", f"omission: the paragraph goes on: '{appeal[:120]}'")
    return check_field("omission", "not_applicable")


_ASKS_ROLE = re.compile(
    r"^\s*(?:which|what|who)\b(?:\s+\w+){0,2}?\s+(?:is|was|are|were|acts?\s+as|serves?\s+as)\s+(?:the\s+)?"
    r"(?P<role>issuer|guarantor|trustee|borrower|lender|lessee|lessor|obligor|auditor|underwriter|administrator|"
    r"agent|sponsor|servicer|custodian|transfer\s+agent|registrar)\b",
    re.IGNORECASE,
)


_NO_THING = frozenset(tokenize("pct fy fiscal year years quarter due ended ending annual period"))


# the forms of a role's word: the role and the verb it is named from ('registrar' is no 'registrant')
_ROLE_ENDINGS = frozenset(
    "e ed es er ers or ors ee ees ar ars ian ians ing ance ances s y ies ment ments ance".split()
) | {""}


def role_rule(question: str, spans: list[CitedSpan], ignore: frozenset[str] = frozenset()) -> FieldCheck:
    """'Which company is the issuer of the notes' is answered by a quote's sentence that says the role in some form
    of what the question names after it (the notes; the company's own name, *ignore*, names nothing): 'the
    Registrant is a well-known seasoned issuer' says the word of another thing."""
    asked = _ASKS_ROLE.search(search_text(question))
    if asked is None or not spans:
        return check_field("about", "not_applicable")
    role = asked.group("role").lower().split()[-1]
    stem = re.sub(r"(?:er|or|ee|ar|ian)$", "", role)  # 'issuer' -> 'issu': issued, issues, issuance
    of = {t for t in tokenize(search_text(question)[asked.end() :]) if not re.match(r"(?:fy)?\d", t)} - ignore
    of -= _NO_THING  # 'for FY2019', 'due 2027': a period, not the thing the role is of
    for sentence in (s for cited in spans for s in split_sentences(cited.span.quote)):
        said = {w.lower() for w in re.findall(r"[A-Za-z]+", sentence)}
        if any(w.startswith(stem) and w[len(stem) :] in _ROLE_ENDINGS for w in said):
            if not of or set(tokenize(sentence)) & of:
                return check_field("about", "not_applicable")
    return check_field("about", "unknown", f"about: the quotes do not say who is the {asked.group('role')}")
