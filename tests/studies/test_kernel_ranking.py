"""pueval.studies.kernel_ranking: the pair risks, quadratic forms and closed forms of the kernel rankers against
brute force and a numeric minimizer."""

import itertools

import numpy as np
import pytest
from scipy.optimize import minimize

from pueval.studies.kernel_ranking import (
    Moments,
    Solver,
    gaussian_basis,
    pair_risk,
    pu_auc_risk,
    pu_auc_system,
    pu_aul_system,
)


def _brute_pair_risk(a, b, distinct=False):
    losses = [(1 - (x - y)) ** 2 for i, x in enumerate(a) for j, y in enumerate(b) if not (distinct and i == j)]
    return np.mean(losses)


def _basis(seed, n_labeled=8, n_unlabeled=12, b=4):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n_labeled + n_unlabeled, 2))
    Phi = gaussian_basis(X, X[:b], 1.0)
    return Phi[:n_labeled], Phi[n_labeled:]


def test_pair_risks_match_brute_force():
    rng = np.random.default_rng(0)
    a, b = rng.normal(size=7), rng.normal(size=5)
    assert pair_risk(a, b) == pytest.approx(_brute_pair_risk(a, b))
    theta = 0.3
    expected = (_brute_pair_risk(a, b) - theta * _brute_pair_risk(a, a, distinct=True)) / (1 - theta)
    assert pu_auc_risk(a, b, theta) == pytest.approx(expected)


@pytest.mark.parametrize("seed", range(3))
def test_quadratic_forms_equal_the_risks_of_the_scores(seed):
    """const − 2hᵀw + wᵀHw equals the pair risks computed from the scores f = Φw."""
    L, U = _basis(seed)
    w = np.random.default_rng(seed + 10).normal(size=L.shape[1])
    H, h = pu_auc_system(Moments.of(L), Moments.of(U), 0.4)
    assert 1 - 2 * h @ w + w @ H @ w == pytest.approx(pu_auc_risk(L @ w, U @ w, 0.4))
    H, h = pu_aul_system(Moments.of(L), Moments.of(U))
    A = np.vstack([L, U])
    assert 1 - 2 * h @ w + w @ H @ w == pytest.approx(pair_risk(L @ w, A @ w))


@pytest.mark.parametrize("method", ["PU_AUC", "PU_AUL"])
def test_closed_form_equals_a_numeric_minimizer(method):
    L, U = _basis(1)
    lam, theta = 0.05, 0.3
    if method == "PU_AUC":
        H, h = pu_auc_system(Moments.of(L), Moments.of(U), theta)

        def risk(w):
            return pu_auc_risk(L @ w, U @ w, theta) + lam * w @ w
    else:
        H, h = pu_aul_system(Moments.of(L), Moments.of(U))

        def risk(w):
            return pair_risk(L @ w, np.vstack([L, U]) @ w) + lam * w @ w
    solver = Solver(H, h)
    assert solver.clipped == 0
    numeric = minimize(risk, np.zeros(L.shape[1]), method="BFGS", options={"gtol": 1e-10}).x
    np.testing.assert_allclose(solver(lam), numeric, atol=1e-5)


def test_pu_auc_risk_is_unbiased_for_the_pn_risk_with_the_true_prior():
    """Exact expectation over every SCAR labeled set of size k: E[R_PU] = R_PN for any scores."""
    rng = np.random.default_rng(3)
    f_pos, f_neg = rng.normal(1, 1, size=7), rng.normal(0, 1, size=5)
    k = 3
    theta_p = (7 - k) / (7 - k + 5)
    risks = []
    for chosen in itertools.combinations(range(7), k):
        labeled = np.zeros(7, bool)
        labeled[list(chosen)] = True
        risks.append(pu_auc_risk(f_pos[labeled], np.r_[f_pos[~labeled], f_neg], theta_p))
    assert np.mean(risks) == pytest.approx(pair_risk(f_pos, f_neg), rel=1e-12)
    # with a wrong prior it is biased
    wrong = [pu_auc_risk(f_pos[list(c)], np.r_[np.delete(f_pos, list(c)), f_neg], 0.1)
             for c in itertools.combinations(range(7), k)]
    assert abs(np.mean(wrong) - pair_risk(f_pos, f_neg)) > 0.01


def test_an_overestimated_prior_gives_an_indefinite_h_which_is_clipped():
    L, U = _basis(2, n_labeled=30, n_unlabeled=30, b=6)
    H, h = pu_auc_system(Moments.of(L), Moments.of(U), 0.95)
    assert np.linalg.eigvalsh(H).min() < 0
    solver = Solver(H, h)
    assert solver.clipped > 0
    w = solver(1e-3)
    assert np.isfinite(w).all()
    with pytest.raises(ValueError, match="prior"):
        pu_auc_system(Moments.of(L), Moments.of(U), 1.0)


def test_moments_cross_and_covariance_match_brute_force():
    L, U = _basis(4)
    a, b = Moments.of(L), Moments.of(U)
    brute = np.mean([np.outer(x - y, x - y) for x in L for y in U], axis=0)
    np.testing.assert_allclose(a.cross(b), brute)
    np.testing.assert_allclose(a.covariance(), np.cov(L.T))
    np.testing.assert_allclose((a + b - b).outer, a.outer)
