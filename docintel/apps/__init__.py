"""Applications built on the pipeline: batch, chat, eval (scoring and baselines)."""
