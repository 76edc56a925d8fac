"""A document's lazily read parts under a batch's threads: read once, never seen half set."""

from __future__ import annotations

import threading
from pathlib import Path

from docintel.ingest.documents import Ingestor
from docintel.settings import load_settings


def test_facts_asked_by_many_threads_at_once_are_read_once(corpus_pdf, isolated_env):
    ingestor = Ingestor(load_settings({}))
    ingestor.ingest([corpus_pdf])  # parsed and cached; the next ingest is a fresh Document from the cache
    document = Ingestor(load_settings({})).ingest([corpus_pdf]).documents[0]
    assert document.cache_hit and document.facts_file
    Path(document.facts_file).unlink(missing_ok=True)  # read again, by whichever thread asks first
    start = threading.Barrier(8)
    seen: list[object] = []

    def ask() -> None:
        start.wait()
        seen.append(document.facts)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(isinstance(facts, list) and facts for facts in seen)
    assert all(facts is seen[0] for facts in seen)  # one reading, shared (a batch once got None here)
    assert Path(document.facts_file).exists()
