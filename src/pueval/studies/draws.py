"""SCAR PU draws (Section 3): label a random β-fraction of the positives, without replacement.

Draw d of (dataset, β) uses the generator seeded by (config seed, dataset, β, d), so a draw is
the same whichever other draws or jobs run, and in whatever order.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pueval import sampling, seeds
from pueval.validation import ArgumentError

MIN_LABELED = 2  # labeled rows a draw needs (the AUL^PU interval's variance needs two)


def n_labeled(n_positive: int, beta: float) -> int:
    """round(β · n^P), halves rounded up."""
    return int(np.floor(beta * n_positive + 0.5))


def check_beta(n_positive: int, beta: float, dataset: str) -> int:
    """round(β n^P), the labeled rows of every draw; fewer than :data:`MIN_LABELED` is an ArgumentError."""
    k = n_labeled(n_positive, beta)
    if k < MIN_LABELED:
        raise ArgumentError("beta", f"{beta:g} labels {k} of the {n_positive} positives of {dataset}; a draw "
                                    f"needs at least {MIN_LABELED} labeled rows (a larger beta, or more rows)")
    return k


def check_transform_folds(labeled: int, unlabeled: int, folds: int, where: str) -> None:
    """Refuse a labeled-vs-unlabeled transform of more ``folds`` than the draws' fewest labeled (or
    unlabeled) rows; ``where`` names the draws."""
    if labeled < folds or unlabeled < folds:
        raise ArgumentError("transform", f"{folds} folds, but a draw of {where} has {labeled} labeled rows")


def scar_draws(y: np.ndarray, beta: float, n_draws: int, *, seed: int, dataset: str) -> np.ndarray:
    """Labeled row indices, shape (n_draws, round(β n^P)), each row sorted."""
    y = np.asarray(y)
    k = check_beta(int((y == 1).sum()), beta, dataset)
    return np.stack([sampling.stratified_choice(y, {1: k}, seeds.rng(seed, dataset, beta, d)) for d in range(n_draws)])


def to_frame(labeled: np.ndarray) -> pd.DataFrame:
    """Long form (draw, row) for Parquet."""
    n_draws, k = labeled.shape
    return pd.DataFrame({"draw": np.repeat(np.arange(n_draws), k), "row": labeled.ravel()})


def label_matrix(frame: pd.DataFrame, n: int) -> np.ndarray:
    """PU labels s, shape (n_draws, n): 1 for the labeled rows of each draw, 0 elsewhere."""
    n_draws = int(frame["draw"].max()) + 1
    s = np.zeros((n_draws, n), dtype=np.int8)
    s[frame["draw"].to_numpy(), frame["row"].to_numpy()] = 1
    return s
