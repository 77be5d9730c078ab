"""EN, BBE and TIcE against known θ, brute force and the bound they rest on."""

import numpy as np
import pytest
from scipy.special import expit

from pueval.mpe.best_bin import bbe_theta
from pueval.mpe.elkan_noto import en_theta
from pueval.mpe.tice import lower_bound, tice_c, tice_theta


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


def _bbe_brute_force(s, scores, delta, gamma):
    n_p, n_u = s.sum(), (1 - s).sum()
    slack = np.sqrt(np.log(4 / delta) / (2 * n_p)) + np.sqrt(np.log(4 / delta) / (2 * n_u))
    best = (np.inf, None)
    for t in np.unique(scores):
        q_p, q_u = np.mean(scores[s == 1] >= t), np.mean(scores[s == 0] >= t)
        if q_p > 0 and (q_u + (1 + gamma) * slack) / q_p < best[0]:
            best = ((q_u + (1 + gamma) * slack) / q_p, min(1.0, q_u / q_p))
    return best[1]


@pytest.mark.parametrize("seed", range(4))
def test_bbe_matches_a_brute_force_restatement_with_ties(seed):
    rng = np.random.default_rng(seed)
    s = (rng.random(300) < 0.3).astype(int)
    scores = np.round(rng.random(300) + 0.3 * s, 1)  # many ties
    assert bbe_theta(s, scores) == pytest.approx(_bbe_brute_force(s, scores, 0.1, 0.01), abs=1e-12)


def test_bbe_recovers_theta_when_a_top_bin_holds_positives_only():
    rng = np.random.default_rng(2)
    y, s, theta = _pu(6000, 14000, 0.3, rng)
    scores = np.where(y == 1, rng.uniform(0.5, 1.0, y.size), rng.uniform(0.0, 0.6, y.size))
    assert bbe_theta(s, scores) == pytest.approx(theta, abs=0.02)


def test_tice_lower_bound_formula():
    # 30 of 100 labeled, δ = 0.1: 0.3 − √(0.3·0.7·0.9/(0.1·100))
    assert lower_bound(30, 100, 0.1) == pytest.approx(0.3 - np.sqrt(0.21 * 0.9 / 10.0))
    assert lower_bound(0, 0, 0.1) == -np.inf


def test_tice_c_is_near_the_true_c_where_a_subset_of_positives_exists():
    found = []
    for seed in range(10):
        rng = np.random.default_rng(seed)
        y, s, theta = _pu(4000, 4000, 0.5, rng)
        X = np.c_[3.0 * y + rng.normal(size=y.size), rng.normal(size=(y.size, 3))]
        found.append(tice_c(X, s, rng=rng))
    found = np.array(found)
    # each subset's bound holds at 1 − δ; the maximum over the tree's subsets errs both ways, a little
    assert np.abs(found - 0.5).max() < 0.08 and abs(found.mean() - 0.5) < 0.04


def test_tice_theta_errs_high_and_is_near_theta_on_separable_data():
    rng = np.random.default_rng(3)
    y, s, theta = _pu(3000, 3000, 0.4, rng)
    X = np.c_[5.0 * y + rng.normal(size=y.size), rng.normal(size=y.size)]
    estimate = tice_theta(X, s, rng=rng)
    assert theta - 0.01 <= estimate <= theta + 0.1


def test_tice_refuses_bad_input():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="labeled must be 1-D of length 5"):
        tice_c(np.zeros((5, 2)), np.array([1, 0]), rng=rng)
    with pytest.raises(ValueError, match="delta"):
        tice_c(np.zeros((4, 2)), np.array([1, 0, 1, 0]), rng=rng, delta=1.5)
