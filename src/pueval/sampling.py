"""The one stratified sampler: a fixed number of rows drawn from each class, without replacement.

Every class-stratified choice of the pipeline goes through :func:`stratified_choice` (the
subsample of a dataset, the training fraction of the model under evaluation, Figure 3's test
part, the SCAR draws, which choose from the positive class only). The classes are drawn in the
order of the ``sizes`` mapping, one ``Generator.choice`` call each, so a caller fixes the random
stream by that order.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np


def stratified_choice(labels: np.ndarray, sizes: Mapping[int, int], rng: np.random.Generator) -> np.ndarray:
    """Sorted row indices: ``sizes[c]`` rows of class ``c`` for each class in ``sizes``, in its order.

    >>> labels = np.array([0, 1, 0, 1, 1, 0])
    >>> stratified_choice(labels, {1: 3, 0: 1}, np.random.default_rng(0)).size
    4
    >>> stratified_choice(labels, {1: 3}, np.random.default_rng(0)).tolist()
    [1, 3, 4]
    """
    labels = np.asarray(labels)
    chosen = []
    for value, size in sizes.items():
        rows = np.flatnonzero(labels == value)
        if not 0 <= size <= rows.size:
            raise ValueError(f"sizes: {size} rows of class {value} asked, {rows.size} available")
        chosen.append(rng.choice(rows, size, replace=False))
    return np.sort(np.concatenate(chosen)) if chosen else np.empty(0, dtype=np.intp)


def class_shares(labels: np.ndarray, size: int) -> dict[int, int]:
    """Rows per class of a ``size``-row subsample that keeps the positive share to within 1/size:
    ``{1: round(size · n_1/n), 0: the rest}`` (positives drawn first)."""
    labels = np.asarray(labels)
    n_pos = round(size * int((labels == 1).sum()) / labels.size)
    return {1: n_pos, 0: size - n_pos}


def class_fraction(labels: np.ndarray, fraction: float, *, at_least: int = 0) -> dict[int, int]:
    """Rows per class when each class keeps ``round(fraction · its size)`` rows (at least ``at_least``,
    at most all), classes in increasing order."""
    labels = np.asarray(labels)
    counts = {int(c): int((labels == c).sum()) for c in np.unique(labels)}
    return {c: min(n, max(at_least, round(fraction * n))) for c, n in counts.items()}
