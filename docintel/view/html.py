"""The page shell (one stylesheet, a few lines of plain JavaScript) and small HTML helpers.

Everything from a trace or a document is escaped here (``esc``); no page loads anything from elsewhere, so
an exported page works offline and a served one needs nothing but the viewer.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from ..labels import status_css

GENERATOR = '<meta name="generator" content="docintel view">'
STATE_NAMES = {"verified": "verified", "failed": "failed", "unchecked": "not checked"}

CSS = """
:root { --ok: #1a7f37; --bad: #cf222e; --unk: #9a6700; --ink: #1f2328; --muted: #59636e; --line: #d1d9e0;
  --ok-bg: rgba(26,127,55,.16); --bad-bg: rgba(207,34,46,.16); --unk-bg: rgba(154,103,0,.16); }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); }
header.top { background: #24292f; color: #fff; padding: .5rem 1.2rem; display: flex; gap: 1rem; align-items: center; }
header.top a { color: #fff; text-decoration: none; font-weight: 600; }
main { padding: 1rem 1.2rem 3rem; max-width: 1500px; margin: 0 auto; }
h1 { font-size: 1.35rem; margin: .2rem 0 .4rem; } h2 { font-size: 1.1rem; margin: 1.6rem 0 .5rem;
  border-bottom: 1px solid var(--line); padding-bottom: .2rem; }
.meta { color: var(--muted); font-size: .85rem; } .meta .mi + .mi::before { content: " · "; }
.badge { display: inline-block; padding: 0 .45rem; border-radius: 1rem; font-size: .8rem; font-weight: 600;
  border: 1px solid currentColor; }
.badge.verified { color: var(--ok); } .badge.failed { color: var(--bad); } .badge.unchecked { color: var(--unk); }
table { border-collapse: collapse; width: 100%; font-size: .88rem; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: #f6f8fa; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
form.filters { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin: .5rem 0 1rem; }
form label { display: flex; flex-direction: column; font-size: .8rem; color: var(--muted); }
input, select, button, textarea { font: inherit; padding: .3rem .5rem; }
button { cursor: pointer; }
.evidence { display: grid; grid-template-columns: minmax(300px, 2fr) 3fr; gap: 1.2rem; align-items: start; }
@media (max-width: 900px) { .evidence { grid-template-columns: 1fr; } }
ol.items { list-style: none; margin: 0; padding: 0; position: sticky; top: .5rem; max-height: calc(100vh - 1rem);
  overflow: auto; }
li.item { border: 1px solid var(--line); border-left: 5px solid var(--unk); border-radius: 6px;
  padding: .5rem .7rem; margin-bottom: .6rem; cursor: pointer; }
li.item.s-verified { border-left-color: var(--ok); } li.item.s-failed { border-left-color: var(--bad); }
li.item.selected { box-shadow: 0 0 0 3px #0969da55; }
.item .value { font-weight: 600; } .item .num { color: var(--muted); margin-right: .3rem; }
ul.checks { list-style: none; padding: 0; margin: .3rem 0; display: flex; flex-wrap: wrap; gap: .3rem; }
ul.checks li { font-size: .8rem; padding: 0 .4rem; border-radius: .3rem; border: 1px solid var(--line); }
ul.checks li.m-ok { color: var(--ok); border-color: var(--ok); } ul.checks li.m-bad { color: var(--bad);
  border-color: var(--bad); } ul.checks li.m-unk { color: var(--unk); border-color: var(--unk); }
.item .detail, .small { font-size: .8rem; color: var(--muted); }
ul.operands { padding-left: 1rem; margin: .2rem 0; font-size: .85rem; }
ul.spans { padding-left: 1rem; margin: .2rem 0; font-size: .85rem; }
ul.spans .quote { font-style: italic; }
figure.page { margin: 0 0 1.2rem; } figure.page figcaption { font-size: .85rem; color: var(--muted);
  margin-bottom: .3rem; }
.sheet { position: relative; border: 1px solid var(--line); box-shadow: 0 1px 4px #0002; }
.sheet img { display: block; width: 100%; height: auto; }
.box { position: absolute; border: 2px solid var(--unk); background: var(--unk-bg); border-radius: 2px;
  cursor: pointer; }
.box.s-verified { border-color: var(--ok); background: var(--ok-bg); }
.box.s-failed { border-color: var(--bad); background: var(--bad-bg); }
.box .label { position: absolute; right: 100%; top: -2px; margin-right: 3px; white-space: nowrap; font-size: 11px;
  font-weight: 700; color: #fff; background: var(--unk); padding: 0 3px; border-radius: 2px; }
.box.s-verified .label { background: var(--ok); } .box.s-failed .label { background: var(--bad); }
.focus { outline: 3px solid #0969da; outline-offset: 2px; animation: pulse 1s ease-in-out 2; }
@keyframes pulse { 50% { outline-color: transparent; } }
ol.cited-lines { list-style: none; padding: 0; margin: 0; font-family: ui-monospace, monospace; font-size: .85rem; }
li.cited-line { border-left: 4px solid var(--unk); background: var(--unk-bg); padding: .2rem .5rem;
  margin: .2rem 0; cursor: pointer; }
li.cited-line.s-verified { border-color: var(--ok); background: var(--ok-bg); }
li.cited-line.s-failed { border-color: var(--bad); background: var(--bad-bg); }
li.cited-line .label { font-weight: 700; margin-right: .5rem; }
.notice { background: #fff8c5; border: 1px solid #d4a72c; padding: .4rem .7rem; border-radius: 6px;
  font-size: .85rem; margin: .4rem 0; }
.error { background: #ffebe9; border: 1px solid var(--bad); padding: .5rem .8rem; border-radius: 6px; }
.bar { display: grid; grid-template-columns: 16rem 1fr 13rem; gap: .6rem; align-items: center; font-size: .85rem;
  margin: .15rem 0; }
.bar .track { background: #eaeef2; height: .8rem; border-radius: .4rem; overflow: hidden; }
.bar .fill { background: #0969da; height: 100%; } .bar .fill.over { background: var(--bad); }
pre.prompt { white-space: pre-wrap; word-break: break-word; font-size: .8rem; background: #f6f8fa;
  border: 1px solid var(--line); padding: .6rem; max-height: 40rem; overflow: auto; }
pre.prompt mark { background: var(--ok-bg); } pre.prompt mark.s-failed { background: var(--bad-bg); }
pre.prompt mark.s-unchecked { background: var(--unk-bg); }
form.ask textarea { width: 100%; min-height: 3.2rem; } form.ask .row { display: flex; gap: 1rem;
  align-items: center; flex-wrap: wrap; margin-top: .4rem; }
"""
CSS += status_css()

JS = """
function focusItem(n) {
  document.querySelectorAll('.focus').forEach(e => e.classList.remove('focus'));
  document.querySelectorAll('li.item.selected').forEach(e => e.classList.remove('selected'));
  const item = document.getElementById('item-' + n); if (item) item.classList.add('selected');
  const marks = document.querySelectorAll('.box[data-item="' + n + '"], .cited-line[data-item="' + n + '"]');
  marks.forEach(e => e.classList.add('focus'));
  if (marks.length) marks[0].scrollIntoView({behavior: 'smooth', block: 'center'});
}
document.addEventListener('click', ev => {
  if (ev.target.closest('a, button, input, textarea, select, summary')) return;
  const item = ev.target.closest('li.item');
  if (item) { focusItem(item.dataset.item); return; }
  const mark = ev.target.closest('.box, .cited-line');
  if (mark) {
    const target = document.getElementById('item-' + mark.dataset.item);
    if (target) { target.scrollIntoView({behavior: 'smooth', block: 'nearest'}); focusItem(mark.dataset.item); }
  }
});
document.addEventListener('keydown', ev => {
  const item = ev.target.closest && ev.target.closest('li.item');
  if (item && (ev.key === 'Enter' || ev.key === ' ')) { ev.preventDefault(); focusItem(item.dataset.item); }
});
document.querySelectorAll('form.ask').forEach(f => f.addEventListener('submit', () => {
  const b = f.querySelector('button'); b.disabled = true; b.textContent = 'Asking… (the page opens when done)';
}));
"""


def esc(value: object) -> str:
    """Text made safe for HTML content and quoted attributes."""
    return html.escape(str(value), quote=True)


def page(title: str, body: str, home: str | None = "/") -> str:
    """A whole HTML document: the header (with a link to the list when *home*), *body*, the style and script."""
    nav = f'<a href="{esc(home)}">docintel traces</a>' if home else "<strong>docintel</strong>"
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">{GENERATOR}'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{CSS}</style></head><body>"
        f'<header class="top">{nav}</header><main>{body}</main><script>{JS}</script></body></html>\n'
    )


def table(headers: Iterable[str], rows: Iterable[Iterable[str]], numeric: Iterable[int] = ()) -> str:
    """A table of cells already in HTML; columns in *numeric* align right."""
    right = set(numeric)
    head = "".join(f"<th{' class=num' if i in right else ''}>{h}</th>" for i, h in enumerate(headers))
    body = "".join(
        "<tr>" + "".join(f"<td{' class=num' if i in right else ''}>{c}</td>" for i, c in enumerate(row)) + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def bar(label: str, chars: int, budget: int | None, scale: int, note: str = "") -> str:
    """A budget bar: *chars* against *budget* (the bar's length is relative to *scale*)."""
    width = 100.0 * chars / scale if scale else 0.0
    over = budget is not None and chars > budget
    used = f"{chars:,} / {budget:,} chars" if budget else f"{chars:,} chars"
    return (
        f'<div class="bar"><span>{esc(label)}</span><span class="track"><span class="fill{" over" if over else ""}"'
        f' style="display:block;width:{min(width, 100.0):.1f}%"></span></span>'
        f'<span class="small">{esc(used)}{esc(note)}</span></div>'
    )


def money(value: float | None) -> str:
    """A cost in USD, or 'unknown' when the model's price is not known."""
    return "unknown" if value is None else f"${value:,.5f}"
