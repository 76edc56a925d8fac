"""Human-readable rendering of results for the terminal (the CLI's only formatting code)."""

from __future__ import annotations

import sys
import textwrap
from typing import TYPE_CHECKING, Any, TextIO

from .textnorm import strip_controls

if TYPE_CHECKING:  # only for annotations: rendering traces must not import pandas or pypdf
    from .context import Context
    from .ingest import Document, IngestFailure

def print_text(text: str, file: TextIO | None = None) -> None:
    """Print human-readable text with control characters (NUL, escapes) removed: safe on a terminal."""
    print(strip_controls(text), file=file or sys.stdout)


MARKS = {"verified": "✓", "wrong_lines": "✗", "not_in_context": "✗", "quote_not_found": "✗",
         "out_of_range": "✗", "unknown_document": "✗"}


def ingest_report(documents: list[Document], failures: list[IngestFailure]) -> str:
    """One line per document: pages, lines, warnings, cache hit; then the failures."""
    out = []
    for d in documents:
        m = d.meta
        labels = " (printed page labels)" if m.page_labels else ""
        out.append(f"{m.doc_id}: {m.n_pages} pages{labels}, {m.n_lines} lines, "
                   f"{len(m.warnings)} warning{'' if len(m.warnings) == 1 else 's'}, cache {'hit' if d.cache_hit else 'miss'} — {m.title}")
        for w in m.warnings[:10]:
            out.append(f"  warning: page {w.page}: {w.message}")
        if len(m.warnings) > 10:
            out.append(f"  ... {len(m.warnings) - 10} more warnings (see --json)")
    if failures:
        out.append(f"{len(failures)} file(s) failed:")
        out.extend(f"  {f.message}" for f in failures)
    return "\n".join(out)


def context_report(question: str, context: Context) -> str:
    """The rendered context followed by the packing audit."""
    b = context.budget
    status = context.status if context.status_detail in ("", context.status) else \
        f"{context.status} ({context.status_detail})"
    head = [f"question: {question}", f"status: {status}",
            f"budget: {b.used_chars}/{b.budget_chars} chars used (~{b.estimated_tokens} tokens)"]
    head.extend(f"note: {n}" for n in context.notes)
    kept = [d for d in context.decisions if d.action in ("kept", "whole_document")]
    skipped = [d for d in context.decisions if d.action == "skipped"]
    escalated = [d for d in context.decisions if d.action == "escalated"]
    audit = [f"decisions: {len(kept)} kept, {len(skipped)} skipped, {len(escalated)} escalated"]
    for d in context.decisions[:40]:
        rank = f"#{d.rank}" if d.rank else "--"
        audit.append(f"  {rank:>4} {d.action:<14} {d.doc} lines {d.line_start}-{d.line_end} "
                     f"p.{','.join(map(str, d.pages))} ({d.chars} chars): {d.reason}")
    if len(context.decisions) > 40:
        audit.append(f"  ... {len(context.decisions) - 40} more (see --json)")
    return "\n".join(head) + "\n\n" + context.rendered + "\n" + "\n".join(audit)


def _value(item: dict[str, Any]) -> str:
    if "amount" in item:
        a = item["amount"]
        value = "?" if a.get("value") is None else f"{a['value']:,.4f}".rstrip("0").rstrip(".")
        extra = " ".join(x for x in (a.get("currency"), a.get("unit")) if x and x != "units")
        return f"{item.get('label', '')}: {value} {extra}".strip()
    if "date" in item:
        d = item["date"]
        return f"{item.get('label', '')}: {d.get('iso') or '?'} ({d.get('original_text')})"
    if "explanation" in item:
        value = {True: "yes", False: "no", None: "undecided"}[item.get("value")]
        return f"{value} — {item['explanation']}"
    if "table" in item:
        rows = [" | ".join(item["table"]["headers"])] + [" | ".join(r["cells"]) for r in item["table"]["rows"]]
        return item.get("title", "table") + "\n" + "\n".join("     " + r for r in rows)
    if "text" in item:
        return item["text"]
    return ", ".join(f"{k}={v.get('value')!r}" for k, v in item.items() if isinstance(v, dict))


def answer_report(result: dict[str, Any], trace_id: str | None = None) -> str:
    """The answer, each item with its citations (document, page, lines, quote, verdict mark)."""
    answer, verification = result["answer"], result["verification"]
    spans = verification["spans"]
    ok = sum(s["verdict"] == "verified" for s in spans)
    lines = [f"Answer ({answer['answer_type']}) — {verification['status']} ({ok}/{len(spans)} citations verified)"]
    if not answer["items"]:
        lines.append("  No answer found in the documents.")
    for index, item in enumerate(answer["items"], start=1):
        lines.append(f"{index}. " + textwrap.shorten(_value(item), 400) if "table" not in item else f"{index}. {_value(item)}")
        for s in (s for s in spans if s["item"] == index - 1):
            printed = s.get("printed_pages") or []
            label = f" (printed {','.join(printed)})" if printed and printed != [str(p) for p in s["pages"]] else ""
            where = f"{s['doc']} p.{','.join(map(str, s['pages'])) or '?'}{label} lines {s['line_start']}-{s['line_end']}"
            field = f"[{s['field']}] " if s.get("field") else ""
            lines.append(f"   {MARKS[s['verdict']]} {field}{where}: \"{textwrap.shorten(s['quote'], 160)}\"")
            if s["verdict"] != "verified":
                lines.append(f"     {s['verdict']}: {s['detail']}")
    for caveat in answer.get("caveats") or []:
        lines.append(f"caveat: {caveat}")
    flags = [f for f in ("conflicting_evidence",) if answer.get(f)]
    if answer.get("answer_found") and not answer.get("complete_answer_found"):
        flags.append("incomplete")
    if not answer.get("context_structured", True):
        flags.append("malformed_context")
    if flags:
        lines.append("flags: " + ", ".join(flags))
    for note in result.get("notes") or []:
        if note not in (answer.get("caveats") or []):
            lines.append(f"note: {note}")
    usage = result.get("usage") or {}
    model = result.get("model") or "no model"
    trace = trace_id or (result.get("trace_id") if result.get("trace_path", "") is not None else None)
    lines.append(f"backend: {result['backend']} ({model}); tokens in/out: {usage.get('input_tokens', 0)}/{usage.get('output_tokens', 0)}; "
                 f"trace: {trace or 'not written'}")
    return "\n".join(lines)


def trace_report(trace: dict[str, Any]) -> str:
    """A readable trace: question, parsed question, sources with the audit, fragments, answer, usage."""
    parsed = trace.get("parsed") or {}
    out = [f"trace {trace['trace_id']} ({trace.get('kind')}{', replay of ' + trace['replay_of'] if trace.get('replay_of') else ''})",
           f"created: {trace.get('created_at')}   program: docintel {trace.get('program', {}).get('version')}   "
           f"settings hash: {trace.get('settings_hash')}",
           f"question: {trace.get('question')}"]
    if parsed:
        out.append(f"parsed: shape={parsed.get('expected_answer_shape')} pages={parsed.get('pages_hint')} "
                   f"sections={parsed.get('section_hints')} keywords=" + ", ".join(k["text"] for k in parsed.get("keywords", [])[:12]))
    for doc in trace.get("documents") or []:
        out.append(f"document: {doc['doc_id']} ({doc['n_pages']} pages, sha256 {doc['content_hash'][:12]}…) {doc['path']}")
    context = trace.get("context")
    if context:
        b = context["budget"]
        out.append(f"context: {context['status']} — {b['used_chars']}/{b['budget_chars']} chars (~{b['estimated_tokens']} tokens)")
        for source in context["sources"]:
            numbers = [line["global_line"] for line in source["lines"]]
            out.append(f"  sent {source['doc']}: pages {source['pages']}, {len(numbers)} lines"
                       f"{' (whole document)' if source.get('whole_document') else ''}")
        actions = [d["action"] for d in context["decisions"]]
        out.append("  decisions: " + ", ".join(f"{actions.count(a)} {a}" for a in sorted(set(actions))))
    for section in (trace.get("budget_audit") or {}).get("sections", []):
        limit = f" / {section['budget_chars']}" if section.get("budget_chars") else ""
        out.append(f"  prompt section {section['name']}: {section['chars']}{limit} chars (~{section['estimated_tokens']} tokens)")
    if trace.get("prompt"):
        out.append("fragments: " + ", ".join(trace["prompt"]["fragments"]))
    if trace.get("error"):
        err = trace["error"]
        out.append(f"error: {err['what']} — {err['fix']}")
    if trace.get("answer") is not None:
        result = {"answer": trace["answer"], "verification": trace["verification"], "backend": trace["request"].get("backend"),
                  "model": trace["request"].get("model"), "usage": trace.get("usage"), "trace_id": trace["trace_id"],
                  "notes": (trace.get("response") or {}).get("notes")}
        out.append(answer_report(result))
    usage = trace.get("usage") or {}
    cost = trace.get("cost_usd")
    out.append(f"usage: {usage.get('input_tokens', 0)} in / {usage.get('output_tokens', 0)} out tokens; "
               f"cost {'unknown' if cost is None else f'${cost:.5f}'}; latency {trace.get('latency_s')} s")
    timings = trace.get("timings") or {}
    if timings:
        out.append("timings: " + ", ".join(f"{name.removesuffix('_s')} {seconds:.3f} s" for name, seconds in timings.items()))
    return "\n".join(out)
