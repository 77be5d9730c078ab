"""pueval.metrics: AUC, AUL and mid-ranks against brute force and scikit-learn, Theorem 1 by enumerating every draw,
the corrected AUC and its interval, degenerate input."""

import itertools
import warnings
from statistics import NormalDist

import numpy as np
import pytest
from sklearn.metrics import roc_auc_score

from pueval import metrics
from pueval.validation import ArgumentError


def S(a, b):
    return 1.0 if a > b else 0.5 if a == b else 0.0


def brute_auc(y, g):
    pos = [gi for gi, yi in zip(g, y) if yi == 1]
    neg = [gi for gi, yi in zip(g, y) if yi == 0]
    return sum(S(a, b) for a in pos for b in neg) / (len(pos) * len(neg))


def brute_aul(y, g):
    pos = [gi for gi, yi in zip(g, y) if yi == 1]
    return sum(S(a, b) for a in pos for b in g) / (len(pos) * len(g))


def _all_scar_draws(y, n_labeled):
    positives = np.flatnonzero(y)
    for chosen in itertools.combinations(positives, n_labeled):
        s = np.zeros_like(y)
        s[list(chosen)] = 1
        yield s


def test_the_corrected_auc_carries_the_priors_interval():
    assert metrics.corrected_auc_interval(0.8, (0.2, 0.3)) == pytest.approx(
        tuple(metrics.corrected_auc(0.8, np.array([0.2, 0.3]))))
    low, high = metrics.corrected_auc_interval(0.8, (0.1, 0.45))
    assert low < metrics.corrected_auc(0.8, 0.3) < high == 1.0  # past 2(1 - AUC^PU) = 0.4: capped at 1
    with pytest.raises(ValueError, match="theta_interval"):
        metrics.corrected_auc_interval(0.8, (0.3, 0.2))
    with pytest.raises(ValueError, match="auc_pu"):
        metrics.corrected_auc_interval(1.5, (0.1, 0.2))
    with pytest.raises(ValueError, match="standard_error"):
        metrics.corrected_auc_interval(0.8, (0.1, 0.2), standard_error=-0.1)


@pytest.mark.parametrize("auc_pu, theta_interval, se", [(0.8, (0.2, 0.3), 0.02), (0.7, (0.05, 0.5), 0.05),
                                                         (0.52, (0.1, 0.3), 0.04), (0.45, (0.1, 0.2), 0.01),
                                                         (0.8, (0.3, 1.0), 0.0)])
def test_the_corrected_auc_interval_is_the_extremes_over_the_box_of_both_parts(auc_pu, theta_interval, se):
    """A brute force: Eq. 4 on a fine grid of AUC^PU ∓ z·SE by θ's interval, clipped to [0, 1]."""
    z = 1.959963984540054
    grid_a = np.linspace(auc_pu - z * se, auc_pu + z * se, 201).clip(0, 1)
    grid_t = np.linspace(*theta_interval, 201)[:, None].clip(max=1 - 1e-12)
    values = ((grid_a - grid_t / 2) / (1 - grid_t)).clip(0, 1)
    low, high = metrics.corrected_auc_interval(auc_pu, theta_interval, standard_error=se)
    assert (low, high) == pytest.approx((values.min(), values.max()), abs=1e-9)


@pytest.mark.parametrize("seed, digits", [(3, 1), (4, 0), (5, 3), (6, 1)])
def test_auc_pu_standard_error_is_delongs_from_the_pairs(seed, digits):
    """DeLong's placement values counted pair by pair (ties ½), on scores with ties."""
    rng = np.random.default_rng(seed)
    labels = (rng.random(60) < 0.3).astype(int)
    scores = np.round(rng.normal(labels * 0.8, 1.0), digits)
    lab, unl = scores[labels == 1], scores[labels == 0]
    pair = (lab[:, None] > unl[None, :]) + 0.5 * (lab[:, None] == unl[None, :])
    v, w = pair.mean(axis=1), pair.mean(axis=0)
    expected = np.sqrt(v.var(ddof=1) / v.size + w.var(ddof=1) / w.size)
    assert metrics.auc_pu_standard_error(labels, scores) == pytest.approx(expected, rel=1e-12)
    assert v.mean() == pytest.approx(metrics.auc(labels, scores))
    with pytest.raises(ValueError, match="unlabeled"):
        metrics.auc_pu_standard_error([1, 1, 1, 0], [4, 3, 2, 1])


@pytest.mark.parametrize("auc_pu, theta, message", [(5.0, 0.3, "auc_pu"), (np.nan, 0.3, "auc_pu"),
                                                    (0.7, np.nan, "theta"), (0.7, 1.0, "theta")])
def test_corrected_auc_refuses_impossible_input(auc_pu, theta, message):
    with pytest.raises(ValueError, match=message):
        metrics.corrected_auc(auc_pu, theta)


@pytest.mark.parametrize("seed", range(20))
def test_brute_force_with_ties(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 40))
    g = rng.integers(0, 5, n).astype(float)  # many ties
    y = rng.integers(0, 2, n)
    y[0], y[1] = 1, 0
    assert metrics.auc(y, g) == pytest.approx(brute_auc(y, g), abs=1e-12)
    assert metrics.aul(y, g) == pytest.approx(brute_aul(y, g), abs=1e-12)


def test_auc_matches_scikit_learn():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 3000)
    g = np.round(rng.normal(size=3000) + y, 1)
    assert metrics.auc(y, g) == pytest.approx(roc_auc_score(y, g), abs=1e-12)


def test_midranks_match_brute_force():
    g = np.array([3.0, 1.0, 3.0, 2.0, 3.0])
    expected = [sum(S(a, b) for b in g) + 0.5 for a in g]  # rank = Σ_j S(g_i, g_j) + ½
    assert metrics.midranks(g).tolist() == expected


@pytest.mark.parametrize("seed", range(4))
def test_midranks_at_selected_rows_equal_the_brute_force_ranks(seed):
    """midranks_at (one sort, binary searches) against the definition: 1 + #{s_j < s_i} + ½·#{s_j = s_i, j ≠ i},
    with many ties (few distinct values) and without, for masks and index arrays, in the rows' order."""
    rng = np.random.default_rng(seed)
    for n in (1, 2, 7, 40):
        for scores in (rng.integers(0, 3, n).astype(float), rng.normal(size=n)):
            brute = np.array([1 + (scores < s).sum() + 0.5 * ((scores == s).sum() - 1) for s in scores])
            mask = rng.random(n) < 0.5
            index = rng.integers(0, n, 5)
            assert metrics.midranks_at(scores, mask).tolist() == brute[mask].tolist()
            assert metrics.midranks_at(scores, index).tolist() == brute[index].tolist()
            assert metrics.midranks(scores).tolist() == brute.tolist()
            assert metrics.t_values_at(scores, mask).tolist() == metrics.t_values(scores)[mask].tolist()


@pytest.mark.parametrize("seed", range(5))
def test_aul_is_linear_in_auc(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, 500)
    g = rng.integers(0, 30, 500) + y * rng.integers(0, 10, 500)
    alpha = y.mean()
    assert metrics.aul(y, g) == pytest.approx(0.5 * alpha + (1 - alpha) * metrics.auc(y, g), abs=1e-12)


def test_two_dimensional_labels_give_one_value_per_row():
    rng = np.random.default_rng(2)
    g = rng.normal(size=50)
    labels = rng.integers(0, 2, (7, 50))
    labels[:, :2] = [1, 0]
    np.testing.assert_allclose(metrics.auc(labels, g), [metrics.auc(r, g) for r in labels], rtol=0, atol=1e-12)
    np.testing.assert_allclose(metrics.aul(labels, g), [metrics.aul(r, g) for r in labels], rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    "labels, scores, message",
    [
        ([0, 0, 0], [0.1, 0.2, 0.3], "no row equals pos_label=1"),
        ([1, 0, 1], [0.1, np.nan, 0.3], "NaN"),
        ([1, 0], [0.1, 0.2, 0.3], "do not match"),
        ([1, 2, 0], [0.1, 0.2, 0.3], "two values"),
        ([[1, 0, 0], [0, 0, 0]], [0.1, 0.2, 0.3], "no positive"),
    ],
)
def test_degenerate_input_raises(labels, scores, message):
    for f in (metrics.auc, metrics.aul):
        with pytest.raises(ValueError, match=message):
            f(labels, scores)


def test_auc_without_negatives_raises():
    with pytest.raises(ValueError, match="no negative"):
        metrics.auc([1, 1], [0.2, 0.3])


@pytest.mark.parametrize("seed", range(4))
def test_theorem_1_exact_by_enumerating_every_draw(seed):
    """E[AUL^PU] = AUL, Var[AUL^PU] and E[AUC^PU] as in Section 3, over all C(n^P, n^L) draws."""
    rng = np.random.default_rng(seed)
    y = np.array([1] * 7 + [0] * 6)
    rng.shuffle(y)
    g = rng.integers(0, 6, y.size).astype(float)
    n_l = 3
    s = np.array(list(_all_scar_draws(y, n_l)))
    aul_pu, auc_pu = metrics.aul(s, g), metrics.auc(s, g)
    alpha, beta = y.mean(), n_l / y.sum()
    assert aul_pu.mean() == pytest.approx(metrics.aul(y, g), abs=1e-12)
    assert aul_pu.var() == pytest.approx(metrics.aul_pu_variance(y, g, n_l), abs=1e-12)
    assert auc_pu.mean() == pytest.approx(metrics.expected_auc_pu(metrics.auc(y, g), alpha, beta), abs=1e-12)


def test_monte_carlo_mean_of_aul_pu_is_aul():
    rng = np.random.default_rng(7)
    y = (rng.random(2000) < 0.4).astype(int)
    g = rng.normal(size=2000) + y
    n_l = 80
    positives = np.flatnonzero(y)
    s = np.zeros((4000, y.size), dtype=int)
    for row in s:
        row[rng.choice(positives, n_l, replace=False)] = 1
    aul_pu = metrics.aul(s, g)
    sd = np.sqrt(metrics.aul_pu_variance(y, g, n_l))
    assert abs(aul_pu.mean() - metrics.aul(y, g)) < 4 * sd / np.sqrt(len(s))
    assert aul_pu.std() == pytest.approx(sd, rel=0.05)


def test_corrected_auc_inverts_the_expected_bias():
    for auc_value, alpha, beta in [(0.8, 0.5, 0.1), (0.95, 0.9, 0.4), (0.6, 0.24, 0.2)]:
        theta = metrics.unlabeled_positive_fraction(alpha, beta)
        biased = metrics.expected_auc_pu(auc_value, alpha, beta)
        assert metrics.corrected_auc(biased, theta) == pytest.approx(auc_value, abs=1e-12)
    with pytest.raises(ValueError, match="theta"):
        metrics.corrected_auc(0.7, 1.0)


def test_corrected_auc_interval_leaves_out_the_thetas_the_ranking_rules_out():
    bound = metrics.theta_upper_bound(0.8144)  # 0.3712
    with pytest.warns(metrics.PriorInconsistentWarning, match="not identified anywhere"):
        low, high = metrics.corrected_auc_interval(0.8144, (0.5, 0.9))
    assert np.isnan(low) and np.isnan(high)  # was (1.0, 1.0)
    with pytest.warns(metrics.PriorInconsistentWarning, match="its part above 0.3712 is left out"):
        assert metrics.corrected_auc_interval(0.8144, (0.2, 0.5)) == metrics.corrected_auc_interval(0.8144,
                                                                                                (0.2, bound))


@pytest.mark.parametrize("kwargs, name", [
    ({"auc_pu": "0.8"}, "auc_pu"), ({"auc_pu": True}, "auc_pu"), ({"theta_interval": "01"}, "theta_interval"),
    ({"theta_interval": (0.1, "0.2")}, "theta_interval"), ({"theta_interval": (0.1, 0.2, 0.3)}, "theta_interval"),
    ({"standard_error": "0.01"}, "standard_error"), ({"standard_error": np.inf}, "standard_error"),
])
def test_corrected_auc_interval_names_an_argument_that_is_not_a_number(kwargs, name):
    given = {"auc_pu": 0.8, "theta_interval": (0.1, 0.2)} | kwargs
    with pytest.raises(ValueError, match=f"^{name}: "):
        metrics.corrected_auc_interval(given.pop("auc_pu"), given.pop("theta_interval"), **given)


def test_with_sampling_error_the_bound_is_taken_at_the_lowest_auc_pu_of_the_box():
    """With AUC^PU's standard error the box reaches down to auc_pu − z·SE, where the ranking allows a larger θ:
    only θ above 2(1 − that) is left out."""
    low_auc = 0.8144 - NormalDist().inv_cdf(0.975) * 0.05
    bound = metrics.theta_upper_bound(low_auc)
    with pytest.warns(metrics.PriorInconsistentWarning, match=f"= {bound:.4f}"):
        found = metrics.corrected_auc_interval(0.8144, (0.3, 0.99), standard_error=0.05)
    assert found == metrics.corrected_auc_interval(0.8144, (0.3, bound), standard_error=0.05)


def test_a_corrected_auc_the_ranking_contradicts_is_not_identified():
    """The review's case: AUC^PU 0.8144 with θ 0.9 (above 2(1 − 0.8144) = 0.371) gave 3.644."""
    with pytest.warns(metrics.PriorInconsistentWarning, match="not identified"):
        assert np.isnan(metrics.corrected_auc(0.8144, 0.9))
    assert metrics.corrected_auc(0.8144, 0.9, unidentified="raw") == pytest.approx((0.8144 - 0.45) / 0.1)
    assert metrics.corrected_auc(0.8144, 0.9, clip=True) == 1.0
    with pytest.warns(metrics.PriorInconsistentWarning, match="1 value"):
        mixed = metrics.corrected_auc(np.array([0.8144, 0.8144]), np.array([0.3, 0.9]))
    assert mixed[0] == pytest.approx((0.8144 - 0.15) / 0.7) and np.isnan(mixed[1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # at the bound itself: exactly 1, no warning
        assert metrics.corrected_auc(0.8, 0.4) == pytest.approx(1.0)
    with pytest.raises(ArgumentError, match="unidentified"):
        metrics.corrected_auc(0.8, 0.3, unidentified="clip")
