"""The trace index: a session's turns found by its session_id and turn columns; a trace written is its
one validated, scrubbed dump."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing

import pytest

from docintel.apps.chat import ChatSession
from docintel.errors import TraceError
from docintel.pipeline import Pipeline
from docintel.settings import load_settings
from docintel.traces.store import INDEX_SCHEMA, TraceStore, read_trace


@pytest.fixture
def chats(corpus_pdf, isolated_env):
    """Two chat sessions of two and one turns, and a plain ask, in one traces folder."""
    pipeline = Pipeline(load_settings({"backend": "extractive"}))
    first = ChatSession(pipeline, [corpus_pdf])
    first.ask("What is the refund window?")
    first.ask("and for damaged items?")
    second = ChatSession(pipeline, [corpus_pdf])
    second.ask("Who is the chief executive?")
    pipeline.ask("What is the refund window?", [corpus_pdf])
    return TraceStore(isolated_env / "traces"), first.session_id, second.session_id


def test_the_index_holds_each_turn_s_session_and_number(chats):
    store, first, second = chats
    store.query()
    with closing(sqlite3.connect(store.index_path)) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == INDEX_SCHEMA
        rows = connection.execute("SELECT session_id, turn FROM traces ORDER BY file").fetchall()
    assert rows == [(first, 1), (first, 2), (second, 1), (None, None)]


def test_a_session_is_found_through_the_index_in_turn_order(chats):
    store, first, second = chats
    turns = store.session(first[:-2])  # a unique prefix
    assert [t["session"]["turn"] for t in turns] == [1, 2]
    assert {t["session"]["session_id"] for t in turns} == {first}
    assert [t["session"]["asked"] for t in store.session(second)] == ["Who is the chief executive?"]
    with pytest.raises(TraceError, match="2 chat sessions"):
        store.session("s")
    with pytest.raises(TraceError, match="no chat session"):
        store.session("s1999")
    with pytest.raises(TraceError, match="not a session id"):
        store.session("../x")


def test_an_index_of_an_older_schema_is_rebuilt_with_the_session_columns(chats):
    store, first, _ = chats
    store.query()
    with closing(sqlite3.connect(store.index_path)) as connection:
        connection.execute("DROP TABLE traces")
        connection.execute("CREATE TABLE traces (file TEXT PRIMARY KEY, id TEXT)")
        connection.execute(f"PRAGMA user_version = {INDEX_SCHEMA - 1}")
        connection.commit()
    assert len(store.session(first)) == 2


def test_a_stored_trace_is_the_json_form_of_the_trace_it_validates_to(chats):
    store, _, _ = chats
    for path in store.trace_files():
        assert json.loads(path.read_text()) == read_trace(path).as_json()
