"""SAR-EM (pueval.sar_em) against a plain restatement of the authors' pu_learn_sar_em with scikit-learn's liblinear,
and its use: propensities that correct AUL^PU."""

import numpy as np
import pytest
from scipy.special import expit

from pueval import aul_pu_score, metrics
from pueval.sar_em import ConvergenceWarning, sar_em

sklearn_linear = pytest.importorskip("sklearn.linear_model")


def _liblinear():
    return sklearn_linear.LogisticRegression(solver="liblinear", C=1.0, tol=1e-12, max_iter=100_000)


def _their_sar_em(x, s, e_cols, max_its):
    """pu_learn_sar_em (ML-KULeuven/SAR-PU, sarpu/pu_learning.py, b75f652) with LogisticRegressionPU(), read
    plainly: initialize_simple, then max_its rounds of maximization and expectation (no stopping rule)."""
    def proba(model, cols):
        return model.predict_proba(x[:, cols])[:, 1]

    share = s.sum() / s.size
    f_model = _liblinear().fit(x, s, sample_weight=s * (1 - share) + (1 - s) * share)
    e_model = _liblinear().fit(x[:, e_cols], s, sample_weight=s + (1 - s) * proba(f_model, slice(None)))
    f, e = proba(f_model, slice(None)), proba(e_model, e_cols)
    posterior = s + (1 - s) * (f * (1 - e)) / (1 - f * e)
    for _ in range(max_its):
        e_model = _liblinear().fit(x[:, e_cols], s, sample_weight=posterior)
        f_model = _liblinear().fit(np.r_[x, x], np.r_[np.ones_like(s), np.zeros_like(s)],
                                   sample_weight=np.r_[posterior, 1 - posterior])
        f, e = proba(f_model, slice(None)), proba(e_model, e_cols)
        posterior = s + (1 - s) * (f * (1 - e)) / (1 - f * e)
    return e, f


def test_sar_em_equals_their_loop():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(300, 3))
    y = rng.random(300) < expit(1.5 * x[:, 0] + 0.5 * x[:, 1])
    s = (y & (rng.random(300) < expit(0.5 + x[:, 2]))).astype(int)
    with pytest.warns(ConvergenceWarning, match="sar_em stopped at max_iter = 8 maximizations"):
        fitted = sar_em(x, s, [2], max_iter=8, slope_eps=1e-300, ll_eps=1e-300)  # no early stop: 8 rounds
    assert fitted.iterations == 8 and not fitted.converged and fitted.loglikelihoods.size == 9
    e, f = _their_sar_em(x, s, [2], 8)
    np.testing.assert_allclose(fitted.propensity, e, atol=1e-6)
    np.testing.assert_allclose(fitted.class_probability, f, atol=1e-6)


def test_sar_em_recovers_the_propensity_and_corrects_aul_pu():
    rng = np.random.default_rng(2)
    n = 6000
    x = rng.normal(size=(n, 2))
    y = rng.random(n) < expit(1.5 * x[:, 0])
    score = x[:, 0] + x[:, 1] + rng.normal(0, 1, n)  # the score reads x₁, which the labeling depends on
    e_true = expit(-0.5 + 1.5 * x[:, 1])
    s = (y & (rng.random(n) < e_true)).astype(int)
    fitted = sar_em(x, s, [1])
    assert fitted.converged and fitted.iterations < 500
    assert np.abs(fitted.propensity[s == 1] - e_true[s == 1]).mean() < 0.05
    truth = metrics.aul(y.astype(int), score)
    assert aul_pu_score(s, score) - truth > 0.05  # the labeled rows rank high: AUL^PU over-states the AUL
    # weighted by SAR-EM's propensities, the estimate is the one the true propensities give (their own sampling
    # error, ±0.03 at this size, is the interval's business)
    weighted = aul_pu_score(s, score, propensity=fitted.propensity)
    assert weighted == pytest.approx(aul_pu_score(s, score, propensity=e_true), abs=0.005)
    assert weighted == pytest.approx(truth, abs=0.03)


@pytest.mark.parametrize("kwargs, message", [
    ({"propensity_attributes": [5]}, "propensity_attributes"),
    ({"propensity_attributes": []}, "propensity_attributes"),
    ({"propensity_attributes": [0], "classification_attributes": np.array([True])}, "classification_attributes"),
    ({"propensity_attributes": [0], "max_iter": 0}, "max_iter"),
    ({"propensity_attributes": [0], "slope_eps": 0.0}, "slope_eps"),
    ({"propensity_attributes": [0], "ll_eps": np.nan}, "ll_eps"),
])
def test_sar_em_names_a_bad_argument(kwargs, message):
    x = np.random.default_rng(3).normal(size=(40, 2))
    s = np.r_[np.ones(10, int), np.zeros(30, int)]
    with pytest.raises(ValueError, match=message):
        sar_em(x, s, **kwargs)
    with pytest.raises(ValueError, match="labels"):
        sar_em(x, np.ones(40, int), [0])


@pytest.mark.parametrize("kwargs, name", [({"window": 10**7}, "window"),  # a window of 10**7 was 111 GiB ({"max_iter": 10**9}, "max_iter"),
                                          ({"slope_eps": "1e-4"}, "slope_eps"), ({"ll_eps": np.inf}, "ll_eps")])
def test_the_stopping_rule_options_are_bounded_by_name(kwargs, name):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(100, 2))
    with pytest.raises(ValueError, match=f"^{name}: "):
        sar_em(x, (np.arange(100) % 3 == 0).astype(int), [1], **kwargs)


def test_a_window_longer_than_the_iterations_keeps_no_window():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(300, 2))
    s = (rng.random(300) < expit(x[:, 1]) * 0.5).astype(int)
    with pytest.warns(ConvergenceWarning):
        assert sar_em(x, s, [1], max_iter=5, window=90_000).iterations == 5  # stops at max_iter, allocates nothing
