"""Words of a report's own make-up that name no one: the captions of Form 10-K's items ('Item 8—Financial
Statements and Supplementary Data'), the report's own name ('this Annual Report on Form 10-K') and the abstract nouns
a heading capitalises ('Proposal 3—Ratification of Appointment of ...'). A who-question's answer made of these names
no firm and no person."""

from __future__ import annotations

import re

# a report's own parts name no one: an Item's caption (Form 10-K's, SEC Form 10-K General Instructions) and
# the report itself ('this Annual Report on Form 10-K'); a name after a caption is kept ('... Services KPMG LLP')
_ITEM_TITLES = (  # the items an auditor's or an officer's question cites past (Items 7, 8, 9A, 14, 15)
    "Management.s Discussion and Analysis of Financial Condition and Results of Operations|Financial Statements and "
    "Supplementary Data|Controls and Procedures|Principal Accountant Fees and Services|Exhibits(?:,| and) Financial "
    "Statement Schedules|Form 10-K Summary"
)
REPORT_PART = re.compile(
    rf"\bItem\s+\d+[A-C]?\s*[.:\u2014\u2013-]?\s*(?:{_ITEM_TITLES})|"
    r"\b(?:Annual|Quarterly|Current)\s+Report\s+on\s+Form\s+[\w-]+|\bForm\s+(?:10-K|10-Q|8-K|20-F)\b",
    re.IGNORECASE,
)

# a noun of an act by its suffix is no proper name (English morphology): 'ratification', 'appointment'
ABSTRACT_NOUN = re.compile(r"^[a-z]{4,}(?:ation|ition|sion|ment)s?$")  # not 'Lawrence', 'Clement', 'Alliance'

# a document's title names no party: a run of capitalised words ending in a document's noun ('in our Definitive Proxy
# Statement', 'the Registration Statement', 'the Credit Agreement'), as a who-question's answer may cite one
DOCUMENT_TITLE = re.compile(
    r"\b(?:[A-Z][a-z][\w-]*\s+){1,3}(?:Statements?|Reports?|Prospectus(?:es)?|Agreements?|Indentures?)\b"
)
