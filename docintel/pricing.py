"""Known model prices and input limits, for cost estimates and context-utilisation warnings.

Prices are US dollars per million tokens (input, cached input, output) as published by
OpenAI; an unknown model gets no estimate rather than a wrong one.
"""

from __future__ import annotations

PRICES_PER_MTOK: dict[str, tuple[float, float, float]] = {
    "gpt-4.1": (2.00, 0.50, 8.00),
    "gpt-4.1-mini": (0.40, 0.10, 1.60),
    "gpt-4.1-nano": (0.10, 0.025, 0.40),
    "gpt-4o": (2.50, 1.25, 10.00),
    "gpt-4o-mini": (0.15, 0.075, 0.60),
    "gpt-5": (1.25, 0.125, 10.00),
    "gpt-5-mini": (0.25, 0.025, 2.00),
    "gpt-5-nano": (0.05, 0.005, 0.40),
}

INPUT_LIMITS: dict[str, int] = {
    "gpt-4.1": 1_047_576,
    "gpt-4.1-mini": 1_047_576,
    "gpt-4.1-nano": 1_047_576,
    "gpt-4o": 128_000,
    "gpt-4o-mini": 128_000,
    "gpt-5": 272_000,
    "gpt-5-mini": 272_000,
    "gpt-5-nano": 272_000,
}


def _base_name(model: str | None) -> str | None:
    if not model:
        return None
    for name in sorted(PRICES_PER_MTOK, key=len, reverse=True):
        if model == name or model.startswith(name + "-20"):
            return name
    return None


def estimate_cost(model: str | None, input_tokens: int, output_tokens: int, cached_tokens: int = 0) -> float | None:
    """Estimated US dollars for one call, or None when the model's price is unknown."""
    name = _base_name(model)
    if name is None:
        return None
    price_in, price_cached, price_out = PRICES_PER_MTOK[name]
    fresh = max(input_tokens - cached_tokens, 0)
    return round((fresh * price_in + cached_tokens * price_cached + output_tokens * price_out) / 1e6, 6)


def input_limit(model: str | None) -> int | None:
    """The model's input token limit, when known."""
    name = _base_name(model)
    return INPUT_LIMITS.get(name) if name else None
