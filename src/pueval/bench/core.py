"""Ranking PU learners from PU data alone: tune each learner inside its training rows, judge it on held-out PU rows.

One split (:func:`tune`): each learner is fitted on the training rows once per point of its grid; the points are
scored on the validation rows two ways, by AUL^PU (the AUL paper's thesis: it needs no prior and no negatives)
and by the learner's own risk (``pu_risk``, lower is better), and the test rows are scored by the model each way
picks (no refit). The judgement (:func:`judge`): per learner its AUL^PU on the test rows with its prior-free
interval; per pair the paired difference (:func:`pueval.aul_pu_difference`) with Holm's adjustment over the
pairs; the confidence set for the best (:func:`pueval.select_models`). With the true classes of the test rows
(a benchmark on labeled data), their AUC and AUL beside, as a check of the PU judgement, never used by it.

:func:`bench` does it on a user's table: ``folds`` disjoint test folds, each learner tuned on the other rows
(a random ``validation`` share of them held out), every row scored once, by a model that never saw it.
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from pueval import metrics, seeds
from pueval.aul_pu import aul_pu_difference, aul_pu_interval, aul_pu_score
from pueval.bench.plugin import LearnerError, LearnerSpec, build, own_risk, scores, specs
from pueval.multitest import holm
from pueval.notebook import html_table, warning_count
from pueval.validation import ArgumentError

__all__ = ["TUNINGS", "Tuned", "BenchResult", "tune", "judge", "bench"]

TUNINGS = ("aul", "risk")  # by AUL^PU on the validation rows (the paper's thesis), by the learner's own risk


@dataclass(frozen=True)
class Tuned:
    """One learner tuned one way on one split: the grid point chosen, its validation AUL^PU and risk, and the
    scores of the test rows."""

    learner: str
    tuning: str
    params: dict
    validation_aul_pu: float
    validation_risk: float
    test_scores: np.ndarray = field(repr=False)


def tune(spec: LearnerSpec, X_train, s_train, X_val, s_val, X_test, *, prior: float | None,
         seed: int) -> list[Tuned]:
    """:class:`Tuned` by each of :data:`TUNINGS` (by risk only where the learner has ``pu_risk``). A failing
    learner raises :class:`LearnerError` naming it.

    Parameters
    ----------
    spec : LearnerSpec
    X_train, s_train : arrays
        The rows each grid point is fitted on.
    X_val, s_val : arrays
        The rows it is tuned on.
    X_test : array
        The rows the chosen models score.
    prior : float or None
        π for a learner that takes it.
    seed : int

    Returns
    -------
    list of Tuned
        Tuned by AUL^PU, then (where it has a risk) by its own risk.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(300, 2)); s = ((X[:, 0] > 0) & (rng.random(300) < 0.5)).astype(int)
    >>> spec = LearnerSpec("lr", "pueval.bench.learners:NaiveLogistic", grid={"C": [0.01, 1.0]})
    >>> [t.tuning for t in tune(spec, X[:150], s[:150], X[150:], s[150:], X[150:], prior=None, seed=0)]
    ['aul', 'risk']
    """
    fits = []
    for candidate in spec.candidates():
        model = build(spec, candidate, prior=prior, seed=seed)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # a learner's convergence chatter; its scores are checked below
                model.fit(X_train, s_train)
                validation = scores(model, X_val, spec.name)
                risk = own_risk(model, X_val, s_val)
                test = scores(model, X_test, spec.name)
        except LearnerError:
            raise
        except Exception as error:  # noqa: BLE001 - any failure of a user's learner is reported, never ranked
            raise LearnerError(f"learner {spec.name!r} failed at {candidate or 'its parameters'}: "
                               f"{type(error).__name__}: {error}") from None
        fits.append((candidate, float(aul_pu_score(s_val, validation)), risk, test))
    by_aul = max(range(len(fits)), key=lambda i: fits[i][1])
    out = [Tuned(spec.name, "aul", fits[by_aul][0], fits[by_aul][1], fits[by_aul][2], fits[by_aul][3])]
    risks = np.array([f[2] for f in fits])
    if np.isfinite(risks).all():
        by_risk = int(np.argmin(risks))
        out.append(Tuned(spec.name, "risk", fits[by_risk][0], fits[by_risk][1], fits[by_risk][2], fits[by_risk][3]))
    return out


def judge(s_test, test_scores: Mapping[str, np.ndarray], *, level: float = 0.95, y_test=None) -> tuple[
        pd.DataFrame, pd.DataFrame]:
    """(per learner: AUL^PU with its interval, and with ``y_test`` the oracle AUC and AUL; per pair A, B: the
    paired difference of AUL^PU, its interval, p and Holm's p over the pairs, and the oracle AUC difference).

    Parameters
    ----------
    s_test : array of shape (n,)
        PU labels of the test rows.
    test_scores : mapping name → array of shape (n,)
    level : float, default 0.95
    y_test : array of shape (n,), optional
        The true classes, for the oracle columns only.

    Returns
    -------
    tuple of (DataFrame, DataFrame)

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(500) < 0.4; s = (y & (rng.random(500) < 0.5)).astype(int)
    >>> table, pairs = judge(s, {"good": y + rng.normal(0, 0.5, 500), "noise": rng.normal(size=500)})
    >>> pairs[["a", "b"]].values.tolist(), bool(pairs["p_holm"].iloc[0] < 0.05)
    ([['good', 'noise']], True)
    """
    s_test = np.asarray(s_test)
    rows = []
    for name, values in test_scores.items():
        low, high = aul_pu_interval(s_test, values, level)
        row = {"learner": name, "aul_pu": float(aul_pu_score(s_test, values)), "aul_pu_low": low, "aul_pu_high": high}
        if y_test is not None:
            row |= {"oracle_auc": float(metrics.auc(y_test, values)), "oracle_aul": float(metrics.aul(y_test, values))}
        rows.append(row)
    pairs = []
    for a, b in itertools.combinations(test_scores, 2):
        d = aul_pu_difference(s_test, test_scores[a], test_scores[b], level=level)
        pair = {"a": a, "b": b, "difference": d.difference, "low": d.ci[0], "high": d.ci[1], "p_value": d.p_value}
        if y_test is not None:
            pair["oracle_auc_difference"] = float(metrics.auc(y_test, test_scores[a]) - metrics.auc(y_test, test_scores[b]))
        pairs.append(pair)
    pairs_frame = pd.DataFrame(pairs, columns=["a", "b", "difference", "low", "high", "p_value"]
                               + (["oracle_auc_difference"] if y_test is not None else []))
    pairs_frame["p_holm"] = holm(pairs_frame["p_value"].tolist()) if len(pairs_frame) else []
    return pd.DataFrame(rows), pairs_frame


@dataclass(frozen=True)
class BenchResult:
    """:func:`bench`'s value: per learner (tuned by AUL^PU) its AUL^PU and interval on every row, scored out of
    fold; the pairs with Holm's p; the confidence set for the best; the learners that failed and why."""

    learners: pd.DataFrame = field(repr=False)
    pairs: pd.DataFrame = field(repr=False)
    best: str
    confidence_set: tuple[str, ...]
    failed: dict
    level: float
    folds: int
    n: int
    n_labeled: int
    selection: object = field(repr=False, default=None)  #: the :class:`~pueval.selection.Selection` behind the set
    warnings: tuple[str, ...] = ()

    def __repr__(self) -> str:
        return (f"BenchResult(best={self.best!r}, confidence_set of {len(self.confidence_set)} of "
                f"{len(self.learners)}, failed {len(self.failed)}, folds={self.folds}, level={self.level:g}"
                f"{warning_count(self.warnings)})")

    def _repr_html_(self) -> str:
        return html_table(self)

    def as_dict(self, *, warnings: bool = True) -> dict:
        """JSON-ready: the scalars, one record per learner and per pair, the failures, the warnings."""
        return {"best": self.best, "confidence_set": list(self.confidence_set), "level": self.level,
                "folds": self.folds, "n": self.n, "n_labeled": self.n_labeled,
                "learners": self.learners.to_dict("records"), "pairs": self.pairs.to_dict("records"),
                "failed": dict(self.failed)} | ({"warnings": list(self.warnings)} if warnings else {})


def bench(X, s, learners: Mapping | Sequence[LearnerSpec], *, folds: int = 5, validation: float = 0.25,
          level: float = 0.95, prior: float | None = None, seed: int = 0) -> BenchResult:
    """Rank PU learners on one PU table from its PU labels alone (module docstring).

    Parameters
    ----------
    X : array of shape (n, d)
        Features.
    s : array of shape (n,)
        1 on the labeled rows, 0 on the unlabeled ones.
    learners : mapping name → entry, or LearnerSpec list
        As :mod:`pueval.bench.plugin` describes.
    folds : int, default 5
        Disjoint test folds (stratified on s).
    validation : float, default 0.25
        The share of the other rows held out to tune on.
    level : float, default 0.95
    prior : float, optional
        π for the learners that take it (``prior: true``); None estimates it by BBE on each fold's training rows
        (:func:`pueval.mpe.estimate_prior`).
    seed : int, default 0

    Returns
    -------
    BenchResult

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(600, 2)); s = ((X[:, 0] > 0) & (rng.random(600) < 0.5)).astype(int)
    >>> bench(X, s, {"lr": {"estimator": "pueval.bench.learners:NaiveLogistic"}}, folds=3).best
    'lr'
    """
    from pueval.sampling import check_folds

    X, s = np.asarray(X, dtype=np.float64), np.asarray(s)
    if X.ndim != 2 or s.shape != (X.shape[0],) or not np.isin(s, (0, 1)).all():
        raise ArgumentError("s", "needs one label, 1 (labeled) or 0 (unlabeled), per row of X")
    if not 0 < validation < 1:
        raise ArgumentError("validation", f"must lie in (0, 1), got {validation}")
    check_folds(s.astype(int), folds)
    learner_specs = list(learners) if not isinstance(learners, Mapping) else specs(learners)
    with warnings.catch_warnings(record=True) as seen:  # every warning raised on the way is the result's too
        warnings.simplefilter("always")
        table, pairs, selection, failed = _bench_folds(X, s, learner_specs, folds=folds, validation=validation,
                                                       level=level, prior=prior, seed=seed)
    caught = tuple(dict.fromkeys(str(w.message) for w in seen))
    return BenchResult(table, pairs, selection.best, selection.confidence_set, failed, level, folds, int(s.size),
                       int(s.sum()), selection, caught)


def _bench_folds(X, s, learner_specs, *, folds: int, validation: float, level: float, prior: float | None,
                 seed: int):
    """:func:`bench`'s folds: (per-learner table, pairs, selection, failures)."""
    from pueval.sampling import stratified_folds
    from pueval.selection import select_models

    fold_of = stratified_folds(s.astype(int), folds, seeds.rng(seed, "bench", "folds"))
    out = {spec.name: np.full(s.size, np.nan) for spec in learner_specs}
    failed: dict[str, str] = {}
    for k in range(folds):
        test = np.flatnonzero(fold_of == k)
        rest = np.flatnonzero(fold_of != k)
        held = np.zeros(rest.size, dtype=bool)
        inner = seeds.rng(seed, "bench", "validation", k)
        for label in (0, 1):
            members = np.flatnonzero(s[rest] == label)
            held[inner.choice(members, max(1, int(round(validation * members.size))), replace=False)] = True
        train, val = rest[~held], rest[held]
        pi = prior
        if pi is None and any(spec.prior for spec in learner_specs):
            from pueval.mpe import estimate_prior

            pi = estimate_prior(X[train], s[train], "bbe", random_state=seeds.int_seed(seed, "bench", "prior", k),
                                interval=None).theta
        for spec in learner_specs:
            if spec.name in failed:
                continue
            try:
                tuned = tune(spec, X[train], s[train], X[val], s[val], X[test], prior=pi,
                             seed=seeds.int_seed(seed, "bench", spec.name, k))
            except LearnerError as error:
                failed[spec.name] = str(error)
                continue
            out[spec.name][test] = tuned[0].test_scores
    ranked = {name: values for name, values in out.items() if name not in failed}
    if len(ranked) < 1:
        raise ArgumentError("learners", "every learner failed: " + "; ".join(failed.values()))
    table, pairs = judge(s, ranked, level=level)
    return table, pairs, select_models(s, ranked, level=level, random_state=seed), failed
