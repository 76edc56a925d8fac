"""What the model reads: vocabulary, split words, heading paths, table headers, prompt order, question parts."""

from __future__ import annotations

import json

import pytest

from docintel.context.pack import pack_context
from docintel.domain import table
from docintel.ingest.documents import Ingestor
from docintel.question.parse import parse_question
from docintel.retrieval.search import doc_index, retrieve
from docintel.settings import load_settings
from docintel.textnorm import rejoin_split_words, tokenize, word_counts


def filler(topic: str, n: int) -> list[str]:
    return [f"{topic} note {i}: the committee reviewed {topic} matters and noted routine items." for i in range(n)]


def prepare(paths, question, budget=12000, **overrides):
    settings = load_settings(overrides)
    docs = Ingestor(settings).ingest(paths).documents
    retrieval = retrieve(parse_question(question), docs, settings)
    return docs, retrieval, pack_context(retrieval, docs, settings, budget)


# ---------------------------------------------------------------------------- vocabulary


def test_words_a_document_means_something_by_are_searchable():
    assert "resourc" in tokenize("Liquidity and Capital Resources")
    assert {"stat", "company", "incorporat"} <= set(tokenize("In which state is the company incorporated?"))
    assert "data" in tokenize("Selected Financial Data")


def test_state_company_and_resources_find_their_page(make_pdf):
    pages = [filler("weather", 12), ["The company is incorporated in the State of Delaware.", *filler("harbour", 6)]]
    pages.append(["Liquidity and Capital Resources", "Our resources fund operations.", *filler("garden", 6)])
    pdf = make_pdf("charter.pdf", pages)
    _, retrieval, _ = prepare([pdf], "In which state is the company incorporated?", use_escalation=False)
    first = retrieval.candidates[0]
    assert first.passage.page == 2 and {"stat", "company"} <= set(first.matched_terms)
    _, retrieval, _ = prepare([pdf], "What are the capital resources?")
    assert retrieval.candidates[0].passage.page == 3 and "resourc" in retrieval.candidates[0].matched_terms


def test_instruction_words_are_dropped_from_the_question_only():
    # instruction clauses are recognised by grammar (see tests/test_question.py), worded here, not by the dev split
    parsed = parse_question(
        "What was the revenue in FY2022? Provide an answer by drawing on the information "
        "given in the income statement. Round your answer to two decimal places."
    )
    direct = {k.text.lower() for k in parsed.keywords if k.source == "direct"}
    assert {"revenue", "income", "statement", "fy2022"} <= direct
    assert not direct & {"provide", "answer", "drawing", "information", "given", "round", "decimal", "places"}
    assert "round to two decimal places" in parsed.brief.format_constraints  # read from the original question
    request = parse_question("We need to work out the payout ratio. What was the net income of Acme?")
    words = {k.text.lower() for k in request.keywords}
    assert not words & {"need", "work"} and {"payout", "ratio", "net", "income"} <= words
    assert {"need", "calculat"} <= set(tokenize("Management will need to calculate reserves."))
    # the sentence that asks keeps every word; documents keep every word
    assert {"state", "details"} <= {k.text for k in parse_question("Which state details were filed?").keywords}
    assert {"rely", "detail"} <= set(tokenize("Relying on these details, the board acted."))


def test_the_dictionary_holds_no_question_specific_entries():
    removed = {"ppne", "capital intensive", "fcf conversion", "cashflow", "growth", "m&a", "organic growth"}
    removed |= {"industry", "geographies", "geography", "legal battles", "cyclicality", "customers", "spin off"}
    removed |= {"liquidity"}
    phrases = table().wordings() | {t.phrase for t in table().topics}
    assert not removed & phrases
    assert not {"topline", "capital intensive"} & phrases


# -------------------------------------------------------------------------- split words


def test_split_words_are_rejoined_for_search_only():
    counts = word_counts(["Financial statements and financial data.", "Consolidated Financi al Statements"])
    assert rejoin_split_words("Consolidated Financi al Statements", counts) == "Consolidated Financial Statements"
    counts = word_counts(["Cash flows and other flows", "Cash Flow s"])
    assert rejoin_split_words("Cash Flow s", counts) == "Cash Flows"
    counts = word_counts(["Each asset and every asset.", "as set forth below", "a set of rules"])
    assert rejoin_split_words("as set forth", counts) == "as set forth"  # 'set' is a word of its own here
    assert rejoin_split_words("the set", counts) == "the set"
    assert word_counts(["The Cash Flows.", "flows"]) == {
        "the": 1,
        "cash": 1,
        "flows": 2,
        "the cash": 1,
        "cash flows": 1,
    }


def test_a_split_word_in_a_document_is_found_and_quoted_as_printed(make_pdf):
    pages = [filler("weather", 10), ["Consolidated Financi al Statements", "Net sales rose."], filler("harbour", 8)]
    pages[0] += ["Financial statements are audited.", "The financial position is sound."]
    pdf = make_pdf("split.pdf", pages)
    docs, retrieval, context = prepare([pdf], "Where are the consolidated financial statements?", budget=900)
    top = retrieval.candidates[0]
    assert top.passage.page == 2 and "financial" in top.matched_terms
    assert "Consolidated Financi al Statements" in context.rendered  # the line text itself is untouched
    assert "financial" in doc_index(docs[0], 8).tokens[[p.page for p in doc_index(docs[0], 8).passages].index(2)]


def test_a_question_word_is_fitted_to_the_words_the_document_writes(make_pdf):
    pages = [filler("weather", 10), ["Free cash flow was 120 million in the year."], filler("harbour", 8)]
    pdf = make_pdf("flow.pdf", pages)
    _, retrieval, _ = prepare([pdf], "What was free cashflow?")
    assert retrieval.candidates[0].passage.page == 2
    assert {"cash", "flow"} <= set(retrieval.candidates[0].matched_terms)
    _, retrieval, _ = prepare([pdf], "What was free cash fl ow?")  # a question pasted from a split PDF line
    assert retrieval.candidates[0].passage.page == 2 and "flow" in retrieval.candidates[0].matched_terms


def test_a_dotted_abbreviation_is_the_word_a_question_writes(make_pdf):
    assert tokenize("U.S. sales; the U.K; e.g. www.sec.gov 3.4%") == [
        "us",
        "sale",
        "uk",
        "www",
        "sec",
        "gov",
        "pct",
        "3.4",
    ]
    pages = [
        filler("weather", 10),
        ["Regional sales", "U.S. $12,516 $12,163", "Europe 9,101 9,930"],
        filler("harbour", 8),
    ]
    pdf = make_pdf("regions.pdf", pages)
    _, retrieval, _ = prepare([pdf], "What were US sales?")
    assert retrieval.candidates[0].passage.page == 2 and "us" in retrieval.candidates[0].matched_terms


# -------------------------------------------------------------------------- heading paths

ITEMS = ["Business", "Risk Factors", "Properties", "Legal Proceedings", "Market", "Selected Data", "MD&A", "Statements"]
TOC = ["Table of Contents"] + [f"Item {n}. {title}" for n, title in enumerate(ITEMS, start=1)]


def test_heading_paths_without_an_outline_come_from_items_notes_and_page_titles(make_pdf):
    pages = [
        TOC,
        ["Forward-Looking Statements", *filler("outlook", 6)],
        ["PART II", "Item 7. Management Discussion and Analysis", *filler("margin", 10)],
        ["CONSOLIDATED STATEMENTS OF OPERATIONS", *filler("operations", 6)],
        ["Item 8.", "Financial Statements and Supplementary Data", "NOTE 5. Income Taxes", *filler("tax", 6)],
    ]
    docs, _, _ = prepare([make_pdf("no_outline.pdf", pages)], "taxes")
    paths = {p.page: p.heading_path for p in doc_index(docs[0], 8).passages}
    assert paths[1] == [] and paths[2] == ["Forward-Looking Statements"]  # a table of contents sets no path
    item7 = ["PART II", "Item 7. Management Discussion and Analysis"]
    assert paths[3][:2] == item7
    assert paths[4] == [*item7, "CONSOLIDATED STATEMENTS OF OPERATIONS"]
    assert paths[5][:3] == ["PART II", "Item 8. Financial Statements and Supplementary Data", "NOTE 5. Income Taxes"]


def test_item_and_note_headings_with_several_marks_after_the_number(make_pdf):
    pages = [
        ["PART I", "Item 1. - Business", *filler("packaging", 12)],
        ["Item 8. Financial Statements", "Note 7 .— Debt", *filler("bonds", 12)],
        ["Item 9. -", "Changes in Accountants", *filler("audit", 12)],
    ]
    docs, _, _ = prepare([make_pdf("marks.pdf", pages)], "debt")
    paths = {p.page: p.heading_path for p in doc_index(docs[0], 8).passages}  # each page's last passage
    assert paths[1][:2] == ["PART I", "Item 1. - Business"]
    assert paths[2][1:] == ["Item 8. Financial Statements", "Note 7 .— Debt"]
    assert paths[3][1] == "Item 9. Changes in Accountants"  # the title on the line after the number


def legal_note_pdf(make_pdf):
    """A page of body text that says 'legal' and 'pending', and a note on legal proceedings that goes on
    overleaf, where the page no longer says 'legal' but is still part of that note."""
    body = ["Our legal staff reviewed the pending filings of the year."] * 2 + filler("compliance", 4)
    note = ["Item 8. Financial Statements", "Note 12. Legal Proceedings", *filler("claims", 4)]
    overleaf = [f"The lawsuit number {i} about product claims remains pending before the court." for i in range(6)]
    pages = [filler("weather", 8), ["Item 7. Management Discussion", *body], note, overleaf, filler("harbour", 8)]
    return make_pdf("legal.pdf", pages)


def test_a_passage_under_a_note_titled_with_the_question_term_ranks_above_body_text(make_pdf):
    pdf = legal_note_pdf(make_pdf)
    question = "Are there any pending legal proceedings?"

    def first_page_rank(retrieval, page):
        return min(c.rank for c in retrieval.candidates if c.passage.page == page)

    _, with_titles, _ = prepare([pdf], question)
    assert first_page_rank(with_titles, 4) < first_page_rank(with_titles, 2)  # the note's overleaf page first
    _, without, _ = prepare([pdf], question, title_score_share=0.0)
    assert first_page_rank(without, 4) > first_page_rank(without, 2)  # by its words alone, it comes last
    # the page after it is in the note too, but its words match nothing: a title lifts no such passage
    assert 5 not in {c.passage.page for c in with_titles.candidates}


def test_the_title_raise_is_scaled_to_titles_over_passages_that_score(make_pdf):
    # the best-matching title of all covers only a page whose words match nothing: it sets no scale,
    # so the note on page 4 ('Legal') still gets the full raise
    body = ["Our legal staff reviewed the pending filings of the year."] * 2 + filler("compliance", 4)
    overleaf = [f"The lawsuit number {i} about product claims remains pending before the court." for i in range(6)]
    pages = [filler("weather", 8), body, filler("claims", 6), overleaf, filler("harbour", 8), filler("ledger", 8)]
    outline = [("Legal", 2), ("Harbour", 4), ("Legal proceedings, legal claims and other legal matters", 5)]
    pdf = make_pdf("scaled.pdf", pages, outline=outline)
    _, retrieval, _ = prepare([pdf], "Are there any pending legal proceedings?")
    assert [c.passage.page for c in retrieval.candidates][:2] == [4, 2]


def test_a_part_heading_raises_no_passage_for_a_question_that_says_part(make_pdf):
    pages = [
        filler("weather", 8),
        ["Overview", "Our business grew in the north and the business grew again in the east.", *filler("ledger", 4)],
        ["PART II", *filler("audit", 8)],
        ["Our business grew in the south.", *filler("harbour", 4)],  # still under 'PART II'
    ]
    docs, retrieval, _ = prepare([make_pdf("parts.pdf", pages)], "Which part of the business grew?")
    assert doc_index(docs[0], 8).passages[-1].heading_path == ["PART II"]
    assert retrieval.candidates[0].passage.page == 2  # 'PART II' is no title that says what page 4 is about


def outline_pdf(make_pdf):
    pages = [["Risk Factors", *filler("risk", 10)]] + [filler(f"topic{n}", 10) for n in range(2, 8)]
    pages.append(["Consolidated Balance Sheets", "Inventories were 410 million at year end.", *filler("ledger", 6)])
    return make_pdf("outlined.pdf", pages, outline=[("Risk Factors", 0), ("Financial Statements", 6)])


def test_each_span_carries_its_own_label_never_one_from_another_page(make_pdf):
    pdf = outline_pdf(make_pdf)
    _, _, context = prepare([pdf], "What were inventories and the risk factors?", budget=2500, use_escalation=False)
    source = context.sources[0]
    assert {1, 8} <= set(source.pages)
    labels = {label.before_line: label.path for label in source.labels}
    by_line = {line.global_line: line.page for line in source.lines}
    for line, path in labels.items():
        if by_line[line] == 8:
            assert path[0] == "Financial Statements" and "Consolidated Balance Sheets" in path
            assert "Risk Factors" not in path
        if by_line[line] == 1:
            assert path[0] == "Risk Factors"
    rows = context.rendered.splitlines()
    for line, path in labels.items():  # the label line sits right before the row it labels
        at = next(i for i, row in enumerate(rows) if row.startswith(f"{line}\t"))
        assert rows[at - 1] == "section: " + " > ".join(path)


def test_heading_lines_are_charged_to_the_budget(make_pdf):
    pdf = outline_pdf(make_pdf)
    for budget in range(400, 3000, 90):
        _, _, context = prepare([pdf], "What were inventories and the risk factors?", budget=budget)
        assert len(context.rendered) <= budget
        # what each kept passage was charged adds up to exactly what is sent
        kept = sum(d.chars - d.saves_chars for d in context.decisions if d.action in ("kept", "whole_document"))
        assert context.status != "ok" or kept == len(context.rendered) == context.budget.used_chars
    _, _, with_labels = prepare([pdf], "inventories", budget=800, use_escalation=False)
    _, _, without = prepare([pdf], "inventories", budget=800, use_escalation=False, use_heading_labels=False)
    assert "section: Financial Statements" in with_labels.rendered and "section:" not in without.rendered


# -------------------------------------------------------------------------- table headers

TABLE_PAGE = [
    "Consolidated Statements of Cash Flows",
    "(in millions)",
    "Years ended December 31 2024 2023 2022",
    *[f"Operating line item {i} {i},101 {i},202 {i},303" for i in range(1, 26)],
    "Purchases of property and equipment (1,577) (1,373) (1,420)",
    "Net cash used in investing activities (1,900) (1,700) (1,650)",
]


@pytest.mark.parametrize("enabled", [True, False])
def test_header_rows_travel_with_a_mid_table_passage(make_pdf, enabled):
    pdf = make_pdf("flows.pdf", [filler("weather", 12), TABLE_PAGE, filler("harbour", 12)])
    _, _, context = prepare(
        [pdf], "What were purchases of property and equipment?", budget=700, use_table_headers=enabled
    )
    source = context.sources[0]
    sent = {line.text: line for line in source.lines}
    assert "Purchases of property and equipment (1,577) (1,373) (1,420)" in sent
    header = sent.get("Years ended December 31 2024 2023 2022")
    if not enabled:
        assert header is None and "[table header]" not in context.rendered
        return
    assert header is not None and header.role == "table_header"
    assert sent["(in millions)"].role == "table_header"
    assert "[table header]" in context.rendered and len(context.rendered) <= 700
    rows = context.rendered.splitlines()
    at = rows.index("[table header]")
    assert rows[at + 1].endswith("\t(in millions)") and rows[at + 2].endswith("2024 2023 2022")
    assert rows.index(next(r for r in rows if r.endswith("(1,577) (1,373) (1,420)"))) > at + 2
    assert header.global_line in context.sent_lines()["flows"]  # header rows are citable lines
    assert source.tables and source.tables[0].header_line == header.global_line


# -------------------------------------------------------------------------- prompt order


def test_evidence_comes_first_and_the_question_last(run_cli, corpus_pdf, fake_openai):
    for question in ("What were capital expenditures in fiscal 2025?", "What were net sales (in USD millions)?"):
        fake_openai.push_answer(
            {"answer_type": "amount", "items": [], "answer_found": False, "complete_answer_found": False,
             "conflicting_evidence": False, "context_structured": True, "caveats": ["not found"]}
        )  # fmt: skip
        run_cli("ask", question, corpus_pdf, "--json", "--strategy", "combined")
    first, second = (r["body"]["input"] for r in fake_openai.requests)
    assert first[0]["content"] == second[0]["content"]  # one system prompt per shape: cacheable
    user = first[1]["content"]
    assert user.index("<evidence>") < user.index("</evidence>") < user.index("Question: What were capital")
    assert user.rstrip().endswith("Answer the question from the evidence above, following the rules.")
    assert "Format constraint from the question: unit: millions." in second[1]["content"]
    assert "unit: millions" not in second[0]["content"]


# ------------------------------------------------------------------------ question parsing

SHAPES = [
    ("What were capital expenditures in fiscal 2025?", "amount"),
    ("What were the capital expenditures in fiscal 2025?", "amount"),
    ("What was the total revenue for 2023?", "amount"),
    ("How much did the company spend on research and development?", "amount"),
    ("How many employees did the company have at year end?", "amount"),
    ("What is the operating margin for FY2022?", "amount"),
    ("What were net sales in the fourth quarter?", "amount"),
    ("What is the dividend per share?", "amount"),
    ("What was the effective tax rate?", "amount"),
    ("What fees does the agreement charge?", "amount"),
    ("When does the credit facility mature?", "date"),
    ("In what year was the company founded?", "date"),
    ("What is the effective date of the agreement?", "date"),
    ("By what date must notice be given?", "date"),
    ("Is the company profitable?", "boolean"),
    ("Does the policy cover worn shoes?", "boolean"),
    ("Has the company paid a dividend in 2024?", "boolean"),
    ("Were there any impairments?", "boolean"),
    ("Can customers return opened items?", "boolean"),
    ("List the risk factors named in the report", "list"),
    ("What are the main risk factors?", "list"),
    ("Which are the company's reportable segments?", "list"),
    ("Name all subsidiaries listed in the exhibit", "list"),
    ("Give a breakdown of net sales by segment", "table"),
    ("Show revenue for each year in a table", "table"),
    ("Who is the chief executive officer?", "text"),
    ("Who audits the company?", "text"),
    ("Which segment had the largest net sales in fiscal 2025?", "text"),  # a name, compared by a figure
    ("Why did gross profit fall?", "text"),  # a reason, whatever figure it names
    ("What is the company's dividend policy?", "text"),
    ("What quarterly dividend per share did the Board declare under its dividend policy?", "amount"),
    ("What is the risk-free rate assumed?", "amount"),
    ("How much did gross profit fall?", "amount"),
    ("How long is the refund window?", "text"),
    ("How long does the warranty last?", "text"),
    ("How long after the purchase date can items be returned?", "text"),
    ("How long is the payment term?", "text"),
    ("Describe the refund policy.", "text"),
    ("Where is the company headquartered?", "text"),
]


@pytest.mark.parametrize("question,shape", SHAPES)
def test_answer_shapes_of_many_phrasings(question, shape):
    assert parse_question(question).expected_answer_shape == shape


@pytest.mark.parametrize(
    "question,parts",
    [
        (
            "How long is the refund window and when are refunds issued?",
            [("How long is the refund window?", "text", True), ("when are refunds issued?", "date", False)],
        ),
        (
            "What was revenue in 2022? How did it compare to 2021?",
            [("What was revenue in 2022?", "amount", False), ("How did it compare to 2021?", "text", False)],
        ),
        (
            "Who is the CEO; when did she join?",
            [("Who is the CEO?", "text", False), ("when did she join?", "date", False)],
        ),
        ("What were revenue and net income in 2022?", []),  # one question about two line items
        ("Is the company profitable? If not, explain why.", []),  # a condition, not a second question
        ("What is capex? Give a response by relying on the cash flow statement.", []),
    ],
)
def test_multi_part_questions_become_sub_questions(question, parts):
    parsed = parse_question(question)
    assert [(p.text, p.shape, p.duration) for p in parsed.parts] == parts


def test_a_multi_part_question_is_answered_in_one_call_with_one_group_per_part(run_cli, corpus_pdf, fake_openai):
    span = {"doc": None, "line_start": 60, "line_end": 60, "quote": "within 45 days of purchase"}
    issued = {"doc": None, "line_start": 63, "line_end": 63, "quote": "Refunds are issued within 5 business days"}
    fake_openai.push_answer(
        {
            "answer_type": "extraction",
            "items": [
                {
                    "part_1": {"value": "45 days", "spans": [span]},
                    "part_2": {"value": {"iso": None, "original_text": "within 5 business days"}, "spans": [issued]},
                }
            ],
            "answer_found": True,
            "complete_answer_found": True,
            "conflicting_evidence": False,
            "context_structured": True,
            "caveats": [],
        }
    )
    question = "How long is the refund window and when are refunds issued?"
    code, out, _ = run_cli("ask", question, corpus_pdf, "--json")
    assert code == 0
    assert len(fake_openai.requests) == 1
    body = fake_openai.requests[0]["body"]
    schema = json.dumps(body["text"]["format"]["schema"])
    assert body["text"]["format"]["name"] == "Extraction" and "part_1" in schema and "part_2" in schema
    user = body["input"][1]["content"]
    assert "- part_1: How long is the refund window? (a duration as written" in user
    assert "- part_2: when are refunds issued? (shape date)" in user
    data = json.loads(out)
    assert {s["field"]: s["verdict"] for s in data["verification"]["spans"]} == {
        "part_1": "verified",
        "part_2": "verified",
    }


def test_a_reference_number_is_not_read_as_the_amount():
    from docintel.answer.contract import Span
    from docintel.backends.lookup import from_sentence
    from docintel.context.pack import ContextLine

    text = "Fiscal 2025 note 3: as described in Item 7, capital spending was 12.5 million."
    line = ContextLine(global_line=1, page=1, line_in_page=1, text=text)
    lookup = from_sentence(
        "What was capital spending in fiscal 2025?", line, Span(doc=None, line_start=1, line_end=1, quote=text)
    )
    assert lookup.found and lookup.items[0].amount.value == 12.5 and lookup.items[0].amount.unit == "millions"


def test_the_extractive_backend_quotes_the_best_line_of_each_part(run_cli, corpus_pdf):
    question = "How long is the refund window and when are refunds issued?"
    code, out, _ = run_cli("ask", question, corpus_pdf, "--json", "--backend", "extractive")
    items = json.loads(out)["answer"]["items"]
    assert code == 0
    assert items[0]["text"].startswith("Customers may return unused merchandise within 45 days")
    assert items[1]["text"].startswith("Refunds are issued within 5 business days")


def test_the_extractive_backend_gives_only_lines_with_a_date_for_a_date_question(run_cli, corpus_pdf):
    code, out, _ = run_cli("ask", "When did the Reno distribution center open?", corpus_pdf, "--json", "--strict")
    data = json.loads(out)
    assert code == 0 and data["status"] == "supported"
    assert all(item["date"]["iso"] for item in data["answer"]["items"])


def test_asking_for_sequential_when_everything_fits_one_call_says_so(run_cli, corpus_pdf):
    code, out, _ = run_cli("ask", "What is the refund window?", corpus_pdf, "--json", "--strategy", "sequential")
    data = json.loads(out)
    assert data["strategy"] == "combined" and any("every passage fits one call" in n for n in data["notes"])


def test_running_headers_column_headers_and_broken_labels_make_no_heading(make_pdf):
    # a statement that goes on from the page before: the running header joined to its column header, then row
    # labels broken over lines ('Cost of' / 'sales'); and an index whose entries end in their page numbers
    continued = ["Table of Contents 2021", "Cost of", "sales 5,262,695 4,185,203", "Gross", "profit 3,415,034 2,700"]
    index = ["Index to Financial Statements", "Report of Independent Registered Public Accounting Firm 54"]
    index += ["Consolidated Statements of Income 57", "Property, Plant and", "Equipment, net 1,000 900"]
    docs, _, _ = prepare([make_pdf("running.pdf", [continued, index])], "gross profit")
    from docintel.ingest.headings import HeadingIndex, page_title

    headings = HeadingIndex(docs[0])
    assert page_title(continued) is None  # neither 'Table of Contents 2021' nor the row labels are a title
    assert page_title(index) == "Index to Financial Statements"
    lines = docs[0].lines
    paths = {text: headings.path(int(n)) for n, text in zip(lines["global_line"], lines["text"], strict=True)}
    assert paths["profit 3,415,034 2,700"] == ["Gross"]  # a label alone on its line is still its row's heading
    assert paths["sales 5,262,695 4,185,203"] == []  # 'Cost of' goes on on the next line: no heading
    assert paths["Equipment, net 1,000 900"] == ["Index to Financial Statements"]  # no contents entry, no fragment
