"""pueval.bench.plugin: learners named by import path, and what a bad one is told."""

import numpy as np
import pytest

from pueval.bench import plugin


def test_a_spec_is_read_from_its_entry_and_its_grid_expanded():
    spec = plugin.LearnerSpec.of("x", {"estimator": "pueval.bench.learners:NaiveLogistic", "params": {"C": 2.0},
                                       "grid": {"C": [0.1, 1], "random_state": [0, 1, 2]}})
    assert len(spec.candidates()) == 6 and spec.candidates()[0] == {"C": 0.1, "random_state": 0}
    assert plugin.LearnerSpec.of("y", {"estimator": "a.b:C"}).candidates() == [{}]


@pytest.mark.parametrize("entry, message", [
    ({"params": {}}, "needs an entry"),
    ({"estimator": "a.b:C", "tuning": 1}, "unknown keys \\['tuning'\\]"),
    ({"estimator": "a.b:C", "grid": {"C": []}}, "grid 'C' must list at least one value"),
])
def test_a_bad_entry_is_named(entry, message):
    with pytest.raises(plugin.LearnerError, match=f"learner 'bad'.*{message}"):
        plugin.LearnerSpec.of("bad", entry)


@pytest.mark.parametrize("path, message", [("no_colon", "not of the form"), ("nowhere.mod:X", "cannot import"),
                                           ("numpy:pi", "is not a class")])
def test_a_bad_path_is_named(path, message):
    with pytest.raises(plugin.LearnerError, match=f"learner 'bad'.*{message}"):
        plugin.load_class(path, "bad")


def test_build_passes_the_prior_the_seed_and_nested_estimators():
    spec = plugin.LearnerSpec("n", "pueval.bench.learners:NNPU", {"model": "mlp"}, prior=True)
    model = plugin.build(spec, {"stepsize": 0.01}, prior=0.3, seed=11)
    assert (model.prior, model.model, model.stepsize, model.random_state) == (0.3, "mlp", 0.01, 11)
    with pytest.raises(plugin.LearnerError, match="needs the class prior"):
        plugin.build(spec, {}, prior=None, seed=0)
    nested = plugin.LearnerSpec("b", "sklearn.ensemble:BaggingClassifier", {
        "estimator": {"estimator": "sklearn.tree:DecisionTreeClassifier", "params": {"max_depth": 2}}})
    built = plugin.build(nested, {}, prior=None, seed=3)
    assert built.estimator.max_depth == 2 and built.random_state == 3
    with pytest.raises(plugin.LearnerError, match="does not take these parameters"):
        plugin.build(plugin.LearnerSpec("z", "pueval.bench.learners:NaiveLogistic", {"depth": 1}), {}, prior=None,
                     seed=0)


def test_scores_read_class_one_or_the_decision_function_and_refuse_nan():
    class Proba:
        classes_ = np.array([1, 0])

        def predict_proba(self, X):
            return np.column_stack([np.full(len(X), 0.8), np.full(len(X), 0.2)])

    class Decision:
        def decision_function(self, X):
            return np.arange(len(X), dtype=float)

    class Broken(Decision):
        def decision_function(self, X):
            return np.full(len(X), np.nan)

    X = np.zeros((3, 1))
    assert plugin.scores(Proba(), X, "p").tolist() == [0.8, 0.8, 0.8]  # the column of class 1, wherever it is
    assert plugin.scores(Decision(), X, "d").tolist() == [0.0, 1.0, 2.0]
    with pytest.raises(plugin.LearnerError, match="learner 'x': scores are not one finite number per row"):
        plugin.scores(Broken(), X, "x")
    assert np.isnan(plugin.own_risk(Decision(), X, np.zeros(3)))


def test_a_learner_from_an_outside_package_runs_through_the_plug_in():
    pytest.importorskip("pulearn")
    from pueval.bench import bench

    rng = np.random.default_rng(0)
    X = rng.normal(size=(600, 3))
    s = ((X[:, 0] > 0) & (rng.random(600) < 0.5)).astype(int)
    result = bench(X, s, {
        "pulearn_elkanoto": {"estimator": "pulearn:ElkanotoPuClassifier", "params": {
            "estimator": {"estimator": "sklearn.linear_model:LogisticRegression"}, "hold_out_ratio": 0.1}},
        "naive_logistic": {"estimator": "pueval.bench.learners:NaiveLogistic"}}, folds=3)
    assert not result.failed and set(result.learners["learner"]) == {"pulearn_elkanoto", "naive_logistic"}
    assert (result.learners["aul_pu"] > 0.6).all()
