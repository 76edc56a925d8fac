"""Route documents and retrieve passages: BM25 (optionally fused with dense cosines), issuers, corpus index."""
