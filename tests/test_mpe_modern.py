"""EN, BBE and TIcE against known θ, brute force, plain restatements of their authors' rules and the bounds
they rest on."""

import heapq
import math

import numpy as np
import pytest
from scipy.special import expit

from pueval.mpe.best_bin import bbe_estimate, bbe_theta
from pueval.mpe.elkan_noto import en_theta
from pueval.mpe.priors import estimate_prior
from pueval.mpe.tice import lower_bound, pick_delta, tice_c, tice_theta


def _pu(n_pos, n_neg, c, rng):
    """y and SCAR labels s: a fraction c of the positives labeled; θ = positives' share of the unlabeled."""
    y = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    s = np.zeros(y.size, int)
    s[rng.choice(n_pos, int(round(c * n_pos)), replace=False)] = 1
    return y, s, y[s == 0].mean()


def test_en_is_exact_with_the_true_labeling_probability_on_separable_classes():
    rng = np.random.default_rng(0)
    y, s, theta = _pu(3000, 5000, 0.3, rng)
    g = np.where(y == 1, 0.3, 0.0)  # P(s = 1 | x) = c on positives, 0 on negatives
    assert en_theta(s, g) == pytest.approx(theta, abs=1e-12)


def test_en_from_a_classifier_on_well_separated_data():
    from pueval.mpe.distance_curve import univariate_transform

    rng = np.random.default_rng(1)
    y, s, theta = _pu(1500, 2500, 0.4, rng)
    X = np.c_[4.0 * y + rng.normal(size=y.size), rng.normal(size=y.size)]
    g = expit(univariate_transform(X, s.astype(bool), seed=0))  # raw LightGBM scores -> P(s = 1 | x)
    assert en_theta(s, g) == pytest.approx(theta, abs=0.05)


def test_en_refuses_bad_probabilities():
    with pytest.raises(ValueError, match="probabilities must lie in"):
        en_theta(np.array([1, 0]), np.array([1.5, 0.2]))
    with pytest.raises(ValueError, match="label frequency c is 0"):
        en_theta(np.array([1, 0]), np.array([0.0, 0.2]))


def _bbe_restated(s, scores, delta, gamma):
    """BBE restated from the authors' newest code (acmi-lab/PU_learning 5e5e350): candidates where the decreasing
    unlabeled scores drop, the code's counts (i unlabeled rows before position i, j labeled rows at or above u_i),
    the first least upper bound t + DKW_bound (log(4/δ)); (θ̂, t − bound, t + bound) clipped as the code's
    caller does, or None without a candidate."""
    u, p = sorted(scores[s == 0], reverse=True), scores[s == 1]
    n_u, n_p = len(u), len(p)
    slack = math.sqrt(math.log(4 / delta) / (2 * n_p)) + math.sqrt(math.log(4 / delta) / (2 * n_u))
    best = None
    for i in range(n_u - 1):
        j = int((p >= u[i]).sum())
        if u[i] > u[i + 1] and j > 1 and i > 1:
            t, bound = (i / n_u) / (j / n_p), (1 + gamma) * slack / (j / n_p)
            if best is None or t + bound < best[0] + best[1]:
                best = (t, bound)
    return None if best is None else (min(best[0], 0.999), max(0.0, best[0] - best[1]), min(1.0, best[0] + best[1]))


def _bbe_brute_force(s, scores, delta, gamma):
    found = _bbe_restated(s, scores, delta, gamma)
    return 0.0 if found is None else found[0]


@pytest.mark.parametrize("seed", range(4))
def test_bbe_matches_a_restatement_of_the_authors_code_with_ties(seed):
    rng = np.random.default_rng(seed)
    s = (rng.random(300) < 0.3).astype(int)
    scores = np.round(rng.random(300) + 0.3 * s, 1 + seed % 2)  # many ties
    assert bbe_theta(s, scores) == pytest.approx(_bbe_brute_force(s, scores, 0.1, 0.01), abs=1e-12)
    assert bbe_theta(s, scores, delta=0.3, gamma=0.5) == pytest.approx(_bbe_brute_force(s, scores, 0.3, 0.5),
                                                                       abs=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_bbe_interval_is_dkw_bound_at_the_chosen_bin(seed):
    rng = np.random.default_rng(seed)
    s = (rng.random(400) < 0.3).astype(int)
    scores = np.round(rng.random(400) + 0.5 * s, 2)
    found = bbe_estimate(s, scores)
    assert tuple(found) == pytest.approx(_bbe_restated(s, scores, 0.1, 0.01), abs=1e-12)
    assert found.lower <= found.theta <= found.upper


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
    with pytest.raises(ValueError, match="n_boot"):
        estimate_prior(X, s.astype(int), "km2", interval="bootstrap", n_boot=1)


def test_bbe_counts_the_unlabeled_bin_as_the_code_does_and_skips_the_lowest_score():
    labeled = np.array([1, 1, 1, 1, 0, 0, 0, 0, 0, 0])
    scores = np.array([.9, .8, .7, .6, .85, .75, .1, .1, .2, .2])
    assert bbe_theta(labeled, scores) == 0.5  # u_3 = 0.2: 3/6 (not 4/6) over 4/4
    with pytest.warns(RuntimeWarning, match="no top bin"):
        assert bbe_theta(labeled[:8], scores[:8]) == 0.0  # unlabeled .85, .75, .1, .1: no candidate with i > 1


@pytest.mark.parametrize("options, message", [({"delta": 0.0}, "delta"), ({"gamma": np.inf}, "gamma"),
                                              ({"gamma": -1.0}, "gamma")])
def test_bbe_refuses_bad_options(options, message):
    with pytest.raises(ValueError, match=message):
        bbe_theta(np.array([1, 1, 0, 0, 0]), np.arange(5.0), **options)


def test_bbe_recovers_theta_when_a_top_bin_holds_positives_only():
    rng = np.random.default_rng(2)
    y, s, theta = _pu(6000, 14000, 0.3, rng)
    scores = np.where(y == 1, rng.uniform(0.5, 1.0, y.size), rng.uniform(0.0, 0.6, y.size))
    assert bbe_theta(s, scores) == pytest.approx(theta, abs=0.02)


def test_tice_lower_bound_and_delta_follow_the_authors_code():
    # 30 of 100 labeled, δ = 0.1, c₀ = 0.3: 0.3 − √(0.3·0.7·0.9/(0.1·100)); below min_rows the bound is 0
    assert lower_bound(30, 100, 0.1, 10, 0.3) == pytest.approx(0.3 - np.sqrt(0.21 * 0.9 / 10.0))
    assert lower_bound(3, 9, 0.1, 10, 0.3) == 0.0
    assert lower_bound(30, 100, 1.0, 10, 0.5) == 0.3  # δ = 1: the labeled share itself
    assert pick_delta(1000) == pytest.approx(1 / 5) and pick_delta(100_000) == 0.025


def _plain_tice(X, s, fold, *, k=5, max_splits=500, min_rows=10, iterations=2, tree_fold=False):
    """TIcE restated plainly from the authors' rules (pueval.mpe.tice's docstring), on boolean masks."""
    Z = X - X.min(axis=0)
    Z = Z / np.where(Z.max(axis=0) > 0, Z.max(axis=0), 1.0)
    piece = (Z >= 0.25).astype(int) + (Z >= 0.5) + (Z >= 0.75)

    def bound(mask, delta, least, c0):
        T = int(mask.sum())
        if T < least:
            return 0.0
        return int(s[mask].sum()) / T - math.sqrt(c0 * (1 - c0) * (1 - delta) / (delta * T))

    c0 = 0.5
    for _ in range(iterations):
        per_fold = []
        for f in range(fold.max() + 1):
            tree, est = fold == f, fold != f
            delta = max(0.025, 1 / (1 + 0.004 * est.sum()))
            best = max(bound(est, 1.0, min_rows, c0), bound(est, delta, min_rows, c0))
            queue = [(-bound(tree, delta, 0, c0), -int(s[tree].sum()), -int(np.flatnonzero(tree)[0]), 0, tree, est,
                      set(range(X.shape[1])))]
            least_labeled, pops, pushed = 1.0, 0, 1
            while queue and pops < max_splits:
                pops += 1
                *_, node_tree, node_est, available = heapq.heappop(queue)
                chosen, chosen_score, useless = None, -1.0, set()
                for a in available:  # in the set's own order: the first of equal scores wins
                    tree_parts = [node_tree & (piece[:, a] == p) for p in range(4)]
                    est_parts = [(node_tree if tree_fold else node_est) & (piece[:, a] == p) for p in range(4)]
                    if max(int(s[m].sum()) for m in est_parts) < least_labeled:
                        useless.add(a)
                        continue
                    score = max(int(s[m].sum()) / (int(m.sum()) + k) if m.any() else 0.0 for m in tree_parts)
                    if score > chosen_score:
                        chosen, chosen_score = (a, tree_parts, est_parts), score
                if chosen is None or chosen_score <= 0 or sum(m.any() for m in chosen[2]) == 1:
                    continue
                a, tree_parts, est_parts = chosen
                for m in est_parts:
                    best = max(best, bound(m, delta, min_rows, c0))
                least_labeled = c0 * (1 - c0) * (1 - delta) / (delta * (1 - best) ** 2)
                parent_labeled = int(s[node_tree].sum())
                for t, e in zip(tree_parts, est_parts):
                    if int(s[e].sum()) > least_labeled and t.sum() > min_rows and parent_labeled not in (0, t.sum()):
                        pushed += 1
                        heapq.heappush(queue, (-bound(t, delta, 0, c0), -int(s[t].sum()), -int(np.flatnonzero(t)[0]),
                                               pushed, t, e, available - {a} - useless))
            per_fold.append(best)
        c0 = sum(per_fold) / len(per_fold)
    return c0


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("estimate_rows", ["estimate_fold", "tree_fold"])
def test_tice_equals_a_plain_restatement_of_the_authors_rules(seed, estimate_rows):
    rng = np.random.default_rng(seed)
    y, s, _ = _pu(200, 250, 0.3 + 0.05 * seed, rng)
    X = np.c_[y * (1 + seed % 3) + rng.normal(size=y.size), rng.normal(size=(y.size, 2)), rng.integers(0, 2, y.size),
              np.ones(y.size)]  # a binary and a constant column
    X = np.c_[X, X[:, 3]]  # a repeated column: its tie with the original is broken by the set order
    fold = np.random.default_rng(seed).integers(0, 5, y.size)  # tice_c draws the fold ids first
    expected = _plain_tice(X, s, fold, tree_fold=estimate_rows == "tree_fold")
    assert tice_c(X, s, rng=np.random.default_rng(seed), estimate_rows=estimate_rows) == pytest.approx(expected,
                                                                                                       abs=1e-12)


def test_tice_c_is_near_the_true_c_where_a_subset_of_positives_exists():
    found = []
    for seed in range(10):
        rng = np.random.default_rng(seed)
        y, s, theta = _pu(4000, 4000, 0.5, rng)
        X = np.c_[3.0 * y + rng.normal(size=y.size), rng.normal(size=(y.size, 3))]
        found.append(tice_c(X, s, rng=rng))
    found = np.array(found)
    # ĉ is the largest of lower bounds: below c = ½ by the bound's width (0.39–0.44 here), never far above
    assert found.max() < 0.52 and 0.38 < found.mean() < 0.5


def test_tice_theta_is_near_theta_on_separable_data():
    rng = np.random.default_rng(3)
    y, s, theta = _pu(3000, 3000, 0.4, rng)
    X = np.c_[5.0 * y + rng.normal(size=y.size), rng.normal(size=y.size)]
    assert theta - 0.01 <= tice_theta(X, s, rng=rng) <= theta + 0.1  # a lower bound on c: θ̂ errs high


@pytest.mark.parametrize("options, message", [
    ({"delta": 1.5}, "delta"), ({"folds": 1}, "folds"), ({"max_splits": 0}, "max_splits"),
    ({"min_rows": 0}, "min_rows"), ({"k": 0}, "k"), ({"iterations": 0}, "iterations"),
    ({"estimate_rows": "both"}, "estimate_rows"), ({"folds": 40}, "leave a fold empty")])
def test_tice_refuses_bad_options(options, message):
    rng = np.random.default_rng(0)
    X, s = rng.normal(size=(30, 2)), np.r_[np.ones(10, int), np.zeros(20, int)]
    with pytest.raises(ValueError, match=message):
        tice_c(X, s, rng=rng, **options)


def test_tice_refuses_bad_input():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="labeled must be 1-D of length 5"):
        tice_c(np.zeros((5, 2)), np.array([1, 0]), rng=rng)


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
    """Checked in one place (priors.check_options) before any work: never someone else's words (TypeError,
    LightGBMError, scikit-learn's n_splits message), never a value silently read through bool()."""
    from pueval.mpe.priors import estimate_prior

    rng = np.random.default_rng(0)
    X, labels = rng.normal(size=(60, 2)), (np.arange(60) < 20).astype(int)
    with pytest.raises(ValueError) as raised:
        estimate_prior(X, labels, method, random_state=0, **options)
    assert str(raised.value).startswith(message), str(raised.value)


def test_the_pipeline_estimator_checks_its_options_the_same_way():
    from pueval.mpe.priors import PriorEstimator

    with pytest.raises(ValueError, match="km1 standardize: must be True or False"):
        PriorEstimator(["km1"], km_standardize="yes")
    with pytest.raises(ValueError, match=r"bbe delta: must be a number in \(0, 1\)"):
        PriorEstimator(["bbe"], bbe={"delta": 0})
    with pytest.raises(ValueError, match="tice iterations: must be an integer"):
        PriorEstimator(["tice"], tice={"iterations": 0})


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
    """Messages a user can get name the methods by their public names (PUBLIC_METHODS), never by the internal
    "distance"."""
    from pueval.mpe import kernel_embedding as ke
    from pueval.mpe.priors import PUBLIC_METHODS, check_options

    public = ", ".join(PUBLIC_METHODS)
    X, s = np.random.default_rng(0).normal(size=(50, 2)), np.r_[np.ones(10, int), np.zeros(40, int)]
    messages = [ke.memory_message(10**6, 10**9)]
    for call in (lambda: estimate_prior(X, s, "curve"), lambda: check_options("distcurve", {"folds": 3}),
                 lambda: estimate_prior(X, s, "km1", max_rows=1)):
        with pytest.raises(ValueError) as error:
            call()
        messages.append(str(error.value))
    assert public in messages[1] and "distcurve takes" in messages[2]
    assert "use a lighter estimator (distcurve, en, bbe, tice)" in messages[0]
    for message in messages:
        assert "distance" not in message.replace("distcurve", ""), message


@pytest.mark.parametrize("interval", ["own", "bootstrap"])
def test_several_estimators_share_one_transform_and_give_what_each_gives_alone(monkeypatch, interval):
    from pueval.mpe import distance_curve as dc
    from pueval.mpe.priors import estimate_priors

    rng = np.random.default_rng(21)
    y = rng.random(500) < 0.5
    X = np.c_[y * 2.0 + rng.normal(size=500), rng.normal(size=500)]
    labels = (y & (rng.random(500) < 0.4)).astype(int)
    options = {"n_boot": 3, "interval": interval, "random_state": 4}
    alone = {m: estimate_prior(X, labels, m, **options) for m in ("distcurve", "en", "bbe")}
    calls = []
    original = dc.univariate_transform
    monkeypatch.setattr(dc, "univariate_transform", lambda *a, **k: calls.append(1) or original(*a, **k))
    together = estimate_priors(X, labels, ["distcurve", "en", "bbe"], **options)
    assert together == alone
    assert len(calls) == (1 if interval == "own" else 1 + 3)  # one per resample too, not one per method
