"""The fact reader's work cut in two (ingest.factsplit): wherever the cut falls, the part read by a forked child
and the part read here join into the facts reading it all here gives, in the same order."""

from __future__ import annotations

import pytest

from docintel.ingest import factread, factsplit, forked
from docintel.ingest.documents import Ingestor
from docintel.settings import load_settings
from tests.conftest import CORPUS_PDF


def test_the_cut_leaves_the_child_its_share_of_the_work() -> None:
    assert factsplit.cut([], 0.5) == 0
    assert factsplit.cut([1.0] * 10, 0.5) == 5
    assert factsplit.cut([1.0] * 10, 0.3) == 7
    assert factsplit.cut([10.0, 1.0, 1.0], 0.5) == 1  # the big item here, the small ones in the child
    assert factsplit.cut([1.0, 1.0, 10.0], 0.45) == 2


@pytest.mark.parametrize("fork", [True, False])
def test_facts_read_in_two_parts_are_the_facts_read_whole(monkeypatch, fork: bool) -> None:
    """Cut before the first table, among the tables, at the prose, among its pages and after the last: the same
    facts (forked, and with the child's part read here when no child can be made)."""
    document = Ingestor(load_settings({})).ingest([CORPUS_PDF]).documents[0]
    pages, texts = document._column("page"), document._column("text")

    def read() -> list[dict]:
        found = factread.read_facts("d", pages, texts, document.tables, document.meta.profile, document.boxes)
        return [fact.model_dump() for fact in found]

    monkeypatch.setattr(factread, "_FORK_LINES", 10**9)
    whole = read()
    assert any(f["provenance"]["table"] is None for f in whole) and any(f["provenance"]["table"] for f in whole)
    monkeypatch.setattr(factread, "_FORK_LINES", 0)
    monkeypatch.setattr(factsplit, "beside", lambda func, fork=True: forked.beside(func, fork and forking))
    forking, items, at = fork, [0], 0
    monkeypatch.setattr(factsplit, "cut", lambda costs, share=0.0: items.__setitem__(0, len(costs)) or at)
    read()
    tables = len(document.tables)
    assert items[0] > tables + 1  # tables, then pages
    for at in sorted({0, 1, tables // 2, tables, tables + 1, (tables + items[0]) // 2, items[0] - 1, items[0]}):
        assert read() == whole, at
