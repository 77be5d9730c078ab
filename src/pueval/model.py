"""The model under evaluation: LightGBM scores for every row from out-of-fold (cross-fitted) fits.

The paper wants a classifier that is "not too bad nor perfect". Its capacity is set in the config
per dataset (boosting rounds, leaves, the fraction of each fold's training rows used), so the
ground-truth AUC is a property of a documented model, not of edited scores.

LightGBM and scikit-learn are imported when a model is fitted, so that reading a :class:`Capacity` (as the
Snakefile does when it plans the jobs) costs no second of start-up.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pueval import sampling
from pueval.extras import require
from pueval.validation import ArgumentError, check_groups

# LightGBM predicts with OpenMP's default thread count unless told: on the small blocks scored here starting
# the threads costs ~10× the prediction itself (13 ms against 1.2 ms a fold). The scores are the same.
PREDICT_THREADS = 1


@dataclass(frozen=True)
class Capacity:
    """How much the model may learn (config ``datasets.<name>.model``)."""

    rounds: int = 100
    num_leaves: int = 31
    learning_rate: float = 0.1
    train_fraction: float = 1.0
    min_data_in_leaf: int = 20

    def lightgbm_params(self, seed: int) -> dict:
        return {
            "objective": "binary",
            "num_leaves": self.num_leaves,
            "learning_rate": self.learning_rate,
            "min_data_in_leaf": self.min_data_in_leaf,
            "deterministic": True,
            "force_row_wise": True,
            "num_threads": 1,
            "seed": seed,
            "verbosity": -1,
        }


def _grouped_splits(splitter, y: np.ndarray, groups: np.ndarray):
    """The splitter's stratified folds over the groups (one label each), every row going with its group: the
    copies of a row that a bootstrap resample holds are never split between training and held-out rows."""
    first, inverse = check_groups(groups, y.size)
    if (y != y[first][inverse]).any():
        raise ArgumentError("groups", "a group holds rows of both labels")
    sampling.check_folds(y[first], splitter.get_n_splits())
    for train, test in splitter.split(first, y[first]):
        yield np.flatnonzero(np.isin(inverse, train)), np.flatnonzero(np.isin(inverse, test))


def _fold_fits(X: np.ndarray, y: np.ndarray, capacity: Capacity, *, folds: int, seed: int,
               groups: np.ndarray | None = None):
    """Yield (held-out rows, booster fitted on a ``train_fraction`` of the other folds); with ``groups`` (a
    label per row), the folds split the groups, not the rows (:func:`_grouped_splits`)."""
    lgb = require("lightgbm", "the cross-fitted LightGBM model (DistCurve, EN and BBE read its scores)")
    StratifiedKFold = require("sklearn.model_selection", "the cross-fitted LightGBM model").StratifiedKFold

    rng = np.random.default_rng(seed)
    splitter = StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed)
    if groups is None:
        sampling.check_folds(y, folds)
        splits = splitter.split(X, y)
    else:
        splits = _grouped_splits(splitter, y, groups)
    for train, test in splits:
        if capacity.train_fraction < 1.0:
            share = sampling.class_fraction(y[train], capacity.train_fraction, at_least=2)
            train = train[sampling.stratified_choice(y[train], share, rng)]
        booster = lgb.train(
            capacity.lightgbm_params(seed),
            lgb.Dataset(X[train], y[train]),
            num_boost_round=capacity.rounds,
            keep_training_booster=True,  # no model → text → model round trip (~13 ms a fit); the same trees
        )
        yield test, booster


def out_of_fold_scores(
    X: np.ndarray, y: np.ndarray, capacity: Capacity, *, folds: int, seed: int, groups: np.ndarray | None = None
) -> np.ndarray:
    """Raw LightGBM scores, each row predicted by the model fitted on the other folds (of ``groups``, when
    given: rows of one group are held out together)."""
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y)
    scores = np.empty(y.size, dtype=np.float64)
    for test, booster in _fold_fits(X, y, capacity, folds=folds, seed=seed, groups=groups):
        scores[test] = booster.predict(X[test], raw_score=True, num_threads=PREDICT_THREADS)
    return scores


def staged_out_of_fold_scores(
    X: np.ndarray, y: np.ndarray, capacity: Capacity, *, folds: int, seed: int
) -> np.ndarray:
    """Out-of-fold raw scores after each of the ``capacity.rounds`` rounds: shape (rounds, n).

    Row r equals ``out_of_fold_scores`` with ``rounds = r + 1`` up to float rounding: the score
    is the running sum of the trees' leaf values (the first tree carries the initial score).
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y)
    staged = np.empty((capacity.rounds, y.size), dtype=np.float64)
    for test, booster in _fold_fits(X, y, capacity, folds=folds, seed=seed):
        leaves = booster.predict(X[test], pred_leaf=True, num_threads=PREDICT_THREADS).reshape(test.size, -1)
        values = np.empty(leaves.T.shape)
        for t, row in enumerate(leaves.T):
            outputs = np.array([booster.get_leaf_output(t, leaf) for leaf in range(row.max() + 1)])
            values[t] = outputs[row]
        staged[: values.shape[0], test] = np.cumsum(values, axis=0)
        staged[values.shape[0] :, test] = staged[values.shape[0] - 1, test]  # early stop: no more trees
    return staged
