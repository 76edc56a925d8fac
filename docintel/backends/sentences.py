"""The whole sentence a line of text belongs to, quoted across the lines it runs over.

A PDF's lines cut sentences anywhere: 'equipment. The Company's reportable operating segments for the NIKE Brand
are: North America; Europe, Middle East & Africa' is one line, and its list goes on over the next. The offline
answerer quotes the sentences the best line holds the most of, from where they start to where they end (a few
lines of the same page either side, as sent), so a text item says a whole thing, not a line's cut of it."""

from __future__ import annotations

import re

from ..answer.contract import Span
from ..context.pack import ContextLine
from ..textnorm import sentence_bounds

SENTENCE_LINES = 3  # the lines before and after the best line a sentence is read across
_ENDS = re.compile(r"[.!?][\"')\]]*$")  # a line that ends its sentence
_HEADING_CHARS = 40  # a shorter line above is a heading or a table's, not a sentence's start


def sentence_span(doc: str, line: ContextLine, sent: dict[tuple[str, int], ContextLine], single: bool) -> Span:
    """The sentences *line* holds at least a third of (or that hold a third of it), quoted whole over the lines of
    its page that were sent (*sent*, by document and global line); the line alone when no sentence is found."""
    run = [line] if is_heading(line.text) else _run(doc, line, sent)  # a heading ('Refund policy') alone
    texts = [" ".join(n.text.split()) for n in run]
    text = " ".join(texts)
    starts = [sum(len(t) + 1 for t in texts[:i]) for i in range(len(texts))]
    start = starts[run.index(line)]
    end = start + len(texts[run.index(line)])
    chosen = [(s, e) for s, e in _full_sentences(text) if min(e, end) - max(s, start) >= min(e - s, end - start) / 3]
    named = None if single else doc
    # a sentence the run does not end (a table's lines, a list of names) is no sentence to quote whole
    if not chosen or not _ENDS.search(text[chosen[0][0] : chosen[-1][1]].strip()):
        return Span(doc=named, line_start=line.global_line, line_end=line.global_line, quote=line.text)
    first = max(i for i, at in enumerate(starts) if at <= chosen[0][0])
    last = max(i for i, at in enumerate(starts) if at < chosen[-1][1])
    quote = text[chosen[0][0] : chosen[-1][1]].strip()
    return Span(doc=named, line_start=run[first].global_line, line_end=run[last].global_line, quote=quote)


def _run(doc: str, line: ContextLine, sent: dict[tuple[str, int], ContextLine]) -> list[ContextLine]:
    """*line* with the lines of its page around it that its sentences may run over: up to the line that ends the
    sentence before it, and on until one ends a sentence."""
    run = [line]
    for _ in range(SENTENCE_LINES):
        above = sent.get((doc, run[0].global_line - 1))
        if above is None or above.page != line.page or _ENDS.search(above.text.strip()):
            break
        if is_heading(above.text):
            break
        run.insert(0, above)
    for _ in range(SENTENCE_LINES):
        if _ENDS.search(run[-1].text.strip()):
            break
        below = sent.get((doc, run[-1].global_line + 1))
        if below is None or below.page != line.page:
            break
        run.append(below)
    return run


def is_heading(text: str) -> bool:
    """Whether *text* is a heading, not a sentence's line: no sentence ends in or after it, and it is short, in
    capitals or written as a title ('Method of Determining Segment Income or Loss', 'R. Tony Tripeny Executive Vice
    President and Chief Financial Officer': most of its longer words capitalised)."""
    text = text.strip()
    if _ENDS.search(text) or _SENTENCE_INSIDE.search(text):
        return False
    words = [w for w in re.findall(r"[A-Za-z]+", text) if len(w) > 3]
    titled = bool(words) and sum(w[0].isupper() for w in words) >= _TITLED * len(words)
    return len(text) < _HEADING_CHARS or text.isupper() or titled


_SENTENCE_INSIDE = re.compile(r"[a-z]{2}[.:;]\s")  # 'equipment. The Company's ...': a sentence ends inside it


_TITLED = 0.6


def _full_sentences(text: str) -> list[tuple[int, int]]:
    """Where *text*'s sentences start and end, clauses ending in ';' joined to the sentence they are part of."""
    merged: list[tuple[int, int]] = []
    for start, end in sentence_bounds(text):
        if merged and text[merged[-1][0] : merged[-1][1]].rstrip().endswith(";"):
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged
