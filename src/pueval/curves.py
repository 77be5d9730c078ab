"""Curves of one model on PU data: ROC^PU and lift^PU without a prior; with a prior θ, the corrected
ROC and PR curves (Jain et al. 2017) and Claesen et al. (2015)'s band of ROC and PR curves.

Every curve is evaluated at each distinct score in decreasing order (a tie group is one threshold;
the "head" holds the rows scoring at least the threshold), from one core, :func:`pueval.metrics.heads`.
A :class:`Curve` carries its points, the thresholds and its area: the trapezoid area for ROC and lift
curves (from a first point (0, 0)), average precision Σ ΔRecall·Precision for PR curves.

Notation: n rows, n_L labeled (``pos_label``), n_U unlabeled; γ(t) = head_L/n_L (the labeled rows'
recall, an unbiased TPR under SCAR); θ = the positive fraction of the unlabeled rows.

* :func:`roc_curve`: (head_U/n_U, γ); area AUC^PU (Eq. 3 of the AUL paper). With true labels, the ROC.
* :func:`lift_curve`: (head/n, γ); area AUL^PU (Eq. 4). With true labels, the lift curve and AUL.
* :func:`pr_curve`: (recall, precision) with fully labeled classes; area the average precision.
* :func:`corrected_roc_curve`, Jain et al.'s indirect recovery, Eqs. 1–2, with β (``purity``) the share of
  true positives among the labeled rows, γ^PU(t) = head_L/n_L and η^PU(t) = head_U/n_U:
  γ(t) = ((1 − θ)γ^PU(t) − (1 − β)η^PU(t))/(β − θ), η(t) = (βη^PU(t) − θγ^PU(t))/(β − θ), each clipped to
  [0, 1] and made non-decreasing (``repair="monotone"``; the paper does not say how a curve that leaves
  [0, 1] or steps back is repaired, so ``repair="clip"`` clips only); the points (η, γ). For β = 1:
  γ = γ^PU, η = (η^PU − θγ^PU)/(1 − θ).
* :func:`corrected_pr_curve`, Jain et al.'s Eqs. 1 and 3, the precision over all n rows:
  p(t) = α̂·γ(t)/q(t), q(t) = head/n, α̂ = (β n_L + θ n_U)/n (the true positives among the n rows); the
  points (γ, p).
* :func:`claesen_band`, as the authors' ``semisup_metrics.py`` computes it (claesenm/semisup-metrics,
  commit 32c4db1): P_U = ⌊θ n_U⌋ latent positives (the code's ``int(beta * nunl)``); a band
  T_lo ≤ F_L ≤ T_up on the labeled rows' rank CDF; at each threshold the table with the least
  (greatest) FPR places ⌈T_up·P_U⌉ (⌊T_lo·P_U⌋) surrogate positives in the head of U, with the corner
  cases of Claesen's Eq. 11, and counts the labeled rows of the head as true positives; the ROC points
  are sorted by (FPR, TPR), as the code's ``roc_from_cts`` sorts them (a bound's FPR can step back
  where its band rises by more surrogates than the threshold admits rows), and the area is the
  trapezoid area of the sorted points (their ``auc``) from (0, 0). Two deviations, both named: the band
  is their bootstrap band computed exactly (a bootstrap count of labeled rows in the head is
  Binomial(n_L, F_L), so the pointwise bootstrap quantiles are binomial quantiles), and a tie group of
  scores is one threshold (the code's per-row order among tied scores would depend on the input's
  order).
"""

from __future__ import annotations

import functools
import warnings
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from pueval import metrics
from pueval.validation import (ArgumentError, PosLabel, check_fraction, check_labels, check_level, check_sample_weight,
                               check_scores, sklearn_names)

__all__ = ["Curve", "ClaesenBand", "roc_curve", "lift_curve", "pr_curve", "corrected_roc_curve", "corrected_pr_curve",
           "claesen_band", "trapezoid_area", "average_precision_area"]


@dataclass(frozen=True)
class Curve:
    """Points (``x``, ``y``) of a curve at ``thresholds`` (decreasing; +inf for a first point (0, 0))
    and its ``area``."""

    x: np.ndarray
    y: np.ndarray
    thresholds: np.ndarray
    area: float


@dataclass(frozen=True)
class ClaesenBand:
    """Claesen et al.'s bounds: the lower and upper ROC curves (FPR, TPR; points sorted by FPR, then TPR,
    their thresholds alongside) and PR curves (recall, precision; points in threshold order) that contain
    the true curves at the band's level; and at each threshold (decreasing, as the PR curves' points) the
    share of all rows in the head (the normalized rank), the labeled rows' rank CDF and its band."""

    roc_lower: Curve
    roc_upper: Curve
    pr_lower: Curve
    pr_upper: Curve
    rank: np.ndarray
    cdf: np.ndarray
    cdf_lower: np.ndarray
    cdf_upper: np.ndarray

    def monotone_roc(self) -> tuple[Curve, Curve]:
        """The band's ROC bounds as monotone curves: the lower curve's running maximum in FPR and the upper's
        running minimum from the right. A ROC curve never decreases, so a curve above the lower bound at some FPR
        stays above it at every larger FPR, and below the upper bound at every smaller one: each is still a bound,
        and no tighter one follows from these points alone. The authors' points (``roc_lower``, ``roc_upper``,
        whose areas are theirs) zigzag: Eq. 10 and 13 fix the counts at each threshold, and the false positives
        fall where the surrogate positives jump. Their areas (``area``) are the monotone curves' own, so they lie
        within the authors' ones.

        Examples
        --------
        >>> band = claesen_band([1, 0, 1, 0, 0, 1, 0, 0], [8, 7, 6, 5, 4, 3, 2, 1], theta=0.4)
        >>> lower, upper = band.monotone_roc()
        >>> bool((np.diff(lower.y) >= 0).all() and (lower.y >= band.roc_lower.y).all())
        True
        """
        low, up = self.roc_lower, self.roc_upper
        lower_y, upper_y = np.maximum.accumulate(low.y), np.minimum.accumulate(up.y[::-1])[::-1]
        return (Curve(low.x, lower_y, low.thresholds, trapezoid_area(low.x, lower_y)),
                Curve(up.x, upper_y, up.thresholds, trapezoid_area(up.x, upper_y)))


def trapezoid_area(x: np.ndarray, y: np.ndarray) -> float:
    """The trapezoid area under the points (x, y), x non-decreasing.

    Parameters
    ----------
    x, y : arrays of the same length
        The points, x non-decreasing.

    Returns
    -------
    float

    Examples
    --------
    >>> trapezoid_area(np.array([0.0, 0.5, 1.0]), np.array([0.0, 1.0, 1.0]))
    0.75
    """
    return float(np.sum(np.diff(x) * (y[1:] + y[:-1]) / 2.0))


def average_precision_area(recall: np.ndarray, precision: np.ndarray) -> float:
    """Σ ΔRecall·Precision from recall 0, precision clipped to [0, 1] (an estimated precision may leave it).

    Parameters
    ----------
    recall, precision : arrays of the same length
        The PR points, recall non-decreasing.

    Returns
    -------
    float

    Examples
    --------
    >>> average_precision_area(np.array([0.5, 1.0]), np.array([1.0, 0.5]))
    0.75
    """
    return float(np.sum(np.diff(np.r_[0.0, recall]) * np.clip(precision, 0.0, 1.0)))


def _from_origin(x: np.ndarray, y: np.ndarray, thresholds: np.ndarray) -> Curve:
    x, y = np.r_[0.0, x], np.r_[0.0, y]
    return Curve(x, y, np.r_[np.inf, thresholds], trapezoid_area(x, y))


def _pr(recall: np.ndarray, precision: np.ndarray, thresholds: np.ndarray) -> Curve:
    return Curve(recall, precision, thresholds, average_precision_area(recall, precision))


def _heads(labels, scores, pos_label, sample_weight=None):
    """(head_L, head_U, distinct scores in decreasing order) of checked PU labels and scores; with
    ``sample_weight``, the weights' sums instead of the counts (row i counting w_i times)."""
    s = check_labels(labels, name="labels", pos_label=pos_label)
    scores = check_scores(scores, s.size)
    weights = None if sample_weight is None else check_sample_weight(sample_weight, s.astype(bool))
    thresholds, size, (head_l,) = metrics.heads(scores, s, weights=weights)
    if weights is not None and not size[-1] - head_l[-1] > 0:
        raise ArgumentError("sample_weight", "the unlabeled rows' weights sum to 0")
    return head_l, size - head_l, thresholds


def _check_theta(theta, purity: float = 1.0) -> tuple[float, float]:
    theta = check_fraction(theta, "theta")
    return theta, metrics.check_purity(purity, theta)


REPAIRS = ("monotone", "clip")


def _recovered_rates(head_l, head_u, theta: float, purity: float,
                     repair: str = "monotone") -> tuple[np.ndarray, np.ndarray]:
    """(γ, η) at each threshold by Jain et al.'s Eqs. 1–2 (module docstring), clipped to [0, 1] and, with
    ``repair="monotone"``, made non-decreasing."""
    def repaired(rate):
        rate = np.clip(rate, 0.0, 1.0)
        return np.maximum.accumulate(rate) if repair == "monotone" else rate

    gamma_pu, eta_pu = head_l / head_l[-1], head_u / head_u[-1]
    if purity == 1.0:  # Eq. 1 is then γ = γ^PU: no rounding from (1 − θ)γ^PU/(1 − θ)
        gamma = gamma_pu
    else:
        gamma = repaired(((1.0 - theta) * gamma_pu - (1.0 - purity) * eta_pu) / (purity - theta))
    return gamma, repaired((purity * eta_pu - theta * gamma_pu) / (purity - theta))


@sklearn_names
def roc_curve(labels: ArrayLike, scores: ArrayLike, *, pos_label: PosLabel = 1,
              sample_weight: ArrayLike | None = None) -> Curve:
    """ROC^PU: (head_U/n_U, head_L/n_L) from (0, 0); its area is AUC^PU (:func:`pueval.metrics.auc`).

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows.
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    pos_label : default 1
        The label of a labeled row.
    sample_weight : array of shape (n,), optional
        scikit-learn's row weights (≥ 0): row i counts w_i times in every count (integer weights give the curve
        of the repeated rows).

    Returns
    -------
    Curve
        ``x``, ``y`` (the points, from (0, 0)), ``thresholds`` (the score at each point, decreasing) and ``area``.

    Examples
    --------
    >>> curve = roc_curve([1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1])
    >>> curve.x.tolist(), curve.y.tolist(), curve.area
    ([0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0], 0.75)
    """
    head_l, head_u, thresholds = _heads(labels, scores, pos_label, sample_weight)
    return _from_origin(head_u / head_u[-1], head_l / head_l[-1], thresholds)


@sklearn_names
def lift_curve(labels: ArrayLike, scores: ArrayLike, *, pos_label: PosLabel = 1,
               sample_weight: ArrayLike | None = None) -> Curve:
    """lift^PU: (head/n, head_L/n_L) from (0, 0); its area is AUL^PU (:func:`pueval.metrics.aul`; with
    ``sample_weight``, :func:`pueval.aul_pu_score` with the same weights).

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows.
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    pos_label : default 1
        The label of a labeled row.
    sample_weight : array of shape (n,), optional
        scikit-learn's row weights (≥ 0), as in :func:`roc_curve`.

    Returns
    -------
    Curve
        ``x``, ``y`` (the points, from (0, 0)), ``thresholds`` (the score at each point, decreasing) and ``area``.

    Examples
    --------
    >>> lift_curve([1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1]).area
    0.625
    """
    head_l, head_u, thresholds = _heads(labels, scores, pos_label, sample_weight)
    head = head_l + head_u
    return _from_origin(head / head[-1], head_l / head_l[-1], thresholds)


@sklearn_names
def pr_curve(labels: ArrayLike, scores: ArrayLike, *, pos_label: PosLabel = 1) -> Curve:
    """The PR curve of fully labeled classes (``pos_label`` the positives): (recall, precision) at each
    threshold; its area is the average precision Σ ΔRecall·Precision.

    Parameters
    ----------
    labels : array of shape (n,)
        True labels of two values, ``pos_label`` marking the positives.
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    pos_label : default 1
        The label of a positive.

    Returns
    -------
    Curve
        ``x``, ``y`` (the points: recall, precision), ``thresholds`` (the score at each point, decreasing) and ``area``.

    Examples
    --------
    >>> pr_curve([1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1]).area
    0.8333333333333333
    """
    tp, fp, thresholds = _heads(labels, scores, pos_label)
    return _pr(tp / tp[-1], tp / (tp + fp), thresholds)


@sklearn_names
def corrected_roc_curve(labels: ArrayLike, scores: ArrayLike, theta: float, *, purity: float = 1.0,
                        pos_label: PosLabel = 1, repair: str = "monotone") -> Curve:
    """Jain et al.'s indirect ROC (Eqs. 1–2, module docstring); its area is their indirect AUC. ``purity``:
    their β, the share of true positives among the labeled rows (1 = clean positives); ``repair``:
    ``"monotone"`` (clip the recovered rates to [0, 1] and make them non-decreasing) or ``"clip"`` (clip only).

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows.
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    theta : float
        θ, the share of positives among the unlabeled rows, in [0, 1).
    purity : float, default 1
        Jain et al.'s β, the share of true positives among the labeled rows.
    repair : {"monotone", "clip"}, default "monotone"
        How the recovered rates are repaired.
    pos_label : default 1
        The label of a labeled row.

    Returns
    -------
    Curve
        ``x``, ``y`` (the points, from (0, 0)), ``thresholds`` (the score at each point, decreasing) and ``area``.

    Examples
    --------
    Their Figure 1 (8 rows, 3 labeled, one unlabeled positive, θ = 1/5):

    >>> scores = [0.986, 0.943, 0.863, 0.789, 0.699, 0.473, 0.211, 0.009]
    >>> curve = corrected_roc_curve([1, 0, 1, 0, 1, 0, 0, 0], scores, theta=0.2)
    >>> round(curve.area, 4)
    0.8333
    """
    theta, purity = _check_theta(theta, purity)
    if repair not in REPAIRS:
        raise ArgumentError("repair", f"must be one of {', '.join(REPAIRS)}, got {repair!r}")
    head_l, head_u, thresholds = _heads(labels, scores, pos_label)
    gamma, eta = _recovered_rates(head_l, head_u, theta, purity, repair)
    return _from_origin(eta, gamma, thresholds)


@sklearn_names
def corrected_pr_curve(labels: ArrayLike, scores: ArrayLike, theta: float, *, purity: float = 1.0,
                       pos_label: PosLabel = 1) -> Curve:
    """Jain et al.'s corrected PR curve (Eqs. 1 and 3, module docstring); its area is the corrected AUPRC.

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows.
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    theta : float
        θ, the share of positives among the unlabeled rows, in [0, 1).
    purity : float, default 1
        Jain et al.'s β, the share of true positives among the labeled rows.
    pos_label : default 1
        The label of a labeled row.

    Returns
    -------
    Curve
        ``x``, ``y`` (the points: recall, precision), ``thresholds`` (the score at each point, decreasing) and ``area``.

    Examples
    --------
    >>> labels, scores = [0, 1, 0, 1, 0, 0, 1, 0, 0, 0], [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    >>> round(corrected_pr_curve(labels, scores, theta=0.2).area, 4)
    0.6984
    """
    theta, purity = _check_theta(theta, purity)
    head_l, head_u, thresholds = _heads(labels, scores, pos_label)
    n_l, n_u = head_l[-1], head_u[-1]
    gamma, _ = _recovered_rates(head_l, head_u, theta, purity)
    alpha = (purity * n_l + theta * n_u) / (n_l + n_u)
    precision = alpha * gamma / ((head_l + head_u) / (n_l + n_u))
    outside = (precision > 1.0 + ROUNDING) | (precision < -ROUNDING)
    if outside.any():
        warnings.warn(f"corrected precision leaves [0, 1] at {int(outside.sum())} of {outside.size} thresholds "
                      f"(from {precision.min():.3g} to {precision.max():.3g}): theta = {theta:g} does not fit this "
                      "ranking; the points are clipped to [0, 1]", UserWarning, stacklevel=3)
    return _pr(gamma, np.clip(precision, 0.0, 1.0), thresholds)


def surrogate_positives_in_head(head_u: ArrayLike, n_u: int, latent: int, wanted: ArrayLike) -> np.ndarray:
    """Claesen Eq. 11: surrogate positives in head(U) when ``wanted`` of the ``latent`` should be there.

    Parameters
    ----------
    head_u : array
        Unlabeled rows at or above each threshold.
    n_u : int
        Unlabeled rows in all.
    latent : int
        Latent positives among them (:func:`latent_positives`).
    wanted : array
        How many of those should sit at or above each threshold.

    Returns
    -------
    numpy array
        The surrogate positives in head(U), one per threshold.

    Examples
    --------
    >>> surrogate_positives_in_head([1, 2, 3, 4], 4, 2, [2, 2, 2, 2]).tolist()
    [1, 2, 2, 2]
    """
    head_u, wanted = np.asarray(head_u), np.asarray(wanted)
    tail_u = n_u - head_u
    return np.where(latent - wanted <= tail_u, np.minimum(head_u, wanted), latent - tail_u)


BANDS = ("binomial", "none")
ROUNDING = 1e-9  # an estimated precision this far past [0, 1] is rounding, not a prior that misfits


@functools.lru_cache(maxsize=64)
def _binomial_band(n_l: int, level: float) -> tuple[np.ndarray, np.ndarray]:
    """The (1 − level)/2 and (1 + level)/2 quantiles of Binomial(n_L, k/n_L) for every count k = 0 … n_L: the
    same for every labeling with n_L labeled rows, so computed once (read-only arrays)."""
    from scipy.stats import binom  # here: importing pueval (and the pipeline's start-up) skips scipy.stats

    tail = (1.0 - level) / 2.0
    share = np.arange(n_l + 1) / n_l
    band = tuple(binom.ppf(q, n_l, share) for q in (tail, 1.0 - tail))
    for quantiles in band:
        quantiles.flags.writeable = False
    return band


def latent_positives(theta: float, n_u: int) -> int:
    """P_U = ⌊θ·n_U⌋, as the authors' code counts the latent positives (``int(beta * nunl)``), kept below n_U so
    that a negative is left; a product within 1e-9 of an integer counts as that integer (0.29·100 is 29).

    Parameters
    ----------
    theta : float
        θ, the share of positives among the unlabeled rows.
    n_u : int
        Unlabeled rows.

    Returns
    -------
    int

    Examples
    --------
    >>> latent_positives(0.29, 100), latent_positives(1.0, 100)
    (29, 99)
    """
    return int(min(np.floor(theta * n_u + 1e-9), n_u - 1))


def _theta_pair(theta) -> tuple[float, float]:
    """θ̂, or an interval (θ_lo, θ_hi) of it (Claesen's Lemma 4), as (θ for the lower curve, θ for the upper)."""
    if isinstance(theta, np.ndarray) and theta.ndim == 0:  # a NumPy scalar array is a number
        theta = theta.item()
    if isinstance(theta, (tuple, list, np.ndarray)):
        if len(theta) != 2:
            raise ValueError(f"theta: a number or an interval (low, high), got {theta!r}")
        low, high = (check_fraction(v, "theta") for v in theta)
        if low > high:
            raise ValueError(f"theta: the interval's low end {low} is above its high end {high}")
        return low, high
    value = check_fraction(theta, "theta")
    return value, value


@sklearn_names
def claesen_band(labels: ArrayLike, scores: ArrayLike, theta: float | tuple[float, float], level: float = 0.95, *,
                 known_negatives: ArrayLike | None = None, band: str = "binomial",
                 pos_label: PosLabel = 1) -> ClaesenBand:
    """Claesen et al.'s lower and upper ROC and PR curves at ``level`` (module docstring).

    ``theta`` is their β, the share of latent positives among the unlabeled rows; an interval
    ``(low, high)`` gives the bounds over it (their Lemma 4, for a better-than-random ranking: the lower
    curve at ``low``, the upper at ``high``). ``known_negatives`` marks rows known to be negative (their
    Section 4.1: they count as false positives and leave the unlabeled set). ``band="none"`` takes the
    labeled rows' empirical rank CDF as its own band (zero width).

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows.
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    theta : float or (float, float)
        β̂, or an interval of it.
    level : float, default 0.95
        The band's confidence level.
    known_negatives : array of shape (n,) of bool, optional
        Rows known to be negative.
    band : {"binomial", "none"}, default "binomial"
        The band around the labeled rows' rank CDF.
    pos_label : default 1
        The label of a labeled row.

    Returns
    -------
    ClaesenBand
        The lower and upper ROC and PR curves, and the rank CDF with its band.

    Examples
    --------
    >>> band = claesen_band([1, 0, 1, 0, 0, 1, 0, 0], [8, 7, 6, 5, 4, 3, 2, 1], theta=0.4)
    >>> band.roc_lower.area <= band.roc_upper.area
    True
    """
    low, high = _theta_pair(theta)
    level = check_level(level)
    if band not in BANDS:
        raise ValueError(f"band must be one of {BANDS}, got {band!r}")
    s = check_labels(labels, name="labels", pos_label=pos_label).astype(bool)
    scores = check_scores(scores, s.size)
    negative = np.zeros(s.size, bool) if known_negatives is None else np.asarray(known_negatives)
    if negative.shape != s.shape or negative.dtype != bool:
        raise ValueError(f"known_negatives must be a boolean mask of shape {s.shape}")
    if (negative & s).any():
        raise ValueError("known_negatives: a row is both labeled positive and known negative")
    thresholds, size, (head_l, head_n) = metrics.heads(scores, s, negative)
    head_u = size - head_l - head_n
    n_l, n_n, n_u = int(head_l[-1]), int(head_n[-1]), int(head_u[-1])
    if n_u < 1:
        raise ValueError("labels: no unlabeled row (every row is a labeled positive or a known negative)")
    cdf = head_l / n_l
    if band == "binomial":  # the exact bootstrap band: quantiles of Binomial(n_L, F_L) / n_L, one per count
        cdf_lower, cdf_upper = (quantiles[head_l] / n_l for quantiles in _binomial_band(n_l, level))
    else:
        cdf_lower = cdf_upper = cdf
    curves = {}
    for name, value, bound in (("lower", low, cdf_lower), ("upper", high, cdf_upper)):
        latent = latent_positives(value, n_u)
        # the lower band gives the greatest FPR: the lower curve (Eq. 13); the upper band Eq. 10
        wanted = (np.floor(bound * latent + 1e-9) if name == "lower" else np.ceil(bound * latent - 1e-9))
        tp_u = surrogate_positives_in_head(head_u, n_u, latent, wanted)
        tp, fp = head_l + tp_u, head_n + head_u - tp_u
        tpr, fpr = tp / (n_l + latent), fp / (n_n + n_u - latent)
        order = np.lexsort((tpr, fpr))  # roc_from_cts: the points sorted by (FPR, TPR)
        curves[f"roc_{name}"] = _from_origin(fpr[order], tpr[order], thresholds[order])
        curves[f"pr_{name}"] = _pr(tpr, np.divide(tp, tp + fp, out=np.ones(tp.size), where=tp + fp > 0), thresholds)
    rank = size / s.size
    return ClaesenBand(**curves, rank=rank, cdf=cdf, cdf_lower=cdf_lower, cdf_upper=cdf_upper)
