"""pueval.mpe.best_bin (BBE): a restatement of its authors' newest estimator.py, its DKW interval at the chosen bin,
the unlabeled bin counted as their code counts it, bad options."""

import math

import numpy as np
import pytest

from pueval.mpe.best_bin import bbe_estimate, bbe_theta
from tests.synthetic import scar_labels


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
    y, s, theta = scar_labels(6000, 14000, 0.3, rng)
    scores = np.where(y == 1, rng.uniform(0.5, 1.0, y.size), rng.uniform(0.0, 0.6, y.size))
    assert bbe_theta(s, scores) == pytest.approx(theta, abs=0.02)
