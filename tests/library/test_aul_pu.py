"""pueval.aul_pu: AUL^PU against brute force, its prior-free intervals (normal, bootstrap) and their coverage, the
paired difference of two models, the scorer, sample weights, bad input."""

import itertools
import warnings

import numpy as np
import pytest
from scipy.stats import norm
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold

import pueval
from pueval import aul_pu, metrics
from pueval.aul_pu import aul_pu_difference, aul_pu_interval
from pueval.validation import ArgumentError, DegenerateScoresWarning
from tests.synthetic import pu_labels


def _brute_aul_pu(labeled, scores):
    """Mean over labeled i and all j of S(g_i, g_j): 1 if greater, ½ if equal (j = i included)."""
    labeled, scores = np.asarray(labeled, bool), np.asarray(scores, float)
    total = sum((scores[i] > scores).sum() + 0.5 * (scores[i] == scores).sum() for i in np.flatnonzero(labeled))
    return total / (labeled.sum() * scores.size)


def _t_brute_force(scores):
    """t_i = (1/n) Σ_j S(g(x_i), g(x_j)), S = 1 above, ½ tied (itself included), 0 below: O(n²)."""
    s = np.asarray(scores, dtype=float)
    return ((s[:, None] > s[None, :]) + 0.5 * (s[:, None] == s[None, :])).mean(axis=1)


@pytest.mark.parametrize("seed", range(4))
def test_score_equals_brute_force_with_ties(seed):
    rng = np.random.default_rng(seed)
    scores = rng.integers(0, 8, 60) / 8  # many ties
    labeled = np.r_[np.ones(12, int), np.zeros(48, int)]
    rng.shuffle(labeled)
    assert aul_pu.aul_pu_score(labeled, scores) == pytest.approx(_brute_aul_pu(labeled, scores), abs=1e-12)
    assert aul_pu.aul_pu_score(labeled, scores) == pytest.approx(metrics.aul(labeled, scores), abs=1e-12)


def test_t_values_do_not_depend_on_the_labels():
    rng = np.random.default_rng(0)
    scores = rng.random(50)
    a, b = np.zeros(50, int), np.zeros(50, int)
    a[[1, 5, 9]] = 1
    b[[1, 5, 9, 20, 30]] = 1
    assert aul_pu.labeled_t_values(a, scores) == pytest.approx(aul_pu.labeled_t_values(b, scores)[:3])


def test_normal_interval_is_the_mean_plus_minus_z_standard_errors():
    rng = np.random.default_rng(1)
    scores = rng.random(300)
    labeled = (rng.random(300) < 0.2).astype(int)
    t = aul_pu.labeled_t_values(labeled, scores)
    half = norm.ppf(0.95) * t.std(ddof=1) / np.sqrt(t.size)
    low, high = aul_pu.aul_pu_interval(labeled, scores, level=0.9)
    assert (low, high) == pytest.approx((t.mean() - half, t.mean() + half), abs=1e-12)


def test_bootstrap_interval_is_reproducible_and_near_the_normal_one():
    rng = np.random.default_rng(2)
    scores = rng.random(2000)
    labeled = (rng.random(2000) < 0.2).astype(int)
    boot = aul_pu.aul_pu_interval(labeled, scores, method="bootstrap", random_state=7)
    assert boot == aul_pu.aul_pu_interval(labeled, scores, method="bootstrap", random_state=7)
    normal = aul_pu.aul_pu_interval(labeled, scores)
    assert boot == pytest.approx(normal, abs=0.01)


def test_intervals_cover_the_aul_over_scar_draws():
    """Synthetic population with a known AUL: coverage of the 90 % normal interval over 400 SCAR draws."""
    rng = np.random.default_rng(3)
    y = rng.random(3000) < 0.4
    scores = rng.normal(size=3000) + 1.0 * y
    truth = metrics.aul(y.astype(int), scores)
    positives = np.flatnonzero(y)
    covered = []
    for d in range(400):
        labeled = np.zeros(3000, int)
        labeled[rng.choice(positives, int(0.1 * positives.size), replace=False)] = 1
        low, high = aul_pu.aul_pu_interval(labeled, scores, level=0.9)
        covered.append(low <= truth <= high)
    assert 0.85 <= np.mean(covered) <= 0.95  # nominal 0.90, slightly conservative (no FPC factor)


def test_scorer_selects_models_in_grid_search():
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV

    rng = np.random.default_rng(4)
    y = rng.random(400) < 0.5
    X = rng.normal(size=(400, 2)) + np.outer(y, [1.5, 0.0])
    s = (y & (rng.random(400) < 0.3)).astype(int)
    search = GridSearchCV(LogisticRegression(), {"C": [1e-4, 1.0]}, scoring=aul_pu.aul_pu_scorer(), cv=3).fit(X, s)
    model = search.best_estimator_
    assert aul_pu.aul_pu_scorer()(model, X, s) == pytest.approx(
        aul_pu.aul_pu_score(s, model.decision_function(X)))
    assert pueval.aul_pu_score is aul_pu.aul_pu_score


@pytest.mark.parametrize("labeled, scores, message", [
    ([1, 0, 1], [0.1, np.nan, 0.3], "NaN"),
    ([1, 0, 2], [0.1, 0.2, 0.3], "labels: must hold two values"),
    ([1, 0, 0], [0.1, 0.2, 0.3], "at least 2 labeled"),
    ([1, 1, 1], [0.1, 0.2, 0.3], "unlabeled"),
    ([1, 0], [0.1, 0.2, 0.3], "rows"),
    ([[1, 0, 1]], [0.1, 0.2, 0.3], "1-D"),
])
def test_bad_input_raises_value_error(labeled, scores, message):
    with pytest.raises(ValueError, match=message):
        aul_pu.aul_pu_score(labeled, scores)


@pytest.mark.parametrize("kwargs, message", [(dict(level=1.0), "level"), (dict(method="exact"), "method"),
                                             (dict(n_boot=5), "n_boot"), (dict(level=float("nan")), "level")])
def test_bad_interval_options(kwargs, message):
    with pytest.raises(ValueError, match=message):
        aul_pu.aul_pu_interval([1, 1, 0, 0], [0.4, 0.3, 0.2, 0.1], **kwargs)


def test_scikit_learn_keyword_names_work_and_a_double_name_is_refused():
    labels, scores = [1, -1, -1, 1, -1], [0.9, 0.1, 0.4, 0.8, 0.3]
    assert pueval.aul_pu_score(y_true=labels, y_score=scores) == pueval.aul_pu_score(labels, scores)
    assert metrics.auc(y_true=labels, y_score=scores) == 1.0
    with pytest.raises(TypeError, match="got labels twice"):
        pueval.aul_pu_score(labels, scores, y_true=labels)


@pytest.mark.parametrize("labels, pos_label, message", [
    ([1, 0, 2, 1], 1, "labels: must hold two values"),
    ([-1, 0, 0, -1], 1, r"labels: no row equals pos_label=1 \(values found: -1, 0\)"),
    (["P", "U", "U", "P"], 1, "no row equals pos_label=1"),
    ([1.0, np.nan, 0.0, 1.0], 1, "labels: holds NaN"),
    (np.array([1, None, 0, 1], dtype=object), 1, "missing label"),
    ([1, 1, 1, 1], 1, "need unlabeled rows too"),
])
def test_bad_labels_are_refused_naming_the_argument(labels, pos_label, message):
    with pytest.raises(ValueError, match=message):
        pueval.aul_pu_score(labels, [0.9, 0.1, 0.4, 0.8], pos_label=pos_label)


def test_a_degenerate_predictor_is_warned_about():
    labels = [1, 0, 1, 0, 0, 1]
    with pytest.warns(DegenerateScoresWarning, match="every score is equal"):
        assert pueval.aul_pu_score(labels, [0.5] * 6) == 0.5
    with pytest.warns(DegenerateScoresWarning, match="every labeled row has the same score"):
        low, high = pueval.aul_pu_interval(labels, [0.7, 0.1, 0.7, 0.2, 0.3, 0.7])
    assert low == high
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pueval.aul_pu_score(labels, [0.7, 0.1, 0.6, 0.2, 0.3, 0.5])  # no warning for a real ranking


def test_the_paired_difference_is_a_plain_restatement_of_its_rules():
    rng, _, labeled = pu_labels(n=120)
    a, b = rng.integers(0, 15, labeled.size), rng.normal(size=labeled.size) + labeled
    result = pueval.aul_pu_difference(labeled, a, b, level=0.9)
    d = (_t_brute_force(a) - _t_brute_force(b))[labeled]
    se = d.std(ddof=1) / np.sqrt(d.size)
    from scipy.stats import norm

    assert result.difference == pytest.approx(d.mean(), abs=1e-14)
    assert result.difference == pytest.approx(pueval.aul_pu_score(labeled, a) - pueval.aul_pu_score(labeled, b))
    assert result.ci == pytest.approx((d.mean() - norm.ppf(0.95) * se, d.mean() + norm.ppf(0.95) * se), abs=1e-12)
    assert result.p_value == pytest.approx(2 * norm.sf(abs(d.mean()) / se), rel=1e-9)
    assert (result.n, result.n_labeled, result.level) == (labeled.size, labeled.sum(), 0.9)
    swapped = pueval.aul_pu_difference(labeled, b, a, level=0.9)
    assert swapped.difference == -result.difference and swapped.p_value == result.p_value


def test_the_paired_difference_has_the_sign_of_the_auc_difference():
    """On one PU set ΔAUL^PU = (n_U/n)·ΔAUC^PU: the same sign, exactly."""
    rng, y, labeled = pu_labels(n=500)
    for _ in range(20):
        a, b = y + rng.normal(0, rng.uniform(0.3, 2), y.size), y + rng.normal(0, rng.uniform(0.3, 2), y.size)
        n_u = (~labeled).sum()
        expected = n_u / y.size * (metrics.auc(labeled, a) - metrics.auc(labeled, b))
        assert pueval.aul_pu_difference(labeled, a, b).difference == pytest.approx(expected, abs=1e-12)


def test_the_paired_interval_covers_the_true_difference_on_fresh_scar_draws():
    """Known truth: fixed scores of a population, 300 SCAR draws at β = 0.1; the conservative interval
    covers ΔAUL at least at about its nominal level."""
    rng = np.random.default_rng(3)
    y = rng.random(3000) < 0.4
    a, b = y + rng.normal(0, 0.8, y.size), y + rng.normal(0, 1.2, y.size)
    truth = metrics.aul(y.astype(int), a) - metrics.aul(y.astype(int), b)
    positives = np.flatnonzero(y)
    covered = []
    for _ in range(300):
        labeled = np.zeros(y.size, bool)
        labeled[rng.choice(positives, int(0.1 * positives.size), replace=False)] = True
        low, high = pueval.aul_pu_difference(labeled, a, b).ci
        covered.append(low <= truth <= high)
    assert 0.92 <= np.mean(covered) <= 0.99


def test_identical_models_warn_and_give_p_one():
    labels, scores = [1, 0, 1, 0, 0, 1], [0.7, 0.1, 0.6, 0.2, 0.3, 0.5]
    with pytest.warns(DegenerateScoresWarning, match="do not vary"):
        result = pueval.aul_pu_difference(labels, scores, np.asarray(scores) * 2)
    assert (result.difference, result.ci, result.p_value) == (0.0, (0.0, 0.0), 1.0)
    keys = list(result.as_dict())
    assert keys == ["n", "n_labeled", "aul_pu_a", "aul_pu_b", "difference", "difference_ci", "p_value", "level"]


def test_the_scorer_is_an_affine_map_of_roc_auc_and_picks_the_same_model():
    rng = np.random.default_rng(0)
    n = 600
    X = rng.normal(size=(n, 4))
    y = (X[:, 0] + 0.5 * X[:, 1] + rng.normal(0, 1, n)) > 0.3
    s = np.zeros(n, int)
    s[np.flatnonzero(y)[: 5 * (y.sum() // 10)]] = 1  # labeled count divisible by the 5 folds
    folds = StratifiedKFold(5, shuffle=True, random_state=0)
    grid = {"C": [1e-4, 1e-3, 1e-2, 1e-1, 1.0]}
    by_aul = GridSearchCV(LogisticRegression(), grid, scoring=pueval.aul_pu_scorer(), cv=folds).fit(X, s)
    by_auc = GridSearchCV(LogisticRegression(), grid, scoring="roc_auc", cv=folds).fit(X, s)
    assert by_aul.best_params_ == by_auc.best_params_
    for k, (_, test) in enumerate(folds.split(X, s)):
        n_l, n_t = s[test].sum(), test.size
        aul, auc = by_aul.cv_results_[f"split{k}_test_score"], by_auc.cv_results_[f"split{k}_test_score"]
        np.testing.assert_allclose(aul, n_l / (2 * n_t) + (n_t - n_l) / n_t * auc, atol=1e-12)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_the_bootstrap_draws_each_block_from_its_own_stream_whatever_the_threads(monkeypatch, threads):
    values = np.random.default_rng(1).random(37)
    children = np.random.default_rng(5).spawn(36)  # 250 resamples, 7 a block: 35 full blocks and a short one
    plain = np.concatenate([values[child.integers(0, 37, (min(7, 250 - 7 * k), 37))].mean(axis=1)
                            for k, child in enumerate(children)])
    monkeypatch.setattr(aul_pu, "BOOTSTRAP_CHUNK", 37 * 7 + 3)  # 7 resamples at a time, the last block short
    np.testing.assert_array_equal(aul_pu.bootstrap_means(values, 250, np.random.default_rng(5), threads=threads),
                                  plain)


def test_pairs_of_labelings_agree_on_the_paper_example():
    """pulearn's ±1 labels straight into the library, on the paper's Figure 1a."""
    scores = [0.92, 0.82, 0.73, 0.66, 0.6, 0.58, 0.54, 0.5, 0.45, 0.43,
              0.41, 0.39, 0.38, 0.36, 0.35, 0.3, 0.25, 0.2, 0.15, 0.1]
    labeled = [1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0]
    for a, b in itertools.combinations([labeled, [2 * v - 1 for v in labeled], [bool(v) for v in labeled]], 2):
        assert pueval.aul_pu_score(a, scores) == pueval.aul_pu_score(b, scores) == pytest.approx(0.615)


@pytest.mark.parametrize("seed", range(4))
def test_sample_weights_count_a_row_as_many_times_as_its_integer_weight(seed):
    rng = np.random.default_rng(seed)
    n = 40
    labels = (rng.random(n) < 0.3).astype(int)
    labels[:2] = 1
    scores = np.round(rng.random(n), 1)  # ties
    weights = rng.integers(0, 4, n)
    weights[:2] = 1
    repeated = np.repeat(np.arange(n), weights)
    expected = pueval.aul_pu_score(labels[repeated], scores[repeated])
    assert pueval.aul_pu_score(labels, scores, sample_weight=weights) == pytest.approx(expected, abs=1e-12)
    assert pueval.aul_pu_score(labels, scores, sample_weight=np.full(n, 2.5)) == pytest.approx(
        pueval.aul_pu_score(labels, scores), abs=1e-12)


def test_bad_sample_weights_are_refused_naming_the_argument():
    labels, scores = [1, 1, 0, 0], [0.9, 0.4, 0.5, 0.1]
    for weights, message in (([1, 1, 1], "one per row"), ([1, -1, 1, 1], "≥ 0"), ([1, np.nan, 1, 1], "finite"),
                             ([0, 0, 1, 1], "sum to 0"), (["a"] * 4, "real numbers")):
        with pytest.raises(ValueError, match=f"sample_weight: .*{message}"):
            pueval.aul_pu_score(labels, scores, sample_weight=weights)
    with pytest.raises(ValueError, match="sample_weight: and propensity together"):
        pueval.aul_pu_score(labels, scores, sample_weight=[1] * 4, propensity=[0.5] * 4)


def test_the_scorer_routes_sample_weight_through_cross_validate():
    import sklearn
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import KFold, cross_validate

    rng = np.random.default_rng(3)
    X = rng.normal(size=(300, 2))
    s = ((X[:, 0] + rng.normal(size=300) > 0.8) & (rng.random(300) < 0.6)).astype(int)
    weights = rng.uniform(0.5, 2.0, 300)
    folds = KFold(3, shuffle=True, random_state=0)
    with sklearn.config_context(enable_metadata_routing=True):
        scorer = pueval.aul_pu_scorer().set_score_request(sample_weight=True)
        model = LogisticRegression().set_fit_request(sample_weight=False)
        found = cross_validate(model, X, s, cv=folds, scoring=scorer, params={"sample_weight": weights})
    expected = [pueval.aul_pu_score(s[test], LogisticRegression().fit(X[train], s[train]).decision_function(X[test]),
                                    sample_weight=weights[test]) for train, test in folds.split(X)]
    assert found["test_score"] == pytest.approx(expected, abs=1e-12)


def test_integer_scores_are_ranked_as_integers_beyond_two_to_the_53():
    big = 2**53
    assert float(big) == float(big + 1)  # a float64 cast would tie them
    scores = np.array([big + 1, big, 5, 7], dtype=np.int64)  # ranks 4, 3, 1, 2: t = 0.875 and 0.125 labeled
    assert aul_pu.aul_pu_score([1, 0, 1, 0], scores) == 0.5
    assert aul_pu.aul_pu_score([1, 0, 1, 0], scores.astype(float)) == 0.4375  # what the cast would give
    assert metrics.auc([1, 0], np.array([big + 1, big], dtype=np.uint64)) == 1.0


def test_the_p_value_of_a_clear_difference_is_its_normal_tail_not_zero():
    rng, y, labeled = pu_labels(n=6000, seed=5)
    strong, weak = y * 2.0 + rng.normal(size=y.size), rng.normal(size=y.size)
    result = aul_pu.aul_pu_difference(labeled, strong, weak)
    z = result.difference / ((result.ci[1] - result.ci[0]) / 2 / norm.ppf(0.975))
    assert 0 < result.p_value == pytest.approx(2 * norm.sf(z), rel=1e-6) and result.p_value < 1e-15


def test_the_bootstrap_interval_refuses_an_endless_bootstrap_and_warns_on_few_distinct_t_values():
    scores = np.linspace(0, 1, 400)
    labels = (np.arange(400) % 5 == 0).astype(int)
    with pytest.raises(ValueError, match="^n_boot: must be an integer in"):
        aul_pu.aul_pu_interval(labels, scores, method="bootstrap", n_boot=10**12)
    few = np.r_[np.ones(5), np.zeros(395)].astype(int)
    with pytest.warns(DegenerateScoresWarning, match="resamples 5 distinct labeled t-values"):
        aul_pu.aul_pu_interval(few, scores, method="bootstrap", n_boot=200, random_state=0)


def test_sample_weight_in_the_interval_and_the_difference_is_the_repeated_rows():
    """Integer weights are frequencies: the interval and the paired difference equal those of the rows repeated."""
    rng = np.random.default_rng(31)
    n = 400
    y = rng.random(n) < 0.4
    labels = (y & (rng.random(n) < 0.4)).astype(int)
    a, b = y + rng.normal(0, 1, n), y + rng.normal(0, 1.5, n)
    weights = rng.integers(1, 4, n)
    rows = np.repeat(np.arange(n), weights)
    assert aul_pu_interval(labels, a, sample_weight=weights) == pytest.approx(
        aul_pu_interval(labels[rows], a[rows]), abs=1e-12)
    weighted = aul_pu_difference(labels, a, b, sample_weight=weights)
    repeated = aul_pu_difference(labels[rows], a[rows], b[rows])
    assert weighted.difference == pytest.approx(repeated.difference, abs=1e-12)
    assert weighted.ci == pytest.approx(repeated.ci, abs=1e-12)
    assert weighted.p_value == pytest.approx(repeated.p_value, rel=1e-9)
    assert aul_pu_interval(labels, a, sample_weight=np.ones(n)) == pytest.approx(aul_pu_interval(labels, a))
    with pytest.raises(ArgumentError, match="sample_weight"):
        aul_pu_interval(labels, a, sample_weight=weights, method="bootstrap")
    with pytest.raises(ArgumentError, match="sample_weight"):
        aul_pu_difference(labels, a, b, sample_weight=weights, propensity=np.ones(n))
