"""Operating points without a prior: a threshold with a recall guarantee, a bracket on precision, and the audit
that closes it; and a check of a model's probabilities against PU labels.

**Recall needs no prior.** Under SCAR the labeled rows are a random sample of the positives, so the recall of
a threshold τ (the share of positives scored at or above it) is estimated by the share of labeled rows at or
above it, and its sampling law is exact: with n^L labeled scores and τ their j-th smallest, k = n^L − j + 1 of
them at or above τ, the true recall R(τ) is 1 − U_(j) with U_(j) ~ Beta(j, n^L − j + 1) (the j-th order
statistic of n^L uniforms; continuous scores), so R(τ) ~ Beta(k, n^L − k + 1) and

    P(R(τ) ≥ r) = P(Binomial(n^L, r) ≤ k − 1),

the Clopper–Pearson lower bound at k of n^L. :func:`operating_point` returns the highest threshold whose
lower bound at ``level`` reaches ``target_recall``; ties in the scores only raise the recall of a threshold,
so the guarantee holds, conservatively, for discrete scores too. With labels not selected at random the
labeled rows are no such sample: ``propensity=`` weights each by 1/e (their Hájek share at or above τ) and
``audited=`` adds the audited unlabeled positives, each standing for n^U/m unlabeled rows; the bound is then
the normal one of the weighted share, with its linearized variance Σ w²(1[s ≥ τ] − R̂)²/(Σ w)²: an
approximation (said in ``guarantee``), poorer the fewer effective rows the weights leave.

**Precision is bracketed.** Precision at τ is α·R/q (α the share of positives among all rows, q the share of
rows flagged, observed). Every labeled row is positive, so the labeled share of the flagged rows is a lower
bound that needs nothing; the upper end takes α at its largest, (n^L + θ_max·n^U)/n, and R at its interval's
upper end: θ_max is the upper end of ``theta_interval`` when given, else of the audit's θ̂ (Clopper–Pearson)
with ``audited=``, else the ranking's bound 2(1 − AUC^PU) at AUC^PU's lower confidence limit (DeLong), which
holds under SCAR only (with ``propensity=`` and neither, the upper end is 1). The upper end is 1 whenever the
ranking allows that many positives: a weak model, or few labeled rows.

**The bracket's level.** Its lower end holds always (every labeled row is positive). Its upper end holds when θ ≤
θ_max and R ≤ R_high: with the ranking's bound (one-sided at ``level``) and the recall interval's upper end (its
upper tail (1 − level)/2), with probability at least 1 − 1.5·(1 − level) by the union bound (0.925 at 0.95), and
jointly with the recall guarantee at least 1 − 2.5·(1 − level) (0.875); with ``theta_interval``, replace the
bound's 1 − level by the interval's own. On a weak model or few labeled rows the upper end is 1, and the bracket
says nothing a reader did not know.

**With a prior, an estimate.** Given θ (``theta=``, e.g. an estimator's θ̂), precision at τ is estimated by
α(θ)·R̂/q, α(θ) = (n^L + θ·n^U)/n; given an interval for θ (``theta_interval=``, e.g. BBE's own), the precision
interval [α(θ_low)·R_low/q, α(θ_high)·R_high/q], within the bracket, holds when θ and R are in their intervals:
with probability at least 1 − (1 − the θ interval's level) − (1 − level) (0.85 with BBE's 90 % interval at 0.95).

**The audit closes it.** Only the flagged unlabeled rows are in doubt: auditing m of those N at random gives
their positive share π̂ and precision (n^L_flagged + π̂·N)/n_flagged, with a finite-population interval.
:meth:`OperatingPoint.audit_size` gives the m whose interval has at most a given width (normal with the
finite-population factor, π at its worst, ½).
"""

from __future__ import annotations

import math
import warnings
from dataclasses import asdict, dataclass
from statistics import NormalDist

import numpy as np
from numpy.typing import ArrayLike

from pueval import metrics
from pueval.multitest import holm
from pueval.validation import (ArgumentError, PosLabel, carries_warnings, check_fraction, check_integer, check_level,
                               check_pu, check_sample_weight, is_real, sklearn_names)

__all__ = ["operating_point", "operating_points", "operating_curve", "OperatingPoint", "audited_precision",
           "audit_size", "calibration_check", "CalibrationCheck", "CalibrationWarning"]


class CalibrationWarning(UserWarning):
    """Probabilities that behave as P(labeled | x), not P(positive | x) (:func:`calibration_check`)."""


@dataclass(frozen=True)
class OperatingPoint:
    """A threshold with its recall guarantee and precision bracket (:func:`operating_point`)."""

    threshold: float  #: flag the rows scored at or above it
    target_recall: float
    level: float
    guarantee: str  #: the law the recall bound rests on: exact (order statistics) or approximate (weighted)
    recall_estimate: float  #: the (weighted) share of the known positives at or above the threshold
    recall_interval: tuple[float, float]  #: the ``level`` interval of the true recall at the threshold
    n: int
    n_labeled: int
    n_flagged: int
    n_flagged_labeled: int
    flagged_share: float  #: q, observed
    precision_bracket: tuple[float, float]  #: (labeled share of the flagged, α_max·R_high/q capped at 1)
    theta_max: float  #: the largest θ the upper end allows, and where it comes from (``theta_max_source``)
    theta_max_source: str
    precision_estimate: float | None = None  #: with ``theta=``: α(θ)·R̂/q, within the bracket
    precision_interval: tuple[float, float] | None = None  #: with ``theta_interval=``: from θ's and R's intervals
    n_audited_flagged: int | None = None  #: with ``audited=``: audited rows among the flagged unlabeled ones
    audited_precision: float | None = None
    audited_precision_interval: tuple[float, float] | None = None
    warnings: tuple[str, ...] = ()  #: the messages of the warnings raised while computing it

    @property
    def n_flagged_unlabeled(self) -> int:
        return self.n_flagged - self.n_flagged_labeled

    def audit_size(self, width: float, level: float | None = None) -> int:
        """How many flagged *unlabeled* rows to audit at random for precision's ``level`` interval (default:
        this point's level) to be at most ``width`` wide, whatever their positive share: the least m with
        2·z·√(¼/m · (N − m)/(N − 1))·N/n_flagged ≤ width (N the flagged unlabeled rows; 0 when N is 0, all N
        when even a full audit is not narrower, which it always is: width 0).

        Examples
        --------
        >>> point = OperatingPoint(0.5, 0.9, 0.95, "exact", 0.9, (0.85, 0.95), 1000, 100, 400, 90, 0.4,
        ...                        (0.225, 1.0), 1.0, "the ranking's bound")
        >>> point.audit_size(0.1)
        133
        """
        width = float(width)
        if not is_real(width) or not 0.0 < width <= 1.0:
            raise ArgumentError("width", f"must lie in (0, 1], got {width!r}")
        level = self.level if level is None else check_level(level)
        return audit_size(self.n_flagged_unlabeled, self.n_flagged, width, level)

    def as_dict(self, *, warnings: bool = True) -> dict:
        """Every field, ``n_flagged_unlabeled``, and ``warnings`` last (unless ``warnings=False``)."""
        fields = asdict(self)
        found = fields.pop("warnings")
        return fields | {"n_flagged_unlabeled": self.n_flagged_unlabeled} | ({"warnings": found} if warnings else {})


def audit_size(unlabeled_flagged: int, flagged: int, width: float, level: float) -> int:
    """:meth:`OperatingPoint.audit_size` from the counts: m = ⌈N / (1 + c·(N − 1))⌉, c = (w·F/(2zN))²/¼."""
    if unlabeled_flagged == 0:
        return 0
    z = NormalDist().inv_cdf(0.5 + level / 2.0)
    if unlabeled_flagged == 1:
        return 1
    c = (width * flagged / (2.0 * z * unlabeled_flagged)) ** 2 / 0.25
    return int(min(unlabeled_flagged, math.ceil(unlabeled_flagged / (1.0 + c * (unlabeled_flagged - 1)) - 1e-9)))


def _positive_sample(labeled: np.ndarray, scores: np.ndarray, propensity, audited, relative: bool,
                     counts: np.ndarray | None = None):
    """(scores, weights, guarantee, audit) of the known positives the recall is read from: the labeled rows
    (weights 1, SCAR; each its count with ``counts``, frequency weights), weighted by 1/e (``propensity``), or with
    the audited positives (weight n^U/m)."""
    from pueval.propensity import _check_random_audit, _checked_audit, labeled_weights

    if propensity is not None and audited is not None:
        raise ArgumentError("audited", "give propensity or audited, not both")
    if propensity is not None:
        weights = labeled_weights(propensity, labeled, relative=relative)
        return scores[labeled], weights.scaled, f"approximate (weighted by 1/e, normal; Kish n_eff = {weights.n_eff:.0f})", None
    if audited is not None:
        audit = _checked_audit(audited, labeled)
        _check_random_audit(audit, labeled, scores)
        seen = ~np.isnan(audit)
        positive = seen & (audit == 1)
        if not positive.any():
            raise ArgumentError("audited", "no audited row is positive: the audit says nothing of the recall")
        factor = (labeled.size - labeled.sum()) / seen.sum()
        rows = labeled | positive
        weights = np.where(labeled[rows], 1.0, factor)
        n_eff = weights.sum() ** 2 / (weights ** 2).sum()
        return (scores[rows], weights, f"approximate (labeled rows and audited positives, normal; Kish n_eff = {n_eff:.0f})",
                audit)
    if counts is not None:
        return scores[labeled], counts[labeled], "exact (order statistics of the labeled scores, each row counted " \
                                                 "its sample_weight)", None
    return scores[labeled], np.ones(int(labeled.sum())), "exact (order statistics of the labeled scores)", None


def _counts(sample_weight: ArrayLike, labeled: np.ndarray) -> np.ndarray:
    """``sample_weight`` as frequency weights: whole numbers ≥ 0 (the exact guarantee counts rows)."""
    weights = check_sample_weight(sample_weight, labeled)
    fractional = np.flatnonzero(weights != np.round(weights))
    if fractional.size:
        raise ArgumentError("sample_weight", f"operating_point's exact guarantee counts rows: the weights must be "
                                             f"whole numbers (frequency weights), got {weights[fractional[0]]:g} at "
                                             f"row {fractional[0]}")
    return weights


def _recall_curve(sample: np.ndarray, weights: np.ndarray, level: float, counts: bool = False):
    """(thresholds, recall estimates, lower bounds at ``level``, two-sided interval ends, sample size) at every
    distinct score of the positive sample, highest first: with equal weights the bound is Beta(k, n − k + 1)'s
    (1 − level) quantile, k of the n at or above the threshold (exact; with ``counts``, the weights are each row's
    count and k, n the counted rows); with other weights, normal (module docstring)."""
    from scipy.stats import beta

    order = np.argsort(-sample, kind="stable")
    ordered, w = sample[order], weights[order]
    ends = np.r_[np.flatnonzero(np.diff(ordered) != 0), ordered.size - 1]  # last row of each tie group
    total, n_eff = w.sum(), w.sum() ** 2 / (w * w).sum()
    recall = np.cumsum(w)[ends] / total
    tail = (1.0 - level) / 2.0
    if counts or np.all(w == w[0]):  # equal weights, or rows counted: the exact law of the order statistics
        n = total if counts else w.size
        k = recall * n
        low = beta.ppf(1.0 - level, k, n - k + 1.0)
        return ordered[ends], recall, low, (beta.ppf(tail, k, n - k + 1.0), beta.ppf(1.0 - tail, k, n - k + 1.0)), n
    # Weighted: the Hájek share's linearized variance, Σ w²(1[s ≥ τ] − R̂)² / (Σ w)², normal; from the cumulative
    # sums of w² above and below each threshold.
    squares = np.cumsum(w * w)[ends]
    variance = (squares * (1 - recall) ** 2 + (squares[-1] - squares) * recall ** 2) / total ** 2
    se = np.sqrt(variance)
    one, two = NormalDist().inv_cdf(level), NormalDist().inv_cdf(1.0 - tail)
    return (ordered[ends], recall, recall - one * se, (np.maximum(recall - two * se, 0.0),
                                                       np.minimum(recall + two * se, 1.0)), n_eff)


def _theta_max(labeled, scores, level, theta_interval, audit, propensity, counts=None) -> tuple[float, str]:
    if theta_interval is not None:
        if isinstance(theta_interval, (str, bytes)) or len(theta_interval) != 2 or \
                not all(is_real(v) for v in theta_interval) or not 0 <= theta_interval[0] <= theta_interval[1] <= 1:
            raise ArgumentError("theta_interval", f"must be (low, high) with 0 <= low <= high <= 1, got "
                                                  f"{theta_interval!r}")
        return float(theta_interval[1]), "theta_interval given"
    if audit is not None:
        from scipy.stats import beta

        y = audit[~np.isnan(audit)]
        m, positive = y.size, int(y.sum())
        high = 1.0 if positive == m else float(beta.ppf(1.0 - (1.0 - level) / 2.0, positive + 1, m - positive))
        return high, f"the audit's theta ({positive} of {m} audited rows positive, Clopper-Pearson)"
    if propensity is not None:
        return 1.0, "none (labels not selected at random: the ranking's bound needs SCAR)"
    auc_pu, se = (metrics.weighted_auc_pu(labeled, scores, counts) if counts is not None else
                  (metrics.auc(labeled, scores), metrics.auc_pu_standard_error(labeled, scores)))
    low_auc = auc_pu - NormalDist().inv_cdf(level) * se
    return metrics.theta_upper_bound(float(min(max(low_auc, 0.0), 1.0))), \
        f"the ranking's bound 2(1 - AUC^PU) at AUC^PU's lower {level:g} limit"


def audited_precision(labels: ArrayLike, scores: ArrayLike, threshold: float, audited: ArrayLike, *,
                      level: float = 0.95, pos_label: PosLabel = 1) -> tuple[int, float | None, tuple | None]:
    """The precision of flagging the rows scored at or above ``threshold``, from an audit of unlabeled rows:
    (audited flagged unlabeled rows m, the precision (n^L_flagged + π̂·N)/n_flagged, its ``level`` interval),
    π̂ the positive share of the m, N the flagged unlabeled rows; the interval is Wilson's for π at the effective
    size m·(N − 1)/(N − m) (the finite-population factor: exact when every flagged row is audited). (0, None,
    None) when no flagged unlabeled row is audited.

    Examples
    --------
    >>> labels = np.array([1, 1, 0, 0, 0, 0]); scores = np.array([5, 4, 3, 2, 1, 0])
    >>> audited_precision(labels, scores, 2, [np.nan, np.nan, 1, 0, np.nan, np.nan])
    (2, 0.75, (0.75, 0.75))
    """
    from pueval.propensity import _checked_audit

    level = check_level(level)
    labeled, scores = check_pu(labels, scores, pos_label=pos_label)
    if not is_real(threshold):
        raise ArgumentError("threshold", f"must be a number, got {threshold!r}")
    return _audited_precision(_checked_audit(audited, labeled), scores >= threshold, labeled, level)


def _checked_flagged_audit(flagged_audit: ArrayLike, labeled: np.ndarray, flagged: np.ndarray,
                           threshold: float) -> np.ndarray:
    """A flagged audit's true classes (as :func:`pueval.propensity._checked_audit` checks them, named
    ``flagged_audit``), every audited row among the flagged unlabeled ones."""
    from pueval.propensity import _checked_audit

    try:
        audit = _checked_audit(flagged_audit, labeled)
    except ArgumentError as error:
        raise ArgumentError("flagged_audit", error.message) from None
    below = ~np.isnan(audit) & ~flagged
    if below.any():
        raise ArgumentError("flagged_audit", f"{int(below.sum())} audited row(s) score below the threshold "
                                             f"{threshold:.6g}: a flagged audit samples the flagged unlabeled rows "
                                             "(for an audit of all unlabeled rows, give audited=)")
    return audit


def _audited_precision(audit, flagged, labeled, level) -> tuple[int, float | None, tuple | None]:
    """:func:`audited_precision` on checked arrays (``flagged`` the mask of the rows at or above the threshold)."""
    unlabeled_flagged = flagged & ~labeled
    seen = unlabeled_flagged & ~np.isnan(audit)
    m, big_n, f = int(seen.sum()), int(unlabeled_flagged.sum()), int(flagged.sum())
    if m == 0:
        return 0, None, None
    share = float(audit[seen].mean())
    known = int((flagged & labeled).sum())
    n_eff = m * (big_n - 1) / (big_n - m) if m < big_n else math.inf
    if math.isinf(n_eff):
        low_share = high_share = share
    else:
        z = NormalDist().inv_cdf(0.5 + level / 2.0)
        centre = (share + z * z / (2 * n_eff)) / (1 + z * z / n_eff)
        half = z * math.sqrt(share * (1 - share) / n_eff + z * z / (4 * n_eff * n_eff)) / (1 + z * z / n_eff)
        low_share, high_share = max(centre - half, 0.0), min(centre + half, 1.0)
    return m, (known + share * big_n) / f, ((known + low_share * big_n) / f, (known + high_share * big_n) / f)


@carries_warnings
@sklearn_names
def operating_point(labels: ArrayLike, scores: ArrayLike, *, target_recall: float = 0.9, level: float = 0.95,
                    pos_label: PosLabel = 1, propensity: ArrayLike | None = None, relative: bool = True,
                    audited: ArrayLike | None = None, flagged_audit: ArrayLike | None = None,
                    theta: float | None = None, theta_interval: tuple[float, float] | None = None,
                    sample_weight: ArrayLike | None = None) -> OperatingPoint:
    """The highest threshold whose true recall is at least ``target_recall`` with probability ``level``, without a
    class prior, with its recall interval, the prior-free bracket on its precision, and (with ``audited=``) the
    audited precision (module docstring: the laws, and when the bracket's upper end is 1).

    Parameters
    ----------
    labels, scores : arrays of shape (n,)
        As in :func:`pueval.aul_pu_score`.
    target_recall : float, default 0.9
        In (0, 1).
    level : float, default 0.95
        The probability of the recall guarantee, and the level of every interval.
    pos_label : default 1
    propensity : array of shape (n,), optional
        Each row's labeling propensity (as :func:`pueval.propensity.aul_pu_weighted`): the labeled rows weighted
        by 1/e; the guarantee is then approximate.
    relative : bool, default True
        With ``propensity``: only their ratios are known.
    audited : array of shape (n,), optional
        The true class of a simple random sample of the unlabeled rows (1/0), NaN elsewhere (as
        :func:`pueval.propensity.aul_pu_audit`): the recall from the labeled rows and the audited positives, and
        the audited precision. Refused when plainly not a random sample of the unlabeled rows (their scores
        against the others', rank-sum p < 10⁻⁶): an audit of the flagged rows is ``flagged_audit``.
    flagged_audit : array of shape (n,), optional
        The true class of a simple random sample of the *flagged* unlabeled rows (those at or above the threshold
        this call returns for the same arguments, the rows :meth:`OperatingPoint.audit_size` counts), NaN
        elsewhere: the audited precision and its interval (:func:`audited_precision`); the recall stays the
        labeled rows'. A row below the threshold, or labeled, is refused.
    theta : float, optional
        θ, the positive share among the unlabeled rows (e.g. an estimator's θ̂): precision estimated at it.
    theta_interval : (float, float), optional
        An interval for θ (e.g. BBE's own): its upper end bounds precision's, and both ends give the precision
        interval (module docstring: its level).
    sample_weight : array of shape (n,), optional
        Whole numbers ≥ 0, each row counted as that many rows (frequency weights): every count, the recall
        guarantee and the ranking's bound on θ those of the rows repeated; not with ``propensity``, ``audited``
        or ``flagged_audit``.

    Returns
    -------
    OperatingPoint

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(5000) < 0.3
    >>> scores = y + rng.normal(size=5000)
    >>> labels = y & (rng.random(5000) < 0.3)                      # SCAR
    >>> point = operating_point(labels, scores, target_recall=0.8)
    >>> bool(np.mean(scores[y] >= point.threshold) >= 0.8)         # the true recall reaches the target
    True
    >>> low, high = point.precision_bracket
    >>> bool(low <= np.mean(y[scores >= point.threshold]) <= high)
    True
    >>> theta = y[~labels].mean()
    >>> with_prior = operating_point(labels, scores, target_recall=0.8, theta=theta, theta_interval=(0.2, 0.3))
    >>> round(with_prior.precision_estimate, 2), round(float(np.mean(y[scores >= with_prior.threshold])), 2)
    (0.42, 0.42)
    """
    target = check_fraction(target_recall, "target_recall")
    if target == 0.0:
        raise ArgumentError("target_recall", "must lie in (0, 1), got 0.0")
    level = check_level(level)
    labeled, scores = check_pu(labels, scores, pos_label=pos_label)
    counts = None
    if sample_weight is not None:
        if propensity is not None or audited is not None or flagged_audit is not None:
            raise ArgumentError("sample_weight", "is taken alone, not with propensity, audited or flagged_audit")
        counts = _counts(sample_weight, labeled)
        kept = counts > 0  # a row counted 0 times is not there
        labeled, scores, counts = labeled[kept], scores[kept], counts[kept]
    if flagged_audit is not None and audited is not None:
        raise ArgumentError("flagged_audit", "give audited (a random audit of the unlabeled rows) or flagged_audit "
                                             "(of the flagged ones), not both")
    sample, weights, guarantee, audit = _positive_sample(labeled, scores, propensity, audited, relative, counts)
    thresholds, recall, low, (lows, highs), n_eff = _recall_curve(sample, weights, level, counts is not None)
    reached = np.flatnonzero(low >= target)
    if not reached.size:
        need = math.ceil(math.log(1.0 - level) / math.log(target))
        raise ArgumentError("target_recall", f"no threshold has recall {target:g} with probability {level:g}: the "
                                             f"{n_eff:.0f} (effective) known positives allow at most "
                                             f"{float(low[-1]):.3f}; an exact guarantee needs at least {need}")
    i = int(reached[0])
    threshold = float(thresholds[i])
    flagged = scores >= threshold
    rows = np.ones(scores.size) if counts is None else counts
    n, n_flagged = round(rows.sum()), round(rows[flagged].sum())
    n_labeled, flagged_labeled = round(rows[labeled].sum()), round(rows[flagged & labeled].sum())
    q = n_flagged / n
    theta_max, source = _theta_max(labeled, scores, level, theta_interval, audit, propensity, counts)
    lowest = flagged_labeled / n_flagged

    def precision(share: float, recall_at: float) -> float:  # α(θ)·R/q, within the bracket's possible range
        return float(min(1.0, max(lowest, (n_labeled + share * (n - n_labeled)) / n * recall_at / q)))

    bracket = (lowest, precision(theta_max, float(highs[i])))
    priors = {}
    if theta is not None:
        priors["precision_estimate"] = precision(check_fraction(theta, "theta"), float(recall[i]))
    if theta_interval is not None:
        priors["precision_interval"] = (precision(float(theta_interval[0]), float(lows[i])), bracket[1])
    audited_part = {}
    if flagged_audit is not None:
        audit = _checked_flagged_audit(flagged_audit, labeled, flagged, threshold)
    if audit is not None:
        m, precision, interval = _audited_precision(audit, flagged, labeled, level)
        audited_part = {"n_audited_flagged": m, "audited_precision": precision,
                        "audited_precision_interval": interval}
        if m == 0:
            warnings.warn("audited: no audited row is among the flagged unlabeled rows; precision stays bracketed",
                          UserWarning, stacklevel=2)
    return OperatingPoint(threshold=threshold, target_recall=target, level=level, guarantee=guarantee,
                          recall_estimate=float(recall[i]), recall_interval=(float(lows[i]), float(highs[i])),
                          n=n, n_labeled=n_labeled, n_flagged=n_flagged, n_flagged_labeled=flagged_labeled,
                          flagged_share=q, precision_bracket=bracket, theta_max=theta_max, theta_max_source=source,
                          **priors, **audited_part)


def operating_points(labels: ArrayLike, scores: ArrayLike, target_recalls=(0.5, 0.8, 0.9, 0.95), **options):
    """:func:`operating_point` at each of ``target_recalls`` (the same ``options``), one row each, as a pandas
    DataFrame (the columns of :meth:`OperatingPoint.as_dict`); a target no threshold reaches is a row of its
    own with the reason in ``refused``.

    Examples
    --------
    >>> rng = np.random.default_rng(1)
    >>> y = rng.random(3000) < 0.4
    >>> labels, scores = y & (rng.random(3000) < 0.3), y + rng.normal(size=3000)
    >>> table = operating_points(labels, scores, target_recalls=[0.5, 0.9])
    >>> bool(table["threshold"].is_monotonic_decreasing)
    True
    """
    import pandas as pd

    rows = []
    for target in target_recalls:
        try:
            rows.append(operating_point(labels, scores, target_recall=target, **options).as_dict())
        except ArgumentError as error:
            if error.argument != "target_recall":
                raise
            rows.append({"target_recall": target, "refused": str(error)})
    return pd.DataFrame(rows)


def operating_curve(labels: ArrayLike, scores: ArrayLike, *, level: float = 0.95, pos_label: PosLabel = 1,
                    theta_interval: tuple[float, float] | None = None):
    """Every threshold at a labeled score (highest first) with its recall estimate, recall lower bound at
    ``level`` (the guarantee, SCAR) and precision bracket, as a pandas DataFrame: what
    :func:`pueval.plots.plot_operating_points` draws.

    Examples
    --------
    >>> rng = np.random.default_rng(2)
    >>> y = rng.random(2000) < 0.4
    >>> curve = operating_curve(y & (rng.random(2000) < 0.3), y + rng.normal(size=2000))
    >>> bool((curve["recall_lower"] <= curve["recall_estimate"]).all())
    True
    """
    import pandas as pd

    level = check_level(level)
    labeled, scores = check_pu(labels, scores, pos_label=pos_label)
    thresholds, recall, low, (_, highs), _ = _recall_curve(scores[labeled], np.ones(int(labeled.sum())), level)
    theta_max, _ = _theta_max(labeled, scores, level, theta_interval, None, None)
    ordered = np.sort(scores)
    flagged = scores.size - np.searchsorted(ordered, thresholds, side="left")
    labeled_sorted = np.sort(scores[labeled])
    flagged_labeled = labeled_sorted.size - np.searchsorted(labeled_sorted, thresholds, side="left")
    n, n_labeled = scores.size, int(labeled.sum())
    alpha_max = (n_labeled + theta_max * (n - n_labeled)) / n
    return pd.DataFrame({"threshold": thresholds, "recall_estimate": recall, "recall_lower": low,
                         "flagged_share": flagged / n, "precision_low": flagged_labeled / flagged,
                         "precision_high": np.minimum(1.0, alpha_max * highs * n / flagged)})


@dataclass(frozen=True)
class CalibrationCheck:
    """Per score bin, the labeled share against the mean predicted probability (:func:`calibration_check`)."""

    bins: object  #: a pandas DataFrame: low, high, n, labeled_share, mean_probability, implied_c, p_value, above
    c: float  #: the implied labeling frequency, n^L / Σ p (under SCAR P(s = 1 | x) = c·P(y = 1 | x))
    c_interval: tuple[float, float]
    level: float
    looks_like_p_labeled: bool  #: c's interval holds 1: the probabilities behave as P(labeled | x)

    def as_dict(self) -> dict:
        return {"bins": self.bins.to_dict("records"), "c": self.c, "c_interval": self.c_interval,
                "level": self.level, "looks_like_p_labeled": self.looks_like_p_labeled}


@sklearn_names
def calibration_check(labels: ArrayLike, probabilities: ArrayLike, *, bins: int = 10, level: float = 0.95,
                      pos_label: PosLabel = 1) -> CalibrationCheck:
    """Whether a model's probabilities can be P(positive | x), checked against PU labels without a prior.

    Under SCAR P(labeled | x) = c·P(positive | x) with one c (the labeling frequency) for every x: in every bin of
    predicted probability the labeled share is c times the bin's positive share, so it can never exceed a
    calibrated probability, and the implied c (labeled share / mean probability) is the same in every bin. Per
    bin (equal-count bins of the probabilities): the labeled share, the mean probability, the implied c and the
    one-sided binomial p-value of "the labeled share is at most the mean probability", Holm-adjusted over the
    bins (``above``: rejected at 1 − ``level``). Overall ĉ = n^L/Σ p with a normal interval (variance
    Σ ĉp(1 − ĉp)/(Σp)²); an interval that holds 1 warns (:class:`CalibrationWarning`): the model predicts
    P(labeled), what a Platt or isotonic fit on PU labels gives, not P(positive).

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels, ``pos_label`` marking the labeled rows.
    probabilities : array of shape (n,)
        The model's probabilities, in [0, 1].
    bins : int, default 10
    level : float, default 0.95
    pos_label : default 1

    Returns
    -------
    CalibrationCheck

    Examples
    --------
    >>> rng = np.random.default_rng(3)
    >>> p = rng.random(20000)
    >>> y = rng.random(20000) < p                                 # p is P(positive | x)
    >>> found = calibration_check(y & (rng.random(20000) < 0.3), p)
    >>> bool(abs(found.c - 0.3) < 0.02), found.looks_like_p_labeled
    (True, False)
    """
    import pandas as pd
    from scipy.stats import binom

    level = check_level(level)
    bins = check_integer(bins, "bins", 1, 1000)
    labeled, p = check_pu(labels, probabilities, pos_label=pos_label, scores_name="probabilities")
    if (p < 0).any() or (p > 1).any():
        raise ArgumentError("probabilities", "must lie in [0, 1]")
    if p.sum() == 0:
        raise ArgumentError("probabilities", "are all 0: no positive is predicted")
    order = np.argsort(p, kind="stable")
    rows = []
    for part in np.array_split(order, min(bins, p.size)):
        share, mean_p = float(labeled[part].mean()), float(p[part].mean())
        count = int(labeled[part].sum())
        p_value = float(binom.sf(count - 1, part.size, min(mean_p, 1.0))) if mean_p < 1 else 1.0
        rows.append({"low": float(p[part].min()), "high": float(p[part].max()), "n": int(part.size),
                     "labeled_share": share, "mean_probability": mean_p,
                     "implied_c": share / mean_p if mean_p > 0 else math.nan, "p_value": p_value})
    table = pd.DataFrame(rows)
    table["p_holm"] = holm(table["p_value"].tolist())
    table["above"] = table["p_holm"] < 1.0 - level
    c = float(labeled.sum() / p.sum())
    se = math.sqrt(float((c * p * (1 - np.minimum(c * p, 1.0))).sum())) / float(p.sum())
    z = NormalDist().inv_cdf(0.5 + level / 2.0)
    interval = (max(c - z * se, 0.0), c + z * se)
    looks = interval[0] <= 1.0 <= interval[1] or c > 1.0
    if looks:
        warnings.warn(f"probabilities: the implied labeling frequency c = {c:.3f} [{interval[0]:.3f}, "
                      f"{interval[1]:.3f}] holds 1: these behave as P(labeled | x), not P(positive | x) (a Platt or "
                      "isotonic fit on PU labels gives that)", CalibrationWarning, stacklevel=2)
    return CalibrationCheck(bins=table, c=c, c_interval=interval, level=level, looks_like_p_labeled=looks)
