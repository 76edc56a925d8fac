"""Page layout: words with boxes -> lines in reading order, each with its box.

Pure geometry, no PDF library: the pdfium extractor gives the words of a page (text and box, in
PDFium's order) and gets lines back. Coordinates are PDF points with the origin at the bottom left
and y growing upward (PDF user space, as PDFium gives it).

How lines are made:

1. *Fragments*: words that follow each other in the page's order on the same baseline band, with
   at most a small gap, form a fragment (a run of text).
2. *Columns*: where a vertical gutter near the middle of the page separates fragments that read as
   running text on both sides (several words each) for a run of at least three fragments on each
   side, that stretch of the page is two columns: the left column is read before the right.
   Tables (short numeric cells beside a label) never look like that, so their rows stay whole.
3. *Rows*: fragments whose vertical extents overlap (at least half of the smaller height) are one
   line, read left to right. A superscript footnote marker sits inside the band of its line, so it
   joins that line instead of becoming a line of its own.
"""

from __future__ import annotations

import bisect
import statistics
from dataclasses import dataclass

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 (bottom-left origin, y up)

_SAME_ROW = 0.5  # vertical overlap, as a share of the smaller height, that puts two pieces on one row
_WORD_GAP = 1.0  # a gap wider than this many line heights ends a fragment
_MIN_COLUMN_FRAGMENTS = 3  # fragments on each side of a gutter before a stretch counts as two columns
_PROSE_WORDS = 3  # a fragment with this many words or more reads as running text
_PROSE_SHARE = 0.6  # share of a column's characters that must be in prose fragments
_ROW_LOOKBACK = 4  # rows (the latest made) a piece is compared with


Word = tuple[str, float, float, float, float]  # a run of non-space characters and its box: text, x0, y0, x1, y1


@dataclass
class Line:
    """One line of a page: its text and the box around all of its words."""

    text: str
    box: Box


class _Piece:
    """A fragment: words on one baseline, close together, in the page's order, and the box around them."""

    __slots__ = ("words", "box")

    def __init__(self, words: list[str], box: Box) -> None:
        self.words = words  # their texts
        self.box = box

    @property
    def text(self) -> str:
        return " ".join(self.words)


def _union2(a: Box, b: Box) -> Box:
    return (
        a[0] if a[0] < b[0] else b[0],
        a[1] if a[1] < b[1] else b[1],
        a[2] if a[2] > b[2] else b[2],
        a[3] if a[3] > b[3] else b[3],
    )


def _union(boxes: list[Box]) -> Box:
    box = boxes[0]
    for other in boxes[1:]:
        box = _union2(box, other)
    return box


def _fragments(words: list[Word]) -> list[_Piece]:
    """Words joined into pieces in the page's order.

    This runs once per word, so it is written out: the current piece's words and box are kept in
    local variables, and min/max are spelled as comparisons that pick what min() and max() pick.
    """
    pieces: list[_Piece] = []
    if not words:
        return pieces
    texts: list[str]
    text, px0, pb, px1, pt = words[0]
    texts, lb, lx1, lt = [text], pb, px1, pt
    for text, x0, b, x1, t in words[1:]:
        h_last, h_word = lt - lb, t - b
        height = h_last
        if h_word > height:
            height = h_word
        if 1.0 > height:
            height = 1.0
        gap = x0 - lx1
        smaller = h_word if h_word < h_last else h_last
        if (
            -0.25 * height <= gap <= _WORD_GAP * height
            and (t if t < lt else lt) - (b if b > lb else lb) >= _SAME_ROW * smaller
        ):
            texts.append(text)
            if x0 < px0:
                px0 = x0
            if b < pb:
                pb = b
            if x1 > px1:
                px1 = x1
            if t > pt:
                pt = t
        else:
            pieces.append(_Piece(texts, (px0, pb, px1, pt)))
            texts, px0, pb, px1, pt = [text], x0, b, x1, t
        lb, lx1, lt = b, x1, t
    pieces.append(_Piece(texts, (px0, pb, px1, pt)))
    return pieces


def _rows(pieces: list[_Piece]) -> list[Line]:
    """Pieces grouped into rows (top to bottom), each row read left to right.

    Pieces are taken from the top down, so a piece can only share a row with one of the last few
    rows made; a small raised marker that comes before its line is joined by the line after it.
    A piece joins the recent row it overlaps most (vertical overlap as a share of the smaller height,
    written out: this runs for each piece and recent row).
    """
    bands: list[Box] = []
    members_of: list[list[_Piece]] = []
    for piece in sorted(pieces, key=lambda p: -_middle(p.box)):
        box = piece.box
        _, b, _, t = box
        height = t - b
        best, best_share = -1, _SAME_ROW
        for index in range(max(0, len(bands) - _ROW_LOOKBACK), len(bands)):
            band = bands[index]
            smaller = band[3] - band[1]
            if height < smaller:
                smaller = height
            if 1e-6 > smaller:
                smaller = 1e-6
            share = ((band[3] if band[3] < t else t) - (band[1] if band[1] > b else b)) / smaller
            if share >= best_share:
                best, best_share = index, share
        if best < 0:
            bands.append(box)
            members_of.append([piece])
        else:
            members_of[best].append(piece)
            band = bands[best]
            if height >= band[3] - band[1]:
                bands[best] = _union2(band, box)
    lines = []
    for members in members_of:
        members.sort(key=lambda p: p.box[0])
        lines.append(Line(" ".join([p.text for p in members]), _union([p.box for p in members])))
    return lines


def _middle(box: Box) -> float:
    return (box[1] + box[3]) / 2


def _is_prose(pieces: list[_Piece]) -> bool:
    """Whether pieces read as running text: several pieces of several words, holding most of the text
    (counted in characters, so a small table beside the text does not outvote it)."""
    prose = [p for p in pieces if len(p.words) >= _PROSE_WORDS]
    if len(prose) < _MIN_COLUMN_FRAGMENTS:
        return False
    chars = sum(len(w) for p in pieces for w in p.words)
    return sum(len(w) for p in prose for w in p.words) >= _PROSE_SHARE * chars


def _gutter(pieces: list[_Piece], span: tuple[float, float]) -> float | None:
    """The x of the strip in the middle of the page crossed by the fewest pieces, or None.

    Only pages with enough running text on them are looked at; counting uses sorted edges.
    """
    left_edge, width = span[0], span[1] - span[0]
    if width <= 0 or sum(len(p.words) >= _PROSE_WORDS for p in pieces) < 2 * _MIN_COLUMN_FRAGMENTS:
        return None
    starts = sorted(p.box[0] for p in pieces)
    ends = sorted(p.box[2] for p in pieces)
    best: tuple[int, float] | None = None
    for step in range(0, 41):
        x = left_edge + width * (0.3 + 0.01 * step)
        began = bisect.bisect_left(starts, x)  # pieces starting left of x
        left = bisect.bisect_right(ends, x)  # pieces ending at or left of x
        right = len(pieces) - began
        crossing = began - left
        if left >= _MIN_COLUMN_FRAGMENTS and right >= _MIN_COLUMN_FRAGMENTS and (best is None or crossing < best[0]):
            best = (crossing, x)
    return None if best is None else best[1]


def _stretches(pieces: list[_Piece], gutter: float) -> list[list[_Piece]]:
    """The page cut top to bottom where a piece crosses the gutter (a title, a full-width paragraph) and
    where a strip of empty space wider than two line heights runs across the whole page."""
    ordered = sorted(pieces, key=lambda p: -p.box[3])
    heights = sorted(p.box[3] - p.box[1] for p in ordered)
    gap = 2 * heights[len(heights) // 2]
    stretches: list[list[_Piece]] = []
    current: list[_Piece] = []
    floor = float("inf")  # lowest bottom of the current stretch so far
    for piece in ordered:
        crossing = piece.box[0] < gutter < piece.box[2]
        if current and (crossing or floor - piece.box[3] > gap):
            stretches.append(current)
            current, floor = [], float("inf")
        if crossing:
            stretches.append([piece])
            continue
        current.append(piece)
        floor = min(floor, piece.box[1])
    if current:
        stretches.append(current)
    return stretches


def _bands(pieces: list[_Piece], gutter: float) -> list[tuple[list[_Piece], list[_Piece] | None]]:
    """Stretches of the page top to bottom: (pieces, None) read as rows, or (left, right) read as columns."""
    out: list[tuple[list[_Piece], list[_Piece] | None]] = []
    for stretch in _stretches(pieces, gutter):
        left = [p for p in stretch if p.box[2] <= gutter]
        right = [p for p in stretch if p.box[0] >= gutter]
        if left and right and _is_prose(left) and _is_prose(right):
            out.append((left, right))
        elif out and out[-1][1] is None:
            out[-1][0].extend(stretch)
        else:
            out.append((list(stretch), None))
    return out


def page_lines(words: list[Word], span: tuple[float, float]) -> list[Line]:
    """The lines of one page in reading order, from its words in the page's (content) order.

    *span* is the page's left and right edge (x of its visible box), where a gutter is looked for.
    """
    pieces = _fragments(words)  # words have text (the extractor drops empty ones)
    if not pieces:
        return []
    gutter = _gutter(pieces, span)
    if gutter is None:
        return _rows(pieces)
    lines: list[Line] = []
    for first, second in _bands(pieces, gutter):
        lines.extend(_rows(first))
        if second is not None:
            lines.extend(_rows(second))
    return lines


def typical_height(lines: list[Line]) -> float:
    """The median line height of a page (0 without lines)."""
    return statistics.median(line.box[3] - line.box[1] for line in lines) if lines else 0.0
