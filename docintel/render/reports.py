"""Human-readable rendering of results for the terminal (the CLI's only formatting code)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from ..labels import FLAG_MEANINGS, status_headline, unit_words
from .checks import holds as _holds
from .checks import item_lines as _item_lines
from .ocr import citation_ocr, ocr_note, ocr_summary
from .text import print_text as print_text  # kept here too; the CLI imports it from render.text (light)

if TYPE_CHECKING:  # only for annotations: rendering traces must not import pandas or pypdf
    from ..context.pack import Context
    from ..ingest.documents import Document, IngestFailure


MARKS = {
    "verified": "✓",
    "wrong_lines": "✗",
    "not_in_context": "✗",
    "quote_not_found": "✗",
    "out_of_range": "✗",
    "unknown_document": "✗",
}


def _tables_note(document: Document) -> str:
    tables = document.table_data
    resolved = sum(t.get("problem") is None for t in tables)
    return f"{len(tables)} table{'s' * (len(tables) != 1)} ({resolved} with resolved columns)"


def ingest_report(documents: list[Document], failures: list[IngestFailure]) -> str:
    """One line per document: pages, lines, warnings, cache hit; then the failures."""
    out = []
    for d in documents:
        m = d.meta
        labels = " (printed page labels)" if m.page_labels else ""
        warnings = [w for w in m.warnings if w.kind != "ocr"]  # pages read by OCR: one line below says which
        out.append(
            f"{m.doc_id}: {m.n_pages} pages{labels}, {m.n_lines} lines, "
            f"{len(warnings)} warning{'' if len(warnings) == 1 else 's'}, {_tables_note(d)}, "
            f"cache {'hit' if d.cache_hit else 'miss'} — {m.title}"
        )
        if m.ocr is not None:
            out.append(f"  {ocr_note(d)}")
        for w in warnings[:10]:
            out.append(f"  warning: {f'page {w.page}' if w.page else 'document'}: {w.message}")
        if len(warnings) > 10:
            out.append(f"  ... {len(warnings) - 10} more warnings (see --json)")
    if failures:
        out.append(f"{len(failures)} file(s) failed:")
        out.extend(f"  {f.message}" for f in failures)
    return "\n".join(out)


ROUTE_CAUSES = {  # docintel.retrieval.route.Cause, in words
    "scope": "not named by --doc",
    "duplicate": "identical copy",
    "issuer": "other issuer",
    "absent": "not about the company named",
    "relevance": "question barely matches",
    "no_terms": "no question term",
    "period": "period",
    "rank": "lower score",
}


def routing_summary(routing: dict[str, Any] | None) -> str | None:
    """One line: the documents searched, out of how many, and why the others were left out."""
    if not routing:
        return None
    decisions = routing.get("decisions") or []
    routed = routing.get("routed") or []
    if len(decisions) <= 1 and routing.get("status") == "ok":
        return None
    out = [d for d in decisions if not d["routed"]]
    kinds: dict[str, int] = {}
    for d in out:
        label = ROUTE_CAUSES.get(d.get("cause") or "", "other")
        kinds[label] = kinds.get(label, 0) + 1
    why = "; ".join(f"{n} {k}" for k, n in sorted(kinds.items(), key=lambda kv: -kv[1]))
    searched = ", ".join(routed) if routed else "none"
    return f"documents: searched {searched} ({len(routed)} of {len(decisions)})" + (f"; left out: {why}" if why else "")


def routing_lines(routing: dict[str, Any] | None, limit: int = 40) -> list[str]:
    """The routing audit: one line per document (routed in first)."""
    if not routing:
        return []
    decisions = sorted(routing.get("decisions") or [], key=lambda d: (not d["routed"], d.get("rank") or 0))
    lines = [f"routing: {routing['status']} ({routing['detail']})"]
    for d in decisions[:limit]:
        mark = f"in #{d['rank']}" if d["routed"] else "out"
        score = f" score {d['score']:.2f}" if d.get("score") is not None else ""
        lines.append(f"  {mark:<6} {d['doc']}{score}: {d['reason']}")
    if len(decisions) > limit:
        lines.append(f"  ... {len(decisions) - limit} more (see --json)")
    return lines


def context_report(question: str, context: Context, routing: dict[str, Any] | None = None) -> str:
    """The rendered context followed by the routing and packing audits."""
    b = context.budget
    status = (
        context.status
        if context.status_detail in ("", context.status)
        else f"{context.status} ({context.status_detail})"
    )
    head = [
        f"question: {question}",
        f"status: {status}",
        f"budget: {b.used_chars}/{b.budget_chars} chars used (~{b.estimated_tokens} tokens)",
    ]
    head.extend(f"note: {n}" for n in context.notes)
    kept = [d for d in context.decisions if d.action in ("kept", "whole_document")]
    skipped = [d for d in context.decisions if d.action == "skipped"]
    escalated = [d for d in context.decisions if d.action == "escalated"]
    audit = [f"decisions: {len(kept)} kept, {len(skipped)} skipped, {len(escalated)} escalated"]
    for d in context.decisions[:40]:
        rank = f"#{d.rank}" if d.rank else "--"
        audit.append(
            f"  {rank:>4} {d.action:<14} {d.doc} lines {d.line_start}-{d.line_end} "
            f"p.{','.join(map(str, d.pages))} ({d.chars} chars): {d.reason}"
        )
    if len(context.decisions) > 40:
        audit.append(f"  ... {len(context.decisions) - 40} more (see --json)")
    audit += routing_lines(routing)
    return "\n".join(head) + "\n\n" + context.rendered + "\n" + "\n".join(audit)


def _value(item: dict[str, Any]) -> str:
    if "amount" in item:
        a = item["amount"]
        places = 2 if a.get("unit") == "percent" else 4  # '-54.10 percent', not '-54.0985': the JSON keeps all
        if a.get("value") is None:  # an evidence line offline: no figure claimed
            return f"{item.get('label', '')} (no value read)".strip()
        value = f"{a['value']:,.{places}f}".rstrip("0").rstrip(".")
        extra = unit_words(a.get("currency"), a.get("unit"))
        period = f" [{item['period']}]" if item.get("period") else ""
        return f"{item.get('label', '')}: {value} {extra}".strip() + period
    if "date" in item:
        d = item["date"]
        if not d.get("iso"):  # no date read: the line is evidence, what it says is shown as printed
            return f"{item.get('label', '')} ({d.get('original_text') or 'no date read'})"
        return f"{item.get('label', '')}: {d['iso']} ({d.get('original_text')})"
    if "explanation" in item:
        value = {True: "yes", False: "no", None: "undecided"}[item.get("value")]
        return f"{value} — {item['explanation']}"
    if "table" in item:
        rows = [" | ".join(item["table"]["headers"])] + [" | ".join(r["cells"]) for r in item["table"]["rows"]]
        return str(item.get("title", "table")) + "\n" + "\n".join("     " + r for r in rows)
    if "text" in item:
        return str(item["text"])
    return ", ".join(f"{k}={v.get('value')!r}" for k, v in item.items() if isinstance(v, dict))


def answer_flags(result: dict[str, Any]) -> list[str]:
    """The flags a model set on its answer (the extractive backend sets none: it makes no such judgement)."""
    answer = result["answer"]
    if result.get("backend") == "extractive":
        return []
    flags = [f for f in ("conflicting_evidence",) if answer.get(f)]
    if answer.get("answer_found") and not answer.get("complete_answer_found"):
        flags.append("incomplete")
    if not answer.get("context_structured", True):
        flags.append("malformed_context")
    return flags


def answer_report(result: dict[str, Any], trace_id: str | None = None) -> str:
    """The answer, each item with its checks (quote, value, period, calculation) and its citations."""
    answer, verification = result["answer"], result["verification"]
    spans = verification["spans"]
    checks = verification.get("items") or []
    ok = sum(s["verdict"] == "verified" for s in spans)
    overall = verification.get("overall") or verification["status"]
    valued = [c for c in checks if c["value_check"] != "not_applicable" or c["calculation_check"] != "not_applicable"]
    claimed = valued and overall != "not_found"
    values = f" · values {sum(_holds(c) for c in valued)}/{len(valued)} supported" if claimed else ""
    unknown = sum("unknown" in (c["period_check"], c.get("concept_check")) for c in checks)
    periods = f" · {unknown} item{'s' * (unknown != 1)} not checked" if unknown and overall == "unchecked" else ""
    headline = status_headline(overall, evidence=bool(answer["items"]))
    lines = [f"Answer ({answer['answer_type']}) — {headline} (quotes {ok}/{len(spans)} verified{values}{periods})"]
    if not answer["items"]:
        lines.append("  No answer found in the documents.")
    for index, item in enumerate(answer["items"], start=1):
        lines.append(
            f"{index}. " + textwrap.shorten(_value(item), 400) if "table" not in item else f"{index}. {_value(item)}"
        )
        item_spans = [s for s in spans if s["item"] == index - 1]
        for check in (c for c in checks if c["item"] == index - 1):
            lines += _item_lines(check, [s for s in item_spans if s.get("field") in (None, check.get("field"))])
        for s in item_spans:
            printed = s.get("printed_pages") or []
            label = f" (printed {','.join(printed)})" if printed and printed != [str(p) for p in s["pages"]] else ""
            where = (
                f"{s['doc']} p.{','.join(map(str, s['pages'])) or '?'}{label} lines {s['line_start']}-{s['line_end']}"
            )
            field = f"[{s['field']}] " if s.get("field") else ""
            lines.append(f'   quote {MARKS[s["verdict"]]} {field}{where}: "{textwrap.shorten(s["quote"], 160)}"')
            lines += citation_ocr(s, result)
            if s["verdict"] != "verified":
                lines.append(f"     {s['verdict']}: {s['detail']}")
    lines += ocr_summary(result)
    for caveat in answer.get("caveats") or []:
        lines.append(f"caveat: {caveat}")
    lines += [f"flag: {flag} ({FLAG_MEANINGS[flag]})" for flag in answer_flags(result)]
    for note in result.get("notes") or []:
        if note not in (answer.get("caveats") or []):
            lines.append(f"note: {note}")
    if summary := routing_summary(result.get("routing")):
        lines.append(summary)
    if line := calls_summary(result.get("calls")):
        lines.append(line)
    usage = result.get("usage") or {}
    model = result.get("model") or "no model"
    trace = trace_id or (result.get("trace_id") if result.get("trace_path", "") is not None else None)
    lines.append(
        f"backend: {result['backend']} ({model}); "
        f"tokens in/out: {usage.get('input_tokens', 0)}/{usage.get('output_tokens', 0)}; "
        f"trace: {trace or 'not written'}"
    )
    return "\n".join(lines)


def calls_summary(calls: list[dict[str, Any]] | None) -> str | None:
    """One line on a sequential answer: how many calls, which one settled, what was sent."""
    if not calls:
        return None
    stopped = next((c["call"] for c in calls if c["stopped"]), None)
    kept = next((c["call"] for c in calls if c.get("kept")), None)
    if stopped:
        ending = f"stopped at call {stopped}"
    elif any(c["answer_found"] for c in calls):
        ending = f"no call settled; the answer of call {kept} is kept"
    else:
        ending = "no call found the answer"
    sent = sum(c["prompt_chars"] for c in calls)
    return f"strategy: sequential, {len(calls)} call(s), {ending}; {sent:,} chars sent in all"


def trace_report(trace: dict[str, Any]) -> str:
    """A readable trace: question, parsed question, sources with the audit, fragments, answer, usage."""
    out = _trace_head(trace)
    if summary := routing_summary(trace.get("routing")):
        out.append(summary)
    out += [f"note: {n}" for n in (trace.get("routing") or {}).get("notes") or []]
    out += _trace_context(trace.get("context"))
    out += _trace_session(trace.get("session"))
    out += _trace_calls(trace.get("calls"))
    for section in (trace.get("budget_audit") or {}).get("sections", []):
        limit = f" / {section['budget_chars']}" if section.get("budget_chars") else ""
        out.append(
            f"  prompt section {section['name']}: {section['chars']}{limit} chars "
            f"(~{section['estimated_tokens']} tokens)"
        )
    if trace.get("prompt"):
        out.append("fragments: " + ", ".join(trace["prompt"]["fragments"]))
    if trace.get("error"):
        err = trace["error"]
        out.append(f"error: {err['what']} — {err['fix']}")
    if trace.get("answer") is not None:
        out.append(_trace_answer(trace))
    out += _trace_usage(trace)
    return "\n".join(out)


def _trace_head(trace: dict[str, Any]) -> list[str]:
    """The trace's identity, its question, the parsed question and the documents given."""
    parsed = trace.get("parsed") or {}
    out = [
        f"trace {trace['trace_id']} ({trace.get('kind')}"
        f"{', replay of ' + trace['replay_of'] if trace.get('replay_of') else ''})",
        f"created: {trace.get('created_at')}   program: docintel {trace.get('program', {}).get('version')}   "
        f"settings hash: {trace.get('settings_hash')}",
        f"question: {trace.get('question')}",
    ]
    if parsed:
        out.append(
            f"parsed: shape={parsed.get('expected_answer_shape')} pages={parsed.get('pages_hint')} "
            f"sections={parsed.get('section_hints')} keywords="
            + ", ".join(k["text"] for k in parsed.get("keywords", [])[:12])
        )
    for doc in trace.get("documents") or []:
        out.append(
            f"document: {doc['doc_id']} ({doc['n_pages']} pages, sha256 {doc['content_hash'][:12]}…) {doc['path']}"
        )
    return out


def _trace_context(context: dict[str, Any] | None) -> list[str]:
    """The context sent: its budget, each source and the packing decisions counted."""
    if not context:
        return []
    b = context["budget"]
    out = [
        f"context: {context['status']} — {b['used_chars']}/{b['budget_chars']} chars (~{b['estimated_tokens']} tokens)"
    ]
    for source in context["sources"]:
        numbers = [line["global_line"] for line in source["lines"]]
        out.append(
            f"  sent {source['doc']}: pages {source['pages']}, {len(numbers)} lines"
            f"{' (whole document)' if source.get('whole_document') else ''}"
        )
    actions = [d["action"] for d in context["decisions"]]
    out.append("  decisions: " + ", ".join(f"{actions.count(a)} {a}" for a in sorted(set(actions))))
    return out


def _trace_session(session: dict[str, Any] | None) -> list[str]:
    """A chat turn's session and the size of each context tier against its share."""
    if not session:
        return []
    out = [f"chat: session {session['session_id']}, turn {session['turn']}; asked: {session['asked']}"]
    for tier in session.get("tiers", []):
        share = f" / {tier['budget_chars']:,}" if tier.get("budget_chars") else ""
        out.append(
            f"  tier {tier['name']}: {tier['chars']:,}{share} chars"
            + ("  ! over its share" if tier.get("over") else "")
        )
    return out


def _trace_calls(calls: list[dict[str, Any]] | None) -> list[str]:
    """Sequential calls: one line in all, then one per call."""
    line = calls_summary(calls)
    if not line or not calls:
        return []
    return [line] + [
        f"  call {c['call']}: pages {sorted({p for ps in c['pages'].values() for p in ps})}, "
        f"{c['prompt_chars']:,} chars sent, tokens in {c['usage']['input_tokens']}; "
        f"{'found' if c['answer_found'] else 'not found'}, {c['verification']}" + ("  <- kept" if c.get("kept") else "")
        for c in calls
    ]


def _trace_answer(trace: dict[str, Any]) -> str:
    """The stored answer, rendered as `ask` shows it."""
    result = {
        "answer": trace["answer"],
        "verification": trace["verification"],
        "backend": trace["request"].get("backend"),
        "model": trace["request"].get("model"),
        "usage": trace.get("usage"),
        "trace_id": trace["trace_id"],
        "notes": (trace.get("response") or {}).get("notes"),
        "ocr": trace.get("ocr"),
    }
    return answer_report(result)


def _trace_usage(trace: dict[str, Any]) -> list[str]:
    """Tokens, cost, latency and the time of each stage."""
    usage = trace.get("usage") or {}
    cost = trace.get("cost_usd")
    out = [
        f"usage: {usage.get('input_tokens', 0)} in / {usage.get('output_tokens', 0)} out tokens; "
        f"cost {'unknown' if cost is None else f'${cost:.5f}'}; latency {trace.get('latency_s')} s"
    ]
    if timings := trace.get("timings") or {}:
        out.append(
            "timings: " + ", ".join(f"{name.removesuffix('_s')} {seconds:.3f} s" for name, seconds in timings.items())
        )
    return out


# ---------------------------------------------------------------------------- batch, traces, eval, settings


def batch_summary(summary: Any, out: Any) -> str:
    """The closing summary of ``batch``."""
    cost = "unknown (model price not known)" if summary.cost_usd is None else f"${summary.cost_usd:.4f}"
    dropped = f", {summary.dropped_lines} damaged lines dropped" if summary.dropped_lines else ""
    whole = summary.whole
    overall = (
        f"whole output ({whole.total} questions): answered: {whole.answered}   not found: {whole.not_found}   "
        f"errors: {whole.errors}   not yet answered: {whole.missing}   supported: {whole.supported}   "
        f"quotes failed: {whole.citations_failed}   values unsupported: {whole.values_unsupported}\n"
        if whole is not None and summary.skipped
        else ""
    )
    return (
        f"questions: {summary.total} ({summary.skipped} already answered in {out}{dropped})\n"
        f"{overall}{'this run: ' if overall else ''}"
        f"answered: {summary.answered}   not found: {summary.not_found}   errors: {summary.errors}\n"
        f"quotes verified: {summary.citations_verified}   failed: {summary.citations_failed}\n"
        f"values supported: {summary.values_supported}   unsupported: {summary.values_unsupported}   "
        f"answers supported: {summary.supported} of {summary.answered} answered (unchecked: {summary.unchecked})\n"
        f"tokens in/out: {summary.input_tokens}/{summary.output_tokens}   estimated cost: {cost}\n"
        f"wall time: {summary.wall_s:.1f} s   output: {out}"
    )


def trace_row(row: dict[str, Any]) -> str:
    """One line of ``traces list``."""
    model = f"{row.get('backend')}/{row.get('model') or '-'}"
    return (
        f"{row['id']}  {(row.get('created_at') or '')[:19]}  {model:<24} "
        f"{row.get('answer_status') or '-':<9} {row.get('support') or row.get('verification_status') or '-':<15} "
        f"{row.get('tokens', 0):>6} tok  {textwrap.shorten(row.get('question') or '', 60)}"
    )


def reverify_report(report: dict[str, Any]) -> str:
    """What ``traces verify`` found."""
    changed = ", ".join(report["changed_documents"]) or "none"
    lines = [
        f"trace {report['trace_id']}: documents changed since: {changed}",
        f"quotes: {report['status_before']} -> {report['status_after']}; "
        f"answer: {report.get('support_before') or '-'} -> {report.get('support_after') or '-'}",
    ]
    lines += [
        f"  item {d['item']} span {d['span']}: {d['before']} -> {d['after']} ({d['detail']})" for d in report["changes"]
    ]
    if not report["changes"]:
        lines.append("  every verdict is unchanged")
    return "\n".join(lines)


def replay_report(original_id: str, new_id: str, changes: dict[str, Any], new: dict[str, Any]) -> str:
    """What ``traces replay`` changed, then the new answer."""
    before, after = changes["usage_before"] or {}, changes["usage_after"]
    return "\n".join(
        [
            f"replayed {original_id} as {new_id}",
            f"answer: {'changed' if changes['answer_changed'] else 'unchanged'}; verification: "
            f"{changes['verification'][0]} -> {changes['verification'][1]}",
            f"verdicts: {changes['verdicts_before']} -> {changes['verdicts_after']}",
            f"tokens in/out: {before.get('input_tokens', 0)}/{before.get('output_tokens', 0)} -> "
            f"{after['input_tokens']}/{after['output_tokens']}",
            answer_report(new),
        ]
    )


def stats_report(stats: dict[str, Any]) -> str:
    """``traces stats`` for people."""
    cost = "unknown" if stats["cost_usd"] is None else f"${stats['cost_usd']:.4f}"
    lat, util = stats["latency_s"], stats["context_utilisation"]
    lines = [
        f"traces: {stats['traces']}   answer found: {stats['answer_found']:.0%}   not found: "
        f"{stats['not_found']:.0%}   errors: {stats['errors']:.0%}",
        f"quotes: all verified in {stats['verified']:.0%} of answers, failed in {stats['citation_failed']:.0%}",
        f"values: supported answers {stats['supported']:.0%}, unchecked {stats.get('unchecked', 0):.0%}, "
        f"unsupported in {stats['unsupported']:.0%} "
        f"({stats['values_supported']} values supported, {stats['values_unsupported']} not)",
        f"tokens in/out: {stats['input_tokens']}/{stats['output_tokens']}   cost: {cost}",
        f"latency: p50 {lat['p50']:.2f} s   p90 {lat['p90']:.2f} s   p99 {lat['p99']:.2f} s",
        "context utilisation: "
        + (
            "n/a (no model with a known input limit)"
            if util["mean"] is None
            else f"mean {util['mean']:.1%} of the model's input limit, {util['over_75pct']} calls over 75%"
        ),
    ]
    if stats["warning"]:
        lines.append("warning: calls regularly use over 75% of the model's input limit; lower --budget-chars")
    return "\n".join(lines)


def settings_report(fields: list[tuple[str, str, Any, str]]) -> str:
    """``docintel settings``: name = value, then the variable and the meaning, for each setting."""
    return "\n".join(f"{name} = {value}\n    {env}: {meaning}" for name, env, value, meaning in fields)


def _size(n_bytes: int) -> str:
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n_bytes >= scale:
            return f"{n_bytes / scale:.1f} {unit}"
    return f"{n_bytes} bytes"


def cache_report(summary: dict[str, Any]) -> str:
    """``docintel cache info`` for people."""
    return (
        f"cache: {summary['cache_dir']}\n"
        f"parsed documents: {summary['lines']['files']} ({_size(summary['lines']['bytes'])})\n"
        f"facts: {summary['facts']['files']} ({_size(summary['facts']['bytes'])})\n"
        f"search indexes: {summary['index']['files']} ({_size(summary['index']['bytes'])})\n"
        f"passage indexes on disk: {summary['passages']['files']} files ({_size(summary['passages']['bytes'])})\n"
        f"corpus indexes: {summary['corpora']['files']} ({_size(summary['corpora']['bytes'])})"
        + "".join(
            f"\n  {', '.join(c['paths']) or '(paths not recorded: an older index)'} ({_size(c['bytes'])})"
            for c in summary["corpora"].get("indexes", [])
        )
    )
