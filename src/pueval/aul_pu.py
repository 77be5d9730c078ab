"""AUL^PU of a user's own scores, with a confidence interval that needs no class prior.

Theorem 1 of the AUL paper: with t_i = (1/n) Σ_j S(g(x_i), g(x_j)) (the share of all rows that row
i outranks, ties and itself counting ½), AUL^PU is the mean of t over the labeled rows, a sample
drawn without replacement from the positives under SCAR, so

    Var[AUL^PU] = (n^P − n^L)/(n^P − 1) · σ²/n^L.

t_i depends on the scores alone, never on the labels, so σ² is estimated from the labeled rows'
t-values without a prior. The finite-population factor needs n^P, which is unknown without a prior:
:func:`aul_pu_interval` drops it (factor 1 ≥ the true one), which makes the normal interval
conservative, most at large β = n^L/n^P. A bootstrap over the labeled rows is offered beside it.

Two models scored on the same rows (:func:`aul_pu_difference`): on one PU set
AUL^PU = n_L/(2n) + (n_U/n)·AUC^PU, and in the population AUL = α/2 + (1 − α)·AUC, so the sign of
ΔAUL is the sign of ΔAUC. ΔAUL^PU is the mean over the labeled rows of the paired differences
d_i = t_i^A − t_i^B, again a sample of the positives, so Theorem 1's argument gives a prior-free
interval for ΔAUL and a test of "no difference".

Labels may take any two values: ``pos_label`` (default 1) names the labeled class, as in
scikit-learn, and ``y_true``/``y_score`` work as keyword names.
"""

from __future__ import annotations

import math
import os
import warnings
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from typing import Literal
from statistics import NormalDist

import numpy as np
from numpy.typing import ArrayLike

from pueval import metrics
from pueval.extras import require
from pueval.metrics import labeled_t_values, paired_t_values
from pueval.propensity import hajek, labeled_weights, normal_interval
from pueval.validation import (ArgumentError, DegenerateScoresWarning, PosLabel, check_integer, check_level,
                               check_pu, check_random_state, check_sample_weight, check_scores, sklearn_names,
                               warn_degenerate)

INTERVAL_METHODS = ("normal", "bootstrap")
MAX_BOOT = 10_000_000
"""The most resamples :func:`aul_pu_interval`'s bootstrap takes (refused above, before any work)."""
N_BOOT = 2000
"""The bootstrap's resamples unless told."""
MIN_BOOTSTRAP_DISTINCT = 10
"""Below this many distinct labeled t-values the bootstrap interval warns (:class:`DegenerateScoresWarning`)."""
BOOTSTRAP_CHUNK = 1 << 22  # resampled entries held at once per thread (32 MB of indices): the memory bound

__all__ = ["aul_pu_score", "aul_pu_interval", "aul_pu_difference", "aul_pu_scorer", "PairedDifference",
           "DegenerateScoresWarning"]


@sklearn_names
def aul_pu_score(labels: ArrayLike, scores: ArrayLike, *, pos_label: PosLabel = 1,
                 propensity: ArrayLike | None = None, sample_weight: ArrayLike | None = None) -> float:
    """AUL^PU (Eq. 4): P(score of a labeled row > score of any row), ties count ½.

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels of two values: ``pos_label`` for a labeled positive, the other value for an
        unlabeled row (0/1, 1/−1, bool or text). ``y_true=`` names it too.
    scores : array of shape (n,)
        The model's scores (higher = more positive). ``y_score=`` names it too.
    pos_label : int, float, bool or str, default 1
        The value of ``labels`` that marks a labeled row.
    propensity : array of shape (n,), optional
        Labels not selected at random: each row's e_i = P(labeled | positive, x_i), in (0, 1] on the labeled
        rows (relative values suffice). The estimate is then the Hájek mean Σ_L t_i/e_i / Σ_L 1/e_i
        (:mod:`pueval.propensity`; :func:`pueval.propensity.aul_pu_weighted` gives it with n_eff and more).
    sample_weight : array of shape (n,), optional
        scikit-learn's row weights (≥ 0): each row counts w_i times, in the t-values (the weighted share of
        the rows a row outranks, :func:`pueval.metrics.weighted_t_values`) and in their mean over the labeled
        rows. Equal weights give the unweighted value. Not with ``propensity``.

    Returns
    -------
    float
        The mean of the labeled rows' t-values; unbiased for the AUL under SCAR (Theorem 1). With
        ``propensity``, their weighted mean, consistent for the AUL under SAR with those propensities.

    Warns
    -----
    DegenerateScoresWarning
        Every score is equal, or every labeled row has the same score.

    Examples
    --------
    The paper's Figure 1a (20 rows, 5 labeled):

    >>> scores = [0.92, 0.82, 0.73, 0.66, 0.6, 0.58, 0.54, 0.5, 0.45, 0.43,
    ...           0.41, 0.39, 0.38, 0.36, 0.35, 0.3, 0.25, 0.2, 0.15, 0.1]
    >>> labels = [1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0]
    >>> round(aul_pu_score(labels, scores), 4)  # t = 0.975, 0.825, 0.675, 0.475, 0.125
    0.615

    pulearn's labels (1 labeled, −1 unlabeled) and scikit-learn's keyword names:

    >>> round(aul_pu_score(y_true=[2 * v - 1 for v in labels], y_score=scores), 4)
    0.615
    """
    if sample_weight is not None:
        if propensity is not None:
            raise ArgumentError("sample_weight", "and propensity together are not supported; give one")
        w, t = _weighted_labeled_t(labels, [scores], sample_weight, pos_label)
        return float(np.average(t, weights=w))
    if propensity is None:
        return float(labeled_t_values(labels, scores, pos_label=pos_label).mean())
    return hajek(labels, scores, propensity, pos_label=pos_label).estimate


def bootstrap_threads() -> int:
    """Threads the bootstrap draws its blocks on: the processors this process may run on, at most 4."""
    try:
        return max(1, min(4, len(os.sched_getaffinity(0))))
    except AttributeError:  # no sched_getaffinity (macOS, Windows)
        return max(1, min(4, os.cpu_count() or 1))


def bootstrap_means(values: np.ndarray, n_boot: int, rng: np.random.Generator, *,
                    threads: int | None = None) -> np.ndarray:
    """The means of ``n_boot`` resamples (with replacement) of ``values``, in blocks of at most
    :data:`BOOTSTRAP_CHUNK` resampled entries (bounded memory, per thread): block k holds resamples
    ``k·r … (k+1)·r − 1`` (r = ``BOOTSTRAP_CHUNK // m`` resamples of m values), drawn as
    ``children[k].integers(0, m, (r, m))`` with ``children = rng.spawn(blocks)``. Each block has its own stream,
    so the blocks run on ``threads`` threads (default :func:`bootstrap_threads`; NumPy releases the GIL while it
    draws, gathers and sums) and the means are the same whatever their number."""
    m = values.size
    rows = max(1, BOOTSTRAP_CHUNK // m)
    starts = range(0, n_boot, rows)
    children = rng.spawn(len(starts))
    means = np.empty(n_boot)

    def block(start: int, child: np.random.Generator) -> None:
        stop = min(start + rows, n_boot)
        means[start:stop] = values[child.integers(0, m, (stop - start, m))].mean(axis=1)

    workers = min(threads or bootstrap_threads(), len(starts))
    if workers == 1:
        for start, child in zip(starts, children):
            block(start, child)
    else:
        with ThreadPoolExecutor(workers) as pool:
            list(pool.map(block, starts, children))
    return means


@sklearn_names
def aul_pu_interval(labels: ArrayLike, scores: ArrayLike, level: float = 0.95, *,
                    method: Literal["normal", "bootstrap"] = "normal",
                    n_boot: int = N_BOOT, random_state: int | np.random.Generator | None = None,
                    pos_label: PosLabel = 1, propensity: ArrayLike | None = None,
                    relative: bool = True, sample_weight: ArrayLike | None = None) -> tuple[float, float]:
    """A confidence interval for the AUL from PU data, without a class prior.

    ``method="normal"``: AUL^PU ± z·s/√n^L, s² the sample variance of the labeled rows' t-values
    (Theorem 1 without its finite-population factor, so conservative). ``method="bootstrap"``:
    the ``level`` percentile interval of the mean of ``n_boot`` resamples of the labeled t-values,
    drawn in chunks (memory bounded whatever n^L). Both are clipped to [0, 1]. ``labels`` and
    ``pos_label`` as in :func:`aul_pu_score`.

    With ``propensity`` (as in :func:`aul_pu_score`): the normal interval of the weighted estimate from its
    linearized variance (:mod:`pueval.propensity`), for ``relative`` propensities (the default, conservative)
    or absolute ones (``relative=False``, Theorem 1's finite-population factor restored at e ≡ c). The
    bootstrap is not offered with propensities.

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows (at least two).
    scores : array of shape (n,)
        The model's scores, higher meaning more likely positive.
    level : float, default 0.95
        The interval's confidence level.
    method : {"normal", "bootstrap"}, default "normal"
    n_boot : int, default 2000
        Resamples of the bootstrap (from 100 to 10⁷), drawn in blocks on threads (:func:`bootstrap_means`).
    random_state : int, numpy Generator or None
        Seeds the bootstrap; None draws fresh entropy.
    pos_label : default 1
    propensity : array of shape (n,), optional
        Each labeled row's labeling propensity (:mod:`pueval.propensity`).
    relative : bool, default True
        Whether ``propensity`` holds relative values (only their ratios matter) or absolute ones.
    sample_weight : array of shape (n,), optional
        scikit-learn's row weights, read as frequencies (row i counts w_i times, as in :func:`aul_pu_score`): the
        normal interval of the weighted mean of the weighted t-values, with Σ_L w labeled rows and the weighted
        variance Σ_L w (t − m)²/(Σ_L w − 1), so that integer weights give the interval of the repeated rows.
        Not with ``propensity`` or the bootstrap.

    Returns
    -------
    (float, float)
        The interval's ends, within [0, 1].

    Examples
    --------
    >>> scores = np.linspace(0, 1, 200)
    >>> labels = np.where(np.arange(200) % 4 == 0, 1, -1)
    >>> low, high = aul_pu_interval(labels, scores)
    >>> low < aul_pu_score(labels, scores) < high
    True
    """
    level = check_interval_options(level, method, n_boot)
    if sample_weight is not None:
        if propensity is not None or method != "normal":
            raise ArgumentError("sample_weight", "is taken by the normal interval without propensity only")
        mean, se = _weighted_mean_se(*_weighted_labeled_t(labels, [scores], sample_weight, pos_label))
        return normal_interval(mean, se, level, 0.0, 1.0)
    if propensity is not None:
        if method != "normal":
            raise ValueError("method: with propensity only the normal interval is offered, got 'bootstrap'")
        return hajek(labels, scores, propensity, level=level, relative=relative, pos_label=pos_label).ci
    return interval_from_t(labeled_t_values(labels, scores, pos_label=pos_label), level, method, n_boot=n_boot,
                           random_state=random_state)


def check_interval_options(level: float, method: str, n_boot: int) -> float:
    """The checked ``level`` of :func:`aul_pu_interval`, after its ``method`` and ``n_boot``."""
    level = check_level(level)
    if method not in INTERVAL_METHODS:
        raise ValueError(f"method must be one of {INTERVAL_METHODS}, got {method!r}")
    check_integer(n_boot, "n_boot", 100, MAX_BOOT)
    return level


def interval_from_t(t: np.ndarray, level: float, method: str, *, n_boot: int = N_BOOT,
                    random_state: int | np.random.Generator | None = None) -> tuple[float, float]:
    """:func:`aul_pu_interval` (without propensities or weights) from the labeled rows' t-values ``t``, for a
    caller that holds them already and has checked its options with :func:`check_interval_options`."""
    if method == "normal":
        half = NormalDist().inv_cdf(0.5 + level / 2.0) * t.std(ddof=1) / np.sqrt(t.size)
        low, high = t.mean() - half, t.mean() + half
    else:
        distinct = np.unique(t).size
        if distinct < MIN_BOOTSTRAP_DISTINCT:
            warnings.warn(f"the bootstrap resamples {distinct} distinct labeled t-values (fewer than "
                          f"{MIN_BOOTSTRAP_DISTINCT}): its percentile interval is coarse; the normal interval is "
                          "the one to report", DegenerateScoresWarning, stacklevel=3)
        means = bootstrap_means(t, n_boot, check_random_state(random_state))
        low, high = np.quantile(means, [0.5 - level / 2.0, 0.5 + level / 2.0])
    return float(max(low, 0.0)), float(min(high, 1.0))


def _weighted_labeled_t(labels, columns, sample_weight, pos_label) -> tuple[np.ndarray, ...]:
    """(the labeled rows' weights, then each column's weighted t-values of the labeled rows), the arguments checked
    and degenerate scores warned of (:func:`pueval.metrics.weighted_t_values`)."""
    labeled, first = check_pu(labels, columns[0], pos_label=pos_label)
    checked = [first] + [check_scores(c, labeled.size, "scores_b") for c in columns[1:]]
    weights = check_sample_weight(sample_weight, labeled)
    for column in checked:
        warn_degenerate(labeled, column)
    return (weights[labeled], *(metrics.weighted_t_values(c, weights)[labeled] for c in checked))


def _weighted_mean_se(w: np.ndarray, values: np.ndarray) -> tuple[float, float]:
    """The frequency-weighted mean of ``values`` and its standard error √(Σ w (v − m)²/(Σw − 1)/Σw): the mean and
    Theorem 1's standard error of the rows repeated w_i times."""
    total = float(w.sum())
    if total <= 1.0:
        raise ArgumentError("sample_weight", f"the labeled rows' weights sum to {total:g}: need more than 1")
    mean = float(w @ values / total)
    return mean, math.sqrt(float(w @ (values - mean) ** 2) / (total - 1.0) / total)


@dataclass(frozen=True)
class PairedDifference:
    """Model A against model B on one PU set (:func:`aul_pu_difference`)."""

    n: int
    n_labeled: int
    aul_pu_a: float
    aul_pu_b: float
    difference: float  #: AUL^PU(A) − AUL^PU(B), unbiased for AUL(A) − AUL(B) = (1 − α)·(AUC(A) − AUC(B))
    ci: tuple[float, float]  #: the ``level`` interval of the difference, prior-free
    p_value: float  #: two-sided, for "no difference" (equal AUL, hence equal AUC)
    level: float
    n_eff: float | None = None  #: with ``propensity``: Kish's effective number of labeled rows

    def as_dict(self) -> dict:
        """The JSON keys of ``pueval compare``: n, n_labeled, aul_pu_a, aul_pu_b, difference,
        difference_ci, p_value, level."""
        out = asdict(self)
        ci = list(out.pop("ci"))
        return {key: out[key] for key in ("n", "n_labeled", "aul_pu_a", "aul_pu_b", "difference")} | \
            {"difference_ci": ci, "p_value": out["p_value"], "level": out["level"]}


@sklearn_names
def aul_pu_difference(labels: ArrayLike, scores_a: ArrayLike, scores_b: ArrayLike, *, level: float = 0.95,
                      pos_label: PosLabel = 1, propensity: ArrayLike | None = None, relative: bool = True,
                      sample_weight: ArrayLike | None = None) -> PairedDifference:
    """Is model A better than model B? A paired, prior-free interval for ΔAUL = AUL(A) − AUL(B).

    Both models score the same n rows. With d_i = t_i^A − t_i^B the paired difference of a labeled
    row's t-values (Theorem 1's t_i, one per model), ΔAUL^PU = mean_L d_i, and under SCAR the labeled
    rows are a sample of the positives, so Var[ΔAUL^PU] = (n^P − n^L)/(n^P − 1)·σ_d²/n^L (Theorem 1
    for the paired mean). As :func:`aul_pu_interval`, the interval drops the finite-population factor
    (conservative): ΔAUL^PU ± z·s_d/√n^L, clipped to [−1, 1]; the p-value is the two-sided normal
    test of ΔAUL = 0. Since AUL = α/2 + (1 − α)·AUC, ΔAUL has the sign of ΔAUC: an interval that
    excludes 0 says which model has the higher true AUC, with no prior.

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels of two values, ``pos_label`` marking the labeled rows (``y_true=`` names it too).
    scores_a, scores_b : arrays of shape (n,)
        The two models' scores of the same rows, in the same order.
    level : float, default 0.95
    pos_label : default 1
    propensity : array of shape (n,), optional
        Labels not selected at random (as in :func:`aul_pu_score`): every mean over the labeled rows becomes
        the Hájek mean with weights 1/e_i, and the standard error its linearized one (:mod:`pueval.propensity`).
    relative : bool, default True
        With ``propensity``: only their ratios are trusted (conservative variance), or absolute (False).
    sample_weight : array of shape (n,), optional
        Row weights read as frequencies (as in :func:`aul_pu_interval`): the weighted t-values of both models,
        their paired differences' weighted mean and standard error. Not with ``propensity``.

    Returns
    -------
    PairedDifference
        ``difference``, ``ci``, ``p_value``, ``aul_pu_a``, ``aul_pu_b``, ``n``, ``n_labeled``, ``level``.

    Warns
    -----
    DegenerateScoresWarning
        A model's scores are all equal or tie every labeled row, or the paired differences do not vary
        (the interval then has width 0 and the p-value is 1 for a zero difference, 0 otherwise).

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(2000) < 0.4
    >>> labels = np.where(y & (rng.random(2000) < 0.3), 1, -1)
    >>> better, worse = y + rng.normal(0, 0.5, 2000), y + rng.normal(0, 1.5, 2000)
    >>> result = aul_pu_difference(labels, better, worse)
    >>> result.difference > 0, result.ci[0] > 0, result.p_value < 0.001
    (True, True, True)
    """
    level = check_level(level)
    if sample_weight is not None:
        if propensity is not None:
            raise ArgumentError("sample_weight", "and propensity together are not supported; give one")
        w, t_a, t_b = _weighted_labeled_t(labels, [scores_a, scores_b], sample_weight, pos_label)
        difference, se = _weighted_mean_se(w, t_a - t_b)
        return paired_result(int(np.size(labels)), int(w.size), float(w @ t_a / w.sum()), float(w @ t_b / w.sum()),
                              difference, se, level, None)
    labeled, t_a, t_b = paired_t_values(labels, scores_a, scores_b, pos_label=pos_label)
    weights = None if propensity is None else labeled_weights(propensity, labeled, relative=relative)
    mean_a, mean_b, difference, se, n_eff = paired_moments(t_a, t_b, weights)
    return paired_result(int(labeled.size), int(labeled.sum()), mean_a, mean_b, difference, se, level, n_eff)


def paired_moments(t_a: np.ndarray, t_b: np.ndarray, weights=None) -> tuple[float, float, float, float, float | None]:
    """(AUL^PU of A, of B, their difference, its standard error, n_eff) from the labeled rows' t-values of two
    models: :func:`aul_pu_difference`'s estimate, plain or, with ``weights`` (:func:`pueval.propensity.
    labeled_weights`), the Hájek means and the linearized variance (n_eff None without weights)."""
    d = t_a - t_b
    if weights is None:
        return float(t_a.mean()), float(t_b.mean()), float(d.mean()), float(d.std(ddof=1) / np.sqrt(d.size)), None
    difference = weights.mean(d)
    return (weights.mean(t_a), weights.mean(t_b), difference, float(np.sqrt(weights.variance(d, difference))),
            weights.n_eff)


def paired_result(n: int, n_labeled: int, mean_a: float, mean_b: float, difference: float, se: float, level: float,
                   n_eff: float | None) -> PairedDifference:
    """The :class:`PairedDifference` of an estimated difference and its standard error: the normal interval and the
    two-sided p-value of "no difference" (a warning when the differences do not vary)."""
    if se == 0.0:
        warnings.warn("the paired differences of the labeled rows' t-values do not vary (e.g. the two models "
                      "rank the rows alike): the interval has width 0", DegenerateScoresWarning, stacklevel=3)
        p_value = 1.0 if difference == 0.0 else 0.0
    else:
        p_value = math.erfc(abs(difference) / se / math.sqrt(2.0))  # 2Φ(−|z|), exact in the far tail
    return PairedDifference(n=n, n_labeled=n_labeled, aul_pu_a=mean_a, aul_pu_b=mean_b, difference=difference,
                            ci=normal_interval(difference, se, level, -1.0, 1.0), p_value=p_value, level=level,
                            n_eff=n_eff)


def aul_pu_scorer(*, pos_label: PosLabel = 1) -> Callable:
    """A scikit-learn scorer of AUL^PU, for model selection on PU data (``GridSearchCV(scoring=...)``).

    The target passed to ``fit`` is the PU label (``pos_label`` labeled, the other value unlabeled);
    the estimator's ``decision_function`` or ``predict_proba`` gives the scores.

    What it selects: on one validation set AUL^PU = n_L/(2n) + (n_U/n)·AUC^PU, an increasing affine
    function of ``scoring="roc_auc"`` on the same PU labels. So on each fold it ranks candidate models
    exactly as ``roc_auc`` does (and over folds too when every fold holds the same n_L and n), and it
    picks the same model. What it adds is the value: an unbiased estimate of the true AUL under SCAR
    (Theorem 1), where ``roc_auc`` on PU labels gives AUC^PU, biased towards ½ by an unknown prior.

    Parameters
    ----------
    pos_label : default 1
        The label of a labeled row in the target passed to ``fit`` and to the scorer.

    Returns
    -------
    callable
        A scorer ``scorer(estimator, X, y)`` (scikit-learn's ``make_scorer``), which takes ``sample_weight``
        through metadata routing (``set_score_request``).

    Examples
    --------
    >>> from sklearn.linear_model import LogisticRegression
    >>> X = np.r_[np.zeros((40, 1)), np.ones((60, 1))] + np.linspace(0, 0.5, 100)[:, None]
    >>> s = np.r_[np.zeros(40), np.arange(60) % 3 == 0].astype(int)
    >>> model = LogisticRegression().fit(X, s)
    >>> 0.5 < aul_pu_scorer()(model, X, s) <= 1.0
    True
    """
    make_scorer = require("sklearn.metrics", "aul_pu_scorer").make_scorer

    return make_scorer(aul_pu_score, response_method=("decision_function", "predict_proba"), pos_label=pos_label)
