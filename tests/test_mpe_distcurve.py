import numpy as np
import pytest

from pueval.mpe import distance_curve as dc
from pueval.mpe import distcurve


def _brute_removal(mixture, queries):
    alive = list(np.sort(mixture))
    out = []
    for q in queries:
        k = int(np.argmin([abs(a - q) for a in alive]))
        out.append(abs(alive[k] - q))
        alive.pop(k)
    return np.array(out)


@pytest.mark.parametrize("seed", range(5))
def test_removal_distances_match_brute_force(seed):
    rng = np.random.default_rng(seed)
    mixture = np.round(rng.random(60), 2)  # ties included
    queries = np.round(rng.random(60), 2)
    ms = np.sort(mixture)
    fast = dc._removal_distances(ms, queries, np.searchsorted(ms, queries))
    np.testing.assert_allclose(fast, _brute_removal(mixture, queries), atol=1e-12)


def test_curve_is_normalized_and_scale_free():
    rng = np.random.default_rng(0)
    mixture, component = rng.normal(size=500), rng.normal(size=80)
    a = dc.distance_curve(mixture, component, rng=np.random.default_rng(1), repetitions=3)
    b = dc.distance_curve(7 * mixture + 3, 7 * component + 3, rng=np.random.default_rng(1), repetitions=3)
    assert a.shape == (100,) and a.sum() == pytest.approx(1.0)
    np.testing.assert_allclose(a, b, atol=1e-12)
    assert a[-10:].mean() > a[:10].mean()  # distances grow as the near points are used up


@pytest.fixture(scope="module")
def regressor(tmp_path_factory):
    curves, thetas = dc.training_set(600, seed=4, repetitions=3)
    path = tmp_path_factory.mktemp("dc") / "model.txt"
    dc.save_regressor(dc.train_regressor(curves, thetas, seed=4, rounds=200), path)
    return path


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
