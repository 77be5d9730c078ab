"""pueval.bench.core: tuning inside the training rows, judging on held-out rows, bench on a user's table."""

import numpy as np
import pytest

from pueval import aul_pu_score
from pueval.bench import core, plugin
from pueval.multitest import holm


class Column:
    """Scores a row by one feature, chosen by ``column``; its own risk is ``column`` itself (to test tuning)."""

    def __init__(self, column=0, random_state=0):
        self.column, self.random_state = column, random_state

    def get_params(self, deep=False):
        return {"column": self.column, "random_state": self.random_state}

    def set_params(self, **params):
        for key, value in params.items():
            setattr(self, key, value)
        return self

    def fit(self, X, s):
        return self

    def decision_function(self, X):
        return np.asarray(X)[:, self.column]

    def pu_risk(self, X, s):
        return float(self.column)


class Failing(Column):
    def fit(self, X, s):
        raise RuntimeError("no luck")


def _data(n=900, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.4
    X = np.column_stack([rng.normal(size=n), y + rng.normal(0, 0.7, n), y + rng.normal(0, 2.0, n)])
    s = (y & (rng.random(n) < 0.5)).astype(int)
    return X, y.astype(int), s


def test_tune_takes_the_best_validation_aul_and_the_least_risk():
    X, _, s = _data()
    spec = plugin.LearnerSpec("col", f"{__name__}:Column", grid={"column": [0, 1, 2]})
    by_aul, by_risk = core.tune(spec, X[:300], s[:300], X[300:600], s[300:600], X[600:], prior=None, seed=0)
    assert by_aul.params == {"column": 1} and by_risk.params == {"column": 0}
    assert by_aul.validation_aul_pu == pytest.approx(aul_pu_score(s[300:600], X[300:600, 1]))
    np.testing.assert_array_equal(by_aul.test_scores, X[600:, 1])


def test_a_failing_learner_is_named():
    X, _, s = _data()
    with pytest.raises(plugin.LearnerError, match="learner 'f' failed at its parameters: RuntimeError: no luck"):
        core.tune(plugin.LearnerSpec("f", f"{__name__}:Failing"), X, s, X, s, X, prior=None, seed=0)


def test_judge_gives_intervals_pairs_with_holm_and_the_oracle_beside():
    X, y, s = _data()
    table, pairs = core.judge(s, {"a": X[:, 0], "b": X[:, 1], "c": X[:, 2]}, y_test=y)
    assert list(pairs[["a", "b"]].itertuples(index=False, name=None)) == [("a", "b"), ("a", "c"), ("b", "c")]
    np.testing.assert_allclose(pairs["p_holm"], holm(pairs["p_value"].tolist()))
    assert table.set_index("learner").loc["b", "oracle_auc"] > 0.7
    assert (table["aul_pu_low"] <= table["aul_pu"]).all() and (table["aul_pu"] <= table["aul_pu_high"]).all()


def test_bench_scores_every_row_out_of_fold_and_names_the_failures():
    X, _, s = _data(n=1200, seed=3)
    result = core.bench(X, s, {"col": {"estimator": f"{__name__}:Column", "grid": {"column": [0, 1, 2]}},
                               "noise": {"estimator": f"{__name__}:Column"},
                               "broken": {"estimator": f"{__name__}:Failing"}}, folds=4, seed=1)
    assert set(result.failed) == {"broken"} and "no luck" in result.failed["broken"]
    assert result.best == "col" and "noise" not in result.confidence_set
    row = result.learners.set_index("learner").loc["col"]
    assert row["aul_pu"] == pytest.approx(aul_pu_score(s, X[:, 1]))  # column 1 won on every fold's validation rows
    assert result.as_dict()["failed"] == result.failed and "BenchResult(best='col'" in repr(result)


def test_bench_carries_the_warnings_and_refuses_more_folds_than_labeled_rows():
    X, _, s = _data(n=600, seed=4)
    constant = {"flat": {"estimator": f"{__name__}:Column", "params": {"column": 0}},
                "col": {"estimator": f"{__name__}:Column", "params": {"column": 1}}}
    X = X.copy()
    X[:, 0] = 1.0  # a learner that ranks nothing: its warning is in the result
    result = core.bench(X, s, constant, folds=3)
    assert any("every score is equal" in w for w in result.warnings)
    with pytest.raises(ValueError, match="folds: 1000 folds"):
        core.bench(X, s, constant, folds=1000)
