"""Traces: the stored record of every call (model), the store and its index, statistics and review."""
