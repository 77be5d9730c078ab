"""TIcE: the label frequency from subsets induced by a decision tree (Bekker & Davis 2018).

"Estimating the class prior in positive and unlabeled data through decision tree induction". Under
SCAR, every subset S of the feature space has P(s = 1 | x ∈ S) = c·P(y = 1 | x ∈ S) ≤ c, with the
label frequency c = P(s = 1 | y = 1), and equality on a subset of positives only. So the labeled
share of any subset bounds c from below; with |S| rows of which L_S are labeled, the one-sided
(Cantelli) bound at confidence 1 − δ is

    c ≥ ĉ_S = L_S/|S| − √( (L_S/|S|)(1 − L_S/|S|)(1 − δ) / (δ |S|) ).

TIcE looks for subsets of high labeled share with a decision tree grown on one part of the rows and
takes the bounds on the other part (so the search does not bias them), and estimates
ĉ = max over the tree's nodes of ĉ_S. Its tree grows best-first: the open node with the highest
biased share L/(|S| + k) (their "max-bepp" with k = 5) is split next, on the feature whose binary
split (at the node's median; one-hot columns at ½) gives a child of the highest biased share,
until ``max_splits`` splits or no node of at least ``min_rows`` rows on both sides remains.
Then the unlabeled rows hold n_L/ĉ − n_L positives:

    θ̂ = n_L (1 − ĉ)/(ĉ n_U), clipped to [0, 0.999] (``THETA_MAX``).

Our choices where the paper leaves them open: one stratified half/half split of the rows (tree on
one half, bounds on the other), δ = 0.1, k = 5, ``max_splits`` = 30, ``min_rows`` = 10.
"""

from __future__ import annotations

import heapq

import numpy as np

from pueval import sampling
from pueval.mpe import THETA_MAX
from pueval.mpe.elkan_noto import theta_from_frequency
from pueval.validation import check_labels, check_matrix

K_BIAS = 5.0


def lower_bound(labeled_count, size, delta: float):
    """ĉ_S of a subset with ``labeled_count`` of ``size`` rows labeled (module docstring); −inf if empty."""
    labeled_count, size = np.asarray(labeled_count, float), np.asarray(size, float)
    with np.errstate(divide="ignore", invalid="ignore"):
        share = labeled_count / size
        bound = share - np.sqrt(share * (1.0 - share) * (1.0 - delta) / (delta * size))
    return np.where(size > 0, bound, -np.inf)


def _best_split(X: np.ndarray, s: np.ndarray, min_rows: int):
    """(feature, threshold, biased share of the better child) of the node's best split, or None."""
    thresholds = np.median(X, axis=0)
    binary = ((X == 0) | (X == 1)).all(axis=0)
    thresholds[binary] = 0.5
    left = X <= thresholds
    n_left = left.sum(axis=0)
    n_right = len(s) - n_left
    l_left = s @ left
    l_right = s.sum() - l_left
    share = np.maximum(l_left / (n_left + K_BIAS), l_right / (n_right + K_BIAS))
    share[(n_left < min_rows) | (n_right < min_rows)] = -np.inf
    feature = int(np.argmax(share))
    if not np.isfinite(share[feature]):
        return None
    return feature, float(thresholds[feature])


def tice_c(X, labeled, *, rng: np.random.Generator, delta: float = 0.1, max_splits: int = 30,
           min_rows: int = 10) -> float:
    """ĉ, the label frequency (module docstring), from features X and PU labels (1 = labeled)."""
    X = check_matrix(X, "X")
    s = check_labels(labeled, X.shape[0], "labeled")
    if not 0.0 < delta < 1.0:
        raise ValueError(f"delta must lie in (0, 1), got {delta}")
    grow = np.zeros(s.size, bool)
    grow[sampling.stratified_choice(s, sampling.class_fraction(s, 0.5), rng)] = True
    X_grow, s_grow, X_held, s_held = X[grow], s[grow], X[~grow], s[~grow]
    best = float(lower_bound(s_held.sum(), s_held.size, delta))  # the root: all held-out rows
    # open nodes: (−biased share, order, rows of the growing half, rows of the held-out half)
    open_nodes = [(-s_grow.sum() / (s_grow.size + K_BIAS), 0, np.arange(s_grow.size), np.arange(s_held.size))]
    splits = 0
    while open_nodes and splits < max_splits:
        _, _, rows, held = heapq.heappop(open_nodes)
        found = _best_split(X_grow[rows], s_grow[rows], min_rows)
        if found is None:
            continue
        feature, threshold = found
        splits += 1
        for side in (np.less_equal, np.greater):
            child = rows[side(X_grow[rows, feature], threshold)]
            child_held = held[side(X_held[held, feature], threshold)]
            best = max(best, float(lower_bound(s_held[child_held].sum(), child_held.size, delta)))
            heapq.heappush(open_nodes, (-s_grow[child].sum() / (child.size + K_BIAS), 2 * splits + (side is np.greater),
                                        child, child_held))
    return best


def tice_theta(X, labeled, *, rng: np.random.Generator, **options) -> float:
    """θ̂ of TIcE: the positive fraction of the unlabeled rows, from ĉ of :func:`tice_c`.

    ĉ is a lower bound, so θ̂ errs high: below, c = ½ and θ = 300/900, and ĉ ≈ 0.44.

    >>> rng = np.random.default_rng(0)
    >>> y = np.r_[np.ones(600, int), np.zeros(600, int)]
    >>> X = np.c_[y + rng.normal(0, 0.3, 1200), rng.normal(size=1200)]
    >>> labeled = np.zeros(1200, int); labeled[:300] = 1
    >>> round(tice_theta(X, labeled, rng=np.random.default_rng(0)), 2)
    0.43
    """
    s = check_labels(labeled, name="labeled")
    c = tice_c(X, s, rng=rng, **options)
    if c <= 0.0:
        return THETA_MAX  # no subset shows a labeled share above noise: every unlabeled row may be positive
    return theta_from_frequency(c, s)
