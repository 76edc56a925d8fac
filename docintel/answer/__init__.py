"""The answer contract (Pydantic structured-output schemas), the sequential strategy and result records."""
