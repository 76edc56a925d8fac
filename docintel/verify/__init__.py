"""Verify answers: quotes against the sent lines, then values, periods and calculations against the quotes."""
