"""AUC, AUL and their PU versions from ranks (the AUL paper, Eqs. 1-4 and Theorem 1).

Everything works on mid-ranks of the scores, O(n log n): with ``r_i`` the 1-based mid-rank of
``g(x_i)`` among all n scores, ``Σ_j S(g(x_i), g(x_j)) = r_i − ½`` (the sum runs over all j,
itself included, ties counting ½). ``labels`` may be one row of 0/1 flags or a 2-D array with
one row per draw; the ranks are computed once for all rows.
"""

from __future__ import annotations

import math
import numbers
import warnings
from typing import Literal
from collections.abc import Sequence
from statistics import NormalDist

import numpy as np

from numpy.typing import ArrayLike

from pueval.validation import (ArgumentError, PosLabel, check_integer, check_label_rows, check_level, check_pu,
                               check_sample_weight, check_scores, is_real, sklearn_names, warn_degenerate)

__all__ = ["auc", "aul", "auc_pu_standard_error", "weighted_auc_pu", "corrected_auc", "corrected_auc_interval",
           "theta_upper_bound", "check_prior", "PriorInconsistentWarning", "unlabeled_positive_fraction",
           "expected_auc_pu", "aul_pu_variance", "midranks", "t_values"]


def tie_groups(scores: np.ndarray, *, descending: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The ranking core of every curve and rank here: ``(order, last)``, a sort order of ``scores``
    (increasing, or decreasing) and, along it, a mask of the last row of each tie group. The order within a
    tie group is left free (an unstable sort, 2-3× faster than a stable one at millions of rows): everything
    computed from it is per tie group (mid-ranks, counts at each threshold), the same whatever that order.

    Examples
    --------
    >>> order, last = tie_groups(np.array([0.3, 0.1, 0.3]))
    >>> np.array([0.3, 0.1, 0.3])[order].tolist(), last.tolist()
    ([0.1, 0.3, 0.3], [True, False, True])
    """
    order = np.argsort(-scores if descending else scores)
    ordered = scores[order]
    return order, np.r_[ordered[1:] != ordered[:-1], True]


def heads(scores: np.ndarray, *masks: np.ndarray,
          weights: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """(thresholds, head sizes, [counts per mask]): for each distinct score t in decreasing order, the number
    of rows with score ≥ t and, for each of ``masks`` (0/1 or bool, one per row), how many of its rows
    those are; with ``weights`` (float64, one per row), the sums of the rows' weights instead of the counts.
    One sort serves every mask.

    Examples
    --------
    >>> thresholds, size, (marked,) = heads(np.array([0.3, 0.1, 0.3, 0.2]), np.array([1, 0, 0, 1]))
    >>> thresholds.tolist(), size.tolist(), marked.tolist()
    ([0.3, 0.2, 0.1], [2, 3, 4], [1, 2, 2])
    """
    order, last = tie_groups(scores, descending=True)
    if weights is not None:
        counts = [np.cumsum((weights * np.asarray(mask))[order])[last] for mask in masks]
        return scores[order][last], np.cumsum(weights[order])[last], counts
    counts = [np.cumsum(np.asarray(mask)[order].astype(np.int64))[last] for mask in masks]
    return scores[order][last], np.flatnonzero(last) + 1, counts


def head_counts(s: np.ndarray, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(labeled, unlabeled) counts with score ≥ t, for each distinct score t in decreasing order."""
    _, size, (labeled,) = heads(scores, s)
    return labeled, size - labeled


def midranks(scores: np.ndarray) -> np.ndarray:
    """1-based ranks of ``scores``, tied values sharing the mean of their ranks (O(n log n)).

    Parameters
    ----------
    scores : numpy array of shape (n,)
        The values to rank.

    Returns
    -------
    numpy array
        The mid-ranks, float64.

    Examples
    --------
    >>> midranks(np.array([0.3, 0.1, 0.3])).tolist()
    [2.5, 1.0, 2.5]
    """
    order, last = tie_groups(scores)
    ends = np.flatnonzero(last) + 1  # rank of the last member of each tie group
    counts = np.diff(np.r_[0, ends])
    ranks = np.empty(scores.size, dtype=np.float64)
    ranks[order] = np.repeat(ends - (counts - 1) / 2, counts)
    return ranks


def midranks_at(scores: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``midranks(scores)[rows]`` from one sort of the values: for the rows selected by ``rows`` (a mask or
    indices), in their order, (#{scores < s_i} + #{scores ≤ s_i} + 1)/2, found by binary search of the
    sorted scores. The same values as :func:`midranks` (integers and halves are exact in float64), at about
    the cost of one ``np.sort`` when few rows are asked for.

    Examples
    --------
    >>> midranks_at(np.array([0.3, 0.1, 0.3, 0.2]), np.array([True, False, True, True])).tolist()
    [3.5, 3.5, 2.0]
    """
    ordered = np.sort(scores)
    queries = np.compress(rows, scores) if rows.dtype == bool else scores[rows]  # compress: 2× a mask's gather
    order = np.argsort(queries)  # sorted keys: each binary search starts where the last one ended
    keys = queries[order]
    below_or_tied = np.searchsorted(ordered, keys, side="right")  # #{scores ≤ s_i} ≥ 1: s_i is a score
    below = below_or_tied - 1  # #{scores < s_i} when s_i is untied
    tied = np.flatnonzero((below > 0) & (ordered[np.maximum(below - 1, 0)] == keys))
    below[tied] = np.searchsorted(ordered, keys[tied], side="left")
    ranks = np.empty(keys.size, dtype=np.float64)
    ranks[order] = (below + below_or_tied + 1) / 2
    return ranks


def t_values(scores: np.ndarray) -> np.ndarray:
    """t_i = (1/n) Σ_j S(g(x_i), g(x_j)) = (r_i − ½)/n for every row (Theorem 1): the share of all n rows
    that row i outranks, ties and itself counting ½. AUL^PU is their mean over the labeled rows.

    Parameters
    ----------
    scores : numpy array of shape (n,)
        The model's scores.

    Returns
    -------
    numpy array
        t_i for every row, in [0, 1].

    Examples
    --------
    >>> t_values(np.array([0.3, 0.1, 0.3])).tolist()
    [0.6666666666666666, 0.16666666666666666, 0.6666666666666666]
    """
    return (midranks(scores) - 0.5) / scores.size


def t_values_at(scores: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``t_values(scores)[rows]``, in the rows' order, from one sort of the scores (:func:`midranks_at`)."""
    return (midranks_at(scores, rows) - 0.5) / scores.size


def labeled_t_values(labels: ArrayLike, scores: ArrayLike, *, pos_label: PosLabel = 1) -> np.ndarray:
    """The labeled rows' t-values, t_i = (r_i − ½)/n (:func:`t_values`), after checking the arguments (at least
    two labeled rows) and warning of degenerate scores: what AUL^PU, its intervals and bounds read."""
    labeled, scores = check_pu(labels, scores, pos_label=pos_label)
    t = t_values_at(scores, labeled)
    warn_degenerate(labeled, scores, labeled_values=t)
    return t


def paired_t_values(labels: ArrayLike, scores_a: ArrayLike, scores_b: ArrayLike, *,
                    pos_label: PosLabel = 1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(labeled-row mask, t^A, t^B of the labeled rows) of two models scoring the same rows, after checking the
    arguments and warning of either model's degenerate scores: what the paired difference and its bounds read."""
    labeled, scores_a = check_pu(labels, scores_a, pos_label=pos_label, scores_name="scores_a")
    scores_b = check_scores(scores_b, labeled.size, "scores_b")
    t_a, t_b = t_values_at(scores_a, labeled), t_values_at(scores_b, labeled)
    warn_degenerate(labeled, scores_a, name="scores_a", labeled_values=t_a)
    warn_degenerate(labeled, scores_b, name="scores_b", labeled_values=t_b)
    return labeled, t_a, t_b


def weighted_t_values(scores: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """t_i with row weights w (scikit-learn's ``sample_weight``): (Σ_{j: s_j < s_i} w_j + ½·Σ_{j: s_j = s_i} w_j)
    / Σ_j w_j, the weighted share of the rows that row i outranks, ties (itself included) counting ½. With
    equal weights it is :func:`t_values`.

    Examples
    --------
    >>> weighted_t_values(np.array([0.3, 0.1, 0.3]), np.array([1.0, 2.0, 1.0])).tolist()
    [0.75, 0.25, 0.75]
    """
    order, last = tie_groups(scores)
    group = np.cumsum(np.r_[True, last[:-1]]) - 1  # the tie group of each sorted row
    sums = np.bincount(group, weights=weights[order])
    below = np.r_[0.0, np.cumsum(sums)[:-1]]
    t = np.empty(scores.size)
    t[order] = (below + sums / 2)[group] / weights.sum()
    return t


def _positive_rank_sums(labels: np.ndarray, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(Σ of mid-ranks over the positives, number of positives) per labels row (:func:`check_label_rows`). One
    row (a mask): the positives' mid-ranks alone (:func:`midranks_at`, no n-sized rank arrays); the sums are of
    halves below 2⁵³, exact in any order, so equal to the bit to those of :func:`midranks`."""
    if labels.ndim == 1:
        return midranks_at(scores, labels).sum(), np.float64(np.count_nonzero(labels))
    return labels @ midranks(scores), labels.sum(axis=-1)


def _scalar_or_array(value: np.ndarray):
    return float(value) if np.ndim(value) == 0 else value


def _checked_rows(labels, scores, pos_label):
    labels, scores = check_label_rows(labels, scores, pos_label)
    warn_degenerate(None, scores)
    return labels, scores


@sklearn_names
def auc(labels: ArrayLike, scores: ArrayLike, *, pos_label: PosLabel = 1) -> float | np.ndarray:
    """AUC, Eq. 1: P(score of a positive > score of a negative), ties count ½.

    With PU labels (``pos_label`` = labeled, the other value = unlabeled) it is AUC^PU, Eq. 3
    (Mann-Whitney U / n^P n^N). ``labels`` is one row of two-valued labels, or a 2-D array with one
    row per draw (a float, or an array of one per row).

    Parameters
    ----------
    labels : array of shape (n,) or (draws, n)
        Two-valued labels, ``pos_label`` marking the positives (PU labels: the labeled rows); 2-D gives one
        value per row.
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    pos_label : default 1
        The label of a positive (a labeled row).

    Returns
    -------
    float or numpy array
        AUC (AUC^PU with PU labels), one per row of 2-D labels.

    Examples
    --------
    >>> auc([1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1]), auc([[1, 0, 1, 0], [1, 1, 0, 0]], [0.9, 0.8, 0.3, 0.1]).tolist()
    (0.75, [0.75, 1.0])
    """
    labels, scores = _checked_rows(labels, scores, pos_label)
    return _scalar_or_array(auc_from_rank_sums(*_positive_rank_sums(labels, scores), scores.size))


def auc_from_rank_sums(rank_sum, n_pos, n: int):
    """AUC (Eq. 1; AUC^PU, Eq. 3, with PU labels) from the positives' mid-rank sum among ``n`` rows: the
    Mann–Whitney U / n^P n^N of :func:`auc`, for a caller that ranked the scores already."""
    n_neg = n - n_pos
    if (n_neg == 0).any():
        raise ValueError("labels have no negative (unlabeled) example")
    return (rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


@sklearn_names
def aul(labels: ArrayLike, scores: ArrayLike, *, pos_label: PosLabel = 1) -> float | np.ndarray:
    """AUL, Eq. 2: P(score of a positive > score of any example), ties (and itself) count ½.

    With PU labels it is AUL^PU, Eq. 4: ``(Σ_{i∈L} r_i − n^L/2) / (n^L n)``. ``labels`` and
    ``pos_label`` as in :func:`auc`.

    Parameters
    ----------
    labels : array of shape (n,) or (draws, n)
        Two-valued labels, ``pos_label`` marking the positives (PU labels: the labeled rows); 2-D gives one
        value per row.
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    pos_label : default 1
        The label of a positive (a labeled row).

    Returns
    -------
    float or numpy array
        AUL (AUL^PU with PU labels), one per row of 2-D labels.

    Examples
    --------
    >>> aul([1, -1, 1, -1], [0.9, 0.8, 0.3, 0.1])
    0.625
    """
    labels, scores = _checked_rows(labels, scores, pos_label)
    rank_sum, n_pos = _positive_rank_sums(labels, scores)
    return _scalar_or_array((rank_sum - n_pos / 2) / (n_pos * scores.size))


def check_purity(purity, theta) -> float:
    """Jain et al.'s β, the share of true positives among the labeled rows: in (0, 1] and above every θ
    (β − θ divides in their Eqs. 1, 2 and 4)."""
    if isinstance(purity, (bool, np.bool_)) or not isinstance(purity, numbers.Real) or not 0.0 < purity <= 1.0:
        raise ArgumentError("purity", f"must lie in (0, 1], got {purity!r}")
    if np.any(np.asarray(theta) >= purity):
        raise ArgumentError("purity", f"must exceed theta (Jain's β − α divides), got purity {purity} and theta "
                                      f"up to {float(np.max(theta)):.4g}")
    return float(purity)


def corrected_auc(auc_pu: ArrayLike, theta: ArrayLike, *, purity: float = 1.0, clip: bool = False,
                  unidentified: Literal["nan", "raw"] = "nan") -> float | np.ndarray:
    """AUC recovered from AUC^PU, Jain et al. (2017) Eq. 4: (AUC^PU − (1 − β + θ)/2)/(β − θ), θ = the positive
    fraction of the unlabeled rows (their α), β = ``purity``, the share of true positives among the labeled
    rows (1: clean positives, then (AUC^PU − θ/2)/(1 − θ)).

    Inverts E[AUC^PU] = (β − θ)·AUC + (1 − (β − θ))/2 (Section 3 of the AUL paper for β = 1, where
    1 − θ = (1 − α)/(1 − αβ) in its notation). A θ above what the ranking allows (θ > 2(1 − AUC^PU) for clean
    positives, :func:`theta_upper_bound`) puts the value outside [0, 1]: no AUC gives that AUC^PU, so the AUC is
    not identified, and the value is NaN with a :class:`PriorInconsistentWarning` (``unidentified="nan"``, the
    default); ``clip`` clips it to [0, 1] instead, as every corrected AUC the pipeline reports is (the papers'
    tables do), and ``unidentified="raw"`` returns the formula's value as it is (the related papers' studies
    report their authors' unclipped values).

    Parameters
    ----------
    auc_pu : float or array
        AUC^PU, the labeled rows against the unlabeled.
    theta : float or array
        θ, the share of positives among the unlabeled rows, in [0, 1).
    purity : float, default 1
        Jain et al.'s β, the share of true positives among the labeled rows.
    clip : bool, default False
        Clip the result to [0, 1].
    unidentified : {"nan", "raw"}, default "nan"
        Without ``clip``: a value outside [0, 1] (beyond rounding, 1e-12) becomes NaN, with a warning, or
        stays as the formula gives it.

    Returns
    -------
    float or numpy array
        The corrected AUC, within [0, 1] or NaN unless ``unidentified="raw"``.

    Warns
    -----
    PriorInconsistentWarning
        Some θ is above what the ranking allows and ``unidentified="nan"``.

    Examples
    --------
    >>> corrected_auc(0.8, 0.3), corrected_auc(0.8, 0.7, clip=True), corrected_auc(0.8, 0.2, purity=0.9)
    (0.9285714285714287, 1.0, 0.9285714285714287)
    >>> corrected_auc(0.8, 0.5, unidentified="raw")
    1.1
    """
    auc_pu = np.asarray(auc_pu, dtype=np.float64)
    theta = np.asarray(theta, dtype=np.float64)
    if not ((auc_pu >= 0) & (auc_pu <= 1)).all():  # NaN fails too
        raise ValueError("auc_pu must lie in [0, 1]")
    if not ((theta >= 0) & (theta < 1)).all():
        raise ValueError("theta must lie in [0, 1)")
    purity = check_purity(purity, theta)
    if unidentified not in ("nan", "raw"):
        raise ArgumentError("unidentified", f"must be 'nan' or 'raw', got {unidentified!r}")
    corrected = (auc_pu - (1.0 - purity + theta) / 2) / (purity - theta)
    if clip:
        return _scalar_or_array(np.clip(corrected, 0.0, 1.0))
    if unidentified == "nan":
        outside = (corrected < -CORRECTED_TOLERANCE) | (corrected > 1.0 + CORRECTED_TOLERANCE)
        if outside.any():
            first = float(np.ravel(corrected)[np.flatnonzero(np.ravel(outside))[0]])
            warnings.warn(f"corrected_auc: {int(outside.sum())} value(s) outside [0, 1] (the first {first:.4g}): theta "
                          "is above what the ranking allows (2(1 - AUC^PU)), so the AUC is not identified; NaN "
                          "returned (clip=True clips, unidentified='raw' keeps the value)", PriorInconsistentWarning,
                          stacklevel=2)
        corrected = np.where(outside, np.nan, np.clip(corrected, 0.0, 1.0))
    return _scalar_or_array(corrected)


CORRECTED_TOLERANCE = 1e-12
"""How far outside [0, 1] :func:`corrected_auc` lets rounding take a value before calling it not identified."""


class PriorInconsistentWarning(UserWarning):
    """A prior θ above what the model's own ranking allows (:func:`theta_upper_bound`): the corrected metrics
    it gives are not identified."""


def theta_upper_bound(auc_pu: float) -> float:
    """The largest θ the scores allow, a prior-free upper bound on θ: E[AUC^PU] = (1 − θ)·AUC + θ/2 with
    AUC ≤ 1 gives θ ≤ 2(1 − AUC^PU), capped at 1 (AUC^PU ≤ ½ bounds nothing). It holds in expectation, so a
    θ̂ a little above it on a small sample is not yet proof of a wrong prior.

    Parameters
    ----------
    auc_pu : float
        AUC^PU, in [0, 1].

    Returns
    -------
    float
        2(1 − AUC^PU), capped at 1.

    Examples
    --------
    >>> round(theta_upper_bound(0.79), 4), theta_upper_bound(0.4)
    (0.42, 1.0)
    """
    auc_pu = float(auc_pu)
    if not 0.0 <= auc_pu <= 1.0:  # NaN fails too
        raise ArgumentError("auc_pu", f"must lie in [0, 1], got {auc_pu}")
    return min(1.0, 2.0 * (1.0 - auc_pu))


def check_prior(auc_pu: float, theta: float, source: str = "theta") -> bool:
    """Whether ``theta`` is consistent with the scores (θ ≤ :func:`theta_upper_bound`); if it is not, a
    :class:`PriorInconsistentWarning` that gives the bound and the estimate (``source`` names the estimate).

    Parameters
    ----------
    auc_pu : float
        AUC^PU, in [0, 1].
    theta : float
        The prior to check.
    source : str, default "theta"
        How the warning names the prior.

    Returns
    -------
    bool
        True when θ ≤ 2(1 − AUC^PU).

    Examples
    --------
    >>> check_prior(0.8, 0.3)
    True
    """
    bound = theta_upper_bound(auc_pu)
    if theta <= bound:
        return True
    warnings.warn(f"{source} = {theta:.4f} exceeds 2(1 - AUC^PU) = {bound:.4f}, the largest prior this model's "
                  f"ranking allows (AUC^PU {auc_pu:.4f}): the corrected AUC would exceed 1; the corrected metrics "
                  "are not identified with this prior", PriorInconsistentWarning, stacklevel=2)
    return False


@sklearn_names
def auc_pu_standard_error(labels: ArrayLike, scores: ArrayLike, *, pos_label: PosLabel = 1,
                          sample_weight: ArrayLike | None = None) -> float:
    """DeLong et al. (1988)'s standard error of AUC^PU, the labeled rows (m of them) against the unlabeled
    (k): with the placement values V_i = #{unlabeled below labeled row i, ties ½}/k and W_j = #{labeled above
    unlabeled row j, ties ½}/m, both of mean AUC^PU, SE² = s²(V)/m + s²(W)/k (sample variances). O(n log n):
    each side sorted once, and each row's counts on the other side found by binary search of the sorted
    keys (the same values as from mid-ranks, V_i = (r_i − r_i^L)/k, in about the time of one sort).

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows (at least two on each side).
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    pos_label : default 1
    sample_weight : array of shape (n,), optional
        Each row counted as that many rows (frequency weights): the counts above are weighted sums, m and k the
        sides' total weights and the variances those of the rows repeated (:func:`weighted_auc_pu`).

    Returns
    -------
    float
        The standard error, for the sampling part of :func:`corrected_auc_interval`.

    Examples
    --------
    >>> round(auc_pu_standard_error([1, 1, 0, 1, 0, 0], [6, 5, 4, 3, 2, 1]), 4)
    0.1571
    >>> round(auc_pu_standard_error([1, 0, 1, 0, 0], [6, 4, 3, 2, 1], sample_weight=[2, 1, 1, 1, 1]), 4)
    0.1571
    """
    if sample_weight is not None:
        return weighted_auc_pu(labels, scores, sample_weight, pos_label=pos_label)[1]
    labeled, scores = check_pu(labels, scores, pos_label=pos_label)
    m, k = int(labeled.sum()), int((~labeled).sum())
    if k < 2:
        raise ValueError(f"labels: need at least 2 unlabeled rows, got {k}")
    # Each side sorted once; a row's count below and tied on the other side by binary search of sorted keys
    # (left + right = 2·#below + #tied). The variances do not depend on the rows' order.
    ours, theirs = np.sort(np.compress(labeled, scores)), np.sort(np.compress(~labeled, scores))
    v = (np.searchsorted(theirs, ours, "left") + np.searchsorted(theirs, ours, "right")) / (2.0 * k)
    w = 1.0 - (np.searchsorted(ours, theirs, "left") + np.searchsorted(ours, theirs, "right")) / (2.0 * m)
    return float(np.sqrt(v.var(ddof=1) / m + w.var(ddof=1) / k))


def weighted_auc_pu(labels: ArrayLike, scores: ArrayLike, sample_weight: ArrayLike, *,
                    pos_label: PosLabel = 1) -> tuple[float, float]:
    """(AUC^PU, DeLong's standard error) with each row counted as ``sample_weight`` rows: the placement values
    V_i = (Σ_{unlabeled j below i} w_j + ½·Σ_{tied} w_j)/W_U and W_j alike, AUC^PU their W_L-weighted mean, and
    SE² = s²_w(V)/W_L + s²_w(W)/W_U with s²_w the frequency-weighted variance (divisor Σw − 1): with whole-number
    weights, the values of the rows repeated (:func:`auc_pu_standard_error`).

    Parameters
    ----------
    labels, scores : arrays of shape (n,)
        As :func:`auc_pu_standard_error`.
    sample_weight : array of shape (n,)
        Real, ≥ 0; each side's weights must sum to more than 1.
    pos_label : default 1

    Returns
    -------
    (float, float)
        AUC^PU and its standard error.

    Examples
    --------
    >>> [round(v, 4) for v in weighted_auc_pu([1, 0, 1, 0, 0], [6, 4, 3, 2, 1], [2, 1, 1, 1, 1])]
    [0.8889, 0.1571]
    """
    labeled, scores = check_pu(labels, scores, pos_label=pos_label)
    weights = check_sample_weight(sample_weight, labeled)
    m, k = float(weights[labeled].sum()), float(weights[~labeled].sum())
    if k <= 1.0 or m <= 1.0:
        raise ArgumentError("sample_weight", f"each side's weights must sum to more than 1, got {m:g} labeled and "
                                             f"{k:g} unlabeled")

    def placements(mine: np.ndarray, other: np.ndarray, other_weights: np.ndarray) -> np.ndarray:
        """Per row of ``mine``: the weighted share of ``other`` below it, ties ½."""
        order = np.argsort(other, kind="stable")
        keys, cumulative = other[order], np.r_[0.0, np.cumsum(other_weights[order])]
        below, upto = cumulative[np.searchsorted(keys, mine, "left")], cumulative[np.searchsorted(keys, mine, "right")]
        return (below + upto) / (2.0 * cumulative[-1])

    v = placements(scores[labeled], scores[~labeled], weights[~labeled])
    w = 1.0 - placements(scores[~labeled], scores[labeled], weights[labeled])
    auc_value = float(weights[labeled] @ v / m)
    spread_v = float(weights[labeled] @ (v - auc_value) ** 2) / (m - 1.0)
    spread_w = float(weights[~labeled] @ (w - auc_value) ** 2) / (k - 1.0)
    return auc_value, math.sqrt(spread_v / m + spread_w / k)


def corrected_auc_interval(auc_pu: float, theta_interval: tuple[float, float], *, standard_error: float = 0.0,
                           level: float = 0.95) -> tuple[float, float]:
    """An interval for the AUC from an interval for θ and, if given, AUC^PU's sampling error.

    The corrected AUC f(A, θ) = (A − θ/2)/(1 − θ) (Eq. 4 with β = 1) rises with A (∂f/∂A = 1/(1 − θ)) and is
    monotone in θ (∂f/∂θ = (A − ½)/(1 − θ)²: rising when A > ½). So over the box [A_lo, A_hi] × [θ_lo, θ_hi] its
    least value is min(f(A_lo, θ_lo), f(A_lo, θ_hi)) and its greatest max(f(A_hi, θ_lo), f(A_hi, θ_hi)), clipped
    to [0, 1] (an AUC past 1 means a θ beyond :func:`theta_upper_bound`). The prior's part: A_lo = A_hi =
    ``auc_pu`` (``standard_error`` 0, the default). The sampling part: [A_lo, A_hi] = ``auc_pu`` ∓ z·SE, the
    normal interval of E[AUC^PU] at ``level`` (SE from :func:`auc_pu_standard_error`). If the θ interval covers
    θ with probability 1 − a and the AUC^PU interval covers E[AUC^PU] with probability ``level``, the box holds
    the AUC with probability at least ``level`` − a (the union bound).

    Parameters
    ----------
    auc_pu : float
        AUC^PU, the labeled rows against the unlabeled.
    theta_interval : (float, float)
        An interval for θ, the share of positives among the unlabeled rows, within [0, 1].
    standard_error : float, default 0
        AUC^PU's standard error; 0 carries the prior's uncertainty alone.
    level : float, default 0.95
        Of the sampling part.

    Returns
    -------
    (float, float)
        The interval's ends, within [0, 1]. The part of the θ interval above :func:`theta_upper_bound` at the
        box's lowest AUC^PU (``auc_pu`` − z·SE; ``auc_pu`` itself without a standard error) is left out with a
        :class:`PriorInconsistentWarning` (no AUC^PU of the box allows it); an interval wholly above it
        identifies nothing: (NaN, NaN), with the warning.

    Examples
    --------
    >>> corrected_auc_interval(0.8, (0.2, 0.4))
    (0.875, 1.0)
    >>> [round(v, 3) for v in corrected_auc_interval(0.8, (0.2, 0.3), standard_error=0.02)]
    [0.826, 0.985]
    """
    if isinstance(theta_interval, (str, bytes)) or not isinstance(theta_interval, Sequence | np.ndarray) \
            or len(theta_interval) != 2 or not all(is_real(v) for v in theta_interval):
        raise ArgumentError("theta_interval", f"must be (low, high), two numbers, got {theta_interval!r}")
    low, high = (float(v) for v in theta_interval)
    if not 0.0 <= low <= high <= 1.0:
        raise ArgumentError("theta_interval", f"must be (low, high) with 0 <= low <= high <= 1, got {theta_interval!r}")
    if not is_real(auc_pu) or not 0.0 <= float(auc_pu) <= 1.0:  # NaN fails too
        raise ArgumentError("auc_pu", f"must be a number in [0, 1], got {auc_pu!r}")
    auc_pu = float(auc_pu)
    if not is_real(standard_error) or not 0.0 <= float(standard_error) < np.inf:
        raise ArgumentError("standard_error", f"must be a finite number >= 0, got {standard_error!r}")
    standard_error = float(standard_error)
    level = check_level(level)
    half = NormalDist().inv_cdf(0.5 + level / 2) * standard_error
    a_low, a_high = max(auc_pu - half, 0.0), min(auc_pu + half, 1.0)
    bound = theta_upper_bound(a_low)  # the loosest over the box: E[AUC^PU] may be as low as a_low
    if high > bound:
        beyond = ("the corrected AUC is not identified anywhere in it (NaN, NaN)" if low > bound
                  else f"its part above {bound:.4f} is left out")
        warnings.warn(f"theta_interval {(low, high)} reaches above 2(1 - AUC^PU) = {bound:.4f} (at AUC^PU's lowest "
                      f"plausible value), the largest prior the ranking allows: {beyond}", PriorInconsistentWarning,
                      stacklevel=2)
        if low > bound:
            return (math.nan, math.nan)
        high = bound

    def f(a, t):  # at θ = 1, f's limit: +∞ (A > ½), −∞ (A < ½) or ½
        return float(corrected_auc(a, t, unidentified="raw")) if t < 1.0 else 1.0 if a > 0.5 else 0.0 if a < 0.5 else 0.5

    return (float(np.clip(min(f(a_low, low), f(a_low, high)), 0.0, 1.0)),
            float(np.clip(max(f(a_high, low), f(a_high, high)), 0.0, 1.0)))


def unlabeled_positive_fraction(alpha: ArrayLike, beta: ArrayLike) -> float | np.ndarray:
    """θ = α(1 − β)/(1 − αβ): the share of positives among the unlabeled examples.

    Parameters
    ----------
    alpha : float or array
        α, the share of positives among all rows.
    beta : float or array
        β, the share of the positives that is labeled.

    Returns
    -------
    float or numpy array
        θ.

    Examples
    --------
    >>> round(unlabeled_positive_fraction(0.5, 0.2), 4)
    0.4444
    """
    return alpha * (1 - beta) / (1 - alpha * beta)


def expected_auc_pu(auc_value: ArrayLike, alpha: ArrayLike, beta: ArrayLike) -> float | np.ndarray:
    """Section 3: E[AUC^PU] = (1 − α)/(1 − αβ)·(AUC − ½) + ½ (exact when n^L = β n^P).

    Parameters
    ----------
    auc_value : float or array
        The true AUC.
    alpha : float or array
        α, the share of positives among all rows.
    beta : float or array
        β, the share of the positives that is labeled.

    Returns
    -------
    float or numpy array
        E[AUC^PU].

    Examples
    --------
    >>> round(expected_auc_pu(0.9, 0.5, 0.2), 4)
    0.7222
    """
    return (1 - alpha) / (1 - alpha * beta) * (auc_value - 0.5) + 0.5


def aul_pu_variance(labels: ArrayLike, scores: ArrayLike, n_labeled: int, *,
                    pos_label: PosLabel = 1) -> float:
    """Theorem 1: Var[AUL^PU] = (n^P − n^L)/(n^P − 1) · σ²/n^L.

    σ² is the population variance (divisor n^P) of t_i = (1/n) Σ_j S(g(x_i), g(x_j)) over the
    positives; ``labels`` are the true (PN) labels, ``pos_label`` marking the positives.
    

    Parameters
    ----------
    labels : array of shape (n,)
        The true classes, ``pos_label`` marking the positives.
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    n_labeled : int
        n^L, the labeled positives of a draw (1 … n^P).
    pos_label : default 1
        The label of a positive (a labeled row).

    Returns
    -------
    float
        Var[AUL^PU] over the SCAR draws of n^L labeled positives.

    Examples
    --------
    >>> round(aul_pu_variance([1, 0, 1, 1, 0, 0, 1, 0], [8, 7, 6, 5, 4, 3, 2, 1], 2), 6)
    0.024414
    """
    labels, scores = check_label_rows(labels, scores, pos_label)
    if labels.ndim != 1:
        raise ValueError("aul_pu_variance takes one row of true labels")
    n_pos = int(labels.sum())
    n_labeled = check_integer(n_labeled, "n_labeled", 1, n_pos)
    if n_pos == 1:
        return 0.0
    t = t_values(scores)[labels == 1]
    return float((n_pos - n_labeled) / (n_pos - 1) * t.var() / n_labeled)
