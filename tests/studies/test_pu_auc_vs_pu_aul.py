"""pueval.studies.pu_auc_vs_pu_aul (the AUL paper's Figure 3): folds, the best MPE, a repetition, the shared
cross-validation, PU_AUL tuned by its own risk, the paired t summary."""

import numpy as np
import pandas as pd
import pytest

from pueval import metrics, sampling
from pueval.studies import pu_auc_vs_pu_aul as figure3


def _two_moons(n, seed):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(int)
    t = rng.uniform(0, np.pi, n)
    X = np.c_[np.cos(t) + (1 - y) * 1.0, np.sin(t) * (2 * y - 1) + (1 - y) * 0.4] + rng.normal(0, 0.25, (n, 2))
    return X, y


def test_figure3_sizes():
    y = np.r_[np.ones(30, int), np.zeros(70, int)]
    figure3.check_sizes(y, 0.4, test_fraction=0.3, folds=5)  # 21 training positives, 8 labeled: fine
    with pytest.raises(ValueError, match="folds: 5 folds, but beta = 0.1 labels only 2"):
        figure3.check_sizes(y, 0.1, test_fraction=0.3, folds=5)  # 2 labeled rows for 5 folds
    with pytest.raises(ValueError, match="test_fraction: 0.3 leaves a class out"):
        figure3.check_sizes(np.r_[np.ones(1, int), np.zeros(70, int)], 0.4, test_fraction=0.3, folds=2)


def test_stratified_folds_and_best_mpe():
    labels = np.r_[np.ones(10), np.zeros(23)].astype(int)
    fold = sampling.stratified_folds(labels, 5, np.random.default_rng(0))
    for k in range(5):
        assert (labels[fold == k] == 1).sum() == 2
        assert (labels[fold == k] == 0).sum() in (4, 5)
    estimates = pd.DataFrame({"auc": [0.8, 0.8], "auc_est_km1": [0.7, 0.9], "auc_est_distance": [0.78, 0.83]})
    assert figure3.best_mpe(estimates) == "distance"


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
    assert set(by_method) == {"PU_AUC", "PU_AUC_oracle", "PU_AUC_01", "PU_AUL", "PU_AUL_metric"}
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


def test_the_corrected_resampled_t_test_is_nadeau_and_bengios():
    from scipy.stats import t as student

    d = np.array([0.031, -0.004, 0.022, 0.015, 0.040, 0.009, 0.027, -0.011, 0.018, 0.025])
    r, ratio = d.size, 0.3 / 0.7
    statistic = d.mean() / np.sqrt((1 / r + ratio) * d.var(ddof=1))  # the paper's variance, restated
    expected = 2 * student.sf(abs(statistic), r - 1)
    assert figure3.corrected_paired_test(d, 0.3) == pytest.approx(expected, rel=1e-12)
    assert figure3.corrected_paired_test(d, 0.3) > figure3.paired_test(d)


def test_summarize_adds_the_corrected_and_holm_adjusted_p_values():
    rows = [{"dataset": name, "rep": r, "method": method, "auc": 0.8 + shift * (method == "PU_AUL") + 0.01 * r,
             "train_seconds": 1.0, "prior_method": "km1"}
            for name, shift in (("a", 0.02), ("b", 0.0)) for r in range(4) for method in ("PU_AUL", "PU_AUC")]
    frame = pd.DataFrame(rows)
    frame.loc[(frame["dataset"] == "a") & (frame["method"] == "PU_AUL") & (frame["rep"] == 0), "auc"] += 0.01
    table = figure3.summarize(frame, test_fraction=0.3).set_index("dataset")
    assert {"p_aul_minus_auc_corrected", "p_aul_minus_auc_holm"} <= set(table.columns)
    assert table.loc["a", "p_aul_minus_auc_holm"] == pytest.approx(min(1.0, 2 * table.loc["a", "p_aul_minus_auc_corrected"]))


def test_sakais_rule_picks_the_largest_held_out_auc_pu():
    """PU_AUC_01 restated: for each (σ, λ), the held-out folds' AUC^PU of PU_AUC's solves, summed; the largest
    wins, whatever the prior (the 0/1 PU-AUC risk is a decreasing map of AUC^PU)."""
    from pueval.studies.kernel_ranking import Moments, Solver, gaussian_basis, pu_auc_system

    X, y = _two_moons(300, 3)
    rng = np.random.default_rng(4)
    is_labeled = (y == 1) & (rng.random(y.size) < 0.4)
    centers = X[rng.choice(y.size, 30, replace=False)]
    fold = np.arange(y.size) % 3
    sigmas, lambdas = [0.3, 1.0], [1e-3, 1e-1]
    for theta in (0.1, 0.4):
        model = figure3.fit(("PU_AUC", "PU_AUC_01"), X, is_labeled, centers, sigmas=sigmas, lambdas=lambdas,
                            fold=fold, theta_p=theta)["PU_AUC_01"]
        best, pick = -np.inf, None
        for sigma in sigmas:
            Phi = gaussian_basis(X, centers, sigma)
            for lam in lambdas:
                total = 0.0
                for k in range(3):
                    held = fold == k
                    solver = Solver(*pu_auc_system(Moments.of(Phi[~held & is_labeled]),
                                                   Moments.of(Phi[~held & ~is_labeled]), theta))
                    total += metrics.auc(is_labeled[held].astype(int), Phi[held] @ solver(lam))
                if total > best:
                    best, pick = total, (sigma, lam)
        assert (model["sigma"], model["lam"]) == pick

