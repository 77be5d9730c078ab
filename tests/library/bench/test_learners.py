"""pueval.bench.learners: each built-in against a plain restatement of its authors' definition."""

import numpy as np
import pytest

from pueval import metrics
from pueval.bench import learners


def _problem(n=400, seed=0, d=3):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = (X[:, 0] + 0.5 * X[:, 1] + 0.5 * rng.normal(size=n) > 0).astype(int)
    s = ((y == 1) & (rng.random(n) < 0.5)).astype(int)
    return X, y, s


def _restated_risk(f, s, prior):
    """Kiryo et al.'s pu_loss.py restated: (positive part, negative part) with l(z) = sigmoid(-z)."""
    sig = lambda z: 1 / (1 + np.exp(-z))  # noqa: E731
    n_p, n_u = max(1, (s == 1).sum()), max(1, (s == 0).sum())
    positive = np.sum(prior * (s == 1) / n_p * sig(-f))
    negative = np.sum(((s == 0) / n_u - prior * (s == 1) / n_p) * sig(f))
    return positive, negative


@pytest.mark.parametrize("model", ["linear", "mlp"])
@pytest.mark.parametrize("nonnegative", [False, True])
def test_nnpu_gradient_is_the_authors_loss_differentiated(model, nonnegative):
    X, _, s = _problem(n=60, d=3)
    learner = learners.NNPU(prior=0.7, model=model, nonnegative=nonnegative, hidden=4)
    rng = np.random.default_rng(1)
    weights = ([rng.normal(size=3), rng.normal(size=1)] if model == "linear"
               else [rng.normal(size=(3, 4)), rng.normal(size=4), rng.normal(size=4), rng.normal(size=1)])
    grads = learner._gradients(X, s, weights)

    def objective(w):
        f = learner._forward(X, w)[0]
        positive, negative = _restated_risk(f, s, 0.7)
        if nonnegative and negative < 0:  # the authors' backward: -gamma times the negative part alone
            return -negative
        return positive + negative

    for k, w in enumerate(weights):
        numeric = np.zeros_like(w)
        for index in np.ndindex(w.shape):
            up = [x.copy() for x in weights]
            down = [x.copy() for x in weights]
            up[k][index] += 1e-6
            down[k][index] -= 1e-6
            numeric[index] = (objective(up) - objective(down)) / 2e-6
        np.testing.assert_allclose(grads[k], numeric, rtol=1e-5, atol=1e-8)


def test_nnpu_switches_to_the_negative_part_when_it_falls_below_minus_beta():
    X, _, s = _problem(n=60, d=3)
    learner = learners.NNPU(prior=0.9, model="linear")
    weights = [np.array([8.0, 0.0, 0.0]), np.array([0.0])]  # f high on the labeled rows: the negative part < 0
    f = learner._forward(X, weights)[0]
    positive, negative = _restated_risk(f, s, 0.9)
    assert negative < 0
    switched = learner._gradients(X, s, weights)
    plain = learners.NNPU(prior=0.9, model="linear", nonnegative=False)._gradients(X, s, weights)
    assert not np.allclose(switched[0], plain[0])
    learner.mean_, learner.scale_, learner.weights_ = np.zeros(3), np.ones(3), weights  # as if fitted to these
    assert learner.pu_risk(X, s) == pytest.approx(positive)  # the risk with its negative part floored at 0


def test_nnpu_one_step_is_chainers_adam_with_weight_decay():
    X, _, s = _problem(n=50, d=2)
    learner = learners.NNPU(prior=0.6, model="linear", epochs=1, batch_size=1000, stepsize=0.01,
                            random_state=3).fit(X, s)
    Z = (X - X.mean(axis=0)) / X.std(axis=0)
    rng = np.random.default_rng(3)
    w0, b0 = rng.normal(0, 1 / np.sqrt(2), 2), np.zeros(1)
    rng.permutation(50)
    g = learners.NNPU(prior=0.6, model="linear")._gradients(Z, s, [w0, b0])
    expected = []
    for w, grad in zip((w0, b0), g):
        grad = grad + 0.005 * w
        m, v = 0.1 * grad, 0.001 * grad**2  # one step from zero moments
        lr = 0.01 * np.sqrt(1 - 0.999) / (1 - 0.9)
        expected.append(w - lr * m / (np.sqrt(v) + 1e-8))
    np.testing.assert_allclose(learner.weights_[0], expected[0], rtol=1e-12)
    np.testing.assert_allclose(learner.weights_[1], expected[1], rtol=1e-12)


def test_nnpu_needs_a_prior():
    X, _, s = _problem()
    with pytest.raises(ValueError, match="prior: uPU and nnPU need the class prior"):
        learners.NNPU().fit(X, s)


def test_elkan_noto_divides_g_by_c_from_its_held_out_labeled_rows():
    X, _, s = _problem(seed=2)
    fitted = learners.ElkanNoto(C=1.0, random_state=5).fit(X, s)
    rng = np.random.default_rng(5)
    held = np.zeros(s.size, dtype=bool)
    held[rng.choice(s.size, 40, replace=False)] = True
    g = learners._logistic(1.0, 5).fit(X[~held], s[~held])
    c = g.predict_proba(X[held & (s == 1)])[:, 1].mean()
    assert fitted.c_ == pytest.approx(c)
    np.testing.assert_allclose(fitted.predict_proba(X)[:, 1], np.minimum(g.predict_proba(X)[:, 1] / c, 1))


def test_bagging_pu_averages_svms_of_every_labeled_row_against_k_unlabeled_draws():
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import SVC

    X, _, s = _problem(n=200, seed=4)
    fitted = learners.BaggingPU(C=2.0, n_estimators=5, random_state=7).fit(X, s)
    Z = StandardScaler().fit_transform(X)
    rng = np.random.default_rng(7)
    P, U = np.flatnonzero(s == 1), np.flatnonzero(s == 0)
    values = []
    for _ in range(5):
        rows = np.r_[P, rng.choice(U, P.size, replace=True)]
        values.append(SVC(C=2.0, gamma="scale").fit(Z[rows], s[rows]).decision_function(Z))
    np.testing.assert_allclose(fitted.decision_function(X), np.mean(values, axis=0))


@pytest.mark.parametrize("learner", [learners.NaiveLightGBM(n_estimators=30), learners.NaiveLogistic(),
                                     learners.ElkanNoto(), learners.BaggingPU(n_estimators=5),
                                     learners.NNPU(prior=0.33, stepsize=0.01),
                                     learners.NNPU(prior=0.33, model="mlp", stepsize=0.01)],
                         ids=lambda x: type(x).__name__ + getattr(x, "model", ""))
def test_every_built_in_learns_the_true_classes_from_pu_labels(learner):
    X, y, s = _problem(n=600, seed=6)
    X_test, y_test, _ = _problem(n=600, seed=7)
    fitted = learner.fit(X, s)
    assert metrics.auc(y_test, fitted.predict_proba(X_test)[:, 1]) > 0.8
    assert np.isfinite(fitted.pu_risk(X_test, s[:600]))
    shuffled = learner.fit(X, np.random.default_rng(0).permutation(s))
    assert metrics.auc(y_test, shuffled.predict_proba(X_test)[:, 1]) < 0.75  # labels unrelated to X teach little
