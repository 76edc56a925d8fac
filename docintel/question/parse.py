"""Parse a question deterministically: keywords, expected answer shape, page and section hints.

No model is called. The original question is kept untouched: it is what the model reads.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

from ..concepts import concept, concept_wordings, concepts_in, ratios_in, stated_definition
from ..domain import LineItem, RatioRow, table
from ..errors import UsageError
from ..textnorm import fold, strip_controls, tokenize
from .entities import NamedEntities, question_entities
from .pages import parse_page_hints, strip_page_references

MAX_QUESTION_CHARS = 2000  # longer is a document pasted as a question: it belongs in a PDF, not the prompt

AnswerShape = Literal["text", "amount", "date", "boolean", "list", "table"]
KeywordSource = Literal["direct", "domain"]  # from the question, or from the domain table
ChunkStrategy = Literal["combined", "sequential"]


class Keyword(BaseModel):
    """One search term with its weight and where it came from."""

    text: str
    weight: float
    source: KeywordSource


class GenerationBrief(BaseModel):
    """What the answer must respect beyond the question's words."""

    format_constraints: list[str] = Field(default_factory=list, description="e.g. 'currency: USD', 'unit: millions'")
    distinctions: list[str] = Field(default_factory=list, description="things the answer must keep apart")
    disambiguation: list[str] = Field(default_factory=list, description="notes on ambiguous wording")


class ParsedQuestion(BaseModel):
    """The question, read: keywords, answer shape, structural hints, generation brief."""

    question: str
    keywords: list[Keyword]
    expected_answer_shape: AnswerShape
    pages_hint: list[int] = Field(
        default_factory=list,
        description="1-based pages the question points at; negative numbers count from the end (-1 = last page).",
    )
    section_hints: list[str] = Field(default_factory=list, description="sections the question names")
    implied_sections: list[str] = Field(
        default_factory=list,
        description="sections that usually hold what the question asks for (the statement of its line items)",
    )
    brief: GenerationBrief = Field(default_factory=GenerationBrief)
    entities: NamedEntities = Field(
        default_factory=NamedEntities, description="names, years, quarters and document kinds, for routing"
    )
    parts: list[SubQuestion] = Field(
        default_factory=list,
        description="the parts of a question that asks several things, each with its own shape (empty for one)",
    )
    chunk_strategy: ChunkStrategy = Field(
        default="combined",
        description="sequential for a single fact (an amount, a date, yes/no, a name): passages are sent in rank "
        "order, a group per call, until one answers; combined (one call) for lists, tables, comparisons, parts",
    )

    def search_terms(self) -> list[tuple[str, float]]:
        """(token, weight) pairs for ranking; a token keeps its highest weight."""
        best: dict[str, float] = {}
        for keyword in self.keywords:
            for token in tokenize(keyword.text):
                best[token] = max(best.get(token, 0.0), keyword.weight)
        return list(best.items())


# ---------------------------------------------------------------------- answer shape

# a yes/no question opens with its auxiliary, after a lead-in phrase or not ('As of June 30, 2023, had ...',
# 'Excluding the impact of ..., did ...'): a phrase that opens with a preposition and asks nothing itself ('In
# 2022, what was ...' and 'Describe how long X, the COO, has worked' are no yes/no)
_LEAD_IN = (
    r"(?:as\s+of|in|for|during|at|on|by|after|before|since|under|over|through|within|excluding|including|"
    r"based\s+on|according\s+to|compared\s+(?:to|with)|aside\s+from|apart\s+from|other\s+than|besides|following)\b"
    r"(?:(?!\b(?:what|which|who|whom|whose|when|where|why|how)\b)[^?]){0,160}?,\s*"
)
_BOOLEAN_START = re.compile(
    rf"^\s*(?:{_LEAD_IN})?(is|are|was|were|does|do|did|has|have|had|can|could|will|would|should|shall)\b", re.I
)
_DATE_RE = re.compile(
    # 'when' as the question word ('Based on its 10-K when did ...'), not a condition's ('the margin ... when
    # availability is', 'the rate, when a change of control occurs')
    r"^\W*when\b|\bwhen\s+(?:did|does|do|is|was|were|are|will|would|has|have|had|can|could|should|must|may|might)\b|"
    r"\b(?:since|until|till|as\s+of|from|by|me|know|say|state|indicate)\s+when\b|"
    r"\b(what date|which date|the date|on what day|by what date|effective date|deadline|due date|"
    r"matur\w+ date|(?:in )?(?:what|which) (?:year|month|day)|"
    r"(?:what|which)(?: (?!(?:is|was|were|are|the|to|up)\b)[\w-]+){1,3} date(?! fair| value| share| price)|"
    r"^\s*what (?:is|was|were|are) the (?:[\w-]+ ){0,3}(?<!to )date(?=\s+(?:of|for|on|when|that)\b|\s*\?)|"
    # 'What is the baseline year for ...?' (not 'the revenue for the year', 'the dividend per year')
    r"^\s*what (?:is|was|were|are) the "
    r"(?:(?!(?:for|per|of|in|the|a|each|this|last|that|next|prior|previous|current|same)\b)[\w-]+ ){0,2}year"
    r"(?=\s+(?:of|for|when|that)\b|\s*\?))\b",
    re.I,
)
_DURATION_RE = re.compile(  # a length or a frequency ('every year'), kept as written
    r"\b(how long|how many (?:days|weeks|months|years)|duration|for what period|how (?:often|frequently|regularly))\b",
    re.I,
)
_TABLE_RE = re.compile(  # a table asked, not 'table games' (a casino's) or 'table salt'
    r"\b(table(?!\s+(?:games?|salt|wines?))|breakdown|break down|tabulate|for each (year|segment|quarter))\b", re.I
)
_LIST_Q_RE = re.compile(r"\b(list|name all|enumerate|which (are|were)|what are the|what were the)\b", re.I)
_AMOUNT_RE = re.compile(
    r"\b(how (much|many)|amounts?|totals?|values?|usd|dollars?|millions?|billions?|thousands?|ratios?|margins?|"
    r"percent(age)?s?|rates?|eps|per share|revenues?|sales|income|earnings|profits?|loss(es)?|expenses?|costs?|"
    r"capex|expenditures?|spending|payments?|proceeds|cash flows?|debt|borrowings|assets|liabilities|equity|ebit|"
    r"charges|(?<!in\s)charge|gains|gain(?!\s+contingenc)|write-?offs|write-?downs|"
    r"prices?|dividends?|growth|fees?|compensation|salar(y|ies)|balance|turnover|ebitda|yield|depreciation|"
    r"amortization|impairments?|repurchases?|buybacks?|inventor(y|ies)|receivables?|payables?|"
    r"cash|shares outstanding|headcount|employees)\b|\$|%",
    re.I,
)
# "What were the capital expenditures ..." asks for amounts, not a list: the noun after
# "what are/were the" decides.
# the noun phrase asked, up to its first preposition: 'the Flexibles segment's net sales' (for ...), 'the components'
# (of net sales)
_LIST_OPENING = re.compile(
    r"\bwhat (?:are|were) (?:the )?((?:(?!(?:for|in|at|of|during|on|as|from|by|to|under|over)\b)[^\s?]+\s+){0,5}"
    r"(?!(?:for|in|at|of|during|on|as|from|by|to|under|over)\b)[^\s?]+)",
    re.I,
)


def _asks_for_amounts(question: str) -> bool:
    opening = _LIST_OPENING.search(question)
    return bool(
        opening and _AMOUNT_RE.search(opening.group(1)) and not re.search(r"\b(list|name|enumerate)\b", question, re.I)
    )


# Questions after a reason, a description or a policy want words, whatever figures they mention:
# "Why did net income increase?", "What is the company's dividend policy?".
_EXPLAIN_OPENER = re.compile(
    r"^\s*(why|where|how (?:did|does|do|has|have|is|are|was|were|can|could|should|would|will)|describe|explain|discuss|"
    r"summari[sz]e|what (?:drove|caused|explains))\b",
    re.I,
)
# 'What did the charges relate to?' asks what a figure is about, not the figure
_RELATES = re.compile(r"\b(?:relate[sd]?|pertain(?:s|ed)?|consist(?:s|ed)?)\s+(?:to|of)\s*\?\s*$", re.I)
# "Which segment had the largest sales?" asks for a name, whatever figure it compares by
# (also after a lead-in clause: 'After the euro, which currency ...'; 'At the time of ..., what source of funds ...')
_WHICH_NAME = re.compile(
    r"(?:^\s*|,\s+)(which|what) (?-i:[A-Z][\w&'’.-]*\s+){0,3}"  # 'Which MGM executive'
    r"(segment|company|business|product|region|country|brand|unit|subsidiary|division|"
    r"currenc(?:y|ie)|source|customer|supplier|market|facilit(?:y|ie)|executive|officer|director|person|"
    r"individual|auditor|firm|bank|lender|trustee|underwriter|agenc(?:y|ie)|counterpart(?:y|ie))s?\b"
    r"(?!\s+(?:value|cap\w*|shares?|translation|impact|deposits?|counts?|size|price|rate|risk|fees?|compensation|"
    r"borrowings?|loans?|commitments?|expenses?|costs?|payments?|pay)\b)"
    r"|(?:^\s*|,\s+)who\b"  # 'Who spoke about the share buyback program?' asks a name, whatever figure it names
    r"|(?:^\s*|,\s+)(?:which|what)\s+(?:[a-z-]+\s+)?categor(?:y|ies)\b",  # 'Which revenue category includes ...'
    re.I,
)
EXPLAIN_NOUN = re.compile(r"\b(policy|policies|strategy|strategies|approach|reasons?|drivers?|explanation)\b", re.I)
# a figure asked for in so many words outweighs a noun like 'policy' ('dividend per share ... under its policy')
_QUANTITY_CUE = re.compile(
    r"\bhow (much|many)\b|\bper share\b|\$|%|\b(amount|total|value|ratio|margin|rate|number of|percent(age)?)\b", re.I
)


def answer_shape(question: str) -> AnswerShape:
    """The kind of answer the question expects."""
    if _BOOLEAN_START.match(question):  # 'Was the table games win percentage below ...?' asks yes or no
        return "boolean"
    if _TABLE_RE.search(question):
        return "table"
    explains = (
        _EXPLAIN_OPENER.search(question)
        or _RELATES.search(question)
        or _WHICH_NAME.search(question)
        or (EXPLAIN_NOUN.search(question) and not _QUANTITY_CUE.search(question))
    )
    if explains and not re.search(r"\bhow (much|many)\b", question, re.I):
        return "list" if _LIST_Q_RE.search(question) and not _asks_for_amounts(question) else "text"
    if ratios_in(question) or stated_definition(question):  # 'inventory turnover ... defined as COGS / ...'
        return "amount"
    if _DATE_RE.search(question) and not _DURATION_RE.search(question):
        return "date"
    if _LIST_Q_RE.search(question) and not _asks_for_amounts(question):
        return "list"
    if _DURATION_RE.search(question):
        return "text"  # '30 days', 'until the end of the term': kept as written
    if _AMOUNT_RE.search(question) or _asks_what_a_line_item_is(question):
        return "amount"
    return "text"


_WHAT_IS = re.compile(r"^\s*what (?:is|was|were|are)\b", re.I)


def _asks_what_a_line_item_is(question: str) -> bool:
    """'What was property, plant and equipment in 2025?': the value of a line item the vocabulary knows."""
    return bool(_WHAT_IS.search(question)) and any(concept(c) is not None for c in concepts_in(question).concepts)


_NAME_QUESTION = re.compile(
    r"^\s*(who|whom|whose|what is the name|what was the name|which (person|company|firm|auditor))\b", re.I
)
_COMPARISON = re.compile(
    r"\b(compare[ds]?|comparison|versus|vs\.?|change[ds]? (from|between)|each|all|both|trend)\b"
    r"|\w+, [^,?]+,? and ",  # several things named: 'stores, net sales and dividends'
    re.I,
)


def chunk_strategy(question: str, shape: AnswerShape, parts: list[SubQuestion]) -> ChunkStrategy:
    """sequential for a question after one fact (an amount, a date, yes/no, a name); combined otherwise. A ratio
    (named or defined) is several facts, its operands: they often sit on different statements, and a call that
    sees one of them cannot compute it."""
    if parts or _COMPARISON.search(question) or ratios_in(question) or stated_definition(question):
        return "combined"
    if shape in ("amount", "date", "boolean") or (shape == "text" and _NAME_QUESTION.search(question)):
        return "sequential"
    return "combined"


class SubQuestion(BaseModel):
    """One part of a question that asks several things."""

    text: str
    shape: AnswerShape
    duration: bool = Field(default=False, description="the part asks how long something lasts")


# A second part starts with a question word after 'and', ';' or a question mark.
_QUESTION_WORD = (
    r"(?:what|when|how|which|who|whom|whose|where|why|is|are|was|were|does|do|did|has|have|had|can|could|will)\b"
)
_WH_WORD = r"(?:what|when|how|which|who|whom|whose|where|why)\b"
# after '?' or ';' any question word opens a part; after 'and' only a wh-word ('and is late by ...' is
# one condition, 'and when are refunds issued' a second question)
_PART_BREAK = re.compile(rf"(?:\?\s+|;\s*)(?={_QUESTION_WORD})|,?\s+and\s+(?={_WH_WORD})", re.I)


def split_parts(question: str) -> list[SubQuestion]:
    """The parts of a question that asks several things, each with its own shape; [] for one thing.

    'How long is the refund window and when are refunds issued?' has two parts: a duration
    and a date. 'What were revenue and net income in 2022?' is one question (its second half
    does not open with a question word).
    """
    pieces = [p.strip(" ,;") for p in _PART_BREAK.split(question) if p.strip(" ,;?")]
    if len(pieces) < 2 or any(len(p.split()) < 3 for p in pieces):
        return []
    return [
        SubQuestion(
            text=p if p.endswith("?") else p + "?", shape=answer_shape(p), duration=bool(_DURATION_RE.search(p))
        )
        for p in pieces
    ]


# --------------------------------------------------------------------------- brief

_CURRENCIES = {
    "usd": "USD",
    "us$": "USD",
    "$": "USD",
    "dollar": "USD",
    "eur": "EUR",
    "€": "EUR",
    "euro": "EUR",
    "gbp": "GBP",
    "£": "GBP",
    "jpy": "JPY",
    "¥": "JPY",
}
_UNIT_RE = re.compile(r"\b(thousands|millions|billions)\b", re.I)
_DECIMALS_RE = re.compile(r"(round\w*|decimal)[^.?]*?\b(\d|one|two|three)\b[^.?]*?decimal", re.I)
_PERIOD_RE = re.compile(r"\b(?:fy|fiscal(?: year)?)\s*'?(\d{2}|\d{4})\b|\b(q[1-4])\s*(?:fy)?\s*'?(\d{2,4})\b", re.I)
_DISTINCTIONS = [
    (r"\bnet\b", r"\bgross\b", "net vs gross figures"),
    (r"\bgaap\b", r"non-?gaap|adjusted", "GAAP vs non-GAAP (adjusted) figures"),
    (r"\bdiluted\b", r"\bbasic\b", "diluted vs basic per-share figures"),
    (r"continuing operations", r"discontinued", "continuing vs discontinued operations"),
]


def generation_brief(question: str, shape: AnswerShape) -> GenerationBrief:
    """Format constraints, distinctions and disambiguation notes implied by the question."""
    folded = fold(question)
    constraints: list[str] = []
    for marker, code in _CURRENCIES.items():
        if marker in folded if not marker.isalpha() else re.search(rf"\b{marker}\b", folded):
            constraints.append(f"currency: {code}")
            break
    if unit := _UNIT_RE.search(folded):
        constraints.append(f"unit: {unit.group(1).lower()}")
    if "%" in folded or re.search(r"\bpercent(age)?\b", folded):
        constraints.append("express as a percentage")
    if decimals := _DECIMALS_RE.search(folded):
        constraints.append(f"round to {decimals.group(2)} decimal places")
    periods = sorted({m.group(0).upper().replace(" ", "") for m in _PERIOD_RE.finditer(question)})
    if periods:
        constraints.append("period: " + ", ".join(periods))
    if shape == "date":
        constraints.append("date format: ISO 8601 (YYYY-MM-DD)")
    distinctions = [label for a, b, label in _DISTINCTIONS if re.search(a, folded) or re.search(b, folded)]
    notes: list[str] = []
    if len(periods) > 1:
        notes.append("several periods are named: give the value for each, labelled by period")
    if re.search(r"\bfiscal|\bfy\b", folded):
        notes.append("fiscal years may not match calendar years: use the document's fiscal year labels")
    return GenerationBrief(format_constraints=constraints, distinctions=distinctions, disambiguation=notes)


# ------------------------------------------------------------------------ keywords


def _keywords(question: str, use_synonyms: bool) -> list[Keyword]:
    seen: set[str] = set()
    keywords: list[Keyword] = []
    for token in re.findall(r"[A-Za-z0-9&%$.,'-]+", question):
        cleaned = token.strip(".,'?-")
        terms = tokenize(cleaned)
        if not terms or fold(cleaned) in seen:
            continue
        seen.add(fold(cleaned))
        keywords.append(Keyword(text=cleaned, weight=1.0, source="direct"))
    if not use_synonyms:
        return keywords
    plain_question = _plain(question)
    stemmed_question = " " + " ".join(tokenize(question)) + " "
    for alternative in _search_phrases(question, plain_question, stemmed_question):
        if alternative not in seen:
            seen.add(alternative)
            keywords.append(Keyword(text=alternative, weight=0.6, source="domain"))
    for wording, weight in concept_wordings(search_text(question)):
        if wording not in seen and not _mentions(wording, plain_question, stemmed_question):
            seen.add(wording)
            keywords.append(Keyword(text=wording, weight=weight, source="domain"))
    return keywords


def topic_phrases(question: str) -> list[str]:
    """The phrases the domain table's topics give for what *question* names in a reader's words ('headquartered':
    'principal executive offices'); a line item's or a ratio's search phrases (a ratio's operands) are not them."""
    plain, stemmed = _plain(question), " " + " ".join(tokenize(question)) + " "
    return [p for t in table().topics if _mentions(t.phrase, plain, stemmed) for p in t.search]


def _search_phrases(question: str, plain_question: str, stemmed_question: str) -> list[str]:
    """The phrases the domain table adds to a search for the wordings *question* mentions: a line item's or a
    ratio's ('capex': purchases of property plant and equipment), a topic's ('buyback': repurchases of common
    stock)."""
    rows: tuple[LineItem | RatioRow, ...] = (*table().line_items, *table().ratios)
    searches = [entry for row in rows for entry in row.search]
    phrases = [p for said, added in searches if _mentions(said, plain_question, stemmed_question) for p in added]
    phrases += [p for t in table().topics if _mentions(t.phrase, plain_question, stemmed_question) for p in t.search]
    return phrases


def implied_sections(question: str, named: list[str]) -> list[str]:
    """The sections that usually hold what *question* asks for, beyond the *named* ones: the statement its line
    items (or a ratio's operands) are presented on, and a topic's section ('working capital': the balance sheet)."""
    found = concepts_in(question, asides=True).concepts
    rows: tuple[LineItem | RatioRow, ...] = (*table().line_items, *table().ratios)
    kinds = {k for row in rows if row.id in found for k in row.statements}
    sections = {table().section_of(kind) for kind in kinds}
    plain, stemmed = _plain(question), " " + " ".join(tokenize(question)) + " "
    sections |= {t.section for t in table().topics if t.section and _mentions(t.phrase, plain, stemmed)}
    return sorted(sections - set(named))


SECTION_QUESTION_RE = {name: re.compile(question, re.I) for name, (question, _) in table().section_patterns().items()}


def _mentions(phrase: str, plain_question: str, stemmed_question: str) -> bool:
    """Whether the question (given plain and stemmed) mentions *phrase*, in either form."""
    stemmed_phrase = " ".join(tokenize(phrase))
    return _plain(phrase) in plain_question or (bool(stemmed_phrase) and f" {stemmed_phrase} " in stemmed_question)


def _plain(text: str) -> str:
    return " " + " ".join(re.findall(r"[a-z0-9&]+", fold(text))) + " "


# Instruction sentences are found by grammar, not by a list of words seen in questions:
# - an imperative clause opening a sentence: its first word is a task verb in base form. The verbs
#   are the command words of exam papers (AQA's GCSE command-word glossary: analyse, calculate,
#   compare, describe, determine, estimate, explain, give, identify, list, outline, show, use, ...)
#   and the verbs exam rubrics open with ("Answer all questions", "Express ... as a percentage",
#   "Round to ...", "Provide ...", "Respond ...", "Include ...", "Assume ...", "Consider ...");
# - a non-finite clause opening a sentence before a comma ("Using the ..., what ...?", "Based on
#   ..., ...", "Assuming ..., ..."): an -ing or past participle with no subject;
# - a request about the task: a first or second person subject, a modal or 'need/want', and a
#   to-infinitive ("We need to ...", "You should ...", "I would like you to ...").
# In such a clause the verbs (the opening one, a gerund after 'by', a participle after a noun) and
# the nouns an exam rubric uses for the task itself (same source: answer, question, response,
# working, information, details, units) are dropped; everything else (what to use or find) is kept.
TASK_VERBS = frozenset(
    """analyse analyze answer apply assess assume calculate compare complete compute consider
    define describe determine discuss estimate evaluate explain express find give identify include
    interpret justify list outline please provide recall respond round select show summarise
    summarize suggest tell use""".split()
)
RUBRIC_NOUNS = frozenset(
    "answer answers question questions response responses working information details units".split()
)
_MODAL = r"(?:would|will|shall|should|must|may|might|can|could)"
_REQUEST_OPENER = re.compile(
    rf"^\W*(?:we|i|you)\s+(?:{_MODAL}\s+)?(?:needs?|wants?|like|have|are\s+asked|be\s+asked)\s+(?:you\s+)?to\s+[a-z]+\b"
    rf"|^\W*(?:we|i|you)\s+{_MODAL}\s+(?!not\b)[a-z]+\b",
    re.I,
)
# a non-finite clause opening a sentence and ending at its first comma: 'Using the X,', 'Based on X,'
_NONFINITE_OPENER = re.compile(
    r"^\W*(?:[a-z]+ing\s+(?=(?:the|a|an|this|that|these|those|its|their|only|all|on|upon|to)\b)"
    r"|[a-z]+ed\s+(?=(?:on|upon)\b))[^,?]*,",
    re.I,
)
# verbs inside an instruction clause: a gerund after 'by'/'when'/..., or before 'on'/'to' ('relying on')
_CLAUSE_VERBS = re.compile(
    r"\b(?:by|when|while|after|before)\s+[a-z]+ing\b|\b[a-z]+ing\s+(?=(?:on|upon|to|the|a|an)\b)", re.I
)
_PARTICIPLE_AFTER_RUBRIC = re.compile(
    rf"\b((?:{'|'.join(sorted(RUBRIC_NOUNS))}))\s+(?:[a-z]+(?:ed|en|wn)|given|shown|set\s+out|outlined)\b", re.I
)
_SENTENCE_END = re.compile(r"(?<=[.?!;:])\s+")
# Answer-format phrases, anywhere in the question: the brief reads them from the original question.
_FORMAT_PHRASES = re.compile(
    r"\(\s*(?:in\s+)?(?:usd|us\$|\$|eur|gbp|jpy)?\s*(?:thousands|millions|billions)?\s*\)"
    r"|\b(?:round(?:ed|ing)?|expressed?)\b[^.?!;]*?\b(?:decimal places?|decimals|percent(?:age)?|whole numbers?)\b"
    r"|\bin\s+(?:usd|us\$|eur|gbp|jpy)(?:\s+(?:thousands|millions|billions))?\b",
    re.I,
)


# a sentence about the reader ('you are', 'you're'): a premise of the request, not its subject
_ABOUT_THE_READER = re.compile(r"\byou\s+are\b|\byou['’]re\b|\bact\s+as\b", re.IGNORECASE)


def search_text(question: str) -> str:
    """The words of *question* to search for: answer-format phrases and instruction clauses removed.

    The question itself is untouched elsewhere: the model reads it whole and the brief reads its
    format constraints from it.
    """
    kept: list[str] = []
    for sentence in _SENTENCE_END.split(_FORMAT_PHRASES.sub(" ", question)):
        if _ABOUT_THE_READER.search(sentence) and not sentence.rstrip().endswith("?"):
            continue  # 'Assume that you are a public equities analyst.': the asker's role, nothing to search for
        kept.append(_without_instruction(sentence))
    return " ".join(part for part in kept if part.strip())


def _without_instruction(sentence: str) -> str:
    """*sentence* with its instruction clause (imperative, non-finite opener, request) reduced to its objects."""
    request = _REQUEST_OPENER.match(sentence)
    if request:
        return _clause_objects(sentence[request.end() :])
    opener = _NONFINITE_OPENER.match(sentence)
    if opener:
        return _clause_objects(_after_first_word(opener.group(0))) + " " + sentence[opener.end() :]
    words = re.findall(r"[A-Za-z][A-Za-z'&-]*", sentence)
    if words and words[0].lower() == "please":
        sentence, words = _after_first_word(sentence), words[1:]
    if not words or words[0].lower() not in TASK_VERBS:
        return sentence
    if sentence.rstrip().endswith("?") and "," in sentence:
        # 'Use the statement, what were the line items?': only the opening clause instructs
        clause, rest = sentence.split(",", 1)
        return _clause_objects(_after_first_word(clause)) + " " + rest
    return _clause_objects(_after_first_word(sentence))


def _after_first_word(text: str) -> str:
    parts = text.split(None, 1)
    return parts[1] if len(parts) > 1 else ""


def _clause_objects(clause: str) -> str:
    """What an instruction clause names (a statement, a table, a line item): its verbs and rubric nouns dropped."""
    clause = _PARTICIPLE_AFTER_RUBRIC.sub(r"\1", clause)
    clause = _CLAUSE_VERBS.sub(" ", clause)
    words = [w for w in clause.split() if w.strip(".,;:?!()'\"").lower() not in RUBRIC_NOUNS]
    return " ".join(words)


# the words that point at a page ('according to page 4', 'as shown on page 4') say where, not what
def check_question(question: str) -> str:
    """The question with surrounding whitespace removed; UsageError when it is empty or too long."""
    text = strip_controls(question).strip()
    if not text:
        raise UsageError(
            "the question is empty",
            'write the question in quotes, e.g. docintel ask "What is the refund window?" report.pdf',
        )
    if len(text) > MAX_QUESTION_CHARS:
        raise UsageError(
            f"the question is {len(text):,} characters long; the limit is {MAX_QUESTION_CHARS:,}",
            "ask a shorter question; put long material in a PDF and pass it as a document",
        )
    return text


def parse_question(question: str, *, use_synonyms: bool = True) -> ParsedQuestion:
    """Read *question* into a ParsedQuestion (deterministic, no model call)."""
    shape = answer_shape(question)
    parts = split_parts(question)
    sections = [name for name, pattern in SECTION_QUESTION_RE.items() if pattern.search(question)]
    implied = implied_sections(question, sections)
    return ParsedQuestion(
        question=question,
        keywords=_keywords(strip_page_references(search_text(question)), use_synonyms),
        expected_answer_shape=shape,
        pages_hint=parse_page_hints(question),
        section_hints=sections,
        implied_sections=implied,
        brief=generation_brief(question, shape),
        entities=question_entities(question),
        parts=parts,
        chunk_strategy=chunk_strategy(question, shape, parts),
    )
