"""Ingest: PDF files -> cached line tables, tables, headings and document profiles."""
