"""Route a question to the documents of a folder that can answer it, and record why for every document.

Between question parsing and passage retrieval. In order:

1. ``--doc`` scope; then duplicates (a file with the content of one listed earlier counts once).
2. Issuers: the question's subject, or several companies it names, keep their documents only
   (one issuer's documents go together); a subject no document is about gives ``no_match`` with
   "no document about X in these N" (``docintel.retrieval.issuers``).
3. Absolute relevance: the question's words must carry ``min_term_coverage`` of their weight in
   some document (or one rare word, or an implied domain phrase); otherwise ``no_match``.
4. Periods, per issuer: each year named is covered (exact, a later filing's comparatives, the
   year before as outlook), quarters checked; with no period named the latest is kept; notes say so
   (``docintel.retrieval.route_periods``).
5. Ranking by a document-level BM25 score (text, headings and first pages); the best
   ``route_max_documents`` are searched, or every document the named companies need.

Each step is a function (``_by_issuer``, ``_by_subject``, ``_by_relevance``, ``_by_period_and_rank``)
that keeps some documents and records a decision for every one it drops
(``docintel.retrieval.decisions``).
"""

from __future__ import annotations

import fnmatch
import math
from pathlib import Path

from ..errors import UsageError
from ..question.entities import NamedEntities
from ..question.parse import ParsedQuestion
from ..settings import Settings
from ..textnorm import tokenize
from .corpus import Corpus, CorpusDocument, TermHit
from .decisions import Candidate, Cause, RouteDecision, Routing, issuer_label, routed_in, routed_out
from .issuers import issuer_matches, mentions, names_part
from .route_periods import by_period

__all__ = ["COVERAGE_IDF_FLOOR", "RouteDecision", "Routing", "check_scope", "route"]

COVERAGE_IDF_FLOOR = 1.0
SPECIFIC_IDF = 2.5  # a term in under ~8% of the passages: matching it alone makes a document relevant
HEAD_BONUS = 0.5
ISSUER_BOOST = 2.0  # a company the question names beside its subject
_K1, _B = 1.2, 0.75


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
    live: list[Candidate] = []
    first_of: dict[str, str] = {}  # content hash -> the first document in scope with it
    for doc in corpus.documents:
        if in_scope is not None and doc.doc_id not in in_scope:
            decisions[doc.doc_id] = routed_out(doc, "scope", "not named by --doc")
        elif doc.content_hash in first_of:
            same = first_of[doc.content_hash]
            decisions[doc.doc_id] = routed_out(doc, "duplicate", f"identical to {same} (same content): counted once")
        else:
            first_of[doc.content_hash] = doc.doc_id
            live.append(Candidate(doc))
    routing = _route_live(parsed, corpus, settings, live, decisions, scoped=in_scope is not None)
    routing.decisions = [decisions[d.doc_id] for d in corpus.documents]
    return routing


class _Query:
    """What every routing step reads: the question's terms and names, their hits in the index, the decisions so far."""

    def __init__(
        self,
        parsed: ParsedQuestion,
        corpus: Corpus,
        settings: Settings,
        decisions: dict[str, RouteDecision],
        these: str,
        count: int,
    ) -> None:
        self.entities = parsed.entities
        self.corpus = corpus
        self.settings = settings
        self.decisions = decisions
        self.these = these  # 'these 4 documents', 'this document', 'the 2 documents --doc names'
        self.count = count
        self.terms = parsed.search_terms()
        self.direct = _direct_terms(parsed)
        self.name_tokens = {name: tokenize(name) for name in self.entities.names}
        searched = [t for t, _ in self.terms] + [t for toks in self.name_tokens.values() for t in toks]
        self.hits = corpus.index.term_hits(searched)
        self.synonyms = [tokenize(k.text) for k in parsed.keywords if k.source == "domain"]
        self.notes: list[str] = []

    def no_match(self, live: list[Candidate], cause: Cause, detail: str) -> Routing:
        """Every live document out for the same reason; nothing is searched."""
        return _no_match(live, self.decisions, cause, detail, self.entities)


def _route_live(
    parsed: ParsedQuestion,
    corpus: Corpus,
    settings: Settings,
    live: list[Candidate],
    decisions: dict[str, RouteDecision],
    scoped: bool = False,
) -> Routing:
    """Route the documents left after scope and duplicates: issuers, subjects, relevance, periods, ranking."""
    if not settings.use_routing:
        for c in live:
            decisions[c.doc.doc_id] = routed_in(
                c, None, "routing is off (use_routing=false): every document is searched"
            )
        routed = [c.doc.doc_id for c in live]
        return Routing(status="ok", detail="routing off", entities=parsed.entities, routed=routed, decisions=[])
    q = _Query(parsed, corpus, settings, decisions, _these(len(live), scoped), len(live))
    _score(live, q.terms, q.direct, q.hits)
    live, matched, named_any = _by_issuer(q, live)
    subjects = _by_subject(q, live, matched, named_any)
    # a question that names pages is scoped to them: it is never refused for lack of terms
    relevant = subjects if parsed.pages_hint else _by_relevance(q, subjects, matched)
    named = scoped or len(live) == 1  # the file the user named (a path, --doc, a batch line's doc)
    if isinstance(relevant, Routing):
        if not named:
            return relevant
        q.notes.append(f"{relevant.detail}: searched all the same, as the document was named")
        for c in subjects:  # undo the decisions the refusal recorded
            q.decisions.pop(c.doc.doc_id, None)
        relevant = subjects
    return _by_period_and_rank(q, relevant, matched, named_any, named)


def _these(count: int, scoped: bool) -> str:
    """How the documents routed are called in reasons and notes."""
    if scoped:
        return f"the {count} documents --doc names" if count != 1 else "the document --doc names"
    return f"these {count} documents" if count != 1 else "this document"


def _by_issuer(q: _Query, live: list[Candidate]) -> tuple[list[Candidate], dict[str, list[str]], bool]:
    """Keep the documents of the issuers the question names: (live, doc id -> the names, whether any name matched).

    One company named beside no subject ('the agreement with Globex') ranks its documents up instead.
    """
    matched = issuer_matches(q.entities.names, [c.doc for c in live])
    by_group = {c.group: matched[c.doc.doc_id] for c in live if c.doc.doc_id in matched}
    for c in live:  # one issuer's documents go together, however each was named (ticker, name, file)
        if c.group in by_group:
            matched.setdefault(c.doc.doc_id, by_group[c.group])
    named_any = bool(matched)  # some name of the question is some document's issuer
    groups_named = {c.group for c in live if c.doc.doc_id in matched}
    if matched and not q.entities.issuer_position and len(groups_named) == 1:
        for c in live:  # the one company named, not as the subject ('the agreement with Globex'): ranked up
            c.score *= ISSUER_BOOST if c.doc.doc_id in matched else 1.0
        return live, {}, named_any
    if matched:
        named = ", ".join(sorted({n for names in matched.values() for n in names}))
        for c in live:
            if c.doc.doc_id not in matched:
                q.decisions[c.doc.doc_id] = routed_out(
                    c, "issuer", f"its issuer ({issuer_label(c)}) is not {named}, whom the question names"
                )
        live = [c for c in live if c.doc.doc_id in matched]
    return live, matched, named_any


def _by_subject(q: _Query, live: list[Candidate], matched: dict[str, list[str]], named_any: bool) -> list[Candidate]:
    """The question's subjects no issuer matched: absent (a note; every document is searched), written as a
    word (a note), or written often by some documents (only those are searched)."""
    unmatched = [n for n in q.entities.issuer_position if not names_part(n, matched)]
    docs = [c.doc for c in live]
    owners = set(q.entities.owners)
    found = {n: mentions(n, q.name_tokens[n], q.hits, q.corpus, docs, n not in owners) for n in unmatched}
    written = {n: w for n, w in found.items() if w is not None}  # None: written in lower case, a term
    for n in (n for n in unmatched if n not in written and not named_any and " " not in n):  # 'Block', not 'Net Sales'
        q.notes.append(
            f"no document's issuer is {n}; the documents write '{n.lower()}' as a word, so it was read as one"
        )
    unmatched = [n for n in unmatched if n in written]
    absent = [n for n in unmatched if not written[n]]
    if absent:
        about = " or ".join(absent[:3])
        if named_any:  # another name of the question is a document's issuer ('Block, formerly Square')
            # a name written, if rarely (a person's: 'James Taiclet' as 'James D. Taiclet'), is not said absent
            hashes = {c.doc.content_hash for c in live}
            if unwritten := [n for n in absent if not _written_anywhere(q, n, hashes)]:
                q.notes.append(f"no document about {' or '.join(unwritten[:3])} in {q.these}")
        else:  # a short form the filing does not use ('JnJ'), or a product line read as a company ('Skincare')
            q.notes.append(_unknown_name(about, live, q.these))
    elif unmatched and not matched:  # named by no profile, but some documents are about it: only those
        name = unmatched[0]
        writing = written[name]
        for c in live:
            if c.doc.doc_id not in writing:
                q.decisions[c.doc.doc_id] = routed_out(
                    c, "absent", f"no profile names {name}, and it does not write {name} often"
                )
        live = [c for c in live if c.doc.doc_id in writing]
        listed = ", ".join(f"{d} ({n} lines)" for d, n in sorted(writing.items(), key=lambda kv: -kv[1])[:3])
        if q.count == 1:
            q.notes.append(
                f"{name} is not this document's issuer; it writes {name} on {sum(writing.values())} lines (a part of "
                "the company, a product or a party it names): the document was searched for it"
            )
        else:
            q.notes.append(f"no document of {q.these} is by {name}; searched those that write it most: {listed}")
    return live


def _written_anywhere(q: _Query, name: str, hashes: set[str]) -> bool:
    """Whether one of the documents (by content hash) holds every word of *name*."""
    tokens = q.name_tokens.get(name) or []
    return bool(tokens) and any(all(h in q.hits.get(t, {}) for t in tokens) for h in hashes)


def _unknown_name(about: str, live: list[Candidate], these: str) -> str:
    """The note for a name no document's issuer has and none writes often: every document is searched."""
    if len(live) == 1 and not live[0].doc.profile.issuer.value:
        return f"the document states no issuer to match {about} against: searched it as given"
    if len(live) == 1:
        return (
            f"{about} is not the issuer of the document ({issuer_label(live[0])}) by its profile: searched it as "
            f"given; check the answer is about the company you mean"
        )
    return f"no document's issuer is {about} and none writes it often: searched all of {these}"


def _by_relevance(q: _Query, live: list[Candidate], matched: dict[str, list[str]]) -> list[Candidate] | Routing:
    """Absolute relevance: enough of the question's weight, or one term that few passages hold; documents
    that hold none of the question's words (nor their synonyms) go."""
    best = max((c.coverage for c in live), default=0.0)
    # A document by the company the question names is relevant when it holds any other term of the question.
    named_tokens = {t for n in {n for names in matched.values() for n in names} for t in q.name_tokens[n]}
    other = [t for t in q.direct if t not in named_tokens]
    if matched and not any(q.hits.get(t, {}).keys() & {c.doc.content_hash for c in live} for t in other):
        return q.no_match(live, "no_terms", _weak_terms(other, q.hits, 0.0, q.these))
    relevant = any(c.specific >= SPECIFIC_IDF or _holds_phrase(c, q.synonyms, q.hits) for c in live)
    if not matched and best < q.settings.min_term_coverage and not relevant:
        cause: Cause = "no_terms" if best == 0.0 else "relevance"
        return q.no_match(live, cause, _weak_terms(q.direct, q.hits, best, q.these))
    for c in list(live):
        if c.coverage == 0.0 and not _holds_phrase(c, q.synonyms, q.hits):
            q.decisions[c.doc.doc_id] = routed_out(
                c, "no_terms", "none of the question's words (nor their synonyms) occur in it"
            )
    return [c for c in live if c.doc.doc_id not in q.decisions]


def _by_period_and_rank(
    q: _Query, live: list[Candidate], matched: dict[str, list[str]], named_any: bool, named: bool = False
) -> Routing:
    """Keep the periods asked per issuer, rank what is left, and add the notes of the issuers searched
    (a document the user named is searched whatever its period: the notes say it does not cover it)."""
    groups = {c.doc.doc_id: c.group for c in live}
    given = list(live)
    live, period_notes = by_period(live, q.entities, q.decisions)
    if not live and named:
        for c in given:
            q.decisions.pop(c.doc.doc_id, None)
        live = given
    if not live:
        every = [n for group_notes in period_notes.values() for n in group_notes]
        return _no_match(
            [], q.decisions, "period", every[-1] if every else "no document covers the period asked", q.entities
        )
    routing = _rank(live, matched, q.entities, q.settings, q.decisions, q.notes)
    searched = {groups[d] for d in routing.routed}
    routing.notes += [n for group in period_notes if group in searched for n in period_notes[group]]
    if not named_any and not q.entities.issuer_position and len(searched) > 1:
        issuers = sorted({issuer_label(c) for c in live if c.doc.doc_id in routing.routed})
        routing.notes.append(f"the question names no company: searched documents of {', '.join(issuers)}")
    return routing


def _no_match(
    live: list[Candidate], decisions: dict[str, RouteDecision], cause: Cause, detail: str, entities: NamedEntities
) -> Routing:
    for c in live:
        decisions.setdefault(c.doc.doc_id, routed_out(c, cause, detail))
    return Routing(status="no_match", detail=detail, entities=entities, routed=[], decisions=[], notes=[detail])


def _holds_phrase(c: Candidate, phrases: list[list[str]], hits: dict[str, dict[str, TermHit]]) -> bool:
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
    live: list[Candidate], terms: list[tuple[str, float]], direct: list[str], hits: dict[str, dict[str, TermHit]]
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


def _rank(
    live: list[Candidate],
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
            decisions[c.doc.doc_id] = routed_out(c, "rank", reason)
        elif not matched and c.score < settings.route_score_share * best:
            reason = f"scores {c.score:.2f}, under {settings.route_score_share:.0%} of the best document's {best:.2f}"
            decisions[c.doc.doc_id] = routed_out(c, "rank", reason)
        else:
            why = "its issuer is named in the question" if c.doc.doc_id in matched else "among the best-scoring"
            decisions[c.doc.doc_id] = routed_in(c, rank, why)
            routed.append(c.doc.doc_id)
    detail = f"{len(routed)} of {len(decisions)} documents searched"
    return Routing(status="ok", detail=detail, entities=entities, routed=routed, decisions=[], notes=notes)
