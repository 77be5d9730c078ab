"""pueval."""
