"""``docintel ask``: one question, verified citations."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..errors import EXIT_INPUT, EXIT_OK, CheckFailedError, UsageError
from ..render.text import print_text
from .common import EPILOG, add_command, answer_flags, common_flags, make_pipeline, retrieval_flags, scope_flag


def register(sub: Any) -> None:
    """Add ``ask``."""
    p = add_command(
        sub,
        "ask",
        cmd_ask,
        help="answer one question with verified citations and checked values",
        description="Answer QUESTION from the PDFs (files or folders) with citations whose quotes and values\n"
        "are checked against the document. The headline status: supported (every quote verified, every check\n"
        "holds), partial (what is answered holds; a part of the question is not answered), unchecked (nothing\n"
        "failed, but a check could not decide), unsupported (a check failed), citation_failed (a quote is not\n"
        "in its lines), no_citations (an answer citing nothing), not_found (no answer claimed). What each check\n"
        "means follows the options.",
        epilog=(
            "Answer QUESTION from the PDFs (files or folders). Every citation is checked:\n"
            "quote ✓ verified, ✗ failed (with the reason and, when the quote is elsewhere, the right lines).\n"
            "Then every item is checked against its verified quotes, each level shown apart (✓ held,\n"
            "✗ failed, ? could not be decided; a level not shown was not applicable):\n"
            "  value     the value, at the unit stated, is a number of the quote at the document's scale\n"
            "            (a caption such as '(Millions)' or a word such as '1.2 billion'; a table that\n"
            "            states no scale supports the number as printed only); footnote markers never count\n"
            "  kind      money, percent, per share or count as the document prints it ('54.7%' never\n"
            "            supports money, a money cell never a percent)\n"
            "  sign      the sign printed: (21.4) is negative; an outflow's label ('capital expenditures')\n"
            "            may state its magnitude; a '(income) loss' row prints a loss without parentheses,\n"
            "            so the income it gives is the printed figure negated; a positive expense on a page\n"
            "            whose expense rows all print negative is unchecked (not on a statement of equity,\n"
            "            where an expense credited to paid-in capital is positive beside dividends taken out)\n"
            "  concept   the cited row (or the clause around the number) is the line item the question\n"
            "            asks for (never chosen by the item's own label), from a vocabulary\n"
            "            of US GAAP taxonomy line items and their wordings; a segment's, product's, 'non-' or\n"
            "            'adjusted' row never supports a total; a row sharing a word with the question but\n"
            "            naming another thing after it ('Total lease payments' for lease liabilities) never\n"
            "            supports it, nor does a row when another row of its table names more of the\n"
            "            question ('principal only' beside 'principal, interest and fees'), nor a part\n"
            "            ('Funded backlog') for the total asked, nor a 'Total X' row above a schedule's\n"
            "            'Less' rows for the X they leave (deferred tax assets before the valuation\n"
            "            allowance are no net deferred tax assets), nor a par value for a price or amount;\n"
            "            a 'Location\n"
            "            of gain (loss)' table's 'Cost of sales' row is the gain\n"
            "            recorded there, not cost of sales; a row named by a segment alone is its table's\n"
            "            line item ('Intelligent Cloud' under 'Unearned revenue by segment' is no revenue);\n"
            "            a bare 'Total' row is the total of the sub-heading over it ('Revenues') when it is\n"
            "            the first under it and every sub-heading above has its own;\n"
            "            'X and other ..., net' is more than X; a loss 'attributable to common stockholders'\n"
            "            after preferred dividends is not the net loss; 'X' beside 'X - cost of sales' is\n"
            "            not the total X; a row that names only a balance ('Balance at end of year') is of\n"
            "            what the words over its table say: most of the question's words must be there\n"
            "            (a tax benefits table's balance is no cash balance)\n"
            "  period    the column header of that cell is the item's period and a period the question names\n"
            "            (a cell the table reader could not align, '2022 2021 2022 vs. 2021' over four cells,\n"
            "            fails when ingest read another year and is unchecked otherwise);\n"
            "            an average over years ('the average of 2019 to 2021') needs a figure of each year\n"
            "            a cell of a row whose columns docintel cannot read takes no year from the quote;\n"
            "            a change a sentence states ('increased 140 basis points to 44.8% for fiscal 2021\n"
            "            compared to 43.4% for fiscal 2020') is the later year's; basis points are hundredths\n"
            "            of a percentage point (140 basis points answer '1.4 percentage points')\n"
            "  calc      every operand is supported like an item (named, checked by concept, kind, sign and\n"
            "            period), the expression uses every operand and no number but 100, an average's\n"
            "            count and a year's days, recomputes within 0.5% (in units when the operands are\n"
            "            printed at different scales), and a named ratio (margins, returns, turnover,\n"
            "            coverage, ...) or a definition the question states is followed by the operands'\n"
            "            rows with their signs (gross margin takes the cost away; an expense in parentheses\n"
            "            is a magnitude; each quotient divides two cells of one year; a margin is at most\n"
            "            100% of revenue; a row that says much more than a line item fills no operand)\n"
            "  relevance a text or yes/no item's cited lines share a term or concept with the question;\n"
            "            every number a text item writes is in its quotes; an undecided yes/no is not supported\n"
            "Then the cited figure is matched to the question field by field, as a typed fact (the question\n"
            "read with a reader's defaults: consolidated, GAAP, actual, the level, the fiscal year):\n"
            "  period length  three / six / nine months, the quarter, the as-of date, the end date named (a\n"
            "            six-month column never answers a quarter, March 31 never December 31, the year ended\n"
            "            January 30, 2021 never the year ended January 29, 2022); a roll-forward's\n"
            "            'beginning of the period' row is the balance the period starts from, not its end\n"
            "            (and a question asking the beginning is never answered by the closing row; the\n"
            "            balance 'at the beginning of 2020' is a balance sheet's 2019 column; a quarter's flow\n"
            "            is no balance at its end; a quote cut before its clause's year is read with it)\n"
            "  member    consolidated unless the question names a segment, region, product or entity; a\n"
            "            segment's row never answers the company, the total never answers a segment; the\n"
            "            issuer-and-guarantors' summarized statements and a parent-only schedule are not the group;\n"
            "            the assets held by a pension or benefit plan are the plans', not the company's;\n"
            "            a table of 'the results of discontinued operations' is theirs, not the company's,\n"
            "            and so are equity method investees' summarized figures and a table a caption names\n"
            "            another entity's (\"HSG's results of operations ... were as follows\"); a table\n"
            "            under a segment's section heading ('Industrial Business (37.4% of consolidated\n"
            "            sales):', 'Consumer Group') is that segment's, never the company's; a table of\n"
            "            'pension plans with a projected benefit obligation in excess of plan assets' (ASC\n"
            "            715, by its caption or sub-heading) is those plans', never all plans'\n"
            "  statement a figure for the company from a table outside the primary statements must be the\n"
            "            income statement's (a duration) or balance sheet's (an instant) figure of its line\n"
            "            item and period where they print one; another (a segment's, a part's) is unchecked\n"
            "  basis     GAAP unless 'adjusted', 'non-GAAP', 'organic', 'pro forma', 'comparable' is asked\n"
            "            or 'core earnings' ('core net income', 'core EPS'; not 'core deposits') is asked\n"
            "            (a table under a pro forma heading is pro forma); a figure on another framework's\n"
            "            basis (an ERISA funded status, a statutory, tax or regulatory basis) is not GAAP's\n"
            "  share class  basic or diluted when the question says which\n"
            "  measure   level, change, % change, share of a total, weighted average ('% Change' columns);\n"
            "            a 'High' or 'Low' row (or a table under a 'High Low' header) of a price table\n"
            "            answers only a question about them; a cell its header cannot place has no measure;\n"
            "            a '2022 vs. 2021' column's cells are the change and the % change, never the level;\n"
            "            a roll-forward's 'End of year' row under 'Change in Benefit Obligations' is a level\n"
            "            (a cell of such a header takes its year from ingest's reading of the header)\n"
            "  scenario  actual, unless an outlook or a covenant's limit is asked; a range's bound is no value\n"
            "            (a ratio printed '25 to 1' is none); a one-sided bound ('over 90%', 'more than', 'up\n"
            "            to') is unchecked as the figure\n"
            "            ('projected benefit obligation', 'expected credit losses' are terms of art, actual);\n"
            "            an outlook is read from the table's own section, from its heading down ('Rating\n"
            "            Agency Rating Outlook' of the credit ratings above 'Capital Expenditures' is not)\n"
            "  currency  the currency stated against the one printed; an amount printed in cents ('EPS\n"
            "            (diluted US cents) 70.5', '12.25 cents per share') is a hundredth of it ($0.705)\n"
            "  annualized  a quarter's ratio its row, column or footnote says is annualized never answers\n"
            "            a question asking the quarter's own (not annualized) figure, nor the reverse\n"
            "  direction an answer that calls a change an increase (or a decrease) moves the way the cited\n"
            "            figures did: a change cell by its row's two levels (a smaller outflow printed\n"
            "            '(5,047) (5,261)' is a decrease of cash used), a number of prose by its verb\n"
            "            ('decreased by $214 million')\n"
            "  subject   a figure whose words name the opposite of what was asked ('nonrestricted\n"
            "            subsidiaries' for 'restricted') is rejected; in prose, one naming only another kind\n"
            "            of the thing ('most popular plan' for 'basic plan'), or whose sentence excepts what\n"
            "            was asked ('with existing memberships grandfathered'), is unchecked; a segment's row is\n"
            "            what the words over its table name ('Backlog'), else unchecked; a percentage is what\n"
            "            its own next words say ('70 percent of the ... obligation, was 97 percent funded');\n"
            "            a number of prose answers a question naming a party of two capitalised words or\n"
            "            more ('the Department of Defense') only when its quotes say it or its initials\n"
            "            ('DoD'), else unchecked\n"
            "  portion   a current or noncurrent row never answers the whole line item; a calendar year\n"
            "            ('calendar 2015', 'January 1 to December 31, 2015') is not a fiscal year ended June 30;\n"
            "            an expense by nature (amortization, depreciation, share-based compensation; IAS 1)\n"
            "            under a sub-heading of expenses or costs ('Operating expenses:') of a table with a\n"
            "            'Cost of ...' sub-heading is that function's part, unchecked unless the question\n"
            "            names the sub-heading or the statement says the other functions exclude it\n"
            "  measurement  fair value, carrying amount, notional, face or principal amount, amortized\n"
            "            cost, pre-tax or after-tax, expected or actual return: a figure stated in one never\n"
            "            answers a question asking another ('at fair value' is both fair value and carrying\n"
            "            amount; a figure naming none is the carrying amount, so a fair-value question it\n"
            "            answers is unchecked); the expected return on plan assets answers only a question\n"
            "            that asks for it; an accumulated benefit obligation never answers the projected one\n"
            "            (ASC 715), nor the reverse; net income never answers comprehensive income, nor other\n"
            "            comprehensive income the whole\n"
            "  formula   a calculation computes the formula's template (checked on random operand values:\n"
            "            a swapped, dropped or added term fails), growth is over the earlier period, one\n"
            "            figure alone never stands for a ratio, an average only where the ratio averages,\n"
            "            averaged years exactly those asked, a printed ratio of the cited table agrees;\n"
            "            a mean of balances beside a printed 'Average ...' row that differs is unchecked;\n"
            "            growth 'from 2020 to 2022' is the last over the first, not annual rates added;\n"
            "            a growth's operands are the figure the question names ('transaction-based\n"
            "            revenue'), never another row ('Total net revenue'); the growth of income or\n"
            "            earnings below zero is over the loss's size, (later - earlier) / -earlier ((a - b) / b\n"
            "            stays for an outflow, expense or contra account printed in parentheses); a share of\n"
            "            money ('what percentage of revenues came from ...') is not computed from a table\n"
            "            that prints no currency (customer counts), unchecked; an operand\n"
            "            dated by a day outside the fiscal year asked is a mismatch (a 52/53-week year ends\n"
            "            where the document's own\n"
            "            columns say: 'paid on December 31, 2013' is of fiscal 2014 where 2013 ended Dec 28)\n"
            "  figures   a yes/no about figures is decided by the quoted rows' cells in the asked periods:\n"
            "            'lower at June 30, 2023 than at June 30, 2022' compares the two dates' figures,\n"
            "            'did X increase in 2022' the year before's, 'did it record X in 2022' a dash (no);\n"
            "            quotes of table rows alone (their captions and column headings with them) that the\n"
            "            figures cannot decide leave it unchecked; a yes to 'did every (each, all) X ...'\n"
            "            quoted from table rows needs every row of X (totals aside; 'all four' needs four),\n"
            "            else unchecked; a yes/no about levels ('a positive gross profit') is unchecked\n"
            "            when its quotes only compare how fast two things changed ('grew more slowly than')\n"
            "  polarity, subject, event, cause  a yes/no agrees with its quote (negations read; an\n"
            "            expectation never decides what happened; a date opening the quote's sentence\n"
            "            after the year asked is not that year; a yes to 'approved and completed' needs\n"
            "            quotes saying each; 'did X increase' is denied by 'X decreased', and 'Y increased'\n"
            "            says nothing of X; 'free' is a no to 'do they pay'; 'did Acme complete its\n"
            "            acquisition' is not answered yes by an agreement to acquire, and a deal 'expected\n"
            "            to close' later is a no; a negation about other years is no 'no' for the year\n"
            "            asked; a line of check boxes, '... ¨ þ', decides nothing; 'did shareholders approve'\n"
            "            is answered by the vote's outcome, 'was defeated' is a no; a yes to 'every three\n"
            "            years' needs a quote that says it, 'every year' denies it); a text never negates its\n"
            "            quote, is about the subject its quote is about (and dates what the quote\n"
            "            dates with that date), nor says 'all' where its\n"
            "            quote says 'substantially all'; each\n"
            "            number of a text sits with its subject; a date's clause states the asked event (the\n"
            "            question's verb: 'When did Acme acquire ...'; the step it names: 'the remaining\n"
            "            units'; 'On Nov 2, 2020, X announced its intention to ... on June 30, 2021': Nov 2\n"
            "            dates the announcement only; a sentence under a heading of another transaction,\n"
            "            'Sale of Michigan American Water Company', does not date the sale of another\n"
            "            object asked); a quote cut after its negation or\n"
            "            before its exception ('We do not include ...', '..., except ...') is not supported; a\n"
            "            why-question's quote states a cause of the year asked, and a figure it gives as\n"
            "            'partially offset by' or 'offset in part by' is never that cause; a yes about a\n"
            "            state's subsidiary needs a quote of the thing asked naming the state (or its USPS\n"
            "            code); 'keep paying' is a no where the quote's clause says it was suspended; a date\n"
            "            for 'when was X restored' comes from a clause that says 'restored' ('held' states\n"
            "            'hold'); a text's number is said of the name its quote gives it, a duration of the\n"
            "            event its quote gives it ('expire seven years' is no vesting period) and the amounts\n"
            "            its quote gives it ('$28 to $32 billion over the next 10 years' is no five-year plan);\n"
            "            'since 1916' dates what its own clause says ('has paid dividends since 1916' is no\n"
            "            streak of increases since 1916); a claim that says of 'employees' what its quote\n"
            "            says only of 'employees who serve customers in our Northeast areas' is unchecked;\n"
            "            'Mr. Sprunk, 54, joined NIKE' (or a row under a 'Name Age' heading) gives an age:\n"
            "            as time served ('for 54 years') rejected, otherwise unchecked; a name the\n"
            "            question asks about ('Moody's') is in the claim's quotes, else unchecked; a\n"
            "            claim about Class A stock from a quote cut out of a line naming only Class B is\n"
            "            rejected; 'final approval' is not the 'preliminary approval' quoted; words\n"
            "            from a table row's label alone ('Three Years 17,603,165') state nothing; a cause\n"
            "            given for another kind of the thing ('unobligated backlog') is not its cause;\n"
            "            'early adoption permitted', 'we will adopt' is no yes to 'did it adopt'; a yes/no\n"
            "            quote cut before ', compared to our goal ...' is unchecked for 'did it meet its goal';\n"
            "            a claim about the company from a sentence whose subject, before the quote, is\n"
            "            another party ('Intel Corporation' / 'has been the market share leader') is\n"
            "            rejected; a consequence the claim draws (', so X had to write off ...') must be in\n"
            "            its quotes, else unchecked; 'the subconcession, which expired on ...' dates the\n"
            "            subconcession, not the concession asked (unchecked); 'expected to close in 2023'\n"
            "            answers no 'by when must it close'; 'what fiscal year end date' is not dated by a\n"
            "            clause of another act ('filed with the SEC on ...'); a yes to 'did it suspend' needs\n"
            "            a stop quoted ('reduced' is none); 'the 737-10' asked must be named; a yes/no about\n"
            "            a per-share figure needs a per-share quote; a ruling its paragraph says was\n"
            "            appealed is not final; 'which company is the issuer' needs the role quoted, of the\n"
            "            thing asked ('a well-known seasoned issuer' is none); a yes to 'did it suspend' is\n"
            "            not read from a stop that may come ('may ... discontinue') or of another thing;\n"
            "            a date of the same act done to another named thing ('the sale of The Mirage' for\n"
            "            Gold Strike Tunica) is rejected (event), and a completion needs a clause saying it was\n"
            "            done ('sold', not 'held for sale'); a claim saying 'full' where its quote does not\n"
            "            ('shortfall guarantees') is unchecked;\n"
            "  attribution  a claim stating as fact what its quote's sentence says is alleged ('alleging\n"
            "            that he sustained personal injuries') is rejected;\n"
            "  formula (spelt out)  'X as a percentage of Y' with the operands on the wrong sides of the line\n"
            "            (read from the rows' words) is rejected; a definition 'divided by the average of\n"
            "            beginning and ending equity' is not met by one year-end; '6.4 percent ... for the 5,\n"
            "            10, 15, and 20 year periods' is a five-year figure, no fiscal year's (period);\n"
            "  concept (other rows)  'Total other assets', 'Other long-term liabilities' leave total\n"
            "            assets (liabilities) unchecked; 'Total debt investments' (held, an asset) is no total\n"
            "            debt nor a ratio's debt; 'Current portion of long-term debt' beside a 'Short-term debt'\n"
            "            row is unchecked for short-term debt; 'other current liabilities' against the total,\n"
            "            and a part asked against a row 'X, including <the part>', are unchecked; operating\n"
            "            income is unchecked for 'EBIT' where\n"
            "            the filing prints an EBIT row with another figure; a segment's bare 'Total' row in a\n"
            "            table of net revenue is that segment's net revenue ('Las Vegas Strip Resorts net\n"
            "            revenues': a segment though 'Resorts' is in the issuer's name);\n"
            "  member    a table of a business 'classified as held for sale' is that group's; '$47 million\n"
            "            related to the U.S. and ... $1 million related to Canada' makes $47 million the U.S.'s;\n"
            "  sign (cash flows)  a gain the statement of cash flows deducts, '(219)', is a gain of 219;\n"
            "  about     a yes/no's quotes name the entity the question names beside the issuer, and\n"
            "            quotes far apart are each about the subject in their own paragraph ('adopt the\n"
            "            new guidance' is not about the lease standard a quote 20 lines on names); a list\n"
            "            of 'reportable segments' is not read from quotes naming 'operating segments'; who\n"
            "            held a role in a year asked is not read from an appointment years before\n"
            "  quoted    each entry of a list answer is named in its quote as written; a text or list\n"
            "            answer to a question naming a term of art with a hyphen ('constant-currency\n"
            "            reporting') needs quotes (or the lines around them) that say it, else unchecked\n"
            "  days      a days ratio counts the days of its flow's period (six months: ~182, not 365)\n"
            "  completeness  every part of the question is answered by an item, else 'partial'\n"
            "  ocr       a value read by OCR with low confidence is never supported\n"
            "  superlative  'the most votes against' from a row not the largest of its column (the rows the\n"
            "            table lists, totals and corporate/other lines aside; only its sub-heading's when asked;\n"
            "            beaten by another sub-heading's row, or a row misread: unchecked), a number not the\n"
            "            largest of a 'respectively' list of peers, a date not the last of its column of dates\n"
            "            ('the last to re-open'): rejected; not read for 'the most recent', 'the highest\n"
            "            margin', 'the largest increase', nor a row naming a line item (its columns rank)\n"
            "  explanation  a yes/no argued only from cells of another column than the day asked: rejected\n"
            "  figures (prose)  'sold 29.2 billion, 29.3 billion ... in 2017, 2016 ..., respectively'\n"
            "            rejects a yes to 'more in 2017 than 2016'; rows whose columns are unread: unchecked\n"
            "  concept (acts, carryforwards)  'Sales of short-term investments', 'Proceeds from ...' are\n"
            "            flows, no balance at a date (nor, 'Sales', revenue); 'Net operating loss\n"
            "            carry-forwards' is no operating income;\n"
            "  member (places)  'revenues in the United States' / 'in the U.S.', 'net sales for Safety and\n"
            "            Industrial', 'United States net PP&E': that part, not the company's row\n"
            "  formula (change)  a ratio computed from one year's operands is no change;\n"
            "  measure (average)  a column headed 'AVERAGE FOR THE TRAILING FIVE QUARTERS' (or labelled\n"
            "            'Average' on a line between the years and the caption, for rows of one cell a\n"
            "            period) is no balance unless an average is asked; two\n"
            "            years' averages averaged again fill no average slot; 'the total sales change for X'\n"
            "            asks a change; 'Accounts receivable' under 'Changes in ...:' is a change even when\n"
            "            the question says its words ('Net cash ...' closes that sub-heading)\n"
            "  formula (composite)  a figure for a composite the question defines ('defined as net cash\n"
            "            from operations minus additions ...') must not be one of its parts\n"
            "  concept (dividends)  a dividend row of the equity statement is declared, of the cash\n"
            "            flow statement paid; 'Net interest income' is no net income; an options'\n"
            "            intrinsic value answers only a question asking it; 'cash and short-term\n"
            "            investments' answered by the 'Short-term investments' row alone: unchecked\n"
            "  event (several)  'leases expire at various times through 2028' dates no one named lease\n"
            "  member (parent)  'total CVS Health shareholders' equity' is not the total after\n"
            "            'Noncontrolling interests'; 'the Health Services segment' keeps 'Health'\n"
            "  period (from)  'decreased from 85.0% to 84.0% in 2022': 85.0% is the prior year's\n"
            "  concept (parts)  'Depreciation and amortization' under 'Deferred income tax\n"
            "            liabilities:' is a deferred tax liability; 'Net periodic benefit cost' beside a\n"
            "            'Benefit costs' row for 'benefit costs': unchecked; 'Provisions 1,514' of a table of\n"
            "            'changes in the Card Member loans reserve' for the company's provision, or a row of a\n"
            "            table introduced as 'Subscription revenue by segment' for segment revenue: unchecked\n"
            "  omission (name)  a prose quote cut inside a name ('from VICI' of 'VICI BREIT Venture'):\n"
            "            unchecked\n"
            "  statement  a payment or proceeds outside the statements against the cash flow statement's\n"
            "            figure (capex 791 in a segment note, 695 on the statement: unchecked)\n"
            "  column    a cell under one of several column groups of the same period that no heading\n"
            "            read tells apart, in a row naming no line item asked: unchecked\n"
            "  period (after)  'the rate after the reduction' answered 35% from 'from 35% to 21%': the\n"
            "            number is where the change starts (and the reverse for 'before')\n"
            "  concept (cut)  a prose quote that starts with its number ('$94.5 billion at December 31,\n"
            "            2019.') is read with the words its sentence began with ('Funded backlog was ...')\n"
            "  subject (share)  a bare share row ('% of total net sales') is the share of the row above\n"
            "            it ('Products'): for another part ('from the U.S. Government'): unchecked\n"
            "  subject (including)  a figure 'in excess of the accrual' for a total 'including amounts\n"
            "            accrued' (or the reverse): unsupported\n"
            "  concept (word)  'the remaining authorization for share repurchases' answered by\n"
            "            'Repurchases of common stock': unchecked; a quotient for a question naming line\n"
            "            items and no ratio of them ('return on plan assets' as net income / total\n"
            "            assets): unchecked; the answer's own label never picks the ratio then\n"
            "  about (who)  a who-question answered by words the document also writes in lowercase\n"
            "            ('Report of Independent Registered Public Accounting Firm'): unchecked\n"
            "  event (anchor)  'ends on the Friday closest to November 30' dates no year end: unchecked;\n"
            "            'the fiscal year ended January 2, 2022' is fiscal 2021's end, not fiscal 2022's\n"
            "  omission (restricted)  'there were no claims or litigation pending ...,' cut before 'that\n"
            "            were reasonably likely to have a material adverse effect': unchecked\n"
            "  polarity (scope)  'no outstanding borrowings ... under the revolving credit facility' for\n"
            "            'any short-term debt': unchecked; 'None ..., except for certain employees' says yes;\n"
            "            'reflects a decline ... related to the shutdown' tells no net change: unchecked\n"
            "  figures (rate)  a yes/no about a percentage decided from an amount row ('Table games win\n"
            "            $ 375 $ 333' for the win percentage): unchecked\n"
            "  subject (before)  a 'Total' or 'Net' row below a deduction ('Excess of FIFO over LIFO\n"
            "            cost (463.4)', 'Less accumulated depreciation') for the amount asked before it:\n"
            "            unsupported\n"
            "  event (replaced)  the date of what a sentence replaced ('its existing ... facility expiring\n"
            "            in August 2019 to a ... facility expiring in March 2021') for the current one\n"
            "  column (part)  an operand from untold column groups named as a part (U.S., international,\n"
            "            pension, postretirement): unchecked (3M's postretirement $ 52 as international)\n"
            "  about (regulator)  a who-question answered only with a body the company is registered with\n"
            "            or follows the standards of ('registered with the PCAOB'): unchecked\n"
            "  omission (all)  a yes that all of a thing is so, from a quote cut before its sentence goes\n"
            "            on to a negation ('and $6.1 billion ... not reflected on the balance sheet'): unchecked\n"
            "  kind (share)  a percentage cited for a money line item ('North America 24.4' under '...\n"
            "            as a percentage of Company net operating revenues' for its revenues): unsupported\n"
            "  concept (name)  a row that shares only the company's name with a question naming no line\n"
            "            item ('THE COCA-COLA COMPANY $ 17,072' for its buybacks): unchecked\n"
            "  statement (operand)  an operand from a note's table that differs from the statement's\n"
            "            figure (investees' 'Current assets $ 25,023' in a current ratio): unchecked\n"
            "  period (fiscal)  where the document says how it names a year ending in January to March\n"
            "            ('fiscal 2019' beside 'February 2, 2019'), that column is no answer to 'fiscal 2018'\n"
            "  office    'Who is the CEO?' answered by a line titling its person 'Chief Operating Officer',\n"
            "            or 'chief executive officer of Carlson' (another organisation, a part of the\n"
            "            company: '... of Corning Optical Communications', 'President, Coca-Cola North\n"
            "            America', or held before: 'served as'):\n"
            "            unsupported; a line of titles that names no holder: unchecked\n"
            "  event (relative)  'When did the lease commence?' is not dated by 'the fourth lease year that\n"
            "            commenced on December 1, 2022': unchecked\n"
            "  about (remaining)  'how many years remained' from 'an initial term of 30 years': unchecked\n"
            "  about (who)  'Who controls the voting of ...' from quotes that do not say control, or say it\n"
            "            of another person ('controlled by Mr. Knight's son' for Philip Knight): unchecked\n"
            "  about (signed)  'Who signed ... as Principal Financial Officer?': the signature the page pairs\n"
            "            with that capacity (rows, or two columns in order) must be the person answered\n"
            "  about (career)  'Who is the COO?' from 'became ... COO in April 2002' whose paragraph goes\n"
            "            on 'named chief executive officer in April 2005': unchecked\n"
            "  about (list, variant, stage)  'List the programs that recorded charges' from 'Examples of ...\n"
            "            programs include': unchecked; the '777X-8' for the '777X': unchecked; 'an initial term\n"
            "            of ten years' for the total term: unchecked\n"
            "  subject (including)  '..., including its recovery period?' from a quote that stops before\n"
            "            the recovery period its line goes on to: unchecked\n"
            "  claim (row)  a text's figure from a row of a table whose columns were not read: unchecked\n"
            "  kind (how many)  'How many employees ...' answered with a percentage: unsupported\n"
            "  sign (alternative)  'Provision/(benefit) for taxes on income (71)' stated as a provision of\n"
            "            71: unsupported (a benefit of 71 when the benefit is asked)\n"
            "  polarity (rather)  'an operating ratio of 88% rather than a return on equity' says no to\n"
            "            'did it request a return on equity'\n"
            "  scale (section)  '$376' in notes under '(Dollars in millions, except otherwise stated)' is\n"
            "            $376 million; rows under 'Connections ('000):' are thousands\n"
            "  concept (depreciation)  'Total depreciation' for depreciation and amortization: unsupported\n"
            "  concept (noncash)  'Property and equipment acquired under capital leases' for cash spent,\n"
            "            alone or added to capex: unsupported\n"
            "  period (next year)  a discount rate at December 31, 2020 from a table of assumptions 'for each\n"
            "            subsequent year' for 2020's net periodic benefit cost: unsupported (the December 31,\n"
            "            2019 column is that cost's)\n"
            "Statuses (the same names in --json, batch, traces and the view): 'supported' only when every\n"
            "quote is verified and every check holds; 'partial' when what is answered holds but a part of\n"
            "the question is answered by no item; 'unchecked'\n"
            "when the quotes are real and nothing failed but a concept, period or field could not be checked\n"
            "(not an answer docintel vouches for); 'unsupported', 'citation_failed', 'not_found' (no answer is\n"
            "claimed; lines shown are the closest evidence), 'no_citations'. A model's answer may add\n"
            "'flag: conflicting_evidence' (figures disagree), 'flag: incomplete' (found, but not all that\n"
            "was asked) or 'flag: malformed_context' (garbled evidence); offline answers carry none.\n\n"
            "Over a folder the question is routed first (every document gets a decision, shown by\n"
            "`docintel context` and kept in the trace): documents of another issuer than the one the\n"
            "question names, copies of the same file, and periods that cannot hold the year asked are\n"
            "left out; with no period named the latest filing is used and a note says so; a company\n"
            "no document is by is a note, never a refusal: every document is searched ('no document's\n"
            "issuer is X ...'). A question whose terms barely occur anywhere in a folder sends nothing;\n"
            "a file you name (a path, --doc, a batch line's doc) is always searched, whatever the\n"
            "question calls its company or period. 'FY2023Q2' asks that quarter's filing (a fiscal\n"
            "quarter as the filing states it: a June year's Q2 ends in December). Passages come from the best 3\n"
            "documents (route_max_documents). The folder's corpus index (see `docintel index`) is built\n"
            "on first use and updated per changed file. A corpus of more than DOCINTEL_DISK_INDEX_PASSAGES\n"
            "passages (100,000) is searched through passage indexes on disk, built once per set of files in\n"
            "the cache (passages/) and reused by later runs: the same passages as indexes in memory.\n\n"
            "The model reads the evidence first and the question last. Evidence rows keep their\n"
            "GLOBAL_LINE numbers; 'section: A > B' lines name the headings above them and a table's\n"
            "caption and column header travel with its rows ('[table header]'). A question that asks\n"
            "several things ('How long ... and when ...?') is answered in one call with one checked\n"
            "field per part (openai backend; offline, the best line of each part is quoted first).\n"
            "A single fact (an amount, a date, yes/no, a name) is asked sequentially: the best passages\n"
            "first, a group per call, stopping at the first answer found, complete and supported\n"
            "(--strategy combined sends everything in one call; every call is in the trace).\n\n"
            'example: docintel ask "What is the refund window?" corpus/\n'
            'example: docintel ask "How long is the refund window and when are refunds issued?" corpus/\n'
            'example: docintel ask "What was Acme\'s revenue in fiscal 2023?" filings/ --doc "acme_*"'
        )
        + "\n\n"
        + EPILOG,
    )
    p.add_argument("question")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="PDF files or folders of PDFs")
    answer_flags(p)
    retrieval_flags(p)
    scope_flag(p)
    p.add_argument(
        "--fields",
        help="multi-field extraction instead of a free answer: NAME:KIND,... with KIND in "
        "text, amount, date, boolean, number (needs the openai backend)",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object: answer, status (supported, partial, unchecked, unsupported, citation_failed, "
        "not_found, no_citations), verification (quote verdicts, the checks of each item), trace_id, trace_path, "
        "trace_error, backend, model, usage",
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help="exit 6 unless the answer is supported or not found (a failed citation or check, or an unchecked answer)",
    )
    common_flags(p)


def _parse_fields(spec: str | None) -> dict[str, str] | None:
    if not spec:
        return None
    from ..answer.contract import FIELD_TYPES

    fields: dict[str, str] = {}
    for part in spec.split(","):
        name, _, kind = part.strip().partition(":")
        kind = kind or "text"
        if not name.isidentifier() or kind not in FIELD_TYPES:
            raise UsageError(
                f"bad --fields entry {part!r}", f"write NAME:KIND with KIND one of {', '.join(FIELD_TYPES)}"
            )
        fields[name] = kind
    return fields


def cmd_ask(args: argparse.Namespace) -> int:
    from ..render import reports as render

    pipeline = make_pipeline(args)
    result = pipeline.ask(
        args.question,
        args.paths,
        budget_chars=args.budget_chars,
        extraction_fields=_parse_fields(args.fields),
        scope=args.scope,
    )
    data = result.to_json()
    if args.json:
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        print_text(render.answer_report(data))
    for failure in result.prepared.failures:
        print(f"error: {failure.message}", file=sys.stderr)
    if result.trace_error is not None:
        raise result.trace_error  # the answer is out; now say why its trace is not
    verification = result.verification
    if args.strict and verification.overall not in ("supported", "not_found"):
        failed = [f"{verification.failed} citation(s) failed verification"] if verification.failed else []
        if verification.values_unsupported:
            failed.append(f"{verification.values_unsupported} item(s) with a check that failed")
        if verification.overall == "unchecked":
            failed.append("the answer is unchecked (a concept or period could not be checked)")
        if not failed:
            failed.append(f"the answer is {verification.overall}")
        raise CheckFailedError(
            f"{' and '.join(failed)} (trace {result.trace_id})",
            "inspect them with: docintel traces show " + result.trace_id,
        )
    return EXIT_INPUT if result.prepared.failures else EXIT_OK
