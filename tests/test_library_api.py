"""The library as researchers call it (#20): labels as they come, comparing two models, one API for class
priors, curves, the scorer's identity, the bootstrap's bounded memory."""

import itertools
import warnings

import numpy as np
import pytest
from sklearn import metrics as skm
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold

import pueval
from pueval import aul_pu, curves, metrics, related
from pueval.mpe import distance_curve as dc
from pueval.mpe.priors import PUBLIC_METHODS, PriorAtBoundWarning, estimate_prior, theta_bounds
from pueval.validation import DegenerateScoresWarning


def _pu(n=400, alpha=0.4, beta=0.3, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < alpha
    labeled = y & (rng.random(n) < beta)
    return rng, y, labeled


# Labels as they come ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("convert, pos_label", [
    (lambda s: s.astype(int), 1),
    (lambda s: np.where(s, 1, -1), 1),
    (lambda s: s, True),
    (lambda s: s, 1),
    (lambda s: np.where(s, "labeled", "unlabeled"), "labeled"),
    (lambda s: np.where(s, 0, 1), 0),
    (lambda s: np.where(s, 2.0, 7.0), 2.0),
])
def test_every_two_valued_labeling_gives_the_same_numbers(convert, pos_label):
    rng, _, labeled = _pu()
    scores = rng.normal(size=labeled.size) + labeled
    labels = convert(labeled)
    assert aul_pu.aul_pu_score(labels, scores, pos_label=pos_label) == aul_pu.aul_pu_score(labeled.astype(int), scores)
    assert metrics.auc(labels, scores, pos_label=pos_label) == metrics.auc(labeled.astype(int), scores)
    assert aul_pu.aul_pu_interval(labels, scores, pos_label=pos_label) == aul_pu.aul_pu_interval(labeled, scores)
    assert curves.lift_curve(labels, scores, pos_label=pos_label).area == pytest.approx(
        metrics.aul(labeled.astype(int), scores), abs=1e-12)
    assert related.jain_auprc(labels, scores, 0.3, pos_label=pos_label) == related.jain_auprc(labeled, scores, 0.3)


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


# Comparing two models without a prior ----------------------------------------------------------------------

def _t_brute_force(scores):
    """t_i = (1/n) Σ_j S(g(x_i), g(x_j)), S = 1 above, ½ tied (itself included), 0 below: O(n²)."""
    s = np.asarray(scores, dtype=float)
    return ((s[:, None] > s[None, :]) + 0.5 * (s[:, None] == s[None, :])).mean(axis=1)


def test_the_paired_difference_is_a_plain_restatement_of_its_rules():
    rng, _, labeled = _pu(n=120)
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
    rng, y, labeled = _pu(n=500)
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


# The scorer: the same model as roc_auc, an unbiased AUL as its value ------------------------------------

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


# The bootstrap in bounded memory ---------------------------------------------------------------------------

def test_the_chunked_bootstrap_draws_the_same_means_as_one_matrix(monkeypatch):
    values = np.random.default_rng(1).random(37)
    plain = values[np.random.default_rng(5).integers(0, 37, (250, 37))].mean(axis=1)
    monkeypatch.setattr(aul_pu, "BOOTSTRAP_CHUNK", 37 * 7 + 3)  # 7 resamples at a time, the last chunk short
    np.testing.assert_array_equal(aul_pu.bootstrap_means(values, 250, np.random.default_rng(5)), plain)


# Curves ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ties", [False, True])
def test_curve_points_and_areas(ties):
    rng, _, labeled = _pu(n=300)
    scores = rng.integers(0, 12, labeled.size) if ties else rng.normal(size=labeled.size) + labeled
    s = labeled.astype(int)
    roc = curves.roc_curve(s, scores)
    fpr, tpr, _ = skm.roc_curve(s, scores, drop_intermediate=False)
    np.testing.assert_allclose(roc.x, fpr)
    np.testing.assert_allclose(roc.y, tpr)
    assert roc.area == pytest.approx(metrics.auc(s, scores), abs=1e-12)
    lift = curves.lift_curve(s, scores)
    assert lift.area == pytest.approx(metrics.aul(s, scores), abs=1e-12)
    assert np.all(np.diff(lift.x) > 0) and lift.x[-1] == 1.0 and lift.thresholds[0] == np.inf
    band = curves.claesen_band(s, scores, 0.3)
    assert (band.roc_lower.area, band.roc_upper.area) == related.claesen_bounds(s, scores, 0.3)["auc"]
    assert curves.corrected_roc_curve(s, scores, 0.3).area == related.jain_roc_auc(s, scores, 0.3)


# One API for class priors ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def mixture():
    """θ = 200/600 of the unlabeled rows positive; labels as pulearn's 1/−1."""
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(400, int), np.zeros(400, int)]
    X = np.c_[y * 2.5 + rng.normal(size=800), y * 1.5 + rng.normal(size=800), rng.normal(size=800)]
    labels = np.where(np.arange(800) < 200, 1, -1)
    return X, labels, 200 / 600


@pytest.mark.parametrize("method", list(PUBLIC_METHODS))
def test_estimate_prior_runs_every_method_by_name(mixture, method):
    X, labels, theta = mixture
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PriorAtBoundWarning)
        first = estimate_prior(X, labels, method, random_state=7)
        again = estimate_prior(X, labels, method, random_state=7)
        from_generator = estimate_prior(X, labels, method, random_state=np.random.default_rng(7))
    assert first == again and first.method == method and 0.0 <= first.theta <= 0.999
    assert abs(first.theta - theta) < 0.25, first
    assert 0.0 <= from_generator.theta <= 0.999
    assert (first.n, first.n_labeled) == (800, 200)


def test_estimate_prior_warns_at_a_bound_and_refuses_bad_arguments(mixture):
    X, labels, _ = mixture
    y = np.r_[np.ones(780, int), np.zeros(20, int)]
    X_high = np.c_[y * 3.0 + np.random.default_rng(1).normal(size=800)]
    labels_high = np.where(np.arange(800) < 60, 1, 0)  # θ = 720/740 = 0.97: TIcE reaches its cap
    with pytest.warns(PriorAtBoundWarning, match="tice: theta = 0.9990 sits at the upper bound"):
        estimate = estimate_prior(X_high, labels_high, "tice", random_state=0)
    assert (estimate.theta, estimate.at_bound, estimate.bounds) == (0.999, "upper", (0.0, 0.999))
    low, high, low_reach, high_reach = theta_bounds("km1")  # λ ∈ [1, 8] to ε = 0.04
    assert (low, high) == (0.0, 0.875) and low_reach == pytest.approx(0.04 / 1.04)
    assert high_reach == pytest.approx(1 - 1 / 7.96)
    with pytest.raises(ValueError, match="method: must be one of km1, km2, distcurve, en, bbe, tice"):
        estimate_prior(X, labels, "distance")
    with pytest.raises(ValueError, match="options: tice takes folds"):
        estimate_prior(X, labels, "tice", standardize=True)
    with pytest.raises(ValueError, match="random_state"):
        estimate_prior(X, labels, "km1", random_state=-1)
    with pytest.raises(ValueError, match="no row equals pos_label=1"):
        estimate_prior(X, labels == 1, "km1", pos_label=1.5)


def test_the_shipped_distcurve_regressor_is_the_default_runs(repo):
    """It was trained with the default config's options and seed (the config cannot drift from them)."""
    import yaml

    config = yaml.safe_load((repo / "config" / "config.yaml").read_text())
    assert config["seed"] == dc.DEFAULT_SEED
    assert config["mpe"]["distcurve"]["repetitions"] == dc.DEFAULT_REPETITIONS
    assert config["mpe"]["distcurve"]["training"] == dc.DEFAULT_TRAINING
    model = dc.default_regressor()
    text = model.model_to_string()
    assert model.num_trees() == dc.DEFAULT_TRAINING["rounds"]
    assert f"[num_leaves: {dc.DEFAULT_TRAINING['num_leaves']}]" in text
    assert f"[learning_rate: {dc.DEFAULT_TRAINING['learning_rate']}]" in text
    assert f"[seed: {dc.DEFAULT_SEED}]" in text
    curves_, thetas = dc.training_set(60, seed=1, repetitions=dc.DEFAULT_REPETITIONS, stream="shipped-check")
    assert np.abs(model.predict(curves_) - thetas).mean() < 0.2  # it reads curves it never saw


def test_pueval_has_a_version_and_the_project_files_users_look_for(repo):
    assert pueval.__version__.count(".") == 2
    for name in ("LICENSE", "CITATION.cff", "CHANGELOG.md", "src/pueval/py.typed"):
        assert (repo / name).is_file(), name
    assert f"## {pueval.__version__}" in (repo / "CHANGELOG.md").read_text()
    assert f"version: {pueval.__version__}" in (repo / "CITATION.cff").read_text()


def test_every_public_function_is_type_hinted():
    import inspect

    public = [pueval.aul_pu_score, pueval.aul_pu_interval, pueval.aul_pu_difference, metrics.auc, metrics.aul,
              metrics.corrected_auc, estimate_prior, *(getattr(curves, n) for n in curves.__all__
                                                      if inspect.isfunction(getattr(curves, n))),
              *(f for _, f in inspect.getmembers(related, inspect.isfunction) if f.__module__ == related.__name__
                and not f.__name__.startswith("_"))]
    for function in public:
        signature = inspect.signature(inspect.unwrap(function))
        missing = [p for p, v in signature.parameters.items() if v.annotation is inspect.Parameter.empty
                   and p != "options"]
        assert not missing and signature.return_annotation is not inspect.Parameter.empty, (function, missing)


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
