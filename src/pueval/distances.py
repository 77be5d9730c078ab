"""Pairwise squared distances and the median heuristic σ_med, shared by KM and Figure 3's kernels."""

from __future__ import annotations

import numpy as np


def squared_distances(Z: np.ndarray) -> np.ndarray:
    """All pairwise squared Euclidean distances, n × n, diagonal exactly 0."""
    sq = np.einsum("ij,ij->i", Z, Z)
    D = sq[:, None] + sq[None, :] - 2.0 * (Z @ Z.T)
    np.maximum(D, 0.0, out=D)
    np.fill_diagonal(D, 0.0)
    return D


def median_width(D: np.ndarray, *, diagonal: bool) -> float:
    """σ_med = √(median of the squared distances ``D``): over the full matrix, zero diagonal included,
    when ``diagonal`` (the KM authors' code), else over the distinct pairs i < j.

    Examples
    --------
    >>> D = squared_distances(np.array([[0.0], [1.0], [3.0]]))
    >>> median_width(D, diagonal=False), median_width(D, diagonal=True)
    (2.0, 1.0)
    """
    values = D if diagonal else D[np.triu_indices(len(D), 1)]
    return float(np.sqrt(np.median(values)))
