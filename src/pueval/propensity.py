"""AUL^PU when the labels are not selected at random: propensity-weighted estimates.

Under SAR a positive row i is labeled with probability e_i = P(labeled | positive, x_i), its propensity, so
the labeled rows are no longer a simple random sample of the positives and AUL^PU is biased. A row's
t-value t_i (the share of all n rows it outranks, ties and itself ½; Theorem 1) depends on the scores alone,
whose distribution is observed, so only the labeled side needs reweighting: with w_i = 1/e_i,

    Â = Σ_L w_i·t_i / Σ_L w_i                                                        (Hájek)

estimates the AUL = mean of t over the positives. Under independent labeling with known e the
Horvitz–Thompson form Σ_L w_i·t_i / n^P is exactly unbiased (and n̂^P = Σ_L w_i is unbiased for n^P); the
Hájek form is its ratio with n̂^P, consistent, and needs only *relative* propensities (e → κe leaves it
unchanged). At e ≡ c it is AUL^PU.

Its variance, by linearizing the ratio (Särndal et al., Model Assisted Survey Sampling, 5.7):

* relative propensities (``relative=True``): n_L/(n_L − 1) · Σ_L w_i²(t_i − Â)² / (Σ_L w_i)², conservative
  (it treats the labeled rows as drawn with replacement); at e ≡ c it is s²/n_L, the variance of
  :func:`pueval.aul_pu_interval`'s normal interval;
* absolute propensities (``relative=False``): Σ_L (1 − e_i)/e_i² · (t_i − Â)² / (n̂^P)², the
  Horvitz–Thompson estimate of the linearized variance under independent (Poisson) labeling, which at
  e ≡ c is (1 − c)·σ̂²/n_L: Theorem 1's variance with its finite-population factor 1 − n_L/n^P restored.

With absolute propensities the prior comes for free: n̂^P, α̂ = n̂^P/n, θ̂ = (n̂^P − n_L)/n_U, the
corrected AUC from AUL = α/2 + (1 − α)·AUC, and the confusion counts at a threshold (Bekker et al.'s
propensity-weighted risk): TP̂ = Σ_L [ŷ=1]/e_i, FN̂ = Σ_L [ŷ=0]/e_i, FP̂ = #{ŷ=1} − TP̂, TN̂ = #{ŷ=0} − FN̂.

Every result carries Kish's effective number of labeled rows, n_eff = (Σ w)²/Σ w²: a few rows with
large weights make the estimate as noisy as n_eff rows would, and :class:`PropensityWarning` says so.
"""

from __future__ import annotations

import numbers
import warnings
from dataclasses import dataclass
from statistics import NormalDist
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from pueval import metrics
from pueval.validation import ArgumentError, PosLabel, check_level, check_pu, sklearn_names, warn_degenerate

MIN_EFFECTIVE_ROWS = 30
"""Below this many effective labeled rows (Kish) the normal interval is not trusted: a warning."""

MAX_WEIGHT_SHARE = 0.1
"""A labeled row carrying more than this share of the total weight is an extreme weight: a warning."""

__all__ = ["aul_pu_weighted", "WeightedAUL", "PropensityWarning", "aul_pu_bounds", "aul_pu_difference_bounds",
           "breakdown_gamma", "WeightedRange", "aul_pu_audit", "AuditedAUL"]


class PropensityWarning(UserWarning):
    """The weights make the estimate fragile (few effective rows, one row dominating), or absolute propensities
    the scores contradict (more positives estimated than rows, a negative count)."""


@dataclass(frozen=True)
class LabeledWeights:
    """The labeled rows' weights w = 1/e (after clipping) and what every weighted estimate shares."""

    e: np.ndarray  #: the labeled rows' propensities, in row order
    relative: bool

    @property
    def w(self) -> np.ndarray:
        return 1.0 / self.e

    @property
    def scaled(self) -> np.ndarray:
        """The weights times the power of two nearest below e_min (exact, so every value equals what 1/e gives
        wherever 1/e is finite): what every scale-free quantity below reads, so that a propensity of 1e-300 or
        5e-324 cannot overflow them."""
        return 1.0 / (self.e / np.ldexp(1.0, np.frexp(self.e.min())[1]))

    @property
    def n_eff(self) -> float:
        """Kish's effective number of labeled rows, (Σw)²/Σw²."""
        w = self.scaled
        return float(w.sum() ** 2 / (w * w).sum())

    def mean(self, values: np.ndarray) -> float:
        """The Hájek mean Σ w·v / Σ w."""
        w = self.scaled
        return float((w * values).sum() / w.sum())

    def variance(self, values: np.ndarray, center: float) -> float:
        """The linearized variance of the Hájek mean of ``values`` (module docstring), relative or absolute (both
        of degree 0 in w, so computed on the scaled weights)."""
        w, r = self.scaled, values - center
        if self.relative:
            n = values.size
            return float(n / (n - 1) * (w * w * r * r).sum() / w.sum() ** 2)
        return float(((1.0 - self.e) * w * w * r * r).sum() / w.sum() ** 2)


def labeled_weights(propensity: ArrayLike, labeled: np.ndarray, *, relative: bool = True,
                    min_propensity: float | None = None) -> LabeledWeights:
    """The labeled rows' weights from ``propensity`` (one value per row; only the labeled rows' are read, each
    in (0, 1]), clipped below at ``min_propensity`` when given; warns (:class:`PropensityWarning`) of few
    effective rows or a dominating weight. An :class:`~pueval.validation.ArgumentError` names the argument."""
    if not isinstance(relative, (bool, np.bool_)):
        raise ArgumentError("relative", f"must be True or False, got {relative!r}")
    values = np.asarray(propensity)
    if values.dtype.kind not in "biuf":
        raise ArgumentError("propensity", f"must hold real numbers, got dtype {values.dtype}")
    if values.shape != labeled.shape:
        raise ArgumentError("propensity", f"must be 1-D with one value per row ({labeled.size}), "
                                          f"got shape {values.shape}")
    e = values[labeled].astype(np.float64)
    bad = np.flatnonzero(~((e > 0.0) & (e <= 1.0)))
    if bad.size:
        row = int(np.flatnonzero(labeled)[bad[0]])
        raise ArgumentError("propensity", f"must lie in (0, 1] on every labeled row; {bad.size} labeled row(s) "
                                          f"outside, the first row {row} with {float(values[row])!r}")
    if min_propensity is not None:
        if isinstance(min_propensity, (bool, np.bool_)) or not isinstance(min_propensity, numbers.Real) \
                or not 0.0 < float(min_propensity) <= 1.0:
            raise ArgumentError("min_propensity", f"must be None or lie in (0, 1], got {min_propensity!r}")
        e = np.maximum(e, float(min_propensity))
    weights = LabeledWeights(e, bool(relative))
    if not relative and not np.isfinite(weights.w.sum()):
        raise ArgumentError("propensity", f"absolute propensities as small as {e.min()!r} make the estimated number "
                                          "of positives (Σ 1/e) overflow; no finite answer")
    if weights.n_eff < MIN_EFFECTIVE_ROWS:
        warnings.warn(f"propensity: the weights leave {weights.n_eff:.1f} effective labeled rows (Kish; fewer than "
                      f"{MIN_EFFECTIVE_ROWS}): the normal interval is not to be trusted", PropensityWarning,
                      stacklevel=3)
    share = float(weights.scaled.max() / weights.scaled.sum())  # the largest weight's share
    if share > MAX_WEIGHT_SHARE:
        warnings.warn(f"propensity: one labeled row carries {share:.0%} of the total weight (propensity "
                      f"{e.min():.3g}); consider min_propensity", PropensityWarning, stacklevel=3)
    return weights


def normal_interval(estimate: float, se: float, level: float, low: float, high: float) -> tuple[float, float]:
    """estimate ± z·se (z the normal quantile of ``level``'s two-sided interval), clipped to [low, high]."""
    half = NormalDist().inv_cdf(0.5 + level / 2.0) * se
    return float(max(estimate - half, low)), float(min(estimate + half, high))


class Hajek(NamedTuple):
    """The checked inputs and the Hájek estimate of the AUL with its normal interval (:func:`hajek`)."""

    labeled: np.ndarray  #: the labeled-row mask
    scores: np.ndarray  #: the checked scores
    weights: LabeledWeights
    t: np.ndarray  #: the labeled rows' t-values
    estimate: float  #: Σ_L w·t / Σ_L w
    ci: tuple[float, float]  #: estimate ± z·√(linearized variance), clipped to [0, 1]


def hajek(labels: ArrayLike, scores: ArrayLike, propensity: ArrayLike, *, level: float = 0.95,
          relative: bool = True, min_propensity: float | None = None, pos_label: PosLabel = 1) -> Hajek:
    """The one computation behind every propensity-weighted AUL (:func:`aul_pu_weighted`, and
    ``propensity=`` of :func:`pueval.aul_pu_score` and :func:`pueval.aul_pu_interval`): the labels and scores
    checked, the weights (:func:`labeled_weights`), degenerate scores warned of, the labeled rows' t-values,
    their Hájek mean and its ``level`` interval (``level`` already checked by the caller)."""
    labeled, scores = check_pu(labels, scores, pos_label=pos_label)
    weights = labeled_weights(propensity, labeled, relative=relative, min_propensity=min_propensity)
    warn_degenerate(labeled, scores)
    t = metrics.t_values_at(scores, labeled)
    estimate = weights.mean(t)
    return Hajek(labeled, scores, weights, t, estimate,
                 normal_interval(estimate, np.sqrt(weights.variance(t, estimate)), level, 0.0, 1.0))


@dataclass(frozen=True)
class WeightedAUL:
    """The propensity-weighted AUL of one model on one PU set (:func:`aul_pu_weighted`)."""

    aul: float  #: the Hájek estimate Σ_L w·t / Σ_L w
    ci: tuple[float, float]  #: its ``level`` normal interval (linearized variance), clipped to [0, 1]
    level: float
    n: int
    n_labeled: int
    n_eff: float  #: Kish's effective number of labeled rows
    relative: bool
    #: with absolute propensities: n̂^P, α̂, θ̂ and the corrected AUC (None when relative or impossible)
    n_positive: float | None = None
    alpha: float | None = None
    theta: float | None = None
    auc: float | None = None
    #: with absolute propensities and a threshold: precision, recall and F1 of score ≥ threshold
    threshold: float | None = None
    precision: float | None = None
    recall: float | None = None
    f1: float | None = None


def _prior_and_auc(n: int, n_labeled: int, n_positive: float, aul: float) -> dict:
    """n̂^P, α̂, θ̂ and the AUC from AUL = α/2 + (1 − α)·AUC; None where the estimate is impossible (a warning)."""
    if n_positive >= n:
        warnings.warn(f"propensity: the absolute propensities estimate {n_positive:.1f} positives among {n} rows; "
                      "no prior or corrected AUC follows (are they relative? use relative=True)", PropensityWarning,
                      stacklevel=4)
        return {}
    alpha = n_positive / n
    auc = (aul - alpha / 2.0) / (1.0 - alpha)
    found = {"n_positive": float(n_positive), "alpha": float(alpha),
             "theta": float((n_positive - n_labeled) / (n - n_labeled))}
    if 0.0 <= auc <= 1.0:
        found["auc"] = float(auc)
    else:
        warnings.warn(f"propensity: the corrected AUC {auc:.4f} lies outside [0, 1]; not reported", PropensityWarning,
                      stacklevel=4)
    return found


def _at_threshold(scores: np.ndarray, labeled: np.ndarray, weights: LabeledWeights, threshold: float) -> dict:
    """Precision, recall and F1 of ``score ≥ threshold`` from the propensity-weighted confusion counts."""
    predicted = scores >= threshold
    tp = float(weights.w[predicted[labeled]].sum())
    n_positive, n_predicted = float(weights.w.sum()), int(predicted.sum())
    if tp > n_predicted:
        warnings.warn(f"propensity: {tp:.1f} weighted true positives among {n_predicted} rows predicted positive "
                      "(a negative false-positive count); no precision or F1 at this threshold", PropensityWarning,
                      stacklevel=4)
        return {"threshold": float(threshold), "recall": tp / n_positive}
    return {"threshold": float(threshold), "precision": tp / n_predicted if n_predicted else None,
            "recall": tp / n_positive, "f1": 2.0 * tp / (n_predicted + n_positive)}


@sklearn_names
def aul_pu_weighted(labels: ArrayLike, scores: ArrayLike, propensity: ArrayLike, *, level: float = 0.95,
                    relative: bool = True, threshold: float | None = None, min_propensity: float | None = None,
                    pos_label: PosLabel = 1) -> WeightedAUL:
    """The AUL from PU labels selected with known propensities, with its interval (the module's equations).

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows (``y_true=`` names it too).
    scores : array of shape (n,)
        The model's scores (``y_score=`` names it too).
    propensity : array of shape (n,)
        e_i = P(labeled | positive, x_i) of each row, in (0, 1] on the labeled rows (the others are not read).
    level : float, default 0.95
    relative : bool, default True
        True: only the ratios of the propensities are trusted (the estimate needs no more); the interval is
        the conservative one. False: absolute propensities, which also give n̂^P, α̂, θ̂, the corrected AUC and
        (with ``threshold``) precision, recall and F1.
    threshold : float, optional
        With ``relative=False``: the score at or above which a row is predicted positive.
    min_propensity : float, optional
        Clip the labeled rows' propensities below at this value (weights capped at 1/min_propensity);
        off by default.
    pos_label : default 1

    Returns
    -------
    WeightedAUL

    Warns
    -----
    PropensityWarning
        Fewer than :data:`MIN_EFFECTIVE_ROWS` effective labeled rows, a labeled row with more than
        :data:`MAX_WEIGHT_SHARE` of the weight, or absolute propensities the data contradict.

    Examples
    --------
    With a constant propensity the estimate is AUL^PU:

    >>> from pueval import aul_pu_score
    >>> rng = np.random.default_rng(0)
    >>> scores, labels = rng.random(400), np.arange(400) % 4 == 0
    >>> found = aul_pu_weighted(labels, scores, np.full(400, 0.5))
    >>> found.aul == aul_pu_score(labels, scores), found.n_eff
    (True, 100.0)
    """
    level = check_level(level)
    if threshold is not None and (relative or not np.isfinite(threshold)):
        raise ArgumentError("threshold", "needs absolute propensities (relative=False) and a finite score"
                            if relative else f"must be a finite score, got {threshold!r}")
    labeled, scores, weights, _, aul, ci = hajek(labels, scores, propensity, level=level, relative=relative,
                                                 min_propensity=min_propensity, pos_label=pos_label)
    n, n_labeled = int(labeled.size), int(labeled.sum())
    extra = {}
    if not relative:
        extra = _prior_and_auc(n, n_labeled, float(weights.w.sum()), aul)
        if threshold is not None:
            extra |= _at_threshold(scores, labeled, weights, threshold)
    return WeightedAUL(aul=aul, ci=ci, level=level, n=n, n_labeled=n_labeled, n_eff=weights.n_eff,
                       relative=bool(relative), **extra)


# -- bounds without any propensity ------------------------------------------------------------------------------
#
# When the propensities are unknown but their spread is bounded: every labeling whose largest-to-smallest
# propensity ratio among the labeled rows is at most Γ gives weights w_i ∈ [1, Γ] (up to a common factor,
# which the Hájek mean ignores). The weighted mean Σ w·v / Σ w over that box is a linear-fractional function
# of w, so its maximum is at a vertex, and at the best vertex every row above the optimum carries Γ and every
# row below carries 1 (moving a row's weight towards Γ raises the mean iff its value exceeds the mean): with
# the values sorted in decreasing order, the maximum is max_k (Γ·S_k + R_k) / (Γ·k + m − k), S_k the sum of
# the k largest, R_k of the others; the minimum is the same on the values negated.


def _extreme_weights(values: np.ndarray, gamma: float) -> np.ndarray:
    """The weights in [1, Γ] (up to a common factor) that maximize the Hájek mean of ``values`` (a threshold rule,
    as above)."""
    order = np.argsort(-values, kind="stable")
    ordered = values[order]
    k = np.arange(values.size + 1)
    top = np.r_[0.0, np.cumsum(ordered)]
    # The weights 1 and Γ times 2^-j, Γ·2^-j in [½, 1): exact, so the means are those of 1 and Γ to the bit, and a
    # Γ of 1e308 cannot overflow them.
    unit = np.ldexp(1.0, -int(np.frexp(gamma)[1]))
    high = gamma * unit
    means = (high * top + unit * (top[-1] - top)) / (high * k + unit * (values.size - k))
    best = int(np.argmax(means))
    w = np.full(values.size, unit)
    w[order[:best]] = high
    return w


@dataclass(frozen=True)
class WeightedRange:
    """The range of a Hájek mean over every weighting with propensity ratio at most Γ (:func:`aul_pu_bounds`)."""

    low: float  #: the smallest weighted mean (widened by its sampling error with ``level``)
    high: float  #: the largest weighted mean (widened likewise)
    estimate: float  #: the unweighted mean (AUL^PU, or ΔAUL^PU), Γ = 1
    gamma: float
    level: float | None


def _range(values: np.ndarray, gamma: float, level: float | None) -> WeightedRange:
    """The smallest and largest Hájek means of ``values`` over weights in [1, Γ], each widened by z·se at its
    own weights when ``level`` is given."""
    ends = []
    for sign in (-1.0, 1.0):
        w = _extreme_weights(sign * values, gamma)
        mean = float((w * values).sum() / w.sum())
        if level is not None:
            weights = LabeledWeights(1.0 / w, relative=True)  # e in [1, Γ]: relative, so only their ratios count
            z = NormalDist().inv_cdf(0.5 + level / 2.0)
            mean += sign * z * np.sqrt(weights.variance(values, mean))
        ends.append(mean)
    return WeightedRange(low=ends[0], high=ends[1], estimate=float(values.mean()), gamma=gamma, level=level)


def _check_gamma(gamma) -> float:
    if isinstance(gamma, (bool, np.bool_)) or not isinstance(gamma, (int, float, np.integer, np.floating)) \
            or not 1.0 <= float(gamma) < np.inf:
        raise ArgumentError("gamma", f"must be a finite number ≥ 1 (the largest ratio of two labeled rows' "
                                     f"propensities), got {gamma!r}")
    return float(gamma)


@sklearn_names
def aul_pu_bounds(labels: ArrayLike, scores: ArrayLike, gamma: float, *, level: float | None = None,
                  pos_label: PosLabel = 1) -> WeightedRange:
    """The range of the AUL over every labeling whose propensities differ by at most a factor ``gamma``.

    No propensity is known; Γ says how far from random the labeling may be: Γ = 1 is SCAR (the range is
    AUL^PU itself), Γ = 2 lets some positives be twice as likely to be labeled as others. The ends are the
    largest and smallest Hájek means Σ w·t / Σ w over weights w ∈ [1, Γ], each a threshold rule on the
    sorted t-values (the comment above this function; O(n_L log n_L)). With ``level``, each end is moved
    outwards by z·se, z the normal quantile of the two-sided ``level`` and se the relative linearized standard
    error (:mod:`pueval.propensity`) at that end's weights: a sensitivity range with sampling error, not a
    simultaneous confidence set.

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows.
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    gamma : float
        Γ ≥ 1, the largest ratio of two positives' propensities.
    level : float, optional
        Move each end out by its sampling error at this level.
    pos_label : default 1
        The label of a labeled row.

    Returns
    -------
    WeightedRange
        ``low``, ``high`` and ``estimate`` (AUL^PU).

    Examples
    --------
    >>> from pueval import aul_pu_score
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(3000) < 0.4
    >>> scores, labels = y + rng.normal(size=3000), y & (rng.random(3000) < 0.2)
    >>> found = aul_pu_bounds(labels, scores, 2.0)
    >>> found.low < found.estimate == aul_pu_score(labels, scores) < found.high
    True
    """
    gamma = _check_gamma(gamma)
    level = None if level is None else check_level(level)
    return _range(metrics.labeled_t_values(labels, scores, pos_label=pos_label), gamma, level)


def _differences(labels, scores_a, scores_b, pos_label) -> np.ndarray:
    """The labeled rows' paired differences t^A − t^B (:func:`pueval.metrics.paired_t_values`)."""
    _, t_a, t_b = metrics.paired_t_values(labels, scores_a, scores_b, pos_label=pos_label)
    return t_a - t_b


@sklearn_names
def aul_pu_difference_bounds(labels: ArrayLike, scores_a: ArrayLike, scores_b: ArrayLike, gamma: float, *,
                             level: float | None = None, pos_label: PosLabel = 1) -> WeightedRange:
    """:func:`aul_pu_bounds` for the paired difference AUL(A) − AUL(B) (two models scoring the same rows): the
    range of the Hájek mean of d_i = t_i^A − t_i^B over weights in [1, ``gamma``].

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows.
    scores_a, scores_b : arrays of shape (n,)
        The two models' scores.
    gamma : float
        Γ ≥ 1, the largest ratio of two positives' propensities.
    level : float, optional
        Move each end out by its sampling error at this level.
    pos_label : default 1
        The label of a labeled row.

    Returns
    -------
    WeightedRange
        ``low``, ``high`` and ``estimate`` (ΔAUL^PU).

    Examples
    --------
    >>> found = aul_pu_difference_bounds([1, 1, 1, 0], [0.9, 0.8, 0.1, 0.5], [0.1, 0.2, 0.9, 0.5], 2.0)
    >>> found.low < found.estimate < found.high
    True
    """
    gamma = _check_gamma(gamma)
    level = None if level is None else check_level(level)
    return _range(_differences(labels, scores_a, scores_b, pos_label), gamma, level)


@sklearn_names
def breakdown_gamma(labels: ArrayLike, scores_a: ArrayLike, scores_b: ArrayLike, *,
                    pos_label: PosLabel = 1) -> float:
    """The smallest Γ at which "A beats B" (ΔAUL^PU > 0) stops holding: some weighting with propensity ratio at
    most Γ makes the weighted mean of d = t^A − t^B zero or less. With the k smallest differences weighted Γ
    (sum S_k < 0) and the rest 1 (sum R_k > 0) the mean is ≤ 0 iff Γ ≥ R_k/(−S_k), so Γ* = min_k R_k/(−S_k).
    1.0 when ΔAUL^PU ≤ 0 already, ``inf`` when no labeled row has d < 0 (no weighting makes A lose).

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows.
    scores_a, scores_b : arrays of shape (n,)
        The two models' scores.
    pos_label : default 1
        The label of a labeled row.

    Returns
    -------
    float
        Γ*, 1.0 or ``inf``.

    Examples
    --------
    >>> breakdown_gamma([1, 1, 1, 0], [0.9, 0.8, 0.1, 0.5], [0.1, 0.2, 0.9, 0.5])  # d = ¾, ¼, −¾: Γ* = 1/¾
    1.3333333333333333
    """
    d = np.sort(_differences(labels, scores_a, scores_b, pos_label))
    if d.mean() <= 0:
        return 1.0
    low = np.cumsum(d)  # S_k over the k smallest
    rest = d.sum() - low
    negative = low < 0
    if not negative.any():
        return float("inf")
    return float(max(1.0, np.min(rest[negative] / -low[negative])))


# -- an audit sample ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AuditedAUL:
    """The AUL from PU labels and an audit of the unlabeled rows (:func:`aul_pu_audit`)."""

    aul: float  #: [Σ_L t_i + (n^U/m)·Σ_{A⁺} t_i] / n̂^P, whatever selected the labeled rows
    ci: tuple[float, float]  #: its ``level`` normal interval (ratio linearization, sampling within U)
    theta: float  #: m⁺/m, the audited share of positives among the unlabeled rows
    theta_ci: tuple[float, float]  #: Clopper–Pearson at ``level`` (conservative: it ignores the finite population)
    auc: float | None  #: from AUL = α/2 + (1 − α)·AUC with α̂ = n̂^P/n (None outside [0, 1] or when α̂ = 1)
    n: int
    n_labeled: int
    n_audited: int
    n_audited_positive: int
    scar_p_value: float | None  #: two-sided Mann–Whitney test that labeled and audited positives rank alike
    bias: float  #: AUL^PU − ``aul``: how far the labeled rows alone are off
    level: float


def _checked_audit(audited: ArrayLike, labeled: np.ndarray) -> np.ndarray:
    """The audited rows' true classes as 0/1 with NaN where not audited; audited rows must be unlabeled."""
    values = np.asarray(audited, dtype=float) if np.asarray(audited).dtype.kind in "biuf" else None
    if values is None or values.shape != labeled.shape:
        raise ArgumentError("audited", f"must be 1-D numbers with one value per row ({labeled.size}): the true class "
                                       "(1 positive, 0 negative) of each audited row, NaN elsewhere")
    seen = ~np.isnan(values)
    if np.any(seen & labeled):
        raise ArgumentError("audited", f"audits {int(np.sum(seen & labeled))} labeled row(s); audit unlabeled rows "
                                       "only (a labeled row is a known positive)")
    if not np.isin(values[seen], (0.0, 1.0)).all():
        raise ArgumentError("audited", "must hold 1 (positive), 0 (negative) or NaN (not audited)")
    if seen.sum() < 2:
        raise ArgumentError("audited", f"need at least 2 audited rows, got {int(seen.sum())}")
    return values


RANDOM_AUDIT_P = 1e-6
"""An audit whose rows' scores differ from the other unlabeled rows' at a rank-sum p below this is refused as not a
simple random sample of the unlabeled rows (a random audit is refused in one case of a million)."""


def _check_random_audit(audit: np.ndarray, labeled: np.ndarray, scores: np.ndarray) -> None:
    """Refuse an audit that is plainly not a random sample of the unlabeled rows: its rows' scores against the other
    unlabeled rows' by the two-sided rank-sum test, p < :data:`RANDOM_AUDIT_P` (an audit of the flagged rows, of the
    highest or lowest scores). Such an audit measures precision at a threshold
    (:func:`pueval.operating.audited_precision`, ``operating_point(flagged_audit=)``), not θ."""
    from scipy.stats import mannwhitneyu

    seen = ~np.isnan(audit)
    others = ~labeled & ~seen
    if others.sum() == 0:
        return
    p = float(mannwhitneyu(scores[seen], scores[others], alternative="two-sided").pvalue)
    if p < RANDOM_AUDIT_P:
        side = "above" if np.median(scores[seen]) > np.median(scores[others]) else "below"
        raise ArgumentError("audited", f"the {int(seen.sum())} audited rows score {side} the other unlabeled rows "
                                       f"(rank-sum p = {p:.2g}): not a simple random sample of the unlabeled rows, "
                                       "which this reads it as; an audit of the rows flagged at a threshold gives "
                                       "their precision: operating_point(flagged_audit=) or audited_precision")


@sklearn_names
def aul_pu_audit(labels: ArrayLike, scores: ArrayLike, audited: ArrayLike, *, level: float = 0.95,
                 pos_label: PosLabel = 1) -> AuditedAUL:
    """The AUL when the labels may have been selected in any way, from a simple random sample of the unlabeled
    rows whose true class was checked (an audit).

    With m audited rows, m⁺ of them positive, θ̂ = m⁺/m estimates the share of positives among the n^U
    unlabeled rows whatever selected the labeled ones, n̂^P = n^L + θ̂·n^U, and

        Â = [Σ_L t_i + (n^U/m)·Σ_{A⁺} t_i] / n̂^P

    (t_i as in :func:`pueval.aul_pu_score`): numerator and denominator are unbiased for Σ_P t_i and n^P, so
    Â is consistent. Its variance by linearizing the ratio, the audit a sample without replacement from U:
    (n^U)²·(1 − m/n^U)·s_z²/m / n̂^P², s_z² the sample variance of z_j = y_j·(t_j − Â) over the audited rows.

    **A test of SCAR**: under SCAR the labeled rows and the audited positives are samples of the same
    positives, so their t-values are exchangeable; ``scar_p_value`` is the two-sided Mann–Whitney test
    (exact for small samples without ties, SciPy's ``mannwhitneyu``), None with fewer than one audited
    positive. ``bias`` = AUL^PU − Â estimates how far AUL^PU alone is off.

    Parameters
    ----------
    labels, scores : arrays of shape (n,)
        As in :func:`pueval.aul_pu_score`.
    audited : array of shape (n,)
        1 (positive) or 0 (negative) on the audited rows, a simple random sample of the unlabeled rows; NaN
        elsewhere.
    level : float, default 0.95
    pos_label : default 1

    Returns
    -------
    AuditedAUL

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(4000) < 0.4
    >>> scores = y + rng.normal(size=4000)
    >>> labels = y & (rng.random(4000) < 0.4 / (1 + np.exp(-2 * scores)))  # the easy positives labeled more
    >>> audit = np.full(4000, np.nan)
    >>> rows = rng.choice(np.flatnonzero(~labels), 300, replace=False)
    >>> audit[rows] = y[rows]
    >>> found = aul_pu_audit(labels, scores, audit)
    >>> found.bias > 0, found.scar_p_value < 0.05  # AUL^PU over-states the AUL, and SCAR is rejected
    (True, True)
    """
    from scipy.stats import beta, mannwhitneyu

    level = check_level(level)
    labeled, scores = check_pu(labels, scores, pos_label=pos_label)
    audit = _checked_audit(audited, labeled)
    _check_random_audit(audit, labeled, scores)
    warn_degenerate(labeled, scores)
    t = metrics.t_values(scores)
    seen = ~np.isnan(audit)
    y, t_audit = audit[seen], t[seen]
    n, n_labeled, m = int(labeled.size), int(labeled.sum()), int(seen.sum())
    n_unlabeled, m_positive = n - n_labeled, int(y.sum())
    theta = m_positive / m
    n_positive = n_labeled + theta * n_unlabeled
    aul = float((t[labeled].sum() + n_unlabeled / m * (t_audit * y).sum()) / n_positive)
    z = y * (t_audit - aul)
    se = n_unlabeled * np.sqrt((1 - m / n_unlabeled) * z.var(ddof=1) / m) / n_positive
    tail = (1 - level) / 2
    theta_ci = (float(beta.ppf(tail, m_positive, m - m_positive + 1)) if m_positive else 0.0,
                float(beta.ppf(1 - tail, m_positive + 1, m - m_positive)) if m_positive < m else 1.0)
    alpha = n_positive / n
    auc = (aul - alpha / 2) / (1 - alpha) if alpha < 1 else None
    scar = None
    if m_positive:
        scar = float(mannwhitneyu(t[labeled], t_audit[y == 1], alternative="two-sided").pvalue)
    else:
        warnings.warn("audited: no audited row is positive, so SCAR cannot be tested", PropensityWarning, stacklevel=3)
    return AuditedAUL(aul=aul, ci=normal_interval(aul, float(se), level, 0.0, 1.0), theta=theta, theta_ci=theta_ci,
                      auc=float(auc) if auc is not None and 0 <= auc <= 1 else None, n=n, n_labeled=n_labeled,
                      n_audited=m, n_audited_positive=m_positive, scar_p_value=scar,
                      bias=float(t[labeled].mean() - aul), level=level)
