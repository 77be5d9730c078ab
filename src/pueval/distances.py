"""Pairwise squared distances and the median heuristic σ_med, shared by KM and Figure 3's kernels; features
standardized, as KM's deviation, SAR-EM's arms and Jain's networks take them."""

from __future__ import annotations

import numpy as np


def standardized(X: np.ndarray) -> np.ndarray:
    """Columns scaled to zero mean and unit variance (constant columns only centred)."""
    X = np.asarray(X, dtype=np.float64)
    sd = X.std(axis=0)
    return (X - X.mean(axis=0)) / np.where(sd > 0, sd, 1.0)


def squared_distances(Z: np.ndarray) -> np.ndarray:
    """All pairwise squared Euclidean distances, n × n, diagonal exactly 0: (‖z_i‖² + ‖z_j‖²) − 2·z_iᵀz_j, with
    two n × n arrays, not four (each fresh one costs its pages; the same values)."""
    sq = np.einsum("ij,ij->i", Z, Z)
    gram = Z @ Z.T
    D = np.add(sq[:, None], sq[None, :])
    D -= np.multiply(gram, 2.0, out=gram)
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
