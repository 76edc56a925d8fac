"""Pack the context under a budget and compose the prompt: passages, evidence blocks, fragments, examples."""
