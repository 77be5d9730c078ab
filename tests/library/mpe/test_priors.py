"""pueval.mpe.priors, one API for class priors: every method by its public name, intervals (BBE's own, any method's
bootstrap), agreement, option checks naming method and option, KM's subsample, a transform shared by several
estimators."""

import dataclasses
import warnings

import numpy as np
import pytest

from pueval.mpe.distance_curve import default_regressor
from pueval.mpe.priors import (
    PUBLIC_METHODS,
    PriorAtBoundWarning,
    PriorEstimator,
    estimate_prior,
    theta_bounds,
)
from pueval.seeds import PriorSeeds


@pytest.fixture(scope="module")
def mixture():
    """θ = 200/600 of the unlabeled rows positive; labels as pulearn's 1/−1."""
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(400, int), np.zeros(400, int)]
    X = np.c_[y * 2.5 + rng.normal(size=800), y * 1.5 + rng.normal(size=800), rng.normal(size=800)]
    labels = np.where(np.arange(800) < 200, 1, -1)
    return X, labels, 200 / 600


def test_priors_agree_when_their_intervals_overlap():
    from pueval.mpe.priors import PriorEstimate, priors_agree

    def make(low, high):
        return PriorEstimate(0.5, "bbe", None, (0, 1), 10, 2, interval=(low, high) if low is not None else None)

    assert priors_agree({"a": make(0.1, 0.3), "b": make(0.25, 0.5)}) is True
    assert priors_agree({"a": make(0.1, 0.2), "b": make(0.25, 0.5)}) is False
    assert priors_agree({"a": make(0.1, 0.2), "b": make(None, None)}) is None


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


def test_estimate_prior_gives_bbe_its_own_interval_and_any_method_a_bootstrap():
    rng = np.random.default_rng(3)
    y = (rng.random(600) < 0.5).astype(int)
    X = np.c_[y * 2.0 + rng.normal(size=600), rng.normal(size=600)]
    s = (y == 1) & (rng.random(600) < 0.4)
    bbe = estimate_prior(X, s.astype(int), "bbe", random_state=1)
    assert bbe.interval is not None and bbe.interval[0] <= bbe.theta <= bbe.interval[1]
    assert "DKW" in bbe.interval_method
    km = estimate_prior(X, s.astype(int), "km2", random_state=1)
    assert km.interval is None and km.interval_method is None  # KM has no interval of its own
    boot = estimate_prior(X, s.astype(int), "km2", random_state=1, interval="bootstrap", n_boot=8, level=0.8)
    again = estimate_prior(X, s.astype(int), "km2", random_state=1, interval="bootstrap", n_boot=8, level=0.8)
    assert boot.interval == again.interval and boot.interval[0] <= boot.interval[1]
    assert boot.theta == km.theta and "8 resamples" in boot.interval_method
    with pytest.raises(ValueError, match="interval: must be one of own, bootstrap"):
        estimate_prior(X, s.astype(int), "km2", interval="dkw")


@pytest.mark.parametrize("method", ["en", "bbe", "distcurve"])
def test_a_bootstrap_of_a_cross_fitted_method_brackets_its_estimate(method):
    """A resample's copies of a row stay in one fold of the transform. Split between folds, a held-out copy
    of a labeled training row scores as labeled, and the resamples' θ̂ fall far below the estimate (EN's
    interval was [0.14, 0.21] around θ̂ = 0.77 on airfoil)."""
    rng = np.random.default_rng(3)
    y = (rng.random(800) < 0.5).astype(int)
    X = np.c_[y * 1.5 + rng.normal(size=800), rng.normal(size=800)]
    s = ((y == 1) & (rng.random(800) < 0.4)).astype(int)
    found = estimate_prior(X, s, method, random_state=1, interval="bootstrap", n_boot=20, level=0.9)
    low, high = found.interval
    assert low <= found.theta <= high and high - low < 0.5, (found.theta, found.interval)
    with pytest.raises(ValueError, match="n_boot"):
        estimate_prior(X, s.astype(int), "km2", interval="bootstrap", n_boot=1)


@pytest.mark.parametrize(("method", "options", "message"), [
    ("km1", {"standardize": "no"}, "km1 standardize: must be True or False, got 'no'"),
    ("km2", {"standardize": 1}, "km2 standardize: must be True or False"),
    ("bbe", {"delta": "0.1"}, "bbe delta: must be a number in (0, 1), got '0.1'"),
    ("bbe", {"delta": 1.0}, "bbe delta: must be a number in (0, 1)"),
    ("bbe", {"gamma": float("nan")}, "bbe gamma: must be a number in [0, inf)"),
    ("bbe", {"transform": {"learning_rate": -1}}, "bbe transform learning_rate: must be a number in (0, inf)"),
    ("distcurve", {"repetitions": 2.5}, "distcurve repetitions: must be an integer ≥ 1, got 2.5"),
    ("distcurve", {"model": 123}, "distcurve model: must be a lightgbm.Booster or the path of a LightGBM text file"),
    ("en", {"transform": {"folds": 1}}, "en transform folds: must be an integer ≥ 2, got 1"),
    ("en", {"transform": "abc"}, "en transform: must be a dict of folds, rounds, num_leaves, learning_rate"),
    ("en", {"transform": {"trees": 5}}, "en transform: takes folds, rounds, num_leaves, learning_rate; got ['trees']"),
    ("tice", {"k": 0}, "tice k: must be a number in (0, inf)"),
    ("tice", {"folds": True}, "tice folds: must be an integer ≥ 2"),
    ("tice", {"delta": 2}, "tice delta: must be a number in (0, 1)"),
    ("tice", {"estimate_rows": "all"}, "tice estimate_rows: must be one of"),
])
def test_every_option_of_every_estimator_is_checked_naming_method_and_option(method, options, message):
    """Checked in one place (PriorOptions.__post_init__) before any work: never someone else's words (TypeError,
    LightGBMError, scikit-learn's n_splits message), never a value silently read through bool()."""
    from pueval.mpe.priors import estimate_prior

    rng = np.random.default_rng(0)
    X, labels = rng.normal(size=(60, 2)), (np.arange(60) < 20).astype(int)
    with pytest.raises(ValueError) as raised:
        estimate_prior(X, labels, method, random_state=0, **options)
    assert str(raised.value).startswith(message), str(raised.value)


@pytest.mark.parametrize(("options", "message"), [
    ({"km_standardize": "yes"}, "km_standardize: must be True or False, got 'yes'"),
    ({"km_max_rows": 5}, "km_max_rows: must be an integer ≥ 100, got 5"),
    ({"repetitions": 0}, "repetitions: must be an integer ≥ 1"),
    ({"distcurve_model": 123}, "distcurve_model: must be a lightgbm.Booster or the path of a LightGBM text file"),
    ({"transform": {"folds": 1}}, "transform folds: must be an integer ≥ 2, got 1"),
    ({"transform": [3]}, "transform: must be a dict of folds, rounds, num_leaves, learning_rate"),
    ({"bbe": {"delta": 0}}, "bbe delta: must be a number in (0, 1)"),
    ({"bbe": {"folds": 3}}, "bbe: takes delta, gamma; got ['folds']"),
    ({"bbe": {"transform": {}}}, "bbe: takes delta, gamma; got ['transform']"),
    ({"tice": {"iterations": 0}}, "tice iterations: must be an integer"),
    ({"tice": "k=4"}, "tice: must be a dict of folds, delta, k"),
])
def test_prior_options_check_every_field_once_naming_it_as_given(options, message):
    """The one check (PriorOptions.__post_init__) names the field as the value's maker wrote it; the estimator,
    estimate_priors and evaluate take the checked value and check none of it again."""
    from pueval.mpe.priors import PriorOptions

    with pytest.raises(ValueError) as raised:
        PriorOptions(**options)
    assert str(raised.value).startswith(message), str(raised.value)


def test_the_estimator_takes_prior_options_and_nothing_else():
    from pueval.mpe.priors import PriorEstimator, PriorOptions

    with pytest.raises(ValueError, match="options: must be a PriorOptions"):
        PriorEstimator(["tice"], {"tice": {"k": 4}})
    with pytest.raises(TypeError):
        PriorEstimator(["km1"], km_standardize=True)  # no second spelling of the options
    assert PriorEstimator(["km1"], PriorOptions(km_standardize=True)).options.km_standardize


def test_a_method_keyword_becomes_the_field_that_holds_it():
    """PriorOptions.of_method, the one translation from estimate_prior's keywords, restated field by field."""
    from pueval.mpe.priors import FIELDS, PriorOptions

    assert PriorOptions.of_method("km2", {"standardize": True, "max_rows": 500}) == \
        PriorOptions(km_standardize=True, km_max_rows=500)
    assert PriorOptions.of_method("distcurve", {"model": "m.txt", "repetitions": 3, "transform": {"folds": 4}}) == \
        PriorOptions(distcurve_model="m.txt", repetitions=3, transform={"folds": 4})
    assert PriorOptions.of_method("bbe", {"delta": 0.2, "transform": {"rounds": 9}}) == \
        PriorOptions(bbe={"delta": 0.2}, transform={"rounds": 9})
    assert PriorOptions.of_method("tice", {"k": 4, "folds": 3}) == PriorOptions(tice={"k": 4, "folds": 3})
    assert PriorOptions.of_method("en", {}) == PriorOptions()
    fields = {f for method in FIELDS.values() for f in method.values()}
    assert fields == {f.name for f in dataclasses.fields(PriorOptions)}, "every field reachable from a keyword"


def test_km_runs_on_a_stratified_subsample_above_max_rows_and_says_so():
    from pueval.mpe.priors import SubsampleWarning

    rng = np.random.default_rng(4)
    y = (rng.random(900) < 0.5).astype(int)
    X = np.c_[y * 3.0 + rng.normal(size=900), rng.normal(size=900)]
    s = ((y == 1) & (rng.random(900) < 0.4)).astype(int)
    with pytest.warns(SubsampleWarning, match="stratified subsample of 300 rows"):
        found = estimate_prior(X, s, "km2", random_state=2, max_rows=300, interval="bootstrap", n_boot=3)
    assert found.subsample == 300 and found.n == 900 and found.n_labeled == int(s.sum())
    assert "on a subsample of 300 rows" in found.interval_method
    truth = (y[s == 0] == 1).mean()
    assert abs(found.theta - truth) < 0.15
    with pytest.raises(ValueError, match="km2 max_rows: must be an integer"):
        estimate_prior(X, s, "km2", max_rows=5)


def test_every_message_names_methods_as_the_user_does():
    """Messages a user can get name the methods by their one spelling (PUBLIC_METHODS), never by the studies'
    column name "distance"."""
    from pueval.mpe import kernel_embedding as ke
    from pueval.mpe.priors import PUBLIC_METHODS, PriorOptions

    public = ", ".join(PUBLIC_METHODS)
    X, s = np.random.default_rng(0).normal(size=(50, 2)), np.r_[np.ones(10, int), np.zeros(40, int)]
    messages = [ke.memory_message(10**6, 10**9)]
    for call in (lambda: estimate_prior(X, s, "curve"), lambda: PriorOptions.of_method("distcurve", {"folds": 3}),
                 lambda: estimate_prior(X, s, "km1", max_rows=1)):
        with pytest.raises(ValueError) as error:
            call()
        messages.append(str(error.value))
    assert public in messages[1] and "distcurve takes" in messages[2]
    assert "use a lighter estimator (distcurve, en, bbe, tice)" in messages[0]
    for message in messages:
        assert "distance" not in message.replace("distcurve", ""), message


def test_the_estimator_and_estimate_prior_take_one_spelling_of_each_method(mixture):
    """PriorEstimator takes the names estimate_prior, estimate_priors and the command take, and refuses the
    studies' column name of DistCurve ("distance", the paper's AUC_Distance)."""
    X, labels, _ = mixture
    assert PriorEstimator(["distcurve"]).methods == ("distcurve",)
    with pytest.raises(ValueError, match="methods: \\['distance'\\]; choose from km1, km2, distcurve, en, bbe, tice"):
        PriorEstimator(["distance"])
    seeds = PriorSeeds.of(3)
    thetas = PriorEstimator(["distcurve", "en"])(X, labels, seeds)  # DistCurve with the shipped regressor, as alone
    assert thetas == {m: estimate_prior(X, labels, m, random_state=3).theta for m in ("distcurve", "en")}


@pytest.mark.parametrize("interval", ["own", "bootstrap"])
@pytest.mark.parametrize("methods, shared", [
    (("distcurve", "en", "bbe"), ("distance_curve", "univariate_transform")),
    (("km1", "km2"), ("kernel_embedding", "km_thresholds"))])
def test_several_estimators_share_their_common_work_and_give_what_each_gives_alone(monkeypatch, interval, methods,
                                                                                  shared):
    """DistCurve, EN and BBE read one transform; KM1 and KM2 one run of KM: once, and once per resample."""
    import importlib

    from pueval.mpe.priors import estimate_priors

    module, name = importlib.import_module(f"pueval.mpe.{shared[0]}"), shared[1]
    rng = np.random.default_rng(21)
    y = rng.random(500) < 0.5
    X = np.c_[y * 2.0 + rng.normal(size=500), rng.normal(size=500)]
    labels = (y & (rng.random(500) < 0.4)).astype(int)
    options = {"n_boot": 3, "interval": interval, "random_state": 4}
    alone = {m: estimate_prior(X, labels, m, **options) for m in methods}
    calls = []
    original = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: calls.append(1) or original(*a, **k))
    assert estimate_priors(X, labels, list(methods), **options) == alone
    assert len(calls) == (1 if interval == "own" else 1 + 3)  # one per resample too, not one per method


@pytest.mark.parametrize("kwargs, match", [
    ({"interval": "own", "level": 5}, "level must lie in"), ({"interval": None, "n_boot": -3}, "^n_boot: "),
    ({"interval": "bootstrap", "n_boot": 10**12}, "^n_boot: must be an integer in"),
])
def test_every_option_is_checked_before_any_work_whatever_the_interval(kwargs, match):
    from pueval.mpe import estimate_prior

    rng = np.random.default_rng(0)
    X, labels = rng.normal(size=(200, 2)), (np.arange(200) % 4 == 0).astype(int)
    with pytest.raises(ValueError, match=match):
        estimate_prior(X, labels, "en", random_state=0, **kwargs)


def test_a_bootstrap_of_theta_needs_enough_rows_to_resample():
    from pueval.mpe import estimate_prior

    rng = np.random.default_rng(0)
    X, labels = rng.normal(size=(200, 2)), (np.arange(200) < 5).astype(int)
    with pytest.raises(ValueError, match="interval: a bootstrap needs at least 10 labeled and 10 unlabeled rows"):
        estimate_prior(X, labels, "en", random_state=0, interval="bootstrap", n_boot=10)


def test_a_prior_estimator_clones_and_sets_its_params_as_scikit_learn_expects():
    from sklearn.base import clone

    from pueval.mpe.priors import PriorEstimator, PriorOptions
    from pueval.validation import ArgumentError

    estimator = PriorEstimator(["km1", "km2"], PriorOptions(km_standardize=True))
    copy = clone(estimator)
    assert copy is not estimator and copy.get_params() == estimator.get_params()
    assert copy.methods == ("km1", "km2") and copy.options.km_standardize
    assert estimator.set_params(options=PriorOptions()) is estimator and not estimator.options.km_standardize
    with pytest.raises(ArgumentError, match="not an argument of PriorEstimator"):
        estimator.set_params(bins=3)
    with pytest.raises(ValueError, match="choose from"):
        estimator.set_params(methods=["nothing"])


def test_a_bootstrap_interval_that_leaves_out_its_estimate_warns(monkeypatch):
    """TIcE's resamples push ĉ up, so its bootstrap interval can miss its own θ̂ (about half the draws in the
    pipeline's prior_intervals): said, never silently (the resampling stubbed to such an interval)."""
    from pueval.mpe import priors

    rng = np.random.default_rng(3)
    X = rng.normal(size=(300, 2))
    s = (X[:, 0] > 0.5) & (rng.random(300) < 0.5)
    monkeypatch.setattr(priors, "_bootstrap", lambda *args: (0.98, 0.99))
    with pytest.warns(priors.BootstrapWarning, match="leaves out the estimate itself"):
        found = priors.estimate_prior(X, s.astype(int), "km2", random_state=0, interval="bootstrap", n_boot=2)
    assert found.interval == (0.98, 0.99)


def test_the_method_type_names_every_public_method():
    from typing import get_args

    from pueval.mpe import PUBLIC_METHODS, Method

    assert list(get_args(Method)) == list(PUBLIC_METHODS)


def test_prior_options_are_one_value_checked_once_for_the_estimator_and_estimate_priors(mixture):
    """PriorOptions refuses a bad option when made (naming method and option); its estimator and its options by
    method give the θ̂ of PriorEstimator with the same arguments and of estimate_priors."""
    from pueval.mpe.priors import PriorOptions, estimate_priors

    X, labels, _ = mixture
    with pytest.raises(ValueError, match=r"tice k: must be a number in \(0, inf\), got 0"):
        PriorOptions(tice={"k": 0})
    options = PriorOptions(repetitions=2, transform={"folds": 3, "rounds": 10}, bbe={"delta": 0.2},
                           tice={"k": 4}, distcurve_model=default_regressor())
    thetas = options.estimator(["distcurve", "bbe", "tice"])(X, labels, PriorSeeds.of(5))
    by_keywords = {"distcurve": {"model": options.distcurve_model, "repetitions": 2,
                                 "transform": {"folds": 3, "rounds": 10}},
                   "bbe": {"delta": 0.2, "transform": {"folds": 3, "rounds": 10}}, "tice": {"k": 4}}
    found = estimate_priors(X, labels, ["distcurve", "bbe", "tice"], random_state=5, interval=None,
                            options=by_keywords)
    assert {m: e.theta for m, e in found.items()} == thetas
    alone = {m: estimate_prior(X, labels, m, random_state=5, interval=None, **by_keywords[m]).theta
             for m in by_keywords}
    assert alone == thetas
    whole = estimate_priors(X, labels, ["distcurve", "bbe", "tice"], random_state=5, interval=None, options=options)
    assert {m: e.theta for m, e in whole.items()} == thetas  # the value itself, each method reading its own


def test_evaluate_takes_the_prior_options_value(mixture):
    """evaluate(mpe_options=) takes a PriorOptions as it takes the dict, with the same θ̂; an option that
    changes θ̂ (BBE's delta) changes it through either."""
    import pueval
    from pueval.mpe.priors import PriorOptions

    X, labels, _ = mixture
    scores = X[:, 0]
    options = PriorOptions(bbe={"delta": 0.3}, transform={"folds": 3, "rounds": 10})
    as_value = pueval.evaluate(labels, scores, X=X, mpe="bbe", mpe_options=options)
    as_dict = pueval.evaluate(labels, scores, X=X, mpe="bbe",
                              mpe_options={"bbe": {"delta": 0.3, "transform": {"folds": 3, "rounds": 10}}})
    default = pueval.evaluate(labels, scores, X=X, mpe="bbe", mpe_options={"bbe": {"transform": {"folds": 3,
                                                                                                  "rounds": 10}}})
    assert as_value.corrected.theta == as_dict.corrected.theta
    assert as_value.corrected.estimates["bbe"].interval != default.corrected.estimates["bbe"].interval


def test_one_method_name_is_one_method_and_the_estimator_shows_itself():
    from pueval.mpe.priors import PriorEstimator

    assert PriorEstimator("bbe").methods == ("bbe",)
    assert repr(PriorEstimator("bbe")) == "PriorEstimator(['bbe'])"
    from pueval.mpe.priors import PriorOptions

    assert repr(PriorEstimator(["km1", "tice"], PriorOptions(tice={"k": 4}))) == \
        "PriorEstimator(['km1', 'tice'], PriorOptions(tice={'k': 4}))"
    assert repr(PriorOptions()) == "PriorOptions()"


def _estimate(method, theta, interval=None):
    from pueval.mpe.priors import PriorEstimate

    return PriorEstimate(theta, method, None, (0.0, 1.0), 1000, 100, interval=interval)


@pytest.mark.parametrize(("found", "expected"), [
    ({"bbe": _estimate("bbe", 0.273, (0.22, 0.33)), "tice": _estimate("tice", 0.558)},
     "TIcE's θ̂ 0.558 lies outside BBE's interval [0.22, 0.33]"),
    ({"bbe": _estimate("bbe", 0.273, (0.22, 0.33)), "distcurve": _estimate("distcurve", 0.5, (0.4, 0.6))},
     "BBE's interval [0.22, 0.33] and DistCurve's interval [0.4, 0.6] share no point"),
    ({"bbe": _estimate("bbe", 0.273, (0.22, 0.33)), "tice": _estimate("tice", 0.30)}, None),
    ({"km1": _estimate("km1", 0.2), "tice": _estimate("tice", 0.6)}, None),  # no interval to judge by
])
def test_priors_disagreement_names_the_methods_beyond_each_others_intervals(found, expected):
    from pueval.mpe.priors import priors_agree, priors_disagreement

    assert priors_disagreement(found) == expected
    with_intervals = sum(e.interval is not None for e in found.values())
    if with_intervals > 1:  # the same judgement as priors_agree where it has one
        assert (expected is None) == priors_agree(found)


def test_estimate_priors_warns_when_its_estimates_disagree(monkeypatch):
    from pueval.mpe import priors

    fixed = {"bbe": _estimate("bbe", 0.273, (0.22, 0.33)), "tice": _estimate("tice", 0.558)}
    monkeypatch.setattr(priors, "_estimate_prior", lambda X, labels, m, **kw: fixed[m])
    with pytest.warns(priors.PriorsDisagreeWarning, match="TIcE's θ̂ 0.558 lies outside BBE's interval"):
        assert priors.estimate_priors(np.zeros((4, 1)), [1, 0, 1, 0], ["bbe", "tice"]) == fixed
    fixed["tice"] = _estimate("tice", 0.3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        priors.estimate_priors(np.zeros((4, 1)), [1, 0, 1, 0], ["bbe", "tice"])


def test_a_disagreement_reaches_the_evaluations_warnings_and_its_report(monkeypatch):
    """evaluate(mpe=[...]) keeps the disagreement among its warnings, and pueval.report leads with it."""
    import pueval
    from pueval.mpe import priors

    fixed = {"bbe": _estimate("bbe", 0.273, (0.22, 0.33)), "tice": _estimate("tice", 0.558)}
    monkeypatch.setattr(priors, "_estimate_prior", lambda X, labels, m, **kw: fixed[m])
    rng = np.random.default_rng(0)
    labels = (rng.random(400) < 0.3).astype(int)
    scores = rng.normal(labels, 1.0)
    with pytest.warns(priors.PriorsDisagreeWarning):
        found = pueval.evaluate(labels, scores, X=scores[:, None], mpe=["bbe", "tice"])
    assert any("lies outside BBE's interval" in w for w in found.warnings)
    report = pueval.report(found)
    assert "lies outside BBE's interval" in report[:report.index("| quantity")]  # before the numbers


def test_a_bootstrap_shows_its_progress_when_asked(capsys):
    from pueval.mpe.priors import estimate_prior

    rng = np.random.default_rng(0)
    y = np.r_[np.ones(60, int), np.zeros(60, int)]
    X = np.c_[y * 3.0 + rng.normal(size=120), rng.normal(size=120)]
    labels = np.where(np.arange(120) < 20, 1, 0)
    quiet = estimate_prior(X, labels, "km1", interval="bootstrap", n_boot=20, random_state=0)
    assert capsys.readouterr().err == ""
    loud = estimate_prior(X, labels, "km1", interval="bootstrap", n_boot=20, random_state=0, verbose=True)
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(",")[0] for line in lines] == [f"KM1 bootstrap: {k}/20 resamples" for k in range(2, 21, 2)]
    assert loud == quiet  # the same interval: progress is only shown
