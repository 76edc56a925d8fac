"""Document profiles: who issued a document, what kind it is, which period it covers, and its date.

Read at ingestion from the cover (the first pages), the PDF metadata and the file name, each
field with the GLOBAL_LINE it came from. The rules are general (SEC cover pages, press-release
openings, legal-entity names), not a list of companies. A field nobody can read stays null.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import date, timedelta
from typing import Any, Literal

from pydantic import BaseModel, Field

from ..periods import MONTHS
from .statements import StatementPage, find_statements

# bump when the rules change: cached profiles are rebuilt from cached lines (13: statements; 14: fiscal quarters;
# 15-17: fiscal naming read from the text; 18: the issuer read from its statements' headings)
PROFILE_VERSION = "18"
COVER_PAGES = 2
COVER_LINES = 160

ProfileSource = Literal["cover", "metadata", "file_name", "text"]


class ProfileField(BaseModel):
    """One profile value and where it was read."""

    value: str | None = None
    line: int | None = Field(default=None, description="GLOBAL_LINE it was read from (cover or text)")
    source: ProfileSource | None = None


class DocumentProfile(BaseModel):
    """What a document is: issuer, kind, period, date, title (each with its source line, or null)."""

    issuer: ProfileField = Field(default_factory=ProfileField, description="company or author the document is by")
    kind: ProfileField = Field(
        default_factory=ProfileField,
        description="10-K, 10-Q, 8-K, 20-F, earnings release, annual report, proxy statement, contract, paper",
    )
    period_end: ProfileField = Field(default_factory=ProfileField, description="ISO date the covered period ends")
    period_type: ProfileField = Field(default_factory=ProfileField, description="year | quarter | half")
    fiscal_year: ProfileField = Field(default_factory=ProfileField, description="the fiscal year the period is in")
    quarter: ProfileField = Field(default_factory=ProfileField, description="1-4 when the period is a quarter")
    fiscal_naming: ProfileField = Field(
        default_factory=ProfileField,
        description="a fiscal year ending in January to March named by the year it ends in ('end') or begins in "
        "('start'), as the document says ('fiscal 2019' beside 'February 2, 2019'); null when unsaid",
    )
    date: ProfileField = Field(default_factory=ProfileField, description="ISO date of the document")
    title: ProfileField = Field(default_factory=ProfileField)
    ticker: ProfileField = Field(default_factory=ProfileField, description="the trading symbol the cover gives")
    statements: list[StatementPage] = Field(
        default_factory=list,
        description="the primary financial statements' pages, recognised from caption and rows (ingest.statements)",
    )

    def year(self) -> int | None:
        """The fiscal year as an int (None when unknown)."""
        return int(self.fiscal_year.value) if self.fiscal_year.value else None


# ------------------------------------------------------------------------------ patterns

_MONTH = "(?:" + "|".join(name.capitalize() for name, number in MONTHS.items() if len(name) > 3 or name == "may") + ")"
_DATE = rf"({_MONTH})\s+(\d{{1,2}})\s*,\s*(\d{{4}})"
_LEGAL = (
    r"(?:Inc\.?|Incorporated|Corp\.?|Corporation|Company|Co\.|plc|PLC|P\.L\.C\.|Ltd\.?|Limited|LLC|L\.L\.C\.|"
    r"L\.P\.|LP|N\.V\.|S\.A\.|SE|AG|Holdings|Group)"
)
_ORG_LINE = re.compile(rf"^(?:The\s+)?[A-Z0-9][\w.&,'’\- ]{{0,70}}?\b{_LEGAL}\.?$", re.I)
_ORG_IN_TEXT = re.compile(rf"\b([A-Z0-9][\w&'’\-]*(?:[ ,]+[A-Z0-9&][\w&'’.\-]*){{0,5}}?,?\s+{_LEGAL})(?=$|[\s.,;)])")
_REGISTRANT = re.compile(r"exact name of (?:the )?registrant", re.I)
_FILE_NUMBER = re.compile(r"commission\s+file\s+(?:number|no\.?)", re.I)
_ANNOUNCES = re.compile(
    r"^(?:The\s+)?([A-Z][\w&.'’\-]*(?:\s+[A-Z][\w&.'’\-]*){0,4}?)\s+(?i:reports|reported|announces|announced|posts|"
    r"delivers|releases)\b"
)
_KINDS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bform\s*10-?k(?:405|t)?\b", re.I), "10-K"),
    (re.compile(r"\bform\s*10-?q\b", re.I), "10-Q"),
    (re.compile(r"\bform\s*8-?k\b", re.I), "8-K"),
    (re.compile(r"\bform\s*20-?f\b", re.I), "20-F"),
    (re.compile(r"\bform\s*6-?k\b", re.I), "6-K"),
    (re.compile(r"\b(?:def\s*14a|proxy statement)\b", re.I), "proxy statement"),
]
_RELEASE = re.compile(
    r"\b(?:exhibit\s*99(?:\.\d)?|press release|news release|for immediate release|"
    r"(?:reports|reported|announces|announced)\b.{0,60}\bresults)\b",
    re.I,
)
_OTHER_KINDS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bannual report\b", re.I), "annual report"),
    (re.compile(r"\bquarterly report\b", re.I), "quarterly report"),
    (re.compile(r"\b(?:agreement|contract)\b", re.I), "contract"),
    (re.compile(r"^\s*abstract\b", re.I | re.M), "paper"),
]
_ANNUAL = re.compile(rf"(?:fiscal\s+)?year\s+ended\s*:?\s*{_DATE}", re.I)
_QUARTERLY = re.compile(rf"quarterly\s+period\s+ended\s*:?\s*(?:[A-Za-z]+\s+){{0,3}}?{_DATE}", re.I)
_MONTHS_ENDED = re.compile(rf"\b(three|six|nine|twelve)\s+months\s+ended\s*:?\s*{_DATE}", re.I)
_QUARTER_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_QUARTER_YEAR = re.compile(
    r"\b(?:(first|second|third|fourth)\s+quarter|q([1-4]))\b[^.\n]{0,30}?\b((?:19|20)\d{2})\b", re.I
)
_YEAR_QUARTER = re.compile(r"\b((?:19|20)\d{2})\s+(first|second|third|fourth)[- ]quarter\b", re.I)
_TICKER = re.compile(  # the name and its listing stay on one line: a header line above is not part of it
    r"([A-Z][\w&.'’\-]*(?:[^\S\n]+(?:&[^\S\n]+)?[A-Z][\w&.'’\-]*){0,5})[^\S\n]*"
    r"\((?:NYSE|NASDAQ|Nasdaq|NYSE American|LSE|ASX|TSX)\s*:"
)
_LISTED = re.compile(r"\((?:NYSE|NASDAQ|Nasdaq|NYSE American|LSE|ASX|TSX)\s*:\s*([A-Z]{1,5}(?:\.[A-Z])?)\)")
_SYMBOL_ROW = re.compile(  # a row of the SEC cover's 'Trading Symbol(s)' table: '... MMM New York Stock Exchange'
    r"(?<![\w$])([A-Z]{1,5})\s+(?:The\s+)?(?:New York Stock Exchange|NYSE|Nasdaq|NASDAQ)\b"
)
_FISCAL_YEAR = re.compile(r"\b(?:fiscal(?:\s+year)?|full[- ]year|fy)\s*((?:19|20)\d{2})\b", re.I)
_REPORT_DATE = re.compile(rf"date of report[^:\n]{{0,60}}:?\s*{_DATE}", re.I)
_AS_OF = re.compile(rf"\boutstanding\s+(?:as of|at|on)\s+{_DATE}|\bas of\s+{_DATE}\s*,?\s+the registrant had", re.I)
_FILE_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?:[-_ ]?q([1-4]))?(?!\d)", re.I)
_FILE_KIND = re.compile(r"(?<![a-z0-9])(10-?k|10-?q|8-?k|20-?f|earnings|annual|proxy)(?![a-z0-9])", re.I)
_GENERIC_TITLE = re.compile(r"^(?:[\d\s\-]+|document|untitled|microsoft word.*|none)$", re.I)


def _iso(month: str, day: str, year: str) -> str | None:
    try:
        return date(int(year), MONTHS[month.lower()], int(day)).isoformat()
    except ValueError:
        return None


class _Cover:
    """The cover text: the first lines joined with spaces, with a map from character offset to line."""

    def __init__(self, texts: list[str], lines: list[int]) -> None:
        self.texts, self.lines = texts, lines
        self.starts: list[int] = []
        parts, offset = [], 0
        for text in texts:
            self.starts.append(offset)
            parts.append(text)
            offset += len(text) + 1
        self.text = "\n".join(parts)
        self.flat = self.text.replace("\n", " ")

    def line_at(self, offset: int) -> int | None:
        index = 0
        for i, start in enumerate(self.starts):
            if start > offset:
                break
            index = i
        return self.lines[index] if self.lines else None

    def field(self, value: str | None, offset: int) -> ProfileField:
        return ProfileField(value=value, line=self.line_at(offset), source="cover") if value else ProfileField()


def _clean_name(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip(" ,;:_-")
    return text.split(" (")[0].strip(" ,")


def _name_like(text: str) -> bool:
    words = text.split()
    if not (1 <= len(words) <= 10) or not any(ch.isalpha() for ch in text):
        return False
    if re.search(r"\b(?:act|exchange|section|securities|rule|form|report|washington|commission)\b", text, re.I):
        return False
    return bool(_ORG_LINE.match(text)) or (text.isupper() and len(text) <= 70 and not re.search(r"\d{3}", text))


_SUFFIX_ONLY = re.compile(rf"^[\s,]*(?:{_LEGAL}[\s,.]*)+$", re.I)  # 'Inc.', ', Inc.', 'Holdings, Inc.'
_NOT_A_NAME = re.compile(r"\d{3}|\b(?:act|period|transition|commission|file|fiscal|ended|pursuant)\b", re.I)


def _registrant(cover: _Cover) -> ProfileField:
    """The name printed just above '(Exact name of registrant as specified in its charter)'."""
    match = _REGISTRANT.search(cover.flat)
    if match is None:
        return ProfileField()
    before = cover.flat[max(0, match.start() - 120) : match.start()].rstrip(" (")
    # the caption above the name, in either order: 'Commission File Number: 1-3285', '(Commission File Number)'
    before = re.split(
        r"(?:commission\s+file\s+(?:number|no\.?)\s*:?\s*[\d\-]+|\(commission\s+file\s+(?:number|no\.?)\)|\n)",
        before,
        flags=re.I,
    )[-1]
    line_text = cover.text[max(0, match.start() - 120) : match.start()].rstrip(" (").split("\n")
    lines = [t for t in reversed(line_text) if t.strip()]
    if len(lines) > 1 and _SUFFIX_ONLY.match(lines[0]):  # 'Ulta Beauty,' / 'Inc.': the name goes on over a break
        lines = [f"{lines[1]} {lines[0]}", *lines[2:]]
    candidates = [before] + lines[:2]
    for candidate in candidates:
        name = _clean_name(candidate)
        words = name.split()
        if _SUFFIX_ONLY.match(name):
            continue  # a legal form alone ('Inc.') names nobody
        if 1 <= len(words) <= 10 and any(c.isalpha() for c in name) and not _NOT_A_NAME.search(name):
            return cover.field(name, match.start() - len(candidate))
    return ProfileField()


def _issuer(cover: _Cover, info: dict[str, str]) -> ProfileField:
    texts = cover.texts
    if (registrant := _registrant(cover)).value:
        return registrant
    for i, text in enumerate(texts):
        if _FILE_NUMBER.search(text):
            for j in range(i + 1, min(i + 4, len(texts))):
                candidate = _clean_name(texts[j])
                if _name_like(candidate):
                    return ProfileField(value=candidate, line=cover.lines[j], source="cover")
    if (ticker := _TICKER.search(cover.text)) is not None:
        return cover.field(_clean_name(ticker.group(1)), ticker.start())
    for i, text in enumerate(texts[:40]):
        if (match := _ANNOUNCES.match(text)) is not None:
            return ProfileField(value=match.group(1), line=cover.lines[i], source="cover")
    for i, text in enumerate(texts[:60]):
        candidate = _clean_name(text)
        if _ORG_LINE.match(candidate) and _name_like(candidate):
            return ProfileField(value=candidate, line=cover.lines[i], source="cover")
    author = info.get("Author", "")
    if len(author) > 2 and re.search(rf"(?<![\w]){re.escape(author)}(?![\w])", cover.flat):
        return ProfileField(value=author, source="metadata")  # metadata counts when the text writes it too
    for key in ("Title", "Subject"):
        if (match := _ORG_IN_TEXT.search(info.get(key, ""))) is not None:
            return ProfileField(value=_clean_name(match.group(1)), source="metadata")
    return ProfileField()


# the heading a group's financial statements print above each: 'THE COCA-COLA COMPANY AND SUBSIDIARIES'
_GROUP_HEADING = re.compile(
    r"^\s*(?:THE\s+)?(?P<name>[A-Z][A-Z0-9.,&'\- ]{1,60}?),?\s+AND\s+(?:ITS\s+)?SUBSIDIARIES\s*$"
)


def _statements_issuer(texts: list[str]) -> ProfileField:
    """The company whose financial statements the document prints, named in the heading above them ('THE COCA-COLA
    COMPANY AND SUBSIDIARIES'), when its cover's name cannot be read (a logo): the name printed most often, twice at
    least."""
    names = Counter(m.group("name").strip() for t in texts if (m := _GROUP_HEADING.match(t)))
    if not names or (top := names.most_common(1)[0])[1] < 2:
        return ProfileField()
    line = next(
        i for i, t in enumerate(texts, start=1) if (m := _GROUP_HEADING.match(t)) and m.group("name").strip() == top[0]
    )
    return ProfileField(value=top[0].title(), line=line, source="text")


def _kind(cover: _Cover, info: dict[str, str]) -> ProfileField:
    found: list[tuple[int, str]] = []
    for pattern, kind in _KINDS:
        if (match := pattern.search(cover.flat)) is not None:
            found.append((match.start(), kind))
    if found:
        offset, kind = min(found)
        return cover.field(kind, offset)
    head = "\n".join(cover.texts[:40])
    if (match := _RELEASE.search(head)) is not None:
        return cover.field("earnings release" if "result" in match.group(0).lower() else "press release", match.start())
    meta = " ".join(info.get(k, "") for k in ("Title", "Subject"))
    for pattern, kind in _KINDS:
        if pattern.search(meta) or pattern.search(meta.replace("Form ", "")):
            return ProfileField(value=kind, source="metadata")
    for pattern, kind in _OTHER_KINDS:
        if (match := pattern.search(head)) is not None:
            return cover.field(kind, match.start())
    return ProfileField()


def _period(cover: _Cover, profile: DocumentProfile) -> None:
    flat = cover.flat
    if profile.kind.value in ("earnings release", "press release") and _headline_period(cover, profile):
        return
    for pattern, kind in ((_QUARTERLY, "quarter"), (_ANNUAL, "year")):
        if (match := pattern.search(flat)) is not None and (iso := _iso(*match.groups())):
            _set_period(profile, cover, match.start(), iso, kind)
            return
    if (match := _MONTHS_ENDED.search(flat)) is not None and (iso := _iso(*match.groups()[1:])):
        kind = {"three": "quarter", "six": "half", "twelve": "year"}.get(match.group(1).lower(), "quarter")
        _set_period(profile, cover, match.start(), iso, kind)
        return
    if (match := _QUARTER_YEAR.search(flat)) is not None:
        quarter = _QUARTER_WORDS.get((match.group(1) or "").lower()) or int(match.group(2))
        profile.period_type = cover.field("quarter", match.start())
        profile.quarter = cover.field(str(quarter), match.start())
        profile.fiscal_year = cover.field(match.group(3), match.start())
        return
    if (match := _FISCAL_YEAR.search(flat)) is not None:
        profile.period_type = cover.field("year", match.start())
        profile.fiscal_year = cover.field(match.group(1), match.start())


def _headline_period(cover: _Cover, profile: DocumentProfile) -> bool:
    """A release names its period in the headline: 'fourth quarter and full year 2022', 'fiscal 2023 results'."""
    head = " ".join(cover.texts[:12])
    quarter: int | None = None
    if (match := _QUARTER_YEAR.search(head)) is not None:
        quarter, year, offset = (
            _QUARTER_WORDS.get((match.group(1) or "").lower()) or int(match.group(2)),
            match.group(3),
            match.start(),
        )
    elif (match := _YEAR_QUARTER.search(head)) is not None:
        quarter, year, offset = _QUARTER_WORDS[match.group(2).lower()], match.group(1), match.start()
    elif (match := _FISCAL_YEAR.search(head)) is not None:
        year, offset = match.group(1), match.start()
    else:
        return False
    full_year = bool(re.search(r"\b(?:full[- ]year|fiscal(?: year)?|annual)\b", head, re.I))
    profile.period_type = cover.field("quarter" if quarter and not full_year else "year", offset)
    profile.fiscal_year = cover.field(year, offset)
    if quarter:
        profile.quarter = cover.field(str(quarter), offset)
    return True


def _set_period(profile: DocumentProfile, cover: _Cover, offset: int, iso: str, kind: str) -> None:
    profile.period_end = cover.field(iso, offset)
    profile.period_type = cover.field(kind, offset)
    end = date.fromisoformat(iso)
    if kind == "quarter":  # the calendar quarter it ends in (a fiscal quarter may differ: the file name may say);
        # a 13-week quarter may end in the first days of the next month (July 2 closes the second quarter)
        closes = end - timedelta(days=7)
        profile.quarter = cover.field(str((closes.month - 1) // 3 + 1), offset)
    # A 52/53-week year that ends in the first days of January belongs to the year before.
    year = end.year - 1 if (end.month == 1 and end.day <= 7) else end.year
    if end.month <= 3:  # companies name such a year either way: the document's own 'fiscal 2025' decides
        for match in _FISCAL_YEAR.finditer(cover.flat):
            if int(match.group(1)) in (end.year, end.year - 1):
                profile.fiscal_year = cover.field(match.group(1), match.start())
                naming = "end" if int(match.group(1)) == end.year else "start"
                profile.fiscal_naming = cover.field(naming, match.start())
                return
    profile.fiscal_year = cover.field(str(year), offset)


_FISCAL_END = re.compile(rf"\bfiscal\s+year\s+(?:ended|ending|ends)\s*:?\s*(?:on\s+)?({_MONTH})\s+\d{{1,2}}\b", re.I)
FISCAL_END_PAGES = 12  # where a quarterly report states the month its fiscal year ends


def _fiscal_naming(profile: DocumentProfile, texts: list[str]) -> None:
    """How a document whose year ends in January to March names it, when its cover does not say: the 'fiscal N'
    its lines print beside the year's last day ('at February 2, 2019, and changes during fiscal 2019'), when one
    reading is at least twice as common as the other."""
    end = date.fromisoformat(profile.period_end.value) if profile.period_end.value else None
    if end is None or end.month > 3 or profile.fiscal_naming.value or profile.period_type.value != "year":
        return
    month = next(name.capitalize() for name, number in MONTHS.items() if number == end.month and len(name) > 3)
    last_day = re.compile(rf"\b{month}\s+{end.day}\s*,\s*{end.year}\b")
    votes: Counter[int] = Counter()
    first: dict[int, int] = {}
    for number, text in enumerate(texts, start=1):
        if "iscal" not in text or not last_day.search(text):
            continue
        # a sentence that gives the day and one fiscal year, not a list of years 'respectively' ('fiscal 2023 and
        # fiscal 2022 ... As of January 28, 2023, January 29, 2022')
        for sentence in re.split(r"(?<=[.;])\s+", text):
            named = {int(m.group(1)) for m in _FISCAL_YEAR.finditer(sentence)} & {end.year, end.year - 1}
            if len(named) == 1 and last_day.search(sentence) and "respectively" not in sentence:
                votes[(year := named.pop())] += 1
                first.setdefault(year, number)
    year, count = (votes.most_common(1) or [(0, 0)])[0]
    if count >= 2 and count >= 2 * votes[end.year + end.year - 1 - year]:  # the other reading's votes
        profile.fiscal_year = ProfileField(value=str(year), line=first[year], source="text")
        naming = "end" if year == end.year else "start"
        profile.fiscal_naming = ProfileField(value=naming, line=first[year], source="text")


def _fiscal_quarter(profile: DocumentProfile, pages: list[int], texts: list[str]) -> None:
    """A quarter of a fiscal year that does not end in December, as the filing states it: Amcor's quarter
    ended December 31, 2022 is the second quarter of fiscal 2023 (its fiscal year ends June 30)."""
    end = profile.period_end.value
    if profile.period_type.value != "quarter" or not end:
        return
    found = next(
        (
            (n, m)
            for n, (page, text) in enumerate(zip(pages, texts, strict=False), start=1)
            if page <= FISCAL_END_PAGES and (m := _FISCAL_END.search(text)) is not None
        ),
        None,
    )
    if found is None:
        return
    number, match = found
    year_end = MONTHS[match.group(1).lower()]
    closes = date.fromisoformat(end) - timedelta(days=7)  # a 13-week quarter may close in the next month's first days
    if year_end == 12:
        return
    quarter = ((closes.month - year_end - 1) % 12) // 3 + 1
    fiscal_year = closes.year + (1 if closes.month > year_end else 0)
    profile.quarter = ProfileField(value=str(quarter), line=number, source="cover")
    profile.fiscal_year = ProfileField(value=str(fiscal_year), line=number, source="cover")


def _ticker(cover: _Cover) -> ProfileField:
    """The first trading symbol: '(NYSE: JNJ)' in a release, or the cover's 'Trading Symbol(s)' table."""
    if (match := _LISTED.search(cover.flat)) is not None:
        return cover.field(match.group(1), match.start(1))
    table = re.search(r"trading\s+symbol", cover.flat, re.I)
    if table is not None and (match := _SYMBOL_ROW.search(cover.flat, table.end())) is not None:
        return cover.field(match.group(1), match.start(1))
    return ProfileField()


def _date(cover: _Cover, info: dict[str, str]) -> ProfileField:
    for pattern in (_REPORT_DATE, _AS_OF):
        if (match := pattern.search(cover.flat)) is not None and (iso := _iso(*[g for g in match.groups() if g][:3])):
            return cover.field(iso, match.start())
    created = re.match(r"D:(\d{4})(\d{2})(\d{2})", info.get("CreationDate", ""))
    if created:
        try:
            return ProfileField(value=date(*map(int, created.groups())).isoformat(), source="metadata")
        except ValueError:
            pass
    return ProfileField()


def _title(info: dict[str, str]) -> ProfileField:
    title = " ".join(info.get("Title", "").split())
    if title and not _GENERIC_TITLE.match(title) and sum(w.isalpha() for w in title.split()) >= 2:
        return ProfileField(value=title, source="metadata")
    return ProfileField()


def build_profile(pages: list[int], texts: list[str], info: dict[str, str] | None) -> DocumentProfile:
    """The profile of a document from its line columns (1-based pages) and PDF metadata (cached by content)."""
    info = info or {}
    count = 0
    while count < min(len(texts), COVER_LINES) and pages[count] <= COVER_PAGES:
        count += 1
    cover = _Cover(texts[:count], list(range(1, count + 1)))
    issuer = _issuer(cover, info)
    issuer = issuer if issuer.value else _statements_issuer(texts)  # a cover whose name is a picture
    profile = DocumentProfile(issuer=issuer, kind=_kind(cover, info), title=_title(info))
    profile.ticker = _ticker(cover)
    _period(cover, profile)
    _fiscal_naming(profile, texts)
    _fiscal_quarter(profile, pages, texts)
    profile.date = _date(cover, info)
    profile.statements = find_statements(pages, texts)
    return profile


def file_period(stem: str) -> tuple[int | None, int | None]:
    """(year, quarter) a file name states, e.g. 'acme_2023Q2_10Q' -> (2023, 2)."""
    match = _FILE_YEAR.search(stem)
    if match is None:
        return None, None
    return int(match.group(1)), int(match.group(2)) if match.group(2) else None


def with_file_name(profile: DocumentProfile, stem: str) -> DocumentProfile:
    """The profile with the kind, year and quarter a file name states filled in where the content gives none.

    File names are the user's own labels ("acme_2023Q2_10Q"); they never override the cover.
    """
    profile = profile.model_copy(deep=True)
    if profile.kind.value is None and (match := _FILE_KIND.search(stem)) is not None:
        word = match.group(1).upper()
        names = {"EARNINGS": "earnings release", "ANNUAL": "annual report", "PROXY": "proxy statement"}
        kind = names.get(word) or re.sub(r"^(\d+)-?([A-Z])$", r"\1-\2", word)
        profile.kind = ProfileField(value=kind, source="file_name")
    if profile.fiscal_year.value is None and (year := _FILE_YEAR.search(stem)) is not None:
        profile.fiscal_year = ProfileField(value=year.group(1), source="file_name")
        if year.group(2) and profile.quarter.value is None:
            profile.quarter = ProfileField(value=year.group(2), source="file_name")
            profile.period_type = ProfileField(value="quarter", source="file_name")
    return profile


METADATA_SKIPPED = "the PDF metadata (title, author, dates) could not be read: title and profile come from the text"


def pdf_info(reader: Any, warnings: list[dict[str, Any]] | None = None) -> dict[str, str]:
    """The document-information strings a profile reads (Title, Author, Subject, CreationDate); {} when the
    metadata cannot be read, and a warning (page 0: the whole document) in *warnings* says so."""
    try:
        metadata = reader.metadata or {}
        return {
            key: " ".join(str(metadata.get("/" + key) or "").replace("\x00", "").split())
            for key in ("Title", "Author", "Subject", "CreationDate")
            if metadata.get("/" + key)
        }
    except Exception as exc:  # damaged or undecryptable metadata: the profile then reads the text only
        if warnings is not None:
            why = f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}"
            warnings.append({"page": 0, "kind": "skipped", "message": f"{METADATA_SKIPPED} ({why})"})
        return {}
