"""The answer contract (Pydantic structured-output schemas): a leaf that backends/ and verify/ build on."""
