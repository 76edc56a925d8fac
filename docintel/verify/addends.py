"""Sums and totals. A figure asked as one thing and answered as a sum: 'How much cash had Amcor deposited with the
courts?' answered 'letters of credit + judicial insurance + cash deposited' adds two things the question does not
ask (a question that spells a sum, 'in total', 'combined', 'A and B', 'net of', or names a formula is the formula
rules'); a net that adds charges to benefits; a figure said of each of several given as their total."""

from __future__ import annotations

import ast
import re

from ..numbers import find_numbers
from ..question.parse import search_text
from ..textnorm import split_sentences, tokenize
from .claims import check_field, content_words
from .passages import text_after
from .rules import FieldCheck
from .values import CitedSpan, OperandCheck

# words that ask for more than one figure added up, or taken from another
_SPELLED = frozenset(
    content_words(
        "total totals totaled combined sum together altogether aggregate net plus overall cumulative all both "
        "including less minus after excluding"
    )
)
_JOINS = frozenset({"and", "&"})


def addends_rule(question: str, expression: str, operands: list[OperandCheck], formula_named: bool) -> FieldCheck:
    """A plain sum of two or more operands ('a + b + c') for a question that asks one figure and spells no sum is
    ``unknown`` when an operand's name and row share no content word with the question: that term is something
    else added in."""
    asking = search_text(question)
    words = set(asking.lower().replace("&", " & ").split())
    if formula_named or len(operands) < 2 or not _plain_sum(expression) or words & _JOINS:
        return check_field("formula", "not_applicable")
    asked = content_words(asking)
    if not asked or asked & _SPELLED:
        return check_field("formula", "not_applicable")
    strays = [o for o in operands if not content_words(f"{o.name} {o.row}") & asked]
    if not strays:
        return check_field("formula", "not_applicable")
    stray = strays[0]
    detail = (
        f"formula: the question asks one figure; operand {stray.label} ('{stray.name or stray.row}') names nothing "
        "it asks, so the sum adds something else"
    )
    return check_field("formula", "unknown", detail)


def _plain_sum(expression: str) -> bool:
    """Whether *expression* only adds names ('a + b + c')."""
    try:
        tree = ast.parse(expression, mode="eval").body
    except SyntaxError:
        return False
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            stack += [node.left, node.right]
        elif not isinstance(node, ast.Name):
            return False
    return isinstance(tree, ast.BinOp)


# a net of several items asked ('the combined net effect of the ... tax items'); not a line item named net ('net sales')
_NET_ASKED = re.compile(r"\bnet\s+(?:effect|impact|amount|total|result)\b|\bnet\s+of\s+(?:the|all|both)\b", re.I)
# what an operand's name says it does to the net: adds (a benefit, a gain) or takes away (a charge, an expense)
_ADDS = frozenset(content_words("benefit benefits gain gains credit credits inflow inflows"))  # not "income tax"
_TAKES = frozenset(content_words("charge charges expense expenses loss losses cost costs outflow outflows"))


def net_sign_rule(question: str, expression: str, operands: list[OperandCheck]) -> FieldCheck:
    """A net asked ('the combined net effect of the ... tax items') computed as a plain sum of operands some named as
    benefits or gains and others as charges or losses is a ``mismatch``: the net takes one kind from the other."""
    if not _NET_ASKED.search(search_text(question)) or len(operands) < 2 or not _plain_sum(expression):
        return check_field("formula", "not_applicable")
    kinds = {o.label: _kind(content_words(f"{o.name} {o.row}")) for o in operands}
    adds = [label for label, kind in kinds.items() if kind == "adds"]
    takes = [label for label, kind in kinds.items() if kind == "takes"]
    if not adds or not takes or any(o.value < 0 for o in operands):  # signed operands net themselves
        return check_field("formula", "not_applicable")
    detail = (
        f"formula: a net takes the charges or losses ({', '.join(takes)}) from the benefits or gains "
        f"({', '.join(adds)}); {expression} adds them"
    )
    return check_field("formula", "mismatch", detail)


def _kind(words: set[str]) -> str:
    adds, takes = bool(words & _ADDS), bool(words & _TAKES)
    return "adds" if adds and not takes else "takes" if takes and not adds else ""


# a figure said of each of several ('we and Flagship will each invest $50 million'), asked as their total
_TOTAL_ASKED = re.compile(r"\b(?:in\s+total|combined|together|altogether|in\s+aggregate|collectively)\b", re.I)
_EACH_BEFORE = re.compile(r"\beach\s+(?:[a-z]+ed|[a-z]+)?\s*[$€£]?\s*$")  # 'each invest $', 'each invested $'
_EACH_NOT_VERB = frozenset({"year", "quarter", "month", "of", "for", "at", "in", "share", "unit"})


def each_for_total_rule(question: str, stated: list[float], spans: list[CitedSpan]) -> FieldCheck:
    """A figure its quote gives each of several parties or things ('will each invest $50 million') stated as the
    total the question asks ('commit in total'): ``mismatch``, the total is that figure times their number."""
    if not _TOTAL_ASKED.search(search_text(question)) or not stated:
        return check_field("member", "not_applicable")
    for cited in spans:
        quote = " ".join(cited.span.quote.split())
        for number in find_numbers(quote):
            each = _EACH_BEFORE.search(quote[: number.start])
            after_each = each.group(0).split()[1:2] if each else []
            if number.value in stated and each and not set(after_each) & _EACH_NOT_VERB:
                said = quote[: number.end][-60:]
                detail = f"member: the quote gives {number.text} to each ('{said}'); the question asks the total"
                return check_field("member", "mismatch", detail)
    return check_field("member", "not_applicable")


# a gap to a figure named after 'than': '18 fewer deliveries than originally planned' (general English)
_GAP = re.compile(
    r"^\s*(?:[a-z-]+\s+){0,2}?(?P<way>fewer|less|lower|more|greater|higher)\s+(?:[a-z-]+\s+){0,3}?than\s+"
    r"(?P<ref>[a-z][a-z\s-]{2,40})",
    re.IGNORECASE,
)
_TAKEN = frozenset({"fewer", "less", "lower"})


def gap_sign_rule(question: str, expression: str, operands: list[OperandCheck], spans: list[CitedSpan]) -> FieldCheck:
    """The figure a gap is measured from asked ('How many had it originally planned to deliver?') and computed with
    the gap the wrong way: '18 fewer deliveries than originally planned' makes the plan the deliveries plus 18, so
    'a - b' is a ``mismatch`` (and '18 more than' the reverse); computed the right way, ``supported``."""
    signs = _signs(expression)
    asked = content_words(search_text(question))
    if signs is None or not asked:
        return check_field("formula", "not_applicable")
    for cited in spans:
        quote = " ".join(cited.span.quote.split())
        if quote[-1:] not in ".!?":  # a quote cut before 'than originally planned': its sentence read to its end
            quote = f"{quote} {' '.join(split_sentences(text_after(cited).strip())[:1])}"
        for number in (n for n in find_numbers(quote) if not n.is_year):
            gap = _GAP.match(quote[number.end :])
            named = re.split(r"\s+(?:in|during|for|at)\b", gap.group("ref"))[0].strip() if gap else ""
            operand = next((o for o in operands if o.value == number.value and o.label in signs), None)
            head = tokenize(named)[-1:]  # what the gap is measured to ('planned'), its adverbs aside ('originally')
            if not head or not set(head) & asked or operand is None or gap is None:
                continue
            wanted = 1 if gap.group("way").lower() in _TAKEN else -1
            said = quote[number.start : number.end + gap.start("ref") + len(named)].strip()
            if signs[operand.label] == wanted:  # the gap is no stray addend: it is what separates the two figures
                return check_field("formula", "supported", f"formula: '{said}', as {expression} computes it")
            way = ("plus", "takes it away") if wanted == 1 else ("minus", "adds it")
            detail = f"formula: '{said}': what is asked is the other figure {way[0]} {number.text}; {expression} "
            return check_field("formula", "mismatch", detail + way[1])
    return check_field("formula", "not_applicable")


def _signs(expression: str) -> dict[str, int] | None:
    """Each name's sign in a plain sum or difference ('a - b': a +1, b -1); None for any other expression."""
    try:
        tree = ast.parse(expression, mode="eval").body
    except SyntaxError:
        return None
    signs: dict[str, int] = {}
    stack: list[tuple[ast.AST, int]] = [(tree, 1)]
    while stack:
        node, sign = stack.pop()
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            stack += [(node.left, sign), (node.right, -sign if isinstance(node.op, ast.Sub) else sign)]
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            stack.append((node.operand, -sign))
        elif isinstance(node, ast.Name) and node.id not in signs:
            signs[node.id] = sign
        else:
            return None
    return signs
