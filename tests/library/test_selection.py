"""pueval.selection: the confidence set for the best against a plain restatement of Hsu's rule, its coverage
by simulation with known AULs, the winner's corrected estimate against the naive one, refit_within_set, and every
bad argument named."""

import itertools
import math
import warnings

import numpy as np
import pytest

import pueval
from pueval import metrics, selection
from pueval.selection import refit_within_set, select_models
from pueval.validation import ArgumentError, DegenerateScoresWarning


def population(n, k, spread, seed, *, shared=1.0):
    """n rows (40 % positive), k candidates whose signal falls by ``spread`` per candidate: fixed scores, so
    each candidate's true AUL over the positives is known exactly (the mean of its t-values over them)."""
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.4
    base = rng.normal(0, shared, n)
    scores = np.column_stack([(1.0 - spread * j) * y + base + rng.normal(0, 0.6, n) for j in range(k)])
    truth = np.array([metrics.t_values(scores[:, j])[y].mean() for j in range(k)])
    return y, scores, truth


def brute_force_set(labels, scores, level, seed):
    """Hsu's rule restated with loops: se(k − j) from the labeled rows' paired t-value differences, c_j the
    ``level`` quantile over the same Gaussian draws of max_k (Z_k − Z_j)/se(k − j)."""
    labeled = labels == 1
    t = np.column_stack([metrics.t_values(scores[:, j])[labeled] for j in range(scores.shape[1])])
    r, k = t.shape
    mean = t.mean(axis=0)
    scale = math.sqrt(1.0 / (r * (r - 1)))
    draws = selection._draws(t - mean, scale, np.random.default_rng(seed)).astype(np.float64)
    kept = []
    for j in range(k):
        se = {q: np.std(t[:, q] - t[:, j], ddof=1) / math.sqrt(r) for q in range(k) if q != j}
        maxima = [max((draws[d, q] - draws[d, j]) / se[q] for q in se if se[q] > 0) for d in range(draws.shape[0])]
        c = np.quantile(maxima, level)
        if all(mean[q] - mean[j] <= c * se[q] if se[q] > 0 else mean[q] <= mean[j] for q in se):
            kept.append(str(j))
    return tuple(kept)


@pytest.mark.parametrize("seed", range(5))
def test_the_set_is_hsus_rule_restated(seed):
    y, scores, _ = population(300, 5, 0.08, seed)
    rng = np.random.default_rng(seed)
    labels = (y & (rng.random(300) < 0.3)).astype(int)
    found = select_models(labels, scores, level=0.9, random_state=seed)
    assert found.bonferroni_kept == 0
    assert found.confidence_set == brute_force_set(labels, scores, 0.9, seed)
    assert found.aul_pu == pytest.approx([pueval.aul_pu_score(labels, scores[:, j]) for j in range(5)])


@pytest.mark.parametrize("n_labeled", [60, 300])
def test_the_set_holds_the_truly_best_at_its_level(n_labeled):
    """Fixed scores, a fresh SCAR draw of the labeled positives each time: the truly best candidate (known
    exactly) is in the set in at least 95 % of draws, up to Monte-Carlo error, while the argmax alone is right
    far less often (measured: covered in 99 % and 100 % of draws: conservative, the finite-population factor
    dropped as in Theorem 1's interval)."""
    y, scores, truth = population(3000, 12, 0.06, 7)
    best = int(np.argmax(truth))
    positives = np.flatnonzero(y)
    rng = np.random.default_rng(8)
    covered, argmax_right, sizes = 0, 0, []
    draws = 300
    for draw in range(draws):
        labels = np.zeros(3000, int)
        labels[rng.choice(positives, n_labeled, replace=False)] = 1
        found = select_models(labels, scores, random_state=draw)
        covered += str(best) in found.confidence_set
        argmax_right += found.best == str(best)
        sizes.append(len(found.confidence_set))
    assert covered / draws >= 0.95 - 3 * math.sqrt(0.05 * 0.95 / draws)
    assert argmax_right / draws < 0.8 and np.mean(sizes) < 9  # measured: 40 % / 7.5 at 60 labeled, 64 % / 3.9 at 300


def test_the_corrected_estimate_has_less_winners_curse_than_the_argmax():
    """20 candidates 0.002 apart in true AUL-ish steps at 30 labeled rows: the argmax's AUL^PU over-states the
    selected model's true AUL; the corrected estimate less so, and the simultaneous interval holds it."""
    y, scores, truth = population(2000, 20, 0.004, 9)
    positives = np.flatnonzero(y)
    rng = np.random.default_rng(10)
    naive, corrected, held = [], [], 0
    for draw in range(300):
        labels = np.zeros(2000, int)
        labels[rng.choice(positives, 30, replace=False)] = 1
        found = select_models(labels, scores, random_state=draw)
        chosen = truth[int(found.best)]
        naive.append(found.aul_pu[int(found.best)] - chosen)
        corrected.append(found.best_estimate - chosen)
        held += found.best_interval[0] <= chosen <= found.best_interval[1]
    assert np.mean(naive) > 0.01  # the winner's curse (measured: +0.045)
    assert abs(np.mean(corrected)) < 0.5 * np.mean(naive)  # measured: +0.011
    assert held / 300 >= 0.95 - 3 * math.sqrt(0.05 * 0.95 / 300)


def test_one_candidate_is_its_own_set():
    y, scores, _ = population(400, 1, 0.0, 11)
    labels = (y & (np.random.default_rng(12).random(400) < 0.3)).astype(int)
    found = select_models(labels, {"only": scores[:, 0]})
    assert found.confidence_set == ("only",) and found.regret_upper == 0.0
    assert found.best_estimate == found.aul_pu[0]
    assert found.best_interval == pytest.approx(pueval.aul_pu_interval(labels, scores[:, 0]))


def test_identical_candidates_tie_and_both_stay():
    y, scores, _ = population(400, 2, 0.3, 13)
    labels = (y & (np.random.default_rng(14).random(400) < 0.3)).astype(int)
    with pytest.warns(DegenerateScoresWarning, match="2 candidates tie"):
        found = select_models(labels, {"a": scores[:, 0], "b": scores[:, 0].copy(), "c": scores[:, 1]})
    assert found.best == "a" and {"a", "b"} <= set(found.confidence_set)


def test_a_clearly_worse_candidate_is_ruled_out_and_the_regret_is_small():
    y, scores, _ = population(4000, 3, 0.6, 15)
    labels = (y & (np.random.default_rng(16).random(4000) < 0.3)).astype(int)
    found = select_models(labels, scores, random_state=0)
    assert found.best == "0" and found.confidence_set == ("0",)
    assert 0.0 <= found.regret_upper < 0.01
    assert found.as_dict()["models"][2] == {"name": "2", "aul_pu": found.aul_pu[2],
                                            "standard_error": found.standard_error[2], "in_set": False}


def test_propensity_and_audit_variants_use_their_estimators():
    y, scores, _ = population(3000, 3, 0.2, 17)
    rng = np.random.default_rng(18)
    labels = (y & (rng.random(3000) < 0.3)).astype(int)
    propensity = rng.uniform(0.2, 1.0, 3000)
    weighted = select_models(labels, scores, propensity=propensity, random_state=0)
    assert weighted.aul_pu == pytest.approx([pueval.aul_pu_score(labels, scores[:, j], propensity=propensity)
                                             for j in range(3)])
    low, high = pueval.aul_pu_interval(labels, scores[:, 0], propensity=propensity)
    assert weighted.standard_error[0] == pytest.approx((high - low) / (2 * 1.959963984540054), rel=1e-6)
    audit = np.full(3000, np.nan)
    rows = rng.choice(np.flatnonzero(labels == 0), 400, replace=False)
    audit[rows] = y[rows]
    audited = select_models(labels, scores, audited=audit, random_state=0)
    for j in range(3):
        expected = pueval.propensity.aul_pu_audit(labels, scores[:, j], audit)
        assert audited.aul_pu[j] == pytest.approx(expected.aul)
        low, high = expected.ci
        assert audited.standard_error[j] == pytest.approx((high - low) / (2 * 1.959963984540054), rel=1e-6)
    assert audited.estimator == "audited AUL" and audited.n_units == 400


def test_the_result_is_the_same_for_every_input_form_and_seeded():
    y, scores, _ = population(500, 3, 0.1, 19)
    labels = (y & (np.random.default_rng(20).random(500) < 0.3)).astype(int)
    import pandas as pd

    as_array = select_models(labels, scores, random_state=3)
    as_frame = select_models(labels, pd.DataFrame(scores, columns=["0", "1", "2"]), random_state=3)
    as_mapping = select_models(labels, {str(j): scores[:, j] for j in range(3)}, random_state=3)
    assert as_array == as_frame == as_mapping


def test_four_thousand_candidates_stay_bounded():
    """K = 4,000 at n_L = 200 (benchmarks/selection_speed.py times it): the set comes back, and when more than
    MAX_EXACT candidates are borderline the result says how many the Bonferroni value kept."""
    rng = np.random.default_rng(21)
    n, k = 3000, 4000
    y = rng.random(n) < 0.4
    labels = np.zeros(n, int)
    labels[rng.choice(np.flatnonzero(y), 200, replace=False)] = 1
    scores = (y + rng.normal(0, 1, n))[:, None] + rng.normal(0, 0.05, (n, k))
    found = select_models(labels, scores, random_state=0)
    assert len(found.names) == k and found.best in found.confidence_set
    assert found.bonferroni_kept == 0 or len(found.confidence_set) > selection.MAX_EXACT


@pytest.mark.parametrize(("call", "argument", "message"), [
    (lambda: select_models([1, 0, 1, 0], np.ones(4)), "scores", "an \\(n, K\\) array"),
    (lambda: select_models([1, 0, 1, 0], {}), "scores", "no candidate"),
    (lambda: select_models([1, 0, 1, 0], np.ones((4, 2)), level=0.3), "level", "at least 0.5"),
    (lambda: select_models([1, 0, 1, 0], np.ones((4, 2)), propensity=np.ones(4), audited=np.ones(4)), "audited",
     "together"),
    (lambda: select_models([1, 0, 1, 0], np.arange(8.0).reshape(4, 2), audited=[np.nan, 0, np.nan, np.nan]),
     "audited", "at least 2 audited rows"),
    (lambda: refit_within_set(3), "order", "a parameter name"),
    (lambda: refit_within_set("C")({"params": [{"C": 1}], "split0_test_score": [0.5]}), "cv_results", "two folds"),
])
def test_every_bad_argument_is_named(call, argument, message):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(ArgumentError, match=message) as raised:
            call()
    assert raised.value.argument == argument


@pytest.mark.filterwarnings("ignore::pueval.selection.WideSetWarning")  # its sets are wide; tested below
def test_refit_within_set_picks_the_simplest_member_in_a_grid_search():
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV

    rng = np.random.default_rng(22)
    X = rng.normal(size=(1500, 5))
    y = (X[:, 0] + 0.5 * X[:, 1] + rng.normal(0, 1, 1500)) > 0.5
    s = (y & (rng.random(1500) < 0.4)).astype(int)
    grid = {"C": [1e-4, 1e-3, 1e-2, 1e-1, 1.0, 10.0]}
    search = GridSearchCV(LogisticRegression(), grid, scoring=pueval.aul_pu_scorer(), cv=5,
                          refit=refit_within_set("C")).fit(X, s)
    means = search.cv_results_["mean_test_score"]
    chosen = search.best_index_
    assert search.best_params_["C"] <= grid["C"][int(np.argmax(means))]
    # the chosen candidate is in the set: restated, no candidate leads it beyond the Bonferroni-t value
    folds = np.column_stack([search.cv_results_[f"split{i}_test_score"] for i in range(5)])
    from scipy.stats import t as student

    c = student.ppf(1 - 0.05 / 5, 4)
    for q in range(len(means)):
        d = folds[q] - folds[chosen]
        assert d.mean() <= c * d.std(ddof=1) / math.sqrt(5) + 1e-12
    assert all(refit_within_set("C")(search.cv_results_) <= j for j in range(len(means))
               if all((folds[q] - folds[j]).mean() <= c * (folds[q] - folds[j]).std(ddof=1) / math.sqrt(5) + 1e-12
                      for q in range(len(means))))


def test_enumerating_every_labeled_set_of_a_small_problem():
    """Exact coverage over every one of the C(14, 7) = 3,432 equally likely labeled sets of a small problem (SCAR
    draws of 7 of 14 positives): the set holds the truly best at least at its level, up to the normal
    approximation's error at 7 labeled rows (allowed: 2 points)."""
    y, scores, truth = population(40, 3, 0.25, 23)
    positives = np.flatnonzero(y)[:14]
    y = np.zeros(40, bool)
    y[positives] = True
    truth = np.array([metrics.t_values(scores[:, j])[y].mean() for j in range(3)])
    best = str(int(np.argmax(truth)))
    subsets = list(itertools.combinations(positives, 7))
    held = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for rows in subsets:
            labels = np.zeros(40, int)
            labels[list(rows)] = 1
            held += best in select_models(labels, scores, level=0.9, random_state=0).confidence_set
    assert held / len(subsets) >= 0.88


@pytest.mark.filterwarnings("ignore::pueval.selection.WideSetWarning")  # its sets are wide; tested below
def test_refit_within_set_never_chooses_a_failed_fit():
    from pueval.selection import FailedFitWarning

    nan = float("nan")
    results = {"params": [{"C": 0.1}, {"C": 1.0}, {"C": 10.0}],
               "split0_test_score": [nan, 0.80, 0.81], "split1_test_score": [nan, 0.79, 0.80],
               "split2_test_score": [nan, 0.81, 0.80]}
    with pytest.warns(FailedFitWarning, match=r"\{'C': 0.1\}"):
        chosen = refit_within_set("C")(results)
    assert chosen == 1  # C = 0.1 failed (it would be the simplest); C = 1 is within reach of the best
    one_fold_failed = {**results, "split0_test_score": [0.70, nan, 0.81]}
    with pytest.warns(FailedFitWarning):
        assert refit_within_set("C")(one_fold_failed) in (0, 2)
    every = {**results, "split0_test_score": [nan, nan, nan]}
    with pytest.raises(ArgumentError, match="every fit"):
        refit_within_set("C")(every)
    with pytest.raises(ArgumentError, match="'params'"):
        refit_within_set("C")({k: v for k, v in results.items() if k != "params"})


def test_a_bad_random_state_and_few_labeled_rows_are_named():
    from pueval.selection import FewUnitsWarning

    rng = np.random.default_rng(0)
    labels = (rng.random(300) < 0.3).astype(int)
    scores = {"a": rng.normal(size=300), "b": rng.normal(size=300)}
    for bad in (-1, 1.5, "seed", True):
        with pytest.raises(ArgumentError, match="random_state"):
            select_models(labels, scores, random_state=bad)
    two = np.zeros(300, int)
    two[:2] = 1
    with pytest.warns(FewUnitsWarning, match="rest on 2 units"):
        select_models(two, scores, random_state=0)


def test_select_models_is_seeded_by_default():
    rng = np.random.default_rng(4)
    labels = (rng.random(400) < 0.3).astype(int)
    scores = {name: labels + rng.normal(size=400) * k for name, k in (("a", 1.0), ("b", 1.05), ("c", 1.1))}
    assert select_models(labels, scores) == select_models(labels, scores)


def test_refit_within_set_warns_when_its_set_is_too_wide_to_choose():
    """Folds that cannot tell five candidates apart: the simplest is chosen by order alone, with a warning that
    says so and how far below the best it sits; a set of one (the best clearly ahead) chooses it silently."""
    from pueval.selection import WideSetWarning

    rng = np.random.default_rng(3)
    noise = rng.normal(0, 0.05, (5, 4))
    wide = {"params": [{"C": c} for c in (0.01, 0.1, 1.0, 10.0, 100.0)],
            **{f"split{i}_test_score": list(0.8 + 0.002 * np.arange(5) + noise[:, i]) for i in range(4)}}
    with pytest.warns(WideSetWarning, match=r"5 of 5 candidates cannot be ruled out.*below the best's"):
        assert refit_within_set("C")(wide) == 0
    clear = {"params": wide["params"],
             **{f"split{i}_test_score": [0.6, 0.61, 0.62, 0.9 + 0.001 * i, 0.63] for i in range(4)}}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert refit_within_set("C")(clear) == 3


def test_an_audit_of_the_highest_scored_rows_is_refused_as_a_random_audit():
    rng = np.random.default_rng(21)
    y = rng.random(3000) < 0.3
    labels = y & (rng.random(y.size) < 0.3)
    scores = {"a": y + rng.normal(size=y.size), "b": y + rng.normal(size=y.size)}
    top = np.flatnonzero(~labels)[np.argsort(-scores["a"][~labels])[:150]]  # the 150 best-scored unlabeled rows
    audit = np.full(y.size, np.nan)
    audit[top] = y[top]
    with pytest.raises(ArgumentError, match="audited: the 150 audited rows score above"):
        select_models(labels, scores, audited=audit, random_state=0)
