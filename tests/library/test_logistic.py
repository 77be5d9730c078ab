"""pueval.logistic: the penalized logistic regression solved by Newton's method equals scikit-learn's liblinear with
weights and soft targets."""

import numpy as np
import pytest

from pueval import logistic

sklearn_linear = pytest.importorskip("sklearn.linear_model")


def _liblinear():
    return sklearn_linear.LogisticRegression(solver="liblinear", C=1.0, tol=1e-12, max_iter=100_000)


@pytest.mark.parametrize("penalize_intercept", [True, False])
def test_logistic_fit_equals_scikit_learn_with_weights_and_soft_targets(penalize_intercept):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(120, 3))
    target = rng.random(120)  # soft: their two weighted copies of every row
    weight = rng.random((2, 120)) * 2
    ours = logistic.fit(logistic.with_intercept(x), target, weight, penalize_intercept=penalize_intercept)
    for j in range(2):
        model = (_liblinear() if penalize_intercept else
                 sklearn_linear.LogisticRegression(C=1.0, tol=1e-12, max_iter=100_000))
        model.fit(np.r_[x, x], np.r_[np.ones(120), np.zeros(120)], sample_weight=np.r_[weight[j] * target,
                                                                                         weight[j] * (1 - target)])
        np.testing.assert_allclose(ours[j], np.r_[model.coef_[0], model.intercept_], atol=1e-6)


def test_a_missing_feature_value_is_named_not_a_failure_to_converge():
    x1 = logistic.with_intercept(np.array([[0.0], [np.nan], [2.0], [3.0]]))
    with pytest.raises(ValueError, match="^x1: must be finite"):
        logistic.fit(x1, np.array([0.0, 0.0, 1.0, 1.0]), np.ones((1, 4)))
