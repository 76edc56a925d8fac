"""Statistics over stored traces (``docintel traces stats``): rates, tokens, cost, latency, utilisation."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def trace_stats(rows: list[dict[str, Any]], input_limit: Callable[[str | None], int | None]) -> dict[str, Any]:
    """Rates, tokens, cost, latency percentiles and context utilisation over index rows.

    *input_limit* gives a model's input token limit (None when unknown).
    """
    n = len(rows)
    latencies = [r["latency_s"] for r in rows if r.get("latency_s") is not None]
    utilisation = [
        r["input_tokens"] / limit for r in rows if r.get("input_tokens") and (limit := input_limit(r.get("model")))
    ]
    costs = [r["cost_usd"] for r in rows if r.get("cost_usd") is not None]

    def share(key: str, value: str) -> float:
        """The share of rows whose *key* is *value*."""
        return round(sum(r.get(key) == value for r in rows) / n, 3) if n else 0.0

    over = sum(u > 0.75 for u in utilisation)
    return {
        "traces": n,
        "answer_found": share("answer_status", "found"),
        "not_found": share("answer_status", "not_found"),
        "errors": share("final", "error"),
        "verified": share("verification_status", "verified"),
        "supported": share("support", "supported"),
        "citation_failed": share("final", "citation_failed"),
        "unsupported": share("final", "unsupported"),
        "unchecked": share("support", "unchecked"),
        "partial": share("support", "partial"),
        "values_supported": sum(r.get("values_supported") or 0 for r in rows),
        "values_unsupported": sum(r.get("values_unsupported") or 0 for r in rows),
        "input_tokens": sum(r.get("input_tokens") or 0 for r in rows),
        "output_tokens": sum(r.get("output_tokens") or 0 for r in rows),
        "cost_usd": round(sum(costs), 6) if costs else None,
        "latency_s": {
            "p50": _percentile(latencies, 0.5),
            "p90": _percentile(latencies, 0.9),
            "p99": _percentile(latencies, 0.99),
        },
        "context_utilisation": {
            "mean": round(statistics.mean(utilisation), 4) if utilisation else None,
            "over_75pct": over,
        },
        "warning": bool(utilisation) and over / len(utilisation) > 0.2,
    }
