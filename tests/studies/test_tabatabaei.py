"""pueval.studies.tabatabaei: Tabatabaei et al. (2020)'s F̄1 variance by enumeration, the scores and inversions
against plain restatements, the classifier families, the Wilcoxon thresholds, ρ's estimates."""

import itertools

import numpy as np
import pandas as pd
import pytest
from scipy.stats import wilcoxon

from pueval import related
from pueval.studies import tabatabaei as study


def _count_inversions(truth, estimate):
    """Their count_inversions, restated: pairs ordered strictly one way by the truth, strictly the other by
    the estimate, as a percentage of all pairs."""
    errors = 0
    for i in range(len(truth)):
        for j in range(i + 1, len(truth)):
            if (truth[i] > truth[j] and estimate[i] < estimate[j]) or (truth[i] < truth[j] and estimate[i] > estimate[j]):
                errors += 1
    return 100 * errors / (len(truth) * (len(truth) - 1) / 2)


def _their_loo_rho(x, labeled, model):
    """Their FIG2 notebooks' loop: for each labeled row, fit on every other row, read its P(s = 1 | x); then
    N̂_P = (S − 1)/ĉ − 1 and ρ̂ = S/N̂_P."""
    probabilities = []
    for j in np.flatnonzero(labeled):
        train = np.arange(labeled.size) != j
        fitted = model().fit(x[train], np.where(labeled[train], 1, -1))
        probabilities.append(fitted.predict_proba(x[j:j + 1])[0, 1])
    size = int(labeled.sum())
    return size / ((size - 1) / np.mean(probabilities) - 1)


def test_f1_bar_is_unbiased_and_its_variance_is_the_papers_by_full_enumeration():
    """Every labeled set of size S from P = 9 positives: the mean of F̄1 is F1 and its variance is
    4·Var(S₁)/(ρM₁ + S)² (their Section 4.1)."""
    y = np.array([1] * 9 + [0] * 6, bool)
    predicted = np.array([1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0], bool)  # P1 = 4, M1 = 7
    p, p1, m1 = 9, 4, 7
    truth = 2 * p1 / (m1 + p)
    for s in (1, 3, 5, 9):
        values = []
        for labeled_rows in itertools.combinations(range(9), s):
            labeled = np.zeros(y.size, bool)
            labeled[list(labeled_rows)] = True
            values.append(2 * (predicted & labeled).sum() / (s / p * m1 + s))
        assert np.mean(values) == pytest.approx(truth, abs=1e-12)
        assert np.var(values) == pytest.approx(study.f1_bar_variance(p, p1, m1, s), abs=1e-12)


def test_f1_bar_variance_refuses_impossible_counts():
    with pytest.raises(ValueError, match="labeled"):
        study.f1_bar_variance(5, 2, 3, 0)
    with pytest.raises(ValueError, match="true_positives"):
        study.f1_bar_variance(5, 4, 3, 2)


def test_scores_match_the_library_estimators_row_by_row():
    """F1, F̄1 (theta = the unlabeled rows' positive share, so that ρ = S/P) and LL against pueval.related."""
    rng = np.random.default_rng(0)
    y = rng.random((3, 60)) < 0.4
    predicted = rng.random((3, 5, 60)) < 0.5
    labeled = study.labeled_sets(y, 0.3, rng)
    found = study.scores(y, predicted, labeled, factors=(1.0, 2.0))
    for r in range(3):
        s = labeled[r].astype(int)
        theta = (y[r].sum() - s.sum()) / (s.size - s.sum())
        rho = s.sum() / y[r].sum()
        for k in range(5):
            assert found["f1"][r, k] == pytest.approx(related.f1(y[r].astype(int), predicted[r, k]))
            assert found[1.0][r, k] == pytest.approx(related.tabatabaei_f1(s, predicted[r, k], theta))
            assert found["ll"][r, k] == pytest.approx(related.ll_score(s, predicted[r, k]))
            assert found[2.0][r, k] == pytest.approx(2 * (predicted[r, k] & (s == 1)).sum()
                                                     / (2 * rho * predicted[r, k].sum() + s.sum()))


def test_inversions_match_a_double_loop_with_ties():
    rng = np.random.default_rng(1)
    truth = rng.integers(0, 5, (4, 12)).astype(float)  # many ties
    estimate = rng.integers(0, 5, (4, 12)).astype(float)
    ours = study.inversions(truth, estimate, truth)
    assert ours[0].tolist() == pytest.approx([_count_inversions(t, e) for t, e in zip(truth, estimate)])
    assert ours[1].tolist() == [0.0] * 4


def test_labeled_sets_label_round_rho_p_positives_and_at_least_one():
    rng = np.random.default_rng(2)
    y = rng.random((50, 80)) < 0.3
    for rho in (0.001, 0.33, 1.0):
        labeled = study.labeled_sets(y, rho, rng)
        assert not (labeled & ~y).any()
        expected = np.clip(np.rint(rho * y.sum(1)), 1, None)
        assert (labeled.sum(1) == expected).all()


def test_generated_problems_follow_their_notebooks():
    rng = np.random.default_rng(3)
    y, predicted = study.generated_problems(rng, runs=4, lines=30)
    assert y.shape == (4, study.GENERATED_POINTS) and predicted.shape == (4, 30, study.GENERATED_POINTS)
    assert 0.25 < y.mean() < 0.40  # the area above x2 = x1 + 0.2 is 0.32
    assert predicted.any(-1).all() and (~predicted).any(-1).all()  # no single-class line


def test_lines_are_turned_round_as_their_notebook_does():
    """Their FIG1 notebook: ``if TP_h < FN_h: prediction = 1 - prediction``, restated line by line."""
    drawn_y, drawn = study.generated_problems(np.random.default_rng(8), runs=3, lines=25, orient_lines=False)
    y, oriented = study.generated_problems(np.random.default_rng(8), runs=3, lines=25)
    assert np.array_equal(y, drawn_y)
    for r in range(3):
        for k in range(25):
            tp = int((drawn[r, k] & y[r]).sum())
            fn = int((~drawn[r, k] & y[r]).sum())
            expected = ~drawn[r, k] if tp < fn else drawn[r, k]
            assert np.array_equal(oriented[r, k], expected)
    assert 0 < (oriented != drawn).any(-1).sum() < 75  # some lines, not all, turned round
    tp, fn = (oriented & y[:, None]).sum(-1), (~oriented & y[:, None]).sum(-1)
    assert (tp >= fn).all()


def test_iris_hyperplanes_predict_both_classes():
    x, y = study.iris_data()
    assert x.shape == (150, 4) and y.sum() == 50 and x.min() == 0 and x.max() == 1
    predicted = study.hyperplane_predictions(x, np.random.default_rng(4), runs=3, planes=40)
    assert predicted.shape == (3, 40, 150)
    assert predicted.any(-1).all() and (~predicted).any(-1).all()


def test_fixed_quantile_classifiers_rank_alike_under_f1_bar_and_ll():
    """The design note of the issue: with the same number M₁ of predicted positives, F̄1 = 2S₁/(ρM₁ + S) and
    LL = (S₁/S)²·M/M₁ are both increasing in S₁ alone, so they order the models alike and their inversions
    are equal; classifiers with different M₁ are needed to tell the two apart."""
    rng = np.random.default_rng(5)
    y = rng.random((200, 300)) < 0.3
    scores = y[:, None, :] * rng.uniform(0.2, 1.5, (200, 20, 1)) + rng.normal(size=(200, 20, 300))
    top = scores >= np.quantile(scores, 0.7, axis=-1, keepdims=True)  # every model: the top 30 %
    labeled = study.labeled_sets(y, 0.2, rng)
    found = study.scores(y, top, labeled)
    f1bar, ll = study.inversions(found["f1"], found[1.0], found["ll"])
    assert np.array_equal(f1bar, ll)
    cut = rng.integers(90, 270, (200, 20, 1))  # each model its own share of predicted positives
    varied = scores >= np.take_along_axis(np.sort(scores, axis=-1), cut, axis=-1)
    found = study.scores(y, varied, labeled)
    f1bar, ll = study.inversions(found["f1"], found[1.0], found["ll"])
    assert not np.array_equal(f1bar, ll) and f1bar.mean() < ll.mean()


def test_wilcoxon_table_and_thresholds():
    rng = np.random.default_rng(6)
    rows = []
    for rho in (0.1, 0.2, 0.3, 0.4):
        ll = rng.uniform(5, 10, 40)
        f1bar = ll - (1.0 if rho != 0.2 else 0.0) + rng.normal(0, 0.3, 40)
        rows.append(pd.DataFrame({"rho": rho, "inv_ll": ll, "inv_f1bar_1": f1bar}))
    frame = pd.concat(rows, ignore_index=True)
    table = study.wilcoxon_table(frame)
    at = frame[frame["rho"] == 0.3]
    assert table.loc[2, "p_value"] == pytest.approx(wilcoxon(at["inv_ll"], at["inv_f1bar_1"], method="approx").pvalue)
    assert table["f1bar_better"].tolist() == [True, False, True, True]
    assert study.thresholds(table) == {"first": 0.1, "from": 0.3}
    none = table.assign(f1bar_better=[True, True, True, False])
    assert study.thresholds(none)["first"] == 0.1 and np.isnan(study.thresholds(none)["from"])


def test_rmse_reads_the_sums_of_squares_at_one_rho():
    frame = pd.DataFrame({"rho": [0.3, 0.3, 0.5], "sse_f1bar": [1.0, 3.0, 9.0], "sse_ll": [4.0, 4.0, 0.0],
                          "sse_ll_notebook": [0.0, 0.0, 0.0], "classifiers": [2, 2, 2]})
    assert study.rmse(frame, 0.3) == {"f1bar": 1.0, "ll": pytest.approx(np.sqrt(2.0)), "ll_notebook": 0.0}
    with pytest.raises(ValueError, match="grid"):
        study.rmse(frame, 0.4)


def test_a_small_study_runs_for_each_family_and_is_reproducible():
    rng = np.random.default_rng(7)
    x = rng.normal(size=(120, 3))
    y = (x[:, 0] + rng.normal(0, 1, 120) > 0).astype(int)
    for family, data in (("generated", None), ("iris", None), ("forest", (x, y))):
        a = study.study_frame(family, seed=1, runs=10, classifiers=6, step=0.5, data=data)
        b = study.study_frame(family, seed=1, runs=10, classifiers=6, step=0.5, data=data)
        pd.testing.assert_frame_equal(a, b)
        assert sorted(a["rho"].unique()) == [0.5, 1.0] and len(a) == 20
        assert (a.loc[a["rho"] == 1.0, "inv_f1bar_1"] == 0).all()  # every positive labeled: F̄1 is F1
    with pytest.raises(ValueError, match="family"):
        study.study_frame("trees", seed=1, runs=2, classifiers=3, step=0.5)


def test_forest_sets_are_judged_on_the_same_labeled_sets_and_reported_apart():
    rng = np.random.default_rng(9)
    x = rng.normal(size=(160, 3))
    y = (x[:, 0] + rng.normal(0, 1, 160) > 0).astype(int)
    frame = study.study_frame("forest", seed=2, runs=12, classifiers=5, step=0.1, data=(x, y), forest_sets=3)
    assert sorted(frame["forest_set"].unique()) == [0, 1, 2] and len(frame) == 3 * 10 * 12
    assert frame["inv_f1bar_1"].notna().all() and frame["inv_f1bar_2"].isna().all()  # c = 1 only for forests
    again = study.study_frame("forest", seed=2, runs=12, classifiers=5, step=0.1, data=(x, y), forest_sets=1)
    pd.testing.assert_frame_equal(again, frame[frame["forest_set"] == 0].reset_index(drop=True))
    assert not frame[frame["forest_set"] == 0]["inv_ll"].reset_index(drop=True).equals(
        frame[frame["forest_set"] == 1]["inv_ll"].reset_index(drop=True))  # another set of forests
    tests = study.wilcoxon_tables({"forest": frame})
    assert tests.groupby("forest_set").size().tolist() == [10, 10, 10]
    spread = study.forest_set_table(frame, tests)
    assert spread["forest_set"].tolist() == [0, 1, 2]
    assert spread.loc[1, "RMSE LL"] == pytest.approx(study.rmse(frame[frame["forest_set"] == 1], 0.3)["ll"])
    at = tests[(tests["forest_set"] == 2) & np.isclose(tests["rho"], 0.1)]
    assert spread.loc[2, "p at ρ = 0.1"] == pytest.approx(at["p_value"].iloc[0], nan_ok=True)
    with pytest.raises(ValueError, match="forest_sets"):
        study.study_frame("forest", seed=2, runs=12, classifiers=5, step=0.5, data=(x, y), forest_sets=0)


def test_pu_fitted_forests_learn_labeled_against_unlabeled_and_threshold_at_half_c():
    from sklearn.ensemble import RandomForestClassifier

    rng = np.random.default_rng(5)
    x = rng.normal(size=(200, 3))
    y = x[:, 0] + rng.normal(0, 0.5, 200) > 0
    y_eval, predicted = study.forest_predictions(x, y, 4, 11, pu_rho=0.4)
    # a plain restatement with the same stream: the split, the labeled positives of the fit half, the forests
    stream = np.random.default_rng(11)
    fit = np.zeros(y.size, bool)
    fit[study.sampling.stratified_choice(y.astype(int), study.sampling.class_fraction(y.astype(int), 0.5),
                                         stream)] = True
    positives = np.flatnonzero(y[fit])
    labeled = np.zeros(fit.sum(), bool)
    keys = stream.random(fit.sum())
    labeled[positives[np.argsort(keys[positives])[:round(0.4 * positives.size)]]] = True
    c = labeled.sum() / positives.size
    expected = []
    while len(expected) < 4:
        forest = RandomForestClassifier(n_estimators=int(stream.integers(1, 100)), max_depth=int(stream.integers(1, 10)),
                                        random_state=int(stream.integers(2**31 - 1)), n_jobs=1)
        guess = forest.fit(x[fit], labeled).predict_proba(x[~fit])[:, 1] >= c / 2
        if guess.any() and not guess.all():
            expected.append(guess)
    np.testing.assert_array_equal(y_eval, y[~fit])
    np.testing.assert_array_equal(predicted, np.array(expected))
    frame = study.study_frame("forest_pu", seed=2, runs=12, classifiers=5, step=0.1, data=(x, y), forest_sets=2,
                              pu_rho=0.4)
    assert sorted(frame["forest_set"].unique()) == [0, 1] and frame["inv_ll"].notna().all()
    with pytest.raises(ValueError, match="pu_rho"):
        study.study_frame("forest_pu", seed=2, runs=12, classifiers=5, step=0.1, data=(x, y))
    with pytest.raises(ValueError, match="pu_rho"):
        study.study_frame("forest", seed=2, runs=12, classifiers=5, step=0.1, data=(x, y), pu_rho=0.4)


def test_bounds_follow_the_variance_formula():
    bounds = study.bounds_frame(seed=2, draws=400)
    summary = study.bounds_summary(bounds)
    assert summary["f1"].sub(0.44).abs().max() < 0.02
    assert summary["median_sd_ratio"].between(0.93, 1.07).all()
    assert (summary["max_mean_gap_in_se"] < 5).all()


def test_their_random_forest_rho_is_their_loop_restated():
    """Their on_leave_out_for_one_setting(classifier_type='RF'): a 10-tree forest fitted without each labeled row,
    its P(s = 1 | x) of that row averaged; ρ̂ = S/((S − 1)/ĉ − 1), the seeds drawn in the same order."""
    from sklearn.ensemble import RandomForestClassifier

    rng = np.random.default_rng(5)
    x = rng.random((90, 2))
    y = x[:, 0] + 0.2 < x[:, 1]
    labeled = study.labeled_sets(y[None], 0.4, rng)[0]
    seeds_used = np.random.default_rng(6)
    found = []
    for j in np.flatnonzero(labeled):
        rows = [i for i in range(90) if i != j]
        forest = RandomForestClassifier(n_estimators=10, random_state=int(seeds_used.integers(2**31)))
        forest.fit(x[rows], labeled[rows])
        found.append(forest.predict_proba(x[[j]])[0, 1])
    size = labeled.sum()
    expected = size / ((size - 1) / np.mean(found) - 1)
    assert study.loo_rf_rho(x, labeled, np.random.default_rng(6)) == pytest.approx(expected, rel=1e-12)
    # every forest sure the left-out row is unlabeled: ĉ = 0 and ρ̂ = 0, their S/∞
    apart = np.r_[[[0.0, 0.0], [1.0, 1.0]], np.zeros((20, 2)), np.ones((20, 2))] + rng.normal(0, 1e-3, (42, 2))
    assert study.loo_rf_rho(apart, np.r_[True, True, np.zeros(40, bool)], np.random.default_rng(7)) == 0.0
    with pytest.raises(ValueError, match="at least 2 labeled rows"):
        study.loo_rf_rho(x, np.r_[True, np.zeros(89, bool)], rng)


def test_rho_estimates_on_both_problems():
    frame = study.rho_estimates_frame(seed=3, rhos=[0.5], repetitions=3, rf_repetitions=2)
    assert frame.groupby("family").size().to_dict() == {"generated": 3, "iris": 3}
    assert frame.groupby("family")["rho_hat_loo_rf"].count().to_dict() == {"generated": 2, "iris": 2}
    assert frame["rho_hat"].between(0.2, 0.8).all()
    for column in ("rho_hat_loo", "rho_hat_loo_free_intercept"):
        assert frame[column].between(0.1, 0.8).all()
    table = study.rho_estimates_table(frame)
    assert len(table) == 2 * len(study.RHO_ESTIMATORS)
    loo = frame[frame["family"] == "iris"]
    ratio = table.query("family == 'iris' and estimator == 'loo'")["mean_ratio"].item()
    assert ratio == pytest.approx((loo["rho_hat_loo"] / loo["rho_real"]).mean())


@pytest.mark.parametrize("penalize_intercept", [True, False])
def test_leave_one_out_rho_equals_their_loop_with_scikit_learn(penalize_intercept):
    from sklearn.linear_model import LogisticRegression

    solver = "liblinear" if penalize_intercept else "lbfgs"  # liblinear penalizes the intercept, lbfgs does not
    rng = np.random.default_rng(4)
    for x, y in (study.iris_data(), (pts := rng.random((80, 2)), pts[:, 0] + 0.2 < pts[:, 1])):
        labeled = study.labeled_sets(y[None], 0.4, rng)[0]
        ours = study.loo_rho(x, labeled, penalize_intercept=penalize_intercept)
        theirs = _their_loo_rho(x, labeled, lambda: LogisticRegression(solver=solver, C=1.0, tol=1e-12,
                                                                       max_iter=10_000))
        assert ours == pytest.approx(theirs, rel=1e-6)
        probabilities = study.loo_labeled_probabilities(x, labeled, penalize_intercept=penalize_intercept)
        assert probabilities.shape == (labeled.sum(),) and ((probabilities > 0) & (probabilities < 1)).all()


def test_leave_one_out_rho_needs_two_labeled_rows():
    x, y = study.iris_data()
    labeled = np.zeros(y.size, bool)
    labeled[np.flatnonzero(y)[0]] = True
    with pytest.raises(ValueError, match="labeled"):
        study.loo_rho(x, labeled)


def test_lines_are_turned_round_on_the_labeled_points_as_their_notebook_counts():
    """orient_on="labeled" (their FIG1 notebook): TP and FN of each line counted on the run's labeled points;
    "classes" (a variant) on the true classes, as this study did before (the same rows to the bit)."""
    from pueval import seeds

    labeled_frame = study.study_frame("generated", seed=5, runs=4, classifiers=6, step=0.5)
    classes_frame = study.study_frame("generated", seed=5, runs=4, classifiers=6, step=0.5, orient_on="classes")
    rho = float(study.rho_grid(0.5)[0])
    rng = seeds.rng(5, "tabatabaei", "generated", rho)
    y, oriented = study.generated_problems(rng, 4, 6)  # the earlier path: oriented on the classes, then labeled
    expected = study.rho_frame(y, oriented, rho, study.labeled_sets(y, rho, rng))
    got = classes_frame[classes_frame["rho"] == rho].drop(columns="forest_set").reset_index(drop=True)
    pd.testing.assert_frame_equal(got, expected)
    rng = seeds.rng(5, "tabatabaei", "generated", rho)
    y, drawn = study.generated_problems(rng, 4, 6, orient_lines=False)
    labeled = study.labeled_sets(y, rho, rng)
    tp = (drawn & labeled[:, None]).sum(-1)
    fn = (~drawn & labeled[:, None]).sum(-1)
    by_hand = np.where((tp < fn)[..., None], ~drawn, drawn)  # the notebook's rule, restated
    expected = study.rho_frame(y, by_hand, rho, labeled)
    got = labeled_frame[labeled_frame["rho"] == rho].drop(columns="forest_set").reset_index(drop=True)
    pd.testing.assert_frame_equal(got, expected)
    with pytest.raises(ValueError, match="orient_on"):
        study.study_frame("generated", seed=5, runs=2, classifiers=2, step=0.5, orient_on="true")


def test_heart_disease_designs_restate_the_forest_arm_and_flip_or_refit_it():
    from pueval import seeds
    from pueval.studies import tabatabaei as study

    rng = np.random.default_rng(8)
    x = rng.normal(size=(160, 3))
    y = (x[:, 0] + rng.normal(size=160) > 0).astype(int)
    designs = study.design_frame(x, y, seed=2, runs=12, classifiers=5).set_index(["coding", "judged"])
    assert list(designs.index) == list(study.DESIGNS)
    # held out, num > 0: the forest arm's set 0 at rho = 0.3, the same forests and the same labeled sets
    arm = study.study_frame("forest", seed=2, runs=12, classifiers=5, step=0.1, data=(x, y), forest_sets=1)
    assert designs.loc[("num > 0", "held-out half"), "rmse_ll"] == pytest.approx(study.rmse(arm, 0.3)["ll"])
    assert designs.loc[("num > 0", "held-out half"), "rmse_f1bar"] == pytest.approx(study.rmse(arm, 0.3)["f1bar"])
    # in sample, the other coding, restated: forests fitted and judged on every row, the classes named the other way
    y_all, votes = study.forest_predictions(x, y, 5, seeds.seed_sequence(2, "tabatabaei", "forests-in-sample", 0),
                                            in_sample=True)
    assert y_all.size == 160 and votes.shape == (5, 160)
    flipped = np.broadcast_to(1 - y_all, (12, 160))
    keys = seeds.rng(2, "tabatabaei", "forest-in-sample", 0.3).random((12, 160))
    labeled = study._labeled_by_keys(flipped, 0.3, keys)
    restated = study.rmse(study.rho_frame(flipped, ~votes, 0.3, labeled, (1.0,)), 0.3)
    row = designs.loc[("num = 0", "in-sample")]
    assert (row["rmse_ll"], row["rmse_f1bar"]) == pytest.approx((restated["ll"], restated["f1bar"]))
    assert row["positives"] == 160 - y.sum() and row["rows"] == 160
    assert designs.loc[("num = 0", "held-out half"), "rows"] == 80


@pytest.mark.parametrize("counts", [(12, 5, 9, 3), (12, 5, 9, 11), (7, 7, 10, 2), (20, 0, 4, 6), (9, 4, 4, 9)])
def test_f1_bar_fourth_moment_by_full_enumeration(counts):
    """E(F̄1 − F1)⁴ over every labeled set of S of the P positives (the P₁ found ones among them)."""
    p, p1, m1, s = counts
    sets = list(itertools.combinations(range(p), s))
    found = np.array([sum(i < p1 for i in chosen) for chosen in sets])
    f1_bar = 2 * found / (s / p * m1 + s)
    centred = f1_bar - f1_bar.mean()
    assert f1_bar.mean() == pytest.approx(2 * p1 / (m1 + p))
    assert study.f1_bar_fourth_moment(p, p1, m1, s) == pytest.approx(np.mean(centred**4), abs=1e-15)
    assert study.f1_bar_variance(p, p1, m1, s) == pytest.approx(np.mean(centred**2), abs=1e-15)


def test_the_figure_tables_the_ledger_reads():
    bounds = study.bounds_frame(seed=2, draws=50)
    assert {"formula_m4", "formula_sd", "mean", "sd", "draws", "labeled"} <= set(bounds.columns)
    assert (bounds["formula_m4"] >= 0).all()
    frame = study.study_frame("generated", seed=1, runs=6, classifiers=5, step=0.25)
    noise = study.noise_verdicts({"generated": frame})
    assert list(noise["c"]) == list(study.NOISE) and (noise["family"] == "generated").all()
    assert noise.drop(columns="family").equals(study.noise_verdict(frame))
    rho = pd.DataFrame({"family": "iris", "rho": 0.2, "rho_real": 0.2, "repetition": range(4),
                        "rho_hat": [0.1, 0.2, 0.3, 0.4], "rho_hat_loo": 0.2, "rho_hat_loo_free_intercept": 0.2,
                        "rho_hat_loo_rf": [0.1, 0.3, np.nan, np.nan]})
    table = study.rho_estimates_table(rho).set_index("estimator")
    assert table.loc["en", "sd"] == pytest.approx(np.std([0.1, 0.2, 0.3, 0.4], ddof=1))
    assert table.loc["loo_rf", "sd"] == pytest.approx(np.std([0.1, 0.3], ddof=1)) and table.loc["loo_rf", "sets"] == 2
