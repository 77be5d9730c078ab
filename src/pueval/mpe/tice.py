"""TIcE: the label frequency from subsets induced by a decision tree (Bekker & Davis 2018).

"Estimating the class prior in positive and unlabeled data through decision tree induction". Under
SCAR, every subset S of the feature space has P(s = 1 | x ∈ S) = c·P(y = 1 | x ∈ S) ≤ c, with the
label frequency c = P(s = 1 | y = 1), and equality on a subset of positives only. So the labeled
share of any subset bounds c from below; with T rows of which L are labeled, at confidence 1 − δ,

    c ≥ L/T − √( c₀(1 − c₀)(1 − δ) / (δ T) ),

c₀ a prior guess of c in the variance term. TIcE searches subsets of high labeled share with a
decision tree grown on one part of the rows and takes the bounds on the other part, and estimates
ĉ as the largest bound. Then the unlabeled rows hold n_L/ĉ − n_L positives:

    θ̂ = n_L (1 − ĉ)/(ĉ n_U), clipped to [0, 0.999] (``THETA_MAX``); ĉ ≤ 0 gives 0.999.

**The authors' code is the definition** (Jessa Bekker's ``tice.py`` in ML-KULeuven/SAR-PU, with
its defaults):

* the features are min–max scaled to [0, 1] (as the code expects its input) and each is cut into
  four fixed pieces [0, .25), [.25, .5), [.5, .75), [.75, 1];
* each row gets a random fold id in 0 … ``folds`` − 1; each fold in turn is the *tree fold* (it grows
  the tree) and the other rows the *estimate fold* (they give the bounds); ĉ is the mean over folds;
* ``iterations`` = 2 passes: the first with c₀ = ½, the next with c₀ = the previous pass's ĉ;
* δ = max(0.025, 1/(1 + 0.004·T_e)) per fold, T_e the rows of its estimate fold (unless ``delta``
  is given); a subset's bound counts only from ``min_rows`` = 10 rows (else 0);
* ĉ of a fold starts at the estimate fold's labeled share, then takes the maximum with the bound of
  the estimate rows of the root and of every piece of every split;
* the tree: a priority queue of nodes, ordered by the bound of the node's tree rows (highest first),
  then by its labeled tree rows (most first), then as the code's bitarrays compare (the node whose
  first row comes later first). At most ``max_splits`` nodes are taken from the queue. A node splits
  on the feature, among those still available on its path, of the highest score max over its four
  pieces of L/(T + ``k``) on the tree rows (an empty piece scores 0; on a tie, the first feature in
  the order the code's Python set of available features is iterated in); a feature with fewer than
  ``m`` labeled estimate rows in every piece is dropped for the node's children. The split is made
  when the score is positive and more than one piece holds estimate rows; its pieces update ĉ, then
  m = c₀(1 − c₀)(1 − δ)/(δ(1 − ĉ)²) (m = 1 before the first split), and a piece becomes a node when it
  holds more than m labeled estimate rows and more than ``min_rows`` tree rows, and its parent's
  labeled tree rows are neither 0 nor equal to the piece's tree rows (the code's purity check, as
  written).

One line of the published code counts a piece's "estimate" rows from the tree fold
(``X_cond & subset_train``); the ports by the DEDPUL and BBE authors (dimonenka/DEDPUL,
acmi-lab/PU_learning) take them from the estimate fold, as the paper describes. We follow the
ports; ``estimate_rows="tree_fold"`` is the published line, a named option.
"""

from __future__ import annotations

import heapq
import math

import numpy as np

from pueval.extras import require
from pueval.mpe import THETA_MAX
from pueval.mpe.elkan_noto import theta_from_frequency
from pueval.validation import ArgumentError, check_groups, check_integer, check_labels, check_matrix

__all__ = ["tice_c", "tice_theta"]

njit = require("numba", "TIcE").njit

BORDERS = (0.25, 0.5, 0.75)  # the four pieces of every min–max scaled feature
ESTIMATE_ROWS = ("estimate_fold", "tree_fold")  # the ports' reading (default), the published line


def pick_delta(rows: int) -> float:
    """δ of a fold with ``rows`` estimate rows: max(0.025, 1/(1 + 0.004·rows))."""
    return max(0.025, 1.0 / (1.0 + 0.004 * rows))


def lower_bound(labeled: int, rows: int, delta: float, min_rows: int, prior: float) -> float:
    """L/T − √(c₀(1 − c₀)(1 − δ)/(δT)) of a subset with ``labeled`` of ``rows`` rows labeled; 0 below
    ``min_rows`` rows (module docstring)."""
    if rows < min_rows:
        return 0.0
    return labeled / rows - math.sqrt(prior * (1 - prior) * (1 - delta) / (delta * rows))


def pieces(X: np.ndarray) -> np.ndarray:
    """Piece index 0–3 of every value: X min–max scaled per column as the authors' callers do
    ((x − min)/max(x − min); a constant column is all 0), cut at :data:`BORDERS`."""
    shifted = X - X.min(axis=0)
    span = shifted.max(axis=0)
    scaled = np.divide(shifted, span, out=np.zeros_like(shifted), where=span > 0)
    return np.ascontiguousarray(sum(scaled >= b for b in BORDERS), dtype=np.uint8)


@njit(cache=True)
def _piece_counts(piece, s, rows, features):  # pragma: no cover - compiled
    """(rows, labeled rows) of each (feature, piece) over ``rows``: shape (2, len(features), 4)."""
    out = np.zeros((2, features.size, 4), np.int64)
    for r in rows:
        label = s[r]
        for j in range(features.size):
            p = piece[r, features[j]]
            out[0, j, p] += 1
            out[1, j, p] += label
    return out


@njit(cache=True)
def _choose(piece, s, tree, counted, order, k, minimum_labeled):  # pragma: no cover - compiled
    """The split of a node (module docstring): (index into ``order`` of the feature, or −1 for no split; a mask
    over ``order`` of the features dropped; the (rows, labeled rows) of each piece of that feature over the tree
    rows and over the counted rows, shape (2, 4) each). Scores are max over pieces of L/(T + k) on the tree rows (0 for an
    empty piece); a feature is dropped when no piece holds ``minimum_labeled`` labeled counted rows; the first
    feature of the highest score among the rest is taken, unless its score is not positive or exactly one piece
    holds counted rows."""
    tree_counts = _piece_counts(piece, s, tree, order)
    counted_counts = _piece_counts(piece, s, counted, order)
    useless = np.empty(order.size, np.bool_)
    best, best_score = -1, 0.0
    for j in range(order.size):
        most = counted_counts[1, j, 0]
        score = tree_counts[1, j, 0] / (tree_counts[0, j, 0] + k) if tree_counts[0, j, 0] > 0 else 0.0
        for p in range(1, 4):
            most = max(most, counted_counts[1, j, p])
            if tree_counts[0, j, p] > 0:
                score = max(score, tree_counts[1, j, p] / (tree_counts[0, j, p] + k))
        useless[j] = most < minimum_labeled
        if not useless[j] and (best < 0 or score > best_score):
            best, best_score = j, score
    if best < 0 or not best_score > 0:
        return -1, useless, tree_counts[:, 0], counted_counts[:, 0]
    filled = 0
    for p in range(4):
        if counted_counts[0, best, p] > 0:
            filled += 1
    return (-1 if filled == 1 else best), useless, tree_counts[:, best], counted_counts[:, best]


@njit(cache=True)
def _by_piece(rows, piece, feature):  # pragma: no cover - compiled
    """``rows`` grouped by their piece of ``feature``, each group in the rows' order: (grouped rows, the four
    groups' start offsets and the end)."""
    starts = np.zeros(5, np.int64)
    for r in rows:
        starts[piece[r, feature] + 1] += 1
    for p in range(4):
        starts[p + 1] += starts[p]
    grouped = np.empty(rows.size, rows.dtype)
    fill = starts[:4].copy()
    for r in rows:
        p = piece[r, feature]
        grouped[fill[p]] = r
        fill[p] += 1
    return grouped, starts


class _Fold:
    """One fold of one pass: the tree grown on ``tree`` rows, bounds on ``estimate`` rows (module docstring)."""

    def __init__(self, piece, s, tree, estimate, *, prior, delta, k, max_splits, min_rows, estimate_rows):
        self.piece, self.s, self.prior, self.k = piece, s, prior, k
        self.max_splits, self.min_rows, self.estimate_rows = max_splits, min_rows, estimate_rows
        self.delta = pick_delta(estimate.size) if delta is None else delta
        self.best = lower_bound(int(s[estimate].sum()), estimate.size, 1.0, min_rows, prior)
        self.tree, self.estimate = tree, estimate

    def _update(self, labeled: int, rows: int) -> None:
        """ĉ ← max(ĉ, the bound of a subset of the estimate rows with ``labeled`` of ``rows`` labeled)."""
        self.best = max(self.best, lower_bound(labeled, rows, self.delta, self.min_rows, self.prior))

    def _priority(self, labeled: int, tree_rows: np.ndarray) -> tuple:
        """A node's place in the queue from its tree rows, ``labeled`` of them labeled (module docstring)."""
        return -lower_bound(labeled, tree_rows.size, self.delta, 0, self.prior), -labeled, -int(tree_rows[0])

    def c(self) -> float:
        """ĉ of this fold: the largest bound over the root and every piece of the tree."""
        self._update(int(self.s[self.estimate].sum()), self.estimate.size)  # the root
        features = set(range(self.piece.shape[1]))
        queue = [(*self._priority(int(self.s[self.tree].sum()), self.tree), self.tree, self.estimate, features)]
        minimum_labeled = 1.0
        for _ in range(self.max_splits):
            if not queue:
                break
            *_, tree, estimate, available = heapq.heappop(queue)
            split = self._split(tree, estimate, available, minimum_labeled)
            if split is None:
                continue
            feature, useless, children = split
            for _, child_estimate, _, child_labeled in children:
                self._update(child_labeled, child_estimate.size)
            gap = (1.0 - self.best) ** 2
            minimum_labeled = (self.prior * (1 - self.prior) * (1 - self.delta) / (self.delta * gap) if gap > 0
                               else math.inf)
            remaining = available - {feature} - useless
            labeled_tree = sum(child[2] for child in children)
            for child_tree, child_estimate, tree_labeled, child_labeled in children:
                if child_labeled > minimum_labeled and child_tree.size > self.min_rows and \
                        labeled_tree not in (0, child_tree.size):
                    heapq.heappush(queue, (*self._priority(tree_labeled, child_tree), child_tree, child_estimate,
                                           remaining))
        return self.best

    def _split(self, tree, estimate, available, minimum_labeled):
        """(feature, features dropped, [(tree rows, estimate rows, their labeled counts) per piece]) of the node's
        split, or None."""
        order = np.fromiter(available, dtype=np.int64, count=len(available))  # the set's iteration order
        counted = estimate if self.estimate_rows == "estimate_fold" else tree
        j, useless, tree_counts, counted_counts = _choose(self.piece, self.s, tree, counted, order, float(self.k),
                                                          float(minimum_labeled))
        if j < 0:
            return None
        feature = int(order[j])
        (tree_rows, tree_at), (counted_rows, counted_at) = (_by_piece(rows, self.piece, feature)
                                                            for rows in (tree, counted))
        children = [(tree_rows[tree_at[p]:tree_at[p + 1]], counted_rows[counted_at[p]:counted_at[p + 1]],
                     int(tree_counts[1, p]), int(counted_counts[1, p])) for p in range(len(BORDERS) + 1)]
        return feature, {int(f) for f in order[useless]}, children


def tice_c(X, labeled, *, rng: np.random.Generator, folds: int = 5, delta: float | None = None, k: float = 5.0,
           max_splits: int = 500, min_rows: int = 10, iterations: int = 2,
           estimate_rows: str = "estimate_fold", groups=None) -> float:
    """ĉ, the label frequency (module docstring), from features X and PU labels (1 = labeled); ``rng``
    draws the fold ids, one per row or, with ``groups`` (the copies of a row in a bootstrap resample), one per
    group.

    Parameters
    ----------
    X : array of shape (n, d)
        Features of every row.
    labeled : array of shape (n,)
        PU labels, 1 = labeled.
    rng : numpy Generator
        Draws the fold ids.
    folds, delta, k, max_splits, min_rows, iterations, estimate_rows
        The authors' settings (module docstring).
    groups : array of shape (n,), optional
        One fold per group instead of per row.

    Returns
    -------
    float
        ĉ, the label frequency.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = np.r_[np.ones(300, int), np.zeros(300, int)]
    >>> X = np.c_[y + rng.uniform(0, 0.2, 600), rng.normal(size=600)]
    >>> round(tice_c(X, (np.arange(600) < 150).astype(int), rng=np.random.default_rng(0)), 2)  # c = 1/2
    0.47
    """
    X = check_matrix(X, "X")
    s = check_labels(labeled, X.shape[0], "labeled")
    check_integer(folds, "folds", 2)
    if delta is not None and not 0.0 < delta < 1.0:
        raise ArgumentError("delta", f"must lie in (0, 1) or be None (the authors' δ per fold), got {delta}")
    for name, value in (("max_splits", max_splits), ("min_rows", min_rows), ("iterations", iterations)):
        check_integer(value, name, 1)
    if not k > 0:
        raise ArgumentError("k", f"must be positive, got {k}")
    if estimate_rows not in ESTIMATE_ROWS:
        raise ArgumentError("estimate_rows", f"must be one of {ESTIMATE_ROWS}, got {estimate_rows!r}")
    if groups is None:
        fold = rng.integers(0, folds, s.size)
    else:
        _, inverse = check_groups(groups, s.size)
        fold = rng.integers(0, folds, inverse.max() + 1)[inverse]
    if np.bincount(fold, minlength=folds).min() == 0:
        raise ArgumentError("folds", f"{folds} folds over {s.size} rows leave a fold empty")
    piece = pieces(X)
    prior = 0.5
    for _ in range(iterations):
        found = [_Fold(piece, s, np.flatnonzero(fold == f), np.flatnonzero(fold != f), prior=prior, delta=delta,
                       k=k, max_splits=max_splits, min_rows=min_rows, estimate_rows=estimate_rows).c()
                 for f in range(folds)]
        prior = sum(found) / len(found)
    return prior


def tice_theta(X, labeled, *, rng: np.random.Generator, **options) -> float:
    """θ̂ of TIcE: the positive fraction of the unlabeled rows, from ĉ of :func:`tice_c`.

    Parameters
    ----------
    X : array of shape (n, d)
        Features of every row.
    labeled : array of shape (n,)
        PU labels, 1 = labeled.
    rng : numpy Generator
        Draws the fold ids.
    **options
        Of :func:`tice_c`.

    Returns
    -------
    float
        θ̂, in [0, 0.999].

    Examples
    --------
    ĉ is a lower bound, so θ̂ errs high: below, the positives fill the top piece of the first feature,
    c = ½ and θ = 500/1500, and ĉ ≈ 0.46.

    >>> rng = np.random.default_rng(0)
    >>> y = np.r_[np.ones(1000, int), np.zeros(1000, int)]
    >>> X = np.c_[y + rng.uniform(0, 0.2, 2000), rng.normal(size=2000)]
    >>> labeled = np.zeros(2000, int); labeled[:500] = 1
    >>> round(tice_theta(X, labeled, rng=np.random.default_rng(0)), 2)
    0.4
    """
    s = check_labels(labeled, name="labeled")
    c = tice_c(X, s, rng=rng, **options)
    if c <= 0.0:
        return THETA_MAX  # no subset shows a labeled share above noise: every unlabeled row may be positive
    return theta_from_frequency(c, s)
