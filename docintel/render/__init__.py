"""Rendering for the terminal: answers, contexts, traces, chat sessions and eval reports."""
