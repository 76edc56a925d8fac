"""Parse the question (no model): keywords, answer shape, parts, hints, entities; chat follow-ups."""
