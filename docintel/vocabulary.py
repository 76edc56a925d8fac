"""Where the concept vocabulary's text tables were: the line items and ratios are now rows of the domain table.

The table is ``docintel/domain/table.toml`` (read by ``docintel.domain``, matched by ``docintel.concepts``). These
two names stay for code and branches that knew them: an entry written here in the old text format
(``id | label | kind``, ``@ Element``, wordings; a ratio's ``= a / b`` lines) is still read after the table's,
and ``tests/test_domain.py`` then fails until it is moved into the table with its source.
"""

LINE_ITEMS_TABLE = """
"""

RATIOS_TABLE = """
"""
