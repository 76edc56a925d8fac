"""The answer contract is safe as an OpenAI strict structured-output schema."""

from __future__ import annotations

import json
import re

import pytest
from openai.lib._pydantic import to_strict_json_schema

from docintel.answer.contract import SCHEMAS, make_extraction_model

ALL = [
    *SCHEMAS.values(),
    make_extraction_model(
        "Extraction", {"fee": "amount", "start": "date", "party": "text", "renewal": "boolean", "rate": "number"}
    ),
]


def _objects(node):
    if isinstance(node, dict):
        if node.get("type") == "object" or "properties" in node:
            yield node
        for value in node.values():
            yield from _objects(value)
    elif isinstance(node, list):
        for value in node:
            yield from _objects(value)


@pytest.mark.parametrize("schema", ALL, ids=lambda s: s.__name__)
def test_strict_schema_rules(schema):
    assert re.fullmatch(r"[A-Za-z0-9_-]{1,64}", schema.__name__)
    document = to_strict_json_schema(schema)
    text = json.dumps(document)
    assert '"default"' not in text  # no defaults sent to the API
    for obj in _objects(document):
        assert obj.get("additionalProperties") is False  # no dict fields
        assert set(obj.get("required", [])) == set(obj.get("properties", {}))  # every field required
    for field in (
        "answer_type",
        "items",
        "answer_found",
        "complete_answer_found",
        "conflicting_evidence",
        "context_structured",
        "caveats",
    ):
        assert field in document["properties"]
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{1,64}", name) for name in document.get("$defs", {}))


def test_span_fields_and_optional_doc():
    span = to_strict_json_schema(SCHEMAS["text"])["$defs"]["Span"]
    assert set(span["properties"]) == {"doc", "line_start", "line_end", "quote"}
    assert {"type": "null"} in span["properties"]["doc"]["anyOf"]
