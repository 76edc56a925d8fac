"""The domain table: one table of line items, wordings, statements, captions and taxonomy elements, each row
with a named source; the modules read it, and none restates one of its wordings in its own code."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from docintel import concepts
from docintel.domain import STATEMENT_KINDS, TABLE_PATH, load, table
from docintel.ingest.statements import STATEMENT_OF, find_statements
from docintel.question.parse import parse_question

PACKAGE = Path(concepts.__file__).resolve().parent
# Keyword arguments whose string is prose for a reader (a setting's or an option's description), not a rule.
_PROSE_KEYWORDS = frozenset({"description", "help", "epilog", "metavar"})
# Regex syntax that is no word: escapes, groups, classes, quantifiers, alternation.
_REGEX_SYNTAX = re.compile(r"\\[bBAZsSwWdD]|\\.|\(\?(?:[:=!i]|<[=!])|\[[^\]]*\]|\{\d*,?\d*\}|[()|?*+^$]")
# Patterns that hold a wording as part of a structure, not as the line item's name; each is a known debt, kept
# small: a new one fails the test until it reads the table or is argued here.
KNOWN = {
    ("docintel/ingest/factconcepts.py", "liabilities"): "'liabilities and ... equity' is a sum of two line items",
    ("docintel/ingest/factconcepts.py", "income tax"): "'income ... before ... taxes' is the pretax subtotal's shape",
    ("docintel/ingest/factscope.py", "depreciation"): "words no segment member is called (a row of a segment table)",
    ("docintel/question/parse.py", "shares outstanding"): "words that make a question ask for an amount",
    ("docintel/verify/query.py", "interest coverage"): "'minimum interest coverage' names a covenant, a limit",
    ("docintel/ingest/factcells.py", "liabilities"): "a bare 'assets' or 'liabilities' row is a balance (a kind)",
    ("docintel/ingest/factcells.py", "depreciation"): "words that make a row a flow, not a balance (a kind)",
    ("docintel/verify/typed.py", "assets"): "'the assets held by the pension plans' says whose they are (a member)",
    ("docintel/verify/subsets.py", "assets"): "'obligation in excess of plan assets' names a subset of plans",
    ("docintel/cli/ask_help.py", "current portion of long-term debt"): "the manual's prose, an example of a check",
    ("docintel/cli/ask_help.py", "revenue"): "the manual's prose, after its field examples (ask_help_fields.py)",
    ("docintel/cli/ask_help_fields.py", "income before income taxes"): "the manual's prose, an example of a check",
}
_OPTIONAL_S = re.compile(r"(?<=[a-z])s\?")  # 'sheets?' reads 'sheet'
# The table's ids are keys ('revenue', 'eps', 'capex'): code names a line item by its id, and that is no wording.
_IDS = frozenset(r.id for r in (*table().line_items, *table().ratios))


def _prose_nodes(tree: ast.AST) -> set[int]:
    """Ids of the string nodes that are prose: docstrings, an error's message, descriptions and help."""
    prose: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                prose.add(id(first.value))
        if isinstance(node, ast.keyword) and node.arg in _PROSE_KEYWORDS:
            prose |= {id(n) for n in ast.walk(node.value)}
        if isinstance(node, ast.Raise) and node.exc is not None:
            prose |= {id(n) for n in ast.walk(node.exc)}
    return prose


def _words_of(literal: str) -> str:
    """A string literal as the words it would match: regex syntax taken out, lower case, spaces single."""
    words = _REGEX_SYNTAX.sub(" ", _OPTIONAL_S.sub("", literal.lower()))
    return " " + " ".join(words.replace("'", " ").split()) + " "


def phrases() -> list[str]:
    """What no module may restate: every wording, label, taxonomy label, search phrase and section name of the
    table (the longest first)."""
    names = {name for name in table().section_patterns() if " " in name}
    found = {" ".join(w.replace("'", " ").split()) for w in table().wordings() | names}
    return sorted(found, key=lambda w: (-len(w), w))


def restated(source: str, where: str = "<code>") -> list[str]:
    """'where:line: wording' for each string literal of *source* (a module's code) that restates a wording of
    the table; a literal that is exactly an id is a key, not a wording."""
    tree = ast.parse(source)
    prose = _prose_nodes(tree)
    found: list[str] = []
    wanted = phrases()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str) or id(node) in prose:
            continue
        if node.value in _IDS:
            continue
        words = _words_of(node.value)
        hit = next((w for w in wanted if f" {w} " in words), None)
        if hit is not None:
            found.append(f"{where}:{node.lineno}: {hit!r} in {node.value[:70]!r}")
    return found


def _key(finding: str) -> tuple[str, str]:
    where, _, rest = finding.partition(": ")
    return where.split(":")[0], rest.split("'")[1]


def test_no_module_restates_a_wording_of_the_table():
    found: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent.name != "domain":
            where = str(path.relative_to(PACKAGE.parent))
            found += [f for f in restated(path.read_text(encoding="utf-8"), where) if _key(f) not in KNOWN]
    assert not found, "wordings restated outside docintel/domain/table.toml (read them from the table):\n" + "\n".join(
        found
    )


def test_the_guard_sees_a_wording_restated_in_a_dict_a_regex_and_a_word_list():
    assert restated('SYNONYMS = {"capex": ("capital spending",)}')  # a synonym kept beside the table
    assert restated('SECTION = re.compile(r"statements?\\s+of\\s+cash\\s+flows?|balance\\s+sheets?")')
    assert restated('SCOPE = re.compile(r"\\b(?:revenues?|sales|income)\\s+from\\b")')  # a line item's word
    assert restated('WORDS = frozenset(tokenize("total net sales amount"))')
    assert restated('PATTERN = re.compile(rf"\\bof\\s+(?:net\\s+)?(?:{TOTAL}|revenues?)\\b")')  # an f-string's pieces
    # ids, prose and messages are no rules
    assert not restated('cid = "capex"\nraise UsageError(f"no {cid}: net sales", "give capex")')
    assert not restated('def f():\n    """Net sales and capex."""\n    return Field(description="net sales")')


def test_every_row_names_a_known_source_and_its_place():
    loaded = table()
    assert {"us-gaap", "us-gaap-presentation", "reg-sx", "usage", "ratios"} <= set(loaded.sources)
    rows = (*loaded.line_items, *loaded.ratios, *loaded.statements, *loaded.sections, *loaded.topics)
    assert all(row.sources and set(row.sources) <= set(loaded.sources) for row in rows)
    for item in loaded.line_items:
        assert item.element and item.wordings[0] == item.label.lower()
    assert sorted(s.kind for s in loaded.statements) == sorted(STATEMENT_KINDS)
    capex = next(i for i in loaded.line_items if i.id == "capex")
    assert capex.element == "PaymentsToAcquirePropertyPlantAndEquipment" and capex.statements == ("cash_flows",)
    assert capex.outflow and "capital spending" in dict(capex.search)["capital expenditure"]


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (('source = ["us-gaap", "usage"]', 'source = ["us-gaap", "a blog"]'), "names no known source"),
        (('statement = ["cash_flows"]', 'statement = ["cash_flow"]'), "names a statement"),
        (
            ('formulas = ["current_assets / current_liabilities"]', 'formulas = ["current_assets / liabilities"]'),
            "operand",
        ),
        (("squashed = ", "squashed = '(' #"), None),
    ],
)
def test_a_broken_table_is_refused_when_loaded(tmp_path, change, problem):
    text = TABLE_PATH.read_text(encoding="utf-8")
    assert change[0] in text
    broken = tmp_path / "table.toml"
    broken.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises((ValueError, re.error), match=problem):
        load(broken)


def test_one_row_answers_for_a_line_item_everywhere():
    """capex: its wordings (the matcher), its statement (statement pages and the parser's implied section) and
    its search phrases (the parser's keywords) all come from its one row."""
    assert "capex" in concepts.concepts_in("What were capital expenditures in 2022?").concepts
    assert STATEMENT_OF["capex"] == ("cash_flows",)
    parsed = parse_question("How much did the company spend on capital expenditure in 2022?")
    assert parsed.implied_sections == ["cash flow statement"]
    assert {"capital spending", "purchases of property plant and equipment"} <= {k.text for k in parsed.keywords}
    assert parse_question("What was working capital?").implied_sections == ["balance sheet"]  # a topic's section
    assert parse_question("What does the cash flow statement say?").section_hints == ["cash flow statement"]


def test_a_caption_of_the_table_finds_its_statement():
    rows = ["Net cash provided by operating activities 5", "Net cash used in investing activities 3"]
    rows += ["Net cash used in financing activities 2", "Capital expenditures (4)", "Dividends paid (1)"]
    found = find_statements([1] * 6, ["ACME Corp. Consolidated Statements of Cash Flows", *rows])
    assert [(s.kind, s.pages) for s in found] == [("cash_flows", [1])]
