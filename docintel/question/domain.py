"""Domain knowledge used to read questions: synonyms and document sections.

These are general reading aids for business and financial documents (what a filing calls a
thing the question names differently), not rules for particular questions.
"""

from __future__ import annotations

import re

# phrase in a question -> phrases the document may use instead
SYNONYMS: dict[str, tuple[str, ...]] = {
    "capital expenditure": (
        "purchases of property plant and equipment",
        "capital spending",
        "additions to property and equipment",
        "payments for property and equipment",
    ),
    "capex": ("capital expenditures", "purchases of property plant and equipment"),
    "pp&e": ("property plant and equipment",),
    "fixed assets": ("property plant and equipment",),
    "revenue": ("net sales", "total revenues", "net revenues"),
    "sales": ("revenues", "net sales"),
    "top line": ("net sales", "revenues"),
    "operating margin": ("operating income", "income from operations", "net sales", "revenues"),
    "operating income": ("income from operations", "operating profit"),
    "operating profit": ("operating income",),
    "gross margin": ("gross profit", "cost of sales", "net sales"),
    "net income": ("net earnings", "net income attributable"),
    "net profit": ("net income", "net earnings"),
    "earnings": ("net income",),
    "free cash flow": ("net cash provided by operating activities", "purchases of property and equipment"),
    "fcf": ("free cash flow", "net cash provided by operating activities", "capital expenditures"),
    "cash from operations": ("net cash provided by operating activities",),
    "operating cash flow": ("net cash provided by operating activities",),
    "eps": ("earnings per share", "diluted"),
    "dividend": ("dividends declared per share", "cash dividends"),
    "payout ratio": ("dividends", "net income"),
    "total debt": ("long-term debt", "short-term borrowings", "current portion of long-term debt"),
    "debt": ("borrowings", "notes payable"),
    "leverage": ("debt", "total equity"),
    "working capital": ("total current assets", "total current liabilities"),
    "current ratio": ("total current assets", "total current liabilities"),
    "quick ratio": ("cash and cash equivalents", "accounts receivable", "total current liabilities"),
    "inventory turnover": ("inventories", "cost of sales"),
    "days payable": ("accounts payable", "cost of sales"),
    "days sales outstanding": ("accounts receivable", "revenues"),
    "return on assets": ("net income", "total assets"),
    "roa": ("net income", "total assets"),
    "return on equity": ("net income", "shareholders equity"),
    "roe": ("net income", "shareholders equity"),
    "effective tax rate": ("provision for income taxes", "income before income taxes"),
    "tax rate": ("effective tax rate", "provision for income taxes"),
    "cogs": ("cost of goods sold", "cost of sales", "cost of revenue"),
    "cost of goods sold": ("cost of sales", "cost of revenue"),
    "sg&a": ("selling general and administrative",),
    "d&a": ("depreciation and amortization",),
    "ebitda": ("operating income", "depreciation and amortization"),
    "interest coverage": ("interest expense", "operating income"),
    "shareholders equity": ("stockholders equity", "total equity"),
    "stockholders equity": ("shareholders equity", "total equity"),
    "buyback": ("repurchases of common stock", "share repurchase", "treasury stock"),
    "share repurchase": ("repurchases of common stock", "treasury stock"),
    "acquisition": ("business combination", "acquired"),
    "r&d": ("research and development",),
    "headcount": ("employees",),
    "employees": ("headcount", "full-time"),
    "refund": ("return", "returns"),
    "guidance": ("outlook",),
    "segment": ("segments", "reportable segment"),
    "lawsuit": ("litigation", "legal proceedings"),
}

# canonical section -> (pattern in a question, pattern in a heading line)
SECTIONS: dict[str, tuple[str, str]] = {
    "cash flow statement": (
        r"cash[- ]?flows? statement|statements? of cash flows?|cash flows?",
        r"statements? of (consolidated )?cash ?flows?|cash flows? statements?",
    ),
    "balance sheet": (
        r"balance sheets?|statements? of financial position|financial position",
        r"balance sheets?|statements? of (consolidated )?financial position|statements? of condition",
    ),
    "income statement": (
        r"income statements?|p ?& ?l|profit and loss|statements? of (operations|income|earnings)",
        r"statements? of (consolidated )?(operations|income|earnings)|income statements?",
    ),
    "comprehensive income": (r"comprehensive income", r"statements? of (consolidated )?comprehensive income"),
    "shareholders equity statement": (
        r"statements? of (shareholders'?|stockholders'?) equity",
        r"statements? of (consolidated )?(changes in )?(shareholders'?|stockholders'?|share ?owners'?) equity",
    ),
    "risk factors": (r"risk factors?", r"risk factors"),
    "md&a": (r"md ?& ?a|management'?s discussion", r"management'?s discussion and analysis"),
    "segment information": (
        r"segments? (information|reporting|results)|by segment|business segments?",
        r"segment (information|results|reporting)|business segments?|reportable segments?",
    ),
    "legal proceedings": (r"legal proceedings|litigation", r"legal proceedings"),
    "notes": (
        r"notes to (the )?(consolidated )?financial statements",
        r"notes to (the )?(consolidated )?financial statements",
    ),
}

SECTION_QUESTION_RE = {name: re.compile(q, re.I) for name, (q, _) in SECTIONS.items()}
SECTION_HEADING_RE = {name: re.compile(h, re.I) for name, (_, h) in SECTIONS.items()}

# phrase in a question -> section that usually holds the figure (a weaker hint than a named section)
CONCEPT_SECTIONS: dict[str, str] = {
    "operating margin": "income statement",
    "gross margin": "income statement",
    "net margin": "income statement",
    "operating income": "income statement",
    "gross profit": "income statement",
    "net income": "income statement",
    "revenue": "income statement",
    "net sales": "income statement",
    "cost of goods sold": "income statement",
    "cogs": "income statement",
    "eps": "income statement",
    "earnings per share": "income statement",
    "ebitda": "income statement",
    "interest expense": "income statement",
    "sg&a": "income statement",
    "effective tax rate": "income statement",
    "top line": "income statement",
    "capital expenditure": "cash flow statement",
    "capex": "cash flow statement",
    "free cash flow": "cash flow statement",
    "fcf": "cash flow statement",
    "cash from operations": "cash flow statement",
    "dividends paid": "cash flow statement",
    "operating cash flow": "cash flow statement",
    "depreciation": "cash flow statement",
    "d&a": "cash flow statement",
    "total assets": "balance sheet",
    "total debt": "balance sheet",
    "working capital": "balance sheet",
    "current ratio": "balance sheet",
    "quick ratio": "balance sheet",
    "inventory": "balance sheet",
    "pp&e": "balance sheet",
    "shareholders equity": "balance sheet",
    "accounts payable": "balance sheet",
    "accounts receivable": "balance sheet",
    "debt": "balance sheet",
}
