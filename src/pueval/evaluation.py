"""One PU evaluation of a model's scores as a value: :func:`evaluate` returns an :class:`Evaluation`, the numbers
``pueval evaluate`` reports (``Evaluation.as_dict`` gives the report's keys, in the report's order), what its
figure reads and what a Python user gets; :func:`compare` returns a :class:`Comparison` of several models' scores
on the same rows, what ``pueval compare`` reports.

AUL^PU and its interval (Theorem 1: AUL^PU estimates the AUL without bias under SCAR), AUC^PU; with what is
given beside the scores: the propensity-weighted AUL (:func:`pueval.propensity.aul_pu_weighted`), the AUL's range
at a propensity ratio Γ (:func:`pueval.propensity.aul_pu_bounds`), the audited AUL
(:func:`pueval.propensity.aul_pu_audit`), an operating point (:func:`pueval.operating.operating_point`) and, with a
prior θ (given, or estimated by MPE methods from features), the corrected AUC (Jain et al., Eq. 4), the corrected
AUPRC and Tabatabaei's F1 estimate at the threshold. A θ above 2(1 − AUC^PU), more than the ranking allows, leaves
the corrected metrics not identified (None) with a :class:`~pueval.metrics.PriorInconsistentWarning`; an audit that
rejects SCAR raises a :class:`ScarRejectedWarning`.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

import numpy as np
from numpy.typing import ArrayLike

from pueval import aul_pu, metrics, related
from pueval.aul_pu import PairedDifference
from pueval.multitest import holm
from pueval.notebook import html_table, warning_count
from pueval.operating import OperatingPoint, operating_point
from pueval.propensity import (AuditedAUL, WeightedAUL, WeightedRange, aul_pu_audit, aul_pu_bounds,
                               aul_pu_difference_bounds, aul_pu_weighted, breakdown_gamma, labeled_weights)
from pueval.validation import (ArgumentError, PosLabel, carries_warnings, check_fraction, check_level, check_pu,
                               check_scores, named_columns, warn_degenerate)

if TYPE_CHECKING:  # the mpe extra's type, for the signature alone
    from pueval.mpe.priors import PriorOptions

__all__ = ["evaluate", "Evaluation", "CorrectedMetrics", "compare", "Comparison", "Pair", "ScarRejectedWarning",
           "PriorsDisagreeWarning"]

PRIOR_NOTE = "depend on the class prior theta"


class ScarRejectedWarning(UserWarning):
    """The audit's test rejects SCAR at the evaluation's level: the numbers that assume it are biased."""


class PriorsDisagreeWarning(UserWarning):
    """The prior estimators' intervals share no point: θ, and every number corrected with it, depends on which
    estimator is trusted."""


@dataclass(frozen=True)
class CorrectedMetrics:
    """What a prior θ adds to an :class:`Evaluation`: θ, where it came from, and the metrics corrected with it.

    ``source`` is ``"given"`` or the MPE method whose θ̂ is used (the first of several); ``estimates`` holds every
    method's :class:`~pueval.mpe.priors.PriorEstimate` (empty for a given θ), each with the time it added
    (``seconds``: a transform or a run of KM shared by several methods is counted by the first that needs it).
    ``consistent`` is θ ≤ ``upper_bound`` = 2(1 − AUC^PU); when it is False the corrected metrics are None (not
    identified). ``auc_pu_se`` (DeLong) and the corrected AUC's intervals are given when θ comes with an interval.
    """

    theta: float
    source: str
    upper_bound: float
    consistent: bool
    threshold: float
    estimates: dict = field(default_factory=dict)
    agree: bool | None = None
    auc_corrected: float | None = None
    auprc_corrected: float | None = None
    f1_estimate: float | None = None
    auc_pu_se: float | None = None
    auc_corrected_interval_prior: tuple[float, float] | None = None
    auc_corrected_interval: tuple[float, float] | None = None

    @property
    def theta_interval(self) -> tuple[float, float] | None:
        """The interval of θ̂ of the method used (None for a given θ or a method without one)."""
        first = self.estimates.get(self.source)
        return tuple(first.interval) if first is not None and first.interval else None


@dataclass(frozen=True)
class Evaluation:
    """The result of :func:`evaluate`: AUL^PU with its interval and AUC^PU, and what the options added (None
    where not asked). ``threshold`` is the score threshold of the F1 estimate and of the absolute propensities'
    precision and recall (the median score unless given). ``as_dict()`` gives the keys of ``pueval evaluate``'s
    JSON report, in its order."""

    n: int
    n_labeled: int
    aul_pu: float
    aul_pu_ci: tuple[float, float]
    level: float
    interval: str
    auc_pu: float
    threshold: float
    weighted: WeightedAUL | None = None
    bounds: WeightedRange | None = None
    audit: AuditedAUL | None = None
    operating_point: OperatingPoint | None = None
    corrected: CorrectedMetrics | None = None
    warnings: tuple[str, ...] = ()  #: the messages of the warnings raised while computing it

    def __repr__(self) -> str:
        low, high = self.aul_pu_ci
        parts = [f"n={self.n}", f"n_labeled={self.n_labeled}", f"aul_pu={self.aul_pu:.4f} [{low:.4f}, {high:.4f}]",
                 f"auc_pu={self.auc_pu:.4f}"]
        parts += [f"{name}=…" for name in ("weighted", "bounds", "audit", "operating_point", "corrected")
                  if getattr(self, name) is not None]
        return f"Evaluation({', '.join(parts)}{warning_count(self.warnings)})"

    def _repr_html_(self) -> str:
        return html_table(self)

    def as_dict(self, *, propensity_column: str | None = None, audit_column: str | None = None,
                warnings: bool = True) -> dict:
        """The report's keys (docs/evaluate.md), in order, and ``warnings`` last (unless ``warnings=False``); the
        command passes the names of the columns it read."""
        out = {"n": self.n, "n_labeled": self.n_labeled, "aul_pu": self.aul_pu, "aul_pu_ci": list(self.aul_pu_ci),
               "level": self.level, "interval": self.interval, "auc_pu": self.auc_pu}
        if self.weighted is not None:
            w = self.weighted
            out |= {"propensity_column": propensity_column, "propensity": "relative" if w.relative else "absolute",
                    "aul_weighted": w.aul, "aul_weighted_ci": list(w.ci), "n_eff": w.n_eff}
            if not w.relative:
                out |= {f"{key}_weighted": getattr(w, key) for key in ("n_positive", "theta", "auc", "precision",
                                                                       "recall", "f1")} | {"threshold": self.threshold}
        if self.bounds is not None:
            out |= {"gamma": self.bounds.gamma, "aul_bounds": [self.bounds.low, self.bounds.high]}
        if self.audit is not None:
            a = self.audit
            out |= {"audit_column": audit_column, "n_audited": a.n_audited, "n_audited_positive": a.n_audited_positive,
                    "aul_audit": a.aul, "aul_audit_ci": list(a.ci), "theta_audit": a.theta,
                    "theta_audit_ci": list(a.theta_ci), "auc_audit": a.auc, "scar_p_value": a.scar_p_value,
                    "audit_bias": a.bias}
        if self.operating_point is not None:
            out["operating_point"] = self.operating_point.as_dict(warnings=False) | {
                "audit_size_width_0.1": self.operating_point.audit_size(0.1)}
        if self.corrected is not None:
            out.update(_corrected_keys(self.corrected))
        return out | ({"warnings": list(self.warnings)} if warnings else {})


def _corrected_keys(c: CorrectedMetrics) -> dict:
    out = {"theta": c.theta, "theta_source": c.source}
    if c.source != "given":
        out |= {"theta_interval": list(c.theta_interval) if c.theta_interval else None,
                "theta_interval_method": c.estimates[c.source].interval_method}
        if len(c.estimates) > 1:
            out["priors"] = [{"method": m, "theta": e.theta, "interval": list(e.interval) if e.interval else None,
                              "interval_method": e.interval_method, "prior_consistent": e.theta <= c.upper_bound}
                             for m, e in c.estimates.items()]
            out["priors_agree"] = c.agree
    out |= {"theta_upper_bound": c.upper_bound, "prior_consistent": c.consistent, "threshold": c.threshold,
            "note": f"theta, auc_corrected, auprc_corrected and f1_estimate {PRIOR_NOTE}"}
    if not c.consistent:  # not identified: reported as null, not clipped into [0, 1]
        return out | {"auc_corrected": None, "auprc_corrected": None, "f1_estimate": None,
                      "prior_warning": f"theta {c.theta:.4f} exceeds 2(1 - AUC^PU) = {c.upper_bound:.4f}, the largest "
                                       "prior this model's ranking allows: the corrected metrics are not identified"}
    if c.auc_pu_se is not None:
        out |= {"auc_pu_se": c.auc_pu_se, "auc_corrected_interval_prior": list(c.auc_corrected_interval_prior),
                "auc_corrected_interval": list(c.auc_corrected_interval)}
    return out | {"auc_corrected": c.auc_corrected, "auprc_corrected": c.auprc_corrected,
                  "f1_estimate": c.f1_estimate}


def _corrected(labeled: np.ndarray, scores: np.ndarray, auc_pu: float, theta: float, source: str, threshold: float,
               level: float, estimates: dict) -> CorrectedMetrics:
    """θ checked against the ranking (a warning when it is above) and the metrics corrected with it."""
    from pueval.mpe.priors import priors_agree

    consistent = metrics.check_prior(auc_pu, theta, f"theta ({source})")
    found = {"theta": theta, "source": source, "upper_bound": metrics.theta_upper_bound(auc_pu),
             "consistent": consistent, "threshold": threshold, "estimates": estimates,
             "agree": priors_agree(estimates) if len(estimates) > 1 else None}
    if found["agree"] is False:
        intervals = ", ".join(f"{m} [{e.interval[0]:.4f}, {e.interval[1]:.4f}]" for m, e in estimates.items()
                              if e.interval is not None)
        warnings.warn(f"the prior estimators disagree beyond their intervals ({intervals}): theta is not pinned "
                      f"down, and the corrected metrics, from {source}'s {theta:.4f}, change with it",
                      PriorsDisagreeWarning, stacklevel=3)
    if not consistent:
        return CorrectedMetrics(**found)
    s = labeled.astype(int)
    first = estimates.get(source)
    if first is not None and first.interval:
        se = metrics.auc_pu_standard_error(s, scores)
        found |= {"auc_pu_se": se,
                  "auc_corrected_interval_prior": metrics.corrected_auc_interval(auc_pu, first.interval),
                  "auc_corrected_interval": metrics.corrected_auc_interval(auc_pu, first.interval, standard_error=se,
                                                                           level=level)}
    return CorrectedMetrics(**found, auc_corrected=metrics.corrected_auc(auc_pu, theta, clip=True),
                            auprc_corrected=related.jain_auprc(s, scores, theta),
                            f1_estimate=related.tabatabaei_f1(s, scores >= threshold, theta))


@carries_warnings
def evaluate(labels: ArrayLike, scores: ArrayLike, *, pos_label: PosLabel = 1, level: float = 0.95,
             interval: Literal["normal", "bootstrap"] = "normal", seed: int | None = 0, threshold: float | None = None,
             propensity: ArrayLike | None = None, absolute: bool = False, gamma: float | None = None,
             audited: ArrayLike | None = None, target_recall: float | None = None, prior: float | None = None,
             X: ArrayLike | None = None, mpe=None, mpe_options: PriorOptions | dict | None = None,
             sample_weight: ArrayLike | None = None) -> Evaluation:
    """Evaluate a model's scores on PU labels: AUL^PU with its ``level`` interval (``interval``: ``"normal"``,
    Theorem 1's, or ``"bootstrap"`` seeded by ``seed``) and AUC^PU, plus what the options ask for.

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels, ``pos_label`` marking the labeled rows.
    scores : array of shape (n,)
        The model's scores, higher = more positive.
    pos_label : int, str or bool, default 1
        The label of a labeled row.
    level : float, default 0.95
        Confidence level of every interval.
    interval : {"normal", "bootstrap"}, default "normal"
        AUL^PU's interval (:func:`pueval.aul_pu.aul_pu_interval`).
    seed : int or None, default 0
        Seeds the bootstrap and the prior estimators.
    threshold : float, optional
        The score threshold of the F1 estimate and of the absolute propensities' precision and recall; default
        the median score.
    propensity : array of shape (n,), optional
        Each labeled row's labeling propensity: AUL^PU weighted by 1/e (relative values suffice unless
        ``absolute``).
    absolute : bool, default False
        The propensities are probabilities: they also estimate θ, the AUC and F1 at ``threshold``.
    gamma : float, optional
        The AUL's range over every labeling whose propensities differ by at most this factor.
    audited : array of shape (n,), optional
        The true class (1 or 0) of a random sample of the unlabeled rows, NaN elsewhere.
    target_recall : float, optional
        An operating point reaching this recall (:func:`pueval.operating.operating_point`).
    prior : float, optional
        θ, the share of positives among the unlabeled rows; or ``X`` and ``mpe`` to estimate it.
    X : array of shape (n, d), optional
        Features for ``mpe``.
    mpe : str or sequence of str, optional
        MPE methods (:data:`pueval.mpe.PUBLIC_METHODS`); the first one's θ̂ feeds the corrected metrics.
    mpe_options : PriorOptions or dict, optional
        The methods' options: a :class:`pueval.mpe.PriorOptions` (the pipeline's currency), or
        ``{method: {option: value}}`` (:func:`pueval.mpe.estimate_priors`).
    sample_weight : array of shape (n,), optional
        Row weights, as scikit-learn's metrics take them (integer weights count a row that many times): AUL^PU,
        its interval and AUC^PU weighted (:func:`pueval.aul_pu_score`, :func:`pueval.aul_pu_interval`,
        :func:`pueval.curves.roc_curve`), and ``target_recall``'s operating point with whole-number weights
        (:func:`pueval.operating_point`); not with the options that add other estimates.

    Returns
    -------
    Evaluation

    Examples
    --------
    >>> rng = np.random.default_rng(2)
    >>> y = rng.random(2000) < 0.4
    >>> scores = y + rng.normal(size=2000)
    >>> labels = (y & (rng.random(2000) < 0.3)).astype(int)  # 30 % of the positives labeled at random
    >>> found = evaluate(labels, scores, prior=float(y[labels == 0].mean()))
    >>> round(found.aul_pu, 3), [round(end, 3) for end in found.aul_pu_ci]  # the true AUL is 0.656
    (0.65, [0.617, 0.683])
    >>> round(found.corrected.auc_corrected, 3)  # the true AUC is 0.760
    0.749
    """
    labeled, scores = check_pu(labels, scores, pos_label=pos_label)  # the one check of the labels and scores
    level = aul_pu.check_interval_options(level, interval, aul_pu.N_BOOT)
    threshold = float(np.median(scores)) if threshold is None else float(threshold)
    if sample_weight is not None:
        return _weighted_evaluation(labeled, scores, sample_weight, level=level, interval=interval, seed=seed,
                                    threshold=threshold, target_recall=target_recall,
                                    others={"propensity": propensity, "gamma": gamma, "audited": audited,
                                            "prior": prior, "mpe": mpe})
    if prior is not None and mpe is not None:
        raise ValueError("prior and mpe: give θ or the methods that estimate it, not both")
    if mpe is not None and X is None:
        raise ValueError("mpe needs X, the features the methods run on")
    # One ranking of the scores (a sort, and a sort of the labeled rows' scores) gives AUL^PU, its interval and
    # AUC^PU: the labeled rows' mid-ranks r_i, t_i = (r_i − ½)/n (Theorem 1) and Σ r_i (Mann–Whitney).
    ranks = metrics.midranks_at(scores, labeled)
    t = (ranks - 0.5) / scores.size
    warn_degenerate(labeled, scores, labeled_values=t)
    low, high = aul_pu.interval_from_t(t, level, interval, n_boot=aul_pu.N_BOOT, random_state=seed)
    auc_pu = float(metrics.auc_from_rank_sums(ranks.sum(), np.float64(t.size), scores.size))
    found = {"n": int(labeled.size), "n_labeled": int(labeled.sum()), "aul_pu": float(t.mean()),
             "aul_pu_ci": (low, high), "level": level, "interval": interval, "auc_pu": auc_pu, "threshold": threshold}
    if propensity is not None:
        found["weighted"] = aul_pu_weighted(labeled, scores, propensity, level=level, relative=not absolute,
                                            threshold=threshold if absolute else None)
    if gamma is not None:
        found["bounds"] = aul_pu_bounds(labeled, scores, gamma, level=level)
    if audited is not None:
        audit = found["audit"] = aul_pu_audit(labeled, scores, audited, level=level)
        if audit.scar_p_value is not None and audit.scar_p_value < 1.0 - level:
            warnings.warn(f"the audit rejects SCAR (p = {audit.scar_p_value:.3g}; AUL^PU minus the audited AUL "
                          f"{audit.bias:+.4f}): AUL^PU, its interval and every number that assumes SCAR are biased; "
                          "the audited AUL (aul_audit) is the one to report", ScarRejectedWarning, stacklevel=2)
    estimates = {}
    if mpe is not None:
        from pueval.mpe.priors import estimate_priors

        estimates = estimate_priors(X, labeled.astype(int), mpe, random_state=seed, options=mpe_options)
        for method, estimate in list(estimates.items())[1:]:  # the first is checked with the corrected metrics
            metrics.check_prior(auc_pu, estimate.theta, f"theta ({method})")
    if target_recall is not None:  # precision estimated at the prior given, else at the first estimator's θ̂
        first = next(iter(estimates.values()), None)
        found["operating_point"] = operating_point(
            labeled, scores, target_recall=target_recall, level=level, propensity=propensity, relative=not absolute,
            audited=audited, theta=prior if prior is not None else (first.theta if first is not None else None),
            theta_interval=list(first.interval) if first is not None and first.interval else None)
    if prior is not None:
        found["corrected"] = _corrected(labeled, scores, auc_pu, check_fraction(prior, "prior (theta)"), "given",
                                        threshold, level, {})
    elif estimates:
        source = next(iter(estimates))
        found["corrected"] = _corrected(labeled, scores, auc_pu, estimates[source].theta, source, threshold, level,
                                        estimates)
    return Evaluation(**found)


def _weighted_evaluation(labeled: np.ndarray, scores: np.ndarray, sample_weight, *, level: float, interval: str,
                         seed, threshold: float, target_recall: float | None, others: dict) -> Evaluation:
    """:func:`evaluate` with row weights: AUL^PU, its interval and AUC^PU, each weighted, and with
    ``target_recall`` the operating point of the rows counted (whole-number weights,
    :func:`pueval.operating_point`); the options that add other estimates are refused by name."""
    from pueval import curves

    given = [name for name, value in others.items() if value is not None]
    if given:
        raise ArgumentError("sample_weight", f"is taken with AUL^PU, its interval and AUC^PU alone, not with "
                                             f"{', '.join(given)}")
    low, high = aul_pu.aul_pu_interval(labeled, scores, level, method=interval, random_state=seed,
                                       sample_weight=sample_weight)
    return Evaluation(n=int(labeled.size), n_labeled=int(labeled.sum()),
                      aul_pu=aul_pu.aul_pu_score(labeled, scores, sample_weight=sample_weight), aul_pu_ci=(low, high),
                      level=level, interval=interval,
                      auc_pu=curves.roc_curve(labeled, scores, sample_weight=sample_weight).area,
                      threshold=threshold,
                      operating_point=None if target_recall is None else operating_point(
                          labeled, scores, target_recall=target_recall, level=level, sample_weight=sample_weight))


@dataclass(frozen=True)
class Pair:
    """One pair of a :class:`Comparison`: model ``a`` against model ``b`` on the same labeled rows, their paired
    difference ΔAUL^PU = AUL^PU(a) − AUL^PU(b) with its interval (:func:`pueval.aul_pu.aul_pu_difference`, weighted
    by 1/e with propensities), and with Γ the difference's range (:func:`pueval.propensity.aul_pu_difference_bounds`)
    and the Γ at which "a beats b" stops holding (:func:`pueval.propensity.breakdown_gamma`; inf: never)."""

    a: str
    b: str
    difference: PairedDifference
    bounds: WeightedRange | None = None
    breakdown_gamma: float | None = None
    p_holm: float | None = None  #: Holm's adjusted p-value over the comparison's pairs (None for a single pair)


@dataclass(frozen=True)
class Comparison:
    """The result of :func:`compare`: every pair the comparison reports, in order (each column against
    ``baseline``, else every pair in the order given), and whether the propensities were absolute.
    ``as_dict()`` gives the keys of ``pueval compare``'s JSON report, in its order."""

    columns: tuple[str, ...]
    baseline: str | None
    pairs: tuple[Pair, ...]
    weighted: bool = False
    relative: bool = True
    warnings: tuple[str, ...] = ()  #: the messages of the warnings raised while computing it

    def __repr__(self) -> str:
        pairs = "; ".join(f"{p.a} − {p.b} {p.difference.difference:+.4f} [{p.difference.ci[0]:+.4f}, "
                          f"{p.difference.ci[1]:+.4f}]" for p in self.pairs[:3])
        more = f"; … {len(self.pairs) - 3} more" if len(self.pairs) > 3 else ""
        return f"Comparison({pairs}{more}{warning_count(self.warnings)})"

    def _repr_html_(self) -> str:
        return html_table(self)

    def _pair_dict(self, pair: Pair, propensity_column: str | None) -> dict:
        out = pair.difference.as_dict()
        if self.weighted:
            out |= {"propensity_column": propensity_column, "propensity": "relative" if self.relative else "absolute",
                    "n_eff": pair.difference.n_eff}
        if pair.bounds is not None:
            finite = pair.breakdown_gamma is not None and np.isfinite(pair.breakdown_gamma)
            out |= {"gamma": pair.bounds.gamma, "difference_bounds": [pair.bounds.low, pair.bounds.high],
                    "breakdown_gamma": pair.breakdown_gamma if finite else None}  # inf: JSON null
        return out | {"score_a": pair.a, "score_b": pair.b}

    def as_dict(self, *, propensity_column: str | None = None, warnings: bool = True) -> dict:
        """Two columns, no baseline: n, n_labeled, aul_pu_a, aul_pu_b, difference, difference_ci, p_value, level,
        (the weighting's and Γ's keys,) score_a, score_b. More columns, or a baseline: n, n_labeled, level,
        score_columns, baseline, aul_pu (each column's) and comparisons, one per pair, each with p_holm. Then
        ``warnings`` (unless ``warnings=False``)."""
        warned = {"warnings": list(self.warnings)} if warnings else {}
        pairs = [self._pair_dict(pair, propensity_column) for pair in self.pairs]
        if len(self.columns) == 2 and self.baseline is None:
            return pairs[0] | warned
        for pair, found in zip(pairs, self.pairs, strict=True):
            pair["p_holm"] = found.p_holm
        aul = {c: v for pair in pairs
               for c, v in ((pair["score_a"], pair["aul_pu_a"]), (pair["score_b"], pair["aul_pu_b"]))}
        keep = ("score_a", "score_b", "difference", "difference_ci", "p_value", "p_holm", "n_eff",
                "difference_bounds", "breakdown_gamma")
        return {key: pairs[0][key] for key in ("n", "n_labeled", "level")} | {
            "score_columns": list(self.columns), "baseline": self.baseline, "aul_pu": {c: aul[c] for c in self.columns},
            "comparisons": [{k: pair[k] for k in keep if k in pair} for pair in pairs]} | {
            k: pairs[0][k] for k in ("propensity_column", "propensity", "gamma") if k in pairs[0]} | warned


def pairs_of(names, baseline: str | None = None) -> list[tuple[str, str]]:
    """The pairs :func:`compare` reports: each name against ``baseline``, else every pair in the order given."""
    if baseline is not None:
        return [(a, baseline) for a in names if a != baseline]
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]


@carries_warnings
def compare(labels: ArrayLike, scores, *, baseline: str | None = None, pos_label: PosLabel = 1,
            level: float = 0.95, propensity: ArrayLike | None = None, absolute: bool = False,
            gamma: float | None = None, sample_weight: ArrayLike | None = None) -> Comparison:
    """Compare models scored on the same rows without a prior: ΔAUL^PU per pair with its ``level`` interval and
    p-value, Holm's adjustment over the pairs when there are several.

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels, ``pos_label`` marking the labeled rows.
    scores : dict of str to array of shape (n,), or a DataFrame
        Each model's scores, by name, in the order the pairs are formed; a DataFrame of any library narwhals reads
        (pandas, polars, pyarrow, …), a model per column.
    baseline : str, optional
        Compare every other model with this one; default every pair in the order given.
    pos_label : int, str or bool, default 1
        The label of a labeled row.
    level : float, default 0.95
        Confidence level of the intervals.
    propensity : array of shape (n,), optional
        Each labeled row's labeling propensity: the differences weighted by 1/e.
    absolute : bool, default False
        The propensities are probabilities (else only their ratios count).
    gamma : float, optional
        Each difference's range over every labeling whose propensities differ by at most this factor.
    sample_weight : array of shape (n,), optional
        Each row's weight, a row counted as that many rows (:func:`pueval.aul_pu.aul_pu_difference`'s); not with
        ``propensity`` or ``gamma``.

    Returns
    -------
    Comparison

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(2000) < 0.4
    >>> labels = (y & (rng.random(2000) < 0.3)).astype(int)
    >>> found = compare(labels, {"good": y + rng.normal(size=2000), "weak": y + rng.normal(0, 3, 2000)})
    >>> pair = found.pairs[0]
    >>> pair.a, pair.b, pair.difference.ci[0] > 0
    ('good', 'weak', True)
    """
    names, columns = named_columns(scores)
    scores = dict(zip(names, columns))
    names = list(names)
    if len(names) < 2:
        raise ValueError(f"scores: compare needs two or more models, got {len(names)}")
    if baseline is not None and baseline not in scores:
        raise ValueError(f"baseline: {baseline!r} is not one of the models ({', '.join(map(str, names))})")
    level = check_level(level)
    if sample_weight is not None:
        return _weighted_comparison(labels, scores, names, baseline, pos_label, level, sample_weight,
                                    {"propensity": propensity, "gamma": gamma})
    labeled, first = check_pu(labels, scores[names[0]], pos_label=pos_label, scores_name=f"scores[{names[0]!r}]")
    checked = {names[0]: first} | {name: check_scores(scores[name], labeled.size, f"scores[{name!r}]")
                                   for name in names[1:]}  # the labels checked once
    t = {name: metrics.t_values_at(values, labeled) for name, values in checked.items()}  # each column ranked once
    weights = None if propensity is None else labeled_weights(propensity, labeled, relative=not absolute)
    pairs = pairs_of(names, baseline)
    found = []
    for a, b in pairs:  # aul_pu.aul_pu_difference of each pair, from the t-values ranked above
        warn_degenerate(labeled, checked[a], name="scores_a", labeled_values=t[a])
        warn_degenerate(labeled, checked[b], name="scores_b", labeled_values=t[b])
        mean_a, mean_b, delta, se, n_eff = aul_pu.paired_moments(t[a], t[b], weights)
        difference = aul_pu.paired_result(int(labeled.size), int(labeled.sum()), mean_a, mean_b, delta, se, level,
                                          n_eff)
        extra = {}
        if gamma is not None:
            extra = {"bounds": aul_pu_difference_bounds(labeled, checked[a], checked[b], gamma, level=level),
                     "breakdown_gamma": breakdown_gamma(labeled, checked[a], checked[b])}
        found.append(Pair(a, b, difference, **extra))
    return Comparison(columns=tuple(names), baseline=baseline, pairs=tuple(_holm(found, baseline)),
                      weighted=propensity is not None, relative=not absolute)


def _holm(found: list, baseline: str | None) -> list:
    """The pairs with Holm's adjustment over them, when there are several or a baseline."""
    if len(found) > 1 or baseline is not None:
        return [replace(p, p_holm=adjusted)
                for p, adjusted in zip(found, holm([p.difference.p_value for p in found]), strict=True)]
    return found


def _weighted_comparison(labels, scores: dict, names: list, baseline, pos_label, level: float, sample_weight,
                         others: dict) -> Comparison:
    """:func:`compare` with row weights: each pair by :func:`pueval.aul_pu.aul_pu_difference` with
    ``sample_weight``; the options that weigh or bound otherwise are refused by name."""
    given = [name for name, value in others.items() if value is not None]
    if given:
        raise ArgumentError("sample_weight", f"is taken alone, not with {', '.join(given)}")
    found = [Pair(a, b, aul_pu.aul_pu_difference(labels, scores[a], scores[b], level=level, pos_label=pos_label,
                                                 sample_weight=sample_weight)) for a, b in pairs_of(names, baseline)]
    return Comparison(columns=tuple(names), baseline=baseline, pairs=tuple(_holm(found, baseline)))
