"""Route a question to the documents of a folder that can answer it, and record why for every document.

Between question parsing and passage retrieval. In order:

1. ``--doc`` scope; then duplicates (a file with the content of one listed earlier counts once).
2. Issuers: the question's subject, or several companies it names, keep their documents only
   (one issuer's documents go together); a subject no document is about gives ``no_match`` with
   "no document about X in these N" (``docintel.retrieval.issuers``).
3. Absolute relevance: the question's words must carry ``min_term_coverage`` of their weight in
   some document (or one rare word, or an implied domain phrase); otherwise ``no_match``.
4. Periods, per issuer: each year named is covered (exact, a later filing's comparatives, the
   year before as outlook), quarters checked; with no period named the latest is kept; notes say so.
5. Ranking by a document-level BM25 score (text, headings and first pages); the best
   ``route_max_documents`` are searched, or every document the named companies need.
"""

from __future__ import annotations

import fnmatch
import math
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from ..errors import UsageError
from ..ingest.profile import file_period
from ..question.entities import NamedEntities, file_words, issuer_words
from ..question.parse import ParsedQuestion
from ..settings import Settings
from ..textnorm import tokenize
from .corpus import Corpus, CorpusDocument, TermHit
from .issuers import issuer_matches, mentions, names_part

COVERAGE_IDF_FLOOR = 1.0
SPECIFIC_IDF = 2.5  # a term in under ~8% of the passages: matching it alone makes a document relevant
HEAD_BONUS = 0.5
ISSUER_BOOST = 2.0  # a company the question names beside its subject
_K1, _B = 1.2, 0.75
_PERIOD_CLASSES = {
    0: "covers the period asked",
    1: "covers it in part",
    2: "reports it as a comparative",
    3: "precedes it (outlook only)",
}


Cause = Literal["routed", "scope", "duplicate", "issuer", "absent", "relevance", "no_terms", "period", "rank"]


class RouteDecision(BaseModel):
    """What routing did with one document, and why."""

    doc: str
    routed: bool
    cause: Cause = Field(
        description="why, in one word: routed, scope, duplicate, issuer, absent, relevance, no_terms, period, rank"
    )
    reason: str
    rank: int | None = Field(default=None, description="rank among the routed documents (1 = best)")
    score: float | None = Field(default=None, description="document-level score (BM25 over the whole document)")
    coverage: float | None = Field(default=None, description="share of the question's term weight it holds")
    issuer: str | None = None
    period: str | None = None


class Routing(BaseModel):
    """The routing of one question: the documents searched, and a decision for every document given."""

    status: Literal["ok", "no_match"]
    detail: str
    entities: NamedEntities
    routed: list[str]
    decisions: list[RouteDecision]
    notes: list[str] = Field(default_factory=list, description="caveats shown with the answer")


class _Candidate:
    def __init__(self, doc: CorpusDocument) -> None:
        self.doc = doc
        self.score = 0.0
        self.coverage = 0.0
        self.specific = 0.0  # the highest idf among the question's own terms it holds
        self.period_class: int | None = None
        self.group = _issuer_key(doc)
        self.years = _doc_years(doc)


def _issuer_key(doc: CorpusDocument) -> str:
    words = issuer_words(doc.profile.issuer.value or "") or file_words(Path(doc.path).stem)
    return "".join(words) or f"#{doc.doc_id}"  # squeezed: 'MGM R ESORTS' (split by the PDF) is 'MGM Resorts'


def _doc_years(doc: CorpusDocument) -> set[int]:
    years: set[int] = set()
    if (year := doc.profile.year()) is not None:
        years.add(year)
    end = doc.profile.period_end.value
    if end and int(end[5:7]) <= 3:  # a year ending January-March is named by either calendar year
        years.add(int(end[:4]) - 1)
    file_year, _ = file_period(Path(doc.path).stem)
    if file_year is not None:
        years.add(file_year)  # the user's own label of the period ("acme_2023Q2_10Q")
    return years


def _period_label(doc: CorpusDocument) -> str | None:
    p = doc.profile
    parts = [p.kind.value or ""]
    if p.fiscal_year.value:
        parts.append(f"Q{p.quarter.value} " if p.quarter.value else "")
        parts[-1] += f"FY{p.fiscal_year.value}"
    if p.period_end.value:
        parts.append(f"(period ended {p.period_end.value})")
    label = " ".join(part for part in parts if part)
    return label or None


def check_scope(documents: list[CorpusDocument], patterns: list[str]) -> set[str]:
    """The doc ids the --doc globs name; UsageError for a glob that names none."""
    chosen: set[str] = set()
    for pattern in patterns:
        want = pattern.lower()
        hits = {
            d.doc_id
            for d in documents
            if any(fnmatch.fnmatchcase(v.lower(), want) for v in (d.doc_id, Path(d.path).name, d.path))
        }
        if not hits:
            sample = ", ".join(d.doc_id for d in documents[:5]) + (" ..." if len(documents) > 5 else "")
            raise UsageError(
                f"--doc {pattern!r} matches no document among the {len(documents)} given ({sample})",
                "give a document id, file name or glob (e.g. --doc 'acme_*'); `docintel index PATH` lists them",
            )
        chosen |= hits
    return chosen


def route(parsed: ParsedQuestion, corpus: Corpus, settings: Settings, scope: list[str] | None = None) -> Routing:
    """Decide which documents of the corpus the question is searched in; every document gets a decision."""
    decisions: dict[str, RouteDecision] = {}
    in_scope = check_scope(corpus.documents, scope) if scope else None
    live: list[_Candidate] = []
    first_of: dict[str, str] = {}  # content hash -> the first document in scope with it
    for doc in corpus.documents:
        if in_scope is not None and doc.doc_id not in in_scope:
            decisions[doc.doc_id] = _out(doc, "scope", "not named by --doc")
        elif doc.content_hash in first_of:
            same = first_of[doc.content_hash]
            decisions[doc.doc_id] = _out(doc, "duplicate", f"identical to {same} (same content): counted once")
        else:
            first_of[doc.content_hash] = doc.doc_id
            live.append(_Candidate(doc))
    routing = _route_live(parsed, corpus, settings, live, decisions, scoped=in_scope is not None)
    routing.decisions = [decisions[d.doc_id] for d in corpus.documents]
    return routing


def _route_live(
    parsed: ParsedQuestion,
    corpus: Corpus,
    settings: Settings,
    live: list[_Candidate],
    decisions: dict[str, RouteDecision],
    scoped: bool = False,
) -> Routing:
    entities = parsed.entities
    count = len(live)
    these = f"these {count} documents" if count != 1 else "this document"
    if scoped:
        these = f"the {count} documents --doc names" if count != 1 else "the document --doc names"
    if not settings.use_routing:
        for c in live:
            decisions[c.doc.doc_id] = _in(c, None, "routing is off (use_routing=false): every document is searched")
        return Routing(
            status="ok", detail="routing off", entities=entities, routed=[c.doc.doc_id for c in live], decisions=[]
        )
    terms = parsed.search_terms()
    direct = _direct_terms(parsed)
    name_tokens = {name: tokenize(name) for name in entities.names}
    hits = corpus.index.term_hits([t for t, _ in terms] + [t for toks in name_tokens.values() for t in toks])
    _score(live, terms, direct, hits)
    synonyms = [tokenize(k.text) for k in parsed.keywords if k.source == "domain"]
    notes: list[str] = []
    # --- issuers the question names
    matched = issuer_matches(entities.names, [c.doc for c in live])
    by_group = {c.group: matched[c.doc.doc_id] for c in live if c.doc.doc_id in matched}
    for c in live:  # one issuer's documents go together, however each was named (ticker, name, file)
        if c.group in by_group:
            matched.setdefault(c.doc.doc_id, by_group[c.group])
    named_any = bool(matched)  # some name of the question is some document's issuer
    groups_named = {c.group for c in live if c.doc.doc_id in matched}
    if matched and not entities.issuer_position and len(groups_named) == 1:
        for c in live:  # the one company named, not as the subject ('the agreement with Globex'): ranked up
            c.score *= ISSUER_BOOST if c.doc.doc_id in matched else 1.0
        matched = {}
    if matched:
        for c in live:
            if c.doc.doc_id not in matched:
                named = ", ".join(sorted({n for names in matched.values() for n in names}))
                decisions[c.doc.doc_id] = _out(
                    c, "issuer", f"its issuer ({_issuer(c)}) is not {named}, whom the question names"
                )
        live = [c for c in live if c.doc.doc_id in matched]
    unmatched = [n for n in entities.issuer_position if not names_part(n, matched)]
    found = {n: mentions(n, name_tokens[n], hits, corpus, [c.doc for c in live]) for n in unmatched}
    written = {n: w for n, w in found.items() if w is not None}  # None: written in lower case, a term
    for n in (n for n in unmatched if n not in written and not named_any and " " not in n):  # 'Block', not 'Net Sales'
        notes.append(f"no document's issuer is {n}; the documents write '{n.lower()}' as a word, so it was read as one")
    unmatched = [n for n in unmatched if n in written]
    absent = [n for n in unmatched if not written[n]]
    if absent:
        about = " or ".join(absent[:3])
        detail = f"no document about {about} in {these}" if count != 1 else f"the document is not about {about}"
        if not named_any:
            return _no_match(live, decisions, "absent", detail, entities)
        notes.append(detail)  # another name of the question is a document's issuer ('Block, formerly Square')
    elif unmatched and not matched:  # named by no profile, but some documents are about it: only those
        name = unmatched[0]
        writing = written[name]
        for c in live:
            if c.doc.doc_id not in writing:
                decisions[c.doc.doc_id] = _out(
                    c, "absent", f"no profile names {name}, and it does not write {name} often"
                )
        live = [c for c in live if c.doc.doc_id in writing]
        listed = ", ".join(f"{d} ({n} lines)" for d, n in sorted(writing.items(), key=lambda kv: -kv[1])[:3])
        notes.append(f"no document in {these} is by {name}; searched those that write it most: {listed}")
    # --- absolute relevance: enough of the question's weight, or one term that few passages hold
    best = max((c.coverage for c in live), default=0.0)
    # A document by the company the question names is relevant when it holds any other term of the question.
    named_tokens = {t for n in {n for names in matched.values() for n in names} for t in name_tokens[n]}
    other = [t for t in direct if t not in named_tokens]
    if matched and not any(hits.get(t, {}).keys() & {c.doc.content_hash for c in live} for t in other):
        return _no_match(live, decisions, "no_terms", _weak_terms(other, hits, 0.0, these), entities)
    relevant = any(c.specific >= SPECIFIC_IDF or _holds_phrase(c, synonyms, hits) for c in live)
    if not matched and best < settings.min_term_coverage and not relevant:
        cause: Cause = "no_terms" if best == 0.0 else "relevance"
        return _no_match(live, decisions, cause, _weak_terms(direct, hits, best, these), entities)
    for c in list(live):
        if c.coverage == 0.0 and not _holds_phrase(c, synonyms, hits):
            decisions[c.doc.doc_id] = _out(
                c, "no_terms", "none of the question's words (nor their synonyms) occur in it"
            )
    live = [c for c in live if c.doc.doc_id not in decisions]
    # --- periods
    groups = {c.doc.doc_id: c.group for c in live}
    live, period_notes = _by_period(live, entities, decisions)
    if not live:
        every = [n for group_notes in period_notes.values() for n in group_notes]
        return _no_match(
            [], decisions, "period", every[-1] if every else "no document covers the period asked", entities
        )
    routing = _rank(live, matched, entities, settings, decisions, notes)
    searched = {groups[d] for d in routing.routed}
    routing.notes += [n for group in period_notes if group in searched for n in period_notes[group]]
    if not named_any and not entities.issuer_position and len(searched) > 1:
        issuers = sorted({_issuer(c) for c in live if c.doc.doc_id in routing.routed})
        routing.notes.append(f"the question names no company: searched documents of {', '.join(issuers)}")
    return routing


def _in(c: _Candidate, rank: int | None, reason: str) -> RouteDecision:
    return RouteDecision(
        doc=c.doc.doc_id,
        routed=True,
        cause="routed",
        reason=reason,
        rank=rank,
        score=round(c.score, 4),
        coverage=round(c.coverage, 4),
        issuer=c.doc.profile.issuer.value,
        period=_period_label(c.doc),
    )


def _out(item: _Candidate | CorpusDocument, cause: Cause, reason: str) -> RouteDecision:
    c = item if isinstance(item, _Candidate) else None
    doc = c.doc if c else item
    assert isinstance(doc, CorpusDocument)
    return RouteDecision(
        doc=doc.doc_id,
        routed=False,
        cause=cause,
        reason=reason,
        score=round(c.score, 4) if c else None,
        coverage=round(c.coverage, 4) if c else None,
        issuer=doc.profile.issuer.value,
        period=_period_label(doc),
    )


def _issuer(c: _Candidate) -> str:
    return c.doc.profile.issuer.value or f"unknown; file {Path(c.doc.path).name}"


def _no_match(
    live: list[_Candidate], decisions: dict[str, RouteDecision], cause: Cause, detail: str, entities: NamedEntities
) -> Routing:
    for c in live:
        decisions.setdefault(c.doc.doc_id, _out(c, cause, detail))
    return Routing(status="no_match", detail=detail, entities=entities, routed=[], decisions=[], notes=[detail])


def _holds_phrase(c: _Candidate, phrases: list[list[str]], hits: dict[str, dict[str, TermHit]]) -> bool:
    """Whether the document holds every word of one of the domain phrases the question implies ('net sales')."""
    digest = c.doc.content_hash
    return any(phrase and all(digest in hits.get(t, {}) for t in phrase) for phrase in phrases)


def _direct_terms(parsed: ParsedQuestion) -> list[str]:
    """The search terms of the question's own words (domain synonyms left out)."""
    terms: list[str] = []
    for keyword in parsed.keywords:
        if keyword.source == "direct":
            terms += [t for t in tokenize(keyword.text) if t not in terms]
    return terms


def _score(
    live: list[_Candidate], terms: list[tuple[str, float]], direct: list[str], hits: dict[str, dict[str, TermHit]]
) -> None:
    """Document-level BM25 (text plus a bonus for headings and first pages) and coverage of each document.

    Coverage is the share of the idf weight of the question's own terms (over passages) that a
    document holds; a term no document holds weighs as if one passage held it.
    """
    if not live:
        return
    n = len(live)
    hashes = {c.doc.content_hash for c in live}
    avg = sum(c.doc.n_tokens for c in live) / n or 1.0
    passages_total = sum(c.doc.n_passages for c in live) or 1
    held_by = {t: {h: hit for h, hit in hits.get(t, {}).items() if h in hashes} for t in {*dict(terms), *direct}}
    for term, weight in terms:
        held = held_by[term]
        doc_idf = weight * math.log(1 + (n - len(held) + 0.5) / (len(held) + 0.5))
        for c in live:
            hit = held.get(c.doc.content_hash)
            if hit is not None:
                norm = _K1 * (1 - _B + _B * c.doc.n_tokens / avg)
                c.score += doc_idf * (hit.tf * (_K1 + 1) / (hit.tf + norm) + HEAD_BONUS * (hit.head > 0))
    idf: dict[str, float] = {}
    for term in direct:
        in_passages = max(sum(hit.passages for hit in held_by[term].values()), 1)
        # a word every passage holds still is a word of the question: its weight never falls under COVERAGE_IDF_FLOOR
        idf[term] = max(math.log(1 + (passages_total - in_passages + 0.5) / (in_passages + 0.5)), COVERAGE_IDF_FLOOR)
    total = sum(idf.values()) or 1.0
    for c in live:
        weights = [w for t, w in idf.items() if (found := held_by[t].get(c.doc.content_hash)) and found.tf]
        c.coverage = sum(weights) / total
        c.specific = max(weights, default=0.0)


def _weak_terms(terms: list[str], hits: dict[str, dict[str, TermHit]], best: float, these: str) -> str:
    found = [t for t in terms if hits.get(t)]
    missing = [t for t in terms if not hits.get(t)]
    if not found:
        return f"none of the question's terms ({', '.join(missing[:6]) or 'none'}) occur in {these}"
    return (
        f"the question's terms barely occur in {these} (best document holds {best:.0%} of their weight; "
        f"found: {', '.join(found[:6])}; not found: {', '.join(missing[:6])})"
    )


def _quarters(c: _Candidate) -> set[int]:
    """The quarters a quarterly document may be called: its calendar quarter, and the one its file name states."""
    held = {int(c.doc.profile.quarter.value)} if c.doc.profile.quarter.value else set()
    file_quarter = file_period(Path(c.doc.path).stem)[1]
    return held | ({file_quarter} if file_quarter else set())


def _period_class(c: _Candidate, target: int, quarters: list[int]) -> int | None:
    """0 the period asked, 1 part of it / the year of the quarter asked, 2 a later filing, 3 the year before;
    None when it contradicts the question (or cannot hold that period)."""
    if not c.years:
        return 1  # period unknown: it cannot contradict
    quarterly = c.doc.profile.period_type.value in ("quarter", "half")
    held = _quarters(c) if quarterly else set()
    other_quarter = bool(quarters and held and not held & set(quarters))
    if target in c.years:
        if not quarters or not quarterly:
            return 0 if quarterly == bool(quarters) else 1
        return None if other_quarter else 0
    latest = max(c.years)
    if quarterly and quarters and latest == target + 1 and not other_quarter:
        return 2  # the same quarter a year later: its prior-year column
    if target < latest <= target + 2 and not quarterly:
        return 2
    if latest == target - 1:
        return 3
    return None


def _by_period(
    live: list[_Candidate], entities: NamedEntities, decisions: dict[str, RouteDecision]
) -> tuple[list[_Candidate], dict[str, list[str]]]:
    """Keep, per issuer, the documents of the periods asked (or the latest when none is asked); notes per issuer.

    A bare year more than one past an issuer's latest document ("notes due 2031") is read as a date
    ahead, not as the period asked; a year written as a period ("FY2031", "fiscal 2031") always is one.
    """
    groups: dict[str, list[_Candidate]] = {}
    for c in live:
        groups.setdefault(c.group, []).append(c)
    kept: list[_Candidate] = []
    notes: dict[str, list[str]] = {}
    for key, group in groups.items():
        latest = max((max(c.years) for c in group if c.years), default=None)
        fiscal = set(entities.fiscal_years)
        asked = sorted({y for y in entities.years if y in fiscal or latest is None or y <= latest + 1}, reverse=True)
        group_notes = notes.setdefault(key, [])
        ahead = sorted(set(entities.years) - set(asked))
        if ahead and latest is not None:
            group_notes.append(
                f"{', '.join(map(str, ahead))} is after the documents of {_issuer(group[0])} (latest FY{latest}): "
                "read as a date ahead, not as the period asked"
            )
        if asked:
            kept += _named_period(group, asked, entities.quarters, decisions, group_notes)
        else:
            kept += _latest(group, decisions, group_notes)
    return kept, notes


def _holds(c: _Candidate) -> set[int]:
    """The years a document reports: its own, and the comparative years before it."""
    back = 1 if c.doc.profile.period_type.value in ("quarter", "half") else 2
    return {year - k for year in c.years for k in range(back + 1)}


def _named_period(
    group: list[_Candidate],
    asked: list[int],
    quarters: list[int],
    decisions: dict[str, RouteDecision],
    notes: list[str],
) -> list[_Candidate]:
    """The documents of one issuer for the years asked (latest first; an earlier year already held
    by a chosen document as a comparative needs no other document)."""
    chosen: list[_Candidate] = []
    held: set[int] = set()
    for year in asked:
        if year in held:
            continue
        classes = {c.doc.doc_id: _period_class(c, year, quarters) for c in group}
        fitting = [c for c in group if classes[c.doc.doc_id] is not None]
        if not fitting:
            have = ", ".join(sorted({_period_label(c.doc) or c.doc.doc_id for c in group}))
            notes.append(f"no document of {_issuer(group[0])} covers FY{year} (have: {have})")
            continue
        best = min(classes[c.doc.doc_id] or 0 for c in fitting)
        picked = [c for c in fitting if classes[c.doc.doc_id] == best]
        for c in picked:
            if c not in chosen:
                c.period_class = best
                chosen.append(c)
            held |= _holds(c)
        if best >= 2:
            notes.append(
                f"no document of {_issuer(picked[0])} is for FY{year}: using "
                f"{', '.join(c.doc.doc_id for c in picked)}, which {_PERIOD_CLASSES[best]}"
            )
    for c in group:
        if c in chosen:
            continue
        first = _period_class(c, asked[0], quarters)
        if first is None or not chosen:
            reason = f"its period ({_period_label(c.doc)}) cannot hold FY{asked[0]}, which the question asks about"
        else:
            reason = (
                f"{chosen[0].doc.doc_id} {_PERIOD_CLASSES[chosen[0].period_class or 0]} (FY{asked[0]}); "
                f"this one {_PERIOD_CLASSES[first]}"
            )
        decisions[c.doc.doc_id] = _out(c, "period", reason)
    return chosen


def _latest(group: list[_Candidate], decisions: dict[str, RouteDecision], notes: list[str]) -> list[_Candidate]:
    """With no period named: the latest documents of one issuer (older ones out, and a note says so)."""
    dated = [c for c in group if c.years]
    if len(group) < 2 or not dated:
        return group
    newest = max(max(c.years) for c in dated)
    older = [c for c in dated if max(c.years) < newest]
    if not older:
        return group
    for c in older:
        decisions[c.doc.doc_id] = _out(
            c,
            "period",
            f"an older period of the same issuer; the question names no period, so the latest (FY{newest}) is used",
        )
    kept = [c for c in group if c not in older]
    notes.append(
        f"the question names no period: used the latest documents of {_issuer(kept[0])} (FY{newest}: "
        f"{', '.join(c.doc.doc_id for c in kept)}); left out {', '.join(c.doc.doc_id for c in older)}"
    )
    return kept


def _rank(
    live: list[_Candidate],
    matched: dict[str, list[str]],
    entities: NamedEntities,
    settings: Settings,
    decisions: dict[str, RouteDecision],
    notes: list[str],
) -> Routing:
    live.sort(key=lambda c: (-c.score, c.doc.doc_id))
    best = live[0].score
    routed: list[str] = []
    # The companies named, at the periods asked, are what the question needs: all of them are searched.
    most = len(live) if matched else settings.route_max_documents
    for c in live:
        rank = len(routed) + 1
        if rank > most:
            reason = f"ranked below the best {most} documents"
            decisions[c.doc.doc_id] = _out(c, "rank", reason)
        elif not matched and c.score < settings.route_score_share * best:
            reason = f"scores {c.score:.2f}, under {settings.route_score_share:.0%} of the best document's {best:.2f}"
            decisions[c.doc.doc_id] = _out(c, "rank", reason)
        else:
            why = "its issuer is named in the question" if c.doc.doc_id in matched else "among the best-scoring"
            decisions[c.doc.doc_id] = _in(c, rank, why)
            routed.append(c.doc.doc_id)
    detail = f"{len(routed)} of {len(decisions)} documents searched"
    return Routing(status="ok", detail=detail, entities=entities, routed=routed, decisions=[], notes=notes)
