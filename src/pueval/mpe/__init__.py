"""Mixture proportion estimation: θ, the share of positives among the unlabeled rows."""

from pueval.mpe.kernel_embedding import km

__all__ = ["km"]
