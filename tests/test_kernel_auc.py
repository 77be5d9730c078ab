import itertools

import numpy as np
import pandas as pd
import pytest
from scipy.optimize import minimize

from pueval import metrics, sampling
from pueval.studies import pu_auc_vs_pu_aul as figure3
from pueval.studies.kernel_ranking import (Moments, Solver, gaussian_basis, pair_risk, pu_auc_risk, pu_auc_system,
                               pu_aul_system)


def _brute_pair_risk(a, b, distinct=False):
    losses = [(1 - (x - y)) ** 2 for i, x in enumerate(a) for j, y in enumerate(b) if not (distinct and i == j)]
    return np.mean(losses)


def test_pair_risks_match_brute_force():
    rng = np.random.default_rng(0)
    a, b = rng.normal(size=7), rng.normal(size=5)
    assert pair_risk(a, b) == pytest.approx(_brute_pair_risk(a, b))
    theta = 0.3
    expected = (_brute_pair_risk(a, b) - theta * _brute_pair_risk(a, a, distinct=True)) / (1 - theta)
    assert pu_auc_risk(a, b, theta) == pytest.approx(expected)


def _basis(seed, n_labeled=8, n_unlabeled=12, b=4):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n_labeled + n_unlabeled, 2))
    Phi = gaussian_basis(X, X[:b], 1.0)
    return Phi[:n_labeled], Phi[n_labeled:]


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


def test_stratified_folds_and_best_mpe():
    labels = np.r_[np.ones(10), np.zeros(23)].astype(int)
    fold = sampling.stratified_folds(labels, 5, np.random.default_rng(0))
    for k in range(5):
        assert (labels[fold == k] == 1).sum() == 2
        assert (labels[fold == k] == 0).sum() in (4, 5)
    estimates = pd.DataFrame({"auc": [0.8, 0.8], "auc_est_km1": [0.7, 0.9], "auc_est_distance": [0.78, 0.83]})
    assert figure3.best_mpe(estimates) == "distance"


def _two_moons(n, seed):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(int)
    t = rng.uniform(0, np.pi, n)
    X = np.c_[np.cos(t) + (1 - y) * 1.0, np.sin(t) * (2 * y - 1) + (1 - y) * 0.4] + rng.normal(0, 0.25, (n, 2))
    return X, y


def test_a_repetition_learns_a_nonlinear_ranking_from_pu_data():
    X, y = _two_moons(600, 0)
    options = {"test_fraction": 0.3, "centers": 50, "folds": 3, "sigma_factors": [0.3, 1.0],
               "lambdas": [1e-3, 1e-1]}

    def true_prior(X_train, is_labeled, seed):
        # the protocol draws the split itself: recover the true prior of this repetition's train part
        return truth["theta"]

    truth = {}
    rows = figure3.repetition(X, y, dataset="toy", rep=0, seed=1, beta=0.3, **options,
                              mpe=lambda X_train, s, seed: 0.0)
    truth["theta"] = rows[0]["theta"]
    rows = figure3.repetition(X, y, dataset="toy", rep=0, seed=1, beta=0.3, **options, mpe=true_prior)
    by_method = {r["method"]: r for r in rows}
    assert set(by_method) == {"PU_AUC", "PU_AUC_oracle", "PU_AUL", "PU_AUL_metric"}
    assert by_method["PU_AUC"]["theta_hat"] == truth["theta"]
    assert by_method["PU_AUC_oracle"]["auc"] == by_method["PU_AUC"]["auc"]  # the oracle is PU_AUC with the true prior
    linear = metrics.auc(y, X @ np.linalg.lstsq(np.c_[X, np.ones(len(X))], y, rcond=None)[0][:2])
    for row in rows:
        assert row["auc"] > max(0.85, linear), row
        assert row["clipped"] == 0
    again = figure3.repetition(X, y, dataset="toy", rep=0, seed=1, beta=0.3, **options, mpe=true_prior)
    assert [r["auc"] for r in again] == [r["auc"] for r in rows]


def test_shared_cross_validation_picks_what_each_method_picks_alone():
    X, y = _two_moons(300, 3)
    rng = np.random.default_rng(0)
    is_labeled = (y == 1) & (rng.random(y.size) < 0.4)
    options = {"sigmas": [0.3, 1.0, 3.0], "lambdas": [1e-3, 1e-1, 10.0],
               "fold": sampling.stratified_folds(is_labeled, 3, rng)}
    both = figure3.fit(("PU_AUL", "PU_AUL_metric"), X, is_labeled, X[:40], **options)
    for method in both:
        alone = figure3.fit(method, X, is_labeled, X[:40], **options)[method]
        assert (alone["sigma"], alone["lam"]) == (both[method]["sigma"], both[method]["lam"])
        np.testing.assert_array_equal(alone["w"], both[method]["w"])
    with pytest.raises(ValueError, match="share one system"):
        figure3.fit(("PU_AUC", "PU_AUL"), X, is_labeled, X[:40], **options)


def test_pu_aul_is_tuned_by_its_own_pair_risk_on_the_held_out_fold():
    f, is_labeled = np.array([2.0, 1.0, 0.5, 0.0]), np.array([True, False, True, False])
    pairs = [(a, b) for a in f[is_labeled] for b in f]  # labeled vs all, self-pairs included
    brute = np.mean([(1 - (a - b)) ** 2 for a, b in pairs])
    assert figure3.SYSTEMS["PU_AUL"][1](f, is_labeled, 0.0) == pytest.approx(-brute)
    assert figure3.SYSTEMS["PU_AUL_metric"][1](f, is_labeled, 0.0) == metrics.aul(is_labeled.astype(int), f)


def test_summary_pairs_repetitions_in_a_t_test():
    d = np.array([0.03, 0.01, 0.02, -0.01, 0.04])
    t = d.mean() / (d.std(ddof=1) / np.sqrt(d.size))
    from scipy.stats import t as student_t
    assert figure3.paired_test(d) == pytest.approx(2 * student_t.sf(abs(t), d.size - 1))
    assert figure3.paired_test(np.zeros(4)) == 1.0 and np.isnan(figure3.paired_test(d[:1]))
    rows = [{"dataset": "a", "rep": r, "method": m, "auc": a, "train_seconds": 1.0, "prior_method": "km1"}
            for r in range(5) for m, a in (("PU_AUC", 0.8), ("PU_AUL", 0.8 + d[r]))]
    summary = figure3.summarize(pd.DataFrame(rows)).iloc[0]
    assert summary["aul_minus_auc"] == pytest.approx(d.mean())
    assert summary["p_aul_minus_auc"] == pytest.approx(figure3.paired_test(d))
    assert summary["repetitions"] == 5 and "aul_minus_oracle" not in summary
