"""pueval.studies.model_selection: the split, each criterion against a plain restatement on a small problem, and
one dataset's run (the oracle never regrets, the set's simplest member is in the set)."""

import math

import numpy as np
import pytest

from pueval import metrics, related
from pueval.studies import model_selection as study
from pueval.validation import ArgumentError


def test_the_split_is_disjoint_complete_and_stratified():
    y = np.r_[np.ones(40, int), np.zeros(60, int)]
    train, validation, test = study._split(y, np.random.default_rng(0))
    assert np.array_equal(np.sort(np.r_[train, validation, test]), np.arange(100))
    assert (y[train].sum(), y[validation].sum(), y[test].sum()) == (20, 10, 10)
    assert (train.size, validation.size, test.size) == (50, 25, 25)


def test_each_criterion_is_its_rule_restated():
    rng = np.random.default_rng(1)
    n = 400
    y = rng.random(n) < 0.4
    s = (y & (rng.random(n) < 0.3)).astype(int)
    scores = np.column_stack([y + rng.normal(0, 1, n), y + rng.normal(0, 2, n), rng.normal(0, 1, n)])
    thetas = np.array([0.95, 0.25, 0.3])
    found = study.criteria(s, scores, thetas)
    n_labeled = s.sum()
    for j, theta in enumerate(thetas):
        column = scores[:, j]
        auc_pu = metrics.auc(s, column)
        if theta <= 2 * (1 - auc_pu):
            assert found["corrected_auc_bbe"][j] == pytest.approx((auc_pu - theta / 2) / (1 - theta))
        else:
            assert math.isnan(found["corrected_auc_bbe"][j])
        # the top alpha share called positive: false positives = false negatives, accuracy 1 − 2·FN/n
        alpha = (n_labeled + theta * (n - n_labeled)) / n
        called = column >= np.quantile(column, 1 - alpha)
        missed_share = sum(1 for i in range(n) if s[i] == 1 and not called[i]) / n_labeled
        assert found["proxy_accuracy_bbe"][j] == pytest.approx(1 - 2 * alpha * missed_share)
        at_median = column >= np.median(column)
        recall = sum(at_median[i] for i in range(n) if s[i] == 1) / n_labeled
        assert found["ll_lee_liu"][j] == pytest.approx(recall ** 2 / at_median.mean())
        assert found["f1_tabatabaei"][j] == pytest.approx(related.tabatabaei_f1(s, at_median, theta))
    assert math.isnan(found["corrected_auc_bbe"][0])  # θ̂ 0.95 above the strong column's bound 2(1 − AUC^PU)


def test_the_grid_orders_candidates_by_complexity():
    candidates = study.grid([31, 7], [200, 50], [0.2])
    order = sorted(candidates, key=lambda c: c.complexity)
    assert order[0].name == "logistic"
    assert [c.name for c in order[1:]] == ["lgbm_l7_r50_lr0.2", "lgbm_l7_r200_lr0.2", "lgbm_l31_r50_lr0.2",
                                          "lgbm_l31_r200_lr0.2"]


@pytest.fixture(scope="module")
def one_dataset():
    rng = np.random.default_rng(2)
    n = 1600
    X = rng.normal(size=(n, 4))
    y = (X[:, 0] + 0.5 * X[:, 1] + rng.normal(0, 1, n) > 0.3).astype(int)
    reference = X[:, 0] + 0.5 * X[:, 1]
    return study.run(X, y, reference, dataset="toy", beta=0.3, draws=2, candidates=study.grid([4, 15], [30], [0.1]),
                     n_labeled=[30, 100, 5000], strengths=[1.0], level=0.9, audit_size=100,
                     bbe={"delta": 0.1, "gamma": 0.01}, seed=3)


def test_a_run_judges_every_criterion_and_the_set(one_dataset):
    choices, sets = one_dataset
    assert set(choices["criterion"]) == set(study.CRITERIA)
    assert sorted(choices["n_labeled"].unique()) == [30, 100]  # 5000 exceeds the validation positives: skipped
    oracle = choices[choices["criterion"] == "oracle"]
    assert (oracle["regret_auc"] == 0).all() and oracle["picked_best"].all()
    assert (choices["regret_auc"].dropna() >= 0).all()
    assert set(sets["variant"]) == {"labels", "propensity", "audit"}
    assert set(sets.loc[sets["labeling"] == "scar", "variant"]) == {"labels"}
    assert ((sets["size"] >= 1) & (sets["size"] <= 3)).all()


def test_the_summary_counts_draws(one_dataset):
    picked, judged = study.summary(*one_dataset)
    assert (picked["draws"] == 2).all()
    assert set(judged.columns) >= {"coverage", "mean_size", "naive_bias", "corrected_bias", "interval_coverage"}


def test_bad_arguments_are_named():
    with pytest.raises(ArgumentError, match="strengths"):
        study.run(np.zeros((10, 1)), np.r_[np.ones(5), np.zeros(5)].astype(int), np.zeros(10), dataset="x",
                  beta=0.5, draws=1, candidates=[], n_labeled=[3], strengths=[0.0], level=0.9, audit_size=2, bbe={},
                  seed=0)
    with pytest.raises(ArgumentError, match="draws"):
        study.run(np.zeros((10, 1)), np.r_[np.ones(5), np.zeros(5)].astype(int), np.zeros(10), dataset="x",
                  beta=0.5, draws=0, candidates=[], n_labeled=[3], strengths=[1.0], level=0.9, audit_size=2, bbe={},
                  seed=0)


def test_the_random_set_baseline_is_each_draws_chance_to_hold_the_best():
    import pandas as pd

    sets = pd.DataFrame({"dataset": ["a", "a", "b"], "labeling": "scar", "n_labeled": 30, "variant": "labels",
                         "size": [9, 3, 6], "candidates": 9, "holds_best": [True, True, False],
                         "naive_bias": 0.0, "corrected_bias": 0.0, "interval_holds": True,
                         "labeled_eff": [30.0, 12.5, 29.0]})
    by_dataset = study.sets_by_dataset(sets).set_index("dataset")
    assert by_dataset.loc["a", "labeled_eff"] == pytest.approx((30 + 12.5) / 2)
    assert (by_dataset["few_effective"] == 0).all() and by_dataset["coverage_few"].isna().all()  # no weights
    weighted = study.sets_by_dataset(sets.assign(variant="propensity")).set_index("dataset")
    assert weighted.loc["a", "few_effective"] == 0.5 and weighted.loc["b", "few_effective"] == 1.0
    assert weighted.loc["a", "coverage_few"] == 1.0 and weighted.loc["b", "coverage_few"] == 0.0
    assert by_dataset.loc["a", "random_set_coverage"] == pytest.approx((9 / 9 + 3 / 9) / 2)
    assert by_dataset.loc["b", "random_set_coverage"] == pytest.approx(6 / 9)
    assert by_dataset.loc["a", "coverage"] == 1.0 and by_dataset.loc["b", "coverage"] == 0.0


def test_the_regret_interval_takes_the_dataset_as_the_unit():
    import pandas as pd
    from scipy import stats

    rows = []
    for d, (aul, ll) in enumerate([(0.01, 0.02), (0.03, 0.01), (0.02, 0.05)]):  # per dataset, two draws alike
        for draw in range(2):
            key = {"dataset": f"d{d}", "draw": draw, "labeling": "scar", "n_labeled": 30}
            rows += [key | {"criterion": "aul_pu", "regret_auc": aul}, key | {"criterion": "ll_lee_liu", "regret_auc": ll}]
    found = study.clustered_regret(pd.DataFrame(rows)).set_index("criterion")
    minus = np.array([0.01, -0.02, 0.03])
    half = stats.t.isf(0.025, 2) * minus.std(ddof=1) / np.sqrt(3)
    assert found.loc["ll_lee_liu", "minus_aul_pu"] == pytest.approx(minus.mean())
    assert (found.loc["ll_lee_liu", "minus_aul_pu_low"], found.loc["ll_lee_liu", "minus_aul_pu_high"]) == \
        pytest.approx((minus.mean() - half, minus.mean() + half))
    assert found.loc["aul_pu", "minus_aul_pu"] == 0 and found.loc["ll_lee_liu", "datasets"] == 3
    regret = np.array([0.02, 0.01, 0.05])
    assert found.loc["ll_lee_liu", "regret_high"] == pytest.approx(regret.mean() + stats.t.isf(0.025, 2)
                                                                    * regret.std(ddof=1) / np.sqrt(3))


def test_the_sar_labeling_returns_each_rows_true_inclusion_probability():
    """Where n_L is most of the positives (300 of 400), the labels' frequency over many draws is the returned e,
    rows of low and high e alike, and n_L labeled in expectation; a fixed count drawn ∝ e (the former design)
    fails the same check, so the check can fail."""
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(400), np.zeros(100)].astype(int)
    reference = rng.normal(size=500)
    draws = [study._labeled(y, reference, 300, 2.0, rng) for _ in range(3000)]
    e = draws[0][1]
    assert all(np.array_equal(d[1], e) for d in draws) and np.all(e[y == 0] == 0)
    frequency = np.mean([d[0] for d in draws], axis=0)
    assert np.sum(e) == pytest.approx(300)
    low, high = e[y == 1] <= np.quantile(e[y == 1], 0.1), e[y == 1] >= np.quantile(e[y == 1], 0.9)
    for rows in (low, high):
        assert frequency[y == 1][rows].mean() == pytest.approx(e[y == 1][rows].mean(), abs=0.01)
    fixed = np.zeros(500)
    for _ in range(3000):
        fixed[rng.choice(400, 300, replace=False, p=e[:400] / e[:400].sum())] += 1 / 3000
    assert abs(fixed[:400][low].mean() - e[y == 1][low].mean()) > 0.1
    scar, share = study._labeled(y, reference, 30, 0.0, rng)
    assert scar.sum() == 30 and scar[y == 0].sum() == 0 and np.allclose(share[y == 1], 30 / 400)


def test_a_draw_whose_audit_holds_no_positive_has_no_audit_set():
    """An audit of one row cannot give a set (select_models needs two audited rows with a positive): the draw's
    audit row is left out, the labels' and the propensities' stay, so the table's draws count it out."""
    rng = np.random.default_rng(2)
    X = rng.normal(size=(800, 3))
    y = (X[:, 0] + rng.normal(0, 1, 800) > 0.3).astype(int)
    _, sets = study.run(X, y, X[:, 0], dataset="toy", beta=0.3, draws=1, candidates=study.grid([4], [20], [0.1]),
                        n_labeled=[30], strengths=[1.0], level=0.9, audit_size=1, bbe={"delta": 0.1, "gamma": 0.01},
                        seed=3)
    sar = sets[sets["labeling"] == "sar_1"]
    assert set(sar["variant"]) == {"labels", "propensity"}
