"""pueval.mpe.distance_curve (DistCurve): removal distances against the authors' loop, the curve, the synthetic
training mixtures, the regressor, recovery of a known proportion, bad input."""

import numpy as np
import pytest

from pueval.mpe import distance_curve as dc
from pueval.mpe import distcurve


@pytest.fixture(scope="module")
def tiny_regressor():
    curves, thetas = dc.training_set(40, seed=1, repetitions=1)
    return dc.train_regressor(curves, thetas, seed=1, rounds=5)


def _brute_removal(mixture, queries):
    """The authors' loop: the nearest remaining mixture point, the first in the mixture's order of equally
    near ones (``argmin``), is removed."""
    alive = list(mixture)
    out = []
    for q in queries:
        k = int(np.argmin([abs(a - q) for a in alive]))
        out.append(abs(alive[k] - q))
        alive.pop(k)
    return np.array(out)


def _fast_removal(mixture, queries):
    order = np.argsort(mixture, kind="stable")
    ms = mixture[order]
    run_start = np.array([np.searchsorted(ms, v) for v in ms])
    return dc._removal_distances(ms, order, run_start, queries, np.searchsorted(ms, queries))


@pytest.fixture(scope="module")
def regressor(tmp_path_factory):
    curves, thetas = dc.training_set(600, seed=4, repetitions=3)
    path = tmp_path_factory.mktemp("dc") / "model.txt"
    dc.save_regressor(dc.train_regressor(curves, thetas, seed=4, rounds=200), path)
    return path


@pytest.mark.parametrize("mixture, component, message", [
    (np.full((50, 2), np.nan), np.ones((20, 2)), "X_mixture holds NaN"),
    (np.ones(50), np.ones((20, 1)), "X_mixture must be 2-D"),
    (np.ones((50, 2)), np.ones((20, 3)), "features"),
    (np.ones((1, 2)), np.ones((20, 2)), "at least 2 mixture rows"),
    (np.ones((50, 2)), np.ones((20, 2)), "every removal distance is 0"),  # identical rows
])
def test_distcurve_refuses_bad_input(tiny_regressor, mixture, component, message):
    with pytest.raises(ValueError, match=message):
        distcurve(mixture, component, model=tiny_regressor, repetitions=2, transform={"folds": 2, "rounds": 2})


@pytest.mark.parametrize("seed", range(5))
def test_removal_distances_match_the_authors_loop_ties_included(seed):
    rng = np.random.default_rng(seed)
    mixture = rng.integers(0, 30, 80).astype(float)  # repeated values and exactly equidistant neighbours
    queries = rng.integers(0, 30, 80) + rng.choice([0.0, 0.5], 80)
    np.testing.assert_array_equal(_fast_removal(mixture, queries), _brute_removal(mixture, queries))


def test_an_exact_tie_removes_the_point_first_in_the_mixture_order():
    # 3 is equidistant from 2 and 4; 4 comes first in the mixture, so 4 goes and the next query 4.1 meets 2
    mixture = np.array([4.0, 2.0, 10.0])
    queries = np.array([3.0, 4.1, 9.0])
    np.testing.assert_allclose(_fast_removal(mixture, queries), [1.0, 2.1, 1.0])
    np.testing.assert_allclose(_fast_removal(mixture[[1, 0, 2]], queries), [1.0, 0.1, 1.0])


def test_curve_is_the_percentiles_of_the_averaged_removal_distances():
    """The authors' read-out, restated: average the runs, percentiles 0..99 (no maximum), sum 1."""
    rng = np.random.default_rng(0)
    mixture, component = rng.normal(size=500), rng.normal(size=80)
    curve = dc.distance_curve(mixture, component, rng=np.random.default_rng(1), repetitions=3)
    replay, runs = np.random.default_rng(1), []
    ms = np.sort(mixture)
    for _ in range(3):
        queries = component[replay.integers(0, component.size, ms.size)]
        runs.append(_brute_removal(mixture, queries))
    averaged = np.mean(runs, axis=0)
    expected = np.array([np.sort(averaged)[0]] + [np.quantile(averaged, q / 100) for q in range(1, 100)])
    assert curve.shape == (100,) and curve.sum() == pytest.approx(1.0)
    np.testing.assert_allclose(curve, expected / expected.sum(), atol=1e-12)
    assert expected[-1] < averaged.max() and (np.diff(curve) >= 0).all()
    scaled = dc.distance_curve(7 * mixture + 3, 7 * component + 3, rng=np.random.default_rng(1), repetitions=3)
    np.testing.assert_allclose(scaled, curve, atol=1e-9)  # free of the transform's scale and offset


def test_synthetic_mixtures_follow_the_authors_recipe():
    sizes, thetas = [], []
    for i in range(200):
        mixture, component, theta = dc.synthetic_mixture(np.random.default_rng(i))
        assert ((mixture > 0) & (mixture < 1)).all() and ((component > 0) & (component < 1)).all()
        sizes.append((mixture.size, component.size))
        thetas.append(theta)
    sizes = np.array(sizes)
    assert sizes[:, 0].min() >= 1000 and sizes[:, 0].max() <= 10_000
    assert sizes[:, 1].min() >= 100 and sizes[:, 1].max() <= 5000
    assert 0.0 <= min(thetas) < 0.1 and max(thetas) > 0.9


def test_separation_is_yangs_distance_of_two_betas():
    """2·TV/(1 + TV) against a brute-force quadrature of Yang et al. (2019) Eq. 7 (p = 1)."""
    from scipy.integrate import quad
    from scipy.stats import beta

    for a0, b0, a1, b1 in [(2, 5, 3, 5), (20, 60, 35, 70), (5, 5, 5, 5), (2, 2, 150, 1500)]:
        f0, f1 = beta(a0, b0).pdf, beta(a1, b1).pdf
        points = np.linspace(0, 1, 400)
        plus = sum(quad(lambda x: max(f0(x) - f1(x), 0.0), lo, hi)[0] for lo, hi in zip(points, points[1:]))
        minus = sum(quad(lambda x: max(f1(x) - f0(x), 0.0), lo, hi)[0] for lo, hi in zip(points, points[1:]))
        top = sum(quad(lambda x: max(f0(x), f1(x)), lo, hi)[0] for lo, hi in zip(points, points[1:]))
        assert dc.separation(a0, b0, a1, b1) == pytest.approx((plus + minus) / top, abs=2e-3)
    assert dc.separation(5, 5, 5, 5) == 0.0 and dc.separation(2, 2, 150, 1500) > 0.98


def test_training_pairs_are_balanced_over_separation_bins():
    pairs = dc.balanced_pairs(2000, np.random.default_rng(3))
    assert len(pairs) == 200  # 10 mixtures per pair
    bins = np.minimum((np.array([dc.separation(*p) for p in pairs]) * 100).astype(int), 99)
    assert np.bincount(bins, minlength=100).max() == 2  # capacity 2000/100 = 20 mixtures = 2 pairs
    unbalanced = np.array([dc.separation(*dc.beta_pair(np.random.default_rng(i))) for i in range(200)])
    assert np.bincount(bins, minlength=100).min() >= 1  # every bin reached, though draws crowd some
    assert np.bincount(np.minimum((unbalanced * 100).astype(int), 99), minlength=100).max() > 2


@pytest.mark.parametrize("bad, message", [(dict(repetitions=0), "repetitions"),
                                          (dict(mixture=np.full(10, np.nan)), "finite"),
                                          (dict(mixture=np.zeros(10), component=np.zeros(5)), "every removal")])
def test_distance_curve_rejects_bad_input(bad, message):
    args = {"mixture": np.linspace(0, 1, 10), "component": np.linspace(0, 1, 5), "repetitions": 2, **bad}
    with pytest.raises(ValueError, match=message):
        dc.distance_curve(rng=np.random.default_rng(0), **args)


def test_regressor_is_stored_as_text_and_reloads(regressor):
    text = regressor.read_text()
    assert text.startswith("tree")
    curves, _ = dc.training_set(5, seed=99, repetitions=3)
    booster = dc.load_regressor(regressor)
    np.testing.assert_allclose(booster.predict(curves), dc.load_regressor(regressor).predict(curves))


def test_regressor_beats_the_mean_on_unseen_synthetic_mixtures(regressor):
    curves, thetas = dc.training_set(200, seed=123, repetitions=3)
    mae = np.abs(dc.load_regressor(regressor).predict(curves) - thetas).mean()
    assert mae < 0.6 * np.abs(thetas - thetas.mean()).mean()


@pytest.mark.parametrize("theta", [0.25, 0.6])
def test_distcurve_recovers_a_known_proportion(theta, regressor):
    rng = np.random.default_rng(5)
    n_mix, n_comp = 1500, 300
    n_pos = int(theta * n_mix)
    mixture = np.vstack([rng.normal(2, 1, (n_pos, 3)), rng.normal(-2, 1, (n_mix - n_pos, 3))])
    component = rng.normal(2, 1, (n_comp, 3))
    est = distcurve(mixture, component, seed=1, model=regressor, repetitions=3)
    assert est == pytest.approx(theta, abs=0.12)
