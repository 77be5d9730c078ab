"""pueval.model: the model under evaluation's scores are deterministic, out of fold, and staged scores equal refits."""

import numpy as np
import pytest

from pueval import metrics
from pueval.model import Capacity, out_of_fold_scores, staged_out_of_fold_scores


def _data(n=400, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 4))
    y = (X[:, 0] + rng.normal(size=n) > 0).astype(int)
    return X, y


def test_scores_are_deterministic_and_capacity_matters():
    X, y = _data()
    c = Capacity(rounds=20, num_leaves=4, train_fraction=0.5)
    a = out_of_fold_scores(X, y, c, folds=5, seed=3)
    np.testing.assert_array_equal(a, out_of_fold_scores(X, y, c, folds=5, seed=3))
    assert not np.array_equal(a, out_of_fold_scores(X, y, c, folds=5, seed=4))
    weak = metrics.auc(y, out_of_fold_scores(X, y, Capacity(rounds=1, num_leaves=2), folds=5, seed=3))
    assert weak < metrics.auc(y, a)


def test_scores_are_out_of_fold():
    """A pure-noise label cannot be learned out of fold, though a model could memorise it."""
    X, _ = _data(600)
    y = np.random.default_rng(1).integers(0, 2, 600)
    X[:, 0] = y + np.arange(600) * 1e-6  # the training rows' feature reveals their own label only
    X[:, 0] = np.random.default_rng(2).permutation(X[:, 0])
    scores = out_of_fold_scores(X, y, Capacity(rounds=50, min_data_in_leaf=1), folds=5, seed=0)
    assert abs(metrics.auc(y, scores) - 0.5) < 0.08


def test_staged_scores_equal_refits():
    X, y = _data()
    staged = staged_out_of_fold_scores(X, y, Capacity(rounds=6, num_leaves=3), folds=4, seed=2)
    for r in (1, 3, 6):
        np.testing.assert_allclose(
            staged[r - 1], out_of_fold_scores(X, y, Capacity(rounds=r, num_leaves=3), folds=4, seed=2), atol=1e-12
        )


def test_groups_hold_a_rows_copies_out_together_and_one_row_per_group_is_the_plain_split():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(200, 3))
    y = (X[:, 0] + rng.normal(size=200) > 0.8).astype(int)
    capacity = Capacity(rounds=10, num_leaves=4, learning_rate=0.3)
    plain = out_of_fold_scores(X, y, capacity, folds=4, seed=2)
    assert np.array_equal(out_of_fold_scores(X, y, capacity, folds=4, seed=2, groups=np.arange(200)), plain)
    rows = rng.choice(200, 200)  # a bootstrap resample: copies of a row
    with_groups = out_of_fold_scores(X[rows], y[rows], capacity, folds=4, seed=2, groups=rows)
    without = out_of_fold_scores(X[rows], y[rows], capacity, folds=4, seed=2)
    copies = [np.flatnonzero(rows == r) for r in np.unique(rows)]
    copies = [c for c in copies if c.size > 1]
    # one fold's model scores every copy of a row: the same value; split between folds, they differ
    assert all(np.ptp(with_groups[c]) == 0 for c in copies)
    assert any(np.ptp(without[c]) > 0 for c in copies)
    with pytest.raises(ValueError, match="groups"):
        out_of_fold_scores(X, y, capacity, folds=4, seed=2, groups=np.zeros(200, int))  # one group, both labels
