"""The shortcuts of ingest's passes change no result: a table pass run on a piece of a document and moved into
place, the statement-caption test's word filter, the period pattern's first-character test."""

from __future__ import annotations

import re

from docintel.domain import STATEMENT_KINDS, table
from docintel.ingest import statements
from docintel.ingest.tables import shifted, table_data
from docintel.periods import find_periods

PAGE_1 = [
    "Acme Corp",
    "(in millions, except per share data)",
    "Year Ended December 31, 2023 2022",
    "Net sales $ 5,363 $ 4,869",
    "Cost of sales 3,100 2,950",
    "Net income 410 334",
]
PAGE_2 = [
    "Selected data",
    "(Thousands) 2023 2022 2021",
    "Stores at year end 412 398 377",
    "Revenue per store (1) 12.5 11.9 11.2",
    "Notes follow.",
]
PAGE_3 = ["Fiscal 2015", "Fiscal 2014", "Operating income 1,250.0 1,100.0", "Basic 2.10 1.95"]


def test_tables_read_in_pieces_and_moved_into_place_are_the_whole_documents_tables():
    pages = [1] * len(PAGE_1) + [2] * len(PAGE_2) + [3] * len(PAGE_3)
    texts = PAGE_1 + PAGE_2 + PAGE_3
    whole = table_data(pages, texts)
    assert len(whole) == 3 and whole[1]["rows"][0]["line"] == len(PAGE_1) + 3
    for cut in (len(PAGE_1), len(PAGE_1) + len(PAGE_2)):  # pieces end where a page ends
        joined = table_data(pages[:cut], texts[:cut]) + shifted(table_data(pages[cut:], texts[cut:]), cut)
        assert joined == whole


def test_every_statement_caption_holds_a_caption_word_so_lines_without_one_are_passed_over():
    captions = [table().statement(kind).caption for kind in STATEMENT_KINDS]
    assert statements._required_words(captions, ("statement", "balance")) == ("statement", "balance")
    assert statements._CAPTION_WORDS == ("statement", "balance")
    # a pattern that can match without the words turns the filter off instead of missing captions
    assert statements._required_words([r"results\s+of\s+operations|statements?"], ("statement",)) is None
    assert statements._required_words([r"(?:statement)?\s+of\s+income"], ("statement",)) is None
    assert statements._required_words([r"statemen?t\s+of"], ("statement",)) is None
    assert statements._required_words([r"[s]tatement|balance\s+sheet"], ("statement", "balance")) is None


def test_the_caption_word_filter_agrees_with_the_caption_patterns():
    lines = [
        "CONSOLIDATED BALANCE SHEETS",
        "Consolidated Statements of Cash Flows (in millions)",
        "Condensed Consolidated Statements of Operations (Unaudited)",
        "Consolidated ſtatements of Comprehensive Income",  # a long s: the patterns match it case-blind
        "Total assets 1,000 900",
        "Income before income taxes",
        "Balance at December 31, 2023",
    ]
    for line in lines:
        unfiltered = [
            k
            for k, p in statements._CAPTIONS.items()
            if (m := p.search(line))
            and statements._NAME_BEFORE.match(line[: m.start()])
            and statements._AFTER.match(line[m.end() :])
        ]
        if not statements._may_name_statement(line):
            assert unfiltered == [], line
        assert statements._caption(line) == unfiltered, line
    assert statements._caption(lines[3]) == ["comprehensive_income"]


def test_the_period_patterns_first_character_test_changes_no_match():
    plain = re.compile(_plain_period_pattern(), re.IGNORECASE)
    for text in (
        "Year Ended June 30, 2023 2022 2021",
        "SEPT. 30, 2021 and Dec 31 2020",
        "FY2023Q1, fiscal year 2022, FY'21, Q3 2022, fourth quarter of fiscal 2019",
        "Three Months Ended March 31, 2022 (1,2019) 20190 $2018 2017%",
        "Fiscal 2015 Fiscal 2014 % Change 2015-2014",
    ):
        expected = [(m.group(0).strip(), m.start(), m.end()) for m in plain.finditer(text)]
        assert [(p.text, p.start, p.end) for p in find_periods(text)] == expected, text


def _plain_period_pattern() -> str:
    """The period pattern without its leading first-character test."""
    from docintel.periods import _PERIOD

    prefix = "(?=[jfmasondqt12])(?:"
    assert _PERIOD.pattern.startswith(prefix) and _PERIOD.pattern.endswith(")")
    return _PERIOD.pattern[len(prefix) : -1]


def _twice(values: list[int]) -> list[int]:
    return [2 * v for v in values]


def test_beside_gives_the_value_the_function_gives() -> None:
    """A function run in a forked child gives what it gives when called here; a child that fails (or a function
    that cannot be sent back) is made up for by calling it here; a block left early stops the child."""
    import os

    from docintel.ingest.forked import beside

    with beside(lambda: _twice(list(range(50_000)))) as pending:
        forked = pending.pid is not None
        assert pending.result() == _twice(list(range(50_000)))
    assert forked or os.name != "posix"
    with beside(lambda: _twice([1]), fork=False) as pending:
        assert pending.pid is None and pending.result() == [2]
    parent = os.getpid()
    with beside(lambda: 1 if os.getpid() == parent else os._exit(3)) as pending:  # the child dies: made here
        assert pending.result() == 1
    with beside(lambda: (lambda: 0) if os.getpid() != parent else 5) as pending:  # a lambda cannot be pickled
        assert pending.result() == 5
    import time

    def hangs_in_the_child() -> int:
        if os.getpid() != parent:
            time.sleep(30)
        return 7

    started = time.monotonic()
    with beside(hangs_in_the_child) as pending:  # a child that hangs is stopped at the deadline: made here
        assert pending.result(timeout=0.5) == 7 and time.monotonic() - started < 10
    try:
        with beside(lambda: _twice([1])) as pending:
            raise KeyError("the caller fails first")
    except KeyError:
        assert pending.pid is None  # stopped and reaped, not left behind


def test_the_last_introducing_sentence_is_the_patterns_last_match() -> None:
    """factscope.last_introduction finds from the end what the last match of _INTRODUCES is."""
    import random

    from docintel.ingest.factscope import _INTRODUCES, last_introduction

    def expected(text: str) -> str | None:
        found = [m.group(0) for m in _INTRODUCES.finditer(text)]
        return found[-1] if found else None

    pieces = ["follows", "below", "BELOW", "Follows", "swallows", "belowground", "as", "the", "followſ", " ", "  "]
    pieces += [".", ":", ":", "(in millions)", "is presented", "x", "\n", "follows:", "below.", "é", "_below"]
    rng = random.Random(7)
    for _ in range(5000):
        text = "".join(rng.choice(pieces) + rng.choice(["", " "]) for _ in range(rng.randint(0, 14)))
        assert last_introduction(text) == expected(text), text
    text = "The results of the equity method investees are presented below (in millions): Total 5 3"
    assert last_introduction(text) == expected(text) == text[: text.index(":") + 1]


def test_the_scale_statement_words_first_letter_test_changes_no_match() -> None:
    """factpage's scale-statement pattern with its first-letter lookahead finds what the words alone find, also
    where case-blind matching takes other letters for theirs ('ſ' for 's', 'ı' for 'i')."""
    from docintel.ingest.factpage import _STATED

    plain = re.compile(r"\b(?:presented|stated|expressed|reported|shown|are|in)\b", re.IGNORECASE)
    words = ["presented", "stated", "expressed", "reported", "shown", "are", "in"]
    texts = ["Dollars in millions", "amounts ARE Shown below", "(in thousands)", "prINted", "a rein", "x"]
    for word in words:
        for i in range(len(word)):
            for char in ("ſ", "ı", "İ", "K", "S", "I", "x", " "):
                texts.append(f"x {word[:i]}{char}{word[i + 1 :]} y")
    for text in texts:
        expected = plain.search(text)
        found = _STATED.search(text)
        assert (found and found.span()) == (expected and expected.span()), text


def test_the_number_patterns_first_character_test_changes_no_match() -> None:
    """numbers._NUMBER's lookahead (a character that starts a part, or spaces before one) rejects only positions
    where the pattern alone finds no match either."""
    import random

    from docintel.numbers import _NUMBER

    prefix = r"(?=[(\-−–$€£¥\d.]|\s+[\-−–$€£¥\d.])"
    assert _NUMBER.pattern.startswith(prefix)
    plain = re.compile(_NUMBER.pattern[len(prefix) :], re.IGNORECASE)
    pieces = ["(", ")", "-", "−", "–", "$", "€", " ", "  ", "\t", "1", "12", "1,577", ".5", "3.25", "%", "a", "M"]
    pieces += ["million", "bn", "percent", "k", "Q", ",", "x", "—"]
    rng = random.Random(11)
    texts = ["Net sales $ 5,363 $ 4,869", " (370) -12.5 $3.1bn 1.2 billion", "up  12% to $ 1.2 million (a) 2023"]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 12))) for _ in range(4000)]
    for text in texts:
        expected = [(m.span(), m.groupdict()) for m in plain.finditer(text)]
        assert [(m.span(), m.groupdict()) for m in _NUMBER.finditer(text)] == expected, text


def test_a_reference_before_a_number_is_found_from_the_end_as_the_pattern_finds_it() -> None:
    """factsentences._names_reference tries _REFERENCE only near the end, where its match must begin; the scale
    pattern's first-letter lookahead changes no match either."""
    import random

    from docintel.ingest.factscope import _ANY_SCALE_WORD
    from docintel.ingest.factsentences import _REFERENCE, _names_reference

    words = ["item", "Items", "note", "statement", "STATEMENT", "no.", "#", "ASC", "subtopic", "series", "class"]
    pieces = [*words, " ", "  ", "\u00a0", "\t", "see", "x", ".", "(", "5", "ſeries", "ıtem", "mıllion", "thousand"]
    rng = random.Random(5)
    plain = re.compile(r"thousand|million|billion", re.IGNORECASE)
    for _ in range(5000):
        text = "".join(rng.choice(pieces) + rng.choice(["", " "]) for _ in range(rng.randint(0, 10)))
        assert _names_reference(text) == (_REFERENCE.search(text) is not None), text
        found, expected = _ANY_SCALE_WORD.search(text), plain.search(text)
        assert (found and found.span()) == (expected and expected.span()), text
