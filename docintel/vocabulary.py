"""The concept vocabulary's data: financial-statement line items with their US GAAP taxonomy elements and usual
wordings, and standard ratios with their formulas. Parsed by ``docintel.concepts``, which names the sources."""

# id | label | kind [| outflow | magnitude: an expense whose label states its magnitude], then "@ element"
# (the US GAAP taxonomy element), then the wordings after the label.
LINE_ITEMS_TABLE = """
revenue | Revenue | money
    @ Revenues
    revenues; net revenue; net revenues; total revenue; total revenues; net sales; total net sales; sales;
    operating revenues; turnover; top line
cost_of_revenue | Cost of revenue | money | magnitude
    @ CostOfRevenue
    cost of revenues; cost of sales; cost of goods sold; costs of goods sold; cost of products sold; cogs; cost of
    merchandise sold
gross_profit | Gross profit | money
    @ GrossProfit
    gross margin
operating_expenses | Operating expenses | money | magnitude
    @ OperatingExpenses
    total operating expenses
costs_and_expenses | Costs and expenses | money | magnitude
    @ CostsAndExpenses
    total costs and expenses; costs and operating expenses; total costs and operating expenses
sga | Selling, general and administrative expense | money | magnitude
    @ SellingGeneralAndAdministrativeExpense
    selling general and administrative; sg&a; selling general administrative expenses
selling_marketing | Selling and marketing expense | money | magnitude
    @ SellingAndMarketingExpense
    sales and marketing; selling and marketing; marketing and sales
research_development | Research and development expense | money | magnitude
    @ ResearchAndDevelopmentExpense
    research and development; r&d
depreciation_amortization | Depreciation and amortization | money | magnitude
    @ DepreciationDepletionAndAmortization
    depreciation depletion and amortization; d&a; depreciation; depreciation and amortisation
operating_income | Operating income | money
    @ OperatingIncomeLoss
    income from operations; operating profit; operating earnings; earnings from operations; operating loss;
    operating income loss; ebit
interest_expense | Interest expense | money | magnitude
    @ InterestExpense
    interest expense net
pretax_income | Income before income taxes | money
    @ IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest
    earnings before income taxes; income before taxes; pretax income; pre-tax income; income before provision for
    income taxes; earnings before provision for income taxes; profit before tax; income before income tax
income_tax | Income tax expense | money | magnitude
    @ IncomeTaxExpenseBenefit
    provision for income taxes; income taxes; income tax provision; provision for taxes; income tax
net_income | Net income | money
    @ NetIncomeLoss
    net earnings; net profit; net loss; net income loss; profit for the year; net income attributable
eps | Earnings per share | per_share
    @ EarningsPerShareBasicAndDiluted
    eps; net income per share; earnings per common share; net earnings per share
eps_basic | Basic earnings per share | per_share
    @ EarningsPerShareBasic
    basic eps; basic net income per share; earnings per share basic; basic earnings per common share
eps_diluted | Diluted earnings per share | per_share
    @ EarningsPerShareDiluted
    diluted eps; diluted net income per share; earnings per share diluted; diluted earnings per common share
ebitda | EBITDA | money
    @ ratio
    earnings before interest taxes depreciation and amortization
dividends_per_share | Dividends declared per share | per_share
    @ CommonStockDividendsPerShareDeclared
    dividends per share; cash dividends declared per common share; dividends per common share
weighted_shares | Weighted average shares outstanding | count
    @ WeightedAverageNumberOfDilutedSharesOutstanding
    weighted average shares; weighted average common shares; weighted average number of shares; weighted average
    shares outstanding
shares_outstanding | Common shares outstanding | count
    @ CommonStockSharesOutstanding
    shares outstanding; common shares outstanding; shares of common stock outstanding; common stock shares
    outstanding; shares issued and outstanding
cash | Cash and cash equivalents | money
    @ CashAndCashEquivalentsAtCarryingValue
    cash and equivalents; cash and cash equivalents at end of period
short_term_investments | Short-term investments | money
    @ ShortTermInvestments
    marketable securities; short term investments
accounts_receivable | Accounts receivable | money
    @ AccountsReceivableNetCurrent
    receivables; trade receivables; trade accounts receivable; accounts receivable net
inventory | Inventories | money
    @ InventoryNet
    inventory; merchandise inventories
current_assets | Total current assets | money
    @ AssetsCurrent
    current assets
ppe | Property, plant and equipment, net | money
    @ PropertyPlantAndEquipmentNet
    property plant and equipment; property and equipment; pp&e; ppne; fixed assets; property and equipment net
accumulated_depreciation | Accumulated depreciation | money
    @ AccumulatedDepreciationDepletionAndAmortizationPropertyPlantAndEquipment
    accumulated depreciation and amortization; accumulated depreciation depletion and amortization; accumulated
    amortization
goodwill | Goodwill | money
    @ Goodwill
total_assets | Total assets | money
    @ Assets
accounts_payable | Accounts payable | money
    @ AccountsPayableCurrent
    trade payables; trade accounts payable
current_liabilities | Total current liabilities | money
    @ LiabilitiesCurrent
    current liabilities
long_term_debt | Long-term debt | money
    @ LongTermDebtNoncurrent
    long term debt; long-term borrowings; long-term debt net of current portion
current_debt | Short-term debt | money
    @ DebtCurrent
    short-term borrowings; current portion of long-term debt; current maturities of long-term debt; notes payable;
    commercial paper; short term debt
total_debt | Total debt | money
    @ DebtInstrumentCarryingAmount
    debt; total borrowings
total_liabilities | Total liabilities | money
    @ Liabilities
liabilities_and_equity | Total liabilities and stockholders' equity | money
    @ LiabilitiesAndStockholdersEquity
    total liabilities and shareholders equity; total liabilities and equity; total liabilities and shareowners
    equity; liabilities and stockholders equity; liabilities and shareholders equity
equity | Total stockholders' equity | money
    @ StockholdersEquity
    stockholders equity; shareholders equity; shareowners equity; total equity; total shareholders equity
retained_earnings | Retained earnings | money
    @ RetainedEarningsAccumulatedDeficit
    accumulated deficit
operating_cash_flow | Net cash provided by operating activities | money
    @ NetCashProvidedByUsedInOperatingActivities
    cash provided by operating activities; cash provided by operations; cash from operations; operating cash flow;
    cash flow from operations; net cash from operating activities; cash flows from operating activities; net cash
    provided by used in operating activities
investing_cash_flow | Net cash used in investing activities | money
    @ NetCashProvidedByUsedInInvestingActivities
    cash used in investing activities; net cash provided by used in investing activities; cash flows from
    investing activities
financing_cash_flow | Net cash used in financing activities | money
    @ NetCashProvidedByUsedInFinancingActivities
    cash used in financing activities; net cash provided by used in financing activities; cash flows from
    financing activities
capex | Capital expenditures | money | outflow
    @ PaymentsToAcquirePropertyPlantAndEquipment
    capital expenditure; capex; purchases of property plant and equipment; purchases of property and equipment;
    additions to property plant and equipment; additions to property and equipment; payments for property plant
    and equipment; payments for property and equipment; capital spending; expenditures for property plant and
    equipment; acquisition of property plant and equipment
dividends_paid | Dividends paid | money | outflow
    @ PaymentsOfDividends
    cash dividends paid; payments of dividends; dividends paid to shareholders
share_repurchases | Repurchases of common stock | money | outflow
    @ PaymentsForRepurchaseOfCommonStock
    purchases of treasury stock; share repurchases; repurchase of common stock; purchases of common stock; stock
    repurchases
acquisitions | Acquisitions, net of cash acquired | money | outflow
    @ PaymentsToAcquireBusinessesNetOfCashAcquired
    acquisition of businesses; payments for acquisitions; business acquisitions
free_cash_flow | Free cash flow | money
    @ ratio
    fcf
change_in_inventories | Change in inventories | money
    @ IncreaseDecreaseInInventories
    changes in inventories; increase in inventories; decrease in inventories
"""

# id | label | kind [| averaged], then "= numerator concepts / denominator concepts [* days]" per accepted formula
# (a "-" before a concept subtracts it: gross margin is revenue - cost of revenue over revenue),
# then the wordings.
RATIOS_TABLE = """
gross_margin | Gross margin | percent
    = gross_profit / revenue
    = revenue, -cost_of_revenue / revenue
    gross margin; gross profit margin; gross margin percentage
operating_margin | Operating margin | percent
    = operating_income / revenue
    operating margin; operating profit margin; operating income margin; ebit margin
net_margin | Net margin | percent
    = net_income / revenue
    net margin; net profit margin; net income margin; profit margin
ebitda_margin | EBITDA margin | percent
    = ebitda / revenue
    = operating_income, depreciation_amortization / revenue
    ebitda margin
effective_tax_rate | Effective tax rate | percent
    = income_tax / pretax_income
    effective tax rate; effective income tax rate
current_ratio | Current ratio | ratio
    = current_assets / current_liabilities
    current ratio; working capital ratio
quick_ratio | Quick ratio | ratio
    = cash, short_term_investments, accounts_receivable / current_liabilities
    = cash, accounts_receivable / current_liabilities
    = current_assets, -inventory / current_liabilities
    quick ratio; acid test ratio; acid-test ratio
cash_ratio | Cash ratio | ratio
    = cash / current_liabilities
    = cash, short_term_investments / current_liabilities
    cash ratio
debt_to_equity | Debt to equity | ratio
    = total_debt / equity
    = long_term_debt / equity
    = long_term_debt, current_debt / equity
    = total_liabilities / equity
    debt to equity; debt-to-equity; debt/equity; debt to equity ratio
interest_coverage | Interest coverage | ratio
    = operating_income / interest_expense
    = ebitda / interest_expense
    interest coverage; times interest earned; interest coverage ratio
return_on_assets | Return on assets | percent | averaged
    = net_income / total_assets
    return on assets; roa
return_on_equity | Return on equity | percent | averaged
    = net_income / equity
    return on equity; roe
asset_turnover | Asset turnover | ratio | averaged
    = revenue / total_assets
    asset turnover; total asset turnover
fixed_asset_turnover | Fixed asset turnover | ratio | averaged
    = revenue / ppe
    fixed asset turnover
inventory_turnover | Inventory turnover | ratio | averaged
    = cost_of_revenue / inventory
    inventory turnover
days_sales_outstanding | Days sales outstanding | days | averaged
    = accounts_receivable / revenue * days
    days sales outstanding; dso
days_inventory | Days inventory outstanding | days | averaged
    = inventory / cost_of_revenue * days
    days inventory outstanding; days inventory; days in inventory; dio
days_payables | Days payables outstanding | days | averaged
    = accounts_payable / cost_of_revenue * days
    days payables outstanding; days payable; days payables; dpo
payout_ratio | Dividend payout ratio | percent
    = dividends_paid / net_income
    = dividends_per_share / eps
    payout ratio; dividend payout ratio
capex_to_revenue | Capital expenditures to revenue | percent
    = capex / revenue
    capex to revenue; capital expenditures to revenue; capex as a percentage of revenue; capital intensity
ebitda_measure | EBITDA | money
    = operating_income, depreciation_amortization
    ebitda; earnings before interest taxes depreciation and amortization
free_cash_flow_measure | Free cash flow | money
    = operating_cash_flow, capex
    free cash flow; fcf
"""
