"""Class-stratified sampling: every stratified choice of rows, subsample and fold assignment.

:func:`stratified_choice` draws a fixed number of rows from each class without replacement: the
subsample of a dataset (:func:`stratified_subsample`), the training fraction of the model under
evaluation, Figure 3's test part and the SCAR draws (which choose from the positive class only).
The classes are drawn in the order of the ``sizes`` mapping, one ``Generator.choice`` call each, so
a caller fixes the random stream by that order. :func:`stratified_resample` is its
with-replacement twin for samples larger than the data, :func:`stratified_folds` deals each class
round-robin over k folds, and :func:`check_folds` refuses more folds than a class has rows.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from pueval.validation import ArgumentError


def stratified_choice(labels: np.ndarray, sizes: Mapping[int, int], rng: np.random.Generator) -> np.ndarray:
    """Sorted row indices: ``sizes[c]`` rows of class ``c`` for each class in ``sizes``, in its order.

    Examples
    --------
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


def stratified_subsample(labels: np.ndarray, size: int | None, seed: np.random.SeedSequence) -> np.ndarray:
    """Sorted row indices of a class-stratified subsample of ``size`` rows (all rows if None or ≥ n).

    Each class keeps round(size · its share) rows (:func:`class_shares`), so the positive share is kept
    to within 1/size.
    """
    if size is None or size >= labels.size:
        return np.arange(labels.size)
    return stratified_choice(labels, class_shares(labels, size), np.random.default_rng(seed))


def stratified_resample(labels: np.ndarray, size: int, seed: np.random.SeedSequence) -> np.ndarray:
    """Sorted row indices of a class-stratified sample of ``size`` rows: :func:`stratified_subsample` up to
    the number of rows, beyond it each class's rows drawn with replacement (:func:`class_shares` per class).

    Examples
    --------
    >>> stratified_resample(np.array([0, 1, 1, 0]), 8, np.random.SeedSequence(0)).size
    8
    """
    if size <= labels.size:
        return stratified_subsample(labels, size, seed)
    rng = np.random.default_rng(seed)
    shares = class_shares(labels, size)
    return np.sort(np.concatenate([rng.choice(np.flatnonzero(labels == c), k, replace=True)
                                   for c, k in shares.items()]))


def check_folds(labels: np.ndarray, folds: int) -> None:
    """Refuse more ``folds`` than the smaller of the two classes has rows (a fold would lack that class)."""
    smallest = int(np.bincount(np.asarray(labels, dtype=np.int64), minlength=2).min())
    if smallest < folds:
        raise ArgumentError("folds", f"{folds} folds, but the smaller class has only {smallest} rows")


def stratified_folds(labels: np.ndarray, k: int, rng: np.random.Generator) -> np.ndarray:
    """Fold index per row; each class is shuffled and dealt round-robin over the k folds.

    Examples
    --------
    >>> np.bincount(stratified_folds(np.array([0, 0, 0, 1, 1, 1]), 3, np.random.default_rng(0))).tolist()
    [2, 2, 2]
    """
    fold = np.empty(len(labels), dtype=int)
    for value in np.unique(labels):
        rows = rng.permutation(np.flatnonzero(labels == value))
        fold[rows] = np.arange(rows.size) % k
    return fold
