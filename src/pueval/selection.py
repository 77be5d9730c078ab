"""Which of K models is best, without negatives: a confidence set for the best, the winner's AUL without the
winner's curse, and a bound on the regret of picking it.

Every candidate scores the same n rows. Under SCAR the labeled rows are a sample of the positives, and each
candidate's AUL^PU is the mean of its labeled t-values (Theorem 1), so the K estimates are means over the same
sample units and their joint law is, for large n_L, normal with covariance Σ/n_L, Σ the covariance of a labeled
row's K t-values (estimated from the rows: no prior). With ``propensity`` the units are the labeled rows with
their Hájek influence values, with ``audited`` the audited rows with the audit estimator's
(:mod:`pueval.propensity`); everything below reads only the estimates and the units' influence matrix U.

**The confidence set** is Hsu's *multiple comparisons with the best* (Hsu 1996, ch. 4), its critical values from
the Gaussian law above (a multiplier bootstrap: Chernozhukov, Chetverikov & Kato 2013). Candidate j stays unless
some k is ahead of it by more than c_j standard errors of their paired difference:

    j ∈ S  ⇔  for every k:  AUL^PU_k − AUL^PU_j ≤ c_j · se(k − j),

c_j the ``level`` quantile of max_k (Z_k − Z_j)/se(k − j) for Z ~ N(0, Σ/n_L). If j* is the truly best, every
true difference AUL_k − AUL_{j*} is ≤ 0, so j* ∉ S needs max_k (error_k − error_{j*})/se > c_{j*}: probability
≤ 1 − ``level``. The set is small because c_j is the quantile of the maximum over *paired* differences, whose
standard errors are small when candidates rank the rows alike (checkpoints, neighbouring grid points), and
because only comparisons with j enter j's test (unlike an elimination that compares each with the set's
average, as the model confidence set of Hansen, Lunde & Nason does). Cost: the paired standard errors are needed
only for the contenders, the candidates within the Bonferroni distance z_{1−α/(K−1)}·se of the argmax (a superset
of S), one vector of K per contender; no n × K × K array.

**The winner's estimate.** The argmax's own AUL^PU is biased up (the winner's curse). ``best_estimate`` subtracts
the bias that the Gaussian law gives the argmax at the estimates (a parametric bootstrap bias correction:
E[Z_â − m_â] over draws Z ~ N(m̂, Σ/n_L), â the draw's argmax), kept inside ``best_interval``. ``best_interval``
is the simultaneous interval over all K candidates (max-|t| critical value), so it holds the AUL of whichever
candidate is selected, with probability ≥ ``level``. ``regret_upper`` is Hsu's bound
max_k (AUL^PU_k − AUL^PU_best + c_best · se(k − best))⁺ on max_k AUL_k − AUL_best.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np
from numpy.typing import ArrayLike

from pueval import metrics
from pueval.notebook import html_table, warning_count
from pueval.validation import (ArgumentError, DegenerateScoresWarning, PosLabel, check_level, check_pu,
                               carries_warnings, check_random_state, check_sample_weight, check_scores,
                               named_columns)

DRAWS = 2000
"""Gaussian draws behind every critical value and the bias correction."""
MAX_EXACT = 128
"""Borderline candidates (module docstring) whose own critical value is computed, those with the largest leads
against them first; beyond these, the Bonferroni value decides (a larger set, still valid), and the result says
how many."""
CHUNK = 1 << 22  # draws × candidates held at once (32 MB of float64)

__all__ = ["select_models", "Selection", "refit_within_set", "FailedFitWarning", "FewUnitsWarning", "WideSetWarning"]


@dataclass(frozen=True)
class Selection:
    """The candidates, their estimates, the argmax, the confidence set for the best and the winner's corrected
    estimate (:func:`select_models`)."""

    names: tuple[str, ...]
    aul_pu: tuple[float, ...]  #: per candidate: AUL^PU (or the weighted or audited AUL)
    standard_error: tuple[float, ...]  #: per candidate, of its estimate
    best: str  #: the argmax (the first of tied maxima)
    confidence_set: tuple[str, ...]  #: the candidates not ruled out as the best, in the order given
    best_estimate: float  #: the argmax's AUL with the winner's curse removed (module docstring)
    best_interval: tuple[float, float]  #: simultaneous over every candidate, so valid for the selected one
    regret_upper: float  #: upper confidence bound on max_k AUL_k − AUL_best (Hsu's MCB)
    level: float
    bonferroni_kept: int  #: borderline candidates kept by the Bonferroni value, beyond MAX_EXACT (0: none)
    n: int
    n_units: int  #: the rows the estimates average over: labeled rows, or audited rows with ``audited``
    estimator: str  #: "AUL^PU (SCAR)", "weighted AUL (propensity, relative)" or "audited AUL"
    method: str = "Hsu's multiple comparisons with the best, Gaussian multiplier critical values"
    warnings: tuple[str, ...] = ()  #: the messages of the warnings raised while computing it

    def __repr__(self) -> str:
        return (f"Selection(best={self.best!r}, confidence_set of {len(self.confidence_set)} of {len(self.names)}, "
                f"best_estimate={self.best_estimate:.4f} [{self.best_interval[0]:.4f}, {self.best_interval[1]:.4f}], "
                f"level={self.level:g}{warning_count(self.warnings)})")

    def _repr_html_(self) -> str:
        return html_table(self)

    def as_dict(self, *, warnings: bool = True) -> dict:
        """JSON-ready: the scalars, then one record per candidate (name, aul_pu, standard_error, in_set), then
        ``warnings`` (unless ``warnings=False``)."""
        members = set(self.confidence_set)
        return {"best": self.best, "best_estimate": self.best_estimate, "best_interval": list(self.best_interval),
                "best_naive": self.aul_pu[self.names.index(self.best)], "regret_upper": self.regret_upper,
                "confidence_set": list(self.confidence_set), "set_size": len(self.confidence_set),
                "candidates": len(self.names), "bonferroni_kept": self.bonferroni_kept, "level": self.level, "n": self.n, "n_units": self.n_units,
                "estimator": self.estimator, "method": self.method,
                "models": [{"name": name, "aul_pu": value, "standard_error": se, "in_set": name in members}
                           for name, value, se in zip(self.names, self.aul_pu, self.standard_error)]} | (
            {"warnings": list(self.warnings)} if warnings else {})


def _candidates(scores) -> tuple[tuple[str, ...], list]:
    """(names, columns) of an (n, K) array, a DataFrame (pandas, polars, pyarrow, …) or a mapping name → scores."""
    names, columns = named_columns(scores, "scores", matrix=True)
    if not columns:
        raise ArgumentError("scores", "holds no candidate")
    if len(set(names)) != len(names):
        raise ArgumentError("scores", "candidate names must differ")
    return names, columns


def _weighted_units(labeled: np.ndarray, columns: list, sample_weight) -> tuple[np.ndarray, np.ndarray, float, str]:
    """:func:`_units` with row weights w (frequency: a row counted w times): the labeled rows' weighted t-values
    (:func:`pueval.metrics.weighted_t_values`), estimates Σ w t / W (W = Σ w over the labeled rows), U = √w (t −
    estimate) and the factor r(r − 1)/(W(W − 1)), so the covariance is Σ w (t − m)(t − m)ᵀ/(W(W − 1)): the rows
    repeated (:func:`pueval.aul_pu.aul_pu_interval`'s weighted standard error)."""
    weights = check_sample_weight(sample_weight, labeled)
    t = np.column_stack([metrics.weighted_t_values(c, weights)[labeled] for c in columns])
    w = weights[labeled]
    total, r = float(w.sum()), t.shape[0]
    if total <= 1.0:
        raise ArgumentError("sample_weight", f"the labeled rows' weights sum to {total:g}: need more than 1")
    estimates = (w @ t) / total
    return estimates, np.sqrt(w)[:, None] * (t - estimates), r * (r - 1) / (total * (total - 1)), \
        "AUL^PU (SCAR), rows weighted"


def _units(labeled: np.ndarray, columns: list, propensity, audited) -> tuple[np.ndarray, np.ndarray, float, str]:
    """(estimates (K,), influence matrix U (r, K) with mean 0, variance factor, estimator): the estimates'
    covariance is factor · UᵀU / (r(r − 1))."""
    n = labeled.size
    if audited is None:
        t = np.column_stack([metrics.t_values_at(c, labeled) for c in columns])
        r = t.shape[0]
        if propensity is None:
            estimates = t.mean(axis=0)
            return estimates, t - estimates, 1.0, "AUL^PU (SCAR)"
        from pueval.propensity import labeled_weights

        w = labeled_weights(propensity, labeled).scaled
        estimates = (w @ t) / w.sum()
        return estimates, r * w[:, None] * (t - estimates) / w.sum(), 1.0, "weighted AUL (propensity, relative)"
    from pueval.propensity import _check_random_audit, _checked_audit

    audit = _checked_audit(audited, labeled)
    for candidate in columns:
        _check_random_audit(audit, labeled, candidate)
    seen = ~np.isnan(audit)
    y, m = audit[seen], int(seen.sum())
    n_labeled = int(labeled.sum())
    n_unlabeled = n - n_labeled
    if m < 2 or y.sum() == 0:
        raise ArgumentError("audited", f"needs at least two audited rows with a positive among them, got {m} rows, "
                                       f"{int(y.sum())} positive")
    n_positive = n_labeled + y.mean() * n_unlabeled
    t_all = [metrics.t_values(c) for c in columns]
    estimates = np.array([(t[labeled].sum() + n_unlabeled / m * (t[seen] * y).sum()) / n_positive for t in t_all])
    z = np.column_stack([y * (t[seen] - a) for t, a in zip(t_all, estimates)])
    return estimates, n_unlabeled / n_positive * (z - z.mean(axis=0)), 1.0 - m / n_unlabeled, "audited AUL"


def _draws(units: np.ndarray, scale: float, rng: np.random.Generator) -> np.ndarray:
    """DRAWS × K Gaussian draws (float32) with covariance scale² · UᵀU: ξ·U for ξ ~ N(0, I_r) when r ≤ K, else from the
    K × K covariance's symmetric square root (the same law, the cheaper product)."""
    r, k = units.shape
    if r <= k:
        return ((rng.standard_normal((DRAWS, r)) @ units) * scale).astype(np.float32)
    values, vectors = np.linalg.eigh(units.T @ units)
    root = vectors * np.sqrt(np.clip(values, 0.0, None))
    return ((rng.standard_normal((DRAWS, k)) @ root.T) * scale).astype(np.float32)


def _paired_se(units: np.ndarray, squares: np.ndarray, j, scale: float) -> np.ndarray:
    """se(k − j) for every k: scale · ‖U_k − U_j‖ (0 where the two candidates' influence values are equal); for
    an index array ``j``, one column per index."""
    cross = units.T @ units[:, j]
    return scale * np.sqrt(np.clip(np.add.outer(squares, squares[j]) - 2.0 * cross, 0.0, None))


def _critical(draws: np.ndarray, se: np.ndarray, j: int, level: float) -> float:
    """The ``level`` quantile of max_{k≠j} (Z_k − Z_j)/se(k − j) over the draws (float32); pairs with se 0
    (candidates that rank the units alike) and k = j enter as 0, which cannot move a quantile at ``level`` ≥ ½
    since the maximum is at least one standard normal's draw (:func:`select_models` refuses lower levels)."""
    inverse = np.zeros(se.size, dtype=np.float32)
    np.divide(1.0, se, out=inverse, where=se > 0, casting="unsafe")
    inverse[j] = 0.0
    if not inverse.any():
        return 0.0
    largest = np.empty(draws.shape[0], dtype=np.float32)
    rows = max(1, CHUNK // se.size)
    for start in range(0, draws.shape[0], rows):
        block = draws[start:start + rows] - draws[start:start + rows, j:j + 1]
        block *= inverse
        largest[start:start + rows] = block.max(axis=1)
    return float(np.quantile(largest, level))


@carries_warnings
def select_models(labels: ArrayLike, scores, *, level: float = 0.95, pos_label: PosLabel = 1,
                  propensity: ArrayLike | None = None, audited: ArrayLike | None = None,
                  random_state: int | np.random.Generator | None = 0,
                  sample_weight: ArrayLike | None = None) -> Selection:
    """Which of K models scored on the same PU rows is best: the argmax of AUL^PU, a confidence set that holds
    the truly best with probability ≥ ``level`` (under SCAR), the argmax's AUL without the winner's curse and an
    upper bound on its regret (module docstring: Hsu's comparison with the best, Gaussian critical values).

    Parameters
    ----------
    labels : array of shape (n,)
        PU labels, ``pos_label`` marking a labeled row (at least two).
    scores : array of shape (n, K), DataFrame or mapping name → array of shape (n,)
        Each candidate's scores of the same rows (higher = more positive); a DataFrame of any library narwhals reads
        (pandas, polars, pyarrow, …) a candidate per column, by its name; an array's candidates are named "0", "1", ….
    level : float, default 0.95
    pos_label : default 1
    propensity : array of shape (n,), optional
        Labels not selected at random, known propensities (relative values suffice): every estimate is the Hájek
        weighted AUL (:func:`pueval.propensity.aul_pu_weighted`).
    audited : array of shape (n,), optional
        The true class (1/0) of a simple random sample of the unlabeled rows, NaN elsewhere: every estimate is
        the audited AUL (:func:`pueval.propensity.aul_pu_audit`), valid whatever selected the labels.
    random_state : int, Generator or None, default 0
        Seeds the Gaussian draws of the critical values and of the bias correction: 0 by default, as
        :func:`pueval.evaluate` seeds its bootstrap, so the same call gives the same set; None draws afresh.
    sample_weight : array of shape (n,), optional
        Each row's weight, a row counted as that many rows: every estimate the weighted AUL^PU (its t-values and
        their mean weighted), its covariance that of the rows repeated; not with ``propensity`` or ``audited``.

    Returns
    -------
    Selection

    Warns
    -----
    DegenerateScoresWarning
        Tied maxima (the first is named best) or candidates that rank every row alike.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(3000) < 0.4
    >>> labels = (y & (rng.random(3000) < 0.3)).astype(int)
    >>> signal = y + rng.normal(0, 1, 3000)
    >>> scores = {"strong": signal, "noisy": signal + rng.normal(0, 1, 3000), "near": signal + rng.normal(0, .05, 3000)}
    >>> found = select_models(labels, scores, random_state=0)
    >>> found.best in ("strong", "near"), "noisy" in found.confidence_set
    (True, False)
    >>> found.best_estimate <= found.aul_pu[found.names.index(found.best)]
    True
    """
    level = check_level(level)
    if level < 0.5:
        raise ArgumentError("level", f"must be at least 0.5 for a confidence set, got {level}")
    if propensity is not None and audited is not None:
        raise ArgumentError("audited", "and propensity together are not supported; give one")
    if sample_weight is not None and (propensity is not None or audited is not None):
        raise ArgumentError("sample_weight", "is taken alone, not with propensity or audited")
    names, columns = _candidates(scores)
    labeled, first = check_pu(labels, columns[0], pos_label=pos_label, scores_name=f"scores[{names[0]!r}]")
    columns = [first] + [check_scores(c, labeled.size, f"scores[{name!r}]") for name, c in zip(names[1:], columns[1:])]
    if sample_weight is not None:
        estimates, units, factor, estimator = _weighted_units(labeled, columns, sample_weight)
    else:
        estimates, units, factor, estimator = _units(labeled, columns, propensity, audited)
    r, k = units.shape
    if r < MIN_UNITS:
        units_are = "audited rows" if audited is not None else "labeled rows"
        warnings.warn(f"select_models: the comparisons rest on {r} units ({units_are}); the Gaussian critical "
                      f"values need more (at least {MIN_UNITS}): the set may not hold the best "
                      "at its level", FewUnitsWarning, stacklevel=2)
    scale = math.sqrt(factor / (r * (r - 1)))
    squares = np.einsum("ij,ij->j", units, units)
    se = scale * np.sqrt(squares)
    best = int(np.argmax(estimates))
    if np.count_nonzero(estimates == estimates[best]) > 1:
        warnings.warn(f"{np.count_nonzero(estimates == estimates[best])} candidates tie for the highest estimate; "
                      f"{names[best]!r}, the first, is named best", DegenerateScoresWarning, stacklevel=2)
    rng = check_random_state(random_state)
    draws = _draws(units, scale, rng)
    if k == 1:
        value = float(estimates[0])
        half = NormalDist().inv_cdf(0.5 + level / 2) * float(se[0])
        interval = (max(value - half, 0.0), min(value + half, 1.0))
        return Selection(names, (value,), (float(se[0]),), names[0], names, value, interval, 0.0, level, 0,
                         int(labeled.size), r, estimator)
    bonferroni = NormalDist().inv_cdf(1.0 - (1.0 - level) / (k - 1))
    to_best = _paired_se(units, squares, best, scale)
    contenders = np.flatnonzero(estimates[best] - estimates <= bonferroni * to_best + 1e-15)
    # c_j lies between z_level (one comparison) and the Bonferroni value: a candidate whose largest standardized
    # lead against it is below the first is in, above the second out; the rest (borderline) need their own c_j,
    # computed for the MAX_EXACT with the largest leads, the others kept with the Bonferroni value (said).
    lowest = NormalDist().inv_cdf(level)
    largest = np.empty(contenders.size)
    step = max(1, CHUNK // (8 * k))
    for start in range(0, contenders.size, step):
        block = contenders[start:start + step]
        pair = _paired_se(units, squares, block, scale)
        lead = estimates[:, None] - estimates[block][None, :]
        with np.errstate(divide="ignore", invalid="ignore"):
            standardized = np.where(pair > 0, lead / pair, np.where(lead > 0, np.inf, -np.inf))
        standardized[block, np.arange(block.size)] = -np.inf
        largest[start:start + step] = standardized.max(axis=0)
    members = set(contenders[largest <= lowest].tolist())
    borderline = np.flatnonzero((largest > lowest) & (largest <= bonferroni))
    borderline = borderline[np.argsort(-largest[borderline], kind="stable")]
    for index in borderline[:MAX_EXACT]:
        j = int(contenders[index])
        if largest[index] <= _critical(draws, _paired_se(units, squares, j, scale), j, level):
            members.add(j)
    members.update(contenders[borderline[MAX_EXACT:]].tolist())
    approximate = max(borderline.size - MAX_EXACT, 0)
    critical_best = _critical(draws, to_best, best, level)
    regret = float(np.max(np.maximum(estimates - estimates[best] + critical_best * to_best, 0.0)))
    # the simultaneous interval: the level quantile of max_k |Z_k| / se_k
    positive = se > 0
    simultaneous = float(np.quantile(np.abs(draws[:, positive] / se[positive]).max(axis=1), level)) \
        if positive.any() else 0.0
    naive = float(estimates[best])
    interval = (max(naive - simultaneous * float(se[best]), 0.0), min(naive + simultaneous * float(se[best]), 1.0))
    shifted = estimates + draws
    picked = np.argmax(shifted, axis=1)
    bias = float(np.mean(shifted[np.arange(DRAWS), picked] - estimates[picked]))
    corrected = min(max(naive - bias, interval[0]), interval[1])
    return Selection(names, tuple(map(float, estimates)), tuple(map(float, se)), names[best],
                     tuple(names[j] for j in sorted(members)), corrected, interval, regret, level, approximate,
                     int(labeled.size), r, estimator)


MIN_UNITS = 30
"""Below this many units (labeled rows, or audited rows with an audit) :func:`select_models` warns: its Gaussian
critical values rest on the units' mean."""


class FewUnitsWarning(UserWarning):
    """:func:`select_models` compares the candidates on fewer than :data:`MIN_UNITS` units."""


class FailedFitWarning(UserWarning):
    """Some candidates of a search have a non-finite test score (their fit failed) and are left out."""


class WideSetWarning(UserWarning):
    """:func:`refit_within_set` chose within a set that holds more than half the candidates: the folds' scores
    cannot tell them apart, so the choice rests on the ``order`` alone."""


def refit_within_set(order: Callable[[dict], object] | str, *, level: float = 0.95,
                     score_key: str = "score") -> Callable[[dict], int]:
    """A ``refit`` callable for scikit-learn's ``GridSearchCV`` / ``RandomizedSearchCV`` scored with
    :func:`pueval.aul_pu_scorer`: among the candidates that cannot be ruled out as the best, the simplest.

    The search's ``cv_results_`` keeps each candidate's AUL^PU on every test fold (``split{i}_test_score``). The
    folds' test rows are disjoint, so a candidate's fold differences from another are F independent
    observations; candidate j stays unless some k leads it by more than t_{F−1}(1 − α/(K − 1)) standard errors
    of their mean paired difference (Hsu's comparison with the best, a Bonferroni-t critical value: F is small,
    so no Gaussian law is assumed). Among those kept, the one first by ``order``: a function of a candidate's
    parameter dict giving a sort key (lower = simpler), or a parameter's name (its lower value is simpler), as
    scikit-learn's one-standard-error example picks the fewest components.

    Parameters
    ----------
    order : callable or str
    level : float, default 0.95
    score_key : str, default "score"
        The scorer's name in ``cv_results_`` (``"score"`` for one scorer; with a dict of scorers, its key).

    Returns
    -------
    callable
        ``refit(cv_results) -> int``, the index of the chosen candidate.

    Examples
    --------
    >>> results = {"params": [{"C": 0.1}, {"C": 1.0}, {"C": 10.0}],
    ...            "split0_test_score": [0.70, 0.80, 0.81], "split1_test_score": [0.71, 0.79, 0.80],
    ...            "split2_test_score": [0.69, 0.81, 0.80]}
    >>> refit_within_set("C")(results)  # C = 1 is within reach of the best, C = 10, and simpler
    1

    A set that holds more than half the candidates is a :class:`WideSetWarning` when the simplest is not the best:
    the folds could not tell the candidates apart, and the choice rests on ``order`` alone.
    """
    from scipy.stats import t as student

    level = check_level(level)
    key = order if callable(order) else (lambda params: params[order])
    if not (callable(order) or isinstance(order, str)):
        raise ArgumentError("order", f"must be a function of a parameter dict or a parameter name, got {order!r}")

    def refit(cv_results: dict) -> int:
        if "params" not in cv_results:
            raise ArgumentError("cv_results", "has no 'params' (the candidates' parameter dicts, as a search's "
                                              "cv_results_ holds them)")
        splits = sorted((name for name in cv_results if name.startswith("split")
                         and name.endswith(f"_test_{score_key}")), key=lambda name: int(name[5:].split("_")[0]))
        if len(splits) < 2:
            raise ArgumentError("cv_results", f"needs per-split test scores of {score_key!r} from two folds or more")
        folds = np.column_stack([np.asarray(cv_results[name], dtype=float) for name in splits])
        params = cv_results["params"]
        # a fit that failed leaves NaN in its folds (scikit-learn's error_score=np.nan): never chosen, never a rival
        finite = np.isfinite(folds).all(axis=1)
        fitted = np.flatnonzero(finite)
        if fitted.size == 0:
            raise ArgumentError("cv_results", "every candidate has a non-finite test score in some fold: every fit "
                                              "failed (error_score=np.nan), nothing to choose from")
        if fitted.size < len(folds):
            failed = [params[j] for j in np.flatnonzero(~finite)]
            warnings.warn(f"refit_within_set: {len(failed)} candidate(s) with a non-finite test score (their fit "
                          f"failed) are left out, never chosen: {failed[:5]}" + (" …" if len(failed) > 5 else ""),
                          FailedFitWarning, stacklevel=2)
        folds = folds[fitted]
        count, f = folds.shape
        if count == 1:
            return int(fitted[0])
        mean = folds.mean(axis=1)
        best = int(np.argmax(mean))
        c = float(student.ppf(1.0 - (1.0 - level) / (count - 1), f - 1))
        kept = []
        for j in range(count):
            differences = folds - folds[j]
            se = differences.std(axis=1, ddof=1) / math.sqrt(f)
            lead = mean - mean[j]
            if np.all(np.where(se > 0, lead <= c * se, lead <= 0.0)):
                kept.append(j)
        try:
            chosen = min(kept or [best], key=lambda j: (key(params[fitted[j]]), j))
        except (KeyError, TypeError) as error:
            raise ArgumentError("order", f"cannot order the candidates' parameters ({error!r})") from None
        if 2 * len(kept) > count and chosen != best:
            warnings.warn(f"refit_within_set: {len(kept)} of {count} candidates cannot be ruled out as the best at "
                          f"level {level:g} with {f} folds: their scores do not tell them apart, so the simplest is "
                          f"chosen by order alone; its mean test score is {mean[best] - mean[chosen]:.3g} below the "
                          f"best's ({mean[best]:.3g}). More labeled rows per fold, or more folds, narrow the set.",
                          WideSetWarning, stacklevel=2)
        return int(fitted[chosen])

    return refit
